//! Moves in Chinese notation (art. 7.5 style) for the referee's explanations: 車二平三, 馬８進７.

use crate::rules::{Color, Move, PieceKind, Position};

/// Which script a text is written in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Script {
    /// 简体
    Simplified,
    /// 繁體
    Traditional,
}

const RED_FILES: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const BLACK_FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];

/// The name of a piece in Chinese.
pub fn piece_name(color: Color, kind: PieceKind, script: Script) -> &'static str {
    let simplified = script == Script::Simplified;
    match (color, kind) {
        (Color::Red, PieceKind::General) => "帅",
        (Color::Black, PieceKind::General) => {
            if simplified {
                "将"
            } else {
                "將"
            }
        }
        (Color::Red, PieceKind::Advisor) => "仕",
        (Color::Black, PieceKind::Advisor) => "士",
        (Color::Red, PieceKind::Elephant) => "相",
        (Color::Black, PieceKind::Elephant) => "象",
        (_, PieceKind::Horse) => {
            if simplified {
                "马"
            } else {
                "馬"
            }
        }
        (_, PieceKind::Chariot) => {
            if simplified {
                "车"
            } else {
                "車"
            }
        }
        (Color::Red, PieceKind::Cannon) => "炮",
        (Color::Black, PieceKind::Cannon) => {
            if simplified {
                "炮"
            } else {
                "砲"
            }
        }
        (Color::Red, PieceKind::Soldier) => "兵",
        (Color::Black, PieceKind::Soldier) => "卒",
    }
}

/// The file number of a file index (0 = `a`) from `color`'s side.
fn file_name(color: Color, file: u8) -> &'static str {
    match color {
        Color::Red => RED_FILES[8 - file as usize],
        Color::Black => BLACK_FILES[file as usize],
    }
}

fn count_name(color: Color, n: u8) -> &'static str {
    let i = (n.clamp(1, 9) - 1) as usize;
    match color {
        Color::Red => RED_FILES[i],
        Color::Black => BLACK_FILES[i],
    }
}

/// The move `mv` of the side to move in `pos`, in Chinese notation; ICCS if no piece stands on
/// its origin.
pub fn chinese(pos: &Position, mv: Move, script: Script) -> String {
    let Some(piece) = pos.piece_at(mv.from) else {
        return mv.to_string();
    };
    let color = piece.color;
    let name = piece_name(color, piece.kind, script);
    let forward = |rank: u8| match color {
        Color::Red => rank,
        Color::Black => 9 - rank,
    };
    // Tandem pieces on one file: 前 / 後 (中 for a third soldier).
    let mut same_file: Vec<u8> = pos
        .pieces()
        .filter(|(sq, p)| *p == piece && sq.file() == mv.from.file())
        .map(|(sq, _)| forward(sq.rank()))
        .collect();
    same_file.sort_unstable_by(|a, b| b.cmp(a));
    let head = if same_file.len() > 1 {
        let idx = same_file
            .iter()
            .position(|&r| r == forward(mv.from.rank()))
            .unwrap_or(0);
        let tag = match (idx, same_file.len(), script) {
            (0, _, _) => "前",
            (i, n, Script::Simplified) if i + 1 == n => "后",
            (i, n, Script::Traditional) if i + 1 == n => "後",
            _ => "中",
        };
        format!("{tag}{name}")
    } else {
        format!("{name}{}", file_name(color, mv.from.file()))
    };
    let (from_f, to_f) = (forward(mv.from.rank()), forward(mv.to.rank()));
    let action = if from_f == to_f {
        "平"
    } else if to_f > from_f {
        if script == Script::Simplified {
            "进"
        } else {
            "進"
        }
    } else {
        "退"
    };
    let straight = matches!(
        piece.kind,
        PieceKind::Chariot | PieceKind::Cannon | PieceKind::Soldier | PieceKind::General
    );
    let dest = if action == "平" || !straight {
        file_name(color, mv.to.file())
    } else {
        count_name(color, from_f.abs_diff(to_f))
    };
    format!("{head}{action}{dest}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(fen: &str, mv: &str, script: Script) -> String {
        let pos = Position::from_fen(fen).expect("FEN");
        chinese(&pos, Move::parse_iccs(mv).expect("move"), script)
    }

    #[test]
    fn opening_moves_in_both_scripts() {
        let start = crate::rules::START_FEN;
        assert_eq!(name(start, "h2e2", Script::Traditional), "炮二平五");
        assert_eq!(name(start, "h0g2", Script::Traditional), "馬二進三");
        assert_eq!(name(start, "h0g2", Script::Simplified), "马二进三");
        assert_eq!(name(start, "i0i1", Script::Traditional), "車一進一");
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
        assert_eq!(name(black, "h7e7", Script::Traditional), "砲８平５");
        assert_eq!(name(black, "b9c7", Script::Traditional), "馬２進３");
        assert_eq!(name(black, "a9a8", Script::Simplified), "车１进１");
    }

    #[test]
    fn tandem_pieces_take_front_and_back() {
        let fen = "4k4/4a4/9/9/9/9/9/4R4/4R4/3K5 w - - 0 1";
        assert_eq!(name(fen, "e2d2", Script::Traditional), "前車平六");
        assert_eq!(name(fen, "e1d1", Script::Traditional), "後車平六");
    }
}
