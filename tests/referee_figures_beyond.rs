//! The rulings of chapter 7 (棋例細則 1–13, 圖一–圖十六) beyond the sixteen built figures: for
//! each figure, positions built from the figure's text with other geometry — other files, other
//! pieces of the same values, the colours swapped — each with its cycle played out and its
//! verdict under CXA 1999 and under the Asian rules. A rule is right only if it holds for every
//! position with the same idea.
//!
//! A verdict is derived from the text: the rules are the same for both colours and for both
//! wings of the board, so the colour-swapped position (ranks turned over, the other side to
//! move first) gets the figure's verdict with the sides exchanged, and the position mirrored
//! left to right gets it unchanged; the hand-built positions say in their comment why they
//! carry the verdict they do.

use qipu::ending::{Outcome, Reason};
use qipu::lang::Language;
use qipu::referee::{Character, Decision, Exception, Referee, RuleSet, Ruling, Weakness};
use qipu::rules::{Color, Move, Position};

use Character::{Chase, Check, Idle, MateThreat};

/// The verdict under CXA 1999 when the position has come round the third time.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Cxa {
    /// Perpetual check loses at once (24.1, 26.1).
    LosesAtOnce(Color),
    /// A side plays forbidden moves against allowed ones: it must vary (24.3, 26.4) and loses
    /// at the fourth occurrence.
    MustVary(Color),
    /// Both allowed (26.2) or both forbidden (26.3): a draw (24.2 with that article).
    Draw(&'static str),
}

/// The verdict under the Asian rules at the third occurrence.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Asian {
    /// The side loses by perpetual check.
    PerpetualCheck(Color),
    /// The side loses by perpetually chasing one piece.
    PerpetualChase(Color),
    /// Nobody alone is forbidden: a draw.
    Draw,
}

#[derive(Clone, Debug)]
struct Case {
    /// The figure and what the position changes.
    source: String,
    fen: String,
    /// One round of the cycle (four plies).
    cycle: [String; 4],
    /// The character of each move under CXA 1999.
    characters: [Character; 4],
    cxa: Cxa,
    asian: Asian,
    /// Exceptions noted on moves of the round under CXA (move index, exception).
    exceptions: Vec<(usize, Exception)>,
    /// The weakness of the first target of moves of the round under CXA.
    weaknesses: Vec<(usize, Weakness)>,
}

fn case(
    source: &str,
    fen: &str,
    cycle: [&str; 4],
    characters: [Character; 4],
    cxa: Cxa,
    asian: Asian,
) -> Case {
    Case {
        source: source.to_owned(),
        fen: fen.to_owned(),
        cycle: cycle.map(str::to_owned),
        characters,
        cxa,
        asian,
        exceptions: Vec::new(),
        weaknesses: Vec::new(),
    }
}

impl Case {
    fn noting(mut self, exceptions: &[(usize, Exception)]) -> Case {
        self.exceptions.extend_from_slice(exceptions);
        self
    }

    fn weak(mut self, weaknesses: &[(usize, Weakness)]) -> Case {
        self.weaknesses.extend_from_slice(weaknesses);
        self
    }

    /// The same idea with the colours swapped: the board turned over (rank r becomes 9 - r),
    /// every piece changes colour, the other side moves first; the verdicts name the other side.
    fn colours_swapped(&self) -> Case {
        let mut fields = self.fen.split_whitespace();
        let board = fields.next().expect("board field");
        let side = fields.next().expect("side field");
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if side == "w" { "b" } else { "w" };
        let flip_rank = |c: char| char::from(b'0' + (b'9' - c as u8));
        let cycle = self.cycle.clone().map(|m| {
            let c: Vec<char> = m.chars().collect();
            [c[0], flip_rank(c[1]), c[2], flip_rank(c[3])]
                .iter()
                .collect()
        });
        let other = |c: Color| c.opponent();
        Case {
            source: format!("{}, colours swapped", self.source),
            fen: format!("{} {side} - - 0 1", ranks.join("/")),
            cycle,
            cxa: match self.cxa {
                Cxa::LosesAtOnce(c) => Cxa::LosesAtOnce(other(c)),
                Cxa::MustVary(c) => Cxa::MustVary(other(c)),
                Cxa::Draw(a) => Cxa::Draw(a),
            },
            asian: match self.asian {
                Asian::PerpetualCheck(c) => Asian::PerpetualCheck(other(c)),
                Asian::PerpetualChase(c) => Asian::PerpetualChase(other(c)),
                Asian::Draw => Asian::Draw,
            },
            ..self.clone()
        }
    }

