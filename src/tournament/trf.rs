//! The FIDE Tournament Report File, TRF-2026 (FIDE Handbook, approved 2025): written for other
//! pairing programs and federations, and read back. Every line ends with a carriage return and
//! a line feed.
//!
//! - Header: `012` name, `062` players, `082` teams (a team event), `092` the system (Qipu's
//!   name), `142` rounds (the earlier `XXR` is read as well), `152` the colour of the top-ranked
//!   player paired in round 1 (`W` red, `B` black), `162` the bye's points when they are not
//!   the full point of a pairing-allocated bye (`P`), `202` and `212` the tie-breaks by their
//!   FIDE codes (15.1: `SB,WIN,DE`; 15.2: `BH,WIN`; 犯規 has no code and is not listed),
//!   `352` the colours by board of the team listed first (13.2: `WBWB…`).
//! - Player records `001`: start rank (cols 5–8), name (15–47), rating (49–52), registration
//!   number (58–68), points (81–84), rank (86–89), and for each round from col 92 a block of
//!   ten: opponent's start rank (4 wide, `0000` for none), colour (`w` = red, who moves first;
//!   `b` = black; `-` none), result (`1 = 0`, `+ -` for forfeits, `U` a bye with the bye score,
//!   `Z` a bye with none; blank: not paired). A double forfeit is `-` for both.
//! - Team events: one `310` record a team (pairing number, name, match points, game points,
//!   rank, its players' start ranks in board order), a `300` record for every team that played
//!   a round in another order than its first players (12.2, 12.3), a `330` record for every
//!   match lost by forfeit on all boards (21.4). All three are read back (a team's bye is not
//!   written: the team without a match in a round has it).

use super::board_result::BoardResult;
use super::event::{Event, EventSettings, Match, Pairing, Player, Round, Stage, System};
use super::history::Rounds;
use super::standings::standings;
use super::teams::{colour_on_board, squad};
use crate::rules::Color;

/// The end of every line (TRF-2026, remark 1).
const EOL: &str = "\r\n";

/// Write the event as a TRF.
pub fn write(event: &Event) -> String {
    let mut lines: Vec<String> = vec![
        format!("012 {}", event.name),
        format!("062 {}", event.players.len()),
    ];
    let team = event.is_team_event();
    if team {
        lines.push(format!("082 {}", event.teams().len()));
    }
    lines.push(format!("092 {}", event.settings.system.name()));
    let rounds = event.settings.rounds.unwrap_or(event.rounds.len() as u32);
    lines.push(format!("142 {}", rounds.max(event.rounds.len() as u32)));
    if let Some(colour) = initial_colour(event) {
        lines.push(format!("152 {colour}"));
    }
    let bye = event.settings.bye_half_points;
    if event.settings.system == System::Swiss && bye != 2 {
        lines.push(format!("162  P {:>4}", points(bye)));
    }
    if !team {
        let codes = if event.settings.system.is_round_robin() {
            "SB,WIN,DE"
        } else {
            "BH,WIN"
        };
        lines.push(format!("202 {codes}"));
        lines.push(format!("212 PTS,{codes}"));
    }
    if let Some(boards) = event.settings.team_boards {
        let colours: String = (1..=boards)
            .map(|b| match colour_on_board(true, b) {
                Color::Red => 'W',
                Color::Black => 'B',
            })
            .collect();
        lines.push(format!("352 {colours}"));
    }
    let table = if team {
        Vec::new()
    } else {
        standings(event, Rounds::All, None)
    };
    for (id, p) in event.players.iter().enumerate() {
        let line = table.iter().find(|s| s.entrant == id);
        let total: u32 = event.rounds.iter().map(|r| points_in(event, r, id)).sum();
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
            points(total),
            line.map(|s| s.rank).unwrap_or(0),
        );
        for r in &event.rounds {
            rec.push_str("  ");
            rec.push_str(&block(event, r, id));
        }
        lines.push(rec.trim_end().to_owned());
    }
    if team {
        team_records(event, &mut lines);
    }
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push_str(EOL);
    }
    out
}

/// Half points as TRF points: `1.5`.
fn points(half: u32) -> String {
    format!("{:.1}", f64::from(half) / 2.0)
}

