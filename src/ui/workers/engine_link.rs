//! One engine as the window uses it: the engine thread of [`crate::engine_client`] (so the
//! window never waits on the engine), the options wanted of it (sent once it has said which it
//! offers, so an engine without `Skill Level` is never sent one), and which search each of its
//! messages belongs to. The engine's messages come through the outbox to the part that started
//! the link, which hands each back to its link ([`EngineLink::take`]).

use std::collections::VecDeque;
use std::time::Duration;

use crate::engine_client::{
    EngineConfig, EngineEvent, EngineOption, EngineThread, Limit, Request, SearchId, SearchInfo,
    SearchRequest, ThreadEvent,
};
use crate::rules::{Move, Position};

use crate::ui::base::command::outbox::{Arrival, JobId, Outbox, Recipient};

/// The position a search was asked about: the game's start and the moves from it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Searched {
    /// The start position.
    pub start: Position,
    /// The moves played from it.
    pub moves: Vec<Move>,
}

/// What the engine said about a search, with the position it was asked about.
#[derive(Clone, Debug)]
pub enum LinkEvent {
    /// A report during the search.
    Info(Searched, SearchInfo),
    /// The search ended with this move (`None`: the engine gave no legal move).
    Best(Searched, Option<Move>),
    /// The engine was restarted, refused a request or failed: why, in its own words, to tell
    /// the user.
    Trouble(String),
}

/// A running engine.
pub struct EngineLink {
    thread: EngineThread,
    job: JobId,
    name: String,
    options: Option<Vec<EngineOption>>,
    wanted: Vec<(String, String)>,
    awaiting: VecDeque<Searched>,
    current: Option<(SearchId, Searched)>,
    /// The engine failed and will not answer again.
    failed: bool,
}

impl EngineLink {
    /// Start the engine of `config`, its messages sent through `outbox` to `to`; `wanted` are
    /// options set once it is running, each only if the engine offers it.
    pub fn start(
        outbox: &Outbox,
        to: Recipient,
        config: EngineConfig,
        wanted: Vec<(String, String)>,
    ) -> EngineLink {
        // An engine reports many times a second: the window is woken at most every 50 ms.
        let courier = outbox
            .courier::<ThreadEvent>(to)
            .waking_within(Duration::from_millis(50));
        let job = courier.job();
        EngineLink {
            thread: EngineThread::spawn(config, move |event| courier.deliver(event)),
            job,
            name: String::new(),
            options: None,
            wanted,
            awaiting: VecDeque::new(),
            current: None,
            failed: false,
        }
    }

    /// The engine's name, once it runs.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True once the handshake is done and the options wanted are sent.
    pub fn is_ready(&self) -> bool {
        self.options.is_some()
    }

    /// True once the engine failed (it was said why by [`LinkEvent::Trouble`]).
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// True while a search is asked for or under way.
    pub fn is_searching(&self) -> bool {
        !self.awaiting.is_empty() || self.current.is_some()
    }

    /// Set an option (once the engine runs, and only if it offers it).
    pub fn set_option(&mut self, name: &str, value: &str) {
        match &self.options {
            Some(options) => {
                if options.iter().any(|o| o.name.eq_ignore_ascii_case(name)) {
                    self.thread
                        .send(Request::SetOption(name.to_owned(), value.to_owned()));
                }
            }
            None => self.wanted.push((name.to_owned(), value.to_owned())),
        }
    }

    /// Search the position after `moves` from `start` (a search under way is stopped first).
    pub fn go(&mut self, start: &Position, moves: &[Move], limit: Limit) {
        let searched = Searched {
            start: start.clone(),
            moves: moves.to_vec(),
        };
        let request = SearchRequest::new(searched.start.clone(), searched.moves.clone(), limit);
        if self.thread.send(Request::Go(Box::new(request))) {
            self.awaiting.push_back(searched);
        }
    }

    /// Stop the search under way (its best move still comes).
    pub fn stop(&self) {
        self.thread.send(Request::Stop);
    }

    /// Whether `arrival` comes from this link's engine.
    pub fn sent(&self, arrival: &Arrival) -> bool {
        arrival.job() == self.job
    }

    /// Take a message of this link's engine (one from another is left): what it says of the
    /// search asked for, if anything.
    pub fn take(&mut self, arrival: Arrival) -> Option<LinkEvent> {
        let event = arrival.open::<ThreadEvent>(Some(self.job))?;
        let mut out = None;
        match event {
            ThreadEvent::Ready { name, options } => {
                self.name = name;
                for (name, value) in std::mem::take(&mut self.wanted) {
                    if options.iter().any(|o| o.name.eq_ignore_ascii_case(&name)) {
                        self.thread.send(Request::SetOption(name, value));
                    }
                }
                self.options = Some(options);
            }
            ThreadEvent::Started(id) => {
                if let Some(searched) = self.awaiting.pop_front() {
                    self.current = Some((id, searched));
                }
            }
            ThreadEvent::Engine(EngineEvent::Info { search, info }) => {
                if let Some((id, searched)) = &self.current {
                    if *id == search {
                        out = Some(LinkEvent::Info(searched.clone(), info));
                    }
                }
            }
            ThreadEvent::Engine(EngineEvent::BestMove { search, best, .. }) => {
                if self.current.as_ref().is_some_and(|(id, _)| *id == search) {
                    if let Some((_, searched)) = self.current.take() {
                        out = Some(LinkEvent::Best(searched, best));
                    }
                }
            }
            ThreadEvent::Engine(EngineEvent::Restarted { reason }) => {
                // The searches under way are lost with the old process.
                self.current = None;
                self.awaiting.clear();
                out = Some(LinkEvent::Trouble(reason));
            }
            ThreadEvent::Refused(reason) => out = Some(LinkEvent::Trouble(reason)),
            ThreadEvent::Failed(reason) => {
                self.current = None;
                self.awaiting.clear();
                self.failed = true;
                out = Some(LinkEvent::Trouble(reason));
            }
        }
        out
    }
}
