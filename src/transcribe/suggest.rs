//! The nearest legal moves to a text that fits none: what the clerk most likely meant.
//!
//! The typed text is changed one character at a time the way writing slips happen — 進 for 退
//! (and back, or 平), 前 for 後, a neighbouring file or number — and every changed text that
//! reads as legal moves gives suggestions, nearest slips first. Coordinates that fit no legal
//! move suggest the legal moves from the same point, then those to the same point.

use super::read::{fold_width, read_typed};
use crate::rules::{Move, Position, Square};

/// What was changed in the typed text to reach a suggestion.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Slip {
    /// The direction: 進 for 退, 平 for 進…
    Direction,
    /// 前 for 後 (or 中).
    FrontRear,
    /// A file or a number.
    Number,
    /// The piece.
    Piece,
    /// The from-point or to-point of coordinates.
    Point,
}

/// A legal move near the typed text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Suggestion {
    /// The legal move.
    pub mv: Move,
    /// The slip that was corrected to reach it.
    pub slip: Slip,
}

/// At most this many suggestions are offered.
pub const MAX_SUGGESTIONS: usize = 6;

const CHINESE_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const ASCII_DIGITS: [char; 9] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/// The characters a slip could have replaced `c` with, nearest first.
fn alternatives(c: char) -> Option<(Slip, Vec<char>)> {
    let numbers = |set: &[char; 9], i: usize| -> Vec<char> {
        let mut out: Vec<(usize, char)> = set
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(j, &d)| (j.abs_diff(i), d))
            .collect();
        out.sort_by_key(|&(distance, _)| distance);
        out.into_iter().map(|(_, d)| d).collect()
    };
    for set in [&CHINESE_NUMERALS, &FULL_DIGITS, &ASCII_DIGITS] {
        if let Some(i) = set.iter().position(|&d| d == c) {
            return Some((Slip::Number, numbers(set, i)));
        }
    }
    Some(match c {
        '進' | '进' | '上' => (Slip::Direction, vec!['退', '平']),
        '退' | '下' => (Slip::Direction, vec!['進', '平']),
        '平' => (Slip::Direction, vec!['進', '退']),
        '+' => (Slip::Direction, vec!['-', '.']),
        '-' => (Slip::Direction, vec!['+', '.']),
        '.' | '=' => (Slip::Direction, vec!['+', '-']),
        '前' => (Slip::FrontRear, vec!['後', '中']),
        '後' | '后' => (Slip::FrontRear, vec!['前', '中']),
        '中' => (Slip::FrontRear, vec!['前', '後']),
        '車' | '车' | '俥' => (Slip::Piece, vec!['馬', '炮']),
        '馬' | '马' | '傌' => (Slip::Piece, vec!['車', '炮']),
        '炮' | '砲' | '包' => (Slip::Piece, vec!['車', '馬']),
        '兵' | '卒' => (Slip::Piece, vec!['車', '炮']),
        '仕' | '士' => (Slip::Piece, vec!['相']),
        '相' | '象' => (Slip::Piece, vec!['仕']),
        _ => return None,
    })
}

fn rank(slip: Slip) -> u8 {
    match slip {
        Slip::Direction => 0,
        Slip::FrontRear => 1,
        Slip::Number | Slip::Point => 2,
        Slip::Piece => 3,
    }
}

/// The legal moves nearest to `text`, which fits none in `pos`; nearest first, at most
/// [`MAX_SUGGESTIONS`].
pub fn suggest(pos: &Position, text: &str) -> Vec<Suggestion> {
    let folded = fold_width(text);
    if let Some(mv) = Move::parse_iccs(&folded) {
        return near_points(pos, mv);
    }
    let chars: Vec<char> = folded.chars().collect();
    // (rank of the slip, distance of the replacement, order found, suggestion)
    let mut found: Vec<(u8, usize, usize, Suggestion)> = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let Some((slip, replacements)) = alternatives(c) else {
            continue;
        };
        for (distance, replacement) in replacements.into_iter().enumerate() {
            let mut changed = chars.clone();
            changed[i] = replacement;
            let changed: String = changed.into_iter().collect();
            if let Ok(moves) = read_typed(pos, &changed) {
                for mv in moves {
                    let order = found.len();
                    found.push((rank(slip), distance, order, Suggestion { mv, slip }));
                }
            }
        }
    }
    found.sort_by_key(|&(rank, distance, order, _)| (rank, distance, order));
    let mut out: Vec<Suggestion> = Vec::new();
    for (_, _, _, suggestion) in found {
        if out.len() == MAX_SUGGESTIONS {
            break;
        }
        if !out.iter().any(|s| s.mv == suggestion.mv) {
            out.push(suggestion);
        }
    }
    out
}

/// Legal moves from the typed from-point, then to the typed to-point.
fn near_points(pos: &Position, typed: Move) -> Vec<Suggestion> {
    let legal = pos.legal_moves();
    let distance = |a: Square, b: Square| a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank());
    let mut from: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == typed.from)
        .collect();
    from.sort_by_key(|m| distance(m.to, typed.to));
    let mut to: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to == typed.to && m.from != typed.from)
        .collect();
    to.sort_by_key(|m| distance(m.from, typed.from));
    from.into_iter()
        .chain(to)
        .take(MAX_SUGGESTIONS)
        .map(|mv| Suggestion {
            mv,
            slip: Slip::Point,
        })
        .collect()
}
