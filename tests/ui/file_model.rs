//! No sequence of commands loses a game: a model of the game's file checked against the app,
//! driven headlessly (its command handling, no frames drawn) through seeded random sequences
//! of 20 to 200 user commands in a real folder: open (by name and by the dialog, a PGN file, an
//! XQF file, a file of two games), new, paste a FEN or a PGN game, the setup editor's position,
//! moves, back, undo, redo, save, save as, revert, a puzzle, a game of the database, and quit,
//! each question answered every way. After every step:
//! - the game is tied to the file the model says, and the title names it;
//! - the unsaved mark is on exactly when the game differs from what its file (or its first
//!   showing) holds;
//! - no file changes but by a save of the game shown, which writes exactly that game;
//! - a command that would put another game in place of unsaved changes asks first;
//! - the crash-recovery copy exists exactly while changes are unsaved.
//!
//! `QIPU_MODEL_SEQUENCES` sets how many sequences run (2,000 by default); a failing sequence is
//! shrunk to its shortest form and printed.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use eframe::egui;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use qipu::formats::{read_pgn_text, read_record_file};
use qipu::lang::Language;
use qipu::record::Game;
use qipu::rules::Position;
use qipu::ui::{
    Answer, AppCommand, AppOptions, FileDialogs, FileTie, GameToShow, Origin, Picking, Purpose,
    QipuApp, SessionCommand, Start,
};

use super::support;
use crate::common::TempFolder;

/// The files of the folder a sequence works in: PGN files of one game, a PGN file of two games
/// (a game of it is saved to a new file), a name no file has at first, and an XQF file (saved
/// under a new name, never over itself). Saves go to the PGN names, the first four.
const NAMES: [&str; 5] = ["a.pgn", "b.pgn", "two.pgn", "new.pgn", "c.xqf"];

/// How many of [`NAMES`] a save may go to.
const SAVE_NAMES: usize = 4;

/// Positions pasted or set up.
const POSITIONS: [&str; 3] = [
    "3akab2/9/4b4/p3p3p/2p6/6P2/P1P1P3P/4B1N2/4A4/2BAK4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
];

/// What a file dialog answers when it is asked: a file of the folder, or nothing (cancelled).
#[derive(Clone, Copy, Debug)]
enum Pick {
    File(usize),
    Cancel,
}

/// One user command, with the answers the user gives if asked (about unsaved changes, then in
/// the file dialog).
#[derive(Clone, Copy, Debug)]
enum Step {
    Open(usize, Answer, Pick),
    OpenByDialog(Pick, Answer, Pick),
    New(Answer, Pick),
    PasteFen(usize, Answer, Pick),
    PastePgn(Answer, Pick),
    SetUp(usize, Answer, Pick),
    Move(usize),
    Back,
    Undo,
    Redo,
    Save(Pick),
    SaveAs(Pick),
    Revert(Answer, Pick),
    Puzzle(Answer, Pick),
    DatabaseGame(usize, Answer, Pick),
    Quit(Answer, Pick),
}

/// An answer of the open dialog.
fn open_pick() -> impl Strategy<Value = Pick> {
    prop_oneof![
        3 => (0..NAMES.len()).prop_map(Pick::File),
        1 => Just(Pick::Cancel),
    ]
}

/// An answer of the save dialog.
fn pick() -> impl Strategy<Value = Pick> {
    prop_oneof![
        3 => (0..SAVE_NAMES).prop_map(Pick::File),
        1 => Just(Pick::Cancel),
    ]
}

fn answer() -> impl Strategy<Value = Answer> {
    prop_oneof![
        Just(Answer::Save),
        Just(Answer::Discard),
        Just(Answer::Cancel)
    ]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0..NAMES.len(), answer(), pick()).prop_map(|(i, a, p)| Step::Open(i, a, p)),
        1 => (open_pick(), answer(), pick()).prop_map(|(o, a, p)| Step::OpenByDialog(o, a, p)),
        1 => (answer(), pick()).prop_map(|(a, p)| Step::New(a, p)),
        1 => (0..POSITIONS.len(), answer(), pick()).prop_map(|(i, a, p)| Step::PasteFen(i, a, p)),
        1 => (answer(), pick()).prop_map(|(a, p)| Step::PastePgn(a, p)),
        1 => (0..POSITIONS.len(), answer(), pick()).prop_map(|(i, a, p)| Step::SetUp(i, a, p)),
        8 => (0..64usize).prop_map(Step::Move),
        2 => Just(Step::Back),
        2 => Just(Step::Undo),
        1 => Just(Step::Redo),
        2 => pick().prop_map(Step::Save),
        1 => pick().prop_map(Step::SaveAs),
        1 => (answer(), pick()).prop_map(|(a, p)| Step::Revert(a, p)),
        1 => (answer(), pick()).prop_map(|(a, p)| Step::Puzzle(a, p)),
        1 => (0..40usize, answer(), pick()).prop_map(|(n, a, p)| Step::DatabaseGame(n, a, p)),
        1 => (answer(), pick()).prop_map(|(a, p)| Step::Quit(a, p)),
    ]
}

