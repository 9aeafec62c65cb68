//! `URLPattern.compareComponent()` and `generate()` from the command line: every
//! web-platform-tests case of `urlpattern-compare-test-data.json` and
//! `urlpattern-generate-test-data.json` through the batch ops `pattern_compare` and
//! `pattern_generate` (no skip list), and the contract's examples.

mod common;

use common::{batch, weburl};
use serde_json::{Value, json};
use weburl_testkit::wpt::load_json;

/// Runs the raw request lines through `weburl batch`; the raw answer lines.
fn batch_lines(lines: &[&str]) -> Vec<String> {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let run = weburl(&["batch"], input.as_bytes());
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
    run.stdout.lines().map(str::to_owned).collect()
}

#[test]
fn the_contract_examples() {
    // docs/batch-contract.md's examples of the two ops, request and answer, byte for byte.
    let examples = [
        (
            r#"{"op":"pattern_compare","component":"pathname","left":[{"pathname":"/foo/:bar"}],"right":[{"pathname":"/foo/*"}]}"#,
            r#"{"result":1}"#,
        ),
        (
            r#"{"op":"pattern_compare","component":"host","left":[{"pathname":"/a"}],"right":[{"pathname":"/b"}]}"#,
            r#"{"failure":true,"error":"unknown URLPattern component \"host\""}"#,
        ),
        (
            r#"{"op":"pattern_generate","pattern":[{"pathname":"/:foo"}],"component":"pathname","groups":{"foo":"🍅"}}"#,
            r#"{"result":"/%F0%9F%8D%85"}"#,
        ),
        (
            r#"{"op":"pattern_generate","pattern":[{"pathname":"/:foo"}],"component":"pathname","groups":{"foo":"bar/baz"}}"#,
            r#"{"failure":true,"error":"bar/baz contains the delimiter /"}"#,
        ),
    ];
    let requests: Vec<&str> = examples.iter().map(|(request, _)| *request).collect();
    let answers = batch_lines(&requests);
    for ((request, want), got) in examples.iter().zip(&answers) {
        assert_eq!(got, want, "{request}");
    }
}

#[test]
fn every_wpt_compare_case_through_batch() {
    let data = load_json("urlpattern-compare-test-data.json");
    let entries = data.as_array().expect("an array");
    // WPT's four assertions per entry: compare(l, r) == expected, compare(r, l) == -expected,
    // compare(l, l) == 0, compare(r, r) == 0.
    let mut requests = Vec::new();
    let mut wants = Vec::new();
    for entry in entries {
        let component = &entry["component"];
        let (left, right) = (json!([entry["left"]]), json!([entry["right"]]));
        let expected = entry["expected"].as_i64().expect("expected is -1, 0 or 1");
        for (l, r, want) in [
            (&left, &right, expected),
            (&right, &left, -expected),
            (&left, &left, 0),
            (&right, &right, 0),
        ] {
            requests.push(json!({"op": "pattern_compare", "component": component,
                                 "left": l, "right": r}));
            wants.push(json!({ "result": want }));
        }
    }
    let answers = batch(&requests);
    let failures: Vec<String> = (requests.iter().zip(&wants).zip(&answers))
        .filter(|((_, want), got)| want != got)
        .map(|((request, want), got)| format!("{request}\n  got {got}, want {want}"))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let cases = requests.len() / 4;
    assert_eq!(cases, entries.len(), "every entry ran");
    println!(
        "{cases} of {} urlpattern-compare-test-data.json cases pass ({} assertions)",
        entries.len(),
        requests.len()
    );
}

