//! weburl.h through its extern functions, as C calls them (a unit-test module: an integration
//! test cannot name this crate, whose library `weburl` has the name of its dependency): every function, its errors, NULL
//! handles and text that is not UTF-8; the web-platform-tests URLPattern data, every case,
//! through the C forms of JavaScript's arguments; and a route set over GitHub-like routes.
//!
//! Each `unsafe` block calls the C API with arguments that meet its contract: strings as
//! (pointer, length) of live Rust strings, handles made by the API and not yet freed.

use std::ffi::{CStr, c_char};
use std::ptr::{null, null_mut};

use crate::ada::{ada_free, ada_free_owned_string, ada_get_href, ada_is_valid, ada_parse, ada_url};
use crate::boundary::{ada_owned_string, ada_string};
use crate::error::*;
use crate::extras::*;
use crate::pattern::*;
use crate::pattern_set::*;
use serde_json::{Map, Value};
use weburl_testkit::urlpattern::{
    COMPONENTS, Constructed, Matched, cases, has_regexp_groups_cases,
};

// ---------------------------------------------------------------------------------------
// Helpers

/// The text of a borrowed string; `None` for `{NULL, 0}`.
fn text<'a>(s: ada_string) -> Option<&'a str> {
    if s.data.is_null() {
        assert_eq!(s.length, 0);
        return None;
    }
    // SAFETY: the API returned `length` bytes at `data`, alive while the test reads them.
    let bytes = unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.length) };
    Some(std::str::from_utf8(bytes).expect("UTF-8"))
}

/// The text of a borrowed string that must be present.
fn str_of<'a>(s: ada_string) -> &'a str {
    text(s).expect("a string, not {NULL, 0}")
}

/// An owned string's text, freed.
fn owned(s: ada_owned_string) -> Option<String> {
    if s.data.is_null() {
        return None;
    }
    // SAFETY: `length` bytes and a NUL at `data`, from the API.
    let bytes = unsafe { std::slice::from_raw_parts(s.data.cast::<u8>(), s.length + 1) };
    assert_eq!(bytes[s.length], 0, "NUL-terminated");
    let out = String::from_utf8(bytes[..s.length].to_vec()).expect("UTF-8");
    // SAFETY: made by the API, freed once.
    unsafe { ada_free_owned_string(s) };
    Some(out)
}

/// `(pointer, length)` of a string.
fn arg(s: &str) -> (*const c_char, usize) {
    (s.as_ptr().cast(), s.len())
}

/// `(pointer, length)` of an optional string: NULL when absent.
fn opt(s: Option<&str>) -> (*const c_char, usize) {
    s.map_or((null(), 0), arg)
}

/// An `ada_string` argument (present even when empty) or `{NULL, 0}`.
fn member(s: Option<&str>) -> ada_string {
    match s {
        Some(s) => ada_string {
            data: s.as_ptr().cast(),
            length: s.len(),
        },
        None => ada_string {
            data: null(),
            length: 0,
        },
    }
}

/// An error's name, message, component and offset, freed; `None` for NULL.
fn take_error(error: *mut weburl_error) -> Option<(String, String, i32, usize)> {
    if error.is_null() {
        return None;
    }
    // SAFETY: a live error from the API, freed once at the end.
    unsafe {
        let name = weburl_error_name(error);
        let message = weburl_error_message(error);
        // NUL-terminated, both.
        assert_eq!(*name.data.add(name.length), 0);
        assert_eq!(*message.data.add(message.length), 0);
        let out = (
            str_of(name).to_owned(),
            str_of(message).to_owned(),
            weburl_error_component(error),
            weburl_error_offset(error),
        );
        weburl_error_free(error);
        Some(out)
    }
}

/// A parsed URL handle.
fn parse(input: &str) -> ada_url {
    let (p, n) = arg(input);
    // SAFETY: a live string.
    unsafe { ada_parse(p, n) }
}

fn href(url: ada_url) -> String {
    // SAFETY: a live handle.
    str_of(unsafe { ada_get_href(url) }).to_owned()
}

fn free_url(url: ada_url) {
    // SAFETY: a live handle (or NULL), freed once.
    unsafe { ada_free(url) };
}

/// A pattern from a constructor string, or the error's name.
fn pattern(
    input: &str,
    base: Option<&str>,
    ignore_case: bool,
) -> Result<*mut weburl_pattern, String> {
    let (p, n) = arg(input);
    let (b, bn) = opt(base);
    let mut error = null_mut();
    // SAFETY: live strings; `error` writable.
    let made = unsafe { weburl_pattern_new(p, n, b, bn, ignore_case, null(), &mut error) };
    match take_error(error) {
        None => {
            assert!(!made.is_null());
            Ok(made)
        }
        Some((name, ..)) => {
            assert!(made.is_null());
            Err(name)
        }
    }
}

fn free_pattern(p: *mut weburl_pattern) {
    // SAFETY: a live pattern (or NULL), freed once.
    unsafe { weburl_pattern_free(p) };
}

/// One component's groups of a result: (name, value), in order.
fn result_groups(r: *const weburl_pattern_result, c: u32) -> Vec<(String, Option<String>)> {
    // SAFETY: a live result.
    unsafe {
        let n = weburl_pattern_result_group_count(r, c);
        (0..n)
            .map(|i| {
                let name = str_of(weburl_pattern_result_group_name(r, c, i)).to_owned();
                let mut value = ada_string {
                    data: null(),
                    length: 99,
                };
                let status = weburl_pattern_result_group(r, c, i, &mut value);
                let by_index = match status {
                    WEBURL_GROUP_MATCHED => Some(str_of(value).to_owned()),
                    WEBURL_GROUP_UNMATCHED => {
                        assert!(text(value).is_none());
                        None
                    }
                    other => panic!("group {i} of {n}: {other}"),
                };
                // The same by name.
                let (np, nn) = arg(&name);
                let status = weburl_pattern_result_group_by_name(r, c, np, nn, &mut value);
                let by_name = match status {
                    WEBURL_GROUP_MATCHED => Some(str_of(value).to_owned()),
                    WEBURL_GROUP_UNMATCHED => None,
                    other => panic!("group {name}: {other}"),
                };
                // A name repeated (never, in a valid pattern) would find the first.
                assert_eq!(by_index, by_name, "group {name}");
                (name, by_index)
            })
            .collect()
    }
}

// ---------------------------------------------------------------------------------------
// The web-platform-tests data

