//! The referee: results of art. 4 read from the board, results that are events, the character
//! of every move, and repetition verdicts under the 1999 CXA rules (棋例, ch. 6–7) or the
//! Asian rules, each ruling explained in three languages with its evidence.
//!
//! One call, [`Referee::judge`], takes a start position and the line played so far and returns
//! everything a status line needs. The work is bounded: every move is made once, and only the
//! moves of a repeating cycle (and the last move) are classified.
//!
//! # The fast path
//!
//! Judging a line costs one move made per ply, one look-up of the position's hash among the
//! positions seen, and the board results of art. 4 (mate, stalemate, dead position, natural
//! limit). The expensive part is the character of a move (check, mate threat, chase, idle,
//! 28.1–28.9): it needs the threats of the mover before and after the move, full exchanges on
//! the threatened points and a search for mates by checks. So a move is classified only when it
//! belongs to a cycle that has come round (the second occurrence for a warning, the third for a
//! ruling), or when the last move's character is asked for; a classification, once made, is kept
//! under the hash of the position before the move and the move, so the rounds of a cycle that
//! repeat the same positions are classified once. The search for mates by checks (28.2, 29.4) is
//! bounded by work, not by a small depth ([`MateSearch`]), and stops early when no line of checks
//! reached its depth; a search the bound cuts is said in the evidence. A search engine follows the same path: it keeps the hashes of the positions on its
//! path, and only when one repeats does it classify the moves of that cycle, with
//! [`Referee::character`] on the positions it already holds, keeping each character under the
//! hash of the position before the move and the move (a position reached again in another branch
//! is not classified twice), and judges the patterns with the same cycle rules as
//! [`Watch`]. Inside classification nothing proved by generation is checked again: moves taken
//! from [`Position::legal_moves`] are played with `Position::play_legal`, the mate search makes
//! and takes back moves on one working copy and plays only the moves that can check, and in
//! check only the moves that touch a point of the check are tried as answers.

mod character;
mod cycle;
mod dead;
mod evidence;
mod exchange;
mod mate;
pub mod natural_limit;
mod tally;
mod text;
mod threat;
mod value;

use std::collections::HashMap;

pub use character::{Character, Exception, IdleKind, MoveCharacter, Target};
pub use cycle::{
    CycleJudgement, CycleVerdict, PatternName, RepetitionRuling, SidePattern, RULING_OCCURRENCE,
};
pub use evidence::Evidence;
pub use mate::{MateCut, MateFinding, MateSearch};
pub use natural_limit::{ClaimFinding, NaturalLimit, NoCaptureCount, ReplayError};
pub use tally::{Tally, KINDS, NO_RULING};
pub use text::Explanation;
pub use threat::Weakness;
pub use value::value;

use crate::ending::{Ending, Outcome, Reason as EndReason};
use crate::notation::WriteOptions;
use crate::rules::{Color, Move, Position, Status};

/// The rule set a game is judged by; stored in the game record.
#[derive(
    Clone, Copy, PartialEq, Eq, Debug, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub enum RuleSet {
    /// The Chinese Xiangqi Association rules, 1999 edition (中國象棋協會《象棋競賽規則》).
    #[default]
    #[serde(rename = "cxa1999")]
    Cxa1999,
    /// The Asian Xiangqi Federation / World Xiangqi Federation rules, as engines implement
    /// them: perpetual check and perpetual chase of one piece lose; mate threats, check-and-chase
    /// and chases by the general or a soldier are allowed.
    #[serde(rename = "asian")]
    Asian,
}

impl RuleSet {
    /// The PGN tag that keeps a game's rule set (`[Rules "cxa1999"]`, `[Rules "asian"]`).
    pub const TAG: &'static str = "Rules";

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Cxa1999 => "cxa1999",
            RuleSet::Asian => "asian",
        }
    }

    /// The rule set a game was played under, if its record names one.
    pub fn of_game(game: &crate::record::Game) -> Option<RuleSet> {
        game.tags()
            .get(&crate::record::TagKey::parse(Self::TAG))
            .and_then(|name| name.parse().ok())
    }

    /// Keep the rule set in the game's record, so it is saved and read back with the game.
    pub fn store_in(self, game: &mut crate::record::Game) {
        game.tags_mut()
            .set(crate::record::TagKey::parse(Self::TAG), self.name());
    }
}

