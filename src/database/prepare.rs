//! A game made ready to store (in the reading threads): its tags as columns, its record as
//! Qipu JSON, its line key and the rows of its positions and material.

use std::collections::HashSet;

use crate::ecco::EccoTable;
use crate::ending::Outcome;
use crate::record::{Game, NodeId, TagKey};

use super::keys::{line_key, material_signature, move_code, stored_hash};

/// The tags the database searches by, as columns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameTags {
    /// 紅方.
    pub red: Option<String>,
    /// 黑方.
    pub black: Option<String>,
    /// 賽事.
    pub event: Option<String>,
    /// 地點.
    pub site: Option<String>,
    /// 輪次.
    pub round: Option<String>,
    /// The date as written.
    pub date: Option<String>,
    /// The date as `yyyymmdd`, unknown parts 0; `None` without a year.
    pub date_key: Option<i64>,
    /// 1 Red won, 0 a draw, -1 Black won, 2 both forfeited; `None` unknown.
    pub result: Option<i64>,
    /// The ECCO code.
    pub ecco: Option<String>,
    /// The opening (and its variation) by name.
    pub opening: Option<String>,
    /// Red's rating.
    pub red_elo: Option<i64>,
    /// Black's rating.
    pub black_elo: Option<i64>,
}

/// A game ready to store.
#[derive(Clone, Debug)]
pub struct PreparedGame {
    /// Its number in its file, from 1.
    pub number: usize,
    /// Its tags.
    pub tags: GameTags,
    /// Main-line moves.
    pub plies: i64,
    /// Whether Black moves first (a start position with Black to move).
    pub black_first: bool,
    /// The key of its start and main line ([`line_key`]).
    pub line_key: i64,
    /// The full record, Qipu JSON (compact).
    pub record: String,
    /// Main-line positions, each at its first ply: (hash, ply, next move's code or -1).
    pub positions: Vec<(i64, i64, i64)>,
    /// Positions of the variations not on the main line, each at its first ply: (hash, ply).
    pub variations: Vec<(i64, i64)>,
    /// Each material signature of the main line at the ply it first stands: (signature, ply).
    pub material: Vec<(i64, i64)>,
}

fn tag(game: &Game, key: TagKey) -> Option<String> {
    game.tags()
        .get(&key)
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "?")
        .map(str::to_owned)
}

/// `yyyymmdd` from a date as written (`1990.05.12`, `1990.??.??`, `1985年3月`, `2001-2-3`):
/// the first four-digit number is the year, the next numbers month and day.
pub fn date_key(date: &str) -> Option<i64> {
    let mut numbers = date
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty());
    let year: i64 = numbers.find(|s| s.len() == 4)?.parse().ok()?;
    let month: i64 = numbers.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let day: i64 = numbers.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let month = if (1..=12).contains(&month) { month } else { 0 };
    let day = if month > 0 && (1..=31).contains(&day) {
        day
    } else {
        0
    };
    Some(year * 10_000 + month * 100 + day)
}

/// The `yyyymmdd` bound of a date range from a date as written (`yyyy[.mm[.dd]]`): unknown
/// parts are 0 for the start of a range (`end` false) and 99 for its end, so that `1990` runs
/// from 19900000 to 19909999. `None` without a four-digit year.
pub fn date_bound(text: &str, end: bool) -> Option<i64> {
    let key = date_key(text)?;
    if !end {
        return Some(key);
    }
    let (year, month, day) = (key / 10_000, key / 100 % 100, key % 100);
    let month_end = if month == 0 { 99 } else { month };
    let day_end = if day == 0 { 99 } else { day };
    Some(year * 10_000 + month_end * 100 + day_end)
}

/// The result as stored: 1 Red won, 0 a draw, -1 Black won, 2 both forfeited; `None` unknown.
pub fn result_code(result: Option<Outcome>) -> Option<i64> {
    Some(match result? {
        Outcome::RedWins => 1,
        Outcome::Draw => 0,
        Outcome::BlackWins => -1,
        Outcome::BothForfeit => 2,
    })
}

/// The result a stored code stands for.
pub fn code_result(code: Option<i64>) -> Option<Outcome> {
    match code? {
        1 => Some(Outcome::RedWins),
        0 => Some(Outcome::Draw),
        -1 => Some(Outcome::BlackWins),
        2 => Some(Outcome::BothForfeit),
        _ => None,
    }
}

