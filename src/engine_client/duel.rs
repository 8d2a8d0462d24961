//! One game between two engines, adjudicated by Qipu's referee under the game's rule set (mate,
//! stalemate, repetitions with their verdict, the natural limit, dead positions), by the clock
//! when there is one (art. 6, 4.1.4), and by a ply cap (a draw).

use std::collections::HashSet;
use std::time::Duration;

use super::external_engine::{EngineError, ExternalEngine};
use super::openings::Opening;
use super::score::RedScore;
use super::search::{Limit, SearchRequest};
use crate::competition::{GameClock, Moment, TimeControl};
use crate::ending::{Ending, Outcome, Reason};
use crate::lang::Language;
use crate::record::{commands, Game, TagKey};
use crate::referee::{Explanation, Referee, RuleSet, Ruling, Watch};
use crate::rules::{Color, Move, Position};

/// How long each move may take.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Pace {
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed depth.
    Depth(u32),
    /// The clocks of a time control (art. 6); a flag that falls loses (4.1.4).
    Clock(TimeControl),
}

/// How the games are played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DuelSettings {
    /// The rule set the referee judges by.
    pub rules: RuleSet,
    /// The time per move or the clock.
    pub pace: Pace,
    /// After this many plies the game is drawn.
    pub max_plies: usize,
    /// Tell each engine the moves the referee would rule a loss (a forbidden repetition not
    /// varied, 24.3; perpetual check, 26.1), by `banmoves` or `go searchmoves`.
    pub ban_forbidden: bool,
}

impl Default for DuelSettings {
    fn default() -> DuelSettings {
        DuelSettings {
            rules: RuleSet::default(),
            pace: Pace::MoveTime(Duration::from_millis(100)),
            max_plies: 300,
            ban_forbidden: false,
        }
    }
}

/// How an engine game was adjudicated.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Adjudication {
    /// By the rules: the referee's ruling (mate, stalemate, repetitions, the natural limit, a
    /// dead position), a fallen flag (4.1.4), or an engine's illegal move (4.1.6).
    Rules {
        /// How the game ended.
        ending: Ending,
        /// The referee's explanation, when it ruled.
        explanation: Option<Explanation>,
    },
    /// The ply cap was reached: a draw.
    PlyCap {
        /// The plies played.
        plies: usize,
    },
    /// An engine gave no move, or stopped answering even after a restart.
    Failure {
        /// The side whose engine failed.
        loser: Color,
        /// `no_move` or `engine_failure`.
        kind: &'static str,
        /// What happened, in words.
        what: String,
    },
}

impl Adjudication {
    fn by_rules(ending: Ending) -> Adjudication {
        Adjudication::Rules {
            ending,
            explanation: None,
        }
    }

    fn by_referee(ruling: &Ruling) -> Option<Adjudication> {
        ruling.ending().map(|ending| Adjudication::Rules {
            ending,
            explanation: Some(ruling.explanation.clone()),
        })
    }

    /// Who won.
    pub fn outcome(&self) -> Outcome {
        match self {
            Adjudication::Rules { ending, .. } => ending.outcome,
            Adjudication::PlyCap { .. } => Outcome::Draw,
            Adjudication::Failure { loser, .. } => Outcome::win(loser.opponent()),
        }
    }

    /// The kind of ruling: the reason's key (`checkmate`, `perpetual_check`, `loss_on_time`,
    /// `illegal_move`, …, as `qipu judge` names them), `ply_cap`, `no_move` or
    /// `engine_failure`.
    pub fn kind(&self) -> &'static str {
        match self {
            Adjudication::Rules { ending, .. } => ending.reason.key(),
            Adjudication::PlyCap { .. } => "ply_cap",
            Adjudication::Failure { kind, .. } => kind,
        }
    }

    /// The ruling in words.
    pub fn explanation(&self, lang: Language) -> String {
        match self {
            Adjudication::Rules {
                explanation: Some(words),
                ..
            } => words.get(lang).to_owned(),
            Adjudication::Rules { ending, .. } => ending.describe(lang),
            Adjudication::PlyCap { plies } => match lang {
                Language::English => format!("Drawn at the cap of {plies} plies."),
                Language::SimplifiedChinese => format!("达到 {plies} 步的上限，判和。"),
                Language::TraditionalChinese => format!("達到 {plies} 步的上限，判和。"),
            },
            Adjudication::Failure { loser, what, .. } => match lang {
                Language::English => format!("{} loses: {what}.", loser.name(lang)),
                _ => format!(
                    "{}{}{what}",
                    loser.name(lang),
                    lang.pick("", "判负：", "判負：")
                ),
            },
        }
    }
}

