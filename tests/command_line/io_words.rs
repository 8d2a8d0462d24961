//! A file that cannot be read or written is named with the reason in plain words ("no such file
//! or folder"), never the system's error number ("(os error 2)"); so is a database server that
//! refuses the connection.

use crate::common;

use common::{qipu, shared_path, TempFolder};

#[test]
fn a_missing_input_is_named_with_the_reason_in_plain_words() {
    let dir = TempFolder::new("io-words");
    let missing = dir.join("missing.pgn");
    let missing = missing.to_str().expect("a text path");
    let commands: [&[&str]; 8] = [
        &["convert", missing],
        &["stats", missing],
        &["judge", missing],
        &["opening", missing],
        &["transcribe", missing],
        &["scoresheet", missing, "-o", "sheet.pdf"],
        &["diagram", missing, "-o", "board.png"],
        &["event", "show", missing],
    ];
    for args in commands {
        let (code, out, err) = qipu(args);
        assert_ne!(code, 0, "{args:?}: {out}");
        assert!(err.contains(missing), "{args:?}: {err}");
        assert!(err.contains("no such file or folder"), "{args:?}: {err}");
        assert!(!err.contains("os error"), "{args:?}: {err}");
    }
}

#[test]
fn an_output_that_cannot_be_written_is_named_with_the_reason_in_plain_words() {
    let record = shared_path("data/samples/SAMPLE.XQF");
    let record = record.to_str().expect("a text path");
    let dir = TempFolder::new("io-words-out");
    // A file where a folder should be: refused whoever runs the test (root too).
    let file = dir.join("a-file");
    std::fs::write(&file, b"x").expect("a file");
    let target = file.join("out.pgn");
    let target = target.to_str().expect("a text path");
    let (code, _, err) = qipu(&["convert", record, "-o", target]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&format!("cannot save {target}: ")), "{err}");
    assert!(!err.contains("os error"), "{err}");
    if cfg!(unix) {
        assert!(
            err.contains("a part of the path is a file, not a folder"),
            "{err}"
        );
    }
    let gone = dir.join("no-folder").join("out.pgn");
    let gone = gone.to_str().expect("a text path");
    let (code, _, err) = qipu(&["convert", record, "-o", gone]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!("cannot save {gone}: no such file or folder")),
        "{err}"
    );
}

#[test]
fn a_database_server_that_refuses_the_connection_is_told_in_plain_words() {
    // Nothing listens on port 1 of this machine: the system refuses the connection.
    let (code, out, err) = qipu(&["db", "search", "postgres://qipu@127.0.0.1:1/games"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("PostgreSQL: "), "{err}");
    assert!(err.contains("the connection was refused"), "{err}");
    assert!(!err.contains("os error"), "{err}");
}
