//! The cloud as the window and the command line use it ([`Cloud`]): nothing is sent until the
//! caller turns it on; answers come from the cache while fresh, from the cloud otherwise, and
//! from the cache again, with their age, when the network fails; and the moves the game's rules
//! forbid are marked and asked about again with them banned.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::answer::{BestMove, CloudMove, Pv};
use super::book::CloudBook;
use super::cache::CloudCache;
use super::error::CloudError;
use super::line::{forbidden_moves, Line};
use super::reply::Reply;
use super::request::{Action, Options, Request};
use crate::rules::{Move, Position, Status};

/// How long a cached answer is used without asking the cloud again, when none is set.
pub const DEFAULT_FRESHNESS: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// Where an answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The cloud, just now.
    Cloud,
    /// The cache: the cloud gave it `age` ago.
    Cache {
        /// How long ago the cloud gave the answer.
        age: Duration,
    },
}

/// An answer and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Fetched<T> {
    /// The answer.
    pub value: T,
    /// The cloud or the cache.
    pub source: Source,
}

impl<T> Fetched<T> {
    fn map<U>(self, f: impl FnOnce(T) -> U) -> Fetched<U> {
        Fetched {
            value: f(self.value),
            source: self.source,
        }
    }
}

/// One of the cloud's moves as Qipu shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownMove {
    /// The cloud's move, score, rank, win rate and note.
    pub cloud: CloudMove,
    /// The game's rules forbid it here (a forbidden repetition): the cloud was asked again
    /// without it, and it is shown last, marked.
    pub forbidden: bool,
}

/// The cloud database behind its consent, cache and the game's rules.
///
/// Its methods block (a timeout bounds each query); the window calls them from a worker
/// thread, sharing the `Cloud` (it is `Send + Sync`).
pub struct Cloud {
    book: Box<dyn CloudBook>,
    cache: Option<CloudCache>,
    enabled: AtomicBool,
    fresh_for: Duration,
    options: Options,
}

impl Cloud {
    /// The cloud `book`, turned off, without a cache. Nothing is sent until [`Cloud::enable`].
    pub fn new(book: Box<dyn CloudBook>) -> Cloud {
        Cloud {
            book,
            cache: None,
            enabled: AtomicBool::new(false),
            fresh_for: DEFAULT_FRESHNESS,
            options: Options::default(),
        }
    }

    /// The same cloud keeping its answers in `cache`.
    pub fn with_cache(self, cache: CloudCache) -> Cloud {
        Cloud {
            cache: Some(cache),
            ..self
        }
    }

    /// The same cloud taking cached answers younger than `fresh_for` without asking (older
    /// ones stand in only when the network fails).
    pub fn with_freshness(self, fresh_for: Duration) -> Cloud {
        Cloud { fresh_for, ..self }
    }

    /// The same cloud asking with `options` (`learn` only when the user asked for it).
    pub fn with_options(self, options: Options) -> Cloud {
        Cloud { options, ..self }
    }

    /// Turn the cloud on (the user agreed) or off.
    pub fn enable(&self, on: bool) {
        self.enabled.store(on, Ordering::Relaxed);
    }

    /// Whether queries may be sent.
    pub fn is_enabled(&self) -> bool {
        self.enabled.load(Ordering::Relaxed)
    }

    /// The cloud asked.
    pub fn book(&self) -> &dyn CloudBook {
        self.book.as_ref()
    }

    /// The cache, for its size and to clear it.
    pub fn cache(&self) -> Option<&CloudCache> {
        self.cache.as_ref()
    }

    /// The cloud's moves in the line's last position, best first. A move the game's rules
    /// forbid there (a forbidden repetition under the line's rule set) is marked, the cloud is
    /// asked again with it banned (its ranks change when the best move goes), and it is listed
    /// last.
    pub fn moves(&self, line: &Line) -> Result<Fetched<Vec<ShownMove>>, CloudError> {
        let request = self.request(line)?;
        let first = self.ask(Action::QueryAll, &request, |b, r| b.moves(r))?;
        let watch = line.watch();
        let forbidden: Vec<CloudMove> = first
            .value
            .iter()
            .filter(|m| watch.forbids(m.mv))
            .cloned()
            .collect();
        if forbidden.is_empty() {
            return Ok(first.map(|moves| {
                moves
                    .into_iter()
                    .map(|cloud| ShownMove {
                        cloud,
                        forbidden: false,
                    })
                    .collect()
            }));
        }
        let banned: Vec<Move> = forbidden.iter().map(|m| m.mv).collect();
        let again = match self.ask(
            Action::QueryAll,
            &request.banning(banned.clone()),
            |b, r| b.moves(r),
        ) {
            Ok(again) => again,
            // Nothing left once the forbidden moves are out, or the second query failed: the
            // first answer's other moves stand, with its ranks.
            Err(_) => {
                first.map(|moves| moves.into_iter().filter(|m| !watch.forbids(m.mv)).collect())
            }
        };
        Ok(again.map(|allowed| {
            allowed
                .into_iter()
                .filter(|m| !banned.contains(&m.mv))
                .map(|cloud| ShownMove {
                    forbidden: watch.forbids(cloud.mv),
                    cloud,
                })
                .chain(forbidden.into_iter().map(|cloud| ShownMove {
                    cloud,
                    forbidden: true,
                }))
                .collect()
        }))
    }

