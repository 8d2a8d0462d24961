//! The one table of the commands a user gives by name: each with its label in the three
//! languages, its menu, and its shortcuts with the place they work in. The menus, the key
//! handling, the command palette (Ctrl/Cmd+K) and the manual's list of keys
//! (`docs/manual/window.md`) come from here; the commands that carry data (a move, a comment, a
//! tag) are [`Command`]s built from the session when one of these is given.

use eframe::egui::{Key, KeyboardShortcut, Modifiers};

use crate::lang::Language;
use crate::record::{Evaluation, Mark};

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::database_command::DatabaseCommand;
use crate::ui::base::command::file_purpose::{Purpose, Start};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::window_id::{window_list, WindowId};
use crate::ui::base::command::Command;
use crate::ui::base::folds::{nearest_branch, FoldMode};
use crate::ui::base::layout::{Layout, Panel};
use crate::ui::base::review::{next_critical, previous_critical};
use crate::ui::base::session::Session;
use crate::ui::base::words::{evaluation_name, mark_name};

/// Where a shortcut works.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Scope {
    /// Anywhere in the window while no text field has the keyboard.
    Window,
    /// In the move box, while it has the keyboard (a clerk types without the mouse).
    MoveBox,
    /// In the move box while it is empty (otherwise the keys edit its text).
    EmptyMoveBox,
}

/// The menu a command sits in.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Menu {
    /// File: new, open, save, export, clipboard, quit.
    File,
    /// Game: take back, undo, set up, analysis.
    Game,
    /// View: the board and the palette.
    View,
    /// Annotate: marks, evaluations, the order of variations (also in a move's context menu).
    Annotate,
    /// Database: the game database's window and searches from the board.
    Database,
    /// Training: puzzles.
    Training,
    /// Help: the manual.
    Help,
}

impl Menu {
    /// Every menu, in the order of the menu bar.
    pub const ALL: [Menu; 7] = [
        Menu::File,
        Menu::Game,
        Menu::Annotate,
        Menu::View,
        Menu::Database,
        Menu::Training,
        Menu::Help,
    ];

    /// Its title in the menu bar.
    pub fn title(self, lang: Language) -> &'static str {
        match self {
            Menu::File => lang.pick("File", "文件", "檔案"),
            Menu::Game => lang.pick("Game", "对局", "對局"),
            Menu::View => lang.pick("View", "视图", "檢視"),
            Menu::Annotate => lang.pick("Annotate", "注释", "註釋"),
            Menu::Database => lang.pick("Database", "棋谱库", "棋譜庫"),
            Menu::Training => lang.pick("Training", "训练", "訓練"),
            Menu::Help => lang.pick("Help", "帮助", "說明"),
        }
    }
}

