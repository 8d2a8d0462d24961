//! A picture of a board read into the setup editor: a file dropped on the window, an image
//! pasted, or Game › Position from picture…; the points to check ringed until clicked; a picture
//! without a board refused with a message; of two boards the larger read and the two counted.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use eframe::egui::accesskit::Role;
use eframe::egui::{self, DroppedFile};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipu::rules::{Color, Piece, PieceKind, Setup, Square};
use qipu::ui::QipuApp;

use crate::support::{app, click, wait_for, Scripted};

/// A file dropped on the window, as the system hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/recognise")
        .join(name)
}

/// The FEN of `file` in tests/data/recognise/positions.tsv.
fn listed_fen(file: &str) -> String {
    let list = std::fs::read_to_string(data("positions.tsv")).expect("positions.tsv");
    list.lines()
        .find_map(|l| l.strip_prefix(file)?.strip_prefix('\t'))
        .unwrap_or_else(|| panic!("{file} listed"))
        .to_owned()
}

fn drop_file(harness: &mut Harness<'_, QipuApp>, path: PathBuf) {
    harness
        .input_mut()
        .dropped_files
        .push(Arc::new(Dropped(path)));
    harness.step();
}

/// Wait for the setup editor to show the picture's reading.
fn wait_for_editor(harness: &mut Harness<'_, QipuApp>) {
    wait_for(harness, "the setup editor on the picture read", |h| {
        h.query_by_label_contains("Read from the").is_some()
    });
    harness.run();
}

/// The window at `size` with the picture `file` dropped on it and read into the setup editor.
fn editor_on(size: [f32; 2], file: &str) -> Harness<'static, QipuApp> {
    let mut harness = app(size, Scripted::default(), None);
    harness.run();
    drop_file(&mut harness, data(file));
    wait_for_editor(&mut harness);
    harness
}

fn fen_field(harness: &Harness<'_, QipuApp>) -> String {
    harness
        .get_by_role_and_label(Role::TextInput, "FEN")
        .value()
        .unwrap_or_default()
}

/// The points ringed for checking, by their accessible names ("e3 (to check)").
fn ringed(harness: &Harness<'_, QipuApp>) -> Vec<String> {
    harness
        .query_all_by_label_contains("(to check)")
        .filter_map(|node| node.accesskit_node().label())
        .map(|label| label.replace(" (to check)", ""))
        .collect()
}

#[test]
fn a_dropped_picture_opens_the_setup_editor_on_the_position_read() {
    let mut harness = editor_on([1400.0, 950.0], "screen-xboard-1.png");
    harness.get_by_label_contains("Read from the picture screen-xboard-1.png");
    assert_eq!(fen_field(&harness), listed_fen("screen-xboard-1.png"));
    // Nobody is in check: the picture does not say who moves, and the editor asks.
    harness.get_by_label_contains("The picture does not say who moves");
    // Read with confidence: ready to play, with no reason against it.
    assert!(harness
        .query_by_label_contains("Not ready to play")
        .is_none());
    assert!(!harness
        .get_by_label("Start from this position")
        .accesskit_node()
        .is_disabled());
    // The record shown is untouched until the position is started.
    assert_eq!(harness.state().session().game().move_count(), 0);
    click(&mut harness, "Start from this position");
    assert_eq!(
        harness.state().session().position().to_fen(),
        listed_fen("screen-xboard-1.png")
    );
}

#[test]
fn position_from_picture_reads_the_file_chosen() {
    let mut dialogs = Scripted::default();
    dialogs.opens.push_back(data("screen-xboard-2.png"));
    let mut harness = app([1400.0, 950.0], dialogs, None);
    harness.run();
    click(&mut harness, "Game");
    // While the picture is read a spinner turns: frames are stepped, not settled.
    harness.get_by_label("Position from picture…").click();
    harness.step();
    wait_for_editor(&mut harness);
    assert_eq!(fen_field(&harness), listed_fen("screen-xboard-2.png"));
}

#[test]
fn a_picture_without_a_board_is_refused_with_a_message() {
    let mut harness = app([1400.0, 950.0], Scripted::default(), None);
    harness.run();
    drop_file(&mut harness, data("no-board.png"));
    wait_for(&mut harness, "the message", |h| {
        h.query_by_label_contains("No Xiangqi board was found in the picture")
            .is_some()
    });
    // Named by the file, and no editor opened.
    harness.get_by_label("no-board.png");
    assert!(harness.query_by_label("Read FEN").is_none());
}

