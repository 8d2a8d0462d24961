//! "Make puzzles from my mistakes": a reviewed game's mistakes and blunders of one side turned
//! into puzzles ([`puzzles_from_marks`]), their solutions cut and added to the personal set,
//! `puzzles/my-mistakes.pgn` in the folder of the settings (beside the autosave file), in the
//! background ([`MistakeWorker`]); the status line says what was added when it is done.

use crate::engine_client::puzzles_from_marks;
use crate::rules::Color;

use crate::ui::base::command::done::Done;
use crate::ui::base::command::outbox::Arrival;
use crate::ui::base::command::window_id::WindowId;

use crate::ui::windows::puzzle_window::personal_set;
use crate::ui::workers::mistake_worker::{MistakeWorker, MistakesAdded};

use super::QipuApp;
use crate::ui::base::command::notification::{Notification, Source};

impl QipuApp {
    /// Add `side`'s mistakes of the game shown to the personal set.
    pub(super) fn make_puzzles(&mut self, side: Color) {
        let lang = self.session.lang();
        let Some(path) = self.options.data_folder().map(personal_set) else {
            let why = lang.pick(
                "There is no folder of settings to keep the puzzles in.",
                "没有设置文件夹可保存题目。",
                "沒有設定資料夾可儲存題目。",
            );
            self.tell(Notification::error(Source::Window(WindowId::Puzzles), why));
            return;
        };
        let puzzles = puzzles_from_marks(self.session.game(), side);
        let rules = self.session.rules();
        let worker = MistakeWorker::start(&self.post.outbox, puzzles, path, rules, lang);
        self.parts.making.push(worker);
    }

    /// A job of [`QipuApp::make_puzzles`] answered: what it added is said.
    pub(super) fn puzzles_made(&mut self, arrival: Arrival) {
        let job = arrival.job();
        let Some(at) = self.parts.making.iter().position(|w| w.job() == job) else {
            return;
        };
        self.parts.making.remove(at);
        let Some(MistakesAdded { made, added, path }) = arrival.open(Some(job)) else {
            return;
        };
        let lang = self.session.lang();
        match added {
            Ok(added) => {
                let source = Source::File(path.clone());
                let text = Done::PuzzlesAdded { made, added, path }.text(lang);
                self.tell(Notification::info(source, text));
            }
            Err(why) => self.tell(Notification::error(Source::Window(WindowId::Puzzles), why)),
        }
    }
}
