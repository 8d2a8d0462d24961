//! The desktop app (egui/eframe): a thin layer over the core. Data flows one way: widgets and
//! menus return [`Command`]s, the app applies them to the [`Session`], the next frame draws it.

mod analysis_panel;
mod annotate;
mod app;
mod arbiter;
pub mod bench;
pub mod board;
mod board_drawing;
mod clock_panel;
mod command;
mod computer;
mod database_window;
mod database_worker;
mod engine_link;
mod engine_match;
mod engines_window;
mod eval_graph;
mod eval_worker;
mod event_window;
mod export_dialog;
mod file_chooser;
mod files;
pub mod fonts;
mod heap;
mod input_filter;
mod layout;
pub mod move_text;
mod native_dialogs;
mod opening_tree;
pub mod quiet_input;
mod record_panel;
mod renderer;
mod save_report;
mod screen_surface;
mod session;
mod settings;
mod setup_editor;
mod sheet_gaps;
mod side_panels;
mod status;
mod timer;
mod transcribe_panel;
pub mod user_command;

pub use app::{AppOptions, QipuApp};
pub use arbiter::ArbiterAction;
pub use command::Command;
pub use computer::PlaySettings;
pub use database_window::{Column, DatabaseCommand, DatabaseWindow};
pub use engine_match::{EngineChoice, MatchSettings};
pub use eval_graph::{clamped, Curve, GRAPH_LIMIT};
pub use files::{FileDialogs, NoDialog, Picked, Picking};
pub use layout::{Fit, Layout, Panel};
pub use native_dialogs::{NativeDialogs, DIALOG_VARIABLE};
pub use session::{Notice, Session};
pub use settings::{NamedEngine, Settings};
pub use timer::Timer;

/// Open the main window, showing the record file `open` if one is given (as a file manager's
/// "open with" passes it), and run until it is closed. The pointer's input that changes nothing
/// drawn waits on its way in for the input that does ([`quiet_input`]).
pub fn run(open: Option<std::path::PathBuf>) -> eframe::Result {
    let renderer = renderer::choose();
    if renderer == eframe::Renderer::Glow {
        heap::keep_freed_memory();
    }
    let options = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_title("Qipu 棋谱")
            .with_app_id("qipu")
            .with_inner_size([1100.0, 820.0])
            .with_min_inner_size([640.0, 480.0]),
        renderer,
        dithering: renderer::dithers(renderer),
        ..Default::default()
    };
    let event_loop =
        winit::event_loop::EventLoop::<eframe::UserEvent>::with_user_event().build()?;
    let zone = quiet_input::SharedZone::default();
    let published = zone.clone();
    let app = eframe::create_native(
        "Qipu",
        options,
        Box::new(move |cc| {
            let mut app = QipuApp::new(cc);
            app.clear_background(&cc.egui_ctx);
            app.publish_quiet_zone(published);
            if let Some(path) = open {
                app.apply(&cc.egui_ctx, Command::OpenPath(path));
            }
            Ok(Box::new(app))
        }),
        &event_loop,
    );
    event_loop.run_app(&mut input_filter::InputFilter::new(app, zone))?;
    Ok(())
}
