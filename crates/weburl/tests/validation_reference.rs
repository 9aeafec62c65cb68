//! The validation errors, the "valid URL string" answer and the href of every recorded input
//! against the URL Standard's reference implementation (whatwg-url 17.1.2; see
//! `tests/data/reference/README.md`). Every case must give exactly the reference's error names
//! in the same order: no skip list.

mod common;

use common::{CaseCheck, Report};
use serde_json::Value;
use weburl::{Url, is_valid_url_string};

fn load() -> Vec<Value> {
    let path = format!(
        "{}/tests/data/reference/validation-reference.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let data: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {path}: {e}"));
    data["cases"].as_array().expect("cases").clone()
}

#[test]
fn validation_errors_match_the_reference_implementation() {
    let cases = load();
    assert!(
        cases.len() > 6000,
        "the recording has {} cases",
        cases.len()
    );
    let mut report = Report::new("validation errors vs whatwg-url 17.1.2");
    let mut with_errors = 0;
    for case in &cases {
        let input = case["input"].as_str().expect("input");
        let base = case["base"].as_str();
        let expected: Vec<&str> = case["errors"]
            .as_array()
            .expect("errors")
            .iter()
            .map(|e| e.as_str().expect("error name"))
            .collect();
        let expected_valid = case["valid"].as_bool().expect("valid");
        let expected_href = case["href"].as_str();
        if !expected.is_empty() {
            with_errors += 1;
        }

        let mut c = CaseCheck::new();
        let base_url = base.map(|b| Url::parse(b).expect("recorded bases parse"));
        let mut found = Vec::new();
        let result = Url::options()
            .base(base_url.as_ref())
            .on_validation_error(&mut |e| found.push(e))
            .parse(input);
        let names: Vec<&str> = found.iter().map(|e| e.kind.spec_name()).collect();
        c.check(names == expected, || {
            format!("errors: expected {expected:?}, actual {names:?}")
        });
        c.check(found.iter().all(|e| e.offset <= input.len()), || {
            format!("an offset is past the input: {found:?}")
        });
        let href = result.as_ref().ok().map(Url::href);
        c.check(href == expected_href, || {
            format!("href: expected {expected_href:?}, actual {href:?}")
        });
        let valid = is_valid_url_string(input, base_url.as_ref());
        c.check(valid == expected_valid, || {
            format!("valid: expected {expected_valid}, actual {valid}")
        });
        // A valid URL string parses without a validation error (the spec's note).
        c.check(!valid || found.is_empty(), || {
            "valid, yet the parser reported errors".to_owned()
        });
        report.record(|| format!("input {input:?} base {base:?}"), c);
    }
    report.note(format!(
        "{with_errors} cases have at least one validation error"
    ));
    report.finish();
}
