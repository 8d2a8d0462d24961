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
    fn errors_name_the_line() {
        let err =
            read_json("{\n  \"format\": \"qipu-game\",\n  \"version\": 1,\n  \"start\": 5\n}")
                .unwrap_err();
        assert_eq!(err.line, 4);
        assert!(err.reason.contains("invalid type"), "{}", err.reason);
    }
}