/// Two boards pasted as one image: the larger is read, and the editor says there were two.
#[test]
fn of_two_boards_pasted_the_larger_is_read_and_the_two_are_counted() {
    let big = image::open(data("screen-xboard-2.png"))
        .expect("decodes")
        .into_rgba8();
    let small = image::open(data("screen-xboard-1.png"))
        .expect("decodes")
        .into_rgba8();
    let mut both = image::RgbaImage::from_pixel(
        big.width() + small.width() + 40,
        big.height().max(small.height()),
        image::Rgba([255, 255, 255, 255]),
    );
    image::imageops::replace(&mut both, &small, 0, 0);
    image::imageops::replace(&mut both, &big, i64::from(small.width()) + 40, 0);
    let size = [both.width() as usize, both.height() as usize];
    let pasted = egui::ColorImage::from_rgba_unmultiplied(size, both.as_raw());
    let mut harness = app([1400.0, 950.0], Scripted::default(), None);
    harness.run();
    harness.event(egui::Event::PasteImage(Arc::new(pasted)));
    wait_for_editor(&mut harness);
    harness.get_by_label_contains("Read from the pasted picture");
    harness.get_by_label_contains("The picture shows 2 boards: the largest was read.");
    assert_eq!(fen_field(&harness), listed_fen("screen-xboard-2.png"));
}

/// The points the reader itself doubts on `file` (what the window must ring), sorted by name.
fn doubted(file: &str) -> Vec<String> {
    let bytes = std::fs::read(data(file)).expect("the picture");
    let reading = qipu::recognise::recognise(&bytes).expect("a board is read");
    let mut names: Vec<String> = reading.uncertain.iter().map(|sq| sq.to_string()).collect();
    names.sort();
    names
}

/// How the editor counts `n` points left to check.
fn to_check(n: usize) -> String {
    match n {
        1 => "1 point to check (ringed)".to_owned(),
        n => format!("{n} points to check (ringed)"),
    }
}

/// The generals' points on `screen-2-blurred.jpg`, Red's and Black's.
const GENERALS: [&str; 2] = ["f0", "f9"];

/// The FEN listed for `file` with `piece` put on `point`.
fn with_piece(file: &str, point: &str, piece: Piece) -> String {
    let mut setup = Setup::from_fen(&listed_fen(file)).expect("a listed FEN");
    setup.set(Square::parse(point).expect("a point"), Some(piece));
    setup.to_fen()
}

/// A screenshot blurred, made smaller and saved as a coarse JPEG, read with doubt at several
/// points: each point the reader doubts is ringed, every point read wrong among them; a click
/// with a piece sets a point and takes its ring away, so the points read wrong are set right one
/// click each; a right click clears a point and its ring.
#[test]
fn the_points_read_with_doubt_are_ringed_and_one_click_corrects_one() {
    let file = "screen-2-blurred.jpg";
    let doubts = doubted(file);
    let mut harness = editor_on([1400.0, 950.0], file);
    let listed = Setup::from_fen(&listed_fen(file)).expect("a listed FEN");
    let shown = Setup::from_fen(&fen_field(&harness)).expect("the editor's FEN");
    let wrong: Vec<String> = Square::all()
        .filter(|&sq| shown.get(sq) != listed.get(sq))
        .map(|sq| sq.to_string())
        .collect();
    assert!(
        wrong.iter().all(|p| doubts.contains(p)),
        "every point read wrong is in doubt: {wrong:?} read wrong, {doubts:?} in doubt"
    );
    let others: Vec<String> = doubts
        .iter()
        .filter(|p| !GENERALS.contains(&p.as_str()) && !wrong.contains(p))
        .cloned()
        .collect();
    assert!(
        others.len() >= 2,
        "the picture must be read right with doubt at two points besides the generals: {doubts:?}"
    );
    let mut marked = ringed(&harness);
    marked.sort();
    assert_eq!(marked, doubts);
    harness.get_by_label_contains(&to_check(doubts.len()));
    for point in &wrong {
        let sq = Square::parse(point).expect("a point");
        put(&mut harness, sq, listed.get(sq));
    }
    assert_eq!(fen_field(&harness), listed_fen(file));
    let doubts: Vec<String> = doubts.into_iter().filter(|p| !wrong.contains(p)).collect();
    let corrected = others[0].as_str();
    click(&mut harness, "Black chariot");
    click(&mut harness, &format!("{corrected} (to check)"));
    assert_eq!(
        fen_field(&harness),
        with_piece(
            file,
            corrected,
            Piece::new(Color::Black, PieceKind::Chariot)
        )
    );
    let mut marked = ringed(&harness);
    marked.sort();
    let rest: Vec<String> = doubts
        .iter()
        .filter(|p| p.as_str() != corrected)
        .cloned()
        .collect();
    assert_eq!(marked, rest);
    harness.get_by_label_contains(&to_check(rest.len()));
    // A right click clears a point, and its ring.
    let cleared = others[1].as_str();
    harness
        .get_by_label(&format!("{cleared} (to check)"))
        .click_secondary();
    harness.run();
    assert_eq!(ringed(&harness).len(), rest.len() - 1);
}

