//! Board diagrams: a position drawn as the board on screen looks — light ground, dark lines,
//! the river with 楚河 漢界, palace diagonals, the cannon and soldier marks, round pieces with
//! red and black characters — with the file numbers (一…九 for Red, 1…9 for Black), the last
//! move and the arrows and highlighted points of the move.

use image::RgbaImage;

use super::canvas::{Canvas, FontChain, Point, Rgb};
use super::fonts;
use crate::record::{drawing::drawing, DrawColor, Drawing, Game, NodeId};
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};

/// The board's colours (the same as the board on screen).
pub mod palette {
    use super::Rgb;
    /// The wood.
    pub const GROUND: Rgb = Rgb(240, 214, 160);
    /// Lines, frame, river words, numbers.
    pub const LINE: Rgb = Rgb(96, 52, 20);
    /// Piece face.
    pub const PIECE_FACE: Rgb = Rgb(252, 238, 206);
    /// Piece rim.
    pub const PIECE_RIM: Rgb = Rgb(150, 96, 44);
    /// Shadow under a piece (drawn at 27 % opacity).
    pub const PIECE_SHADOW: Rgb = Rgb(40, 20, 0);
    /// Red pieces' ink.
    pub const RED: Rgb = Rgb(196, 24, 24);
    /// Black pieces' ink.
    pub const BLACK: Rgb = Rgb(24, 24, 24);
    /// Brackets of the last move.
    pub const LAST_MOVE: Rgb = Rgb(30, 96, 210);
}

/// Margin around the grid, in units of the distance between two points.
const MARGIN: f32 = 1.05;
/// Distance of the outer frame from the outermost lines.
const FRAME: f32 = 0.5;
/// Width and height of the board in point distances.
const UNITS: (f32, f32) = (8.0 + 2.0 * MARGIN, 9.0 + 2.0 * MARGIN);

/// The smallest and largest diagram widths, in pixels.
pub const SIZE_RANGE: std::ops::RangeInclusive<u32> = 120..=4000;

/// What a diagram shows besides the pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramOptions {
    /// Width in pixels (the height follows the board's proportions); clamped to [`SIZE_RANGE`].
    pub size: u32,
    /// File numbers around the board.
    pub coordinates: bool,
    /// The move that led to the position, marked with corner brackets.
    pub last_move: Option<Move>,
    /// Arrows and highlighted points.
    pub drawing: Drawing,
    /// Black at the bottom.
    pub flipped: bool,
}

impl Default for DiagramOptions {
    fn default() -> Self {
        DiagramOptions {
            size: 720,
            coordinates: true,
            last_move: None,
            drawing: Drawing::default(),
            flipped: false,
        }
    }
}

impl DiagramOptions {
    /// The options for a node of a game: its move as the last move, its drawing.
    pub fn for_node(game: &Game, node: NodeId, size: u32) -> DiagramOptions {
        DiagramOptions {
            size,
            last_move: game.move_of(node),
            drawing: drawing(game, node),
            ..DiagramOptions::default()
        }
    }
}

/// Point ↔ pixel transforms of a diagram.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    origin: Point,
    step: f32,
    flipped: bool,
}

impl Geometry {
    fn new(width: u32, flipped: bool) -> Geometry {
        let step = width as f32 / UNITS.0;
        Geometry {
            origin: (MARGIN * step, MARGIN * step),
            step,
            flipped,
        }
    }

    fn grid(&self, column: f32, row: f32) -> Point {
        (
            self.origin.0 + column * self.step,
            self.origin.1 + row * self.step,
        )
    }

    /// Column 0–8 from the left of the picture and row 0–9 from its top.
    fn column_row(&self, sq: Square) -> (f32, f32) {
        let (f, r) = (f32::from(sq.file()), f32::from(sq.rank()));
        if self.flipped {
            (8.0 - f, r)
        } else {
            (f, 9.0 - r)
        }
    }

    fn point(&self, sq: Square) -> Point {
        let (c, r) = self.column_row(sq);
        self.grid(c, r)
    }
}

