//! Why an event change was refused, in the user's language. English is the `Display` text of
//! each error; the Chinese sentences keep its place (round, board, line and column) and its
//! reason. What comes from outside Qipu (the system's words for a file that cannot be opened,
//! SQLite's for a damaged file) is kept as it came, after a translated sentence.

use crate::lang::{IoReason, Language};

use super::board_result::BadResult;
use super::error::{EventError, GameRecordError, NotAnEvent, Unreadable};
use super::roster::{RosterError, RosterReason, Separator};
use super::systems::swiss::NoPairing;
use super::teams::LineupRefusal;

impl EventError {
    /// The reason in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let z = |hans, hant| lang.zh(hans, hant);
        match self {
            EventError::NotAnEvent { path, reason } => format!(
                "{}{}{}",
                path.display(),
                z("：不是 Qipu 赛事文件：", "：不是 Qipu 賽事檔案："),
                reason.message(lang)
            ),
            EventError::NewerVersion {
                path,
                found,
                supported,
            } => format!(
                "{}{}{found}{}{supported}{}",
                path.display(),
                z(
                    "：由较新版本的 Qipu 写入（赛事格式 ",
                    "：由較新版本的 Qipu 寫入（賽事格式 "
                ),
                z("；本版本最高读取 ", "；本版本最高讀取 "),
                z("）", "）"),
            ),
            EventError::Damaged {
                path,
                reason,
                last_good,
            } => format!(
                "{}{}{reason}{}",
                path.display(),
                z("：赛事文件已损坏：", "：賽事檔案已損壞："),
                match last_good {
                    Some(copy) => format!(
                        "{}{}",
                        z("；最后一份完好的副本是 ", "；最後一份完好的副本是 "),
                        copy.display()
                    ),
                    None => z("；没有完好的副本", "；沒有完好的副本").to_owned(),
                }
            ),
            EventError::DiskFull(path) => format!(
                "{}{}",
                path.display(),
                z("：磁盘已满，没有做任何改动", "：磁碟已滿，沒有做任何變更")
            ),
            EventError::ReadOnly(path) => format!(
                "{}{}",
                path.display(),
                z(
                    "：赛事文件是只读的，无法写入，没有做任何改动",
                    "：賽事檔案是唯讀的，無法寫入，沒有做任何變更"
                )
            ),
            EventError::Io { path, source } => {
                format!("{}：{}", path.display(), IoReason::of(source).message(lang))
            }
            EventError::Exists(path) => format!(
                "{}{}",
                path.display(),
                z(
                    "：文件已存在；赛事文件从不覆盖其他文件",
                    "：檔案已存在；賽事檔案從不覆寫其他檔案"
                )
            ),
            EventError::Database { path, source } => format!(
                "{}{}{source}",
                path.display(),
                z(
                    "：数据库写入失败，改动已撤销：",
                    "：資料庫寫入失敗，變更已撤銷："
                )
            ),
            EventError::EmptyName => z("棋手需要姓名", "棋手需要姓名").to_owned(),
            EventError::DuplicatePlayer(name) => format!(
                "{}「{name}」{}",
                z("已有名为", "已有名為"),
                z("的棋手", "的棋手")
            ),
            EventError::UnknownPlayer(name) => format!(
                "{}「{name}」{}",
                z("本赛事没有名为", "本賽事沒有名為"),
                z("的棋手", "的棋手")
            ),
            EventError::Started(system) => format!(
                "{}{}{}",
                z("本赛事（", "本賽事（"),
                system.title(lang),
                z(
                    "）已经开始：第 1 轮编排后不能再添加棋手",
                    "）已經開始：第 1 輪編排後不能再新增棋手"
                )
            ),
            EventError::NoSuchRound { round, paired } => format!(
                "{}{round}{}{paired}{}",
                z("第 ", "第 "),
                z(" 轮尚未编排（已编排 ", " 輪尚未編排（已編排 "),
                z(" 轮）", " 輪）")
            ),
            EventError::NoSuchBoard {
                round,
                board,
                boards,
            } => format!(
                "{}{board}{}{boards}{}",
                round_of(lang, *round) + z("没有第 ", "沒有第 "),
                z(" 台（共 1–", " 台（共 1–"),
                z(" 台）", " 台）")
            ),
            EventError::ResultExists {
                round,
                board,
                result,
            } => format!(
                "{}{}{result}",
                board_of(lang, *round, *board),
                z("已有结果 ", "已有結果 ")
            ),
            EventError::BadResult(bad) => bad.message(lang),
            EventError::MissingResults { round, boards } => format!(
                "{}{}{}",
                round_of(lang, *round) + z("第 ", "第 "),
                boards
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join("、"),
                z(" 台还没有结果", " 台還沒有結果")
            ),
            EventError::Finished(rounds) => format!(
                "{}{rounds}{}",
                z("赛事已结束：全部 ", "賽事已結束：全部 "),
                z(" 轮都已编排", " 輪都已編排")
            ),
            EventError::TooFew { needed, found } => format!(
                "{}{needed}{}{found}",
                z("编排需要 ", "編排需要 "),
                z(
                    " 名棋手（或队伍）；本赛事有 ",
                    " 名棋手（或隊伍）；本賽事有 "
                )
            ),
            EventError::NoPairing { round, cause } => format!(
                "{}{}",
                round_of(lang, *round) + z("没有避免重复对局的编排：", "沒有避免重複對局的編排："),
                cause.message(lang)
            ),
            EventError::ShortTeam {
                team,
                players,
                boards,
            } => format!(
                "{}{players}{}{boards}{}",
                team_named(lang, team) + z("只有 ", "只有 "),
                z(" 名棋手，却要出 ", " 名棋手，卻要出 "),
                z(" 台", " 台")
            ),
            EventError::AlreadyWithdrawn { name, round } => format!(
                "「{name}」{}{round}{}",
                z("已在第 ", "已在第 "),
                z(" 轮后退赛", " 輪後退賽")
            ),
            EventError::UnknownTeam(team) => format!(
                "{}「{team}」{}",
                z("本赛事没有名为", "本賽事沒有名為"),
                z("的队伍", "的隊伍")
            ),
            EventError::NotPaired { team, round } => format!(
                "{}{}",
                team_named(lang, team) + z("在", "在") + &round_of(lang, *round),
                z("没有比赛", "沒有比賽")
            ),
            EventError::LineupTooLate { round, board, team } => format!(
                "{}{}{}",
                board_of(lang, *round, *board),
                z("已有结果：", "已有結果：").to_owned() + &team_named(lang, team),
                z("不能再改排阵", "不能再改排陣")
            ),
            EventError::NotInTeam { name, team, round } => format!(
                "「{name}」{}{}",
                z("在", "在").to_owned() + &round_of(lang, *round) + z("不是", "不是"),
                team_named(lang, team) + z("的棋手", "的棋手")
            ),
            EventError::LineupRefused {
                team,
                lineup,
                reason,
            } => format!(
                "{}{lineup}{}{}",
                team_named(lang, team) + z("：排阵 ", "：排陣 "),
                z(" 不允许：", " 不允許："),
                reason.message(lang)
            ),
            EventError::Unreadable { path, reason } => {
                format!("{}：{}", path.display(), reason.message(lang))
            }
            EventError::GameRecord(e) => e.message(lang),
        }
    }
}

