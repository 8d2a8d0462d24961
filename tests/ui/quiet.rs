//! Pointer input over the board that changes nothing drawn reaches the window with the next
//! input that does, as the event loop's gate passes it on (on a software rasteriser every
//! frame costs tens of milliseconds, whatever it shows). Counted here: the
//! frames the window runs for a click on a piece, the pointer moved there over empty points
//! first, with the gate and without it.

use std::time::Instant;

use eframe::egui::{vec2, Event, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::rules::Square;
use qipu::ui::quiet_input::{self, Button, Gate, Pointer, SharedZone};
use qipu::ui::{AppOptions, QipuApp};

use super::support::Scripted;

/// The app at the size the latency is measured at, publishing its quiet zone; a frame every
/// sixtieth of a second (a press held over a few frames is still a click).
fn quiet_app() -> (Harness<'static, QipuApp>, SharedZone) {
    let mut harness = Harness::builder()
        .with_size([1400.0, 950.0])
        .with_step_dt(1.0 / 60.0)
        .build_eframe(|cc| {
            QipuApp::with_options(
                cc,
                AppOptions {
                    dialogs: Box::new(Scripted::default()),
                    autosave: None,
                },
            )
        });
    let zone = SharedZone::default();
    harness.state_mut().publish_quiet_zone(zone.clone());
    harness.run();
    (harness, zone)
}

fn centre(harness: &Harness<'_, QipuApp>, point: &str) -> Pos2 {
    harness.get_by_label(point).rect().center()
}

/// The gesture, as X11 reports it: the modifier keys (unchanged) around each button event, the
/// pointer moved over empty points to Red's cannon, pressed and released there. Each step is
/// what the gate is told and what egui is given.
fn gesture(harness: &Harness<'_, QipuApp>) -> Vec<(Pointer, Event)> {
    let scale = harness.ctx.pixels_per_point();
    let moved = |pos: Pos2| (Pointer::Moved(pos * scale), Event::PointerMoved(pos));
    let keys = || {
        (
            Pointer::Modifiers(0),
            Event::ModifiersChanged(Modifiers::NONE),
        )
    };
    let cannon = centre(harness, "h2");
    let button = |pressed| Event::PointerButton {
        pos: cannon,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    vec![
        keys(),
        moved(centre(harness, "e5")),
        moved(centre(harness, "d5")),
        moved(centre(harness, "d4")),
        moved(centre(harness, "f4") + vec2(3.0, 2.0)),
        moved(cannon),
        keys(),
        (Pointer::Pressed(Button::Board), button(true)),
        keys(),
        keys(),
        (Pointer::Released, button(false)),
        keys(),
        keys(),
    ]
}

/// The frames the window runs for each step of `steps` given as the event loop gives them
/// without a gate: each event in a frame of its own, and the frames egui asks for after it.
fn frames_ungated(harness: &mut Harness<'_, QipuApp>, steps: Vec<(Pointer, Event)>) -> Vec<u64> {
    steps
        .into_iter()
        .map(|(_, event)| {
            harness.input_mut().events.push(event);
            harness.run()
        })
        .collect()
}

/// The same through the gate: what it holds back costs no frame, and what it passes on
/// reaches the window in one frame.
fn frames_gated(
    harness: &mut Harness<'_, QipuApp>,
    zone: &SharedZone,
    steps: Vec<(Pointer, Event)>,
) -> Vec<u64> {
    let mut gate = Gate::default();
    steps
        .into_iter()
        .map(|(kind, event)| {
            let now = Instant::now();
            let passed = gate.offer(kind, event, quiet_input::read(zone).as_ref(), now);
            if passed.is_empty() {
                0
            } else {
                harness.input_mut().events.extend(passed);
                harness.run()
            }
        })
        .collect()
}

#[test]
fn a_click_on_a_piece_after_moving_over_empty_points_costs_the_frames_of_one_click() {
    let (mut plain, _) = quiet_app();
    let steps = gesture(&plain);
    let ungated = frames_ungated(&mut plain, steps);

    let (mut harness, zone) = quiet_app();
    assert!(
        quiet_input::read(&zone).is_some(),
        "nothing covers the board: the pointer's input there may wait"
    );
    let steps = gesture(&harness);
    let gated = frames_gated(&mut harness, &zone, steps);

    // Through the gate, frames are run for: the first report of the keys, the pointer's
    // arrival on the board, the open hand over the cannon, and the click (press and release
    // together, with the keys' reports dropped).
    let costs: Vec<bool> = gated.iter().map(|&frames| frames > 0).collect();
    let expected = [
        true, true, false, false, false, true, false, false, false, false, true,
    ];
    assert_eq!(
        costs[..expected.len()],
        expected,
        "frames per step {gated:?}"
    );
    assert!(costs[expected.len()..].iter().all(|&c| !c), "{gated:?}");
    let (with, without) = (gated.iter().sum::<u64>(), ungated.iter().sum::<u64>());
    assert!(
        with * 3 <= without,
        "{with} frames through the gate ({gated:?}), {without} without ({ungated:?})"
    );

    // Nothing is lost: the cannon is picked up with its destinations, as without the gate.
    let h2 = Square::parse("h2").expect("h2");
    assert_eq!(plain.state().session().selected(), Some(h2));
    assert_eq!(harness.state().session().selected(), Some(h2));
    assert_eq!(
        harness.state().session().destinations(),
        plain.state().session().destinations()
    );
    assert!(!harness.state().session().destinations().is_empty());
}

#[test]
fn over_an_open_menu_or_a_dragged_piece_every_event_passes() {
    let (mut harness, zone) = quiet_app();
    harness.get_by_label("File").click();
    harness.run();
    assert_eq!(
        quiet_input::read(&zone),
        None,
        "a menu is open over the board"
    );
    harness.key_press(eframe::egui::Key::Escape);
    harness.run();
    assert!(quiet_input::read(&zone).is_some(), "the menu closed");

    let (from, to) = (centre(&harness, "h2"), centre(&harness, "e2"));
    harness.event(Event::PointerMoved(from));
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.run();
    harness.event(Event::PointerMoved(from + (to - from) * 0.5));
    harness.run();
    assert_eq!(quiet_input::read(&zone), None, "a piece is dragged");
}

/// A fast drag through the gate, as the event loop runs it: what the gate passes on an event
/// reaches the window in one frame, and what it passes when the loop is about to wait (after
/// that frame) in the next.
#[test]
fn a_fast_drag_through_the_gate_moves_the_piece_pressed() {
    let (mut harness, zone) = quiet_app();
    let scale = harness.ctx.pixels_per_point();
    let (from, next, to) = (
        centre(&harness, "h2"),
        centre(&harness, "g2"),
        centre(&harness, "e2"),
    );
    let button = |pos, pressed| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    // The pointer's first report after the press is already a point further on, as a quick
    // hand or a slow frame gives it.
    let steps = vec![
        (Pointer::Moved(from * scale), Event::PointerMoved(from)),
        (Pointer::Pressed(Button::Board), button(from, true)),
        (Pointer::Moved(next * scale), Event::PointerMoved(next)),
        (Pointer::Moved(to * scale), Event::PointerMoved(to)),
        (Pointer::Released, button(to, false)),
    ];
    let mut gate = Gate::default();
    for (kind, event) in steps {
        let now = Instant::now();
        for passed in [
            gate.offer(kind, event, quiet_input::read(&zone).as_ref(), now),
            gate.due(quiet_input::read(&zone).as_ref(), now),
        ] {
            if !passed.is_empty() {
                harness.input_mut().events.extend(passed);
                harness.run();
            }
        }
    }
    assert!(!gate.holding());
    let position = harness.state().session().position();
    let square = |name| Square::parse(name).expect("a point");
    assert_eq!(
        position.piece_at(square("e2")).map(|p| p.kind),
        Some(qipu::rules::PieceKind::Cannon),
        "the cannon pressed on h2 is dragged to e2"
    );
    assert_eq!(position.piece_at(square("h2")), None);
}
