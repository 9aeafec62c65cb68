//! WPT `url/resources/urltestdata.json` and `urltestdata-javascript-only.json`: the URL parser
//! (what WPT's `url-constructor.any.js` and `failure.html` check through `new URL(input, base)`).
//!
//! For every object case (string entries are comments):
//! * A non-null `base` is parsed first; if it fails to parse, the expected result is failure.
//! * `"failure": true`: parsing must fail, and `Url::can_parse(input, base)` must be false.
//!   When `base` is null WPT (`failure.html`) also expects that `input` fails when used as a
//!   *base* URL (for this library that is the same call, `Url::parse(input)`) and that setting
//!   `href` to `input` fails: `set_href(input)` on a valid URL (`https://example.com/`) must
//!   return `Err` and leave that URL unchanged (same href and state).
//!   `relativeTo` only tells browser tests which inputs would resolve against the document
//!   URL; with no base they must simply fail, which is what is checked.
//! * Otherwise every getter present in the case is compared: `href`, `origin` (only when the
//!   case has it), `protocol`, `username`, `password`, `host`, `hostname`, `port`, `pathname`,
//!   `search`, `hash`. In addition: `Display` equals `href`; `Url::parse(href)` succeeds and
//!   gives the same `href` (idempotence); `Url::can_parse(input, base)` is true; each
//!   component's range in the href (`component_range`, `component_ranges`) holds what its
//!   getter returns.
//! * `ParseOptions::parse_into`, into the URL the previous case left, gives the same URL as
//!   `parse` (or fails where it fails, leaving that URL as it was).
//! * `searchParams` (9 cases): expected `url.searchParams.toString()`, compared with
//!   `url.search_params().to_string()`.

mod common;

use common::{
    CaseCheck, GETTERS, Report, catch, getter, load_wpt_json, object_cases, opt_str, req_str,
    url_state,
};
use std::cell::RefCell;

use serde_json::{Map, Value};
use weburl::{Component, Url};

/// The valid URL whose `href` setter `failure.html` feeds the failing inputs.
const HREF_SETTER_TARGET: &str = "https://example.com/";

/// `new URL(input, base)`: the base (when given) is parsed first; a failing base is a failure.
fn parse(input: &str, base: Option<&str>) -> Result<Url, String> {
    match base {
        None => Url::parse(input).map_err(|e| format!("{e:?}")),
        Some(base) => match Url::parse(base) {
            Ok(base) => Url::parse_with_base(input, &base).map_err(|e| format!("{e:?}")),
            Err(e) => Err(format!("base failed to parse: {e:?}")),
        },
    }
}

fn check_case(case: &Map<String, Value>, c: &mut CaseCheck) {
    let input = req_str(case, "input");
    let base = opt_str(case, "base");
    let expect_failure = case.get("failure").and_then(Value::as_bool) == Some(true);
    let result = parse(input, base);
    check_parse_into(input, base, &result, c);

    if expect_failure {
        if let Ok(url) = &result {
            c.fail(format!(
                "expected failure, actual success with href {:?}",
                url.href()
            ));
        }
        c.check(!Url::can_parse(input, base), || {
            format!("can_parse({input:?}, {base:?}): expected false, actual true")
        });
        // failure.html: with no base, `input` used as a base URL must fail as well. In this
        // API that is `Url::parse(input)` again, already covered above when base is null.
        if base.is_none() {
            check_href_setter_fails(input, c);
        }
        return;
    }

    let url = match result {
        Ok(url) => url,
        Err(e) => {
            c.fail(format!(
                "expected success with href {:?}, actual failure: {e}",
                opt_str(case, "href").unwrap_or("?")
            ));
            return;
        }
    };
    for name in GETTERS {
        if let Some(expected) = opt_str(case, name) {
            c.field(name, expected, &getter(&url, name));
        }
    }
    if let Some(expected) = opt_str(case, "searchParams") {
        c.field("searchParams", expected, &url.search_params().to_string());
    }

    check_ranges(&url, c);
    c.check(url.to_string() == url.href(), || {
        format!(
            "Display: expected {:?}, actual {:?}",
            url.href(),
            url.to_string()
        )
    });
    match Url::parse(url.href()) {
        Ok(again) => c.field("href after re-parsing href", url.href(), again.href()),
        Err(e) => c.fail(format!(
            "re-parsing href {:?}: expected success, actual failure {e:?}",
            url.href()
        )),
    }
    c.check(Url::can_parse(input, base), || {
        format!("can_parse({input:?}, {base:?}): expected true, actual false")
    });
}

