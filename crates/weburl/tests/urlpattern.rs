//! The web-platform-tests URLPattern data (`urlpatterntestdata.json`,
//! `urlpattern-hasregexpgroups.json`), every case, no skip list, with the expectations as
//! `weburl_testkit::urlpattern` reads them (WPT's `urlpatterntests.js` rules, written once for
//! every surface). The match is compared in its `serde` form, JavaScript's `URLPatternResult`
//! shape, with `expected_match`. Each `exec` is also run through the general path (every
//! component matched by its ECMAScript regular expression) and must give the same result as
//! the part-list matcher. (Needs the `pattern` and `serde` features: Cargo.toml's `[[test]]`.)

use serde::Deserialize;
use serde_json::{Map, Value};
use weburl::Url;
use weburl::pattern::{
    UrlPattern, UrlPatternComponent, UrlPatternInit, UrlPatternInput, UrlPatternMatch,
    UrlPatternOptions, UrlPatternResult, UrlPatternSet,
};
use weburl_testkit::urlpattern::{Case, Constructed, Matched, cases, has_regexp_groups_cases};

/// A pattern or exec() input in the test data's JSON form: a string or an init object, read
/// by the library's `Deserialize` (the one reader the CLI's batch op uses too).
fn input_of(v: &Value) -> UrlPatternInput {
    UrlPatternInput::deserialize(v).unwrap_or_else(|e| panic!("unexpected input {v}: {e}"))
}

