//! The ECCO table learnt from games that other programs tagged with `[ECCO]` (and `[Opening]`).
//! Each tagged game from the initial position, in the frame of [`Line`], counts:
//!
//! - a vote for its code on every line its first [`MAX_PLY`] moves begin with. A line followed
//!   by at least a given number of games takes the code most of them carry (between equal votes
//!   the lower code); a line shorter than that takes the code of the line it continues. Only the
//!   lines whose code differs from that of the line they continue are kept;
//! - for its code, every move it played in those plies: a code's defining moves are the moves
//!   that nearly all its games played ([`DEFINING_SHARE`]) in their first [`DEFINING_PLY`]
//!   plies, in any order;
//! - its `[Opening]` name: a code takes the name given to it most often. The traditional form of
//!   a name is written glyph by glyph, each simplified glyph becoming the traditional glyph that
//!   most often stands for it in the traditional texts read (the comments and tags of the games).

use std::collections::HashMap;

use super::line::{Line, SideMove};
use super::table::{Definition, EccoTable, MAX_PLY};
use crate::record::{Game, TagKey};

/// The share of a code's games that must have played a move for it to define the code.
pub const DEFINING_SHARE: f64 = 0.95;

/// The plies of a game whose moves may define its code: the shortest horizon the sources
/// tagged games by (the CCPD files are named by their first 15 plies).
pub const DEFINING_PLY: usize = 15;

/// Votes gathered from tagged games.
#[derive(Clone, Debug, Default)]
pub struct Learner {
    lines: HashMap<String, HashMap<String, u32>>,
    moves: HashMap<String, (u32, HashMap<SideMove, u32>)>,
    names: HashMap<String, HashMap<String, u32>>,
    glyphs: HashMap<char, HashMap<char, u32>>,
    games: usize,
}

/// How a table's codes agree with the `[ECCO]` tags of games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Games with a tag, from the initial position.
    pub games: usize,
    /// Those given the tag's code.
    pub agreed: usize,
    /// Those the table gave no code.
    pub unclassified: usize,
}

impl Agreement {
    /// Count the agreement of `table`'s code for the first `plies` moves of `game` with its
    /// tag; a game without a code tag or from another start is not counted.
    pub fn count(&mut self, table: &EccoTable, game: &Game, plies: usize) {
        let Some(tag) = tagged_code(game) else {
            return;
        };
        self.games += 1;
        match table.classify_plies(game, plies) {
            Some(found) if found.code == tag => self.agreed += 1,
            Some(_) => {}
            None => self.unclassified += 1,
        }
    }

    /// Add the counts of `other`.
    pub fn add(&mut self, other: Agreement) {
        self.games += other.games;
        self.agreed += other.agreed;
        self.unclassified += other.unclassified;
    }

    /// The share agreed, in percent.
    pub fn percent(&self) -> f64 {
        100.0 * self.agreed as f64 / self.games.max(1) as f64
    }
}

/// The game's `[ECCO]` code, when it is one and the game starts from the initial position.
fn tagged_code(game: &Game) -> Option<String> {
    let code = game.tags().get(&TagKey::Ecco)?.trim().to_ascii_uppercase();
    (super::is_code(&code) && Line::of_nodes(game, &[]).is_some()).then_some(code)
}

/// `text` in simplified glyphs.
pub(crate) fn simplified(text: &str) -> String {
    fast2s::convert(text)
}

impl Learner {
    /// Nothing learnt yet.
    pub fn new() -> Learner {
        Learner::default()
    }

