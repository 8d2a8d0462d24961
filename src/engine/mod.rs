//! The built-in engine (引擎): a search of the game tree that plays by the rules of the game,
//! repetitions included — it avoids the repetitions the rule set forbids it and aims for the
//! ones it forbids the opponent, as the referee would rule them.
//!
//! [`Engine::think`] searches the position at the end of a [`Line`] within [`Limits`] and
//! reports each finished iteration; [`Control`] stops it from another thread at once. The
//! `qipu uci` command speaks UCI and UCCI over it. [`crate::engine_client`] drives any other UCI
//! or UCCI engine as a child process.

mod captures;
mod eval;
mod repetition;
mod score;
mod search;
mod see;
mod skill;
mod time;
mod tt;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub use score::Score;
pub use time::Clocks;

use crate::referee::RuleSet;
use crate::rules::{IllegalMove, Move, Position, Square};
use score::{INFINITE, MATE_BOUND};
use search::{Heuristics, RootMove, Searcher, Shared, MAX_PLY};

/// A move packed in 16 bits for the tables: `from << 7 | to`; 0 is no move.
pub(crate) type MoveCode = u16;

#[inline(always)]
pub(crate) fn encode(mv: Move) -> MoveCode {
    ((mv.from.index() as u16) << 7) | mv.to.index() as u16
}

#[inline(always)]
pub(crate) fn decode(code: MoveCode) -> Option<Move> {
    if code == 0 {
        return None;
    }
    Some(Move::new(
        Square::new((code >> 7) as u8)?,
        Square::new((code & 0x7f) as u8)?,
    ))
}

/// The engine's settings, as the UCI options set them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Size of the transposition table in megabytes (`Hash`).
    pub hash_mb: usize,
    /// Lines searched and reported (`MultiPV`).
    pub multipv: usize,
    /// Strength 0–20, 20 the strongest (`Skill Level`).
    pub skill: u8,
    /// The rule set repetitions are judged by (`Rules`).
    pub rules: RuleSet,
    /// Time kept back on every move for passing it on (`Move Overhead`).
    pub move_overhead: Duration,
    /// Threads searching together, 1 to the machine's cores (`Threads`). Below full
    /// strength the engine searches on one: a level is its depth and its choice, the same
    /// on any machine.
    pub threads: usize,
}

impl Options {
    /// Most lines of `MultiPV`.
    pub const MAX_MULTIPV: usize = 64;
    /// Largest `Hash`.
    pub const MAX_HASH_MB: usize = 4096;
    /// The strongest `Skill Level`.
    pub const MAX_SKILL: u8 = 20;

    /// Most `Threads`: the machine's cores (1 when they cannot be told).
    pub fn max_threads() -> usize {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: 16,
            multipv: 1,
            skill: Options::MAX_SKILL,
            rules: RuleSet::Cxa1999,
            move_overhead: Duration::from_millis(10),
            threads: 1,
        }
    }
}

/// How long and how deep to search. With nothing set the search goes on until stopped or
/// it reaches its deepest iteration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Iterations to complete.
    pub depth: Option<u32>,
    /// Nodes to visit (about).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The game clocks (art. 6).
    pub clocks: Option<Clocks>,
    /// Search until stopped (`go infinite`).
    pub infinite: bool,
    /// Search the opponent's time until `ponderhit` or `stop` (`go ponder`).
    pub ponder: bool,
    /// Only these root moves (`go searchmoves`); empty for all.
    pub only: Vec<Move>,
    /// Root moves not to play (UCCI `banmoves`).
    pub banned: Vec<Move>,
}

/// Signals from the protocol to a running search.
#[derive(Debug, Default)]
pub struct Control {
    stop: AtomicBool,
    ponder: AtomicBool,
}

impl Control {
    /// Signals for a new search; `pondering` when it starts as `go ponder`.
    pub fn new(pondering: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            ponder: AtomicBool::new(pondering),
        }
    }

    /// Stop the search now; it answers with the best move found so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The opponent played the expected move: the search goes on under its own time limits.
    pub fn ponderhit(&self) {
        self.ponder.store(false, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether the search still ponders.
    pub fn pondering(&self) -> bool {
        self.ponder.load(Ordering::Relaxed)
    }
}

/// One finished line of an iteration (UCI `info`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The iteration (plies searched at full depth).
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Line number, 1 the best.
    pub multipv: usize,
    /// Score for the side to move.
    pub score: Score,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search began.
    pub time: Duration,
    /// Per mille of the transposition table used in this search.
    pub hashfull: u32,
    /// The line, its first move the one scored.
    pub pv: Vec<Move>,
}

/// What the search decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The move to play; `None` when there is no legal move (the game is over).
    pub best: Option<Move>,
    /// The reply expected.
    pub ponder: Option<Move>,
    /// The score of the best line, if an iteration finished.
    pub score: Option<Score>,
    /// The deepest finished iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
}

