//! The cloud with its cache and consent: a position asked once is answered again without a
//! query, offline with its age; the cache has a limit and can be cleared; nothing is sent
//! before the cloud is turned on.

use std::time::Duration;

use qipu::cloud::{ChessDb, Cloud, CloudCache, CloudError, Line, Source};
use qipu::rules::Position;

use crate::common::TempFolder;
use crate::server::{settings_for, Reply, Server};

const ANSWER: &str = "move:h2e2,score:1,rank:2,note:! (35-12),winrate:50.07|\
move:b2e2,score:0,rank:2,note:! (33-11),winrate:50.00";

fn cloud(url: &str, cache: CloudCache) -> Cloud {
    let client = ChessDb::new(settings_for(url)).expect("address");
    let cloud = Cloud::new(Box::new(client)).with_cache(cache);
    cloud.enable(true);
    cloud
}

fn start() -> Line {
    Line::position(Position::startpos())
}

#[test]
fn a_second_query_goes_nowhere() {
    let server = Server::always(Reply::ok(ANSWER));
    let cloud = cloud(&server.url(), CloudCache::in_memory().expect("cache"));
    let first = cloud.moves(&start()).expect("moves");
    assert_eq!(first.source, Source::Cloud);
    let second = cloud.moves(&start()).expect("moves again");
    assert!(matches!(second.source, Source::Cache { .. }));
    assert_eq!(second.value, first.value);
    assert_eq!(server.count(), 1);
    // Another question about the same position is another query.
    cloud.pv(&start()).expect_err("the script knows no line");
    assert_eq!(server.count(), 2);
}

#[test]
fn offline_an_old_answer_is_given_with_its_age() {
    let dir = TempFolder::new("cloud-offline");
    let file = dir.join("cloud-cache.sqlite");
    let server = Server::always(Reply::ok(ANSWER));
    {
        let cloud = cloud(&server.url(), CloudCache::open(&file).expect("cache"));
        cloud.moves(&start()).expect("moves");
    }
    // Every cached answer is old now, so the cloud is asked first; and it is gone. (The cache
    // keys answers by the cloud's address: the same address, unreachable now.)
    let url = server.url();
    drop(server);
    let same_address =
        cloud(&url, CloudCache::open(&file).expect("cache")).with_freshness(Duration::ZERO);
    let answer = same_address.moves(&start()).expect("the cached answer");
    match answer.source {
        Source::Cache { age } => assert!(age < Duration::from_secs(3600), "{age:?}"),
        Source::Cloud => panic!("the server is gone"),
    }
    assert_eq!(answer.value.len(), 2);
    // A position never asked has no answer offline, and says so.
    let other = Line::position(
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b")
            .expect("FEN"),
    );
    let err = same_address.moves(&other).expect_err("nothing cached");
    assert_eq!(err.key(), "offline");
}

#[test]
fn a_cleared_cache_asks_again() {
    let server = Server::always(Reply::ok(ANSWER));
    let cloud = cloud(&server.url(), CloudCache::in_memory().expect("cache"));
    cloud.moves(&start()).expect("moves");
    let cache = cloud.cache().expect("a cache");
    assert_eq!(cache.stats().expect("stats").entries, 1);
    cache.clear().expect("clear");
    assert_eq!(cache.stats().expect("stats").entries, 0);
    assert_eq!(cloud.moves(&start()).expect("moves").source, Source::Cloud);
    assert_eq!(server.count(), 2);
}

#[test]
fn the_cache_keeps_to_its_limit() {
    let server = Server::always(Reply::ok("eval:12"));
    let cache = CloudCache::in_memory().expect("cache").with_limit(600);
    let cloud = cloud(&server.url(), cache);
    // Positions after each of Red's first moves: each a query, each an answer kept.
    let start = Position::startpos();
    let lines: Vec<Line> = start
        .legal_moves()
        .iter()
        .take(8)
        .map(|&mv| Line::position(start.play(mv).expect("legal")))
        .collect();
    for line in &lines {
        assert_eq!(cloud.score(line).expect("score").value, 12);
    }
    let stats = cloud.cache().expect("cache").stats().expect("stats");
    assert!(stats.bytes <= 600, "{stats:?}");
    assert!(stats.entries < 8, "{stats:?}");
    // The last answer is kept; the first was dropped and is asked again.
    assert!(matches!(
        cloud.score(&lines[7]).expect("score").source,
        Source::Cache { .. }
    ));
    let asked = server.count();
    assert_eq!(cloud.score(&lines[0]).expect("score").source, Source::Cloud);
    assert_eq!(server.count(), asked + 1);
}

#[test]
fn nothing_is_sent_before_the_cloud_is_turned_on() {
    let server = Server::always(Reply::ok(ANSWER));
    let cloud = Cloud::new(Box::new(ChessDb::new(server.settings()).expect("address")));
    assert!(!cloud.is_enabled());
    assert_eq!(cloud.moves(&start()), Err(CloudError::Disabled));
    assert_eq!(
        cloud.queue(&Position::startpos()),
        Err(CloudError::Disabled)
    );
    assert_eq!(server.count(), 0);
    cloud.enable(true);
    assert!(cloud.moves(&start()).is_ok());
    assert_eq!(server.count(), 1);
}

#[test]
fn a_position_without_moves_is_answered_without_asking() {
    let server = Server::always(Reply::ok(ANSWER));
    let cloud = cloud(&server.url(), CloudCache::in_memory().expect("cache"));
    // Black is mated: the chariot on e8 is guarded by the red general facing along the file,
    // the chariot on a9 sweeps the back rank.
    let mated = Position::from_fen("R3k4/4R4/9/9/9/9/9/9/9/4K4 b").expect("FEN");
    assert_eq!(
        cloud.moves(&Line::position(mated)),
        Err(CloudError::Checkmate)
    );
    assert_eq!(server.count(), 0);
}
