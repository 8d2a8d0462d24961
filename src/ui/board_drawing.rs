//! Arrows and highlighted points drawn on the board with the mouse, as in chess programs:
//! a right-button drag from one point to another draws an arrow, a right click on a point
//! highlights it; drawing the same again removes it. The modifier keys pick the colour: none
//! green, Shift red, Ctrl (Cmd on a Mac) blue, Alt yellow.
//!
//! The drawing is kept with the move on the board, in its comment (`[%cal]`/`[%csl]`, see
//! [`crate::record::drawing`]), so it is saved in the PGN and shown whenever the move is reached.

use eframe::egui::{self, Color32, Modifiers, Pos2, Shape, Stroke, Vec2};

use crate::export::diagram::draw_color;
use crate::record::{DrawColor, Drawing};

use super::board::Geometry;

/// The colour the held modifier keys pick: Shift red, Ctrl/Cmd blue, Alt yellow, none green.
pub fn color_for(modifiers: Modifiers) -> DrawColor {
    if modifiers.shift {
        DrawColor::Red
    } else if modifiers.command || modifiers.ctrl {
        DrawColor::Blue
    } else if modifiers.alt {
        DrawColor::Yellow
    } else {
        DrawColor::Green
    }
}

/// The colour on screen: the diagram's, so an exported diagram looks like the board.
pub fn screen_color(color: DrawColor, alpha: u8) -> Color32 {
    let rgb = draw_color(color);
    Color32::from_rgba_unmultiplied(rgb.0, rgb.1, rgb.2, alpha)
}

/// Highlighted points: a tinted disc with a ring, under the pieces.
pub fn paint_highlights(painter: &egui::Painter, g: &Geometry, drawing: &Drawing) {
    for h in &drawing.highlights {
        let center = g.screen_from_square(h.square);
        painter.circle_filled(center, g.step * 0.5, screen_color(h.color, 90));
        painter.circle_stroke(
            center,
            g.step * 0.47,
            Stroke::new(g.step * 0.06, screen_color(h.color, 230)),
        );
    }
}

/// Arrows, over the pieces.
pub fn paint_arrows(painter: &egui::Painter, g: &Geometry, drawing: &Drawing) {
    for a in &drawing.arrows {
        paint_arrow(
            painter,
            g.screen_from_square(a.from),
            g.screen_from_square(a.to),
            g.step,
            screen_color(a.color, 205),
        );
    }
}

/// An arrow from the centre of one point to the edge of the piece on the other (the shape of
/// the exported diagram's arrows).
pub fn paint_arrow(painter: &egui::Painter, from: Pos2, to: Pos2, step: f32, color: Color32) {
    let delta = to - from;
    let len = delta.length();
    if len < 1.0 {
        return;
    }
    let dir = delta / len;
    let normal = Vec2::new(-dir.y, dir.x);
    let head = step * 0.42;
    let tip = to - dir * step * 0.12;
    let base = tip - dir * head;
    let half = head * 0.55;
    if (base - from).dot(dir) > 0.0 {
        painter.line_segment([from, base], Stroke::new(step * 0.16, color));
    }
    painter.add(Shape::convex_polygon(
        vec![tip, base + normal * half, base - normal * half],
        color,
        Stroke::NONE,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_pick_the_colour() {
        assert_eq!(color_for(Modifiers::NONE), DrawColor::Green);
        assert_eq!(color_for(Modifiers::SHIFT), DrawColor::Red);
        assert_eq!(color_for(Modifiers::COMMAND), DrawColor::Blue);
        assert_eq!(color_for(Modifiers::CTRL), DrawColor::Blue);
        assert_eq!(color_for(Modifiers::ALT), DrawColor::Yellow);
    }
}
