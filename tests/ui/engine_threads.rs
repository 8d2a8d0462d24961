//! The built-in engine's threads (Game ▸ Engines…): every core until the user sets fewer, and
//! the setting goes with the built-in engine to analysis, review and play.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::engine::Options;
use qipu::ui::{AppCommand, Command, QipuApp, WindowId};

use crate::computer::app;
use crate::support::click;

fn apply(harness: &mut Harness<'_, QipuApp>, command: impl Into<Command>) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, command);
    harness.run();
}

fn threads(harness: &Harness<'_, QipuApp>) -> Vec<String> {
    harness
        .state()
        .builtin_engine()
        .options
        .iter()
        .filter(|(name, _)| name == "Threads")
        .map(|(_, value)| value.clone())
        .collect()
}

#[test]
fn the_builtin_engine_searches_on_every_core_until_set_otherwise() {
    let mut harness = app();
    let cores = Options::max_threads();
    assert_eq!(threads(&harness), vec![cores.to_string()]);
    apply(&mut harness, AppCommand::Open(WindowId::Engines));
    harness.get_by_label("Built-in engine threads:");
    harness.get_by_label(&format!("cores on this computer: {cores}"));
    // Saving the window keeps the threads shown.
    click(&mut harness, "Save");
    assert_eq!(threads(&harness), vec![cores.to_string()]);
    apply(&mut harness, AppCommand::SetEngineThreads(1));
    assert_eq!(threads(&harness), vec!["1".to_owned()]);
    apply(&mut harness, AppCommand::Open(WindowId::Engines));
    harness.get_by_label("Built-in engine threads:");
    click(&mut harness, "Save");
    assert_eq!(threads(&harness), vec!["1".to_owned()]);
}
