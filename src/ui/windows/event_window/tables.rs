//! The Event window's tables: players, a round's pairings with their results, the standings
//! and the crosstable.

use std::collections::HashMap;

use eframe::egui;

use crate::lang::Language;
use crate::tournament::event::{Entrant, Event, PlayerId};
use crate::tournament::teams::{colour_on_board, squad};
use crate::tournament::{export, BoardResult};

use crate::ui::base::command::event_command::{Change, EventCommand};
use crate::ui::base::session::Session;

use super::forms::PlayerForm;

/// The registered players, each with Edit and Withdraw.
pub fn players(
    ui: &mut egui::Ui,
    event: &Event,
    lang: Language,
    form: &mut PlayerForm,
    asked: &mut Vec<EventCommand>,
) {
    ui.label(format!(
        "{} · {} {}",
        event.settings.system.title(lang),
        event.players.len(),
        lang.pick("players", "名棋手", "名棋手")
    ));
    let team = event.is_team_event();
    egui::Grid::new("players").striped(true).show(ui, |ui| {
        ui.strong(lang.pick("No", "序号", "序號"));
        ui.strong(lang.pick("Name", "姓名", "姓名"));
        ui.strong(lang.pick("Rating", "等级分", "等級分"));
        ui.strong(if team {
            lang.pick("Team", "队名", "隊名")
        } else {
            lang.pick("Club", "单位", "單位")
        });
        ui.strong("");
        ui.end_row();
        for (id, p) in event.players.iter().enumerate() {
            ui.label((id + 1).to_string());
            ui.label(&p.name);
            ui.label(p.rating.map(|r| r.to_string()).unwrap_or_default());
            ui.label(if team { &p.team } else { &p.club });
            ui.horizontal(|ui| {
                if ui
                    .button(lang.pick("Edit", "修改", "修改"))
                    .on_hover_text(&p.name)
                    .clicked()
                {
                    *form = PlayerForm::editing(event, id);
                }
                match p.withdrawn_after_round {
                    Some(r) => {
                        ui.label(match lang {
                            Language::English => format!("withdrew after round {r}"),
                            Language::SimplifiedChinese => format!("第 {r} 轮后退赛"),
                            Language::TraditionalChinese => format!("第 {r} 輪後退賽"),
                        });
                    }
                    None => {
                        if ui
                            .button(lang.pick("Withdraw", "退赛", "退賽"))
                            .on_hover_text(&p.name)
                            .clicked()
                        {
                            asked.push(EventCommand::Change(Change::Withdraw(p.name.clone())));
                        }
                    }
                }
            });
            ui.end_row();
        }
    });
}

/// How a result reads in the table.
fn shown(result: BoardResult) -> &'static str {
    match result {
        BoardResult::Draw => "½-½",
        other => other.token(),
    }
}

/// "Round 5, board 3" in `lang`.
fn board_name(round: u32, board: u32, lang: Language) -> String {
    match lang {
        Language::English => format!("board {board} of round {round}"),
        Language::SimplifiedChinese => format!("第 {round} 轮第 {board} 台"),
        Language::TraditionalChinese => format!("第 {round} 輪第 {board} 臺"),
    }
}

/// A round's pairing table: each board's result with Change, or buttons to enter it by a click
/// or from the game on the board; and Pair next round. The board being corrected
/// (`correcting`) offers the other results, From the board, Clear and Cancel.
pub fn rounds(
    ui: &mut egui::Ui,
    event: &Event,
    lang: Language,
    session: &Session,
    shown_round: &mut u32,
    correcting: &mut Option<(u32, u32)>,
    asked: &mut Vec<EventCommand>,
) {
    let last = event.rounds.len() as u32;
    round_picker(ui, lang, last, shown_round, asked);
    let number = if *shown_round == 0 {
        last
    } else {
        *shown_round
    };
    let Some(round) = event.round(number) else {
        ui.label(lang.pick(
            "No round has been paired yet.",
            "尚未编排任何轮次。",
            "尚未編排任何輪次。",
        ));
        return;
    };
    let has_game = session.game().main_line_end() != session.game().root()
        || session.game().result().is_some();
    ui.strong(match lang {
        Language::English => format!("Round {number}"),
        Language::SimplifiedChinese => format!("第 {number} 轮"),
        Language::TraditionalChinese => format!("第 {number} 輪"),
    });
    egui::Grid::new("pairings").striped(true).show(ui, |ui| {
        ui.strong(lang.pick("Board", "台次", "臺次"));
        ui.strong(lang.pick("Red", "红方", "紅方"));
        ui.strong(lang.pick("Result", "结果", "結果"));
        ui.strong(lang.pick("Black", "黑方", "黑方"));
        ui.end_row();
        for g in round.games() {
            ui.label(g.board.to_string());
            ui.label(&event.players[g.red].name);
            let name = board_name(number, g.board, lang);
            let board = Board {
                round: number,
                board: g.board,
                name: &name,
                has_game,
            };
            result_cell(ui, lang, &board, g.result, correcting, asked);
            ui.label(&event.players[g.black].name);
            ui.end_row();
        }
    });
    if let Some(bye) = round.bye {
        ui.label(format!(
            "{} {}",
            lang.pick("Bye:", "轮空：", "輪空："),
            event.entrant_name(bye)
        ));
    }
}

