//! `weburl-bench redos`: the classic exponential regular-expression shapes as custom regexp
//! groups of URL patterns, on a 20,000-byte input that does not match: `UrlPattern::test`
//! (the linear engine) against `regress` (the backtracking engine weburl used for every
//! custom regexp group before) on the same generated expression, in the same process; shapes
//! that need backtracking on the bounded backtracking matcher (`UrlPattern::try_test`, the
//! default step budget) against `regress`; and ordinary regexp routes, component expression
//! on each engine, interleaved. See docs/PERFORMANCE.md.

use std::hint::black_box;
use std::time::{Duration, Instant};

use weburl::pattern::regexp_hooks::Engines;
use weburl::pattern::{UrlPattern, UrlPatternOptions};

use crate::stats;

#[derive(Debug, Clone, PartialEq)]
pub struct RedosOptions {
    pub rounds: usize,
    /// The longest a single `regress` run may take before the input stops growing.
    pub cap: Duration,
}

/// The shapes, as the text of `:x(...)` in `https://e.com/:x(...)`.
pub const SHAPES: &[&str] = &[
    "(?:a*)*b",
    "(?:a|a)*b",
    "(?:a+)+b",
    "(?:a|aa)+b",
    "(?:a{1,30}){1,30}b",
    "[a\\w]*[a\\w]*[a\\w]*b",
];

/// Shapes that need backtracking (a lookaround, a backreference), which run on the bounded
/// backtracking matcher with the default step budget.
pub const FALLBACK_SHAPES: &[&str] = &[
    "(?=a)(?:a*)*b",
    "(?!b)(?:a|a)*b",
    "(?<n>a*)*\\k<n>b",
    "(?:(?<n>a)|a)*\\k<n>b",
    "a*(?<=(?:a+)+)b",
];

/// The input length of the measurement.
pub const LEN: usize = 20_000;

fn time_once(f: impl FnOnce() -> bool) -> (Duration, bool) {
    let start = Instant::now();
    let r = black_box(f());
    (start.elapsed(), r)
}

fn fmt(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    if ns >= 1e9 {
        format!("{:.2} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.1} µs", ns / 1e3)
    } else {
        format!("{ns:.0} ns")
    }
}

fn median(d: &[Duration]) -> Duration {
    let v: Vec<f64> = d.iter().map(|d| d.as_nanos() as f64).collect();
    Duration::from_nanos(stats::median(&v).unwrap_or(0.0) as u64)
}

pub fn main(opts: &RedosOptions) -> Result<(), String> {
    let (cpu, cores) = crate::run::machine();
    println!(
        "weburl-bench redos: {} rounds, regress capped at {} per run; {cpu}, {cores} cores",
        opts.rounds,
        fmt(opts.cap)
    );
    println!();
    println!(
        "| shape `https://e.com/:x(...)` | weburl test, {LEN} B | regress, same expression | regress at {LEN} B |"
    );
    println!("| --- | --- | --- | --- |");
    for shape in SHAPES {
        let p = UrlPattern::parse(
            &format!("https://e.com/:x({shape})"),
            None,
            UrlPatternOptions::default(),
        )
        .map_err(|e| e.to_string())?;
        // The pathname's generated expression: `/` prefix, the group, no suffix.
        let source = format!("^(?:\\/({shape}))$");
        let engines = Engines::new(&source, false)?;
        if engines.engine() != "linear" {
            return Err(format!("{shape}: {}", engines.engine()));
        }
        let url = format!("https://e.com/{}", "a".repeat(LEN));
        // regress: the input grows while one run stays under the cap.
        let mut n = 8;
        let regress_at = loop {
            let path = format!("/{}", "a".repeat(n));
            let (d, hit) = time_once(|| engines.backtracking(&path).is_some());
            if hit {
                return Err(format!("{shape}: regress matched {n} a's"));
            }
            if d > opts.cap || n >= LEN {
                break (n, d);
            }
            // By 2 bytes while short (an exponential shape doubles per byte), then doubling.
            n = if n < 64 { n + 2 } else { (n * 2).min(LEN) };
        };
        let mut weburl = Vec::new();
        let mut regress = Vec::new();
        for _ in 0..opts.rounds {
            let (d, hit) = time_once(|| p.test(&url, None));
            if hit {
                return Err(format!("{shape}: weburl matched"));
            }
            weburl.push(d);
            if regress_at.0 == LEN && regress_at.1 <= opts.cap {
                let path = format!("/{}", "a".repeat(LEN));
                regress.push(time_once(|| engines.backtracking(&path).is_some()).0);
            }
        }
        let full = if regress.is_empty() {
            format!("not run (> {} at {} B)", fmt(opts.cap), regress_at.0)
        } else {
            fmt(median(&regress))
        };
        println!(
            "| `{shape}` | {} | {} at {} B | {full} |",
            fmt(median(&weburl)),
            fmt(regress_at.1),
            regress_at.0
        );
    }
    fallback(opts)?;
    ordinary(opts.rounds)
}

