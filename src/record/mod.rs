//! The game record (棋谱): tags, start position, and a tree of moves with variations, comments,
//! marks and NAGs. Every move in the tree is legal in its position.
//!
//! The record serialises with serde (see `stored` for the JSON layout), losslessly and without
//! recursion, whatever the depth of the tree.

pub mod commands;
pub mod drawing;
mod game;
mod mark;
mod stored;
mod tags;

pub use drawing::{
    decode_drawing, encode_drawing, strip_drawing, Arrow, DrawColor, Drawing, Highlight,
};
pub use game::{Game, NodeId};
pub use mark::{clean_comment, Annotation, Evaluation, Mark};
pub use stored::StoredError;
pub use tags::{TagKey, Tags};
