//! `qipu db bench DB [--games N] [--queries N]`: fill the database to N games (a million by
//! default) and time position searches and opening trees on it.
//!
//! The games added are generated from the real ones already in the database: a stored game's
//! main line is cut at a random ply from 4 to 30 and continued with random legal moves (40 to
//! 100 more plies, or to mate or stalemate), under generated names and a random result. They
//! are imported as the real ones are, every move checked. The query positions are taken from
//! the stored games at random plies (0 to 40); the figures are the median, 90th percentile and
//! largest time of a search (the first 100 games) and of a tree, in milliseconds.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::db::{progress_line, Location};
use super::CliError;
use crate::database::{Database, ImportEvent, ImportOptions, SearchQuery, Source};
use crate::ending::Outcome;
use crate::formats::write_json_games;
use crate::record::{Game, TagKey};
use crate::rules::{Move, Position};

/// A small fast generator (splitmix64): the bench is repeatable from its seed.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Generated games in one chunk, made when a reading thread asks for its bytes.
struct Generated {
    name: String,
    seed: u64,
    count: usize,
    openings: std::sync::Arc<Vec<(Position, Vec<Move>)>>,
}

impl Generated {
    fn game(&self, rng: &mut Random, n: usize) -> Game {
        let (start, line) = &self.openings[rng.below(self.openings.len())];
        let cut = (4 + rng.below(27)).min(line.len());
        let mut game = Game::new(start.clone());
        let mut at = game.root();
        for &mv in &line[..cut] {
            match game.play(at, mv) {
                Ok(next) => at = next,
                Err(_) => break,
            }
        }
        for _ in 0..40 + rng.below(61) {
            let moves = game.position(at).legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            match game.play(at, mv) {
                Ok(next) => at = next,
                Err(_) => break,
            }
        }
        let tags = game.tags_mut();
        tags.set(TagKey::Event, format!("生成赛{}", n % 97));
        tags.set(TagKey::Red, format!("棋手{}", rng.below(5000)));
        tags.set(TagKey::Black, format!("棋手{}", rng.below(5000)));
        let result = [Outcome::RedWins, Outcome::Draw, Outcome::BlackWins][rng.below(3)];
        game.set_result(Some(result));
        game
    }
}

impl Source for Generated {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn size(&self) -> u64 {
        self.count as u64
    }
    fn read(&self) -> std::io::Result<Vec<u8>> {
        let mut rng = Random(self.seed);
        let games: Vec<Game> = (0..self.count).map(|i| self.game(&mut rng, i)).collect();
        Ok(write_json_games(&games).into_bytes())
    }
}

fn milliseconds(mut times: Vec<f64>) -> String {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    format!(
        "median {:.2} ms, p90 {:.2} ms, max {:.2} ms",
        at(0.5),
        at(0.9),
        at(1.0)
    )
}

/// `qipu db bench`.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    #[command(flatten)]
    location: Location,
    /// Fill the database with generated games up to N (1,000,000)
    #[arg(long, value_name = "N")]
    games: Option<String>,
    /// Searches timed (200)
    #[arg(long, value_name = "N")]
    queries: Option<String>,
}

/// Run the bench.
pub fn run(args: BenchArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let number = |v: Option<&str>, default: u64| -> Result<u64, CliError> {
        v.map_or(Ok(default), |t| {
            t.parse()
                .map_err(|_| CliError::Usage(format!("'{t}' is not a number")))
        })
    };
    let target = number(args.games.as_deref(), 1_000_000)?;
    let queries = number(args.queries.as_deref(), 200)?.max(1) as usize;
    let location = args.location.get()?;
    let mut db = Database::open(location)?;
    let stats = db.stats()?;
    if stats.games == 0 {
        return Err(CliError::Failed(
            "the database is empty: import real games first (qipu db import DB PATH...)".to_owned(),
        ));
    }
    let mut rng = Random(0x5149_5055);
    let sample = db.search(&SearchQuery {
        limit: Some(5000),
        ..SearchQuery::default()
    })?;
    let mut openings = Vec::with_capacity(sample.len());
    for found in &sample {
        let game = db.game(found.id)?;
        let moves: Vec<Move> = game
            .main_line()
            .iter()
            .filter_map(|&n| game.move_of(n))
            .collect();
        openings.push((game.start().clone(), moves));
    }
    let openings = std::sync::Arc::new(openings);
    if stats.games < target {
        let missing = (target - stats.games) as usize;
        const CHUNK: usize = 1000;
        let sources: Vec<Box<dyn Source>> = (0..missing.div_ceil(CHUNK))
            .map(|i| {
                Box::new(Generated {
                    name: format!("generated/{}-{i}", stats.games),
                    seed: stats.games ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D),
                    count: CHUNK.min(missing - i * CHUNK),
                    openings: openings.clone(),
                }) as Box<dyn Source>
            })
            .collect();
        writeln!(err, "generating and importing {missing} games")?;
        let started = Instant::now();
        let mut last = Instant::now();
        let report = db.import(
            &sources,
            &ImportOptions {
                batch_games: 10_000,
                ..ImportOptions::default()
            },
            &mut |e| {
                if let ImportEvent::Progress(p) = e {
                    if last.elapsed().as_secs() >= 10 {
                        last = Instant::now();
                        let _ = writeln!(err, "{}", progress_line(&p));
                    }
                }
            },
            &AtomicBool::new(false),
        )?;
        writeln!(
            out,
            "generated {} games ({} duplicates) in {:.1} s: {:.0} games/min",
            report.new,
            report.duplicates,
            started.elapsed().as_secs_f64(),
            report.games as f64 * 60.0 / started.elapsed().as_secs_f64()
        )?;
    }
    let stats = db.stats()?;
    writeln!(
        out,
        "database: games {}, positions {}, bytes {}",
        stats.games, stats.positions, stats.bytes
    )?;
    let mut positions = vec![Position::startpos()];
    while positions.len() < queries {
        let (start, line) = &openings[rng.below(openings.len())];
        let ply = rng.below(41).min(line.len());
        let mut p = start.clone();
        for &mv in &line[..ply] {
            match p.play(mv) {
                Ok(next) => p = next,
                Err(_) => break,
            }
        }
        positions.push(p);
    }
    let (mut search_ms, mut tree_ms) = (Vec::new(), Vec::new());
    let (mut found_total, mut moves_total) = (0, 0);
    for p in &positions {
        let started = Instant::now();
        let found = db.search(&SearchQuery {
            position: Some(p.clone()),
            limit: Some(100),
            ..SearchQuery::default()
        })?;
        search_ms.push(started.elapsed().as_secs_f64() * 1e3);
        found_total += found.len();
        let started = Instant::now();
        let tree = db.tree(p)?;
        tree_ms.push(started.elapsed().as_secs_f64() * 1e3);
        moves_total += tree.len();
    }
    let started = Instant::now();
    let start_tree = db.tree(&Position::startpos())?;
    let start_ms = started.elapsed().as_secs_f64() * 1e3;
    writeln!(
        out,
        "position search ({} positions, {} games listed): {}",
        positions.len(),
        found_total,
        milliseconds(search_ms)
    )?;
    writeln!(
        out,
        "opening tree ({} positions, {} moves): {}",
        positions.len(),
        moves_total,
        milliseconds(tree_ms)
    )?;
    writeln!(
        out,
        "tree of the start position: {} moves, {} games, {:.2} ms",
        start_tree.len(),
        start_tree.iter().map(|m| m.games).sum::<u64>(),
        start_ms
    )?;
    Ok(())
}
