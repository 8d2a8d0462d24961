//! The game clock (art. 6, 22): both faces with the time left and the moves still due, the side
//! to move's face lit; start with a time control of art. 6, the arbiter's pause and resume, draw
//! offers (23.1), natural-limit claims (23.3) and resignation (4.1.9); under them the arbiter's
//! forms and the log ([`crate::ui::panels::arbiter`]).

use std::time::Duration;

use eframe::egui::{self, Color32, RichText};

use crate::competition::{hms, Contest, Moment, Preset, Reading};
use crate::lang::Language;
use crate::rules::Color;

use crate::ui::base::command::arbiter_action::ArbiterAction;
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::presets::{preset_brief, preset_label, presets};
use crate::ui::base::session::Session;
use crate::ui::panels::arbiter;

/// What the panel remembers between frames: the chosen time control and the pause reason.
#[derive(Clone, Debug)]
struct Form {
    /// Index into the presets.
    preset: usize,
    /// Minutes for 6.5, which names no time.
    minutes: u32,
    /// Why the arbiter pauses.
    reason: String,
}

impl Default for Form {
    fn default() -> Self {
        Form {
            preset: 0,
            minutes: 20,
            reason: String::new(),
        }
    }
}

/// What a face says: `Red 0:05:00 · 30 moves due`.
pub fn face_text(side: Color, reading: &Reading, lang: Language) -> String {
    // A face shows whole seconds, rounded up: it reads 0:00:00 only when the time is gone.
    let left = reading.remaining.as_secs() + u64::from(reading.remaining.subsec_nanos() > 0);
    let due = match reading.moves_due {
        Some(n) => match lang {
            Language::English => format!("{n} moves due"),
            _ => format!(
                "{}{n}{}",
                lang.pick("", "尚需 ", "尚需 "),
                lang.pick("", " 着", " 著")
            ),
        },
        None => lang
            .pick("rest of the game", "包干至终局", "包幹至終局")
            .to_owned(),
    };
    format!(
        "{} {} · {due}",
        side.name(lang),
        hms(Duration::from_secs(left))
    )
}

/// True while the clock runs a game not yet over: its [`actions`] are to be kept in reach.
pub fn playing(session: &Session) -> bool {
    session.contest().is_some_and(|c| c.result().is_none())
}

/// Draw the clock as the session holds it (the app settles the time at the start of every
/// frame, [`SessionCommand::Tick`]); the players' actions are drawn apart, by [`actions`].
pub fn show(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let at = session.now();
    let id = egui::Id::unique("qipu-clock-form");
    let mut form: Form = ui.data(|d| d.get_temp(id)).unwrap_or_default();

    ui.strong(lang.pick("Clock", "棋钟", "棋鐘"));
    match &session.contest() {
        // A running or finished clock is never replaced: its record would be lost.
        None => chooser(ui, &mut form, lang, commands),
        Some(contest) => {
            ui.label(format!(
                "{}: {}",
                lang.pick("Time control", "计时方案", "計時方案"),
                contest.settings().control
            ));
        }
    }

    if let Some(error) = &session.clock_record_error() {
        ui.label(RichText::new(error.message(lang)).color(Color32::from_rgb(0xb0, 0x20, 0x20)));
    }
    if let Some(contest) = &session.contest() {
        contest_controls(ui, contest, at, lang, &mut form, commands);
        if let Some(error) = &session.contest_error() {
            ui.label(RichText::new(error.message(lang)).color(Color32::from_rgb(0xb0, 0x20, 0x20)));
        }
        ui.separator();
        let first = session.game().start().side_to_move();
        arbiter::show(ui, contest, first, lang, commands);
    }
    ui.data_mut(|d| d.insert_temp(id, form));
}

