//! A reviewed game's summary above the record: each side's accuracy and its counts of `?!`, `?`
//! and `??`, how many positions the cloud database and the engine scored (when the review asked
//! the cloud), the buttons that walk the critical moments (also on Shift+Left and Shift+Right), and at a
//! critical moment the engine's better line, one click away. All of it is read from the game
//! ([`crate::ui::base::review`]), so a reviewed game reopened shows it again.

use eframe::egui::{self, RichText};

use crate::engine_client::RedScore;
use crate::lang::Language;
use crate::record::{commands, Game, Mark};
use crate::rules::Color;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::numbers::signed;
use crate::ui::base::review::{
    better_line, is_critical, next_critical, previous_critical, summary, SideReview, CRITICAL,
};
use crate::ui::base::review_sources::ScoreSources;
use crate::ui::base::session::Session;
use crate::ui::base::user_command::UserCommand;

/// The colour a critical moment's mark is drawn in (the record's cells, the graph's points).
pub fn mark_color(mark: Mark) -> egui::Color32 {
    match mark {
        Mark::Dubious => egui::Color32::from_rgb(200, 150, 0),
        Mark::Mistake => egui::Color32::from_rgb(225, 110, 20),
        _ => egui::Color32::from_rgb(210, 30, 30),
    }
}

/// Draw the summary when the game carries a review, pushing what the user asked for.
pub fn show(ui: &mut egui::Ui, session: &Session, out: &mut Vec<Command>) {
    let game = session.game();
    let Some(sides) = summary(game) else {
        return;
    };
    let lang = session.lang();
    ui.separator();
    accuracy_lines(ui, game, sides, lang);
    let cursor = session.cursor();
    ui.horizontal_wrapped(|ui| {
        for (command, found, arrow) in [
            (
                UserCommand::PreviousMistake,
                previous_critical(game, cursor),
                "«",
            ),
            (UserCommand::NextMistake, next_critical(game, cursor), "»"),
        ] {
            let label = command.label(lang);
            let response = ui
                .add_enabled(
                    found.is_some(),
                    egui::Button::new(format!("{arrow} {label}")),
                )
                .on_hover_text(label.clone());
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, found.is_some(), &label)
            });
            if let (true, Some(node)) = (response.clicked(), found) {
                out.push(SessionCommand::GoTo(node).into());
            }
        }
    });
    // "Make puzzles from my mistakes", for the side the user played.
    ui.horizontal_wrapped(|ui| {
        for (color, label) in [
            (
                Color::Red,
                lang.pick(
                    "Puzzles from Red's mistakes",
                    "红方失误做成题目",
                    "紅方失誤做成題目",
                ),
            ),
            (
                Color::Black,
                lang.pick(
                    "Puzzles from Black's mistakes",
                    "黑方失误做成题目",
                    "黑方失誤做成題目",
                ),
            ),
        ] {
            if ui.button(label).clicked() {
                out.push(AppCommand::MakePuzzles(color).into());
            }
        }
    });
    if !is_critical(game, cursor) || !game.is_main_line(cursor) {
        return;
    }
    let Some(better) = better_line(game, cursor) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(lang.pick("Better line", "更好的着法", "更好的著法"))
            .clicked()
        {
            out.push(SessionCommand::GoTo(better).into());
        }
        let before = game.position(game.parent(better).unwrap_or(game.root()));
        let text = game
            .move_of(better)
            .map_or_else(String::new, |mv| session.move_style().write(before, mv));
        let eval = commands::get(game.comment(better), "eval")
            .and_then(RedScore::parse)
            .map_or_else(String::new, |s| format!(" {}", signed(s)));
        ui.weak(format!("{text}{eval}"));
    });
}

/// Each side's accuracy and count of marks, and which scores came from where.
fn accuracy_lines(ui: &mut egui::Ui, game: &Game, sides: [(Color, SideReview); 2], lang: Language) {
    for (color, side) in sides {
        ui.horizontal_wrapped(|ui| {
            ui.strong(color.name(lang));
            let accuracy = side
                .accuracy
                .map_or_else(|| "–".to_owned(), |a| format!("{a:.1}%"));
            ui.label(format!(
                "{} {accuracy}",
                lang.pick("accuracy", "准确率", "精確度")
            ));
            for (mark, count) in CRITICAL.into_iter().zip(side.counts) {
                ui.label(
                    RichText::new(format!("{} {count}", mark.symbol())).color(mark_color(mark)),
                )
                .on_hover_text(crate::ui::base::words::mark_name(mark, lang));
            }
        });
    }
    if let Some(sources) = ScoreSources::from_tags(game) {
        ui.label(RichText::new(sources.message(lang)).weak());
    }
}
