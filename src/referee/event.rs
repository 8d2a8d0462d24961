//! Results that are events, not positions: resignation (4.1.9), a draw offered and accepted
//! (4.2.2, 23.1), loss on time (4.1.4), and the third foul (4.1.8), each with who and when.

use super::text;
use super::Ruling;
use crate::rules::Color;

/// Something that happened in the game besides the moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Event {
    /// The side resigns (4.1.9).
    Resign(Color),
    /// The side offers a draw after its own move (23.1).
    OfferDraw(Color),
    /// The side accepts the standing offer (4.2.2).
    AcceptDraw(Color),
    /// The side has not made its moves in the time allowed (4.1.4).
    LossOnTime(Color),
    /// The arbiter records a foul against the side (4.1.8 counts them).
    Foul(Color),
}

/// An event placed in the line: it happened after `ply` moves (0 = before the first move).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct TimedEvent {
    /// Moves played when it happened.
    pub ply: usize,
    /// What happened.
    pub event: Event,
}

/// An event list that the rules do not allow.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EventError {
    /// The event lies after the end of the line.
    #[error("event {index}: ply {ply} lies beyond the {len} moves played")]
    BeyondLine {
        /// Position of the event in the list (0-based).
        index: usize,
        /// Its ply.
        ply: usize,
        /// Moves in the line.
        len: usize,
    },
    /// Events must be listed in the order of their plies.
    #[error("event {index}: ply {ply} comes before the ply of the event listed before it")]
    OutOfOrder {
        /// Position of the event in the list.
        index: usize,
        /// Its ply.
        ply: usize,
    },
    /// 23.1: an offer is made by the side that has just moved.
    #[error(
        "event {index}: at ply {ply} {side} has not just moved and may not offer a draw (23.1)"
    )]
    OfferOutOfTurn {
        /// Position of the event in the list.
        index: usize,
        /// Its ply.
        ply: usize,
        /// The side that offered.
        side: Color,
    },
    /// 23.1: offers alternate; no side offers twice in a row.
    #[error("event {index}: {side} offers a draw twice in a row (23.1)")]
    OfferTwice {
        /// Position of the event in the list.
        index: usize,
        /// The side that offered.
        side: Color,
    },
    /// 23.1: only a standing offer of the opponent, not yet refused by a move, can be accepted.
    #[error("event {index}: at ply {ply} {side} accepts a draw that was not offered to it (23.1)")]
    NoOffer {
        /// Position of the event in the list.
        index: usize,
        /// Its ply.
        ply: usize,
        /// The side that accepted.
        side: Color,
    },
}

/// The side that made the `ply`-th move (ply ≥ 1) when `first` moved first.
fn mover(ply: usize, first: Color) -> Color {
    if ply % 2 == 1 {
        first
    } else {
        first.opponent()
    }
}

/// Check the events against the line's length and 23.1.
pub fn validate(events: &[TimedEvent], len: usize, first: Color) -> Result<(), EventError> {
    let mut last_ply = 0;
    let mut last_offerer: Option<Color> = None;
    let mut standing: Option<(Color, usize)> = None;
    for (index, e) in events.iter().enumerate() {
        let ply = e.ply;
        if ply > len {
            return Err(EventError::BeyondLine { index, ply, len });
        }
        if ply < last_ply {
            return Err(EventError::OutOfOrder { index, ply });
        }
        last_ply = ply;
        match e.event {
            Event::OfferDraw(side) => {
                if ply == 0 || mover(ply, first) != side {
                    return Err(EventError::OfferOutOfTurn { index, ply, side });
                }
                if last_offerer == Some(side) {
                    return Err(EventError::OfferTwice { index, side });
                }
                last_offerer = Some(side);
                standing = Some((side, ply));
            }
            Event::AcceptDraw(side) => {
                if standing != Some((side.opponent(), ply)) {
                    return Err(EventError::NoOffer { index, ply, side });
                }
            }
            Event::Resign(_) | Event::LossOnTime(_) | Event::Foul(_) => {}
        }
    }
    Ok(())
}

/// Apply the events placed at `ply`; the first that ends the game gives its ruling.
pub fn apply(
    events: &[TimedEvent],
    ply: usize,
    fouls: &mut [u32; 2],
    offer: &mut Option<(Color, usize)>,
) -> Option<Ruling> {
    for e in events.iter().filter(|e| e.ply == ply) {
        match e.event {
            Event::Resign(side) => return Some(text::resignation(ply, side)),
            Event::OfferDraw(side) => *offer = Some((side, ply)),
            Event::AcceptDraw(side) => {
                if let Some((offerer, at)) = *offer {
                    if at == ply && offerer == side.opponent() {
                        return Some(text::agreed_draw(ply, offerer));
                    }
                }
            }
            Event::LossOnTime(side) => return Some(text::loss_on_time(ply, side)),
            Event::Foul(side) => {
                fouls[side.index()] += 1;
                if fouls[side.index()] >= 3 {
                    return Some(text::three_fouls(ply, side));
                }
            }
        }
    }
    None
}
