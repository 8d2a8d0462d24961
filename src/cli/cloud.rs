//! `qipu cloud FEN|FILE [--ply N] [--rules cxa1999|axf] [--json] [--pv | --score]
//! [--server URL] [--no-cache | --cache FILE]`: the cloud database's moves for a position
//! ([`crate::cloud`]).
//!
//! The position is the FEN given, or the one after ply N of a record FILE's main line (the last
//! by default; the first game of the file), as `qipu diagram` reads them. With a record, the
//! moves that would be a forbidden repetition in the game (under `--rules`, or the game's
//! `[Rules]` tag, or CXA 1999) are marked and the cloud is asked again without them.
//!
//! The output starts with `source: cloud` or `source: cache (asked … ago)`, then one line a
//! move, `MOVE<TAB>SCORE<TAB>RANK<TAB>WINRATE<TAB>NOTE`, best first (`-` where the cloud gives
//! none; a forbidden move last, with a sixth column `forbidden`). `--pv` prints
//! `score N<TAB>depth D<TAB>pv M1 M2 …` instead, `--score` prints `score N`. With `--json`, one
//! object: `{"fen", "source": "cloud"|"cache", "moves": [{"move", "score", "rank", "winrate",
//! "note", "forbidden"}]}` (or `"score", "depth", "pv"` with `--pv`, `"score"` with `--score`),
//! or `{"fen", "error"}` when the cloud gives no answer (the error's
//! [`key`](crate::cloud::CloudError::key)), with exit status one. Scores are centipawns from the
//! side to move. Answers are kept in the cache ([`default_cache_path`], or `--cache FILE`;
//! `--no-cache` neither reads nor writes it).

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use serde::Serialize;

use super::open::open_games;
use super::CliError;
use crate::cloud::{
    default_cache_path, ChessDb, ClientSettings, Cloud, CloudCache, Fetched, Line, Source,
    DEFAULT_SERVER,
};
use crate::referee::RuleSet;
use crate::rules::{Move, Position};

/// `qipu cloud`.
#[derive(Debug, clap::Args)]
pub struct CloudArgs {
    /// The position: a FEN, or a record file (the end of its first game's main line)
    #[arg(value_name = "FEN|FILE")]
    input: String,
    /// With a file: the position after this ply of the main line
    #[arg(long, value_name = "N")]
    ply: Option<String>,
    /// The rule set judging the repetitions the moves would make: cxa1999 or axf
    #[arg(long, value_name = "cxa1999|axf")]
    rules: Option<String>,
    /// One JSON object instead of lines
    #[arg(long)]
    json: bool,
    /// The principal line instead of the moves
    #[arg(long, conflicts_with = "score")]
    pv: bool,
    /// The score alone instead of the moves
    #[arg(long)]
    score: bool,
    /// Another server or mirror than chessdb.cn
    #[arg(long, value_name = "URL")]
    server: Option<String>,
    /// Ask without the cache of answers
    #[arg(long, conflicts_with = "cache")]
    no_cache: bool,
    /// The cache file to use instead of the default one
    #[arg(long, value_name = "FILE")]
    cache: Option<String>,
}

/// What to ask.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ask {
    Moves,
    Pv,
    Score,
}

/// One move as `--json` writes it.
#[derive(Serialize)]
struct JsonMove {
    #[serde(rename = "move")]
    mv: String,
    score: Option<i32>,
    rank: u8,
    winrate: Option<f64>,
    note: String,
    forbidden: bool,
}

/// The answer as `--json` writes it.
#[derive(Serialize)]
struct JsonAnswer {
    fen: String,
    source: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<JsonMove>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pv: Option<Vec<String>>,
}

/// No answer, as `--json` writes it.
#[derive(Serialize)]
struct JsonError<'a> {
    fen: String,
    error: &'a str,
}

