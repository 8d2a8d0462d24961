//! The lines an engine writes, read into messages. UCI and UCCI share the words: `id`,
//! `option`, `uciok`/`ucciok`, `readyok`, `info …`, `bestmove M [ponder P]`, and UCCI's
//! `nobestmove`. Moves stay text here; the engine's coordinates are translated against the
//! position searched (see [`super::coords`]).

use super::option::EngineOption;
use super::score::{Bound, BoundedScore, Value, Wdl};

/// One line from the engine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Output {
    /// `id name …`.
    Name(String),
    /// `id author …`.
    Author(String),
    /// An `option` line.
    Option(EngineOption),
    /// `uciok` or `ucciok`: the handshake is over.
    HandshakeDone,
    /// `readyok`.
    ReadyOk,
    /// An `info` line.
    Info(Box<RawInfo>),
    /// `bestmove M [ponder P]`; `None` for `(none)`, `0000` or nothing.
    BestMove {
        /// The move.
        best: Option<String>,
        /// The expected reply.
        ponder: Option<String>,
    },
    /// UCCI's `nobestmove`.
    NoBestMove,
    /// Anything else (banners, `copyprotection`, debug text).
    Other(String),
}

/// An `info` line with the moves as the engine wrote them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RawInfo {
    /// Nominal depth.
    pub depth: Option<u32>,
    /// Selective depth.
    pub seldepth: Option<u32>,
    /// The line's rank (1 = best) when several lines are searched.
    pub multipv: Option<u32>,
    /// The score, from the side to move.
    pub score: Option<BoundedScore>,
    /// Winning, drawing and losing chances.
    pub wdl: Option<Wdl>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Milliseconds searched.
    pub time_ms: Option<u64>,
    /// Hash table use in permille.
    pub hashfull: Option<u32>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// The root move being searched.
    pub currmove: Option<String>,
    /// `info string …`.
    pub string: Option<String>,
}

impl Output {
    /// Read one line.
    pub fn parse(line: &str) -> Output {
        let line = line.trim();
        let mut words = line.split_whitespace();
        match words.next() {
            Some("id") => match words.next() {
                Some("name") => Output::Name(rest_after(line, 2)),
                Some("author") => Output::Author(rest_after(line, 2)),
                _ => Output::Other(line.to_owned()),
            },
            Some("option") => match EngineOption::parse(line) {
                Some(o) => Output::Option(o),
                None => Output::Other(line.to_owned()),
            },
            Some("uciok") | Some("ucciok") => Output::HandshakeDone,
            Some("readyok") => Output::ReadyOk,
            Some("info") => Output::Info(Box::new(parse_info(line))),
            Some("bestmove") => {
                let best = words.next().filter(|m| is_move_text(m)).map(str::to_owned);
                let ponder = match words.next() {
                    Some("ponder") => words.next().filter(|m| is_move_text(m)).map(str::to_owned),
                    _ => None,
                };
                Output::BestMove { best, ponder }
            }
            Some("nobestmove") => Output::NoBestMove,
            _ => Output::Other(line.to_owned()),
        }
    }
}

/// Whether `word` can be a move (not `(none)`, `0000`, `null`).
fn is_move_text(word: &str) -> bool {
    word.len() >= 4 && word != "0000" && word.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The text after the first `n` words.
fn rest_after(line: &str, n: usize) -> String {
    let mut rest = line;
    for _ in 0..n {
        rest = rest.trim_start();
        rest = rest.find(char::is_whitespace).map_or("", |at| &rest[at..]);
    }
    rest.trim().to_owned()
}

const INFO_KEYS: [&str; 16] = [
    "depth",
    "seldepth",
    "multipv",
    "score",
    "wdl",
    "nodes",
    "nps",
    "time",
    "hashfull",
    "pv",
    "currmove",
    "currmovenumber",
    "tbhits",
    "string",
    "cpuload",
    "refutation",
];

fn parse_info(line: &str) -> RawInfo {
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    let mut info = RawInfo::default();
    let number = |i: usize| words.get(i).and_then(|w| w.parse::<u64>().ok());
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        i += 1;
        match key {
            "depth" => info.depth = number(i).and_then(|n| u32::try_from(n).ok()),
            "seldepth" => info.seldepth = number(i).and_then(|n| u32::try_from(n).ok()),
            "multipv" => info.multipv = number(i).and_then(|n| u32::try_from(n).ok()),
            "nodes" => info.nodes = number(i),
            "nps" => info.nps = number(i),
            "time" => info.time_ms = number(i),
            "hashfull" => info.hashfull = number(i).and_then(|n| u32::try_from(n).ok()),
            "currmove" => info.currmove = words.get(i).map(|w| (*w).to_owned()),
            "string" => {
                info.string = Some(words[i..].join(" "));
                break;
            }
            "score" => {
                let (score, used) = parse_score(&words[i..]);
                info.score = score;
                i += used;
                continue;
            }
            "wdl" => {
                let n = |k: usize| number(i + k).and_then(|n| u32::try_from(n).ok());
                if let (Some(win), Some(draw), Some(loss)) = (n(0), n(1), n(2)) {
                    info.wdl = Some(Wdl { win, draw, loss });
                    i += 3;
                }
                continue;
            }
            "pv" => {
                while i < words.len() && !INFO_KEYS.contains(&words[i]) {
                    info.pv.push(words[i].to_owned());
                    i += 1;
                }
                continue;
            }
            _ => continue,
        }
        i += 1;
    }
    info
}

