//! Searches: by position (exact, optionally its mirror and variations), by material, by tags,
//! combined; and the opening tree of a position.

use std::collections::HashMap;

use crate::ending::Outcome;
use crate::rules::{Color, Move, Position};

use super::backend::Value;
use super::fold::fold_name;
use super::keys::{code_move, mirror, stored_hash};
use super::material::MaterialQuery;
use super::prepare::{code_result, result_code};
use super::schema::TREE_PLIES;
use super::{Database, DbError};

/// What to look for. Every condition given must hold.
#[derive(Clone, Debug, Default)]
pub struct SearchQuery {
    /// The position on the board, side to move included.
    pub position: Option<Position>,
    /// Also the left–right mirror of `position`.
    pub mirror: bool,
    /// Also in variations (as far as the import indexed them).
    pub variations: bool,
    /// The pieces on the board at some ply.
    pub material: Option<MaterialQuery>,
    /// A player of either colour (part of the name, in either script: 胡荣华 finds 胡榮華).
    pub player: Option<String>,
    /// The player of Red (part of the name).
    pub red: Option<String>,
    /// The player of Black (part of the name).
    pub black: Option<String>,
    /// The event (part of its name, in either script).
    pub event: Option<String>,
    /// The result.
    pub result: Option<Outcome>,
    /// Played on or after this date (`yyyymmdd`, 0 for unknown parts).
    pub date_from: Option<i64>,
    /// Played on or before this date (`yyyymmdd`, 99 for unknown parts).
    pub date_to: Option<i64>,
    /// The ECCO code (a prefix: `C4`) or part of the opening's name.
    pub opening: Option<String>,
    /// At most this many games.
    pub limit: Option<u64>,
}

/// A game found.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// Its id in the database.
    pub id: i64,
    /// 紅方.
    pub red: String,
    /// 黑方.
    pub black: String,
    /// 賽事.
    pub event: String,
    /// The date as written.
    pub date: String,
    /// The result; `None` when not known.
    pub result: Option<Outcome>,
    /// The opening as the list shows it, `C02 中炮七路马对屏风马`: its ECCO code and name (from
    /// the game's tags or, without them, the shipped table's classification when imported).
    pub opening: String,
    /// The first ply at which the position (or the material) stands; 0 without one.
    pub ply: i64,
    /// The file it came from.
    pub file: String,
    /// Its number in that file, from 1.
    pub number: i64,
}

impl Found {
    /// The result as PGN writes it (`*` when not known).
    pub fn result_token(&self) -> &'static str {
        self.result.map_or("*", Outcome::pgn)
    }

    /// The source as `FILE#N`.
    pub fn source(&self) -> String {
        format!("{}#{}", self.file, self.number)
    }
}

/// One move of an opening tree.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeMove {
    /// The move.
    pub mv: Move,
    /// Games in which it was played from the position (at the position's first occurrence).
    pub games: u64,
    /// Of those, won by Red.
    pub red_wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Won by Black.
    pub black_wins: u64,
    /// The average rating of the players who played it, where known.
    pub average_rating: Option<f64>,
}

