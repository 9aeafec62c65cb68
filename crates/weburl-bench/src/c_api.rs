//! `weburl-bench c`: the C library (`libweburl.so`, crates/weburl-c) against ada's own C API,
//! interleaved in rounds in one process.
//!
//! - `parse_href`: `ada_parse`, `ada_is_valid`, `ada_get_href`, `ada_free` on every line of
//!   each dataset (the calls the `ada-url` crate makes for `Url::parse` and `href`), through
//!   libweburl's `ada_*` functions and through ada's (the `ada-url` crate's build of ada,
//!   linked into this binary); weburl's Rust API (`Url::parse` + `href`) as a third row, so
//!   that the cost of the C boundary itself shows.
//! - `can_parse`: `ada_can_parse` the same way, and `Url::can_parse`.
//! - `pattern_exec`: the GitHub REST API routes as URL patterns, each run on a URL it
//!   matches: `weburl_pattern_exec` + `weburl_pattern_result_free` through C against
//!   `UrlPattern::exec` in Rust (the same patterns and URLs).
//!
//! libweburl is loaded with `dlopen` (libloading), as a program that links it loads it, so
//! that its `ada_*` symbols do not clash with ada's in this binary; calls go through function
//! pointers, as calls into a shared library go through the PLT. This module holds the
//! benchmark's `unsafe`: every call into C is a block with its safety comment.

use std::ffi::{c_char, c_void};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use weburl::Url;
use weburl::pattern::{UrlPattern, UrlPatternOptions};

use crate::data::{self, Dataset};
use crate::report;
use crate::stats;

/// Each measurement takes about this long (calibrated in a warm-up round).
const TARGET_NS: f64 = 50e6;

#[derive(Debug, Clone, PartialEq)]
pub struct COptions {
    pub rounds: usize,
    /// The shared library; by default `libweburl.so` beside this binary (`cargo build
    /// --release -p weburl-c` writes both into `target/release/`).
    pub lib: Option<PathBuf>,
    pub data_dir: PathBuf,
    /// Only the benchmarks whose name contains this (`parse_href`, `can_parse`,
    /// `pattern_exec`).
    pub only: Option<String>,
}

/// `ada_string` and `ada_owned_string` of `ada_c.h`.
#[repr(C)]
#[derive(Clone, Copy)]
struct AdaString {
    data: *const c_char,
    length: usize,
}

type Handle = *mut c_void;

// ada's C API, from the `ada-url` crate's static build of ada (its `ffi` module is private;
// these are the same declarations, matching ada_c.h).
unsafe extern "C" {
    fn ada_parse(input: *const c_char, length: usize) -> Handle;
    fn ada_is_valid(url: Handle) -> bool;
    fn ada_get_href(url: Handle) -> AdaString;
    fn ada_free(url: Handle);
    fn ada_can_parse(input: *const c_char, length: usize) -> bool;
}

/// The functions of one C library, as function pointers.
#[derive(Clone, Copy)]
struct AdaApi {
    parse: unsafe extern "C" fn(*const c_char, usize) -> Handle,
    is_valid: unsafe extern "C" fn(Handle) -> bool,
    get_href: unsafe extern "C" fn(Handle) -> AdaString,
    free: unsafe extern "C" fn(Handle),
    can_parse: unsafe extern "C" fn(*const c_char, usize) -> bool,
}

impl AdaApi {
    fn ada() -> AdaApi {
        AdaApi {
            parse: ada_parse,
            is_valid: ada_is_valid,
            get_href: ada_get_href,
            free: ada_free,
            can_parse: ada_can_parse,
        }
    }
}

type PatternNew = unsafe extern "C" fn(
    *const c_char,
    usize,
    *const c_char,
    usize,
    bool,
    *const c_void,
    *mut *mut c_void,
) -> Handle;
type PatternExec =
    unsafe extern "C" fn(Handle, *const c_char, usize, *const c_char, usize) -> Handle;

/// libweburl, loaded: its `ada_*` functions and the URLPattern calls.
struct Weburl {
    /// Kept loaded while the pointers below are used.
    _lib: libloading::Library,
    ada: AdaApi,
    pattern_new: PatternNew,
    pattern_free: unsafe extern "C" fn(Handle),
    pattern_exec: PatternExec,
    result_free: unsafe extern "C" fn(Handle),
}

fn symbol<T: Copy>(lib: &libloading::Library, name: &str) -> Result<T, String> {
    // SAFETY: each call names a function of ada_c.h or weburl.h with `T` its C signature
    // (the declarations above mirror the headers); the pointer is used only while `lib`
    // stays loaded (`Weburl` keeps it).
    unsafe { lib.get::<T>(name.as_bytes()) }
        .map(|s| *s)
        .map_err(|e| format!("libweburl has no {name}: {e}"))
}

