//! Play against the computer (人机对弈): the form that sets a game up (the computer's side, the
//! engine, its level and time, the game clock of art. 6), and the game itself. The engine runs
//! on its own thread and process ([`EngineLink`]); each frame its move, when one has come for the
//! position on the board, is played through the session like a move of the user's, so the
//! record, the referee and the clock treat it as any move.

use std::time::Duration;

use eframe::egui;

use crate::competition::Preset;
use crate::engine::client::{EngineConfig, EngineProgram, Limit};
use crate::lang::Language;
use crate::referee::RuleSet;
use crate::rules::Color;

use super::clock_panel::{article, preset_label, presets};
use super::command::Command;
use super::engine_link::{EngineLink, LinkEvent};
use super::session::Session;

/// How a game against the computer is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaySettings {
    /// The side the computer plays.
    pub computer: Color,
    /// The engine: `builtin` or a program path, with `:key=value` settings
    /// ([`EngineConfig::parse_spec`]).
    pub engine: String,
    /// The engine's `Skill Level`, 0–20 (20 the strongest).
    pub level: u32,
    /// Its time per move when no clock runs.
    pub move_time: Duration,
    /// The game clock of art. 6, if wanted.
    pub clock: Option<Preset>,
    /// Start a new game (else play on from the end of the game shown).
    pub new_game: bool,
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings {
            computer: Color::Black,
            engine: "builtin".to_owned(),
            level: 10,
            move_time: Duration::from_secs(1),
            clock: None,
            new_game: true,
        }
    }
}

/// The form of Game > Play against the computer…, kept while it is open.
#[derive(Clone, Debug, Default)]
pub struct PlayForm {
    settings: PlaySettings,
    clock: bool,
    preset: usize,
    minutes: u32,
    error: Option<String>,
}

impl PlayForm {
    /// The form with the settings last used.
    pub fn new(settings: PlaySettings) -> PlayForm {
        PlayForm {
            clock: settings.clock.is_some(),
            settings,
            preset: 0,
            minutes: 20,
            error: None,
        }
    }

    /// Show the form; false once it is closed. Starting pushes [`Command::PlayComputer`].
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        lang: Language,
        commands: &mut Vec<Command>,
    ) -> bool {
        let mut open = true;
        let mut start = false;
        egui::Window::new(lang.pick("Play against the computer", "人机对弈", "人機對弈"))
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ctx, |ui| {
                let s = &mut self.settings;
                ui.horizontal(|ui| {
                    ui.label(lang.pick("The computer plays", "电脑执", "電腦執"));
                    ui.radio_value(&mut s.computer, Color::Red, Color::Red.name(lang));
                    ui.radio_value(&mut s.computer, Color::Black, Color::Black.name(lang));
                });
                ui.horizontal(|ui| {
                    ui.label(lang.pick("Engine", "引擎", "引擎"));
                    ui.add(egui::TextEdit::singleline(&mut s.engine).desired_width(220.0))
                        .on_hover_text(lang.pick(
                            "builtin, or the path of a UCI engine (add :protocol=ucci for UCCI)",
                            "builtin（内置），或 UCI 引擎的路径（UCCI 引擎加 :protocol=ucci）",
                            "builtin（內建），或 UCI 引擎的路徑（UCCI 引擎加 :protocol=ucci）",
                        ));
                });
                ui.horizontal(|ui| {
                    let label = ui.label(lang.pick("Level", "级别", "級別"));
                    ui.add(egui::Slider::new(&mut s.level, 0..=20))
                        .labelled_by(label.id);
                });
                ui.horizontal(|ui| {
                    let label = ui.label(lang.pick("Time per move", "每步用时", "每步用時"));
                    let mut seconds = s.move_time.as_secs_f64();
                    ui.add(
                        egui::DragValue::new(&mut seconds)
                            .range(0.05..=600.0)
                            .speed(0.1)
                            .suffix(lang.pick(" s", " 秒", " 秒")),
                    )
                    .labelled_by(label.id);
                    s.move_time = Duration::from_secs_f64(seconds);
                });
                ui.checkbox(
                    &mut self.clock,
                    lang.pick("With the game clock", "使用棋钟", "使用棋鐘"),
                );
                if self.clock {
                    let choices = presets(self.minutes);
                    egui::ComboBox::new(
                        "computer-time-control",
                        lang.pick("Time control", "计时方案", "計時方案"),
                    )
                    .selected_text(article(choices[self.preset]))
                    .show_ui(ui, |ui| {
                        for (i, &preset) in choices.iter().enumerate() {
                            ui.selectable_value(&mut self.preset, i, preset_label(preset, lang));
                        }
                    });
                    if matches!(choices[self.preset], Preset::Art6_5(_)) {
                        ui.add(
                            egui::DragValue::new(&mut self.minutes)
                                .range(1..=600)
                                .suffix(lang.pick(" min", " 分钟", " 分鐘")),
                        );
                    }
                }
                ui.checkbox(&mut s.new_game, lang.pick("New game", "新对局", "新對局"))
                    .on_hover_text(lang.pick(
                        "Otherwise play on from the end of the game shown",
                        "否则从所示对局的终局继续",
                        "否則從所示對局的終局繼續",
                    ));
                if let Some(error) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, error);
                }
                if ui.button(lang.pick("Start", "开始", "開始")).clicked() {
                    start = true;
                }
            });
        if start {
            self.settings.clock = self.clock.then(|| presets(self.minutes)[self.preset]);
            match EngineConfig::parse_spec(self.settings.engine.trim()) {
                Ok(_) => {
                    commands.push(Command::PlayComputer(self.settings.clone()));
                    return false;
                }
                Err(e) => self.error = Some(e.to_string()),
            }
        }
        open
    }
}

