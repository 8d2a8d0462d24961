//! Help › Manual: the manual's sections in the user's language, a list of sections beside the
//! text of the one chosen. A link to another section (or a heading of one) shows it; a link to
//! the web opens in the browser.

use eframe::egui;
use egui_commonmark::{CommonMarkCache, CommonMarkViewer};

use crate::lang::Language;

use crate::ui::base::command::Command;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::manual::{blocks, heading_anchor, inner_links, place, Block, SECTIONS};
use crate::ui::windows::{Opening, Opens, Shown, Window};

/// The manual's window.
pub struct ManualWindow {
    section: usize,
    /// The heading to bring into view once it is drawn (a link's anchor).
    scroll_to: Option<String>,
    /// The pieces of the section shown, in the language they were cut for.
    pieces: Option<(usize, Language, Vec<Block<'static>>)>,
    cache: CommonMarkCache,
}

impl Default for ManualWindow {
    fn default() -> Self {
        ManualWindow::new()
    }
}

impl ManualWindow {
    /// The window at the first section.
    pub fn new() -> ManualWindow {
        let mut cache = CommonMarkCache::default();
        // The links inside the manual are reported to the window (the viewer would hand them
        // to the browser).
        for link in inner_links() {
            cache.add_link_hook(link);
        }
        ManualWindow {
            section: 0,
            scroll_to: None,
            pieces: None,
            cache,
        }
    }

    /// Show section `section`, at its heading `anchor` if one is named.
    fn go_to(&mut self, section: usize, anchor: Option<String>) {
        self.section = section.min(SECTIONS.len() - 1);
        self.scroll_to = anchor;
    }

    /// The link clicked in the last piece drawn, if any (its hook is set).
    fn clicked_link(&self) -> Option<String> {
        self.cache
            .link_hooks()
            .iter()
            .find(|&(_, &clicked)| clicked)
            .map(|(link, _)| link.clone())
    }

    /// The section's text, drawn piece by piece; a link clicked is followed.
    fn text(&mut self, ui: &mut egui::Ui, lang: Language) {
        let section = self.section;
        if !matches!(&self.pieces, Some((s, l, _)) if *s == section && *l == lang) {
            self.pieces = Some((section, lang, blocks(SECTIONS[section].text(lang))));
        }
        let Some((_, _, pieces)) = &self.pieces else {
            return;
        };
        let mut followed = None;
        for (i, piece) in pieces.iter().enumerate() {
            match piece {
                // Each piece in a scope of its own: the viewer numbers its tables from 0 in
                // every piece.
                Block::Markdown(text) => {
                    let drawn = ui.push_id(i, |ui| {
                        CommonMarkViewer::new().show(ui, &mut self.cache, text);
                    });
                    if self.scroll_to.is_some() && self.scroll_to == heading_anchor(text) {
                        ui.scroll_to_rect(drawn.response.rect, Some(egui::Align::TOP));
                        self.scroll_to = None;
                    }
                    followed = followed.or_else(|| self.clicked_link());
                }
                Block::Code(code) => {
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        ui.label(egui::RichText::new(*code).monospace());
                    });
                }
            }
        }
        if let Some(to) = followed.and_then(|link| place(&link, section)) {
            self.go_to(to.section, to.anchor);
        }
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
                                self.go_to(i, None);
                            }
                        }
                    });
                    ui.separator();
                    // The pieces one under another (the scroll area would lay them out as the
                    // row it is in, side by side).
                    egui::ScrollArea::vertical()
                        .id_salt(("manual-text", self.section, lang.tag()))
                        .auto_shrink([false, false])
                        .show(ui, |ui| ui.vertical(|ui| self.text(ui, lang)));
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
