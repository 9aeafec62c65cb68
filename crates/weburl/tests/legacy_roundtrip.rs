//! Property: each engine's output, resolved again, is unchanged.
//!
//! For every engine of `weburl::legacy::Engine` and every input that it resolves successfully,
//! the output resolved again, once without a base and once against itself (with the same
//! encoding), must be the output. The inputs are the `resolve` cases of every seed file
//! (`tests/data/seeds/`, each run through all five engines, against its own base) and
//! variations made from them: each input with one of a fixed list of suffixes that exercise
//! escaping, dot segments, brackets, backslashes, `%`, `;`, `?` and `#`.
#![cfg(feature = "legacy")]

mod common;

use common::{CaseCheck, Report, catch};
use encoding_rs::Encoding;
use serde_json::Value;
use weburl::legacy::Engine;

const FILES: [&str; 4] = [
    "fielding-1995.json",
    "rfc3986-5.4.json",
    "html5-2011.json",
    "connolly-2009.json",
];

/// Appended to each seed input to make the generated variations.
const SUFFIXES: [&str; 18] = [
    "x y",
    "%zz",
    "%41",
    "é",
    "😀",
    "?q r",
    "#f g",
    "\\z",
    "/./a",
    "/../a",
    "/../../../../a",
    "[1]",
    "|`^{}",
    ";p=1",
    "?a#b#c",
    "?é#é",
    "/%2e%2e/b",
    "#",
];

/// (input, base, encoding label) of every `resolve` case.
fn seed_inputs() -> Vec<(String, Option<String>, Option<String>)> {
    let mut out = Vec::new();
    for file in FILES {
        let path = format!("{}/tests/data/seeds/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("seed file");
        let data: Value = serde_json::from_str(&text).expect("JSON");
        for case in data["cases"].as_array().expect("cases") {
            if case["op"] != "resolve" {
                continue;
            }
            let get = |k: &str| case.get(k).and_then(Value::as_str).map(str::to_owned);
            out.push((get("input").expect("input"), get("base"), get("encoding")));
        }
    }
    out
}

fn check_engine(
    report: &mut Report,
    engine: Engine,
    inputs: &[(String, Option<String>, Option<String>)],
) {
    for (input, base, label) in inputs {
        let encoding: Option<&'static Encoding> = label
            .as_deref()
            .and_then(|l| Encoding::for_label(l.as_bytes()));
        let label = || format!("{}: {input:?} against {base:?}", engine.name());
        let mut c = CaseCheck::new();
        let first = match catch(|| engine.resolve(input, base.as_deref(), encoding)) {
            Ok(Ok(first)) => first,
            Ok(Err(_)) => continue,
            Err(panic) => {
                c.fail(panic);
                report.record(label, c);
                continue;
            }
        };
        let out = first.href();
        // RFC 1808 without a base returns the input as it is, possibly relative; such an
        // output is not an absolute URL that could serve as a base, so only `None` applies.
        let absolute = weburl::legacy::rfc1808::parse(out).scheme.is_some();
        let bases: &[Option<&str>] = if absolute {
            &[None, Some(out)]
        } else {
            &[None]
        };
        for &again_base in bases {
            let again = catch(|| {
                engine
                    .resolve(out, again_base, encoding)
                    .map(|r| r.into_href())
            });
            c.check(
                again.as_ref().is_ok_and(|r| r.as_deref() == Ok(out)),
                || format!("output {out:?} resolved again (base {again_base:?}) gives {again:?}"),
            );
        }
        report.record(label, c);
    }
}

#[test]
fn resolving_an_output_again_changes_nothing() {
    let seeds = seed_inputs();
    let mut inputs = seeds.clone();
    for (input, base, label) in &seeds {
        for suffix in SUFFIXES {
            inputs.push((format!("{input}{suffix}"), base.clone(), label.clone()));
        }
    }
    let mut report = Report::new("legacy engines: resolve(resolve(x)) == resolve(x)");
    for engine in Engine::ALL {
        check_engine(&mut report, engine, &inputs);
    }
    report.note(format!(
        "{} inputs ({} from the seeds) x {} engines; failures to resolve are skipped",
        inputs.len(),
        seeds.len(),
        Engine::ALL.len()
    ));
    report.finish();
}
