//! Puzzle work in the background: a set read from a file, a folder or the game database, or a
//! move other than the solution's judged by the built-in engine (a search of limited depth and
//! nodes, [`judge`]). One job per thread; the answer comes through the outbox, the window never
//! waits on it, and dropping the worker stops the search.

use std::path::PathBuf;
use std::sync::Arc;

use crate::database::Database;
use crate::engine::{Control, Engine, Options};
use crate::lang::IoReason;
use crate::puzzles::{judge, puzzles_from_database, read_puzzle_set, PuzzleSet, Trial, Verdict};
use crate::referee::RuleSet;

use crate::ui::base::command::outbox::{JobId, Outbox, Recipient};
use crate::ui::base::command::window_id::WindowId;

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

/// A job under way; its answer comes to the trainer through the outbox.
pub struct PuzzleWorker {
    control: Arc<Control>,
    job: JobId,
}

impl PuzzleWorker {
    fn spawn(
        outbox: &Outbox,
        name: &str,
        work: impl FnOnce(&Control) -> PuzzleAnswer + Send + 'static,
    ) -> Self {
        let control = Arc::new(Control::new(false));
        let courier = outbox.courier::<PuzzleAnswer>(Recipient::Window(WindowId::Puzzles));
        let job = courier.job();
        let shared = Arc::clone(&control);
        let sender = courier.clone();
        let spawned = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || sender.deliver(work(&shared)));
        if let Err(e) = spawned {
            // No thread: the failure is said through the outbox as any other answer.
            courier.deliver(PuzzleAnswer::Set(Err(IoReason::of(&e).to_string())));
        }
        PuzzleWorker { control, job }
    }

    /// The job's stamp: its answer carries it.
    pub fn job(&self) -> JobId {
        self.job
    }

    /// Read the set of `source`.
    pub fn load(outbox: &Outbox, source: PuzzleSource) -> PuzzleWorker {
        PuzzleWorker::spawn(outbox, "puzzle set", move |_| {
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
    pub fn judge(outbox: &Outbox, trial: Trial, rules: RuleSet) -> PuzzleWorker {
        PuzzleWorker::spawn(outbox, "puzzle judge", move |control| {
            let mut engine = Engine::new(Options {
                rules,
                ..Options::default()
            });
            PuzzleAnswer::Verdict(judge(&mut engine, &trial, control))
        })
    }
}

impl Drop for PuzzleWorker {
    fn drop(&mut self) {
        self.control.stop();
    }
}
