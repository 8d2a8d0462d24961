//! The database window (棋譜庫): open or create a database (a file, or a `postgresql://` URL
//! typed in), import files and folders with progress that can be cancelled, and the game list
//! with its tag filters and sortable columns; a game opened from it is shown on the board, at
//! the ply of the position searched. Every query runs on the [`Worker`]'s threads: the window
//! only sends requests and reads answers, never waits.
//!
//! The window's own fields (the location typed, the filters) change as the user types, like the
//! export window's; everything else goes through [`DatabaseCommand`]s.

use std::cmp::Ordering;
use std::path::PathBuf;

use eframe::egui::{self, Align, Color32, Layout, RichText};

use crate::database::{
    date_bound, is_postgres_url, Found, ImportEvent, ImportReport, Progress, SearchQuery, TreeMove,
};
use crate::ending::Outcome;
use crate::lang::Language;
use crate::rules::Position;

use crate::ui::base::command::database_command::Browse;
use crate::ui::base::command::database_command::Column;
use crate::ui::base::command::database_command::DatabaseCommand;
use crate::ui::base::command::{Command, GameToShow};
use crate::ui::base::numbers::group_digits;
use crate::ui::base::session::Session;
use crate::ui::panels::opening_tree::TreeView;
use crate::ui::workers::database_worker::{Reply, Request, Worker};

/// At most this many games are listed for one search (sorting orders these).
pub const LIST_LIMIT: u64 = 5000;

impl Column {
    const ALL: [Column; 7] = [
        Column::Ply,
        Column::Red,
        Column::Black,
        Column::Event,
        Column::Date,
        Column::Result,
        Column::Source,
    ];

    fn label(self, lang: Language) -> &'static str {
        match self {
            Column::Ply => lang.pick("Ply", "步", "步"),
            Column::Red => lang.pick("Red", "红方", "紅方"),
            Column::Black => lang.pick("Black", "黑方", "黑方"),
            Column::Event => lang.pick("Event", "赛事", "賽事"),
            Column::Date => lang.pick("Date", "日期", "日期"),
            Column::Result => lang.pick("Result", "结果", "結果"),
            Column::Source => lang.pick("Source", "来源", "來源"),
        }
    }

    fn width(self) -> f32 {
        match self {
            Column::Ply => 36.0,
            Column::Red | Column::Black => 96.0,
            Column::Event => 150.0,
            Column::Date => 84.0,
            Column::Result => 56.0,
            Column::Source => 150.0,
        }
    }

    fn text(self, found: &Found) -> String {
        match self {
            Column::Ply => found.ply.to_string(),
            Column::Red => found.red.clone(),
            Column::Black => found.black.clone(),
            Column::Event => found.event.clone(),
            Column::Date => found.date.clone(),
            Column::Result => found.result_token().to_owned(),
            Column::Source => {
                let name = std::path::Path::new(&found.file)
                    .file_name()
                    .map_or_else(|| found.file.clone(), |n| n.to_string_lossy().into_owned());
                format!("{name}#{}", found.number)
            }
        }
    }

    fn compare(self, a: &Found, b: &Found) -> Ordering {
        match self {
            Column::Ply => a.ply.cmp(&b.ply),
            Column::Result => result_rank(a.result).cmp(&result_rank(b.result)),
            Column::Source => (&a.file, a.number).cmp(&(&b.file, b.number)),
            _ => self.text(a).cmp(&self.text(b)),
        }
    }
}

fn result_rank(result: Option<Outcome>) -> u8 {
    match result {
        Some(Outcome::RedWins) => 0,
        Some(Outcome::Draw) => 1,
        Some(Outcome::BlackWins) => 2,
        Some(Outcome::BothForfeit) => 3,
        None => 4,
    }
}

/// Which side the player filter names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PlayerSide {
    /// Either colour.
    #[default]
    Either,
    /// As Red.
    Red,
    /// As Black.
    Black,
}

impl PlayerSide {
    fn label(self, lang: Language) -> &'static str {
        match self {
            PlayerSide::Either => lang.pick("either colour", "任一方", "任一方"),
            PlayerSide::Red => lang.pick("as Red", "执红", "執紅"),
            PlayerSide::Black => lang.pick("as Black", "执黑", "執黑"),
        }
    }
}

/// The tag filters as typed.
#[derive(Clone, Debug, Default)]
struct Filters {
    player: String,
    side: PlayerSide,
    event: String,
    date_from: String,
    date_to: String,
    result: Option<Outcome>,
    opening: String,
}

/// A filter the database cannot use, named for the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FilterError {
    /// A date without a four-digit year.
    Date,
}

