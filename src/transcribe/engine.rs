//! The transcription engine: typed moves into a [`Game`], checked one by one; corrections in the
//! middle of a record; undo and redo.

use std::collections::{HashMap, VecDeque};

use super::line::{split_line, Numbered};
use super::read::{read_typed_with, EntryError};
use super::side::written_side;
use super::suggest::{suggest, Suggestion};
use crate::lang::Language;
use crate::notation::{
    carries_strokes, write_move, MoveStyle, Notation, ReadOptions, WriteOptions,
};
use crate::record::{Annotation, Game, NodeId};
use crate::rules::{Color, Move, Position};

/// Where a move stands in the game: its round (回合), side and ply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveNumber {
    /// The round, as the position counts it (FEN full-move number).
    pub round: u32,
    /// Whose move it is.
    pub side: Color,
    /// Moves from the start of the record, this one included (1 for the first move).
    pub ply: usize,
}

impl MoveNumber {
    fn of(pos: &Position, ply: usize) -> MoveNumber {
        MoveNumber {
            round: pos.fullmove_number(),
            side: pos.side_to_move(),
            ply,
        }
    }

    /// `5.` for Red, `5…` for Black.
    pub fn label(&self) -> String {
        match self.side {
            Color::Red => format!("{}.", self.round),
            Color::Black => format!("{}…", self.round),
        }
    }

    fn side_name(&self, lang: Language) -> &'static str {
        self.side.name(lang)
    }
}

/// Why entering stopped: the first move text that could not be entered, which stays held at the
/// head of the queue until it is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The text fits several legal moves: a digit 1… picks one.
    Ambiguous {
        /// Where the move would go.
        at: MoveNumber,
        /// The text as typed.
        text: String,
        /// The legal moves it fits, numbered from 1 in this order.
        candidates: Vec<Move>,
        /// The position the move is played in.
        position: Position,
    },
    /// The text fits no legal move.
    Misfit {
        /// Where the move would go.
        at: MoveNumber,
        /// The text as typed.
        text: String,
        /// Why it fits none.
        error: EntryError,
        /// The nearest legal moves.
        suggestions: Vec<Suggestion>,
        /// The position the move is played in.
        position: Position,
    },
    /// The move number written before the text is not the record's: a move was missed or
    /// doubled.
    Numbering {
        /// Where the move would go.
        at: MoveNumber,
        /// The text as typed.
        text: String,
        /// The number written.
        written: Numbered,
    },
    /// The text is written as the other side's move (its piece name or its digits, see
    /// [`super::written_side`]): the sides are out of step, after a correction or a move missed.
    /// It is never played for the side to move. The clerk removes the whole round
    /// ([`Transcriber::remove_round`]) or types the missing move, which goes before it.
    OutOfStep {
        /// Where the move would go.
        at: MoveNumber,
        /// The text as typed.
        text: String,
        /// The side it is written as.
        written: Color,
    },
}

impl Stop {
    /// Where the held move would go.
    pub fn at(&self) -> MoveNumber {
        match self {
            Stop::Ambiguous { at, .. }
            | Stop::Misfit { at, .. }
            | Stop::Numbering { at, .. }
            | Stop::OutOfStep { at, .. } => *at,
        }
    }

