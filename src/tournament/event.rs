//! The event in memory: players, settings, rounds and their boards. [`super::store`] keeps it in
//! its file; the systems read it to pair the next round; [`super::standings`] ranks it.

use serde::{Deserialize, Serialize};

use super::board_result::{BoardResult, Half};
use crate::lang::Language;
use crate::rules::Color;

/// A player's index in [`Event::players`] (registration order; the registration number is one
/// more).
pub type PlayerId = usize;

/// Who is paired: a player in an individual event, a team (index in [`Event::teams`]) in a team
/// event.
pub type Entrant = usize;

/// One registered player.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Player {
    /// The name, unique in the event.
    pub name: String,
    /// The rating (等級分), if any.
    pub rating: Option<u32>,
    /// The club (單位).
    pub club: String,
    /// The team, in a team event; empty otherwise.
    pub team: String,
    /// The registration number the organisers gave, if any.
    pub registration: String,
    /// The last round the player took part in before withdrawing (20); `Some(0)` before the start.
    pub withdrawn_after_round: Option<u32>,
    /// Warnings (警告, 18.1), for 18.4.
    pub warnings: u32,
    /// Disqualifications from a game (取消當場比賽資格, 18.2), for 18.4.
    pub disqualifications: u32,
}

impl Player {
    /// A player with a name and nothing else.
    pub fn named(name: &str) -> Player {
        Player {
            name: name.to_owned(),
            ..Player::default()
        }
    }

    /// Whether the player still plays in `round`.
    pub fn active_in(&self, round: u32) -> bool {
        self.withdrawn_after_round.is_none_or(|r| round <= r)
    }
}

/// A team and its players in board order (12.1: the higher rating on the higher board, players
/// without a rating after those with one; equal ratings keep the order of registration).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The team's name.
    pub name: String,
    /// Its players, board order.
    pub members: Vec<PlayerId>,
}

/// The system of play (11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// 大循環制, one game a pairing (11.2).
    RoundRobin,
    /// 大循環制, two games a pairing, colours swapped in the second (11.2, 13.5).
    DoubleRoundRobin,
    /// 分組循環制: seeded groups, then a final (11.3).
    Groups,
    /// 淘汰制 (11.1).
    Knockout,
    /// 積分編排制 (11.4).
    Swiss,
}

impl System {
    /// The system's name for people, in `lang`.
    pub fn title(self, lang: Language) -> &'static str {
        match self {
            System::RoundRobin => lang.pick("Round robin", "单循环", "單循環"),
            System::DoubleRoundRobin => lang.pick("Double round robin", "双循环", "雙循環"),
            System::Groups => lang.pick(
                "Seeded groups, then a final",
                "分组循环（种子）",
                "分組循環（種子）",
            ),
            System::Knockout => lang.pick("Knockout", "淘汰制", "淘汰制"),
            System::Swiss => lang.pick("Swiss (score groups)", "积分编排制", "積分編排制"),
        }
    }

    /// The name on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            System::RoundRobin => "round-robin",
            System::DoubleRoundRobin => "double-round-robin",
            System::Groups => "groups",
            System::Knockout => "knockout",
            System::Swiss => "swiss",
        }
    }

    /// The system named `name`.
    pub fn from_name(name: &str) -> Option<System> {
        [
            System::RoundRobin,
            System::DoubleRoundRobin,
            System::Groups,
            System::Knockout,
            System::Swiss,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }

    /// Whether the standings follow the round-robin article (15.1, 15.3) rather than the Swiss one
    /// (15.2, 15.4).
    pub fn is_round_robin(self) -> bool {
        matches!(
            self,
            System::RoundRobin | System::DoubleRoundRobin | System::Groups
        )
    }
}

/// How the numbers of a round robin are drawn (抽籤, 13.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum DrawOfNumbers {
    /// By seed: the highest rating gets number 1 (registration order among equals).
    #[default]
    Rating,
    /// By lot, from the event's seed (kept, so the draw can be replayed).
    Random,
}

/// How a team's players take the boards (12.1–12.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum BoardOrder {
    /// 分臺定人制 (12.1): the first players of the team, always on the same boards.
    #[default]
    Fixed,
    /// 分臺換人制 (12.2): any of the team's players, keeping their order.
    Substitutes,
    /// 臨時定臺制 (12.3): any order, chosen before each match.
    PerMatch,
}

