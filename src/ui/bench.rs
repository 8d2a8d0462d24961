//! Speed figures of the window, measured headlessly: a frame with the board and a long record,
//! a scoresheet pasted into the move box, and the opening of a many-game file. Printed by
//! `qipu ui-bench`.

use std::path::Path;
use std::time::{Duration, Instant};

use eframe::egui;

use crate::notation::{write_move, Notation, WriteOptions};
use crate::record::Game;
use crate::rules::{Color, Position, Status};

use super::app::{AppOptions, QipuApp};
use super::command::Command;
use super::files;
use super::native_dialogs::NativeDialogs;

/// Frame times over a run.
#[derive(Clone, Copy, Debug)]
pub struct FrameFigures {
    /// Moves in the record shown.
    pub moves: usize,
    /// Frames measured (after one warm-up frame).
    pub frames: usize,
    /// Median time of a frame: layout, painting and tessellation (no GPU).
    pub median: Duration,
    /// Slowest frame.
    pub max: Duration,
}

/// A game of up to `plies` moves, the same every time: each move picked from the legal ones by
/// a fixed rule, stopping early at mate or stalemate.
pub fn long_game(plies: usize) -> Game {
    let mut game = Game::new(Position::startpos());
    for ply in 0..plies {
        let pos = game.position(game.cursor()).clone();
        let moves = pos.legal_moves();
        if pos.status() != Status::Ongoing || moves.is_empty() {
            break;
        }
        let mv = moves[(ply * 7 + 3) % moves.len()];
        if game.play_at_cursor(mv).is_err() {
            break;
        }
    }
    game
}

/// The main line written as a clerk types a scoresheet: `1. 炮二平五 马８进７ 2. …`.
pub fn scoresheet_text(game: &Game) -> String {
    let options = WriteOptions::default();
    let mut text = String::new();
    for node in game.main_line() {
        let before = game.position_before(node);
        let Some(mv) = game.move_of(node) else {
            continue;
        };
        if before.side_to_move() == Color::Red {
            text.push_str(&format!("{}. ", before.fullmove_number()));
        }
        text.push_str(&write_move(
            before,
            mv,
            Notation::ChineseSimplified,
            &options,
        ));
        text.push(' ');
    }
    text
}

/// The time to enter a pasted scoresheet in the move box.
#[derive(Clone, Copy, Debug)]
pub struct PasteFigures {
    /// Moves in the scoresheet.
    pub moves: usize,
    /// Moves entered into the record (all of them, unless one was refused).
    pub entered: usize,
    /// Reading, checking and recording every move (the Enter of the move box).
    pub enter: Duration,
    /// That and the frame that shows the record with them (layout, paint, tessellation).
    pub total: Duration,
}

/// Paste a scoresheet of `plies` moves into the move box of a new game, press Enter, draw the
/// frame that shows the result; best of `runs` runs.
pub fn paste_time(plies: usize, runs: usize) -> PasteFigures {
    let game = long_game(plies);
    let moves = game.main_line().len();
    let text = scoresheet_text(&game);
    let mut best: Option<PasteFigures> = None;
    for _ in 0..runs.max(1) {
        let ctx = egui::Context::default();
        let mut app = headless_app(&ctx);
        // A first frame loads the fonts, as the window has done long before a clerk pastes.
        frame(&ctx, &mut app);
        let start = Instant::now();
        app.apply(&ctx, Command::Transcribe(text.clone()));
        let enter = start.elapsed();
        frame(&ctx, &mut app);
        let figures = PasteFigures {
            moves,
            entered: app.session().game().main_line().len(),
            enter,
            total: start.elapsed(),
        };
        if best.is_none_or(|b| figures.total < b.total) {
            best = Some(figures);
        }
    }
    best.unwrap_or(PasteFigures {
        moves,
        entered: 0,
        enter: Duration::ZERO,
        total: Duration::ZERO,
    })
}

fn headless_app(ctx: &egui::Context) -> QipuApp {
    QipuApp::headless(
        ctx,
        AppOptions {
            dialogs: Box::new(NativeDialogs::own_only()),
            autosave: None,
        },
    )
}

/// One frame of the whole window (1280×900): layout, painting and tessellation (no GPU).
fn frame(ctx: &egui::Context, app: &mut QipuApp) {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 900.0),
        )),
        ..Default::default()
    };
    let mut output = ctx.run_ui(input, |ui| app.show(ui));
    // No GPU here: the font atlas updates have nowhere to go.
    output.textures_delta.clear();
    let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
    std::hint::black_box(primitives);
}

/// Draw `frames` frames of the whole window (1280×900) showing a `plies`-move game.
pub fn frame_times(plies: usize, frames: usize) -> FrameFigures {
    let ctx = egui::Context::default();
    let mut app = headless_app(&ctx);
    let game = long_game(plies);
    let moves = game.main_line().len();
    app.show_game(game);
    let mut times = Vec::with_capacity(frames);
    for i in 0..=frames {
        let start = Instant::now();
        frame(&ctx, &mut app);
        if i > 0 {
            times.push(start.elapsed());
        }
    }
    times.sort();
    FrameFigures {
        moves,
        frames,
        median: times.get(times.len() / 2).copied().unwrap_or_default(),
        max: times.last().copied().unwrap_or_default(),
    }
}

/// Time to read every game of a file as the Open command does, and the number of games.
pub fn open_time(path: &Path) -> Result<(Duration, usize), files::OpenError> {
    let start = Instant::now();
    let opened = files::open(path)?;
    Ok((start.elapsed(), opened.games.len()))
}
