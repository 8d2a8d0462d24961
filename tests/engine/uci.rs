//! `qipu uci` as a GUI or another program uses it: a child process spoken to in UCI or UCCI
//! over its standard input and output.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use qipu::rules::{Move, Position, Status};

/// How long a test waits for an answer before it fails (the machine may be busy).
const PATIENCE: Duration = Duration::from_secs(60);

struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = crate::common::qipu_command()
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("qipu uci starts");
        let input = child.stdin.take().expect("piped stdin");
        let output = child.stdout.take().expect("piped stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, command: &str) {
        writeln!(self.input, "{command}").expect("the engine reads its input");
        self.input.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no '{prefix}' line; got {seen:#?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The `bestmove` line after a `go`, and the `info` lines before it.
    fn best(&mut self) -> (String, Vec<String>) {
        let mut lines = self.until("bestmove");
        let best = lines.pop().expect("a bestmove line");
        (best, lines)
    }

    fn quit(mut self) -> std::process::ExitStatus {
        self.send("quit");
        self.child.wait().expect("the engine exits")
    }
}

fn mv(text: &str) -> Move {
    Move::parse_iccs(text).expect("ICCS move")
}

/// The position after `position startpos moves h2e2 h9g7` (炮二平五 馬8進7), which the search
/// tests send.
fn central_cannon_and_horse() -> Position {
    Position::startpos()
        .play(mv("h2e2"))
        .and_then(|p| p.play(mv("h9g7")))
        .expect("legal opening")
}

fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == key)?;
    words.get(i + 1).copied()
}

#[test]
fn uci_handshake_names_the_options_and_answers_isready() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name Qipu"), "{lines:?}");
    for option in [
        "option name Hash type spin",
        "option name MultiPV type spin",
        "option name Threads type spin default 1 min 1 max ",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name Rules type combo default cxa1999 var cxa1999 var asian",
        "option name Move Overhead type spin",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "{option}: {lines:#?}"
        );
    }
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    assert!(e.quit().success());
}

#[test]
fn ucci_handshake_answers_ucciok_and_bye() {
    let mut e = Engine::start();
    e.send("ucci");
    let lines = e.until("ucciok");
    assert!(
        lines.iter().any(|l| l.starts_with("option Hash type spin")),
        "{lines:#?}"
    );
    e.send("isready");
    e.until("readyok");
    e.send("quit");
    assert_eq!(e.until("bye"), vec!["bye"]);
    assert!(e.child.wait().expect("exits").success());
}

#[test]
fn threads_set_to_two_search_and_answer_a_legal_bestmove() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Threads value 2");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go movetime 300");
    let (best, infos) = e.best();
    assert!(
        !infos.iter().any(|l| l.contains("unknown option")),
        "{infos:#?}"
    );
    let pos = central_cannon_and_horse();
    let words: Vec<&str> = best.split_whitespace().collect();
    assert_eq!(words[0], "bestmove");
    assert!(pos.is_legal(mv(words[1])), "{best}");
    // UCCI names the option without `name`.
    e.send("setoption threads 1");
    e.send("isready");
    let ready = e.until("readyok");
    assert_eq!(ready, vec!["readyok"]);
    assert!(e.quit().success());
}

#[test]
fn a_search_reports_each_depth_and_a_legal_bestmove_with_ponder() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 4");
    let (best, infos) = e.best();
    let depths: Vec<u32> = infos
        .iter()
        .filter_map(|l| field(l, "depth")?.parse().ok())
        .collect();
    assert_eq!(depths, vec![1, 2, 3, 4], "{infos:#?}");
    let last = infos.last().expect("an info line");
    assert_eq!(field(last, "score"), Some("cp"), "{last}");
    assert!(field(last, "nodes")
        .and_then(|n| n.parse::<u64>().ok())
        .is_some());
    assert!(
        field(last, "nps").is_some() && field(last, "pv").is_some(),
        "{last}"
    );
    let pos = central_cannon_and_horse();
    let words: Vec<&str> = best.split_whitespace().collect();
    assert_eq!(words[0], "bestmove");
    let best_move = mv(words[1]);
    let after = pos.play(best_move).expect("the best move is legal");
    assert_eq!(words.get(2), Some(&"ponder"), "{best}");
    assert!(after.is_legal(mv(words[3])), "{best}");
    // The principal variation of the last line starts with the best move and is legal.
    let pv_at = last.find(" pv ").expect("pv") + 4;
    let mut p = pos.clone();
    for m in last[pv_at..].split_whitespace() {
        p = p.play(mv(m)).unwrap_or_else(|e| panic!("pv move {m}: {e}"));
    }
    assert!(last[pv_at..].starts_with(words[1]), "{last} / {best}");
    assert!(e.quit().success());
}

