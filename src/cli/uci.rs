//! `qipu uci`: the built-in engine on standard input and output, speaking UCI, or UCCI when
//! the first command is `ucci`. Moves are ICCS with ranks 0–9 in both.
//!
//! Standard input is read on its own thread and the search runs on another, so `stop`,
//! `ponderhit` and `isready` are answered while the engine thinks; this loop is the only
//! writer of standard output.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::{Args, CliError};
use crate::engine::{Clocks, Control, Engine, Limits, Line, Options, Outcome, Report};
use crate::referee::RuleSet;
use crate::rules::{Color, Move, Position};

/// Run `qipu uci` on standard input and output.
pub fn run(args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    args.positionals().and_then(|rest| match rest.as_slice() {
        [] => Ok(()),
        _ => Err(CliError::Usage(
            "uci takes no arguments: it reads UCI or UCCI commands".into(),
        )),
    })?;
    let stdin = std::io::BufReader::new(std::io::stdin());
    serve(stdin, out)?;
    Ok(())
}

/// Which protocol the GUI speaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Protocol {
    Uci,
    Ucci,
}

enum Event {
    Input(String),
    Eof,
    Output(String),
    Finished(Box<Engine>),
}

/// The protocol loop over `input`, answering on `out`.
pub fn serve<R: BufRead + Send + 'static>(input: R, out: &mut dyn Write) -> std::io::Result<()> {
    let (tx, rx) = channel();
    let reader_tx = tx.clone();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if reader_tx.send(Event::Input(line)).is_err() {
                return;
            }
        }
        let _ = reader_tx.send(Event::Eof);
    });
    let mut session = Session {
        protocol: Protocol::Uci,
        engine: Some(Box::new(Engine::default())),
        line: Line::new(Position::startpos(), Vec::new())
            .expect("the empty line from the start position is legal"),
        banned: Vec::new(),
        millis: false,
        searching: None,
        events: rx,
        sender: tx,
        pending: VecDeque::new(),
        first: true,
    };
    session.main_loop(out)
}

struct Search {
    control: Arc<Control>,
    thread: JoinHandle<()>,
}

struct Session {
    protocol: Protocol,
    /// The engine, away on the search thread while it thinks.
    engine: Option<Box<Engine>>,
    line: Line,
    banned: Vec<Move>,
    /// UCCI `usemillisec`: times in milliseconds rather than seconds.
    millis: bool,
    searching: Option<Search>,
    events: Receiver<Event>,
    sender: Sender<Event>,
    /// Commands that arrived while waiting for a search to end.
    pending: VecDeque<String>,
    first: bool,
}

impl Session {
    fn main_loop(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        loop {
            let line = if let Some(line) = self.pending.pop_front() {
                line
            } else {
                match self.events.recv() {
                    Ok(Event::Input(line)) => line,
                    Ok(Event::Eof) | Err(_) => {
                        self.finish(out, true)?;
                        return Ok(());
                    }
                    Ok(Event::Output(text)) => {
                        writeln!(out, "{text}")?;
                        out.flush()?;
                        continue;
                    }
                    Ok(Event::Finished(engine)) => {
                        self.engine = Some(engine);
                        self.join();
                        continue;
                    }
                }
            };
            if !self.command(&line, out)? {
                return Ok(());
            }
            out.flush()?;
        }
    }

    /// Wait for a running search to end (stopping it if `stop`), passing its output on.
    fn finish(&mut self, out: &mut dyn Write, stop: bool) -> std::io::Result<()> {
        let Some(search) = &self.searching else {
            return Ok(());
        };
        if stop {
            search.control.stop();
        }
        while self.engine.is_none() {
            match self.events.recv() {
                Ok(Event::Output(text)) => {
                    writeln!(out, "{text}")?;
                    out.flush()?;
                }
                Ok(Event::Finished(engine)) => self.engine = Some(engine),
                Ok(Event::Input(line)) => self.pending.push_back(line),
                Ok(Event::Eof) => self.pending.push_back("quit".into()),
                Err(_) => break,
            }
        }
        self.join();
        Ok(())
    }

