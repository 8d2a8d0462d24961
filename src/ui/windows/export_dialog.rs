//! The export window: a board diagram of the position on the board or of every position of
//! its line (PNG or SVG, width chosen by the user, or vector PDF pages, one diagram a page or six
//! as books print them; with the file numbers, the last move and the move's arrows and points),
//! or the scoresheet as a vector PDF (A4 or Letter) or PNG pages, in full or abbreviated
//! notation. The file is asked for by the app ([`AppCommand::PickFile`]), through its file
//! dialogs; the format follows the chosen file's ending, and an ending the export cannot be
//! written as is refused with the formats offered (nothing is written under a wrong name).

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::export::diagram::{caption, diagram_svg, diagrams_pdf, SIZE_RANGE};
use crate::export::pdf::Paper;
use crate::export::scoresheet::{render_scoresheet, scoresheet_pdf, ScoresheetOptions};
use crate::export::{
    line_diagrams, png_bytes, render_diagram, save_pages, DiagramOptions, PictureFormat,
};
use crate::formats::{save_atomic, TargetState};
use crate::lang::Language;
use crate::notation::{Notation, Script};
use crate::record::NodeId;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::file_purpose::{Purpose, Start};
use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::export_job::ExportJob;
use crate::ui::base::command::Command;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::session::Session;
use crate::ui::windows::{Opening, Opens, Shown, Window, WindowMessage};
use crate::ui::widgets::modal;

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
    /// The format the suggested name ends in (the chosen name's ending decides).
    format: PictureFormat,
    /// The paper of a PDF.
    paper: Paper,
    /// Line diagrams in a PDF six a page (2 × 3), as books print them; else one a page.
    grid: bool,
    /// Diagram width in pixels.
    size: u32,
    /// File numbers around the diagram.
    coordinates: bool,
    /// Abbreviated notation on the scoresheet (art. 7.5).
    abbreviated: bool,
}

impl ExportKind {
    /// The formats this export can be written in, the usual one first.
    pub fn formats(self) -> &'static [PictureFormat] {
        match self {
            ExportKind::Diagram | ExportKind::LineDiagrams => {
                &[PictureFormat::Png, PictureFormat::Svg, PictureFormat::Pdf]
            }
            ExportKind::Scoresheet => &[PictureFormat::Pdf, PictureFormat::Png],
        }
    }
}

impl Default for ExportDialog {
    fn default() -> Self {
        ExportDialog {
            kind: ExportKind::Diagram,
            format: PictureFormat::Png,
            paper: Paper::A4,
            grid: false,
            size: DiagramOptions::default().size,
            coordinates: true,
            abbreviated: false,
        }
    }
}

impl ExportDialog {
    /// Write `job`; what the user is told: the files written, or why nothing was.
    pub fn run(&self, job: &ExportJob, session: &Session) -> Notification {
        let source = Source::Window(WindowId::Export);
        match self.export(session, &job.path) {
            Ok(files) => Notification::info(source, saved_text(&files, session.lang())),
            Err(why) => Notification::error(source, why),
        }
    }

    /// The name the file dialog suggests: the export's, ending in the format chosen.
    fn suggested_name(&self) -> String {
        let stem = match self.kind {
            ExportKind::Diagram => "diagram",
            ExportKind::LineDiagrams => "line",
            ExportKind::Scoresheet => "scoresheet",
        };
        format!("{stem}.{}", self.format.extension())
    }

    fn diagram_options(&self, session: &Session, node: NodeId) -> DiagramOptions {
        DiagramOptions {
            coordinates: self.coordinates,
            flipped: session.flipped(),
            ..DiagramOptions::for_node(session.game(), node, self.size)
        }
    }

    /// Write the export to `path` in the format its ending names; returns the files written,
    /// or why nothing (or not everything) was written, in the user's language.
    pub fn export(&self, session: &Session, path: &Path) -> Result<Vec<PathBuf>, String> {
        let lang = session.lang();
        let format =
            PictureFormat::of_path(path, self.kind.formats()).map_err(|e| e.message(lang))?;
        self.write(session, path, format)
    }

    fn write(
        &self,
        session: &Session,
        path: &Path,
        format: PictureFormat,
    ) -> Result<Vec<PathBuf>, String> {
        let game = session.game();
        let save = |target: &Path, bytes: &[u8]| {
            save_atomic(target, bytes, TargetState::Safe, false)
                .map_err(|e| e.message(session.lang()))
        };
        let nodes: Vec<NodeId> = match self.kind {
            ExportKind::Diagram => vec![session.cursor()],
            ExportKind::LineDiagrams => {
                let node = session.cursor();
                let mut nodes = vec![game.root()];
                nodes.extend(game.line_to(node));
                nodes.extend(game.line_from(node));
                nodes
            }
            ExportKind::Scoresheet => return self.scoresheet(session, path, format),
        };
        let single = self.kind == ExportKind::Diagram;
        match format {
            PictureFormat::Pdf => {
                let items: Vec<_> = nodes
                    .iter()
                    .map(|&n| {
                        (
                            game.position(n).clone(),
                            self.diagram_options(session, n),
                            caption(game, n, &session.move_style().options),
                        )
                    })
                    .collect();
                let (columns, rows) = if self.grid && !single { (2, 3) } else { (1, 1) };
                let bytes =
                    diagrams_pdf(&items, columns, rows, self.paper).map_err(|e| e.to_string())?;
                save(path, &bytes)?;
                Ok(vec![path.to_owned()])
            }
            PictureFormat::Png if !single => {
                let template = self.diagram_options(session, session.cursor());
                line_diagrams(game, session.cursor(), &template)
                    .into_iter()
                    .map(|(node, image)| {
                        let target = numbered(path, game.ply(node));
                        save(&target, &png_bytes(&image).map_err(|e| e.to_string())?)?;
                        Ok(target)
                    })
                    .collect()
            }
            PictureFormat::Png | PictureFormat::Svg => nodes
                .iter()
                .map(|&node| {
                    let options = self.diagram_options(session, node);
                    let position = game.position(node);
                    let bytes = if format == PictureFormat::Svg {
                        diagram_svg(position, &options).into_bytes()
                    } else {
                        png_bytes(&render_diagram(position, &options)).map_err(|e| e.to_string())?
                    };
                    let target = if single {
                        path.to_owned()
                    } else {
                        numbered(path, game.ply(node))
                    };
                    save(&target, &bytes)?;
                    Ok(target)
                })
                .collect(),
        }
    }

