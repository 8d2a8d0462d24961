//! The example of art. 7.5: the same three moves recorded in full and abbreviated.

use qipu::notation::{
    read_candidates, read_move, read_move_with, strip_strokes, write_move, Notation, ReadOptions,
    StrokeConvention, WriteOptions,
};
use qipu::rules::{Move, Position};

const ICCS: [&str; 6] = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7h3"];
/// As printed in the rule text (砲 for the cannon of both sides).
const RULE_FULL: [&str; 6] = [
    "砲二平五",
    "馬８進７",
    "馬二進三",
    "車９平８",
    "車一平二",
    "砲８進４",
];
const RULE_ABBREVIATED: [&str; 6] = ["砲25", "馬87", "馬23", "車98", "車12", "砲84"];

fn positions() -> Vec<(Position, Move)> {
    let mut pos = Position::startpos();
    let mut out = Vec::new();
    for iccs in ICCS {
        let mv = Move::parse_iccs(iccs).expect("ICCS");
        let next = pos.play(mv).expect("legal");
        out.push((pos, mv));
        pos = next;
    }
    out
}

#[test]
fn written_in_full_as_xiangqi_wizard_does() {
    let written: Vec<String> = positions()
        .iter()
        .map(|(pos, mv)| {
            write_move(
                pos,
                *mv,
                Notation::ChineseTraditional,
                &WriteOptions::default(),
            )
        })
        .collect();
    assert_eq!(
        written,
        [
            "炮二平五",
            "馬８進７",
            "馬二進三",
            "車９平８",
            "車一平二",
            "炮８進４"
        ]
    );
}

#[test]
fn written_abbreviated_with_strokes_under_for_advance() {
    let written: Vec<String> = positions()
        .iter()
        .map(|(pos, mv)| write_move(pos, *mv, Notation::Abbreviated, &WriteOptions::default()))
        .collect();
    assert_eq!(
        written,
        [
            "炮25",
            "馬87\u{332}",
            "馬23\u{332}",
            "車98",
            "車12",
            "炮84\u{332}"
        ]
    );
    let plain: Vec<String> = written.iter().map(|w| strip_strokes(w)).collect();
    assert_eq!(plain, ["炮25", "馬87", "馬23", "車98", "車12", "炮84"]);
}

#[test]
fn the_stroke_convention_can_be_reversed() {
    let options = WriteOptions {
        strokes: StrokeConvention::OverAdvances,
        ..WriteOptions::default()
    };
    let read = ReadOptions {
        strokes: StrokeConvention::OverAdvances,
        strokes_kept: true,
    };
    for (pos, mv) in positions() {
        let written = write_move(&pos, mv, Notation::Abbreviated, &options);
        assert!(!written.contains('\u{332}'), "{written}");
        assert_eq!(read_move_with(&pos, &written, None, &read), Ok(mv));
    }
    // Read with the other convention, the over-line of 馬87̅ means 退: off the board.
    let (pos, mv) = &positions()[1];
    let written = write_move(pos, *mv, Notation::Abbreviated, &options);
    assert_eq!(written, "馬87\u{305}");
    assert!(read_move(pos, &written, None).is_err());
}

#[test]
fn read_back_from_the_rule_text_in_full() {
    for ((pos, mv), text) in positions().iter().zip(RULE_FULL) {
        assert_eq!(read_move(pos, text, None), Ok(*mv), "{text}");
        assert_eq!(
            read_move(pos, text, Some(Notation::ChineseTraditional)),
            Ok(*mv)
        );
    }
}

#[test]
fn read_back_abbreviated_with_strokes_and_typed_marks() {
    let kept = ReadOptions {
        strokes_kept: true,
        ..ReadOptions::default()
    };
    for (pos, mv) in positions() {
        let written = write_move(&pos, mv, Notation::Abbreviated, &WriteOptions::default());
        assert_eq!(
            read_move_with(&pos, &written, None, &kept),
            Ok(mv),
            "{written}"
        );
        assert_eq!(
            read_move_with(&pos, &written, Some(Notation::Abbreviated), &kept),
            Ok(mv)
        );
    }
    let typed = ["炮2.5", "馬8+7", "馬23+", "車9=8", "車1.2", "炮8+4"];
    for ((pos, mv), text) in positions().iter().zip(typed) {
        assert_eq!(read_move(pos, text, None), Ok(*mv), "{text}");
    }
}

/// Without strokes, as the rule text prints them: legality decides 炮25, 馬87, 馬23, 車98 and
/// 炮84 (炮8平4 is blocked by the horse on g7); 車12 stays ambiguous (車一平二 or 車一進二).
#[test]
fn read_back_unmarked_from_the_rule_text() {
    for ((pos, mv), text) in positions().iter().zip(RULE_ABBREVIATED) {
        let candidates = read_candidates(pos, text, None).expect(text);
        assert!(candidates.contains(mv), "{text}");
        if text == "車12" {
            let i0i2 = Move::parse_iccs("i0i2").expect("ICCS");
            assert_eq!(candidates, vec![*mv, i0i2]);
            assert_eq!(
                read_move(pos, text, None),
                Err(qipu::notation::NotationError::Ambiguous {
                    text: text.to_owned(),
                    candidates,
                })
            );
        } else {
            assert_eq!(candidates, vec![*mv], "{text}");
        }
    }
}

/// formats.md §11.4: 炮84 in the start position and after 炮二平五 is ambiguous.
#[test]
fn unmarked_cannon_moves_that_legality_does_not_resolve() {
    let start = Position::startpos();
    let both = |a: &str, b: &str| {
        let mut v = vec![
            Move::parse_iccs(a).expect("ICCS"),
            Move::parse_iccs(b).expect("ICCS"),
        ];
        v.sort();
        v
    };
    assert_eq!(
        read_candidates(&start, "炮84", None),
        Ok(both("b2f2", "b2b6"))
    );
    let after = start
        .play(Move::parse_iccs("h2e2").expect("ICCS"))
        .expect("legal");
    assert_eq!(
        read_candidates(&after, "炮84", None),
        Ok(both("h7d7", "h7h3"))
    );
    assert_eq!(
        read_candidates(&after, "炮85", None),
        Ok(both("h7e7", "h7h2"))
    );
}