/// A JSON argument as the C API takes it.
enum Input<'a> {
    String(&'a str),
    Init(&'a Map<String, Value>),
}

/// The constructor's or exec's arguments in JavaScript's forms, as the Rust suite reads them:
/// (input, base URL string, ignoreCase).
fn arguments(args: &[Value]) -> (Option<Input<'_>>, Option<String>, bool) {
    let input = args.first().map(|v| match v {
        Value::String(s) => Input::String(s),
        Value::Object(o) => Input::Init(o),
        other => panic!("unexpected input {other}"),
    });
    let options = |o: &Value| {
        o.as_object().map(|o| {
            o.get("ignoreCase")
                .and_then(Value::as_bool)
                .unwrap_or(false)
        })
    };
    match args {
        [_, second, third, ..] => {
            let mut base = match second {
                Value::String(s) => s.clone(),
                Value::Object(_) => "[object Object]".to_owned(),
                other => other.to_string(),
            };
            let ignore_case = options(third);
            if ignore_case.is_none() {
                // Not a dictionary: JavaScript throws; a base that is no URL throws too.
                base = "[not a dictionary]".to_owned();
            }
            (input, Some(base), ignore_case.unwrap_or(false))
        }
        [_, Value::String(s)] => (input, Some(s.clone()), false),
        [_, other] => (input, None, options(other).expect("options")),
        _ => (input, None, false),
    }
}

/// The init's members as `weburl_pattern_init`, borrowed from the JSON.
fn init_of(o: &Map<String, Value>) -> weburl_pattern_init {
    let get = |name: &str| member(o.get(name).map(|v| v.as_str().expect("a string member")));
    weburl_pattern_init {
        protocol: get("protocol"),
        username: get("username"),
        password: get("password"),
        hostname: get("hostname"),
        port: get("port"),
        pathname: get("pathname"),
        search: get("search"),
        hash: get("hash"),
        base_url: get("baseURL"),
    }
}

/// The pattern of a case's arguments, or `None` where JavaScript throws.
fn construct(args: &[Value]) -> Option<*mut weburl_pattern> {
    let (input, base, ignore_case) = arguments(args);
    let mut error = null_mut();
    let made = match input {
        Some(Input::String(s)) => {
            let (p, n) = arg(s);
            let (b, bn) = opt(base.as_deref());
            // SAFETY: live strings.
            unsafe { weburl_pattern_new(p, n, b, bn, ignore_case, null(), &mut error) }
        }
        // `new URLPattern(init, baseURL)`: a TypeError, which C cannot write.
        Some(Input::Init(_)) if base.is_some() => return None,
        Some(Input::Init(o)) => {
            let init = init_of(o);
            // SAFETY: the init borrows live JSON strings.
            unsafe { weburl_pattern_new_init(&init, ignore_case, null(), &mut error) }
        }
        // SAFETY: NULL init is the empty init.
        None => unsafe { weburl_pattern_new_init(null(), ignore_case, null(), &mut error) },
    };
    let failed = take_error(error);
    assert_eq!(made.is_null(), failed.is_some());
    if let Some((name, message, ..)) = &failed {
        assert!(name.starts_with("pattern-"), "{name}: {message}");
    }
    (!made.is_null()).then_some(made)
}

/// exec and test on the case's inputs: `Err` where JavaScript throws, else the result (NULL:
/// no match) and test's answer.
fn execute(
    p: *const weburl_pattern,
    args: &[Value],
) -> Result<(*mut weburl_pattern_result, bool), ()> {
    let (input, base, _) = arguments(args);
    // SAFETY: a live pattern, live strings and inits.
    unsafe {
        match input {
            Some(Input::String(s)) => {
                let (i, n) = arg(s);
                let (b, bn) = opt(base.as_deref());
                Ok((
                    weburl_pattern_exec(p, i, n, b, bn),
                    weburl_pattern_test(p, i, n, b, bn),
                ))
            }
            // `exec(init, baseURL)`: a TypeError, which C cannot write.
            Some(Input::Init(_)) if base.is_some() => Err(()),
            Some(Input::Init(o)) => {
                let init = init_of(o);
                Ok((
                    weburl_pattern_exec_init(p, &init),
                    weburl_pattern_test_init(p, &init),
                ))
            }
            None => Ok((
                weburl_pattern_exec_init(p, null()),
                weburl_pattern_test_init(p, null()),
            )),
        }
    }
}

/// The fallible forms (`weburl_pattern_try_exec` / `_try_test` and their init kin) answer
/// what the infallible ones answered (`r`, `tested`), with no error: the data's patterns and
/// inputs are far from any step budget.
fn check_try_forms(
    p: *const weburl_pattern,
    args: &[Value],
    r: *const weburl_pattern_result,
    tested: bool,
) -> Result<(), String> {
    let (input, base, _) = arguments(args);
    let (mut e1, mut e2) = (null_mut(), null_mut());
    // SAFETY: a live pattern, live strings and inits; writable errors.
    let (tried, status) = unsafe {
        match input {
            Some(Input::String(s)) => {
                let (i, n) = arg(s);
                let (b, bn) = opt(base.as_deref());
                (
                    weburl_pattern_try_exec(p, i, n, b, bn, &mut e1),
                    weburl_pattern_try_test(p, i, n, b, bn, &mut e2),
                )
            }
            Some(Input::Init(o)) => {
                let init = init_of(o);
                (
                    weburl_pattern_try_exec_init(p, &init, &mut e1),
                    weburl_pattern_try_test_init(p, &init, &mut e2),
                )
            }
            None => (
                weburl_pattern_try_exec_init(p, null(), &mut e1),
                weburl_pattern_try_test_init(p, null(), &mut e2),
            ),
        }
    };
    let errors = (take_error(e1), take_error(e2));
    let same = tried.is_null() == r.is_null()
        && status == i32::from(tested)
        && (r.is_null()
            || (0..8).all(|c| {
                result_groups(tried, c) == result_groups(r, c)
                    // SAFETY: live results.
                    && unsafe { str_of(weburl_pattern_result_input(tried, c)) == str_of(weburl_pattern_result_input(r, c)) }
            }));
    // SAFETY: a live result or NULL, freed once.
    unsafe { weburl_pattern_result_free(tried) };
    match errors {
        (None, None) if same => Ok(()),
        _ => Err(format!(
            "the try forms differ: status {status}, errors {errors:?}, exec {}",
            !r.is_null()
        )),
    }
}

/// The result against the expected components and inputs.
fn check_result(
    r: *const weburl_pattern_result,
    components: &Value,
    inputs: &Value,
) -> Result<(), String> {
    for (c, name) in COMPONENTS.iter().enumerate() {
        let c = c as u32;
        let want = &components[name];
        // SAFETY: a live result.
        let input = str_of(unsafe { weburl_pattern_result_input(r, c) });
        if input != want["input"].as_str().unwrap() {
            return Err(format!(
                "{name}.input: got {input:?}, expected {}",
                want["input"]
            ));
        }
        let got = result_groups(r, c);
        let expected = want["groups"].as_object().unwrap();
        if got.len() != expected.len() {
            return Err(format!("{name}.groups: got {got:?}, expected {expected:?}"));
        }
        for (g, v) in &got {
            let w = expected
                .get(g)
                .ok_or_else(|| format!("{name}: unexpected group {g}"))?;
            if v.as_deref() != w.as_str() {
                return Err(format!("{name}.groups.{g}: got {v:?}, expected {w}"));
            }
        }
    }
    // `inputs`, the echo of exec's arguments.
    let inputs = inputs.as_array().unwrap();
    // SAFETY: a live result.
    let count = unsafe { weburl_pattern_result_input_count(r) };
    if count != inputs.len() {
        return Err(format!("{count} inputs, expected {}", inputs.len()));
    }
    for (i, want) in inputs.iter().enumerate() {
        let mut s = member(None);
        let mut init = init_of(&Map::new());
        // SAFETY: a live result; writable out values.
        let (is_string, is_init) = unsafe {
            (
                weburl_pattern_result_input_string(r, i, &mut s),
                weburl_pattern_result_input_init(r, i, &mut init),
            )
        };
        match want {
            Value::String(w) if is_string && !is_init && str_of(s) == w => {}
            Value::Object(o) if is_init && !is_string => {
                let fields = [
                    ("protocol", init.protocol),
                    ("username", init.username),
                    ("password", init.password),
                    ("hostname", init.hostname),
                    ("port", init.port),
                    ("pathname", init.pathname),
                    ("search", init.search),
                    ("hash", init.hash),
                    ("baseURL", init.base_url),
                ];
                for (name, got) in fields {
                    if text(got) != o.get(name).and_then(Value::as_str) {
                        return Err(format!("inputs[{i}].{name}: got {:?}", text(got)));
                    }
                }
            }
            _ => return Err(format!("inputs[{i}]: expected {want}")),
        }
    }
    Ok(())
}

/// A route set holding `p` finds the same groups for `url` as exec.
fn check_in_set(
    p: *const weburl_pattern,
    url: ada_url,
    r: *const weburl_pattern_result,
) -> Result<(), String> {
    // SAFETY: live objects, freed at the end.
    unsafe {
        let set = weburl_pattern_set_new();
        assert!(weburl_pattern_set_insert(set, p, 42));
        let m = weburl_pattern_set_match_new();
        let found = weburl_pattern_set_first_match(set, url, m);
        let mut values = [0usize; 2];
        let all = weburl_pattern_set_matches(set, url, values.as_mut_ptr(), 2);
        // The fallible lookups agree, without error (and leave `m` as the first match).
        let mut errors = [null_mut(); 3];
        let tried = [
            weburl_pattern_set_try_matches(set, url, null_mut(), 0, &mut errors[0]),
            weburl_pattern_set_try_best_match(set, url, m, &mut errors[1]) as usize,
            weburl_pattern_set_try_first_match(set, url, m, &mut errors[2]) as usize,
        ];
        let errors = errors.map(take_error);
        let outcome = if tried != [all, usize::from(found), usize::from(found)]
            || errors.iter().any(Option::is_some)
        {
            Err(format!("the set's try forms: {tried:?}, {errors:?}"))
        } else if found == r.is_null() || all != usize::from(found) {
            Err(format!(
                "the set found {found} ({all}), exec {}",
                !r.is_null()
            ))
        } else if found {
            let mut seen = Vec::new();
            for i in 0..weburl_pattern_set_match_group_count(m) {
                let (mut c, mut name, mut value) = (99, member(None), member(None));
                let status = weburl_pattern_set_match_group(m, i, &mut c, &mut name, &mut value);
                let value = (status == WEBURL_GROUP_MATCHED).then(|| str_of(value).to_owned());
                let (np, nn) = arg(str_of(name));
                let mut again = member(None);
                let by_name = weburl_pattern_set_match_group_by_name(m, c, np, nn, &mut again);
                assert_eq!(by_name, status);
                assert_eq!(text(again).map(str::to_owned), value);
                seen.push((c, str_of(name).to_owned(), value));
            }
            let exec: Vec<_> = (0..8)
                .flat_map(|c| result_groups(r, c).into_iter().map(move |(n, v)| (c, n, v)))
                .collect();
            if seen != exec {
                Err(format!("set groups {seen:?}, exec groups {exec:?}"))
            } else if weburl_pattern_set_match_value(m) != 42
                || weburl_pattern_set_match_index(m) != 0
                || values[0] != 42
            {
                Err("the set's value or index".to_owned())
            } else {
                Ok(())
            }
        } else {
            Ok(())
        };
        weburl_pattern_set_match_free(m);
        weburl_pattern_set_free(set);
        outcome
    }
}

fn run_case(case: &weburl_testkit::urlpattern::Case) -> Result<(), String> {
    let built = construct(&case.pattern);
    let p = match (&case.constructed, built) {
        (Constructed::Error, None) => return Ok(()),
        (Constructed::Error, Some(p)) => {
            free_pattern(p);
            return Err("expected a constructor error".into());
        }
        (Constructed::Components(_), None) => return Err("the constructor failed".into()),
        (Constructed::Components(want), Some(p)) => {
            for (c, name) in COMPONENTS.iter().enumerate() {
                // SAFETY: a live pattern.
                let got = str_of(unsafe { weburl_pattern_get_component(p, c as u32) });
                if got != want[*name].as_str().unwrap() {
                    free_pattern(p);
                    return Err(format!("{name}: got {got:?}, expected {}", want[*name]));
                }
            }
            p
        }
    };
    let outcome = match_case(p, case);
    free_pattern(p);
    outcome
}

fn match_case(
    p: *mut weburl_pattern,
    case: &weburl_testkit::urlpattern::Case,
) -> Result<(), String> {
    let Some(inputs) = &case.inputs else {
        return Ok(());
    };
    let (r, tested) = match (execute(p, inputs), &case.matched) {
        (Err(()), Matched::Error) => return Ok(()),
        (Err(()), _) => return Err("JavaScript throws where a match is expected".into()),
        (Ok((r, _)), Matched::Error) => {
            // SAFETY: a live result or NULL.
            unsafe { weburl_pattern_result_free(r) };
            return Err("expected exec to throw".into());
        }
        (Ok(found), _) => found,
    };
    let outcome = match &case.matched {
        Matched::NoMatch if r.is_null() && !tested => Ok(()),
        Matched::NoMatch => Err("expected no match".into()),
        Matched::Match { components, inputs } if !r.is_null() && tested => {
            check_result(r, components, inputs)
        }
        Matched::Match { .. } => Err(format!(
            "expected a match (exec {}, test {tested})",
            !r.is_null()
        )),
        Matched::NotChecked | Matched::Error => unreachable!(),
    };
    let outcome = outcome.and_then(|()| check_try_forms(p, inputs, r, tested));
    // On a parsed URL (a string input without a base): exec_url and a route set agree.
    let outcome = outcome.and_then(|()| {
        let (Some(Input::String(s)), None, _) = arguments(inputs) else {
            return Ok(());
        };
        let url = parse(s);
        // SAFETY: a live handle.
        if !unsafe { ada_is_valid(url) } {
            free_url(url);
            return Ok(());
        }
        // SAFETY: a live pattern and URL.
        let by_url = unsafe { weburl_pattern_exec_url(p, url) };
        // SAFETY: a live pattern and URL.
        let tested = unsafe { weburl_pattern_test_url(p, url) };
        let same = (0..8).all(|c| {
            by_url.is_null() == r.is_null()
                && (r.is_null()
                    || (result_groups(by_url, c) == result_groups(r, c)
                        // SAFETY: live results.
                        && unsafe { str_of(weburl_pattern_result_input(by_url, c)) == str_of(weburl_pattern_result_input(r, c)) }))
        });
        let outcome = if !same || tested == by_url.is_null() {
            Err("exec_url or test_url differs from exec".to_owned())
        } else {
            check_in_set(p, url, r)
        };
        // SAFETY: a live result or NULL, freed once.
        unsafe { weburl_pattern_result_free(by_url) };
        free_url(url);
        outcome
    });
    // SAFETY: a live result or NULL, freed once.
    unsafe { weburl_pattern_result_free(r) };
    outcome
}

#[test]
fn urlpatterntestdata_through_the_c_api() {
    let cases = cases();
    assert_eq!(cases.len(), 369);
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            run_case(case)
                .err()
                .map(|e| format!("{}: {e}", case.describe()))
        })
        .collect();
    for f in failures.iter().take(40) {
        eprintln!("{f}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed",
        failures.len(),
        cases.len()
    );
}