/// Run the subcommand.
pub fn run(args: CloudArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let usage = CliError::Usage;
    let json = args.json;
    let ask = match (args.pv, args.score) {
        (true, _) => Ask::Pv,
        (false, true) => Ask::Score,
        (false, false) => Ask::Moves,
    };
    let ply: Option<usize> = match args.ply.as_deref() {
        Some(v) => Some(
            v.parse()
                .map_err(|_| usage(format!("--ply needs a number, got '{v}'")))?,
        ),
        None => None,
    };
    let rules = args
        .rules
        .as_deref()
        .map(|name| name.parse::<RuleSet>().map_err(|e| usage(e.to_string())))
        .transpose()?;
    let server = args.server.as_deref().unwrap_or(DEFAULT_SERVER);
    let no_cache = args.no_cache;
    let cache_file = args.cache.as_deref();
    let input = args.input.as_str();
    let line = read_line(input, ply, rules, err)?;
    let client = ChessDb::new(ClientSettings {
        server: server.to_owned(),
        ..ClientSettings::default()
    })
    .map_err(|e| usage(e.to_string()))?;
    let mut cloud = Cloud::new(Box::new(client));
    let cache_path = match cache_file {
        Some(file) => Some(Path::new(file).to_owned()),
        None if no_cache => None,
        None => default_cache_path(),
    };
    if let Some(path) = cache_path {
        match CloudCache::open(&path) {
            Ok(cache) => cloud = cloud.with_cache(cache),
            Err(e) => writeln!(err, "qipu: {e}; going on without the cache")?,
        }
    }
    // Running the command is the user's consent to ask the cloud.
    cloud.enable(true);
    let fen = line.end().to_fen();
    let answer = match ask {
        Ask::Moves => cloud.moves(&line).map(|f| moves_answer(f, &fen)),
        Ask::Pv => cloud.pv(&line).map(|f| {
            let source = f.source;
            let pv = f.value;
            Output {
                source,
                json: JsonAnswer {
                    score: Some(pv.score),
                    depth: Some(pv.depth),
                    pv: Some(pv.moves.iter().map(Move::to_string).collect()),
                    ..JsonAnswer::empty(&fen, source)
                },
            }
        }),
        Ask::Score => cloud.score(&line).map(|f| Output {
            source: f.source,
            json: JsonAnswer {
                score: Some(f.value),
                ..JsonAnswer::empty(&fen, f.source)
            },
        }),
    };
    match answer {
        Ok(output) if json => {
            let text =
                serde_json::to_string(&output.json).map_err(|e| CliError::Failed(e.to_string()))?;
            writeln!(out, "{text}")?;
            Ok(())
        }
        Ok(output) => write_text(&output, out),
        Err(e) => {
            if json {
                let text = serde_json::to_string(&JsonError {
                    fen,
                    error: e.key(),
                })
                .map_err(|e| CliError::Failed(e.to_string()))?;
                writeln!(out, "{text}")?;
            }
            Err(CliError::Failed(e.to_string()))
        }
    }
}

/// An answer ready to print.
struct Output {
    source: Source,
    json: JsonAnswer,
}

impl JsonAnswer {
    fn empty(fen: &str, source: Source) -> JsonAnswer {
        JsonAnswer {
            fen: fen.to_owned(),
            source: match source {
                Source::Cloud => "cloud",
                Source::Cache { .. } => "cache",
            },
            moves: None,
            score: None,
            depth: None,
            pv: None,
        }
    }
}

fn moves_answer(fetched: Fetched<Vec<crate::cloud::ShownMove>>, fen: &str) -> Output {
    let moves = fetched
        .value
        .iter()
        .map(|m| JsonMove {
            mv: m.cloud.mv.to_string(),
            score: m.cloud.score,
            rank: m.cloud.rank.number(),
            winrate: m.cloud.winrate,
            note: m.cloud.note.clone(),
            forbidden: m.forbidden,
        })
        .collect();
    Output {
        source: fetched.source,
        json: JsonAnswer {
            moves: Some(moves),
            ..JsonAnswer::empty(fen, fetched.source)
        },
    }
}

