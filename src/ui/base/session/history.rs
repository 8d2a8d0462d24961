//! The one undo history of the session: every edit of the record, of typed moves and of the
//! clock's record, so that undoing a move the clock pressed undoes the press too.

use crate::competition::Contest;
use crate::record::Game;
use crate::transcribe::Transcriber;

/// Most edits kept for undo.
const DEPTH: usize = 500;

/// The state an edit can change, as it was before it.
#[derive(Clone, Debug)]
pub(super) struct Snapshot {
    pub(super) game: Game,
    pub(super) transcriber: Transcriber,
    pub(super) contest: Option<Contest>,
}

/// The state now, to compare with a snapshot without copying it.
pub(super) struct Current<'a> {
    pub(super) game: &'a Game,
    pub(super) contest: Option<&'a Contest>,
}

impl Snapshot {
    /// A copy of the state an edit can change.
    pub(super) fn of(
        game: &Game,
        transcriber: &Transcriber,
        contest: Option<&Contest>,
    ) -> Snapshot {
        Snapshot {
            game: game.clone(),
            transcriber: transcriber.clone(),
            contest: contest.cloned(),
        }
    }

    /// True when `now` differs from this snapshot in the record or the clock's log.
    pub(super) fn differs(&self, now: &Current<'_>) -> bool {
        let log = |c: Option<&Contest>| c.map(|c| c.log().to_vec());
        !self.game.same_record(now.game) || log(self.contest.as_ref()) != log(now.contest)
    }
}

/// Undo and redo stacks of snapshots.
#[derive(Clone, Debug, Default)]
pub(super) struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
}

impl History {
    /// After a command: keep `before` for undo if the command changed the record or the clock.
    pub(super) fn note(&mut self, before: Snapshot, now: &Current<'_>) {
        if !before.differs(now) {
            return;
        }
        self.undo.push(before);
        if self.undo.len() > DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// The state before the last edit, in exchange for the state now.
    pub(super) fn undo(&mut self, current: Snapshot) -> Option<Snapshot> {
        let snapshot = self.undo.pop()?;
        self.redo.push(current);
        Some(snapshot)
    }

    /// The state the last undo left, in exchange for the state now.
    pub(super) fn redo(&mut self, current: Snapshot) -> Option<Snapshot> {
        let snapshot = self.redo.pop()?;
        self.undo.push(current);
        Some(snapshot)
    }

    /// True when there is an edit to undo.
    pub(super) fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// The state before the last edit, if there is one to undo.
    pub(super) fn last(&self) -> Option<&Snapshot> {
        self.undo.last()
    }

    /// True when there is an undone edit to redo.
    pub(super) fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The clock as it stood when the main line last had `moves` moves (before the move now
    /// taken back was played and pressed), if the history reaches back to it.
    pub(super) fn contest_at(&self, moves: usize) -> Option<Option<Contest>> {
        self.undo
            .iter()
            .rev()
            .find(|s| s.game.main_line().len() == moves)
            .map(|s| s.contest.clone())
    }
}