#[test]
fn hasregexpgroups_through_the_c_api() {
    let cases = has_regexp_groups_cases();
    assert_eq!(cases.len(), 55);
    for (args, want) in &cases {
        let p = construct(args).unwrap_or_else(|| panic!("{args:?} does not construct"));
        // SAFETY: a live pattern.
        assert_eq!(
            unsafe { weburl_pattern_has_regexp_groups(p) },
            *want,
            "{args:?}"
        );
        free_pattern(p);
    }
}

// ---------------------------------------------------------------------------------------
// Errors

#[test]
fn errors_name_the_failure_with_component_and_offset() {
    let init = weburl_pattern_init {
        pathname: member(Some("/books/:id(")),
        ..init_of(&Map::new())
    };
    let mut error = null_mut();
    // SAFETY: a live init; writable error.
    let p = unsafe { weburl_pattern_new_init(&init, false, null(), &mut error) };
    assert!(p.is_null());
    let (name, message, component, offset) = take_error(error).unwrap();
    assert_eq!(name, "pattern-tokenize");
    assert!(message.contains("pathname"), "{message}");
    assert_eq!(component, WEBURL_PATTERN_PATHNAME as i32);
    assert_eq!(offset, 10);

    assert_eq!(
        pattern("/books", None, false).unwrap_err(),
        "pattern-missing-base-url"
    );
    assert_eq!(
        pattern("/a", Some("not a url"), false).unwrap_err(),
        "pattern-invalid-base-url"
    );
    assert_eq!(
        pattern("https://h/:a/:a", None, false).unwrap_err(),
        "pattern-duplicate-name"
    );
    assert_eq!(
        pattern("https://h/{a", None, false).unwrap_err(),
        "pattern-unexpected-token"
    );
    assert_eq!(
        pattern("https://h/(a[)", None, false).unwrap_err(),
        "pattern-invalid-regexp"
    );
    assert_eq!(
        pattern("https://exa mple.com/", None, false).unwrap_err(),
        "pattern-invalid-component"
    );

    // Limits: untrusted refuses regexp groups and long patterns; none accepts them.
    let untrusted = weburl_pattern_limits_untrusted();
    assert!(!untrusted.allow_regexp_groups);
    assert_eq!(untrusted.max_length, 8192);
    let none = weburl_pattern_limits_none();
    assert!(none.allow_regexp_groups);
    assert_eq!(none.max_length, usize::MAX);
    let (p, n) = arg("https://h/:id(\\d+)");
    let mut error = null_mut();
    // SAFETY: live strings and limits.
    let refused = unsafe { weburl_pattern_new(p, n, null(), 0, false, &untrusted, &mut error) };
    assert!(refused.is_null());
    let (name, _, component, _) = take_error(error).unwrap();
    assert_eq!(
        (name.as_str(), component),
        ("pattern-regexp-groups-refused", 5)
    );
    // SAFETY: as above.
    let accepted = unsafe { weburl_pattern_new(p, n, null(), 0, false, &none, &mut error) };
    assert!(!accepted.is_null() && error.is_null());
    free_pattern(accepted);
    let short = weburl_pattern_limits {
        max_length: 5,
        ..none
    };
    // SAFETY: as above.
    let long = unsafe { weburl_pattern_new(p, n, null(), 0, false, &short, &mut error) };
    assert!(long.is_null());
    assert_eq!(take_error(error).unwrap().0, "pattern-too-long");

    // Not UTF-8: an error, not a crash; in test and exec, no match.
    let bad = [b'h', 0xff, b'/'];
    // SAFETY: three readable bytes.
    let p =
        unsafe { weburl_pattern_new(bad.as_ptr().cast(), 3, null(), 0, false, null(), &mut error) };
    assert!(p.is_null());
    let (name, _, component, offset) = take_error(error).unwrap();
    assert_eq!(
        (name.as_str(), component, offset),
        ("not-utf8", -1, usize::MAX)
    );
    let init = weburl_pattern_init {
        hash: ada_string {
            data: bad.as_ptr().cast(),
            length: 3,
        },
        ..init_of(&Map::new())
    };
    // SAFETY: live init.
    assert!(unsafe { weburl_pattern_new_init(&init, false, null(), &mut error) }.is_null());
    assert_eq!(take_error(error).unwrap().0, "not-utf8");

    // A NULL error pointer is allowed; success stores NULL.
    // SAFETY: as above, no error wanted.
    assert!(
        unsafe { weburl_pattern_new(bad.as_ptr().cast(), 3, null(), 0, false, null(), null_mut()) }
            .is_null()
    );
    let mut error = std::ptr::dangling_mut::<weburl_error>();
    let (p, n) = arg("https://h/*");
    // SAFETY: live strings.
    let ok = unsafe { weburl_pattern_new(p, n, null(), 0, false, null(), &mut error) };
    assert!(error.is_null());
    // NULL everywhere: answers, no crash.
    // SAFETY: NULL is accepted by every function.
    unsafe {
        assert!(!weburl_pattern_test(null(), p, n, null(), 0));
        assert!(!weburl_pattern_test(ok, bad.as_ptr().cast(), 3, null(), 0));
        assert!(weburl_pattern_exec(ok, bad.as_ptr().cast(), 3, null(), 0).is_null());
        assert!(!weburl_pattern_test_init(ok, &init));
        assert!(weburl_pattern_exec_init(ok, &init).is_null());
        assert!(!weburl_pattern_test_url(ok, null_mut()));
        assert!(weburl_pattern_exec_url(null(), null_mut()).is_null());
        assert_eq!(text(weburl_pattern_get_component(null(), 0)), Some(""));
        assert_eq!(text(weburl_pattern_get_component(ok, 8)), Some(""));
        assert!(!weburl_pattern_has_regexp_groups(null()));
        assert_eq!(weburl_pattern_result_group_count(null(), 0), 0);
        assert_eq!(weburl_pattern_result_input_count(null()), 0);
        let mut v = member(Some("x"));
        assert_eq!(
            weburl_pattern_result_group(null(), 0, 0, &mut v),
            WEBURL_GROUP_NOT_FOUND
        );
        assert!(text(v).is_none());
        assert_eq!(weburl_error_component(null()), -1);
        assert_eq!(weburl_error_offset(null()), usize::MAX);
        assert_eq!(text(weburl_error_name(null())), Some(""));
        assert_eq!(text(weburl_error_message(null())), Some(""));
        weburl_error_free(null_mut());
        weburl_pattern_result_free(null_mut());
        weburl_pattern_free(null_mut());
    }
    free_pattern(ok);
}

// ---------------------------------------------------------------------------------------
// Patterns

