//! The cloud database's question and setting: the first time the user asks for something that
//! would use the cloud (云库, chessdb.cn), this window says what would be sent where and asks
//! once; the answer is kept, and the same window, opened again, turns the cloud on or off and
//! changes the server's address (a mirror's). It shows how full the cache of answers is, with
//! its limit, and clears it (clearing never touches a game), both on a thread of its own.

use std::path::PathBuf;

use eframe::egui;

use crate::cloud::{ChessDb, ClientSettings, CloudError, DEFAULT_SERVER};
use crate::lang::Language;

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::outbox::{Arrival, JobId, Outbox, Recipient};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::Command;
use crate::ui::base::numbers::{byte_size, group_digits};
use crate::ui::base::session::Session;
use crate::ui::base::settings::CloudSettings;
use crate::cloud::CACHE_FILE;
use crate::ui::widgets::busy;
use crate::ui::windows::{Opening, Opens, Shown, Window, WindowMessage};
use crate::ui::workers::cache_worker::{self, CacheAnswer, CacheReport, CacheTask};

/// Where the cache's line stands.
enum CacheState {
    /// No cache file (no data folder): the answers are kept in memory while Qipu runs.
    InMemory,
    /// Being measured or cleared.
    Working(JobId),
    /// Its size after the last task (a clear is said).
    Known(CacheReport),
    /// It could not be read or cleared.
    Failed(CloudError),
}

/// The question, and the setting after it.
pub struct CloudWindow {
    /// The setting as it stood when the window opened.
    settings: CloudSettings,
    /// The server's address as typed.
    server: String,
    /// The cache file (`None`: in memory only).
    cache: Option<PathBuf>,
    cache_state: CacheState,
    outbox: Outbox,
}

impl Opens for CloudWindow {
    /// The setting as it stands; the cache beside the autosave copy is measured.
    fn open(opening: &Opening<'_>) -> CloudWindow {
        let settings = opening.settings.cloud.clone();
        let mut window = CloudWindow {
            server: settings.server.clone(),
            settings,
            cache: opening.data_file(CACHE_FILE),
            cache_state: CacheState::InMemory,
            outbox: opening.outbox.clone(),
        };
        window.cache_task(CacheTask::Measure);
        window
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

    /// Measure or clear the cache file on a thread of its own.
    fn cache_task(&mut self, task: CacheTask) {
        if let Some(path) = &self.cache {
            let to = Recipient::Window(WindowId::Cloud);
            self.cache_state =
                CacheState::Working(cache_worker::start(&self.outbox, to, path.clone(), task));
        }
    }

    /// The cache's report, if it is the one awaited.
    fn cache_arrived(&mut self, arrival: Arrival) {
        let CacheState::Working(job) = self.cache_state else {
            return;
        };
        if let Some(answer) = arrival.open::<CacheAnswer>(Some(job)) {
            self.cache_state = match answer {
                Ok(report) => CacheState::Known(report),
                Err(e) => CacheState::Failed(e),
            };
        }
    }

    /// The cache's line: how many positions it keeps, their size and its limit, and Clear.
    fn cache_line(&mut self, ui: &mut egui::Ui, lang: Language) {
        let mut clear = false;
        ui.horizontal_wrapped(|ui| match &self.cache_state {
            CacheState::InMemory => {
                ui.weak(lang.pick(
                    "The cloud's answers are kept in memory only, while Qipu runs.",
                    "云库的结果只保存在内存中，直到棋谱关闭。",
                    "雲庫的結果只保存在記憶體中，直到棋譜關閉。",
                ));
            }
            CacheState::Working(_) => {
                busy::line(ui, lang.pick("Reading the cache…", "正在读取缓存…", "正在讀取快取…"), None);
            }
            CacheState::Known(report) => {
                let stats = report.stats;
                let (entries, bytes, limit) = (
                    group_digits(stats.entries),
                    byte_size(stats.bytes),
                    byte_size(stats.limit),
                );
                ui.label(match lang {
                    Language::English => {
                        format!("Cache: {entries} positions, {bytes} (limit {limit}).")
                    }
                    Language::SimplifiedChinese => {
                        format!("缓存：{entries} 个局面，{bytes}（上限 {limit}）。")
                    }
                    Language::TraditionalChinese => {
                        format!("快取：{entries} 個局面，{bytes}（上限 {limit}）。")
                    }
                });
                clear = ui
                    .add_enabled(
                        stats.entries > 0,
                        egui::Button::new(lang.pick("Clear cache", "清空缓存", "清除快取")),
                    )
                    .clicked();
                if report.task == CacheTask::Clear {
                    ui.label(lang.pick(
                        "The cache was cleared.",
                        "缓存已清空。",
                        "快取已清除。",
                    ));
                }
            }
            CacheState::Failed(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.message(lang))
                    .on_hover_text(e.to_string());
            }
        });
        if clear {
            self.cache_task(CacheTask::Clear);
        }
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
                self.cache_line(ui, lang);
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

    fn receive(&mut self, message: WindowMessage, _: &Session, _: &mut Vec<Command>) {
        if let WindowMessage::Arrived(_, arrival) = message {
            self.cache_arrived(arrival);
        }
    }
}
