//! The one door to a cloud database: [`CloudBook`]. The HTTP client of chessdb.cn
//! ([`super::ChessDb`]) is one; a mirror at another address is the same client with another
//! server setting; another cloud, or a scripted one in tests, implements the trait itself.

use super::answer::{BestMove, CloudMove, Pv};
use super::error::CloudError;
use super::request::Request;

/// A cloud database of scored moves. Every answer is checked against the position asked: each
/// move legal there, each score in centipawns from the side to move.
///
/// The methods block until the answer comes or the attempt fails (a timeout bounds them); a
/// window calls them from a thread of its own. Implementations are shared between threads.
pub trait CloudBook: Send + Sync {
    /// The book's name: the server's address for an HTTP client. It keys the cache, so that
    /// the answers of two clouds are never mixed.
    fn name(&self) -> &str;

    /// Every move the cloud knows in the position (`queryall`), best first.
    fn moves(&self, request: &Request) -> Result<Vec<CloudMove>, CloudError>;

    /// One move to play (`querybest`), as an opening book gives one.
    fn best(&self, request: &Request) -> Result<BestMove, CloudError>;

    /// The principal line and its score (`querypv`).
    fn pv(&self, request: &Request) -> Result<Pv, CloudError>;

    /// The position's score (`queryscore`).
    fn score(&self, request: &Request) -> Result<i32, CloudError>;

    /// Ask the cloud to analyse the position (`queue`); whether it took it. Only on the user's
    /// explicit request.
    fn queue(&self, request: &Request) -> Result<bool, CloudError>;
}
