//! `qipu recognise IMAGE… [--json] [--taught FILE [--teach FEN]]`: pictures of boards read into
//! positions ([`crate::recognise`]). One line a picture on standard output, its FEN (Red at the bottom;
//! Red to move unless Black is in check); the points read with doubt and any second board on
//! standard error as `FILE: uncertain e3 f4`, and why a board is not ready to play as
//! `FILE: not ready to play: REASON` ([`Reading::not_ready`]), and the board read the other way
//! round when it is nearly as probable ([`Reading::turned`]) as `FILE: turned round: FEN`. With
//! `--json`, one array `[{"file", "fen", "red_at_bottom", "uncertain", "board": [x, y, w, h],
//! "boards", "side_known", "ready", "not_ready", "turned", "seconds"}]` (`ready`: whether the
//! board can be played as read; `not_ready`, only when it cannot: why; `turned`, only when
//! there is one: the FEN of the board read the other way round), and `{"file", "error"}` for a
//! picture not read. A
//! picture not read (no board, not a picture, cut short) is named on standard error with the
//! reason, and the exit status is 1.
//!
//! `--taught FILE` reads a piece drawn as one taught in FILE as its kind
//! ([`crate::recognise::TaughtPieces`]); `--teach FEN` (with `--taught`, one IMAGE) then keeps
//! that picture's pieces, set as FEN says, in FILE, and says on standard error
//! `FILE: taught N new drawings, M kept`. The window keeps its own taught pieces in Qipu's data
//! folder ([`crate::recognise::TAUGHT_FILE`]).
//!
//! `qipu recognise-bench SET… [--teach K] [--taught FILE] [--network FILE]`: for each folder SET holding pictures
//! and `positions.tsv` (`FILE<TAB>FEN` a line), the share of points read right, of boards read exactly, and the
//! time a picture: `SET: N pictures, points P%, boards B%, refused R, T ms a picture (median M
//! ms, slowest S ms)`; then how
//! honest the doubt is: `SET: wrong points ringed W of M (w%), right points ringed K of R (k%),
//! ready Y of B boards read, ready but wrong X` (the points read wrong that are ringed as
//! doubtful, the points read right that are, the boards offered as ready to play and those of
//! them read wrong); with several sets, the same two lines for `all` of them. With `--teach K`,
//! each set's first K pictures are taught as positions.tsv sets them, one after another, and
//! only the rest are counted; with `--taught FILE`, each set starts with the pieces taught in
//! FILE (which is not written); with `--network FILE`, the pictures are read with that ONNX
//! network (as tools/recognise/train.py writes it) instead of the shipped one.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use serde::Serialize;

use super::CliError;
use crate::lang::IoReason;
use crate::recognise::{recognise_with, use_network, Lesson, Reading, TaughtPieces};
use crate::rules::{Setup, Square};

/// `qipu recognise`.
#[derive(Debug, clap::Args)]
pub struct RecogniseArgs {
    /// The pictures: PNG, JPEG, WebP or BMP
    #[arg(value_name = "IMAGE", required = true)]
    files: Vec<String>,
    /// One JSON array instead of a FEN a line
    #[arg(long)]
    json: bool,
    /// Read pieces drawn as those taught in FILE as their kinds
    #[arg(long, value_name = "FILE")]
    taught: Option<String>,
    /// Keep the pieces of the one IMAGE, set as FEN says, in the --taught FILE
    #[arg(long, value_name = "FEN", requires = "taught")]
    teach: Option<String>,
}

/// `qipu recognise-bench`.
#[derive(Debug, clap::Args)]
pub struct RecogniseBenchArgs {
    /// Folders of pictures, each with positions.tsv (FILE<TAB>FEN a line)
    #[arg(value_name = "SET", required = true)]
    sets: Vec<String>,
    /// Teach each set's first K pictures as positions.tsv gives them, and count only the rest
    #[arg(long, value_name = "K", default_value_t = 0)]
    teach: usize,
    /// Start each set with the pieces taught in FILE (left as it is)
    #[arg(long, value_name = "FILE")]
    taught: Option<String>,
    /// Read with the ONNX network in FILE instead of the shipped one
    #[arg(long, value_name = "FILE")]
    network: Option<String>,
}

