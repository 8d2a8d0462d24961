//! A game review in the background: engines on a thread of their own, one per core
//! ([`EnginePool`]), search every position of the main line ([`analyse_line`]), reporting the
//! progress position by position, until the reviews are done or the work is cancelled. The
//! window never waits on it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;

use crate::engine_client::{analyse_line, AnalysisSettings, EngineConfig, EnginePool, MoveReview};
use crate::referee::RuleSet;
use crate::rules::{Move, Position};

/// What the review reports.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewEvent {
    /// The engine runs: its name.
    Started(String),
    /// Positions searched so far, of how many.
    Progress(usize, usize),
    /// Every move reviewed.
    Done(Vec<MoveReview>),
    /// The engine failed: why, in its own words. The work has ended.
    Failed(String),
}

/// What to review.
#[derive(Clone, Debug)]
pub struct ReviewJob {
    /// The engine.
    pub engine: EngineConfig,
    /// The rule set the game is judged by (sent when the engine offers `Rules`).
    pub rules: RuleSet,
    /// The line's start position.
    pub start: Position,
    /// Its moves.
    pub moves: Vec<Move>,
    /// The search of each position and the marks' thresholds.
    pub settings: AnalysisSettings,
}

/// A running review. Dropping it cancels the work: the thread ends after the position it is
/// searching (the engine process with it), and its messages are no longer read.
pub struct ReviewWorker {
    cancel: Arc<AtomicBool>,
    events: Receiver<ReviewEvent>,
}

impl ReviewWorker {
    /// Start the work of `job` on a new thread.
    pub fn spawn(job: ReviewJob) -> ReviewWorker {
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, events) = mpsc::channel();
        let flag = Arc::clone(&cancel);
        let spawned = std::thread::Builder::new()
            .name("game review".to_owned())
            .spawn(move || run(&job, &flag, &tx));
        if let Err(e) = spawned {
            // No thread: the failure is said through the channel as any other would be.
            let (tx, rx) = mpsc::channel();
            let _ = tx.send(ReviewEvent::Failed(e.to_string()));
            return ReviewWorker { cancel, events: rx };
        }
        ReviewWorker { cancel, events }
    }

    /// Every message that has arrived, without waiting.
    pub fn poll(&self) -> Vec<ReviewEvent> {
        self.events.try_iter().collect()
    }
}

impl Drop for ReviewWorker {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

fn run(job: &ReviewJob, cancel: &AtomicBool, events: &Sender<ReviewEvent>) {
    let fail = |why: String| {
        let _ = events.send(ReviewEvent::Failed(why));
    };
    let mut engines = match EnginePool::start(&job.engine, EnginePool::per_core()) {
        Ok(engines) => engines,
        Err(e) => return fail(e.to_string()),
    };
    for (name, value) in [("Rules", job.rules.name()), ("UCI_AnalyseMode", "true")] {
        if let Err(e) = engines.set_offered(name, value) {
            return fail(e.to_string());
        }
    }
    if events.send(ReviewEvent::Started(engines.label())).is_err() {
        return;
    }
    let mut progress = |done: usize, total: usize| {
        let _ = events.send(ReviewEvent::Progress(done, total));
    };
    match analyse_line(
        &mut engines,
        &job.start,
        &job.moves,
        &job.settings,
        &mut progress,
        cancel,
    ) {
        Ok(Some(reviews)) => {
            let _ = events.send(ReviewEvent::Done(reviews));
        }
        Ok(None) => {}
        Err(e) => fail(e.to_string()),
    }
}
