//! The referee's fast path changes nothing: on the main line of every game of the CCPD archive
//! (read straight from `ccpd-dev.tar.xz`), the rulings counted by kind are those recorded in
//! `tests/data/referee-ccpd-rulings.tsv` (main's referee's before the fast path, with the command
//! that made them and every ruling made right since, by article), under CXA 1999 and the Asian
//! rules; a digest of every game's ruling (kind, ply, side) and of the characters of every move
//! of every 40th game pins down more than the counts.

use crate::common;

use std::collections::BTreeMap;
use std::hash::Hasher;
use std::io::Read;

use common::shared_path;
use qipu::formats::read_pgn;
use qipu::referee::{Referee, RuleSet, Tally};
use qipu::rules::{Move, Position};

fn archive_games() -> Vec<(Position, Vec<Move>)> {
    let packed = std::fs::read(shared_path("corpus/ccpd-dev.tar.xz")).expect("the archive");
    let mut tar = Vec::new();
    lzma_rs::xz_decompress(&mut packed.as_slice(), &mut tar).expect("the archive is valid xz");
    let mut archive = tar::Archive::new(tar.as_slice());
    let mut games = Vec::new();
    for entry in archive.entries().expect("a tar archive") {
        let mut entry = entry.expect("a tar entry");
        let name = entry.path().expect("a name").to_string_lossy().into_owned();
        if !name.to_ascii_lowercase().ends_with(".pgn") {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).expect("entry bytes");
        for game in read_pgn(&bytes).games.into_iter().flatten() {
            // The games as recorded: a start only a diagram shows (開局/00000242.pgn, read with
            // a warning since) was refused by the reader then.
            if !game.start().diagram_warnings().is_empty() {
                continue;
            }
            let moves = game
                .main_line()
                .into_iter()
                .filter_map(|n| game.move_of(n))
                .collect();
            games.push((game.start().clone(), moves));
        }
    }
    games
}

/// The recorded counts and digests: rules → kind → value.
fn recorded() -> BTreeMap<String, BTreeMap<String, String>> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/referee-ccpd-rulings.tsv"),
    )
    .expect("the recorded counts");
    let mut out: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        out.entry(cols[0].to_owned())
            .or_default()
            .insert(cols[1].to_owned(), cols[2].to_owned());
    }
    out
}

/// Tally, digest of the rulings, digest of the characters of every 40th game.
fn judge_all(games: &[(Position, Vec<Move>)], rules: RuleSet) -> (Tally, u64, u64) {
    let referee = Referee::new(rules);
    let halves: Vec<(Tally, Vec<String>, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|half| {
                s.spawn(move || {
                    let mut tally = Tally::default();
                    let (mut rulings, mut characters) = (Vec::new(), Vec::new());
                    for (i, (start, moves)) in games.iter().enumerate() {
                        if i % 2 != half {
                            continue;
                        }
                        tally.add(&referee, start, moves);
                        let j = referee.judge(start, moves);
                        rulings.push(match j.ruling {
                            Some(r) => format!("{i} {} {} {:?}", r.reason_name(), r.ply, r.side),
                            None => format!("{i} none"),
                        });
                        if i % 40 == 0 {
                            let mut watch = referee.watch(start);
                            for &mv in moves {
                                for c in watch.push(mv).characters {
                                    let targets: Vec<String> =
                                        c.targets.iter().map(|t| t.square.to_string()).collect();
                                    characters.push(format!(
                                        "{i} {} {} {}",
                                        c.ply,
                                        c.character.name(),
                                        targets.join(",")
                                    ));
                                }
                            }
                        }
                    }
                    (tally, rulings, characters)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("judging"))
            .collect()
    });
    let mut tally = Tally::default();
    let (mut rulings, mut characters) = (Vec::new(), Vec::new());
    for (t, r, c) in halves {
        tally.merge(&t);
        rulings.extend(r);
        characters.extend(c);
    }
    let digest = |mut lines: Vec<String>| {
        lines.sort();
        // FNV-1a: the same on every machine and Rust version.
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        for line in &lines {
            h.write(line.as_bytes());
            h.write(b"\n");
        }
        h.finish()
    };
    (tally, digest(rulings), digest(characters))
}

struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[test]
fn the_referee_rules_every_ccpd_game_as_before() {
    let games = archive_games();
    let recorded = recorded();
    for rules in [RuleSet::Cxa1999, RuleSet::Asian] {
        let (tally, rulings, characters) = judge_all(&games, rules);
        eprintln!(
            "{}\tdigest-rulings\t{rulings:016x}\n{}\tdigest-characters\t{characters:016x}",
            rules.name(),
            rules.name()
        );
        let expected = &recorded[rules.name()];
        for (kind, n) in tally.rows() {
            assert_eq!(
                expected.get(kind).map(String::as_str),
                Some(n.to_string().as_str()),
                "{}: {kind}",
                rules.name()
            );
        }
        assert_eq!(
            expected.get("digest-rulings"),
            Some(&format!("{rulings:016x}")),
            "{}: the ruling of some game changed",
            rules.name()
        );
        assert_eq!(
            expected.get("digest-characters"),
            Some(&format!("{characters:016x}")),
            "{}: the character of some move changed",
            rules.name()
        );
    }
}