impl Filters {
    fn query(&self) -> Result<SearchQuery, FilterError> {
        let text = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_owned());
        let date = |s: &str, end| match text(s) {
            Some(d) => date_bound(&d, end).map(Some).ok_or(FilterError::Date),
            None => Ok(None),
        };
        let mut query = SearchQuery {
            event: text(&self.event),
            opening: text(&self.opening),
            result: self.result,
            date_from: date(&self.date_from, false)?,
            date_to: date(&self.date_to, true)?,
            limit: Some(LIST_LIMIT),
            ..SearchQuery::default()
        };
        let player = text(&self.player);
        match self.side {
            PlayerSide::Either => query.player = player,
            PlayerSide::Red => query.red = player,
            PlayerSide::Black => query.black = player,
        }
        Ok(query)
    }
}

/// An import under way, as far as it has told.
#[derive(Debug, Default)]
struct ImportState {
    progress: Option<Progress>,
    errors: Vec<ImportEvent>,
    cancelling: bool,
}

/// The errors an import keeps to show (the count goes on).
const ERRORS_SHOWN: usize = 200;

/// The opening tree as last answered.
#[derive(Debug, Default)]
struct TreeState {
    shown: bool,
    /// The position last asked about.
    asked: Option<Position>,
    /// The position answered, and its moves (or why not).
    answer: Option<(Position, Result<Vec<TreeMove>, String>)>,
}

/// The database window and the opening tree's data.
pub struct DatabaseWindow {
    worker: Worker,
    open: bool,
    location_field: String,
    /// The database open (its location), once the worker said so.
    location: Option<String>,
    /// An open asked for and not yet answered.
    opening: Option<String>,
    /// The last location opened, kept in the settings.
    remembered: Option<String>,
    error: Option<String>,
    games: Option<u64>,
    import_field: String,
    import_paths: Vec<PathBuf>,
    import: Option<ImportState>,
    /// The last import's outcome and the errors it met.
    last_import: Option<(Result<ImportReport, String>, usize)>,
    filters: Filters,
    filter_error: Option<FilterError>,
    /// The position searched and whether its mirror too.
    position: Option<(Position, bool)>,
    search_number: u64,
    searching: bool,
    rows: Vec<Found>,
    sort: Option<(Column, bool)>,
    /// The game last opened from the list.
    selected: Option<i64>,
    tree: TreeState,
}

impl DatabaseWindow {
    /// The window, closed; the database last opened (from the settings) is opened again when it
    /// is a server or a file that still exists.
    pub fn new(ctx: &egui::Context, remembered: Option<String>) -> DatabaseWindow {
        let mut window = DatabaseWindow {
            worker: Worker::start(ctx),
            open: false,
            location_field: remembered.clone().unwrap_or_default(),
            location: None,
            opening: None,
            remembered: remembered.clone(),
            error: None,
            games: None,
            import_field: String::new(),
            import_paths: Vec::new(),
            import: None,
            last_import: None,
            filters: Filters::default(),
            filter_error: None,
            position: None,
            search_number: 0,
            searching: false,
            rows: Vec::new(),
            sort: None,
            selected: None,
            tree: TreeState::default(),
        };
        if let Some(location) = remembered {
            if is_postgres_url(&location) || std::path::Path::new(&location).is_file() {
                window.open_database(location);
            }
        }
        window
    }

    /// The database open, if any.
    pub fn location(&self) -> Option<&str> {
        self.location.as_deref()
    }

    /// The location to remember in the settings.
    pub fn remembered(&self) -> Option<&str> {
        self.remembered.as_deref()
    }

    /// The games listed, in the order shown.
    pub fn rows(&self) -> &[Found] {
        &self.rows
    }

    /// Games stored in the open database, as last counted.
    pub fn game_count(&self) -> Option<u64> {
        self.games
    }

    /// Whether an import runs.
    pub fn importing(&self) -> bool {
        self.worker.importing()
    }

    /// The last import's report, once it has ended without an error.
    pub fn last_import(&self) -> Option<&ImportReport> {
        self.last_import.as_ref().and_then(|(r, _)| r.as_ref().ok())
    }

    /// Whether a question is waiting for its answer (an open, a search, the tree).
    pub fn busy(&self) -> bool {
        self.opening.is_some()
            || self.searching
            || (self.tree.shown
                && self.location.is_some()
                && self.tree.answer.as_ref().map(|(p, _)| p) != self.tree.asked.as_ref())
    }

