//! `qipu convert INPUT [-o OUT] [--to pgn|pgn-xqwizard|pgn-iccs|pgn-wxf|json|fen|xqf|dhtmlxq]
//! [--traditional|--simplified] [--tandem front-back|file]`:
//! read a record file (PGN, XQF, 象棋桥, DhtmlXQ or JSON, recognised by content) and write it in
//! another format, to standard output or, with `-o`, to a file saved atomically; without `--to`
//! the name of OUT picks it (`.xqf`, `.json`, `.fen`; PGN otherwise). `--to fen` prints the final
//! position of each game's main line; `--to xqf` writes XQF 1.0, one file per game, and reports
//! what XQF cannot hold; `--to dhtmlxq` writes one `[DhtmlXQ]` block per game (UTF-8), the form
//! web boards embed. Chinese moves are written in the file's own script (traditional for a BIG5
//! file); `--traditional` or `--simplified` choose one (`pgn-xqwizard`: BIG5 or GBK). Tags and
//! comments are the user's text and are kept as written. `--tandem file` names a piece sharing
//! its file with another of its kind by its file number when only it can make the move
//! (車六進四 for 前車進四).
//!
//! Games that cannot be read are reported on standard error with their place; the others are
//! converted, and the exit status is 1. Such a partial record replaces an existing OUT only with
//! `--force`; otherwise it goes beside it (`OUT.partial.pgn`, said on standard error) and OUT is
//! kept. A file with no game at all (empty, or not a record), or none that could be read,
//! writes nothing and says so, with exit status 1.

use std::io::Write;
use std::path::Path;

use super::output::write_output;
use super::{cannot_read, CliError};
use crate::formats::{
    encode_pgn, read_record_file, write_dhtmlxq, write_json_games, write_pgn_games, write_xqf,
    Completeness, PgnWriteOptions, RecordFormat,
};
use crate::lang::Language;
use crate::notation::{Notation, Script};
use crate::record::Game;

/// The formats `--to` names.
const FORMATS: &str = "pgn, pgn-xqwizard, pgn-iccs, pgn-wxf, json, fen, xqf or dhtmlxq";

/// `qipu convert`.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The record file (PGN, XQF, 象棋桥, DhtmlXQ or JSON, recognised by its content)
    input: String,
    /// Write to this file (saved atomically) instead of standard output
    #[arg(short = 'o', value_name = "OUT")]
    output: Option<String>,
    /// The format: pgn, pgn-xqwizard, pgn-iccs, pgn-wxf, json, fen, xqf or dhtmlxq (by default
    /// from the name of OUT, else pgn)
    #[arg(long, value_name = "FORMAT")]
    to: Option<String>,
    /// Chinese moves in traditional characters
    #[arg(long, conflicts_with = "simplified")]
    traditional: bool,
    /// Chinese moves in simplified characters
    #[arg(long)]
    simplified: bool,
    /// How a piece sharing its file with another of its kind is named: front-back (前車進四,
    /// the default) or file (車六進四)
    #[arg(long, value_name = "front-back|file")]
    tandem: Option<String>,
    /// A record read only in part replaces OUT all the same
    #[arg(long)]
    force: bool,
}

