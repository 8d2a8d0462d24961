//! The status line: what the referee sees after each move (art. 4, 23–29), or the last refusal.

use eframe::egui::{self, Color32, RichText};

use crate::lang::Language;
use crate::notation::illegal_move_text;
use crate::referee::Referee;

use crate::ui::base::command::notice::Notice;
use crate::ui::base::command::notification::{Level, Notification};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::session::Session;
use crate::ui::widgets::move_text;

/// How the status line should look.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tone {
    /// Whose move it is.
    Plain,
    /// Check or a repetition warning.
    Warning,
    /// A ruling or a refused move.
    Alert,
}

/// What the status line says, and how loudly: a message being said (`said`) first.
pub fn text(session: &Session, said: Option<&Notification>) -> (String, Tone) {
    if let Some(said) = said {
        let tone = match said.level {
            Level::Info => Tone::Plain,
            Level::Warning => Tone::Warning,
            Level::Error => Tone::Alert,
        };
        let text = match &said.detail {
            Some(detail) => format!("{}\n{detail}", said.text),
            None => said.text.clone(),
        };
        return (text, tone);
    }
    let lang = session.lang();
    // A refusal that leaves the result standing is said beside it ([`show`]), not instead.
    if let Some(notice) = session.notice().filter(|n| !n.beside_result()) {
        let text = match notice {
            Notice::Illegal { mv, reason } => illegal_move_text(
                session.position(),
                *mv,
                *reason,
                lang,
                &session.move_style(),
            ),
            other => other.text(lang),
        };
        let tone = match notice {
            _ if notice.is_confirmation() => Tone::Plain,
            Notice::StartWarnings(_) | Notice::TurnOf(_) => Tone::Warning,
            _ => Tone::Alert,
        };
        return (text, tone);
    }
    let judgement = &session.judgement();
    if let Some(ruling) = &judgement.ruling {
        return (ruling.explanation.get(lang).to_owned(), Tone::Alert);
    }
    // A result the referee did not give (resignation, agreement, flag, fouls, the record's).
    // (With a clock, its panel says the result.)
    if let Some(ending) = session
        .ending()
        .filter(|_| session.game_over() && session.contest().is_none())
    {
        return (ending.describe(lang), Tone::Alert);
    }
    if let Some(warning) = &judgement.warning {
        return (warning.explanation.get(lang).to_owned(), Tone::Warning);
    }
    let pos = session.position();
    let side = pos.side_to_move().name(lang);
    if pos.in_check() {
        return (
            format!(
                "{side} {}",
                lang.pick("to move, in check", "走棋，被将军", "走棋，被將軍")
            ),
            Tone::Warning,
        );
    }
    (
        format!("{side} {}", lang.pick("to move", "走棋", "走棋")),
        Tone::Plain,
    )
}

/// The referee's evidence (each move of the cycle with its character), one line each, the moves
/// in the notation of the record.
fn evidence(session: &Session) -> Vec<String> {
    let judgement = &session.judgement();
    let lines = match (&judgement.ruling, &judgement.warning) {
        (Some(ruling), _) => &ruling.evidence,
        (None, Some(warning)) => &warning.evidence,
        (None, None) => return Vec::new(),
    };
    lines
        .iter()
        .map(|line| line.line(session.lang(), &session.move_style()))
        .collect()
}

/// Rounds without a capture from which the count shows (a sixth of the limit of 4.2.4).
const COUNT_FROM_ROUNDS: u32 = 10;

/// The natural-limit count (4.2.4) once it matters: rounds played without a capture, of the
/// limit; loud in the last ten rounds.
pub fn natural_limit(session: &Session) -> Option<(String, Tone)> {
    let limit = Referee::new(session.rules()).natural_limit.rounds;
    let rounds = session.judgement().plies_without_capture / 2;
    if rounds < COUNT_FROM_ROUNDS.min(limit) {
        return None;
    }
    let text = match session.lang() {
        Language::English => {
            format!("Natural limit (4.2.4): {rounds} of {limit} rounds without a capture")
        }
        Language::SimplifiedChinese => {
            format!("自然限着（4.2.4）：已 {rounds} 回合无吃子（限 {limit} 回合）")
        }
        Language::TraditionalChinese => {
            format!("自然限著（4.2.4）：已 {rounds} 回合無吃子（限 {limit} 回合）")
        }
    };
    let tone = if rounds + 10 >= limit {
        Tone::Warning
    } else {
        Tone::Plain
    };
    Some((text, tone))
}

