//! Speed figures of the window, measured headlessly: a frame with the board and a long record,
//! and the opening of a many-game file. Printed by `qipu ui-bench`.

use std::path::Path;
use std::time::{Duration, Instant};

use eframe::egui;

use crate::record::Game;
use crate::rules::{Position, Status};

use super::app::{AppOptions, QipuApp};
use super::files::{self, NativeDialogs};

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

/// Draw `frames` frames of the whole window (1280×900) showing a `plies`-move game.
pub fn frame_times(plies: usize, frames: usize) -> FrameFigures {
    let ctx = egui::Context::default();
    let mut app = QipuApp::headless(
        &ctx,
        AppOptions {
            dialogs: Box::new(NativeDialogs),
            autosave: None,
        },
    );
    let game = long_game(plies);
    let moves = game.main_line().len();
    app.show_game(game);
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 900.0),
        )),
        ..Default::default()
    };
    let mut times = Vec::with_capacity(frames);
    for i in 0..=frames {
        let start = Instant::now();
        let mut output = ctx.run_ui(input(), |ui| app.show(ui));
        // No GPU here: the font atlas updates have nowhere to go.
        output.textures_delta.clear();
        let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
        std::hint::black_box(primitives);
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
    let games = files::open(path)?;
    Ok((start.elapsed(), games.len()))
}
