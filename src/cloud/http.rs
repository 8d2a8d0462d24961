//! The HTTP client of the Xiangqi cloud database (chessdb.cn's `chessdb.php` API, or a mirror of
//! it): one GET a query, with a timeout, a limit on queries a second, retries with back-off when
//! the server is busy (429, 5xx, `rate limit exceeded`) or the connection breaks, and a
//! User-Agent naming Qipu and its version.
//!
//! HTTPS goes through rustls (with ring and the Mozilla roots of webpki-roots): no system TLS
//! library, so the Windows build needs nothing beside the program. A proxy set in the
//! environment (`HTTPS_PROXY`, `ALL_PROXY`, with `NO_PROXY`) is used, except for a server on this
//! machine (`localhost`, a loopback address), which is reached directly.

use std::time::Duration;

use super::answer::{BestMove, CloudMove, Pv};
use super::book::CloudBook;
use super::error::{quote, CloudError};
use super::limiter::RateLimiter;
use super::reply::{clean, queued, Reply};
use super::request::{Action, Request};
use crate::lang::IoReason;

/// The cloud's address: chessdb.cn's API for Xiangqi.
pub const DEFAULT_SERVER: &str = "https://www.chessdb.cn/chessdb.php";

/// The User-Agent every query carries: Qipu and its version.
pub const USER_AGENT: &str = concat!("Qipu/", env!("CARGO_PKG_VERSION"));

/// The longest wait between two attempts, whatever the server's `Retry-After` asks.
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// The most a reply may hold; the longest real one (every legal move listed) is a few
/// kilobytes.
const MAX_REPLY: u64 = 256 * 1024;

/// How the client reaches the cloud: a setting of the app.
#[derive(Clone, Debug, PartialEq)]
pub struct ClientSettings {
    /// The API's address (`https://www.chessdb.cn/chessdb.php`, or a mirror's).
    pub server: String,
    /// How long one attempt may take, from connecting to the reply's last byte.
    pub timeout: Duration,
    /// At most this many queries a second (held to a few: see
    /// [`MAX_QUERIES_PER_SECOND`](super::MAX_QUERIES_PER_SECOND)).
    pub queries_per_second: f64,
    /// Attempts after the first when the server is busy or the connection breaks.
    pub retries: u32,
    /// The wait before the first retry; each further retry waits twice as long (or what the
    /// server's `Retry-After` asks, up to 30 seconds).
    pub backoff: Duration,
}

impl Default for ClientSettings {
    fn default() -> ClientSettings {
        ClientSettings {
            server: DEFAULT_SERVER.to_owned(),
            timeout: Duration::from_secs(10),
            queries_per_second: 2.0,
            retries: 2,
            backoff: Duration::from_secs(1),
        }
    }
}

/// A server setting that is not an `http://` or `https://` address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the cloud server '{0}' is not an http:// or https:// address")]
pub struct BadServer(pub String);

/// The client of chessdb.cn's API (or a mirror's).
#[derive(Debug)]
pub struct ChessDb {
    settings: ClientSettings,
    agent: ureq::Agent,
    limiter: RateLimiter,
}

/// What one attempt came to.
enum Attempt {
    /// A reply to read.
    Reply(String),
    /// A failure another attempt may mend, with the wait the server asked for.
    Again(CloudError, Option<Duration>),
    /// A failure to report at once.
    Fail(CloudError),
}

impl ChessDb {
    /// A client with `settings`. Nothing is sent until a query is made.
    pub fn new(settings: ClientSettings) -> Result<ChessDb, BadServer> {
        let server = settings.server.trim();
        let lower = server.to_ascii_lowercase();
        let scheme_len = if lower.starts_with("https://") {
            8
        } else if lower.starts_with("http://") {
            7
        } else {
            return Err(BadServer(settings.server.clone()));
        };
        let uri = match server.parse::<ureq::http::Uri>() {
            Ok(uri) if server.len() > scheme_len => uri,
            _ => return Err(BadServer(settings.server.clone())),
        };
        let mut config = ureq::Agent::config_builder();
        if uri.host().is_some_and(is_loopback) {
            // A mirror on this machine is reached directly, whatever proxy is set.
            config = config.proxy(None);
        }
        let config = config
            .timeout_global(Some(settings.timeout))
            .http_status_as_error(false)
            .user_agent(USER_AGENT)
            .max_redirects(3)
            .build();
        Ok(ChessDb {
            limiter: RateLimiter::new(settings.queries_per_second),
            agent: ureq::Agent::new_with_config(config),
            settings: ClientSettings {
                server: server.to_owned(),
                ..settings
            },
        })
    }

