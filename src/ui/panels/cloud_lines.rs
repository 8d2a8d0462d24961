//! The cloud database (云库) beside the engine: its moves for the position on the board, asked
//! in the background ([`CloudWorker`]) while the analysis panel or the opening tree is shown and
//! the user has turned the cloud on. Each move in the user's notation, with its score from Red's
//! side and from the side to move (as the engine's lines show theirs), its win rate, the cloud's
//! rank mark and note, and the forbidden mark where the game's rules forbid it; in endgames the
//! table's result; where the answer came from the cache, its age. The best moves are drawn as
//! arrows, in a colour of their own. Nothing is sent before the user agreed (the cloud's window
//! asks once), and another position shown gives up the question under way.

use std::path::PathBuf;
use std::time::Duration;

use eframe::egui::{self, Color32, RichText};

use crate::cloud::{
    ClientSettings, CloudMove, Endgame, Fetched, Line, Metric, Outcome, ShownMove, Source,
};
use crate::engine_client::{BoundedScore, RedScore};
use crate::lang::Language;
use crate::referee::RuleSet;
use crate::rules::{Color, Move, Position};

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::outbox::{Arrival, JobId, Outbox, Recipient};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::Command;
use crate::ui::base::numbers::signed;
use crate::ui::base::session::Session;
use crate::ui::base::settings::CloudSettings;
use crate::ui::widgets::board::EngineArrow;
use crate::ui::widgets::{busy, move_text};
use crate::ui::workers::cloud_scores::value;
use crate::ui::workers::cloud_worker::{CloudAnswer, CloudTrouble, CloudWorker};

/// Most of the cloud's moves drawn as arrows.
pub const CLOUD_ARROWS: usize = 3;

/// The forbidden mark's colour.
const FORBIDDEN: Color32 = Color32::from_rgb(190, 40, 30);

/// The position asked about: the game's start, the moves to it and the rules they are judged by.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Asked {
    start: Position,
    moves: Vec<Move>,
    rules: RuleSet,
}

impl Asked {
    /// The position on the board, as the cloud is asked about it.
    fn of(session: &Session) -> Asked {
        Asked {
            start: session.game().start().clone(),
            moves: session.game().moves_to(session.cursor()),
            rules: session.rules(),
        }
    }

    /// The line the cloud is asked about (the position alone, were the moves not legal).
    fn line(&self) -> Line {
        Line::new(self.start.clone(), self.moves.clone(), self.rules).unwrap_or_else(|_| {
            let mut end = self.start.clone();
            for &mv in &self.moves {
                end = end.play(mv).unwrap_or(end);
            }
            Line::position(end)
        })
    }
}

/// Where the question about the position stands.
#[derive(Clone, Debug, PartialEq)]
pub enum CloudState {
    /// Asked: the answer is awaited.
    Waiting,
    /// The cloud's moves, best first (the forbidden last).
    Moves(Fetched<Vec<ShownMove>>),
    /// No answer, and why.
    Failed(CloudTrouble),
    /// The user gave the question up.
    Cancelled,
}

/// The cloud's moves for the position on the board, as the analysis panel and the opening tree
/// show them.
pub struct CloudLines {
    settings: CloudSettings,
    /// Where the answers are kept (in memory when `None`).
    cache: Option<PathBuf>,
    outbox: Outbox,
    /// Started at the first question once the cloud is on; dropped when it is turned off.
    worker: Option<CloudWorker>,
    /// The position last asked about, and the job whose answer is awaited.
    asked: Option<Asked>,
    job: Option<JobId>,
    state: CloudState,
}

impl CloudLines {
    /// The cloud as `settings` has it, its answers kept in the file `cache` (in memory when
    /// `None`) and sent through `outbox`. Nothing is sent until the settings allow it.
    pub fn new(outbox: Outbox, settings: CloudSettings, cache: Option<PathBuf>) -> CloudLines {
        CloudLines {
            settings,
            cache,
            outbox,
            worker: None,
            asked: None,
            job: None,
            state: CloudState::Waiting,
        }
    }

    /// The setting in use.
    pub fn settings(&self) -> &CloudSettings {
        &self.settings
    }

