//! Any bytes as an XQF file: no panic, no hang; a tree read goes through JSON unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qipu::formats::{read_json, read_xqf, write_json};

fuzz_target!(|data: &[u8]| {
    if let Ok(record) = read_xqf(data) {
        let back = read_json(&write_json(&record.game)).expect("JSON reads back");
        assert!(record.game.same_record(&back));
    }
});
