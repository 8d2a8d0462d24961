//! The laid-out record drawn: only the rows in view (the rest cost nothing a frame), the layout
//! kept between frames and made again only when the record, its fold state, the notation or the
//! panel's width changed, or the line to the move on the board opened another branch point.

use std::sync::Arc;

use eframe::egui::{self, Color32, RichText};

use crate::lang::Language;
use crate::notation::{strip_strokes, Notation, TandemConvention};
use crate::record::NodeId;

use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::folds::opened_by_line;
use crate::ui::base::session::Session;
use crate::ui::panels::annotate;
use crate::ui::widgets::move_text;

use super::layout::{lay_out, Item, Measure, Row, Sheet, Source, MAX_INDENT};
use super::{annotated_move_text, comment_text, move_width, MOVE_MIN, ROUND_WIDTH};

/// Height of every row of the sheet.
pub const ROW_HEIGHT: f32 = 22.0;
/// Width of one level of a variation's indent.
const INDENT: f32 = 14.0;
/// Size of a move's text in a variation.
const LINE_TEXT: f32 = 14.0;
/// Size of a move's text in the main line's rounds.
const ROUND_TEXT: f32 = 15.0;

/// What the layout was made from: when any of it changes, the record is laid out again.
#[derive(Clone, PartialEq, Debug)]
pub struct Key {
    generation: u64,
    folds: u64,
    width: u32,
    notation: Notation,
    tandem: TandemConvention,
    lang: Language,
    /// The branch points the line to the move on the board opens.
    opened: Vec<NodeId>,
}

impl Key {
    /// The key of `session` shown `width` wide.
    pub fn of(session: &Session, width: f32) -> Key {
        Key {
            generation: session.generation(),
            folds: session.folds().generation(),
            width: width.max(0.0).round() as u32,
            notation: session.notation(),
            tandem: session.tandem(),
            lang: session.lang(),
            opened: opened_by_line(session.game(), session.cursor()),
        }
    }
}

/// The layout last made, with its key.
#[derive(Clone)]
struct Cached(Key, Arc<Sheet>);

/// The record of `session` laid out for a sheet `width` wide: the cached layout when its key
/// is the same, else a new one (kept for the next frames).
pub fn sheet_for(ui: &egui::Ui, session: &Session, width: f32) -> Arc<Sheet> {
    let id = egui::Id::unique("record-sheet-layout");
    let key = Key::of(session, width);
    if let Some(Cached(cached, sheet)) = ui.data(|d| d.get_temp::<Cached>(id)) {
        if cached == key {
            return sheet;
        }
    }
    let sheet = Arc::new(lay_out_session(ui, session, &key));
    ui.data_mut(|d| d.insert_temp(id, Cached(key, sheet.clone())));
    sheet
}

fn lay_out_session(ui: &egui::Ui, session: &Session, key: &Key) -> Sheet {
    let font = egui::FontId::proportional(LINE_TEXT);
    let char_widths = |text: &str| -> f32 {
        ui.ctx().fonts_mut(|fonts| {
            strip_strokes(text)
                .chars()
                .map(|c| fonts.glyph_width(&font, c))
                .sum()
        })
    };
    let game = session.game();
    let folds = session.folds();
    let open = |at: NodeId, depth: usize| folds.is_open(at, depth) || key.opened.contains(&at);
    let move_text = |node: NodeId| annotated_move_text(session, node);
    let comment = |node: NodeId| comment_text(session, node);
    let source = Source {
        game,
        move_text: &move_text,
        comment: &comment,
        open: &open,
    };
    let spacing = ui.spacing();
    let measure = Measure {
        text: &char_widths,
        button_padding: spacing.button_padding.x,
        spacing: spacing.item_spacing.x,
        indent: INDENT,
        marker: MARKER_WIDTH,
        width: key.width as f32,
    };
    lay_out(&source, &measure)
}

/// Width of a fold marker.
const MARKER_WIDTH: f32 = 18.0;

