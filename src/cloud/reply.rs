//! The cloud's replies read into types, and written back in the documented text form (the cache
//! keeps answers in it and reads them again through the same reader).
//!
//! The text form, as the API documents it: `queryall` gives moves joined by `|`, each
//! `move:h2e2,score:1,rank:2,note:! (12-05),winrate:50.07`; `querypv` gives
//! `score:N,depth:D,pv:m1|m2|…`; `queryscore` gives `eval:N`; `querybest` gives `move:m`,
//! `egtb:m` or `search:m1|search:m2`; `queue` gives `ok`. Instead of an answer a reply may be
//! `unknown`, `nobestmove`, `invalid board`, `checkmate`, `stalemate` or `rate limit exceeded`.
//! The server ends a text reply with a NUL, which is dropped. A reply that starts with `{` is
//! the JSON form (`super::json`). Every move is checked legal in the position asked (a line's
//! moves each in turn); anything else is [`CloudError::Malformed`] quoting the reply.

use super::answer::{
    BestMove, CloudMove, Endgame, Metric, NoteDetail, Outcome, Pv, Rank, DECISIVE, MATE,
};
use super::error::CloudError;
use super::json;
use crate::rules::{Move, Position};

/// An answer the cloud gives, read from a reply and written back to one.
pub(crate) trait Reply: Sized {
    /// Read `reply` (text or JSON form) about `position`.
    fn parse(reply: &str, position: &Position) -> Result<Self, CloudError>;
    /// The answer in the documented text form.
    fn write(&self) -> String;
}

/// `reply` without the server's closing NUL and the white space around it.
pub(crate) fn clean(reply: &str) -> &str {
    reply.trim_matches(|c: char| c == '\0' || c.is_whitespace())
}

/// The error a reply stands for instead of an answer, if it is one of the cloud's words.
pub(crate) fn status_error(reply: &str) -> Option<CloudError> {
    let word = clean(reply).to_ascii_lowercase();
    Some(match word.as_str() {
        "unknown" | "nobestmove" => CloudError::Unknown,
        "invalid board" => CloudError::InvalidBoard,
        "checkmate" => CloudError::Checkmate,
        "stalemate" => CloudError::Stalemate,
        "rate limit exceeded" => CloudError::Refused {
            status: 200,
            reply: "rate limit exceeded".to_owned(),
        },
        _ => return None,
    })
}

/// Whether the reply is the JSON form.
fn is_json(reply: &str) -> bool {
    clean(reply).starts_with('{')
}

/// A reply's `key:value` fields, split at commas, each checked to be there once.
struct Fields<'a> {
    reply: &'a str,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Fields<'a> {
    fn split(entry: &'a str, reply: &'a str) -> Result<Fields<'a>, CloudError> {
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        for field in entry.split(',') {
            let Some((key, value)) = field.split_once(':') else {
                return Err(CloudError::malformed(
                    reply,
                    format!("'{field}' is not key:value"),
                ));
            };
            let key = key.trim();
            if pairs.iter().any(|(k, _)| *k == key) {
                return Err(CloudError::malformed(reply, format!("'{key}' twice")));
            }
            pairs.push((key, value.trim()));
        }
        Ok(Fields { reply, pairs })
    }

    fn get(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn need(&self, key: &str) -> Result<&'a str, CloudError> {
        self.get(key)
            .ok_or_else(|| CloudError::malformed(self.reply, format!("no {key}")))
    }
}

/// An ICCS move legal in `position`.
pub(crate) fn legal_move(text: &str, position: &Position, reply: &str) -> Result<Move, CloudError> {
    let mv = Move::parse_iccs(text)
        .filter(|_| text.len() == 4)
        .ok_or_else(|| CloudError::malformed(reply, format!("'{text}' is not an ICCS move")))?;
    if !position.is_legal(mv) {
        return Err(CloudError::malformed(
            reply,
            format!("{mv} is not a legal move in the position asked"),
        ));
    }
    Ok(mv)
}

