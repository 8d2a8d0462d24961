//! Game > Review game…: an engine (the one the analysis uses) searches every position of the
//! main line in the background, with a progress bar and Cancel; once done, the review is written
//! into the game (each move's `[%eval]` and mark, the better line beside each marked move, each
//! side's accuracy in the tags) and the evaluation graph shows it. The time per position and
//! the losses that earn `?!`, `?` and `??` are set here and kept in the settings.

use std::time::Duration;

use eframe::egui;

use crate::engine_client::{AnalysisSettings, EngineConfig, Limit};

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::command::outbox::{Arrival, Outbox};
use crate::ui::base::session::Session;
use crate::ui::base::settings::ReviewSettings;
use crate::ui::windows::{Opening, Opens, Shown, Window, WindowMessage};
use crate::ui::workers::review_worker::{ReviewEvent, ReviewJob, ReviewWorker};

/// The window's state while it is open.
pub struct ReviewWindow {
    engine: EngineConfig,
    settings: ReviewSettings,
    worker: Option<ReviewWorker>,
    engine_name: String,
    progress: (usize, usize),
    error: Option<String>,
    /// The reviews were written into the game: the window closes.
    done: bool,
    /// Where the review sends its messages.
    outbox: Outbox,
}

impl ReviewWindow {
    /// The window, reviewing with `engine` as `settings` say once started, its messages sent
    /// through `outbox`.
    pub fn new(engine: EngineConfig, settings: ReviewSettings, outbox: Outbox) -> ReviewWindow {
        ReviewWindow {
            engine,
            settings,
            worker: None,
            engine_name: String::new(),
            progress: (0, 0),
            error: None,
            done: false,
            outbox,
        }
    }

    fn start(&mut self, session: &Session) {
        let game = session.game();
        let moves = game.moves_to(game.main_line_end());
        self.error = None;
        self.progress = (0, moves.len() + 1);
        self.worker = Some(ReviewWorker::spawn(
            &self.outbox,
            ReviewJob {
            engine: self.engine.clone(),
            rules: session.rules(),
            start: game.start().clone(),
            moves,
            settings: AnalysisSettings {
                limit: Limit::review(self.settings.move_time),
                thresholds: self.settings.thresholds(),
            },
            },
        ));
    }

    /// A message of the review under way (one of work given up is left): once the reviews are
    /// there, they are written into the game and the window closes.
    fn arrived(&mut self, arrival: Arrival, commands: &mut Vec<Command>) {
        let Some(worker) = &self.worker else {
            return;
        };
        let Some(event) = arrival.open::<ReviewEvent>(Some(worker.job())) else {
            return;
        };
        match event {
            ReviewEvent::Started(name) => self.engine_name = name,
            ReviewEvent::Progress(done, total) => self.progress = (done, total),
            ReviewEvent::Failed(why) => {
                self.error = Some(why);
                self.worker = None;
            }
            ReviewEvent::Done(reviews) => {
                self.worker = None;
                self.done = true;
                commands.push(SessionCommand::ApplyReview(reviews).into());
                commands.push(AppCommand::ShowEvalGraph.into());
            }
        }
    }

    fn fields(&mut self, ui: &mut egui::Ui, session: &Session) {
        let lang = session.lang();
        let mut seconds = self.settings.move_time.as_secs_f64();
        egui::Grid::new("review-settings")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(lang.pick("Time per position", "每个局面", "每個局面"));
                ui.add(
                    egui::DragValue::new(&mut seconds)
                        .range(0.05..=60.0)
                        .speed(0.05)
                        .suffix(lang.pick(" s", " 秒", " 秒")),
                )
                .labelled_by(label.id);
                ui.end_row();
                for (value, name) in [
                    (
                        &mut self.settings.inaccuracy,
                        lang.pick("?! from a loss of", "?! 损失达", "?! 損失達"),
                    ),
                    (
                        &mut self.settings.mistake,
                        lang.pick("? from a loss of", "? 损失达", "? 損失達"),
                    ),
                    (
                        &mut self.settings.blunder,
                        lang.pick("?? from a loss of", "?? 损失达", "?? 損失達"),
                    ),
                ] {
                    let label = ui.label(name);
                    ui.add(
                        egui::DragValue::new(value)
                            .range(1..=5000)
                            .suffix(lang.pick(" centipawns", " 分", " 分")),
                    )
                    .labelled_by(label.id);
                    ui.end_row();
                }
            });
        self.settings.move_time = Duration::from_secs_f64(seconds);
    }
}

impl Window for ReviewWindow {
    /// Show the window; false once it is closed (closing it cancels a review under way).
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        if self.done {
            return false;
        }
        let session = shown.session;
        let lang = session.lang();
        let mut open = true;
        egui::Window::new(lang.pick("Review game", "复盘", "復盤"))
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ctx, |ui| {
                ui.label(lang.pick(
                    "The engine searches every position of the main line, marks the moves that \
                     lost and measures each side's accuracy.",
                    "引擎逐一搜索主线的每个局面，标出失分的着法，并计算双方的准确率。",
                    "引擎逐一搜尋主線的每個局面，標出失分的著法，並計算雙方的精確度。",
                ));
                ui.add_enabled_ui(self.worker.is_none(), |ui| self.fields(ui, session));
                ui.horizontal_wrapped(|ui| {
                    if self.worker.is_some() {
                        if ui.button(lang.pick("Cancel", "取消", "取消")).clicked() {
                            self.worker = None;
                            self.progress = (0, 0);
                        }
                        let (done, total) = self.progress;
                        ui.add(
                            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                                .desired_width(180.0)
                                .text(format!("{done}/{total}")),
                        );
                    } else if ui
                        .add_enabled(
                            session.game().move_count() > 0,
                            egui::Button::new(lang.pick("Start review", "开始复盘", "開始復盤")),
                        )
                        .clicked()
                    {
                        commands.push(AppCommand::SetReviewSettings(self.settings).into());
                        self.start(session);
                    }
                    if !self.engine_name.is_empty() {
                        ui.weak(&self.engine_name);
                    }
                });
                if let Some(error) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, error);
                }
            });
        open
    }

    fn receive(
        &mut self,
        message: WindowMessage,
        _: &Session,
        commands: &mut Vec<Command>,
    ) {
        if let WindowMessage::Arrived(_, arrival) = message {
            self.arrived(arrival, commands);
        }
    }
}

impl Opens for ReviewWindow {
    /// The review with the built-in engine and the settings last used.
    fn open(opening: &Opening<'_>) -> ReviewWindow {
        ReviewWindow::new(
            opening.builtin_engine.clone(),
            opening.settings.review,
            opening.outbox.clone(),
        )
    }
}
