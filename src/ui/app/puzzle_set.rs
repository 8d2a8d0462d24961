//! "Make puzzles from my mistakes": a reviewed game's mistakes and blunders of one side turned
//! into puzzles ([`puzzles_from_marks`]) and added to the personal set, `puzzles/my-mistakes.pgn`
//! in the folder of the settings (beside the autosave file). The set is read first and written
//! whole, atomically; a set that does not read in full is left as it is (nothing of it is lost),
//! and a puzzle already in it (the same start and solution) is not added twice.

use std::path::Path;

use crate::engine_client::puzzles_from_marks;
use crate::formats::{
    read_record_bytes, save_atomic, write_pgn_games, PgnWriteOptions, TargetState,
};
use crate::lang::{IoReason, Language};
use crate::notation::Script;
use crate::record::Game;
use crate::rules::Color;

use crate::ui::base::command::notice::Notice;
use crate::ui::base::command::window_id::WindowId;

use crate::ui::windows::puzzle_window::personal_set;

use super::QipuApp;
use crate::ui::base::command::notification::{Notification, Source};

/// Whether two puzzles are the same: the same start and the same solution.
fn same(a: &Game, b: &Game) -> bool {
    a.start() == b.start() && a.moves_to(a.main_line_end()) == b.moves_to(b.main_line_end())
}

/// Add `new` to the set in `path`; returns how many were new.
fn add_to_set(path: &Path, new: Vec<Game>, lang: Language) -> Result<usize, String> {
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
        Err(e) => return Err(format!("{}: {e}", path.display())),
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

impl QipuApp {
    /// Add `side`'s mistakes of the game shown to the personal set.
    pub(super) fn make_puzzles(&mut self, side: Color) {
        let lang = self.session.lang();
        let Some(path) = self.options.autosave.as_deref().and_then(personal_set) else {
            let why = lang.pick(
                "There is no folder of settings to keep the puzzles in.",
                "没有设置文件夹可保存题目。",
                "沒有設定資料夾可儲存題目。",
            );
            self.tell(Notification::error(Source::Window(WindowId::Puzzles), why));
            return;
        };
        let puzzles = puzzles_from_marks(self.session.game(), side);
        let made = puzzles.len();
        match add_to_set(&path, puzzles, lang) {
            Ok(added) => {
                let source = Source::File(path.clone());
                let text = Notice::PuzzlesAdded { made, added, path }.text(lang);
                self.tell(Notification::info(source, text));
            }
            Err(why) => self.tell(Notification::error(Source::Window(WindowId::Puzzles), why)),
        }
    }
}
