//! Transcription: every input form, ambiguous and wrong moves with their messages and
//! candidates, whole lines, corrections in the middle, undo.

#[path = "../common/mod.rs"]
mod common;

use qipu::lang::Language;
use qipu::notation::{MoveStyle, Notation, TandemConvention, WriteOptions};
use qipu::record::{Game, Mark};
use qipu::rules::{Color, Move, Position};
use qipu::transcribe::{read_typed, EntryError, Slip, Stop, Transcriber};

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for m in moves {
        pos = pos.play(mv(m)).unwrap();
    }
    pos
}

fn iccs(game: &Game) -> Vec<String> {
    game.main_line()
        .into_iter()
        .map(|n| game.move_of(n).unwrap().to_string())
        .collect()
}

#[test]
fn every_form_of_the_central_cannon() {
    let pos = Position::startpos();
    for text in [
        "炮二平五",
        "砲二平五",
        "炮2平5",
        "炮２平５",
        "炮25",
        "炮2.5",
        "炮2=5",
        "c25",
        "C25",
        "Ｃ２５",
        "25",
        "C2.5",
        "c2.5",
        "c2=5",
        "h2e2",
        "H2-E2",
        "62.5",
        "625",
        "7242",
    ] {
        assert_eq!(read_typed(&pos, text), Ok(vec![mv("h2e2")]), "{text}");
    }
}

#[test]
fn every_form_of_a_black_horse_move() {
    let pos = after(&["h2e2"]);
    for text in [
        "馬８進７",
        "马8进7",
        "馬8上7",
        "傌８進７",
        "馬87\u{332}",
        "馬8+7",
        "h8+7",
        "n8+7",
        "H8+7",
        "48+7",
        "8+7",
        "h9g7",
        "7967",
    ] {
        assert_eq!(read_typed(&pos, text), Ok(vec![mv("h9g7")]), "{text}");
    }
}

#[test]
fn unmarked_abbreviations_give_candidates() {
    let pos = Position::startpos();
    assert_eq!(read_typed(&pos, "炮84"), Ok(vec![mv("b2f2"), mv("b2b6")]));
    assert_eq!(read_typed(&pos, "c84"), Ok(vec![mv("b2f2"), mv("b2b6")]));
    assert_eq!(read_typed(&pos, "84"), Ok(vec![mv("b2f2"), mv("b2b6")]));
}

#[test]
fn wrong_moves_say_why() {
    let pos = Position::startpos();
    let e = read_typed(&pos, "炮二進五").unwrap_err();
    assert_eq!(
        e.to_string(),
        "'炮二進五' (h2h7) is illegal: a cannon captures over exactly one screen"
    );
    let e = read_typed(&pos, "馬二平三").unwrap_err();
    assert_eq!(e.to_string(), "'馬二平三': a horse cannot move like that");
    // `15`: only the chariot stands on file 1 and can go along it; the soldier blocks it.
    assert_eq!(
        read_typed(&pos, "15").unwrap_err().to_string(),
        "'15' (i0i5) is illegal: a piece stands in the way"
    );
    let bare = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    assert_eq!(
        read_typed(&bare, "25").unwrap_err(),
        EntryError::NothingFits {
            text: "25".into(),
            file: 2
        }
    );
    assert_eq!(
        read_typed(&bare, "25")
            .unwrap_err()
            .message(Language::SimplifiedChinese),
        "「25」第 2 路没有能这样走的棋子"
    );
    assert_eq!(read_typed(&pos, " ").unwrap_err(), EntryError::Empty);
}

fn new_game() -> (Game, Transcriber) {
    (Game::new(Position::startpos()), Transcriber::new())
}

