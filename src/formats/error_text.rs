//! The errors of reading and saving record files in the user's language. English is the
//! `Display` text of each error; the Chinese sentences keep its place (game, line and column, or
//! byte offset) and its reason.

use crate::lang::Language;

use super::cbf::CbfError;
use super::cbr::CbrError;
use super::dhtmlxq::DhtmlXqError;
use super::file::{GameError, NoGame};
use super::pgn::{PgnError, PgnErrorKind};
use super::save::SaveError;
use super::xqf::XqfError;

impl PgnErrorKind {
    /// The reason in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let z = |hans, hant| lang.zh(hans, hant).to_owned();
        match self {
            PgnErrorKind::UnclosedComment => z(
                "以「{」开始的注释没有以「}」结束",
                "以「{」開始的註釋沒有以「}」結束",
            ),
            PgnErrorKind::UnclosedTag => z(
                "以「[」开始的标签在本行没有以「]」结束",
                "以「[」開始的標籤在本行沒有以「]」結束",
            ),
            PgnErrorKind::BadTag => z("标签没有名称", "標籤沒有名稱"),
            PgnErrorKind::Fen(e) => format!(
                "{}{}",
                lang.zh("FEN 标签不是合法局面：", "FEN 標籤不是合法局面："),
                e.message(lang)
            ),
            PgnErrorKind::Move {
                number,
                side,
                source,
            } => {
                let who = if *side == "." {
                    crate::rules::Color::Red
                } else {
                    crate::rules::Color::Black
                }
                .name(lang);
                format!(
                    "{}{number}{}{who}：{}",
                    lang.zh("第 ", "第 "),
                    lang.zh(" 回合", " 回合"),
                    source.message(lang)
                )
            }
            PgnErrorKind::UnopenedVariation => z("「)」没有对应的「(」", "「)」沒有對應的「(」"),
            PgnErrorKind::VariationWithoutMove => {
                z("变着「(」必须跟在一着之后", "變著「(」必須跟在一著之後")
            }
            PgnErrorKind::UnclosedVariation => {
                z("以「(」开始的变着没有结束", "以「(」開始的變著沒有結束")
            }
            PgnErrorKind::BadNag(text) => format!(
                "「${text}」{}",
                lang.zh(
                    "不是注释符号（0 到 255 的数字）",
                    "不是註釋符號（0 到 255 的數字）"
                )
            ),
        }
    }
}

impl PgnError {
    /// Where and why, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        format!(
            "{}{}{}{}{}{}{}",
            lang.zh("第 ", "第 "),
            self.game,
            lang.zh(" 局，第 ", " 局，第 "),
            self.line,
            lang.zh(" 行，第 ", " 行，第 "),
            self.column,
            lang.zh(" 列：", " 列：")
        ) + &self.kind.message(lang)
    }
}

impl XqfError {
    /// Where (byte offset) and why, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let at = |offset: usize| {
            format!(
                "{}{offset}{}",
                lang.zh("第 ", "第 "),
                lang.zh(" 字节：", " 位元組：")
            )
        };
        match self {
            XqfError::NotXqf => lang
                .zh(
                    "不是 XQF 文件：开头不是「XQ」",
                    "不是 XQF 檔案：開頭不是「XQ」",
                )
                .to_owned(),
            XqfError::Version(v) => format!(
                "{}0x{v:02X}{}",
                at(2) + lang.zh("不支持 XQF 版本 ", "不支援 XQF 版本 "),
                lang.zh("（支持 0x0A 到 0x12）", "（支援 0x0A 到 0x12）")
            ),
            XqfError::Truncated { offset, what } => {
                let what = match *what {
                    "the header is 1024 bytes" => {
                        lang.zh("文件头应有 1024 字节", "檔頭應有 1024 位元組")
                    }
                    "a move record" => lang.zh("一条着法记录", "一筆著法記錄"),
                    "a comment length" => lang.zh("注释长度", "註釋長度"),
                    "comment text" => lang.zh("注释文字", "註釋文字"),
                    other => other,
                };
                format!(
                    "{}{}（{what}）",
                    at(*offset),
                    lang.zh("文件过早结束", "檔案過早結束")
                )
            }
            XqfError::Start { offset, reason } => format!(
                "{}{}{reason}",
                at(*offset),
                lang.zh("开局摆法有误：", "開局擺法有誤：")
            ),
            XqfError::BadSquare { offset, src, dst } => format!(
                "{}{}{src}, {dst}{}",
                at(*offset),
                lang.zh("着法记录指向棋盘外（", "著法記錄指向棋盤外（"),
                lang.zh("）", "）")
            ),
            XqfError::CommentLength { offset, len } => format!(
                "{}{}{len}{}",
                at(*offset),
                lang.zh("注释长度 ", "註釋長度 "),
                lang.zh(" 字节超出文件末尾", " 位元組超出檔案結尾")
            ),
        }
    }
}

