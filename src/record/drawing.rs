//! Arrows and highlighted points drawn on the board, kept with a move in its comment.
//!
//! # The `[%cal]` / `[%csl]` convention
//!
//! Chess programs keep board drawings in the PGN comment after a move as two commands,
//! `[%cal Ge2e4,Rd1h5]` (coloured arrows) and `[%csl Re4,Gd5]` (coloured squares). Qipu uses the
//! same commands with ICCS points (files `a`–`i` from Red's left, ranks `0`–`9` from Red's side),
//! so a drawing survives any PGN reader that keeps comments:
//!
//! * `[%cal Rh2e2,Gb0c2]` — an arrow from h2 to e2 in red, one from b0 to c2 in green;
//! * `[%csl Ye7,Bc5]` — the points e7 (yellow) and c5 (blue) highlighted.
//!
//! Each item is a colour letter — `R` red, `G` green, `B` blue, `Y` yellow — then one point for
//! `%csl`, two for `%cal`; items are separated by commas. Reading also accepts lower-case letters,
//! spaces after commas and several commands of the same name; items that are not of this form
//! are ignored. The comment after a move holds the drawing shown when that move is reached; the
//! game comment (before the first move) holds the one for the start position. Other `[%…]`
//! commands and the comment text around the commands are left as they are.

use std::fmt;

use super::commands;
use super::game::{Game, NodeId};
use crate::rules::Square;

/// The colour of an arrow or a highlighted point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawColor {
    /// `R`.
    Red,
    /// `G` (the default of chess programs).
    Green,
    /// `B`.
    Blue,
    /// `Y`.
    Yellow,
}

impl DrawColor {
    /// Every colour, in menu order.
    pub const ALL: [DrawColor; 4] = [
        DrawColor::Green,
        DrawColor::Red,
        DrawColor::Blue,
        DrawColor::Yellow,
    ];

    /// The letter written in the comment.
    pub fn letter(self) -> char {
        match self {
            DrawColor::Red => 'R',
            DrawColor::Green => 'G',
            DrawColor::Blue => 'B',
            DrawColor::Yellow => 'Y',
        }
    }

    /// The colour a letter stands for (either case).
    pub fn from_letter(c: char) -> Option<DrawColor> {
        Some(match c.to_ascii_uppercase() {
            'R' => DrawColor::Red,
            'G' => DrawColor::Green,
            'B' => DrawColor::Blue,
            'Y' => DrawColor::Yellow,
            _ => return None,
        })
    }
}

/// An arrow from one point to another.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Arrow {
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// Its colour.
    pub color: DrawColor,
}

/// A highlighted point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Highlight {
    /// The point.
    pub square: Square,
    /// Its colour.
    pub color: DrawColor,
}

/// What is drawn on the board at one move.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Drawing {
    /// The arrows, in the order drawn.
    pub arrows: Vec<Arrow>,
    /// The highlighted points, in the order drawn.
    pub highlights: Vec<Highlight>,
}

impl Drawing {
    /// True when nothing is drawn.
    pub fn is_empty(&self) -> bool {
        self.arrows.is_empty() && self.highlights.is_empty()
    }

    /// Draw an arrow, or remove it if the same arrow (any colour) is there: the mouse gesture of
    /// chess programs, where drawing an arrow again takes it away.
    pub fn toggle_arrow(&mut self, arrow: Arrow) {
        let before = self.arrows.len();
        self.arrows
            .retain(|a| !(a.from == arrow.from && a.to == arrow.to));
        if self.arrows.len() == before {
            self.arrows.push(arrow);
        }
    }

    /// Highlight a point, or clear it if it is highlighted.
    pub fn toggle_highlight(&mut self, highlight: Highlight) {
        let before = self.highlights.len();
        self.highlights.retain(|h| h.square != highlight.square);
        if self.highlights.len() == before {
            self.highlights.push(highlight);
        }
    }
}

impl fmt::Display for Drawing {
    /// The commands: `[%csl …]` then `[%cal …]`, each only when there is something to write.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        if !self.highlights.is_empty() {
            let items: Vec<String> = self
                .highlights
                .iter()
                .map(|h| format!("{}{}", h.color.letter(), h.square))
                .collect();
            write!(f, "[%csl {}]", items.join(","))?;
            first = false;
        }
        if !self.arrows.is_empty() {
            if !first {
                f.write_str(" ")?;
            }
            let items: Vec<String> = self
                .arrows
                .iter()
                .map(|a| format!("{}{}{}", a.color.letter(), a.from, a.to))
                .collect();
            write!(f, "[%cal {}]", items.join(","))?;
        }
        Ok(())
    }
}

