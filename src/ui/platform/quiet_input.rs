//! Pointer input that changes nothing drawn, held back so that it costs no frame.
//!
//! On a software rasteriser (Mesa's llvmpipe) a frame of the window costs tens of milliseconds of
//! CPU whatever it shows, and the window draws one, and egui one more to settle, for every pointer
//! event it is given. Over the board, moving the pointer changes nothing drawn but the cursor
//! (an open hand over a piece), and a button pressed changes nothing until it is released or the
//! pointer drags. [`Gate`] holds such events back and passes them on, in their order, with the
//! next event that does change something, so that a click on the board is drawn in one frame:
//! the motion before it, the press and the release together.
//!
//! Where the window's input may be held is the [`QuietZone`] the window publishes after each
//! frame (the board, when nothing covers it); elsewhere (panels, menus, windows, a drag) every
//! event passes at once, as before.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use eframe::egui::{self, Id, Order, Pos2, Rect};

/// Where the pointer's input changes nothing drawn, in physical pixels of the window (as the
/// windowing system reports the pointer).
#[derive(Clone, Debug, PartialEq)]
pub struct QuietZone {
    /// The board.
    pub board: Rect,
    /// Around each point with a piece, where the cursor is an open hand: grown by the distance
    /// at which egui gives the pointer to the nearest widget.
    pub pieces: Vec<Rect>,
    /// How far the pointer may move with a button held before egui takes it for a drag.
    pub click_distance: f32,
}

/// The board as drawn in a pass, in points: where the pointer's input changes nothing drawn
/// but the cursor, which is an open hand over the points with a piece
/// ([`QuietZone`] holds such input back).
#[derive(Clone, Debug, PartialEq)]
pub struct QuietArea {
    /// The board's area.
    pub board: Rect,
    /// The points with a piece.
    pub pieces: Vec<Rect>,
}

/// Where the board leaves the [`QuietArea`] of its pass in egui's memory.
fn quiet_id() -> Id {
    Id::unique("board quiet area")
}

impl QuietArea {
    /// Leave the board drawn in this pass of `ctx` where [`QuietZone::after_pass`] finds it.
    pub fn leave(self, ctx: &egui::Context) {
        let pass = ctx.cumulative_pass_nr();
        ctx.data_mut(|d| d.insert_temp(quiet_id(), (pass, self)));
    }

    /// The board drawn in this pass of `ctx`, if it was.
    fn of_pass(ctx: &egui::Context) -> Option<QuietArea> {
        let (pass, area) = ctx.data(|d| d.get_temp::<(u64, QuietArea)>(quiet_id()))?;
        (pass == ctx.cumulative_pass_nr()).then_some(area)
    }
}

impl QuietZone {
    /// Which piece areas hold `p`: a bit for each of [`QuietZone::pieces`] (a board has 32
    /// pieces at most).
    fn cursor(&self, p: Pos2) -> u64 {
        self.pieces
            .iter()
            .take(64)
            .enumerate()
            .filter(|(_, rect)| rect.contains(p))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// Whether the pointer going from `from` to `to` changes nothing drawn: both on the board,
    /// and the cursor the same.
    pub fn still(&self, from: Pos2, to: Pos2) -> bool {
        self.board.contains(from) && self.board.contains(to) && self.cursor(from) == self.cursor(to)
    }
}

impl QuietZone {
    /// The zone after the pass of `ctx` that ends: the board, when it was drawn, nothing lies
    /// over it (no menu, window, dialog or tooltip open) and nothing is dragged.
    pub fn after_pass(ctx: &egui::Context) -> Option<QuietZone> {
        let area = QuietArea::of_pass(ctx)?;
        let covered = ctx.memory(|m| {
            m.areas()
                .visible_layer_ids()
                .iter()
                .any(|layer| layer.order != Order::Background)
        });
        if covered || ctx.dragged_id().is_some() {
            return None;
        }
        let scale = ctx.pixels_per_point();
        let physical = |rect: Rect| Rect::from_min_max(rect.min * scale, rect.max * scale);
        let radius = ctx.global_style().interaction.interact_radius;
        Some(QuietZone {
            board: physical(area.board),
            pieces: area
                .pieces
                .into_iter()
                .map(|rect| physical(rect.expand(radius)))
                .collect(),
            click_distance: ctx.options(|o| o.input_options.max_click_dist) * scale,
        })
    }
}

/// The zone the window publishes and the event loop reads: `None` where every event must pass.
pub type SharedZone = Arc<Mutex<Option<QuietZone>>>;

/// The zone in `shared`, read without waiting on a poisoned lock (a panic elsewhere leaves the
/// last zone, which is still a zone the window drew).
pub fn read(shared: &SharedZone) -> Option<QuietZone> {
    shared.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Publish `zone` in `shared`.
pub fn publish(shared: &SharedZone, zone: Option<QuietZone>) {
    *shared.lock().unwrap_or_else(|e| e.into_inner()) = zone;
}

/// How long a press held back waits for its release before it is passed on alone: longer than
/// a click, far shorter than egui's long press (0.8 s), which it delays by this much.
pub const PRESS_HOLD: Duration = Duration::from_millis(300);

/// A mouse button, as far as holding it back goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// The primary or secondary button: pressed on the board, nothing is drawn until release.
    Board,
    /// Any other button (the middle one pastes the selection when pressed).
    Other,
}

/// What an event of the window is to the gate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pointer {
    /// The pointer moved to this position (physical pixels).
    Moved(Pos2),
    /// A button was pressed.
    Pressed(Button),
    /// A button was released.
    Released,
    /// The pointer left the window.
    Left,
    /// The modifier keys are reported (as bits): X11 reports them around every button event,
    /// changed or not, and a report of the keys as they were tells egui nothing.
    Modifiers(u32),
    /// An event that tells egui nothing new (a redraw, a raw axis of the pointer device): it
    /// passes alone, and what is held stays held.
    Passive,
    /// Anything else (keys, focus, size): everything held passes before it.
    Other,
}

