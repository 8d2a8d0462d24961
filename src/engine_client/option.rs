//! The settings an engine offers, read from its `option` lines: UCI writes
//! `option name Hash type spin default 16 min 1 max 33554432`, UCCI `option hashsize type spin
//! min 16 max 1024 default 16` (no `name`, often underscores for spaces). Nothing is assumed:
//! only what the engine lists can be set.

/// What kind of value an option takes, with its default and bounds.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionKind {
    /// On or off.
    Check {
        /// The default.
        default: bool,
    },
    /// A whole number in a range.
    Spin {
        /// The default.
        default: i64,
        /// The lowest value.
        min: i64,
        /// The highest value.
        max: i64,
    },
    /// One of a list of words.
    Combo {
        /// The default.
        default: String,
        /// The words allowed.
        choices: Vec<String>,
    },
    /// An action without a value (`Clear Hash`).
    Button,
    /// Free text (a path, a file name).
    Text {
        /// The default.
        default: String,
    },
}

/// One option the engine offers.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineOption {
    /// Its name as the engine writes it.
    pub name: String,
    /// Its kind.
    pub kind: OptionKind,
}

/// A value the option cannot take.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OptionValueError {
    /// Not `true`/`false`.
    #[error("option '{name}' is on or off: '{value}' is not true or false")]
    NotBool {
        /// The option.
        name: String,
        /// The value given.
        value: String,
    },
    /// Not a number in range.
    #[error("option '{name}' takes a whole number from {min} to {max}, not '{value}'")]
    OutOfRange {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// The lowest value.
        min: i64,
        /// The highest value.
        max: i64,
    },
    /// Not one of the choices.
    #[error("option '{name}' is one of {choices}, not '{value}'")]
    NotAChoice {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// The choices, joined.
        choices: String,
    },
}

impl EngineOption {
    /// Read an `option` line (the word `option` included); `None` if it is not one.
    pub fn parse(line: &str) -> Option<EngineOption> {
        let rest = line.strip_prefix("option")?.trim_start();
        let words: Vec<&str> = rest.split_whitespace().collect();
        const KEYS: [&str; 6] = ["type", "default", "min", "max", "var", "name"];
        // UCI: `name` NAME... up to `type`; UCCI: the name is the first word.
        let (name, mut i) = if words.first() == Some(&"name") {
            let end = words.iter().position(|w| *w == "type")?;
            (words[1..end].join(" "), end)
        } else {
            (words.first()?.to_string(), 1)
        };
        if name.is_empty() {
            return None;
        }
        let mut kind = None;
        let mut default: Option<String> = None;
        let (mut min, mut max) = (None, None);
        let mut choices = Vec::new();
        while i < words.len() {
            let key = words[i];
            let start = i + 1;
            let mut end = start;
            while end < words.len() && !KEYS.contains(&words[end]) {
                end += 1;
            }
            let value = words[start..end].join(" ");
            match key {
                "type" => kind = Some(value),
                "default" => default = Some(value),
                "min" => min = value.parse::<i64>().ok(),
                "max" => max = value.parse::<i64>().ok(),
                "var" => choices.push(value),
                _ => {}
            }
            i = end.max(start);
        }
        let default = default.unwrap_or_default();
        let default = if default == "<empty>" {
            String::new()
        } else {
            default
        };
        let kind = match kind?.as_str() {
            "check" => OptionKind::Check {
                default: default == "true",
            },
            "spin" => OptionKind::Spin {
                default: default.parse().unwrap_or(min.unwrap_or(0)),
                min: min.unwrap_or(i64::MIN),
                max: max.unwrap_or(i64::MAX),
            },
            "combo" => OptionKind::Combo { default, choices },
            "button" => OptionKind::Button,
            // UCCI's `label` is shown like text.
            _ => OptionKind::Text { default },
        };
        Some(EngineOption { name, kind })
    }

    /// Whether `name` names this option: case is ignored and a space matches an underscore
    /// (`Skill Level`, `skill_level`).
    pub fn is_named(&self, name: &str) -> bool {
        normalise(&self.name) == normalise(name)
    }

    /// `value` checked against the option's kind and written as the engine expects it.
    pub fn check_value(&self, value: &str) -> Result<String, OptionValueError> {
        let value = value.trim();
        match &self.kind {
            OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" | "on" | "1" | "yes" => Ok("true".to_owned()),
                "false" | "off" | "0" | "no" => Ok("false".to_owned()),
                _ => Err(OptionValueError::NotBool {
                    name: self.name.clone(),
                    value: value.to_owned(),
                }),
            },
            OptionKind::Spin { min, max, .. } => match value.parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(n.to_string()),
                _ => Err(OptionValueError::OutOfRange {
                    name: self.name.clone(),
                    value: value.to_owned(),
                    min: *min,
                    max: *max,
                }),
            },
            OptionKind::Combo { choices, .. } => choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(value))
                .cloned()
                .ok_or_else(|| OptionValueError::NotAChoice {
                    name: self.name.clone(),
                    value: value.to_owned(),
                    choices: choices.join(", "),
                }),
            OptionKind::Button | OptionKind::Text { .. } => Ok(value.to_owned()),
        }
    }
}

fn normalise(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace('_', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_option_lines_are_read_with_names_of_several_words() {
        let o = EngineOption::parse("option name Skill Level type spin default 20 min -20 max 20")
            .unwrap();
        assert_eq!(o.name, "Skill Level");
        assert_eq!(
            o.kind,
            OptionKind::Spin {
                default: 20,
                min: -20,
                max: 20
            }
        );
        assert!(o.is_named("skill_level"));
        assert_eq!(o.check_value("-3"), Ok("-3".into()));
        assert!(matches!(
            o.check_value("21"),
            Err(OptionValueError::OutOfRange { max: 20, .. })
        ));
        let o = EngineOption::parse(
            "option name UCI_Variant type combo default chess var 3check var janggi var xiangqi",
        )
        .unwrap();
        assert_eq!(o.check_value("XiangQi"), Ok("xiangqi".into()));
        assert!(o.check_value("go").is_err());
        let o = EngineOption::parse("option name SyzygyPath type string default <empty>").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::Text {
                default: String::new()
            }
        );
        let o = EngineOption::parse("option name Clear Hash type button").unwrap();
        assert_eq!(
            (o.name.as_str(), o.kind),
            ("Clear Hash", OptionKind::Button)
        );
    }

    #[test]
    fn ucci_option_lines_have_no_name_keyword_and_any_order() {
        let o =
            EngineOption::parse("option hashsize type spin min 16 max 1024 default 16").unwrap();
        assert_eq!(o.name, "hashsize");
        assert_eq!(
            o.kind,
            OptionKind::Spin {
                default: 16,
                min: 16,
                max: 1024
            }
        );
        let o = EngineOption::parse(
            "option idle type combo var none var small var medium var large default none",
        )
        .unwrap();
        assert_eq!(
            o.kind,
            OptionKind::Combo {
                default: "none".into(),
                choices: vec![
                    "none".into(),
                    "small".into(),
                    "medium".into(),
                    "large".into()
                ]
            }
        );
        let o = EngineOption::parse("option usemillisec type check default true").unwrap();
        assert_eq!(o.kind, OptionKind::Check { default: true });
        assert_eq!(o.check_value("off"), Ok("false".into()));
        assert!(EngineOption::parse("info depth 3").is_none());
        assert!(EngineOption::parse("option name  type spin").is_none());
    }
}