/// A `[%cal …]` or `[%csl …]` command in a comment: its byte range and its items.
struct Found<'a> {
    start: usize,
    end: usize,
    arrows: bool,
    items: &'a str,
}

fn find_commands(comment: &str) -> Vec<Found<'_>> {
    commands::scan(comment)
        .into_iter()
        .filter(|c| c.name == "cal" || c.name == "csl")
        .map(|c| Found {
            start: c.range.0,
            end: c.range.1,
            arrows: c.name == "cal",
            items: c.args,
        })
        .collect()
}

/// The drawing written in a comment.
pub fn decode_drawing(comment: &str) -> Drawing {
    let mut drawing = Drawing::default();
    for found in find_commands(comment) {
        for item in found.items.split(',').map(str::trim) {
            let mut chars = item.chars();
            let Some(color) = chars.next().and_then(DrawColor::from_letter) else {
                continue;
            };
            let points = chars.as_str();
            if found.arrows {
                if let (Some(from), Some(to)) = (
                    points.get(..2).and_then(Square::parse),
                    points.get(2..).and_then(Square::parse),
                ) {
                    drawing.arrows.push(Arrow { from, to, color });
                }
            } else if let Some(square) = Square::parse(points) {
                drawing.highlights.push(Highlight { square, color });
            }
        }
    }
    drawing
}

/// The comment without its drawing commands (what is shown as text); white space left at
/// the joins is tidied.
pub fn strip_drawing(comment: &str) -> String {
    let ranges: Vec<(usize, usize)> = find_commands(comment)
        .iter()
        .map(|found| (found.start, found.end))
        .collect();
    commands::cut(comment, &ranges)
}

/// `comment` with its drawing replaced by `drawing`: the commands go first, the text after
/// them (an empty drawing removes the commands).
pub fn encode_drawing(comment: &str, drawing: &Drawing) -> String {
    commands::join(&drawing.to_string(), &strip_drawing(comment))
}

/// The drawing kept with a node (after its move; on the root, for the start position).
pub fn drawing(game: &Game, node: NodeId) -> Drawing {
    decode_drawing(game.comment(node))
}

/// Keep `drawing` with a node, in its comment.
pub fn set_drawing(game: &mut Game, node: NodeId, drawing: &Drawing) {
    let comment = encode_drawing(game.comment(node), drawing);
    game.set_comment(node, comment);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn reads_the_commands_among_text_and_other_commands() {
        let d = decode_drawing("好棋 [%clk 0:10:00] [%cal Rh2e2, gb0c2,Xa0a1,Rz9a1] [%csl Ye7]");
        assert_eq!(
            d.arrows,
            [
                Arrow {
                    from: sq("h2"),
                    to: sq("e2"),
                    color: DrawColor::Red
                },
                Arrow {
                    from: sq("b0"),
                    to: sq("c2"),
                    color: DrawColor::Green
                }
            ]
        );
        assert_eq!(
            d.highlights,
            [Highlight {
                square: sq("e7"),
                color: DrawColor::Yellow
            }]
        );
        assert_eq!(
            strip_drawing("好棋 [%clk 0:10:00] [%cal Rh2e2] [%csl Ye7]"),
            "好棋 [%clk 0:10:00]"
        );
    }

    #[test]
    fn encoding_replaces_the_old_drawing_and_keeps_the_text() {
        let mut d = Drawing::default();
        d.toggle_highlight(Highlight {
            square: sq("e7"),
            color: DrawColor::Blue,
        });
        d.toggle_arrow(Arrow {
            from: sq("h2"),
            to: sq("e2"),
            color: DrawColor::Green,
        });
        let comment = encode_drawing("[%cal Ra0a1] 當頭炮", &d);
        assert_eq!(comment, "[%csl Be7] [%cal Gh2e2] 當頭炮");
        assert_eq!(decode_drawing(&comment), d);
        assert_eq!(encode_drawing(&comment, &Drawing::default()), "當頭炮");
    }

    #[test]
    fn toggling_twice_removes() {
        let mut d = Drawing::default();
        let arrow = Arrow {
            from: sq("b0"),
            to: sq("c2"),
            color: DrawColor::Red,
        };
        d.toggle_arrow(arrow);
        d.toggle_arrow(arrow);
        assert!(d.is_empty());
        let point = Highlight {
            square: sq("e4"),
            color: DrawColor::Green,
        };
        d.toggle_highlight(point);
        assert_eq!(d.highlights.len(), 1);
        d.toggle_highlight(point);
        assert!(d.is_empty());
    }
}
