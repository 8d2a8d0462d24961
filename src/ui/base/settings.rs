//! What the app remembers between runs (eframe storage; the window size is kept by eframe).

use std::path::PathBuf;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::competition::Preset;
use crate::engine::Options;
use crate::engine_client::{
    EngineConfig, EngineProgram, SpecError, Thresholds, REVIEW_NODES_PER_SECOND,
};
use crate::lang::Language;
use crate::notation::{Notation, TandemConvention};
use crate::rules::Color;

use crate::ui::base::layout::Layout;

/// How many recent files the File menu lists.
pub const RECENT_FILES: usize = 8;

/// Persisted preferences.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Interface language as a BCP 47 tag (`en`, `zh-Hans`, `zh-Hant`).
    pub language: String,
    /// Notation of the record panel (`zh`, `zh-hant`, `abbrev`, `wxf`, `iccs`).
    pub notation: String,
    /// Black at the bottom.
    pub flipped: bool,
    /// How a piece sharing its file with another of its kind is written (`front-back`, the
    /// textbook form, or `file`).
    pub tandem: String,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// The side panels and the referee's detail as the user left them.
    pub layout: Layout,
    /// The game database last opened: a file, or a `postgresql://` URL.
    pub database: Option<String>,
    /// The engines the user configured (Game > Engines…).
    pub engines: Vec<NamedEngine>,
    /// The last game against the computer as it was set up.
    pub play: PlaySettings,
    /// The last engine match as it was set up.
    pub engine_match: MatchSettings,
    /// How games are reviewed (Game > Review game).
    pub review: ReviewSettings,
    /// The puzzle set last opened from a file or folder (Training > Puzzles).
    pub puzzle_set: Option<PathBuf>,
    /// Threads the built-in engine searches on (`Threads`) in analysis, review and play, 1 to
    /// the machine's cores; 0, as a first run has it, for every core.
    pub engine_threads: usize,
    /// The cloud database (云库): whether the user agreed to ask it, and where it is.
    pub cloud: CloudSettings,
}

/// The cloud database (云库, chessdb.cn) as the user set it: nothing is sent until the user
/// answered the one question and turned it on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CloudSettings {
    /// The question was asked and answered (it is not asked again; the setting stays).
    pub asked: bool,
    /// The user turned the cloud on: the positions shown are sent to the server.
    pub enabled: bool,
    /// The server's address: chessdb.cn's API, or a mirror's.
    pub server: String,
}

impl Default for CloudSettings {
    fn default() -> Self {
        CloudSettings {
            asked: false,
            enabled: false,
            server: crate::cloud::DEFAULT_SERVER.to_owned(),
        }
    }
}

impl CloudSettings {
    /// Whether positions may be sent: the question answered yes and the cloud not turned off
    /// since.
    pub fn sends(&self) -> bool {
        self.asked && self.enabled
    }
}

/// How a game is reviewed: the engine, its search of each position and the losses that earn a
/// mark.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReviewSettings {
    /// The engine that reviews: `builtin`, or the spec of an engine the user configured
    /// ([`NamedEngine::spec`]).
    pub engine: String,
    /// Nodes searched in each position: a budget rather than a time, so that the same game gets
    /// the same review on every run.
    pub nodes: u64,
    /// `?!` from this loss in centipawns.
    pub inaccuracy: i32,
    /// `?` from this loss.
    pub mistake: i32,
    /// `??` from this loss.
    pub blunder: i32,
    /// Take the cloud database's score where it knows the position (only while the cloud is
    /// on); the engine scores the rest.
    pub cloud: bool,
}

/// The nodes a review gives a position unless the user set another number: about half a
/// second of one core, as `qipu analyse` gives by default.
pub const REVIEW_NODES: u64 = REVIEW_NODES_PER_SECOND / 2;

impl Default for ReviewSettings {
    fn default() -> Self {
        let marks = Thresholds::default();
        ReviewSettings {
            engine: BUILTIN.to_owned(),
            nodes: REVIEW_NODES,
            inaccuracy: marks.inaccuracy,
            mistake: marks.mistake,
            blunder: marks.blunder,
            cloud: false,
        }
    }
}

impl ReviewSettings {
    /// The marks' thresholds, made to grow (`?!` ≤ `?` ≤ `??`, each at least 1).
    pub fn thresholds(&self) -> Thresholds {
        let inaccuracy = self.inaccuracy.max(1);
        let mistake = self.mistake.max(inaccuracy);
        Thresholds {
            inaccuracy,
            mistake,
            blunder: self.blunder.max(mistake),
        }
    }
}

