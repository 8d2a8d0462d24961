//! The board painter's [`Surface`] on the screen: egui's painter, in screen points.

use eframe::egui::epaint::CircleShape;
use eframe::egui::{self, Align2, Color32, FontFamily, FontId, Pos2, Rect, Shape};

use crate::export::surface::{Point, Rgba, Stroke, Surface, TextStyle, Weight};

use crate::ui::platform::fonts::board_family;

/// A surface point on the screen.
pub fn pos2(p: Point) -> Pos2 {
    Pos2::new(p.0, p.1)
}

/// A screen position as a surface point.
pub fn point(p: Pos2) -> Point {
    (p.x, p.y)
}

/// A surface colour on the screen.
pub fn color32(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a)
}

fn stroke(s: Stroke) -> egui::Stroke {
    egui::Stroke::new(s.width, color32(s.color))
}

impl Surface for egui::Painter {
    fn fill_rect(&mut self, min: Point, max: Point, corner_radius: f32, color: Rgba) {
        self.rect_filled(
            Rect::from_min_max(pos2(min), pos2(max)),
            corner_radius,
            color32(color),
        );
    }

    fn stroke_rect(&mut self, min: Point, max: Point, s: Stroke) {
        self.rect_stroke(
            Rect::from_min_max(pos2(min), pos2(max)),
            0.0,
            stroke(s),
            egui::StrokeKind::Middle,
        );
    }

    fn line(&mut self, from: Point, to: Point, s: Stroke) {
        self.line_segment([pos2(from), pos2(to)], stroke(s));
    }

    fn polyline(&mut self, points: &[Point], s: Stroke) {
        self.add(Shape::line(
            points.iter().copied().map(pos2).collect(),
            stroke(s),
        ));
    }

    fn circle(&mut self, center: Point, radius: f32, fill: Option<Rgba>, s: Option<Stroke>) {
        // egui strokes a circle outside its radius: shrink it so the stroke is centred on it.
        let radius = radius - s.map_or(0.0, |s| s.width / 2.0);
        self.add(CircleShape {
            center: pos2(center),
            radius,
            fill: fill.map_or(Color32::TRANSPARENT, color32),
            stroke: s.map_or(egui::Stroke::NONE, stroke),
        });
    }

    fn polygon(&mut self, points: &[Point], color: Rgba) {
        self.add(Shape::convex_polygon(
            points.iter().copied().map(pos2).collect(),
            color32(color),
            egui::Stroke::NONE,
        ));
    }

    fn text(&mut self, center: Point, text: &str, style: TextStyle, color: Rgba) {
        let family = match style.weight {
            Weight::Bold => board_family(),
            Weight::Regular => FontFamily::Proportional,
        };
        egui::Painter::text(
            self,
            pos2(center),
            Align2::CENTER_CENTER,
            text,
            FontId::new(style.size, family),
            color32(color),
        );
    }
}