#[test]
fn a_pattern_matches_strings_inits_and_urls_with_groups() {
    let p = pattern("https://*.example.com/books/:id/:rest?", None, false).unwrap();
    // SAFETY: a live pattern, live strings, results freed once.
    unsafe {
        assert_eq!(
            str_of(weburl_pattern_get_component(p, WEBURL_PATTERN_HOSTNAME)),
            "*.example.com"
        );
        assert_eq!(
            str_of(weburl_pattern_get_component(p, WEBURL_PATTERN_PATHNAME)),
            "/books/:id/:rest?"
        );
        assert!(!weburl_pattern_has_regexp_groups(p));
        let (i, n) = arg("https://a.example.com/books/7");
        assert!(weburl_pattern_test(p, i, n, null(), 0));
        let r = weburl_pattern_exec(p, i, n, null(), 0);
        assert!(!r.is_null());
        assert_eq!(
            str_of(weburl_pattern_result_input(r, WEBURL_PATTERN_PATHNAME)),
            "/books/7"
        );
        assert_eq!(
            result_groups(r, WEBURL_PATTERN_PATHNAME),
            [
                ("id".to_owned(), Some("7".to_owned())),
                ("rest".to_owned(), None)
            ]
        );
        assert_eq!(
            result_groups(r, WEBURL_PATTERN_HOSTNAME),
            [("0".to_owned(), Some("a".to_owned()))]
        );
        let mut v = member(Some("x"));
        let (np, nn) = arg("rest");
        assert_eq!(
            weburl_pattern_result_group_by_name(r, 5, np, nn, &mut v),
            WEBURL_GROUP_UNMATCHED
        );
        assert!(text(v).is_none());
        let (np, nn) = arg("nope");
        assert_eq!(
            weburl_pattern_result_group_by_name(r, 5, np, nn, &mut v),
            WEBURL_GROUP_NOT_FOUND
        );
        assert_eq!(
            weburl_pattern_result_group(r, 5, 2, &mut v),
            WEBURL_GROUP_NOT_FOUND
        );
        assert_eq!(
            weburl_pattern_result_group(r, 9, 0, null_mut()),
            WEBURL_GROUP_NOT_FOUND
        );
        assert_eq!(text(weburl_pattern_result_group_name(r, 5, 2)), Some(""));
        assert_eq!(text(weburl_pattern_result_input(r, 8)), Some(""));
        assert_eq!(weburl_pattern_result_group_count(r, 8), 0);
        assert_eq!(weburl_pattern_result_input_count(r), 1);
        let mut s = member(None);
        assert!(weburl_pattern_result_input_string(r, 0, &mut s));
        assert_eq!(str_of(s), "https://a.example.com/books/7");
        assert!(!weburl_pattern_result_input_string(r, 1, &mut s));
        assert!(text(s).is_none());
        assert!(!weburl_pattern_result_input_init(r, 0, null_mut()));
        weburl_pattern_result_free(r);

        // An empty group that took part is matched, with an empty (non-NULL) value.
        let q = pattern("https://h/:a{-:b}?", None, false).unwrap();
        let (i, n) = arg("https://h/x-y");
        let r = weburl_pattern_exec(q, i, n, null(), 0);
        assert_eq!(
            result_groups(r, 5),
            [
                ("a".to_owned(), Some("x".to_owned())),
                ("b".to_owned(), Some("y".to_owned()))
            ]
        );
        weburl_pattern_result_free(r);
        let (i, n) = arg("https://h/x");
        let r = weburl_pattern_exec(q, i, n, null(), 0);
        assert_eq!(
            result_groups(r, 5),
            [
                ("a".to_owned(), Some("x".to_owned())),
                ("b".to_owned(), None)
            ]
        );
        weburl_pattern_result_free(r);
        let e = pattern("https://h/:a/*", None, false).unwrap();
        let (i, n) = arg("https://h/x/");
        let r = weburl_pattern_exec(e, i, n, null(), 0);
        let mut v = member(None);
        assert_eq!(
            weburl_pattern_result_group(r, 5, 1, &mut v),
            WEBURL_GROUP_MATCHED
        );
        assert!(!v.data.is_null());
        assert_eq!(text(v), Some(""));
        weburl_pattern_result_free(r);
        free_pattern(e);
        free_pattern(q);

        // A relative input against a base: two inputs.
        let (i, n) = arg("/books/8");
        let (b, bn) = arg("https://b.example.com/x");
        let r = weburl_pattern_exec(p, i, n, b, bn);
        assert_eq!(weburl_pattern_result_input_count(r), 2);
        assert!(weburl_pattern_result_input_string(r, 1, &mut s));
        assert_eq!(str_of(s), "https://b.example.com/x");
        weburl_pattern_result_free(r);

        // An init input.
        let init = weburl_pattern_init {
            protocol: member(Some("https")),
            hostname: member(Some("c.example.com")),
            pathname: member(Some("/books/9/x")),
            ..init_of(&Map::new())
        };
        assert!(weburl_pattern_test_init(p, &init));
        let r = weburl_pattern_exec_init(p, &init);
        assert_eq!(
            result_groups(r, 5)[1],
            ("rest".to_owned(), Some("x".to_owned()))
        );
        let mut back = init_of(&Map::new());
        assert!(weburl_pattern_result_input_init(r, 0, &mut back));
        assert_eq!(text(back.pathname), Some("/books/9/x"));
        assert_eq!(text(back.search), None);
        weburl_pattern_result_free(r);
        // The empty init (NULL) is not a match for this pattern.
        assert!(!weburl_pattern_test_init(p, null()));

        // A parsed URL.
        let url = parse("https://d.example.com/books/10");
        assert!(weburl_pattern_test_url(p, url));
        let r = weburl_pattern_exec_url(p, url);
        assert_eq!(result_groups(r, 5)[0].1.as_deref(), Some("10"));
        weburl_pattern_result_free(r);
        free_url(url);
        let invalid = parse("not a url");
        assert!(!weburl_pattern_test_url(p, invalid));
        free_url(invalid);
    }
    free_pattern(p);

    // ignoreCase, an init pattern, regexp groups.
    let p = pattern("https://h/Books/:id(\\d+)", None, true).unwrap();
    // SAFETY: a live pattern.
    unsafe {
        assert!(weburl_pattern_has_regexp_groups(p));
        let (i, n) = arg("https://h/books/12");
        assert!(weburl_pattern_test(p, i, n, null(), 0));
        let (i, n) = arg("https://h/books/x");
        assert!(!weburl_pattern_test(p, i, n, null(), 0));
    }
    free_pattern(p);
    let init = weburl_pattern_init {
        pathname: member(Some("/a/*")),
        ..init_of(&Map::new())
    };
    let mut error = null_mut();
    // SAFETY: a live init.
    let p = unsafe { weburl_pattern_new_init(&init, false, null(), &mut error) };
    assert!(error.is_null());
    // SAFETY: a live pattern.
    unsafe {
        assert_eq!(
            str_of(weburl_pattern_get_component(p, WEBURL_PATTERN_PROTOCOL)),
            "*"
        );
        let (i, n) = arg("ftp://x/a/b");
        assert!(weburl_pattern_test(p, i, n, null(), 0));
    }
    free_pattern(p);
    // The empty init: every component a wildcard.
    // SAFETY: NULL init.
    let any = unsafe { weburl_pattern_new_init(null(), false, null(), null_mut()) };
    // SAFETY: a live pattern.
    assert!(unsafe { weburl_pattern_test_init(any, null()) });
    free_pattern(any);
}

// ---------------------------------------------------------------------------------------
// Route sets

#[test]
fn a_route_set_finds_the_first_route_and_its_groups_without_copying() {
    let routes = [
        "https://api.github.com/repos/:owner/:repo",
        "https://api.github.com/repos/:owner/:repo/issues/:number",
        "https://api.github.com/repos/:owner/:repo/pulls{/:number}?/comments",
        "https://api.github.com/*",
    ];
    // SAFETY: live objects, each freed once.
    unsafe {
        let set = weburl_pattern_set_new();
        for (i, route) in routes.iter().enumerate() {
            let p = pattern(route, None, false).unwrap();
            assert!(weburl_pattern_set_insert(set, p, 100 + i));
            free_pattern(p); // the set holds a copy
        }
        assert!(!weburl_pattern_set_insert(set, null(), 1));
        assert!(!weburl_pattern_set_insert(null_mut(), null(), 1));
        assert_eq!(weburl_pattern_set_size(set), 4);
        assert_eq!(weburl_pattern_set_size(null()), 0);

        let m = weburl_pattern_set_match_new();
        let url = parse("https://api.github.com/repos/rust-lang/rust/issues/42");
        assert!(weburl_pattern_set_first_match(set, url, m));
        assert_eq!(weburl_pattern_set_match_value(m), 101);
        assert_eq!(weburl_pattern_set_match_index(m), 1);
        let mut v = member(None);
        let (np, nn) = arg("number");
        assert_eq!(
            weburl_pattern_set_match_group_by_name(m, 5, np, nn, &mut v),
            WEBURL_GROUP_MATCHED
        );
        assert_eq!(str_of(v), "42");
        // The value is a span of the URL's href: no text copied.
        let h = ada_get_href(url);
        assert!(v.data >= h.data && v.data.add(v.length) <= h.data.add(h.length));
        let (np, nn) = arg("owner");
        assert_eq!(
            weburl_pattern_set_match_group_by_name(m, 5, np, nn, &mut v),
            WEBURL_GROUP_MATCHED
        );
        assert_eq!(str_of(v), "rust-lang");
        assert_eq!(
            weburl_pattern_set_match_group_by_name(m, 3, np, nn, &mut v),
            WEBURL_GROUP_NOT_FOUND
        );
        assert_eq!(
            weburl_pattern_set_match_group_by_name(m, 99, np, nn, &mut v),
            WEBURL_GROUP_NOT_FOUND
        );
        // Every group, component by component: the wildcards of a constructor string's
        // username, password, search and hash (group `0`, empty here), and the pathname's
        // three.
        let n = weburl_pattern_set_match_group_count(m);
        let mut groups = Vec::new();
        for i in 0..n {
            let (mut c, mut name, mut value) = (0, member(None), member(None));
            assert_eq!(
                weburl_pattern_set_match_group(m, i, &mut c, &mut name, &mut value),
                WEBURL_GROUP_MATCHED
            );
            groups.push((c, str_of(name), str_of(value)));
        }
        assert_eq!(
            groups,
            [
                (1, "0", ""),
                (2, "0", ""),
                (5, "owner", "rust-lang"),
                (5, "repo", "rust"),
                (5, "number", "42"),
                (6, "0", ""),
                (7, "0", "")
            ]
        );
        let mut c = 77;
        assert_eq!(
            weburl_pattern_set_match_group(m, n, &mut c, null_mut(), null_mut()),
            WEBURL_GROUP_NOT_FOUND
        );
        assert_eq!(c, 77);
        free_url(url);

        // An optional group that did not take part: unmatched, not empty.
        let url = parse("https://api.github.com/repos/a/b/pulls/comments");
        assert!(weburl_pattern_set_first_match(set, url, m));
        assert_eq!(weburl_pattern_set_match_value(m), 102);
        let (np, nn) = arg("number");
        let mut v = member(Some("x"));
        assert_eq!(
            weburl_pattern_set_match_group_by_name(m, 5, np, nn, &mut v),
            WEBURL_GROUP_UNMATCHED
        );
        assert!(text(v).is_none());
        let mut values = [0usize; 4];
        assert_eq!(
            weburl_pattern_set_matches(set, url, values.as_mut_ptr(), 4),
            2
        );
        assert_eq!(values[..2], [102, 103]);
        // A smaller array gets the first; the count is all of them.
        let mut one = [0usize; 1];
        assert_eq!(weburl_pattern_set_matches(set, url, one.as_mut_ptr(), 1), 2);
        assert_eq!(one, [102]);
        assert_eq!(weburl_pattern_set_matches(set, url, null_mut(), 0), 2);
        free_url(url);

        // The catch-all, whose pathname group `0` is the rest.
        let url = parse("https://api.github.com/users/octocat");
        assert!(weburl_pattern_set_first_match(set, url, m));
        assert_eq!(weburl_pattern_set_match_index(m), 3);
        let (np, nn) = arg("0");
        assert_eq!(
            weburl_pattern_set_match_group_by_name(m, 5, np, nn, &mut v),
            WEBURL_GROUP_MATCHED
        );
        assert_eq!(str_of(v), "users/octocat");
        free_url(url);

        // No match: the match object is emptied.
        let url = parse("https://example.com/repos/a/b");
        assert!(!weburl_pattern_set_first_match(set, url, m));
        assert_eq!(weburl_pattern_set_match_value(m), 0);
        assert_eq!(weburl_pattern_set_match_index(m), usize::MAX);
        assert_eq!(weburl_pattern_set_match_group_count(m), 0);
        assert_eq!(
            weburl_pattern_set_matches(set, url, values.as_mut_ptr(), 4),
            0
        );
        free_url(url);
        // Invalid and NULL URLs, NULL objects.
        let invalid = parse("http://[::1");
        assert!(!weburl_pattern_set_first_match(set, invalid, m));
        assert!(!weburl_pattern_set_first_match(set, null_mut(), m));
        assert!(!weburl_pattern_set_first_match(null(), invalid, m));
        assert!(!weburl_pattern_set_first_match(set, invalid, null_mut()));
        assert_eq!(
            weburl_pattern_set_matches(null(), invalid, null_mut(), 0),
            0
        );
        free_url(invalid);
        assert_eq!(weburl_pattern_set_match_value(null()), 0);
        assert_eq!(weburl_pattern_set_match_index(null()), usize::MAX);
        assert_eq!(weburl_pattern_set_match_group_count(null()), 0);
        weburl_pattern_set_match_free(m);
        weburl_pattern_set_match_free(null_mut());
        weburl_pattern_set_free(set);
        weburl_pattern_set_free(null_mut());
    }
}

