//! `qipu event …`: run an event kept in one file (see `crate::tournament`).
//!
//! - `new EVENT --name NAME --system round-robin|double-round-robin|groups|knockout|swiss
//!   [--rounds N] [--team-boards N]` and the settings `--groups G --qualifiers Q
//!   --knockout-games 1|2 --draw rating|random --seed N --bye-points 1|0.5|0
//!   --max-colour-difference N --max-colour-run N --board-order fixed|substitutes|per-match
//!   --unplayed-in-tiebreaks --double-elimination`
//! - `add EVENT NAME [--rating R] [--club C] [--team T]`, `import EVENT players.csv`
//! - `pair EVENT [--json]`: `{"round": R, "boards": [{"board": 1, "red": NAME, "black": NAME}],
//!   "bye": NAME|null}`
//! - `result EVENT ROUND BOARD 1-0|0-1|1/2-1/2|+-|-+|--` or `… ROUND BOARD --game FILE.pgn`:
//!   `round R, board B: RESULT`; `--replace` corrects a result entered before, `--clear` takes
//!   it back (`round R, board B: no result`); rounds paired since on the old result are named
//!   on standard error
//! - `lineup EVENT ROUND TEAM PLAYER…`: the team's players from board 1 down for its match in
//!   ROUND (12.1–12.3), before any board of the match has a result
//! - `withdraw EVENT NAME`, `penalty EVENT NAME --warning|--disqualification` (18.4)
//! - `show EVENT --json`: `{"name", "system", "players": [{"name", "rating", "club",
//!   "withdrawn_after_round"}], "rounds": [{"round", "boards": [{"board", "red", "black",
//!   "result"}], "bye"}]}`
//! - `standings EVENT [--json] [--group N] [--team-places]`: `[{"rank", "name", "score",
//!   "played", "wins", "tiebreaks": {"sonneborn_berger", "buchholz", "direct", "fouls"}}]`
//!   (teams: `match_points`, `game_points` as well)
//! - `export EVENT --to trf|csv|html|pdf -o OUT [--paper a4|letter]`
//!
//! Bad input changes nothing: the reason goes to standard error, exit status 1 (2 for a wrong
//! command line).

use std::io::Write;
use std::path::Path;

use serde::Serialize;

use super::{cannot_read, Args, CliError};
use crate::export::pdf::Paper;
use crate::tournament::event::{
    BoardOrder, DrawOfNumbers, Event, EventSettings, Player, Round, System,
};
use crate::tournament::export::{self, Format};
use crate::tournament::from_record::result_of_record;
use crate::tournament::history::Rounds;
use crate::tournament::roster::{read_players_file, read_rating};
use crate::tournament::standings::{default_rounds, standings, team_places, Standing};
use crate::tournament::systems::{knockout, pair_next};
use crate::tournament::{edit, BoardResult, EventError, EventFile};

const USAGE: &str =
    "usage: qipu event new|add|import|pair|result|lineup|withdraw|penalty|show|standings|export EVENT …";

impl From<EventError> for CliError {
    fn from(e: EventError) -> CliError {
        CliError::Failed(e.to_string())
    }
}

