//! The windows over the main one by name, in the order they are drawn: what the app's `Open`
//! command opens and a message is addressed to. The registry of the windows' folder says which
//! type each is.

use crate::lang::Language;

/// A kind of window over the main one, in the order they are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WindowId {
    /// The command palette.
    Palette,
    /// The export window (diagrams, scoresheet).
    Export,
    /// Qipu's own file chooser, where the system's could not be shown.
    Chooser,
    /// The Event window (a tournament).
    Event,
    /// The form of a game against the computer.
    Play,
    /// What the last save could not keep.
    SaveReport,
    /// The form of an engine match.
    Match,
    /// The engines configured.
    Engines,
    /// The review of the game.
    Review,
    /// The cloud database's question and setting.
    Cloud,
    /// The puzzle trainer, beside the board.
    Puzzles,
    /// The position setup editor, in the board's place.
    Setup,
    /// The game database, kept while hidden (its connection and opening tree live on).
    Database,
    /// A question waiting for the user.
    Question,
    /// The manual.
    Manual,
    /// Help › About.
    About,
}

impl WindowId {
    /// The window's name, as its title and as the title of what it tells the user.
    pub fn title(self, lang: Language) -> &'static str {
        match self {
            WindowId::Review => lang.pick("Review game", "复盘", "復盤"),
            WindowId::Puzzles => lang.pick("Puzzles", "习题", "習題"),
            WindowId::Setup => lang.pick("Set up a position", "摆局", "擺局"),
            WindowId::Database => lang.pick("Game database", "棋谱库", "棋譜庫"),
            WindowId::Play => lang.pick("Play the computer", "人机对弈", "人機對弈"),
            WindowId::Match => lang.pick("Engine match", "引擎对局", "引擎對局"),
            WindowId::Engines => lang.pick("Engines", "引擎", "引擎"),
            WindowId::Cloud => lang.pick("Cloud database", "云库", "雲庫"),
            WindowId::Event => lang.pick("Event", "赛事", "賽事"),
            WindowId::Export => lang.pick("Export", "导出", "匯出"),
            WindowId::Palette => lang.pick("Commands", "命令", "命令"),
            WindowId::Chooser => lang.pick("Choose a file", "选择文件", "選擇檔案"),
            WindowId::SaveReport => lang.pick("Saved", "已保存", "已儲存"),
            WindowId::Question => lang.pick("Question", "询问", "詢問"),
            WindowId::Manual => lang.pick("Manual", "使用手册", "使用手冊"),
            WindowId::About => lang.pick("About Qipu", "关于棋谱", "關於棋譜"),
        }
    }
}