/// A score in centipawns, within ±30000.
pub(crate) fn score(text: &str, reply: &str) -> Result<i32, CloudError> {
    let value: i32 = text
        .parse()
        .map_err(|_| CloudError::malformed(reply, format!("score '{text}' is not a number")))?;
    if value.abs() > MATE {
        return Err(CloudError::malformed(
            reply,
            format!("score {value} is beyond ±{MATE}"),
        ));
    }
    Ok(value)
}

/// A whole number that is not negative.
pub(crate) fn count(text: &str, what: &str, reply: &str) -> Result<u32, CloudError> {
    text.parse()
        .map_err(|_| CloudError::malformed(reply, format!("{what} '{text}' is not a count")))
}

/// The parts of one move as either form gives them, as text.
pub(crate) struct MoveFields<'a> {
    pub uci: &'a str,
    pub score: &'a str,
    pub rank: &'a str,
    pub note: Option<&'a str>,
    pub winrate: Option<&'a str>,
}

/// One move of a `queryall` answer, checked.
pub(crate) fn cloud_move(
    fields: &MoveFields,
    position: &Position,
    reply: &str,
) -> Result<CloudMove, CloudError> {
    let mv = legal_move(fields.uci, position, reply)?;
    let score = match fields.score {
        "??" => None,
        text => Some(score(text, reply)?),
    };
    let rank = fields
        .rank
        .parse::<u8>()
        .ok()
        .and_then(Rank::from_number)
        .ok_or_else(|| {
            CloudError::malformed(reply, format!("rank '{}' is not 0, 1 or 2", fields.rank))
        })?;
    let winrate = match fields.winrate {
        None => None,
        Some(text) => {
            let value: f64 = text.parse().map_err(|_| {
                CloudError::malformed(reply, format!("winrate '{text}' is not a number"))
            })?;
            if !(0.0..=100.0).contains(&value) {
                return Err(CloudError::malformed(
                    reply,
                    format!("winrate {value} is not a percentage"),
                ));
            }
            Some(value)
        }
    };
    if winrate.is_some() && score.is_none_or(|s| s.abs() >= DECISIVE) {
        return Err(CloudError::malformed(
            reply,
            format!("{mv} has a win rate but no evaluation"),
        ));
    }
    let note = fields.note.unwrap_or_default().to_owned();
    let detail = note_detail(&note, reply)?;
    Ok(CloudMove {
        mv,
        score,
        rank,
        winrate,
        note,
        detail,
    })
}

/// What a note says: `! (12-05)`, `? (??-??)`, `! (W-M-0025)` (distance to mate),
/// `* (D-03-012)` (distance to conversion). An empty note says nothing.
fn note_detail(note: &str, reply: &str) -> Result<NoteDetail, CloudError> {
    let bad = || CloudError::malformed(reply, format!("note '{note}' is not of a known form"));
    if note.is_empty() {
        return Ok(NoteDetail::Book {
            replies: None,
            good: None,
        });
    }
    let inner = note
        .strip_prefix(['!', '*', '?'])
        .map(str::trim_start)
        .and_then(|rest| rest.strip_prefix('('))
        .and_then(|rest| rest.strip_suffix(')'))
        .ok_or_else(bad)?;
    let parts: Vec<&str> = inner.split('-').collect();
    let number = |text: &str| count(text, "note", reply);
    let maybe = |text: &str| match text {
        "??" => Ok(None),
        t => number(t).map(Some),
    };
    match parts[..] {
        [replies, good] => Ok(NoteDetail::Book {
            replies: maybe(replies)?,
            good: maybe(good)?,
        }),
        [outcome, order, steps] => {
            let outcome = match outcome {
                "W" => Outcome::Win,
                "D" => Outcome::Draw,
                "L" => Outcome::Loss,
                _ => return Err(bad()),
            };
            let steps = number(steps)?;
            let metric = match order {
                "M" => Metric::Dtm { steps },
                order => Metric::Dtc {
                    order: number(order)?,
                    steps,
                },
            };
            Ok(NoteDetail::Endgame(Endgame { outcome, metric }))
        }
        _ => Err(bad()),
    }
}

