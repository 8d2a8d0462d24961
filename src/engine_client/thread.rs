//! An engine on a thread of its own, for a user interface: requests go in over one channel and
//! messages come back over another, so nothing the engine does (starting, the handshake, a
//! restart) ever blocks the caller.

use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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
    events: Receiver<ThreadEvent>,
    handle: Option<JoinHandle<()>>,
}

impl EngineThread {
    /// Start the engine of `config` on a new thread.
    pub fn spawn(config: EngineConfig) -> EngineThread {
        let (request_tx, request_rx) = mpsc::channel::<Request>();
        let (event_tx, events) = mpsc::channel();
        let handle = std::thread::Builder::new()
            .name("engine".to_owned())
            .spawn(move || run(config, request_rx, event_tx))
            .ok();
        EngineThread {
            requests: Some(request_tx),
            events,
            handle,
        }
    }

    /// Send a request; false when the thread has ended.
    pub fn send(&self, request: Request) -> bool {
        self.requests
            .as_ref()
            .is_some_and(|tx| tx.send(request).is_ok())
    }

    /// Every message that has arrived, without waiting.
    pub fn poll(&self) -> Vec<ThreadEvent> {
        self.events.try_iter().collect()
    }

    /// The next message, waiting at most `timeout`.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<ThreadEvent> {
        self.events.recv_timeout(timeout).ok()
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

fn run(config: EngineConfig, requests: Receiver<Request>, events: Sender<ThreadEvent>) {
    let mut engine = match ExternalEngine::start(&config) {
        Ok(engine) => engine,
        Err(e) => {
            let _ = events.send(ThreadEvent::Failed(e.to_string()));
            return;
        }
    };
    let _ = events.send(ThreadEvent::Ready {
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
            if events.send(message).is_err() {
                return;
            }
        }
        match engine.next_event(Instant::now() + TICK) {
            Ok(Some(event)) => {
                if events.send(ThreadEvent::Engine(event)).is_err() {
                    return;
                }
            }
            Ok(None) => {}
            Err(e) => {
                let _ = events.send(ThreadEvent::Failed(e.to_string()));
                return;
            }
        }
    }
}