/// `cp 35 [lowerbound|upperbound]`, `mate -3`, or UCCI's bare `35`; with the words used.
fn parse_score(words: &[&str]) -> (Option<BoundedScore>, usize) {
    let int = |i: usize| words.get(i).and_then(|w| w.parse::<i32>().ok());
    let (value, mut used) = match words.first() {
        Some(&"cp") => (int(1).map(Value::Centipawns), 2),
        Some(&"mate") => (int(1).map(Value::mate_in), 2),
        _ => (int(0).map(Value::Centipawns), 1),
    };
    let bound = match words.get(used) {
        Some(&"lowerbound") => {
            used += 1;
            Bound::Lower
        }
        Some(&"upperbound") => {
            used += 1;
            Bound::Upper
        }
        _ => Bound::Exact,
    };
    (value.map(|value| BoundedScore { value, bound }), used)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_every_field() {
        let Output::Info(info) = Output::parse(
            "info depth 12 seldepth 17 multipv 2 score cp -35 upperbound wdl 120 700 180 \
             nodes 40574 nps 95693 hashfull 7 tbhits 0 time 424 pv c0e2 c9e7 h0g2",
        ) else {
            panic!("an info line");
        };
        assert_eq!(info.depth, Some(12));
        assert_eq!(info.seldepth, Some(17));
        assert_eq!(info.multipv, Some(2));
        assert_eq!(
            info.score,
            Some(BoundedScore {
                value: Value::Centipawns(-35),
                bound: Bound::Upper
            })
        );
        assert_eq!(
            info.wdl,
            Some(Wdl {
                win: 120,
                draw: 700,
                loss: 180
            })
        );
        assert_eq!(
            (info.nodes, info.nps, info.time_ms),
            (Some(40574), Some(95693), Some(424))
        );
        assert_eq!(info.hashfull, Some(7));
        assert_eq!(info.pv, vec!["c0e2", "c9e7", "h0g2"]);
    }

    #[test]
    fn mates_ucci_scores_and_strings() {
        let Output::Info(info) = Output::parse("info depth 3 score mate -2 pv e10f10 e3e9") else {
            panic!()
        };
        assert_eq!(info.score, Some(BoundedScore::exact(Value::mate_in(-2))));
        assert_eq!(info.pv, vec!["e10f10", "e3e9"]);
        let Output::Info(info) = Output::parse("info depth 5 score 109 pv b9c7") else {
            panic!()
        };
        assert_eq!(
            info.score,
            Some(BoundedScore::exact(Value::Centipawns(109)))
        );
        let Output::Info(info) = Output::parse("info string NNUE evaluation using x.nnue") else {
            panic!()
        };
        assert_eq!(info.string.as_deref(), Some("NNUE evaluation using x.nnue"));
    }

    #[test]
    fn handshake_and_best_moves() {
        assert_eq!(
            Output::parse("id name Fairy-Stockfish 11.1 LB 64"),
            Output::Name("Fairy-Stockfish 11.1 LB 64".into())
        );
        assert_eq!(Output::parse("ucciok"), Output::HandshakeDone);
        assert_eq!(
            Output::parse("bestmove h10g8 ponder b1c3"),
            Output::BestMove {
                best: Some("h10g8".into()),
                ponder: Some("b1c3".into())
            }
        );
        assert_eq!(
            Output::parse("bestmove (none)"),
            Output::BestMove {
                best: None,
                ponder: None
            }
        );
        assert_eq!(Output::parse("nobestmove"), Output::NoBestMove);
        assert!(
            matches!(Output::parse("option name Hash type spin default 16 min 1 max 64"), Output::Option(o) if o.name == "Hash")
        );
    }
}