#[test]
fn typed_moves_enter_one_by_one() {
    let (mut game, mut t) = new_game();
    // `23`: after 1. 炮二平五 only the horse stands on Red's file 2, so the piece is clear.
    for text in ["炮二平五", "h8+7", "23", "i9h9"] {
        let entry = t.enter(&mut game, text);
        assert!(entry.stop.is_none(), "{text}: {:?}", entry.stop);
        assert_eq!(entry.entered.len(), 1);
    }
    assert_eq!(iccs(&game), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(
        t.original_text(&game, game.main_line()[2], &WriteOptions::default())
            .as_deref(),
        Some("23")
    );
}

#[test]
fn an_ambiguous_move_is_numbered_and_a_digit_picks() {
    let (mut game, mut t) = new_game();
    let entry = t.enter(&mut game, "炮84");
    let stop = entry.stop.expect("two moves fit");
    let Stop::Ambiguous { candidates, at, .. } = &stop else {
        panic!("{stop:?}")
    };
    assert_eq!(candidates, &[mv("b2f2"), mv("b2b6")]);
    assert_eq!((at.round, at.side, at.ply), (1, Color::Red, 1));
    assert_eq!(
        stop.message(Language::English, &Notation::ChineseTraditional.into()),
        "Move 1. (Red): '炮84' fits 2 moves: 1. 炮八平四 (b2f2)  2. 炮八進四 (b2b6). Type the digit of the move meant."
    );
    assert_eq!(
        stop.message(Language::SimplifiedChinese, &Notation::ChineseSimplified.into()),
        "第 1 回合红方「炮84」可能是 2 种着法：1. 炮八平四 (b2f2)  2. 炮八进四 (b2b6)。请输入数字选择。"
    );
    assert!(game.main_line().is_empty());
    // A digit out of range changes nothing.
    assert!(t.enter(&mut game, "3").stop.is_some());
    assert!(game.main_line().is_empty());
    let entry = t.enter(&mut game, "2");
    assert!(entry.stop.is_none());
    assert_eq!(iccs(&game), ["b2b6"]);
}

#[test]
fn the_candidates_are_written_with_the_tandem_convention_chosen() {
    // Two red chariots on file 六 (d3, d0): 車61 without strokes fits four moves, and only the
    // front chariot can go back one.
    let start = Position::from_fen("5k3/9/9/9/9/9/3R5/9/9/3RK4 w - - 0 1").expect("FEN");
    let mut game = Game::new(start);
    let mut t = Transcriber::new();
    let stop = t.enter(&mut game, "車61").stop.expect("four moves fit");
    let Stop::Ambiguous { candidates, .. } = &stop else {
        panic!("{stop:?}")
    };
    assert_eq!(candidates[1], mv("d3d2"));
    let textbook = MoveStyle::from(Notation::ChineseTraditional);
    let by_file = MoveStyle {
        notation: Notation::ChineseTraditional,
        options: WriteOptions {
            tandem: TandemConvention::File,
            ..WriteOptions::default()
        },
    };
    let message = stop.message(Language::English, &textbook);
    assert!(message.contains("2. 前車退一 (d3d2)"), "{message}");
    let message = stop.message(Language::English, &by_file);
    assert!(message.contains("2. 車六退一 (d3d2)"), "{message}");
    // Both chariots can advance one: 前 and 後 stay.
    assert!(message.contains("前車進一 (d3d4)"), "{message}");
}

#[test]
fn a_wrong_move_says_why_and_suggests_the_nearest() {
    let (mut game, mut t) = new_game();
    t.enter(&mut game, "炮二平五");
    // 馬８退７ for 馬８進７: the horse cannot go back off the board.
    let stop = t.enter(&mut game, "馬８退７").stop.expect("no fit");
    let Stop::Misfit { suggestions, .. } = &stop else {
        panic!("{stop:?}")
    };
    assert_eq!(suggestions[0].mv, mv("h9g7"));
    assert_eq!(suggestions[0].slip, Slip::Direction);
    assert_eq!(
        stop.message(Language::English, &Notation::ChineseTraditional.into()),
        "Move 1… (Black): '馬８退７': the move would leave the board. Nearest legal moves: 馬８進７ (h9g7)."
    );
    // Wrong file: 炮二平五 again for Black's cannon on file 2 (Black has it on 2 and 8).
    let stop = t.enter(&mut game, "炮３平５").stop.expect("no cannon on 3");
    let Stop::Misfit {
        suggestions, error, ..
    } = &stop
    else {
        panic!("{stop:?}")
    };
    assert!(matches!(error, EntryError::Notation(_)));
    let near: Vec<Move> = suggestions.iter().map(|s| s.mv).collect();
    assert!(near.contains(&mv("b7e7")), "{near:?}");
    assert!(near.contains(&mv("h7e7")), "{near:?}");
    assert_eq!(
        stop.message(Language::TraditionalChinese, &Notation::ChineseTraditional.into()),
        "第 1 回合黑方：「炮３平５」該處沒有這個棋子。相近的合法著法：炮２平５ (b7e7), 炮８平５ (h7e7)。"
    );
    // Typing again replaces the stopped move.
    assert!(t.enter(&mut game, "馬８進７").stop.is_none());
    assert_eq!(iccs(&game), ["h2e2", "h9g7"]);
    assert_eq!(t.held().count(), 0);
}

#[test]
fn front_and_rear_are_suggested() {
    // Two red chariots on file 5 (e): 前車 and 後車.
    let pos = Position::from_fen("3k5/9/9/9/4R4/9/4R4/9/9/4K4 w - - 0 1").unwrap();
    let mut game = Game::new(pos);
    let mut t = Transcriber::new();
    // 後車進四 would run into the front chariot; 前車進四 is what was meant.
    let stop = t.enter(&mut game, "後車進四").stop.expect("blocked");
    let Stop::Misfit { suggestions, .. } = &stop else {
        panic!("{stop:?}")
    };
    assert!(suggestions
        .iter()
        .any(|s| s.mv == mv("e5e9") && s.slip == Slip::FrontRear));
}

const OPENING: &str =
    "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 馬２進３ 4. 兵七進一 卒７進１";

#[test]
fn a_pasted_line_enters_every_move() {
    let (mut game, mut t) = new_game();
    let entry = t.enter(&mut game, OPENING);
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(entry.entered.len(), 8);
    assert_eq!(
        iccs(&game),
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "g6g5"]
    );
}

