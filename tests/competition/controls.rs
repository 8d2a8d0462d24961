//! Competition controls, article by article, with exact moments.

use std::time::Duration;

use qipu::competition::{
    CompetitionSettings, Contest, ContestError, Finish, FoulClause, Moment, NoCaptureCount,
    Occurrence, OfferOutcome, Penalty,
};
use qipu::ending::{Ending, Outcome, Reason};
use qipu::lang::Language;
use qipu::rules::{Color, Status};

const ON: Status = Status::Ongoing;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn mins(m: u64, s: u64) -> Duration {
    secs(m * 60 + s)
}

fn at(d: Duration) -> Moment {
    Moment::after(d)
}

/// A started game under `spec`, Red first, both present.
fn game(spec: &str) -> Contest {
    let mut c = Contest::new(CompetitionSettings::new(spec.parse().unwrap()), Color::Red);
    c.start(Moment::ZERO, &[]).unwrap();
    c
}

/// Play from `now`: each of `red` is a Red move's time, each answered by Black in one second.
/// Returns the moment after the last move.
fn play(c: &mut Contest, mut now: Duration, red: &[Duration]) -> Result<Duration, ContestError> {
    for &r in red {
        now += r;
        c.play(at(now), ON)?;
        now += secs(1);
        c.play(at(now), ON)?;
    }
    Ok(now)
}

fn over(e: ContestError) -> Finish {
    match e {
        ContestError::Over(r) => r,
        other => panic!("expected the game over, got {other:?}"),
    }
}

#[test]
fn art_6_1_fortieth_move_at_89_59_is_in_time() {
    // 6.1: 40 moves in 90 minutes. 39 moves of 2:00, the 40th of 11:59: Red used 89:59.
    let mut c = game("6.1");
    let now = play(&mut c, Duration::ZERO, &[mins(2, 0); 39]).unwrap();
    let now = play(&mut c, now, &[mins(11, 59)]).unwrap();
    assert_eq!(c.result(), None);
    let red = c.reading(Color::Red, at(now));
    assert_eq!(red.used, mins(89, 59));
    // The next period: 10 moves per 15 minutes, accumulated: 15:01 left.
    assert_eq!(
        (red.remaining, red.moves_made, red.moves_due),
        (mins(15, 1), 40, Some(10))
    );
}

#[test]
fn art_6_1_fortieth_move_at_90_01_loses_on_time() {
    // 4.1.4, 22.1: the flag falls at 90:00 of Red's time, during its 40th move.
    let mut c = game("6.1");
    let now = play(&mut c, Duration::ZERO, &[mins(2, 0); 39]).unwrap();
    let e = play(&mut c, now, &[mins(12, 1)]).unwrap_err();
    let r = over(e);
    assert_eq!(
        (r.ending.outcome, r.ending.reason, r.ending.ply),
        (Outcome::BlackWins, Reason::LossOnTime, 78)
    );
    // The flag fell when Red's 90 minutes were used up: 78 min + 39 s (Black) + 12:00 after.
    assert_eq!(r.at, at(now + mins(12, 0)));
    assert_eq!(r.used.red, mins(90, 0));
    assert_eq!(r.used.black, secs(39));
    let flag = c.log().iter().rev().nth(1).unwrap();
    assert_eq!(flag.event, Occurrence::FlagFall { side: Color::Red });
    assert_eq!(flag.at, r.at);
}

#[test]
fn art_22_3_exactly_at_the_limit_is_in_time() {
    // 22.3: "超時" only when the hand has passed zero: the 40th move at 90:00 counts.
    let mut c = game("6.1");
    let now = play(&mut c, Duration::ZERO, &[mins(2, 0); 39]).unwrap();
    play(&mut c, now, &[mins(12, 0)]).unwrap();
    assert_eq!(c.result(), None);
}