#[test]
fn every_wpt_generate_case_through_batch() {
    let data = load_json("urlpattern-generate-test-data.json");
    let entries = data.as_array().expect("an array");
    let requests: Vec<Value> = (entries.iter())
        .map(|entry| {
            json!({"op": "pattern_generate", "pattern": [entry["pattern"]],
                   "component": entry["component"], "groups": entry["groups"]})
        })
        .collect();
    let answers = batch(&requests);
    let mut failures = Vec::new();
    for ((entry, request), got) in entries.iter().zip(&requests).zip(&answers) {
        let right = match &entry["expected"] {
            // WPT: `generate` throws a TypeError.
            Value::Null => got["failure"] == json!(true) && got["error"].is_string(),
            expected => *got == json!({ "result": expected }),
        };
        if !right {
            failures.push(format!(
                "{request}\n  got {got}, want {}",
                entry["expected"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(answers.len(), entries.len(), "every entry ran");
    println!(
        "{} of {} urlpattern-generate-test-data.json cases pass",
        answers.len(),
        entries.len()
    );
}

#[test]
fn failures_and_request_errors() {
    let lines = [
        // A constructor that throws is a failure, in either argument.
        r#"{"op":"pattern_compare","component":"pathname","left":[{"pathname":"/("}],"right":[{}]}"#,
        r#"{"op":"pattern_compare","component":"pathname","left":[{}],"right":["/a",{"ignoreCase":true},1]}"#,
        r#"{"op":"pattern_generate","pattern":[{"pathname":"/("}],"component":"pathname","groups":{}}"#,
        // generate's own errors.
        r#"{"op":"pattern_generate","pattern":[{"pathname":"/:foo"}],"component":"pathname","groups":{}}"#,
        r#"{"op":"pattern_generate","pattern":[{"pathname":"/*"}],"component":"pathname","groups":{}}"#,
        r#"{"op":"pattern_generate","pattern":[{"hostname":"{:sub}.example.com"}],"component":"hostname","groups":{"sub":"a.b"}}"#,
        // The value as given, and what the pathname's encoding made of it.
        r#"{"op":"pattern_generate","pattern":["https://example.com/files/:name"],"component":"pathname","groups":{"name":"../../etc/passwd"}}"#,
        r#"{"op":"pattern_generate","pattern":[{"pathname":"/:foo"}],"component":"pathname","groups":{"foo":""}}"#,
        r#"{"op":"pattern_generate","pattern":[{"pathname":"/:foo"}],"component":"nope","groups":{"foo":"x"}}"#,
        // Request errors: missing fields, wrong types.
        r#"{"op":"pattern_compare","left":[{}],"right":[{}]}"#,
        r#"{"op":"pattern_compare","component":"pathname","left":{},"right":[{}]}"#,
        r#"{"op":"pattern_compare","component":"pathname","left":[{}]}"#,
        r#"{"op":"pattern_generate","pattern":[{}],"component":"pathname"}"#,
        r#"{"op":"pattern_generate","pattern":[{}],"component":"pathname","groups":{"a":1}}"#,
        r#"{"op":"pattern_generate","pattern":[{}],"component":"pathname","groups":[]}"#,
        r#"{"op":"pattern_generate","component":"pathname","groups":{}}"#,
        // Case, ignoreCase and a base URL among the arguments.
        r#"{"op":"pattern_compare","component":"hostname","left":["https://a.example/*",{"ignoreCase":true}],"right":["/*","https://b.example"]}"#,
        r#"{"op":"pattern_generate","pattern":["/books/:id","https://example.com"],"component":"pathname","groups":{"id":"my book","other":"x"}}"#,
    ];
    let got = batch_lines(&lines);
    let want = [
        r#"{"failure":true,"#,
        r#"{"failure":true,"#,
        r#"{"failure":true,"#,
        r#"{"failure":true,"error":"no value for the pathname group \"foo\""}"#,
        r#"{"failure":true,"error":"the pathname pattern has a full wildcard `*`, which generate cannot fill"}"#,
        r#"{"failure":true,"error":"a.b contains the delimiter ."}"#,
        r#"{"failure":true,"error":"../../etc/passwd becomes tc/passwd, which contains the delimiter /"}"#,
        r#"{"failure":true,"error":"the value of the pathname group \"foo\" is empty"}"#,
        r#"{"failure":true,"error":"unknown URLPattern component \"nope\""}"#,
        r#"{"error":"missing field: component"}"#,
        r#"{"error":"field left must be an array, not an object"}"#,
        r#"{"error":"missing field: right"}"#,
        r#"{"error":"missing field: groups"}"#,
        r#"{"error":"groups.a must be a string, not a number"}"#,
        r#"{"error":"field groups must be an object, not an array"}"#,
        r#"{"error":"missing field: pattern"}"#,
        r#"{"result":-1}"#,
        r#"{"result":"/books/my%20book"}"#,
    ];
    assert_eq!(got.len(), want.len());
    for ((line, got), want) in lines.iter().zip(&got).zip(want) {
        assert!(got.starts_with(want), "{line}\n  got  {got}\n  want {want}");
        if want.ends_with('}') {
            assert_eq!(got, want, "{line}");
        }
    }
}

/// `weburl generate` refuses a value that does not match its group once encoded, quoting the
/// value as given and what the pathname's encoding made of it (`../../etc/passwd` resolved
/// against the standard's `/-`: `tc/passwd`), with exit status 1.
#[test]
fn generate_command_quotes_the_value_as_given() {
    let run = weburl(
        &[
            "generate",
            "https://example.com/files/:name",
            "name=../../etc/passwd",
        ],
        b"",
    );
    assert_eq!(run.stdout, "");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains(
            r#""../../etc/passwd" does not match the pathname group "name": encoded, it is "tc/passwd""#
        ),
        "{}",
        run.stderr
    );
    // A value encoding leaves as it is: quoted once.
    let run = weburl(
        &["generate", "https://example.com/files/:name", "name=a/b"],
        b"",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains(r#""a/b" does not match the pathname group "name" (empty"#),
        "{}",
        run.stderr
    );
}