    /// The sentence shown to the user; moves are written in `style` with ICCS beside them.
    pub fn message(&self, lang: Language, style: &MoveStyle) -> String {
        let at = self.at();
        let place = match lang {
            Language::English => format!("Move {} ({})", at.label(), at.side_name(lang)),
            _ => format!(
                "{} {} {}{}",
                lang.pick("", "第", "第"),
                at.round,
                lang.pick("", "回合", "回合"),
                at.side_name(lang)
            ),
        };
        match self {
            Stop::Ambiguous {
                text,
                candidates,
                position,
                ..
            } => {
                let list = numbered(position, candidates, style);
                match lang {
                    Language::English => format!(
                        "{place}: '{text}' fits {} moves: {list}. Type the digit of the move meant.",
                        candidates.len()
                    ),
                    _ => format!(
                        "{place}「{text}」{} {} {}：{list}。{}",
                        lang.pick("", "可能是", "可能是"),
                        candidates.len(),
                        lang.pick("", "种着法", "種著法"),
                        lang.pick("", "请输入数字选择。", "請輸入數字選擇。")
                    ),
                }
            }
            Stop::Misfit {
                error,
                suggestions,
                position,
                ..
            } => {
                let reason = error.message(lang);
                let near: Vec<String> = suggestions
                    .iter()
                    .map(|s| style.with_iccs(position, s.mv))
                    .collect();
                let near = near.join(", ");
                match (lang, suggestions.is_empty()) {
                    (Language::English, true) => format!("{place}: {reason}."),
                    (Language::English, false) => {
                        format!("{place}: {reason}. Nearest legal moves: {near}.")
                    }
                    (_, true) => format!("{place}：{reason}。"),
                    (_, false) => format!(
                        "{place}：{reason}。{}{near}。",
                        lang.pick("", "相近的合法着法：", "相近的合法著法：")
                    ),
                }
            }
            Stop::OutOfStep { text, written, .. } => {
                let side = written.name(lang);
                let mover = at.side_name(lang);
                match lang {
                    Language::English => format!(
                        "{place}: '{text}' is written as {side}'s move, but {mover} is to move: \
                         the sides are out of step. Remove the whole round, or type {mover}'s \
                         missing move to insert it before."
                    ),
                    _ => format!(
                        "{place}：「{text}」{}{side}{}{mover}{}{mover}{}",
                        lang.pick("", "写的是", "寫的是"),
                        lang.pick("", "的着法，但现在轮到", "的著法，但現在輪到"),
                        lang.pick(
                            "",
                            "走棋：红黑双方错位了。请删除整个回合，或输入漏记的",
                            "走棋：紅黑雙方錯位了。請刪除整個回合，或輸入漏記的"
                        ),
                        lang.pick("", "着法插在它前面。", "著法插在它前面。")
                    ),
                }
            }
            Stop::Numbering { text, written, .. } => {
                let label = match written.side {
                    Color::Red => format!("{}.", written.round),
                    Color::Black => format!("{}…", written.round),
                };
                match lang {
                    Language::English => format!(
                        "{place}: '{label} {text}' is numbered {label} but the record is at {}; a move may be missing or doubled.",
                        at.label()
                    ),
                    _ => format!(
                        "{place}：「{label} {text}」{}",
                        lang.pick(
                            "的回合数与棋谱不符，可能漏记或重记了一步。",
                            "的回合數與棋譜不符，可能漏記或重記了一步。",
                            "的回合數與棋譜不符，可能漏記或重記了一步。"
                        )
                    ),
                }
            }
        }
    }
}

/// `1. 炮八平四 (b2f2)  2. 炮八進四 (b2b6)`.
fn numbered(pos: &Position, moves: &[Move], style: &MoveStyle) -> String {
    moves
        .iter()
        .enumerate()
        .map(|(i, &mv)| format!("{}. {}", i + 1, style.with_iccs(pos, mv)))
        .collect::<Vec<_>>()
        .join("  ")
}

/// What one call entered, and where it stopped.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Entry {
    /// The nodes entered, in order.
    pub entered: Vec<NodeId>,
    /// The first move that could not be entered, if any; it and the texts after it are held.
    pub stop: Option<Stop>,
}

/// A move text waiting to be entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    /// The text as typed (or as the record read before a correction).
    pub text: String,
    /// The number written before it.
    pub number: Option<Numbered>,
    /// Comments and marks that go with it.
    pub annotation: Annotation,
    /// The move the clerk picked when the text fitted several: picked again if it still fits.
    chosen: Option<Move>,
    /// The variations beside it in the record before a correction, re-read after it.
    variations: Vec<Branch>,
}

impl Held {
    fn typed(text: String, number: Option<Numbered>, annotation: Annotation) -> Held {
        Held {
            text,
            number,
            annotation,
            chosen: None,
            variations: Vec::new(),
        }
    }

    /// Variations of the record that wait with this move, counted with what follows them.
    pub fn variation_moves(&self) -> usize {
        self.variations.iter().map(Branch::moves).sum()
    }
}

