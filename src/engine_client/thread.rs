//! An engine on a thread of its own, for a user interface: requests go in over a channel and
//! each message is handed to the caller's reporter as it comes (the window sends it on to its
//! state as a command), so nothing the engine does (starting, the handshake, a restart) ever
//! blocks the caller.

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::lang::IoReason;

use super::config::EngineConfig;
use super::external_engine::{EngineEvent, ExternalEngine};
use super::option::EngineOption;
use super::search::{SearchId, SearchRequest};

/// What the caller asks of the engine thread.
#[derive(Clone, Debug)]
pub enum Request {
    /// Start a search (one under way is stopped first).
    Go(Box<SearchRequest>),
    /// Stop the search under way.
    Stop,
    /// Set an option.
    SetOption(String, String),
    /// A new game begins.
    NewGame,
}

/// What the engine thread reports.
#[derive(Clone, Debug)]
pub enum ThreadEvent {
    /// The engine is running: its name and options.
    Ready {
        /// Its name.
        name: String,
        /// Its options.
        options: Vec<EngineOption>,
    },
    /// A search was started for the last [`Request::Go`].
    Started(SearchId),
    /// A message from the engine.
    Engine(EngineEvent),
    /// A request failed (the engine keeps running).
    Refused(String),
    /// The engine could not be started or restarted; the thread has ended.
    Failed(String),
}

/// The engine thread's handle. Dropping it ends the thread and the engine.
pub struct EngineThread {
    requests: Option<Sender<Request>>,
    handle: Option<JoinHandle<()>>,
}

impl EngineThread {
    /// Start the engine of `config` on a new thread, handing each of its messages to `report`
    /// (on that thread) as it comes; the thread ends once `report` says nobody listens
    /// (false), or the handle is dropped. A thread that cannot be started reports
    /// [`ThreadEvent::Failed`] at once.
    pub fn spawn(
        config: EngineConfig,
        report: impl FnMut(ThreadEvent) -> bool + Send + 'static,
    ) -> EngineThread {
        let (request_tx, request_rx) = mpsc::channel::<Request>();
        let report = std::sync::Arc::new(std::sync::Mutex::new(report));
        let reporter = std::sync::Arc::clone(&report);
        let spawned = std::thread::Builder::new()
            .name("engine".to_owned())
            .spawn(move || {
                let mut events = |event| reporter.lock().is_ok_and(|mut r| r(event));
                run(config, request_rx, &mut events)
            });
        let handle = match spawned {
            Ok(handle) => Some(handle),
            Err(e) => {
                if let Ok(mut report) = report.lock() {
                    report(ThreadEvent::Failed(IoReason::of(&e).to_string()));
                }
                None
            }
        };
        EngineThread {
            requests: Some(request_tx),
            handle,
        }
    }

    /// Send a request; false when the thread has ended.
    pub fn send(&self, request: Request) -> bool {
        self.requests
            .as_ref()
            .is_some_and(|tx| tx.send(request).is_ok())
    }
}

impl Drop for EngineThread {
    fn drop(&mut self) {
        self.requests = None;
        if let Some(handle) = self.handle.take() {
            let _ = handle.join();
        }
    }
}

/// How often the thread looks for requests while the engine is quiet.
const TICK: Duration = Duration::from_millis(10);

fn run(
    config: EngineConfig,
    requests: Receiver<Request>,
    events: &mut dyn FnMut(ThreadEvent) -> bool,
) {
    let mut engine = match ExternalEngine::start(&config) {
        Ok(engine) => engine,
        Err(e) => {
            events(ThreadEvent::Failed(e.to_string()));
            return;
        }
    };
    events(ThreadEvent::Ready {
        name: engine.label(),
        options: engine.options().to_vec(),
    });
    loop {
        loop {
            let request = match requests.try_recv() {
                Ok(r) => r,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => return,
            };
            let answer = match request {
                Request::Go(search) => engine
                    .stop()
                    .and_then(|()| engine.go(&search))
                    .map(|id| Some(ThreadEvent::Started(id))),
                Request::Stop => engine.stop().map(|()| None),
                Request::SetOption(name, value) => engine.set_option(&name, &value).map(|()| None),
                Request::NewGame => engine.new_game().map(|()| None),
            };
            let message = match answer {
                Ok(Some(m)) => m,
                Ok(None) => continue,
                Err(e) => ThreadEvent::Refused(e.to_string()),
            };
            if !events(message) {
                return;
            }
        }
        match engine.next_event(Instant::now() + TICK) {
            Ok(Some(event)) => {
                if !events(ThreadEvent::Engine(event)) {
                    return;
                }
            }
            Ok(None) => {}
            Err(e) => {
                events(ThreadEvent::Failed(e.to_string()));
                return;
            }
        }
    }
}
