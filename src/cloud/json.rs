//! The JSON form of the cloud's replies (`json=1`): `{"status":"ok","moves":[{"uci":"h2e2",
//! "score":1,"rank":2,"note":"! (12-05)","winrate":"50.07"}]}` for `queryall`,
//! `{"status":"ok","score":N,"depth":D,"pv":[…]}` for `querypv`, `{"status":"ok","eval":N}` for
//! `queryscore`, `{"status":"ok","move":…}` (or `"egtb"`, or `"search_moves":[{"uci":…}]`) for
//! `querybest`, and `{"status":"unknown"}` and the like instead of an answer. Qipu asks for the
//! text form; a server or mirror that answers in JSON is read here, through the same checks.

use serde_json::{Map, Value};

use super::answer::{BestMove, CloudMove, Pv};
use super::error::CloudError;
use super::reply::{
    cloud_move, count, legal_line, legal_move, no_repeats, score, status_error, MoveFields,
};
use crate::rules::{Move, Position};

/// The reply's object, once its status says it holds an answer.
fn answer(reply: &str) -> Result<Map<String, Value>, CloudError> {
    let value: Value = serde_json::from_str(reply.trim_end_matches('\0'))
        .map_err(|e| CloudError::malformed(reply, format!("not JSON: {e}")))?;
    let Value::Object(object) = value else {
        return Err(CloudError::malformed(reply, "not a JSON object"));
    };
    match object.get("status") {
        Some(Value::String(status)) if status == "ok" => Ok(object),
        Some(Value::String(status)) => Err(status_error(status).unwrap_or_else(|| {
            CloudError::malformed(reply, format!("status '{status}' is not known"))
        })),
        Some(_) => Err(CloudError::malformed(reply, "status is not text")),
        None => Err(CloudError::malformed(reply, "no status")),
    }
}

/// A number or a text, as text (the cloud writes `"score":1` but `"score":"??"` and
/// `"winrate":"50.07"`).
fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The field `key` of `object` as text, which must be there.
fn need(object: &Map<String, Value>, key: &str, reply: &str) -> Result<String, CloudError> {
    object
        .get(key)
        .and_then(text)
        .ok_or_else(|| CloudError::malformed(reply, format!("no {key}")))
}

/// The array `key` of `object`.
fn array<'a>(
    object: &'a Map<String, Value>,
    key: &str,
    reply: &str,
) -> Result<&'a Vec<Value>, CloudError> {
    match object.get(key) {
        Some(Value::Array(items)) => Ok(items),
        _ => Err(CloudError::malformed(reply, format!("no {key} list"))),
    }
}

/// The moves of a `queryall` answer.
pub(crate) fn moves(reply: &str, position: &Position) -> Result<Vec<CloudMove>, CloudError> {
    let object = answer(reply)?;
    let mut moves = Vec::new();
    for item in array(&object, "moves", reply)? {
        let Value::Object(entry) = item else {
            return Err(CloudError::malformed(reply, "a move that is not an object"));
        };
        let uci = need(entry, "uci", reply)?;
        let score = need(entry, "score", reply)?;
        let rank = need(entry, "rank", reply)?;
        let note = entry.get("note").and_then(text);
        let winrate = entry.get("winrate").and_then(text);
        let fields = MoveFields {
            uci: &uci,
            score: &score,
            rank: &rank,
            note: note.as_deref(),
            winrate: winrate.as_deref(),
        };
        moves.push(cloud_move(&fields, position, reply)?);
    }
    if moves.is_empty() {
        return Err(CloudError::malformed(reply, "no moves"));
    }
    no_repeats(&moves.iter().map(|m| m.mv).collect::<Vec<_>>(), reply)?;
    Ok(moves)
}

/// The principal line of a `querypv` answer.
pub(crate) fn pv(reply: &str, position: &Position) -> Result<Pv, CloudError> {
    let object = answer(reply)?;
    let line: Vec<String> = array(&object, "pv", reply)?
        .iter()
        .map(|m| text(m).ok_or_else(|| CloudError::malformed(reply, "a move that is not text")))
        .collect::<Result<_, _>>()?;
    Ok(Pv {
        score: score(&need(&object, "score", reply)?, reply)?,
        depth: count(&need(&object, "depth", reply)?, "depth", reply)?,
        moves: legal_line(line.iter().map(String::as_str), position, reply)?,
    })
}