/// Run the subcommand; notes that change nothing go to `err`.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let Some((action, rest)) = args.split_first() else {
        return Err(CliError::Usage(USAGE.to_owned()));
    };
    let mut args = Args::new(rest);
    match action.as_str() {
        "new" => new(args, out),
        "add" => {
            let rating = args.option("--rating")?;
            let club = args.option("--club")?.unwrap_or_default().to_owned();
            let team = args.option("--team")?.unwrap_or_default().to_owned();
            let [path, name] =
                positionals::<2>(args, "add EVENT NAME [--rating R] [--club C] [--team T]")?;
            let rating = rating
                .map(|r| read_rating(r).map_err(|e| CliError::Usage(e.to_string())))
                .transpose()?;
            let mut file = EventFile::open(Path::new(path))?;
            if file.event().is_team_event() && team.is_empty() {
                return Err(CliError::Usage("a team event needs --team".to_owned()));
            }
            let player = Player {
                rating,
                club,
                team,
                ..Player::named(name)
            };
            let next = edit::add_players(file.event(), vec![player])?;
            file.replace_all(next)?;
            writeln!(out, "added {name}")?;
            Ok(())
        }
        "import" => {
            let [path, csv] = positionals::<2>(args, "import EVENT players.csv")?;
            let mut file = EventFile::open(Path::new(path))?;
            let players = read_players_file(Path::new(csv), file.event().is_team_event())?;
            let count = players.len();
            let next = edit::add_players(file.event(), players)?;
            file.replace_all(next)?;
            writeln!(out, "imported {count} players")?;
            Ok(())
        }
        "pair" => {
            let as_json = args.flag("--json");
            let [path] = positionals::<1>(args, "pair EVENT [--json]")?;
            let mut file = EventFile::open(Path::new(path))?;
            let next = pair_next(file.event())?;
            file.replace_all(next)?;
            let event = file.event();
            let round = event
                .rounds
                .last()
                .ok_or_else(|| CliError::Failed("no round was paired".to_owned()))?;
            if as_json {
                let value = RoundJson {
                    round: round.number,
                    boards: boards(event, round, false),
                    bye: round.bye.map(|b| event.entrant_name(b)),
                };
                writeln!(out, "{}", serde_json::to_string(&value).unwrap_or_default())?;
            } else {
                write_round(out, event, round)?;
            }
            Ok(())
        }
        "result" => result(args, out, err),
        "lineup" => {
            let rest = args.positionals()?;
            let [path, round, team, names @ ..] = rest.as_slice() else {
                return Err(CliError::Usage(
                    "usage: qipu event lineup EVENT ROUND TEAM PLAYER…".to_owned(),
                ));
            };
            let round = number(round, "round")?;
            let mut file = EventFile::open(Path::new(path))?;
            let next = edit::set_lineup(file.event(), round, team, names)?;
            file.replace_all(next)?;
            writeln!(out, "round {round}: {team} fields {}", names.join(", "))?;
            Ok(())
        }
        "withdraw" => {
            let [path, name] = positionals::<2>(args, "withdraw EVENT NAME")?;
            let mut file = EventFile::open(Path::new(path))?;
            let next = edit::withdraw(file.event(), name)?;
            file.replace_all(next)?;
            writeln!(
                out,
                "{name} withdrew after round {}",
                file.event().rounds.len()
            )?;
            Ok(())
        }
        "penalty" => {
            let warning = args.flag("--warning");
            let disq = args.flag("--disqualification");
            let [path, name] =
                positionals::<2>(args, "penalty EVENT NAME --warning|--disqualification")?;
            if warning == disq {
                return Err(CliError::Usage(
                    "give one of --warning (18.1) or --disqualification (18.2)".to_owned(),
                ));
            }
            let mut file = EventFile::open(Path::new(path))?;
            let next = edit::penalize(file.event(), name, disq)?;
            file.replace_all(next)?;
            writeln!(
                out,
                "{name}: {}",
                if disq {
                    "disqualified from a game (18.2)"
                } else {
                    "warned (18.1)"
                }
            )?;
            Ok(())
        }
        "show" => {
            args.flag("--json");
            let [path] = positionals::<1>(args, "show EVENT --json")?;
            let file = EventFile::open(Path::new(path))?;
            writeln!(out, "{}", show(file.event()))?;
            Ok(())
        }
        "standings" => {
            let as_json = args.flag("--json");
            let places = args.flag("--team-places");
            let group = args
                .option("--group")?
                .map(|g| number(g, "group"))
                .transpose()?;
            let [path] =
                positionals::<1>(args, "standings EVENT [--json] [--group N] [--team-places]")?;
            let file = EventFile::open(Path::new(path))?;
            let event = file.event();
            if places {
                let table = team_places(event, &table(event, None));
                if as_json {
                    writeln!(out, "{}", serde_json::to_string(&table).unwrap_or_default())?;
                } else {
                    for t in table {
                        writeln!(
                            out,
                            "{:>3}  {}  {} ({:?})",
                            t.rank, t.team, t.total, t.places
                        )?;
                    }
                }
                return Ok(());
            }
            let lines = table(event, group);
            if as_json {
                writeln!(out, "{}", serde_json::to_string(&lines).unwrap_or_default())?;
            } else {
                write_standings(out, &lines)?;
            }
            Ok(())
        }
        "export" => {
            let to = args.option("--to")?;
            let output = args.option("-o")?;
            let paper = args
                .option("--paper")?
                .map(str::parse::<Paper>)
                .transpose()
                .map_err(|e| CliError::Usage(e.to_string()))?
                .unwrap_or_default();
            let [path] = positionals::<1>(
                args,
                "export EVENT --to trf|csv|html|pdf -o OUT [--paper a4|letter]",
            )?;
            let (Some(to), Some(output)) = (to, output) else {
                return Err(CliError::Usage(
                    "usage: qipu event export EVENT --to trf|csv|html|pdf -o OUT".to_owned(),
                ));
            };
            let format = Format::from_name(to).ok_or_else(|| {
                CliError::Usage(format!(
                    "unknown export format '{to}'; expected trf, csv, html or pdf"
                ))
            })?;
            let file = EventFile::open(Path::new(path))?;
            let bytes = export::render(file.event(), format, paper)
                .map_err(|e| CliError::Failed(e.to_string()))?;
            super::output::write_complete(Path::new(output), &bytes)?;
            writeln!(out, "wrote {output}")?;
            Ok(())
        }
        other => Err(CliError::Usage(format!(
            "unknown event command '{other}'; {USAGE}"
        ))),
    }
}

