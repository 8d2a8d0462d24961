//! The HTTP client against the test server: what it sends, the replies of the documentation,
//! the cloud's words, malformed replies, a slow server, refusals and retries, a dropped
//! connection, no network.

use std::time::Duration;

use qipu::cloud::{
    BestMove, ChessDb, ClientSettings, CloudBook, CloudError, Endgame, Metric, NoteDetail, Outcome,
    Rank, Request, USER_AGENT,
};
use qipu::rules::Position;

use crate::server::{closed_port_url, Reply, Server};

const OPENING: &str = "move:h2e2,score:1,rank:2,note:! (35-12),winrate:50.07|\
move:b2e2,score:0,rank:2,note:! (33-11),winrate:50.00|\
move:h0g2,score:-12,rank:1,note:* (20-05),winrate:49.09|\
move:a3a4,score:-70,rank:0,note:? (04-01),winrate:44.71";

fn client(server: &Server) -> ChessDb {
    ChessDb::new(server.settings()).expect("the test server's address")
}

fn start() -> Request {
    Request::new(Position::startpos())
}

#[test]
fn a_queryall_reply_gives_the_moves_and_the_query_says_what_it_should() {
    let server = Server::always(Reply::ok(OPENING));
    let moves = client(&server).moves(&start()).expect("moves");
    let seen: Vec<(String, Option<i32>, Rank, Option<f64>)> = moves
        .iter()
        .map(|m| (m.mv.to_string(), m.score, m.rank, m.winrate))
        .collect();
    assert_eq!(
        seen,
        [
            ("h2e2".to_owned(), Some(1), Rank::Best, Some(50.07)),
            ("b2e2".to_owned(), Some(0), Rank::Best, Some(50.0)),
            ("h0g2".to_owned(), Some(-12), Rank::Good, Some(49.09)),
            ("a3a4".to_owned(), Some(-70), Rank::Bad, Some(44.71)),
        ]
    );
    assert_eq!(
        moves[2].detail,
        NoteDetail::Book {
            replies: Some(20),
            good: Some(5)
        }
    );
    let queries = server.queries();
    assert_eq!(queries.len(), 1);
    let q = &queries[0];
    assert_eq!(q.get("action"), Some("queryall"));
    assert_eq!(
        q.get("board"),
        Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
    );
    // Learning is the cloud's default; Qipu says no unless the user asked.
    assert_eq!(q.get("learn"), Some("0"));
    assert_eq!(q.get("showall"), Some("0"));
    assert_eq!(q.get("egtbmetric"), Some("dtm"));
    assert_eq!(q.get("ban"), None);
    assert_eq!(q.user_agent.as_deref(), Some(USER_AGENT));
    assert!(USER_AGENT.starts_with("Qipu/") && USER_AGENT.len() > "Qipu/".len());
}

#[test]
fn the_clouds_words_are_answers_of_their_own() {
    let cases = [
        ("unknown", CloudError::Unknown),
        ("invalid board", CloudError::InvalidBoard),
        ("checkmate", CloudError::Checkmate),
        ("stalemate", CloudError::Stalemate),
    ];
    for (word, expected) in cases {
        let server = Server::always(Reply::ok(word));
        assert_eq!(client(&server).moves(&start()), Err(expected), "{word}");
        // The cloud's answer is not retried.
        assert_eq!(server.count(), 1, "{word}");
    }
}

#[test]
fn endgame_replies_give_the_tables_result_and_distance() {
    // Red: general d0, chariot a1; Black: general e9 alone.
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w").expect("FEN");
    let server = Server::always(Reply::ok(
        "move:a1a9,score:29985,rank:2,note:! (W-M-0015)|\
         move:a1a2,score:29981,rank:1,note:* (W-M-0019)|\
         move:d0d1,score:0,rank:0,note:? (D-M-0000)",
    ));
    let moves = client(&server).moves(&Request::new(pos)).expect("moves");
    assert_eq!(
        moves[0].endgame(),
        Some(Endgame {
            outcome: Outcome::Win,
            metric: Metric::Dtm { steps: 15 }
        })
    );
    assert_eq!(moves[0].plies_to_mate(), Some(15));
    assert_eq!(moves[0].winrate, None);
    assert_eq!(moves[2].endgame().map(|e| e.outcome), Some(Outcome::Draw));
    assert_eq!(moves[2].plies_to_mate(), None);
}

