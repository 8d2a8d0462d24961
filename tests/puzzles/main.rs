//! Puzzles: the reader (record files and folders of real sets, games that are and are not
//! puzzles), the engine's judgement of a move other than the solution's, and the progress file
//! with its FSRS schedule.

#[path = "../common/mod.rs"]
mod common;

use chrono::{DateTime, Duration, TimeZone, Utc};
use common::{shared_path, TempFolder};
use qipu::engine::{Control, Engine, Line};
use qipu::formats::{read_pgn_text, write_pgn, PgnWriteOptions};
use qipu::notation::Script;
use qipu::puzzles::{
    judge, read_puzzle_set, trim_solution, Attempt, Finish, GameMistake, Goal, Pick, PickKind,
    Progress, Puzzle, StoreError, Trial, Verdict,
};
use qipu::record::{Game, Mark, TagKey};
use qipu::rules::{Color, Move, Position};

fn puzzle(pgn: &str) -> Option<Puzzle> {
    let game = read_pgn_text(pgn).next().and_then(Result::ok)?;
    Puzzle::from_game(game, "test".to_owned())
}

/// A game from `fen` with the moves `iccs`.
fn made(fen: &str, iccs: &[&str]) -> Game {
    let mut game = Game::new(Position::from_fen(fen).expect("FEN"));
    let mut at = game.root();
    for mv in iccs {
        at = game
            .play(at, Move::parse_iccs(mv).expect("ICCS"))
            .expect("legal");
    }
    game
}

/// Two chariots and a bare general: the chariot to the eighth rank, the general's one step,
/// the other chariot to the ninth: mate.
const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

const MATE_IN_TWO: &str = "4k4/9/9/9/9/9/9/9/9/RR1K5 w - - 0 1";

#[test]
fn a_game_from_a_set_up_position_is_a_puzzle_its_main_line_the_solution() {
    let mut game = made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"]);
    let first = game.main_line()[0];
    game.set_comment(first, "the first chariot");
    game.tags_mut().set(TagKey::Event, "Test");
    let text = write_pgn(&game, &PgnWriteOptions::qipu(Script::Simplified));
    let p = puzzle(&text).expect("a puzzle, read back from PGN");
    assert_eq!(p.solver(), Color::Red);
    assert_eq!(p.game.main_line().len(), 3);
    assert!(p.ends_in_mate());
    assert_eq!(p.solver_moves_from(p.game.root()), 2);
    let first = p.game.main_line()[0];
    assert_eq!(p.game.comment(first), "the first chariot");
    assert_eq!(p.solver_moves_from(first), 1);
    assert_eq!(p.title(), "Test");
    let again = Puzzle::from_game(game, "other".to_owned()).expect("a puzzle");
    assert_eq!(p.id, again.id, "the key is the start and the solution");
    let short = made(MATE_IN_TWO, &["a0a8", "e9f9"]);
    assert!(!Puzzle::from_game(short, String::new())
        .unwrap()
        .ends_in_mate());
}

/// Black's bare general on e9, Red's soldiers on d7 and f8: the soldier's step to d8 leaves
/// the general no move without a check, a stalemate, which loses (4.1.3).
const STALEMATE_IN_ONE: &str = "4k4/5P3/3P5/9/9/9/9/9/9/3K5 w - - 0 1";

