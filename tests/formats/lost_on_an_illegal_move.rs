//! A record whose last move the board cannot play, with a result that says its mover lost (an
//! engine league's `1-0 {Black forfeits due to illegal move}`): the game ended on a move against
//! the rules (4.1.6). It is read up to that move, the move is kept as text in the last comment
//! and told as a warning, and the result keeps its reason (`Termination`). Anything else about an
//! illegal move stays an error with its place.

use crate::common;

use common::{qipu, shared_path};
use qipu::ending::{Outcome, Reason};
use qipu::formats::{read_record_bytes, read_record_file, ReadWarning};
use qipu::lang::Language;
use qipu::notation::NotationError;
use qipu::record::TagKey;
use qipu::rules::Color;

const LEAGUE: &str = "corpus/xqwizard_liangqi/www.xqbase.com/league";

/// The two league games lost on an illegal move: file, plies played, the loser, the move as
/// written, and its number.
const LOST: [(&str, usize, Color, &str, u32); 2] = [
    ("league6/BLC-EYC1.PGN", 77, Color::Black, "后马进７", 39),
    ("league12/ELE-YSY1.PGN", 242, Color::Red, "车三进二", 122),
];

#[test]
fn art_4_1_6_a_league_game_lost_on_an_illegal_move_is_read_up_to_it() {
    for (file, plies, loser, text, number) in LOST {
        let path = shared_path(&format!("{LEAGUE}/{file}"));
        let record = read_record_file(&path).expect("the file reads");
        assert_eq!(record.games.len(), 1, "{file}");
        let read = &record.games[0];
        assert!(read.error.is_none(), "{file}: {read:?}");
        let game = read.game.as_ref().expect("the game is read");
        assert_eq!(game.move_count(), plies, "{file}");
        let ending = game.ending().expect("the result with its reason");
        assert_eq!(ending.outcome, Outcome::win(loser.opponent()), "{file}");
        assert_eq!(ending.reason, Reason::IllegalMove, "{file}");
        assert_eq!(ending.ply as usize, plies, "{file}");
        let last = *game.main_line().last().expect("moves");
        assert!(
            game.comment(last).contains(&format!("{number}")) && game.comment(last).contains(text),
            "{file}: {}",
            game.comment(last)
        );
        let [ReadWarning::LastMoveNotPlayed(unplayed)] = read.warnings.as_slice() else {
            panic!("{file}: {:?}", read.warnings);
        };
        assert_eq!((unplayed.number, unplayed.side), (number, loser), "{file}");
        assert!(
            matches!(&unplayed.error, NotationError::Illegal { text: t, .. } if t == text),
            "{file}: {unplayed:?}"
        );
        for lang in [
            Language::English,
            Language::SimplifiedChinese,
            Language::TraditionalChinese,
        ] {
            let said = read.warnings[0].message(lang);
            assert!(
                said.contains(text) && said.contains(loser.name(lang)) && said.contains("4.1.6"),
                "{file} ({lang:?}): {said}"
            );
        }
    }
}

#[test]
fn stats_counts_the_game_lost_on_an_illegal_move() {
    let path = shared_path(&format!("{LEAGUE}/league6/BLC-EYC1.PGN"));
    let (code, out, _) = qipu(&["stats", "--errors", path.to_str().expect("a text path")]);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains("game 1, warning: move 39...: '后马进７'"),
        "{out}"
    );
    assert_eq!(lines[1], "warnings 1", "{out}");
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("games 1, plies 77, errors 0, ")),
        "{out}"
    );
}

#[test]
fn a_game_read_up_to_its_illegal_move_round_trips() {
    // 3. a0a5: the soldier on a3 stands in the chariot's way.
    let text = "[Result \"0-1\"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. a0a5 {red forfeits} 0-1\n";
    let file = read_record_bytes(text.as_bytes());
    let game = file.games[0]
        .game
        .as_ref()
        .expect("read up to the last move");
    assert_eq!(game.move_count(), 4);
    let written = qipu::formats::write_pgn(
        game,
        &qipu::formats::PgnWriteOptions::qipu(qipu::notation::Script::Simplified),
    );
    let back = read_record_bytes(written.as_bytes());
    let again = back.games[0].game.as_ref().expect("read back");
    assert!(game.same_record(again), "{written}");
    assert!(back.games[0].warnings.is_empty(), "{written}");
    assert_eq!(
        again.tags().get(&TagKey::Termination),
        Some(Reason::IllegalMove.key())
    );
    let last = *again.main_line().last().expect("moves");
    assert!(
        again.comment(last).contains("a0a5"),
        "{}",
        again.comment(last)
    );
    assert!(again.comment(last).ends_with("red forfeits"));
}

