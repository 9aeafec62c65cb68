//! The web-platform-tests URLPattern data (`urlpatterntestdata.json`,
//! `urlpattern-hasregexpgroups.json` in `crates/weburl/tests/data/wpt/`), read as WPT's
//! `urlpattern/resources/urlpatterntests.js` reads it: each case's expected component strings
//! and expected `exec()` result written out in full, so that every surface (the batch op, a
//! peer's crate) is checked against the same expectations.
//!
//! The expected match is in the shape of the batch contract's `match` (and of JavaScript's
//! `URLPatternResult` without `inputs`): `{component: {"input": S, "groups": {name: S|null}}}`
//! for all eight components.

use serde_json::{Map, Value, json};

use crate::wpt;

/// The eight components of a URL pattern, in the spec's order.
pub const COMPONENTS: [&str; 8] = [
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
];

/// What the constructor should do.
#[derive(Clone, Debug, PartialEq)]
pub enum Constructed {
    /// It throws a TypeError.
    Error,
    /// It succeeds with these component pattern strings (an object of the eight).
    Components(Map<String, Value>),
}

/// What `exec()` (and `test()`) should do.
#[derive(Clone, Debug, PartialEq)]
pub enum Matched {
    /// The case has no `inputs`: only the constructor is checked.
    NotChecked,
    /// Both throw a TypeError.
    Error,
    /// `exec()` returns null, `test()` false.
    NoMatch,
    /// `exec()` returns this (the eight components, each `{"input", "groups"}`) and
    /// `inputs`, the echo of its arguments.
    Match { components: Value, inputs: Value },
}

/// One entry of `urlpatterntestdata.json`.
#[derive(Clone, Debug)]
pub struct Case {
    /// Its index among the file's entries (for messages).
    pub index: usize,
    /// The constructor's arguments (`[input]`, `[input, baseURL]`, `[input, options]`,
    /// `[input, baseURL, options]`, or `[]`), lone surrogates read as U+FFFD.
    pub pattern: Vec<Value>,
    /// The arguments of `exec()`, when the case has them.
    pub inputs: Option<Vec<Value>>,
    /// The expected constructor result.
    pub constructed: Constructed,
    /// The expected `exec()` result.
    pub matched: Matched,
}

impl Case {
    /// A one-line description: the index and the JSON of its pattern and inputs.
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "case {}: pattern {} inputs {}",
            self.index,
            Value::Array(self.pattern.clone()),
            self.inputs.clone().map_or(Value::Null, Value::Array)
        )
    }
}

/// Every case of `urlpatterntestdata.json`, in order (369 in the copy the project carries).
///
/// ```
/// let cases = weburl_testkit::urlpattern::cases();
/// assert!(cases.len() > 300);
/// ```
#[must_use]
pub fn cases() -> Vec<Case> {
    let data = wpt::load_json("urlpatterntestdata.json");
    let entries = data
        .as_array()
        .expect("urlpatterntestdata.json is an array");
    entries
        .iter()
        .enumerate()
        .filter_map(|(index, entry)| entry.as_object().map(|e| case(index, e)))
        .collect()
}

/// The cases of `urlpattern-hasregexpgroups.json`: the constructor's arguments and the
/// expected `hasRegExpGroups`.
///
/// ```
/// let cases = weburl_testkit::urlpattern::has_regexp_groups_cases();
/// assert!(cases.iter().any(|(_, expected)| *expected));
/// ```
#[must_use]
pub fn has_regexp_groups_cases() -> Vec<(Vec<Value>, bool)> {
    let data = wpt::load_json("urlpattern-hasregexpgroups.json");
    let entries = data
        .as_array()
        .expect("urlpattern-hasregexpgroups.json is an array");
    entries
        .iter()
        .filter_map(Value::as_object)
        .map(|e| {
            let pattern = e["pattern"]
                .as_array()
                .expect("pattern is an array")
                .clone();
            let expected = e["has_regexp_groups"].as_bool().expect("a boolean");
            (pattern, expected)
        })
        .collect()
}

fn case(index: usize, entry: &Map<String, Value>) -> Case {
    let pattern = entry["pattern"]
        .as_array()
        .expect("pattern is an array")
        .clone();
    let inputs = entry
        .get("inputs")
        .map(|v| v.as_array().expect("inputs is an array").clone());
    let empty: Vec<&str> = entry
        .get("exactly_empty_components")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let constructed = match entry.get("expected_obj") {
        Some(Value::String(s)) if s == "error" => Constructed::Error,
        expected => Constructed::Components(expected_components(
            &pattern,
            expected.and_then(Value::as_object),
            &empty,
        )),
    };
    let matched = match (&inputs, entry.get("expected_match")) {
        (None, _) => Matched::NotChecked,
        (Some(_), Some(Value::String(s))) if s == "error" => Matched::Error,
        (Some(_), None | Some(Value::Null)) => Matched::NoMatch,
        (Some(args), Some(Value::Object(expected))) => {
            let mut components = Map::new();
            for name in COMPONENTS {
                let value = expected.get(name).cloned().unwrap_or_else(|| {
                    if empty.contains(&name) {
                        json!({"input": "", "groups": {}})
                    } else {
                        json!({"input": "", "groups": {"0": ""}})
                    }
                });
                components.insert(name.to_owned(), value);
            }
            let inputs = expected
                .get("inputs")
                .cloned()
                .unwrap_or_else(|| Value::Array(args.clone()));
            Matched::Match {
                components: Value::Object(components),
                inputs,
            }
        }
        (Some(_), Some(other)) => panic!("case {index}: unexpected expected_match {other}"),
    };
    Case {
        index,
        pattern,
        inputs,
        constructed,
        matched,
    }
}

