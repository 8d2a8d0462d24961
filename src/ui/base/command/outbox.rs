//! The one way into the window's state from outside a frame: panels, windows, workers and the
//! file dialogs send [`Command`]s through one cloneable [`Outbox`], which wakes the window; the
//! app takes them from its [`Inbox`] at the start of the next frame and applies them as it
//! applies the user's. A background job's result comes as a [`Command::Arrived`] carrying an
//! [`Arrival`], addressed to the part that started the job and stamped with the job, so a
//! result of work given up (a worker dropped, a newer search begun) is recognised and left.

use std::any::Any;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

use eframe::egui;

use super::window_id::WindowId;
use super::Command;

/// Who a background result is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipient {
    /// A window of the registry.
    Window(WindowId),
    /// The evaluation graph below the board.
    Graph,
    /// The analysis panel's engine.
    Analysis,
    /// The cloud database's answers, shown by the analysis panel and the opening tree.
    Cloud,
    /// The engines playing on the board (against the user, or a match).
    Computer,
    /// The picture of a board being read for the setup editor.
    Picture,
    /// The system's file chooser the app waits on.
    FileDialog,
    /// Puzzles made from a game's mistakes, added to the personal set.
    Mistakes,
    /// The pieces of a picture kept for the next pictures ([`crate::recognise::TaughtPieces`]).
    Taught,
}

/// One job's stamp: results carry it, and the part that started the job keeps the stamp of
/// the job it still waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JobId(u64);

/// A background job's result on its way to the part that asked for it.
pub struct Arrival {
    to: Recipient,
    job: JobId,
    payload: Box<dyn Any + Send>,
}

impl std::fmt::Debug for Arrival {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Arrival")
            .field("to", &self.to)
            .field("job", &self.job)
            .finish_non_exhaustive()
    }
}

impl Arrival {
    /// Who it is for.
    pub fn to(&self) -> Recipient {
        self.to
    }

    /// The job it comes from.
    pub fn job(&self) -> JobId {
        self.job
    }

    /// The result, if it comes from `job` (the job still waited for) and is a `T`; `None` for
    /// a result of work given up.
    pub fn open<T: 'static>(self, job: Option<JobId>) -> Option<T> {
        if Some(self.job) != job {
            return None;
        }
        self.payload.downcast::<T>().ok().map(|b| *b)
    }
}

/// The sending end: cloned into every thread and widget that has something for the window.
#[derive(Clone)]
pub struct Outbox {
    sender: Sender<Command>,
    wake: egui::Context,
    jobs: Arc<AtomicU64>,
}

/// The app's receiving end.
pub struct Inbox {
    receiver: Receiver<Command>,
}

impl Outbox {
    /// An outbox that wakes `ctx` on every command sent, and the inbox it fills.
    pub fn new(ctx: &egui::Context) -> (Outbox, Inbox) {
        let (sender, receiver) = mpsc::channel();
        let outbox = Outbox {
            sender,
            wake: ctx.clone(),
            jobs: Arc::new(AtomicU64::new(0)),
        };
        (outbox, Inbox { receiver })
    }

    /// Send `command` to the app and wake the window to apply it; false once nobody listens
    /// (the window has closed: the command is dropped).
    pub fn send(&self, command: impl Into<Command>) -> bool {
        self.send_within(command.into(), Duration::ZERO)
    }

    /// Send `command`, waking the window within `within` (at once for zero).
    fn send_within(&self, command: Command, within: Duration) -> bool {
        let sent = self.sender.send(command).is_ok();
        if sent {
            self.wake.request_repaint_after(within);
        }
        sent
    }

    /// A courier for a new job whose results (`T`) are for `to`.
    pub fn courier<T: Send + 'static>(&self, to: Recipient) -> Courier<T> {
        Courier {
            outbox: self.clone(),
            to,
            job: JobId(self.jobs.fetch_add(1, Ordering::Relaxed)),
            within: Duration::ZERO,
            kind: PhantomData,
        }
    }
}

impl Inbox {
    /// The commands sent since the last call, in the order sent, without waiting.
    pub fn take(&self) -> Vec<Command> {
        self.receiver.try_iter().collect()
    }
}

/// One job's way to send its results (`T`) to the part that started it (cloned for each
/// thread of the job).
pub struct Courier<T> {
    outbox: Outbox,
    to: Recipient,
    job: JobId,
    /// How soon the window is woken for a result (an engine's stream of reports need not
    /// wake it more often than the eye follows).
    within: Duration,
    kind: PhantomData<fn(T)>,
}

impl<T> Clone for Courier<T> {
    fn clone(&self) -> Courier<T> {
        Courier {
            outbox: self.outbox.clone(),
            to: self.to,
            job: self.job,
            within: self.within,
            kind: PhantomData,
        }
    }
}

impl<T: Send + 'static> Courier<T> {
    /// The same courier, waking the window within `within` of a result rather than at once.
    pub fn waking_within(self, within: Duration) -> Courier<T> {
        Courier { within, ..self }
    }

    /// The job's stamp, kept by the part that waits for its results.
    pub fn job(&self) -> JobId {
        self.job
    }

    /// Send one result; false once nobody listens (the window has closed).
    pub fn deliver(&self, result: T) -> bool {
        let arrival = Arrival {
            to: self.to,
            job: self.job,
            payload: Box::new(result),
        };
        self.outbox
            .send_within(Command::Arrived(arrival), self.within)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_reaches_its_job_only_and_in_order() {
        let (outbox, inbox) = Outbox::new(&egui::Context::default());
        let old = outbox.courier::<u32>(Recipient::Graph);
        let new = outbox.courier::<u32>(Recipient::Graph);
        std::thread::scope(|s| {
            s.spawn(|| {
                old.deliver(1);
                new.deliver(2);
                new.deliver(3);
            });
        });
        let opened: Vec<Option<u32>> = inbox
            .take()
            .into_iter()
            .map(|c| match c {
                Command::Arrived(a) => a.open::<u32>(Some(new.job())),
                _ => None,
            })
            .collect();
        assert_eq!(opened, [None, Some(2), Some(3)]);
        assert!(inbox.take().is_empty());
    }

    #[test]
    fn a_result_of_another_type_is_not_opened() {
        let (outbox, inbox) = Outbox::new(&egui::Context::default());
        let courier = outbox.courier::<String>(Recipient::Picture);
        courier.deliver("read".to_owned());
        let Some(Command::Arrived(arrival)) = inbox.take().pop() else {
            panic!("an arrival");
        };
        assert_eq!(arrival.to(), Recipient::Picture);
        assert_eq!(arrival.open::<u32>(Some(courier.job())), None);
    }
}
