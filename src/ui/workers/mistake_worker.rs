//! Puzzles made from a reviewed game's mistakes, in the background: each solution cut by the
//! built-in engine to the moves that make the puzzle ([`trim_solution`], a few searches a
//! puzzle), then added to the personal set, `puzzles/my-mistakes.pgn` in the folder of the
//! settings. The set is read first and written whole, atomically; a set that does not read in
//! full is left as it is (nothing of it is lost), and a puzzle already in it (the same start
//! and solution) is not added twice. Jobs that overlap write the set one after the other.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::engine::{Control, Engine, Options};
use crate::formats::{
    read_record_bytes, save_atomic, write_pgn_games, PgnWriteOptions, TargetState,
};
use crate::lang::{IoReason, Language};
use crate::notation::Script;
use crate::puzzles::trim_solution;
use crate::record::Game;
use crate::referee::RuleSet;

use crate::ui::base::command::outbox::{JobId, Outbox, Recipient};

/// Held while the personal set is read and written, so that two jobs never write over each
/// other's puzzles.
static SET_FILE: Mutex<()> = Mutex::new(());

/// What a job answers.
#[derive(Debug)]
pub struct MistakesAdded {
    /// How many puzzles the game's mistakes made.
    pub made: usize,
    /// How many were new to the set, or why the set was not written.
    pub added: Result<usize, String>,
    /// The set's file.
    pub path: PathBuf,
}

/// A job under way; dropping it stops the searches, and nothing is written.
pub struct MistakeWorker {
    control: Arc<Control>,
    job: JobId,
}

impl MistakeWorker {
    /// Cut the solutions of `puzzles` by the built-in engine under `rules`, then add them to
    /// the set at `path`, on a thread of its own; the answer comes through `outbox`.
    pub fn start(
        outbox: &Outbox,
        puzzles: Vec<Game>,
        path: PathBuf,
        rules: RuleSet,
        lang: Language,
    ) -> MistakeWorker {
        let control = Arc::new(Control::new(false));
        let courier = outbox.courier::<MistakesAdded>(Recipient::Mistakes);
        let job = courier.job();
        let shared = Arc::clone(&control);
        let sender = courier.clone();
        let made = puzzles.len();
        let at = path.clone();
        let spawned = std::thread::Builder::new()
            .name("puzzles from mistakes".to_owned())
            .spawn(move || {
                let mut puzzles = puzzles;
                let mut engine = Engine::new(Options {
                    rules,
                    ..Options::default()
                });
                for puzzle in &mut puzzles {
                    // A puzzle whose searches did not finish keeps its whole line.
                    trim_solution(puzzle, &mut engine, &shared);
                }
                if shared.stopped() {
                    // Given up (the window closes): nothing is written.
                    return;
                }
                let added = add_to_set(&at, puzzles, lang);
                sender.deliver(MistakesAdded {
                    made,
                    added,
                    path: at,
                });
            });
        if let Err(e) = spawned {
            courier.deliver(MistakesAdded {
                made,
                added: Err(IoReason::of(&e).message(lang)),
                path,
            });
        }
        MistakeWorker { control, job }
    }

    /// The job's stamp: its answer carries it.
    pub fn job(&self) -> JobId {
        self.job
    }
}

impl Drop for MistakeWorker {
    fn drop(&mut self) {
        self.control.stop();
    }
}

/// Whether two puzzles are the same: the same start and the same solution.
fn same(a: &Game, b: &Game) -> bool {
    a.start() == b.start() && a.moves_to(a.main_line_end()) == b.moves_to(b.main_line_end())
}

/// Add `new` to the set in `path`; returns how many were new.
fn add_to_set(path: &Path, new: Vec<Game>, lang: Language) -> Result<usize, String> {
    // A job that panicked while holding the lock left the file as atomic saving leaves it.
    let _writing = SET_FILE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut set = match std::fs::read(path) {
        Ok(bytes) => {
            let mut games = Vec::new();
            for (i, read) in read_record_bytes(&bytes).games.into_iter().enumerate() {
                match (read.game, read.error) {
                    (Some(game), None) => games.push(game),
                    (_, error) => {
                        return Err(format!(
                            "{} {}: {} {}{}",
                            lang.pick("Kept as it is:", "保持原样：", "保持原樣："),
                            path.display(),
                            lang.pick("game", "第", "第"),
                            i + 1,
                            error.map_or_else(String::new, |e| format!(": {e}"))
                        ))
                    }
                }
            }
            games
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => {
            return Err(format!(
                "{}: {}",
                path.display(),
                IoReason::of(&e).message(lang)
            ))
        }
    };
    let before = set.len();
    for puzzle in new {
        if !set.iter().any(|p| same(p, &puzzle)) {
            set.push(puzzle);
        }
    }
    let added = set.len() - before;
    if added == 0 {
        return Ok(0);
    }
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("{}: {}", folder.display(), IoReason::of(&e)))?;
    }
    let text = write_pgn_games(&set, &PgnWriteOptions::qipu(Script::Simplified));
    save_atomic(path, text.as_bytes(), TargetState::Safe, false).map_err(|e| e.to_string())?;
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_that_cannot_be_read_is_named_with_the_reason_in_plain_words() {
        // A folder where the set's file should be: refused whoever runs the test.
        let folder = std::env::temp_dir().join(format!("qipu-set-folder-{}", std::process::id()));
        std::fs::create_dir_all(&folder).expect("a folder");
        let said = add_to_set(
            &folder,
            vec![Game::new(crate::rules::Position::startpos())],
            Language::English,
        );
        std::fs::remove_dir(&folder).expect("clean up");
        let said = said.expect_err("a folder is no set");
        assert!(said.starts_with(&folder.display().to_string()), "{said}");
        assert!(!said.contains("os error"), "{said}");
    }
}
