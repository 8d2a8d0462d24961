//! The side panels drawn as the [`Layout`] fits them to the window: at the user's width and
//! resizable, narrower and fixed while the window is small, as a tab, or not at all. Their
//! content never widens them (what does not fit scrolls sideways), so nothing in them can move
//! the board.

use eframe::egui::{self, Role, WidgetInfo};

use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::layout::{Fit, Panel, PANEL_MIN, TAB};
use crate::ui::base::session::Session;
use crate::ui::base::user_command::UserCommand;

/// Draw `panel` as `fit` says, with `contents` inside; commands from the contents and from the
/// panel's own resizing and tab go to `commands`.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    panel: Panel,
    fit: Fit,
    commands: &mut Vec<Command>,
    contents: impl FnOnce(&mut egui::Ui, &mut Vec<Command>),
) {
    // A narrow panel has an id of its own, so that egui's memory of the free one keeps the
    // user's width for when the window grows again.
    let make = |salt: &str| {
        let id = format!("{panel:?}-{salt}");
        match panel {
            Panel::Desk => egui::Panel::left(id),
            Panel::Record | Panel::Tree => egui::Panel::right(id),
        }
    };
    let layout = session.layout();
    match fit {
        Fit::Hidden => {}
        Fit::Tab => {
            make("tab").exact_size(TAB).resizable(false).show(ui, |ui| {
                let name = UserCommand::ShowPanel(panel).label(session.lang());
                let arrow = match panel {
                    Panel::Desk => "»",
                    Panel::Record | Panel::Tree => "«",
                };
                let response =
                    ui.add(egui::Button::new(arrow).min_size(egui::vec2(TAB - 12.0, 48.0)));
                response.widget_info(|| WidgetInfo::labeled(Role::Button, true, &name));
                if response.on_hover_text(&name).clicked() {
                    commands.push(SessionCommand::SetLayout(layout.favouring(panel)).into());
                }
            });
        }
        Fit::Narrow(width) => {
            make("narrow")
                .exact_size(width)
                .resizable(false)
                .show(ui, |ui| scrolled(ui, panel, commands, contents));
        }
        Fit::Free { width, max } => {
            let shown = make("free")
                .resizable(true)
                .default_size(width)
                .size_range(PANEL_MIN..=max)
                .show(ui, |ui| scrolled(ui, panel, commands, contents))
                .response
                .rect
                .width();
            // The user dragged its edge: the width is theirs, and kept.
            if ui.input(|i| i.pointer.primary_down()) && (shown - width).abs() >= 1.0 {
                commands.push(SessionCommand::SetLayout(layout.with_width(panel, shown)).into());
            }
        }
    }
}

fn scrolled(
    ui: &mut egui::Ui,
    panel: Panel,
    commands: &mut Vec<Command>,
    contents: impl FnOnce(&mut egui::Ui, &mut Vec<Command>),
) {
    egui::ScrollArea::horizontal()
        .id_salt(("side-panel", panel))
        .auto_shrink([false, false])
        .show(ui, |ui| contents(ui, commands));
}
