//! The ECCO table learnt from games that other programs tagged with `[ECCO]` (and `[Opening]`):
//! every position of the first [`MAX_PLY`] plies of each such game counts a vote for the game's
//! code. A position passed by at least a given number of games takes the code most of them
//! carry (where the sources disagree, the most votes win, and between equal votes the lower
//! code); a code takes the `[Opening]` name given to it most often. The traditional form of a
//! name is written glyph by glyph, each simplified glyph becoming the traditional glyph that
//! most often stands for it in the traditional texts read (the comments and tags of the games).
//!
//! A position whose code changes nothing is left out of the table: one that, in every game
//! learnt from that passes it, comes after another position of the table with the same code.
//! (The games learnt from are classified as before; the table is a fraction of the size.)

use std::collections::HashMap;

use super::table::{position_key, EccoTable, MAX_PLY};
use crate::record::{Game, TagKey};
use crate::rules::Position;

/// Votes gathered from tagged games.
#[derive(Clone, Debug, Default)]
pub struct Learner {
    positions: HashMap<String, HashMap<String, u32>>,
    names: HashMap<String, HashMap<String, u32>>,
    glyphs: HashMap<char, HashMap<char, u32>>,
    /// The positions of each game that voted, in order.
    lines: Vec<Vec<String>>,
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
    /// Count `game`'s agreement with `table`; a game without a code tag or from another start
    /// is not counted.
    pub fn count(&mut self, table: &EccoTable, game: &Game) {
        let Some(tag) = tagged_code(game) else {
            return;
        };
        self.games += 1;
        match table.classify(game) {
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
    (super::is_code(&code) && position_key(game.start()) == position_key(&Position::startpos()))
        .then_some(code)
}

fn simplified(text: &str) -> String {
    fast2s::convert(text)
}

impl Learner {
    /// Nothing learnt yet.
    pub fn new() -> Learner {
        Learner::default()
    }

    /// Learn from `game`: its positions' votes when it carries a code and starts from the
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
        self.games += 1;
        let keys: Vec<String> = game
            .main_line()
            .into_iter()
            .take(MAX_PLY)
            .map(|node| position_key(game.position(node)))
            .collect();
        for key in &keys {
            *self
                .positions
                .entry(key.clone())
                .or_default()
                .entry(code.clone())
                .or_default() += 1;
        }
        self.lines.push(keys);
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
        add(&mut self.positions, other.positions);
        add(&mut self.names, other.names);
        add(&mut self.glyphs, other.glyphs);
        self.lines.extend(other.lines);
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

    /// The table: every position passed by at least `min_support` games, with its code, less
    /// those that change no game's code.
    pub fn table(&self, min_support: u32) -> EccoTable {
        let mut codes: HashMap<&str, (String, u32)> = HashMap::new();
        for (key, votes) in &self.positions {
            let support: u32 = votes.values().sum();
            if support < min_support {
                continue;
            }
            if let Some(code) = most(votes) {
                codes.insert(key, (code, support));
            }
        }
        // A position is needed where, in some game, it is the first of the table's positions or
        // its code differs from that of the table's position before it.
        let mut needed: HashMap<&str, bool> = HashMap::new();
        for line in &self.lines {
            let mut previous: Option<&str> = None;
            for key in line {
                let Some((code, _)) = codes.get(key.as_str()) else {
                    continue;
                };
                let changes = previous != Some(code.as_str());
                *needed.entry(key.as_str()).or_default() |= changes;
                previous = Some(code);
            }
        }
        let mut table = EccoTable::default();
        for (key, (code, support)) in codes {
            if needed.get(key).copied().unwrap_or(false) {
                table.insert_position(key.to_owned(), code, support);
            }
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
    use crate::rules::Move;

    fn game(moves: &[&str], code: &str, name: &str) -> Game {
        let mut game = Game::new(Position::startpos());
        game.tags_mut().set(TagKey::Ecco, code);
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
    fn positions_take_the_code_most_games_give_and_transpositions_meet() {
        const A: [&str; 4] = ["h2e2", "h9g7", "h0g2", "b9c7"];
        const B: [&str; 4] = ["h2e2", "h9g7", "h0g2", "i9h9"];
        let mut learner = Learner::new();
        // 中炮对屏风马 three times, one source calling it otherwise; four games of another line.
        for _ in 0..3 {
            learner.add(&game(&A, "C00", "中炮对屏风马"));
        }
        learner.add(&game(&A, "C01", "中炮"));
        for _ in 0..4 {
            learner.add(&game(&B, "B00", "中炮局"));
        }
        // Traditional text read elsewhere teaches the glyphs.
        let mut teacher = Game::new(Position::startpos());
        teacher.set_comment(teacher.root(), "中炮對屏風馬");
        assert!(!learner.add(&teacher), "no code, no vote");
        assert_eq!(learner.games(), 8);
        let table = learner.table(2);
        // The first three positions: B00 has four votes, C00 three, C01 one. Only the first
        // position and the end of A change a code: the rest are left out.
        assert_eq!(table.len(), 2);
        let found = table.classify(&game(&A, "", "")).unwrap();
        assert_eq!(found.code, "C00", "three votes against one");
        assert_eq!(found.ply, 4);
        assert_eq!(found.name.as_deref(), Some("中炮对屏风马"));
        assert_eq!(found.name_traditional.as_deref(), Some("中炮對屏風馬"));
        let b = table.classify(&game(&B, "", "")).unwrap();
        assert_eq!((b.code.as_str(), b.ply), ("B00", 1));
        // The same position by another order of moves.
        let transposed = game(&["h2e2", "b9c7", "h0g2", "h9g7"], "", "");
        let found = table.classify(&transposed).unwrap();
        assert_eq!((found.code.as_str(), found.ply), ("C00", 4));
        // Past the table's positions, the deepest known one decides.
        let longer = game(&["h2e2", "h9g7", "h0g2", "b9c7", "i0h0"], "", "");
        assert_eq!(table.classify(&longer).unwrap().ply, 4);
        // The text form reads back as the same table.
        let text = table.write("test table");
        assert_eq!(EccoTable::parse(&text).unwrap(), table);
        // Agreement with tags.
        let mut agreement = Agreement::default();
        agreement.count(&table, &game(&A, "C00", ""));
        agreement.count(&table, &game(&A, "C01", ""));
        agreement.count(&table, &game(&["b0c2"], "A10", ""));
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
    fn a_damaged_table_names_its_line() {
        let error = EccoTable::parse("# ok\nname\tC00\t甲\t甲\nposition\tnonsense w\tC00\t3\n")
            .unwrap_err();
        assert_eq!(error.line, 3);
        assert!(EccoTable::parse(
            "position\trnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\tZ00\t1"
        )
        .is_err());
    }

    #[test]
    fn the_shipped_table_reads() {
        let text = include_str!("../../assets/ecco/table.tsv");
        let table = EccoTable::parse(text).unwrap();
        assert!(table.len() > 100, "{} positions", table.len());
    }
}
