//! The database window drawn: the location, the import with its progress, the filters and the
//! game list.

use std::path::PathBuf;

use eframe::egui::{self, Align, Color32, Layout, RichText};

use crate::database::{Found, ImportReport, Progress};
use crate::ending::Outcome;
use crate::lang::Language;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::database_command::{Column, DatabaseCommand};
use crate::ui::base::command::file_purpose::{Purpose, Start};
use crate::ui::base::command::Command;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::numbers::group_digits;
use crate::ui::widgets::{busy, modal};
use crate::ui::windows::{Shown, Window, WindowMessage};

use super::*;

impl Window for DatabaseWindow {
    /// Draw the window while it is open; what the user asks goes into `commands`.
    fn show(&mut self, ui: &mut egui::Ui, shown: &Shown<'_>, commands: &mut Vec<Command>) -> bool {
        let ctx = &ui.ctx().clone();
        if !self.open {
            return true;
        }
        let session = shown.session;
        let lang = session.lang();
        let mut open = true;
        let content = ctx.content_rect();
        // On a small screen the window takes the height below the menu bar, so that the list
        // under the rows of fields keeps room for more than a few games.
        let small = content.height() < 700.0;
        let (top, height) = if small {
            (30.0, content.height() - 40.0)
        } else {
            (50.0, content.height() * 0.7)
        };
        egui::Window::new(WindowId::Database.title(lang))
            .id(egui::Id::unique("database-window"))
            .open(&mut open)
            // Wide enough for every column fitted to its text (each up to its limit), never
            // wider than the screen: the rows wrap and the list scrolls sideways.
            .default_size([(content.width() - 80.0).min(900.0), height])
            // (the frame's margins outside the width).
            .max_width(content.width() - 40.0)
            .default_pos(content.left_top() + egui::vec2(40.0, top))
            .constrain(true)
            .resizable(true)
            .show(ctx, |ui| {
                self.location_row(ui, lang, commands);
                ui.separator();
                self.import_rows(ui, lang, commands);
                ui.separator();
                self.filter_rows(ui, lang, commands);
                ui.separator();
                self.list(ui, lang, commands);
            });
        self.create_question(ctx, lang, commands);
        self.open = open;
        true
    }

    /// The keys answer the question about creating a database while it is asked.
    fn takes_keys(&self) -> bool {
        self.to_create.is_some()
    }

    fn is_shown(&self) -> bool {
        self.open
    }

    /// Hidden, not dropped: the connection, the list and the opening tree stay for the next
    /// time it is shown.
    fn hide(&mut self) -> bool {
        self.open = false;
        true
    }

    fn follow(&mut self, session: &Session, _commands: &mut Vec<Command>) {
        self.follow_board(session);
    }

    fn receive(&mut self, message: WindowMessage, session: &Session, commands: &mut Vec<Command>) {
        match message {
            WindowMessage::Database(command) => self.apply(command, session),
            WindowMessage::Arrived(_, arrival) => commands.extend(self.arrived(arrival, session)),
            WindowMessage::Export(_) | WindowMessage::Event(_) | WindowMessage::PuzzleSet(_) => {}
        }
    }
}

impl DatabaseWindow {
    /// Ask, in the one modal frame, whether to create the database file asked for that is not
    /// there: Create makes it; Cancel, Escape or a click outside leaves it uncreated.
    fn create_question(&mut self, ctx: &egui::Context, lang: Language, commands: &mut Vec<Command>) {
        let Some(location) = &self.to_create else {
            return;
        };
        let mut create = None;
        let modal = modal::frame(ctx, "create-database", |ui| {
            ui.label(match lang {
                Language::English => {
                    format!("There is no database at {location}: create a new one?")
                }
                Language::SimplifiedChinese => format!("{location} 处没有棋谱库：新建一个吗？"),
                Language::TraditionalChinese => format!("{location} 處沒有棋譜庫：新建一個嗎？"),
            });
            ui.horizontal(|ui| {
                if ui.button(lang.pick("Create", "新建", "新建")).clicked() {
                    create = Some(true);
                }
                if ui.button(lang.pick("Cancel", "取消", "取消")).clicked() {
                    create = Some(false);
                }
            });
        });
        match create {
            Some(true) => {
                let location = location.clone();
                self.to_create = None;
                commands.push(Command::Database(DatabaseCommand::Create(location)));
            }
            Some(false) => self.to_create = None,
            None if modal.should_close() => self.to_create = None,
            None => {}
        }
    }