#[test]
fn an_illegal_move_the_record_does_not_end_on_stays_an_error() {
    let refused = [
        // The result says its mover won.
        "1. h2e2 h9g7 2. h2h9 1-0\n",
        // A draw.
        "1. h2e2 h9g7 2. h2h9 1/2-1/2\n",
        // No result at all.
        "1. h2e2 h9g7 2. h2h9 *\n",
        // Moves follow it.
        "1. h2e2 h9g7 2. h2h9 i9h9 0-1\n",
        // In a variation.
        "1. h2e2 (1. a0a5) h9g7 0-1\n",
        // Text that is no move.
        "1. h2e2 h9g7 2. xyz 0-1\n",
    ];
    for text in refused {
        let file = read_record_bytes(text.as_bytes());
        let read = &file.games[0];
        assert!(
            read.game.is_none() && read.error.is_some(),
            "{text}: {read:?}"
        );
        assert!(read.warnings.is_empty(), "{text}");
    }
}

#[test]
fn the_result_tag_decides_and_a_termination_given_is_kept() {
    // No token: the Result tag says Red lost.
    let file = read_record_bytes(b"[Result \"0-1\"]\n1. h2e2 h9g7 2. h2h9\n");
    let game = file.games[0].game.as_ref().expect("read");
    assert_eq!(game.move_count(), 2);
    assert_eq!(game.ending().map(|e| e.reason), Some(Reason::IllegalMove));
    // The record's own reason stays.
    let file = read_record_bytes(b"[Termination \"three_fouls\"]\n1. h2e2 h9g7 2. h2h9 0-1\n");
    let game = file.games[0].game.as_ref().expect("read");
    assert_eq!(game.ending().map(|e| e.reason), Some(Reason::ThreeFouls));
}

#[test]
fn the_reason_written_after_the_result_is_kept_with_it() {
    // The league's record leaves Black's last move blank and gives the reason after the result.
    let path = shared_path(&format!("{LEAGUE}/league5/TLX-3DC0.PGN"));
    let record = read_record_file(&path).expect("the file reads");
    let game = record.games[0].game.as_ref().expect("the game is read");
    assert_eq!(game.move_count(), 45);
    let last = *game.main_line().last().expect("moves");
    assert_eq!(game.comment(last), "Black forfeits due to illegal move");
    let ending = game.ending().expect("the result with its reason");
    assert_eq!(
        (ending.outcome, ending.reason),
        (Outcome::RedWins, Reason::IllegalMove)
    );
    // Written and read again, the reason stays.
    let written = qipu::formats::write_pgn(
        game,
        &qipu::formats::PgnWriteOptions::qipu(qipu::notation::Script::Simplified),
    );
    assert!(
        written.contains("Black forfeits due to illegal move"),
        "{written}"
    );
    let back = read_record_bytes(written.as_bytes());
    let again = back.games[0].game.as_ref().expect("read back");
    assert!(game.same_record(again), "{written}");
    assert_eq!(again.ending().map(|e| e.reason), Some(Reason::IllegalMove));
}

#[test]
fn a_move_in_check_after_the_result_names_the_illegal_move_and_a_mismatch_names_nothing() {
    let text = "[Result \"1-0\"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 1-0 {Black forfeits due to move in check}\n";
    let file = read_record_bytes(text.as_bytes());
    let game = file.games[0].game.as_ref().expect("read");
    assert_eq!(game.move_count(), 5);
    assert_eq!(game.ending().map(|e| e.reason), Some(Reason::IllegalMove));
    let last = *game.main_line().last().expect("moves");
    assert_eq!(game.comment(last), "Black forfeits due to move in check");
    let text = "[Result \"1-0\"]\n1. h2e2 h9g7 1-0 {Black loses on time}\n";
    let file = read_record_bytes(text.as_bytes());
    let game = file.games[0].game.as_ref().expect("read");
    assert_eq!(game.ending().map(|e| e.reason), Some(Reason::LossOnTime));
    // The comment names the side the result makes the winner: kept, but no reason is taken.
    let text = "[Result \"1-0\"]\n1. h2e2 h9g7 1-0 {Red forfeits due to perpetual check}\n";
    let file = read_record_bytes(text.as_bytes());
    let game = file.games[0].game.as_ref().expect("read");
    assert_eq!(game.tags().get(&TagKey::Termination), None);
    let last = *game.main_line().last().expect("moves");
    assert_eq!(game.comment(last), "Red forfeits due to perpetual check");
}