    /// Use `settings` from now: turned off, nothing more is sent; another server is asked
    /// again about the position.
    pub fn set(&mut self, settings: CloudSettings) {
        if settings == self.settings {
            return;
        }
        self.settings = settings;
        self.worker = None;
        self.asked = None;
        self.job = None;
        self.state = CloudState::Waiting;
    }

    /// Follow the board: while the cloud is on and its moves are `wanted` (a panel showing
    /// them is open), another position shown is asked about, and the question before it given
    /// up.
    pub fn follow(&mut self, session: &Session, wanted: bool) {
        if !self.settings.sends() || !wanted {
            return;
        }
        let here = Asked::of(session);
        if self.asked.as_ref() == Some(&here) {
            return;
        }
        if self.worker.is_none() {
            self.worker = self.worker_for(Recipient::Cloud);
        }
        let Some(worker) = &self.worker else {
            return;
        };
        self.job = Some(worker.ask(here.line()));
        self.asked = Some(here);
        self.state = CloudState::Waiting;
    }

    /// A worker of its own asking the cloud as set (its server, its cache), its answers sent to
    /// `to`; `None` while the cloud is off.
    pub fn worker_for(&self, to: Recipient) -> Option<CloudWorker> {
        let client = ClientSettings {
            server: self.settings.server.clone(),
            ..ClientSettings::default()
        };
        self.settings
            .sends()
            .then(|| CloudWorker::start(&self.outbox, to, client, self.cache.clone()))
    }

    /// The cloud's answer, if it is the one awaited.
    pub fn arrived(&mut self, arrival: Arrival) {
        if let Some(answer) = arrival.open::<CloudAnswer>(self.job) {
            self.job = None;
            self.state = match answer {
                Ok(moves) => CloudState::Moves(moves),
                Err(trouble) => CloudState::Failed(trouble),
            };
        }
    }

    /// Give the question under way up: its answer is left unread.
    pub fn cancel(&mut self) {
        if self.job.take().is_some() {
            self.state = CloudState::Cancelled;
        }
    }

    /// Where the question about the position on the board stands; `None` while the cloud is
    /// off or has not been asked about it.
    pub fn state(&self, session: &Session) -> Option<&CloudState> {
        let here = self.asked.as_ref()? == &Asked::of(session);
        (self.settings.sends() && here).then_some(&self.state)
    }

    /// The cloud's moves of the position on the board, best first.
    fn moves(&self, session: &Session) -> &[ShownMove] {
        match self.state(session) {
            Some(CloudState::Moves(fetched)) => &fetched.value,
            _ => &[],
        }
    }

    /// The cloud's best moves (the forbidden left out) as arrows, ranked from 1.
    pub fn arrows(&self, session: &Session) -> Vec<EngineArrow> {
        let position = session.position();
        let mover = position.side_to_move();
        let lang = session.lang();
        self.moves(session)
            .iter()
            .filter(|m| !m.forbidden)
            .take(CLOUD_ARROWS)
            .zip(1..)
            .map(|(m, rank)| {
                let score = m
                    .cloud
                    .score
                    .map_or_else(String::new, |s| format!(" {}", signed(red_score(s, mover))));
                EngineArrow {
                    mv: m.cloud.mv,
                    rank,
                    label: format!(
                        "{} {rank}. {}{score}",
                        cloud_name(lang),
                        session.move_style().write(position, m.cloud.mv)
                    ),
                    cloud: true,
                }
            })
            .collect()
    }

    /// The switch, named `name`: on asks the question the first time (the cloud's window),
    /// then turns the cloud on or off.
    fn switch(&self, ui: &mut egui::Ui, name: &str, lang: Language, commands: &mut Vec<Command>) {
        let mut on = self.settings.sends();
        let response = ui.checkbox(&mut on, name).on_hover_text(lang.pick(
            "Ask the Xiangqi cloud database (chessdb.cn) about the position shown",
            "向象棋云库（chessdb.cn）查询所示局面",
            "向象棋雲庫（chessdb.cn）查詢所示局面",
        ));
        if response.clicked() {
            commands.push(self.switched(on));
        }
        if self.settings.asked
            && ui
                .small_button(lang.pick("Setting…", "设置…", "設定…"))
                .on_hover_text(lang.pick(
                    "The cloud database's setting: on or off, its server",
                    "云库设置：开启或关闭，服务器",
                    "雲庫設定：開啟或關閉，伺服器",
                ))
                .clicked()
        {
            commands.push(AppCommand::Open(WindowId::Cloud).into());
        }
    }

