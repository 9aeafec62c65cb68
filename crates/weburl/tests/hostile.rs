//! Hostile inputs: megabyte-sized URLs built to hit quadratic behaviour, deep recursion or
//! panics in the parser (long runs of `..` segments, `%` signs, dots, colons, `@` signs, ...).
//!
//! Every input is parsed without a base and against each of [`BASES`]. The only requirements:
//! the parser returns (`Ok` or `Err`, no panic), and a successful result re-parses from its
//! `href` to the same `href`. There are no timing assertions, but each case's time is measured
//! and the slowest cases are printed (`--nocapture`); every test should finish within a few
//! seconds even in a debug build. One that takes far longer points at quadratic behaviour.
//!
//! Inputs are at least 1 MiB, except where a family names a specific count (10,000 dots, labels
//! or colons); those families also have a 1 MiB variant.

mod common;

use std::time::{Duration, Instant};

use common::{CaseCheck, Report, abbreviate, catch};
use weburl::Url;

const MIB: usize = 1 << 20;

/// The bases every input is also parsed against: a special URL with a path, query and fragment,
/// a file URL with a Windows drive letter, and a non-special URL with a host.
const BASES: [&str; 3] = [
    "http://example.org/a/b?q#f",
    "file:///C:/dir/file",
    "sc://h/p/q",
];

/// `unit` repeated until the result is at least `min_len` bytes long (`weburl-testkit`).
use weburl_testkit::hostile::repeat_to as rep;

/// Runs every input of a family without a base and against each base, then prints the report
/// (with the slowest cases) and asserts that nothing failed.
fn run_family(family: &str, inputs: Vec<(&str, String)>) {
    let bases: Vec<(Option<&str>, Option<Url>)> = std::iter::once((None, None))
        .chain(
            BASES
                .iter()
                .map(|b| (Some(*b), Some(Url::parse(b).expect("a valid base")))),
        )
        .collect();
    let mut report = Report::new(&format!("hostile: {family}"));
    let mut timings: Vec<(Duration, String)> = Vec::new();
    for (name, input) in &inputs {
        for (base_str, base) in &bases {
            let mut c = CaseCheck::new();
            let start = Instant::now();
            let outcome = catch(|| {
                let result = match base {
                    None => Url::parse(input),
                    Some(base) => Url::parse_with_base(input, base),
                };
                if let Ok(url) = &result {
                    match Url::parse(url.href()) {
                        Ok(again) => c.check(again.href() == url.href(), || {
                            format!(
                                "re-parsing href {} gives a different href {}",
                                abbreviate(url.href()),
                                abbreviate(again.href())
                            )
                        }),
                        Err(e) => c.fail(format!(
                            "re-parsing href {} fails: {e:?}",
                            abbreviate(url.href())
                        )),
                    }
                }
                result.map(|url| url.href().len())
            });
            let elapsed = start.elapsed();
            let label = format!(
                "{name} ({} bytes), base {:?}",
                input.len(),
                base_str.unwrap_or("none")
            );
            let outcome_text = match &outcome {
                Ok(Ok(len)) => format!("Ok, href of {len} bytes"),
                Ok(Err(e)) => format!("Err({e:?})"),
                Err(panic) => panic.clone(),
            };
            if let Err(panic) = outcome {
                c.fail(panic);
            }
            timings.push((elapsed, format!("{label}: {outcome_text}")));
            report.record(|| format!("{label}, input {}", abbreviate(input)), c);
        }
    }
    timings.sort_by_key(|t| std::cmp::Reverse(t.0));
    let total: Duration = timings.iter().map(|t| t.0).sum();
    report.note(format!("total parse time {total:.2?}; slowest cases:"));
    for (elapsed, label) in timings.iter().take(3) {
        report.note(format!("    {elapsed:.2?}  {label}"));
    }
    report.finish();
}

#[test]
fn dot_dot_segments() {
    let n = MIB;
    run_family(
        "\"/..\" repeated",
        vec![
            (
                "http://h/ + \"/..\"*",
                format!("http://h/{}", rep("/..", n)),
            ),
            ("relative \"/..\"*", rep("/..", n)),
            (
                "http://h/ + \"a/../\"*",
                format!("http://h/{}", rep("a/../", n)),
            ),
            (
                "http://h/ + \"a/\"* + \"../\"*",
                format!("http://h/{}{}", rep("a/", n / 2), rep("../", n / 2)),
            ),
            ("relative \"../\"*", rep("../", n)),
            ("sc://h/ + \"/..\"*", format!("sc://h/{}", rep("/..", n))),
        ],
    );
}

#[test]
fn percent_signs() {
    // At least 1 MiB of "%" (the brief's minimum was 100k).
    let p = "%".repeat(MIB);
    run_family(
        "\"%\" signs",
        vec![
            ("path", format!("http://h/{p}")),
            ("query", format!("http://h/?{p}")),
            ("fragment", format!("http://h/#{p}")),
            ("host", format!("http://{p}/")),
            ("non-special host", format!("sc://{p}/")),
            ("relative path", p.clone()),
        ],
    );
}

#[test]
fn host_of_dots() {
    run_family(
        "host of dots",
        vec![
            ("10k dots", format!("http://{}/", ".".repeat(10_000))),
            ("1 MiB of dots", format!("http://{}/", ".".repeat(MIB))),
            (
                "scheme-relative 1 MiB of dots",
                format!("//{}/", ".".repeat(MIB)),
            ),
            (
                "non-special 1 MiB of dots",
                format!("sc://{}/", ".".repeat(MIB)),
            ),
        ],
    );
}

