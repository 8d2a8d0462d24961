//! `qipu uci`: the built-in engine on standard input and output, speaking UCI, or UCCI when
//! the first command is `ucci`. Moves are ICCS with ranks 0–9 in both.
//!
//! Standard input is read on its own thread and the search runs on another, so `stop`,
//! `ponderhit` and `isready` are answered while the engine thinks; this loop is the only
//! writer of standard output.
//!
//! No input ends the session but `quit` and the end of input: a line that is not UTF-8 is
//! skipped with an `info string`, and a `go` whose limits cannot be read gets an `info string`
//! for each and a bound in their place (a negative time is no time left: the engine moves at
//! once), so that every `go` is answered with a `bestmove`.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::CliError;
use crate::engine::{Clocks, Control, Engine, Limits, Line, Options, Outcome, Report};
use crate::referee::RuleSet;
use crate::rules::{Color, Move, Position};

/// `qipu uci`: no arguments; it reads UCI or UCCI commands.
#[derive(Debug, clap::Args)]
pub struct UciArgs {}

/// Run `qipu uci` on standard input and output.
pub fn run(_args: UciArgs, out: &mut dyn Write) -> Result<(), CliError> {
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

/// A line of input.
enum Input {
    /// A command.
    Line(String),
    /// A line that is not UTF-8: its number, from 1.
    Unreadable(usize),
}

enum Event {
    Input(Input),
    Eof,
    Output(String),
    Finished(Box<Engine>),
}

/// The protocol loop over `input`, answering on `out`.
pub fn serve<R: BufRead + Send + 'static>(input: R, out: &mut dyn Write) -> std::io::Result<()> {
    let (tx, rx) = channel();
    let reader_tx = tx.clone();
    std::thread::spawn(move || read_lines(input, &reader_tx));
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

/// Send each line of `input` as an event, a line that is not UTF-8 as [`Input::Unreadable`],
/// until the end of input, or an error reading it, which is said in an `info string` and ends
/// it too.
fn read_lines<R: BufRead>(mut input: R, events: &Sender<Event>) {
    let mut bytes = Vec::new();
    let mut number = 0;
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = events.send(Event::Output(format!(
                    "info string the input cannot be read after line {number}: {e}"
                )));
                break;
            }
        }
        number += 1;
        let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let line = match std::str::from_utf8(line) {
            Ok(text) => Input::Line(text.to_owned()),
            Err(_) => Input::Unreadable(number),
        };
        if events.send(Event::Input(line)).is_err() {
            return;
        }
    }
    let _ = events.send(Event::Eof);
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
    /// Lines that arrived while waiting for a search to end.
    pending: VecDeque<Input>,
    first: bool,
}