    fn location_row(
        &mut self,
        ui: &mut egui::Ui,
        lang: Language,
        asked: &mut Vec<Command>,
    ) {
        // Wrapped: in a narrow window the buttons go to a second row, not past the edge.
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(lang.pick("File or server", "文件或服务器", "檔案或伺服器"));
            // As wide as the row has room for, up to 340 points.
            let width = ui.available_width().clamp(120.0, 340.0);
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.location_field)
                        .hint_text(lang.pick(
                            "a file or postgresql://…",
                            "文件或 postgresql://…",
                            "檔案或 postgresql://…",
                        ))
                        .desired_width(width),
                )
                .labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui
                .button(lang.pick("Open or create", "打开或新建", "開啟或新建"))
                .clicked()
                || entered
            {
                asked.push(Command::Database(DatabaseCommand::Open(self.location_field.clone())));
            }
            if ui
                .button(lang.pick("Choose file…", "选择文件…", "選擇檔案…"))
                .clicked()
            {
                asked.push(AppCommand::PickFile(Purpose::Database, Start::Named("games.qipu".to_owned())).into());
            }
        });
        ui.horizontal_wrapped(|ui| {
            if let Some(location) = &self.opening {
                let doing = format!(
                    "{} {location}",
                    lang.pick("Opening", "正在打开", "正在開啟")
                );
                busy::line(ui, &doing, None);
            } else if let Some(location) = &self.location {
                let count = self.games.map_or_else(|| "…".to_owned(), group_digits);
                ui.label(format!(
                    "{location}: {count} {}",
                    lang.pick("games", "局", "局")
                ));
            } else {
                ui.label(lang.pick("No database is open.", "未打开棋谱库。", "未開啟棋譜庫。"));
            }
        });
    }

    fn import_rows(&mut self, ui: &mut egui::Ui, lang: Language, asked: &mut Vec<Command>) {
        if let Some(import) = &self.import {
            import_progress(ui, lang, import, asked);
            return;
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(lang.pick("Import", "导入", "匯入"));
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.import_field)
                        .hint_text(lang.pick("a file or folder", "文件或文件夹", "檔案或資料夾"))
                        .desired_width(ui.available_width().clamp(120.0, 260.0)),
                )
                .labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button(lang.pick("Add", "添加", "加入")).clicked() || entered)
                && !self.import_field.trim().is_empty()
            {
                self.import_paths
                    .push(PathBuf::from(self.import_field.trim()));
                self.import_field.clear();
            }
            if ui.button(lang.pick("Files…", "文件…", "檔案…")).clicked() {
                asked.push(AppCommand::PickFile(Purpose::Import, Start::GameFolder).into());
            }
            if ui
                .button(lang.pick("Folder…", "文件夹…", "資料夾…"))
                .clicked()
            {
                asked.push(AppCommand::PickFile(Purpose::ImportFolder, Start::GameFolder).into());
            }
            let can_import = self.location.is_some() && !self.import_paths.is_empty();
            if ui
                .add_enabled(
                    can_import,
                    egui::Button::new(lang.pick("Start import", "开始导入", "開始匯入")),
                )
                .clicked()
            {
                asked.push(Command::Database(DatabaseCommand::Import(std::mem::take(
                    &mut self.import_paths,
                ))));
            }
        });
        let mut remove = None;
        for (i, path) in self.import_paths.iter().enumerate() {
            ui.horizontal(|ui| {
                if ui
                    .small_button("×")
                    .on_hover_text(lang.pick("Leave out", "移除", "移除"))
                    .clicked()
                {
                    remove = Some(i);
                }
                ui.label(path.display().to_string());
            });
        }
        if let Some(i) = remove {
            self.import_paths.remove(i);
        }
        if let Some((result, errors)) = &self.last_import {
            let text = match result {
                Ok(report) => import_summary(report, errors.len(), lang),
                Err(e) => format!(
                    "{}: {e}",
                    lang.pick("Import failed", "导入失败", "匯入失敗")
                ),
            };
            ui.label(text);
            left_out(ui, errors, lang, "last-import-errors");
        }
    }

    /// The filters: who played, in what event and opening, when, with what result; Search and
    /// Clear filters; a date's problem, and the position searched if any.
    fn filter_rows(&mut self, ui: &mut egui::Ui, lang: Language, asked: &mut Vec<Command>) {
        let changed = self.who_row(ui, lang) | self.when_row(ui, lang);
        if changed {
            asked.push(Command::Database(DatabaseCommand::Search));
        }
        if self.filter_error == Some(FilterError::Date) {
            ui.label(
                RichText::new(lang.pick(
                    "A date needs a four-digit year: 1990, 1990.05 or 1990.05.12",
                    "日期须有四位年份：1990、1990.05 或 1990.05.12",
                    "日期須有四位年份：1990、1990.05 或 1990.05.12",
                ))
                .color(Color32::from_rgb(190, 30, 30)),
            );
        }
        self.position_row(ui, lang, asked);
    }

    /// The player and the side played, the event, the opening. Whether to search (Enter in a
    /// field).
    fn who_row(&mut self, ui: &mut egui::Ui, lang: Language) -> bool {
        let mut changed = false;
        ui.horizontal_wrapped(|ui| {
            changed |= search_field(
                ui,
                lang.pick("Player", "棋手", "棋手"),
                &mut self.filters.player,
                110.0,
            );
            let side = ui.label(lang.pick("Side", "执子方", "執子方"));
            egui::ComboBox::from_id_salt("player-side")
                .selected_text(self.filters.side.label(lang))
                .show_ui(ui, |ui| {
                    for side in [PlayerSide::Either, PlayerSide::Red, PlayerSide::Black] {
                        ui.selectable_value(&mut self.filters.side, side, side.label(lang));
                    }
                })
                .response
                .labelled_by(side.id);
            changed |= search_field(
                ui,
                lang.pick("Event", "赛事", "賽事"),
                &mut self.filters.event,
                120.0,
            );
            changed |= search_field(
                ui,
                lang.pick("Opening", "开局", "開局"),
                &mut self.filters.opening,
                80.0,
            );
        });
        changed
    }

    /// The dates and the result; Search and Clear filters. Whether to search (Enter in a field
    /// or either button).
    fn when_row(&mut self, ui: &mut egui::Ui, lang: Language) -> bool {
        let mut changed = false;
        ui.horizontal_wrapped(|ui| {
            changed |= search_field(
                ui,
                lang.pick("From", "从", "從"),
                &mut self.filters.date_from,
                80.0,
            );
            changed |= search_field(
                ui,
                lang.pick("to", "到", "到"),
                &mut self.filters.date_to,
                80.0,
            );
            let label = ui.label(lang.pick("Result", "结果", "結果"));
            egui::ComboBox::from_id_salt("result-filter")
                .selected_text(result_label(self.filters.result, lang))
                .show_ui(ui, |ui| {
                    for result in [
                        None,
                        Some(Outcome::RedWins),
                        Some(Outcome::Draw),
                        Some(Outcome::BlackWins),
                    ] {
                        ui.selectable_value(
                            &mut self.filters.result,
                            result,
                            result_label(result, lang),
                        );
                    }
                })
                .response
                .labelled_by(label.id);
            if ui.button(lang.pick("Search", "查找", "尋找")).clicked() {
                changed = true;
            }
            if ui
                .button(lang.pick("Clear filters", "清除条件", "清除條件"))
                .clicked()
            {
                self.filters = Filters::default();
                changed = true;
            }
        });
        changed
    }

    /// The position searched (and whether its mirror too), with Any position.
    fn position_row(&self, ui: &mut egui::Ui, lang: Language, asked: &mut Vec<Command>) {
        if let Some((_, mirror)) = &self.position {
            ui.horizontal_wrapped(|ui| {
                ui.label(if *mirror {
                    lang.pick(
                        "Games reaching the position searched or its mirror",
                        "出现所查局面或其镜像的对局",
                        "出現所查局面或其鏡像的對局",
                    )
                } else {
                    lang.pick(
                        "Games reaching the position searched",
                        "出现所查局面的对局",
                        "出現所查局面的對局",
                    )
                });
                if ui
                    .button(lang.pick("Any position", "不限局面", "不限局面"))
                    .clicked()
                {
                    asked.push(Command::Database(DatabaseCommand::ClearPosition));
                }
            });
        }
    }

    fn list(&mut self, ui: &mut egui::Ui, lang: Language, asked: &mut Vec<Command>) {
        ui.horizontal(|ui| {
            if self.searching {
                busy::line(ui, lang.pick("Searching…", "正在查找…", "正在尋找…"), None);
            }
            let shown = group_digits(self.rows.len() as u64);
            ui.label(if self.rows.len() as u64 >= LIST_LIMIT {
                format!(
                    "{} {shown} {}",
                    lang.pick("The first", "前", "前"),
                    lang.pick("games found", "局", "局")
                )
            } else {
                format!("{shown} {}", lang.pick("games found", "局", "局"))
            });
        });
        let columns: Vec<Column> = Column::ALL
            .into_iter()
            .filter(|&c| c != Column::Ply || self.position.is_some())
            .collect();
        let height = ui.spacing().interact_size.y;
        let font = egui::TextStyle::Button.resolve(ui.style());
        if self
            .widths
            .as_ref()
            .is_none_or(|w| w.lang != lang || w.font != font)
        {
            self.widths = Some(Widths::fit(ui, lang, font, &self.rows));
        }
        let widths = self
            .widths
            .as_ref()
            .map_or([0.0; Column::ALL.len()], |w| w.of);
        let width = |column: Column| {
            Column::ALL
                .iter()
                .position(|&c| c == column)
                .and_then(|i| widths.get(i).copied())
                .unwrap_or(0.0)
        };
        egui::ScrollArea::horizontal()
            .id_salt("database-list-columns")
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    for &column in &columns {
                        let arrow = match self.sort {
                            Some((c, true)) if c == column => " ↑",
                            Some((c, false)) if c == column => " ↓",
                            _ => "",
                        };
                        let text = format!("{}{arrow}", column.label(lang));
                        if cell(ui, width(column), height, egui::Button::new(text)).clicked() {
                            asked.push(Command::Database(DatabaseCommand::SortBy(column)));
                        }
                    }
                });
                egui::ScrollArea::vertical()
                    .id_salt("database-list")
                    .auto_shrink([false, false])
                    .show_rows(ui, height, self.rows.len(), |ui, range| {
                        for found in &self.rows[range] {
                            let selected = self.selected == Some(found.id);
                            ui.horizontal(|ui| {
                                for &column in &columns {
                                    let text = column.text(found);
                                    // The whole text where the column is too narrow for it.
                                    let hover = if column == Column::Source {
                                        found.source()
                                    } else {
                                        format!("{text}\n{}", found.source())
                                    };
                                    let button =
                                        egui::Button::selectable(selected, text).truncate();
                                    let response = cell(ui, width(column), height, button)
                                        .on_hover_text(hover);
                                    if response.clicked() {
                                        asked.push(Command::Database(DatabaseCommand::OpenGame {
                                            id: found.id,
                                            ply: usize::try_from(found.ply).unwrap_or(0),
                                        }));
                                    }
                                }
                            });
                        }
                    });
            });
    }
}

