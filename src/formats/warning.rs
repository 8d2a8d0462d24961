//! What a reader accepts although play could not have left it so, told beside the game read (a
//! read that succeeds with warnings): a start position that only a rule-book diagram or a
//! composed problem shows (2.2, 1.2), and a last move the board cannot play after which the
//! record says its mover lost (4.1.6). Errors stay errors ([`super::GameError`]).

use crate::lang::Language;
use crate::notation::NotationError;
use crate::record::Game;
use crate::rules::{Color, SetupWarning};

/// One thing a read accepted with a warning; the game is read in full all the same.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadWarning {
    /// The start position breaks only the rules of where pieces can stand (2.2) or of how many
    /// a side has (1.2): it is read as a diagram.
    #[error("start position: {0}")]
    Start(SetupWarning),
    /// The record's last move cannot be played, and the record says its mover lost: the game
    /// ended on a move against the rules (4.1.6, an engine league's "forfeits due to illegal
    /// move"). The game is read up to it; the move is kept as text in the last comment.
    #[error("{0}")]
    LastMoveNotPlayed(UnplayedMove),
}

/// A last move the board cannot play, as the record writes it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "move {number}{}: {error}; the game ends before it, lost by {} (4.1.6)",
    dots(*side),
    side.name(Language::English)
)]
pub struct UnplayedMove {
    /// Move number as written in records (1 for Red's and Black's first moves).
    pub number: u32,
    /// The side that played it.
    pub side: Color,
    /// Why the board cannot play it; its text is the move as written.
    pub error: NotationError,
}

/// `.` after Red's move numbers, `...` after Black's, as records write them.
fn dots(side: Color) -> &'static str {
    match side {
        Color::Red => ".",
        Color::Black => "...",
    }
}

impl UnplayedMove {
    /// The move as the record's comment keeps it: `Not played: move 39...: '后马进７' (e8g7) is
    /// illegal: the horse's leg is blocked`.
    pub fn comment(&self) -> String {
        format!(
            "Not played: move {}{}: {}",
            self.number,
            dots(self.side),
            self.error
        )
    }

    /// The warning in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        format!(
            "{}{}{}{}：{}{}{}{}",
            lang.zh("第 ", "第 "),
            self.number,
            lang.zh(" 回合", " 回合"),
            self.side.name(lang),
            self.error.message(lang),
            lang.zh("；对局止于此着之前，", "；對局止於此著之前，"),
            self.side.name(lang),
            lang.zh("判负（4.1.6）", "判負（4.1.6）")
        )
    }
}

impl ReadWarning {
    /// The warnings a game read calls for: what its start position shows that play never
    /// reaches. Empty for a game from any position of play.
    pub fn of_game(game: &Game) -> Vec<ReadWarning> {
        game.start()
            .diagram_warnings()
            .into_iter()
            .map(ReadWarning::Start)
            .collect()
    }

    /// The warning in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            ReadWarning::Start(warning) => format!(
                "{}{}",
                lang.pick("start position: ", "起始局面：", "起始局面："),
                warning.message(lang)
            ),
            ReadWarning::LastMoveNotPlayed(unplayed) => unplayed.message(lang),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn a_start_play_cannot_reach_is_named_in_each_language() {
        // 2.2: a black advisor on g0 (CCPD 開局/00000242.pgn) stands off its palace.
        let fen = "rnb1kabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAaNR w - - 0 1";
        let game = Game::new(Position::from_diagram_fen(fen).expect("a diagram"));
        let warnings = ReadWarning::of_game(&game);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert_eq!(
            warnings[0].to_string(),
            "start position: black advisor on g0, a point it can never reach in play (2.2)"
        );
        let hans = warnings[0].message(Language::SimplifiedChinese);
        let hant = warnings[0].message(Language::TraditionalChinese);
        assert!(
            hans.starts_with("起始局面：") && hans.contains("g0"),
            "{hans}"
        );
        assert!(hant.contains("九宮"), "{hant}");
        assert!(ReadWarning::of_game(&Game::new(Position::startpos())).is_empty());
    }
}