#[test]
fn a_pasted_line_stops_at_the_first_problem_with_its_number() {
    let (mut game, mut t) = new_game();
    let entry = t.enter(
        &mut game,
        "1. 炮二平五 馬８進７ 2. 馬二進三 車９進８ 3. 車一平二 馬２進３",
    );
    assert_eq!(entry.entered.len(), 3);
    let stop = entry.stop.expect("車９進８ fits nothing");
    assert_eq!((stop.at().round, stop.at().side), (2, Color::Black));
    assert!(stop
        .message(Language::English, &Notation::ChineseTraditional.into())
        .starts_with("Move 2… (Black): '車９進８'"));
    let held: Vec<&str> = t.held().map(|h| h.text.as_str()).collect();
    assert_eq!(held, ["車９進８", "車一平二", "馬２進３"]);
    // The clerk types the right move; the held ones follow.
    let entry = t.enter(&mut game, "車９平８");
    assert!(entry.stop.is_none());
    assert_eq!(entry.entered.len(), 3);
    assert_eq!(game.main_line().len(), 6);
}

#[test]
fn a_missed_move_shows_in_the_numbers() {
    let (mut game, mut t) = new_game();
    // Black's 1… move was not copied: 2. comes while Black is to move.
    let entry = t.enter(&mut game, "1. 炮二平五 2. 馬二進三 車９平８");
    let stop = entry.stop.expect("numbering");
    assert!(matches!(stop, Stop::Numbering { .. }));
    assert_eq!(
        stop.message(Language::English, &Notation::ChineseTraditional.into()),
        "Move 1… (Black): '2. 馬二進三' is numbered 2. but the record is at 1…; a move may be missing or doubled."
    );
    // Typing the missed move puts it before the held ones.
    let entry = t.enter(&mut game, "馬８進７");
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(iccs(&game), ["h2e2", "h9g7", "h0g2", "i9h9"]);
}

