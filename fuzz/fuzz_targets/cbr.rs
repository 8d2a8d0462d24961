//! Any bytes as a 象棋桥 CBR record and as a CBL library: no panic, no hang; every game read
//! is written as XQF and read back to the same record when XQF holds all of it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu::formats::{read_cbl, read_cbr, read_xqf, write_xqf};
use qipu::record::Game;

fn round_trip(game: &Game) {
    let written = write_xqf(game).expect("a legal position fits XQF");
    let back = read_xqf(&written.bytes).expect("written XQF reads back");
    if written.losses.is_empty() {
        assert!(back.game.same_record(game));
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(read) = read_cbr(data) {
        round_trip(&read.game);
    }
    if let Ok(library) = read_cbl(data) {
        for read in library.games.iter().flatten() {
            round_trip(&read.game);
        }
    }
});
