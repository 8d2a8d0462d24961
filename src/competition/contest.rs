//! One game under competition rules: the clock, lateness, draw offers and claims, fouls,
//! resignation and the result, all logged.
//!
//! Every action takes the moment it happens. Before acting, the contest settles what the time
//! alone decides: a flag that fell (22.1) or a lateness forfeit (21.1) earlier than that moment
//! ends the game there, and the action is refused with [`ContestError::Over`].

use std::time::Duration;

use super::clock::{GameClock, Reading};
use super::foul::{FoulClause, FOULS_TO_LOSE};
use super::log::{CompetitionRecord, CompetitionSettings, Entry, Occurrence, Penalty};
use super::result::{Finish, TimeUsed};
use super::time::{floor, Moment};
use crate::ending::{Ending, Outcome, Reason};
use crate::lang::Language;
use crate::referee::{ClaimFinding, NoCaptureCount};
use crate::rules::{Color, Status};

/// Time charged for a false natural-limit claim (23.3: "在其棋鐘上加計5分鐘").
pub const FALSE_CLAIM_PENALTY: Duration = Duration::from_secs(5 * 60);

/// An action the rules do not allow now.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum ContestError {
    /// The game has not started.
    #[error("the game has not started")]
    NotStarted,
    /// The game has already started.
    #[error("the game has already started")]
    AlreadyStarted,
    /// The game is over.
    #[error("the game is over: {}", .0.describe(Language::English))]
    Over(Finish),
    /// A moment earlier than the last logged one.
    #[error("time went back: {at} is before {last}, the last event")]
    TimeWentBack {
        /// The moment given.
        at: Moment,
        /// The last logged moment.
        last: Moment,
    },
    /// The arbiter has stopped the clock.
    #[error("the clock is paused")]
    Paused,
    /// Resume without a pause.
    #[error("the clock is not paused")]
    NotPaused,
    /// The side to move has not arrived (21).
    #[error("{0} has not arrived")]
    Absent(Color),
    /// Arrival of a side that is present.
    #[error("{0} is already at the board")]
    Present(Color),
    /// A second move before the clock was pressed.
    #[error("{0} has moved already; the clock must be pressed")]
    AlreadyMoved(Color),
    /// The clock pressed without a move.
    #[error("{0} has not moved yet")]
    NotMoved(Color),
    /// A draw offer not right after one's own move (23.1).
    #[error("{0} may offer a draw only after its own move (art. 23.1)")]
    OfferNotAfterOwnMove(Color),
    /// A draw offer while one is pending.
    #[error("a draw offer is already pending")]
    OfferPending,
    /// Accepting or refusing when the opponent has offered nothing.
    #[error("{0} has no draw offer to answer")]
    NoOffer(Color),
    /// An arbiter's result whose outcome does not fit its reason.
    #[error("'{reason:?}' cannot give the outcome '{outcome:?}'")]
    Inconsistent {
        /// The outcome asked.
        outcome: Outcome,
        /// The reason given.
        reason: Reason,
    },
}