#[test]
fn a_puzzle_s_goal_is_named_by_how_its_solution_ends() {
    let mate = Puzzle::from_game(made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"]), String::new());
    assert_eq!(mate.expect("a puzzle").finish(), Finish::Mate);
    let stalemate =
        Puzzle::from_game(made(STALEMATE_IN_ONE, &["d7d8"]), String::new()).expect("a puzzle");
    assert_eq!(stalemate.finish(), Finish::Stalemate);
    assert!(stalemate.ends_in_mate(), "the solver has to end the game");
    let going_on = Puzzle::from_game(made(MATE_IN_TWO, &["a0a8", "e9f9"]), String::new());
    assert_eq!(going_on.expect("a puzzle").finish(), Finish::Advantage);
}

#[test]
fn a_puzzle_made_from_a_mistake_knows_the_move_played_and_its_loss() {
    let mut game = made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"]);
    let played = game
        .play(game.root(), Move::parse_iccs("d0d1").expect("ICCS"))
        .expect("legal");
    game.set_mark(played, Some(Mark::Blunder));
    game.tags_mut().set(TagKey::parse("SourcePly"), "23");
    game.tags_mut().set(TagKey::parse("Loss"), "450");
    let p = Puzzle::from_game(game.clone(), String::new()).expect("a puzzle");
    assert_eq!(
        p.game_mistake(),
        Some(GameMistake {
            mv: Move::parse_iccs("d0d1").expect("ICCS"),
            ply: 23,
            loss: Some(450),
        })
    );
    game.tags_mut().remove(&TagKey::parse("Loss"));
    let older = Puzzle::from_game(game.clone(), String::new()).expect("a puzzle");
    assert_eq!(older.game_mistake().and_then(|m| m.loss), None);
    game.tags_mut().remove(&TagKey::parse("SourcePly"));
    let set_up = Puzzle::from_game(game, String::new()).expect("a puzzle");
    assert_eq!(set_up.game_mistake(), None, "a set-up puzzle has no game");
}

#[test]
fn games_from_the_initial_position_and_positions_without_moves_are_not_puzzles() {
    let opening = made(START, &["h2e2", "h9g7"]);
    assert!(Puzzle::from_game(opening, String::new()).is_none());
    assert!(Puzzle::from_game(made(MATE_IN_TWO, &[]), String::new()).is_none());
    let mut mistake = made(START, &["h2e2"]);
    assert!(Puzzle::from_game(mistake.clone(), String::new()).is_none());
    mistake.tags_mut().set(TagKey::parse("SourcePly"), "1");
    assert!(
        Puzzle::from_game(mistake, String::new()).is_some(),
        "a mistake at the first move"
    );
}

#[test]
fn the_xqbase_funny_puzzles_read_as_a_set_of_mates() {
    let folder = shared_path("corpus/xqwizard_liangqi/www.xqbase.com/funnychess");
    let set = read_puzzle_set(&folder).unwrap_or_else(|e| panic!("{e}"));
    assert!(set.puzzles.len() > 100, "{} puzzles", set.puzzles.len());
    let first = &set.puzzles[0];
    assert_eq!(first.source, "001.pgn");
    assert_eq!(first.solver(), Color::Red);
    assert_eq!(first.game.main_line().len(), 9);
    assert!(first.ends_in_mate());
    assert_eq!(first.solver_moves_from(first.game.root()), 5);
    let mates = set.puzzles.iter().filter(|p| p.ends_in_mate()).count();
    assert!(mates * 2 > set.puzzles.len(), "{mates} mates");
}

#[test]
fn the_xqf_collection_of_mating_patterns_reads_from_its_folders() {
    let folder = shared_path("corpus/cchess_qt_hbsxcjp/chessManual/象棋杀着大全.xqf");
    let set = read_puzzle_set(&folder).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.puzzles.len() + set.left_out, 17);
    assert!(set.puzzles.len() >= 15, "{} puzzles", set.puzzles.len());
    assert!(
        set.puzzles[0].source.starts_with("01单兵和单炮类/"),
        "{}",
        set.puzzles[0].source
    );
}

fn trial(fen: &str, tried: &str, expected: &str, goal: Goal) -> Trial {
    let start = Position::from_fen(fen).expect("FEN");
    Trial {
        line: Line::new(start, Vec::new()).expect("line"),
        tried: Move::parse_iccs(tried).expect("ICCS"),
        expected: Move::parse_iccs(expected),
        goal,
    }
}

/// The general on e9 beside its advisor, the chariot on a8 holding the eighth rank, Red's
/// general the d-file: the chariot's b1b9 and the horse's e5f7 both mate at once; the check
/// a8a9 lets the general out to e8.
const TWO_MATES: &str = "4ka3/R8/9/9/4N4/9/9/9/1R7/3K5 w - - 0 1";

#[test]
fn another_mate_as_short_is_accepted_and_a_check_that_does_not_mate_refused() {
    let mut engine = Engine::default();
    let control = Control::new(false);
    let other = judge(
        &mut engine,
        &trial(TWO_MATES, "e5f7", "b1b9", Goal::Mate(1)),
        &control,
    );
    assert_eq!(
        other,
        Some(Verdict::Accepted {
            reply: None,
            next: None
        })
    );
    let check = judge(
        &mut engine,
        &trial(TWO_MATES, "a8a9", "b1b9", Goal::Mate(1)),
        &control,
    );
    assert_eq!(
        check,
        Some(Verdict::Refused),
        "a check the general steps out of"
    );
}

