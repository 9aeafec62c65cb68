//! Tests of the test-data loader (`weburl-testkit`, used through `tests/common`): lone-surrogate
//! escapes become U+FFFD.

mod common;

use common::{load_wpt_json, object_cases};
use serde_json::Value;
use weburl_testkit::json::replace_lone_surrogates as fix;

fn decode(json: &str) -> String {
    serde_json::from_str::<String>(&fix(json)).expect("valid JSON after the rewrite")
}

#[test]
fn lone_surrogates_become_replacement_characters() {
    assert_eq!(fix(r#""\uD800""#), r#""\uFFFD""#);
    assert_eq!(fix(r#""\udfff""#), r#""\uFFFD""#);
    assert_eq!(decode(r#""a\uD800b""#), "a\u{FFFD}b");
    // A low surrogate before a high one: both are lone.
    assert_eq!(decode(r#""\uDC00\uD800""#), "\u{FFFD}\u{FFFD}");
    // A high surrogate followed by a valid pair.
    assert_eq!(decode(r#""\uD800\uD801\uDC37""#), "\u{FFFD}\u{10437}");
    // A high surrogate at the end of the string or followed by a non-surrogate escape.
    assert_eq!(decode(r#""\uD800\u0041""#), "\u{FFFD}A");
    assert_eq!(decode(r#""x\uDBFF""#), "x\u{FFFD}");
}

#[test]
fn valid_pairs_and_other_escapes_are_kept() {
    let pair = r#""\uD83D\uDE00 \ud83d\ude00""#;
    assert_eq!(fix(pair), pair);
    assert_eq!(decode(pair), "\u{1F600} \u{1F600}");
    let other = r#"["\"", "\\", "\n\t\u0000\u00e9\uFFFF", "plain ü \u{41}"]"#;
    assert_eq!(fix(other), other);
}

#[test]
fn escaped_backslashes_do_not_start_escapes() {
    // `\\uD800` is an escaped backslash followed by the text "uD800".
    let s = r#""\\uD800""#;
    assert_eq!(fix(s), s);
    assert_eq!(decode(s), "\\uD800");
    // An escaped backslash, then a real lone-surrogate escape.
    assert_eq!(decode(r#""\\\uD800""#), "\\\u{FFFD}");
    // Two escaped backslashes, then literal text.
    assert_eq!(decode(r#""\\\\uDC00""#), "\\\\uDC00");
}

#[test]
fn javascript_only_data_decodes_as_usvstring() {
    let data = load_wpt_json("urltestdata-javascript-only.json");
    let cases = object_cases(&data);
    assert_eq!(cases.len(), 1);
    let input = cases[0]["input"].as_str().unwrap();
    let part = "\u{FFFD}\u{107FE}\u{FFFD}\u{FDD0}\u{FDCF}\u{FDEF}\u{FDF0}\u{FFFE}\u{FFFF}";
    assert_eq!(input, format!("http://example.com/{part}?{part}"));
}

#[test]
fn all_data_files_load() {
    for file in [
        "urltestdata.json",
        "urltestdata-javascript-only.json",
        "toascii.json",
        "IdnaTestV2.json",
        "url-statics.json",
        "setters_tests.json",
        "url-setters-stripping.json",
        "urlsearchparams.json",
        "urlencoded-parser-data.json",
    ] {
        let data = load_wpt_json(file);
        assert!(matches!(data, Value::Array(_) | Value::Object(_)), "{file}");
    }
    assert_eq!(object_cases(&load_wpt_json("urltestdata.json")).len(), 891);
    assert_eq!(object_cases(&load_wpt_json("toascii.json")).len(), 87);
    assert_eq!(object_cases(&load_wpt_json("IdnaTestV2.json")).len(), 2671);
    assert_eq!(
        object_cases(&load_wpt_json("urlencoded-parser-data.json")).len(),
        35
    );
    let setter_cases = |file: &str| -> usize {
        let data = load_wpt_json(file);
        let data = data.as_object().unwrap();
        data.iter()
            .filter(|(key, _)| *key != "comment")
            .map(|(_, cases)| cases.as_array().unwrap().len())
            .sum()
    };
    assert_eq!(setter_cases("setters_tests.json"), 278);
    assert_eq!(setter_cases("url-setters-stripping.json"), 260);
    let usp = load_wpt_json("urlsearchparams.json");
    assert_eq!(usp["tests"].as_array().unwrap().len(), 118);
}

/// The `record` inits of `urlsearchparams.json` hold lone surrogates in keys; they must arrive
/// as U+FFFD (a JavaScript `USVString` conversion), next to valid pairs that stay intact.
#[test]
fn urlsearchparams_record_keys_decode_as_usvstring() {
    let data = load_wpt_json("urlsearchparams.json");
    let test = data["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Construct with 2 unpaired surrogates (no trailing)")
        .expect("the test is in the file");
    let keys: Vec<&str> = test["init"]["record"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| pair[0].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["\u{FFFD}x", "xx", "\u{FFFD}x"]);
}