/// The settings of an event. Every field has a default, so older files read as they were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EventSettings {
    /// The system.
    pub system: System,
    /// Rounds of a Swiss event (積分編排的輪數).
    pub rounds: Option<u32>,
    /// Boards of a team event (`None`: individual event).
    pub team_boards: Option<u32>,
    /// How the teams take the boards.
    pub board_order: BoardOrder,
    /// Half points for a bye (default 2: one point, as in 積分編排).
    pub bye_half_points: Half,
    /// Largest allowed |reds − blacks| for a player in a Swiss event (default 2; 13.3).
    pub max_colour_difference: u32,
    /// Longest allowed run of one colour in a Swiss event (default 2: never three times running).
    pub max_colour_run: u32,
    /// Whether forfeits and byes count in 小分 and 對手分 (default: an unplayed game adds nothing).
    pub unplayed_in_tiebreaks: bool,
    /// The draw of numbers for a round robin.
    pub draw: DrawOfNumbers,
    /// The seed for a random draw and for colours by lot (13.4).
    pub seed: u64,
    /// Groups of a group round robin (11.3).
    pub groups: u32,
    /// Qualifiers from each group into the final (11.3).
    pub qualifiers: u32,
    /// Games of a knockout match before a tie-break game (1 or 2; 13.5).
    pub knockout_games: u32,
    /// Double elimination (雙敗淘汰) rather than single in a knockout (11.1).
    pub double_elimination: bool,
}

impl Default for EventSettings {
    fn default() -> EventSettings {
        EventSettings {
            system: System::Swiss,
            rounds: None,
            team_boards: None,
            board_order: BoardOrder::Fixed,
            bye_half_points: 2,
            max_colour_difference: 2,
            max_colour_run: 2,
            unplayed_in_tiebreaks: false,
            draw: DrawOfNumbers::Rating,
            seed: 0,
            groups: 2,
            qualifiers: 2,
            knockout_games: 1,
            double_elimination: false,
        }
    }
}

/// Which part of the event a round belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "stage")]
pub enum Stage {
    /// The only stage of a round robin or Swiss event, or the group stage of 11.3.
    Main,
    /// The final of a group round robin (11.3).
    Final,
    /// Round `bracket` of a knockout, game `game` of its matches (games after
    /// [`EventSettings::knockout_games`] are tie-breaks).
    Knockout {
        /// The bracket round, from 1.
        bracket: u32,
        /// The game of the match, from 1.
        game: u32,
    },
}

/// One number of the draw: the entrant holding number `number` (from 1) in group `group` (from
/// 0; a group round robin's final is the group after the last).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The group.
    pub group: u32,
    /// The number in the group (a knockout: the seed).
    pub number: u32,
    /// Who holds it.
    pub entrant: Entrant,
}

/// One game of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The board number in the round, from 1.
    pub board: u32,
    /// Who plays red.
    pub red: PlayerId,
    /// Who plays black.
    pub black: PlayerId,
    /// The result, once entered.
    pub result: Option<BoardResult>,
    /// The game's record (PGN), when attached.
    pub pgn: Option<String>,
    /// Fouls (犯規, 9.1) recorded in the game for red and black.
    pub fouls: [u32; 2],
}

impl Pairing {
    /// A game not yet played.
    pub fn new(board: u32, red: PlayerId, black: PlayerId) -> Pairing {
        Pairing {
            board,
            red,
            black,
            result: None,
            pgn: None,
            fouls: [0, 0],
        }
    }

    /// The colour `player` has in this game, if playing in it.
    pub fn colour_of(&self, player: PlayerId) -> Option<Color> {
        if self.red == player {
            Some(Color::Red)
        } else if self.black == player {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The player of `side`.
    pub fn player(&self, side: Color) -> PlayerId {
        match side {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }

    /// Fouls of `side`.
    pub fn fouls_of(&self, side: Color) -> u32 {
        match side {
            Color::Red => self.fouls[0],
            Color::Black => self.fouls[1],
        }
    }
}

/// Two entrants paired in a round: one game in an individual event, one game a board in a team
/// match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The entrant listed first (red in an individual game, red on odd boards in a team match:
    /// 13.1, 13.2).
    pub first: Entrant,
    /// The other.
    pub second: Entrant,
    /// The games, board order.
    pub games: Vec<Pairing>,
}

impl Match {
    /// Whether every game has a result.
    pub fn complete(&self) -> bool {
        self.games.iter().all(|g| g.result.is_some())
    }
}

/// One round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The number, from 1.
    pub number: u32,
    /// The stage.
    pub stage: Stage,
    /// The pairings, board order.
    pub matches: Vec<Match>,
    /// The entrant with no opponent this round, if any.
    pub bye: Option<Entrant>,
}

impl Round {
    /// Every game of the round, board order.
    pub fn games(&self) -> impl Iterator<Item = &Pairing> {
        self.matches.iter().flat_map(|m| m.games.iter())
    }

