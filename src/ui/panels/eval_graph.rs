//! The evaluation graph (形势图) of the main line: every position of the game scored by an engine
//! in the background ([`EvalWorker`]), with a progress bar and Cancel while it runs; the score
//! from Red's side, clamped, a mate drawn at the limit; the move on the board marked; a click on
//! the graph goes to that move, and the pointer on it shows the move and its score beside the
//! pointer. Scores are kept while the record's main line stays as it was; an edit drops them
//! from the first move it changed. A position not scored takes the `[%eval]` its move's comment
//! carries (a reviewed game shows its curve without an engine), and the moves a review marked
//! `?!`, `?` or `??` are drawn as points in their mark's colour.

use std::time::Duration;

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Stroke};

use crate::engine_client::{EngineConfig, Limit, RedScore, LOSS_CLAMP};
use crate::lang::Language;
use crate::record::{commands, Game, Mark, NodeId};
use crate::rules::{Move, Position};

use crate::ui::base::command::notification::{Notification, Source};
use crate::ui::base::command::outbox::{Arrival, Outbox};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::numbers::signed;
use crate::ui::base::review::is_critical;
use crate::ui::base::session::Session;
use crate::ui::panels::review_summary::mark_color;
use crate::ui::workers::eval_worker::{EvalWorker, Job, WorkerEvent};

/// The score, in centipawns from Red's side, at the top and bottom of the graph; a mate is
/// drawn there.
pub const GRAPH_LIMIT: i32 = LOSS_CLAMP;

/// The graph's height in points (fixed, so the window holds still).
const GRAPH_HEIGHT: f32 = 96.0;

/// The scores of one line's positions, by the number of moves played to reach them.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    start: Position,
    moves: Vec<Move>,
    scores: Vec<Option<RedScore>>,
}

impl Curve {
    /// A line with no position scored.
    pub fn new(start: Position, moves: Vec<Move>) -> Curve {
        let scores = vec![None; moves.len() + 1];
        Curve {
            start,
            moves,
            scores,
        }
    }

    /// Follow the record to the line `moves` from `start`: the scores of the positions both
    /// lines share are kept, the rest dropped. Returns whether anything changed.
    pub fn follow(&mut self, start: &Position, moves: &[Move]) -> bool {
        if *start != self.start {
            *self = Curve::new(start.clone(), moves.to_vec());
            return true;
        }
        if self.moves == moves {
            return false;
        }
        let shared = self
            .moves
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count();
        self.scores.truncate(shared + 1);
        self.scores.resize(moves.len() + 1, None);
        self.moves = moves.to_vec();
        true
    }

    /// Set the score of the position after `ply` moves.
    pub fn set(&mut self, ply: usize, score: RedScore) {
        if let Some(slot) = self.scores.get_mut(ply) {
            *slot = Some(score);
        }
    }

    /// The score of the position after `ply` moves, if known.
    pub fn score(&self, ply: usize) -> Option<RedScore> {
        self.scores.get(ply).copied().flatten()
    }

    /// The positions not yet scored, by ply.
    pub fn missing(&self) -> Vec<usize> {
        (0..self.scores.len())
            .filter(|&i| self.scores[i].is_none())
            .collect()
    }

    /// Take the `[%eval]` of the main line's comments for the positions not yet scored.
    fn fill_from(&mut self, game: &Game) {
        if self.missing().is_empty() {
            return;
        }
        for (i, node) in game.main_line().into_iter().enumerate() {
            if self.score(i + 1).is_some() {
                continue;
            }
            if let Some(score) = commands::get(game.comment(node), "eval").and_then(RedScore::parse)
            {
                self.set(i + 1, score);
            }
        }
    }

    /// Positions in the line (the start included).
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Always false: the start position is always there.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }
}

/// Centipawns from Red's side as the graph draws them: within [`GRAPH_LIMIT`], a mate at it.
pub fn clamped(score: RedScore) -> i32 {
    score.centipawns().clamp(-GRAPH_LIMIT, GRAPH_LIMIT)
}

/// The panel's state between frames.
pub struct EvalGraph {
    open: bool,
    engine: EngineConfig,
    /// Seconds of search per position.
    seconds: f64,
    curve: Curve,
    worker: Option<EvalWorker>,
    engine_name: String,
    /// Where the analysis sends its scores.
    outbox: Outbox,
}