#[test]
fn marks_and_comments_in_a_line_are_kept() {
    let (mut game, mut t) = new_game();
    t.enter(&mut game, "{中炮} 1. 炮二平五! {當頭炮} 馬８進７?!");
    let line = game.main_line();
    assert_eq!(game.comment(game.root()), "中炮");
    assert_eq!(game.mark(line[0]), Some(Mark::Good));
    assert_eq!(game.comment(line[0]), "當頭炮");
    assert_eq!(game.mark(line[1]), Some(Mark::Dubious));
}

#[test]
fn insert_a_missed_move_in_the_middle() {
    let (mut game, mut t) = new_game();
    // The clerk missed 2. 兵三進一 卒３進１.
    t.enter(&mut game, "1. 炮二平五 馬８進７ 3. 兵七進一 卒７進１")
        .stop
        .expect("numbering shows the gap");
    t.ignore_number(&mut game);
    assert_eq!(iccs(&game), ["h2e2", "h9g7", "c3c4", "g6g5"]);
    game.set_comment(game.main_line()[3], "挺卒");
    let second = game.main_line()[1];
    let entry = t.insert_after(
        &mut game,
        second,
        "兵三進一 卒３進１",
        &WriteOptions::default(),
    );
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(
        iccs(&game),
        ["h2e2", "h9g7", "g3g4", "c6c5", "c3c4", "g6g5"]
    );
    // Re-read moves keep their text and their comments.
    let line = game.main_line();
    assert_eq!(
        t.original_text(&game, line[5], &WriteOptions::default())
            .as_deref(),
        Some("卒７進１")
    );
    assert_eq!(game.comment(line[5]), "挺卒");
}

#[test]
fn replace_a_wrong_move_and_flag_the_first_misfit() {
    let (mut game, mut t) = new_game();
    assert!(t
        .enter(
            &mut game,
            "炮二平五 馬８進７ 馬二進三 馬２進３ 車一平二 車９平８"
        )
        .stop
        .is_none());
    game.set_mark(game.main_line()[2], Some(Mark::Good));
    // 馬二進三 was really 兵三進一: the horse stays home, so 車一平二 is blocked now.
    let third = game.main_line()[2];
    let entry = t.replace(&mut game, third, "兵三進一", &WriteOptions::default());
    assert_eq!(iccs(&game), ["h2e2", "h9g7", "g3g4", "b9c7"]);
    // The replaced move keeps its mark.
    assert_eq!(game.mark(game.main_line()[2]), Some(Mark::Good));
    let stop = entry.stop.expect("車一平二 is blocked by the horse");
    assert_eq!(
        (stop.at().round, stop.at().side, stop.at().ply),
        (3, Color::Red, 5)
    );
    assert_eq!(
        stop.message(Language::English, &Notation::ChineseTraditional.into()),
        "Move 3. (Red): '車一平二' (i0h0) is illegal: a piece cannot capture its own side. Nearest legal moves: 車一進二 (i0i2)."
    );
    let held: Vec<&str> = t.held().map(|h| h.text.as_str()).collect();
    assert_eq!(held, ["車一平二", "車９平８"]);
}

#[test]
fn remove_a_doubled_move() {
    let (mut game, mut t) = new_game();
    t.enter(&mut game, "炮二平五 馬８進７ 馬二進三 車９平８");
    let third = game.main_line()[2];
    let entry = t.remove(&mut game, third, &WriteOptions::default());
    // 車９平８ is Black's move (its digits say so): never read as Red's 車九平八.
    assert_eq!(iccs(&game), ["h2e2", "h9g7"]);
    assert!(
        matches!(
            entry.stop,
            Some(Stop::OutOfStep {
                written: Color::Black,
                ..
            })
        ),
        "{:?}",
        entry.stop
    );
}

#[test]
fn replacing_keeps_the_variations_order() {
    let (mut game, mut t) = new_game();
    t.enter(&mut game, "炮二平五 馬８進７");
    let root = game.root();
    let variation = game.play(root, mv("b2e2")).unwrap();
    let first = game.main_line()[0];
    t.replace(&mut game, first, "兵七進一", &WriteOptions::default());
    assert_eq!(game.move_of(game.children(root)[0]), Some(mv("c3c4")));
    assert_eq!(game.children(root)[1], variation);
}

