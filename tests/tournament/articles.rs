//! The tournament articles worked by hand on small events: each tie-break of 15.1–15.5, 18.4,
//! 20.3 with fewer and more than half played, 21.4 for players and teams.

use qipu::tournament::event::{Event, EventSettings, Match, Pairing, Player, Round, Stage, System};
use qipu::tournament::history::Rounds;
use qipu::tournament::standings::{standings, team_places, Standing};
use qipu::tournament::systems::pair_next;
use qipu::tournament::{edit, BoardResult};

fn event(system: System, names: &[&str]) -> Event {
    let settings = EventSettings {
        system,
        rounds: Some(9),
        ..EventSettings::default()
    };
    let mut e = Event::new("test", settings);
    e.players = names.iter().map(|n| Player::named(n)).collect();
    e
}

fn id(e: &Event, name: &str) -> usize {
    e.player_named(name).unwrap()
}

/// Add round `number` with one game per `(red, black, result)` and an optional bye.
fn round(e: &mut Event, games: &[(&str, &str, &str)], bye: Option<&str>) {
    let number = e.rounds.len() as u32 + 1;
    let matches = games
        .iter()
        .enumerate()
        .map(|(i, &(r, b, res))| {
            let (r, b) = (id(e, r), id(e, b));
            Match {
                first: r,
                second: b,
                games: vec![Pairing {
                    result: Some(res.parse::<BoardResult>().unwrap()),
                    ..Pairing::new(i as u32 + 1, r, b)
                }],
            }
        })
        .collect();
    let bye = bye.map(|b| id(e, b));
    e.rounds.push(Round {
        number,
        stage: Stage::Main,
        matches,
        bye,
    });
}

fn ranks(table: &[Standing]) -> Vec<(String, u32)> {
    table.iter().map(|s| (s.name.clone(), s.rank)).collect()
}

fn line<'a>(table: &'a [Standing], name: &str) -> &'a Standing {
    table.iter().find(|s| s.name == name).unwrap()
}

/// 15.1, 小分: A beats B and C and loses to D; B beats C and D; C beats D.
/// Scores A 2, B 2, C 1, D 1. 小分: A = B's 2 + C's 1 = 3; B = C's 1 + D's 1 = 2;
/// C = D's 1 = 1; D = A's 2 = 2. So A before B, D before C.
#[test]
fn fifteen_one_sonneborn_berger() {
    let mut e = event(System::RoundRobin, &["A", "B", "C", "D"]);
    round(&mut e, &[("A", "B", "1-0"), ("C", "D", "1-0")], None);
    round(&mut e, &[("A", "C", "1-0"), ("B", "D", "1-0")], None);
    round(&mut e, &[("D", "A", "1-0"), ("B", "C", "1-0")], None);
    let t = standings(&e, Rounds::All, None);
    assert_eq!(
        ranks(&t),
        [("A", 1), ("B", 2), ("D", 3), ("C", 4)].map(|(n, r)| (n.to_owned(), r))
    );
    assert_eq!(line(&t, "A").tiebreaks.sonneborn_berger, 3.0);
    assert_eq!(line(&t, "B").tiebreaks.sonneborn_berger, 2.0);
    assert_eq!(line(&t, "D").tiebreaks.sonneborn_berger, 2.0);
    assert_eq!(line(&t, "C").tiebreaks.sonneborn_berger, 1.0);
}

/// 15.1 past 小分: A beats B, draws C, loses to D; B beats D, draws C; C draws D.
/// Everyone has 1½. 小分: A = 1½ + ½·1½ = 2¼; B = 1½ + ½·1½ = 2¼; C = ½·(1½·3) = 2¼;
/// D = 1½ + ½·1½ = 2¼: all equal. Wins: A, B, D one each, C none: C is 4th.
/// 直勝 among A, B, D: A beat B and lost to D (1); B beat D (1); D beat A (1): equal.
/// Fouls: B has one, so B is 3rd; A and D share 1st (並列).
#[test]
fn fifteen_one_wins_direct_fouls_then_shared() {
    let mut e = event(System::RoundRobin, &["A", "B", "C", "D"]);
    round(&mut e, &[("A", "B", "1-0"), ("C", "D", "1/2-1/2")], None);
    round(&mut e, &[("A", "C", "1/2-1/2"), ("B", "D", "1-0")], None);
    round(&mut e, &[("D", "A", "1-0"), ("B", "C", "1/2-1/2")], None);
    e.rounds[1].matches[1].games[0].fouls = [1, 0];
    let t = standings(&e, Rounds::All, None);
    assert!(t
        .iter()
        .all(|s| s.score == 1.5 && s.tiebreaks.sonneborn_berger == 2.25));
    assert_eq!(
        ranks(&t),
        [("A", 1), ("D", 1), ("B", 3), ("C", 4)].map(|(n, r)| (n.to_owned(), r))
    );
    assert_eq!(line(&t, "A").tiebreaks.direct, 1.0);
    assert_eq!(line(&t, "B").tiebreaks.fouls, 1);
}

