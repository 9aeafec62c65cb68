//! `weburl serve`: the server started as a user starts it, driven over plain TCP.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// A running `weburl serve`, stopped when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    address: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(common::bin())
            .arg("serve")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("weburl serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // The first line is the page's address.
        let address = line
            .trim()
            .strip_prefix("http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("not an address: {line:?}"))
            .to_owned();
        Server { child, address }
    }

    /// Resident memory of the server process, in kB.
    fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// `GET target` with this Host header; (status, headers, body).
    fn get_as(&self, target: &str, host: &str) -> (u16, String, Vec<u8>) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        // A server that hangs fails the test instead of hanging it.
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let request = format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        // A server that refuses early may close before the whole request is written.
        let _ = stream.write_all(request.as_bytes());
        let mut response = Vec::new();
        stream.read_to_end(&mut response).expect("a response");
        let split = response
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a complete head");
        let head = String::from_utf8(response[..split].to_vec()).unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, head, response[split + 4..].to_vec())
    }

    fn get(&self, target: &str) -> (u16, String, Vec<u8>) {
        self.get_as(target, &self.address.clone())
    }

    fn inspect(&self, url: &str, extra: &str) -> Value {
        let target = format!("/api/inspect?url={}{extra}", encode(url));
        let (status, _, body) = self.get(&target);
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        serde_json::from_slice(&body).unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// encodeURIComponent, as the page sends its values.
fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[test]
fn a_thousand_different_requests_with_flat_memory() {
    let server = Server::start(&["--port", "0"]);
    let mut rss_at_100 = 0;
    for i in 0..1000 {
        let input = format!("HTTP://Host{i}.EXAMPLE/a/./b/../c{i}?q={i}#f");
        let answer = server.inspect(&input, "");
        assert_eq!(
            answer["url"]["href"],
            format!("http://host{i}.example/a/c{i}?q={i}#f"),
            "request {i}"
        );
        assert_eq!(answer["search_params"]["pairs"][0][1], i.to_string());
        if i == 99 {
            rss_at_100 = server.rss_kb();
        }
    }
    let rss_at_1000 = server.rss_kb();
    // Flat: what 900 more requests may add is allocator noise, not a leak (a request
    // holds several kilobytes of answer; 900 kept would be megabytes).
    assert!(
        rss_at_1000 <= rss_at_100 + 2048,
        "VmRSS grew from {rss_at_100} kB after 100 requests to {rss_at_1000} kB after 1000"
    );
}

#[test]
fn a_5_mb_url_is_refused_with_413() {
    let server = Server::start(&[]);
    let url = format!("http://example.com/{}", "a".repeat(5 * 1024 * 1024));
    let (status, _, body) = server.get(&format!("/api/inspect?url={url}"));
    assert_eq!(status, 413);
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("the limit is 262144"),
        "{body}"
    );
    // The server goes on answering.
    assert_eq!(server.inspect("a:b", "")["url"]["href"], "a:b");
}

#[test]
fn the_answer_is_what_batch_and_compare_answer() {
    let server = Server::start(&[]);
    let input = "http://evil.example\\@good.example/ a";
    let answer = server.inspect(input, "");
    let batch = common::weburl(
        &["batch"],
        format!(
            "{}\n{}\n",
            serde_json::json!({"op": "parse", "input": input}),
            serde_json::json!({"op": "validate", "input": input})
        )
        .as_bytes(),
    );
    let lines: Vec<Value> = batch
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answer["url"], lines[0]);
    assert_eq!(answer["validation"], lines[1]);
    let compare = common::weburl(&["compare", "--json", input], b"");
    let mut report: Value = serde_json::from_str(compare.stdout.trim()).unwrap();
    assert_eq!(answer["engines"], report.take());
    // Parser confusion: another engine reads another host, and the policy says so.
    assert_eq!(answer["engines"]["host_differs"], true);
    assert_eq!(answer["policy"]["verdict"], "refused");
    let rules: Vec<&str> = (answer["policy"]["failed"].as_array().unwrap().iter())
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["engines-disagree"]);
}

#[test]
fn every_failed_rule_is_listed() {
    let server = Server::start(&[]);
    let answer = server.inspect("ftp://user@0x7f.1/", "");
    assert_eq!(answer["policy"]["verdict"], "refused");
    let rules: Vec<&str> = (answer["policy"]["failed"].as_array().unwrap().iter())
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["scheme", "credentials", "address-space"]);
    assert_eq!(answer["host"]["ip"]["dotted"], "127.0.0.1");
    assert_eq!(answer["host"]["block"]["prefix"], "127.0.0.0/8");
    assert_eq!(answer["host_info"]["address_space"], "loopback");
}

#[test]
fn encoding_base_and_host_details() {
    let server = Server::start(&[]);
    let answer = server.inspect(
        "?é",
        &format!(
            "&base={}&encoding=windows-1252",
            encode("http://www.example.co.uk/p")
        ),
    );
    assert_eq!(answer["url"]["href"], "http://www.example.co.uk/p?%E9");
    assert_eq!(answer["encoding"], "windows-1252");
    assert_eq!(answer["domain"]["registrable_domain"], "example.co.uk");
    assert_eq!(answer["host"]["site"], "http://example.co.uk");
    assert_eq!(answer["forms"]["surt"]["output"], "uk,co,example)/p?%e9");
    // Spark's parse_url takes no base: relative input is read without it, which is not
    // parser confusion (another host for the same URL).
    assert_eq!(answer["spark"]["difference"], "no-base");
    let absolute = server.inspect(
        "http://www.example.co.uk/p",
        &format!("&base={}", encode("http://other.example/")),
    );
    assert_eq!(absolute["spark"]["difference"], "same");
    let (status, _, body) = server.get("/api/inspect?url=a:b&encoding=nope");
    assert_eq!(status, 400);
    assert_eq!(
        serde_json::from_slice::<Value>(&body).unwrap()["error"],
        "unknown encoding label: nope"
    );
}

