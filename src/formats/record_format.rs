//! The format a game is saved in, chosen by the file's name (`.xqf`, `.json`, `.fen`,
//! `.dhtmlxq` or `.ubb`; PGN otherwise, `.txt` too), as `qipu convert -o OUT` and the app's Save
//! as choose it; the game written in it, with what the format could not keep.

use std::path::Path;

use crate::lang::Language;
use crate::record::Game;

use super::{
    write_dhtmlxq, write_json, write_pgn, write_xqf, DhtmlXqLoss, PgnWriteOptions, XqfLoss,
    XqfWriteError,
};

/// A record format a game can be saved in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN text (UTF-8), the whole tree.
    Pgn,
    /// XQF 1.0 (XQStudio), the whole tree, strings in GBK.
    Xqf,
    /// The Qipu JSON record, the whole tree.
    Json,
    /// One FEN line: the position after the main line's last move, without the moves.
    Fen,
    /// A DhtmlXQ (UBB) block as web boards embed it (UTF-8), the whole tree.
    Dhtmlxq,
}

impl RecordFormat {
    /// Every format, PGN first.
    pub const ALL: [RecordFormat; 5] = [
        RecordFormat::Pgn,
        RecordFormat::Xqf,
        RecordFormat::Json,
        RecordFormat::Fen,
        RecordFormat::Dhtmlxq,
    ];

    /// The format a file's name asks for: by its extension (any case), PGN otherwise. A `.txt`
    /// name is PGN: plain text any editor and reader opens (Qipu reads a DhtmlXQ block by its
    /// content, whatever the name); `.dhtmlxq` and `.ubb` (the forums' name for the block) are
    /// DhtmlXQ.
    pub fn of_path(path: &Path) -> RecordFormat {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        RecordFormat::ALL
            .into_iter()
            .find(|f| f.extensions().contains(&ext.as_str()))
            .unwrap_or(RecordFormat::Pgn)
    }

    /// The file extension written, without the dot.
    pub fn extension(self) -> &'static str {
        self.extensions()[0]
    }

    /// Every file extension that asks for the format, the one written first.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            RecordFormat::Pgn => &["pgn"],
            RecordFormat::Xqf => &["xqf"],
            RecordFormat::Json => &["json"],
            RecordFormat::Fen => &["fen"],
            RecordFormat::Dhtmlxq => &["dhtmlxq", "ubb"],
        }
    }

    /// The format's name as people write it (`PGN`, `XQF`, …).
    pub fn name(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "PGN",
            RecordFormat::Xqf => "XQF",
            RecordFormat::Json => "JSON",
            RecordFormat::Fen => "FEN",
            RecordFormat::Dhtmlxq => "DhtmlXQ",
        }
    }

    /// Whether a file in this format holds the whole game (moves, variations, comments, tags):
    /// then the game saved in it can be opened again as it was. FEN holds one position.
    pub fn holds_the_game(self) -> bool {
        self != RecordFormat::Fen
    }
}

/// Something of the game a format could not keep as it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordLoss {
    /// What XQF could not hold (a character GBK lacks, a cut field, a tag, a mark).
    #[error(transparent)]
    Xqf(#[from] XqfLoss),
    /// What DhtmlXQ has no place for (a mark, a NAG, a comment before a move).
    #[error(transparent)]
    Dhtmlxq(#[from] DhtmlXqLoss),
    /// A FEN file holds one position: the moves, tags and comments are not written.
    #[error(
        "a FEN file holds one position (after the main line's last move): the moves, tags and \
         comments are not written"
    )]
    PositionOnly,
}

impl RecordLoss {
    /// The loss in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            RecordLoss::Xqf(loss) => loss.message(lang),
            RecordLoss::Dhtmlxq(loss) => loss.message(lang),
            RecordLoss::PositionOnly => lang
                .pick(
                    &self.to_string(),
                    "FEN 文件只保存一个局面（主线最后一着之后）：着法、标签和注释都不写入",
                    "FEN 檔案只儲存一個局面（主線最後一著之後）：著法、標籤和註釋都不寫入",
                )
                .to_owned(),
        }
    }
}

/// A game written in a record format: the file's bytes and what it could not keep.
#[derive(Clone, Debug)]
pub struct RecordBytes {
    /// The file.
    pub bytes: Vec<u8>,
    /// What was cut, replaced or left out, in the order met (empty for PGN and JSON).
    pub losses: Vec<RecordLoss>,
}

