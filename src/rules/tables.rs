//! Move tables computed at compile time: for every point, where each kind of piece can step and
//! which point blocks the step (the horse's leg 馬腿, the elephant's eye 象眼).

/// Marks "no blocking point".
pub(crate) const NO_BLOCK: u8 = u8::MAX;

/// One step of a stepping piece: the destination and the point that must be empty.
#[derive(Clone, Copy)]
pub(crate) struct Step {
    pub to: u8,
    pub block: u8,
}

/// Up to eight steps from one point.
#[derive(Clone, Copy)]
pub(crate) struct Steps {
    pub len: u8,
    pub steps: [Step; 8],
}

impl Steps {
    const EMPTY: Steps = Steps {
        len: 0,
        steps: [Step {
            to: 0,
            block: NO_BLOCK,
        }; 8],
    };

    const fn push(mut self, to: u8, block: u8) -> Steps {
        self.steps[self.len as usize] = Step { to, block };
        self.len += 1;
        self
    }

    /// The steps as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }
}

/// A straight line from a point to the edge of the board, nearest point first.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub len: u8,
    pub squares: [u8; 9],
}

impl Ray {
    /// The points as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[u8] {
        &self.squares[..self.len as usize]
    }
}

/// Whether `(file, rank)` lies on the board, for offsets that may fall off it.
const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 9 && rank >= 0 && rank < 10
}

const fn idx(file: i32, rank: i32) -> u8 {
    (rank * 9 + file) as u8
}

/// Which palace a point is in: 0 Red, 1 Black, 2 none.
const fn palace_of(file: i32, rank: i32) -> u8 {
    if file < 3 || file > 5 {
        2
    } else if rank <= 2 {
        0
    } else if rank >= 7 {
        1
    } else {
        2
    }
}

