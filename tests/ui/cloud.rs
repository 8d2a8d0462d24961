//! The cloud database in the window, against a cloud on 127.0.0.1 that answers as chessdb.cn's
//! documentation says: nothing is sent before the user agrees; then the cloud's moves are shown
//! in the analysis panel and the opening tree and drawn as arrows, they follow the board, and a
//! position asked again is answered from the cache; no network, an unknown position and a
//! refusal are three calm messages. No test reaches beyond this machine.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::rules::{Color, Move, Position};
use qipu::ui::{
    AppCommand, CloudSettings, EngineChoice, Panel, PlaySettings, QipuApp, SessionCommand,
};

use crate::cloud_server::{closed_port_url, Reply, Server};
use crate::support::{self, type_over, wait_for, Scripted};

/// The cloud's moves from the start, as `queryall` gives them.
const OPENING: &str = "move:h2e2,score:1,rank:2,note:! (35-12),winrate:50.07|\
move:b2e2,score:0,rank:2,note:! (33-11),winrate:50.00|\
move:h0g2,score:-12,rank:1,note:* (20-05),winrate:49.09|\
move:a3a4,score:-70,rank:0,note:? (04-01),winrate:44.71";

/// Black's answers to 炮二平五.
const REPLY: &str = "move:h7e7,score:-3,rank:2,note:! (30-10),winrate:49.80|\
move:h9g7,score:-8,rank:1,note:* (28-09),winrate:49.52";

/// A cloud answering the start position with [`OPENING`], the position after h2e2 with
/// [`REPLY`], and any other as unknown.
fn cloud() -> Server {
    let start = Position::startpos().to_fen();
    let after = Position::startpos()
        .play(Move::parse_iccs("h2e2").expect("ICCS"))
        .expect("legal")
        .to_fen();
    let board = |fen: &str| fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
    let (start, after) = (board(&start), board(&after));
    Server::start(move |query, _| match query.get("board").map(board) {
        Some(b) if b == start => Reply::ok(OPENING),
        Some(b) if b == after => Reply::ok(REPLY),
        _ => Reply::ok("unknown"),
    })
}

/// The app in a large window, the analysis panel and the opening tree shown.
fn app() -> Harness<'static, QipuApp> {
    let mut harness = support::app([1400.0, 950.0], Scripted::default(), None);
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, AppCommand::ToggleAnalysis);
    let layout = harness
        .state()
        .session()
        .layout()
        .with_shown(Panel::Tree, true);
    harness
        .state_mut()
        .apply(&ctx, SessionCommand::SetLayout(layout));
    harness.run();
    harness
}

/// Click the widget labelled `label`, a frame to take the click and one to answer it (no
/// settling: a spinner may turn while the cloud is asked).
fn press(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.step();
    harness.step();
}

/// The cloud's arrows on the board.
fn cloud_arrows(harness: &Harness<'_, QipuApp>) -> Vec<qipu::ui::board::EngineArrow> {
    harness
        .state()
        .engine_arrows()
        .into_iter()
        .filter(|a| a.cloud)
        .collect()
}

/// How many widgets carry `label`.
fn count(harness: &Harness<'_, QipuApp>, label: &str) -> usize {
    harness.query_all_by_label(label).count()
}

#[test]
fn the_clouds_moves_are_shown_and_drawn_once_the_user_agrees() {
    let server = cloud();
    let mut harness = app();
    // The switch asks first: nothing is sent until the user answers yes.
    press(&mut harness, "Cloud database");
    assert!(
        harness.query_by_label("Turn the cloud on").is_some(),
        "the question is asked"
    );
    assert_eq!(server.count(), 0, "nothing sent before the answer");
    type_over(&mut harness, "Server", &server.url());
    press(&mut harness, "Turn the cloud on");
    wait_for(&mut harness, "the cloud's moves from the start", |h| {
        cloud_arrows(h).len() == 3
    });
    let arrows = cloud_arrows(&harness);
    let ranked: Vec<(String, u32)> = arrows.iter().map(|a| (a.mv.to_string(), a.rank)).collect();
    assert_eq!(
        ranked,
        [
            ("h2e2".to_owned(), 1),
            ("b2e2".to_owned(), 2),
            ("h0g2".to_owned(), 3)
        ]
    );
    assert_eq!(arrows[0].label, "Cloud database 1. 炮二平五 +0.01");
    // In the panel and in the tree: the move in the user's notation, its win rate, its note.
    assert_eq!(count(&harness, "炮二平五"), 2, "panel and tree");
    assert_eq!(count(&harness, "50.1%"), 2, "panel and tree");
    assert_eq!(count(&harness, "! (35-12)"), 1, "the note, in the panel");
    assert_eq!(
        count(&harness, "Red -0.70"),
        1,
        "a3a4's score, in the panel"
    );
    assert_eq!(count(&harness, "From the cloud database, just now."), 2);

    // Played from the panel: Black's moves follow, seen from Red and from Black.
    harness
        .query_all_by_label("炮二平五")
        .next()
        .expect("the cloud's best move")
        .click();
    wait_for(&mut harness, "Black's moves", |h| {
        let arrows = cloud_arrows(h);
        arrows.len() == 2
            && arrows.iter().all(|a| {
                h.state()
                    .session()
                    .position()
                    .piece_at(a.mv.from)
                    .map(|p| p.color)
                    == Some(Color::Black)
            })
    });
    assert_eq!(count(&harness, "Red +0.03"), 1);
    assert_eq!(count(&harness, "Black -0.03"), 1);
    assert_eq!(server.count(), 2);

    // Back at the start: the cache answers, and says how old its answer is.
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(&ctx, SessionCommand::Undo);
    wait_for(&mut harness, "the start's moves again", |h| {
        cloud_arrows(h).len() == 3
    });
    assert_eq!(
        count(&harness, "From the cache, less than a minute old."),
        2
    );
    assert_eq!(server.count(), 2, "the cache answered");

    // Turned off: the moves and arrows go, and nothing more is sent.
    press(&mut harness, "Cloud database");
    assert!(cloud_arrows(&harness).is_empty());
    assert_eq!(count(&harness, "炮二平五"), 0);
    harness.state_mut().apply(
        &ctx,
        SessionCommand::TryMove(Move::parse_iccs("h2e2").expect("ICCS")),
    );
    harness.run();
    assert_eq!(server.count(), 2, "nothing sent while off");
}

