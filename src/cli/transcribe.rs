//! `qipu transcribe-bench FILE [--rounds N] [--as NOTATION] [--repeat K]`: the time to enter a
//! scoresheet pasted at once. The longest main line of the record file (every game is
//! scanned) is cut to N rounds (100 by default), written as a numbered scoresheet in a notation
//! (traditional Chinese by default) and entered K times (20 by default) into an empty record;
//! then the same moves are entered one by one, as typed. Prints the figures.

use std::io::Write;
use std::time::Instant;

use super::open::open_games;
use super::CliError;
use crate::notation::{write_move, Notation, WriteOptions};
use crate::record::Game;
use crate::transcribe::Transcriber;

/// `qipu transcribe-bench`.
#[derive(Debug, clap::Args)]
pub struct TranscribeBenchArgs {
    /// The record file whose longest main line is entered
    file: String,
    /// Rounds of the line to enter (100 by default)
    #[arg(long, value_name = "N")]
    rounds: Option<String>,
    /// The notation of the scoresheet: zh, zh-hant (the default), abbrev, wxf or iccs
    #[arg(long = "as", value_name = "NOTATION")]
    notation: Option<String>,
    /// Times to enter it (20 by default)
    #[arg(long, value_name = "K")]
    repeat: Option<String>,
}

fn number(value: Option<&str>, name: &str, default: usize) -> Result<usize, CliError> {
    match value {
        Some(v) => v
            .parse()
            .map_err(|_| CliError::Usage(format!("{name} needs a number, got '{v}'"))),
        None => Ok(default),
    }
}

/// Run the subcommand.
pub fn run(args: TranscribeBenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rounds = number(args.rounds.as_deref(), "--rounds", 100)?;
    let repeat = number(args.repeat.as_deref(), "--repeat", 20)?.max(1);
    let notation: Notation = match args.notation.as_deref() {
        Some(n) => n
            .parse()
            .map_err(|e: crate::notation::UnknownNotation| CliError::Usage(e.to_string()))?,
        None => Notation::ChineseTraditional,
    };
    let path = args.file.as_str();
    let source = open_games(path)?
        .games
        .into_iter()
        .max_by_key(|g| g.main_line().len())
        .ok_or_else(|| CliError::Failed(format!("{path}: no game in the file")))?;
    let options = WriteOptions::default();
    let mut sheet = String::new();
    let mut texts = Vec::new();
    for node in source.main_line().into_iter().take(rounds * 2) {
        let pos = source.position_before(node);
        let mv = source.move_of(node).expect("main-line nodes carry a move");
        let text = write_move(pos, mv, notation, &options);
        if pos.side_to_move() == crate::rules::Color::Red || texts.is_empty() {
            let dots = if pos.side_to_move() == crate::rules::Color::Red {
                "."
            } else {
                "…"
            };
            sheet.push_str(&format!("{}{dots} ", pos.fullmove_number()));
        }
        sheet.push_str(&text);
        sheet.push(' ');
        texts.push(text);
    }
    let plies = texts.len();
    let start = source.start().clone();

    let mut entered = 0;
    let began = Instant::now();
    for _ in 0..repeat {
        let mut game = Game::new(start.clone());
        let mut t = Transcriber::new();
        let entry = t.enter(&mut game, &sheet);
        if let Some(stop) = entry.stop {
            return Err(CliError::Failed(format!(
                "the scoresheet stopped: {}",
                stop.message(crate::lang::Language::English, &notation.into())
            )));
        }
        entered = entry.entered.len();
    }
    let pasted = began.elapsed() / u32::try_from(repeat).unwrap_or(u32::MAX);

    let began = Instant::now();
    for _ in 0..repeat {
        let mut game = Game::new(start.clone());
        let mut t = Transcriber::new();
        for text in &texts {
            t.enter(&mut game, text);
        }
    }
    let typed = began.elapsed() / u32::try_from(repeat).unwrap_or(u32::MAX);
    let per = |d: std::time::Duration| d.as_secs_f64() * 1e6 / plies.max(1) as f64;
    writeln!(
        out,
        "scoresheet: {plies} plies ({} rounds) in {}, {} bytes; entered {entered}",
        plies.div_ceil(2),
        notation.name(),
        sheet.len()
    )?;
    writeln!(
        out,
        "pasted at once: {:.3} ms per sheet, {:.1} µs per move (mean of {repeat})",
        pasted.as_secs_f64() * 1e3,
        per(pasted)
    )?;
    writeln!(
        out,
        "typed one by one: {:.3} ms per sheet, {:.1} µs per move (mean of {repeat})",
        typed.as_secs_f64() * 1e3,
        per(typed)
    )?;
    Ok(())
}
