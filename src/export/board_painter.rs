//! The board, drawn once for the screen and for every export: drawn like the competition board
//! (art. 1.1) — nine files and ten ranks on light wood, the river with 楚河 漢界, the palaces'
//! diagonals, the marks of the cannons' and soldiers' points, the file numbers (一…九 on Red's
//! side, 1…9 on Black's, each counted from that side's right) — with round pieces in red and
//! black, the last move's brackets, a general in check, and the arrows and highlighted points
//! kept with the move.
//!
//! It draws through [`Surface`], in the surface's units; [`Geometry`] places the board on it.

use super::surface::{Point, Rgba, Stroke, Surface, TextStyle, Weight};
use crate::record::{DrawColor, Drawing};
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};

/// The board's colours.
pub mod palette {
    use super::Rgba;
    /// The wood.
    pub const GROUND: Rgba = Rgba::rgb(240, 214, 160);
    /// Lines, frame, river words, numbers.
    pub const LINE: Rgba = Rgba::rgb(96, 52, 20);
    /// Piece face.
    pub const PIECE_FACE: Rgba = Rgba::rgb(252, 238, 206);
    /// Piece rim.
    pub const PIECE_RIM: Rgba = Rgba::rgb(150, 96, 44);
    /// Shadow under a piece.
    pub const PIECE_SHADOW: Rgba = Rgba::rgb(146, 73, 0).with_alpha(70);
    /// Red pieces' ink.
    pub const RED: Rgba = Rgba::rgb(196, 24, 24);
    /// Black pieces' ink.
    pub const BLACK: Rgba = Rgba::rgb(24, 24, 24);
    /// Brackets of the last move.
    pub const LAST_MOVE: Rgba = Rgba::rgb(30, 96, 210);
    /// The ring around a general in check.
    pub const CHECK: Rgba = Rgba::rgb(220, 30, 30);
    /// The glow under a general in check.
    pub const CHECK_GLOW: Rgba = Rgba::rgb(255, 17, 17).with_alpha(150);
}

/// Margin around the grid, in units of the distance between two points.
const MARGIN: f32 = 1.05;
/// Distance of the outer frame from the outermost lines.
const FRAME: f32 = 0.5;
/// Width and height of the whole board, margins included, in point distances.
pub const UNITS: (f32, f32) = (8.0 + 2.0 * MARGIN, 9.0 + 2.0 * MARGIN);

/// Where the board sits on a surface: board point ↔ surface transforms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// The top-left point of the grid.
    pub grid_origin: Point,
    /// Distance between neighbouring points.
    pub step: f32,
    /// Black at the bottom.
    pub flipped: bool,
}

impl Geometry {
    /// The board with its top-left corner (margins included) at `corner`, `step` between points.
    pub fn at(corner: Point, step: f32, flipped: bool) -> Geometry {
        Geometry {
            grid_origin: (corner.0 + MARGIN * step, corner.1 + MARGIN * step),
            step,
            flipped,
        }
    }

    /// The largest board that fits the box from `min` to `max`, centred in it.
    pub fn fit(min: Point, max: Point, flipped: bool) -> Geometry {
        let step = ((max.0 - min.0) / UNITS.0).min((max.1 - min.1) / UNITS.1);
        let center = ((min.0 + max.0) / 2.0, (min.1 + max.1) / 2.0);
        let size = (UNITS.0 * step, UNITS.1 * step);
        Geometry::at(
            (center.0 - size.0 * 0.5, center.1 - size.1 * 0.5),
            step,
            flipped,
        )
    }

    /// The whole board, margins included: its top-left and bottom-right corners.
    pub fn board_rect(&self) -> (Point, Point) {
        let margin = MARGIN * self.step;
        let min = (self.grid_origin.0 - margin, self.grid_origin.1 - margin);
        (
            min,
            (min.0 + UNITS.0 * self.step, min.1 + UNITS.1 * self.step),
        )
    }

    /// Column (0 = left) and row (0 = top) of a point.
    fn column_row(&self, sq: Square) -> (f32, f32) {
        let (f, r) = (f32::from(sq.file()), f32::from(sq.rank()));
        if self.flipped {
            (8.0 - f, r)
        } else {
            (f, 9.0 - r)
        }
    }

    /// Where a board point is on the surface.
    pub fn point(&self, sq: Square) -> Point {
        let (c, r) = self.column_row(sq);
        self.grid(c, r)
    }

    /// Where grid coordinates (column from the left, row from the top) are on the surface.
    fn grid(&self, column: f32, row: f32) -> Point {
        (
            self.grid_origin.0 + column * self.step,
            self.grid_origin.1 + row * self.step,
        )
    }

