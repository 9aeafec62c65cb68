//! The web-platform-tests URLPattern data (`urlpatterntestdata.json`,
//! `urlpattern-hasregexpgroups.json`), read as WPT's `urlpatterntests.js` reads them (see
//! `tests/data/wpt/README.md`), every case, no skip list. Each `exec` is also run through the
//! general path (every component matched by its ECMAScript regular expression) and must give
//! the same result as the part-list matcher.
#![cfg(feature = "pattern")]

mod common;

use common::{load_wpt_json, object_cases};
use serde_json::{Map, Value};
use weburl::Url;
use weburl::pattern::{
    UrlPattern, UrlPatternComponent, UrlPatternInit, UrlPatternInput, UrlPatternOptions,
    UrlPatternResult,
};

type Obj = Map<String, Value>;

fn init_of(o: &Obj) -> UrlPatternInit {
    let f = |k: &str| o.get(k).and_then(Value::as_str).map(str::to_owned);
    UrlPatternInit {
        protocol: f("protocol"),
        username: f("username"),
        password: f("password"),
        hostname: f("hostname"),
        port: f("port"),
        pathname: f("pathname"),
        search: f("search"),
        hash: f("hash"),
        base_url: f("baseURL"),
    }
}

fn input_of(v: &Value) -> UrlPatternInput {
    match v {
        Value::String(s) => UrlPatternInput::String(s.clone()),
        Value::Object(o) => UrlPatternInput::Init(init_of(o)),
        other => panic!("unexpected input {other}"),
    }
}

/// The arguments: (input, base URL string, options).
fn arguments(args: &[Value]) -> (UrlPatternInput, Option<String>, UrlPatternOptions) {
    let input = args
        .first()
        .map_or(UrlPatternInput::Init(UrlPatternInit::default()), input_of);
    let mut base = None;
    let mut options = UrlPatternOptions::default();
    let read_options = |o: &Value, options: &mut UrlPatternOptions| match o {
        Value::Object(o) => {
            options.ignore_case = o
                .get("ignoreCase")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            true
        }
        _ => false,
    };
    match args {
        // (input, baseURL, options): WebIDL reads the second argument as the base URL
        // whatever it is (an object becomes "[object Object]"), and the third must be a
        // dictionary.
        [_, second, third, ..] => {
            base = Some(match second {
                Value::String(s) => s.clone(),
                Value::Object(_) => "[object Object]".to_owned(),
                other => other.to_string(),
            });
            if !read_options(third, &mut options) {
                // Not a dictionary: the constructor throws. A base that is no URL makes
                // it throw as well.
                base = Some("[not a dictionary]".to_owned());
            }
        }
        // (input, baseURL) or (input, options).
        [_, second] => match second {
            Value::String(s) => base = Some(s.clone()),
            other => assert!(
                read_options(other, &mut options),
                "unexpected argument {other}"
            ),
        },
        _ => {}
    }
    (input, base, options)
}

/// The components that, set in an init, make `c` default to "*" rather than the base URL's.
fn earlier(c: UrlPatternComponent) -> &'static [&'static str] {
    use UrlPatternComponent::*;
    match c {
        Hostname => &["protocol"],
        Port => &["protocol", "hostname"],
        Pathname => &["protocol", "hostname", "port"],
        Search => &["protocol", "hostname", "port", "pathname"],
        Hash => &["protocol", "hostname", "port", "pathname", "search"],
        _ => &[],
    }
}

fn base_value(base: &str, c: UrlPatternComponent) -> String {
    let url = Url::parse(base).expect("the base URL of a valid pattern parses");
    use UrlPatternComponent::*;
    match c {
        Protocol => url.scheme().to_owned(),
        Hostname => url.hostname().to_owned(),
        Port => url.port().to_owned(),
        Pathname => url.pathname().to_owned(),
        Search => url.query().unwrap_or("").to_owned(),
        Hash => url.fragment().unwrap_or("").to_owned(),
        Username | Password => unreachable!(),
    }
}

