//! The character of a move for its mover (28.1–28.9): check 將, mate threat 殺, chase 捉, or
//! idle 閑 (with its kinds 兌 獻 攔 跟), heaviest first (27.4).

use super::exchange::{capture_gain, captures_on};
use super::mate::{MateCut, MateFinding, MateSearch};
use super::threat::{threats, Threat, Weakness};
use super::value::value;
use super::RuleSet;
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};

/// What a move does, heaviest first when it does several things (27.4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord, Hash)]
pub enum Character {
    /// 閑: none of the attacks below (28.9).
    Idle,
    /// 捉: creates a threat to win an enemy piece next move (28.3, 29).
    Chase,
    /// 殺: with one more move the mover would mate by checks (28.2).
    MateThreat,
    /// 將: attacks the enemy general (28.1).
    Check,
}

impl Character {
    /// Whether it is an attack (打, 28.4).
    pub fn is_attack(self) -> bool {
        self != Character::Idle
    }

    /// The snake-case name used in machine output.
    pub fn name(self) -> &'static str {
        match self {
            Character::Idle => "idle",
            Character::Chase => "chase",
            Character::MateThreat => "mate_threat",
            Character::Check => "check",
        }
    }
}

/// The kinds of idle move named by the rules (28.5–28.8).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum IdleKind {
    /// 兌: offers an exchange of equal pieces (28.5).
    Exchange,
    /// 獻: offers a piece to be taken (28.6).
    Offer,
    /// 跟: follows a protected enemy piece without threatening it (28.8).
    Follow,
    /// 攔: blocks an enemy piece's way without attacking (28.7).
    Block,
}

/// Why a threat made by a move does not count as a chase, or counts only in part.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Exception {
    /// 27.1: the general alone attacking is idle.
    GeneralAlone,
    /// 27.2: a soldier alone attacking is idle, unless both sides attack on every move.
    SoldierAlone,
    /// 27.2, 細則 11: in mutual attack the soldier's threat counts as a chase.
    SoldierInMutualAttack,
    /// 29.2, 細則 6: the threat existed before the move (from chase to chase).
    ChaseToChase,
    /// 29.4, 細則 7: taking would get the taker mated.
    TakerMated,
    /// 27.3, 細則 13: attacking only advisors or elephants while holding a defensive point.
    DefensivePoint,
}

/// What a move is aimed at: the enemy general, or a piece it threatens to win.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Target {
    /// Where the target stands after the move.
    pub square: Square,
    /// The target piece.
    pub piece: Piece,
    /// Why the target is weak (`None` for the general).
    pub weakness: Option<Weakness>,
}

/// The character of one move of a line, with its evidence.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveCharacter {
    /// Ply of the move in the line (1 = the first move played from the start position).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The side that made it.
    pub side: Color,
    /// The heaviest thing it does (27.4).
    pub character: Character,
    /// The kind of idle move, when idle and one applies.
    pub idle_kind: Option<IdleKind>,
    /// The general it checks, or the pieces it newly threatens.
    pub targets: Vec<Target>,
    /// Exceptions applied in reaching the character.
    pub exceptions: Vec<Exception>,
    /// Threats made by a soldier alone, counted only in mutual attack (27.2).
    pub soldier_targets: Vec<Target>,
    /// The pieces the move newly threatens, whatever its character (the Asian rules follow the
    /// chases of checking moves too).
    pub chase_targets: Vec<Target>,
    /// Where a mate search needed for the character (28.2 for the move itself, 29.4 for a
    /// capture it threatens) stopped at its bound undecided; the character is then what was
    /// proved within the bound, and the evidence says so.
    pub mate_search_cut: Option<MateCut>,
}

