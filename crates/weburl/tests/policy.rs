//! The policy check (`weburl::policy`, feature `policy`) on the confusion corpus
//! (`tests/data/confusion/corpus.json`): each engine's reading of each input, engine
//! agreement, and `Policy::public_web` on every internal spelling.
#![cfg(feature = "policy")]

use proptest::prelude::*;
use serde_json::Value;
use weburl::Url;
use weburl::legacy::Engine;
use weburl::net::AddressSpace;
use weburl::policy::Policy;

fn corpus() -> Vec<Value> {
    let path = format!(
        "{}/tests/data/confusion/corpus.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let data: Value = serde_json::from_str(&text).unwrap();
    data["cases"].as_array().unwrap().clone()
}

/// `Some(Some(host))`, `Some(None)` (no host), or `None` (the engine fails).
fn reading(engine: Engine, input: &str) -> Option<Option<String>> {
    engine
        .resolve(input, None, None)
        .ok()
        .map(|r| r.host().map(str::to_owned))
}

/// A naive oracle for "the same host": put the other engine's host into a URL of the same
/// scheme and compare hostnames (ASCII case-insensitively); the host must be the whole
/// authority of that URL (nothing read as userinfo, port, path, query or fragment, and no
/// whitespace or control the URL parser would strip).
fn naive_same(scheme: &str, whatwg: &str, other: &str) -> bool {
    whatwg.eq_ignore_ascii_case(other)
        || !other.bytes().any(|b| b <= b' ')
            && Url::parse(&format!("{scheme}://{other}/")).is_ok_and(|u| {
                u.hostname().eq_ignore_ascii_case(whatwg)
                    && u.pathname() == "/"
                    && u.search().is_empty()
                    && u.hash().is_empty()
                    && !u.includes_credentials()
                    && u.port().is_empty()
            })
}

#[test]
fn confusion_corpus_readings_and_policy() {
    let cases = corpus();
    assert!(cases.len() >= 70);
    let mut refused = 0;
    for case in &cases {
        let input = case["input"].as_str().unwrap();
        // 1. Each engine reads what the corpus recorded.
        for engine in Engine::ALL {
            let recorded = &case["readings"][engine.name()];
            let expected = if recorded.get("failure").is_some() {
                None
            } else {
                Some(recorded["host"].as_str().map(str::to_owned))
            };
            assert_eq!(reading(engine, input), expected, "{input:?} {engine}");
        }
        // 2. The engine-agreement rule refuses exactly the inputs the oracle says disagree.
        let result = Policy::new().require_engine_agreement().check(input, None);
        let whatwg = reading(Engine::Whatwg, input);
        let disagree = whatwg.as_ref().map(|w| {
            Engine::ALL[1..]
                .iter()
                .any(|&e| match (w, reading(e, input)) {
                    (_, None) | (None, Some(None)) => false,
                    (Some(w), Some(Some(o))) => {
                        !naive_same(Url::parse(input).unwrap().scheme(), w, &o)
                    }
                    _ => true,
                })
        });
        match disagree {
            None => assert_eq!(result.unwrap_err().rule(), "unparsable", "{input:?}"),
            Some(true) => {
                refused += 1;
                assert_eq!(result.unwrap_err().rule(), "engines-disagree", "{input:?}");
            }
            Some(false) => assert!(result.is_ok(), "{input:?}: {result:?}"),
        }
    }
    // The families that split a filter from a fetcher are all caught.
    for input in [
        "http://evil.com\\@good.com/",
        "http://evil.com:80\\@good.com/",
        "http://good.com\\\\@evil.com/",
        "http://good.com:443\\@evil.com/",
        "http://good.com?@evil.com/",
        "http:///evil.com/",
        "http:\\\\evil.com\\",
        "http://faß.example/",
        "https:/example.com/",
    ] {
        let e = Policy::public_web().check(input, None).unwrap_err();
        assert_eq!(e.rule(), "engines-disagree", "{input:?}");
    }
    println!(
        "{} passed, 0 failed ({refused} refused by engine agreement)",
        cases.len()
    );
}

#[test]
fn public_web_refuses_every_internal_spelling_in_the_corpus() {
    for case in corpus() {
        let input = case["input"].as_str().unwrap();
        let Ok(url) = Url::parse(input) else { continue };
        if matches!(
            url.address_space(),
            Some(AddressSpace::Loopback | AddressSpace::Local)
        ) {
            assert!(
                Policy::public_web().check(input, None).is_err(),
                "{input:?}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// For any input the check accepts, every engine that parses it finds the same host.
    #[test]
    fn accepted_inputs_have_one_host(
        scheme in prop::sample::select(vec!["http:", "https:", "HTTP:", "ftp:", "sc:", ""]),
        slashes in prop::sample::select(vec!["//", "/", "\\\\", "/\\", "///", ""]),
        parts in prop::collection::vec(prop::sample::select(vec![
            "good.com", "evil.com", "@", ":", ":80", "\\", "/", "?", "#", "%40", "%2e", ".",
            "127.0.0.1", "0x7f.1", "[::1]", "u:p", " ", "\t", "ß", "ｇ", "a", "1",
        ]), 0..6),
    ) {
        let input = format!("{scheme}{slashes}{}", parts.concat());
        if let Ok(url) = Policy::new().require_engine_agreement().check(&input, None) {
            let whatwg = url.has_host().then(|| url.hostname().to_owned());
            for engine in &Engine::ALL[1..] {
                if let Some(other) = reading(*engine, &input) {
                    match (&whatwg, other) {
                        (None, None) => {}
                        (Some(w), Some(o)) => prop_assert!(naive_same(url.scheme(), w, &o), "{input:?} {engine}: {w} vs {o}"),
                        (w, o) => prop_assert!(false, "{input:?} {engine}: {w:?} vs {o:?}"),
                    }
                }
            }
        }
    }
}
