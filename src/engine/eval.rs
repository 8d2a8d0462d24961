//! The evaluation: material, the value of each point for each kind of piece, mobility and the
//! safety of the general, blended between the middlegame and the endgame by the attacking
//! material left. Written from the rules (art. 2.2: how each piece moves) and from play, in
//! centipawns (a soldier before the river is worth about 70).

use crate::rules::{Color, Position, HORSE_MOVES, RAYS};

const GENERAL: u8 = 1;
const ADVISOR: u8 = 2;
const ELEPHANT: u8 = 3;
const HORSE: u8 = 4;
const CHARIOT: u8 = 5;
const CANNON: u8 = 6;
const SOLDIER: u8 = 7;

/// Material of each kind in the middlegame and the endgame (index: kind code).
const VALUE_MG: [i32; 8] = [0, 0, 180, 180, 420, 920, 460, 70];
const VALUE_EG: [i32; 8] = [0, 0, 150, 160, 460, 960, 420, 90];

/// The value of a piece code for ordering captures (most valuable victim first).
pub(crate) const ORDER_VALUE: [i32; 8] = [0, 10_000, 180, 180, 420, 920, 460, 90];

/// Phase weight of the attacking pieces: the middlegame is 48 (all chariots, horses, cannons).
const PHASE: [i32; 8] = [0, 0, 0, 0, 3, 6, 3, 0];
const PHASE_FULL: i32 = 48;

/// Bonus for the side to move.
const TEMPO: i32 = 15;

/// Relative rank (0 = own back rank) and the file's distance from the centre file.
#[inline(always)]
fn place(sq: usize, black: bool) -> (usize, usize, i32) {
    let file = sq % 9;
    let rank = sq / 9;
    let rel = if black { 9 - rank } else { rank };
    (rel, file, (file as i32 - 4).abs())
}

/// Soldiers: nothing before the river but the centre file and the pushes that free the horses
/// (3rd and 7th files); once across, more the closer to the palace and the centre, little on
/// the last rank, where a soldier can only move sideways (art. 2.2).
fn soldier(rel: usize, file: usize, fc: i32) -> (i32, i32) {
    let centre = 4 - fc;
    let mg = match rel {
        0..=2 => 0,
        3 => i32::from(file == 4) * 5,
        4 => i32::from(file == 4) * 8 + i32::from(file == 2 || file == 6) * 6,
        5 => 25 + centre * 4,
        6 => 45 + centre * 8,
        7 => 55 + centre * 11,
        8 => 45 + centre * 8,
        _ => i32::from(fc <= 1) * 10,
    };
    let eg = match rel {
        0..=4 => 0,
        9 => 10 + i32::from(fc <= 1) * 10,
        _ => mg * 4 / 3 + 20,
    };
    (mg, eg)
}

/// Horses: bad on the edge and at home, better forward, best where they attack the palace
/// (臥槽 on the third file of the enemy's third rank, 掛角 at the palace's corner); the
/// horse in its own palace centre (窩心馬) blocks its general.
fn horse(rel: usize, file: usize, fc: i32) -> (i32, i32) {
    const RANK: [i32; 10] = [-12, 0, 5, 6, 12, 18, 26, 32, 26, 6];
    let mut v = RANK[rel] + (4 - fc) * 5 - i32::from(fc == 4) * 18;
    if rel == 7 && (file == 2 || file == 6) {
        v += 22;
    }
    if rel == 8 && (file == 3 || file == 5) {
        v += 22;
    }
    if rel == 1 && file == 4 {
        v -= 30;
    }
    (v, v * 3 / 4)
}

/// Chariots: the rib files (d, f) and the enemy's side of the river.
fn chariot(rel: usize, _file: usize, fc: i32) -> (i32, i32) {
    const RANK: [i32; 10] = [-8, 0, 0, 2, 6, 10, 14, 16, 20, 10];
    let f = match fc {
        1 => 10,
        0 => 4,
        4 => -6,
        _ => 0,
    };
    (RANK[rel] + f, RANK[rel] / 2)
}

