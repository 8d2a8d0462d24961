//! The transposition table: what the search found about a position (by Zobrist hash), kept
//! in a table whose size is the `Hash` option in megabytes.

use super::score::{from_tt, to_tt};
use super::MoveCode;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: MoveCode,
    score: i16,
    depth: i8,
    /// Bound in the low two bits (0 empty), generation above.
    meta: u8,
}

/// One probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: MoveCode,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A table of 16-byte entries, one per slot, replaced by depth and age.
pub(crate) struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MB (at least one).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<Entry>();
        Table {
            entries: vec![Entry::default(); count.max(1024)],
            generation: 0,
        }
    }

    /// Forget everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Start a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> usize {
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// What is known about the position with hash `key`, its score adjusted to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = self.entries[self.slot(key)];
        if e.key != key || e.meta & 3 == 0 {
            return None;
        }
        let bound = match e.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: e.mv,
            score: from_tt(i32::from(e.score), ply),
            depth: i32::from(e.depth),
            bound,
        })
    }

    /// Keep what the search found about `key`.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        mv: MoveCode,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let slot = self.slot(key);
        let e = &mut self.entries[slot];
        let same = e.key == key;
        let old = e.meta >> 2 != self.generation;
        if !same && !old && e.meta & 3 != 0 && i32::from(e.depth) > depth + 2 {
            return;
        }
        let mv = if mv == 0 && same { e.mv } else { mv };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        *e = Entry {
            key,
            mv,
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            meta: (self.generation << 2) | b,
        };
    }

    /// Per mille of a sample of slots used in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.meta & 3 != 0 && e.meta >> 2 == self.generation)
            .count();
        (used * 1000 / sample) as u32
    }
}
