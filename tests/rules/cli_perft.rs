//! The `qipu perft` subcommand as scripts use it: its output format and exit statuses.

use crate::common::qipu_output as qipu;

#[test]
fn divide_prints_one_line_per_root_move_then_the_total() {
    let out = qipu(&["perft", "2", "--divide"]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 45);
    assert_eq!(*lines.last().unwrap(), "1920");
    let mut sum = 0;
    for line in &lines[..44] {
        let (mv, n) = line.split_once(' ').expect("'move count'");
        assert_eq!(mv.len(), 4, "{line}");
        assert!(qipu::rules::Move::parse_iccs(mv).is_some(), "{line}");
        sum += n.parse::<u64>().unwrap();
    }
    assert_eq!(sum, 1920);
    // After 炮二平五 Black's cannon on h7 loses its screen against h0 (one capture fewer) but
    // gains h2 and h1 (two quiet moves): 45 replies.
    assert!(lines.contains(&"h2e2 45"), "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("nodes/s"), "{stderr}");
}

#[test]
fn fen_option_sets_the_position() {
    let out = qipu(&[
        "perft",
        "3",
        "--fen",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    ]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().trim(), "3707");
}

#[test]
fn bad_input_exits_with_status_2_and_a_reason() {
    for (args, needle) in [
        (&["perft"][..], "Usage: qipu perft"),
        (&["perft", "deep"][..], "not a number"),
        (&["perft", "2", "--fen", "rnbakabnr/9/9 w"][..], "3 ranks"),
        (
            &["perft", "2", "--fen"][..],
            "a value is required for '--fen <FEN>'",
        ),
        (
            &["perft", "2", "--depth"][..],
            "unexpected argument '--depth'",
        ),
    ] {
        let out = qipu(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
