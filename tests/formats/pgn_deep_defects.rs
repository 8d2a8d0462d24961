//! A move that breaks a rule, put deep into a real XiangQi Wizard record (GBK, as the league
//! files are), is still found and reported with its number, line and column, whichever rule it
//! breaks: the movement of the piece (2.2), the facing generals (2.2, 4.1.2) or the own
//! general left attacked (4.1.6). Reading a GBK or BIG5 file from its codes must drop no check.

use crate::common;

use common::shared_path;
use qipu::formats::{read_record_bytes, GameError, PgnErrorKind, TextEncoding};
use qipu::notation::{read_move, write_move, Notation, NotationError, WriteOptions};
use qipu::rules::{Color, IllegalReason, Move, Position, Square};

const RECORD: &str = "corpus/xqwizard_liangqi/www.xqbase.com/league/league12/EYC-UFX0.PGN";

/// The rules a move is made to break, each at the first ply from `FROM_PLY` on where the side
/// to move has a move breaking it that the record's notation names alone.
const RULES: [IllegalReason; 4] = [
    IllegalReason::LeavesGeneralInCheck,
    IllegalReason::HorseLegBlocked,
    IllegalReason::PathBlocked,
    IllegalReason::CannonNeedsScreen,
];
const FROM_PLY: usize = 60;

/// A move of the side to move in `pos` that breaks `rule`, written as the record writes moves,
/// whose text the reader refuses for that rule (it names no other, legal, move).
fn breaking(pos: &Position, rule: IllegalReason) -> Option<(Move, String)> {
    let mover = pos.side_to_move();
    Square::all()
        .filter(|&from| pos.piece_at(from).is_some_and(|p| p.color == mover))
        .flat_map(|from| Square::all().map(move |to| Move::new(from, to)))
        .filter(|&mv| pos.why_illegal(mv) == Some(rule))
        .map(|mv| {
            (
                mv,
                write_move(
                    pos,
                    mv,
                    Notation::ChineseSimplified,
                    &WriteOptions::default(),
                ),
            )
        })
        .find(|(mv, text)| {
            !text.is_ascii()
                && matches!(read_move(pos, text, None),
                    Err(NotationError::Illegal { mv: m, reason, .. }) if m == *mv && reason == rule)
        })
}

#[test]
fn an_illegal_move_deep_in_a_league_record_is_reported_with_its_place() {
    let bytes = std::fs::read(shared_path(RECORD)).expect("the record");
    let read = read_record_bytes(&bytes);
    assert_eq!(read.encoding, Some(TextEncoding::Gbk));
    let game = read.games[0]
        .game
        .as_ref()
        .expect("the record reads in full");
    let line = game.main_line();
    assert!(line.len() > FROM_PLY + 20, "{} plies", line.len());
    let (text, _, _) = encoding_rs::GB18030.decode(&bytes);
    let lines: Vec<&str> = text.split('\n').collect();
    let mut broken = Vec::new();
    for rule in RULES {
        let found = (FROM_PLY..line.len()).find_map(|ply| {
            let pos = game.position(line[ply - 1]);
            breaking(pos, rule).map(|found| (ply, pos.side_to_move(), found))
        });
        let Some((ply, mover, (mv, written))) = found else {
            continue;
        };
        // The ply's move, in its numbered line: `  N. red black`.
        let number = ply / 2 + 1;
        let (row, record_line) = lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.trim_start().starts_with(&format!("{number}.")))
            .expect("the numbered line of the ply");
        let word = record_line
            .split_whitespace()
            .nth(1 + ply % 2)
            .expect("the move");
        let at = record_line.find(word).expect("the move in its line");
        // The record ends with the broken move: a reader that let it pass would read the game
        // in full. Its result is made unknown: a record whose result says the mover lost
        // ended on that move, and is read up to it (lost_on_an_illegal_move.rs).
        let mut changed: Vec<&str> = lines[..row]
            .iter()
            .map(|l| {
                if l.starts_with("[Result ") {
                    "[Result \"*\"]"
                } else {
                    l
                }
            })
            .collect();
        let replaced = format!("{}{written}", &record_line[..at]);
        changed.push(&replaced);
        let bytes = TextEncoding::Gbk.encode(&changed.join("\n")).bytes;

        let file = read_record_bytes(&bytes);
        let error = match &file.games[0].error {
            Some(GameError::Pgn(e)) => e,
            other => panic!("{rule:?} at ply {ply}: {written} not reported: {other:?}"),
        };
        let expected_side = match mover {
            Color::Red => ".",
            Color::Black => "...",
        };
        assert!(
            matches!(&error.kind, PgnErrorKind::Move { number: n, side, source: NotationError::Illegal { mv: m, reason, .. } }
                if *n as usize == number && *side == expected_side && *m == mv && *reason == rule),
            "{rule:?}: {error}"
        );
        assert_eq!(
            (error.line, error.column),
            (row + 1, record_line[..at].chars().count() + 1),
            "{rule:?}: {error}"
        );
        // What came before the defect is kept: every ply up to it.
        let partial = error.partial.as_ref().expect("the game up to the defect");
        assert_eq!(partial.move_count(), ply, "{rule:?}");
        broken.push(rule);
    }
    // The record has moves breaking each of these deep in the game.
    assert_eq!(broken, RULES);
}