/// The windows a menu lists by their titles, from the list of windows.
macro_rules! menus {
    ($($(#[$doc:meta])* $id:ident ($en:literal, $hans:literal, $hant:literal):
        $module:ident $(in $menu:ident)? $(=> $kind:ty)?,)*) => {
        /// The windows the menus list by their titles, each with its menu, in the list's order.
        pub const IN_MENUS: &[(WindowId, Menu)] = &[$($((WindowId::$id, Menu::$menu),)?)*];
    };
}

window_list!(menus);

/// A command the user gives by name.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum UserCommand {
    /// A new game from the initial position.
    NewGame,
    /// Open a record file.
    Open,
    /// Save to the game's file.
    Save,
    /// Save under a new name.
    SaveAs,
    /// Read the game's file again, in place of the changes not saved.
    Revert,
    /// The export window.
    Export,
    /// The Event window (a tournament's players, rounds, results and standings).
    Event,
    /// Copy the position as FEN.
    CopyFen,
    /// Copy the game as PGN.
    CopyPgn,
    /// Copy the game as a DhtmlXQ block, to paste on a web page.
    CopyDhtmlxq,
    /// Paste a FEN or a PGN game.
    Paste,
    /// Close the window.
    Quit,
    /// Take back the move on the board.
    TakeBack,
    /// Undo the last edit (of the record or the clock).
    Undo,
    /// Redo the last edit undone.
    Redo,
    /// The position setup editor.
    SetUpPosition,
    /// A picture of a board read into the setup editor.
    PositionFromPicture,
    /// Continue a finished game as analysis.
    ContinueAsAnalysis,
    /// Play against the computer.
    PlayComputer,
    /// Two engines play each other from the position on the board.
    EngineMatch,
    /// The engines configured.
    Engines,
    /// The cloud database's setting: on or off, its server, its cache.
    CloudDatabase,
    /// Review the game: an engine marks the main line's moves and measures each side's accuracy.
    ReviewGame,
    /// To the next critical moment (`?!`, `?`, `??`) of the main line.
    NextMistake,
    /// To the critical moment before.
    PreviousMistake,
    /// Show or hide the analysis panel.
    Analysis,
    /// Show or hide the evaluation graph of the main line.
    EvaluationGraph,
    /// Draw the analysis panel's lines as arrows on the board, or not.
    EngineArrows,
    /// Turn the board around.
    Flip,
    /// Fold the record's variations by this mode.
    Fold(FoldMode),
    /// Unfold (`true`) or fold the variations at the branch point nearest the move on the board.
    FoldHere(bool),
    /// Show or hide a side panel.
    ShowPanel(Panel),
    /// To the start position.
    First,
    /// One move back.
    Back,
    /// One move forward.
    Forward,
    /// To the end of the line.
    Last,
    /// The command palette.
    Palette,
    /// Set the mark of the move on the board (`None`: clear it).
    Mark(Option<Mark>),
    /// Set the evaluation after the move on the board (`None`: clear it).
    Evaluate(Option<Evaluation>),
    /// Move the line of the move on the board up at its branch point.
    PromoteLine,
    /// Move it down.
    DemoteLine,
    /// Delete the move on the board and what follows.
    DeleteMove,
    /// The game database's window: open, import, list and filter.
    DatabaseWindow,
    /// Find the games of the database that reach the position on the board.
    SearchPosition,
    /// The same, or its left–right mirror.
    SearchPositionMirror,
    /// The puzzle trainer.
    Puzzles,
    /// The manual (Help › Manual).
    Manual,
    /// A window that a menu lists by its title ([`IN_MENUS`]).
    Window(WindowId),
}

const NONE: Modifiers = Modifiers::NONE;
const CMD: Modifiers = Modifiers::COMMAND;
const DIGITS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

fn key(modifiers: Modifiers, key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(modifiers, key)
}

impl UserCommand {
    /// Every command, in menu order.
    pub fn all() -> Vec<UserCommand> {
        let mut all = vec![
            UserCommand::NewGame,
            UserCommand::Open,
            UserCommand::Save,
            UserCommand::SaveAs,
            UserCommand::Revert,
            UserCommand::Export,
            UserCommand::Event,
            UserCommand::CopyFen,
            UserCommand::CopyPgn,
            UserCommand::CopyDhtmlxq,
            UserCommand::Paste,
            UserCommand::Quit,
            UserCommand::TakeBack,
            UserCommand::Undo,
            UserCommand::Redo,
            UserCommand::SetUpPosition,
            UserCommand::PositionFromPicture,
            UserCommand::ContinueAsAnalysis,
            UserCommand::PlayComputer,
            UserCommand::EngineMatch,
            UserCommand::Engines,
            UserCommand::CloudDatabase,
            UserCommand::ReviewGame,
            UserCommand::Flip,
            UserCommand::ShowPanel(Panel::Desk),
            UserCommand::ShowPanel(Panel::Record),
            UserCommand::Analysis,
            UserCommand::EvaluationGraph,
            UserCommand::EngineArrows,
            UserCommand::Fold(FoldMode::MainLine),
            UserCommand::Fold(FoldMode::FirstLevel),
            UserCommand::Fold(FoldMode::All),
            UserCommand::FoldHere(true),
            UserCommand::FoldHere(false),
            UserCommand::First,
            UserCommand::Back,
            UserCommand::Forward,
            UserCommand::Last,
            UserCommand::NextMistake,
            UserCommand::PreviousMistake,
            UserCommand::Palette,
        ];
        all.extend(Mark::ALL.into_iter().map(|m| UserCommand::Mark(Some(m))));
        all.push(UserCommand::Mark(None));
        all.extend(
            Evaluation::ALL
                .into_iter()
                .map(|e| UserCommand::Evaluate(Some(e))),
        );
        all.push(UserCommand::Evaluate(None));
        all.extend([
            UserCommand::PromoteLine,
            UserCommand::DemoteLine,
            UserCommand::DeleteMove,
            UserCommand::DatabaseWindow,
            UserCommand::SearchPosition,
            UserCommand::SearchPositionMirror,
            UserCommand::ShowPanel(Panel::Tree),
            UserCommand::Puzzles,
            UserCommand::Manual,
        ]);
        all.extend(IN_MENUS.iter().map(|&(id, _)| UserCommand::Window(id)));
        all
    }