    fn scoresheet(
        &self,
        session: &Session,
        path: &Path,
        format: PictureFormat,
    ) -> Result<Vec<PathBuf>, String> {
        // Under English labels the moves keep the script the record is shown in.
        let script = match session.notation() {
            Notation::ChineseSimplified => Script::Simplified,
            _ => Script::Traditional,
        };
        let options = ScoresheetOptions {
            language: session.lang(),
            abbreviated: self.abbreviated,
            script,
            writing: session.move_style().options,
        };
        let game = session.game();
        if format == PictureFormat::Pdf {
            let bytes = scoresheet_pdf(game, &options, self.paper).map_err(|e| e.to_string())?;
            save_atomic(path, &bytes, TargetState::Safe, false)
                .map_err(|e| e.message(session.lang()))?;
            return Ok(vec![path.to_owned()]);
        }
        save_pages(path, &render_scoresheet(game, &options)).map_err(|e| e.to_string())
    }

    /// What to export: the diagram, the line's diagrams or the scoresheet; each starts in its
    /// usual format.
    fn kind_choice(&mut self, ui: &mut egui::Ui, lang: Language) {
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
            if ui.radio_value(&mut self.kind, kind, label).changed() {
                // Each export starts in its usual format (the scoresheet in PDF).
                self.format = kind.formats()[0];
            }
        }
    }

    /// The format among those of the kind chosen, and a PDF's paper.
    fn format_choice(&mut self, ui: &mut egui::Ui, lang: Language) {
        ui.horizontal(|ui| {
            ui.label(lang.pick("Format", "格式", "格式"));
            for &format in self.kind.formats() {
                ui.radio_value(&mut self.format, format, format.name());
            }
        });
        if self.format == PictureFormat::Pdf {
            ui.horizontal(|ui| {
                ui.label(lang.pick("Paper", "纸张", "紙張"));
                ui.radio_value(&mut self.paper, Paper::A4, "A4");
                ui.radio_value(&mut self.paper, Paper::Letter, "Letter");
            });
        }
    }

    /// The choices of the kind and format: the scoresheet's notation; a PDF's diagrams a page
    /// and file numbers; a picture's width and file numbers.
    fn options(&mut self, ui: &mut egui::Ui, lang: Language) {
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
        } else if self.format == PictureFormat::Pdf {
            if self.kind == ExportKind::LineDiagrams {
                ui.checkbox(
                    &mut self.grid,
                    lang.pick(
                        "Six diagrams a page (2 × 3)",
                        "每页六图（2 × 3）",
                        "每頁六圖（2 × 3）",
                    ),
                );
            }
            ui.checkbox(
                &mut self.coordinates,
                lang.pick("File numbers", "路数", "路數"),
            );
        } else {
            ui.horizontal(|ui| {
                let label = ui.label(lang.pick("Width in pixels", "宽度（像素）", "寬度（像素）"));
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
    }


    /// Export… (the file is asked for by the app) and Close. Whether Close was clicked.
    fn buttons(&self, ui: &mut egui::Ui, lang: Language, commands: &mut Vec<Command>) -> bool {
        let mut close = false;
        ui.horizontal(|ui| {
            if ui.button(lang.pick("Export…", "导出…", "匯出…")).clicked() {
                commands.push(AppCommand::PickFile(Purpose::Export, Start::Named(self.suggested_name())).into());
            }
            if ui.button(lang.pick("Close", "关闭", "關閉")).clicked() {
                close = true;
            }
        });
        close
    }
}

impl Window for ExportDialog {
    /// Draw the window; an export asked for is returned as a [`Command::Export`], which the
    /// app carries out with [`ExportDialog::run`]. Returns false once the window is closed.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        let lang = shown.session.lang();
        let mut open = true;
        let modal = modal::frame(ctx, "export", |ui| {
            ui.heading(WindowId::Export.title(lang));
            self.kind_choice(ui, lang);
            ui.separator();
            self.format_choice(ui, lang);
            self.options(ui, lang);
            if self.buttons(ui, lang, commands) {
                open = false;
            }
        });
        // Escape (or a click beside it) closes it, as every window.
        if modal.should_close() {
            open = false;
        }
        open
    }

    /// Write the export asked for, to the file chosen.
    fn receive(
        &mut self,
        message: WindowMessage,
        session: &Session,
        commands: &mut Vec<Command>,
    ) {
        if let WindowMessage::Export(job) = message {
            commands.push(AppCommand::Notify(self.run(&job, session)).into());
        }
    }
}

/// `line.svg` → `line-007.svg` for the position after ply 7.
fn numbered(path: &Path, ply: usize) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "line".to_owned(), |s| s.to_string_lossy().into_owned());
    let ext = path
        .extension()
        .map_or_else(String::new, |e| e.to_string_lossy().into_owned());
    path.with_file_name(format!("{stem}-{ply:03}.{ext}"))
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

impl Opens for ExportDialog {
    fn open(_: &Opening<'_>) -> ExportDialog {
        ExportDialog::default()
    }
}
