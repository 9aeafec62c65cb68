//! `weburl serve`: the live URL viewer. A small HTTP server on a loopback address that
//! answers `GET /` with one page (HTML, CSS and JavaScript built into the binary) and
//! `GET /api/inspect?url=...&base=...&encoding=...` with everything weburl knows about a URL,
//! as JSON (see docs/SERVE.md). It never fetches, resolves or opens a URL it is shown.

mod inspect;
mod spans;
/// Spark SQL's `parse_url` (`java.net.URI` re-implemented): the crate weburl-arrow's `spark`
/// feature re-exports, which the DataFusion, DuckDB and Python functions run. It uses nothing
/// of Arrow, so the page shows Spark's reading without the CLI depending on Arrow.
use weburl_spark as spark;

use std::io::Write as _;
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Args;
use tiny_http::{Header, Method, Request, Response, Server};
use weburl::SearchParams;
use weburl::pattern::PatternLimits;

use crate::report;

/// The longest request target (path and query) answered: longer ones get 413. A URL this long
/// is far beyond what browsers send (about 2 MB at most) divided by the page's needs; the
/// page refuses to send more before the server has to.
pub const MAX_TARGET_LENGTH: usize = 256 * 1024;

/// The longest URL pattern the tester compiles.
const MAX_PATTERN_LENGTH: usize = 4096;

/// The page, its style sheet and its script: built into the binary, nothing from the network.
const PAGE_HTML: &str = include_str!("page.html");
const PAGE_CSS: &str = include_str!("page.css");
const PAGE_JS: &str = include_str!("page.js");

/// Examples shown at the end of `weburl serve --help`.
pub const EXAMPLES: &str = r#"Examples:
  $ weburl serve
  http://127.0.0.1:41723/
  (open that address in a browser; Ctrl-C stops the server)

  $ weburl serve --port 8080 --open

  $ curl -s 'http://127.0.0.1:8080/api/inspect?url=http%3A%2F%2F0x7f.1%2F'

The first line on standard output is the page's address. The page shows, as you type: the
input and the href with each component coloured, the components, the query's pairs, the
validation errors at their offsets, the host (kind, address forms, address space, IANA block,
public suffix, registrable domain, site), every engine's reading side by side, the canonical
forms, the public-web policy's verdict and, with a pattern, what URLPattern matches. Its
state lives in the fragment (#url=...&base=...&encoding=...&pattern=...), so a link
reproduces the view. The JSON API and the page's
data attributes are documented in docs/SERVE.md.

The server listens on 127.0.0.1 unless --bind says otherwise; an address that is not a
loopback address also needs --allow-remote (and prints a warning: anyone who can reach it
can use the page). It answers only requests whose Host header names the address it listens
on (or localhost), so another site cannot reach it through DNS rebinding.

Exit status: 0 when stopped by Ctrl-C, 1 when the address cannot be bound, 2 on a usage
error."#;

/// Options of `weburl serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on; 0 (the default) lets the system pick a free one
    #[arg(long, default_value_t = 0)]
    port: u16,

    /// The address to listen on; one that is not a loopback address also needs
    /// --allow-remote
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    bind: IpAddr,

    /// Allow --bind to name an address that is not a loopback address (other machines can
    /// then use the page and its API)
    #[arg(long)]
    allow_remote: bool,

    /// Open the page in the desktop's browser (xdg-open, open or start), as well as printing
    /// its address
    #[arg(long)]
    open: bool,
}

/// Runs `weburl serve` until Ctrl-C.
pub fn run(args: ServeArgs) -> ExitCode {
    if !args.bind.is_loopback() {
        if !args.allow_remote {
            report::usage_error(format_args!(
                "--bind {} is not a loopback address: add --allow-remote to listen there",
                args.bind
            ));
        }
        warning(format_args!(
            "listening on {}: anyone who can reach this address can use the page and its API",
            args.bind
        ));
    }
    let server = match Server::http(SocketAddr::new(args.bind, args.port)) {
        Ok(server) => Arc::new(server),
        Err(e) => {
            report::error(format_args!(
                "cannot listen on {}: {e}",
                SocketAddr::new(args.bind, args.port)
            ));
            return ExitCode::FAILURE;
        }
    };
    let Some(address) = server.server_addr().to_ip() else {
        report::error(format_args!("the server has no IP address"));
        return ExitCode::FAILURE;
    };
    let page = format!("http://{address}/");
    {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{page}");
        let _ = stdout.flush();
    }
    let stopper = Arc::clone(&server);
    if let Err(e) = ctrlc::set_handler(move || stopper.unblock()) {
        warning(format_args!("Ctrl-C will not stop the server cleanly: {e}"));
    }
    if args.open {
        open_browser(&page);
    }
    let hosts = allowed_hosts(address, args.allow_remote);
    // The pattern tester runs custom regexp groups (an ECMAScript backtracking engine) only
    // for a page on this machine; with --allow-remote, patterns are untrusted input.
    let pattern_limits = if args.allow_remote {
        PatternLimits::untrusted()
    } else {
        PatternLimits::new().max_len(MAX_PATTERN_LENGTH)
    };
    // Each request is answered on a thread of its own, so that one that takes long (a
    // pattern's regular expression on a long URL) does not hold up the page's other requests;
    // at most MAX_IN_FLIGHT at once, beyond which a request gets 503 at once.
    let shared = Arc::new((hosts, pattern_limits));
    let in_flight = Arc::new(AtomicUsize::new(0));
    for request in server.incoming_requests() {
        if in_flight.fetch_add(1, Ordering::AcqRel) >= MAX_IN_FLIGHT {
            in_flight.fetch_sub(1, Ordering::AcqRel);
            let _ = request.respond(json_response(
                503,
                &error_json("too many requests are being answered; try again"),
            ));
            continue;
        }
        let (shared, done) = (Arc::clone(&shared), Arc::clone(&in_flight));
        let spawned = std::thread::Builder::new()
            .name("weburl-serve".to_owned())
            .spawn(move || {
                let (hosts, pattern_limits) = &*shared;
                let _ = respond(request, hosts, pattern_limits);
                done.fetch_sub(1, Ordering::AcqRel);
            });
        if spawned.is_err() {
            // The request went with the closure; its connection closes unanswered.
            in_flight.fetch_sub(1, Ordering::AcqRel);
            warning(format_args!("cannot start a thread to answer a request"));
        }
    }
    eprintln!("weburl serve: stopped");
    ExitCode::SUCCESS
}