/// 第 R 轮 / 第 R 輪.
fn round_of(lang: Language, round: u32) -> String {
    format!("{}{round}{}", lang.zh("第 ", "第 "), lang.zh(" 轮", " 輪"))
}

/// 第 R 轮第 B 台 / 第 R 輪第 B 台.
fn board_of(lang: Language, round: u32, board: u32) -> String {
    format!("{}第 {board} 台", round_of(lang, round))
}

/// 队伍「T」 / 隊伍「T」.
fn team_named(lang: Language, team: &str) -> String {
    format!("{}「{team}」", lang.zh("队伍", "隊伍"))
}

impl NotAnEvent {
    /// What the file is instead, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let z = |hans, hant| lang.zh(hans, hant).to_owned();
        match self {
            NotAnEvent::Unopenable(why) => z("无法打开：", "無法開啟：") + &why.message(lang),
            NotAnEvent::Empty => z("文件是空的", "檔案是空的"),
            NotAnEvent::NotSqlite => z("不是 SQLite 数据库", "不是 SQLite 資料庫"),
            NotAnEvent::OtherProgram => {
                z("是其他程序的 SQLite 数据库", "是其他程式的 SQLite 資料庫")
            }
        }
    }
}

impl Unreadable {
    /// Why the list cannot be read, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            Unreadable::Io(why) if lang != Language::English => {
                lang.zh("无法读取：", "無法讀取：").to_owned() + &why.message(lang)
            }
            Unreadable::Io(_) => self.to_string(),
            Unreadable::Roster(e) => e.message(lang),
        }
    }
}

