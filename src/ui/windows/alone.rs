//! One window of the registry alone: opened by its id over an empty main window, with a
//! session, settings and an outbox of its own, drawn where the app draws it (over the window,
//! beside the board or in the board's place), what it asks for kept to be read. A test looks at
//! one window this way without the app; the registry's walk keeps a picture of every one.

use std::path::{Path, PathBuf};

use eframe::egui;

use crate::engine_client::EngineConfig;
use crate::formats::{RecordFormat, RecordLoss};

use crate::ui::base::command::database_command::DatabaseCommand;
use crate::ui::base::command::file_purpose::Purpose;
use crate::ui::base::command::outbox::{Inbox, Outbox, Recipient};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::base::settings::Settings;

use super::database_window::DatabaseWindow;
use super::file_chooser::FileChooser;
use super::question::Question;
use super::save_report::SaveReport;
use super::{Opening, Place, Shown, Window, WindowMessage, BESIDE_WIDTH};

/// One window drawn alone.
pub struct Alone {
    window: Box<dyn Window>,
    session: Session,
    settings: Settings,
    outbox: Outbox,
    inbox: Inbox,
    asked: Vec<Command>,
}

impl Alone {
    /// The window `id` as a new app opens it; a window shown with its data gets a sample of
    /// it: Qipu's chooser saving `game.pgn` in `folder`, the report of a save as FEN, the game database's
    /// window shown with no database, the question
    /// about unsaved changes. `None` for a window that could not be made.
    pub fn open(id: WindowId, ctx: &egui::Context, folder: &Path) -> Option<Alone> {
        let (outbox, inbox) = Outbox::new(ctx);
        let settings = Settings::default();
        let session = Session::default();
        let window = sample(id, &outbox, &session, folder).or_else(|| {
            super::open(
                id,
                &Opening {
                    session: &session,
                    settings: &settings,
                    builtin_engine: EngineConfig::builtin(),
                    renderer: "wgpu",
                    renderer_fallback: None,
                    outbox: &outbox,
                    data_folder: None,
                },
            )
        })?;
        Some(Alone {
            window,
            session,
            settings,
            outbox,
            inbox,
            asked: Vec::new(),
        })
    }

    /// The session the window is shown with, to change (a position to show, a language).
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// The window's outbox (a test's courier stands for its background work).
    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// Draw the window for this frame where the app draws it, after handing it what its
    /// background work sent; false once it closed itself.
    pub fn show(&mut self, ui: &mut egui::Ui) -> bool {
        for command in self.inbox.take() {
            if let Command::Arrived(arrival) = command {
                let Recipient::Window(id) = arrival.to() else {
                    continue;
                };
                let message = WindowMessage::Arrived(id, arrival);
                self.window.receive(message, &self.session, &mut self.asked);
            }
        }
        let shown = Shown {
            session: &self.session,
            engines: &self.settings.engines,
            recent: &self.settings.recent,
            listed: None,
        };
        let (window, asked) = (&mut self.window, &mut self.asked);
        match window.place() {
            Place::Over => window.show(ui, &shown, asked),
            Place::Beside => {
                egui::Panel::right("beside the board")
                    .exact_size(BESIDE_WIDTH)
                    .resizable(false)
                    .show(ui, |ui| window.show(ui, &shown, asked))
                    .inner
            }
            Place::Board => {
                egui::CentralPanel::default()
                    .show(ui, |ui| window.show(ui, &shown, asked))
                    .inner
            }
        }
    }

    /// What the window asked of the app so far, oldest first.
    pub fn asked(&self) -> &[Command] {
        &self.asked
    }
}

/// A sample of a window shown with its data; `None` for a window opened from its id alone.
fn sample(
    id: WindowId,
    outbox: &Outbox,
    session: &Session,
    folder: &Path,
) -> Option<Box<dyn Window>> {
    let window: Box<dyn Window> = match id {
        WindowId::Chooser => Box::new(FileChooser::new(
            Purpose::Save,
            &folder.join("game.pgn"),
            outbox.courier(Recipient::FileDialog),
        )),
        WindowId::SaveReport => Box::new(SaveReport::of(
            PathBuf::from("game.fen"),
            RecordFormat::Fen,
            vec![RecordLoss::PositionOnly],
        )?),
        WindowId::Database => {
            let mut database = DatabaseWindow::new(outbox, None);
            database.apply(DatabaseCommand::ShowWindow, session);
            Box::new(database)
        }
        WindowId::Question => Box::new(Question::Discard(None)),
        _ => return None,
    };
    Some(window)
}
