//! A legal, playable position: the board, the side to move, the clocks, and the hash.

use super::mv::{Move, MoveList};
use super::piece::{Color, Piece, PieceKind};
use super::setup::{Setup, SetupError};
use super::square::Square;
use super::tables::{
    Ray, ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKERS, HORSE_MOVES, LEG, RAYS,
    RAY_BITS, RELATION, SOLDIER_MOVES,
};
use super::zobrist::{piece_key, BLACK_TO_MOVE};

const BLACK_BIT: u8 = 8;
const KIND_MASK: u8 = 7;
const GENERAL: u8 = PieceKind::General as u8;
const ADVISOR: u8 = PieceKind::Advisor as u8;
const ELEPHANT: u8 = PieceKind::Elephant as u8;
const HORSE: u8 = PieceKind::Horse as u8;
const CHARIOT: u8 = PieceKind::Chariot as u8;
const CANNON: u8 = PieceKind::Cannon as u8;
const SOLDIER: u8 = PieceKind::Soldier as u8;

/// How a position stands for the side to move (art. 3, 4.1.1, 4.1.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// The side to move has a legal move.
    Ongoing,
    /// The side to move is in check and has no legal move: it has lost (將死, 4.1.1).
    Checkmate,
    /// The side to move is not in check but has no legal move: it has lost (困斃, 3.2, 4.1.3).
    Stalemate,
}

/// A validated position: exactly one general per side, every piece on a point it can reach, the
/// generals not facing, the side not to move not in check. Every move played on it is legal.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    board: [u8; 90],
    side: Color,
    generals: [u8; 2],
    /// One bit per point holding a piece of each side, to visit pieces without scanning.
    occupied: [u128; 2],
    hash: u64,
    halfmove_clock: u32,
    fullmove_number: u32,
}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

#[inline(always)]
fn color_bit(color: Color) -> u8 {
    match color {
        Color::Red => 0,
        Color::Black => BLACK_BIT,
    }
}

impl Position {
    /// The initial position of art. 1.3.
    pub fn startpos() -> Position {
        Position::initial().clone()
    }

