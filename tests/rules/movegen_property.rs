//! Property test: in positions reached by random legal play, the generator's moves are exactly the
//! moves an independent, slow reading of art. 2.2 allows.

use proptest::prelude::*;
use qipu::rules::{Color, Move, Piece, PieceKind, Position, Square};

/// The board of a position as a list of points, for the slow reading below.
fn board_of(p: &Position) -> Vec<Option<Piece>> {
    Square::all().map(|s| p.piece_at(s)).collect()
}

/// Whether the piece on `from` may move to `to` by its rule of movement, ignoring own-general
/// safety — written from the rule text, independently of the generator.
fn moves_like_its_kind(view: &View, piece: Piece, from: Square, to: Square) -> bool {
    if from == to || view.0[to.index()].is_some_and(|t| t.color == piece.color) {
        return false;
    }
    let (df, dr) = (
        to.file() as i32 - from.file() as i32,
        to.rank() as i32 - from.rank() as i32,
    );
    let (ff, fr) = (from.file() as i32, from.rank() as i32);
    match piece.kind {
        PieceKind::General => df.abs() + dr.abs() == 1 && to.in_palace(piece.color),
        PieceKind::Advisor => df.abs() == 1 && dr.abs() == 1 && to.in_palace(piece.color),
        PieceKind::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && to.on_own_side(piece.color)
                && view.at(ff + df / 2, fr + dr / 2).is_none()
        }
        PieceKind::Horse => match (df.abs(), dr.abs()) {
            (1, 2) => view.at(ff, fr + dr / 2).is_none(),
            (2, 1) => view.at(ff + df / 2, fr).is_none(),
            _ => false,
        },
        PieceKind::Chariot => (df == 0 || dr == 0) && view.between(from, to) == 0,
        PieceKind::Cannon => {
            (df == 0 || dr == 0)
                && view.between(from, to) == usize::from(view.0[to.index()].is_some())
        }
        PieceKind::Soldier => {
            let fwd = piece.color.forward() as i32;
            (df == 0 && dr == fwd) || (dr == 0 && df.abs() == 1 && !from.on_own_side(piece.color))
        }
    }
}

/// The board after a move, as a FEN-independent list of pieces.
fn after(p: &Position, mv: Move) -> Vec<Option<Piece>> {
    let mut board = board_of(p);
    board[mv.to.index()] = board[mv.from.index()];
    board[mv.from.index()] = None;
    board
}

/// Whether `color`'s general is attacked on `board`, by trying every enemy piece's movement rule
/// against the general's point, plus the facing generals.
fn general_exposed(board: &[Option<Piece>], color: Color) -> bool {
    let find = |kind: PieceKind, c: Color| {
        Square::all().find(|s| board[s.index()] == Some(Piece::new(c, kind)))
    };
    let g = find(PieceKind::General, color).expect("own general present");
    let eg = find(PieceKind::General, color.opponent()).expect("enemy general present");
    let view = View(board);
    if g.file() == eg.file() && view.between(g, eg) == 0 {
        return true;
    }
    Square::all().any(|s| match board[s.index()] {
        Some(piece) if piece.color != color && piece.kind != PieceKind::General => {
            view.attacks(piece, s, g)
        }
        _ => false,
    })
}

struct View<'a>(&'a [Option<Piece>]);

impl View<'_> {
    fn at(&self, f: i32, r: i32) -> Option<Piece> {
        if (0..9).contains(&f) && (0..10).contains(&r) {
            self.0[(r * 9 + f) as usize]
        } else {
            None
        }
    }
    fn between(&self, a: Square, b: Square) -> usize {
        let (df, dr) = (
            (b.file() as i32 - a.file() as i32).signum(),
            (b.rank() as i32 - a.rank() as i32).signum(),
        );
        let (mut f, mut r) = (a.file() as i32 + df, a.rank() as i32 + dr);
        let mut n = 0;
        while (f, r) != (b.file() as i32, b.rank() as i32) {
            n += self.at(f, r).is_some() as usize;
            f += df;
            r += dr;
        }
        n
    }
    fn attacks(&self, piece: Piece, from: Square, to: Square) -> bool {
        let (df, dr) = (
            to.file() as i32 - from.file() as i32,
            to.rank() as i32 - from.rank() as i32,
        );
        let (ff, fr) = (from.file() as i32, from.rank() as i32);
        match piece.kind {
            PieceKind::Horse => match (df.abs(), dr.abs()) {
                (1, 2) => self.at(ff, fr + dr / 2).is_none(),
                (2, 1) => self.at(ff + df / 2, fr).is_none(),
                _ => false,
            },
            PieceKind::Chariot => (df == 0 || dr == 0) && self.between(from, to) == 0,
            PieceKind::Cannon => (df == 0 || dr == 0) && self.between(from, to) == 1,
            PieceKind::Soldier => {
                let fwd = piece.color.forward() as i32;
                (df == 0 && dr == fwd)
                    || (dr == 0 && df.abs() == 1 && !from.on_own_side(piece.color))
            }
            // Advisors and elephants never reach the enemy palace; generals are handled above.
            _ => false,
        }
    }
}

fn slow_legal_moves(p: &Position) -> Vec<Move> {
    let us = p.side_to_move();
    let board = board_of(p);
    let view = View(&board);
    let mut out = Vec::new();
    for from in Square::all() {
        let Some(piece) = p.piece_at(from).filter(|pc| pc.color == us) else {
            continue;
        };
        for to in Square::all() {
            let mv = Move::new(from, to);
            if moves_like_its_kind(&view, piece, from, to) && !general_exposed(&after(p, mv), us) {
                out.push(mv);
            }
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn generator_agrees_with_the_rule_text(choices in prop::collection::vec(any::<u16>(), 1..120)) {
        let mut pos = Position::startpos();
        for choice in choices {
            let mut fast: Vec<Move> = pos.legal_moves().to_vec();
            fast.sort();
            let slow = slow_legal_moves(&pos);
            prop_assert_eq!(&fast, &slow, "position {}", pos.to_fen());
            // The hash kept move by move equals the hash of the same position read afresh.
            prop_assert_eq!(pos.hash(), Position::from_fen(&pos.to_fen()).unwrap().hash());
            if fast.is_empty() {
                break;
            }
            let mv = fast[choice as usize % fast.len()];
            pos = pos.play(mv).unwrap();
            prop_assert!(!pos.is_check(pos.side_to_move().opponent()));
        }
    }
}
