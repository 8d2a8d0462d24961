//! Zobrist keys: one random number per piece and point, and one for Black to move. A position's
//! hash is the exclusive-or of its keys; used to find repeated positions (art. 24, 25).

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_keys() -> ([[u64; 90]; 16], u64) {
    let mut keys = [[0u64; 90]; 16];
    let mut state = 0x5149_5055_u64; // "QIPU"
    let mut code = 1;
    while code < 16 {
        if code & 7 != 0 {
            let mut sq = 0;
            while sq < 90 {
                let (next, value) = splitmix64(state);
                state = next;
                keys[code][sq] = value;
                sq += 1;
            }
        }
        code += 1;
    }
    let (_, side) = splitmix64(state);
    (keys, side)
}

static KEYS: ([[u64; 90]; 16], u64) = build_keys();

/// Key of a piece code on a point.
#[inline(always)]
pub(crate) fn piece_key(code: u8, square: usize) -> u64 {
    KEYS.0[code as usize][square]
}

/// Key toggled when the side to move is Black.
pub(crate) const BLACK_TO_MOVE: u64 = KEYS.1;