/// Cannons: the centre file (中炮), the enemy's back rank (沉底炮).
fn cannon(rel: usize, _file: usize, fc: i32) -> (i32, i32) {
    const RANK: [i32; 10] = [4, 0, 6, 0, 0, 0, 0, 6, 10, 16];
    let f = match fc {
        0 => 22,
        4 => -10,
        _ => 0,
    };
    (RANK[rel] + f, RANK[rel] / 2)
}

fn advisor(rel: usize, file: usize, _fc: i32) -> (i32, i32) {
    let v = if rel == 1 && file == 4 { 10 } else { 0 };
    (v, v)
}

fn elephant(rel: usize, file: usize, fc: i32) -> (i32, i32) {
    let v = match (rel, fc) {
        (2, 0) => 12,
        (0, 2) => 4,
        (2, 4) => -6,
        _ => 0,
    };
    let _ = file;
    (v, v)
}

/// The general is safest on its back rank and the centre file while attackers remain.
fn general(rel: usize, _file: usize, fc: i32) -> (i32, i32) {
    let mg = match rel {
        0 => 10 - fc * 6,
        1 => -18,
        _ => -38,
    };
    let eg = match rel {
        0 | 1 => 0,
        _ => -10,
    };
    (mg, eg)
}

/// Point values by side, kind and point, computed once.
struct Tables {
    mg: [[[i32; 90]; 8]; 2],
    eg: [[[i32; 90]; 8]; 2],
}

fn build_tables() -> Tables {
    let mut t = Tables {
        mg: [[[0; 90]; 8]; 2],
        eg: [[[0; 90]; 8]; 2],
    };
    for side in 0..2 {
        for kind in 1..8u8 {
            for sq in 0..90 {
                let (rel, file, fc) = place(sq, side == 1);
                let f = match kind {
                    GENERAL => general,
                    ADVISOR => advisor,
                    ELEPHANT => elephant,
                    HORSE => horse,
                    CHARIOT => chariot,
                    CANNON => cannon,
                    _ => soldier,
                };
                let (mg, eg) = f(rel, file, fc);
                let k = kind as usize;
                t.mg[side][k][sq] = mg + VALUE_MG[k];
                t.eg[side][k][sq] = eg + VALUE_EG[k];
            }
        }
    }
    t
}

fn tables() -> &'static Tables {
    static TABLES: std::sync::OnceLock<Tables> = std::sync::OnceLock::new();
    TABLES.get_or_init(build_tables)
}

/// What a horse with so many moves is worth more or less (a horse with its legs blocked is
/// a poor piece).
const HORSE_MOBILITY: [i32; 9] = [-45, -24, -10, 0, 6, 11, 15, 18, 20];