/// The tags of a game as columns. A game without an `[ECCO]` tag takes the code (and, without
/// an `[Opening]` tag, the name) of its opening by the shipped table, and a game with a code but
/// no name takes the code's name ([`EccoTable::opening_of`]), so a search by opening finds it too.
pub fn game_tags(game: &Game) -> GameTags {
    let mut opening = match (tag(game, TagKey::Opening), tag(game, TagKey::Variation)) {
        (Some(o), Some(v)) => Some(format!("{o} {v}")),
        (o, v) => o.or(v),
    };
    let mut ecco = tag(game, TagKey::Ecco);
    if let Some(found) = EccoTable::builtin().opening_of(game) {
        opening = opening.or(found.name);
        ecco = ecco.or(Some(found.code));
    }
    let date = tag(game, TagKey::Date);
    GameTags {
        red: tag(game, TagKey::Red),
        black: tag(game, TagKey::Black),
        event: tag(game, TagKey::Event),
        site: tag(game, TagKey::Site),
        round: tag(game, TagKey::Round),
        date_key: date.as_deref().and_then(date_key),
        date,
        result: result_code(game.result()),
        ecco,
        opening,
        red_elo: tag(game, TagKey::RedElo).and_then(|e| e.parse().ok()),
        black_elo: tag(game, TagKey::BlackElo).and_then(|e| e.parse().ok()),
    }
}

/// Prepare a game; `variations` adds the positions of its variations.
pub fn prepare(game: &Game, number: usize, variations: bool) -> PreparedGame {
    let main = game.main_line();
    let next_code = |node: NodeId| {
        game.children(node)
            .first()
            .and_then(|&c| game.move_of(c))
            .map_or(-1, move_code)
    };
    let mut seen = HashSet::with_capacity(main.len() + 1);
    let mut positions = Vec::with_capacity(main.len() + 1);
    let mut material = Vec::new();
    let mut last_sig = None;
    for (ply, node) in std::iter::once(game.root())
        .chain(main.iter().copied())
        .enumerate()
    {
        let position = game.position(node);
        let hash = stored_hash(position);
        if seen.insert(hash) {
            positions.push((hash, ply as i64, next_code(node)));
        }
        let sig = material_signature(position);
        if last_sig != Some(sig) {
            last_sig = Some(sig);
            if !material.iter().any(|&(s, _)| s == sig) {
                material.push((sig, ply as i64));
            }
        }
    }
    let mut variation_rows = Vec::new();
    if variations {
        let mut stack: Vec<(NodeId, i64, bool)> = vec![(game.root(), 0, true)];
        while let Some((node, ply, on_main)) = stack.pop() {
            if !on_main {
                let hash = stored_hash(game.position(node));
                if seen.insert(hash) {
                    variation_rows.push((hash, ply));
                }
            }
            for (i, &child) in game.children(node).iter().enumerate() {
                stack.push((child, ply + 1, on_main && i == 0));
            }
        }
    }
    PreparedGame {
        number,
        tags: game_tags(game),
        plies: main.len() as i64,
        black_first: game.start().side_to_move() == crate::rules::Color::Black,
        line_key: line_key(game.start(), main.iter().filter_map(|&n| game.move_of(n))),
        // The Qipu JSON record without the layout's white space (a third of its size).
        record: serde_json::to_string(game)
            .expect("a game always serialises: string keys, no maps"),
        positions,
        variations: variation_rows,
        material,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::read_pgn_text;

    #[test]
    fn dates_as_written_become_keys() {
        assert_eq!(date_key("1990.05.12"), Some(19900512));
        assert_eq!(date_key("1990.??.??"), Some(19900000));
        assert_eq!(date_key("1985年3月"), Some(19850300));
        assert_eq!(date_key("第3届 2001-2-3"), Some(20010203));
        assert_eq!(date_key("??"), None);
    }

    #[test]
    fn a_repeated_position_is_stored_at_its_first_ply() {
        let text = "[Red \"甲\"]\n[Result \"1/2-1/2\"]\n1. h2e2 h9g7 2. e2h2 g7h9 3. h2e2 *\n";
        let game = read_pgn_text(text).next().unwrap().unwrap();
        let p = prepare(&game, 1, false);
        assert_eq!(p.plies, 5);
        // The start and the position after 1. h2e2 come back at plies 4 and 5.
        assert_eq!(p.positions.len(), 4);
        assert_eq!(p.positions[0].1, 0);
        assert_eq!(
            p.positions[0].2,
            move_code(game.move_of(game.main_line()[0]).unwrap())
        );
        assert_eq!(p.tags.result, Some(0));
        assert_eq!(p.material.len(), 1);
    }
}
