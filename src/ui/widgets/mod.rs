//! The widgets drawn inside panels and windows: the board, its drawing keys, and a move's text.
//! Imports from [`super::base`] and [`super::platform`].

pub mod board;
pub mod board_drawing;
pub mod move_text;
