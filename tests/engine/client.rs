//! The engine client against a real engine: Debian's Fairy-Stockfish (`fairy-stockfish`,
//! installed by `.ci/run`), in both of its protocols.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::TempFolder;

use qipu::engine_client::{
    EngineConfig, EngineError, EngineEvent, EngineThread, ExternalEngine, Limit, OptionKind,
    Protocol, RankBase, Request, SearchRequest, ThreadEvent, Value,
};
use qipu::rules::{Color, Move, Position};

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

/// Fairy-Stockfish in `protocol`; `None` off Linux (with the reason printed), where the Linux
/// program cannot be driven (`client_qipu.rs` checks the client there).
fn config(protocol: Protocol) -> Option<EngineConfig> {
    if !cfg!(target_os = "linux") {
        println!("skipped: Fairy-Stockfish is Debian's Linux program; tests/engine/client_qipu.rs checks the client here");
        return None;
    }
    assert!(
        Path::new(FAIRY_STOCKFISH).exists(),
        "these tests need Debian's fairy-stockfish package (apt-get install fairy-stockfish)"
    );
    let mut config = EngineConfig::path(FAIRY_STOCKFISH);
    config.protocol = protocol;
    Some(config)
}

fn iccs(text: &str) -> Move {
    Move::parse_iccs(text).unwrap()
}

fn from_start(moves: &[&str], limit: Limit) -> SearchRequest {
    SearchRequest::new(
        Position::startpos(),
        moves.iter().map(|m| iccs(m)).collect(),
        limit,
    )
}

#[test]
fn uci_handshake_reads_the_options_and_multipv_gives_distinct_lines() {
    let Some(config) = config(Protocol::Uci) else {
        return;
    };
    let mut engine = ExternalEngine::start(&config).unwrap();
    assert!(
        engine.name().contains("Fairy-Stockfish"),
        "{}",
        engine.name()
    );
    assert_eq!(
        engine.ranks(),
        RankBase::One,
        "UCI with UCI_Variant counts ranks 1-10"
    );
    let hash = engine.option("hash").expect("Hash is listed");
    assert!(
        matches!(hash.kind, OptionKind::Spin { min: 1, .. }),
        "{hash:?}"
    );
    assert!(engine.option("UCI_Variant").is_some());
    assert!(engine.option("No Such Option").is_none());
    assert!(matches!(
        engine.set_option("No Such Option", "1"),
        Err(EngineError::UnknownOption { .. })
    ));
    assert!(matches!(
        engine.set_option("MultiPV", "0"),
        Err(EngineError::OptionValue { .. })
    ));
    engine.set_option("MultiPV", "3").unwrap();
    let outcome = engine
        .search(&from_start(&["h2e2"], Limit::Depth(6)))
        .unwrap();
    let lines = outcome.lines.lines();
    assert_eq!(lines.len(), 3, "{lines:?}");
    let after = Position::startpos().play(iccs("h2e2")).unwrap();
    let firsts: Vec<Move> = lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts.iter().all(|&m| after.is_legal(m)), "{firsts:?}");
    assert_ne!(firsts[0], firsts[1]);
    assert_ne!(firsts[1], firsts[2]);
    assert_eq!(lines[0].multipv, 1);
    assert_eq!(lines[2].multipv, 3);
    assert_eq!(lines[0].depth, Some(6));
    let best = outcome.best.expect("a best move");
    assert!(after.is_legal(best));
    assert!(
        firsts.contains(&best),
        "the best move {best} heads one of the lines"
    );
}

