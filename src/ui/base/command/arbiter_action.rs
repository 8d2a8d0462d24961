//! What the arbiter's forms ask for: a foul, a claim of the natural limit, a clock correction.

use std::time::Duration;

use crate::competition::FoulClause;
use crate::rules::Color;

/// An action the arbiter takes or checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArbiterAction {
    /// A foul by `side` under `clause`, with the arbiter's note (9.1, 9.2).
    Foul {
        /// Who committed it.
        side: Color,
        /// The clause of 9.1.
        clause: FoulClause,
        /// The arbiter's note.
        note: String,
    },
    /// `side` claims the natural move limit; the referee counts the record (23.3).
    Claim(Color),
    /// Set `side`'s clock (22.4): the time left and the moves due in the period, each kept as
    /// it is when `None`, with the reason.
    Correct {
        /// Whose clock.
        side: Color,
        /// The time it shall show.
        remaining: Option<Duration>,
        /// The moves still due in the period.
        moves_due: Option<u32>,
        /// Why.
        note: String,
    },
}
