//! The session's side of the board drawings: arrows and highlighted points kept with the move
//! on the board, in its comment ([`crate::record::drawing`]).

use crate::record::drawing::{drawing, set_drawing};
use crate::record::Drawing;
use crate::ui::base::command::Command;

use super::Session;

impl Session {
    /// The drawing kept with the move on the board.
    pub fn drawing(&self) -> Drawing {
        drawing(&self.game, self.cursor())
    }

    /// Apply a drawing command; false when `command` is not one. Drawing the same arrow or
    /// point again removes it.
    pub(super) fn apply_drawing(&mut self, command: &Command) -> bool {
        let mut d = match command {
            Command::ToggleArrow(_) | Command::ToggleHighlight(_) => self.drawing(),
            _ => return false,
        };
        match command {
            Command::ToggleArrow(arrow) => d.toggle_arrow(*arrow),
            Command::ToggleHighlight(highlight) => d.toggle_highlight(*highlight),
            _ => {}
        }
        let node = self.cursor();
        set_drawing(&mut self.game, node, &d);
        self.dirty = true;
        true
    }
}
