//! The rulings of chapter 7 (棋例細則 1–13, 圖一–圖十六) beyond the sixteen built figures: for
//! each figure, positions built from the figure's text with other geometry — other files, other
//! pieces of the same values, the colours swapped — each with its cycle played out and its
//! verdict under CXA 1999 and under the Asian rules. A rule is right only if it holds for every
//! position with the same idea.
//!
//! The cases are the rows of [`CASES`], each checked by [`Case::check`]. A verdict is derived
//! from the text: the rules are the same for both colours and for both wings of the board, so
//! the colour-swapped position (ranks turned over, the other side to move first) gets the row's
//! verdict with the sides exchanged, and the position mirrored left to right gets it unchanged;
//! the comment above each hand-built row says why it carries the verdict it does.

use qipu::ending::{Outcome, Reason};
use qipu::lang::Language;
use qipu::referee::{Character, Decision, Exception, Referee, RuleSet, Ruling, Weakness};
use qipu::rules::{Color, Move, Position};

/// One case a row: `figure | source | board and side to move | one round of the cycle |
/// characters under CXA | CXA verdict | Asian verdict | notes | twins`.
///
/// - characters: 將 check, 殺 mate threat, 捉 chase, 閑 idle, one a move of the round;
/// - CXA verdict: `loses SIDE` (perpetual check, 24.1, 26.1), `must-vary SIDE` (24.3, 26.4, and
///   the loss at the fourth occurrence), `draw ARTICLE` (24.2 with 26.2 or 26.3);
/// - Asian verdict: `check SIDE` (perpetual check loses), `chase SIDE` (perpetual chase loses),
///   `draw`;
/// - notes: `N:Name`, on move N of the round under CXA, an exception noted (`ChaseToChase`, …)
///   or the weakness of its first target (`Unprotected`, …);
/// - twins: `swap` adds the colour-swapped position, `mirror` the mirrored pair as well.
///
/// Lines starting with `#` say where the row comes from and why it carries its verdict.
const CASES: &str = "
# 細則 1: unilateral perpetual check loses in every case. Here a horse gives it, hopping e7-g8
# and back while the general steps between e9 and f9; Red could vary with other moves, which
# changes nothing. Both rule sets: Red loses at once.
1 | 細則1 horse | 4k4/9/4N4/9/r8/9/9/9/9/3K5 w | e7g8 e9f9 g8e7 f9e9 | 將閑將閑 | loses Red | check Red | | swap
# 細則 1, 圖一 itself.
1 | 細則1 圖一 | 4k4/9/9/9/9/5R3/9/9/9/3K5 w | f4e4 e9f9 e4f4 f9e9 | 將閑將閑 | loses Red | check Red | | swap mirror
# 細則 2: the chariot g7 could take the lone cannon b7 along the seventh rank and does not; it
# checks on g8 (the general on e8), and coming back to g7 attacks the cannon again: from no
# chase to chase, a chase. Red 一將一捉 must vary under CXA; under the Asian rules a check and
# a chase do not make a perpetual chase: draw.
2 | 細則2 rank | 9/4k4/1c4R2/9/9/9/9/9/9/3K5 w | g7g8 e8e9 g8g7 e9e8 | 將閑捉閑 | must-vary Red | draw | | swap
2 | 細則2 圖二 | 5k3/9/6n2/9/9/6R2/9/9/9/3K5 w | g4f4 f9e9 f4g4 e9f9 | 將閑捉閑 | must-vary Red | draw | | swap mirror
# 細則 3: a move after which the next move wins material counts as a chase. The horse g4
# attacks the lone cannon i5; back on e5 it attacks nothing, but threatens Ne5-d7+, after which
# whatever the general does the horse takes the cannon b6 (29.1, through a check). Black's
# horse shuffles idly in the corner. Red 二捉 must vary; the Asian rules know no chase through a
# check: the advance is idle and the game is drawn.
3 | 細則3 fork | 4k2n1/9/9/1c7/4N3c/9/9/9/9/5K3 w | e5g4 h9i7 g4e5 i7h9 | 捉閑捉閑 | must-vary Red | draw | 1:Unprotected 3:ThroughCheck | swap
3 | 細則3 圖三 | 3aka2r/9/6n2/7N1/9/9/6c1C/5N3/7R1/3K5 w | h6i4 i9h9 i4h6 h9i9 | 捉閑捉捉 | must-vary Red | draw | 3:ThroughCheck | swap mirror
# 細則 4: the chariot on the sixth rank protects the cannon h6 against the black chariot h9;
# taking the crossed soldier would give up the cannon, yet each move attacks the lone soldier
# anew: Red 長捉 must vary. The Asian rules count a chariot's attack on a lone crossed soldier
# as a chase of the same piece: Red loses.
4 | 細則4 sixth rank | 4k2r1/9/9/3R3C1/9/2p6/9/9/9/3K5 w | d6c6 c4d4 c6d6 d4c4 | 捉閑捉閑 | must-vary Red | chase Red | | swap
4 | 細則4 圖四 | r4k3/4a4/9/9/9/9/4p4/9/N2R5/4K4 w | d1e1 e3d3 e1d1 d3e3 | 捉閑捉閑 | must-vary Red | chase Red | | swap mirror
# 細則 5: the horse chases the chariot from f4, where the black horse d5 could take it (an offer
# to exchange, 兌), and from h3; the chariot's step to g5 attacks the lone cannon g1 (一捉), its
# step back is idle. Red 長捉 must vary; under the Asian rules the horse chases the same
# chariot on every move and loses.
5 | 細則5 right wing, a horse for the soldier | 3aka3/9/9/9/3n3r1/9/7N1/9/6C2/3K3R1 w | h3f4 h5g5 f4h3 g5h5 | 捉捉捉閑 | must-vary Red | chase Red | | swap
5 | 細則5 圖五 | 3aka3/9/9/9/1r7/4p4/1N7/9/2C6/1R3K3 w | b3d4 b5c5 d4b3 c5b5 | 捉捉捉閑 | must-vary Red | chase Red | | swap mirror
# 細則 6, 圖六 as the text has it: the black chariot c7 can take the red bottom horse c0 before
# and after every cannon move; the cannon fleeing the red horse creates no attack (from chase
# to chase): idle. The red horse chases the lone cannon: Red 長捉 must vary, and under the
# Asian rules loses.
6 | 細則6 圖六 with the chariot | 3k5/9/2r6/9/8c/9/9/7N1/9/2N1K4 w | h2g4 i5i4 g4h2 i4i5 | 捉閑捉閑 | must-vary Red | chase Red | 2:ChaseToChase 4:ChaseToChase | swap
# 細則 6, the move dodges a check: the black chariot a5 has attacked the lone red horse a0 all
# along; while in check it could not take it, but the general's step out of the check creates
# no attack Black did not have before it: from chase to chase, idle. Red checks, then attacks
# the lone horse f7 anew (一將一捉): Red must vary under CXA; under the Asian rules no piece is
# chased on every move: a draw.
6 | 細則6 a check dodged | 4k4/9/5n3/9/r8/5R3/9/9/9/N4K3 w | f4e4 e9d9 e4f4 d9e9 | 將閑捉閑 | must-vary Red | draw | 2:ChaseToChase 4:ChaseToChase | swap mirror
6 | 細則6 圖六 | 3k5/9/9/9/c8/9/9/1N7/9/4K4 w | b2c4 a5a4 c4b2 a4a5 | 捉閑捉閑 | must-vary Red | chase Red | | swap mirror
# 細則 6, 圖七 with a horse for the cannon: the red chariot a2 can take the lone elephant a7
# before and after each horse move; the horse dodging the black chariot is from chase to chase,
# idle. The black chariot chases the lone horse on every move: Black 長捉 must vary; under the
# Asian rules it loses.
7 | 細則6 圖七 horse | 3k5/7r1/b8/9/9/9/7N1/R8/9/5K3 w | h3i5 h8i8 i5h3 i8h8 | 閑捉閑捉 | must-vary Black | chase Black | 1:ChaseToChase 3:ChaseToChase | swap
7 | 細則6 圖七 | 4k4/1r7/4b4/9/9/4R4/1C7/9/9/3K5 w | b3a3 b8a8 a3b3 a8b8 | 閑捉閑捉 | must-vary Black | chase Black | 1:ChaseToChase | swap mirror
# 細則 6, 圖八 with a cannon for the chariot: the black cannon e8 hits the lone red elephant e2
# over its own soldier e6, and sliding to e7 and back it keeps that attack: from chase to chase,
# idle. The red horse chases the lone cannon on every move: Red 長捉 must vary, and under the
# Asian rules loses.
8 | 細則6 圖八 cannon | 3k5/2N1c4/9/4p4/9/9/9/4B4/9/5K3 w | c8d6 e8e7 d6c8 e7e8 | 捉閑捉閑 | must-vary Red | chase Red | 2:ChaseToChase 4:ChaseToChase | swap
8 | 細則6 圖八 | 4k4/9/9/9/9/6N2/9/4B1r2/9/3K5 w | g4i3 g2h2 i3g4 h2g2 | 捉閑捉閑 | must-vary Red | chase Red | | swap mirror
# 細則 7, 圖九: the cannon's moves threaten mate (長殺); the chariot that blocks seems to attack
# the cannon, but taking it is mated (29.4): Red must vary. The Asian rules forbid no mate
# threat: a draw.
9 | 細則7 圖九 | 3ak1P2/8r/4P4/5N3/8C/9/9/9/9/4K4 w | i5h5 i8h8 h5i5 h8i8 | 殺閑殺閑 | must-vary Red | draw | 4:TakerMated | swap mirror
# 細則 7 with the general on d9: the soldiers d7 and f9 take d8 and e9 from it; the cannon on
# the h- or i-file threatens to drop to the back rank over the soldier f9 and mate (on h9 at
# once; from i5, after Ci9+ Rh9, Nf8+ mates), so each cannon move is 殺. The chariot blocks the
# file and stands where it could take the cannon: on h5 the cannon is alone, but Rxh5 lets the
# horse e6 mate on f8, the point the chariot guarded along the eighth rank (29.4: idle); on i5
# the soldier i4 protects it. Red 長殺 against two idle moves must vary. The Asian rules forbid
# no mate threat, and the chariot attacks a lone piece only on h5: a draw.
9 | 細則7 back rank, general d9 | 3k1P3/8r/3P5/3PN4/8C/8P/9/9/9/4K4 w | i5h5 i8h8 h5i5 h8i8 | 殺閑殺閑 | must-vary Red | draw | 2:TakerMated | swap mirror
# 細則 8, 圖十: Red 一將一捉, Black two mate threats: 二打還二打, a draw (26.3). Under the Asian
# rules, a draw too.
10 | 細則8 圖十 | 5a3/3k5/3c5/3R5/9/9/9/4p4/9/4KAn2 w | d6e6 d7b7 e6d6 b7d7 | 捉殺將殺 | draw 26.3 | draw | | swap mirror
# 細則 8 with the general on d9 and a horse from h3: the chariot on e5 attacks the lone crossed
# soldier e2 (捉); the cannon d7 leaves the d-file, so that the black general takes d0 from the
# red one, and Nh3-g1 mates (the soldier e2 holds e1, the advisor f0 stands on f0): 殺. The
# chariot back on d5 checks along the open file (將); the cannon comes back to d7 between them
# and with the chariot as its screen holds d0 itself: the same mate (殺). Both sides forbidden:
# a draw (26.3). The Asian rules forbid no mate threat and Red chases only on one move: draw.
10 | 細則8 general d9, horse h3 | 3k5/9/3c5/9/3R5/9/7n1/4p4/9/4KA3 w | d5e5 d7b7 e5d5 b7d7 | 捉殺將殺 | draw 26.3 | draw | | swap mirror
# 細則 9, 圖十一: the general's attack alone would be idle, but the horses attack the same
# soldier with it: Red 長捉 must vary. The Asian rules count no general as a chaser: a draw.
11 | 細則9 圖十一 | 5k3/9/9/9/9/9/9/1N1K3C1/4p3r/2N6 w | d2e2 e1d1 e2d2 d1e1 | 捉閑捉閑 | must-vary Red | draw | | swap mirror
# 細則 9 on the bottom rank with a cannon for the horses: the crossed soldier steps between e0
# and f0 and the black chariot i0 protects it along the rank; the red general follows it from
# e1 and f1 while the cannon a0 hits it on either point over the elephant c0. The cannon alone
# would give itself for the soldier; with the general it wins soldier and chariot (少根, 29.1):
# the general chases with the cannon, Red 長捉 must vary. The Asian rules count no general as
# a chaser and the cannon alone wins nothing: a draw.
11 | 細則9 bottom rank, a cannon | 3k5/9/9/9/9/9/9/9/5K3/C1B1p3r w | f1e1 e0f0 e1f1 f0e0 | 捉閑捉閑 | must-vary Red | draw | 1:Outnumbered 3:Outnumbered | swap mirror
# 細則 9 against 27.1: the same steps with nothing to help the general (the soldier unprotected,
# the horses far off): the general alone attacking is idle, a draw (26.2) under both rule sets.
11 | 細則9 the general alone | n2k5/9/8N/9/9/9/9/9/5K3/4p4 w | f1e1 e0f0 e1f1 f0e0 | 閑閑閑閑 | draw 26.2 | draw | 1:GeneralAlone 3:GeneralAlone | swap mirror
# 細則 10, 圖十二: giving up the crossed soldier for hopes of more is no gain (its value floats):
# two idle moves each, a draw (26.2) under both rule sets.
12 | 細則10 圖十二 | 3k5/9/2n1r4/9/3P5/9/9/9/8R/3K5 w | i1i5 e7f7 i5i1 f7e7 | 閑閑閑閑 | draw 26.2 | draw | | swap mirror
# 細則 10 on the other wing: the chariot a5 guards the crossed soldier c5 against the horse b7,
# offering it so that Nxc5 Rxc5 wins the horse; on a1 it leaves the soldier to the horse. A
# crossed soldier given for a piece is no gain either way (25.3, its value floats): idle. The
# black chariot shuffles on the eighth rank, the horse's attack on the soldier kept from before
# (29.2). All idle: a draw (26.2) under both rule sets.
12 | 細則10 a5, the horse b7 | 5k3/7r1/1n7/9/2P6/9/9/9/R8/4K4 w | a1a5 h8g8 a5a1 g8h8 | 閑閑閑閑 | draw 26.2 | draw | | swap mirror
# 細則 11, 圖十三: the soldiers' attacks count as chases because the chariot chases too: both
# forbidden, a draw (26.3). The Asian rules count no soldier as a chaser, and the chariot chases
# a different horse each time: a draw.
13 | 細則11 圖十三 | 4k4/9/1P7/2r6/1P7/9/2N6/1N7/9/3K5 w | b5c5 c6b6 c5b5 b6c6 | 捉捉捉捉 | draw 26.3 | draw | 1:SoldierInMutualAttack 3:SoldierInMutualAttack | swap mirror
# 細則 11 in the middle with one soldier: stepping between f5 and e5 it attacks the chariot and
# closes the file the chariot attacked along; the chariot steps over and attacks the other lone
# horse (e3, f2) down the open file. Mutual attack: the soldier's moves are chases too (27.2),
# both sides forbidden, a draw (26.3). The Asian rules count no soldier as a chaser, and the
# chariot attacks another horse each time: a draw.
13 | 細則11 one soldier, e and f files | 4k4/9/9/4r4/5P3/9/4N4/5N3/9/3K5 w | f5e5 e6f6 e5f5 f6e6 | 捉捉捉捉 | draw 26.3 | draw | 1:SoldierInMutualAttack 3:SoldierInMutualAttack | swap mirror
# 細則 12, 圖十四: each cannon move chases the chariot and offers the cannon; the chase names it
# (27.4): Red 長捉 must vary, and under the Asian rules loses.
14 | 細則12 圖十四 | 4k4/9/5r3/9/5PP2/9/6CNc/9/4A4/3K5 w | g3f3 f7g7 f3g3 g7f7 | 捉閑捉閑 | must-vary Red | chase Red | | swap mirror
# 細則 12 on the left with horses to take the cannon: over the soldiers c5 and d5 the cannon
# hits the chariot on c7 or d7, and each of its points is open to a black horse (a4 takes c3,
# f4 takes d3): chase and offer, the chase names the move (27.4). The chariot's steps are idle,
# the horses' attack on the cannon standing before them (29.2). Red 長捉 must vary; under the
# Asian rules the cannon chases the same chariot on every move and loses.
14 | 細則12 c and d files, horses | 5k3/9/3r5/9/2PP5/n4n3/2C6/9/9/4K4 w | c3d3 d7c7 d3c3 c7d7 | 捉閑捉閑 | must-vary Red | chase Red | 2:ChaseToChase 4:ChaseToChase | swap mirror
# 細則 13, 圖十五: Red 一將一跟 from its post (the attack on the elephant is incidental, 27.3),
# Black 一殺一閑: a draw (26.2); a draw under the Asian rules as well.
15 | 細則13 圖十五 | 3k1a3/9/4b4/9/r8/4R4/9/6n2/9/4K4 w | e4d4 d9e9 d4e4 e9d9 | 將閑閑殺 | draw 26.2 | draw | 3:DefensivePoint | swap mirror
# 細則 13 with a soldier for the horse and the chariot on c3: on d9 the black general takes d0
# from the red one, and Rc3-c0 mates, the crossed soldier f1 holding e1 and f0 (殺); the chariot
# checks from d4, where it could block on d0, the general steps to e9 (閑), and the chariot goes
# back to its post on e4 (跟), touching the lone elephant e7 on the way, incidental for the
# defender (27.3): idle. Red 一將一跟, Black 一殺一閑: a draw (26.2). Under the Asian rules Red
# checks and chases in turn: a draw.
15 | 細則13 chariot c3, soldier f1 | 3k1a3/9/4b4/9/9/4R4/2r6/9/5p3/4K4 w | e4d4 d9e9 d4e4 e9d9 | 將閑閑殺 | draw 26.2 | draw | 3:DefensivePoint | swap mirror
# 細則 13, 圖十六: the cannon holding its post attacks advisor and elephant in turn,
# incidentally (27.3): a draw (26.2). The Asian rules count those attacks, but on a different
# piece each time: a draw.
16 | 細則13 圖十六 | 2b1k1b2/4a4/3c5/9/9/9/2PN5/3A5/9/2B1K4 w | e0e1 d7c7 e1e0 c7d7 | 閑閑閑閑 | draw 26.2 | draw | 2:DefensivePoint 4:DefensivePoint | swap mirror
# 細則 13 with both elephants: the black cannon, the defender against horse and soldiers (its
# force no greater than Red's), swings between c7 and g7 and hits the lone elephant c0 or g0
# over the soldier in front of it: incidental (27.3), idle; the red general steps idly. A draw
# (26.2). Under the Asian rules each move attacks another elephant: a draw.
16 | 細則13 two elephants | 2b1k1b2/4a4/6c2/9/9/4N4/2P3P2/9/9/2B1K1B2 w | e0e1 g7c7 e1e0 c7g7 | 閑閑閑閑 | draw 26.2 | draw | 2:DefensivePoint 4:DefensivePoint | swap mirror
# 細則 13 against 28.12: the same with a black chariot more, so that Black is no defender: the
# cannon's attacks on the elephants are chases of one piece or several (長捉), and Black must
# vary. Under the Asian rules another elephant each time: a draw.
16 | 細則13 the attacker touches elephants | 2b1k1b2/r3a4/6c2/9/9/4N4/2P3P2/9/9/2B1K1B2 w | e0e1 g7c7 e1e0 c7g7 | 閑捉閑捉 | must-vary Black | draw | | swap mirror
";

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