    fn join(&mut self) {
        if let Some(search) = self.searching.take() {
            // The thread has sent its last event; it cannot be stuck.
            let _ = search.thread.join();
        }
    }

    fn engine(&mut self, out: &mut dyn Write) -> std::io::Result<&mut Engine> {
        self.finish(out, true)?;
        Ok(self
            .engine
            .as_mut()
            .expect("the engine is back once no search runs"))
    }

    /// Handle one command; `false` ends the session.
    fn command(&mut self, line: &str, out: &mut dyn Write) -> std::io::Result<bool> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, rest)) = words.split_first() else {
            return Ok(true);
        };
        let first = std::mem::replace(&mut self.first, false);
        match head {
            "uci" => {
                self.protocol = Protocol::Uci;
                self.identify(out, "uciok")?;
            }
            "ucci" => {
                if first {
                    self.protocol = Protocol::Ucci;
                }
                self.identify(out, "ucciok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "ucinewgame" => self.engine(out)?.new_game(),
            "setoption" => self.set_option(rest, out)?,
            "position" => {
                self.finish(out, true)?;
                self.position(rest, out)?;
            }
            "banmoves" => self.ban(rest, out)?,
            "go" => {
                self.finish(out, true)?;
                self.go(rest, out)?;
            }
            "stop" => {
                if let Some(search) = &self.searching {
                    search.control.stop();
                } else if self.protocol == Protocol::Ucci {
                    writeln!(out, "nobestmove")?;
                }
            }
            "ponderhit" => {
                if let Some(search) = &self.searching {
                    search.control.ponderhit();
                }
            }
            "quit" => {
                self.finish(out, true)?;
                if self.protocol == Protocol::Ucci {
                    writeln!(out, "bye")?;
                }
                out.flush()?;
                return Ok(false);
            }
            "debug" | "register" | "probe" => {}
            other => writeln!(out, "info string unknown command '{other}'")?,
        }
        Ok(true)
    }

    fn identify(&mut self, out: &mut dyn Write, ok: &str) -> std::io::Result<()> {
        let options = Options::default();
        let name = if self.protocol == Protocol::Uci {
            "name "
        } else {
            ""
        };
        writeln!(out, "id name Qipu {}", env!("CARGO_PKG_VERSION"))?;
        writeln!(out, "id author the Qipu authors")?;
        writeln!(
            out,
            "option {name}Hash type spin default {} min 1 max {}",
            options.hash_mb,
            Options::MAX_HASH_MB
        )?;
        writeln!(
            out,
            "option {name}MultiPV type spin default 1 min 1 max {}",
            Options::MAX_MULTIPV
        )?;
        writeln!(
            out,
            "option {name}Skill Level type spin default {} min 0 max {}",
            Options::MAX_SKILL,
            Options::MAX_SKILL
        )?;
        writeln!(
            out,
            "option {name}Rules type combo default cxa1999 var cxa1999 var asian"
        )?;
        writeln!(
            out,
            "option {name}Move Overhead type spin default {} min 0 max 5000",
            options.move_overhead.as_millis()
        )?;
        writeln!(out, "option {name}Ponder type check default false")?;
        if self.protocol == Protocol::Ucci {
            writeln!(out, "option usemillisec type check default false")?;
        }
        writeln!(out, "{ok}")
    }

    /// `setoption name NAME value VALUE` (UCI) or `setoption NAME VALUE` (UCCI).
    fn set_option(&mut self, words: &[&str], out: &mut dyn Write) -> std::io::Result<()> {
        let (name, value) = if words.first() == Some(&"name") {
            let split = words.iter().position(|w| *w == "value");
            let name_end = split.unwrap_or(words.len());
            (
                words[1..name_end].join(" "),
                split.map(|i| words[i + 1..].join(" ")).unwrap_or_default(),
            )
        } else {
            const KNOWN: [&str; 9] = [
                "skill level",
                "move overhead",
                "multipv",
                "hash",
                "hashsize",
                "rules",
                "ponder",
                "usemillisec",
                "newgame",
            ];
            let text = words.join(" ");
            let lower = text.to_ascii_lowercase();
            match KNOWN
                .iter()
                .find(|k| lower == **k || lower.starts_with(&format!("{k} ")))
            {
                Some(k) => (
                    text[..k.len()].to_owned(),
                    text[k.len()..].trim().to_owned(),
                ),
                None => (text, String::new()),
            }
        };
        let key = name.to_ascii_lowercase();
        if key == "usemillisec" {
            self.millis = value.eq_ignore_ascii_case("true") || value.is_empty();
            return Ok(());
        }
        if key == "newgame" {
            self.engine(out)?.new_game();
            return Ok(());
        }
        if key == "ponder" {
            return Ok(());
        }
        let number = |v: &str| v.trim().parse::<u64>().ok();
        let engine = self.engine(out)?;
        let mut options = engine.options();
        let applied = match key.as_str() {
            "hash" | "hashsize" => number(&value).map(|v| options.hash_mb = v as usize),
            "multipv" => number(&value).map(|v| options.multipv = v as usize),
            "skill level" => number(&value).map(|v| options.skill = v.min(20) as u8),
            "move overhead" => {
                number(&value).map(|v| options.move_overhead = Duration::from_millis(v))
            }
            "rules" => value.parse::<RuleSet>().ok().map(|r| options.rules = r),
            _ => {
                writeln!(out, "info string unknown option '{name}'")?;
                return Ok(());
            }
        };
        match applied {
            Some(()) => engine.set_options(options),
            None => writeln!(out, "info string bad value '{value}' for option '{name}'")?,
        }
        Ok(())
    }

    /// `position startpos|fen FEN [moves M...]`.
    fn position(&mut self, words: &[&str], out: &mut dyn Write) -> std::io::Result<()> {
        self.banned.clear();
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let start = match setup {
            ["startpos"] => Position::startpos(),
            ["fen", fen @ ..] if !fen.is_empty() => match Position::from_fen(&fen.join(" ")) {
                Ok(p) => p,
                Err(e) => {
                    writeln!(out, "info string bad FEN: {e}; position unchanged")?;
                    return Ok(());
                }
            },
            _ => {
                writeln!(
                    out,
                    "info string position needs 'startpos' or 'fen FEN'; position unchanged"
                )?;
                return Ok(());
            }
        };
        let mut parsed = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            match Move::parse_iccs(text) {
                Some(mv) => parsed.push(mv),
                None => {
                    writeln!(
                        out,
                        "info string move {} ('{text}') is not an ICCS move; position unchanged",
                        i + 1
                    )?;
                    return Ok(());
                }
            }
        }
        match Line::new(start, parsed) {
            Ok(line) => self.line = line,
            Err(e) => writeln!(out, "info string {e}; position unchanged")?,
        }
        Ok(())
    }

    /// UCCI `banmoves M...`: moves the engine must not play in the current position.
    fn ban(&mut self, words: &[&str], out: &mut dyn Write) -> std::io::Result<()> {
        self.banned.clear();
        for text in words {
            match Move::parse_iccs(text) {
                Some(mv) => self.banned.push(mv),
                None => writeln!(out, "info string banmoves: '{text}' is not an ICCS move")?,
            }
        }
        Ok(())
    }

    fn go(&mut self, words: &[&str], out: &mut dyn Write) -> std::io::Result<()> {
        let limits = self.limits(words);
        let Some(mut engine) = self.engine.take() else {
            return Ok(());
        };
        let control = Arc::new(Control::new(limits.ponder));
        let line = self.line.clone();
        let tx = self.sender.clone();
        let protocol = self.protocol;
        let thread_control = Arc::clone(&control);
        let _ = out;
        let thread = std::thread::spawn(move || {
            let mut report = |r: &Report| {
                let _ = tx.send(Event::Output(info_line(r)));
            };
            let outcome = engine.think(&line, &limits, &thread_control, &mut report);
            // UCI: after `go infinite` or `go ponder`, the answer waits for `stop` or
            // `ponderhit` even if the search has ended.
            while !thread_control.stopped() && (limits.infinite || thread_control.pondering()) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let _ = tx.send(Event::Output(best_line(&outcome, protocol)));
            let _ = tx.send(Event::Finished(engine));
        });
        self.searching = Some(Search { control, thread });
        Ok(())
    }

    /// The limits of a `go` command (UCI and UCCI words both understood).
    fn limits(&self, words: &[&str]) -> Limits {
        let side = self.line.position().side_to_move();
        let unit = if self.protocol == Protocol::Ucci && !self.millis {
            1000
        } else {
            1
        };
        let mut limits = Limits {
            banned: self.banned.clone(),
            ..Limits::default()
        };
        let mut clocks = Clocks::default();
        let mut has_clock = false;
        let mut i = 0;
        let value = |i: usize| words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
        let ms = Duration::from_millis;
        let own = side.index();
        let opp = side.opponent().index();
        while i < words.len() {
            let word = words[i];
            let v = value(i);
            let mut used = v.is_some();
            match (word, v) {
                ("depth", Some(v)) => limits.depth = Some(v.min(u64::from(u32::MAX)) as u32),
                ("nodes", Some(v)) => limits.nodes = Some(v),
                ("movetime", Some(v)) => limits.movetime = Some(ms(v)),
                ("wtime", Some(v)) => {
                    clocks.time[Color::Red.index()] = ms(v);
                    has_clock = true;
                }
                ("btime", Some(v)) => {
                    clocks.time[Color::Black.index()] = ms(v);
                    has_clock = true;
                }
                ("winc", Some(v)) => clocks.increment[Color::Red.index()] = ms(v),
                ("binc", Some(v)) => clocks.increment[Color::Black.index()] = ms(v),
                ("movestogo", Some(v)) => clocks.moves_to_go = Some(v as u32),
                ("time", Some(v)) => {
                    clocks.time[own] = ms(v * unit);
                    has_clock = true;
                }
                ("increment", Some(v)) => clocks.increment[own] = ms(v * unit),
                ("opptime", Some(v)) => clocks.time[opp] = ms(v * unit),
                ("oppincrement", Some(v)) => clocks.increment[opp] = ms(v * unit),
                ("oppmovestogo", Some(_)) => {}
                ("infinite", _) => {
                    limits.infinite = true;
                    used = false;
                }
                ("ponder", _) => {
                    limits.ponder = true;
                    used = false;
                }
                ("searchmoves", _) => {
                    let mut j = i + 1;
                    while let Some(mv) = words.get(j).and_then(|w| Move::parse_iccs(w)) {
                        limits.only.push(mv);
                        j += 1;
                    }
                    i = j;
                    continue;
                }
                _ => used = false,
            }
            i += if used { 2 } else { 1 };
        }
        if has_clock {
            limits.clocks = Some(clocks);
        }
        limits
    }
}

/// `info depth … score … pv …`.
fn info_line(r: &Report) -> String {
    let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        r.depth,
        r.seldepth,
        r.multipv,
        r.score,
        r.nodes,
        r.nps,
        r.hashfull,
        r.time.as_millis(),
        pv.join(" ")
    )
}

/// `bestmove M [ponder P]`, or the protocol's word for no move.
fn best_line(outcome: &Outcome, protocol: Protocol) -> String {
    match (outcome.best, outcome.ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
        (Some(best), None) => format!("bestmove {best}"),
        (None, _) => match protocol {
            Protocol::Uci => "bestmove (none)".into(),
            Protocol::Ucci => "nobestmove".into(),
        },
    }
}
