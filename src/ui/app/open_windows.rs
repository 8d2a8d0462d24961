//! The windows open over the main one, kept in one place: at most one of each kind, drawn in a
//! fixed order every frame, each the one way ([`Window::show`]).

use eframe::egui;

use crate::ui::base::command::Command;
use crate::ui::windows::about::About;
use crate::ui::windows::computer::PlayForm;
use crate::ui::windows::engine_match::MatchForm;
use crate::ui::windows::engines_window::EnginesWindow;
use crate::ui::windows::event_window::EventWindow;
use crate::ui::windows::export_dialog::ExportDialog;
use crate::ui::windows::file_chooser::FileChooser;
use crate::ui::windows::manual::ManualWindow;
use crate::ui::windows::palette::Palette;
use crate::ui::windows::review_window::ReviewWindow;
use crate::ui::windows::save_report::SaveReport;
use crate::ui::windows::{Shown, Window};

/// A window open over the main one.
pub enum OpenWindow {
    /// The command palette.
    Palette(Palette),
    /// The export window.
    Export(ExportDialog),
    /// Qipu's own file chooser (where the system's could not be shown).
    Chooser(FileChooser),
    /// The Event window.
    Event(Box<EventWindow>),
    /// The form of a game against the computer.
    Play(PlayForm),
    /// What the last save could not keep.
    SaveReport(SaveReport),
    /// The form of an engine match.
    Match(MatchForm),
    /// The engines configured.
    Engines(EnginesWindow),
    /// The review of the game.
    Review(ReviewWindow),
    /// The manual.
    Manual(ManualWindow),
    /// Help › About.
    About(About),
}

impl OpenWindow {
    /// Where the window comes in the order the windows are drawn.
    fn rank(&self) -> u8 {
        match self {
            OpenWindow::Palette(_) => 0,
            OpenWindow::Export(_) => 1,
            OpenWindow::Chooser(_) => 2,
            OpenWindow::Event(_) => 3,
            OpenWindow::Play(_) => 4,
            OpenWindow::SaveReport(_) => 5,
            OpenWindow::Match(_) => 6,
            OpenWindow::Engines(_) => 7,
            OpenWindow::Review(_) => 8,
            OpenWindow::Manual(_) => 9,
            OpenWindow::About(_) => 10,
        }
    }

    fn window(&mut self) -> &mut dyn Window {
        match self {
            OpenWindow::Palette(w) => w,
            OpenWindow::Export(w) => w,
            OpenWindow::Chooser(w) => w,
            OpenWindow::Event(w) => &mut **w,
            OpenWindow::Play(w) => w,
            OpenWindow::SaveReport(w) => w,
            OpenWindow::Match(w) => w,
            OpenWindow::Engines(w) => w,
            OpenWindow::Review(w) => w,
            OpenWindow::Manual(w) => w,
            OpenWindow::About(w) => w,
        }
    }

    /// Whether the keys go to the window while it is open, not to the main window's shortcuts.
    fn takes_keys(&self) -> bool {
        matches!(
            self,
            OpenWindow::Palette(_) | OpenWindow::Chooser(_) | OpenWindow::SaveReport(_)
        )
    }
}

/// The windows open over the main one, in the order they are drawn.
#[derive(Default)]
pub struct OpenWindows {
    open: Vec<OpenWindow>,
    /// The ranks of the windows open, in the order they were opened (the last one last).
    opened: Vec<u8>,
}

impl OpenWindows {
    /// Open `window`, in place of one of its kind already open.
    pub fn open(&mut self, window: OpenWindow) {
        let rank = window.rank();
        match self.open.binary_search_by_key(&rank, OpenWindow::rank) {
            Ok(i) => self.open[i] = window,
            Err(i) => self.open.insert(i, window),
        }
        self.opened.retain(|&r| r != rank);
        self.opened.push(rank);
    }

    /// Close the window opened last, for Escape (those that take the keys close themselves);
    /// false when none is open.
    pub fn close_last(&mut self) -> bool {
        let Some(rank) = self.opened.pop() else {
            return false;
        };
        self.open.retain(|w| w.rank() != rank);
        true
    }

    /// Whether an open window takes the keys from the main window's shortcuts.
    pub fn take_keys(&self) -> bool {
        self.open.iter().any(OpenWindow::takes_keys)
    }

    /// The export window, if open.
    pub fn export(&mut self) -> Option<&mut ExportDialog> {
        self.open.iter_mut().find_map(|w| match w {
            OpenWindow::Export(export) => Some(export),
            _ => None,
        })
    }

    /// The Event window, if open.
    pub fn event(&mut self) -> Option<&mut EventWindow> {
        self.open.iter_mut().find_map(|w| match w {
            OpenWindow::Event(event) => Some(&mut **event),
            _ => None,
        })
    }

    /// Draw every open window, pushing what the user asked for; those closed are dropped.
    pub fn show(&mut self, ctx: &egui::Context, shown: &Shown<'_>, commands: &mut Vec<Command>) {
        self.open
            .retain_mut(|open| open.window().show(ctx, shown, commands));
        let open = &self.open;
        self.opened
            .retain(|&rank| open.iter().any(|w| w.rank() == rank));
    }
}
