//! A running engine: the handshake, its options, searches started without blocking and their
//! reports read as messages, a `stop`, and a restart when the engine hangs or dies.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use super::config::{EngineConfig, EngineProgram, Protocol, Ranks};
use super::coords::RankBase;
use super::option::{EngineOption, OptionKind, OptionValueError};
use super::process::{Process, Received};
use super::reply::{Output, RawInfo};
use super::search::{Limit, Lines, SearchId, SearchInfo, SearchOutcome, SearchRequest};
use crate::lang::IoReason;
use crate::rules::{Color, Move, Position, Status};

/// How long the client waits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Timeouts {
    /// For the handshake (`uciok`) and `readyok`.
    pub handshake: Duration,
    /// Beyond a search's time, or after `stop`, for its `bestmove`.
    pub grace: Duration,
    /// For a search by depth or nodes, in [`ExternalEngine::search`].
    pub search: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            handshake: Duration::from_secs(10),
            grace: Duration::from_secs(2),
            search: Duration::from_secs(120),
        }
    }
}

/// Why the engine could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start engine {program}: {}", IoReason::of(.source))]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// No answer in time.
    #[error("engine {engine} did not answer {waiting_for} within {seconds:.1} s")]
    Timeout {
        /// The engine.
        engine: String,
        /// What was awaited (`uciok`, `readyok`, `bestmove`).
        waiting_for: &'static str,
        /// The time waited.
        seconds: f64,
    },
    /// The engine's output closed.
    #[error("engine {engine} exited{during}")]
    Exited {
        /// The engine.
        engine: String,
        /// When (` during the handshake`, or empty).
        during: &'static str,
    },
    /// A command could not be written.
    #[error("cannot write to engine {engine}: {}", IoReason::of(.source))]
    Write {
        /// The engine.
        engine: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine offers no such option.
    #[error("engine {engine} has no option '{option}'")]
    UnknownOption {
        /// The engine.
        engine: String,
        /// The name asked for.
        option: String,
    },
    /// A value the option does not take.
    #[error("engine {engine}: {source}")]
    OptionValue {
        /// The engine.
        engine: String,
        /// Why.
        source: OptionValueError,
    },
    /// A move of the line is illegal: the position is not sent.
    #[error("position not sent: move {ply} ({mv}) is illegal")]
    IllegalLine {
        /// Its number in the line, from 1.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The position to search has no legal move.
    #[error("position not sent: the side to move has no legal move ({0:?})")]
    NoLegalMove(Status),
    /// Every legal move is banned.
    #[error("position not sent: every legal move is banned")]
    AllMovesBanned,
    /// The engine was restarted, losing the search.
    #[error("engine {engine} was restarted: {reason}")]
    Restarted {
        /// The engine.
        engine: String,
        /// Why.
        reason: String,
    },
}

/// A message from the engine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineEvent {
    /// A report during a search.
    Info {
        /// The search.
        search: SearchId,
        /// The report.
        info: SearchInfo,
    },
    /// A search ended.
    BestMove {
        /// The search.
        search: SearchId,
        /// The move chosen, if legal.
        best: Option<Move>,
        /// The expected reply, if legal.
        ponder: Option<Move>,
        /// The engine's text for a move that is not legal there.
        unreadable: Option<String>,
    },
    /// The engine hung or died and was started again; searches under way are lost.
    Restarted {
        /// Why, in words.
        reason: String,
    },
}

struct Pending {
    id: SearchId,
    position: Position,
    started: Instant,
    deadline: Option<Instant>,
    stopped: bool,
}

/// An engine process and what the client knows of it.
pub struct ExternalEngine {
    config: EngineConfig,
    timeouts: Timeouts,
    process: Process,
    name: String,
    author: String,
    options: Vec<EngineOption>,
    ranks: RankBase,
    /// Option values sent, replayed after a restart.
    applied: Vec<(String, String)>,
    pending: VecDeque<Pending>,
    events: VecDeque<EngineEvent>,
    next_id: u64,
    restarts: u32,
}

impl ExternalEngine {
    /// Start the engine of `config`: the handshake, the options it lists, `UCI_Variant xiangqi`
    /// where it has several games, then the configured options.
    pub fn start(config: &EngineConfig) -> Result<ExternalEngine, EngineError> {
        ExternalEngine::start_with(config, Timeouts::default())
    }

