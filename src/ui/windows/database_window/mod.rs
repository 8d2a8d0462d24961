//! The database window (棋譜庫): open or create a database (a file, or a `postgresql://` URL
//! typed in), import files and folders with progress that can be cancelled, and the game list
//! with its tag filters and sortable columns; a game opened from it is shown on the board, at
//! the ply of the position searched, the window stepping aside for it. Every query runs on the [`Worker`]'s threads: the window
//! only sends requests and reads answers, never waits.
//!
//! The window's own fields (the location typed, the filters) change as the user types, like the
//! export window's; everything else goes through [`DatabaseCommand`]s.

use std::cmp::Ordering;
use std::path::PathBuf;

use crate::database::{
    date_bound, is_postgres_url, Found, ImportEvent, ImportReport, Progress, SearchQuery, TreeMove,
};
use crate::ending::Outcome;
use crate::lang::Language;
use crate::rules::Position;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::database_command::{Column, DatabaseCommand};
use crate::ui::base::command::done::Done;
use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::origin::Origin;
use crate::ui::base::command::outbox::{Arrival, Outbox};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::{Command, GameToShow};
use crate::ui::base::session::Session;
use crate::ui::panels::opening_tree::TreeView;
use crate::ui::workers::database_worker::{Reply, Request, Worker};

mod view;

/// At most this many games are listed for one search (sorting orders these).
pub const LIST_LIMIT: u64 = 5000;

impl Column {
    const ALL: [Column; 8] = [
        Column::Ply,
        Column::Red,
        Column::Black,
        Column::Event,
        Column::Date,
        Column::Result,
        Column::Source,
        Column::Opening,
    ];

    fn label(self, lang: Language) -> &'static str {
        match self {
            Column::Ply => lang.pick("Ply", "步", "步"),
            Column::Red => lang.pick("Red", "红方", "紅方"),
            Column::Black => lang.pick("Black", "黑方", "黑方"),
            Column::Event => lang.pick("Event", "赛事", "賽事"),
            Column::Date => lang.pick("Date", "日期", "日期"),
            Column::Result => lang.pick("Result", "结果", "結果"),
            Column::Opening => lang.pick("Opening", "开局", "開局"),
            Column::Source => lang.pick("Source", "来源", "來源"),
        }
    }

    /// The widest the column gets when its texts are long (an event's full name): the rest is
    /// shown on hover.
    fn max_width(self) -> f32 {
        match self {
            Column::Ply => 60.0,
            Column::Red | Column::Black => 180.0,
            Column::Event | Column::Source | Column::Opening => 220.0,
            Column::Date | Column::Result => 120.0,
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
            Column::Opening => found.opening.clone(),
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

/// What the window tells the user when the database failed: `text`, in a box.
fn failed(text: String) -> Command {
    let told = Notification::error(Source::Window(WindowId::Database), text);
    AppCommand::Notify(told).into()
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
    /// A database file asked for that is not there: whether to create it is asked first.
    to_create: Option<String>,
    /// The last location opened, kept in the settings.
    remembered: Option<String>,
    games: Option<u64>,
    import_field: String,
    import_paths: Vec<PathBuf>,
    import: Option<ImportState>,
    /// The last import's outcome and the games and files it could not read (the first
    /// [`ERRORS_SHOWN`]).
    last_import: Option<(Result<ImportReport, String>, Vec<ImportEvent>)>,
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
    /// The list's column widths fitted to the rows, made again when the rows change.
    widths: Option<view::Widths>,
    tree: TreeState,
}

impl DatabaseWindow {
    /// The window, closed; the database last opened (from the settings) is opened again when it
    /// is a server or a file that still exists.
    pub fn new(outbox: &Outbox, remembered: Option<String>) -> DatabaseWindow {
        let mut window = DatabaseWindow {
            worker: Worker::start(outbox),
            open: false,
            location_field: remembered.clone().unwrap_or_default(),
            location: None,
            opening: None,
            to_create: None,
            remembered: remembered.clone(),
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
            widths: None,
            tree: TreeState::default(),
        };
        if let Some(location) = remembered {
            if is_postgres_url(&location) || std::path::Path::new(&location).is_file() {
                window.open_database(location);
            }
        }
        window
    }

    /// Whether the window is shown.
    pub fn is_open(&self) -> bool {
        self.open
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
                    if is_postgres_url(&location) || std::path::Path::new(&location).exists() {
                        self.open_database(location);
                    } else {
                        // A name mistyped would make an empty database: asked first.
                        self.open = true;
                        self.to_create = Some(location);
                    }
                }
            }
            DatabaseCommand::Create(location) => {
                self.to_create = None;
                self.open_database(location);
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

    /// An answer of the database; returns what it asks of the app (a game to show).
    pub fn arrived(&mut self, arrival: Arrival, session: &Session) -> Vec<Command> {
        let lang = session.lang();
        let mut commands = Vec::new();
        if let Some(reply) = self.worker.take(arrival) {
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
                            self.widths = None;
                            self.position = None;
                            self.tree.asked = None;
                            self.tree.answer = None;
                            self.worker.ask(Request::Count);
                            self.search();
                        }
                        Err(e) => {
                            self.location = None;
                            self.games = None;
                            commands.push(failed(e.message(lang)));
                        }
                    }
                }
                Reply::Count(result) => match result {
                    Ok(n) => self.games = Some(n),
                    Err(e) => commands.push(failed(e.message(lang))),
                },
                Reply::Found(number, result) => {
                    if number == self.search_number {
                        self.searching = false;
                        match result {
                            Ok(rows) => {
                                self.rows = rows;
                                self.widths = None;
                                self.sort_rows();
                            }
                            Err(e) => commands.push(failed(e.message(lang))),
                        }
                    }
                }
                Reply::Tree(position, result) => {
                    self.tree.answer = Some((position, result.map_err(|e| e.message(lang))));
                }
                Reply::Game(result) => match result {
                    Ok((game, ply)) => {
                        commands.push(
                            AppCommand::ShowGameAt(GameToShow::new(game, Origin::Fresh), ply)
                                .into(),
                        );
                        // The errand is done: the window steps aside for the board, as an open
                        // dialog does, keeping its list, filters and place for the next time it
                        // is shown (a collapsed title bar would still cover the record's
                        // buttons). The status line says how to get it back.
                        self.open = false;
                        let from = Done::FromDatabase.text(lang);
                        let told = Notification::info(Source::Window(WindowId::Database), from);
                        commands.push(AppCommand::Notify(told).into());
                    }
                    Err(e) => commands.push(failed(e.message(lang))),
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
                    let errors = self.import.take().map(|i| i.errors).unwrap_or_default();
                    self.last_import = Some((result.map_err(|e| e.message(lang)), errors));
                    // The list, the count and the tree see the new games.
                    self.worker.ask(Request::Count);
                    self.search();
                    self.tree.asked = None;
                }
            }
        }
        commands
    }

    /// Follow the board: ask for the tree of the position shown when it is new.
    fn follow_board(&mut self, session: &Session) {
        if self.tree.shown && self.location.is_some() {
            let position = session.position();
            if self.tree.asked.as_ref() != Some(position) {
                self.tree.asked = Some(position.clone());
                self.worker.ask(Request::Tree(position.clone()));
            }
        }
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
