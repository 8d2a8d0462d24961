//! Why reading or writing failed, in plain words: the system's reason for an input or output
//! error without its error number (`No such file or directory (os error 2)` is told as `no such
//! file or folder`), in each of the three languages. Every error that shows an
//! [`std::io::Error`] to a user shows it through [`IoReason`]; the sentence around it names the
//! path.

use std::fmt;
use std::io::{self, ErrorKind};

use super::Language;

/// An input or output error as a user reads it: `Display` is the English text,
/// [`IoReason::message`] the text in any language. Made from the error ([`IoReason::of`]) where it
/// is shown, or kept in its place by an error that must be cloned or compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoReason {
    /// The kind of error, which has words of ours when a user meets it often.
    kind: ErrorKind,
    /// The words of the system (without the error number) or of the program that made the
    /// error.
    text: String,
    /// Whether a program made the error with words of its own, which are kept.
    own: bool,
}

impl IoReason {
    /// The reason of `error`.
    pub fn of(error: &io::Error) -> IoReason {
        IoReason {
            kind: error.kind(),
            text: system_words(error),
            own: error.raw_os_error().is_none() && error.get_ref().is_some(),
        }
    }

    /// The reason in `lang`: the plain words for the kinds a user meets (a missing file, no
    /// permission, a full disk, …); for any other system error, the system's own words without
    /// the error number; for an error made by a program, its own text.
    pub fn message(&self, lang: Language) -> String {
        match words(self.kind) {
            Some((en, hans, hant)) if !self.own => lang.pick(en, hans, hant).to_owned(),
            _ => self.text.clone(),
        }
    }
}

impl From<&io::Error> for IoReason {
    fn from(error: &io::Error) -> IoReason {
        IoReason::of(error)
    }
}

impl fmt::Display for IoReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Language::English))
    }
}

/// The words for a kind of error, in English, simplified and traditional Chinese.
fn words(kind: ErrorKind) -> Option<(&'static str, &'static str, &'static str)> {
    Some(match kind {
        ErrorKind::NotFound => (
            "no such file or folder",
            "没有这个文件或文件夹",
            "沒有這個檔案或資料夾",
        ),
        ErrorKind::PermissionDenied => ("permission denied", "没有权限", "沒有權限"),
        ErrorKind::AlreadyExists => ("it exists already", "已经存在", "已經存在"),
        ErrorKind::IsADirectory => (
            "it is a folder, not a file",
            "这是文件夹，不是文件",
            "這是資料夾，不是檔案",
        ),
        ErrorKind::NotADirectory => (
            "a part of the path is a file, not a folder",
            "路径中的一部分是文件，不是文件夹",
            "路徑中的一部分是檔案，不是資料夾",
        ),
        ErrorKind::DirectoryNotEmpty => (
            "the folder is not empty",
            "文件夹不是空的",
            "資料夾不是空的",
        ),
        ErrorKind::ReadOnlyFilesystem => ("the disk is read-only", "磁盘是只读的", "磁碟是唯讀的"),
        ErrorKind::StorageFull => ("the disk is full", "磁盘已满", "磁碟已滿"),
        ErrorKind::QuotaExceeded => (
            "the disk quota is used up",
            "磁盘配额已用完",
            "磁碟配額已用完",
        ),
        ErrorKind::FileTooLarge => ("the file is too large", "文件太大", "檔案太大"),
        ErrorKind::InvalidFilename => (
            "the name is not a valid file name",
            "不是有效的文件名",
            "不是有效的檔名",
        ),
        ErrorKind::ResourceBusy | ErrorKind::ExecutableFileBusy => {
            ("it is in use", "正在使用中", "正在使用中")
        }
        ErrorKind::BrokenPipe => (
            "the other side has closed the connection",
            "对方已关闭连接",
            "對方已關閉連線",
        ),
        ErrorKind::ConnectionRefused => ("the connection was refused", "连接被拒绝", "連線被拒絕"),
        ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted => {
            ("the connection was broken off", "连接中断", "連線中斷")
        }
        ErrorKind::TimedOut => ("it took too long", "超时", "逾時"),
        ErrorKind::OutOfMemory => ("out of memory", "内存不足", "記憶體不足"),
        ErrorKind::UnexpectedEof => ("it ends too early", "过早结束", "過早結束"),
        ErrorKind::Unsupported => (
            "this system does not support it",
            "此系统不支持",
            "此系統不支援",
        ),
        _ => return None,
    })
}

/// The error's own words: a system error's without ` (os error N)`, starting in lower case as
/// the rest of the sentence.
fn system_words(error: &io::Error) -> String {
    let text = error.to_string();
    if error.raw_os_error().is_none() {
        return text;
    }
    let text = match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => &text[..at],
        _ => &text,
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_said_in_plain_words_in_each_language() {
        let missing = std::env::temp_dir().join("qipu-no-such-file-here.pgn");
        let error = std::fs::read(&missing).expect_err("no such file");
        assert!(error.to_string().contains("(os error"), "{error}");
        assert_eq!(IoReason::of(&error).to_string(), "no such file or folder");
        assert_eq!(
            IoReason::of(&error).message(Language::SimplifiedChinese),
            "没有这个文件或文件夹"
        );
        assert_eq!(
            IoReason::of(&error).message(Language::TraditionalChinese),
            "沒有這個檔案或資料夾"
        );
    }

    #[test]
    fn a_path_through_a_file_is_said_in_plain_words() {
        let file = std::env::temp_dir().join(format!("qipu-io-reason-{}", std::process::id()));
        std::fs::write(&file, b"x").expect("a file");
        let error = std::fs::write(file.join("inside.pgn"), b"y").expect_err("not a folder");
        std::fs::remove_file(&file).expect("clean up");
        let said = IoReason::of(&error).to_string();
        assert!(!said.contains("os error"), "{said}");
        if cfg!(unix) {
            assert_eq!(said, "a part of the path is a file, not a folder");
        }
    }

    #[test]
    fn other_system_errors_lose_their_number_and_programs_keep_their_words() {
        let denied = io::Error::from(ErrorKind::PermissionDenied);
        assert_eq!(IoReason::of(&denied).to_string(), "permission denied");
        // A system error of a kind without words of ours: the system's, without the number.
        let raw = io::Error::from_raw_os_error(if cfg!(windows) { 1392 } else { 40 });
        let said = IoReason::of(&raw).to_string();
        assert!(!said.contains("os error") && !said.is_empty(), "{said}");
        assert!(said.starts_with(|c: char| !c.is_uppercase()), "{said}");
        let own = io::Error::other("the engine closed its output");
        assert_eq!(
            IoReason::of(&own).to_string(),
            "the engine closed its output"
        );
        assert_eq!(
            IoReason::of(&own).message(Language::SimplifiedChinese),
            "the engine closed its output"
        );
    }
}
