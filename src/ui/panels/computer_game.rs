//! Play against the computer (人机对弈) and engine against engine (机机对弈): the games
//! themselves, drawn in the desk panel (the form that sets one up is a window of its own, the
//! play form). Each engine runs on its own thread and process
//! ([`EngineLink`]); each frame its move, when one has come for the position on the board, is
//! played through the session like a move of the user's, so the record, the referee and the
//! clock treat it as any move. Against the user, the cloud database may open for the computer
//! ([`OpeningBook`]).

use std::time::Duration;

use eframe::egui;

use crate::engine_client::{EngineConfig, Limit};
use crate::lang::Language;
use crate::record::NodeId;
use crate::referee::RuleSet;
use crate::rules::{Color, Move};

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::outbox::{Arrival, Outbox, Recipient};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::base::settings::{engine_config, EngineChoice, MatchSettings, PlaySettings};
use crate::ui::panels::cloud_lines::CloudLines;
use crate::ui::panels::opening_book::OpeningBook;
use crate::ui::workers::engine_link::{EngineLink, LinkEvent};

/// One engine at the board: the side it plays, and its engine.
struct Seat {
    color: Color,
    link: EngineLink,
    level: u32,
    /// A stop was sent for the search under way, which is no longer wanted.
    stopping: bool,
}

impl Seat {
    /// Start the engine of `choice` (`builtin` is started as `builtin` says).
    fn start(
        color: Color,
        choice: &EngineChoice,
        builtin: &EngineConfig,
        rules: RuleSet,
        outbox: &Outbox,
    ) -> Result<Seat, String> {
        // The built-in engine's own settings (its threads) first: the spec's may change them.
        let config = engine_config(&choice.engine, builtin).map_err(|e| e.to_string())?;
        let wanted = vec![
            ("Skill Level".to_owned(), choice.level.to_string()),
            ("Rules".to_owned(), rules.name().to_owned()),
        ];
        Ok(Seat {
            color,
            link: EngineLink::start(outbox, Recipient::Computer, config, wanted),
            level: choice.level,
            stopping: false,
        })
    }

    /// `Qipu 0.1 (level 3)`: the engine's name once it runs, and its level.
    fn title(&self, lang: Language) -> String {
        let name = if self.link.name().is_empty() {
            lang.pick("the engine", "引擎", "引擎").to_owned()
        } else {
            self.link.name().to_owned()
        };
        format!(
            "{name} ({} {})",
            lang.pick("level", "级别", "級別"),
            self.level
        )
    }
}

/// Who the engines play: the user, or each other (engine against engine, 机机对弈).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Opponent {
    /// One engine plays the user; it moves at the end of the main line.
    User,
    /// Two engines play each other from the move on the board when the match began: each
    /// plays from where the last move left the board (a match begun inside a game follows
    /// the moves already there or adds a variation), and waits while another move is shown.
    Engine {
        /// Where the next move is played.
        at: NodeId,
        /// The move last asked of the session, not yet seen on the board.
        sent: Option<Move>,
    },
}

/// Engines playing on the board: against the user, or against each other.
pub struct ComputerGame {
    seats: Vec<Seat>,
    opponent: Opponent,
    move_time: Duration,
    /// An engine match waits (the search under way is stopped and its move dropped).
    paused: bool,
    /// The cloud database as the computer's opening book, when asked for.
    book: Option<OpeningBook>,
}

impl ComputerGame {
    /// Start the engine of `settings` against the user; `builtin` says how to start the
    /// built-in engine.
    pub fn start(
        settings: &PlaySettings,
        builtin: &EngineConfig,
        rules: RuleSet,
        outbox: &Outbox,
    ) -> Result<ComputerGame, String> {
        let seat = Seat::start(settings.computer, &settings.engine, builtin, rules, outbox)?;
        Ok(ComputerGame {
            seats: vec![seat],
            opponent: Opponent::User,
            move_time: settings.move_time,
            paused: false,
            book: None,
        })
    }

    /// The same game with the cloud as the computer's opening book, when `wanted` and the
    /// cloud is on.
    pub fn with_book(self, cloud: &CloudLines, wanted: bool) -> ComputerGame {
        ComputerGame {
            book: if wanted { OpeningBook::of(cloud) } else { None },
            ..self
        }
    }

    /// Start a match of the two engines of `settings` from the move `at` on the board.
    pub fn start_match(
        settings: &MatchSettings,
        at: NodeId,
        builtin: &EngineConfig,
        rules: RuleSet,
        outbox: &Outbox,
    ) -> Result<ComputerGame, String> {
        let red = Seat::start(Color::Red, &settings.red, builtin, rules, outbox)?;
        let black = Seat::start(Color::Black, &settings.black, builtin, rules, outbox)?;
        Ok(ComputerGame {
            seats: vec![red, black],
            opponent: Opponent::Engine { at, sent: None },
            move_time: settings.move_time,
            paused: false,
            book: None,
        })
    }

