//! A generated HTML page of any size that looks like a real one: the input of
//! `weburl::document`'s streaming test (`crates/weburl/tests/document_stream.rs`) and of
//! `weburl-bench document-stream` (a 50 MB page).

use std::io::{self, Write};

/// One block of the page: text, a dozen links of every kind, a script and a style.
pub const BLOCK: &str = r#"<div class="card"><h2>Item</h2>
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

/// The `<base href>` that [`write_page`] puts in the head when asked to.
pub const BASE: &str = "https://cdn.example/base/";

/// Writes a page of `blocks` [`BLOCK`]s to `out` (with `<base href=BASE>` in its head when
/// `with_base`), and returns the bytes written.
///
/// ```
/// let mut page = Vec::new();
/// let written = weburl_testkit::page::write_page(&mut page, 3, true).unwrap();
/// assert_eq!(written, page.len() as u64);
/// assert_eq!(page.windows(5).filter(|w| w == b"<div ").count(), 3);
/// ```
pub fn write_page(out: &mut impl Write, blocks: u64, with_base: bool) -> io::Result<u64> {
    let head = b"<!DOCTYPE html><html><head><meta charset=utf-8><title>big</title>\n";
    let base = format!("<base href=\"{BASE}\">\n");
    let body = b"</head><body>\n";
    let end = b"</body></html>\n";
    out.write_all(head)?;
    let mut written = head.len() as u64;
    if with_base {
        out.write_all(base.as_bytes())?;
        written += base.len() as u64;
    }
    out.write_all(body)?;
    written += body.len() as u64;
    for _ in 0..blocks {
        out.write_all(BLOCK.as_bytes())?;
    }
    written += blocks * BLOCK.len() as u64;
    out.write_all(end)?;
    Ok(written + end.len() as u64)
}

/// How many [`BLOCK`]s make a page of at least `megabytes` MiB.
///
/// ```
/// let blocks = weburl_testkit::page::blocks_for(1);
/// assert!(blocks * weburl_testkit::page::BLOCK.len() as u64 >= 1 << 20);
/// ```
#[must_use]
pub fn blocks_for(megabytes: u64) -> u64 {
    (megabytes << 20).div_ceil(BLOCK.len() as u64)
}
