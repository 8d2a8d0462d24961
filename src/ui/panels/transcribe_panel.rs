//! The move box (錄入): a record clerk types moves, a line or a pasted scoresheet, each checked
//! on Enter; a move that fits several shows the candidates numbered, one that fits none shows
//! why and the nearest legal moves. Corrections act on the move on the board, and so do the
//! marks for moves missing from a player's own scoresheet (7.1).

use eframe::egui::{self, Color32, Key, RichText, TextEdit};

use crate::lang::Language;
use crate::rules::Color;
use crate::transcribe::Stop;

use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::base::user_command::{Scope, UserCommand};
use crate::ui::panels::sheet_gaps;
use crate::ui::widgets::move_text;

/// Draw the move box; what is typed, entered or corrected is pushed onto `commands`.
pub fn show(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let typed = field(ui, session, commands);
    corrections(ui, session, typed.trim(), commands);
    if let Some(stop) = session.transcriber().stop() {
        stopped(ui, session, stop, commands);
        held_moves(ui, session);
    }
    sheet_gaps::show(ui, session, commands);
}

/// The labelled text field (its keys taken first while it has the focus); Enter enters what
/// it holds, and the focus stays. Returns what it holds.
fn field(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) -> String {
    let lang = session.lang();
    let label = ui.strong(lang.pick("Moves", "着法", "著法"));
    let id = ui.make_persistent_id("move-box");
    if ui.memory(|m| m.has_focus(id)) {
        box_keys(ui, session, session.move_box().trim().is_empty(), commands);
    }
    let mut typed = session.move_box().to_owned();
    let response = ui
        .add(
            TextEdit::singleline(&mut typed)
                .id(id)
                .desired_width(f32::INFINITY)
                .hint_text(lang.pick(
                    "炮二平五, C2.5, h2e2… or a whole line; Enter",
                    "炮二平五、C2.5、h2e2…或整行着法；回车",
                    "炮二平五、C2.5、h2e2…或整行著法；按輸入鍵",
                )),
        )
        .labelled_by(label.id);
    if typed != session.move_box() {
        commands.push(SessionCommand::SetMoveBox(typed.clone()).into());
    }
    if response.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
        let text = typed.trim();
        if !text.is_empty() {
            commands.push(SessionCommand::Transcribe(text.to_owned()).into());
        }
        // The clerk keeps typing without touching the mouse.
        response.request_focus();
    }
    typed
}

/// The correction buttons acting on the move on the board with `text` (the box's, trimmed):
/// insert after it, replace it, remove it; undo and redo.
fn corrections(ui: &mut egui::Ui, session: &Session, text: &str, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let has_move = session.last_move().is_some();
    ui.horizontal_wrapped(|ui| {
        let buttons = [
            (
                lang.pick("Insert after", "在此后插入", "在此後插入"),
                !text.is_empty(),
                SessionCommand::TranscribeInsert(text.to_owned()),
            ),
            (
                lang.pick("Replace", "替换此着", "替換此著"),
                has_move && !text.is_empty(),
                SessionCommand::TranscribeReplace(text.to_owned()),
            ),
            (
                lang.pick("Remove", "删除此着", "移除此著"),
                has_move,
                SessionCommand::TranscribeRemove,
            ),
            (
                lang.pick("Undo", "撤销", "復原"),
                session.can_undo(),
                SessionCommand::Undo,
            ),
            (
                lang.pick("Redo", "重做", "重做"),
                session.can_redo(),
                SessionCommand::Redo,
            ),
        ];
        for (label, enabled, command) in buttons {
            if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                commands.push(command.into());
            }
        }
    });
}

