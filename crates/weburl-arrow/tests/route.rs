//! `route` (named URL patterns matched as one `UrlPatternSet`) against a naive oracle: a loop
//! that tries each route's pattern with `UrlPattern::test` in order. The routes are every
//! web-platform-tests URLPattern case's constructor string that compiles alone, the URLs
//! every case's URL string, in every input layout with nulls.

mod common;

use common::{layouts, texts};
use serde_json::Value;
use weburl::pattern::{UrlPattern, UrlPatternOptions};
use weburl_arrow::{KernelError, Output, RouteCache, Routes, Strings, rows};
use weburl_testkit::urlpattern::cases;

/// The WPT constructor strings that compile without a base URL or options (distinct), and
/// the URL strings the cases match against.
fn wpt() -> (Vec<String>, Vec<String>) {
    let (mut patterns, mut urls) = (Vec::<String>::new(), Vec::<String>::new());
    for case in cases() {
        if let [Value::String(p)] = case.pattern.as_slice()
            && !patterns.contains(p)
            && p.parse::<UrlPattern>().is_ok()
        {
            patterns.push(p.clone());
        }
        if let Some([Value::String(u)]) = case.inputs.as_deref()
            && !urls.contains(u)
        {
            urls.push(u.clone());
        }
    }
    (patterns, urls)
}

#[test]
fn first_and_best_route_against_a_loop_of_test() {
    let (patterns, urls) = wpt();
    assert!(patterns.len() >= 40 && urls.len() >= 40);
    // Named r0, r1, ... in a JSON object; the array form names each by its text.
    let json = serde_json::to_string(&serde_json::Map::from_iter(
        (patterns.iter().enumerate()).map(|(i, p)| (format!("r{i:04}"), Value::from(p.clone()))),
    ))
    .unwrap();
    let routes = Routes::from_json(&json, None).unwrap();
    let by_text = Routes::from_json(&serde_json::to_string(&patterns).unwrap(), None).unwrap();
    assert_eq!(routes.len(), patterns.len());
    let compiled: Vec<UrlPattern> = patterns.iter().map(|p| p.parse().unwrap()).collect();
    let mut rows_in: Vec<Option<&str>> = Vec::new();
    let (mut first, mut best) = (Vec::new(), Vec::new());
    let mut matched = 0;
    for url in &urls {
        let oracle = compiled.iter().position(|p| p.test(url, None));
        let name = oracle.map(|i| format!("r{i:04}"));
        matched += usize::from(oracle.is_some());
        let parsed = weburl::Url::parse(url).ok();
        if let Some(parsed) = &parsed {
            assert_eq!(routes.route(parsed, false), name.as_deref(), "{url}");
            assert_eq!(
                by_text.route(parsed, false),
                oracle.map(|i| patterns[i].as_str())
            );
            // The most specific route is one that matches, and there is one when any does.
            let b = routes.route_index(parsed, true);
            assert_eq!(b.is_some(), oracle.is_some(), "{url}");
            if let Some(b) = b {
                assert!(compiled[b].test_url(parsed), "{url}: {}", patterns[b]);
            }
        }
        let b = parsed
            .as_ref()
            .and_then(|u| routes.route(u, true))
            .map(str::to_owned);
        rows_in.extend([Some(url.as_str()), None]);
        first.extend([name, None]);
        best.extend([b, None]);
    }
    assert!(matched >= 10, "{matched}");
    for (layout, arrays) in layouts(&rows_in) {
        let urls = Strings::chunks(&arrays).unwrap();
        for output in [Output::Utf8, Output::LargeUtf8, Output::Utf8View] {
            let got = weburl_arrow::route(&urls, &routes, false, None, output);
            assert_eq!(got.data_type(), &output.data_type());
            assert_eq!(texts(got.as_ref()), first, "{layout} {output:?}");
            let got = weburl_arrow::route(&urls, &routes, true, None, output);
            assert_eq!(texts(got.as_ref()), best, "{layout} {output:?} best");
        }
    }
    // The row function of the row-by-row hosts answers the same.
    let mut spare = rows::Spare::default();
    for (input, want) in rows_in.iter().zip(&first) {
        if let Some(input) = input {
            assert_eq!(routes.route_in(input, false, &mut spare), want.as_deref());
        }
    }
}