/// Classify the move `mv` played in `before` (which led to `after`).
pub fn classify(
    before: &Position,
    mv: Move,
    after: &Position,
    ply: usize,
    rules: RuleSet,
    search: &MateSearch,
) -> MoveCharacter {
    let side = before.side_to_move();
    let mut out = MoveCharacter {
        ply,
        mv,
        side,
        character: Character::Idle,
        idle_kind: None,
        targets: Vec::new(),
        exceptions: Vec::new(),
        soldier_targets: Vec::new(),
        chase_targets: Vec::new(),
        mate_search_cut: None,
    };
    let enemy_general = after.general(side.opponent());
    let general_target = Target {
        square: enemy_general,
        piece: Piece {
            color: side.opponent(),
            kind: PieceKind::General,
        },
        weakness: None,
    };
    // 28.1: the move attacks the enemy general.
    if after.in_check() {
        out.character = Character::Check;
        out.targets.push(general_target);
        if rules == RuleSet::Asian {
            // The Asian rules also follow what a checking move chases.
            let again = after.passed_in_check();
            out.chase_targets = new_chases(before, mv, &again, rules, search, &mut out);
        }
        return out;
    }
    let Some(again) = after.passed() else {
        return out;
    };
    // 28.2: with one more move, mate by checks; 27.4: a mate threat that attacks a piece as
    // well is a mate threat, the heavier. Asian rules do not forbid it, so it is not looked
    // for there.
    if rules == RuleSet::Cxa1999 {
        match search.search(&again) {
            MateFinding::Mate(_) => {
                out.character = Character::MateThreat;
                out.targets.push(general_target);
                return out;
            }
            MateFinding::Cut(cut) => out.mate_search_cut = Some(cut),
            MateFinding::None => {}
        }
    }
    let mut chases = new_chases(before, mv, &again, rules, search, &mut out);
    if !chases.is_empty()
        && rules == RuleSet::Cxa1999
        && chases
            .iter()
            .all(|t| matches!(t.piece.kind, PieceKind::Advisor | PieceKind::Elephant))
        && holds_defensive_point(after, side)
    {
        // 27.3, 細則 13: the side holding a simple draw may touch advisors and elephants.
        note(&mut out.exceptions, Exception::DefensivePoint);
        chases.clear();
    }
    if !chases.is_empty() {
        out.character = Character::Chase;
        out.targets = chases.clone();
        out.chase_targets = chases;
        return out;
    }
    out.idle_kind = idle_kind(before, mv, after, &again);
    out
}

/// The chases a move creates (28.3, 29.2): threats of the mover after the move (`again` is the
/// position after it with the mover to move) that did not exist before it. Under CXA 1999 a
/// threat is new when its victim could not be won before, by a capture or through a check,
/// whichever piece the move dodges or guards (細則 6: from chase to chase is idle); under the
/// Asian rules when that attacker could not take that victim before (the moved piece followed
/// to its new point): only new attacks chase, and attacks on a piece whose protector the move
/// has pinned (a protector made false). A check the mover had to answer does not hide what it
/// attacked before ([`threats`] of a side in check). Exceptions found are noted in `out`;
/// threats by a soldier alone are kept in `out.soldier_targets` (27.2).
fn new_chases(
    before: &Position,
    mv: Move,
    again: &Position,
    rules: RuleSet,
    search: &MateSearch,
    out: &mut MoveCharacter,
) -> Vec<Target> {
    let now = threats(again, rules, search);
    let was = threats(before, rules, search);
    out.mate_search_cut = out
        .mate_search_cut
        .or(now.mate_search_cut)
        .or(was.mate_search_cut);
    let moved = |sq: Square| if sq == mv.from { mv.to } else { sq };
    // Asian rules: the captures that were possible before the move (a check that bound the
    // mover does not count), the moved piece followed.
    let could_take: Vec<(Square, Square)> = if rules == RuleSet::Asian {
        before
            .moves_ignoring_check()
            .iter()
            .filter(|m| before.is_capture(**m))
            .map(|m| (moved(m.from), m.to))
            .collect()
    } else {
        Vec::new()
    };
    let is_new = |t: &Threat| match rules {
        RuleSet::Cxa1999 => {
            !was.covers(t.victim) && !was.by_general.iter().any(|w| w.victim == t.victim)
        }
        RuleSet::Asian => {
            !could_take.contains(&(t.attacker, t.victim))
                || (t.weakness == Weakness::FalselyProtected
                    && !was
                        .chases
                        .iter()
                        .any(|w| w.victim == t.victim && moved(w.attacker) == t.attacker))
        }
    };
    let target = |t: &Threat| Target {
        square: t.victim,
        piece: t.piece,
        weakness: Some(t.weakness),
    };
    let mut chases: Vec<Target> = Vec::new();
    for t in &now.chases {
        if is_new(t) {
            chases.push(target(t));
        } else {
            note(&mut out.exceptions, Exception::ChaseToChase);
        }
    }
    if now.by_general.iter().any(is_new) {
        note(&mut out.exceptions, Exception::GeneralAlone);
    }
    if now.taker_mated.iter().any(|t| !was.taker_mated.contains(t)) {
        note(&mut out.exceptions, Exception::TakerMated);
    }
    for t in now.by_soldier.iter().filter(|t| is_new(t)) {
        out.soldier_targets.push(target(t));
        note(&mut out.exceptions, Exception::SoldierAlone);
    }
    chases
}

