//! The side panels drawn as the [`Layout`] fits them to the window: at the user's width and
//! resizable, narrower and fixed while the window is small, as a tab, or not at all. Their
//! content never widens them (what does not fit scrolls sideways), so nothing in them can move
//! the board; content taller than the window scrolls, and the controls of a game in progress
//! are pinned at the panel's foot, outside the scrolling, so that they are always in reach.

use eframe::egui::{self, Role, WidgetInfo};

use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::layout::{Fit, Panel, PANEL_MIN, TAB};
use crate::ui::base::session::Session;
use crate::ui::base::user_command::UserCommand;

/// The two parts of a side panel's contents.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// What must stay in reach (the controls of a game in progress): at the panel's foot,
    /// never scrolled away.
    Pinned,
    /// The rest, scrolling when it is taller or wider than the panel.
    Scrolled,
}

/// Draw `panel` as `fit` says, with `contents` inside, called once for each [`Part`]
/// ([`Part::Pinned`] only when `pinned`); commands from the contents and from the panel's own
/// resizing and tab go to `commands`.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    panel: Panel,
    fit: Fit,
    pinned: bool,
    commands: &mut Vec<Command>,
    contents: impl FnMut(&mut egui::Ui, Part, &mut Vec<Command>),
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
                .show(ui, |ui| parts(ui, panel, pinned, commands, contents));
        }
        Fit::Free { width, max } => {
            let shown = make("free")
                .resizable(true)
                .default_size(width)
                .size_range(PANEL_MIN..=max)
                .show(ui, |ui| parts(ui, panel, pinned, commands, contents))
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

/// The pinned part at the foot (a panel of its own inside the side panel, so the scrolled
/// part above ends where it begins), and the scrolled part in the rest.
fn parts(
    ui: &mut egui::Ui,
    panel: Panel,
    pinned: bool,
    commands: &mut Vec<Command>,
    mut contents: impl FnMut(&mut egui::Ui, Part, &mut Vec<Command>),
) {
    if pinned {
        egui::Panel::bottom(format!("{panel:?}-pinned"))
            .resizable(false)
            .show(ui, |ui| contents(ui, Part::Pinned, commands));
    }
    egui::ScrollArea::both()
        .id_salt(("side-panel", panel))
        .auto_shrink([false, false])
        .show(ui, |ui| contents(ui, Part::Scrolled, commands));
}