/// Height of the status text: two lines (a longer text scrolls in its place).
const TEXT_HEIGHT: f32 = 42.0;
/// Height of the row under it: the detail's toggle and the natural-limit count.
const ROW_HEIGHT: f32 = 22.0;
/// Height of the referee's detail when open: six lines of evidence (more scroll).
const DETAIL_HEIGHT: f32 = 6.0 * 18.0;
/// The panel's margins and the spacing between its parts.
const PADDING: f32 = 14.0;

/// The fixed height of the status area, the detail open or closed: what it says never changes
/// it, so stepping through a ruling leaves the board where it is.
pub fn height(detail_open: bool) -> f32 {
    let detail = if detail_open {
        DETAIL_HEIGHT + 4.0
    } else {
        0.0
    };
    TEXT_HEIGHT + ROW_HEIGHT + PADDING + detail
}

/// Draw the status line, and under it the toggle of the referee's detail (the moves of a cycle
/// with their characters) and the natural-limit count, pushing what the user asked for onto
/// `commands`.
pub fn show(
    ui: &mut egui::Ui,
    session: &Session,
    said: Option<&Notification>,
    commands: &mut Vec<Command>,
) {
    let lang = session.lang();
    let (text, tone) = text(session, said);
    let color = match tone {
        Tone::Plain => ui.visuals().text_color(),
        Tone::Warning => Color32::from_rgb(170, 100, 0),
        Tone::Alert => Color32::from_rgb(170, 20, 20),
    };
    fixed_scroll(ui, "status-text", TEXT_HEIGHT, |ui| {
        move_text::label(ui, &text, 15.0, color);
    });
    // The evidence stays while a notice is shown: it belongs to the position on the board.
    let lines = evidence(session);
    let refusal = session
        .notice()
        .filter(|n| n.beside_result())
        .map(|n| n.text(lang));
    let layout = session.layout();
    ui.horizontal(|ui| {
        ui.set_height(ROW_HEIGHT);
        // Lit while open.
        let label = format!(
            "{} ({})",
            lang.pick("Referee's detail", "裁判详情", "裁判詳情"),
            lines.len()
        );
        if ui
            .add(egui::Button::selectable(layout.detail_open, label))
            .clicked()
        {
            commands
                .push(SessionCommand::SetLayout(layout.with_detail(!layout.detail_open)).into());
        }
        if let Some((count, tone)) = natural_limit(session) {
            let text = RichText::new(count).size(13.0);
            ui.label(match tone {
                Tone::Plain => text.weak(),
                _ => text.color(Color32::from_rgb(170, 100, 0)),
            });
        }
        // A move or a take-back refused after the end: one short line, cut to the row (the
        // whole on hover), the ruling above it untouched.
        if let Some(refusal) = refusal {
            ui.add(
                egui::Label::new(
                    RichText::new(&refusal)
                        .size(13.0)
                        .color(Color32::from_rgb(170, 20, 20)),
                )
                .truncate(),
            )
            .on_hover_text(refusal);
        }
    });
    if layout.detail_open {
        fixed_scroll(ui, "status-detail", DETAIL_HEIGHT, |ui| {
            let weak = ui.visuals().weak_text_color();
            for line in lines {
                move_text::label(ui, &line, 13.0, weak);
            }
        });
    }
}

/// A scrolling area of exactly `height`, however much it holds.
fn fixed_scroll(ui: &mut egui::Ui, id: &str, height: f32, contents: impl FnOnce(&mut egui::Ui)) {
    egui::ScrollArea::vertical()
        .id_salt(id)
        .min_scrolled_height(height)
        .max_height(height)
        .auto_shrink([false, false])
        .show(ui, contents);
}
