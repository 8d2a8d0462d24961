//! The window as a user meets it: the program started under a virtual X server (Xvfb), its
//! window waited for, and a screenshot of the screen taken and looked at. The program is the one
//! cargo builds for the tests (optimised, `[profile.dev]`), not a second build of the same code
//! in the release profile (that one is compiled by `.ci/windows` and the release workflow).
//!
//! Needs on Linux: `xvfb`, `x11-utils` (xwininfo), `imagemagick` (import) and the app's run-time
//! libraries (README); `.ci/run` installs them. The screenshot is kept in the cargo target
//! directory as `smoke-window.png` for a person to look at.
//!
//! The Windows build is met the same way under Wine when `QIPU_WINDOWS_EXE` names its
//! `qipu.exe` (`.ci/windows` sets it; Wine is `QIPU_WINE`, else Debian's `/usr/lib/wine/wine64`,
//! with the prefix in `WINEPREFIX`): started with no setting, its window must show the board
//! and take a click. Its screenshot is `smoke-window-wine.png` beside the program.

#![cfg(target_os = "linux")]

use crate::common::{self, TempFolder};

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The board's ground colour (`src/export/board_painter.rs`, `palette::GROUND`).
const GROUND: [u8; 3] = [240, 214, 160];
/// The red pieces' ink (`palette::RED`).
const RED_INK: [u8; 3] = [196, 24, 24];

/// A child process killed when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `<target>/debug/qipu` → `<target>`.
fn target_dir() -> PathBuf {
    common::qipu_binary()
        .parent()
        .and_then(Path::parent)
        .expect("the test binary lies in <target>/<profile>/")
        .to_path_buf()
}

fn require(tool: &str, package: &str) {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        found,
        "{tool} is missing: install the Debian package {package} (README, Linux)"
    );
}

/// Start Xvfb on a free display, and wait until it answers a client; returns it and the display
/// name (`:N`). A landing saw the app refused a connection to a server that had printed its
/// display number.
fn start_xvfb() -> (Running, String) {
    let mut child = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x900x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    let stdout = child.stdout.take().expect("stdout was piped");
    let xvfb = Running(child);
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("Xvfb prints its display number");
    let number: u32 = line
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("Xvfb printed {line:?}, not a display number"));
    let display = format!(":{number}");
    let start = Instant::now();
    loop {
        let answered = Command::new("xwininfo")
            .args(["-root"])
            .env("DISPLAY", &display)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if answered {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "Xvfb on {display} does not answer"
        );
        sleep(Duration::from_millis(100));
    }
    (xvfb, display)
}

/// The window tree line of the app's window, once it is mapped with `title` in its title.
/// `log` is where the app writes its standard error, shown if it ends first.
fn wait_for_window(
    display: &str,
    app: &mut Running,
    log: &Path,
    title: &str,
    patience: Duration,
) -> String {
    let start = Instant::now();
    while start.elapsed() < patience {
        if let Some(status) = app.0.try_wait().expect("the app's status can be read") {
            let said = std::fs::read_to_string(log).unwrap_or_default();
            panic!("the app exited before its window appeared: {status}; it said:\n{said}");
        }
        let tree = Command::new("xwininfo")
            .args(["-root", "-tree"])
            .env("DISPLAY", display)
            .output()
            .expect("xwininfo runs");
        let tree = String::from_utf8_lossy(&tree.stdout);
        if let Some(line) = tree.lines().find(|l| l.contains(title)) {
            return line.trim().to_owned();
        }
        sleep(Duration::from_millis(100));
    }
    panic!("no window titled {title:?} within {patience:?}");
}

fn screenshot(display: &str) -> image::RgbImage {
    let out = Command::new("import")
        .args(["-window", "root", "png:-"])
        .env("DISPLAY", display)
        .output()
        .expect("import runs");
    assert!(out.status.success(), "import failed");
    image::load_from_memory(&out.stdout)
        .expect("import wrote a PNG")
        .to_rgb8()
}

