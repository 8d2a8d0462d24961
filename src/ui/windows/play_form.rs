//! The form of Game > Play against the computer… (人机对弈): the computer's side, the engine,
//! its level and time, the game clock of art. 6; starting pushes [`AppCommand::PlayComputer`].

use eframe::egui;

use crate::competition::Preset;
use crate::engine_client::EngineConfig;
use crate::rules::Color;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::Command;
use crate::ui::base::presets::{preset_brief, preset_label, presets};
use crate::ui::base::settings::PlaySettings;
use crate::ui::windows::engine_match::{engine_fields, move_time_field, start_form};
use crate::ui::windows::{Opening, Opens, Shown, Window};

/// The form of Game > Play against the computer…, kept while it is open.
#[derive(Clone, Debug, Default)]
pub struct PlayForm {
    settings: PlaySettings,
    clock: bool,
    preset: usize,
    minutes: u32,
    /// The cloud database is on (its book may be chosen).
    cloud_on: bool,
}

impl PlayForm {
    /// The form with `settings`.
    pub fn new(settings: PlaySettings) -> PlayForm {
        let minutes = match settings.clock {
            Some(Preset::Art6_5(time)) => u32::try_from(time.as_secs() / 60).unwrap_or(20).max(1),
            _ => 20,
        };
        let preset = settings
            .clock
            .and_then(|wanted| presets(minutes).iter().position(|&p| p == wanted))
            .unwrap_or(0);
        PlayForm {
            clock: settings.clock.is_some(),
            settings,
            preset,
            minutes,
            cloud_on: false,
        }
    }
}

impl Window for PlayForm {
    /// Show the form; false once it is closed. Starting pushes [`AppCommand::PlayComputer`].
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        let (lang, configured) = (shown.session.lang(), shown.engines);
        let frame = start_form(
            ctx,
            lang,
            lang.pick("Play against the computer", "人机对弈", "人機對弈"),
            |ui| {
                let s = &mut self.settings;
                ui.horizontal(|ui| {
                    ui.label(lang.pick("The computer plays", "电脑执", "電腦執"));
                    ui.radio_value(&mut s.computer, Color::Red, Color::Red.name(lang));
                    ui.radio_value(&mut s.computer, Color::Black, Color::Black.name(lang));
                });
                engine_fields(ui, lang, "computer", &mut s.engine, configured);
                // Under a clock the engine spends the clock's time, not a time per move.
                if !self.clock {
                    move_time_field(ui, lang, &mut s.move_time);
                }
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
                    .selected_text(preset_brief(choices[self.preset], lang))
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
                let book = lang.pick(
                    "Open with the cloud database's moves",
                    "开局使用云库着法",
                    "開局使用雲庫著法",
                );
                ui.add_enabled(self.cloud_on, egui::Checkbox::new(&mut s.cloud_book, book))
                    .on_hover_text(lang.pick(
                        "While the cloud database has a move for the position, the computer plays it",
                        "云库对局面有着法时，电脑直接走这一着",
                        "雲庫對局面有著法時，電腦直接走這一著",
                    ))
                    .on_disabled_hover_text(lang.pick(
                        "Turn the cloud database on first (in the analysis panel)",
                        "请先开启云库（在分析面板中）",
                        "請先開啟雲庫（在分析面板中）",
                    ));
                ui.checkbox(&mut s.new_game, lang.pick("New game", "新对局", "新對局"))
                    .on_hover_text(lang.pick(
                        "Otherwise play on from the end of the game shown",
                        "否则从所示对局的终局继续",
                        "否則從所示對局的終局繼續",
                    ));
            },
        );
        if frame.start {
            self.settings.clock = self.clock.then(|| presets(self.minutes)[self.preset]);
            match EngineConfig::parse_spec(self.settings.engine.engine.trim()) {
                Ok(_) => {
                    commands.push(AppCommand::PlayComputer(self.settings.clone()).into());
                    return false;
                }
                Err(e) => {
                    let refused = Notification::error(Source::Window(WindowId::Play), e.to_string());
                    commands.push(AppCommand::Notify(refused).into());
                }
            }
        }
        frame.open
    }
}


impl Opens for PlayForm {
    /// The form with the settings last used.
    fn open(opening: &Opening<'_>) -> PlayForm {
        PlayForm {
            cloud_on: opening.settings.cloud.sends(),
            ..PlayForm::new(opening.settings.play.clone())
        }
    }
}