/// Pair next round, and which round is shown (0: the last, `last`).
fn round_picker(
    ui: &mut egui::Ui,
    lang: Language,
    last: u32,
    shown_round: &mut u32,
    asked: &mut Vec<EventCommand>,
) {
    ui.horizontal(|ui| {
        if ui
            .button(lang.pick("Pair next round", "编排下一轮", "編排下一輪"))
            .clicked()
        {
            *shown_round = 0;
            asked.push(EventCommand::Change(Change::Pair));
        }
        if last > 0 {
            let label = ui.label(lang.pick("Round shown", "显示轮次", "顯示輪次"));
            let mut r = if *shown_round == 0 {
                last
            } else {
                *shown_round
            };
            ui.add(egui::DragValue::new(&mut r).range(1..=last))
                .labelled_by(label.id);
            *shown_round = if r == last { 0 } else { r };
        }
    });
}

/// A board's result: the buttons to record one, the result with Change…, or, while it is
/// being corrected, the results to put in its place.
fn result_cell(
    ui: &mut egui::Ui,
    lang: Language,
    board: &Board<'_>,
    result: Option<BoardResult>,
    correcting: &mut Option<(u32, u32)>,
    asked: &mut Vec<EventCommand>,
) {
    match result {
        Some(r) if *correcting == Some((board.round, board.board)) => {
            ui.horizontal(|ui| correction(ui, lang, board, r, correcting, asked));
        }
        Some(r) => {
            ui.horizontal(|ui| {
                ui.strong(shown(r));
                if ui
                    .small_button(lang.pick("Change…", "更改…", "更改…"))
                    .on_hover_text(format!(
                        "{} {}",
                        lang.pick("Correct the result of", "更正结果：", "更正結果："),
                        board.name
                    ))
                    .clicked()
                {
                    *correcting = Some((board.round, board.board));
                }
            });
        }
        None => {
            ui.horizontal(|ui| result_buttons(ui, lang, board, None, asked));
        }
    }
}

/// The result `r` being corrected: the others to put in its place, Clear and Cancel.
fn correction(
    ui: &mut egui::Ui,
    lang: Language,
    board: &Board<'_>,
    r: BoardResult,
    correcting: &mut Option<(u32, u32)>,
    asked: &mut Vec<EventCommand>,
) {
    ui.strong(shown(r));
    ui.label("›");
    result_buttons(ui, lang, board, Some(r), asked);
    if ui
        .small_button(lang.pick("Clear", "清除", "清除"))
        .on_hover_text(format!(
            "{} {}",
            lang.pick(
                "Take back the result of",
                "撤销此结果：",
                "撤銷此結果："
            ),
            board.name
        ))
        .clicked()
    {
        asked.push(EventCommand::Change(Change::Correct {
            round: board.round,
            board: board.board,
            result: None,
            report: None,
        }));
    }
    if ui
        .small_button(lang.pick("Cancel", "取消", "取消"))
        .clicked()
    {
        *correcting = None;
    }
}

/// A board of the round shown, for its result buttons.
struct Board<'a> {
    round: u32,
    board: u32,
    /// "board 2 of round 1".
    name: &'a str,
    /// The game on the board has moves or a result to take.
    has_game: bool,
}

/// The results to click (all but `current`, the one a correction replaces) and From the board.
fn result_buttons(
    ui: &mut egui::Ui,
    lang: Language,
    b: &Board<'_>,
    current: Option<BoardResult>,
    asked: &mut Vec<EventCommand>,
) {
    let replace = current.is_some();
    for r in BoardResult::ALL {
        if Some(r) == current {
            continue;
        }
        if ui.small_button(shown(r)).clicked() {
            asked.push(EventCommand::Change(if replace {
                Change::Correct {
                    round: b.round,
                    board: b.board,
                    result: Some(r),
                    report: None,
                }
            } else {
                Change::Result {
                    round: b.round,
                    board: b.board,
                    result: r,
                    report: None,
                }
            }));
        }
    }
    let tip = format!(
        "{} {}",
        lang.pick(
            "Record the result of the game on the board (wherever the board stands in it) to",
            "把棋盘上对局（无论停在哪一步）的结果记入",
            "把棋盤上對局（無論停在哪一步）的結果記入"
        ),
        b.name
    );
    if ui
        .add_enabled(
            b.has_game,
            egui::Button::new(lang.pick("From the board", "取自棋盘", "取自棋盤")).small(),
        )
        .on_hover_text(&tip)
        .on_disabled_hover_text(lang.pick(
            "The board holds no game",
            "棋盘上没有对局",
            "棋盤上沒有對局",
        ))
        .clicked()
    {
        asked.push(EventCommand::RecordGame {
            round: b.round,
            board: b.board,
            replace,
        });
    }
}