/// A pattern from a constructor string within `limits`.
fn limited(input: &str, limits: &weburl_pattern_limits) -> *mut weburl_pattern {
    let (p, n) = arg(input);
    let mut error = null_mut();
    // SAFETY: a live string and limits; `error` writable.
    let made = unsafe { weburl_pattern_new(p, n, null(), 0, false, limits, &mut error) };
    assert_eq!(take_error(error), None, "{input}");
    made
}

/// `weburl_pattern_try_test`'s status and error (name, component) on `input`.
fn try_test(p: *const weburl_pattern, input: &str) -> (i32, Option<(String, i32)>) {
    let (i, n) = arg(input);
    let mut error = null_mut();
    // SAFETY: a live pattern (or NULL) and string; `error` writable.
    let status = unsafe { weburl_pattern_try_test(p, i, n, null(), 0, &mut error) };
    let error = take_error(error).map(|(name, _, c, _)| (name, c));
    assert_eq!(status == WEBURL_MATCH_ERROR, error.is_some());
    (status, error)
}

/// A lookahead sends the custom regexp group to the bounded backtracking matcher, and
/// `(?:a*)*` before a `b` that never comes takes it exponential time: the fallible forms
/// report the exhausted budget (`pattern-steps-exhausted`, in the pathname), the others
/// answer no match, and the budget is the one the limits gave.
#[test]
fn a_match_that_runs_out_of_steps_is_an_error_of_the_try_forms() {
    let none = weburl_pattern_limits_none();
    assert_eq!(none.max_regexp_steps, 10_000_000);
    assert!(none.allow_backtracking_regexps);
    let untrusted = weburl_pattern_limits_untrusted();
    assert_eq!(untrusted.max_regexp_steps, 1_000_000);
    let small = weburl_pattern_limits {
        max_regexp_steps: 1000,
        ..none
    };
    let exhausted = Some((
        "pattern-steps-exhausted".to_owned(),
        WEBURL_PATTERN_PATHNAME as i32,
    ));
    let hostile = "https://h/:x((?=a)(?:a*)*b)";
    let p = limited(hostile, &small);
    let long = format!("https://h/{}", "a".repeat(40));
    let (l, ln) = arg(&long);
    assert_eq!(try_test(p, &long), (WEBURL_MATCH_ERROR, exhausted.clone()));
    assert_eq!(try_test(p, "https://h/aab"), (WEBURL_MATCH_FOUND, None));
    assert_eq!(try_test(p, "https://h/b"), (WEBURL_MATCH_NONE, None));
    // A URL that does not parse does not match, as `test` answers.
    assert_eq!(try_test(p, "no url"), (WEBURL_MATCH_NONE, None));
    let url = parse(&long);
    let mut pathname = init_of(&Map::new());
    pathname.protocol = member(Some("https"));
    pathname.hostname = member(Some("h"));
    pathname.pathname = member(Some(&long["https://h".len()..]));
    let mut errors = [null_mut(); 5];
    let mut message = None;
    // SAFETY: live pattern, strings, URL and init; writable errors.
    unsafe {
        assert!(!weburl_pattern_test(p, l, ln, null(), 0));
        assert!(weburl_pattern_exec(p, l, ln, null(), 0).is_null());
        assert!(!weburl_pattern_test_url(p, url));
        assert!(!weburl_pattern_test_init(p, &pathname));
        assert!(weburl_pattern_try_exec(p, l, ln, null(), 0, &mut errors[0]).is_null());
        assert_eq!(
            weburl_pattern_try_test_url(p, url, &mut errors[1]),
            WEBURL_MATCH_ERROR
        );
        assert!(weburl_pattern_try_exec_url(p, url, &mut errors[2]).is_null());
        assert_eq!(
            weburl_pattern_try_test_init(p, &pathname, &mut errors[3]),
            WEBURL_MATCH_ERROR
        );
        assert!(weburl_pattern_try_exec_init(p, &pathname, &mut errors[4]).is_null());
        for e in errors {
            let (name, text, component, offset) = take_error(e).unwrap();
            assert_eq!((Some((name, component))), exhausted);
            assert_eq!(offset, usize::MAX);
            message = Some(text);
        }
        // A NULL error out-parameter is accepted.
        assert_eq!(
            weburl_pattern_try_test(p, l, ln, null(), 0, null_mut()),
            WEBURL_MATCH_ERROR
        );
    }
    assert_eq!(
        message.unwrap(),
        "the pathname's custom regexp groups exhausted their budget of 1000 steps (max_regexp_steps) without an answer"
    );
    free_url(url);
    free_pattern(p);

    // The budget is the limits': a shorter hostile value takes more than 1000 steps and
    // fewer than the default budget (0 means the default).
    let default_budget = limited(
        hostile,
        &weburl_pattern_limits {
            max_regexp_steps: 0,
            ..none
        },
    );
    let p = limited(hostile, &small);
    let shorter = format!("https://h/{}", "a".repeat(12));
    assert_eq!(
        try_test(default_budget, &shorter),
        (WEBURL_MATCH_NONE, None)
    );
    assert_eq!(
        try_test(p, &shorter),
        (WEBURL_MATCH_ERROR, exhausted.clone())
    );
    free_pattern(default_budget);
    // The default budget runs out too, on a long enough value (NULL limits). (The lookahead
    // sits in the group: URLPattern refuses a nested group that starts with neither `?:`
    // nor a lookaround.)
    let alternation = pattern("https://h/((?:a|a)*b(?=c))", None, false).unwrap();
    let longer = format!("https://h/{}", "a".repeat(64));
    assert_eq!(
        try_test(alternation, &longer),
        (WEBURL_MATCH_ERROR, exhausted.clone())
    );
    free_pattern(alternation);

    // A set: the hostile route is tried first (first in insertion order, and more specific
    // than `*`), so the fallible lookups cannot answer; the others read it as no match.
    // SAFETY: live set, patterns, match object and URLs, each freed once.
    unsafe {
        let set = weburl_pattern_set_new();
        let any = pattern("https://h/*", None, false).unwrap();
        assert!(weburl_pattern_set_insert(set, p, 10));
        assert!(weburl_pattern_set_insert(set, any, 11));
        let m = weburl_pattern_set_match_new();
        let url = parse(&long);
        let mut error = null_mut();
        for lookup in [
            weburl_pattern_set_try_first_match,
            weburl_pattern_set_try_best_match,
        ] {
            assert!(weburl_pattern_set_first_match(set, url, m));
            assert_eq!(lookup(set, url, m, &mut error), WEBURL_MATCH_ERROR);
            assert_eq!(take_error(error).map(|(n, _, c, _)| (n, c)), exhausted);
            assert_eq!(weburl_pattern_set_match_index(m), usize::MAX);
            assert_eq!(weburl_pattern_set_match_group_count(m), 0);
        }
        assert!(weburl_pattern_set_best_match(set, url, m));
        assert_eq!(weburl_pattern_set_match_value(m), 11);
        let mut values = [0usize; 2];
        assert_eq!(
            weburl_pattern_set_matches(set, url, values.as_mut_ptr(), 2),
            1
        );
        assert_eq!(
            weburl_pattern_set_try_matches(set, url, values.as_mut_ptr(), 2, &mut error),
            usize::MAX
        );
        assert_eq!(take_error(error).map(|(n, _, c, _)| (n, c)), exhausted);
        free_url(url);
        // A value the hostile route answers: found, with its groups as spans of the href.
        let url = parse("https://h/aab");
        for lookup in [
            weburl_pattern_set_try_first_match,
            weburl_pattern_set_try_best_match,
        ] {
            assert_eq!(lookup(set, url, m, &mut error), WEBURL_MATCH_FOUND);
            assert!(error.is_null());
            assert_eq!(weburl_pattern_set_match_index(m), 0);
            assert_eq!(weburl_pattern_set_match_value(m), 10);
            let (x, xn) = arg("x");
            let mut value = member(None);
            let status = weburl_pattern_set_match_group_by_name(
                m,
                WEBURL_PATTERN_PATHNAME,
                x,
                xn,
                &mut value,
            );
            assert_eq!((status, text(value)), (WEBURL_GROUP_MATCHED, Some("aab")));
            let href = ada_get_href(url);
            assert_eq!(value.data, href.data.add("https://h/".len()));
        }
        assert_eq!(
            weburl_pattern_set_try_matches(set, url, values.as_mut_ptr(), 2, &mut error),
            2
        );
        assert!(error.is_null() && values == [10, 11]);
        free_url(url);
        // An invalid URL matches nothing; NULL handles are errors.
        let url = parse("no url");
        assert_eq!(
            weburl_pattern_set_try_first_match(set, url, m, &mut error),
            WEBURL_MATCH_NONE
        );
        assert_eq!(
            weburl_pattern_set_try_matches(set, url, null_mut(), 0, &mut error),
            0
        );
        assert!(error.is_null());
        assert_eq!(
            weburl_pattern_set_try_first_match(null(), url, m, &mut error),
            WEBURL_MATCH_ERROR
        );
        assert_eq!(take_error(error).unwrap().0, "invalid-argument");
        assert_eq!(
            weburl_pattern_set_try_best_match(set, url, null_mut(), &mut error),
            WEBURL_MATCH_ERROR
        );
        assert_eq!(take_error(error).unwrap().0, "invalid-argument");
        assert_eq!(
            weburl_pattern_set_try_matches(null(), url, null_mut(), 0, &mut error),
            usize::MAX
        );
        assert_eq!(take_error(error).unwrap().0, "invalid-argument");
        free_url(url);
        weburl_pattern_set_match_free(m);
        weburl_pattern_set_free(set);
        free_pattern(any);
    }
    free_pattern(p);

    // NULL pattern, text that is not UTF-8.
    assert_eq!(
        try_test(null(), "https://h/"),
        (
            WEBURL_MATCH_ERROR,
            Some(("invalid-argument".to_owned(), -1))
        )
    );
    let mut error = null_mut();
    let bad = [b'h', 0xff];
    let p = pattern("https://h/*", None, false).unwrap();
    // SAFETY: a live pattern; two readable bytes; `error` writable.
    unsafe {
        let status = weburl_pattern_try_test(p, bad.as_ptr().cast(), 2, null(), 0, &mut error);
        assert_eq!(status, WEBURL_MATCH_ERROR);
        assert_eq!(take_error(error).unwrap().0, "not-utf8");
        let (i, n) = arg("https://h/");
        assert!(weburl_pattern_try_exec(p, i, n, bad.as_ptr().cast(), 2, &mut error).is_null());
        assert_eq!(take_error(error).unwrap().0, "not-utf8");
    }
    free_pattern(p);
}