/// Directions of the four rays: towards Black (+rank), towards Red (−rank), right (+file), left (−file).
pub(crate) const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn build_rays() -> [[Ray; 4]; 90] {
    let mut out = [[Ray {
        len: 0,
        squares: [0; 9],
    }; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRECTIONS[d];
            let (mut x, mut y) = (f + df, r + dr);
            while on_board(x, y) {
                let ray = &mut out[sq][d];
                ray.squares[ray.len as usize] = idx(x, y);
                ray.len += 1;
                x += df;
                y += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

const fn build_ray_bits() -> [[u128; 4]; 90] {
    let rays = build_rays();
    let mut out = [[0u128; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = &rays[sq][d];
            let mut i = 0;
            while i < ray.len as usize {
                out[sq][d] |= 1 << ray.squares[i];
                i += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    out
}

const HORSE_OFFSETS: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// The leg (馬腿) of a horse step by `(df, dr)`: the orthogonal neighbour in the long direction.
const fn horse_leg(df: i32, dr: i32) -> (i32, i32) {
    if dr == 2 || dr == -2 {
        (0, dr / 2)
    } else {
        (df / 2, 0)
    }
}

const fn build_horse_moves() -> [Steps; 90] {
    let mut out = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut i = 0;
        while i < 8 {
            let (df, dr) = HORSE_OFFSETS[i];
            if on_board(f + df, r + dr) {
                let (lf, lr) = horse_leg(df, dr);
                out[sq] = out[sq].push(idx(f + df, r + dr), idx(f + lf, r + lr));
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// For every point, the points from which a horse attacks it, with that horse's leg.
const fn build_horse_attackers() -> [Steps; 90] {
    let mut out = [Steps::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut i = 0;
        while i < 8 {
            let (df, dr) = HORSE_OFFSETS[i];
            let (hf, hr) = (f - df, r - dr);
            if on_board(hf, hr) {
                let (lf, lr) = horse_leg(df, dr);
                out[sq] = out[sq].push(idx(hf, hr), idx(hf + lf, hr + lr));
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

const fn build_elephant_moves() -> [Steps; 90] {
    let mut out = [Steps::EMPTY; 90];
    let diagonals = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut i = 0;
        while i < 4 {
            let (df, dr) = diagonals[i];
            let (tf, tr) = (f + df, r + dr);
            // 2.2: the elephant may not cross the river.
            if on_board(tf, tr) && (tr <= 4) == (r <= 4) {
                out[sq] = out[sq].push(idx(tf, tr), idx(f + df / 2, r + dr / 2));
            }
            i += 1;
        }
        sq += 1;
    }
    out
}

/// Steps inside one palace: diagonal for the advisor, orthogonal for the general.
const fn build_palace_moves(diagonal: bool) -> [Steps; 90] {
    let mut out = [Steps::EMPTY; 90];
    let offsets = if diagonal {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    } else {
        [(0, 1), (0, -1), (1, 0), (-1, 0)]
    };
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let here = palace_of(f, r);
        if here != 2 {
            let mut i = 0;
            while i < 4 {
                let (df, dr) = offsets[i];
                if on_board(f + df, r + dr) && palace_of(f + df, r + dr) == here {
                    out[sq] = out[sq].push(idx(f + df, r + dr), NO_BLOCK);
                }
                i += 1;
            }
        }
        sq += 1;
    }
    out
}

/// Soldier steps for `color` (0 Red, 1 Black): forward, and sideways once across the river.
const fn build_soldier_moves(color: usize) -> [Steps; 90] {
    let mut out = [Steps::EMPTY; 90];
    let forward = if color == 0 { 1 } else { -1 };
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        if on_board(f, r + forward) {
            out[sq] = out[sq].push(idx(f, r + forward), NO_BLOCK);
        }
        let crossed = if color == 0 { r >= 5 } else { r <= 4 };
        if crossed {
            if f > 0 {
                out[sq] = out[sq].push(idx(f - 1, r), NO_BLOCK);
            }
            if f < 8 {
                out[sq] = out[sq].push(idx(f + 1, r), NO_BLOCK);
            }
        }
        sq += 1;
    }
    out
}

pub(crate) static RAYS: [[Ray; 4]; 90] = build_rays();
/// The points of each ray of [`RAYS`] as bits (bit `n` for point `n`), to find the pieces on a
/// ray from the occupied points; rays 0 and 2 run to higher points, 1 and 3 to lower ones.
pub(crate) static RAY_BITS: [[u128; 4]; 90] = build_ray_bits();
pub(crate) static HORSE_MOVES: [Steps; 90] = build_horse_moves();
pub(crate) static HORSE_ATTACKERS: [Steps; 90] = build_horse_attackers();
pub(crate) static ELEPHANT_MOVES: [Steps; 90] = build_elephant_moves();
pub(crate) static ADVISOR_MOVES: [Steps; 90] = build_palace_moves(true);
pub(crate) static GENERAL_MOVES: [Steps; 90] = build_palace_moves(false);
pub(crate) static SOLDIER_MOVES: [[Steps; 90]; 2] =
    [build_soldier_moves(0), build_soldier_moves(1)];

/// Marks, in [`RELATION`], a point diagonally next to the general: a horse's leg (馬腿) there
/// decides whether a horse attacks it.
pub(crate) const LEG: u8 = 0x10;

/// For a general on `g` and any point `sq`: 1 + the ray index of `DIRECTIONS` leading from `g`
/// to `sq` if they share a file or rank (0 if not), plus [`LEG`] if `sq` is diagonally next to `g`.
const fn build_relation() -> [[u8; 90]; 90] {
    let mut out = [[0u8; 90]; 90];
    let mut g = 0;
    while g < 90 {
        let (gf, gr) = ((g % 9) as i32, (g / 9) as i32);
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let mut rel = 0u8;
            if sq != g {
                if f == gf {
                    rel = if r > gr { 1 } else { 2 };
                } else if r == gr {
                    rel = if f > gf { 3 } else { 4 };
                } else if (f - gf == 1 || gf - f == 1) && (r - gr == 1 || gr - r == 1) {
                    rel = LEG;
                }
            }
            out[g][sq] = rel;
            sq += 1;
        }
        g += 1;
    }
    out
}

pub(crate) static RELATION: [[u8; 90]; 90] = build_relation();