/// The score of a `queryscore` answer.
pub(crate) fn eval(reply: &str) -> Result<i32, CloudError> {
    let object = answer(reply)?;
    score(&need(&object, "eval", reply)?, reply)
}

/// The move of a `querybest` answer.
pub(crate) fn best(reply: &str, position: &Position) -> Result<BestMove, CloudError> {
    let object = answer(reply)?;
    if let Some(mv) = object.get("move").and_then(text) {
        return Ok(BestMove::Book(legal_move(&mv, position, reply)?));
    }
    if let Some(mv) = object.get("egtb").and_then(text) {
        return Ok(BestMove::Endgame(legal_move(&mv, position, reply)?));
    }
    let moves = array(&object, "search_moves", reply)?
        .iter()
        .map(|item| {
            let uci = match item {
                Value::Object(entry) => need(entry, "uci", reply)?,
                _ => return Err(CloudError::malformed(reply, "a move that is not an object")),
            };
            legal_move(&uci, position, reply)
        })
        .collect::<Result<Vec<Move>, CloudError>>()?;
    if moves.is_empty() {
        return Err(CloudError::malformed(reply, "no moves"));
    }
    no_repeats(&moves, reply)?;
    Ok(BestMove::Search(moves))
}

/// Whether a `queue` answer took the position (`{"status":"ok"}`; `{}` when there was nothing
/// to queue).
pub(crate) fn queued(reply: &str) -> Result<bool, CloudError> {
    let empty = serde_json::from_str::<Value>(reply.trim_end_matches('\0'))
        .is_ok_and(|v| v.as_object().is_some_and(Map::is_empty));
    if empty {
        return Ok(false);
    }
    answer(reply).map(|_| true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cloud::answer::Rank;
    use crate::cloud::reply::Reply;

    #[test]
    fn the_json_form_reads_as_the_text_form_does() {
        let pos = Position::startpos();
        let json = r#"{"status":"ok","moves":[{"uci":"h2e2","score":1,"rank":2,"note":"! (12-05)","winrate":"50.07"},{"uci":"a3a4","score":"??","rank":0,"note":"? (??-??)"}],"ply":3}"#;
        let text = "move:h2e2,score:1,rank:2,note:! (12-05),winrate:50.07|\
                    move:a3a4,score:??,rank:0,note:? (??-??)";
        let from_json = Vec::<CloudMove>::parse(json, &pos).expect("JSON form");
        assert_eq!(
            from_json,
            Vec::<CloudMove>::parse(text, &pos).expect("text form")
        );
        assert_eq!(from_json[0].rank, Rank::Best);
        assert_eq!(
            Vec::<CloudMove>::parse(r#"{"status":"unknown"}"#, &pos),
            Err(CloudError::Unknown)
        );
        assert!(matches!(
            Vec::<CloudMove>::parse(r#"{"status":"ok","moves":[{"uci":"h2h9"#, &pos),
            Err(CloudError::Malformed { .. })
        ));
    }

    #[test]
    fn lines_scores_moves_and_queueing_in_json() {
        let pos = Position::startpos();
        let pv = Pv::parse(
            r#"{"status":"ok","score":14,"depth":2,"pv":["h2e2","h9g7"]}"#,
            &pos,
        )
        .expect("a line");
        assert_eq!((pv.score, pv.depth, pv.moves.len()), (14, 2, 2));
        assert_eq!(
            i32::parse(r#"{"status":"ok","eval":-5,"ply":4}"#, &pos),
            Ok(-5)
        );
        assert_eq!(
            BestMove::parse(r#"{"status":"ok","search_moves":[{"uci":"b2e2"}]}"#, &pos)
                .map(|b| b.first().map(|m| m.to_string())),
            Ok(Some("b2e2".to_owned()))
        );
        assert_eq!(
            BestMove::parse(r#"{"status":"nobestmove"}"#, &pos),
            Err(CloudError::Unknown)
        );
        assert_eq!(queued(r#"{"status":"ok"}"#), Ok(true));
        assert_eq!(queued("{}"), Ok(false));
    }
}