/// Draw the rows of `sheet` in view, and the result line after them; `follow`: bring the move
/// on the board into view. Clicks and fold markers push their commands.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    (sheet, cell_width, follow): (&Sheet, f32, bool),
    result: Option<String>,
    commands: &mut Vec<Command>,
) {
    let spacing = ui.spacing().item_spacing.y;
    let mut area = egui::ScrollArea::vertical()
        .id_salt("scoresheet")
        .auto_shrink([false, false]);
    let view_id = egui::Id::unique("record-sheet-view");
    // The start of the game (First, Home) is the sheet's top.
    let cursor = session.cursor();
    let target = follow
        .then(|| match sheet.row_of.get(&cursor) {
            Some(&row) => Some(row),
            None => (cursor == session.game().root() && !sheet.rows.is_empty()).then_some(0),
        })
        .flatten();
    let total = sheet.rows.len() + usize::from(result.is_some());
    if let (Some(row), Some((top, height))) =
        (target, ui.data(|d| d.get_temp::<(f32, f32)>(view_id)))
    {
        let row = row_to_follow(session, sheet, row, result.is_some(), height, spacing);
        let y = row as f32 * (ROW_HEIGHT + spacing);
        if y < top || y + ROW_HEIGHT > top + height {
            // Never past the end: an offset beyond the content springs back over several frames.
            let end = (total as f32 * (ROW_HEIGHT + spacing) - spacing - height).max(0.0);
            area = area.vertical_scroll_offset((y - height / 3.0).clamp(0.0, end));
        }
    }
    let output = area.show_rows(ui, ROW_HEIGHT, total, |ui, range| {
        for index in range {
            match sheet.rows.get(index) {
                Some(row) => draw_row(ui, session, row, cell_width, commands),
                None => {
                    if let Some(text) = &result {
                        ui.add_sized(
                            [ui.available_width(), ROW_HEIGHT],
                            egui::Label::new(RichText::new(text).strong()),
                        );
                    }
                }
            }
        }
    });
    let top = output.state.clamped_offset().y;
    let height = output.inner_rect.height();
    ui.data_mut(|d| d.insert_temp(view_id, (top, height)));
}

/// The row to bring into view for the move on the board in `row`: at the last move of the main
/// line, the result line after the sheet (the end of the record, after End), as long as the
/// move's row stays in a view `height` high with it; else the move's row.
fn row_to_follow(
    session: &Session,
    sheet: &Sheet,
    row: usize,
    result: bool,
    height: f32,
    spacing: f32,
) -> usize {
    let game = session.game();
    let cursor = session.cursor();
    let at_end =
        cursor != game.root() && game.children(cursor).is_empty() && game.is_main_line(cursor);
    let result_row = sheet.rows.len();
    let span = (result_row - row.min(result_row) + 1) as f32 * (ROW_HEIGHT + spacing) - spacing;
    if result && at_end && span <= height {
        result_row
    } else {
        row
    }
}

fn draw_row(
    ui: &mut egui::Ui,
    session: &Session,
    row: &Row,
    cell_width: f32,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        ui.set_height(ROW_HEIGHT);
        match row {
            Row::Round {
                indent,
                marker,
                number,
                red,
                black,
            } => {
                let cell_width = if *indent == 0 {
                    cell_width
                } else {
                    variation_prefix(ui, session, (*indent, marker.as_ref()), commands)
                };
                ui.add_sized(
                    [ROUND_WIDTH, ROW_HEIGHT],
                    egui::Label::new(number.to_string()),
                );
                for cell in [red, black] {
                    match cell {
                        Some((node, text)) => {
                            let size = egui::vec2(cell_width, ROW_HEIGHT);
                            let text_size = if *indent == 0 { ROUND_TEXT } else { LINE_TEXT };
                            move_button(ui, session, (*node, text), (text_size, size), commands);
                        }
                        None if std::ptr::eq(cell, red) => {
                            ui.add_sized([cell_width, ROW_HEIGHT], egui::Label::new("…"));
                        }
                        None => {}
                    }
                }
            }
            Row::Line { indent, items } => {
                ui.add_space(INDENT * (*indent).min(MAX_INDENT) as f32);
                for item in items {
                    draw_item(ui, session, item, commands);
                }
            }
            Row::Comment { indent, text } => {
                ui.add_space(INDENT * (*indent).min(MAX_INDENT) as f32);
                ui.add(
                    egui::Label::new(
                        RichText::new(text)
                            .italics()
                            .color(Color32::from_rgb(60, 90, 60)),
                    )
                    .truncate(),
                );
            }
        }
    });
}

