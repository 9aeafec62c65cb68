//! `weburl-bench pattern`: URL patterns (`weburl::pattern`) against their peers, interleaved
//! in rounds in one process, on the GitHub REST API route table (`data/github-routes.txt`)
//! and URLs built from it:
//!
//! - `exec`: each route as a pattern (`https://api.github.com/repos/:owner/:repo`), run on a
//!   URL string that it matches, by weburl (`UrlPattern::exec`, which parses the URL), by
//!   Deno's `urlpattern` crate (`url::Url::parse`, then `UrlPattern::exec`) and by ada's
//!   `url_pattern` (`exec` on the string, which ada parses; src/ada_pattern.rs); also weburl's
//!   `exec_url` on an already-parsed URL.
//! - `set`: 1,000 path routes (the table's paths under `/v1/` ... `/v8/`, the first 1,000)
//!   in a `UrlPatternSet` (pathname patterns: every other component matches anything), its
//!   `first_match_url` on parsed URLs and `first_match` on URL strings, against `matchit`
//!   (axum's router) on the paths of the same URLs; and `first_match_ref` (the borrowed
//!   match) reading the pathname's groups, as matchit's `at` gives its parameters (as a
//!   `Vec` with `groups`, and with `for_each_group`, which builds no list); and the
//!   borrowed match turned into a result of JavaScript's shape that copies no text (the
//!   floor of any result of that shape, owned or not); and the most specific match
//!   (`best_match_ref` reading the pathname's groups as `first_match_ref` does, and
//!   `best_match_url`), which must give the same route as the first match on these URLs.
//! - `scaling`: `first_match_url` over the first 10 of those routes against all 1,000, each
//!   on URLs of its own routes.
//!
//! Each measurement is a number of passes over the URLs; a round runs every contender once,
//! and the table gives the median over the rounds of the time per URL, and of the per-round
//! ratios.

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use weburl::Url;
use weburl::pattern::{
    UrlPattern, UrlPatternComponent, UrlPatternInit, UrlPatternOptions, UrlPatternSet,
};

use crate::ada_pattern::{AdaInput, AdaPattern};
use crate::report;
use crate::stats;

/// Each measurement takes about this long (the passes over its URLs are calibrated in a
/// warm-up round).
const TARGET_NS: f64 = 100e6;

/// API versions the path table is repeated under, to make 1,000 routes.
const VERSIONS: usize = 8;

#[derive(Debug, Clone, PartialEq)]
pub struct PatternOptions {
    pub rounds: usize,
}

/// The route table: `METHOD PATH` lines; the distinct paths, in order.
fn github_paths() -> Result<Vec<String>, String> {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/github-routes.txt");
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut paths: Vec<String> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (_, path) = line
            .split_once(' ')
            .ok_or_else(|| format!("{}: not METHOD PATH: {line:?}", file.display()))?;
        if !paths.iter().any(|p| p == path) {
            paths.push(path.to_owned());
        }
    }
    Ok(paths)
}

/// A realistic value for a route parameter.
fn value_of(param: &str, n: usize) -> String {
    let v = match param {
        "owner" => ["rust-lang", "denoland", "ada-url", "torvalds"][n % 4],
        "repo" => ["rust", "deno", "ada", "linux"][n % 4],
        "user" | "target_user" | "assignee" => ["octocat", "defunkt", "mojombo"][n % 3],
        "org" => ["github", "rust-lang", "whatwg"][n % 3],
        "id" => return format!("{}", 1_000_000 + n * 7919),
        "number" => return format!("{}", 100 + n * 37),
        "sha" | "access_token" => "6dcb09b5b57875f334f61aebed695e2e4193db5e",
        "client_id" => "Iv1.8a61f9b3a7aba766",
        "name" => ["bug", "enhancement", "v1.0.0"][n % 3],
        "ref" | "branch" => ["main", "release-1.2"][n % 2],
        "keyword" => "urlpattern",
        "email" => "octocat@github.com",
        "state" => "open",
        "repository" => "weburl",
        _ => "x",
    };
    v.to_owned()
}

