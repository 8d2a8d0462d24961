//! The serde form of a game: flat, so a tree of any depth (de)serialises without recursion.
//!
//! ```json
//! { "format": "qipu-game", "version": 1,
//!   "tags": [["Event", "…"], ["Red", "…"]],
//!   "start": "<FEN>", "root": { "comment": "…" },
//!   "nodes": [ { "parent": 0, "move": "h2e2", "comment": "…", "mark": "Good" }, … ],
//!   "cursor": 3 }
//! ```
//! Nodes are numbered from 1 in list order (0 is the root); each node's parent comes before it, and
//! the children of a node are in list order (the first is the main line).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::{FenError, IllegalMove, Move, Position};

use super::game::{Game, NodeId};
use super::mark::Annotation;
use super::tags::TagKey;

const FORMAT: &str = "qipu-game";
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct StoredGame {
    format: String,
    version: u32,
    #[serde(default)]
    tags: Vec<(String, String)>,
    start: String,
    #[serde(default)]
    root: Annotation,
    #[serde(default)]
    nodes: Vec<StoredNode>,
    #[serde(default)]
    cursor: usize,
}

#[derive(Serialize, Deserialize)]
struct StoredNode {
    parent: usize,
    #[serde(rename = "move")]
    mv: String,
    #[serde(flatten)]
    annotation: Annotation,
}

/// Why a stored game could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum StoredError {
    /// The `format` field is not `qipu-game`.
    #[error("not a Qipu game (format '{0}')")]
    NotAGame(String),
    /// Written by a newer Qipu.
    #[error("game version {0} is newer than this program reads ({VERSION})")]
    Version(u32),
    /// The start position is not a valid FEN.
    #[error("bad start position: {0}")]
    Start(#[from] FenError),
    /// A node names a parent that does not come before it.
    #[error("node {node}: parent {parent} does not come before it")]
    Parent {
        /// Node number (from 1).
        node: usize,
        /// The parent it names.
        parent: usize,
    },
    /// A node's move is not ICCS text.
    #[error("node {node}: '{text}' is not a move in ICCS (like h2e2)")]
    MoveText {
        /// Node number (from 1).
        node: usize,
        /// The text.
        text: String,
    },
    /// A node's move is illegal in its position.
    #[error("node {node}: {source}")]
    Illegal {
        /// Node number (from 1).
        node: usize,
        /// The rule it breaks.
        source: IllegalMove,
    },
    /// Two children of one node have the same move.
    #[error("node {node}: the move {mv} is already a continuation of node {parent}")]
    Duplicate {
        /// Node number (from 1).
        node: usize,
        /// The repeated move.
        mv: Move,
        /// The parent.
        parent: usize,
    },
    /// The cursor names no node.
    #[error("cursor {0} names no node")]
    Cursor(usize),
}

fn to_stored(game: &Game) -> StoredGame {
    let order = game.preorder();
    let mut number = vec![usize::MAX; game.slot_count()];
    for (i, id) in order.iter().enumerate() {
        number[id.index()] = i;
    }
    let nodes = order[1..]
        .iter()
        .map(|&id| StoredNode {
            parent: number[game
                .parent(id)
                .expect("only the root has no parent")
                .index()],
            mv: game
                .move_of(id)
                .expect("only the root has no move")
                .to_string(),
            annotation: game.annotation(id).clone(),
        })
        .collect();
    StoredGame {
        format: FORMAT.to_owned(),
        version: VERSION,
        tags: game
            .tags()
            .iter()
            .map(|(k, v)| (k.name().to_owned(), v.to_owned()))
            .collect(),
        start: game.start().to_fen(),
        root: game.annotation(game.root()).clone(),
        nodes,
        cursor: number[game.cursor().index()],
    }
}

