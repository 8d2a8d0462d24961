//! Training > Puzzles…: a set read from a record file or folder, the personal set of one's own
//! mistakes or the games listed in the database window, trained one puzzle at a time on the
//! board. The user plays the side that solves; the opponent's replies come from the solution.
//! A move other than the solution's goes to the built-in engine on a thread of its own
//! ([`PuzzleWorker::judge`]): accepted when as good (then the solution goes on from the
//! engine's line), taken back otherwise. Hints (the piece, then the move), Show solution and
//! Next; each finished try is kept in the progress file, whose FSRS schedule chooses the next
//! puzzle (due ones first, then new ones in the set's order).

use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use crate::engine::Line;
use crate::lang::Language;
use crate::puzzles::{Attempt, Goal, Pick, PickKind, Progress, Puzzle, PuzzleSet, Trial, Verdict};
use crate::record::{Game, NodeId};
use crate::rules::{kind_name, Move};

use crate::ui::base::command::app_command::AppCommand;
use crate::ui::base::command::notification::{Level, Notification, Source};
use crate::ui::base::command::origin::Origin;
use crate::ui::base::command::outbox::{Arrival, Outbox};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::base::command::{Command, GameToShow};
use crate::ui::base::session::Session;
use crate::ui::workers::puzzle_worker::{PuzzleAnswer, PuzzleSource, PuzzleWorker};

mod view;

/// The name of the progress file, in the folder of the settings.
pub const PROGRESS_FILE: &str = "puzzles.sqlite";

/// The personal set of one's own mistakes, `puzzles/my-mistakes.pgn` in Qipu's data folder
/// `data_folder`.
pub fn personal_set(data_folder: &Path) -> PathBuf {
    data_folder.join("puzzles").join("my-mistakes.pgn")
}

/// What the trainer says of the puzzle on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Message {
    YourMove,
    Correct,
    Refused,
    /// The move the game's side played where the puzzle starts: refused without the engine
    /// (the review found it lost `loss` centipawns, when the set keeps it), at the game's
    /// move `round`.
    GameMove {
        round: usize,
        loss: Option<i32>,
    },
    Accepted,
    Stopped,
    /// Solved: as it was counted (at the first try, after a hint, or after a wrong move,
    /// which counts as missed).
    Solved(Attempt),
    Shown,
}

impl Message {
    fn text(self, lang: Language) -> String {
        match self {
            Message::YourMove => lang.pick("Your move.", "请走棋。", "請走棋。").to_owned(),
            Message::Correct => lang.pick("Correct.", "正确。", "正確。").to_owned(),
            Message::Refused => lang
                .pick(
                    "Not the solution: try again.",
                    "不是正解，再试一次。",
                    "不是正解，再試一次。",
                )
                .to_owned(),
            Message::GameMove { round, loss } => game_move_text(round, loss, lang),
            Message::Accepted => lang
                .pick(
                    "Not the book's move, but as good: the engine replies.",
                    "不是原谱着法，但同样好：由引擎应着。",
                    "不是原譜著法，但同樣好：由引擎應著。",
                )
                .to_owned(),
            Message::Stopped => lang
                .pick(
                    "The check was stopped: play a move again.",
                    "检验已停止，请重新走棋。",
                    "檢驗已停止，請重新走棋。",
                )
                .to_owned(),
            Message::Solved(Attempt::Solved) => {
                lang.pick("Solved!", "解对了！", "解對了！").to_owned()
            }
            Message::Solved(Attempt::SolvedWithHint) => lang
                .pick(
                    "Solved, with a hint.",
                    "解对了，用了提示。",
                    "解對了，用了提示。",
                )
                .to_owned(),
            Message::Solved(Attempt::Failed) => lang
                .pick(
                    "Solved, but not at the first try: counted as missed.",
                    "解出来了，但不是一次解对：记为未解对。",
                    "解出來了，但不是一次解對：記為未解對。",
                )
                .to_owned(),
            Message::Shown => lang
                .pick(
                    "The solution is on the board.",
                    "正解已摆上棋盘。",
                    "正解已擺上棋盤。",
                )
                .to_owned(),
        }
    }
}

