//! `qipu completions SHELL` and `qipu manpage [DIR]`: what the shells and `man` read about
//! `qipu`, made from the same definition as the command line itself ([`super::Cli`]), so that
//! they name exactly the subcommands and options it takes.
//!
//! - `completions bash|zsh|fish|powershell|elvish`: the completion script on standard output
//!   (for example `qipu completions bash > ~/.local/share/bash-completion/completions/qipu`).
//! - `manpage`: the page `qipu(1)` in roff on standard output (`qipu manpage | man -l -`);
//!   `manpage DIR`: that page and one for each subcommand (`qipu-convert.1`,
//!   `qipu-db-import.1`, …) written into the folder DIR, one line per file written. The Debian
//!   package installs them.

use std::io::Write;
use std::path::PathBuf;

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, CliError};
use crate::lang::IoReason;

/// `qipu completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell the script is for
    #[arg(value_enum)]
    shell: Shell,
}

/// `qipu manpage`.
#[derive(Debug, clap::Args)]
pub struct ManpageArgs {
    /// A folder to write qipu.1 and a page for each subcommand into; without it, qipu.1 goes
    /// to standard output
    #[arg(value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Write the completion script for the shell asked for.
pub fn completions(args: CompletionsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "qipu", &mut script);
    out.write_all(&script)?;
    Ok(())
}

/// Write the manual pages: `qipu.1` to `out`, or every page into the folder asked for. The
/// pages name the version without the build's revision, so that they change only with it.
pub fn manpage(args: ManpageArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let command = Cli::command().version(env!("CARGO_PKG_VERSION"));
    let Some(dir) = args.dir else {
        clap_mangen::Man::new(command)
            .source(concat!("qipu ", env!("CARGO_PKG_VERSION")))
            .render(out)?;
        return Ok(());
    };
    std::fs::create_dir_all(&dir).map_err(|e| {
        CliError::Failed(format!(
            "cannot make the folder {}: {}",
            dir.display(),
            IoReason::of(&e)
        ))
    })?;
    write_pages(&command, "qipu", &dir, out)
}

/// Write the page of `command`, named `name.1`, and those of its subcommands (`name-sub.1`).
fn write_pages(
    command: &clap::Command,
    name: &str,
    dir: &std::path::Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let path = dir.join(format!("{name}.1"));
    let mut page = Vec::new();
    let named = command
        .clone()
        .name(name.to_owned())
        .bin_name(name.replace('-', " "));
    clap_mangen::Man::new(named)
        .source(concat!("qipu ", env!("CARGO_PKG_VERSION")))
        .render(&mut page)?;
    super::output::write_complete(&path, &page)?;
    writeln!(out, "{}", path.display())?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub, &format!("{name}-{}", sub.get_name()), dir, out)?;
    }
    Ok(())
}
