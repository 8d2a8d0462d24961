//! The event log of a game played under competition rules: every clock event, offer, claim,
//! foul and the result, each with its moment and the number of moves made by then.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::control::TimeControl;
use super::foul::FoulClause;
use super::result::Finish;
use super::time::Moment;
use crate::referee::{NaturalLimit, NoCaptureCount};
use crate::rules::Color;

/// One entry of the log.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Entry {
    /// When it happened.
    pub at: Moment,
    /// Moves made by then, counting a move made but not yet pressed on the clock: an entry with
    /// `ply` N belongs after the N-th move of the record (0: before the first move).
    pub ply: u32,
    /// What happened.
    pub event: Occurrence,
}

/// Why time was charged to a clock.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Penalty {
    /// Five minutes for a false natural-limit claim (23.3).
    FalseClaim,
    /// Lateness when both sides were late (扣除雙方遲到時間, 21.3).
    Lateness,
}

impl Penalty {
    /// The article.
    pub fn article(self) -> &'static str {
        match self {
            Penalty::FalseClaim => "23.3",
            Penalty::Lateness => "21.3",
        }
    }

    /// The name used in files.
    pub fn key(self) -> &'static str {
        match self {
            Penalty::FalseClaim => "false_claim",
            Penalty::Lateness => "lateness",
        }
    }

    /// The penalty named `key`.
    pub fn from_key(key: &str) -> Option<Penalty> {
        [Penalty::FalseClaim, Penalty::Lateness]
            .into_iter()
            .find(|p| p.key() == key)
    }
}

/// What happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Occurrence {
    /// The game (and `first`'s clock) started; `absent` sides were not at the board (21).
    Start {
        /// The side that moves first.
        first: Color,
        /// Sides absent at the start.
        absent: Vec<Color>,
    },
    /// An absent side arrived, `late` after the start (21.2).
    Arrival {
        /// Who arrived.
        side: Color,
        /// How late.
        late: Duration,
    },
    /// A move was completed: the clock pressed (or the game ended with it).
    Move {
        /// Who moved.
        side: Color,
        /// Time the move took (PGN `[%emt]`).
        took: Duration,
        /// Time left on the mover's clock after it (PGN `[%clk]`).
        remaining: Duration,
    },
    /// A draw offer (23.1).
    DrawOffer {
        /// Who offered.
        side: Color,
    },
    /// A draw offer refused, by word or by making a move (23.1).
    DrawRefused {
        /// Who refused.
        side: Color,
        /// Refused by making a move.
        by_move: bool,
    },
    /// A draw offer accepted (4.2.2).
    DrawAccepted {
        /// Who accepted.
        side: Color,
    },
    /// A natural-limit claim and its finding (23.3).
    Claim {
        /// Who claimed.
        side: Color,
        /// The evidence.
        count: NoCaptureCount,
        /// Whether it was found true.
        valid: bool,
    },
    /// A foul (9.1).
    Foul {
        /// Who committed it.
        side: Color,
        /// The clause.
        clause: FoulClause,
        /// The arbiter's note.
        note: String,
        /// The side's fouls in this game, this one included (4.1.8).
        count: u32,
    },
    /// Time charged to a clock.
    Penalty {
        /// Whose clock.
        side: Color,
        /// How much.
        amount: Duration,
        /// Why.
        cause: Penalty,
    },
    /// The arbiter stopped the clock (22.4).
    Pause {
        /// Why.
        reason: String,
    },
    /// The arbiter restarted the clock.
    Resume,
    /// The arbiter set a clock (22.4).
    Correction {
        /// Whose clock.
        side: Color,
        /// The time it shows now.
        remaining: Duration,
        /// The moves it counts as made.
        moves_made: u32,
        /// The arbiter's note.
        note: String,
    },
    /// A side's time ran out (22.1, 22.2); `at` is the moment it ran out.
    FlagFall {
        /// Whose flag.
        side: Color,
    },
    /// The game ended.
    End {
        /// How.
        result: Finish,
    },
}

/// The settings of a game under competition rules.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CompetitionSettings {
    /// The time control (art. 6).
    pub control: TimeControl,
    /// How late a side may arrive before it forfeits, from the start (4.1.5, 21.1); `None`: no
    /// forfeit for lateness except by the clock.
    pub forfeit_after: Option<Duration>,
    /// The natural move limit (4.2.4).
    pub natural_limit: NaturalLimit,
}

impl CompetitionSettings {
    /// The settings for `control`, no lateness forfeit, the natural limit of 4.2.4.
    pub fn new(control: TimeControl) -> CompetitionSettings {
        CompetitionSettings {
            control,
            forfeit_after: None,
            natural_limit: NaturalLimit::default(),
        }
    }
}

/// A game's competition record: its settings and log; what a file keeps.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CompetitionRecord {
    /// The settings.
    pub settings: CompetitionSettings,
    /// The log, in order.
    pub entries: Vec<Entry>,
}

impl CompetitionRecord {
    /// The result, if the game ended.
    pub fn result(&self) -> Option<&Finish> {
        self.entries.iter().rev().find_map(|e| match &e.event {
            Occurrence::End { result } => Some(result),
            _ => None,
        })
    }
}