/// The arguments: (input, base URL string, options).
fn arguments(args: &[Value]) -> (UrlPatternInput, Option<String>, UrlPatternOptions) {
    let input = args
        .first()
        .map_or(UrlPatternInput::from(UrlPatternInit::default()), input_of);
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

/// The pattern's eight strings against the expected ones.
fn check_pattern(want: &Map<String, Value>, pattern: &UrlPattern) -> Result<(), String> {
    for c in UrlPatternComponent::ALL {
        let expected = want[c.name()].as_str().expect("a component string");
        if pattern.get(c) != expected {
            return Err(format!(
                "{c}: got {:?}, expected {expected:?}",
                pattern.get(c)
            ));
        }
    }
    Ok(())
}

/// The match in its `serde` form (JavaScript's `URLPatternResult`) against `expected_match`:
/// `inputs`, then each component's `{"input", "groups"}`.
fn check_match(
    result: &UrlPatternResult,
    components: &Value,
    inputs: &Value,
) -> Result<(), String> {
    let Value::Object(mut got) = serde_json::to_value(result).map_err(|e| e.to_string())? else {
        return Err("a result serializes as an object".into());
    };
    let got_inputs = got.remove("inputs").unwrap_or(Value::Null);
    if got_inputs != *inputs {
        return Err(format!("inputs: got {got_inputs}, expected {inputs}"));
    }
    for c in UrlPatternComponent::ALL {
        if got.get(c.name()) != components.get(c.name()) {
            return Err(format!(
                "{c}: got {:?}, expected {:?}",
                got.get(c.name()),
                components.get(c.name())
            ));
        }
    }
    if got.len() != UrlPatternComponent::ALL.len() {
        return Err(format!(
            "members other than inputs and the components: {got:?}"
        ));
    }
    // The borrowed form without `inputs` is the same eight components.
    let without_inputs = result
        .serialize_components(serde_json::value::Serializer)
        .map_err(|e| e.to_string())?;
    if without_inputs != Value::Object(got) {
        return Err(format!("serialize_components differs: {without_inputs}"));
    }
    Ok(())
}

fn run_case(case: &Case) -> Result<(), String> {
    let (input, base, options) = arguments(&case.pattern);
    let built = UrlPattern::new(&input, base.as_deref(), options);
    let pattern = match (&case.constructed, built) {
        (Constructed::Error, Err(_)) => return Ok(()),
        (Constructed::Error, Ok(p)) => {
            return Err(format!("expected a constructor error, got {p}"));
        }
        (Constructed::Components(_), Err(e)) => return Err(format!("constructor failed: {e}")),
        (Constructed::Components(want), Ok(p)) => {
            check_pattern(want, &p)?;
            p
        }
    };
    let Some(inputs) = &case.inputs else {
        return match case.matched {
            Matched::NotChecked => Ok(()),
            _ => Err("an expected match without inputs".into()),
        };
    };
    let (input, base, _) = arguments(inputs);
    let result = pattern.exec_input(&input, base.as_deref());
    let tested = pattern.test_input(&input, base.as_deref());
    match &case.matched {
        Matched::NotChecked => return Err("inputs without an expected match".into()),
        Matched::Error => {
            return match (result, tested) {
                (Err(_), Err(_)) => Ok(()),
                other => Err(format!("expected exec and test to throw, got {other:?}")),
            };
        }
        Matched::NoMatch => {
            if let Ok(Some(m)) = &result {
                return Err(format!("expected no match, got {m:?}"));
            }
            if tested != Ok(false) {
                return Err("test() is not false".into());
            }
        }
        Matched::Match { components, inputs } => {
            let Ok(Some(m)) = &result else {
                return Err(format!("expected a match, got {result:?}"));
            };
            if tested != Ok(true) {
                return Err("test() is not true".into());
            }
            check_match(m, components, inputs)?;
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
        // The borrowed match reads the same groups, made by the pattern or by a set holding
        // it (whose tree's walk gives the pathname's groups where it matches all of it).
        let borrowed = pattern.match_url(&url);
        if borrowed.is_some() != by_url.is_some() {
            return Err("match_url differs from exec_url".into());
        }
        let mut set = UrlPatternSet::new();
        set.insert(pattern.clone(), ());
        let in_set = set.first_match_ref(&url);
        if in_set.is_some() != by_url.is_some() {
            return Err("a set's first_match_ref differs from exec_url".into());
        }
        if let (Some(b), Some(s), Some(owned)) = (borrowed, in_set, &by_url) {
            check_borrowed(&b, owned).map_err(|e| format!("match_url: {e}"))?;
            check_borrowed(&s.1, owned).map_err(|e| format!("first_match_ref: {e}"))?;
        }
        // The set's owned results (whose pathname-only patterns skip matching their lone
        // wildcards where the tree matched the whole pathname): as exec_url, and on the string
        // as exec.
        if set.first_match_url(&url).map(|(_, m)| m) != by_url {
            return Err("a set's first_match_url differs from exec_url".into());
        }
        if set.first_match(s).map(|(_, m)| m) != result.as_ref().ok().cloned().flatten() {
            return Err("a set's first_match differs from exec".into());
        }
        if set
            .matches_url(&url)
            .into_iter()
            .map(|(_, m)| m)
            .collect::<Vec<_>>()
            != by_url.iter().cloned().collect::<Vec<_>>()
        {
            return Err("a set's matches_url differs from exec_url".into());
        }
    }
    Ok(())
}

/// A borrowed match's inputs and groups, read every way, equal the owned result's; a pathname
/// of a few groups keeps them from the match.
fn check_borrowed(b: &UrlPatternMatch<'_, '_>, owned: &UrlPatternResult) -> Result<(), String> {
    for c in UrlPatternComponent::ALL {
        let groups: Vec<(&str, Option<&str>)> = owned.component(c).groups.iter().collect();
        if b.groups(c) != groups || b.input(c) != owned.component(c).input {
            return Err(format!("{c:?} differs from exec_url's"));
        }
        let mut visited = Vec::new();
        b.for_each_group(c, |name, value| visited.push((name, value)));
        if visited != groups {
            return Err(format!("for_each_group's {c:?} differs from exec_url's"));
        }
        for (name, value) in &groups {
            if b.group(c, name) != *value {
                return Err(format!("group {c:?} {name} differs"));
            }
        }
    }
    let pathname = b.pattern().group_names(UrlPatternComponent::Pathname).len();
    let lone_wildcard = b.pattern().pathname() == "*";
    if (pathname <= 6 && !lone_wildcard) != b.kept_pathname_groups() {
        return Err(format!(
            "{} pathname groups, kept: {}",
            pathname,
            b.kept_pathname_groups()
        ));
    }
    if b.to_result() != *owned {
        return Err("to_result differs from exec_url".into());
    }
    Ok(())
}

#[test]
fn urlpatterntestdata() {
    let cases = cases();
    assert_eq!(cases.len(), 369);
    let mut failures = Vec::new();
    for case in &cases {
        let outcome = std::panic::catch_unwind(|| run_case(case))
            .unwrap_or_else(|_| Err("panicked".to_owned()));
        if let Err(e) = outcome {
            failures.push(format!("{}: {e}", case.describe()));
        }
    }
    for f in failures.iter().take(60) {
        eprintln!("{f}");
    }
    eprintln!(
        "{} passed, {} failed",
        cases.len() - failures.len(),
        failures.len()
    );
    assert!(failures.is_empty());
}

#[test]
fn hasregexpgroups() {
    let cases = has_regexp_groups_cases();
    assert_eq!(cases.len(), 55);
    let mut failed = 0;
    for (pattern, want) in &cases {
        let (input, base, options) = arguments(pattern);
        match UrlPattern::new(&input, base.as_deref(), options) {
            Ok(p) if p.has_regexp_groups() == *want => {}
            other => {
                failed += 1;
                eprintln!("{pattern:?}: expected {want}, got {other:?}");
            }
        }
    }
    eprintln!("{} passed, {failed} failed", cases.len() - failed);
    assert_eq!(failed, 0);
}

/// A result's strings (component inputs, group values) compare and deref as `str` does,
/// short or long (inline or on the heap).
#[test]
fn result_strings_compare_and_deref() {
    let long = "x".repeat(100);
    let p: UrlPattern = "https://example.com/:id/*".parse().unwrap();
    for id in ["7", "a-value-of-exactly-24-by", long.as_str()] {
        let m = p
            .exec(&format!("https://example.com/{id}/rest"), None)
            .unwrap();
        let value = m.pathname.groups["id"].as_ref().unwrap();
        assert_eq!(value, id);
        assert_eq!(*value, *id);
        assert_eq!(value.as_str(), id);
        assert_eq!(&**value, id);
        assert_eq!(value.to_string(), id);
        assert_eq!(String::from(value.clone()), id);
        assert_eq!(value.len(), id.len());
        assert!(value.starts_with(&id[..1]));
        assert_eq!(m.pathname.groups["id"].as_deref(), Some(id));
        assert_eq!(m.pathname.groups.get("id"), Some(id));
        assert_eq!(m.pathname.groups["0"].as_deref(), Some("rest"));
        let path = format!("/{id}/rest");
        assert_eq!(m.pathname.input, path);
        assert_eq!(m.pathname.input, path.as_str());
        assert_eq!(path, m.pathname.input);
        assert_eq!(format!("{}", m.pathname.input), path);
        assert_eq!(format!("{:?}", m.pathname.input), format!("{path:?}"));
        assert_eq!(m.hostname.input, "example.com");
        assert_eq!(m.port.input, "");
        assert!(m.port.input.is_empty());
        // Equal results compare equal, and a clone is equal.
        assert_eq!(m, m.clone());
        assert_eq!(
            m,
            p.exec(&format!("https://example.com/{id}/rest"), None)
                .unwrap()
        );
    }
    // Short values and inputs are stored inline; long ones on the heap.
    let m = p
        .exec(&format!("https://example.com/7/{long}"), None)
        .unwrap();
    assert!(
        !m.pathname.groups["id"]
            .as_ref()
            .unwrap()
            .is_heap_allocated()
    );
    assert!(!m.hostname.input.is_heap_allocated());
    assert!(m.pathname.groups["0"].as_ref().unwrap().is_heap_allocated());
    assert_eq!(m.pathname.groups["0"].as_deref(), Some(long.as_str()));
    // Many groups (kept in a list) in order.
    let many: UrlPattern = "https://h/:a/:b/:c/:d/:e".parse().unwrap();
    let m = many.exec("https://h/1/2/3/4/5", None).unwrap();
    let all: Vec<_> = m.pathname.groups.iter().collect();
    assert_eq!(
        all,
        [
            ("a", Some("1")),
            ("b", Some("2")),
            ("c", Some("3")),
            ("d", Some("4")),
            ("e", Some("5"))
        ]
    );
    assert_eq!(m.pathname.groups["e"].as_deref(), Some("5"));
}

/// Megabyte patterns and URLs without custom regexp groups: they finish (linear-time parsing,
/// bounded matching) and give the right answer. No timing is asserted.
#[test]
fn hostile_sizes_finish() {
    use weburl::pattern::{PatternLimits, UrlPatternError};
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
    // A 4 MB URL of labels and segments (weburl-testkit's) against wildcards and segment
    // groups.
    use weburl_testkit::hostile::PATTERN_MATCHES;
    let url = (PATTERN_MATCHES[0].url.build)(4 * mb);
    assert!(
        url.starts_with("https://a.a.") && url.contains(".example.com/b/b/") && url.len() > 4 * mb
    );
    let q: UrlPattern = PATTERN_MATCHES[0].pattern.parse().unwrap();
    let m = q.exec(&url, None).unwrap();
    assert_eq!(m.pathname.groups["first"].as_deref(), Some("b"));
    let r: UrlPattern = PATTERN_MATCHES[1].pattern.parse().unwrap();
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
    // Hostile constructor strings (weburl-testkit's, which scripts/linearity.sh also counts):
    // nesting, lone syntax characters, unclosed regexps, a long literal, a relative pattern
    // of '[' that needs a base URL (and with one is a pathname of literal text). Each gets its
    // answer, with or without a base URL.
    use weburl::pattern::UrlPatternComponent::{Hostname, Pathname, Protocol};
    let unexpected = |c| move |e: &UrlPatternError| matches!(e, UrlPatternError::UnexpectedToken { component: Some(x), .. } if *x == c);
    let tokenize = |c, why: &'static str| move |e: &UrlPatternError| matches!(e, UrlPatternError::Tokenize { component: Some(x), reason, .. } if *x == c && reason.contains(why));
    let answers =
        |name: &str, base: Option<&str>, result: &Result<UrlPattern, UrlPatternError>| match (
            name, result,
        ) {
            ("braces in the hostname", Err(e)) => unexpected(Hostname)(e),
            ("open parentheses", Err(e)) => tokenize(Pathname, "capturing group")(e),
            ("colons", Err(e)) => tokenize(Pathname, "without a group name")(e),
            // Escaped backslashes, optional wildcards, a long literal: valid.
            ("backslashes" | "optional wildcards" | "long literal pathname", Ok(_)) => true,
            ("unclosed regexps", Err(e)) => tokenize(Pathname, "unclosed")(e),
            ("protocol of a+", Err(e)) => unexpected(Protocol)(e),
            ("relative brackets", Err(UrlPatternError::MissingBaseUrl)) => base.is_none(),
            ("relative brackets", Ok(_)) => base.is_some(),
            _ => false,
        };
    for case in weburl_testkit::hostile::PATTERN_STRINGS.cases {
        let text = (case.build)(mb);
        for base in [None, Some("https://example.com")] {
            let result = UrlPattern::parse(&text, base, UrlPatternOptions::default());
            assert!(
                answers(case.name, base, &result),
                "{} ({} bytes), base {base:?}: {:?}",
                case.name,
                text.len(),
                result.map(|_| ())
            );
        }
    }
    // Hostile init objects (weburl-testkit's): each is a valid pattern at 64 KiB.
    use weburl_testkit::hostile::{PATTERN_INIT_HOSTNAMES, PATTERN_INIT_PATHNAMES};
    for (case, hostname) in (PATTERN_INIT_PATHNAMES.cases.iter().map(|c| (c, false)))
        .chain(PATTERN_INIT_HOSTNAMES.cases.iter().map(|c| (c, true)))
    {
        let text = (case.build)(64 << 10);
        let init = if hostname {
            UrlPatternInit {
                hostname: Some(text),
                ..Default::default()
            }
        } else {
            UrlPatternInit {
                pathname: Some(text),
                ..Default::default()
            }
        };
        let result = UrlPattern::from_init(&init, UrlPatternOptions::default());
        assert!(result.is_ok(), "{}: {:?}", case.name, result.map(|_| ()));
    }
    // Hostile URLs against patterns (weburl-testkit's), at 1 MiB: the first and the last
    // match (with the group of the first segment, and the digits), the others do not. (The
    // part matcher's (instruction, position) pairs of the two no-match shapes outgrow its
    // reused bit set, 2^24 pairs, here, and go to its paged one.)
    let size = mb;
    for (i, m) in PATTERN_MATCHES.iter().enumerate() {
        let p: UrlPattern = m.pattern.parse().unwrap();
        let url = (m.url.build)(size);
        let got = p.exec(&url, None);
        match i {
            0 => assert_eq!(got.unwrap().pathname.groups["first"].as_deref(), Some("b")),
            4 => assert_eq!(
                got.unwrap().pathname.groups["x"].as_deref(),
                Some("1".repeat(size / 2).as_str())
            ),
            _ => assert!(got.is_none(), "{}", m.url.name),
        }
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
    // A megabyte of named groups (weburl-testkit's, over 100,000 groups): parsed in linear
    // time (names are checked with a set); matched against a short pathname.
    let groups = (PATTERN_INIT_PATHNAMES.cases[0].build)(mb);
    assert!(groups.matches("/:g").count() > 100_000);
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
            index: 25,
            reason: "an unclosed regexp group"
        }
    );
    assert_eq!(
        e.to_string(),
        "invalid pattern at byte 25 (in the pathname): an unclosed regexp group"
    );
    let e = UrlPattern::parse(
        "https://example.com/:a/:a",
        None,
        UrlPatternOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(e, UrlPatternError::DuplicateName { index: 23, ref name, .. } if name == "a"));
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

/// Route sets built from hostile shapes finish with the right answers: many routes, routes
/// that share a megabyte literal prefix, and megabyte URLs looked up in a large set (the
/// prefix tree over literal parts must not copy or rescan what the routes share). No timing
/// is asserted.
#[test]
fn hostile_sets_finish() {
    let mb = 1 << 20;
    // 10,000 routes under ten shared prefixes, then a catch-all.
    let mut set = UrlPatternSet::new();
    for i in 0..10_000 {
        let route = weburl_testkit::hostile::api_route(i as usize);
        set.insert(route.parse::<UrlPattern>().unwrap(), i);
    }
    set.insert("https://example.com/*".parse().unwrap(), -1);
    assert_eq!(set.len(), 10_001);
    let (v, m) = set
        .first_match("https://example.com/api/v9/r9999/x")
        .unwrap();
    assert_eq!((*v, m.pathname.groups["id"].as_deref()), (9999, Some("x")));
    assert_eq!(
        set.first_match("https://example.com/api/v8/r9999/x")
            .map(|(v, _)| *v),
        Some(-1)
    );
    assert_eq!(set.matches("https://example.com/api/v0/r0/x").len(), 2);
    // A 4 MB URL against the whole set: only the catch-all matches.
    let url = format!("https://example.com/api/v1/{}", "r1/".repeat(mb));
    let all: Vec<i32> = set.matches(&url).into_iter().map(|(v, _)| *v).collect();
    assert_eq!(all, [-1]);

    // Three 1 MB literal routes that differ only after the shared megabyte, and one with a
    // group after it.
    let long = "a".repeat(mb);
    let mut set = UrlPatternSet::new();
    for (i, tail) in ["x", "y", "z", ":rest"].iter().enumerate() {
        let route = format!("https://example.com/{long}/{tail}");
        set.insert(route.parse::<UrlPattern>().unwrap(), i);
    }
    let hit = |path: &str| {
        set.matches(&format!("https://example.com/{long}/{path}"))
            .into_iter()
            .map(|(v, _)| *v)
            .collect::<Vec<_>>()
    };
    assert_eq!(hit("y"), [1, 3]);
    assert_eq!(hit("w"), [3]);
    assert_eq!(hit("y/z"), Vec::<usize>::new());
    let (_, m) = set
        .first_match(&format!("https://example.com/{long}/w"))
        .unwrap();
    assert_eq!(m.pathname.groups["rest"].as_deref(), Some("w"));
    // One character short of the shared prefix: nothing.
    let short = format!("https://example.com/{}/x", &long[1..]);
    assert!(set.first_match(&short).is_none());
}

/// Every custom regexp group of the WPT data runs on the linear engine, or stays on the
/// backtracking one for a construct the translator leaves to it (never because the
/// translator could not read a valid expression).
#[test]
fn regexp_groups_engines() {
    let mut engines = std::collections::BTreeMap::<&str, usize>::new();
    for case in cases() {
        let (input, base, options) = arguments(&case.pattern);
        let Ok(p) = UrlPattern::new(&input, base.as_deref(), options) else {
            continue;
        };
        for (_, engine) in p.regexp_engines() {
            *engines.entry(engine).or_default() += 1;
        }
    }
    // The two named groups `(?<x>...)` inside a regexp group are the only ones of the data
    // that need backtracking.
    let expected = [("a named group", 2), ("linear", 20)];
    assert_eq!(engines, expected.into_iter().collect(), "{engines:?}");
}

/// Pathname patterns with dot segments (`tests/data/urlpattern/dot-segments.json`): weburl
/// refuses every one Chromium 156 refuses, and every one whose canonical pattern would match
/// URLs the pattern as written does not; the others get Chromium's pathname.
#[test]
fn dot_segments_never_widen_a_pathname() {
    use weburl::pattern::UrlPatternError;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/urlpattern/dot-segments.json"
    ))
    .expect("the dot-segment table");
    let data: Value = serde_json::from_str(&text).expect("the table is JSON");
    let cases = data["cases"].as_array().expect("cases");
    assert!(cases.len() >= 20, "{} cases", cases.len());
    let mut refused = 0;
    for case in cases {
        let input = input_of(&case["pattern"]);
        let chromium = case["chromium"].as_str();
        let weburl = case["weburl"].as_str();
        // weburl never accepts what Chromium refuses.
        assert!(chromium.is_some() || weburl.is_none(), "{case}");
        match (
            UrlPattern::new(&input, None, UrlPatternOptions::default()),
            weburl,
        ) {
            (Ok(p), Some(want)) => assert_eq!(p.pathname(), want, "{case}"),
            (Err(e), None) => {
                refused += 1;
                match &e {
                    UrlPatternError::DotSegment {
                        component, segment, ..
                    } => {
                        assert_eq!(*component, UrlPatternComponent::Pathname, "{case}");
                        assert!(
                            weburl::lex::is_double_dot(segment.as_bytes())
                                || weburl::lex::is_single_dot(segment.as_bytes()),
                            "{case}: {segment:?}"
                        );
                        assert!(e.to_string().contains("the pathname text"), "{e}");
                    }
                    other => panic!("{case}: {other:?}"),
                }
            }
            (got, want) => panic!("{case}: got {got:?}, expected {want:?}"),
        }
    }
    assert!(refused > 0);
}

