//! Real master games (the 1,391 games of Hu Ronghua in the wukong collection, ICCS) written in
//! every notation and under every writing convention, then read back as one text each: every
//! game reads back move for move. Abbreviated notation with its strokes reads back exactly (a
//! move without a stroke is a 平 move); with the strokes lost, every move still reads to a set
//! of candidates holding the move played, and the ambiguous ones are reported as such.

use qipu::notation::{
    read_candidates, read_move_with, strip_strokes, write_move, Notation, ReadOptions,
    SoldierConvention, StrokeConvention, TandemConvention, WriteOptions,
};
use qipu::rules::{Move, Position};

use crate::common;
use crate::records::split_games;

/// Every game of the collection as its moves.
fn master_games() -> Vec<Vec<Move>> {
    let path = common::shared_path("corpus/wukong_xqdb/xqdb/xqdb/Hu_Ronghua_1391_UCI_games.pgn");
    let text = std::fs::read_to_string(path).expect("UTF-8 PGN");
    split_games(&text)
        .into_iter()
        .map(|g| {
            g.moves
                .iter()
                .map(|m| Move::parse_iccs(m).unwrap_or_else(|| panic!("ICCS move '{m}'")))
                .collect()
        })
        .collect()
}

fn option_sets() -> Vec<WriteOptions> {
    vec![
        WriteOptions::default(),
        WriteOptions {
            soldiers: SoldierConvention::Textbook,
            tandem: TandemConvention::File,
            strokes: StrokeConvention::OverAdvances,
            full_width_black_digits: false,
            ..WriteOptions::default()
        },
    ]
}

/// The game written in a notation: one text per move.
fn written(moves: &[Move], notation: Notation, options: &WriteOptions) -> Vec<String> {
    let mut pos = Position::startpos();
    moves
        .iter()
        .map(|&mv| {
            let text = write_move(&pos, mv, notation, options);
            pos = pos.play(mv).expect("a legal master move");
            text
        })
        .collect()
}

/// The texts read back as one text (the reading choices come from the whole of it).
fn read_back(
    texts: &[String],
    notation: Notation,
    strokes: StrokeConvention,
) -> Result<Vec<Move>, String> {
    let options = ReadOptions::for_text(texts.iter().map(String::as_str), strokes);
    let mut pos = Position::startpos();
    let mut moves = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let mv = read_move_with(&pos, text, Some(notation), &options)
            .map_err(|e| format!("ply {}: {e}", i + 1))?;
        pos = pos.play(mv).map_err(|e| format!("ply {}: {e}", i + 1))?;
        moves.push(mv);
    }
    Ok(moves)
}

#[test]
fn every_master_game_reads_back_in_every_notation() {
    let games = master_games();
    assert_eq!(games.len(), 1391);
    let mut plies = 0;
    for (g, moves) in games.iter().enumerate() {
        plies += moves.len();
        for options in option_sets() {
            for notation in Notation::ALL {
                let texts = written(moves, notation, &options);
                let back = read_back(&texts, notation, options.strokes)
                    .unwrap_or_else(|e| panic!("game {} in {notation}: {e}", g + 1));
                assert_eq!(&back, moves, "game {} in {notation}", g + 1);
            }
        }
    }
    assert!(plies > 100_000, "{plies} plies");
}

#[test]
fn without_strokes_the_abbreviated_games_stay_ambiguous_with_the_candidates() {
    let games = master_games();
    let (mut ambiguous, mut plies) = (0, 0);
    for moves in games.iter().take(200) {
        let mut pos = Position::startpos();
        for &mv in moves {
            let text = write_move(&pos, mv, Notation::Abbreviated, &WriteOptions::default());
            let plain = strip_strokes(&text);
            let candidates = read_candidates(&pos, &plain, Some(Notation::Abbreviated))
                .unwrap_or_else(|e| panic!("'{plain}': {e}"));
            assert!(candidates.contains(&mv), "'{plain}': {candidates:?}");
            if candidates.len() > 1 {
                ambiguous += 1;
            }
            plies += 1;
            pos = pos.play(mv).expect("legal");
        }
    }
    // Plain text loses the direction of a good share of the moves (formats.md §11.4).
    assert!(ambiguous * 10 > plies, "{ambiguous} of {plies}");
    assert!(ambiguous < plies);
}

#[test]
fn tandem_pieces_are_named_by_file_when_only_one_can_move() {
    // Two red chariots on file 四 (f3 and f6).
    let pos = Position::from_fen("3k5/9/9/5R3/9/9/5R3/9/9/4K4 w - - 0 1").expect("FEN");
    let file = WriteOptions {
        tandem: TandemConvention::File,
        ..WriteOptions::default()
    };
    let textbook = WriteOptions::default();
    let cases = [
        // Only the front chariot reaches f9: the file names it.
        ("f6f9", "前車進三", "車四進三", "車43\u{332}"),
        // Both could advance two: front and rear stay.
        ("f6f8", "前車進二", "前車進二", "前車2\u{332}"),
        // Only the rear chariot goes back to f0.
        ("f3f0", "後車退三", "車四退三", "車43\u{305}"),
        // Both could go to file 六: 後 stays.
        ("f3d3", "後車平六", "後車平六", "後車6"),
    ];
    for (iccs, textbook_text, file_text, abbreviated) in cases {
        let mv = Move::parse_iccs(iccs).expect("ICCS");
        let t = Notation::ChineseTraditional;
        assert_eq!(write_move(&pos, mv, t, &textbook), textbook_text, "{iccs}");
        assert_eq!(write_move(&pos, mv, t, &file), file_text, "{iccs}");
        assert_eq!(
            write_move(&pos, mv, Notation::Abbreviated, &file),
            abbreviated,
            "{iccs}"
        );
        for text in [textbook_text, file_text] {
            assert_eq!(
                read_move_with(&pos, text, Some(t), &ReadOptions::default()),
                Ok(mv),
                "{text}"
            );
        }
    }
}
