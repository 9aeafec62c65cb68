//! The measured operations, one monomorphic loop per (library, benchmark).
//!
//! Every loop returns how many inputs succeeded, and passes each result's observable output
//! (the href's pointer and length, or the boolean) through [`black_box`], so that no work can
//! be optimized away. The loops are `#[inline(never)]` so that each library's code is laid out
//! the same way whichever benchmark runs, and so that profiles attribute time clearly.

use std::hint::black_box;

use crate::alloc::{self, Counts};

/// The base URL of `parse_base`.
pub const BASE: &str = "https://example.com/a/b/c?q#frag";

/// Values set by the `setters` benchmark.
pub const SET_HOST: &str = "example.org";
pub const SET_PATHNAME: &str = "/a/b";
pub const SET_SEARCH: &str = "?x=1";
/// The `url` crate's `set_query` takes the query without its leading `?`.
pub const SET_QUERY_URL_CRATE: &str = "x=1";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lib {
    Weburl,
    Ada,
    Url,
}

impl Lib {
    /// Report order; also the order of round 0 (later rounds rotate it).
    pub const ALL: [Lib; 3] = [Lib::Weburl, Lib::Ada, Lib::Url];

    pub fn name(self) -> &'static str {
        match self {
            Lib::Weburl => "weburl",
            Lib::Ada => "ada",
            Lib::Url => "url",
        }
    }

    pub fn index(self) -> usize {
        match self {
            Lib::Weburl => 0,
            Lib::Ada => 1,
            Lib::Url => 2,
        }
    }

    pub fn from_name(name: &str) -> Option<Lib> {
        Lib::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The measuring order in round `round`: [`Lib::ALL`] rotated left by `round`.
    pub fn order(round: usize) -> [Lib; 3] {
        let mut o = Lib::ALL;
        o.rotate_left(round % 3);
        o
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bench {
    ParseHref,
    ParseBase,
    CanParse,
    Setters,
    /// `parse_href` on the generated hostile inputs.
    Hostile,
}

impl Bench {
    pub const ALL: [Bench; 5] = [
        Bench::ParseHref,
        Bench::ParseBase,
        Bench::CanParse,
        Bench::Setters,
        Bench::Hostile,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Bench::ParseHref => "parse_href",
            Bench::ParseBase => "parse_base",
            Bench::CanParse => "can_parse",
            Bench::Setters => "setters",
            Bench::Hostile => "hostile",
        }
    }

    pub fn from_name(name: &str) -> Option<Bench> {
        Bench::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// The pre-parsed bases of `parse_base` (ada takes its base as a string, [`BASE`]).
pub struct Bases {
    pub weburl: weburl::Url,
    pub url: url::Url,
}

impl Bases {
    pub fn new() -> Bases {
        Bases {
            weburl: weburl::Url::parse(BASE).expect("base parses"),
            url: url::Url::parse(BASE).expect("base parses"),
        }
    }
}

/// The inputs of `setters`: the lines of a dataset that all three libraries parse, parsed
/// once by each (outside any timed region).
pub struct Parsed {
    pub weburl: Vec<weburl::Url>,
    pub ada: Vec<ada_url::Url>,
    pub url: Vec<url::Url>,
    /// Total length of the source lines.
    pub bytes: usize,
}

impl Parsed {
    pub fn new(lines: &[&str]) -> Parsed {
        let mut p = Parsed {
            weburl: Vec::new(),
            ada: Vec::new(),
            url: Vec::new(),
            bytes: 0,
        };
        for &line in lines {
            if let (Ok(w), Ok(a), Ok(u)) = (
                weburl::Url::parse(line),
                ada_url::Url::parse(line, None),
                url::Url::parse(line),
            ) {
                p.weburl.push(w);
                p.ada.push(a);
                p.url.push(u);
                p.bytes += line.len();
            }
        }
        p
    }

    pub fn len(&self) -> usize {
        self.weburl.len()
    }
}

#[inline(always)]
fn sink(s: &str) {
    black_box((s.as_ptr(), s.len()));
}

// ---- parse_href ----

#[inline(never)]
pub fn weburl_parse_href(lines: &[&str]) -> usize {
    let mut ok = 0;
    for &line in lines {
        if let Ok(u) = weburl::Url::parse(line) {
            sink(u.href());
            ok += 1;
        }
    }
    ok
}

#[inline(never)]
pub fn ada_parse_href(lines: &[&str]) -> usize {
    let mut ok = 0;
    for &line in lines {
        if let Ok(u) = ada_url::Url::parse(line, None) {
            sink(u.href());
            ok += 1;
        }
    }
    ok
}

#[inline(never)]
pub fn url_parse_href(lines: &[&str]) -> usize {
    let mut ok = 0;
    for &line in lines {
        if let Ok(u) = url::Url::parse(line) {
            sink(u.as_str());
            ok += 1;
        }
    }
    ok
}

// ---- parse_base ----

#[inline(never)]
pub fn weburl_parse_base(lines: &[&str], base: &weburl::Url) -> usize {
    let mut ok = 0;
    for &line in lines {
        if let Ok(u) = weburl::Url::parse_with_base(line, base) {
            sink(u.href());
            ok += 1;
        }
    }
    ok
}

#[inline(never)]
pub fn ada_parse_base(lines: &[&str], base: &str) -> usize {
    let mut ok = 0;
    for &line in lines {
        if let Ok(u) = ada_url::Url::parse(line, Some(base)) {
            sink(u.href());
            ok += 1;
        }
    }
    ok
}

#[inline(never)]
pub fn url_parse_base(lines: &[&str], base: &url::Url) -> usize {
    let mut ok = 0;
    for &line in lines {
        if let Ok(u) = base.join(line) {
            sink(u.as_str());
            ok += 1;
        }
    }
    ok
}

// ---- can_parse ----

#[inline(never)]
pub fn weburl_can_parse(lines: &[&str]) -> usize {
    let mut ok = 0;
    for &line in lines {
        ok += usize::from(black_box(weburl::Url::can_parse(line, None)));
    }
    ok
}

#[inline(never)]
pub fn ada_can_parse(lines: &[&str]) -> usize {
    let mut ok = 0;
    for &line in lines {
        ok += usize::from(black_box(ada_url::Url::can_parse(line, None)));
    }
    ok
}

#[inline(never)]
pub fn url_can_parse(lines: &[&str]) -> usize {
    let mut ok = 0;
    for &line in lines {
        ok += usize::from(black_box(url::Url::parse(line).is_ok()));
    }
    ok
}

// ---- setters (clone + three setters + href) and the clone alone (clone + href) ----

#[inline(never)]
pub fn weburl_setters(urls: &[weburl::Url]) -> usize {
    let mut ok = 0;
    for u in urls {
        let mut c = u.clone();
        let host = c.set_host(SET_HOST).is_ok();
        let path = c.set_pathname(SET_PATHNAME).is_ok();
        c.set_search(SET_SEARCH);
        sink(c.href());
        ok += usize::from(host && path);
    }
    ok
}

#[inline(never)]
pub fn ada_setters(urls: &[ada_url::Url]) -> usize {
    let mut ok = 0;
    for u in urls {
        let mut c = u.clone();
        let host = c.set_host(Some(SET_HOST)).is_ok();
        let path = c.set_pathname(Some(SET_PATHNAME)).is_ok();
        c.set_search(Some(SET_SEARCH));
        sink(c.href());
        ok += usize::from(host && path);
    }
    ok
}

#[inline(never)]
pub fn url_setters(urls: &[url::Url]) -> usize {
    let mut ok = 0;
    for u in urls {
        let mut c = u.clone();
        let host = c.set_host(Some(SET_HOST)).is_ok();
        // `set_path` reports nothing; it is a no-op on cannot-be-a-base URLs.
        c.set_path(SET_PATHNAME);
        c.set_query(Some(SET_QUERY_URL_CRATE));
        sink(c.as_str());
        ok += usize::from(host);
    }
    ok
}

#[inline(never)]
pub fn weburl_clone(urls: &[weburl::Url]) -> usize {
    for u in urls {
        let c = u.clone();
        sink(c.href());
    }
    urls.len()
}

#[inline(never)]
pub fn ada_clone(urls: &[ada_url::Url]) -> usize {
    for u in urls {
        let c = u.clone();
        sink(c.href());
    }
    urls.len()
}

#[inline(never)]
pub fn url_clone(urls: &[url::Url]) -> usize {
    for u in urls {
        let c = u.clone();
        sink(c.as_str());
    }
    urls.len()
}

/// The baseline of the `one` subcommand: touches every input and nothing else.
#[inline(never)]
pub fn none_pass(lines: &[&str]) -> usize {
    let mut n = 0;
    for &line in lines {
        sink(line);
        n += 1;
    }
    n
}

/// One pass of `bench` with `lib` over `lines` (not for `setters`, which takes [`Parsed`]);
/// returns the number of successes.
pub fn run_lines(lib: Lib, bench: Bench, lines: &[&str], bases: &Bases) -> usize {
    match (bench, lib) {
        (Bench::ParseHref | Bench::Hostile, Lib::Weburl) => weburl_parse_href(lines),
        (Bench::ParseHref | Bench::Hostile, Lib::Ada) => ada_parse_href(lines),
        (Bench::ParseHref | Bench::Hostile, Lib::Url) => url_parse_href(lines),
        (Bench::ParseBase, Lib::Weburl) => weburl_parse_base(lines, &bases.weburl),
        (Bench::ParseBase, Lib::Ada) => ada_parse_base(lines, BASE),
        (Bench::ParseBase, Lib::Url) => url_parse_base(lines, &bases.url),
        (Bench::CanParse, Lib::Weburl) => weburl_can_parse(lines),
        (Bench::CanParse, Lib::Ada) => ada_can_parse(lines),
        (Bench::CanParse, Lib::Url) => url_can_parse(lines),
        (Bench::Setters, _) => panic!("setters runs on pre-parsed URLs"),
    }
}

/// One `setters` pass (`clone_only`: the clone-and-href pass that is subtracted).
pub fn run_setters(lib: Lib, parsed: &Parsed, clone_only: bool) -> usize {
    match (lib, clone_only) {
        (Lib::Weburl, false) => weburl_setters(&parsed.weburl),
        (Lib::Ada, false) => ada_setters(&parsed.ada),
        (Lib::Url, false) => url_setters(&parsed.url),
        (Lib::Weburl, true) => weburl_clone(&parsed.weburl),
        (Lib::Ada, true) => ada_clone(&parsed.ada),
        (Lib::Url, true) => url_clone(&parsed.url),
    }
}

/// Allocation counts of one library on one dataset.
#[derive(Clone, Debug, Default)]
pub struct AllocStats {
    pub inputs: usize,
    /// Successful parses without a base, and what they allocated (parse + href + drop).
    pub parse_ok: usize,
    pub parse_ok_counts: Counts,
    /// Failed parses without a base.
    pub parse_err: usize,
    pub parse_err_counts: Counts,
    /// Successful parses against [`BASE`].
    pub base_ok: usize,
    pub base_ok_counts: Counts,
    /// `can_parse` over every input.
    pub can_parse_counts: Counts,
    /// Per URL parsed by all three: (clone + setters) minus clone.
    pub setters_urls: usize,
    pub setters_counts: Counts,
    pub clone_counts: Counts,
}

fn count_parse(lib: Lib, line: &str, bases: &Bases, with_base: bool) -> (bool, Counts) {
    alloc::counted(|| match (lib, with_base) {
        (Lib::Weburl, false) => weburl::Url::parse(line).map(|u| sink(u.href())).is_ok(),
        (Lib::Ada, false) => ada_url::Url::parse(line, None)
            .map(|u| sink(u.href()))
            .is_ok(),
        (Lib::Url, false) => url::Url::parse(line).map(|u| sink(u.as_str())).is_ok(),
        (Lib::Weburl, true) => weburl::Url::parse_with_base(line, &bases.weburl)
            .map(|u| sink(u.href()))
            .is_ok(),
        (Lib::Ada, true) => ada_url::Url::parse(line, Some(BASE))
            .map(|u| sink(u.href()))
            .is_ok(),
        (Lib::Url, true) => bases.url.join(line).map(|u| sink(u.as_str())).is_ok(),
    })
}

/// Counts the heap allocations of `lib` on every input, one input at a time.
pub fn alloc_stats(lib: Lib, lines: &[&str], bases: &Bases, parsed: &Parsed) -> AllocStats {
    let mut s = AllocStats {
        inputs: lines.len(),
        ..AllocStats::default()
    };
    for &line in lines {
        let (ok, c) = count_parse(lib, line, bases, false);
        if ok {
            s.parse_ok += 1;
            s.parse_ok_counts.add(c);
        } else {
            s.parse_err += 1;
            s.parse_err_counts.add(c);
        }
        let (ok, c) = count_parse(lib, line, bases, true);
        if ok {
            s.base_ok += 1;
            s.base_ok_counts.add(c);
        }
        let (_, c) = alloc::counted(|| match lib {
            Lib::Weburl => black_box(weburl::Url::can_parse(line, None)),
            Lib::Ada => black_box(ada_url::Url::can_parse(line, None)),
            Lib::Url => black_box(url::Url::parse(line).is_ok()),
        });
        s.can_parse_counts.add(c);
    }
    s.setters_urls = parsed.len();
    // Per-URL setters counts: run clone-only and clone+set over all URLs and subtract; the
    // difference is exactly the allocations of the three setters (the clone is identical).
    let (_, clone) = alloc::counted(|| run_setters(lib, parsed, true));
    let (_, total) = alloc::counted(|| run_setters(lib, parsed, false));
    s.clone_counts = clone;
    s.setters_counts = total.saturating_sub(clone);
    s
}