fn strings(v: Option<&Value>) -> Vec<String> {
    v.and_then(Value::as_array)
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_owned()).collect())
        .unwrap_or_default()
}

fn check_pattern(entry: &Obj, pattern: &UrlPattern) -> Result<(), String> {
    let args = entry["pattern"].as_array().unwrap();
    let empty = strings(entry.get("exactly_empty_components"));
    let expected_obj = entry.get("expected_obj").and_then(Value::as_object);
    let init = args.first().and_then(Value::as_object);
    let base = match args.get(1) {
        Some(Value::String(s)) => Some(s.clone()),
        _ => init
            .and_then(|o| o.get("baseURL"))
            .and_then(Value::as_str)
            .map(str::to_owned),
    };
    for c in UrlPatternComponent::ALL {
        let name = c.name();
        let expected = if let Some(v) = expected_obj.and_then(|o| o.get(name)) {
            v.as_str().unwrap().to_owned()
        } else if empty.iter().any(|e| e == name) {
            String::new()
        } else if let Some(v) = init
            .and_then(|o| o.get(name))
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
        {
            v.to_owned()
        } else if init.is_some_and(|o| earlier(c).iter().any(|e| o.contains_key(*e))) {
            "*".to_owned()
        } else if let Some(b) = base.as_deref().filter(|_| {
            !matches!(
                c,
                UrlPatternComponent::Username | UrlPatternComponent::Password
            )
        }) {
            base_value(b, c)
        } else {
            "*".to_owned()
        };
        if pattern.get(c) != expected {
            return Err(format!(
                "{name}: got {:?}, expected {expected:?}",
                pattern.get(c)
            ));
        }
    }
    Ok(())
}

fn input_json(input: &UrlPatternInput) -> Value {
    match input {
        UrlPatternInput::String(s) => Value::String(s.clone()),
        UrlPatternInput::Init(init) => {
            let mut o = Map::new();
            let mut put = |k: &str, v: &Option<String>| {
                if let Some(v) = v {
                    o.insert(k.to_owned(), Value::String(v.clone()));
                }
            };
            put("protocol", &init.protocol);
            put("username", &init.username);
            put("password", &init.password);
            put("hostname", &init.hostname);
            put("port", &init.port);
            put("pathname", &init.pathname);
            put("search", &init.search);
            put("hash", &init.hash);
            put("baseURL", &init.base_url);
            Value::Object(o)
        }
    }
}

fn check_match(entry: &Obj, result: &UrlPatternResult) -> Result<(), String> {
    let expected = entry["expected_match"].as_object().unwrap();
    let empty = strings(entry.get("exactly_empty_components"));
    let expected_inputs = expected.get("inputs").unwrap_or(&entry["inputs"]);
    let got_inputs: Vec<Value> = result.inputs.iter().map(input_json).collect();
    if &Value::Array(got_inputs.clone()) != expected_inputs {
        return Err(format!(
            "inputs: got {got_inputs:?}, expected {expected_inputs}"
        ));
    }
    for c in UrlPatternComponent::ALL {
        let name = c.name();
        let want = match expected.get(name) {
            Some(v) => v.as_object().unwrap().clone(),
            None => {
                let groups = if empty.iter().any(|e| e == name) {
                    serde_json::json!({})
                } else {
                    serde_json::json!({"0": ""})
                };
                serde_json::json!({"input": "", "groups": groups})
                    .as_object()
                    .unwrap()
                    .clone()
            }
        };
        let got = result.component(c);
        if want["input"].as_str().unwrap() != got.input {
            return Err(format!(
                "{name}.input: got {:?}, expected {}",
                got.input, want["input"]
            ));
        }
        let want_groups = want["groups"].as_object().unwrap();
        let got_groups: Map<String, Value> = got
            .groups
            .iter()
            .map(|(n, v)| {
                (
                    n.to_owned(),
                    v.map_or(Value::Null, |s| Value::String(s.to_owned())),
                )
            })
            .collect();
        if &got_groups != want_groups {
            return Err(format!(
                "{name}.groups: got {got_groups:?}, expected {want_groups:?}"
            ));
        }
    }
    Ok(())
}