/// Offsets count from the start of the pattern as written: the whole constructor string
/// (whatever component the error is in, with or without a base URL), or an init object's
/// member string.
#[test]
fn error_offsets_count_from_the_pattern_as_written() {
    use weburl::pattern::UrlPatternError;
    let place = |e: &UrlPatternError| (e.component(), e.offset());
    use UrlPatternComponent as C;
    // (pattern, base, component, offset in the pattern)
    let cases: &[(&str, Option<&str>, C, usize)] = &[
        ("https://example.com/(", None, C::Pathname, 20),
        ("https://example.com/:a/:a", None, C::Pathname, 23),
        ("https://example.com/{a", None, C::Pathname, 22),
        ("https://example.com/a?q=:x(", None, C::Search, 26),
        ("https://example.com/a??(", None, C::Search, 23),
        ("https://example.com/a#:h(", None, C::Hash, 24),
        ("https://:u(@example.com/", None, C::Username, 10),
        ("https://u::p(@example.com/", None, C::Password, 12),
        ("https://:h.:h.com/", None, C::Hostname, 11),
        ("https://example.com::p(/", None, C::Port, 22),
        ("h(://example.com/", None, C::Protocol, 1),
        ("b/:a/:a", Some("https://example.com/x/"), C::Pathname, 5),
        ("/b/:a(", Some("https://example.com/x/"), C::Pathname, 5),
        ("?q=:a(", Some("https://example.com/"), C::Search, 5),
        ("#:a(", Some("https://example.com/"), C::Hash, 3),
    ];
    for &(pattern, base, component, at) in cases {
        let e = UrlPattern::parse(pattern, base, UrlPatternOptions::default()).unwrap_err();
        assert_eq!(place(&e), (Some(component), Some(at)), "{pattern}: {e}");
        assert!(
            e.to_string()
                .contains(&format!("at byte {at} (in the {component})")),
            "{e}"
        );
        // The offset is where the offending text is in the pattern.
        assert!(
            pattern.is_char_boundary(at) && at <= pattern.len(),
            "{pattern}"
        );
    }
    // An init object: offsets in the member's own string.
    let init = UrlPatternInit {
        search: Some("?q=:x(".into()),
        ..Default::default()
    };
    let e = UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap_err();
    assert_eq!(place(&e), (Some(C::Search), Some(4)), "{e}");
}

