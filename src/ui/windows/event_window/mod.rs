//! The Event window: the event an arbiter runs (chapters 3–5 of the rules), kept in its file by
//! [`crate::tournament`]. Players (add, edit, import, withdraw), the rounds with their pairing
//! tables, results by a click or from the game on the board (and corrected, or cleared, on
//! purpose), the standings and the crosstable, and the exports. Files are chosen in the system's
//! file dialog, or in Qipu's own where there is none. The file is read and written on its own thread ([`crate::ui::workers::event_worker`]): the window
//! never waits, shows that work is under way, and says why a change was refused.
//!
//! The window's buttons give [`EventCommand`]s (as [`Command::Event`]), which the app hands
//! back to [`EventWindow::apply`] with the session: the one place the window changes the event.

mod forms;
mod tables;

use std::path::PathBuf;

use eframe::egui;

use crate::lang::Language;
use crate::tournament::event::Event;
use crate::tournament::export::Format;
use crate::tournament::from_record::result_of_record;
use crate::tournament::BoardResult;

use crate::ui::widgets::busy;
use crate::ui::base::command::event_command::{Ask, Change, EventCommand};
use crate::ui::base::command::notification::{Level, Notification, Source};
use crate::ui::base::command::Command;
use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::file_purpose::{Purpose, Start};
use crate::ui::base::files;
use crate::ui::base::command::outbox::{Arrival, Outbox};
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::session::Session;
use crate::ui::windows::{Opening, Opens, Shown, Window, WindowMessage};
use crate::ui::workers::event_worker::{Correction, Job, Reply, Worker};

use forms::{NewEventForm, PlayerForm};

/// The part of the event shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Players,
    Rounds,
    Standings,
    Crosstable,
}

/// The Event window's state: the event as last stored, what is shown, and the forms.
pub struct EventWindow {
    worker: Worker,
    path: Option<PathBuf>,
    event: Option<Event>,
    tab: Tab,
    new_event: NewEventForm,
    player: PlayerForm,
    /// The round shown (0: the last paired).
    round: u32,
    /// The board whose result is being corrected: round and board.
    correcting: Option<(u32, u32)>,
    /// Line-ups being chosen: round and team to the players, board 1 first.
    lineups: tables::Lineups,
}

impl EventWindow {
    /// The window with no event open; its thread's replies are sent through `outbox`.
    pub fn new(outbox: &Outbox) -> EventWindow {
        EventWindow {
            worker: Worker::start(outbox),
            path: None,
            event: None,
            tab: Tab::Players,
            new_event: NewEventForm::default(),
            player: PlayerForm::default(),
            round: 0,
            correcting: None,
            lineups: tables::Lineups::default(),
        }
    }

    /// The folder files are looked for in: the event's, else the working folder.
    fn folder(&self) -> PathBuf {
        self.path
            .as_deref()
            .and_then(std::path::Path::parent)
            .map(std::path::Path::to_owned)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default()
    }

    /// Do `ask` with the file `path`.
    fn go(&mut self, ask: Ask, path: PathBuf) {
        let job = match ask {
            Ask::New => Job::Create(path, self.new_event.event()),
            Ask::Open => Job::Open(path),
            Ask::Import => Job::Change(Change::Import(path)),
            Ask::Export(format) => Job::Export(format, path),
        };
        self.worker.send(job);
    }