/// The file dialogs' answers, set before each step, and how often each was asked.
#[derive(Default)]
struct DialogState {
    open: Option<PathBuf>,
    save: Option<PathBuf>,
    opens_asked: usize,
    saves_asked: usize,
}

#[derive(Clone, Default)]
struct Dialog(Arc<Mutex<DialogState>>);

impl Dialog {
    fn state(&self) -> std::sync::MutexGuard<'_, DialogState> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl FileDialogs for Dialog {
    fn pick(&mut self, _: Language, purpose: Purpose, _: &Path) -> Picking {
        let mut state = self.state();
        let next = if purpose.reads() {
            state.opens_asked += 1;
            state.open.take()
        } else {
            state.saves_asked += 1;
            state.save.take()
        };
        Picking::Now(Ok(next.map(|path| vec![path])))
    }
}

/// What the game is compared with, in the model.
#[derive(Clone)]
enum Kept {
    /// The game as its file holds it, or as it was first shown.
    Game(Box<Game>),
    /// Never kept anywhere: unsaved.
    Nothing,
    /// A puzzle's board: never unsaved.
    Scratch,
}

/// The model: the file the game is tied to, what it is compared with, and the bytes every file
/// of the folder must hold.
struct Model {
    tie: Option<FileTie>,
    kept: Kept,
    files: BTreeMap<PathBuf, Vec<u8>>,
}

/// A file's size and time of change (`None`: no such file).
type Stamp = Option<(u64, Option<SystemTime>)>;

/// One sequence's world: the folder, the app on a bare context, its dialog, and the model.
struct World {
    dir: PathBuf,
    ctx: egui::Context,
    app: QipuApp,
    dialog: Dialog,
    model: Model,
    database: Game,
    /// The size and time of each file when its bytes were last found right.
    stamps: RefCell<BTreeMap<PathBuf, Stamp>>,
}

/// A game's tags, start and moves, for a failure's message.
fn describe(game: &Game) -> String {
    let tags: Vec<String> = game
        .tags()
        .iter()
        .map(|(k, v)| format!("{k:?}={v}"))
        .collect();
    let moves: Vec<String> = game
        .main_line()
        .iter()
        .filter_map(|&node| game.move_of(node).map(|m| m.to_string()))
        .collect();
    format!(
        "[{}] from {} {} ({} nodes)",
        tags.join(", "),
        game.start().to_fen(),
        moves.join(" "),
        game.move_count()
    )
}

fn fail(why: String) -> TestCaseError {
    TestCaseError::fail(why)
}

