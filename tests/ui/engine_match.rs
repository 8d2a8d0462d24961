//! Engine against engine from the position on the board, against the built-in engine (the
//! `qipu` program's `uci`): the moves go into the record, the referee's ending stops the match,
//! and Pause holds it.

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::rules::Color;
use qipu::ui::{AppCommand, Command, EngineChoice, MatchSettings, QipuApp, SessionCommand};

use crate::computer::{app, idle, plies, wait_for};
use crate::support::click;

fn apply(harness: &mut Harness<'_, QipuApp>, command: impl Into<Command>) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, command);
    harness.run();
}

fn quick(red_level: u32, black_level: u32) -> MatchSettings {
    let choice = |level| EngineChoice {
        engine: "builtin".to_owned(),
        level,
    };
    MatchSettings {
        red: choice(red_level),
        black: choice(black_level),
        move_time: Duration::from_millis(100),
    }
}

/// Red to move mates in one (車b9); the match ends there by the referee's ruling (4.1.1) and
/// no engine moves after it.
#[test]
fn an_engine_match_ends_at_the_referees_ruling() {
    let mut harness = app();
    apply(
        &mut harness,
        SessionCommand::PasteFen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1".to_owned()),
    );
    apply(&mut harness, AppCommand::StartMatch(quick(20, 0)));
    harness.get_by_label("Engine against engine");
    wait_for(&mut harness, "the end of the game", |h| {
        h.state().session().game_over()
    });
    let session = harness.state().session();
    let result = session.game().result().map(|o| o.pgn());
    assert_eq!(result, Some("1-0"), "Red mates");
    let moves = plies(&harness);
    idle(&mut harness, 600);
    assert_eq!(plies(&harness), moves, "no move after the ending");
    harness.get_by_label("The game is over.");
    click(&mut harness, "Stop the match");
    assert!(harness.query_by_label("Engine against engine").is_none());
}

#[test]
fn an_engine_match_plays_legal_moves_into_the_record_and_pauses() {
    let mut harness = app();
    apply(&mut harness, AppCommand::StartMatch(quick(0, 0)));
    assert_eq!(harness.state().computer_side(), None, "no user side");
    wait_for(&mut harness, "three moves", |h| plies(h) >= 3);
    click(&mut harness, "Pause the match");
    let paused_at = plies(&harness);
    idle(&mut harness, 600);
    assert_eq!(plies(&harness), paused_at, "a paused match waits");
    click(&mut harness, "Resume the match");
    wait_for(&mut harness, "the next move", |h| plies(h) > paused_at);
    click(&mut harness, "Pause the match");
    let session = harness.state().session();
    let game = session.game();
    let line = game.main_line();
    for (i, &node) in line.iter().enumerate() {
        let before = game.position(game.parent(node).expect("a move"));
        let mv = game.move_of(node).expect("a move");
        assert!(
            before.legal_moves().contains(&mv),
            "move {} is legal",
            i + 1
        );
        let mover = if i % 2 == 0 { Color::Red } else { Color::Black };
        assert_eq!(before.side_to_move(), mover);
    }
}

/// Started inside a game, the engines play a variation from the move on the board; the main
/// line stays.
#[test]
fn an_engine_match_inside_a_game_plays_a_variation() {
    let mut harness = app();
    for iccs in ["h2e2", "h9g7", "h0g2"] {
        apply(
            &mut harness,
            SessionCommand::TryMove(qipu::rules::Move::parse_iccs(iccs).expect("ICCS")),
        );
    }
    apply(&mut harness, SessionCommand::Back);
    apply(&mut harness, SessionCommand::Back);
    let first = harness.state().session().cursor();
    let main = harness.state().session().game().main_line();
    apply(&mut harness, AppCommand::StartMatch(quick(0, 0)));
    wait_for(&mut harness, "a move", |h| {
        h.state().session().game().children(first).len() > 1
            || h.state().session().cursor() != first
    });
    click(&mut harness, "Pause the match");
    let session = harness.state().session();
    assert_eq!(
        session.game().main_line()[..3],
        main[..],
        "the main line stays"
    );
}
