//! A window too small for the board: the board is left out instead of drawn with text of size
//! zero, which the text renderer refuses with a panic ("Bad px_scale_factor: 0"), and comes back
//! when there is room.

use eframe::egui::{self, vec2};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::record::Drawing;
use qipu::rules::{Move, Position};
use qipu::ui::board::{self, BoardView};
use qipu::ui::SessionCommand;

use crate::support::{self, click, Scripted};

/// The board in a space of `size`: whether it was drawn (its points are there to click).
fn board_in(size: egui::Vec2) -> bool {
    let position = Position::startpos();
    let drawing = Drawing::default();
    let mut fonts = false;
    let mut harness = Harness::builder()
        .with_size(vec2(400.0, 400.0))
        .build_ui(move |ui| {
            // The board's fonts, installed once (they count from the next frame).
            if !fonts {
                ui.ctx().set_fonts(qipu::ui::fonts::definitions());
                fonts = true;
                return;
            }
            let view = BoardView {
                position: &position,
                flipped: false,
                selected: None,
                destinations: &[],
                last_move: None,
                drawing: &drawing,
                engine_lines: &[],
            };
            let rect = egui::Rect::from_min_size(ui.min_rect().min, size);
            ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
                board::show(ui, &view)
            });
        });
    harness.run();
    harness.query_by_label("e2").is_some()
}

#[test]
fn a_board_with_no_room_is_left_out() {
    assert!(!board_in(vec2(0.0, 0.0)));
    assert!(!board_in(vec2(300.0, 0.0)));
    assert!(!board_in(vec2(20.0, 20.0)), "points 2 px apart");
    assert!(board_in(vec2(300.0, 330.0)));
}

/// A long variation in a narrow window, with the analysis panel and the evaluation graph open
/// below the board, then the window shrunk to almost nothing and grown again.
#[test]
fn the_window_shrunk_to_almost_nothing_keeps_running() {
    let mut harness = support::app([640.0, 480.0], Scripted::default(), None);
    let ctx = harness.ctx.clone();
    for iccs in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"] {
        let mv = Move::parse_iccs(iccs).expect("ICCS");
        harness.state_mut().apply(&ctx, SessionCommand::TryMove(mv));
    }
    harness.state_mut().apply(&ctx, SessionCommand::First);
    for iccs in [
        "b2e2", "b9c7", "b0c2", "a9b9", "a0b0", "h9g7", "h0g2", "i9h9",
    ] {
        let mv = Move::parse_iccs(iccs).expect("ICCS");
        harness.state_mut().apply(&ctx, SessionCommand::TryMove(mv));
    }
    harness.run();
    click(&mut harness, "View");
    click(&mut harness, "Evaluation graph");
    click(&mut harness, "View");
    click(&mut harness, "Analysis panel");
    assert!(
        harness.query_by_label("e2").is_some(),
        "the board at 640×480"
    );
    for size in [vec2(320.0, 200.0), vec2(120.0, 60.0), vec2(1.0, 1.0)] {
        harness.set_size(size);
        harness.run();
    }
    assert!(
        harness.query_by_label("e2").is_none(),
        "no room for a board"
    );
    harness.set_size(vec2(1280.0, 900.0));
    harness.run();
    assert!(harness.query_by_label("e2").is_some(), "the board is back");
}
