//! `URLSearchParams` and the `application/x-www-form-urlencoded` parser and serializer:
//!
//! * `urlsearchparams.json` (derived from WPT's `url/urlsearchparams-*.any.js` and
//!   `url/url-searchparams.any.js`): `{"comment", "tests": [{name, source, init, steps}]}`; the
//!   file's top-level `"comment"` defines the vocabulary. `init` builds the object, `steps` run
//!   in order: mutations (`append`, `delete` with 1 or 2 arguments, `set`, `sort`,
//!   `set url.search`, `set url.href`) and checks against `expect` (`toString`, `get` with
//!   `null` = `None`, `getAll`, `has` with 1 or 2 arguments, `size`, `entries`, `url.href`,
//!   `url.search`, `url.search.reparsed`). One report line per test.
//! * `urlencoded-parser-data.json` (WPT `url/resources/`): `[{input, output: [[n, v], ...]}]`,
//!   the pairs `new URLSearchParams(input)` must hold, in order. Checked through
//!   `search_params::parse_urlencoded` and through `SearchParams::parse`.
//! * A round trip for each `urlencoded-parser-data.json` case: serializing its expected pairs
//!   with `serialize_urlencoded` and parsing the result with `parse_urlencoded` gives the same
//!   pairs.

mod common;

use common::{
    CaseCheck, Report, catch, check_reparse, load_wpt_json, object_cases, opt_str, req_str,
};
use serde_json::{Map, Value};
use weburl::search_params::{parse_urlencoded, serialize_urlencoded};
use weburl::{SearchParams, Url};

/// The object a test works on.
///
/// A URL-linked object (`{"url": S}` init, JavaScript's `new URL(S).searchParams`) is modelled
/// as the `Url` itself: every mutation goes through `url.search_params_mut()` (whose drop runs
/// the spec's update steps, writing the list back to the URL's query), and every read goes
/// through `url.search_params()`, which parses the URL's current query. That is equivalent to
/// the JavaScript object: it keeps a list equal to the parse of the URL's query at all times.
/// The list starts as `parse(query)`; a mutation changes the list and sets the query to its
/// serialization, and `parse(serialize(list)) == list` for any list of Unicode strings (what
/// `urlencoded_round_trip` checks on the WPT pairs); and setting `url.search` or `url.href`
/// resets the list to `parse(query)`. So re-deriving the list from the URL gives the same
/// list JavaScript holds.
enum Subject {
    Plain(SearchParams),
    Linked(Url),
}

impl Subject {
    fn read(&self) -> SearchParams {
        match self {
            Subject::Plain(params) => params.clone(),
            Subject::Linked(url) => url.search_params(),
        }
    }

    fn mutate(&mut self, f: impl FnOnce(&mut SearchParams)) {
        match self {
            Subject::Plain(params) => f(params),
            // The guard is dropped at the end of this statement, writing the list back.
            Subject::Linked(url) => f(&mut url.search_params_mut()),
        }
    }

    fn url(&mut self, op: &str) -> &mut Url {
        match self {
            Subject::Linked(url) => url,
            Subject::Plain(_) => panic!("{op}: the test's object is not linked to a URL"),
        }
    }
}

/// A JavaScript object used as a `record<USVString, USVString>`: the keys are already
/// USVStrings (the loader turned lone surrogates into U+FFFD), and a later duplicate key
/// replaces the earlier value while keeping the earlier position, as WebIDL's record conversion
/// does. (JavaScript would also enumerate integer-like keys such as `"1"` first, in numeric
/// order; no test uses one, and the harness refuses them rather than guess the order.)
fn record_pairs(record: &[Value]) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for entry in record {
        let [key, value] = string_pair(entry);
        assert!(
            !is_array_index(&key),
            "record key {key:?} is integer-like: JavaScript would enumerate it first"
        );
        match pairs.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = value,
            None => pairs.push((key, value)),
        }
    }
    pairs
}

/// Whether `key` is a JavaScript array index (a canonical decimal below 2^32 - 1).
fn is_array_index(key: &str) -> bool {
    key.parse::<u32>()
        .is_ok_and(|n| n != u32::MAX && n.to_string() == key)
}

fn string_pair(v: &Value) -> [String; 2] {
    match v.as_array().map(Vec::as_slice) {
        Some([Value::String(a), Value::String(b)]) => [a.clone(), b.clone()],
        _ => panic!("expected a [string, string] pair, got {v}"),
    }
}

