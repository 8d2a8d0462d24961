//! The session's side of the board drawings: arrows and highlighted points kept with the move
//! on the board, in its comment ([`crate::record::drawing`]).

use crate::record::drawing::{drawing, set_drawing};
use crate::record::Drawing;

use super::Session;

impl Session {
    /// The drawing kept with the move on the board.
    pub fn drawing(&self) -> Drawing {
        drawing(&self.game, self.cursor())
    }

    /// Change the drawing kept with the move on the board (drawing the same arrow or point
    /// again removes it).
    pub(super) fn change_drawing(&mut self, change: impl FnOnce(&mut Drawing)) {
        let mut d = self.drawing();
        change(&mut d);
        let node = self.cursor();
        set_drawing(&mut self.game, node, &d);
    }
}
