//! `qipu scoresheet FILE -o OUT.pdf|OUT.png [--abbrev] [--lang en|zh-Hans|zh-Hant] [--paper a4|letter]
//! [--tandem front-back|file]`:
//! the scoresheet of the first game of a record file, ready to print. The format follows the
//! name: `.pdf` a vector PDF (A4 or Letter, every page in one file, the text searchable), `.png`
//! pictures of A4 pages at 150 dpi (the first page to OUT, the following ones to `OUT-2.png`,
//! `OUT-3.png`, …). Another extension is refused with the formats offered. The files written are
//! printed.
//! The sheet is in one script: the language's, or under English labels the file's own. A piece
//! sharing its file with another of its kind is written as `--tandem` says (前車進四 by default).

use std::io::Write;
use std::path::Path;

use super::open::open_games_with_script;
use super::{Args, CliError};
use crate::export::pdf::Paper;
use crate::export::save_pages;
use crate::export::scoresheet::{render_scoresheet, scoresheet_pdf, ScoresheetOptions};
use crate::formats::{save_atomic, TargetState};
use crate::lang::Language;
use crate::notation::WriteOptions;

const USAGE: &str = "usage: qipu scoresheet FILE -o OUT.pdf|OUT.png [--abbrev] \
                     [--lang en|zh-Hans|zh-Hant] [--paper a4|letter] [--tandem front-back|file]";

/// The output formats a picture or page can be written in, by file extension.
pub(super) use crate::export::PictureFormat as Output;

/// The format a file name asks for, among `offered`; any other name is refused with the
/// formats offered.
pub(super) fn output_format(path: &str, offered: &[Output]) -> Result<Output, CliError> {
    Output::of_path(Path::new(path), offered).map_err(|e| CliError::Usage(e.to_string()))
}

/// The `--paper` option: A4 by default.
pub(super) fn paper_option(args: &mut Args) -> Result<Paper, CliError> {
    match args.option("--paper")? {
        Some(p) => p
            .parse()
            .map_err(|e: crate::export::pdf::UnknownPaper| CliError::Usage(e.to_string())),
        None => Ok(Paper::A4),
    }
}

/// Run the subcommand.
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    let output = args
        .option("-o")?
        .ok_or_else(|| CliError::Usage(USAGE.to_owned()))?;
    let format = output_format(output, &[Output::Pdf, Output::Png])?;
    let abbreviated = args.flag("--abbrev");
    let paper = paper_option(&mut args)?;
    let tandem = super::notate::tandem_option(&mut args)?;
    let language: Language = match args.option("--lang")? {
        Some(l) => l
            .parse()
            .map_err(|e: crate::lang::UnknownLanguage| CliError::Usage(e.to_string()))?,
        None => Language::TraditionalChinese,
    };
    let files = args.positionals()?;
    let [file] = files[..] else {
        return Err(CliError::Usage(USAGE.to_owned()));
    };
    let (mut games, script) = open_games_with_script(file)?;
    let game = games.swap_remove(0);
    // Under English labels the moves are in the file's own script.
    let options = ScoresheetOptions {
        language,
        abbreviated,
        script: script.unwrap_or_default(),
        writing: WriteOptions {
            tandem,
            ..WriteOptions::default()
        },
    };
    if format == Output::Pdf {
        let bytes =
            scoresheet_pdf(&game, &options, paper).map_err(|e| CliError::Failed(e.to_string()))?;
        save_atomic(Path::new(output), &bytes, TargetState::Safe, false)
            .map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(out, "{output}")?;
        return Ok(());
    }
    let pages = render_scoresheet(&game, &options);
    let written =
        save_pages(Path::new(output), &pages).map_err(|e| CliError::Failed(e.to_string()))?;
    for path in written {
        writeln!(out, "{}", path.display())?;
    }
    Ok(())
}