#[test]
fn where_the_goal_is_a_score_a_move_that_gives_material_away_is_refused() {
    let mut engine = Engine::default();
    let control = Control::new(false);
    // A chariot each: taking the black one is the solution; walking away from it is not.
    let fen = "3k5/9/9/9/r8/9/9/9/R8/4K4 w - - 0 1";
    let take = judge(
        &mut engine,
        &trial(fen, "a1a5", "a1a5", Goal::Score),
        &control,
    );
    assert!(matches!(take, Some(Verdict::Accepted { .. })), "{take:?}");
    let away = judge(
        &mut engine,
        &trial(fen, "a1b1", "a1a5", Goal::Score),
        &control,
    );
    assert_eq!(away, Some(Verdict::Refused));
}

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 3, 8, 0, 0).unwrap()
}

#[test]
fn new_puzzles_come_in_the_sets_order_and_a_failed_one_comes_back_first_once_due() {
    let mut p = Progress::in_memory().unwrap();
    let ids = [30, 10, 20];
    let t = start();
    assert_eq!(
        p.pick(&ids, t).unwrap(),
        Some(Pick {
            index: 0,
            kind: PickKind::New
        })
    );
    p.record(30, Attempt::Failed, t).unwrap();
    p.record(10, Attempt::Solved, t).unwrap();
    // Again is due in a minute, Good in ten: the new one comes first now.
    assert_eq!(p.pick(&ids, t).unwrap().map(|x| x.index), Some(2));
    assert_eq!(p.counts(&ids, t).unwrap(), (0, 1));
    let later = t + Duration::minutes(5);
    assert_eq!(
        p.pick(&ids, later).unwrap(),
        Some(Pick {
            index: 0,
            kind: PickKind::Due
        }),
        "the failed puzzle is due before the new one"
    );
    let failed = p.card(30).unwrap().unwrap();
    let solved = p.card(10).unwrap().unwrap();
    assert_eq!(failed.due, t + Duration::minutes(1));
    assert_eq!(solved.due, t + Duration::minutes(10));
    assert_eq!(p.attempts(30).unwrap(), (1, 0));
    assert_eq!(p.attempts(10).unwrap(), (1, 1));
    // All tried, nothing due: the one due soonest, early.
    p.record(20, Attempt::SolvedWithHint, t).unwrap();
    assert_eq!(
        p.pick(&ids, t).unwrap(),
        Some(Pick {
            index: 0,
            kind: PickKind::Early
        })
    );
    assert_eq!(p.pick(&[], t).unwrap(), None);
}

#[test]
fn progress_is_kept_in_the_file_and_a_newer_or_foreign_file_is_refused() {
    let dir = TempFolder::new("progress");
    let path = dir.join("puzzles.sqlite");
    let t = start();
    {
        let mut p = Progress::open(&path).unwrap();
        p.record(7, Attempt::Solved, t).unwrap();
    }
    let p = Progress::open(&path).unwrap();
    let card = p.card(7).unwrap().expect("kept");
    assert_eq!(card.reps, 1);
    assert_eq!(card.state, rs_fsrs::State::Learning);
    drop(p);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE meta SET value = '99' WHERE key = 'schema_version'",
        [],
    )
    .unwrap();
    drop(conn);
    match Progress::open(&path) {
        Err(StoreError::NewerSchema { found: 99, .. }) => {}
        other => panic!("{:?}", other.err()),
    }
    let other = dir.join("other.sqlite");
    let conn = rusqlite::Connection::open(&other).unwrap();
    conn.execute_batch("CREATE TABLE t (x INTEGER);").unwrap();
    drop(conn);
    assert!(matches!(
        Progress::open(&other),
        Err(StoreError::NotQipu(_))
    ));
}