    /// The same idea on the other wing: files a–i read i–a.
    fn mirrored(&self) -> Case {
        let mut fields = self.fen.split_whitespace();
        let board = fields.next().expect("board field");
        let side = fields.next().expect("side field");
        let ranks: Vec<String> = board
            .split('/')
            .map(|r| {
                let mut points = String::new();
                for c in r.chars() {
                    match c.to_digit(10) {
                        Some(n) => points.extend(std::iter::repeat_n('.', n as usize)),
                        None => points.push(c),
                    }
                }
                let mut out = String::new();
                let mut empty = 0;
                for c in points.chars().rev() {
                    if c == '.' {
                        empty += 1;
                        continue;
                    }
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                out
            })
            .collect();
        let flip_file = |c: char| char::from(b'a' + (b'i' - c as u8));
        let cycle = self.cycle.clone().map(|m| {
            let c: Vec<char> = m.chars().collect();
            [flip_file(c[0]), c[1], flip_file(c[2]), c[3]]
                .iter()
                .collect()
        });
        Case {
            source: format!("{}, mirrored", self.source),
            fen: format!("{} {side} - - 0 1", ranks.join("/")),
            cycle,
            ..self.clone()
        }
    }

    fn line(&self, plies: usize) -> Vec<Move> {
        self.cycle
            .iter()
            .cycle()
            .take(plies)
            .map(|m| Move::parse_iccs(m).expect("ICCS move"))
            .collect()
    }

    fn ruling(&self, rules: RuleSet, plies: usize) -> Ruling {
        let start = Position::from_fen(&self.fen)
            .unwrap_or_else(|e| panic!("{}: bad FEN {}: {e}", self.source, self.fen));
        Referee::new(rules)
            .judge(&start, &self.line(plies))
            .ruling
            .unwrap_or_else(|| panic!("{}: no ruling under {rules:?}", self.source))
    }

    /// Play the cycle and check every ruling the case states.
    fn check(&self) {
        let third = self.ruling(RuleSet::Cxa1999, 8);
        let shown = show(&third);
        let src = &self.source;
        let got: Vec<Character> = third.cycle[..4].iter().map(|m| m.character).collect();
        assert_eq!(got, self.characters, "{src}: characters\n{shown}");
        for &(i, e) in &self.exceptions {
            assert!(
                third.cycle[i].exceptions.contains(&e),
                "{src}: move {} notes {e:?}\n{shown}",
                i + 1
            );
        }
        for &(i, w) in &self.weaknesses {
            assert_eq!(
                third.cycle[i].targets.first().and_then(|t| t.weakness),
                Some(w),
                "{src}: move {}\n{shown}",
                i + 1
            );
        }
        match self.cxa {
            Cxa::LosesAtOnce(side) => {
                assert_eq!(
                    (third.decision, third.side, third.articles.clone()),
                    (
                        Decision::Ends(Outcome::win(side.opponent()), Reason::PerpetualCheck),
                        Some(side),
                        vec!["24.1", "26.1"]
                    ),
                    "{src}\n{shown}"
                );
            }
            Cxa::MustVary(side) => {
                assert_eq!(
                    (
                        third.decision,
                        third.side,
                        third.articles.clone(),
                        third.ply
                    ),
                    (Decision::MustVary, Some(side), vec!["24.3", "26.4"], 8),
                    "{src}\n{shown}"
                );
                let fourth = self.ruling(RuleSet::Cxa1999, 12);
                assert_eq!(
                    (
                        fourth.decision,
                        fourth.side,
                        fourth.articles.clone(),
                        fourth.ply
                    ),
                    (
                        Decision::Ends(Outcome::win(side.opponent()), Reason::ForbiddenRepetition),
                        Some(side),
                        vec!["24.3", "26.4"],
                        12
                    ),
                    "{src} at the fourth occurrence\n{}",
                    show(&fourth)
                );
            }
            Cxa::Draw(article) => {
                assert_eq!(
                    (third.decision, third.articles.clone()),
                    (
                        Decision::Ends(Outcome::Draw, Reason::RepetitionDraw),
                        vec!["24.2", article]
                    ),
                    "{src}\n{shown}"
                );
            }
        }
        let asian = self.ruling(RuleSet::Asian, 8);
        let expected = match self.asian {
            Asian::PerpetualCheck(side) => (
                Decision::Ends(Outcome::win(side.opponent()), Reason::PerpetualCheck),
                Some(side),
                vec!["AXF perpetual check"],
            ),
            Asian::PerpetualChase(side) => (
                Decision::Ends(Outcome::win(side.opponent()), Reason::ForbiddenRepetition),
                Some(side),
                vec!["AXF perpetual chase"],
            ),
            Asian::Draw => (
                Decision::Ends(Outcome::Draw, Reason::RepetitionDraw),
                None,
                vec!["AXF repetition draw"],
            ),
        };
        assert_eq!(
            (asian.decision, asian.side, asian.articles.clone()),
            expected,
            "{src} under the Asian rules\n{}",
            show(&asian)
        );
    }

    /// The case, its colour-swapped twin, and (when asked) the mirrored pair.
    fn check_with_twins(&self, mirror: bool) {
        self.check();
        self.colours_swapped().check();
        if mirror {
            self.mirrored().check();
            self.mirrored().colours_swapped().check();
        }
    }
}

fn show(r: &Ruling) -> String {
    format!(
        "{:?} {:?} {:?} at {}\n{}",
        r.decision,
        r.side,
        r.articles,
        r.ply,
        r.evidence
            .iter()
            .map(|e| e.line(Language::English, qipu::notation::Notation::Iccs))
            .collect::<Vec<_>>()
            .join("\n")
    )
}

use Asian as A;
use Color::{Black, Red};

#[test]
fn figure_1_perpetual_check_by_a_horse_loses() {
    // 細則 1: unilateral perpetual check loses in every case. Here a horse gives it, hopping
    // e7-g8 and back while the general steps between e9 and f9; Red could vary with other
    // moves, which changes nothing. Both rule sets: Red loses at once.
    let horse = case(
        "細則1 horse",
        "4k4/9/4N4/9/r8/9/9/9/9/3K5 w - - 0 1",
        ["e7g8", "e9f9", "g8e7", "f9e9"],
        [Check, Idle, Check, Idle],
        Cxa::LosesAtOnce(Red),
        A::PerpetualCheck(Red),
    );
    horse.check_with_twins(false);
    // The figure itself with the colours swapped and on the other wing.
    case(
        "細則1 圖一",
        "4k4/9/9/9/9/5R3/9/9/9/3K5 w - - 0 1",
        ["f4e4", "e9f9", "e4f4", "f9e9"],
        [Check, Idle, Check, Idle],
        Cxa::LosesAtOnce(Red),
        A::PerpetualCheck(Red),
    )
    .check_with_twins(true);
}

#[test]
fn figure_2_check_then_a_new_chase_along_a_rank() {
    // 細則 2: the chariot g7 could take the lone cannon b7 along the seventh rank and does not;
    // it checks on g8 (the general on e8), and coming back to g7 attacks the cannon again:
    // from no chase to chase, a chase. Red 一將一捉 must vary under CXA; under the Asian rules
    // a check and a chase do not make a perpetual chase: draw.
    case(
        "細則2 rank",
        "9/4k4/1c4R2/9/9/9/9/9/9/3K5 w - - 0 1",
        ["g7g8", "e8e9", "g8g7", "e9e8"],
        [Check, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::Draw,
    )
    .check_with_twins(false);
    case(
        "細則2 圖二",
        "5k3/9/6n2/9/9/6R2/9/9/9/3K5 w - - 0 1",
        ["g4f4", "f9e9", "f4g4", "e9f9"],
        [Check, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::Draw,
    )
    .check_with_twins(true);
}

#[test]
fn figure_3_a_fork_after_a_check_is_a_chase() {
    // 細則 3: a move after which the next move wins material counts as a chase. The horse g4
    // attacks the lone cannon i5; back on e5 it attacks nothing, but threatens Ne5-d7+, after
    // which whatever the general does the horse takes the cannon b6 (29.1, through a check).
    // Black's horse shuffles idly in the corner. Red 二捉 must vary; the Asian rules know no
    // chase through a check: the advance is idle and the game is drawn.
    case(
        "細則3 fork",
        "4k2n1/9/9/1c7/4N3c/9/9/9/9/5K3 w - - 0 1",
        ["e5g4", "h9i7", "g4e5", "i7h9"],
        [Chase, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::Draw,
    )
    .weak(&[(0, Weakness::Unprotected), (2, Weakness::ThroughCheck)])
    .check_with_twins(false);
    case(
        "細則3 圖三",
        "3aka2r/9/6n2/7N1/9/9/6c1C/5N3/7R1/3K5 w - - 0 1",
        ["h6i4", "i9h9", "i4h6", "h9i9"],
        [Chase, Idle, Chase, Chase],
        Cxa::MustVary(Red),
        A::Draw,
    )
    .weak(&[(2, Weakness::ThroughCheck)])
    .check_with_twins(true);
}

#[test]
fn figure_4_a_chariot_that_protects_a_cannon_still_chases() {
    // 細則 4: the chariot on the sixth rank protects the cannon h6 against the black chariot
    // h9; taking the crossed soldier would give up the cannon, yet each move attacks the lone
    // soldier anew: Red 長捉 must vary. The Asian rules count a chariot's attack on a lone
    // crossed soldier as a chase of the same piece: Red loses.
    case(
        "細則4 sixth rank",
        "4k2r1/9/9/3R3C1/9/2p6/9/9/9/3K5 w - - 0 1",
        ["d6c6", "c4d4", "c6d6", "d4c4"],
        [Chase, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::PerpetualChase(Red),
    )
    .check_with_twins(false);
    case(
        "細則4 圖四",
        "r4k3/4a4/9/9/9/9/4p4/9/N2R5/4K4 w - - 0 1",
        ["d1e1", "e3d3", "e1d1", "d3e3"],
        [Chase, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::PerpetualChase(Red),
    )
    .check_with_twins(true);
}

#[test]
fn figure_5_a_chase_that_offers_the_chaser_to_a_horse_is_a_chase() {
    // 細則 5: the horse chases the chariot from f4, where the black horse d5 could take it (an
    // offer to exchange, 兌), and from h3; the chariot's step to g5 attacks the lone cannon g1
    // (一捉), its step back is idle. Red 長捉 must vary; under the Asian rules the horse chases
    // the same chariot on every move and loses.
    case(
        "細則5 right wing, a horse for the soldier",
        "3aka3/9/9/9/3n3r1/9/7N1/9/6C2/3K3R1 w - - 0 1",
        ["h3f4", "h5g5", "f4h3", "g5h5"],
        [Chase, Chase, Chase, Idle],
        Cxa::MustVary(Red),
        A::PerpetualChase(Red),
    )
    .check_with_twins(false);
    case(
        "細則5 圖五",
        "3aka3/9/9/9/1r7/4p4/1N7/9/2C6/1R3K3 w - - 0 1",
        ["b3d4", "b5c5", "d4b3", "c5b5"],
        [Chase, Chase, Chase, Idle],
        Cxa::MustVary(Red),
        A::PerpetualChase(Red),
    )
    .check_with_twins(true);
}

#[test]
fn figure_6_the_fleeing_cannon_keeps_the_chariots_attack_and_is_idle() {
    // 細則 6, 圖六 as the text has it: the black chariot c7 can take the red bottom horse c0
    // before and after every cannon move; the cannon fleeing the red horse creates no attack
    // (from chase to chase): idle. The red horse chases the lone cannon: Red 長捉 must vary,
    // and under the Asian rules loses.
    case(
        "細則6 圖六 with the chariot",
        "3k5/9/2r6/9/8c/9/9/7N1/9/2N1K4 w - - 0 1",
        ["h2g4", "i5i4", "g4h2", "i4i5"],
        [Chase, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::PerpetualChase(Red),
    )
    .noting(&[(1, Exception::ChaseToChase), (3, Exception::ChaseToChase)])
    .check_with_twins(false);
    // The move dodges a check: the black chariot a5 has attacked the lone red horse a0 all
    // along; while in check it could not take it, but the general's step out of the check
    // creates no attack Black did not have before it: from chase to chase, idle. Red checks,
    // then attacks the lone horse f7 anew (一將一捉): Red must vary under CXA; under the Asian
    // rules no piece is chased on every move: a draw.
    case(
        "細則6 a check dodged",
        "4k4/9/5n3/9/r8/5R3/9/9/9/N4K3 w - - 0 1",
        ["f4e4", "e9d9", "e4f4", "d9e9"],
        [Check, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::Draw,
    )
    .noting(&[(1, Exception::ChaseToChase), (3, Exception::ChaseToChase)])
    .check_with_twins(true);
    case(
        "細則6 圖六",
        "3k5/9/9/9/c8/9/9/1N7/9/4K4 w - - 0 1",
        ["b2c4", "a5a4", "c4b2", "a4a5"],
        [Chase, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::PerpetualChase(Red),
    )
    .check_with_twins(true);
}

#[test]
fn figure_7_a_horse_that_dodges_while_the_chariot_keeps_the_elephant_is_idle() {
    // 細則 6, 圖七 with a horse for the cannon: the red chariot a2 can take the lone elephant
    // a7 before and after each horse move; the horse dodging the black chariot is from chase
    // to chase, idle. The black chariot chases the lone horse on every move: Black 長捉 must
    // vary; under the Asian rules it loses.
    case(
        "細則6 圖七 horse",
        "3k5/7r1/b8/9/9/9/7N1/R8/9/5K3 w - - 0 1",
        ["h3i5", "h8i8", "i5h3", "i8h8"],
        [Idle, Chase, Idle, Chase],
        Cxa::MustVary(Black),
        A::PerpetualChase(Black),
    )
    .noting(&[(0, Exception::ChaseToChase), (2, Exception::ChaseToChase)])
    .check_with_twins(false);
    case(
        "細則6 圖七",
        "4k4/1r7/4b4/9/9/4R4/1C7/9/9/3K5 w - - 0 1",
        ["b3a3", "b8a8", "a3b3", "a8b8"],
        [Idle, Chase, Idle, Chase],
        Cxa::MustVary(Black),
        A::PerpetualChase(Black),
    )
    .noting(&[(0, Exception::ChaseToChase)])
    .check_with_twins(true);
}

#[test]
fn figure_8_a_cannon_that_slides_and_keeps_its_attack_is_idle() {
    // 細則 6, 圖八 with a cannon for the chariot: the black cannon e8 hits the lone red
    // elephant e2 over its own soldier e6, and sliding to e7 and back it keeps that attack:
    // from chase to chase, idle. The red horse chases the lone cannon on every move: Red 長捉
    // must vary, and under the Asian rules loses.
    case(
        "細則6 圖八 cannon",
        "3k5/2N1c4/9/4p4/9/9/9/4B4/9/5K3 w - - 0 1",
        ["c8d6", "e8e7", "d6c8", "e7e8"],
        [Chase, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::PerpetualChase(Red),
    )
    .noting(&[(1, Exception::ChaseToChase), (3, Exception::ChaseToChase)])
    .check_with_twins(false);
    case(
        "細則6 圖八",
        "4k4/9/9/9/9/6N2/9/4B1r2/9/3K5 w - - 0 1",
        ["g4i3", "g2h2", "i3g4", "h2g2"],
        [Chase, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::PerpetualChase(Red),
    )
    .check_with_twins(true);
}

#[test]
fn figure_9_an_attack_whose_capture_is_mated_is_idle() {
    // 細則 7, 圖九 on the other wing and with the colours swapped: the cannon's moves threaten
    // mate (長殺); the chariot that blocks seems to attack the cannon, but taking it is mated
    // (29.4): Red must vary. The Asian rules forbid no mate threat: a draw.
    case(
        "細則7 圖九",
        "3ak1P2/8r/4P4/5N3/8C/9/9/9/9/4K4 w - - 0 1",
        ["i5h5", "i8h8", "h5i5", "h8i8"],
        [MateThreat, Idle, MateThreat, Idle],
        Cxa::MustVary(Red),
        A::Draw,
    )
    .noting(&[(3, Exception::TakerMated)])
    .check_with_twins(true);
}

#[test]
fn figure_10_both_sides_forbidden_draw() {
    // 細則 8, 圖十 mirrored and swapped: Red 一將一捉, Black two mate threats: 二打還二打,
    // a draw (26.3). Under the Asian rules, a draw too.
    case(
        "細則8 圖十",
        "5a3/3k5/3c5/3R5/9/9/9/4p4/9/4KAn2 w - - 0 1",
        ["d6e6", "d7b7", "e6d6", "b7d7"],
        [Chase, MateThreat, Check, MateThreat],
        Cxa::Draw("26.3"),
        A::Draw,
    )
    .check_with_twins(true);
}

#[test]
fn figure_11_the_general_and_the_horses_chase_together() {
    // 細則 9, 圖十一 mirrored and swapped: the general's attack alone would be idle, but the
    // horses attack the same soldier with it: Red 長捉 must vary. The Asian rules count no
    // general as a chaser: a draw.
    case(
        "細則9 圖十一",
        "5k3/9/9/9/9/9/9/1N1K3C1/4p3r/2N6 w - - 0 1",
        ["d2e2", "e1d1", "e2d2", "d1e1"],
        [Chase, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::Draw,
    )
    .check_with_twins(true);
}

#[test]
fn figure_12_a_crossed_soldier_as_bait_wins_nothing() {
    // 細則 10, 圖十二 mirrored and swapped: giving up the crossed soldier for hopes of more is
    // no gain (its value floats): two idle moves each, a draw (26.2) under both rule sets.
    case(
        "細則10 圖十二",
        "3k5/9/2n1r4/9/3P5/9/9/9/8R/3K5 w - - 0 1",
        ["i1i5", "e7f7", "i5i1", "f7e7"],
        [Idle, Idle, Idle, Idle],
        Cxa::Draw("26.2"),
        A::Draw,
    )
    .check_with_twins(true);
}

#[test]
fn figure_13_soldiers_chase_in_mutual_attack() {
    // 細則 11, 圖十三 mirrored and swapped: the soldiers' attacks count as chases because the
    // chariot chases too: both forbidden, a draw (26.3). The Asian rules count no soldier as a
    // chaser, and the chariot chases a different horse each time: a draw.
    case(
        "細則11 圖十三",
        "4k4/9/1P7/2r6/1P7/9/2N6/1N7/9/3K5 w - - 0 1",
        ["b5c5", "c6b6", "c5b5", "b6c6"],
        [Chase, Chase, Chase, Chase],
        Cxa::Draw("26.3"),
        A::Draw,
    )
    .noting(&[
        (0, Exception::SoldierInMutualAttack),
        (2, Exception::SoldierInMutualAttack),
    ])
    .check_with_twins(true);
}

#[test]
fn figure_14_the_heaviest_effect_names_the_move() {
    // 細則 12, 圖十四 mirrored and swapped: each cannon move chases the chariot and offers the
    // cannon; the chase names it (27.4): Red 長捉 must vary, and under the Asian rules loses.
    case(
        "細則12 圖十四",
        "4k4/9/5r3/9/5PP2/9/6CNc/9/4A4/3K5 w - - 0 1",
        ["g3f3", "f7g7", "f3g3", "g7f7"],
        [Chase, Idle, Chase, Idle],
        Cxa::MustVary(Red),
        A::PerpetualChase(Red),
    )
    .check_with_twins(true);
}

#[test]
fn figure_15_check_and_follow_from_a_defensive_post() {
    // 細則 13, 圖十五 mirrored and swapped: Red 一將一跟 from its post (the attack on the
    // elephant is incidental, 27.3), Black 一殺一閑: a draw (26.2); a draw under the Asian
    // rules as well.
    case(
        "細則13 圖十五",
        "3k1a3/9/4b4/9/r8/4R4/9/6n2/9/4K4 w - - 0 1",
        ["e4d4", "d9e9", "d4e4", "e9d9"],
        [Check, Idle, Idle, MateThreat],
        Cxa::Draw("26.2"),
        A::Draw,
    )
    .noting(&[(2, Exception::DefensivePoint)])
    .check_with_twins(true);
}

#[test]
fn figure_16_touching_advisors_and_elephants_from_a_defensive_post() {
    // 細則 13, 圖十六 mirrored and swapped: the cannon holding its post attacks advisor and
    // elephant in turn, incidentally (27.3): a draw (26.2). The Asian rules count those
    // attacks, but on a different piece each time: a draw.
    case(
        "細則13 圖十六",
        "2b1k1b2/4a4/3c5/9/9/9/2PN5/3A5/9/2B1K4 w - - 0 1",
        ["e0e1", "d7c7", "e1e0", "c7d7"],
        [Idle, Idle, Idle, Idle],
        Cxa::Draw("26.2"),
        A::Draw,
    )
    .noting(&[
        (1, Exception::DefensivePoint),
        (3, Exception::DefensivePoint),
    ])
    .check_with_twins(true);
}