/// The standings of the event (a group's with `group`, from 1).
pub fn table(event: &Event, group: Option<u32>) -> Vec<Standing> {
    match group {
        Some(g) => {
            let members = event.group(g - 1);
            standings(
                event,
                Rounds::Stage(crate::tournament::event::Stage::Main),
                Some(&members),
            )
        }
        None => {
            let lines = standings(event, default_rounds(event), None);
            if event.settings.system == System::Knockout {
                knockout::standings(event, lines)
            } else {
                lines
            }
        }
    }
}

const RESULT_USAGE: &str = "usage: qipu event result EVENT ROUND BOARD 1-0|0-1|1/2-1/2|+-|-+|-- [--replace] | --game FILE.pgn [--replace] | --clear";

/// `result`: enter a board's result, correct it (`--replace`) or take it back (`--clear`).
fn result(mut args: Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let game = args.option("--game")?;
    let replace = args.flag("--replace");
    let clear = args.flag("--clear");
    let rest = args.positionals()?;
    let (path, round, board, token) = match (rest.as_slice(), game, clear) {
        ([p, r, b], Some(_), false) | ([p, r, b], None, true) => (*p, *r, *b, None),
        ([p, r, b, t], None, false) => (*p, *r, *b, Some(*t)),
        _ => return Err(CliError::Usage(RESULT_USAGE.to_owned())),
    };
    let round = number(round, "round")?;
    let board = number(board, "board")?;
    let (result, report) = match (token, game) {
        (Some(t), _) => (
            Some(t.parse::<BoardResult>().map_err(EventError::from)?),
            None,
        ),
        (None, Some(g)) => {
            let bytes = std::fs::read(g).map_err(|e| CliError::Failed(cannot_read(g, &e)))?;
            let (r, report) =
                result_of_record(&bytes).map_err(|e| CliError::Failed(format!("{g}: {e}")))?;
            (Some(r), Some(report))
        }
        (None, None) => (None, None),
    };
    let mut file = EventFile::open(Path::new(path))?;
    let before = file
        .event()
        .round(round)
        .and_then(|r| r.game(board))
        .and_then(|g| g.result);
    let next = match result {
        Some(result) if !replace => edit::set_result(file.event(), round, board, result, report)?,
        _ => edit::correct_result(file.event(), round, board, result, report)?,
    };
    file.replace_all(next)?;
    match result {
        Some(result) => writeln!(out, "round {round}, board {board}: {result}")?,
        None => writeln!(out, "round {round}, board {board}: no result")?,
    }
    let later = edit::paired_on(file.event(), round);
    if before.is_some() && before != result && !later.is_empty() {
        writeln!(
            err,
            "note: {} paired with the old result {}; those pairings stand",
            rounds_text(&later),
            before.map_or("", BoardResult::token)
        )?;
    }
    Ok(())
}

