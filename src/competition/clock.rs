//! A two-faced game clock (art. 6, 22) driven by the moments the caller passes.
//!
//! Each side's clock counts the time it used; a side may use up to the periods it has entered
//! (see [`TimeControl::allotted`]) plus increments and arbiter corrections. The flag falls when the
//! time used passes the allowance: reaching it exactly is still in time (22.3: both hands must pass
//! zero).

use std::time::Duration;

use super::control::TimeControl;
use super::time::Moment;
use crate::rules::Color;

/// What a clock face shows at a moment.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reading {
    /// Time used by the side so far (10.1).
    pub used: Duration,
    /// Time left in the current period (zero once the flag has fallen).
    pub remaining: Duration,
    /// Time beyond the allowance (zero while in time).
    pub overtime: Duration,
    /// Moves the side has completed (pressed).
    pub moves_made: u32,
    /// Moves still due in the current period (`None`: sudden death).
    pub moves_due: Option<u32>,
    /// Whether this side's clock is running.
    pub running: bool,
}

#[derive(Clone, Copy, Default, Debug)]
struct Face {
    /// Time on the clock, counted up to the last start/stop of this face.
    used: Duration,
    /// Completed moves.
    moves: u32,
    /// Time given by arbiter corrections.
    credit: Duration,
    /// Time charged by penalties and corrections (23.3, 21.3).
    debit: Duration,
    /// `used` when the side's current turn began, for the time a move took.
    turn_began: Duration,
}

#[derive(Clone, Copy, Debug)]
struct Run {
    side: Color,
    since: Moment,
}

/// A chess clock with two faces.
#[derive(Clone, Debug)]
pub struct GameClock {
    control: TimeControl,
    faces: [Face; 2],
    running: Option<Run>,
    paused: Option<Color>,
}