    /// Carry out `command`; files are asked of the app ([`AppCommand::PickFile`], pushed onto
    /// `commands`), the game on the board is the session's.
    pub fn apply(
        &mut self,
        command: EventCommand,
        session: &Session,
        commands: &mut Vec<Command>,
    ) {
        let lang = session.lang();
        match command {
            EventCommand::New => {
                let name = format!("{}.qipu-event", self.new_event.name.trim());
                let suggested = self.folder().join(name);
                commands.push(AppCommand::PickFile(Purpose::Event(Ask::New), Start::At(suggested)).into());
            }
            EventCommand::Open | EventCommand::Import => {
                let ask = if command == EventCommand::Open {
                    Ask::Open
                } else {
                    Ask::Import
                };
                commands.push(AppCommand::PickFile(Purpose::Event(ask), Start::At(self.folder())).into());
            }
            EventCommand::UsePath(ask, path) => self.go(ask, path),
            EventCommand::NewForm => {
                self.event = None;
                self.path = None;
            }
            EventCommand::Change(change) => {
                match change {
                    Change::AddPlayer(_) | Change::EditPlayer(..) => {
                        self.player = PlayerForm::default();
                    }
                    Change::Correct { .. } => self.correcting = None,
                    _ => {}
                }
                self.worker.send(Job::Change(change));
            }
            EventCommand::RecordGame {
                round,
                board,
                replace,
            } => {
                // The whole game's result, wherever the board stands in it.
                let text = files::pgn_text(session.game(), lang, session.tandem());
                match result_of_record(text.as_bytes()) {
                    Ok((result, report)) => {
                        let report = Some(report);
                        self.correcting = None;
                        self.worker.send(Job::Change(if replace {
                            Change::Correct {
                                round,
                                board,
                                result: Some(result),
                                report,
                            }
                        } else {
                            Change::Result {
                                round,
                                board,
                                result,
                                report,
                            }
                        }))
                    }
                    Err(e) => {
                        let why = format!(
                            "{} {}",
                            lang.pick(
                                "The game on the board gives no result:",
                                "棋盘上的对局没有结果：",
                                "棋盤上的對局沒有結果："
                            ),
                            e.message(lang)
                        );
                        commands.push(told(Level::Error, why));
                    }
                }
            }
            EventCommand::Export(format) => {
                let Some(event) = &self.event else {
                    return;
                };
                let name = format!("{}.{}", event.name, extension(format));
                let suggested = self.folder().join(name);
                let purpose = Purpose::Event(Ask::Export(format));
                commands.push(AppCommand::PickFile(purpose, Start::At(suggested)).into());
            }
        }
    }

    /// What the thread has done; what it tells the user goes onto `commands`.
    fn arrived(&mut self, arrival: Arrival, lang: Language, commands: &mut Vec<Command>) {
        if let Some(reply) = self.worker.take(arrival) {
            match reply {
                Reply::Event(path, event) => {
                    self.path = Some(path);
                    self.event = Some(*event);
                }
                Reply::Corrected(path, event, correction) => {
                    self.path = Some(path);
                    self.event = Some(*event);
                    commands.push(corrected(&correction, lang));
                }
                Reply::Exported(path) => {
                    let written = lang.pick("Written:", "已写入：", "已寫入：");
                    let text = format!("{written} {}", path.display());
                    commands.push(told(Level::Info, text));
                }
                Reply::Refused(reason) => {
                    let text = format!(
                        "{} {}",
                        lang.pick(
                            "Refused, nothing changed:",
                            "未执行，没有改动：",
                            "未執行，沒有變更："
                        ),
                        reason.message(lang)
                    );
                    commands.push(told(Level::Error, text));
                }
            }
        }
    }
}

impl Window for EventWindow {
    /// Draw the window; its buttons' commands go to `commands`. Returns false once closed.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        let session = shown.session;
        let lang = session.lang();
        let mut open = true;
        let mut asked: Vec<EventCommand> = Vec::new();
        let working = self.worker.busy();
        egui::Window::new(WindowId::Event.title(lang))
            .id(egui::Id::unique("event-window"))
            .open(&mut open)
            .default_size([760.0, 520.0])
            .vscroll(false)
            .show(ctx, |ui| {
                toolbar(
                    ui,
                    lang,
                    self.event.as_ref(),
                    self.path.as_deref(),
                    working,
                    &mut asked,
                );
                ui.separator();
                match &self.event {
                    None => self.new_event.show(ui, lang, &mut asked),
                    Some(event) => {
                        ui.horizontal(|ui| {
                            for (tab, label) in [
                                (Tab::Players, lang.pick("Players", "棋手", "棋手")),
                                (Tab::Rounds, lang.pick("Rounds", "轮次", "輪次")),
                                (Tab::Standings, lang.pick("Standings", "名次", "名次")),
                                (Tab::Crosstable, lang.pick("Crosstable", "成绩表", "成績表")),
                            ] {
                                ui.selectable_value(&mut self.tab, tab, label);
                            }
                        });
                        ui.separator();
                        egui::ScrollArea::both().show(ui, |ui| match self.tab {
                            Tab::Players => {
                                tables::players(ui, event, lang, &mut self.player, &mut asked);
                                ui.separator();
                                self.player.show(ui, event, lang, &mut asked);
                            }
                            Tab::Rounds => {
                                tables::rounds(
                                    ui,
                                    event,
                                    lang,
                                    session,
                                    &mut self.round,
                                    &mut self.correcting,
                                    &mut asked,
                                );
                                tables::lineups(
                                    ui,
                                    event,
                                    lang,
                                    self.round,
                                    &mut self.lineups,
                                    &mut asked,
                                );
                            }
                            Tab::Standings => tables::standings(ui, event, lang),
                            Tab::Crosstable => tables::crosstable(ui, event, lang),
                        });
                    }
                }
            });
        commands.extend(asked.into_iter().map(Command::Event));
        open
    }

    /// Do what a button of the window asked, once the app has answered it; take what the
    /// thread has done.
    fn receive(
        &mut self,
        message: WindowMessage,
        session: &Session,
        commands: &mut Vec<Command>,
    ) {
        match message {
            WindowMessage::Event(asked) => self.apply(asked, session, commands),
            WindowMessage::Arrived(_, arrival) => self.arrived(arrival, session.lang(), commands),
            WindowMessage::Export(_) | WindowMessage::Database(_) | WindowMessage::PuzzleSet(_) => {}
        }
    }
}