/// A note on one move of the round under CXA.
#[derive(Clone, Copy, Debug)]
enum Note {
    /// The move notes this exception.
    Exception(Exception),
    /// The first target of the move is weak this way.
    Weakness(Weakness),
}

#[derive(Clone, Debug)]
struct Case {
    /// The figure (1–16) whose text the case follows.
    figure: u8,
    /// The figure and what the position changes.
    source: String,
    fen: String,
    /// One round of the cycle (four plies).
    cycle: [String; 4],
    /// The character of each move under CXA 1999.
    characters: [Character; 4],
    cxa: Cxa,
    asian: Asian,
    /// Notes on moves of the round under CXA (move index from 0, note).
    notes: Vec<(usize, Note)>,
    /// Whether the colour-swapped twin is checked, and the mirrored pair.
    swap: bool,
    mirror: bool,
}

/// The cases of [`CASES`], in order.
fn cases() -> Vec<Case> {
    CASES
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(parse_row)
        .collect()
}

fn parse_row(row: &str) -> Case {
    let fields: Vec<&str> = row.split('|').map(str::trim).collect();
    let [figure, source, fen, cycle, characters, cxa, asian, notes, twins] = fields[..] else {
        panic!("a row has nine fields: {row}");
    };
    let cycle: Vec<String> = cycle.split_whitespace().map(str::to_owned).collect();
    let characters: Vec<Character> = characters.chars().map(character).collect();
    let side = |word: Option<&str>| match word {
        Some("Red") => Color::Red,
        Some("Black") => Color::Black,
        other => panic!("{source}: no side {other:?}"),
    };
    let mut cxa_words = cxa.split_whitespace();
    let cxa = match cxa_words.next() {
        Some("loses") => Cxa::LosesAtOnce(side(cxa_words.next())),
        Some("must-vary") => Cxa::MustVary(side(cxa_words.next())),
        Some("draw") => match cxa_words.next() {
            Some("26.2") => Cxa::Draw("26.2"),
            Some("26.3") => Cxa::Draw("26.3"),
            other => panic!("{source}: no drawing article {other:?}"),
        },
        other => panic!("{source}: no CXA verdict {other:?}"),
    };
    let mut asian_words = asian.split_whitespace();
    let asian = match asian_words.next() {
        Some("check") => Asian::PerpetualCheck(side(asian_words.next())),
        Some("chase") => Asian::PerpetualChase(side(asian_words.next())),
        Some("draw") => Asian::Draw,
        other => panic!("{source}: no Asian verdict {other:?}"),
    };
    let notes = notes
        .split_whitespace()
        .map(|n| {
            let (at, name) = n
                .split_once(':')
                .unwrap_or_else(|| panic!("{source}: note {n}"));
            let at: usize = at.parse().unwrap_or_else(|_| panic!("{source}: note {n}"));
            (at - 1, note(name))
        })
        .collect();
    Case {
        figure: figure.parse().unwrap_or_else(|_| panic!("figure {figure}")),
        source: source.to_owned(),
        fen: format!("{fen} - - 0 1"),
        cycle: cycle
            .try_into()
            .unwrap_or_else(|c| panic!("{source}: a round is four moves, not {c:?}")),
        characters: characters
            .try_into()
            .unwrap_or_else(|c| panic!("{source}: four characters, not {c:?}")),
        cxa,
        asian,
        notes,
        swap: twins.split_whitespace().any(|t| t == "swap"),
        mirror: twins.split_whitespace().any(|t| t == "mirror"),
    }
}

