//! Standings (14, 15, 18.4, 20.3) with the tie-breaks of the article that applies:
//!
//! - 15.1 round robin, players: score, 小分 (Sonneborn–Berger), wins, 直勝, fouls;
//! - 15.2 Swiss, players: score, 對手分 (Buchholz), wins, fouls;
//! - 15.3 round robin, teams: match points, game points, boards won, 直勝, fouls;
//! - 15.4 Swiss, teams: match points, 團體對手分 (opponents' match points), game points, matches
//!   won, fouls;
//! - 15.5 teams by the total of their players' places ([`team_places`]).
//!
//! 18.4 comes right after the score: among equal scores, entrants warned (18.1) or disqualified
//! from a game (18.2) go last, the heavier penalty (a disqualification) below the lighter, more
//! of them below fewer. Ties that remain share the rank (並列).
//!
//! Byes and forfeits: a win by forfeit (`+`) counts 1 point (a team: it wins the match, 2 match
//! points) and is a win; `−` counts nothing (21.4). A bye in a Swiss event scores
//! [`EventSettings::bye_half_points`](super::event::EventSettings::bye_half_points) and is not a game nor a
//! win; in a round robin the dummy number's opponent simply rests. By default an unplayed game
//! adds nothing to 小分 or 對手分 (neither the opponent's score nor anything for a bye); with
//! [`EventSettings::unplayed_in_tiebreaks`](super::event::EventSettings::unplayed_in_tiebreaks) a forfeit
//! counts as a game against that opponent (a bye still adds nothing: it has no opponent).
//! Results cancelled by a withdrawal (20.3) count for nobody.

use serde::Serialize;

use super::event::{Entrant, Event, Stage, System};
use super::history::{cancelled_by_withdrawal, records, EntrantRecord, Outing, Rounds};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The place, shared by entrants tied on everything (並列).
    pub rank: u32,
    /// The entrant.
    #[serde(skip)]
    pub entrant: Entrant,
    /// The name (a team's name in a team event).
    pub name: String,
    /// Points (a team: match points, 14.2).
    pub score: f64,
    /// Games (a team: matches) played over the board.
    pub played: u32,
    /// Games won (a team: matches won), forfeit wins included.
    pub wins: u32,
    /// The tie-break values.
    pub tiebreaks: Tiebreaks,
    /// A team's match points (14.2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_points: Option<f64>,
    /// A team's game points (14.2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_points: Option<f64>,
    /// Warnings and disqualifications (18.1, 18.2).
    #[serde(skip)]
    pub penalties: (u32, u32),
}

impl Standing {
    /// The figures of the line after the rank and the name, as every table prints them: score,
    /// played, wins, 小分, 對手分, 直勝, 犯規.
    pub fn figures(&self) -> [String; 7] {
        let t = &self.tiebreaks;
        [
            self.score.to_string(),
            self.played.to_string(),
            self.wins.to_string(),
            t.sonneborn_berger.to_string(),
            t.buchholz.to_string(),
            t.direct.to_string(),
            t.fouls.to_string(),
        ]
    }
}

/// The tie-break values of one entrant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tiebreaks {
    /// 小分: the scores of the opponents beaten plus half the scores of those drawn (teams: by
    /// match points).
    pub sonneborn_berger: f64,
    /// 對手分: the sum of the opponents' scores.
    pub buchholz: f64,
    /// 直勝: points against the entrants tied with this one when the tie-break was reached
    /// (0 where the article has no 直勝 or nobody was tied).
    pub direct: f64,
    /// 犯規: fouls in the entrant's games.
    pub fouls: u32,
}

/// What orders the standings, in the order of the article.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Score,
    Penalty,
    SonnebornBerger,
    Buchholz,
    Wins,
    BoardWins,
    GamePoints,
    Direct,
    Fouls,
}

fn keys(system: System, team: bool) -> &'static [Key] {
    use Key::*;
    match (system.is_round_robin() || system == System::Knockout, team) {
        (true, false) => &[Score, Penalty, SonnebornBerger, Wins, Direct, Fouls],
        (false, false) => &[Score, Penalty, Buchholz, Wins, Fouls],
        (true, true) => &[Score, Penalty, GamePoints, BoardWins, Direct, Fouls],
        (false, true) => &[Score, Penalty, Buchholz, GamePoints, Wins, Fouls],
    }
}

