//! The worked examples of chapter 7 of the 1999 CXA rules (棋例細則 1–13, 圖一–圖十六).
//!
//! Only the moves and the verdicts of the examples survive in our copy of the rules, not the
//! diagrams; each position below is built for the example so that the printed cycle has the
//! character the text describes, and the test checks that character move by move and the
//! verdict under the CXA 1999 rule set: a side playing forbidden moves against allowed ones
//! must vary when the position comes round the third time (24.3) and loses at the fourth; a
//! perpetual checker loses at once (24.1); both forbidden or both allowed draw (24.2).

use qipu::ending::{Outcome, Reason};
use qipu::lang::Language;
use qipu::notation::Notation;
use qipu::referee::{
    Character, Decision, Exception, IdleKind, Judgement, MateSearch, Referee, RuleSet, Ruling,
    Weakness,
};
use qipu::rules::{Color, Move, Position};

use Character::{Chase, Check, Idle, MateThreat};

struct Example {
    /// 細則 number and figure.
    source: &'static str,
    fen: &'static str,
    /// One round of the cycle, from the diagram's position (four plies).
    cycle: [&'static str; 4],
    /// The character of each of the four moves, as the text gives it.
    characters: [Character; 4],
    /// The final verdict.
    verdict: Verdict,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Verdict {
    /// The side loses at once (perpetual check, 24.1).
    LosesAtOnce(Color),
    /// The side must vary at the third occurrence and loses at the fourth (24.3, 26.4).
    MustVary(Color),
    /// Draw at the third occurrence (24.2, 26.2, 26.3).
    Draw,
}

fn line(example: &Example, rounds: usize) -> Vec<Move> {
    let mut moves = Vec::new();
    for _ in 0..rounds {
        for m in example.cycle {
            moves.push(Move::parse_iccs(m).expect("ICCS move"));
        }
    }
    moves
}

fn show(j: &Judgement) -> String {
    match &j.ruling {
        Some(r) => format!(
            "{:?} at {}: {}\n{}",
            r.decision,
            r.ply,
            r.explanation.zh_hant,
            r.evidence
                .iter()
                .map(|e| e.line(
                    Language::TraditionalChinese,
                    &Notation::ChineseTraditional.into()
                ))
                .collect::<Vec<_>>()
                .join("\n")
        ),
        None => "no ruling".to_owned(),
    }
}

/// The ruling under `rules` when the position comes round the third time (after two rounds).
fn third(example: &Example, rules: RuleSet) -> Ruling {
    let start = Position::from_fen(example.fen).expect("valid FEN");
    Referee::new(rules)
        .judge(&start, &line(example, 2))
        .ruling
        .unwrap_or_else(|| panic!("{}: no ruling under {rules:?}", example.source))
}

/// The result and reason under the Asian rules at the third occurrence.
fn asian(example: &Example) -> Decision {
    third(example, RuleSet::Asian).decision
}

/// The targets of each move of the first round at the third occurrence, as squares.
fn targets(example: &Example) -> Vec<Vec<String>> {
    third(example, RuleSet::Cxa1999).cycle[..4]
        .iter()
        .map(|m| m.targets.iter().map(|t| t.square.to_string()).collect())
        .collect()
}

/// The exceptions noted on the moves of the first round at the third occurrence.
fn exceptions(example: &Example) -> Vec<Vec<Exception>> {
    third(example, RuleSet::Cxa1999).cycle[..4]
        .iter()
        .map(|m| m.exceptions.clone())
        .collect()
}

fn check(example: &Example) {
    let start = Position::from_fen(example.fen)
        .unwrap_or_else(|e| panic!("{}: bad FEN: {e}", example.source));
    let referee = Referee::new(RuleSet::Cxa1999);
    // The position comes round the third time after two rounds.
    let third = referee.judge(&start, &line(example, 2));
    let ruling = third
        .ruling
        .as_ref()
        .unwrap_or_else(|| panic!("{}: no ruling at the third occurrence", example.source));
    let got: Vec<Character> = ruling.cycle[..4].iter().map(|m| m.character).collect();
    assert_eq!(
        got,
        example.characters,
        "{}: characters\n{}",
        example.source,
        show(&third)
    );
    match example.verdict {
        Verdict::LosesAtOnce(side) => {
            assert_eq!(
                ruling.decision,
                Decision::Ends(Outcome::win(side.opponent()), Reason::PerpetualCheck),
                "{}",
                show(&third)
            );
            assert_eq!(ruling.articles, vec!["24.1", "26.1"]);
        }
        Verdict::Draw => {
            assert_eq!(
                ruling.decision,
                Decision::Ends(Outcome::Draw, Reason::RepetitionDraw),
                "{}: {}",
                example.source,
                show(&third)
            );
        }
        Verdict::MustVary(side) => {
            assert_eq!(
                (ruling.decision, ruling.side),
                (Decision::MustVary, Some(side)),
                "{}: {}",
                example.source,
                show(&third)
            );
            let mut fourth_line = line(example, 3);
            fourth_line.truncate(12);
            let fourth = referee.judge(&start, &fourth_line);
            let r = fourth
                .ruling
                .as_ref()
                .expect("a ruling at the fourth occurrence");
            assert_eq!(
                (r.decision, r.ply),
                (
                    Decision::Ends(Outcome::win(side.opponent()), Reason::ForbiddenRepetition),
                    12
                ),
                "{}: {}",
                example.source,
                show(&fourth)
            );
            assert_eq!(r.articles, vec!["24.3", "26.4"]);
        }
    }
}

#[test]
fn rule_7_1_figure_1_unilateral_perpetual_check_loses() {
    // 細則 1, 圖一: 車四平五 將５平６ / 車五平四 將６平５. Red loses even if only the
    // chariot could move.
    check(&Example {
        source: "細則1 圖一",
        fen: "4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1",
        cycle: ["f4e4", "e9f9", "e4f4", "f9e9"],
        characters: [Check, Idle, Check, Idle],
        verdict: Verdict::LosesAtOnce(Color::Red),
    });
}

#[test]
fn rule_7_2_figure_2_from_no_chase_to_chase_counts() {
    // 細則 2, 圖二: 車三平四 將６平５ / 車四平三 將５平６. The chariot could take the horse
    // at the start, but after checking, coming back to attack it is a new chase: Red
    // 一將一捉 and must vary.
    check(&Example {
        source: "細則2 圖二",
        fen: "5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1",
        cycle: ["g4f4", "f9e9", "f4g4", "e9f9"],
        characters: [Check, Idle, Chase, Idle],
        verdict: Verdict::MustVary(Color::Red),
    });
}

#[test]
fn rule_7_3_figure_3_a_threat_through_a_check_is_a_chase() {
    // 細則 3, 圖三: 馬二退一 車９平８ / 馬一進二 車８平９. The retreat to i4 attacks the cannon g3
    // and puts a screen before the red cannon i3, which then hits the chariot i9: a chase. The
    // advance to h6 attacks nothing directly, but threatens 馬二進三 (臥槽 check on g8): the general
    // must step to e8, the horse on g8 has blocked the leg of the black horse g7 that protects
    // h9, and the chariot h1, uncovered, takes the black chariot (29.1, through a check): a
    // chase as well. Black: 車９平８ offers the exchange of chariots (兌, the red one is protected
    // by the horse f2), 車８平９ chases the cannon i3. Red 二捉 against 一捉一兌: Red must vary.
    let example = Example {
        source: "細則3 圖三",
        fen: "3aka2r/9/6n2/7N1/9/9/6c1C/5N3/7R1/3K5 w - - 0 1",
        cycle: ["h6i4", "i9h9", "i4h6", "h9i9"],
        characters: [Chase, Idle, Chase, Chase],
        verdict: Verdict::MustVary(Color::Red),
    };
    check(&example);
    assert_eq!(
        targets(&example),
        vec![vec!["g3", "i9"], vec![], vec!["h9"], vec!["i3"]]
    );
    let ruling = third(&example, RuleSet::Cxa1999);
    assert_eq!(ruling.cycle[1].idle_kind, Some(IdleKind::Exchange));
    assert_eq!(
        ruling.cycle[2].targets[0].weakness,
        Some(Weakness::ThroughCheck)
    );
    // The Asian rules count no chase through a check (the advance is idle) and no side chases
    // on every move: a draw.
    assert_eq!(
        asian(&example),
        (Decision::Ends(Outcome::Draw, Reason::RepetitionDraw))
    );
}

#[test]
fn rule_7_4_figure_4_a_protector_that_chases_still_chases() {
    // 細則 4, 圖四: 車六平五 卒５平４ / 車五平六 卒４平５. The chariot protects the horse a1;
    // taking the soldier would lose the horse, yet it is a chase: Red 長捉.
    check(&Example {
        source: "細則4 圖四",
        fen: "r4k3/4a4/9/9/9/9/4p4/9/N2R5/4K4 w - - 0 1",
        cycle: ["d1e1", "e3d3", "e1d1", "d3e3"],
        characters: [Chase, Idle, Chase, Idle],
        verdict: Verdict::MustVary(Color::Red),
    });
}

#[test]
fn rule_7_5_figure_5_a_chase_that_also_offers_is_a_chase() {
    // 細則 5, 圖五: 馬八進六 車２平３ / 馬六退八 車３平２. The horse chases the chariot
    // although the crossed soldier e4 could take it; Black 一捉一閑: Red must vary.
    check(&Example {
        source: "細則5 圖五",
        fen: "3aka3/9/9/9/1r7/4p4/1N7/9/2C6/1R3K3 w - - 0 1",
        cycle: ["b3d4", "b5c5", "d4b3", "c5b5"],
        characters: [Chase, Chase, Chase, Idle],
        verdict: Verdict::MustVary(Color::Red),
    });
}

#[test]
fn rule_7_6_figure_6_the_horse_chases_the_unprotected_cannon() {
    // 細則 6, 圖六: 馬八進七 砲１進１ / 馬七退八 砲１退１. Red 長捉 of the lone cannon; the
    // cannon's flight is idle.
    check(&Example {
        source: "細則6 圖六",
        fen: "3k5/9/9/9/c8/9/9/1N7/9/4K4 w - - 0 1",
        cycle: ["b2c4", "a5a4", "c4b2", "a4a5"],
        characters: [Chase, Idle, Chase, Idle],
        verdict: Verdict::MustVary(Color::Red),
    });
}

#[test]
fn rule_7_6_figure_7_from_chase_to_chase_is_idle() {
    // 細則 6, 圖七: 砲八平九 車２平１ / 砲九平八 車１平２. The red chariot e4 can take the
    // central elephant before and after each cannon move (from chase to chase: idle); the black
    // chariot chases the cannon: Black must vary.
    let example = Example {
        source: "細則6 圖七",
        fen: "4k4/1r7/4b4/9/9/4R4/1C7/9/9/3K5 w - - 0 1",
        cycle: ["b3a3", "b8a8", "a3b3", "a8b8"],
        characters: [Idle, Chase, Idle, Chase],
        verdict: Verdict::MustVary(Color::Black),
    };
    check(&example);
    // The evidence reads as English, with the detailed rule named in English.
    assert_eq!(
        english_evidence(&example)[0],
        "Red 炮八平九 is idle [from chase to chase is idle: 29.2, detailed rule 6]"
    );
}

/// The evidence lines of the ruling at the third occurrence, in English with the moves in
/// simplified Chinese.
fn english_evidence(example: &Example) -> Vec<String> {
    third(example, RuleSet::Cxa1999)
        .evidence
        .iter()
        .map(|e| e.line(Language::English, &Notation::ChineseSimplified.into()))
        .collect()
}

#[test]
fn rule_7_6_figure_8_the_chariot_that_keeps_its_attack_is_idle() {
    // 細則 6, 圖八: 馬三退一 車７平８ / 馬一進三 車８平７. The horse chases the chariot on
    // every move; the chariot's sidesteps keep its attack on the elephant e2 (from chase to
    // chase) and only follow the protected horse g4: Red must vary.
    check(&Example {
        source: "細則6 圖八",
        fen: "4k4/9/9/9/9/6N2/9/4B1r2/9/3K5 w - - 0 1",
        cycle: ["g4i3", "g2h2", "i3g4", "h2g2"],
        characters: [Chase, Idle, Chase, Idle],
        verdict: Verdict::MustVary(Color::Red),
    });
}

#[test]
fn rule_7_8_figure_10_both_sides_forbidden_draw() {
    // 細則 8, 圖十: 車六平五 砲４平２ / 車五平六 砲２平４. Red 一將一捉: 車六平五 attacks the lone
    // crossed soldier e2, 車五平六 checks along the d-file. Black: 砲４平２ opens the d-file so
    // that the general takes d0 from the red general and 馬７退６ (g0-f2) mates (做殺);
    // 砲２平４ blocks the check and, with the red chariot d6 as its screen, guards
    // d0 itself: the same horse retreat mates (增加了黑馬退６的殺著). 二打還二打: draw (26.3).
    let example = Example {
        source: "細則8 圖十",
        fen: "5a3/3k5/3c5/3R5/9/9/9/4p4/9/4KAn2 w - - 0 1",
        cycle: ["d6e6", "d7b7", "e6d6", "b7d7"],
        characters: [Chase, MateThreat, Check, MateThreat],
        verdict: Verdict::Draw,
    };
    check(&example);
    assert_eq!(
        third(&example, RuleSet::Cxa1999).articles,
        vec!["24.2", "26.3"]
    );
    assert_eq!(
        targets(&example),
        vec![vec!["e2"], vec!["e0"], vec!["d8"], vec!["e0"]]
    );
    assert_eq!(
        english_evidence(&example)[1],
        "Black 炮４平２ threatens mate against Red's general (e0)"
    );
    // The mate threatened by 砲２平４ is the horse's retreat to the f-file (馬退６).
    let start = Position::from_fen(example.fen).expect("valid FEN");
    let mut pos = start;
    for m in example.cycle {
        pos = pos.play(Move::parse_iccs(m).expect("move")).expect("legal");
    }
    let again = pos.passed().expect("Black not in check");
    assert_eq!(MateSearch::default().find(&again), Move::parse_iccs("g0f2"));
    // The Asian rules do not forbid mate threats: Red checks and chases but not on every move
    // the same piece, Black plays idle moves: a draw all the same, for another reason.
    assert_eq!(
        asian(&example),
        (Decision::Ends(Outcome::Draw, Reason::RepetitionDraw))
    );
}

#[test]
fn rule_7_9_figure_11_general_and_horses_chase_together() {
    // 細則 9, 圖十一: 帥六平五 卒５平４ / 帥五平六 卒４平５. The general alone attacking is
    // idle (27.1), but with it the horses win the soldier the black chariot protects: Red 長捉.
    check(&Example {
        source: "細則9 圖十一",
        fen: "5k3/9/9/9/9/9/9/1N1K3C1/4p3r/2N6 w - - 0 1",
        cycle: ["d2e2", "e1d1", "e2d2", "d1e1"],
        characters: [Chase, Idle, Chase, Idle],
        verdict: Verdict::MustVary(Color::Red),
    });
}

#[test]
fn rule_7_11_figure_13_soldiers_chase_in_mutual_attack() {
    // 細則 11, 圖十三: 兵八平七 車３平２ / 兵七平八 車２平３ / 後八平七. The soldier alone
    // attacking the chariot would be idle (27.2), but the chariot chases the horses in turn:
    // mutual attack, so the soldier's moves count as chases; both forbidden: draw (26.3).
    check(&Example {
        source: "細則11 圖十三",
        fen: "4k4/9/1P7/2r6/1P7/9/2N6/1N7/9/3K5 w - - 0 1",
        cycle: ["b5c5", "c6b6", "c5b5", "b6c6"],
        characters: [Chase, Chase, Chase, Chase],
        verdict: Verdict::Draw,
    });
}

#[test]
fn rule_7_12_figure_14_the_heaviest_effect_names_the_move() {
    // 細則 12, 圖十四: 砲三平四 車６平７ / 砲四平三 車７平６. Each cannon move chases the
    // chariot and also offers the cannon to the black cannon i3: the chase names it (27.4).
    check(&Example {
        source: "細則12 圖十四",
        fen: "4k4/9/5r3/9/5PP2/9/6CNc/9/4A4/3K5 w - - 0 1",
        cycle: ["g3f3", "f7g7", "f3g3", "g7f7"],
        characters: [Chase, Idle, Chase, Idle],
        verdict: Verdict::MustVary(Color::Red),
    });
}

#[test]
fn rule_7_7_figure_9_taking_into_mate_is_idle() {
    // 細則 7, 圖九: 砲一平二 車９平８ / 砲二平一 車８平９. Each cannon move threatens mate on
    // the ninth rank (長殺); the chariot blocks and seems to attack the cannon, but taking it
    // leaves g8 to the horse's mate (29.4): two attacks against two idle moves, Red must vary.
    let example = Example {
        source: "細則7 圖九",
        fen: "3ak1P2/8r/4P4/5N3/8C/9/9/9/9/4K4 w - - 0 1",
        cycle: ["i5h5", "i8h8", "h5i5", "h8i8"],
        characters: [MateThreat, Idle, MateThreat, Idle],
        verdict: Verdict::MustVary(Color::Red),
    };
    check(&example);
    assert!(exceptions(&example)[3].contains(&Exception::TakerMated));
}

#[test]
fn rule_7_10_figure_12_a_crossed_soldier_as_bait_wins_nothing() {
    // 細則 10, 圖十二: 車一進四 車５平６ / 車一退四 車６平５. Leaving i5, the chariot gives up
    // the crossed soldier d5 to the horse in the hope of winning more later; the soldier's value
    // floats and no material is won: two idle moves each, draw.
    check(&Example {
        source: "細則10 圖十二",
        fen: "3k5/9/2n1r4/9/3P5/9/9/9/8R/3K5 w - - 0 1",
        cycle: ["i1i5", "e7f7", "i5i1", "f7e7"],
        characters: [Idle, Idle, Idle, Idle],
        verdict: Verdict::Draw,
    });
}

#[test]
fn rule_7_13_figure_15_check_and_follow_from_a_defensive_post_is_allowed() {
    // 細則 13, 圖十五: 車五平六 將４平５ / 車六平五 將５平４. With the black general on d9 the
    // d-file takes d0 from the red general, and 車１進５ (a5-a0) mates (the horse g2 guards e1
    // and f0): 將５平４ is 殺. Red answers with the check 車五平六; back on the
    // e-file, 車六平五 holds its post and follows the general (跟); its attack on the lone
    // elephant e7 is incidental (27.3): idle. Red 一將一跟, Black 一殺一閒: draw (26.2).
    let example = Example {
        source: "細則13 圖十五",
        fen: "3k1a3/9/4b4/9/r8/4R4/9/6n2/9/4K4 w - - 0 1",
        cycle: ["e4d4", "d9e9", "d4e4", "e9d9"],
        characters: [Check, Idle, Idle, MateThreat],
        verdict: Verdict::Draw,
    };
    check(&example);
    assert_eq!(
        third(&example, RuleSet::Cxa1999).articles,
        vec!["24.2", "26.2"]
    );
    let ruling = third(&example, RuleSet::Cxa1999);
    assert_eq!(ruling.cycle[2].idle_kind, Some(IdleKind::Follow));
    assert!(exceptions(&example)[2].contains(&Exception::DefensivePoint));
    // Under the Asian rules the chariot's attack on the elephant is a chase, but Red checks
    // and chases in turn, not the same piece on every move: a draw too.
    assert_eq!(
        asian(&example),
        (Decision::Ends(Outcome::Draw, Reason::RepetitionDraw))
    );
}

#[test]
fn rule_7_13_figure_16_touching_advisors_and_elephants_from_a_defensive_post_is_idle() {
    // 細則 13, 圖十六: 帥五進一 砲４平３ / 帥五退一 砲３平４. The black cannon holds its post
    // against horse and soldier and, moving, attacks the elephant c0 and the advisor d2 in turn:
    // incidental, idle (27.3). Draw.
    let example = Example {
        source: "細則13 圖十六",
        fen: "2b1k1b2/4a4/3c5/9/9/9/2PN5/3A5/9/2B1K4 w - - 0 1",
        cycle: ["e0e1", "d7c7", "e1e0", "c7d7"],
        characters: [Idle, Idle, Idle, Idle],
        verdict: Verdict::Draw,
    };
    check(&example);
    let exc = exceptions(&example);
    assert!(
        exc[1].contains(&Exception::DefensivePoint) && exc[3].contains(&Exception::DefensivePoint)
    );
}