impl World {
    fn new(dir: &Path, sample: &[u8], xqf: &[u8]) -> World {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).expect("the sequence's folder");
        let text = String::from_utf8_lossy(sample).into_owned();
        let contents: [(&str, Vec<u8>); 4] = [
            ("a.pgn", sample.to_vec()),
            ("b.pgn", sample.to_vec()),
            ("c.xqf", xqf.to_vec()),
            ("two.pgn", format!("{text}\n\n{text}").into_bytes()),
        ];
        let mut files = BTreeMap::new();
        for (name, bytes) in contents {
            std::fs::write(dir.join(name), &bytes).expect("a file of the folder");
            files.insert(dir.join(name), bytes);
        }
        let database = read_pgn_text(&text)
            .next()
            .and_then(Result::ok)
            .expect("the sample game");
        let dialog = Dialog::default();
        let ctx = egui::Context::default();
        let app = World::start(&ctx, dir, &dialog);
        let model = Model {
            tie: None,
            kept: Kept::Game(Box::new(app.session().game().clone())),
            files,
        };
        World {
            dir: dir.to_owned(),
            ctx,
            app,
            dialog,
            model,
            database,
            stamps: RefCell::default(),
        }
    }

    fn start(ctx: &egui::Context, dir: &Path, dialog: &Dialog) -> QipuApp {
        QipuApp::headless(
            ctx,
            AppOptions {
                dialogs: Box::new(dialog.clone()),
                autosave: Some(dir.join("settings").join("autosave.pgn")),
            },
        )
    }

    fn autosave(&self) -> PathBuf {
        self.dir.join("settings").join("autosave.pgn")
    }

    fn path(&self, pick: Pick) -> Option<PathBuf> {
        match pick {
            Pick::File(i) => Some(self.dir.join(NAMES[i])),
            Pick::Cancel => None,
        }
    }

    fn game(&self) -> &Game {
        self.app.session().game()
    }

    fn apply(&mut self, command: impl Into<qipu::ui::Command>) {
        let ctx = self.ctx.clone();
        self.app.apply(&ctx, command);
    }

    /// Run `step`, predicting and checking what it does.
    fn run(&mut self, step: Step) -> Result<(), TestCaseError> {
        match step {
            Step::Move(k) => {
                let moves = self.app.session().position().legal_moves();
                if !moves.is_empty() && !self.app.session().game_over() {
                    self.apply(SessionCommand::TryMove(moves[k % moves.len()]));
                }
            }
            Step::Back => self.apply(SessionCommand::Back),
            Step::Undo => self.apply(SessionCommand::Undo),
            Step::Redo => self.apply(SessionCommand::Redo),
            Step::Save(pick) => {
                self.save(AppCommand::Save, pick)?;
            }
            Step::SaveAs(pick) => {
                self.save(AppCommand::SaveAs, pick)?;
            }
            Step::Quit(answer, pick) => self.quit(answer, pick)?,
            replacing => self.replace(replacing)?,
        }
        Ok(())
    }

    /// Where a save goes: over the tied file when it may, else where the dialog answers.
    fn save_target(&self, command: &AppCommand, pick: Pick) -> (bool, Option<PathBuf>) {
        match &self.model.tie {
            Some(tie) if tie.in_place && *command == AppCommand::Save => {
                (false, Some(tie.path.clone()))
            }
            _ => (true, self.path(pick)),
        }
    }

    /// Save (or Save as), the dialog answering `pick` if it is asked; true if saved.
    fn save(&mut self, command: AppCommand, pick: Pick) -> Result<bool, TestCaseError> {
        let (asks, target) = self.save_target(&command, pick);
        let asked = self.dialog_answers(pick);
        let shown = self.app.session().game_to_save().0;
        self.apply(command);
        self.saved(asks, target, asked, shown)
    }

    /// The save dialog answers `pick` if asked; the count of its questions before.
    fn dialog_answers(&self, pick: Pick) -> usize {
        let mut state = self.dialog.state();
        state.save = self.path(pick);
        state.saves_asked
    }

    /// After a save was asked for: the dialog was asked or not as predicted, and the game
    /// `shown` (as Save writes it: with the result the referee found) was written to the target,
    /// exactly, and is tied to it now.
    fn saved(
        &mut self,
        asks: bool,
        target: Option<PathBuf>,
        asked_before: usize,
        shown: Game,
    ) -> Result<bool, TestCaseError> {
        let asked = self.dialog.state().saves_asked > asked_before;
        prop_assert_eq!(
            asked,
            asks,
            "the save dialog is asked exactly when Save must ask where"
        );
        let Some(target) = target else {
            return Ok(false);
        };
        let bytes = std::fs::read(&target).map_err(|e| fail(format!("{target:?}: {e}")))?;
        let written = read_record_file(&target)
            .ok()
            .and_then(|mut file| file.games.drain(..).next())
            .and_then(|game| game.game)
            .ok_or_else(|| fail(format!("{target:?} holds no game after the save")))?;
        prop_assert!(
            written.same_record(&shown),
            "the save wrote exactly the game shown: {:?} holds {}, the game shown is {}",
            target,
            describe(&written),
            describe(&shown)
        );
        self.model.files.insert(target.clone(), bytes);
        self.model.tie = Some(FileTie {
            path: target,
            in_place: true,
        });
        self.model.kept = Kept::Game(Box::new(shown));
        Ok(true)
    }

    /// Quit, answering the question about unsaved changes; a window that closes is started again.
    fn quit(&mut self, answer: Answer, pick: Pick) -> Result<(), TestCaseError> {
        let dirty = self.app.session().dirty();
        self.apply(AppCommand::Quit);
        prop_assert_eq!(
            self.app.asks_about_unsaved_changes(),
            dirty,
            "Quit asks iff unsaved"
        );
        if dirty {
            self.answer(answer, pick)?;
        }
        let closes = !dirty
            || answer == Answer::Discard
            || (answer == Answer::Save && !self.app.session().dirty());
        prop_assert_eq!(self.app.closing(), closes, "the window closes as answered");
        if closes {
            // The changes given up or saved leave no copy to restore.
            prop_assert!(
                !self.autosave().exists(),
                "no crash copy after a chosen close"
            );
            self.app = World::start(&self.ctx, &self.dir, &self.dialog);
            self.model.tie = None;
            self.model.kept = Kept::Game(Box::new(self.game().clone()));
        }
        Ok(())
    }

    /// Answer the question about unsaved changes: saving first (where the dialog says if Save
    /// must ask), discarding, or cancelling. True when what was asked may go on.
    fn answer(&mut self, answer: Answer, pick: Pick) -> Result<bool, TestCaseError> {
        prop_assert!(self.app.asks_about_unsaved_changes());
        match answer {
            Answer::Save => {
                let (asks, target) = self.save_target(&AppCommand::Save, pick);
                let asked = self.dialog_answers(pick);
                let shown = self.app.session().game_to_save().0;
                self.apply(AppCommand::Answer(answer));
                self.saved(asks, target, asked, shown)
            }
            Answer::Discard => {
                self.apply(AppCommand::Answer(answer));
                Ok(true)
            }
            Answer::Cancel => {
                self.apply(AppCommand::Answer(answer));
                Ok(false)
            }
        }
    }

    /// A command that puts another game on the board: asked about first when changes are
    /// unsaved; then the game, its tie and what it is compared with are as its origin says.
    fn replace(&mut self, step: Step) -> Result<(), TestCaseError> {
        let (answer, pick) = match step {
            Step::Open(_, a, p)
            | Step::OpenByDialog(_, a, p)
            | Step::New(a, p)
            | Step::PasteFen(_, a, p)
            | Step::PastePgn(a, p)
            | Step::SetUp(_, a, p)
            | Step::Revert(a, p)
            | Step::Puzzle(a, p)
            | Step::DatabaseGame(_, a, p) => (a, p),
            _ => return Ok(()),
        };
        let dirty = self.app.session().dirty();
        let before = self.game().clone();
        if let Step::OpenByDialog(open, ..) = step {
            self.dialog.state().open = self.path(open);
        }
        let command = self.command(step);
        self.apply(command);
        prop_assert_eq!(
            self.app.asks_about_unsaved_changes(),
            dirty,
            "another game asks first exactly when changes are unsaved"
        );
        if dirty {
            prop_assert!(
                before.same_record(self.game()),
                "nothing replaced before the answer"
            );
            let goes_on = self.answer(answer, pick)?;
            if !goes_on {
                prop_assert!(
                    before.same_record(self.game()),
                    "a cancelled replacement keeps the game"
                );
                return Ok(());
            }
        }
        self.replaced(step)
    }

    /// The command a step gives, as the window's menus, clipboard and windows give it.
    fn command(&self, step: Step) -> qipu::ui::Command {
        match step {
            Step::Open(i, ..) => AppCommand::OpenPath(self.dir.join(NAMES[i])).into(),
            Step::OpenByDialog(..) => AppCommand::PickFile(Purpose::Open, Start::GameFolder).into(),
            Step::New(..) => SessionCommand::NewGame.into(),
            Step::PasteFen(i, ..) => AppCommand::PasteText(POSITIONS[i].to_owned()).into(),
            Step::PastePgn(..) => {
                let text = String::from_utf8_lossy(&self.model.files[&self.dir.join("a.pgn")])
                    .into_owned();
                AppCommand::PasteText(text).into()
            }
            // What the setup editor's Start sends.
            Step::SetUp(i, ..) => {
                let position = Position::from_diagram_fen(POSITIONS[i]).expect("a position");
                let game = GameToShow::new(Game::new(position), Origin::Unsaved);
                SessionCommand::ShowGame(game).into()
            }
            Step::Revert(..) => AppCommand::Revert.into(),
            // What the puzzle trainer sends.
            Step::Puzzle(..) => {
                let position = Position::from_diagram_fen(POSITIONS[1]).expect("a position");
                let game = GameToShow::new(Game::new(position), Origin::Puzzle);
                SessionCommand::ShowGame(game).into()
            }
            // What the database window sends.
            Step::DatabaseGame(ply, ..) => {
                let game = GameToShow::new(self.database.clone(), Origin::Fresh);
                AppCommand::ShowGameAt(game, ply).into()
            }
            _ => AppCommand::Quit.into(),
        }
    }

    /// After another game was put on the board: what the model expects of it.
    fn replaced(&mut self, step: Step) -> Result<(), TestCaseError> {
        let opened = match step {
            Step::Open(i, ..) => Some(self.dir.join(NAMES[i])),
            Step::OpenByDialog(open, ..) => self.path(open),
            Step::Revert(..) => self.model.tie.as_ref().map(|tie| tie.path.clone()),
            _ => None,
        };
        match step {
            Step::Open(..) | Step::OpenByDialog(..) | Step::Revert(..) => {
                let Some(path) = opened else {
                    return Ok(());
                };
                if !self.model.files.contains_key(&path) {
                    // No such file: nothing opened.
                    return Ok(());
                }
                let games = read_record_file(&path).map_or(0, |file| file.games.len());
                if games > 1 {
                    // A file of several games: the first picked is a game of no file.
                    self.apply(AppCommand::PickGame(0));
                    self.model.tie = None;
                } else {
                    self.model.tie = Some(FileTie {
                        in_place: path.extension().is_some_and(|e| e == "pgn"),
                        path: path.clone(),
                    });
                }
                let read = read_record_file(&path)
                    .ok()
                    .and_then(|mut file| file.games.drain(..).next())
                    .and_then(|game| game.game)
                    .ok_or_else(|| fail(format!("{path:?} holds no game")))?;
                prop_assert!(read.same_record(self.game()), "the file's game is shown");
                self.model.kept = Kept::Game(Box::new(read));
            }
            Step::New(..) | Step::DatabaseGame(..) => {
                self.model.tie = None;
                self.model.kept = Kept::Game(Box::new(self.game().clone()));
            }
            Step::PasteFen(..) | Step::PastePgn(..) | Step::SetUp(..) => {
                self.model.tie = None;
                self.model.kept = Kept::Nothing;
            }
            Step::Puzzle(..) => {
                self.model.tie = None;
                self.model.kept = Kept::Scratch;
            }
            _ => {}
        }
        Ok(())
    }

    /// The invariants, after every step.
    fn check(&self) -> Result<(), TestCaseError> {
        let session = self.app.session();
        prop_assert_eq!(session.tie(), self.model.tie.as_ref(), "the game's file");
        let differs = match &self.model.kept {
            Kept::Game(kept) => !kept.same_record(session.game()),
            Kept::Nothing => true,
            Kept::Scratch => false,
        };
        prop_assert_eq!(
            session.dirty(),
            differs,
            "unsaved exactly when the game differs from its file"
        );
        let name = self
            .model
            .tie
            .as_ref()
            .and_then(|tie| tie.path.file_name())
            .map(|name| name.to_string_lossy().into_owned());
        let title = self.app.title();
        prop_assert_eq!(title.starts_with("• "), differs, "the title's unsaved mark");
        match &name {
            Some(name) => prop_assert!(title.contains(name.as_str()), "the title names the file"),
            None => prop_assert!(title.ends_with("Qipu 棋谱"), "the title names no file"),
        }
        for name in NAMES {
            let path = self.dir.join(name);
            // The bytes are read again only when the file's size or time changed since last
            // read (a file read is most of a step's time).
            let stamp = std::fs::metadata(&path)
                .ok()
                .map(|m| (m.len(), m.modified().ok()));
            let known = self.stamps.borrow().get(&path).copied();
            if known == Some(stamp) {
                continue;
            }
            let on_disk = std::fs::read(&path).ok();
            prop_assert_eq!(
                on_disk.as_ref(),
                self.model.files.get(&path),
                "{} changes only by a save of the game shown",
                name
            );
            self.stamps.borrow_mut().insert(path, stamp);
        }
        prop_assert_eq!(
            self.autosave().exists(),
            differs,
            "a crash copy exists exactly while changes are unsaved"
        );
        Ok(())
    }
}

