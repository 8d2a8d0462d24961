//! The widgets drawn inside panels and windows: the board, its drawing keys, a move's text,
//! the line for work under way, the one modal frame and a menu entry that is on or off.
//! Imports from [`super::base`] and [`super::platform`].

pub mod board;
pub mod board_drawing;
pub mod busy;
pub mod menu_entry;
pub mod modal;
pub mod move_text;
