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

use super::{cannot_read, CliError};
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

impl From<EventError> for CliError {
    fn from(e: EventError) -> CliError {
        CliError::Failed(e.to_string())
    }
}

/// `qipu event`.
#[derive(Debug, clap::Args)]
pub struct EventArgs {
    /// What to do with the event
    #[command(subcommand)]
    action: EventAction,
}

/// The event subcommands; EVENT is the event's file.
#[derive(Debug, clap::Subcommand)]
enum EventAction {
    /// Create an event file
    New(Box<NewArgs>),
    /// Add a player (or a team's player)
    Add(AddArgs),
    /// Add the players of a list (CSV: name, rating, club or team)
    Import(ImportArgs),
    /// Pair the next round
    Pair(PairArgs),
    /// Enter a board's result, correct it (--replace) or take it back (--clear)
    #[command(
        after_help = "RESULT is 1-0, 0-1, 1/2-1/2, +- (Red wins by forfeit), -+ (Black wins \
by forfeit) or -- (both sides forfeit, 21.3)."
    )]
    Result(ResultArgs),
    /// A team's players from board 1 down for its match in a round (12.1–12.3)
    Lineup(LineupArgs),
    /// A player withdraws after the rounds paired so far
    Withdraw(PlayerArgs),
    /// A warning (18.1) or a disqualification from a game (18.2)
    Penalty(PenaltyArgs),
    /// The event as JSON: players and rounds with their results
    Show(ShowArgs),
    /// The standings with their tie-breaks
    Standings(StandingsArgs),
    /// The event as TRF, CSV, HTML or PDF
    Export(ExportArgs),
}

/// `qipu event new`.
#[derive(Debug, clap::Args)]
struct NewArgs {
    /// The event file to create
    event: String,
    /// The event's name
    #[arg(long)]
    name: String,
    /// round-robin, double-round-robin, groups, knockout or swiss
    #[arg(long, value_name = "SYSTEM")]
    system: String,
    /// Rounds (a Swiss event needs them)
    #[arg(long, value_name = "N")]
    rounds: Option<String>,
    /// Boards a team match is played on (a team event)
    #[arg(long, value_name = "N")]
    team_boards: Option<String>,
    /// Groups (system groups)
    #[arg(long, value_name = "G")]
    groups: Option<String>,
    /// Players of each group going on to the knockout (system groups)
    #[arg(long, value_name = "Q")]
    qualifiers: Option<String>,
    /// Games of a knockout match: 1 or 2
    #[arg(long, value_name = "1|2")]
    knockout_games: Option<String>,
    /// How the numbers are drawn: rating or random
    #[arg(long, value_name = "rating|random")]
    draw: Option<String>,
    /// The seed of a random draw
    #[arg(long, value_name = "N")]
    seed: Option<String>,
    /// The points of a bye: 1, 0.5 or 0
    #[arg(long, value_name = "1|0.5|0")]
    bye_points: Option<String>,
    /// Swiss: the largest difference between a player's reds and blacks
    #[arg(long, value_name = "N")]
    max_colour_difference: Option<String>,
    /// Swiss: the most games in a row with one colour
    #[arg(long, value_name = "N")]
    max_colour_run: Option<String>,
    /// Team events: fixed, substitutes or per-match board order
    #[arg(long, value_name = "fixed|substitutes|per-match")]
    board_order: Option<String>,
    /// Count unplayed games in the tie-breaks
    #[arg(long)]
    unplayed_in_tiebreaks: bool,
    /// Knockout: a player is out after a second loss
    #[arg(long)]
    double_elimination: bool,
}

/// `qipu event add`.
#[derive(Debug, clap::Args)]
struct AddArgs {
    /// The event file
    event: String,
    /// The player's name
    name: String,
    /// The player's rating
    #[arg(long, value_name = "R", allow_negative_numbers = true)]
    rating: Option<String>,
    /// The player's club
    #[arg(long, value_name = "C")]
    club: Option<String>,
    /// The player's team (a team event needs it)
    #[arg(long, value_name = "T")]
    team: Option<String>,
}

/// `qipu event import`.
#[derive(Debug, clap::Args)]
struct ImportArgs {
    /// The event file
    event: String,
    /// The list of players
    #[arg(value_name = "players.csv")]
    list: String,
}

/// `qipu event pair`.
#[derive(Debug, clap::Args)]
struct PairArgs {
    /// The event file
    event: String,
    /// One JSON object instead of lines
    #[arg(long)]
    json: bool,
}