#[test]
fn a_line_a_score_and_a_move_to_play() {
    let server = Server::start(|q, _| match q.get("action") {
        Some("querypv") => Reply::ok("score:1,depth:4,pv:h2e2|h9g7|h0g2|i9h9"),
        Some("queryscore") => Reply::ok("eval:1"),
        Some("querybest") => Reply::ok("move:h2e2"),
        Some("queue") => Reply::ok("ok"),
        _ => Reply::ok("unknown"),
    });
    let c = client(&server);
    let pv = c.pv(&start()).expect("a line");
    let line: Vec<String> = pv.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!((pv.score, pv.depth), (1, 4));
    assert_eq!(line, ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(c.score(&start()), Ok(1));
    assert_eq!(
        c.best(&start()).map(|b| b.first().map(|m| m.to_string())),
        Ok(Some("h2e2".to_owned()))
    );
    assert!(matches!(c.best(&start()), Ok(BestMove::Book(_))));
    assert_eq!(c.queue(&start()), Ok(true));
    let queue = server
        .queries()
        .into_iter()
        .find(|q| q.get("action") == Some("queue"))
        .expect("the queue query");
    // The queue query carries the board and nothing else.
    assert_eq!(queue.params.len(), 2, "{queue:?}");
}

#[test]
fn a_mirror_answering_in_json_is_read_alike() {
    let server = Server::always(Reply::raw(
        r#"{"status":"ok","moves":[{"uci":"h2e2","score":1,"rank":2,"note":"! (35-12)","winrate":"50.07"}]}"#,
    ));
    let moves = client(&server).moves(&start()).expect("moves");
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].winrate, Some(50.07));
}

#[test]
fn malformed_replies_are_errors_quoting_them() {
    for reply in [
        "hello",
        "move:h2e2,score:one,rank:2,note:! (01-01)",
        // Legal in form, not on this board: the chariot cannot pass its soldier.
        "move:a0a5,score:3,rank:2,note:! (01-01)",
        "",
    ] {
        let server = Server::always(Reply::ok(reply));
        match client(&server).moves(&start()) {
            Err(CloudError::Malformed { reply: quoted, .. }) => assert_eq!(quoted, reply),
            other => panic!("{reply:?} gave {other:?}"),
        }
    }
}

#[test]
fn a_slow_server_times_out_and_is_not_asked_again() {
    let server = Server::always(Reply::slow(OPENING, Duration::from_secs(3)));
    let settings = ClientSettings {
        timeout: Duration::from_millis(300),
        ..server.settings()
    };
    let c = ChessDb::new(settings).expect("address");
    assert_eq!(
        c.moves(&start()),
        Err(CloudError::Timeout {
            after: Duration::from_millis(300)
        })
    );
    assert_eq!(server.count(), 1);
}

#[test]
fn too_many_requests_is_retried_then_refused() {
    let server = Server::always(Reply::status(429, "slow down"));
    assert_eq!(
        client(&server).moves(&start()),
        Err(CloudError::Refused {
            status: 429,
            reply: "slow down".to_owned()
        })
    );
    // The first attempt and two retries.
    assert_eq!(server.count(), 3);
    // The cloud's own words for it, with status 200, are the same refusal.
    let server = Server::always(Reply::ok("rate limit exceeded"));
    assert!(matches!(
        client(&server).moves(&start()),
        Err(CloudError::Refused { .. })
    ));
    assert_eq!(server.count(), 3);
}

#[test]
fn a_server_error_is_retried_and_may_pass() {
    let server = Server::always(Reply::status(500, "Error: Server operation error."));
    assert_eq!(
        client(&server).moves(&start()),
        Err(CloudError::Refused {
            status: 500,
            reply: "Error: Server operation error.".to_owned()
        })
    );
    assert_eq!(server.count(), 3);
    // A server that recovers on the second attempt answers.
    let server = Server::start(|_, n| match n {
        0 => Reply::status(503, "busy"),
        _ => Reply::ok(OPENING),
    });
    assert_eq!(client(&server).moves(&start()).map(|m| m.len()), Ok(4));
    assert_eq!(server.count(), 2);
    // Another refusal is not retried.
    let server = Server::always(Reply::status(403, "forbidden"));
    assert!(matches!(
        client(&server).moves(&start()),
        Err(CloudError::Refused { status: 403, .. })
    ));
    assert_eq!(server.count(), 1);
}

#[test]
fn a_dropped_connection_is_retried_then_reported() {
    let server = Server::always(Reply::dropped());
    let result = client(&server).moves(&start());
    assert!(
        matches!(result, Err(CloudError::Dropped { .. })),
        "{result:?}"
    );
    assert_eq!(server.count(), 3);
}

#[test]
fn no_network_unknown_and_refused_are_three_errors() {
    let settings = ClientSettings {
        server: closed_port_url(),
        ..ClientSettings::default()
    };
    let offline = ChessDb::new(settings)
        .expect("address")
        .moves(&start())
        .expect_err("nothing listens");
    assert_eq!(offline.key(), "offline", "{offline:?}");
    let unknown = Server::always(Reply::ok("unknown"));
    let unknown = client(&unknown).moves(&start()).expect_err("unknown");
    let refused = Server::always(Reply::status(429, ""));
    let refused = client(&refused).moves(&start()).expect_err("refused");
    assert_eq!(
        [offline.key(), unknown.key(), refused.key()],
        ["offline", "unknown", "refused"]
    );
}