    /// The opening tree of `position`, if it is the one answered.
    pub fn tree_of(&self, position: &Position) -> Option<&[TreeMove]> {
        self.tree_view(position).answer.and_then(Result::ok)
    }

    /// Whether the opening tree is shown beside the board.
    pub fn tree_shown(&self) -> bool {
        self.tree.shown
    }

    /// Follow the layout: the tree is looked up while its panel is shown (the View menu's Opening tree).
    pub fn show_tree(&mut self, shown: bool) {
        if shown != self.tree.shown {
            self.tree.shown = shown;
            self.tree.asked = None;
        }
    }

    fn open_database(&mut self, location: String) {
        self.opening = Some(location.clone());
        self.error = None;
        self.worker.ask(Request::Open(location));
    }

    fn search(&mut self) {
        let mut query = match self.filters.query() {
            Ok(q) => q,
            Err(e) => {
                self.filter_error = Some(e);
                return;
            }
        };
        self.filter_error = None;
        if let Some((position, mirror)) = &self.position {
            query.position = Some(position.clone());
            query.mirror = *mirror;
        }
        self.search_number += 1;
        self.searching = true;
        self.worker
            .ask(Request::Search(self.search_number, Box::new(query)));
    }

    /// Carry out a command (the session gives the position to search).
    pub fn apply(&mut self, command: DatabaseCommand, session: &Session) {
        match command {
            DatabaseCommand::ShowWindow => self.open = true,
            DatabaseCommand::Open(location) => {
                let location = location.trim().to_owned();
                if !location.is_empty() {
                    self.location_field.clone_from(&location);
                    self.open_database(location);
                }
            }
            DatabaseCommand::Import(paths) => {
                if let Some(location) = self.location.clone() {
                    if !paths.is_empty() && self.worker.import(location, paths) {
                        self.import = Some(ImportState::default());
                        self.last_import = None;
                    }
                }
            }
            DatabaseCommand::CancelImport => {
                self.worker.cancel_import();
                if let Some(import) = &mut self.import {
                    import.cancelling = true;
                }
            }
            // The app answers it through its file dialogs, then sends Open or AddImport.
            DatabaseCommand::Browse(_) => {}
            DatabaseCommand::AddImport(paths) => {
                self.open = true;
                self.import_paths.extend(paths);
            }
            DatabaseCommand::Search => self.search(),
            DatabaseCommand::SearchPosition { mirror } => {
                self.open = true;
                self.position = Some((session.position().clone(), mirror));
                self.sort = None;
                self.search();
            }
            DatabaseCommand::ClearPosition => {
                self.position = None;
                self.search();
            }
            DatabaseCommand::OpenGame { id, ply } => {
                self.selected = Some(id);
                self.worker.ask(Request::Game(id, ply));
            }
            DatabaseCommand::SortBy(column) => {
                let ascending = match self.sort {
                    Some((c, ascending)) if c == column => !ascending,
                    _ => true,
                };
                self.sort = Some((column, ascending));
                self.sort_rows();
            }
        }
    }

    fn sort_rows(&mut self) {
        if let Some((column, ascending)) = self.sort {
            self.rows.sort_by(|a, b| {
                let order = column.compare(a, b).then(a.id.cmp(&b.id));
                if ascending {
                    order
                } else {
                    order.reverse()
                }
            });
        }
    }

    /// Read the answers that have come and ask for the tree of the position shown when it is
    /// new; returns what the answers ask of the app (a game to show). Called every frame.
    pub fn poll(&mut self, session: &Session) -> Vec<Command> {
        let lang = session.lang();
        let mut commands = Vec::new();
        for reply in self.worker.replies() {
            match reply {
                Reply::Opened(location, result) => {
                    if self.opening.as_ref() == Some(&location) {
                        self.opening = None;
                    }
                    match result {
                        Ok(()) => {
                            self.remembered = Some(location.clone());
                            self.location = Some(location);
                            self.rows.clear();
                            self.position = None;
                            self.tree.asked = None;
                            self.tree.answer = None;
                            self.worker.ask(Request::Count);
                            self.search();
                        }
                        Err(e) => {
                            self.location = None;
                            self.games = None;
                            self.error = Some(e.message(lang));
                        }
                    }
                }
                Reply::Count(result) => match result {
                    Ok(n) => self.games = Some(n),
                    Err(e) => self.error = Some(e.message(lang)),
                },
                Reply::Found(number, result) => {
                    if number == self.search_number {
                        self.searching = false;
                        match result {
                            Ok(rows) => {
                                self.rows = rows;
                                self.sort_rows();
                            }
                            Err(e) => self.error = Some(e.message(lang)),
                        }
                    }
                }
                Reply::Tree(position, result) => {
                    self.tree.answer = Some((position, result.map_err(|e| e.message(lang))));
                }
                Reply::Game(result) => match result {
                    Ok((game, ply)) => {
                        commands.push(Command::ShowGameAt(GameToShow(Box::new(game)), ply));
                    }
                    Err(e) => self.error = Some(e.message(lang)),
                },
                Reply::ImportProgress(p) => {
                    if let Some(import) = &mut self.import {
                        import.progress = Some(p);
                    }
                }
                Reply::ImportError(event) => {
                    if let Some(import) = &mut self.import {
                        if import.errors.len() < ERRORS_SHOWN {
                            import.errors.push(event);
                        }
                    }
                }
                Reply::ImportDone(result) => {
                    let errors = self.import.take().map_or(0, |i| i.errors.len());
                    self.last_import = Some((result.map_err(|e| e.message(lang)), errors));
                    // The list, the count and the tree see the new games.
                    self.worker.ask(Request::Count);
                    self.search();
                    self.tree.asked = None;
                }
            }
        }
        if self.tree.shown && self.location.is_some() {
            let position = session.position();
            if self.tree.asked.as_ref() != Some(position) {
                self.tree.asked = Some(position.clone());
                self.worker.ask(Request::Tree(position.clone()));
            }
        }
        commands
    }

