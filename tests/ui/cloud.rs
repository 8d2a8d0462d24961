//! The cloud database in the window, against a cloud on 127.0.0.1 that answers as chessdb.cn's
//! documentation says: nothing is sent before the user agrees; then the cloud's moves are shown
//! in the analysis panel and the opening tree and drawn as arrows, they follow the board, and a
//! position asked again is answered from the cache; no network, an unknown position and a
//! refusal are three calm messages. A review takes the cloud's score where it knows the
//! position and the engine's elsewhere, and the engine's alone, said calmly, when the cloud
//! cannot be reached; the cloud's window shows its cache and clears it. No test reaches beyond
//! this machine.

use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipu::cloud::{CloudCache, CACHE_FILE};
use qipu::engine_client::Accuracy;
use qipu::record::{commands, Mark};
use qipu::rules::{Color, Move, Position};
use qipu::ui::{
    AppCommand, CloudSettings, EngineChoice, Panel, PlaySettings, QipuApp, SessionCommand,
};

use crate::cloud_server::{closed_port_url, Reply, Server};
use crate::common::TempFolder;
use crate::support::{self, click, type_over, wait_for, Scripted};

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
    turn_cloud_on(&mut harness, server);
    harness.step();
    harness
}

/// The user agreed to the cloud at `server`.
fn turn_cloud_on(harness: &mut Harness<'_, QipuApp>, server: String) {
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(
        &ctx,
        AppCommand::SetCloud(CloudSettings {
            asked: true,
            enabled: true,
            server,
        }),
    );
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

/// The game the reviews below read: 炮二平五 马8进7 马二进三 (h2e2 h9g7 h0g2).
const REVIEWED: [&str; 3] = ["h2e2", "h9g7", "h0g2"];

/// The board part of the FEN of the position after the first `plies` moves of [`REVIEWED`].
fn reviewed_board(plies: usize) -> String {
    let mut position = Position::startpos();
    for iccs in &REVIEWED[..plies] {
        position = position
            .play(Move::parse_iccs(iccs).expect("ICCS"))
            .expect("legal");
    }
    position
        .to_fen()
        .split(' ')
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A cloud that knows the first three positions of [`REVIEWED`] and not the last: after
/// 炮二平五 it scores 马8进7 247 centipawns below Black's best (a mistake no engine finds in it),
/// and gives the principal line from there.
fn reviewing_cloud() -> Server {
    let known = [
        (
            reviewed_board(0),
            "move:h2e2,score:1,rank:2,note:! (35-12),winrate:50.07",
        ),
        (
            reviewed_board(1),
            "move:h7e7,score:-3,rank:2,note:! (30-10),winrate:49.80|\
             move:h9g7,score:-250,rank:0,note:? (02-01),winrate:40.10",
        ),
        (
            reviewed_board(2),
            "move:h0g2,score:250,rank:2,note:! (12-03),winrate:59.90",
        ),
    ];
    Server::start(move |query, _| {
        let board = query.get("board").unwrap_or_default();
        let known = known.iter().find(|(b, _)| board.starts_with(b.as_str()));
        match (known, query.get("action")) {
            (Some((_, answer)), Some("queryall")) => Reply::ok(answer),
            // The principal line after 炮二平五, from its best move 炮8平5.
            (Some(_), Some("querypv")) if board.starts_with(&reviewed_board(1)) => {
                Reply::ok("score:-3,depth:3,pv:h7e7|h0g2|h9g7")
            }
            _ => Reply::ok("unknown"),
        }
    })
}

/// The app with the built-in engine, the cloud at `server` (`None`: never agreed to), and the
/// game [`REVIEWED`] on the board.
fn reviewing_app(server: Option<String>) -> Harness<'static, QipuApp> {
    let mut harness = crate::computer::app();
    if let Some(server) = server {
        turn_cloud_on(&mut harness, server);
    }
    let ctx = harness.ctx.clone();
    for iccs in REVIEWED {
        harness.state_mut().apply(
            &ctx,
            SessionCommand::TryMove(Move::parse_iccs(iccs).expect("ICCS")),
        );
    }
    harness.run();
    harness
}

/// The review's choice of the cloud.
const USE_CLOUD: &str = "Use the cloud database where it knows the position";

/// Game ▸ Review game…, the cloud chosen, Start review, until the review is in the game.
fn review_with_the_cloud(harness: &mut Harness<'_, QipuApp>) {
    click(harness, "Game");
    click(harness, "Review game…");
    click(harness, USE_CLOUD);
    harness.get_by_label("Start review").click();
    harness.step();
    wait_for(harness, "the review written into the game", |h| {
        Accuracy::from_tags(h.state().session().game())
            .black
            .is_some()
    });
    harness.run();
}

#[test]
fn a_review_takes_the_clouds_scores_where_it_knows_the_position() {
    let server = reviewing_cloud();
    let mut harness = reviewing_app(Some(server.url()));
    review_with_the_cloud(&mut harness);
    let game = harness.state().session().game().clone();
    let line = game.main_line();
    // Black's 马8进7 lost 247 centipawns by the cloud's scores: a mistake.
    assert_eq!(game.mark(line[1]), Some(Mark::Mistake));
    assert_eq!(game.mark(line[0]), None, "the cloud's best move");
    assert_eq!(game.mark(line[2]), None, "the cloud's best move");
    // The score after it is the cloud's, of the position it leads to (Red's best, +2.50).
    assert_eq!(commands::get(game.comment(line[1]), "eval"), Some("2.50"));
    harness.get_by_label("Positions scored: 3 by the cloud database, 1 by the engine.");
    let asked = |action: &str| {
        server
            .queries()
            .iter()
            .filter(|q| q.get("action") == Some(action))
            .count()
    };
    assert_eq!(asked("queryall"), 4, "each position asked once");
    // The mistake's better line is the cloud's principal line, whole; it was asked only where
    // a move other than the cloud's best was played.
    assert_eq!(asked("querypv"), 1);
    let better = game.children(line[0])[1];
    let mut shown = vec![better];
    while let Some(&next) = game.children(*shown.last().expect("a move")).first() {
        shown.push(next);
    }
    let moves: Vec<String> = shown
        .iter()
        .filter_map(|&node| game.move_of(node).map(|m| m.to_string()))
        .collect();
    assert_eq!(moves, ["h7e7", "h0g2", "h9g7"]);
}

#[test]
fn without_the_cloud_the_review_is_the_engines_said_calmly() {
    let mut harness = reviewing_app(Some(closed_port_url()));
    review_with_the_cloud(&mut harness);
    harness.get_by_label(
        "Positions scored: 0 by the cloud database, 4 by the engine. The cloud database could \
         not be reached: the engine scored the rest.",
    );
    let game = harness.state().session().game();
    assert_ne!(
        game.mark(game.main_line()[1]),
        Some(Mark::Mistake),
        "马8进7 is no mistake to the engine"
    );
}

#[test]
fn the_reviews_cloud_choice_is_greyed_until_the_cloud_is_agreed_to() {
    let mut harness = reviewing_app(None);
    click(&mut harness, "Game");
    click(&mut harness, "Review game…");
    let choice = harness.get_by_label(USE_CLOUD);
    assert!(choice.accesskit_node().is_disabled());
    assert_ne!(
        choice.accesskit_node().toggled(),
        Some(eframe::egui::accesskit::Toggled::True)
    );
}

#[test]
fn the_cloud_window_shows_the_cache_and_clears_it() {
    let dir = TempFolder::new("cloud-cache-window");
    let path = dir.join(CACHE_FILE);
    let cache = CloudCache::open(&path).expect("a cache");
    cache
        .put("chessdb", "queryall a", "move:h2e2,score:1")
        .expect("kept");
    cache
        .put("chessdb", "queryall b", "move:b2e2,score:0")
        .expect("kept");
    let bytes = cache.stats().expect("stats").bytes;
    drop(cache);
    let mut harness = crate::computer::app_saving_to(Some(dir.join("autosave.pgn")));
    let ctx = harness.ctx.clone();
    harness.state_mut().apply(
        &ctx,
        SessionCommand::TryMove(Move::parse_iccs("h2e2").expect("ICCS")),
    );
    harness.run();
    // Game ▸ Cloud database settings… opens the window, which measures the cache off the
    // window's thread.
    click(&mut harness, "Game");
    harness.get_by_label("Cloud database settings…").click();
    let full = format!("Cache: 2 positions, {bytes} B (limit 16.0 MiB).");
    wait_for(&mut harness, "the cache's size", |h| {
        h.query_by_label(&full).is_some()
    });
    harness.get_by_label("Clear cache").click();
    wait_for(&mut harness, "the cache cleared", |h| {
        h.query_by_label("The cache was cleared.").is_some()
    });
    harness.get_by_label("Cache: 0 positions, 0 B (limit 16.0 MiB).");
    assert_eq!(
        CloudCache::open(&path)
            .expect("a cache")
            .stats()
            .expect("stats")
            .entries,
        0
    );
    assert_eq!(
        support::main_line(&harness),
        ["h2e2"],
        "clearing never touches the game"
    );
}