/// The reason against playing the board read, as corrected so far (a label's text is its
/// node's value).
fn not_ready(harness: &Harness<'_, QipuApp>) -> Option<String> {
    harness
        .query_by_label_contains("Not ready to play")
        .and_then(|node| node.accesskit_node().value())
}

/// A board whose general is read with doubt (a held-out design of Western-symbol pieces) is not
/// offered to play: the reason, naming the general and its point, stands beside the greyed
/// Start button, and follows the points checked.
#[test]
fn a_board_not_ready_to_play_says_why_beside_the_greyed_start() {
    let file = "western-line.jpg";
    let bytes = std::fs::read(data(file)).expect("the picture");
    let reading = qipu::recognise::recognise(&bytes).expect("a board is read");
    let generals: Vec<(String, &str, &str)> = reading
        .uncertain
        .iter()
        .filter_map(|&sq| {
            let piece = reading.setup.get(sq)?;
            let red = piece.color == Color::Red;
            (piece.kind == PieceKind::General).then(|| {
                (
                    sq.to_string(),
                    if red { "red" } else { "black" },
                    if red { "Red general" } else { "Black general" },
                )
            })
        })
        .collect();
    assert!(
        !generals.is_empty(),
        "a general read with doubt: {:?}",
        reading.uncertain
    );
    let mut harness = editor_on([1400.0, 950.0], file);
    let (point, side, _) = &generals[0];
    assert_eq!(
        not_ready(&harness),
        Some(format!(
            "Not ready to play: the {side} general at {point} is read with doubt. Check it and \
             click to correct it."
        ))
    );
    assert!(harness
        .get_by_label("Start from this position")
        .accesskit_node()
        .is_disabled());
    // Each general checked (a click with the piece there takes it, a second puts it back): the
    // next one is named, then none.
    for (n, (point, _, piece)) in generals.iter().enumerate() {
        click(&mut harness, piece);
        click(&mut harness, &format!("{point} (to check)"));
        click(&mut harness, point);
        if let Some((next, side, _)) = generals.get(n + 1) {
            assert!(not_ready(&harness).is_some_and(
                |why| why.contains(&format!("the {side} general at {next} is read with doubt"))
            ));
        }
    }
    assert!(
        not_ready(&harness).is_none_or(|why| !why.contains("general")),
        "{:?}",
        not_ready(&harness)
    );
    assert_eq!(
        fen_field(&harness),
        reading.setup.to_fen(),
        "the board as read"
    );
}

/// On a 640×480 window the rows above the editor's board (the picture's notes, the pieces, the
/// buttons) leave it little height: the editor scrolls, and the board read from a picture keeps
/// points large enough to click.
#[test]
fn on_a_small_window_the_board_read_keeps_points_large_enough_to_click() {
    let harness = editor_on([640.0, 480.0], "screen-2-blurred.jpg");
    let point = harness.get_by_label("e5").rect();
    assert!(
        point.width() >= 20.0 && point.height() >= 20.0,
        "the point e5 is {point:?}"
    );
}

/// A picture whose sides are in doubt (Western-symbol pieces the classifier does not know):
/// the editor says which side it read at the bottom and that the other is nearly as likely,
/// and one click reads the board the other way round, its own doubts ringed; a second click
/// turns it back.
#[test]
fn a_board_whose_sides_are_in_doubt_can_be_read_the_other_way_round() {
    let bytes = std::fs::read(data("western-turned.png")).expect("the picture");
    let reading = qipu::recognise::recognise(&bytes).expect("a board is read");
    let turned = reading
        .turned_round()
        .expect("the board read the other way round");
    let names = |r: &qipu::recognise::Reading| {
        let mut names: Vec<String> = r.uncertain.iter().map(|sq| sq.to_string()).collect();
        names.sort();
        names
    };
    let side = |red: bool| if red { "Red" } else { "Black" };
    let mut harness = editor_on([1400.0, 950.0], "western-turned.png");
    assert_eq!(fen_field(&harness), reading.setup.to_fen());
    harness.get_by_label_contains(&format!(
        "{} is read at the bottom of the picture, but {} at the bottom is nearly as likely.",
        side(reading.red_at_bottom),
        side(!reading.red_at_bottom)
    ));
    let mut marked = ringed(&harness);
    marked.sort();
    assert_eq!(marked, names(&reading));
    click(
        &mut harness,
        &format!("Read with {} at the bottom", side(turned.red_at_bottom)),
    );
    assert_eq!(fen_field(&harness), turned.setup.to_fen());
    let mut marked = ringed(&harness);
    marked.sort();
    assert_eq!(marked, names(&turned));
    harness.get_by_label_contains("Read from the picture western-turned.png");
    click(
        &mut harness,
        &format!("Read with {} at the bottom", side(reading.red_at_bottom)),
    );
    assert_eq!(fen_field(&harness), reading.setup.to_fen());
}

