//! Speed of the referee: `cargo bench --bench referee`. Prints the time to judge the 152
//! published repetition cases under both rule sets, and to follow every ply of the CCPD archive
//! (35,119 real games) twice: whole lines at once (as `qipu judge --summary`: moves classified
//! only in repeating cycles), and with the incremental referee, which classifies each move as it
//! is played (check, mate threat, chase or idle) and looks for repetitions, the natural limit and
//! the other results of art. 4.

use std::time::Instant;

use qipu::notation::{read_move, Notation};
use qipu::referee::{Referee, RuleSet};
use qipu::rules::{Move, Position};

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/notation/records.rs"]
mod records;

fn cases() -> Vec<(Position, Vec<Move>)> {
    let text = std::fs::read_to_string(common::shared_path("data/referee/axf-cases.jsonl"))
        .expect("cases readable");
    text.lines()
        .filter_map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).ok()?;
            let fen = v["fen"].as_str()?.replace("[]", "");
            let moves = v["moves_to_third_occurrence"]
                .as_array()?
                .iter()
                .filter_map(|m| Move::parse_iccs(m.as_str()?))
                .collect();
            Some((Position::from_fen(&fen).ok()?, moves))
        })
        .collect()
}

fn main() {
    let cases = cases();
    for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
        let referee = Referee::new(rules);
        let start = Instant::now();
        let mut rulings = 0;
        let mut plies = 0;
        for (pos, moves) in &cases {
            plies += moves.len();
            rulings += usize::from(referee.judge(pos, moves).ruling.is_some());
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{}: {} cases ({plies} plies) judged in {:.1} ms, {:.3} ms per case, {rulings} rulings",
            rules.name(),
            cases.len(),
            seconds * 1e3,
            seconds * 1e3 / cases.len() as f64
        );
    }

    let files = records::read_tar_xz_big5(&common::shared_path("corpus/ccpd-dev.tar.xz"));
    let mut games: Vec<(Position, Vec<Move>)> = Vec::new();
    let mut malformed = 0;
    let mut stopped: Vec<&str> = Vec::new();
    for f in &files {
        let (text, bad) = f.big5_text();
        malformed += usize::from(bad);
        for g in records::split_games(&text) {
            let Some(mut pos) = g.tag("FEN").and_then(|fen| Position::from_fen(fen).ok()) else {
                continue;
            };
            let start = pos.clone();
            let mut moves = Vec::new();
            for text in &g.moves {
                let Ok(mv) = read_move(&pos, text, Some(Notation::ChineseTraditional)) else {
                    stopped.push(&f.name);
                    break;
                };
                let Ok(next) = pos.play(mv) else { break };
                moves.push(mv);
                pos = next;
            }
            games.push((start, moves));
        }
    }
    let plies: usize = games.iter().map(|(_, m)| m.len()).sum();
    println!(
        "CCPD: {} files ({malformed} with bad BIG5 bytes), {} games, {} cut short by an unreadable move",
        files.len(),
        games.len(),
        stopped.len()
    );
    for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
        // The whole line at once, as `qipu judge --summary` does: moves classified only in cycles.
        let referee = Referee::new(rules);
        let start = Instant::now();
        let mut tally = qipu::referee::Tally::default();
        for (pos, moves) in &games {
            tally.add(&referee, pos, moves);
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{}: CCPD {} games judged whole in {:.2} s, {:.2} µs per ply; {} checkmates, {} perpetual checks",
            rules.name(),
            games.len(),
            seconds,
            seconds * 1e6 / plies as f64,
            tally.count("checkmate"),
            tally.count("perpetual_check")
        );
    }
    for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
        // Move by move, as the window does: every move classified as it is played.
        let referee = Referee::new(rules);
        let start = Instant::now();
        let mut rulings = std::collections::BTreeMap::new();
        let mut warnings = 0usize;
        for (pos, moves) in &games {
            let mut watch = referee.watch(pos);
            let mut last = None;
            for &mv in moves {
                let j = watch.push(mv);
                warnings += usize::from(j.warning.is_some());
                last = j.ruling.map(|r| r.reason_name());
            }
            if let Some(reason) = last {
                *rulings.entry(reason).or_insert(0usize) += 1;
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{}: CCPD {} games, {plies} plies followed in {:.2} s, {:.1} µs per ply; {warnings} repetition warnings; final rulings {:?}",
            rules.name(),
            games.len(),
            seconds,
            seconds * 1e6 / plies as f64,
            rulings
        );
    }
}
