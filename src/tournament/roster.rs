//! Players from a CSV file (UTF-8, GBK or BIG5): one player a line, columns name, rating, club
//! (the team in a team event), and optionally a fourth column, the team (or the club in a team
//! event). A first line naming its columns (`name,rating,club,team,registration`, in any order;
//! also 姓名, 等級分/等级分, 單位/单位, 隊/队/隊名/队名, 編號/编号) sets the order instead. Fields may be
//! quoted with `"` (a doubled `""` inside is one quote); empty lines are skipped.
//!
//! The file is read strictly: bytes that no encoding reads are refused with their line and
//! column, never replaced. Fields are separated by commas, or by semicolons or tabs when the
//! first line is (as spreadsheets export them in some countries); a later line that has none of
//! the file's separator but another one is refused rather than read as one long name.

use std::path::Path;

use super::error::{EventError, Unreadable};
use super::event::Player;
use crate::formats::{decode_strict, MalformedText};
use crate::lang::IoReason;

/// A line of the file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {reason}")]
pub struct RosterError {
    /// The line, from 1.
    pub line: usize,
    /// The column (character), from 1.
    pub column: usize,
    /// What is wrong.
    pub reason: RosterReason,
}

/// What is wrong with a line of a players' list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RosterReason {
    /// A heading that names no column Qipu knows.
    #[error("unknown column '{0}' (name, rating, club, team, registration)")]
    UnknownColumn(String),
    /// More fields than the heading names.
    #[error("{fields} fields, but only {columns} columns")]
    TooManyFields {
        /// Fields on the line.
        fields: usize,
        /// Columns named.
        columns: usize,
    },
    /// A rating that is not a whole number.
    #[error("rating '{0}' is not a whole number")]
    BadRating(String),
    /// A rating below zero.
    #[error("rating '{0}': a rating cannot be negative")]
    NegativeRating(String),
    /// Bytes that are not text in any encoding tried.
    #[error(transparent)]
    Malformed(MalformedText),
    /// A line separated otherwise than the file.
    #[error("the line is separated by {found} but the file by {expected}")]
    OtherSeparator {
        /// The file's separator.
        expected: Separator,
        /// The one this line uses.
        found: Separator,
    },
    /// An empty name.
    #[error("the player has no name")]
    NoName,
    /// A team event's player without a team.
    #[error("a team event needs the player's team")]
    NoTeam,
    /// A quoted field without its closing quote.
    #[error("a quoted field is not closed")]
    UnclosedQuote,
    /// Text after the closing quote of a field.
    #[error("text after a closing quote")]
    TextAfterQuote,
    /// A quote in the middle of an unquoted field.
    #[error("a quote inside an unquoted field")]
    QuoteInField,
}

/// What separates the fields of a line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Separator {
    /// `,`
    Comma,
    /// `;`
    Semicolon,
    /// A tab.
    Tab,
}

impl Separator {
    const ALL: [Separator; 3] = [Separator::Comma, Separator::Semicolon, Separator::Tab];

    fn char(self) -> char {
        match self {
            Separator::Comma => ',',
            Separator::Semicolon => ';',
            Separator::Tab => '\t',
        }
    }

    /// The separator of a line: the one it has most of outside quotes (commas on a tie, and
    /// for a line of one field).
    fn of_line(line: &str) -> Separator {
        let counts = separators_outside_quotes(line);
        let mut best = Separator::Comma;
        for s in Separator::ALL {
            if counts[s as usize] > counts[best as usize] {
                best = s;
            }
        }
        best
    }
}

impl std::fmt::Display for Separator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Separator::Comma => "commas",
            Separator::Semicolon => "semicolons",
            Separator::Tab => "tabs",
        })
    }
}

/// How many commas, semicolons and tabs a line has outside quoted fields.
fn separators_outside_quotes(line: &str) -> [usize; 3] {
    let mut counts = [0; 3];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            _ if quoted => {}
            ',' => counts[Separator::Comma as usize] += 1,
            ';' => counts[Separator::Semicolon as usize] += 1,
            '\t' => counts[Separator::Tab as usize] += 1,
            _ => {}
        }
    }
    counts
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Column {
    Name,
    Rating,
    Club,
    Team,
    Registration,
}

fn column_named(header: &str) -> Option<Column> {
    match header.trim().to_lowercase().as_str() {
        "name" | "姓名" | "棋手" => Some(Column::Name),
        "rating" | "等級分" | "等级分" | "elo" => Some(Column::Rating),
        "club" | "單位" | "单位" => Some(Column::Club),
        "team" | "隊" | "队" | "隊名" | "队名" => Some(Column::Team),
        "registration" | "編號" | "编号" | "id" => Some(Column::Registration),
        _ => None,
    }
}

/// Read the players of the CSV file at `path`; `team_event` makes the third column the team.
pub fn read_players_file(path: &Path, team_event: bool) -> Result<Vec<Player>, EventError> {
    let unreadable = |reason: Unreadable| EventError::Unreadable {
        path: path.to_owned(),
        reason,
    };
    let bytes = std::fs::read(path).map_err(|e| unreadable(Unreadable::Io(IoReason::of(&e))))?;
    read_players(&bytes, team_event).map_err(|e| unreadable(e.into()))
}

