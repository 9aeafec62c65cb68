//! Spark's recorded answers and the rules of `parse_url`, java.net.URI and the key patterns.

use super::*;
use query_key::find_literal;

/// What the SQL function answers: NULL where Spark fails the query too.
fn answer<'a>(url: &'a str, part: &str, key: Option<&str>) -> Option<&'a str> {
    parse_url(url, part, key).ok().flatten()
}

/// The fixture recorded from Spark (kept with the DataFusion function's tests, which read it
/// too); `SPARK_PARSE_URL_JSON` may point elsewhere. Read at run time: the crate's package
/// leaves it out (the tests run in the repository).
fn fixture() -> String {
    let path = std::env::var("SPARK_PARSE_URL_JSON").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../weburl-datafusion/tests/data/spark-parse-url.json"
        )
        .to_owned()
    });
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every case Spark answered (or threw on) gives the same here.
#[test]
fn agrees_with_spark() {
    let data: serde_json::Value = serde_json::from_str(&fixture()).expect("fixture is JSON");
    let cases = data["cases"].as_array().expect("cases");
    let (mut passed, mut failed) = (0usize, 0usize);
    for case in cases {
        let url = case["url"].as_str().expect("url");
        let part = case["part"].as_str().expect("part");
        let key = case["key"].as_str();
        let got = parse_url(url, part, key);
        let ok = match &case["result"] {
            serde_json::Value::Null => got == Ok(None),
            serde_json::Value::String(want) => got == Ok(Some(want.as_str())),
            // Spark threw: a URI that escapes with a NumberFormatException, or a bad key.
            serde_json::Value::Object(_) => matches!(
                got,
                Err(SparkError::UriNumberFormat | SparkError::InvalidKeyPattern)
            ),
            other => panic!("unexpected result {other}"),
        };
        if ok {
            passed += 1;
        } else {
            failed += 1;
            if failed <= 30 {
                eprintln!(
                    "{url:?} {part} {key:?}: Spark {} here {got:?}",
                    case["result"]
                );
            }
        }
        // The range form agrees with the text form.
        let range = parse_url_range(url, part, key);
        assert_eq!(range.map(|r| r.map(|r| &url[r])), got);
    }
    println!("{passed} passed, {failed} failed");
    assert!(
        cases.len() > 10_000,
        "the fixture has {} cases",
        cases.len()
    );
    assert_eq!(failed, 0);
}

#[test]
fn parts() {
    let url = "https://u:p@Example.COM:8080/a/./b?x=1&y=2#frag";
    let part = |name| answer(url, name, None).map(str::to_owned);
    assert_eq!(part("HOST").as_deref(), Some("Example.COM"));
    assert_eq!(part("PATH").as_deref(), Some("/a/./b"));
    assert_eq!(part("QUERY").as_deref(), Some("x=1&y=2"));
    assert_eq!(part("REF").as_deref(), Some("frag"));
    assert_eq!(part("PROTOCOL").as_deref(), Some("https"));
    assert_eq!(part("FILE").as_deref(), Some("/a/./b?x=1&y=2"));
    assert_eq!(part("AUTHORITY").as_deref(), Some("u:p@Example.COM:8080"));
    assert_eq!(part("USERINFO").as_deref(), Some("u:p"));
    assert_eq!(part("host"), None);
    assert_eq!(part("PORT"), None);
    // Every answer is where it is in the input.
    let range = parse_url_range(url, "FILE", None).unwrap().unwrap();
    assert_eq!(&url[range], "/a/./b?x=1&y=2");
}

#[test]
fn authorities() {
    let host = |u| answer(u, "HOST", None).map(str::to_owned);
    let authority = |u| answer(u, "AUTHORITY", None).map(str::to_owned);
    // Registry-based: no host, the authority kept.
    assert_eq!(host("http://my_host:80/"), None);
    assert_eq!(
        authority("http://my_host:80/").as_deref(),
        Some("my_host:80")
    );
    assert_eq!(host("http://1.2.3/"), None);
    assert_eq!(host("http://123/").as_deref(), Some("123"));
    assert_eq!(host("http://a.1b/"), None);
    assert_eq!(host("http://host:2147483648/"), None);
    assert_eq!(host("http://host:2147483647/").as_deref(), Some("host"));
    assert_eq!(
        host("http://[fe80::1%eth0]:80/").as_deref(),
        Some("[fe80::1%eth0]")
    );
    assert_eq!(host("http://[1:2:3:4:5:6:7]/"), None);
    assert_eq!(host("http://[::1.2.3.4]/").as_deref(), Some("[::1.2.3.4]"));
    // Empty authority.
    assert_eq!(authority("file:///etc"), None);
    assert_eq!(answer("file:///etc", "PATH", None), Some("/etc"));
    // Not a URI at all.
    assert_eq!(answer("http://h/a b", "PATH", None), None);
    assert!(!uri_is_valid("http://h/%zz"));
    assert!(uri_is_valid("http://h/%41"));
    assert_eq!(
        parse_url("http://[::99999999999.1.1.1]/", "HOST", None),
        Err(SparkError::UriNumberFormat)
    );
}