    /// The tree panel's part of the state: whether a database is open, and the answer for the
    /// position on the board (`None` while it is looked up).
    pub fn tree_view(&self, position: &Position) -> TreeView<'_> {
        let answer = match &self.tree.answer {
            Some((p, answer)) if p == position => Some(answer.as_ref().map(Vec::as_slice)),
            _ => None,
        };
        TreeView {
            open: self.location.is_some(),
            answer: answer.map(|a| a.map_err(String::as_str)),
        }
    }

    /// Draw the window while it is open; what the user asks goes into `commands`.
    pub fn show(&mut self, ctx: &egui::Context, session: &Session, commands: &mut Vec<Command>) {
        if !self.open {
            return;
        }
        let lang = session.lang();
        let mut open = true;
        let content = ctx.content_rect();
        egui::Window::new(lang.pick("Game database", "棋谱库", "棋譜庫"))
            .id(egui::Id::unique("database-window"))
            .open(&mut open)
            .default_size([(content.width() - 80.0).min(700.0), content.height() * 0.7])
            .default_pos(content.left_top() + egui::vec2(40.0, 50.0))
            .constrain(true)
            .resizable(true)
            .show(ctx, |ui| {
                let mut asked = Vec::new();
                self.location_row(ui, lang, &mut asked);
                ui.separator();
                self.import_rows(ui, lang, &mut asked);
                ui.separator();
                self.filter_rows(ui, lang, &mut asked);
                ui.separator();
                self.list(ui, lang, &mut asked);
                commands.extend(asked.into_iter().map(Command::Database));
            });
        self.open = open;
    }

    fn location_row(
        &mut self,
        ui: &mut egui::Ui,
        lang: Language,
        asked: &mut Vec<DatabaseCommand>,
    ) {
        ui.horizontal(|ui| {
            let label = ui.label(lang.pick("File or server", "文件或服务器", "檔案或伺服器"));
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut self.location_field)
                        .hint_text(lang.pick(
                            "a file (created if new) or postgresql://…",
                            "文件（不存在则新建）或 postgresql://…",
                            "檔案（不存在則新建）或 postgresql://…",
                        ))
                        .desired_width(340.0),
                )
                .labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui
                .button(lang.pick("Open or create", "打开或新建", "開啟或新建"))
                .clicked()
                || entered
            {
                asked.push(DatabaseCommand::Open(self.location_field.clone()));
            }
            if ui
                .button(lang.pick("Choose file…", "选择文件…", "選擇檔案…"))
                .clicked()
            {
                asked.push(DatabaseCommand::Browse(Browse::Database));
            }
        });
        ui.horizontal_wrapped(|ui| {
            if let Some(location) = &self.opening {
                ui.spinner();
                ui.label(format!(
                    "{} {location}",
                    lang.pick("Opening", "正在打开", "正在開啟")
                ));
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
        if let Some(error) = &self.error {
            ui.label(RichText::new(error).color(Color32::from_rgb(190, 30, 30)));
        }
    }

    fn import_rows(&mut self, ui: &mut egui::Ui, lang: Language, asked: &mut Vec<DatabaseCommand>) {
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
                        .desired_width(260.0),
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
                asked.push(DatabaseCommand::Browse(Browse::ImportFiles));
            }
            if ui
                .button(lang.pick("Folder…", "文件夹…", "資料夾…"))
                .clicked()
            {
                asked.push(DatabaseCommand::Browse(Browse::ImportFolder));
            }
            let can_import = self.location.is_some() && !self.import_paths.is_empty();
            if ui
                .add_enabled(
                    can_import,
                    egui::Button::new(lang.pick("Start import", "开始导入", "開始匯入")),
                )
                .clicked()
            {
                asked.push(DatabaseCommand::Import(std::mem::take(
                    &mut self.import_paths,
                )));
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
                Ok(report) => import_summary(report, *errors, lang),
                Err(e) => format!(
                    "{}: {e}",
                    lang.pick("Import failed", "导入失败", "匯入失敗")
                ),
            };
            ui.label(text);
        }
    }

    fn filter_rows(&mut self, ui: &mut egui::Ui, lang: Language, asked: &mut Vec<DatabaseCommand>) {
        // Enter in a field searches, as the button does.
        let field = |ui: &mut egui::Ui, label: &str, text: &mut String, width: f32| {
            let label = ui.label(label);
            let response = ui
                .add(egui::TextEdit::singleline(text).desired_width(width))
                .labelled_by(label.id);
            response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
        };
        let mut changed = false;
        ui.horizontal_wrapped(|ui| {
            changed |= field(
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
            changed |= field(
                ui,
                lang.pick("Event", "赛事", "賽事"),
                &mut self.filters.event,
                120.0,
            );
            changed |= field(
                ui,
                lang.pick("Opening", "开局", "開局"),
                &mut self.filters.opening,
                80.0,
            );
        });
        ui.horizontal_wrapped(|ui| {
            changed |= field(
                ui,
                lang.pick("From", "从", "從"),
                &mut self.filters.date_from,
                80.0,
            );
            changed |= field(
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
        if changed {
            asked.push(DatabaseCommand::Search);
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
        if let Some((_, mirror)) = &self.position {
            ui.horizontal(|ui| {
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
                    asked.push(DatabaseCommand::ClearPosition);
                }
            });
        }
    }

    fn list(&self, ui: &mut egui::Ui, lang: Language, asked: &mut Vec<DatabaseCommand>) {
        ui.horizontal(|ui| {
            if self.searching {
                ui.spinner();
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
                        if cell(ui, column.width(), height, egui::Button::new(text)).clicked() {
                            asked.push(DatabaseCommand::SortBy(column));
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
                                    let button =
                                        egui::Button::selectable(selected, column.text(found))
                                            .truncate();
                                    let response = cell(ui, column.width(), height, button)
                                        .on_hover_text(found.source());
                                    if response.clicked() {
                                        asked.push(DatabaseCommand::OpenGame {
                                            id: found.id,
                                            ply: usize::try_from(found.ply).unwrap_or(0),
                                        });
                                    }
                                }
                            });
                        }
                    });
            });
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
    asked: &mut Vec<DatabaseCommand>,
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
                ui.spinner();
                ui.label(lang.pick("Reading the files…", "正在读取文件…", "正在讀取檔案…"));
            }
        }
        if import.cancelling {
            ui.label(lang.pick("Stopping…", "正在停止…", "正在停止…"));
        } else if ui
            .button(lang.pick("Cancel import", "取消导入", "取消匯入"))
            .clicked()
        {
            asked.push(DatabaseCommand::CancelImport);
        }
    });
    if !import.errors.is_empty() {
        egui::CollapsingHeader::new(format!(
            "{} {}",
            import.errors.len(),
            lang.pick("not imported", "未能导入", "未能匯入")
        ))
        .id_salt("import-errors")
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .max_height(100.0)
                .show(ui, |ui| {
                    for error in &import.errors {
                        ui.label(error.left_out().unwrap_or_default());
                    }
                });
        });
    }
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

    #[test]
    fn filters_become_a_query_with_the_player_on_the_side_chosen() {
        let mut filters = Filters {
            player: " 胡荣华 ".to_owned(),
            side: PlayerSide::Black,
            date_from: "1990".to_owned(),
            date_to: "1991.05".to_owned(),
            ..Filters::default()
        };
        let q = filters.query().unwrap();
        assert_eq!(q.black.as_deref(), Some("胡荣华"));
        assert_eq!((q.player.as_ref(), q.red.as_ref()), (None, None));
        assert_eq!((q.date_from, q.date_to), (Some(19900000), Some(19910599)));
        filters.date_to = "May".to_owned();
        assert_eq!(filters.query().unwrap_err(), FilterError::Date);
    }
}