/// Before a variation's round `indent` deep: its indent (less in a narrow sheet, so that both
/// columns stay in sight) and its fold marker, or the marker's room. Returns the width of its
/// move cells.
fn variation_prefix(
    ui: &mut egui::Ui,
    session: &Session,
    (indent, marker): (usize, Option<&Item>),
    commands: &mut Vec<Command>,
) -> f32 {
    let spacing = ui.spacing().item_spacing.x;
    let least = MARKER_WIDTH + ROUND_WIDTH + 2.0 * MOVE_MIN + 3.0 * spacing;
    let room = (ui.available_width() - least).max(0.0);
    ui.add_space((INDENT * indent.min(MAX_INDENT) as f32).min(room));
    match marker {
        Some(item) => draw_item(ui, session, item, commands),
        None => {
            ui.allocate_exact_size(egui::vec2(MARKER_WIDTH, ROW_HEIGHT), egui::Sense::hover());
        }
    }
    move_width(ui.available_width(), spacing)
}

fn draw_item(ui: &mut egui::Ui, session: &Session, item: &Item, commands: &mut Vec<Command>) {
    let lang = session.lang();
    match item {
        Item::Fold { at, open } => {
            let (text, hint) = if *open {
                (
                    "-",
                    lang.pick("Fold these variations", "折叠这些变着", "摺疊這些變著"),
                )
            } else {
                (
                    "+",
                    lang.pick("Unfold these variations", "展开这些变着", "展開這些變著"),
                )
            };
            let marker = egui::Button::new(RichText::new(text).monospace())
                .min_size(egui::vec2(MARKER_WIDTH, ROW_HEIGHT - 4.0))
                .small();
            if ui.add(marker).on_hover_text(hint).clicked() {
                commands.push(SessionCommand::SetFold(*at, !open).into());
            }
        }
        Item::Number(text) => {
            ui.label(RichText::new(text).weak());
        }
        Item::Move { node, text } => {
            move_button(
                ui,
                session,
                (*node, text),
                (LINE_TEXT, egui::Vec2::ZERO),
                commands,
            );
        }
        Item::More(n) => {
            ui.label(RichText::new(format!("+{n}")).weak());
        }
    }
}

fn move_button(
    ui: &mut egui::Ui,
    session: &Session,
    (node, text): (NodeId, &str),
    (size, min_size): (f32, egui::Vec2),
    commands: &mut Vec<Command>,
) {
    let current = node == session.cursor();
    let response = move_text::button(ui, current, text, size, min_size);
    annotate::context_menu(&response, session, node, commands);
    if response.clicked() {
        commands.push(SessionCommand::GoTo(node).into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Move;
    use crate::ui::base::folds::FoldMode;

    #[test]
    fn a_step_keeps_the_layout_and_an_edit_a_fold_or_a_width_makes_it_again() {
        let mut session = Session::default();
        let empty = Key::of(&session, 300.0);
        let cannon = Move::parse_iccs("h2e2").expect("ICCS text");
        session.apply(&SessionCommand::TryMove(cannon));
        let played = Key::of(&session, 300.0);
        assert_ne!(played, empty);
        session.apply(&SessionCommand::Back);
        assert_eq!(Key::of(&session, 300.0), played);
        session.apply(&SessionCommand::Forward);
        assert_eq!(Key::of(&session, 300.0), played);
        assert_ne!(Key::of(&session, 280.0), played);
        session.apply(&SessionCommand::SetFoldMode(FoldMode::MainLine));
        assert_ne!(Key::of(&session, 300.0), played);
        let folded = Key::of(&session, 300.0);
        session.apply(&SessionCommand::SetComment(session.cursor(), "!".into()));
        assert_ne!(Key::of(&session, 300.0), folded);
    }
}