impl ContestError {
    /// The error for the user, in `lang`.
    pub fn message(&self, lang: Language) -> String {
        let side = |c: &Color| c.name(lang);
        match self {
            ContestError::NotStarted => lang
                .pick(
                    "The game has not started.",
                    "对局尚未开始。",
                    "對局尚未開始。",
                )
                .to_owned(),
            ContestError::AlreadyStarted => lang
                .pick(
                    "The game has already started.",
                    "对局已经开始。",
                    "對局已經開始。",
                )
                .to_owned(),
            ContestError::Over(result) => result.describe(lang),
            ContestError::TimeWentBack { at, last } => match lang {
                Language::English => format!("The time {at} is before the last event at {last}."),
                _ => format!(
                    "{}{at}{}{last}。",
                    lang.pick("", "时间 ", "時間 "),
                    lang.pick("", " 早于上一事件的时间 ", " 早於上一事件的時間 ")
                ),
            },
            ContestError::Paused => lang
                .pick(
                    "The clock is paused by the arbiter.",
                    "棋钟已由裁判暂停。",
                    "棋鐘已由裁判暫停。",
                )
                .to_owned(),
            ContestError::NotPaused => lang
                .pick(
                    "The clock is not paused.",
                    "棋钟没有暂停。",
                    "棋鐘沒有暫停。",
                )
                .to_owned(),
            ContestError::Absent(c) => match lang {
                Language::English => format!("{} has not arrived.", side(c)),
                _ => format!("{}{}", side(c), lang.pick("", "尚未到场。", "尚未到場。")),
            },
            ContestError::Present(c) => match lang {
                Language::English => format!("{} is already at the board.", side(c)),
                _ => format!("{}{}", side(c), lang.pick("", "已经在座。", "已經在座。")),
            },
            ContestError::AlreadyMoved(c) => match lang {
                Language::English => format!("{} has moved; the clock must be pressed.", side(c)),
                _ => format!(
                    "{}{}",
                    side(c),
                    lang.pick("", "已走棋，应按钟。", "已走棋，應按鐘。")
                ),
            },
            ContestError::NotMoved(c) => match lang {
                Language::English => format!("{} has not moved yet.", side(c)),
                _ => format!("{}{}", side(c), lang.pick("", "尚未走棋。", "尚未走棋。")),
            },
            ContestError::OfferNotAfterOwnMove(c) => match lang {
                Language::English => format!(
                    "{} may offer a draw only after its own move (art. 23.1).",
                    side(c)
                ),
                _ => format!(
                    "{}{}",
                    side(c),
                    lang.pick(
                        "",
                        "只能在自己走棋后提和（第23.1条）。",
                        "只能在自己走棋後提和（第23.1條）。"
                    )
                ),
            },
            ContestError::OfferPending => lang
                .pick(
                    "A draw offer is already pending.",
                    "已有提和等待答复。",
                    "已有提和等待答覆。",
                )
                .to_owned(),
            ContestError::NoOffer(c) => match lang {
                Language::English => format!("{} has no draw offer to answer.", side(c)),
                _ => format!(
                    "{}{}",
                    side(c),
                    lang.pick("", "没有待答复的提和。", "沒有待答覆的提和。")
                ),
            },
            ContestError::Inconsistent { .. } => lang
                .pick(
                    "This reason cannot give that result.",
                    "此理由不能得出该结果。",
                    "此理由不能得出該結果。",
                )
                .to_owned(),
        }
    }
}

/// What came of a draw offer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OfferOutcome {
    /// The offer stands until the opponent answers or moves.
    Pending,
    /// The offer repeated one the opponent refused: a foul (9.1.3), with the side's foul count;
    /// the offer is void.
    Foul(u32),
}

/// A game under competition rules.
#[derive(Clone, Debug)]
pub struct Contest {
    settings: CompetitionSettings,
    clock: GameClock,
    first: Color,
    started: Option<Moment>,
    to_move: Color,
    /// The side to move has made its move but not pressed its clock (22.5, 23.1).
    moved: bool,
    /// Moves of the record completed (pressed), those before the clock started included.
    ply: u32,
    absent: [bool; 2],
    /// Both sides were absent at the start (21.3).
    both_late: bool,
    /// A pending draw offer, by this side.
    offer: Option<Color>,
    /// The side that made the last draw offer (23.1: offers alternate).
    last_offer: Option<Color>,
    fouls: [u32; 2],
    pause_reason: Option<String>,
    result: Option<Finish>,
    log: Vec<Entry>,
    /// Every moment given is rounded down to this step ([`TimeControl::resolution`]), so that
    /// the log holds the times the record writes.
    resolution: Duration,
}

