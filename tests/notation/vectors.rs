//! The 55 vectors of `notation-vectors.json` (formats.md §11.1): XiangQi Wizard's Chinese in
//! both glyph sets, official WXF and ICCS written exactly, the textbook soldier convention
//! against windshadow233's output, and every other tool's spelling read back.

use qipu::notation::{
    read_candidates, read_move, write_move, Notation, SoldierConvention, WriteOptions,
};
use qipu::rules::{Move, Position};
use serde_json::Value;

use crate::common;

struct Vector {
    id: String,
    pos: Position,
    mv: Move,
    fields: serde_json::Map<String, Value>,
}

impl Vector {
    fn field(&self, name: &str) -> &str {
        self.fields[name]
            .as_str()
            .unwrap_or_else(|| panic!("{}: {name}", self.id))
    }
}

/// Vector 52 (`r-tandem-horse-edge`) sets Black's general on d9 where the horse on b8 attacks
/// it with Red to move — a position no game reaches, which the rules core refuses. Its two
/// horses are kept and the generals set on e9 and d0; the move and every spelling stay the same.
const REPAIRED: (&str, &str) = (
    "3k5/1N7/9/1N7/9/9/9/9/9/4K4 w - - 0 1",
    "4k4/1N7/9/1N7/9/9/9/9/9/3K5 w - - 0 1",
);

fn vectors() -> Vec<Vector> {
    let text = std::fs::read_to_string(common::shared_path("data/notation-vectors.json"))
        .expect("vectors readable");
    let json: Value = serde_json::from_str(&text).expect("vectors are JSON");
    let list = json["vectors"].as_array().expect("a list of vectors");
    list.iter()
        .map(|v| {
            let fields = v.as_object().expect("vector is an object").clone();
            let id = fields["id"].as_str().expect("id").to_owned();
            let mut fen = fields["fen"].as_str().expect("fen");
            if fen == REPAIRED.0 {
                assert!(Position::from_fen(fen).is_err());
                fen = REPAIRED.1;
            }
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{id}: {e}"));
            let mv = Move::parse_iccs(fields["iccs"].as_str().expect("iccs")).expect("ICCS");
            Vector {
                id,
                pos,
                mv,
                fields,
            }
        })
        .collect()
}

/// Glyph variants and digit widths folded, for comparing with tools that write other glyphs.
fn fold(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '傌' | '馬' => '马',
            '俥' | '車' => '车',
            '砲' | '包' => '炮',
            '帥' => '帅',
            '將' => '将',
            '進' => '进',
            '後' => '后',
            '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32).unwrap_or(c),
            _ => c,
        })
        .collect()
}

#[test]
fn there_are_55_vectors() {
    assert_eq!(vectors().len(), 55);
}

#[test]
fn writes_xiangqi_wizard_chinese_official_wxf_and_iccs() {
    let options = WriteOptions::default();
    for v in vectors() {
        for (notation, field) in [
            (Notation::ChineseTraditional, "xqbase_trad"),
            (Notation::ChineseSimplified, "xqbase_simp"),
            (Notation::Wxf, "wxf_official"),
            (Notation::Iccs, "iccs"),
        ] {
            assert_eq!(
                write_move(&v.pos, v.mv, notation, &options),
                v.field(field),
                "{} in {notation}",
                v.id
            );
        }
    }
}

#[test]
fn writes_the_textbook_convention_as_windshadow233_does() {
    let options = WriteOptions {
        soldiers: SoldierConvention::Textbook,
        full_width_black_digits: false,
        ..WriteOptions::default()
    };
    let mut differing = 0;
    for v in vectors() {
        let written = write_move(&v.pos, v.mv, Notation::ChineseSimplified, &options);
        assert_eq!(fold(&written), fold(v.field("windshadow")), "{}", v.id);
        if fold(&written) != fold(v.field("xqbase_simp")) {
            differing += 1;
        }
    }
    // The conventions part on the four- and five-soldier files and the two crowded files.
    assert_eq!(differing, 8);
}

#[test]
fn reads_back_every_tool_spelling() {
    for v in vectors() {
        for field in [
            "xqbase_trad",
            "xqbase_simp",
            "wxf_official",
            "iccs",
            "windshadow",
            "xqbase_file",
        ] {
            let text = v.field(field);
            if field == "xqbase_file" && text.starts_with("P..") {
                continue; // XiangQi Wizard's own middle-soldier symbol, not read.
            }
            assert_eq!(
                read_move(&v.pos, text, None),
                Ok(v.mv),
                "{} {field} '{text}'",
                v.id
            );
        }
        for (notation, field) in [
            (Notation::ChineseSimplified, "xqbase_simp"),
            (Notation::ChineseTraditional, "xqbase_trad"),
            (Notation::Wxf, "wxf_official"),
        ] {
            assert_eq!(
                read_move(&v.pos, v.field(field), Some(notation)),
                Ok(v.mv),
                "{} as {notation}",
                v.id
            );
        }
    }
}

/// walker8088's cchess writes 前/後 where two files are crowded, and Fairy-Stockfish drops the
/// front/rear sign of tandem pieces: such text either names the move or is refused as ambiguous
/// with the move among the candidates — never another move.
#[test]
fn loose_spellings_of_other_tools_never_name_another_move() {
    let mut exact = 0;
    for v in vectors() {
        let walker = v.field("walker_cchess");
        let fsf = v.field("fsf_wxf");
        let mut texts = vec![walker];
        if !fsf.starts_with(|c: char| c.is_ascii_digit()) {
            texts.push(fsf);
        }
        for text in texts {
            let candidates = read_candidates(&v.pos, text, None)
                .unwrap_or_else(|e| panic!("{} '{text}': {e}", v.id));
            assert!(candidates.contains(&v.mv), "{} '{text}'", v.id);
            if candidates.len() == 1 {
                exact += 1;
            }
        }
    }
    assert!(exact >= 90, "{exact}");
}