    /// The label in `lang`.
    pub fn label(self, lang: Language) -> String {
        let text = match self {
            UserCommand::NewGame => lang.pick("New game", "新对局", "新對局"),
            UserCommand::Open => lang.pick("Open…", "打开…", "開啟…"),
            UserCommand::Save => lang.pick("Save", "保存", "儲存"),
            UserCommand::SaveAs => lang.pick("Save as…", "另存为…", "另存新檔…"),
            UserCommand::Revert => lang.pick("Revert to saved", "还原为已保存", "還原為已儲存"),
            UserCommand::Export => lang.pick("Export…", "导出…", "匯出…"),
            UserCommand::Event => lang.pick("Event…", "赛事…", "賽事…"),
            UserCommand::CopyFen => lang.pick("Copy FEN", "复制 FEN", "複製 FEN"),
            UserCommand::CopyPgn => lang.pick("Copy PGN", "复制 PGN", "複製 PGN"),
            UserCommand::CopyDhtmlxq => {
                lang.pick("Copy as DhtmlXQ", "复制为 DhtmlXQ", "複製為 DhtmlXQ")
            }
            UserCommand::Paste => {
                lang.pick("Paste FEN or PGN", "粘贴 FEN 或 PGN", "貼上 FEN 或 PGN")
            }
            UserCommand::Quit => lang.pick("Quit", "退出", "結束"),
            UserCommand::TakeBack => lang.pick("Take back", "悔棋", "悔棋"),
            UserCommand::Undo => lang.pick("Undo edit", "撤销改动", "復原變更"),
            UserCommand::Redo => lang.pick("Redo edit", "重做改动", "重做變更"),
            UserCommand::SetUpPosition => lang.pick("Set up position…", "摆局…", "擺局…"),
            UserCommand::PositionFromPicture => {
                lang.pick("Position from picture…", "从图片摆局…", "從圖片擺局…")
            }
            UserCommand::ContinueAsAnalysis => {
                lang.pick("Continue as analysis", "作为研究继续", "作為研究繼續")
            }
            UserCommand::PlayComputer => {
                lang.pick("Play against the computer…", "人机对弈…", "人機對弈…")
            }
            UserCommand::EngineMatch => {
                lang.pick("Engine against engine…", "机机对弈…", "機機對弈…")
            }
            UserCommand::Engines => lang.pick("Engines…", "引擎设置…", "引擎設定…"),
            UserCommand::CloudDatabase => {
                lang.pick("Cloud database settings…", "云库设置…", "雲庫設定…")
            }
            UserCommand::ReviewGame => lang.pick("Review game…", "复盘…", "復盤…"),
            UserCommand::NextMistake => lang.pick("Next mistake", "下一个失误", "下一個失誤"),
            UserCommand::PreviousMistake => {
                lang.pick("Previous mistake", "上一个失误", "上一個失誤")
            }
            UserCommand::Analysis => lang.pick("Analysis panel", "分析面板", "分析面板"),
            UserCommand::EvaluationGraph => lang.pick("Evaluation graph", "形势图", "形勢圖"),
            UserCommand::EngineArrows => {
                lang.pick("Engine lines as arrows", "引擎着法箭头", "引擎著法箭頭")
            }
            UserCommand::Flip => lang.pick("Flip board", "翻转棋盘", "翻轉棋盤"),
            UserCommand::Fold(mode) => mode.label(lang),
            UserCommand::FoldHere(true) => {
                lang.pick("Unfold variations here", "展开此处变着", "展開此處變著")
            }
            UserCommand::FoldHere(false) => {
                lang.pick("Fold variations here", "折叠此处变着", "摺疊此處變著")
            }
            UserCommand::ShowPanel(Panel::Desk) => {
                lang.pick("Move box and clock", "着法输入与棋钟", "著法輸入與棋鐘")
            }
            UserCommand::ShowPanel(Panel::Record) => lang.pick("Record", "棋谱", "棋譜"),
            UserCommand::First => lang.pick("To the start", "到开局", "到開局"),
            UserCommand::Back => lang.pick("Move back", "后退一步", "後退一步"),
            UserCommand::Forward => lang.pick("Move forward", "前进一步", "前進一步"),
            UserCommand::Last => lang.pick("To the end", "到终局", "到終局"),
            UserCommand::Palette => lang.pick("Find a command…", "查找命令…", "尋找指令…"),
            UserCommand::Mark(Some(mark)) => {
                return format!("{} {}", mark.symbol(), mark_name(mark, lang));
            }
            UserCommand::Mark(None) => lang.pick("No mark", "无标记", "無標記"),
            UserCommand::Evaluate(Some(e)) => {
                return format!("{} {}", e.symbol(), evaluation_name(e, lang));
            }
            UserCommand::Evaluate(None) => lang.pick("No evaluation", "无评价", "無評價"),
            UserCommand::PromoteLine => lang.pick("Promote line", "变着上移", "變著上移"),
            UserCommand::DemoteLine => lang.pick("Demote line", "变着下移", "變著下移"),
            UserCommand::DeleteMove => {
                lang.pick("Delete from this move", "删除此着及其后", "刪除此著及其後")
            }
            UserCommand::DatabaseWindow => lang.pick("Game database…", "棋谱库…", "棋譜庫…"),
            UserCommand::Manual => lang.pick("Manual", "使用手册", "使用手冊"),
            UserCommand::SearchPosition => {
                lang.pick("Search this position", "查找此局面", "尋找此局面")
            }
            UserCommand::SearchPositionMirror => lang.pick(
                "Search this position and its mirror",
                "查找此局面及其镜像",
                "尋找此局面及其鏡像",
            ),
            UserCommand::ShowPanel(Panel::Tree) => lang.pick("Opening tree", "开局树", "開局樹"),
            UserCommand::Puzzles => lang.pick("Puzzles…", "习题…", "習題…"),
            UserCommand::Window(id) => id.title(lang),
        };
        text.to_owned()
    }

