//! `qipu transcribe [--fen FEN] [FILE | -] [-o OUT.pgn] [--lang en|zh-Hans|zh-Hant]
//! [--tandem front-back|file]`: enter a typed scoresheet (`1. 炮二平五 馬８進７ 2. …`, any
//! notation, numbers, comments and marks) into a new record, every move checked. When all moves
//! fit, the record is written as PGN to OUT (saved atomically) or standard output. Otherwise
//! nothing is written: the first move that does not fit is reported with its move number, the
//! reason or the candidates, and the nearest legal moves (exit status 1). The record's moves and
//! the report's candidates name a piece sharing its file with another of its kind as `--tandem`
//! says (前車進四 by default, `file`: 車六進四).

use std::io::{Read, Write};
use std::path::Path;

use super::notate::start_position;
use super::{cannot_read, CliError};
use crate::formats::{encode_pgn, save_atomic, write_pgn, PgnWriteOptions, TargetState};
use crate::lang::Language;
use crate::notation::{MoveStyle, Notation, Script, WriteOptions};
use crate::record::Game;
use crate::transcribe::Transcriber;

/// `qipu transcribe`.
#[derive(Debug, clap::Args)]
pub struct TranscribeArgs {
    /// The typed scoresheet (any notation, numbers, comments and marks); standard input when
    /// it is - or not given
    #[arg(value_name = "FILE|-")]
    file: Option<String>,
    /// The start position (FEN)
    #[arg(long)]
    fen: Option<String>,
    /// Write the record to this PGN file (saved atomically) instead of standard output
    #[arg(short = 'o', value_name = "OUT.pgn")]
    output: Option<String>,
    /// The language of the report: en, zh-Hans or zh-Hant
    #[arg(long, value_name = "en|zh-Hans|zh-Hant")]
    lang: Option<String>,
    /// How a piece sharing its file with another of its kind is named: front-back (前車進四,
    /// the default) or file (車六進四)
    #[arg(long, value_name = "front-back|file")]
    tandem: Option<String>,
}

/// Run the subcommand.
pub fn run(args: TranscribeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let fen = args.fen.as_deref();
    let output = args.output.as_deref();
    let lang: Language = match args.lang.as_deref() {
        Some(l) => l
            .parse()
            .map_err(|e: crate::lang::UnknownLanguage| CliError::Usage(e.to_string()))?,
        None => Language::English,
    };
    let writing = WriteOptions {
        tandem: super::notate::tandem_option(args.tandem.as_deref())?,
        ..WriteOptions::default()
    };
    let text = match args.file.as_deref() {
        None | Some("-") => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| CliError::Failed(cannot_read("standard input", &e)))?;
            text
        }
        Some(file) => {
            let bytes = std::fs::read(file).map_err(|e| CliError::Failed(cannot_read(file, &e)))?;
            crate::formats::decode(&bytes).text.into_owned()
        }
    };
    let mut game = Game::new(start_position(fen)?);
    let entry = Transcriber::new().enter(&mut game, &text);
    if let Some(stop) = entry.stop {
        let style = MoveStyle {
            notation: Notation::ChineseTraditional,
            options: writing,
        };
        return Err(CliError::Failed(stop.message(lang, &style)));
    }
    let options = PgnWriteOptions {
        moves: writing,
        ..PgnWriteOptions::qipu(match lang {
            Language::SimplifiedChinese => Script::Simplified,
            _ => Script::Traditional,
        })
    };
    let pgn = write_pgn(&game, &options);
    match output {
        Some(path) => {
            // Qipu's own PGN is UTF-8, which holds every character.
            let bytes = encode_pgn(&pgn, &options).bytes;
            save_atomic(Path::new(path), &bytes, TargetState::Safe, false)
                .map_err(|e| CliError::Failed(e.to_string()))?;
            writeln!(
                out,
                "{} moves entered, written to {path}",
                entry.entered.len()
            )?;
        }
        None => out.write_all(pgn.as_bytes())?,
    }
    Ok(())
}
