//! Drawing the puzzle trainer: where the puzzles come from, the puzzle on the board and its
//! buttons.

use std::path::PathBuf;

use eframe::egui;

use crate::lang::Language;
use crate::puzzles::{Finish, PickKind, Puzzle};

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::file_purpose::{Purpose, Start};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::session::Session;
use crate::ui::base::words::counted;
use crate::ui::widgets::busy;
use crate::ui::windows::{Opening, Opens, Place, Shown, Window, WindowMessage};
use crate::ui::workers::puzzle_worker::PuzzleSource;

use super::{personal_set, Current, Message, Phase, PuzzleTrainer};

impl Window for PuzzleTrainer {
    /// Draw the trainer in its panel beside the board; false once closed.
    fn show(&mut self, ui: &mut egui::Ui, shown: &Shown<'_>, commands: &mut Vec<Command>) -> bool {
        let session = shown.session;
        let lang = session.lang();
        let mut open = true;
        ui.horizontal(|ui| {
            ui.heading(WindowId::Puzzles.title(lang));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let close = lang.pick("Close", "关闭", "關閉");
                if ui.small_button("×").on_hover_text(close).clicked() {
                    open = false;
                }
            });
        });
        egui::ScrollArea::vertical()
            .id_salt("puzzles")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                self.sources(ui, lang, shown.listed, commands);
                ui.separator();
                self.puzzle_part(ui, session, commands);
            });
        open
    }

    fn place(&self) -> Place {
        Place::Beside
    }

    fn follow(&mut self, session: &Session, commands: &mut Vec<Command>) {
        self.follow_puzzle(session, commands);
    }

    fn receive(&mut self, message: WindowMessage, session: &Session, commands: &mut Vec<Command>) {
        match message {
            WindowMessage::Arrived(_, arrival) => commands.extend(self.arrived(arrival, session)),
            WindowMessage::PuzzleSet(path) => {
                self.path_text = path.display().to_string();
                self.load(PuzzleSource::Path(path));
            }
            WindowMessage::Export(_) | WindowMessage::Event(_) | WindowMessage::Database(_) => {}
        }
    }
}

impl Opens for PuzzleTrainer {
    /// The trainer keeping its progress in the data folder, with the personal set in it and
    /// the set last opened offered.
    fn open(opening: &Opening<'_>) -> PuzzleTrainer {
        PuzzleTrainer::new(
            opening.data_folder,
            opening.data_folder.map(personal_set),
            opening.settings.puzzle_set.as_deref(),
            opening.outbox.clone(),
        )
    }
}

impl PuzzleTrainer {
    /// Where the set comes from: a file or folder typed or chosen (Browse… asks the app's file
    /// chooser), My mistakes, or the games the database lists. The field takes the panel's
    /// width and its buttons the line below, so a path can be read at any window size.
    fn sources(
        &mut self,
        ui: &mut egui::Ui,
        lang: Language,
        listed: Option<(&str, &[i64])>,
        commands: &mut Vec<Command>,
    ) {
        let label = ui.label(lang.pick("File or folder", "文件或文件夹", "檔案或資料夾"));
        let field = ui
            .add(egui::TextEdit::singleline(&mut self.path_text).desired_width(f32::INFINITY))
            .labelled_by(label.id);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let path = self.path_text.trim().to_owned();
        ui.horizontal(|ui| {
            if ui
                .button(lang.pick("Browse…", "浏览…", "瀏覽…"))
                .clicked()
            {
                commands.push(AppCommand::PickFile(Purpose::PuzzleSet, Start::At(self.folder())).into());
            }
            let open = ui.add_enabled(
                !path.is_empty(),
                egui::Button::new(lang.pick("Open", "打开", "開啟")),
            );
            if !path.is_empty() && (entered || open.clicked()) {
                self.load(PuzzleSource::Path(PathBuf::from(path)));
            }
        });
        ui.horizontal_wrapped(|ui| {
            if let Some(personal) = self.personal.clone() {
                if ui
                    .add_enabled(
                        personal.exists(),
                        egui::Button::new(lang.pick("My mistakes", "我的失误", "我的失誤")),
                    )
                    .clicked()
                {
                    self.load(PuzzleSource::Path(personal));
                }
            }
            let (location, ids) = listed.unwrap_or(("", &[]));
            let text = format!(
                "{} ({})",
                lang.pick(
                    "Games listed in the database",
                    "棋谱库列出的对局",
                    "棋譜庫列出的對局"
                ),
                ids.len()
            );
            if ui
                .add_enabled(!ids.is_empty(), egui::Button::new(text))
                .clicked()
            {
                self.load(PuzzleSource::Database {
                    location: location.to_owned(),
                    ids: ids.to_vec(),
                });
            }
        });
        let reading = lang.pick("Reading the set…", "正在读取题集…", "正在讀取題集…");
        if self.loading.is_some() && busy::line(ui, reading, Some(lang)) {
            self.loading = None;
        }
    }

