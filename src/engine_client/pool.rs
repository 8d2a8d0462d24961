//! Engines side by side: the positions of one game searched by several engines at once, each
//! a process of its own searching on one thread. Every position is searched from a fresh start
//! (`ucinewgame` before it), so what a search finds depends neither on which engine searched it
//! nor on what that engine searched before: under a node budget, the same positions give the
//! same lines and scores on every run, however many engines share the work.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::config::EngineConfig;
use super::external_engine::{EngineError, ExternalEngine};
use super::search::{SearchOutcome, SearchRequest};

/// Engines started from one configuration, sharing the searches of a list of positions.
pub struct EnginePool {
    engines: Vec<ExternalEngine>,
}

impl EnginePool {
    /// Engines for a machine: one per core it has (1 when that cannot be told).
    pub fn per_core() -> usize {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    }

    /// `count` engines (at least one) started from `config`, each told to search on one thread
    /// (`Threads` 1 where it offers the option): several threads would make a search's result
    /// depend on how they met.
    pub fn start(config: &EngineConfig, count: usize) -> Result<EnginePool, EngineError> {
        let mut pool = EnginePool {
            engines: Vec::with_capacity(count.max(1)),
        };
        for _ in 0..count.max(1) {
            pool.engines.push(ExternalEngine::start(config)?);
        }
        pool.set_offered("Threads", "1")?;
        Ok(pool)
    }

    /// How many engines there are.
    pub fn count(&self) -> usize {
        self.engines.len()
    }

    /// The engine's name as the user should see it (the first engine's label).
    pub fn label(&self) -> String {
        self.engines
            .first()
            .map_or_else(String::new, ExternalEngine::label)
    }

    /// Set the option `name` to `value` on every engine; an engine without it is an error.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        for engine in &mut self.engines {
            engine.set_option(name, value)?;
        }
        Ok(())
    }

    /// Set the option `name` to `value` on every engine that offers it.
    pub fn set_offered(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        for engine in &mut self.engines {
            if engine.option(name).is_some() {
                engine.set_option(name, value)?;
            }
        }
        Ok(())
    }

    /// Search every request, each from a fresh start, the engines taking the next request as
    /// they finish one; the outcomes come back in the order of the requests. `done(n)` is called
    /// as the `n`-th search ends. Setting `cancel` stops the work after the searches under way
    /// (`Ok(None)`); the first failure stops it too, and is returned.
    pub fn search_all(
        &mut self,
        requests: &[SearchRequest],
        done: &mut dyn FnMut(usize),
        cancel: &AtomicBool,
    ) -> Result<Option<Vec<SearchOutcome>>, EngineError> {
        let next = AtomicUsize::new(0);
        let failed = AtomicBool::new(false);
        let mut outcomes: Vec<Option<SearchOutcome>> = vec![None; requests.len()];
        let mut failure = None;
        std::thread::scope(|scope| {
            let (sender, results) = mpsc::channel();
            for engine in &mut self.engines {
                let sender = sender.clone();
                let (next, failed) = (&next, &failed);
                scope.spawn(move || {
                    while !cancel.load(Ordering::Relaxed) && !failed.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(request) = requests.get(index) else {
                            break;
                        };
                        let outcome = search_fresh(engine, request);
                        if outcome.is_err() {
                            failed.store(true, Ordering::Relaxed);
                        }
                        if sender.send((index, outcome)).is_err() {
                            break;
                        }
                    }
                });
            }
            // The loop below ends when every engine's thread has ended and dropped its sender.
            drop(sender);
            let mut finished = 0;
            for (index, outcome) in results {
                match outcome {
                    Ok(outcome) => {
                        outcomes[index] = Some(outcome);
                        finished += 1;
                        done(finished);
                    }
                    Err(e) => {
                        failure.get_or_insert(e);
                    }
                }
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        // Without a failure, every request has its outcome unless the work was cancelled.
        Ok(outcomes.into_iter().collect())
    }
}

/// Search `request` on `engine` from a fresh start; a restart of the engine is forgiven once.
fn search_fresh(
    engine: &mut ExternalEngine,
    request: &SearchRequest,
) -> Result<SearchOutcome, EngineError> {
    let mut attempt = || {
        engine.new_game()?;
        engine.search(request)
    };
    match attempt() {
        Err(EngineError::Restarted { .. }) => attempt(),
        other => other,
    }
}
