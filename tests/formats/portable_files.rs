//! Files as each system names and stores them, on Linux and (under Wine, `.ci/windows`) on
//! Windows alike: names in Chinese, a name that came from a GBK archive, CRLF line ends, paths
//! with backslashes and drive letters, and atomic saves over a file that exists (and is open).

use crate::common::{self, TempFolder};

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use qipu::formats::save::{partial_name, temp_beside};
use qipu::formats::{read_record_file, save_atomic, TargetState};
use qipu::tournament::store::last_good_path;

/// The sample game (UTF-8 PGN, LF line ends) and its number of moves in the main line.
fn sample() -> (Vec<u8>, usize) {
    let path = common::shared_path("data/samples/sample_xqbase_ccgc2006_r22_utf8.pgn");
    let bytes = std::fs::read(&path).expect("the sample reads");
    let moves = main_line_moves(&path);
    (bytes, moves)
}

/// The number of moves of the first game's main line in the record file at `path`.
fn main_line_moves(path: &Path) -> usize {
    let file = read_record_file(path).expect("the record file reads");
    let game = file.games[0]
        .game
        .as_ref()
        .expect("the first game reads in full");
    game.main_line().len()
}

/// A file name of Chinese characters that GBK has: as Windows stores it (UTF-16, here its
/// Unicode), and as a Unix folder unpacked from a GBK archive holds it (the GBK bytes).
fn gbk_name() -> OsString {
    let name = "象棋对局-胡荣华.pgn";
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        let (bytes, _, unmappable) = encoding_rs::GBK.encode(name);
        assert!(!unmappable, "GBK has every character of {name}");
        OsString::from_vec(bytes.into_owned())
    }
    #[cfg(not(unix))]
    {
        OsString::from(name)
    }
}

/// The summary line of `qipu stats INPUT` (`games G, plies P, errors E, seconds S`).
fn stats_line(input: &str) -> String {
    let (code, out, err) = common::qipu(&["stats", input]);
    assert_eq!(code, 0, "qipu stats {input} failed: {err}");
    out.lines()
        .find(|l| l.starts_with("games "))
        .unwrap_or_else(|| panic!("no summary in {out}"))
        .to_owned()
}

#[test]
fn records_named_in_chinese_and_in_gbk_read_by_path_and_by_folder() {
    let (bytes, moves) = sample();
    assert!(moves > 50, "the sample's main line has {moves} moves");
    let dir = TempFolder::new("portable-names");
    let utf8 = dir.join("第22轮 红方胜.pgn");
    let gbk = dir.join(gbk_name());
    std::fs::write(&utf8, &bytes).expect("write the UTF-8 name");
    std::fs::write(&gbk, &bytes).expect("write the GBK name");
    assert_eq!(main_line_moves(&utf8), moves);
    assert_eq!(main_line_moves(&gbk), moves);

    // The folder read by the command line: both files found and read through their names,
    // twice the plies of the one sample.
    let sample = common::shared_path("data/samples/sample_xqbase_ccgc2006_r22_utf8.pgn");
    let one = stats_line(sample.to_str().expect("Unicode"));
    let two = stats_line(dir.to_str().expect("the scratch folder's path is Unicode"));
    let plies = |line: &str| -> u64 {
        let after = line.split("plies ").nth(1).expect("plies in the line");
        after[..after.find(',').expect("a comma after")]
            .parse()
            .expect("a number")
    };
    assert!(two.starts_with("games 2, "), "{two}");
    assert!(two.contains("errors 0"), "{two}");
    assert_eq!(plies(&two), 2 * plies(&one), "{one} / {two}");
    let (code, out, err) = common::qipu(&[
        "convert",
        utf8.to_str().expect("Unicode"),
        "--to",
        "pgn-iccs",
    ]);
    assert_eq!(code, 0, "qipu convert of {} failed: {err}", utf8.display());
    assert!(!out.trim().is_empty(), "the converted record is printed");
}

#[test]
fn a_record_with_crlf_line_ends_reads_as_with_lf() {
    let (bytes, moves) = sample();
    // The sample as LF alone, and as CRLF (Windows' line ends).
    let text = String::from_utf8(bytes)
        .expect("the sample is UTF-8")
        .replace('\r', "");
    let dir = TempFolder::new("portable-crlf");
    let crlf = dir.join("crlf.pgn");
    std::fs::write(&crlf, text.replace('\n', "\r\n")).expect("write CRLF");
    let lf = dir.join("lf.pgn");
    std::fs::write(&lf, &text).expect("write LF");
    assert_eq!(main_line_moves(&crlf), moves);
    let read = |path: &Path| {
        let game = read_record_file(path).expect("reads").games.remove(0).game;
        let game = game.expect("the game reads in full");
        (game.moves_to(game.main_line_end()), game.tags().clone())
    };
    let (crlf_moves, crlf_tags) = read(&crlf);
    let (lf_moves, lf_tags) = read(&lf);
    assert_eq!(crlf_moves, lf_moves, "the same moves either way");
    assert_eq!(crlf_tags, lf_tags, "the same tags, no carriage return kept");
    assert!(crlf_tags.iter().all(|(_, value)| !value.contains('\r')));
}