/// The expected pattern string of each component, the rules of WPT's harness: the value in
/// `expected_obj`; else `""` for a component of `exactly_empty_components`; else the init's
/// own non-empty value; else `"*"` when the init sets an earlier component; else the base
/// URL's value (not for username and password; protocol without its `:`, search without `?`,
/// hash without `#`); else `"*"`.
fn expected_components(
    pattern: &[Value],
    expected: Option<&Map<String, Value>>,
    empty: &[&str],
) -> Map<String, Value> {
    let init = pattern.first().and_then(Value::as_object);
    let base = match (pattern.get(1), init) {
        (Some(Value::String(base)), _) => Some(base.as_str()),
        (_, Some(init)) => init.get("baseURL").and_then(Value::as_str),
        _ => None,
    };
    let base = base.map(|b| weburl::Url::parse(b).expect("the base URLs of the data parse"));
    let mut out = Map::new();
    for (i, name) in COMPONENTS.iter().copied().enumerate() {
        let own = init.and_then(|init| init.get(name)).and_then(Value::as_str);
        let value = if let Some(v) = expected.and_then(|e| e.get(name)).and_then(Value::as_str) {
            v.to_owned()
        } else if empty.contains(&name) {
            String::new()
        } else if let Some(own) = own.filter(|own| !own.is_empty()) {
            own.to_owned()
        } else if init.is_some_and(|init| earlier_set(init, i)) {
            "*".to_owned()
        } else if let Some(base) = base.as_ref().filter(|_| i > 2 || i == 0) {
            base_value(base, name)
        } else {
            "*".to_owned()
        };
        out.insert(name.to_owned(), Value::String(value));
    }
    out
}

/// Whether the init sets a component that comes before the `i`th for WPT's rule (username and
/// password count for none, and none counts for them).
fn earlier_set(init: &Map<String, Value>, i: usize) -> bool {
    let earlier: &[&str] = match COMPONENTS[i] {
        "hostname" => &["protocol"],
        "port" => &["protocol", "hostname"],
        "pathname" => &["protocol", "hostname", "port"],
        "search" => &["protocol", "hostname", "port", "pathname"],
        "hash" => &["protocol", "hostname", "port", "pathname", "search"],
        _ => &[],
    };
    earlier.iter().any(|name| init.contains_key(*name))
}

/// A base URL's value for a component, as WPT's harness takes it.
fn base_value(base: &weburl::Url, name: &str) -> String {
    let value = match name {
        "protocol" => base.protocol(),
        "hostname" => base.hostname(),
        "port" => base.port(),
        "pathname" => base.pathname(),
        "search" => base.search(),
        "hash" => base.hash(),
        _ => unreachable!("username and password take no base value"),
    };
    let value = match name {
        "protocol" => value.strip_suffix(':').unwrap_or(value),
        "search" => value.strip_prefix('?').unwrap_or(value),
        "hash" => value.strip_prefix('#').unwrap_or(value),
        _ => value,
    };
    value.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_case_reads() {
        let cases = cases();
        assert_eq!(cases.len(), 369);
        let errors = cases
            .iter()
            .filter(|c| c.constructed == Constructed::Error)
            .count();
        assert!(errors > 20 && errors < 200, "{errors}");
        assert!(
            cases
                .iter()
                .any(|c| matches!(c.matched, Matched::Match { .. }))
        );
        assert!(cases.iter().any(|c| c.matched == Matched::Error));
    }

    #[test]
    fn the_derivation_rules() {
        // An init with a pathname: earlier components "*" (protocol, hostname, port are
        // not set), the pathname its own, later ones "*".
        let got = expected_components(&[json!({"pathname": "/a"})], None, &[]);
        assert_eq!(got["pathname"], "/a");
        assert_eq!(got["search"], "*");
        // A base URL gives the components the init does not set, not username/password.
        let got = expected_components(
            &[json!({"pathname": "/a", "baseURL": "https://u@example.com/x?q#h"})],
            None,
            &[],
        );
        assert_eq!(got["protocol"], "https");
        assert_eq!(got["hostname"], "example.com");
        assert_eq!(got["username"], "*");
        // search comes after pathname, which the init sets: "*".
        assert_eq!(got["search"], "*");
        let got = expected_components(&[json!("/a"), json!("https://example.com/?q")], None, &[]);
        assert_eq!(got["search"], "q");
        assert_eq!(got["protocol"], "https");
    }
}