impl EvalGraph {
    /// A closed graph that analyses with `engine`, its scores sent through `outbox`.
    pub fn new(engine: EngineConfig, outbox: Outbox) -> EvalGraph {
        EvalGraph {
            open: false,
            engine,
            seconds: 0.5,
            curve: Curve::new(Position::startpos(), Vec::new()),
            worker: None,
            engine_name: String::new(),
            outbox,
        }
    }

    /// Analyse with `engine` from the next start.
    pub fn set_engine(&mut self, engine: EngineConfig) {
        self.engine = engine;
    }

    /// Whether the graph is shown.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Show or hide it (hiding cancels the analysis; the scores stay).
    pub fn toggle(&mut self) {
        self.open = !self.open;
        if !self.open {
            self.worker = None;
        }
    }

    /// The scores of the main line so far.
    pub fn curve(&self) -> &Curve {
        &self.curve
    }

    /// Start analysing the positions of the main line not yet scored.
    fn start(&mut self, session: &Session) {
        let plies = self.curve.missing();
        if plies.is_empty() {
            self.worker = None;
            return;
        }
        self.worker = Some(EvalWorker::spawn(
            &self.outbox,
            Job {
                engine: self.engine.clone(),
                rules: session.rules(),
                start: self.curve.start.clone(),
                moves: self.curve.moves.clone(),
                plies,
                limit: Limit::MoveTime(Duration::from_secs_f64(self.seconds)),
            },
        ));
    }

    /// Follow the record: an edit drops the scores from the move it changed, and an analysis
    /// under way starts again on the new line.
    pub fn follow(&mut self, session: &Session) {
        let game = session.game();
        let moves = game.moves_to(game.main_line_end());
        let changed = self.curve.follow(game.start(), &moves);
        self.curve.fill_from(game);
        if changed && self.worker.is_some() {
            self.start(session);
        }
    }

    /// A message of the analysis under way (one of work given up is left); what to tell the
    /// user when the analysis failed.
    pub fn arrived(&mut self, arrival: Arrival) -> Option<Notification> {
        let event = arrival.open::<WorkerEvent>(Some(self.worker.as_ref()?.job()))?;
        match event {
            WorkerEvent::Started(name) => self.engine_name = name,
            WorkerEvent::Scored(ply, score) => self.curve.set(ply, score),
            WorkerEvent::Failed(why) => {
                self.worker = None;
                return Some(Notification::warning(Source::Graph, why));
            }
            WorkerEvent::Done => self.worker = None,
        }
        None
    }

    /// Draw the panel, pushing what the user asked for onto `commands` (a click on the graph
    /// goes to a move).
    pub fn show(&mut self, ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
        let lang = session.lang();
        let total = self.curve.len();
        let done = total - self.curve.missing().len();
        // Wrapped: in a narrow window the progress bar goes to the next row, not out of sight.
        ui.horizontal_wrapped(|ui| {
            ui.strong(lang.pick("Evaluation graph", "形势图", "形勢圖"));
            if self.worker.is_some() {
                if ui.button(lang.pick("Cancel", "取消", "取消")).clicked() {
                    self.worker = None;
                }
            } else if ui
                .add_enabled(
                    done < total,
                    egui::Button::new(lang.pick("Analyse game", "分析全局", "分析全局")),
                )
                .clicked()
            {
                self.start(session);
            }
            let label = ui.label(lang.pick("Time per position", "每个局面", "每個局面"));
            ui.add(
                egui::DragValue::new(&mut self.seconds)
                    .range(0.05..=60.0)
                    .speed(0.05)
                    .suffix(lang.pick(" s", " 秒", " 秒")),
            )
            .labelled_by(label.id);
            // The count only while the analysis runs: once it ends (or a review filled the
            // graph), a count left standing would read as work still under way.
            if self.worker.is_some() {
                let progress = done as f32 / total.max(1) as f32;
                ui.add(
                    egui::ProgressBar::new(progress)
                        .desired_width(160.0)
                        .text(format!("{done}/{total}")),
                );
            }
            if !self.engine_name.is_empty() {
                ui.weak(&self.engine_name);
            }
        });
        if let Some(command) = self.graph(ui, session) {
            commands.push(command.into());
        }
    }

