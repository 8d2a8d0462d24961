//! Reading speed of move notation over the CCPD archive (35,119 real games, traditional
//! Chinese): `cargo bench --bench notation_read`. Prints moves per second for reading (text to
//! legal move), reading plus playing, the whole PGN reader, and writing.

use std::time::Instant;

use qipu::notation::{read_move, write_move, Notation, WriteOptions};
use qipu::rules::{Move, Position};

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/notation/records.rs"]
mod records;

fn main() {
    let start = Instant::now();
    let files = records::read_tar_xz_big5(&common::shared_path("corpus/ccpd-dev.tar.xz"));
    let unpacked = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let mut malformed = 0;
    // Every game with a valid start, as (file name, start position, move texts).
    let games: Vec<(&str, Position, Vec<String>)> = files
        .iter()
        .flat_map(|f| {
            let (text, bad) = f.big5_text();
            malformed += usize::from(bad);
            records::split_games(&text)
                .into_iter()
                .map(|g| (f.name.as_str(), g))
                .collect::<Vec<_>>()
        })
        .filter_map(|(name, g)| {
            let pos = Position::from_fen(g.tag("FEN")?).ok()?;
            Some((name, pos, g.moves))
        })
        .collect();
    let split = start.elapsed().as_secs_f64();

    // Read and play, keeping the positions and moves for the timed passes.
    let start = Instant::now();
    let mut plies: Vec<(Position, String, Move)> = Vec::new();
    let mut stopped = Vec::new();
    for (name, mut pos, texts) in games {
        for text in texts {
            let Ok(mv) = read_move(&pos, &text, Some(Notation::ChineseTraditional)) else {
                stopped.push(name);
                break;
            };
            let Ok(next) = pos.play(mv) else {
                stopped.push(name);
                break;
            };
            plies.push((pos, text, mv));
            pos = next;
        }
    }
    let read_and_play = start.elapsed().as_secs_f64();
    let n = plies.len() as f64;

    let start = Instant::now();
    let mut agree = 0usize;
    for (pos, text, mv) in &plies {
        if read_move(pos, text, Some(Notation::ChineseTraditional)) == Ok(*mv) {
            agree += 1;
        }
    }
    let read = start.elapsed().as_secs_f64();

    let start = Instant::now();
    let mut detected = 0usize;
    for (pos, text, mv) in &plies {
        if read_move(pos, text, None) == Ok(*mv) {
            detected += 1;
        }
    }
    let read_auto = start.elapsed().as_secs_f64();

    // The whole PGN reader (encoding detection, tags, movetext, game tree) over every file.
    let start = Instant::now();
    let mut pgn_moves = 0usize;
    for file in &files {
        for game in qipu::formats::read_pgn(&file.bytes).games.iter().flatten() {
            pgn_moves += game.move_count();
        }
    }
    let pgn = start.elapsed().as_secs_f64();

    let options = WriteOptions::default();
    let start = Instant::now();
    let mut bytes = 0usize;
    for (pos, _, mv) in &plies {
        bytes += write_move(pos, *mv, Notation::ChineseTraditional, &options).len();
    }
    let write = start.elapsed().as_secs_f64();

    let start = Instant::now();
    let mut generated = 0usize;
    for (pos, _, _) in &plies {
        generated += pos.legal_moves().len();
    }
    let generate = start.elapsed().as_secs_f64();

    println!(
        "CCPD archive: {} files ({malformed} not valid BIG5), unpacked in {unpacked:.2} s, split in {split:.2} s",
        files.len()
    );
    println!(
        "{} plies read ({agree} again, {detected} with detection); games stopping early: {stopped:?}",
        plies.len()
    );
    let rate = |s: f64| n / s.max(1e-9) / 1e6;
    println!(
        "read + play (zh-hant):     {:.2} M moves/s",
        rate(read_and_play)
    );
    println!("read (zh-hant):            {:.2} M moves/s", rate(read));
    println!(
        "read (notation detected):  {:.2} M moves/s",
        rate(read_auto)
    );
    println!(
        "PGN files read whole:      {:.2} M moves/s ({pgn_moves} moves in {pgn:.2} s)",
        pgn_moves as f64 / pgn.max(1e-9) / 1e6
    );
    println!(
        "write (zh-hant):           {:.2} M moves/s ({bytes} bytes)",
        rate(write)
    );
    println!(
        "legal-move generation:     {:.2} M positions/s ({generated} moves)",
        rate(generate)
    );
}
