//! Competition controls (art. 4.1, 6, 7.1, 9, 10.1, 21–23): time controls and the game clock,
//! lateness, draw offers and natural-limit claims, fouls, resignation, and the result with the
//! time each side used; all kept in an event log that serialises with serde and travels in PGN
//! (see [`crate::formats::pgn`]).
//!
//! The core never reads the wall clock: every action takes a [`Moment`], measured by the caller
//! on a monotonic clock from the game's epoch.

mod clock;
mod contest;
mod control;
mod describe;
mod foul;
mod log;
mod replay;
mod result;
pub mod sheet;
mod time;

pub use crate::referee::{ClaimFinding, NaturalLimit, NoCaptureCount, ReplayError};
pub use clock::{GameClock, Reading};
pub use contest::{Contest, ContestError, OfferOutcome, FALSE_CLAIM_PENALTY};
pub(crate) use control::parse_duration;
pub use control::{Period, Preset, SpecError, SpecFault, Stage, TimeControl};
pub use describe::Actor;
pub use foul::{
    record_gaps, FoulClause, RecordGap, Written, FOULS_TO_LOSE, MISSING_MOVES_PER_FOUL,
};
pub use log::{CompetitionRecord, CompetitionSettings, Entry, Occurrence, Penalty};
pub use replay::LogError;
pub use result::{Finish, TimeUsed};
pub use time::{hms, parse_hms, Moment};