/// A game against the computer under way.
pub struct ComputerGame {
    link: EngineLink,
    computer: Color,
    move_time: Duration,
    level: u32,
    /// A stop was sent for the search under way, which is no longer wanted.
    stopping: bool,
}

impl ComputerGame {
    /// Start the engine of `settings`; `builtin` says how to start the built-in engine.
    pub fn start(
        settings: &PlaySettings,
        builtin: &EngineConfig,
        rules: RuleSet,
    ) -> Result<ComputerGame, String> {
        let mut config =
            EngineConfig::parse_spec(settings.engine.trim()).map_err(|e| e.to_string())?;
        if config.program == EngineProgram::Builtin {
            config.program = builtin.program.clone();
        }
        let wanted = vec![
            ("Skill Level".to_owned(), settings.level.to_string()),
            ("Rules".to_owned(), rules.name().to_owned()),
        ];
        Ok(ComputerGame {
            link: EngineLink::start(config, wanted),
            computer: settings.computer,
            move_time: settings.move_time,
            level: settings.level,
            stopping: false,
        })
    }

    /// The side the computer plays.
    pub fn computer(&self) -> Color {
        self.computer
    }

    /// True while the engine is thinking.
    pub fn thinking(&self) -> bool {
        self.link.is_searching()
    }

    /// True while a message of the engine is awaited: it is starting or thinking.
    pub fn busy(&self) -> bool {
        self.thinking() || (!self.link.is_ready() && self.link.error().is_none())
    }

    /// True when the computer is to move in the game shown: the board shows the end of the main
    /// line, the game goes on, and it is the computer's turn.
    pub fn to_play(&self, session: &Session) -> bool {
        !session.game_over()
            && session.cursor() == session.game().main_line_end()
            && session.position().side_to_move() == self.computer
    }

    /// One frame: the engine's move if it has come for the position on the board, and a search
    /// started when the computer is to move. A search whose position has gone (a move taken
    /// back, the game ended) is stopped and its move dropped.
    pub fn frame(&mut self, session: &Session) -> Vec<Command> {
        let game = session.game();
        let moves = game.moves_to(session.cursor());
        let mut commands = Vec::new();
        for event in self.link.poll() {
            let LinkEvent::Best(searched, best) = event else {
                continue;
            };
            self.stopping = false;
            let here = searched.moves == moves && searched.start == *game.start();
            if let (true, true, Some(mv)) = (here, self.to_play(session), best) {
                commands.push(Command::TryMove(mv));
            }
        }
        if !commands.is_empty() {
            return commands;
        }
        if self.link.is_searching() {
            if !self.to_play(session) && !self.stopping {
                self.link.stop();
                self.stopping = true;
            }
        } else if self.link.is_ready() && self.to_play(session) {
            self.link.go(game.start(), &moves, self.limit(session));
        }
        commands
    }

    /// How many moves a take-back removes: the computer's reply and the user's move before it
    /// when the user is to move, else the user's move alone (the search for a reply to it is
    /// stopped).
    pub fn take_back_steps(&self, session: &Session) -> usize {
        let moves = session.game().moves_to(session.cursor()).len();
        if session.position().side_to_move() != self.computer && moves >= 2 {
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

    /// The panel under the clock: who plays what, whether the engine thinks, its errors, and
    /// the buttons to resign and to stop playing.
    pub fn show(&self, ui: &mut egui::Ui, session: &Session) -> Vec<Command> {
        let lang = session.lang();
        let mut commands = Vec::new();
        ui.strong(lang.pick("Against the computer", "人机对弈", "人機對弈"));
        let name = if self.link.name().is_empty() {
            lang.pick("the engine", "引擎", "引擎").to_owned()
        } else {
            self.link.name().to_owned()
        };
        ui.label(format!(
            "{name} {} {} · {} {}",
            lang.pick("plays", "执", "執"),
            self.computer.name(lang),
            lang.pick("level", "级别", "級別"),
            self.level
        ));
        if !self.link.is_ready() && self.link.error().is_none() {
            ui.label(lang.pick("Starting the engine…", "正在启动引擎…", "正在啟動引擎…"));
        } else if self.thinking() && self.to_play(session) {
            // Text, not a spinner: a spinner would draw the window at every frame.
            ui.label(lang.pick("Thinking…", "思考中…", "思考中…"));
        }
        if let Some(error) = self.link.error() {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        ui.horizontal(|ui| {
            // With the clock running, its panel has the resign button.
            if session.contest().is_none()
                && ui
                    .add_enabled(
                        !session.game_over(),
                        egui::Button::new(lang.pick("Resign", "认输", "認輸")),
                    )
                    .clicked()
            {
                commands.push(Command::Resign(self.computer.opponent()));
            }
            if ui
                .button(lang.pick("Stop playing", "结束人机对弈", "結束人機對弈"))
                .clicked()
            {
                commands.push(Command::StopComputer);
            }
        });
        commands
    }
}
