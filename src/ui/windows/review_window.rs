//! Game > Review game…: the engine chosen here (the built-in one or one the user configured)
//! searches every position of the main line in the background, each to the same number of
//! nodes, with a progress bar and Cancel; once done, the review is written into the game (each
//! move's `[%eval]` and mark, the better line beside each marked move, each side's accuracy in
//! the tags) and the evaluation graph shows it. The engine, the nodes per position and the
//! losses that earn `?!`, `?` and `??` are set here and kept in the settings, and so is the
//! choice to take the cloud database's score where it knows the position (offered while the
//! cloud is on).

use std::path::PathBuf;

use eframe::egui;

use crate::cloud::ClientSettings;
use crate::engine_client::{AnalysisSettings, EngineConfig, Limit, SpecError};
use crate::lang::Language;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::command::outbox::{Arrival, Outbox};
use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::session::Session;
use crate::ui::base::settings::{engine_config, CloudSettings, NamedEngine, ReviewSettings};
use crate::cloud::CACHE_FILE;
use crate::ui::windows::engine_match::engine_picker;
use crate::ui::windows::{Opening, Opens, Shown, Window, WindowMessage};
use crate::ui::workers::review_worker::{CloudReview, ReviewEvent, ReviewJob, ReviewWorker};

/// What the review tells the user when it could not start or failed: `why`, in a box.
fn failed(why: String) -> Command {
    let told = Notification::error(Source::Window(WindowId::Review), why);
    AppCommand::Notify(told).into()
}

/// The window's state while it is open.
pub struct ReviewWindow {
    /// How the built-in engine is started.
    builtin: EngineConfig,
    settings: ReviewSettings,
    worker: Option<ReviewWorker>,
    engine_name: String,
    progress: (usize, usize),
    /// The reviews were written into the game: the window closes.
    done: bool,
    /// Where the review sends its messages.
    outbox: Outbox,
    /// The cloud database as set, and where its answers are kept (in memory when `None`).
    cloud: CloudSettings,
    cloud_cache: Option<PathBuf>,
}

impl ReviewWindow {
    /// The window, reviewing as `settings` say once started (the built-in engine started as
    /// `builtin` says), its messages sent through `outbox`.
    pub fn new(builtin: EngineConfig, settings: ReviewSettings, outbox: Outbox) -> ReviewWindow {
        ReviewWindow {
            builtin,
            settings,
            worker: None,
            engine_name: String::new(),
            progress: (0, 0),
            done: false,
            outbox,
            cloud: CloudSettings::default(),
            cloud_cache: None,
        }
    }

    /// The same window with the cloud database as `cloud` has it, its answers kept in the file
    /// `cache` (in memory when `None`).
    pub fn with_cloud(self, cloud: CloudSettings, cache: Option<PathBuf>) -> ReviewWindow {
        ReviewWindow {
            cloud,
            cloud_cache: cache,
            ..self
        }
    }

    /// The cloud the review asks first: the user chose it and agreed to the cloud.
    fn cloud_review(&self) -> Option<CloudReview> {
        (self.settings.cloud && self.cloud.sends()).then(|| CloudReview {
            client: ClientSettings {
                server: self.cloud.server.clone(),
                ..ClientSettings::default()
            },
            cache: self.cloud_cache.clone(),
        })
    }

    /// The choice to take the cloud's score where it knows the position: off and greyed while
    /// the cloud is off or not yet agreed to.
    fn cloud_choice(&mut self, ui: &mut egui::Ui, lang: Language) {
        let sends = self.cloud.sends();
        let mut on = self.settings.cloud && sends;
        let choice = ui.add_enabled(
            sends,
            egui::Checkbox::new(
                &mut on,
                lang.pick(
                    "Use the cloud database where it knows the position",
                    "云库有记录的局面使用云库评分",
                    "雲庫有記錄的局面使用雲庫評分",
                ),
            ),
        );
        if sends {
            self.settings.cloud = on;
        } else {
            choice.on_disabled_hover_text(lang.pick(
                "Turn the cloud database on first (Game › Cloud database settings…).",
                "请先开启云库（对局 › 云库设置…）。",
                "請先開啟雲庫（對局 › 雲庫設定…）。",
            ));
        }
    }

    /// The review of the main line of `session` as the settings ask for it: the engine chosen,
    /// each position searched to the nodes set.
    fn job(&self, session: &Session) -> Result<ReviewJob, SpecError> {
        let game = session.game();
        Ok(ReviewJob {
            engine: engine_config(&self.settings.engine, &self.builtin)?,
            rules: session.rules(),
            start: game.start().clone(),
            moves: game.moves_to(game.main_line_end()),
            settings: AnalysisSettings {
                limit: Limit::Nodes(self.settings.nodes.max(1)),
                thresholds: self.settings.thresholds(),
            },
            cloud: self.cloud_review(),
        })
    }

