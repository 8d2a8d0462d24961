//! What the database stores for a position or a line: the hash as a signed integer, the move
//! as a number, the key that recognises the same game twice, the mirror position, the material.

use crate::rules::{Color, Move, PieceKind, Position, Setup, Square};

/// A position's hash as stored (the Zobrist hash, side to move included, reinterpreted).
pub fn stored_hash(position: &Position) -> i64 {
    position.hash() as i64
}

/// A move as stored: `from * 90 + to` (0–8099).
pub fn move_code(mv: Move) -> i64 {
    (mv.from.index() * Square::COUNT + mv.to.index()) as i64
}

/// The move a stored code stands for.
pub fn code_move(code: i64) -> Option<Move> {
    let code = u16::try_from(code).ok()? as usize;
    let from = Square::new(u8::try_from(code / Square::COUNT).ok()?)?;
    let to = Square::new(u8::try_from(code % Square::COUNT).ok()?)?;
    Some(Move::new(from, to))
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of a game's line: the start position and every main-line move in order. Two games
/// with the same key are the same game (a duplicate), whatever their tags say.
pub fn line_key(start: &Position, moves: impl IntoIterator<Item = Move>) -> i64 {
    let mut key = mix(start.hash() ^ 0x5149_5055);
    for mv in moves {
        key = mix(key ^ (move_code(mv) as u64 + 1));
    }
    key as i64
}

/// The left–right mirror of a position (file a ↔ file i), the same structure on the other
/// wing; the side to move is kept.
pub fn mirror(position: &Position) -> Position {
    let mut setup = Setup::empty();
    for (sq, piece) in position.pieces() {
        if let Some(to) = Square::from_coords(8 - sq.file(), sq.rank()) {
            setup.set(to, Some(piece));
        }
    }
    setup.side = position.side_to_move();
    setup.halfmove_clock = position.halfmove_clock();
    setup.fullmove_number = position.fullmove_number();
    // The rules are symmetric under the mirror: a legal position mirrors to a legal one.
    setup.into_position().unwrap_or_else(|_| position.clone())
}

/// The kinds a material signature counts, in the order of its fields.
pub const COUNTED: [PieceKind; 6] = [
    PieceKind::Chariot,
    PieceKind::Horse,
    PieceKind::Cannon,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Soldier,
];

/// Bits of one kind's count in a signature: three for soldiers (0–5), two for the others.
pub fn field_bits(kind: PieceKind) -> u32 {
    if kind == PieceKind::Soldier {
        3
    } else {
        2
    }
}

/// Bits of the defending pieces and soldiers (士象兵) of both sides, the low part of a
/// signature; the attacking pieces (車馬炮) of both sides sit above them, so that the signatures
/// with the same attacking pieces form one range.
pub const MINOR_BITS: u32 = 14;

/// Where the count of `kind` of `color` sits in a signature: 士象兵 of Red then Black in the low
/// [`MINOR_BITS`], 車馬炮 of Red then Black above.
pub fn field_shift(color: Color, kind: PieceKind) -> u32 {
    let major = matches!(
        kind,
        PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon
    );
    let mut shift = if major { MINOR_BITS } else { 0 };
    if color == Color::Black {
        shift += if major { 6 } else { 7 };
    }
    for k in COUNTED {
        let same_group =
            matches!(k, PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon) == major;
        if k == kind {
            return shift;
        }
        if same_group {
            shift += field_bits(k);
        }
    }
    shift
}

/// The material signature of a position: how many of each kind each side has (generals
/// aside), packed into one integer.
pub fn material_signature(position: &Position) -> i64 {
    let mut counts = [[0u32; 6]; 2];
    for (_, piece) in position.pieces() {
        if let Some(i) = COUNTED.iter().position(|&k| k == piece.kind) {
            counts[piece.color as usize][i] += 1;
        }
    }
    let mut sig = 0i64;
    for color in [Color::Red, Color::Black] {
        for (i, kind) in COUNTED.into_iter().enumerate() {
            let max = (1u32 << field_bits(kind)) - 1;
            let n = counts[color as usize][i].min(max);
            sig |= i64::from(n) << field_shift(color, kind);
        }
    }
    sig
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip_through_their_code() {
        let mv = Move::parse_iccs("h2e2").unwrap();
        assert_eq!(code_move(move_code(mv)), Some(mv));
        assert_eq!(code_move(-1), None);
    }

    #[test]
    fn the_mirror_of_the_start_is_the_start_and_a_cannon_move_mirrors() {
        let start = Position::startpos();
        assert_eq!(mirror(&start).hash(), start.hash());
        let left = start.play(Move::parse_iccs("b2e2").unwrap()).unwrap();
        let right = start.play(Move::parse_iccs("h2e2").unwrap()).unwrap();
        assert_eq!(mirror(&left).hash(), right.hash());
        assert_ne!(left.hash(), right.hash());
    }

    #[test]
    fn line_keys_tell_move_orders_apart() {
        let start = Position::startpos();
        let a = Move::parse_iccs("h2e2").unwrap();
        let b = Move::parse_iccs("h9g7").unwrap();
        assert_eq!(line_key(&start, [a, b]), line_key(&start, [a, b]));
        assert_ne!(line_key(&start, [a, b]), line_key(&start, [a]));
        assert_ne!(line_key(&start, [a]), line_key(&start, []));
    }

    #[test]
    fn the_start_signature_counts_every_piece() {
        let sig = material_signature(&Position::startpos());
        for color in [Color::Red, Color::Black] {
            for kind in COUNTED {
                let n = (sig >> field_shift(color, kind)) & ((1 << field_bits(kind)) - 1);
                let expected = if kind == PieceKind::Soldier { 5 } else { 2 };
                assert_eq!(n, expected, "{color:?} {kind:?}");
            }
        }
    }
}
