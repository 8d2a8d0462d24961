//! Material searches: the SPEC syntax, e.g. `車馬炮-車雙馬` (Red's pieces, then Black's).
//!
//! A side is a list of pieces: 車 (车 俥 R), 馬 (马 傌 N H), 炮 (砲 包 C), 士 (仕 A), 象 (相 B E),
//! 兵 (卒 P), each optionally preceded by a count (`2`, `二`, `雙`/`双`/`兩`/`两`); `士象全`
//! (仕相全) stands for both advisors and both elephants; a general (帥 將 K) may be written and is
//! ignored. The sides are separated by `-`, `/`, `对`/`對` or `vs`. The attacking pieces (車馬炮)
//! are exact: a kind not written means none. The defending pieces and soldiers (士象兵) are
//! exact when written and free when not: `車馬炮-車雙馬` matches whatever advisors, elephants
//! and soldiers stand beside them; `車兵-士象全` means Red has a chariot and one soldier, Black
//! no attacking piece and all four defenders, Red's defenders and Black's soldiers free.

use crate::rules::{Color, PieceKind};

use super::keys::{field_bits, field_shift, MINOR_BITS};
use super::DbError;

/// The signatures a material SPEC accepts: those in `low..=high` whose bits under `mask` equal
/// `value`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MaterialQuery {
    /// The least signature that can match.
    pub low: i64,
    /// The greatest signature that can match.
    pub high: i64,
    /// The bits the SPEC fixes.
    pub mask: i64,
    /// Their values.
    pub value: i64,
}

impl MaterialQuery {
    /// Whether a signature has the material asked for.
    pub fn matches(&self, signature: i64) -> bool {
        signature & self.mask == self.value
    }

    /// Read a SPEC.
    pub fn parse(spec: &str) -> Result<MaterialQuery, DbError> {
        let (red, black) = split_sides(spec).ok_or_else(|| {
            DbError::BadQuery(format!(
                "material '{spec}': write Red's pieces, then Black's, separated by '-' \
                 (e.g. 車馬炮-車雙馬)"
            ))
        })?;
        let mut query = MaterialQuery {
            low: 0,
            high: 0,
            mask: 0,
            value: 0,
        };
        for (color, text) in [(Color::Red, red), (Color::Black, black)] {
            let counts = parse_side(spec, text)?;
            for (kind, count) in counts {
                let major = matches!(
                    kind,
                    PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon
                );
                let Some(count) = count.or(if major { Some(0) } else { None }) else {
                    continue;
                };
                let max = (1u32 << field_bits(kind)) - 1;
                let most = if kind == PieceKind::Soldier { 5 } else { 2 };
                if count > most {
                    return Err(DbError::BadQuery(format!(
                        "material '{spec}': a side has at most {most} of {kind:?}, not {count}"
                    )));
                }
                let shift = field_shift(color, kind);
                query.mask |= i64::from(max) << shift;
                query.value |= i64::from(count) << shift;
            }
        }
        let minor = (1i64 << MINOR_BITS) - 1;
        query.low = query.value & !minor;
        query.high = query.low | minor;
        Ok(query)
    }
}

fn split_sides(spec: &str) -> Option<(&str, &str)> {
    // ASCII lower case keeps every byte offset.
    let lower = spec.to_ascii_lowercase();
    ["vs", "-", "/", "对", "對"].iter().find_map(|sep| {
        lower
            .find(sep)
            .map(|i| (spec[..i].trim(), spec[i + sep.len()..].trim()))
    })
}

