//! The widgets drawn inside panels and windows: the board, its drawing keys, a move's text,
//! the line for work under way and the one modal frame.
//! Imports from [`super::base`] and [`super::platform`].

pub mod board;
pub mod board_drawing;
pub mod busy;
pub mod modal;
pub mod move_text;
