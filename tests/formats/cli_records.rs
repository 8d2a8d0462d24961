//! `qipu stats` and `qipu convert` run as a user would, on corpus files.

use crate::common;

use common::{qipu, shared_path, TempFolder};

#[test]
fn stats_counts_games_plies_and_errors() {
    let dir = shared_path("corpus/xqwizard_liangqi/www.xqbase.com/league/league12");
    let (code, out, _) = qipu(&["stats", "--errors", dir.to_str().unwrap()]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let last = lines.last().unwrap();
    let fields: Vec<&str> = last.split(", ").collect();
    assert_eq!(fields.len(), 4, "{last}");
    assert!(fields[0].starts_with("games ") && fields[3].starts_with("seconds "));
    assert_eq!(fields[2], "errors 0", "{out}");
    // The game Red lost on an illegal move is read up to it, with a warning.
    let warning_line = lines.iter().find(|l| l.contains("ELE-YSY1.PGN")).unwrap();
    assert!(
        warning_line.contains(": game 1, warning: move 122.:"),
        "{warning_line}"
    );
    assert!(lines.contains(&"warnings 1"), "{out}");
    // The line before the last names the threads: at least one, never more than the files.
    let threads: usize = lines[lines.len() - 2]
        .strip_prefix("threads ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no threads line: {out}"));
    assert!((1..=41).contains(&threads), "{out}");
    let (_, one, _) = qipu(&["stats", "--threads", "1", dir.to_str().unwrap()]);
    let one: Vec<&str> = one.lines().collect();
    assert_eq!(one[one.len() - 2], "threads 1");
    assert_eq!(one.last().unwrap().split(", ").nth(1), Some(fields[1]));
    let games: u64 = fields[0]["games ".len()..].parse().unwrap();
    let plies: u64 = fields[1]["plies ".len()..].parse().unwrap();
    assert!(games > 10 && plies > games * 40, "{last}");
}

#[test]
fn stats_counts_variations_of_xqf_trees() {
    let file = shared_path("data/samples/XQFEXAMB.XQF");
    let (code, out, _) = qipu(&["stats", file.to_str().unwrap()]);
    assert_eq!(code, 0);
    // One file: one thread, named on the line before the last.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "threads 1");
    assert!(
        lines[1].starts_with("games 1, plies 435, errors 0, seconds "),
        "{out}"
    );
}

#[test]
fn convert_xqf_to_pgn_json_and_fen() {
    let file = shared_path("data/samples/SAMPLE.XQF");
    let file = file.to_str().unwrap();
    let (code, pgn, _) = qipu(&["convert", file]);
    assert_eq!(code, 0);
    assert!(pgn.contains("[Red \"许银川\"]"), "{pgn}");
    assert!(pgn.contains("1. 炮八平五 炮８平５"), "{pgn}");
    let (_, iccs, _) = qipu(&["convert", file, "--to", "pgn-iccs"]);
    assert!(
        iccs.contains("[Format \"ICCS\"]") && iccs.contains("1. B2-E2 H7-E7"),
        "{iccs}"
    );
    let (_, json, _) = qipu(&["convert", file, "--to", "json"]);
    let game = qipu::formats::read_json(&json).unwrap();
    assert_eq!(game.move_count(), 75);
    let (_, fen, _) = qipu(&["convert", file, "--to", "fen"]);
    let last = game.main_line().last().copied().unwrap();
    assert_eq!(fen.trim(), game.position(last).to_fen());
}