#[test]
fn no_sequence_of_commands_loses_a_game() {
    let sequences = std::env::var("QIPU_MODEL_SEQUENCES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000);
    let sample = std::fs::read(support::shared_data(
        "samples/sample_xqbase_ccgc2006_r22_utf8.pgn",
    ))
    .expect("the sample game");
    let xqf = std::fs::read(support::shared_data("samples/SAMPLE.XQF")).expect("an XQF file");
    // In memory: a save syncs to disk, which thousands of sequences would wait for.
    let dir = TempFolder::in_memory("file-model");
    let config = Config {
        cases: sequences,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(
        config,
        proptest::test_runner::TestRng::from_seed(
            proptest::test_runner::RngAlgorithm::ChaCha,
            &[7; 32],
        ),
    );
    let started = std::time::Instant::now();
    let result = runner.run(&prop::collection::vec(step(), 20..=200), |steps| {
        let mut world = World::new(&dir, &sample, &xqf);
        world.check()?;
        for (i, &step) in steps.iter().enumerate() {
            world
                .run(step)
                .and_then(|()| world.check())
                .map_err(|e| fail(format!("after step {} ({step:?}): {e}", i + 1)))?;
        }
        Ok(())
    });
    eprintln!(
        "{sequences} sequences of commands in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}