/// 15.1 直勝, first when it cannot separate, then when it does.
///
/// Case 1: A–B 1-0, C–D ½ | A–C 0-1, B–D ½ | A–D ½, B–C 1-0. Everyone has 1½.
/// 小分: A = B 1½ + ½·D 1½ = 2¼; B = C 1½ + ½·D 1½ = 2¼; C = A 1½ + ½·D 1½ = 2¼;
/// D = ½·(1½·3) = 2¼. Wins: A, B, C one each, D none → D 4th. 直勝 among A, B, C: A beat B,
/// B beat C, C beat A: one point each. No fouls: A, B, C share 1st.
///
/// Case 2: A–B 1-0, C–D 1-0 | A–C 0-1, B–D 1-0 | A–D ½, B–C ½. Scores: C 2½, A 1½, B 1½,
/// D ½. 小分: A = B 1½ + ½·D ½ = 1¾; B = D ½ + ½·C 2½ = 1¾. Wins: A 1, B 1. 直勝: A beat
/// B (A 1, B 0), so A 2nd, B 3rd.
#[test]
fn fifteen_one_direct_encounter() {
    let mut e = event(System::RoundRobin, &["A", "B", "C", "D"]);
    round(&mut e, &[("A", "B", "1-0"), ("C", "D", "1/2-1/2")], None);
    round(&mut e, &[("A", "C", "0-1"), ("B", "D", "1/2-1/2")], None);
    round(&mut e, &[("A", "D", "1/2-1/2"), ("B", "C", "1-0")], None);
    let t = standings(&e, Rounds::All, None);
    assert_eq!(
        ranks(&t),
        [("A", 1), ("B", 1), ("C", 1), ("D", 4)].map(|(n, r)| (n.to_owned(), r))
    );
    let mut e = event(System::RoundRobin, &["A", "B", "C", "D"]);
    round(&mut e, &[("A", "B", "1-0"), ("C", "D", "1-0")], None);
    round(&mut e, &[("A", "C", "0-1"), ("B", "D", "1-0")], None);
    round(
        &mut e,
        &[("A", "D", "1/2-1/2"), ("B", "C", "1/2-1/2")],
        None,
    );
    let t = standings(&e, Rounds::All, None);
    assert_eq!(line(&t, "A").tiebreaks.sonneborn_berger, 1.75);
    assert_eq!(line(&t, "B").tiebreaks.sonneborn_berger, 1.75);
    assert_eq!(
        ranks(&t),
        [("C", 1), ("A", 2), ("B", 3), ("D", 4)].map(|(n, r)| (n.to_owned(), r))
    );
    assert_eq!(line(&t, "A").tiebreaks.direct, 1.0);
    assert_eq!(line(&t, "B").tiebreaks.direct, 0.0);
}

/// 15.2, 對手分: round 1 A–B 1-0, C–D 1-0, E–F ½; round 2 A–C ½, B–E 1-0, D–F 0-1.
/// Scores: A 1½, C 1½, F 1½, B 1, E ½, D 0. 對手分: A = B 1 + C 1½ = 2½; C = D 0 + A 1½ = 1½;
/// F = E ½ + D 0 = ½. So A, C, F.
#[test]
fn fifteen_two_buchholz() {
    let mut e = event(System::Swiss, &["A", "B", "C", "D", "E", "F"]);
    round(
        &mut e,
        &[("A", "B", "1-0"), ("C", "D", "1-0"), ("E", "F", "1/2-1/2")],
        None,
    );
    round(
        &mut e,
        &[("A", "C", "1/2-1/2"), ("B", "E", "1-0"), ("D", "F", "0-1")],
        None,
    );
    let t = standings(&e, Rounds::All, None);
    assert_eq!(
        ranks(&t),
        [("A", 1), ("C", 2), ("F", 3), ("B", 4), ("E", 5), ("D", 6)]
            .map(|(n, r)| (n.to_owned(), r))
    );
    assert_eq!(line(&t, "A").tiebreaks.buchholz, 2.5);
    assert_eq!(line(&t, "C").tiebreaks.buchholz, 1.5);
    assert_eq!(line(&t, "F").tiebreaks.buchholz, 0.5);
}

/// 15.2 past 對手分: round 1 A–C 1-0, B–D 1-0; round 2 A–D ½, B–C ½. A 1½ (opponents C ½,
/// D ½: 對手分 1); B 1½ (D ½, C ½: 1); C ½ and D ½ (對手分 1½ + 1½ = 3 each, no wins: shared
/// 3rd). Wins: A 1, B 1. Fouls: A 2, B 0 → B first.
#[test]
fn fifteen_two_wins_and_fouls() {
    let mut e = event(System::Swiss, &["A", "B", "C", "D"]);
    round(&mut e, &[("A", "C", "1-0"), ("B", "D", "1-0")], None);
    round(
        &mut e,
        &[("A", "D", "1/2-1/2"), ("B", "C", "1/2-1/2")],
        None,
    );
    e.rounds[0].matches[0].games[0].fouls = [2, 0];
    let t = standings(&e, Rounds::All, None);
    assert_eq!(line(&t, "A").tiebreaks.buchholz, 1.0);
    assert_eq!(line(&t, "B").tiebreaks.buchholz, 1.0);
    assert_eq!(
        ranks(&t),
        [("B", 1), ("A", 2), ("C", 3), ("D", 3)].map(|(n, r)| (n.to_owned(), r))
    );
}