/// The errors that are not the tokenizer's or the parser's: the component they name (the
/// one in their message), and no offset.
#[test]
fn error_component_without_offset() {
    use UrlPatternComponent as C;
    use weburl::pattern::{PatternLimits, UrlPatternError};
    let o = UrlPatternOptions::default();
    let cases: &[(&str, Option<&str>, PatternLimits, Option<C>)] = &[
        (
            "https://e.com/:x([a)",
            None,
            PatternLimits::new(),
            Some(C::Pathname),
        ),
        (
            "https://exa mple.com/",
            None,
            PatternLimits::new(),
            Some(C::Hostname),
        ),
        (
            "https://e.com:99999/",
            None,
            PatternLimits::new(),
            Some(C::Port),
        ),
        (
            "https://e.com/*.html/..",
            None,
            PatternLimits::new(),
            Some(C::Pathname),
        ),
        (
            "https://e.com/?q=(\\d+)",
            None,
            PatternLimits::untrusted(),
            Some(C::Search),
        ),
        ("/a", Some("not a url"), PatternLimits::new(), None),
        ("/a", None, PatternLimits::new(), None),
        (
            "https://e.com/abc",
            None,
            PatternLimits::new().max_len(5),
            None,
        ),
    ];
    for (pattern, base, limits, component) in cases {
        let e = UrlPattern::parse_with_limits(pattern, *base, o, limits).unwrap_err();
        assert!(
            !matches!(
                e,
                UrlPatternError::Tokenize { .. }
                    | UrlPatternError::UnexpectedToken { .. }
                    | UrlPatternError::DuplicateName { .. }
            ),
            "{pattern}: {e:?}"
        );
        assert_eq!(
            (e.component(), e.offset()),
            (*component, None),
            "{pattern}: {e:?}"
        );
        if let Some(c) = component {
            assert!(e.to_string().contains(c.name()), "{pattern}: {e}");
        }
    }
    let e = UrlPatternError::BaseUrlWithInit;
    assert_eq!((e.component(), e.offset()), (None, None));
}