impl RosterError {
    /// Where (line and column) and why, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        format!(
            "第 {} 行，第 {} {}{}",
            self.line,
            self.column,
            lang.zh("列：", "欄："),
            self.reason.message(lang)
        )
    }
}

impl RosterReason {
    /// What is wrong with the line, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let z = |hans, hant| lang.zh(hans, hant).to_owned();
        match self {
            RosterReason::UnknownColumn(name) => format!(
                "{}「{name}」（name、rating、club、team、registration）",
                lang.zh("未知的列", "未知的欄")
            ),
            RosterReason::TooManyFields { fields, columns } => format!(
                "{fields}{}{columns}{}",
                lang.zh(" 个字段，但只有 ", " 個欄位，但只有 "),
                lang.zh(" 列", " 欄")
            ),
            RosterReason::BadRating(value) => format!(
                "{}「{value}」{}",
                lang.zh("等级分", "等級分"),
                lang.zh("不是整数", "不是整數")
            ),
            RosterReason::NegativeRating(value) => format!(
                "{}「{value}」{}",
                lang.zh("等级分", "等級分"),
                lang.zh("：等级分不能为负数", "：等級分不能為負數")
            ),
            RosterReason::Malformed(malformed) => format!(
                "{}{}{}",
                lang.zh("字节 ", "位元組 "),
                malformed
                    .bytes
                    .iter()
                    .map(|b| format!("0x{b:02X}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                lang.zh(
                    " 不是文字（已试过 UTF-8、GBK、BIG5 编码）",
                    " 不是文字（已試過 UTF-8、GBK、BIG5 編碼）"
                )
            ),
            RosterReason::OtherSeparator { expected, found } => format!(
                "{}{}{}{}",
                lang.zh("此行以", "此行以"),
                separator_name(*found, lang),
                lang.zh("，而文件以", "，而檔案以"),
                separator_name(*expected, lang),
            ),
            RosterReason::NoName => z("棋手没有姓名", "棋手沒有姓名"),
            RosterReason::NoTeam => z("团体赛需要棋手的队名", "團體賽需要棋手的隊名"),
            RosterReason::UnclosedQuote => z("带引号的字段没有结束", "帶引號的欄位沒有結束"),
            RosterReason::TextAfterQuote => z("结束引号后还有文字", "結束引號後還有文字"),
            RosterReason::QuoteInField => z("不带引号的字段中有引号", "不帶引號的欄位中有引號"),
        }
    }
}

/// A separator of a players' list, in Chinese.
fn separator_name(separator: Separator, lang: Language) -> &'static str {
    match separator {
        Separator::Comma => lang.zh("逗号分隔", "逗號分隔"),
        Separator::Semicolon => lang.zh("分号分隔", "分號分隔"),
        Separator::Tab => lang.zh("制表符分隔", "定位字元分隔"),
    }
}

impl LineupRefusal {
    /// Why the line-up is refused, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let z = |hans, hant| lang.zh(hans, hant).to_owned();
        match self {
            LineupRefusal::WrongCount => z("排阵须每台各列一名棋手", "排陣須每台各列一名棋手"),
            LineupRefusal::SamePlayerTwice => z("一名棋手只能下一台", "一名棋手只能下一台"),
            LineupRefusal::FixedOrder => z(
                "台次固定（12.1）：按顺序列出本队前几名棋手",
                "台次固定（12.1）：按順序列出本隊前幾名棋手",
            ),
            LineupRefusal::SubstituteOrder => z(
                "有替补时棋手保持台次顺序（12.2）：排名靠后的棋手不能排在排名靠前的棋手之上",
                "有替補時棋手保持台次順序（12.2）：排名靠後的棋手不能排在排名靠前的棋手之上",
            ),
            LineupRefusal::NotOfTeam => z("排阵只能列出本队棋手", "排陣只能列出本隊棋手"),
        }
    }
}

impl NoPairing {
    /// Why no pairing exists, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        format!(
            "{}{}{}",
            self.entrants,
            lang.zh(
                " 名参赛者的每种编排都需要重复对局",
                " 名參賽者的每種編排都需要重複對局"
            ),
            if self.bye_blocked {
                lang.zh("或第二次轮空", "或第二次輪空")
            } else {
                ""
            }
        )
    }
}

