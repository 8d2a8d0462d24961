//! The search: iterative deepening, principal variation search with aspiration windows,
//! quiescence on captures and check evasions, the transposition table, null-move pruning
//! (verified in endgames, where zugzwang is common), late move reductions, check extension,
//! reverse futility, futility and move-count pruning near the leaves, a shallower search where
//! the table knows no move, the static exchange (captures that lose it are tried last, and
//! not at all in quiescence or near the leaves), and the rules' own endings inside the tree:
//! mate and stalemate lose (4.1.1, 4.1.3), repetitions are scored by the referee's verdict,
//! the natural limit draws (4.2.4). A cycle the search itself chose is scored at its first
//! return. A position that stood on the board in the game is no draw the second time: an
//! allowed cycle is drawn on the third, as the referee rules it (24); a forbidden one is lost
//! by the side that must vary as soon as its own move brings the position round again.
//!
//! With more than one thread the search is Lazy SMP: helper threads search the same root,
//! half of them a ply deeper, each with its own heuristics, and share what they find through
//! the one transposition table; the main thread keeps the clock, reports and decides.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::captures::captures;
use super::eval::{evaluate, ORDER_VALUE};
use super::repetition::RuleJudge;
use super::score::{INFINITE, MATE, MATE_BOUND};
use super::see;
use super::time::Budget;
use super::tt::{Bound, Table};
use super::{decode, encode, Control, MoveCode};
use crate::referee::{CycleVerdict, NoCaptureCount, RepetitionRuling, RULING_OCCURRENCE};
use crate::rules::{Color, Move, MoveList, Position, Status};

/// Deepest line the search follows.
pub(crate) const MAX_PLY: usize = 96;

/// Order score of a capture that loses the exchange: below every quiet move.
const BAD_CAPTURE: i32 = -2_000_000_000;

/// Nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 2048;

/// A root move with its score in the last iteration and its line.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub previous: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
}

/// What the threads of one search share besides the table.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    /// Set when the main thread has finished: the helpers stop.
    pub done: AtomicBool,
    /// Nodes the helper threads have visited so far (each adds its count now and then).
    pub helper_nodes: AtomicU64,
}

/// Heuristics kept from one search to the next (cleared by a new game).
pub(crate) struct Heuristics {
    pub history: Box<[[i32; 90]; 90]>,
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            history: Box::new([[0; 90]; 90]),
        }
    }

    pub fn age(&mut self) {
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
    }
}

/// Reductions of late moves by depth and move number.
fn lmr_table() -> &'static [[i8; 64]; 64] {
    static TABLE: std::sync::OnceLock<[[i8; 64]; 64]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[0i8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.0) as i8;
            }
        }
        t
    })
}