#[test]
fn names_made_beside_a_file_keep_its_folder_whatever_the_separator() {
    // On Windows `C:\games\对局.pgn` is a drive, a folder and a file; elsewhere it is one file
    // name with backslashes in it. The names made beside it are the same text either way.
    let windows = Path::new(r"C:\games\对局.pgn");
    assert_eq!(
        partial_name(windows, 1),
        PathBuf::from(r"C:\games\对局.partial.pgn")
    );
    assert_eq!(
        last_good_path(Path::new(r"D:\赛事\event.qipu")),
        PathBuf::from(r"D:\赛事\event.last-good.qipu")
    );
    if cfg!(windows) {
        let parts: Vec<_> = windows.components().collect();
        assert_eq!(parts.len(), 4, "prefix, root, folder, file: {parts:?}");
        assert_eq!(windows.parent(), Some(Path::new(r"C:\games")));
        assert_eq!(
            Path::new("C:/games/对局.pgn").parent(),
            Some(Path::new(r"C:\games"))
        );
    } else {
        assert_eq!(windows.parent(), Some(Path::new("")));
    }
}

#[test]
fn a_saved_file_read_by_a_path_with_the_other_separator_and_its_drive() {
    let (bytes, moves) = sample();
    let dir = TempFolder::new("portable-separators");
    let path = dir.join("sub").join("game.pgn");
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("the subfolder");
    save_atomic(&path, &bytes, TargetState::Safe, false).expect("saved");
    if cfg!(windows) {
        // The temporary folder is on a drive (`C:\…`); `/` separates as `\` does.
        let text = path.to_str().expect("Unicode");
        assert!(
            text.as_bytes().get(1) == Some(&b':'),
            "a drive letter starts {text}"
        );
        let slashed = PathBuf::from(text.replace('\\', "/"));
        assert_eq!(main_line_moves(&slashed), moves);
        let (code, _, err) = common::qipu(&["stats", &text.replace('\\', "/")]);
        assert_eq!(code, 0, "qipu stats with / in the path failed: {err}");
    } else {
        let text = path.to_str().expect("Unicode");
        assert!(text.starts_with('/'), "an absolute Unix path: {text}");
        assert_eq!(main_line_moves(&path), moves);
    }
}

/// Whether this Windows program runs under Wine (its ntdll exports `wine_get_version`).
#[cfg(windows)]
fn under_wine() -> bool {
    use std::ffi::c_void;
    extern "system" {
        fn GetModuleHandleA(name: *const u8) -> *mut c_void;
        fn GetProcAddress(module: *mut c_void, name: *const u8) -> *mut c_void;
    }
    // SAFETY: both names are NUL-terminated C strings, and the module is checked for null
    // before it is searched; neither call keeps the pointers.
    unsafe {
        let ntdll = GetModuleHandleA(c"ntdll.dll".as_ptr().cast());
        !ntdll.is_null() && !GetProcAddress(ntdll, c"wine_get_version".as_ptr().cast()).is_null()
    }
}

/// Off Windows there is no Wine to run under.
#[cfg(not(windows))]
fn under_wine() -> bool {
    false
}

#[test]
fn an_atomic_save_replaces_a_file_that_exists_and_is_open_and_leaves_no_temporary_file() {
    let dir = TempFolder::new("portable-atomic");
    let path = dir.join("对局.pgn");
    std::fs::write(&path, b"old contents").expect("the first version");
    // A reader holds the file open while it is saved over (an editor, a viewer, the window).
    // Windows 10 and later replace it (the standard library renames with POSIX semantics);
    // Wine has no such rename and refuses while the reader is open.
    if under_wine() {
        println!("skipped: saving over a file a reader holds open (Wine cannot rename over an open file; Windows 10 and later can)");
    } else {
        let held = std::fs::File::open(&path).expect("open the old file");
        save_atomic(&path, b"new contents", TargetState::Safe, false).expect("saved over");
        assert_eq!(std::fs::read(&path).expect("reads"), b"new contents");
        drop(held);
    }
    save_atomic(&path, b"third contents", TargetState::Safe, false).expect("saved again");
    assert_eq!(std::fs::read(&path).expect("reads"), b"third contents");
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder lists")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        names,
        vec!["对局.pgn".to_owned()],
        "no temporary file is left"
    );

    // A file that failed to read is not saved over unless the user says so.
    let refused = save_atomic(&path, b"x", TargetState::FailedToRead, false);
    assert!(refused.is_err());
    assert_eq!(std::fs::read(&path).expect("reads"), b"third contents");

    // The temporary file is made in the target's folder, so the rename stays on its volume.
    let (temp, file) = temp_beside(&path).expect("a temporary file");
    drop(file);
    assert_eq!(temp.parent(), path.parent());
    let _ = std::fs::remove_file(&temp);
}
