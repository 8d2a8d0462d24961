//! The engine client: any UCI or UCCI engine (Pikafish, Fairy-Stockfish, ElephantEye, or Qipu's
//! own `qipu uci`) driven as a child process.
//!
//! [`EngineConfig`] says how to start one (kept in the app's settings). [`ExternalEngine`] runs it: the
//! handshake reads its `option` lines (nothing is assumed to exist), Fairy-Stockfish is told
//! `UCI_Variant xiangqi` and its ranks 1–10 under UCI are translated to ICCS ranks 0–9, every
//! line is checked with [`crate::rules`] before it is sent, forbidden moves go as `banmoves`
//! (UCCI) or `go searchmoves` (UCI), and an engine that hangs or dies is restarted. The engine's
//! output is read on a thread of its own and arrives as messages over a channel, so a user
//! interface polls it ([`ExternalEngine::poll`]) without blocking; [`EngineThread`] runs the whole
//! engine, handshake included, on a thread of its own; [`EnginePool`] runs several side by side,
//! one per core, to review a game ([`analyse_line`]) the same way on every run.

mod accuracy;
mod analysis;
mod config;
mod coords;
mod duel;
mod external_engine;
mod mistakes;
mod openings;
mod option;
mod pool;
mod process;
mod reply;
mod score;
mod search;
mod tally;
mod thread;

pub use accuracy::{
    accuracy, expected_loss, expected_score, move_accuracy, mover_of, Accuracy, BLACK_ACCURACY_TAG,
    RED_ACCURACY_TAG,
};
pub use analysis::{
    analyse_line, analyse_line_scored, annotate, evaluate_position, AnalysisSettings, BestLines,
    MoveReview, Thresholds, LOSS_CLAMP, REVIEW_NODES_PER_SECOND,
};
pub use config::{EngineConfig, EngineProgram, Protocol, Ranks, SpecError};
pub use coords::RankBase;
pub use duel::{play_game, Adjudication, DuelGame, DuelMove, DuelSettings, Pace};
pub use external_engine::{EngineError, EngineEvent, ExternalEngine, Timeouts};
pub use mistakes::{
    mistakes_as_puzzles, puzzles_from_marks, MistakeFilter, LOSS_TAG, SOURCE_PLY_TAG,
};
pub use openings::{builtin_openings, read_openings, Opening, OpeningsError};
pub use option::{EngineOption, OptionKind, OptionValueError};
pub use pool::EnginePool;
pub use reply::{Output, RawInfo};
pub use score::{Bound, BoundedScore, RedScore, Value, Wdl, MATE_CENTIPAWNS};
pub use search::{Limit, Lines, SearchId, SearchInfo, SearchOutcome, SearchRequest};
pub use tally::{EloEstimate, Points, Tally};
pub use thread::{EngineThread, Request, ThreadEvent};
