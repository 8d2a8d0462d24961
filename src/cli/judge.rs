//! `qipu judge [--rules cxa1999|axf] [--fen FEN] [--limit ROUNDS] [--tandem front-back|file]
//! --moves ICCS...` and `qipu judge [--rules ...] [--limit ROUNDS] [--tandem ...] FILE`: the
//! referee's ruling on a line (given as ICCS moves, or the main line of the first game of a
//! record file), as one JSON object on standard output. The Chinese explanation and evidence
//! name a piece sharing its file with another of its kind as `--tandem` says (前車進四 by
//! default, `file`: 車六進四).
//!
//! `qipu judge --summary [--rules ...] [--limit ROUNDS] [--threads N] PATH...`: the main line of
//! every game in the files and folders given, judged in one process; prints one line per kind of
//! ruling (`perpetual_check 3`: machine names as in the JSON, `none` for lines without a ruling),
//! `unreadable U` (games that could not be read in full, not judged), `threads N`, and last
//! `games G, plies P, seconds S`: S is the time spent judging, added over the threads (reading
//! not included), so S / P is the referee's cost per ply.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde_json::json;

use super::{cannot_read, CliError};
use crate::formats::{map_files, read_record_bytes, read_record_file, threads_for};
use crate::lang::Language;
use crate::notation::{MoveStyle, Notation, WriteOptions};
use crate::referee::{Evidence, Judgement, MoveCharacter, Referee, RuleSet, Tally};
use crate::rules::{FenError, Move, Position, Setup};

/// `qipu judge`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Forms:\n  qipu judge [--fen FEN] --moves ICCS...   the line of ICCS moves\n  \
qipu judge FILE                          the main line of the first game of a record file\n  \
qipu judge --summary PATH...             rulings counted over every game below PATH"
)]
pub struct JudgeArgs {
    /// The ICCS moves (with --moves), the record FILE, or with --summary the files and folders
    #[arg(value_name = "MOVE|FILE|PATH")]
    inputs: Vec<String>,
    /// The rule set: cxa1999 (the default) or axf (the Asian rules)
    #[arg(long, value_name = "cxa1999|axf")]
    rules: Option<String>,
    /// The start position of the moves (FEN)
    #[arg(long)]
    fen: Option<String>,
    /// The natural limit, in rounds without a capture
    #[arg(long, value_name = "ROUNDS")]
    limit: Option<String>,
    /// How a piece sharing its file with another of its kind is named in the Chinese
    /// explanation: front-back (前車進四, the default) or file (車六進四)
    #[arg(long, value_name = "front-back|file")]
    tandem: Option<String>,
    /// The arguments are ICCS moves from the start (or --fen)
    #[arg(long)]
    moves: bool,
    /// Judge the main line of every game below the paths and count the rulings by kind
    #[arg(long)]
    summary: bool,
    /// With --summary: threads to read and judge on (as many as processors by default)
    #[arg(long, value_name = "N")]
    threads: Option<String>,
}

/// Run the subcommand.
pub fn run(args: JudgeArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let rules: RuleSet = match args.rules.as_deref() {
        Some(name) => name.parse().map_err(|e| CliError::Usage(format!("{e}")))?,
        None => RuleSet::default(),
    };
    let fen = args.fen.as_deref();
    let writing = WriteOptions {
        tandem: super::notate::tandem_option(args.tandem.as_deref())?,
        ..WriteOptions::default()
    };
    let referee = with_limit(Referee::new(rules), args.limit.as_deref())?.with_writing(writing);
    let positionals: Vec<&str> = args.inputs.iter().map(String::as_str).collect();
    if args.summary {
        if fen.is_some() || args.moves {
            return Err(CliError::Usage(
                "--summary judges the games of files; --fen and --moves go without it".to_owned(),
            ));
        }
        let threads = super::stats::thread_option(args.threads.as_deref())?;
        return summary(&referee, threads, &positionals, out);
    }
    if args.threads.is_some() {
        return Err(CliError::Usage("--threads goes with --summary".to_owned()));
    }
    let (start, moves) = if args.moves {
        let start = match fen {
            Some(fen) => start_from_fen(fen, err)?,
            None => Position::startpos(),
        };
        let moves = positionals
            .iter()
            .enumerate()
            .map(|(i, text)| {
                Move::parse_iccs(text).ok_or_else(|| {
                    CliError::Usage(format!(
                        "move {}: '{text}' is not an ICCS move like h2e2",
                        i + 1
                    ))
                })
            })
            .collect::<Result<Vec<Move>, CliError>>()?;
        (start, moves)
    } else {
        let [file] = positionals[..] else {
            return Err(CliError::Usage(
                "give one record FILE, --moves and ICCS moves, or --summary and PATHs to judge \
                 (qipu judge --help)"
                    .to_owned(),
            ));
        };
        if fen.is_some() {
            return Err(CliError::Usage(
                "--fen goes with --moves; a file gives its own start position".to_owned(),
            ));
        }
        first_game(Path::new(file), err)?
    };
    let judgement = referee.judge(&start, &moves);
    writeln!(out, "{}", to_json(&judgement, moves.len(), &writing))?;
    Ok(())
}