    /// The menu it sits in (navigation lives on the keys and in the palette).
    pub fn menu(self) -> Option<Menu> {
        match self {
            UserCommand::NewGame
            | UserCommand::Open
            | UserCommand::Save
            | UserCommand::SaveAs
            | UserCommand::Revert
            | UserCommand::Export
            | UserCommand::Event
            | UserCommand::CopyFen
            | UserCommand::CopyPgn
            | UserCommand::CopyDhtmlxq
            | UserCommand::Paste
            | UserCommand::Quit => Some(Menu::File),
            UserCommand::TakeBack
            | UserCommand::Undo
            | UserCommand::Redo
            | UserCommand::SetUpPosition
            | UserCommand::PositionFromPicture
            | UserCommand::ContinueAsAnalysis
            | UserCommand::PlayComputer
            | UserCommand::EngineMatch
            | UserCommand::Engines
            | UserCommand::CloudDatabase
            | UserCommand::ReviewGame => Some(Menu::Game),
            UserCommand::Flip
            | UserCommand::ShowPanel(_)
            | UserCommand::Palette
            | UserCommand::Analysis
            | UserCommand::EvaluationGraph
            | UserCommand::EngineArrows
            | UserCommand::Fold(_)
            | UserCommand::FoldHere(_) => Some(Menu::View),
            UserCommand::DatabaseWindow
            | UserCommand::SearchPosition
            | UserCommand::SearchPositionMirror => Some(Menu::Database),
            UserCommand::Puzzles => Some(Menu::Training),
            UserCommand::Manual => Some(Menu::Help),
            UserCommand::Window(id) => IN_MENUS
                .iter()
                .find(|&&(listed, _)| listed == id)
                .map(|&(_, menu)| menu),
            UserCommand::Mark(_)
            | UserCommand::Evaluate(_)
            | UserCommand::PromoteLine
            | UserCommand::DemoteLine
            | UserCommand::DeleteMove => Some(Menu::Annotate),
            UserCommand::First
            | UserCommand::Back
            | UserCommand::Forward
            | UserCommand::Last
            | UserCommand::NextMistake
            | UserCommand::PreviousMistake => None,
        }
    }

