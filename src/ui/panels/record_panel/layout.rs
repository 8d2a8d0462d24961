//! The record laid out in rows, once per change of the record, its fold state or the panel's
//! width, never per frame: the main line as the scoresheet's rounds, comments under their moves,
//! each variation in rounds of its own, indented by its depth, each move in its side's column
//! (a variation that begins with Black's move begins in Black's column), at every depth.
//! Folded branch points show a marker and their first moves on one row, where a round number is
//! never left alone at the row's end.

use std::collections::HashMap;

use crate::record::{Game, NodeId};
use crate::rules::Color;

/// One item of a row of a variation.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// The marker of a branch point: click to fold (`open`) or unfold its variations.
    Fold {
        /// The branch point.
        at: NodeId,
        /// Whether its variations are shown.
        open: bool,
    },
    /// A round number (`3.` before Red's move, `3…` before Black's).
    Number(String),
    /// A move, clickable.
    Move {
        /// The node it leads to.
        node: NodeId,
        /// Its text with its mark.
        text: String,
    },
    /// The number of a folded branch point's variations whose first move did not fit.
    More(usize),
}

/// One row of the laid-out record, all of the same height.
#[derive(Clone, Debug, PartialEq)]
pub enum Row {
    /// A round of a line: its number and its moves in two columns, Red's and Black's (`None`:
    /// not on this row; a round whose Red cell is empty shows `…` there).
    Round {
        /// Depth of the line (0: the main line, 1: a variation off it).
        indent: usize,
        /// The fold marker of the branch point whose variations begin on this row.
        marker: Option<Item>,
        /// The round's number.
        number: u32,
        /// Red's move.
        red: Option<(NodeId, String)>,
        /// Black's move, if made.
        black: Option<(NodeId, String)>,
    },
    /// A folded branch point, `indent` deep: its marker and its variations' first moves.
    Line {
        /// Depth of the variation (1: off the main line).
        indent: usize,
        /// What is on the row.
        items: Vec<Item>,
    },
    /// A row of a comment, under its move, `indent` deep.
    Comment {
        /// Depth of the line the comment's move is on.
        indent: usize,
        /// The row's part of the comment.
        text: String,
    },
}

/// The widths the layout needs: of a text, of the space between items, of a depth's indent.
pub struct Measure<'a> {
    /// The width of a text drawn as a label.
    pub text: &'a dyn Fn(&str) -> f32,
    /// The width a button adds around its text.
    pub button_padding: f32,
    /// Space between two items of a row.
    pub spacing: f32,
    /// Width of one level of indent.
    pub indent: f32,
    /// Width of a fold marker.
    pub marker: f32,
    /// The row's width.
    pub width: f32,
}

/// The deepest indent drawn: deeper variations are drawn at this depth (a narrow panel keeps
/// room for their moves).
pub const MAX_INDENT: usize = 8;

impl Measure<'_> {
    fn room(&self, indent: usize) -> f32 {
        self.width - self.indent * indent.min(MAX_INDENT) as f32
    }

    fn item(&self, item: &Item) -> f32 {
        let body = match item {
            Item::Fold { .. } => self.marker,
            Item::Number(text) => (self.text)(text),
            Item::Move { text, .. } => (self.text)(text) + 2.0 * self.button_padding,
            Item::More(n) => (self.text)(&format!("+{n}")),
        };
        body + self.spacing
    }
}

/// What the layout reads of the record: the text of a move and of a comment, and whether the
/// variations at a branch point (how deep) are shown.
pub struct Source<'a> {
    /// The game.
    pub game: &'a Game,
    /// The text of the move leading to a node, with its mark.
    pub move_text: &'a dyn Fn(NodeId) -> String,
    /// The comment shown under a node (empty: none).
    pub comment: &'a dyn Fn(NodeId) -> String,
    /// Whether the variations at a branch point `depth` deep are unfolded.
    pub open: &'a dyn Fn(NodeId, usize) -> bool,
}

/// The record in rows, and the row of each move laid out.
#[derive(Debug, Default)]
pub struct Sheet {
    /// The rows, top to bottom.
    pub rows: Vec<Row>,
    /// The row of each move shown (a folded variation's moves are not).
    pub row_of: HashMap<NodeId, usize>,
}

struct Builder<'a> {
    source: &'a Source<'a>,
    measure: &'a Measure<'a>,
    sheet: Sheet,
}

/// Lay the record out.
pub fn lay_out(source: &Source, measure: &Measure) -> Sheet {
    let mut builder = Builder {
        source,
        measure,
        sheet: Sheet::default(),
    };
    builder.main_line();
    builder.sheet
}