/// Run the subcommand.
pub fn run(args: ConvertArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let output = args.output.as_deref();
    let force = args.force;
    let tandem = super::notate::tandem_option(args.tandem.as_deref())?;
    let to = match (args.to.as_deref(), output) {
        (Some(to), _) => to,
        (None, Some(path)) => format_of_name(path),
        (None, None) => "pgn",
    };
    let chosen = match (args.traditional, args.simplified) {
        (true, _) => Some(Script::Traditional),
        (false, true) => Some(Script::Simplified),
        (false, false) => None,
    };
    let input = args.input.as_str();
    let record =
        read_record_file(Path::new(input)).map_err(|e| CliError::Failed(cannot_read(input, &e)))?;
    // Nothing is written for a file without a game.
    if let Some(no_game) = record.no_game {
        return Err(CliError::Failed(no_game.message(Language::English, input)));
    }
    // The moves follow the chosen script, or the file's own; tags and comments stay as written.
    let script = chosen.or(record.script).unwrap_or(Script::Simplified);
    let mut games: Vec<Game> = Vec::new();
    let mut bad = 0;
    for (i, file_game) in record.games.into_iter().enumerate() {
        for warning in &file_game.warnings {
            writeln!(err, "{input}: game {}, warning: {warning}", i + 1)?;
        }
        if let Some(e) = &file_game.error {
            bad += 1;
            let text = e.to_string();
            if text.starts_with("game ") {
                writeln!(err, "{input}: {text}")?;
            } else {
                writeln!(err, "{input}: game {}, {text}", i + 1)?;
            }
        }
        games.extend(file_game.game);
    }
    // Nothing is written when nothing could be read.
    if games.is_empty() {
        return Err(CliError::Failed(format!(
            "no game of {input} could be read: nothing was written"
        )));
    }
    let written = Written {
        input,
        completeness: if bad > 0 {
            Completeness::Partial
        } else {
            Completeness::Complete
        },
        force,
    };
    if to == "xqf" {
        return write_xqf_files(&written, output, &games, bad, out, err);
    }
    let bytes = match to {
        "dhtmlxq" => {
            let mut text = String::new();
            for (i, game) in games.iter().enumerate() {
                let written = write_dhtmlxq(game);
                for loss in &written.losses {
                    writeln!(err, "{input}: game {}: {loss}", i + 1)?;
                }
                text.push_str(&written.text);
            }
            text.into_bytes()
        }
        "json" => {
            let mut text = write_json_games(&games);
            text.push('\n');
            text.into_bytes()
        }
        "fen" => games
            .iter()
            .map(|g| {
                let last = g.main_line().last().copied().unwrap_or(g.root());
                format!("{}\n", g.position(last).to_fen())
            })
            .collect::<String>()
            .into_bytes(),
        _ => {
            let mut options = match to {
                "pgn" => PgnWriteOptions::qipu(script),
                "pgn-xqwizard" => PgnWriteOptions::xiangqi_wizard(script),
                "pgn-iccs" => PgnWriteOptions::with_notation(Notation::Iccs),
                "pgn-wxf" => PgnWriteOptions::with_notation(Notation::Wxf),
                other => {
                    return Err(CliError::Usage(format!(
                        "unknown output format '{other}'; expected {FORMATS}"
                    )))
                }
            };
            options.moves.tandem = tandem;
            let encoded = encode_pgn(&write_pgn_games(&games, &options), &options);
            for lost in &encoded.lost {
                writeln!(
                    err,
                    "{lost}: {} has no code of its own for it",
                    options.encoding
                )?;
            }
            encoded.bytes
        }
    };
    match output {
        Some(path) => written.save(path, &bytes, err)?,
        None => out.write_all(&bytes)?,
    }
    finish(input, bad)
}

/// What the files written are made from: the input, and whether all of it was read.
struct Written<'a> {
    input: &'a str,
    completeness: Completeness,
    force: bool,
}

impl Written<'_> {
    /// Save by the rule of every output ([`write_output`]).
    fn save(&self, path: &str, bytes: &[u8], err: &mut dyn Write) -> Result<(), CliError> {
        write_output(Path::new(path), bytes, self.completeness, self.force, err).map(|_| ())
    }
}

/// The output format a file name asks for when `--to` is not given: `.xqf`, `.json` and `.fen`
/// by their extension, PGN otherwise ([`RecordFormat::of_path`], as the app's Save as).
fn format_of_name(path: &str) -> &'static str {
    RecordFormat::of_path(Path::new(path)).extension()
}

fn finish(input: &str, bad: usize) -> Result<(), CliError> {
    if bad > 0 {
        return Err(CliError::Failed(format!(
            "{bad} game(s) of {input} could not be read in full"
        )));
    }
    Ok(())
}

/// XQF holds one game: one game goes to OUT (or standard output), several to `OUT-1.xqf`,
/// `OUT-2.xqf`, … (their names printed). What XQF cannot hold is reported on standard error.
fn write_xqf_files(
    written_from: &Written,
    output: Option<&str>,
    games: &[Game],
    bad: usize,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), CliError> {
    let input = written_from.input;
    if games.len() > 1 && output.is_none() {
        return Err(CliError::Usage(format!(
            "{input} holds {} games and an XQF file one: give -o OUT.xqf to write OUT-1.xqf, …",
            games.len()
        )));
    }
    for (i, game) in games.iter().enumerate() {
        let written =
            write_xqf(game).map_err(|e| CliError::Failed(format!("game {}: {e}", i + 1)))?;
        for loss in &written.losses {
            if games.len() > 1 {
                writeln!(err, "{input}: game {}: {loss}", i + 1)?;
            } else {
                writeln!(err, "{input}: {loss}")?;
            }
        }
        match output {
            Some(path) if games.len() > 1 => {
                let path = Path::new(path);
                let stem = path.with_extension("");
                let numbered = format!("{}-{}.xqf", stem.display(), i + 1);
                let path = write_output(
                    Path::new(&numbered),
                    &written.bytes,
                    written_from.completeness,
                    written_from.force,
                    err,
                )?;
                writeln!(out, "{}", path.display())?;
            }
            Some(path) => written_from.save(path, &written.bytes, err)?,
            None => out.write_all(&written.bytes)?,
        }
    }
    finish(input, bad)
}