fn moves_after(game: &Game, node: qipu::record::NodeId) -> Vec<String> {
    game.children(node)
        .iter()
        .map(|&c| game.move_of(c).unwrap().to_string())
        .collect()
}

/// A move corrected in the middle: the variations after it are re-read as the main line is;
/// those that still fit stay (with their comments and what follows them), those whose move no
/// longer fits go, and Undo brings back the record whole.
#[test]
fn replacing_a_move_keeps_the_later_variations_that_still_fit() {
    let (mut game, mut t) = new_game();
    t.enter(
        &mut game,
        "炮二平五 馬８進７ 馬二進三 車９平８ 兵七進一 馬２進３",
    );
    let line = game.main_line();
    // Beside 2... 車９平８: 2... 卒７進１ with a comment, then 3. 車一平二 or 3. 兵三進一.
    let pawn = game.play(line[2], mv("g6g5")).unwrap();
    game.set_comment(pawn, "挺卒");
    game.play(pawn, mv("i0h0")).unwrap();
    game.play(pawn, mv("g3g4")).unwrap();
    // Beside 3. 兵七進一: 3. 炮八平六. Beside 3... 馬２進３: 3... 炮８平９.
    game.play(line[3], mv("b2d2")).unwrap();
    game.play(line[4], mv("h7i7")).unwrap();

    // 2. 馬二進三 was really 2. 馬八進七: the main line still fits; 炮八平六 is blocked by
    // the horse on c2 now, and 車一平二 by the horse still on h0.
    let entry = t.replace(&mut game, line[2], "馬八進七", &WriteOptions::default());
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(
        iccs(&game),
        ["h2e2", "h9g7", "b0c2", "i9h9", "c3c4", "b9c7"]
    );
    let new = game.main_line();
    assert_eq!(moves_after(&game, new[2]), ["i9h9", "g6g5"]);
    assert_eq!(moves_after(&game, new[3]), ["c3c4"]);
    assert_eq!(moves_after(&game, new[4]), ["b9c7", "h7i7"]);
    // The variation keeps its comment and what still fits after it.
    let pawn = game.children(new[2])[1];
    assert_eq!(game.comment(pawn), "挺卒");
    assert_eq!(moves_after(&game, pawn), ["g3g4"]);
}

#[test]
fn a_corrected_black_move_keeps_the_variations_beside_the_later_moves() {
    let (mut game, mut t) = new_game();
    t.enter(&mut game, "炮二平五 馬８進７ 馬二進三 卒７進１");
    let line = game.main_line();
    // Beside 2... 卒７進１: 2... 馬７退５ (the horse 1... 馬８進７ brought out) and 2... 卒３進１.
    game.play(line[2], mv("g7e8")).unwrap();
    game.play(line[2], mv("c6c5")).unwrap();
    // 1... 馬８進７ was really 1... 馬２進３: no horse on file 7 any more for 馬７退５.
    let entry = t.replace(&mut game, line[1], "馬２進３", &WriteOptions::default());
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(iccs(&game), ["h2e2", "b9c7", "h0g2", "g6g5"]);
    assert_eq!(moves_after(&game, game.main_line()[2]), ["g6g5", "c6c5"]);
}