    /// The side the computer plays against the user (`None` in an engine match).
    pub fn computer(&self) -> Option<Color> {
        match (self.opponent, self.seats.first()) {
            (Opponent::User, Some(seat)) => Some(seat.color),
            _ => None,
        }
    }

    /// True for an engine match.
    pub fn is_match(&self) -> bool {
        matches!(self.opponent, Opponent::Engine { .. })
    }

    /// Pause an engine match (the search under way is stopped, its move dropped).
    pub fn pause(&mut self) {
        self.paused = true;
    }

    /// Let a paused match go on from the move on the board.
    fn resume(&mut self, session: &Session) {
        self.paused = false;
        if let Opponent::Engine { at, sent } = &mut self.opponent {
            *at = session.cursor();
            *sent = None;
        }
    }

    /// True while an engine is thinking.
    pub fn thinking(&self) -> bool {
        self.seats.iter().any(|s| s.link.is_searching())
    }

    /// True when the engine of `color` is to move in the game shown: the game goes on, it is
    /// that side's turn, and the board shows where the engines play (the end of the main line
    /// against the user; where the last move left the board in a match that is not paused).
    fn to_play(&self, session: &Session, color: Color) -> bool {
        let there = match self.opponent {
            Opponent::User => session.cursor() == session.game().main_line_end(),
            Opponent::Engine { at, .. } => !self.paused && session.cursor() == at,
        };
        there && !session.game_over() && session.position().side_to_move() == color
    }

    /// In a match, the move asked for has reached the board: the next is played from there.
    fn follow(&mut self, session: &Session) {
        let game = session.game();
        let cursor = session.cursor();
        if let Opponent::Engine { at, sent } = &mut self.opponent {
            if sent.is_some() && game.parent(cursor) == Some(*at) && game.move_of(cursor) == *sent {
                *at = cursor;
                *sent = None;
            }
        }
    }

    /// True when the computer is to move in the game shown.
    pub fn computer_to_play(&self, session: &Session) -> bool {
        self.seats.iter().any(|s| self.to_play(session, s.color))
    }

    /// A message of an engine at the board: its move is played if it is for the position on
    /// the board and the engine is to move (a move whose position has gone is dropped).
    pub fn arrived(&mut self, arrival: Arrival, session: &Session) -> Vec<Command> {
        self.follow(session);
        if let Some(book) = self.book.as_mut().filter(|b| b.sent(&arrival)) {
            let mv = book.arrived(arrival, session);
            return mv
                .filter(|_| self.computer_to_play(session))
                .map(|mv| SessionCommand::TryMove(mv).into())
                .into_iter()
                .collect();
        }
        let mut commands = Vec::new();
        let Some(i) = self.seats.iter().position(|s| s.link.sent(&arrival)) else {
            return commands;
        };
        let (searched, best) = match self.seats[i].link.take(arrival) {
            Some(LinkEvent::Best(searched, best)) => (searched, best),
            Some(LinkEvent::Trouble(why)) => {
                let why = format!("{}: {why}", self.seats[i].title(session.lang()));
                commands
                    .push(AppCommand::Notify(Notification::warning(Source::Computer, why)).into());
                return commands;
            }
            Some(LinkEvent::Info(..)) | None => return commands,
        };
        self.seats[i].stopping = false;
        let game = session.game();
        let here =
            searched.moves == game.moves_to(session.cursor()) && searched.start == *game.start();
        if !here || !self.to_play(session, self.seats[i].color) {
            return commands;
        }
        match best {
            Some(mv) => {
                if let Opponent::Engine { sent, .. } = &mut self.opponent {
                    *sent = Some(mv);
                }
                commands.push(SessionCommand::TryMove(mv).into());
            }
            None if self.is_match() => {
                self.paused = true;
                let why = format!(
                    "{} {}",
                    self.seats[i].title(session.lang()),
                    session
                        .lang()
                        .pick("gave no move", "没有给出着法", "沒有給出著法")
                );
                commands
                    .push(AppCommand::Notify(Notification::warning(Source::Computer, why)).into());
            }
            None => {}
        }
        commands
    }

    /// Follow the board: a search started when an engine is to move, and one whose position
    /// has gone (a move taken back, the game ended, the match paused) stopped.
    pub fn follow_board(&mut self, session: &Session) {
        self.follow(session);
        let game = session.game();
        let moves = game.moves_to(session.cursor());
        let limit = self.limit(session);
        // While the cloud's book has the move, the engine waits.
        let book_plays =
            self.computer_to_play(session) && self.book.as_mut().is_some_and(|b| b.plays(session));
        for i in 0..self.seats.len() {
            let to_play = self.to_play(session, self.seats[i].color);
            let seat = &mut self.seats[i];
            if seat.link.is_searching() {
                if !to_play && !seat.stopping {
                    seat.link.stop();
                    seat.stopping = true;
                }
            } else if seat.link.is_ready() && to_play && !book_plays {
                seat.link.go(game.start(), &moves, limit);
            }
        }
    }