#[test]
fn art_6_1_ten_move_periods_accumulate() {
    // 6.1: after 40 moves in 89:59, the 50th is due by 105:00 of Red's time, the 60th by 120:00.
    let mut c = game("6.1");
    let now = play(&mut c, Duration::ZERO, &[mins(2, 0); 39]).unwrap();
    let now = play(&mut c, now, &[mins(11, 59)]).unwrap();
    let now = play(&mut c, now, &[mins(1, 30); 9]).unwrap(); // 103:29
    let at_50 = play(&mut c.clone(), now, &[mins(1, 30)]); // 50th at 104:59
    assert!(at_50.is_ok());
    let mut late = c.clone();
    let r = over(play(&mut late, now, &[mins(1, 32)]).unwrap_err()); // would be 105:01
    assert_eq!(
        (r.ending.reason, r.used.red),
        (Reason::LossOnTime, mins(105, 0))
    );
    let now = play(&mut c, now, &[mins(1, 30)]).unwrap();
    let red = c.reading(Color::Red, at(now));
    assert_eq!((red.remaining, red.moves_due), (mins(15, 1), Some(10)));
    let now = play(&mut c, now, &[mins(1, 30); 10]).unwrap(); // 60 moves in 119:59
    assert_eq!(c.reading(Color::Red, at(now)).remaining, mins(15, 1));
}

#[test]
fn art_6_2_6_3_6_4_boundaries() {
    // 6.2: 30 in 60, then 10 per 10.
    let mut c = game("6.2");
    let now = play(&mut c, Duration::ZERO, &[mins(2, 0); 29]).unwrap();
    assert!(play(&mut c.clone(), now, &[mins(1, 59)]).is_ok());
    assert_eq!(
        over(play(&mut c, now, &[mins(2, 1)]).unwrap_err()).used.red,
        mins(60, 0)
    );
    // 6.3: 40 in 10 minutes, then 30 per 5.
    let mut c = game("6.3");
    let now = play(&mut c, Duration::ZERO, &[secs(15); 39]).unwrap();
    assert!(play(&mut c.clone(), now, &[secs(14)]).is_ok());
    assert!(play(&mut c.clone(), now, &[secs(16)]).is_err());
    let now = play(&mut c, now, &[secs(14)]).unwrap();
    let red = c.reading(Color::Red, at(now));
    assert_eq!((red.remaining, red.moves_due), (mins(5, 1), Some(30)));
    // 6.4: 30 per 5 minutes throughout.
    let mut c = game("6.4");
    let now = play(&mut c, Duration::ZERO, &[secs(10); 30]).unwrap();
    let red = c.reading(Color::Red, at(now));
    assert_eq!((red.remaining, red.moves_due), (mins(5, 0), Some(30)));
}

#[test]
fn art_6_5_whole_game_in_a_fixed_time() {
    // 6.5: no move count; the first to exceed its time loses.
    let mut c = game("6.5/20m");
    let now = play(&mut c, Duration::ZERO, &[mins(1, 0); 19]).unwrap();
    assert_eq!(c.reading(Color::Red, at(now)).moves_due, None);
    let r = over(play(&mut c, now, &[mins(1, 1)]).unwrap_err());
    assert_eq!(
        (r.ending.outcome, r.ending.reason, r.at),
        (Outcome::BlackWins, Reason::LossOnTime, at(now + mins(1, 0)))
    );
}

#[test]
fn increments_are_added_after_each_move() {
    let mut c = game("sd/1m+10s");
    let now = play(&mut c, Duration::ZERO, &[secs(30), secs(30)]).unwrap();
    // 60 s + 2 × 10 s − 60 s used.
    assert_eq!(c.reading(Color::Red, at(now)).remaining, secs(20));
    assert!(play(&mut c, now, &[secs(21)]).is_err());
}