    /// [`ExternalEngine::start`] with other time limits.
    pub fn start_with(
        config: &EngineConfig,
        timeouts: Timeouts,
    ) -> Result<ExternalEngine, EngineError> {
        let process = spawn(config)?;
        let mut engine = ExternalEngine {
            config: config.clone(),
            timeouts,
            process,
            name: String::new(),
            author: String::new(),
            options: Vec::new(),
            ranks: RankBase::Zero,
            applied: Vec::new(),
            pending: VecDeque::new(),
            events: VecDeque::new(),
            next_id: 0,
            restarts: 0,
        };
        engine.handshake()?;
        let settings: Vec<(String, String)> = engine.initial_settings();
        for (name, value) in settings {
            engine.set_option(&name, &value)?;
        }
        engine.sync()?;
        Ok(engine)
    }

    /// The settings sent after the handshake: the game, the helpful switches the engine offers,
    /// then the user's.
    fn initial_settings(&self) -> Vec<(String, String)> {
        let mut settings = Vec::new();
        let offers = |name: &str| self.option(name).is_some();
        if let Some(variant) = self.option("UCI_Variant") {
            if variant.check_value("xiangqi").is_ok() {
                settings.push(("UCI_Variant".to_owned(), "xiangqi".to_owned()));
            }
        }
        if offers("UCI_ShowWDL") {
            settings.push(("UCI_ShowWDL".to_owned(), "true".to_owned()));
        }
        if self.config.protocol == Protocol::Ucci && offers("usemillisec") {
            settings.push(("usemillisec".to_owned(), "true".to_owned()));
        }
        settings.extend(self.config.options.iter().cloned());
        settings
    }

    fn handshake(&mut self) -> Result<(), EngineError> {
        let protocol = self.config.protocol;
        self.send(protocol.name())?;
        let deadline = Instant::now() + self.timeouts.handshake;
        let mut options = Vec::new();
        loop {
            match self.receive_until(deadline, "uciok")? {
                Output::Name(name) => self.name = name,
                Output::Author(author) => self.author = author,
                Output::Option(option) => options.push(option),
                Output::HandshakeDone => break,
                _ => {}
            }
        }
        self.options = options;
        self.ranks = match self.config.ranks {
            Ranks::FromZero => RankBase::Zero,
            Ranks::FromOne => RankBase::One,
            Ranks::Auto => {
                if protocol == Protocol::Uci && self.option("UCI_Variant").is_some() {
                    RankBase::One
                } else {
                    RankBase::Zero
                }
            }
        };
        Ok(())
    }