/// The list's column widths: each column as wide as its widest text (its heading with a sort
/// arrow, or a row's text) up to its [`Column::max_width`]. Measured once per search, from every
/// row listed, so that the columns hold still as the list scrolls.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Widths {
    lang: Language,
    font: egui::FontId,
    /// The widths, in the order of [`Column::ALL`].
    of: [f32; Column::ALL.len()],
}

impl Widths {
    fn fit(ui: &egui::Ui, lang: Language, font: egui::FontId, rows: &[Found]) -> Widths {
        // A button's text keeps its padding on both sides; a little more for kerning.
        let padding = 2.0 * ui.spacing().button_padding.x + 4.0;
        let of = ui.ctx().fonts_mut(|fonts| {
            let mut measure =
                |text: &str| -> f32 { text.chars().map(|c| fonts.glyph_width(&font, c)).sum() };
            Column::ALL.map(|column| {
                let heading = measure(&format!("{} ↓", column.label(lang)));
                let widest = rows
                    .iter()
                    .map(|found| measure(&column.text(found)))
                    .fold(heading, f32::max);
                (widest + padding).min(column.max_width())
            })
        });
        Widths { lang, font, of }
    }
}

/// A widget in a cell of a fixed width, left-aligned.
fn cell(ui: &mut egui::Ui, width: f32, height: f32, widget: impl egui::Widget) -> egui::Response {
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        Layout::left_to_right(Align::Center),
        |ui| {
            ui.set_width(width);
            ui.add(widget)
        },
    )
    .inner
}