/// Holds back the pointer's events that change nothing drawn; `E` is the event passed on.
#[derive(Debug)]
pub struct Gate<E> {
    /// Events held back, in their order.
    held: Vec<E>,
    /// The pointer's position as last passed on: where egui believes it is.
    seen: Option<Pos2>,
    /// The position of the last motion held back.
    latest: Option<Pos2>,
    /// A press held back: when, and where the pointer was.
    press: Option<(Instant, Pos2)>,
    /// Whether the last event held is a motion (which the next motion replaces).
    last_moved: bool,
    /// The modifier keys as last passed on.
    modifiers: Option<u32>,
    /// Buttons down that have been passed on.
    down: usize,
    /// Events that wait for the frame of those passed before them: the drag that broke a held
    /// press, and what follows it (see [`Gate::offer`]).
    after_frame: Vec<E>,
}

impl<E> Default for Gate<E> {
    fn default() -> Self {
        Gate {
            held: Vec::new(),
            seen: None,
            latest: None,
            press: None,
            last_moved: false,
            modifiers: None,
            down: 0,
            after_frame: Vec::new(),
        }
    }
}

impl<E> Gate<E> {
    /// An event of the window, `kind` to the gate, under `zone` at `now`: the events to pass
    /// on now, in order (none while it is held back, or when it says nothing new).
    pub fn offer(
        &mut self,
        kind: Pointer,
        event: E,
        zone: Option<&QuietZone>,
        now: Instant,
    ) -> Vec<E> {
        match kind {
            Pointer::Passive => return vec![event],
            Pointer::Modifiers(keys) if self.modifiers.replace(keys) == Some(keys) => {
                return Vec::new();
            }
            _ => {}
        }
        if self.holds(kind, zone) {
            if let Pointer::Moved(to) = kind {
                // Only the last position matters to egui: a held motion replaces the one just
                // before it.
                if self.last_moved {
                    self.held.pop();
                }
                self.latest = Some(to);
            } else {
                let at = self.latest.or(self.seen).unwrap_or_default();
                self.press = Some((now, at));
            }
            self.last_moved = matches!(kind, Pointer::Moved(_));
            self.held.push(event);
            return Vec::new();
        }
        let drags = self.press.is_some() && matches!(kind, Pointer::Moved(_));
        let mut out = self.flush();
        match kind {
            Pointer::Moved(to) => self.seen = Some(to),
            Pointer::Pressed(_) => self.down += 1,
            Pointer::Released => self.down = self.down.saturating_sub(1),
            Pointer::Left => self.seen = None,
            Pointer::Passive | Pointer::Modifiers(_) | Pointer::Other => {}
        }
        if drags || !self.after_frame.is_empty() {
            // egui gives a press to the widget under the pointer in the frame that handles the
            // press: passed with the motion that breaks it, a drag would start from the point
            // the pointer has reached, not the one pressed. So the press passes now, with the
            // pointer where it was pressed, and the motion (and what follows it) after the
            // frame that handles the press ([`Gate::due`]).
            self.after_frame.push(event);
        } else {
            out.push(event);
        }
        out
    }

    /// Whether an event of `kind` changes nothing drawn under `zone`, given what is held.
    fn holds(&self, kind: Pointer, zone: Option<&QuietZone>) -> bool {
        let Some(zone) = zone else {
            return false;
        };
        let pointer = self.latest.or(self.seen);
        match kind {
            Pointer::Moved(to) => match (self.press, self.seen) {
                (Some((_, from)), _) => {
                    zone.board.contains(to) && from.distance(to) < zone.click_distance
                }
                (None, Some(seen)) => self.down == 0 && zone.still(seen, to),
                (None, None) => false,
            },
            Pointer::Pressed(Button::Board) => {
                self.down == 0
                    && self.press.is_none()
                    && pointer.is_some_and(|p| zone.board.contains(p))
            }
            Pointer::Pressed(Button::Other)
            | Pointer::Released
            | Pointer::Left
            | Pointer::Modifiers(_)
            | Pointer::Passive
            | Pointer::Other => false,
        }
    }

