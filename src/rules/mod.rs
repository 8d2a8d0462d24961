//! The laws of the board (art. 1–3): points, pieces, positions, legal moves, check, mate,
//! stalemate, FEN.

mod explain;
mod fen;
mod mv;
mod perft;
mod piece;
mod position;
mod setup;
mod square;
mod tables;
mod zobrist;

pub use explain::{IllegalMove, IllegalReason};
pub use fen::{FenError, START_FEN};
pub use mv::{Move, MoveList, MAX_MOVES};
pub use perft::{perft, perft_divide};
pub use piece::{Color, Piece, PieceKind};
pub use position::{Position, Status};
pub use setup::{kind_name, reachable, Setup, SetupError, SetupWarning};
pub use square::Square;

/// Move tables shared with the engine's evaluation.
pub(crate) use tables::{
    ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKERS, HORSE_MOVES, RAYS, SOLDIER_MOVES,
};
