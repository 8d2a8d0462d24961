//! `qipu ui-bench`: speed figures of the window, measured without a screen. A build without the
//! window (no `gui` feature) has the subcommand too, so that the command line is the same in
//! every build, and says it cannot measure.

use std::io::Write;
#[cfg(feature = "gui")]
use std::path::Path;

use super::CliError;

/// `qipu ui-bench`.
#[derive(Debug, clap::Args)]
// Without the window the figures are not measured and the options are not read.
#[cfg_attr(not(feature = "gui"), allow(dead_code))]
pub struct UiBenchArgs {
    /// Moves of the record in the frames timed (300)
    #[arg(long, value_name = "N")]
    moves: Option<String>,
    /// Frames timed (200)
    #[arg(long, value_name = "N")]
    frames: Option<String>,
    /// Moves of the scoresheet pasted into the move box (200)
    #[arg(long, value_name = "N")]
    paste: Option<String>,
    /// A PGN file whose reading for the game list is timed
    #[arg(long, value_name = "FILE")]
    pgn: Option<String>,
    /// Only this record's figures: open it, step through it, its memory, quit
    #[arg(long, value_name = "FILE")]
    record: Option<String>,
}

/// Run `ui-bench` in a build without the window: there is nothing to measure.
#[cfg(not(feature = "gui"))]
pub fn run(_args: UiBenchArgs, _out: &mut dyn Write, _err: &mut dyn Write) -> Result<(), CliError> {
    Err(CliError::Failed(
        "ui-bench measures the window, and this build has none (built without the `gui` feature)"
            .to_owned(),
    ))
}

/// Run `ui-bench`; with `--record`, only the record file's figures.
#[cfg(feature = "gui")]
pub fn run(args: UiBenchArgs, out: &mut dyn Write, _err: &mut dyn Write) -> Result<(), CliError> {
    let number = |value: Option<&str>, default: usize, name: &str| match value {
        None => Ok(default),
        Some(text) => text
            .parse::<usize>()
            .map_err(|_| CliError::Usage(format!("{name} wants a number, not '{text}'"))),
    };
    let moves = number(args.moves.as_deref(), 300, "--moves")?;
    let frames = number(args.frames.as_deref(), 200, "--frames")?.max(1);
    let paste = number(args.paste.as_deref(), 200, "--paste")?;
    let pgn = args.pgn.as_deref();
    let record = args.record.as_deref();
    if let Some(path) = record {
        return record_figures(path, out);
    }
    let figures = crate::ui::bench::frame_times(moves, frames, true);
    writeln!(
        out,
        "frame (board + {}-move record, 1280x900, layout+paint+tessellate): median {:.3} ms, max {:.3} ms over {} frames",
        figures.moves,
        figures.median.as_secs_f64() * 1e3,
        figures.max.as_secs_f64() * 1e3,
        figures.frames
    )?;
    let filled = crate::ui::bench::frame_times(moves, 1, false);
    writeln!(
        out,
        "pixels blended a frame: {:.2} windows (the background cleared); {:.2} with every panel filling its rectangle",
        figures.coverage, filled.coverage
    )?;
    let steps = crate::ui::bench::step_times(moves);
    writeln!(
        out,
        "step through the {}-move record: median {:.3} ms, max {:.3} ms over {} steps (the referee judging the whole line: {:.3} ms)",
        steps.moves,
        steps.median.as_secs_f64() * 1e3,
        steps.max.as_secs_f64() * 1e3,
        steps.steps,
        steps.judge_line.as_secs_f64() * 1e3
    )?;
    let pasted = crate::ui::bench::paste_time(paste, 5);
    writeln!(
        out,
        "paste a {}-move scoresheet into the move box: {} moves entered in {:.1} ms, {:.1} ms with the frame that shows them ({:.3} ms a move; best of 5)",
        pasted.moves,
        pasted.entered,
        pasted.enter.as_secs_f64() * 1e3,
        pasted.total.as_secs_f64() * 1e3,
        pasted.total.as_secs_f64() * 1e3 / pasted.moves.max(1) as f64
    )?;
    if let Some(path) = pgn {
        let (time, games) = crate::ui::bench::open_time(Path::new(&path))
            .map_err(|e| CliError::Failed(e.to_string()))?;
        writeln!(
            out,
            "open {path}: {games} games read in {:.1} ms",
            time.as_secs_f64() * 1e3
        )?;
    }
    Ok(())
}

/// Megabytes of `bytes`, or "?" where the system does not say.
#[cfg(feature = "gui")]
fn megabytes(bytes: Option<u64>) -> String {
    bytes.map_or_else(|| "?".to_owned(), |b| format!("{:.0} MB", b as f64 / 1e6))
}

/// Open one record file in the window and step through it: open time, step times, memory, quit.
#[cfg(feature = "gui")]
fn record_figures(path: &str, out: &mut dyn Write) -> Result<(), CliError> {
    let figures = crate::ui::bench::record_times(Path::new(path))
        .map_err(|e| CliError::Failed(e.to_string()))?
        .ok_or_else(|| CliError::Failed(format!("{path}: not one game to step through")))?;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    writeln!(
        out,
        "record {path}: {} moves, main line {}\n  open (read, show, first frame): {:.1} ms\n  step with its frame (1280x900): median {:.2} ms, max {:.2} ms over {} steps; idle frame {:.2} ms\n  resident memory: {} before opening, {} with the record shown\n  quit (drop the app and its game): {:.1} ms",
        figures.nodes,
        figures.main_line,
        ms(figures.open),
        ms(figures.median),
        ms(figures.max),
        figures.steps,
        ms(figures.idle),
        megabytes(figures.memory.0),
        megabytes(figures.memory.1),
        ms(figures.quit),
    )?;
    Ok(())
}
