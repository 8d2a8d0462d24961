//! The move tree of a game: the main line and variations at any node, each move checked.

use smallvec::SmallVec;

use crate::rules::{IllegalMove, IllegalReason, Move, Position};

use super::mark::{Annotation, Mark};
use super::tags::{TagKey, Tags};
use crate::ending::{Ending, Outcome, Reason};

/// A node of the move tree: the root (before the first move) or the node a move leads to.
///
/// Ids stay valid until their node is deleted; ids of deleted nodes are never given again.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    pub(super) fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug)]
struct Node {
    parent: Option<NodeId>,
    mv: Option<Move>,
    position: Position,
    /// Most nodes have one continuation: it is held inline, so playing a move allocates only
    /// when a variation branches off.
    children: SmallVec<[NodeId; 1]>,
    /// Held apart and made when first written: most nodes of a record carry no annotation, and
    /// a small node is quicker to build.
    annotation: Option<Box<Annotation>>,
}

/// The annotation of a node that has none.
static NO_ANNOTATION: Annotation = Annotation {
    comment_before: String::new(),
    comment: String::new(),
    mark: None,
    nags: Vec::new(),
};

/// A game record (棋谱): tags, the start position and the tree of moves with their comments and
/// marks, plus a cursor (the node shown).
///
/// Every move in the tree is legal in its position; the first child of every node is the main
/// line, the others are variations. The position after each node is kept, so `position` costs
/// nothing.
#[derive(Clone, Debug)]
pub struct Game {
    tags: Tags,
    nodes: Vec<Option<Node>>,
    cursor: NodeId,
}

const ROOT: NodeId = NodeId(0);

impl Game {
    /// A game with no moves from `start`.
    pub fn new(start: Position) -> Game {
        Game::with_room(start, 0)
    }

    /// [`Game::new`] with room for about `moves` moves made at once (a reader that can tell how
    /// many follow), so the tree is not copied as it grows; [`Game::release_unused`] gives back
    /// what was not used.
    pub(crate) fn with_room(start: Position, moves: usize) -> Game {
        let mut nodes = Vec::with_capacity(moves + 1);
        nodes.push(Some(Node {
            parent: None,
            mv: None,
            position: start,
            children: SmallVec::new(),
            annotation: None,
        }));
        Game {
            tags: Tags::new(),
            nodes,
            cursor: ROOT,
        }
    }

    fn node(&self, id: NodeId) -> &Node {
        match self.nodes.get(id.index()) {
            Some(Some(node)) => node,
            _ => panic!("node {id:?} is not in this game (deleted or from another game)"),
        }
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        match self.nodes.get_mut(id.index()) {
            Some(Some(node)) => node,
            _ => panic!("node {id:?} is not in this game (deleted or from another game)"),
        }
    }

    /// The root: the start position, before the first move.
    pub fn root(&self) -> NodeId {
        ROOT
    }

    /// True if `node` is a live node of this game (not deleted).
    pub fn contains(&self, node: NodeId) -> bool {
        matches!(self.nodes.get(node.index()), Some(Some(_)))
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.node(ROOT).position
    }

    /// The position after the node's move (for the root: the start position).
    ///
    /// Panics if `node` was deleted; check with `contains` when unsure.
    pub fn position(&self, node: NodeId) -> &Position {
        &self.node(node).position
    }

    /// The position before the node's move (for the root: the start position).
    pub fn position_before(&self, node: NodeId) -> &Position {
        match self.parent(node) {
            Some(parent) => self.position(parent),
            None => self.start(),
        }
    }

    /// The move that leads to the node; `None` for the root.
    pub fn move_of(&self, node: NodeId) -> Option<Move> {
        self.node(node).mv
    }