/// New, Open, the exports, and whether work is under way.
fn toolbar(
    ui: &mut egui::Ui,
    lang: Language,
    event: Option<&Event>,
    path: Option<&std::path::Path>,
    working: bool,
    asked: &mut Vec<EventCommand>,
) {
    ui.horizontal_wrapped(|ui| {
        if event.is_some()
            && ui
                .button(lang.pick("New event", "新建赛事", "新建賽事"))
                .clicked()
        {
            asked.push(EventCommand::NewForm);
        }
        if ui
            .button(lang.pick("Open event…", "打开赛事…", "開啟賽事…"))
            .clicked()
        {
            asked.push(EventCommand::Open);
        }
        if event.is_some() {
            ui.separator();
            ui.label(lang.pick("Export:", "导出：", "匯出："));
            for (format, label) in [
                (Format::Trf, "TRF"),
                (Format::Csv, "CSV"),
                (Format::Html, "HTML"),
                (Format::Pdf, "PDF"),
            ] {
                if ui.button(label).clicked() {
                    asked.push(EventCommand::Export(format));
                }
            }
        }
        if working {
            busy::line(ui, lang.pick("Working…", "处理中…", "處理中…"), None);
        }
    });
    if let (Some(event), Some(path)) = (event, path) {
        ui.label(format!("{} — {}", event.name, path.display()));
    }
}

fn extension(format: Format) -> &'static str {
    match format {
        Format::Trf => "trf",
        Format::Csv => "csv",
        Format::Html => "html",
        Format::Pdf => "pdf",
    }
}

/// What a correction says: the board's result then and now, and the rounds paired since on the
/// old result, whose pairings stand.
fn corrected(c: &Correction, lang: Language) -> Command {
    let none = lang.pick("no result", "无结果", "無結果");
    let token = |r: Option<BoardResult>| r.map_or(none, BoardResult::token);
    let (round, board, was, now) = (c.round, c.board, token(c.was), token(c.now));
    let done = match lang {
        Language::English => format!("Round {round}, board {board}: {now} (was {was})."),
        Language::SimplifiedChinese => {
            format!("第 {round} 轮第 {board} 台：{now}（原为 {was}）。")
        }
        Language::TraditionalChinese => {
            format!("第 {round} 輪第 {board} 臺：{now}（原為 {was}）。")
        }
    };
    if c.paired_since.is_empty() {
        return told(Level::Info, done);
    }
    let rounds: Vec<String> = c.paired_since.iter().map(u32::to_string).collect();
    let rounds = rounds.join(", ");
    let text = match lang {
        Language::English if c.paired_since.len() == 1 => format!(
            "{done} Round {rounds} was paired with the old result {was}; its pairings stand."
        ),
        Language::English => format!(
            "{done} Rounds {rounds} were paired with the old result {was}; their pairings stand."
        ),
        Language::SimplifiedChinese => {
            format!("{done}第 {rounds} 轮是按原结果 {was} 编排的，编排不变。")
        }
        Language::TraditionalChinese => {
            format!("{done}第 {rounds} 輪是按原結果 {was} 編排的，編排不變。")
        }
    };
    told(Level::Warning, text)
}

/// `text` from the Event window, told at `level`.
fn told(level: Level, text: String) -> Command {
    let told = Notification::new(level, Source::Window(WindowId::Event), text);
    AppCommand::Notify(told).into()
}

impl Opens for EventWindow {
    fn open(opening: &Opening<'_>) -> EventWindow {
        EventWindow::new(opening.outbox)
    }
}