/// Byes and forfeits in 對手分 and 小分: round 1 A beats B by forfeit (+−), C has the bye;
/// round 2 B–C 1-0, A has the bye (the rounds are typed in, not paired).
/// Scores: A 1 + 1 = 2, B 1, C 1. By default unplayed games add nothing: 對手分 A = 0,
/// B = C's 1 = 1, C = B's 1 = 1. With unplayed games counted: A = B's 1 = 1; B = C 1 + A 2 = 3.
/// A's forfeit win is a win; the bye is not.
#[test]
fn byes_and_forfeits_in_tiebreaks() {
    let mut e = event(System::Swiss, &["A", "B", "C"]);
    round(&mut e, &[("A", "B", "+-")], Some("C"));
    round(&mut e, &[("B", "C", "1-0")], Some("A"));
    let t = standings(&e, Rounds::All, None);
    assert_eq!(line(&t, "A").score, 2.0);
    assert_eq!(line(&t, "A").played, 0);
    assert_eq!(line(&t, "A").wins, 1);
    assert_eq!(line(&t, "C").wins, 0);
    assert_eq!(line(&t, "A").tiebreaks.buchholz, 0.0);
    assert_eq!(line(&t, "B").tiebreaks.buchholz, 1.0);
    e.settings.unplayed_in_tiebreaks = true;
    let t = standings(&e, Rounds::All, None);
    assert_eq!(line(&t, "A").tiebreaks.buchholz, 1.0);
    assert_eq!(line(&t, "B").tiebreaks.buchholz, 3.0);
    assert_eq!(line(&t, "A").tiebreaks.sonneborn_berger, 1.0);
}

/// 18.4: A–B ½, C–D 1-0 | A–C ½, B–D 1-0 | A–D 1-0, B–C ½. A, B, C have 2 each, with 小分
/// 2 each (½·2 + ½·2), one win each and 直勝 1 each: tied for 1st. Then A is warned once, B
/// twice, C disqualified from a game (18.2, the heavier penalty): among the equal scores the
/// penalised go last, lighter before heavier and fewer before more: A, B, C.
#[test]
fn eighteen_four_penalties_rank_last_among_equals() {
    let mut e = event(System::RoundRobin, &["A", "B", "C", "D"]);
    // A–B ½, C–D: C wins | A–C ½, B–D: B wins | A–D: A wins, B–C ½.
    // A ½ + ½ + 1 = 2; B ½ + 1 + ½ = 2; C 1 + ½ + ½ = 2; D 0.
    round(&mut e, &[("A", "B", "1/2-1/2"), ("C", "D", "1-0")], None);
    round(&mut e, &[("A", "C", "1/2-1/2"), ("B", "D", "1-0")], None);
    round(&mut e, &[("A", "D", "1-0"), ("B", "C", "1/2-1/2")], None);
    let before = standings(&e, Rounds::All, None);
    assert!(before
        .iter()
        .filter(|s| s.score == 2.0)
        .all(|s| s.rank == 1));
    let e = edit::penalize(&e, "A", false).unwrap();
    let e = edit::penalize(&e, "B", false).unwrap();
    let e = edit::penalize(&e, "B", false).unwrap();
    let e = edit::penalize(&e, "C", true).unwrap();
    let t = standings(&e, Rounds::All, None);
    // A: one warning; B: two warnings; C: a disqualification. Lightest first.
    assert_eq!(
        ranks(&t),
        [("A", 1), ("B", 2), ("C", 3), ("D", 4)].map(|(n, r)| (n.to_owned(), r))
    );
}

fn paired_rr(names: &[&str]) -> Event {
    let mut e = event(System::RoundRobin, names);
    for (i, p) in e.players.iter_mut().enumerate() {
        p.rating = Some(2000 - i as u32);
    }
    e
}

fn finish_round(e: &mut Event, result: &str) {
    let r = e.rounds.len() as u32;
    for b in e.rounds.last().unwrap().missing() {
        *e = edit::set_result(e, r, b, result.parse().unwrap(), None).unwrap();
    }
}

/// 20.3 with fewer than half met: of five players (four games each), D withdraws after
/// round 1 having met one opponent (1·2 < 4): all D's results are cancelled, D's later games
/// are not paired, and D is out of the standings.
#[test]
fn twenty_three_fewer_than_half_cancels() {
    let mut e = paired_rr(&["A", "B", "C", "D", "E"]);
    e = pair_next(&e).unwrap();
    finish_round(&mut e, "1-0");
    let d = id(&e, "D");
    let d_played_round_1 = e.rounds[0].games().any(|g| g.colour_of(d).is_some());
    e = edit::withdraw(&e, "D").unwrap();
    let t = standings(&e, Rounds::All, None);
    assert!(t.iter().all(|s| s.name != "D"));
    let total: f64 = t.iter().map(|s| s.score).sum();
    let expected = if d_played_round_1 { 1.0 } else { 2.0 };
    assert_eq!(
        total, expected,
        "round 1 points left after cancelling D's game"
    );
    e = pair_next(&e).unwrap();
    assert!(e.rounds[1].games().all(|g| g.colour_of(d).is_none()));
}

