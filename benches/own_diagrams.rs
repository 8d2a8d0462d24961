//! `cargo bench --bench own_diagrams`: Qipu's own diagrams read back by `qipu::recognise`.
//! Random legal positions are drawn as PNG pictures 200–1200 pixels wide
//! (`QIPU_OWN_PNG`, 1,000 by default), as SVG rendered by librsvg (`QIPU_OWN_SVG`, 100) and as
//! PDF pages rendered by poppler (`QIPU_OWN_PDF`, 100); for each kind the boards read back
//! exactly out of how many are printed, with every board misread. A measurement, not a test:
//! nothing is asserted.

use std::thread;

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/recognise/read_back.rs"]
mod read_back;

use read_back::Tally;

/// The count in the environment variable `name`, else `default`.
fn count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A kind of picture read back: its pictures from a seed, how many.
type ReadBack = fn(u64, usize) -> Tally;

/// `read` over `total` pictures, split between the machine's cores (one seed each).
fn spread(total: usize, seed: u64, read: ReadBack) -> Tally {
    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    let parts: Vec<Tally> = thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let share = total / threads + usize::from(k < total % threads);
                let seed = seed.wrapping_mul(k as u64 + 1) | 1;
                scope.spawn(move || read(seed, share))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a reading thread"))
            .collect()
    });
    Tally {
        count: parts.iter().map(|t| t.count).sum(),
        failures: parts.into_iter().flat_map(|t| t.failures).collect(),
    }
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is taken.
    let kinds: [(&str, usize, u64, ReadBack); 3] = [
        (
            "PNG 200-1200 px",
            count("QIPU_OWN_PNG", 1000),
            0x2545_F491_4F6C_DD1D,
            read_back::png,
        ),
        (
            "SVG by librsvg",
            count("QIPU_OWN_SVG", 100),
            0x9E6C_63D0_676A_9A99,
            read_back::svg,
        ),
        (
            "PDF by poppler",
            count("QIPU_OWN_PDF", 100),
            0xB492_B66F_BE98_F273,
            read_back::pdf,
        ),
    ];
    for (name, total, seed, read) in kinds {
        if total > 0 {
            println!("{name}: {}", spread(total, seed, read));
        }
    }
}
