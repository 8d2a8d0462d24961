//! What the app's tests share: file dialogs answered in advance, the app built around them, and
//! the injected clock set by hand.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use eframe::egui::accesskit::Role;
use eframe::egui::{Event, Key, Modifiers, OutputCommand, PointerButton, Pos2};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::competition::Moment;
use qipu::lang::Language;
use qipu::ui::{AppOptions, FileDialogs, NativeDialogs, Picking, Purpose, QipuApp};

/// Dialog answers given in advance, as a user would.
#[derive(Default)]
pub struct Scripted {
    /// The files to open, in turn.
    pub opens: VecDeque<PathBuf>,
    /// The names to save under, in turn.
    pub saves: VecDeque<PathBuf>,
}

impl FileDialogs for Scripted {
    /// A file to read is the next of `opens`, one to write the next of `saves`.
    fn pick(&mut self, _: Language, purpose: Purpose, _: &Path) -> Picking {
        let next = if purpose.reads() {
            self.opens.pop_front()
        } else {
            self.saves.pop_front()
        };
        Picking::Now(Ok(next.map(|path| vec![path])))
    }
}

/// The app in a window of `size`, with `dialogs` and the autosave at `autosave`.
pub fn app(
    size: [f32; 2],
    dialogs: Scripted,
    autosave: Option<PathBuf>,
) -> Harness<'static, QipuApp> {
    app_with(size, dialogs, autosave)
}

/// The app in a window of `size`, with any `dialogs` and the autosave at `autosave`.
pub fn app_with(
    size: [f32; 2],
    dialogs: impl FileDialogs + 'static,
    autosave: Option<PathBuf>,
) -> Harness<'static, QipuApp> {
    Harness::builder().with_size(size).build_eframe(move |cc| {
        QipuApp::with_options(
            cc,
            AppOptions {
                dialogs: Box::new(dialogs),
                autosave,
            },
        )
    })
}

/// The app as run where no system file chooser can be shown (as with `QIPU_FILE_DIALOG=own`):
/// every file is chosen in Qipu's own dialog.
pub fn app_without_system_chooser(
    size: [f32; 2],
    autosave: Option<PathBuf>,
) -> Harness<'static, QipuApp> {
    app_with(size, NativeDialogs::own_only(), autosave)
}

/// How long a test waits for work on another thread (an engine, the event file, the database):
/// long enough for a machine loaded with builds, whose disk may take seconds to sync a write.
pub const PATIENCE: Duration = Duration::from_secs(90);

/// Let frames pass until `done` holds: work on another thread answers when it does. The wait
/// is bounded by [`PATIENCE`] on the clock, not by a count of frames, so a slow machine (frames
/// and writes that take longer) never turns a correct answer into a failure.
pub fn wait_for(
    harness: &mut Harness<'_, QipuApp>,
    what: &str,
    done: impl Fn(&Harness<'_, QipuApp>) -> bool,
) {
    let deadline = Instant::now() + PATIENCE;
    while Instant::now() < deadline {
        harness.step();
        if done(harness) {
            harness.step();
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("waited {PATIENCE:?} in vain for {what}");
}

/// Press and release the primary button at `pos`, the pointer moved there first, a frame for
/// each (a click where the pointer is, not on a widget found by its label).
pub fn pointer_click(harness: &mut Harness<'_, QipuApp>, pos: Pos2) {
    harness.event(Event::PointerMoved(pos));
    harness.run();
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        harness.run();
    }
}

/// The text the window put on the clipboard in its last frame, if any.
pub fn copied_text(harness: &Harness<'_, QipuApp>) -> Option<String> {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
}

/// [`wait_for`] a state of the app (the database, an engine: work on other threads).
pub fn wait_until(harness: &mut Harness<'_, QipuApp>, what: &str, done: impl Fn(&QipuApp) -> bool) {
    wait_for(harness, what, |h| done(h.state()));
}

/// The shared corpus folder `part` (read in place, never copied).
pub fn corpus(part: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared/corpus").join(part))
        .find(|path| path.exists())
        .unwrap_or_else(|| panic!("the shared corpus must be beside the project: {part}"))
}

/// The shared data folder's `part` (read in place, never copied into the project).
pub fn shared_data(part: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|dir| dir.join("shared/data").join(part))
        .find(|path| path.exists())
        .unwrap_or_else(|| panic!("the shared data must be beside the project: {part}"))
}

/// Type `text` into the field labelled `label`, over what it holds. The app answers each step
/// until it settles, or as far as the harness's steps go while a spinner keeps it busy.
pub fn type_over(harness: &mut Harness<'_, QipuApp>, label: &str, text: &str) {
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .focus();
    harness.run_ok();
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .set_text_value_accesskit("");
    harness.run_ok();
    harness
        .get_by_role_and_label(Role::TextInput, label)
        .type_text(text);
    harness.run_ok();
}

/// [`type_over`] the field labelled `label`, then press Enter.
pub fn type_and_enter(harness: &mut Harness<'_, QipuApp>, label: &str, text: &str) {
    type_over(harness, label, text);
    harness.key_press(Key::Enter);
    harness.run_ok();
}

/// Click the widget labelled `label` and let the app answer.
pub fn click(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Click the widget labelled `label` that starts work in the background: its busy line keeps
/// the window drawing, so the frame is stepped, not run to rest (wait for the work's state
/// after it).
pub fn click_to_start(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.step();
}

/// Set the clock's time to `seconds` after the epoch (the clock never reads the wall clock).
pub fn set_time(harness: &mut Harness<'_, QipuApp>, seconds: u64) {
    harness
        .state_mut()
        .timer_mut()
        .set(Moment::after(Duration::from_secs(seconds)));
    harness.run();
}

/// Type `text` into the move box (over what it holds) and press Enter.
pub fn enter(harness: &mut Harness<'_, QipuApp>, text: &str) {
    type_and_enter(harness, "Moves", text);
}

/// The main line in ICCS.
pub fn main_line(harness: &Harness<'_, QipuApp>) -> Vec<String> {
    let game = &harness.state().session().game();
    game.main_line()
        .iter()
        .map(|&node| game.move_of(node).expect("a move node").to_string())
        .collect()
}

/// The app's storage between runs, in memory: what one app saves, the next one built on it reads.
#[derive(Default)]
pub struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// What `harness`'s app keeps when it closes (eframe calls `App::save`).
pub fn stored(harness: &mut Harness<'_, QipuApp>) -> MemoryStorage {
    let mut storage = MemoryStorage::default();
    eframe::App::save(harness.state_mut(), &mut storage);
    storage
}

/// The app started again on what an earlier run stored.
pub fn app_on(
    size: [f32; 2],
    dialogs: Scripted,
    storage: MemoryStorage,
) -> Harness<'static, QipuApp> {
    let storage: &'static MemoryStorage = Box::leak(Box::new(storage));
    Harness::builder().with_size(size).build_eframe(move |cc| {
        cc.storage = Some(storage);
        QipuApp::with_options(
            cc,
            AppOptions {
                dialogs: Box::new(dialogs),
                autosave: None,
            },
        )
    })
}