/// 20.3 with half or more met: of four players (three games each), D withdraws after round 2
/// (two met, 2·2 ≥ 3): the results stand, and D's round-3 game is a forfeit won by the
/// opponent (+ for them, − for D).
#[test]
fn twenty_three_half_or_more_stands() {
    let mut e = paired_rr(&["A", "B", "C", "D"]);
    for _ in 0..2 {
        e = pair_next(&e).unwrap();
        finish_round(&mut e, "1/2-1/2");
    }
    e = edit::withdraw(&e, "D").unwrap();
    e = pair_next(&e).unwrap();
    let d = id(&e, "D");
    let g = e.rounds[2]
        .games()
        .find(|g| g.colour_of(d).is_some())
        .unwrap();
    let forfeit = if g.red == d {
        BoardResult::BlackForfeitWin
    } else {
        BoardResult::RedForfeitWin
    };
    assert_eq!(g.result, Some(forfeit));
    finish_round(&mut e, "1/2-1/2");
    let t = standings(&e, Rounds::All, None);
    assert_eq!(line(&t, "D").score, 1.0);
    assert_eq!(t.iter().map(|s| s.score).sum::<f64>(), 6.0);
}

/// 20.4: a Swiss withdrawal keeps the results and the player is no longer paired.
#[test]
fn twenty_four_swiss_withdrawal() {
    let mut e = event(System::Swiss, &["A", "B", "C", "D", "E"]);
    e = pair_next(&e).unwrap();
    finish_round(&mut e, "1-0");
    let before = standings(&e, Rounds::All, None);
    e = edit::withdraw(&e, "E").unwrap();
    e = pair_next(&e).unwrap();
    let gone = id(&e, "E");
    assert!(e.rounds[1].games().all(|g| g.colour_of(gone).is_none()));
    assert_ne!(e.rounds[1].bye, Some(gone));
    let after = standings(&e, Rounds::All, None);
    assert_eq!(line(&before, "E").score, line(&after, "E").score);
}

fn team_event(system: System) -> Event {
    let settings = EventSettings {
        system,
        rounds: Some(5),
        team_boards: Some(2),
        ..EventSettings::default()
    };
    let mut e = Event::new("teams", settings);
    for (team, names) in [
        ("X", ["x1", "x2"]),
        ("Y", ["y1", "y2"]),
        ("Z", ["z1", "z2"]),
        ("W", ["w1", "w2"]),
    ] {
        for n in names {
            e.players.push(Player {
                team: team.to_owned(),
                ..Player::named(n)
            });
        }
    }
    e
}

/// A team match: `first` red on board 1 (13.2), results by board.
fn team_round(e: &mut Event, matches: &[(&str, &str, [&str; 2])], bye: Option<usize>) {
    let number = e.rounds.len() as u32 + 1;
    let teams = e.teams();
    let team = |n: &str| teams.iter().position(|t| t.name == n).unwrap();
    let mut board = 1;
    let mut out = Vec::new();
    for &(a, b, results) in matches {
        let (ta, tb) = (&teams[team(a)], &teams[team(b)]);
        let mut games = Vec::new();
        for (k, result) in results.iter().enumerate() {
            let (red, black) = if k == 0 {
                (ta.members[0], tb.members[0])
            } else {
                (tb.members[1], ta.members[1])
            };
            games.push(Pairing {
                result: Some(result.parse().unwrap()),
                ..Pairing::new(board, red, black)
            });
            board += 1;
        }
        out.push(Match {
            first: team(a),
            second: team(b),
            games,
        });
    }
    e.rounds.push(Round {
        number,
        stage: Stage::Main,
        matches: out,
        bye,
    });
}

/// 15.3: teams X, Y, Z (two boards) all-play-all. X–Y: x1 beats y1, y2–x2 ½ → X 1½–½ (X 2
/// match points). Z–X: z1 beats x1, x2 loses to z2 (red x2: 0-1) → Z 2–0. Y–Z: y1 beats z1,
/// z2–y2 ½ → Y 1½–½. Match points: X 2, Y 2, Z 2. Game points: X 1½ + 0 = 1½; Y ½ + 1½ = 2;
/// Z 2 + ½ = 2½. So Z, Y, X.
#[test]
fn fifteen_three_team_round_robin() {
    let mut e = team_event(System::RoundRobin);
    e.players.truncate(6);
    team_round(&mut e, &[("X", "Y", ["1-0", "1/2-1/2"])], None);
    team_round(&mut e, &[("Z", "X", ["1-0", "0-1"])], None);
    team_round(&mut e, &[("Y", "Z", ["1-0", "1/2-1/2"])], None);
    let t = standings(&e, Rounds::All, None);
    assert!(t.iter().all(|s| s.match_points == Some(2.0)));
    assert_eq!(
        ranks(&t),
        [("Z", 1), ("Y", 2), ("X", 3)].map(|(n, r)| (n.to_owned(), r))
    );
    assert_eq!(line(&t, "Y").game_points, Some(2.0));
}