/// Read the players of a CSV file's bytes; `team_event` makes the third column the team.
pub fn read_players(bytes: &[u8], team_event: bool) -> Result<Vec<Player>, RosterError> {
    let text = decode_strict(bytes)
        .map_err(|e| RosterError {
            line: e.line,
            column: e.column,
            reason: RosterReason::Malformed(e),
        })?
        .text;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut separator = None;
    let mut columns = if team_event {
        vec![Column::Name, Column::Rating, Column::Team, Column::Club]
    } else {
        vec![Column::Name, Column::Rating, Column::Club, Column::Team]
    };
    let mut players = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let separator = *separator.get_or_insert_with(|| Separator::of_line(line));
        let fields = split(line, number, separator)?;
        if players.is_empty() && column_named(&fields[0].1) == Some(Column::Name) {
            columns = Vec::new();
            for (col, f) in &fields {
                let c = column_named(f).ok_or_else(|| RosterError {
                    line: number,
                    column: *col,
                    reason: RosterReason::UnknownColumn(f.clone()),
                })?;
                columns.push(c);
            }
            continue;
        }
        if fields.len() > columns.len() {
            return Err(RosterError {
                line: number,
                column: fields[columns.len()].0,
                reason: RosterReason::TooManyFields {
                    fields: fields.len(),
                    columns: columns.len(),
                },
            });
        }
        let mut p = Player::default();
        for ((col, value), c) in fields.iter().zip(&columns) {
            let value = value.trim();
            match c {
                Column::Name => p.name = value.to_owned(),
                Column::Rating if value.is_empty() => {}
                Column::Rating => {
                    p.rating = Some(read_rating(value).map_err(|reason| RosterError {
                        line: number,
                        column: *col,
                        reason,
                    })?)
                }
                Column::Club => p.club = value.to_owned(),
                Column::Team => p.team = value.to_owned(),
                Column::Registration => p.registration = value.to_owned(),
            }
        }
        if p.name.is_empty() {
            return Err(RosterError {
                line: number,
                column: 1,
                reason: RosterReason::NoName,
            });
        }
        if team_event && p.team.is_empty() {
            return Err(RosterError {
                line: number,
                column: 1,
                reason: RosterReason::NoTeam,
            });
        }
        players.push(p);
    }
    Ok(players)
}

/// A rating: a whole number, not negative.
pub fn read_rating(text: &str) -> Result<u32, RosterReason> {
    match text.parse::<i64>() {
        Ok(n) if n < 0 => Err(RosterReason::NegativeRating(text.to_owned())),
        Ok(n) => u32::try_from(n).map_err(|_| RosterReason::BadRating(text.to_owned())),
        Err(_) => Err(RosterReason::BadRating(text.to_owned())),
    }
}

/// The fields of one line with the column (character, from 1) each starts at, separated by
/// `separator`; a line with none of it but another separator is refused.
fn split(
    line: &str,
    number: usize,
    separator: Separator,
) -> Result<Vec<(usize, String)>, RosterError> {
    let counts = separators_outside_quotes(line);
    if counts[separator as usize] == 0 {
        if let Some(found) = Separator::ALL.into_iter().find(|s| counts[*s as usize] > 0) {
            let column = line
                .chars()
                .position(|c| c == found.char())
                .map_or(1, |i| i + 1);
            return Err(RosterError {
                line: number,
                column,
                reason: RosterReason::OtherSeparator {
                    expected: separator,
                    found,
                },
            });
        }
    }
    let sep = separator.char();
    let mut fields = Vec::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    loop {
        let start = i + 1;
        let mut value = String::new();
        if chars.get(i) == Some(&'"') {
            i += 1;
            loop {
                match chars.get(i) {
                    None => {
                        return Err(RosterError {
                            line: number,
                            column: start,
                            reason: RosterReason::UnclosedQuote,
                        })
                    }
                    Some('"') if chars.get(i + 1) == Some(&'"') => {
                        value.push('"');
                        i += 2;
                    }
                    Some('"') => {
                        i += 1;
                        break;
                    }
                    Some(&c) => {
                        value.push(c);
                        i += 1;
                    }
                }
            }
            while chars.get(i).is_some_and(|&c| c.is_whitespace() && c != sep) {
                i += 1;
            }
            if !(chars.get(i).is_none() || chars.get(i) == Some(&sep)) {
                return Err(RosterError {
                    line: number,
                    column: i + 1,
                    reason: RosterReason::TextAfterQuote,
                });
            }
        } else {
            while let Some(&c) = chars.get(i) {
                if c == sep {
                    break;
                }
                if c == '"' {
                    return Err(RosterError {
                        line: number,
                        column: i + 1,
                        reason: RosterReason::QuoteInField,
                    });
                }
                value.push(c);
                i += 1;
            }
        }
        fields.push((start, value));
        if chars.get(i) == Some(&sep) {
            i += 1;
        } else {
            return Ok(fields);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_and_gbk_with_and_without_header() {
        let utf8 = "name,rating,club\n王天一,2700,杭州\n\"Lü, Qin\",,\"Guang \"\"dong\"\"\"\n";
        let players = read_players(utf8.as_bytes(), false).unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].rating, Some(2700));
        assert_eq!(players[1].name, "Lü, Qin");
        assert_eq!(players[1].club, "Guang \"dong\"");
        let (gbk, _, _) = encoding_rs::GBK.encode("许银川,2650,广东\n");
        let players = read_players(&gbk, false).unwrap();
        assert_eq!(players[0].name, "许银川");
        assert_eq!(players[0].club, "广东");
    }

    #[test]
    fn malformed_lines_name_their_place() {
        let e = read_players("a,1\nb,x12\n".as_bytes(), false).unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = read_players("a,1,\"club\n".as_bytes(), false).unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
        let e = read_players("a,1,c,t,extra\n".as_bytes(), false).unwrap_err();
        assert_eq!((e.line, e.column), (1, 9));
        assert!(read_players(",1\n".as_bytes(), false).is_err());
    }
}
