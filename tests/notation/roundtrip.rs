//! Every legal move, in positions reached by random play (some starting with three to five
//! soldiers on a file or crowded soldiers on two files), written in every notation and read
//! back to the same move.

use proptest::prelude::*;
use qipu::notation::{
    read_candidates, read_move, strip_strokes, write_move, IccsStyle, Notation, SoldierConvention,
    StrokeConvention, TandemConvention, WriteOptions,
};
use qipu::rules::{Position, START_FEN};

const STARTS: [&str; 10] = [
    START_FEN,
    "3k5/9/2P6/2P6/2P6/9/8P/9/9/5K3 w - - 0 1",
    "4k4/9/9/9/9/6p2/6p2/6p2/6p2/3K5 b - - 0 1",
    "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
    "3k5/9/9/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1",
    "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1",
    "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b - - 0 1",
    "r1bak1b2/4a4/2n1c1n2/2P1P1P1r/2P1P3c/4p1p2/2p3p2/1C2B1N2/4A4/RN1AK1B1R w - - 0 1",
    "2bak4/4a4/4P4/4P1P2/2P3P2/6p2/6p2/3pp4/4A4/2BK5 b - - 0 1",
    "3a1k3/4P4/1r2P4/4P1r2/2R1P4/2p6/2p6/2p6/2p6/3K5 w - - 0 1",
];

fn option_sets() -> Vec<WriteOptions> {
    vec![
        WriteOptions::default(),
        WriteOptions {
            full_width_black_digits: false,
            soldiers: SoldierConvention::Textbook,
            strokes: StrokeConvention::OverAdvances,
            abbreviated_script: qipu::notation::Script::Simplified,
            iccs: IccsStyle::Hyphenated,
            tandem: TandemConvention::File,
        },
    ]
}

fn check_every_move(pos: &Position) -> Result<(), TestCaseError> {
    let fen = pos.to_fen();
    for &mv in pos.legal_moves().iter() {
        for options in option_sets() {
            let read_options = qipu::notation::ReadOptions {
                strokes: options.strokes,
                strokes_kept: true,
            };
            for notation in Notation::ALL {
                let text = write_move(pos, mv, notation, &options);
                let back =
                    qipu::notation::read_move_with(pos, &text, Some(notation), &read_options);
                prop_assert_eq!(
                    back,
                    Ok(mv),
                    "{} {:?} '{}' in {}",
                    notation,
                    options.soldiers,
                    text,
                    fen
                );
                let detected = qipu::notation::read_move_with(pos, &text, None, &read_options);
                prop_assert_eq!(detected, Ok(mv), "detected '{}' in {}", text, fen);
            }
            let plain = strip_strokes(&write_move(pos, mv, Notation::Abbreviated, &options));
            let candidates = read_candidates(pos, &plain, None);
            if let Ok(found) = &candidates {
                let legal = pos.legal_moves();
                prop_assert!(
                    found.iter().all(|m| legal.contains(m)),
                    "'{}' in {}: {:?}",
                    plain,
                    fen,
                    found
                );
            }
            prop_assert!(
                candidates.as_ref().is_ok_and(|c| c.contains(&mv)),
                "unmarked '{}' in {}: {:?}",
                plain,
                fen,
                candidates
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_legal_move_reads_back(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..40)) {
        let mut pos = Position::from_fen(STARTS[start]).expect("valid start");
        check_every_move(&pos)?;
        for choice in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[usize::from(choice) % moves.len()];
            pos = pos.play(mv).expect("generated moves are legal");
            check_every_move(&pos)?;
        }
    }
}

#[test]
fn the_start_positions_are_crowded_as_intended() {
    for fen in STARTS {
        assert!(Position::from_fen(fen).is_ok(), "{fen}");
    }
    let pos = Position::from_fen(STARTS[9]).expect("valid");
    assert_eq!(
        read_move(&pos, "一兵平四", None).map(|m| m.to_string()),
        Ok("e8f8".to_owned())
    );
}