#[test]
fn the_flag_falls_without_a_move_when_the_app_looks() {
    let mut c = game("6.4");
    assert_eq!(c.update(at(mins(5, 0))), None);
    let r = c.update(at(mins(7, 0))).unwrap();
    assert_eq!(
        (r.ending.outcome, r.at),
        (Outcome::BlackWins, at(mins(5, 0)))
    );
    // The faces stand still after the end.
    assert_eq!(c.reading(Color::Red, at(mins(9, 0))).used, mins(5, 0));
}

#[test]
fn art_22_5_mate_before_the_flag_stands() {
    // 22.5: the last move was made in time; the mate stands although the clock was not pressed.
    let mut c = game("6.4");
    c.make_move(at(mins(4, 59)), Status::Checkmate).unwrap();
    let r = c.update(at(mins(6, 0))).unwrap();
    assert_eq!(
        (r.ending.outcome, r.ending.reason, r.ending.ply),
        (Outcome::RedWins, Reason::Checkmate, 1)
    );
    assert_eq!(r.at, at(mins(4, 59)));
}

#[test]
fn art_22_5_mate_after_the_flag_is_too_late() {
    let mut c = game("6.4");
    let r = over(c.make_move(at(mins(5, 1)), Status::Checkmate).unwrap_err());
    assert_eq!(
        (r.ending.outcome, r.ending.reason),
        (Outcome::BlackWins, Reason::LossOnTime)
    );
}

#[test]
fn art_22_5_last_move_made_in_time_but_pressed_late_loses() {
    let mut c = game("6.4");
    c.make_move(at(mins(4, 59)), ON).unwrap();
    let r = over(c.press(at(mins(5, 1))).unwrap_err());
    assert_eq!(
        (r.ending.reason, r.at),
        (Reason::LossOnTime, at(mins(5, 0)))
    );
    // But the opponent's resignation before the flag stands (22.5).
    let mut c = game("6.4");
    c.make_move(at(mins(4, 59)), ON).unwrap();
    c.resign(Color::Black, at(mins(4, 59) + Duration::from_millis(500)))
        .unwrap();
    assert_eq!(c.result().unwrap().ending.reason, Reason::Resignation);
    assert_eq!(
        c.update(at(mins(6, 0))).unwrap().ending.outcome,
        Outcome::RedWins
    );
}

#[test]
fn art_21_1_absent_side_clock_runs_from_its_turn() {
    // 21.1: Black absent; Red moves at 0:05, Black's clock runs from then; Black arrives at 30:00.
    let mut settings = CompetitionSettings::new("6.1".parse().unwrap());
    settings.forfeit_after = Some(mins(60, 0));
    let mut c = Contest::new(settings, Color::Red);
    c.start(Moment::ZERO, &[Color::Black]).unwrap();
    c.play(at(secs(5)), ON).unwrap();
    assert_eq!(
        c.play(at(secs(9)), ON),
        Err(ContestError::Absent(Color::Black))
    );
    c.arrive(Color::Black, at(mins(30, 0))).unwrap();
    // 21.2: it must make its moves in the time left.
    let black = c.reading(Color::Black, at(mins(30, 0)));
    assert_eq!((black.used, black.remaining), (mins(29, 55), mins(60, 5)));
    assert_eq!(c.play(at(mins(30, 10)), ON), Ok(()));
    let arrival = c
        .log()
        .iter()
        .find(|e| matches!(e.event, Occurrence::Arrival { .. }))
        .unwrap();
    assert_eq!(
        arrival.event,
        Occurrence::Arrival {
            side: Color::Black,
            late: mins(30, 0)
        }
    );
}