    /// The settings in use.
    pub fn settings(&self) -> &ClientSettings {
        &self.settings
    }

    /// The reply to `action` on `request`, after the retries the settings allow.
    fn fetch(&self, action: Action, request: &Request) -> Result<String, CloudError> {
        let mut retry = 0;
        loop {
            self.limiter.wait();
            match self.attempt(action, request) {
                Attempt::Reply(reply) => return Ok(reply),
                Attempt::Fail(e) => return Err(e),
                Attempt::Again(e, asked) => {
                    if retry >= self.settings.retries {
                        return Err(e);
                    }
                    let doubled = self.settings.backoff.saturating_mul(1 << retry.min(16));
                    std::thread::sleep(asked.unwrap_or(doubled).min(MAX_BACKOFF));
                    retry += 1;
                }
            }
        }
    }

    /// One GET.
    fn attempt(&self, action: Action, request: &Request) -> Attempt {
        let mut get = self
            .agent
            .get(&self.settings.server)
            .query("action", action.name())
            .query("board", request.board());
        if action != Action::Queue {
            if let Some(ban) = request.ban_text() {
                get = get.query("ban", ban);
            }
            let options = &request.options;
            get = get
                .query("showall", if options.showall { "1" } else { "0" })
                .query("egtbmetric", options.metric.name())
                .query("learn", if options.learn { "1" } else { "0" });
        }
        let mut response = match get.call() {
            Ok(response) => response,
            Err(e) => return self.failure(e),
        };
        let status = response.status().as_u16();
        let asked = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(Duration::from_secs);
        let body = match response
            .body_mut()
            .with_config()
            .limit(MAX_REPLY)
            .read_to_vec()
        {
            Ok(body) => body,
            Err(e) => return self.failure(e),
        };
        let reply = match String::from_utf8(body) {
            Ok(text) => text,
            Err(e) => {
                let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
                return Attempt::Fail(CloudError::malformed(&lossy, "not UTF-8 text"));
            }
        };
        let refused = CloudError::Refused {
            status,
            reply: quote(clean(&reply)),
        };
        match status {
            200 if clean(&reply).eq_ignore_ascii_case("rate limit exceeded") => {
                Attempt::Again(refused, asked)
            }
            200 => Attempt::Reply(reply),
            429 | 500..=599 => Attempt::Again(refused, asked),
            _ => Attempt::Fail(refused),
        }
    }

    /// What a transport error means: no network, a timeout, or a broken connection (which
    /// another attempt may mend).
    fn failure(&self, e: ureq::Error) -> Attempt {
        use std::io::ErrorKind;
        let offline = |reason: String| {
            Attempt::Fail(CloudError::Offline {
                server: self.settings.server.clone(),
                reason,
            })
        };
        let dropped = |reason: String| Attempt::Again(CloudError::Dropped { reason }, None);
        let timeout = Attempt::Fail(CloudError::Timeout {
            after: self.settings.timeout,
        });
        match e {
            ureq::Error::Timeout(_) => timeout,
            ureq::Error::HostNotFound => offline("the server's name cannot be resolved".into()),
            ureq::Error::ConnectionFailed => offline("no connection could be opened".into()),
            ureq::Error::Io(io) => match io.kind() {
                ErrorKind::TimedOut | ErrorKind::WouldBlock => timeout,
                ErrorKind::ConnectionReset
                | ErrorKind::ConnectionAborted
                | ErrorKind::UnexpectedEof
                | ErrorKind::BrokenPipe => dropped(IoReason::of(&io).to_string()),
                // Refused, unreachable, a name that does not resolve.
                _ => offline(IoReason::of(&io).to_string()),
            },
            ureq::Error::Protocol(p) => dropped(p.to_string()),
            ureq::Error::Tls(_) | ureq::Error::Rustls(_) => {
                offline(format!("no secure connection: {e}"))
            }
            ureq::Error::BodyExceedsLimit(limit) => Attempt::Fail(CloudError::malformed(
                "",
                format!("a reply over {limit} bytes"),
            )),
            other => dropped(other.to_string()),
        }
    }