/// A line of moves, each legal after the ones before.
pub(crate) fn legal_line<'a>(
    moves: impl IntoIterator<Item = &'a str>,
    position: &Position,
    reply: &str,
) -> Result<Vec<Move>, CloudError> {
    let mut at = position.clone();
    let mut line = Vec::new();
    for text in moves {
        let mv = legal_move(text, &at, reply)?;
        at = at
            .play(mv)
            .map_err(|e| CloudError::malformed(reply, e.to_string()))?;
        line.push(mv);
    }
    if line.is_empty() {
        return Err(CloudError::malformed(reply, "an empty line"));
    }
    Ok(line)
}

/// The error for a reply that is empty, one of the cloud's words, or neither.
fn not_an_answer(reply: &str, expected: &str) -> CloudError {
    if let Some(e) = status_error(reply) {
        return e;
    }
    if clean(reply).is_empty() {
        return CloudError::malformed(reply, "an empty reply");
    }
    CloudError::malformed(reply, format!("expected {expected}"))
}

/// Moves must not repeat in one answer.
pub(crate) fn no_repeats(moves: &[Move], reply: &str) -> Result<(), CloudError> {
    for (i, mv) in moves.iter().enumerate() {
        if moves[..i].contains(mv) {
            return Err(CloudError::malformed(reply, format!("{mv} twice")));
        }
    }
    Ok(())
}

impl Reply for Vec<CloudMove> {
    fn parse(reply: &str, position: &Position) -> Result<Self, CloudError> {
        if is_json(reply) {
            return json::moves(reply, position);
        }
        let text = clean(reply);
        if !text.starts_with("move:") {
            return Err(not_an_answer(reply, "move:…"));
        }
        let mut moves = Vec::new();
        for entry in text.split('|') {
            let fields = Fields::split(entry, reply)?;
            let parts = MoveFields {
                uci: fields.need("move")?,
                score: fields.need("score")?,
                rank: fields.need("rank")?,
                note: fields.get("note"),
                winrate: fields.get("winrate"),
            };
            moves.push(cloud_move(&parts, position, reply)?);
        }
        no_repeats(&moves.iter().map(|m| m.mv).collect::<Vec<_>>(), reply)?;
        Ok(moves)
    }

    fn write(&self) -> String {
        self.iter()
            .map(|m| {
                let score = m.score.map_or_else(|| "??".to_owned(), |s| s.to_string());
                let mut entry = format!(
                    "move:{},score:{score},rank:{},note:{}",
                    m.mv,
                    m.rank.number(),
                    m.note
                );
                if let Some(w) = m.winrate {
                    entry.push_str(&format!(",winrate:{w}"));
                }
                entry
            })
            .collect::<Vec<_>>()
            .join("|")
    }
}

impl Reply for Pv {
    fn parse(reply: &str, position: &Position) -> Result<Self, CloudError> {
        if is_json(reply) {
            return json::pv(reply, position);
        }
        let text = clean(reply);
        if !text.starts_with("score:") {
            return Err(not_an_answer(reply, "score:…,depth:…,pv:…"));
        }
        let fields = Fields::split(text, reply)?;
        Ok(Pv {
            score: score(fields.need("score")?, reply)?,
            depth: count(fields.need("depth")?, "depth", reply)?,
            moves: legal_line(fields.need("pv")?.split('|'), position, reply)?,
        })
    }

    fn write(&self) -> String {
        let line: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        format!(
            "score:{},depth:{},pv:{}",
            self.score,
            self.depth,
            line.join("|")
        )
    }
}

impl Reply for i32 {
    fn parse(reply: &str, _position: &Position) -> Result<Self, CloudError> {
        if is_json(reply) {
            return json::eval(reply);
        }
        match clean(reply).strip_prefix("eval:") {
            Some(value) => score(value.trim(), reply),
            None => Err(not_an_answer(reply, "eval:…")),
        }
    }

    fn write(&self) -> String {
        format!("eval:{self}")
    }
}

