//! WPT `url/resources/setters_tests.json` and `url-setters-stripping.json` (the cases WPT's
//! `url-setters-stripping.any.js` generates, in the same format): the URL API's setters (what
//! WPT's `url-setters.any.js` checks).
//!
//! Both files are an object: `"comment"` (skipped) and one key per setter (`protocol`,
//! `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`, `hash`, `href`),
//! each an array of `{"comment"?, "href", "new_value", "expected": {getter: value, ...}}`. For
//! every case:
//!
//! * `href` is parsed (no base; it must parse), the setter named by the key runs with
//!   `new_value`, and every getter listed in `expected` is compared (only those).
//! * The setter's result: when a setter returns `Err` (the spec ignored the value), the URL must
//!   be unchanged (same href and state). The `host` setter is the exception, as in the spec: it
//!   can set the host and then stop at a bad port, so its `Err` is not checked this way. `set_search`
//!   and `set_hash` return nothing.
//! * The URL after the setter must be what parsing its own href gives: `Url::parse(href)`
//!   succeeds with the same href and every getter (and record-level accessor, see
//!   `common::url_state`) of the re-parsed URL equals that of the set URL. The setters splice
//!   the new component into the serialization and shift the offsets after it, so this checks
//!   the offsets they rewrote.
//!
//! Each file is one report (`N passed, M failed`), one line per setter case.

mod common;

use common::{
    CaseCheck, GETTERS, Report, catch, check_reparse, getter, load_wpt_json, opt_str, req_str,
    url_state,
};
use serde_json::{Map, Value};
use weburl::{Component, Url};

/// Runs the setter `name` with `value` ([`Url::set`] with the [`Component`] of that name).
/// `Err` describes the error a setter returned (the value was ignored); `set_search` and
/// `set_hash` cannot fail.
fn run_setter(url: &mut Url, name: &str, value: &str) -> Result<(), String> {
    let component: Component = name.parse().unwrap_or_else(|e| panic!("{e}"));
    url.set(component, value).map_err(|e| format!("{e:?}"))
}

fn check_case(setter: &str, case: &Map<String, Value>, c: &mut CaseCheck) {
    let href = req_str(case, "href");
    let new_value = req_str(case, "new_value");
    let expected = case
        .get("expected")
        .and_then(Value::as_object)
        .expect("an \"expected\" object");

    let mut url = match Url::parse(href) {
        Ok(url) => url,
        Err(e) => {
            c.fail(format!(
                "parsing href {href:?}: expected success, actual {e:?}"
            ));
            return;
        }
    };
    let before = url_state(&url);
    let result = run_setter(&mut url, setter, new_value);

    for (name, value) in expected {
        let value = value
            .as_str()
            .unwrap_or_else(|| panic!("expected.{name}: not a string"));
        if GETTERS.contains(&name.as_str()) {
            c.field(name, value, &getter(&url, name));
        } else {
            c.fail(format!("expected.{name}: not a getter this harness knows"));
        }
    }

    if let Err(e) = &result
        && setter != "host"
    {
        c.check(url_state(&url) == before, || {
            format!(
                "set_{setter} returned Err({e}) but changed the URL: href {href:?} became {:?}",
                url.href()
            )
        });
    }

    check_reparse(c, &format!("after set_{setter}"), &url);
}

fn run(file: &str) {
    let data = load_wpt_json(file);
    let data = data.as_object().expect("a top-level JSON object");
    for key in data.keys() {
        assert!(
            key == "comment" || key.parse::<Component>().is_ok_and(|c| c.is_settable()),
            "{file}: unknown key {key:?}"
        );
    }
    let mut report = Report::new(file);
    for setter in Component::SETTABLE.map(Component::name) {
        let Some(cases) = data.get(setter) else {
            continue;
        };
        for case in cases.as_array().expect("an array of cases") {
            let case = case.as_object().expect("a case object");
            let mut c = CaseCheck::new();
            if let Err(panic) = catch(|| check_case(setter, case, &mut c)) {
                c.fail(panic);
            }
            report.record(
                || {
                    let mut label = format!(
                        "set_{setter}({:?}) on {:?}",
                        opt_str(case, "new_value").unwrap_or("?"),
                        opt_str(case, "href").unwrap_or("?")
                    );
                    if let Some(comment) = opt_str(case, "comment") {
                        label.push_str(&format!(" (comment: {comment})"));
                    }
                    label
                },
                c,
            );
        }
    }
    report.finish();
}

#[test]
fn setters_tests() {
    run("setters_tests.json");
}

#[test]
fn url_setters_stripping() {
    run("url-setters-stripping.json");
}
