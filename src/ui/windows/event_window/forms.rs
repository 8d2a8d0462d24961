//! The Event window's forms: a new event's settings, and a player's registration.

use eframe::egui;

use crate::lang::Language;
use crate::tournament::event::{Event, EventSettings, Player, PlayerId, System};

use crate::ui::base::command::event_command::{Change, EventCommand};

/// The settings of the event to create.
#[derive(Clone, Debug)]
pub struct NewEventForm {
    /// The event's name.
    pub name: String,
    system: System,
    rounds: u32,
    /// Boards of a team match (0: an individual event).
    team_boards: u32,
    double_elimination: bool,
    knockout_games: u32,
}

impl Default for NewEventForm {
    fn default() -> Self {
        NewEventForm {
            name: String::new(),
            system: System::Swiss,
            rounds: 7,
            team_boards: 0,
            double_elimination: false,
            knockout_games: 1,
        }
    }
}

impl NewEventForm {
    /// The event the form describes.
    pub fn event(&self) -> Event {
        let settings = EventSettings {
            system: self.system,
            rounds: (self.system == System::Swiss).then_some(self.rounds.max(1)),
            team_boards: (self.team_boards > 0).then_some(self.team_boards),
            double_elimination: self.system == System::Knockout && self.double_elimination,
            knockout_games: self.knockout_games.clamp(1, 2),
            ..EventSettings::default()
        };
        Event::new(self.name.trim(), settings)
    }

    /// Draw the form.
    pub fn show(&mut self, ui: &mut egui::Ui, lang: Language, asked: &mut Vec<EventCommand>) {
        ui.heading(lang.pick("A new event", "新赛事", "新賽事"));
        egui::Grid::new("new-event").num_columns(2).show(ui, |ui| {
            let label = ui.label(lang.pick("Event name", "赛事名称", "賽事名稱"));
            ui.add(egui::TextEdit::singleline(&mut self.name))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label(lang.pick("System", "赛制", "賽制"));
            egui::ComboBox::from_id_salt("system")
                .selected_text(self.system.title(lang))
                .show_ui(ui, |ui| {
                    for s in [
                        System::Swiss,
                        System::RoundRobin,
                        System::DoubleRoundRobin,
                        System::Groups,
                        System::Knockout,
                    ] {
                        ui.selectable_value(&mut self.system, s, s.title(lang));
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            if self.system == System::Swiss {
                let label = ui.label(lang.pick("Rounds", "轮数", "輪數"));
                ui.add(egui::DragValue::new(&mut self.rounds).range(1..=30))
                    .labelled_by(label.id);
                ui.end_row();
            }
            if self.system == System::Knockout {
                let label = ui.label(lang.pick("Games a match", "每场局数", "每場局數"));
                ui.add(egui::DragValue::new(&mut self.knockout_games).range(1..=2))
                    .labelled_by(label.id);
                ui.end_row();
                ui.label("");
                ui.checkbox(
                    &mut self.double_elimination,
                    lang.pick("Double elimination", "双败淘汰", "雙敗淘汰"),
                );
                ui.end_row();
            }
            let label = ui.label(lang.pick(
                "Boards a team match (0: individual event)",
                "团体每场台数（0：个人赛）",
                "團體每場臺數（0：個人賽）",
            ));
            ui.add(egui::DragValue::new(&mut self.team_boards).range(0..=12))
                .labelled_by(label.id);
            ui.end_row();
        });
        let ready = !self.name.trim().is_empty();
        if ui
            .add_enabled(
                ready,
                egui::Button::new(lang.pick("Create…", "创建…", "建立…")),
            )
            .clicked()
        {
            asked.push(EventCommand::New);
        }
    }
}

/// A player's registration being written: a new player, or a correction of `editing`.
#[derive(Clone, Debug, Default)]
pub struct PlayerForm {
    /// The player corrected (`None`: a new one).
    pub editing: Option<PlayerId>,
    name: String,
    rating: String,
    club: String,
    team: String,
    registration: String,
}

impl PlayerForm {
    /// The form filled with player `id`'s registration, to correct it.
    pub fn editing(event: &Event, id: PlayerId) -> PlayerForm {
        let p = &event.players[id];
        PlayerForm {
            editing: Some(id),
            name: p.name.clone(),
            rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
            club: p.club.clone(),
            team: p.team.clone(),
            registration: p.registration.clone(),
        }
    }

    /// Draw the form; Add or Save (or Enter in the name) gives the change.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        event: &Event,
        lang: Language,
        asked: &mut Vec<EventCommand>,
    ) {
        ui.strong(match self.editing {
            Some(id) => format!(
                "{} {}",
                lang.pick("Correct player", "修改棋手", "修改棋手"),
                id + 1
            ),
            None => lang.pick("Add a player", "添加棋手", "新增棋手").to_owned(),
        });
        let rating_ok = self.rating.trim().is_empty() || self.rating.trim().parse::<u32>().is_ok();
        let mut entered = false;
        egui::Grid::new("player-form")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(lang.pick("Player's name", "棋手姓名", "棋手姓名"));
                let field = ui
                    .add(egui::TextEdit::singleline(&mut self.name))
                    .labelled_by(label.id);
                // Enter in the name adds the player (or saves the correction).
                entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.end_row();
                let label = ui.label(lang.pick("Rating", "等级分", "等級分"));
                ui.horizontal(|ui| {
                    ui.add(egui::TextEdit::singleline(&mut self.rating).desired_width(80.0))
                        .labelled_by(label.id);
                    if !rating_ok {
                        ui.colored_label(
                            ui.visuals().error_fg_color,
                            lang.pick("a whole number", "须为整数", "須為整數"),
                        );
                    }
                });
                ui.end_row();
                let label = ui.label(lang.pick("Club", "单位", "單位"));
                ui.text_edit_singleline(&mut self.club)
                    .labelled_by(label.id);
                ui.end_row();
                if event.is_team_event() {
                    let label = ui.label(lang.pick("Team", "队名", "隊名"));
                    ui.text_edit_singleline(&mut self.team)
                        .labelled_by(label.id);
                    ui.end_row();
                }
                let label = ui.label(lang.pick("Registration number", "注册号", "註冊號"));
                ui.text_edit_singleline(&mut self.registration)
                    .labelled_by(label.id);
                ui.end_row();
            });
        let ready = rating_ok
            && !self.name.trim().is_empty()
            && (!event.is_team_event() || !self.team.trim().is_empty());
        ui.horizontal(|ui| {
            let label = match self.editing {
                Some(_) => lang.pick("Save changes", "保存修改", "儲存修改"),
                None => lang.pick("Add player", "添加", "新增"),
            };
            if ui.add_enabled(ready, egui::Button::new(label)).clicked() || (ready && entered) {
                let player = Player {
                    rating: self.rating.trim().parse().ok(),
                    club: self.club.trim().to_owned(),
                    team: self.team.trim().to_owned(),
                    registration: self.registration.trim().to_owned(),
                    ..Player::named(&self.name)
                };
                asked.push(EventCommand::Change(match self.editing {
                    Some(id) => Change::EditPlayer(id, player),
                    None => Change::AddPlayer(player),
                }));
            }
            if self.editing.is_some() && ui.button(lang.pick("Cancel", "取消", "取消")).clicked()
            {
                *self = PlayerForm::default();
            }
            if ui
                .button(lang.pick("Import CSV…", "导入 CSV…", "匯入 CSV…"))
                .clicked()
            {
                asked.push(EventCommand::Import);
            }
        });
    }
}