/// How a move of the record was typed: the text, and the move picked if it fitted several.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Typed {
    text: String,
    chosen: Option<Move>,
}

/// A variation taken off the record during a correction, to be re-read after it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Branch {
    typed: Typed,
    annotation: Annotation,
    children: Vec<Branch>,
}

impl Branch {
    fn moves(&self) -> usize {
        1 + self.children.iter().map(Branch::moves).sum::<usize>()
    }
}

/// The transcription engine. It works on a [`Game`] owned by the caller: moves are entered at
/// the game's cursor. It is `Clone`, so the caller's undo history keeps it with the record
/// (the app's session does).
///
/// Typed texts are remembered per node: a correction in the middle re-reads the moves after it
/// from what was typed (moves that came from a file are re-read from their notation in the
/// record before the change).
///
/// Once a typed text has carried a stroke of abbreviated notation, the scoresheet is known to
/// keep them: from then on an abbreviated move without one is read as a 平 move.
#[derive(Clone, Debug, Default)]
pub struct Transcriber {
    reading: ReadOptions,
    texts: HashMap<NodeId, Typed>,
    held: VecDeque<Held>,
    stop: Option<Stop>,
}

/// A digit 1–9 typed alone (ASCII or full width).
fn lone_digit(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    match c {
        '1'..='9' => Some(c as usize - '0' as usize),
        '１'..='９' => Some(c as usize - '０' as usize),
        _ => None,
    }
}

impl Transcriber {
    /// A transcriber with nothing typed yet.
    pub fn new() -> Transcriber {
        Transcriber::default()
    }

    /// Where entering stopped, if it did.
    pub fn stop(&self) -> Option<&Stop> {
        self.stop.as_ref()
    }

    /// The texts waiting to be entered, the stopped one first.
    pub fn held(&self) -> impl Iterator<Item = &Held> {
        self.held.iter()
    }

    /// The text a node's move was typed as, or, for a move not typed here, its notation in
    /// traditional Chinese (what a scoresheet would say) written with `writing`'s conventions
    /// (the user's [`MoveStyle`] options: 前車進四 or 車六進四).
    pub fn original_text(
        &self,
        game: &Game,
        node: NodeId,
        writing: &WriteOptions,
    ) -> Option<String> {
        self.typed_of(game, node, writing).map(|t| t.text)
    }

    fn typed_of(&self, game: &Game, node: NodeId, writing: &WriteOptions) -> Option<Typed> {
        let mv = game.move_of(node)?;
        Some(self.texts.get(&node).cloned().unwrap_or_else(|| Typed {
            text: write_move(
                game.position_before(node),
                mv,
                Notation::ChineseTraditional,
                writing,
            ),
            chosen: None,
        }))
    }

    /// Enter what was typed in the move box: one move or a whole line of them (numbers,
    /// comments and marks allowed), after the cursor.
    ///
    /// While entering is stopped, a digit alone picks among the candidates of an ambiguous move;
    /// other text stands in for the stopped move (or, when the stop is about numbering, goes
    /// before it: the missed move), and the held moves follow.
    pub fn enter(&mut self, game: &mut Game, input: &str) -> Entry {
        let input = input.trim();
        self.note_strokes(input);
        if let (Some(Stop::Ambiguous { .. }), Some(k)) = (&self.stop, lone_digit(input)) {
            return self.pick(game, k).unwrap_or_else(|| Entry {
                entered: Vec::new(),
                stop: self.stop.clone(),
            });
        }
        let line = split_line(input);
        if line.tokens.is_empty() && line.leading_comment.is_empty() {
            return Entry {
                entered: Vec::new(),
                stop: self.stop.clone(),
            };
        }
        if !line.leading_comment.is_empty() {
            let node = game.cursor();
            let mut comment = game.comment(node).to_owned();
            if !comment.is_empty() {
                comment.push('\n');
            }
            comment.push_str(&line.leading_comment);
            game.set_comment(node, comment);
        }
        if !line.tokens.is_empty() {
            if matches!(
                self.stop,
                Some(Stop::Ambiguous { .. } | Stop::Misfit { .. })
            ) {
                self.held.pop_front();
            }
            for token in line.tokens.into_iter().rev() {
                self.held.push_front(Held::typed(
                    token.text,
                    token.number,
                    Annotation {
                        comment: token.comment,
                        mark: token.mark,
                        ..Annotation::default()
                    },
                ));
            }
        }
        self.run(game)
    }

