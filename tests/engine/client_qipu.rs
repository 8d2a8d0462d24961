//! The engine client against Qipu's own engine, `qipu uci`, on every system (on Windows, where
//! Fairy-Stockfish's tests are skipped, it is the engine the client is checked against): the
//! handshake, a search to a depth, a banned move, and the engine's pipes closed with it.

use qipu::engine_client::{
    EngineConfig, EngineProgram, ExternalEngine, Limit, Protocol, SearchRequest,
};
use qipu::rules::{Move, Position};

fn config() -> EngineConfig {
    EngineConfig {
        program: EngineProgram::Path {
            path: env!("CARGO_BIN_EXE_qipu").into(),
            args: vec!["uci".to_owned()],
        },
        protocol: Protocol::Uci,
        ..EngineConfig::builtin()
    }
}

#[test]
fn qipu_uci_through_the_client_plays_a_legal_move_and_honours_a_ban() {
    let mut engine = ExternalEngine::start(&config()).expect("qipu uci starts and answers uciok");
    assert_eq!(engine.name(), format!("Qipu {}", env!("CARGO_PKG_VERSION")));
    let central_cannon = Move::parse_iccs("h2e2").expect("ICCS");
    let request = SearchRequest::new(Position::startpos(), vec![central_cannon], Limit::Depth(3));
    let first = engine
        .search(&request)
        .expect("a search to depth 3")
        .best
        .expect("a best move");
    let after = Position::startpos()
        .play(central_cannon)
        .expect("the central cannon is legal");
    assert!(after.is_legal(first), "{first} is legal for Black");
    let mut banned = request.clone();
    banned.banned = vec![first];
    let second = engine
        .search(&banned)
        .expect("a search with a ban")
        .best
        .expect("a best move");
    assert_ne!(first, second, "the banned move {first} is not played");
    assert!(after.is_legal(second));
}