/// The spec of the built-in engine.
pub const BUILTIN: &str = "builtin";

/// The engine a spec names (`builtin` or an engine's spec, [`EngineConfig::parse_spec`]), the
/// built-in one started as `builtin` says (its threads) with the spec's own settings after.
pub fn engine_config(spec: &str, builtin: &EngineConfig) -> Result<EngineConfig, SpecError> {
    let mut config = EngineConfig::parse_spec(spec.trim())?;
    if config.program == EngineProgram::Builtin {
        config.program = builtin.program.clone();
        config.options.splice(0..0, builtin.options.iter().cloned());
    }
    Ok(config)
}

/// An engine the user configured once: its name, and its spec (the program's path with its
/// protocol and options, [`crate::engine_client::EngineConfig::parse_spec`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NamedEngine {
    /// The name shown.
    pub name: String,
    /// The spec.
    pub spec: String,
}

impl Settings {
    /// The storage key.
    pub const KEY: &'static str = "qipu-settings";

    /// The language, English if the stored tag is unknown.
    pub fn language(&self) -> Language {
        self.language.parse().unwrap_or_default()
    }

    /// The notation, full Chinese (simplified) if the stored name is unknown.
    pub fn notation(&self) -> Notation {
        self.notation.parse().unwrap_or(Notation::ChineseSimplified)
    }

    /// The tandem convention, the textbook one (前車進四) if the stored name is unknown.
    pub fn tandem(&self) -> TandemConvention {
        self.tandem.parse().unwrap_or_default()
    }

    /// The built-in engine's `Threads`: as set, within the machine's cores; every core
    /// when not set.
    pub fn engine_threads(&self) -> usize {
        match self.engine_threads {
            0 => Options::max_threads(),
            n => n.min(Options::max_threads()),
        }
    }

    /// Put `path` first in the recent files, made absolute: a path relative to the folder
    /// Qipu was started in would name another file, or none, in a run started elsewhere.
    pub fn remember(&mut self, path: PathBuf) {
        // An empty path has no absolute form: kept as it is (nothing opens it either way).
        let path = std::path::absolute(&path).unwrap_or(path);
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_FILES);
    }
}

/// An engine as a side of a game uses it: the spec and its Skill Level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineChoice {
    /// `builtin`, or a program path with `:key=value` settings ([`crate::engine_client::EngineConfig::parse_spec`]).
    pub engine: String,
    /// Its `Skill Level`, 0–20 (20 the strongest; sent only to an engine that offers it).
    pub level: u32,
}

impl Default for EngineChoice {
    fn default() -> Self {
        EngineChoice {
            engine: BUILTIN.to_owned(),
            level: 10,
        }
    }
}

/// How an engine match is set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MatchSettings {
    /// Red's engine.
    pub red: EngineChoice,
    /// Black's engine.
    pub black: EngineChoice,
    /// The time per move.
    pub move_time: Duration,
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings {
            red: EngineChoice::default(),
            black: EngineChoice::default(),
            move_time: Duration::from_secs(1),
        }
    }
}

/// How a game against the computer is set up (kept in the settings).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlaySettings {
    /// The side the computer plays.
    pub computer: Color,
    /// The engine and its level.
    pub engine: EngineChoice,
    /// Its time per move when no clock runs.
    pub move_time: Duration,
    /// The game clock of art. 6, if wanted.
    #[serde(with = "kept_clock")]
    pub clock: Option<Preset>,
    /// Start a new game (else play on from the end of the game shown).
    pub new_game: bool,
    /// The computer plays the cloud database's move while it has one (its opening book), when
    /// the cloud is on.
    pub cloud_book: bool,
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings {
            computer: Color::Black,
            engine: EngineChoice::default(),
            move_time: Duration::from_secs(1),
            clock: None,
            new_game: true,
            cloud_book: false,
        }
    }
}

/// The clock of a game against the computer as the settings keep it: its article (`6.1` to
/// `6.5`) and, for 6.5, the minutes. An article not known is read as no clock.
mod kept_clock {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Preset;
    use crate::ui::base::presets::{article, presets};

    #[derive(Serialize, Deserialize)]
    struct Kept {
        article: String,
        minutes: u64,
    }