#[test]
fn the_page_is_built_in_and_refuses_other_hosts() {
    let server = Server::start(&[]);
    for (path, kind) in [
        ("/", "text/html"),
        ("/page.css", "text/css"),
        ("/page.js", "text/javascript"),
    ] {
        let (status, head, body) = server.get(path);
        assert_eq!(status, 200, "{path}");
        let head = head.to_ascii_lowercase();
        assert!(head.contains(&format!("content-type: {kind}")), "{head}");
        assert!(
            head.contains("content-security-policy: default-src 'none'"),
            "{head}"
        );
        // Nothing is loaded from another host.
        let text = String::from_utf8(body).unwrap();
        for attr in ["src=\"", "href=\"", "url("] {
            for (i, _) in text.match_indices(attr) {
                let value = &text[i + attr.len()..];
                assert!(
                    value.starts_with('/') || value.starts_with('#') || value.starts_with('"'),
                    "{path}: {}",
                    &value[..value.len().min(40)]
                );
            }
        }
    }
    assert_eq!(server.get("/nope").0, 404);
    // DNS rebinding: a page of another site that resolves its name to 127.0.0.1 sends its
    // own name as Host.
    assert_eq!(server.get_as("/", "evil.example").0, 421);
    let port = server.address.rsplit(':').next().unwrap().to_owned();
    assert_eq!(server.get_as("/", &format!("localhost:{port}")).0, 200);
}

#[test]
fn a_non_loopback_address_needs_allow_remote() {
    let run = common::weburl(&["serve", "--bind", "0.0.0.0"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--allow-remote"), "{}", run.stderr);
}

#[test]
fn ctrl_c_stops_the_server_cleanly() {
    let mut server = Server::start(&[]);
    assert_eq!(server.inspect("a:b", "")["url"]["href"], "a:b");
    // SIGINT, as Ctrl-C in a terminal sends it, to this test's own child.
    let status = Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = server.child.wait().unwrap();
    assert_eq!(exit.code(), Some(0));
    let mut stderr = String::new();
    server
        .child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(stderr.contains("weburl serve: stopped"), "{stderr}");
}

#[test]
fn the_pattern_tester() {
    let server = Server::start(&[]);
    let pattern = |p: &str| format!("&pattern={}", encode(p));
    let answer = server.inspect(
        "https://shop.example.com/books/42",
        &pattern("https://*.example.com/books/:id"),
    );
    assert_eq!(answer["pattern"]["match"], true);
    assert_eq!(
        answer["pattern"]["groups"],
        serde_json::json!([
            {"component": "hostname", "name": "0", "value": "shop"},
            {"component": "pathname", "name": "id", "value": "42"},
        ])
    );
    let answer = server.inspect(
        "https://example.com/authors/7",
        &pattern("https://example.com/books/:id"),
    );
    assert_eq!(answer["pattern"]["match"], false);
    // A pattern that does not compile is an error, not "no match".
    let answer = server.inspect("https://example.com/", &pattern("/books"));
    assert!(answer["pattern"]["error"].is_string(), "{answer}");
    assert!(answer["pattern"]["match"].is_null(), "{answer}");
    // Several patterns, one per line: each answered, the most specific of those that match
    // marked (a fixed pathname before a group before a wildcard), a bad one an error.
    let answer = server.inspect(
        "https://shop.example.com/books/new",
        &pattern(
            "https://*.example.com/*\nhttps://shop.example.com/books/:id\n\nhttps://shop.example.com/books/new\nhttps://example.com/(",
        ),
    );
    let patterns = answer["patterns"].as_array().unwrap();
    let shown: Vec<(bool, bool, bool)> = patterns
        .iter()
        .map(|p| {
            (
                p["match"] == true,
                p["most_specific"] == true,
                p["error"].is_string(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            (true, false, false),
            (true, false, false),
            (true, true, false),
            (false, false, true),
        ]
    );
    assert_eq!(answer["pattern"], patterns[0]);
    // No pattern, no tester.
    let none = server.inspect("https://example.com/", "");
    assert!(none["pattern"].is_null());
    assert_eq!(none["patterns"], serde_json::json!([]));
}

/// A request that is still being answered does not hold up the others: here a client asks
/// for a large answer (each byte of a long URL is a segment of its own in the diagram: "/" of
/// the path, "." a dot segment) and
/// does not read it, so that writing it blocks; the page's style sheet is still answered.
/// (Answered one at a time, the second request would wait for the first forever, and the
/// read timeout would fail the test.)
#[test]
fn a_slow_request_does_not_hold_up_the_others() {
    let server = Server::start(&[]);
    let url = format!("https://h{}", "/.".repeat(60_000));
    let target = format!("/api/inspect?url={}", encode(&url));
    let mut stuck = TcpStream::connect(&server.address).unwrap();
    let request = format!(
        "GET {target} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.address
    );
    stuck.write_all(request.as_bytes()).unwrap();
    // Give the server time to start writing the answer, which fills the socket's buffers.
    std::thread::sleep(Duration::from_millis(500));
    let (status, _, body) = server.get("/page.css");
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&body).contains(".seg"));
    // The stuck answer is whole once read: larger than the buffers that held it up.
    stuck
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut answer = Vec::new();
    stuck.read_to_end(&mut answer).unwrap();
    assert!(answer.len() > 4 << 20, "{} bytes", answer.len());
}