impl NoGame {
    /// `x.pgn is not a game record`, in a user's language; `name` is the file's name.
    pub fn message(&self, lang: Language, name: &str) -> String {
        match (self, lang) {
            (NoGame::NotRecord, Language::English) => format!("{name} is not a game record"),
            (NoGame::Empty, Language::English) => format!("{name} holds no game"),
            (NoGame::NotRecord, _) => {
                format!("{name} {}", lang.zh("不是棋谱文件", "不是棋譜檔案"))
            }
            (NoGame::Empty, _) => format!("{name} {}", lang.zh("中没有对局", "中沒有對局")),
        }
    }
}

impl GameError {
    /// Why a game of a file could not be read in full, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        match self {
            GameError::Pgn(e) => e.message(lang),
            GameError::Xqf(e) => e.message(lang),
            GameError::XqfStopped { error, skipped } => {
                let mut text = format!(
                    "{}{}",
                    error.message(lang),
                    lang.zh("；此前的着法已读入", "；此前的著法已讀入")
                );
                if !skipped.is_empty() {
                    text.push('；');
                    text.push_str(&GameError::XqfSkipped(skipped.clone()).message(lang));
                }
                text
            }
            GameError::XqfSkipped(skipped) => skipped
                .iter()
                .map(|s| {
                    format!(
                        "{}{}{}{}（{}）{}{}{}",
                        lang.zh("第 ", "第 "),
                        s.offset,
                        lang.zh(" 字节：不合规则的着法 ", " 位元組：不合規則的著法 "),
                        s.mv,
                        s.reason.message(lang),
                        lang.zh("连同 ", "連同 "),
                        s.records,
                        lang.zh(" 条记录被略去", " 筆記錄被略去")
                    )
                })
                .collect::<Vec<_>>()
                .join("；"),
            GameError::Cbr(errors) => errors
                .iter()
                .map(|e| e.message(lang))
                .collect::<Vec<_>>()
                .join("；"),
            GameError::Cbf(e) => e.message(lang),
            GameError::DhtmlXq(errors) => errors
                .iter()
                .map(|e| e.message(lang))
                .collect::<Vec<_>>()
                .join("；"),
            GameError::Json(text) => text.clone(),
            GameError::Fen(e) => format!(
                "{}{}",
                lang.zh(
                    "第 1 行：不是合法的 FEN 局面：",
                    "第 1 行：不是合法的 FEN 局面："
                ),
                e.message(lang)
            ),
        }
    }
}

impl CbrError {
    /// The reason in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let place = |offset: &usize| {
            format!(
                "{}{offset}{}",
                lang.zh("第 ", "第 "),
                lang.zh(" 字节：", " 位元組：")
            )
        };
        match self {
            CbrError::NotCbr { offset } => format!(
                "{}{}",
                place(offset),
                lang.zh(
                    "不是象棋桥棋谱（没有 CCBridge Record 标记）",
                    "不是象棋橋棋譜（沒有 CCBridge Record 標記）"
                )
            ),
            CbrError::Truncated { offset, what } => format!(
                "{}{}（{what}）",
                place(offset),
                lang.zh("文件过早结束", "檔案過早結束")
            ),
            CbrError::BadPiece { offset, code } => format!(
                "{}0x{code:02X} {}",
                place(offset),
                lang.zh("不是棋子代码", "不是棋子代碼")
            ),
            CbrError::Start { offset, reason } => format!(
                "{}{}{reason}",
                place(offset),
                lang.zh("开局局面不合法：", "開局局面不合法：")
            ),
            CbrError::NoPieces { offset } => format!(
                "{}{}",
                place(offset),
                lang.zh(
                    "棋盘上没有棋子（是标题，不是对局）",
                    "棋盤上沒有棋子（是標題，不是對局）"
                )
            ),
            CbrError::BadSquare { offset, from, to } => format!(
                "{}{}（{from}, {to}）",
                place(offset),
                lang.zh("着法记录不在棋盘上", "著法記錄不在棋盤上")
            ),
            CbrError::TextLength { offset, len } => format!(
                "{}{len} {}",
                place(offset),
                lang.zh("字节的注释超出文件末尾", "位元組的註釋超出檔案結尾")
            ),
            CbrError::Illegal { offset, mv, reason } => format!(
                "{}{}{mv}（{reason}）{}",
                place(offset),
                lang.zh("不合规则的着法 ", "不合規則的著法 "),
                lang.zh("，连同其后着法被略去", "，連同其後著法被略去")
            ),
        }
    }
}