impl Builder<'_> {
    fn game(&self) -> &Game {
        self.source.game
    }

    fn push(&mut self, row: Row) {
        let index = self.sheet.rows.len();
        let nodes: Vec<NodeId> = match &row {
            Row::Round { red, black, .. } => [red, black]
                .into_iter()
                .flatten()
                .map(|(n, _)| *n)
                .collect(),
            Row::Line { items, .. } => items
                .iter()
                .filter_map(|i| match i {
                    Item::Move { node, .. } => Some(*node),
                    _ => None,
                })
                .collect(),
            Row::Comment { .. } => Vec::new(),
        };
        for node in nodes {
            self.sheet.row_of.insert(node, index);
        }
        self.sheet.rows.push(row);
    }

    fn main_line(&mut self) {
        let game = self.game();
        let root = game.root();
        let first_round = game.position(root).fullmove_number();
        let black_begins = game.position(root).side_to_move() == Color::Black;
        let line = game.main_line();
        self.comment(root, 0);
        let mut cells: Vec<Option<NodeId>> = Vec::with_capacity(line.len() + 1);
        if black_begins {
            cells.push(None);
        }
        cells.extend(line.into_iter().map(Some));
        for (i, pair) in cells.chunks(2).enumerate() {
            let cell = |c: Option<&Option<NodeId>>| {
                c.copied()
                    .flatten()
                    .map(|n| (n, (self.source.move_text)(n)))
            };
            let row = Row::Round {
                indent: 0,
                marker: None,
                number: first_round + i as u32,
                red: cell(pair.first()),
                black: cell(pair.get(1)),
            };
            self.push(row);
            for &node in pair.iter().flatten() {
                self.comment(node, 0);
                if let Some(parent) = self.game().parent(node) {
                    self.branch(parent, 1);
                }
            }
        }
    }

    /// The comment of `node` in rows `indent` deep, wrapped to the width.
    fn comment(&mut self, node: NodeId, indent: usize) {
        let text = (self.source.comment)(node);
        if text.is_empty() {
            return;
        }
        let room = self.measure.room(indent + 1).max(40.0);
        for part in wrap(&text, room, self.measure.text) {
            self.push(Row::Comment {
                indent: indent + 1,
                text: part,
            });
        }
    }

    /// The variations at branch point `at` (its children but the first), `depth` deep: each on
    /// rows of its own when unfolded, else a row of their first moves behind the marker.
    fn branch(&mut self, at: NodeId, depth: usize) {
        let alternatives: Vec<NodeId> = self.game().children(at).iter().skip(1).copied().collect();
        if alternatives.is_empty() {
            return;
        }
        if (self.source.open)(at, depth) {
            for (i, &start) in alternatives.iter().enumerate() {
                let marker = (i == 0).then_some(Item::Fold { at, open: true });
                self.line(start, depth, marker);
            }
            return;
        }
        let mut row = vec![Item::Fold { at, open: false }];
        let mut used = self.measure.item(&row[0]);
        let room = self.measure.room(depth);
        for (i, &start) in alternatives.iter().enumerate() {
            let unit = self.unit(start, true);
            let width: f32 = unit.iter().map(|item| self.measure.item(item)).sum();
            let rest = alternatives.len() - i;
            let more = self.measure.item(&Item::More(rest));
            let last = i + 1 == alternatives.len();
            if used + width + if last { 0.0 } else { more } > room && i > 0 {
                row.push(Item::More(rest));
                break;
            }
            used += width;
            row.extend(unit);
        }
        self.push(Row::Line {
            indent: depth,
            items: row,
        });
    }

    /// A move with its round number when `numbered` or when Red makes it.
    fn unit(&self, node: NodeId, numbered: bool) -> Vec<Item> {
        let game = self.game();
        let before = game.position_before(node);
        let red = before.side_to_move() == Color::Red;
        let mut unit = Vec::with_capacity(2);
        if numbered || red {
            let dots = if red { "." } else { "…" };
            unit.push(Item::Number(format!("{}{dots}", before.fullmove_number())));
        }
        unit.push(Item::Move {
            node,
            text: (self.source.move_text)(node),
        });
        unit
    }

    /// The variation from `start`, `depth` deep, in rounds of its own, each move in its side's
    /// column; `marker` goes on its first row. Each comment goes under its move and the
    /// variations inside the line below the move they replace; the round goes on after them on
    /// a row of its own.
    fn line(&mut self, start: NodeId, depth: usize, marker: Option<Item>) {
        let mut round = Round {
            depth,
            marker,
            number: 0,
            red: None,
            black: None,
        };
        let mut node = start;
        loop {
            let before = self.game().position_before(node);
            let (red, number) = (
                before.side_to_move() == Color::Red,
                before.fullmove_number(),
            );
            let cell = Some((node, (self.source.move_text)(node)));
            if red {
                self.flush(&mut round);
                round.red = cell;
            } else {
                round.black = cell;
            }
            round.number = number;
            let has_comment = !(self.source.comment)(node).is_empty();
            let parent = self.game().parent(node);
            let branches =
                node != start && parent.is_some_and(|p| self.game().children(p).len() > 1);
            if round.black.is_some() || has_comment || branches {
                self.flush(&mut round);
            }
            if has_comment || branches {
                self.comment(node, depth);
                if let (true, Some(parent)) = (branches, parent) {
                    self.branch(parent, depth + 1);
                }
            }
            match self.game().children(node).first() {
                Some(&next) => node = next,
                None => break,
            }
        }
        self.flush(&mut round);
    }

    /// The round under way as a row, if it has a move; the next begins empty, without marker.
    fn flush(&mut self, round: &mut Round) {
        if round.red.is_none() && round.black.is_none() {
            return;
        }
        self.push(Row::Round {
            indent: round.depth,
            marker: round.marker.take(),
            number: round.number,
            red: round.red.take(),
            black: round.black.take(),
        });
    }
}