    /// Remember that the scoresheet keeps its strokes when `input` carries one.
    fn note_strokes(&mut self, input: &str) {
        if carries_strokes(input) {
            self.reading.strokes_kept = true;
        }
    }

    /// Pick candidate `k` (from 1) of the ambiguous move; `None` when no move is ambiguous or
    /// `k` is not one of its numbers.
    pub fn pick(&mut self, game: &mut Game, k: usize) -> Option<Entry> {
        let Some(Stop::Ambiguous { candidates, .. }) = &self.stop else {
            return None;
        };
        let mv = *candidates.get(k.checked_sub(1)?)?;
        let held = self.held.pop_front()?;
        self.stop = None;
        let mut entry = Entry::default();
        if let Some(node) = self.place(game, mv, Some(mv), held) {
            entry.entered.push(node);
        }
        let rest = self.run(game);
        entry.entered.extend(rest.entered);
        entry.stop = rest.stop;
        Some(entry)
    }

    /// Drop the stopped move and go on with the held ones after it.
    pub fn skip(&mut self, game: &mut Game) -> Entry {
        if self.held.is_empty() {
            return Entry::default();
        }
        self.held.pop_front();
        self.stop = None;
        self.run(game)
    }

    /// Answer a move written as the other side's ([`Stop::OutOfStep`]) by removing the whole
    /// round: with Red to move and Black's move held, Red's move of that round is already gone
    /// (a correction took it out), so the held Black move goes too; with Black to move and Red's
    /// move held, Red's move before it (the last of the record) goes. The held moves after it are
    /// then read on, in step.
    pub fn remove_round(&mut self, game: &mut Game) -> Entry {
        let Some(Stop::OutOfStep { at, .. }) = self.stop else {
            return Entry::default();
        };
        let cursor = game.cursor();
        match (at.side, game.parent(cursor)) {
            (Color::Black, Some(parent)) => {
                game.delete_from(cursor);
                game.go_to(parent);
                self.texts.retain(|&n, _| game.contains(n));
            }
            _ => {
                self.held.pop_front();
            }
        }
        self.stop = None;
        self.run(game)
    }

    /// Enter the stopped move although its written number is not the record's.
    pub fn ignore_number(&mut self, game: &mut Game) -> Entry {
        let Some(Stop::Numbering { .. }) = self.stop else {
            return Entry::default();
        };
        if let Some(head) = self.held.front_mut() {
            head.number = None;
        }
        self.stop = None;
        self.run(game)
    }

    /// Drop every held move.
    pub fn clear_held(&mut self) {
        self.held.clear();
        self.stop = None;
    }

    /// Play `mv` at the cursor with what the held text carried (`chosen`: the move picked among
    /// several), and re-read the variations that stood beside it.
    fn place(
        &mut self,
        game: &mut Game,
        mv: Move,
        chosen: Option<Move>,
        held: Held,
    ) -> Option<NodeId> {
        let parent = game.cursor();
        let node = game.play_at_cursor(mv).ok()?;
        if !held.annotation.is_empty() && game.annotation(node).is_empty() {
            *game.annotation_mut(node) = held.annotation;
        }
        let typed = Typed {
            text: held.text,
            chosen: chosen.or(held.chosen),
        };
        self.texts.insert(node, typed);
        for branch in held.variations {
            self.graft(game, parent, branch);
        }
        game.go_to(node);
        Some(node)
    }

