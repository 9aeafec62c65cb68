//! Time per row of the hot kernels on a million URLs (the two lists of web URLs of
//! `crates/weburl-bench/data`, web_links and kasztp, repeated), interleaved in one process against the loop the
//! Python and DataFusion functions ran before this crate (parse every row, then read the
//! answer into a string builder). The median over rounds, one thread.
//!
//!     cargo run --release -p weburl-arrow --example kernels [-- ROUNDS]

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use weburl::psl::Sections;
use weburl::{Component, Url};
use weburl_arrow::arrow_array::builder::StringBuilder;
use weburl_arrow::arrow_array::{Array, StringArray};
use weburl_arrow::{Output, Strings};

const ROWS: usize = 1_000_000;

/// The number of rows: `ROWS` in the environment, else a million.
fn rows() -> usize {
    std::env::var("ROWS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(ROWS)
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../weburl-bench/data");
    let mut lines = Vec::new();
    for name in ["web_links", "kasztp"] {
        let text = std::fs::read_to_string(root.join(format!("{name}.txt"))).unwrap();
        lines.extend(text.lines().filter(|l| !l.is_empty()).map(str::to_owned));
    }
    let urls: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .cycle()
        .take(rows())
        .collect();
    let array = StringArray::from(urls);
    let input = Strings::try_new(&array).unwrap();

    type Run<'a> = Box<dyn Fn() -> usize + 'a>;
    let contenders: Vec<(&str, Run)> = vec![
        (
            "registrable_domain (Utf8View)",
            Box::new(|| weburl_arrow::registrable_domain(&input, Sections::All).len()),
        ),
        (
            "registrable_domain (Utf8)",
            Box::new(|| {
                weburl_arrow::registrable_domain_as(&input, Sections::All, Output::Utf8).len()
            }),
        ),
        (
            "registrable_domain, parse every row (before)",
            Box::new(|| {
                let mut out = StringBuilder::with_capacity(ROWS, ROWS * 16);
                for text in array.iter() {
                    let url = text.and_then(|t| Url::parse(t).ok());
                    out.append_option(url.as_ref().and_then(|u| u.registrable_domain()));
                }
                out.finish().len()
            }),
        ),
        (
            "hostname (Utf8View)",
            Box::new(|| weburl_arrow::component(&input, None, Component::Hostname).len()),
        ),
        (
            "hostname, parse every row (before)",
            Box::new(|| {
                let mut out = StringBuilder::with_capacity(ROWS, ROWS * 16);
                for text in array.iter() {
                    let url = text.and_then(|t| Url::parse(t).ok());
                    out.append_option(url.as_ref().map(Url::hostname));
                }
                out.finish().len()
            }),
        ),
        (
            "  of which: Url::parse alone",
            Box::new(|| {
                array
                    .iter()
                    .flatten()
                    .filter(|t| Url::parse(t).is_ok())
                    .count()
            }),
        ),
        (
            "  of which: reading the rows",
            Box::new(|| array.iter().flatten().map(str::len).sum()),
        ),
        (
            "  of which: weburl::normal_hostname alone",
            Box::new(|| {
                let found = array.iter().flatten().map(weburl::normal_hostname);
                found.filter(Option::is_some).count()
            }),
        ),
        (
            "parse, 11 columns (Utf8View)",
            Box::new(|| weburl_arrow::parse(&input, None).len()),
        ),
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); contenders.len()];
    for round in 0..rounds {
        for k in 0..contenders.len() {
            let i = (k + round) % contenders.len();
            let start = Instant::now();
            black_box(contenders[i].1());
            times[i].push(start.elapsed().as_nanos() as f64 / rows() as f64);
        }
    }
    println!("{} rows, {rounds} rounds, median ns/row:", rows());
    for ((name, _), mut t) in contenders.iter().zip(times) {
        t.sort_by(f64::total_cmp);
        println!("  {:>7.1}  {name}", t[t.len() / 2]);
    }
}
