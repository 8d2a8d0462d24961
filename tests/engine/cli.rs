//! `qipu match` and `qipu analyse` against Debian's Fairy-Stockfish (installed by `.ci/run`), and
//! `qipu analyse` by nodes with the built-in engine.

use crate::common;

use std::path::{Path, PathBuf};

use common::{qipu, TempFolder};

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

/// Fairy-Stockfish's path; `None` off Linux (with the reason printed), where the Linux program
/// cannot be driven.
fn fairy_stockfish() -> Option<&'static str> {
    if !cfg!(target_os = "linux") {
        println!("skipped: Fairy-Stockfish is Debian's Linux program, not on this system");
        return None;
    }
    assert!(
        Path::new(FAIRY_STOCKFISH).exists(),
        "these tests need Debian's fairy-stockfish package (apt-get install fairy-stockfish)"
    );
    Some(FAIRY_STOCKFISH)
}

#[test]
fn a_match_of_two_short_games_is_adjudicated_with_the_ruling_in_the_pgn() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    let dir = TempFolder::new("cli-engine-match");
    // A chariot against the bare general: Red mates within a few moves, whoever plays it.
    let openings = dir.join("openings.fen");
    std::fs::write(&openings, "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1\n").unwrap();
    let pgn = dir.join("games.pgn");
    let ucci = format!("{engine}:protocol=ucci:name=FSF-UCCI");
    let (code, out, err) = qipu(&[
        "match",
        "--engine",
        engine,
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
}

#[test]
fn a_match_with_bad_input_says_why_and_exits_2() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    let (code, _, err) = qipu(&["match", "--engine", engine]);
    assert_eq!(code, 2);
    assert!(err.contains("give two engines, not 1"), "{err}");
    let (code, _, err) = qipu(&[
        "match", "--engine", engine, "--engine", engine, "--tc", "40/90",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("byte 3"), "{err}");
    let (code, _, err) = qipu(&["match", "--engine", "/no/such/engine", "--engine", engine]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot start engine /no/such/engine"), "{err}");
}

fn corpus_game() -> PathBuf {
    common::shared().join("corpus/walker8088_cchess/tests/data/030-黄松轩先胜冯敬如.XQF")
}

#[test]
fn analyse_gives_every_main_line_move_an_eval_and_best_lines_as_variations() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    let dir = TempFolder::new("cli-engine-analyse");
    let out_pgn = dir.join("analysed.pgn");
    let (code, stdout, err) = qipu(&[
        "analyse",
        corpus_game().to_str().unwrap(),
        "--engine",
        engine,
        "--depth",
        "4",
        "-o",
        out_pgn.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.is_empty(), "with -o the game goes to the file");
    let file = qipu::formats::read_record_file(&out_pgn).unwrap();
    let game = file.games[0].game.as_ref().expect("the output reads back");
    let original = qipu::formats::read_record_file(&corpus_game()).unwrap();
    let original = original.games[0].game.as_ref().unwrap();
    let line = game.main_line();
    assert_eq!(
        line.len(),
        original.main_line().len(),
        "the main line is kept"
    );
    assert!(line.len() > 30);
    let mut evals = 0;
    let mut branches = 0;
    for &node in &line {
        let eval = qipu::record::commands::get(game.comment(node), "eval")
            .unwrap_or_else(|| panic!("move {} has no [%eval]", game.ply(node)));
        let pawns = eval.trim_start_matches(['<', '>', '=']);
        assert!(
            pawns.starts_with('#') || pawns.parse::<f64>().is_ok(),
            "'{eval}' is pawns or a mate"
        );
        evals += 1;
        let parent = game.parent(node).unwrap();
        if game.children(parent).len() > 1 {
            branches += 1;
        }
        // The typed comment survives beside the command.
        let before = original
            .main_line()
            .into_iter()
            .find(|&n| original.ply(n) == game.ply(node))
            .unwrap();
        let typed = qipu::record::commands::text_of(original.comment(before));
        assert_eq!(qipu::record::commands::text_of(game.comment(node)), typed);
    }
    assert_eq!(evals, line.len());
    assert!(branches > 0, "somewhere the engine preferred another move");
    let last = err.lines().last().unwrap();
    let pattern = format!("moves {}, red: ?! ", line.len());
    assert!(last.starts_with(&pattern), "{last}");
    assert!(
        last.contains("; black: ?! ") && last.contains("; seconds "),
        "{last}"
    );
    // Each side's accuracy is printed and kept in the game's tags, the same figure.
    for (side, tag) in [("red", "RedAccuracy"), ("black", "BlackAccuracy")] {
        let kept = game
            .tags()
            .get(&qipu::record::TagKey::parse(tag))
            .unwrap_or_else(|| panic!("no {tag} tag"));
        let percent: f64 = kept.parse().unwrap();
        assert!((0.0..=100.0).contains(&percent), "{tag} {kept}");
        let part = last
            .split(';')
            .find(|p| p.contains(&format!("{side}: ")))
            .unwrap();
        assert!(
            part.ends_with(&format!("accuracy {kept}%")),
            "{part} / {kept}"
        );
    }
    assert!(
        err.contains("analysing [") && err.contains(&format!("{0}/{0} positions", line.len() + 1))
    );
}

#[test]
fn analyse_with_bad_input_says_why_and_exits_2() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    let (code, _, err) = qipu(&["analyse", "/no/such/file.pgn", "--engine", engine]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /no/such/file.pgn"), "{err}");
    let game = corpus_game();
    let (code, _, err) = qipu(&[
        "analyse",
        game.to_str().unwrap(),
        "--game",
        "3",
        "--engine",
        engine,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no game 3: the file has 1"), "{err}");
    let (code, _, err) = qipu(&["analyse", game.to_str().unwrap(), "--depth", "x"]);
    assert_eq!(code, 2);
    assert!(err.contains("--depth 'x' is not a whole number"), "{err}");
    let (code, _, err) = qipu(&[
        "analyse",
        game.to_str().unwrap(),
        "--mistake",
        "500",
        "--engine",
        engine,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("the thresholds must grow"), "{err}");
}

#[test]
fn analyse_by_nodes_gives_the_same_review_on_every_run() {
    let game = corpus_game();
    let run = || qipu(&["analyse", game.to_str().unwrap(), "--nodes", "20000"]);
    let (code, first, first_err) = run();
    assert_eq!(code, 0, "{first_err}");
    let (code, second, second_err) = run();
    assert_eq!(code, 0, "{second_err}");
    assert_eq!(first, second, "the same marks, evaluations and best lines");
    // The summary, marks and accuracy, is the same; only the seconds differ.
    let summary = |err: &str| {
        let last = err.lines().last().unwrap_or_default().to_owned();
        let (marks, _) = last
            .split_once("; seconds ")
            .unwrap_or_else(|| panic!("{last}"));
        marks.to_owned()
    };
    assert_eq!(summary(&first_err), summary(&second_err));
    assert!(summary(&first_err).starts_with("moves "), "{first_err}");
    let (code, _, err) = qipu(&[
        "analyse",
        game.to_str().unwrap(),
        "--nodes",
        "20000",
        "--depth",
        "3",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'--nodes <N>' cannot be used with '--depth <N>'"),
        "{err}"
    );
}

#[test]
fn puzzles_make_turns_one_side_s_mistakes_into_puzzles_from_the_position_before() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    let dir = TempFolder::new("cli-engine-puzzles");
    let set = dir.join("set.pgn");
    // An older file of that name is replaced: the set is made from games read in full.
    std::fs::write(&set, "old").unwrap();
    let (code, stdout, err) = qipu(&[
        "puzzles",
        "make",
        corpus_game().to_str().unwrap(),
        "-o",
        set.to_str().unwrap(),
        "--side",
        "black",
        "--min-loss",
        "60",
        "--engine",
        engine,
        "--depth",
        "6",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.is_empty());
    let last = err.lines().last().unwrap();
    assert!(last.starts_with("games 1, moves "), "{last}");
    let file = qipu::formats::read_record_file(&set).unwrap();
    let original = qipu::formats::read_record_file(&corpus_game()).unwrap();
    let original = original.games[0].game.as_ref().unwrap();
    let count: usize = last
        .split("puzzles ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert_eq!(file.games.len(), count, "{last}");
    assert!(count > 0, "Black lost 60 centipawns somewhere: {last}");
    for read in &file.games {
        let puzzle = read.game.as_ref().expect("a puzzle reads back");
        assert_eq!(puzzle.start().side_to_move(), qipu::rules::Color::Black);
        let ply: usize = puzzle
            .tags()
            .get(&qipu::record::TagKey::parse("SourcePly"))
            .unwrap()
            .parse()
            .unwrap();
        let source = original.main_line()[ply - 1];
        assert_eq!(
            puzzle.start().to_fen(),
            original.position_before(source).to_fen(),
            "the position before move {ply}"
        );
        let loss: i32 = puzzle
            .tags()
            .get(&qipu::record::TagKey::parse("Loss"))
            .unwrap()
            .parse()
            .unwrap();
        assert!(loss >= 60);
        let choices = puzzle.children(puzzle.root());
        assert_eq!(choices.len(), 2, "the solution and the move played");
        assert_eq!(puzzle.move_of(choices[1]), original.move_of(source));
        assert_ne!(puzzle.move_of(choices[0]), original.move_of(source));
    }
    let (code, _, err) = qipu(&["puzzles", "make", "x.pgn", "-o", "y.pgn", "--side", "blue"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--side 'blue'"), "{err}");
}