#[test]
fn convert_to_xiangqi_wizard_writes_gbk_crlf_and_a_file() {
    let file = shared_path("data/samples/sample_xqbase_ccgc2006_r22_utf8.pgn");
    let dir = TempFolder::new("convert");
    let target = dir.join("out.pgn");
    let (code, _, err) = qipu(&[
        "convert",
        file.to_str().unwrap(),
        "--to",
        "pgn-xqwizard",
        "-o",
        target.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&target).unwrap();
    assert!(bytes.starts_with(b"[Game \"Chinese Chess\"]\r\n"));
    // 炮二平五 in GBK (formats.md §11.6), one move pair per line.
    let pao: &[u8] = &[0xc5, 0xda, 0xb6, 0xfe, 0xc6, 0xbd, 0xce, 0xe5];
    let mut first_move = b"  1. ".to_vec();
    first_move.extend_from_slice(pao);
    assert!(bytes
        .windows(first_move.len())
        .any(|w| w == first_move.as_slice()));
    assert!(std::str::from_utf8(&bytes).is_err(), "GBK, not UTF-8");
}

#[test]
fn convert_reports_bad_games_and_refuses_to_overwrite_its_input() {
    let dir = TempFolder::new("convert-bad");
    let input = dir.join("two.pgn");
    std::fs::write(
        &input,
        "[Event \"a\"]\n1. h2e2 *\n\n[Event \"b\"]\n1. h2e9 *\n",
    )
    .unwrap();
    let path = input.to_str().unwrap();
    let (code, out, err) = qipu(&["convert", path, "--to", "pgn-iccs", "-o", path]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.contains("game 2, line 5, column 4:"), "{err}");
    assert!(err.contains("could not be read"), "{err}");
    assert!(
        std::fs::read_to_string(&input).unwrap().contains("h2e9"),
        "input kept"
    );
    let (code, out, _) = qipu(&["convert", path, "--to", "pgn-iccs"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("H2-E2") && !out.contains("[Event \"b\"]"),
        "{out}"
    );
}

#[test]
fn convert_of_a_file_without_a_game_says_so_and_writes_nothing() {
    let dir = TempFolder::new("convert-none");
    let passwd = dir.join("x.pgn");
    std::fs::write(
        &passwd,
        "root:x:0:0:root:/root:/bin/bash\nbin:x:2:2::/bin:/bin/sh\n",
    )
    .unwrap();
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "\n").unwrap();
    let out_path = dir.join("out.pgn");
    let out = out_path.to_str().unwrap();
    for (input, reason) in [(&passwd, "is not a game record"), (&empty, "holds no game")] {
        let path = input.to_str().unwrap();
        let (code, stdout, err) = qipu(&["convert", path, "-o", out]);
        assert_eq!(code, 1, "{path}");
        assert_eq!(err.trim(), format!("qipu: {path} {reason}"));
        assert!(stdout.is_empty());
        assert!(!out_path.exists(), "nothing written for {path}");
    }
}

#[test]
fn convert_of_a_truncated_xqf_writes_the_moves_read_and_names_the_byte() {
    let bytes = std::fs::read(shared_path("data/samples/XQFEXAMA.XQF")).unwrap();
    let dir = TempFolder::new("convert-cut");
    let cut = dir.join("cut.xqf");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let path = cut.to_str().unwrap();
    let (code, out, err) = qipu(&["convert", path, "--to", "pgn-iccs"]);
    assert_eq!(code, 1);
    assert!(err.contains("the moves before it are read"), "{err}");
    assert!(err.contains(": game 1, byte "), "{err}");
    assert!(out.contains("\n1. "), "{out}");
}

/// A BIG5 record in traditional Chinese converts in traditional Chinese: the moves follow the
/// file's script, the tags and comments stay as written; `--simplified` changes only the moves.
#[test]
fn convert_keeps_the_script_of_the_file() {
    let dir = TempFolder::new("convert-script");
    let utf8 = dir.join("hant.pgn");
    std::fs::write(
        &utf8,
        "[Event \"全國個人賽\"]\n[Red \"胡榮華\"]\n\n1. 炮二平五 {當頭炮} 馬８進７ 2. 馬二進三 車９平８ *\n",
    )
    .unwrap();
    let big5 = dir.join("big5.pgn");
    let (code, _, err) = qipu(&[
        "convert",
        utf8.to_str().unwrap(),
        "--to",
        "pgn-xqwizard",
        "--traditional",
        "-o",
        big5.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&big5).unwrap();
    assert!(std::str::from_utf8(&bytes).is_err(), "written in BIG5");
    let (code, out, err) = qipu(&["convert", big5.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[Event \"全國個人賽\"]"), "{out}");
    assert!(out.contains("1. 炮二平五 {當頭炮} 1... 馬８進７"), "{out}");
    assert!(out.contains("2. 馬二進三 車９平８"), "{out}");
    let (code, out, _) = qipu(&["convert", big5.to_str().unwrap(), "--simplified"]);
    assert_eq!(code, 0);
    assert!(out.contains("[Red \"胡榮華\"]"), "{out}");
    assert!(out.contains("1. 炮二平五 {當頭炮} 1... 马８进７"), "{out}");
}

/// No command destroys the file it would write when its input fails: nothing read, nothing
/// written; read in part, an existing file is replaced only with `--force`, and the part read
/// goes beside it under a name the message gives.
#[test]
fn a_failed_command_never_destroys_the_file_it_would_write() {
    let dir = TempFolder::new("keep");
    let at = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let bad_game = "[Event \"x\"]\n\n1. 炮二平五 马８进７ 2. 車一進九 *\n";
    let good_game = "[Event \"y\"]\n\n1. 炮二平五 马８进７ *\n";
    std::fs::write(at("bad.pgn"), bad_game).unwrap();
    std::fs::write(at("half.pgn"), format!("{bad_game}\n{good_game}")).unwrap();
    let kept = |name: &str| std::fs::read(at(name)).unwrap() == b"keep\n";
    let mine = at("mine.pgn");

    // Nothing could be read: the existing file is untouched, nothing else is written.
    std::fs::write(&mine, "keep\n").unwrap();
    let (code, _, err) = qipu(&["convert", &at("bad.pgn"), "-o", &mine]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    assert!(kept("mine.pgn"));
    assert!(!dir.join("mine.partial.pgn").exists());

    // Read in part: the file is kept and the part read goes beside it, said on standard error.
    let (code, _, err) = qipu(&["convert", &at("half.pgn"), "-o", &mine]);
    assert_eq!(code, 1, "{err}");
    assert!(kept("mine.pgn"));
    let partial = at("mine.partial.pgn");
    assert!(err.contains(&format!("went to {partial}")), "{err}");
    let text = std::fs::read_to_string(&partial).unwrap();
    assert!(
        text.contains("[Event \"y\"]") && !text.contains("[Event \"x\"]"),
        "{text}"
    );
    // With --force the part read replaces it; to a new name it is simply written.
    let (code, _, _) = qipu(&["convert", &at("half.pgn"), "-o", &mine, "--force"]);
    assert_eq!(code, 1);
    assert!(std::fs::read_to_string(&mine)
        .unwrap()
        .contains("[Event \"y\"]"));
    let (code, _, err) = qipu(&["convert", &at("half.pgn"), "-o", &at("new.pgn")]);
    assert_eq!(code, 1);
    assert!(!err.contains("went to"), "{err}");
    assert!(std::fs::read_to_string(at("new.pgn"))
        .unwrap()
        .contains("[Event \"y\"]"));

    // The same rule for the scoresheet and the diagram of a file whose first game is unreadable
    // (they draw the next game: a partial result), and for a command that could read nothing.
    for (command, out) in [("scoresheet", "sheet.pdf"), ("diagram", "board.svg")] {
        std::fs::write(at(out), "keep\n").unwrap();
        let (code, stdout, err) = qipu(&[command, &at("half.pgn"), "-o", &at(out)]);
        assert_eq!(code, 1, "{command}: {err}");
        assert!(kept(out), "{command}");
        assert!(err.contains("game 1, line 3"), "{command}: {err}");
        let beside = stdout.trim();
        assert!(
            beside.ends_with(&format!(".partial.{}", &out[out.len() - 3..])),
            "{stdout}"
        );
        assert!(std::fs::metadata(beside).unwrap().len() > 100, "{command}");
        let (code, _, err) = qipu(&[command, &at("bad.pgn"), "-o", &at(out)]);
        assert_eq!(code, 1, "{command}: {err}");
        assert!(kept(out), "{command}");
    }
    // analyse -o of a game that cannot be read in full.
    std::fs::write(at("review.pgn"), "keep\n").unwrap();
    let (code, _, _) = qipu(&[
        "analyse",
        &at("bad.pgn"),
        "--depth",
        "1",
        "-o",
        &at("review.pgn"),
    ]);
    assert_ne!(code, 0);
    assert!(kept("review.pgn"));
    // db export of a database that does not exist: an error, not an empty export.
    std::fs::write(at("export.pgn"), "keep\n").unwrap();
    let (code, _, err) = qipu(&["db", "export", &at("typo.db"), "-o", &at("export.pgn")]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no such database file"), "{err}");
    assert!(kept("export.pgn"));
    assert!(!dir.join("typo.db").exists());
    // event export of a file that is not an event.
    std::fs::write(at("standings.csv"), "keep\n").unwrap();
    let (code, _, _) = qipu(&[
        "event",
        "export",
        &at("bad.pgn"),
        "--to",
        "csv",
        "-o",
        &at("standings.csv"),
    ]);
    assert_eq!(code, 1);
    assert!(kept("standings.csv"));
}