/// Write `game` in `format`; PGN with `pgn` (notation, tandem convention, …), as UTF-8.
pub fn write_record(
    game: &Game,
    format: RecordFormat,
    pgn: &PgnWriteOptions,
) -> Result<RecordBytes, XqfWriteError> {
    let whole = |bytes: Vec<u8>| RecordBytes {
        bytes,
        losses: Vec::new(),
    };
    Ok(match format {
        RecordFormat::Pgn => whole(write_pgn(game, pgn).into_bytes()),
        RecordFormat::Json => {
            let mut text = write_json(game);
            text.push('\n');
            whole(text.into_bytes())
        }
        RecordFormat::Xqf => {
            let written = write_xqf(game)?;
            RecordBytes {
                bytes: written.bytes,
                losses: written.losses.into_iter().map(RecordLoss::Xqf).collect(),
            }
        }
        RecordFormat::Dhtmlxq => {
            let written = write_dhtmlxq(game);
            RecordBytes {
                bytes: written.text.into_bytes(),
                losses: written
                    .losses
                    .into_iter()
                    .map(RecordLoss::Dhtmlxq)
                    .collect(),
            }
        }
        RecordFormat::Fen => {
            let last = game.main_line().last().copied().unwrap_or(game.root());
            RecordBytes {
                bytes: format!("{}\n", game.position(last).to_fen()).into_bytes(),
                losses: vec![RecordLoss::PositionOnly],
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{read_record_bytes, FileKind};
    use crate::notation::Script;
    use crate::record::TagKey;

    #[test]
    fn the_name_picks_the_format_and_pgn_is_the_rest() {
        for (name, format) in [
            ("w2.xqf", RecordFormat::Xqf),
            ("W2.XQF", RecordFormat::Xqf),
            ("a/b.json", RecordFormat::Json),
            ("p.fen", RecordFormat::Fen),
            ("g.pgn", RecordFormat::Pgn),
            ("g.txt", RecordFormat::Pgn),
            ("w.dhtmlxq", RecordFormat::Dhtmlxq),
            ("w.UBB", RecordFormat::Dhtmlxq),
            ("noext", RecordFormat::Pgn),
        ] {
            assert_eq!(RecordFormat::of_path(Path::new(name)), format, "{name}");
        }
    }

    #[test]
    fn an_xqf_written_reads_back_and_names_what_gbk_lacks() {
        let mut game = crate::formats::read_pgn_text(
            "[Red \"胡荣华\"]\n[Black \"\u{AC00}\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 *\n",
        )
        .next()
        .expect("one game")
        .expect("it reads");
        game.tags_mut().set(TagKey::Event, "Test");
        let written = write_record(
            &game,
            RecordFormat::Xqf,
            &PgnWriteOptions::qipu(Script::Simplified),
        )
        .expect("XQF holds the start position");
        assert!(written.losses.iter().any(|l| matches!(
            l,
            RecordLoss::Xqf(XqfLoss::Unencodable { lost, .. }) if lost.character == '\u{AC00}'
        )));
        let file = read_record_bytes(&written.bytes);
        assert_eq!(file.kind, FileKind::Xqf);
        let back = file.games[0].game.as_ref().expect("the game reads back");
        assert_eq!(back.main_line().len(), 3);
        assert_eq!(back.tags().get(&TagKey::Red), Some("胡荣华"));
    }

    #[test]
    fn a_fen_file_says_it_holds_no_moves() {
        let game = Game::new(crate::rules::Position::startpos());
        let written = write_record(
            &game,
            RecordFormat::Fen,
            &PgnWriteOptions::qipu(Script::Simplified),
        )
        .expect("FEN is always written");
        assert_eq!(written.losses, vec![RecordLoss::PositionOnly]);
        assert_eq!(
            String::from_utf8(written.bytes).expect("ASCII"),
            format!("{}\n", crate::rules::Position::startpos().to_fen())
        );
        assert!(!RecordFormat::Fen.holds_the_game());
    }

    #[test]
    fn a_dhtmlxq_file_reads_back_and_names_what_it_has_no_place_for() {
        let game = crate::formats::read_pgn_text(
            "[Red \"Bräuer\"]\n\n1. 炮二平五 {中炮} 马８进７!? 2. 马二进三 *\n",
        )
        .next()
        .expect("one game")
        .expect("it reads");
        let written = write_record(
            &game,
            RecordFormat::Dhtmlxq,
            &PgnWriteOptions::qipu(Script::Simplified),
        )
        .expect("DhtmlXQ holds any position");
        assert_eq!(written.losses.len(), 1, "{:?}", written.losses);
        let message = written.losses[0].message(Language::SimplifiedChinese);
        assert!(message.contains("DhtmlXQ 无处保存"), "{message}");
        let file = read_record_bytes(&written.bytes);
        assert_eq!(file.kind, FileKind::DhtmlXq);
        let back = file.games[0].game.as_ref().expect("the game reads back");
        assert_eq!(back.main_line().len(), 3);
        assert_eq!(back.tags().get(&TagKey::Red), Some("Bräuer"));
        assert_eq!(back.comment(back.main_line()[0]), "中炮");
    }
}