    /// The command the switch gives when turned `on` (or off).
    fn switched(&self, on: bool) -> Command {
        if !self.settings.asked {
            return AppCommand::Open(WindowId::Cloud).into();
        }
        AppCommand::SetCloud(CloudSettings {
            enabled: on,
            ..self.settings.clone()
        })
        .into()
    }

    /// The cloud's part of the analysis panel: where the answer stands, the table's result in
    /// an endgame, and each move on a row of its own; a move clicked is played.
    pub fn show(&mut self, ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
        let lang = session.lang();
        ui.horizontal(|ui| self.switch(ui, cloud_name(lang), lang, commands));
        if self.status(ui, session) {
            return;
        }
        let position = session.position();
        if let Some(ending) = endgame_text(self.moves(session), position.side_to_move(), lang) {
            ui.label(RichText::new(ending).strong());
        }
        // The moves scroll in a fifth of the window's height, so the board keeps its room.
        let room = ui.ctx().content_rect().height() / 5.0;
        egui::ScrollArea::vertical()
            .id_salt("cloud-moves")
            .max_height(room)
            .show(ui, |ui| {
                for m in self.moves(session) {
                    ui.horizontal_wrapped(|ui| {
                        if move_button(ui, session, &m.cloud) {
                            commands.push(SessionCommand::TryMove(m.cloud.mv).into());
                        }
                        for part in move_parts(m, position.side_to_move(), lang) {
                            ui.add(egui::Label::new(RichText::new(part).monospace()).extend());
                        }
                        if m.forbidden {
                            forbidden_mark(ui, lang);
                        }
                    });
                }
            });
    }

    /// The cloud's part of the opening tree: its moves, each with its score from the side to
    /// move, win rate and rank mark; a move clicked is played.
    pub fn tree(&mut self, ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
        let lang = session.lang();
        let name = lang.pick("The cloud's moves", "云库着法", "雲庫著法");
        ui.horizontal(|ui| self.switch(ui, name, lang, commands));
        if self.status(ui, session) {
            return;
        }
        let mover = session.position().side_to_move();
        if let Some(ending) = endgame_text(self.moves(session), mover, lang) {
            ui.label(RichText::new(ending).strong());
        }
        egui::Grid::new("cloud-tree-moves")
            .num_columns(4)
            .striped(true)
            .show(ui, |ui| {
                for m in self.moves(session) {
                    if move_button(ui, session, &m.cloud) {
                        commands.push(SessionCommand::TryMove(m.cloud.mv).into());
                    }
                    let score = m.cloud.score.map_or_else(
                        || "??".to_owned(),
                        |s| signed(RedScore(BoundedScore::exact(value(s)))),
                    );
                    ui.label(RichText::new(score).small().monospace());
                    ui.label(RichText::new(winrate_text(&m.cloud)).small());
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(m.cloud.rank.mark().to_string()).small());
                        if m.forbidden {
                            forbidden_mark(ui, lang);
                        }
                    });
                    ui.end_row();
                }
            });
    }

    /// Where the question stands, when not with moves to show: off, asked, failed, given up,
    /// or the moves' source and age. True when there are no moves to list.
    fn status(&mut self, ui: &mut egui::Ui, session: &Session) -> bool {
        let lang = session.lang();
        if !self.settings.sends() {
            return true;
        }
        let mut cancelled = false;
        let none = match self.state(session) {
            None => true,
            Some(CloudState::Waiting) => {
                let asking = lang.pick(
                    "Asking the cloud database…",
                    "正在查询云库…",
                    "正在查詢雲庫…",
                );
                cancelled = busy::line(ui, asking, Some(lang));
                true
            }
            Some(CloudState::Cancelled) => {
                ui.weak(lang.pick(
                    "The question to the cloud database was cancelled.",
                    "已取消向云库查询。",
                    "已取消向雲庫查詢。",
                ));
                true
            }
            Some(CloudState::Failed(trouble)) => {
                ui.label(trouble_message(trouble, lang));
                true
            }
            Some(CloudState::Moves(fetched)) if fetched.value.is_empty() => {
                ui.label(lang.pick(
                    "The cloud database knows no move here.",
                    "云库在此没有着法。",
                    "雲庫在此沒有著法。",
                ));
                true
            }
            Some(CloudState::Moves(fetched)) => {
                ui.weak(source_text(fetched.source, lang));
                false
            }
        };
        if cancelled {
            self.cancel();
        }
        none
    }
}

