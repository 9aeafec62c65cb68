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
use std::rc::Rc;

use weburl::pattern::{
    PatternLimits, UrlPattern, UrlPatternInit, UrlPatternOptions, UrlPatternSet,
};
use weburl::{SearchParams, Url};
use weburl_testkit::hostile::{self, Family, RouteSetMatches};

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

/// The sizes `linearity` runs each case at by default (n, 2n, 4n): above the 4096 bytes up to
/// which the parser writes into a reused buffer, so that every size takes the same path.
pub const DEFAULT_SIZES: [usize; 3] = [4608, 9216, 18432];

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

/// The URL parser's work, as `crates/weburl/tests/hostile.rs` does it: the input parsed
/// without a base and against each of the bases, and each result's href parsed again (the
/// suite's idempotence check), so that serializing and re-reading normal output are counted
/// too.
fn parse_url(input: &str) {
    let reparse = |url: Url| black_box(Url::parse(url.href()).map(|u| u.href().len()).ok());
    black_box(Url::parse(input).map(reparse).ok());
    for base in hostile::URL_BASES {
        let base = Url::parse(base).expect("a valid base");
        black_box(Url::parse_with_base(input, &base).map(reparse).ok());
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

/// The limits the regexp route sets are built within: [`PatternLimits::new`]'s, whose step
/// budget ([`weburl::pattern::DEFAULT_MAX_REGEXP_STEPS`], 10,000,000 a match) bounds the
/// backtracking routes. A match that ran out of steps would stop early and be counted as
/// cheap, hiding superlinear growth under the budget; so the lookups are the fallible forms
/// and running out is an error of the run, not a count. The budget is not hit: each of
/// `PATTERN_SET_BACKTRACKING_ROUTES` takes at most about 9 steps a byte, so that the longest
/// match at 4n (18,432 bytes) takes about 166,000 steps, under 2% of the budget (the test
/// `set_lookups_fit_a_tenth_of_the_budget` checks a tenth), and what is counted is the growth
/// in the input of matches that run to their end.
const ROUTE_LIMITS: PatternLimits = PatternLimits::new();

/// A route set of `family`'s routes, each built within `limits`, valued by its index.
fn route_set(
    family: &RouteSetMatches,
    limits: &PatternLimits,
) -> Result<UrlPatternSet<usize>, String> {
    let mut set = UrlPatternSet::new();
    for (i, route) in family.routes.iter().enumerate() {
        let p = UrlPattern::parse_with_limits(route, None, UrlPatternOptions::default(), limits)
            .map_err(|e| format!("{route}: {e}"))?;
        set.insert(p, i);
    }
    Ok(set)
}

/// A first and a best match of `url` in `set` (as `build_set` looks up), in their fallible
/// forms: an error when a regexp group ran out of its step budget.
fn set_lookups(set: &UrlPatternSet<usize>, url: &str) -> Result<(), String> {
    let exhausted = |e| format!("a URL of {} bytes: {e}", url.len());
    black_box(
        set.try_first_match(url)
            .map_err(exhausted)?
            .map(|(v, _)| *v),
    );
    black_box(set.try_best_match(url).map_err(exhausted)?.map(|(v, _)| *v));
    Ok(())
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

/// The work a [`Run`] measures on one input; an error stops the run.
type RunWork<'a> = Box<dyn Fn(&str) -> Result<(), String> + 'a>;

/// One case of a run: its family, its name, how to build its input at a size, and the work
/// measured on it.
struct Run<'a> {
    family: &'static str,
    case: &'static str,
    build: Box<dyn Fn(usize) -> String + 'a>,
    work: RunWork<'a>,
}

/// A work that cannot fail, as a [`Run`]'s.
fn infallible(work: Work) -> RunWork<'static> {
    Box::new(move |input| {
        work(input);
        Ok(())
    })
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
            work: infallible(parse_url),
        });
    }
    for (family, work) in families() {
        for case in family.cases {
            all.push(Run {
                family: family.name,
                case: case.name,
                build: Box::new(case.build),
                work: infallible(work),
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
                Ok(())
            }),
        });
    }
    // Route sets of custom regexp groups, on the linear engine and on the bounded
    // backtracking matcher: each set built outside the measured call, lookups of a URL
    // whose path grows inside it.
    for family in [
        hostile::PATTERN_SET_REGEXP_ROUTES,
        hostile::PATTERN_SET_BACKTRACKING_ROUTES,
    ] {
        let set = Rc::new(route_set(&family, &ROUTE_LIMITS)?);
        for url in family.urls {
            let set = Rc::clone(&set);
            all.push(Run {
                family: family.name,
                case: url.name,
                build: Box::new(url.build),
                work: Box::new(move |url| set_lookups(&set, url)),
            });
        }
    }
    let keep = |r: &Run| opts.family.as_deref().is_none_or(|f| r.family.contains(f));
    let (shard, shards) = opts.shard;
    let mut runs = 0;
    for (index, run) in all.iter().filter(|r| keep(r)).enumerate() {
        if index % shards == shard {
            run_case(index, run, &opts.sizes)
                .map_err(|e| format!("{} / {}: {e}", run.family, run.case))?;
            runs += 1;
        }
    }
    if runs == 0 {
        return Err("no case matches --family and --shard".into());
    }
    Ok(())
}

