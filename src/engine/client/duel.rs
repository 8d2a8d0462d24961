//! One game between two engines, adjudicated by Qipu's referee under the game's rule set (mate,
//! stalemate, repetitions with their verdict, the natural limit, dead positions), by the clock
//! when there is one (art. 6, 4.1.4), and by a ply cap (a draw).

use std::collections::HashSet;
use std::time::Duration;

use super::engine::{Engine, EngineError};
use super::openings::Opening;
use super::score::RedScore;
use super::search::{Limit, SearchRequest};
use crate::competition::{GameClock, Moment, TimeControl};
use crate::lang::Language;
use crate::record::{commands, Game, GameResult as ResultTag, TagKey};
use crate::referee::{GameResult, Referee, RuleSet, Ruling, Watch};
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

/// How an engine game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The referee's ruling.
    Ruling(Box<Ruling>),
    /// `loser`'s flag fell (4.1.4).
    Time {
        /// The side out of time.
        loser: Color,
    },
    /// The ply cap was reached: a draw.
    PlyCap {
        /// The plies played.
        plies: usize,
    },
    /// An engine gave no legal move, or stopped answering even after a restart.
    Failure {
        /// The side whose engine failed.
        loser: Color,
        /// `illegal_move`, `no_move` or `engine_failure`.
        kind: &'static str,
        /// What happened, in words.
        what: String,
    },
}

impl Ending {
    /// The result for the PGN `Result` tag.
    pub fn result(&self) -> ResultTag {
        let wins = |winner: Color| match winner {
            Color::Red => ResultTag::RedWins,
            Color::Black => ResultTag::BlackWins,
        };
        match self {
            Ending::Ruling(r) => match r.result {
                GameResult::RedWins => ResultTag::RedWins,
                GameResult::BlackWins => ResultTag::BlackWins,
                GameResult::Draw => ResultTag::Draw,
                GameResult::Continues => ResultTag::Unknown,
            },
            Ending::Time { loser } | Ending::Failure { loser, .. } => wins(loser.opponent()),
            Ending::PlyCap { .. } => ResultTag::Draw,
        }
    }

    /// The kind of ruling: the referee's reason (`checkmate`, `perpetual_check`, …, as
    /// `qipu judge` names them), `loss_on_time`, `ply_cap`, `illegal_move`, `no_move` or
    /// `engine_failure`.
    pub fn kind(&self) -> &'static str {
        match self {
            Ending::Ruling(r) => r.reason.name(),
            Ending::Time { .. } => "loss_on_time",
            Ending::PlyCap { .. } => "ply_cap",
            Ending::Failure { kind, .. } => kind,
        }
    }

    /// The ruling in words.
    pub fn explanation(&self, lang: Language) -> String {
        let side = |c: Color| match c {
            Color::Red => lang.pick("Red", "红方", "紅方"),
            Color::Black => lang.pick("Black", "黑方", "黑方"),
        };
        match self {
            Ending::Ruling(r) => r.explanation.get(lang).to_owned(),
            Ending::Time { loser } => format!(
                "{}{}",
                side(*loser),
                lang.pick(
                    " ran out of time and loses (4.1.4).",
                    "超时判负（4.1.4）。",
                    "超時判負（4.1.4）。"
                )
            ),
            Ending::PlyCap { plies } => match lang {
                Language::English => format!("Drawn at the cap of {plies} plies."),
                Language::SimplifiedChinese => format!("达到 {plies} 步的上限，判和。"),
                Language::TraditionalChinese => format!("達到 {plies} 步的上限，判和。"),
            },
            Ending::Failure { loser, what, .. } => match lang {
                Language::English => format!("{} loses: {what}.", side(*loser)),
                _ => format!(
                    "{}{}{what}",
                    side(*loser),
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
    pub ending: Ending,
}

/// Play one game from `opening`, `red` and `black` choosing the moves.
pub fn play_game(
    red: &mut Engine,
    black: &mut Engine,
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
    let finish = |played: Vec<DuelMove>, ending: Ending| DuelGame {
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
        if let Some(r) = judgement.ruling.filter(|r| r.result.is_final()) {
            return Ok(finish(Vec::new(), Ending::Ruling(Box::new(r))));
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
            return Ok(finish(played, Ending::PlyCap { plies }));
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
                let ending = Ending::Failure {
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
                return Ok(finish(played, Ending::Time { loser: mover }));
            }
            clock.press(now);
        }
        let Some(mv) = outcome.best else {
            let (kind, what) = match outcome.unreadable {
                Some(text) => (
                    "illegal_move",
                    format!("{} answered {text}, not a legal move", engine.label()),
                ),
                None => ("no_move", format!("{} gave no move", engine.label())),
            };
            return Ok(finish(
                played,
                Ending::Failure {
                    loser: mover,
                    kind,
                    what,
                },
            ));
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
        if let Some(r) = judgement.ruling.filter(|r| r.result.is_final()) {
            return Ok(finish(played, Ending::Ruling(Box::new(r))));
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
                .is_some_and(|r| r.result == GameResult::wins(mover.opponent()))
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
        tags.set(TagKey::Other("Termination".to_owned()), self.ending.kind());
        settings.rules.store_in(&mut game);
        game.set_result(self.ending.result());
        game
    }
}
