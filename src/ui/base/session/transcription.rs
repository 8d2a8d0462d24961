//! The session's side of transcription (錄入): moves typed in the move box and corrections in
//! the middle of the record.

use crate::transcribe::{Entry, Stop};

use super::Session;
use crate::ui::base::command::notice::Notice;
use crate::ui::base::command::Command;

impl Session {
    /// Apply a transcription command; false when `command` is not one.
    pub(super) fn apply_transcription(&mut self, command: &Command) -> bool {
        let cursor = self.cursor();
        let typed = matches!(
            command,
            Command::Transcribe(_) | Command::TranscribeInsert(_) | Command::TranscribeReplace(_)
        );
        // A typed move at the end of a finished game is refused as a move on the board is.
        if typed && self.game_over() && self.cursor() == self.game.main_line_end() {
            self.notice = Some(Notice::GameOver);
            return true;
        }
        let writing = self.move_style().options;
        let entry = match command {
            Command::Transcribe(text) => self.transcriber.enter(&mut self.game, text),
            Command::TranscribeInsert(text) => {
                self.transcriber
                    .insert_after(&mut self.game, cursor, text, &writing)
            }
            Command::TranscribeReplace(text) => {
                self.transcriber
                    .replace(&mut self.game, cursor, text, &writing)
            }
            Command::TranscribeRemove => self.transcriber.remove(&mut self.game, cursor, &writing),
            Command::TranscribeRemoveRound => self.transcriber.remove_round(&mut self.game),
            _ => return false,
        };
        self.entered(&entry);
        true
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
