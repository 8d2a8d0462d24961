//! Where a review's scores came from, kept in the game's tags beside the accuracy: how many
//! positions the cloud database scored, how many the engine searched, and why the cloud stopped
//! answering when it did. A review without the cloud keeps no such tag. Like the rest of a
//! review, it is read back from the game, so a reviewed game reopened says it again.

use std::fmt;

use crate::cloud::CloudError;
use crate::lang::Language;
use crate::record::{Game, TagKey};

/// The tag the sources are kept in: `cloud 31, engine 12` (`, cloud offline` or
/// `, cloud refused` when the cloud stopped answering).
pub const REVIEW_SOURCES_TAG: &str = "ReviewSources";

/// Why the cloud database scored no more positions of a review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloudGap {
    /// The network did not reach it (no connection, a timeout, a broken connection).
    Offline,
    /// It declined the queries (too many, or it is busy).
    Refused,
}

impl CloudGap {
    /// The gap a failed query leaves, when the failure is the network's or a refusal (the
    /// cloud not knowing a position is no gap: the next one is asked).
    pub fn of(error: &CloudError) -> Option<CloudGap> {
        match error {
            CloudError::Refused { .. } => Some(CloudGap::Refused),
            e if e.is_network() => Some(CloudGap::Offline),
            _ => None,
        }
    }

    /// The word the tag writes.
    fn word(self) -> &'static str {
        match self {
            CloudGap::Offline => "offline",
            CloudGap::Refused => "refused",
        }
    }
}

/// How many positions of a review each source scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ScoreSources {
    /// Positions scored by the cloud database; `None` when it was not asked.
    pub cloud: Option<usize>,
    /// Positions searched by the engine.
    pub engine: usize,
    /// Why the cloud stopped answering, when it did.
    pub gap: Option<CloudGap>,
}

impl fmt::Display for ScoreSources {
    /// The tag's value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cloud {}, engine {}",
            self.cloud.unwrap_or(0),
            self.engine
        )?;
        match self.gap {
            Some(gap) => write!(f, ", cloud {}", gap.word()),
            None => Ok(()),
        }
    }
}

impl ScoreSources {
    /// The sources kept in `game`'s tags, when its review asked the cloud.
    pub fn from_tags(game: &Game) -> Option<ScoreSources> {
        let text = game.tags().get(&TagKey::parse(REVIEW_SOURCES_TAG))?;
        let mut sources = ScoreSources::default();
        for part in text.split(',') {
            let (name, value) = part.trim().split_once(' ')?;
            match (name, value.trim()) {
                ("cloud", "offline") => sources.gap = Some(CloudGap::Offline),
                ("cloud", "refused") => sources.gap = Some(CloudGap::Refused),
                ("cloud", n) => sources.cloud = Some(n.parse().ok()?),
                ("engine", n) => sources.engine = n.parse().ok()?,
                _ => return None,
            }
        }
        sources.cloud.map(|_| sources)
    }

    /// Keep the sources in `game`'s tags; a review that did not ask the cloud removes them.
    pub fn write_tags(&self, game: &mut Game) {
        let key = TagKey::parse(REVIEW_SOURCES_TAG);
        if self.cloud.is_some() {
            game.tags_mut().set(key, self.to_string());
        } else {
            game.tags_mut().remove(&key);
        }
    }

    /// What the review summary says of them: the counts, and why the cloud stopped answering.
    pub fn message(&self, lang: Language) -> String {
        let cloud = self.cloud.unwrap_or(0);
        let engine = self.engine;
        let counts = match lang {
            Language::English => {
                format!("Positions scored: {cloud} by the cloud database, {engine} by the engine.")
            }
            Language::SimplifiedChinese => {
                format!("局面评分：云库 {cloud} 个，引擎 {engine} 个。")
            }
            Language::TraditionalChinese => {
                format!("局面評分：雲庫 {cloud} 個，引擎 {engine} 個。")
            }
        };
        let gap = match self.gap {
            None => return counts,
            Some(CloudGap::Offline) => lang.pick(
                "The cloud database could not be reached: the engine scored the rest.",
                "无法连接云库：其余局面由引擎评分。",
                "無法連線雲庫：其餘局面由引擎評分。",
            ),
            Some(CloudGap::Refused) => lang.pick(
                "The cloud database declined the queries (too many, or it is busy): the engine \
                 scored the rest.",
                "云库拒绝了查询（查询过多或正忙）：其余局面由引擎评分。",
                "雲庫拒絕了查詢（查詢過多或正忙）：其餘局面由引擎評分。",
            ),
        };
        format!("{counts} {gap}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn the_sources_are_kept_in_a_tag_and_read_back() {
        let mut game = Game::new(Position::startpos());
        for sources in [
            ScoreSources {
                cloud: Some(31),
                engine: 12,
                gap: None,
            },
            ScoreSources {
                cloud: Some(0),
                engine: 43,
                gap: Some(CloudGap::Offline),
            },
            ScoreSources {
                cloud: Some(4),
                engine: 9,
                gap: Some(CloudGap::Refused),
            },
        ] {
            sources.write_tags(&mut game);
            assert_eq!(ScoreSources::from_tags(&game), Some(sources));
        }
        assert_eq!(
            game.tags().get(&TagKey::parse(REVIEW_SOURCES_TAG)),
            Some("cloud 4, engine 9, cloud refused")
        );
        // Reviewed again without the cloud: the tag goes.
        ScoreSources {
            cloud: None,
            engine: 40,
            gap: None,
        }
        .write_tags(&mut game);
        assert_eq!(ScoreSources::from_tags(&game), None);
    }

    #[test]
    fn a_tag_not_written_by_a_review_is_not_read() {
        let mut game = Game::new(Position::startpos());
        game.tags_mut()
            .set(TagKey::parse(REVIEW_SOURCES_TAG), "engine 40".to_owned());
        assert_eq!(ScoreSources::from_tags(&game), None, "no cloud count");
        game.tags_mut()
            .set(TagKey::parse(REVIEW_SOURCES_TAG), "cloud many".to_owned());
        assert_eq!(ScoreSources::from_tags(&game), None);
    }

    #[test]
    fn a_gap_is_a_failure_of_the_network_or_a_refusal() {
        let refused = CloudError::Refused {
            status: 429,
            reply: "rate limit exceeded".to_owned(),
        };
        assert_eq!(CloudGap::of(&refused), Some(CloudGap::Refused));
        let offline = CloudError::Offline {
            server: "http://127.0.0.1:9".to_owned(),
            reason: "refused".to_owned(),
        };
        assert_eq!(CloudGap::of(&offline), Some(CloudGap::Offline));
        assert_eq!(CloudGap::of(&CloudError::Unknown), None);
    }
}
