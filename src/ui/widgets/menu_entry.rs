//! A menu entry for something that is on or off: a tick box (or, for one choice among several,
//! a round button) before its label, drawn as egui draws a checkbox and a radio button, and its
//! shortcut at the right. Assistive technology reads it as a checkbox or a radio button with its
//! state, so the state shows to everyone, not only as a highlight.

use eframe::egui::{self, epaint, pos2, Atom, IdSalt, Response, Shape, Ui, Vec2};

/// How an entry shows that it is on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tick {
    /// Something turned on or off by itself: a tick box.
    Check(bool),
    /// One of several choices, one of which is on: a round button.
    Choice(bool),
}

impl Tick {
    /// Whether the entry is on.
    pub fn is_on(self) -> bool {
        match self {
            Tick::Check(on) | Tick::Choice(on) => on,
        }
    }

    fn role(self) -> egui::Role {
        match self {
            Tick::Check(_) => egui::Role::CheckBox,
            Tick::Choice(_) => egui::Role::RadioButton,
        }
    }
}

/// Add the entry `label` ticked as `tick` says, with `shortcut` at the right, greyed out
/// unless `enabled`; its response says whether it was clicked.
pub fn menu_entry(
    ui: &mut Ui,
    tick: Tick,
    label: &str,
    shortcut: Option<&str>,
    enabled: bool,
) -> Response {
    let icon = IdSalt::new("menu-entry-tick");
    let icon_width = ui.spacing().icon_width;
    let icon_size = Vec2::new(icon_width, icon_width.max(ui.spacing().interact_size.y));
    let mut button = egui::Button::new((Atom::custom(icon, icon_size), label));
    if let Some(shortcut) = shortcut {
        button = button.shortcut_text(shortcut);
    }
    let shown = ui.add_enabled_ui(enabled, |ui| button.atom_ui(ui)).inner;
    let response = shown.response.clone();
    response.widget_info(|| egui::WidgetInfo::selected(tick.role(), enabled, tick.is_on(), label));
    if let Some(rect) = shown.rect(icon) {
        paint_tick(ui, &response, rect, tick);
    }
    response
}

/// The box or the circle in `rect`, ticked or filled when on.
fn paint_tick(ui: &Ui, response: &Response, rect: egui::Rect, tick: Tick) {
    let visuals = ui.style().interact(response);
    let (small, big) = ui.spacing().icon_rectangles(rect);
    let painter = ui.painter();
    match tick {
        Tick::Check(on) => {
            // A box with the slight rounding of egui's checkbox, whatever the buttons' rounding.
            painter.add(epaint::RectShape::new(
                big.expand(visuals.expansion),
                visuals.corner_radius.at_most(2),
                visuals.bg_fill,
                visuals.bg_stroke,
                epaint::StrokeKind::Inside,
            ));
            if on {
                painter.add(Shape::line(
                    vec![
                        pos2(small.left(), small.center().y),
                        pos2(small.center().x, small.bottom()),
                        pos2(small.right(), small.top()),
                    ],
                    visuals.fg_stroke,
                ));
            }
        }
        Tick::Choice(on) => {
            painter.add(epaint::CircleShape {
                center: big.center(),
                radius: big.width() * 0.5 + visuals.expansion,
                fill: visuals.bg_fill,
                stroke: visuals.bg_stroke,
            });
            if on {
                painter.add(epaint::CircleShape {
                    center: small.center(),
                    radius: small.width() / 3.0,
                    fill: visuals.fg_stroke.color,
                    stroke: epaint::Stroke::NONE,
                });
            }
        }
    }
}
