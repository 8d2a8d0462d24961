//! The record beside the board, laid out as the scoresheet of art. 7.5 (回合 · 紅方 · 黑方), in
//! the notation the user picks; comments under their moves, variations below the move they
//! replace, in rounds of their own indented by depth (each move in its side's column) and
//! folded at will, every move clickable; the game information
//! editable. The record is laid out once per change ([`layout`]) and only the rows in view are
//! drawn ([`sheet`]).

use eframe::egui::{self, RichText};

use crate::competition::sheet::is_missing;
use crate::lang::Language;
use crate::notation::{Notation, TandemConvention};
use crate::record::{commands, NodeId, TagKey};
use crate::rules::Color;

use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::panels::annotate;
use crate::ui::panels::opening_name;
use crate::ui::panels::review_summary;

mod layout;
mod sheet;

/// Width of the round column.
pub(crate) const ROUND_WIDTH: f32 = 36.0;
/// Width of a move cell where the panel has room for it.
const MOVE_WIDTH: f32 = 110.0;
/// The narrowest a move cell gets in a narrow panel (a move of four characters, 炮二平五, fits).
const MOVE_MIN: f32 = 64.0;
/// Widest a field of the game information gets, and the room its label keeps beside it.
const FIELD_WIDTH: f32 = 160.0;
const FIELD_LABEL: f32 = 64.0;

/// The width of a move cell in a sheet `width` wide with `spacing` between cells: Red's and
/// Black's moves share what the round column leaves, up to [`MOVE_WIDTH`] each, so that a
/// narrow panel (800×600) keeps both columns in sight.
fn move_width(width: f32, spacing: f32) -> f32 {
    ((width - ROUND_WIDTH - 2.0 * spacing) / 2.0).clamp(MOVE_MIN, MOVE_WIDTH)
}

/// The move leading to `node` in the session's notation, with its mark and evaluation.
pub(crate) fn annotated_move_text(session: &Session, node: NodeId) -> String {
    let signs = annotate::signs(session.game(), node);
    let text = move_text(session, node);
    if signs.is_empty() {
        text
    } else {
        format!("{text}{signs}")
    }
}

/// The text of the move leading to `node`, in the session's notation.
pub fn move_text(session: &Session, node: NodeId) -> String {
    let game = &session.game();
    match (game.parent(node), game.move_of(node)) {
        (Some(parent), Some(mv)) => session.move_style().write(game.position(parent), mv),
        _ => String::new(),
    }
}

/// Draw the panel, pushing what the user asked for onto `commands`.
pub fn show(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let lang = session.lang();
    // Wrapped: in a narrow panel the last of them goes to a second row, not past the edge.
    ui.horizontal_wrapped(|ui| {
        for (label, cmd) in [
            (lang.pick("First", "开局", "開局"), SessionCommand::First),
            (lang.pick("Back", "后退", "後退"), SessionCommand::Back),
            (
                lang.pick("Forward", "前进", "前進"),
                SessionCommand::Forward,
            ),
            (lang.pick("Last", "终局", "終局"), SessionCommand::Last),
        ] {
            if ui.button(label).clicked() {
                commands.push(cmd.into());
            }
        }
    });
    egui::ComboBox::from_label(lang.pick("Notation", "记谱法", "記譜法"))
        .selected_text(session.notation().label(lang))
        .show_ui(ui, |ui| {
            for notation in Notation::ALL {
                if ui
                    .selectable_label(session.notation() == notation, notation.label(lang))
                    .clicked()
                {
                    commands.push(SessionCommand::SetNotation(notation).into());
                }
            }
        });
    tandem_choice(ui, session, commands);
    game_info(ui, session, commands);
    comment_editor(ui, session, commands);
    annotate::bar(ui, session, commands);
    review_summary::show(ui, session, commands);
    ui.separator();

    opening_name::show(ui, session);
    let follow = follow_cursor(ui, session);
    let cell_width = move_width(ui.available_width(), ui.spacing().item_spacing.x);
    // The heading stays above the moves as they scroll (it was scrolled away, half cut, when
    // the sheet followed the move on the board in a small window).
    heading(ui, lang, cell_width);
    let mut sheet = Vec::new();
    let laid = sheet::sheet_for(ui, session, ui.available_width());
    sheet::show(
        ui,
        session,
        (&laid, cell_width, follow),
        result_line(session),
        &mut sheet,
    );
    // A move clicked here is where it was drawn: the sheet does not scroll under the pointer
    // after the click (a second click lands on the same move).
    if let Some(&Command::Session(SessionCommand::GoTo(node))) = sheet
        .iter()
        .find(|c| matches!(c, Command::Session(SessionCommand::GoTo(_))))
    {
        ui.data_mut(|d| d.insert_temp(clicked_id(), node));
    }
    commands.extend(sheet);
}

