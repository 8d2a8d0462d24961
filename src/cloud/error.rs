//! Why a query to the cloud gave no answer: each kind its own variant, its own key for scripts
//! and its own calm sentence in three languages for the window.

use std::time::Duration;

use crate::lang::Language;

/// Why the cloud gave no answer.
///
/// Three kinds matter most to a user and never share a variant: the network cannot reach the
/// cloud ([`CloudError::Offline`]), the cloud does not know the position
/// ([`CloudError::Unknown`]), and the cloud refused the query ([`CloudError::Refused`]).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CloudError {
    /// The cloud is turned off: nothing was sent.
    #[error("the cloud database is turned off; nothing was sent")]
    Disabled,
    /// No network: the server's name cannot be resolved, or no connection could be opened.
    #[error("no network: cannot reach {server} ({reason})")]
    Offline {
        /// The server's address.
        server: String,
        /// What the system said.
        reason: String,
    },
    /// The server took longer than the timeout to answer.
    #[error("the cloud database did not answer within {:.1} s", .after.as_secs_f64())]
    Timeout {
        /// The timeout that ran out.
        after: Duration,
    },
    /// The connection was opened and then broke before a whole reply came.
    #[error("the connection to the cloud database broke ({reason})")]
    Dropped {
        /// What the system said.
        reason: String,
    },
    /// The cloud refused the query: too many queries (HTTP 429 or its `rate limit exceeded`),
    /// a server error (5xx) that lasted through the retries, or another refusal.
    #[error("the cloud database refused the query (HTTP {status}): \"{reply}\"")]
    Refused {
        /// The HTTP status.
        status: u16,
        /// The reply, as sent (cut to a few hundred characters).
        reply: String,
    },
    /// The cloud does not know this position (`unknown`, or `nobestmove` when asked for one
    /// move).
    #[error("the cloud database does not know this position")]
    Unknown,
    /// The cloud does not accept this position (`invalid board`).
    #[error("the cloud database does not accept this position (invalid board)")]
    InvalidBoard,
    /// The side to move is checkmated: there is no move to ask about.
    #[error("the side to move is checkmated")]
    Checkmate,
    /// The side to move has no legal move and is not in check (困斃): no move to ask about.
    #[error("the side to move has no legal move (stalemate)")]
    Stalemate,
    /// The reply could not be read as the API documents it, or it names a move that is not
    /// legal in the position.
    #[error("the cloud database's reply cannot be read ({reason}): \"{reply}\"")]
    Malformed {
        /// The reply, as sent (cut to a few hundred characters).
        reply: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The cache could not be read or written.
    #[error("the cloud cache: {0}")]
    Cache(String),
}

/// How much of a reply an error quotes.
const QUOTED: usize = 300;

/// `reply` cut to [`QUOTED`] characters (with `…` when cut), for an error to quote.
pub(crate) fn quote(reply: &str) -> String {
    match reply.char_indices().nth(QUOTED) {
        Some((end, _)) => format!("{}…", &reply[..end]),
        None => reply.to_owned(),
    }
}

impl CloudError {
    /// A malformed reply: `reply` quoted (without the server's closing NUL), `reason` said.
    pub(crate) fn malformed(reply: &str, reason: impl Into<String>) -> CloudError {
        CloudError::Malformed {
            reply: quote(reply.trim_end_matches('\0')),
            reason: reason.into(),
        }
    }