/// Real games written as scoresheets in every notation Qipu writes, pasted at once: every move
/// is entered, and the record is the game.
#[test]
fn pasted_scoresheets_of_real_games_enter_in_full() {
    use qipu::formats::read_record_file;
    use qipu::notation::{write_move, WriteOptions};
    let path = common::shared_path("corpus/wukong_xqdb/xqdb/games_pgn/bulk_games_uci.pgn");
    let file = read_record_file(&path).expect("the corpus file reads");
    let games: Vec<Game> = file.games.into_iter().filter_map(|g| g.game).collect();
    assert_eq!(games.len(), 15);
    let mut plies = 0;
    for source in &games {
        for notation in [
            Notation::ChineseSimplified,
            Notation::ChineseTraditional,
            Notation::Abbreviated,
            Notation::Wxf,
            Notation::Iccs,
        ] {
            let mut sheet = String::new();
            for node in source.main_line() {
                let pos = source.position_before(node);
                if pos.side_to_move() == Color::Red {
                    sheet.push_str(&format!("{}. ", pos.fullmove_number()));
                }
                let mv = source.move_of(node).unwrap();
                sheet.push_str(&write_move(pos, mv, notation, &WriteOptions::default()));
                sheet.push(' ');
            }
            let mut game = Game::new(source.start().clone());
            let entry = Transcriber::new().enter(&mut game, &sheet);
            assert!(entry.stop.is_none(), "{notation}: {:?}", entry.stop);
            assert_eq!(
                game.moves_to(game.cursor()),
                source.moves_to(*source.main_line().last().unwrap())
            );
            plies += entry.entered.len();
        }
    }
    assert!(plies > 1000, "{plies}");
}

fn qipu_with_input(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = common::qipu_command()
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("qipu runs");
    let written = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes());
    // A usage error ends the program before it reads its input: the pipe is then closed.
    if let Err(e) = written {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "input written: {e}"
        );
    }
    child.wait_with_output().expect("qipu ends")
}

#[test]
fn transcribe_subcommand_writes_the_record_or_the_first_problem() {
    let out = qipu_with_input(&["transcribe"], "1. c25 h8+7 2. 23 i9h9");
    assert!(out.status.success());
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(
        pgn.contains("1. 炮二平五 馬８進７\n2. 馬二進三 車９平８"),
        "{pgn}"
    );
    let out = qipu_with_input(&["transcribe", "--lang", "zh-Hant"], "1. 炮二平五 馬８退７");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap().trim(),
        "qipu: 第 1 回合黑方：「馬８退７」走出棋盤。相近的合法著法：馬８進７ (h9g7)。"
    );
}

#[test]
fn transcribe_subcommand_writes_moves_in_the_tandem_convention_chosen() {
    // Two red chariots on file 六 (d3, d0); only the front one can go back one.
    let fen = "5k3/9/9/9/9/9/3R5/9/9/3RK4 w - - 0 1";
    let pgn = |args: &[&str]| {
        let out = qipu_with_input(args, "1. 前車退一");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let textbook = pgn(&["transcribe", "--fen", fen]);
    assert!(textbook.contains("1. 前車退一"), "{textbook}");
    let by_file = pgn(&["transcribe", "--fen", fen, "--tandem", "file"]);
    assert!(by_file.contains("1. 車六退一"), "{by_file}");
    // The candidates of an ambiguous move follow it too.
    let stop = |args: &[&str]| {
        let out = qipu_with_input(args, "車61");
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stderr).unwrap()
    };
    let textbook = stop(&["transcribe", "--fen", fen]);
    assert!(textbook.contains("2. 前車退一 (d3d2)"), "{textbook}");
    let by_file = stop(&["transcribe", "--fen", fen, "--tandem", "file"]);
    assert!(by_file.contains("2. 車六退一 (d3d2)"), "{by_file}");
    let out = qipu_with_input(&["transcribe", "--tandem", "front"], "1. c25");
    assert_eq!(out.status.code(), Some(2), "a usage error");
    assert!(String::from_utf8_lossy(&out.stderr).contains("front-back or file"));
}