fn note(list: &mut Vec<Exception>, e: Exception) {
    if !list.contains(&e) {
        list.push(e);
    }
}

/// The attacking force of a side: chariots, horses, cannons and crossed soldiers.
fn attacking_force(pos: &Position, color: Color) -> i32 {
    pos.pieces()
        .filter(|(_, p)| {
            p.color == color
                && matches!(
                    p.kind,
                    PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon | PieceKind::Soldier
                )
        })
        .map(|(sq, p)| value(p, sq))
        .sum()
}

/// 27.3 in operational form: the side is the defender (its attacking force is no greater than
/// the opponent's), so touching advisors and elephants while it holds its post is incidental.
fn holds_defensive_point(pos: &Position, side: Color) -> bool {
    attacking_force(pos, side) <= attacking_force(pos, side.opponent())
}

/// The kind of an idle move, if one applies (28.5–28.8).
fn idle_kind(before: &Position, mv: Move, after: &Position, again: &Position) -> Option<IdleKind> {
    let moved = after.piece_at(mv.to)?;
    let moved_value = value(moved, mv.to);
    // What the moved piece now attacks.
    let attacked: Vec<Square> = again
        .legal_moves()
        .iter()
        .filter(|m| m.from == mv.to && after.piece_at(m.to).is_some())
        .map(|m| m.to)
        .collect();
    // 28.5 兌: it attacks an equal enemy piece that attacks it back.
    let exchange = attacked.iter().any(|&sq| {
        after
            .piece_at(sq)
            .is_some_and(|p| value(p, sq) == moved_value)
            && captures_on(after, mv.to).iter().any(|m| m.from == sq)
    });
    if exchange {
        return Some(IdleKind::Exchange);
    }
    // 28.6 獻: it can be taken with profit.
    if captures_on(after, mv.to)
        .iter()
        .any(|&m| capture_gain(after, m) > 0)
    {
        return Some(IdleKind::Offer);
    }
    // 28.8 跟: it attacks a protected enemy piece of value without threatening it.
    if attacked
        .iter()
        .any(|&sq| after.piece_at(sq).is_some_and(|p| value(p, sq) > 0))
    {
        return Some(IdleKind::Follow);
    }
    // 28.7 攔: enemy pieces lost moves they had before, other than onto the point reached.
    let lost = before.passed().is_some_and(|enemy_before| {
        let now = after.legal_moves();
        enemy_before
            .legal_moves()
            .iter()
            .any(|m| m.to != mv.to && m.to != mv.from && !now.contains(m))
    });
    lost.then_some(IdleKind::Block)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classify_iccs(fen: &str, mv: &str, rules: RuleSet) -> MoveCharacter {
        let before = Position::from_fen(fen).expect("valid FEN");
        let mv = Move::parse_iccs(mv).expect("move");
        let after = before.play(mv).expect("legal move");
        classify(&before, mv, &after, 1, rules, &MateSearch::default())
    }

    #[test]
    fn art_28_1_check() {
        let c = classify_iccs(
            "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1",
            "a0a9",
            RuleSet::Cxa1999,
        );
        assert_eq!(c.character, Character::Check);
        assert_eq!(c.targets[0].square, Square::parse("d9").expect("square"));
    }

    #[test]
    fn art_28_3_chase_of_an_unprotected_horse() {
        let c = classify_iccs(
            "3k5/9/4n4/9/9/9/9/9/R8/4K4 w - - 0 1",
            "a1e1",
            RuleSet::Cxa1999,
        );
        assert_eq!(c.character, Character::Chase);
        assert_eq!(c.targets[0].square, Square::parse("e7").expect("square"));
    }

    #[test]
    fn art_29_2_from_chase_to_chase_is_idle() {
        // The chariot already attacks the horse on the e-file and slides along it.
        let c = classify_iccs(
            "3k5/9/4n4/9/9/9/9/9/4R4/4K4 w - - 0 1",
            "e1e2",
            RuleSet::Cxa1999,
        );
        assert_eq!(c.character, Character::Idle);
        assert!(c.exceptions.contains(&Exception::ChaseToChase));
    }

    #[test]
    fn art_28_2_mate_threat_is_forbidden_kind_under_cxa_only() {
        // Red chariot b1 to b8 holds the eighth rank; the other chariot a0 then mates on a9.
        let fen = "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1";
        let cxa = classify_iccs(fen, "b1b8", RuleSet::Cxa1999);
        assert_eq!(cxa.character, Character::MateThreat);
        let asian = classify_iccs(fen, "b1b8", RuleSet::Asian);
        assert_eq!(asian.character, Character::Idle);
    }

    #[test]
    fn art_27_4_a_mate_threat_that_also_attacks_a_piece_is_a_mate_threat() {
        // b1-b8 holds the eighth rank for a0-a9 mate and attacks the lone cannon h8 as well:
        // 殺兼捉，按殺.
        let c = classify_iccs(
            "4k4/7c1/9/9/9/9/9/9/1R7/R2K5 w - - 0 1",
            "b1b8",
            RuleSet::Cxa1999,
        );
        assert_eq!(c.character, Character::MateThreat, "{c:?}");
        assert_eq!(c.targets[0].piece.kind, PieceKind::General);
    }

    #[test]
    fn art_28_2_a_mate_search_cut_by_its_bound_is_said_in_the_evidence() {
        let fen = "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1";
        let before = Position::from_fen(fen).expect("valid FEN");
        let mv = Move::parse_iccs("b1b8").expect("move");
        let after = before.play(mv).expect("legal move");
        // No budget at all: not even the mate in one (a0-a9) is looked at.
        let tight = MateSearch { moves: 9, nodes: 0 };
        let c = classify(&before, mv, &after, 1, RuleSet::Cxa1999, &tight);
        assert_eq!(c.character, Character::Idle);
        let cut = c.mate_search_cut.expect("the cut is kept");
        assert_eq!(cut.proved, 0);
        let evidence = super::super::Evidence {
            before: before.clone(),
            character: c,
        };
        let en = evidence.line(
            crate::lang::Language::English,
            &crate::notation::Notation::Iccs.into(),
        );
        assert!(
            en.contains("the mate search stopped at its bound after 0 moves: no mate by up to 0"),
            "{en}"
        );
        let zh = evidence.line(
            crate::lang::Language::TraditionalChinese,
            &crate::notation::Notation::Iccs.into(),
        );
        assert!(zh.contains("殺著搜索已達上限"), "{zh}");
        // With the default bound the same move is found to threaten mate.
        let full = classify(
            &before,
            mv,
            &after,
            1,
            RuleSet::Cxa1999,
            &MateSearch::default(),
        );
        assert_eq!(
            (full.character, full.mate_search_cut),
            (Character::MateThreat, None)
        );
    }

    #[test]
    fn art_28_8_following_a_protected_piece_is_idle() {
        // The red chariot attacks the horse i5, which the black chariot i9 protects.
        let c = classify_iccs(
            "3k4r/9/9/9/8n/9/9/9/R8/5K3 w - - 0 1",
            "a1i1",
            RuleSet::Cxa1999,
        );
        assert_eq!(c.character, Character::Idle, "{c:?}");
        assert_eq!(c.idle_kind, Some(IdleKind::Follow));
    }
}