/// `W` or `B`: the colour of the top-ranked player paired in round 1.
fn initial_colour(event: &Event) -> Option<char> {
    let first = event.rounds.first()?;
    let top = first.games().min_by_key(|g| g.red.min(g.black))?;
    Some(if top.red < top.black { 'W' } else { 'B' })
}

/// The `310`, `300` and `330` records of a team event.
fn team_records(event: &Event, lines: &mut Vec<String>) {
    let teams = event.teams();
    let table = standings(event, Rounds::All, None);
    for (t, team) in teams.iter().enumerate() {
        let line = table.iter().find(|s| s.entrant == t);
        let half = |v: Option<f64>| v.map_or_else(String::new, |x| format!("{x:.1}"));
        let mut rec = format!(
            "310 {:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  ",
            t + 1,
            truncate(&team.name, 32),
            "",
            "",
            half(line.and_then(|s| s.match_points)),
            half(line.and_then(|s| s.game_points)),
            line.map_or(0, |s| s.rank),
        );
        let members: Vec<String> = team
            .members
            .iter()
            .map(|m| format!("{:>4}", m + 1))
            .collect();
        rec.push_str(&members.join(" "));
        lines.push(rec.trim_end().to_owned());
    }
    let boards = event.settings.team_boards.unwrap_or(1) as usize;
    for r in &event.rounds {
        for m in &r.matches {
            for (t, opp, first) in [(m.first, m.second, true), (m.second, m.first, false)] {
                let fielded: Vec<usize> = m
                    .games
                    .iter()
                    .enumerate()
                    .map(|(k, g)| g.player(colour_on_board(first, k as u32 + 1)))
                    .collect();
                let default: Vec<usize> =
                    squad(event, t, r.number).into_iter().take(boards).collect();
                if fielded != default {
                    let ids: Vec<String> =
                        fielded.iter().map(|p| format!("{:>4}", p + 1)).collect();
                    lines.push(format!(
                        "300 {:>3} {:>3} {:>3} {}",
                        r.number,
                        t + 1,
                        opp + 1,
                        ids.join(" ")
                    ));
                }
            }
            if let Some(kind) = forfeited(m) {
                lines.push(format!(
                    "330 {kind} {:>3} {:>3} {:>3}",
                    r.number,
                    m.first + 1,
                    m.second + 1
                ));
            }
        }
    }
}

/// `+-`, `-+` or `--` for a team match forfeited on every board (the team listed first is
/// "white"), `None` for a match with a game played or a result missing.
fn forfeited(m: &Match) -> Option<&'static str> {
    let results: Vec<BoardResult> = m.games.iter().map(|g| g.result).collect::<Option<_>>()?;
    if results.is_empty() || results.iter().any(|r| r.played()) {
        return None;
    }
    if results.iter().all(|r| *r == BoardResult::DoubleForfeit) {
        return Some("--");
    }
    let first_won = m.games.iter().enumerate().all(|(k, g)| {
        g.result
            .is_some_and(|r| r.half_points(colour_on_board(true, k as u32 + 1)) == 2)
    });
    let second_won = m.games.iter().enumerate().all(|(k, g)| {
        g.result
            .is_some_and(|r| r.half_points(colour_on_board(false, k as u32 + 1)) == 2)
    });
    match (first_won, second_won) {
        (true, _) => Some("+-"),
        (_, true) => Some("-+"),
        _ => None,
    }
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