/// 15.4: four teams, Swiss. Round 1: X–Y 1½–½ (x1 wins, y2–x2 ½), Z–W 2–0. Round 2: X–Z
/// 1–1, Y–W 2–0. Match points: X 2 + 1 = 3, Z 2 + 1 = 3, Y 0 + 2 = 2, W 0.
/// 團體對手分: X = Y 2 + Z 3 = 5; Z = W 0 + X 3 = 3. X is first although Z has more game
/// points (Z 2 + 1 = 3, X 1½ + 1 = 2½).
#[test]
fn fifteen_four_team_swiss() {
    let mut e = team_event(System::Swiss);
    team_round(
        &mut e,
        &[("X", "Y", ["1-0", "1/2-1/2"]), ("Z", "W", ["1-0", "0-1"])],
        None,
    );
    team_round(
        &mut e,
        &[("X", "Z", ["1-0", "1-0"]), ("Y", "W", ["1-0", "0-1"])],
        None,
    );
    let t = standings(&e, Rounds::All, None);
    assert_eq!(
        ranks(&t),
        [("X", 1), ("Z", 2), ("Y", 3), ("W", 4)].map(|(n, r)| (n.to_owned(), r))
    );
    assert_eq!(line(&t, "X").tiebreaks.buchholz, 5.0);
    assert_eq!(line(&t, "Z").tiebreaks.buchholz, 3.0);
    assert_eq!(line(&t, "Z").game_points, Some(3.0));
    assert_eq!(line(&t, "X").game_points, Some(2.5));
}

/// 21.4 for teams: a team absent from a match loses every board by forfeit: the other team
/// scores 2 match points and a game point a board; the absent team nothing.
#[test]
fn twenty_one_four_team_forfeit() {
    let mut e = team_event(System::Swiss);
    team_round(
        &mut e,
        &[("X", "Y", ["+-", "-+"]), ("Z", "W", ["1/2-1/2", "1/2-1/2"])],
        None,
    );
    let t = standings(&e, Rounds::All, None);
    assert_eq!(line(&t, "X").match_points, Some(2.0));
    assert_eq!(line(&t, "X").game_points, Some(2.0));
    assert_eq!(line(&t, "X").played, 0);
    assert_eq!(line(&t, "Y").match_points, Some(0.0));
    assert_eq!(line(&t, "Z").match_points, Some(1.0));
}

/// 15.5: teams ranked by the total of their players' places: T1 has places 1 and 4, T2 places
/// 2 and 3: both total 5; T1's best place (1) is better, so T1 first. T3 (5, 6) is third.
#[test]
fn fifteen_five_total_of_places() {
    let mut e = event(System::Swiss, &["a", "b", "c", "d", "e", "f"]);
    for (name, team) in [
        ("a", "T1"),
        ("d", "T1"),
        ("b", "T2"),
        ("c", "T2"),
        ("e", "T3"),
        ("f", "T3"),
    ] {
        let i = id(&e, name);
        e.players[i].team = team.to_owned();
    }
    // Round 1 a–d 1-0, b–e 1-0, c–f 1-0; round 2 a–b 1-0, c–d ½, e–f ½.
    // Scores a 2, b 1, c 1½, d ½, e ½, f ½ → places a 1, c 2, b 3, then d, e, f
    // tied on ½: 對手分 d = a 2 + c 1½ = 3½, e = b 1 + f ½ = 1½, f = c 1½ + e ½ = 2 →
    // d 4, f 5, e 6. T1 = 1 + 4 = 5, T2 = 3 + 2 = 5, T3 = 5 + 6 = 11.
    round(
        &mut e,
        &[("a", "d", "1-0"), ("b", "e", "1-0"), ("c", "f", "1-0")],
        None,
    );
    round(
        &mut e,
        &[
            ("a", "b", "1-0"),
            ("c", "d", "1/2-1/2"),
            ("e", "f", "1/2-1/2"),
        ],
        None,
    );
    let t = standings(&e, Rounds::All, None);
    assert_eq!(
        ranks(&t),
        [("a", 1), ("c", 2), ("b", 3), ("d", 4), ("f", 5), ("e", 6)]
            .map(|(n, r)| (n.to_owned(), r))
    );
    let teams = team_places(&e, &t);
    let got: Vec<(String, u32, u32)> = teams
        .iter()
        .map(|t| (t.team.clone(), t.total, t.rank))
        .collect();
    assert_eq!(
        got,
        vec![
            ("T1".into(), 5, 1),
            ("T2".into(), 5, 2),
            ("T3".into(), 11, 3)
        ]
    );
}

