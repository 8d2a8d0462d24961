//! How an engine is started: its program, protocol, coordinates and option values. Kept in the
//! app's settings (serde) and written on the command line as a spec (`builtin:level=3`,
//! `/usr/games/fairy-stockfish:Hash=64`).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// The program to start.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineProgram {
    /// Qipu's own engine: this executable started with the argument `uci`.
    Builtin,
    /// Another program, with its arguments.
    Path {
        /// The executable.
        path: PathBuf,
        /// Arguments given to it.
        #[serde(default)]
        args: Vec<String>,
    },
}

/// The protocol spoken on the engine's standard input and output.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    /// UCI (`uci` … `uciok`), as Pikafish and Fairy-Stockfish speak it.
    #[default]
    Uci,
    /// UCCI (`ucci` … `ucciok`), the Chinese protocol of ElephantEye and its GUIs.
    Ucci,
}

impl Protocol {
    /// `uci` or `ucci`.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Ucci => "ucci",
        }
    }
}

/// How the engine numbers the ranks in its moves. Qipu's ICCS counts 0–9 from Red's side, as
/// Pikafish and UCCI engines do; Fairy-Stockfish under UCI counts 1–10.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ranks {
    /// Decided after the handshake: 1–10 for a UCI engine that offers `UCI_Variant`
    /// (the Fairy-Stockfish family), 0–9 otherwise.
    #[default]
    Auto,
    /// Ranks 0–9.
    FromZero,
    /// Ranks 1–10.
    FromOne,
}

/// One engine as the user configured it: once, then kept in the settings.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EngineConfig {
    /// The name shown to the user (the engine's own `id name` when empty).
    #[serde(default)]
    pub name: String,
    /// The program.
    pub program: EngineProgram,
    /// The protocol.
    #[serde(default)]
    pub protocol: Protocol,
    /// Rank numbering of its moves.
    #[serde(default)]
    pub ranks: Ranks,
    /// Option values set after the handshake, in order (names as the engine lists them; spaces
    /// and underscores are taken as the same, case is ignored).
    #[serde(default)]
    pub options: Vec<(String, String)>,
}

impl EngineConfig {
    /// The built-in engine with its default settings.
    pub fn builtin() -> EngineConfig {
        EngineConfig {
            name: String::new(),
            program: EngineProgram::Builtin,
            protocol: Protocol::Uci,
            ranks: Ranks::FromZero,
            options: Vec::new(),
        }
    }

    /// An engine program at `path`, spoken to in UCI.
    pub fn path(path: impl Into<PathBuf>) -> EngineConfig {
        EngineConfig {
            name: String::new(),
            program: EngineProgram::Path {
                path: path.into(),
                args: Vec::new(),
            },
            protocol: Protocol::Uci,
            ranks: Ranks::Auto,
            options: Vec::new(),
        }
    }

    /// Read a spec: `builtin` or a program path, then `:key=value` settings. The keys
    /// `protocol` (`uci`|`ucci`), `ranks` (`0`|`1`), `name` and `arg` (one argument given to the
    /// program, repeatable) configure the client; `level`
    /// stands for the option `Skill Level`; any other key is an engine option
    /// (`builtin:level=3`, `/usr/games/fairy-stockfish:protocol=ucci:Hash=64`). A path may hold
    /// colons (`C:\engines\pikafish.exe`): the settings begin at the first part with a `=`.
    pub fn parse_spec(spec: &str) -> Result<EngineConfig, SpecError> {
        let parts: Vec<&str> = spec.split(':').collect();
        let first_setting = parts
            .iter()
            .position(|p| p.contains('='))
            .unwrap_or(parts.len());
        let program = parts[..first_setting].join(":");
        if program.is_empty() {
            return Err(SpecError::NoProgram(spec.to_owned()));
        }
        let mut config = if program == "builtin" {
            EngineConfig::builtin()
        } else {
            EngineConfig::path(program)
        };
        for part in &parts[first_setting..] {
            let Some((key, value)) = part.split_once('=') else {
                return Err(SpecError::NotASetting((*part).to_owned()));
            };
            let (key, value) = (key.trim(), value.trim());
            match key.to_ascii_lowercase().as_str() {
                "protocol" => {
                    config.protocol = match value.to_ascii_lowercase().as_str() {
                        "uci" => Protocol::Uci,
                        "ucci" => Protocol::Ucci,
                        _ => return Err(SpecError::Protocol(value.to_owned())),
                    }
                }
                "ranks" => {
                    config.ranks = match value {
                        "0" => Ranks::FromZero,
                        "1" => Ranks::FromOne,
                        _ => return Err(SpecError::Ranks(value.to_owned())),
                    }
                }
                "name" => config.name = value.to_owned(),
                "arg" => match &mut config.program {
                    EngineProgram::Path { args, .. } => args.push(value.to_owned()),
                    EngineProgram::Builtin => {
                        return Err(SpecError::NotASetting((*part).to_owned()))
                    }
                },
                "level" => config
                    .options
                    .push(("Skill Level".to_owned(), value.to_owned())),
                "" => return Err(SpecError::NotASetting((*part).to_owned())),
                _ => config.options.push((key.to_owned(), value.to_owned())),
            }
        }
        Ok(config)
    }

