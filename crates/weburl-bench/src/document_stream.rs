//! `weburl-bench document-stream`: `weburl::document::extract_links` over a generated page of
//! --mb MB (default 50; `weburl_testkit::page`, written to the system's temporary directory
//! once and kept there), without and with a `<base href>` in its head: links, time, MB/s and
//! the most links held back at once. Peak memory: run it under `/usr/bin/time -v` with
//! --mb 5 and --mb 50 (flat memory: the same peak). The property at a small size is a test
//! (`crates/weburl/tests/document_stream.rs`).

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use weburl::Url;
use weburl::document::{LateBase, Link, LinkOptions, extract_links};
use weburl_testkit::page;

/// Options of `document-stream`.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentStreamOptions {
    /// The page's size in MiB.
    pub megabytes: u64,
    pub policy: LateBase,
    /// `LinkOptions::retain_limit`.
    pub retain: usize,
}

impl Default for DocumentStreamOptions {
    fn default() -> DocumentStreamOptions {
        DocumentStreamOptions {
            megabytes: 50,
            policy: LateBase::Auto,
            retain: LinkOptions::DEFAULT_RETAIN_LIMIT,
        }
    }
}

/// The late-base policy named `name` (`auto`, `defer`, `reresolve`).
pub fn policy(name: &str) -> Result<LateBase, String> {
    match name {
        "auto" => Ok(LateBase::Auto),
        "defer" => Ok(LateBase::Defer),
        "reresolve" => Ok(LateBase::Reresolve),
        _ => Err(format!(
            "--policy: expected auto, defer or reresolve, got {name:?}"
        )),
    }
}

/// The generated page of `megabytes` MiB, written once into the temporary directory.
fn generated_page(megabytes: u64, with_base: bool) -> Result<PathBuf, String> {
    let path = std::env::temp_dir().join(format!(
        "weburl-document-stream-{megabytes}mb{}.html",
        if with_base { "-base" } else { "" }
    ));
    let blocks = page::blocks_for(megabytes);
    let size = |path: &PathBuf| fs::metadata(path).map_or(0, |m| m.len());
    if size(&path) >= blocks * page::BLOCK.len() as u64 {
        return Ok(path);
    }
    let error = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut out = BufWriter::new(File::create(&path).map_err(error)?);
    page::write_page(&mut out, blocks, with_base).map_err(error)?;
    out.flush().map_err(error)?;
    Ok(path)
}

/// Runs `document-stream`.
pub fn main(o: &DocumentStreamOptions) -> Result<(), String> {
    println!("policy {:?}, retain limit {}", o.policy, o.retain);
    for with_base in [false, true] {
        let path = generated_page(o.megabytes, with_base)?;
        let size = fs::metadata(&path).map_err(|e| e.to_string())?.len();
        let options = LinkOptions::new()
            .document_url(
                Url::parse("https://example.com/list/page.html").map_err(|e| e.to_string())?,
            )
            .late_base(o.policy)
            .retain_limit(o.retain);
        let file = File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let start = Instant::now();
        let (mut count, mut failed, mut hrefs) = (0u64, 0u64, 0usize);
        let summary = extract_links(file, &options, |link: Link| {
            count += 1;
            failed += u64::from(link.url().is_none());
            hrefs += link.url().map_or(0, |u| u.href().len());
        })
        .map_err(|e| format!("{}: {e}", path.display()))?;
        let elapsed = start.elapsed().as_secs_f64();
        if summary.bytes != size || summary.links != count {
            return Err(format!(
                "{}: the summary counts {} bytes and {} links, the run {size} and {count}",
                path.display(),
                summary.bytes,
                summary.links
            ));
        }
        println!(
            "{} ({:.1} MB, {}): {count} links ({failed} failed, {hrefs} bytes of URLs) in {elapsed:.2} s = {:.1} MB/s; held at most {}, unretained {}",
            path.display(),
            size as f64 / 1e6,
            if with_base {
                "<base> in head"
            } else {
                "no <base>"
            },
            size as f64 / 1e6 / elapsed,
            summary.max_held,
            summary.unretained,
        );
    }
    Ok(())
}
