//! The event file's own thread: every change is read, checked and written there, so the window
//! never waits for the disk (a pairing of hundreds of players, a synchronous SQLite commit).
//! The window sends [`Job`]s and reads [`Reply`]s at each frame; the thread asks for a frame
//! when a reply is ready.

use std::path::PathBuf;
use std::sync::mpsc::{channel, Sender};

use crate::export::pdf::{Paper, PdfError};
use crate::formats::{save_atomic, SaveError, TargetState};
use crate::lang::Language;
use crate::tournament::event::Event;
use crate::tournament::export::{self, Format};
use crate::tournament::from_record::GameReport;
use crate::tournament::roster::read_players_file;
use crate::tournament::systems::pair_next;
use crate::tournament::{edit, BoardResult, EventError, EventFile};
use crate::ui::base::command::event_command::Change;
use crate::ui::base::command::outbox::{Arrival, Courier, Outbox, Recipient};
use crate::ui::base::command::window_id::WindowId;

/// What the thread is asked to do.
#[derive(Debug)]
pub enum Job {
    /// Create an event file.
    Create(PathBuf, Event),
    /// Open one.
    Open(PathBuf),
    /// Change the open event.
    Change(Change),
    /// Write an export of the open event.
    Export(Format, PathBuf),
}

/// What came of a job.
#[derive(Debug)]
pub enum Reply {
    /// The event as stored now, and its file.
    Event(PathBuf, Box<Event>),
    /// A result was corrected: the event as stored now, its file, and what changed.
    Corrected(PathBuf, Box<Event>, Correction),
    /// An export was written to this file.
    Exported(PathBuf),
    /// The job was refused or failed; nothing changed.
    Refused(Refusal),
}

/// A board's result corrected, and the rounds paired since on the old one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correction {
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
    /// The result before.
    pub was: Option<BoardResult>,
    /// The result now.
    pub now: Option<BoardResult>,
    /// The rounds paired after it whose pairings used the old result ([`edit::paired_on`]);
    /// empty when the result did not change.
    pub paired_since: Vec<u32>,
}

/// Why a job was refused or failed.
#[derive(Debug)]
pub enum Refusal {
    /// The core refused the change, or the file.
    Event(EventError),
    /// A change or an export with no event open.
    NoEvent,
    /// The export could not be made.
    Export(PdfError),
    /// The export could not be written to its file.
    Save(PathBuf, SaveError),
}

impl Refusal {
    /// The reason in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            Refusal::Event(e) => e.message(lang),
            Refusal::NoEvent => lang
                .pick("no event is open", "没有打开的赛事", "沒有開啟的賽事")
                .to_owned(),
            Refusal::Export(e) => format!(
                "{} {e}",
                lang.pick(
                    "the export cannot be made:",
                    "无法生成导出文件：",
                    "無法產生匯出檔案："
                )
            ),
            Refusal::Save(path, e) => format!("{}: {}", path.display(), e.message(lang)),
        }
    }
}

/// The thread: jobs go in over a channel, replies come to the Event window through the outbox.
pub struct Worker {
    jobs: Sender<Job>,
    replies: Courier<Reply>,
    in_flight: usize,
}

impl Worker {
    /// Start the thread; its replies are sent through `outbox`.
    pub fn start(outbox: &Outbox) -> Worker {
        let (jobs, inbox) = channel::<Job>();
        let replies = outbox.courier::<Reply>(Recipient::Window(WindowId::Event));
        let sender = replies.clone();
        std::thread::spawn(move || {
            let mut file: Option<EventFile> = None;
            for job in inbox {
                if !sender.deliver(run(&mut file, job)) {
                    break;
                }
            }
        });
        Worker {
            jobs,
            replies,
            in_flight: 0,
        }
    }

    /// Hand `job` to the thread.
    pub fn send(&mut self, job: Job) {
        if self.jobs.send(job).is_ok() {
            self.in_flight += 1;
        }
    }