/// "Cloud database" in `lang`.
fn cloud_name(lang: Language) -> &'static str {
    lang.pick("Cloud database", "云库", "雲庫")
}

/// The move as a button in the session's notation, its note on hover; true when clicked.
fn move_button(ui: &mut egui::Ui, session: &Session, m: &CloudMove) -> bool {
    let text = session.move_style().write(session.position(), m.mv);
    move_text::button(ui, false, &text, 14.0, egui::Vec2::ZERO)
        .on_hover_text(m.note.as_str())
        .clicked()
}

/// The mark of a move the game's rules forbid here.
fn forbidden_mark(ui: &mut egui::Ui, lang: Language) {
    ui.label(
        RichText::new(lang.pick("forbidden", "禁着", "禁著"))
            .color(FORBIDDEN)
            .strong(),
    )
    .on_hover_text(lang.pick(
        "A forbidden repetition under the game's rules: the cloud was asked again without it.",
        "按本局规则属于禁止的循环着法：已排除此着重新查询云库。",
        "按本局規則屬於禁止的循環著法：已排除此著重新查詢雲庫。",
    ));
}

/// The cloud's score, given from the side to move (`mover`), seen by Red.
fn red_score(score: i32, mover: Color) -> RedScore {
    BoundedScore::exact(value(score)).for_red(mover)
}

/// `Red +0.35`, `Black −0.35` (when Black is to move), `51.2%`, `! (12-05)`: a move's score
/// from Red's side and from the side to move, its win rate, and the cloud's rank mark and note.
fn move_parts(m: &ShownMove, mover: Color, lang: Language) -> Vec<String> {
    let mut parts = Vec::new();
    match m.cloud.score {
        Some(score) => {
            parts.push(format!(
                "{} {}",
                Color::Red.short_name(lang),
                signed(red_score(score, mover))
            ));
            if mover == Color::Black {
                parts.push(format!(
                    "{} {}",
                    mover.short_name(lang),
                    signed(RedScore(BoundedScore::exact(value(score))))
                ));
            }
        }
        None => parts.push(lang.pick("not scored", "未评分", "未評分").to_owned()),
    }
    let winrate = winrate_text(&m.cloud);
    if !winrate.is_empty() {
        parts.push(winrate);
    }
    let note = m.cloud.note.trim();
    parts.push(if note.is_empty() {
        m.cloud.rank.mark().to_string()
    } else {
        note.to_owned()
    });
    parts
}

/// The side to move's chance of winning after the move, `51.2%`; empty where the cloud gives
/// none.
fn winrate_text(m: &CloudMove) -> String {
    m.winrate.map_or_else(String::new, |w| format!("{w:.1}%"))
}

/// The endgame table's result for the position, from its best move: who wins (or a draw) and
/// how far, as the table measures it; `None` outside the tables.
fn endgame_text(moves: &[ShownMove], mover: Color, lang: Language) -> Option<String> {
    let best = moves.iter().find(|m| !m.forbidden)?;
    let Endgame { outcome, metric } = best.cloud.endgame()?;
    let table = lang.pick("Endgame table", "残局库", "殘局庫");
    let winner = match outcome {
        Outcome::Draw => {
            return Some(format!("{table}: {}", lang.pick("draw", "和棋", "和棋")));
        }
        Outcome::Win => mover,
        Outcome::Loss => mover.opponent(),
    };
    let wins = match lang {
        Language::English => format!("{} wins", winner.name(lang)),
        _ => format!("{}{}", winner.name(lang), lang.pick("", "胜", "勝")),
    };
    let distance = match metric {
        Metric::Dtm { steps } => match lang {
            Language::English => format!("mate in {} moves", steps.div_ceil(2)),
            Language::SimplifiedChinese => format!("{} 回合杀", steps.div_ceil(2)),
            Language::TraditionalChinese => format!("{} 回合殺", steps.div_ceil(2)),
        },
        Metric::Dtc { steps, .. } => match lang {
            Language::English => format!("{} moves to the next conversion", steps.div_ceil(2)),
            Language::SimplifiedChinese => format!("{} 回合内转换", steps.div_ceil(2)),
            Language::TraditionalChinese => format!("{} 回合內轉換", steps.div_ceil(2)),
        },
    };
    Some(match lang {
        Language::English => format!("{table}: {wins}, {distance}"),
        _ => format!("{table}：{wins}，{distance}"),
    })
}

