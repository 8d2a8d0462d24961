//! Moves on screen with the strokes of the abbreviated notation (art. 7.5) drawn by hand: egui
//! places no combining marks, so 相3̲5, 炮21 and 車6̅9 would look alike. The text is laid out
//! without its strokes (U+0332, U+0305) and a line is drawn under the digit for the one, over it
//! for the other, as the printed scoresheet does. The widget's accessible name keeps the text
//! as written, strokes and all.

use std::sync::Arc;

use eframe::egui::{self, Color32, FontId, Galley, Pos2, Rect, Response, Stroke as Line, Vec2};

use crate::notation::{stroke_marks, Stroke};

/// How a text's characters are laid out, and where its strokes go.
struct Laid {
    galley: Arc<Galley>,
    marks: Vec<(usize, Stroke)>,
}

fn lay_out(ui: &egui::Ui, text: &str, font: FontId, color: Color32) -> Laid {
    let (plain, marks) = stroke_marks(text);
    let galley = ui.painter().layout_no_wrap(plain, font, color);
    Laid { galley, marks }
}

/// Draw the strokes of `laid`, whose text was painted with its top left at `origin`.
fn paint_strokes(painter: &egui::Painter, laid: &Laid, origin: Pos2, size: f32, color: Color32) {
    for &(index, stroke) in &laid.marks {
        let start = laid.galley.pos_from_cursor(egui::text::CCursor::new(index));
        let end = laid
            .galley
            .pos_from_cursor(egui::text::CCursor::new(index + 1));
        let glyph = Rect::from_x_y_ranges(start.left()..=end.left(), start.top()..=start.bottom())
            .translate(origin.to_vec2());
        let inset = glyph.width() * 0.12;
        // The digit's body sits in the middle of the row: its foot about 0.2 of the font size
        // above the row's bottom, its top about 0.75 above its foot; the line over it clears it.
        let foot = glyph.center().y + size * 0.38;
        let y = match stroke {
            Stroke::Under => foot + size * 0.1,
            Stroke::Over => foot - size * 0.9,
        };
        painter.line_segment(
            [
                Pos2::new(glyph.left() + inset, y),
                Pos2::new(glyph.right() - inset, y),
            ],
            Line::new((size * 0.08).max(1.0), color),
        );
    }
}

/// A selectable button showing a move (or any text holding one); at least `min_size`.
pub fn button(
    ui: &mut egui::Ui,
    selected: bool,
    text: &str,
    size: f32,
    min_size: Vec2,
) -> Response {
    let font = FontId::proportional(size);
    let (_, marks) = stroke_marks(text);
    if marks.is_empty() {
        let rich = egui::RichText::new(text).size(size);
        return ui.add(egui::Button::selectable(selected, rich).min_size(min_size));
    }
    let laid = lay_out(ui, text, font, Color32::PLACEHOLDER);
    let id = egui::IdSalt::new("move-text");
    let shown = egui::Button::selectable(selected, egui::Atom::custom(id, laid.galley.size()))
        .min_size(min_size)
        .atom_ui(ui);
    let response = shown.response.clone();
    if let Some(rect) = shown.rect(id) {
        let color = ui
            .style()
            .interact_selectable(&response, selected)
            .text_color();
        ui.painter().galley(rect.min, laid.galley.clone(), color);
        paint_strokes(ui.painter(), &laid, rect.min, size, color);
    }
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::Button, ui.is_enabled(), selected, text)
    });
    response
}

/// Text holding moves (the referee's evidence, a message), in `color`, wrapped to the width.
pub fn label(ui: &mut egui::Ui, text: &str, size: f32, color: Color32) -> Response {
    let (plain, marks) = stroke_marks(text);
    if marks.is_empty() {
        return ui.label(egui::RichText::new(text).size(size).color(color));
    }
    let font = FontId::proportional(size);
    let galley = ui
        .painter()
        .layout(plain, font, color, ui.available_width());
    let laid = Laid { galley, marks };
    let (rect, response) = ui.allocate_exact_size(laid.galley.size(), egui::Sense::hover());
    ui.painter().galley(rect.min, laid.galley.clone(), color);
    paint_strokes(ui.painter(), &laid, rect.min, size, color);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    response
}
