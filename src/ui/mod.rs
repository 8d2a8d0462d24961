//! The desktop app (egui/eframe): a thin layer over the core. Data flows one way: panels,
//! windows, menus and keys push [`Command`]s, the app hands each to the one that applies it (a
//! [`SessionCommand`] to the [`Session`], an [`AppCommand`] to itself, a window's own command to
//! that window), and the next frame draws the result.
//!
//! The folders, from the bottom up; a file imports only from its own folder and the folders
//! above it in this list, never from one below:
//!
//! 1. `base`: the commands and every type they carry, the session, settings, layout, the
//!    file-dialog trait and the menu and shortcut table (no drawing);
//! 2. `platform`: renderer, heap, input filter and gate, native dialogs, fonts, screen surface;
//! 3. `widgets`: the board and a move's text;
//! 4. `workers`: the background threads (engine link, evaluation, database, event file, the
//!    cloud database's queries);
//! 5. `panels`: record, annotation, status, move box, clock, arbiter, analysis, evaluation
//!    graph, opening tree, the cloud database's moves;
//! 6. `windows`: setup editor, export, file chooser, engines, play against the computer,
//!    engine match, event, database, save report, the cloud database's question;
//! 7. `app`: window set-up, dispatch, files and autosave, menus, the frame.

mod app;
mod base;
mod panels;
mod platform;
mod widgets;
mod windows;
mod workers;

pub use app::bench;
pub use base::user_command;
pub use platform::{fonts, quiet_input};
pub use widgets::{board, move_text};

pub use app::{AppOptions, QipuApp};
pub use base::command::app_command::{Answer, AppCommand};
pub use base::command::arbiter_action::ArbiterAction;
pub use base::command::database_command::{Column, DatabaseCommand};
pub use base::command::file_purpose::{Purpose, Start};
pub use base::command::notice::Notice;
pub use base::command::notification::{Level, Notification, Source};
pub use base::command::origin::{FileTie, Origin};
pub use base::command::session_command::SessionCommand;
pub use base::command::window_id::WindowId;
pub use base::command::{Command, GameToShow};
pub use base::files::{FileDialogs, NoDialog, Picked, Picking};
pub use base::folds::FoldMode;
pub use base::layout::{Fit, Layout, Panel};
pub use base::session::Session;
pub use base::settings::{
    CloudSettings, EngineChoice, MatchSettings, NamedEngine, PlaySettings, Settings,
};
pub use base::timer::Timer;
pub use panels::eval_graph::{clamped, Curve, GRAPH_LIMIT};
pub use platform::native_dialogs::{NativeDialogs, DIALOG_VARIABLE};
pub use windows::alone::Alone;
pub use windows::database_window::DatabaseWindow;
pub use windows::puzzle_window::PuzzleTrainer;
pub use windows::REGISTERED;

/// Open the main window, showing the record file `open` if one is given (as a file manager's
/// "open with" passes it), and run until it is closed. The pointer's input that changes nothing
/// drawn waits on its way in for the input that does ([`quiet_input`]). The renderer in use is
/// printed on the standard error and shown in Help › About; where wgpu cannot start, glow draws
/// the window instead (the renderer module of the platform layer).
pub fn run(open: Option<std::path::PathBuf>) -> eframe::Result {
    let named = std::env::var(platform::renderer::VARIABLE).ok();
    let mut renderer = platform::renderer::choose();
    let mut wgpu_setup = None;
    let mut fallback = None;
    if renderer == eframe::Renderer::Wgpu
        && named.is_none()
        && platform::renderer::checks_wgpu_first()
    {
        match platform::renderer::check_wgpu() {
            Ok(setup) => wgpu_setup = Some(setup),
            Err(reason) => {
                renderer = eframe::Renderer::Glow;
                fallback = Some(reason);
            }
        }
    }
    let mut event_loop =
        winit::event_loop::EventLoop::<eframe::UserEvent>::with_user_event().build()?;
    let started = open_window(
        &mut event_loop,
        renderer,
        wgpu_setup,
        open.clone(),
        fallback.as_deref(),
    )?;
    if !started && renderer == eframe::Renderer::Wgpu {
        let reason = "the window's wgpu surface or device could not be made".to_owned();
        open_window(
            &mut event_loop,
            eframe::Renderer::Glow,
            None,
            open,
            Some(&reason),
        )?;
    }
    Ok(())
}

/// Run the window on `event_loop` with `renderer` (wgpu with `wgpu_setup` when given) until it
/// is closed; false if the renderer failed before the app could start (nothing was shown).
fn open_window(
    event_loop: &mut winit::event_loop::EventLoop<eframe::UserEvent>,
    renderer: eframe::Renderer,
    wgpu_setup: Option<eframe::egui_wgpu::WgpuSetup>,
    open: Option<std::path::PathBuf>,
    fallback: Option<&str>,
) -> eframe::Result<bool> {
    use winit::platform::run_on_demand::EventLoopExtRunOnDemand as _;
    if let Some(reason) = fallback {
        eprintln!("qipu: wgpu could not start ({reason}); drawing with glow");
    }
    if renderer == eframe::Renderer::Glow {
        platform::heap::keep_freed_memory();
    }
    let mut options = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_title("Qipu 棋谱")
            .with_app_id("qipu")
            .with_icon(window_icon())
            .with_inner_size([1100.0, 820.0])
            .with_min_inner_size([640.0, 480.0]),
        renderer,
        dithering: platform::renderer::dithers(renderer),
        ..Default::default()
    };
    if let Some(setup) = wgpu_setup {
        options.wgpu_options.wgpu_setup = setup;
    }
    let zone = platform::quiet_input::SharedZone::default();
    let published = zone.clone();
    let started = std::cell::Cell::new(false);
    let app = eframe::create_native(
        "Qipu",
        options,
        Box::new(|cc| {
            started.set(true);
            let mut app = QipuApp::new(cc);
            eprintln!(
                "qipu: the window is drawn with {}",
                platform::renderer::describe(cc)
            );
            if let Some(reason) = fallback {
                app.note_renderer_fallback(reason.to_owned());
            }
            app.clear_background(&cc.egui_ctx);
            app.publish_quiet_zone(published);
            if let Some(path) = open {
                app.apply(&cc.egui_ctx, AppCommand::OpenPath(path));
            }
            Ok(Box::new(app))
        }),
        event_loop,
    );
    let mut filtered = platform::input_filter::InputFilter::new(app, zone);
    event_loop.run_app_on_demand(&mut filtered)?;
    drop(filtered);
    Ok(started.get())
}

/// The window's icon (title bar, taskbar): Qipu's own, not eframe's. The PNG is built in; were
/// it unreadable, the system's default icon would show.
fn window_icon() -> eframe::egui::IconData {
    eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icons/qipu-64.png"))
        .unwrap_or_default()
}
