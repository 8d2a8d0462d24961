//! The windows open over the main one, kept in one place: at most one of each kind, drawn in
//! the registry's order every frame, each through [`Window`].

use eframe::egui;

use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::windows::{Shown, Window, WindowMessage};

/// The windows open over the main one, in the order they are drawn.
#[derive(Default)]
pub struct OpenWindows {
    open: Vec<(WindowId, Box<dyn Window>)>,
    /// The windows open, in the order they were opened (the last one last).
    opened: Vec<WindowId>,
}

impl OpenWindows {
    /// Show `window` as the window `id`, in place of one of its kind already open.
    pub fn open(&mut self, id: WindowId, window: Box<dyn Window>) {
        match self.open.binary_search_by_key(&id, |(open, _)| *open) {
            Ok(i) => self.open[i].1 = window,
            Err(i) => self.open.insert(i, (id, window)),
        }
        self.opened.retain(|&open| open != id);
        self.opened.push(id);
    }

    /// The window `id`, if open, becomes the one opened last (Escape closes it first).
    pub fn raise(&mut self, id: WindowId) {
        if self.is_open(id) {
            self.opened.retain(|&open| open != id);
            self.opened.push(id);
        }
    }

    /// Whether a window of kind `id` is open.
    pub fn is_open(&self, id: WindowId) -> bool {
        self.open.iter().any(|(open, _)| *open == id)
    }

    /// Close the window opened last, for Escape (those that take the keys close themselves);
    /// false when none is open.
    pub fn close_last(&mut self) -> bool {
        let Some(id) = self.opened.pop() else {
            return false;
        };
        self.open.retain(|(open, _)| *open != id);
        true
    }

    /// Whether an open window takes the keys from the main window's shortcuts.
    pub fn take_keys(&self) -> bool {
        self.open.iter().any(|(_, window)| window.takes_keys())
    }

    /// Hand `message` to the window it is for, if it is open; what the app must do then.
    pub fn receive(&mut self, message: WindowMessage, session: &Session) -> Vec<Command> {
        let mut commands = Vec::new();
        let to = message.to();
        if let Some((_, window)) = self.open.iter_mut().find(|(open, _)| *open == to) {
            window.receive(message, session, &mut commands);
        }
        commands
    }

    /// Draw every open window, pushing what the user asked for; those closed are dropped.
    pub fn show(&mut self, ctx: &egui::Context, shown: &Shown<'_>, commands: &mut Vec<Command>) {
        self.open
            .retain_mut(|(_, window)| window.show(ctx, shown, commands));
        let open = &self.open;
        self.opened
            .retain(|&id| open.iter().any(|(window, _)| *window == id));
    }
}