fn contest_controls(
    ui: &mut egui::Ui,
    contest: &Contest,
    at: Moment,
    lang: Language,
    form: &mut Form,
    commands: &mut Vec<Command>,
) {
    let over = contest.result().is_some();
    let mut running = false;
    for side in [Color::Red, Color::Black] {
        let reading = contest.reading(side, at);
        running |= reading.running;
        let lit = !over && contest.to_move() == side;
        let fill = if lit {
            Color32::from_rgb(0xff, 0xe8, 0xa0)
        } else {
            Color32::TRANSPARENT
        };
        egui::Frame::new()
            .fill(fill)
            .inner_margin(4.0)
            .corner_radius(4.0)
            .show(ui, |ui| {
                let text = RichText::new(face_text(side, &reading, lang))
                    .size(17.0)
                    .monospace();
                ui.label(if lit { text.strong() } else { text });
            });
    }
    if running {
        ui.ctx().request_repaint_after(Duration::from_secs(1));
    }
    if let Some(result) = contest.result() {
        ui.label(RichText::new(result.describe(lang)).color(Color32::from_rgb(0xb0, 0x20, 0x20)));
        return;
    }
    match contest.pause_reason() {
        Some(reason) => {
            ui.label(format!(
                "{}: {reason}",
                lang.pick("Paused", "已暂停", "已暫停")
            ));
            if ui
                .button(lang.pick("Resume", "继续计时", "繼續計時"))
                .clicked()
            {
                commands.push(SessionCommand::ResumeClock.into());
            }
        }
        None => {
            ui.horizontal(|ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut form.reason)
                        .desired_width(140.0)
                        .hint_text(lang.pick("Reason", "原因", "原因")),
                );
                if ui.button(lang.pick("Pause", "暂停", "暫停")).clicked() {
                    commands.push(SessionCommand::PauseClock(form.reason.clone()).into());
                    form.reason.clear();
                }
            });
        }
    }
}

/// The players' actions while the clock runs a game not yet over: the standing draw offer, and
/// for each side offer, accept, refuse, resign and claim (23.1, 23.3, 4.1.9). The window keeps
/// them in reach however long the clock's panel grows.
pub fn actions(ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
    let lang = session.lang();
    let Some(contest) = session.contest().filter(|c| c.result().is_none()) else {
        return;
    };
    if let Some(side) = contest.pending_offer() {
        ui.label(format!(
            "{} {}",
            side.name(lang),
            lang.pick("offers a draw", "提议和棋", "提議和棋")
        ));
    }
    // Each side's actions wrap to the panel's width: they never widen it.
    for side in [Color::Red, Color::Black] {
        ui.horizontal_wrapped(|ui| {
            ui.label(side.name(lang));
            for (label, command) in [
                (
                    lang.pick("Offer draw", "提和", "提和"),
                    SessionCommand::OfferDraw(side),
                ),
                (
                    lang.pick("Accept", "同意", "同意"),
                    SessionCommand::AcceptDraw(side),
                ),
                (
                    lang.pick("Refuse", "拒绝", "拒絕"),
                    SessionCommand::RefuseDraw(side),
                ),
                (
                    lang.pick("Resign", "认输", "認輸"),
                    SessionCommand::Resign(side),
                ),
                (
                    lang.pick("Claim natural limit", "自然限着", "自然限著"),
                    SessionCommand::Arbiter(ArbiterAction::Claim(side)),
                ),
            ] {
                if ui.button(label).clicked() {
                    commands.push(command.into());
                }
            }
        });
    }
}

/// The time-control chooser and the start button, before a clock has started.
fn chooser(ui: &mut egui::Ui, form: &mut Form, lang: Language, commands: &mut Vec<Command>) {
    let choices = presets(form.minutes);
    egui::ComboBox::new(
        "time-control",
        lang.pick("Time control", "计时方案", "計時方案"),
    )
    // The article and the scheme in brief; the list gives each in full.
    .selected_text(preset_brief(choices[form.preset], lang))
    .show_ui(ui, |ui| {
        for (i, &preset) in choices.iter().enumerate() {
            ui.selectable_value(&mut form.preset, i, preset_label(preset, lang));
        }
    });
    ui.horizontal(|ui| {
        if matches!(choices[form.preset], Preset::Art6_5(_)) {
            ui.add(
                egui::DragValue::new(&mut form.minutes)
                    .range(1..=600)
                    .suffix(lang.pick(" min", " 分钟", " 分鐘")),
            );
        }
        if ui
            .button(lang.pick("Start clock", "开始计时", "開始計時"))
            .clicked()
        {
            commands.push(SessionCommand::StartClock(choices[form.preset]).into());
        }
    });
}