#[test]
fn routes_relative_to_a_base_and_the_most_specific() {
    let routes = Routes::from_json(
        r#"{"any": "/*", "repo": "/repos/:owner/:repo", "issues": "/repos/:owner/:repo/issues", "pulls": "/repos/:owner/:repo/pulls"}"#,
        Some("https://api.github.com"),
    )
    .unwrap();
    let urls = weburl_arrow::arrow_array::StringArray::from(vec![
        "https://api.github.com/repos/a/b/issues",
        "https://api.github.com/repos/a/b",
        "https://example.com/repos/a/b",
        "/repos/a/b",
    ]);
    let urls = Strings::try_new(&urls).unwrap();
    let first = weburl_arrow::route(&urls, &routes, false, None, Output::Utf8);
    assert_eq!(
        texts(first.as_ref()),
        [Some("any".to_owned()), Some("any".into()), None, None]
    );
    let best = weburl_arrow::route(&urls, &routes, true, None, Output::Utf8);
    assert_eq!(
        texts(best.as_ref()),
        [Some("issues".to_owned()), Some("repo".into()), None, None]
    );
    // The URLs parsed against a base URL.
    let base = weburl::Url::parse("https://api.github.com/").unwrap();
    let best = weburl_arrow::route(&urls, &routes, true, &base, Output::Utf8);
    assert_eq!(texts(best.as_ref())[3].as_deref(), Some("repo"));
}

