//! Arrows and highlighted points: kept in the comments as `[%cal]`/`[%csl]`, they survive
//! saving and opening in every format that keeps comments.

use crate::common::TempFolder;

use qipu::formats::{
    encode_pgn, read_record_file, save_atomic, write_json, write_pgn, PgnWriteOptions, TargetState,
};
use qipu::notation::Script;
use qipu::record::drawing::{drawing, set_drawing};
use qipu::record::{Arrow, DrawColor, Drawing, Game, Highlight};
use qipu::rules::{Move, Position, Square};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn annotated() -> Game {
    let mut game = Game::new(Position::startpos());
    let mut at = game.root();
    for m in ["h2e2", "h9g7", "h0g2"] {
        at = game.play(at, Move::parse_iccs(m).unwrap()).unwrap();
    }
    let line = game.main_line();
    let mut start = Drawing::default();
    start.toggle_highlight(Highlight {
        square: sq("e0"),
        color: DrawColor::Red,
    });
    let root = game.root();
    set_drawing(&mut game, root, &start);
    game.set_comment(line[0], "當頭炮");
    let mut first = Drawing::default();
    first.toggle_arrow(Arrow {
        from: sq("e2"),
        to: sq("e6"),
        color: DrawColor::Red,
    });
    first.toggle_highlight(Highlight {
        square: sq("e6"),
        color: DrawColor::Yellow,
    });
    set_drawing(&mut game, line[0], &first);
    let mut third = Drawing::default();
    third.toggle_arrow(Arrow {
        from: sq("i0"),
        to: sq("h0"),
        color: DrawColor::Green,
    });
    third.toggle_arrow(Arrow {
        from: sq("b2"),
        to: sq("b6"),
        color: DrawColor::Blue,
    });
    set_drawing(&mut game, line[2], &third);
    game
}

fn check(read: &Game, original: &Game) {
    let (a, b) = (read.main_line(), original.main_line());
    assert_eq!(a.len(), b.len());
    assert_eq!(
        drawing(read, read.root()),
        drawing(original, original.root())
    );
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(drawing(read, *x), drawing(original, *y));
    }
    assert_eq!(qipu::record::strip_drawing(read.comment(a[0])), "當頭炮");
    assert_eq!(drawing(read, a[2]).arrows.len(), 2);
}

#[test]
fn drawings_survive_pgn_save_and_open() {
    let game = annotated();
    for (name, options) in [
        ("qipu.pgn", PgnWriteOptions::qipu(Script::Simplified)),
        (
            "wizard.pgn",
            PgnWriteOptions::xiangqi_wizard(Script::Traditional),
        ),
    ] {
        let text = write_pgn(&game, &options);
        assert!(text.contains("[%cal Re2e6]"), "{text}");
        let encoded = encode_pgn(&text, &options);
        assert_eq!(encoded.lost, []);
        let bytes = encoded.bytes;
        let dir = TempFolder::new("drawing");
        let path = dir.join(name);
        save_atomic(&path, &bytes, TargetState::Safe, false).unwrap();
        let file = read_record_file(&path).unwrap();
        let read = file.games[0].game.as_ref().expect("read back");
        check(read, &game);
    }
}

#[test]
fn drawings_survive_json_save_and_open() {
    let game = annotated();
    let dir = TempFolder::new("drawing");
    let path = dir.join("game.json");
    save_atomic(
        &path,
        write_json(&game).as_bytes(),
        TargetState::Safe,
        false,
    )
    .unwrap();
    let file = read_record_file(&path).unwrap();
    check(file.games[0].game.as_ref().expect("read back"), &game);
}
