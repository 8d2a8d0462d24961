//! `qipu opening` on games of the corpus and on written games: each game's ECCO code by the
//! shipped table, as text and as JSON; the same position by another order of moves gets the
//! same code; a game from another start gets none.

#[path = "../common/mod.rs"]
mod common;

use common::{qipu, shared_path, TempFolder};

#[test]
fn opening_json_names_each_game_and_a_transposition_alike() {
    let dir = TempFolder::new("cli-opening-json");
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

/// `qipu opening --json` on one written game: its code, name and deciding ply.
fn opening_of(pgn_moves: &str, tags: &str, extra: &[&str]) -> serde_json::Value {
    let dir = TempFolder::new(&format!(
        "cli-opening-line-{}",
        pgn_moves.len() + tags.len()
    ));
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, format!("[Event \"e\"]\n{tags}\n{pgn_moves} *\n")).unwrap();
    let mut args = vec!["opening", "--json"];
    args.extend_from_slice(extra);
    args.push(pgn.to_str().unwrap());
    let (code, out, err) = qipu(&args);
    assert_eq!(code, 0, "{err}");
    let games: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    games[0].clone()
}

#[test]
fn two_plies_name_no_more_than_two_plies_define() {
    // XiangQi Wizard's own classifier: 1.炮二平五 马8进7 is B05, not a line of 屏风马 that
    // needs more moves; 1.炮二平五 炮8平5 is D00, not 顺炮直车 (D14), which needs a chariot.
    let left_horse = opening_of("1. 炮二平五 马8进7", "", &[]);
    assert_eq!(left_horse["ecco"], "B05", "{left_horse}");
    assert_eq!(left_horse["name"], "中炮对进左马");
    assert_eq!(left_horse["ply"], 2);
    let same_cannons = opening_of("1. 炮二平五 炮8平5", "", &[]);
    assert_eq!(same_cannons["ecco"], "D00", "{same_cannons}");
    assert_eq!(same_cannons["name"], "顺炮缓开车局");
    // The same from Red's left file: 炮八平五 炮２平５ is the mirror of the line above.
    let mirrored = opening_of("1. 炮八平五 炮2平5", "", &[]);
    assert_eq!(mirrored["ecco"], "D00", "{mirrored}");
    let elephant = opening_of("1. 相三进五", "", &[]);
    assert_eq!(elephant["ecco"], "A10", "{elephant}");
    assert_eq!(elephant["name"], "飞相局");
    assert_eq!(elephant["ply"], 1);
    // A longer game named from its first two plies only.
    let cut = opening_of(
        "1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 马2进3 4. 兵七进一 卒7进1",
        "",
        &["--plies", "2"],
    );
    assert_eq!(cut["ecco"], "B05", "{cut}");
}

#[test]
fn a_file_with_only_a_code_is_given_the_codes_name() {
    let tagged = opening_of("1. 相三进五 马8进7", "[ECCO \"A13\"]\n", &["--tags"]);
    assert_eq!(tagged["ecco"], "A13", "{tagged}");
    assert_eq!(tagged["name"], "飞相对进左马");
    assert_eq!(tagged["ply"], 0, "a tag, not a classification");
    // A name in the file is kept.
    let named = opening_of(
        "1. 相三进五 马8进7",
        "[ECCO \"A13\"]\n[Opening \"飞相局\"]\n",
        &["--tags"],
    );
    assert_eq!(named["name"], "飞相局", "{named}");
}

#[test]
fn agreement_is_measured_over_a_folder() {
    let dir = shared_path("corpus/xqwizard_liangqi/www.xqbase.com/league/league15");
    let (code, out, err) = qipu(&["opening", "--agree", dir.to_str().unwrap(), "--plies", "20"]);
    assert_eq!(code, 0, "{err}");
    let fields: Vec<&str> = out.trim().split(", ").collect();
    assert_eq!(fields.len(), 3, "{out}");
    let games: usize = fields[0].trim_start_matches("games ").parse().unwrap();
    let agreed: usize = fields[1].trim_start_matches("agreed ").parse().unwrap();
    assert!(games > 100, "{out}");
    assert!(agreed * 10 >= games * 9, "{out}");
    assert!(
        fields[2].starts_with("percent ") && fields[2].ends_with('%'),
        "{out}"
    );
}
