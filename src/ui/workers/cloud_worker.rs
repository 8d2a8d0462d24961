//! The cloud database's queries on a thread of their own: the window asks about a line (the
//! game up to the position shown) for the cloud's moves, or for one move to play (the cloud as
//! an opening book), and goes on drawing; the answer comes back through the outbox. Only the newest question counts: those that waited behind it are never sent, and
//! the answer to one given up is left unread (its job is no longer waited for). The cache file
//! is opened on the thread too, so the window never waits on the disk or the network.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};

use crate::cloud::{
    BadServer, BestMove, ChessDb, ClientSettings, Cloud, CloudCache, CloudError, Fetched, Line,
    ShownMove,
};
use crate::lang::IoReason;

use crate::ui::base::command::outbox::{Courier, JobId, Outbox, Recipient};

/// Why the cloud's moves did not come.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CloudTrouble {
    /// The cloud gave no answer (no network, an unknown position, a refusal, …).
    #[error(transparent)]
    Cloud(#[from] CloudError),
    /// The server setting is not an address the client can ask.
    #[error(transparent)]
    BadServer(#[from] BadServer),
    /// No thread could be started for the queries (the system is short of resources).
    #[error("no thread could be started for the cloud's queries: {0}")]
    NoThread(String),
}

/// The cloud's moves in the position asked about, best first, with where they came from.
pub type CloudAnswer = Result<Fetched<Vec<ShownMove>>, CloudTrouble>;

/// The cloud's one move to play in the position asked about (`querybest`).
pub type BookAnswer = Result<Fetched<BestMove>, CloudTrouble>;

/// What is asked, and the courier its answer goes back by.
enum Question {
    /// Every move the cloud knows.
    Moves(Courier<CloudAnswer>),
    /// One move to play.
    Best(Courier<BookAnswer>),
}

/// One question: the line, and what is asked about its last position.
struct Asked {
    line: Line,
    question: Question,
}

/// The thread asking the cloud. Dropping it ends the thread once the query under way (if any)
/// is answered.
pub struct CloudWorker {
    requests: Sender<Asked>,
    outbox: Outbox,
    /// Who the answers are for.
    to: Recipient,
    /// Why the thread could not start, told to every question.
    failed: Option<CloudTrouble>,
}

impl CloudWorker {
    /// Start asking the server of `client` (turned on: the user agreed), keeping its answers in
    /// the cache file at `cache` (in memory when `None`); answers go through `outbox` to `to`.
    pub fn start(
        outbox: &Outbox,
        to: Recipient,
        client: ClientSettings,
        cache: Option<PathBuf>,
    ) -> CloudWorker {
        let (requests, received) = mpsc::channel::<Asked>();
        let failed = match ChessDb::new(client) {
            Err(bad) => Some(CloudTrouble::BadServer(bad)),
            Ok(book) => std::thread::Builder::new()
                .name("cloud database".to_owned())
                .spawn(move || serve(book, cache, &received))
                .err()
                .map(|e| CloudTrouble::NoThread(IoReason::of(&e).to_string())),
        };
        CloudWorker {
            requests,
            outbox: outbox.clone(),
            to,
            failed,
        }
    }

    /// Ask for the cloud's moves in the line's last position; the stamp its answer carries.
    /// A question asked before it and not yet sent is given up.
    pub fn ask(&self, line: Line) -> JobId {
        let courier = self.outbox.courier::<CloudAnswer>(self.to);
        let job = courier.job();
        self.send(line, Question::Moves(courier));
        job
    }

    /// Ask for one move to play in the line's last position (the moves the game's rules forbid
    /// there banned); the stamp its answer carries.
    pub fn ask_best(&self, line: Line) -> JobId {
        let courier = self.outbox.courier::<BookAnswer>(self.to);
        let job = courier.job();
        self.send(line, Question::Best(courier));
        job
    }

    /// Hand the question to the thread, or answer it at once when there is none.
    fn send(&self, line: Line, question: Question) {
        let trouble = match &self.failed {
            Some(trouble) => trouble.clone(),
            None => match self.requests.send(Asked { line, question }) {
                Ok(()) => return,
                // The thread is gone (it ends only when the window has closed).
                Err(mpsc::SendError(asked)) => {
                    return asked.question.fail(CloudTrouble::NoThread(
                        "the cloud's thread has ended".to_owned(),
                    ));
                }
            },
        };
        question.fail(trouble);
    }
}

impl Question {
    /// Answer the question with `trouble`.
    fn fail(self, trouble: CloudTrouble) {
        match self {
            Question::Moves(courier) => courier.deliver(Err(trouble)),
            Question::Best(courier) => courier.deliver(Err(trouble)),
        };
    }

    /// Ask `cloud`, and send the answer back; false once nobody listens.
    fn answer(self, cloud: &Cloud, line: &Line) -> bool {
        match self {
            Question::Moves(courier) => courier.deliver(cloud.moves(line).map_err(From::from)),
            Question::Best(courier) => courier.deliver(cloud.best(line).map_err(From::from)),
        }
    }
}

/// The cloud `book`, turned on (the user agreed), keeping its answers in the cache file at
/// `cache` (in memory when `None`). It opens the file: call it on a worker thread.
pub fn open_cloud(book: ChessDb, cache: Option<PathBuf>) -> Cloud {
    // A cache that cannot be opened leaves the cloud without one: the answers still come.
    let cache = match cache {
        Some(path) => CloudCache::open(&path),
        None => CloudCache::in_memory(),
    };
    let mut cloud = Cloud::new(Box::new(book));
    if let Ok(cache) = cache {
        cloud = cloud.with_cache(cache);
    }
    cloud.enable(true);
    cloud
}

/// The thread: open the cache, then answer the newest question waiting, until the window drops
/// its end.
fn serve(book: ChessDb, cache: Option<PathBuf>, received: &Receiver<Asked>) {
    let cloud = open_cloud(book, cache);
    while let Ok(mut asked) = received.recv() {
        // Only the newest question counts: the board has moved on from the others.
        while let Ok(newer) = received.try_recv() {
            asked = newer;
        }
        if !asked.question.answer(&cloud, &asked.line) {
            return;
        }
    }
}