/// `qipu event result`.
#[derive(Debug, clap::Args)]
struct ResultArgs {
    /// The event file
    event: String,
    /// The round
    round: String,
    /// The board
    board: String,
    /// The result (or give --game, or --clear)
    #[arg(value_name = "RESULT", allow_hyphen_values = true)]
    result: Option<String>,
    /// The result as the game's record gives it
    #[arg(long, value_name = "FILE.pgn")]
    game: Option<String>,
    /// Correct a result entered before
    #[arg(long)]
    replace: bool,
    /// Take the result back
    #[arg(long, conflicts_with_all = ["game", "result"])]
    clear: bool,
}

/// `qipu event lineup`.
#[derive(Debug, clap::Args)]
struct LineupArgs {
    /// The event file
    event: String,
    /// The round
    round: String,
    /// The team
    team: String,
    /// Its players, from board 1 down
    #[arg(value_name = "PLAYER", required = true)]
    players: Vec<String>,
}

/// `qipu event withdraw`.
#[derive(Debug, clap::Args)]
struct PlayerArgs {
    /// The event file
    event: String,
    /// The player's name
    name: String,
}

/// `qipu event penalty`.
#[derive(Debug, clap::Args)]
struct PenaltyArgs {
    /// The event file
    event: String,
    /// The player's name
    name: String,
    /// A warning (18.1)
    #[arg(long)]
    warning: bool,
    /// A disqualification from a game (18.2)
    #[arg(long)]
    disqualification: bool,
}

/// `qipu event show`.
#[derive(Debug, clap::Args)]
struct ShowArgs {
    /// The event file
    event: String,
    /// As JSON (the one form there is)
    #[arg(long)]
    json: bool,
}

/// `qipu event standings`.
#[derive(Debug, clap::Args)]
struct StandingsArgs {
    /// The event file
    event: String,
    /// One JSON array instead of a table
    #[arg(long)]
    json: bool,
    /// A group's standings (from 1)
    #[arg(long, value_name = "N")]
    group: Option<String>,
    /// The teams' places
    #[arg(long)]
    team_places: bool,
}

/// `qipu event export`.
#[derive(Debug, clap::Args)]
struct ExportArgs {
    /// The event file
    event: String,
    /// The format: trf, csv, html or pdf
    #[arg(long, value_name = "trf|csv|html|pdf")]
    to: String,
    /// The file to write
    #[arg(short = 'o', value_name = "OUT")]
    output: String,
    /// The paper of a PDF: a4 (the default) or letter
    #[arg(long, value_name = "a4|letter")]
    paper: Option<String>,
}

/// The arguments as the parser is given them: after `event result`, a bare `--` is the result
/// of both sides forfeiting (21.3), not the end of the options, and goes to the parser as `0-0`,
/// its other spelling.
pub(super) fn forfeit_token(args: &[String]) -> Vec<String> {
    let is_result = matches!(args, [event, result, ..] if event == "event" && result == "result");
    args.iter()
        .enumerate()
        .map(|(i, arg)| {
            if is_result && i > 1 && arg == "--" {
                "0-0".to_owned()
            } else {
                arg.clone()
            }
        })
        .collect()
}