/// One case: a warm-up, then the measured runs at size 0 and at each size.
fn run_case(index: usize, run: &Run, sizes: &[usize]) -> Result<(), String> {
    (run.work)(&(run.build)(WARM_UP))?;
    for &size in std::iter::once(&0).chain(sizes) {
        let input = (run.build)(size);
        let mut result = Ok(());
        measured(&mut || result = (run.work)(&input));
        result.map_err(|e| format!("size {size}: {e}"))?;
        println!(
            "{index}\t{}\t{}\t{size}\t{}",
            run.family,
            run.case,
            input.len()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use weburl::pattern::{DEFAULT_MAX_REGEXP_STEPS, UrlPatternError};

    const ROUTE_FAMILIES: [RouteSetMatches; 2] = [
        hostile::PATTERN_SET_REGEXP_ROUTES,
        hostile::PATTERN_SET_BACKTRACKING_ROUTES,
    ];

    /// Each family runs on the engine it is named for: the regexp routes are accepted where
    /// backtracking regexps are refused, and each backtracking route is refused there (and
    /// accepted without the refusal).
    #[test]
    fn route_families_run_on_their_engines() {
        let linear_only = PatternLimits::new().backtracking_regexps(false);
        let o = UrlPatternOptions::default();
        for route in hostile::PATTERN_SET_REGEXP_ROUTES.routes {
            let p = UrlPattern::parse_with_limits(route, None, o, &linear_only);
            assert!(p.is_ok(), "{route}: {p:?}");
        }
        for route in hostile::PATTERN_SET_BACKTRACKING_ROUTES.routes {
            let p = UrlPattern::parse_with_limits(route, None, o, &linear_only);
            assert!(
                matches!(p, Err(UrlPatternError::RegExpGroupsRefused { .. })),
                "{route}: {p:?}"
            );
            assert!(route.parse::<UrlPattern>().is_ok(), "{route}");
        }
    }

    /// At the largest default size, every lookup of every route set case answers within a
    /// tenth of the default step budget, so that the counts at n, 2n, 4n are of matches
    /// that ran to their end ([`ROUTE_LIMITS`]).
    #[test]
    fn set_lookups_fit_a_tenth_of_the_budget() {
        let limits = ROUTE_LIMITS.max_regexp_steps(DEFAULT_MAX_REGEXP_STEPS / 10);
        let size = DEFAULT_SIZES[DEFAULT_SIZES.len() - 1];
        for family in ROUTE_FAMILIES {
            let set = route_set(&family, &limits).unwrap();
            for url in family.urls {
                let r = set_lookups(&set, &(url.build)(size));
                assert_eq!(r, Ok(()), "{} / {}", family.name, url.name);
            }
        }
    }

    /// A budget too small for the matches at 4n is an error of the run, not a cheaper count.
    #[test]
    fn an_exhausted_budget_is_an_error() {
        let family = hostile::PATTERN_SET_BACKTRACKING_ROUTES;
        let set = route_set(&family, &ROUTE_LIMITS.max_regexp_steps(1000)).unwrap();
        let r = set_lookups(&set, &(family.urls[0].build)(DEFAULT_SIZES[0]));
        assert!(r.is_err_and(|e| e.contains("exhausted")));
    }

    /// Each URL's matches in the set are those of a loop of `exec` over the routes, and the
    /// cases named "no match" match nothing, the others something (once their path is not
    /// empty).
    #[test]
    fn set_matches_are_a_loop_of_exec() {
        for family in ROUTE_FAMILIES {
            let set = route_set(&family, &ROUTE_LIMITS).unwrap();
            for case in family.urls {
                for size in [0, 1, 7, 100] {
                    let url = (case.build)(size);
                    let got: Vec<usize> = (set.try_matches(&url).unwrap().iter())
                        .map(|(v, _)| **v)
                        .collect();
                    let want: Vec<usize> = (family.routes.iter().enumerate())
                        .filter(|(_, r)| {
                            let p: UrlPattern = r.parse().unwrap();
                            p.exec(&url, None).is_some()
                        })
                        .map(|(i, _)| i)
                        .collect();
                    assert_eq!(got, want, "{url}");
                    if size > 0 {
                        let none = case.name.contains("no match");
                        assert_eq!(got.is_empty(), none, "{url}");
                    }
                }
            }
        }
    }
}