#[test]
fn stop_during_go_infinite_answers_with_a_bestmove() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("position startpos");
    e.send("go infinite");
    e.until("info depth 3");
    e.send("isready");
    e.until("readyok");
    e.send("stop");
    let (best, _) = e.best();
    let chosen = mv(best.split_whitespace().nth(1).expect("a move"));
    assert!(Position::startpos().is_legal(chosen), "{best}");
    assert!(e.quit().success());
}

#[test]
fn go_ponder_waits_for_ponderhit() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("position startpos moves h2e2");
    // A shallow search ends at once, but the answer waits for the ponderhit.
    e.send("go ponder depth 2");
    e.until("info depth 2");
    e.send("isready");
    assert_eq!(e.until("readyok"), vec!["readyok"]);
    e.send("ponderhit");
    let (best, _) = e.best();
    assert!(best.starts_with("bestmove "), "{best}");
    assert!(e.quit().success());
}

#[test]
fn ucci_banmoves_are_not_played() {
    let mut e = Engine::start();
    e.send("ucci");
    e.until("ucciok");
    e.send("position startpos");
    // Ban every move but the edge soldier's push a3a4.
    let banned: Vec<String> = Position::startpos()
        .legal_moves()
        .iter()
        .filter(|m| **m != mv("a3a4"))
        .map(|m| m.to_string())
        .collect();
    e.send(&format!("banmoves {}", banned.join(" ")));
    e.send("go depth 3");
    let (best, _) = e.best();
    assert!(best.starts_with("bestmove a3a4"), "{best}");
    // A new position lifts the ban.
    e.send("position startpos");
    e.send("go depth 3");
    let (best, _) = e.best();
    assert!(!best.starts_with("bestmove a3a4"), "{best}");
    e.send("quit");
    e.until("bye");
}

#[test]
fn no_legal_move_is_answered_in_each_protocol() {
    // Black is mated: 車 on a9 with the other chariot holding the eighth rank.
    let fen = "R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1";
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send(&format!("position fen {fen}"));
    e.send("go depth 3");
    assert_eq!(e.best().0, "bestmove (none)");
    assert!(e.quit().success());
    let mut e = Engine::start();
    e.send("ucci");
    e.until("ucciok");
    e.send(&format!("position fen {fen}"));
    e.send("go depth 3");
    assert_eq!(e.until("nobestmove").pop().as_deref(), Some("nobestmove"));
    e.send("quit");
    e.until("bye");
}

#[test]
fn an_illegal_move_in_position_is_reported_with_its_number() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("position startpos moves h2e2 h9h7");
    let lines = e.until("info string");
    let last = lines.last().expect("a line");
    assert!(last.contains("move 2 (h9h7)"), "{last}");
    e.send("isready");
    e.until("readyok");
    assert!(e.quit().success());
}

#[test]
fn mate_in_one_and_two_are_found_and_verified_by_the_move_generator() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    for (fen, moves) in [
        ("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1", 1),
        ("4k4/9/4b4/9/9/9/9/9/4A4/R2K1R3 w - - 0 1", 2),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 8");
        let (best, infos) = e.best();
        let last = infos.last().expect("info");
        assert!(
            last.contains(&format!("score mate {moves} ")),
            "{fen}: {last}"
        );
        let pos = Position::from_fen(fen).expect("FEN");
        let first = mv(best.split_whitespace().nth(1).expect("move"));
        assert!(
            mates_in(&pos.play(first).expect("legal"), moves - 1),
            "{fen}: {best}"
        );
        // And no shorter mate exists.
        assert!(!(0..moves - 1).any(|n| pos
            .legal_moves()
            .iter()
            .any(|&m| mates_in(&pos.play(m).expect("legal"), n))));
    }
    assert!(e.quit().success());
}

