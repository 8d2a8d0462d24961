//! A game review in the background: engines on a thread of their own, one per core
//! ([`EnginePool`]), search every position of the main line ([`analyse_line`]), reporting the
//! progress position by position, until the reviews are done or the work is cancelled. The
//! window never waits on it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::engine_client::{analyse_line, AnalysisSettings, EngineConfig, EnginePool, MoveReview};
use crate::lang::IoReason;
use crate::referee::RuleSet;
use crate::rules::{Move, Position};

use crate::ui::base::command::outbox::{Courier, JobId, Outbox, Recipient};
use crate::ui::base::command::window_id::WindowId;

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
/// searching (the engine process with it), and its messages are left unread.
pub struct ReviewWorker {
    cancel: Arc<AtomicBool>,
    job: JobId,
}

impl ReviewWorker {
    /// Start the work of `job` on a new thread; its messages are sent through `outbox`.
    pub fn spawn(outbox: &Outbox, job: ReviewJob) -> ReviewWorker {
        let cancel = Arc::new(AtomicBool::new(false));
        let courier = outbox.courier::<ReviewEvent>(Recipient::Window(WindowId::Review));
        let stamp = courier.job();
        let flag = Arc::clone(&cancel);
        let sender = courier.clone();
        let spawned = std::thread::Builder::new()
            .name("game review".to_owned())
            .spawn(move || run(&job, &flag, &sender));
        if let Err(e) = spawned {
            // No thread: the failure is said through the outbox as any other would be.
            courier.deliver(ReviewEvent::Failed(IoReason::of(&e).to_string()));
        }
        ReviewWorker { cancel, job: stamp }
    }

    /// The job's stamp: its messages carry it.
    pub fn job(&self) -> JobId {
        self.job
    }
}

impl Drop for ReviewWorker {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

fn run(job: &ReviewJob, cancel: &AtomicBool, events: &Courier<ReviewEvent>) {
    let fail = |why: String| {
        events.deliver(ReviewEvent::Failed(why));
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
    events.deliver(ReviewEvent::Started(engines.label()));
    let mut progress = |done: usize, total: usize| {
        events.deliver(ReviewEvent::Progress(done, total));
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
            events.deliver(ReviewEvent::Done(reviews));
        }
        Ok(None) => {}
        Err(e) => fail(e.to_string()),
    }
}