    /// The graph itself; a click gives the move to go to.
    fn graph(&self, ui: &mut egui::Ui, session: &Session) -> Option<SessionCommand> {
        let lang = session.lang();
        let game = session.game();
        let width = ui.available_width().max(1.0);
        let (rect, response) =
            ui.allocate_exact_size(egui::vec2(width, GRAPH_HEIGHT), Sense::click());
        let label = lang.pick("Evaluation graph", "形势图", "形勢圖");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Figure, true, label));
        let plies = self.curve.len().saturating_sub(1);
        let scale = Scale { rect, plies };
        let painter = ui.painter_at(rect);
        let visuals = ui.visuals();
        painter.rect_filled(rect, 2.0, visuals.extreme_bg_color);
        let zero = scale.y(0);
        let red = Color32::from_rgb(200, 60, 50);
        let black = Color32::from_rgb(70, 70, 80);
        for ply in 0..=plies {
            let Some(score) = self.curve.score(ply) else {
                continue;
            };
            let cp = clamped(score);
            let (x0, x1) = scale.band(ply);
            let y = scale.y(cp);
            let bar = Rect::from_x_y_ranges(x0..=x1, y.min(zero)..=y.max(zero));
            let color = if cp >= 0 { red } else { black };
            painter.rect_filled(bar, 0.0, color.gamma_multiply(0.45));
        }
        let points: Vec<Option<Pos2>> = (0..=plies)
            .map(|ply| {
                self.curve
                    .score(ply)
                    .map(|s| Pos2::new(scale.x(ply), scale.y(clamped(s))))
            })
            .collect();
        for pair in points.windows(2) {
            if let [Some(a), Some(b)] = pair {
                painter.line_segment([*a, *b], Stroke::new(1.5, visuals.strong_text_color()));
            }
        }
        painter.hline(
            rect.x_range(),
            zero,
            Stroke::new(1.0, visuals.weak_text_color()),
        );
        for (i, node) in game.main_line().into_iter().enumerate() {
            let Some(mark) = game.mark(node).filter(|_| is_critical(game, node)) else {
                continue;
            };
            let cp = self.curve.score(i + 1).map_or(0, clamped);
            let at = Pos2::new(scale.x(i + 1), scale.y(cp));
            painter.circle(at, 4.0, mark_color(mark), Stroke::new(1.0, Color32::WHITE));
        }
        let here = main_line_ply(game, session.cursor());
        let x = scale.x(here);
        painter.vline(
            x,
            rect.y_range(),
            Stroke::new(2.0, Color32::from_rgb(40, 110, 220)),
        );
        if let Some(pos) = response.hover_pos() {
            let ply = scale.ply_at(pos.x);
            // By the pointer: under the graph's wide rectangle a tooltip would sit at its left.
            response
                .clone()
                .on_hover_text_at_pointer(self.describe(game, ply, session, lang));
        }
        if response.clicked() {
            let pos = response.interact_pointer_pos()?;
            let ply = scale.ply_at(pos.x);
            let node = node_at(game, ply);
            if node != session.cursor() {
                return Some(SessionCommand::GoTo(node));
            }
        }
        None
    }

    /// `12. 炮二平五 +0.35`: the move that reached the position after `ply` moves, and its score.
    fn describe(&self, game: &Game, ply: usize, session: &Session, lang: Language) -> String {
        let score = self.curve.score(ply).map_or_else(|| "?".to_owned(), signed);
        if ply == 0 {
            return format!("{} {score}", lang.pick("Start", "开局", "開局"));
        }
        let node = node_at(game, ply);
        let before = game.position(game.parent(node).unwrap_or(game.root()));
        let text = game
            .move_of(node)
            .map_or_else(String::new, |mv| session.move_style().write(before, mv));
        let mark = game.mark(node).map_or("", Mark::symbol);
        format!("{}. {text}{mark} {score}", ply.div_ceil(2))
    }
}

/// The node of the main line after `ply` moves (the root for 0).
fn node_at(game: &Game, ply: usize) -> NodeId {
    ply.checked_sub(1)
        .and_then(|i| game.main_line().get(i).copied())
        .unwrap_or(game.root())
}

/// The ply of the main line at `node`, or where its variation leaves the main line.
fn main_line_ply(game: &Game, node: NodeId) -> usize {
    let main = game.main_line();
    let mut at = node;
    loop {
        if let Some(i) = main.iter().position(|&n| n == at) {
            return i + 1;
        }
        match game.parent(at) {
            Some(parent) => at = parent,
            None => return 0,
        }
    }
}

/// Where a ply and a score are drawn in the graph's rectangle.
struct Scale {
    rect: Rect,
    plies: usize,
}