/// The start position of `--fen`: a position play cannot reach but a diagram may show (a soldier
/// behind its start, 2.2) is judged, each such defect named on standard error as a warning.
fn start_from_fen(fen: &str, err: &mut dyn Write) -> Result<Position, CliError> {
    let bad = |e: &dyn std::fmt::Display| CliError::Usage(format!("bad FEN '{fen}': {e}"));
    let setup = Setup::from_fen(fen).map_err(|e| bad(&e))?;
    let (start, warnings) = setup
        .into_position_with_warnings()
        .map_err(|e| bad(&FenError::Position(e)))?;
    for warning in warnings {
        writeln!(err, "qipu: warning: {warning}; judged as set up")?;
    }
    Ok(start)
}

fn with_limit(referee: Referee, limit: Option<&str>) -> Result<Referee, CliError> {
    match limit {
        None => Ok(referee),
        Some(limit) => {
            let rounds = limit.parse().map_err(|_| {
                CliError::Usage(format!("--limit '{limit}' is not a number of rounds"))
            })?;
            Ok(referee.with_natural_limit(rounds))
        }
    }
}

/// What one file gives the summary: its tally, the time judging it, its unreadable games.
struct FileSummary {
    tally: Tally,
    judging: Duration,
    unreadable: u64,
}

/// `--summary`: judge the main line of every game below `inputs` and print the counts.
fn summary(
    referee: &Referee,
    threads: Option<usize>,
    inputs: &[&str],
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if inputs.is_empty() {
        return Err(CliError::Usage(
            "--summary needs the files or folders to judge".to_owned(),
        ));
    }
    let mut files = Vec::new();
    for input in inputs {
        let path = Path::new(input);
        if !path.exists() {
            return Err(CliError::Failed(format!("{input}: no such file or folder")));
        }
        files.extend(super::stats::record_files(path)?);
    }
    let threads = threads.unwrap_or_else(|| threads_for(files.len()));
    let stop = AtomicBool::new(false);
    let per_file = map_files(&files, threads, &stop, |file, bytes| {
        let bytes = bytes.map_err(|e| CliError::Failed(cannot_read(file.display(), &e)))?;
        let mut done = FileSummary {
            tally: Tally::default(),
            judging: Duration::ZERO,
            unreadable: 0,
        };
        for game in read_record_bytes(bytes).games {
            match (game.game, game.error) {
                (Some(game), None) => {
                    let moves: Vec<Move> = game
                        .main_line()
                        .into_iter()
                        .filter_map(|node| game.move_of(node))
                        .collect();
                    let started = Instant::now();
                    done.tally.add(referee, game.start(), &moves);
                    done.judging += started.elapsed();
                }
                (_, Some(_)) => done.unreadable += 1,
                (None, None) => {}
            }
        }
        Ok::<_, CliError>(done)
    });
    let mut tally = Tally::default();
    let (mut judging, mut unreadable) = (Duration::ZERO, 0);
    for file in per_file.into_iter().flatten() {
        let file = file?;
        tally.merge(&file.tally);
        judging += file.judging;
        unreadable += file.unreadable;
    }
    for (kind, n) in tally.rows() {
        writeln!(out, "{kind} {n}")?;
    }
    writeln!(out, "unreadable {unreadable}")?;
    writeln!(out, "threads {threads}")?;
    writeln!(
        out,
        "games {}, plies {}, seconds {:.3}",
        tally.games,
        tally.plies,
        judging.as_secs_f64()
    )?;
    Ok(())
}