/// "round 4 was" or "rounds 4, 5 were".
fn rounds_text(rounds: &[u32]) -> String {
    match rounds {
        [only] => format!("round {only} was"),
        _ => {
            let list: Vec<String> = rounds.iter().map(u32::to_string).collect();
            format!("rounds {} were", list.join(", "))
        }
    }
}

fn positionals<'a, const N: usize>(args: Args<'a>, usage: &str) -> Result<[&'a str; N], CliError> {
    let p = args.positionals()?;
    p.try_into()
        .map_err(|_| CliError::Usage(format!("usage: qipu event {usage}")))
}

fn number(text: &str, what: &str) -> Result<u32, CliError> {
    text.parse()
        .map_err(|_| CliError::Usage(format!("{what} '{text}' is not a number")))
}

fn new(mut args: Args, out: &mut dyn Write) -> Result<(), CliError> {
    let name = args.option("--name")?;
    let system = args.option("--system")?;
    let mut settings = EventSettings::default();
    let num = |v: Option<&str>, what: &str| v.map(|v| number(v, what)).transpose();
    settings.rounds = num(args.option("--rounds")?, "--rounds")?;
    settings.team_boards = num(args.option("--team-boards")?, "--team-boards")?;
    if let Some(g) = num(args.option("--groups")?, "--groups")? {
        settings.groups = g;
    }
    if let Some(q) = num(args.option("--qualifiers")?, "--qualifiers")? {
        settings.qualifiers = q;
    }
    if let Some(k) = num(args.option("--knockout-games")?, "--knockout-games")? {
        settings.knockout_games = k;
    }
    if let Some(d) = num(
        args.option("--max-colour-difference")?,
        "--max-colour-difference",
    )? {
        settings.max_colour_difference = d;
    }
    if let Some(r) = num(args.option("--max-colour-run")?, "--max-colour-run")? {
        settings.max_colour_run = r;
    }
    if let Some(s) = args.option("--seed")? {
        settings.seed = s
            .parse()
            .map_err(|_| CliError::Usage(format!("--seed '{s}' is not a number")))?;
    }
    if let Some(d) = args.option("--draw")? {
        settings.draw = match d {
            "rating" => DrawOfNumbers::Rating,
            "random" => DrawOfNumbers::Random,
            _ => {
                return Err(CliError::Usage(format!(
                    "--draw '{d}': expected rating or random"
                )))
            }
        };
        if settings.draw == DrawOfNumbers::Random && settings.seed == 0 {
            settings.seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64);
        }
    }
    if let Some(b) = args.option("--bye-points")? {
        settings.bye_half_points = match b {
            "1" => 2,
            "0.5" | "1/2" => 1,
            "0" => 0,
            _ => {
                return Err(CliError::Usage(format!(
                    "--bye-points '{b}': expected 1, 0.5 or 0"
                )))
            }
        };
    }
    if let Some(o) = args.option("--board-order")? {
        settings.board_order = match o {
            "fixed" => BoardOrder::Fixed,
            "substitutes" => BoardOrder::Substitutes,
            "per-match" => BoardOrder::PerMatch,
            _ => {
                return Err(CliError::Usage(format!(
                    "--board-order '{o}': expected fixed, substitutes or per-match"
                )))
            }
        };
    }
    settings.unplayed_in_tiebreaks = args.flag("--unplayed-in-tiebreaks");
    settings.double_elimination = args.flag("--double-elimination");
    let [path] = positionals::<1>(
        args,
        "new EVENT --name NAME --system S [--rounds N] [--team-boards N]",
    )?;
    let (Some(name), Some(system)) = (name, system) else {
        return Err(CliError::Usage(
            "usage: qipu event new EVENT --name NAME --system round-robin|double-round-robin|groups|knockout|swiss [--rounds N] [--team-boards N]".to_owned(),
        ));
    };
    settings.system = System::from_name(system).ok_or_else(|| {
        CliError::Usage(format!(
            "unknown system '{system}'; expected round-robin, double-round-robin, groups, knockout or swiss"
        ))
    })?;
    check_settings(&settings)?;
    EventFile::create(Path::new(path), Event::new(name, settings))?;
    writeln!(out, "created {path}")?;
    Ok(())
}