/// A move played on the board (not typed) is held, after a correction before it, as its
/// traditional Chinese in the tandem convention chosen.
#[test]
fn moves_not_typed_are_held_in_the_tandem_convention_chosen() {
    // Two red chariots on file 六 (d3, d0), the black general on f9 and an advisor on e8.
    let start = Position::from_fen("5k3/4a4/9/9/9/9/3R5/9/9/3RK4 w - - 0 1").expect("FEN");
    for (tandem, written) in [
        (TandemConvention::FrontBack, "前車退一"),
        (TandemConvention::File, "車六退一"),
    ] {
        let writing = WriteOptions {
            tandem,
            ..WriteOptions::default()
        };
        let mut game = Game::new(start.clone());
        for m in ["e0e1", "f9f8", "e1e0", "f8f9", "d3d2"] {
            game.play_at_cursor(mv(m)).expect("legal");
        }
        let mut t = Transcriber::new();
        let line = game.main_line();
        assert_eq!(
            t.original_text(&game, line[4], &writing).as_deref(),
            Some(written)
        );
        // 士５退４ for 將６進１: 將６退１ no longer fits, and the chariot's move waits behind it.
        let stop = t
            .replace(&mut game, line[1], "士５退４", &writing)
            .stop
            .expect("將６退１ no longer fits");
        assert!(matches!(stop, Stop::Misfit { .. }), "{stop:?}");
        let held: Vec<&str> = t.held().map(|h| h.text.as_str()).collect();
        assert_eq!(held, ["將６退１", written]);
    }
}

/// Removing 3. 兵三进一 leaves Black's 卒９进１ first in the line: it was silently read as
/// Red's 兵九进一, a move nobody played. It is Black's by its piece and its digits, so the clerk
/// is told the sides are out of step, and no recorded move is lost while the question is open.
#[test]
fn a_move_written_as_the_other_sides_is_never_played_for_it() {
    let (mut game, mut t) = new_game();
    t.enter(
        &mut game,
        "炮二平五 马８进７ 兵三进一 卒９进１ 马二进三 车９进１",
    );
    let line = game.main_line();
    // Beside 4. 马二进三: 4. 兵七进一.
    game.play(line[3], mv("c3c4")).unwrap();
    let entry = t.remove(&mut game, line[2], &WriteOptions::default());
    let stop = entry.stop.expect("the sides are out of step");
    assert!(
        matches!(
            stop,
            Stop::OutOfStep {
                written: Color::Black,
                ..
            }
        ),
        "{stop:?}"
    );
    assert_eq!(iccs(&game), ["h2e2", "h9g7"]);
    assert_eq!(
        stop.message(Language::English, &Notation::ChineseSimplified.into()),
        "Move 2. (Red): '卒９进１' is written as Black's move, but Red is to move: the sides \
         are out of step. Remove the whole round, or type Red's missing move to insert it before."
    );
    assert_eq!(
        stop.message(
            Language::SimplifiedChinese,
            &Notation::ChineseSimplified.into()
        ),
        "第 2 回合红方：「卒９进１」写的是黑方的着法，但现在轮到红方走棋：红黑双方错位了。\
         请删除整个回合，或输入漏记的红方着法插在它前面。"
    );
    // Every later move waits, with the variation beside it.
    let held: Vec<&str> = t.held().map(|h| h.text.as_str()).collect();
    assert_eq!(held, ["卒９进１", "马二进三", "车９进１"]);
    assert_eq!(t.held().map(|h| h.variation_moves()).sum::<usize>(), 1);

    // Removing the whole round takes 卒９进１ with 兵三进一; the rest reads on in step.
    let mut removed = game.clone();
    let mut t2 = t.clone();
    let entry = t2.remove_round(&mut removed);
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(iccs(&removed), ["h2e2", "h9g7", "h0g2", "i9i8"]);
    assert_eq!(
        moves_after(&removed, removed.main_line()[1]),
        ["h0g2", "c3c4"]
    );

    // Or the clerk types the move that was missed: it goes before 卒９进１.
    let entry = t.enter(&mut game, "兵七进一");
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(
        iccs(&game),
        ["h2e2", "h9g7", "c3c4", "i6i5", "h0g2", "i9i8"]
    );
}

#[test]
fn removing_the_round_of_a_black_move_takes_red_s_move_before_it() {
    let (mut game, mut t) = new_game();
    t.enter(&mut game, "炮二平五 馬８進７ 馬二進三 車９平８ 兵七進一");
    let line = game.main_line();
    // Without 2... 車９平８, Red's 兵七進一 would be Black's move.
    let stop = t
        .remove(&mut game, line[3], &WriteOptions::default())
        .stop
        .expect("out of step");
    assert!(
        matches!(
            stop,
            Stop::OutOfStep {
                written: Color::Red,
                ..
            }
        ),
        "{stop:?}"
    );
    assert_eq!((stop.at().round, stop.at().side), (2, Color::Black));
    let entry = t.remove_round(&mut game);
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(iccs(&game), ["h2e2", "h9g7", "c3c4"]);
}