fn run_entry(entry: &Obj) -> Result<(), String> {
    let args = entry["pattern"].as_array().unwrap();
    let (input, base, options) = arguments(args);
    let built = UrlPattern::new(&input, base.as_deref(), options);
    if entry.get("expected_obj").and_then(Value::as_str) == Some("error") {
        return match built {
            Err(_) => Ok(()),
            Ok(p) => Err(format!("expected a constructor error, got {p}")),
        };
    }
    let pattern = built.map_err(|e| format!("constructor failed: {e}"))?;
    check_pattern(entry, &pattern)?;
    let Some(inputs) = entry.get("inputs").and_then(Value::as_array) else {
        return Ok(());
    };
    let (input, base, _) = arguments(inputs);
    let result = pattern.exec_input(&input, base.as_deref());
    let tested = pattern.test_input(&input, base.as_deref());
    match &entry["expected_match"] {
        Value::String(s) if s == "error" => {
            return match (result, tested) {
                (Err(_), Err(_)) => Ok(()),
                other => Err(format!("expected exec and test to throw, got {other:?}")),
            };
        }
        Value::Null => {
            if let Ok(Some(m)) = &result {
                return Err(format!("expected no match, got {m:?}"));
            }
            if tested != Ok(false) {
                return Err("test() is not false".into());
            }
        }
        _ => {
            let Ok(Some(m)) = &result else {
                return Err(format!("expected a match, got {result:?}"));
            };
            if tested != Ok(true) {
                return Err("test() is not true".into());
            }
            check_match(entry, m)?;
        }
    }
    // The general path: every component through its regular expression.
    let general = pattern.exec_input_with_regexp(&input, base.as_deref());
    if result.as_ref().ok().cloned().flatten() != general {
        return Err(format!("regexp path differs: {general:?} vs {result:?}"));
    }
    // The same on an already-parsed URL, where the input is one string.
    if let (UrlPatternInput::String(s), None) = (&input, &base)
        && let Ok(url) = Url::parse(s)
    {
        let by_url = pattern.exec_url(&url);
        if by_url
            .as_ref()
            .map(|m| (&m.pathname, &m.hostname, &m.search))
            != result
                .as_ref()
                .ok()
                .and_then(|r| r.as_ref())
                .map(|m| (&m.pathname, &m.hostname, &m.search))
        {
            return Err("exec_url differs from exec".into());
        }
        if pattern.test_url(&url) != by_url.is_some() {
            return Err("test_url differs from exec_url".into());
        }
        // The borrowed match reads the same groups.
        let borrowed = pattern.match_url(&url);
        if borrowed.is_some() != by_url.is_some() {
            return Err("match_url differs from exec_url".into());
        }
        if let (Some(b), Some(owned)) = (borrowed, &by_url) {
            for c in UrlPatternComponent::ALL {
                let groups: Vec<(&str, Option<&str>)> = owned.component(c).groups.iter().collect();
                if b.groups(c) != groups || b.input(c) != owned.component(c).input {
                    return Err(format!("match_url's {c:?} differs from exec_url's"));
                }
            }
            if b.to_result() != *owned {
                return Err("match_url's to_result differs from exec_url".into());
            }
        }
    }
    Ok(())
}

