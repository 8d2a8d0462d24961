//! The transposition table: what the search found about a position (by Zobrist hash), kept
//! in a table whose size is the `Hash` option in megabytes, shared by every thread of a
//! search (Lazy SMP).
//!
//! Each slot is two atomic words: the entry's data, and its key XORed with the data. Threads
//! read and write the words without a lock; a slot one thread reads while another writes it
//! may hold one word of each entry, and then the key read back (the first word XORed with the
//! second) is not the key probed, so the torn slot reads as a miss — never as another
//! position's entry (the lockless hashing of Hyatt and Mann, 2002).

use std::sync::atomic::{AtomicU64, Ordering};

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

/// An entry's fields, packed in one word by [`Entry::pack`].
#[derive(Clone, Copy, Default)]
struct Entry {
    mv: MoveCode,
    score: i16,
    depth: i8,
    /// Bound in the low two bits (0 empty), generation above.
    meta: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.depth as u8) << 32
            | u64::from(self.meta) << 40
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8 as i8,
            meta: (data >> 40) as u8,
        }
    }
}

/// One slot: the key XORed with the data, and the data.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// One probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: MoveCode,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A table of 16-byte slots, one entry each, replaced by depth and age.
pub(crate) struct Table {
    slots: Vec<Slot>,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MB (at least one).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        Table {
            slots: (0..count.max(1024)).map(|_| Slot::default()).collect(),
            generation: 0,
        }
    }

    /// Forget everything (a new game).
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
        self.generation = 0;
    }

    /// Start a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> &Slot {
        &self.slots[((u128::from(key) * self.slots.len() as u128) >> 64) as usize]
    }

    /// The entry of `slot` if it is `key`'s (a slot torn by two threads writing it at once
    /// is not: its check word does not give the key back).
    #[inline(always)]
    fn read(slot: &Slot, key: u64) -> Option<Entry> {
        let check = slot.check.load(Ordering::Relaxed);
        let data = slot.data.load(Ordering::Relaxed);
        (check ^ data == key).then(|| Entry::unpack(data))
    }

    /// What is known about the position with hash `key`, its score adjusted to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = Self::read(self.slot(key), key)?;
        let bound = match e.meta & 3 {
            0 => return None,
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
    pub fn store(&self, key: u64, mv: MoveCode, score: i32, depth: i32, bound: Bound, ply: usize) {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let held = Entry::unpack(data);
        let same = slot.check.load(Ordering::Relaxed) ^ data == key;
        let old = held.meta >> 2 != self.generation;
        if !same && !old && held.meta & 3 != 0 && i32::from(held.depth) > depth + 2 {
            return;
        }
        let mv = if mv == 0 && same { held.mv } else { mv };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = Entry {
            mv,
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            meta: (self.generation << 2) | b,
        }
        .pack();
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// Per mille of a sample of slots used in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .map(|s| Entry::unpack(s.data.load(Ordering::Relaxed)).meta)
            .filter(|&meta| meta & 3 != 0 && meta >> 2 == self.generation)
            .count();
        (used * 1000 / sample) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_packs_and_unpacks_unchanged() {
        let e = Entry {
            mv: 0xabcd,
            score: -31_000,
            depth: -1,
            meta: 0xfe,
        };
        let back = Entry::unpack(e.pack());
        assert_eq!(
            (back.mv, back.score, back.depth, back.meta),
            (0xabcd, -31_000, -1, 0xfe)
        );
    }

    #[test]
    fn a_stored_entry_is_found_and_a_torn_one_is_not() {
        let table = Table::new(1);
        let key = 0x1234_5678_9abc_def0;
        table.store(key, 77, -250, 6, Bound::Lower, 0);
        let hit = table.probe(key, 0).expect("the entry just stored");
        assert_eq!((hit.mv, hit.score, hit.depth), (77, -250, 6));
        assert_eq!(hit.bound, Bound::Lower);
        // Another position's data under this key's check word, as two threads writing the
        // slot at once could leave it: not read as this position's entry.
        let slot = table.slot(key);
        let other = Entry {
            mv: 5,
            score: 900,
            depth: 20,
            meta: 1,
        }
        .pack();
        slot.data.store(other, Ordering::Relaxed);
        assert!(table.probe(key, 0).is_none());
    }
}
