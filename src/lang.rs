//! The three languages every user-facing sentence exists in, and the words for the system's
//! reasons an input or output failed ([`IoReason`]).

mod io_reason;

use std::fmt;
use std::str::FromStr;

pub use io_reason::IoReason;

/// A language for user-facing text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// 简体中文
    SimplifiedChinese,
    /// 繁體中文
    TraditionalChinese,
}

impl Language {
    /// All languages, in menu order.
    pub const ALL: [Language; 3] = [
        Language::English,
        Language::SimplifiedChinese,
        Language::TraditionalChinese,
    ];

    /// Pick the text for this language.
    pub fn pick<'a>(self, english: &'a str, simplified: &'a str, traditional: &'a str) -> &'a str {
        match self {
            Language::English => english,
            Language::SimplifiedChinese => simplified,
            Language::TraditionalChinese => traditional,
        }
    }

    /// Pick between the two Chinese scripts, for a sentence whose English is written elsewhere
    /// (an error's `Display` text, handled before): `simplified` or `traditional`, and the empty
    /// string for English.
    pub fn zh<'a>(self, simplified: &'a str, traditional: &'a str) -> &'a str {
        self.pick("", simplified, traditional)
    }

    /// BCP 47 tag: `en`, `zh-Hans`, `zh-Hant`.
    pub fn tag(self) -> &'static str {
        self.pick("en", "zh-Hans", "zh-Hant")
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pick("English", "简体中文", "繁體中文"))
    }
}

/// A language tag that is not one of ours.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("unknown language '{0}'; expected en, zh-Hans or zh-Hant")]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Language::English),
            "zh-hans" | "zh" | "zh-cn" | "zh_cn" => Ok(Language::SimplifiedChinese),
            "zh-hant" | "zh-tw" | "zh_tw" | "zh-hk" => Ok(Language::TraditionalChinese),
            _ => Err(UnknownLanguage(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zh_picks_the_script_and_leaves_english_empty() {
        assert_eq!(Language::SimplifiedChinese.zh("轮", "輪"), "轮");
        assert_eq!(Language::TraditionalChinese.zh("轮", "輪"), "輪");
        assert_eq!(Language::English.zh("轮", "輪"), "");
    }
}