/// One move of an engine game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DuelMove {
    /// The move.
    pub mv: Move,
    /// The mover's score of its best line, from Red's side.
    pub score: Option<RedScore>,
    /// The depth reached.
    pub depth: Option<u32>,
    /// The time the move took.
    pub took: Duration,
}

/// A finished engine game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DuelGame {
    /// The start line.
    pub opening: Opening,
    /// The moves the engines played, after the opening.
    pub played: Vec<DuelMove>,
    /// How it ended.
    pub ending: Adjudication,
}

/// Play one game from `opening`, `red` and `black` choosing the moves.
pub fn play_game(
    red: &mut ExternalEngine,
    black: &mut ExternalEngine,
    opening: &Opening,
    settings: &DuelSettings,
) -> Result<DuelGame, EngineError> {
    red.new_game()?;
    black.new_game()?;
    let referee = Referee::new(settings.rules);
    let mut watch = referee.watch(&opening.start);
    let mut position = opening.start.clone();
    let mut seen: HashSet<u64> = HashSet::from([position.hash()]);
    let mut moves: Vec<Move> = Vec::new();
    let finish = |played: Vec<DuelMove>, ending: Adjudication| DuelGame {
        opening: opening.clone(),
        played,
        ending,
    };
    for &mv in &opening.moves {
        let judgement = watch.push(mv);
        position = position.play(mv).map_err(|_| EngineError::IllegalLine {
            ply: moves.len() + 1,
            mv,
        })?;
        seen.insert(position.hash());
        moves.push(mv);
        if let Some(ending) = judgement.ruling.as_ref().and_then(Adjudication::by_referee) {
            return Ok(finish(Vec::new(), ending));
        }
    }
    let mut clock = match &settings.pace {
        Pace::Clock(control) => {
            let mut clock = GameClock::new(control.clone());
            clock.start(position.side_to_move(), Moment::ZERO);
            Some(clock)
        }
        _ => None,
    };
    let mut now = Moment::ZERO;
    let mut played = Vec::new();
    loop {
        if moves.len() >= settings.max_plies {
            let plies = moves.len();
            return Ok(finish(played, Adjudication::PlyCap { plies }));
        }
        let mover = position.side_to_move();
        let limit = match (&settings.pace, &clock) {
            (Pace::MoveTime(t), _) => Limit::MoveTime(*t),
            (Pace::Depth(d), _) => Limit::Depth(*d),
            (Pace::Clock(control), Some(clock)) => Limit::Clock {
                red: clock.reading(Color::Red, now).remaining,
                black: clock.reading(Color::Black, now).remaining,
                red_increment: control.increment(),
                black_increment: control.increment(),
                moves_to_go: clock.reading(mover, now).moves_due,
            },
            (Pace::Clock(_), None) => Limit::Infinite,
        };
        let mut request = SearchRequest::new(opening.start.clone(), moves.clone(), limit);
        if settings.ban_forbidden {
            request.banned = forbidden_moves(&watch, &position, &seen);
        }
        let engine = match mover {
            Color::Red => &mut *red,
            Color::Black => &mut *black,
        };
        // One restart is forgiven; a second failure on the same move loses.
        let outcome = match engine.search(&request) {
            Err(EngineError::Restarted { .. }) => engine.search(&request),
            other => other,
        };
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(e @ (EngineError::Restarted { .. } | EngineError::Exited { .. })) => {
                let ending = Adjudication::Failure {
                    loser: mover,
                    kind: "engine_failure",
                    what: e.to_string(),
                };
                return Ok(finish(played, ending));
            }
            Err(e) => return Err(e),
        };
        now = now + outcome.elapsed;
        if let Some(clock) = clock.as_mut() {
            if clock.is_over(mover, now) {
                let ply = u32::try_from(moves.len() + 1).unwrap_or(u32::MAX);
                let ending = Ending::win(mover.opponent(), Reason::LossOnTime, ply);
                return Ok(finish(played, Adjudication::by_rules(ending)));
            }
            clock.press(now);
        }
        let Some(mv) = outcome.best else {
            let ply = u32::try_from(moves.len() + 1).unwrap_or(u32::MAX);
            let ending = match outcome.unreadable {
                // 4.1.6: a move against the rules of movement loses.
                Some(text) => {
                    let ending = Ending::win(mover.opponent(), Reason::IllegalMove, ply);
                    let said = |lang: Language| {
                        format!("{} ({}: {text})", ending.describe(lang), engine.label())
                    };
                    Adjudication::Rules {
                        ending,
                        explanation: Some(Explanation {
                            en: said(Language::English),
                            zh_hans: said(Language::SimplifiedChinese),
                            zh_hant: said(Language::TraditionalChinese),
                        }),
                    }
                }
                None => Adjudication::Failure {
                    loser: mover,
                    kind: "no_move",
                    what: format!("{} gave no move", engine.label()),
                },
            };
            return Ok(finish(played, ending));
        };
        let best = outcome.lines.best_exact();
        played.push(DuelMove {
            mv,
            score: best.and_then(|l| l.score).map(|s| s.for_red(mover)),
            depth: best.and_then(|l| l.depth),
            took: outcome.elapsed,
        });
        let judgement = watch.push(mv);
        position = position.play(mv).map_err(|_| EngineError::IllegalLine {
            ply: moves.len() + 1,
            mv,
        })?;
        seen.insert(position.hash());
        moves.push(mv);
        if let Some(ending) = judgement.ruling.as_ref().and_then(Adjudication::by_referee) {
            return Ok(finish(played, ending));
        }
    }
}

