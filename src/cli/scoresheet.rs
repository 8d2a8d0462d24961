//! `qipu scoresheet FILE -o OUT [--abbrev] [--lang en|zh-Hans|zh-Hant]`: the scoresheet of the
//! first game of a record file as PNG pages ready to print (A4 at 150 dpi). The first page is
//! written to OUT, the following ones to `OUT-2.png`, `OUT-3.png`, …; the files written are
//! printed. The sheet is in one script: the language's, or under English labels the file's own.

use std::io::Write;
use std::path::Path;

use super::open::open_games_with_script;
use super::{Args, CliError};
use crate::export::save_pages;
use crate::export::scoresheet::{render_scoresheet, ScoresheetOptions};
use crate::lang::Language;

const USAGE: &str = "usage: qipu scoresheet FILE -o OUT.png [--abbrev] [--lang en|zh-Hans|zh-Hant]";

/// Run the subcommand.
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    let output = args
        .option("-o")?
        .ok_or_else(|| CliError::Usage(USAGE.to_owned()))?;
    let abbreviated = args.flag("--abbrev");
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
    let pages = render_scoresheet(
        &game,
        &ScoresheetOptions {
            language,
            abbreviated,
            script: script.unwrap_or_default(),
        },
    );
    let written =
        save_pages(Path::new(output), &pages).map_err(|e| CliError::Failed(e.to_string()))?;
    for path in written {
        writeln!(out, "{}", path.display())?;
    }
    Ok(())
}