#[test]
fn routes_errors_say_what_and_which_route() {
    let cases = [
        ("{", "the routes must be a JSON object"),
        (r#"{"a": 1}"#, r#"the route "a"'s pattern must be a string"#),
        (
            r#"{"a": 1}"#,
            r#"the route "a"'s pattern must be a string (a constructor string) or an object (an init object, or {"pattern": ..., "ignoreCase": true}), not a number"#,
        ),
        (
            r#"["https://h/", 2]"#,
            "or an array of patterns: the route at 1's pattern must be a string",
        ),
        (
            r#"{"a": {"pathname": "/x", "path": "/y"}}"#,
            r#"route "a": invalid URL pattern"#,
        ),
        (
            r#"{"a": {"pathname": 1}}"#,
            r#"route "a": invalid URL pattern"#,
        ),
        (
            r#"{"a": {"pattern": "https://h/", "ignoreCase": 1}}"#,
            r#"the route "a"'s ignoreCase must be a boolean, not a number"#,
        ),
        (
            r#"{"a": {"pattern": "https://h/", "ignore_case": true}}"#,
            r#"the route "a" has "pattern" and the options: ignoreCase, not "ignore_case""#,
        ),
        (
            r#"[{"pattern": ["https://h/"]}]"#,
            r#"the route at 0's "pattern" must be a string (a constructor string) or an init object, not an array"#,
        ),
        (
            r#"[{"pattern": {"pattern": "https://h/"}}]"#,
            r#"the route at 0's "pattern" must be a string"#,
        ),
        ("\"https://h/\"", "invalid type: string"),
        (r#"{"a": "https://h/"} x"#, "trailing characters"),
        (
            r#"{"a": "https://h/", "a": "https://i/"}"#,
            r#"the route "a" is given twice"#,
        ),
        (
            r#"{"ok": "https://h/", "bad": "https://h/:id("}"#,
            r#"route "bad": invalid URL pattern "https://h/:id(": invalid pattern at byte"#,
        ),
        (
            r#"{"rel": "/books/:id"}"#,
            r#"route "rel": invalid URL pattern "/books/:id": "#,
        ),
    ];
    for (json, message) in cases {
        let e = Routes::from_json(json, None).unwrap_err();
        assert!(e.to_string().contains(message), "{json}: {e}");
        assert!(matches!(
            e,
            KernelError::Routes(_) | KernelError::Route { .. }
        ));
    }
    let e = Routes::from_json(r#"{"rel": "/books/:id"}"#, None).unwrap_err();
    assert!(e.to_string().ends_with("give pattern_base"), "{e}");
    let e = Routes::from_json(r#"{"rel": "/books/:id"}"#, Some("nope")).unwrap_err();
    assert!(
        e.to_string()
            .contains(r#"the base URL "nope" does not parse"#),
        "{e}"
    );
}

#[test]
fn the_cache_compiles_each_routes_value_once() {
    let cache = RouteCache::new();
    let mut reader = cache.reader();
    let a = r#"{"a": "https://h/a"}"#;
    let b = r#"{"b": "https://h/b"}"#;
    let url = weburl::Url::parse("https://h/b").unwrap();
    for json in [a, b, a, b] {
        let routes = reader.get(json, None).unwrap();
        let want = if json == b { Some("b") } else { None };
        assert_eq!(routes.route(&url, false), want);
    }
    assert!(std::sync::Arc::ptr_eq(
        &cache.get(a, None).unwrap(),
        &cache.get(a, None).unwrap()
    ));
    // Two distinct values: compiled once each, however many rows read them.
    assert_eq!(cache.compiles(), 2);
    for _ in 0..1000 {
        reader.get(a, None).unwrap();
        reader.get_with(a, None, false).unwrap();
    }
    assert_eq!(cache.compiles(), 2);
    // The same text with another base URL or untrusted is another value.
    reader.get_with(a, None, true).unwrap();
    reader.get(a, Some("https://h")).unwrap();
    assert_eq!((cache.compiles(), cache.len()), (4, 4));
    // More distinct values than the bound: still each answered.
    for i in 0..RouteCache::MAX_ROUTES * 2 {
        let json = format!(r#"{{"r{i}": "https://h/{i}"}}"#);
        assert_eq!(
            cache.get(&json, None).unwrap().names().next(),
            Some(format!("r{i}").as_str())
        );
    }
}

/// The generic cache against a naive oracle: for any sequence of keys read through a reader
/// and the cache, each answer is the value compiled from that key, and (under the bound) each
/// distinct key is compiled once.
#[test]
fn the_cache_answers_what_each_key_compiles_to() {
    use weburl_arrow::{CacheKey, PatternCache};
    let texts = [
        "https://h/:id",
        "/books/:id",
        "https://h/:n(\\d+)",
        "https://h/:id(",
    ];
    let bases = [None, Some("https://h"), Some("nope")];
    let mut keys = Vec::new();
    for text in texts {
        for base in bases {
            for ignore_case in [false, true] {
                for untrusted in [false, true] {
                    keys.push(
                        CacheKey::new(text, base)
                            .with_ignore_case(ignore_case)
                            .with_untrusted(untrusted),
                    );
                }
            }
        }
    }
    let cache = PatternCache::new();
    let mut reader = cache.reader();
    let mut seed = 7u64;
    let mut compiled = std::collections::HashSet::new();
    for _ in 0..2000 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let key = keys[(seed >> 33) as usize % keys.len()];
        let want =
            weburl_arrow::url_pattern_with(key.text, key.base, key.ignore_case, key.untrusted);
        let got = reader.get_key(&key);
        match (&want, got) {
            (Ok(want), Ok(got)) => {
                assert_eq!(want.pathname(), got.pathname(), "{key:?}");
                assert_eq!(want.hostname(), got.hostname(), "{key:?}");
                assert_eq!(
                    want.test("https://h/BOOKS/7", None),
                    got.test("https://h/BOOKS/7", None),
                    "{key:?}"
                );
                compiled.insert(key);
            }
            (Err(want), Err(got)) => assert_eq!(want.to_string(), got.to_string()),
            (want, got) => panic!(
                "{key:?}: {want:?} against {:?}",
                got.map(|p| p.pathname().to_owned())
            ),
        }
    }
    // Every key that compiles was compiled once; one that does not, at each change of key
    // to it (it is not kept).
    assert_eq!(cache.len(), compiled.len());
    assert!(cache.compiles() >= compiled.len());
    let errors_before = cache.compiles();
    for key in &compiled {
        cache.get_key(key).unwrap();
    }
    assert_eq!(cache.compiles(), errors_before);
}

/// A route's pattern may be an init object (as every pattern function's may be its JSON
/// text): in an object of routes, named by its key; in an array, by its JSON text. It is
/// compiled as the same init object's text given as a string is.
#[test]
fn init_object_routes() {
    let routes = Routes::from_json(
        r#"{"book": {"hostname": "*.example.com", "pathname": "/books/:id"},
            "text": "{\"pathname\": \"/authors/:name\"}",
            "any": "https://*/*"}"#,
        None,
    )
    .unwrap();
    let route = |u: &str| routes.route(&weburl::Url::parse(u).unwrap(), false);
    assert_eq!(route("https://a.example.com/books/7"), Some("book"));
    assert_eq!(route("http://a.example.com/books/7"), Some("book"));
    assert_eq!(route("https://example.org/books/7"), Some("any"));
    assert_eq!(route("ftp://example.org/authors/x"), Some("text"));
    let routes = Routes::from_json(
        r#"[{"pathname": "/b/:id", "protocol": "https"}, "https://h/*"]"#,
        None,
    )
    .unwrap();
    assert_eq!(
        routes.names().collect::<Vec<_>>(),
        [r#"{"pathname":"/b/:id","protocol":"https"}"#, "https://h/*"]
    );
    let url = weburl::Url::parse("https://h/b/1").unwrap();
    assert_eq!(
        routes.route(&url, false),
        Some(r#"{"pathname":"/b/:id","protocol":"https"}"#)
    );
    // An init object's base URL is its own baseURL member: with the call's base URL as well it
    // is an error naming the route, as `new URLPattern(init, baseURL)` throws.
    let e = Routes::from_json(r#"{"b": {"pathname": "/b/:id"}}"#, Some("https://h")).unwrap_err();
    assert!(e.to_string().starts_with(r#"route "b": "#), "{e}");
    let routes = Routes::from_json(
        r#"{"b": {"pathname": "/b/:id", "baseURL": "https://h"}}"#,
        None,
    )
    .unwrap();
    assert_eq!(routes.route(&url, false), Some("b"));
    assert_eq!(
        routes.route(&weburl::Url::parse("https://i/b/1").unwrap(), false),
        None
    );
}

/// A route with its options, `{"pattern": ..., "ignoreCase": true}` (JavaScript's `new
/// URLPattern(pattern, {ignoreCase: true})`), for each route on its own; the pattern a
/// constructor string (relative to the base URL) or an init object.
#[test]
fn routes_with_ignore_case() {
    let routes = Routes::from_json(
        r#"{"book": {"pattern": "/books/:id", "ignoreCase": true},
            "Author": {"pattern": "/authors/:name", "ignoreCase": false},
            "film": {"pattern": {"baseURL": "https://h", "pathname": "/films/:id"}, "ignoreCase": true},
            "plain": {"pattern": "/plain"}}"#,
        None,
    );
    // A relative constructor string needs the base URL, given to the call.
    assert!(
        routes
            .unwrap_err()
            .to_string()
            .contains("give pattern_base")
    );
    let routes = Routes::from_json(
        r#"{"book": {"pattern": "/books/:id", "ignoreCase": true},
            "author": {"pattern": "/authors/:name", "ignoreCase": false},
            "plain": {"pattern": "/plain"}}"#,
        Some("https://h"),
    )
    .unwrap();
    let route = |u: &str| routes.route(&weburl::Url::parse(u).unwrap(), false);
    assert_eq!(route("https://h/BOOKS/7"), Some("book"));
    assert_eq!(route("https://h/books/7"), Some("book"));
    assert_eq!(route("https://h/AUTHORS/x"), None);
    assert_eq!(route("https://h/authors/x"), Some("author"));
    assert_eq!(route("https://h/PLAIN"), None);
    assert_eq!(route("https://h/plain"), Some("plain"));
    // As the library's pattern with the same option, on every case.
    let o = UrlPatternOptions { ignore_case: true };
    let book = UrlPattern::parse("/books/:id", Some("https://h"), o).unwrap();
    for u in [
        "https://h/Books/1",
        "https://h/BOOKS/",
        "https://H/books/x/y",
        "https://h/book/1",
    ] {
        let url = weburl::Url::parse(u).unwrap();
        assert_eq!(route(u) == Some("book"), book.test_url(&url), "{u}");
    }
    // An init object with ignoreCase, in an array: named by its JSON text.
    let json =
        r#"[{"pattern": {"baseURL": "https://h", "pathname": "/films/:id"}, "ignoreCase": true}]"#;
    let routes = Routes::from_json(json, None).unwrap();
    let url = weburl::Url::parse("https://h/FILMS/3").unwrap();
    assert_eq!(
        routes.route(&url, false),
        Some(r#"{"ignoreCase":true,"pattern":{"baseURL":"https://h","pathname":"/films/:id"}}"#)
    );
}