/// The app with the cloud on at `server`.
fn app_asking(server: String) -> Harness<'static, QipuApp> {
    let mut harness = app();
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(
        &ctx,
        AppCommand::SetCloud(CloudSettings {
            asked: true,
            enabled: true,
            server,
        }),
    );
    harness.step();
    harness
}

#[test]
fn no_network_an_unknown_position_and_a_refusal_are_three_calm_messages() {
    let offline = "No network: the cloud database cannot be reached.";
    let unknown = "The cloud database does not know this position.";
    let refused = "The cloud database declined the query (too many queries, or it is busy); \
                   try again later.";
    // The network off: the server's address is a closed port.
    let mut harness = app_asking(closed_port_url());
    wait_for(&mut harness, "the no-network message", |h| {
        count(h, offline) == 2
    });
    assert!(cloud_arrows(&harness).is_empty());
    assert_eq!(count(&harness, unknown), 0);

    let server = Server::always(Reply::ok("unknown"));
    let mut harness = app_asking(server.url());
    wait_for(&mut harness, "the unknown-position message", |h| {
        count(h, unknown) == 2
    });
    assert_eq!(count(&harness, offline), 0);

    let server = Server::always(Reply::status(429, "rate limit exceeded"));
    let mut harness = app_asking(server.url());
    wait_for(&mut harness, "the refusal", |h| count(h, refused) == 2);
    assert_eq!(count(&harness, unknown), 0);
    assert_eq!(server.count(), 3, "asked, then twice again after a wait");
}

#[test]
fn the_computer_opens_with_the_clouds_move_then_its_engine_plays() {
    let start = Position::startpos().to_fen();
    let start: String = start.split(' ').take(2).collect::<Vec<_>>().join(" ");
    // The cloud's book has a move for the start (one no engine would choose), none after it.
    let server = Server::start(
        move |query, _| match (query.get("action"), query.get("board")) {
            (Some("querybest"), Some(board)) if board.starts_with(&start) => Reply::ok("move:i0i1"),
            _ => Reply::ok("unknown"),
        },
    );
    let mut harness = crate::computer::app();
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(
        &ctx,
        AppCommand::SetCloud(CloudSettings {
            asked: true,
            enabled: true,
            server: server.url(),
        }),
    );
    harness.state_mut().apply(
        &ctx,
        AppCommand::PlayComputer(PlaySettings {
            computer: Color::Red,
            engine: EngineChoice {
                level: 0,
                ..EngineChoice::default()
            },
            move_time: std::time::Duration::from_millis(100),
            cloud_book: true,
            ..PlaySettings::default()
        }),
    );
    wait_for(&mut harness, "the book's move", |h| {
        support::main_line(h) == ["i0i1"]
    });
    harness.state_mut().apply(
        &ctx,
        SessionCommand::TryMove(Move::parse_iccs("h7e7").expect("ICCS")),
    );
    // Out of the book: the engine answers.
    wait_for(&mut harness, "the engine's reply", |h| {
        support::main_line(h).len() == 3
    });
    let asked: Vec<Option<String>> = server
        .queries()
        .iter()
        .map(|q| q.get("action").map(str::to_owned))
        .collect();
    assert_eq!(
        asked,
        [Some("querybest".to_owned()), Some("querybest".to_owned())]
    );
}