/// A round of a variation as it is filled, move by move.
struct Round {
    depth: usize,
    marker: Option<Item>,
    number: u32,
    red: Option<(NodeId, String)>,
    black: Option<(NodeId, String)>,
}

/// `text` cut into rows no wider than `room` (at spaces where it can, else between characters);
/// `width` measures one character.
pub fn wrap(text: &str, room: f32, width: &dyn Fn(&str) -> f32) -> Vec<String> {
    let mut rows = Vec::new();
    let mut buffer = [0u8; 4];
    for paragraph in text.lines() {
        let mut row = String::new();
        let mut used = 0.0;
        for ch in paragraph.chars() {
            let w = width(ch.encode_utf8(&mut buffer));
            if used + w > room && !row.is_empty() {
                if ch == ' ' {
                    // The row ends at this space.
                    rows.push(std::mem::take(&mut row));
                    used = 0.0;
                    continue;
                }
                match row.rfind(' ').filter(|&i| i > 0) {
                    Some(i) => {
                        let carry = row.split_off(i + 1);
                        row.pop();
                        rows.push(std::mem::replace(&mut row, carry));
                        used = row.chars().map(|c| width(c.encode_utf8(&mut buffer))).sum();
                    }
                    None => {
                        rows.push(std::mem::take(&mut row));
                        used = 0.0;
                    }
                }
            }
            row.push(ch);
            used += w;
        }
        if !row.is_empty() {
            rows.push(row);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Position};

    /// Every character 10 wide; a move button adds 8, items are 4 apart, a level of indent 14.
    fn measure(width: f32) -> Measure<'static> {
        Measure {
            text: &|t: &str| t.chars().count() as f32 * 10.0,
            button_padding: 4.0,
            spacing: 4.0,
            indent: 14.0,
            marker: 18.0,
            width,
        }
    }

    fn play(game: &mut Game, at: NodeId, iccs: &str) -> NodeId {
        let mv = Move::parse_iccs(iccs).expect("ICCS text");
        game.play(at, mv).expect("legal")
    }

    /// The game `1. 炮二平五 马８进７ 2. 马二进三 车９平８` with the variation `1... 炮８平５ 2. 马二进三
    /// 马８进７ 3. 车一平二`, and inside it the variation `2... 马２进３ 3. 车一平二 车９进１`.
    fn nested() -> (Game, [NodeId; 3]) {
        let mut game = Game::new(Position::startpos());
        let root = game.root();
        let a = play(&mut game, root, "h2e2");
        let b = play(&mut game, a, "h9g7");
        let c = play(&mut game, b, "h0g2");
        play(&mut game, c, "i9h9");
        let v = play(&mut game, a, "h7e7");
        let v2 = play(&mut game, v, "h0g2");
        let v3 = play(&mut game, v2, "h9g7");
        play(&mut game, v3, "i0h0");
        let w = play(&mut game, v2, "b9c7");
        let w2 = play(&mut game, w, "i0h0");
        play(&mut game, w2, "i9i8");
        (game, [a, v, w])
    }

    fn sheet(game: &Game, open: &dyn Fn(NodeId, usize) -> bool, width: f32) -> Sheet {
        let text = |node: NodeId| {
            game.move_of(node)
                .map(|m| m.to_string())
                .unwrap_or_default()
        };
        let comment = |_| String::new();
        let source = Source {
            game,
            move_text: &text,
            comment: &comment,
            open,
        };
        lay_out(&source, &measure(width))
    }

    fn is_number(item: &Item) -> bool {
        matches!(item, Item::Number(_))
    }

    /// The round of `node`'s row: its depth, marker, number and the two cells' nodes.
    fn round(
        laid: &Sheet,
        node: NodeId,
    ) -> (usize, Option<Item>, u32, Option<NodeId>, Option<NodeId>) {
        match &laid.rows[laid.row_of[&node]] {
            Row::Round {
                indent,
                marker,
                number,
                red,
                black,
            } => (
                *indent,
                marker.clone(),
                *number,
                red.as_ref().map(|c| c.0),
                black.as_ref().map(|c| c.0),
            ),
            row => panic!("{node:?} is not in a round: {row:?}"),
        }
    }

    #[test]
    fn variations_at_every_depth_put_each_move_in_its_side_s_column() {
        let (game, [a, v, w]) = nested();
        let laid = sheet(&game, &|_, _| true, 600.0);
        let child = |node: NodeId| game.children(node)[0];
        // 1… 炮８平５ begins in Black's column, behind the marker of its branch point.
        let open = |at| Some(Item::Fold { at, open: true });
        assert_eq!(round(&laid, v), (1, open(a), 1, None, Some(v)));
        // 2. 马二进三 马８进７: a round of two moves.
        let v2 = child(v);
        assert_eq!(round(&laid, v2), (1, None, 2, Some(v2), Some(child(v2))));
        // Inside it, 2… 马２进３ begins in Black's column too, then 3. 车一平二 车９进１.
        assert_eq!(round(&laid, w), (2, open(v2), 2, None, Some(w)));
        let w2 = child(w);
        assert_eq!(round(&laid, w2), (2, None, 3, Some(w2), Some(child(w2))));
        // The line of `v` goes on after the nested one, in a round of its own.
        let v4 = child(child(v2));
        assert_eq!(laid.row_of[&v4], laid.row_of[&w2] + 1);
        assert_eq!(round(&laid, v4), (1, None, 3, Some(v4), None));
        // Every move of every line in its side's column.
        for (node, row) in &laid.row_of {
            let red = game.position_before(*node).side_to_move() == Color::Red;
            let (_, _, number, in_red, in_black) = round(&laid, *node);
            let cell = if red { in_red } else { in_black };
            assert_eq!(cell, Some(*node), "row {row}");
            assert_eq!(number, game.position_before(*node).fullmove_number());
        }
    }

    fn laid_parent(game: &Game, node: NodeId) -> NodeId {
        game.parent(node).expect("a move")
    }

    #[test]
    fn no_row_ends_with_a_round_number_at_any_width() {
        let (game, _) = nested();
        for width in (60..400).step_by(7) {
            let laid = sheet(&game, &|_, _| true, width as f32);
            for row in &laid.rows {
                if let Row::Line { items, .. } = row {
                    assert!(!items.last().is_some_and(is_number), "{width}: {row:?}");
                    for pair in items.windows(2) {
                        if is_number(&pair[0]) {
                            assert!(matches!(pair[1], Item::Move { .. }), "{row:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_folded_branch_point_shows_its_marker_and_first_moves_and_hides_the_rest() {
        let (game, [a, v, w]) = nested();
        let laid = sheet(&game, &|at, _| at != a, 600.0);
        let row = &laid.rows[laid.row_of[&v]];
        let Row::Line { items, .. } = row else {
            panic!("{row:?}");
        };
        assert_eq!(items[0], Item::Fold { at: a, open: false });
        assert_eq!(items.len(), 3, "{items:?}");
        assert!(!laid.row_of.contains_key(&w));
        // The first level open, the second folded: the nested variation's first move only,
        // behind its marker.
        let first_level = sheet(&game, &|_, depth| depth < 2, 600.0);
        let row = &first_level.rows[first_level.row_of[&w]];
        let Row::Line { indent: 2, items } = row else {
            panic!("{row:?}");
        };
        assert_eq!(
            items[0],
            Item::Fold {
                at: laid_parent(&game, w),
                open: false
            }
        );
        assert_eq!(items.len(), 3, "{items:?}");
        assert!(first_level.row_of.len() > laid.row_of.len());
    }

    #[test]
    fn comments_wrap_at_spaces_or_between_characters() {
        let width = |t: &str| t.chars().count() as f32 * 10.0;
        assert_eq!(wrap("ab cd ef", 50.0, &width), ["ab cd", "ef"]);
        assert_eq!(
            wrap("红方弃子抢先攻势猛烈", 40.0, &width),
            ["红方弃子", "抢先攻势", "猛烈"]
        );
        assert_eq!(wrap("one\ntwo", 100.0, &width), ["one", "two"]);
    }
}