/// A rule set name that is not known.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown rule set '{0}': use cxa1999 or axf")]
pub struct UnknownRuleSet(pub String);

impl std::str::FromStr for RuleSet {
    type Err = UnknownRuleSet;
    fn from_str(s: &str) -> Result<RuleSet, UnknownRuleSet> {
        match s.to_ascii_lowercase().as_str() {
            "cxa1999" | "cxa" | "cxa-1999" => Ok(RuleSet::Cxa1999),
            "axf" | "asian" | "wxf" => Ok(RuleSet::Asian),
            _ => Err(UnknownRuleSet(s.to_owned())),
        }
    }
}

/// What a ruling decides: the game ends, or play goes on but one side must vary.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    /// The game is over: who won and why (the reason's article in [`Ruling::articles`]).
    Ends(Outcome, EndReason),
    /// 24.3, 26.4: the side playing forbidden moves must vary; play continues.
    MustVary,
}

/// A decision of the referee, with its grounds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ruling {
    /// The game ends (who wins, why), or a side must vary.
    pub decision: Decision,
    /// The articles applied (e.g. `26.1`, `細則 6`).
    pub articles: Vec<&'static str>,
    /// The ply at which it arises (after that many moves; 0 = the start position).
    pub ply: usize,
    /// The side the ruling is about: the loser, the side that must vary, the side that resigned
    /// or offered the draw.
    pub side: Option<Color>,
    /// The ruling in English, simplified and traditional Chinese.
    pub explanation: Explanation,
    /// For repetitions: the patterns of both sides.
    pub patterns: Option<[SidePattern; 2]>,
    /// For repetitions: the cycle's moves with their characters, oldest first.
    pub cycle: Vec<MoveCharacter>,
    /// For repetitions: the evidence, one line per cycle move, e.g. "紅 車二平三 捉 黑馬(c7) 無根"
    /// ([`Evidence::line`]).
    pub evidence: Vec<Evidence>,
}

impl Ruling {
    /// How the game ended, if this ruling ends it.
    pub fn ending(&self) -> Option<Ending> {
        match self.decision {
            Decision::Ends(outcome, reason) => Some(Ending {
                outcome,
                reason,
                ply: u32::try_from(self.ply).unwrap_or(u32::MAX),
            }),
            Decision::MustVary => None,
        }
    }

    /// Whether the ruling ends the game.
    pub fn is_final(&self) -> bool {
        matches!(self.decision, Decision::Ends(..))
    }

    /// Machine name of the result, as `qipu judge` prints it: `red_wins`, `black_wins`,
    /// `draw`, or `ongoing` when a side must vary.
    pub fn result_name(&self) -> &'static str {
        match self.decision {
            Decision::Ends(outcome, _) => outcome.name(),
            Decision::MustVary => "ongoing",
        }
    }

    /// Machine name of the reason: the [`EndReason::key`], or `must_vary`.
    pub fn reason_name(&self) -> &'static str {
        match self.decision {
            Decision::Ends(_, reason) => reason.key(),
            Decision::MustVary => "must_vary",
        }
    }
}

/// A repetition that is not yet judged: the position has come round a second time.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Warning {
    /// The ply of the second occurrence.
    pub ply: usize,
    /// The patterns so far, Red then Black.
    pub patterns: [SidePattern; 2],
    /// The side whose moves are forbidden while the other's are allowed, if any.
    pub offender: Option<Color>,
    /// The warning in three languages.
    pub explanation: Explanation,
    /// The evidence, one line per cycle move ([`Evidence::line`]).
    pub evidence: Vec<Evidence>,
}

