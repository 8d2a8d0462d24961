//! `qipu parse --fen FEN --from NOTATION TEXT...`: read moves in a notation (`auto` detects each
//! one), play them in order and print each in ICCS, one per line. A move that cannot be read
//! stops with its index and the reason (the candidates when ambiguous).
//!
//! Abbreviated moves are read as a whole text: when any of them carries a stroke, a move
//! without one is a 平 move (as `qipu notate --as abbrev` writes them); `--over-advances` reads
//! the line over the digit as 進.

use std::io::Write;

use super::notate::start_position;
use super::{Args, CliError};
use crate::notation::{read_move_with, Notation, ReadOptions, StrokeConvention};

const USAGE: &str =
    "usage: qipu parse [--fen FEN] --from iccs|wxf|zh|zh-hant|abbrev|auto [--over-advances] TEXT...";

/// Run the subcommand.
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    let fen = args.option("--fen")?;
    let strokes = if args.flag("--over-advances") {
        StrokeConvention::OverAdvances
    } else {
        StrokeConvention::UnderAdvances
    };
    let from = args
        .option("--from")?
        .ok_or_else(|| CliError::Usage(USAGE.to_owned()))?;
    let hint: Option<Notation> = match from {
        "auto" => None,
        name => Some(
            name.parse()
                .map_err(|e: crate::notation::UnknownNotation| CliError::Usage(e.to_string()))?,
        ),
    };
    let texts = args.positionals()?;
    let options = ReadOptions::for_text(texts.iter().copied(), strokes);
    let mut pos = start_position(fen)?;
    for (i, text) in texts.iter().enumerate() {
        let mv = read_move_with(&pos, text, hint, &options)
            .map_err(|e| CliError::Failed(format!("move {}: {e}", i + 1)))?;
        pos = pos
            .play(mv)
            .map_err(|e| CliError::Failed(format!("move {}: {e}", i + 1)))?;
        writeln!(out, "{mv}")?;
    }
    Ok(())
}