    /// A reply of this worker's thread (one of another worker is left).
    pub fn take(&mut self, arrival: Arrival) -> Option<Reply> {
        let reply = arrival.open::<Reply>(Some(self.replies.job()))?;
        self.in_flight = self.in_flight.saturating_sub(1);
        Some(reply)
    }

    /// Whether a job is still being done.
    pub fn busy(&self) -> bool {
        self.in_flight > 0
    }
}

fn run(file: &mut Option<EventFile>, job: Job) -> Reply {
    let refused = |e: EventError| Reply::Refused(Refusal::Event(e));
    match job {
        Job::Create(path, event) => match EventFile::create(&path, event) {
            Ok(f) => {
                let reply = Reply::Event(path, Box::new(f.event().clone()));
                *file = Some(f);
                reply
            }
            Err(e) => refused(e),
        },
        Job::Open(path) => match EventFile::open(&path) {
            Ok(f) => {
                let reply = Reply::Event(path, Box::new(f.event().clone()));
                *file = Some(f);
                reply
            }
            Err(e) => refused(e),
        },
        Job::Change(change) => {
            let Some(f) = file.as_mut() else {
                return Reply::Refused(Refusal::NoEvent);
            };
            if let Change::Correct {
                round,
                board,
                result,
                report,
            } = change
            {
                return correct(f, round, board, result, report);
            }
            match changed(f.event(), change).and_then(|next| f.replace_all(next)) {
                Ok(()) => Reply::Event(f.path().to_owned(), Box::new(f.event().clone())),
                Err(e) => refused(e),
            }
        }
        Job::Export(format, path) => {
            let Some(f) = file.as_ref() else {
                return Reply::Refused(Refusal::NoEvent);
            };
            let bytes = match export::render(f.event(), format, Paper::default()) {
                Ok(bytes) => bytes,
                Err(e) => return Reply::Refused(Refusal::Export(e)),
            };
            match save_atomic(&path, &bytes, TargetState::Safe, false) {
                Ok(()) => Reply::Exported(path),
                Err(e) => Reply::Refused(Refusal::Save(path, e)),
            }
        }
    }
}

/// Correct a board's result in `file`; the reply says what changed and which rounds were
/// paired since on the old result.
fn correct(
    file: &mut EventFile,
    round: u32,
    board: u32,
    now: Option<BoardResult>,
    report: Option<GameReport>,
) -> Reply {
    let was = file
        .event()
        .round(round)
        .and_then(|r| r.game(board))
        .and_then(|g| g.result);
    match edit::correct_result(file.event(), round, board, now, report)
        .and_then(|next| file.replace_all(next))
    {
        Ok(()) => {
            let paired_since = if was.is_some() && was != now {
                edit::paired_on(file.event(), round)
            } else {
                Vec::new()
            };
            Reply::Corrected(
                file.path().to_owned(),
                Box::new(file.event().clone()),
                Correction {
                    round,
                    board,
                    was,
                    now,
                    paired_since,
                },
            )
        }
        Err(e) => Reply::Refused(Refusal::Event(e)),
    }
}

/// The event after `change`, by the core's pure edits.
fn changed(event: &Event, change: Change) -> Result<Event, EventError> {
    match change {
        Change::AddPlayer(p) => edit::add_players(event, vec![p]),
        Change::EditPlayer(id, p) => edit::edit_player(event, id, p),
        Change::Import(path) => {
            edit::add_players(event, read_players_file(&path, event.is_team_event())?)
        }
        Change::Pair => pair_next(event),
        Change::Result {
            round,
            board,
            result,
            report,
        } => edit::set_result(event, round, board, result, report),
        Change::Correct {
            round,
            board,
            result,
            report,
        } => edit::correct_result(event, round, board, result, report),
        Change::Withdraw(name) => edit::withdraw(event, &name),
        Change::Lineup {
            round,
            team,
            players,
        } => {
            let names: Vec<&str> = players.iter().map(String::as_str).collect();
            edit::set_lineup(event, round, &team, &names)
        }
    }
}
