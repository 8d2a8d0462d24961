//! The clerk's marks for moves missing from the players' own scoresheets (7.1): the move on the
//! board is marked missing from Red's or Black's sheet, each run of missing moves is listed, and
//! four in a row are offered to the arbiter as the foul of 7.1 (9.1.7).

use eframe::egui::{self, Color32, RichText};

use crate::competition::sheet::{is_missing, set_missing, sheets};
use crate::competition::{record_gaps, FoulClause, RecordGap};
use crate::lang::Language;
use crate::rules::Color;

use crate::ui::base::command::arbiter_action::ArbiterAction;
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;

/// Draw the marks for the move on the board and the gaps of both sheets.
pub fn show(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let game = &session.game();
    let cursor = session.cursor();
    // Always there, greyed out before the first move and in a variation: the panel does not
    // jump when the user steps into the game.
    let applies = game.is_main_line(cursor) && game.move_of(cursor).is_some();
    ui.add_enabled_ui(applies, |ui| {
        ui.horizontal_wrapped(|ui| {
            for side in [Color::Red, Color::Black] {
                let comment = game.comment(cursor);
                let mut missing = is_missing(comment, side);
                let label = match lang {
                    Language::English => format!("Missing from {}'s sheet", side.name(lang)),
                    _ => format!("{}{}", side.name(lang), lang.pick("", "漏记", "漏記")),
                };
                if ui.checkbox(&mut missing, label).changed() {
                    commands.push(
                        SessionCommand::SetComment(cursor, set_missing(comment, side, missing))
                            .into(),
                    );
                }
            }
        });
    });
    let first = game.start().side_to_move();
    let [red, black] = sheets(game);
    for (side, sheet) in [(Color::Red, red), (Color::Black, black)] {
        for gap in record_gaps(&sheet) {
            let text = gap_text(side, &gap, first, lang);
            if gap.fouls == 0 {
                // At the body size: the clerk reads it from arm's length.
                ui.label(RichText::new(text).strong());
                continue;
            }
            ui.label(RichText::new(text).color(Color32::from_rgb(0xb0, 0x20, 0x20)));
            let playing = session
                .contest()
                .as_ref()
                .is_some_and(|c| c.result().is_none());
            let button = match lang {
                Language::English => {
                    format!("Record the foul of 7.1 for {}", side.name(lang))
                }
                _ => format!(
                    "{}{}{}",
                    lang.pick("", "判", "判"),
                    side.name(lang),
                    lang.pick("", "漏记犯规（第7.1条）", "漏記犯規（第7.1條）")
                ),
            };
            let response = ui
                .add_enabled(playing, egui::Button::new(button))
                .on_disabled_hover_text(lang.pick(
                    "Fouls are recorded on a running clock.",
                    "犯规记在计时中的对局上。",
                    "犯規記在計時中的對局上。",
                ));
            if response.clicked() {
                commands.push(
                    SessionCommand::Arbiter(ArbiterAction::Foul {
                        side,
                        clause: FoulClause::MissingRecord,
                        note: gap_text(side, &gap, first, lang),
                    })
                    .into(),
                );
            }
        }
    }
}

/// "Red's sheet: 4 moves missing, 3. to 4… — a foul (art. 7.1)".
fn gap_text(side: Color, gap: &RecordGap, first: Color, lang: Language) -> String {
    let from = crate::ui::panels::arbiter::move_label(ply(gap.first_ply), first);
    let to = crate::ui::panels::arbiter::move_label(ply(gap.last_ply), first);
    let span = if from == to {
        from
    } else {
        format!("{from}{}{to}", lang.pick(" to ", "至", "至"))
    };
    let mut text = match lang {
        Language::English => format!(
            "{}'s sheet: {} move{} missing, {span}",
            side.name(lang),
            gap.missing,
            if gap.missing == 1 { "" } else { "s" }
        ),
        _ => format!(
            "{}{}{}{}{span}",
            side.name(lang),
            lang.pick("", "记录漏记 ", "記錄漏記 "),
            gap.missing,
            lang.pick("", " 着：", " 著："),
        ),
    };
    if gap.fouls > 0 {
        text.push_str(&match lang {
            Language::English => format!(
                " — {} foul{} (art. 7.1)",
                gap.fouls,
                if gap.fouls == 1 { "" } else { "s" }
            ),
            _ => format!(
                "——{} {}",
                gap.fouls,
                lang.pick("", "次犯规（第7.1条）", "次犯規（第7.1條）")
            ),
        });
    }
    text
}

/// The ply number (from 1) of a sheet index (from 0).
fn ply(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}
