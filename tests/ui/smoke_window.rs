//! The window as a user meets it: the release binary started under a virtual X server (Xvfb),
//! its window waited for, and a screenshot of the screen taken and looked at.
//!
//! Needs on Linux: `xvfb`, `x11-utils` (xwininfo), `imagemagick` (import) and the app's run-time
//! libraries (README); `.ci/run` installs them. The screenshot is kept in the cargo target
//! directory as `smoke-window.png` for a person to look at.

#![cfg(target_os = "linux")]

use crate::common;

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
    let test_binary = Path::new(env!("CARGO_BIN_EXE_qipu"));
    test_binary
        .parent()
        .and_then(Path::parent)
        .expect("the test binary lies in <target>/<profile>/")
        .to_path_buf()
}

/// Build the release binary into the same target directory and return its path.
fn release_binary() -> PathBuf {
    let target = target_dir();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .args(["build", "--release", "--bin", "qipu", "--manifest-path"])
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build --release failed");
    target.join("release").join("qipu")
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

/// Start Xvfb on a free display; returns it and the display name (`:N`).
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
    (xvfb, format!(":{number}"))
}

/// The window tree line of the app's window, once it is mapped with `title` in its title.
fn wait_for_window(display: &str, app: &mut Running, title: &str, patience: Duration) -> String {
    let start = Instant::now();
    while start.elapsed() < patience {
        if let Some(status) = app.0.try_wait().expect("the app's status can be read") {
            panic!("the app exited before its window appeared: {status}");
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
fn release_binary_opens_a_window_showing_the_board_and_the_file_it_was_given() {
    require("Xvfb", "xvfb");
    require("xwininfo", "x11-utils");
    require("import", "imagemagick");
    let binary = release_binary();
    let home = std::env::temp_dir().join(format!("qipu-smoke-{}", std::process::id()));
    std::fs::create_dir_all(&home).expect("a scratch home directory");

    // A finished game (Red mates at move 52), as a file manager passes it: `qipu FILE`.
    let name = "sample_xqbase_ccgc2006_r22_utf8.pgn";
    let record = common::shared_path(&format!("data/samples/{name}"));

    let (_xvfb, display) = start_xvfb();
    let started = Instant::now();
    let mut app = Running(
        Command::new(&binary)
            .arg(&record)
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("HOME", &home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the app starts"),
    );
    // The title names the file once the first frame has shown it.
    let window = wait_for_window(
        &display,
        &mut app,
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
    let _ = std::fs::remove_dir_all(&home);
}
