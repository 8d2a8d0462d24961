//! The Qipu JSON record (also the autosave format): the record's serde form, pretty-printed.

use crate::record::Game;

/// Why a JSON record cannot be read: the place (line, column) and the reason.
#[derive(Debug, thiserror::Error)]
#[error("line {line}, column {column}: {reason}")]
pub struct JsonError {
    /// Line (from 1).
    pub line: usize,
    /// Column (from 1).
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

/// Write a game as JSON.
pub fn write_json(game: &Game) -> String {
    serde_json::to_string_pretty(game).expect("a game always serialises: string keys, no maps")
}

/// Read a game from JSON.
pub fn read_json(text: &str) -> Result<Game, JsonError> {
    serde_json::from_str(text).map_err(|e| JsonError {
        line: e.line(),
        column: e.column(),
        reason: e.to_string(),
    })
}

/// Write games as JSON: one game as an object, several as an array of them.
pub fn write_json_games(games: &[Game]) -> String {
    match games {
        [one] => write_json(one),
        _ => serde_json::to_string_pretty(games)
            .expect("a game always serialises: string keys, no maps"),
    }
}

/// Read a JSON record file: one game (an object) or several (an array).
pub fn read_json_games(text: &str) -> Result<Vec<Game>, JsonError> {
    let to_error = |e: serde_json::Error| JsonError {
        line: e.line(),
        column: e.column(),
        reason: e.to_string(),
    };
    if text.trim_start().starts_with('[') {
        serde_json::from_str::<Vec<Game>>(text).map_err(to_error)
    } else {
        serde_json::from_str::<Game>(text)
            .map(|g| vec![g])
            .map_err(to_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Position};

    #[test]
    fn write_then_read_is_the_same_record() {
        let mut g = Game::new(Position::startpos());
        let a = g.play(g.root(), Move::parse_iccs("h2e2").unwrap()).unwrap();
        g.set_comment(a, "中炮 \"当头炮\"\n第二行");
        let back = read_json(&write_json(&g)).unwrap();
        assert!(g.same_record(&back));
    }

    #[test]
    fn several_games_are_an_array() {
        let a = Game::new(Position::startpos());
        let mut b = Game::new(Position::startpos());
        b.play(b.root(), Move::parse_iccs("b0c2").unwrap()).unwrap();
        let text = write_json_games(&[a.clone(), b.clone()]);
        assert!(text.trim_start().starts_with('['));
        let back = read_json_games(&text).unwrap();
        assert!(back.len() == 2 && back[0].same_record(&a) && back[1].same_record(&b));
        assert_eq!(read_json_games(&write_json(&b)).unwrap().len(), 1);
    }

    #[test]
    fn errors_name_the_line() {
        let err =
            read_json("{\n  \"format\": \"qipu-game\",\n  \"version\": 1,\n  \"start\": 5\n}")
                .unwrap_err();
        assert_eq!(err.line, 4);
        assert!(err.reason.contains("invalid type"), "{}", err.reason);
    }
}
