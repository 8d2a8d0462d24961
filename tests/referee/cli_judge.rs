//! The `qipu judge` subcommand: one JSON object with the ruling, its articles, explanation and
//! the cycle's moves; exit statuses for bad input.

use crate::common;

use std::process::Output;

use common::qipu as run;
use common::qipu_output as qipu;
use common::TempFolder;

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn perpetual_check_is_ruled_with_articles_explanation_and_cycle() {
    let mut args = vec![
        "judge",
        "--fen",
        "4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1",
        "--moves",
    ];
    args.extend("f4e4 e9f9 e4f4 f9e9 f4e4 e9f9 e4f4 f9e9 f4e4".split(' '));
    let v = json(&qipu(&args));
    assert_eq!(v["result"], "black_wins");
    assert_eq!(v["reason"], "perpetual_check");
    assert_eq!(
        v["ply"], 8,
        "reported at the ply it arises, though a move follows"
    );
    assert_eq!(v["articles"], serde_json::json!(["24.1", "26.1"]));
    assert!(v["explanation"]["zh-Hant"]
        .as_str()
        .expect("text")
        .contains("長將"));
    assert!(v["explanation"]["zh-Hans"]
        .as_str()
        .expect("text")
        .contains("长将"));
    assert!(v["explanation"]["en"]
        .as_str()
        .expect("text")
        .contains("perpetual check"));
    let cycle = v["cycle"].as_array().expect("cycle");
    assert_eq!(cycle.len(), 8);
    assert_eq!(cycle[0]["move"], "f4e4");
    assert_eq!(cycle[0]["side"], "red");
    assert_eq!(cycle[0]["character"], "check");
    assert_eq!(cycle[0]["targets"], serde_json::json!(["e9"]));
    assert_eq!(cycle[1]["character"], "idle");
}

#[test]
fn an_illegal_move_is_named_in_the_tandem_convention_chosen() {
    // Two red chariots on file 六 and a black cannon behind them: the front one leaving the file
    // uncovers the general (4.1.6); only it can go to file 九 (a horse bars the rear one).
    let judge = |tandem: &[&str]| {
        let mut args = vec!["judge", "--fen", "3c1k3/9/9/9/3R5/9/9/2NR5/9/3K5 w - - 0 1"];
        args.extend(tandem);
        args.extend(["--moves", "d5a5"]);
        let v = json(&qipu(&args));
        assert_eq!(v["reason"], "illegal_move");
        v["explanation"]["zh-Hant"]
            .as_str()
            .expect("text")
            .to_owned()
    };
    let textbook = judge(&[]);
    assert!(textbook.contains("紅方前車平九違例"), "{textbook}");
    assert_eq!(judge(&["--tandem", "front-back"]), textbook);
    let by_file = judge(&["--tandem", "file"]);
    assert!(by_file.contains("紅方車六平九違例"), "{by_file}");
    let (code, _, err) = run(&["judge", "--tandem", "rear", "--moves", "h2e2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("front-back or file"), "{err}");
}

#[test]
fn the_rule_set_changes_the_answer() {
    let line = "g4f4 f9e9 f4g4 e9f9 g4f4 f9e9 f4g4 e9f9 g4f4 f9e9 f4g4 e9f9";
    let fen = "5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1";
    let mut cxa = vec!["judge", "--fen", fen, "--moves"];
    cxa.extend(line.split(' '));
    let v = json(&qipu(&cxa));
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("black_wins"), Some("forbidden_repetition"))
    );
    let mut axf = vec!["judge", "--rules", "axf", "--fen", fen, "--moves"];
    axf.extend(line.split(' '));
    let v = json(&qipu(&axf));
    assert_eq!(
        (
            v["result"].as_str(),
            v["reason"].as_str(),
            v["ply"].as_u64()
        ),
        (Some("draw"), Some("repetition_draw"), Some(8))
    );
}

#[test]
fn the_first_game_of_a_file_is_judged() {
    let path = common::shared_path("data/samples/sample_derived_ccgc2006_r22_iccs.pgn");
    let v = json(&qipu(&["judge", path.to_str().expect("utf-8 path")]));
    assert_eq!(v["result"], "red_wins");
    assert_eq!(v["reason"], "checkmate");
    assert_eq!(v["articles"], serde_json::json!(["4.1.1"]));
}