    /// The cloud's principal line from the line's last position, the moves the game's rules
    /// forbid there banned.
    pub fn pv(&self, line: &Line) -> Result<Fetched<Pv>, CloudError> {
        let request = self.banning_forbidden(line)?;
        self.ask(Action::QueryPv, &request, |b, r| b.pv(r))
    }

    /// The cloud's score of the line's last position, the moves the game's rules forbid there
    /// banned.
    pub fn score(&self, line: &Line) -> Result<Fetched<i32>, CloudError> {
        let request = self.banning_forbidden(line)?;
        self.ask(Action::QueryScore, &request, |b, r| b.score(r))
    }

    /// One move to play from the line's last position (the cloud as an opening book), the
    /// moves the game's rules forbid there banned.
    pub fn best(&self, line: &Line) -> Result<Fetched<BestMove>, CloudError> {
        let request = self.banning_forbidden(line)?;
        self.ask(Action::QueryBest, &request, |b, r| b.best(r))
    }

    /// Ask the cloud to analyse `position` (only when the user asks); whether it took it.
    /// Never cached.
    pub fn queue(&self, position: &Position) -> Result<bool, CloudError> {
        if !self.is_enabled() {
            return Err(CloudError::Disabled);
        }
        let request = Request {
            options: self.options,
            ..Request::new(position.clone())
        };
        self.book.queue(&request)
    }

    /// The query about the line's last position; a position without a move is answered here,
    /// without asking.
    fn request(&self, line: &Line) -> Result<Request, CloudError> {
        if !self.is_enabled() {
            return Err(CloudError::Disabled);
        }
        match line.end().status() {
            Status::Checkmate => return Err(CloudError::Checkmate),
            Status::Stalemate => return Err(CloudError::Stalemate),
            Status::Ongoing => {}
        }
        Ok(Request {
            options: self.options,
            ..Request::new(line.end().clone())
        })
    }

    /// The query with every move the game's rules forbid banned.
    fn banning_forbidden(&self, line: &Line) -> Result<Request, CloudError> {
        let request = self.request(line)?;
        let banned = forbidden_moves(line, &line.watch());
        Ok(request.banning(banned))
    }

    /// The answer to `action`: from the cache while fresh, else from the book (and kept), else,
    /// when the network failed, from the cache however old. The cache never stops a query: an
    /// entry that cannot be read is asked again, and an answer that cannot be kept is still
    /// given (the cache's own methods report its errors).
    fn ask<T: Reply>(
        &self,
        action: Action,
        request: &Request,
        get: impl Fn(&dyn CloudBook, &Request) -> Result<T, CloudError>,
    ) -> Result<Fetched<T>, CloudError> {
        let key = request.key(action);
        let name = self.book.name();
        let kept = self
            .cache
            .as_ref()
            .and_then(|cache| cache.get(name, &key).ok().flatten())
            .and_then(|c| {
                let value = T::parse(&c.answer, &request.position).ok()?;
                Some((value, c.age))
            });
        match kept {
            Some((value, age)) if age < self.fresh_for => Ok(Fetched {
                value,
                source: Source::Cache { age },
            }),
            kept => self.refresh(request, &key, get, kept),
        }
    }

    /// Ask the book; keep its answer; on a network failure fall back on `kept`.
    fn refresh<T: Reply>(
        &self,
        request: &Request,
        key: &str,
        get: impl Fn(&dyn CloudBook, &Request) -> Result<T, CloudError>,
        kept: Option<(T, Duration)>,
    ) -> Result<Fetched<T>, CloudError> {
        match get(self.book.as_ref(), request) {
            Ok(value) => {
                if let Some(cache) = &self.cache {
                    // An answer that cannot be kept is still an answer.
                    cache.put(self.book.name(), key, &value.write()).ok();
                }
                Ok(Fetched {
                    value,
                    source: Source::Cloud,
                })
            }
            Err(e) if e.is_network() => match kept {
                Some((value, age)) => Ok(Fetched {
                    value,
                    source: Source::Cache { age },
                }),
                None => Err(e),
            },
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cloud_can_be_shared_with_a_worker_thread() {
        fn shared<T: Send + Sync>() {}
        shared::<Cloud>();
        shared::<std::sync::Arc<Cloud>>();
    }
}
