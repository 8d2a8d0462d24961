//! The competition record through PGN: encode into a game, write, read back, decode.

use std::time::Duration;

use qipu::competition::{
    CompetitionRecord, CompetitionSettings, Contest, Entry, FoulClause, LogError, Moment,
    NoCaptureCount, Occurrence,
};
use qipu::ending::{Outcome, Reason};
use qipu::formats::pgn::clock::{decode, encode, plain_comment, DecodeError, EncodeError};
use qipu::formats::{read_pgn_text, write_pgn, PgnWriteOptions};
use qipu::notation::Script;
use qipu::record::{Game, TagKey};
use qipu::rules::{Color, Move, Position, Status};

fn secs(s: u64) -> Moment {
    Moment::after(Duration::from_secs(s))
}

fn game_with(moves: &str) -> Game {
    let mut game = Game::new(Position::startpos());
    let mut node = game.root();
    for mv in moves.split_whitespace() {
        node = game.play(node, Move::parse_iccs(mv).unwrap()).unwrap();
    }
    game
}

/// A game with something of every kind: absence and arrival, offers, a refusal by move, a false
/// claim with its foul and penalty, a pause with a reason that needs escaping, a correction, and
/// a loss on time.
fn eventful() -> CompetitionRecord {
    let mut settings = CompetitionSettings::new("40/90m,10/15m".parse().unwrap());
    settings.forfeit_after = Some(Duration::from_secs(3600));
    let mut c = Contest::new(settings, Color::Red);
    c.start(Moment::ZERO, &[Color::Black]).unwrap();
    c.play(secs(12), Status::Ongoing).unwrap();
    c.arrive(Color::Black, secs(300)).unwrap();
    c.make_move(secs(330), Status::Ongoing).unwrap();
    c.offer_draw(Color::Black, secs(331)).unwrap();
    c.press(Moment::after(Duration::from_millis(331_500)))
        .unwrap();
    c.play(secs(400), Status::Ongoing).unwrap(); // Red refuses by moving
    let count = NoCaptureCount {
        plies: 3,
        red_checks: 0,
        black_checks: 0,
    };
    c.claim_natural_limit(Color::Black, count, secs(410))
        .unwrap();
    c.pause(
        "board knocked {see note] \"50%\"\nsecond line".into(),
        secs(420),
    )
    .unwrap();
    c.correct_clock(
        Color::Black,
        Duration::from_secs(600),
        Some(1),
        "one move".into(),
        secs(500),
    )
    .unwrap();
    c.resume(secs(510)).unwrap();
    c.foul(
        Color::Red,
        FoulClause::Disturbance,
        String::new(),
        secs(520),
    )
    .unwrap();
    assert!(c.update(secs(2000)).is_some());
    c.record()
}

#[test]
fn every_entry_survives_pgn() {
    let record = eventful();
    assert_eq!(record.result().unwrap().ending.reason, Reason::LossOnTime);
    let mut game = game_with("h2e2 h9g7 h0g2");
    game.set_comment(game.root(), "Round 3, board 1");
    let second = game.main_line()[1];
    game.set_comment(second, "好棋 [%csl Rg7]");
    encode(&record, &mut game).unwrap();
    assert_eq!(game.tags().get(&TagKey::TimeControl), Some("40/90m,10/15m"));
    assert_eq!(game.result(), Some(Outcome::RedWins));
    let first = game.comment(game.main_line()[0]);
    assert_eq!(
        first,
        "[%clk 1:29:48] [%emt 0:00:12] [%at 0:00:12] [%arrive black late=0:05:00 @0:05:00]"
    );
    // Another program's command and the user's text are kept; ours are hidden from readers.
    assert_eq!(plain_comment(game.comment(second)), "好棋 [%csl Rg7]");
    assert_eq!(plain_comment(game.comment(game.root())), "Round 3, board 1");

    let text = write_pgn(&game, &PgnWriteOptions::qipu(Script::Simplified));
    assert!(text.contains("[TimeControl \"40/90m,10/15m\"]"), "{text}");
    assert!(text.contains("[LateForfeit \"60m\"]"), "{text}");
    assert!(text.contains("[%offer black @0:05:31]"), "{text}");
    let read = read_pgn_text(&text).next().unwrap().unwrap();
    let back = decode(&read).unwrap().unwrap();
    assert_eq!(back, record);
    assert_eq!(
        plain_comment(read.comment(read.main_line()[1])),
        "好棋 [%csl Rg7]"
    );
    // The XiangQi Wizard layout keeps tags and comments too.
    let text = write_pgn(&game, &PgnWriteOptions::xiangqi_wizard(Script::Simplified));
    let read = read_pgn_text(&text).next().unwrap().unwrap();
    assert_eq!(decode(&read).unwrap().unwrap(), record);
}

