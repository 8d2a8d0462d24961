//! The one way work under way is shown: a spinner, what is being done, and Cancel where the
//! work can be stopped.

use eframe::egui;

use crate::lang::Language;

/// Draw the line for work under way, `doing` (the words of [`Language::pick`]), with a
/// Cancel button when `cancel` (in `lang`); true when Cancel was clicked.
pub fn line(ui: &mut egui::Ui, doing: &str, cancel: Option<Language>) -> bool {
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label(doing);
        cancel.is_some_and(|lang| ui.button(lang.pick("Cancel", "取消", "取消")).clicked())
    })
    .inner
}
