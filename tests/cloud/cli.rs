//! `qipu cloud` against the test server: its text and JSON output, its exit statuses, the cache
//! between two runs, and a record's repetition.

use qipu::formats::{write_pgn, PgnWriteOptions};
use qipu::notation::Script;
use qipu::record::Game;

use crate::common::{qipu, TempFolder};
use crate::rules::{chase_case, chase_server};
use crate::server::{closed_port_url, Reply, Server};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

const ANSWER: &str = "move:h2e2,score:1,rank:2,note:! (35-12),winrate:50.07|\
move:a3a4,score:??,rank:0,note:? (??-??)";

fn path(p: &std::path::Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

#[test]
fn json_output_then_the_cache() {
    let dir = TempFolder::new("cloud-cli-json");
    let cache = dir.join("cache.sqlite");
    let server = Server::always(Reply::ok(ANSWER));
    let url = server.url();
    let args = [
        "cloud",
        START,
        "--json",
        "--server",
        &url,
        "--cache",
        path(&cache),
    ];
    let (code, out, err) = qipu(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim_end(),
        format!(
            r#"{{"fen":"{START}","source":"cloud","moves":[{{"move":"h2e2","score":1,"rank":2,"winrate":50.07,"note":"! (35-12)","forbidden":false}},{{"move":"a3a4","score":null,"rank":0,"winrate":null,"note":"? (??-??)","forbidden":false}}]}}"#
        )
    );
    let (code, out, _) = qipu(&args);
    assert_eq!(code, 0);
    assert!(out.contains(r#""source":"cache""#), "{out}");
    assert_eq!(server.count(), 1);
    // Without the cache, the cloud is asked again.
    let (code, out, _) = qipu(&["cloud", START, "--json", "--server", &url, "--no-cache"]);
    assert_eq!(code, 0);
    assert!(out.contains(r#""source":"cloud""#), "{out}");
    assert_eq!(server.count(), 2);
}

#[test]
fn text_output_lists_the_moves_and_says_the_source() {
    let server = Server::always(Reply::ok(ANSWER));
    let (code, out, err) = qipu(&["cloud", START, "--server", &server.url(), "--no-cache"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "source: cloud",
            "h2e2\t1\t2\t50.07\t! (35-12)",
            "a3a4\t-\t0\t-\t? (??-??)"
        ]
    );
}

#[test]
fn the_line_and_the_score() {
    let server = Server::start(|q, _| match q.get("action") {
        Some("querypv") => Reply::ok("score:1,depth:3,pv:h2e2|h9g7|h0g2"),
        Some("queryscore") => Reply::ok("eval:1"),
        _ => Reply::ok("unknown"),
    });
    let url = server.url();
    let (code, out, _) = qipu(&["cloud", START, "--pv", "--server", &url, "--no-cache"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["source: cloud", "score 1\tdepth 3\tpv h2e2 h9g7 h0g2"]
    );
    let (code, out, _) = qipu(&[
        "cloud",
        START,
        "--pv",
        "--json",
        "--server",
        &url,
        "--no-cache",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim_end(),
        format!(
            r#"{{"fen":"{START}","source":"cloud","score":1,"depth":3,"pv":["h2e2","h9g7","h0g2"]}}"#
        )
    );
    let (code, out, _) = qipu(&[
        "cloud",
        START,
        "--score",
        "--json",
        "--server",
        &url,
        "--no-cache",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim_end(),
        format!(r#"{{"fen":"{START}","source":"cloud","score":1}}"#)
    );
}

#[test]
fn no_answer_is_an_error_with_status_one() {
    let server = Server::always(Reply::ok("unknown"));
    let (code, out, err) = qipu(&[
        "cloud",
        START,
        "--json",
        "--server",
        &server.url(),
        "--no-cache",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        out.trim_end(),
        format!(r#"{{"fen":"{START}","error":"unknown"}}"#)
    );
    assert!(err.contains("does not know this position"), "{err}");
    // No network.
    let (code, out, _) = qipu(&[
        "cloud",
        START,
        "--json",
        "--server",
        &closed_port_url(),
        "--no-cache",
    ]);
    assert_eq!(code, 1);
    assert!(out.contains(r#""error":"offline""#), "{out}");
    // A mated side has no move to ask about: said without asking.
    let mated = "R3k4/4R4/9/9/9/9/9/9/9/4K4 b - - 0 1";
    let (code, out, _) = qipu(&[
        "cloud",
        mated,
        "--json",
        "--server",
        &closed_port_url(),
        "--no-cache",
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        out.trim_end(),
        format!(r#"{{"fen":"{mated}","error":"checkmate"}}"#)
    );
}

#[test]
fn a_bad_command_line_is_status_two() {
    for args in [
        vec!["cloud"],
        vec!["cloud", START, "--pv", "--score", "--no-cache"],
        vec!["cloud", START, "--ply", "3", "--no-cache"],
        vec!["cloud", "not a position", "--no-cache"],
        vec!["cloud", START, "--server", "ftp://x", "--no-cache"],
        vec!["cloud", START, "--no-cache", "--cache", "x.sqlite"],
    ] {
        let (code, _, err) = qipu(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
}

#[test]
fn a_record_at_a_ply_marks_the_forbidden_repetition() {
    let (start, moves) = chase_case();
    let mut game = Game::new(start);
    let mut at = game.root();
    for &mv in &moves {
        at = game.play(at, mv).expect("a legal move");
    }
    let dir = TempFolder::new("cloud-cli-record");
    let file = dir.join("chase.pgn");
    std::fs::write(
        &file,
        write_pgn(&game, &PgnWriteOptions::qipu(Script::Simplified)),
    )
    .expect("the record written");
    let server = chase_server();
    let plies = (moves.len() - 1).to_string();
    let (code, out, err) = qipu(&[
        "cloud",
        path(&file),
        "--ply",
        &plies,
        "--rules",
        "axf",
        "--server",
        &server.url(),
        "--no-cache",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[1].starts_with("e3e4\t"), "{out}");
    assert!(
        lines[3].starts_with("b2a2\t") && lines[3].ends_with("\tforbidden"),
        "{out}"
    );
    // Beyond the main line.
    let (code, _, err) = qipu(&["cloud", path(&file), "--ply", "99", "--no-cache"]);
    assert_eq!(code, 1, "{err}");
}