#[test]
fn the_ccpd_mating_exercises_read_from_the_archive_as_puzzles() {
    use std::io::Read;
    let packed = std::fs::read(shared_path("corpus/ccpd-dev.tar.xz")).unwrap();
    let mut tar = Vec::new();
    lzma_rs::xz_decompress(&mut packed.as_slice(), &mut tar).expect("the archive is valid xz");
    let mut archive = tar::Archive::new(tar.as_slice());
    let (mut files, mut puzzles, mut mates, mut games) = (0, 0, 0, 0);
    for entry in archive.entries().expect("a tar archive") {
        let mut entry = entry.expect("a tar entry");
        let name = entry.path().expect("a name").to_string_lossy().into_owned();
        if !name.contains("殺局_殺法_練習題/") || !name.ends_with(".pgn") {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).expect("the entry's bytes");
        files += 1;
        for read in qipu::formats::read_record_bytes(&bytes).games {
            let game = read.game.expect("every exercise reads");
            if *game.start() == Position::startpos() {
                // A whole game that ended in a mating attack: a game, not a puzzle.
                games += 1;
            }
            if let Some(p) = Puzzle::from_game(game, name.clone()) {
                puzzles += 1;
                mates += usize::from(p.ends_in_mate());
            }
        }
    }
    // Each file one game: 63 exercises from a set-up position, 19 of them solved by a mate
    // (the others end where the loser resigned), and 14 whole games.
    assert_eq!((files, puzzles, mates, games), (77, 63, 19, 14));
}

#[test]
fn puzzles_are_read_from_the_games_of_the_database() {
    use qipu::database::{Database, ImportOptions, SearchQuery};
    use qipu::puzzles::puzzles_from_database;
    use std::sync::atomic::AtomicBool;
    let dir = TempFolder::new("puzzle-db");
    let folder = shared_path("corpus/xqwizard_liangqi/www.xqbase.com/funnychess");
    let mut db = Database::open_file(&dir.join("games.sqlite")).unwrap();
    db.import_paths(
        std::slice::from_ref(&folder),
        &ImportOptions::default(),
        &mut |_| {},
        &AtomicBool::new(false),
    )
    .unwrap();
    let ids: Vec<i64> = db
        .search(&SearchQuery::default())
        .unwrap()
        .into_iter()
        .map(|f| f.id)
        .collect();
    let from_db = puzzles_from_database(&mut db, "games.sqlite", &ids).unwrap();
    let from_files = read_puzzle_set(&folder).unwrap();
    assert_eq!(from_db.puzzles.len(), from_files.puzzles.len());
    // The same puzzles, kept under the same keys whichever way they were read.
    let mut a: Vec<i64> = from_db.puzzles.iter().map(|p| p.id).collect();
    let mut b: Vec<i64> = from_files.puzzles.iter().map(|p| p.id).collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
    assert!(from_db.puzzles[0].source.starts_with("games.sqlite #"));
}

fn iccs_line(game: &Game) -> Vec<String> {
    game.moves_to(game.main_line_end())
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Black's chariot on a5 hangs to Red's on a0; after the capture the engine's line goes on with
/// the generals stepping to and fro.
const CHARIOT_HANGS: &str = "4k4/9/9/9/r8/9/4p4/9/9/R4K3 w - - 0 1";

#[test]
fn a_solution_is_cut_once_the_advantage_is_decisive() {
    let mut game = made(
        CHARIOT_HANGS,
        &["a0a5", "e9d9", "f0f1", "d9e9", "f1f0", "e9d9"],
    );
    // The move played in the game, beside the solution, stays.
    game.play(game.root(), Move::parse_iccs("f0f1").expect("ICCS"))
        .expect("legal");
    let mut engine = Engine::default();
    let kept = trim_solution(&mut game, &mut engine, &Control::default());
    assert_eq!(kept, Some(1), "a chariot up is decisive");
    assert_eq!(iccs_line(&game), ["a0a5"]);
    assert_eq!(game.children(game.root()).len(), 2, "the game's move kept");
}

#[test]
fn a_quiet_line_is_cut_where_the_solver_s_move_is_no_longer_the_only_one() {
    // Chariot against chariot behind their advisors: nothing is decisive, and any waiting
    // move does as well as the line's second one.
    let mut game = made(
        "3aka2r/9/9/4p4/9/9/4P4/9/9/R2AKA3 w - - 0 1",
        &["a0a1", "i9i8", "a1a0", "i8i9", "a0a1", "i9i8"],
    );
    let kept = trim_solution(&mut game, &mut Engine::default(), &Control::default());
    assert_eq!(kept, Some(1));
    assert_eq!(iccs_line(&game), ["a0a1"]);
}

#[test]
fn a_mate_is_kept_whole() {
    let mut game = made(MATE_IN_TWO, &["a0a8", "e9f9", "b0b9"]);
    let kept = trim_solution(&mut game, &mut Engine::default(), &Control::default());
    assert_eq!(kept, Some(3));
    assert_eq!(iccs_line(&game), ["a0a8", "e9f9", "b0b9"]);
}