/// How a piece that shares its file with another of its kind is written: the textbook 前車進四
/// or, as many records write it, 車六進四 when only that piece can make the move. Greyed out in
/// WXF and ICCS, which do not write it so, but always there: the record below it does not jump
/// when the notation changes.
fn tandem_choice(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let applies = matches!(
        session.notation(),
        Notation::ChineseSimplified | Notation::ChineseTraditional | Notation::Abbreviated
    );
    ui.add_enabled_ui(applies, |ui| tandem_rows(ui, session, commands))
        .response
        .on_disabled_hover_text(lang.pick(
            "Only the Chinese notations write it",
            "只有中文记谱法用到",
            "只有中文記譜法用到",
        ));
}

fn tandem_rows(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let label = |tandem| match tandem {
        TandemConvention::FrontBack => lang.pick(
            "Front and back (前车进四)",
            "前后（前车进四）",
            "前後（前車進四）",
        ),
        TandemConvention::File => lang.pick(
            "By file where only one can move (车六进四)",
            "只有一子能走时写路数（车六进四）",
            "只有一子能走時寫路數（車六進四）",
        ),
    };
    // The name above the choice: beside it, a narrow panel would wrap it a letter a line.
    let name = ui.label(lang.pick("Two pieces on a file", "同路两子", "同路兩子"));
    // As wide as the panel, on one line (a narrow combo wrapped its text into a tall box).
    egui::ComboBox::from_id_salt("tandem")
        .width(ui.available_width())
        .truncate()
        .selected_text(label(session.tandem()))
        .show_ui(ui, |ui| {
            for tandem in TandemConvention::ALL {
                if ui
                    .selectable_label(session.tandem() == tandem, label(tandem))
                    .clicked()
                {
                    commands.push(SessionCommand::SetTandem(tandem).into());
                }
            }
        })
        .response
        .labelled_by(name.id);
}

fn clicked_id() -> egui::Id {
    egui::Id::unique("record-clicked-move")
}

/// Whether the sheet scrolls to the move on the board this frame: when it changed since the
/// last frame (a move played, a step, a new variation), unless it was clicked in the sheet.
fn follow_cursor(ui: &egui::Ui, session: &Session) -> bool {
    let id = egui::Id::unique("record-last-cursor");
    let cursor = session.cursor();
    let last: Option<NodeId> = ui.data(|d| d.get_temp(id));
    let clicked: Option<NodeId> = ui.data(|d| d.get_temp(clicked_id()));
    ui.data_mut(|d| {
        d.insert_temp(id, cursor);
        if clicked != Some(cursor) {
            d.remove::<NodeId>(clicked_id());
        }
    });
    last != Some(cursor) && clicked != Some(cursor)
}