#[test]
fn encoding_twice_does_not_repeat_the_commands() {
    let record = eventful();
    let mut game = game_with("h2e2 h9g7 h0g2");
    encode(&record, &mut game).unwrap();
    let once = game.clone();
    encode(&record, &mut game).unwrap();
    assert!(game.same_record(&once));
}

#[test]
fn a_log_longer_than_the_record_is_refused() {
    let record = eventful();
    let mut game = game_with("h2e2 h9g7");
    assert_eq!(
        encode(&record, &mut game),
        Err(EncodeError { ply: 3, moves: 2 })
    );
}

#[test]
fn the_result_entry_reads_back_with_its_sentence() {
    let mut c = Contest::new(
        CompetitionSettings::new("6.5/20m".parse().unwrap()),
        Color::Red,
    );
    c.start(Moment::ZERO, &[]).unwrap();
    c.play(secs(30), Status::Ongoing).unwrap();
    c.play(secs(45), Status::Checkmate).unwrap();
    let mut game = game_with("h2e2 h9g7");
    encode(&c.record(), &mut game).unwrap();
    let last = game.comment(game.main_line()[1]);
    assert_eq!(
        last,
        "[%clk 0:19:45] [%emt 0:00:15] [%at 0:00:45] \
         [%result 0-1 checkmate ply=2 red=0:00:30 black=0:00:15 @0:00:45]"
    );
    let back = decode(&game).unwrap().unwrap();
    let result = back.result().unwrap();
    assert_eq!(
        (result.ending.outcome, result.ending.reason),
        (Outcome::BlackWins, Reason::Checkmate)
    );
    assert_eq!(game.result(), Some(Outcome::BlackWins));
}

#[test]
fn chess_style_clock_comments_and_time_controls_are_read() {
    // A file from elsewhere: seconds in the tag, only [%clk] and [%emt] in the comments.
    let text = "[TimeControl \"40/5400:900+30\"]\n\n1. h2e2 {[%clk 1:29:50] [%emt 0:00:10]} h9g7 {[%clk 1:29:40]} *\n";
    let game = read_pgn_text(text).next().unwrap().unwrap();
    let record = decode(&game).unwrap().unwrap();
    assert_eq!(record.settings.control.to_string(), "40/90m,sd/15m+30s");
    let moves: Vec<&Entry> = record.entries.iter().collect();
    assert_eq!(moves.len(), 2);
    assert_eq!(
        moves[1].event,
        Occurrence::Move {
            side: Color::Black,
            took: Duration::ZERO,
            remaining: Duration::from_secs(5380)
        }
    );
    assert_eq!((moves[0].at, moves[1].at), (secs(10), secs(10)));
}

#[test]
fn games_without_a_competition_record_decode_to_none() {
    let game = game_with("h2e2");
    assert_eq!(decode(&game), Ok(None));
}

#[test]
fn bad_commands_and_tags_name_the_place_and_the_reason() {
    let mut game = game_with("h2e2 h9g7");
    game.tags_mut().set(TagKey::TimeControl, "6.1");
    let node = game.main_line()[1];
    game.set_comment(node, "ok [%foul red 9.1.9 count=1 @0:01:00]");
    match decode(&game) {
        Err(DecodeError::Command {
            ply,
            offset,
            reason,
            ..
        }) => {
            assert_eq!((ply, offset), (2, 3));
            assert!(reason.contains("9.1.9"), "{reason}");
        }
        other => panic!("expected a command error, got {other:?}"),
    }
    game.set_comment(node, "[%offer blue @0:01:00]");
    assert!(matches!(decode(&game), Err(DecodeError::Command { .. })));
    game.set_comment(node, "[%offer red]");
    assert!(
        matches!(decode(&game), Err(DecodeError::Command { reason, .. }) if reason.contains("moment"))
    );
    game.set_comment(node, "[%pause reason=\"%ZZ\" @0:01:00]");
    assert!(
        matches!(decode(&game), Err(DecodeError::Command { reason, .. }) if reason.contains("%ZZ"))
    );
    game.set_comment(node, "");
    game.tags_mut().set(TagKey::TimeControl, "40/90x");
    assert!(matches!(decode(&game), Err(DecodeError::Tag { tag, .. }) if tag == "TimeControl"));
    game.tags_mut().remove(&TagKey::TimeControl);
    game.set_comment(node, "[%clk 0:10:00]");
    assert_eq!(decode(&game), Err(DecodeError::NoTimeControl));
}

