//! What the app did, said in a passing notification: a save, a copy, puzzles added, a game
//! opened from the database. The wording lives beside [`super::notification::Notification`],
//! which carries it; the session's own notices (a move refused, whose turn it is) are its
//! `Notice`.

use std::path::{Path, PathBuf};

use crate::lang::Language;

use crate::ui::base::words::counted;

/// Something the app did, for a passing notification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Done {
    /// A game was opened from the database: its window stepped aside, the list kept.
    FromDatabase,
    /// The game was saved to this file.
    Saved(PathBuf),
    /// The game was put on the clipboard as PGN, with this many moves.
    CopiedPgn(usize),
    /// The game was copied as a DhtmlXQ block: its moves, and how many marks, NAGs and comments
    /// before moves DhtmlXQ had no place for.
    CopiedDhtmlxq {
        /// Moves of the main line.
        moves: usize,
        /// What was left out.
        lost: usize,
    },
    /// Puzzles made from the game's mistakes were added to the personal set in this file.
    PuzzlesAdded {
        /// How many the game's mistakes made.
        made: usize,
        /// How many of them were new to the set.
        added: usize,
        /// The set's file.
        path: PathBuf,
    },
}

impl Done {
    /// The sentence for the user.
    pub fn text(&self, lang: Language) -> String {
        match self {
            Done::FromDatabase => lang
                .pick(
                    "Opened from the database (Database › Game database… shows the list again)",
                    "已从棋谱库打开（棋谱库菜单可回到列表）",
                    "已從棋譜庫開啟（棋譜庫選單可回到列表）",
                )
                .to_owned(),
            Done::Saved(path) => format!(
                "{} {}",
                lang.pick("Saved to", "已保存到", "已儲存到"),
                path.display()
            ),
            Done::CopiedPgn(moves) => match lang {
                Language::English => {
                    format!(
                        "Copied the game as PGN ({})",
                        counted(*moves, "move", "moves")
                    )
                }
                Language::SimplifiedChinese => format!("已将棋谱复制为 PGN（{moves} 着）"),
                Language::TraditionalChinese => format!("已將棋譜複製為 PGN（{moves} 著）"),
            },
            Done::CopiedDhtmlxq { moves, lost } => copied_dhtmlxq(*moves, *lost, lang),
            Done::PuzzlesAdded { made, added, path } => puzzles_added(*made, *added, path, lang),
        }
    }
}

/// What "Puzzles from …'s mistakes" did: how many new puzzles went to the set, or, in a plain
/// sentence, why none did (no mistake to make one of, or every one already there).
fn puzzles_added(made: usize, added: usize, path: &Path, lang: Language) -> String {
    let path = path.display();
    if made == 0 {
        return lang
            .pick(
                "No puzzle made: that side has no move marked ? or ?? with a better line beside it",
                "没有做成题目：这一方没有标为 ? 或 ?? 且附有更好着法的着法",
                "沒有做成題目：這一方沒有標為 ? 或 ?? 且附有更好著法的著法",
            )
            .to_owned();
    }
    if added == 0 {
        return match lang {
            Language::English => format!(
                "Nothing new: {} already in {path}",
                if made == 1 {
                    "this puzzle is".to_owned()
                } else {
                    format!("all {made} puzzles are")
                }
            ),
            Language::SimplifiedChinese => format!("没有新题：这 {made} 道题目已在 {path} 中"),
            Language::TraditionalChinese => format!("沒有新題：這 {made} 道題目已在 {path} 中"),
        };
    }
    match lang {
        Language::English => format!("{} in {path}", counted(added, "new puzzle", "new puzzles")),
        Language::SimplifiedChinese => format!("{path} 新增 {added} 道题目"),
        Language::TraditionalChinese => format!("{path} 新增 {added} 道題目"),
    }
}

/// "Copied the game as DhtmlXQ (n moves)", and what the format had no place for.
fn copied_dhtmlxq(moves: usize, lost: usize, lang: Language) -> String {
    let copied = match lang {
        Language::English => {
            format!(
                "Copied the game as DhtmlXQ ({})",
                counted(moves, "move", "moves")
            )
        }
        Language::SimplifiedChinese => format!("已将棋谱复制为 DhtmlXQ（{moves} 着）"),
        Language::TraditionalChinese => format!("已將棋譜複製為 DhtmlXQ（{moves} 著）"),
    };
    if lost == 0 {
        return copied;
    }
    let left = match lang {
        Language::English => {
            format!(
                "; DhtmlXQ has no place for {} before a move",
                counted(lost, "mark, NAG or comment", "marks, NAGs or comments")
            )
        }
        Language::SimplifiedChinese => {
            format!("；DhtmlXQ 无处保存 {lost} 个符号、NAG 或着法前的注释")
        }
        Language::TraditionalChinese => {
            format!("；DhtmlXQ 無處保存 {lost} 個符號、NAG 或著法前的註釋")
        }
    };
    copied + &left
}

#[cfg(test)]
mod tests {
    use super::*;

    fn added(made: usize, added: usize, lang: Language) -> String {
        let path = PathBuf::from("my-mistakes.pgn");
        Done::PuzzlesAdded { made, added, path }.text(lang)
    }

    #[test]
    fn puzzles_added_are_counted_in_words_and_none_new_said_plainly() {
        use Language::*;
        assert_eq!(added(3, 1, English), "1 new puzzle in my-mistakes.pgn");
        assert_eq!(added(3, 2, English), "2 new puzzles in my-mistakes.pgn");
        assert_eq!(
            added(3, 0, English),
            "Nothing new: all 3 puzzles are already in my-mistakes.pgn"
        );
        assert_eq!(
            added(1, 0, English),
            "Nothing new: this puzzle is already in my-mistakes.pgn"
        );
        assert_eq!(
            added(0, 0, English),
            "No puzzle made: that side has no move marked ? or ?? with a better line beside it"
        );
        assert_eq!(
            added(2, 2, SimplifiedChinese),
            "my-mistakes.pgn 新增 2 道题目"
        );
        assert_eq!(
            added(2, 0, SimplifiedChinese),
            "没有新题：这 2 道题目已在 my-mistakes.pgn 中"
        );
        assert_eq!(
            added(2, 0, TraditionalChinese),
            "沒有新題：這 2 道題目已在 my-mistakes.pgn 中"
        );
        for lang in [English, SimplifiedChinese, TraditionalChinese] {
            for (made, new) in [(0, 0), (1, 0), (5, 0), (1, 1), (5, 3)] {
                let text = added(made, new, lang);
                assert!(!text.contains("(s)") && !text.contains(" 0 "), "{text}");
            }
        }
    }
}