    /// The board point nearest to `p`, if `p` is within half a step of it.
    pub fn square_at(&self, p: Point) -> Option<Square> {
        let c = ((p.0 - self.grid_origin.0) / self.step).round();
        let r = ((p.1 - self.grid_origin.1) / self.step).round();
        if !(0.0..=8.0).contains(&c) || !(0.0..=9.0).contains(&r) {
            return None;
        }
        // Rounded and range-checked above: 0..=8 and 0..=9 fit u8.
        let (c, r) = (c as u8, r as u8);
        if self.flipped {
            Square::from_coords(8 - c, r)
        } else {
            Square::from_coords(c, 9 - r)
        }
    }
}

/// The character of a piece as the board shows it (Taiwan-style red glyphs).
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

/// The colour of a drawing colour on the board (opaque; arrows and highlights add their alpha).
pub fn draw_color(color: DrawColor) -> Rgba {
    match color {
        DrawColor::Red => Rgba::rgb(214, 40, 40),
        DrawColor::Green => Rgba::rgb(20, 150, 60),
        DrawColor::Blue => Rgba::rgb(30, 96, 210),
        DrawColor::Yellow => Rgba::rgb(226, 170, 0),
    }
}

const RED_FILE_NUMBERS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const RIVER: [(f32, &str); 4] = [(1.5, "楚"), (2.5, "河"), (5.5, "漢"), (6.5, "界")];

/// Every character the board draws (for the font check).
pub const BOARD_TEXT: &str = "帥仕相傌俥炮兵將士象馬車砲卒楚河漢界一二三四五六七八九123456789";

/// The points that carry the small position marks of the cannons and soldiers, as on the
/// competition board (column, row of the grid: the marks are the same for either side).
const POSITION_MARKS: [(u8, u8); 14] = [
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

/// What the board shows.
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    /// The position.
    pub position: &'a Position,
    /// The move that led to it, marked with corner brackets.
    pub last_move: Option<Move>,
    /// Arrows and highlighted points.
    pub drawing: &'a Drawing,
    /// File numbers around the board.
    pub coordinates: bool,
    /// A general in check glows red.
    pub check: bool,
    /// A point whose piece is not drawn in place (it is being dragged).
    pub lifted: Option<Square>,
}

/// The board up to its pieces: ground, grid, highlighted points, the last move, a general in
/// check, the pieces. A screen draws its selection here, between the pieces and the arrows
/// ([`paint_arrows`]).
pub fn paint_board(surface: &mut impl Surface, g: &Geometry, board: &Board<'_>) {
    paint_grid(surface, g, board.coordinates);
    paint_highlights(surface, g, board.drawing);
    if let Some(mv) = board.last_move {
        for sq in [mv.from, mv.to] {
            paint_brackets(surface, g.point(sq), g.step, palette::LAST_MOVE);
        }
    }
    if board.check {
        paint_check(surface, g, board.position);
    }
    for (sq, piece) in board.position.pieces() {
        if board.lifted != Some(sq) {
            paint_piece(surface, g.point(sq), g.step, piece);
        }
    }
}

fn line_width(surface: &impl Surface, step: f32) -> f32 {
    (step * 0.022).max(surface.hairline())
}

/// The empty board: ground, frame, grid, palaces, position marks, river, and the file numbers
/// if `coordinates`.
pub fn paint_grid(surface: &mut impl Surface, g: &Geometry, coordinates: bool) {
    let s = g.step;
    let stroke = Stroke::new(line_width(surface, s), palette::LINE);
    let (min, max) = g.board_rect();
    surface.fill_rect(min, max, s * 0.08, palette::GROUND);

    let (top_left, bottom_right) = (g.grid(0.0, 0.0), g.grid(8.0, 9.0));
    surface.stroke_rect(
        (top_left.0 - FRAME * s, top_left.1 - FRAME * s),
        (bottom_right.0 + FRAME * s, bottom_right.1 + FRAME * s),
        Stroke::new(stroke.width * 3.0, palette::LINE),
    );
    for row in 0..10 {
        let row = row as f32;
        surface.line(g.grid(0.0, row), g.grid(8.0, row), stroke);
    }
    for column in 0..9 {
        let c = column as f32;
        if column == 0 || column == 8 {
            surface.line(g.grid(c, 0.0), g.grid(c, 9.0), stroke);
        } else {
            surface.line(g.grid(c, 0.0), g.grid(c, 4.0), stroke);
            surface.line(g.grid(c, 5.0), g.grid(c, 9.0), stroke);
        }
    }
    // Palaces (九宮): files d–f, three ranks at each end.
    for (top, bottom) in [(0.0, 2.0), (7.0, 9.0)] {
        surface.line(g.grid(3.0, top), g.grid(5.0, bottom), stroke);
        surface.line(g.grid(5.0, top), g.grid(3.0, bottom), stroke);
    }
    for (column, row) in POSITION_MARKS {
        paint_position_mark(surface, g, column, row, stroke);
    }
    let river = TextStyle::new(s * 0.62, Weight::Bold);
    for (c, word) in RIVER {
        surface.text(g.grid(c, 4.5), word, river, palette::LINE);
    }
    if coordinates {
        paint_file_numbers(surface, g);
    }
}

