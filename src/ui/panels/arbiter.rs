//! The arbiter's controls under the clock: a foul with its clause and a note (9.1; the third
//! loses, 4.1.8), a clock correction with its reason (22.4), and the game's log with the time
//! and the actor of every entry.

use std::time::Duration;

use eframe::egui::{self, Color32, RichText, TextEdit};

use crate::competition::{hms, parse_hms, Contest, Entry, FoulClause, Occurrence};
use crate::lang::Language;
use crate::rules::Color;

use crate::ui::base::command::arbiter_action::ArbiterAction;
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;

/// What the arbiter's forms hold between frames.
#[derive(Clone, Debug, Default)]
struct Form {
    /// Index into [`FoulClause::ALL`].
    clause: usize,
    /// The note on a foul.
    note: String,
    /// The time a corrected clock shall show, `h:mm:ss`.
    time: String,
    /// The moves due on a corrected clock.
    moves: String,
    /// Why the clock is corrected.
    reason: String,
}

/// "9.1.3: offering a draw again after a refusal".
fn clause_label(clause: FoulClause, lang: Language) -> String {
    let sep = if lang == Language::English {
        ": "
    } else {
        "："
    };
    format!("{}{sep}{}", clause.article(), clause.description(lang))
}

/// Draw the foul and correction forms and the log; `first` is the side that moved first in the
/// record (to number the moves).
pub fn show(
    ui: &mut egui::Ui,
    contest: &Contest,
    first: Color,
    lang: Language,
    commands: &mut Vec<Command>,
) {
    let id = egui::Id::unique("qipu-arbiter-form");
    let mut form: Form = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    let playing = contest.result().is_none();
    ui.label(format!(
        "{}: {} {} · {} {}",
        lang.pick("Fouls", "犯规", "犯規"),
        Color::Red.name(lang),
        contest.fouls(Color::Red),
        Color::Black.name(lang),
        contest.fouls(Color::Black)
    ));
    if playing {
        ui.add_space(4.0);
        ui.strong(lang.pick("Record a foul", "记录犯规", "記錄犯規"));
        fouls(ui, &mut form, lang, commands);
        ui.add_space(4.0);
        ui.strong(lang.pick("Correct a clock", "校正棋钟", "校正棋鐘"));
        correction(ui, contest, &mut form, lang, commands);
    }
    ui.add_space(4.0);
    ui.strong(lang.pick("Log", "记录", "記錄"));
    log(ui, contest, first, lang);
    ui.data_mut(|d| d.insert_temp(id, form));
}

fn fouls(ui: &mut egui::Ui, form: &mut Form, lang: Language, commands: &mut Vec<Command>) {
    let clause = FoulClause::ALL[form.clause.min(FoulClause::ALL.len() - 1)];
    egui::ComboBox::new("foul-clause", lang.pick("Clause", "条款", "條款"))
        .selected_text(clause.article())
        .width(70.0)
        .show_ui(ui, |ui| {
            for (i, &choice) in FoulClause::ALL.iter().enumerate() {
                ui.selectable_value(&mut form.clause, i, clause_label(choice, lang));
            }
        });
    ui.label(RichText::new(clause.description(lang)).small());
    ui.horizontal(|ui| {
        let label = ui.label(lang.pick("Note", "说明", "說明"));
        ui.add(TextEdit::singleline(&mut form.note).desired_width(180.0))
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        for side in [Color::Red, Color::Black] {
            let label = match lang {
                Language::English => format!("Foul by {}", side.name(lang)),
                _ => format!("{}{}", side.name(lang), lang.pick("", "犯规", "犯規")),
            };
            if ui.button(label).clicked() {
                commands.push(
                    SessionCommand::Arbiter(ArbiterAction::Foul {
                        side,
                        clause,
                        note: form.note.clone(),
                    })
                    .into(),
                );
                form.note.clear();
            }
        }
    });
}

