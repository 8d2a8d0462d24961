//! Pictures of boards: a picture file dropped on the window, an image pasted, or one chosen by
//! Game › Position from picture is read on a thread of its own ([`PictureWorker`]); the setup
//! editor opens on the position read, or a message says why there was none.

use std::path::PathBuf;
use std::sync::Arc;

use eframe::egui;

use crate::recognise::{is_picture_path, TAUGHT_FILE};

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::outbox::Arrival;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::Command;
use crate::ui::widgets::busy;
use crate::ui::windows::setup_editor::SetupEditor;
use crate::ui::workers::picture_worker::{PictureAnswer, PictureSource, PictureWorker};
use crate::ui::workers::teach_worker::{self, Taught, TeachAnswer, TeachTask};

use super::QipuApp;
use crate::ui::base::command::notification::{Notification, Source};

/// The picture files dropped on the window in this frame (a record file dropped is opened
/// as before, [`QipuApp::keyboard`]).
pub(super) fn dropped_pictures(ctx: &egui::Context) -> Vec<PathBuf> {
    ctx.input(|i| {
        i.raw
            .dropped_files
            .iter()
            .map(|file| file.path().to_owned())
            .filter(|path| is_picture_path(path))
            .collect()
    })
}

impl QipuApp {
    /// The pictures given in this frame: files dropped, images pasted (Ctrl/Cmd+V, or Paste
    /// from the menu, with an image on the clipboard). The last one given is read.
    pub(super) fn pictures_given(&self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        commands.extend(
            dropped_pictures(ctx)
                .into_iter()
                .map(|path| AppCommand::ReadPicture(path).into()),
        );
        let pasted: Vec<Arc<egui::ColorImage>> = ctx.input(|i| {
            i.events
                .iter()
                .filter_map(|event| match event {
                    egui::Event::PasteImage(image) => Some(Arc::clone(image)),
                    _ => None,
                })
                .collect()
        });
        commands.extend(
            pasted
                .into_iter()
                .map(|image| AppCommand::PastePicture(image).into()),
        );
    }

    /// Start reading a picture (one at a time: a new one replaces the one being read), with the
    /// pieces taught.
    pub(super) fn read_picture(&mut self, source: PictureSource) {
        let taught = self.taught_path();
        self.parts.picture = Some(PictureWorker::start(&self.post.outbox, source, taught));
    }

    /// Where the window keeps the pieces taught: in the data folder; `None`, nothing kept,
    /// when there is none.
    fn taught_path(&self) -> Option<PathBuf> {
        self.options.data_file(TAUGHT_FILE)
    }

    /// Keep the pieces of a board read from a picture, as the user started from it, for the
    /// next pictures, or forget every piece taught (in the background).
    pub(super) fn teach(&mut self, task: TeachTask) {
        if let Some(path) = self.taught_path() {
            let job = teach_worker::start(&self.post.outbox, path, task);
            self.parts.teaching.push(job);
        }
    }

    /// A lesson kept (which changes nothing shown), the pieces taught forgotten, or why not.
    pub(super) fn taught_arrived(&mut self, arrival: Arrival) {
        let job = arrival.job();
        let Some(at) = self.parts.teaching.iter().position(|&j| j == job) else {
            return;
        };
        self.parts.teaching.remove(at);
        let lang = self.session.lang();
        let source = Source::Window(WindowId::Setup);
        match arrival.open::<TeachAnswer>(Some(job)) {
            Some(Ok(Taught::Forgotten)) => {
                let text = lang.pick(
                    "The pieces taught are forgotten: pictures are read as at first.",
                    "教会的棋子已忘掉：图片按最初的方式识别。",
                    "教會的棋子已忘掉：圖片按最初的方式辨識。",
                );
                self.tell(Notification::info(source, text.to_owned()));
            }
            Some(Err(e)) => self.tell(Notification::error(source, e.message(lang))),
            Some(Ok(Taught::Learned { .. })) | None => {}
        }
    }

    /// While a picture is read, a note says so.
    pub(super) fn reading_note(&self, ctx: &egui::Context) {
        if self.parts.picture.is_none() {
            return;
        }
        let lang = self.session.lang();
        egui::Area::new(egui::Id::unique("reading-picture"))
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    let doing = lang.pick("Reading the picture…", "正在读取图片…", "正在讀取圖片…");
                    busy::line(ui, doing, None);
                });
            });
    }

    /// The picture's reading: the setup editor opens on it, or the reason none was read is
    /// shown. The reading of a picture given up for another is left.
    pub(super) fn picture_arrived(&mut self, arrival: Arrival) {
        let Some(worker) = &self.parts.picture else {
            return;
        };
        let Some(answer) = arrival.open::<PictureAnswer>(Some(worker.job())) else {
            return;
        };
        let name = worker.source().file_name();
        self.parts.picture = None;
        match answer {
            Ok(reading) => {
                let editor = SetupEditor::from_reading(&reading, name);
                self.windows.open(WindowId::Setup, Box::new(editor));
            }
            Err(e) => {
                let source = name.map_or(Source::Window(WindowId::Setup), |name| {
                    Source::File(name.into())
                });
                self.tell(Notification::error(source, e.message(self.session.lang())));
            }
        }
    }
}