    /// Its shortcuts, each with where it works; the first is shown in the menu.
    pub fn shortcuts(self) -> Vec<(KeyboardShortcut, Scope)> {
        use Scope::{EmptyMoveBox, MoveBox, Window};
        let digit = |i: usize| DIGITS[i];
        match self {
            UserCommand::NewGame => vec![(key(CMD, Key::N), Window)],
            UserCommand::Open => vec![(key(CMD, Key::O), Window)],
            UserCommand::Save => vec![(key(CMD, Key::S), Window)],
            UserCommand::SaveAs => vec![(key(CMD | Modifiers::SHIFT, Key::S), Window)],
            UserCommand::Quit => vec![(key(CMD, Key::Q), Window)],
            UserCommand::TakeBack => vec![(key(NONE, Key::Backspace), Window)],
            UserCommand::Undo => vec![
                (key(CMD, Key::Z), Window),
                (key(Modifiers::ALT, Key::Backspace), Window),
                (key(CMD, Key::Z), EmptyMoveBox),
            ],
            UserCommand::Redo => vec![
                (key(CMD | Modifiers::SHIFT, Key::Z), Window),
                (key(CMD, Key::Y), Window),
                (key(CMD | Modifiers::SHIFT, Key::Z), EmptyMoveBox),
                (key(CMD, Key::Y), EmptyMoveBox),
            ],
            UserCommand::Palette => vec![
                (key(CMD, Key::K), Window),
                (key(CMD | Modifiers::SHIFT, Key::P), Window),
                (key(CMD, Key::K), MoveBox),
            ],
            UserCommand::First => vec![
                (key(NONE, Key::ArrowUp), Window),
                (key(NONE, Key::Home), Window),
                (key(NONE, Key::Home), EmptyMoveBox),
            ],
            UserCommand::Back => vec![
                (key(NONE, Key::ArrowLeft), Window),
                (key(NONE, Key::ArrowUp), MoveBox),
                (key(NONE, Key::ArrowLeft), EmptyMoveBox),
            ],
            UserCommand::Forward => vec![
                (key(NONE, Key::ArrowRight), Window),
                (key(NONE, Key::ArrowDown), MoveBox),
                (key(NONE, Key::ArrowRight), EmptyMoveBox),
            ],
            UserCommand::Last => vec![
                (key(NONE, Key::ArrowDown), Window),
                (key(NONE, Key::End), Window),
                (key(NONE, Key::End), EmptyMoveBox),
            ],
            UserCommand::Mark(Some(mark)) => {
                let i = Mark::ALL.iter().position(|&m| m == mark).unwrap_or(0);
                vec![(key(Modifiers::ALT, digit(i)), Window)]
            }
            UserCommand::Mark(None) => vec![(key(Modifiers::ALT, Key::Num0), Window)],
            UserCommand::Evaluate(Some(e)) => {
                let i = Evaluation::ALL.iter().position(|&x| x == e).unwrap_or(0);
                vec![(key(CMD, digit(i)), Window)]
            }
            UserCommand::Evaluate(None) => vec![(key(CMD, Key::Num0), Window)],
            UserCommand::FoldHere(true) => vec![
                (key(NONE, Key::Plus), Window),
                (key(NONE, Key::Equals), Window),
            ],
            UserCommand::FoldHere(false) => vec![(key(NONE, Key::Minus), Window)],
            UserCommand::PromoteLine => vec![(key(CMD, Key::ArrowUp), Window)],
            UserCommand::DemoteLine => vec![(key(CMD, Key::ArrowDown), Window)],
            UserCommand::DeleteMove => vec![(key(NONE, Key::Delete), Window)],
            UserCommand::NextMistake => vec![(key(Modifiers::SHIFT, Key::ArrowRight), Window)],
            UserCommand::PreviousMistake => {
                vec![(key(Modifiers::SHIFT, Key::ArrowLeft), Window)]
            }
            UserCommand::DatabaseWindow => vec![(key(CMD | Modifiers::SHIFT, Key::D), Window)],
            UserCommand::Manual => vec![(key(NONE, Key::F1), Window)],
            UserCommand::SearchPosition => vec![(key(CMD | Modifiers::SHIFT, Key::F), Window)],
            UserCommand::ShowPanel(Panel::Tree) => {
                vec![(key(CMD | Modifiers::SHIFT, Key::T), Window)]
            }
            UserCommand::Revert
            | UserCommand::Export
            | UserCommand::Event
            | UserCommand::CopyFen
            | UserCommand::CopyPgn
            | UserCommand::CopyDhtmlxq
            | UserCommand::Paste
            | UserCommand::SetUpPosition
            | UserCommand::PositionFromPicture
            | UserCommand::ContinueAsAnalysis
            | UserCommand::PlayComputer
            | UserCommand::EngineMatch
            | UserCommand::Engines
            | UserCommand::CloudDatabase
            | UserCommand::ReviewGame
            | UserCommand::Analysis
            | UserCommand::EvaluationGraph
            | UserCommand::EngineArrows
            | UserCommand::Flip
            | UserCommand::Fold(_)
            | UserCommand::ShowPanel(_)
            | UserCommand::SearchPositionMirror
            | UserCommand::Puzzles
            | UserCommand::Window(_) => Vec::new(),
        }
    }