/// `allow_backtracking_regexps` false refuses, when the pattern is made, the regexp groups
/// that need the backtracking matcher, and takes those the linear engine runs.
#[test]
fn limits_can_refuse_regexps_that_need_backtracking() {
    let linear_only = weburl_pattern_limits {
        allow_backtracking_regexps: false,
        ..weburl_pattern_limits_none()
    };
    let p = limited("https://h/:x((?:a*)*b)", &linear_only);
    assert_eq!(
        try_test(p, &format!("https://h/{}", "a".repeat(20_000))),
        (WEBURL_MATCH_NONE, None)
    );
    free_pattern(p);
    for refused in [
        "https://h/:x((?=a)\\w+)",
        "https://h/((?:a|a)*b(?=c))",
        "https://h/:x((?<n>a)\\k<n>)",
    ] {
        let (i, n) = arg(refused);
        let mut error = null_mut();
        // SAFETY: a live string and limits; `error` writable.
        let made = unsafe { weburl_pattern_new(i, n, null(), 0, false, &linear_only, &mut error) };
        assert!(made.is_null(), "{refused}");
        let (name, _, component, _) = take_error(error).unwrap();
        assert_eq!(
            (name.as_str(), component),
            (
                "pattern-regexp-groups-refused",
                WEBURL_PATTERN_PATHNAME as i32
            )
        );
    }
}

#[test]
fn a_route_set_finds_the_most_specific_route() {
    // In an order where the first match is the catch-all.
    let routes = [
        "https://example.com/*",
        "https://example.com/books/:id",
        "https://example.com/books/new",
        "https://*.example.com/books/new",
        "https://admin.example.com/*",
    ];
    // SAFETY: live objects, each freed once.
    unsafe {
        let set = weburl_pattern_set_new();
        for (i, route) in routes.iter().enumerate() {
            let p = pattern(route, None, false).unwrap();
            assert!(weburl_pattern_set_insert(set, p, 100 + i));
            free_pattern(p);
        }
        let m = weburl_pattern_set_match_new();
        for (url, first, best) in [
            ("https://example.com/books/new", 0, 2),
            ("https://example.com/books/7", 0, 1),
            ("https://example.com/about", 0, 0),
            ("https://www.example.com/books/new", 3, 3),
            // A fixed hostname beats a wildcard one, whatever the pathnames.
            ("https://admin.example.com/books/new", 3, 4),
        ] {
            let u = parse(url);
            assert!(weburl_pattern_set_first_match(set, u, m), "{url}");
            assert_eq!(weburl_pattern_set_match_index(m), first, "{url}");
            assert!(weburl_pattern_set_best_match(set, u, m), "{url}");
            assert_eq!(weburl_pattern_set_match_index(m), best, "{url}");
            assert_eq!(weburl_pattern_set_match_value(m), 100 + best, "{url}");
            free_url(u);
        }
        // The groups of the best match, as spans of the href.
        let u = parse("https://example.com/books/7");
        assert!(weburl_pattern_set_best_match(set, u, m));
        let (np, nn) = arg("id");
        let mut v = member(None);
        assert_eq!(
            weburl_pattern_set_match_group_by_name(m, 5, np, nn, &mut v),
            WEBURL_GROUP_MATCHED
        );
        assert_eq!(str_of(v), "7");
        free_url(u);
        // An insert ranks the set again.
        let p = pattern("https://example.com/books/7", None, false).unwrap();
        assert!(weburl_pattern_set_insert(set, p, 7));
        free_pattern(p);
        let u = parse("https://example.com/books/7");
        assert!(weburl_pattern_set_best_match(set, u, m));
        assert_eq!(weburl_pattern_set_match_value(m), 7);
        // No match, invalid and NULL handles: false, the match object emptied.
        let other = parse("https://example.org/");
        assert!(!weburl_pattern_set_best_match(set, other, m));
        assert_eq!(weburl_pattern_set_match_index(m), usize::MAX);
        assert_eq!(weburl_pattern_set_match_group_count(m), 0);
        let invalid = parse("http://[::1");
        assert!(!weburl_pattern_set_best_match(set, invalid, m));
        assert!(!weburl_pattern_set_best_match(set, null_mut(), m));
        assert!(!weburl_pattern_set_best_match(null(), u, m));
        assert!(!weburl_pattern_set_best_match(set, u, null_mut()));
        free_url(u);
        free_url(other);
        free_url(invalid);
        weburl_pattern_set_match_free(m);
        weburl_pattern_set_free(set);
    }
}

/// The header's documentation of `weburl_pattern_set_best_match` gives the order of the
/// library's `BEST_MATCH_ORDER`.
#[test]
fn best_match_documents_the_order_of_the_library() {
    let header = include_str!("../include/weburl.h");
    let squeezed = (header.split_whitespace())
        .filter(|w| *w != "*")
        .collect::<Vec<_>>()
        .join(" ");
    let names: Vec<&str> = (weburl::pattern::BEST_MATCH_ORDER.iter())
        .map(|c| c.name())
        .collect();
    let order = format!(
        "compared on their {}, then their {}, then the other components ({})",
        names[0],
        names[1],
        names[2..].join(", ")
    );
    assert!(squeezed.contains(&order), "weburl.h does not say: {order}");
}

// ---------------------------------------------------------------------------------------
// Extras

#[test]
fn url_error_names_and_validation() {
    let bad = parse("http://a:99999");
    let good = parse("https://example.com/");
    // SAFETY: live handles and records, each freed once.
    unsafe {
        assert_eq!(str_of(weburl_url_error_name(bad)), "port-out-of-range");
        assert_eq!(str_of(weburl_url_error_name(good)), "");
        assert_eq!(str_of(weburl_url_error_name(null_mut())), "");

        let (i, n) = arg("https://u@example.org/a b");
        let mut error = null_mut();
        let v = weburl_validate(i, n, null(), 0, &mut error);
        assert!(error.is_null());
        assert!(weburl_validation_parsed(v));
        assert!(!weburl_validation_valid(v));
        assert_eq!(weburl_validation_count(v), 2);
        let mut e = weburl_validation_error {
            name: member(None),
            message: member(None),
            offset: 0,
            failure: true,
        };
        assert!(weburl_validation_get(v, 0, &mut e));
        assert_eq!(
            (str_of(e.name), e.offset, e.failure),
            ("invalid-credentials", 9, false)
        );
        assert_eq!(str_of(e.message), "the URL contains credentials");
        assert!(weburl_validation_get(v, 1, &mut e));
        assert_eq!((str_of(e.name), e.offset), ("invalid-URL-unit", 23));
        assert!(!weburl_validation_get(v, 2, &mut e));
        weburl_validation_free(v);

        // A failure is among the errors; a relative input with a base.
        let (i, n) = arg("http://[::1");
        let v = weburl_validate(i, n, null(), 0, &mut error);
        assert!(!weburl_validation_parsed(v));
        let mut failures = 0;
        for k in 0..weburl_validation_count(v) {
            assert!(weburl_validation_get(v, k, &mut e));
            failures += usize::from(e.failure);
        }
        assert_eq!(failures, 1);
        weburl_validation_free(v);
        let (i, n) = arg("/a");
        let (b, bn) = arg("https://example.com/");
        let v = weburl_validate(i, n, b, bn, &mut error);
        assert!(weburl_validation_parsed(v) && weburl_validation_valid(v));
        assert_eq!(weburl_validation_count(v), 0);
        weburl_validation_free(v);
        // A base that does not parse, text that is not UTF-8: errors.
        let (b, bn) = arg("nope");
        assert!(weburl_validate(i, n, b, bn, &mut error).is_null());
        let (name, message, ..) = take_error(error).unwrap();
        assert_eq!(name, "missing-scheme-non-relative-URL");
        assert!(message.starts_with("invalid base URL"), "{message}");
        let bad_bytes = [0xc3u8];
        assert!(weburl_validate(bad_bytes.as_ptr().cast(), 1, null(), 0, &mut error).is_null());
        assert_eq!(take_error(error).unwrap().0, "not-utf8");
        assert!(!weburl_validation_parsed(null()));
        assert!(!weburl_validation_valid(null()));
        assert_eq!(weburl_validation_count(null()), 0);
        assert!(!weburl_validation_get(null(), 0, null_mut()));
        weburl_validation_free(null_mut());
    }
    free_url(bad);
    free_url(good);
}

