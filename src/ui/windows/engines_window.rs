//! Game > Engines…: the engines the user has configured, once, by name and spec (a program path
//! with its protocol and option settings, [`EngineConfig::parse_spec`]); they are kept in the
//! settings and offered wherever an engine is chosen; and the threads the built-in engine
//! searches on.

use eframe::egui;

use crate::engine::Options;
use crate::engine_client::{EngineConfig, EngineProgram};
use crate::lang::Language;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::Command;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::settings::NamedEngine;
use crate::ui::windows::{Opening, Opens, Shown, Window};

/// The window's state while it is open: the list being edited, and the built-in engine's
/// threads.
#[derive(Clone, Debug, Default)]
pub struct EnginesWindow {
    engines: Vec<NamedEngine>,
    threads: usize,
}

/// What is wrong with a configured engine, in words.
fn fault(engine: &NamedEngine, all: &[NamedEngine], lang: Language) -> Option<String> {
    if engine.name.trim().is_empty() {
        return Some(
            lang.pick("Give it a name", "请填写名称", "請填寫名稱")
                .to_owned(),
        );
    }
    if all
        .iter()
        .filter(|e| e.name.trim() == engine.name.trim())
        .count()
        > 1
    {
        return Some(
            lang.pick("Another engine has this name", "名称重复", "名稱重複")
                .to_owned(),
        );
    }
    match EngineConfig::parse_spec(engine.spec.trim()) {
        Err(e) => Some(e.to_string()),
        Ok(config) => match config.program {
            EngineProgram::Path { path, .. } if !path.is_file() => Some(format!(
                "{}: {}",
                lang.pick("No such program", "找不到程序", "找不到程式"),
                path.display()
            )),
            _ => None,
        },
    }
}

impl EnginesWindow {
    /// The window on the engines configured so far, the built-in engine on `threads`.
    pub fn new(engines: &[NamedEngine], threads: usize) -> EnginesWindow {
        EnginesWindow {
            engines: engines.to_vec(),
            threads,
        }
    }
}

impl Window for EnginesWindow {
    /// Show the window; false once it is closed. Saving pushes [`AppCommand::SetEngines`] and
    /// [`AppCommand::SetEngineThreads`].
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        let lang = shown.session.lang();
        let mut open = true;
        let mut close = false;
        egui::Window::new(WindowId::Engines.title(lang))
            .collapsible(false)
            .open(&mut open)
            .show(ctx, |ui| {
                let cores = Options::max_threads();
                ui.horizontal(|ui| {
                    let label = ui.label(lang.pick(
                        "Built-in engine threads:",
                        "内置引擎线程数：",
                        "內建引擎執行緒數：",
                    ));
                    ui.add(egui::DragValue::new(&mut self.threads).range(1..=cores))
                        .labelled_by(label.id);
                    ui.weak(format!(
                        "{} {cores}",
                        lang.pick("cores on this computer:", "本机核心数：", "本機核心數：")
                    ));
                });
                ui.separator();
                ui.label(lang.pick(
                    "A spec is the program's path, then :key=value settings \
                     (protocol=ucci, Hash=64, …).",
                    "设置为程序路径，后接 :键=值（protocol=ucci、Hash=64 等）。",
                    "設定為程式路徑，後接 :鍵=值（protocol=ucci、Hash=64 等）。",
                ));
                let all = self.engines.clone();
                let mut remove = None;
                egui::Grid::new("engines").num_columns(4).show(ui, |ui| {
                    ui.strong(lang.pick("Name", "名称", "名稱"));
                    ui.strong(lang.pick("Spec", "设置", "設定"));
                    ui.end_row();
                    for (i, engine) in self.engines.iter_mut().enumerate() {
                        ui.add(egui::TextEdit::singleline(&mut engine.name).desired_width(120.0));
                        ui.add(egui::TextEdit::singleline(&mut engine.spec).desired_width(260.0));
                        if ui.button(lang.pick("Remove", "删除", "刪除")).clicked() {
                            remove = Some(i);
                        }
                        match fault(&all[i], &all, lang) {
                            Some(why) => ui.colored_label(ui.visuals().error_fg_color, why),
                            None => ui.label(""),
                        };
                        ui.end_row();
                    }
                });
                if let Some(i) = remove {
                    self.engines.remove(i);
                }
                let valid = self
                    .engines
                    .iter()
                    .all(|e| fault(e, &self.engines, lang).is_none());
                ui.horizontal(|ui| {
                    if ui.button(lang.pick("Add", "添加", "新增")).clicked() {
                        self.engines.push(NamedEngine::default());
                    }
                    if ui
                        .add_enabled(valid, egui::Button::new(lang.pick("Save", "保存", "儲存")))
                        .clicked()
                    {
                        commands.push(AppCommand::SetEngines(self.engines.clone()).into());
                        commands.push(AppCommand::SetEngineThreads(self.threads).into());
                        close = true;
                    }
                });
            });
        open && !close
    }
}

impl Opens for EnginesWindow {
    fn open(opening: &Opening<'_>) -> EnginesWindow {
        let settings = opening.settings;
        EnginesWindow::new(&settings.engines, settings.engine_threads())
    }
}