fn import_progress(
    ui: &mut egui::Ui,
    lang: Language,
    import: &ImportState,
    asked: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        match &import.progress {
            Some(p) => {
                let fraction = if p.bytes_total == 0 {
                    1.0
                } else {
                    p.bytes_done as f32 / p.bytes_total as f32
                };
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .desired_width(220.0)
                        .show_percentage(),
                );
                ui.label(progress_text(p, lang));
            }
            None => {
                busy::line(
                    ui,
                    lang.pick("Reading the files…", "正在读取文件…", "正在讀取檔案…"),
                    None,
                );
            }
        }
        if import.cancelling {
            ui.label(lang.pick("Stopping…", "正在停止…", "正在停止…"));
        } else if ui
            .button(lang.pick("Cancel import", "取消导入", "取消匯入"))
            .clicked()
        {
            asked.push(Command::Database(DatabaseCommand::CancelImport));
        }
    });
    left_out(ui, &import.errors, lang, "import-errors");
}

/// The games and files an import could not read, each with its file and place ("a.pgn: game
/// 3, line 12, column 5: …"), under a heading that opens them.
fn left_out(ui: &mut egui::Ui, errors: &[ImportEvent], lang: Language, salt: &str) {
    if errors.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(format!(
        "{} {}",
        errors.len(),
        lang.pick("not read: which", "未能读取：明细", "未能讀取：明細")
    ))
    .id_salt(salt)
    .default_open(errors.len() <= 5)
    .show(ui, |ui| {
        egui::ScrollArea::vertical()
            .id_salt(salt)
            .max_height(120.0)
            .show(ui, |ui| {
                for error in errors {
                    ui.label(error.left_out().unwrap_or_default());
                }
            });
    });
}