/// A move's character by its Chinese name (28.1–28.3, 28.9).
fn character(c: char) -> Character {
    match c {
        '將' => Character::Check,
        '殺' => Character::MateThreat,
        '捉' => Character::Chase,
        '閑' => Character::Idle,
        other => panic!("no character {other}"),
    }
}

fn note(name: &str) -> Note {
    match name {
        "GeneralAlone" => Note::Exception(Exception::GeneralAlone),
        "SoldierAlone" => Note::Exception(Exception::SoldierAlone),
        "SoldierInMutualAttack" => Note::Exception(Exception::SoldierInMutualAttack),
        "ChaseToChase" => Note::Exception(Exception::ChaseToChase),
        "TakerMated" => Note::Exception(Exception::TakerMated),
        "DefensivePoint" => Note::Exception(Exception::DefensivePoint),
        "Unprotected" => Note::Weakness(Weakness::Unprotected),
        "FalselyProtected" => Note::Weakness(Weakness::FalselyProtected),
        "Outnumbered" => Note::Weakness(Weakness::Outnumbered),
        "WorthMore" => Note::Weakness(Weakness::WorthMore),
        "ThroughCheck" => Note::Weakness(Weakness::ThroughCheck),
        other => panic!("no note {other}"),
    }
}

/// The board field of a FEN, one string of nine points a rank from the top (`.` empty).
fn points(fen: &str) -> Vec<Vec<char>> {
    let board = fen.split_whitespace().next().expect("board field");
    board
        .split('/')
        .map(|rank| {
            rank.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec!['.'; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect()
}

/// The FEN of `ranks` (as [`points`] gives them) with `side` to move.
fn fen_of(ranks: &[Vec<char>], side: &str) -> String {
    let board: Vec<String> = ranks
        .iter()
        .map(|rank| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in rank {
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
    format!("{} {side} - - 0 1", board.join("/"))
}

impl Case {
    /// Whether the row is the figure as printed (its source names only the rule and figure).
    fn is_the_figure(&self) -> bool {
        self.source.contains('圖') && self.source.split_whitespace().count() == 2
    }

    fn side_to_move(&self) -> &str {
        self.fen.split_whitespace().nth(1).expect("side field")
    }

    /// The same idea with the colours swapped: the board turned over (rank r becomes 9 - r),
    /// every piece changes colour, the other side moves first; the verdicts name the other side.
    fn colours_swapped(&self) -> Case {
        let ranks: Vec<Vec<char>> = points(&self.fen)
            .into_iter()
            .rev()
            .map(|rank| {
                rank.into_iter()
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
        let side = if self.side_to_move() == "w" { "b" } else { "w" };
        let flip_rank = |c: char| char::from(b'0' + (b'9' - c as u8));
        let other = |c: Color| c.opponent();
        Case {
            source: format!("{}, colours swapped", self.source),
            fen: fen_of(&ranks, side),
            cycle: self.cycle.clone().map(|m| {
                let c: Vec<char> = m.chars().collect();
                [c[0], flip_rank(c[1]), c[2], flip_rank(c[3])]
                    .iter()
                    .collect()
            }),
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
        let ranks: Vec<Vec<char>> = points(&self.fen)
            .into_iter()
            .map(|rank| rank.into_iter().rev().collect())
            .collect();
        let flip_file = |c: char| char::from(b'a' + (b'i' - c as u8));
        Case {
            source: format!("{}, mirrored", self.source),
            fen: fen_of(&ranks, self.side_to_move()),
            cycle: self.cycle.clone().map(|m| {
                let c: Vec<char> = m.chars().collect();
                [flip_file(c[0]), c[1], flip_file(c[2]), c[3]]
                    .iter()
                    .collect()
            }),
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
        for &(i, n) in &self.notes {
            match n {
                Note::Exception(e) => assert!(
                    third.cycle[i].exceptions.contains(&e),
                    "{src}: move {} notes {e:?}\n{shown}",
                    i + 1
                ),
                Note::Weakness(w) => assert_eq!(
                    third.cycle[i].targets.first().and_then(|t| t.weakness),
                    Some(w),
                    "{src}: move {}\n{shown}",
                    i + 1
                ),
            }
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

    /// The case and the twins its row asks for.
    fn check_with_twins(&self) {
        self.check();
        if self.swap {
            self.colours_swapped().check();
        }
        if self.mirror {
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
            .map(|e| e.line(Language::English, &qipu::notation::Notation::Iccs.into()))
            .collect::<Vec<_>>()
            .join("\n")
    )
}

/// Every case of the figure, with its twins.
fn check_figure(figure: u8) {
    let cases: Vec<Case> = cases().into_iter().filter(|c| c.figure == figure).collect();
    assert!(!cases.is_empty(), "no case for figure {figure}");
    for case in &cases {
        case.check_with_twins();
    }
}

#[test]
fn every_figure_has_itself_and_another_geometry_with_the_colours_swapped() {
    // The measure: for each figure at least two more positions than the figure itself,
    // built with other geometry, each with its colour-swapped twin.
    let all = cases();
    for figure in 1..=16 {
        let rows: Vec<&Case> = all.iter().filter(|c| c.figure == figure).collect();
        let (itself, others): (Vec<&Case>, Vec<&Case>) =
            rows.iter().partition(|c| c.is_the_figure());
        assert!(
            !itself.is_empty() && !others.is_empty() && others.iter().all(|c| c.swap),
            "figure {figure}: {:?}",
            rows.iter().map(|c| &c.source).collect::<Vec<_>>()
        );
    }
}

#[test]
fn figure_1_perpetual_check_loses() {
    check_figure(1);
}

#[test]
fn figure_2_check_then_a_new_chase() {
    check_figure(2);
}

#[test]
fn figure_3_a_fork_after_a_check_is_a_chase() {
    check_figure(3);
}

#[test]
fn figure_4_a_chariot_that_protects_still_chases() {
    check_figure(4);
}

#[test]
fn figure_5_a_chase_that_offers_the_chaser_is_a_chase() {
    check_figure(5);
}

#[test]
fn figure_6_the_fleeing_piece_that_keeps_an_attack_is_idle() {
    check_figure(6);
}

#[test]
fn figure_7_a_piece_that_dodges_while_the_chariot_keeps_its_attack_is_idle() {
    check_figure(7);
}

#[test]
fn figure_8_a_piece_that_slides_and_keeps_its_attack_is_idle() {
    check_figure(8);
}

#[test]
fn figure_9_an_attack_whose_capture_is_mated_is_idle() {
    check_figure(9);
}

#[test]
fn figure_10_both_sides_forbidden_draw() {
    check_figure(10);
}

#[test]
fn figure_11_the_general_and_other_pieces_chase_together() {
    check_figure(11);
}

#[test]
fn figure_12_a_crossed_soldier_as_bait_wins_nothing() {
    check_figure(12);
}

#[test]
fn figure_13_soldiers_chase_in_mutual_attack() {
    check_figure(13);
}

#[test]
fn figure_14_the_heaviest_effect_names_the_move() {
    check_figure(14);
}

#[test]
fn figure_15_check_and_follow_from_a_defensive_post() {
    check_figure(15);
}

#[test]
fn figure_16_touching_advisors_and_elephants_from_a_defensive_post() {
    check_figure(16);
}
