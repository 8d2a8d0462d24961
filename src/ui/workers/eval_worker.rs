//! The evaluation graph's background analysis: an engine on a thread of its own scores the
//! positions of one line, one message per position, until the line is done or the work is
//! cancelled. The window never waits on it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;

use crate::engine_client::{evaluate_position, EngineConfig, ExternalEngine, Limit, RedScore};
use crate::referee::RuleSet;
use crate::rules::{Move, Position};

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
/// searching (the engine process with it), and its messages are no longer read.
pub struct EvalWorker {
    cancel: Arc<AtomicBool>,
    events: Receiver<WorkerEvent>,
}

impl EvalWorker {
    /// Start the work of `job` on a new thread.
    pub fn spawn(job: Job) -> EvalWorker {
        let cancel = Arc::new(AtomicBool::new(false));
        let (tx, events) = mpsc::channel();
        let flag = Arc::clone(&cancel);
        let spawned = std::thread::Builder::new()
            .name("evaluation graph".to_owned())
            .spawn(move || run(&job, &flag, &tx));
        if let Err(e) = spawned {
            // No thread: the failure is said through the channel as any other would be.
            let (tx, rx) = mpsc::channel();
            let _ = tx.send(WorkerEvent::Failed(e.to_string()));
            return EvalWorker { cancel, events: rx };
        }
        EvalWorker { cancel, events }
    }

    /// Every message that has arrived, without waiting.
    pub fn poll(&self) -> Vec<WorkerEvent> {
        self.events.try_iter().collect()
    }
}

impl Drop for EvalWorker {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

fn run(job: &Job, cancel: &AtomicBool, events: &Sender<WorkerEvent>) {
    let mut engine = match ExternalEngine::start(&job.engine) {
        Ok(engine) => engine,
        Err(e) => {
            let _ = events.send(WorkerEvent::Failed(e.to_string()));
            return;
        }
    };
    if engine.option("Rules").is_some() {
        if let Err(e) = engine.set_option("Rules", job.rules.name()) {
            let _ = events.send(WorkerEvent::Failed(e.to_string()));
            return;
        }
    }
    if events.send(WorkerEvent::Started(engine.label())).is_err() {
        return;
    }
    for &ply in &job.plies {
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        let moves = &job.moves[..ply.min(job.moves.len())];
        let event = match evaluate_position(&mut engine, &job.start, moves, job.limit) {
            Ok(score) => WorkerEvent::Scored(ply, score),
            Err(e) => {
                let _ = events.send(WorkerEvent::Failed(e.to_string()));
                return;
            }
        };
        if events.send(event).is_err() {
            return;
        }
    }
    let _ = events.send(WorkerEvent::Done);
}