/// The tags a clerk fills in, with their labels.
fn info_fields(lang: Language) -> [(TagKey, &'static str); 6] {
    [
        (TagKey::Event, lang.pick("Event", "赛事", "賽事")),
        (TagKey::Date, lang.pick("Date", "日期", "日期")),
        (TagKey::Round, lang.pick("Round", "轮次", "輪次")),
        (TagKey::Red, Color::Red.name(lang)),
        (TagKey::Black, Color::Black.name(lang)),
        (TagKey::Result, lang.pick("Result", "结果", "結果")),
    ]
}

fn game_info(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let lang = session.lang();
    egui::CollapsingHeader::new(lang.pick("Game information", "对局信息", "對局資訊"))
        .id_salt("game-info")
        .show(ui, |ui| {
            let field = (ui.available_width() - FIELD_LABEL).clamp(MOVE_MIN, FIELD_WIDTH);
            egui::Grid::new("game-info-grid")
                .num_columns(2)
                .show(ui, |ui| {
                    for (key, label) in info_fields(lang) {
                        let is_result = key == TagKey::Result;
                        let label = ui.label(label);
                        let mut value = session.game().tags().get(&key).unwrap_or("").to_owned();
                        let edit = ui
                            .add(egui::TextEdit::singleline(&mut value).desired_width(field))
                            .labelled_by(label.id);
                        if edit.changed() {
                            commands.push(SessionCommand::SetTag(key, value).into());
                        }
                        ui.end_row();
                        // The result with its reason, as the record ends: 1-0 紅勝 · 黑方認輸.
                        if let Some(ending) = session.ending().filter(|_| is_result) {
                            ui.label("");
                            ui.label(ending.summary(lang));
                            ui.end_row();
                        }
                    }
                    // The whole game's opening (its tags, else its main line), not edited here.
                    if let Some(opening) = opening_name::of_game(session.game(), lang) {
                        ui.label(lang.pick("Opening", "开局", "開局"));
                        ui.label(opening);
                        ui.end_row();
                    }
                });
        });
}

/// The comment of the move on the board, editable.
fn comment_editor(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let node = session.cursor();
    let label = ui.label(lang.pick("Comment on this move", "本着注释", "本著註釋"));
    // The `[%…]` commands (drawing, clerk's marks, clock) are kept as they are, out of the text
    // shown.
    let stored = commands::split(session.game().comment(node));
    let mut text = stored.text.clone();
    let edit = ui
        .add(
            egui::TextEdit::multiline(&mut text)
                .desired_rows(2)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
    if edit.changed() {
        let comment = commands::join(&stored.commands, &text);
        commands.push(SessionCommand::SetComment(node, comment).into());
    }
}

/// The scoresheet's heading: 回合 · 紅方 · 黑方 over columns of `cell_width`.
fn heading(ui: &mut egui::Ui, lang: Language, cell_width: f32) {
    ui.horizontal(|ui| {
        for (text, width) in [
            (lang.pick("Rd", "回合", "回合"), ROUND_WIDTH),
            (Color::Red.name(lang), cell_width),
            (Color::Black.name(lang), cell_width),
        ] {
            ui.add_sized(
                [width, 20.0],
                egui::Label::new(RichText::new(text).strong()),
            );
        }
    });
}

/// The line the record ends with: the result and its reason (1-0 紅方勝 · 黑方認輸).
fn result_line(session: &Session) -> Option<String> {
    let lang = session.lang();
    match session.ending() {
        Some(ending) => Some(ending.summary(lang)),
        None => session
            .game()
            .result()
            .map(|outcome| format!("{} {}", outcome.pgn(), outcome.headline(lang))),
    }
}

/// What a reader sees of a node's comment: its text without the `[%…]` commands, and the
/// clerk's marks of moves missing from a player's own sheet (7.1) in words.
pub(crate) fn comment_text(session: &Session, node: NodeId) -> String {
    let lang = session.lang();
    let raw = session.game().comment(node);
    let text = commands::text_of(raw);
    let missing: Vec<&str> = [Color::Red, Color::Black]
        .into_iter()
        .filter(|&side| node != session.game().root() && is_missing(raw, side))
        .map(|side| side.name(lang))
        .collect();
    if missing.is_empty() {
        return text;
    }
    let note = format!(
        "{}{}",
        lang.pick("Missing from the sheet of: ", "漏记：", "漏記："),
        missing.join(lang.pick(", ", "、", "、"))
    );
    if text.is_empty() {
        note
    } else {
        format!("{note} · {text}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_share_a_narrow_sheet_and_keep_their_width_in_a_wide_one() {
        assert_eq!(move_width(284.0, 8.0), MOVE_WIDTH);
        // A panel of 225 px at 800×600: both columns beside the round, inside the panel.
        let narrow = move_width(209.0, 8.0);
        assert!(narrow < MOVE_WIDTH, "{narrow}");
        assert!(ROUND_WIDTH + 2.0 * narrow + 2.0 * 8.0 <= 209.0, "{narrow}");
        assert_eq!(move_width(100.0, 8.0), MOVE_MIN);
    }
}
