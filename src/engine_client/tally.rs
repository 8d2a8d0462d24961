//! A match's score: wins, draws and losses of the first engine, the Elo difference they imply
//! with its 95% margin, and the rulings by kind.

use std::collections::BTreeMap;

/// The score of engine A against engine B.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
    /// Games by kind of ruling (`checkmate`, `repetition_draw`, …).
    pub rulings: BTreeMap<String, u32>,
}

/// An Elo difference and its margin.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct EloEstimate {
    /// A's rating less B's (infinite when one side scored everything).
    pub difference: f64,
    /// Half the width of the 95% confidence interval (infinite when it cannot be bounded).
    pub margin: f64,
}

impl Tally {
    /// Count one game: `score` is A's points (1, ½ or 0).
    pub fn add(&mut self, score: Points, kind: &str) {
        match score {
            Points::Win => self.wins += 1,
            Points::Draw => self.draws += 1,
            Points::Loss => self.losses += 1,
        }
        *self.rulings.entry(kind.to_owned()).or_default() += 1;
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's points.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The Elo difference from the score, with a 95% margin from the spread of the game
    /// results (the trinomial variance of a win, a draw, a loss).
    pub fn elo(&self) -> Option<EloEstimate> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let mu = self.points() / n;
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        let variance = w * (1.0 - mu).powi(2) + d * (0.5 - mu).powi(2) + l * (0.0 - mu).powi(2);
        let deviation = (variance / n).sqrt();
        let spread = 1.959_963_985 * deviation;
        let high = elo_of(mu + spread);
        let low = elo_of(mu - spread);
        Some(EloEstimate {
            difference: elo_of(mu),
            margin: (high - low) / 2.0,
        })
    }
}

/// A's result in one game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Points {
    /// A won.
    Win,
    /// A draw.
    Draw,
    /// A lost.
    Loss,
}

/// The Elo difference that gives an expected score `p`.
fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(w: u32, d: u32, l: u32) -> Tally {
        Tally {
            wins: w,
            draws: d,
            losses: l,
            rulings: BTreeMap::new(),
        }
    }

    #[test]
    fn an_even_score_is_zero_elo_with_a_margin_that_shrinks_with_games() {
        let e = tally(10, 20, 10).elo().unwrap();
        assert!(e.difference.abs() < 1e-9);
        let wide = tally(1, 2, 1).elo().unwrap();
        assert!(wide.margin > e.margin && e.margin > 0.0);
    }

    #[test]
    fn the_difference_follows_the_logistic_curve() {
        // 75%: 400·log10(3) ≈ 190.85.
        let e = tally(30, 0, 10).elo().unwrap();
        assert!((e.difference - 190.848).abs() < 0.01, "{}", e.difference);
        // 40 games, 30 wins and 10 losses: sd of a game 0.433, of the mean 0.0685 → ±0.134.
        assert!((e.margin - 126.0).abs() < 10.0, "{}", e.margin);
        assert!(tally(5, 0, 0).elo().unwrap().difference.is_infinite());
        assert_eq!(tally(0, 0, 0).elo(), None);
    }

    #[test]
    fn rulings_are_counted_by_kind() {
        let mut t = Tally::default();
        t.add(Points::Win, "checkmate");
        t.add(Points::Loss, "checkmate");
        t.add(Points::Draw, "natural_limit");
        assert_eq!(t.games(), 3);
        assert_eq!(t.points(), 1.5);
        assert_eq!(t.rulings["checkmate"], 2);
    }
}