/// 13.1 and 13.5: a double round robin of four plays six rounds; the second cycle repeats the
/// first with colours swapped.
#[test]
fn thirteen_five_double_round_robin_swaps_colours() {
    let mut e = paired_rr(&["A", "B", "C", "D"]);
    e.settings.system = System::DoubleRoundRobin;
    for _ in 0..6 {
        e = pair_next(&e).unwrap();
        finish_round(&mut e, "1/2-1/2");
    }
    assert!(pair_next(&e).is_err());
    for r in 0..3 {
        let first: Vec<(usize, usize)> = e.rounds[r].games().map(|g| (g.red, g.black)).collect();
        let second: Vec<(usize, usize)> =
            e.rounds[r + 3].games().map(|g| (g.black, g.red)).collect();
        assert_eq!(first, second);
    }
    // Round 1 by seed: 1–4, 2–3 with number 1 (the highest rating) red (13.1).
    let names: Vec<(String, String)> = e.rounds[0]
        .games()
        .map(|g| {
            (
                e.players[g.red].name.clone(),
                e.players[g.black].name.clone(),
            )
        })
        .collect();
    assert_eq!(
        names,
        vec![("A".into(), "D".into()), ("B".into(), "C".into())]
    );
}

/// 11.3: eight players in two groups by serpentine seeding (1, 4, 5, 8 | 2, 3, 6, 7), three
/// group rounds, then the top two of each group play a final round robin.
#[test]
fn eleven_three_groups_and_final() {
    let names = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];
    let mut e = paired_rr(&names);
    e.settings.system = System::Groups;
    e = pair_next(&e).unwrap();
    let group = |g: u32| -> Vec<String> {
        e.group(g)
            .iter()
            .map(|&p| e.players[p].name.clone())
            .collect()
    };
    assert_eq!(group(0), vec!["s1", "s4", "s5", "s8"]);
    assert_eq!(group(1), vec!["s2", "s3", "s6", "s7"]);
    finish_round(&mut e, "1-0");
    for _ in 0..2 {
        e = pair_next(&e).unwrap();
        finish_round(&mut e, "1-0");
    }
    e = pair_next(&e).unwrap();
    assert_eq!(e.rounds[3].stage, Stage::Final);
    assert_eq!(e.group(2).len(), 4);
    assert_eq!(e.rounds[3].games().count(), 2);
}

/// 11.1: five players in a knockout: a bracket of eight, seeds 1–3 have byes; seed 4 meets
/// seed 5; a drawn game is followed by a tie-break game; the winner is ranked first.
#[test]
fn eleven_one_knockout_with_byes_and_tiebreak() {
    let mut e = paired_rr(&["k1", "k2", "k3", "k4", "k5"]);
    e.settings.system = System::Knockout;
    e = pair_next(&e).unwrap();
    let r1: Vec<(usize, usize)> = e.rounds[0]
        .games()
        .map(|g| (g.red.min(g.black), g.red.max(g.black)))
        .collect();
    assert_eq!(r1, vec![(3, 4)]);
    finish_round(&mut e, "1/2-1/2");
    e = pair_next(&e).unwrap();
    assert_eq!(
        e.rounds[1].stage,
        Stage::Knockout {
            bracket: 1,
            game: 2
        }
    );
    let g = e.rounds[1].game(1).unwrap().clone();
    e = edit::set_result(
        &e,
        2,
        1,
        if g.red == 3 { "1-0" } else { "0-1" }.parse().unwrap(),
        None,
    )
    .unwrap();
    e = pair_next(&e).unwrap();
    assert_eq!(
        e.rounds[2].stage,
        Stage::Knockout {
            bracket: 2,
            game: 1
        }
    );
    let met: Vec<(usize, usize)> = e.rounds[2]
        .games()
        .map(|g| (g.red.min(g.black), g.red.max(g.black)))
        .collect();
    assert_eq!(met, vec![(0, 3), (1, 2)]);
    finish_round(&mut e, "1-0");
    e = pair_next(&e).unwrap();
    finish_round(&mut e, "1-0");
    assert!(pair_next(&e).is_err());
    let champion = e.rounds[3].game(1).unwrap().red;
    let lines = standings(&e, Rounds::All, None);
    let table = qipu::tournament::systems::knockout::standings(&e, lines);
    assert_eq!(table[0].entrant, champion);
    assert_eq!(table[0].rank, 1);
    assert_eq!(table[1].rank, 2);
    assert_eq!((table[2].rank, table[3].rank), (3, 3));
}

/// Every board of the last round won by the player `wins` picks (by ids red, black).
fn finish_by(e: &mut Event, mut wins: impl FnMut(usize, usize) -> bool) {
    let r = e.rounds.len() as u32;
    for b in e.rounds.last().unwrap().missing() {
        let g = e.rounds.last().unwrap().game(b).unwrap().clone();
        let result = if wins(g.red, g.black) { "1-0" } else { "0-1" };
        *e = edit::set_result(e, r, b, result.parse().unwrap(), None).unwrap();
    }
}