#[test]
fn art_4_1_5_late_beyond_the_forfeit_time_loses() {
    let mut settings = CompetitionSettings::new("6.1".parse().unwrap());
    settings.forfeit_after = Some(mins(60, 0));
    let mut c = Contest::new(settings.clone(), Color::Red);
    c.start(Moment::ZERO, &[Color::Black]).unwrap();
    c.play(at(secs(5)), ON).unwrap();
    let r = c.update(at(mins(61, 0))).unwrap();
    assert_eq!(
        (r.ending.outcome, r.ending.reason, r.at),
        (Outcome::RedWins, Reason::LateArrival, at(mins(60, 0)))
    );
    assert_eq!(
        c.arrive(Color::Black, at(mins(62, 0))),
        Err(ContestError::Over(r))
    );
    // 21.3: both beyond the forfeit time: both forfeit.
    let mut c = Contest::new(settings, Color::Red);
    c.start(Moment::ZERO, &[Color::Red, Color::Black]).unwrap();
    let r = c.update(at(mins(60, 1))).unwrap();
    assert_eq!(
        (r.ending.outcome, r.ending.reason),
        (Outcome::BothForfeit, Reason::LateArrival)
    );
    assert!(r
        .describe(Language::SimplifiedChinese)
        .starts_with("双方弃权"));
}

#[test]
fn art_21_3_both_late_each_is_charged_its_lateness() {
    // Red arrives at 10:00 (its clock ran all along), moves at 10:05; Black arrives at 20:00:
    // its clock ran 9:55, so 10:05 more is charged and it has used its whole 20 minutes.
    let mut c = Contest::new(CompetitionSettings::new("6.1".parse().unwrap()), Color::Red);
    c.start(Moment::ZERO, &[Color::Red, Color::Black]).unwrap();
    c.arrive(Color::Red, at(mins(10, 0))).unwrap();
    assert_eq!(c.reading(Color::Red, at(mins(10, 0))).used, mins(10, 0));
    c.play(at(mins(10, 5)), ON).unwrap();
    c.arrive(Color::Black, at(mins(20, 0))).unwrap();
    let black = c.reading(Color::Black, at(mins(20, 0)));
    assert_eq!(black.remaining, mins(70, 0));
    let penalty = c.log().last().unwrap();
    assert_eq!(
        penalty.event,
        Occurrence::Penalty {
            side: Color::Black,
            amount: mins(10, 5),
            cause: Penalty::Lateness
        }
    );
    // Red was not charged twice.
    assert_eq!(
        c.reading(Color::Red, at(mins(20, 0))).remaining,
        mins(79, 55)
    );
}

#[test]
fn art_23_1_offers_follow_own_moves_and_alternate() {
    let mut c = game("6.1");
    // Not before one's own move.
    assert_eq!(
        c.offer_draw(Color::Red, at(secs(1))),
        Err(ContestError::OfferNotAfterOwnMove(Color::Red))
    );
    c.make_move(at(secs(10)), ON).unwrap();
    // After its move, before pressing (23.1 "只能在提和後方可按鐘").
    assert_eq!(
        c.offer_draw(Color::Red, at(secs(11))),
        Ok(OfferOutcome::Pending)
    );
    // Black may not offer over it, nor out of turn.
    assert_eq!(
        c.offer_draw(Color::Black, at(secs(12))),
        Err(ContestError::OfferNotAfterOwnMove(Color::Black))
    );
    c.press(at(secs(12))).unwrap();
    // The offer cannot be withdrawn: it stands while Black thinks.
    assert_eq!(c.pending_offer(), Some(Color::Red));
    // Black's move refuses it.
    c.play(at(secs(30)), ON).unwrap();
    assert_eq!(c.pending_offer(), None);
    let refusal = c
        .log()
        .iter()
        .find(|e| matches!(e.event, Occurrence::DrawRefused { .. }))
        .unwrap();
    assert_eq!(
        (refusal.ply, &refusal.event),
        (
            2,
            &Occurrence::DrawRefused {
                side: Color::Black,
                by_move: true
            }
        )
    );
    assert_eq!(
        c.accept_draw(Color::Black, at(secs(31))),
        Err(ContestError::NoOffer(Color::Black))
    );
    // Now Black, after its own move, may offer; Red refuses by word.
    assert_eq!(
        c.offer_draw(Color::Black, at(secs(31))),
        Ok(OfferOutcome::Pending)
    );
    c.refuse_draw(Color::Red, at(secs(40))).unwrap();
    // Red offers (its turn in the alternation), after its next move; Black accepts.
    c.play(at(secs(50)), ON).unwrap();
    assert_eq!(
        c.offer_draw(Color::Red, at(secs(51))),
        Ok(OfferOutcome::Pending)
    );
    c.accept_draw(Color::Black, at(secs(55))).unwrap();
    let r = c.result().unwrap();
    assert_eq!(
        (r.ending.outcome, r.ending.reason, r.ending.ply),
        (Outcome::Draw, Reason::AgreedDraw, 3)
    );
}

