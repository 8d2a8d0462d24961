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
mod tests {
    use super::*;
    use crate::rules::{Move, Position};

    fn game(moves: &[&str], code: &str, name: &str) -> Game {
        let mut game = Game::new(Position::startpos());
        if !code.is_empty() {
            game.tags_mut().set(TagKey::Ecco, code);
        }
        if !name.is_empty() {
            game.tags_mut().set(TagKey::Opening, name);
        }
        let mut at = game.root();
        for iccs in moves {
            at = game.play(at, Move::parse_iccs(iccs).unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn a_line_is_named_only_for_the_moves_it_played() {
        const SCREEN: [&str; 4] = ["h2e2", "h9g7", "h0g2", "b9c7"];
        const LEFT_HORSE: [[&str; 4]; 2] = [
            ["h2e2", "h9g7", "c3c4", "i9h9"],
            ["h2e2", "h9g7", "b2c2", "h7i7"],
        ];
        let mut learner = Learner::new();
        // 中炮对屏风马 five times, one source calling it otherwise; 中炮对进左马 twice, going on
        // differently.
        for _ in 0..5 {
            learner.add(&game(&SCREEN, "C00", "中炮对屏风马"));
        }
        learner.add(&game(&SCREEN, "C01", "中炮"));
        for line in LEFT_HORSE {
            learner.add(&game(&line, "B05", "中炮对进左马"));
        }
        // Traditional text read elsewhere teaches the glyphs.
        let mut teacher = Game::new(Position::startpos());
        teacher.set_comment(teacher.root(), "中炮對屏風馬");
        assert!(!learner.add(&teacher), "no code, no vote");
        assert_eq!(learner.games(), 8);
        let table = learner.table(2);
        let found = table.classify(&game(&SCREEN, "", "")).unwrap();
        assert_eq!(found.code, "C00", "five votes against one");
        assert_eq!(found.ply, 4, "the last defining move");
        assert_eq!(found.name.as_deref(), Some("中炮对屏风马"));
        assert_eq!(found.name_traditional.as_deref(), Some("中炮對屏風馬"));
        // Two plies of the same line: most games went on to C00, but only B05's defining
        // moves have been played.
        let two = table.classify(&game(&SCREEN[..2], "", "")).unwrap();
        assert_eq!((two.code.as_str(), two.ply), ("B05", 2));
        // Another order of the same moves reaches the same code.
        let transposed = game(&["h2e2", "b9c7", "h0g2", "h9g7"], "", "");
        assert_eq!(table.classify(&transposed).unwrap().code, "C00");
        // And so does the mirror image, opened from Red's left.
        let mirrored = game(&["b2e2", "b9c7", "b0c2", "h9g7"], "", "");
        assert_eq!(table.classify(&mirrored).unwrap().code, "C00");
        assert_eq!(table.classify(&game(&[], "", "")), None);
        // The text form reads back as the same table.
        let text = table.write("test table");
        assert_eq!(EccoTable::parse(&text).unwrap(), table);
        // Agreement with tags, at two and four plies.
        let mut agreement = Agreement::default();
        agreement.count(&table, &game(&SCREEN, "C00", ""), 4);
        agreement.count(&table, &game(&SCREEN, "C00", ""), 2);
        agreement.count(&table, &game(&["g0e2"], "A10", ""), 1);
        assert_eq!(
            agreement,
            Agreement {
                games: 3,
                agreed: 1,
                unclassified: 1
            }
        );
    }

    #[test]
    fn a_code_alone_is_named_from_the_table() {
        let mut learner = Learner::new();
        for _ in 0..3 {
            learner.add(&game(&["g0e2", "h9g7"], "A13", "飞相对进左马"));
        }
        let table = learner.table(2);
        let found = table.opening_of(&game(&["g0e2"], "A13", "")).unwrap();
        assert_eq!(found.code, "A13");
        assert_eq!(found.name.as_deref(), Some("飞相对进左马"));
        assert_eq!(found.ply, 0);
        let named = table.opening_of(&game(&["g0e2"], "a13", "飛相局")).unwrap();
        assert_eq!(named.code, "A13");
        assert_eq!(named.name.as_deref(), Some("飞相局"));
        assert_eq!(named.name_traditional.as_deref(), Some("飛相局"));
        // Without a tag, the classification.
        let untagged = table.opening_of(&game(&["g0e2", "h9g7"], "", "")).unwrap();
        assert_eq!((untagged.code.as_str(), untagged.ply), ("A13", 2));
    }

    #[test]
    fn a_damaged_table_names_its_line() {
        let error = EccoTable::parse("# ok\nname\tC00\t甲\t甲\nline\th2e\tC00\t3\n").unwrap_err();
        assert_eq!(error.line, 3);
        assert!(EccoTable::parse("line\th2e2\tZ00\t1").is_err());
        assert!(EccoTable::parse("defines\tB05\trh2e2 xh9g7\t4").is_err());
    }

    #[test]
    fn the_shipped_table_reads() {
        let text = include_str!("../../assets/ecco/table.tsv");
        let table = EccoTable::parse(text).unwrap();
        assert!(table.len() > 100, "{} lines", table.len());
        assert_eq!(table.name("A13"), Some(("飞相对进左马", "飛相對進左馬")));
    }
}