/// A game to search: its start position and the legal moves played since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    start: Position,
    moves: Vec<Move>,
    end: Position,
}

/// A move of a line that is not legal where it stands.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("move {number} ({mv}) is illegal: {source}")]
pub struct LineError {
    /// The move's number in the line, from 1.
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// Why it is illegal.
    #[source]
    pub source: IllegalMove,
}

impl Line {
    /// The line `moves` from `start`; every move is checked.
    pub fn new(start: Position, moves: Vec<Move>) -> Result<Line, LineError> {
        let mut end = start.clone();
        for (i, &mv) in moves.iter().enumerate() {
            end = end.play(mv).map_err(|source| LineError {
                number: i + 1,
                mv,
                source,
            })?;
        }
        Ok(Line { start, moves, end })
    }

    /// The position the line ends in, the one searched.
    pub fn position(&self) -> &Position {
        &self.end
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
}

/// The engine: its options, transposition table and what it keeps between searches.
pub struct Engine {
    options: Options,
    tt: tt::Table,
    judge: repetition::RuleJudge,
    heuristics: Heuristics,
    /// What each helper thread keeps (`Threads` less one).
    helpers: Vec<Helper>,
    random: skill::Random,
}

/// A helper thread's own rulings and heuristics.
struct Helper {
    judge: repetition::RuleJudge,
    heuristics: Heuristics,
}

impl Helper {
    fn new(rules: RuleSet) -> Helper {
        Helper {
            judge: repetition::RuleJudge::new(rules),
            heuristics: Heuristics::new(),
        }
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(Options::default())
    }
}

impl Engine {
    /// An engine with `options`.
    pub fn new(options: Options) -> Engine {
        let threads = options.threads.clamp(1, Options::max_threads());
        Engine {
            tt: tt::Table::new(options.hash_mb),
            judge: repetition::RuleJudge::new(options.rules),
            heuristics: Heuristics::new(),
            helpers: (1..threads).map(|_| Helper::new(options.rules)).collect(),
            random: skill::Random::from_clock(),
            options: Options { threads, ..options },
        }
    }

    /// The options in force.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Change the options (a new `Hash` size empties the table).
    pub fn set_options(&mut self, options: Options) {
        let options = Options {
            multipv: options.multipv.clamp(1, Options::MAX_MULTIPV),
            hash_mb: options.hash_mb.clamp(1, Options::MAX_HASH_MB),
            skill: options.skill.min(Options::MAX_SKILL),
            threads: options.threads.clamp(1, Options::max_threads()),
            ..options
        };
        if options.hash_mb != self.options.hash_mb {
            self.tt = tt::Table::new(options.hash_mb);
        }
        if options.rules != self.options.rules {
            self.judge = repetition::RuleJudge::new(options.rules);
            self.helpers.clear();
        }
        self.helpers
            .resize_with(options.threads - 1, || Helper::new(options.rules));
        self.options = options;
    }

    /// Forget what was learnt in the last game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heuristics = Heuristics::new();
        self.judge = repetition::RuleJudge::new(self.options.rules);
        for helper in &mut self.helpers {
            *helper = Helper::new(self.options.rules);
        }
    }