/// The evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.codes();
    let t = tables();
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    // Attackers across the river and the defenders of each palace.
    let mut attack = [0i32; 2];
    let mut shield = [0i32; 2];
    let mut attackers_material = [0i32; 2];
    let mut generals = [0usize; 2];
    let mut bits = pos.occupied(Color::Red) | pos.occupied(Color::Black);
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let code = board[sq];
        let side = (code >> 3) as usize;
        let kind = code & 7;
        let k = kind as usize;
        mg[side] += t.mg[side][k][sq];
        eg[side] += t.eg[side][k][sq];
        phase += PHASE[k];
        let crossed = if side == 0 { sq >= 45 } else { sq < 45 };
        match kind {
            GENERAL => generals[side] = sq,
            ADVISOR => shield[side] += 2,
            ELEPHANT => shield[side] += 1,
            CHARIOT => {
                attackers_material[side] += 6;
                let mut mobility = 0;
                for ray in &RAYS[sq] {
                    for &to in ray.as_slice() {
                        let target = board[to as usize];
                        if target == 0 {
                            mobility += 1;
                        } else {
                            if (target >> 3) as usize != side {
                                mobility += 1;
                            }
                            break;
                        }
                    }
                }
                mg[side] += (mobility - 7) * 4;
                eg[side] += (mobility - 7) * 5;
                if crossed {
                    attack[side] += 3;
                }
            }
            HORSE => {
                attackers_material[side] += 3;
                let mut mobility = 0;
                for step in HORSE_MOVES[sq].as_slice() {
                    let target = board[step.to as usize];
                    if board[step.block as usize] == 0
                        && (target == 0 || (target >> 3) as usize != side)
                    {
                        mobility += 1;
                    }
                }
                mg[side] += HORSE_MOBILITY[mobility];
                eg[side] += HORSE_MOBILITY[mobility];
                if crossed {
                    attack[side] += 2;
                }
            }
            CANNON => {
                attackers_material[side] += 3;
                let mut mobility = 0;
                for ray in &RAYS[sq] {
                    for &to in ray.as_slice() {
                        if board[to as usize] == 0 {
                            mobility += 1;
                        } else {
                            break;
                        }
                    }
                }
                mg[side] += (mobility - 6) * 2;
                eg[side] += mobility - 6;
                if crossed {
                    attack[side] += 2;
                }
            }
            SOLDIER => {
                attackers_material[side] += 1;
                if crossed {
                    let (rel, _, fc) = place(sq, side == 1);
                    if (6..=8).contains(&rel) && fc <= 2 {
                        attack[side] += 1;
                    }
                }
            }
            _ => {}
        }
    }
    // Safety of the general: attackers across the river weigh more where the palace has lost
    // its advisors and elephants; a cannon facing the general on an open file (空頭炮) pins
    // the whole centre.
    for side in 0..2 {
        let enemy = side ^ 1;
        let units = attack[enemy].min(10);
        let missing = 6 - shield[side].min(6);
        mg[side] -= units * units * (4 + missing * 3) / 4;
        if let Some(bonus) = open_cannon(board, generals[side], enemy) {
            mg[enemy] += bonus;
        }
    }
    let phase = phase.min(PHASE_FULL);
    let blend = |s: usize| (mg[s] * phase + eg[s] * (PHASE_FULL - phase)) / PHASE_FULL;
    let mut score = blend(0) - blend(1);
    // A side without chariot, horse, cannon or soldier cannot mate (4.2.1): its
    // advantage is worth little.
    if (score > 0 && attackers_material[0] == 0) || (score < 0 && attackers_material[1] == 0) {
        score /= 8;
    }
    let side = pos.side_to_move().index();
    (if side == 0 { score } else { -score }) + TEMPO
}

/// The bonus for an enemy cannon on the general's file with no piece between them.
fn open_cannon(board: &[u8; 90], general: usize, enemy: usize) -> Option<i32> {
    let cannon = CANNON | ((enemy as u8) << 3);
    // Rays 0 and 1 run along the file (towards Black, towards Red).
    for ray in &RAYS[general][..2] {
        for (distance, &sq) in ray.as_slice().iter().enumerate() {
            let code = board[sq as usize];
            if code == 0 {
                continue;
            }
            if code == cannon && distance >= 2 {
                return Some(70);
            }
            break;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_even_but_for_the_move() {
        let start = Position::startpos();
        assert_eq!(evaluate(&start), TEMPO);
        let black = start.passed().expect("not in check");
        assert_eq!(evaluate(&black), TEMPO);
    }

    #[test]
    fn an_extra_chariot_is_worth_most() {
        // Red has both chariots, Black has lost one.
        let pos = Position::from_fen(
            "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .expect("valid FEN");
        let score = evaluate(&pos);
        assert!(score > 800, "{score}");
        let black = pos.passed().expect("not in check");
        assert_eq!(evaluate(&black), -score + 2 * TEMPO);
    }

    #[test]
    fn a_crossed_soldier_is_worth_more_than_one_at_home() {
        let home = Position::from_fen("3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1").expect("FEN");
        let crossed = Position::from_fen("3k5/9/9/4P4/9/9/9/9/9/4K4 w - - 0 1").expect("FEN");
        assert!(evaluate(&crossed) > evaluate(&home) + 40);
    }
}