/// Read a TRF: players, and the rounds with their pairings and results. Boards are numbered in
/// the order of their red players' start ranks; which board a game was on is not in the file.
/// A team event (`310` records) is read with its teams, board colours (`352`), line-ups
/// (`300`) and forfeited matches (`330`): each round's games become team matches, board by
/// board, the matches in the order of the team listed first.
pub fn read(text: &str) -> Result<Event, TrfError> {
    let mut settings = EventSettings::default();
    let mut name = String::new();
    let mut players: Vec<PlayerLine> = Vec::new();
    let mut board_colours = None;
    let mut teams: Vec<TeamLine> = Vec::new();
    let mut lineups: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut forfeits: Vec<(usize, String, Vec<usize>)> = Vec::new();
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
            Some("142" | "XXR") => {
                settings.rounds = Some(
                    field(5, chars.len())
                        .parse()
                        .map_err(|_| err(5, "the number of rounds is not a number"))?,
                )
            }
            Some("352") => board_colours = Some((number, field(5, chars.len()))),
            Some("310") => {
                let pairing: usize = field(5, 7)
                    .parse()
                    .map_err(|_| err(5, "the team's pairing number is not a number"))?;
                let members = numbers(&field(74, chars.len()))
                    .ok_or_else(|| err(74, "the team's players are not start ranks"))?;
                teams.push(TeamLine {
                    line: number,
                    pairing,
                    name: field(9, 40),
                    members,
                });
            }
            Some("300") => {
                let figures = numbers(&field(5, chars.len()))
                    .filter(|f| f.len() > 3)
                    .ok_or_else(|| {
                        err(
                            5,
                            "a line-up needs the round, the team, its opponent and players",
                        )
                    })?;
                lineups.push((number, figures));
            }
            Some("330") => {
                let kind = field(5, 6);
                let figures = numbers(&field(8, chars.len()))
                    .filter(|f| f.len() == 3 && matches!(kind.as_str(), "+-" | "-+" | "--"))
                    .ok_or_else(|| {
                        err(
                            5,
                            "a forfeited match is '+-', '-+' or '--', the round and two teams",
                        )
                    })?;
                forfeits.push((number, kind, figures));
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
    let mut rounds_read = Vec::new();
    for r in 0..rounds {
        let mut games: Vec<Pairing> = Vec::new();
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
            games.push(Pairing {
                result,
                ..Pairing::new(0, id, opp - 1)
            });
        }
        rounds_read.push((games, bye));
    }
    if teams.is_empty() {
        for (r, (games, bye)) in rounds_read.into_iter().enumerate() {
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
        return Ok(event);
    }
    let team_records = TeamRecords {
        board_colours,
        teams,
        lineups,
        forfeits,
    };
    let player_lines: Vec<usize> = players.iter().map(|p| p.0).collect();
    team_records.apply(&mut event, &player_lines, rounds_read)?;
    Ok(event)
}

/// A `310` record: its line, the team's pairing number, name and players' start ranks.
struct TeamLine {
    line: usize,
    pairing: usize,
    name: String,
    members: Vec<usize>,
}

/// The team records of a TRF: `352`, `310`, `300` (round, team, opponent, players) and `330`
/// (kind, round, the two teams), each with its line.
struct TeamRecords {
    board_colours: Option<(usize, String)>,
    teams: Vec<TeamLine>,
    lineups: Vec<(usize, Vec<usize>)>,
    forfeits: Vec<(usize, String, Vec<usize>)>,
}

impl TeamRecords {
    /// Make `event` the team event the records describe: each player's team (`310`), the
    /// boards (`352`), and each round's games (read from the player records) as team matches,
    /// board by board in the line-up of each team (`300`, or its players in board order), the
    /// team red on board 1 listed first (13.2); a team without a match has the bye. Every
    /// `330` must name a match forfeited on all its boards the way it says.
    fn apply(
        self,
        event: &mut Event,
        player_lines: &[usize],
        rounds: Vec<(Vec<Pairing>, Option<usize>)>,
    ) -> Result<(), TrfError> {
        let err = |line: usize, column: usize, reason: String| TrfError {
            line,
            column,
            reason,
        };
        let (colours_line, colours) = self.board_colours.ok_or_else(|| {
            err(
                self.teams[0].line,
                1,
                "a team event (310 records) without its 352 record of board colours".to_owned(),
            )
        })?;
        let boards = colours.chars().count();
        let expected: String = (1..=boards as u32)
            .map(|b| match colour_on_board(true, b) {
                Color::Red => 'W',
                Color::Black => 'B',
            })
            .collect();
        if boards == 0 || colours != expected {
            return Err(err(
                colours_line,
                5,
                format!("board colours '{colours}': the team listed first plays red on odd boards (13.2), '{expected}'"),
            ));
        }
        event.settings.team_boards = Some(boards as u32);
        for t in &self.teams {
            for &m in &t.members {
                let player = m
                    .checked_sub(1)
                    .and_then(|m| event.players.get_mut(m))
                    .ok_or_else(|| err(t.line, 74, format!("team '{}': no player {m}", t.name)))?;
                player.team = t.name.clone();
            }
        }
        let order = event.teams();
        for t in &self.teams {
            if order
                .get(t.pairing.wrapping_sub(1))
                .is_none_or(|o| o.name != t.name)
            {
                return Err(err(
                    t.line,
                    5,
                    format!("team '{}' has pairing number {}: teams are numbered in the order of their first player", t.name, t.pairing),
                ));
            }
        }
        for (r, (games, bye)) in rounds.into_iter().enumerate() {
            let number = r as u32 + 1;
            let lineup_of = |team: usize| -> Result<Vec<usize>, TrfError> {
                if let Some((line, f)) = self
                    .lineups
                    .iter()
                    .find(|(_, f)| f[0] == number as usize && f[1] == team + 1)
                {
                    return f[3..]
                        .iter()
                        .map(|&p| {
                            p.checked_sub(1)
                                .filter(|&p| {
                                    event
                                        .players
                                        .get(p)
                                        .is_some_and(|x| x.team == order[team].name)
                                })
                                .ok_or_else(|| {
                                    err(
                                        *line,
                                        5,
                                        format!(
                                            "round {number}: player {p} is not of team {}",
                                            team + 1
                                        ),
                                    )
                                })
                        })
                        .collect();
                }
                Ok(order[team]
                    .members
                    .iter()
                    .copied()
                    .filter(|&m| games.iter().any(|g| g.red == m || g.black == m))
                    .collect())
            };
            let mut matches: Vec<Match> = Vec::new();
            for g in &games {
                let (a, b) = (event.entrant_of(g.red), event.entrant_of(g.black));
                let (la, lb) = (lineup_of(a)?, lineup_of(b)?);
                let (ka, kb) = (
                    la.iter().position(|&p| p == g.red),
                    lb.iter().position(|&p| p == g.black),
                );
                let (Some(k), true) = (ka, ka == kb) else {
                    return Err(err(
                        player_lines[g.red],
                        92 + 10 * r,
                        format!("round {number}: {} and {} do not meet on one board of their teams' line-ups", event.players[g.red].name, event.players[g.black].name),
                    ));
                };
                // The team listed first has this colour on board k + 1.
                let first = if colour_on_board(true, k as u32 + 1) == Color::Red {
                    a
                } else {
                    b
                };
                let second = if first == a { b } else { a };
                let m = match matches
                    .iter()
                    .position(|m| m.first == first && m.second == second)
                {
                    Some(m) => m,
                    None => {
                        matches.push(Match {
                            first,
                            second,
                            games: Vec::new(),
                        });
                        matches.len() - 1
                    }
                };
                let mut game = g.clone();
                game.board = k as u32 + 1;
                matches[m].games.push(game);
            }
            matches.sort_by_key(|m| m.first);
            let mut board = 0;
            for m in &mut matches {
                m.games.sort_by_key(|g| g.board);
                for g in &mut m.games {
                    board += 1;
                    g.board = board;
                }
            }
            let playing = |t: usize| matches.iter().any(|m| m.first == t || m.second == t);
            let idle: Vec<usize> = (0..order.len()).filter(|&t| !playing(t)).collect();
            let bye = match idle[..] {
                [t] => Some(t),
                _ => bye,
            };
            event.rounds.push(Round {
                number,
                stage: Stage::Main,
                matches,
                bye,
            });
        }
        for (line, kind, f) in &self.forfeits {
            let found = event.round(f[0] as u32).and_then(|r| {
                r.matches
                    .iter()
                    .find(|m| m.first + 1 == f[1] && m.second + 1 == f[2])
            });
            if found.and_then(forfeited) != Some(kind.as_str()) {
                return Err(err(
                    *line,
                    5,
                    format!(
                        "round {}: teams {} and {} have no match forfeited '{kind}' on every board",
                        f[0], f[1], f[2]
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Whole numbers separated by spaces; `None` when one is not a number.
fn numbers(text: &str) -> Option<Vec<usize>> {
    text.split_whitespace().map(|n| n.parse().ok()).collect()
}