#[test]
fn ucci_speaks_iccs_ranks_and_honours_banmoves() {
    let Some(config) = config(Protocol::Ucci) else {
        return;
    };
    let mut engine = ExternalEngine::start(&config).unwrap();
    assert_eq!(engine.protocol(), Protocol::Ucci);
    assert_eq!(engine.ranks(), RankBase::Zero);
    assert!(
        engine.option("Hash").is_some(),
        "UCCI option lines are read too"
    );
    let request = from_start(&["h2e2"], Limit::Depth(5));
    let first = engine.search(&request).unwrap().best.unwrap();
    let mut banned = request.clone();
    banned.banned = vec![first];
    let second = engine.search(&banned).unwrap().best.unwrap();
    assert_ne!(first, second, "the banned move {first} is not played");
    let after = Position::startpos().play(iccs("h2e2")).unwrap();
    assert!(after.is_legal(second));
}

#[test]
fn uci_bans_by_searchmoves() {
    let Some(config) = config(Protocol::Uci) else {
        return;
    };
    let mut engine = ExternalEngine::start(&config).unwrap();
    let request = from_start(&[], Limit::Depth(5));
    let first = engine.search(&request).unwrap().best.unwrap();
    let mut banned = request.clone();
    banned.banned = vec![first];
    let outcome = engine.search(&banned).unwrap();
    let second = outcome.best.unwrap();
    assert_ne!(first, second);
    assert!(outcome.lines.starting_with(first).is_none());
}

