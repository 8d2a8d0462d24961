//! The analysis panel (分析): the engine's best lines (MultiPV 1–5) for the position on the
//! board, in the notation the user chose, each with its score from Red's side and from the side
//! to move, its depth and the engine's speed; start and stop; a line added to the record as a
//! variation with one click; each line's first move drawn as an arrow on the board, the best
//! strongest (View > Engine lines as arrows turns them off). The engine runs on
//! its own thread and process ([`EngineLink`]); the search follows the board: another position
//! shown starts a new search. Under the engine's lines, the cloud database's moves
//! ([`CloudLines`]), once the user has turned the cloud on.

use std::path::PathBuf;

use eframe::egui::{self, RichText};

use crate::engine_client::{EngineConfig, Limit, Lines, RedScore, SearchInfo};
use crate::lang::Language;
use crate::rules::Position;

use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::outbox::{Arrival, Outbox, Recipient};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::layout::Panel;
use crate::ui::base::numbers::signed;
use crate::ui::base::session::Session;
use crate::ui::base::settings::CloudSettings;
use crate::ui::panels::cloud_lines::CloudLines;
use crate::ui::widgets::board::EngineArrow;
use crate::ui::workers::engine_link::{EngineLink, LinkEvent, Searched};

/// Most lines shown (MultiPV).
pub const MAX_LINES: u32 = 5;

/// Moves of a line written out.
const SHOWN_MOVES: usize = 12;

/// The panel's state between frames.
pub struct AnalysisPanel {
    open: bool,
    engine: EngineConfig,
    link: Option<EngineLink>,
    running: bool,
    multipv: u32,
    searched: Option<Searched>,
    lines: Lines,
    /// Where the engine's messages are sent.
    outbox: Outbox,
    /// The cloud database's moves (shown here and in the opening tree).
    cloud: CloudLines,
}

impl AnalysisPanel {
    /// A closed panel that analyses with `engine` once started, the engine's messages sent
    /// through `outbox`.
    pub fn new(engine: EngineConfig, outbox: Outbox) -> AnalysisPanel {
        AnalysisPanel {
            open: false,
            engine,
            link: None,
            running: false,
            multipv: 3,
            searched: None,
            lines: Lines::default(),
            cloud: CloudLines::new(outbox.clone(), CloudSettings::default(), None),
            outbox,
        }
    }

    /// The same panel with the cloud as `settings` has it, its answers kept in `cache` (in
    /// memory when there is none).
    pub fn with_cloud(mut self, settings: CloudSettings, cache: Option<PathBuf>) -> AnalysisPanel {
        self.cloud = CloudLines::new(self.outbox.clone(), settings, cache);
        self
    }

    /// Use the cloud as `settings` has it from now.
    pub fn set_cloud(&mut self, settings: CloudSettings) {
        self.cloud.set(settings);
    }

    /// The cloud database as set (the computer's opening book asks it too).
    pub fn cloud(&self) -> &CloudLines {
        &self.cloud
    }

    /// The cloud database's moves, for the opening tree.
    pub fn cloud_mut(&mut self) -> &mut CloudLines {
        &mut self.cloud
    }

    /// The cloud's answer, if it is the one awaited.
    pub fn cloud_arrived(&mut self, arrival: Arrival) {
        self.cloud.arrived(arrival);
    }

    /// Use `engine` from the next start.
    pub fn set_engine(&mut self, engine: EngineConfig) {
        self.engine = engine;
        self.stop();
        self.link = None;
    }

    /// Whether the panel is shown.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Show or hide it (hiding stops the engine).
    pub fn toggle(&mut self) {
        self.open = !self.open;
        if !self.open {
            self.stop();
        }
    }

    fn start(&mut self) {
        let multipv = self.multipv.to_string();
        let engine = self.engine.clone();
        let outbox = &self.outbox;
        self.link.get_or_insert_with(|| {
            let wanted = vec![("MultiPV".to_owned(), multipv)];
            EngineLink::start(outbox, Recipient::Analysis, engine, wanted)
        });
        self.running = true;
        self.searched = None;
    }

    fn stop(&mut self) {
        if let Some(link) = &self.link {
            link.stop();
        }
        self.running = false;
    }

    /// A message of the engine: a report on the position searched is taken; what to tell
    /// the user when the engine was in trouble.
    pub fn arrived(&mut self, arrival: Arrival) -> Option<Notification> {
        match self.link.as_mut()?.take(arrival)? {
            LinkEvent::Info(searched, info) => {
                if self.searched.as_ref() == Some(&searched) {
                    self.lines.update(&info);
                }
                None
            }
            LinkEvent::Trouble(why) => Some(Notification::warning(Source::Analysis, why)),
            LinkEvent::Best(..) => None,
        }
    }

    /// Follow the board: a search started when the board shows another position (and the
    /// cloud asked, while it is on and this panel or the opening tree shows its moves).
    pub fn follow(&mut self, session: &Session) {
        let wanted = self.open || session.layout().shown(Panel::Tree);
        self.cloud.follow(session, wanted);
        let Some(link) = &mut self.link else {
            return;
        };
        let here = Searched {
            start: session.game().start().clone(),
            moves: session.game().moves_to(session.cursor()),
        };
        if !self.running || !link.is_ready() || self.searched.as_ref() == Some(&here) {
            return;
        }
        self.lines = Lines::default();
        if session.position().legal_moves().is_empty() {
            link.stop();
        } else {
            link.go(&here.start, &here.moves, Limit::Infinite);
        }
        self.searched = Some(here);
    }

    /// Each line's first move as an arrow, best first, then the cloud's best moves, while the
    /// lines shown are of the position on the board and the arrows are wanted (the layout's
    /// `engine_arrows`).
    pub fn arrows(&self, session: &Session) -> Vec<EngineArrow> {
        let mut arrows = self.engine_arrows(session);
        if self.open && session.layout().engine_arrows {
            arrows.extend(self.cloud.arrows(session));
        }
        arrows
    }