    /// The initial position of art. 1.3, built once.
    pub(crate) fn initial() -> &'static Position {
        static INITIAL: std::sync::OnceLock<Position> = std::sync::OnceLock::new();
        INITIAL.get_or_init(|| {
            Setup::startpos()
                .into_position()
                .expect("the initial position of art. 1.3 is legal")
        })
    }

    /// Whether the pieces stand as in the initial position (art. 1.3), whoever is to move.
    pub(crate) fn initial_board(&self) -> bool {
        self.board == Position::initial().board
    }

    /// Validate a setup and make it playable.
    pub(crate) fn from_validated_board(
        board: [u8; 90],
        side: Color,
        halfmove_clock: u32,
        fullmove_number: u32,
    ) -> Result<Position, SetupError> {
        let mut generals = [u8::MAX; 2];
        let mut occupied = [0u128; 2];
        let mut hash = 0;
        for (sq, &code) in board.iter().enumerate() {
            if code != 0 {
                hash ^= piece_key(code, sq);
                occupied[((code & BLACK_BIT) >> 3) as usize] |= 1 << sq;
                if code & KIND_MASK == GENERAL {
                    generals[((code & BLACK_BIT) >> 3) as usize] = sq as u8;
                }
            }
        }
        if side == Color::Black {
            hash ^= BLACK_TO_MOVE;
        }
        let pos = Position {
            board,
            side,
            generals,
            occupied,
            hash,
            halfmove_clock,
            fullmove_number,
        };
        if pos.generals_facing() {
            return Err(SetupError::GeneralsFacing);
        }
        if pos.general_attacked(side.opponent()) {
            return Err(SetupError::SideNotToMoveInCheck(side.opponent()));
        }
        Ok(pos)
    }

    /// The unchecked setup of this position (for editing and FEN output).
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in Square::all() {
            setup.set(sq, self.piece_at(sq));
        }
        setup.side = self.side;
        setup.halfmove_clock = self.halfmove_clock;
        setup.fullmove_number = self.fullmove_number;
        setup
    }

    /// The piece on a point, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// Every piece with its point, in point order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Where `color`'s general stands.
    pub fn general(&self, color: Color) -> Square {
        Square::new(self.generals[color.index()]).expect("a validated position has both generals")
    }

    /// Zobrist hash of the board and the side to move (not the clocks).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture (for the natural limit, 4.2.4).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The round number: 1 at the start, raised after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Whether the side to move is in check (將軍, art. 3.1).
    pub fn in_check(&self) -> bool {
        self.general_attacked(self.side)
    }

    /// Whether `color`'s general is attacked by an enemy piece (art. 3.1).
    pub fn is_check(&self, color: Color) -> bool {
        self.general_attacked(color)
    }

    /// Checkmate, stalemate, or play goes on.
    pub fn status(&self) -> Status {
        if self.has_legal_move() {
            Status::Ongoing
        } else if self.in_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// Whether `mv` is a legal move for the side to move.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The position after a legal move; an illegal one is refused with its reason and `self` is
    /// left as it was.
    ///
    /// The rules of movement are checked on `self`, then the move is made once on the copy that
    /// is returned and the mover's general tested there (4.1.2, 4.1.6): one copy, one make.
    pub fn play(&self, mv: Move) -> Result<Position, super::IllegalMove> {
        let fail = |reason| Err(super::IllegalMove { mv, reason });
        if let Err(reason) = super::explain::movement(self, mv) {
            return fail(reason);
        }
        let mut next = self.clone();
        match next.make_safe(mv) {
            Ok(()) => Ok(next),
            Err(reason) => fail(reason),
        }
    }

    /// Whether `mv` obeys the rules of movement of art. 2.2 here, the safety of the own
    /// general aside (see [`Position::make_safe`]); the error names the rule broken.
    pub(crate) fn obeys_movement(&self, mv: Move) -> Result<(), super::IllegalReason> {
        super::explain::movement(self, mv)
    }

    /// Play `mv`, which obeys the rules of movement here (2.2), on this position itself,
    /// clocks included, and check the mover's own general: the error says why the move is
    /// illegal after all (generals facing, or the general left in check), and the position is
    /// then the board after that illegal move, to be thrown away. Made in place, so a game
    /// tree can play a move on its new node's own copy.
    pub(crate) fn make_safe(&mut self, mv: Move) -> Result<(), super::IllegalReason> {
        use super::IllegalReason;
        let mover = self.side;
        let (halfmove, fullmove) = (self.halfmove_clock, self.fullmove_number);
        let captured = self.make(mv);
        if self.generals_facing() {
            return Err(IllegalReason::GeneralsFacing);
        }
        if self.general_attacked(mover) {
            return Err(IllegalReason::LeavesGeneralInCheck);
        }
        self.halfmove_clock = if captured != 0 { 0 } else { halfmove + 1 };
        if mover == Color::Black {
            self.fullmove_number = fullmove + 1;
        }
        Ok(())
    }

    /// The position after `mv`, which generation has already proved legal (it comes from
    /// [`Position::legal_moves`] or a reader that checked it): nothing is checked again.
    pub(crate) fn play_legal(&self, mv: Move) -> Position {
        let mut next = self.clone();
        let captured = next.make(mv);
        next.count_clocks(self, captured);
        next
    }

    fn count_clocks(&mut self, before: &Position, captured: u8) {
        self.halfmove_clock = if captured != 0 {
            0
        } else {
            before.halfmove_clock + 1
        };
        if before.side == Color::Black {
            self.fullmove_number += 1;
        }
    }

    /// The same board with the other side to move, as if the side to move passed (a "null
    /// move"). The referee asks with it what the side that has just moved could do next
    /// (mate threat 28.2, chase 28.3). `None` when the side to move is in check: passing would
    /// leave its general attacked.
    pub fn passed(&self) -> Option<Position> {
        if self.in_check() {
            return None;
        }
        let mut next = self.clone();
        next.side = self.side.opponent();
        next.hash ^= BLACK_TO_MOVE;
        Some(next)
    }

    /// The same board with the other side to move even when the side to move is in check: a
    /// hypothetical for the referee only ("if the side that has just checked could move
    /// again"), in which the side not to move may stand in check. Its legal moves are those of
    /// the side to move that keep its own general safe.
    pub(crate) fn passed_in_check(&self) -> Position {
        let mut next = self.clone();
        next.side = self.side.opponent();
        next.hash ^= BLACK_TO_MOVE;
        next
    }

    /// Give the move to the other side in place (the engine's null move); undone by calling it
    /// again. The caller makes sure the side to move is not in check.
    #[inline(always)]
    pub(crate) fn toggle_side(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE;
    }

    /// Whether the move would capture.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to.index()] != 0
    }

    // ----- move generation -------------------------------------------------------------------

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        self.clone().legal_moves_in_place()
    }

    /// [`Position::legal_moves`] on a position the caller may lend (it is left as it was): no
    /// copy is made.
    pub(crate) fn legal_moves_in_place(&mut self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_pseudo(&mut list);
        self.retain_legal(&mut list);
        list
    }

    /// The legal moves of the side to move that check the enemy general, on a position the
    /// caller lends (left as it was). A move that cannot check is dropped before it is played
    /// or tested for the general's safety: a search for mates by checks looks at no other.
    pub(crate) fn checking_moves_in_place(&mut self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_pseudo(&mut list);
        let safety = self.safety();
        let mut i = 0;
        while i < list.len() {
            let mv = list[i];
            if self.gives_check(mv) && self.safe_with(mv, safety) {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
        list
    }

    /// The moves of the side to move as if it were not in check: a move of the general is
    /// tested as always, any other only for the lines it opens to its own general (a pin), not
    /// for a check it leaves standing. Out of check these are the legal moves. The referee asks
    /// with it what the side in check attacked before its move (細則 6: an attack the mover had
    /// before is not new because a check kept it from being taken).
    pub(crate) fn moves_ignoring_check(&self) -> MoveList {
        let mut work = self.clone();
        let mut list = MoveList::new();
        work.generate_pseudo(&mut list);
        let mut i = 0;
        while i < list.len() {
            if work.keeps_general_safe(list[i], false) {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
        list
    }

    /// The legal moves of the side to move onto `sq` (captures there, when an enemy piece
    /// stands on it), in no particular order: only the moves that reach `sq` are tested for the
    /// general's safety.
    pub(crate) fn legal_moves_to(&self, sq: Square) -> MoveList {
        let mut work = self.clone();
        let mut list = MoveList::new();
        work.generate_pseudo(&mut list);
        let mut i = 0;
        while i < list.len() {
            if list[i].to == sq {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
        work.retain_legal(&mut list);
        list
    }

    /// Whether the legal move `mv` checks the enemy general, found by making and taking it back
    /// on `self` (left as it was).
    pub(crate) fn gives_check(&mut self, mv: Move) -> bool {
        if !self.may_give_check(mv) {
            return false;
        }
        let captured = self.make(mv);
        let check = self.in_check();
        self.unmake(mv, captured);
        check
    }

    /// All moves that obey the movement of the pieces (art. 2.2) without regard to the safety of
    /// the own general.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_pseudo(&mut list);
        list
    }

    /// Number of legal moves (used for bulk counting in perft).
    pub(crate) fn count_legal(&mut self) -> usize {
        let mut list = MoveList::new();
        self.generate_pseudo(&mut list);
        let in_check = self.in_check();
        list.iter()
            .filter(|&&mv| self.keeps_general_safe(mv, in_check))
            .count()
    }

    fn has_legal_move(&self) -> bool {
        self.clone().has_legal_move_in_place()
    }

    /// Whether the side to move has a legal move, on a position the caller lends (left as it
    /// was): the pseudo-legal moves are tested one by one until one keeps the general safe.
    pub(crate) fn has_legal_move_in_place(&mut self) -> bool {
        let mut list = MoveList::new();
        self.generate_pseudo(&mut list);
        let safety = self.safety();
        list.iter().any(|&mv| self.safe_with(mv, safety))
    }

    /// What testing moves for the general's safety needs: whether the side to move is in check,
    /// and if so the points of the checks ([`Position::evasion_mask`]).
    fn safety(&self) -> (bool, u128) {
        let in_check = self.in_check();
        (in_check, if in_check { self.evasion_mask() } else { 0 })
    }

    /// Whether the pseudo-legal `mv` keeps the general safe. In check, a move of another piece
    /// that neither lands on nor leaves a point of the checks (a checker, a point between it and
    /// the general, a horse's leg) leaves the general attacked: it is refused without being
    /// played.
    #[inline(always)]
    fn safe_with(&mut self, mv: Move, (in_check, evasions): (bool, u128)) -> bool {
        let g = self.generals[self.side.index()] as usize;
        let (from, to) = (mv.from.index(), mv.to.index());
        let hopeless = in_check && from != g && (evasions >> from | evasions >> to) & 1 == 0;
        !hopeless && self.keeps_general_safe(mv, in_check)
    }

    fn retain_legal(&mut self, list: &mut MoveList) {
        let safety = self.safety();
        let mut i = 0;
        while i < list.len() {
            if self.safe_with(list[i], safety) {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    /// Whether a pseudo-legal move leaves the mover's general unattacked (2.2, 4.1.6).
    ///
    /// When the general is not in check and does not move, only three things can expose it: the
    /// point left opens its file or rank (a chariot, a cannon's line, the facing general) or a
    /// horse's leg next to it; the point reached becomes a cannon's screen on its file or rank.
    /// Only those lines are looked at; a move touching none of them is safe without playing it.
    #[inline(always)]
    fn keeps_general_safe(&mut self, mv: Move, in_check: bool) -> bool {
        let g = self.generals[self.side.index()] as usize;
        let (from, to) = (mv.from.index(), mv.to.index());
        if in_check || from == g {
            return self.legal_after(mv);
        }
        let relation = &RELATION[g];
        let (from_rel, to_rel) = (relation[from], relation[to] & !LEG);
        if from_rel | to_rel == 0 {
            return true;
        }
        let from_dir = (from_rel & !LEG).checked_sub(1).map(usize::from);
        let to_dir = to_rel.checked_sub(1).map(usize::from);
        let leg = from_rel & LEG != 0;
        let them = color_bit(self.side.opponent());
        // Only the board matters to the lines looked at: move the piece there and back.
        let captured = self.board[to];
        self.board[to] = self.board[from];
        self.board[from] = 0;
        let board = &self.board;
        let (chariot, cannon, general) = (CHARIOT | them, CANNON | them, GENERAL | them);
        let ray_hit = |d: usize| {
            ray_attacks(
                board,
                &RAYS[g][d],
                chariot,
                cannon,
                if d < 2 { general } else { 0 },
            )
        };
        let exposed = from_dir.is_some_and(ray_hit)
            || to_dir.is_some_and(|d| Some(d) != from_dir && ray_hit(d))
            || (leg
                && HORSE_ATTACKERS[g].as_slice().iter().any(|step| {
                    step.block as usize == from && board[step.to as usize] == HORSE | them
                }));
        self.board[from] = self.board[to];
        self.board[to] = captured;
        !exposed
    }

    /// The points of the checks on the side to move's general: every checking piece, the points
    /// between a checking chariot, cannon (its screen among them) or general and the general, and
    /// the leg of a checking horse. A move that touches none of them (other than a move of the
    /// general) cannot answer the check.
    fn evasion_mask(&self) -> u128 {
        let color = self.side;
        let g = self.generals[color.index()] as usize;
        let them = color_bit(color.opponent());
        let board = &self.board;
        let (chariot, cannon, general) = (CHARIOT | them, CANNON | them, GENERAL | them);
        let mut mask = 0u128;
        for (d, ray) in RAYS[g].iter().enumerate() {
            let mut line = 0u128;
            let mut screens = 0;
            for &sq in ray.as_slice() {
                line |= 1 << sq;
                let t = board[sq as usize];
                if t == 0 {
                    continue;
                }
                if screens == 0 && (t == chariot || (d < 2 && t == general)) {
                    mask |= line;
                    break;
                }
                if screens == 1 {
                    if t == cannon {
                        mask |= line;
                    }
                    break;
                }
                screens += 1;
            }
        }
        let horse = HORSE | them;
        for step in HORSE_ATTACKERS[g].as_slice() {
            if board[step.to as usize] == horse && board[step.block as usize] == 0 {
                mask |= (1 << step.to) | (1 << step.block);
            }
        }
        let soldier = SOLDIER | them;
        let (f, r) = (g % 9, g / 9);
        let ahead = r as i32 + color.forward() as i32;
        for sq in [
            (0..10).contains(&ahead).then(|| ahead as usize * 9 + f),
            (f > 0).then(|| g - 1),
            (f < 8).then(|| g + 1),
        ]
        .into_iter()
        .flatten()
        {
            if board[sq] == soldier {
                mask |= 1 << sq;
            }
        }
        mask
    }

    /// Whether `mv` of the side to move could check the enemy general at all: it leaves a point
    /// of the general's lines or of a horse's leg next to it, lands on one of its lines, or is a
    /// horse landing where it attacks it. A move that could not is no check, without playing it.
    #[inline]
    fn may_give_check(&self, mv: Move) -> bool {
        let eg = self.generals[self.side.opponent().index()] as usize;
        let (from, to) = (mv.from.index(), mv.to.index());
        let relation = &RELATION[eg];
        relation[from] != 0
            || relation[to] & !LEG != 0
            || (self.board[from] & KIND_MASK == HORSE
                && HORSE_ATTACKERS[eg]
                    .as_slice()
                    .iter()
                    .any(|step| step.to as usize == to))
    }

    /// Play `mv` on `self`, test the mover's general, and take it back.
    #[inline]
    fn legal_after(&mut self, mv: Move) -> bool {
        let us = self.side;
        let captured = self.make(mv);
        let ok = !self.general_attacked(us);
        self.unmake(mv, captured);
        ok
    }

    /// Play a move without checks; returns the captured code (0 if none).
    #[inline(always)]
    pub(crate) fn make(&mut self, mv: Move) -> u8 {
        let (from, to) = (mv.from.index(), mv.to.index());
        let moving = self.board[from];
        let captured = self.board[to];
        self.board[to] = moving;
        self.board[from] = 0;
        self.hash ^= piece_key(moving, from) ^ piece_key(moving, to) ^ BLACK_TO_MOVE;
        let us = self.side.index();
        self.occupied[us] ^= (1 << from) | (1 << to);
        if captured != 0 {
            self.hash ^= piece_key(captured, to);
            self.occupied[us ^ 1] ^= 1 << to;
        }
        if moving & KIND_MASK == GENERAL {
            self.generals[us] = to as u8;
        }
        self.side = self.side.opponent();
        captured
    }

    /// Take back a move made by [`Position::make`].
    #[inline(always)]
    pub(crate) fn unmake(&mut self, mv: Move, captured: u8) {
        let (from, to) = (mv.from.index(), mv.to.index());
        let moving = self.board[to];
        self.side = self.side.opponent();
        self.board[from] = moving;
        self.board[to] = captured;
        self.hash ^= piece_key(moving, from) ^ piece_key(moving, to) ^ BLACK_TO_MOVE;
        let us = self.side.index();
        self.occupied[us] ^= (1 << from) | (1 << to);
        if captured != 0 {
            self.hash ^= piece_key(captured, to);
            self.occupied[us ^ 1] ^= 1 << to;
        }
        if moving & KIND_MASK == GENERAL {
            self.generals[us] = from as u8;
        }
    }

    /// Pseudo-legal moves by the rules of movement of art. 2.2.
    fn generate_pseudo(&self, list: &mut MoveList) {
        let us = color_bit(self.side);
        let board = &self.board;
        let own = |code: u8| code != 0 && code & BLACK_BIT == us;
        let mut pieces = self.occupied[self.side.index()];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let code = board[from];
            let from_sq = Square::new(from as u8).expect("index below 90");
            let mut add = |to: u8| {
                list.push(Move::new(
                    from_sq,
                    Square::new(to).expect("move tables hold points of the board"),
                ))
            };
            match code & KIND_MASK {
                CHARIOT => {
                    for ray in &RAYS[from] {
                        for &to in ray.as_slice() {
                            let t = board[to as usize];
                            if t == 0 {
                                add(to);
                            } else {
                                if !own(t) {
                                    add(to);
                                }
                                break;
                            }
                        }
                    }
                }
                CANNON => {
                    for ray in &RAYS[from] {
                        let mut squares = ray.as_slice().iter();
                        for &to in squares.by_ref() {
                            if board[to as usize] == 0 {
                                add(to);
                            } else {
                                break;
                            }
                        }
                        // 2.2: the cannon captures over exactly one screen (炮架).
                        for &to in squares {
                            let t = board[to as usize];
                            if t != 0 {
                                if !own(t) {
                                    add(to);
                                }
                                break;
                            }
                        }
                    }
                }
                HORSE => {
                    for step in HORSE_MOVES[from].as_slice() {
                        if board[step.block as usize] == 0 && !own(board[step.to as usize]) {
                            add(step.to);
                        }
                    }
                }
                ELEPHANT => {
                    for step in ELEPHANT_MOVES[from].as_slice() {
                        if board[step.block as usize] == 0 && !own(board[step.to as usize]) {
                            add(step.to);
                        }
                    }
                }
                ADVISOR => {
                    for step in ADVISOR_MOVES[from].as_slice() {
                        if !own(board[step.to as usize]) {
                            add(step.to);
                        }
                    }
                }
                GENERAL => {
                    for step in GENERAL_MOVES[from].as_slice() {
                        if !own(board[step.to as usize]) {
                            add(step.to);
                        }
                    }
                }
                _ => {
                    for step in SOLDIER_MOVES[self.side.index()][from].as_slice() {
                        if !own(board[step.to as usize]) {
                            add(step.to);
                        }
                    }
                }
            }
        }
    }

    /// Whether `color`'s general is attacked: by a chariot or the enemy general on an open line
    /// (the generals may not face, 2.2), a cannon over one screen, a horse whose leg is free, or
    /// a soldier next to it.
    pub(crate) fn general_attacked(&self, color: Color) -> bool {
        let g = self.generals[color.index()] as usize;
        let them = color_bit(color.opponent());
        let board = &self.board;
        let (chariot, cannon, general) = (CHARIOT | them, CANNON | them, GENERAL | them);
        // Along each line from the general, the first piece and the one behind it, found from
        // the occupied points: the nearest on a ray to higher points is the lowest bit.
        let occupied = self.occupied[0] | self.occupied[1];
        for (d, &ray) in RAY_BITS[g].iter().enumerate() {
            let nearest = |pieces: u128| {
                if d % 2 == 0 {
                    pieces.trailing_zeros() as usize
                } else {
                    127 - pieces.leading_zeros() as usize
                }
            };
            let on_ray = occupied & ray;
            if on_ray == 0 {
                continue;
            }
            let first = nearest(on_ray);
            let t = board[first];
            if t == chariot || (d < 2 && t == general) {
                return true;
            }
            let behind = on_ray & !(1 << first);
            if behind != 0 && board[nearest(behind)] == cannon {
                return true;
            }
        }
        let horse = HORSE | them;
        for step in HORSE_ATTACKERS[g].as_slice() {
            if board[step.to as usize] == horse && board[step.block as usize] == 0 {
                return true;
            }
        }
        let soldier = SOLDIER | them;
        let (f, r) = (g % 9, g / 9);
        let ahead = r as i32 + color.forward() as i32;
        ((0..10).contains(&ahead) && board[ahead as usize * 9 + f] == soldier)
            || (f > 0 && board[g - 1] == soldier)
            || (f < 8 && board[g + 1] == soldier)
    }

    /// Whether the two generals stand on one file with nothing between them (2.2).
    pub fn generals_facing(&self) -> bool {
        let (r, b) = (self.generals[0] as usize, self.generals[1] as usize);
        if r % 9 != b % 9 {
            return false;
        }
        // The points of the file above the lower general, short of the upper one.
        let (lo, hi) = (r.min(b), r.max(b));
        let between = RAY_BITS[lo][0] & !RAY_BITS[hi][0] & !(1 << hi);
        (self.occupied[0] | self.occupied[1]) & between == 0
    }

    pub(crate) fn code_at(&self, sq: Square) -> u8 {
        self.board[sq.index()]
    }

    /// The board as piece codes by point index (0 empty; kind 1–7, plus 8 for Black), for the
    /// engine's evaluation.
    #[inline(always)]
    pub(crate) fn codes(&self) -> &[u8; 90] {
        &self.board
    }

    /// One bit per point holding a piece of `color` (bit = point index), for the engine.
    #[inline(always)]
    pub(crate) fn occupied(&self, color: Color) -> u128 {
        self.occupied[color.index()]
    }
}

/// Whether the first piece along `ray` is `chariot` or `general`, or the second is `cannon`.
#[inline(always)]
fn ray_attacks(board: &[u8; 90], ray: &Ray, chariot: u8, cannon: u8, general: u8) -> bool {
    let mut squares = ray.as_slice().iter();
    for &sq in squares.by_ref() {
        let t = board[sq as usize];
        if t != 0 {
            if t == chariot || t == general {
                return true;
            }
            break;
        }
    }
    for &sq in squares {
        let t = board[sq as usize];
        if t != 0 {
            return t == cannon;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passed_gives_the_move_to_the_other_side_with_the_matching_hash() {
        let start = Position::startpos();
        let passed = start.passed().expect("Red is not in check at the start");
        assert_eq!(passed.side_to_move(), Color::Black);
        let by_fen = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        )
        .expect("valid FEN");
        assert_eq!(passed.hash(), by_fen.hash());
        assert_eq!(passed.legal_moves().len(), 44);
        assert_eq!(passed.passed().map(|p| p.hash()), Some(start.hash()));
    }

    #[test]
    fn passed_in_check_keeps_the_board_and_gives_the_checker_the_move() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").expect("valid FEN");
        let again = pos.passed_in_check();
        assert_eq!(again.side_to_move(), Color::Red);
        assert_eq!(
            again.to_fen().split(' ').next(),
            pos.to_fen().split(' ').next()
        );
        // The checking chariot could now take the general: the referee ignores such moves.
        assert!(again
            .legal_moves()
            .contains(&Move::parse_iccs("e1e9").expect("move")));
    }

    #[test]
    fn passed_is_refused_when_in_check() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1").expect("valid FEN");
        assert!(pos.in_check());
        assert!(pos.passed().is_none());
    }
}