/// The moves of the side to move that the referee would rule a loss for it: only moves back
/// into a position seen before can be, so only those are tried.
fn forbidden_moves(watch: &Watch, position: &Position, seen: &HashSet<u64>) -> Vec<Move> {
    let mover = position.side_to_move();
    position
        .legal_moves()
        .iter()
        .copied()
        .filter(|&mv| {
            let Ok(after) = position.play(mv) else {
                return false;
            };
            if !seen.contains(&after.hash()) {
                return false;
            }
            let mut trial = watch.clone();
            trial
                .push(mv)
                .ruling
                .and_then(|r| r.ending())
                .is_some_and(|e| e.loser() == Some(mover))
        })
        .collect()
}

impl DuelGame {
    /// The game as a record: tags (`Event`, `Round`, `Red`, `Black`, `Result`, `Rules`,
    /// `TimeControl` with a clock, `Opening`, `Termination` with the kind of ruling), each
    /// engine move's `[%eval]` and `[%emt]`, and the ruling in words after the last move.
    pub fn record(&self, red: &str, black: &str, round: usize, settings: &DuelSettings) -> Game {
        let mut game = Game::new(self.opening.start.clone());
        let mut at = game.root();
        for &mv in &self.opening.moves {
            at = game.play(at, mv).unwrap_or(at);
        }
        for m in &self.played {
            let Ok(node) = game.play(at, m.mv) else {
                break;
            };
            at = node;
            let mut comment = String::new();
            if let Some(score) = m.score {
                comment = commands::set(&comment, "eval", &score.to_string());
            }
            let emt = crate::competition::hms(Duration::from_millis(
                u64::try_from(m.took.as_millis()).unwrap_or(u64::MAX),
            ));
            comment = commands::join(&comment, &format!("[%emt {emt}]"));
            game.set_comment(at, comment);
        }
        let words = self.ending.explanation(Language::English);
        let comment = commands::join(game.comment(at), &words);
        game.set_comment(at, comment);
        let tags = game.tags_mut();
        tags.set(TagKey::Event, "Qipu engine match");
        tags.set(TagKey::Round, round.to_string());
        tags.set(TagKey::Red, red);
        tags.set(TagKey::Black, black);
        tags.set(TagKey::Opening, self.opening.name.as_str());
        if let Pace::Clock(control) = &settings.pace {
            tags.set(TagKey::TimeControl, control.to_string());
        }
        settings.rules.store_in(&mut game);
        match &self.ending {
            Adjudication::Rules { ending, .. } => game.set_ending(Some(ending)),
            other => {
                game.set_result(Some(other.outcome()));
                game.tags_mut().set(TagKey::Termination, other.kind());
            }
        }
        game
    }
}
