//! How long to think: a fixed time per move, or a share of the clock (art. 6.1–6.5: a period
//! with so many moves due, or sudden death, with or without an increment).

use std::time::Duration;

use crate::rules::Color;

/// The clocks as the protocol gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    /// Time left, Red then Black.
    pub time: [Duration; 2],
    /// Increment per move, Red then Black.
    pub increment: [Duration; 2],
    /// Moves due before the period ends (the moves of art. 6.1–6.4 still to play), if the
    /// period is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// The time a search may take: it does not start another iteration after `soft`, and stops
/// at once at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    pub soft: Duration,
    pub hard: Duration,
}

/// Moves assumed to remain in a sudden-death period.
const SUDDEN_DEATH_MOVES: u32 = 32;

impl Budget {
    /// A fixed time per move, less the overhead of passing the move on.
    pub fn fixed(movetime: Duration, overhead: Duration) -> Budget {
        let t = movetime
            .saturating_sub(overhead)
            .max(Duration::from_millis(1));
        Budget { soft: t, hard: t }
    }

    /// A share of `side`'s clock: the time left spread over the moves due (or an assumed
    /// number in sudden death), plus most of the increment; never more than part of what is
    /// left, so that the flag does not fall (22.3).
    pub fn from_clocks(clocks: &Clocks, side: Color, overhead: Duration) -> Budget {
        let left = clocks.time[side.index()].saturating_sub(overhead);
        let inc = clocks.increment[side.index()];
        let moves = clocks
            .moves_to_go
            .unwrap_or(SUDDEN_DEATH_MOVES)
            .clamp(1, SUDDEN_DEATH_MOVES);
        let share = left / (moves + 1) + inc * 3 / 4;
        let ceiling = if moves == 1 { left * 3 / 4 } else { left / 3 };
        let soft = share.min(ceiling).max(Duration::from_millis(1));
        let hard = (soft * 4).min(ceiling).max(soft);
        Budget { soft, hard }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_fixed_time_keeps_the_overhead() {
        assert_eq!(Budget::fixed(ms(100), ms(30)).hard, ms(70));
        assert_eq!(Budget::fixed(ms(10), ms(30)).hard, ms(1));
    }

    #[test]
    fn moves_due_share_the_period() {
        // 6.1-like: 25 moves due in 10 minutes left.
        let clocks = Clocks {
            time: [ms(600_000), ms(1_000)],
            increment: [Duration::ZERO; 2],
            moves_to_go: Some(25),
        };
        let b = Budget::from_clocks(&clocks, Color::Red, ms(0));
        assert_eq!(b.soft, ms(600_000) / 26);
        assert!(b.hard <= ms(200_000));
        // The last move of a period may use most of what is left, never all of it.
        let last = Clocks {
            moves_to_go: Some(1),
            ..clocks
        };
        let b = Budget::from_clocks(&last, Color::Red, ms(0));
        assert!(b.hard < ms(600_000) && b.soft >= ms(200_000));
    }

    #[test]
    fn sudden_death_with_increment_never_spends_the_clock() {
        let clocks = Clocks {
            time: [ms(3_000), ms(3_000)],
            increment: [ms(2_000), ms(2_000)],
            moves_to_go: None,
        };
        let b = Budget::from_clocks(&clocks, Color::Black, ms(50));
        // The increment would allow 1.5 s; a third of the 2.95 s left is the ceiling.
        assert_eq!(b.soft, ms(2_950) / 3);
        assert_eq!(b.hard, b.soft);
        let roomy = Clocks {
            time: [ms(60_000), ms(60_000)],
            ..clocks
        };
        let b = Budget::from_clocks(&roomy, Color::Black, ms(50));
        assert_eq!(b.soft, ms(59_950) / 33 + ms(1_500));
    }
}
