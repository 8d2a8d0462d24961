//! 胡榮華–楊官璘, 1964-12-30 (象棋全國前六名名手邀請比賽, Red won), read in place from the CCPD
//! archive of the shared corpus. Twice in the ending a Black reply could bring back a position
//! once: 63. 兵六平五 車４平５ 64. 兵五平四 車５平６ 65. 兵四平五 車６平５ and 73. … 將５平４
//! 74. 兵一平二 車９平８ 75. 兵二平一 車８平９. A review once marked 65. 兵四平五 and 75. 兵二平一
//! `??`: the engine scored the position seen a second time as a draw while Red keeps about
//! +4.7 (a position seen twice is no ruling under either rule set, 24).

use std::io::Read;
use std::sync::OnceLock;

use qipu::formats::read_record_bytes;
use qipu::record::TagKey;
use qipu::rules::{Move, Position};

use crate::common::shared_path;

/// The game's file in the archive.
const FILE: &str = "Dataset/對局/大師對局/以棋手分類/胡榮華/00000022.pgn";

/// The plies after 65. 兵四平五 and 75. 兵二平一 (Black to move).
pub const AFTER_65: usize = 129;
/// See [`AFTER_65`].
pub const AFTER_75: usize = 149;

/// The game's start position and main line.
pub fn game() -> &'static (Position, Vec<Move>) {
    static GAME: OnceLock<(Position, Vec<Move>)> = OnceLock::new();
    GAME.get_or_init(|| {
        let packed = std::fs::read(shared_path("corpus/ccpd-dev.tar.xz")).unwrap();
        let mut tar = Vec::new();
        lzma_rs::xz_decompress(&mut packed.as_slice(), &mut tar).expect("the archive is xz");
        let mut archive = tar::Archive::new(tar.as_slice());
        let mut entry = archive
            .entries()
            .expect("a tar archive")
            .map(|e| e.expect("a tar entry"))
            .find(|e| e.path().unwrap().to_string_lossy() == FILE)
            .unwrap_or_else(|| panic!("{FILE} is in the archive"));
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        let file = read_record_bytes(&bytes);
        let game = file.games[0].game.as_ref().expect("the game reads");
        assert_eq!(game.tags().get(&TagKey::Date), Some("1964.12.30"));
        let moves = game.moves_to(game.main_line_end());
        assert_eq!(moves.len(), 211, "105 moves and 106. 車二進三");
        (game.start().clone(), moves)
    })
}

/// The position after the first `plies` moves of the game.
pub fn position_after(plies: usize) -> Position {
    let (start, moves) = game();
    moves[..plies].iter().fold(start.clone(), |pos, &mv| {
        pos.play(mv).expect("the game is legal")
    })
}