#[test]
fn a_mate_is_reported_as_mate_from_reds_side() {
    let Some(config) = config(Protocol::Uci) else {
        return;
    };
    let mut engine = ExternalEngine::start(&config).unwrap();
    // A chariot and the general against the bare general, Red to move, then mirrored with
    // Black to move.
    for (fen, mover) in [
        ("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", Color::Red),
        ("3k5/r8/9/9/9/9/9/9/9/4K4 b - - 0 1", Color::Black),
    ] {
        let start = Position::from_fen(fen).unwrap();
        let outcome = engine
            .search(&SearchRequest::new(start, vec![], Limit::Depth(10)))
            .unwrap();
        let score = outcome.lines.best().unwrap().score.unwrap();
        let Value::Mate { moves, mating } = score.value else {
            panic!("{fen}: a mate, not {score:?}");
        };
        assert!(mating && (1..=5).contains(&moves), "{fen}: {score:?}");
        let sign = if mover == Color::Red { "" } else { "-" };
        assert_eq!(score.for_red(mover).to_string(), format!("#{sign}{moves}"));
    }
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let Some(config) = config(Protocol::Uci) else {
        return;
    };
    let mut engine = ExternalEngine::start(&config).unwrap();
    let id = engine.go(&from_start(&[], Limit::Infinite)).unwrap();
    let mut infos = 0;
    let deadline = Instant::now() + Duration::from_secs(10);
    while infos < 3 {
        match engine.next_event(deadline).unwrap() {
            Some(EngineEvent::Info { search, .. }) if search == id => infos += 1,
            Some(other) => panic!("unexpected {other:?}"),
            None => panic!("no info within 10 s"),
        }
    }
    engine.stop().unwrap();
    let best = loop {
        match engine
            .next_event(Instant::now() + Duration::from_secs(5))
            .unwrap()
        {
            Some(EngineEvent::BestMove { search, best, .. }) => {
                assert_eq!(search, id);
                break best;
            }
            Some(EngineEvent::Info { .. }) => {}
            other => panic!("expected bestmove after stop, got {other:?}"),
        }
    };
    assert!(Position::startpos().is_legal(best.unwrap()));
    assert!(!engine.is_searching());
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn a_killed_engine_is_restarted_with_its_options() {
    let Some(config) = config(Protocol::Uci) else {
        return;
    };
    let mut engine = ExternalEngine::start(&config).unwrap();
    engine.set_option("MultiPV", "2").unwrap();
    let pid = engine.process_id();
    let status = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    std::thread::sleep(Duration::from_millis(100));
    let request = from_start(&[], Limit::Depth(4));
    let first = engine.search(&request);
    assert!(
        matches!(first, Err(EngineError::Restarted { .. })),
        "the search to a dead engine is reported lost: {first:?}"
    );
    assert_eq!(engine.restarts(), 1);
    assert_ne!(engine.process_id(), pid);
    let outcome = engine.search(&request).unwrap();
    assert_eq!(outcome.lines.lines().len(), 2, "MultiPV 2 was set again");
}

#[test]
fn illegal_lines_and_finished_positions_are_never_sent() {
    let Some(config) = config(Protocol::Uci) else {
        return;
    };
    let mut engine = ExternalEngine::start(&config).unwrap();
    let bad = from_start(&["h2e2", "h9g7", "e2e9"], Limit::Depth(2));
    assert!(matches!(
        engine.go(&bad),
        Err(EngineError::IllegalLine { ply: 3, .. })
    ));
    // Black's general on d9 is checked by the chariot on d0; e9 would face Red's general.
    let mated = Position::from_fen("3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1").unwrap();
    let request = SearchRequest::new(mated, vec![], Limit::Depth(2));
    assert!(matches!(
        engine.go(&request),
        Err(EngineError::NoLegalMove(_))
    ));
    assert!(!engine.is_searching());
    // The engine is still alive and well.
    assert!(engine
        .search(&from_start(&[], Limit::Depth(3)))
        .unwrap()
        .best
        .is_some());
}

#[test]
fn the_engine_thread_answers_by_messages() {
    let Some(config) = config(Protocol::Uci) else {
        return;
    };
    let (tx, messages) = std::sync::mpsc::channel();
    let thread = EngineThread::spawn(config, move |event| tx.send(event).is_ok());
    let wait = Duration::from_secs(10);
    match messages.recv_timeout(wait).ok() {
        Some(ThreadEvent::Ready { name, options }) => {
            assert!(name.contains("Fairy-Stockfish"));
            assert!(options.iter().any(|o| o.name == "MultiPV"));
        }
        other => panic!("{other:?}"),
    }
    assert!(thread.send(Request::Go(Box::new(from_start(
        &[],
        Limit::MoveTime(Duration::from_millis(100))
    )))));
    let id = match messages.recv_timeout(wait).ok() {
        Some(ThreadEvent::Started(id)) => id,
        other => panic!("{other:?}"),
    };
    loop {
        match messages.recv_timeout(wait).ok() {
            Some(ThreadEvent::Engine(EngineEvent::Info { .. })) => {}
            Some(ThreadEvent::Engine(EngineEvent::BestMove { search, best, .. })) => {
                assert_eq!(search, id);
                assert!(Position::startpos().is_legal(best.unwrap()));
                break;
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn an_engine_that_hangs_is_stopped_then_restarted() {
    if !cfg!(unix) {
        println!("skipped: the hanging engine is a shell script, run by /bin/sh");
        return;
    }
    // A shell script that shakes hands and then ignores every search.
    let dir = TempFolder::new("hang");
    let script = dir.join("hang.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read line; do case \"$line\" in\n uci) echo 'id name Hang'; echo 'uciok';;\n isready) echo readyok;;\n quit) exit 0;;\n esac; done\n",
    )
    .unwrap();
    let mut config = EngineConfig::path("/bin/sh");
    config.program = qipu::engine_client::EngineProgram::Path {
        path: "/bin/sh".into(),
        args: vec![script.display().to_string()],
    };
    let timeouts = qipu::engine_client::Timeouts {
        grace: Duration::from_millis(200),
        ..Default::default()
    };
    let mut engine = ExternalEngine::start_with(&config, timeouts).unwrap();
    assert_eq!(engine.name(), "Hang");
    let pid = engine.process_id();
    let result = engine.search(&from_start(&[], Limit::MoveTime(Duration::from_millis(50))));
    match result {
        Err(EngineError::Restarted { reason, .. }) => {
            assert!(reason.contains("no bestmove"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(engine.restarts(), 1);
    assert_ne!(engine.process_id(), pid);
}
