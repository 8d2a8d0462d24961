//! The windows open over the main one, kept in one place: at most one of each kind, drawn in
//! the registry's order every frame, each through [`Window`].

use eframe::egui;

use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::windows::{Place, Shown, Window, WindowMessage};

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

    /// Keep `window` as the window `id`, hidden until it shows itself (the game database).
    pub fn keep(&mut self, id: WindowId, window: Box<dyn Window>) {
        self.open(id, window);
        self.opened.retain(|&open| open != id);
    }

    /// The window `id`, if shown, becomes the one opened last (Escape closes it first).
    pub fn raise(&mut self, id: WindowId) {
        if self.is_open(id) {
            self.opened.retain(|&open| open != id);
            self.opened.push(id);
        }
    }

    /// Whether a window of kind `id` is open and shown.
    pub fn is_open(&self, id: WindowId) -> bool {
        self.open
            .iter()
            .any(|(open, window)| *open == id && window.is_shown())
    }

    /// Close the window opened last, for Escape (those that take the keys close themselves):
    /// hidden if it is kept, else dropped; false when none is shown.
    pub fn close_last(&mut self) -> bool {
        let Some(id) = self.opened.pop() else {
            return false;
        };
        let kept = self
            .open
            .iter_mut()
            .find(|(open, _)| *open == id)
            .is_some_and(|(_, window)| window.hide());
        if !kept {
            self.open.retain(|(open, _)| *open != id);
        }
        true
    }

    /// The open window of type `T`, if any (the app reads the puzzle trainer's state).
    pub fn get<T: Window>(&self) -> Option<&T> {
        self.open
            .iter()
            .find_map(|(_, window)| (window.as_ref() as &dyn std::any::Any).downcast_ref())
    }

    /// The same, to change.
    pub fn get_mut<T: Window>(&mut self) -> Option<&mut T> {
        self.open
            .iter_mut()
            .find_map(|(_, window)| (window.as_mut() as &mut dyn std::any::Any).downcast_mut())
    }

    /// Close the open window of type `T` and give it back (a question taken with its answer).
    pub fn take<T: Window>(&mut self) -> Option<T> {
        let i = self
            .open
            .iter()
            .position(|(_, window)| (window.as_ref() as &dyn std::any::Any).is::<T>())?;
        let (id, window) = self.open.remove(i);
        self.opened.retain(|&open| open != id);
        (window as Box<dyn std::any::Any>)
            .downcast()
            .ok()
            .map(|window| *window)
    }

    /// Whether a window is drawn at `place`.
    pub fn any_at(&self, place: Place) -> bool {
        self.open.iter().any(|(_, window)| window.place() == place)
    }

    /// Let every open window follow the board, pushing what the session must do.
    pub fn follow(&mut self, session: &Session, commands: &mut Vec<Command>) {
        for (_, window) in &mut self.open {
            window.follow(session, commands);
        }
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

    /// Draw the open windows drawn at `place` in `ui`, pushing what the user asked for; those
    /// closed are dropped.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        place: Place,
        shown: &Shown<'_>,
        commands: &mut Vec<Command>,
    ) {
        self.open
            .retain_mut(|(_, window)| window.place() != place || window.show(ui, shown, commands));
        let open = &self.open;
        self.opened.retain(|&id| {
            open.iter()
                .any(|(kind, window)| *kind == id && window.is_shown())
        });
    }
}
