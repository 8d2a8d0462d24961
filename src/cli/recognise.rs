//! `qipu recognise IMAGE… [--json]`: pictures of boards read into positions
//! ([`crate::recognise`]). One line a picture on standard output, its FEN (Red at the bottom;
//! Red to move unless Black is in check); the points read with doubt and any second board on
//! standard error as `FILE: uncertain e3 f4`, and why a board is not ready to play as
//! `FILE: not ready to play: REASON` ([`Reading::not_ready`]). With `--json`, one array
//! `[{"file", "fen", "red_at_bottom", "uncertain", "board": [x, y, w, h], "boards", "side_known",
//! "ready", "not_ready", "seconds"}]` (`ready`: whether the board can be played as read;
//! `not_ready`, only when it cannot: why), and `{"file", "error"}` for a picture not read. A picture not read (no board, not a picture,
//! cut short) is named on standard error with the reason, and the exit status is 1.
//!
//! `qipu recognise-bench SET…`: for each folder SET holding pictures and `positions.tsv`
//! (`FILE<TAB>FEN` a line), the share of points read right, of boards read exactly, and the
//! time a picture: `SET: N pictures, points P%, boards B%, refused R, T ms a picture`.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use serde::Serialize;

use super::CliError;
use crate::lang::IoReason;
use crate::recognise::{recognise, Reading};
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
}

/// `qipu recognise-bench`.
#[derive(Debug, clap::Args)]
pub struct RecogniseBenchArgs {
    /// Folders of pictures, each with positions.tsv (FILE<TAB>FEN a line)
    #[arg(value_name = "SET", required = true)]
    sets: Vec<String>,
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
    seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

fn read_file(path: &str) -> Result<Reading, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot open: {}", IoReason::of(&e)))?;
    recognise(&bytes).map_err(|e| e.to_string())
}

/// Run `qipu recognise`.
pub fn run(args: RecogniseArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let json = args.json;
    let files = &args.files;
    let mut failed = 0;
    let mut reads = Vec::new();
    for file in files {
        let start = Instant::now();
        let result = read_file(file);
        let seconds = start.elapsed().as_secs_f64();
        match result {
            Ok(reading) => {
                let uncertain: Vec<String> =
                    reading.uncertain.iter().map(Square::to_string).collect();
                let not_ready = reading.not_ready();
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

/// Run `qipu recognise-bench`.
pub fn bench(args: RecogniseBenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    for set in &args.sets {
        let list = Path::new(set).join("positions.tsv");
        let text = std::fs::read_to_string(&list)
            .map_err(|e| CliError::Usage(format!("{}: {}", list.display(), IoReason::of(&e))))?;
        let (mut pictures, mut points, mut right, mut exact, mut refused) = (0, 0, 0, 0, 0);
        let mut seconds = 0.0;
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
            let start = Instant::now();
            let got = recognise(&bytes);
            seconds += start.elapsed().as_secs_f64();
            pictures += 1;
            points += 90;
            match got {
                Ok(reading) => {
                    let same = Square::all()
                        .filter(|&sq| reading.setup.get(sq) == want.get(sq))
                        .count();
                    right += same;
                    exact += usize::from(same == 90);
                }
                Err(_) => refused += 1,
            }
        }
        let share = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        writeln!(
            out,
            "{set}: {pictures} pictures, points {:.2}%, boards {:.1}%, refused {refused}, {:.0} ms a picture",
            share(right, points),
            share(exact, pictures),
            1000.0 * seconds / pictures.max(1) as f64
        )?;
    }
    Ok(())
}
