//! The session's side of transcription (錄入): moves typed in the move box and corrections in
//! the middle of the record.

use crate::transcribe::Stop;

use crate::ui::base::command::notice::Notice;

use super::Session;

impl Session {
    /// Enter what was typed in the move box: a move, a digit picking a candidate, or a line.
    pub(super) fn transcribe(&mut self, text: &str) {
        if self.typed_after_the_end() {
            return;
        }
        self.transcriber.enter(&mut self.game, text);
        self.entered();
    }

    /// Insert the typed move(s) after the move on the board (a missed move).
    pub(super) fn transcribe_insert(&mut self, text: &str) {
        if self.typed_after_the_end() {
            return;
        }
        let (cursor, writing) = (self.cursor(), self.move_style().options);
        self.transcriber
            .insert_after(&mut self.game, cursor, text, &writing);
        self.entered();
    }

    /// Replace the move on the board by the typed one (a wrong move).
    pub(super) fn transcribe_replace(&mut self, text: &str) {
        if self.typed_after_the_end() {
            return;
        }
        let (cursor, writing) = (self.cursor(), self.move_style().options);
        self.transcriber
            .replace(&mut self.game, cursor, text, &writing);
        self.entered();
    }

    /// Remove the move on the board (a move written twice).
    pub(super) fn transcribe_remove(&mut self) {
        let (cursor, writing) = (self.cursor(), self.move_style().options);
        self.transcriber.remove(&mut self.game, cursor, &writing);
        self.entered();
    }

    /// Answer a move written as the other side's by removing its whole round.
    pub(super) fn transcribe_remove_round(&mut self) {
        self.transcriber.remove_round(&mut self.game);
        self.entered();
    }

    /// A typed move at the end of a finished game is refused as a move on the board is.
    fn typed_after_the_end(&mut self) -> bool {
        let refused = self.game_over() && self.cursor() == self.game.main_line_end();
        if refused {
            self.notice = Some(Notice::GameOver);
        }
        refused
    }

    /// After entering: the box is emptied, except for a move that fits nothing, which stays
    /// there to be corrected (entering it again stands in for the stopped move).
    fn entered(&mut self) {
        self.selected = None;
        self.notice = None;
        self.move_box = match self.transcriber.stop() {
            Some(Stop::Misfit { text, .. }) => text.clone(),
            _ => String::new(),
        };
    }
}
