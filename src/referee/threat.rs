//! Threats to win material (捉, 28.3, 29.1–29.4): which enemy pieces the side to move could win
//! with its next move, directly, through a full exchange, or through a check.

use super::exchange::{capture_gain, captures_on};
use super::mate::{MateCut, MateFinding, MateSearch};
use super::value::{has_value, value};
use super::RuleSet;
use crate::rules::{Color, Piece, PieceKind, Position, Square};

/// Why a piece can be won (28.16, 29.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Weakness {
    /// No piece of its side can take back (無根子).
    Unprotected,
    /// A protector stands there but cannot legally take back (假根, 28.16).
    FalselyProtected,
    /// Protected, but attacked more often than defended (少根, 28.16): a full exchange wins it.
    Outnumbered,
    /// Protected, but worth more than the piece that takes it (25.3).
    WorthMore,
    /// Won after a check forces the reply (通過連續照將吃子, 29.1).
    ThroughCheck,
}

/// One piece the side to move could win next move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Threat {
    /// Where the threatened piece stands.
    pub victim: Square,
    /// The threatened piece.
    pub piece: Piece,
    /// The piece that would start winning it.
    pub attacker: Square,
    /// Why it can be won.
    pub weakness: Weakness,
}

/// The threats of the side to move, sorted by who makes them.
#[derive(Clone, Debug, Default)]
pub struct Threats {
    /// Threats that count as a chase.
    pub chases: Vec<Threat>,
    /// Threats made by a soldier alone: idle unless in mutual attack (27.2, 細則 11).
    pub by_soldier: Vec<Threat>,
    /// Threats made by the general alone: idle (27.1).
    pub by_general: Vec<Threat>,
    /// Captures that win material but get the taker mated (29.4, 細則 7).
    pub taker_mated: Vec<Threat>,
    /// Where the search for a mate after a capture (29.4) stopped undecided; the capture was
    /// counted as a threat.
    pub mate_search_cut: Option<MateCut>,
}

impl Threats {
    /// Whether the piece on `sq` is threatened in any way that could count.
    pub fn covers(&self, sq: Square) -> bool {
        self.chases
            .iter()
            .chain(&self.by_soldier)
            .any(|t| t.victim == sq)
    }
}

/// Every threat of the side to move in `pos`.
///
/// CXA 1999: a capture threatens when the full exchange on the point wins material (28.16:
/// unprotected, falsely protected or outnumbered), unless taking gets the taker mated (29.4);
/// pieces won after a check count too (29.1). Asian rules, as engines implement them: a capture
/// threatens when the victim is worth more than the attacker or cannot legally be taken back;
/// an attacker that shields its own general does not chase, nor does an attack on a piece of the
/// same kind that can take back (an offer to exchange).
///
/// A side in check is asked what it attacks as if the check did not bind it: the attacks it had
/// before its move, which a move answering the check keeps, are not new (細則 6, from chase to
/// chase); whether such a capture would get the taker mated is not asked.
pub fn threats(pos: &Position, rules: RuleSet, search: &MateSearch) -> Threats {
    let us = pos.side_to_move();
    let reply_view = pos.passed();
    let in_check = pos.in_check();
    let moves = if in_check {
        pos.moves_ignoring_check()
    } else {
        pos.legal_moves()
    };
    let mut out = Threats::default();
    for &mv in moves.iter() {
        let (Some(attacker), Some(victim)) = (pos.piece_at(mv.from), pos.piece_at(mv.to)) else {
            continue;
        };
        if !has_value(victim, mv.to) || out.covers(mv.to) {
            continue;
        }
        // CXA 1999: only a capture that wins material threatens; its weakness is asked after.
        if rules == RuleSet::Cxa1999 && capture_gain(pos, mv) <= 0 {
            continue;
        }
        let threat = Threat {
            victim: mv.to,
            piece: victim,
            attacker: mv.from,
            weakness: weakness(pos, mv.from, mv.to),
        };
        match rules {
            RuleSet::Cxa1999 if in_check => {}
            RuleSet::Cxa1999 => match search.search(&pos.play_legal(mv)) {
                MateFinding::Mate(_) => {
                    out.taker_mated.push(threat);
                    continue;
                }
                MateFinding::Cut(cut) => {
                    out.mate_search_cut.get_or_insert(cut);
                }
                MateFinding::None => {}
            },
            RuleSet::Asian => {
                let gains = value(victim, mv.to) > value(attacker, mv.to)
                    || matches!(
                        threat.weakness,
                        Weakness::Unprotected | Weakness::FalselyProtected
                    );
                let exchange_offer = attacker.kind == victim.kind
                    && reply_view.as_ref().is_some_and(|view| {
                        captures_on(view, mv.from).iter().any(|m| m.from == mv.to)
                    });
                if !gains || exchange_offer {
                    continue;
                }
            }
        }
        match attacker.kind {
            PieceKind::General => out.by_general.push(threat),
            PieceKind::Soldier if rules == RuleSet::Asian => {}
            PieceKind::Soldier => out.by_soldier.push(threat),
            _ => out.chases.push(threat),
        }
    }
    if rules == RuleSet::Cxa1999 {
        out.chases.extend(through_check(pos, &out, us));
    }
    out
}