thread_local! {
    /// The URL `parse_into` last wrote, reused by the next case.
    static KEPT: RefCell<Url> = RefCell::new(Url::parse(HREF_SETTER_TARGET).unwrap());
}

/// `ParseOptions::parse_into` on the URL the previous case left: the URL `parse` gives, and a
/// failure where it fails, the URL left as it was.
fn check_parse_into(
    input: &str,
    base: Option<&str>,
    result: &Result<Url, String>,
    c: &mut CaseCheck,
) {
    let Ok(base) = base.map(Url::parse).transpose() else {
        return;
    };
    KEPT.with_borrow_mut(|kept| {
        let before = kept.clone();
        let into = Url::options().base(base.as_ref()).parse_into(input, kept);
        match (result, into) {
            (Ok(url), Ok(())) => c.check(kept == url, || {
                format!(
                    "parse_into: expected {:?}, actual {:?}",
                    url.href(),
                    kept.href()
                )
            }),
            (Err(_), Err(_)) => c.check(*kept == before, || {
                format!("parse_into failed and changed the URL to {:?}", kept.href())
            }),
            (parsed, into) => c.fail(format!(
                "parse_into: {into:?}, where parse gave {:?}",
                parsed.as_ref().map(Url::href)
            )),
        }
    });
}

/// `Url::component_range` and `Url::component_ranges`: where a component has a range, the
/// href's text there is its getter; only an origin that is not the href's start has none; the
/// ranges read at once are the ranges read one by one.
fn check_ranges(url: &Url, c: &mut CaseCheck) {
    let all = url.component_ranges();
    for (i, component) in Component::ALL.into_iter().enumerate() {
        let range = url.component_range(component);
        c.check(all[i] == range, || {
            format!(
                "component_ranges()[{i}] {:?}, component_range({component}) {range:?}",
                all[i]
            )
        });
        let getter = url.get(component);
        match range {
            Some(range) => c.field(
                &format!("href[component_range({component})]"),
                &getter,
                url.href().get(range).unwrap_or("(not a range of the href)"),
            ),
            None => c.check(component == Component::Origin, || {
                format!("component_range({component}) is None, getter {getter:?}")
            }),
        }
    }
}

/// failure.html's `url.href = input` (which throws): `set_href(input)` must fail and leave the
/// URL as it was.
fn check_href_setter_fails(input: &str, c: &mut CaseCheck) {
    let mut url = Url::parse(HREF_SETTER_TARGET).expect("the href setter target parses");
    let before = url_state(&url);
    if url.set_href(input).is_ok() {
        c.fail(format!(
            "set_href({input:?}) on {HREF_SETTER_TARGET:?}: expected Err, actual Ok with href {:?}",
            url.href()
        ));
    }
    c.check(url_state(&url) == before, || {
        format!(
            "set_href({input:?}) on {HREF_SETTER_TARGET:?} changed the URL: href now {:?}",
            url.href()
        )
    });
}

fn run(file: &str) {
    let data = load_wpt_json(file);
    let mut report = Report::new(file);
    for case in object_cases(&data) {
        let mut c = CaseCheck::new();
        if let Err(panic) = catch(|| check_case(case, &mut c)) {
            c.fail(panic);
        }
        report.record(
            || {
                format!(
                    "input {:?}, base {:?}{}",
                    req_str(case, "input"),
                    opt_str(case, "base"),
                    if case.get("failure").and_then(Value::as_bool) == Some(true) {
                        " (expected failure)"
                    } else {
                        ""
                    }
                )
            },
            c,
        );
    }
    report.finish();
}

#[test]
fn urltestdata() {
    run("urltestdata.json");
}

/// Inputs with lone surrogates; the loader turns them into U+FFFD, as JavaScript's `USVString`
/// conversion does before the URL parser sees the input.
#[test]
fn urltestdata_javascript_only() {
    run("urltestdata-javascript-only.json");
}