/// Where the moves came from: the cloud just now, or the cache and how old the answer is.
fn source_text(source: Source, lang: Language) -> String {
    match source {
        Source::Cloud => lang
            .pick(
                "From the cloud database, just now.",
                "来自云库，刚刚查询。",
                "來自雲庫，剛剛查詢。",
            )
            .to_owned(),
        Source::Cache { age } => match lang {
            Language::English => format!("From the cache, {} old.", age_text(age, lang)),
            Language::SimplifiedChinese => format!("来自缓存，{}前查询。", age_text(age, lang)),
            Language::TraditionalChinese => {
                format!("來自快取，{}前查詢。", age_text(age, lang))
            }
        },
    }
}

/// An answer's age in the largest whole unit: `2 days`, `3 hours`, `5 minutes`, `less than a
/// minute`.
pub fn age_text(age: Duration, lang: Language) -> String {
    let seconds = age.as_secs();
    let (n, one, many, zh_hans, zh_hant) = if seconds >= 86_400 {
        (seconds / 86_400, "day", "days", "天", "天")
    } else if seconds >= 3_600 {
        (seconds / 3_600, "hour", "hours", "小时", "小時")
    } else if seconds >= 60 {
        (seconds / 60, "minute", "minutes", "分钟", "分鐘")
    } else {
        return lang
            .pick("less than a minute", "不到一分钟", "不到一分鐘")
            .to_owned();
    };
    match lang {
        Language::English => format!("{n} {}", if n == 1 { one } else { many }),
        Language::SimplifiedChinese => format!("{n} {zh_hans}"),
        Language::TraditionalChinese => format!("{n} {zh_hant}"),
    }
}

/// Why no moves came, calmly: the cloud's own sentence for its errors (no network, an unknown
/// position and a refusal each their own).
fn trouble_message(trouble: &CloudTrouble, lang: Language) -> String {
    match trouble {
        CloudTrouble::Cloud(e) => e.message(lang),
        CloudTrouble::BadServer(_) => lang
            .pick(
                "The cloud database's address is not an http:// or https:// address; change it in \
                 its setting (Setting… beside the switch).",
                "云库地址不是 http:// 或 https:// 地址，请在开关旁的“设置…”中修改。",
                "雲庫位址不是 http:// 或 https:// 位址，請在開關旁的「設定…」中修改。",
            )
            .to_owned(),
        CloudTrouble::NoThread(_) => lang
            .pick(
                "The cloud database cannot be asked now; try again later.",
                "现在无法查询云库，请稍后再试。",
                "現在無法查詢雲庫，請稍後再試。",
            )
            .to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_client::Value;

    #[test]
    fn ages_are_said_in_their_largest_unit() {
        let en = Language::English;
        assert_eq!(age_text(Duration::from_secs(30), en), "less than a minute");
        assert_eq!(age_text(Duration::from_secs(60), en), "1 minute");
        assert_eq!(age_text(Duration::from_secs(3 * 3_600 + 5), en), "3 hours");
        assert_eq!(
            age_text(Duration::from_secs(2 * 86_400), Language::SimplifiedChinese),
            "2 天"
        );
    }

    #[test]
    fn a_won_score_is_a_mate_in_moves_and_seen_by_red() {
        assert_eq!(
            value(29_975),
            Value::Mate {
                moves: 13,
                mating: true
            }
        );
        assert_eq!(value(-35), Value::Centipawns(-35));
        assert_eq!(signed(red_score(35, Color::Black)), "-0.35");
        assert_eq!(signed(red_score(35, Color::Red)), "+0.35");
    }
}
