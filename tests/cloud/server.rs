//! A cloud database on 127.0.0.1 for the tests: a TCP listener on a thread that answers each GET
//! as the test's script says (a reply, an HTTP status, a slow reply, a dropped connection) and
//! keeps every query it was sent. It stops when dropped, and by itself after a minute.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use qipu::cloud::ClientSettings;

/// The longest a test server runs.
const LIFETIME: Duration = Duration::from_secs(60);

/// What the server does with one query.
#[derive(Clone, Debug)]
pub struct Reply {
    status: u16,
    body: String,
    delay: Duration,
    drop: bool,
}

impl Reply {
    /// `200 OK` with `body` (the cloud's text form ends with a NUL, as the real server's).
    pub fn ok(body: &str) -> Reply {
        Reply::status(200, &format!("{body}\0"))
    }

    /// `200 OK` with `body` exactly as given.
    pub fn raw(body: &str) -> Reply {
        Reply::status(200, body)
    }

    /// An HTTP status with `body`.
    pub fn status(status: u16, body: &str) -> Reply {
        Reply {
            status,
            body: body.to_owned(),
            delay: Duration::ZERO,
            drop: false,
        }
    }

    /// `body`, after `delay`.
    pub fn slow(body: &str, delay: Duration) -> Reply {
        Reply {
            delay,
            ..Reply::ok(body)
        }
    }

    /// The connection closed after the query is read, without a reply.
    pub fn dropped() -> Reply {
        Reply {
            drop: true,
            ..Reply::ok("")
        }
    }
}

/// One query as the server received it.
#[derive(Clone, Debug)]
pub struct Query {
    /// The query's parameters, decoded, in order.
    pub params: Vec<(String, String)>,
    /// The User-Agent header.
    pub user_agent: Option<String>,
}

impl Query {
    /// The parameter `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

type Script = dyn Fn(&Query, usize) -> Reply + Send + Sync;

/// The test cloud.
pub struct Server {
    port: u16,
    queries: Arc<Mutex<Vec<Query>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// A server answering the `n`-th query (from 0) by `script(query, n)`.
    pub fn start(script: impl Fn(&Query, usize) -> Reply + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port on 127.0.0.1");
        listener
            .set_nonblocking(true)
            .expect("a listener that polls");
        let port = listener.local_addr().expect("its address").port();
        let queries = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let script: Arc<Script> = Arc::new(script);
        let thread = {
            let queries = Arc::clone(&queries);
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let started = Instant::now();
                while !stop.load(Ordering::Relaxed) && started.elapsed() < LIFETIME {
                    match listener.accept() {
                        Ok((stream, _)) => {
                            let queries = Arc::clone(&queries);
                            let script = Arc::clone(&script);
                            std::thread::spawn(move || serve(stream, &queries, script.as_ref()));
                        }
                        Err(_) => std::thread::sleep(Duration::from_millis(2)),
                    }
                }
            })
        };
        Server {
            port,
            queries,
            stop,
            thread: Some(thread),
        }
    }

    /// A server that always answers `reply`.
    pub fn always(reply: Reply) -> Server {
        Server::start(move |_, _| reply.clone())
    }

    /// The API's address on this server.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/chessdb.php", self.port)
    }

    /// Client settings for this server: short waits, so the tests run quickly.
    pub fn settings(&self) -> ClientSettings {
        settings_for(&self.url())
    }

    /// How many queries came.
    pub fn count(&self) -> usize {
        self.queries.lock().expect("the query log").len()
    }

    /// The queries that came, in order.
    pub fn queries(&self) -> Vec<Query> {
        self.queries.lock().expect("the query log").clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Client settings for the server at `url`: short waits, so the tests run quickly.
pub fn settings_for(url: &str) -> ClientSettings {
    ClientSettings {
        server: url.to_owned(),
        timeout: Duration::from_secs(5),
        queries_per_second: 5.0,
        retries: 2,
        backoff: Duration::from_millis(1),
    }
}

/// An address where nothing listens: a port taken and let go.
pub fn closed_port_url() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port on 127.0.0.1");
    let port = listener.local_addr().expect("its address").port();
    drop(listener);
    format!("http://127.0.0.1:{port}/chessdb.php")
}

fn serve(mut stream: TcpStream, queries: &Mutex<Vec<Query>>, script: &Script) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut head = Vec::new();
    let mut byte = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(0) | Err(_) => return,
            Ok(n) => head.extend_from_slice(&byte[..n]),
        }
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let mut lines = head.split("\r\n");
    let target = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .unwrap_or_default();
    let user_agent = lines
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.eq_ignore_ascii_case("user-agent"))
        .map(|(_, v)| v.trim().to_owned());
    let params = target
        .split_once('?')
        .map(|(_, q)| q)
        .unwrap_or_default()
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect();
    let query = Query { params, user_agent };
    let n = {
        let mut log = queries.lock().expect("the query log");
        log.push(query.clone());
        log.len() - 1
    };
    let reply = script(&query, n);
    if reply.drop {
        let _ = stream.shutdown(std::net::Shutdown::Both);
        return;
    }
    std::thread::sleep(reply.delay);
    let reason = match reply.status {
        200 => "OK",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Status",
    };
    let response = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{}",
        reply.status,
        reply.body.len(),
        reply.body
    );
    let _ = stream.write_all(response.as_bytes());
    let _ = stream.flush();
}

/// A query parameter with its `%XX` escapes (and `+` for a space) decoded.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
                match u8::from_str_radix(hex, 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 3;
                        continue;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
