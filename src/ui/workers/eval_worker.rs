//! The evaluation graph's background analysis: an engine on a thread of its own scores the
//! positions of one line, one message per position, until the line is done or the work is
//! cancelled. The window never waits on it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::engine_client::{evaluate_position, EngineConfig, ExternalEngine, Limit, RedScore};
use crate::lang::IoReason;
use crate::referee::RuleSet;
use crate::rules::{Move, Position};

use crate::ui::base::command::outbox::{Courier, JobId, Outbox, Recipient};

/// What the analysis reports.
#[derive(Clone, Debug, PartialEq)]
pub enum WorkerEvent {
    /// The engine runs: its name.
    Started(String),
    /// The position after this many moves of the line, scored from Red's side.
    Scored(usize, RedScore),
    /// The engine failed: why, in its own words. The work has ended.
    Failed(String),
    /// Every position asked for is scored.
    Done,
}

/// What to analyse: the line, the positions of it wanted, and how long each is searched.
#[derive(Clone, Debug)]
pub struct Job {
    /// The engine.
    pub engine: EngineConfig,
    /// The rule set the game is judged by (sent when the engine offers `Rules`).
    pub rules: RuleSet,
    /// The line's start position.
    pub start: Position,
    /// Its moves.
    pub moves: Vec<Move>,
    /// The positions wanted, by the number of moves played to reach them.
    pub plies: Vec<usize>,
    /// The search of each position.
    pub limit: Limit,
}

/// A running analysis. Dropping it cancels the work: the thread ends after the position it is
/// searching (the engine process with it), and its messages are left unread.
pub struct EvalWorker {
    cancel: Arc<AtomicBool>,
    job: JobId,
}

impl EvalWorker {
    /// Start the work of `job` on a new thread; its messages are sent through `outbox`.
    pub fn spawn(outbox: &Outbox, job: Job) -> EvalWorker {
        let cancel = Arc::new(AtomicBool::new(false));
        let courier = outbox.courier::<WorkerEvent>(Recipient::Graph);
        let stamp = courier.job();
        let flag = Arc::clone(&cancel);
        let sender = courier.clone();
        let spawned = std::thread::Builder::new()
            .name("evaluation graph".to_owned())
            .spawn(move || run(&job, &flag, &sender));
        if let Err(e) = spawned {
            // No thread: the failure is said through the outbox as any other would be.
            courier.deliver(WorkerEvent::Failed(IoReason::of(&e).to_string()));
        }
        EvalWorker { cancel, job: stamp }
    }

    /// The job's stamp: its messages carry it.
    pub fn job(&self) -> JobId {
        self.job
    }
}

impl Drop for EvalWorker {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

fn run(job: &Job, cancel: &AtomicBool, events: &Courier<WorkerEvent>) {
    let mut engine = match ExternalEngine::start(&job.engine) {
        Ok(engine) => engine,
        Err(e) => {
            events.deliver(WorkerEvent::Failed(e.to_string()));
            return;
        }
    };
    if engine.option("Rules").is_some() {
        if let Err(e) = engine.set_option("Rules", job.rules.name()) {
            events.deliver(WorkerEvent::Failed(e.to_string()));
            return;
        }
    }
    events.deliver(WorkerEvent::Started(engine.label()));
    for &ply in &job.plies {
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        let moves = &job.moves[..ply.min(job.moves.len())];
        let event = match evaluate_position(&mut engine, &job.start, moves, job.limit) {
            Ok(score) => WorkerEvent::Scored(ply, score),
            Err(e) => {
                events.deliver(WorkerEvent::Failed(e.to_string()));
                return;
            }
        };
        events.deliver(event);
    }
    events.deliver(WorkerEvent::Done);
}
