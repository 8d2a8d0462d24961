//! The game database off the UI thread: one thread with its own connection answers queries
//! (open, search, opening tree, a game's record) in the order asked, keeping only the latest
//! search and tree when several wait; an import runs on a thread of its own with a second
//! connection, so that searching goes on while it writes. Answers come back through the
//! outbox to the database window. `Database` is not `Sync`: each thread opens its own.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

use crate::database::{
    Database, DbError, Found, ImportEvent, ImportOptions, ImportReport, Progress, SearchQuery,
    TreeMove,
};
use crate::lang::{IoReason, Language};
use crate::record::Game;
use crate::rules::Position;

use crate::ui::base::command::outbox::{Arrival, Courier, Outbox, Recipient};
use crate::ui::base::command::window_id::WindowId;

/// Why the database could not answer.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// The database refused (its reason names the file or server).
    #[error(transparent)]
    Database(#[from] DbError),
    /// A query came before any database was opened.
    #[error("no database is open")]
    NotOpen,
    /// The system would not start a thread.
    #[error("cannot start a thread: {}", IoReason::of(.0))]
    Thread(std::io::Error),
}

impl WorkerError {
    /// The reason in the user's language (the database's own reason stays as it says it).
    pub fn message(&self, lang: Language) -> String {
        match self {
            WorkerError::Database(e) => e.to_string(),
            WorkerError::NotOpen => lang
                .pick(
                    "No database is open: open or create one first",
                    "尚未打开棋谱库：请先打开或新建",
                    "尚未開啟棋譜庫：請先開啟或新建",
                )
                .to_owned(),
            WorkerError::Thread(e) => format!(
                "{}: {}",
                lang.pick(
                    "Cannot start a background thread",
                    "无法启动后台线程",
                    "無法啟動背景執行緒"
                ),
                IoReason::of(e).message(lang)
            ),
        }
    }
}

/// An answer or the reason there is none.
pub type Answer<T> = Result<T, WorkerError>;

/// A question for the query thread.
#[derive(Clone, Debug)]
pub enum Request {
    /// Open (or create) the database at this location; later requests go to it.
    Open(String),
    /// Count the games stored.
    Count,
    /// Find games; the number comes back with the answer.
    Search(u64, Box<SearchQuery>),
    /// The opening tree of a position.
    Tree(Position),
    /// A game's record, to be shown at this ply.
    Game(i64, usize),
}

/// An answer, or news of an import.
#[derive(Debug)]
pub enum Reply {
    /// The database at this location was opened, or why not.
    Opened(String, Answer<()>),
    /// The games stored.
    Count(Answer<u64>),
    /// The games found for search number `.0`.
    Found(u64, Answer<Vec<Found>>),
    /// The opening tree of a position.
    Tree(Position, Answer<Vec<TreeMove>>),
    /// A game's record and the ply to show.
    Game(Answer<(Game, usize)>),
    /// How far the import has come.
    ImportProgress(Progress),
    /// A game or a file the import left out, with its place and reason.
    ImportError(ImportEvent),
    /// The import ended: what it did, or why it stopped.
    ImportDone(Answer<ImportReport>),
}

/// An import running on its own thread.
struct Import {
    cancel: Arc<AtomicBool>,
}

/// The threads that talk to the database; their answers come through the outbox.
pub struct Worker {
    requests: mpsc::Sender<Request>,
    replies: Courier<Reply>,
    import: Option<Import>,
}

impl Worker {
    /// Start the query thread; its answers are sent through `outbox`.
    pub fn start(outbox: &Outbox) -> Worker {
        let (requests, inbox) = mpsc::channel();
        let replies = outbox.courier::<Reply>(Recipient::Window(WindowId::Database));
        let sender = replies.clone();
        let spawned = std::thread::Builder::new()
            .name("database".to_owned())
            .spawn(move || serve(&inbox, &sender));
        if let Err(e) = spawned {
            // Without the thread nothing is answered: the window says why.
            replies.deliver(Reply::Opened(String::new(), Err(WorkerError::Thread(e))));
        }
        Worker {
            requests,
            replies,
            import: None,
        }
    }

    /// Ask the query thread (never waits).
    pub fn ask(&self, request: Request) {
        // A send fails only when the thread has ended, which it does only when this worker is
        // dropped.
        let _ = self.requests.send(request);
    }