#[test]
fn urlpatterntestdata() {
    let data = load_wpt_json("urlpatterntestdata.json");
    let cases = object_cases(&data);
    assert_eq!(cases.len(), 369);
    let mut failures = Vec::new();
    let mut passed = 0;
    for (i, entry) in cases.iter().enumerate() {
        let outcome = std::panic::catch_unwind(|| run_entry(entry))
            .unwrap_or_else(|_| Err("panicked".to_owned()));
        match outcome {
            Ok(()) => passed += 1,
            Err(e) => failures.push(format!(
                "#{i} {}: {e}",
                serde_json::to_string(&entry["pattern"]).unwrap()
            )),
        }
    }
    for f in failures.iter().take(60) {
        eprintln!("{f}");
    }
    eprintln!("{passed} passed, {} failed", failures.len());
    assert!(failures.is_empty());
}

#[test]
fn hasregexpgroups() {
    let data = load_wpt_json("urlpattern-hasregexpgroups.json");
    let cases = object_cases(&data);
    assert_eq!(cases.len(), 55);
    let mut failed = 0;
    for entry in &cases {
        let (input, base, options) = arguments(entry["pattern"].as_array().unwrap());
        let want = entry["has_regexp_groups"].as_bool().unwrap();
        match UrlPattern::new(&input, base.as_deref(), options) {
            Ok(p) if p.has_regexp_groups() == want => {}
            other => {
                failed += 1;
                eprintln!("{:?}: expected {want}, got {other:?}", entry["pattern"]);
            }
        }
    }
    eprintln!("{} passed, {failed} failed", cases.len() - failed);
    assert_eq!(failed, 0);
}

/// Megabyte patterns and URLs without custom regexp groups: they finish (linear-time parsing,
/// bounded matching) and give the right answer. No timing is asserted.
#[test]
fn hostile_sizes_finish() {
    use weburl::pattern::{PatternLimits, UrlPatternError, UrlPatternSet};
    let mb = 1 << 20;
    // A 2 MB literal pathname, matched against URLs of the same size.
    let long = "a".repeat(2 * mb);
    let p = UrlPattern::parse(
        &format!("https://example.com/{long}/:id"),
        None,
        UrlPatternOptions::default(),
    )
    .unwrap();
    let m = p
        .exec(&format!("https://example.com/{long}/7"), None)
        .unwrap();
    assert_eq!(m.pathname.groups["id"].as_deref(), Some("7"));
    assert!(!p.test(&format!("https://example.com/{long}b/7"), None));
    // A 4 MB URL against wildcards and segment groups.
    let url = format!("https://{}example.com/{}", "a.".repeat(mb), "b/".repeat(mb));
    let q = UrlPattern::parse(
        "https://*.example.com/:first/*",
        None,
        UrlPatternOptions::default(),
    )
    .unwrap();
    let m = q.exec(&url, None).unwrap();
    assert_eq!(m.pathname.groups["first"].as_deref(), Some("b"));
    let r: UrlPattern = "https://*.example.com/:a/:b/:c.:ext".parse().unwrap();
    assert!(!r.test(&url, None));
    let mut set = UrlPatternSet::new();
    for i in 0..100 {
        set.insert(
            format!("https://*.example.com/r{i}/:id")
                .parse::<UrlPattern>()
                .unwrap(),
            i,
        );
    }
    set.insert(q.clone(), 100);
    assert_eq!(set.first_match(&url).map(|(v, _)| *v), Some(100));
    // Hostile constructor strings: nesting, lone syntax characters, unclosed regexps.
    for text in [
        format!("https://{}", "{".repeat(mb)),
        format!("https://h/{}", "(".repeat(mb)),
        format!("https://h/{}", ":".repeat(mb)),
        format!("https://h/{}", "\\".repeat(mb)),
        format!("https://h/{}", "(a(?:".repeat(mb / 5)),
        format!("https://h/{}", "*?".repeat(mb / 2)),
        format!("{}://h", "a+".repeat(mb / 2)),
        "[".repeat(mb),
    ] {
        let _ = UrlPattern::parse(&text, None, UrlPatternOptions::default());
        let _ = UrlPattern::parse(
            &text,
            Some("https://example.com"),
            UrlPatternOptions::default(),
        );
    }
    // A custom regexp nested 100,000 deep is refused (the engine parses recursively).
    let deep = format!(
        "https://h/({}a{})",
        "(?:".repeat(100_000),
        ")".repeat(100_000)
    );
    assert!(matches!(
        UrlPattern::parse(&deep, None, UrlPatternOptions::default()),
        Err(UrlPatternError::InvalidRegExp { .. })
    ));
    // 100,000 named groups: parsed in linear time (names are checked with a set); matched
    // against a short pathname.
    let groups: String = (0..100_000).map(|i| format!("/:g{i}")).collect();
    let init = UrlPatternInit {
        pathname: Some(groups.clone()),
        ..Default::default()
    };
    let many = UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap();
    assert!(!many.test("https://h/a/b", None));
    let dup = UrlPatternInit {
        pathname: Some(format!("{groups}/:g0")),
        ..Default::default()
    };
    assert!(matches!(
        UrlPattern::from_init(&dup, UrlPatternOptions::default()),
        Err(UrlPatternError::DuplicateName { .. })
    ));
    // The limits refuse long patterns before reading them.
    let limits = PatternLimits::untrusted();
    assert!(matches!(
        UrlPattern::from_init_with_limits(&init, UrlPatternOptions::default(), &limits),
        Err(UrlPatternError::TooLong { .. })
    ));
}