/// File numbers outside the frame, each side counting from its own right.
fn paint_file_numbers(surface: &mut impl Surface, g: &Geometry) {
    let style = TextStyle::new(g.step * 0.34, Weight::Bold);
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
            surface.text(g.grid(column, row), &text, style, palette::LINE);
        }
    }
}

/// The small corner marks around a cannon's or soldier's point (omitted beyond the board edge).
fn paint_position_mark(
    surface: &mut impl Surface,
    g: &Geometry,
    column: u8,
    row: u8,
    stroke: Stroke,
) {
    let center = g.grid(f32::from(column), f32::from(row));
    let gap = g.step * 0.07;
    let arm = g.step * 0.16;
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        if (column == 0 && dx < 0.0) || (column == 8 && dx > 0.0) {
            continue;
        }
        let corner = (center.0 + dx * gap, center.1 + dy * gap);
        surface.polyline(
            &[
                (corner.0 + dx * arm, corner.1),
                corner,
                (corner.0, corner.1 + dy * arm),
            ],
            stroke,
        );
    }
}

/// Corner brackets around a point (the last move; a screen's capture targets).
pub fn paint_brackets(surface: &mut impl Surface, center: Point, step: f32, color: Rgba) {
    let half = step * 0.48;
    let arm = step * 0.16;
    let stroke = Stroke::new((step * 0.045).max(surface.hairline() * 1.5), color);
    for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let corner = (center.0 + dx * half, center.1 + dy * half);
        surface.polyline(
            &[
                (corner.0 - dx * arm, corner.1),
                corner,
                (corner.0, corner.1 - dy * arm),
            ],
            stroke,
        );
    }
}

/// A general in check glows red under its piece.
fn paint_check(surface: &mut impl Surface, g: &Geometry, pos: &Position) {
    for color in [Color::Red, Color::Black] {
        if pos.is_check(color) {
            let center = g.point(pos.general(color));
            let (radius, width) = (g.step * 0.56, g.step * 0.04);
            surface.disc(center, radius, palette::CHECK_GLOW);
            surface.ring(
                center,
                radius + width / 2.0,
                Stroke::new(width, palette::CHECK),
            );
        }
    }
}

/// Highlighted points: a tinted disc with a ring just outside a piece's rim, under the pieces.
fn paint_highlights(surface: &mut impl Surface, g: &Geometry, drawing: &Drawing) {
    for h in &drawing.highlights {
        let center = g.point(h.square);
        let color = draw_color(h.color);
        let width = g.step * 0.06;
        surface.disc(center, g.step * 0.5, color.with_alpha(90));
        surface.ring(
            center,
            g.step * 0.47 + width / 2.0,
            Stroke::new(width, color.with_alpha(230)),
        );
    }
}

/// A round piece with its character, `step` the distance between points.
pub fn paint_piece(surface: &mut impl Surface, center: Point, step: f32, piece: Piece) {
    let radius = step * 0.44;
    let ink = match piece.color {
        Color::Red => palette::RED,
        Color::Black => palette::BLACK,
    };
    surface.disc(
        (center.0 + step * 0.03, center.1 + step * 0.05),
        radius,
        palette::PIECE_SHADOW,
    );
    let rim = (step * 0.03).max(surface.hairline());
    surface.circle(
        center,
        radius + rim / 2.0,
        Some(palette::PIECE_FACE),
        Some(Stroke::new(rim, palette::PIECE_RIM)),
    );
    let inner = (step * 0.025).max(surface.hairline());
    surface.ring(center, radius * 0.82, Stroke::new(inner, ink));
    let text = piece_char(piece).to_string();
    surface.text(
        center,
        &text,
        TextStyle::new(step * 0.56, Weight::Bold),
        ink,
    );
}