/// Everything the referee says about a line.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Judgement {
    /// The first ruling that ends the game, or a ruling about the last position (a side must
    /// vary); `None` while play goes on normally.
    pub ruling: Option<Ruling>,
    /// A repetition warning about the last position.
    pub warning: Option<Warning>,
    /// The characters of the moves of the cycle under judgement, or of the last move alone.
    pub characters: Vec<MoveCharacter>,
    /// Plies played since the last capture (4.2.4), at the end of the line or at the ruling.
    pub plies_without_capture: u32,
}

/// The referee, configured with a rule set and the natural limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Referee {
    /// The rule set.
    pub rules: RuleSet,
    /// The natural limit: rounds without a capture (4.2.4: 60, may be lowered) and the
    /// claimant's checks that count (23.3: ten).
    pub natural_limit: NaturalLimit,
    /// Bounds of the mate-threat search (28.2).
    pub mate_search: MateSearch,
    /// How a sentence names the move it is about (the conventions of the user's
    /// [`MoveStyle`](crate::notation::MoveStyle): 前車進四 or 車六進四); the notation follows the
    /// sentence's language (full Chinese in Chinese, ICCS in English).
    pub writing: WriteOptions,
}

impl Default for Referee {
    fn default() -> Referee {
        Referee::new(RuleSet::default())
    }
}

impl Referee {
    /// A referee for `rules` with the natural limit of 60 rounds (4.2.4).
    pub fn new(rules: RuleSet) -> Referee {
        Referee {
            rules,
            natural_limit: NaturalLimit::default(),
            mate_search: MateSearch::default(),
            writing: WriteOptions::default(),
        }
    }

    /// The same referee with another natural limit (4.2.4 allows fewer rounds).
    pub fn with_natural_limit(self, rounds: u32) -> Referee {
        Referee {
            natural_limit: NaturalLimit {
                rounds,
                ..self.natural_limit
            },
            ..self
        }
    }

    /// The same referee writing the moves of its sentences with `writing` (the options of the
    /// user's [`MoveStyle`](crate::notation::MoveStyle)).
    pub fn with_writing(self, writing: WriteOptions) -> Referee {
        Referee { writing, ..self }
    }

    /// The character of `mv` played from `before` (the `ply`-th move of its line).
    pub fn character(&self, before: &Position, mv: Move, ply: usize) -> Option<MoveCharacter> {
        let after = before.play(mv).ok()?;
        Some(character::classify(
            before,
            mv,
            &after,
            ply,
            self.rules,
            &self.mate_search,
        ))
    }

    /// Judge a repetition cycle: `moves` (with their characters, oldest first) were played
    /// from `start` and lead back to it. The engine asks this when its search repeats a
    /// position, so that it scores repetitions exactly as the referee rules them.
    pub fn judge_cycle(&self, start: &Position, moves: &mut [MoveCharacter]) -> CycleJudgement {
        cycle::judge_cycle(start, moves, self.rules)
    }

    /// Judge the line `moves` played from `start`.
    pub fn judge(&self, start: &Position, moves: &[Move]) -> Judgement {
        let mut watch = self.watch(start);
        watch.run(moves);
        watch.judgement()
    }

    /// A watch that has followed `moves` from `start`, judging only what the last move needs
    /// (as [`Referee::judge`] does): ready to say which next moves it would rule against
    /// ([`Watch::forbids`]).
    pub fn follow(&self, start: &Position, moves: &[Move]) -> Watch {
        let mut watch = self.watch(start);
        watch.run(moves);
        watch
    }

    /// A referee that follows a game move by move ([`Watch::push`]), doing for each move only
    /// the work that move needs.
    pub fn watch(&self, start: &Position) -> Watch {
        let mut seen = HashMap::new();
        seen.insert(start.hash(), vec![0]);
        let mut watch = Watch {
            referee: *self,
            positions: vec![start.clone()],
            played: Vec::new(),
            seen,
            characters: HashMap::new(),
            count: NoCaptureCount {
                plies: start.halfmove_clock(),
                ..NoCaptureCount::default()
            },
            finished: None,
            current: None,
        };
        watch.finished = watch.board_result(0);
        watch
    }
}