/// `87` fits 馬八進七 and 炮八平七; the clerk picked the horse. A correction before it re-reads
/// `87` and keeps the pick instead of asking again.
#[test]
fn a_correction_keeps_the_picks_made_for_ambiguous_moves() {
    let (mut game, mut t) = new_game();
    t.enter(&mut game, "炮二平五 馬８進７");
    let stop = t.enter(&mut game, "87").stop.expect("two moves fit");
    let Stop::Ambiguous { candidates, .. } = &stop else {
        panic!("{stop:?}")
    };
    let horse = candidates.iter().position(|&m| m == mv("b0c2")).unwrap();
    assert!(t.pick(&mut game, horse + 1).unwrap().stop.is_none());
    t.enter(&mut game, "卒７進１");
    let line = game.main_line();
    let entry = t.replace(&mut game, line[1], "馬２進３", &WriteOptions::default());
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(iccs(&game), ["h2e2", "b9c7", "b0c2", "g6g5"]);
    // And again after a second correction.
    let line = game.main_line();
    let entry = t.insert_after(
        &mut game,
        line[1],
        "兵三進一 卒３進１",
        &WriteOptions::default(),
    );
    assert!(entry.stop.is_none(), "{:?}", entry.stop);
    assert_eq!(
        iccs(&game),
        ["h2e2", "b9c7", "g3g4", "c6c5", "b0c2", "g6g5"]
    );
}

#[test]
fn transcribe_subcommand_never_plays_a_move_for_the_other_side() {
    let out = qipu_with_input(&["transcribe"], "1. 卒９进１ 兵三进一");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("'卒９进１' is written as Black's move, but Red is to move"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

/// A real master game as an abbreviated scoresheet (as Qipu writes it, with its strokes) enters
/// whole, each move without a stroke being a 平 move; the same sheet with the strokes lost stops
/// at its first ambiguous move with the candidates.
#[test]
fn an_abbreviated_scoresheet_without_strokes_stops_with_the_candidates() {
    use qipu::notation::{strip_strokes, write_move, WriteOptions};
    let path = common::shared_path("corpus/wukong_xqdb/xqdb/xqdb/Hu_Ronghua_1391_UCI_games.pgn");
    let text = std::fs::read_to_string(path).expect("UTF-8 PGN");
    // The first game: the moves before the second game's tags.
    let first = text.split("\n[Event").next().expect("a game");
    let game_moves: Vec<Move> = first
        .split_whitespace()
        .filter_map(Move::parse_iccs)
        .collect();
    assert!(game_moves.len() > 30, "{}", game_moves.len());
    let mut pos = Position::startpos();
    let mut sheet = String::new();
    for (i, &m) in game_moves.iter().enumerate() {
        if i % 2 == 0 {
            sheet.push_str(&format!("{}. ", i / 2 + 1));
        }
        sheet.push_str(&write_move(
            &pos,
            m,
            Notation::Abbreviated,
            &WriteOptions::default(),
        ));
        sheet.push(' ');
        pos = pos.play(m).unwrap();
    }
    let (mut game, mut t) = new_game();
    assert_eq!(t.enter(&mut game, &sheet).stop, None);
    let expected: Vec<String> = game_moves.iter().map(Move::to_string).collect();
    assert_eq!(iccs(&game), expected);

    let (mut game, mut t) = new_game();
    let entry = t.enter(&mut game, &strip_strokes(&sheet));
    let Some(Stop::Ambiguous { candidates, .. }) = entry.stop else {
        panic!(
            "the plain sheet stops at an ambiguous move: {:?}",
            entry.stop
        );
    };
    assert!(candidates.contains(&game_moves[entry.entered.len()]));
    assert!(candidates.len() > 1, "{candidates:?}");
}
