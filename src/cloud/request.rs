//! What is asked of the cloud: the action, the position, the banned moves and the options, and
//! their text in the API's parameters.

use crate::rules::{Move, Position};

/// The API's actions Qipu uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Action {
    /// `queryall`: every known move with its score, rank, win rate and note.
    QueryAll,
    /// `querybest`: one move to play.
    QueryBest,
    /// `querypv`: the principal line and its score.
    QueryPv,
    /// `queryscore`: the position's score.
    QueryScore,
    /// `queue`: ask the cloud to analyse the position (only on the user's request).
    Queue,
}

impl Action {
    /// The `action` parameter.
    pub fn name(self) -> &'static str {
        match self {
            Action::QueryAll => "queryall",
            Action::QueryBest => "querybest",
            Action::QueryPv => "querypv",
            Action::QueryScore => "queryscore",
            Action::Queue => "queue",
        }
    }
}

/// Which endgame tables answer in endgames (`egtbmetric`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum EgtbMetric {
    /// Distance to mate (`dtm`, the cloud's default).
    #[default]
    Dtm,
    /// Distance to conversion (`dtc`).
    Dtc,
}

impl EgtbMetric {
    /// The `egtbmetric` parameter.
    pub fn name(self) -> &'static str {
        match self {
            EgtbMetric::Dtm => "dtm",
            EgtbMetric::Dtc => "dtc",
        }
    }
}

/// The options of a query.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Options {
    /// `showall`: list the legal moves the cloud has not scored too (as `score:??`).
    pub showall: bool,
    /// `egtbmetric`: the endgame tables' measure.
    pub metric: EgtbMetric,
    /// `learn`: let the cloud queue the position's unknown moves for analysis. Off unless the
    /// user asks (the cloud's own default is on; Qipu always says which).
    pub learn: bool,
}

/// One query: a position, the moves the cloud must leave out, and the options.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Request {
    /// The position asked about.
    pub position: Position,
    /// Moves the cloud must not give (`ban`): forbidden by the game's rules here.
    pub ban: Vec<Move>,
    /// The options.
    pub options: Options,
}

impl Request {
    /// A query about `position`, nothing banned, default options.
    pub fn new(position: Position) -> Request {
        Request {
            position,
            ban: Vec::new(),
            options: Options::default(),
        }
    }

    /// The same query with `ban` left out.
    pub fn banning(&self, ban: Vec<Move>) -> Request {
        Request {
            ban,
            ..self.clone()
        }
    }

    /// The `board` parameter: the board and the side to move, the two fields of the FEN the
    /// cloud reads (`rnbakabnr/9/… w`); the counters are left out, as the documentation's
    /// example does.
    pub fn board(&self) -> String {
        board_text(&self.position)
    }

    /// The `ban` parameter (`move:c3c4|move:b2e2`), or `None` when nothing is banned. The moves
    /// are sorted, so one set of moves is always one text.
    pub fn ban_text(&self) -> Option<String> {
        if self.ban.is_empty() {
            return None;
        }
        let mut moves: Vec<String> = self.ban.iter().map(|m| format!("move:{m}")).collect();
        moves.sort();
        moves.dedup();
        Some(moves.join("|"))
    }

    /// The key of this query's answer in the cache: the action, the board, the banned moves and
    /// the options that change the answer (`learn` does not).
    pub fn key(&self, action: Action) -> String {
        format!(
            "{} {} ban={} showall={} egtbmetric={}",
            action.name(),
            self.board(),
            self.ban_text().unwrap_or_default(),
            u8::from(self.options.showall),
            self.options.metric.name()
        )
    }
}

/// The board and side to move of `position`, as the `board` parameter writes them.
pub fn board_text(position: &Position) -> String {
    let fen = position.to_fen();
    let mut fields = fen.split(' ');
    match (fields.next(), fields.next()) {
        (Some(board), Some(side)) => format!("{board} {side}"),
        _ => fen,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_the_fens_board_and_side() {
        let request = Request::new(Position::startpos());
        assert_eq!(
            request.board(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
        );
    }

    #[test]
    fn banned_moves_are_written_sorted_once() {
        let mv = |t: &str| Move::parse_iccs(t).expect("ICCS");
        let request = Request::new(Position::startpos());
        assert_eq!(request.ban_text(), None);
        let banned = request.banning(vec![mv("h2e2"), mv("b2e2"), mv("h2e2")]);
        assert_eq!(banned.ban_text().as_deref(), Some("move:b2e2|move:h2e2"));
        assert_ne!(banned.key(Action::QueryAll), request.key(Action::QueryAll));
        assert_ne!(request.key(Action::QueryAll), request.key(Action::QueryPv));
    }
}