impl Session {
    fn main_loop(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        loop {
            let input = if let Some(input) = self.pending.pop_front() {
                input
            } else {
                match self.events.recv() {
                    Ok(Event::Input(input)) => input,
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
            match input {
                Input::Line(line) => {
                    if !self.command(&line, out)? {
                        return Ok(());
                    }
                }
                Input::Unreadable(number) => {
                    writeln!(out, "info string line {number} is not UTF-8 text; skipped")?;
                }
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
                Ok(Event::Input(input)) => self.pending.push_back(input),
                Ok(Event::Eof) => self.pending.push_back(Input::Line("quit".into())),
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
            "option {name}Threads type spin default {} min 1 max {}",
            options.threads,
            Options::max_threads()
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
            const KNOWN: [&str; 10] = [
                "skill level",
                "threads",
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
            "threads" => number(&value).map(|v| options.threads = v as usize),
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
        let limits = self.limits(words, out)?;
        let Some(mut engine) = self.engine.take() else {
            return Ok(());
        };
        let control = Arc::new(Control::new(limits.ponder));
        let line = self.line.clone();
        let tx = self.sender.clone();
        let protocol = self.protocol;
        let thread_control = Arc::clone(&control);
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

    /// The limits of a `go` command (UCI and UCCI words both understood). A value that cannot
    /// be read is said in an `info string` on `out` and replaced by a bound ([`GoValue`]); when
    /// one was and no bound is left, the engine moves at once: the GUI gets its `bestmove`.
    fn limits(&self, words: &[&str], out: &mut dyn Write) -> std::io::Result<Limits> {
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
        let mut refused = false;
        let own = side.index();
        let opp = side.opponent().index();
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            if word == "searchmoves" {
                i += 1;
                while let Some(&text) = words.get(i).filter(|w| !GO_WORDS.contains(*w)) {
                    match Move::parse_iccs(text) {
                        Some(mv) => limits.only.push(mv),
                        None => {
                            writeln!(
                                out,
                                "info string searchmoves: '{text}' is not an ICCS move; left out"
                            )?;
                            refused = true;
                        }
                    }
                    i += 1;
                }
                continue;
            }
            match word {
                "infinite" => limits.infinite = true,
                "ponder" => limits.ponder = true,
                _ if VALUED.contains(&word) => {
                    let value = GoValue::read(word, words.get(i + 1).copied());
                    if let Some(note) = value.note() {
                        writeln!(out, "info string {note}")?;
                        refused = true;
                    }
                    let ms = |v: u64| Duration::from_millis(v.min(MAX_MILLIS));
                    let time = |v: u64| ms(v.saturating_mul(unit));
                    let n = value.number();
                    match word {
                        "depth" => limits.depth = Some(n.clamp(1, u64::from(u32::MAX)) as u32),
                        "nodes" => limits.nodes = Some(n.max(1)),
                        "movetime" => limits.movetime = Some(ms(n)),
                        "wtime" | "btime" => {
                            let color = if word == "wtime" {
                                Color::Red
                            } else {
                                Color::Black
                            };
                            clocks.time[color.index()] = ms(n);
                            has_clock = true;
                        }
                        "time" => {
                            clocks.time[own] = time(n);
                            has_clock = true;
                        }
                        "opptime" => clocks.time[opp] = time(n),
                        "winc" => clocks.increment[Color::Red.index()] = ms(n),
                        "binc" => clocks.increment[Color::Black.index()] = ms(n),
                        "increment" => clocks.increment[own] = time(n),
                        "oppincrement" => clocks.increment[opp] = time(n),
                        "movestogo" => {
                            clocks.moves_to_go = Some(n.clamp(1, u64::from(u32::MAX)) as u32)
                        }
                        _ => {}
                    }
                    if value.took_word() {
                        i += 1;
                    }
                }
                other => writeln!(out, "info string go: unknown word '{other}' ignored")?,
            }
            i += 1;
        }
        if has_clock {
            limits.clocks = Some(clocks);
        }
        let bounded = limits.depth.is_some()
            || limits.nodes.is_some()
            || limits.movetime.is_some()
            || limits.clocks.is_some()
            || limits.infinite
            || limits.ponder;
        if refused && !bounded {
            writeln!(out, "info string go: no limit left; moving at once")?;
            limits.movetime = Some(Duration::ZERO);
        }
        Ok(limits)
    }
}

/// The words of `go` that take a value.
const VALUED: [&str; 13] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "time",
    "increment",
    "opptime",
    "oppincrement",
    "oppmovestogo",
];

/// Every word of `go`: where the moves of `searchmoves` end.
const GO_WORDS: [&str; 16] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "time",
    "increment",
    "opptime",
    "oppincrement",
    "oppmovestogo",
    "infinite",
    "ponder",
    "searchmoves",
];

/// The longest time taken from a `go` (about 49 days): the clocks' arithmetic stays in range.
const MAX_MILLIS: u64 = u32::MAX as u64;

/// The value after a word of `go`, and what was done with it when it could not be read as is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum GoValue {
    /// A number as the word needs it.
    Number(u64),
    /// A number out of the word's range, taken as the nearest in range.
    Taken {
        word: String,
        text: String,
        taken: u64,
    },
    /// Not a number (or missing): the word's bound is the least it can be.
    Unreadable { word: String, text: Option<String> },
}

impl GoValue {
    /// The least each word can be: a depth, nodes or moves to go of 1, no time.
    fn least(word: &str) -> u64 {
        match word {
            "depth" | "nodes" | "movestogo" | "oppmovestogo" => 1,
            _ => 0,
        }
    }

    fn read(word: &str, text: Option<&str>) -> GoValue {
        let Some(text) = text.filter(|t| !GO_WORDS.contains(t)) else {
            return GoValue::Unreadable {
                word: word.to_owned(),
                text: None,
            };
        };
        let Ok(n) = text.parse::<i128>() else {
            return GoValue::Unreadable {
                word: word.to_owned(),
                text: Some(text.to_owned()),
            };
        };
        let least = GoValue::least(word);
        let taken = n.clamp(i128::from(least), i128::from(u64::MAX)) as u64;
        if taken == n as u64 && n >= 0 {
            GoValue::Number(taken)
        } else {
            GoValue::Taken {
                word: word.to_owned(),
                text: text.to_owned(),
                taken,
            }
        }
    }

    /// The number to use.
    fn number(&self) -> u64 {
        match self {
            GoValue::Number(n) | GoValue::Taken { taken: n, .. } => *n,
            GoValue::Unreadable { word, .. } => GoValue::least(word),
        }
    }

    /// Whether the value was a word of its own (not another word of `go`, nor missing).
    fn took_word(&self) -> bool {
        !matches!(self, GoValue::Unreadable { text: None, .. })
    }

    /// What to tell the GUI, when the value was not used as given.
    fn note(&self) -> Option<String> {
        let what = |word: &str, n: u64| match word {
            "depth" | "nodes" | "movestogo" | "oppmovestogo" => format!("{word} {n}"),
            _ if n == 0 => format!("{word} 0 (no time left: moving at once)"),
            _ => format!("{word} {n}"),
        };
        match self {
            GoValue::Number(_) => None,
            GoValue::Taken { word, text, taken } => Some(format!(
                "go: {word} {text} is out of range; taken as {}",
                what(word, *taken)
            )),
            GoValue::Unreadable { word, text } => Some(format!(
                "go: {word} {}; taken as {}",
                match text {
                    Some(t) => format!("'{t}' is not a number"),
                    None => "has no value".to_owned(),
                },
                what(word, GoValue::least(word))
            )),
        }
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