/// "That is the move played in the game (move 12): it lost 450 centipawns. Try again." The
/// loss in centipawns, as the review window sets its thresholds.
fn game_move_text(round: usize, loss: Option<i32>, lang: Language) -> String {
    let played = match lang {
        Language::English => format!("That is the move played in the game (move {round})"),
        Language::SimplifiedChinese => format!("这是实战中走的着法（第 {round} 回合）"),
        Language::TraditionalChinese => format!("這是實戰中走的著法（第 {round} 回合）"),
    };
    let lost = loss.map_or_else(String::new, |cp| match lang {
        Language::English => format!(": it lost {cp} centipawns"),
        Language::SimplifiedChinese => format!("，损失 {cp} 分"),
        Language::TraditionalChinese => format!("，損失 {cp} 分"),
    });
    let again = lang.pick(". Try again.", "。再试一次。", "。再試一次。");
    format!("{played}{lost}{again}")
}

/// Where the puzzle on the board stands.
enum Phase {
    /// Its start has been asked of the session, not yet seen on the board.
    Showing,
    /// The solver is to move at `Current::at`.
    SolverToMove,
    /// The engine judges the move that led to `node`.
    Judging {
        /// The session's node of the move judged.
        node: NodeId,
        /// The search.
        worker: PuzzleWorker,
    },
    /// The opponent's reply has been asked of the session, not yet seen on the board.
    Replying(Move),
    /// Solved, or the solution shown.
    Over,
}

/// The puzzle on the board.
struct Current {
    index: usize,
    kind: PickKind,
    /// The node of the puzzle's game at the position on the board; `None` once the solution
    /// was left for the engine's line.
    book: Option<NodeId>,
    /// Off the book: the engine's move for the solver next.
    engine_next: Option<Move>,
    /// The session's node of the position the solver is to move in.
    at: NodeId,
    /// The solver's moves left in the solution.
    left: u32,
    /// Whether the solution mates.
    mate: bool,
    hints: u8,
    failed: bool,
    recorded: bool,
    phase: Phase,
    message: Message,
}

/// Tell the user `text` from the trainer, through `outbox`.
fn tell(outbox: &Outbox, level: Level, text: String) {
    let told = Notification::new(level, Source::Window(WindowId::Puzzles), text);
    outbox.send(AppCommand::Notify(told));
}

/// The trainer: the set, the progress file, the puzzle on the board.
pub struct PuzzleTrainer {
    path_text: String,
    personal: Option<PathBuf>,
    progress: Option<Progress>,
    set: Option<PuzzleSet>,
    ids: Vec<i64>,
    loading: Option<PuzzleWorker>,
    current: Option<Current>,
    /// The time the schedule is read at; `None`: the system's clock (tests set it).
    clock: Option<DateTime<Utc>>,
    /// Where the background work's answers are sent.
    outbox: Outbox,
}

impl PuzzleTrainer {
    /// The trainer keeping its progress in `folder` (the folder of the settings; `None`: in
    /// memory only), with the personal set of one's mistakes at `personal` and the set last
    /// opened from a file or folder, `last`, offered.
    pub fn new(
        folder: Option<&Path>,
        personal: Option<PathBuf>,
        last: Option<&Path>,
        outbox: Outbox,
    ) -> PuzzleTrainer {
        let opened = match folder {
            Some(folder) => Progress::open(&folder.join(PROGRESS_FILE)),
            None => Progress::in_memory(),
        };
        let progress = match opened {
            Ok(p) => Some(p),
            Err(e) => {
                tell(&outbox, Level::Error, e.to_string());
                None
            }
        };
        PuzzleTrainer {
            path_text: last.map_or_else(String::new, |p| p.display().to_string()),
            personal,
            progress,
            set: None,
            ids: Vec::new(),
            loading: None,
            current: None,
            clock: None,
            outbox,
        }
    }

    /// Read the schedule at `now` from here on, not at the system's time.
    pub fn set_clock(&mut self, now: DateTime<Utc>) {
        self.clock = Some(now);
    }

    fn now(&self) -> DateTime<Utc> {
        self.clock.unwrap_or_else(Utc::now)
    }

    /// Read the set of `source` in the background; the first puzzle follows.
    fn load(&mut self, source: PuzzleSource) {
        self.loading = Some(PuzzleWorker::load(&self.outbox, source));
    }

