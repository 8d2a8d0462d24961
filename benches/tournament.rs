//! Speed of the Swiss pairing: `cargo bench --bench tournament`. Plays Swiss events of 100, 250
//! and 500 players for seven rounds with random results and prints the time each round took to
//! pair (the whole `pair_next`: records, score groups, the matching and the boards), with the
//! time to compute the standings once as the reference.

use std::time::Instant;

use qipu::tournament::event::{Event, EventSettings, Player, System};
use qipu::tournament::history::Rounds;
use qipu::tournament::standings::standings;
use qipu::tournament::systems::pair_next;
use qipu::tournament::{edit, BoardResult};

fn main() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % m
    };
    for players in [100usize, 250, 500] {
        let settings = EventSettings {
            system: System::Swiss,
            rounds: Some(7),
            ..EventSettings::default()
        };
        let mut e = Event::new("bench", settings);
        for i in 0..players {
            e.players.push(Player {
                rating: Some(1400 + next(1200) as u32),
                ..Player::named(&format!("p{i}"))
            });
        }
        let mut times = Vec::new();
        for round in 1..=7u32 {
            let start = Instant::now();
            e = pair_next(&e).expect("a pairing exists");
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            for b in e.rounds.last().map(|r| r.missing()).unwrap_or_default() {
                let r = match next(10) {
                    0..=3 => BoardResult::RedWins,
                    4..=6 => BoardResult::BlackWins,
                    _ => BoardResult::Draw,
                };
                e = edit::set_result(&e, round, b, r, None).expect("board exists");
            }
        }
        let start = Instant::now();
        let table = standings(&e, Rounds::All, None);
        let reference = start.elapsed().as_secs_f64() * 1000.0;
        let worst = times.iter().cloned().fold(0.0, f64::max);
        println!(
            "{players} players: pairing ms per round {:?}; worst {worst:.1} ms; standings {reference:.1} ms ({} lines); worst pairing / standings = {:.1}",
            times.iter().map(|t| (t * 10.0).round() / 10.0).collect::<Vec<_>>(),
            table.len(),
            worst / reference.max(1e-9)
        );
    }
}
