//! `qipu notate --fen FEN --as NOTATION MOVE...`: play ICCS moves in order and print each in a
//! notation, one per line. `--textbook` names crowded soldiers as textbooks do (前/中/後,
//! 前二三四, 前三平四), `--half-width` writes Black's digits in ASCII, `--over-advances` reverses
//! the strokes of abbreviated notation, `--tandem file` names a piece sharing its file with
//! another of its kind by its file number when only it can make the move (車六進四; the
//! default `front-back` writes 前車進四).

use std::io::Write;

use super::CliError;
use crate::notation::{
    write_move, Notation, SoldierConvention, StrokeConvention, TandemConvention, WriteOptions,
};
use crate::rules::{Move, Position};

/// `qipu notate`.
#[derive(Debug, clap::Args)]
pub struct NotateArgs {
    /// The moves, in ICCS (h2e2), played in order
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
    /// Play from this position (FEN) instead of the start
    #[arg(long)]
    fen: Option<String>,
    /// The notation to write: iccs, wxf, zh, zh-hant or abbrev
    #[arg(long = "as", value_name = "NOTATION", required = true)]
    notation: String,
    /// Name crowded soldiers as textbooks do (前/中/後, 前二三四)
    #[arg(long)]
    textbook: bool,
    /// How a piece sharing its file with another of its kind is named: front-back (前車進四,
    /// the default) or file (車六進四)
    #[arg(long, value_name = "front-back|file")]
    tandem: Option<String>,
    /// Write Black's digits in ASCII
    #[arg(long)]
    half_width: bool,
    /// Reverse the strokes of abbreviated notation (the line over the digit advances)
    #[arg(long)]
    over_advances: bool,
}

/// The `--tandem` option: front-back (the default) or file.
pub(super) fn tandem_option(tandem: Option<&str>) -> Result<TandemConvention, CliError> {
    match tandem {
        Some(name) => name
            .parse()
            .map_err(|e: crate::notation::UnknownTandem| CliError::Usage(e.to_string())),
        None => Ok(TandemConvention::FrontBack),
    }
}

/// The position given by `--fen`, or the start position.
pub(super) fn start_position(fen: Option<&str>) -> Result<Position, CliError> {
    match fen {
        Some(fen) => {
            Position::from_fen(fen).map_err(|e| CliError::Usage(format!("bad FEN '{fen}': {e}")))
        }
        None => Ok(Position::startpos()),
    }
}

/// Run the subcommand.
pub fn run(args: NotateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let tandem = tandem_option(args.tandem.as_deref())?;
    let options = WriteOptions {
        tandem,
        soldiers: if args.textbook {
            SoldierConvention::Textbook
        } else {
            SoldierConvention::XiangqiWizard
        },
        full_width_black_digits: !args.half_width,
        strokes: if args.over_advances {
            StrokeConvention::OverAdvances
        } else {
            StrokeConvention::UnderAdvances
        },
        ..WriteOptions::default()
    };
    let notation: Notation = args
        .notation
        .parse()
        .map_err(|e: crate::notation::UnknownNotation| CliError::Usage(e.to_string()))?;
    let moves = &args.moves;
    let mut pos = start_position(args.fen.as_deref())?;
    for (i, text) in moves.iter().enumerate() {
        let index = i + 1;
        let mv = Move::parse_iccs(text).ok_or_else(|| {
            CliError::Failed(format!("move {index} '{text}' is not an ICCS move"))
        })?;
        let next = pos
            .play(mv)
            .map_err(|e| CliError::Failed(format!("move {index} '{text}': {e}")))?;
        writeln!(out, "{}", write_move(&pos, mv, notation, &options))?;
        pos = next;
    }
    Ok(())
}