/// One picture, as `--json` writes it.
#[derive(Serialize)]
struct Read {
    file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    red_at_bottom: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    uncertain: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<[u32; 4]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    boards: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    side_known: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ready: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_ready: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    turned: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The pieces taught in the file `--taught` names; none without it.
fn taught_in(path: Option<&str>) -> Result<TaughtPieces, CliError> {
    path.map_or_else(
        || Ok(TaughtPieces::default()),
        |path| TaughtPieces::load(Path::new(path)).map_err(|e| CliError::Failed(e.to_string())),
    )
}

fn read_file(path: &str, taught: &TaughtPieces) -> Result<Reading, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot open: {}", IoReason::of(&e)))?;
    recognise_with(&bytes, taught).map_err(|e| e.to_string())
}

/// Run `qipu recognise`.
pub fn run(args: RecogniseArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let json = args.json;
    let files = &args.files;
    let mut taught = taught_in(args.taught.as_deref())?;
    let teach = match &args.teach {
        Some(_) if files.len() != 1 => {
            return Err(CliError::Usage(format!(
                "--teach sets the pieces of one picture, not {}",
                files.len()
            )))
        }
        Some(fen) => {
            Some(Setup::from_fen(fen).map_err(|e| CliError::Usage(format!("--teach {fen}: {e}")))?)
        }
        None => None,
    };
    let mut failed = 0;
    let mut reads = Vec::new();
    for file in files {
        let start = Instant::now();
        let result = read_file(file, &taught);
        let seconds = start.elapsed().as_secs_f64();
        match result {
            Ok(reading) => {
                let uncertain: Vec<String> =
                    reading.uncertain.iter().map(Square::to_string).collect();
                let not_ready = reading.not_ready();
                let turned = reading.turned.as_ref().map(|t| t.setup.to_fen());
                if json {
                    reads.push(Read {
                        file: file.to_owned(),
                        fen: Some(reading.setup.to_fen()),
                        red_at_bottom: Some(reading.red_at_bottom),
                        uncertain: Some(uncertain),
                        board: Some(reading.board),
                        boards: Some(reading.boards),
                        side_known: Some(reading.side_known),
                        ready: Some(not_ready.is_none()),
                        not_ready: not_ready.as_ref().map(ToString::to_string),
                        turned,
                        seconds: Some((seconds * 1000.0).round() / 1000.0),
                        error: None,
                    });
                } else {
                    writeln!(out, "{}", reading.setup.to_fen())?;
                    if !uncertain.is_empty() {
                        writeln!(err, "{file}: uncertain {}", uncertain.join(" "))?;
                    }
                    if reading.boards > 1 {
                        writeln!(err, "{file}: {} boards; the largest read", reading.boards)?;
                    }
                    if let Some(why) = &not_ready {
                        writeln!(err, "{file}: not ready to play: {why}")?;
                    }
                    if let Some(fen) = &turned {
                        writeln!(err, "{file}: turned round: {fen}")?;
                    }
                }
                if let (Some(setup), Some(path)) = (&teach, &args.taught) {
                    let new = taught.learn(&Lesson {
                        reading,
                        setup: setup.clone(),
                    });
                    taught
                        .save(Path::new(path))
                        .map_err(|e| CliError::Failed(e.to_string()))?;
                    writeln!(
                        err,
                        "{file}: taught {new} new drawings, {} kept",
                        taught.len()
                    )?;
                }
            }
            Err(reason) => {
                failed += 1;
                writeln!(err, "{file}: {reason}")?;
                if json {
                    reads.push(Read {
                        file: file.to_owned(),
                        fen: None,
                        red_at_bottom: None,
                        uncertain: None,
                        board: None,
                        boards: None,
                        side_known: None,
                        ready: None,
                        not_ready: None,
                        turned: None,
                        seconds: None,
                        error: Some(reason),
                    });
                }
            }
        }
    }
    if json {
        let text =
            serde_json::to_string_pretty(&reads).map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out, "{text}")?;
    }
    match failed {
        0 => Ok(()),
        1 => Err(CliError::Failed("1 picture not read".to_owned())),
        n => Err(CliError::Failed(format!("{n} pictures not read"))),
    }
}

