//! Speed figures of the window, measured headlessly: a frame with the board and a long record
//! (and how much of the window a software rasteriser fills for it), a step through the record,
//! a scoresheet pasted into the move box, and the opening of a many-game file. Printed by
//! `qipu ui-bench`.

use std::path::Path;
use std::time::{Duration, Instant};

use eframe::egui;

use crate::notation::{write_move, Notation, WriteOptions};
use crate::record::Game;
use crate::referee::Referee;
use crate::rules::{Color, Position, Status};

use crate::ui::app::{AppOptions, QipuApp};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::files;
use crate::ui::platform::native_dialogs::NativeDialogs;

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
    /// The area of the triangles of a frame inside their clip rectangles, in windows: how many
    /// times over a software rasteriser (Mesa's llvmpipe) blends the window's pixels (the clear
    /// before the frame not counted).
    pub coverage: f32,
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
        app.apply(&ctx, SessionCommand::Transcribe(text.clone()));
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

/// The window's size in the frames measured.
const WINDOW: egui::Vec2 = egui::vec2(1280.0, 900.0);

/// One frame of the whole window (`WINDOW`): layout, painting and tessellation (no GPU); the
/// triangles' area in windows.
fn frame(ctx: &egui::Context, app: &mut QipuApp) -> f32 {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, WINDOW)),
        ..Default::default()
    };
    let mut output = ctx.run_ui(input, |ui| app.show(ui));
    // No GPU here: the font atlas updates have nowhere to go.
    output.textures_delta.clear();
    let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
    let area: f32 = primitives.iter().map(covered_area).sum();
    area / (WINDOW.x * WINDOW.y)
}

/// The area of a primitive's triangles inside its clip rectangle (a triangle partly outside
/// counted by the part of its bounding box inside), in points.
fn covered_area(primitive: &egui::ClippedPrimitive) -> f32 {
    let egui::epaint::Primitive::Mesh(mesh) = &primitive.primitive else {
        return 0.0;
    };
    let clip = primitive.clip_rect;
    mesh.indices
        .chunks_exact(3)
        .filter_map(|triangle| {
            let corners: Vec<egui::Pos2> = triangle
                .iter()
                .map(|&i| mesh.vertices.get(i as usize).map(|v| v.pos))
                .collect::<Option<_>>()?;
            let [a, b, c] = corners[..] else {
                return None;
            };
            let area = ((b - a).x * (c - a).y - (b - a).y * (c - a).x).abs() / 2.0;
            let bounds = egui::Rect::from_points(&corners);
            let inside = bounds.intersect(clip);
            let share = if bounds.area() > 0.0 && inside.is_positive() {
                inside.area() / bounds.area()
            } else {
                0.0
            };
            Some(area * share)
        })
        .sum()
}

/// Draw `frames` frames of the whole window (`WINDOW`) showing a `plies`-move game; with
/// `cleared_background`, as the window draws them (the background cleared, the panels not
/// filled), else with every panel filling its rectangle.
pub fn frame_times(plies: usize, frames: usize, cleared_background: bool) -> FrameFigures {
    let ctx = egui::Context::default();
    let mut app = headless_app(&ctx);
    if cleared_background {
        app.clear_background(&ctx);
    }
    let game = long_game(plies);
    let moves = game.main_line().len();
    app.show_game(game);
    let mut times = Vec::with_capacity(frames);
    let mut coverage = 0.0;
    for i in 0..=frames {
        let start = Instant::now();
        coverage = frame(&ctx, &mut app);
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
        coverage,
    }
}

/// The time of a step back or forth through the record.
#[derive(Clone, Copy, Debug)]
pub struct StepFigures {
    /// Moves in the record.
    pub moves: usize,
    /// Steps measured (back from the end to the start, then forth to the end again).
    pub steps: usize,
    /// Median time of a step: the command applied, the referee's judgement of the line to the
    /// new move included.
    pub median: Duration,
    /// Slowest step.
    pub max: Duration,
    /// The referee judging the whole line from its start, for comparison (what a step that
    /// judges the line again costs).
    pub judge_line: Duration,
}