/// "files 12/40, games 3,400, 61,000 games/min, 0:21 left".
fn progress_text(p: &Progress, lang: Language) -> String {
    let left = p.time_left().map_or_else(
        || "?".to_owned(),
        |t| format!("{}:{:02}", t.as_secs() / 60, t.as_secs() % 60),
    );
    let rate = group_digits(p.games_per_minute().round() as u64);
    let games = group_digits(p.games);
    match lang {
        Language::English => format!(
            "files {}/{}, games {games}, {rate} games/min, {left} left",
            p.files_done, p.files_total
        ),
        Language::SimplifiedChinese => format!(
            "文件 {}/{}，对局 {games}，每分钟 {rate} 局，尚需 {left}",
            p.files_done, p.files_total
        ),
        Language::TraditionalChinese => format!(
            "檔案 {}/{}，對局 {games}，每分鐘 {rate} 局，尚需 {left}",
            p.files_done, p.files_total
        ),
    }
}

/// "Imported 40 games: 31 new, 9 duplicates, 2 not read, 1 warning (a start play cannot reach,
/// taken as a diagram), 0 files imported before (stopped)"; the warnings only when there are
/// any.
fn import_summary(report: &ImportReport, errors: usize, lang: Language) -> String {
    let stopped = if report.cancelled {
        lang.pick(" (stopped)", "（已停止）", "（已停止）")
    } else {
        ""
    };
    let skipped = report.skipped_files;
    let errors = report.errors.max(errors as u64);
    let warnings = match (report.warnings, lang) {
        (0, _) => String::new(),
        (1, Language::English) => {
            ", 1 warning (a start play cannot reach, taken as a diagram)".to_owned()
        }
        (w, Language::English) => {
            format!(", {w} warnings (starts play cannot reach, taken as diagrams)")
        }
        (w, Language::SimplifiedChinese) => {
            format!("，{w} 个警告（开局为实战不能形成的排局图式）")
        }
        (w, Language::TraditionalChinese) => {
            format!("，{w} 個警告（開局為實戰不能形成的排局圖式）")
        }
    };
    match lang {
        Language::English => format!(
            "Imported {} games: {} new, {} duplicates, {errors} not read{warnings}, {skipped} \
             files imported before{stopped}",
            report.games, report.new, report.duplicates
        ),
        Language::SimplifiedChinese => format!(
            "已导入 {} 局：新 {} 局，重复 {} 局，{errors} 局未能读取{warnings}，{skipped} 个文件此前已导入{stopped}",
            report.games, report.new, report.duplicates
        ),
        Language::TraditionalChinese => format!(
            "已匯入 {} 局：新 {} 局，重複 {} 局，{errors} 局未能讀取{warnings}，{skipped} 個檔案此前已匯入{stopped}",
            report.games, report.new, report.duplicates
        ),
    }
}