fn share_of(image: &image::RgbImage, colour: [u8; 3]) -> f64 {
    let near = |p: &image::Rgb<u8>| {
        p.0.iter()
            .zip(colour)
            .all(|(&a, b)| (i16::from(a) - i16::from(b)).abs() <= 6)
    };
    let hits = image.pixels().filter(|p| near(p)).count();
    hits as f64 / (image.width() * image.height()) as f64
}

#[test]
fn the_program_opens_a_window_showing_the_board_and_the_file_it_was_given() {
    require("Xvfb", "xvfb");
    require("xwininfo", "x11-utils");
    require("import", "imagemagick");
    let binary = common::qipu_binary();
    let home = TempFolder::new("smoke");

    // A finished game (Red mates at move 52), as a file manager passes it: `qipu FILE`.
    let name = "sample_xqbase_ccgc2006_r22_utf8.pgn";
    let record = common::shared_path(&format!("data/samples/{name}"));

    let (_xvfb, display) = start_xvfb();
    let log = home.join("stderr.txt");
    let stderr = std::fs::File::create(&log).expect("the app's log file");
    let started = Instant::now();
    let mut app = Running(
        Command::new(binary)
            .arg(&record)
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("the app starts"),
    );
    // The title names the file once the first frame has shown it.
    let window = wait_for_window(
        &display,
        &mut app,
        &log,
        &format!("\"{name} — Qipu\""),
        Duration::from_secs(60),
    );
    let mapped = started.elapsed();

    // Drawing the first frame follows the mapping; wait until the board is on the screen.
    let patience = Instant::now();
    let mut shot = screenshot(&display);
    while share_of(&shot, GROUND) < 0.15 && patience.elapsed() < Duration::from_secs(30) {
        sleep(Duration::from_millis(200));
        shot = screenshot(&display);
    }
    let path = target_dir().join("smoke-window.png");
    shot.save(&path).expect("the screenshot is saved");
    println!(
        "window {window} mapped after {mapped:?}; screenshot in {}",
        path.display()
    );

    let ground = share_of(&shot, GROUND);
    let red = share_of(&shot, RED_INK);
    assert!(
        ground > 0.15,
        "the board's ground covers {:.1}% of the screen: no board drawn (see {})",
        ground * 100.0,
        path.display()
    );
    assert!(
        red > 0.001,
        "no red pieces on the screen ({:.3}%, see {})",
        red * 100.0,
        path.display()
    );
    assert!(
        app.0.try_wait().expect("status").is_none(),
        "the app is still running"
    );
}

/// The bounding box (left, top, right, bottom) of the pixels near `colour`.
fn bounds_of(image: &image::RgbImage, colour: [u8; 3]) -> Option<(u32, u32, u32, u32)> {
    let near = |p: &image::Rgb<u8>| {
        p.0.iter()
            .zip(colour)
            .all(|(&a, b)| (i16::from(a) - i16::from(b)).abs() <= 6)
    };
    image
        .enumerate_pixels()
        .filter(|(_, _, p)| near(p))
        .fold(None, |bounds, (x, y, _)| {
            let (l, t, r, b) = bounds.unwrap_or((x, y, x, y));
            Some((l.min(x), t.min(y), r.max(x), b.max(y)))
        })
}

/// How many pixels differ between two screenshots of the same size.
fn changed_pixels(before: &image::RgbImage, after: &image::RgbImage) -> usize {
    before
        .pixels()
        .zip(after.pixels())
        .filter(|(a, b)| a != b)
        .count()
}