    /// An answer of this worker's threads (one of another worker is left).
    pub fn take(&mut self, arrival: Arrival) -> Option<Reply> {
        let reply = arrival.open::<Reply>(Some(self.replies.job()))?;
        if matches!(reply, Reply::ImportDone(_)) {
            self.import = None;
        }
        Some(reply)
    }

    /// Whether an import is running.
    pub fn importing(&self) -> bool {
        self.import.is_some()
    }

    /// Import `paths` into the database at `location` on a thread of its own (with its own
    /// connection). Refused while another import runs.
    pub fn import(&mut self, location: String, paths: Vec<PathBuf>) -> bool {
        if self.import.is_some() {
            return false;
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        let replies = self.replies.clone();
        let spawned = std::thread::Builder::new()
            .name("database import".to_owned())
            .spawn(move || {
                let result = run_import(&location, &paths, &stop, &replies);
                replies.deliver(Reply::ImportDone(result));
            });
        match spawned {
            Ok(_) => {
                self.import = Some(Import { cancel });
                true
            }
            Err(e) => {
                self.replies
                    .deliver(Reply::ImportDone(Err(WorkerError::Thread(e))));
                false
            }
        }
    }

    /// Ask the import to stop after the batch it is writing (what it committed stays).
    pub fn cancel_import(&self) {
        if let Some(import) = &self.import {
            import.cancel.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // The import stops at its next batch; the query thread ends when its channel closes.
        self.cancel_import();
    }
}

fn run_import(
    location: &str,
    paths: &[PathBuf],
    cancel: &AtomicBool,
    replies: &Courier<Reply>,
) -> Answer<ImportReport> {
    let mut db = Database::open(location)?;
    let mut events = |event: ImportEvent| {
        let reply = match event {
            ImportEvent::Progress(p) => Reply::ImportProgress(p),
            other => Reply::ImportError(other),
        };
        replies.deliver(reply);
    };
    Ok(db.import_paths(paths, &ImportOptions::default(), &mut events, cancel)?)
}

/// The query thread: answers requests until the worker is dropped. Of several searches (or
/// trees) waiting, only the last is answered: the others are out of date.
fn serve(inbox: &mpsc::Receiver<Request>, replies: &Courier<Reply>) {
    let mut db: Option<Database> = None;
    while let Ok(first) = inbox.recv() {
        let mut waiting: Vec<Request> = std::iter::once(first).chain(inbox.try_iter()).collect();
        let last_search = waiting
            .iter()
            .rposition(|r| matches!(r, Request::Search(..)));
        let last_tree = waiting.iter().rposition(|r| matches!(r, Request::Tree(_)));
        let mut index = 0;
        waiting.retain(|r| {
            let keep = match r {
                Request::Search(..) => Some(index) == last_search,
                Request::Tree(_) => Some(index) == last_tree,
                _ => true,
            };
            index += 1;
            keep
        });
        for request in waiting {
            if !replies.deliver(answer(&mut db, request)) {
                return;
            }
        }
    }
}

fn answer(db: &mut Option<Database>, request: Request) -> Reply {
    if let Request::Open(location) = request {
        return match Database::open(&location) {
            Ok(opened) => {
                *db = Some(opened);
                Reply::Opened(location, Ok(()))
            }
            Err(e) => {
                *db = None;
                Reply::Opened(location, Err(e.into()))
            }
        };
    }
    let Some(db) = db.as_mut() else {
        return match request {
            Request::Count => Reply::Count(Err(WorkerError::NotOpen)),
            Request::Search(n, _) => Reply::Found(n, Err(WorkerError::NotOpen)),
            Request::Tree(position) => Reply::Tree(position, Err(WorkerError::NotOpen)),
            Request::Game(..) | Request::Open(_) => Reply::Game(Err(WorkerError::NotOpen)),
        };
    };
    match request {
        Request::Count => Reply::Count(db.game_count().map_err(WorkerError::from)),
        Request::Search(n, query) => Reply::Found(n, db.search(&query).map_err(WorkerError::from)),
        Request::Tree(position) => {
            let tree = db.tree(&position).map_err(WorkerError::from);
            Reply::Tree(position, tree)
        }
        Request::Game(id, ply) => Reply::Game(
            db.game(id)
                .map(|game| (game, ply))
                .map_err(WorkerError::from),
        ),
        // Answered above.
        Request::Open(location) => Reply::Opened(location, Ok(())),
    }
}