/// How the piece on `victim` is weak against the legal capture from `attacker`.
fn weakness(pos: &Position, attacker: Square, victim: Square) -> Weakness {
    let (Some(a), Some(v)) = (pos.piece_at(attacker), pos.piece_at(victim)) else {
        return Weakness::Unprotected;
    };
    let after = pos.play_legal(crate::rules::Move::new(attacker, victim));
    let legal = after.legal_moves_to(victim);
    if legal.is_empty() {
        let pseudo = after.pseudo_legal_moves().iter().any(|m| m.to == victim);
        return if pseudo {
            Weakness::FalselyProtected
        } else {
            Weakness::Unprotected
        };
    }
    if value(v, victim) > value(a, victim) {
        Weakness::WorthMore
    } else {
        Weakness::Outnumbered
    }
}

/// Pieces won by a check followed by a capture whatever the reply (29.1, 細則 3).
fn through_check(pos: &Position, direct: &Threats, us: Color) -> Vec<Threat> {
    let mut won: Vec<Threat> = Vec::new();
    let mut work = pos.clone();
    for &check in pos.legal_moves().iter() {
        if !work.gives_check(check) {
            continue;
        }
        let next = pos.play_legal(check);
        let replies = next.legal_moves();
        if replies.is_empty() {
            continue;
        }
        let taken_by_check = pos.piece_at(check.to).map_or(0, |p| value(p, check.to));
        let mut worst: Option<(i32, Option<Threat>)> = None;
        for &reply in replies.iter() {
            let back = next.play_legal(reply);
            let lost = next.piece_at(reply.to).map_or(0, |p| value(p, reply.to));
            let best = back
                .legal_moves()
                .iter()
                .filter_map(|&m| {
                    let victim = back.piece_at(m.to)?;
                    (victim.color != us && has_value(victim, m.to))
                        .then(|| (capture_gain(&back, m), m, victim))
                })
                .max_by_key(|&(gain, _, _)| gain);
            let (net, threat) = match best {
                Some((gain, m, victim)) if gain > 0 => (
                    taken_by_check - lost + gain,
                    Some(Threat {
                        victim: m.to,
                        piece: victim,
                        attacker: check.from,
                        weakness: Weakness::ThroughCheck,
                    }),
                ),
                _ => (taken_by_check - lost, None),
            };
            if worst.as_ref().is_none_or(|(w, _)| net < *w) {
                worst = Some((net, threat));
            }
        }
        if let Some((net, Some(threat))) = worst {
            if net > 0
                && !direct.covers(threat.victim)
                && !won.iter().any(|t| t.victim == threat.victim)
                && pos.piece_at(threat.victim).is_some_and(|p| p.color != us)
            {
                won.push(threat);
            }
        }
    }
    won
}

#[cfg(test)]
mod tests {
    use super::*;

    fn threats_of(fen: &str, rules: RuleSet) -> Threats {
        let pos = Position::from_fen(fen).expect("valid FEN");
        threats(&pos, rules, &MateSearch::default())
    }

    #[test]
    fn art_29_3_unprotected_piece_is_threatened() {
        let t = threats_of("3k5/9/4n4/9/9/4R4/9/9/9/4K4 w - - 0 1", RuleSet::Cxa1999);
        assert_eq!(t.chases.len(), 1);
        assert_eq!(t.chases[0].victim, Square::parse("e7").expect("square"));
        assert_eq!(t.chases[0].weakness, Weakness::Unprotected);
    }

    #[test]
    fn art_27_1_general_alone_is_not_a_chase() {
        // The red general e1 could take the lone black soldier e2 (crossed, so material).
        let t = threats_of("3k5/9/9/9/9/9/9/4p4/4K4/9 w - - 0 1", RuleSet::Cxa1999);
        assert!(t.chases.is_empty());
        assert_eq!(t.by_general.len(), 1);
    }

    #[test]
    fn art_27_2_soldier_alone_is_kept_apart_under_cxa_and_ignored_under_asian_rules() {
        // The crossed red soldier d7 can take the lone black horse c7.
        let fen = "4k4/9/2nP5/9/9/9/9/9/9/3K5 w - - 0 1";
        let cxa = threats_of(fen, RuleSet::Cxa1999);
        assert!(cxa.chases.is_empty());
        assert_eq!(cxa.by_soldier.len(), 1);
        let asian = threats_of(fen, RuleSet::Asian);
        assert!(asian.chases.is_empty() && asian.by_soldier.is_empty());
    }

    #[test]
    fn art_29_1_piece_won_through_a_check() {
        // Nothing attacks the black chariot h6 yet, but Ng5-f7+ checks and then takes it
        // whatever Black replies (細則 3: 卧槽 check that wins material).
        let fen = "4k4/9/9/7r1/6N2/9/9/9/9/3K5 w - - 0 1";
        let t = threats_of(fen, RuleSet::Cxa1999);
        assert_eq!(t.chases.len(), 1, "{:?}", t.chases);
        assert_eq!(t.chases[0].victim, Square::parse("h6").expect("square"));
        assert_eq!(t.chases[0].weakness, Weakness::ThroughCheck);
    }
}
