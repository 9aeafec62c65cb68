//! Differential test of ada's URLPattern (`ada::url_pattern` with the `std::regex` provider ada
//! ships, compiled beside the `ada-url` crate by build.rs; src/ada_pattern.rs) against the
//! web-platform-tests URLPattern data, read as WPT's harness reads it
//! (`weburl_testkit::urlpattern`).
//!
//! Where ada's answer departs from WPT, the case is listed below under the rule of the URL
//! Pattern Standard (or of ECMAScript) that the answer breaks, and the test checks both ways:
//! every other case agrees with WPT, and every listed case still disagrees (a listed case that
//! starts agreeing fails the test, so the list stays true). weburl's own agreement with every
//! case is checked in urlpattern_deno.rs.

#[path = "../src/ada_pattern.rs"]
mod ada_pattern;
mod support;

use ada_pattern::{AdaInput, AdaMatch, AdaPattern, INIT_MEMBERS};
use serde_json::{Map, Value, json};
use support::{Outcome, arguments, check_known_failures, constructor_threw};
use weburl_testkit::urlpattern::{COMPONENTS, Case, cases, has_regexp_groups_cases};

/// The WPT cases (by index in `urlpatterntestdata.json`) where ada departs from the standard,
/// grouped by the rule it breaks: `data/ada-urlpattern-wrong.txt`, one rule a line, `[I, J,
/// ...] rule` (`#` starts a comment line).
fn ada_wrong() -> Vec<(String, Vec<usize>)> {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/data/ada-urlpattern-wrong.txt");
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    (text.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (indices, rule) = (line.strip_prefix('['))
                .and_then(|l| l.split_once(']'))
                .unwrap_or_else(|| panic!("{file}: not `[I, J, ...] rule`: {line}"));
            let indices = (indices.split(','))
                .map(|i| {
                    i.trim()
                        .parse()
                        .unwrap_or_else(|e| panic!("{file}: {i}: {e}"))
                })
                .collect();
            (rule.trim().to_owned(), indices)
        })
        .collect()
}

/// A URLPatternInit object as ada's input; `None` when a member is not a string (the crate's
/// conversion would throw).
fn init_of(value: &Value) -> Option<AdaInput<'_>> {
    let object = value.as_object()?;
    let mut members = [None; 9];
    for (slot, name) in members.iter_mut().zip(INIT_MEMBERS) {
        *slot = match object.get(name) {
            None => None,
            Some(Value::String(s)) => Some(s.as_str()),
            Some(_) => return None,
        };
    }
    Some(AdaInput::Init(members))
}

/// An input argument (string or init) as ada's input.
fn input_of(value: Option<&Value>) -> Option<AdaInput<'_>> {
    match value {
        None => Some(AdaInput::Init([None; 9])),
        Some(Value::String(s)) => Some(AdaInput::String(s)),
        Some(other) => init_of(other),
    }
}

/// The constructor of one case through ada.
fn construct(case: &Case) -> Option<AdaPattern> {
    let args = arguments(case)?;
    let input = input_of(args.input)?;
    AdaPattern::new(&input, args.base.as_deref(), args.ignore_case)
}

/// One case through ada, in the batch contract's shapes; `test` must agree with `exec`.
fn ada(case: &Case) -> Outcome {
    let Some(mut pattern) = construct(case) else {
        return constructor_threw();
    };
    let components: Map<String, Value> = (COMPONENTS.iter().enumerate())
        .map(|(i, c)| ((*c).to_owned(), json!(pattern.component(i))))
        .collect();
    let matched = case.inputs.as_ref().map(|inputs| {
        let Some(input) = input_of(inputs.first()) else {
            return json!("error");
        };
        let base = inputs.get(1).and_then(Value::as_str);
        let exec = pattern.exec(&input, base);
        let test = pattern.test(&input, base);
        assert_eq!(
            test,
            exec.as_ref().map(Option::is_some).map_err(|e| *e),
            "{}: ada's test and exec disagree",
            case.describe()
        );
        match exec {
            Err(_) => json!("error"),
            Ok(None) => Value::Null,
            Ok(Some(result)) => result_json(&result),
        }
    });
    Outcome {
        components: Some(Value::Object(components)),
        matched,
    }
}

fn result_json(r: &AdaMatch) -> Value {
    let components: Map<String, Value> = (COMPONENTS.iter().enumerate())
        .map(|(i, c)| {
            let groups: Map<String, Value> = (r.groups(i).into_iter())
                .map(|(k, v)| (k.into_owned(), v.map_or(Value::Null, |v| json!(v))))
                .collect();
            (
                (*c).to_owned(),
                json!({"input": r.input(i), "groups": groups}),
            )
        })
        .collect();
    Value::Object(components)
}

#[test]
fn ada_url_pattern_against_wpt() {
    let known = ada_wrong();
    let known: Vec<(&str, &[usize])> = (known.iter())
        .map(|(rule, indices)| (rule.as_str(), indices.as_slice()))
        .collect();
    check_known_failures("ada's url_pattern", &cases(), &known, ada);
}

/// `hasRegExpGroups` on `urlpattern-hasregexpgroups.json`.
#[test]
fn ada_has_regexp_groups_against_wpt() {
    let cases = has_regexp_groups_cases();
    let mut wrong = Vec::new();
    for (args, want) in &cases {
        let input = input_of(args.first()).expect("an input ada reads");
        let pattern = AdaPattern::new(&input, None, false).expect("the constructor succeeds");
        if pattern.has_regexp_groups() != *want {
            wrong.push(format!("{}: want {want}", Value::Array(args.clone())));
        }
    }
    println!("ada's hasRegExpGroups: {} cases", cases.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
