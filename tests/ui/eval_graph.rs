//! The evaluation graph of the main line: filled in the background by the built-in engine, its
//! count of positions shown while it runs, kept while the record stays as it was, dropped from
//! an edited move on, cancelled on request; a click on it goes to a move, and the pointer on it
//! shows the move and its score beside the pointer.

use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipu::rules::Move;
use qipu::ui::{Command, QipuApp, SessionCommand, GRAPH_LIMIT};

use crate::computer::{app, idle, plies, wait_for};
use crate::support::click;

fn apply(harness: &mut Harness<'_, QipuApp>, command: impl Into<Command>) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, command);
    harness.run();
}

fn play(harness: &mut Harness<'_, QipuApp>, moves: &[&str]) {
    for iccs in moves {
        apply(
            harness,
            SessionCommand::TryMove(Move::parse_iccs(iccs).expect("ICCS")),
        );
    }
}

fn missing(harness: &Harness<'_, QipuApp>) -> Vec<usize> {
    harness.state().evaluation_curve().missing()
}

/// The counts `done/total` shown (the graph's progress, while its analysis runs).
pub fn progress_counts(harness: &Harness<'_, QipuApp>) -> Vec<String> {
    let is_count = |label: &str| {
        label.split_once('/').is_some_and(|(done, total)| {
            done.parse::<usize>().is_ok() && total.parse::<usize>().is_ok()
        })
    };
    harness
        .query_all_by(|node| node.label().is_some_and(|l| is_count(&l)))
        .filter_map(|node| node.accesskit_node().label())
        .collect()
}

fn open_graph(harness: &mut Harness<'_, QipuApp>) {
    click(harness, "View");
    click(harness, "Evaluation graph");
}

/// Red mates with 車b9 (4.1.1): the position before the move is scored as a mate by the engine,
/// the one after without it; both are drawn at the top of the graph.
#[test]
fn the_graph_scores_every_position_and_draws_a_mate_at_the_limit() {
    let mut harness = app();
    apply(
        &mut harness,
        SessionCommand::PasteFen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1".to_owned()),
    );
    play(&mut harness, &["b7b9"]);
    assert!(harness.state().session().game_over(), "mate");
    open_graph(&mut harness);
    click(&mut harness, "Analyse game");
    wait_for(&mut harness, "both positions scored", |h| {
        missing(h).is_empty()
    });
    wait_for(&mut harness, "the analysis over", |h| {
        h.query_by_label("Analyse game").is_some()
    });
    assert_eq!(
        progress_counts(&harness),
        Vec::<String>::new(),
        "the count goes with the analysis"
    );
    let curve = harness.state().evaluation_curve();
    for ply in 0..2 {
        let score = curve.score(ply).expect("scored");
        assert_eq!(
            qipu::ui::clamped(score),
            GRAPH_LIMIT,
            "ply {ply}: {score} is Red's mate, drawn at the top"
        );
    }
    assert!(
        !curve.score(1).expect("scored").to_string().contains('-'),
        "Black is mated, from Red's side"
    );
    harness.get_by_label("Analyse game");
}

#[test]
fn scores_are_kept_until_an_edit_and_a_click_on_the_graph_goes_to_the_move() {
    let mut harness = app();
    play(&mut harness, &["h2e2", "h9g7", "h0g2", "i9h9"]);
    open_graph(&mut harness);
    click(&mut harness, "Analyse game");
    wait_for(&mut harness, "five positions scored", |h| {
        missing(h).is_empty()
    });
    let before: Vec<_> = (0..5)
        .map(|ply| harness.state().evaluation_curve().score(ply))
        .collect();
    assert!(before.iter().all(Option::is_some));
    let start = before[0].expect("scored").centipawns();
    assert!(
        start.abs() < 300,
        "the start position is about level: {start} centipawns"
    );

    // Taking back the last move keeps the scores of the positions before it.
    click(&mut harness, "Game");
    click(&mut harness, "Take back");
    assert_eq!(plies(&harness), 3);
    assert!(missing(&harness).is_empty());
    assert_eq!(harness.state().evaluation_curve().score(3), before[3]);
    // Another move there: only the position after it is to score again.
    play(&mut harness, &["b9c7"]);
    assert_eq!(missing(&harness), vec![4]);
    assert!(
        progress_counts(&harness).is_empty(),
        "no analysis, no count"
    );
    idle(&mut harness, 300);
    assert_eq!(missing(&harness), vec![4], "no analysis until asked");

    // A click on the graph a quarter of the way along: the first move's position.
    let rect = harness
        .get_by_role_and_label(eframe::egui::accesskit::Role::Figure, "Evaluation graph")
        .rect();
    let at = eframe::egui::pos2(rect.left() + rect.width() / 4.0, rect.center().y);
    harness.hover_at(at);
    harness.drag_at(at);
    harness.drop_at(at);
    harness.run();
    let session = harness.state().session();
    assert_eq!(session.cursor(), session.game().main_line()[0]);
}

#[test]
fn cancel_stops_the_analysis_and_keeps_what_was_scored() {
    let mut harness = app();
    play(
        &mut harness,
        &[
            "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9",
        ],
    );
    open_graph(&mut harness);
    click(&mut harness, "Analyse game");
    wait_for(&mut harness, "a first score", |h| missing(h).len() < 9);
    let counts = progress_counts(&harness);
    assert!(
        counts.len() == 1 && counts[0].ends_with("/9"),
        "the count while it runs: {counts:?}"
    );
    click(&mut harness, "Cancel");
    assert!(progress_counts(&harness).is_empty(), "cancelled: no count");
    let left = missing(&harness);
    assert!(!left.is_empty(), "cancelled before the end");
    idle(&mut harness, 1500);
    assert_eq!(missing(&harness), left, "nothing more comes after Cancel");
    harness.get_by_label("Analyse game");
}

/// The pointer on the graph three quarters along: the move there and its score show beside the
/// pointer, not under the graph's left corner.
#[test]
fn the_graph_s_tooltip_is_by_the_pointer() {
    let mut harness = app();
    play(&mut harness, &["h2e2", "h9g7", "h0g2", "i9h9"]);
    open_graph(&mut harness);
    let graph = harness
        .get_by_role_and_label(eframe::egui::accesskit::Role::Figure, "Evaluation graph")
        .rect();
    let pointer = eframe::egui::pos2(graph.left() + graph.width() * 0.75, graph.center().y);
    harness.hover_at(pointer);
    // A tooltip waits for the pointer to rest (half a second; the harness steps a quarter).
    harness.run_steps(4);
    // Three moves along, not scored: `2. 马二进三 ?`.
    let tip = harness
        .query_by_label("2. 马二进三 ?")
        .expect("the tooltip of the third move")
        .rect();
    assert!(
        (tip.left() - pointer.x).abs() < 40.0 && (tip.top() - pointer.y).abs() < 40.0,
        "the tooltip {tip:?} by the pointer {pointer:?} (graph {graph:?})"
    );
}