fn result_label(result: Option<Outcome>, lang: Language) -> String {
    match result {
        None => lang.pick("any", "不限", "不限").to_owned(),
        Some(outcome) => format!("{} {}", outcome.pgn(), outcome.headline(lang)),
    }
}

/// A filter's labelled field, `width` wide. Whether Enter was pressed in it: Enter in a field
/// searches, as the button does.
fn search_field(ui: &mut egui::Ui, label: &str, text: &mut String, width: f32) -> bool {
    let label = ui.label(label);
    let response = ui
        .add(egui::TextEdit::singleline(text).desired_width(width))
        .labelled_by(label.id);
    response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_import_summary_counts_the_warnings_in_each_language() {
        let mut report = ImportReport {
            games: 40,
            new: 31,
            duplicates: 9,
            errors: 2,
            ..ImportReport::default()
        };
        assert_eq!(
            import_summary(&report, 0, Language::English),
            "Imported 40 games: 31 new, 9 duplicates, 2 not read, 0 files imported before"
        );
        report.warnings = 1;
        assert_eq!(
            import_summary(&report, 0, Language::English),
            "Imported 40 games: 31 new, 9 duplicates, 2 not read, 1 warning (a start play cannot \
             reach, taken as a diagram), 0 files imported before"
        );
        report.warnings = 3;
        assert!(import_summary(&report, 0, Language::English)
            .contains(", 3 warnings (starts play cannot reach, taken as diagrams),"));
        assert_eq!(
            import_summary(&report, 0, Language::SimplifiedChinese),
            "已导入 40 局：新 31 局，重复 9 局，2 局未能读取，3 个警告（开局为实战不能形成的排局图式），\
             0 个文件此前已导入"
        );
        assert_eq!(
            import_summary(&report, 0, Language::TraditionalChinese),
            "已匯入 40 局：新 31 局，重複 9 局，2 局未能讀取，3 個警告（開局為實戰不能形成的排局圖式），\
             0 個檔案此前已匯入"
        );
    }
}
