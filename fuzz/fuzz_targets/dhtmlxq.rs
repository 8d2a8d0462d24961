//! Any text as DhtmlXQ blocks: no panic, no hang; every game read is written back and read to
//! the same record.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu::formats::{read_dhtmlxq, write_dhtmlxq};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for read in read_dhtmlxq(&text).into_iter().flatten() {
        let written = write_dhtmlxq(&read.game);
        let back = read_dhtmlxq(&written.text);
        let game = &back[0].as_ref().expect("written DhtmlXQ reads back").game;
        assert!(game.same_record(&read.game));
    }
});