impl Contest {
    /// A game with `settings` in which `first` moves first (Red, unless a set-up position says
    /// otherwise).
    pub fn new(settings: CompetitionSettings, first: Color) -> Contest {
        let resolution = settings.control.resolution();
        Contest {
            clock: GameClock::new(settings.control.clone()),
            settings,
            first,
            started: None,
            to_move: first,
            moved: false,
            ply: 0,
            absent: [false; 2],
            both_late: false,
            offer: None,
            last_offer: None,
            fouls: [0; 2],
            pause_reason: None,
            result: None,
            log: Vec::new(),
            resolution,
        }
    }

    /// The same contest with its clock started when `plies` moves of the record had already been
    /// played (a clock started in the middle of a game): its log entries then refer to the
    /// record's moves, the `N`-th entry after the record's `N`-th move. Only before the start.
    pub fn after_moves(mut self, plies: u32) -> Contest {
        if self.started.is_none() {
            self.ply = plies;
        }
        self
    }

    /// The same contest counting time in steps of `resolution` (a zero step keeps every moment
    /// as given): a log read from a file written in finer steps replays as written, and move
    /// times given to the nanosecond are replayed as they are.
    pub fn with_resolution(mut self, resolution: Duration) -> Contest {
        self.resolution = resolution;
        self
    }

    /// The step the clock counts in: moments given are rounded down to it.
    pub fn resolution(&self) -> Duration {
        self.resolution
    }

    /// The settings.
    pub fn settings(&self) -> &CompetitionSettings {
        &self.settings
    }

    /// The log so far.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The settings and the log, for saving.
    pub fn record(&self) -> CompetitionRecord {
        CompetitionRecord {
            settings: self.settings.clone(),
            entries: self.log.clone(),
        }
    }

    /// The result, once the game has ended.
    pub fn result(&self) -> Option<&Finish> {
        self.result.as_ref()
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Whether the side to move has made its move and not yet pressed the clock (22.5, 23.1).
    pub fn has_moved(&self) -> bool {
        self.moved
    }

    /// Moves of the record completed: those before the clock started ([`Contest::after_moves`])
    /// and those pressed on it.
    pub fn plies(&self) -> u32 {
        self.ply
    }

    /// The pending draw offer, by that side.
    pub fn pending_offer(&self) -> Option<Color> {
        self.offer
    }

    /// Fouls `side` has committed (4.1.8).
    pub fn fouls(&self, side: Color) -> u32 {
        self.fouls[side.index()]
    }

    /// Why the arbiter paused the clock, while it is paused (22.4).
    pub fn pause_reason(&self) -> Option<&str> {
        self.pause_reason.as_deref()
    }

    /// Whether `side` has not arrived yet (21).
    pub fn is_absent(&self, side: Color) -> bool {
        self.absent[side.index()]
    }

    /// `side`'s clock face at `at`; after the end of the game the faces stand still.
    pub fn reading(&self, side: Color, at: Moment) -> Reading {
        let at = self.result.map_or(at, |r| r.at.min(at));
        self.clock.reading(side, at)
    }

    /// Start the game at `at` (the scheduled start); the first mover's clock runs, also if it is
    /// absent (21.1).
    pub fn start(&mut self, at: Moment, absent: &[Color]) -> Result<(), ContestError> {
        let at = self.snap(at);
        if self.started.is_some() {
            return Err(ContestError::AlreadyStarted);
        }
        self.started = Some(at);
        for side in absent {
            self.absent[side.index()] = true;
        }
        self.both_late = self.absent == [true, true];
        self.clock.start(self.first, at);
        let absent = [Color::Red, Color::Black]
            .into_iter()
            .filter(|s| self.absent[s.index()])
            .collect();
        self.push(
            at,
            Occurrence::Start {
                first: self.first,
                absent,
            },
        );
        Ok(())
    }

    /// Settle the time at `at` (a flag fall or lateness forfeit before it ends the game) and
    /// return the result if the game is over. The app calls this every frame.
    pub fn update(&mut self, at: Moment) -> Option<Finish> {
        let at = self.snap(at);
        let _ = self.settle(at);
        self.result
    }

    /// `side` arrives at the board at `at` (21.2). When both were late, each is charged its own
    /// lateness (21.3).
    pub fn arrive(&mut self, side: Color, at: Moment) -> Result<(), ContestError> {
        let at = self.snap(at);
        let start = self.settle(at)?;
        if !self.absent[side.index()] {
            return Err(ContestError::Present(side));
        }
        self.absent[side.index()] = false;
        let late = at.since(start);
        self.push(at, Occurrence::Arrival { side, late });
        if self.both_late {
            // 21.3: the time this side's own clock ran while it was away is already charged.
            let charge = late.saturating_sub(self.clock.used(side, at));
            if !charge.is_zero() {
                self.charge(side, charge, Penalty::Lateness, at);
            }
        }
        Ok(())
    }

    /// The side to move makes its move at `at`; `status` is the position's status after it
    /// (from [`crate::rules::Position::status`]). A mate or stalemate ends the game at once, even
    /// if the clock is not pressed in time (22.5); otherwise the move counts when the clock is
    /// pressed ([`Contest::press`]). A move refuses the opponent's pending draw offer (23.1).
    pub fn make_move(&mut self, at: Moment, status: Status) -> Result<(), ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        let side = self.to_move;
        if self.clock.is_paused() {
            return Err(ContestError::Paused);
        }
        if self.absent[side.index()] {
            return Err(ContestError::Absent(side));
        }
        if self.moved {
            return Err(ContestError::AlreadyMoved(side));
        }
        self.moved = true;
        if self.offer == Some(side.opponent()) {
            self.offer = None;
            self.push(
                at,
                Occurrence::DrawRefused {
                    side,
                    by_move: true,
                },
            );
        }
        let reason = match status {
            Status::Ongoing => return Ok(()),
            Status::Checkmate => Reason::Checkmate,
            Status::Stalemate => Reason::Stalemate,
        };
        self.complete_move(at);
        self.finish(Outcome::win(side), reason, at);
        Ok(())
    }

