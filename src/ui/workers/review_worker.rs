//! A game review in the background: engines on a thread of their own, one per core
//! ([`EnginePool`]), search every position of the main line ([`analyse_line_scored`]),
//! reporting the progress position by position, until the reviews are done or the work is
//! cancelled. When the user chose it, the cloud database is asked about each position first,
//! and a position it scores is left to its score (with the cloud's principal line where a move
//! other than its best was played); once the network fails or the cloud declines, the engines
//! score the rest. The window never waits on it.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::cloud::{ChessDb, ClientSettings, Line};
use crate::engine_client::{
    analyse_line_scored, AnalysisSettings, EngineConfig, EnginePool, Lines, MoveReview,
};
use crate::lang::IoReason;
use crate::referee::RuleSet;
use crate::rules::{Move, Position, Status};

use crate::ui::base::command::outbox::{Courier, JobId, Outbox, Recipient};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::review_sources::{CloudGap, ScoreSources};
use crate::ui::workers::cloud_scores;
use crate::ui::workers::cloud_worker::open_cloud;

/// What the review reports.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewEvent {
    /// The engine runs: its name.
    Started(String),
    /// Positions searched so far, of how many.
    Progress(usize, usize),
    /// Every move reviewed, and how many positions each source scored.
    Done(Vec<MoveReview>, ScoreSources),
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
    /// The cloud database to ask first, when the user chose it (and agreed to the cloud).
    pub cloud: Option<CloudReview>,
}

/// The cloud database a review asks: its server and where its answers are kept.
#[derive(Clone, Debug)]
pub struct CloudReview {
    /// How the cloud is reached.
    pub client: ClientSettings,
    /// The cache file (in memory when `None`).
    pub cache: Option<PathBuf>,
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
    let positions = line_positions(&job.start, &job.moves);
    let asked = match &job.cloud {
        Some(cloud) => match ask_cloud(cloud, job, &positions, cancel, &mut progress) {
            Some(asked) => Some(asked),
            None => return,
        },
        None => None,
    };
    let scored = asked.as_ref().map_or(&[][..], |a| &a.lines[..]);
    let sources = ScoreSources {
        cloud: asked.as_ref().map(|a| a.lines.iter().flatten().count()),
        engine: positions
            .iter()
            .enumerate()
            .filter(|&(i, p)| {
                p.status() == Status::Ongoing && scored.get(i).is_none_or(Option::is_none)
            })
            .count(),
        gap: asked.as_ref().and_then(|a| a.gap),
    };
    match analyse_line_scored(
        &mut engines,
        &job.start,
        &job.moves,
        scored,
        &job.settings,
        &mut progress,
        cancel,
    ) {
        Ok(Some(reviews)) => {
            events.deliver(ReviewEvent::Done(reviews, sources));
        }
        Ok(None) => {}
        Err(e) => fail(e.to_string()),
    }
}

/// The positions of the line, from the start, as far as its moves are legal (the review says
/// which is not).
fn line_positions(start: &Position, moves: &[Move]) -> Vec<Position> {
    let mut positions = vec![start.clone()];
    for &mv in moves {
        let Some(next) = positions.last().and_then(|p| p.play(mv).ok()) else {
            break;
        };
        positions.push(next);
    }
    positions
}

/// What the cloud scored.
struct CloudAsked {
    /// The lines of each position it scored, by ply.
    lines: Vec<Option<Lines>>,
    /// Why it stopped answering, when it did.
    gap: Option<CloudGap>,
}

/// Ask the cloud about each ongoing position of the line, in order, until the network fails or
/// the cloud declines (a position it does not know is left to the engine); `progress` counts the
/// positions settled (scored by the cloud, or finished). `None` once cancelled.
fn ask_cloud(
    asked: &CloudReview,
    job: &ReviewJob,
    positions: &[Position],
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Option<CloudAsked> {
    let mut lines = vec![None; positions.len()];
    let cloud = match ChessDb::new(asked.client.clone()) {
        Ok(book) => open_cloud(book, asked.cache.clone()),
        // Not an address the client can ask: nothing can reach it.
        Err(_) => {
            return Some(CloudAsked {
                lines,
                gap: Some(CloudGap::Offline),
            })
        }
    };
    let total = job.moves.len() + 1;
    let mut settled = 0;
    for (ply, position) in positions.iter().enumerate() {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        if position.status() != Status::Ongoing {
            settled += 1;
            continue;
        }
        let Ok(line) = Line::new(job.start.clone(), job.moves[..ply].to_vec(), job.rules) else {
            break;
        };
        match cloud.moves(&line) {
            Ok(fetched) => {
                lines[ply] = cloud_scores::lines(&fetched.value, None);
                let best = lines[ply].as_ref().and_then(Lines::best_exact);
                let best = best.and_then(|best| best.pv.first().copied());
                // A move other than the best played: the review shows the best line, which
                // the cloud gives whole in one more query (a failure keeps its first move).
                if best.is_some() && best != job.moves.get(ply).copied() {
                    if let Ok(principal) = cloud.pv(&line) {
                        let principal = Some(&principal.value.moves[..]);
                        lines[ply] = cloud_scores::lines(&fetched.value, principal);
                    }
                }
                if lines[ply].is_some() {
                    settled += 1;
                    progress(settled, total);
                }
            }
            Err(e) => {
                if let Some(gap) = CloudGap::of(&e) {
                    return Some(CloudAsked {
                        lines,
                        gap: Some(gap),
                    });
                }
            }
        }
    }
    Some(CloudAsked { lines, gap: None })
}
