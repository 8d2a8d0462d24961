//! The one modal frame: every question, message box and modal window over the main window is
//! drawn in it, so they look, dim the window and close alike.

use eframe::egui;

/// Draw `contents` in a modal box over the dimmed window, `id` naming the box (one per kind);
/// the response carries what `contents` returned and whether the user asked to close it
/// (Escape, a click outside).
pub fn frame<R>(
    ctx: &egui::Context,
    id: &'static str,
    contents: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::ModalResponse<R> {
    egui::Modal::new(egui::Id::unique(id)).show(ctx, contents)
}