/// The path `route` with each `:param` replaced by a value.
fn fill(route: &str, n: usize) -> String {
    route
        .split('/')
        .map(|segment| match segment.strip_prefix(':') {
            Some(param) => value_of(param, n),
            None => segment.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A URL string for `path`: every third with a query, as API clients page through lists.
fn url_for(path: &str, n: usize) -> String {
    match n % 3 {
        0 => format!(
            "https://api.github.com{path}?per_page=100&page={}",
            n % 7 + 1
        ),
        _ => format!("https://api.github.com{path}"),
    }
}

/// The `exec` cases: each distinct route as a full-URL pattern string and a URL it matches
/// (also `weburl-bench c`'s pattern cases).
pub(crate) fn exec_cases() -> Result<Vec<(String, String)>, String> {
    let paths = github_paths()?;
    Ok(paths
        .iter()
        .enumerate()
        .map(|(n, path)| {
            (
                format!("https://api.github.com{path}"),
                url_for(&fill(path, n), n),
            )
        })
        .collect())
}

/// `:name` written as matchit writes it, `{name}`.
fn matchit_route(path: &str) -> String {
    path.split('/')
        .map(|segment| match segment.strip_prefix(':') {
            Some(param) => format!("{{{param}}}"),
            None => segment.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The pathname-only pattern of a route.
fn path_pattern(path: &str) -> Result<UrlPattern, String> {
    let init = UrlPatternInit {
        pathname: Some(path.to_owned()),
        ..UrlPatternInit::default()
    };
    UrlPattern::from_init(&init, UrlPatternOptions::default()).map_err(|e| format!("{path}: {e}"))
}

/// One contender of a table: its name, its passes per measurement and its time per URL in
/// each round.
struct Row {
    name: String,
    passes: usize,
    times: Vec<f64>,
}

impl Row {
    fn new(name: impl Into<String>) -> Row {
        Row {
            name: name.into(),
            passes: 0,
            times: Vec::new(),
        }
    }

    /// Times passes of `f` (one pass over `urls` URLs) and records ns per URL; the first call
    /// is the warm-up, which times one pass and sets the passes for about [`TARGET_NS`]. Not
    /// inlined: under `valgrind --tool=callgrind` each contender is then a function of its
    /// own (`Row::time::<{closure}>`), whose inclusive instructions per URL are its cost.
    #[inline(never)]
    fn time(&mut self, urls: usize, mut f: impl FnMut() -> usize) {
        let passes = self.passes.max(1);
        let start = Instant::now();
        let mut sum = 0;
        for _ in 0..passes {
            sum += f();
        }
        black_box(sum);
        let ns = start.elapsed().as_nanos() as f64;
        if self.passes == 0 {
            self.passes = ((TARGET_NS / ns.max(1.0)) as usize).clamp(1, 100_000);
        } else {
            self.times.push(ns / (passes * urls) as f64);
        }
    }
}

fn median(times: &[f64]) -> f64 {
    stats::median(times).unwrap_or(f64::NAN)
}

/// The median of per-round ratios `a / b`.
fn ratio(a: &Row, b: &Row) -> f64 {
    let r: Vec<f64> = a.times.iter().zip(&b.times).map(|(x, y)| x / y).collect();
    median(&r)
}

pub fn main(opts: &PatternOptions) -> Result<(), String> {
    let paths = github_paths()?;
    let (cpu, cores) = crate::run::machine();
    println!(
        "weburl-bench pattern: the GitHub REST API routes ({} distinct paths), {} rounds; {cpu}, {cores} cores",
        paths.len(),
        opts.rounds
    );

    // exec: each route as a full-URL pattern, on a URL it matches.
    let mut ours = Vec::new();
    let mut deno = Vec::new();
    let mut ada = Vec::new();
    let mut exec_urls = Vec::new();
    for (n, path) in paths.iter().enumerate() {
        let pattern = format!("https://api.github.com{path}");
        ours.push(
            UrlPattern::parse(&pattern, None, UrlPatternOptions::default())
                .map_err(|e| format!("{pattern}: {e}"))?,
        );
        let init = urlpattern::quirks::process_construct_pattern_input(
            urlpattern::quirks::StringOrInit::String(pattern.clone().into()),
            None,
        )
        .and_then(|init| <urlpattern::UrlPattern>::parse(init, Default::default()))
        .map_err(|e| format!("urlpattern: {pattern}: {e}"))?;
        deno.push(init);
        ada.push(
            AdaPattern::new(&AdaInput::String(&pattern), None, false)
                .ok_or(format!("ada: {pattern}: the constructor threw"))?,
        );
        exec_urls.push(url_for(&fill(path, n), n));
    }
    let parsed: Vec<Url> = (exec_urls.iter())
        .map(|u| Url::parse(u).map_err(|e| format!("{u}: {e}")))
        .collect::<Result<_, _>>()?;
    // All must match every URL with the same groups.
    for (((p, d), a), u) in ours.iter().zip(&deno).zip(&mut ada).zip(&exec_urls) {
        let mine = p.exec(u, None).ok_or(format!("weburl: no match for {u}"))?;
        let input =
            urlpattern::UrlPatternMatchInput::Url(url::Url::parse(u).map_err(|e| e.to_string())?);
        let theirs = d
            .exec(input)
            .map_err(|e| e.to_string())?
            .ok_or(format!("urlpattern: no match for {u}"))?;
        for (name, value) in mine.pathname.groups.iter() {
            let theirs = theirs.pathname.groups.get(name).cloned().flatten();
            if value != theirs.as_deref() {
                return Err(format!("{u}: group {name}: {value:?} against {theirs:?}"));
            }
        }
        check_ada(p, a, u)?;
    }
    let n = exec_urls.len();
    let mut exec_rows = vec![
        Row::new("weburl exec(str)"),
        Row::new("weburl exec_url(&Url)"),
        Row::new("urlpattern (Deno) Url::parse + exec"),
        Row::new("ada url_pattern exec(str), std::regex"),
    ];

    // set: 1,000 path routes, against matchit.
    let mut table: Vec<String> = Vec::new();
    'fill: for v in 1..=VERSIONS {
        for path in &paths {
            if table.len() == 1000 {
                break 'fill;
            }
            table.push(format!("/v{v}{path}"));
        }
    }
    let mut router = matchit::Router::new();
    let mut routes = Vec::new();
    for path in &table {
        // matchit refuses some pairs of routes (a parameter beside a literal it cannot tell
        // apart); both take the routes it accepts.
        if router.insert(matchit_route(path), routes.len()).is_ok() {
            routes.push(path.clone());
        }
    }
    let mut big = UrlPatternSet::new();
    for (i, path) in routes.iter().enumerate() {
        big.insert(path_pattern(path)?, i);
    }
    let set_urls: Vec<String> = (routes.iter().enumerate())
        .map(|(n, path)| url_for(&fill(path, n), n))
        .collect();
    let set_parsed: Vec<Url> = set_urls
        .iter()
        .map(|u| Url::parse(u).expect("built to parse"))
        .collect();
    let set_paths: Vec<String> = set_parsed.iter().map(|u| u.pathname().to_owned()).collect();
    // The ranking a best match makes once after the set changes: the first best match of a
    // set just built, timed once (the median of a few fresh copies).
    let mut ranking_us = Vec::new();
    for _ in 0..5 {
        let fresh = big.clone();
        let start = Instant::now();
        black_box(fresh.best_match_ref(black_box(&set_parsed[0])));
        ranking_us.push(start.elapsed().as_nanos() as f64 / 1e3);
    }
    for ((u, p), parsed) in set_urls.iter().zip(&set_paths).zip(&set_parsed) {
        let first = big
            .first_match(u)
            .ok_or(format!("weburl set: no match for {u}"))?;
        let at = router.at(p).map_err(|e| format!("matchit: {p}: {e}"))?;
        // Each URL is made from its route, which is the first and the most specific match
        // (the table has no two routes that match the same URL but for a literal against a
        // parameter, where both pick the literal), and matchit's.
        let best = big
            .best_match_ref(parsed)
            .ok_or(format!("weburl set: no best match for {u}"))?;
        if best.0 != first.0 || *at.value != *first.0 {
            return Err(format!(
                "{u}: best match {}, first match {}, matchit {}",
                routes[*best.0], routes[*first.0], routes[*at.value]
            ));
        }
    }
    let mut set_rows = vec![
        Row::new(format!(
            "weburl UrlPatternSet::first_match_url ({} routes)",
            routes.len()
        )),
        Row::new(format!(
            "weburl UrlPatternSet::first_match(str) ({} routes)",
            routes.len()
        )),
        Row::new(format!(
            "matchit Router::at(path) ({} routes)",
            routes.len()
        )),
        Row::new(format!(
            "weburl UrlPatternSet::first_match_ref + pathname groups ({} routes)",
            routes.len()
        )),
        Row::new(format!(
            "weburl UrlPatternSet::first_match_ref + for_each_group ({} routes)",
            routes.len()
        )),
        Row::new(format!(
            "first_match_ref + a JavaScript-shaped result of borrowed text ({} routes)",
            routes.len()
        )),
        Row::new(format!(
            "weburl UrlPatternSet::best_match_ref + pathname groups ({} routes)",
            routes.len()
        )),
        Row::new(format!(
            "weburl UrlPatternSet::best_match_url ({} routes)",
            routes.len()
        )),
    ];

    // scaling: the first 10 routes, on URLs of their own.
    let mut small = UrlPatternSet::new();
    for (i, path) in routes.iter().take(10).enumerate() {
        small.insert(path_pattern(path)?, i);
    }
    let small_parsed: Vec<Url> = set_parsed.iter().take(10).cloned().collect();
    let mut scaling_rows = vec![
        Row::new("first_match_url, 10 routes"),
        Row::new(format!("first_match_url, {} routes", routes.len())),
    ];

    // One warm-up round (not recorded), then the rounds.
    for _ in 0..=opts.rounds {
        exec_rows[0].time(n, || {
            ours.iter()
                .zip(&exec_urls)
                .filter(|(p, u)| black_box(p.exec(black_box(u), None)).is_some())
                .count()
        });
        exec_rows[1].time(n, || {
            ours.iter()
                .zip(&parsed)
                .filter(|(p, u)| black_box(p.exec_url(black_box(u))).is_some())
                .count()
        });
        exec_rows[2].time(n, || {
            deno.iter()
                .zip(&exec_urls)
                .filter(|(p, u)| {
                    let Ok(url) = url::Url::parse(black_box(u)) else {
                        return false;
                    };
                    matches!(
                        black_box(p.exec(urlpattern::UrlPatternMatchInput::Url(url))),
                        Ok(Some(_))
                    )
                })
                .count()
        });
        exec_rows[3].time(n, || {
            ada.iter_mut()
                .zip(&exec_urls)
                .map(|(p, u)| {
                    usize::from(matches!(
                        black_box(p.exec(&AdaInput::String(black_box(u)), None)),
                        Ok(Some(_))
                    ))
                })
                .sum()
        });
        set_rows[0].time(set_parsed.len(), || {
            set_parsed
                .iter()
                .filter(|u| black_box(big.first_match_url(black_box(u))).is_some())
                .count()
        });
        set_rows[1].time(set_urls.len(), || {
            set_urls
                .iter()
                .filter(|u| black_box(big.first_match(black_box(u))).is_some())
                .count()
        });
        set_rows[2].time(set_paths.len(), || {
            set_paths
                .iter()
                .filter(|p| black_box(router.at(black_box(p))).is_ok())
                .count()
        });
        set_rows[3].time(set_parsed.len(), || {
            set_parsed
                .iter()
                .map(|u| match big.first_match_ref(black_box(u)) {
                    Some((_, m)) => black_box(m.groups(UrlPatternComponent::Pathname)).len(),
                    None => 0,
                })
                .sum()
        });
        set_rows[4].time(set_parsed.len(), || {
            set_parsed
                .iter()
                .map(|u| match big.first_match_ref(black_box(u)) {
                    Some((_, m)) => {
                        let mut n = 0;
                        m.for_each_group(UrlPatternComponent::Pathname, |name, value| {
                            black_box((name, value));
                            n += 1;
                        });
                        n
                    }
                    None => 0,
                })
                .sum()
        });
        set_rows[5].time(set_parsed.len(), || {
            set_parsed
                .iter()
                .filter(|u| {
                    let Some((v, m)) = big.first_match_ref(black_box(u)) else {
                        return false;
                    };
                    black_box(&(v, BorrowedResult::of(u, &m)));
                    true
                })
                .count()
        });
        set_rows[6].time(set_parsed.len(), || {
            set_parsed
                .iter()
                .map(|u| match big.best_match_ref(black_box(u)) {
                    Some((_, m)) => black_box(m.groups(UrlPatternComponent::Pathname)).len(),
                    None => 0,
                })
                .sum()
        });
        set_rows[7].time(set_parsed.len(), || {
            set_parsed
                .iter()
                .filter(|u| black_box(big.best_match_url(black_box(u))).is_some())
                .count()
        });
        scaling_rows[0].time(small_parsed.len(), || {
            small_parsed
                .iter()
                .filter(|u| black_box(small.first_match_url(black_box(u))).is_some())
                .count()
        });
        scaling_rows[1].time(set_parsed.len(), || {
            set_parsed
                .iter()
                .filter(|u| black_box(big.first_match_url(black_box(u))).is_some())
                .count()
        });
    }

    let print = |title: &str, rows: &[Row], reference: usize| {
        println!("\n{title}");
        let body: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                vec![
                    r.name.clone(),
                    format!("{:.0}", median(&r.times)),
                    format!("{:.2}x", ratio(r, &rows[reference])),
                ]
            })
            .collect();
        print!(
            "{}",
            report::table(
                &[
                    "contender",
                    "ns/URL (median)",
                    &format!("vs {}", rows[reference].name)
                ],
                &body,
                1
            )
        );
    };
    print(
        &format!("exec, one route on one matching URL ({n} routes, each on its URL)"),
        &exec_rows,
        0,
    );
    print(
        &format!(
            "route set, {} path routes, {} URLs (one per route)",
            routes.len(),
            set_urls.len()
        ),
        &set_rows,
        2,
    );
    println!(
        "best match against first match (median of per-round ratios): best_match_ref {:.2}x first_match_ref, best_match_url {:.2}x first_match_url",
        ratio(&set_rows[6], &set_rows[3]),
        ratio(&set_rows[7], &set_rows[0]),
    );
    println!(
        "the first best match after building the set (ranking its {} patterns): {:.0} µs (median of 5)",
        routes.len(),
        median(&ranking_us)
    );
    print(
        "route set scaling (each on URLs of its own routes)",
        &scaling_rows,
        0,
    );
    Ok(())
}

/// The floor of any result of JavaScript's shape (`URLPatternResult`: `inputs`, then each
/// component's input and groups), for the route set's table: the same fields as
/// `UrlPatternResult`'s, but no text copied (every string borrowed from the URL and the
/// pattern), and one allocation only, for a pathname's list of two or more groups.
#[allow(dead_code)] // The fields are written for `black_box`, never read.
struct BorrowedResult<'a> {
    inputs: &'a str,
    components: [(&'a str, BorrowedGroups<'a>); 8],
}

#[allow(dead_code)]
enum BorrowedGroups<'a> {
    None,
    One(&'a str, Option<&'a str>),
    Many(Box<[(&'a str, Option<&'a str>)]>),
}

impl<'a> BorrowedResult<'a> {
    fn of(url: &'a Url, m: &weburl::pattern::UrlPatternMatch<'a, 'a>) -> BorrowedResult<'a> {
        BorrowedResult {
            inputs: url.href(),
            components: UrlPatternComponent::ALL.map(|c| {
                let groups = if c == UrlPatternComponent::Pathname {
                    // Its groups kept by the match, listed at once (one allocation for two
                    // or more).
                    match &*m.groups(c) {
                        [] => BorrowedGroups::None,
                        [(name, value)] => BorrowedGroups::One(name, *value),
                        many => BorrowedGroups::Many(many.into()),
                    }
                } else {
                    // Every other component of this table's patterns (pathname patterns) is
                    // a lone wildcard, whose group `0` is the whole input: known here without
                    // reading the pattern, which would touch its cache lines.
                    BorrowedGroups::One("0", Some(m.input(c)))
                };
                (m.input(c), groups)
            }),
        }
    }
}

/// ada's pattern must read as weburl's (the eight component strings, `hasRegExpGroups`) and
/// match `url` with the same groups in every component, `test` agreeing with `exec`.
fn check_ada(ours: &UrlPattern, ada: &mut AdaPattern, url: &str) -> Result<(), String> {
    let components = UrlPatternComponent::ALL;
    for (i, c) in components.iter().enumerate() {
        if ours.get(*c) != ada.component(i) {
            return Err(format!(
                "ada: pattern {}: {c:?} is {:?}, weburl's {:?}",
                ours.pathname(),
                ada.component(i),
                ours.get(*c)
            ));
        }
    }
    if ours.has_regexp_groups() != ada.has_regexp_groups() {
        return Err(format!("ada: {}: hasRegExpGroups differs", ours.pathname()));
    }
    let input = AdaInput::String(url);
    let mine = ours
        .exec(url, None)
        .ok_or(format!("weburl: no match for {url}"))?;
    let theirs = ada
        .exec(&input, None)
        .map_err(|_| format!("ada: exec threw on {url}"))?
        .ok_or(format!("ada: no match for {url}"))?;
    if ada.test(&input, None) != Ok(true) {
        return Err(format!("ada: test is not true on {url}"));
    }
    for (i, (c, mine)) in mine.components().enumerate() {
        let mut want: Vec<(String, Option<String>)> = (mine.groups.iter())
            .map(|(k, v)| (k.to_owned(), v.map(str::to_owned)))
            .collect();
        let mut got: Vec<(String, Option<String>)> = (theirs.groups(i).into_iter())
            .map(|(k, v)| (k.into_owned(), v.map(|v| v.into_owned())))
            .collect();
        want.sort();
        got.sort();
        if got != want || theirs.input(i) != mine.input.as_str() {
            return Err(format!(
                "{url}: {c:?}: ada {:?} {got:?}, weburl {:?} {want:?}",
                theirs.input(i),
                mine.input.as_str()
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_built_from_routes() {
        assert_eq!(fill("/repos/:owner/:repo", 1), "/repos/denoland/deno");
        assert_eq!(
            matchit_route("/repos/:owner/:repo"),
            "/repos/{owner}/{repo}"
        );
        let paths = github_paths().unwrap();
        assert_eq!(paths.len(), 142);
        assert!(paths.iter().all(|p| p.starts_with('/')));
    }
}