/// Whether the side to move in `pos` (just moved against) is lost within `n` more moves of
/// the winner, whatever it replies: mated or stalemated now (4.1.1, 4.1.3), or every reply
/// allows such a win.
fn mates_in(pos: &Position, n: usize) -> bool {
    if pos.status() != Status::Ongoing {
        return true;
    }
    n > 0
        && pos.legal_moves().iter().all(|&reply| {
            let after = pos.play(reply).expect("legal reply");
            after
                .legal_moves()
                .iter()
                .any(|&m| mates_in(&after.play(m).expect("legal"), n - 1))
        })
}

/// 細則 3, 圖三 (see tests/referee/cxa_examples.rs): 馬二退一 車９平８ / 馬一進二 車８平９.
/// Red chases on every move, Black exchanges and chases: under CXA 1999 Red must vary (24.3,
/// 26.4); under the Asian rules it is a draw, when the position comes round the third time (24).
const FIGURE_3: &str = "3aka2r/9/6n2/7N1/9/9/6c1C/5N3/7R1/3K5 w - - 0 1";
const FIGURE_3_CYCLE: &str = "h6i4 i9h9 i4h6 h9i9";

#[test]
fn the_rules_option_says_how_a_repetition_is_ruled() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    let once = format!("position fen {FIGURE_3} moves {FIGURE_3_CYCLE}");
    let twice = format!("{once} {FIGURE_3_CYCLE}");
    let score_of_h6i4 = |e: &mut Engine, position: &str| {
        e.send(position);
        e.send("go depth 4 searchmoves h6i4");
        let (best, infos) = e.best();
        assert!(best.starts_with("bestmove h6i4"), "{best}");
        infos.last().expect("info").clone()
    };
    // CXA 1999 (the default): 馬二退一 brings the position round by the move of the side that
    // must vary, which gains nothing by it: a loss at once; so the engine plays another move.
    let cxa = score_of_h6i4(&mut e, &once);
    assert!(cxa.contains("score mate -1 "), "{cxa}");
    e.send(&once);
    e.send("go depth 5");
    let (best, _) = e.best();
    assert!(!best.starts_with("bestmove h6i4"), "{best}");
    // Asian rules: the third time is a draw; the second is not (24).
    e.send("setoption name Rules value asian");
    let asian = score_of_h6i4(&mut e, &twice);
    assert!(asian.contains("score cp 0 "), "{asian}");
    let second = score_of_h6i4(&mut e, &once);
    assert!(!second.contains("score cp 0 "), "{second}");
    assert!(e.quit().success());
}

#[test]
fn clocks_and_movetime_give_a_move_in_time_controls() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    e.send("setoption name Move Overhead value 10");
    e.send("position startpos");
    e.send("go movetime 100");
    assert!(e.best().0.starts_with("bestmove "));
    e.send("position startpos moves h2e2");
    e.send("go wtime 2000 btime 2000 winc 100 binc 100 movestogo 20");
    let (best, _) = e.best();
    let chosen = mv(best.split_whitespace().nth(1).expect("move"));
    let pos = Position::startpos().play(mv("h2e2")).expect("legal");
    assert!(pos.is_legal(chosen), "{best}");
    e.send("go nodes 5000");
    assert!(e.best().0.starts_with("bestmove "));
    assert!(e.quit().success());
}

#[test]
fn the_weakest_level_still_takes_a_free_chariot() {
    // The black chariot on e5 stands unprotected before the red chariot e1.
    let fen = "3k5/9/9/9/4r4/9/9/9/4R4/5K3 w - - 0 1";
    for _ in 0..5 {
        let mut e = Engine::start();
        e.send("uci");
        e.until("uciok");
        e.send("setoption name Skill Level value 0");
        e.send(&format!("position fen {fen}"));
        e.send("go depth 6");
        let (best, _) = e.best();
        assert!(best.starts_with("bestmove e1e5"), "{best}");
        assert!(e.quit().success());
    }
}

