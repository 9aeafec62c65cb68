//! The web-platform-tests data of two tentative URLPattern additions that Chromium ships:
//! `urlpattern-compare-test-data.json` (`URLPattern.compareComponent`) and
//! `urlpattern-generate-test-data.json` (`URLPattern.prototype.generate`), every case, no
//! skip list, each suite asserting that it ran exactly as many cases as its file holds.
//! (Needs the `pattern` and `serde` features: Cargo.toml's `[[test]]`.)

mod common;

use std::cmp::Ordering;

use serde::Deserialize;
use serde_json::Value;
use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternInput, UrlPatternOptions};

use common::{load_wpt_json, object_cases};

/// A constructor argument in the data's JSON form (a string or an init object).
fn pattern_of(v: &Value) -> UrlPattern {
    let input = UrlPatternInput::deserialize(v).unwrap_or_else(|e| panic!("input {v}: {e}"));
    UrlPattern::new(&input, None, UrlPatternOptions::default())
        .unwrap_or_else(|e| panic!("pattern {v}: {e}"))
}

/// The data's component name (`None` for a name that is no component).
fn component_of(name: &str) -> Option<UrlPatternComponent> {
    UrlPatternComponent::from_name(name)
}

fn ordering_of(n: i64) -> Ordering {
    match n {
        -1 => Ordering::Less,
        0 => Ordering::Equal,
        1 => Ordering::Greater,
        other => panic!("unexpected expectation {other}"),
    }
}

#[test]
fn wpt_urlpattern_compare() {
    let data = load_wpt_json("urlpattern-compare-test-data.json");
    let cases = object_cases(&data);
    let (mut ran, mut failures) = (0, Vec::new());
    for case in &cases {
        ran += 1;
        let component = component_of(case["component"].as_str().expect("a component name"))
            .expect("a component");
        let (left, right) = (pattern_of(&case["left"]), pattern_of(&case["right"]));
        let expected = ordering_of(case["expected"].as_i64().expect("-1, 0 or 1"));
        // WPT's four assertions per entry.
        let checks = [
            (
                "left, right",
                UrlPattern::compare_component(component, &left, &right),
                expected,
            ),
            (
                "right, left",
                UrlPattern::compare_component(component, &right, &left),
                expected.reverse(),
            ),
            (
                "left, left",
                UrlPattern::compare_component(component, &left, &left),
                Ordering::Equal,
            ),
            (
                "right, right",
                UrlPattern::compare_component(component, &right, &right),
                Ordering::Equal,
            ),
        ];
        for (what, got, want) in checks {
            if got != want {
                failures.push(format!(
                    "{}: compare({what}) = {got:?}, expected {want:?}",
                    Value::Object((*case).clone())
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(ran, 25, "the file holds 25 cases");
    assert_eq!(ran, cases.len());
}

#[test]
fn wpt_urlpattern_generate() {
    let data = load_wpt_json("urlpattern-generate-test-data.json");
    let cases = object_cases(&data);
    let (mut ran, mut failures) = (0, Vec::new());
    for case in &cases {
        ran += 1;
        let pattern = pattern_of(&case["pattern"]);
        let groups: Vec<(&str, &str)> = (case["groups"].as_object().expect("a groups object"))
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str().expect("a string value")))
            .collect();
        let expected = case["expected"].as_str();
        // An unknown component name is no `UrlPatternComponent`: JavaScript's TypeError.
        let got = UrlPatternComponent::from_name(case["component"].as_str().expect("a name"))
            .map(|c| pattern.generate(c, groups.iter().copied()));
        let got_str = match &got {
            Some(Ok(s)) => Some(s.as_str()),
            _ => None,
        };
        if got_str != expected {
            failures.push(format!(
                "{}: got {got:?}, expected {expected:?}",
                Value::Object((*case).clone())
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(ran, 19, "the file holds 19 cases");
    assert_eq!(ran, cases.len());
}

/// The examples of docs/URLPATTERN.md's "Generating URLs" section.
#[test]
fn docs_generate_examples() {
    let files: UrlPattern = "app://example/files/:name".parse().unwrap();
    let c = UrlPatternComponent::Pathname;
    assert_eq!(
        files.generate(c, [("name", "../etc/passwd")]).unwrap(),
        "/files/../etc/passwd"
    );
    assert!(
        files
            .generate_strict(c, [("name", "../etc/passwd")])
            .is_err()
    );
    assert!(files.generate_strict(c, [("name", "%2E%2e")]).is_err());
    assert_eq!(
        files
            .generate_strict(c, [("name", "report 1.pdf")])
            .unwrap(),
        "/files/report 1.pdf"
    );
    let search: UrlPattern = "https://example.com/find?q=:q".parse().unwrap();
    let s = UrlPatternComponent::Search;
    assert_eq!(
        search.generate(s, [("q", "a&admin=1")]).unwrap(),
        "q=a&admin=1"
    );
    assert!(search.generate_strict(s, [("q", "a&admin=1")]).is_err());
    // A hostname value is cut at the `/` by the host parser; the strict form refuses it.
    let host: UrlPattern = "https://{:sub}.example.com/".parse().unwrap();
    let h = UrlPatternComponent::Hostname;
    assert!(host.generate_strict(h, [("sub", "evil.com/x")]).is_err());
}

/// A value refused because, once encoded, it does not match its group: the error and its
/// message quote the value as given, and say what encoding made of it when that differs
/// (the pathname's callback resolves dot segments against `/-`, as the standard's
/// canonicalization does, and turns a special scheme's `\` into `/`).
#[test]
fn value_does_not_match_quotes_the_value_as_given() {
    use weburl::pattern::UrlPatternGenerateError;
    // (pattern, component, group, value, its encoding)
    let cases = [
        (
            "https://example.com/files/:name",
            UrlPatternComponent::Pathname,
            "name",
            "../../etc/passwd",
            "tc/passwd",
        ),
        (
            "https://example.com/files/:name",
            UrlPatternComponent::Pathname,
            "name",
            "a/b",
            "a/b",
        ),
        (
            "https://example.com/files/:name",
            UrlPatternComponent::Pathname,
            "name",
            "a\\b",
            "a/b",
        ),
        (
            "https://example.com/files/:name",
            UrlPatternComponent::Pathname,
            "name",
            "",
            "",
        ),
        (
            "https://{:sub}.example.com/",
            UrlPatternComponent::Hostname,
            "sub",
            "a.b",
            "a.b",
        ),
        (
            "https://{:sub}.example.com/",
            UrlPatternComponent::Hostname,
            "sub",
            "A.B",
            "a.b",
        ),
    ];
    for (pattern, component, name, value, encoded) in cases {
        let p: UrlPattern = pattern.parse().unwrap();
        let err = p.generate(component, [(name, value)]).unwrap_err();
        assert_eq!(
            err,
            UrlPatternGenerateError::ValueDoesNotMatch {
                component,
                name: name.into(),
                value: value.into(),
                encoded: encoded.into(),
            },
            "{pattern} {name}={value:?}"
        );
        let message = err.to_string();
        assert!(
            message.starts_with(&format!(
                "{value:?} does not match the {component} group {name:?}"
            )),
            "{message}"
        );
        assert_eq!(
            message.contains(&format!("encoded, it is {encoded:?}")),
            value != encoded,
            "{message}"
        );
    }
}
