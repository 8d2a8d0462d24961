//! A solution cut to the moves that make the puzzle: an engine's best line goes on with quiet
//! moves long after its point is made, and six quiet moves to guess are no puzzle. The line is
//! kept up to the solver's move after which the advantage is decisive ([`DECISIVE`]), or up to
//! the last solver's move that is the only good one (the next one's second-best is less than
//! [`UNIQUE_MARGIN`] worse); a line that mates is kept whole, and the first move always.

use super::judge::{after, value, NODE_CAP};
use crate::engine::{Control, Engine, Limits, Line, Score};
use crate::record::Game;
use crate::rules::Move;

/// The solver's lead, in centipawns, from which the advantage is decisive: about a horse or a
/// cannon ahead in the built-in engine's material (420 and 460), which ordinary technique wins;
/// the puzzle's point is made once it is reached.
pub const DECISIVE: i32 = 400;

/// How much worse, in centipawns, the second-best move must be for the solver's move to be the
/// only one: the loss from which a review marks a move a mistake (`?`,
/// [`crate::engine_client::Thresholds`]). A move whose alternative loses less is a matter of
/// taste, not something to find.
pub const UNIQUE_MARGIN: i32 = 100;

/// Plies searched for each judgement: deep enough to see a piece won back, quick enough for
/// the sets made from a game's mistakes.
const TRIM_DEPTH: u32 = 6;

/// Whether `mv` is the only good move from `line`'s position: the best other move scores at
/// least [`UNIQUE_MARGIN`] less, or there is none. `None` when `control` stopped the search.
fn only_move(engine: &mut Engine, line: &Line, mv: Move, control: &Control) -> Option<bool> {
    if line.position().legal_moves().len() < 2 {
        return Some(true);
    }
    let mut search = |only: Vec<Move>, banned: Vec<Move>| {
        let limits = Limits {
            depth: Some(TRIM_DEPTH),
            nodes: Some(NODE_CAP),
            only,
            banned,
            ..Limits::default()
        };
        engine.think(line, &limits, control, &mut |_| {}).score
    };
    let with = search(vec![mv], Vec::new())?;
    let without = search(Vec::new(), vec![mv])?;
    Some(value(with) - value(without) >= UNIQUE_MARGIN)
}

/// Cut the main line of `game` (a puzzle: the side to move at its start solves) after the
/// solver's move that makes the advantage decisive, or before the first of the solver's later
/// moves that is not the only good one; the opponent's reply after the last move kept goes
/// too, so the solution ends with the solver's move. Other lines from the start (the move
/// played in the game) are kept. Returns the plies kept; `None` when `control` stopped the
/// searches (the game is then left as it was).
pub fn trim_solution(game: &mut Game, engine: &mut Engine, control: &Control) -> Option<usize> {
    let line = game.main_line();
    let mut keep = 0;
    for (i, &node) in line.iter().enumerate().step_by(2) {
        let (Some(mv), Some(parent)) = (game.move_of(node), game.parent(node)) else {
            break;
        };
        let before = Line::new(game.start().clone(), game.moves_to(parent)).ok()?;
        if i > 0 && !only_move(engine, &before, mv, control)? {
            break;
        }
        keep = i + 1;
        let (_, _, score) = after(engine, &before, mv, TRIM_DEPTH, control)?;
        match score {
            // A mate is found move by move: every one of its moves is the puzzle.
            Score::Mate(n) if n > 0 => {
                keep = line.len();
                break;
            }
            score if value(score) >= DECISIVE => break,
            _ => {}
        }
    }
    if let Some(&first_cut) = line.get(keep) {
        game.delete_from(first_cut);
    }
    Some(keep)
}