    fn ask<T: Reply>(&self, action: Action, request: &Request) -> Result<T, CloudError> {
        let reply = self.fetch(action, request)?;
        T::parse(&reply, &request.position)
    }
}

/// Whether `host` names this machine: `localhost` or a loopback address.
fn is_loopback(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || bare
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

impl CloudBook for ChessDb {
    fn name(&self) -> &str {
        &self.settings.server
    }

    fn moves(&self, request: &Request) -> Result<Vec<CloudMove>, CloudError> {
        self.ask(Action::QueryAll, request)
    }

    fn best(&self, request: &Request) -> Result<BestMove, CloudError> {
        self.ask(Action::QueryBest, request)
    }

    fn pv(&self, request: &Request) -> Result<Pv, CloudError> {
        self.ask(Action::QueryPv, request)
    }

    fn score(&self, request: &Request) -> Result<i32, CloudError> {
        self.ask(Action::QueryScore, request)
    }

    fn queue(&self, request: &Request) -> Result<bool, CloudError> {
        let reply = self.fetch(Action::Queue, request)?;
        queued(&reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client() -> ChessDb {
        ChessDb::new(ClientSettings {
            server: "http://127.0.0.1:9/chessdb.php".into(),
            ..ClientSettings::default()
        })
        .expect("a good address")
    }

    #[test]
    fn the_server_must_be_an_http_address() {
        for bad in [
            "",
            "chessdb.cn",
            "ftp://x/y",
            "https://",
            "http://bad host/",
        ] {
            let settings = ClientSettings {
                server: bad.into(),
                ..ClientSettings::default()
            };
            assert!(ChessDb::new(settings).is_err(), "{bad:?} accepted");
        }
        assert_eq!(client().name(), "http://127.0.0.1:9/chessdb.php");
    }

    #[test]
    fn a_server_on_this_machine_is_loopback() {
        assert!(is_loopback("localhost"));
        assert!(is_loopback("127.0.0.1"));
        assert!(is_loopback("[::1]"));
        assert!(!is_loopback("www.chessdb.cn"));
        assert!(!is_loopback("192.168.1.2"));
    }

    #[test]
    fn transport_errors_are_no_network_timeouts_or_broken_connections() {
        let c = client();
        let kind = |e: ureq::Error| match c.failure(e) {
            Attempt::Fail(e) | Attempt::Again(e, _) => e.key(),
            Attempt::Reply(_) => "reply",
        };
        let io = |k: std::io::ErrorKind| ureq::Error::Io(std::io::Error::from(k));
        assert_eq!(kind(ureq::Error::HostNotFound), "offline");
        assert_eq!(kind(ureq::Error::ConnectionFailed), "offline");
        assert_eq!(kind(io(std::io::ErrorKind::ConnectionRefused)), "offline");
        assert_eq!(kind(io(std::io::ErrorKind::TimedOut)), "timeout");
        assert_eq!(kind(io(std::io::ErrorKind::ConnectionReset)), "dropped");
        assert_eq!(kind(io(std::io::ErrorKind::UnexpectedEof)), "dropped");
        // A broken connection may be tried again; no network may not.
        assert!(matches!(
            c.failure(io(std::io::ErrorKind::ConnectionReset)),
            Attempt::Again(..)
        ));
        assert!(matches!(
            c.failure(ureq::Error::HostNotFound),
            Attempt::Fail(..)
        ));
    }
}