#[test]
fn a_game_read_back_goes_on_where_it_stopped() {
    // The full log replays to the same contest.
    let record = eventful();
    let replayed = Contest::replay(&record).unwrap();
    assert_eq!(replayed.record(), record);
    // An unfinished game: saved after Black's draw offer, read back from PGN, continued.
    let mut c = Contest::new(CompetitionSettings::new("6.1".parse().unwrap()), Color::Red);
    c.start(Moment::ZERO, &[]).unwrap();
    c.play(secs(10), Status::Ongoing).unwrap();
    c.make_move(secs(70), Status::Ongoing).unwrap();
    c.offer_draw(Color::Black, secs(75)).unwrap();
    c.press(secs(76)).unwrap();
    c.pause("noise".into(), secs(90)).unwrap();
    let mut game = game_with("h2e2 h9g7");
    encode(&c.record(), &mut game).unwrap();
    let text = write_pgn(&game, &PgnWriteOptions::qipu(Script::Traditional));
    let read = read_pgn_text(&text).next().unwrap().unwrap();
    let mut back = Contest::replay(&decode(&read).unwrap().unwrap()).unwrap();
    assert_eq!(back.pending_offer(), Some(Color::Black));
    assert_eq!(back.pause_reason(), Some("noise"));
    for contest in [&mut c, &mut back] {
        contest.resume(secs(100)).unwrap();
        contest.accept_draw(Color::Red, secs(130)).unwrap();
    }
    assert_eq!(back.record(), c.record());
    let result = back.result().unwrap();
    assert_eq!(
        (result.ending.reason, result.used.red),
        (Reason::AgreedDraw, secs(54).elapsed())
    );
}

#[test]
fn a_log_the_rules_do_not_give_is_refused() {
    let mut record = eventful();
    // Claim the flag fell a minute later than the clock says.
    let flag = record
        .entries
        .iter_mut()
        .find(|e| matches!(e.event, Occurrence::FlagFall { .. }))
        .unwrap();
    flag.at = Moment::after(flag.at.elapsed() + Duration::from_secs(60));
    match Contest::replay(&record) {
        Err(LogError::Differs {
            expected, found, ..
        }) => {
            assert_ne!(expected, found);
        }
        other => panic!("expected a difference, got {other:?}"),
    }
    // A move by a side that has not arrived.
    let mut record = eventful();
    record
        .entries
        .retain(|e| !matches!(e.event, Occurrence::Arrival { .. }));
    assert!(matches!(
        Contest::replay(&record),
        Err(LogError::Refused {
            source: qipu::competition::ContestError::Absent(Color::Black),
            ..
        })
    ));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Any note or reason, in any script, with any punctuation or control character, comes back
    /// from a PGN file as it was written.
    #[test]
    fn notes_survive_pgn(note in "[\\PC\t\r\n%\"\\[\\]{}@=]{0,40}") {
        let mut c = Contest::new(CompetitionSettings::new("6.4".parse().unwrap()), Color::Red);
        c.start(Moment::ZERO, &[]).unwrap();
        c.play(secs(5), Status::Ongoing).unwrap();
        c.pause(note.clone(), secs(6)).unwrap();
        c.resume(secs(7)).unwrap();
        c.foul(Color::Black, FoulClause::ConductBreach, note.clone(), secs(8)).unwrap();
        let mut game = game_with("h2e2");
        game.set_comment(game.main_line()[0], "好棋");
        encode(&c.record(), &mut game).unwrap();
        let text = write_pgn(&game, &PgnWriteOptions::qipu(Script::Simplified));
        let read = read_pgn_text(&text).next().unwrap().unwrap();
        proptest::prop_assert_eq!(decode(&read).unwrap().unwrap(), c.record());
        proptest::prop_assert_eq!(plain_comment(read.comment(read.main_line()[0])), "好棋");
    }
}

#[test]
fn a_clock_started_in_the_middle_files_its_entries_after_the_right_moves() {
    // Four moves were played before the clock started; the fifth and sixth are on the clock.
    let mut c =
        Contest::new(CompetitionSettings::new("6.4".parse().unwrap()), Color::Red).after_moves(4);
    c.start(secs(0), &[]).unwrap();
    c.play(secs(7), Status::Ongoing).unwrap();
    c.offer_draw(Color::Red, secs(8)).unwrap();
    c.play(secs(20), Status::Ongoing).unwrap();
    assert_eq!(c.plies(), 6);
    let plies: Vec<u32> = c.log().iter().map(|e| e.ply).collect();
    assert_eq!(plies, [4, 5, 5, 6, 6]);
    let mut game = game_with("h2e2 h9g7 h0g2 i9h9 b0c2 b9c7");
    encode(&c.record(), &mut game).unwrap();
    let line = game.main_line();
    // The start goes after the fourth move, each clock reading after its own move.
    assert!(game
        .comment(line[3])
        .starts_with("[%start first=red @0:00:00]"));
    assert!(game.comment(line[4]).starts_with("[%clk 0:04:53]"));
    assert!(game.comment(line[4]).contains("[%offer red @0:00:08]"));
    // Black's move refused the offer as it was made, then its clock was pressed after 13 s.
    assert!(game
        .comment(line[5])
        .starts_with("[%refuse black by=move @0:00:20] [%clk 0:04:47]"));
    assert_eq!(game.comment(game.root()), "");
    // Read back, the log is the same and the game goes on from the sixth move.
    let record = decode(&game).unwrap().unwrap();
    assert_eq!(record, c.record());
    let mut back = Contest::replay(&record).unwrap();
    assert_eq!((back.plies(), back.to_move()), (6, Color::Red));
    back.resign(Color::Red, secs(30)).unwrap();
    assert_eq!(back.result().unwrap().ending.ply, 6);
}

