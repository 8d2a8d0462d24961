//! Engine against engine (机机对弈) from the position on the board: the form that sets a match
//! up (an engine and its level for each side, the time per move). The match itself is played
//! as a game against the computer is (`ComputerGame`, beside this form): each move goes through the
//! session, so the record and the referee treat it as any move, and the match stops at any
//! ending the referee, the board or the user gives.

use std::time::Duration;

use eframe::egui;

use crate::engine_client::EngineConfig;
use crate::lang::Language;
use crate::rules::Color;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::Command;
use crate::ui::base::settings::{EngineChoice, MatchSettings, NamedEngine, BUILTIN};
use crate::ui::windows::{Opening, Opens, Shown, Window};

/// The engine and level fields of a form: a choice among the built-in engine and the engines
/// configured, the spec itself, and the level. `id` tells two such rows of one form apart.
pub fn engine_fields(
    ui: &mut egui::Ui,
    lang: Language,
    id: &str,
    choice: &mut EngineChoice,
    configured: &[NamedEngine],
) {
    ui.horizontal(|ui| {
        engine_picker(ui, lang, id, &mut choice.engine, configured);
        ui.add(egui::TextEdit::singleline(&mut choice.engine).desired_width(180.0))
            .on_hover_text(lang.pick(
                "builtin, or the path of a UCI engine (add :protocol=ucci for UCCI)",
                "builtin（内置），或 UCI 引擎的路径（UCCI 引擎加 :protocol=ucci）",
                "builtin（內建），或 UCI 引擎的路徑（UCCI 引擎加 :protocol=ucci）",
            ));
    });
    ui.horizontal(|ui| {
        let label = ui.label(lang.pick("Level", "级别", "級別"));
        ui.add(egui::Slider::new(&mut choice.level, 0..=20))
            .labelled_by(label.id);
    });
}

/// The engine chosen, by its spec (`spec`), among the built-in engine and the engines
/// configured: a label and a list that shows the chosen one by its name. `id` tells two such
/// lists of one form apart.
pub fn engine_picker(
    ui: &mut egui::Ui,
    lang: Language,
    id: &str,
    spec: &mut String,
    configured: &[NamedEngine],
) {
    let label = ui.label(lang.pick("Engine", "引擎", "引擎"));
    let builtin = lang.pick("Built-in engine", "内置引擎", "內建引擎");
    let shown = if spec.trim() == BUILTIN {
        builtin.to_owned()
    } else {
        configured
            .iter()
            .find(|e| e.spec == *spec)
            .map_or_else(|| spec.clone(), |e| e.name.clone())
    };
    egui::ComboBox::from_id_salt(("engine", id))
        .selected_text(shown)
        .width(140.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(spec, BUILTIN.to_owned(), builtin);
            for engine in configured {
                ui.selectable_value(spec, engine.spec.clone(), &engine.name);
            }
        })
        .response
        .labelled_by(label.id);
}

/// The time per move: a number of seconds.
pub fn move_time_field(ui: &mut egui::Ui, lang: Language, move_time: &mut Duration) {
    ui.horizontal(|ui| {
        let label = ui.label(lang.pick("Time per move", "每步用时", "每步用時"));
        let mut seconds = move_time.as_secs_f64();
        ui.add(
            egui::DragValue::new(&mut seconds)
                .range(0.05..=600.0)
                .speed(0.1)
                .suffix(lang.pick(" s", " 秒", " 秒")),
        )
        .labelled_by(label.id);
        *move_time = Duration::from_secs_f64(seconds);
    });
}

/// What an engine form's window gave in one frame.
pub struct FormFrame {
    /// The window is still open.
    pub open: bool,
    /// Start was pressed.
    pub start: bool,
}

/// The window of a form that starts engines (Engine against engine…, Play against the
/// computer…): fixed in size, closed by its cross; `fields` first, then the Start button.
pub fn start_form(
    ctx: &egui::Context,
    lang: Language,
    title: &str,
    fields: impl FnOnce(&mut egui::Ui),
) -> FormFrame {
    let mut open = true;
    let mut start = false;
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            fields(ui);
            if ui.button(lang.pick("Start", "开始", "開始")).clicked() {
                start = true;
            }
        });
    FormFrame { open, start }
}

/// The form of Game > Engine against engine…, kept while it is open.
#[derive(Clone, Debug, Default)]
pub struct MatchForm {
    settings: MatchSettings,
}

impl MatchForm {
    /// The form with the settings last used.
    pub fn new(settings: MatchSettings) -> MatchForm {
        MatchForm { settings }
    }
}

impl Window for MatchForm {
    /// Show the form; false once it is closed. Starting pushes [`AppCommand::StartMatch`].
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
            lang.pick("Engine against engine", "机机对弈", "機機對弈"),
            |ui| {
                ui.label(lang.pick(
                    "The engines play on from the position on the board.",
                    "两个引擎从棋盘上的局面续弈。",
                    "兩個引擎從棋盤上的局面續弈。",
                ));
                for (color, choice) in [
                    (Color::Red, &mut self.settings.red),
                    (Color::Black, &mut self.settings.black),
                ] {
                    ui.separator();
                    ui.strong(color.name(lang));
                    engine_fields(ui, lang, color.name(Language::English), choice, configured);
                }
                ui.separator();
                move_time_field(ui, lang, &mut self.settings.move_time);
            },
        );
        if frame.start {
            let specs = [&self.settings.red.engine, &self.settings.black.engine];
            match specs
                .into_iter()
                .find_map(|spec| EngineConfig::parse_spec(spec.trim()).err())
            {
                None => {
                    commands.push(AppCommand::StartMatch(self.settings.clone()).into());
                    return false;
                }
                Some(e) => {
                    let refused = Notification::error(Source::Window(WindowId::Match), e.to_string());
                    commands.push(AppCommand::Notify(refused).into());
                }
            }
        }
        frame.open
    }
}

impl Opens for MatchForm {
    /// The form with the settings last used.
    fn open(opening: &Opening<'_>) -> MatchForm {
        MatchForm::new(opening.settings.engine_match.clone())
    }
}