#[test]
fn art_9_1_3_offering_again_after_a_refusal_is_a_foul() {
    let mut c = game("6.1");
    c.play(at(secs(10)), ON).unwrap();
    c.offer_draw(Color::Red, at(secs(11))).unwrap();
    c.play(at(secs(20)), ON).unwrap(); // refused by Black's move
    c.play(at(secs(30)), ON).unwrap();
    assert_eq!(
        c.offer_draw(Color::Red, at(secs(31))),
        Ok(OfferOutcome::Foul(1))
    );
    assert_eq!(c.pending_offer(), None);
    assert_eq!(c.fouls(Color::Red), 1);
    match &c.log().last().unwrap().event {
        Occurrence::Foul {
            side,
            clause,
            count,
            ..
        } => {
            assert_eq!(
                (*side, *clause, *count),
                (Color::Red, FoulClause::RepeatedDrawOffer, 1)
            )
        }
        other => panic!("expected a foul, got {other:?}"),
    }
}

#[test]
fn art_23_3_true_natural_limit_claim_is_a_draw() {
    let mut c = game("6.1");
    let count = NoCaptureCount {
        plies: 120,
        red_checks: 3,
        black_checks: 0,
    };
    let finding = c
        .claim_natural_limit(Color::Red, count, at(secs(5)))
        .unwrap();
    assert!(finding.valid);
    let r = c.result().unwrap();
    assert_eq!(
        (r.ending.outcome, r.ending.reason),
        (Outcome::Draw, Reason::NaturalLimit)
    );
    assert_eq!(
        r.describe(Language::TraditionalChinese),
        "和棋：符合自然限著的回合規定（第4.2.4、23.3條）。"
    );
}

#[test]
fn art_23_3_false_claim_is_a_foul_and_five_minutes() {
    let mut c = game("6.1");
    let count = NoCaptureCount {
        plies: 118,
        red_checks: 0,
        black_checks: 0,
    };
    let finding = c
        .claim_natural_limit(Color::Red, count, at(secs(5)))
        .unwrap();
    assert!(!finding.valid);
    assert_eq!(c.result(), None);
    assert_eq!(c.fouls(Color::Red), 1);
    // 90:00 − 0:05 used − 5:00 charged.
    assert_eq!(c.reading(Color::Red, at(secs(5))).remaining, mins(84, 55));
    // 23.3: of the claimant's checking moves at most ten 著 count. 121 plies with 12 checks
    // leave 119 moves that count: 59 rounds.
    let count = NoCaptureCount {
        plies: 121,
        red_checks: 0,
        black_checks: 12,
    };
    assert!(
        !c.claim_natural_limit(Color::Black, count, at(secs(6)))
            .unwrap()
            .valid
    );
}

#[test]
fn art_23_3_false_claim_that_exceeds_the_time_loses_on_time() {
    // "若因此而超時，即判負": Black, not to move, with 4 minutes left.
    let mut c = game("6.4");
    c.play(at(secs(10)), ON).unwrap();
    c.play(at(mins(1, 10)), ON).unwrap(); // Black used 1:00, has 4:00
    c.claim_natural_limit(Color::Black, NoCaptureCount::default(), at(mins(1, 20)))
        .unwrap();
    let r = c.result().unwrap();
    assert_eq!(
        (r.ending.outcome, r.ending.reason, r.at),
        (Outcome::RedWins, Reason::LossOnTime, at(mins(1, 20)))
    );
}

