//! Duplicates, searches and trees of the imported CCPD part, each answer computed here by
//! replaying the games.

use std::collections::{BTreeMap, BTreeSet};

use qipu::database::{material_signature, mirror, Database, MaterialQuery, SearchQuery};
use qipu::ending::Outcome;
use qipu::rules::{Move, Position};

use super::fixture::{ccpd_database, distinct_games, Server};

/// The board and side to move of a position, as FEN: what "the same position" means.
fn placement(p: &Position) -> String {
    p.to_fen()
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every (file, number, first ply) of a distinct game whose main line passes through one of
/// these positions, with the move played there (if any).
fn replay_through(targets: &[Position]) -> BTreeMap<(String, i64), (i64, Option<Move>)> {
    let wanted: BTreeSet<String> = targets.iter().map(placement).collect();
    let mut out = BTreeMap::new();
    for r in &distinct_games().0 {
        let g = &r.game;
        let nodes: Vec<_> = std::iter::once(g.root()).chain(g.main_line()).collect();
        for (ply, &node) in nodes.iter().enumerate() {
            if wanted.contains(&placement(g.position(node))) {
                let next = nodes.get(ply + 1).and_then(|&n| g.move_of(n));
                out.insert((r.file.clone(), r.number), (ply as i64, next));
                break;
            }
        }
    }
    out
}

fn open(server: Server) -> Option<Database> {
    let (location, _) = ccpd_database(server)?;
    Some(Database::open(location).unwrap())
}

/// Positions to look for: the start, after 炮二平五, after 炮二平五 馬8進7, a position from
/// the middle of a game (ply 24) and one from late in a game, and an endgame start.
fn probe_positions() -> Vec<Position> {
    let start = Position::startpos();
    let central = start.play(Move::parse_iccs("h2e2").unwrap()).unwrap();
    let horse = central.play(Move::parse_iccs("h9g7").unwrap()).unwrap();
    let games = &distinct_games().0;
    let at = |i: usize, ply: usize| {
        let g = &games[i].game;
        let line = g.main_line();
        g.position(line[ply.min(line.len() - 1)]).clone()
    };
    let long = games
        .iter()
        .position(|r| r.game.main_line().len() > 60)
        .expect("a game of more than 60 plies");
    let endgame = games
        .iter()
        .find(|r| r.file.contains("殘局"))
        .expect("an endgame study");
    vec![
        start,
        central,
        horse,
        at(long, 24),
        at(long, 55),
        endgame.game.start().clone(),
    ]
}

fn duplicates_are_found(server: Server) {
    let Some((location, report)) = ccpd_database(server) else {
        return;
    };
    let (distinct, repeats) = distinct_games();
    assert!(*repeats > 100, "the archive part repeats games: {repeats}");
    assert_eq!(report.duplicates, *repeats as u64);
    assert_eq!(report.new, distinct.len() as u64);
    let stats = Database::open(location).unwrap().stats().unwrap();
    assert_eq!(stats.games, distinct.len() as u64);
    assert_eq!(stats.duplicates, *repeats as u64);
}

fn position_search_agrees_with_a_replay(server: Server) {
    let Some(mut db) = open(server) else { return };
    for p in probe_positions() {
        let expected = replay_through(std::slice::from_ref(&p));
        let found = db
            .search(&SearchQuery {
                position: Some(p.clone()),
                ..SearchQuery::default()
            })
            .unwrap();
        let got: BTreeMap<(String, i64), (i64, Option<Move>)> = found
            .iter()
            .map(|f| ((f.file.clone(), f.number), (f.ply, None)))
            .collect();
        let expected_plies: BTreeMap<_, _> = expected
            .iter()
            .map(|(k, &(ply, _))| (k.clone(), (ply, None)))
            .collect();
        assert!(!expected.is_empty(), "{}", p.to_fen());
        assert_eq!(got, expected_plies, "{}", p.to_fen());
        // Earliest first.
        assert!(found.windows(2).all(|w| w[0].ply <= w[1].ply));
        let first = db
            .search(&SearchQuery {
                position: Some(p.clone()),
                limit: Some(3),
                ..SearchQuery::default()
            })
            .unwrap();
        assert_eq!(first[..], found[..found.len().min(3)]);
    }
}

fn mirror_search_finds_the_other_wing(server: Server) {
    let Some(mut db) = open(server) else { return };
    let start = Position::startpos();
    let right = start.play(Move::parse_iccs("h2e2").unwrap()).unwrap();
    let left = mirror(&right);
    let expected = replay_through(&[right.clone(), left.clone()]);
    let only_right = replay_through(std::slice::from_ref(&right));
    assert!(expected.len() > only_right.len(), "炮八平五 is played too");
    let found = db
        .search(&SearchQuery {
            position: Some(right),
            mirror: true,
            ..SearchQuery::default()
        })
        .unwrap();
    let got: BTreeSet<_> = found.iter().map(|f| (f.file.clone(), f.number)).collect();
    assert_eq!(got, expected.keys().cloned().collect::<BTreeSet<_>>());
}

fn tree_counts_agree_with_a_replay(server: Server) {
    let Some(mut db) = open(server) else { return };
    let results: BTreeMap<(String, i64), Option<Outcome>> = distinct_games()
        .0
        .iter()
        .map(|r| ((r.file.clone(), r.number), r.game.result()))
        .collect();
    for p in probe_positions() {
        let through = replay_through(std::slice::from_ref(&p));
        let mut expected: BTreeMap<String, [u64; 4]> = BTreeMap::new();
        for (key, &(_, next)) in &through {
            let Some(mv) = next else { continue };
            let c = expected.entry(mv.to_string()).or_default();
            c[0] += 1;
            match results[key] {
                Some(Outcome::RedWins) => c[1] += 1,
                Some(Outcome::Draw) => c[2] += 1,
                Some(Outcome::BlackWins) => c[3] += 1,
                _ => {}
            }
        }
        let tree = db.tree(&p).unwrap();
        let got: BTreeMap<String, [u64; 4]> = tree
            .iter()
            .map(|m| {
                (
                    m.mv.to_string(),
                    [m.games, m.red_wins, m.draws, m.black_wins],
                )
            })
            .collect();
        assert_eq!(got, expected, "{}", p.to_fen());
        let ended_here = through.values().filter(|(_, n)| n.is_none()).count() as u64;
        let sum: u64 = tree.iter().map(|m| m.games).sum();
        assert_eq!(sum + ended_here, through.len() as u64, "{}", p.to_fen());
        assert!(tree.windows(2).all(|w| w[0].games >= w[1].games));
    }
}

fn material_search_agrees_with_a_replay(server: Server) {
    let Some(mut db) = open(server) else { return };
    for spec in [
        "車馬炮-車馬炮",
        "車炮-車馬",
        "馬兵-士象全",
        "2車2馬2炮-2車2馬2炮",
    ] {
        let query = MaterialQuery::parse(spec).unwrap();
        let mut expected = BTreeMap::new();
        for r in &distinct_games().0 {
            let g = &r.game;
            let nodes = std::iter::once(g.root()).chain(g.main_line());
            for (ply, node) in nodes.enumerate() {
                if query.matches(material_signature(g.position(node))) {
                    expected.insert((r.file.clone(), r.number), ply as i64);
                    break;
                }
            }
        }
        let found = db
            .search(&SearchQuery {
                material: Some(query),
                ..SearchQuery::default()
            })
            .unwrap();
        let got: BTreeMap<_, _> = found
            .iter()
            .map(|f| ((f.file.clone(), f.number), f.ply))
            .collect();
        assert!(!expected.is_empty(), "{spec}");
        assert_eq!(got, expected, "{spec}");
    }
}

fn tag_search_agrees_with_the_tags(server: Server) {
    let Some(mut db) = open(server) else { return };
    let games = &distinct_games().0;
    let tag = |r: &super::fixture::Replayed, key: &str| {
        r.game
            .tags()
            .get(&qipu::record::TagKey::parse(key))
            .unwrap_or("")
            .to_owned()
    };
    // 洪智: a two-character name, as either colour, then as Red with a result.
    let either: BTreeSet<_> = games
        .iter()
        .filter(|r| tag(r, "Red").contains("洪智") || tag(r, "Black").contains("洪智"))
        .map(|r| (r.file.clone(), r.number))
        .collect();
    assert!(either.len() >= 10, "{}", either.len());
    let found = db
        .search(&SearchQuery {
            player: Some("洪智".to_owned()),
            ..SearchQuery::default()
        })
        .unwrap();
    let got: BTreeSet<_> = found.iter().map(|f| (f.file.clone(), f.number)).collect();
    assert_eq!(got, either);
    let red_wins: BTreeSet<_> = games
        .iter()
        .filter(|r| tag(r, "Red").contains("洪智") && r.game.result() == Some(Outcome::RedWins))
        .map(|r| (r.file.clone(), r.number))
        .collect();
    let found = db
        .search(&SearchQuery {
            red: Some("洪智".to_owned()),
            result: Some(Outcome::RedWins),
            ..SearchQuery::default()
        })
        .unwrap();
    let got: BTreeSet<_> = found.iter().map(|f| (f.file.clone(), f.number)).collect();
    assert_eq!(got, red_wins);
    // An event with a date range, combined with a position.
    let central = Position::startpos()
        .play(Move::parse_iccs("h2e2").unwrap())
        .unwrap();
    let through = replay_through(std::slice::from_ref(&central));
    let expected: BTreeSet<_> = games
        .iter()
        .filter(|r| {
            let year = qipu::database::date_key(&tag(r, "Date")).map(|d| d / 10_000);
            tag(r, "Event").contains("五羊杯")
                && year.is_some_and(|y| (1990..=1995).contains(&y))
                && through.contains_key(&(r.file.clone(), r.number))
        })
        .map(|r| (r.file.clone(), r.number))
        .collect();
    assert!(!expected.is_empty());
    let found = db
        .search(&SearchQuery {
            position: Some(central),
            event: Some("五羊杯".to_owned()),
            date_from: Some(19_900_000),
            date_to: Some(19_959_999),
            ..SearchQuery::default()
        })
        .unwrap();
    let got: BTreeSet<_> = found.iter().map(|f| (f.file.clone(), f.number)).collect();
    assert_eq!(got, expected);
}

macro_rules! on_both {
    ($($check:ident => $sqlite:ident, $postgres:ident;)*) => {
        $(
            #[test]
            fn $sqlite() {
                $check(Server::Sqlite);
            }
            #[test]
            fn $postgres() {
                $check(Server::Postgres);
            }
        )*
    };
}

on_both! {
    duplicates_are_found => sqlite_ccpd_duplicates_are_found, postgres_ccpd_duplicates_are_found;
    position_search_agrees_with_a_replay => sqlite_position_search, postgres_position_search;
    mirror_search_finds_the_other_wing => sqlite_mirror_search, postgres_mirror_search;
    tree_counts_agree_with_a_replay => sqlite_opening_tree, postgres_opening_tree;
    material_search_agrees_with_a_replay => sqlite_material_search, postgres_material_search;
    tag_search_agrees_with_the_tags => sqlite_tag_search, postgres_tag_search;
}