/// The referee following one game: the positions so far, which positions repeat, the checks
/// and plies since the last capture, and the characters computed so far.
#[derive(Clone, Debug)]
pub struct Watch {
    referee: Referee,
    positions: Vec<Position>,
    played: Vec<Move>,
    seen: HashMap<u64, Vec<usize>>,
    /// Characters found so far, under the hash of the position before the move and the move:
    /// a position that comes round again is not classified again.
    characters: HashMap<(u64, Move), MoveCharacter>,
    count: NoCaptureCount,
    /// The ruling that ended the game.
    finished: Option<Ruling>,
    /// A ruling or warning about the last position.
    current: Option<Verdict>,
}

impl Watch {
    /// Play `mv` and judge the new position. Once a ruling has ended the game, further moves
    /// are ignored and that ruling stands.
    pub fn push(&mut self, mv: Move) -> Judgement {
        self.step(mv, true);
        self.judgement()
    }

    /// The judgement of the line so far.
    pub fn judgement(&mut self) -> Judgement {
        let mut judgement = Judgement {
            plies_without_capture: self.count.plies,
            ..Judgement::default()
        };
        if let Some(r) = &self.finished {
            judgement.characters = r.cycle.clone();
            judgement.ruling = Some(r.clone());
            return judgement;
        }
        match self.current.clone() {
            Some(Verdict::Pending(r)) => {
                judgement.characters = r.cycle.clone();
                judgement.ruling = Some(*r);
            }
            Some(Verdict::Warn(w)) => {
                judgement.characters = self.cycle_characters(w.ply);
                judgement.warning = Some(*w);
            }
            Some(Verdict::Final(_)) | None => {
                if !self.played.is_empty() {
                    judgement.characters = vec![self.character(self.played.len())];
                }
            }
        }
        judgement
    }

    /// Whether the referee would rule against the side to move if it played `mv` now: a
    /// forbidden repetition or perpetual check that loses (24.3, 26.1, 26.4; the Asian rules'
    /// perpetual check or chase), or the duty to vary (26.4). Only a move back into a position
    /// seen before can be; a game already over forbids nothing more.
    pub fn forbids(&self, mv: Move) -> bool {
        if self.finished.is_some() {
            return false;
        }
        let Some(now) = self.positions.last() else {
            return false;
        };
        let mover = now.side_to_move();
        match now.play(mv) {
            Ok(after) if self.seen.contains_key(&after.hash()) => {}
            _ => return false,
        }
        let mut trial = self.clone();
        trial.step(mv, true);
        let ruling = match (&trial.finished, &trial.current) {
            (Some(r), _) => r,
            (None, Some(Verdict::Pending(r))) => &**r,
            _ => return false,
        };
        ruling.side == Some(mover)
            && match ruling.decision {
                Decision::MustVary => true,
                Decision::Ends(_, reason) => matches!(
                    reason,
                    EndReason::ForbiddenRepetition | EndReason::PerpetualCheck
                ),
            }
    }

    fn run(&mut self, moves: &[Move]) {
        for (i, &mv) in moves.iter().enumerate() {
            if self.finished.is_some() {
                break;
            }
            self.step(mv, i + 1 == moves.len());
        }
    }

    /// Play one move; `last` says whether rulings about the position itself (warnings, the
    /// duty to vary) are wanted.
    fn step(&mut self, mv: Move, last: bool) {
        if self.finished.is_some() {
            return;
        }
        self.current = None;
        let i = self.played.len();
        let ply = i + 1;
        let mover = self.positions[i].side_to_move();
        let next = match self.positions[i].play(mv) {
            Ok(next) => next,
            Err(illegal) => {
                self.finished = Some(text::illegal_move(
                    &self.positions[i],
                    illegal.mv,
                    illegal.reason,
                    ply,
                    &self.referee.writing,
                ));
                return;
            }
        };
        self.count
            .record(mover, next.halfmove_clock() == 0, next.in_check());
        self.seen.entry(next.hash()).or_default().push(ply);
        self.positions.push(next);
        self.played.push(mv);
        if let Some(r) = self.board_result(ply) {
            self.finished = Some(r);
            return;
        }
        match self.repetition(ply, last) {
            Some(Verdict::Final(r)) => self.finished = Some(*r),
            other => self.current = other,
        }
    }