struct Line {
    entrant: Entrant,
    score: u64,
    game_points: u64,
    played: u32,
    wins: u32,
    board_wins: u32,
    sb: u64,
    buchholz: u64,
    direct: u64,
    fouls: u32,
    penalty: (u32, u32),
    counted: Vec<Outing>,
    all: Vec<Outing>,
}

/// The standings of `entrants` (all by default) over `rounds`.
pub fn standings(event: &Event, rounds: Rounds, entrants: Option<&[Entrant]>) -> Vec<Standing> {
    let team = event.is_team_event();
    let boards = u64::from(event.settings.team_boards.unwrap_or(1));
    let swiss = event.settings.system == System::Swiss;
    let recs = records(event, rounds);
    let members: Vec<Entrant> = match entrants {
        Some(e) => e.to_vec(),
        None => (0..recs.len()).collect(),
    };
    let cycle = members.len().saturating_sub(1)
        * if event.settings.system == System::DoubleRoundRobin {
            2
        } else {
            1
        };
    let cancelled: Vec<bool> = (0..recs.len())
        .map(|e| cancelled_by_withdrawal(event, e, cycle))
        .collect();
    let present = |e: Entrant, rec: &EntrantRecord| {
        !cancelled[e]
            && (!rec.outings.is_empty()
                || !rec.byes.is_empty()
                || super::history::withdrawn_after(event, e) != Some(0))
    };
    let bye_points = u64::from(event.settings.bye_half_points);
    let mut lines: Vec<Line> = members
        .iter()
        .copied()
        .filter(|&e| present(e, &recs[e]))
        .map(|e| {
            let rec = &recs[e];
            let all: Vec<Outing> = rec
                .outings
                .iter()
                .filter(|o| !cancelled[o.opponent])
                .cloned()
                .collect();
            let byes = if swiss { rec.byes.len() as u64 } else { 0 };
            let mut score: u64 = all.iter().map(|o| u64::from(o.points(team))).sum();
            let mut game_points: u64 = all.iter().map(|o| u64::from(o.scored)).sum();
            if team {
                score += byes * bye_points;
                game_points += byes * bye_points * boards;
            } else {
                score += byes * bye_points;
                game_points = score;
            }
            let penalty = penalties(event, e);
            Line {
                entrant: e,
                score,
                game_points,
                played: all.iter().filter(|o| o.played).count() as u32,
                wins: if team {
                    all.iter().filter(|o| o.points(true) == 2).count() as u32
                } else {
                    all.iter().map(|o| o.game_wins).sum()
                },
                board_wins: all.iter().map(|o| o.game_wins).sum(),
                sb: 0,
                buchholz: 0,
                direct: 0,
                fouls: rec.fouls,
                penalty,
                counted: all
                    .iter()
                    .filter(|o| o.played || event.settings.unplayed_in_tiebreaks)
                    .cloned()
                    .collect(),
                all,
            }
        })
        .collect();
    let score_of = |lines: &[Line], e: Entrant| {
        lines
            .iter()
            .find(|l| l.entrant == e)
            .map(|l| l.score)
            .unwrap_or(0)
    };
    let (sbs, bhs): (Vec<u64>, Vec<u64>) = lines
        .iter()
        .map(|l| {
            let sb: u64 = l
                .counted
                .iter()
                .map(|o| u64::from(o.points(team)) * score_of(&lines, o.opponent))
                .sum();
            let bh: u64 = l.counted.iter().map(|o| score_of(&lines, o.opponent)).sum();
            (sb, bh)
        })
        .unzip();
    for (l, (sb, bh)) in lines.iter_mut().zip(sbs.into_iter().zip(bhs)) {
        l.sb = sb;
        l.buchholz = bh;
    }
    rank(&mut lines, keys(event.settings.system, team), team, event)
}

fn penalties(event: &Event, e: Entrant) -> (u32, u32) {
    if event.is_team_event() {
        event.teams().get(e).map_or((0, 0), |t| {
            t.members.iter().fold((0, 0), |(d, w), &m| {
                let p = &event.players[m];
                (d + p.disqualifications, w + p.warnings)
            })
        })
    } else {
        let p = &event.players[e];
        (p.disqualifications, p.warnings)
    }
}

fn value(line: &Line, key: Key, tied: &[Entrant], team: bool) -> i128 {
    match key {
        Key::Score => line.score as i128,
        // 18.4: heavier penalties last, then more of them.
        Key::Penalty => -((line.penalty.0 as i128) << 32 | line.penalty.1 as i128),
        Key::SonnebornBerger => line.sb as i128,
        Key::Buchholz => line.buchholz as i128,
        Key::Wins => line.wins as i128,
        Key::BoardWins => line.board_wins as i128,
        Key::GamePoints => line.game_points as i128,
        Key::Direct => line
            .all
            .iter()
            .filter(|o| tied.contains(&o.opponent))
            .map(|o| o.points(team) as i128)
            .sum(),
        Key::Fouls => -(line.fouls as i128),
    }
}