#[test]
fn parsing_with_a_query_encoding() {
    let call = |input: &str, base: Option<&str>, encoding: Option<&[u8]>| {
        let (i, n) = arg(input);
        let (b, bn) = opt(base);
        let (e, en) = encoding.map_or((null(), 0), |e| (e.as_ptr().cast(), e.len()));
        let mut error = null_mut();
        // SAFETY: live strings; writable error.
        let url = unsafe { weburl_parse_with_encoding(i, n, b, bn, e, en, &mut error) };
        (url, take_error(error).map(|e| e.0))
    };
    let (url, e) = call("http://h/?é", None, Some(b"windows-1252"));
    assert_eq!((href(url).as_str(), e), ("http://h/?%E9", None));
    free_url(url);
    let (url, e) = call("?日本", Some("http://h/p"), Some(b" Shift_JIS "));
    assert_eq!((href(url).as_str(), e), ("http://h/p?%93%FA%96{", None));
    free_url(url);
    // A character the encoding cannot write: &#N;.
    let (url, _) = call("http://h/?€日", None, Some(b"latin1"));
    assert_eq!(href(url), "http://h/?%80%26%2326085%3B");
    free_url(url);
    // NULL is UTF-8; a non-special URL's query is always UTF-8.
    let (url, _) = call("http://h/?é", None, None);
    assert_eq!(href(url), "http://h/?%C3%A9");
    free_url(url);
    // Failures: an invalid handle with the parse error, or NULL.
    let (url, e) = call("http://h:99999/", None, Some(b"utf-8"));
    // SAFETY: a live handle.
    assert!(!url.is_null() && !unsafe { ada_is_valid(url) });
    // SAFETY: a live handle.
    assert_eq!(
        str_of(unsafe { weburl_url_error_name(url) }),
        "port-out-of-range"
    );
    assert_eq!(e.as_deref(), Some("port-out-of-range"));
    free_url(url);
    let (url, e) = call("/a", Some("relative"), None);
    // SAFETY: a live handle.
    assert!(!url.is_null() && !unsafe { ada_is_valid(url) });
    assert_eq!(e.as_deref(), Some("missing-scheme-non-relative-URL"));
    free_url(url);
    let (url, e) = call("http://h/", None, Some(b"no-such-encoding"));
    assert!(url.is_null());
    assert_eq!(e.as_deref(), Some("unknown-encoding"));
    let (url, e) = call("http://h/", None, Some(&[0xff]));
    assert!(url.is_null());
    assert_eq!(e.as_deref(), Some("unknown-encoding"));
    let bad = [0xffu8];
    let mut error = null_mut();
    // SAFETY: one readable byte.
    let url = unsafe {
        weburl_parse_with_encoding(bad.as_ptr().cast(), 1, null(), 0, null(), 0, &mut error)
    };
    assert!(url.is_null());
    assert_eq!(take_error(error).unwrap().0, "not-utf8");
}

#[test]
fn public_suffixes_sites_and_address_spaces() {
    let url = parse("https://a.b.whatwg.github.io:8443/x");
    let ip = parse("http://0x7f.1/");
    let mapped = parse("http://[::ffff:10.0.0.1]/");
    let opaque = parse("sc://10.0.0.1/");
    let invalid = parse("http://[::1");
    // SAFETY: live handles.
    unsafe {
        assert_eq!(text(weburl_public_suffix(url, false)), Some("github.io"));
        assert_eq!(text(weburl_public_suffix(url, true)), Some("io"));
        assert_eq!(
            text(weburl_registrable_domain(url, false)),
            Some("whatwg.github.io")
        );
        assert_eq!(
            text(weburl_registrable_domain(url, true)),
            Some("github.io")
        );
        assert_eq!(text(weburl_public_suffix(ip, false)), None);
        assert_eq!(text(weburl_registrable_domain(invalid, false)), None);
        assert_eq!(text(weburl_public_suffix(null_mut(), false)), None);
        assert_eq!(
            owned(weburl_site(url, false)).as_deref(),
            Some("https://whatwg.github.io")
        );
        assert_eq!(
            owned(weburl_site(url, true)).as_deref(),
            Some("https://github.io")
        );
        assert_eq!(owned(weburl_site(opaque, false)).as_deref(), Some("null"));
        assert_eq!(owned(weburl_site(invalid, false)), None);

        assert_eq!(weburl_address_space(ip), WEBURL_ADDRESS_SPACE_LOOPBACK);
        assert_eq!(weburl_address_space(mapped), WEBURL_ADDRESS_SPACE_LOCAL);
        assert_eq!(weburl_address_space(url), -1);
        assert_eq!(weburl_address_space(opaque), -1);
        assert_eq!(weburl_address_space(invalid), -1);
        assert_eq!(weburl_address_space(null_mut()), -1);
        let localhost = parse("http://LOCALHOST./");
        assert_eq!(
            weburl_address_space(localhost),
            WEBURL_ADDRESS_SPACE_LOOPBACK
        );
        free_url(localhost);
        let space = |s: &str| {
            let (p, n) = arg(s);
            weburl_ip_address_space(p, n)
        };
        assert_eq!(space("127.0.0.1"), WEBURL_ADDRESS_SPACE_LOOPBACK);
        assert_eq!(space("64:ff9b::7f00:1"), WEBURL_ADDRESS_SPACE_LOOPBACK);
        assert_eq!(space("fe80::1%eth0"), WEBURL_ADDRESS_SPACE_LOCAL);
        assert_eq!(space("169.254.169.254"), WEBURL_ADDRESS_SPACE_LOCAL);
        assert_eq!(space("2606:4700::1111"), WEBURL_ADDRESS_SPACE_PUBLIC);
        assert_eq!(space("example.com"), -1);
        assert_eq!(space("0x7f.1"), -1);
        assert_eq!(weburl_ip_address_space([0xffu8].as_ptr().cast(), 1), -1);

        let mut block = weburl_special_block {
            prefix: member(None),
            name: member(None),
            reference: member(None),
            globally_reachable: 9,
            address_space: 9,
        };
        assert!(weburl_url_special_block(mapped, &mut block));
        assert_eq!(str_of(block.name), "IPv4-mapped Address");
        let (p, n) = arg("100.64.1.2");
        assert!(weburl_ip_special_block(p, n, &mut block));
        assert_eq!(
            (
                str_of(block.prefix),
                str_of(block.name),
                str_of(block.reference)
            ),
            ("100.64.0.0/10", "Shared Address Space", "RFC 6598")
        );
        assert_eq!(
            (block.globally_reachable, block.address_space),
            (0, WEBURL_ADDRESS_SPACE_LOCAL)
        );
        let (p, n) = arg("224.0.0.1");
        assert!(weburl_ip_special_block(p, n, &mut block));
        assert_eq!(block.globally_reachable, -1);
        let (p, n) = arg("192.31.196.1");
        assert!(weburl_ip_special_block(p, n, &mut block));
        assert_eq!(block.globally_reachable, 1);
        let (p, n) = arg("8.8.8.8");
        assert!(!weburl_ip_special_block(p, n, &mut block));
        assert!(!weburl_url_special_block(url, &mut block));
        assert!(!weburl_url_special_block(null_mut(), null_mut()));
        let (p, n) = arg("not an ip");
        assert!(!weburl_ip_special_block(p, n, null_mut()));
    }
    for u in [url, ip, mapped, opaque, invalid] {
        free_url(u);
    }
}

/// A check's rules, freed.
fn check(
    policy: *const weburl_policy,
    url: &str,
    base: Option<&str>,
) -> Result<String, Vec<(String, String)>> {
    let (u, n) = arg(url);
    let (b, bn) = opt(base);
    // SAFETY: a live policy and strings; the check is freed once.
    unsafe {
        let c = weburl_policy_check(policy, u, n, b, bn);
        assert!(!c.is_null());
        let out = if weburl_check_allowed(c) {
            assert_eq!(weburl_check_reason_count(c), 0);
            let url = weburl_check_take_url(c);
            assert!(weburl_check_take_url(c).is_null(), "taken once");
            let h = href(url);
            free_url(url);
            Ok(h)
        } else {
            assert!(weburl_check_take_url(c).is_null());
            let reasons = (0..weburl_check_reason_count(c))
                .map(|i| {
                    let (mut rule, mut message) = (member(None), member(None));
                    assert!(weburl_check_reason(c, i, &mut rule, &mut message));
                    (str_of(rule).to_owned(), str_of(message).to_owned())
                })
                .collect::<Vec<_>>();
            assert!(!weburl_check_reason(
                c,
                reasons.len(),
                null_mut(),
                null_mut()
            ));
            assert!(!reasons.is_empty());
            Err(reasons)
        };
        weburl_check_free(c);
        out
    }
}

