//! `qipu notate --fen FEN --as NOTATION MOVE...`: play ICCS moves in order and print each in a
//! notation, one per line. `--textbook` names crowded soldiers as textbooks do (前/中/後,
//! 前二三四, 前三平四), `--half-width` writes Black's digits in ASCII, `--over-advances` reverses
//! the strokes of abbreviated notation, `--tandem file` names a piece sharing its file with
//! another of its kind by its file number when only it can make the move (車六進四; the
//! default `front-back` writes 前車進四).

use std::io::Write;

use super::{Args, CliError};
use crate::notation::{
    write_move, Notation, SoldierConvention, StrokeConvention, TandemConvention, WriteOptions,
};
use crate::rules::{Move, Position};

const USAGE: &str = "usage: qipu notate [--fen FEN] --as iccs|wxf|zh|zh-hant|abbrev \
                     [--textbook] [--tandem front-back|file] [--half-width] [--over-advances] MOVE...";

/// The `--tandem` option: front-back (the default) or file.
pub(super) fn tandem_option(args: &mut Args) -> Result<TandemConvention, CliError> {
    match args.option("--tandem")? {
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
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    let tandem = tandem_option(&mut args)?;
    let options = WriteOptions {
        tandem,
        soldiers: if args.flag("--textbook") {
            SoldierConvention::Textbook
        } else {
            SoldierConvention::XiangqiWizard
        },
        full_width_black_digits: !args.flag("--half-width"),
        strokes: if args.flag("--over-advances") {
            StrokeConvention::OverAdvances
        } else {
            StrokeConvention::UnderAdvances
        },
        ..WriteOptions::default()
    };
    let fen = args.option("--fen")?;
    let notation = args
        .option("--as")?
        .ok_or_else(|| CliError::Usage(USAGE.to_owned()))?;
    let notation: Notation = notation
        .parse()
        .map_err(|e: crate::notation::UnknownNotation| CliError::Usage(e.to_string()))?;
    let moves = args.positionals()?;
    let mut pos = start_position(fen)?;
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
