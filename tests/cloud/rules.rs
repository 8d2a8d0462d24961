//! The game's rules over the cloud's moves: a real repetition case (Fairy-Stockfish's "direct
//! chase by cannon", `shared/data/referee/axf-cases.jsonl`), where the cloud's best move would
//! repeat the position a third time with the red cannon chasing the black chariot, which the
//! Asian rules forbid. The move is marked and the cloud asked again with it banned.

use qipu::cloud::{ChessDb, Cloud, CloudCache, Line};
use qipu::referee::RuleSet;
use qipu::rules::{Move, Position};

use crate::common;
use crate::server::{Reply, Server};

/// The case's start, and its moves up to the third occurrence.
pub fn chase_case() -> (Position, Vec<Move>) {
    let path = common::shared_path("data/referee/axf-cases.jsonl");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let case: serde_json::Value = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("each line is JSON"))
        .find(|v| v["id"] == "FSF-01")
        .expect("the case FSF-01");
    assert_eq!(case["label"], "Direct chase by cannon");
    assert_eq!(case["expected"], "black_wins");
    let start = Position::from_fen(case["fen"].as_str().expect("fen")).expect("FEN");
    let moves = case["moves_to_third_occurrence"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| Move::parse_iccs(m.as_str().expect("move")).expect("ICCS"))
        .collect();
    (start, moves)
}

/// The cloud's answers in the case's last position: the chase first; without it, two others.
pub fn chase_server() -> Server {
    Server::start(|q, _| match (q.get("action"), q.get("ban")) {
        (Some("queryall"), None) => Reply::ok(
            "move:b2a2,score:35,rank:2,note:! (12-06),winrate:52.65|\
             move:e3e4,score:20,rank:2,note:! (10-04),winrate:51.52|\
             move:i0h0,score:-40,rank:0,note:? (05-01),winrate:46.97",
        ),
        (Some("queryall"), Some("move:b2a2")) => Reply::ok(
            "move:e3e4,score:20,rank:2,note:! (10-04),winrate:51.52|\
             move:i0h0,score:-40,rank:1,note:* (05-01),winrate:46.97",
        ),
        (Some("querypv"), Some("move:b2a2")) => Reply::ok("score:20,depth:2,pv:e3e4|a7b7"),
        (Some("querypv"), None) => Reply::ok("score:35,depth:2,pv:b2a2|a7b7"),
        _ => Reply::ok("unknown"),
    })
}

fn cloud(server: &Server) -> Cloud {
    let client = ChessDb::new(server.settings()).expect("address");
    let cloud = Cloud::new(Box::new(client)).with_cache(CloudCache::in_memory().expect("cache"));
    cloud.enable(true);
    cloud
}

#[test]
fn a_forbidden_chase_is_marked_and_banned() {
    let (start, moves) = chase_case();
    let (played, last) = moves.split_at(moves.len() - 1);
    assert_eq!(last[0].to_string(), "b2a2");
    let line = Line::new(start, played.to_vec(), RuleSet::Asian).expect("a legal line");
    let server = chase_server();
    let shown = cloud(&server).moves(&line).expect("moves");
    let seen: Vec<(String, u8, bool)> = shown
        .value
        .iter()
        .map(|m| (m.cloud.mv.to_string(), m.cloud.rank.number(), m.forbidden))
        .collect();
    assert_eq!(
        seen,
        [
            ("e3e4".to_owned(), 2, false),
            // Ranked again by the cloud once the best move is gone.
            ("i0h0".to_owned(), 1, false),
            ("b2a2".to_owned(), 2, true),
        ]
    );
    let queries = server.queries();
    assert_eq!(queries.len(), 2);
    assert_eq!(queries[0].get("ban"), None);
    assert_eq!(queries[1].get("ban"), Some("move:b2a2"));
}

#[test]
fn the_line_is_asked_with_the_forbidden_move_banned_at_once() {
    let (start, moves) = chase_case();
    let played = &moves[..moves.len() - 1];
    let line = Line::new(start, played.to_vec(), RuleSet::Asian).expect("a legal line");
    let server = chase_server();
    let pv = cloud(&server).pv(&line).expect("a line");
    assert_eq!(pv.value.moves[0].to_string(), "e3e4");
    assert_eq!(server.count(), 1);
    assert_eq!(server.queries()[0].get("ban"), Some("move:b2a2"));
}

#[test]
fn the_same_position_without_its_history_forbids_nothing() {
    let (start, moves) = chase_case();
    let played = &moves[..moves.len() - 1];
    let end = Line::new(start, played.to_vec(), RuleSet::Asian)
        .expect("a legal line")
        .end()
        .clone();
    let server = chase_server();
    let shown = cloud(&server).moves(&Line::position(end)).expect("moves");
    assert_eq!(shown.value.len(), 3);
    assert!(shown.value.iter().all(|m| !m.forbidden));
    assert_eq!(server.count(), 1);
}