    fn puzzle_part(&mut self, ui: &mut egui::Ui, session: &Session, commands: &mut Vec<Command>) {
        let lang = session.lang();
        let Some(set) = &self.set else {
            ui.label(lang.pick(
                "Open a set: a record file or a folder of them.",
                "请打开题集：一个棋谱文件或一个文件夹。",
                "請開啟題集：一個棋譜檔案或一個資料夾。",
            ));
            return;
        };
        let now = self.now();
        let (due, new) = self
            .progress
            .as_ref()
            .and_then(|p| p.counts(&self.ids, now).ok())
            .unwrap_or((0, self.ids.len()));
        let count = match lang {
            Language::English => counted(set.puzzles.len(), "puzzle", "puzzles"),
            _ => format!("{} {}", set.puzzles.len(), lang.pick("", "题", "題")),
        };
        ui.label(format!(
            "{} · {count} · {} {} · {} {}",
            set.name,
            lang.pick("due", "到期", "到期"),
            due,
            lang.pick("new", "新题", "新題"),
            new
        ));
        let Some(puzzle) = self.puzzle() else {
            ui.label(lang.pick(
                "Nothing left to train.",
                "没有要练的题了。",
                "沒有要練的題了。",
            ));
            return;
        };
        let Some(current) = self.current.as_ref() else {
            return;
        };
        self.about_puzzle(ui, lang, puzzle, current);
        let judging = matches!(current.phase, Phase::Judging { .. });
        let over = matches!(current.phase, Phase::Over);
        // The buttons above what the trainer says: a message or a hint added never moves them.
        self.buttons(ui, session, over || judging, over, commands);
        self.state_line(ui, session, judging, commands);
    }

    /// The puzzle's number and title, its goal, why it was picked and the user's tries.
    fn about_puzzle(&self, ui: &mut egui::Ui, lang: Language, puzzle: &Puzzle, current: &Current) {
        ui.strong(format!("{} {}", current.index + 1, puzzle.title()));
        ui.label(goal(puzzle, lang));
        ui.label(match current.kind {
            PickKind::Due => lang.pick("Due for review", "到期复习", "到期複習"),
            PickKind::New => lang.pick("New", "新题", "新題"),
            PickKind::Early => lang.pick(
                "Reviewed early: nothing is due",
                "提前复习：没有到期的题",
                "提前複習：沒有到期的題",
            ),
        });
        let tries = self
            .progress
            .as_ref()
            .and_then(|p| p.attempts(puzzle.id).ok());
        // Always a line, so that the first try counted moves nothing below it.
        if let Some((tried, solved)) = tries {
            ui.label(match lang {
                Language::English => format!("Tried {tried}, solved {solved}"),
                Language::SimplifiedChinese => format!("做过 {tried} 次，解对 {solved} 次"),
                Language::TraditionalChinese => format!("做過 {tried} 次，解對 {solved} 次"),
            });
        }
    }

    /// What the trainer says, or the engine judging the move (its Stop takes the move back),
    /// and the hint given.
    fn state_line(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        judging: bool,
        commands: &mut Vec<Command>,
    ) {
        let lang = session.lang();
        if judging {
            let doing = lang.pick(
                "The engine is checking your move…",
                "引擎正在检验你的着法…",
                "引擎正在檢驗你的著法…",
            );
            if busy::line(ui, doing, Some(lang)) {
                if let Some(c) = self.current.as_mut() {
                    if let Phase::Judging { node, .. } = c.phase {
                        commands.push(SessionCommand::DeleteFrom(node).into());
                    }
                    c.phase = Phase::SolverToMove;
                    c.message = Message::Stopped;
                }
            }
        } else if let Some(current) = &self.current {
            ui.label(current.message.text(lang));
        }
        if let Some(hint) = self.hint_text(session) {
            ui.label(hint);
        }
    }

    /// Hint, Show solution and Next.
    fn buttons(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        busy_or_over: bool,
        over: bool,
        commands: &mut Vec<Command>,
    ) {
        let lang = session.lang();
        ui.horizontal(|ui| {
            let can_hint = !busy_or_over && self.expected().is_some();
            if ui
                .add_enabled(
                    can_hint,
                    egui::Button::new(lang.pick("Hint", "提示", "提示")),
                )
                .clicked()
            {
                self.hint(session, commands);
            }
            if ui
                .add_enabled(
                    !over,
                    egui::Button::new(lang.pick("Show solution", "显示正解", "顯示正解")),
                )
                .clicked()
            {
                self.show_solution(commands);
            }
            if ui.button(lang.pick("Next", "下一题", "下一題")).clicked() {
                self.next(session, commands);
            }
        });
    }
}

/// What the solver has to do, named by how the solution ends: mate in n, a win in n by
/// stalemate (which loses, 4.1.3: no mate, but the game is won as surely), or the best line.
fn goal(puzzle: &Puzzle, lang: Language) -> String {
    let side = puzzle.solver().name(lang);
    let moves = puzzle.solver_moves_from(puzzle.game.root());
    match (puzzle.finish(), lang) {
        (Finish::Mate, Language::English) => format!("{side} to move and mate in {moves}"),
        (Finish::Mate, Language::SimplifiedChinese) => format!("{side}先，{moves} 步杀"),
        (Finish::Mate, Language::TraditionalChinese) => format!("{side}先，{moves} 步殺"),
        (Finish::Stalemate, Language::English) => {
            format!("{side} to move and win in {moves} by stalemate")
        }
        (Finish::Stalemate, Language::SimplifiedChinese) => format!("{side}先，{moves} 步困毙"),
        (Finish::Stalemate, Language::TraditionalChinese) => format!("{side}先，{moves} 步困斃"),
        (Finish::Advantage, Language::English) => format!("{side} to move: find the best line"),
        (Finish::Advantage, Language::SimplifiedChinese) => format!("{side}先：找出最佳着法"),
        (Finish::Advantage, Language::TraditionalChinese) => format!("{side}先：找出最佳著法"),
    }
}