/// `%text%` for `LIKE … ESCAPE '\\'`, the text as it is.
fn contains_pattern(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// `%text%` in lower case, for a column compared in lower case.
fn like_pattern(text: &str) -> String {
    contains_pattern(&text.to_lowercase())
}

/// The pattern of part of a name, folded as the names are ([`fold_name`]): either script finds
/// both.
fn name_pattern(text: &str) -> Value {
    contains_pattern(&fold_name(text)).into()
}

const NAME_MATCH: &str = "(SELECT id FROM name WHERE folded LIKE ? ESCAPE '\\')";

/// The tag conditions as ` AND …` on the game table `g`, and their parameters.
fn tag_conditions(q: &SearchQuery) -> (String, Vec<Value>) {
    let mut sql = String::new();
    let mut params = Vec::new();
    if let Some(p) = &q.player {
        sql.push_str(&format!(
            " AND (g.red IN {NAME_MATCH} OR g.black IN {NAME_MATCH})"
        ));
        params.push(name_pattern(p));
        params.push(name_pattern(p));
    }
    for (column, value) in [("red", &q.red), ("black", &q.black), ("event", &q.event)] {
        if let Some(v) = value {
            sql.push_str(&format!(" AND g.{column} IN {NAME_MATCH}"));
            params.push(name_pattern(v));
        }
    }
    if let Some(result) = q.result {
        sql.push_str(" AND g.result = ?");
        params.push(result_code(Some(result)).into());
    }
    if let Some(from) = q.date_from {
        sql.push_str(" AND g.date_key >= ?");
        params.push(from.into());
    }
    if let Some(to) = q.date_to {
        sql.push_str(" AND g.date_key <= ?");
        params.push(to.into());
    }
    if let Some(o) = &q.opening {
        sql.push_str(
            " AND (LOWER(g.ecco) LIKE ? ESCAPE '\\' OR LOWER(g.opening) LIKE ? ESCAPE '\\')",
        );
        let prefix = like_pattern(o);
        params.push(prefix[1..].to_owned().into());
        params.push(prefix.into());
    }
    (sql, params)
}

impl Database {
    /// The games matching the query: with a position or a material, those reached earliest
    /// first (by ply, then import order); otherwise in import order. Duplicates are not listed
    /// (their original is).
    pub fn search(&mut self, q: &SearchQuery) -> Result<Vec<Found>, DbError> {
        if q.position.is_some() && q.material.is_some() {
            return Err(DbError::BadQuery(
                "a position and a material cannot be searched together: the position fixes \
                 the material"
                    .to_owned(),
            ));
        }
        let limit = q.limit.map_or(i64::MAX, |l| l.min(i64::MAX as u64) as i64);
        let (tags, tag_params) = tag_conditions(q);
        let mut hits: Vec<(i64, i64)> = Vec::new();
        if let Some(position) = &q.position {
            let mut hashes = vec![stored_hash(position)];
            if q.mirror {
                let m = stored_hash(&mirror(position));
                if m != hashes[0] {
                    hashes.push(m);
                }
            }
            let mut tables = vec!["position"];
            if q.variations {
                tables.push("variation_position");
            }
            let mut best: HashMap<i64, i64> = HashMap::new();
            for table in tables {
                for &hash in &hashes {
                    let sql = format!(
                        "SELECT p.game, p.ply FROM {table} p JOIN game g ON g.id = p.game \
                         WHERE p.hash = ?{tags} ORDER BY p.ply, p.game LIMIT ?"
                    );
                    let mut params = vec![hash.into()];
                    params.extend(tag_params.iter().cloned());
                    params.push(limit.into());
                    for row in self.backend.query(&sql, &params)? {
                        if let (Some(game), Some(ply)) = (row[0].int(), row[1].int()) {
                            let entry = best.entry(game).or_insert(ply);
                            *entry = (*entry).min(ply);
                        }
                    }
                }
            }
            hits = best.into_iter().map(|(g, p)| (p, g)).collect();
            hits.sort_unstable();
            hits.truncate(limit as usize);
            hits = hits.into_iter().map(|(p, g)| (g, p)).collect();
        } else if let Some(m) = &q.material {
            let sql = format!(
                "SELECT m.game, MIN(m.ply) FROM material m JOIN game g ON g.id = m.game \
                 WHERE m.sig >= ? AND m.sig <= ? AND (m.sig & ?) = ?{tags} \
                 GROUP BY m.game ORDER BY MIN(m.ply), m.game LIMIT ?"
            );
            let mut params = vec![m.low.into(), m.high.into(), m.mask.into(), m.value.into()];
            params.extend(tag_params);
            params.push(limit.into());
            for row in self.backend.query(&sql, &params)? {
                if let (Some(game), Some(ply)) = (row[0].int(), row[1].int()) {
                    hits.push((game, ply));
                }
            }
        } else {
            let sql = format!(
                "SELECT g.id FROM game g WHERE g.duplicate_of IS NULL{tags} ORDER BY g.id LIMIT ?"
            );
            let mut params = tag_params;
            params.push(limit.into());
            for row in self.backend.query(&sql, &params)? {
                if let Some(game) = row[0].int() {
                    hits.push((game, 0));
                }
            }
        }
        self.describe(&hits)
    }

    /// The tags and source of these games, in the order given.
    fn describe(&mut self, hits: &[(i64, i64)]) -> Result<Vec<Found>, DbError> {
        let mut by_id: HashMap<i64, Found> = HashMap::with_capacity(hits.len());
        for chunk in hits.chunks(500) {
            let sql = format!(
                "SELECT g.id, rn.text, bn.text, en.text, g.date, g.result, g.ecco, g.opening, \
                 f.path, g.number FROM game g LEFT JOIN name rn ON rn.id = g.red \
                 LEFT JOIN name bn ON bn.id = g.black LEFT JOIN name en ON en.id = g.event \
                 JOIN source_file f ON f.id = g.file WHERE g.id IN ({})",
                vec!["?"; chunk.len()].join(",")
            );
            let params: Vec<Value> = chunk.iter().map(|&(g, _)| g.into()).collect();
            for row in self.backend.query(&sql, &params)? {
                let mut row = row.into_iter();
                let mut next = || row.next().unwrap_or(Value::Int(None));
                let id = next().int().unwrap_or(0);
                let (red, black, event, date) = (
                    next().into_text(),
                    next().into_text(),
                    next().into_text(),
                    next().into_text(),
                );
                let result = code_result(next().int());
                let (ecco, name) = (next().into_text(), next().into_text());
                let opening = [ecco, name]
                    .into_iter()
                    .filter(|t| !t.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ");
                let file = next().into_text();
                let number = next().int().unwrap_or(0);
                by_id.insert(
                    id,
                    Found {
                        id,
                        red,
                        black,
                        event,
                        date,
                        result,
                        opening,
                        ply: 0,
                        file,
                        number,
                    },
                );
            }
        }
        Ok(hits
            .iter()
            .filter_map(|&(id, ply)| {
                by_id.remove(&id).map(|mut f| {
                    f.ply = ply;
                    f
                })
            })
            .collect())
    }

    /// The opening tree of a position: every move played from it in the main lines, most
    /// played first. A game counts once, for the move played where the position first stood.
    pub fn tree(&mut self, position: &Position) -> Result<Vec<TreeMove>, DbError> {
        let hash = stored_hash(position);
        let mut counts: HashMap<i64, [i64; 6]> = HashMap::new();
        let rows = self.backend.query(
            "SELECT move, games, red_wins, draws, black_wins, rated, rating_sum FROM opening \
             WHERE hash = ?",
            &[hash.into()],
        )?;
        for row in rows {
            let v: Vec<i64> = row.iter().map(|x| x.int().unwrap_or(0)).collect();
            let c = counts.entry(v[0]).or_default();
            for i in 0..6 {
                c[i] += v[i + 1];
            }
        }
        let rating = match position.side_to_move() {
            Color::Red => "g.red_elo",
            Color::Black => "g.black_elo",
        };
        let rows = self.backend.query(
            &format!(
                "SELECT p.next, g.result, {rating} FROM position p JOIN game g ON g.id = p.game \
                 WHERE p.hash = ? AND p.ply >= ? AND p.next >= 0"
            ),
            &[hash.into(), TREE_PLIES.into()],
        )?;
        for row in rows {
            let Some(mv) = row[0].int() else { continue };
            let c = counts.entry(mv).or_default();
            c[0] += 1;
            match row[1].int() {
                Some(1) => c[1] += 1,
                Some(0) => c[2] += 1,
                Some(-1) => c[3] += 1,
                _ => {}
            }
            if let Some(r) = row[2].int() {
                c[4] += 1;
                c[5] += r;
            }
        }
        let mut out: Vec<TreeMove> = counts
            .into_iter()
            .filter_map(|(code, c)| {
                Some(TreeMove {
                    mv: code_move(code)?,
                    games: c[0] as u64,
                    red_wins: c[1] as u64,
                    draws: c[2] as u64,
                    black_wins: c[3] as u64,
                    average_rating: (c[4] > 0).then(|| c[5] as f64 / c[4] as f64),
                })
            })
            .collect();
        out.sort_by(|a, b| b.games.cmp(&a.games).then(a.mv.cmp(&b.mv)));
        Ok(out)
    }
}
