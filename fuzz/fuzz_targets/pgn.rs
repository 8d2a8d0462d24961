//! Any bytes as a PGN file: no panic, no hang; every game read writes back and reads the same
//! (except a comment of several lines holding `}`, which PGN cannot carry: its `}` becomes `｝`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu::formats::{read_pgn, read_pgn_text, write_pgn, PgnWriteOptions};
use qipu::notation::Script;

fuzz_target!(|data: &[u8]| {
    let file = read_pgn(data);
    let options = PgnWriteOptions::qipu(Script::Simplified);
    for game in file.games.into_iter().flatten() {
        let carries_brace = game.preorder().iter().any(|&n| {
            let a = game.annotation(n);
            [&a.comment, &a.comment_before]
                .iter()
                .any(|c| c.contains('}') && c.contains('\n'))
        });
        if carries_brace {
            continue;
        }
        let text = write_pgn(&game, &options);
        let back = read_pgn_text(&text)
            .next()
            .expect("a written game reads back")
            .unwrap_or_else(|e| panic!("written game does not read: {e}\n{text}"));
        assert!(game.same_record(&back), "round trip differs:\n{text}");
    }
});
