//! The pieces of a board read from a picture, as the user set it right and started from it,
//! kept in the taught pieces ([`TaughtPieces`]) in the background: the file is read, taught and
//! written whole, atomically, so that the next picture in the same set of pieces is read as the
//! user set this one. A file that does not read is left as it is, until the user asks to forget
//! every piece taught (the file is then removed). Jobs that overlap use the file one after the
//! other.

use std::path::PathBuf;
use std::sync::Mutex;

use crate::lang::{IoReason, Language};
use crate::recognise::{Lesson, TaughtError, TaughtPieces};

use crate::ui::base::command::outbox::{JobId, Outbox, Recipient};

/// Held while the file is read and written, so that two jobs never write over each other's
/// pieces.
static TAUGHT_FILE: Mutex<()> = Mutex::new(());

/// What a job does.
#[derive(Clone, Debug, PartialEq)]
pub enum TeachTask {
    /// Keep the pieces of this board.
    Learn(Box<Lesson>),
    /// Forget every piece taught (the file goes).
    Forget,
}

/// What a job did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taught {
    /// The board's pieces are kept: how many drawings were new, and how many are kept.
    Learned {
        /// Drawings new to the file.
        new: usize,
        /// Drawings in it now.
        kept: usize,
    },
    /// Every piece taught is forgotten.
    Forgotten,
}

/// What a job answers.
pub type TeachAnswer = Result<Taught, TeachError>;

/// Why the pieces were not kept, or not forgotten.
#[derive(Debug, thiserror::Error)]
pub enum TeachError {
    /// The file could not be read or written.
    #[error(transparent)]
    Taught(#[from] TaughtError),
    /// The file could not be removed.
    #[error("the taught pieces could not be removed: {0}")]
    Forget(IoReason),
    /// No thread could be started.
    #[error("no thread could be started: {0}")]
    Thread(IoReason),
}

impl TeachError {
    /// Why, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        let lead = match self {
            TeachError::Forget(_) => lang.pick(
                "The pieces taught could not be forgotten",
                "无法忘掉教会的棋子",
                "無法忘掉教會的棋子",
            ),
            _ => lang.pick(
                "The pieces of this picture could not be kept for the next pictures",
                "无法记住这张图片的棋子以供下次识别",
                "無法記住這張圖片的棋子以供下次辨識",
            ),
        };
        format!("{lead} ({self})")
    }
}

/// Do `task` to the file at `path` on a new thread; the answer goes through `outbox`, stamped
/// with the job returned.
pub fn start(outbox: &Outbox, path: PathBuf, task: TeachTask) -> JobId {
    let courier = outbox.courier::<TeachAnswer>(Recipient::Taught);
    let job = courier.job();
    let sender = courier.clone();
    let spawned = std::thread::Builder::new()
        .name("taught pieces".to_owned())
        .spawn(move || sender.deliver(run(&path, &task)));
    if let Err(e) = spawned {
        courier.deliver(Err(TeachError::Thread(IoReason::of(&e))));
    }
    job
}

/// Read the file, teach the lesson and write it back; or remove the file.
fn run(path: &std::path::Path, task: &TeachTask) -> TeachAnswer {
    // a job that panicked while holding the lock wrote nothing half-way (the write is atomic)
    let _held = TAUGHT_FILE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match task {
        TeachTask::Learn(lesson) => {
            let mut taught = TaughtPieces::load(path)?;
            let new = taught.learn(lesson);
            taught.save(path)?;
            Ok(Taught::Learned {
                new,
                kept: taught.len(),
            })
        }
        TeachTask::Forget => match std::fs::remove_file(path) {
            Ok(()) => Ok(Taught::Forgotten),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Taught::Forgotten),
            Err(e) => Err(TeachError::Forget(IoReason::of(&e))),
        },
    }
}