fn correction(
    ui: &mut egui::Ui,
    contest: &Contest,
    form: &mut Form,
    lang: Language,
    commands: &mut Vec<Command>,
) {
    let sudden_death = contest.settings().control.moves_due(0).is_none();
    ui.horizontal(|ui| {
        let label = ui.label(lang.pick("Time left", "剩余时间", "所剩時間"));
        ui.add(
            TextEdit::singleline(&mut form.time)
                .desired_width(80.0)
                .hint_text("h:mm:ss"),
        )
        .labelled_by(label.id);
        let label = ui.label(lang.pick("Moves due", "尚需着数", "尚需著數"));
        ui.add_enabled(
            !sudden_death,
            TextEdit::singleline(&mut form.moves).desired_width(40.0),
        )
        .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let label = ui.label(lang.pick("Correction reason", "校正原因", "校正原因"));
        ui.add(TextEdit::singleline(&mut form.reason).desired_width(180.0))
            .labelled_by(label.id);
    });
    let time = form.time.trim();
    let remaining = (!time.is_empty()).then(|| parse_hms(time));
    let moves = form.moves.trim();
    let moves_due = (!moves.is_empty() && !sudden_death).then(|| moves.parse::<u32>().ok());
    let mut problems = Vec::new();
    if remaining == Some(None) {
        problems.push(lang.pick(
            "Write the time as h:mm:ss.",
            "时间请写作 时:分:秒。",
            "時間請寫作 時:分:秒。",
        ));
    }
    if moves_due == Some(None) {
        problems.push(lang.pick(
            "Moves due is a whole number.",
            "尚需着数应为整数。",
            "尚需著數應為整數。",
        ));
    }
    if remaining.is_none() && moves_due.is_none() {
        problems.push(lang.pick(
            "Give the time left or the moves due.",
            "请填写剩余时间或尚需着数。",
            "請填寫所剩時間或尚需著數。",
        ));
    }
    if form.reason.trim().is_empty() {
        problems.push(lang.pick(
            "Give the reason for the correction.",
            "请填写校正原因。",
            "請填寫校正原因。",
        ));
    }
    let ready = problems.is_empty();
    ui.horizontal(|ui| {
        for side in [Color::Red, Color::Black] {
            let label = match lang {
                Language::English => format!("Set {}'s clock", side.name(lang)),
                _ => format!("{}{}", lang.pick("", "校正", "校正"), side.name(lang)),
            };
            if ui.add_enabled(ready, egui::Button::new(label)).clicked() {
                commands.push(
                    SessionCommand::Arbiter(ArbiterAction::Correct {
                        side,
                        remaining: remaining.flatten(),
                        moves_due: moves_due.flatten(),
                        note: form.reason.clone(),
                    })
                    .into(),
                );
                *form = Form {
                    clause: form.clause,
                    note: std::mem::take(&mut form.note),
                    ..Form::default()
                };
            }
        }
    });
    // Only what is wrong with text already typed; an empty form needs no telling.
    let typed = !(form.time.is_empty() && form.moves.is_empty() && form.reason.is_empty());
    if typed {
        for problem in problems {
            ui.label(
                RichText::new(problem)
                    .small()
                    .color(Color32::from_rgb(0xb0, 0x20, 0x20)),
            );
        }
    }
}

/// The log's entries other than moves, newest last: time, move, who, what.
fn log(ui: &mut egui::Ui, contest: &Contest, first: Color, lang: Language) {
    egui::ScrollArea::vertical()
        .max_height(180.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for entry in contest.log() {
                if matches!(entry.event, Occurrence::Move { .. }) {
                    continue;
                }
                ui.label(entry_text(entry, contest, first, lang));
            }
        });
}

/// "0:03:12 · 5… · Arbiter: foul by Black (1st), 9.1.1: …".
fn entry_text(entry: &Entry, contest: &Contest, first: Color, lang: Language) -> String {
    let sep = if lang == Language::English {
        ": "
    } else {
        "："
    };
    format!(
        "{} · {} · {}{sep}{}",
        hms(Duration::from_secs(entry.at.elapsed().as_secs())),
        move_label(entry.ply, first),
        entry.event.actor().name(lang),
        entry.event.describe(contest.settings(), lang)
    )
}

/// The place of an entry after `ply` moves: "0" before the first move, "5." after Red's fifth,
/// "5…" after Black's.
pub(super) fn move_label(ply: u32, first: Color) -> String {
    if ply == 0 {
        return "0".to_owned();
    }
    // Number as if Red had moved first; a game that Black begins opens with "1…".
    let index = ply + u32::from(first == Color::Black);
    let round = index.div_ceil(2);
    if index % 2 == 1 {
        format!("{round}.")
    } else {
        format!("{round}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_by_round() {
        assert_eq!(move_label(0, Color::Red), "0");
        assert_eq!(move_label(1, Color::Red), "1.");
        assert_eq!(move_label(10, Color::Red), "5…");
        assert_eq!(move_label(1, Color::Black), "1…");
        assert_eq!(move_label(2, Color::Black), "2.");
    }
}
