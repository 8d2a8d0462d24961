//! What a reader accepts although play could not have left it so, told beside the game read (a
//! read that succeeds with warnings): a start position that only a rule-book diagram or a
//! composed problem shows (2.2, 1.2). Errors stay errors ([`super::GameError`]).

use crate::lang::Language;
use crate::record::Game;
use crate::rules::SetupWarning;

/// One thing a read accepted with a warning; the game is read in full all the same.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadWarning {
    /// The start position breaks only the rules of where pieces can stand (2.2) or of how many
    /// a side has (1.2): it is read as a diagram.
    #[error("start position: {0}")]
    Start(SetupWarning),
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