impl CbfError {
    /// The reason in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let place = |line: &u32, column: &u32| {
            format!(
                "{}{line}{}{column}{}",
                lang.zh("第 ", "第 "),
                lang.zh(" 行第 ", " 行第 "),
                lang.zh(" 列：", " 列：")
            )
        };
        match self {
            CbfError::Xml(text) => {
                format!("{}{text}", lang.zh("XML 格式错误：", "XML 格式錯誤："))
            }
            CbfError::Record {
                line,
                column,
                reason,
            } => format!("{}{reason}", place(line, column)),
            CbfError::Illegal {
                line,
                column,
                mv,
                reason,
            } => format!(
                "{}{}{mv}（{reason}）{}",
                place(line, column),
                lang.zh("不合规则的着法 ", "不合規則的著法 "),
                lang.zh("，连同其后着法被略去", "，連同其後著法被略去")
            ),
        }
    }
}

impl DhtmlXqError {
    /// The reason in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let place = |line: &usize, column: &usize| {
            format!(
                "{}{line}{}{column}{}",
                lang.zh("第 ", "第 "),
                lang.zh(" 行第 ", " 行第 "),
                lang.zh(" 列：", " 列：")
            )
        };
        match self {
            DhtmlXqError::Unclosed { line, column, key } => format!(
                "{}[DhtmlXQ_{key}] {}",
                place(line, column),
                lang.zh("没有结束标记", "沒有結束標記")
            ),
            DhtmlXqError::BadMove { line, column, text } => format!(
                "{}「{text}」{}",
                place(line, column),
                lang.zh("不是着法（四位数字）", "不是著法（四位數字）")
            ),
            DhtmlXqError::Start {
                line,
                column,
                reason,
            } => format!(
                "{}{}{reason}",
                place(line, column),
                lang.zh("开局局面不合法：", "開局局面不合法：")
            ),
            DhtmlXqError::Illegal {
                line,
                column,
                mv,
                reason,
            } => format!(
                "{}{}{mv}（{reason}）{}",
                place(line, column),
                lang.zh("不合规则的着法 ", "不合規則的著法 "),
                lang.zh("，连同本分支其后着法被略去", "，連同本分支其後著法被略去")
            ),
            DhtmlXqError::Detached {
                line,
                column,
                branch,
                base,
                ply,
            } => format!(
                "{}{}{branch}{}{base}{}{ply}{}",
                place(line, column),
                lang.zh("分支 ", "分支 "),
                lang.zh(" 从分支 ", " 從分支 "),
                lang.zh(" 的第 ", " 的第 "),
                lang.zh(" 步开始，但那里没有着法", " 步開始，但那裡沒有著法")
            ),
        }
    }
}

impl SaveError {
    /// Why the save failed, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        match self {
            SaveError::UnreadableTarget(path) => format!(
                "{}{}",
                path.display(),
                lang.zh(
                    " 打开时无法读取，覆盖它可能丢失其内容",
                    " 開啟時無法讀取，覆蓋它可能遺失其內容"
                )
            ),
            SaveError::Io { path, source } => format!(
                "{}{}：{}",
                lang.zh("无法保存 ", "無法儲存 "),
                path.display(),
                crate::lang::IoReason::of(source).message(lang)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{read_pgn_text, read_xqf};

    fn first_error(text: &str) -> PgnError {
        read_pgn_text(text)
            .next()
            .expect("one game")
            .expect_err("a defect")
    }

    #[test]
    fn a_pgn_error_keeps_its_place_and_reason_in_each_language() {
        let e = first_error("[Event \"x\"]\n\n1. 炮二平五 马8进7 2. 马二进二 *\n");
        let en = e.message(Language::English);
        assert_eq!(en, e.to_string());
        let hans = e.message(Language::SimplifiedChinese);
        let hant = e.message(Language::TraditionalChinese);
        assert!(hans.starts_with("第 1 局，第 3 行，第 "), "{hans}");
        assert!(hans.contains("第 2 回合红方：「马二进二」"), "{hans}");
        assert!(hant.contains("第 2 回合紅方：「马二进二」"), "{hant}");
    }

    #[test]
    fn structural_pgn_errors_are_worded_in_chinese() {
        let e = first_error("1. 炮二平五 { 没有结束\n");
        assert!(e
            .message(Language::SimplifiedChinese)
            .contains("以「{」开始的注释没有以「}」结束"));
        let e = first_error("1. 炮二平五 $300 *\n");
        assert!(e
            .message(Language::TraditionalChinese)
            .contains("「$300」不是註釋符號"));
    }

    #[test]
    fn an_xqf_error_names_its_byte_in_each_language() {
        let e = read_xqf(b"XQ\x0a").expect_err("too short");
        assert_eq!(e.message(Language::English), e.to_string());
        assert_eq!(
            e.message(Language::SimplifiedChinese),
            "第 3 字节：文件过早结束（文件头应有 1024 字节）"
        );
        let e = read_xqf(b"PK\x03\x04").expect_err("not XQF");
        assert!(e
            .message(Language::TraditionalChinese)
            .contains("不是 XQF 檔案"));
    }
}
