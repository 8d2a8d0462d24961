//! Reading speed, whole process against whole process: `cargo bench --bench reading`.
//!
//! `qipu stats FOLDER` (every move read and checked, every defect reported) is timed against the
//! reference reader, ElephantEye's `PgnFileStruct::Read` (the reader of XiangQi Wizard, which
//! drops illegal moves silently), built from `benches/reference/eleeye/` with the system C++
//! compiler (`$CXX`, else `c++`; without one only Qipu's figures are printed). Both read the
//! same files from disk: the xqbase league folder (1,236 GBK files) and the CCPD archive
//! (35,119 BIG5 files, unpacked once into the target directory). The runs alternate, reference
//! and Qipu in turn, `QIPU_READING_PAIRS` pairs on the league (11 by default) and a third of
//! that on CCPD (at least 3); the medians of wall and CPU time (user and system, from the
//! kernel's accounting of the child) are printed with plies per second and the ratio, and the
//! load average before and after, since other work on the machine moves wall times. Other
//! builds of Qipu (an earlier one, to compare) are timed in the same runs when their paths are
//! given in `QIPU_READING_ALSO`, separated by `:`.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../tests/common/mod.rs"]
mod common;

/// One timed run of a reader: its wall time, CPU time (where the system accounts for it), and
/// the last line it printed.
struct Run {
    wall: Duration,
    cpu: Option<Duration>,
    last_line: String,
}

/// CPU time (user and system) of the children waited for so far.
#[cfg(unix)]
fn children_cpu() -> Option<Duration> {
    // SAFETY: getrusage writes one `rusage` into the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    Some(time(usage.ru_utime) + time(usage.ru_stime))
}

/// Off Unix there is no account of the children's CPU time: wall times alone are printed.
#[cfg(not(unix))]
fn children_cpu() -> Option<Duration> {
    None
}

/// Run `program` with `args` (and `stdin` on its standard input), timed.
fn run(program: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let cpu_before = children_cpu();
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{} does not start: {e}", program.display()));
    if let (Some(bytes), Some(mut pipe)) = (stdin, child.stdin.take()) {
        pipe.write_all(bytes).expect("the list of files is written");
    }
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut out)
        .expect("the output is text");
    let status = child.wait().expect("the reader ends");
    let wall = started.elapsed();
    assert!(status.success(), "{} failed: {status}", program.display());
    Run {
        wall,
        cpu: children_cpu()
            .zip(cpu_before)
            .map(|(after, before)| after - before),
        last_line: out.lines().last().unwrap_or("").to_owned(),
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_owned())
}

/// The plies a reader's last line reports (`… plies P, …` or `… plies P`).
fn plies(last_line: &str) -> f64 {
    let after = last_line
        .split("plies ")
        .nth(1)
        .unwrap_or_else(|| panic!("no plies in '{last_line}'"));
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().expect("a number of plies")
}

/// The reference reader, built into `dir`; `None` without a C++ compiler.
fn build_reference(dir: &Path) -> Option<PathBuf> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/reference/eleeye");
    let binary = dir.join("eleeye-pgnread");
    let compiler = std::env::var("CXX").unwrap_or_else(|_| "c++".to_owned());
    let sources: Vec<PathBuf> = [
        "pregen_pos.cpp",
        "genmoves.cpp",
        "cchess.cpp",
        "pgnfile.cpp",
    ]
    .iter()
    .map(|f| source.join(f))
    .collect();
    match Command::new(&compiler)
        .arg("-O2")
        .arg("-o")
        .arg(&binary)
        .args(&sources)
        .status()
    {
        Ok(status) if status.success() => Some(binary),
        Ok(status) => panic!("{compiler} could not build the reference reader: {status}"),
        Err(e) => {
            println!("no C++ compiler ({compiler}: {e}): the reference reader is not timed");
            None
        }
    }
}

/// The CCPD archive unpacked below `dir` (once: kept for the next run), as its folder.
fn unpacked_ccpd(dir: &Path) -> PathBuf {
    let root = dir.join("ccpd");
    let done = root.join(".unpacked");
    if done.exists() {
        return root;
    }
    let packed = std::fs::read(common::shared_path("corpus/ccpd-dev.tar.xz")).expect("archive");
    let mut tar = Vec::new();
    lzma_rs::xz_decompress(&mut packed.as_slice(), &mut tar).expect("the archive is valid xz");
    tar::Archive::new(tar.as_slice())
        .unpack(&root)
        .expect("the archive unpacks");
    std::fs::write(&done, b"").expect("mark written");
    root
}

/// Every `.pgn` file below `dir` (any case), sorted, as one name a line.
fn file_list(dir: &Path) -> (usize, Vec<u8>) {
    let files = common::files_below(dir, &["pgn"]);
    let mut list = Vec::new();
    for f in &files {
        list.extend_from_slice(f.to_str().expect("UTF-8 file names").as_bytes());
        list.push(b'\n');
    }
    (files.len(), list)
}

