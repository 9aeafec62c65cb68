//! `weburl-bench linearity`: the work of every hostile family (weburl-testkit's
//! `hostile` module) at size 0 and at each size given, each run inside [`measured`], the
//! one function `scripts/linearity.sh` counts instructions in (callgrind, collecting only
//! inside it and writing one profile after each call). One line on stdout per call, in
//! order: `index<TAB>family<TAB>case<TAB>size<TAB>input bytes` (the index of the case).
//!
//! Before its measured runs, each case runs once unmeasured at a small size, so that
//! one-time work (lazily built tables, the allocator's first pages) falls outside the
//! counts.

use std::hint::black_box;

use weburl::pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions, UrlPatternSet};
use weburl::{SearchParams, Url};
use weburl_testkit::hostile::{self, Family};

/// Options of `linearity`.
#[derive(Debug, Clone, PartialEq)]
pub struct LinearityOptions {
    /// The sizes to run each case at (after size 0), in bytes of the repeated part.
    pub sizes: Vec<usize>,
    /// Runs only the families whose name contains this.
    pub family: Option<String>,
    /// `(k, n)`: runs only the cases whose index (among those of the families kept) is `k`
    /// modulo `n`, so that `n` processes share the cases.
    pub shard: (usize, usize),
}

/// The size of the unmeasured warm-up run.
const WARM_UP: usize = 64;

/// Runs `work` once. Never inlined: `scripts/linearity.sh` collects instructions inside
/// this function only (`--toggle-collect`) and dumps a profile after each call
/// (`--dump-after`).
#[inline(never)]
pub fn measured(work: &mut dyn FnMut()) {
    work();
}

/// One family's work on one input: what the hostile tests do with it.
type Work = fn(&str);

/// The URL parser's work, as `crates/weburl/tests/hostile.rs` does it, without parsing the
/// results' hrefs again: the input parsed without a base and against each of the bases.
fn parse_url(input: &str) {
    black_box(Url::parse(input).map(|u| u.href().len()).ok());
    for base in hostile::URL_BASES {
        let base = Url::parse(base).expect("a valid base");
        black_box(
            Url::parse_with_base(input, &base)
                .map(|u| u.href().len())
                .ok(),
        );
    }
}

/// A pattern constructor string, without and with a base URL (`urlpattern.rs`'s
/// `hostile_sizes_finish`).
fn compile_string(input: &str) {
    for base in [None, Some("https://example.com")] {
        let p = UrlPattern::parse(input, base, UrlPatternOptions::default());
        black_box(p.is_ok());
    }
}

/// An init object with `input` as its pathname.
fn compile_init_pathname(input: &str) {
    let init = UrlPatternInit {
        pathname: Some(input.to_owned()),
        ..Default::default()
    };
    black_box(UrlPattern::from_init(&init, UrlPatternOptions::default()).is_ok());
}

/// An init object with `input` as its hostname.
fn compile_init_hostname(input: &str) {
    let init = UrlPatternInit {
        hostname: Some(input.to_owned()),
        ..Default::default()
    };
    black_box(UrlPattern::from_init(&init, UrlPatternOptions::default()).is_ok());
}

/// A route set built from the routes of `input` (one a line), then a first and a best
/// match (the best match orders the set's patterns first) on a URL of the first route's
/// shape.
fn build_set(input: &str) {
    let mut set = UrlPatternSet::new();
    for (i, line) in input.lines().enumerate() {
        if let Ok(p) = line.parse::<UrlPattern>() {
            set.insert(p, i);
        }
    }
    let url = "https://example.com/api/v0/r0/x";
    black_box(set.first_match(url).map(|(v, _)| *v));
    black_box(set.best_match(url).map(|(v, _)| *v));
}

/// `new URLSearchParams(input)`, `sort()`, then serialized.
fn search_params(input: &str) {
    let mut p = SearchParams::parse(input);
    p.sort();
    black_box(p.to_string().len());
}

/// The families of a run: a family, how its inputs are used.
fn families() -> Vec<(Family, Work)> {
    let mut all: Vec<(Family, Work)> = hostile::URL_FAMILIES
        .iter()
        .map(|f| (*f, parse_url as Work))
        .collect();
    all.push((hostile::PATTERN_STRINGS, compile_string));
    all.push((hostile::PATTERN_INIT_PATHNAMES, compile_init_pathname));
    all.push((hostile::PATTERN_INIT_HOSTNAMES, compile_init_hostname));
    all.push((hostile::PATTERN_SET_ROUTES, build_set));
    all.push((hostile::SEARCH_PARAMS, search_params));
    all
}

/// One case of a run: its family, its name, how to build its input at a size, and the work
/// measured on it.
struct Run<'a> {
    family: &'static str,
    case: &'static str,
    build: Box<dyn Fn(usize) -> String + 'a>,
    work: Box<dyn Fn(&str) + 'a>,
}

/// Runs the families (see the module's documentation).
pub fn main(opts: &LinearityOptions) -> Result<(), String> {
    let mut all: Vec<Run> = Vec::new();
    // The shapes of the benchmark's hostile datasets and of examples/hostile.rs.
    for shape in &hostile::SHAPES {
        all.push(Run {
            family: "URL shapes",
            case: shape.name,
            build: Box::new(|n| shape.build(n)),
            work: Box::new(parse_url),
        });
    }
    for (family, work) in families() {
        for case in family.cases {
            all.push(Run {
                family: family.name,
                case: case.name,
                build: Box::new(case.build),
                work: Box::new(work),
            });
        }
    }
    // Pattern matching: each pattern compiled outside the measured call, the URL matched
    // inside it.
    for m in &hostile::PATTERN_MATCHES {
        let p: UrlPattern = (m.pattern.parse()).map_err(|e| format!("{}: {e}", m.pattern))?;
        all.push(Run {
            family: "pattern exec",
            case: m.url.name,
            build: Box::new(m.url.build),
            work: Box::new(move |url| {
                black_box(p.exec(url, None).is_some());
            }),
        });
    }
    let keep = |r: &Run| opts.family.as_deref().is_none_or(|f| r.family.contains(f));
    let (shard, shards) = opts.shard;
    let mut runs = 0;
    for (index, run) in all.iter().filter(|r| keep(r)).enumerate() {
        if index % shards == shard {
            run_case(index, run, &opts.sizes);
            runs += 1;
        }
    }
    if runs == 0 {
        return Err("no case matches --family and --shard".into());
    }
    Ok(())
}

/// One case: a warm-up, then the measured runs at size 0 and at each size.
fn run_case(index: usize, run: &Run, sizes: &[usize]) {
    (run.work)(&(run.build)(WARM_UP));
    for &size in std::iter::once(&0).chain(sizes) {
        let input = (run.build)(size);
        measured(&mut || (run.work)(&input));
        println!(
            "{index}\t{}\t{}\t{size}\t{}",
            run.family,
            run.case,
            input.len()
        );
    }
}
