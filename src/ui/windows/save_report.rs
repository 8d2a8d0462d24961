//! What a save could not keep, shown after writing: XQF's losses (a character GBK lacks, a cut
//! field, a tag or mark it has no place for) or FEN's (one position, no moves), in plain words,
//! one a line, until the user closes the window.

use std::path::PathBuf;

use eframe::egui;

use crate::formats::{RecordFormat, RecordLoss};
use crate::lang::Language;

use crate::ui::base::command::Command;
use crate::ui::base::words::counted;
use crate::ui::windows::{Shown, Window};
use crate::ui::widgets::modal;

/// A file written with losses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveReport {
    path: PathBuf,
    format: RecordFormat,
    losses: Vec<RecordLoss>,
}

impl SaveReport {
    /// The report of `path` written in `format`; `None` when nothing was lost.
    pub fn of(path: PathBuf, format: RecordFormat, losses: Vec<RecordLoss>) -> Option<SaveReport> {
        (!losses.is_empty()).then_some(SaveReport {
            path,
            format,
            losses,
        })
    }

    /// The lines shown: the heading, then each loss in the user's language.
    pub fn lines(&self, lang: Language) -> Vec<String> {
        let name = self.path.display();
        let format = self.format.name();
        let heading = match lang {
            Language::English => format!(
                "Saved {name}. {format} could not keep everything of this game ({}):",
                counted(self.losses.len(), "item", "items")
            ),
            Language::SimplifiedChinese => format!(
                "已保存 {name}。{format} 无法保存本局的全部内容（{} 项）：",
                self.losses.len()
            ),
            Language::TraditionalChinese => format!(
                "已儲存 {name}。{format} 無法保存本局的全部內容（{} 項）：",
                self.losses.len()
            ),
        };
        std::iter::once(heading)
            .chain(self.losses.iter().map(|l| format!("• {}", l.message(lang))))
            .collect()
    }
}

impl Window for SaveReport {
    /// Draw the report; false once the user closed it.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        _commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        let lang = shown.session.lang();
        let mut open = true;
        let lines = self.lines(lang);
        modal::frame(ctx, "save-report", |ui| {
            ui.set_max_width(560.0);
            ui.heading(lang.pick(
                "What the file could not keep",
                "文件未能保存的内容",
                "檔案未能保存的內容",
            ));
            ui.label(&lines[0]);
            egui::ScrollArea::vertical()
                .max_height(260.0)
                .show(ui, |ui| {
                    for line in &lines[1..] {
                        ui.label(line);
                    }
                });
            ui.label(lang.pick(
                "Save as PGN to keep the whole game.",
                "要保存完整的对局，请存为 PGN。",
                "要保存完整的對局，請存為 PGN。",
            ));
            if ui.button(lang.pick("OK", "确定", "確定")).clicked() {
                open = false;
            }
        });
        open
    }

    fn takes_keys(&self) -> bool {
        true
    }
}
