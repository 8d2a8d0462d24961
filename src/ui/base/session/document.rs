//! The game's file: which file the game shown belongs to, and whether the game differs from
//! what was last kept there. Every command that puts another game on the board says where it
//! comes from ([`Origin`]); [`Session::show`] is the one place the tie is set or cleared from
//! it, and [`Session::saved`] the one place a save ties the game to the file written.

use crate::record::Game;
use crate::rules::Color;

use crate::ui::base::command::origin::{FileTie, Origin};

use super::history::{Current, Snapshot};
use super::Session;

/// What the game is compared with to tell whether it is unsaved.
#[derive(Clone, Debug)]
enum Kept {
    /// The record as it was read, shown or last saved (the record and the clock's log).
    Record(Box<Snapshot>),
    /// Nothing: the game was never kept anywhere, so it is unsaved.
    Nothing,
    /// A puzzle's board: never unsaved.
    Scratch,
}

/// The game's tie to its file and what it is compared with.
#[derive(Clone, Debug)]
pub(super) struct Document {
    tie: Option<FileTie>,
    kept: Kept,
    /// Whether the game differs from what is kept, as last compared.
    dirty: bool,
}

impl Document {
    /// A game as it is now, tied to nothing and unchanged (the new game the window starts with).
    pub(super) fn fresh(now: Snapshot) -> Document {
        Document {
            tie: None,
            kept: Kept::Record(Box::new(now)),
            dirty: false,
        }
    }
}

impl Session {
    /// The file the game shown belongs to: Save writes there (over it when it may, else asking
    /// where).
    pub fn tie(&self) -> Option<&FileTie> {
        self.document.tie.as_ref()
    }

    /// True when the game differs from what was last kept: its file's game, or the game as it
    /// was shown (a new game, a game of the database); always for work never saved (a position
    /// pasted or set up), never for a puzzle on the board.
    pub fn dirty(&self) -> bool {
        self.document.dirty
    }

    /// Put `game` on the board from `origin`: the one place its tie to a file is set or
    /// cleared.
    pub(super) fn show(&mut self, game: Game, origin: Origin) {
        self.replace_game(game);
        // A puzzle is seen from its solver's side; any other game as the user chose.
        self.puzzle_flipped = matches!(origin, Origin::Puzzle)
            .then(|| self.game.start().side_to_move() == Color::Black);
        let (tie, kept) = match origin {
            Origin::File(tie) => (Some(tie), Kept::Record(Box::new(self.snapshot()))),
            Origin::Fresh => (None, Kept::Record(Box::new(self.snapshot()))),
            Origin::Unsaved => (None, Kept::Nothing),
            Origin::Restored(tie) => (tie, Kept::Nothing),
            Origin::Puzzle => (None, Kept::Scratch),
        };
        self.document = Document {
            tie,
            kept,
            dirty: false,
        };
        self.compare_with_kept();
    }

    /// The game shown was written whole to `tie`'s file: the referee's result found by looking
    /// is in the record now (the save wrote it), the game is tied to the file and unchanged.
    pub(super) fn saved(&mut self, tie: FileTie) {
        if self.game.ending().is_none() {
            if let Some(found) = self.found_ending() {
                self.game.set_ending(Some(&found));
            }
        }
        self.document = Document {
            tie: Some(tie),
            kept: Kept::Record(Box::new(self.snapshot())),
            dirty: false,
        };
    }

    /// Compare the game with what is kept (after a command that may have changed it).
    pub(super) fn compare_with_kept(&mut self) {
        let now = Current {
            game: &self.game,
            contest: self.contest.as_ref(),
        };
        self.document.dirty = match &self.document.kept {
            Kept::Record(kept) => kept.differs(&now),
            Kept::Nothing => true,
            Kept::Scratch => false,
        };
    }
}