fn rank(lines: &mut [Line], keys: &[Key], team: bool, event: &Event) -> Vec<Standing> {
    let mut groups: Vec<Vec<usize>> = vec![(0..lines.len()).collect()];
    for &key in keys {
        let mut next = Vec::new();
        for group in groups {
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            let tied: Vec<Entrant> = group.iter().map(|&i| lines[i].entrant).collect();
            let mut valued: Vec<(i128, usize)> = group
                .iter()
                .map(|&i| (value(&lines[i], key, &tied, team), i))
                .collect();
            if key == Key::Direct {
                for &(v, i) in &valued {
                    lines[i].direct = v as u64;
                }
            }
            valued.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            let mut start = 0;
            while start < valued.len() {
                let end = (start..valued.len())
                    .find(|&j| valued[j].0 != valued[start].0)
                    .unwrap_or(valued.len());
                next.push(valued[start..end].iter().map(|&(_, i)| i).collect());
                start = end;
            }
        }
        groups = next;
    }
    let half = if team { 1.0 } else { 2.0 };
    let mut out = Vec::with_capacity(lines.len());
    let mut place = 1;
    for group in groups {
        for &i in &group {
            let l = &lines[i];
            out.push(Standing {
                rank: place,
                entrant: l.entrant,
                name: event.entrant_name(l.entrant),
                score: l.score as f64 / half,
                played: l.played,
                wins: l.wins,
                tiebreaks: Tiebreaks {
                    sonneborn_berger: if team {
                        l.sb as f64 / 2.0
                    } else {
                        l.sb as f64 / 4.0
                    },
                    buchholz: l.buchholz as f64 / half,
                    direct: l.direct as f64 / half,
                    fouls: l.fouls,
                },
                match_points: team.then_some(l.score as f64),
                game_points: team.then_some(l.game_points as f64 / 2.0),
                penalties: (l.penalty.1, l.penalty.0),
            });
        }
        place += group.len() as u32;
    }
    out
}

/// One team in the standings by the total of its players' places (15.5, 12.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamPlace {
    /// The team's place (並列 where tied on everything).
    pub rank: u32,
    /// The team.
    pub team: String,
    /// The sum of its players' places, lower first.
    pub total: u32,
    /// Its players' places, best first.
    pub places: Vec<u32>,
    /// Fouls of its players.
    pub fouls: u32,
}

/// 15.5: teams ranked by the sum of their players' places in the individual standings (lower
/// first), then the best individual place, the next best, …, then the team's fouls.
pub fn team_places(event: &Event, individual: &[Standing]) -> Vec<TeamPlace> {
    let mut teams: Vec<TeamPlace> = Vec::new();
    for s in individual {
        let p = &event.players[s.entrant];
        if p.team.is_empty() {
            continue;
        }
        let at = match teams.iter().position(|t| t.team == p.team) {
            Some(i) => i,
            None => {
                teams.push(TeamPlace {
                    rank: 0,
                    team: p.team.clone(),
                    total: 0,
                    places: Vec::new(),
                    fouls: 0,
                });
                teams.len() - 1
            }
        };
        let entry = &mut teams[at];
        entry.total += s.rank;
        entry.places.push(s.rank);
        entry.fouls += s.tiebreaks.fouls;
    }
    for t in &mut teams {
        t.places.sort_unstable();
    }
    let key = |t: &TeamPlace| (t.total, t.places.clone(), t.fouls);
    teams.sort_by_key(key);
    let mut place = 1;
    for i in 0..teams.len() {
        if i > 0 && key(&teams[i]) != key(&teams[i - 1]) {
            place = i as u32 + 1;
        }
        teams[i].rank = place;
    }
    teams
}

/// The rounds the standings of an event are read from: a group round robin's final once it
/// has begun, else the main stage.
pub fn default_rounds(event: &Event) -> Rounds {
    if event.rounds.iter().any(|r| r.stage == Stage::Final) {
        Rounds::Stage(Stage::Final)
    } else if event.settings.system == System::Knockout {
        Rounds::All
    } else {
        Rounds::Stage(Stage::Main)
    }
}