    /// Wait for the engine to be ready (`isready` … `readyok`).
    pub fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.timeouts.handshake;
        loop {
            match self.receive_until(deadline, "readyok")? {
                Output::ReadyOk => return Ok(()),
                other => self.take(other),
            }
        }
    }

    /// The next line before `deadline`, for the handshake and `isready`.
    fn receive_until(
        &mut self,
        deadline: Instant,
        waiting_for: &'static str,
    ) -> Result<Output, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.process.output.recv_timeout(left) {
            Ok(Received::Line(output)) => Ok(output),
            Ok(Received::Closed) | Err(RecvTimeoutError::Disconnected) => {
                Err(EngineError::Exited {
                    engine: self.label(),
                    during: if waiting_for == "uciok" {
                        " during the handshake"
                    } else {
                        ""
                    },
                })
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout {
                engine: self.label(),
                waiting_for,
                seconds: self.timeouts.handshake.as_secs_f64(),
            }),
        }
    }

    /// The engine's name (`id name`), or the configured one.
    pub fn name(&self) -> &str {
        if self.config.name.is_empty() && !self.name.is_empty() {
            &self.name
        } else {
            &self.config.name
        }
    }

    /// The name for messages and PGN tags: the configured name, the engine's own, or the
    /// program's.
    pub fn label(&self) -> String {
        let name = self.name();
        if name.is_empty() {
            self.config.label()
        } else {
            name.to_owned()
        }
    }

    /// The engine's author (`id author`).
    pub fn author(&self) -> &str {
        &self.author
    }

    /// The options the engine listed.
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// The option called `name` (case and `_`/space ignored).
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options.iter().find(|o| o.is_named(name))
    }

    /// The rank numbering the engine's moves use.
    pub fn ranks(&self) -> RankBase {
        self.ranks
    }

    /// The protocol spoken.
    pub fn protocol(&self) -> Protocol {
        self.config.protocol
    }

    /// How many times the engine was restarted.
    pub fn restarts(&self) -> u32 {
        self.restarts
    }

    /// The operating system's id of the engine's process.
    pub fn process_id(&self) -> u32 {
        self.process.id()
    }

    /// Set an option the engine listed; the value is checked against its kind and range.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let option = self
            .option(name)
            .ok_or_else(|| EngineError::UnknownOption {
                engine: self.label(),
                option: name.to_owned(),
            })?
            .clone();
        let value = option
            .check_value(value)
            .map_err(|source| EngineError::OptionValue {
                engine: self.label(),
                source,
            })?;
        let line = match (self.config.protocol, &option.kind) {
            (Protocol::Uci, OptionKind::Button) => format!("setoption name {}", option.name),
            (Protocol::Uci, _) => format!("setoption name {} value {value}", option.name),
            (Protocol::Ucci, OptionKind::Button) => format!("setoption {}", option.name),
            (Protocol::Ucci, _) => format!("setoption {} {value}", option.name),
        };
        self.send(&line)?;
        self.applied.retain(|(n, _)| !option.is_named(n));
        if option.kind != OptionKind::Button {
            self.applied.push((option.name.clone(), value));
        }
        Ok(())
    }

    /// Tell the engine a new game begins (UCI `ucinewgame`; UCCI has none).
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        let sent = if self.config.protocol == Protocol::Uci {
            self.send("ucinewgame")
        } else {
            Ok(())
        };
        let synced = sent.and_then(|()| self.sync());
        self.or_restart(synced)
    }

    /// A command that could not be written means the engine is gone: start it again and
    /// report the loss.
    fn or_restart<T>(&mut self, result: Result<T, EngineError>) -> Result<T, EngineError> {
        let reason = match &result {
            Err(EngineError::Write { source, .. }) => format!("it stopped reading ({source})"),
            Err(EngineError::Exited { .. }) => "it exited".to_owned(),
            Err(EngineError::Timeout { waiting_for, .. }) => format!("no {waiting_for}"),
            _ => return result,
        };
        self.restart(reason.clone())?;
        self.events.clear();
        Err(EngineError::Restarted {
            engine: self.label(),
            reason,
        })
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        self.process
            .send(line)
            .map_err(|source| EngineError::Write {
                engine: self.label(),
                source,
            })
    }

    /// Start a search without waiting for it: the line is checked move by move first (an
    /// illegal position is never sent), then `position`, UCCI's `banmoves` or UCI's
    /// `go searchmoves`, and `go`. Its reports come from [`ExternalEngine::poll`] or
    /// [`ExternalEngine::next_event`].
    pub fn go(&mut self, request: &SearchRequest) -> Result<SearchId, EngineError> {
        let started = self.start_search(request);
        self.or_restart(started)
    }

    fn start_search(&mut self, request: &SearchRequest) -> Result<SearchId, EngineError> {
        let mut positions = Vec::with_capacity(request.moves.len() + 1);
        positions.push(request.start.clone());
        for (i, &mv) in request.moves.iter().enumerate() {
            let next = positions[i]
                .play(mv)
                .map_err(|_| EngineError::IllegalLine { ply: i + 1, mv })?;
            positions.push(next);
        }
        let position = positions.last().cloned().unwrap_or_else(Position::startpos);
        match position.status() {
            Status::Ongoing => {}
            other => return Err(EngineError::NoLegalMove(other)),
        }
        let legal = position.legal_moves();
        let banned: Vec<Move> = request
            .banned
            .iter()
            .copied()
            .filter(|m| legal.contains(m))
            .collect();
        if banned.len() == legal.len() {
            return Err(EngineError::AllMovesBanned);
        }
        // From the last capture on: what the engine needs to see repetitions.
        let from = (0..positions.len())
            .rev()
            .find(|&i| positions[i].halfmove_clock() == 0)
            .unwrap_or(0);
        let mut line = if positions[from] == Position::startpos() {
            "position startpos".to_owned()
        } else {
            format!("position fen {}", positions[from].to_fen())
        };
        if from < request.moves.len() {
            line.push_str(" moves");
            for &mv in &request.moves[from..] {
                line.push(' ');
                line.push_str(&self.ranks.write(mv));
            }
        }
        self.send(&line)?;
        let mut go = String::from("go");
        if !banned.is_empty() {
            match self.config.protocol {
                Protocol::Ucci => {
                    let list: Vec<String> = banned.iter().map(|&m| self.ranks.write(m)).collect();
                    self.send(&format!("banmoves {}", list.join(" ")))?;
                }
                Protocol::Uci => {
                    go.push_str(" searchmoves");
                    for &m in legal.iter().filter(|m| !banned.contains(m)) {
                        go.push(' ');
                        go.push_str(&self.ranks.write(m));
                    }
                }
            }
        }
        go.push_str(&self.limit_words(request.limit, position.side_to_move()));
        self.send(&go)?;
        let now = Instant::now();
        let deadline = match request.limit {
            Limit::MoveTime(t) => Some(now + t + t / 2 + self.timeouts.grace),
            Limit::Clock { red, black, .. } => {
                let own = match position.side_to_move() {
                    Color::Red => red,
                    Color::Black => black,
                };
                Some(now + own + self.timeouts.grace)
            }
            Limit::Depth(_) | Limit::Nodes(_) | Limit::Infinite => None,
        };
        self.next_id += 1;
        let id = SearchId(self.next_id);
        self.pending.push_back(Pending {
            id,
            position,
            started: now,
            deadline,
            stopped: false,
        });
        Ok(id)
    }

    fn limit_words(&self, limit: Limit, mover: Color) -> String {
        let ms = |d: Duration| d.as_millis();
        match limit {
            Limit::Depth(d) => format!(" depth {d}"),
            Limit::Nodes(n) => format!(" nodes {n}"),
            Limit::Infinite => " infinite".to_owned(),
            Limit::MoveTime(t) => format!(" movetime {}", ms(t)),
            Limit::Clock {
                red,
                black,
                red_increment,
                black_increment,
                moves_to_go,
            } => {
                let togo = moves_to_go
                    .map(|n| format!(" movestogo {n}"))
                    .unwrap_or_default();
                match self.config.protocol {
                    Protocol::Uci => format!(
                        " wtime {} btime {} winc {} binc {}{togo}",
                        ms(red),
                        ms(black),
                        ms(red_increment),
                        ms(black_increment)
                    ),
                    Protocol::Ucci => {
                        let (own, own_inc, opp, opp_inc) = match mover {
                            Color::Red => (red, red_increment, black, black_increment),
                            Color::Black => (black, black_increment, red, red_increment),
                        };
                        format!(
                            " time {} increment {} opptime {} oppincrement {}{togo}",
                            ms(own),
                            ms(own_inc),
                            ms(opp),
                            ms(opp_inc)
                        )
                    }
                }
            }
        }
    }

    /// Ask the searches under way to stop; their `bestmove` follows (or, after the grace time,
    /// the engine is restarted).
    pub fn stop(&mut self) -> Result<(), EngineError> {
        if self.pending.iter().all(|p| p.stopped) {
            return Ok(());
        }
        let sent = self.send("stop");
        self.or_restart(sent)?;
        let deadline = Instant::now() + self.timeouts.grace;
        for p in self.pending.iter_mut() {
            p.stopped = true;
            p.deadline = Some(p.deadline.map_or(deadline, |d| d.min(deadline)));
        }
        Ok(())
    }

    /// Whether a search is under way.
    pub fn is_searching(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Every message that has arrived, without waiting (for a UI frame).
    pub fn poll(&mut self) -> Result<Vec<EngineEvent>, EngineError> {
        while let Ok(received) = self.process.output.try_recv() {
            self.receive(received)?;
        }
        self.check_deadlines()?;
        Ok(self.events.drain(..).collect())
    }

    /// The next message, waiting until `until` at most (`None`: nothing came). An engine that
    /// dies or hangs past a search's time is restarted here.
    pub fn next_event(&mut self, until: Instant) -> Result<Option<EngineEvent>, EngineError> {
        loop {
            if let Some(event) = self.events.pop_front() {
                return Ok(Some(event));
            }
            let now = Instant::now();
            let wake = self
                .pending
                .iter()
                .filter_map(|p| p.deadline)
                .min()
                .map_or(until, |d| d.min(until));
            match self
                .process
                .output
                .recv_timeout(wake.saturating_duration_since(now))
            {
                Ok(received) => self.receive(received)?,
                Err(RecvTimeoutError::Disconnected) => self.receive(Received::Closed)?,
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.check_deadlines()?;
            if self.events.is_empty() && Instant::now() >= until {
                return Ok(None);
            }
        }
    }

    fn check_deadlines(&mut self) -> Result<(), EngineError> {
        let now = Instant::now();
        let Some(front) = self.pending.front() else {
            return Ok(());
        };
        match front.deadline {
            Some(d) if d <= now && !front.stopped => self.stop(),
            Some(d) if d <= now => {
                let seconds = now.duration_since(front.started).as_secs_f64();
                self.restart(format!("no bestmove after {seconds:.1} s"))
            }
            _ => Ok(()),
        }
    }

    fn receive(&mut self, received: Received) -> Result<(), EngineError> {
        match received {
            Received::Line(output) => {
                self.take(output);
                Ok(())
            }
            Received::Closed => self.restart("it exited".to_owned()),
        }
    }

    /// File a line from the engine as a message.
    fn take(&mut self, output: Output) {
        match output {
            Output::Info(raw) => {
                if let Some(p) = self.pending.front() {
                    let info = self.read_info(&p.position, &raw);
                    let search = p.id;
                    self.events.push_back(EngineEvent::Info { search, info });
                }
            }
            Output::BestMove { best, ponder } => {
                if let Some(p) = self.pending.pop_front() {
                    let best_move = best
                        .as_deref()
                        .and_then(|t| self.ranks.read(t))
                        .filter(|&m| p.position.is_legal(m));
                    let ponder = match (best_move, ponder) {
                        (Some(m), Some(text)) => p.position.play(m).ok().and_then(|after| {
                            self.ranks.read(&text).filter(|&r| after.is_legal(r))
                        }),
                        _ => None,
                    };
                    self.events.push_back(EngineEvent::BestMove {
                        search: p.id,
                        best: best_move,
                        ponder,
                        unreadable: if best_move.is_none() { best } else { None },
                    });
                }
            }
            Output::NoBestMove => {
                if let Some(p) = self.pending.pop_front() {
                    self.events.push_back(EngineEvent::BestMove {
                        search: p.id,
                        best: None,
                        ponder: None,
                        unreadable: None,
                    });
                }
            }
            _ => {}
        }
    }

    fn read_info(&self, position: &Position, raw: &RawInfo) -> SearchInfo {
        let mut pv = Vec::new();
        let mut at = position.clone();
        for text in &raw.pv {
            let Some(mv) = self.ranks.read(text) else {
                break;
            };
            match at.play(mv) {
                Ok(next) => {
                    pv.push(mv);
                    at = next;
                }
                Err(_) => break,
            }
        }
        SearchInfo {
            depth: raw.depth,
            seldepth: raw.seldepth,
            multipv: raw.multipv.unwrap_or(1),
            score: raw.score,
            wdl: raw.wdl,
            nodes: raw.nodes,
            nps: raw.nps,
            time_ms: raw.time_ms,
            pv,
            currmove: raw
                .currmove
                .as_deref()
                .and_then(|t| self.ranks.read(t))
                .filter(|&m| position.is_legal(m)),
            string: raw.string.clone(),
        }
    }

    /// Start the engine again (it hung or died): a new process, the handshake and the options
    /// set so far. Searches under way are lost; [`EngineEvent::Restarted`] says so.
    pub fn restart(&mut self, reason: String) -> Result<(), EngineError> {
        self.pending.clear();
        self.events.clear();
        self.process = spawn(&self.config)?;
        self.restarts += 1;
        self.handshake()?;
        let applied = std::mem::take(&mut self.applied);
        for (name, value) in applied {
            self.set_option(&name, &value)?;
        }
        self.sync()?;
        self.events.push_back(EngineEvent::Restarted { reason });
        Ok(())
    }

    /// Run a search to its end: [`ExternalEngine::go`], then the reports until `bestmove`. A search by
    /// depth or nodes is stopped after [`Timeouts::search`]. An engine that hangs or dies is
    /// restarted and the search reported lost ([`EngineError::Restarted`]).
    pub fn search(&mut self, request: &SearchRequest) -> Result<SearchOutcome, EngineError> {
        let id = self.go(request)?;
        let started = Instant::now();
        let stop_at = match request.limit {
            Limit::Depth(_) | Limit::Nodes(_) => Some(started + self.timeouts.search),
            _ => None,
        };
        let mut lines = Lines::default();
        loop {
            let until = stop_at.unwrap_or(started + Duration::from_secs(24 * 3600));
            match self.next_event(until)? {
                Some(EngineEvent::Info { search, info }) if search == id => lines.update(&info),
                Some(EngineEvent::BestMove {
                    search,
                    best,
                    ponder,
                    unreadable,
                }) if search == id => {
                    return Ok(SearchOutcome {
                        best,
                        ponder,
                        unreadable,
                        lines,
                        elapsed: started.elapsed(),
                    })
                }
                Some(EngineEvent::Restarted { reason }) => {
                    return Err(EngineError::Restarted {
                        engine: self.label(),
                        reason,
                    })
                }
                Some(_) => {}
                None => self.stop()?,
            }
        }
    }
}

fn spawn(config: &EngineConfig) -> Result<Process, EngineError> {
    let (program, args): (PathBuf, Vec<String>) = match &config.program {
        EngineProgram::Builtin => {
            let exe = std::env::current_exe().map_err(|source| EngineError::Spawn {
                program: "builtin".to_owned(),
                source,
            })?;
            (exe, vec!["uci".to_owned()])
        }
        EngineProgram::Path { path, args } => (path.clone(), args.clone()),
    };
    Process::spawn(&program, &args).map_err(|source| EngineError::Spawn {
        program: program.display().to_string(),
        source,
    })
}