    /// What is held, to pass on before anything else.
    fn flush(&mut self) -> Vec<E> {
        if let Some(to) = self.latest.take() {
            self.seen = Some(to);
        }
        if self.press.take().is_some() {
            self.down += 1;
        }
        self.last_moved = false;
        std::mem::take(&mut self.held)
    }

    /// The events held that must pass on now, under the zone published since, asked once the
    /// window has handled what was passed before (the event loop asks when it is about to
    /// wait, after the window's redraw): what waited for that frame, a press that waited
    /// [`PRESS_HOLD`] for its release, or a motion that is no longer still (a piece arrived
    /// under the pointer, a menu opened over the board).
    pub fn due(&mut self, zone: Option<&QuietZone>, now: Instant) -> Vec<E> {
        if !self.after_frame.is_empty() {
            return std::mem::take(&mut self.after_frame);
        }
        let due = match (self.press, zone) {
            (Some((at, _)), _) => now.duration_since(at) >= PRESS_HOLD,
            (None, None) => self.holding(),
            (None, Some(zone)) => match (self.seen, self.latest) {
                (Some(seen), Some(latest)) => !zone.still(seen, latest),
                _ => false,
            },
        };
        if due {
            self.flush()
        } else {
            Vec::new()
        }
    }

    /// When [`Gate::due`] must next be asked: when the held press has waited long enough.
    pub fn deadline(&self) -> Option<Instant> {
        self.press.map(|(at, _)| at + PRESS_HOLD)
    }

    /// Whether anything is held back.
    pub fn holding(&self) -> bool {
        !self.held.is_empty() || !self.after_frame.is_empty()
    }