fn check_settings(s: &EventSettings) -> Result<(), CliError> {
    let bad = |m: &str| Err(CliError::Usage(m.to_owned()));
    if s.system == System::Swiss && s.rounds.is_none_or(|r| r == 0) {
        return bad("a Swiss event needs --rounds N (N ≥ 1)");
    }
    if s.team_boards == Some(0) {
        return bad("--team-boards must be at least 1");
    }
    if !(1..=2).contains(&s.knockout_games) {
        return bad("--knockout-games must be 1 or 2");
    }
    if s.groups == 0 || s.qualifiers == 0 {
        return bad("--groups and --qualifiers must be at least 1");
    }
    if s.double_elimination && s.system != System::Knockout {
        return bad("--double-elimination is for --system knockout");
    }
    if s.max_colour_run == 0 {
        return bad("--max-colour-run must be at least 1");
    }
    Ok(())
}

#[derive(Serialize)]
struct BoardJson {
    board: u32,
    red: String,
    black: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<Option<&'static str>>,
}

fn boards(event: &Event, round: &Round, with_result: bool) -> Vec<BoardJson> {
    round
        .games()
        .map(|g| BoardJson {
            board: g.board,
            red: event.players[g.red].name.clone(),
            black: event.players[g.black].name.clone(),
            result: with_result.then(|| g.result.map(BoardResult::token)),
        })
        .collect()
}

#[derive(Serialize)]
struct RoundJson {
    round: u32,
    boards: Vec<BoardJson>,
    bye: Option<String>,
}

#[derive(Serialize)]
struct PlayerJson<'a> {
    name: &'a str,
    rating: Option<u32>,
    club: &'a str,
    withdrawn_after_round: Option<u32>,
}

#[derive(Serialize)]
struct ShowJson<'a> {
    name: &'a str,
    system: &'static str,
    players: Vec<PlayerJson<'a>>,
    rounds: Vec<RoundJson>,
}

/// The `show --json` object.
pub fn show(event: &Event) -> String {
    let value = ShowJson {
        name: &event.name,
        system: event.settings.system.name(),
        players: event
            .players
            .iter()
            .map(|p| PlayerJson {
                name: &p.name,
                rating: p.rating,
                club: if p.club.is_empty() { &p.team } else { &p.club },
                withdrawn_after_round: p.withdrawn_after_round,
            })
            .collect(),
        rounds: event
            .rounds
            .iter()
            .map(|r| RoundJson {
                round: r.number,
                boards: boards(event, r, true),
                bye: r.bye.map(|b| event.entrant_name(b)),
            })
            .collect(),
    };
    serde_json::to_string(&value).unwrap_or_default()
}

fn write_round(out: &mut dyn Write, event: &Event, round: &Round) -> Result<(), CliError> {
    writeln!(out, "round {}", round.number)?;
    for g in round.games() {
        writeln!(
            out,
            "{:>4}  {}  –  {}{}",
            g.board,
            event.players[g.red].name,
            event.players[g.black].name,
            g.result.map(|r| format!("  {r}")).unwrap_or_default()
        )?;
    }
    if let Some(b) = round.bye {
        writeln!(out, "bye: {}", event.entrant_name(b))?;
    }
    Ok(())
}

fn write_standings(out: &mut dyn Write, lines: &[Standing]) -> Result<(), CliError> {
    writeln!(
        out,
        "rank  name  score  played  wins  SB  Buchholz  direct  fouls"
    )?;
    for s in lines {
        writeln!(out, "{:>4}  {}  {}", s.rank, s.name, s.figures().join("  "))?;
    }
    Ok(())
}