/// Errors say which component, where, and what.
#[test]
fn errors_are_precise() {
    use weburl::pattern::UrlPatternError;
    let e = UrlPattern::parse(
        "https://example.com/a/:id(\\d+",
        None,
        UrlPatternOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        e,
        UrlPatternError::Tokenize {
            component: Some(UrlPatternComponent::Pathname),
            index: 6,
            reason: "an unclosed regexp group"
        }
    );
    assert_eq!(
        e.to_string(),
        "invalid pattern at byte 6 in the pathname pattern: an unclosed regexp group"
    );
    let e = UrlPattern::parse(
        "https://example.com/:a/:a",
        None,
        UrlPatternOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(e, UrlPatternError::DuplicateName { index: 4, ref name, .. } if name == "a"));
    let e = UrlPattern::parse("https://example.com/{a", None, UrlPatternOptions::default())
        .unwrap_err();
    assert!(
        matches!(
            e,
            UrlPatternError::UnexpectedToken {
                expected: "close",
                ..
            }
        ),
        "{e:?}"
    );
    let e =
        UrlPattern::parse("https://exa mple.com/", None, UrlPatternOptions::default()).unwrap_err();
    assert!(
        matches!(
            e,
            UrlPatternError::InvalidComponent {
                component: UrlPatternComponent::Hostname,
                ..
            }
        ),
        "{e:?}"
    );
    let e = UrlPattern::parse(
        "https://example.com/(\\m)",
        None,
        UrlPatternOptions::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            UrlPatternError::InvalidRegExp {
                component: UrlPatternComponent::Pathname,
                ..
            }
        ),
        "{e:?}"
    );
    let e = UrlPattern::parse("/a", Some("not a url"), UrlPatternOptions::default()).unwrap_err();
    assert!(matches!(e, UrlPatternError::InvalidBaseUrl { .. }), "{e:?}");
}

/// The type's promises: Clone + Send + Sync, the literal forms the docs show.
#[test]
fn api_shape() {
    fn assert_traits<T: Clone + Send + Sync>() {}
    assert_traits::<UrlPattern>();
    assert_traits::<weburl::pattern::UrlPatternSet<String>>();
    let q = UrlPattern::from_init(
        &UrlPatternInit {
            pathname: Some("/books/:id".into()),
            ..Default::default()
        },
        UrlPatternOptions { ignore_case: true },
    )
    .unwrap();
    assert!(q.test("https://x/BOOKS/1", None));
}