    /// Whether a button is down as egui knows it: then the pointer's raw motion (what a drag
    /// may follow) matters too.
    pub fn button_down(&self) -> bool {
        self.down > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::{pos2, vec2};

    /// A board from (100, 100) to (500, 550) with pieces at two points (40 px squares).
    fn zone() -> QuietZone {
        QuietZone {
            board: Rect::from_min_max(pos2(100.0, 100.0), pos2(500.0, 550.0)),
            pieces: vec![
                Rect::from_center_size(pos2(140.0, 140.0), vec2(40.0, 40.0)),
                Rect::from_center_size(pos2(300.0, 300.0), vec2(40.0, 40.0)),
            ],
            click_distance: 6.0,
        }
    }

    fn at(x: f32, y: f32) -> Pointer {
        Pointer::Moved(pos2(x, y))
    }

    #[test]
    fn motion_over_empty_points_is_held_and_passes_with_the_click() {
        let zone = zone();
        let now = Instant::now();
        let mut gate = Gate::default();
        assert_eq!(gate.offer(at(200.0, 200.0), 1, Some(&zone), now), vec![1]);
        assert!(gate.offer(at(210.0, 220.0), 2, Some(&zone), now).is_empty());
        assert!(gate.offer(at(230.0, 240.0), 3, Some(&zone), now).is_empty());
        let press = Pointer::Pressed(Button::Board);
        assert!(gate.offer(press, 4, Some(&zone), now).is_empty());
        assert_eq!(gate.deadline(), Some(now + PRESS_HOLD));
        // The motions held replace each other; the press and release pass together.
        assert_eq!(
            gate.offer(Pointer::Released, 5, Some(&zone), now),
            vec![3, 4, 5]
        );
        assert!(!gate.holding());
        assert_eq!(gate.deadline(), None);
    }

    #[test]
    fn a_motion_that_changes_the_cursor_or_leaves_the_board_passes() {
        let zone = zone();
        let now = Instant::now();
        let mut gate = Gate::default();
        gate.offer(at(200.0, 200.0), 1, Some(&zone), now);
        assert!(gate.offer(at(250.0, 250.0), 2, Some(&zone), now).is_empty());
        assert_eq!(
            gate.offer(at(300.0, 305.0), 3, Some(&zone), now),
            vec![2, 3]
        );
        assert!(gate.offer(at(302.0, 300.0), 4, Some(&zone), now).is_empty());
        assert_eq!(
            gate.offer(at(600.0, 300.0), 5, Some(&zone), now),
            vec![4, 5]
        );
        assert_eq!(gate.offer(at(610.0, 300.0), 6, Some(&zone), now), vec![6]);
    }

    #[test]
    fn without_a_zone_everything_passes_and_what_was_held_goes_first() {
        let zone = zone();
        let now = Instant::now();
        let mut gate = Gate::default();
        gate.offer(at(200.0, 200.0), 1, Some(&zone), now);
        assert!(gate.offer(at(220.0, 200.0), 2, Some(&zone), now).is_empty());
        assert_eq!(gate.due(None, now), vec![2]);
        assert_eq!(gate.offer(at(230.0, 200.0), 3, None, now), vec![3]);
        let press = Pointer::Pressed(Button::Board);
        assert_eq!(gate.offer(press, 4, None, now), vec![4]);
    }

    #[test]
    fn a_press_passes_when_it_drags_waits_too_long_or_a_key_comes() {
        let zone = zone();
        let now = Instant::now();
        let press = Pointer::Pressed(Button::Board);
        let mut gate = Gate::default();
        gate.offer(at(200.0, 200.0), 1, Some(&zone), now);
        assert!(gate.offer(press, 2, Some(&zone), now).is_empty());
        assert!(gate.offer(at(203.0, 200.0), 3, Some(&zone), now).is_empty());
        // The press passes with the pointer where it was pressed; the motion that drags, and
        // what comes before the window's next frame, after the frame that handles the press.
        assert_eq!(
            gate.offer(at(220.0, 200.0), 4, Some(&zone), now),
            vec![2, 3]
        );
        assert!(gate.offer(at(225.0, 200.0), 5, Some(&zone), now).is_empty());
        assert!(gate.holding());
        assert_eq!(gate.due(Some(&zone), now), vec![4, 5]);
        // The button is down: the drag's motions all pass.
        assert_eq!(gate.offer(at(226.0, 200.0), 6, Some(&zone), now), vec![6]);
        assert_eq!(gate.offer(Pointer::Released, 7, Some(&zone), now), vec![7]);

        assert!(gate.offer(press, 8, Some(&zone), now).is_empty());
        assert!(gate.due(Some(&zone), now + PRESS_HOLD / 2).is_empty());
        assert_eq!(gate.due(Some(&zone), now + PRESS_HOLD), vec![8]);
        assert_eq!(gate.offer(Pointer::Released, 9, Some(&zone), now), vec![9]);

        assert!(gate.offer(press, 10, Some(&zone), now).is_empty());
        assert_eq!(
            gate.offer(Pointer::Other, 11, Some(&zone), now),
            vec![10, 11]
        );
        assert_eq!(
            gate.offer(Pointer::Pressed(Button::Other), 12, Some(&zone), now),
            vec![12]
        );
    }

    #[test]
    fn a_held_motion_passes_once_a_piece_arrives_under_it() {
        let mut zone = zone();
        let now = Instant::now();
        let mut gate = Gate::default();
        gate.offer(at(200.0, 200.0), 1, Some(&zone), now);
        assert!(gate.offer(at(260.0, 380.0), 2, Some(&zone), now).is_empty());
        assert!(gate.due(Some(&zone), now).is_empty());
        zone.pieces
            .push(Rect::from_center_size(pos2(260.0, 380.0), vec2(40.0, 40.0)));
        assert_eq!(gate.due(Some(&zone), now), vec![2]);
        assert_eq!(gate.offer(Pointer::Passive, 3, Some(&zone), now), vec![3]);
    }

    #[test]
    fn the_modifier_keys_pass_when_they_change() {
        let zone = zone();
        let now = Instant::now();
        let mut gate = Gate::default();
        let shift = Pointer::Modifiers(1);
        let none = Pointer::Modifiers(0);
        assert_eq!(gate.offer(none, 1, Some(&zone), now), vec![1]);
        assert!(gate.offer(none, 2, Some(&zone), now).is_empty());
        gate.offer(at(200.0, 200.0), 3, Some(&zone), now);
        assert!(gate
            .offer(Pointer::Pressed(Button::Board), 4, Some(&zone), now)
            .is_empty());
        assert!(gate.offer(none, 5, Some(&zone), now).is_empty());
        assert_eq!(gate.offer(shift, 6, None, now), vec![4, 6]);
        assert!(gate.offer(shift, 7, None, now).is_empty());
    }

    #[test]
    fn a_passive_event_passes_alone_and_leaves_what_is_held() {
        let zone = zone();
        let now = Instant::now();
        let mut gate = Gate::default();
        gate.offer(at(200.0, 200.0), 1, Some(&zone), now);
        assert!(gate.offer(at(220.0, 200.0), 2, Some(&zone), now).is_empty());
        assert_eq!(gate.offer(Pointer::Passive, 3, Some(&zone), now), vec![3]);
        assert!(gate.holding());
        assert_eq!(gate.offer(Pointer::Left, 4, Some(&zone), now), vec![2, 4]);
        assert_eq!(gate.offer(at(220.0, 200.0), 5, Some(&zone), now), vec![5]);
    }
}
