//! Help › Manual: the manual's sections in the user's language, a list of sections beside the
//! text of the one chosen.

use eframe::egui;
use egui_commonmark::{CommonMarkCache, CommonMarkViewer};

use crate::ui::base::command::Command;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::manual::{blocks, Block, SECTIONS};
use crate::ui::windows::{Opening, Opens, Shown, Window};

/// The manual's window.
#[derive(Default)]
pub struct ManualWindow {
    section: usize,
    cache: CommonMarkCache,
}

impl ManualWindow {
    /// The window at the first section.
    pub fn new() -> ManualWindow {
        ManualWindow::default()
    }
}

impl Window for ManualWindow {
    /// Draw the manual; false once the user closed it (its close button or Escape).
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        _commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        let lang = shown.session.lang();
        let mut open = !ctx.input(|i| i.key_pressed(egui::Key::Escape));
        egui::Window::new(WindowId::Manual.title(lang))
            .id(egui::Id::unique("manual"))
            .open(&mut open)
            .default_size([760.0, 560.0])
            .resizable(true)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width(150.0);
                        for (i, section) in SECTIONS.iter().enumerate() {
                            if ui
                                .selectable_label(self.section == i, section.title(lang))
                                .clicked()
                            {
                                self.section = i;
                            }
                        }
                    });
                    ui.separator();
                    let section = &SECTIONS[self.section.min(SECTIONS.len() - 1)];
                    egui::ScrollArea::vertical()
                        .id_salt(("manual-text", self.section, lang.tag()))
                        .auto_shrink([false, false])
                        .show(ui, |ui| {
                            for (i, block) in blocks(section.text(lang)).into_iter().enumerate() {
                                match block {
                                    // Each piece in a scope of its own: the viewer numbers
                                    // its tables from 0 in every piece.
                                    Block::Markdown(text) => {
                                        ui.push_id(i, |ui| {
                                            CommonMarkViewer::new().show(ui, &mut self.cache, text);
                                        });
                                    }
                                    Block::Code(code) => {
                                        egui::Frame::group(ui.style()).show(ui, |ui| {
                                            ui.label(egui::RichText::new(code).monospace());
                                        });
                                    }
                                }
                            }
                        });
                });
            });
        open
    }
}

impl Opens for ManualWindow {
    fn open(_: &Opening<'_>) -> ManualWindow {
        ManualWindow::new()
    }
}
