//! The event around the games (chapters 3–5 of the rules: art. 11–15, 18.4, 20, 21): players,
//! the systems of play, pairings, results, standings with their tie-breaks, withdrawals and
//! forfeits; kept in one SQLite file per event ([`store`]).
//!
//! Every change is a pure function of the event ([`edit`], [`systems::pair_next`]) that refuses
//! bad input with its reason; the file stores the changed event in one transaction.

pub mod edit;
pub mod error;
pub mod event;
pub mod export;
pub mod game_result;
pub mod message;
pub mod print;
pub mod record;
pub mod result;
pub mod roster;
pub mod standings;
pub mod store;
pub mod systems;
pub mod teams;
pub mod trf;

pub use error::EventError;
pub use event::{Event, Player, Settings, System};
pub use result::BoardResult;
pub use store::EventFile;