fn knockout(names: &[&str], double: bool) -> Event {
    let mut e = paired_rr(names);
    e.settings.system = System::Knockout;
    e.settings.double_elimination = double;
    e
}

fn pairs(round: &Round) -> Vec<(usize, usize)> {
    let mut p: Vec<(usize, usize)> = round
        .games()
        .map(|g| (g.red.min(g.black), g.red.max(g.black)))
        .collect();
    p.sort();
    p
}

/// 11.1 double elimination of four, the favourites winning: round 1 the winners' bracket
/// (1–4, 2–3); round 2 its final (1–2) beside the losers' round 1 (3–4); round 3 the losers'
/// final (2–3); round 4 the grand final (1–2), won by the winners' bracket winner: no deciding
/// final. Places 1 to 4 by the round each went out in.
#[test]
fn eleven_one_double_elimination_favourites() {
    let mut e = knockout(&["d1", "d2", "d3", "d4"], true);
    let mut seen = Vec::new();
    while let Ok(next) = pair_next(&e) {
        e = next;
        seen.push(pairs(e.rounds.last().unwrap()));
        finish_by(&mut e, |red, black| red < black);
    }
    assert_eq!(
        seen,
        vec![
            vec![(0, 3), (1, 2)],
            vec![(0, 1), (2, 3)],
            vec![(1, 2)],
            vec![(0, 1)]
        ]
    );
    let levels: Vec<u32> = e
        .rounds
        .iter()
        .map(|r| match r.stage {
            Stage::Knockout { bracket, game } => {
                assert_eq!(game, 1);
                bracket
            }
            other => panic!("not a knockout stage: {other:?}"),
        })
        .collect();
    assert_eq!(levels, vec![1, 2, 3, 4]);
    let table =
        qipu::tournament::systems::knockout::standings(&e, standings(&e, Rounds::All, None));
    assert_eq!(
        ranks(&table),
        vec![
            ("d1".to_owned(), 1),
            ("d2".to_owned(), 2),
            ("d3".to_owned(), 3),
            ("d4".to_owned(), 4)
        ]
    );
}

/// 11.1 double elimination: the losers' bracket winner beats the unbeaten player in the grand
/// final, so both have lost once and a deciding final between the same two is played; its
/// winner is first.
#[test]
fn eleven_one_double_elimination_deciding_final() {
    let mut e = knockout(&["d1", "d2", "d3", "d4"], true);
    for _ in 0..3 {
        e = pair_next(&e).unwrap();
        finish_by(&mut e, |red, black| red < black);
    }
    e = pair_next(&e).unwrap();
    assert_eq!(pairs(&e.rounds[3]), vec![(0, 1)]);
    finish_by(&mut e, |red, _| red == 1);
    e = pair_next(&e).unwrap();
    assert_eq!(pairs(&e.rounds[4]), vec![(0, 1)]);
    assert!(matches!(
        e.rounds[4].stage,
        Stage::Knockout { bracket: 5, .. }
    ));
    finish_by(&mut e, |red, _| red == 1);
    assert!(pair_next(&e).is_err());
    let table =
        qipu::tournament::systems::knockout::standings(&e, standings(&e, Rounds::All, None));
    assert_eq!((table[0].name.as_str(), table[0].rank), ("d2", 1));
    assert_eq!((table[1].name.as_str(), table[1].rank), ("d1", 2));
}

/// 11.1 double elimination for fields of 2 to 13 with byes and random winners: nobody is out
/// before two lost games, everyone but the winner is out with exactly two, the winner has lost
/// at most one, nobody plays twice in a round, and the places run from 1 with the winner alone
/// on top.
#[test]
fn eleven_one_double_elimination_two_losses_out() {
    let names: Vec<String> = (1..=13).map(|i| format!("p{i}")).collect();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for n in 2..=13 {
        let refs: Vec<&str> = names[..n].iter().map(String::as_str).collect();
        let mut e = knockout(&refs, true);
        let mut rounds = 0;
        while let Ok(next) = pair_next(&e) {
            e = next;
            rounds += 1;
            assert!(rounds <= 4 * n, "{n} players: the bracket does not end");
            let round = e.rounds.last().unwrap();
            let mut playing: Vec<usize> = round.games().flat_map(|g| [g.red, g.black]).collect();
            let count = playing.len();
            playing.sort();
            playing.dedup();
            assert_eq!(
                playing.len(),
                count,
                "{n} players: someone plays twice in a round"
            );
            finish_by(&mut e, |_, _| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state.is_multiple_of(2)
            });
        }
        let mut losses = vec![0; n];
        for g in e.rounds.iter().flat_map(|r| r.games()) {
            let red_won = g.result.unwrap().half_points(qipu::rules::Color::Red) == 2;
            losses[if red_won { g.black } else { g.red }] += 1;
        }
        let table =
            qipu::tournament::systems::knockout::standings(&e, standings(&e, Rounds::All, None));
        let champion = table[0].entrant;
        assert_eq!(table[0].rank, 1);
        assert!(
            table[1].rank > 1,
            "{n} players: the winner shares first place"
        );
        for (p, &l) in losses.iter().enumerate() {
            if p == champion {
                assert!(l <= 1, "{n} players: the winner lost {l}");
            } else {
                assert_eq!(l, 2, "{n} players: player {p} is out with {l} losses");
            }
        }
    }
}

