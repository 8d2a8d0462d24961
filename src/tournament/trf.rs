//! The FIDE Tournament Report File: written for other pairing programs and federations, and
//! read back. The player records are the fixed columns of the FIDE layout (TRF16, kept by later
//! editions): `001`, start rank (cols 5–8), name (15–47), rating (49–52), points (81–84), rank
//! (86–89), and for each round from col 92 a block of ten: opponent's start rank (4 wide, `0000`
//! for none), colour (`w` = red, who moves first; `b` = black; `-` none), result (`1 = 0`, `+ -`
//! for forfeits, `U` a bye with the bye score, `Z` a bye with none; blank: not paired). A double
//! forfeit is `-` for both. Header lines: `012` name, `062` players, `092` the system (Qipu's name), `XXR` rounds;
//! team events add one `013` line per team (name in cols 5–36, then its players' start ranks).

use super::event::{Event, Game, Match, Player, Round, Settings, Stage, System};
use super::record::Rounds;
use super::result::BoardResult;
use super::standings::standings;
use crate::rules::Color;

/// Write the event as a TRF.
pub fn write(event: &Event) -> String {
    let mut out = String::new();
    out.push_str(&format!("012 {}\n", event.name));
    out.push_str(&format!("062 {}\n", event.players.len()));
    out.push_str(&format!("092 {}\n", event.settings.system.name()));
    let rounds = event.settings.rounds.unwrap_or(event.rounds.len() as u32);
    out.push_str(&format!("XXR {}\n", rounds.max(event.rounds.len() as u32)));
    let table = if event.is_team_event() {
        Vec::new()
    } else {
        standings(event, Rounds::All, None)
    };
    for (id, p) in event.players.iter().enumerate() {
        let line = table.iter().find(|s| s.entrant == id);
        let points: u32 = event.rounds.iter().map(|r| points_in(event, r, id)).sum();
        let mut rec = format!(
            "001 {:>4}      {:<33} {:>4} {:<3} {:>11} {:>10} {:>4} {:>4}",
            id + 1,
            truncate(&p.name, 33),
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            "",
            p.registration
                .chars()
                .filter(char::is_ascii_digit)
                .take(11)
                .collect::<String>(),
            "",
            format!("{:.1}", f64::from(points) / 2.0),
            line.map(|s| s.rank).unwrap_or(0),
        );
        for r in &event.rounds {
            rec.push_str("  ");
            rec.push_str(&block(event, r, id));
        }
        out.push_str(rec.trim_end());
        out.push('\n');
    }
    if event.is_team_event() {
        for t in event.teams() {
            let mut line = format!("013 {:<32}", truncate(&t.name, 32));
            for m in t.members {
                line.push_str(&format!(" {:>4}", m + 1));
            }
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

fn points_in(event: &Event, round: &Round, player: usize) -> u32 {
    if let Some(g) = round.games().find(|g| g.colour_of(player).is_some()) {
        let c = g.colour_of(player).unwrap_or(Color::Red);
        return g.result.map_or(0, |r| r.half_points(c));
    }
    if round.bye == Some(event.entrant_of(player))
        && !event.is_team_event()
        && event.settings.system == System::Swiss
    {
        return event.settings.bye_half_points;
    }
    0
}

fn block(event: &Event, round: &Round, player: usize) -> String {
    if let Some(g) = round.games().find(|g| g.colour_of(player).is_some()) {
        let c = g.colour_of(player).unwrap_or(Color::Red);
        let opp = g.player(c.opponent());
        let colour = if c == Color::Red { 'w' } else { 'b' };
        let result = match g.result {
            None => ' ',
            Some(r) if r.played() => match r.half_points(c) {
                2 => '1',
                1 => '=',
                _ => '0',
            },
            Some(r) => {
                if r.half_points(c) == 2 {
                    '+'
                } else {
                    '-'
                }
            }
        };
        return format!("{:>4} {colour} {result}", opp + 1);
    }
    if !event.is_team_event() && round.bye == Some(player) {
        let code = if event.settings.system == System::Swiss && event.settings.bye_half_points > 0 {
            'U'
        } else {
            'Z'
        };
        return format!("0000 - {code}");
    }
    " ".repeat(8)
}

/// A TRF line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {reason}")]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

/// A player record: its line, the player, and each round's block with its column.
type PlayerLine = (usize, Player, Vec<(usize, String)>);

/// Read a TRF (an individual event): players, and the rounds with their pairings and results.
/// Boards are numbered in the order of their red players' start ranks; which board a game was
/// on is not in the file.
pub fn read(text: &str) -> Result<Event, TrfError> {
    let mut settings = Settings::default();
    let mut name = String::new();
    let mut players: Vec<PlayerLine> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let err = |column: usize, reason: &str| TrfError {
            line: number,
            column,
            reason: reason.to_owned(),
        };
        let chars: Vec<char> = line.chars().collect();
        let field = |a: usize, b: usize| -> String {
            chars
                .get(a - 1..b.min(chars.len()))
                .map(|s| s.iter().collect::<String>())
                .unwrap_or_default()
                .trim()
                .to_owned()
        };
        match chars
            .get(..3)
            .map(|c| c.iter().collect::<String>())
            .as_deref()
        {
            Some("012") => name = field(5, chars.len()),
            Some("092") => {
                if let Some(s) = System::from_name(&field(5, chars.len())) {
                    settings.system = s;
                }
            }
            Some("XXR") => {
                settings.rounds = Some(
                    field(5, chars.len())
                        .parse()
                        .map_err(|_| err(5, "the number of rounds is not a number"))?,
                )
            }
            Some("001") => {
                let rank: usize = field(5, 8)
                    .parse()
                    .map_err(|_| err(5, "the start rank is not a number"))?;
                if rank != players.len() + 1 {
                    return Err(err(5, &format!("start rank {rank} out of order")));
                }
                let rating = field(49, 52);
                let player = Player {
                    name: field(15, 47),
                    rating: if rating.is_empty() {
                        None
                    } else {
                        Some(
                            rating
                                .parse()
                                .map_err(|_| err(49, "the rating is not a number"))?,
                        )
                    },
                    registration: field(58, 68),
                    ..Player::default()
                };
                let mut blocks = Vec::new();
                let mut col = 92;
                while col <= chars.len() {
                    blocks.push((col, field(col, col + 7)));
                    col += 10;
                }
                players.push((number, player, blocks));
            }
            _ => {}
        }
    }
    let mut event = Event::new(&name, settings);
    event.players = players.iter().map(|p| p.1.clone()).collect();
    let rounds = players.iter().map(|p| p.2.len()).max().unwrap_or(0);
    for r in 0..rounds {
        let mut games: Vec<Game> = Vec::new();
        let mut bye = None;
        for (id, (line, _, blocks)) in players.iter().enumerate() {
            let Some((col, b)) = blocks.get(r) else {
                continue;
            };
            let err = |reason: String| TrfError {
                line: *line,
                column: *col,
                reason,
            };
            let parts: Vec<&str> = b.split_whitespace().collect();
            if parts.is_empty() {
                continue;
            }
            let opp: usize = parts
                .first()
                .and_then(|o| o.parse().ok())
                .ok_or_else(|| err(format!("round {}: no opponent number", r + 1)))?;
            if opp == 0 {
                if matches!(parts.get(2), Some(&("U" | "F" | "H" | "Z"))) {
                    bye = Some(id);
                }
                continue;
            }
            if opp > players.len() || opp - 1 == id {
                return Err(err(format!("round {}: no player {opp}", r + 1)));
            }
            if parts.get(1) != Some(&"w") {
                continue;
            }
            let mine = parts.get(2).copied().unwrap_or("");
            let result = match mine {
                "1" => Some(BoardResult::RedWins),
                "0" => Some(BoardResult::BlackWins),
                "=" => Some(BoardResult::Draw),
                "+" => Some(BoardResult::RedForfeitWin),
                "-" => {
                    let theirs = players[opp - 1]
                        .2
                        .get(r)
                        .map(|b| b.1.clone())
                        .unwrap_or_default();
                    if theirs.ends_with('-') {
                        Some(BoardResult::DoubleForfeit)
                    } else {
                        Some(BoardResult::BlackForfeitWin)
                    }
                }
                "" => None,
                other => return Err(err(format!("round {}: unknown result '{other}'", r + 1))),
            };
            games.push(Game {
                result,
                ..Game::new(0, id, opp - 1)
            });
        }
        let matches = games
            .into_iter()
            .enumerate()
            .map(|(i, mut g)| {
                g.board = i as u32 + 1;
                Match {
                    first: g.red,
                    second: g.black,
                    games: vec![g],
                }
            })
            .collect();
        event.rounds.push(Round {
            number: r as u32 + 1,
            stage: Stage::Main,
            matches,
            bye,
        });
    }
    Ok(event)
}