#[test]
fn windows_binary_under_wine_opens_its_window_draws_the_board_and_takes_a_click() {
    let Some(exe) = std::env::var_os("QIPU_WINDOWS_EXE").map(PathBuf::from) else {
        println!("skipped: QIPU_WINDOWS_EXE does not name a qipu.exe to run under Wine");
        return;
    };
    let wine = std::env::var_os("QIPU_WINE")
        .map_or_else(|| PathBuf::from("/usr/lib/wine/wine64"), PathBuf::from);
    require("Xvfb", "xvfb");
    require("xwininfo", "x11-utils");
    require("import", "imagemagick");
    require("xdotool", "xdotool");
    assert!(exe.is_file(), "{} is not a file", exe.display());

    // A first start: no settings and no autosave from an earlier run in this Wine prefix (eframe
    // keeps them in %APPDATA%\qipu).
    let prefix = std::env::var_os("WINEPREFIX").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".wine"),
        PathBuf::from,
    );
    if let Ok(users) = std::fs::read_dir(prefix.join("drive_c/users")) {
        for user in users.flatten() {
            let _ = std::fs::remove_dir_all(user.path().join("AppData/Roaming/qipu"));
        }
    }

    // The record by its Unix path, which Windows programs under Wine read on drive Z:.
    let name = "sample_xqbase_ccgc2006_r22_utf8.pgn";
    let record = common::shared_path(&format!("data/samples/{name}"));

    let (_xvfb, display) = start_xvfb();
    let log = exe.with_file_name("smoke-window-wine-stderr.txt");
    let stderr = std::fs::File::create(&log).expect("the app's log file");
    let started = Instant::now();
    let mut app = Running(
        Command::new(&wine)
            .arg(&exe)
            .arg(&record)
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("QIPU_RENDERER")
            .env("WINEDEBUG", "-all")
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("wine starts"),
    );
    let window = wait_for_window(
        &display,
        &mut app,
        &log,
        &format!("\"{name} — Qipu\""),
        Duration::from_secs(120),
    );
    let mapped = started.elapsed();

    let patience = Instant::now();
    let mut shot = screenshot(&display);
    while share_of(&shot, GROUND) < 0.15 && patience.elapsed() < Duration::from_secs(60) {
        sleep(Duration::from_millis(300));
        shot = screenshot(&display);
    }
    let path = exe.with_file_name("smoke-window-wine.png");
    shot.save(&path).expect("the screenshot is saved");
    println!(
        "window {window} mapped after {mapped:?} under Wine; screenshot in {}",
        path.display()
    );
    let ground = share_of(&shot, GROUND);
    assert!(
        ground > 0.15,
        "the board's ground covers {:.1}% of the screen: no board drawn (see {})",
        ground * 100.0,
        path.display()
    );
    let (left, top, right, bottom) = bounds_of(&shot, RED_INK).expect("red pieces on the screen");

    // The game opens at its start: the red General is at the bottom middle of the red ink. A
    // click on it selects it (a ring and its moves drawn): the screen changes.
    let (x, y) = ((left + right) / 2, bottom - (bottom - top) / 8);
    let clicked = Command::new("xdotool")
        .args(["mousemove", &x.to_string(), &y.to_string(), "click", "1"])
        .env("DISPLAY", &display)
        .status()
        .expect("xdotool runs");
    assert!(clicked.success(), "xdotool could not click");
    let patience = Instant::now();
    let mut after = screenshot(&display);
    while changed_pixels(&shot, &after) < 50 && patience.elapsed() < Duration::from_secs(20) {
        sleep(Duration::from_millis(300));
        after = screenshot(&display);
    }
    let after_path = exe.with_file_name("smoke-window-wine-clicked.png");
    after.save(&after_path).expect("the screenshot is saved");
    let changed = changed_pixels(&shot, &after);
    println!(
        "a click at ({x}, {y}) changed {changed} pixels; screenshot in {}",
        after_path.display()
    );
    assert!(
        changed >= 50,
        "the click at ({x}, {y}) changed {changed} pixels (see {})",
        after_path.display()
    );
    assert!(
        app.0.try_wait().expect("status").is_none(),
        "the app is still running"
    );
}
