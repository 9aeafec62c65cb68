//! Streaming properties of `weburl::document`: the result does not depend on how the input is
//! cut into reads, positions point at the URL text, and (an ignored benchmark) a 50 MB page is
//! read in one pass in flat memory.
//!
//! The benchmark writes a generated page to the system's temporary directory (it is not
//! committed) and extracts its links from the file:
//!
//! ```text
//! cargo test --release -p weburl --features document --test document_stream -- --ignored --nocapture
//! # peak memory: run the test binary under /usr/bin/time -v, with DOC_STREAM_MB=5 and =50;
//! # DOC_STREAM_POLICY=auto|defer|reresolve and DOC_STREAM_RETAIN=N choose the late-base policy
//! ```

#![cfg(feature = "document")]

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::time::Instant;

use weburl::Url;
use weburl::document::{DocumentKind, LateBase, Link, LinkOptions, collect_links, extract_links};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/documents")
}

/// A reader that hands out at most `step` bytes per read (a pipe, a slow socket).
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn fixture_files() -> Vec<(PathBuf, DocumentKind)> {
    let mut files = Vec::new();
    for (dir, kind) in [("html", DocumentKind::Html), ("xml", DocumentKind::Xml)] {
        for entry in fs::read_dir(data_dir().join(dir)).expect("fixture dir") {
            files.push((entry.expect("entry").path(), kind));
        }
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

fn options(kind: DocumentKind) -> LinkOptions {
    LinkOptions::new()
        .document_url(Url::parse("https://example.com/dir/page").unwrap())
        .kind(kind)
}

#[test]
fn reads_of_any_size_give_the_same_links() {
    for (path, kind) in fixture_files() {
        let bytes = fs::read(&path).expect("fixture");
        for policy in [LateBase::Auto, LateBase::Defer, LateBase::Reresolve] {
            let options = options(kind).late_base(policy);
            let (whole, _) = collect_links(&bytes[..], &options).expect("whole");
            assert!(!whole.is_empty(), "{}: no links", path.display());
            for step in [1, 2, 3, 7, 1000] {
                let (links, _) =
                    collect_links(Trickle { data: &bytes, step }, &options).expect("trickle");
                assert_eq!(
                    links,
                    whole,
                    "{} read {step} bytes at a time, {policy:?}",
                    path.display()
                );
            }
        }
    }
}

/// The text at a link's line and column is its URL text, up to where the source has a
/// character reference the value does not. (A srcset, ping or refresh URL in a value with
/// character references gets the value's position.)
#[test]
fn positions_point_at_the_url_text() {
    let mut checked = 0;
    for (path, kind) in fixture_files() {
        let bytes = fs::read(&path).expect("fixture");
        let (links, summary) = collect_links(&bytes[..], &options(kind)).expect("links");
        let (text, _) = summary.encoding.decode_with_bom_removal(&bytes);
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        for link in &links {
            let line = &text[line_starts[link.line as usize - 1]..];
            let at: String = line.chars().skip(link.column as usize - 1).collect();
            let common = at
                .chars()
                .zip(link.raw.chars())
                .take_while(|(a, b)| a == b)
                .count();
            let value: String = at
                .chars()
                .take_while(|c| !matches!(c, '"' | '\'' | '>'))
                .collect();
            // Where they part, the source has a character reference (whose '&' may match).
            let reference = at.chars().nth(common) == Some('&')
                || common.checked_sub(1).and_then(|i| at.chars().nth(i)) == Some('&');
            let ok = common == link.raw.chars().count()
                || reference
                || (value.contains('&')
                    && matches!(link.attribute.as_str(), "srcset" | "ping" | "content"));
            let shown: String = at.chars().take(40).collect();
            assert!(
                ok,
                "{}: {}:{} is {shown:?}, not {:?}",
                path.display(),
                link.line,
                link.column,
                link.raw
            );
            checked += 1;
        }
    }
    assert!(checked > 250, "only {checked} links checked");
}

/// One block of the generated page: text, a dozen links of every kind, a script and a style.
const BLOCK: &str = r#"<div class="card"><h2>Item</h2>
<p>Some text about the item, with <a href="/items/123?ref=list&amp;page=2">a link</a> and more text
to make the page look like a real one; <em>emphasis</em>, <code>code</code>, &copy; entities.</p>
<img src="img/123.jpg" srcset="img/123-2x.jpg 2x, img/123-640.jpg 640w" alt="">
<a href="https://other.example/path/to/page" ping="/ping /ping2">out</a>
<form action="/search"><input name="q"><button formaction="/search?alt=1">go</button></form>
<blockquote cite="../quotes/q1">quote</blockquote>
<script>var x = "<a href='not-a-link'>"; for (var i = 0; i < 10; i++) { x += i; }</script>
<style>.card { background: url(bg.png); }</style>
</div>
"#;

fn generated_page(megabytes: u64, with_base: bool) -> io::Result<PathBuf> {
    let path = std::env::temp_dir().join(format!(
        "weburl-document-stream-{megabytes}mb{}.html",
        if with_base { "-base" } else { "" }
    ));
    if fs::metadata(&path).map(|m| m.len()).unwrap_or(0) >= megabytes << 20 {
        return Ok(path);
    }
    let mut out = BufWriter::new(File::create(&path)?);
    out.write_all(b"<!DOCTYPE html><html><head><meta charset=utf-8><title>big</title>\n")?;
    if with_base {
        out.write_all(b"<base href=\"https://cdn.example/base/\">\n")?;
    }
    out.write_all(b"</head><body>\n")?;
    let mut written = 0u64;
    while written < megabytes << 20 {
        out.write_all(BLOCK.as_bytes())?;
        written += BLOCK.len() as u64;
    }
    out.write_all(b"</body></html>\n")?;
    out.flush()?;
    Ok(path)
}

#[test]
#[ignore = "benchmark: generates a 50 MB page in the temporary directory"]
fn stream_a_50_mb_page() {
    let env = |name: &str| std::env::var(name).ok();
    let megabytes = env("DOC_STREAM_MB")
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let policy = match env("DOC_STREAM_POLICY").as_deref() {
        Some("defer") => LateBase::Defer,
        Some("reresolve") => LateBase::Reresolve,
        _ => LateBase::Auto,
    };
    let retain = env("DOC_STREAM_RETAIN")
        .and_then(|v| v.parse().ok())
        .unwrap_or(LinkOptions::DEFAULT_RETAIN_LIMIT);
    println!("policy {policy:?}, retain limit {retain}");
    for with_base in [false, true] {
        let path = generated_page(megabytes, with_base).expect("generate");
        let size = fs::metadata(&path).expect("size").len();
        let options = LinkOptions::new()
            .document_url(Url::parse("https://example.com/list/page.html").unwrap())
            .late_base(policy)
            .retain_limit(retain);
        let start = Instant::now();
        let (mut count, mut failed, mut hrefs) = (0u64, 0u64, 0usize);
        let summary = extract_links(File::open(&path).expect("open"), &options, |link: Link| {
            count += 1;
            failed += u64::from(link.url().is_none());
            hrefs += link.url().map_or(0, |u| u.href().len());
        })
        .expect("extract");
        let elapsed = start.elapsed();
        println!(
            "{} ({:.1} MB{}): {count} links ({failed} failed, {hrefs} bytes of URLs) in {:.2} s = {:.1} MB/s; held at most {}, unretained {}",
            path.display(),
            size as f64 / 1e6,
            if with_base {
                ", <base> in head"
            } else {
                ", no <base>"
            },
            elapsed.as_secs_f64(),
            size as f64 / 1e6 / elapsed.as_secs_f64(),
            summary.max_held,
            summary.unretained,
        );
        assert_eq!(summary.bytes, size);
        assert_eq!(count, summary.links);
    }
}