#[test]
fn art_4_1_8_third_foul_loses() {
    let mut c = game("6.1");
    assert_eq!(
        c.foul(
            Color::Black,
            FoulClause::Disturbance,
            "spoke".into(),
            at(secs(3))
        ),
        Ok(1)
    );
    assert_eq!(
        c.foul(
            Color::Black,
            FoulClause::TouchedImmovablePiece,
            "c9".into(),
            at(secs(4))
        ),
        Ok(2)
    );
    assert_eq!(
        c.foul(
            Color::Red,
            FoulClause::ConductBreach,
            String::new(),
            at(secs(5))
        ),
        Ok(1)
    );
    assert_eq!(c.result(), None);
    assert_eq!(
        c.foul(
            Color::Black,
            FoulClause::MissingRecord,
            "moves 3–6".into(),
            at(secs(6))
        ),
        Ok(3)
    );
    let r = c.result().unwrap();
    assert_eq!(
        (r.ending.outcome, r.ending.reason),
        (Outcome::RedWins, Reason::ThreeFouls)
    );
    assert_eq!(
        r.describe(Language::English),
        "Red wins: Black committed a third foul in the game (art. 4.1.8)."
    );
}

#[test]
fn art_4_1_8_a_false_claim_can_be_the_third_foul() {
    let mut c = game("6.1");
    c.foul(
        Color::Red,
        FoulClause::Disturbance,
        String::new(),
        at(secs(1)),
    )
    .unwrap();
    c.foul(
        Color::Red,
        FoulClause::Disturbance,
        String::new(),
        at(secs(2)),
    )
    .unwrap();
    c.claim_natural_limit(Color::Red, NoCaptureCount::default(), at(secs(3)))
        .unwrap();
    let r = c.result().unwrap();
    assert_eq!(
        (r.ending.outcome, r.ending.reason),
        (Outcome::BlackWins, Reason::ThreeFouls)
    );
    // No time penalty after the game ended.
    assert!(!c
        .log()
        .iter()
        .any(|e| matches!(e.event, Occurrence::Penalty { .. })));
}

#[test]
fn art_22_4_pause_and_correction() {
    let mut c = game("6.4");
    c.play(at(secs(20)), ON).unwrap();
    c.pause("clock fault".into(), at(secs(30))).unwrap();
    assert_eq!(c.pause_reason(), Some("clock fault"));
    assert_eq!(c.play(at(secs(40)), ON), Err(ContestError::Paused));
    // While paused the time does not run, and no flag falls.
    assert_eq!(c.update(at(mins(20, 0))), None);
    c.correct_clock(
        Color::Black,
        mins(4, 0),
        None,
        "agreed by both".into(),
        at(mins(20, 0)),
    )
    .unwrap();
    c.resume(at(mins(21, 0))).unwrap();
    assert_eq!(c.pause_reason(), None);
    assert_eq!(
        c.reading(Color::Black, at(mins(22, 0))).remaining,
        mins(3, 0)
    );
    c.play(at(mins(22, 0)), ON).unwrap();
    let mv = c.log().last().unwrap();
    // The move took 10 s before the pause and 60 s after it.
    assert_eq!(
        mv.event,
        Occurrence::Move {
            side: Color::Black,
            took: secs(70),
            remaining: mins(3, 0)
        }
    );
    assert_eq!(c.resume(at(mins(23, 0))), Err(ContestError::NotPaused));
}

#[test]
fn time_never_goes_back() {
    let mut c = game("6.4");
    c.play(at(secs(20)), ON).unwrap();
    assert_eq!(
        c.play(at(secs(19)), ON),
        Err(ContestError::TimeWentBack {
            at: at(secs(19)),
            last: at(secs(20))
        })
    );
    let mut fresh = Contest::new(CompetitionSettings::new("6.4".parse().unwrap()), Color::Red);
    assert_eq!(fresh.play(at(secs(1)), ON), Err(ContestError::NotStarted));
}