/// The character of a piece as the board shows it (Taiwan-style red glyphs, as on screen).
pub fn piece_char(piece: Piece) -> char {
    match (piece.color, piece.kind) {
        (Color::Red, PieceKind::General) => '帥',
        (Color::Red, PieceKind::Advisor) => '仕',
        (Color::Red, PieceKind::Elephant) => '相',
        (Color::Red, PieceKind::Horse) => '傌',
        (Color::Red, PieceKind::Chariot) => '俥',
        (Color::Red, PieceKind::Cannon) => '炮',
        (Color::Red, PieceKind::Soldier) => '兵',
        (Color::Black, PieceKind::General) => '將',
        (Color::Black, PieceKind::Advisor) => '士',
        (Color::Black, PieceKind::Elephant) => '象',
        (Color::Black, PieceKind::Horse) => '馬',
        (Color::Black, PieceKind::Chariot) => '車',
        (Color::Black, PieceKind::Cannon) => '砲',
        (Color::Black, PieceKind::Soldier) => '卒',
    }
}

const RED_FILE_NUMBERS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// Every character a diagram draws (for the font check).
pub const DIAGRAM_TEXT: &str = "帥仕相傌俥炮兵將士象馬車砲卒楚河漢界一二三四五六七八九123456789";

fn line_width(step: f32) -> f32 {
    (step * 0.022).max(1.0)
}

/// The colour of a drawing colour on the board.
pub fn draw_color(color: DrawColor) -> Rgb {
    match color {
        DrawColor::Red => Rgb(214, 40, 40),
        DrawColor::Green => Rgb(20, 150, 60),
        DrawColor::Blue => Rgb(30, 96, 210),
        DrawColor::Yellow => Rgb(226, 170, 0),
    }
}

/// Draw `pos` as a picture.
pub fn render_diagram(pos: &Position, options: &DiagramOptions) -> RgbaImage {
    let width = options.size.clamp(*SIZE_RANGE.start(), *SIZE_RANGE.end());
    let g = Geometry::new(width, options.flipped);
    let height = (UNITS.1 * g.step).round() as u32;
    let mut canvas = Canvas::new(width, height, palette::GROUND);
    let fonts = FontChain::new(&[fonts::BOARD_FONT, fonts::UI_FONT]);
    paint_grid(&mut canvas, &fonts, &g, options.coordinates);
    for sq in &options.drawing.highlights {
        let c = g.point(sq.square);
        canvas.disc(c, g.step * 0.5, draw_color(sq.color), 0.35);
        canvas.ring(c, g.step * 0.47, g.step * 0.06, draw_color(sq.color), 0.9);
    }
    if let Some(mv) = options.last_move {
        for sq in [mv.from, mv.to] {
            paint_brackets(&mut canvas, g.point(sq), g.step, palette::LAST_MOVE);
        }
    }
    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            paint_piece(&mut canvas, &fonts, g.point(sq), g.step, piece);
        }
    }
    for arrow in &options.drawing.arrows {
        paint_arrow(
            &mut canvas,
            g.point(arrow.from),
            g.point(arrow.to),
            g.step,
            draw_color(arrow.color),
        );
    }
    canvas.into_image()
}

fn paint_grid(canvas: &mut Canvas, fonts: &FontChain, g: &Geometry, coordinates: bool) {
    let s = g.step;
    let w = line_width(s);
    let ink = palette::LINE;
    let (top_left, bottom_right) = (g.grid(0.0, 0.0), g.grid(8.0, 9.0));
    canvas.stroke_rect(
        (top_left.0 - FRAME * s, top_left.1 - FRAME * s),
        (bottom_right.0 + FRAME * s, bottom_right.1 + FRAME * s),
        w * 3.0,
        ink,
    );
    for row in 0..10 {
        let row = row as f32;
        canvas.line(g.grid(0.0, row), g.grid(8.0, row), w, ink);
    }
    for column in 0..9 {
        let c = column as f32;
        if column == 0 || column == 8 {
            canvas.line(g.grid(c, 0.0), g.grid(c, 9.0), w, ink);
        } else {
            canvas.line(g.grid(c, 0.0), g.grid(c, 4.0), w, ink);
            canvas.line(g.grid(c, 5.0), g.grid(c, 9.0), w, ink);
        }
    }
    // Palaces (九宮).
    for (top, bottom) in [(0.0, 2.0), (7.0, 9.0)] {
        canvas.line(g.grid(3.0, top), g.grid(5.0, bottom), w, ink);
        canvas.line(g.grid(5.0, top), g.grid(3.0, bottom), w, ink);
    }
    // Position marks of the cannons and soldiers.
    for (c, r) in POSITION_MARKS {
        paint_position_mark(canvas, g, c, r, w);
    }
    // The river.
    for (c, word) in [(1.5, "楚"), (2.5, "河"), (5.5, "漢"), (6.5, "界")] {
        fonts.draw_centered(canvas, word, s * 0.62, g.grid(c, 4.5), ink);
    }
    if !coordinates {
        return;
    }
    let outside = MARGIN - (MARGIN - FRAME) / 2.0 + 0.02;
    for file in 0..9u8 {
        for (rank, text) in [
            (0u8, RED_FILE_NUMBERS[usize::from(8 - file)].to_owned()),
            (9u8, (file + 1).to_string()),
        ] {
            let Some(sq) = Square::from_coords(file, rank) else {
                continue;
            };
            let (column, row) = g.column_row(sq);
            let row = if row < 1.0 { -outside } else { 9.0 + outside };
            fonts.draw_centered(canvas, &text, s * 0.34, g.grid(column, row), ink);
        }
    }
}