/// Why the transcriber stopped, and the answers it offers: the candidates of an ambiguous
/// move, the nearest legal moves to one that fits none, the round to remove when a side's move
/// is missing.
fn stopped(ui: &mut egui::Ui, session: &Session, stop: &Stop, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let size = egui::TextStyle::Body.resolve(ui.style()).size;
    let message = stop.message(lang, &session.move_style());
    move_text::label(ui, &message, size, Color32::from_rgb(0xb0, 0x20, 0x20));
    ui.horizontal_wrapped(|ui| match stop {
        Stop::Ambiguous {
            candidates,
            position,
            ..
        } => {
            for (i, &mv) in candidates.iter().enumerate() {
                let label = format!(
                    "{}. {}",
                    i + 1,
                    session.move_style().with_iccs(position, mv)
                );
                if move_text::button(ui, false, &label, button_size(ui), egui::Vec2::ZERO).clicked()
                {
                    commands.push(SessionCommand::Transcribe((i + 1).to_string()).into());
                }
            }
        }
        Stop::Misfit {
            suggestions,
            position,
            ..
        } => {
            for suggestion in suggestions {
                let mv = suggestion.mv;
                let label = session.move_style().with_iccs(position, mv);
                if move_text::button(ui, false, &label, button_size(ui), egui::Vec2::ZERO).clicked()
                {
                    commands.push(SessionCommand::Transcribe(mv.to_string()).into());
                }
            }
        }
        Stop::OutOfStep { at, .. } => out_of_step(ui, lang, at.side, commands),
        Stop::Numbering { .. } => {}
    });
}

/// A move of `side` is missing from its own scoresheet: remove the whole round, or type the
/// missing move.
fn out_of_step(ui: &mut egui::Ui, lang: Language, side: Color, commands: &mut Vec<Command>) {
    let label = lang.pick("Remove the whole round", "删除整个回合", "刪除整個回合");
    if ui.button(label).clicked() {
        commands.push(SessionCommand::TranscribeRemoveRound.into());
    }
    let mover = match side {
        Color::Red => lang.pick("Red's", "红方", "紅方"),
        Color::Black => lang.pick("Black's", "黑方", "黑方"),
    };
    ui.label(match lang {
        Language::English => format!("or type {mover} missing move and Enter"),
        _ => format!(
            "{}{mover}{}",
            lang.pick("", "或输入漏记的", "或輸入漏記的"),
            lang.pick("", "着法并回车", "著法並按輸入鍵")
        ),
    });
}

/// The moves waiting to be entered while a question is open (after a correction: the rest of
/// the record), so that none seems lost.
fn held_moves(ui: &mut egui::Ui, session: &Session) {
    let lang = session.lang();
    let texts: Vec<&str> = session
        .transcriber()
        .held()
        .map(|h| h.text.as_str())
        .collect();
    let variations: usize = session
        .transcriber()
        .held()
        .map(|h| h.variation_moves())
        .sum();
    let mut line = match lang {
        Language::English => format!("Waiting ({}): {}", texts.len(), texts.join(" ")),
        _ => format!(
            "{}（{}）：{}",
            lang.pick("", "待录入", "待錄入"),
            texts.len(),
            texts.join(" ")
        ),
    };
    if variations > 0 {
        line.push_str(&match lang {
            Language::English => format!(", and {variations} moves of variations"),
            _ => format!(
                "{}{variations}{}",
                lang.pick("", "，另有变着 ", "，另有變著 "),
                lang.pick("", " 着", " 著")
            ),
        });
    }
    ui.add(egui::Label::new(RichText::new(line).small()).wrap());
}

/// Keys the move box passes on to the record (the [`Scope::MoveBox`] and, while it is empty,
/// the [`Scope::EmptyMoveBox`] shortcuts of the command table). They are taken before the text
/// field sees them.
fn box_keys(ui: &egui::Ui, session: &Session, empty: bool, commands: &mut Vec<Command>) {
    ui.input_mut(|input| {
        let mut pressed = UserCommand::pressed(input, Scope::MoveBox);
        if empty {
            pressed.extend(UserCommand::pressed(input, Scope::EmptyMoveBox));
        }
        commands.extend(
            pressed
                .into_iter()
                .filter(|c| c.enabled(session))
                .map(|c| c.command(session)),
        );
    });
}

/// The size of a button's text.
fn button_size(ui: &egui::Ui) -> f32 {
    egui::TextStyle::Button.resolve(ui.style()).size
}
