//! The menus, the keys and the command palette: every entry of the menu and shortcut table
//! ([`UserCommand`]) reached three ways.

use std::path::PathBuf;

use eframe::egui::{self};

use crate::lang::Language;
use crate::recognise::is_picture_path;
use crate::referee::RuleSet;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::user_command::{Menu, Scope, UserCommand};
use crate::ui::widgets::menu_entry::{menu_entry, Tick};

use super::QipuApp;

impl QipuApp {
    pub(super) fn keyboard(&self, ctx: &egui::Context, commands: &mut Vec<Command>) {
        // Pictures dropped are read, not opened (QipuApp::pictures_given).
        let files_dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|file| file.path().to_owned())
                .filter(|path| !is_picture_path(path))
                .collect()
        });
        commands.extend(
            files_dropped
                .into_iter()
                .map(|path| AppCommand::OpenPath(path).into()),
        );
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        ctx.input_mut(|input| {
            for user in UserCommand::pressed(input, Scope::Window) {
                if user.enabled(&self.session) {
                    commands.push(user.command(&self.session));
                }
            }
            for event in &input.events {
                match event {
                    egui::Event::Paste(text) => {
                        commands.push(AppCommand::PasteText(text.clone()).into())
                    }
                    egui::Event::Copy => commands.push(AppCommand::CopyFen.into()),
                    _ => {}
                }
            }
        });
    }

    /// A menu of the command table: its commands, greyed out when they cannot be given, with
    /// their first shortcut at the right; one that is on or off with its tick box (or round
    /// button, for one choice among several) before it. The accessible name stays the label
    /// alone (the shortcut is the node's keyboard shortcut), so the item is found by its label.
    fn table_menu(&self, ui: &mut egui::Ui, menu: Menu, commands: &mut Vec<Command>) {
        let lang = self.session.lang();
        for user in UserCommand::all()
            .into_iter()
            .filter(|c| c.menu() == Some(menu))
        {
            let label = user.label(lang);
            let shortcut = user
                .shortcuts()
                .first()
                .map(|(shortcut, _)| ui.ctx().format_shortcut(shortcut));
            let checked = user.checked(&self.session).or(match user {
                UserCommand::Analysis => Some(self.parts.analysis.is_open()),
                UserCommand::EvaluationGraph => Some(self.parts.graph.is_open()),
                _ => None,
            });
            let enabled = user.enabled(&self.session);
            let response = match checked {
                Some(on) => {
                    let tick = if user.is_one_of_several() {
                        Tick::Choice(on)
                    } else {
                        Tick::Check(on)
                    };
                    menu_entry(ui, tick, &label, shortcut.as_deref(), enabled)
                }
                None => {
                    let mut button = egui::Button::new(label.as_str());
                    if let Some(shortcut) = &shortcut {
                        button = button.shortcut_text(shortcut.as_str());
                    }
                    let response = ui.add_enabled(enabled, button);
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label)
                    });
                    response
                }
            };
            if let Some(shortcut) = shortcut {
                ui.ctx().accesskit_node_builder(response.id, |node| {
                    node.set_keyboard_shortcut(shortcut);
                });
            }
            if response.clicked() {
                commands.push(user.command(&self.session));
            }
        }
    }

    pub(super) fn menu_bar(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let lang = self.session.lang();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(Menu::File.title(lang), |ui| {
                self.table_menu(ui, Menu::File, commands);
                ui.separator();
                ui.menu_button(
                    lang.pick("Recent files", "最近的文件", "最近的檔案"),
                    |ui| {
                        for path in &self.settings.recent {
                            if ui.button(path.display().to_string()).clicked() {
                                commands.push(AppCommand::OpenPath(path.clone()).into());
                            }
                        }
                    },
                );
            });
            ui.menu_button(Menu::Game.title(lang), |ui| {
                self.table_menu(ui, Menu::Game, commands);
                ui.separator();
                ui.label(lang.pick("Rules", "规则", "規則"));
                for (rules, label) in [
                    (
                        RuleSet::Cxa1999,
                        lang.pick(
                            "Chinese Xiangqi Association 1999",
                            "中国象棋协会 1999",
                            "中國象棋協會 1999",
                        ),
                    ),
                    (
                        RuleSet::Asian,
                        lang.pick("Asian (AXF)", "亚洲象联", "亞洲象聯"),
                    ),
                ] {
                    if ui.radio(self.session.rules() == rules, label).clicked() {
                        commands.push(SessionCommand::SetRules(rules).into());
                    }
                }
            });
            ui.menu_button(Menu::Annotate.title(lang), |ui| {
                self.table_menu(ui, Menu::Annotate, commands);
            });
            ui.menu_button(Menu::View.title(lang), |ui| {
                self.table_menu(ui, Menu::View, commands);
            });
            ui.menu_button(Menu::Database.title(lang), |ui| {
                self.table_menu(ui, Menu::Database, commands);
            });
            ui.menu_button(Menu::Training.title(lang), |ui| {
                self.table_menu(ui, Menu::Training, commands);
            });
            ui.menu_button(Menu::Help.title(lang), |ui| {
                self.table_menu(ui, Menu::Help, commands);
            });
            ui.menu_button(lang.pick("Language", "语言", "語言"), |ui| {
                for choice in Language::ALL {
                    if ui.radio(lang == choice, choice.to_string()).clicked() {
                        commands.push(SessionCommand::SetLanguage(choice).into());
                    }
                }
            });
        });
    }
}