#[test]
fn a_game_in_progress_is_ongoing() {
    let v = json(&qipu(&["judge", "--moves", "h2e2", "h9g7"]));
    assert_eq!(v["result"], "ongoing");
    assert_eq!(v["ply"], 2);
    assert_eq!(v["cycle"][0]["move"], "h9g7");
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let out = qipu(&["judge", "--rules", "fide", "--moves", "h2e2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown rule set 'fide'"));
    let out = qipu(&["judge", "--moves", "h2e2", "zz99"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 2"));
    let out = qipu(&["judge", "/no/such/file.pgn"]);
    assert_eq!(out.status.code(), Some(1));
    // An illegal move in the line is a ruling, not an error (4.1.6).
    let v = json(&qipu(&["judge", "--moves", "h2e2", "h9h7"]));
    assert_eq!(v["reason"], "illegal_move");
    assert_eq!(v["result"], "red_wins");
    assert_eq!(v["ply"], 2);
}

#[test]
fn judge_without_arguments_shows_both_forms() {
    let out = qipu(&["judge"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("record FILE") && err.contains("--moves") && err.contains("--summary"),
        "{err}"
    );
    // The help names the three forms.
    let out = qipu(&["judge", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    for form in [
        "--moves ICCS...",
        "qipu judge FILE",
        "qipu judge --summary PATH...",
    ] {
        assert!(help.contains(form), "{form}: {help}");
    }
}

#[test]
fn evidence_reads_as_english() {
    // 細則 2, 圖二: 車三平四 將６平５ / 車四平三 將５平６, twice: Red's check and chase.
    let v = json(&qipu(&[
        "judge",
        "--fen",
        "5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1",
        "--moves",
        "g4f4",
        "f9e9",
        "f4g4",
        "e9f9",
        "g4f4",
        "f9e9",
        "f4g4",
        "e9f9",
    ]));
    let evidence = v["evidence"].as_array().expect("evidence lines");
    assert_eq!(evidence[0]["en"], "Red g4f4 checks Black's general (f9)");
    assert_eq!(evidence[2]["zh-Hant"], "紅 車四平三 捉 黑馬(g7) 無根");
    assert_eq!(evidence[2]["zh-Hans"], "红 车四平三 捉 黑马(g7) 无根");
}

#[test]
fn summary_counts_rulings_by_kind_over_files_and_folders() {
    let dir = TempFolder::new("summary");
    std::fs::create_dir_all(dir.join("round2")).unwrap();
    // Red checks from i9, i8, i9… with the chariot: perpetual check at the third occurrence.
    std::fs::write(
        dir.join("perpetual.pgn"),
        "[FEN \"3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1\"]\n[Format \"ICCS\"]\n\
         1. I0-I9 D9-D8 2. I9-I8 D8-D9 3. I8-I9 D9-D8 4. I9-I8 D8-D9 5. I8-I9 *\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("round2/quiet.pgn"),
        "[Event \"1\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n\n[Event \"2\"]\n1. 炮二平五 马８进７ 2. 车一进二 *\n",
    )
    .unwrap();
    // 炮二平九: the cannon's way along the rank is blocked at b2.
    std::fs::write(dir.join("round2/bad.pgn"), "1. 炮二平九 *\n").unwrap();
    let dir_text = dir.to_str().unwrap();
    for rules in ["cxa1999", "asian"] {
        let (code, out, err) = run(&["judge", "--summary", "--rules", rules, dir_text]);
        assert_eq!(code, 0, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "perpetual_check 1", "{out}");
        assert!(lines.contains(&"none 2"), "{out}");
        assert!(lines.contains(&"checkmate 0"), "{out}");
        assert!(lines.contains(&"unreadable 1"), "{out}");
        assert!(lines[lines.len() - 2].starts_with("threads "), "{out}");
        let last = lines.last().unwrap();
        assert!(last.starts_with("games 3, plies 16, seconds "), "{out}");
    }
    let (code, out, _) = run(&["judge", "--summary", "--threads", "1", dir_text]);
    assert_eq!(code, 0);
    assert!(out.contains("\nthreads 1\n"), "{out}");
    let (code, _, err) = run(&["judge", "--summary"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_diagram_with_a_soldier_behind_its_start_is_judged_with_a_warning() {
    let fen = "3k5/9/9/9/9/9/9/9/2P6/4K4 w - - 0 1";
    let (code, out, err) = run(&["judge", "--fen", fen, "--moves", "c1c2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: red soldier on c1, a point it can never reach in play (2.2)"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert!(v["result"].is_string(), "{out}");
    // Facing generals are no diagram: refused as before.
    let (code, _, err) = run(&[
        "judge",
        "--fen",
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "--moves",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("generals face each other"), "{err}");
}
