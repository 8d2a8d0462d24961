//! Help for every subcommand, `qipu help SUBCOMMAND`, suggestions for mistyped words, and the
//! forms of options the command line takes.

use clap::CommandFactory;

use crate::common;

use common::qipu;

/// Every subcommand's words on the command line (`["db", "import"]`), with the long options it
/// takes, as the program defines them.
fn subcommands() -> Vec<(Vec<String>, Vec<String>)> {
    fn walk(command: &clap::Command, path: &[String], out: &mut Vec<(Vec<String>, Vec<String>)>) {
        for sub in command.get_subcommands() {
            let mut words = path.to_vec();
            words.push(sub.get_name().to_owned());
            let longs = sub
                .get_arguments()
                .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
                .collect();
            out.push((words.clone(), longs));
            walk(sub, &words, out);
        }
    }
    let mut out = Vec::new();
    walk(&qipu::cli::Cli::command(), &[], &mut out);
    out
}

#[test]
fn every_subcommand_has_help_that_names_its_options() {
    let all = subcommands();
    // The tools of every part of the manual are there, nested ones included.
    for words in [
        &["convert"][..],
        &["db", "import"],
        &["event", "result"],
        &["puzzles", "make"],
    ] {
        assert!(
            all.iter().any(|(w, _)| w == words),
            "{words:?} missing from {:?}",
            all.iter().map(|(w, _)| w).collect::<Vec<_>>()
        );
    }
    for (words, longs) in &all {
        let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
        args.push("--help");
        let (code, out, err) = qipu(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("Usage: qipu "), "{args:?}: {out}");
        for long in longs {
            assert!(
                out.contains(long.as_str()),
                "{args:?} does not name {long}: {out}"
            );
        }
    }
}

#[test]
fn help_subcommand_prints_that_subcommands_help_only() {
    let (code, help, err) = qipu(&["help", "convert"]);
    assert_eq!(code, 0, "{err}");
    let (_, flag, _) = qipu(&["convert", "--help"]);
    assert_eq!(help, flag);
    assert!(
        help.contains("Usage: qipu convert") && help.contains("--force"),
        "{help}"
    );
    for other in ["scoresheet", "transcribe", "Commands:"] {
        assert!(
            !help.contains(other),
            "{other} in the help of convert: {help}"
        );
    }
    let (code, nested, _) = qipu(&["help", "db", "import"]);
    assert_eq!(code, 0);
    assert!(nested.contains("Usage: qipu db import") && nested.contains("--variations"));
    // The list of every subcommand is still there, for `qipu help` and `qipu --help`.
    let (code, list, _) = qipu(&["help"]);
    assert_eq!(code, 0);
    for name in ["convert", "scoresheet", "event", "completions", "manpage"] {
        assert!(list.contains(name), "{name} not listed: {list}");
    }
}

#[test]
fn mistyped_options_and_subcommands_get_a_suggestion_and_status_2() {
    let (code, out, err) = qipu(&["convert", "game.pgn", "--foarce"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("'--foarce'") && err.contains("'--force'"),
        "{err}"
    );
    let (code, _, err) = qipu(&["convrt", "game.pgn"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'convert'"), "{err}");
    let (code, _, err) = qipu(&["db", "serch", "games.sqlite"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("'search'"), "{err}");
}

#[test]
fn an_option_takes_its_value_after_a_space_or_an_equals_sign() {
    let spaced = qipu(&["notate", "--as", "wxf", "h2e2", "h9g7"]);
    let joined = qipu(&["notate", "--as=wxf", "h2e2", "h9g7"]);
    assert_eq!(spaced.0, 0, "{}", spaced.2);
    assert_eq!(spaced, joined);
    assert_eq!(spaced.1, "C2.5\nH8+7\n");
    let fen = "3k5/9/9/9/9/9/9/9/9/4K3R w";
    let spaced = qipu(&["perft", "2", "--fen", fen]);
    let joined = qipu(&["perft", "2", &format!("--fen={fen}")]);
    assert_eq!(spaced.0, 0, "{}", spaced.2);
    assert_eq!(spaced.1, joined.1);
    let (_, start, _) = qipu(&["perft", "2"]);
    assert_ne!(spaced.1, start, "the position was not read");
}

#[test]
fn the_version_names_the_build() {
    let (code, out, _) = qipu(&["--version"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(&format!("qipu {} (", env!("CARGO_PKG_VERSION"))),
        "{out}"
    );
}