    /// The folder Browse… starts in: the one typed (or the typed file's), else the personal
    /// set's, else the working folder.
    fn folder(&self) -> PathBuf {
        let typed = PathBuf::from(self.path_text.trim());
        let typed = if typed.is_dir() {
            Some(typed)
        } else {
            typed.parent().filter(|p| p.is_dir()).map(Path::to_owned)
        };
        typed
            .or_else(|| {
                let personal = self.personal.as_deref().and_then(Path::parent);
                personal.filter(|p| p.is_dir()).map(Path::to_owned)
            })
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default()
    }

    /// The file or folder typed in, once a set was opened from it (the settings keep it).
    pub fn opened_path(&self) -> Option<PathBuf> {
        let text = self.path_text.trim();
        (self.set.is_some() && !text.is_empty()).then(|| PathBuf::from(text))
    }

    /// The index in the set of the puzzle on the board.
    pub fn current_index(&self) -> Option<usize> {
        self.current.as_ref().map(|c| c.index)
    }

    /// Whether work runs in the background (a set read, a move judged).
    pub fn busy(&self) -> bool {
        self.loading.is_some()
            || self
                .current
                .as_ref()
                .is_some_and(|c| matches!(c.phase, Phase::Judging { .. }))
    }

    fn puzzle(&self) -> Option<&Puzzle> {
        let current = self.current.as_ref()?;
        self.set.as_ref()?.puzzles.get(current.index)
    }

    /// Keep the try at the puzzle on the board, once.
    fn record(&mut self, attempt: Attempt) {
        let now = self.now();
        let Some(id) = self.puzzle().map(|p| p.id) else {
            return;
        };
        let Some(current) = self.current.as_mut() else {
            return;
        };
        if current.recorded {
            return;
        }
        current.recorded = true;
        if let Some(progress) = self.progress.as_mut() {
            if let Err(e) = progress.record(id, attempt, now) {
                tell(&self.outbox, Level::Error, e.to_string());
            }
        }
    }

    /// The next puzzle by the schedule, put on the board.
    fn next(&mut self, session: &Session, commands: &mut Vec<Command>) {
        let now = self.now();
        let pick = match self.progress.as_ref().map(|p| p.pick(&self.ids, now)) {
            Some(Ok(pick)) => pick,
            Some(Err(e)) => {
                tell(&self.outbox, Level::Error, e.to_string());
                None
            }
            // No progress file: the set in its order.
            None => {
                let index = self.current.as_ref().map_or(0, |c| c.index + 1);
                (index < self.ids.len()).then_some(Pick {
                    index,
                    kind: PickKind::New,
                })
            }
        };
        let Some(pick) = pick else {
            self.current = None;
            return;
        };
        let Some(puzzle) = self.set.as_ref().and_then(|s| s.puzzles.get(pick.index)) else {
            return;
        };
        let mut start = Game::new(puzzle.game.start().clone());
        *start.tags_mut() = puzzle.game.tags().clone();
        // The set's result is the solution's: the game on the board goes on.
        start.set_ending(None);
        self.current = Some(Current {
            index: pick.index,
            kind: pick.kind,
            book: Some(puzzle.game.root()),
            engine_next: None,
            at: session.game().root(),
            left: puzzle.solver_moves_from(puzzle.game.root()),
            mate: puzzle.ends_in_mate(),
            hints: 0,
            failed: false,
            recorded: false,
            phase: Phase::Showing,
            message: Message::YourMove,
        });
        commands.push(SessionCommand::ShowGame(GameToShow::new(start, Origin::Puzzle)).into());
    }

    /// The move the solver is expected to play: the solution's, or the engine's off it.
    fn expected(&self) -> Option<Move> {
        let current = self.current.as_ref()?;
        match current.book {
            Some(node) => {
                let game = &self.puzzle()?.game;
                game.children(node).first().and_then(|&n| game.move_of(n))
            }
            None => current.engine_next,
        }
    }

