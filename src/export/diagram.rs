//! Board diagrams: a position drawn by the board painter that draws the board on screen
//! ([`super::board_painter`]), as a PNG picture — with the file numbers (一…九 for Red, 1…9 for
//! Black) if asked, the last move and the arrows and highlighted points of the move.

use image::RgbaImage;

use super::board_painter::{paint_arrows, paint_board, palette, Board, Geometry, UNITS};
use super::canvas::{Canvas, Raster, Rgb};
use super::pdf::{Paper, PdfDocument, PdfError};
use super::surface::{Point, Rgba, Surface, TextStyle, Weight};
use super::svg::SvgSurface;
use crate::notation::{write_move, Notation, WriteOptions};
use crate::record::{drawing::drawing, Drawing, Game, NodeId};
use crate::rules::{Color, Move, Position};

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

/// Draw `pos` as a picture.
pub fn render_diagram(pos: &Position, options: &DiagramOptions) -> RgbaImage {
    let width = options.size.clamp(*SIZE_RANGE.start(), *SIZE_RANGE.end());
    let height = diagram_height(width as f32).round() as u32;
    let ground = Rgb(palette::GROUND.r, palette::GROUND.g, palette::GROUND.b);
    let mut raster = Raster::new(Canvas::new(width, height, ground));
    paint_diagram(&mut raster, (0.0, 0.0), width as f32, pos, options);
    raster.into_image()
}

/// The height of a diagram `width` wide (in any unit).
pub fn diagram_height(width: f32) -> f32 {
    UNITS.1 * (width / UNITS.0)
}

/// Draw the diagram of `pos` on any surface, `width` wide in its units and its top-left corner
/// at `corner` (`options.size` is the picture's, not used here): a picture, or one of the
/// diagrams on a page.
pub fn paint_diagram(
    surface: &mut impl Surface,
    corner: Point,
    width: f32,
    pos: &Position,
    options: &DiagramOptions,
) {
    let g = Geometry::at(corner, width / UNITS.0, options.flipped);
    let board = Board {
        position: pos,
        last_move: options.last_move,
        drawing: &options.drawing,
        coordinates: options.coordinates,
        check: false,
        lifted: None,
    };
    paint_board(surface, &g, &board);
    paint_arrows(surface, &g, &options.drawing);
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

/// Board diagrams on PDF pages: `columns` × `rows` per page (1 × 1: one per page, as large as
/// the page allows), each with its caption under it as text. The board is drawn by the board
/// painter, as on screen.
pub fn diagrams_pdf(
    items: &[(Position, DiagramOptions, String)],
    columns: usize,
    rows: usize,
    paper: Paper,
) -> Result<Vec<u8>, PdfError> {
    let (columns, rows) = (columns.max(1), rows.max(1));
    let (page_w, page_h) = paper.size();
    let margin = 36.0;
    let caption = if items.iter().any(|(_, _, c)| !c.is_empty()) {
        16.0
    } else {
        0.0
    };
    let cell_w = (page_w - 2.0 * margin) / columns as f32;
    let cell_h = (page_h - 2.0 * margin) / rows as f32;
    let gap = 10.0;
    let width = (cell_w - gap).min((cell_h - gap - caption) * UNITS.0 / UNITS.1);
    let height = diagram_height(width);
    let mut document = PdfDocument::new(paper)?;
    for page in items.chunks(columns * rows) {
        document.page(page_w, page_h, |pdf| {
            for (i, (pos, options, text)) in page.iter().enumerate() {
                let (col, row) = (i % columns, i / columns);
                let left = margin + cell_w * col as f32 + (cell_w - width) / 2.0;
                let top = margin + cell_h * row as f32 + (cell_h - height - caption) / 2.0;
                paint_diagram(pdf, (left, top), width, pos, options);
                if !text.is_empty() {
                    Surface::text(
                        pdf,
                        (left + width / 2.0, top + height + caption * 0.6),
                        text,
                        TextStyle::new(caption * 0.7, Weight::Regular),
                        Rgba::rgb(20, 20, 20),
                    );
                }
            }
        });
    }
    document.finish()
}

/// A board diagram as an SVG picture `width` units wide.
pub fn diagram_svg(pos: &Position, options: &DiagramOptions) -> String {
    let width = options.size.clamp(*SIZE_RANGE.start(), *SIZE_RANGE.end()) as f32;
    let mut svg = SvgSurface::new(width, diagram_height(width).round());
    paint_diagram(&mut svg, (0.0, 0.0), width, pos, options);
    svg.finish()
}

/// The caption of the position after `node` under its diagram: its move in Chinese with the
/// round number (`3. 炮二平五`, `3… 馬８進７`), written with `writing`'s conventions (the tandem
/// convention), `開局` for the start.
pub fn caption(game: &Game, node: NodeId, writing: &WriteOptions) -> String {
    match game.move_of(node) {
        None => "開局".to_owned(),
        Some(mv) => {
            let before = game.position_before(node);
            let text = write_move(before, mv, Notation::ChineseTraditional, writing);
            let dots = if before.side_to_move() == Color::Red {
                "."
            } else {
                "…"
            };
            format!("{}{dots} {text}", before.fullmove_number())
        }
    }
}