/// How many requests are answered at once.
const MAX_IN_FLIGHT: usize = 32;

/// The Host header values answered: the address listened on, and `localhost` with its port
/// (DNS rebinding protection); `None` accepts any (with --allow-remote, where the page is
/// meant to be reached under other names).
fn allowed_hosts(address: SocketAddr, allow_remote: bool) -> Option<Vec<String>> {
    if allow_remote {
        return None;
    }
    let port = address.port();
    Some(vec![
        address.to_string(),
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
    ])
}

/// Writes `warning: <message>` on standard error.
fn warning(message: impl std::fmt::Display) {
    let mut stderr = std::io::stderr().lock();
    let _ = if report::stderr_color() {
        writeln!(
            stderr,
            "{}warning:{} {message}",
            report::YELLOW,
            report::RESET
        )
    } else {
        writeln!(stderr, "warning: {message}")
    };
}

/// Opens `page` in the desktop's browser, best effort: a failure is a warning.
fn open_browser(page: &str) {
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let spawned = std::process::Command::new(opener[0])
        .args(&opener[1..])
        .arg(page)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        warning(format_args!("--open: cannot run {}: {e}", opener[0]));
    }
}

/// A header, from parts that are always valid.
fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

/// Answers one request.
fn respond(
    request: Request,
    hosts: &Option<Vec<String>>,
    pattern_limits: &PatternLimits,
) -> std::io::Result<()> {
    let target = request.url();
    if target.len() > MAX_TARGET_LENGTH {
        let message = format!(
            "the request target is {} bytes long; the limit is {MAX_TARGET_LENGTH}",
            target.len()
        );
        return request.respond(json_response(413, &error_json(&message)));
    }
    if !matches!(request.method(), Method::Get | Method::Head) {
        return request.respond(
            json_response(405, &error_json("only GET and HEAD are answered"))
                .with_header(header("Allow", "GET, HEAD")),
        );
    }
    if let Some(hosts) = hosts {
        let host = (request.headers().iter())
            .find(|h| h.field.equiv("Host"))
            .map(|h| h.value.as_str());
        if !host.is_some_and(|host| hosts.iter().any(|h| h.eq_ignore_ascii_case(host))) {
            return request.respond(json_response(
                421,
                &error_json("this server answers only requests for its own address"),
            ));
        }
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let response = match path {
        "/" | "/index.html" => asset(PAGE_HTML, "text/html; charset=utf-8"),
        "/page.css" => asset(PAGE_CSS, "text/css; charset=utf-8"),
        "/page.js" => asset(PAGE_JS, "text/javascript; charset=utf-8"),
        "/api/inspect" => {
            let params = SearchParams::parse(query);
            match inspect::Query::from_params(&params) {
                Ok(query) => match inspect::inspect(&query, pattern_limits) {
                    Ok(value) => json_response(200, &value),
                    Err(message) => json_response(400, &error_json(&message)),
                },
                Err(message) => json_response(400, &error_json(&message)),
            }
        }
        _ => json_response(404, &error_json("not found")),
    };
    request.respond(response)
}

/// `{"error": message}`.
fn error_json(message: &str) -> serde_json::Value {
    serde_json::json!({ "error": message })
}

/// The headers every answer carries: no caching, no sniffing, and a content security policy
/// that lets the page load only its own script and style and talk only to this server.
fn common_headers(
    response: Response<std::io::Cursor<Vec<u8>>>,
) -> Response<std::io::Cursor<Vec<u8>>> {
    response
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Referrer-Policy", "no-referrer"))
        .with_header(header(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
             img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ))
}

/// A built-in file.
fn asset(body: &'static str, content_type: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    common_headers(
        Response::from_data(body.as_bytes().to_vec())
            .with_header(header("Content-Type", content_type)),
    )
}

/// A JSON answer with its status code.
fn json_response(status: u16, value: &serde_json::Value) -> Response<std::io::Cursor<Vec<u8>>> {
    let body = serde_json::to_vec(value).unwrap_or_default();
    common_headers(
        Response::from_data(body)
            .with_status_code(status)
            .with_header(header("Content-Type", "application/json")),
    )
}
