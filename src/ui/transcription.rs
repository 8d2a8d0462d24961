//! The session's side of transcription (錄入): moves typed in the move box, corrections in the
//! middle of the record, and the one undo history of every edit.

use crate::transcribe::{Entry, Stop};

use super::command::Command;
use super::session::Session;

impl Session {
    /// Apply a transcription command; false when `command` is not one.
    pub(super) fn apply_transcription(&mut self, command: &Command) -> bool {
        let cursor = self.cursor();
        let entry = match command {
            Command::Transcribe(text) => self.transcriber.enter(&mut self.game, text),
            Command::TranscribeInsert(text) => {
                self.transcriber.insert_after(&mut self.game, cursor, text)
            }
            Command::TranscribeReplace(text) => {
                self.transcriber.replace(&mut self.game, cursor, text)
            }
            Command::TranscribeRemove => self.transcriber.remove(&mut self.game, cursor),
            Command::Undo => {
                self.undo_redo(true);
                return true;
            }
            Command::Redo => {
                self.undo_redo(false);
                return true;
            }
            _ => return false,
        };
        self.entered(&entry);
        true
    }

    fn undo_redo(&mut self, undo: bool) {
        let changed = if undo {
            self.transcriber.undo(&mut self.game)
        } else {
            self.transcriber.redo(&mut self.game)
        };
        if changed {
            self.selected = None;
            self.notice = None;
            self.dirty = true;
        }
    }

    /// After entering: the box is emptied, except for a move that fits nothing, which stays
    /// there to be corrected (entering it again stands in for the stopped move).
    fn entered(&mut self, entry: &Entry) {
        self.selected = None;
        self.notice = None;
        if !entry.entered.is_empty() {
            self.dirty = true;
        }
        self.move_box = match self.transcriber.stop() {
            Some(Stop::Misfit { text, .. }) => text.clone(),
            _ => String::new(),
        };
    }
}