/// Put `piece` on `sq` as a user does (the piece chosen above the board, then the point
/// clicked), or clear the point with a right click; a ringed point is found by its ringed label.
fn put(harness: &mut Harness<'_, QipuApp>, sq: Square, piece: Option<Piece>) {
    let ringed = format!("{sq} (to check)");
    let at = if harness.query_by_label(&ringed).is_some() {
        ringed
    } else {
        sq.to_string()
    };
    match piece {
        Some(piece) => {
            let side = if piece.color == Color::Red {
                "Red"
            } else {
                "Black"
            };
            click(harness, &format!("{side} {}", piece.kind.name()));
            click(harness, &at);
        }
        None => {
            harness.get_by_label(&at).click_secondary();
            harness.run();
        }
    }
}

/// Set the editor's board to `want` as a user does: each point read otherwise set with its
/// piece (or cleared with a right click), then each point still ringed checked (its piece
/// taken and put back, or an empty point cleared).
fn set_right(harness: &mut Harness<'_, QipuApp>, want: &Setup) {
    for sq in Square::all() {
        let read = Setup::from_fen(&fen_field(harness)).expect("the editor's FEN");
        if read.get(sq) != want.get(sq) {
            put(harness, sq, want.get(sq));
        }
    }
    for name in ringed(harness) {
        let sq = Square::parse(&name).expect("a point");
        if let Some(piece) = want.get(sq) {
            put(harness, sq, Some(piece));
        }
        put(harness, sq, want.get(sq));
    }
}

/// A board of a set the classifier reads with doubt (Western symbols in the design kept out of
/// training), set right by hand and started from, teaches its pieces: they are kept in Qipu's
/// data folder, and the next picture of the set opens in the editor read exactly, with fewer
/// points ringed than the classifier alone rings, until the pieces taught are forgotten.
#[test]
fn a_board_set_right_and_started_from_teaches_the_next_picture_of_its_set() {
    let folder = crate::common::TempFolder::new("taught-pieces");
    let kept = folder.path().join(qipu::recognise::TAUGHT_FILE);
    let mut harness = app(
        [1400.0, 950.0],
        Scripted::default(),
        Some(folder.path().join("autosave.pgn")),
    );
    harness.run();
    let first = Setup::from_fen(
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B1NC1/9/RN1AKAB1R w - - 0 1",
    )
    .expect("a FEN");
    drop_file(&mut harness, data("taught-line-1.png"));
    wait_for_editor(&mut harness);
    set_right(&mut harness, &first);
    assert_eq!(fen_field(&harness), first.to_fen());
    click(&mut harness, "Start from this position");
    wait_for(&mut harness, "the pieces kept", |_| {
        qipu::recognise::TaughtPieces::load(&kept).is_ok_and(|t| t.len() >= 14)
    });
    let next = "2bak4/4a4/4b1n2/p1p1c3p/9/2P3p2/P3P3P/1CN1B4/4A4/2BAK4 w - - 0 1";
    drop_file(&mut harness, data("taught-line-2.png"));
    wait_for_editor(&mut harness);
    assert_eq!(fen_field(&harness), next);
    harness.get_by_label_contains("pieces were read as you set pieces drawn like them before.");
    let taught_rings = ringed(&harness).len();
    // Forgotten, the pieces taught read nothing: the picture is read as at first.
    click(&mut harness, "Forget the pieces taught");
    // the worker removes the file before its answer reaches the window: wait for the answer
    wait_for(&mut harness, "the pieces forgotten", |h| {
        h.query_by_label_contains("The pieces taught are forgotten")
            .is_some()
    });
    assert!(!kept.exists());
    drop_file(&mut harness, data("taught-line-2.png"));
    wait_for(&mut harness, "the picture read again", |h| {
        h.query_by_label_contains("pieces were read as you set")
            .is_none()
            && h.query_by_label_contains("Read from the").is_some()
    });
    harness.run();
    let alone_rings = ringed(&harness).len();
    assert!(
        alone_rings > taught_rings,
        "{alone_rings} points ringed alone, {taught_rings} taught"
    );
}