impl Scale {
    fn step(&self) -> f32 {
        self.rect.width() / self.plies.max(1) as f32
    }

    fn x(&self, ply: usize) -> f32 {
        self.rect.left() + ply as f32 * self.step()
    }

    /// The band around a ply's point, for its bar.
    fn band(&self, ply: usize) -> (f32, f32) {
        let half = (self.step() / 2.0).min(6.0);
        let x = self.x(ply);
        (
            (x - half).max(self.rect.left()),
            (x + half).min(self.rect.right()),
        )
    }

    fn y(&self, cp: i32) -> f32 {
        let half = self.rect.height() / 2.0 - 2.0;
        self.rect.center().y - cp as f32 / GRAPH_LIMIT as f32 * half
    }

    fn ply_at(&self, x: f32) -> usize {
        let ply = ((x - self.rect.left()) / self.step()).round();
        (ply.max(0.0) as usize).min(self.plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_client::{BoundedScore, Value};
    use crate::rules::Color;

    fn m(iccs: &str) -> Move {
        Move::parse_iccs(iccs).unwrap()
    }

    fn cp(value: i32) -> RedScore {
        BoundedScore::exact(Value::Centipawns(value)).for_red(Color::Red)
    }

    #[test]
    fn an_edit_drops_the_scores_from_the_move_it_changed() {
        let start = Position::startpos();
        let line = vec![m("h2e2"), m("h9g7"), m("h0g2")];
        let mut curve = Curve::new(start.clone(), line.clone());
        for ply in 0..=3 {
            curve.set(ply, cp(10 * ply as i32));
        }
        assert!(curve.missing().is_empty());
        assert!(
            !curve.follow(&start, &line),
            "the same line changes nothing"
        );
        // The third move replaced: the positions before it keep their scores.
        let edited = vec![m("h2e2"), m("h9g7"), m("b0c2"), m("b9c7")];
        assert!(curve.follow(&start, &edited));
        assert_eq!(curve.score(2), Some(cp(20)));
        assert_eq!(curve.missing(), vec![3, 4]);
        // A move taken off the end keeps the rest.
        assert!(curve.follow(&start, &edited[..2]));
        assert_eq!(curve.missing(), Vec::<usize>::new());
        assert_eq!(curve.len(), 3);
        // Another start position drops everything.
        let other = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert!(curve.follow(&other, &[]));
        assert_eq!(curve.missing(), vec![0]);
    }

    #[test]
    fn the_evals_of_a_reviewed_game_fill_the_positions_not_scored() {
        let mut game = Game::new(Position::startpos());
        let first = game.play(game.root(), m("h2e2")).unwrap();
        game.set_comment(first, "[%eval 0.40] 中炮");
        let second = game.play(first, m("h9g7")).unwrap();
        game.set_comment(second, "no evaluation here");
        let mut curve = Curve::new(Position::startpos(), game.moves_to(second));
        curve.set(0, cp(20));
        curve.fill_from(&game);
        assert_eq!(curve.score(1), Some(cp(40)));
        assert_eq!(curve.missing(), vec![2]);
    }

    #[test]
    fn mates_are_drawn_at_the_limit_and_scores_are_clamped() {
        assert_eq!(clamped(RedScore::mated(Color::Black)), GRAPH_LIMIT);
        assert_eq!(clamped(RedScore::mated(Color::Red)), -GRAPH_LIMIT);
        let mate_in_3 = BoundedScore::exact(Value::mate_in(3)).for_red(Color::Black);
        assert_eq!(clamped(mate_in_3), -GRAPH_LIMIT, "Black mates in 3");
        assert_eq!(clamped(cp(2500)), GRAPH_LIMIT);
        assert_eq!(clamped(cp(-35)), -35);
    }

    #[test]
    fn a_click_lands_on_the_nearest_ply() {
        let scale = Scale {
            rect: Rect::from_min_size(Pos2::new(10.0, 0.0), egui::vec2(100.0, 50.0)),
            plies: 10,
        };
        assert_eq!(scale.ply_at(10.0), 0);
        assert_eq!(scale.ply_at(24.0), 1);
        assert_eq!(scale.ply_at(26.0), 2);
        assert_eq!(scale.ply_at(500.0), 10);
        assert_eq!(scale.ply_at(-5.0), 0);
        assert!(scale.y(GRAPH_LIMIT) < scale.y(0) && scale.y(0) < scale.y(-GRAPH_LIMIT));
    }
}
