//! Annotating the record: the mark (`!`, `?`, …) and evaluation (`=`, `+-`, …) of a move, and
//! the order of variations (promote, demote, make main line, delete), from the bar under the
//! comment and from a move's context menu (the keys are in [`crate::ui::base::user_command`]).

use eframe::egui;

use crate::record::{Evaluation, Game, Mark, NodeId};

use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::base::words::{evaluation_name, mark_name};

/// The signs written after a move in the record: its mark, then its evaluation.
pub fn signs(game: &Game, node: NodeId) -> String {
    let annotation = game.annotation(node);
    let mut out = String::new();
    if let Some(mark) = annotation.mark {
        out.push_str(mark.symbol());
    }
    if let Some(evaluation) = annotation.evaluation() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(evaluation.symbol());
    }
    out
}

/// True when the line holding `node` can move down at its nearest branch point.
fn can_demote(game: &Game, node: NodeId) -> bool {
    let mut at = node;
    while let Some(parent) = game.parent(at) {
        let siblings = game.children(parent);
        if siblings.len() > 1 {
            return siblings.last() != Some(&at);
        }
        at = parent;
    }
    false
}

/// The bar under the comment: marks and evaluation of the move on the board, and its line's
/// place among the variations.
pub fn bar(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let node = session.cursor();
    let game = &session.game();
    let has_move = node != game.root();
    ui.add_enabled_ui(has_move, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(lang.pick("Mark", "标记", "標記"));
            let current = game.mark(node);
            for mark in Mark::ALL {
                let on = current == Some(mark);
                // A framed button, so that an enabled mark looks like one (a selectable label
                // without its frame reads as greyed out).
                let button = ui
                    .add(egui::Button::new(mark.symbol()).selected(on))
                    .on_hover_text(mark_name(mark, lang));
                if button.clicked() {
                    commands.push(SessionCommand::SetMark(node, (!on).then_some(mark)).into());
                }
            }
            let evaluation = game.annotation(node).evaluation();
            // Tall enough for all nine entries: the default height cut the last one off.
            egui::ComboBox::from_label(lang.pick("Evaluation", "形势", "形勢"))
                .height(320.0)
                .selected_text(evaluation.map_or("—", Evaluation::symbol))
                .show_ui(ui, |ui| {
                    if ui.selectable_label(evaluation.is_none(), "—").clicked() {
                        commands.push(SessionCommand::SetEvaluation(node, None).into());
                    }
                    for e in Evaluation::ALL {
                        let text = format!("{}  {}", e.symbol(), evaluation_name(e, lang));
                        if ui.selectable_label(evaluation == Some(e), text).clicked() {
                            commands.push(SessionCommand::SetEvaluation(node, Some(e)).into());
                        }
                    }
                });
        });
    });
    ui.horizontal_wrapped(|ui| line_buttons(ui, session, node, commands));
}

/// Promote, make main, demote and delete, for the line holding `node`.
fn line_buttons(ui: &mut egui::Ui, session: &Session, node: NodeId, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let game = &session.game();
    let in_variation = !game.is_main_line(node);
    for (label, enabled, command) in [
        (
            lang.pick("Promote line", "变着上移", "變著上移"),
            in_variation,
            SessionCommand::PromoteLine(node),
        ),
        (
            lang.pick("Make main line", "设为主线", "設為主線"),
            in_variation,
            SessionCommand::PromoteToMain(node),
        ),
        (
            lang.pick("Demote line", "变着下移", "變著下移"),
            can_demote(game, node),
            SessionCommand::DemoteLine(node),
        ),
        (
            lang.pick("Delete from here", "删除此后着法", "刪除此後著法"),
            node != game.root(),
            SessionCommand::DeleteFrom(node),
        ),
    ] {
        if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
            commands.push(command.into());
            ui.close();
        }
    }
}

/// The context menu of a move in the record: go there, mark it, reorder or delete its line.
pub fn context_menu(
    response: &egui::Response,
    session: &Session,
    node: NodeId,
    commands: &mut Vec<Command>,
) {
    let lang = session.lang();
    response.context_menu(|ui| {
        let current = session.game().mark(node);
        for mark in Mark::ALL {
            let on = current == Some(mark);
            let text = format!("{}  {}", mark.symbol(), mark_name(mark, lang));
            if ui.add(egui::Button::selectable(on, text)).clicked() {
                commands.push(SessionCommand::SetMark(node, (!on).then_some(mark)).into());
                ui.close();
            }
        }
        ui.separator();
        line_buttons(ui, session, node, commands);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Position};

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).expect("test move is ICCS")
    }

    #[test]
    fn a_line_can_move_down_unless_it_is_the_last_at_its_branch_point() {
        let mut game = Game::new(Position::startpos());
        let a = game.play(game.root(), mv("h2e2")).expect("legal");
        let b = game.play(a, mv("h9g7")).expect("legal");
        assert!(!can_demote(&game, b), "no branch point yet");
        let v = game.play(game.root(), mv("b2e2")).expect("legal");
        assert!(can_demote(&game, b));
        assert!(!can_demote(&game, v));
        game.set_mark(a, Some(Mark::Good));
        game.annotation_mut(a)
            .set_evaluation(Some(Evaluation::RedSlightlyBetter));
        assert_eq!(signs(&game, a), "! +=");
        assert_eq!(signs(&game, b), "");
    }
}
