//! Any text as FEN: no panic; an accepted position writes a FEN that reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu::rules::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = Position::from_fen(text) {
        let fen = pos.to_fen();
        let back = Position::from_fen(&fen).expect("a written FEN reads back");
        assert_eq!(back, pos, "{fen}");
    }
});