    /// How many moves a take-back removes: against the user, the computer's reply and the
    /// user's move before it when the user is to move, else the user's move alone (the search
    /// for a reply to it is stopped); in a match, one.
    pub fn take_back_steps(&self, session: &Session) -> usize {
        let Some(computer) = self.computer() else {
            return 1;
        };
        let moves = session.game().moves_to(session.cursor()).len();
        if session.position().side_to_move() != computer && moves >= 2 {
            2
        } else {
            1
        }
    }

    /// The search's limit: the clock's times when the game clock runs (art. 6), else the time
    /// per move.
    fn limit(&self, session: &Session) -> Limit {
        match session.contest().filter(|c| c.result().is_none()) {
            Some(contest) => {
                let at = session.now();
                let mover = session.position().side_to_move();
                Limit::Clock {
                    red: contest.reading(Color::Red, at).remaining,
                    black: contest.reading(Color::Black, at).remaining,
                    red_increment: Duration::ZERO,
                    black_increment: Duration::ZERO,
                    moves_to_go: contest.reading(mover, at).moves_due,
                }
            }
            None => Limit::MoveTime(self.move_time),
        }
    }

    /// The panel under the clock: who plays what, and the engines' errors (the buttons and
    /// whether an engine thinks are drawn apart, kept in reach: [`ComputerGame::controls`]).
    pub fn show(&self, ui: &mut egui::Ui, session: &Session) {
        let lang = session.lang();
        if self.is_match() {
            ui.strong(lang.pick("Engine against engine", "机机对弈", "機機對弈"));
        } else {
            ui.strong(lang.pick("Against the computer", "人机对弈", "人機對弈"));
        }
        for seat in &self.seats {
            ui.label(format!(
                "{} {} {}",
                seat.title(lang),
                lang.pick("plays", "执", "執"),
                seat.color.name(lang),
            ));
        }
        if let Some(book) = &self.book {
            ui.label(if book.asking() {
                lang.pick(
                    "Opening book: asking the cloud database…",
                    "开局库：正在查询云库…",
                    "開局庫：正在查詢雲庫…",
                )
            } else {
                lang.pick(
                    "Opening book: the cloud database",
                    "开局库：云库",
                    "開局庫：雲庫",
                )
            });
        }
        if self.seats.iter().any(|s| s.link.failed()) {
            ui.colored_label(
                ui.visuals().error_fg_color,
                lang.pick("The engine stopped", "引擎已停止", "引擎已停止"),
            );
        }
    }

    /// The buttons (resign and stop playing against the user; pause, go on and stop in a
    /// match) and, under them, whether an engine starts or thinks.
    pub fn controls(&mut self, ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
        let lang = session.lang();
        // The buttons before the line that comes and goes (starting, thinking), so that they
        // hold still under the pointer.
        ui.horizontal_wrapped(|ui| {
            if self.is_match() {
                let over = session.game_over();
                if self.paused {
                    if ui
                        .add_enabled(
                            !over,
                            egui::Button::new(lang.pick(
                                "Resume the match",
                                "继续对弈",
                                "繼續對弈",
                            )),
                        )
                        .clicked()
                    {
                        self.resume(session);
                    }
                } else if ui
                    .add_enabled(
                        !over,
                        egui::Button::new(lang.pick("Pause the match", "暂停对弈", "暫停對弈")),
                    )
                    .clicked()
                {
                    self.pause();
                }
            } else if session.contest().is_none()
                // With the clock running, its panel has the resign button.
                && ui
                    .add_enabled(
                        !session.game_over(),
                        egui::Button::new(lang.pick("Resign", "认输", "認輸")),
                    )
                    .clicked()
            {
                if let Some(computer) = self.computer() {
                    commands.push(SessionCommand::Resign(computer.opponent()).into());
                }
            }
            let stop = if self.is_match() {
                lang.pick("Stop the match", "结束对弈", "結束對弈")
            } else {
                lang.pick("Stop playing", "结束人机对弈", "結束人機對弈")
            };
            if ui.button(stop).clicked() {
                commands.push(AppCommand::StopComputer.into());
            }
        });
        // The line is always there, empty when there is nothing to say: pinned at the panel's
        // foot, a line that came and went would move the buttons above it.
        let state = if self
            .seats
            .iter()
            .any(|s| !s.link.is_ready() && !s.link.failed())
        {
            lang.pick("Starting the engine…", "正在启动引擎…", "正在啟動引擎…")
        } else if self.thinking() && self.computer_to_play(session) {
            // Text, not a spinner: a spinner would draw the window at every frame.
            lang.pick("Thinking…", "思考中…", "思考中…")
        } else if self.is_match() && session.game_over() {
            lang.pick("The game is over.", "对局已结束。", "對局已結束。")
        } else {
            " "
        };
        ui.label(state);
    }
}
