//! The analysis panel's lines drawn as arrows on the board: one per line, best first, each a
//! legal move of the position shown; they follow the board to the next position; the pointer on
//! the best one shows its score; View ▸ Engine lines as arrows turns them off.

use std::time::{Duration, Instant};

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::ui::{QipuApp, SessionCommand};

use crate::computer::{app, wait_for};
use crate::support::{click, PATIENCE};

/// Whether the arrows are the lines of the position on the board: ranks 1, 2, … and legal moves.
fn arrows_fit_the_board(harness: &Harness<'_, QipuApp>, lines: usize) -> bool {
    let arrows = harness.state().engine_arrows();
    let position = harness.state().session().position();
    arrows.len() == lines
        && arrows
            .iter()
            .enumerate()
            .all(|(i, a)| a.rank as usize == i + 1 && position.legal_moves().contains(&a.mv))
}

#[test]
fn the_engine_lines_are_arrows_that_follow_the_board_and_show_their_score() {
    let mut harness = app();
    click(&mut harness, "View");
    click(&mut harness, "Analysis panel");
    click(&mut harness, "Start analysis");
    wait_for(&mut harness, "three arrows for the start", |h| {
        arrows_fit_the_board(h, 3)
    });
    // Red plays the engine's best move: the arrows are Black's next.
    let best = harness.state().engine_arrows()[0].mv;
    let ctx = harness.ctx.clone();
    harness
        .state_mut()
        .apply(&ctx, SessionCommand::TryMove(best));
    harness.run();
    wait_for(&mut harness, "three arrows for Black", |h| {
        arrows_fit_the_board(h, 3)
            && h.state().engine_arrows().iter().all(|a| {
                h.state()
                    .session()
                    .position()
                    .piece_at(a.mv.from)
                    .map(|p| p.color)
                    == Some(qipu::rules::Color::Black)
            })
    });
    click(&mut harness, "Stop analysis");

    // The pointer on the best arrow, halfway along it: its move and score.
    let arrow = harness.state().engine_arrows()[0].clone();
    assert!(
        harness.query_by_label(&arrow.label).is_none(),
        "no score until the pointer is on the arrow"
    );
    // The engine's last report after Stop may still change the best line: each time, put the
    // pointer halfway along the best arrow shown, until its move and score show.
    let deadline = Instant::now() + PATIENCE;
    loop {
        let best = harness.state().engine_arrows()[0].clone();
        let from = harness
            .get_by_label(&best.mv.from.to_string())
            .rect()
            .center();
        let to = harness
            .get_by_label(&best.mv.to.to_string())
            .rect()
            .center();
        harness.hover_at(from + (to - from) * 0.5);
        harness.run();
        let shown = harness.state().engine_arrows()[0].clone();
        if shown == best && harness.query_by_label(&best.label).is_some() {
            assert!(
                best.label.starts_with("1. "),
                "the best line: {}",
                best.label
            );
            break;
        }
        assert!(
            Instant::now() < deadline,
            "waited {PATIENCE:?} in vain for the best line's score on hover"
        );
        std::thread::sleep(Duration::from_millis(10));
    }

    click(&mut harness, "View");
    click(&mut harness, "Engine lines as arrows");
    assert!(harness.state().engine_arrows().is_empty(), "turned off");
}