impl Reply for BestMove {
    fn parse(reply: &str, position: &Position) -> Result<Self, CloudError> {
        if is_json(reply) {
            return json::best(reply, position);
        }
        let text = clean(reply);
        if let Some(mv) = text.strip_prefix("move:") {
            return Ok(BestMove::Book(legal_move(mv, position, reply)?));
        }
        if let Some(mv) = text.strip_prefix("egtb:") {
            return Ok(BestMove::Endgame(legal_move(mv, position, reply)?));
        }
        if text.starts_with("search:") {
            let moves = text
                .split('|')
                .map(|entry| match entry.strip_prefix("search:") {
                    Some(mv) => legal_move(mv, position, reply),
                    None => Err(CloudError::malformed(
                        reply,
                        format!("'{entry}' is not search:…"),
                    )),
                })
                .collect::<Result<Vec<Move>, CloudError>>()?;
            no_repeats(&moves, reply)?;
            return Ok(BestMove::Search(moves));
        }
        Err(not_an_answer(reply, "move:…, egtb:… or search:…"))
    }

    fn write(&self) -> String {
        match self {
            BestMove::Book(m) => format!("move:{m}"),
            BestMove::Endgame(m) => format!("egtb:{m}"),
            BestMove::Search(moves) => moves
                .iter()
                .map(|m| format!("search:{m}"))
                .collect::<Vec<_>>()
                .join("|"),
        }
    }
}