    /// The key scripts read (`qipu cloud --json` writes it as `"error"`): `disabled`,
    /// `offline`, `timeout`, `dropped`, `refused`, `unknown`, `invalid board`, `checkmate`,
    /// `stalemate`, `malformed`, `cache`. The cloud's own words where it has them.
    pub fn key(&self) -> &'static str {
        match self {
            CloudError::Disabled => "disabled",
            CloudError::Offline { .. } => "offline",
            CloudError::Timeout { .. } => "timeout",
            CloudError::Dropped { .. } => "dropped",
            CloudError::Refused { .. } => "refused",
            CloudError::Unknown => "unknown",
            CloudError::InvalidBoard => "invalid board",
            CloudError::Checkmate => "checkmate",
            CloudError::Stalemate => "stalemate",
            CloudError::Malformed { .. } => "malformed",
            CloudError::Cache(_) => "cache",
        }
    }

    /// Whether the network, not the cloud's answer, failed: the cache may stand in.
    pub fn is_network(&self) -> bool {
        matches!(
            self,
            CloudError::Offline { .. }
                | CloudError::Timeout { .. }
                | CloudError::Dropped { .. }
                | CloudError::Refused { .. }
        )
    }

    /// One calm sentence for the user, in `lang`; the details (the reply, the system's words)
    /// are in the English [`Display`](std::fmt::Display) text.
    pub fn message(&self, lang: Language) -> String {
        let text = match self {
            CloudError::Disabled => lang.pick(
                "The cloud database is off.",
                "云库未开启。",
                "雲庫未開啟。",
            ),
            CloudError::Offline { .. } => lang.pick(
                "No network: the cloud database cannot be reached.",
                "没有网络：连不上云库。",
                "沒有網路：連不上雲庫。",
            ),
            CloudError::Timeout { .. } => lang.pick(
                "The cloud database is not answering; try again later.",
                "云库没有回应，请稍后再试。",
                "雲庫沒有回應，請稍後再試。",
            ),
            CloudError::Dropped { .. } => lang.pick(
                "The connection to the cloud database broke; try again later.",
                "与云库的连接中断了，请稍后再试。",
                "與雲庫的連線中斷了，請稍後再試。",
            ),
            CloudError::Refused { .. } => lang.pick(
                "The cloud database declined the query (too many queries, or it is busy); try again later.",
                "云库拒绝了查询（查询太多或服务器繁忙），请稍后再试。",
                "雲庫拒絕了查詢（查詢太多或伺服器繁忙），請稍後再試。",
            ),
            CloudError::Unknown => lang.pick(
                "The cloud database does not know this position.",
                "云库没有这个局面的数据。",
                "雲庫沒有這個局面的資料。",
            ),
            CloudError::InvalidBoard => lang.pick(
                "The cloud database does not accept this position.",
                "云库不接受这个局面。",
                "雲庫不接受這個局面。",
            ),
            CloudError::Checkmate => lang.pick(
                "The side to move is checkmated.",
                "走棋方已被将死。",
                "走棋方已被將死。",
            ),
            CloudError::Stalemate => lang.pick(
                "The side to move has no legal move.",
                "走棋方无子可动（困毙）。",
                "走棋方無子可動（困斃）。",
            ),
            CloudError::Malformed { .. } => lang.pick(
                "The cloud database sent a reply Qipu cannot read.",
                "云库的回复无法读取。",
                "雲庫的回覆無法讀取。",
            ),
            CloudError::Cache(_) => lang.pick(
                "The cloud cache cannot be used.",
                "云库缓存无法使用。",
                "雲庫快取無法使用。",
            ),
        };
        text.to_owned()
    }
}

impl From<rusqlite::Error> for CloudError {
    fn from(e: rusqlite::Error) -> CloudError {
        CloudError::Cache(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_cloud_and_refusal_are_three_kinds() {
        let offline = CloudError::Offline {
            server: "http://127.0.0.1:1".into(),
            reason: "connection refused".into(),
        };
        let refused = CloudError::Refused {
            status: 429,
            reply: String::new(),
        };
        let keys = [offline.key(), CloudError::Unknown.key(), refused.key()];
        assert_eq!(keys, ["offline", "unknown", "refused"]);
        for lang in Language::ALL {
            let said = [
                offline.message(lang),
                CloudError::Unknown.message(lang),
                refused.message(lang),
            ];
            assert_ne!(said[0], said[1]);
            assert_ne!(said[1], said[2]);
            assert_ne!(said[0], said[2]);
        }
        assert!(offline.is_network() && refused.is_network());
        assert!(!CloudError::Unknown.is_network());
    }

    #[test]
    fn a_long_reply_is_quoted_in_part() {
        let long = "x".repeat(1000);
        let quoted = quote(&long);
        assert_eq!(quoted.chars().count(), QUOTED + 1);
        assert!(quoted.ends_with('…'));
        assert_eq!(quote("move:h2e2"), "move:h2e2");
    }
}
