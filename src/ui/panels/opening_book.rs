//! The cloud database as the computer's opening book (play against the computer): while the
//! cloud has a move for the position (a book move, or an endgame table's), the computer plays
//! it without searching; from the first position where it has none (unknown, a position to
//! search, no network), the engine plays, until a take-back goes back before that move.

use crate::cloud::{BestMove, Line};
use crate::rules::{Move, Position};

use crate::ui::base::command::outbox::{Arrival, JobId, Recipient};
use crate::ui::base::session::Session;
use crate::ui::panels::cloud_lines::CloudLines;
use crate::ui::workers::cloud_worker::{BookAnswer, CloudWorker};

/// The cloud as an opening book, for one game against the computer.
pub struct OpeningBook {
    worker: CloudWorker,
    /// The position last asked about: the game's start and the moves to it.
    asked: Option<(Position, Vec<Move>)>,
    /// The question whose answer is awaited.
    job: Option<JobId>,
    /// The number of moves played when the book first had no move: the engine plays from there.
    left_at: Option<usize>,
}

impl OpeningBook {
    /// The book of the cloud as `cloud` is set (its server and cache), its answers sent to the
    /// computer's game; `None` while the cloud is off.
    pub fn of(cloud: &CloudLines) -> Option<OpeningBook> {
        let worker = cloud.worker_for(Recipient::Computer)?;
        Some(OpeningBook {
            worker,
            asked: None,
            job: None,
            left_at: None,
        })
    }

    /// Whether the book answers for the position on the board, the computer being to move
    /// there: it is asked the first time; the engine waits while this is true. A take-back
    /// before the move where the book had none opens it again.
    pub fn plays(&mut self, session: &Session) -> bool {
        let start = session.game().start().clone();
        let moves = session.game().moves_to(session.cursor());
        match self.left_at {
            Some(left) if moves.len() >= left => return false,
            Some(_) => self.left_at = None,
            None => {}
        }
        let here = (start, moves);
        if self.asked.as_ref() != Some(&here) {
            let line = Line::new(here.0.clone(), here.1.clone(), session.rules())
                .unwrap_or_else(|_| Line::position(session.position().clone()));
            self.job = Some(self.worker.ask_best(line));
            self.asked = Some(here);
        }
        self.job.is_some()
    }

    /// Whether the book is asking the cloud (for the line under the computer's buttons).
    pub fn asking(&self) -> bool {
        self.job.is_some()
    }

    /// Whether `arrival` is the answer the book waits for.
    pub fn sent(&self, arrival: &Arrival) -> bool {
        self.job == Some(arrival.job())
    }

    /// The book's answer: its move, if it is for the position on the board; when it has none,
    /// the engine plays from this position on.
    pub fn arrived(&mut self, arrival: Arrival, session: &Session) -> Option<Move> {
        let answer = arrival.open::<BookAnswer>(self.job)?;
        self.job = None;
        let (start, moves) = self.asked.as_ref()?;
        let here =
            start == session.game().start() && *moves == session.game().moves_to(session.cursor());
        let mv = match answer.map(|fetched| fetched.value) {
            Ok(BestMove::Book(mv) | BestMove::Endgame(mv)) => Some(mv),
            Ok(BestMove::Search(_)) | Err(_) => None,
        };
        if mv.is_none() {
            self.left_at = Some(moves.len());
        }
        mv.filter(|_| here)
    }
}
