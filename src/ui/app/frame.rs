//! One frame of the window: the panels around the board, the board, the windows over it and
//! the questions, then the commands gathered applied.

use eframe::egui;

use crate::ui::app::side_panels::{self, Part};
use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::layout::Panel;
use crate::ui::panels::opening_tree::TreeView;
use crate::ui::panels::{clock_panel, opening_tree, record_panel, status, transcribe_panel};
use crate::ui::platform::quiet_input;
use crate::ui::platform::quiet_input::QuietZone;
use crate::ui::widgets::board::{self, BoardView};
use crate::ui::windows::database_window::DatabaseWindow;
use crate::ui::windows::puzzle_window::PuzzleTrainer;
use crate::ui::windows::question::Question;
use crate::ui::windows::{Place, Shown, BESIDE_WIDTH};

use super::QipuApp;

impl QipuApp {
    /// Draw the window and apply what the user asked for.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let mut commands = self.begin_frame(&ctx);
        self.panels(ui, &mut commands);
        self.central(ui, &mut commands);
        self.windows_over(ui, &mut commands);
        self.end_frame(&ctx, commands);
    }

    /// Before anything is drawn: the time, what came through the outbox (the background
    /// work's results), the close button, the parts that follow the board, and the keys
    /// (unless a question or a window takes them).
    fn begin_frame(&mut self, ctx: &egui::Context) -> Vec<Command> {
        // The time moves on before anything is drawn: a flag that fell shows in this frame.
        self.apply(ctx, SessionCommand::Tick);
        // What was sent from outside a frame (background results, the file dialogs).
        for command in self.post.inbox.take() {
            self.apply(ctx, command);
        }
        let mut commands = Vec::new();
        if ctx.input(|i| i.viewport().close_requested())
            && self.session.dirty()
            && !self.talk.closing
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.ask(Question::Discard(None));
        }
        self.follow_board(ctx);
        self.reading_note(ctx);
        if !self.asking() && self.files.waiting.is_none() {
            self.pictures_given(ctx, &mut commands);
        }
        if !self.asking() && !self.windows.take_keys() && self.files.waiting.is_none() {
            self.keyboard(ctx, &mut commands);
        }
        commands
    }

    /// The menu bar, the status line and the side panels.
    fn panels(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui, commands));
        let layout = self.session.layout();
        egui::Panel::bottom("status")
            .exact_size(status::height(layout.detail_open))
            .resizable(false)
            .show(ui, |ui| {
                let said = self.talk.notifications.said(ui.ctx());
                status::show(ui, &self.session, said, commands);
            });
        let beside = self.beside_board(ui, commands);
        let [desk, record, tree] = layout.fit(ctx.content_rect().width() - beside);
        side_panels::show(
            ui,
            &self.session,
            Panel::Record,
            record,
            false,
            commands,
            |ui, _, commands| record_panel::show(ui, &self.session, commands),
        );
        // The controls of a game in progress are pinned: the clock's offers and resignation,
        // the computer's buttons and whether it thinks.
        let playing = self.parts.computer.is_some() || clock_panel::playing(&self.session);
        side_panels::show(
            ui,
            &self.session,
            Panel::Desk,
            desk,
            playing,
            commands,
            |ui, part, commands| match part {
                Part::Scrolled => {
                    transcribe_panel::show(ui, &self.session, commands);
                    ui.separator();
                    clock_panel::show(ui, &self.session, commands);
                    if let Some(computer) = &self.parts.computer {
                        ui.separator();
                        computer.show(ui, &self.session);
                    }
                }
                Part::Pinned => {
                    clock_panel::actions(ui, &self.session, commands);
                    if let Some(computer) = &mut self.parts.computer {
                        computer.controls(ui, &self.session, commands);
                    }
                }
            },
        );
        let closed = TreeView {
            open: false,
            answer: None,
        };
        let view = self
            .windows
            .get::<DatabaseWindow>()
            .map_or(closed, |database| {
                database.tree_view(self.session.position())
            });
        side_panels::show(
            ui,
            &self.session,
            Panel::Tree,
            tree,
            false,
            commands,
            |ui, _, commands| {
                let cloud = self.parts.analysis.cloud_mut();
                opening_tree::contents(ui, &view, cloud, &self.session, commands)
            },
        );
    }

    /// The windows drawn beside the board (the puzzle trainer), in a panel of their own at
    /// the window's right edge; returns the panel's width (0 when none is open).
    fn beside_board(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) -> f32 {
        if !self.windows.any_at(Place::Beside) {
            return 0.0;
        }
        let width = BESIDE_WIDTH.min(ui.ctx().content_rect().width() * 0.4);
        let database = self.database();
        let listed = database.location().map(|at| {
            (
                at.to_owned(),
                database.rows().iter().map(|f| f.id).collect::<Vec<_>>(),
            )
        });
        let shown = Shown {
            session: &self.session,
            engines: &self.settings.engines,
            recent: &self.settings.recent,
            listed: listed
                .as_ref()
                .map(|(at, ids)| (at.as_str(), ids.as_slice())),
        };
        let windows = &mut self.windows;
        egui::Panel::right("beside the board")
            .exact_size(width)
            .resizable(false)
            .show(ui, |ui| windows.show(ui, Place::Beside, &shown, commands));
        width
    }

    /// Between the side panels: the analysis and the evaluation graph under the board, and the
    /// board (or the setup editor in its place).
    fn central(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        egui::CentralPanel::default().show(ui, |ui| {
            // Under the board, inside the space between the side panels (a panel of the whole
            // window would draw its edge across them).
            if self.parts.analysis.is_open() {
                egui::Panel::bottom("analysis").show(ui, |ui| {
                    self.parts.analysis.show(ui, &self.session, commands);
                });
            }
            if self.parts.graph.is_open() {
                egui::Panel::bottom("evaluation graph").show(ui, |ui| {
                    self.parts.graph.show(ui, &self.session, commands);
                });
            }
            if self.windows.any_at(Place::Board) {
                let shown = Shown {
                    session: &self.session,
                    engines: &self.settings.engines,
                    recent: &self.settings.recent,
                    listed: None,
                };
                self.windows.show(ui, Place::Board, &shown, commands);
                return;
            }
            let destinations = self.session.destinations();
            let drawing = self.session.drawing();
            let engine_lines = self.parts.analysis.arrows(&self.session);
            let view = BoardView {
                position: self.session.position(),
                flipped: self.session.flipped(),
                selected: self.session.selected(),
                destinations: &destinations,
                last_move: self.session.last_move(),
                drawing: &drawing,
                engine_lines: &engine_lines,
            };
            commands.extend(board::show(ui, &view).map(Command::from));
        });
    }

    /// Over the main window: the question asked, the system's file chooser while it is open,
    /// the windows open, the database's window and the last file error.
    fn windows_over(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let ctx = &ui.ctx().clone();
        self.waiting_note(ctx);
        self.escape_closes(ctx);
        let shown = Shown {
            session: &self.session,
            engines: &self.settings.engines,
            recent: &self.settings.recent,
            listed: None,
        };
        self.windows.show(ui, Place::Over, &shown, commands);
        if let Some(path) = self
            .windows
            .get::<PuzzleTrainer>()
            .and_then(PuzzleTrainer::opened_path)
        {
            self.settings.puzzle_set = Some(path);
        }
        let lang = self.session.lang();
        self.talk.notifications.show_box(ctx, lang);
    }

    /// Escape closes the window opened last, else the database window, else the puzzle
    /// trainer; not while a question, a message, a dialog or an open list has the key first.
    fn escape_closes(&mut self, ctx: &egui::Context) {
        if self.asking()
            || self.talk.notifications.boxed()
            || self.files.waiting.is_some()
            || self.windows.take_keys()
            || ctx.any_popup_open()
            || ctx.memory(|m| m.top_modal_layer().is_some())
            || !ctx.input(|i| i.key_pressed(egui::Key::Escape))
        {
            return;
        }
        if self.windows.close_last() {
            ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
        }
    }

    /// Apply what the user asked for, then the title and the zone where the pointer's input
    /// changes nothing drawn.
    fn end_frame(&mut self, ctx: &egui::Context, commands: Vec<Command>) {
        // What the user asked for is drawn in this frame rather than the next: egui lays the
        // window out again before painting, so a click costs one frame drawn (on a software
        // rasteriser a frame is what takes the time).
        if !commands.is_empty() {
            ctx.request_discard("the session changed");
        }
        for command in commands {
            self.apply(ctx, command);
        }
        let title = self.title();
        if title != self.display.title {
            self.display.title.clone_from(&title);
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title));
        }
        if let Some(zone) = &self.display.quiet {
            quiet_input::publish(zone, QuietZone::after_pass(ctx));
        }
    }

    /// The parts that follow the board: the computer's engines (a search started when one is
    /// to move), the puzzle trainer (its replies), the analysis (a new position searched) and
    /// the evaluation graph (an edit's scores dropped) and the opening tree (the position
    /// looked up).
    fn follow_board(&mut self, ctx: &egui::Context) {
        let tree = self.session.layout().shown(Panel::Tree);
        if let Some(database) = self.windows.get_mut::<DatabaseWindow>() {
            database.show_tree(tree);
        }
        if let Some(computer) = self.parts.computer.as_mut() {
            computer.follow_board(&self.session);
        }
        let mut asked = Vec::new();
        self.windows.follow(&self.session, &mut asked);
        for command in asked {
            self.apply(ctx, command);
        }
        self.parts.analysis.follow(&self.session);
        self.parts.graph.follow(&self.session);
    }
}