/// What `qipu recognise-bench` counts over a set of pictures.
#[derive(Default)]
struct Tally {
    pictures: usize,
    refused: usize,
    /// Seconds each picture took.
    seconds: Vec<f64>,
    /// Points read right (of the pictures not refused).
    right: usize,
    /// Boards read exactly.
    exact: usize,
    /// Points read wrong, and of them ringed as doubtful.
    wrong: usize,
    wrong_ringed: usize,
    /// Points read right but ringed as doubtful.
    right_ringed: usize,
    /// Boards offered as ready to play, and of them read wrong.
    ready: usize,
    ready_wrong: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.pictures += other.pictures;
        self.refused += other.refused;
        self.seconds.extend(&other.seconds);
        self.right += other.right;
        self.exact += other.exact;
        self.wrong += other.wrong;
        self.wrong_ringed += other.wrong_ringed;
        self.right_ringed += other.right_ringed;
        self.ready += other.ready;
        self.ready_wrong += other.ready_wrong;
    }

    /// One picture read as `reading`, its position being `want`.
    fn read(&mut self, reading: &Reading, want: &Setup) {
        let mut wrong = 0;
        for sq in Square::all() {
            let ringed = reading.uncertain.contains(&sq);
            if reading.setup.get(sq) == want.get(sq) {
                self.right += 1;
                self.right_ringed += usize::from(ringed);
            } else {
                wrong += 1;
                self.wrong_ringed += usize::from(ringed);
            }
        }
        self.wrong += wrong;
        self.exact += usize::from(wrong == 0);
        if reading.ready() {
            self.ready += 1;
            self.ready_wrong += usize::from(wrong > 0);
        }
    }

    /// The two lines of the set `name`: how well, then how honest the doubt is.
    fn write(&self, name: &str, out: &mut dyn Write) -> std::io::Result<()> {
        let share = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        // the points of refused pictures count as wrong, as they always have
        let all_points = 90 * self.pictures;
        let mut seconds = self.seconds.clone();
        seconds.sort_by(f64::total_cmp);
        let total: f64 = seconds.iter().sum();
        writeln!(
            out,
            "{name}: {} pictures, points {:.2}%, boards {:.1}%, refused {}, {:.0} ms a picture \
             (median {:.0} ms, slowest {:.0} ms)",
            self.pictures,
            share(self.right, all_points),
            share(self.exact, self.pictures),
            self.refused,
            1000.0 * total / self.pictures.max(1) as f64,
            1000.0 * seconds.get(seconds.len() / 2).copied().unwrap_or(0.0),
            1000.0 * seconds.last().copied().unwrap_or(0.0),
        )?;
        writeln!(
            out,
            "{name}: wrong points ringed {} of {} ({:.1}%), right points ringed {} of {} ({:.1}%), \
             ready {} of {} boards read, ready but wrong {}",
            self.wrong_ringed,
            self.wrong,
            share(self.wrong_ringed, self.wrong),
            self.right_ringed,
            self.right,
            share(self.right_ringed, self.right),
            self.ready,
            self.pictures - self.refused,
            self.ready_wrong
        )
    }
}

/// Run `qipu recognise-bench`.
pub fn bench(args: RecogniseBenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if let Some(path) = &args.network {
        let onnx =
            std::fs::read(path).map_err(|e| CliError::Usage(super::cannot_read(path, &e)))?;
        use_network(&onnx).map_err(|e| CliError::Usage(format!("{path}: {e}")))?;
    }
    let start_with = taught_in(args.taught.as_deref())?;
    let mut total = Tally::default();
    for set in &args.sets {
        let list = Path::new(set).join("positions.tsv");
        let text = std::fs::read_to_string(&list)
            .map_err(|e| CliError::Usage(format!("{}: {}", list.display(), IoReason::of(&e))))?;
        let mut tally = Tally::default();
        let mut taught = start_with.clone();
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let (file, fen) = line.split_once('\t').ok_or_else(|| {
                CliError::Usage(format!("{}:{}: not FILE<TAB>FEN", list.display(), n + 1))
            })?;
            let want = Setup::from_fen(fen)
                .map_err(|e| CliError::Usage(format!("{}:{}: {e}", list.display(), n + 1)))?;
            let path = Path::new(set).join(file);
            let bytes = std::fs::read(&path).map_err(|e| {
                CliError::Usage(format!("{}: {}", path.display(), IoReason::of(&e)))
            })?;
            if n < args.teach {
                if let Ok(reading) = recognise_with(&bytes, &taught) {
                    taught.learn(&Lesson {
                        reading,
                        setup: want,
                    });
                }
                continue;
            }
            let start = Instant::now();
            let got = recognise_with(&bytes, &taught);
            tally.seconds.push(start.elapsed().as_secs_f64());
            tally.pictures += 1;
            match got {
                Ok(reading) => tally.read(&reading, &want),
                Err(_) => tally.refused += 1,
            }
        }
        tally.write(set, out)?;
        total.add(&tally);
    }
    if args.sets.len() > 1 {
        total.write("all", out)?;
    }
    Ok(())
}
