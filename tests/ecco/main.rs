//! `qipu opening` on games of the corpus and on written games: each game's ECCO code by the
//! shipped table, as text and as JSON; the same position by another order of moves gets the
//! same code; a game from another start gets none.

#[path = "../common/mod.rs"]
mod common;

use common::{qipu, shared_path};

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("qipu-cli-opening-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn opening_json_names_each_game_and_a_transposition_alike() {
    let dir = scratch("json");
    let pgn = dir.join("games.pgn");
    // 中炮 against 屏风马 in two orders of moves, then a game from a diagram.
    std::fs::write(
        &pgn,
        "[Event \"one\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 *\n\n\
         [Event \"two\"]\n\n1. h2e2 b9c7 2. h0g2 h9g7 3. i0h0 i9h9 *\n\n\
         [Event \"three\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n\n1. a0a9 *\n",
    )
    .unwrap();
    let (code, out, err) = qipu(&["opening", "--json", pgn.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let games: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let games = games.as_array().expect("an array");
    assert_eq!(games.len(), 3, "{out}");
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game["file"], pgn.to_str().unwrap());
        assert_eq!(game["game"], i + 1);
    }
    let ecco = games[0]["ecco"].as_str().expect("a code for 中炮对屏风马");
    assert!(ecco.starts_with('C') || ecco.starts_with('B'), "{ecco}");
    assert_eq!(games[1]["ecco"], games[0]["ecco"], "a transposition");
    assert_eq!(games[1]["ply"], games[0]["ply"]);
    let ply = games[0]["ply"].as_u64().unwrap();
    assert!((1..=6).contains(&ply), "{ply}");
    assert!(games[2]["ecco"].is_null() && games[2]["ply"].is_null());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn opening_text_agrees_with_most_tags_of_a_league() {
    let dir = shared_path("corpus/xqwizard_liangqi/www.xqbase.com/league/league15");
    let (code, out, err) = qipu(&["opening", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 100, "{out}");
    let mut agreed = 0;
    for line in &lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 5, "{line}");
        let file = qipu::formats::read_record_file(std::path::Path::new(fields[0])).unwrap();
        let game = file.games[0].game.as_ref().unwrap();
        if game.tags().get(&qipu::record::TagKey::Ecco) == Some(fields[2]) {
            agreed += 1;
        }
    }
    assert!(
        agreed * 10 >= lines.len() * 6,
        "{agreed} of {} agree with their tags",
        lines.len()
    );
    let (code, _, err) = qipu(&["opening"]);
    assert_eq!(code, 2, "{err}");
}