    /// Whether it can be given now (a menu item is greyed out otherwise).
    pub fn enabled(self, session: &Session) -> bool {
        let on_move = session.cursor() != session.game().root();
        match self {
            UserCommand::Undo => session.can_undo(),
            UserCommand::Redo => session.can_redo(),
            UserCommand::TakeBack => on_move,
            UserCommand::ContinueAsAnalysis => session.game_over(),
            UserCommand::Revert => session.tie().is_some() && session.dirty(),
            UserCommand::Mark(_)
            | UserCommand::Evaluate(_)
            | UserCommand::PromoteLine
            | UserCommand::DemoteLine
            | UserCommand::DeleteMove => on_move,
            UserCommand::ReviewGame => session.game().move_count() > 0,
            UserCommand::NextMistake => next_critical(session.game(), session.cursor()).is_some(),
            UserCommand::PreviousMistake => {
                previous_critical(session.game(), session.cursor()).is_some()
            }
            _ => true,
        }
    }

    /// For a command that turns something on or off, whether it is on (the menu shows it ticked).
    pub fn checked(self, session: &Session) -> Option<bool> {
        match self {
            UserCommand::ShowPanel(panel) => Some(session.layout().shown(panel)),
            UserCommand::EngineArrows => Some(session.layout().engine_arrows),
            UserCommand::Flip => Some(session.flipped()),
            UserCommand::Fold(mode) => Some(session.folds().mode() == mode),
            _ => None,
        }
    }

