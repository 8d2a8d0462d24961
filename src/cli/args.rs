//! A small reader of subcommand arguments: positionals, `--flag`, and `--option VALUE`.

use super::CliError;

/// The arguments after the subcommand name.
pub struct Args<'a> {
    rest: &'a [String],
    used: Vec<bool>,
}

impl<'a> Args<'a> {
    /// Wrap the arguments.
    pub fn new(rest: &'a [String]) -> Args<'a> {
        Args {
            rest,
            used: vec![false; rest.len()],
        }
    }

    /// Take `--name` if present.
    pub fn flag(&mut self, name: &str) -> bool {
        match self.position(name) {
            Some(i) => {
                self.used[i] = true;
                true
            }
            None => false,
        }
    }

    /// Take `--name VALUE` (or `--name=VALUE`) if present.
    pub fn option(&mut self, name: &str) -> Result<Option<&'a str>, CliError> {
        let prefix = format!("{name}=");
        for i in 0..self.rest.len() {
            if self.used[i] {
                continue;
            }
            if let Some(value) = self.rest[i].strip_prefix(&prefix) {
                self.used[i] = true;
                return Ok(Some(value));
            }
            if self.rest[i] == name {
                self.used[i] = true;
                return match self.rest.get(i + 1) {
                    Some(v) => {
                        self.used[i + 1] = true;
                        Ok(Some(v.as_str()))
                    }
                    None => Err(CliError::Usage(format!("{name} needs a value"))),
                };
            }
        }
        Ok(None)
    }

    /// The remaining arguments, in order; an unknown `--option` is refused. A bare `--` is a
    /// value, not an option: the result token of both sides forfeiting (`qipu event result
    /// EVENT ROUND BOARD --`, 21.3).
    pub fn positionals(self) -> Result<Vec<&'a str>, CliError> {
        let mut out = Vec::new();
        for (arg, used) in self.rest.iter().zip(self.used) {
            if used {
                continue;
            }
            if arg.starts_with("--") && arg != "--" {
                return Err(CliError::Usage(format!("unknown option '{arg}'")));
            }
            out.push(arg.as_str());
        }
        Ok(out)
    }

    fn position(&self, name: &str) -> Option<usize> {
        (0..self.rest.len()).find(|&i| !self.used[i] && self.rest[i] == name)
    }
}
