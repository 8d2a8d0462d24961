//! Readers accept a start position that breaks only the reachability rules of 2.2 (a soldier
//! behind its start, an advisor off its palace) as a rule-book diagram shows it: the read
//! succeeds, and the warning is told beside the game (`FileGame::warnings`,
//! `ReadWarning::of_game`), in every format that reads a start position and in the command
//! line. What no diagram can show (two generals of a side, facing generals, the side not to
//! move in check) is still an error with its place.

use crate::common;

use common::{qipu, TempFolder};
use qipu::formats::{
    read_pgn_text, read_record_bytes, write_dhtmlxq, write_json, write_pgn, write_xqf, FileKind,
    PgnErrorKind, PgnWriteOptions, ReadWarning,
};
use qipu::notation::Script;
use qipu::record::Game;
use qipu::rules::{
    Color, FenError, Move, Piece, PieceKind, Position, SetupError, SetupWarning, Square,
};

/// A red soldier on c2, behind its starting rank (2.2); Red to move.
const SOLDIER_BEHIND: &str = "3k5/9/9/9/9/9/9/2P6/9/4K4 w - - 0 1";

fn soldier_behind_warning() -> ReadWarning {
    ReadWarning::Start(SetupWarning::Unreachable {
        piece: Piece::new(Color::Red, PieceKind::Soldier),
        square: Square::parse("c2").expect("a point"),
    })
}

/// A game from the diagram with one move played.
fn diagram_game() -> Game {
    let mut game = Game::new(Position::from_diagram_fen(SOLDIER_BEHIND).expect("a diagram"));
    let root = game.root();
    game.play(root, Move::parse_iccs("c2c3").expect("a move"))
        .expect("a soldier steps forward");
    game
}

fn pgn_with_fen(fen: &str) -> String {
    format!("[Event \"diagram\"]\n[FEN \"{fen}\"]\n\n1. c2c3 *\n")
}

#[test]
fn art_2_2_a_pgn_start_play_cannot_reach_reads_with_its_warning() {
    let game = read_pgn_text(&pgn_with_fen(SOLDIER_BEHIND))
        .next()
        .expect("a game")
        .expect("read in full");
    assert_eq!(game.move_count(), 1);
    assert_eq!(game.start().to_fen(), SOLDIER_BEHIND);
    assert_eq!(ReadWarning::of_game(&game), vec![soldier_behind_warning()]);
    assert_eq!(
        soldier_behind_warning().to_string(),
        "start position: red soldier on c2, a point it can never reach in play (2.2)"
    );
    let file = read_record_bytes(pgn_with_fen(SOLDIER_BEHIND).as_bytes());
    assert_eq!(file.kind, FileKind::Pgn);
    assert!(file.games[0].error.is_none(), "{:?}", file.games[0]);
    assert_eq!(file.games[0].warnings, vec![soldier_behind_warning()]);
}

#[test]
fn a_game_from_the_initial_position_has_no_warning() {
    let file = read_record_bytes(b"1. h2e2 h9g7 *\n");
    assert!(file.games[0].warnings.is_empty());
    let fen = read_record_bytes(qipu::rules::START_FEN.as_bytes());
    assert!(fen.games[0].warnings.is_empty() && fen.games[0].error.is_none());
}

#[test]
fn what_no_diagram_shows_is_still_an_error_with_its_place() {
    let refused = [
        // Two red generals (1.2).
        (
            "3k5/9/9/9/9/9/9/9/4K4/3K5 w - - 0 1",
            SetupError::TooMany {
                color: Color::Red,
                kind: PieceKind::General,
                count: 2,
                max: 1,
            },
        ),
        // The generals face each other on an open file (2.2).
        (
            "4k4/9/9/9/9/9/9/2P6/9/4K4 w - - 0 1",
            SetupError::GeneralsFacing,
        ),
        // Black is in check with Red to move (4.1.6).
        (
            "3k5/9/9/9/9/9/9/2P6/9/3RK4 w - - 0 1",
            SetupError::SideNotToMoveInCheck(Color::Black),
        ),
    ];
    for (fen, why) in refused {
        let read = read_pgn_text(&pgn_with_fen(fen)).next().expect("a game");
        let error = read.expect_err(fen);
        assert_eq!((error.line, error.column), (2, 1), "{fen}: {error}");
        assert!(
            matches!(&error.kind, PgnErrorKind::Fen(FenError::Position(e)) if *e == why),
            "{fen}: {error}"
        );
        let file = read_record_bytes(pgn_with_fen(fen).as_bytes());
        assert!(file.games[0].error.is_some() && file.games[0].warnings.is_empty());
    }
}

#[test]
fn every_format_that_reads_a_start_reads_the_diagram_back_with_its_warning() {
    let game = diagram_game();
    let pgn = write_pgn(&game, &PgnWriteOptions::qipu(Script::Simplified));
    let xqf = write_xqf(&game).expect("XQF holds the pieces").bytes;
    let written: [(FileKind, Vec<u8>); 5] = [
        (FileKind::Pgn, pgn.into_bytes()),
        (FileKind::Json, write_json(&game).into_bytes()),
        (FileKind::Xqf, xqf),
        (FileKind::DhtmlXq, write_dhtmlxq(&game).text.into_bytes()),
        (FileKind::Fen, format!("{SOLDIER_BEHIND}\n").into_bytes()),
    ];
    for (kind, bytes) in written {
        let file = read_record_bytes(&bytes);
        assert_eq!(file.kind, kind);
        let read = &file.games[0];
        assert!(read.error.is_none(), "{kind:?}: {read:?}");
        let back = read.game.as_ref().expect("read in full");
        assert_eq!(back.start(), game.start(), "{kind:?}");
        assert_eq!(read.warnings, vec![soldier_behind_warning()], "{kind:?}");
        if kind != FileKind::Fen {
            assert_eq!(back.move_count(), 1, "{kind:?}");
        }
    }
}

#[test]
fn the_command_line_counts_warnings_apart_and_names_them_on_standard_error() {
    let dir = TempFolder::new("read-warnings");
    let diagram = dir.join("diagram.pgn");
    std::fs::write(&diagram, pgn_with_fen(SOLDIER_BEHIND)).expect("written");
    std::fs::write(dir.join("plain.pgn"), "1. h2e2 h9g7 *\n").expect("written");
    let folder = dir.to_str().expect("a path");
    // stats: errors stay 0, the warning is counted on its own line before the threads line.
    let (code, out, _) = qipu(&["stats", "--errors", "--threads", "1", folder]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let n = lines.len();
    assert!(n >= 4, "{out}");
    assert_eq!(lines[n - 3], "warnings 1", "{out}");
    assert_eq!(lines[n - 2], "threads 1", "{out}");
    assert!(
        lines[n - 1].starts_with("games 2, plies 3, errors 0, "),
        "{out}"
    );
    assert!(
        lines.iter().any(|l| l.ends_with(
            "diagram.pgn: game 1, warning: start position: red soldier on c2, a point it can never reach in play (2.2)"
        )),
        "{out}"
    );
    // convert and judge read it, and say so on standard error.
    let path = diagram.to_str().expect("a path");
    let (code, pgn, err) = qipu(&["convert", path]);
    assert_eq!(code, 0, "{err}");
    assert!(pgn.contains(SOLDIER_BEHIND), "{pgn}");
    assert!(
        err.contains("game 1, warning: start position: red soldier on c2"),
        "{err}"
    );
    let (code, out, err) = qipu(&["judge", path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with('{'), "{out}");
    assert!(
        err.contains("warning: start position: red soldier on c2"),
        "{err}"
    );
}