/// A moment given to the millisecond, as the app's monotonic clock gives it.
fn ms(millis: u64) -> Moment {
    Moment::after(Duration::from_millis(millis))
}

#[test]
fn clock_times_are_written_in_whole_seconds() {
    // The app presses the clock at moments with nanoseconds; the record counts whole seconds
    // (as chess PGN writes [%clk]), so neither the readings nor the moments carry a fraction.
    let mut c = Contest::new(CompetitionSettings::new("6.1".parse().unwrap()), Color::Red);
    c.start(Moment::after(Duration::new(0, 123_456_789)), &[])
        .unwrap();
    c.play(
        Moment::after(Duration::new(14, 558_256_145)),
        Status::Ongoing,
    )
    .unwrap();
    c.play(ms(20_999), Status::Ongoing).unwrap();
    c.resign(Color::Red, ms(31_700)).unwrap();
    let mut game = game_with("h2e2 h9g7");
    encode(&c.record(), &mut game).unwrap();
    let line = game.main_line();
    assert_eq!(
        game.comment(line[0]),
        "[%clk 1:29:46] [%emt 0:00:14] [%at 0:00:14]"
    );
    assert_eq!(
        game.comment(line[1]),
        "[%clk 1:29:54] [%emt 0:00:06] [%at 0:00:20] [%result 0-1 resignation ply=2 red=0:00:25 black=0:00:06 @0:00:31]"
    );
    // Read back, the log replays to the same clock.
    let text = write_pgn(&game, &PgnWriteOptions::qipu(Script::Simplified));
    let read = read_pgn_text(&text).next().unwrap().unwrap();
    let record = decode(&read).unwrap().unwrap();
    assert_eq!(Contest::replay(&record).unwrap().record(), c.record());
}

#[test]
fn clock_times_keep_tenths_under_a_small_increment() {
    // With an increment under a minute tenths decide games: the record keeps them, no finer.
    let mut c = Contest::new(
        CompetitionSettings::new("sd/3m+2s".parse().unwrap()),
        Color::Red,
    );
    assert_eq!(c.resolution(), Duration::from_millis(100));
    c.start(Moment::ZERO, &[]).unwrap();
    c.play(ms(12_345), Status::Ongoing).unwrap();
    let mut game = game_with("h2e2");
    encode(&c.record(), &mut game).unwrap();
    assert_eq!(
        game.comment(game.main_line()[0]),
        "[%clk 0:02:49.7] [%emt 0:00:12.3] [%at 0:00:12.3]"
    );
    let record = decode(&game).unwrap().unwrap();
    assert_eq!(Contest::replay(&record).unwrap().record(), c.record());
    // A minute's increment or more: whole seconds again.
    let c = Contest::new(
        CompetitionSettings::new("sd/60m+60s".parse().unwrap()),
        Color::Red,
    );
    assert_eq!(c.resolution(), Duration::from_secs(1));
}

#[test]
fn clock_times_with_any_fraction_are_read() {
    // A record written to the nanosecond (earlier versions, other programs) still reads and
    // replays as written.
    let text = "[TimeControl \"6.4\"]\n\n{[%start first=red @0:00:00]} 1. h2e2 \
        {[%clk 0:04:45.441743855] [%emt 0:00:14.558256145] [%at 0:00:14.558256145]} \
        h9g7 {[%clk 0:04:50.5] [%emt 0:00:09.5] [%at 0:00:24.058256145]} *\n";
    let read = read_pgn_text(text).next().unwrap().unwrap();
    let record = decode(&read).unwrap().unwrap();
    let replayed = Contest::replay(&record).unwrap();
    assert_eq!(replayed.record(), record);
    let remaining = |e: &Entry| match e.event {
        Occurrence::Move { remaining, .. } => Some(remaining),
        _ => None,
    };
    let clocks: Vec<Duration> = record.entries.iter().filter_map(remaining).collect();
    assert_eq!(
        clocks,
        [
            Duration::new(285, 441_743_855),
            Duration::new(290, 500_000_000)
        ]
    );
}
