//! Levels for people (`Skill Level` 0–20): a weaker level searches less deep and picks at
//! random among the moves whose score is near the best, the margin growing as the level
//! drops — it plays plausible moves a weaker player would, never a piece away for nothing.

use super::score::MATE_BOUND;
use super::search::RootMove;

/// A strength setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Level(u8);

impl Level {
    pub fn new(skill: u8) -> Level {
        Level(skill.min(20))
    }

    /// Whether this is full strength (no limit, no random choice).
    pub fn is_full(self) -> bool {
        self.0 >= 20
    }

    /// The deepest iteration: 1 at level 0, 10 at level 19.
    pub fn depth(self) -> u32 {
        if self.is_full() {
            u32::MAX
        } else {
            1 + u32::from(self.0) * 9 / 19
        }
    }

    /// Lines searched to choose among.
    pub fn lines(self) -> usize {
        if self.is_full() {
            1
        } else {
            4
        }
    }

    /// How far below the best score (centipawns) a move may be and still be chosen: 20 at
    /// level 19, 210 at level 0 — less than a horse, so the weakest level drops no piece.
    pub fn margin(self) -> i32 {
        10 + (20 - i32::from(self.0)) * 10
    }

    /// The index of the line to play among `lines` (sorted, best first, exact scores): one
    /// of those within the margin, the nearer the best the likelier. A won or lost position
    /// (a mate in sight) is played exactly.
    pub fn choose(self, lines: &[RootMove], random: &mut Random) -> usize {
        let best = lines[0].score;
        if best.abs() >= MATE_BOUND {
            return 0;
        }
        let margin = self.margin();
        let weights: Vec<i64> = lines
            .iter()
            .map(|r| {
                let gap = best - r.score;
                if gap > margin || r.score.abs() >= MATE_BOUND {
                    0
                } else {
                    i64::from(margin - gap + 1)
                }
            })
            .collect();
        let total: i64 = weights.iter().sum();
        let mut pick = (random.next() % total.max(1) as u64) as i64;
        for (i, w) in weights.iter().enumerate() {
            if pick < *w {
                return i;
            }
            pick -= w;
        }
        0
    }
}

/// A small random number generator (xorshift) for the levels' choices.
#[derive(Clone, Debug)]
pub(crate) struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Random {
        Random(seed | 1)
    }

    /// Seeded from the clock: different games differ.
    pub fn from_clock() -> Random {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0x2545_F491, |d| d.as_nanos() as u64);
        Random::new(nanos ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Move;

    fn root(score: i32, mv: &str) -> RootMove {
        let mv = Move::parse_iccs(mv).expect("move");
        RootMove {
            mv,
            score,
            previous: score,
            pv: vec![mv],
            seldepth: 0,
        }
    }

    #[test]
    fn depth_and_margin_follow_the_level() {
        assert_eq!(Level::new(0).depth(), 1);
        assert_eq!(Level::new(19).depth(), 10);
        assert!(Level::new(20).is_full());
        assert!(Level::new(0).margin() > Level::new(10).margin());
        assert!(Level::new(0).margin() < 400);
    }

    #[test]
    fn a_move_far_below_the_best_is_never_chosen() {
        let lines = [root(300, "h2e2"), root(250, "b2e2"), root(-600, "a3a4")];
        let mut random = Random::new(7);
        let mut seen = [0; 3];
        for _ in 0..400 {
            seen[Level::new(0).choose(&lines, &mut random)] += 1;
        }
        assert_eq!(seen[2], 0);
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
        // At level 19 the margin (20) leaves only the best.
        assert_eq!(Level::new(19).choose(&lines, &mut random), 0);
    }
}
