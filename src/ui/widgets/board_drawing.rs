//! Arrows and highlighted points drawn on the board with the mouse, as in chess programs:
//! a right-button drag from one point to another draws an arrow, a right click on a point
//! highlights it; drawing the same again removes it. The modifier keys pick the colour: none
//! green, Shift red, Ctrl (Cmd on a Mac) blue, Alt yellow.
//!
//! The drawing is kept with the move on the board, in its comment (`[%cal]`/`[%csl]`, see
//! [`crate::record::drawing`]), so it is saved in the PGN and shown whenever the move is reached.

use eframe::egui::Modifiers;

use crate::record::DrawColor;

/// The colour the held modifier keys pick: Shift red, Ctrl/Cmd blue, Alt yellow, none green.
pub fn color_for(modifiers: Modifiers) -> DrawColor {
    if modifiers.shift {
        DrawColor::Red
    } else if modifiers.command || modifiers.ctrl {
        DrawColor::Blue
    } else if modifiers.alt {
        DrawColor::Yellow
    } else {
        DrawColor::Green
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_pick_the_colour() {
        assert_eq!(color_for(Modifiers::NONE), DrawColor::Green);
        assert_eq!(color_for(Modifiers::SHIFT), DrawColor::Red);
        assert_eq!(color_for(Modifiers::COMMAND), DrawColor::Blue);
        assert_eq!(color_for(Modifiers::CTRL), DrawColor::Blue);
        assert_eq!(color_for(Modifiers::ALT), DrawColor::Yellow);
    }
}