#[test]
fn the_natural_limit_is_a_draw_in_the_search() {
    // A chariot ahead, but 119 plies without a capture (4.2.4: 60 rounds) and no capture or
    // mate at hand: every move reaches the limit.
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok");
    let score = |e: &mut Engine, clock: u32| {
        e.send(&format!(
            "position fen 4k4/9/9/9/9/9/9/9/9/R2K5 w - - {clock} 80"
        ));
        e.send("go depth 6");
        let (_, infos) = e.best();
        let last = infos.last().expect("info").clone();
        let words: Vec<&str> = last.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "score").expect("a score");
        format!("{} {}", words[at + 1], words[at + 2])
    };
    assert_eq!(score(&mut e, 119), "cp 0");
    // Without the count the chariot mates: 車一進八 將５平４ 帥六平五.
    assert_eq!(score(&mut e, 0), "mate 2");
    // Mate (or stalemate) on the move that reaches the limit still wins (4.1.1, 4.1.3): the
    // second chariot holds the eighth rank.
    let fen = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 119 80";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 4");
    let (best, infos) = e.best();
    assert!(
        infos.last().is_some_and(|l| l.contains("score mate 1 ")),
        "{infos:?}"
    );
    let chosen = mv(best.split_whitespace().nth(1).expect("a move"));
    let after = Position::from_fen(fen)
        .expect("FEN")
        .play(chosen)
        .expect("legal");
    assert_ne!(after.status(), Status::Ongoing, "{best}");
    assert!(e.quit().success());
}

/// A line that is not UTF-8 is skipped with an `info string`; the session goes on.
#[test]
fn a_line_that_is_not_text_is_skipped_and_the_session_goes_on() {
    let mut child = crate::common::qipu_command()
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qipu uci starts");
    let mut input = child.stdin.take().expect("piped stdin");
    input
        .write_all(
            b"isready\n\xff\xfe\nisready\nposition startpos moves h2e2\xc3\ngo depth 1\nisready\n",
        )
        .unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "readyok", "{text}");
    assert_eq!(
        lines[1], "info string line 2 is not UTF-8 text; skipped",
        "{text}"
    );
    assert_eq!(lines[2], "readyok", "{text}");
    assert_eq!(
        lines[3], "info string line 4 is not UTF-8 text; skipped",
        "{text}"
    );
    // The search runs while `isready` is answered: both come, in either order.
    assert!(
        lines[4..].iter().any(|l| l.starts_with("bestmove ")),
        "{text}"
    );
    assert!(lines[4..].contains(&"readyok"), "{text}");
}

/// A limit of `go` that cannot be read gets an `info string` and a bound in its place, so that
/// the GUI always gets its `bestmove` without having to say `stop`.
#[test]
fn a_go_with_bad_limits_still_answers_with_a_bestmove() {
    let cases: [(&str, &str); 8] = [
        (
            "go movetime -5",
            "go: movetime -5 is out of range; taken as movetime 0 (no time left: moving at once)",
        ),
        (
            "go depth -1",
            "go: depth -1 is out of range; taken as depth 1",
        ),
        (
            "go depth abc",
            "go: depth 'abc' is not a number; taken as depth 1",
        ),
        ("go depth", "go: depth has no value; taken as depth 1"),
        (
            "go nodes -1",
            "go: nodes -1 is out of range; taken as nodes 1",
        ),
        (
            "go wtime -1000 btime -1000",
            "go: wtime -1000 is out of range; taken as wtime 0 (no time left: moving at once)",
        ),
        (
            "go movestogo 0",
            "go: movestogo 0 is out of range; taken as movestogo 1",
        ),
        (
            "go searchmoves zzzz",
            "searchmoves: 'zzzz' is not an ICCS move; left out",
        ),
    ];
    let mut engine = Engine::start();
    for (go, note) in cases {
        engine.send("position startpos");
        engine.send(go);
        let (best, info) = engine.best();
        let mv = best.split_whitespace().nth(1).unwrap_or_default();
        assert!(
            Position::startpos().legal_moves().contains(&self::mv(mv)),
            "{go}: {best}"
        );
        assert!(
            info.iter()
                .any(|l| l.starts_with(&format!("info string {note}"))),
            "{go}: {info:#?}"
        );
    }
    // UCCI: a time in seconds below zero is no time left.
    let mut ucci = Engine::start();
    ucci.send("ucci");
    ucci.until("ucciok");
    ucci.send("position startpos");
    ucci.send("go time -1");
    let (best, info) = ucci.best();
    assert!(best.starts_with("bestmove "), "{best}");
    assert!(
        info.contains(
            &"info string go: time -1 is out of range; taken as time 0 (no time left: moving at once)"
                .to_owned()
        ),
        "{info:#?}"
    );
    assert!(engine.quit().success());
    assert!(ucci.quit().success());
}
