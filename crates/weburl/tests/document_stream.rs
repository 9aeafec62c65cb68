//! Streaming properties of `weburl::document`: the result does not depend on how the input is
//! cut into reads, positions point at the URL text, and a generated page streams in one pass
//! with a bounded number of links held back. The benchmark of the last on a 50 MB page is
//! `weburl-bench document-stream` (docs/PERFORMANCE.md).

#![cfg(feature = "document")]

use std::fs;
use std::io::{self, Read};
use std::path::PathBuf;

use weburl::Url;
use weburl::document::{DocumentKind, LateBase, Link, LinkOptions, collect_links, extract_links};
use weburl_testkit::page;

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

/// Streams a generated page (`weburl_testkit::page`) of `blocks` blocks, read 4093 bytes at a
/// time, and checks the summary's counts against what was read and emitted; returns the links
/// emitted and the most held back at once.
fn stream_page(blocks: u64, with_base: bool, policy: LateBase) -> (u64, usize) {
    let mut page = Vec::new();
    page::write_page(&mut page, blocks, with_base).expect("page");
    let options = LinkOptions::new()
        .document_url(Url::parse("https://example.com/list/page.html").unwrap())
        .late_base(policy);
    let (mut count, mut failed) = (0u64, 0u64);
    let reader = Trickle {
        data: &page,
        step: 4093,
    };
    let summary = extract_links(reader, &options, |link: Link| {
        count += 1;
        failed += u64::from(link.url().is_none());
    })
    .expect("extract");
    assert_eq!(summary.bytes, page.len() as u64);
    assert_eq!(summary.links, count);
    assert_eq!(failed, 0);
    (count, summary.max_held)
}

/// A generated page streams in one pass: every block gives the same links wherever the reads
/// cut it, and the links held back at once do not grow with the page, except under
/// `LateBase::Defer` with no `<base href>`, which holds every link to the end by definition.
/// (`weburl-bench document-stream` measures the same on a 50 MB page: time, and peak memory
/// under /usr/bin/time.)
#[test]
fn a_generated_page_streams_with_bounded_holding() {
    for with_base in [false, true] {
        for policy in [LateBase::Auto, LateBase::Defer, LateBase::Reresolve] {
            let at = format!("base in head: {with_base}, {policy:?}");
            let (none, _) = stream_page(0, with_base, policy);
            let (one, held_one) = stream_page(100, with_base, policy);
            let (two, held_two) = stream_page(200, with_base, policy);
            assert!(one > none + 100, "{at}: {none} then {one} links");
            assert_eq!(two - none, 2 * (one - none), "{at}");
            if policy == LateBase::Defer && !with_base {
                assert_eq!((held_one, held_two), (one as usize, two as usize), "{at}");
            } else {
                assert_eq!(held_one, held_two, "{at}");
            }
        }
    }
}