fn pairs_of(v: &Value) -> Vec<(String, String)> {
    v.as_array()
        .unwrap_or_else(|| panic!("expected an array of pairs, got {v}"))
        .iter()
        .map(|p| {
            let [a, b] = string_pair(p);
            (a, b)
        })
        .collect()
}

fn entries(params: &SearchParams) -> Vec<(String, String)> {
    params
        .iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

fn init_subject(init: &Map<String, Value>) -> Subject {
    let keys: Vec<&str> = init.keys().map(String::as_str).collect();
    match keys.as_slice() {
        [] => Subject::Plain(SearchParams::new()),
        ["string"] => Subject::Plain(SearchParams::parse(req_str(init, "string"))),
        ["pairs"] => Subject::Plain(SearchParams::from_pairs(pairs_of(&init["pairs"]))),
        ["record"] => {
            let record = init["record"].as_array().expect("record: an array");
            Subject::Plain(SearchParams::from_pairs(record_pairs(record)))
        }
        ["url"] => {
            let href = req_str(init, "url");
            Subject::Linked(Url::parse(href).unwrap_or_else(|e| panic!("url {href:?}: {e:?}")))
        }
        _ => panic!("unknown init {init:?}"),
    }
}

fn args(step: &Map<String, Value>) -> Vec<&str> {
    match step.get("args") {
        None => Vec::new(),
        Some(Value::Array(a)) => a
            .iter()
            .map(|v| {
                v.as_str()
                    .unwrap_or_else(|| panic!("argument {v} is not a string"))
            })
            .collect(),
        Some(other) => panic!("args: expected an array, got {other}"),
    }
}

fn expect(step: &Map<String, Value>) -> &Value {
    step.get("expect")
        .unwrap_or_else(|| panic!("step {step:?} has no \"expect\""))
}

fn run_step(subject: &mut Subject, index: usize, step: &Map<String, Value>, c: &mut CaseCheck) {
    let op = req_str(step, "op");
    let a = args(step);
    let at = format!("step {index} ({op}{a:?})");
    let arity = |n: &[usize]| {
        assert!(n.contains(&a.len()), "{at}: {} argument(s)", a.len());
    };
    match op {
        // Mutations.
        "append" => {
            arity(&[2]);
            subject.mutate(|p| p.append(a[0], a[1]));
        }
        "delete" => {
            arity(&[1, 2]);
            if a.len() == 1 {
                subject.mutate(|p| p.delete(a[0]));
            } else {
                subject.mutate(|p| p.delete_value(a[0], a[1]));
            }
        }
        "set" => {
            arity(&[2]);
            subject.mutate(|p| p.set(a[0], a[1]));
        }
        "sort" => {
            arity(&[0]);
            subject.mutate(SearchParams::sort);
        }
        "set url.search" => {
            arity(&[1]);
            subject.url(op).set_search(a[0]);
        }
        "set url.href" => {
            arity(&[1]);
            if let Err(e) = subject.url(op).set_href(a[0]) {
                c.fail(format!("{at}: expected the href to parse, actual {e:?}"));
            }
        }

        // Checks.
        "toString" => {
            arity(&[0]);
            let expected = expect(step).as_str().expect("toString: a string");
            c.field(&at, expected, &subject.read().to_string());
        }
        "get" => {
            arity(&[1]);
            let expected = match expect(step) {
                Value::Null => None,
                Value::String(s) => Some(s.as_str()),
                other => panic!("{at}: expect {other}"),
            };
            let params = subject.read();
            let actual = params.get(a[0]);
            c.check(actual == expected, || {
                format!("{at}: expected {expected:?}, actual {actual:?}")
            });
        }
        "getAll" => {
            arity(&[1]);
            let expected: Vec<&str> = expect(step)
                .as_array()
                .expect("getAll: an array")
                .iter()
                .map(|v| v.as_str().expect("getAll: strings"))
                .collect();
            let params = subject.read();
            let actual: Vec<&str> = params.get_all(a[0]).collect();
            c.check(actual == expected, || {
                format!("{at}: expected {expected:?}, actual {actual:?}")
            });
        }
        "has" => {
            arity(&[1, 2]);
            let expected = expect(step).as_bool().expect("has: a boolean");
            let params = subject.read();
            let actual = if a.len() == 1 {
                params.has(a[0])
            } else {
                params.has_value(a[0], a[1])
            };
            c.check(actual == expected, || {
                format!("{at}: expected {expected}, actual {actual}")
            });
        }
        "size" => {
            arity(&[0]);
            let expected = expect(step).as_u64().expect("size: a number");
            let actual = subject.read().len() as u64;
            c.check(actual == expected, || {
                format!("{at}: expected {expected}, actual {actual}")
            });
        }
        "entries" => {
            arity(&[0]);
            let expected = pairs_of(expect(step));
            let actual = entries(&subject.read());
            c.check(actual == expected, || {
                format!("{at}: expected {expected:?}, actual {actual:?}")
            });
        }
        "url.href" => {
            arity(&[0]);
            let expected = expect(step).as_str().expect("url.href: a string");
            c.field(&at, expected, subject.url(op).href());
        }
        "url.search" => {
            arity(&[0]);
            let expected = expect(step).as_str().expect("url.search: a string");
            c.field(&at, expected, subject.url(op).search());
        }
        "url.search.reparsed" => {
            arity(&[0]);
            let expected = pairs_of(expect(step));
            let actual = entries(&SearchParams::parse(subject.url(op).search()));
            c.check(actual == expected, || {
                format!("{at}: expected {expected:?}, actual {actual:?}")
            });
        }
        _ => panic!("{at}: unknown op"),
    }

    // A mutation of a URL-linked object rewrote the URL's query in place: the URL must still
    // be what parsing its href gives.
    if let Subject::Linked(url) = subject
        && step.get("expect").is_none()
    {
        check_reparse(c, &format!("{at}, the URL"), url);
    }
}

fn check_test(test: &Map<String, Value>, c: &mut CaseCheck) {
    let init = test
        .get("init")
        .and_then(Value::as_object)
        .expect("an \"init\" object");
    let mut subject = init_subject(init);
    let steps = test
        .get("steps")
        .and_then(Value::as_array)
        .expect("a \"steps\" array");
    for (i, step) in steps.iter().enumerate() {
        run_step(
            &mut subject,
            i + 1,
            step.as_object().expect("a step object"),
            c,
        );
    }
}

#[test]
fn urlsearchparams() {
    let file = "urlsearchparams.json";
    let data = load_wpt_json(file);
    let tests = data["tests"].as_array().expect("a \"tests\" array");
    let mut report = Report::new(file);
    for test in tests {
        let test = test.as_object().expect("a test object");
        let mut c = CaseCheck::new();
        if let Err(panic) = catch(|| check_test(test, &mut c)) {
            c.fail(panic);
        }
        report.record(
            || {
                format!(
                    "{:?} ({}), init {}",
                    opt_str(test, "name").unwrap_or("?"),
                    opt_str(test, "source").unwrap_or("?"),
                    test.get("init").unwrap_or(&Value::Null)
                )
            },
            c,
        );
    }
    report.finish();
}

/// The pairs `new URLSearchParams(input)` yields: the constructor drops one leading '?', which
/// the bare `application/x-www-form-urlencoded` parser does not (no input in the file has one).
fn constructor_input(input: &str) -> &str {
    input.strip_prefix('?').unwrap_or(input)
}

#[test]
fn urlencoded_parser_data() {
    let file = "urlencoded-parser-data.json";
    let data = load_wpt_json(file);
    let mut report = Report::new(file);
    for case in object_cases(&data) {
        let mut c = CaseCheck::new();
        let result = catch(|| {
            let input = req_str(case, "input");
            let expected = pairs_of(&case["output"]);
            let actual = parse_urlencoded(constructor_input(input).as_bytes());
            c.check(actual == expected, || {
                format!("parse_urlencoded: expected {expected:?}, actual {actual:?}")
            });
            let actual = entries(&SearchParams::parse(input));
            c.check(actual == expected, || {
                format!("SearchParams::parse: expected {expected:?}, actual {actual:?}")
            });
        });
        if let Err(panic) = result {
            c.fail(panic);
        }
        report.record(|| format!("input {:?}", req_str(case, "input")), c);
    }
    report.finish();
}

#[test]
fn urlencoded_round_trip() {
    let file = "urlencoded-parser-data.json";
    let data = load_wpt_json(file);
    let mut report = Report::new(&format!("{file}: serialize, then parse"));
    for case in object_cases(&data) {
        let mut c = CaseCheck::new();
        let result = catch(|| {
            let pairs = pairs_of(&case["output"]);
            let serialized = serialize_urlencoded(pairs.iter().map(|(n, v)| (n, v)));
            let reparsed = parse_urlencoded(serialized.as_bytes());
            c.check(reparsed == pairs, || {
                format!("pairs {pairs:?} serialized as {serialized:?} parse as {reparsed:?}")
            });
        });
        if let Err(panic) = result {
            c.fail(panic);
        }
        report.record(|| format!("input {:?}", req_str(case, "input")), c);
    }
    report.finish();
}
