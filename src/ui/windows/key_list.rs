//! Help › Keyboard shortcuts: every shortcut of the command table, menu by menu, with where it
//! works (the move box has keys of its own), and a field that finds a command by its words.

use eframe::egui::{self, KeyboardShortcut};

use crate::lang::Language;

use crate::ui::base::command::Command;
use crate::ui::base::user_command::{Menu, Scope, UserCommand};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::windows::{Opening, Opens, Shown, Window};


/// The list of shortcuts, with the words typed to find a command.
#[derive(Debug, Default)]
pub struct KeyList {
    query: String,
}

/// One row of the list: the command and its shortcuts.
struct Row {
    command: UserCommand,
    shortcuts: Vec<(KeyboardShortcut, Scope)>,
}

/// The commands with shortcuts that `query` finds ([`UserCommand::matches`]), grouped under
/// each menu in menu-bar order, then those no menu lists (moving through the game): `None`.
fn groups(query: &str, lang: Language) -> Vec<(Option<Menu>, Vec<Row>)> {
    let rows: Vec<Row> = UserCommand::all()
        .into_iter()
        .filter(|c| c.matches(query, lang))
        .map(|command| Row {
            command,
            shortcuts: command.shortcuts(),
        })
        .filter(|row| !row.shortcuts.is_empty())
        .collect();
    let menus = Menu::ALL.into_iter().map(Some).chain([None]);
    menus
        .map(|menu| {
            let under: Vec<Row> = rows
                .iter()
                .filter(|row| row.command.menu() == menu)
                .map(|row| Row {
                    command: row.command,
                    shortcuts: row.shortcuts.clone(),
                })
                .collect();
            (menu, under)
        })
        .filter(|(_, under)| !under.is_empty())
        .collect()
}

/// Where a shortcut works, as the list says it after the keys (nothing for the whole window).
fn scope_words(scope: Scope, lang: Language) -> &'static str {
    match scope {
        Scope::Window => "",
        Scope::MoveBox => lang.pick("in the move box", "在着法输入框中", "在著法輸入框中"),
        Scope::EmptyMoveBox => lang.pick(
            "in the move box while empty",
            "在空的着法输入框中",
            "在空的著法輸入框中",
        ),
    }
}

/// A group's heading: its menu's title, or what the keys without a menu do.
fn heading(menu: Option<Menu>, lang: Language) -> &'static str {
    match menu {
        Some(menu) => menu.title(lang),
        None => lang.pick("Moving through the game", "浏览对局", "瀏覽對局"),
    }
}

impl Window for KeyList {
    /// Draw the list; false once the user closed it (its close button or Escape).
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        _commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        let lang = shown.session.lang();
        let mut open = !ctx.input(|i| i.key_pressed(egui::Key::Escape));
        let height = (ctx.content_rect().height() - 120.0).max(160.0);
        egui::Window::new(WindowId::KeyList.title(lang))
            .id(egui::Id::unique("key list"))
            .open(&mut open)
            .collapsible(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    let label = ui.label(lang.pick("Find:", "查找：", "尋找："));
                    ui.text_edit_singleline(&mut self.query)
                        .labelled_by(label.id);
                });
                ui.separator();
                egui::ScrollArea::vertical()
                    .max_height(height)
                    .min_scrolled_height(height.min(640.0))
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        // One grid, so that the keys of every menu line up.
                        egui::Grid::new("key list")
                            .num_columns(2)
                            .spacing([16.0, 4.0])
                            .show(ui, |ui| {
                                for (menu, rows) in groups(&self.query, lang) {
                                    ui.strong(heading(menu, lang));
                                    ui.end_row();
                                    for row in rows {
                                        ui.label(row.command.label(lang));
                                        ui.vertical(|ui| {
                                            for (shortcut, scope) in row.shortcuts {
                                                let keys = ctx.format_shortcut(&shortcut);
                                                let place = scope_words(scope, lang);
                                                ui.label(if place.is_empty() {
                                                    keys
                                                } else {
                                                    format!("{keys} ({place})")
                                                });
                                            }
                                        });
                                        ui.end_row();
                                    }
                                }
                            });
                    });
            });
        open
    }

    fn takes_keys(&self) -> bool {
        true
    }
}

impl Opens for KeyList {
    fn open(_opening: &Opening<'_>) -> KeyList {
        KeyList::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shortcut_of_the_table_is_listed_once_under_its_menu() {
        for lang in Language::ALL {
            let listed: Vec<(UserCommand, KeyboardShortcut, Scope)> = groups("", lang)
                .into_iter()
                .flat_map(|(menu, rows)| {
                    rows.into_iter().flat_map(move |row| {
                        assert_eq!(row.command.menu(), menu);
                        row.shortcuts
                            .into_iter()
                            .map(move |(k, s)| (row.command, k, s))
                    })
                })
                .collect();
            let table: Vec<(UserCommand, KeyboardShortcut, Scope)> = UserCommand::all()
                .into_iter()
                .flat_map(|c| c.shortcuts().into_iter().map(move |(k, s)| (c, k, s)))
                .collect();
            assert_eq!(listed.len(), table.len(), "{lang:?}");
            assert!(table.iter().all(|t| listed.contains(t)), "{lang:?}");
        }
    }

    #[test]
    fn the_groups_follow_the_menu_bar_and_moving_through_the_game_comes_last() {
        let menus: Vec<Option<Menu>> = groups("", Language::English)
            .into_iter()
            .map(|(menu, _)| menu)
            .collect();
        assert_eq!(menus.first(), Some(&Some(Menu::File)));
        assert_eq!(menus.last(), Some(&None));
        let order: Vec<usize> = menus
            .iter()
            .flatten()
            .map(|m| Menu::ALL.iter().position(|x| x == m).unwrap_or(usize::MAX))
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{menus:?}");
    }

    #[test]
    fn words_typed_keep_only_the_commands_they_find_in_either_language() {
        let found = groups("save", Language::SimplifiedChinese);
        let commands: Vec<UserCommand> = found
            .iter()
            .flat_map(|(_, rows)| rows.iter().map(|r| r.command))
            .collect();
        assert_eq!(commands, [UserCommand::Save, UserCommand::SaveAs]);
        let found = groups("翻转", Language::SimplifiedChinese);
        assert!(found.is_empty(), "Flip has no shortcut: {}", found.len());
        assert!(groups("no such command", Language::English).is_empty());
    }
}