    /// A background job's answer (a set read, a move judged), pushing what the session must do:
    /// the first puzzle's start, the opponent's reply, a refused move taken back. An answer of
    /// work given up is left.
    pub fn arrived(&mut self, arrival: Arrival, session: &Session) -> Vec<Command> {
        let mut commands = Vec::new();
        let loading = self.loading.as_ref().map(PuzzleWorker::job);
        if loading == Some(arrival.job()) {
            self.loading = None;
            if let Some(PuzzleAnswer::Set(read)) = arrival.open(loading) {
                self.set_read(read, session, &mut commands);
            }
            return commands;
        }
        let Some(current) = self.current.as_mut() else {
            return commands;
        };
        let Phase::Judging { node, worker } = &current.phase else {
            return commands;
        };
        let node = *node;
        let Some(PuzzleAnswer::Verdict(verdict)) = arrival.open(Some(worker.job())) else {
            return commands;
        };
        match verdict {
            Some(Verdict::Accepted { reply, next }) => {
                current.book = None;
                current.engine_next = next;
                current.at = node;
                current.left = current.left.saturating_sub(1);
                current.message = Message::Accepted;
                self.reply_or_finish(reply, &mut commands);
            }
            Some(Verdict::Refused) => {
                current.message = Message::Refused;
                current.phase = Phase::SolverToMove;
                commands.push(SessionCommand::DeleteFrom(node).into());
                self.missed();
            }
            None => {
                current.message = Message::Stopped;
                current.phase = Phase::SolverToMove;
                commands.push(SessionCommand::DeleteFrom(node).into());
            }
        }
        commands
    }

    /// The set read, or why not: its first puzzle is shown.
    fn set_read(
        &mut self,
        read: Result<PuzzleSet, String>,
        session: &Session,
        commands: &mut Vec<Command>,
    ) {
        match read {
            Ok(set) if set.puzzles.is_empty() => {
                let none = session
                    .lang()
                    .pick("no puzzle in it", "其中没有习题", "其中沒有習題");
                tell(&self.outbox, Level::Warning, format!("{}: {none}", set.name));
            }
            Ok(set) => {
                self.ids = set.puzzles.iter().map(|p| p.id).collect();
                self.set = Some(set);
                self.current = None;
                self.next(session, commands);
            }
            Err(why) => tell(&self.outbox, Level::Error, why),
        }
    }

    /// Follow the board, pushing what the session must do: the puzzle's start, the opponent's
    /// replies, a move to judge.
    fn follow_puzzle(&mut self, session: &Session, commands: &mut Vec<Command>) {
        let game = session.game();
        let cursor = session.cursor();
        let Some(start) = self.puzzle().map(|p| p.game.start().clone()) else {
            return;
        };
        let expected = self.expected();
        let played = self.puzzle().and_then(Puzzle::game_mistake);
        let Some(current) = self.current.as_mut() else {
            return;
        };
        match &current.phase {
            Phase::Showing => {
                if *game.start() == start && game.move_count() == 0 {
                    current.at = game.root();
                    current.phase = Phase::SolverToMove;
                }
            }
            Phase::SolverToMove => {
                if game.parent(cursor) != Some(current.at) {
                    return;
                }
                let Some(mv) = game.move_of(cursor) else {
                    return;
                };
                if current.book.is_some() && Some(mv) == expected {
                    self.book_move(cursor, commands);
                    return;
                }
                if let Some(mistake) = played.filter(|m| m.mv == mv && current.at == game.root()) {
                    // The review already found it lost: no engine to ask.
                    current.message = Message::GameMove {
                        round: mistake.ply.div_ceil(2),
                        loss: mistake.loss,
                    };
                    commands.push(SessionCommand::DeleteFrom(cursor).into());
                    self.missed();
                    return;
                }
                let Ok(line) = Line::new(start, game.moves_to(current.at)) else {
                    return;
                };
                let trial = Trial {
                    line,
                    tried: mv,
                    expected,
                    goal: if current.mate {
                        Goal::Mate(current.left)
                    } else {
                        Goal::Score
                    },
                };
                current.phase = Phase::Judging {
                    node: cursor,
                    worker: PuzzleWorker::judge(&self.outbox, trial, session.rules()),
                };
            }
            Phase::Judging { .. } | Phase::Over => {}
            Phase::Replying(mv) => {
                if game.parent(cursor) != Some(current.at) || game.move_of(cursor) != Some(*mv) {
                    return;
                }
                current.at = cursor;
                current.phase = Phase::SolverToMove;
                let Some(book) = current.book else {
                    return;
                };
                // The reply was the book's: the book follows it, and a solution that ends
                // with it is solved.
                let puzzle = self.set.as_ref().and_then(|s| s.puzzles.get(current.index));
                current.book = puzzle.and_then(|p| p.game.children(book).first().copied());
                let ended = current
                    .book
                    .is_some_and(|b| puzzle.is_some_and(|p| p.game.children(b).is_empty()));
                if ended {
                    self.finish();
                }
            }
        }
    }