struct Figures {
    wall: f64,
    cpu: Option<f64>,
    plies: f64,
}

impl Figures {
    fn of(runs: &[Run]) -> Figures {
        Figures {
            wall: median(runs.iter().map(|r| r.wall.as_secs_f64()).collect()),
            cpu: runs
                .iter()
                .map(|r| r.cpu.map(|cpu| cpu.as_secs_f64()))
                .collect::<Option<Vec<f64>>>()
                .map(median),
            plies: plies(&runs[0].last_line),
        }
    }

    fn print(&self, who: &str) {
        let wall = format!(
            "  {who:<24} wall {:.3} s, {:.2} M plies/s wall",
            self.wall,
            self.plies / self.wall / 1e6
        );
        match self.cpu {
            Some(cpu) => println!(
                "{wall}; cpu {cpu:.3} s, {:.2} M plies/s cpu",
                self.plies / cpu / 1e6
            ),
            None => println!("{wall}; no CPU time on this system"),
        }
    }
}

/// A Qipu binary timed with `stats` and these options, under a label.
struct Reader {
    label: String,
    program: PathBuf,
    options: Vec<&'static str>,
}

/// `qipu stats` and `qipu stats --threads 1`, with this build's binary and with each binary of
/// `QIPU_READING_ALSO` (paths separated by `:`, e.g. an earlier build, timed in the same run).
fn readers() -> Vec<Reader> {
    let mut programs = vec![(String::from("qipu"), common::qipu_binary().to_path_buf())];
    if let Ok(also) = std::env::var("QIPU_READING_ALSO") {
        programs.extend(
            also.split(':')
                .filter(|p| !p.is_empty())
                .map(|p| (p.to_owned(), PathBuf::from(p))),
        );
    }
    programs
        .into_iter()
        .flat_map(|(name, program)| {
            [vec![], vec!["--threads", "1"]]
                .into_iter()
                .map(move |options| Reader {
                    label: format!("{name} stats {}", options.join(" "))
                        .trim_end()
                        .to_owned(),
                    program: program.clone(),
                    options,
                })
        })
        .collect()
}

/// Time every reader against the reference on the files of `dir`.
fn compare(name: &str, dir: &Path, reference: Option<&Path>, pairs: usize, readers: &[Reader]) {
    let (count, list) = file_list(dir);
    let folder = dir.to_str().expect("a UTF-8 path");
    println!("{name}: {count} files in {folder}, {pairs} alternating pairs, medians");
    println!("  load average before: {}", load_average());
    let mut reference_runs = Vec::new();
    let mut qipu_runs: Vec<Vec<Run>> = readers.iter().map(|_| Vec::new()).collect();
    for pair in 0..pairs {
        let run_reference = |runs: &mut Vec<Run>| {
            if let Some(binary) = reference {
                runs.push(run(binary, &["-"], Some(&list)));
            }
        };
        if pair % 2 == 0 {
            run_reference(&mut reference_runs);
        }
        for (reader, runs) in readers.iter().zip(&mut qipu_runs) {
            let mut all = vec!["stats"];
            all.extend_from_slice(&reader.options);
            all.push(folder);
            runs.push(run(&reader.program, &all, None));
        }
        if pair % 2 == 1 {
            run_reference(&mut reference_runs);
        }
    }
    let reference = (!reference_runs.is_empty()).then(|| {
        let figures = Figures::of(&reference_runs);
        println!("  reference: {}", reference_runs[0].last_line);
        figures.print("reference (ElephantEye)");
        figures
    });
    for (reader, runs) in readers.iter().zip(&qipu_runs) {
        let figures = Figures::of(runs);
        println!("  {}: {}", reader.label, runs[0].last_line);
        figures.print(&reader.label);
        if let Some(reference) = &reference {
            let cpu = figures
                .cpu
                .zip(reference.cpu)
                .map_or_else(String::new, |(ours, theirs)| {
                    format!(", {:.2}x its CPU time", ours / theirs)
                });
            println!(
                "  {:<24} {:.2}x the reference's wall time{cpu}",
                "",
                figures.wall / reference.wall,
            );
        }
    }
    println!("  load average after: {}", load_average());
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is taken.
    let pairs: usize = std::env::var("QIPU_READING_PAIRS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(11)
        .max(1);
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("reading-bench");
    std::fs::create_dir_all(&work).expect("a working folder in the target directory");
    let reference = build_reference(&work);
    let league = common::shared_path("corpus/xqwizard_liangqi/www.xqbase.com/league");
    let readers = readers();
    compare("league", &league, reference.as_deref(), pairs, &readers);
    let ccpd = unpacked_ccpd(&work);
    compare(
        "CCPD",
        &ccpd,
        reference.as_deref(),
        (pairs / 3).max(3),
        &readers,
    );
}
