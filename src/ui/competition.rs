//! The session's side of the game clock and the competition controls (art. 6, 22, 23, 4.1.9).

use crate::competition::pgn::{self, EncodeError};
use crate::competition::{Contest, Settings, TimeControl};
use crate::record::{Game, NodeId};

use super::command::Command;
use super::session::Session;

impl Session {
    /// Apply a competition command; false when `command` is not one.
    pub(super) fn apply_competition(&mut self, command: &Command) -> bool {
        let at = self.timer.now();
        if let Command::StartClock(preset) = command {
            let first = self.position().side_to_move();
            let mut contest = Contest::new(Settings::new(TimeControl::preset(*preset)), first);
            self.contest_error = contest.start(at, &[]).err();
            self.contest = Some(contest);
            return true;
        }
        let Some(contest) = self.contest.as_mut() else {
            return matches!(
                command,
                Command::PauseClock(_)
                    | Command::ResumeClock
                    | Command::OfferDraw(_)
                    | Command::AcceptDraw(_)
                    | Command::RefuseDraw(_)
                    | Command::Resign(_)
            );
        };
        let done = match command {
            Command::PauseClock(reason) => contest.pause(reason.trim().to_owned(), at),
            Command::ResumeClock => contest.resume(at),
            Command::OfferDraw(side) => contest.offer_draw(*side, at).map(|_| ()),
            Command::AcceptDraw(side) => contest.accept_draw(*side, at),
            Command::RefuseDraw(side) => contest.refuse_draw(*side, at),
            Command::Resign(side) => contest.resign(*side, at),
            _ => return false,
        };
        self.contest_error = done.err();
        true
    }

    /// Press the clock for the moves just added at the end of the main line (`before` is the
    /// main line before the command): a move presses the mover's clock (22.1).
    pub(super) fn clock_moves(&mut self, before: &[NodeId]) {
        let Some(contest) = self.contest.as_mut() else {
            return;
        };
        let line = self.game.main_line();
        if line.len() <= before.len() || !line.starts_with(before) {
            return;
        }
        let at = self.timer.now();
        for &node in &line[before.len()..] {
            if let Err(e) = contest.play(at, self.game.position(node).status()) {
                self.contest_error = Some(e);
                return;
            }
        }
        self.contest_error = None;
    }

    /// Let the clock settle the time now (a flag that fell ends the game, 22.1); the app calls
    /// this every frame.
    pub fn tick(&mut self) {
        let at = self.timer.now();
        if let Some(contest) = self.contest.as_mut() {
            contest.update(at);
        }
    }

    /// The game as it is saved: with the clock's record (time control, clock readings, offers,
    /// the result) when a clock ran.
    pub fn game_to_save(&self) -> Result<Game, EncodeError> {
        let mut game = self.game.clone();
        if let Some(contest) = &self.contest {
            pgn::encode(&contest.record(), &mut game)?;
        }
        Ok(game)
    }
}
