//! Hostile inputs: megabyte-sized URLs built to hit quadratic behaviour, deep recursion or
//! panics in the parser (long runs of `..` segments, `%` signs, dots, colons, `@` signs, ...).
//!
//! Every input is parsed without a base and against each of [`BASES`]. The only requirements:
//! the parser returns (`Ok` or `Err`, no panic), and a successful result re-parses from its
//! `href` to the same `href`. There are no timing assertions here: each case's time is measured
//! and the slowest cases are printed (`--nocapture`); the bound on work per input byte is
//! `scripts/linearity.sh`'s, counted in instructions.
//!
//! Inputs are at least 1 MiB, except where a family names a specific count (10,000 dots, labels
//! or colons); those families also have a 1 MiB variant. The 1 MiB inputs are weburl-testkit's
//! `hostile` families, which `scripts/linearity.sh` also runs at a few KiB to count the
//! instructions each takes and fail on superlinear growth (docs/RELIABILITY.md, "Linearity, counted").

mod common;

use std::time::{Duration, Instant};

use common::{CaseCheck, Report, abbreviate, catch};
use weburl::Url;

const MIB: usize = 1 << 20;

/// The bases every input is also parsed against (`weburl-testkit`).
use weburl_testkit::hostile::URL_BASES as BASES;

use weburl_testkit::hostile::{self, Family};

/// A family's cases at 1 MiB, then `extra` (inputs of a specific count).
fn at_mib(family: Family, extra: Vec<(&'static str, String)>) -> Vec<(&'static str, String)> {
    let mut inputs: Vec<(&str, String)> = (family.cases.iter())
        .map(|c| (c.name, (c.build)(MIB)))
        .collect();
    inputs.extend(extra);
    inputs
}

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
    let f = hostile::DOT_DOT_SEGMENTS;
    run_family(f.name, at_mib(f, vec![]));
}

#[test]
fn percent_signs() {
    let f = hostile::PERCENT_SIGN_RUNS;
    run_family(f.name, at_mib(f, vec![]));
}

#[test]
fn host_of_dots() {
    let f = hostile::HOST_OF_DOTS;
    let extra = vec![("10k dots", format!("http://{}/", ".".repeat(10_000)))];
    run_family(f.name, at_mib(f, extra));
}

#[test]
fn host_of_many_labels() {
    let f = hostile::HOST_OF_LABELS;
    let extra = vec![("10k labels", format!("http://{}com/", "a.".repeat(10_000)))];
    run_family(f.name, at_mib(f, extra));
}

#[test]
fn ipv6_colons() {
    let f = hostile::IPV6_COLONS;
    let extra = vec![("10k colons", format!("http://[{}]", ":".repeat(10_000)))];
    run_family(f.name, at_mib(f, extra));
}

#[test]
fn dot_slash_chains() {
    let f = hostile::DOT_SLASH_CHAINS;
    run_family(f.name, at_mib(f, vec![]));
}

#[test]
fn u_ffff_code_points() {
    let f = hostile::U_FFFF_CODE_POINTS;
    run_family(f.name, at_mib(f, vec![]));
}

#[test]
fn long_userinfo() {
    let f = hostile::LONG_USERINFO;
    run_family(f.name, at_mib(f, vec![]));
}

#[test]
fn percent_encoded_dot_dot() {
    let f = hostile::PERCENT_ENCODED_DOT_DOT;
    run_family(f.name, at_mib(f, vec![]));
}

#[test]
fn long_scheme_like() {
    let f = hostile::LONG_SCHEME_LIKE;
    run_family(f.name, at_mib(f, vec![]));
}

#[test]
fn file_drive_letters() {
    let f = hostile::FILE_DRIVE_LETTERS;
    run_family(f.name, at_mib(f, vec![]));
}

#[test]
fn non_special_opaque_path() {
    let f = hostile::OPAQUE_PATHS;
    run_family(f.name, at_mib(f, vec![]));
}

/// Every URL family of weburl-testkit has a test above (the linearity check runs them all).
#[test]
fn every_family_is_tested() {
    let tested = [
        hostile::DOT_DOT_SEGMENTS,
        hostile::PERCENT_SIGN_RUNS,
        hostile::HOST_OF_DOTS,
        hostile::HOST_OF_LABELS,
        hostile::IPV6_COLONS,
        hostile::DOT_SLASH_CHAINS,
        hostile::U_FFFF_CODE_POINTS,
        hostile::LONG_USERINFO,
        hostile::PERCENT_ENCODED_DOT_DOT,
        hostile::LONG_SCHEME_LIKE,
        hostile::FILE_DRIVE_LETTERS,
        hostile::OPAQUE_PATHS,
    ];
    let names = |fs: &[Family]| fs.iter().map(|f| f.name).collect::<Vec<_>>();
    assert_eq!(names(&tested), names(&hostile::URL_FAMILIES));
}