    /// The game on `board`.
    pub fn game(&self, board: u32) -> Option<&Pairing> {
        self.games().find(|g| g.board == board)
    }

    /// The boards still without a result.
    pub fn missing(&self) -> Vec<u32> {
        self.games()
            .filter(|g| g.result.is_none())
            .map(|g| g.board)
            .collect()
    }
}

/// The whole event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The event's name.
    pub name: String,
    /// Its settings.
    pub settings: EventSettings,
    /// The players, registration order.
    pub players: Vec<Player>,
    /// The draw (抽籤): who holds which number in which group, once drawn at the first pairing.
    pub draw: Vec<Drawn>,
    /// The rounds paired so far.
    pub rounds: Vec<Round>,
}

impl Event {
    /// A new event with no players.
    pub fn new(name: &str, settings: EventSettings) -> Event {
        Event {
            name: name.to_owned(),
            settings,
            players: Vec::new(),
            draw: Vec::new(),
            rounds: Vec::new(),
        }
    }

    /// Whether this is a team event.
    pub fn is_team_event(&self) -> bool {
        self.settings.team_boards.is_some()
    }

    /// The player named `name`.
    pub fn player_named(&self, name: &str) -> Option<PlayerId> {
        self.players.iter().position(|p| p.name == name)
    }

    /// The teams in order of their first registered player, members in board order (12.1).
    pub fn teams(&self) -> Vec<Team> {
        let mut teams: Vec<Team> = Vec::new();
        for (id, p) in self.players.iter().enumerate() {
            match teams.iter_mut().find(|t| t.name == p.team) {
                Some(t) => t.members.push(id),
                None => teams.push(Team {
                    name: p.team.clone(),
                    members: vec![id],
                }),
            }
        }
        for t in &mut teams {
            t.members
                .sort_by_key(|&m| (std::cmp::Reverse(self.players[m].rating), m));
        }
        teams
    }

    /// How many entrants are registered (players, or teams in a team event).
    pub fn entrant_count(&self) -> usize {
        if self.is_team_event() {
            self.teams().len()
        } else {
            self.players.len()
        }
    }

    /// The name of an entrant.
    pub fn entrant_name(&self, entrant: Entrant) -> String {
        if self.is_team_event() {
            self.teams()
                .get(entrant)
                .map(|t| t.name.clone())
                .unwrap_or_default()
        } else {
            self.players
                .get(entrant)
                .map(|p| p.name.clone())
                .unwrap_or_default()
        }
    }

    /// The entrant a player plays for.
    pub fn entrant_of(&self, player: PlayerId) -> Entrant {
        if self.is_team_event() {
            let team = &self.players[player].team;
            self.teams()
                .iter()
                .position(|t| &t.name == team)
                .unwrap_or(0)
        } else {
            player
        }
    }

    /// Whether an entrant still plays in `round` (a team: while any member does).
    pub fn entrant_active(&self, entrant: Entrant, round: u32) -> bool {
        if self.is_team_event() {
            self.teams()
                .get(entrant)
                .is_some_and(|t| t.members.iter().any(|&m| self.players[m].active_in(round)))
        } else {
            self.players
                .get(entrant)
                .is_some_and(|p| p.active_in(round))
        }
    }

    /// The round numbered `number`.
    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }
}

impl Event {
    /// The entrants of group `group` by number.
    pub fn group(&self, group: u32) -> Vec<Entrant> {
        let mut drawn: Vec<Drawn> = self
            .draw
            .iter()
            .filter(|d| d.group == group)
            .copied()
            .collect();
        drawn.sort_by_key(|d| d.number);
        drawn.into_iter().map(|d| d.entrant).collect()
    }
}
