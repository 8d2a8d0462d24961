//! The tags of a record (PGN `[Key "value"]`): kept in the order met, known keys typed, unknown
//! keys kept with their spelling.

use std::fmt;

/// The key of a tag. Keys are matched without regard to case; unknown ones keep their spelling.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TagKey {
    /// `Game` (`"Chinese Chess"` in XiangQi Wizard files).
    Game,
    /// `Event`: the competition (赛事).
    Event,
    /// `Site`: the place (地点).
    Site,
    /// `Date`: `yyyy.mm.dd`, parts may be `??`.
    Date,
    /// `Round` (轮次).
    Round,
    /// `RedTeam` (红方队伍).
    RedTeam,
    /// `Red`: the player of Red (红方).
    Red,
    /// `RedElo`.
    RedElo,
    /// `BlackTeam` (黑方队伍).
    BlackTeam,
    /// `Black`: the player of Black (黑方).
    Black,
    /// `BlackElo`.
    BlackElo,
    /// `Result`: `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result,
    /// `Termination`: why the game ended, by the name of its reason
    /// ([`crate::ending::Reason::key`]: `resignation`, `checkmate`, …).
    Termination,
    /// `ECCO`: the opening code of the xqbase classification (e.g. `C42`).
    Ecco,
    /// `Opening` (开局).
    Opening,
    /// `Variation` (变例).
    Variation,
    /// `Annotator` (评注).
    Annotator,
    /// `TimeControl` (用时).
    TimeControl,
    /// `FEN`: the start position. A record keeps its start position apart; writers add this tag.
    Fen,
    /// `Format`: how the moves are written (`ICCS`, `WXF`, `Chinese`). Writers add this tag.
    Format,
    /// Any other key, spelled as written.
    Other(String),
}

const KNOWN: [(TagKey, &str); 20] = [
    (TagKey::Game, "Game"),
    (TagKey::Event, "Event"),
    (TagKey::Site, "Site"),
    (TagKey::Date, "Date"),
    (TagKey::Round, "Round"),
    (TagKey::RedTeam, "RedTeam"),
    (TagKey::Red, "Red"),
    (TagKey::RedElo, "RedElo"),
    (TagKey::BlackTeam, "BlackTeam"),
    (TagKey::Black, "Black"),
    (TagKey::BlackElo, "BlackElo"),
    (TagKey::Result, "Result"),
    (TagKey::Termination, "Termination"),
    (TagKey::Ecco, "ECCO"),
    (TagKey::Opening, "Opening"),
    (TagKey::Variation, "Variation"),
    (TagKey::Annotator, "Annotator"),
    (TagKey::TimeControl, "TimeControl"),
    (TagKey::Fen, "FEN"),
    (TagKey::Format, "Format"),
];

impl TagKey {
    /// The key for a name as written; known names in any case become typed keys.
    pub fn parse(name: &str) -> TagKey {
        KNOWN
            .iter()
            .find(|(_, known)| known.eq_ignore_ascii_case(name))
            .map(|(key, _)| key.clone())
            .unwrap_or_else(|| TagKey::Other(name.to_owned()))
    }

    /// The name to write.
    pub fn name(&self) -> &str {
        match self {
            TagKey::Other(name) => name,
            key => KNOWN
                .iter()
                .find(|(k, _)| k == key)
                .map_or("", |(_, name)| name),
        }
    }
}

impl fmt::Display for TagKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The tags of a game, in order. A key may appear once; setting an existing key keeps its place.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Tags {
    entries: Vec<(TagKey, String)>,
}

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// The value of a key.
    pub fn get(&self, key: &TagKey) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Set a key: replaced in place if present, appended otherwise.
    pub fn set(&mut self, key: TagKey, value: impl Into<String>) {
        let value = value.into();
        match self.entries.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = value,
            None => self.entries.push((key, value)),
        }
    }

    /// Remove a key; returns its value.
    pub fn remove(&mut self, key: &TagKey) -> Option<String> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        Some(self.entries.remove(i).1)
    }

    /// Every tag, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&TagKey, &str)> {
        self.entries.iter().map(|(k, v)| (k, v.as_str()))
    }

    /// Number of tags.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are no tags.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_typed_without_regard_to_case() {
        assert_eq!(TagKey::parse("red"), TagKey::Red);
        assert_eq!(TagKey::parse("ecco"), TagKey::Ecco);
        assert_eq!(TagKey::parse("Ecco").name(), "ECCO");
        assert_eq!(TagKey::parse("fen"), TagKey::Fen);
        assert_eq!(
            TagKey::parse("PlyCount"),
            TagKey::Other("PlyCount".to_owned())
        );
        assert_eq!(TagKey::parse("PlyCount").name(), "PlyCount");
    }

    #[test]
    fn tags_keep_order_and_place() {
        let mut tags = Tags::new();
        tags.set(TagKey::Event, "甲级联赛");
        tags.set(TagKey::Other("Custom".into()), "x");
        tags.set(TagKey::Red, "许银川");
        tags.set(TagKey::Event, "乙级联赛");
        let keys: Vec<_> = tags.iter().map(|(k, _)| k.name().to_owned()).collect();
        assert_eq!(keys, ["Event", "Custom", "Red"]);
        assert_eq!(tags.get(&TagKey::Event), Some("乙级联赛"));
        assert_eq!(tags.remove(&TagKey::Event).as_deref(), Some("乙级联赛"));
        assert_eq!(tags.len(), 2);
    }
}