impl Weburl {
    fn load(path: &Path) -> Result<Weburl, String> {
        // SAFETY: loading libweburl runs no initializer beyond the Rust runtime's own (a
        // cdylib has no constructors of its own).
        let lib = unsafe { libloading::Library::new(path) }.map_err(|e| {
            format!(
                "{}: {e} (build it with `cargo build --release -p weburl-c`, or pass --lib)",
                path.display()
            )
        })?;
        let ada = AdaApi {
            parse: symbol(&lib, "ada_parse")?,
            is_valid: symbol(&lib, "ada_is_valid")?,
            get_href: symbol(&lib, "ada_get_href")?,
            free: symbol(&lib, "ada_free")?,
            can_parse: symbol(&lib, "ada_can_parse")?,
        };
        Ok(Weburl {
            ada,
            pattern_new: symbol(&lib, "weburl_pattern_new")?,
            pattern_free: symbol(&lib, "weburl_pattern_free")?,
            pattern_exec: symbol(&lib, "weburl_pattern_exec")?,
            result_free: symbol(&lib, "weburl_pattern_result_free")?,
            _lib: lib,
        })
    }
}

/// `parse_href` through one C API: the number of lines that parsed.
#[inline(never)]
fn c_parse_href(api: AdaApi, lines: &[&str]) -> usize {
    let mut ok = 0;
    for line in lines {
        // SAFETY: `line` is `length` readable bytes; the handle `parse` returns is freed once,
        // after its href (valid until then) was read.
        unsafe {
            let url = (api.parse)(line.as_ptr().cast(), line.len());
            if (api.is_valid)(url) {
                let href = (api.get_href)(url);
                black_box((href.data, href.length));
                ok += 1;
            }
            (api.free)(url);
        }
    }
    ok
}

#[inline(never)]
fn c_can_parse(api: AdaApi, lines: &[&str]) -> usize {
    let mut ok = 0;
    for line in lines {
        // SAFETY: `line` is `length` readable bytes.
        if black_box(unsafe { (api.can_parse)(line.as_ptr().cast(), line.len()) }) {
            ok += 1;
        }
    }
    ok
}

#[inline(never)]
fn rust_parse_href(lines: &[&str]) -> usize {
    let mut ok = 0;
    for line in lines {
        if let Ok(url) = Url::parse(line) {
            let href = url.href();
            black_box((href.as_ptr(), href.len()));
            ok += 1;
        }
    }
    ok
}

#[inline(never)]
fn rust_can_parse(lines: &[&str]) -> usize {
    lines
        .iter()
        .filter(|line| black_box(Url::can_parse(line, None)))
        .count()
}

/// One contender: passes per measurement (0 until the warm-up) and ns per input per round.
struct Row {
    passes: usize,
    times: Vec<f64>,
}

impl Row {
    fn new() -> Row {
        Row {
            passes: 0,
            times: Vec::new(),
        }
    }

    #[inline(never)]
    fn time(&mut self, inputs: usize, mut f: impl FnMut() -> usize) -> usize {
        let passes = self.passes.max(1);
        let start = Instant::now();
        let mut ok = 0;
        for _ in 0..passes {
            ok = f();
        }
        let ns = start.elapsed().as_nanos() as f64;
        if self.passes == 0 {
            self.passes = ((TARGET_NS / ns.max(1.0)) as usize).clamp(1, 100_000);
        } else {
            self.times.push(ns / (passes * inputs.max(1)) as f64);
        }
        ok
    }
}

fn median(v: &[f64]) -> f64 {
    stats::median(v).unwrap_or(f64::NAN)
}

fn ratio(a: &Row, b: &Row) -> f64 {
    let r: Vec<f64> = a.times.iter().zip(&b.times).map(|(x, y)| x / y).collect();
    median(&r)
}

/// Runs `contenders` in `rounds + 1` rounds (the first a warm-up that calibrates), the
/// order rotated each round; each returns how many inputs succeeded. The first and the last
/// contender (libweburl and weburl's Rust API) must agree on that count; the peers between
/// them may not (ada and the URL Standard disagree on some inputs). Returns the rows and the
/// counts.
fn interleave(
    rounds: usize,
    inputs: usize,
    contenders: &mut [&mut dyn FnMut() -> usize],
) -> Result<(Vec<Row>, Vec<usize>), String> {
    let n = contenders.len();
    let mut rows: Vec<Row> = (0..n).map(|_| Row::new()).collect();
    let mut oks = vec![0; n];
    for round in 0..=rounds {
        for k in 0..n {
            let i = (k + round) % n;
            oks[i] = rows[i].time(inputs, &mut *contenders[i]);
        }
        if oks[0] != oks[n - 1] {
            return Err(format!(
                "the C library ({}) and weburl's Rust API ({}) disagree on how many inputs succeed",
                oks[0],
                oks[n - 1]
            ));
        }
    }
    Ok((rows, oks))
}

fn fmt(v: f64, decimals: usize) -> String {
    format!("{v:.decimals$}")
}