/// Step back through a `plies`-move game from its end to its start and forth again.
pub fn step_times(plies: usize) -> StepFigures {
    let ctx = egui::Context::default();
    let mut app = headless_app(&ctx);
    let game = long_game(plies);
    let moves = game.main_line().len();
    let line: Vec<_> = game
        .main_line()
        .iter()
        .filter_map(|&node| game.move_of(node))
        .collect();
    let start_position = game.position(game.root()).clone();
    app.show_game(game);
    app.apply(&ctx, SessionCommand::Last);
    let mut times = Vec::with_capacity(2 * moves);
    for command in [SessionCommand::Back, SessionCommand::Forward] {
        for _ in 0..moves {
            let start = Instant::now();
            app.apply(&ctx, command.clone());
            times.push(start.elapsed());
        }
    }
    times.sort();
    let start = Instant::now();
    let judgement = Referee::new(app.session().rules()).judge(&start_position, &line);
    let judge_line = start.elapsed();
    std::hint::black_box(judgement);
    StepFigures {
        moves,
        steps: times.len(),
        median: times.get(times.len() / 2).copied().unwrap_or_default(),
        max: times.last().copied().unwrap_or_default(),
        judge_line,
    }
}

/// Time to read every game of a file as the Open command does, and the number of games.
pub fn open_time(path: &Path) -> Result<(Duration, usize), files::OpenError> {
    let start = Instant::now();
    let opened = files::open(path)?;
    Ok((start.elapsed(), opened.games.len()))
}

/// The figures of one record file opened and stepped through in the window.
#[derive(Clone, Copy, Debug)]
pub struct RecordFigures {
    /// Moves (nodes) in the record's tree.
    pub nodes: usize,
    /// Moves of its main line.
    pub main_line: usize,
    /// Reading the file, showing its game and drawing the first frame of it.
    pub open: Duration,
    /// Steps measured: forth along the main line to its end, back to the start, then clicks on
    /// the deepest move of the tree and back on the start.
    pub steps: usize,
    /// Median time of a step with the frame that shows it.
    pub median: Duration,
    /// Slowest step with its frame.
    pub max: Duration,
    /// Median time of a frame in which nothing changed.
    pub idle: Duration,
    /// Dropping the app with its game (what quitting costs).
    pub quit: Duration,
    /// Resident memory of the process before the file was opened and with it shown, in bytes
    /// (`None` where the system does not say).
    pub memory: (Option<u64>, Option<u64>),
}

/// The resident memory of this process, in bytes (Linux; `None` elsewhere).
pub fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The deepest node of `game`'s tree (the last one found at that depth).
fn deepest(game: &Game) -> crate::record::NodeId {
    let mut best = (game.root(), 0);
    let mut stack = vec![(game.root(), 0usize)];
    while let Some((node, depth)) = stack.pop() {
        if depth > best.1 {
            best = (node, depth);
        }
        stack.extend(game.children(node).iter().map(|&c| (c, depth + 1)));
    }
    best.0
}

/// Open the record file at `path` as the Open command does and step through it, a frame drawn
/// after every step (`WINDOW`); `None` when it holds no game or several.
pub fn record_times(path: &Path) -> Result<Option<RecordFigures>, files::OpenError> {
    let ctx = egui::Context::default();
    let mut app = headless_app(&ctx);
    app.clear_background(&ctx);
    frame(&ctx, &mut app);
    let before = resident_memory();
    let start = Instant::now();
    app.apply(
        &ctx,
        crate::ui::base::command::app_command::AppCommand::OpenPath(path.to_owned()),
    );
    frame(&ctx, &mut app);
    let open = start.elapsed();
    let game = app.session().game();
    if app.path() != Some(path) {
        // Not opened as one game: the error says why, or a list of games is offered.
        return files::open(path).map(|_| None);
    }
    let nodes = game.move_count();
    let main_line = game.main_line().len();
    let deep = deepest(game);
    let root = game.root();
    let mut commands = Vec::new();
    commands.extend(std::iter::repeat_n(SessionCommand::Forward, main_line));
    commands.extend(std::iter::repeat_n(SessionCommand::Back, main_line));
    for _ in 0..5 {
        commands.push(SessionCommand::GoTo(deep));
        commands.push(SessionCommand::GoTo(root));
    }
    let mut times = Vec::with_capacity(commands.len());
    for command in commands {
        let start = Instant::now();
        app.apply(&ctx, command);
        frame(&ctx, &mut app);
        times.push(start.elapsed());
    }
    let mut idle = Vec::new();
    for _ in 0..10 {
        let start = Instant::now();
        frame(&ctx, &mut app);
        idle.push(start.elapsed());
    }
    idle.sort();
    times.sort();
    let shown = resident_memory();
    let start = Instant::now();
    drop(app);
    let quit = start.elapsed();
    Ok(Some(RecordFigures {
        nodes,
        main_line,
        open,
        steps: times.len(),
        median: times.get(times.len() / 2).copied().unwrap_or_default(),
        max: times.last().copied().unwrap_or_default(),
        idle: idle.get(idle.len() / 2).copied().unwrap_or_default(),
        quit,
        memory: (before, shown),
    }))
}