    /// Whether the command is one of several choices, one of which is on at a time (the fold
    /// modes), rather than something turned on or off by itself.
    pub fn is_one_of_several(self) -> bool {
        matches!(self, UserCommand::Fold(_))
    }

    /// The command it gives on the session as it is.
    pub fn command(self, session: &Session) -> Command {
        let node = session.cursor();
        match self {
            UserCommand::NewGame => SessionCommand::NewGame.into(),
            UserCommand::Open => AppCommand::PickFile(Purpose::Open, Start::GameFolder).into(),
            UserCommand::Save => AppCommand::Save.into(),
            UserCommand::SaveAs => AppCommand::SaveAs.into(),
            UserCommand::Revert => AppCommand::Revert.into(),
            UserCommand::Export => AppCommand::Open(WindowId::Export).into(),
            UserCommand::Event => AppCommand::Open(WindowId::Event).into(),
            UserCommand::CopyFen => AppCommand::CopyFen.into(),
            UserCommand::CopyPgn => AppCommand::CopyPgn.into(),
            UserCommand::CopyDhtmlxq => AppCommand::CopyDhtmlxq.into(),
            UserCommand::Quit => AppCommand::Quit.into(),
            UserCommand::TakeBack => SessionCommand::TakeBack.into(),
            UserCommand::Undo => SessionCommand::Undo.into(),
            UserCommand::Redo => SessionCommand::Redo.into(),
            UserCommand::SetUpPosition => AppCommand::Open(WindowId::Setup).into(),
            UserCommand::PositionFromPicture => {
                AppCommand::PickFile(Purpose::Picture, Start::GameFolder).into()
            }
            UserCommand::ContinueAsAnalysis => SessionCommand::ContinueAsAnalysis.into(),
            UserCommand::PlayComputer => AppCommand::Open(WindowId::Play).into(),
            UserCommand::EngineMatch => AppCommand::Open(WindowId::Match).into(),
            UserCommand::Engines => AppCommand::Open(WindowId::Engines).into(),
            UserCommand::CloudDatabase => AppCommand::Open(WindowId::Cloud).into(),
            UserCommand::ReviewGame => AppCommand::Open(WindowId::Review).into(),
            UserCommand::NextMistake => {
                SessionCommand::GoTo(next_critical(session.game(), node).unwrap_or(node)).into()
            }
            UserCommand::PreviousMistake => {
                SessionCommand::GoTo(previous_critical(session.game(), node).unwrap_or(node)).into()
            }
            UserCommand::Analysis => AppCommand::ToggleAnalysis.into(),
            UserCommand::EvaluationGraph => AppCommand::ToggleEvalGraph.into(),
            UserCommand::Flip => SessionCommand::Flip.into(),
            UserCommand::Fold(mode) => SessionCommand::SetFoldMode(mode).into(),
            UserCommand::FoldHere(open) => {
                let at = nearest_branch(session.game(), node).unwrap_or(session.game().root());
                SessionCommand::SetFold(at, open).into()
            }
            UserCommand::EngineArrows => {
                let layout = session.layout();
                SessionCommand::SetLayout(Layout {
                    engine_arrows: !layout.engine_arrows,
                    ..layout
                })
                .into()
            }
            UserCommand::ShowPanel(panel) => {
                let layout = session.layout();
                SessionCommand::SetLayout(layout.with_shown(panel, !layout.shown(panel))).into()
            }
            UserCommand::First => SessionCommand::First.into(),
            UserCommand::Back => SessionCommand::Back.into(),
            UserCommand::Forward => SessionCommand::Forward.into(),
            UserCommand::Last => SessionCommand::Last.into(),
            UserCommand::Mark(mark) => SessionCommand::SetMark(node, mark).into(),
            UserCommand::Evaluate(e) => SessionCommand::SetEvaluation(node, e).into(),
            UserCommand::PromoteLine => SessionCommand::PromoteLine(node).into(),
            UserCommand::DemoteLine => SessionCommand::DemoteLine(node).into(),
            UserCommand::DeleteMove => SessionCommand::DeleteFrom(node).into(),
            UserCommand::Paste => AppCommand::RequestPaste.into(),
            UserCommand::Palette => AppCommand::Open(WindowId::Palette).into(),
            UserCommand::Manual => AppCommand::Open(WindowId::Manual).into(),
            UserCommand::DatabaseWindow => Command::Database(DatabaseCommand::ShowWindow),
            UserCommand::SearchPosition => {
                Command::Database(DatabaseCommand::SearchPosition { mirror: false })
            }
            UserCommand::SearchPositionMirror => {
                Command::Database(DatabaseCommand::SearchPosition { mirror: true })
            }
            UserCommand::Puzzles => AppCommand::Open(WindowId::Puzzles).into(),
            UserCommand::Window(id) => AppCommand::Open(id).into(),
        }
    }