/// Two teams of six (ratings falling with the number) on four boards, round 1 paired.
fn squads(order: qipu::tournament::event::BoardOrder) -> Event {
    let settings = EventSettings {
        system: System::RoundRobin,
        team_boards: Some(4),
        board_order: order,
        ..EventSettings::default()
    };
    let mut e = Event::new("squads", settings);
    for team in ["T", "U"] {
        for i in 1..=6 {
            e.players.push(Player {
                rating: Some(2100 - i * 10),
                team: team.to_owned(),
                ..Player::named(&format!("{}{i}", team.to_lowercase()))
            });
        }
    }
    pair_next(&e).unwrap()
}

/// 12.2 with substitutes: the captain of the team listed first fields 1-2-3-5 (player 5 on
/// board 4, black there by 13.2); 2-1-3-4 reverses two players and is refused, as is a player
/// of the other team; nothing changes on a refusal.
#[test]
fn twelve_two_lineup_with_substitutes() {
    use qipu::tournament::event::BoardOrder;
    let e = squads(BoardOrder::Substitutes);
    let first = e.entrant_name(e.rounds[0].matches[0].first);
    let p = first.to_lowercase();
    let names: Vec<String> = [1, 2, 3, 5].iter().map(|i| format!("{p}{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let next = edit::set_lineup(&e, 1, &first, &refs).unwrap();
    let games: Vec<&Pairing> = next.rounds[0].games().collect();
    assert_eq!(next.players[games[3].black].name, format!("{p}5"));
    assert_eq!(next.players[games[0].red].name, format!("{p}1"));
    assert_eq!(next.players[games[1].black].name, format!("{p}2"));
    let reversed: Vec<String> = [2, 1, 3, 4].iter().map(|i| format!("{p}{i}")).collect();
    let refs: Vec<&str> = reversed.iter().map(String::as_str).collect();
    let err = edit::set_lineup(&e, 1, &first, &refs).unwrap_err();
    assert!(err.to_string().contains("2-1-3-4"), "{err}");
    let other = if p == "t" { "u1" } else { "t1" };
    let err = edit::set_lineup(&e, 1, &first, &[other, "x", "y", "z"]).unwrap_err();
    assert!(err.to_string().contains(other), "{err}");
}

/// 12.3 per match: any order of the squad, 2-1-3-4 included; 12.1 fixed: only 1-2-3-4; and a
/// line-up cannot change once a board of the match has a result.
#[test]
fn twelve_three_lineup_per_match_and_fixed() {
    use qipu::tournament::event::BoardOrder;
    let e = squads(BoardOrder::PerMatch);
    let second = e.entrant_name(e.rounds[0].matches[0].second);
    let p = second.to_lowercase();
    let names: Vec<String> = [2, 1, 3, 4].iter().map(|i| format!("{p}{i}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let next = edit::set_lineup(&e, 1, &second, &refs).unwrap();
    // The team listed second is black on board 1 (13.2).
    let b1 = next.rounds[0].game(1).unwrap();
    assert_eq!(next.players[b1.black].name, format!("{p}2"));
    let played = edit::set_result(&next, 1, 2, BoardResult::Draw, None).unwrap();
    assert!(matches!(
        edit::set_lineup(&played, 1, &second, &refs),
        Err(qipu::tournament::EventError::LineupTooLate { board: 2, .. })
    ));
    let fixed = squads(BoardOrder::Fixed);
    assert!(edit::set_lineup(&fixed, 1, &second, &refs).is_err());
    let in_order: Vec<String> = (1..=4).map(|i| format!("{p}{i}")).collect();
    let refs: Vec<&str> = in_order.iter().map(String::as_str).collect();
    assert_eq!(edit::set_lineup(&fixed, 1, &second, &refs).unwrap(), fixed);
}

/// A registration is corrected: a new rating and club stand, a name already taken or empty is
/// refused, and the team stays once round 1 is paired.
#[test]
fn a_player_is_edited_within_the_rules() {
    let e = paired_rr(&["A", "B", "C"]);
    let a = id(&e, "A");
    let fixed = Player {
        rating: Some(2222),
        club: "Shanghai".to_owned(),
        ..Player::named(" A. Li ")
    };
    let next = edit::edit_player(&e, a, fixed).unwrap();
    assert_eq!(next.players[a].name, "A. Li");
    assert_eq!(next.players[a].rating, Some(2222));
    assert!(edit::edit_player(&e, a, Player::named("B")).is_err());
    assert!(edit::edit_player(&e, a, Player::named("  ")).is_err());
    let started = pair_next(&e).unwrap();
    let moved = Player {
        team: "X".to_owned(),
        ..Player::named("A")
    };
    assert!(edit::edit_player(&started, a, moved).is_err());
}
