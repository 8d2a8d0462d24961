//! The Xiangqi cloud database (云库, chessdb.cn) beside the engine: its scored moves, principal
//! lines, scores and endgame tables, asked over HTTPS and kept in a cache.
//!
//! - [`CloudBook`] is the one door to a cloud: [`ChessDb`] speaks chessdb.cn's API (a mirror is
//!   the same client with another server in its [`ClientSettings`]); another cloud, or a
//!   scripted one in tests, implements the trait.
//! - [`ChessDb`] sends one GET a query with a timeout, at most a few queries a second, retries
//!   with back-off on 429, 5xx and broken connections, a User-Agent naming Qipu, and HTTPS
//!   through rustls. Every reply is read into types ([`CloudMove`], [`Pv`], [`BestMove`]), each
//!   move checked legal in the position, or refused as [`CloudError::Malformed`] quoting it.
//! - [`CloudCache`] keeps answers in an SQLite file of its own beside the settings, with a size
//!   limit; [`Cloud`] puts consent (nothing is sent until it is enabled), the cache and the
//!   game's rules together: a move that would be a forbidden repetition in the game
//!   ([`Line`], judged by the referee) is marked and banned.
//!
//! Nothing here draws; the window runs these calls on a worker thread. `learn` and `queue` are
//! sent only when the caller asks.

mod answer;
mod book;
mod cache;
mod error;
mod http;
mod json;
mod limiter;
mod line;
mod reply;
mod request;
mod service;

pub use answer::{
    plies_to_mate, BestMove, CloudMove, Endgame, Metric, NoteDetail, Outcome, Pv, Rank, DECISIVE,
    MATE,
};
pub use book::CloudBook;
pub use cache::{
    default_cache_path, CacheStats, Cached, CloudCache, CACHE_FILE, DEFAULT_CACHE_LIMIT,
};
pub use error::CloudError;
pub use http::{BadServer, ChessDb, ClientSettings, DEFAULT_SERVER, USER_AGENT};
pub use limiter::MAX_QUERIES_PER_SECOND;
pub use line::{IllegalLine, Line};
pub use request::{board_text, Action, EgtbMetric, Options, Request};
pub use service::{Cloud, Fetched, ShownMove, Source, DEFAULT_FRESHNESS};