    /// The mover presses its clock at `at`: the move counts if it came in time (22.1, 22.5).
    pub fn press(&mut self, at: Moment) -> Result<(), ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        if self.clock.is_paused() {
            return Err(ContestError::Paused);
        }
        if !self.moved {
            return Err(ContestError::NotMoved(self.to_move));
        }
        self.complete_move(at);
        Ok(())
    }

    /// Make a move and press the clock at the same moment, as the app does.
    pub fn play(&mut self, at: Moment, status: Status) -> Result<(), ContestError> {
        self.make_move(at, status)?;
        if self.result.is_none() {
            self.press(at)?;
        }
        Ok(())
    }

    /// `side` offers a draw at `at` (23.1): only after its own move (before or after pressing the
    /// clock, until the opponent moves), and offers alternate between the sides. Offering again
    /// after a refusal, before the opponent has offered, is a foul (9.1.3). An offer cannot be
    /// withdrawn: only the opponent's answer or move ends it.
    pub fn offer_draw(&mut self, side: Color, at: Moment) -> Result<OfferOutcome, ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        let after_own_move = if self.to_move == side {
            self.moved
        } else {
            !self.moved && self.ply > 0
        };
        if !after_own_move {
            return Err(ContestError::OfferNotAfterOwnMove(side));
        }
        if self.offer.is_some() {
            return Err(ContestError::OfferPending);
        }
        if self.last_offer == Some(side) {
            let count = self.foul(side, FoulClause::RepeatedDrawOffer, String::new(), at)?;
            return Ok(OfferOutcome::Foul(count));
        }
        self.offer = Some(side);
        self.last_offer = Some(side);
        self.push(at, Occurrence::DrawOffer { side });
        Ok(OfferOutcome::Pending)
    }

    /// `side` accepts the opponent's offer: a draw (4.2.2).
    pub fn accept_draw(&mut self, side: Color, at: Moment) -> Result<(), ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        if self.offer != Some(side.opponent()) {
            return Err(ContestError::NoOffer(side));
        }
        self.offer = None;
        self.push(at, Occurrence::DrawAccepted { side });
        self.finish(Outcome::Draw, Reason::AgreedDraw, at);
        Ok(())
    }

    /// `side` refuses the opponent's offer by word (23.1).
    pub fn refuse_draw(&mut self, side: Color, at: Moment) -> Result<(), ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        if self.offer != Some(side.opponent()) {
            return Err(ContestError::NoOffer(side));
        }
        self.offer = None;
        self.push(
            at,
            Occurrence::DrawRefused {
                side,
                by_move: false,
            },
        );
        Ok(())
    }

    /// `side` claims the natural move limit at `at` with the evidence `count` (23.3): a true claim
    /// is a draw; a false one is a foul (9.1.4) and five minutes on the claimant's clock, which
    /// lose it the game if its time is then exceeded.
    pub fn claim_natural_limit(
        &mut self,
        side: Color,
        count: NoCaptureCount,
        at: Moment,
    ) -> Result<ClaimFinding, ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        let finding = self.settings.natural_limit.judge(&count, side);
        self.push(
            at,
            Occurrence::Claim {
                side,
                count,
                valid: finding.valid,
            },
        );
        if finding.valid {
            self.finish(Outcome::Draw, Reason::NaturalLimit, at);
            return Ok(finding);
        }
        // The note stays empty: the claim entry just logged holds the evidence.
        self.foul(side, FoulClause::FalseNaturalLimitClaim, String::new(), at)?;
        if self.result.is_none() {
            self.charge(side, FALSE_CLAIM_PENALTY, Penalty::FalseClaim, at);
        }
        Ok(finding)
    }

    /// `side` resigns (4.1.9).
    pub fn resign(&mut self, side: Color, at: Moment) -> Result<(), ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        self.finish(Outcome::win(side.opponent()), Reason::Resignation, at);
        Ok(())
    }

    /// The arbiter records a foul by `side` (9.1, 9.2); the third loses the game (4.1.8).
    /// Returns the side's foul count.
    pub fn foul(
        &mut self,
        side: Color,
        clause: FoulClause,
        note: String,
        at: Moment,
    ) -> Result<u32, ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        let count = &mut self.fouls[side.index()];
        *count += 1;
        let count = *count;
        self.push(
            at,
            Occurrence::Foul {
                side,
                clause,
                note,
                count,
            },
        );
        if count >= FOULS_TO_LOSE {
            self.finish(Outcome::win(side.opponent()), Reason::ThreeFouls, at);
        }
        Ok(count)
    }

    /// The arbiter stops the clock, saying why (22.4).
    pub fn pause(&mut self, reason: String, at: Moment) -> Result<(), ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        if !self.clock.pause(at) {
            return Err(ContestError::Paused);
        }
        self.pause_reason = Some(reason.clone());
        self.push(at, Occurrence::Pause { reason });
        Ok(())
    }

    /// The arbiter restarts the clock.
    pub fn resume(&mut self, at: Moment) -> Result<(), ContestError> {
        let at = self.snap(at);
        self.settle(at)?;
        if !self.clock.resume(at) {
            return Err(ContestError::NotPaused);
        }
        self.pause_reason = None;
        self.push(at, Occurrence::Resume);
        Ok(())
    }

    /// The arbiter sets `side`'s clock to show `remaining`, and its completed moves if given
    /// (22.4).
    pub fn correct_clock(
        &mut self,
        side: Color,
        remaining: Duration,
        moves_made: Option<u32>,
        note: String,
        at: Moment,
    ) -> Result<(), ContestError> {
        let at = self.snap(at);
        let remaining = floor(remaining, self.resolution);
        self.settle(at)?;
        self.clock.correct(side, remaining, moves_made, at);
        let moves_made = self.clock.reading(side, at).moves_made;
        self.push(
            at,
            Occurrence::Correction {
                side,
                remaining,
                moves_made,
                note,
            },
        );
        Ok(())
    }

    /// The arbiter declares a result the clock and the offers do not decide: an illegal move
    /// (4.1.6), a forbidden repetition (4.1.7), misconduct (4.1.10), a dead position (4.2.1), a
    /// repetition draw (4.2.3), a mate on the board (4.1.1–4.1.3).
    pub fn declare(
        &mut self,
        outcome: Outcome,
        reason: Reason,
        at: Moment,
    ) -> Result<(), ContestError> {
        let at = self.snap(at);
        let fits = match outcome {
            Outcome::Draw => reason.is_draw(),
            Outcome::BothForfeit => reason == Reason::LateArrival,
            Outcome::RedWins | Outcome::BlackWins => !reason.is_draw(),
        };
        if !fits {
            return Err(ContestError::Inconsistent { outcome, reason });
        }
        self.settle(at)?;
        self.finish(outcome, reason, at);
        Ok(())
    }

    /// Check the moment and what time alone decides before `at`; the start moment if the game
    /// goes on.
    fn settle(&mut self, at: Moment) -> Result<Moment, ContestError> {
        if let Some(result) = self.result {
            return Err(ContestError::Over(result));
        }
        let start = self.started.ok_or(ContestError::NotStarted)?;
        if let Some(last) = self.log.last().map(|e| e.at).filter(|&last| at < last) {
            return Err(ContestError::TimeWentBack { at, last });
        }
        let flag = self
            .clock
            .deadline()
            .filter(|&(side, _)| self.clock.is_over(side, at));
        let forfeit = self
            .settings
            .forfeit_after
            .map(|limit| start + limit)
            .filter(|&deadline| at > deadline && self.absent.contains(&true));
        match (flag, forfeit) {
            (Some((side, when)), f) if f.is_none_or(|f| when <= f) => {
                self.flag_fall(side, when);
            }
            (_, Some(deadline)) => {
                // 4.1.5, 21.1; both absent: both forfeit (21.3).
                let outcome = match self.absent {
                    [true, true] => Outcome::BothForfeit,
                    [true, false] => Outcome::win(Color::Black),
                    _ => Outcome::win(Color::Red),
                };
                self.finish(outcome, Reason::LateArrival, deadline);
            }
            _ => {}
        }
        match self.result {
            Some(result) => Err(ContestError::Over(result)),
            None => Ok(start),
        }
    }

    fn snap(&self, at: Moment) -> Moment {
        at.floor(self.resolution)
    }

    fn flag_fall(&mut self, side: Color, at: Moment) {
        self.push(at, Occurrence::FlagFall { side });
        self.finish(Outcome::win(side.opponent()), Reason::LossOnTime, at);
    }

    fn charge(&mut self, side: Color, amount: Duration, cause: Penalty, at: Moment) {
        self.clock.charge(side, amount);
        self.push(
            at,
            Occurrence::Penalty {
                side,
                amount,
                cause,
            },
        );
        // 23.3 "若因此而超時，即判負"; 21.3 "一方超過規定時限即判負".
        if self.clock.is_over(side, at) {
            self.flag_fall(side, at);
        }
    }

    fn complete_move(&mut self, at: Moment) {
        let side = self.to_move;
        let took = self.clock.press(at).unwrap_or_default();
        self.ply += 1;
        self.moved = false;
        self.to_move = side.opponent();
        let remaining = self.clock.reading(side, at).remaining;
        self.push(
            at,
            Occurrence::Move {
                side,
                took,
                remaining,
            },
        );
    }

    fn finish(&mut self, outcome: Outcome, reason: Reason, at: Moment) {
        self.clock.stop(at);
        let result = Finish {
            ending: Ending {
                outcome,
                reason,
                ply: self.ply,
            },
            at,
            used: TimeUsed {
                red: self.clock.used(Color::Red, at),
                black: self.clock.used(Color::Black, at),
            },
        };
        self.result = Some(result);
        self.push(at, Occurrence::End { result });
    }

    fn push(&mut self, at: Moment, event: Occurrence) {
        let ply = self.ply + u32::from(self.moved);
        self.log.push(Entry { at, ply, event });
    }
}
