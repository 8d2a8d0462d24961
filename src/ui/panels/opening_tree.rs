//! The opening tree beside the board (開局樹): every move played from the position shown in the
//! open database, in the record's notation, with its games and how they ended (Red wins, draws,
//! Black wins, as numbers and as a bar); clicking a move plays it on the board, and the tree
//! follows the new position. Below them, the cloud database's moves ([`CloudLines`]), once the
//! user has turned the cloud on.

use eframe::egui::{self, Align, Color32, Layout, RichText};

use crate::database::TreeMove;
use crate::lang::Language;
use crate::rules::Move;

use crate::ui::base::command::session_command::SessionCommand;
use crate::ui::base::command::Command;
use crate::ui::base::numbers::group_digits;
use crate::ui::base::session::Session;
use crate::ui::panels::cloud_lines::CloudLines;
use crate::ui::panels::opening_name;
use crate::ui::widgets::busy;
use crate::ui::widgets::move_text;

const RED: Color32 = Color32::from_rgb(200, 40, 30);
const DRAW: Color32 = Color32::from_rgb(170, 170, 170);
const BLACK: Color32 = Color32::from_rgb(40, 40, 40);

/// What the opening tree panel draws from.
pub struct TreeView<'a> {
    /// A database is open.
    pub open: bool,
    /// The moves from the position on the board, or why not; `None` while looked up.
    pub answer: Option<Result<&'a [TreeMove], &'a str>>,
}

/// The columns: the move, its games, and Red wins / draws / Black wins over their bar.
const MOVE_WIDTH: f32 = 68.0;
const GAMES_WIDTH: f32 = 42.0;
const SCORE_WIDTH: f32 = 92.0;
/// Draw the tree in its side panel ([`crate::ui::base::layout::Panel::Tree`]): the database's
/// moves, then the cloud's; the move clicked is pushed onto `commands`.
pub fn contents(
    ui: &mut egui::Ui,
    view: &TreeView<'_>,
    cloud: &mut CloudLines,
    session: &Session,
    commands: &mut Vec<Command>,
) {
    let lang = session.lang();
    ui.heading(lang.pick("Opening tree", "开局树", "開局樹"));
    // With the cloud on, the database's moves leave it room below them.
    let room = if cloud.settings().sends() {
        ui.available_height() * 0.55
    } else {
        f32::INFINITY
    };
    database_moves(ui, view, room, session, commands);
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("opening-tree-cloud")
        .auto_shrink([false, true])
        .show(ui, |ui| cloud.tree(ui, session, commands));
}

/// The database's moves, in at most `room` of height.
fn database_moves(
    ui: &mut egui::Ui,
    view: &TreeView<'_>,
    room: f32,
    session: &Session,
    commands: &mut Vec<Command>,
) {
    let lang = session.lang();
    if !view.open {
        ui.label(lang.pick(
            "Open a game database (Database menu) to see the moves played here.",
            "打开棋谱库（棋谱库菜单）即可看到此局面下走过的着法。",
            "開啟棋譜庫（棋譜庫選單）即可看到此局面下走過的著法。",
        ));
        return;
    }
    match view.answer {
        None => {
            busy::line(ui, lang.pick("Looking up…", "正在查找…", "正在尋找…"), None);
        }
        Some(Err(reason)) => {
            ui.label(RichText::new(reason).color(RED));
        }
        Some(Ok([])) => {
            ui.label(lang.pick(
                "No game of the database continues from this position.",
                "棋谱库中没有从此局面继续的对局。",
                "棋譜庫中沒有從此局面繼續的對局。",
            ));
        }
        Some(Ok(moves)) => moves_table(ui, moves, room, session, commands),
    }
}

