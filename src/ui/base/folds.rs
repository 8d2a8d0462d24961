//! Which variations of the record are folded: a mode for the whole record (main line only,
//! the first level, all) and the branch points the user opened or closed against it. The line
//! from the start to the move on the board is always unfolded.

use std::collections::HashSet;

use crate::lang::Language;
use crate::record::{Game, NodeId};

/// How deep the record's variations are unfolded.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum FoldMode {
    /// Only the main line; every variation folded.
    MainLine,
    /// The variations off the main line; those inside them folded.
    FirstLevel,
    /// Every variation.
    All,
}

impl FoldMode {
    /// The three, in menu order.
    pub const ALL: [FoldMode; 3] = [FoldMode::MainLine, FoldMode::FirstLevel, FoldMode::All];

    /// Its name in the View menu.
    pub fn label(self, lang: Language) -> &'static str {
        match self {
            FoldMode::MainLine => lang.pick("Main line only", "只看主线", "只看主線"),
            FoldMode::FirstLevel => {
                lang.pick("Variations: first level", "变着：第一层", "變著：第一層")
            }
            FoldMode::All => lang.pick("Variations: all", "变着：全部", "變著：全部"),
        }
    }

    /// Whether variations `depth` deep (1: off the main line) are unfolded in this mode.
    fn opens(self, depth: usize) -> bool {
        match self {
            FoldMode::MainLine => false,
            FoldMode::FirstLevel => depth <= 1,
            FoldMode::All => true,
        }
    }
}

/// A record with more branch points than this opens folded beyond the first level.
pub const MANY_BRANCHES: usize = 36;

/// The fold state of the record's variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folds {
    mode: FoldMode,
    /// Branch points whose variations are shown the other way from what `mode` says.
    turned: HashSet<NodeId>,
    /// Changes with every change of the state (the record panel lays the record out again).
    generation: u64,
}

impl Default for Folds {
    fn default() -> Self {
        Folds {
            mode: FoldMode::All,
            turned: HashSet::new(),
            generation: 0,
        }
    }
}

impl Folds {
    /// The state a record opens with: all unfolded, or the first level only when it has more
    /// than [`MANY_BRANCHES`] branch points.
    pub fn reset_for(&mut self, game: &Game) {
        let mut branches = 0;
        let mut stack = vec![game.root()];
        while let Some(node) = stack.pop() {
            let children = game.children(node);
            if children.len() > 1 {
                branches += 1;
            }
            stack.extend_from_slice(children);
        }
        let mode = if branches > MANY_BRANCHES {
            FoldMode::FirstLevel
        } else {
            FoldMode::All
        };
        self.set_mode(mode);
    }

    /// The mode of the whole record.
    pub fn mode(&self) -> FoldMode {
        self.mode
    }

    /// A count that changes with every change of the state.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Fold or unfold every variation by `mode`, forgetting the branch points turned by hand.
    pub fn set_mode(&mut self, mode: FoldMode) {
        self.mode = mode;
        self.turned.clear();
        self.generation += 1;
    }

    /// Whether the variations at branch point `at`, `depth` deep, are unfolded (before the line
    /// to the move on the board is opened).
    pub fn is_open(&self, at: NodeId, depth: usize) -> bool {
        self.mode.opens(depth) != self.turned.contains(&at)
    }

    /// Show the variations at `at` (`depth` deep) when `open`, else fold them.
    pub fn set_open(&mut self, at: NodeId, depth: usize, open: bool) {
        if self.is_open(at, depth) != open {
            if !self.turned.remove(&at) {
                self.turned.insert(at);
            }
            self.generation += 1;
        }
    }
}

/// How deep the variations at branch point `at` are: 1 off the main line, 2 inside one of those…
pub fn depth_of_branch(game: &Game, at: NodeId) -> usize {
    let mut depth = 1;
    let mut node = at;
    while let Some(parent) = game.parent(node) {
        if game.children(parent).first() != Some(&node) {
            depth += 1;
        }
        node = parent;
    }
    depth
}

/// The branch points on the line to `node` where the line takes a variation: they are shown
/// unfolded whatever the fold state says.
pub fn opened_by_line(game: &Game, node: NodeId) -> Vec<NodeId> {
    let mut opened = Vec::new();
    let mut at = node;
    while let Some(parent) = game.parent(at) {
        if game.children(parent).first() != Some(&at) {
            opened.push(parent);
        }
        at = parent;
    }
    opened
}

/// The branch point nearest the move on the board `node`: itself when variations leave it,
/// else the nearest before it on its line (`None` on a line without any).
pub fn nearest_branch(game: &Game, node: NodeId) -> Option<NodeId> {
    let mut at = Some(node);
    while let Some(n) = at {
        if game.children(n).len() > 1 {
            return Some(n);
        }
        at = game.parent(n);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    /// The game `1. 炮二平五 (1. 兵七进一) 马８进７ (1... 马２进３) (1... 炮８平５)`: a branch point at
    /// the start and one at the first move.
    pub(crate) fn sample() -> (Game, [NodeId; 5]) {
        let mut game = Game::new(Position::startpos());
        let root = game.root();
        let mut play = |at: NodeId, iccs: &str| {
            let mv = crate::rules::Move::parse_iccs(iccs).expect("ICCS text");
            game.play(at, mv).expect("legal")
        };
        let a = play(root, "h2e2");
        let b = play(root, "c3c4");
        let c = play(a, "h9g7");
        let d = play(a, "b9c7");
        let e = play(a, "h7e7");
        (game, [a, b, c, d, e])
    }

    #[test]
    fn a_mode_folds_by_depth_and_a_branch_point_turns_against_it() {
        let (game, [a, ..]) = sample();
        let mut folds = Folds::default();
        folds.set_mode(FoldMode::MainLine);
        assert!(!folds.is_open(a, 1));
        let before = folds.generation();
        folds.set_open(a, 1, true);
        assert!(folds.is_open(a, 1));
        assert_ne!(folds.generation(), before);
        folds.set_mode(FoldMode::FirstLevel);
        assert!(folds.is_open(game.root(), 1));
        assert!(!folds.is_open(a, 2));
        folds.set_open(a, 2, false);
        assert!(!folds.is_open(a, 2));
    }

    #[test]
    fn the_line_to_a_move_in_a_variation_opens_its_branch_points() {
        let (game, [a, b, c, d, _]) = sample();
        assert_eq!(opened_by_line(&game, d), vec![a]);
        assert_eq!(opened_by_line(&game, b), vec![game.root()]);
        assert!(opened_by_line(&game, c).is_empty());
        assert_eq!(depth_of_branch(&game, a), 1);
        assert_eq!(nearest_branch(&game, c), Some(a));
        assert_eq!(nearest_branch(&game, b), Some(game.root()));
    }

    #[test]
    fn a_record_of_many_branch_points_opens_at_the_first_level() {
        let (game, _) = sample();
        let mut folds = Folds::default();
        folds.reset_for(&game);
        assert_eq!(folds.mode(), FoldMode::All);
        // A book: 40 branch points in a row along the main line.
        let mut book = Game::new(Position::startpos());
        let mut at = book.root();
        for _ in 0..40 {
            let moves = book.position(at).legal_moves();
            let first = book.play(at, moves[0]).expect("legal");
            book.play(at, moves[1]).expect("legal");
            at = first;
        }
        folds.reset_for(&book);
        assert_eq!(folds.mode(), FoldMode::FirstLevel);
    }
}