/// Whether the cloud took the position into its queue (`ok`), or had nothing to queue (an
/// empty reply).
pub(crate) fn queued(reply: &str) -> Result<bool, CloudError> {
    if is_json(reply) {
        return json::queued(reply);
    }
    match clean(reply) {
        "ok" => Ok(true),
        "" => Ok(false),
        _ => Err(not_an_answer(reply, "ok")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        Position::startpos()
    }

    #[test]
    fn a_queryall_reply_is_read_move_by_move() {
        let reply = "move:h2e2,score:1,rank:2,note:! (12-05),winrate:50.07|\
                     move:b0c2,score:-3,rank:1,note:* (08-02),winrate:49.55|\
                     move:a3a4,score:??,rank:0,note:? (??-??)\0";
        let moves = Vec::<CloudMove>::parse(reply, &start()).expect("a good reply");
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[0].mv.to_string(), "h2e2");
        assert_eq!(moves[0].score, Some(1));
        assert_eq!(moves[0].rank, Rank::Best);
        assert_eq!(moves[0].winrate, Some(50.07));
        assert_eq!(
            moves[0].detail,
            NoteDetail::Book {
                replies: Some(12),
                good: Some(5)
            }
        );
        assert_eq!(moves[1].score, Some(-3));
        assert_eq!(moves[2].score, None);
        assert_eq!(moves[2].winrate, None);
        assert_eq!(
            moves[2].detail,
            NoteDetail::Book {
                replies: None,
                good: None
            }
        );
        // Written back and read again, the same moves.
        let again = Vec::<CloudMove>::parse(&moves.write(), &start()).expect("round trip");
        assert_eq!(again, moves);
    }

    #[test]
    fn endgame_notes_give_the_tables_result_and_distance() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w").expect("FEN");
        let reply = "move:a1a2,score:29975,rank:2,note:! (W-M-0025)|\
                     move:d0d1,score:0,rank:0,note:? (D-03-012)";
        let moves = Vec::<CloudMove>::parse(reply, &pos).expect("endgame reply");
        assert_eq!(
            moves[0].endgame(),
            Some(Endgame {
                outcome: Outcome::Win,
                metric: Metric::Dtm { steps: 25 }
            })
        );
        assert_eq!(moves[0].plies_to_mate(), Some(25));
        assert_eq!(
            moves[1].endgame(),
            Some(Endgame {
                outcome: Outcome::Draw,
                metric: Metric::Dtc {
                    order: 3,
                    steps: 12
                }
            })
        );
    }

    #[test]
    fn the_clouds_words_are_errors_of_their_own() {
        let pos = start();
        let cases = [
            ("unknown\0", CloudError::Unknown),
            ("invalid board", CloudError::InvalidBoard),
            ("checkmate", CloudError::Checkmate),
            ("stalemate", CloudError::Stalemate),
        ];
        for (reply, expected) in cases {
            assert_eq!(Vec::<CloudMove>::parse(reply, &pos), Err(expected));
        }
        assert_eq!(
            BestMove::parse("nobestmove", &pos),
            Err(CloudError::Unknown)
        );
        assert!(matches!(
            Vec::<CloudMove>::parse("rate limit exceeded", &pos),
            Err(CloudError::Refused { status: 200, .. })
        ));
    }

    #[test]
    fn malformed_replies_are_errors_that_quote_them() {
        let pos = start();
        for reply in [
            "",
            "hello",
            "move:h2e2",
            "move:h2e2,score:x,rank:2,note:! (01-01)",
            "move:h2e2,score:1,rank:7,note:! (01-01)",
            "move:a0a5,score:1,rank:2,note:! (01-01)",
            "move:zz99,score:1,rank:2,note:! (01-01)",
            "move:h2e2,score:1,rank:2,note:! (01-01),winrate:180",
            "move:h2e2,score:99999,rank:2,note:! (01-01)",
            "move:h2e2,score:1,rank:2,note:great",
            "move:h2e2,score:1,rank:2,note:! (01-01)|move:h2e2,score:1,rank:2,note:! (01-01)",
            "move:h2e2,move:h2e2,score:1,rank:2",
        ] {
            match Vec::<CloudMove>::parse(reply, &pos) {
                Err(CloudError::Malformed { reply: quoted, .. }) => assert_eq!(quoted, reply),
                other => panic!("{reply:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn a_principal_line_is_checked_move_by_move() {
        let pos = start();
        let pv = Pv::parse("score:14,depth:3,pv:h2e2|h9g7|h0g2\0", &pos).expect("a line");
        assert_eq!(pv.score, 14);
        assert_eq!(pv.depth, 3);
        let line: Vec<String> = pv.moves.iter().map(Move::to_string).collect();
        assert_eq!(line, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(Pv::parse(&pv.write(), &pos), Ok(pv));
        // The second move is Red's again: not legal after h2e2.
        assert!(matches!(
            Pv::parse("score:14,depth:2,pv:h2e2|h0g2", &pos),
            Err(CloudError::Malformed { .. })
        ));
    }

    #[test]
    fn scores_best_moves_and_the_queue() {
        let pos = start();
        assert_eq!(i32::parse("eval:-23\0", &pos), Ok(-23));
        assert!(i32::parse("eval:a", &pos).is_err());
        let best = BestMove::parse("move:b2e2", &pos).expect("a move");
        assert_eq!(best.first().map(|m| m.to_string()).as_deref(), Some("b2e2"));
        let search = BestMove::parse("search:h2e2|search:b2e2", &pos).expect("moves");
        assert!(matches!(&search, BestMove::Search(m) if m.len() == 2));
        assert_eq!(BestMove::parse(&search.write(), &pos), Ok(search));
        assert!(matches!(
            BestMove::parse("egtb:e0e2", &pos),
            Err(CloudError::Malformed { .. })
        ));
        assert_eq!(queued("ok\0"), Ok(true));
        assert_eq!(queued(""), Ok(false));
        assert!(queued("maybe").is_err());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

        /// Any reply, made of the API's words, moves, numbers and punctuation, is read or
        /// refused, never a panic; what is read is written back and read again the same.
        #[test]
        fn any_reply_is_read_or_refused(
            reply in "(move:|score:|rank:|note:|winrate:|eval:|pv:|depth:|egtb:|search:|\\?\\?|\
                      [a-i][0-9][a-i][0-9]|[-!*?() ,|:.0-9WDLM{}\"\\[\\]]|\\PC){0,30}"
        ) {
            let pos = start();
            if let Ok(moves) = Vec::<CloudMove>::parse(&reply, &pos) {
                proptest::prop_assert_eq!(Vec::<CloudMove>::parse(&moves.write(), &pos), Ok(moves));
            }
            if let Ok(pv) = Pv::parse(&reply, &pos) {
                proptest::prop_assert_eq!(Pv::parse(&pv.write(), &pos), Ok(pv));
            }
            if let Ok(best) = BestMove::parse(&reply, &pos) {
                proptest::prop_assert_eq!(BestMove::parse(&best.write(), &pos), Ok(best));
            }
            if let Ok(score) = i32::parse(&reply, &pos) {
                proptest::prop_assert_eq!(i32::parse(&score.write(), &pos), Ok(score));
            }
            let _ = queued(&reply);
        }
    }
}