/// The start and the main-line moves of the first game of a record file; what it was read with
/// (a start only a diagram shows, 2.2) is named on standard error as a warning.
fn first_game(path: &Path, err: &mut dyn Write) -> Result<(Position, Vec<Move>), CliError> {
    let file =
        read_record_file(path).map_err(|e| CliError::Failed(cannot_read(path.display(), &e)))?;
    let first = file
        .games
        .into_iter()
        .next()
        .ok_or_else(|| CliError::Failed(format!("{}: no game in the file", path.display())))?;
    for warning in &first.warnings {
        writeln!(
            err,
            "qipu: {}: warning: {warning}; judged as set up",
            path.display()
        )?;
    }
    let game = match (first.game, first.error) {
        (Some(game), None) => game,
        (_, Some(error)) => {
            return Err(CliError::Failed(format!(
                "{}: the first game cannot be read in full: {error}",
                path.display()
            )))
        }
        (None, None) => {
            return Err(CliError::Failed(format!(
                "{}: the first game is empty",
                path.display()
            )))
        }
    };
    let moves = game
        .main_line()
        .into_iter()
        .filter_map(|node| game.move_of(node))
        .collect();
    Ok((game.start().clone(), moves))
}

fn character_json(c: &MoveCharacter) -> serde_json::Value {
    json!({
        "ply": c.ply,
        "move": c.mv.to_string(),
        "side": c.side.to_string(),
        "character": c.character.name(),
        "targets": c.targets.iter().map(|t| t.square.to_string()).collect::<Vec<_>>(),
    })
}

/// An evidence line in the three languages: the moves in ICCS for English (as the command reads
/// them), in full Chinese for Chinese, written with `writing`'s conventions.
fn evidence_json(e: &Evidence, writing: &WriteOptions) -> serde_json::Value {
    let style = |notation| MoveStyle {
        notation,
        options: *writing,
    };
    json!({
        "zh-Hans": e.line(Language::SimplifiedChinese, &style(Notation::ChineseSimplified)),
        "zh-Hant": e.line(Language::TraditionalChinese, &style(Notation::ChineseTraditional)),
        "en": e.line(Language::English, &style(Notation::Iccs)),
    })
}

/// The JSON object printed for a judgement of a line of `len` moves, the evidence's moves
/// written with `writing`'s conventions.
pub fn to_json(judgement: &Judgement, len: usize, writing: &WriteOptions) -> serde_json::Value {
    match &judgement.ruling {
        Some(r) => json!({
            "result": r.result_name(),
            "reason": r.reason_name(),
            "articles": r.articles,
            "ply": r.ply,
            "explanation": {
                "zh-Hans": r.explanation.zh_hans,
                "zh-Hant": r.explanation.zh_hant,
                "en": r.explanation.en,
            },
            "cycle": r.cycle.iter().map(character_json).collect::<Vec<_>>(),
            "evidence": r.evidence.iter().map(|e| evidence_json(e, writing)).collect::<Vec<_>>(),
        }),
        None => {
            let mut v = json!({
                "result": "ongoing",
                "reason": "none",
                "articles": [],
                "ply": len,
                "cycle": judgement.characters.iter().map(character_json).collect::<Vec<_>>(),
            });
            v["explanation"] = match &judgement.warning {
                Some(w) => {
                    v["reason"] = json!("repetition_warning");
                    json!({
                        "zh-Hans": w.explanation.zh_hans,
                        "zh-Hant": w.explanation.zh_hant,
                        "en": w.explanation.en,
                    })
                }
                None => json!({
                    "zh-Hans": "对局继续。",
                    "zh-Hant": "對局繼續。",
                    "en": "Play goes on.",
                }),
            };
            v
        }
    }
}