    /// The node before; `None` for the root.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.node(node).parent
    }

    /// The continuations: the first is the main line, the others variations.
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        &self.node(node).children
    }

    /// Number of moves from the start to the node (0 for the root).
    pub fn ply(&self, node: NodeId) -> usize {
        let mut n = 0;
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            n += 1;
            at = parent;
        }
        n
    }

    /// The main line from the root: first children all the way (root excluded).
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line_from(ROOT)
    }

    /// The last node of the main line (the root when no move has been played).
    pub fn main_line_end(&self) -> NodeId {
        self.main_line().last().copied().unwrap_or(ROOT)
    }

    /// First children from `node` on (`node` excluded).
    pub fn line_from(&self, node: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = node;
        while let Some(&next) = self.children(at).first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The nodes from the first move to `node` (empty for the root).
    pub fn line_to(&self, node: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            line.push(at);
            at = parent;
        }
        line.reverse();
        line
    }

    /// The moves from the start to `node`.
    pub fn moves_to(&self, node: NodeId) -> Vec<Move> {
        self.line_to(node)
            .into_iter()
            .filter_map(|n| self.move_of(n))
            .collect()
    }

    /// Every live node in pre-order (a node, then its children's subtrees in order), root first.
    /// Iterative: deep trees do not grow the call stack.
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![ROOT];
        while let Some(id) = stack.pop() {
            out.push(id);
            stack.extend(self.children(id).iter().rev());
        }
        out
    }

    /// Number of moves in the tree, variations included.
    pub fn move_count(&self) -> usize {
        self.nodes.iter().flatten().count() - 1
    }

    /// True when a continuation of `node` is a variation rather than the main line.
    pub fn is_main_line(&self, node: NodeId) -> bool {
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            if self.children(parent).first() != Some(&at) {
                return false;
            }
            at = parent;
        }
        true
    }

    /// Play `mv` after `at`. An existing continuation with that move is reused; otherwise the
    /// move becomes a new continuation (the main line if `at` had none, else a variation).
    pub fn play(&mut self, at: NodeId, mv: Move) -> Result<NodeId, IllegalMove> {
        if let Some(&existing) = self
            .children(at)
            .iter()
            .find(|&&c| self.move_of(c) == Some(mv))
        {
            return Ok(existing);
        }
        self.position(at)
            .obeys_movement(mv)
            .map_err(|reason| IllegalMove { mv, reason })?;
        self.play_moved(at, mv)
            .map_err(|reason| IllegalMove { mv, reason })
    }

    /// [`Game::play`] for a move already proved legal in the position at `at` (a reader resolved
    /// it against that position): it is not checked again.
    pub(crate) fn play_legal(&mut self, at: NodeId, mv: Move) -> NodeId {
        if let Some(&existing) = self
            .children(at)
            .iter()
            .find(|&&c| self.move_of(c) == Some(mv))
        {
            return existing;
        }
        let position = self.position(at).play_legal(mv);
        self.add_child(at, mv, position)
    }

    /// [`Game::play`] for a move known to obey the rules of movement (2.2) at `at`: the move is
    /// made on the new node's own copy of the position, and the own general's safety checked
    /// there, so the position is neither checked nor copied twice. The error says why the move
    /// is illegal after all (generals facing, the general left in check); nothing is added then.
    pub(crate) fn play_moved(&mut self, at: NodeId, mv: Move) -> Result<NodeId, IllegalReason> {
        if let Some(&existing) = self
            .children(at)
            .iter()
            .find(|&&c| self.move_of(c) == Some(mv))
        {
            return Ok(existing);
        }
        let position = self.position(at).clone();
        let id = self.add_child(at, mv, position);
        let made = self.node_mut(id).position.make_safe(mv);
        if let Err(reason) = made {
            self.nodes.pop();
            self.node_mut(at).children.pop();
            return Err(reason);
        }
        Ok(id)
    }

    /// Give back room made by [`Game::with_room`] when less than half of it was used.
    pub(crate) fn release_unused(&mut self) {
        if self.nodes.capacity() > 2 * self.nodes.len() {
            self.nodes.shrink_to_fit();
        }
    }

    fn add_child(&mut self, at: NodeId, mv: Move, position: Position) -> NodeId {
        let id = NodeId(
            u32::try_from(self.nodes.len()).expect("fewer than 4 billion nodes in one game"),
        );
        self.nodes.push(Some(Node {
            parent: Some(at),
            mv: Some(mv),
            position,
            children: SmallVec::new(),
            annotation: None,
        }));
        self.node_mut(at).children.push(id);
        id
    }

    /// The node shown to the user.
    pub fn cursor(&self) -> NodeId {
        self.cursor
    }

    /// Move the cursor to `node` (any live node).
    pub fn go_to(&mut self, node: NodeId) {
        assert!(self.contains(node), "go_to a node not in this game");
        self.cursor = node;
    }

    /// Play `mv` at the cursor and move the cursor to the resulting node.
    pub fn play_at_cursor(&mut self, mv: Move) -> Result<NodeId, IllegalMove> {
        let node = self.play(self.cursor, mv)?;
        self.cursor = node;
        Ok(node)
    }

    /// Move the variation that holds `node` one place up among its siblings at the nearest
    /// branch point (a variation becomes the main line when it was second). Returns false when
    /// `node` lies on the main line already.
    pub fn promote(&mut self, node: NodeId) -> bool {
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            let (siblings, i) = self.place_among_siblings(parent, at);
            if i > 0 {
                siblings.swap(i - 1, i);
                return true;
            }
            at = parent;
        }
        false
    }

    /// Move the line that holds `node` one place down at the nearest branch point above it (the
    /// main line gives way to its first variation). Returns false when there is no branch point
    /// or the line is the last there already.
    pub fn demote(&mut self, node: NodeId) -> bool {
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            let (siblings, i) = self.place_among_siblings(parent, at);
            if siblings.len() > 1 {
                if i + 1 == siblings.len() {
                    return false;
                }
                siblings.swap(i, i + 1);
                return true;
            }
            at = parent;
        }
        false
    }

    /// Make the line to `node` the main line at every branch point on the way.
    pub fn promote_to_main(&mut self, node: NodeId) {
        let mut at = node;
        while let Some(parent) = self.parent(at) {
            let (siblings, i) = self.place_among_siblings(parent, at);
            siblings[..=i].rotate_right(1);
            at = parent;
        }
    }

    /// The children of `parent`, to reorder, and the index of `child` among them.
    fn place_among_siblings(&mut self, parent: NodeId, child: NodeId) -> (&mut [NodeId], usize) {
        let siblings = &mut self.node_mut(parent).children;
        let i = siblings
            .iter()
            .position(|&c| c == child)
            .expect("a node is among its parent's children");
        (siblings, i)
    }

    /// Delete `node` and everything after it; returns the node before it (the place for the
    /// cursor). On the root, deletes every move and returns the root.
    pub fn delete_from(&mut self, node: NodeId) -> NodeId {
        let parent = match self.parent(node) {
            Some(parent) => {
                self.node_mut(parent).children.retain(|c| *c != node);
                parent
            }
            None => {
                for child in std::mem::take(&mut self.node_mut(ROOT).children) {
                    self.free_subtree(child);
                }
                self.cursor = ROOT;
                return ROOT;
            }
        };
        let cursor_inside = self.line_to(self.cursor).contains(&node);
        self.free_subtree(node);
        if cursor_inside {
            self.cursor = parent;
        }
        parent
    }

    fn free_subtree(&mut self, node: NodeId) {
        let mut stack = vec![node];
        while let Some(id) = stack.pop() {
            if let Some(removed) = self.nodes[id.index()].take() {
                stack.extend(removed.children);
            }
        }
    }

    /// Comments, mark and NAGs of a node.
    pub fn annotation(&self, node: NodeId) -> &Annotation {
        self.node(node)
            .annotation
            .as_deref()
            .unwrap_or(&NO_ANNOTATION)
    }

    /// Comments, mark and NAGs of a node, to edit.
    pub fn annotation_mut(&mut self, node: NodeId) -> &mut Annotation {
        self.node_mut(node).annotation.get_or_insert_default()
    }

    /// The comment after the node's move (on the root: before the first move); empty if none.
    pub fn comment(&self, node: NodeId) -> &str {
        &self.annotation(node).comment
    }

    /// Replace the comment after the node's move (on the root: the game comment).
    pub fn set_comment(&mut self, node: NodeId, text: impl Into<String>) {
        self.annotation_mut(node).comment = text.into();
    }

    /// The mark of the node's move.
    pub fn mark(&self, node: NodeId) -> Option<Mark> {
        self.annotation(node).mark
    }

    /// Set or clear the mark of the node's move. The root has no move and takes no mark.
    pub fn set_mark(&mut self, node: NodeId, mark: Option<Mark>) {
        if node != ROOT {
            self.annotation_mut(node).mark = mark;
        }
    }

    /// NAGs of the node other than the marks.
    pub fn nags(&self, node: NodeId) -> &[u8] {
        &self.annotation(node).nags
    }

    /// The tags.
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// The tags, to edit.
    pub fn tags_mut(&mut self) -> &mut Tags {
        &mut self.tags
    }

    /// The outcome as the `Result` tag states it; `None` when absent, `*`, or not a result
    /// token.
    pub fn result(&self) -> Option<Outcome> {
        self.tags.get(&TagKey::Result).and_then(Outcome::from_pgn)
    }

    /// Set the `Result` tag alone (`None` writes `*`: not finished or not known), as a record
    /// read from a file states it; a game that ends in Qipu is given its [`Game::set_ending`].
    pub fn set_result(&mut self, result: Option<Outcome>) {
        self.tags
            .set(TagKey::Result, result.map_or("*", Outcome::pgn));
    }

    /// How the game ended, as the record keeps it: the `Result` tag and the reason in the
    /// `Termination` tag, after the moves of the main line. `None` unless both are there.
    pub fn ending(&self) -> Option<Ending> {
        let outcome = self.result()?;
        let reason = self
            .tags
            .get(&TagKey::Termination)
            .and_then(Reason::from_key)?;
        Some(Ending {
            outcome,
            reason,
            ply: u32::try_from(self.main_line().len()).unwrap_or(u32::MAX),
        })
    }

    /// Record how the game ended: the `Result` tag is derived from it and the reason kept in the
    /// `Termination` tag. `None` clears both (the game goes on).
    pub fn set_ending(&mut self, ending: Option<&Ending>) {
        match ending {
            Some(e) => {
                self.set_result(Some(e.outcome));
                self.tags.set(TagKey::Termination, e.reason.key());
            }
            None => {
                self.set_result(None);
                self.tags.remove(&TagKey::Termination);
            }
        }
    }

    /// True when both games have the same tags, start position, tree (moves and their order) and
    /// annotations. Node ids and cursors are not compared.
    pub fn same_record(&self, other: &Game) -> bool {
        if self.tags != other.tags || self.start() != other.start() {
            return false;
        }
        let mut stack = vec![(ROOT, ROOT)];
        while let Some((a, b)) = stack.pop() {
            let (na, nb) = (self.node(a), other.node(b));
            if na.mv != nb.mv
                || self.annotation(a) != other.annotation(b)
                || na.children.len() != nb.children.len()
            {
                return false;
            }
            stack.extend(na.children.iter().copied().zip(nb.children.iter().copied()));
        }
        true
    }

    /// Number of id slots used so far (live and deleted nodes), for tables indexed by id.
    pub(super) fn slot_count(&self) -> usize {
        self.nodes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).expect("test move is ICCS")
    }

    fn line(game: &Game, nodes: &[NodeId]) -> Vec<String> {
        nodes
            .iter()
            .map(|&n| game.move_of(n).map(|m| m.to_string()).unwrap_or_default())
            .collect()
    }

    /// 1. h2e2 h9g7 2. h0g2, with 1… b9c7 as a variation and 1. b2e2 as another.
    fn sample() -> (Game, [NodeId; 5]) {
        let mut g = Game::new(Position::startpos());
        let a = g.play(g.root(), mv("h2e2")).unwrap();
        let b = g.play(a, mv("h9g7")).unwrap();
        let c = g.play(b, mv("h0g2")).unwrap();
        let v1 = g.play(a, mv("b9c7")).unwrap();
        let v2 = g.play(g.root(), mv("b2e2")).unwrap();
        (g, [a, b, c, v1, v2])
    }

    #[test]
    fn play_builds_main_line_and_variations() {
        let (g, [a, b, c, v1, v2]) = sample();
        assert_eq!(line(&g, &g.main_line()), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.children(g.root()), &[a, v2]);
        assert_eq!(g.children(a), &[b, v1]);
        assert_eq!(g.line_to(c), vec![a, b, c]);
        assert_eq!(g.parent(v1), Some(a));
        assert_eq!(g.ply(c), 3);
        assert_eq!(g.move_count(), 5);
        assert!(g.is_main_line(c));
        assert!(!g.is_main_line(v1));
        assert_eq!(
            g.position(b).to_fen(),
            "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
        );
        assert_eq!(g.position_before(b), g.position(a));
    }

    #[test]
    fn playing_an_existing_move_reuses_the_node() {
        let (mut g, [a, _, _, v1, _]) = sample();
        assert_eq!(g.play(a, mv("b9c7")).unwrap(), v1);
        assert_eq!(g.move_count(), 5);
    }

    #[test]
    fn illegal_moves_are_refused_and_leave_the_tree_alone() {
        let (mut g, [a, ..]) = sample();
        // Red to move again is not Black's turn: the cannon on e2 belongs to Red.
        let err = g.play(a, mv("e2e6")).unwrap_err();
        assert_eq!(err.mv, mv("e2e6"));
        // A horse leg blocked in the start position.
        assert!(g.play(g.root(), mv("b0d1")).is_err());
        assert_eq!(g.move_count(), 5);
    }

    #[test]
    fn promote_moves_a_variation_up() {
        let (mut g, [a, b, c, v1, _]) = sample();
        let v1b = g.play(v1, mv("h0g2")).unwrap();
        assert!(g.promote(v1b));
        assert_eq!(g.children(a), &[v1, b]);
        assert_eq!(line(&g, &g.main_line()), ["h2e2", "b9c7", "h0g2"]);
        assert!(g.promote(c));
        assert_eq!(g.children(a), &[b, v1]);
        assert!(!g.promote(c));
    }

    #[test]
    fn demote_moves_the_line_down_at_the_nearest_branch_point() {
        let (mut g, [a, b, c, v1, v2]) = sample();
        // c has no sibling: the branch point above it is a (b, v1).
        assert!(g.demote(c));
        assert_eq!(g.children(a), &[v1, b]);
        assert_eq!(line(&g, &g.main_line()), ["h2e2", "b9c7"]);
        assert!(!g.demote(c));
        assert!(g.promote(c));
        assert_eq!(g.children(a), &[b, v1]);
        assert!(!g.demote(v2));
        assert!(g.demote(a));
        assert_eq!(g.children(g.root()), &[v2, a]);
    }

    #[test]
    fn promote_to_main_reorders_every_branch_point() {
        let (mut g, [a, _, _, _, v2]) = sample();
        let x = g.play(v2, mv("b9c7")).unwrap();
        let y = g.play(v2, mv("h9g7")).unwrap();
        g.promote_to_main(y);
        assert_eq!(g.children(g.root()), &[v2, a]);
        assert_eq!(g.children(v2), &[y, x]);
    }

    #[test]
    fn delete_from_removes_the_subtree_and_moves_the_cursor() {
        let (mut g, [a, b, c, v1, _]) = sample();
        g.go_to(c);
        assert_eq!(g.delete_from(b), a);
        assert_eq!(g.cursor(), a);
        assert!(!g.contains(b) && !g.contains(c));
        assert_eq!(g.children(a), &[v1]);
        assert_eq!(line(&g, &g.main_line()), ["h2e2", "b9c7"]);
        assert_eq!(g.move_count(), 3);
        // A new node never reuses a deleted id.
        let again = g.play(a, mv("h9g7")).unwrap();
        assert_ne!(again, b);
        assert_eq!(g.delete_from(g.root()), g.root());
        assert_eq!(g.move_count(), 0);
    }

    #[test]
    fn cursor_play_and_annotations() {
        let mut g = Game::new(Position::startpos());
        let a = g.play_at_cursor(mv("h2e2")).unwrap();
        let b = g.play_at_cursor(mv("h9g7")).unwrap();
        assert_eq!(g.cursor(), b);
        g.go_to(a);
        let v = g.play_at_cursor(mv("b7e7")).unwrap();
        assert_eq!(g.children(a), &[b, v]);
        g.set_comment(g.root(), "让子局");
        g.set_comment(v, "顺炮");
        g.set_mark(v, Some(Mark::Interesting));
        g.set_mark(g.root(), Some(Mark::Good));
        g.annotation_mut(v).add_nag(14);
        assert_eq!(g.comment(g.root()), "让子局");
        assert_eq!(g.comment(v), "顺炮");
        assert_eq!(g.mark(v), Some(Mark::Interesting));
        assert_eq!(g.mark(g.root()), None);
        assert_eq!(g.nags(v), &[14]);
        assert_eq!(g.result(), None);
        g.set_result(Some(Outcome::Draw));
        assert_eq!(g.result(), Some(Outcome::Draw));
        assert_eq!(g.tags().get(&TagKey::Result), Some("1/2-1/2"));
        assert_eq!(g.ending(), None);
        let plies = u32::try_from(g.main_line().len()).unwrap();
        let resigned = Ending::win(crate::rules::Color::Red, Reason::Resignation, plies);
        g.set_ending(Some(&resigned));
        assert_eq!(g.tags().get(&TagKey::Result), Some("1-0"));
        assert_eq!(g.tags().get(&TagKey::Termination), Some("resignation"));
        assert_eq!(g.ending(), Some(resigned));
        g.set_ending(None);
        assert_eq!(g.tags().get(&TagKey::Result), Some("*"));
        assert_eq!(g.ending(), None);
    }

    #[test]
    fn same_record_sees_order_and_annotations() {
        let (g1, _) = sample();
        let (mut g2, [_, _, c, ..]) = sample();
        assert!(g1.same_record(&g2));
        g2.set_comment(c, "x");
        assert!(!g1.same_record(&g2));
        g2.set_comment(c, "");
        assert!(g1.same_record(&g2));
        g2.promote(c);
        assert!(g1.same_record(&g2), "main line node: nothing to promote");
        let v1 = g2.children(g2.children(g2.root())[0])[1];
        g2.promote(v1);
        assert!(!g1.same_record(&g2));
    }

    #[test]
    fn deep_lines_need_no_deep_recursion() {
        // Chariots shuttling: 200 000 plies in one line.
        let mut g = Game::new(Position::startpos());
        let cycle = ["a0a1", "a9a8", "a1a0", "a8a9"].map(mv);
        let mut at = g.root();
        for i in 0..200_000 {
            at = g.play(at, cycle[i % 4]).unwrap();
        }
        assert_eq!(g.main_line().len(), 200_000);
        assert_eq!(g.preorder().len(), 200_001);
        let copy = g.clone();
        assert!(g.same_record(&copy));
        assert_eq!(g.delete_from(g.root()), g.root());
    }
}