    /// Enter held texts until they run out or one cannot be entered.
    fn run(&mut self, game: &mut Game) -> Entry {
        self.stop = None;
        let mut entry = Entry::default();
        while let Some(head) = self.held.front() {
            let cursor = game.cursor();
            let pos = game.position(cursor).clone();
            let at = MoveNumber::of(&pos, game.ply(cursor) + 1);
            if let Some(written) = head.number {
                if written.round != at.round || written.side != at.side {
                    self.stop = Some(Stop::Numbering {
                        at,
                        text: head.text.clone(),
                        written,
                    });
                    break;
                }
            }
            if let Some(written) = written_side(&head.text).filter(|&w| w != at.side) {
                self.stop = Some(Stop::OutOfStep {
                    at,
                    text: head.text.clone(),
                    written,
                });
                break;
            }
            let read =
                read_typed_with(&pos, &head.text, &self.reading).map(|moves| match head.chosen {
                    // The clerk's earlier pick among several stands while it still fits.
                    Some(chosen) if moves.len() > 1 && moves.contains(&chosen) => vec![chosen],
                    _ => moves,
                });
            match read {
                Ok(moves) if moves.len() == 1 => {
                    let held = self.held.pop_front().expect("the head was just read");
                    match self.place(game, moves[0], None, held) {
                        Some(node) => entry.entered.push(node),
                        None => break,
                    }
                }
                Ok(candidates) => {
                    self.stop = Some(Stop::Ambiguous {
                        at,
                        text: head.text.clone(),
                        candidates,
                        position: pos,
                    });
                    break;
                }
                Err(error) => {
                    self.stop = Some(Stop::Misfit {
                        at,
                        text: head.text.clone(),
                        suggestions: suggest(&pos, &head.text),
                        error,
                        position: pos,
                    });
                    break;
                }
            }
        }
        entry.stop = self.stop.clone();
        entry
    }

    /// A variation and everything after it, as texts to re-read.
    fn branch(&self, game: &Game, node: NodeId, writing: &WriteOptions) -> Branch {
        Branch {
            typed: self.typed_of(game, node, writing).unwrap_or(Typed {
                text: String::new(),
                chosen: None,
            }),
            annotation: game.annotation(node).clone(),
            children: game
                .children(node)
                .iter()
                .map(|&c| self.branch(game, c, writing))
                .collect(),
        }
    }

    /// The variations beside `node` (its siblings, in order).
    fn variations_beside(&self, game: &Game, node: NodeId, writing: &WriteOptions) -> Vec<Branch> {
        let siblings = game.parent(node).map_or(&[][..], |p| game.children(p));
        siblings
            .iter()
            .filter(|&&s| s != node)
            .map(|&s| self.branch(game, s, writing))
            .collect()
    }

    /// Re-read a variation taken off with a corrected line beside the moves after `at`. One
    /// whose move no longer fits (fits several the clerk did not pick among, or is written as
    /// the other side's) is dropped with what follows it (Undo brings the record back whole).
    fn graft(&mut self, game: &mut Game, at: NodeId, branch: Branch) {
        let pos = game.position(at);
        if written_side(&branch.typed.text).is_some_and(|w| w != pos.side_to_move()) {
            return;
        }
        let Ok(moves) = read_typed_with(pos, &branch.typed.text, &self.reading) else {
            return;
        };
        let mv = match (&moves[..], branch.typed.chosen) {
            ([mv], _) => *mv,
            (_, Some(chosen)) if moves.contains(&chosen) => chosen,
            _ => return,
        };
        let Ok(node) = game.play(at, mv) else {
            return;
        };
        if game.annotation(node).is_empty() {
            *game.annotation_mut(node) = branch.annotation;
        }
        self.texts.entry(node).or_insert(branch.typed);
        for child in branch.children {
            self.graft(game, node, child);
        }
    }

    /// The moves after `node` on its line (first continuations), as held texts with their
    /// annotations, the clerk's picks and the variations beside them.
    fn continuation(&self, game: &Game, from: &[NodeId], writing: &WriteOptions) -> Vec<Held> {
        from.iter()
            .map(|&n| {
                let typed = self.typed_of(game, n, writing);
                Held {
                    chosen: typed.as_ref().and_then(|t| t.chosen),
                    text: typed.map(|t| t.text).unwrap_or_default(),
                    number: None,
                    annotation: game.annotation(n).clone(),
                    variations: self.variations_beside(game, n, writing),
                }
            })
            .collect()
    }

