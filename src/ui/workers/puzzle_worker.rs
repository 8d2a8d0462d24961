//! Puzzle work in the background: a set read from a file, a folder or the game database, or a
//! move other than the solution's judged by the built-in engine (a search of limited depth and
//! nodes, [`judge`]). One job per thread; the window never waits on it, and dropping the worker
//! stops the search.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;

use crate::database::Database;
use crate::engine::{Control, Engine, Options};
use crate::puzzles::{judge, puzzles_from_database, read_puzzle_set, PuzzleSet, Trial, Verdict};
use crate::referee::RuleSet;

/// Where a set is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleSource {
    /// A record file or a folder of them.
    Path(PathBuf),
    /// Games of the game database at `location` (its ids, in order).
    Database {
        /// The database's place.
        location: String,
        /// The games.
        ids: Vec<i64>,
    },
}

/// What a job answers.
#[derive(Debug)]
pub enum PuzzleAnswer {
    /// The set read, or why not.
    Set(Result<PuzzleSet, String>),
    /// The verdict on a move (`None`: stopped first).
    Verdict(Option<Verdict>),
}

/// A job under way.
pub struct PuzzleWorker {
    control: Arc<Control>,
    answer: Receiver<PuzzleAnswer>,
}

impl PuzzleWorker {
    fn spawn(name: &str, work: impl FnOnce(&Control) -> PuzzleAnswer + Send + 'static) -> Self {
        let control = Arc::new(Control::new(false));
        let (tx, answer) = mpsc::channel();
        let shared = Arc::clone(&control);
        let spawned = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                let _ = tx.send(work(&shared));
            });
        if let Err(e) = spawned {
            // No thread: the failure is said through the channel as any other answer.
            let (tx, rx) = mpsc::channel();
            let _ = tx.send(PuzzleAnswer::Set(Err(e.to_string())));
            return PuzzleWorker {
                control,
                answer: rx,
            };
        }
        PuzzleWorker { control, answer }
    }

    /// Read the set of `source`.
    pub fn load(source: PuzzleSource) -> PuzzleWorker {
        PuzzleWorker::spawn("puzzle set", move |_| {
            PuzzleAnswer::Set(match source {
                PuzzleSource::Path(path) => read_puzzle_set(&path).map_err(|e| e.to_string()),
                PuzzleSource::Database { location, ids } => Database::open_existing(&location)
                    .map_err(|e| e.to_string())
                    .and_then(|mut db| {
                        puzzles_from_database(&mut db, &location, &ids).map_err(|e| e.to_string())
                    }),
            })
        })
    }

    /// Judge `trial` by the built-in engine under `rules`.
    pub fn judge(trial: Trial, rules: RuleSet) -> PuzzleWorker {
        PuzzleWorker::spawn("puzzle judge", move |control| {
            let mut engine = Engine::new(Options {
                rules,
                ..Options::default()
            });
            PuzzleAnswer::Verdict(judge(&mut engine, &trial, control))
        })
    }

    /// The answer, once it has come (without waiting).
    pub fn poll(&self) -> Option<PuzzleAnswer> {
        self.answer.try_recv().ok()
    }
}

impl Drop for PuzzleWorker {
    fn drop(&mut self) {
        self.control.stop();
    }
}