/// A side's counts: `Some(n)` for each kind written, `None` for kinds left free.
fn parse_side(spec: &str, text: &str) -> Result<Vec<(PieceKind, Option<u32>)>, DbError> {
    let mut counts: Vec<(PieceKind, Option<u32>)> = [
        PieceKind::Chariot,
        PieceKind::Horse,
        PieceKind::Cannon,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Soldier,
    ]
    .into_iter()
    .map(|k| (k, None))
    .collect();
    let mut add = |kind: PieceKind, n: u32| {
        if let Some(entry) = counts.iter_mut().find(|(k, _)| *k == kind) {
            entry.1 = Some(entry.1.unwrap_or(0) + n);
        }
    };
    let text = text
        .replace("士象全", "2士2象")
        .replace("仕相全", "2士2象")
        .replace("士相全", "2士2象")
        .replace("仕象全", "2士2象");
    let mut pending: Option<u32> = None;
    for (i, c) in text.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        let count = match c {
            '1'..='5' => c.to_digit(10),
            '一' | '单' | '單' => Some(1),
            '二' | '双' | '雙' | '两' | '兩' => Some(2),
            '三' => Some(3),
            '四' => Some(4),
            '五' => Some(5),
            _ => None,
        };
        if let Some(n) = count {
            if pending.is_some() {
                return Err(bad_piece(spec, text.as_str(), i, c));
            }
            pending = Some(n);
            continue;
        }
        let kind = match c {
            '車' | '车' | '俥' | 'R' | 'r' => PieceKind::Chariot,
            '馬' | '马' | '傌' | 'N' | 'n' | 'H' | 'h' => PieceKind::Horse,
            '炮' | '砲' | '包' | 'C' | 'c' => PieceKind::Cannon,
            '士' | '仕' | 'A' | 'a' => PieceKind::Advisor,
            '象' | '相' | 'B' | 'b' | 'E' | 'e' => PieceKind::Elephant,
            '兵' | '卒' | 'P' | 'p' => PieceKind::Soldier,
            '帥' | '帅' | '將' | '将' | 'K' | 'k' => {
                pending = None;
                continue;
            }
            _ => return Err(bad_piece(spec, text.as_str(), i, c)),
        };
        add(kind, pending.take().unwrap_or(1));
    }
    if pending.is_some() {
        return Err(DbError::BadQuery(format!(
            "material '{spec}': a count with no piece after it in '{text}'"
        )));
    }
    Ok(counts)
}

fn bad_piece(spec: &str, side: &str, index: usize, c: char) -> DbError {
    DbError::BadQuery(format!(
        "material '{spec}': '{c}' (character {} of '{side}') is not a piece: write 車馬炮士象兵 \
         or RNCABP, each with an optional count",
        index + 1
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::database::keys::material_signature;
    use crate::rules::Position;

    #[test]
    fn the_start_has_full_material_and_not_less() {
        let start = material_signature(&Position::startpos());
        let full = MaterialQuery::parse("2車2馬2炮-2车2马2炮").unwrap();
        assert!(full.matches(start));
        assert!((full.low..=full.high).contains(&start));
        let exact = MaterialQuery::parse("2車2馬2炮士象全5兵-2車2馬2炮士象全五卒").unwrap();
        assert!(exact.matches(start));
        assert!(!MaterialQuery::parse("2車2馬2炮士象全4兵-2車2馬2炮")
            .unwrap()
            .matches(start));
        assert!(!MaterialQuery::parse("車馬炮-車雙馬")
            .unwrap()
            .matches(start));
    }

    #[test]
    fn an_endgame_signature_matches_its_spec() {
        let pos = Position::from_fen("2bak4/9/9/9/2n6/9/9/4C4/4R4/3K1N3 w - - 0 1").unwrap();
        let sig = material_signature(&pos);
        assert!(MaterialQuery::parse("車馬炮-馬").unwrap().matches(sig));
        assert!(MaterialQuery::parse("RNC vs N").unwrap().matches(sig));
        assert!(MaterialQuery::parse("車馬炮-馬士象").unwrap().matches(sig));
        assert!(!MaterialQuery::parse("車馬炮-馬士象全")
            .unwrap()
            .matches(sig));
        assert!(!MaterialQuery::parse("車馬-馬").unwrap().matches(sig));
    }

    #[test]
    fn bad_specs_are_refused_with_the_reason() {
        let e = MaterialQuery::parse("車馬炮").unwrap_err().to_string();
        assert!(e.contains("separated by '-'"), "{e}");
        let e = MaterialQuery::parse("車x-馬").unwrap_err().to_string();
        assert!(e.contains("'x' (character 2 of '車x')"), "{e}");
        let e = MaterialQuery::parse("3車-馬").unwrap_err().to_string();
        assert!(e.contains("at most 2"), "{e}");
    }
}
