//! The pieces of a board read from a picture, as the user set it right and started from it,
//! kept in the taught pieces ([`TaughtPieces`]) in the background: the file is read, taught and
//! written whole, atomically, so that the next picture in the same set of pieces is read as the
//! user set this one. A file that does not read is left as it is. Jobs that overlap write the
//! file one after the other.

use std::path::PathBuf;
use std::sync::Mutex;

use crate::lang::{IoReason, Language};
use crate::recognise::{Lesson, TaughtError, TaughtPieces};

use crate::ui::base::command::outbox::{JobId, Outbox, Recipient};

/// Held while the file is read and written, so that two jobs never write over each other's
/// pieces.
static TAUGHT_FILE: Mutex<()> = Mutex::new(());

/// What a job answers: how many drawings were new and how many are kept.
pub type TeachAnswer = Result<(usize, usize), TeachError>;

/// Why the pieces were not kept.
#[derive(Debug, thiserror::Error)]
pub enum TeachError {
    /// The file could not be read or written.
    #[error(transparent)]
    Taught(#[from] TaughtError),
    /// No thread could be started.
    #[error("no thread could be started: {0}")]
    Thread(IoReason),
}

impl TeachError {
    /// Why, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        format!(
            "{} ({self})",
            lang.pick(
                "The pieces of this picture could not be kept for the next pictures",
                "无法记住这张图片的棋子以供下次识别",
                "無法記住這張圖片的棋子以供下次辨識",
            )
        )
    }
}

/// Teach `lesson` to the file at `path` on a new thread; the answer goes through `outbox`,
/// stamped with the job returned.
pub fn start(outbox: &Outbox, path: PathBuf, lesson: Lesson) -> JobId {
    let courier = outbox.courier::<TeachAnswer>(Recipient::Taught);
    let job = courier.job();
    let sender = courier.clone();
    let spawned = std::thread::Builder::new()
        .name("taught pieces".to_owned())
        .spawn(move || sender.deliver(teach(&path, &lesson)));
    if let Err(e) = spawned {
        courier.deliver(Err(TeachError::Thread(IoReason::of(&e))));
    }
    job
}

/// Read the file, teach the lesson and write it back.
fn teach(path: &std::path::Path, lesson: &Lesson) -> TeachAnswer {
    // a job that panicked while holding the lock wrote nothing half-way (the write is atomic)
    let _held = TAUGHT_FILE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut taught = TaughtPieces::load(path)?;
    let new = taught.learn(lesson);
    taught.save(path)?;
    Ok((new, taught.len()))
}
