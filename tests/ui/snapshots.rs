//! The board as drawn, rendered on the CPU (Mesa lavapipe: `WGPU_BACKEND=vulkan`) and compared
//! with the images in tests/snapshots (update with `UPDATE_SNAPSHOTS=true cargo test`).

use eframe::egui;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::record::Drawing;
use qipu::rules::{Move, Position, Square};
use qipu::ui::board::{self, BoardView};
use qipu::ui::fonts;

fn snapshot_board(
    name: &str,
    position: Position,
    last_move: Option<Move>,
    flipped: bool,
    selected: Option<Square>,
) {
    let destinations: Vec<Square> = selected
        .map(|from| {
            position
                .legal_moves()
                .iter()
                .filter(|mv| mv.from == from)
                .map(|mv| mv.to)
                .collect()
        })
        .unwrap_or_default();
    let mut harness = Harness::builder()
        .with_size([505.0, 555.0])
        .with_context_setup(|ctx| ctx.set_fonts(fonts::definitions()))
        .wgpu()
        .build_ui(move |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                let view = BoardView {
                    position: &position,
                    flipped,
                    selected,
                    destinations: &destinations,
                    last_move,
                    drawing: &Drawing::default(),
                    engine_lines: &[],
                };
                board::show(ui, &view);
            });
        });
    harness.run();
    harness.snapshot(name);
}

fn iccs(text: &str) -> Move {
    Move::parse_iccs(text).expect("test move is ICCS")
}

#[test]
fn board_start_position() {
    snapshot_board("board_start", Position::startpos(), None, false, None);
}

#[test]
fn board_with_last_move_check_and_selection() {
    // Red's chariot has just come to i9: check along Black's back rank.
    let before = Position::from_fen("3k5/4a4/9/9/2p6/9/9/9/4A4/4K3R w - - 0 1").expect("FEN");
    let mv = iccs("i0i9");
    let after = before.play(mv).expect("legal");
    assert!(after.in_check());
    snapshot_board(
        "board_check",
        after,
        Some(mv),
        false,
        Some(Square::parse("d9").expect("d9")),
    );
}

#[test]
fn board_flipped_after_opening_moves() {
    let pos = ["h2e2", "h9g7", "h0g2"]
        .iter()
        .fold(Position::startpos(), |pos, mv| {
            pos.play(iccs(mv)).expect("legal")
        });
    snapshot_board("board_flipped", pos, Some(iccs("h0g2")), true, None);
}

/// The record in abbreviated notation (art. 7.5) as the record panel draws it: the stroke under
/// the digit for 進 (相35̲), none for 平 (炮21), over it for 退 (炮11̅); and a line of text with
/// moves, as the referee's evidence is shown.
#[test]
fn abbreviated_moves_have_their_strokes() {
    use qipu::notation::{write_move, Notation, WriteOptions};
    use qipu::ui::move_text;

    let mut position = Position::startpos();
    let mut texts = Vec::new();
    for mv in ["g0e2", "b7a7", "h2h6", "a7a8", "h6h3", "a8a7"] {
        let mv = iccs(mv);
        texts.push(write_move(
            &position,
            mv,
            Notation::Abbreviated,
            &WriteOptions::default(),
        ));
        position = position.play(mv).expect("legal");
    }
    assert_eq!(texts[0], "相35\u{0332}");
    assert_eq!(texts[1], "炮21");
    assert_eq!(texts[3], "炮11\u{0305}");
    let line = format!("{} · {} · {}", texts[2], texts[3], texts[4]);
    let mut harness = Harness::builder()
        .with_size([300.0, 150.0])
        .with_context_setup(|ctx| ctx.set_fonts(fonts::definitions()))
        .wgpu()
        .build_ui(move |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                for (round, pair) in texts.chunks(2).enumerate() {
                    ui.horizontal(|ui| {
                        ui.label((round + 1).to_string());
                        for (i, text) in pair.iter().enumerate() {
                            let selected = round == 1 && i == 1;
                            move_text::button(ui, selected, text, 15.0, egui::vec2(110.0, 22.0));
                        }
                    });
                }
                let weak = ui.visuals().weak_text_color();
                move_text::label(ui, &line, 13.0, weak);
            });
        });
    harness.run();
    harness.get_by_label("相35\u{0332}");
    harness.snapshot("abbreviated_strokes");
}