fn moves_table(
    ui: &mut egui::Ui,
    moves: &[TreeMove],
    room: f32,
    session: &Session,
    commands: &mut Vec<Command>,
) {
    let lang = session.lang();
    let total: u64 = moves.iter().map(|m| m.games).sum();
    let continuing = lang.pick(
        if total == 1 {
            "game continues from here"
        } else {
            "games continue from here"
        },
        "局从此局面继续",
        "局從此局面繼續",
    );
    ui.label(format!("{} {continuing}", group_digits(total)));
    ui.horizontal(|ui| {
        header(ui, MOVE_WIDTH, lang.pick("Move", "着法", "著法"));
        header(ui, GAMES_WIDTH, lang.pick("Games", "局数", "局數"));
        header(
            ui,
            SCORE_WIDTH,
            lang.pick("Red/draw/Black", "红胜/和/黑胜", "紅勝/和/黑勝"),
        );
    });
    let position = session.position();
    let height = ui.spacing().interact_size.y;
    egui::ScrollArea::vertical()
        .id_salt("opening-tree-moves")
        .auto_shrink([false, !room.is_infinite()])
        .max_height(room)
        .show(ui, |ui| {
            for m in moves {
                let text = session.move_style().write(position, m.mv);
                ui.horizontal(|ui| {
                    let clicked = fixed(ui, MOVE_WIDTH, height, |ui| {
                        // Abbreviated moves keep their strokes (7.5), as in the record.
                        move_text::button(ui, false, &text, 14.0, egui::Vec2::ZERO)
                            .on_hover_text(with_opening(details(m, lang), session, m.mv))
                            .clicked()
                    });
                    if clicked {
                        commands.push(SessionCommand::TryMove(m.mv).into());
                    }
                    fixed(ui, GAMES_WIDTH, height, |ui| {
                        ui.label(RichText::new(m.games.to_string()).small())
                    });
                    score(ui, m, height);
                });
            }
        });
}

/// A move's details, and the opening it leads to from the moves on the board, where the ECCO
/// table knows it.
fn with_opening(details: String, session: &Session, mv: Move) -> String {
    match opening_name::of_next(session.game(), session.cursor(), mv, session.lang()) {
        Some(opening) => format!("{details}\n{opening}"),
        None => details,
    }
}

fn header(ui: &mut egui::Ui, width: f32, text: &str) {
    let height = ui.spacing().interact_size.y;
    fixed(ui, width, height, |ui| {
        ui.label(RichText::new(text).small().weak())
    });
}

fn fixed<R>(ui: &mut egui::Ui, width: f32, height: f32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    ui.allocate_ui_with_layout(
        egui::vec2(width, height),
        Layout::left_to_right(Align::Center),
        |ui| {
            ui.set_width(width);
            add(ui)
        },
    )
    .inner
}

/// Red wins, draws and Black wins as numbers over a thin bar in proportion (games of unknown
/// result left out of the bar).
fn score(ui: &mut egui::Ui, m: &TreeMove, height: f32) {
    let response = fixed(ui, SCORE_WIDTH, height, |ui| {
        ui.label(RichText::new(format!("{}/{}/{}", m.red_wins, m.draws, m.black_wins)).small())
    });
    let known = (m.red_wins + m.draws + m.black_wins) as f32;
    let rect = egui::Rect::from_min_size(
        egui::pos2(response.rect.left(), response.rect.bottom() + 1.0),
        egui::vec2(SCORE_WIDTH - 8.0, 3.0),
    );
    if known == 0.0 {
        ui.painter().rect_stroke(
            rect,
            0.0,
            egui::Stroke::new(1.0, DRAW),
            egui::StrokeKind::Inside,
        );
        return;
    }
    let mut left = rect.left();
    for (count, colour) in [(m.red_wins, RED), (m.draws, DRAW), (m.black_wins, BLACK)] {
        let width = rect.width() * count as f32 / known;
        let part = egui::Rect::from_min_size(
            egui::pos2(left, rect.top()),
            egui::vec2(width, rect.height()),
        );
        ui.painter().rect_filled(part, 0.0, colour);
        left += width;
    }
}

/// "12 games: Red wins 5 (42%), draws 4, Black wins 3; average rating 2450".
fn details(m: &TreeMove, lang: Language) -> String {
    let percent = |n: u64| (n * 100 + m.games / 2) / m.games.max(1);
    let rating = m.average_rating.map_or_else(String::new, |r| {
        format!(
            "{}{r:.0}",
            lang.pick("; average rating ", "；平均等级分 ", "；平均等級分 ")
        )
    });
    match lang {
        Language::English => format!(
            "{} games: Red wins {} ({}%), draws {} ({}%), Black wins {} ({}%){rating}",
            m.games,
            m.red_wins,
            percent(m.red_wins),
            m.draws,
            percent(m.draws),
            m.black_wins,
            percent(m.black_wins)
        ),
        Language::SimplifiedChinese => format!(
            "{} 局：红胜 {}（{}%），和 {}（{}%），黑胜 {}（{}%）{rating}",
            m.games,
            m.red_wins,
            percent(m.red_wins),
            m.draws,
            percent(m.draws),
            m.black_wins,
            percent(m.black_wins)
        ),
        Language::TraditionalChinese => format!(
            "{} 局：紅勝 {}（{}%），和 {}（{}%），黑勝 {}（{}%）{rating}",
            m.games,
            m.red_wins,
            percent(m.red_wins),
            m.draws,
            percent(m.draws),
            m.black_wins,
            percent(m.black_wins)
        ),
    }
}
