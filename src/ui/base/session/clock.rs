//! The session's side of the game clock and the competition controls (art. 6, 9, 22, 23,
//! 4.1.9): commands applied to the contest, the clock record rebuilt from a game that has one,
//! and written into the game for saving, copying and the autosave.

use crate::competition::{
    CompetitionSettings, Contest, ContestError, LogError, Moment, NoCaptureCount, Preset,
    TimeControl,
};
use crate::ending::{Ending, Reason};
use crate::formats::pgn::clock::{self as pgn, DecodeError, EncodeError};
use crate::lang::Language;
use crate::record::{Game, NodeId};
use crate::rules::Color;

use crate::ui::base::command::arbiter_action::ArbiterAction;
use crate::ui::base::command::session_command::SessionCommand;

use super::Session;

/// The clock record of a game that could not be rebuilt; the game keeps it as it was.
#[derive(Clone, Debug, thiserror::Error)]
pub enum ClockRecordError {
    /// The record cannot be read.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// The log is not what the rules give.
    #[error(transparent)]
    Log(#[from] LogError),
}

impl ClockRecordError {
    /// The error for the user, in `lang` (the detail names the place, in English).
    pub fn message(&self, lang: Language) -> String {
        format!(
            "{}{self}",
            lang.pick(
                "The clock record could not be read: ",
                "无法读取棋钟记录：",
                "無法讀取棋鐘記錄："
            )
        )
    }
}

impl Session {
    /// Start the game clock with a time control of art. 6.
    pub(super) fn start_clock(&mut self, preset: Preset) {
        let at = self.timer.now();
        // The clock runs from the end of the main line: the moves already played there come
        // before it, and its entries are filed after the moves they follow.
        let line = self.game.main_line();
        let end = line.last().copied().unwrap_or(self.game.root());
        let first = self.game.position(end).side_to_move();
        let plies = u32::try_from(line.len()).unwrap_or(u32::MAX);
        let mut contest =
            Contest::new(CompetitionSettings::new(TimeControl::preset(preset)), first)
                .after_moves(plies);
        self.contest_error = contest.start(at, &[]).err();
        self.contest = Some(contest);
        self.clock_record_error = None;
    }

    /// The arbiter stops the clock, with the reason (22.4).
    pub(super) fn pause_clock(&mut self, reason: &str) {
        self.on_contest(None, |contest, at, _| {
            contest.pause(reason.trim().to_owned(), at)
        });
    }

    /// The arbiter restarts the clock.
    pub(super) fn resume_clock(&mut self) {
        self.on_contest(None, |contest, at, _| contest.resume(at));
    }

    /// `side` offers a draw (23.1).
    pub(super) fn offer_draw(&mut self, side: Color) {
        self.on_contest(None, |contest, at, _| {
            contest.offer_draw(side, at).map(drop)
        });
    }

    /// `side` accepts the opponent's offer.
    pub(super) fn accept_draw(&mut self, side: Color) {
        self.on_contest(None, |contest, at, _| contest.accept_draw(side, at));
    }

    /// `side` refuses the opponent's offer.
    pub(super) fn refuse_draw(&mut self, side: Color) {
        self.on_contest(None, |contest, at, _| contest.refuse_draw(side, at));
    }

    /// True when `command` would end the game now by a player's word: a resignation while the
    /// game goes on (4.1.9), or accepting the opponent's standing draw offer (23.1). The window
    /// asks before applying such a command; one that would be refused is not asked about.
    pub fn would_end_the_game(&self, command: &SessionCommand) -> bool {
        if !command.ends_the_game() || self.game_over() {
            return false;
        }
        let playing = self.contest.as_ref().filter(|c| c.result().is_none());
        match command {
            SessionCommand::Resign(_) => match &self.contest {
                None => self.ending().is_none(),
                Some(_) => playing.is_some(),
            },
            SessionCommand::AcceptDraw(side) => {
                playing.is_some_and(|c| c.pending_offer() == Some(side.opponent()))
            }
            _ => false,
        }
    }

    /// `side` resigns (4.1.9), with the clock or without.
    pub(super) fn resign(&mut self, side: Color) {
        self.on_contest(Some(side), |contest, at, _| contest.resign(side, at));
    }

    /// A foul, a natural-limit claim or a clock correction, checked by the arbiter.
    pub(super) fn arbiter_acts(&mut self, action: &ArbiterAction) {
        self.on_contest(None, |contest, at, count| {
            arbiter(contest, action, count, at)
        });
    }

    /// Apply an action to the contest (a pause, a draw offer, a resignation, the arbiter's);
    /// without a clock only a resignation (`resigning`) counts.
    fn on_contest(
        &mut self,
        resigning: Option<Color>,
        act: impl FnOnce(&mut Contest, Moment, NoCaptureCount) -> Result<(), ContestError>,
    ) {
        let at = self.timer.now();
        let count = self.no_capture_count();
        let Some(contest) = self.contest.as_mut() else {
            if let Some(side) = resigning {
                self.resign_without_clock(side);
            }
            return;
        };
        let done = act(contest, at, count);
        self.contest_error = done.err();
    }