#[test]
fn keys() {
    let key = |u, k| parse_url(u, "QUERY", Some(k)).map(|v| v.map(str::to_owned));
    let some = |s: &str| Ok(Some(s.to_owned()));
    let url = "http://h/p?a=1&ab=2&a=3&axb=4&aab=5&b=";
    assert_eq!(key(url, "a"), some("1"));
    assert_eq!(key(url, "ab"), some("2"));
    assert_eq!(key(url, "b"), some(""));
    assert_eq!(key(url, "c"), Ok(None));
    assert_eq!(key(url, "a.b"), some("4"));
    assert_eq!(key(url, "a+b"), some("2"));
    assert_eq!(key(url, "(a)"), some("a"));
    assert_eq!(key(url, "("), Err(SparkError::InvalidKeyPattern));
    assert_eq!(
        key("http://h/p", "("),
        Ok(None),
        "no query: the pattern is not compiled"
    );
    assert_eq!(key(url, "(?i)A"), Err(SparkError::UnsupportedKeyPattern));
    assert_eq!(key(url, "(?=a)a"), Err(SparkError::UnsupportedKeyPattern));
    assert_eq!(key(url, "a++"), Err(SparkError::UnsupportedKeyPattern));
    // With a key, only QUERY answers.
    assert_eq!(answer(url, "HOST", Some("a")), None);
    assert_eq!(find_literal("&a=1", "a"), Some(3..4));
    assert_eq!(find_literal("xa=1&a=2", "a"), Some(7..8));
}

/// The rows of the module documentation's table, as this module answers them.
#[test]
fn documented_departures() {
    let rows: [(&str, &str, Option<&str>, Option<&str>); 13] = [
        ("HTTP://Example.COM/a", "HOST", None, Some("Example.COM")),
        ("http://my_host/", "HOST", None, None),
        ("http://ex ample.com/", "HOST", None, None),
        ("http://h/a b", "PATH", None, None),
        ("http://h/p#a#b", "REF", None, None),
        ("http://例え.jp/", "AUTHORITY", None, Some("例え.jp")),
        ("http://1.2.3/", "HOST", None, None),
        ("http://h/./a/../b", "PATH", None, Some("/./a/../b")),
        ("http:///x", "PATH", None, Some("/x")),
        ("mailto:a@b", "PATH", None, None),
        ("www.example.com/x", "PATH", None, Some("www.example.com/x")),
        ("http://h/?a=%41", "QUERY", Some("a"), Some("%41")),
        (
            "http://[fe80::1%eth0]/",
            "HOST",
            None,
            Some("[fe80::1%eth0]"),
        ),
    ];
    for (url, part, key, want) in rows {
        assert_eq!(answer(url, part, key), want, "{url} {part}");
    }
    assert_eq!(answer("http://例え.jp/", "HOST", None), None);
    assert_eq!(answer("http:///x", "AUTHORITY", None), None);
    assert_eq!(
        parse_url("http://[::99999999999.1.1.1]/", "host", None),
        Err(SparkError::UriNumberFormat),
        "an unknown part still parses the URL"
    );
    assert_eq!(
        parse_url("http://[::99999999999.1.1.1]/", "HOST", Some("a")),
        Ok(None)
    );
}

/// Random inputs made of URI-ish pieces: no panic, and the answers stay slices.
#[test]
fn no_panic_on_noise() {
    let pieces = [
        "http",
        ":",
        "//",
        "/",
        "?",
        "#",
        "[",
        "]",
        "%",
        "%4",
        "%41",
        "@",
        ".",
        "1",
        "255",
        "256",
        "::",
        "a",
        "_",
        "-",
        "é",
        "\u{a0}",
        "\u{85}",
        "😀",
        " ",
        "&",
        "=",
        "x=",
        "%zz",
        "9999999999",
        "[::1",
        "%eth0",
        "mailto:",
        "\0",
    ];
    let parts = [
        "HOST",
        "PATH",
        "QUERY",
        "REF",
        "PROTOCOL",
        "FILE",
        "AUTHORITY",
        "USERINFO",
    ];
    let keys = [
        None,
        Some("a"),
        Some("x"),
        Some("a.b"),
        Some("["),
        Some("(a)"),
        Some(""),
    ];
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _ in 0..20_000 {
        let url: String = (0..next(12)).map(|_| pieces[next(pieces.len())]).collect();
        for part in parts {
            let key = keys[next(keys.len())];
            if let Ok(Some(v)) = parse_url(&url, part, key) {
                assert!(url.contains(v), "{url:?} {part} {key:?} -> {v:?}");
            }
        }
    }
}
