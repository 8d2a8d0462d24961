//! DhtmlXQ: a block as forums post it (GBK, comments with `||`, branches on branches) read by
//! content, and every XQF and 象棋桥 game of the corpus written as DhtmlXQ and read back to the
//! same record (tree, comments, start position, header).

use crate::common;

use common::{files_below, shared, TempFolder};
use qipu::ending::Outcome;
use qipu::formats::{read_dhtmlxq, read_record_bytes, read_record_file, write_dhtmlxq, FileKind};
use qipu::record::{Game, TagKey};

fn line(game: &Game, from: qipu::record::NodeId) -> Vec<String> {
    game.line_from(from)
        .iter()
        .map(|&n| game.move_of(n).expect("a move").to_string())
        .collect()
}

#[test]
fn a_forum_block_in_gbk_reads_by_content() {
    let text = "<p>赛后复盘：</p>\r\n[DhtmlXQ]\r\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\r\n\
        [DhtmlXQ_title]许银川 先胜 吕钦[/DhtmlXQ_title]\r\n[DhtmlXQ_event]全国象棋个人赛[/DhtmlXQ_event]\r\n\
        [DhtmlXQ_round]第5轮[/DhtmlXQ_round]\r\n[DhtmlXQ_red]许银川[/DhtmlXQ_red]\r\n\
        [DhtmlXQ_redteam]广东[/DhtmlXQ_redteam]\r\n[DhtmlXQ_black]吕钦[/DhtmlXQ_black]\r\n\
        [DhtmlXQ_result]红胜[/DhtmlXQ_result]\r\n\
        [DhtmlXQ_movelist]774770627967807089791022[/DhtmlXQ_movelist]\r\n\
        [DhtmlXQ_move_0_2_1]12427967[/DhtmlXQ_move_0_2_1]\r\n\
        [DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2]\r\n\
        [DhtmlXQ_comment0]中炮对屏风马||第二行[/DhtmlXQ_comment0]\r\n\
        [DhtmlXQ_comment2]屏风马[/DhtmlXQ_comment2]\r\n\
        [DhtmlXQ_comment1_2]顺炮[/DhtmlXQ_comment1_2]\r\n[/DhtmlXQ]\r\n";
    let (bytes, _, _) = encoding_rs::GBK.encode(text);
    assert_eq!(qipu::formats::FileKind::detect(&bytes), FileKind::DhtmlXq);
    let file = read_record_bytes(&bytes);
    let [read] = &file.games[..] else {
        panic!("one game: {:?}", file.games)
    };
    assert!(read.error.is_none(), "{:?}", read.error);
    let game = read.game.as_ref().expect("a game");
    let tag = |key: TagKey| game.tags().get(&key).unwrap_or("").to_owned();
    assert_eq!(tag(TagKey::Event), "全国象棋个人赛");
    assert_eq!(tag(TagKey::Round), "第5轮");
    assert_eq!(tag(TagKey::RedTeam), "广东");
    assert_eq!(tag(TagKey::Other("Title".to_owned())), "许银川 先胜 吕钦");
    assert_eq!(game.result(), Some(Outcome::RedWins));
    let root = game.root();
    assert_eq!(game.comment(root), "中炮对屏风马\n第二行");
    assert_eq!(
        line(game, root),
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
    );
    assert_eq!(game.move_count(), 9);
    let first = game.children(root)[0];
    // Branch 1 replaces ply 2 (炮８平５ for 马８进７); branch 2 replaces its ply 3.
    let branch1 = game.children(first)[1];
    assert_eq!(
        game.move_of(branch1).map(|m| m.to_string()).as_deref(),
        Some("b7e7")
    );
    assert_eq!(line(game, branch1), ["h0g2"]);
    assert_eq!(game.comment(branch1), "顺炮");
    assert_eq!(game.comment(game.children(first)[0]), "屏风马");
    let branch2 = game.children(branch1)[1];
    assert_eq!(
        game.move_of(branch2).map(|m| m.to_string()).as_deref(),
        Some("b0c2")
    );
}

#[test]
fn every_corpus_game_round_trips() {
    let corpus = shared().join("corpus");
    let mut files = files_below(&corpus, &["xqf", "cbl", "cbr", "cbf"]);
    files.sort();
    let (mut games, mut nodes) = (0, 0);
    for path in files {
        let file = read_record_file(&path).expect("readable");
        for game in file.games.into_iter().filter_map(|g| g.game) {
            let written = write_dhtmlxq(&game);
            assert!(
                written.losses.is_empty(),
                "{}: {:?}",
                path.display(),
                written.losses
            );
            let back = read_dhtmlxq(&written.text);
            let [Ok(back)] = &back[..] else {
                panic!("{}: {back:?}", path.display())
            };
            assert!(
                back.errors.is_empty(),
                "{}: {:?}",
                path.display(),
                back.errors
            );
            assert!(
                back.game.same_record(&game),
                "{}: the record read back differs",
                path.display()
            );
            games += 1;
            nodes += game.move_count();
        }
    }
    assert!(games > 350, "{games} games");
    assert!(nodes > 100_000, "{nodes} moves");
}

#[test]
fn convert_writes_dhtmlxq_and_reads_it_back() {
    let input = common::shared_path("data/samples/XQFEXAMB.XQF");
    let input = input.to_str().expect("UTF-8 path");
    let dir = TempFolder::new("dhtmlxq");
    let block = dir.join("game.txt");
    let block = block.to_str().expect("UTF-8 path");
    let (code, _, err) = common::qipu(&["convert", input, "--to", "dhtmlxq", "-o", block]);
    assert_eq!((code, err.as_str()), (0, ""));
    let text = std::fs::read_to_string(block).expect("UTF-8");
    assert!(text.starts_with("[DhtmlXQ]\n") && text.ends_with("[/DhtmlXQ]\n"));
    assert!(text.contains("[DhtmlXQ_binit]"));
    let a = common::qipu(&["convert", input]);
    let b = common::qipu(&["convert", block]);
    assert_eq!(a.0, 0);
    assert_eq!(a, b);
}