impl BadResult {
    /// Why the token is not a result, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        format!(
            "「{}」{}",
            self.0,
            lang.zh("不是结果；应为 1-0、0-1、1/2-1/2、+-（红方不战而胜）、-+（黑方不战而胜）或 --（双方均不战而负）",
                "不是結果；應為 1-0、0-1、1/2-1/2、+-（紅方不戰而勝）、-+（黑方不戰而勝）或 --（雙方均不戰而負）"
            )
        )
    }
}

impl GameRecordError {
    /// Why the record gives no result, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        if lang == Language::English {
            return self.to_string();
        }
        let z = |hans, hant| lang.zh(hans, hant).to_owned();
        match self {
            GameRecordError::NoGame => z("文件中没有对局", "檔案中沒有對局"),
            GameRecordError::Unreadable(e) => {
                z("对局无法读取：", "對局無法讀取：") + &e.message(lang)
            }
            GameRecordError::CompetitionLog(e) => {
                z("比赛记录无法读取：", "比賽記錄無法讀取：") + &e.to_string()
            }
            GameRecordError::Contradiction { tagged, ended } => format!(
                "{}{}{}{}",
                lang.zh("Result 标签为 ", "Result 標籤為 "),
                tagged.pgn(),
                lang.zh("，但对局的结果是 ", "，但對局的結果是 "),
                ended.pgn()
            ),
            GameRecordError::NoResult => z(
                "对局没有结果（Result 标签为「*」，也没有 [%result] 命令）",
                "對局沒有結果（Result 標籤為「*」，也沒有 [%result] 命令）",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::tournament::event::System;

    fn all_languages(e: &EventError) -> [String; 3] {
        Language::ALL.map(|l| e.message(l))
    }

    #[test]
    fn english_is_the_display_text() {
        let e = EventError::NoSuchBoard {
            round: 5,
            board: 9,
            boards: 8,
        };
        assert_eq!(e.message(Language::English), e.to_string());
    }

    #[test]
    fn each_script_keeps_the_place_and_uses_its_own_characters() {
        let cases = [
            EventError::NoSuchBoard {
                round: 5,
                board: 9,
                boards: 8,
            },
            EventError::MissingResults {
                round: 3,
                boards: vec![2, 7],
            },
            EventError::LineupRefused {
                team: "上海".to_owned(),
                lineup: "2-1-3-4".to_owned(),
                reason: LineupRefusal::SubstituteOrder,
            },
            EventError::Started(System::RoundRobin),
            EventError::Unreadable {
                path: PathBuf::from("players.csv"),
                reason: Unreadable::Roster(RosterError {
                    line: 4,
                    column: 12,
                    reason: RosterReason::BadRating("x12".to_owned()),
                }),
            },
        ];
        for e in &cases {
            let [en, hans, hant] = all_languages(e);
            assert_ne!(hans, hant, "{hans}");
            for text in [&hans, &hant] {
                for word in [
                    "round", "board", "team", "line", "column", "rating", "started",
                ] {
                    assert!(!text.contains(word), "{text}");
                }
            }
            for digit in en.chars().filter(char::is_ascii_digit) {
                assert!(
                    hans.contains(digit) && hant.contains(digit),
                    "{en} / {hans}"
                );
            }
        }
        let [_, hans, hant] = all_languages(&cases[0]);
        assert_eq!(hans, "第 5 轮没有第 9 台（共 1–8 台）");
        assert_eq!(hant, "第 5 輪沒有第 9 台（共 1–8 台）");
        let [_, hans, _] = all_languages(&cases[1]);
        assert_eq!(hans, "第 3 轮第 2、7 台还没有结果");
        let [_, _, hant] = all_languages(&cases[4]);
        assert_eq!(
            hant,
            "players.csv：第 4 行，第 12 欄：等級分「x12」不是整數"
        );
        let [_, hans, _] = all_languages(&cases[3]);
        assert!(hans.contains("单循环"), "{hans}");
    }

    #[test]
    fn a_bye_that_cannot_be_given_is_said() {
        let with = NoPairing {
            entrants: 7,
            bye_blocked: true,
        };
        let without = NoPairing {
            entrants: 7,
            bye_blocked: false,
        };
        assert!(with
            .message(Language::SimplifiedChinese)
            .ends_with("或第二次轮空"));
        assert!(!without
            .message(Language::SimplifiedChinese)
            .contains("轮空"));
        assert!(with.to_string().ends_with("or a second bye"));
    }
}