    /// The engine's lines as arrows.
    fn engine_arrows(&self, session: &Session) -> Vec<EngineArrow> {
        let Some(lines) = self
            .current_lines(session)
            .filter(|_| session.layout().engine_arrows)
        else {
            return Vec::new();
        };
        let position = session.position();
        let mover = position.side_to_move();
        lines
            .lines()
            .into_iter()
            .take(self.multipv as usize)
            .zip(1..)
            .filter_map(|(line, rank)| {
                let &mv = line.pv.first()?;
                let score = line
                    .score
                    .map_or_else(String::new, |s| format!(" {}", signed(s.for_red(mover))));
                Some(EngineArrow {
                    mv,
                    rank,
                    label: format!(
                        "{rank}. {}{score}",
                        session.move_style().write(position, mv)
                    ),
                    cloud: false,
                })
            })
            .collect()
    }

    /// The lines, when they are of the position on the board.
    fn current_lines(&self, session: &Session) -> Option<&Lines> {
        let searched = self.searched.as_ref()?;
        let here = searched.start == *session.game().start()
            && searched.moves == session.game().moves_to(session.cursor());
        (self.open && here).then_some(&self.lines)
    }

    /// Draw the panel, pushing what the user asked for onto `commands`: the engine's lines,
    /// then the cloud's moves.
    pub fn show(&mut self, ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
        self.show_engine(ui, session, commands);
        ui.separator();
        self.cloud.show(ui, session, commands);
    }

    /// The engine's part: its buttons and lines.
    fn show_engine(&mut self, ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
        let lang = session.lang();
        ui.horizontal(|ui| {
            ui.strong(lang.pick("Analysis", "分析", "分析"));
            let (label, start) = if self.running {
                (lang.pick("Stop analysis", "停止分析", "停止分析"), false)
            } else {
                (lang.pick("Start analysis", "开始分析", "開始分析"), true)
            };
            if ui.button(label).clicked() {
                if start {
                    self.start();
                } else {
                    self.stop();
                }
            }
            let label = ui.label(lang.pick("Lines", "变着数", "變著數"));
            let before = self.multipv;
            ui.add(egui::DragValue::new(&mut self.multipv).range(1..=MAX_LINES))
                .labelled_by(label.id);
            if self.multipv != before {
                if let Some(link) = &mut self.link {
                    link.set_option("MultiPV", &self.multipv.to_string());
                }
                // The search starts again with the new number of lines.
                self.searched = None;
            }
            if let Some(link) = &self.link {
                if !link.name().is_empty() {
                    ui.weak(link.name());
                }
            }
        });
        let Some(lines) = self.current_lines(session) else {
            return;
        };
        let position = session.position();
        if position.legal_moves().is_empty() {
            ui.label(lang.pick("No legal move", "无着可走", "無著可走"));
            return;
        }
        // Best first (the lines as kept, by score): each numbered by its place.
        for (line, rank) in lines
            .lines()
            .into_iter()
            .take(self.multipv as usize)
            .zip(1..)
        {
            // Wrapped: in a narrow window the moves go on the next row instead of out of sight.
            ui.horizontal_wrapped(|ui| {
                if ui
                    .small_button(lang.pick("Add as variation", "加为变着", "加為變著"))
                    .clicked()
                {
                    commands
                        .push(SessionCommand::AddLine(session.cursor(), line.pv.clone()).into());
                }
                // Each part whole on its row: "0.3" was left at a row's end and "M nodes/s"
                // began the next.
                for (i, part) in summary(rank, line, position, lang).into_iter().enumerate() {
                    let text = if i == 0 { part } else { format!("· {part}") };
                    ui.add(egui::Label::new(RichText::new(text).monospace()).extend());
                }
                ui.label(line_text(position, line, session));
            });
        }
    }
}

/// `1. Red +0.35`, `Black −0.35`, `depth 9`, `1.2 M nodes/s`: the line's place (`rank`, 1 for
/// the best), its score from Red's side and from the side to move, its depth and speed, each
/// drawn on one row.
fn summary(rank: u32, line: &SearchInfo, position: &Position, lang: Language) -> Vec<String> {
    let mover = position.side_to_move();
    let mut parts = Vec::new();
    if let Some(score) = line.score {
        parts.push(format!(
            "{rank}. {} {}",
            crate::rules::Color::Red.short_name(lang),
            signed(score.for_red(mover))
        ));
        if mover == crate::rules::Color::Black {
            // The mover's own view: the engine's score as it gave it.
            parts.push(format!(
                "{} {}",
                mover.short_name(lang),
                signed(RedScore(score))
            ));
        }
    }
    if let Some(depth) = line.depth {
        parts.push(format!("{} {depth}", lang.pick("depth", "深度", "深度")));
    }
    if let Some(nps) = line.nps {
        parts.push(format!(
            "{:.1} {}",
            nps as f64 / 1_000_000.0,
            lang.pick("M nodes/s", "百万节点/秒", "百萬節點/秒")
        ));
    }
    parts
}

/// The line's first moves in the session's notation.
fn line_text(start: &Position, line: &SearchInfo, session: &Session) -> String {
    let mut position = start.clone();
    let mut words = Vec::new();
    let style = session.move_style();
    for &mv in line.pv.iter().take(SHOWN_MOVES) {
        words.push(style.write(&position, mv));
        match position.play(mv) {
            Ok(next) => position = next,
            Err(_) => break,
        }
    }
    if line.pv.len() > SHOWN_MOVES {
        words.push("…".to_owned());
    }
    words.join(" ")
}