/// The standings with the tie-breaks of the article that applies (15).
pub fn standings(ui: &mut egui::Ui, event: &Event, lang: Language) {
    let team = event.is_team_event();
    egui::Grid::new("standings").striped(true).show(ui, |ui| {
        for head in [
            lang.pick("Rank", "名次", "名次"),
            lang.pick("Name", "姓名", "姓名"),
            lang.pick("Score", "积分", "積分"),
            lang.pick("Played", "局数", "局數"),
            lang.pick("Wins", "胜局", "勝局"),
            lang.pick("SB", "小分", "小分"),
            lang.pick("Buchholz", "对手分", "對手分"),
            lang.pick("Direct", "直胜", "直勝"),
            lang.pick("Fouls", "犯规", "犯規"),
        ] {
            ui.strong(head);
        }
        if team {
            ui.strong(lang.pick("Game points", "局分", "局分"));
        }
        ui.end_row();
        for s in export::table(event) {
            ui.label(s.rank.to_string());
            ui.label(&s.name);
            ui.label(s.score.to_string());
            ui.label(s.played.to_string());
            ui.label(s.wins.to_string());
            ui.label(s.tiebreaks.sonneborn_berger.to_string());
            ui.label(s.tiebreaks.buchholz.to_string());
            ui.label(s.tiebreaks.direct.to_string());
            ui.label(s.tiebreaks.fouls.to_string());
            if team {
                ui.label(s.game_points.map(|g| g.to_string()).unwrap_or_default());
            }
            ui.end_row();
        }
    });
}

/// The crosstable: for each player and round the opponent's number, the colour and the mark.
pub fn crosstable(ui: &mut egui::Ui, event: &Event, lang: Language) {
    egui::Grid::new("crosstable").striped(true).show(ui, |ui| {
        ui.strong(lang.pick("No", "序号", "序號"));
        ui.strong(lang.pick("Name", "姓名", "姓名"));
        for r in &event.rounds {
            ui.strong(r.number.to_string());
        }
        ui.end_row();
        for (i, (name, cells)) in export::crosstable(event).into_iter().enumerate() {
            ui.label((i + 1).to_string());
            ui.label(name);
            for c in cells {
                ui.label(c);
            }
            ui.end_row();
        }
    });
}

/// Line-ups being chosen, by round and team: the players, board 1 first.
pub type Lineups = HashMap<(u32, Entrant), Vec<PlayerId>>;

/// A team event's line-ups for the round shown (12.1–12.3): for each team of a match without a
/// result yet, a player chosen for every board, and Set line-up; the event's board-order rule
/// decides what is allowed and a refusal says why.
pub fn lineups(
    ui: &mut egui::Ui,
    event: &Event,
    lang: Language,
    shown_round: u32,
    drafts: &mut Lineups,
    asked: &mut Vec<EventCommand>,
) {
    let last = event.rounds.len() as u32;
    let number = if shown_round == 0 { last } else { shown_round };
    let Some(round) = event.round(number).filter(|_| event.is_team_event()) else {
        return;
    };
    let open: Vec<_> = round
        .matches
        .iter()
        .filter(|m| m.games.iter().all(|g| g.result.is_none()))
        .collect();
    if open.is_empty() {
        return;
    }
    ui.separator();
    ui.strong(lang.pick("Line-ups", "出场名单", "出場名單"));
    for m in open {
        for (team, first) in [(m.first, true), (m.second, false)] {
            let fielded: Vec<PlayerId> = m
                .games
                .iter()
                .enumerate()
                .map(|(k, g)| g.player(colour_on_board(first, k as u32 + 1)))
                .collect();
            let draft = drafts
                .entry((number, team))
                .or_insert_with(|| fielded.clone());
            let players = squad(event, team, number);
            let name = event.entrant_name(team);
            ui.horizontal_wrapped(|ui| {
                ui.label(&name);
                for (k, chosen) in draft.iter_mut().enumerate() {
                    let label = ui.label(format!("{}", k + 1));
                    egui::ComboBox::from_id_salt(("lineup", number, team, k))
                        .selected_text(&event.players[*chosen].name)
                        .show_ui(ui, |ui| {
                            for &p in &players {
                                ui.selectable_value(chosen, p, &event.players[p].name);
                            }
                        })
                        .response
                        .labelled_by(label.id);
                }
                let changed = *draft != fielded;
                if ui
                    .add_enabled(
                        changed,
                        egui::Button::new(lang.pick("Set line-up", "确定名单", "確定名單")),
                    )
                    .on_hover_text(&name)
                    .clicked()
                {
                    asked.push(EventCommand::Change(Change::Lineup {
                        round: number,
                        team: name.clone(),
                        players: draft
                            .iter()
                            .map(|&p| event.players[p].name.clone())
                            .collect(),
                    }));
                }
            });
        }
    }
}