    /// The name to show before the engine has told its own: the configured name, `builtin`, or
    /// the file name of the program.
    pub fn label(&self) -> String {
        if !self.name.is_empty() {
            return self.name.clone();
        }
        match &self.program {
            EngineProgram::Builtin => "builtin".to_owned(),
            EngineProgram::Path { path, .. } => path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.display().to_string()),
        }
    }
}

/// An engine spec that cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SpecError {
    /// Nothing names the program.
    #[error("engine spec '{0}' names no program (write builtin or a path)")]
    NoProgram(String),
    /// A setting without `=`.
    #[error("engine setting '{0}' is not key=value")]
    NotASetting(String),
    /// An unknown protocol.
    #[error("protocol '{0}' is not uci or ucci")]
    Protocol(String),
    /// An unknown rank base.
    #[error("ranks '{0}' is not 0 or 1")]
    Ranks(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_name_the_program_and_its_settings() {
        let c = EngineConfig::parse_spec("builtin:level=3").unwrap();
        assert_eq!(c.program, EngineProgram::Builtin);
        assert_eq!(c.options, vec![("Skill Level".into(), "3".into())]);
        let c = EngineConfig::parse_spec(
            "/usr/games/fairy-stockfish:protocol=ucci:Hash=64:name=FSF:ranks=0",
        )
        .unwrap();
        assert_eq!(c.protocol, Protocol::Ucci);
        assert_eq!(c.ranks, Ranks::FromZero);
        assert_eq!(c.label(), "FSF");
        assert_eq!(c.options, vec![("Hash".into(), "64".into())]);
        let c = EngineConfig::parse_spec(r"C:\engines\pikafish.exe:Threads=2").unwrap();
        assert_eq!(
            c.program,
            EngineProgram::Path {
                path: r"C:\engines\pikafish.exe".into(),
                args: vec![]
            }
        );
        assert_eq!(EngineConfig::path("/x/y/pikafish").label(), "pikafish");
        let c = EngineConfig::parse_spec("/opt/qipu:arg=uci:arg=-q").unwrap();
        assert_eq!(
            c.program,
            EngineProgram::Path {
                path: "/opt/qipu".into(),
                args: vec!["uci".into(), "-q".into()]
            }
        );
    }

    #[test]
    fn bad_specs_are_refused_with_the_part_at_fault() {
        assert_eq!(
            EngineConfig::parse_spec(":Hash=1"),
            Err(SpecError::NoProgram(":Hash=1".into()))
        );
        assert_eq!(
            EngineConfig::parse_spec("x:Hash=1:oops"),
            Err(SpecError::NotASetting("oops".into()))
        );
        assert_eq!(
            EngineConfig::parse_spec("x:protocol=xboard"),
            Err(SpecError::Protocol("xboard".into()))
        );
    }

    #[test]
    fn a_configuration_survives_the_settings_file() {
        let c = EngineConfig::parse_spec("/opt/pikafish:Hash=128:name=Pikafish").unwrap();
        let text = serde_json::to_string(&c).unwrap();
        assert_eq!(serde_json::from_str::<EngineConfig>(&text).unwrap(), c);
    }
}