    /// A side resigns a game played without the clock (4.1.9): the opponent wins after the
    /// moves of the main line, unless the game has already ended.
    fn resign_without_clock(&mut self, side: Color) {
        if self.game_over() || self.game.ending().is_some() {
            return;
        }
        let plies = u32::try_from(self.game.main_line().len()).unwrap_or(u32::MAX);
        let ending = Ending::win(side.opponent(), Reason::Resignation, plies);
        self.game.set_ending(Some(&ending));
    }

    /// Captures and checks along the main line, for a natural-limit claim (23.3).
    fn no_capture_count(&self) -> NoCaptureCount {
        let line = self.game.main_line();
        let moves = line
            .last()
            .map_or_else(Vec::new, |&end| self.game.moves_to(end));
        // The record holds only legal moves (`Game::play` refuses others), so they replay.
        NoCaptureCount::from_game(self.game.start(), &moves)
            .expect("the moves of a record are legal")
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

    /// Let the clock settle the time now (a flag that fell ends the game, 22.1): the app sends
    /// [`SessionCommand::Tick`] at the start of every frame.
    pub(super) fn tick(&mut self) {
        let at = self.timer.now();
        if let Some(contest) = self.contest.as_mut() {
            contest.update(at);
        }
    }

    /// Rebuild the clock from the clock record of the game just shown, if it has one: the time
    /// control, the readings, offers, claims, fouls and the result. The clock goes on from the
    /// last entry of its log; the commands leave the comments (saving writes them again).
    pub(super) fn restore_contest(&mut self) {
        self.contest = None;
        self.contest_error = None;
        self.clock_record_error = None;
        let record = match pgn::decode(&self.game) {
            Ok(Some(record)) => record,
            Ok(None) => return,
            Err(e) => {
                self.clock_record_error = Some(e.into());
                return;
            }
        };
        match Contest::replay(&record) {
            Ok(contest) => {
                if let Some(last) = record.entries.last() {
                    self.timer.resume_from(last.at);
                }
                self.contest = Some(contest);
                let nodes: Vec<NodeId> = std::iter::once(self.game.root())
                    .chain(self.game.main_line())
                    .collect();
                for node in nodes {
                    let plain = pgn::plain_comment(self.game.comment(node));
                    if plain != self.game.comment(node) {
                        self.game.set_comment(node, plain);
                    }
                }
            }
            Err(e) => self.clock_record_error = Some(e.into()),
        }
    }

    /// The game as it is saved, copied and autosaved: with the clock's record (time control,
    /// clock readings, offers, claims, fouls, the result) when a clock ran, and the referee's
    /// result found by looking at the end of the main line when the record had none.
    ///
    /// When moves the clock pressed have since been taken back, the log has entries after the
    /// end of the main line: those are left out (the moves are never lost for them), and the
    /// error says how far the log went.
    pub fn game_to_save(&self) -> (Game, Option<EncodeError>) {
        let mut game = self.game.clone();
        // A result the referee found while the game was only looked at is written now.
        if game.ending().is_none() {
            if let Some(found) = self.found_ending() {
                game.set_ending(Some(&found));
            }
        }
        let Some(contest) = &self.contest else {
            return (game, None);
        };
        let mut record = contest.record();
        let plain = game.clone();
        match pgn::encode(&record, &mut game) {
            Ok(()) => (game, None),
            Err(e) => {
                let moves = game.main_line().len();
                record.entries.retain(|entry| entry.ply as usize <= moves);
                let mut game = plain;
                let kept = pgn::encode(&record, &mut game);
                debug_assert!(kept.is_ok(), "every entry left fits the main line");
                (game, Some(e))
            }
        }
    }
}

/// Carry out an arbiter's action on the contest.
fn arbiter(
    contest: &mut Contest,
    action: &ArbiterAction,
    count: NoCaptureCount,
    at: Moment,
) -> Result<(), ContestError> {
    match action {
        ArbiterAction::Foul { side, clause, note } => contest
            .foul(*side, *clause, note.trim().to_owned(), at)
            .map(drop),
        ArbiterAction::Claim(side) => contest.claim_natural_limit(*side, count, at).map(drop),
        ArbiterAction::Correct {
            side,
            remaining,
            moves_due,
            note,
        } => {
            let reading = contest.reading(*side, at);
            let remaining = remaining.unwrap_or(reading.remaining);
            // Moves due count down as moves are made: the period's moves still to make fix the
            // moves made.
            let moves_made = moves_due
                .zip(reading.moves_due)
                .map(|(wanted, due)| (reading.moves_made + due).saturating_sub(wanted));
            contest.correct_clock(*side, remaining, moves_made, note.trim().to_owned(), at)
        }
    }
}