/// The shapes that need backtracking: `UrlPattern::try_test` (the bounded matcher, default
/// budget) on 20,000 bytes, and `regress` on the same expression growing as above.
fn fallback(opts: &RedosOptions) -> Result<(), String> {
    println!();
    println!(
        "| shape `https://e.com/:x(...)` | weburl try_test, {LEN} B, default budget | answer | regress, same expression |"
    );
    println!("| --- | --- | --- | --- |");
    for shape in FALLBACK_SHAPES {
        let p = UrlPattern::parse(
            &format!("https://e.com/:x({shape})"),
            None,
            UrlPatternOptions::default(),
        )
        .map_err(|e| e.to_string())?;
        let source = format!("^(?:\\/({shape}))$");
        let engines = Engines::new(&source, false)?;
        if engines.engine() == "linear" {
            return Err(format!("{shape}: runs on the linear engine"));
        }
        let url = format!("https://e.com/{}", "a".repeat(LEN));
        let mut weburl = Vec::new();
        let mut answer = String::new();
        for _ in 0..opts.rounds {
            let start = Instant::now();
            let r = black_box(p.try_test(&url, None));
            weburl.push(start.elapsed());
            answer = match r {
                Ok(true) => return Err(format!("{shape}: weburl matched")),
                Ok(false) => "no match".to_owned(),
                Err(_) => "budget exhausted".to_owned(),
            };
        }
        let mut n = 8;
        let regress_at = loop {
            let path = format!("/{}", "a".repeat(n));
            let (d, hit) = time_once(|| engines.backtracking(&path).is_some());
            if hit {
                return Err(format!("{shape}: regress matched {n} a's"));
            }
            if d > opts.cap || n >= LEN {
                break (n, d);
            }
            n = if n < 64 { n + 2 } else { (n * 2).min(LEN) };
        };
        println!(
            "| `{shape}` | {} | {answer} | {} at {} B |",
            fmt(median(&weburl)),
            fmt(regress_at.1),
            regress_at.0
        );
    }
    Ok(())
}

/// Ordinary regexp routes: each route's component expression on the linear engine and on
/// `regress` (what every custom regexp group ran on before), and the whole `exec`.
fn ordinary(rounds: usize) -> Result<(), String> {
    let cases: &[(&str, &str, &str)] = &[
        (
            "/books/:id(\\d+)",
            "^\\/books(?:\\/(\\d+))$",
            "/books/12345",
        ),
        (
            "/:lang(en|fr)/*",
            "^(?:\\/(en|fr))(?:\\/(.*))$",
            "/fr/docs/web/api/urlpattern",
        ),
        (
            "/api/:v(v[0-9]+)/users/:id([0-9a-f]{8})",
            "^\\/api(?:\\/(v[0-9]+))\\/users(?:\\/([0-9a-f]{8}))$",
            "/api/v2/users/deadbeef",
        ),
    ];
    println!();
    println!("| route | input | linear engine | regress | ratio | `exec` (whole URL) |");
    println!("| --- | --- | --- | --- | --- | --- |");
    const N: usize = 20_000;
    for &(route, source, path) in cases {
        let engines = Engines::new(source, false)?;
        if engines.engine() != "linear" {
            return Err(format!("{route}: {}", engines.engine()));
        }
        if engines.linear(path) != Ok(engines.backtracking(path))
            || engines.backtracking(path).is_none()
        {
            return Err(format!("{route}: the engines differ on {path}"));
        }
        let p = UrlPattern::parse(
            &format!("https://e.com{route}"),
            None,
            UrlPatternOptions::default(),
        )
        .map_err(|e| e.to_string())?;
        let url = format!("https://e.com{path}");
        let (mut lin, mut bt, mut ex) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds {
            let per = |f: &mut dyn FnMut() -> bool| {
                let start = Instant::now();
                let mut hits = 0;
                for _ in 0..N {
                    hits += usize::from(black_box(f()));
                }
                black_box(hits);
                start.elapsed().as_nanos() as f64 / N as f64
            };
            lin.push(per(&mut || {
                engines.linear(black_box(path)).is_ok_and(|m| m.is_some())
            }));
            bt.push(per(&mut || engines.backtracking(black_box(path)).is_some()));
            ex.push(per(&mut || p.exec(black_box(&url), None).is_some()));
        }
        let (l, b, e) = (
            stats::median(&lin).unwrap_or(f64::NAN),
            stats::median(&bt).unwrap_or(f64::NAN),
            stats::median(&ex).unwrap_or(f64::NAN),
        );
        println!(
            "| `{route}` | `{path}` | {l:.0} ns | {b:.0} ns | {:.2} | {e:.0} ns |",
            l / b
        );
    }
    Ok(())
}
