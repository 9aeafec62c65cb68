//! `weburl batch` (op `validate`) and `weburl validate --json` against the URL Standard's
//! reference implementation: the same recording the library's
//! `crates/weburl/tests/validation_reference.rs` checks (whatwg-url 17.1.2; see
//! `crates/weburl/tests/data/reference/README.md`), so the CLI, the batch interface and the
//! library give the same error names in the same order and the same "valid" answer.

mod common;

use common::weburl;
use serde_json::{Value, json};

fn cases() -> Vec<Value> {
    let path = format!(
        "{}/../weburl/tests/data/reference/validation-reference.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let data: Value = serde_json::from_str(&text).unwrap();
    data["cases"].as_array().unwrap().clone()
}

fn expected_names(case: &Value) -> Vec<&str> {
    case["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect()
}

fn answer_names(answer: &Value) -> Vec<&str> {
    answer["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("no errors in {answer}"))
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect()
}

/// Every answer has the reference's error names in order and its "valid"; prints the count.
fn assert_all_match(cases: &[Value], answers: &[Value]) {
    let failed: Vec<String> = cases
        .iter()
        .zip(answers)
        .filter(|(case, answer)| {
            answer_names(answer) != expected_names(case) || answer["valid"] != case["valid"]
        })
        .map(|(case, answer)| format!("{case} -> {answer}"))
        .collect();
    println!(
        "{} passed, {} failed",
        cases.len() - failed.len(),
        failed.len()
    );
    assert!(
        failed.is_empty(),
        "{}",
        failed[..failed.len().min(20)].join("\n")
    );
}

#[test]
fn batch_validate_matches_the_reference() {
    let cases = cases();
    let mut requests = String::new();
    for case in &cases {
        let mut request = json!({"op": "validate", "input": case["input"]});
        if !case["base"].is_null() {
            request["base"] = case["base"].clone();
        }
        requests.push_str(&request.to_string());
        requests.push('\n');
    }
    let run = weburl(&["batch"], requests.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let answers: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), cases.len());
    assert_all_match(&cases, &answers);
}

#[test]
fn validate_json_matches_the_reference() {
    // `weburl validate` reads one input a line: the cases without a base whose input holds no
    // line break and no leading or trailing space (a line's own whitespace is not input).
    let cases: Vec<Value> = cases()
        .into_iter()
        .filter(|c| {
            let input = c["input"].as_str().unwrap();
            c["base"].is_null()
                && !input.is_empty()
                && !input.contains(['\n', '\r'])
                && input.trim() == input
        })
        .collect();
    assert!(cases.len() > 3000, "{}", cases.len());
    let mut stdin = String::new();
    for case in &cases {
        stdin.push_str(case["input"].as_str().unwrap());
        stdin.push('\n');
    }
    let run = weburl(&["validate", "--json"], stdin.as_bytes());
    let answers: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), cases.len(), "{}", run.stderr);
    assert_all_match(&cases, &answers);
    // Some input has an error, so the exit status says so.
    assert_eq!(run.code, 1);
}
