//! `qipu parse --fen FEN --from NOTATION TEXT...`: read moves in a notation (`auto` detects each
//! one), play them in order and print each in ICCS, one per line. A move that cannot be read
//! stops with its index and the reason (the candidates when ambiguous).
//!
//! Abbreviated moves are read as a whole text: when any of them carries a stroke, a move
//! without one is a 平 move (as `qipu notate --as abbrev` writes them); `--over-advances` reads
//! the line over the digit as 進.

use std::io::Write;

use super::notate::start_position;
use super::CliError;
use crate::notation::{read_move_with, Notation, ReadOptions, StrokeConvention};

/// `qipu parse`.
#[derive(Debug, clap::Args)]
pub struct ParseArgs {
    /// The moves as written, played in order
    #[arg(value_name = "TEXT")]
    texts: Vec<String>,
    /// Play from this position (FEN) instead of the start
    #[arg(long)]
    fen: Option<String>,
    /// The notation of the moves: iccs, wxf, zh, zh-hant, abbrev, or auto (each move's own)
    #[arg(long, value_name = "NOTATION", required = true)]
    from: String,
    /// Read abbreviated moves with the line over the digit as 進
    #[arg(long)]
    over_advances: bool,
}

/// Run the subcommand.
pub fn run(args: ParseArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let fen = args.fen.as_deref();
    let strokes = if args.over_advances {
        StrokeConvention::OverAdvances
    } else {
        StrokeConvention::UnderAdvances
    };
    let hint: Option<Notation> = match args.from.as_str() {
        "auto" => None,
        name => Some(
            name.parse()
                .map_err(|e: crate::notation::UnknownNotation| CliError::Usage(e.to_string()))?,
        ),
    };
    let texts = &args.texts;
    let options = ReadOptions::for_text(texts.iter().map(String::as_str), strokes);
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