    /// The commands whose shortcuts were pressed in `scope`, taken from the input so that no
    /// widget sees them too. Shortcuts with more modifiers are tried first (Ctrl+Shift+Z before
    /// Ctrl+Z, which would match it as well).
    pub fn pressed(input: &mut eframe::egui::InputState, scope: Scope) -> Vec<UserCommand> {
        let mut table: Vec<(KeyboardShortcut, UserCommand)> = UserCommand::all()
            .into_iter()
            .flat_map(|c| {
                c.shortcuts()
                    .into_iter()
                    .filter(move |&(_, s)| s == scope)
                    .map(move |(k, _)| (k, c))
            })
            .collect();
        table.sort_by_key(|(k, _)| std::cmp::Reverse(modifier_count(k.modifiers)));
        table
            .into_iter()
            .filter(|(k, _)| input.consume_shortcut(k))
            .map(|(_, c)| c)
            .collect()
    }

    /// True when `query` finds this command in the palette: every word of it appears in the
    /// label in `lang` or in English (ignoring case).
    pub fn matches(self, query: &str, lang: Language) -> bool {
        let haystack = format!(
            "{} {}",
            self.label(lang).to_lowercase(),
            self.label(Language::English).to_lowercase()
        );
        query
            .to_lowercase()
            .split_whitespace()
            .all(|word| haystack.contains(word))
    }
}

fn modifier_count(m: Modifiers) -> u8 {
    u8::from(m.alt) + u8::from(m.ctrl || m.command || m.mac_cmd) + u8::from(m.shift)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn no_two_commands_share_a_shortcut_in_one_place() {
        // The two scopes of the move box are active together.
        let mut seen: HashMap<(Modifiers, Key, bool), UserCommand> = HashMap::new();
        for command in UserCommand::all() {
            for (shortcut, scope) in command.shortcuts() {
                let key = (
                    shortcut.modifiers,
                    shortcut.logical_key,
                    scope == Scope::Window,
                );
                if let Some(other) = seen.insert(key, command) {
                    panic!("{command:?} and {other:?} both use {shortcut:?} in {scope:?}");
                }
            }
        }
        assert!(seen.len() > 30, "{} shortcuts", seen.len());
    }

    #[test]
    fn every_command_has_a_label_in_each_language() {
        for command in UserCommand::all() {
            let labels: Vec<String> = Language::ALL.iter().map(|&l| command.label(l)).collect();
            assert!(labels.iter().all(|l| !l.trim().is_empty()), "{command:?}");
        }
    }

    #[test]
    fn the_palette_finds_commands_by_words_in_either_language() {
        let find = |q: &str, lang| -> Vec<UserCommand> {
            UserCommand::all()
                .into_iter()
                .filter(|c| c.matches(q, lang))
                .collect()
        };
        assert_eq!(find("save as", Language::English), [UserCommand::SaveAs]);
        assert_eq!(
            find("悔棋", Language::SimplifiedChinese),
            [UserCommand::TakeBack]
        );
        assert!(find("flip", Language::TraditionalChinese).contains(&UserCommand::Flip));
        assert!(find("zzz", Language::English).is_empty());
    }
}