    pub fn serialize<S: Serializer>(clock: &Option<Preset>, s: S) -> Result<S::Ok, S::Error> {
        clock
            .map(|preset| Kept {
                article: article(preset).to_owned(),
                minutes: match preset {
                    Preset::Art6_5(time) => time.as_secs() / 60,
                    _ => 0,
                },
            })
            .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Preset>, D::Error> {
        let kept = Option::<Kept>::deserialize(d)?;
        Ok(kept.and_then(|k| {
            let minutes = u32::try_from(k.minutes).unwrap_or(u32::MAX).clamp(1, 600);
            presets(minutes)
                .into_iter()
                .find(|&p| article(p) == k.article)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_files_are_newest_first_without_duplicates_and_bounded() {
        let mut settings = Settings::default();
        for i in 0..10 {
            settings.remember(PathBuf::from(format!("{i}.pgn")));
        }
        settings.remember(PathBuf::from("5.pgn"));
        let here = std::env::current_dir().expect("the tests run in a folder");
        assert_eq!(settings.recent.len(), RECENT_FILES);
        assert_eq!(settings.recent[0], here.join("5.pgn"));
        assert_eq!(settings.recent[1], here.join("9.pgn"));
        assert_eq!(
            settings
                .recent
                .iter()
                .filter(|p| p.ends_with("5.pgn"))
                .count(),
            1
        );
    }

    #[test]
    fn unknown_language_tag_falls_back_to_english() {
        let settings = Settings {
            language: "zh-Hant".into(),
            ..Settings::default()
        };
        assert_eq!(settings.language(), Language::TraditionalChinese);
        let settings = Settings {
            language: "xx".into(),
            ..Settings::default()
        };
        assert_eq!(settings.language(), Language::English);
    }

    #[test]
    fn the_engines_and_the_play_choices_come_back_after_a_restart() {
        let settings = Settings {
            engines: vec![NamedEngine {
                name: "Fairy-Stockfish".into(),
                spec: "/usr/games/fairy-stockfish:protocol=ucci:Hash=64".into(),
            }],
            play: PlaySettings {
                computer: Color::Red,
                engine: EngineChoice {
                    engine: "/usr/games/fairy-stockfish:protocol=ucci:Hash=64".into(),
                    level: 3,
                },
                move_time: Duration::from_millis(2500),
                clock: Some(Preset::Art6_5(Duration::from_secs(25 * 60))),
                new_game: false,
                cloud_book: true,
            },
            engine_match: MatchSettings {
                move_time: Duration::from_millis(300),
                ..MatchSettings::default()
            },
            ..Settings::default()
        };
        let text = serde_json::to_string(&settings).unwrap();
        let back: Settings = serde_json::from_str(&text).unwrap();
        assert_eq!(back, settings);
        for preset in [Preset::Art6_1, Preset::Art6_4] {
            let kept = Settings {
                play: PlaySettings {
                    clock: Some(preset),
                    ..PlaySettings::default()
                },
                ..Settings::default()
            };
            let text = serde_json::to_string(&kept).unwrap();
            assert_eq!(serde_json::from_str::<Settings>(&text).unwrap(), kept);
        }
    }

    #[test]
    fn the_cloud_is_off_and_unasked_until_the_user_answers() {
        let first = Settings::default();
        assert!(!first.cloud.asked && !first.cloud.sends());
        assert_eq!(first.cloud.server, crate::cloud::DEFAULT_SERVER);
        let agreed = Settings {
            cloud: CloudSettings {
                asked: true,
                enabled: true,
                server: "http://127.0.0.1:8000/chessdb.php".into(),
            },
            ..Settings::default()
        };
        let text = serde_json::to_string(&agreed).unwrap();
        let back: Settings = serde_json::from_str(&text).unwrap();
        assert_eq!(back, agreed);
        assert!(back.cloud.sends());
        // Settings kept before the cloud existed load with it off and the question unasked.
        let old: Settings = serde_json::from_str(r#"{"language":"en"}"#).unwrap();
        assert_eq!(old.cloud, CloudSettings::default());
    }

    #[test]
    fn settings_kept_before_engines_existed_still_load() {
        let old = r#"{"language":"zh-Hans","notation":"wxf","flipped":true,"recent":[]}"#;
        let settings: Settings = serde_json::from_str(old).unwrap();
        assert_eq!(settings.language(), Language::SimplifiedChinese);
        assert!(settings.engines.is_empty());
        assert_eq!(settings.play, PlaySettings::default());
        let unknown =
            r#"{"play":{"clock":{"article":"9.9","minutes":0},"move_time":{"secs":2,"nanos":0}}}"#;
        let settings: Settings = serde_json::from_str(unknown).unwrap();
        assert_eq!(
            settings.play.clock, None,
            "an article not known is no clock"
        );
        assert_eq!(settings.play.move_time, std::time::Duration::from_secs(2));
    }
}
