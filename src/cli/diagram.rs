//! `qipu diagram [--fen FEN | FILE [--ply N]] -o OUT.png|OUT.svg|OUT.pdf [--size PIXELS] [--all]
//! [--grid COLUMNSxROWS] [--paper a4|letter] [--flip] [--no-coordinates] [--tandem front-back|file]`:
//! a board diagram.
//!
//! With `--fen`, the position given; with a record FILE (PGN, XQF, JSON, …; the first game), the
//! position after ply N of the main line (the last one by default) with that move marked and
//! its arrows and highlighted points. `--all` draws every position of the main line instead.
//! The format follows the name: `.png` a picture PIXELS wide (with `--all`: `OUT-000.png`,
//! `OUT-001.png`, …, numbered by ply), `.svg` the same as vector pictures, `.pdf` one vector PDF
//! (with `--all`: a diagram a page, or `--grid 2x3` six a page as books print them, each with
//! its move under it, written as `--tandem` says). Another name is refused with the formats
//! offered. Prints the files written. A record whose first game cannot be read in full gives
//! the diagrams of what was read, which replace existing files only with `--force` (see
//! `super::output`); the exit status is 1.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::notate::start_position;
use super::open::open_games;
use super::output::write_output;
use super::scoresheet::{output_format, paper_option, read_in_full, Output};
use super::CliError;
use crate::export::diagram::{caption, diagram_svg, diagrams_pdf};
use crate::export::{line_diagrams, png_bytes, render_diagram, DiagramOptions};
use crate::formats::Completeness;
use crate::notation::WriteOptions;
use crate::rules::Position;

/// `qipu diagram`.
#[derive(Debug, clap::Args)]
pub struct DiagramArgs {
    /// The record file (its first game); or give --fen
    #[arg(required_unless_present = "fen", conflicts_with = "fen")]
    file: Option<String>,
    /// Draw this position (FEN)
    #[arg(long)]
    fen: Option<String>,
    /// The file to write: OUT.png, OUT.svg or OUT.pdf
    #[arg(short = 'o', value_name = "OUT.png|OUT.svg|OUT.pdf")]
    output: String,
    /// The position after this ply of the main line (the last by default)
    #[arg(long, value_name = "N")]
    ply: Option<String>,
    /// The width of a picture in pixels
    #[arg(long, value_name = "PIXELS")]
    size: Option<String>,
    /// Every position of the main line
    #[arg(long)]
    all: bool,
    /// With --all and a PDF: COLUMNSxROWS diagrams a page, each with its move under it
    #[arg(long, value_name = "COLUMNSxROWS")]
    grid: Option<String>,
    /// The paper of a PDF: a4 (the default) or letter
    #[arg(long, value_name = "a4|letter")]
    paper: Option<String>,
    /// Black at the bottom
    #[arg(long)]
    flip: bool,
    /// Without the file numbers around the board
    #[arg(long)]
    no_coordinates: bool,
    /// How a piece sharing its file with another of its kind is named: front-back (前車進四,
    /// the default) or file (車六進四)
    #[arg(long, value_name = "front-back|file")]
    tandem: Option<String>,
    /// A record read only in part replaces existing files all the same
    #[arg(long)]
    force: bool,
}

/// The files of one diagram command: what they are drawn from, and how each is written.
struct Saving<'a> {
    completeness: Completeness,
    force: bool,
    err: &'a mut dyn Write,
}

impl Saving<'_> {
    /// Save by the rule of every output ([`write_output`]); returns the file written.
    fn save(&mut self, path: &Path, bytes: &[u8]) -> Result<PathBuf, CliError> {
        write_output(path, bytes, self.completeness, self.force, self.err)
    }

    fn save_png(&mut self, path: &Path, image: &image::RgbaImage) -> Result<PathBuf, CliError> {
        let bytes = png_bytes(image).map_err(|e| CliError::Failed(e.to_string()))?;
        self.save(path, &bytes)
    }
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

/// `2x3`: columns and rows.
fn grid(text: &str) -> Result<(usize, usize), CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--grid needs COLUMNSxROWS (such as 2x3), got '{text}'"
        ))
    };
    let (c, r) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (c, r): (usize, usize) = (c.parse().map_err(|_| bad())?, r.parse().map_err(|_| bad())?);
    if !(1..=6).contains(&c) || !(1..=8).contains(&r) {
        return Err(bad());
    }
    Ok((c, r))
}