#[test]
fn host_of_many_labels() {
    run_family(
        "host of many labels",
        vec![
            ("10k labels", format!("http://{}com/", "a.".repeat(10_000))),
            ("1 MiB of labels", format!("http://{}com/", rep("a.", MIB))),
            (
                "1 MiB of xn-- labels",
                format!("http://{}com/", rep("xn--a.", MIB)),
            ),
            (
                "1 MiB of numeric labels",
                format!("http://{}1/", rep("1.", MIB)),
            ),
        ],
    );
}

#[test]
fn ipv6_colons() {
    run_family(
        "IPv6 address of colons",
        vec![
            ("10k colons", format!("http://[{}]", ":".repeat(10_000))),
            ("1 MiB of colons", format!("http://[{}]", ":".repeat(MIB))),
            ("1 MiB of \"1:\"", format!("http://[{}]", rep("1:", MIB))),
            ("1 MiB of digits", format!("http://[{}]", "1".repeat(MIB))),
            (
                "non-special 1 MiB of colons",
                format!("sc://[{}]/", ":".repeat(MIB)),
            ),
        ],
    );
}

#[test]
fn dot_slash_chains() {
    run_family(
        "\"./\" chains",
        vec![
            (
                "http://h/ + \"./\"*",
                format!("http://h/{}", rep("./", MIB)),
            ),
            ("relative \"./\"*", rep("./", MIB)),
            (
                "http://h/ + \"%2e/\"*",
                format!("http://h/{}", rep("%2e/", MIB)),
            ),
            ("sc://h/ + \"./\"*", format!("sc://h/{}", rep("./", MIB))),
        ],
    );
}

#[test]
fn u_ffff_code_points() {
    let s = rep("\u{FFFF}", MIB);
    run_family(
        "U+FFFF",
        vec![
            ("path", format!("http://h/{s}")),
            ("query", format!("http://h/?{s}")),
            ("host", format!("http://{s}/")),
            ("relative path", s.clone()),
            ("opaque path", format!("sc:{s}")),
        ],
    );
}

#[test]
fn long_userinfo() {
    run_family(
        "long userinfo",
        vec![
            ("\"@\"*", format!("http://{}h/", "@".repeat(MIB))),
            ("\"a@\"*", format!("http://{}h/", rep("a@", MIB))),
            ("\":@\"*", format!("http://{}h/", rep(":@", MIB))),
            (
                "\"@\"* without host",
                format!("http://{}/", "@".repeat(MIB)),
            ),
            ("non-special \"@\"*", format!("sc://{}h/", "@".repeat(MIB))),
            ("scheme-relative \"@\"*", format!("//{}h/", "@".repeat(MIB))),
        ],
    );
}

#[test]
fn percent_encoded_dot_dot() {
    run_family(
        "\"%2e%2e/\" repeated",
        vec![
            (
                "http://h/ + \"%2e%2e/\"*",
                format!("http://h/{}", rep("%2e%2e/", MIB)),
            ),
            ("relative \"%2E%2e/\"*", rep("%2E%2e/", MIB)),
            (
                "http://h/ + \"a/%2e%2e/\"*",
                format!("http://h/{}", rep("a/%2e%2e/", MIB)),
            ),
            (
                "file:/// + \"%2e%2e/\"*",
                format!("file:///{}", rep("%2e%2e/", MIB)),
            ),
        ],
    );
}

#[test]
fn long_scheme_like() {
    let letters = "a".repeat(MIB);
    run_family(
        "1 MiB scheme-like string",
        vec![
            ("letters + \":\"", format!("{letters}:")),
            ("letters without \":\"", letters.clone()),
            ("letters + \"://h/\"", format!("{letters}://h/")),
            ("letters+-. + \":\"", format!("{}:", rep("a+-.", MIB))),
        ],
    );
}

#[test]
fn file_drive_letters() {
    run_family(
        "file URLs with many \"C|/\"",
        vec![
            (
                "file:/// + \"C|/\"*",
                format!("file:///{}", rep("C|/", MIB)),
            ),
            ("file: + \"C|/\"*", format!("file:{}", rep("C|/", MIB))),
            ("file:// + \"C|/\"*", format!("file://{}", rep("C|/", MIB))),
            ("relative \"C|/\"*", rep("C|/", MIB)),
            (
                "file:/// + \"C:/..\"*",
                format!("file:///{}", rep("C:/../", MIB)),
            ),
        ],
    );
}

#[test]
fn non_special_opaque_path() {
    run_family(
        "non-special opaque path",
        vec![
            ("sc: + 1 MiB", format!("sc:{}", "a".repeat(MIB))),
            ("sc: + spaces + x", format!("sc:{}x", " ".repeat(MIB))),
            ("sc:x + spaces + ?q", format!("sc:x{}?q", " ".repeat(MIB))),
            ("sc:x + spaces + #f", format!("sc:x{}#f", " ".repeat(MIB))),
            ("sc:x + \" ?\"*", format!("sc:x{}", rep(" ?", MIB))),
            ("sc: + \"%\"*", format!("sc:{}", "%".repeat(MIB))),
        ],
    );
}
