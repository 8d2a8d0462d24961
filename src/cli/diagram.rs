//! `qipu diagram [--fen FEN | FILE [--ply N]] -o OUT.png [--size PIXELS] [--all] [--flip]
//! [--no-coordinates]`: a board diagram as PNG.
//!
//! With `--fen`, the position given; with a record FILE (PGN, XQF, JSON; the first game), the
//! position after ply N of the main line (the last one by default) with that move marked and
//! its arrows and highlighted points. `--all` writes every position of the main line instead,
//! as `OUT-000.png`, `OUT-001.png`, … (the number is the ply). Prints the files written.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::notate::start_position;
use super::open::open_games;
use super::{Args, CliError};
use crate::export::{line_diagrams, png_bytes, render_diagram, DiagramOptions};
use crate::formats::{save_atomic, TargetState};

const USAGE: &str = "usage: qipu diagram [--fen FEN | FILE [--ply N]] -o OUT.png [--size PIXELS] [--all] [--flip] [--no-coordinates]";

/// Write a PNG atomically.
pub(super) fn write_png(path: &Path, image: &image::RgbaImage) -> Result<(), CliError> {
    let bytes = png_bytes(image).map_err(|e| CliError::Failed(e.to_string()))?;
    save_atomic(path, &bytes, TargetState::Safe, false).map_err(|e| CliError::Failed(e.to_string()))
}

/// `OUT.png` → `OUT-007.png`.
fn numbered_path(out: &Path, suffix: &str) -> PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = out
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "png".to_owned());
    out.with_file_name(format!("{stem}-{suffix}.{ext}"))
}

/// Run the subcommand.
pub fn run(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    let fen = args.option("--fen")?;
    let output = args
        .option("-o")?
        .ok_or_else(|| CliError::Usage(USAGE.to_owned()))?;
    let size: u32 = match args.option("--size")? {
        Some(v) => v
            .parse()
            .map_err(|_| CliError::Usage(format!("--size needs a number of pixels, got '{v}'")))?,
        None => DiagramOptions::default().size,
    };
    let range = crate::export::diagram::SIZE_RANGE;
    if !range.contains(&size) {
        return Err(CliError::Usage(format!(
            "--size {size} is out of range ({}–{} pixels)",
            range.start(),
            range.end()
        )));
    }
    let ply: Option<usize> = match args.option("--ply")? {
        Some(v) => Some(
            v.parse()
                .map_err(|_| CliError::Usage(format!("--ply needs a number, got '{v}'")))?,
        ),
        None => None,
    };
    let all = args.flag("--all");
    let flipped = args.flag("--flip");
    let coordinates = !args.flag("--no-coordinates");
    let files = args.positionals()?;
    let output = Path::new(output);
    let options = |mut o: DiagramOptions| {
        o.flipped = flipped;
        o.coordinates = coordinates;
        o
    };
    match (fen, &files[..]) {
        (Some(_), [_, ..]) | (None, []) => Err(CliError::Usage(USAGE.to_owned())),
        (Some(_), []) if ply.is_some() || all => Err(CliError::Usage(
            "--ply and --all need a record FILE, not --fen".to_owned(),
        )),
        (Some(fen), []) => {
            let pos = start_position(Some(fen))?;
            let image = render_diagram(
                &pos,
                &options(DiagramOptions {
                    size,
                    ..DiagramOptions::default()
                }),
            );
            write_png(output, &image)?;
            writeln!(out, "{}", output.display())?;
            Ok(())
        }
        (None, [file]) => {
            let game = open_games(file)?.swap_remove(0);
            let line = game.main_line();
            if all {
                let last = line.last().copied().unwrap_or(game.root());
                let template = options(DiagramOptions {
                    size,
                    ..DiagramOptions::default()
                });
                for (i, (_, image)) in line_diagrams(&game, last, &template).iter().enumerate() {
                    let path = numbered_path(output, &format!("{i:03}"));
                    write_png(&path, image)?;
                    writeln!(out, "{}", path.display())?;
                }
                return Ok(());
            }
            let ply = ply.unwrap_or(line.len());
            if ply > line.len() {
                return Err(CliError::Failed(format!(
                    "{file}: --ply {ply} is beyond the main line ({} plies)",
                    line.len()
                )));
            }
            let node = if ply == 0 { game.root() } else { line[ply - 1] };
            let image = render_diagram(
                game.position(node),
                &options(DiagramOptions::for_node(&game, node, size)),
            );
            write_png(output, &image)?;
            writeln!(out, "{}", output.display())?;
            Ok(())
        }
        (None, _) => Err(CliError::Usage(USAGE.to_owned())),
    }
}