/// One search over a game: the working position and the line that led to it.
pub(crate) struct Searcher<'a> {
    pos: Position,
    tt: &'a Table,
    judge: &'a mut RuleJudge,
    heuristics: &'a mut Heuristics,
    control: &'a Control,
    shared: &'a Shared,
    /// A helper thread: no clock, no limits, it stops when the main thread is done.
    helper: bool,
    /// Of `nodes`, those already added to [`Shared::helper_nodes`] (a helper's).
    published: u64,
    /// Hash of every position since the start of the game, the current last.
    hashes: Vec<u64>,
    /// The move from each position to the next (a null move is marked in `nulls`).
    moves: Vec<Move>,
    captured: Vec<u8>,
    nulls: Vec<bool>,
    /// Whether the side to move stands in check, per position.
    checks: Vec<bool>,
    counts: Vec<NoCaptureCount>,
    /// Positions before this index cannot repeat along the path (a null move lies between).
    floor: usize,
    /// The index of the root position in `hashes`: those up to it were played in the game.
    root: usize,
    killers: [[MoveCode; 2]; MAX_PLY],
    /// The static evaluation at each ply of the current line (`-INFINITE` in check).
    evals: [i32; MAX_PLY],
    pv: Box<[[MoveCode; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    pub nodes: u64,
    pub seldepth: usize,
    pub start: Instant,
    budget: Option<Budget>,
    node_limit: Option<u64>,
    pondering: bool,
    /// Set when the search must stop; results of an unfinished iteration are not used.
    pub stopped: bool,
    /// The first iteration always completes unless stopped from outside.
    pub guard_first: bool,
}

impl<'a> Searcher<'a> {
    /// A search of the position after `moves` played from `start` (the moves are legal).
    /// A `helper` thread has no budget, node limit nor pondering of its own.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        start: &Position,
        moves: &[Move],
        tt: &'a Table,
        judge: &'a mut RuleJudge,
        heuristics: &'a mut Heuristics,
        control: &'a Control,
        shared: &'a Shared,
        helper: bool,
        budget: Option<Budget>,
        node_limit: Option<u64>,
        pondering: bool,
    ) -> Searcher<'a> {
        let n = moves.len() + MAX_PLY + 2;
        let mut s = Searcher {
            hashes: Vec::with_capacity(n),
            moves: Vec::with_capacity(n),
            captured: Vec::with_capacity(n),
            nulls: Vec::with_capacity(n),
            checks: Vec::with_capacity(n),
            counts: Vec::with_capacity(n),
            floor: 0,
            root: moves.len(),
            killers: [[0; 2]; MAX_PLY],
            evals: [-INFINITE; MAX_PLY],
            pv: Box::new([[0; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            budget,
            node_limit,
            pondering,
            stopped: false,
            guard_first: true,
            pos: start.clone(),
            tt,
            judge,
            heuristics,
            control,
            shared,
            helper,
            published: 0,
        };
        s.hashes.push(start.hash());
        s.checks.push(start.in_check());
        s.counts.push(NoCaptureCount {
            plies: start.halfmove_clock(),
            ..NoCaptureCount::default()
        });
        for &mv in moves {
            let mover = s.pos.side_to_move();
            let cap = s.pos.make(mv);
            s.push(mv, cap, mover, false);
        }
        s
    }

    /// Per mille of the transposition table used in this search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Nodes visited by every thread so far (the helpers' as they last added them).
    pub fn all_nodes(&self) -> u64 {
        self.nodes + self.shared.helper_nodes.load(Ordering::Relaxed)
    }

    /// Add a helper's nodes not yet counted to the shared count.
    pub fn publish_nodes(&mut self) {
        if self.helper {
            let fresh = self.nodes - self.published;
            self.shared.helper_nodes.fetch_add(fresh, Ordering::Relaxed);
            self.published = self.nodes;
        }
    }

    #[inline]
    fn push(&mut self, mv: Move, cap: u8, mover: Color, null: bool) {
        let check = self.pos.in_check();
        let mut count = *self.counts.last().expect("the start position is counted");
        if !null {
            count.record(mover, cap != 0, check);
        }
        self.hashes.push(self.pos.hash());
        self.moves.push(mv);
        self.captured.push(cap);
        self.nulls.push(null);
        self.checks.push(check);
        self.counts.push(count);
    }

    /// Play a pseudo-legal move; refused (and taken back) if it leaves the mover's general
    /// attacked or the generals facing (2.2, 4.1.6).
    #[inline]
    fn make(&mut self, mv: Move) -> bool {
        let us = self.pos.side_to_move();
        let cap = self.pos.make(mv);
        if self.pos.general_attacked(us) {
            self.pos.unmake(mv, cap);
            return false;
        }
        self.push(mv, cap, us, false);
        true
    }

    #[inline]
    fn unmake(&mut self) {
        self.hashes.pop();
        self.checks.pop();
        self.counts.pop();
        let mv = self.moves.pop().expect("a move was made");
        let cap = self.captured.pop().expect("a move was made");
        let null = self.nulls.pop().expect("a move was made");
        if null {
            self.pos.toggle_side();
        } else {
            self.pos.unmake(mv, cap);
        }
    }

    fn make_null(&mut self) -> usize {
        let mover = self.pos.side_to_move();
        self.pos.toggle_side();
        let mv = Move::new(mv_none(), mv_none());
        self.push(mv, 0, mover, true);
        let floor = self.floor;
        self.floor = self.hashes.len() - 1;
        floor
    }

    fn unmake_null(&mut self, floor: usize) {
        self.unmake();
        self.floor = floor;
    }

    #[inline]
    fn in_check(&self) -> bool {
        *self.checks.last().expect("every position is recorded")
    }

    /// Look at the clock and the stop flag now and then.
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(limit) = self.node_limit {
            if self.all_nodes() >= limit && !self.guard_first {
                self.stopped = true;
                return true;
            }
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            if self.helper {
                self.publish_nodes();
                if self.shared.done.load(Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
            if self.control.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            } else if self.pondering {
                if !self.control.ponder.load(Ordering::Relaxed) {
                    // ponderhit: our clock runs from now.
                    self.pondering = false;
                    self.start = Instant::now();
                }
            } else if let Some(b) = self.budget {
                if !self.guard_first && self.start.elapsed() >= b.hard {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }

    /// Whether time allows another iteration.
    pub fn time_for_another(&mut self) -> bool {
        if self.pondering && !self.control.ponder.load(Ordering::Relaxed) {
            self.pondering = false;
            self.start = Instant::now();
        }
        if self.pondering {
            return true;
        }
        match self.budget {
            None => true,
            Some(b) if b.soft == b.hard => self.start.elapsed() < b.hard,
            Some(b) => self.start.elapsed() < b.soft * 6 / 10,
        }
    }

    /// The score of a position decided by the rules: a repetition (by the referee's verdict
    /// on the cycle) or the natural limit.
    fn rule_score(&mut self, ply: usize) -> Option<i32> {
        let n = self.hashes.len() - 1;
        let count = self.counts[n];
        if self.judge.natural_limit(&count) {
            // A mate on the last move still counts (4.1.1 before 4.2.4).
            return Some(if self.pos.status() == Status::Ongoing {
                0
            } else {
                -(MATE - ply as i32)
            });
        }
        let reach = (count.plies as usize).min(n - self.floor);
        if reach < 4 {
            return None;
        }
        let hash = self.hashes[n];
        // Earlier occurrences of the position in the game played up to the root.
        let mut played = 0;
        // The verdict on the last two rounds, once the position has come round three times.
        let mut verdict = None;
        let mut i = n - 4;
        loop {
            if self.hashes[i] == hash {
                if i > self.root {
                    // The whole cycle was chosen by this search: a side that would not repeat
                    // it varies at its first occurrence, where it had the same moves, so the
                    // cycle is scored at its first return as the rules will rule it if it
                    // goes on (24, 26).
                    let loser = self.cycle_verdict(i, n)?.loser();
                    return Some(self.loss_score(loser, ply));
                }
                // The earlier occurrence was played in the game, where nobody can vary any
                // more. A forbidden cycle is lost by the side that must vary when its own move
                // brought the position round: it must vary on this same position by the third
                // time (24.3, 26.4; 26.1), so repeating gains it nothing. When the other side's
                // move did, the side that must vary is to move and varies: the search goes on.
                played += 1;
                if played == 1 {
                    let loser = self.cycle_verdict(i, n)?.loser();
                    if loser.is_some_and(|side| side != self.pos.side_to_move()) {
                        return Some(self.loss_score(loser, ply));
                    }
                }
                // Otherwise the position counts as the referee counts it (循環反復三次, 24):
                // an allowed cycle is drawn on the third time (24.2), the cycle judged over
                // its last two rounds as the referee judges it.
                if played + 1 == RULING_OCCURRENCE {
                    verdict = Some(self.cycle_verdict(i, n)?);
                }
                match verdict.as_ref().map(|v| v.ruling_at(played + 1)) {
                    None | Some(RepetitionRuling::Continues | RepetitionRuling::MustVary(_)) => {}
                    Some(RepetitionRuling::Draw) => return Some(0),
                    Some(RepetitionRuling::Loses(side)) => {
                        return Some(self.loss_score(Some(side), ply))
                    }
                }
            }
            if i < 2 || n - (i - 2) > reach {
                return None;
            }
            i -= 2;
        }
    }

    /// The score for the side to move at `ply` when `loser` has lost (`None`: a draw).
    fn loss_score(&self, loser: Option<Color>, ply: usize) -> i32 {
        match loser {
            None => 0,
            Some(side) if side == self.pos.side_to_move() => -(MATE - ply as i32),
            Some(_) => MATE - ply as i32,
        }
    }

    /// The referee's verdict on the cycle from the position at index `from` to the one at
    /// `to`, the current one.
    fn cycle_verdict(&mut self, from: usize, to: usize) -> Option<CycleVerdict> {
        let mut key = 0xC0FF_EE00_u64;
        for &h in &self.hashes[from..=to] {
            key = (key ^ h).wrapping_mul(0x100_0000_01B3).rotate_left(23);
        }
        let mut start = self.pos.clone();
        for j in (from..to).rev() {
            start.unmake(self.moves[j], self.captured[j]);
        }
        self.judge.cycle_verdict(&start, &self.moves[from..to], key)
    }

    /// Whether `side` has a chariot, horse or cannon (no null move without one: zugzwang).
    fn attacking_weight(&self, side: Color) -> i32 {
        let us = (side.index() as u8) << 3;
        self.pos
            .codes()
            .iter()
            .filter(|&&c| c != 0 && c & 8 == us)
            .map(|&c| match c & 7 {
                5 => 6,
                4 | 6 => 3,
                _ => 0,
            })
            .sum()
    }

    fn score_moves(&self, list: &MoveList, tt_move: MoveCode, ply: usize, scores: &mut [i32]) {
        let board = self.pos.codes();
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        for (i, &mv) in list.iter().enumerate() {
            let code = encode(mv);
            let victim = board[mv.to.index()];
            scores[i] = if code == tt_move {
                1 << 30
            } else if victim != 0 {
                let attacker = board[mv.from.index()] & 7;
                let order =
                    ORDER_VALUE[(victim & 7) as usize] * 10 - ORDER_VALUE[attacker as usize] / 10;
                // Captures that lose the exchange come after the quiet moves.
                if see::loses(&self.pos, mv, 0) {
                    BAD_CAPTURE + order
                } else {
                    1_000_000 + order
                }
            } else if code == killers[0] {
                900_000
            } else if code == killers[1] {
                800_000
            } else {
                self.heuristics.history[mv.from.index()][mv.to.index()]
            };
        }
    }

    /// Bring the best-scored remaining move to `i`.
    #[inline]
    fn pick(list: &mut [Move], scores: &mut [i32], i: usize) {
        let mut best = i;
        for j in i + 1..list.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        list.swap(i, best);
        scores.swap(i, best);
    }

    fn update_pv(&mut self, ply: usize, mv: MoveCode) {
        self.pv[ply][ply] = mv;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for j in ply + 1..child_len {
            self.pv[ply][j] = self.pv[ply + 1][j];
        }
        self.pv_len[ply] = child_len;
    }

    fn reward(&mut self, mv: Move, depth: i32, ply: usize, tried: &[Move]) {
        let code = encode(mv);
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.heuristics.history;
        let cell = &mut h[mv.from.index()][mv.to.index()];
        *cell += bonus - *cell * bonus / 16_384;
        for m in tried {
            let cell = &mut h[m.from.index()][m.to.index()];
            *cell -= bonus + *cell * bonus / 16_384;
        }
    }

    /// One iteration to `depth` of the first `lines` root moves, each line in an aspiration
    /// window around its last score, widened until the score falls inside; the roots end
    /// sorted, best first. An unfinished iteration leaves `stopped` set.
    pub fn iterate(&mut self, roots: &mut [RootMove], lines: usize, depth: i32) {
        for r in roots.iter_mut() {
            r.previous = r.score;
        }
        for pv_index in 0..lines {
            let previous = roots[pv_index].previous;
            let mut delta = 30;
            let (mut alpha, mut beta) = if depth >= 5 && previous.abs() < MATE_BOUND {
                (previous - delta, previous + delta)
            } else {
                (-INFINITE, INFINITE)
            };
            loop {
                let score = self.root(roots, pv_index, depth, alpha, beta);
                sort_from(roots, pv_index);
                if self.stopped {
                    return;
                }
                if score <= alpha && alpha > -INFINITE {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITE);
                } else if score >= beta && beta < INFINITE {
                    beta = (score + delta).min(INFINITE);
                } else {
                    break;
                }
                delta *= 2;
                if delta > 600 {
                    alpha = -INFINITE;
                    beta = INFINITE;
                }
            }
        }
    }

    /// A helper thread's search (number `id`, from 1): iterations of the best line to
    /// `max_depth`, the odd helpers a ply ahead of the even ones, until the main thread is
    /// done; what it finds reaches the main thread through the table.
    /// Returns its deepest finished iteration and the best root move of it.
    pub fn help(&mut self, roots: &mut [RootMove], id: usize, max_depth: i32) -> (i32, RootMove) {
        self.guard_first = false;
        let mut finished = (0, roots[0].clone());
        for depth in 1 + (id % 2) as i32..=max_depth {
            self.iterate(roots, 1, depth);
            if self.stopped {
                break;
            }
            roots[0].seldepth = roots[0].seldepth.max(depth as usize);
            finished = (depth, roots[0].clone());
        }
        self.publish_nodes();
        finished
    }

    /// Search the root moves from `first` on (earlier ones are the lines already chosen for
    /// MultiPV) with the window `alpha..beta`; each move gets its score, or `-INFINITE` when
    /// it is not better than the best.
    pub fn root(
        &mut self,
        roots: &mut [RootMove],
        first: usize,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv_len[0] = 0;
        let in_check = self.in_check();
        let mut best = -INFINITE;
        for (i, root) in roots.iter_mut().enumerate().skip(first) {
            let mv = root.mv;
            let capture = self.pos.is_capture(mv);
            if !self.make(mv) {
                root.score = -INFINITE;
                continue;
            }
            self.seldepth = 0;
            let gives_check = self.in_check();
            let new_depth = depth - 1;
            let score = if i == first {
                -self.search(new_depth, -beta, -alpha, 1, true)
            } else {
                let r = if depth >= 3 && !capture && !in_check && !gives_check && i > first + 3 {
                    1
                } else {
                    0
                };
                let mut s = -self.search(new_depth - r, -alpha - 1, -alpha, 1, true);
                if s > alpha && r > 0 {
                    s = -self.search(new_depth, -alpha - 1, -alpha, 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.search(new_depth, -beta, -alpha, 1, true);
                }
                s
            };
            self.unmake();
            if self.stopped {
                return best;
            }
            if score > best {
                best = score;
            }
            if score > alpha || i == first {
                root.score = score;
                root.seldepth = self.seldepth;
                let mut pv = vec![mv];
                pv.extend((1..self.pv_len[1]).filter_map(|j| decode(self.pv[1][j])));
                root.pv = pv;
                if score > alpha {
                    alpha = score;
                }
                if alpha >= beta {
                    break;
                }
            } else {
                root.score = -INFINITE;
            }
        }
        best
    }

    /// Alpha-beta (PVS) from a node `ply` plies below the root.
    fn search(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if let Some(score) = self.rule_score(ply) {
            return score;
        }
        // Mate distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 2 {
            return evaluate(&self.pos);
        }
        let in_check = self.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply);
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.should_stop() {
            return 0;
        }
        let key = self.pos.hash();
        let mut tt_move = 0;
        if let Some(hit) = self.tt.probe(key, ply) {
            tt_move = hit.mv;
            if !pv_node && hit.depth >= depth {
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if usable {
                    return hit.score;
                }
            }
        }
        let side = self.pos.side_to_move();
        let static_eval = if in_check {
            -INFINITE
        } else {
            evaluate(&self.pos)
        };
        self.evals[ply] = static_eval;
        // Whether the side to move stands better than two plies ago: if not, late moves are
        // pruned and reduced more.
        let improving = !in_check
            && (ply < 2 || self.evals[ply - 2] == -INFINITE || static_eval > self.evals[ply - 2]);
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the leaves.
            if depth <= 6 && static_eval - 100 * depth >= beta {
                return static_eval;
            }
            // Razoring: hopeless near the leaves unless a capture saves it.
            if depth <= 2 && static_eval + 260 * depth < alpha {
                let q = self.quiesce(alpha, beta, ply);
                if q < alpha {
                    return q;
                }
            }
            // Null move, verified where few attackers remain (zugzwang).
            let weight = self.attacking_weight(side);
            if null_ok && depth >= 3 && static_eval >= beta && weight > 0 {
                let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
                let floor = self.make_null();
                let s = -self.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.unmake_null(floor);
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    let s = if s >= MATE_BOUND { beta } else { s };
                    if weight > 6 {
                        return s;
                    }
                    let v = self.search(depth - 1 - r, beta - 1, beta, ply, false);
                    if v >= beta {
                        return s;
                    }
                }
            }
        }
        // No move from the table: this node was not searched before, search it a little less
        // deep (the next iteration will know its best move).
        if depth >= 4 && tt_move == 0 {
            depth -= 1;
        }
        let mut list = self.pos.pseudo_legal_moves();
        let mut scores = [0i32; crate::rules::MAX_MOVES];
        self.score_moves(&list, tt_move, ply, &mut scores[..list.len()]);
        let moves = list.as_mut_slice();
        let orig_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move: MoveCode = 0;
        let mut legal = 0;
        let mut tried = [Move::new(mv_none(), mv_none()); 64];
        let mut tried_len = 0;
        let lmr = lmr_table();
        for i in 0..moves.len() {
            Self::pick(moves, &mut scores[..moves.len()], i);
            let mv = moves[i];
            let capture = self.pos.is_capture(mv);
            let is_killer = scores[i] >= 800_000 && !capture;
            if !self.make(mv) {
                continue;
            }
            legal += 1;
            let gives_check = self.in_check();
            let quiet = !capture && !gives_check && !in_check;
            // Late quiet moves near the leaves are not tried, nor quiet moves that cannot
            // raise the score to alpha (futility), nor captures that lose the exchange.
            let bad_capture = capture && scores[i] < BAD_CAPTURE / 2;
            if !pv_node && !in_check && depth <= 5 && best > -MATE_BOUND && legal > 1 {
                let late = legal > (3 + depth * depth) / if improving { 1 } else { 2 };
                let futile = static_eval + 80 + 100 * depth <= alpha;
                if (quiet && (late || futile)) || (bad_capture && !gives_check && depth <= 3) {
                    self.unmake();
                    continue;
                }
            }
            let new_depth = depth - 1;
            let score = if legal == 1 {
                -self.search(new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let mut r = 0;
                if depth >= 3 && (quiet || (bad_capture && !in_check)) && legal > 3 && !is_killer {
                    r = i32::from(lmr[(depth as usize).min(63)][(legal as usize).min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    r -= self.heuristics.history[mv.from.index()][mv.to.index()] / 6_000;
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.search(new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.search(new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = encode(mv);
                    alpha = score;
                    self.update_pv(ply, best_move);
                    if alpha >= beta {
                        if !capture {
                            self.reward(mv, depth, ply, &tried[..tried_len]);
                        }
                        break;
                    }
                }
            }
            if !capture && tried_len < tried.len() {
                tried[tried_len] = mv;
                tried_len += 1;
            }
        }
        if legal == 0 {
            // 4.1.1 mated, 4.1.3 stalemated: the side to move has lost.
            return -(MATE - ply as i32);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, best, depth, bound, ply);
        best
    }

    /// Quiescence: captures (and every evasion when in check) until the position is quiet.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.should_stop() {
            return 0;
        }
        if ply >= MAX_PLY - 2 {
            return evaluate(&self.pos);
        }
        let in_check = self.in_check();
        let mut best = -INFINITE;
        let mut stand = 0;
        if !in_check {
            stand = evaluate(&self.pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let list = if in_check {
            self.pos.pseudo_legal_moves()
        } else {
            let mut list = MoveList::new();
            captures(&self.pos, &mut list);
            list
        };
        let mut list = list;
        let board = self.pos.codes();
        let mut scores = [0i32; crate::rules::MAX_MOVES];
        let mut n = 0;
        {
            let moves = list.as_mut_slice();
            for i in 0..moves.len() {
                let mv = moves[i];
                let victim = board[mv.to.index()];
                let value = ORDER_VALUE[(victim & 7) as usize];
                if !in_check && (stand + value + 160 < alpha || see::loses(&self.pos, mv, 0)) {
                    continue;
                }
                moves[n] = mv;
                scores[n] = if victim != 0 {
                    value * 10 - ORDER_VALUE[(board[mv.from.index()] & 7) as usize] / 10
                } else {
                    self.heuristics.history[mv.from.index()][mv.to.index()] / 64 - 1_000_000
                };
                n += 1;
            }
        }
        let moves = &mut list.as_mut_slice()[..n];
        let mut legal = 0;
        for i in 0..n {
            Self::pick(moves, &mut scores[..n], i);
            let mv = moves[i];
            if !self.make(mv) {
                continue;
            }
            legal += 1;
            let s = -self.quiesce(-beta, -alpha, ply + 1);
            self.unmake();
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return -(MATE - ply as i32);
        }
        best
    }
}

/// The point a0, for placeholder moves that are never played.
fn mv_none() -> crate::rules::Square {
    crate::rules::Square::from_coords(0, 0).expect("a0 is on the board")
}

/// Sort the root moves from `first` on by score, best first, keeping the order of equals.
fn sort_from(roots: &mut [RootMove], first: usize) {
    roots[first..].sort_by_key(|r| std::cmp::Reverse(r.score));
}