    /// Search the position at the end of `line` within `limits`, calling `report` for every
    /// line of every finished iteration, and return the move to play.
    pub fn think(
        &mut self,
        line: &Line,
        limits: &Limits,
        control: &Control,
        report: &mut dyn FnMut(&Report),
    ) -> Outcome {
        self.tt.new_search();
        self.heuristics.age();
        let pos = line.position();
        let mut roots: Vec<RootMove> = pos
            .legal_moves()
            .iter()
            .filter(|mv| limits.only.is_empty() || limits.only.contains(mv))
            .filter(|mv| !limits.banned.contains(mv))
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                previous: -INFINITE,
                pv: vec![mv],
                seldepth: 0,
            })
            .collect();
        if roots.is_empty() {
            return Outcome {
                best: None,
                ponder: None,
                score: None,
                depth: 0,
                nodes: 0,
            };
        }
        let overhead = self.options.move_overhead;
        let budget = if limits.infinite {
            None
        } else if let Some(t) = limits.movetime {
            Some(time::Budget::fixed(t, overhead))
        } else {
            limits
                .clocks
                .map(|c| time::Budget::from_clocks(&c, pos.side_to_move(), overhead))
        };
        let level = skill::Level::new(self.options.skill);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(level.depth())
            .clamp(1, MAX_PLY as u32 - 8) as i32;
        let lines = self.options.multipv.max(level.lines()).min(roots.len());
        let shown = self.options.multipv.min(roots.len());
        // Order the root by a quick look: captures first.
        roots.sort_by_key(|r| std::cmp::Reverse(eval::ORDER_VALUE[capture_kind(pos, r.mv)]));
        // A level below full strength searches alone (see `Options::threads`).
        let helpers = if level.is_full() {
            &mut self.helpers[..]
        } else {
            &mut []
        };
        let shared = Shared::default();
        let deepening = Deepening {
            max_depth,
            lines,
            shown,
            single: roots.len() == 1 && budget.is_some(),
            endless: limits.infinite || limits.ponder,
        };
        let tt = &self.tt;
        let judge = &mut self.judge;
        let heuristics = &mut self.heuristics;
        let found = std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(helpers.len());
            for (i, helper) in helpers.iter_mut().enumerate() {
                let mut roots = roots.clone();
                let shared = &shared;
                handles.push(scope.spawn(move || {
                    let mut searcher = Searcher::new(
                        line.start(),
                        line.moves(),
                        tt,
                        &mut helper.judge,
                        &mut helper.heuristics,
                        control,
                        shared,
                        true,
                        None,
                        None,
                        false,
                    );
                    searcher.help(&mut roots, i + 1, max_depth)
                }));
            }
            let mut searcher = Searcher::new(
                line.start(),
                line.moves(),
                tt,
                judge,
                heuristics,
                control,
                &shared,
                false,
                budget,
                limits.nodes,
                limits.ponder,
            );
            let found = deepening.run(&mut searcher, &mut roots, control, report);
            shared.done.store(true, Ordering::Relaxed);
            let helped: Vec<(i32, RootMove)> = handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect();
            (found, searcher.nodes, searcher.start.elapsed(), helped)
        });
        let ((mut completed, best_score), main_nodes, elapsed, helped) = found;
        // Every helper has finished and added its nodes.
        let nodes = main_nodes + shared.helper_nodes.load(Ordering::Relaxed);
        // A helper that finished a deeper iteration with a better score than the main
        // thread's gives the move (one line searched: the main thread's lines are the
        // MultiPV or the level's choice otherwise).
        if lines == 1 && completed > 0 {
            let deeper = helped
                .into_iter()
                .filter(|(depth, r)| *depth > completed && r.score > roots[0].score)
                .max_by_key(|(depth, r)| (*depth, r.score));
            if let Some((depth, root)) = deeper {
                report(&Report {
                    depth: depth as u32,
                    seldepth: root.seldepth as u32,
                    multipv: 1,
                    score: Score::from_internal(root.score),
                    nodes,
                    nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
                    time: elapsed,
                    hashfull: self.tt.hashfull(),
                    pv: root.pv.clone(),
                });
                completed = depth;
                roots[0] = root;
            }
        }
        let chosen = if level.is_full() || completed == 0 {
            0
        } else {
            level.choose(&roots[..lines], &mut self.random)
        };
        let pick = &roots[chosen];
        Outcome {
            best: Some(pick.mv),
            ponder: pick.pv.get(1).copied(),
            score: best_score.map(|_| Score::from_internal(pick.score)),
            depth: completed as u32,
            nodes,
        }
    }
}

/// The kind code of the piece `mv` captures (0 for none), for ordering.
fn capture_kind(pos: &Position, mv: Move) -> usize {
    pos.piece_at(mv.to).map_or(0, |p| p.kind as usize)
}

/// The main thread's iterative deepening.
struct Deepening {
    /// The deepest iteration.
    max_depth: i32,
    /// Lines searched (MultiPV, or the level's choice).
    lines: usize,
    /// Lines reported.
    shown: usize,
    /// One legal move under a time limit: one iteration gives it.
    single: bool,
    /// `go infinite` or `go ponder`: a mate found does not end the search.
    endless: bool,
}

impl Deepening {
    /// Iterate to the deepest iteration or until stopped, reporting each finished one;
    /// returns the deepest finished iteration and its best score.
    fn run(
        &self,
        searcher: &mut Searcher,
        roots: &mut [RootMove],
        control: &Control,
        report: &mut dyn FnMut(&Report),
    ) -> (i32, Option<i32>) {
        let mut completed = 0;
        let mut best_score = None;
        for depth in 1..=self.max_depth {
            searcher.iterate(roots, self.lines, depth);
            searcher.guard_first = false;
            if searcher.stopped {
                break;
            }
            completed = depth;
            best_score = Some(roots[0].score);
            let elapsed = searcher.start.elapsed();
            let nodes = searcher.all_nodes();
            let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
            let hashfull = searcher.hashfull();
            for (i, r) in roots.iter().take(self.shown).enumerate() {
                report(&Report {
                    depth: depth as u32,
                    seldepth: r.seldepth.max(depth as usize) as u32,
                    multipv: i + 1,
                    score: Score::from_internal(r.score),
                    nodes,
                    nps,
                    time: elapsed,
                    hashfull,
                    pv: r.pv.clone(),
                });
            }
            let mate_found = roots[0].score.abs() >= MATE_BOUND
                && depth > score::MATE - roots[0].score.abs() + 2;
            if control.stopped() || self.single || (mate_found && !self.endless) {
                break;
            }
            if !searcher.time_for_another() {
                break;
            }
        }
        (completed, best_score)
    }
}
