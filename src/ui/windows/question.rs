//! A question waiting for the user, in the one modal frame: unsaved changes about to be lost,
//! a game to pick from a file of several, unsaved work to restore after a run that did not end
//! normally, a player's word that ends the game. Each answer is a command; the question closes
//! itself once answered (the question about unsaved changes is taken by the app with its
//! answer, as it holds the command that waits for it).

use std::path::PathBuf;

use eframe::egui;

use crate::lang::Language;
use crate::record::{Game, TagKey};

use crate::ui::base::command::app_command::{Answer, AppCommand};
use crate::ui::base::command::origin::{FileTie, Origin};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::{Command, GameToShow};
use crate::ui::base::files::ListedGame;
use crate::ui::widgets::modal;

use super::{Shown, Window};

/// A question waiting for the user.
pub enum Question {
    /// Unsaved changes would be lost by this command (`None`: by closing the window).
    Discard(Option<Command>),
    /// A file held several games: pick one.
    PickGame {
        /// The file.
        path: PathBuf,
        /// Its games.
        games: Vec<ListedGame>,
    },
    /// Unsaved work was found from a run that did not end normally, with the file it belonged
    /// to.
    Restore(Game, Option<FileTie>),
    /// This command would end the game (a resignation, a draw agreed): apply it?
    Confirm(SessionCommand),
}

impl Window for Question {
    /// Draw the question; false once it is answered (or cancelled).
    fn show(&mut self, ui: &mut egui::Ui, shown: &Shown<'_>, commands: &mut Vec<Command>) -> bool {
        let ctx = ui.ctx();
        let lang = shown.session.lang();
        let answered = match self {
            Question::Discard(_) => {
                discard(ctx, lang, commands);
                false
            }
            Question::PickGame { path, games } => pick_game(ctx, path, games, lang, commands),
            Question::Restore(game, tie) => restore(ctx, game, tie, lang, commands),
            Question::Confirm(asked) => confirm(ctx, asked, lang, commands),
        };
        !answered
    }

    /// The keys answer the question, not the main window's shortcuts.
    fn takes_keys(&self) -> bool {
        true
    }
}

/// Save, Discard or Cancel: the app takes the question with the answer.
fn discard(ctx: &egui::Context, lang: Language, commands: &mut Vec<Command>) {
    modal::frame(ctx, "discard", |ui| {
        ui.label(lang.pick(
            "This game has unsaved changes.",
            "本局有未保存的改动。",
            "本局有未儲存的變更。",
        ));
        ui.horizontal(|ui| {
            let answers = [
                (Answer::Save, lang.pick("Save", "保存", "儲存")),
                (Answer::Discard, lang.pick("Discard", "放弃改动", "放棄變更")),
                (Answer::Cancel, lang.pick("Cancel", "取消", "取消")),
            ];
            for (answer, label) in answers {
                if ui.button(label).clicked() {
                    commands.push(AppCommand::Answer(answer).into());
                }
            }
        });
    });
}

/// The games of a file, one button each, and Cancel; true once cancelled (a pick is taken by
/// the app).
fn pick_game(
    ctx: &egui::Context,
    path: &std::path::Path,
    games: &[ListedGame],
    lang: Language,
    commands: &mut Vec<Command>,
) -> bool {
    let mut cancelled = false;
    modal::frame(ctx, "pick-game", |ui| {
        ui.heading(path.display().to_string());
        ui.label(lang.pick("Pick a game:", "选择一局：", "選擇一局："));
        egui::ScrollArea::vertical()
            .max_height(400.0)
            .show_rows(ui, 22.0, games.len(), |ui, rows| {
                for i in rows {
                    if ui.button(game_title(i, &games[i], lang)).clicked() {
                        commands.push(AppCommand::PickGame(i).into());
                    }
                }
            });
        cancelled = ui.button(lang.pick("Cancel", "取消", "取消")).clicked();
    });
    cancelled
}

/// Restore the unsaved game found, or discard it; true once answered.
fn restore(
    ctx: &egui::Context,
    game: &Game,
    tie: &Option<FileTie>,
    lang: Language,
    commands: &mut Vec<Command>,
) -> bool {
    let mut answered = false;
    modal::frame(ctx, "restore", |ui| {
        ui.label(lang.pick(
            "Qipu did not close normally last time. Restore the unsaved game?",
            "上次没有正常退出。恢复未保存的对局吗？",
            "上次沒有正常結束。恢復未儲存的對局嗎？",
        ));
        ui.horizontal(|ui| {
            if ui.button(lang.pick("Restore", "恢复", "恢復")).clicked() {
                let restored = GameToShow::new(game.clone(), Origin::Restored(tie.clone()));
                commands.push(SessionCommand::ShowGame(restored).into());
                answered = true;
            }
            if ui.button(lang.pick("Discard", "放弃", "放棄")).clicked() {
                commands.push(AppCommand::DiscardChanges.into());
                answered = true;
            }
        });
    });
    answered
}

/// "3. Red – Black (Event)" for the game list.
pub fn game_title(index: usize, listed: &ListedGame, lang: Language) -> String {
    match (&listed.game, &listed.error) {
        (Some(game), _) => {
            let tags = game.tags();
            let get = |key| tags.get(&key).unwrap_or("?").to_owned();
            format!(
                "{}. {} – {}  {}  {}",
                index + 1,
                get(TagKey::Red),
                get(TagKey::Black),
                tags.get(&TagKey::Event).unwrap_or(""),
                tags.get(&TagKey::Result).unwrap_or("")
            )
        }
        (None, Some(e)) => format!("{}. {}", index + 1, e.message(lang)),
        (None, None) => format!("{}.", index + 1),
    }
}

/// Ask once before a player's word ends the game (a resignation, 4.1.9; a draw agreed, 23.1):
/// yes applies `asked`, No or Escape leaves the game as it is. True once answered.
fn confirm(
    ctx: &egui::Context,
    asked: &SessionCommand,
    lang: Language,
    commands: &mut Vec<Command>,
) -> bool {
    let (question, yes) = match asked {
        SessionCommand::Resign(side) => (
            match lang {
                Language::English => format!(
                    "{} resigns: the game ends, {} wins. Resign?",
                    side.name(lang),
                    side.opponent().name(lang)
                ),
                _ => format!(
                    "{}{}{}{}",
                    side.name(lang),
                    lang.pick("", "认输：对局结束，", "認輸：對局結束，"),
                    side.opponent().name(lang),
                    lang.pick("", "胜。确定认输吗？", "勝。確定認輸嗎？")
                ),
            },
            lang.pick("Yes, resign", "确认认输", "確認認輸"),
        ),
        _ => (
            lang.pick(
                "Accept the draw: the game ends drawn. Accept?",
                "同意和棋：对局以和棋结束。确定同意吗？",
                "同意和棋：對局以和棋結束。確定同意嗎？",
            )
            .to_owned(),
            lang.pick("Yes, agree the draw", "确认和棋", "確認和棋"),
        ),
    };
    let mut answered = false;
    let modal = modal::frame(ctx, "confirm-end", |ui| {
        ui.label(question);
        ui.horizontal(|ui| {
            if ui.button(yes).clicked() {
                commands.push(AppCommand::Confirmed(Box::new(asked.clone())).into());
                answered = true;
            }
            if ui.button(lang.pick("Cancel", "取消", "取消")).clicked() {
                answered = true;
            }
        });
    });
    answered || modal.should_close()
}