/// Run the subcommand; notes that change nothing go to `err`.
pub fn run(args: EventArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    match args.action {
        EventAction::New(args) => new(*args, out),
        EventAction::Add(args) => {
            let AddArgs {
                event: path,
                name,
                rating,
                club,
                team,
            } = args;
            let (club, team) = (club.unwrap_or_default(), team.unwrap_or_default());
            let rating = rating
                .map(|r| read_rating(&r).map_err(|e| CliError::Usage(e.to_string())))
                .transpose()?;
            let mut file = EventFile::open(Path::new(&path))?;
            if file.event().is_team_event() && team.is_empty() {
                return Err(CliError::Usage("a team event needs --team".to_owned()));
            }
            let player = Player {
                rating,
                club,
                team,
                ..Player::named(&name)
            };
            let next = edit::add_players(file.event(), vec![player])?;
            file.replace_all(next)?;
            writeln!(out, "added {name}")?;
            Ok(())
        }
        EventAction::Import(args) => {
            let mut file = EventFile::open(Path::new(&args.event))?;
            let players = read_players_file(Path::new(&args.list), file.event().is_team_event())?;
            let count = players.len();
            let next = edit::add_players(file.event(), players)?;
            file.replace_all(next)?;
            writeln!(out, "imported {count} players")?;
            Ok(())
        }
        EventAction::Pair(args) => {
            let mut file = EventFile::open(Path::new(&args.event))?;
            let next = pair_next(file.event())?;
            file.replace_all(next)?;
            let event = file.event();
            let round = event
                .rounds
                .last()
                .ok_or_else(|| CliError::Failed("no round was paired".to_owned()))?;
            if args.json {
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
        EventAction::Result(args) => result(args, out, err),
        EventAction::Lineup(args) => {
            let round = number(&args.round, "round")?;
            let team = &args.team;
            let names: Vec<&str> = args.players.iter().map(String::as_str).collect();
            let mut file = EventFile::open(Path::new(&args.event))?;
            let next = edit::set_lineup(file.event(), round, team, &names)?;
            file.replace_all(next)?;
            writeln!(out, "round {round}: {team} fields {}", names.join(", "))?;
            Ok(())
        }
        EventAction::Withdraw(args) => {
            let name = &args.name;
            let mut file = EventFile::open(Path::new(&args.event))?;
            let next = edit::withdraw(file.event(), name)?;
            file.replace_all(next)?;
            writeln!(
                out,
                "{name} withdrew after round {}",
                file.event().rounds.len()
            )?;
            Ok(())
        }
        EventAction::Penalty(args) => {
            let (name, disq) = (&args.name, args.disqualification);
            if args.warning == disq {
                return Err(CliError::Usage(
                    "give one of --warning (18.1) or --disqualification (18.2)".to_owned(),
                ));
            }
            let mut file = EventFile::open(Path::new(&args.event))?;
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
        EventAction::Show(args) => {
            let file = EventFile::open(Path::new(&args.event))?;
            writeln!(out, "{}", show(file.event()))?;
            Ok(())
        }
        EventAction::Standings(args) => {
            let (as_json, places) = (args.json, args.team_places);
            let group = args
                .group
                .as_deref()
                .map(|g| number(g, "group"))
                .transpose()?;
            let file = EventFile::open(Path::new(&args.event))?;
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
        EventAction::Export(args) => {
            let (to, output) = (args.to.as_str(), args.output.as_str());
            let paper = args
                .paper
                .as_deref()
                .map(str::parse::<Paper>)
                .transpose()
                .map_err(|e| CliError::Usage(e.to_string()))?
                .unwrap_or_default();
            let path = args.event.as_str();
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

/// `result`: enter a board's result, correct it (`--replace`) or take it back (`--clear`).
fn result(args: ResultArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), CliError> {
    let (path, round, board) = (args.event.as_str(), &args.round, &args.board);
    let replace = args.replace;
    let game = args.game.as_deref();
    let token = match (args.result.as_deref(), game, args.clear) {
        (Some(t), None, false) => Some(t),
        (None, Some(_), false) | (None, None, true) => None,
        _ => {
            return Err(CliError::Usage(
                "give the RESULT, --game FILE.pgn or --clear: one of them".to_owned(),
            ))
        }
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

fn number(text: &str, what: &str) -> Result<u32, CliError> {
    text.parse()
        .map_err(|_| CliError::Usage(format!("{what} '{text}' is not a number")))
}

fn new(args: NewArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let (name, system) = (args.name.as_str(), args.system.as_str());
    let mut settings = EventSettings::default();
    let num = |v: Option<&str>, what: &str| v.map(|v| number(v, what)).transpose();
    settings.rounds = num(args.rounds.as_deref(), "--rounds")?;
    settings.team_boards = num(args.team_boards.as_deref(), "--team-boards")?;
    if let Some(g) = num(args.groups.as_deref(), "--groups")? {
        settings.groups = g;
    }
    if let Some(q) = num(args.qualifiers.as_deref(), "--qualifiers")? {
        settings.qualifiers = q;
    }
    if let Some(k) = num(args.knockout_games.as_deref(), "--knockout-games")? {
        settings.knockout_games = k;
    }
    if let Some(d) = num(
        args.max_colour_difference.as_deref(),
        "--max-colour-difference",
    )? {
        settings.max_colour_difference = d;
    }
    if let Some(r) = num(args.max_colour_run.as_deref(), "--max-colour-run")? {
        settings.max_colour_run = r;
    }
    if let Some(s) = args.seed.as_deref() {
        settings.seed = s
            .parse()
            .map_err(|_| CliError::Usage(format!("--seed '{s}' is not a number")))?;
    }
    if let Some(d) = args.draw.as_deref() {
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
    if let Some(b) = args.bye_points.as_deref() {
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
    if let Some(o) = args.board_order.as_deref() {
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
    settings.unplayed_in_tiebreaks = args.unplayed_in_tiebreaks;
    settings.double_elimination = args.double_elimination;
    let path = args.event.as_str();
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