    /// The solver played the book's move, now at `node` of the session's game.
    fn book_move(&mut self, node: NodeId, commands: &mut Vec<Command>) {
        let Some(set) = self.set.as_ref() else {
            return;
        };
        let Some(current) = self.current.as_mut() else {
            return;
        };
        let Some(game) = set.puzzles.get(current.index).map(|p| &p.game) else {
            return;
        };
        let played = current.book.and_then(|b| game.children(b).first().copied());
        current.book = played;
        current.at = node;
        current.left = current.left.saturating_sub(1);
        current.message = Message::Correct;
        let reply = played
            .and_then(|n| game.children(n).first())
            .and_then(|&n| game.move_of(n));
        self.reply_or_finish(reply, commands);
    }

    /// After the solver's move: the opponent's reply asked of the session, or the puzzle
    /// solved (no reply, or no move of the solver's left).
    fn reply_or_finish(&mut self, reply: Option<Move>, commands: &mut Vec<Command>) {
        let Some(current) = self.current.as_mut() else {
            return;
        };
        let done = match reply {
            None => true,
            // Off the book, a puzzle that is no mate ends with the solution's length.
            Some(_) => current.book.is_none() && !current.mate && current.left == 0,
        };
        match reply {
            Some(mv) if !done => {
                current.phase = Phase::Replying(mv);
                commands.push(SessionCommand::TryMove(mv).into());
            }
            _ => self.finish(),
        }
    }

    /// A move refused: the try fails, counted now, when the verdict is said (a try is kept
    /// once: solving it after this changes nothing).
    fn missed(&mut self) {
        if let Some(current) = self.current.as_mut() {
            current.failed = true;
        }
        self.record(Attempt::Failed);
    }

    /// The puzzle solved: the try kept (failed if a move was refused on the way), and said as
    /// it was counted.
    fn finish(&mut self) {
        let Some(current) = self.current.as_mut() else {
            return;
        };
        current.phase = Phase::Over;
        let attempt = if current.failed {
            Attempt::Failed
        } else if current.hints > 0 {
            Attempt::SolvedWithHint
        } else {
            Attempt::Solved
        };
        current.message = Message::Solved(attempt);
        self.record(attempt);
    }

    /// A hint: first the piece to move (selected on the board), then the move.
    fn hint(&mut self, session: &Session, commands: &mut Vec<Command>) {
        let Some(mv) = self.expected() else {
            return;
        };
        let Some(current) = self.current.as_mut() else {
            return;
        };
        current.hints = (current.hints + 1).min(2);
        if current.hints == 1 && session.cursor() == current.at {
            commands.push(SessionCommand::Select(Some(mv.from)).into());
        }
    }

    /// The hint's text, when one was asked for.
    fn hint_text(&self, session: &Session) -> Option<String> {
        let current = self.current.as_ref()?;
        if current.hints == 0 || !matches!(current.phase, Phase::SolverToMove) {
            return None;
        }
        let mv = self.expected()?;
        let lang = session.lang();
        let position = session.game().position(current.at);
        let piece = position.piece_at(mv.from)?;
        Some(if current.hints == 1 {
            format!(
                "{}{}",
                lang.pick("Hint: move the ", "提示：走", "提示：走"),
                kind_name(piece.kind, lang)
            )
        } else {
            format!(
                "{}{}",
                lang.pick("Hint: play ", "提示：", "提示："),
                session.move_style().write(position, mv)
            )
        })
    }

    /// Show the whole solution (comments and variations) on the board, at its end (what the
    /// trainer then says is what the board shows; the record and the arrow keys step back
    /// through it): the try fails.
    fn show_solution(&mut self, commands: &mut Vec<Command>) {
        let Some(game) = self.puzzle().map(|p| p.game.clone()) else {
            return;
        };
        if let Some(current) = self.current.as_mut() {
            current.phase = Phase::Over;
            current.message = Message::Shown;
        }
        self.missed();
        // The session keeps the game's nodes as they are: the end is the same node there.
        let end = game.main_line_end();
        commands.push(SessionCommand::ShowGame(GameToShow::new(game, Origin::Puzzle)).into());
        commands.push(SessionCommand::GoTo(end).into());
    }
}