/// The text output: the source, then the moves, the line or the score.
fn write_text(output: &Output, out: &mut dyn Write) -> Result<(), CliError> {
    match output.source {
        Source::Cloud => writeln!(out, "source: cloud")?,
        Source::Cache { age } => writeln!(out, "source: cache (asked {} ago)", age_text(age))?,
    }
    let answer = &output.json;
    if let Some(moves) = &answer.moves {
        let or_dash = |v: Option<String>| v.unwrap_or_else(|| "-".to_owned());
        for m in moves {
            write!(
                out,
                "{}\t{}\t{}\t{}\t{}",
                m.mv,
                or_dash(m.score.map(|s| s.to_string())),
                m.rank,
                or_dash(m.winrate.map(|w| format!("{w:.2}"))),
                if m.note.is_empty() { "-" } else { &m.note }
            )?;
            if m.forbidden {
                write!(out, "\tforbidden")?;
            }
            writeln!(out)?;
        }
    } else if let (Some(score), Some(depth), Some(pv)) = (answer.score, answer.depth, &answer.pv) {
        writeln!(out, "score {score}\tdepth {depth}\tpv {}", pv.join(" "))?;
    } else if let Some(score) = answer.score {
        writeln!(out, "score {score}")?;
    }
    Ok(())
}

/// `45 s`, `12 min`, `5 h`, `3 d`.
fn age_text(age: Duration) -> String {
    let s = age.as_secs();
    match s {
        0..=59 => format!("{s} s"),
        60..=3_599 => format!("{} min", s / 60),
        3_600..=86_399 => format!("{} h", s / 3_600),
        _ => format!("{} d", s / 86_400),
    }
}

/// The line to the position asked: a FEN alone, or a record's main line up to `ply`.
fn read_line(
    input: &str,
    ply: Option<usize>,
    rules: Option<RuleSet>,
    err: &mut dyn Write,
) -> Result<Line, CliError> {
    if !Path::new(input).is_file() {
        if ply.is_some() {
            return Err(CliError::Usage(
                "--ply needs a record FILE, not a FEN".to_owned(),
            ));
        }
        let position = Position::from_fen(input).map_err(|e| {
            CliError::Usage(format!(
                "'{input}' is neither a record file nor a FEN ({e})"
            ))
        })?;
        return Ok(Line::position(position));
    }
    let game = open_games(input)?.first_game(input, err)?;
    let moves: Vec<Move> = game
        .main_line()
        .into_iter()
        .filter_map(|n| game.move_of(n))
        .collect();
    let ply = ply.unwrap_or(moves.len());
    if ply > moves.len() {
        return Err(CliError::Failed(format!(
            "{input}: --ply {ply} is beyond the main line ({} plies)",
            moves.len()
        )));
    }
    let rules = rules
        .or_else(|| RuleSet::of_game(&game))
        .unwrap_or_default();
    Line::new(game.start().clone(), moves[..ply].to_vec(), rules)
        .map_err(|e| CliError::Failed(format!("{input}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cloud::CloudError;

    #[test]
    fn ages_are_said_in_the_largest_unit() {
        assert_eq!(age_text(Duration::from_secs(45)), "45 s");
        assert_eq!(age_text(Duration::from_secs(12 * 60 + 5)), "12 min");
        assert_eq!(age_text(Duration::from_secs(5 * 3600)), "5 h");
        assert_eq!(age_text(Duration::from_secs(3 * 86_400 + 7)), "3 d");
    }

    #[test]
    fn an_error_is_written_as_its_key() {
        let e = CloudError::Unknown;
        let text = serde_json::to_string(&JsonError {
            fen: "x".into(),
            error: e.key(),
        })
        .expect("JSON");
        assert_eq!(text, r#"{"fen":"x","error":"unknown"}"#);
    }
}