/// The arrows of a drawing, over the pieces.
pub fn paint_arrows(surface: &mut impl Surface, g: &Geometry, drawing: &Drawing) {
    for a in &drawing.arrows {
        paint_arrow(
            surface,
            g.point(a.from),
            g.point(a.to),
            g.step,
            draw_color(a.color).with_alpha(205),
        );
    }
}

/// An arrow from the centre of one point to the edge of the piece on the other.
pub fn paint_arrow(surface: &mut impl Surface, from: Point, to: Point, step: f32, color: Rgba) {
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
    if (base.0 - from.0) * ux + (base.1 - from.1) * uy > 0.0 {
        surface.line(from, base, Stroke::new(step * 0.16, color));
    }
    surface.polygon(
        &[
            tip,
            (base.0 - uy * half, base.1 + ux * half),
            (base.0 + uy * half, base.1 - ux * half),
        ],
        color,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Arrow, Highlight};

    /// A surface that keeps what was drawn.
    #[derive(Default)]
    struct Recorder {
        texts: Vec<(Point, String, TextStyle)>,
        circles: Vec<(Point, f32, Option<Rgba>, Option<Stroke>)>,
        polygons: Vec<Vec<Point>>,
        lines: usize,
        polylines: usize,
        rects: usize,
    }

    impl Surface for Recorder {
        fn fill_rect(&mut self, _: Point, _: Point, _: f32, _: Rgba) {
            self.rects += 1;
        }
        fn stroke_rect(&mut self, _: Point, _: Point, _: Stroke) {
            self.rects += 1;
        }
        fn line(&mut self, _: Point, _: Point, _: Stroke) {
            self.lines += 1;
        }
        fn polyline(&mut self, _: &[Point], _: Stroke) {
            self.polylines += 1;
        }
        fn circle(&mut self, c: Point, r: f32, fill: Option<Rgba>, stroke: Option<Stroke>) {
            self.circles.push((c, r, fill, stroke));
        }
        fn polygon(&mut self, points: &[Point], _: Rgba) {
            self.polygons.push(points.to_vec());
        }
        fn text(&mut self, center: Point, text: &str, style: TextStyle, _: Rgba) {
            self.texts.push((center, text.to_owned(), style));
        }
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).expect("test square")
    }

    fn board<'a>(position: &'a Position, drawing: &'a Drawing) -> Board<'a> {
        Board {
            position,
            last_move: None,
            drawing,
            coordinates: true,
            check: true,
            lifted: None,
        }
    }

    fn near(a: Point, b: Point) -> bool {
        (a.0 - b.0).abs() < 1e-3 && (a.1 - b.1).abs() < 1e-3
    }

    #[test]
    fn every_point_is_found_where_it_is_drawn() {
        for flipped in [false, true] {
            let g = Geometry::at((10.0, 20.0), 40.0, flipped);
            for s in Square::all() {
                let p = g.point(s);
                assert_eq!(g.square_at(p), Some(s));
                assert_eq!(g.square_at((p.0 + 19.0, p.1 - 19.0)), Some(s));
            }
            let (min, _) = g.board_rect();
            assert_eq!(g.square_at(min), None);
        }
        // Red's general is at the bottom, Black's when flipped.
        let g = Geometry::at((0.0, 0.0), 10.0, false);
        assert!(g.point(sq("e0")).1 > g.point(sq("e9")).1);
        let g = Geometry::at((0.0, 0.0), 10.0, true);
        assert!(g.point(sq("e0")).1 < g.point(sq("e9")).1);
        assert!(g.point(sq("a0")).0 > g.point(sq("i0")).0);
    }

    #[test]
    fn a_fitted_board_fills_one_side_and_is_centred_on_the_other() {
        let g = Geometry::fit((0.0, 0.0), (1000.0, 555.0), false);
        let (min, max) = g.board_rect();
        assert!((min.1 - 0.0).abs() < 1e-3 && (max.1 - 555.0).abs() < 1e-3);
        assert!((min.0 + max.0 - 1000.0).abs() < 1e-3);
        assert!(((max.0 - min.0) / (max.1 - min.1) - UNITS.0 / UNITS.1).abs() < 1e-5);
    }

    #[test]
    fn the_start_position_draws_its_pieces_river_and_numbers() {
        let pos = Position::startpos();
        let drawing = Drawing::default();
        let mut r = Recorder::default();
        let g = Geometry::at((0.0, 0.0), 50.0, false);
        paint_board(&mut r, &g, &board(&pos, &drawing));
        let pieces: Vec<_> = r.texts.iter().filter(|t| t.2.size == 28.0).collect();
        assert_eq!(pieces.len(), 32);
        let general = pieces
            .iter()
            .find(|t| t.1 == "帥")
            .expect("Red's general is drawn");
        assert!(near(general.0, g.point(sq("e0"))));
        let river: String = r
            .texts
            .iter()
            .filter(|t| t.2.size == 50.0 * 0.62)
            .map(|t| t.1.as_str())
            .collect();
        assert_eq!(river, "楚河漢界");
        let numbers: Vec<_> = r.texts.iter().filter(|t| t.2.size == 50.0 * 0.34).collect();
        assert_eq!(numbers.len(), 18);
        // 一 stands under Red's right-hand file (i), 1 above Black's right-hand file (a).
        let one = numbers.iter().find(|t| t.1 == "一").expect("一");
        assert!((one.0 .0 - g.point(sq("i0")).0).abs() < 1e-3);
        let one = numbers.iter().find(|t| t.1 == "1").expect("1");
        assert!((one.0 .0 - g.point(sq("a9")).0).abs() < 1e-3);
        // Ground and frame; ten ranks, two edge files, seven files in two halves, four
        // palace diagonals.
        assert_eq!(r.rects, 2);
        assert_eq!(r.lines, 10 + 2 + 14 + 4);
        // Each piece: shadow, face with rim, inner ring. No general is in check.
        assert_eq!(r.circles.len(), 32 * 3);
        assert!(BOARD_TEXT.contains("楚河漢界"));
        for t in &r.texts {
            assert!(BOARD_TEXT.contains(&t.1), "{} is not in BOARD_TEXT", t.1);
        }
    }

    #[test]
    fn coordinates_lifted_pieces_and_check_are_optional() {
        // Red's chariot on i9 checks Black's general on d9.
        let pos = Position::from_fen("3k4R/4a4/9/9/2p6/9/9/9/4A4/4K4 b - - 0 1").expect("FEN");
        assert!(pos.in_check());
        let drawing = Drawing::default();
        let g = Geometry::at((0.0, 0.0), 50.0, false);
        let mut plain = board(&pos, &drawing);
        plain.coordinates = false;
        plain.check = false;
        plain.lifted = Some(sq("i9"));
        let mut r = Recorder::default();
        paint_board(&mut r, &g, &plain);
        assert_eq!(
            r.texts.len(),
            4 + 6 - 1,
            "river words and the pieces left in place"
        );
        assert!(!r.texts.iter().any(|t| t.1 == "俥"));
        assert_eq!(r.circles.len(), 5 * 3);

        let mut r = Recorder::default();
        paint_board(&mut r, &g, &board(&pos, &drawing));
        let glow = r
            .circles
            .iter()
            .find(|c| c.2 == Some(palette::CHECK_GLOW))
            .expect("the general in check glows");
        assert!(near(glow.0, g.point(sq("d9"))));
        assert_eq!(r.circles.len(), 6 * 3 + 2);
    }

    #[test]
    fn highlights_brackets_and_arrows_are_where_the_drawing_puts_them() {
        let pos = Position::startpos();
        let mut drawing = Drawing::default();
        drawing.toggle_highlight(Highlight {
            square: sq("d4"),
            color: DrawColor::Blue,
        });
        drawing.toggle_arrow(Arrow {
            from: sq("b0"),
            to: sq("c2"),
            color: DrawColor::Green,
        });
        let g = Geometry::at((0.0, 0.0), 50.0, false);
        let mut r = Recorder::default();
        let mut b = board(&pos, &drawing);
        b.last_move = Some(Move::new(sq("h2"), sq("e2")));
        paint_board(&mut r, &g, &b);
        let disc = r.circles[0];
        assert!(near(disc.0, g.point(sq("d4"))));
        assert_eq!(disc.2, Some(draw_color(DrawColor::Blue).with_alpha(90)));
        // Four position-mark corners at 14 points, less the 4 beyond the edges, twice 3 each;
        // four brackets at each end of the last move.
        assert_eq!(r.polylines, 14 * 4 - 4 * 2 + 8);

        paint_arrows(&mut r, &g, &drawing);
        let head = r.polygons.last().expect("an arrow head");
        let (to, from) = (g.point(sq("c2")), g.point(sq("b0")));
        let len = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt();
        let tip = (
            to.0 - (to.0 - from.0) / len * 50.0 * 0.12,
            to.1 - (to.1 - from.1) / len * 50.0 * 0.12,
        );
        assert!(near(head[0], tip), "{:?} != {tip:?}", head[0]);
    }
}
