//! The export window: a board diagram of the position on the board or of every position of
//! its line (PNG, width chosen by the user, with the file numbers, the last move and the
//! move's arrows and points), or the scoresheet as PNG pages in full or abbreviated notation.
//! The file is asked for by the app ([`Command::ChooseExportFile`]), through its file dialogs.

use std::path::{Path, PathBuf};

use eframe::egui::{self, Color32, RichText};

use crate::export::diagram::SIZE_RANGE;
use crate::export::scoresheet::{render_scoresheet, ScoresheetOptions};
use crate::export::{
    line_diagrams, png_bytes, render_diagram, save_pages, DiagramOptions, ExportError,
};
use crate::formats::{save_atomic, TargetState};
use crate::lang::Language;
use crate::notation::{Notation, Script};

use super::command::Command;
use super::session::Session;

/// An export to write: the window's choices go with it, the file is the one chosen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ExportJob {
    /// The file chosen (further pages and diagrams are numbered beside it).
    pub path: PathBuf,
}

/// What to export.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExportKind {
    /// A diagram of the position on the board.
    Diagram,
    /// A diagram of every position of the line through the move on the board, numbered by ply.
    LineDiagrams,
    /// The scoresheet of the main line.
    Scoresheet,
}

/// The export window's choices and the outcome of the last export.
#[derive(Clone, Debug)]
pub struct ExportDialog {
    kind: ExportKind,
    /// Diagram width in pixels.
    size: u32,
    /// File numbers around the diagram.
    coordinates: bool,
    /// Abbreviated notation on the scoresheet (art. 7.5).
    abbreviated: bool,
    /// The files written by the last export, or why it failed.
    outcome: Option<Result<Vec<PathBuf>, String>>,
}

impl Default for ExportDialog {
    fn default() -> Self {
        ExportDialog {
            kind: ExportKind::Diagram,
            size: DiagramOptions::default().size,
            coordinates: true,
            abbreviated: false,
            outcome: None,
        }
    }
}

impl ExportDialog {
    /// Draw the window; an export asked for is returned as a [`Command::Export`], which the
    /// app carries out with [`ExportDialog::run`]. Returns false once the window is closed.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        session: &Session,
        commands: &mut Vec<Command>,
    ) -> bool {
        let lang = session.lang();
        let mut open = true;
        egui::Modal::new(egui::Id::unique("export")).show(ctx, |ui| {
            ui.heading(lang.pick("Export", "导出", "匯出"));
            for (kind, label) in [
                (
                    ExportKind::Diagram,
                    lang.pick("Diagram of this position", "本局面的棋图", "本局面的棋圖"),
                ),
                (
                    ExportKind::LineDiagrams,
                    lang.pick(
                        "Diagrams of every position of this line",
                        "本变着每一步的棋图",
                        "本變著每一步的棋圖",
                    ),
                ),
                (
                    ExportKind::Scoresheet,
                    lang.pick("Scoresheet", "记录纸", "記錄紙"),
                ),
            ] {
                ui.radio_value(&mut self.kind, kind, label);
            }
            ui.separator();
            if self.kind == ExportKind::Scoresheet {
                for (abbreviated, label) in [
                    (false, lang.pick("Full notation", "完整记法", "完整記法")),
                    (
                        true,
                        lang.pick("Abbreviated notation", "简化记法", "簡化記法"),
                    ),
                ] {
                    ui.radio_value(&mut self.abbreviated, abbreviated, label);
                }
            } else {
                ui.horizontal(|ui| {
                    let label =
                        ui.label(lang.pick("Width in pixels", "宽度（像素）", "寬度（像素）"));
                    ui.add(
                        egui::DragValue::new(&mut self.size)
                            .range(SIZE_RANGE)
                            .speed(4),
                    )
                    .labelled_by(label.id);
                });
                ui.checkbox(
                    &mut self.coordinates,
                    lang.pick("File numbers", "路数", "路數"),
                );
            }
            match &self.outcome {
                Some(Ok(files)) => {
                    ui.label(saved_text(files, lang));
                }
                Some(Err(e)) => {
                    ui.label(RichText::new(e).color(Color32::from_rgb(190, 30, 30)));
                }
                None => {}
            }
            ui.horizontal(|ui| {
                if ui.button(lang.pick("Export…", "导出…", "匯出…")).clicked() {
                    commands.push(Command::ChooseExportFile(self.suggested_name().to_owned()));
                }
                if ui.button(lang.pick("Close", "关闭", "關閉")).clicked() {
                    open = false;
                }
            });
        });
        open
    }

    /// Write `job` and keep its outcome to show.
    pub fn run(&mut self, job: &ExportJob, session: &Session) {
        self.outcome = Some(self.export(session, &job.path).map_err(|e| e.to_string()));
    }

    fn suggested_name(&self) -> &'static str {
        match self.kind {
            ExportKind::Diagram => "diagram.png",
            ExportKind::LineDiagrams => "line.png",
            ExportKind::Scoresheet => "scoresheet.png",
        }
    }

    fn diagram_options(&self, session: &Session) -> DiagramOptions {
        DiagramOptions {
            coordinates: self.coordinates,
            flipped: session.flipped(),
            ..DiagramOptions::for_node(session.game(), session.cursor(), self.size)
        }
    }

    /// Write the export to `path`; returns the files written.
    pub fn export(&self, session: &Session, path: &Path) -> Result<Vec<PathBuf>, ExportError> {
        let game = &session.game();
        match self.kind {
            ExportKind::Diagram => {
                let image = render_diagram(session.position(), &self.diagram_options(session));
                save_atomic(path, &png_bytes(&image)?, TargetState::Safe, false)?;
                Ok(vec![path.to_owned()])
            }
            ExportKind::LineDiagrams => {
                let template = self.diagram_options(session);
                let stem = path
                    .file_stem()
                    .map_or_else(|| "line".to_owned(), |s| s.to_string_lossy().into_owned());
                line_diagrams(game, session.cursor(), &template)
                    .into_iter()
                    .map(|(node, image)| {
                        let target =
                            path.with_file_name(format!("{stem}-{:03}.png", game.ply(node)));
                        save_atomic(&target, &png_bytes(&image)?, TargetState::Safe, false)?;
                        Ok(target)
                    })
                    .collect()
            }
            ExportKind::Scoresheet => {
                // Under English labels the moves keep the script the record is shown in.
                let script = match session.notation() {
                    Notation::ChineseSimplified => Script::Simplified,
                    _ => Script::Traditional,
                };
                let options = ScoresheetOptions {
                    language: session.lang(),
                    abbreviated: self.abbreviated,
                    script,
                };
                save_pages(path, &render_scoresheet(game, &options))
            }
        }
    }
}

/// "Saved 3 files: …/line-000.png …" in the user's language.
fn saved_text(files: &[PathBuf], lang: Language) -> String {
    let first = files
        .first()
        .map_or_else(String::new, |p| p.display().to_string());
    match files.len() {
        1 => format!("{} {first}", lang.pick("Saved", "已保存", "已儲存")),
        n => format!(
            "{} {n} {}{first} …",
            lang.pick("Saved", "已保存", "已儲存"),
            lang.pick("files: ", "个文件：", "個檔案："),
        ),
    }
}
