//! The command palette: every entry of the menu and shortcut table found by typing words of its
//! name.

use eframe::egui::{self, Key};

use crate::ui::base::command::Command;
use crate::ui::base::user_command::UserCommand;
use crate::ui::windows::{Opening, Opens, Shown, Window};
use crate::ui::widgets::modal;

/// The command palette, open: the words typed so far.
#[derive(Clone, Debug, Default)]
pub struct Palette {
    query: String,
}

impl Window for Palette {
    /// The command palette: type words of a command's name (in the language shown or in
    /// English), Enter gives the first found, a click any of them; Escape closes it.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        let (session, query) = (shown.session, &mut self.query);
        let lang = session.lang();
        let found: Vec<UserCommand> = UserCommand::all()
            .into_iter()
            .filter(|c| c.enabled(session) && c.matches(query, lang))
            .collect();
        let mut close = false;
        let modal = modal::frame(ctx, "palette", |ui| {
            ui.set_width(360.0);
            let field = ui.add(
                egui::TextEdit::singleline(query)
                    .hint_text(lang.pick("Find a command", "查找命令", "尋找指令"))
                    .desired_width(f32::INFINITY),
            );
            field.request_focus();
            if ui.input(|i| i.key_pressed(Key::Enter)) {
                if let Some(first) = found.first() {
                    commands.push(first.command(session));
                }
                close = true;
            }
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    for user in &found {
                        let mut button = egui::Button::new(user.label(lang));
                        if let Some((shortcut, _)) = user.shortcuts().first() {
                            button = button.shortcut_text(ctx.format_shortcut(shortcut));
                        }
                        if ui.add(button).clicked() {
                            commands.push(user.command(session));
                            close = true;
                        }
                    }
                });
        });
        !(close || modal.should_close())
    }

    fn takes_keys(&self) -> bool {
        true
    }
}

impl Opens for Palette {
    fn open(_: &Opening<'_>) -> Palette {
        Palette::default()
    }
}