/// Run the subcommand.
pub fn run(args: DiagramArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let fen = args.fen.as_deref();
    let force = args.force;
    let output = args.output.as_str();
    let format = output_format(output, &[Output::Png, Output::Svg, Output::Pdf])?;
    let size: u32 = match args.size.as_deref() {
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
    let ply: Option<usize> = match args.ply.as_deref() {
        Some(v) => Some(
            v.parse()
                .map_err(|_| CliError::Usage(format!("--ply needs a number, got '{v}'")))?,
        ),
        None => None,
    };
    let (columns, rows) = match args.grid.as_deref() {
        Some(g) => grid(g)?,
        None => (1, 1),
    };
    let paper = paper_option(args.paper.as_deref())?;
    let writing = WriteOptions {
        tandem: super::notate::tandem_option(args.tandem.as_deref())?,
        ..WriteOptions::default()
    };
    let all = args.all;
    let flipped = args.flip;
    let coordinates = !args.no_coordinates;
    let files: Vec<&str> = args.file.as_deref().into_iter().collect();
    let output = Path::new(output);
    let mut saving = Saving {
        completeness: Completeness::Complete,
        force,
        err,
    };
    let options = |mut o: DiagramOptions| {
        o.flipped = flipped;
        o.coordinates = coordinates;
        o.size = size;
        o
    };
    // The positions to draw, each with its options and caption.
    let items: Vec<(Position, DiagramOptions, String)> = match (fen, &files[..]) {
        (Some(_), [_, ..]) | (None, []) => {
            return Err(CliError::Usage(
                "give a record FILE or --fen FEN, one of them".to_owned(),
            ))
        }
        (Some(_), []) if ply.is_some() || all => {
            return Err(CliError::Usage(
                "--ply and --all need a record FILE, not --fen".to_owned(),
            ))
        }
        (Some(fen), []) => vec![(
            start_position(Some(fen))?,
            options(DiagramOptions::default()),
            String::new(),
        )],
        (None, [file]) => {
            let opened = open_games(file)?;
            saving.completeness = opened.first;
            let game = opened.first_game(file, saving.err)?;
            let line = game.main_line();
            if all {
                let last = line.last().copied().unwrap_or(game.root());
                let mut nodes = vec![game.root()];
                nodes.extend(game.line_to(last));
                if format == Output::Png {
                    let template = options(DiagramOptions::default());
                    for (i, (_, image)) in line_diagrams(&game, last, &template).iter().enumerate()
                    {
                        let path = numbered_path(output, &format!("{i:03}"));
                        let path = saving.save_png(&path, image)?;
                        writeln!(out, "{}", path.display())?;
                    }
                    return finish(&files, saving.completeness);
                }
                nodes
                    .into_iter()
                    .map(|n| {
                        (
                            game.position(n).clone(),
                            options(DiagramOptions::for_node(&game, n, size)),
                            caption(&game, n, &writing),
                        )
                    })
                    .collect()
            } else {
                let ply = ply.unwrap_or(line.len());
                if ply > line.len() {
                    return Err(CliError::Failed(format!(
                        "{file}: --ply {ply} is beyond the main line ({} plies)",
                        line.len()
                    )));
                }
                let node = if ply == 0 { game.root() } else { line[ply - 1] };
                vec![(
                    game.position(node).clone(),
                    options(DiagramOptions::for_node(&game, node, size)),
                    caption(&game, node, &writing),
                )]
            }
        }
        (None, _) => return Err(CliError::Usage("give one record FILE".to_owned())),
    };
    match format {
        Output::Pdf => {
            let bytes = diagrams_pdf(&items, columns, rows, paper)
                .map_err(|e| CliError::Failed(e.to_string()))?;
            let path = saving.save(output, &bytes)?;
            writeln!(out, "{}", path.display())?;
        }
        Output::Svg | Output::Png => {
            for (i, (pos, options, _)) in items.iter().enumerate() {
                let path = if items.len() == 1 {
                    output.to_owned()
                } else {
                    numbered_path(output, &format!("{i:03}"))
                };
                let path = if format == Output::Svg {
                    saving.save(&path, diagram_svg(pos, options).as_bytes())?
                } else {
                    saving.save_png(&path, &render_diagram(pos, options))?
                };
                writeln!(out, "{}", path.display())?;
            }
        }
    }
    finish(&files, saving.completeness)
}

/// Exit status 1 when the record drawn from could not be read in full.
fn finish(files: &[&str], completeness: Completeness) -> Result<(), CliError> {
    match files {
        [file] => read_in_full(file, completeness),
        _ => Ok(()),
    }
}