/// The points that carry the small position marks of the cannons and soldiers (file, rank), as on
/// the competition board; the on-screen board draws the same points.
pub const POSITION_MARKS: [(u8, u8); 14] = [
    (1, 2),
    (7, 2),
    (1, 7),
    (7, 7),
    (0, 3),
    (2, 3),
    (4, 3),
    (6, 3),
    (8, 3),
    (0, 6),
    (2, 6),
    (4, 6),
    (6, 6),
    (8, 6),
];

fn paint_position_mark(canvas: &mut Canvas, g: &Geometry, column: u8, row: u8, width: f32) {
    let center = g.grid(f32::from(column), f32::from(row));
    let gap = g.step * 0.07;
    let arm = g.step * 0.16;
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        if (column == 0 && dx < 0.0) || (column == 8 && dx > 0.0) {
            continue;
        }
        let corner = (center.0 + dx * gap, center.1 + dy * gap);
        canvas.polyline(
            &[
                (corner.0 + dx * arm, corner.1),
                corner,
                (corner.0, corner.1 + dy * arm),
            ],
            width,
            palette::LINE,
        );
    }
}

fn paint_brackets(canvas: &mut Canvas, center: Point, step: f32, color: Rgb) {
    let half = step * 0.48;
    let arm = step * 0.16;
    let width = (step * 0.045).max(1.5);
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let corner = (center.0 + dx * half, center.1 + dy * half);
        canvas.polyline(
            &[
                (corner.0 - dx * arm, corner.1),
                corner,
                (corner.0, corner.1 - dy * arm),
            ],
            width,
            color,
        );
    }
}

fn paint_piece(canvas: &mut Canvas, fonts: &FontChain, center: Point, step: f32, piece: Piece) {
    let radius = step * 0.44;
    let ink = match piece.color {
        Color::Red => palette::RED,
        Color::Black => palette::BLACK,
    };
    canvas.disc(
        (center.0 + step * 0.03, center.1 + step * 0.05),
        radius,
        palette::PIECE_SHADOW,
        0.27,
    );
    canvas.disc(center, radius, palette::PIECE_FACE, 1.0);
    canvas.ring(
        center,
        radius,
        (step * 0.03).max(1.0),
        palette::PIECE_RIM,
        1.0,
    );
    canvas.ring(center, radius * 0.82, (step * 0.025).max(1.0), ink, 1.0);
    let text = piece_char(piece).to_string();
    fonts.draw_centered(canvas, &text, step * 0.56, center, ink);
}

/// An arrow from the centre of one point to the edge of the piece on the other.
fn paint_arrow(canvas: &mut Canvas, from: Point, to: Point, step: f32, color: Rgb) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let head = step * 0.42;
    let tip = (to.0 - ux * step * 0.12, to.1 - uy * step * 0.12);
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let half = head * 0.55;
    let alpha = 0.8;
    canvas.line_alpha(from, base, step * 0.16, color, alpha);
    canvas.convex(
        &[
            tip,
            (base.0 - uy * half, base.1 + ux * half),
            (base.0 + uy * half, base.1 - ux * half),
        ],
        color,
        alpha,
    );
}

/// The pictures of every position on the line through `node` — the start, each move of the
/// way to `node`, and the main continuation after it — each with its move and drawing; size,
/// orientation and coordinates as in `template`.
pub fn line_diagrams(
    game: &Game,
    node: NodeId,
    template: &DiagramOptions,
) -> Vec<(NodeId, RgbaImage)> {
    let mut nodes = vec![game.root()];
    nodes.extend(game.line_to(node));
    nodes.extend(game.line_from(node));
    nodes
        .into_iter()
        .map(|n| {
            let options = DiagramOptions {
                last_move: game.move_of(n),
                drawing: drawing(game, n),
                ..template.clone()
            };
            (n, render_diagram(game.position(n), &options))
        })
        .collect()
}
