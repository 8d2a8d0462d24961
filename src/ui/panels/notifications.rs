//! The one place where what the window tells the user is kept and drawn: an error in a box
//! over the window until closed, a warning or a passing notice in the status line for a while.
//! Each waits its turn: a message is never put in place of one not yet seen.

use std::collections::VecDeque;

use eframe::egui;

use crate::lang::Language;

use crate::ui::base::command::notification::{Level, Notification};
use crate::ui::widgets::modal;

/// Seconds a passing notice stays in the status line when nothing waits after it.
const INFO_SECONDS: f64 = 6.0;
/// Seconds a warning stays in the status line when nothing waits after it.
const WARNING_SECONDS: f64 = 12.0;
/// Seconds a message stays at least before the next waiting one takes its place: long enough
/// to be read in passing.
const SEEN_SECONDS: f64 = 2.0;
/// Frames a new box asks for before it waits for input: egui measures a new box in its first
/// frame and shows it in the second.
const BOX_FRAMES: u8 = 2;

/// The messages waiting and the one being said.
#[derive(Default)]
pub struct Notifications {
    /// Errors, oldest first: the first is in the box.
    boxed: VecDeque<Notification>,
    /// Frames the first box was drawn (up to [`BOX_FRAMES`]).
    box_drawn: u8,
    /// Warnings and passing notices waiting for the status line, oldest first.
    waiting: VecDeque<Notification>,
    /// The one in the status line and the time it was first drawn (none before it was).
    saying: Option<(Notification, Option<f64>)>,
}

impl Notifications {
    /// Keep `notification` to be shown after those before it.
    pub fn tell(&mut self, notification: Notification) {
        match notification.level {
            Level::Error => self.boxed.push_back(notification),
            Level::Info | Level::Warning => self.waiting.push_back(notification),
        }
    }

    /// Whether a box waits to be closed (it takes the keys meanwhile).
    pub fn boxed(&self) -> bool {
        !self.boxed.is_empty()
    }

    /// Every message not yet closed or passed, the box's first, then the status line's.
    pub fn pending(&self) -> impl Iterator<Item = &Notification> {
        self.boxed
            .iter()
            .chain(self.saying.iter().map(|(n, _)| n))
            .chain(&self.waiting)
    }

    /// What the status line says at `now` (seconds, the input's clock): the message being
    /// said until its time is up, then the next waiting; asks for the frame where it changes.
    pub fn said(&mut self, ctx: &egui::Context) -> Option<&Notification> {
        let now = ctx.input(|i| i.time);
        let over = match &self.saying {
            None => true,
            Some((_, None)) => false,
            Some((said, Some(since))) => {
                let stay = if self.waiting.is_empty() {
                    match said.level {
                        Level::Warning | Level::Error => WARNING_SECONDS,
                        Level::Info => INFO_SECONDS,
                    }
                } else {
                    SEEN_SECONDS
                };
                let left = since + stay - now;
                if left > 0.0 {
                    ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
                }
                left <= 0.0
            }
        };
        if over {
            self.saying = self.waiting.pop_front().map(|n| (n, None));
        }
        let (said, since) = self.saying.as_mut()?;
        if since.is_none() {
            *since = Some(now);
            ctx.request_repaint();
        }
        Some(said)
    }

    /// The user acted on the game: the message in the status line, once seen, gives way to
    /// what the game says now.
    pub fn give_way(&mut self) {
        if matches!(self.saying, Some((_, Some(_)))) {
            self.saying = None;
        }
    }

    /// The box of the first error waiting, if any: its source's title, the text, the detail;
    /// one OK or Escape closes it and the next waiting follows.
    pub fn show_box(&mut self, ctx: &egui::Context, lang: Language) {
        let Some(first) = self.boxed.front() else {
            return;
        };
        if self.box_drawn < BOX_FRAMES {
            self.box_drawn += 1;
            ctx.request_repaint();
        }
        let mut ok = false;
        let modal = modal::frame(ctx, "notification", |ui| {
            ui.set_max_width((ui.ctx().content_rect().width() - 80.0).clamp(240.0, 560.0));
            if let Some(title) = first.source.title(lang) {
                ui.heading(title);
            }
            ui.label(&first.text);
            if let Some(detail) = &first.detail {
                ui.label(egui::RichText::new(detail).small().weak());
            }
            ok = ui.button(lang.pick("OK", "确定", "確定")).clicked();
        });
        if ok || modal.should_close() {
            self.boxed.pop_front();
            self.box_drawn = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::base::command::notification::Source;

    /// A context whose clock reads `time`, and what the status line says then.
    fn said_at(notifications: &mut Notifications, time: f64) -> Option<String> {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            time: Some(time),
            ..Default::default()
        };
        let mut said = None;
        let mut output = ctx.run_ui(input, |ui| {
            said = notifications.said(ui.ctx()).map(|n| n.text.clone());
        });
        // Nothing is painted here: the fonts' texture is let go.
        output.textures_delta.clear();
        said
    }

    #[test]
    fn a_notice_told_after_another_waits_until_the_first_was_seen() {
        let mut notifications = Notifications::default();
        notifications.tell(Notification::info(Source::App, "first"));
        assert_eq!(said_at(&mut notifications, 10.0).as_deref(), Some("first"));
        notifications.tell(Notification::info(Source::App, "second"));
        assert_eq!(said_at(&mut notifications, 10.5).as_deref(), Some("first"));
        let next = 10.0 + SEEN_SECONDS + 0.1;
        assert_eq!(said_at(&mut notifications, next).as_deref(), Some("second"));
        assert_eq!(said_at(&mut notifications, next + INFO_SECONDS + 0.1), None);
    }

    #[test]
    fn a_notice_told_twice_before_a_frame_is_said_twice_in_turn() {
        let mut notifications = Notifications::default();
        notifications.tell(Notification::info(Source::App, "one"));
        notifications.tell(Notification::warning(Source::App, "two"));
        assert_eq!(said_at(&mut notifications, 1.0).as_deref(), Some("one"));
        assert_eq!(
            said_at(&mut notifications, 1.0 + SEEN_SECONDS + 0.1).as_deref(),
            Some("two")
        );
        let stays = 1.0 + SEEN_SECONDS + WARNING_SECONDS;
        assert_eq!(said_at(&mut notifications, stays).as_deref(), Some("two"));
    }

    #[test]
    fn errors_wait_in_boxes_and_never_in_the_status_line() {
        let mut notifications = Notifications::default();
        notifications.tell(Notification::error(Source::App, "a"));
        notifications.tell(Notification::error(Source::App, "b"));
        assert!(notifications.boxed());
        assert_eq!(said_at(&mut notifications, 0.0), None);
        let pending: Vec<_> = notifications.pending().map(|n| n.text.as_str()).collect();
        assert_eq!(pending, ["a", "b"]);
    }
}
