//! How a game under the clock ended: the [`Ending`] (art. 4), the moment, and the time each side
//! used (10.1).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::time::Moment;
use crate::ending::Ending;
use crate::lang::Language;
use crate::rules::Color;

/// Time each side used, for the result sheet (10.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct TimeUsed {
    /// Red's clock.
    pub red: Duration,
    /// Black's clock.
    pub black: Duration,
}

impl TimeUsed {
    /// The time `side` used.
    pub fn of(&self, side: Color) -> Duration {
        match side {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }
}

/// The end of a game on the clock: how it ended, when, and the time used (10.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Finish {
    /// Who won, why, after how many plies.
    pub ending: Ending,
    /// When the game ended (for a flag fall: the moment the time ran out).
    pub at: Moment,
    /// Time each side used.
    pub used: TimeUsed,
}

impl Finish {
    /// The sentence for the result sheet: "Black wins: Red did not complete the moves due in the
    /// time (art. 4.1.4, 22.1)."
    pub fn describe(&self, lang: Language) -> String {
        self.ending.describe(lang)
    }
}
