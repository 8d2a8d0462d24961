//! ICCS coordinates (formats.md §1): `h2e2`, and `H2-E2` as in PGN `[Format "ICCS"]`.

use super::wxf::fold;
use super::{IccsStyle, Notation, NotationError};
use crate::rules::{Move, Position};

/// Write `mv` in ICCS.
pub(crate) fn write(mv: Move, style: IccsStyle) -> String {
    match style {
        IccsStyle::Compact => mv.to_string(),
        IccsStyle::Hyphenated => format!("{}-{}", mv.from, mv.to).to_ascii_uppercase(),
    }
}

/// Read an ICCS move (either case, hyphen optional, full-width accepted) and check it.
pub(crate) fn read(pos: &Position, text: &str) -> Result<Vec<Move>, NotationError> {
    let mv = Move::parse_iccs(&fold(text)).ok_or_else(|| NotationError::Unreadable {
        text: text.to_owned(),
        notation: Some(Notation::Iccs),
    })?;
    match pos.why_illegal(mv) {
        None => Ok(vec![mv]),
        Some(reason) => Err(NotationError::Illegal {
            text: text.to_owned(),
            mv,
            reason,
        }),
    }
}
