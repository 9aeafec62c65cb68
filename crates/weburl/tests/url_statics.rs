//! `url-statics.json`: data from WPT `url/url-statics-canparse.any.js`,
//! `url/url-statics-parse.any.js` and `url/url-tojson.any.js`.
//!
//! * `canParse`: `{url, base, expected}`: `Url::can_parse(url, base) == expected`
//!   (`base: null` = no base argument).
//! * `parse`: `{url, base, expected}`: `URL.parse(url, base)` returns null when `expected` is
//!   false, else a URL whose `href` equals `new URL(url, base).href`. Here: the base (when
//!   non-null) is parsed first, a failing base makes the result a failure; success must equal
//!   `expected`, and on success the `href` must equal that of a second, independent
//!   `Url::parse_with_base` / `Url::parse` of the same input.
//! * `toJSON`: `{input, output}`: `JSON.stringify(new URL(input))` is the href; here both
//!   `Display` and `href()` must equal `output`.

mod common;

use common::{CaseCheck, Report, catch, load_wpt_json, opt_str, req_str};
use serde_json::{Map, Value};
use weburl::Url;

fn cases<'a>(data: &'a Value, key: &str) -> Vec<&'a Map<String, Value>> {
    data[key]
        .as_array()
        .unwrap_or_else(|| panic!("url-statics.json: missing array {key:?}"))
        .iter()
        .map(|v| v.as_object().expect("an object case"))
        .collect()
}

fn expected_bool(case: &Map<String, Value>) -> bool {
    case["expected"].as_bool().expect("a boolean \"expected\"")
}

/// `URL.parse(url, base)`: the base first; a failing base makes the whole parse fail.
fn url_parse(url: &str, base: Option<&str>) -> Option<Url> {
    match base {
        None => Url::parse(url).ok(),
        Some(base) => Url::parse_with_base(url, &Url::parse(base).ok()?).ok(),
    }
}

fn check_can_parse(case: &Map<String, Value>, c: &mut CaseCheck) {
    let (url, base, expected) = (
        req_str(case, "url"),
        opt_str(case, "base"),
        expected_bool(case),
    );
    let actual = Url::can_parse(url, base);
    c.check(actual == expected, || {
        format!("can_parse: expected {expected}, actual {actual}")
    });
}

fn check_parse(case: &Map<String, Value>, c: &mut CaseCheck) {
    let (url, base, expected) = (
        req_str(case, "url"),
        opt_str(case, "base"),
        expected_bool(case),
    );
    match (url_parse(url, base), expected) {
        (None, false) => {}
        (Some(parsed), false) => c.fail(format!(
            "parse: expected failure, actual success with href {:?}",
            parsed.href()
        )),
        (None, true) => c.fail("parse: expected success, actual failure"),
        (Some(parsed), true) => {
            let again = url_parse(url, base);
            c.field(
                "href (compared with a second parse)",
                again.as_ref().map_or("<second parse failed>", Url::href),
                parsed.href(),
            );
        }
    }
}

fn check_to_json(case: &Map<String, Value>, c: &mut CaseCheck) {
    let (input, output) = (req_str(case, "input"), req_str(case, "output"));
    match Url::parse(input) {
        Ok(url) => {
            c.field("Display (toJSON)", output, &format!("{url}"));
            c.field("href", output, url.href());
        }
        Err(e) => c.fail(format!("expected {output:?}, actual failure {e:?}")),
    }
}

#[test]
fn url_statics() {
    let data = load_wpt_json("url-statics.json");
    let mut report = Report::new("url-statics.json");
    type Check = fn(&Map<String, Value>, &mut CaseCheck);
    let groups: [(&str, Check); 3] = [
        ("canParse", check_can_parse),
        ("parse", check_parse),
        ("toJSON", check_to_json),
    ];
    for (group, check) in groups {
        for case in cases(&data, group) {
            let mut c = CaseCheck::new();
            if let Err(panic) = catch(|| check(case, &mut c)) {
                c.fail(panic);
            }
            report.record(|| format!("{group}: {}", Value::Object(case.clone())), c);
        }
    }
    report.finish();
}