pub fn main(opts: &COptions) -> Result<(), String> {
    let lib_path = match &opts.lib {
        Some(p) => p.clone(),
        None => std::env::current_exe()
            .map_err(|e| format!("cannot find this binary: {e}"))?
            .with_file_name("libweburl.so"),
    };
    let weburl = Weburl::load(&lib_path)?;
    let ada = AdaApi::ada();
    let datasets: Vec<Dataset> = data::load_all(&opts.data_dir)?;
    let (cpu, cores) = crate::run::machine();
    println!(
        "weburl-bench c: {} through its ada_* functions against ada's C API, {} rounds; {cpu}, {cores} cores",
        lib_path.display(),
        opts.rounds
    );

    for (bench, c_fn, rust_fn) in [
        (
            "parse_href",
            c_parse_href as fn(AdaApi, &[&str]) -> usize,
            rust_parse_href as fn(&[&str]) -> usize,
        ),
        ("can_parse", c_can_parse, rust_can_parse),
    ] {
        if opts
            .only
            .as_deref()
            .is_some_and(|only| !bench.contains(only))
        {
            continue;
        }
        let mut rows_out = Vec::new();
        for d in &datasets {
            let lines = &d.lines[..];
            let mut ours = || c_fn(weburl.ada, lines);
            let mut theirs = || c_fn(ada, lines);
            let mut rust = || rust_fn(lines);
            let (rows, oks) = interleave(
                opts.rounds,
                lines.len(),
                &mut [&mut ours, &mut theirs, &mut rust],
            )
            .map_err(|e| format!("{bench}/{}: {e}", d.name))?;
            let (c, a, r) = (&rows[0], &rows[1], &rows[2]);
            rows_out.push(vec![
                d.name.clone(),
                fmt(median(&c.times), 1),
                fmt(median(&a.times), 1),
                fmt(median(&r.times), 1),
                fmt(ratio(c, a), 3),
                fmt(ratio(c, r), 3),
                format!("{} / {}", oks[0], oks[1]),
            ]);
        }
        println!("\n{bench}");
        print!(
            "{}",
            report::table(
                &[
                    "dataset",
                    "libweburl ns",
                    "ada C ns",
                    "weburl Rust ns",
                    "libweburl / ada",
                    "libweburl / Rust",
                    "ok: weburl / ada"
                ],
                &rows_out,
                1,
            )
        );
    }

    if opts
        .only
        .as_deref()
        .is_some_and(|only| !"pattern_exec".contains(only))
    {
        return Ok(());
    }
    pattern_exec(&weburl, opts.rounds)
}

/// `weburl_pattern_exec` through C against `UrlPattern::exec`, on the GitHub routes.
fn pattern_exec(weburl: &Weburl, rounds: usize) -> Result<(), String> {
    let cases = crate::pattern::exec_cases()?;
    let mut rust_patterns = Vec::new();
    let mut c_patterns = Vec::new();
    for (pattern, _) in &cases {
        rust_patterns.push(
            UrlPattern::parse(pattern, None, UrlPatternOptions::default())
                .map_err(|e| format!("{pattern}: {e}"))?,
        );
        // SAFETY: `pattern` is `length` readable bytes; no base, no limits, no error out.
        let p = unsafe {
            (weburl.pattern_new)(
                pattern.as_ptr().cast(),
                pattern.len(),
                std::ptr::null(),
                0,
                false,
                std::ptr::null(),
                std::ptr::null_mut(),
            )
        };
        if p.is_null() {
            return Err(format!("weburl_pattern_new refused {pattern}"));
        }
        c_patterns.push(p);
    }
    let urls: Vec<&str> = cases.iter().map(|(_, url)| url.as_str()).collect();
    let mut c = || {
        let mut ok = 0;
        for (p, url) in c_patterns.iter().zip(&urls) {
            // SAFETY: `p` is a live pattern; `url` is `length` readable bytes; the result is
            // freed once.
            unsafe {
                let r =
                    (weburl.pattern_exec)(*p, url.as_ptr().cast(), url.len(), std::ptr::null(), 0);
                if !r.is_null() {
                    ok += 1;
                }
                (weburl.result_free)(black_box(r));
            }
        }
        ok
    };
    let mut rust = || {
        let mut ok = 0;
        for (p, url) in rust_patterns.iter().zip(&urls) {
            if black_box(p.exec(url, None)).is_some() {
                ok += 1;
            }
        }
        ok
    };
    let (rows, _) = interleave(rounds, urls.len(), &mut [&mut c, &mut rust])?;
    for p in c_patterns {
        // SAFETY: each pattern was made by weburl_pattern_new and is freed once.
        unsafe { (weburl.pattern_free)(p) };
    }
    println!(
        "\npattern_exec ({} GitHub routes, each on a URL it matches)",
        urls.len()
    );
    print!(
        "{}",
        report::table(
            &["call", "ns per exec", "C / Rust"],
            &[
                vec![
                    "weburl_pattern_exec (C)".into(),
                    fmt(median(&rows[0].times), 1),
                    fmt(ratio(&rows[0], &rows[1]), 3)
                ],
                vec![
                    "UrlPattern::exec (Rust)".into(),
                    fmt(median(&rows[1].times), 1),
                    "1.000".into()
                ],
            ],
            1,
        )
    );
    Ok(())
}
