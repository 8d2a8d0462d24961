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
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
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
