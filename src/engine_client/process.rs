//! The engine's process: its standard input for commands, and a thread that reads its standard
//! output line by line and sends each line, read into an [`Output`], over a channel.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;

use super::reply::Output;

/// What the reading thread sends.
#[derive(Debug)]
pub(super) enum Received {
    /// A line the engine wrote.
    Line(Output),
    /// Its standard output closed: the engine exited or crashed.
    Closed,
}

/// A running engine program.
pub(super) struct Process {
    child: Child,
    stdin: ChildStdin,
    pub(super) output: Receiver<Received>,
    reader: Option<JoinHandle<()>>,
}

impl Process {
    /// Start `program` with `args`, its output read on a thread of its own.
    pub(super) fn spawn(program: &Path, args: &[String]) -> std::io::Result<Process> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        no_console_window(&mut command);
        let mut child = command.spawn()?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(stdin), Some(stdout)) => (stdin, stdout),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(std::io::Error::other(
                    "the engine's pipes could not be opened",
                ));
            }
        };
        let (tx, output) = mpsc::channel();
        let reader = std::thread::Builder::new()
            .name("engine-reader".to_owned())
            .spawn(move || {
                let mut lines = BufReader::new(stdout);
                let mut line = Vec::new();
                loop {
                    line.clear();
                    match lines.read_until(b'\n', &mut line) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let text = String::from_utf8_lossy(&line);
                            if text.trim().is_empty() {
                                continue;
                            }
                            if tx.send(Received::Line(Output::parse(&text))).is_err() {
                                return;
                            }
                        }
                    }
                }
                let _ = tx.send(Received::Closed);
            })?;
        Ok(Process {
            child,
            stdin,
            output,
            reader: Some(reader),
        })
    }

    /// Write one command line.
    pub(super) fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.stdin.write_all(line.as_bytes())?;
        self.stdin.write_all(b"\n")?;
        self.stdin.flush()
    }

    /// The operating system's id of the process.
    pub(super) fn id(&self) -> u32 {
        self.child.id()
    }
}

/// On Windows an engine is a console program: started from the window (which has no console),
/// it would open a console window of its own. It is started without one; its pipes are all it
/// needs.
#[cfg(windows)]
fn no_console_window(command: &mut Command) {
    use std::os::windows::process::CommandExt;
    /// `CREATE_NO_WINDOW`, a process creation flag of the Windows API.
    const CREATE_NO_WINDOW: u32 = 0x0800_0000;
    command.creation_flags(CREATE_NO_WINDOW);
}

/// Elsewhere a program started from the window opens no window of its own.
#[cfg(not(windows))]
fn no_console_window(_command: &mut Command) {}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}
