//! The record laid out in rows, once per change of the record, its fold state or the panel's
//! width, never per frame: the main line as the scoresheet's rounds, comments under their moves,
//! each variation on rows of its own, indented by its depth, starting with its round number
//! beside its first move. A round number is never left alone at a row's end: it goes to the
//! next row with its move. Folded branch points show a marker and their first moves.

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
    /// A round of the main line: its number and the two moves (`None`: Black begins, Red's
    /// cell empty).
    Round {
        /// The round's number.
        number: u32,
        /// Red's move.
        red: Option<(NodeId, String)>,
        /// Black's move, if made.
        black: Option<(NodeId, String)>,
    },
    /// A row of a variation `indent` deep.
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

    /// The variation from `start`, `depth` deep, on rows of its own: its moves, each comment
    /// under its move, the variations inside it below the move they replace; after a break the
    /// line goes on with its round number.
    fn line(&mut self, start: NodeId, depth: usize, marker: Option<Item>) {
        let room = self.measure.room(depth);
        let mut row: Vec<Item> = marker.into_iter().collect();
        let mut used: f32 = row.iter().map(|i| self.measure.item(i)).sum();
        let mut numbered = true;
        let mut node = start;
        loop {
            let unit = self.unit(node, numbered);
            numbered = false;
            let width: f32 = unit.iter().map(|i| self.measure.item(i)).sum();
            let has_move = row.iter().any(|i| matches!(i, Item::Move { .. }));
            if has_move && used + width > room {
                self.flush(&mut row, depth);
                used = 0.0;
            }
            used += width;
            row.extend(unit);
            let has_comment = !(self.source.comment)(node).is_empty();
            let parent = self.game().parent(node);
            let branches =
                node != start && parent.is_some_and(|p| self.game().children(p).len() > 1);
            if has_comment || branches {
                self.flush(&mut row, depth);
                used = 0.0;
                numbered = true;
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
        self.flush(&mut row, depth);
    }

    fn flush(&mut self, row: &mut Vec<Item>, indent: usize) {
        if !row.is_empty() {
            let items = std::mem::take(row);
            self.push(Row::Line { indent, items });
        }
    }
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

    #[test]
    fn nested_variations_are_indented_and_begin_with_their_number_beside_their_first_move() {
        let (game, [_, v, w]) = nested();
        let laid = sheet(&game, &|_, _| true, 600.0);
        let row_of = |node| laid.row_of[&node];
        let Row::Line { indent, items } = &laid.rows[row_of(v)] else {
            panic!("{:?}", laid.rows);
        };
        assert_eq!(*indent, 1);
        assert_eq!(
            items[0],
            Item::Fold {
                at: laid_parent(&game, v),
                open: true
            }
        );
        assert_eq!(items[1], Item::Number("1…".into()));
        assert!(matches!(&items[2], Item::Move { node, .. } if *node == v));
        let Row::Line { indent, items } = &laid.rows[row_of(w)] else {
            panic!("{:?}", laid.rows);
        };
        assert_eq!(*indent, 2);
        assert_eq!(items[1], Item::Number("2…".into()));
        // The line of `v` goes on after the nested one, with its round number again.
        let after = &laid.rows[row_of(w) + 1];
        let Row::Line { indent: 1, items } = after else {
            panic!("{after:?}");
        };
        assert_eq!(items[0], Item::Number("3.".into()));
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
