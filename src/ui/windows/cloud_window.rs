//! The cloud database's question and setting: the first time the user asks for something that
//! would use the cloud (云库, chessdb.cn), this window says what would be sent where and asks
//! once; the answer is kept, and the same window, opened again, turns the cloud on or off and
//! changes the server's address (a mirror's).

use eframe::egui;

use crate::cloud::{ChessDb, ClientSettings, DEFAULT_SERVER};

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::Command;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::settings::CloudSettings;
use crate::ui::windows::{Opening, Opens, Shown, Window};

/// The question, and the setting after it.
pub struct CloudWindow {
    /// The setting as it stood when the window opened.
    settings: CloudSettings,
    /// The server's address as typed.
    server: String,
}

impl Opens for CloudWindow {
    fn open(opening: &Opening<'_>) -> CloudWindow {
        let settings = opening.settings.cloud.clone();
        CloudWindow {
            server: settings.server.clone(),
            settings,
        }
    }
}

impl CloudWindow {
    /// The setting the user's answer gives: asked, on or off, at the address typed (the one
    /// kept before, when what is typed is no address).
    fn answer(&self, enabled: bool) -> Command {
        let server = if self.server_ok() {
            self.server.trim().to_owned()
        } else {
            self.settings.server.clone()
        };
        AppCommand::SetCloud(CloudSettings {
            asked: true,
            enabled,
            server,
        })
        .into()
    }

    /// Whether the address typed is one the client can ask.
    fn server_ok(&self) -> bool {
        ChessDb::new(ClientSettings {
            server: self.server.clone(),
            ..ClientSettings::default()
        })
        .is_ok()
    }
}

impl Window for CloudWindow {
    /// Show the question; false once answered or closed (closing it leaves the setting as it
    /// was, and asks again the next time).
    fn show(&mut self, ui: &mut egui::Ui, shown: &Shown<'_>, commands: &mut Vec<Command>) -> bool {
        let ctx = &ui.ctx().clone();
        let lang = shown.session.lang();
        let mut open = true;
        let mut answered = false;
        egui::Window::new(WindowId::Cloud.title(lang))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .open(&mut open)
            .show(ctx, |ui| {
                ui.set_max_width(420.0);
                ui.label(lang.pick(
                    "The Xiangqi cloud database (chessdb.cn) knows the best moves of billions of \
                     positions and the results of endgames. To show them beside the engine and in \
                     the opening tree, Qipu sends it each position you look at (the position only: \
                     no name, no file). Nothing is sent until you turn it on; without a network \
                     Qipu says so and uses the answers it has kept.",
                    "象棋云库（chessdb.cn）收录了数十亿个局面的最佳着法和残局结果。为了在引擎旁和开局树中显示这些着法，\
                     棋谱会把你查看的每个局面发送给云库（只有局面，没有姓名或文件）。开启之前不会发送任何内容；\
                     没有网络时，棋谱会说明并使用已保存的结果。",
                    "象棋雲庫（chessdb.cn）收錄了數十億個局面的最佳著法和殘局結果。為了在引擎旁和開局樹中顯示這些著法，\
                     棋譜會把你查看的每個局面傳送給雲庫（只有局面，沒有姓名或檔案）。開啟之前不會傳送任何內容；\
                     沒有網路時，棋譜會說明並使用已保存的結果。",
                ));
                ui.horizontal(|ui| {
                    let label = ui.label(lang.pick("Server", "服务器", "伺服器"));
                    ui.text_edit_singleline(&mut self.server)
                        .labelled_by(label.id);
                    if ui
                        .small_button(lang.pick("Default", "默认", "預設"))
                        .clicked()
                    {
                        self.server = DEFAULT_SERVER.to_owned();
                    }
                });
                let server_ok = self.server_ok();
                if !server_ok {
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        lang.pick(
                            "The server must be an http:// or https:// address.",
                            "服务器必须是 http:// 或 https:// 地址。",
                            "伺服器必須是 http:// 或 https:// 位址。",
                        ),
                    );
                }
                ui.horizontal(|ui| {
                    let on = lang.pick("Turn the cloud on", "开启云库", "開啟雲庫");
                    if ui.add_enabled(server_ok, egui::Button::new(on)).clicked() {
                        commands.push(self.answer(true));
                        answered = true;
                    }
                    let off = if self.settings.sends() {
                        lang.pick("Turn it off", "关闭云库", "關閉雲庫")
                    } else {
                        lang.pick("Keep it off", "暂不开启", "暫不開啟")
                    };
                    if ui.button(off).clicked() {
                        commands.push(self.answer(false));
                        answered = true;
                    }
                });
            });
        open && !answered
    }
}
