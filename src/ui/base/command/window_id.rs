//! The one list of the windows over the main one, in the order they are drawn: each window's
//! id, title, module, the menu that lists it by its title, and the type that opens it. Each
//! layer expands the list with a macro of its own: here [`WindowId`] and its titles, the
//! command table the menu entries (`IN_MENUS`), the windows' folder its modules and how each
//! window is opened. Adding a window is one file in `src/ui/windows` and its line here.

use crate::lang::Language;

/// Call `$expand!` with the line of every window. A line is the window's doc, its id, its
/// title (English, simplified Chinese, traditional Chinese), its module in `src/ui/windows`,
/// `in Menu` when a menu lists it by its title, and `=> Type` when it opens from its id alone
/// (a window shown with its data, as a file chooser or the report of a save, has no type to
/// open it by).
macro_rules! window_list {
    ($expand:ident) => {
        $expand! {
            /// The command palette.
            Palette ("Commands", "命令", "命令"): palette => palette::Palette,
            /// The export window (diagrams, scoresheet).
            Export ("Export", "导出", "匯出"): export_dialog => export_dialog::ExportDialog,
            /// Qipu's own file chooser, where the system's could not be shown.
            Chooser ("Choose a file", "选择文件", "選擇檔案"): file_chooser,
            /// The Event window (a tournament).
            Event ("Event", "赛事", "賽事"): event_window => event_window::EventWindow,
            /// The form of a game against the computer.
            Play ("Play the computer", "人机对弈", "人機對弈"): play_form => play_form::PlayForm,
            /// What the last save could not keep.
            SaveReport ("Saved", "已保存", "已儲存"): save_report,
            /// The form of an engine match.
            Match ("Engine match", "引擎对局", "引擎對局"): engine_match => engine_match::MatchForm,
            /// The engines configured.
            Engines ("Engines", "引擎", "引擎"): engines_window => engines_window::EnginesWindow,
            /// The review of the game.
            Review ("Review game", "复盘", "復盤"): review_window => review_window::ReviewWindow,
            /// The cloud database's question and setting.
            Cloud ("Cloud database", "云库", "雲庫"): cloud_window => cloud_window::CloudWindow,
            /// The puzzle trainer, beside the board.
            Puzzles ("Puzzles", "习题", "習題"): puzzle_window => puzzle_window::PuzzleTrainer,
            /// The position setup editor, in the board's place.
            Setup ("Set up a position", "摆局", "擺局"): setup_editor => setup_editor::SetupEditor,
            /// The game database, kept while hidden (its connection and opening tree live on).
            Database ("Game database", "棋谱库", "棋譜庫"): database_window,
            /// A question waiting for the user.
            Question ("Question", "询问", "詢問"): question,
            /// The manual.
            Manual ("Manual", "使用手册", "使用手冊"): manual => manual::ManualWindow,
            /// Help › Keyboard shortcuts.
            KeyList ("Keyboard shortcuts", "快捷键", "快捷鍵"): key_list in Help => key_list::KeyList,
            /// Help › About.
            About ("About Qipu", "关于棋谱", "關於棋譜"): about in Help => about::About,
        }
    };
}
pub(crate) use window_list;

/// [`WindowId`] and its titles, from the list.
macro_rules! ids {
    ($($(#[$doc:meta])* $id:ident ($en:literal, $hans:literal, $hant:literal):
        $module:ident $(in $menu:ident)? $(=> $kind:ty)?,)*) => {
        /// A kind of window over the main one, in the order they are drawn: what the app's
        /// `Open` command opens and a message is addressed to.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum WindowId {
            $($(#[$doc])* $id,)*
        }

        impl WindowId {
            /// The window's name, as its title and as the title of what it tells the user.
            pub fn title(self, lang: Language) -> &'static str {
                match self {
                    $(WindowId::$id => lang.pick($en, $hans, $hant),)*
                }
            }
        }
    };
}

window_list!(ids);