    /// Redo the line after `parent`: `typed` first (the new move, if any), then `later` re-read,
    /// then what was held before; the first new node takes the place `index` among the children.
    fn rebuild(
        &mut self,
        game: &mut Game,
        parent: NodeId,
        index: usize,
        typed: Vec<Held>,
        later: Vec<Held>,
    ) -> Entry {
        game.go_to(parent);
        let before = std::mem::take(&mut self.held);
        self.held = typed.into_iter().chain(later).chain(before).collect();
        self.stop = None;
        let entry = self.run(game);
        if let Some(&first) = entry.entered.first() {
            while game
                .children(parent)
                .iter()
                .position(|&c| c == first)
                .is_some_and(|i| i > index)
            {
                game.promote(first);
            }
        }
        self.texts.retain(|&n, _| game.contains(n));
        entry
    }

    fn typed(input: &str, annotation: Annotation) -> Vec<Held> {
        let line = split_line(input);
        let count = line.tokens.len();
        line.tokens
            .into_iter()
            .enumerate()
            .map(|(i, t)| {
                let annotation = if i + 1 == count && t.comment.is_empty() && t.mark.is_none() {
                    annotation.clone()
                } else {
                    Annotation {
                        comment: t.comment,
                        mark: t.mark,
                        ..Annotation::default()
                    }
                };
                Held::typed(t.text, t.number, annotation)
            })
            .collect()
    }

    /// Insert the move(s) typed in `input` right after `node` (a missed move); the moves that
    /// followed are re-read from their original text (a move the clerk picked among several is
    /// picked again), and the first that no longer fits stops the re-reading (it and the rest
    /// are held with their variations, see [`Transcriber::stop`]). The variations beside the
    /// re-read moves are re-read after them, in the same way. Moves not typed here are held as
    /// their traditional Chinese written with `writing` (see [`Transcriber::original_text`]).
    pub fn insert_after(
        &mut self,
        game: &mut Game,
        node: NodeId,
        input: &str,
        writing: &WriteOptions,
    ) -> Entry {
        self.note_strokes(input);
        let typed = Self::typed(input, Annotation::default());
        if typed.is_empty() {
            return Entry::default();
        }
        let later_nodes = game.line_from(node);
        let mut later = self.continuation(game, &later_nodes, writing);
        // The variations beside the first later move stay where they are; deeper ones are
        // re-read after the line.
        if let Some(first) = later.first_mut() {
            first.variations.clear();
        }
        if let Some(&first) = later_nodes.first() {
            game.delete_from(first);
        }
        self.rebuild(game, node, 0, typed, later)
    }

    /// Replace the move of `node` by the move typed in `input` (a wrong move); its comments and
    /// marks stay with the new move, and the moves after are re-read as for
    /// [`Transcriber::insert_after`].
    pub fn replace(
        &mut self,
        game: &mut Game,
        node: NodeId,
        input: &str,
        writing: &WriteOptions,
    ) -> Entry {
        self.note_strokes(input);
        let typed = Self::typed(input, game.annotation(node).clone());
        if typed.is_empty() {
            return Entry::default();
        }
        self.take_out(game, node, typed, writing)
    }

    /// Remove the move of `node` (a move written twice); the moves after are re-read from their
    /// original text (moves not typed here written with `writing`).
    pub fn remove(&mut self, game: &mut Game, node: NodeId, writing: &WriteOptions) -> Entry {
        self.take_out(game, node, Vec::new(), writing)
    }

    /// Delete `node`, then enter `typed` in its place and re-read the moves that followed it.
    fn take_out(
        &mut self,
        game: &mut Game,
        node: NodeId,
        typed: Vec<Held>,
        writing: &WriteOptions,
    ) -> Entry {
        let Some(parent) = game.parent(node) else {
            return Entry::default();
        };
        let index = game
            .children(parent)
            .iter()
            .position(|&c| c == node)
            .unwrap_or(0);
        let later_nodes = game.line_from(node);
        let later = self.continuation(game, &later_nodes, writing);
        game.delete_from(node);
        self.rebuild(game, parent, index, typed, later)
    }
}