    /// Learn from `game`: its line's votes and moves when it carries a code and starts from the
    /// initial position, its `[Opening]` name, and the traditional glyphs of its text. Returns
    /// whether it voted.
    pub fn add(&mut self, game: &Game) -> bool {
        for (_, value) in game.tags().iter() {
            self.read_glyphs(value);
        }
        for node in game.preorder() {
            self.read_glyphs(game.comment(node));
        }
        let Some(code) = tagged_code(game) else {
            return false;
        };
        let main = game.main_line();
        let Some(line) = Line::of_nodes(game, &main[..main.len().min(MAX_PLY)]) else {
            return false;
        };
        self.games += 1;
        let mut key = String::new();
        for mv in line.moves() {
            key.push_str(&mv.to_string());
            *self
                .lines
                .entry(key.clone())
                .or_default()
                .entry(code.clone())
                .or_default() += 1;
        }
        let (games, moves) = self.moves.entry(code.clone()).or_default();
        *games += 1;
        let mut seen: Vec<SideMove> = line.side_moves().take(DEFINING_PLY).collect();
        seen.sort();
        seen.dedup();
        for mv in seen {
            *moves.entry(mv).or_default() += 1;
        }
        if let Some(name) = game
            .tags()
            .get(&TagKey::Opening)
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            *self
                .names
                .entry(code)
                .or_default()
                .entry(simplified(name))
                .or_default() += 1;
        }
        true
    }

    /// Add the votes of `other`.
    pub fn merge(&mut self, other: Learner) {
        fn add<K: std::hash::Hash + Eq, V: std::hash::Hash + Eq>(
            into: &mut HashMap<K, HashMap<V, u32>>,
            from: HashMap<K, HashMap<V, u32>>,
        ) {
            for (key, votes) in from {
                let entry = into.entry(key).or_default();
                for (value, n) in votes {
                    *entry.entry(value).or_default() += n;
                }
            }
        }
        add(&mut self.lines, other.lines);
        add(&mut self.names, other.names);
        add(&mut self.glyphs, other.glyphs);
        for (code, (games, moves)) in other.moves {
            let entry = self.moves.entry(code).or_default();
            entry.0 += games;
            for (mv, n) in moves {
                *entry.1.entry(mv).or_default() += n;
            }
        }
        self.games += other.games;
    }

    /// Games that voted.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Count the traditional glyphs of `text` against their simplified forms.
    fn read_glyphs(&mut self, text: &str) {
        let mut buffer = [0; 4];
        for glyph in text.chars().filter(|c| !c.is_ascii()) {
            let simple = fast2s::convert(glyph.encode_utf8(&mut buffer));
            let mut chars = simple.chars();
            if let (Some(s), None) = (chars.next(), chars.next()) {
                if s != glyph {
                    *self.glyphs.entry(s).or_default().entry(glyph).or_default() += 1;
                }
            }
        }
    }

    /// `text` in traditional glyphs, as the texts read write them.
    pub fn traditional(&self, text: &str) -> String {
        text.chars()
            .map(|c| self.glyphs.get(&c).and_then(most).unwrap_or(c))
            .collect()
    }

    /// The table: the lines followed by at least `min_support` games whose code differs from
    /// that of the line they continue, every code's defining moves, and the names.
    pub fn table(&self, min_support: u32) -> EccoTable {
        let mut keys: Vec<&String> = self.lines.keys().collect();
        keys.sort_by_key(|k| (k.len(), k.as_str()));
        // The code each line takes: its own where enough games followed it, else its parent's.
        let mut taken: HashMap<&str, Option<String>> = HashMap::new();
        let mut table = EccoTable::default();
        for key in keys {
            let votes = &self.lines[key];
            let support: u32 = votes.values().sum();
            let parent = taken
                .get(&key[..key.len().saturating_sub(4)])
                .cloned()
                .flatten();
            let own = (support >= min_support).then(|| most(votes)).flatten();
            let code = own.or_else(|| parent.clone());
            if code.is_some() && code != parent {
                if let Some(code) = &code {
                    table.insert_line(key.clone(), code.clone(), support);
                }
            }
            taken.insert(key, code);
        }
        for (code, (games, moves)) in &self.moves {
            let needed = f64::from(*games) * DEFINING_SHARE;
            let mut defining: Vec<SideMove> = moves
                .iter()
                .filter(|(_, n)| f64::from(**n) >= needed)
                .map(|(mv, _)| *mv)
                .collect();
            defining.sort();
            table.insert_definition(
                code.clone(),
                Definition {
                    moves: defining,
                    support: *games,
                },
            );
        }
        for (code, names) in &self.names {
            if let Some(name) = most(names) {
                let traditional = self.traditional(&name);
                table.insert_name(code.clone(), name, traditional);
            }
        }
        table
    }
}

/// The key with the most votes (the lowest key between equals).
fn most<K: Clone + Ord>(votes: &HashMap<K, u32>) -> Option<K> {
    votes
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then_with(|| b.0.cmp(a.0)))
        .map(|(k, _)| k.clone())
}

#[cfg(test)]
mod tests {}