    /// Start the review, or tell the user why it cannot start.
    fn start(&mut self, session: &Session, commands: &mut Vec<Command>) {
        match self.job(session) {
            Ok(job) => {
                self.progress = (0, job.moves.len() + 1);
                self.worker = Some(ReviewWorker::spawn(&self.outbox, job));
            }
            Err(e) => commands.push(failed(e.to_string())),
        }
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
                self.worker = None;
                commands.push(failed(why));
            }
            ReviewEvent::Done(reviews, sources) => {
                self.worker = None;
                self.done = true;
                commands.push(SessionCommand::ApplyReview(reviews, sources).into());
                commands.push(AppCommand::ShowEvalGraph.into());
            }
        }
    }

    fn fields(&mut self, ui: &mut egui::Ui, lang: Language, configured: &[NamedEngine]) {
        egui::Grid::new("review-settings")
            .num_columns(2)
            .show(ui, |ui| {
                engine_picker(ui, lang, "review", &mut self.settings.engine, configured);
                ui.end_row();
                let label = ui.label(lang.pick(
                    "Nodes per position",
                    "每个局面的节点数",
                    "每個局面的節點數",
                ));
                ui.add(
                    egui::DragValue::new(&mut self.settings.nodes)
                        .range(1_000..=100_000_000)
                        .speed(1_000.0)
                        .suffix(lang.pick(" nodes", " 个节点", " 個節點")),
                )
                .labelled_by(label.id)
                .on_hover_text(lang.pick(
                    "The engine searches each position to this number of nodes, not for a \
                     time, so the same game gets the same review on every run",
                    "引擎在每个局面搜索固定的节点数而不是固定的时间，同一局棋每次复盘结果相同",
                    "引擎在每個局面搜尋固定的節點數而不是固定的時間，同一局棋每次復盤結果相同",
                ));
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
        egui::Window::new(WindowId::Review.title(lang))
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
                ui.add_enabled_ui(self.worker.is_none(), |ui| {
                    self.fields(ui, lang, shown.engines);
                    self.cloud_choice(ui, lang);
                });
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
                        commands.push(AppCommand::SetReviewSettings(self.settings.clone()).into());
                        self.start(session, commands);
                    }
                    if !self.engine_name.is_empty() {
                        ui.weak(&self.engine_name);
                    }
                });
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
    /// The review with the settings last used (the engine chosen last among them).
    fn open(opening: &Opening<'_>) -> ReviewWindow {
        ReviewWindow::new(
            opening.builtin_engine.clone(),
            opening.settings.review.clone(),
            opening.outbox.clone(),
        )
        .with_cloud(opening.settings.cloud.clone(), opening.data_file(CACHE_FILE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_client::EngineProgram;
    use crate::ui::base::settings::BUILTIN;

    fn window(settings: ReviewSettings) -> ReviewWindow {
        let (outbox, _inbox) = Outbox::new(&egui::Context::default());
        let builtin = EngineConfig {
            options: vec![("Threads".to_owned(), "2".to_owned())],
            ..EngineConfig::builtin()
        };
        ReviewWindow::new(builtin, settings, outbox)
    }

    #[test]
    fn the_review_runs_the_engine_chosen_to_the_nodes_set() {
        let session = Session::default();
        let builtin = window(ReviewSettings::default()).job(&session).unwrap();
        assert_eq!(builtin.engine.program, EngineProgram::Builtin);
        assert_eq!(
            builtin.engine.options,
            [("Threads".to_owned(), "2".to_owned())],
            "the built-in engine as the app starts it"
        );
        assert_eq!(
            builtin.settings.limit,
            Limit::Nodes(ReviewSettings::default().nodes),
            "what the dialog calls nodes per position is what the engine is given"
        );
        let chosen = ReviewSettings {
            engine: "/opt/engines/pikafish:Hash=64".to_owned(),
            nodes: 2_000_000,
            ..ReviewSettings::default()
        };
        let job = window(chosen).job(&session).unwrap();
        assert_eq!(job.engine, EngineConfig::parse_spec("/opt/engines/pikafish:Hash=64").unwrap());
        assert_eq!(job.settings.limit, Limit::Nodes(2_000_000));
        let broken = ReviewSettings {
            engine: ":Hash=64".to_owned(),
            ..ReviewSettings::default()
        };
        assert!(window(broken).job(&session).is_err());
        assert_eq!(ReviewSettings::default().engine, BUILTIN);
    }
}
