//! `qipu match` and `qipu analyse` against Debian's Fairy-Stockfish (installed by `.ci/run`).

mod common;

use std::path::{Path, PathBuf};

use common::qipu;

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

fn engine() -> &'static str {
    assert!(
        Path::new(FAIRY_STOCKFISH).exists(),
        "these tests need Debian's fairy-stockfish package (apt-get install fairy-stockfish)"
    );
    FAIRY_STOCKFISH
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qipu-cli-engine-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_match_of_two_short_games_is_adjudicated_with_the_ruling_in_the_pgn() {
    let dir = scratch("match");
    // A chariot against the bare general: Red mates within a few moves, whoever plays it.
    let openings = dir.join("openings.fen");
    std::fs::write(&openings, "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1\n").unwrap();
    let pgn = dir.join("games.pgn");
    let ucci = format!("{}:protocol=ucci:name=FSF-UCCI", engine());
    let (code, out, err) = qipu(&[
        "match",
        "--engine",
        engine(),
        "--engine",
        &ucci,
        "--games",
        "2",
        "--depth",
        "8",
        "--openings",
        openings.to_str().unwrap(),
        "-o",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    // Mate or stalemate: both win for the side that gives it (4.1.1, 4.1.3).
    let kind = |line: &str| {
        line.split(' ')
            .rev()
            .nth(2)
            .unwrap_or("")
            .trim_end_matches(',')
            .to_owned()
    };
    assert!(
        lines[0].starts_with("game 1: Fairy-Stockfish 11.1 LB 64 - FSF-UCCI 1-0 "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("game 2: FSF-UCCI - Fairy-Stockfish 11.1 LB 64 1-0 "),
        "{out}"
    );
    let kinds = [kind(lines[0]), kind(lines[1])];
    for k in &kinds {
        assert!(k == "checkmate" || k == "stalemate", "{out}");
    }
    assert_eq!(
        lines[2],
        "score Fairy-Stockfish 11.1 LB 64 1 - FSF-UCCI 1 of 2 (+1 =0 -1)"
    );
    assert_eq!(lines[3], "elo +0.0 ± inf", "one win each: no finite margin");
    let plies: usize = lines[0]
        .rsplit(", ")
        .next()
        .and_then(|p| p.strip_suffix(" plies"))
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(plies >= 3 && plies % 2 == 1, "Red gives the mate: {out}");
    let mut counted: Vec<String> = kinds.to_vec();
    counted.sort();
    counted.dedup();
    let expected: Vec<String> = counted
        .iter()
        .map(|k| format!("{k} {}", kinds.iter().filter(|x| *x == k).count()))
        .collect();
    assert_eq!(lines[4], format!("rulings {}", expected.join(", ")));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Result \"1-0\"]").count(), 2, "{text}");
    for k in &kinds {
        assert!(text.contains(&format!("[Termination \"{k}\"]")), "{text}");
    }
    assert_eq!(text.matches("[Rules \"cxa1999\"]").count(), 2);
    assert!(text.contains("[Red \"FSF-UCCI\"]"));
    assert!(
        text.contains("[%eval #"),
        "the mating moves carry mate scores: {text}"
    );
    assert_eq!(
        text.matches("Red wins.").count(),
        2,
        "the ruling in words: {text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_match_with_bad_input_says_why_and_exits_2() {
    let (code, _, err) = qipu(&["match", "--engine", engine()]);
    assert_eq!(code, 2);
    assert!(err.contains("give two engines, not 1"), "{err}");
    let (code, _, err) = qipu(&[
        "match",
        "--engine",
        engine(),
        "--engine",
        engine(),
        "--tc",
        "40/90",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("byte 3"), "{err}");
    let (code, _, err) = qipu(&["match", "--engine", "/no/such/engine", "--engine", engine()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot start engine /no/such/engine"), "{err}");
}