    fn character(&mut self, ply: usize) -> MoveCharacter {
        let key = (self.positions[ply - 1].hash(), self.played[ply - 1]);
        if let Some(c) = self.characters.get(&key) {
            return MoveCharacter { ply, ..c.clone() };
        }
        let c = character::classify(
            &self.positions[ply - 1],
            self.played[ply - 1],
            &self.positions[ply],
            ply,
            self.referee.rules,
            &self.referee.mate_search,
        );
        self.characters.insert(key, c.clone());
        c
    }

    /// Results read from the board at `ply` (art. 4.1.1, 4.1.3, 4.2.1, 4.2.4).
    fn board_result(&self, ply: usize) -> Option<Ruling> {
        let pos = &self.positions[ply];
        match pos.status() {
            Status::Checkmate => return Some(text::mate(pos, ply, EndReason::Checkmate)),
            Status::Stalemate => return Some(text::mate(pos, ply, EndReason::Stalemate)),
            Status::Ongoing => {}
        }
        if dead::is_dead(pos) {
            return Some(text::dead_position(ply));
        }
        // 4.2.4, 23.3: counted as for a claim by either side.
        let claimants = self.referee.natural_limit.claimants(&self.count);
        if !claimants.is_empty() {
            return Some(text::natural_limit(
                ply,
                self.referee.natural_limit,
                &claimants,
            ));
        }
        None
    }

    /// Characters of the moves from the previous occurrence of the position at `ply` to it.
    fn cycle_characters(&mut self, ply: usize) -> Vec<MoveCharacter> {
        let hash = self.positions[ply].hash();
        let occ = self.seen.get(&hash).cloned().unwrap_or_default();
        let from = occ.iter().rev().find(|&&p| p < ply).copied().unwrap_or(ply);
        ((from + 1)..=ply).map(|p| self.character(p)).collect()
    }

    /// The repetition verdict at `ply`, if the position there has occurred before.
    fn repetition(&mut self, ply: usize, last: bool) -> Option<Verdict> {
        let hash = self.positions[ply].hash();
        let occ: Vec<usize> = self.seen.get(&hash)?.clone();
        let n = occ.len();
        if n < 2 || (n == 2 && !last) {
            return None;
        }
        let from = occ[n.saturating_sub(3)];
        let mut cycle: Vec<MoveCharacter> = ((from + 1)..=ply).map(|p| self.character(p)).collect();
        let judged = cycle::judge_cycle(&self.positions[from], &mut cycle, self.referee.rules);
        let evidence = cycle
            .iter()
            .map(|m| Evidence {
                before: self.positions[m.ply - 1].clone(),
                character: m.clone(),
            })
            .collect();
        let articles = judged.verdict.articles().to_vec();
        let ruling = match judged.verdict.ruling_at(n) {
            RepetitionRuling::Continues => {
                return Some(Verdict::Warn(Box::new(text::warning(
                    ply, &judged, evidence,
                ))));
            }
            RepetitionRuling::Draw => text::repetition_draw(ply, articles),
            RepetitionRuling::Loses(side) => {
                let pattern = &judged.patterns[side.index()];
                let reason = if pattern.perpetual_check() {
                    EndReason::PerpetualCheck
                } else {
                    EndReason::ForbiddenRepetition
                };
                text::repetition_loss(ply, side, reason, articles, pattern)
            }
            RepetitionRuling::MustVary(side) if last => {
                text::must_vary(ply, side, articles, &judged.patterns[side.index()])
            }
            RepetitionRuling::MustVary(_) => return None,
        };
        let ruling = Ruling {
            patterns: Some(judged.patterns),
            cycle,
            evidence,
            ..ruling
        };
        Some(if ruling.is_final() {
            Verdict::Final(Box::new(ruling))
        } else {
            Verdict::Pending(Box::new(ruling))
        })
    }
}

#[derive(Clone, Debug)]
enum Verdict {
    Final(Box<Ruling>),
    Pending(Box<Ruling>),
    Warn(Box<Warning>),
}