#[test]
fn art_10_1_result_sheet_times_and_the_log_serialises() {
    let mut c = game("6.1");
    let now = play(&mut c, Duration::ZERO, &[secs(30), secs(45)]).unwrap();
    c.offer_draw(Color::Black, at(now)).unwrap();
    c.resign(Color::Red, at(now + secs(9))).unwrap();
    let r = *c.result().unwrap();
    assert_eq!((r.used.red, r.used.black), (secs(84), secs(2)));
    assert_eq!(
        r.describe(Language::English),
        "Black wins: Red resigned (art. 4.1.9)."
    );
    let record = c.record();
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains(r#""control":"40/90m,10/15m""#), "{json}");
    assert!(
        json.contains(r#""kind":"draw_offer","side":"black""#),
        "{json}"
    );
    let back: qipu::competition::CompetitionRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.result(), Some(&r));
}

#[test]
fn refusals_speak_three_languages() {
    let mut c = game("6.1");
    let e = c.offer_draw(Color::Red, at(secs(1))).unwrap_err();
    assert_eq!(
        e.message(Language::English),
        "Red may offer a draw only after its own move (art. 23.1)."
    );
    assert_eq!(
        e.message(Language::SimplifiedChinese),
        "红方只能在自己走棋后提和（第23.1条）。"
    );
    assert_eq!(
        e.message(Language::TraditionalChinese),
        "紅方只能在自己走棋後提和（第23.1條）。"
    );
    let e = c.press(at(secs(2))).unwrap_err();
    assert_eq!(e.message(Language::SimplifiedChinese), "红方尚未走棋。");
    c.play(at(secs(3)), ON).unwrap();
    let e = c.play(at(secs(2)), ON).unwrap_err();
    assert_eq!(
        e.message(Language::TraditionalChinese),
        "時間 0:00:02 早於上一事件的時間 0:00:03。"
    );
    c.resign(Color::Black, at(secs(4))).unwrap();
    let e = c.play(at(secs(5)), ON).unwrap_err();
    assert_eq!(
        e.message(Language::English),
        "Red wins: Black resigned (art. 4.1.9)."
    );
}

#[test]
fn events_end_the_game_with_the_one_ending_type() {
    // 4.1.9: Red resigns after two plies.
    let mut c = game("6.1");
    play(&mut c, Duration::ZERO, &[secs(5)]).unwrap();
    c.resign(Color::Red, at(secs(10))).unwrap();
    assert_eq!(
        c.result().map(|r| r.ending),
        Some(Ending::win(Color::Black, Reason::Resignation, 2))
    );
    // 4.2.2, 23.1: Red offers after its first move, Black accepts.
    let mut c = game("6.1");
    c.play(at(secs(1)), ON).unwrap();
    c.offer_draw(Color::Red, at(secs(2))).unwrap();
    c.accept_draw(Color::Black, at(secs(3))).unwrap();
    assert_eq!(
        c.result().map(|r| r.ending),
        Some(Ending::draw(Reason::AgreedDraw, 1))
    );
    // 4.1.8: Red's fouls after plies 1, 2 and 4; two fouls do not end the game, the third does.
    let mut c = game("6.1");
    let mut now = 0;
    for (ply, foul) in [(1, true), (2, true), (3, false), (4, true)] {
        now += 1;
        c.play(at(secs(now)), ON).unwrap();
        assert_eq!(c.plies(), ply);
        if foul {
            c.foul(
                Color::Red,
                FoulClause::RepeatedDrawOffer,
                String::new(),
                at(secs(now)),
            )
            .unwrap();
        }
        if ply < 4 {
            assert_eq!(c.result(), None, "after ply {ply}");
        }
    }
    assert_eq!(
        c.result().map(|r| r.ending),
        Some(Ending::win(Color::Black, Reason::ThreeFouls, 4))
    );
}
