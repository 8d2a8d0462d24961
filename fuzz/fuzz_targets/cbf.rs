//! Any text as a 象棋桥 CBF (XML) record: no panic, no hang; a game read goes through DhtmlXQ
//! unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu::formats::{read_cbf, read_dhtmlxq, write_dhtmlxq};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(read) = read_cbf(&text) {
        let written = write_dhtmlxq(&read.game);
        let back = read_dhtmlxq(&written.text);
        let game = &back[0].as_ref().expect("written DhtmlXQ reads back").game;
        assert!(game.same_record(&read.game));
    }
});