fn rules(r: Result<String, Vec<(String, String)>>) -> Vec<String> {
    r.expect_err("refused")
        .into_iter()
        .map(|(rule, _)| rule)
        .collect()
}

#[test]
fn the_fetch_policy() {
    let mut error = null_mut();
    // SAFETY: live strings, policies freed once.
    unsafe {
        let public = weburl_policy_new(null(), 0, &mut error);
        assert!(error.is_null());
        assert_eq!(
            check(public, "/hook", Some("https://example.com/")).as_deref(),
            Ok("https://example.com/hook")
        );
        assert_eq!(
            rules(check(public, "ftp://u:p@[::1]/", None)),
            ["scheme", "credentials", "address-space"]
        );
        let refused = check(public, "http://169.254.169.254/", None).unwrap_err();
        assert!(refused[0].1.contains("local address space"), "{refused:?}");
        assert_eq!(
            rules(check(public, "http://evil.com\\@good.com/", None)),
            ["engines-disagree"]
        );
        assert_eq!(rules(check(public, "http://[::1", None)), ["unparsable"]);
        assert_eq!(rules(check(public, "/x", Some("relative"))), ["unparsable"]);
        let bad = [0xffu8];
        let c = weburl_policy_check(public, bad.as_ptr().cast(), 1, null(), 0);
        assert!(!weburl_check_allowed(c));
        weburl_check_free(c);

        // The setters: Python's keyword arguments.
        let (s, n) = arg(" https ,, ");
        assert!(weburl_policy_allow_schemes(public, s, n, &mut error));
        assert!(error.is_null());
        assert_eq!(
            rules(check(public, "http://example.com/", None)),
            ["scheme"]
        );
        assert!(weburl_policy_allow_ports(
            public,
            [443u16, 8443].as_ptr(),
            2
        ));
        assert_eq!(
            rules(check(public, "https://example.com:444/", None)),
            ["port"]
        );
        assert!(check(public, "https://example.com:8443/", None).is_ok());
        assert!(weburl_policy_allow_ports(public, null(), 0));
        assert!(check(public, "https://example.com:444/", None).is_ok());
        let (s, n) = arg("loopback");
        assert!(weburl_policy_deny_address_spaces(public, s, n, &mut error));
        assert!(check(public, "https://10.0.0.1/", None).is_ok());
        let (s, n) = arg("loopback,private");
        assert!(!weburl_policy_deny_address_spaces(public, s, n, &mut error));
        assert_eq!(take_error(error).unwrap().0, "unknown-address-space");
        assert!(
            check(public, "https://10.0.0.1/", None).is_ok(),
            "unchanged"
        );
        let (s, n) = arg("*.example.com");
        assert!(weburl_policy_allow_host(public, s, n, &mut error));
        assert_eq!(
            rules(check(public, "https://example.org/", None)),
            ["host-not-allowed"]
        );
        assert!(check(public, "https://a.example.com/", None).is_ok());
        let (s, n) = arg("db.example.com");
        assert!(weburl_policy_deny_host(public, s, n, &mut error));
        assert_eq!(
            rules(check(public, "https://DB.example.com/", None)),
            ["host-denied"]
        );
        let (s, n) = arg("exa mple.com");
        assert!(!weburl_policy_deny_host(public, s, n, &mut error));
        assert_eq!(take_error(error).unwrap().0, "policy-bad-host");
        assert!(!weburl_policy_allow_host(
            public,
            bad.as_ptr().cast(),
            1,
            &mut error
        ));
        assert_eq!(take_error(error).unwrap().0, "not-utf8");
        assert!(weburl_policy_allow_credentials(public, true));
        assert!(check(public, "https://u@a.example.com/", None).is_ok());
        assert!(weburl_policy_require_engine_agreement(public, false));
        assert!(check(public, "https:a.example.com/", None).is_ok());
        assert!(weburl_policy_require_historical_engine_agreement(
            public, true
        ));
        assert_eq!(
            rules(check(public, "https://a.example.com?x", None)),
            ["engines-disagree"]
        );
        weburl_policy_free(public);

        let (s, n) = arg("none");
        let none = weburl_policy_new(s, n, &mut error);
        assert!(check(none, "ftp://u@127.0.0.1:21/", None).is_ok());
        let (s, n) = arg("example.co.uk");
        assert!(weburl_policy_allow_site(none, s, n, &mut error));
        assert!(check(none, "https://www.example.co.uk/", None).is_ok());
        assert_eq!(
            rules(check(none, "https://co.uk/", None)),
            ["site-not-allowed"]
        );
        // check_url: a parsed URL.
        let url = parse("https://www.example.co.uk/a");
        let c = weburl_policy_check_url(none, url);
        assert!(weburl_check_allowed(c));
        let taken = weburl_check_take_url(c);
        assert_eq!(href(taken), "https://www.example.co.uk/a");
        free_url(taken);
        weburl_check_free(c);
        free_url(url);
        let invalid = parse("http://[::1");
        let c = weburl_policy_check_url(none, invalid);
        assert!(!weburl_check_allowed(c));
        let mut rule = member(None);
        assert!(weburl_check_reason(c, 0, &mut rule, null_mut()));
        assert_eq!(str_of(rule), "unparsable");
        weburl_check_free(c);
        free_url(invalid);
        let (s, n) = arg("EXAMPLE.co.uk");
        assert!(weburl_policy_deny_site(none, s, n, &mut error));
        assert_eq!(
            rules(check(none, "https://x.example.co.uk/", None)),
            ["site-denied"]
        );
        weburl_policy_free(none);

        let (s, n) = arg("strict");
        assert!(weburl_policy_new(s, n, &mut error).is_null());
        assert_eq!(take_error(error).unwrap().0, "unknown-preset");
        // NULL objects.
        assert!(weburl_policy_check(null(), null(), 0, null(), 0).is_null());
        assert!(weburl_policy_check_url(null(), null_mut()).is_null());
        assert!(!weburl_policy_allow_credentials(null_mut(), true));
        assert!(!weburl_policy_allow_schemes(
            null_mut(),
            null(),
            0,
            &mut error
        ));
        assert_eq!(take_error(error).unwrap().0, "invalid-argument");
        assert!(!weburl_check_allowed(null()));
        assert!(weburl_check_take_url(null_mut()).is_null());
        assert_eq!(weburl_check_reason_count(null()), 0);
        weburl_check_free(null_mut());
        weburl_policy_free(null_mut());
    }
}

#[test]
fn normalization_profiles_as_python_gives_them() {
    let normalize = |url: &[u8], profile: Option<&str>, flags: u32| {
        let (p, pn) = opt(profile);
        let mut error = null_mut();
        // SAFETY: live strings; writable error.
        let out = owned(unsafe {
            weburl_normalize(url.as_ptr().cast(), url.len(), p, pn, flags, &mut error)
        });
        (out, take_error(error).map(|e| e.0))
    };
    let ok = |url: &str, profile: &str, flags: u32| {
        normalize(url.as_bytes(), Some(profile), flags).0.unwrap()
    };
    assert_eq!(
        normalize(b"HTTP://Example.COM:80/a/../b?", None, 0)
            .0
            .unwrap(),
        "http://example.com/b?"
    );
    assert_eq!(
        ok("http://example.com/%7euser/a%2fb?b=2&a=1&#top", "dedup", 0),
        "http://example.com/~user/a%2Fb?a=1&b=2"
    );
    assert_eq!(
        ok(
            "http://example.com/p?b&a#%7etop",
            "dedup",
            WEBURL_NORMALIZE_KEEP_FRAGMENT
        ),
        "http://example.com/p?a&b#~top"
    );
    assert_eq!(
        ok(
            "https://example.com/docs/index.html",
            "dedup",
            WEBURL_NORMALIZE_DROP_INDEX
        ),
        "https://example.com/docs/"
    );
    assert_eq!(
        ok(
            "http://www.example.com/do?c=3&b=5&b=2&a=50&d#top",
            "w3lib",
            0
        ),
        "http://www.example.com/do?a=50&b=2&b=5&c=3&d="
    );
    assert_eq!(
        ok("https://www.Example.com/Path?b=2&a=1", "surt", 0),
        "com,example)/path?a=1&b=2"
    );
    assert_eq!(
        ok(
            "https://example.com/?utm_source=x&id=7&fbclid=y",
            "w3lib",
            WEBURL_NORMALIZE_STRIP_TRACKING
        ),
        "https://example.com/?id=7"
    );
    assert_eq!(
        ok("https://example.com/?utm_source=x&id=7#f", "spec", 1),
        "https://example.com/?id=7#f"
    );
    assert_eq!(
        normalize(b"nope", Some("spec"), 0).1.as_deref(),
        Some("missing-scheme-non-relative-URL")
    );
    assert_eq!(
        normalize(b"http://h/", Some("SPEC"), 0).1.as_deref(),
        Some("unknown-profile")
    );
    assert_eq!(
        normalize(&[0xff], Some("spec"), 0).1.as_deref(),
        Some("not-utf8")
    );

    let surt = |url: &str, flags: u32| {
        let (u, n) = arg(url);
        let mut error = null_mut();
        // SAFETY: live strings; writable error.
        let out = owned(unsafe { weburl_surt(u, n, flags, &mut error) });
        (out, take_error(error).map(|e| e.0))
    };
    assert_eq!(
        surt("http://user:pw@www2.archive.org:8080/Goo/?B=1&a=2#frag", 0)
            .0
            .as_deref(),
        Some("org,archive:8080)/goo?a=2&b=1")
    );
    assert_eq!(
        surt(
            "https://www.example.com/a/index.html",
            WEBURL_NORMALIZE_DROP_INDEX
        )
        .0
        .as_deref(),
        Some("com,example)/a")
    );
    assert_eq!(
        surt("::", 0),
        (None, Some("missing-scheme-non-relative-URL".to_owned()))
    );
}

#[test]
fn the_version_is_the_crates() {
    // SAFETY: a static NUL-terminated string.
    let version = unsafe { CStr::from_ptr(weburl_get_version()) };
    assert_eq!(version.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}