fn from_stored(stored: StoredGame) -> Result<Game, StoredError> {
    if stored.format != FORMAT {
        return Err(StoredError::NotAGame(stored.format));
    }
    if stored.version > VERSION {
        return Err(StoredError::Version(stored.version));
    }
    // A rule-book diagram's start is read (2.2); `ReadWarning::of_game` tells what it breaks.
    let mut game = Game::new(Position::from_diagram_fen(&stored.start)?);
    for (key, value) in stored.tags {
        game.tags_mut().set(TagKey::parse(&key), value);
    }
    *game.annotation_mut(game.root()) = stored.root;
    let mut ids: Vec<NodeId> = Vec::with_capacity(stored.nodes.len() + 1);
    ids.push(game.root());
    for (i, node) in stored.nodes.into_iter().enumerate() {
        let number = i + 1;
        let parent = *ids.get(node.parent).ok_or(StoredError::Parent {
            node: number,
            parent: node.parent,
        })?;
        let mv = Move::parse_iccs(&node.mv).ok_or_else(|| StoredError::MoveText {
            node: number,
            text: node.mv.clone(),
        })?;
        if game
            .children(parent)
            .iter()
            .any(|&c| game.move_of(c) == Some(mv))
        {
            return Err(StoredError::Duplicate {
                node: number,
                mv,
                parent: node.parent,
            });
        }
        let id = game
            .play(parent, mv)
            .map_err(|source| StoredError::Illegal {
                node: number,
                source,
            })?;
        *game.annotation_mut(id) = node.annotation;
        ids.push(id);
    }
    let cursor = *ids
        .get(stored.cursor)
        .ok_or(StoredError::Cursor(stored.cursor))?;
    game.go_to(cursor);
    Ok(game)
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        to_stored(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        from_stored(StoredGame::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ending::Outcome;
    use crate::record::Mark;

    fn mv(text: &str) -> Move {
        Move::parse_iccs(text).expect("test move is ICCS")
    }

    #[test]
    fn json_keeps_everything() {
        let mut g = Game::new(
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1")
                .unwrap(),
        );
        g.tags_mut().set(TagKey::Event, "让子局");
        g.tags_mut().set(TagKey::Other("Custom".into()), "任意");
        g.set_result(Some(Outcome::RedWins));
        g.set_comment(g.root(), "game comment");
        let a = g.play(g.root(), mv("b2e2")).unwrap();
        let b = g.play(a, mv("h7e7")).unwrap();
        let v = g.play(a, mv("b7e7")).unwrap();
        g.set_comment(b, "after b");
        g.annotation_mut(v).comment_before = "a variation".into();
        g.set_mark(v, Some(Mark::Dubious));
        g.annotation_mut(v).add_nag(146);
        g.go_to(v);
        let text = serde_json::to_string(&g).unwrap();
        let back: Game = serde_json::from_str(&text).unwrap();
        assert!(g.same_record(&back));
        assert_eq!(back.move_of(back.cursor()), Some(mv("b7e7")));
        assert_eq!(back.tags().get(&TagKey::Event), Some("让子局"));
        assert!(text.contains("\"Custom\""));
    }

    #[test]
    fn bad_stored_games_are_refused_with_the_node() {
        let start = Position::startpos().to_fen();
        let make = |nodes: &str| {
            format!(r#"{{"format":"qipu-game","version":1,"start":"{start}","nodes":[{nodes}]}}"#)
        };
        let err = |text: String| serde_json::from_str::<Game>(&text).unwrap_err().to_string();
        assert!(err(make(
            r#"{"parent":0,"move":"h2e2"},{"parent":1,"move":"h2e3"}"#
        ))
        .starts_with("node 2:"));
        assert!(err(make(r#"{"parent":2,"move":"h2e2"}"#)).starts_with("node 1: parent 2"));
        assert!(err(make(r#"{"parent":0,"move":"zz"}"#)).contains("not a move in ICCS"));
        assert!(err(make(
            r#"{"parent":0,"move":"h2e2"},{"parent":0,"move":"h2e2"}"#
        ))
        .contains("already a continuation"));
        assert!(
            err(r#"{"format":"other","version":1,"start":""}"#.to_owned())
                .contains("not a Qipu game")
        );
    }

    #[test]
    fn deep_trees_round_trip_without_recursion() {
        let mut g = Game::new(Position::startpos());
        let cycle = ["a0a1", "a9a8", "a1a0", "a8a9"].map(mv);
        let mut at = g.root();
        for i in 0..50_000 {
            at = g.play(at, cycle[i % 4]).unwrap();
        }
        let text = serde_json::to_string(&g).unwrap();
        let back: Game = serde_json::from_str(&text).unwrap();
        assert!(g.same_record(&back));
    }
}
