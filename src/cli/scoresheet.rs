//! `qipu scoresheet FILE -o OUT.pdf|OUT.png [--abbrev] [--lang en|zh-Hans|zh-Hant] [--paper a4|letter]
//! [--tandem front-back|file]`:
//! the scoresheet of the first game of a record file, ready to print. The format follows the
//! name: `.pdf` a vector PDF (A4 or Letter, every page in one file, the text searchable), `.png`
//! pictures of A4 pages at 150 dpi (the first page to OUT, the following ones to `OUT-2.png`,
//! `OUT-3.png`, …). Another extension is refused with the formats offered. The files written are
//! printed.
//! A file whose first game cannot be read in full gives the sheet of what was read, which
//! replaces an existing OUT only with `--force` (see `super::output`); the exit status is 1.
//! The sheet is in one script: the language's, or under English labels the file's own. A piece
//! sharing its file with another of its kind is written as `--tandem` says (前車進四 by default).

use std::io::Write;
use std::path::Path;

use super::open::open_games;
use super::output::write_output;
use super::CliError;
use crate::export::pdf::Paper;
use crate::export::scoresheet::{render_scoresheet, scoresheet_pdf, ScoresheetOptions};
use crate::export::{page_path, png_bytes};
use crate::formats::Completeness;
use crate::lang::Language;
use crate::notation::WriteOptions;

/// `qipu scoresheet`.
#[derive(Debug, clap::Args)]
pub struct ScoresheetArgs {
    /// The record file (its first game)
    file: String,
    /// The file to write: OUT.pdf, or OUT.png for pictures of the pages
    #[arg(short = 'o', value_name = "OUT.pdf|OUT.png")]
    output: String,
    /// Moves in the abbreviated notation of art. 7.5
    #[arg(long)]
    abbrev: bool,
    /// The language of the labels: en, zh-Hans or zh-Hant (the default)
    #[arg(long, value_name = "en|zh-Hans|zh-Hant")]
    lang: Option<String>,
    /// The paper of a PDF: a4 (the default) or letter
    #[arg(long, value_name = "a4|letter")]
    paper: Option<String>,
    /// How a piece sharing its file with another of its kind is named: front-back (前車進四,
    /// the default) or file (車六進四)
    #[arg(long, value_name = "front-back|file")]
    tandem: Option<String>,
    /// A record read only in part replaces existing files all the same
    #[arg(long)]
    force: bool,
}

/// The output formats a picture or page can be written in, by file extension.
pub(super) use crate::export::PictureFormat as Output;

/// The format a file name asks for, among `offered`; any other name is refused with the
/// formats offered.
pub(super) fn output_format(path: &str, offered: &[Output]) -> Result<Output, CliError> {
    Output::of_path(Path::new(path), offered).map_err(|e| CliError::Usage(e.to_string()))
}

/// The `--paper` option: A4 by default.
pub(super) fn paper_option(paper: Option<&str>) -> Result<Paper, CliError> {
    match paper {
        Some(p) => p
            .parse()
            .map_err(|e: crate::export::pdf::UnknownPaper| CliError::Usage(e.to_string())),
        None => Ok(Paper::A4),
    }
}

/// Run the subcommand.
pub fn run(args: ScoresheetArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let output = args.output.as_str();
    let format = output_format(output, &[Output::Pdf, Output::Png])?;
    let force = args.force;
    let abbreviated = args.abbrev;
    let paper = paper_option(args.paper.as_deref())?;
    let tandem = super::notate::tandem_option(args.tandem.as_deref())?;
    let language: Language = match args.lang.as_deref() {
        Some(l) => l
            .parse()
            .map_err(|e: crate::lang::UnknownLanguage| CliError::Usage(e.to_string()))?,
        None => Language::TraditionalChinese,
    };
    let file = args.file.as_str();
    let opened = open_games(file)?;
    let (script, completeness) = (opened.script, opened.first);
    let game = opened.first_game(file, err)?;
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
        let path = write_output(Path::new(output), &bytes, completeness, force, err)?;
        writeln!(out, "{}", path.display())?;
    } else {
        for (i, page) in render_scoresheet(&game, &options).iter().enumerate() {
            let bytes = png_bytes(page).map_err(|e| CliError::Failed(e.to_string()))?;
            let path = page_path(Path::new(output), i);
            let path = write_output(&path, &bytes, completeness, force, err)?;
            writeln!(out, "{}", path.display())?;
        }
    }
    read_in_full(file, completeness)
}

/// The end of a command whose result was drawn from `file`: exit status 1 when the file could
/// not be read in full.
pub(super) fn read_in_full(file: &str, completeness: Completeness) -> Result<(), CliError> {
    match completeness {
        Completeness::Complete => Ok(()),
        Completeness::Partial => Err(CliError::Failed(format!(
            "{file} could not be read in full"
        ))),
    }
}