impl GameClock {
    /// A clock set for `control`, not running.
    pub fn new(control: TimeControl) -> GameClock {
        GameClock {
            control,
            faces: [Face::default(); 2],
            running: None,
            paused: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Start `side`'s clock at `at` (the first mover's clock at the start of the game).
    pub fn start(&mut self, side: Color, at: Moment) {
        self.stop(at);
        self.paused = None;
        self.running = Some(Run { side, since: at });
        let face = &mut self.faces[side.index()];
        face.turn_began = face.used;
    }

    /// The side whose clock runs.
    pub fn running_side(&self) -> Option<Color> {
        self.running.map(|r| r.side)
    }

    /// Whether the arbiter has paused the clock (22.4).
    pub fn is_paused(&self) -> bool {
        self.paused.is_some()
    }

    /// Time `side` has used at `at`.
    pub fn used(&self, side: Color, at: Moment) -> Duration {
        let face = &self.faces[side.index()];
        match self.running {
            Some(run) if run.side == side => face.used + at.since(run.since),
            _ => face.used,
        }
    }

    /// The total time `side` may use before its next move is due, corrections included.
    fn allowance(&self, side: Color) -> Duration {
        let face = &self.faces[side.index()];
        self.control.allotted(face.moves) + face.credit
    }

    /// Time used plus time charged.
    fn charged(&self, side: Color, at: Moment) -> Duration {
        self.used(side, at) + self.faces[side.index()].debit
    }

    /// What `side`'s face shows at `at`.
    pub fn reading(&self, side: Color, at: Moment) -> Reading {
        let allowance = self.allowance(side);
        let charged = self.charged(side, at);
        let moves = self.faces[side.index()].moves;
        Reading {
            used: self.used(side, at),
            remaining: allowance.saturating_sub(charged),
            overtime: charged.saturating_sub(allowance),
            moves_made: moves,
            moves_due: self.control.moves_due(moves),
            running: self.running_side() == Some(side),
        }
    }

    /// Whether `side` is past its allowance at `at`.
    pub fn is_over(&self, side: Color, at: Moment) -> bool {
        self.charged(side, at) > self.allowance(side)
    }

    /// When the running side's time runs out: at that moment it is still in time, a moment later
    /// its flag has fallen. `None` when no clock runs.
    pub fn deadline(&self) -> Option<(Color, Moment)> {
        let run = self.running?;
        let face = &self.faces[run.side.index()];
        let left = self
            .allowance(run.side)
            .saturating_sub(face.used + face.debit);
        Some((run.side, run.since + left))
    }

    /// The running side completes its move at `at`: its clock stops (and earns the increment),
    /// the opponent's starts. Returns the time the move took (pauses excluded).
    pub fn press(&mut self, at: Moment) -> Option<Duration> {
        let run = self.running?;
        self.stop(at);
        let face = &mut self.faces[run.side.index()];
        face.moves += 1;
        let took = face.used - face.turn_began;
        self.start(run.side.opponent(), at);
        Some(took)
    }

    /// Stop the running clock at `at` (end of game); the time so far is kept.
    pub fn stop(&mut self, at: Moment) {
        if let Some(run) = self.running.take() {
            self.faces[run.side.index()].used += at.since(run.since);
        }
    }

    /// The arbiter stops the clock (22.4); `false` if it was not running.
    pub fn pause(&mut self, at: Moment) -> bool {
        match self.running {
            Some(run) => {
                self.stop(at);
                self.paused = Some(run.side);
                true
            }
            None => false,
        }
    }

    /// The arbiter restarts a paused clock; `false` if it was not paused.
    pub fn resume(&mut self, at: Moment) -> bool {
        match self.paused.take() {
            Some(side) => {
                self.running = Some(Run { side, since: at });
                true
            }
            None => false,
        }
    }

    /// Charge `amount` to `side`'s clock (23.3: five minutes for a false claim; 21.3: lateness).
    pub fn charge(&mut self, side: Color, amount: Duration) {
        self.faces[side.index()].debit += amount;
    }

    /// The arbiter sets `side`'s face to show `remaining` at `at`, and its completed moves if
    /// given (22.4).
    pub fn correct(
        &mut self,
        side: Color,
        remaining: Duration,
        moves_made: Option<u32>,
        at: Moment,
    ) {
        if let Some(moves) = moves_made {
            self.faces[side.index()].moves = moves;
        }
        let base = self.control.allotted(self.faces[side.index()].moves);
        let used = self.used(side, at);
        let face = &mut self.faces[side.index()];
        // Find credit and debit with base + credit − used − debit = remaining.
        let need = remaining + used;
        (face.credit, face.debit) = if need >= base {
            (need - base, Duration::ZERO)
        } else {
            (Duration::ZERO, base - need)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::competition::control::Preset;

    fn t(seconds: u64) -> Moment {
        Moment::after(Duration::from_secs(seconds))
    }

    #[test]
    fn the_side_to_move_runs_and_pressing_switches() {
        let mut clock = GameClock::new(TimeControl::preset(Preset::Art6_4));
        clock.start(Color::Red, t(0));
        assert_eq!(clock.press(t(20)), Some(Duration::from_secs(20)));
        assert_eq!(clock.running_side(), Some(Color::Black));
        let red = clock.reading(Color::Red, t(50));
        assert_eq!(
            (red.used, red.remaining, red.moves_made, red.moves_due),
            (
                Duration::from_secs(20),
                Duration::from_secs(280),
                1,
                Some(29)
            )
        );
        let black = clock.reading(Color::Black, t(50));
        assert_eq!((black.used, black.running), (Duration::from_secs(30), true));
        assert_eq!(clock.deadline(), Some((Color::Black, t(320))));
    }

    #[test]
    fn pauses_do_not_count_and_moves_are_timed_without_them() {
        // 22.4: the arbiter stops the clock.
        let mut clock = GameClock::new(TimeControl::preset(Preset::Art6_4));
        clock.start(Color::Red, t(0));
        assert!(clock.pause(t(10)));
        assert!(clock.is_paused());
        assert_eq!(
            clock.reading(Color::Red, t(500)).used,
            Duration::from_secs(10)
        );
        assert!(clock.resume(t(600)));
        assert_eq!(clock.press(t(605)), Some(Duration::from_secs(15)));
        assert!(!clock.resume(t(606)));
    }

    #[test]
    fn corrections_and_charges_move_the_face() {
        let mut clock = GameClock::new(TimeControl::preset(Preset::Art6_4));
        clock.start(Color::Red, t(0));
        clock.correct(Color::Red, Duration::from_secs(400), None, t(100));
        assert_eq!(
            clock.reading(Color::Red, t(100)).remaining,
            Duration::from_secs(400)
        );
        clock.correct(Color::Red, Duration::from_secs(60), Some(3), t(100));
        let r = clock.reading(Color::Red, t(130));
        assert_eq!(
            (r.remaining, r.moves_made, r.moves_due),
            (Duration::from_secs(30), 3, Some(27))
        );
        clock.charge(Color::Red, Duration::from_secs(20));
        assert_eq!(
            clock.reading(Color::Red, t(130)).remaining,
            Duration::from_secs(10)
        );
        assert_eq!(clock.deadline(), Some((Color::Red, t(140))));
        assert!(!clock.is_over(Color::Red, t(140)));
        assert!(clock.is_over(Color::Red, t(141)));
        assert_eq!(
            clock.reading(Color::Red, t(141)).overtime,
            Duration::from_secs(1)
        );
    }
}
