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
        // 2. The historical engine-agreement rule refuses exactly the inputs the oracle says
        // disagree, or today's fetchers' reading does.
        let result = Policy::new()
            .require_historical_engine_agreement()
            .check(input, None);
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
            Some(false) if fetchers_disagree(input) == Some(true) => {
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
        "http:///evil.com/",
        "http:\\\\evil.com\\",
        "http://faß.example/",
        "https:/example.com/",
    ] {
        let e = Policy::public_web().check(input, None).unwrap_err();
        assert_eq!(e.rule(), "engines-disagree", "{input:?}");
    }
    // RFC 1808 reads on past the `?` to the `@`; no fetcher in use today does, so only the
    // historical opt-in refuses it.
    let input = "http://good.com?@evil.com/";
    assert!(Policy::public_web().check(input, None).is_ok());
    let e = Policy::public_web()
        .require_historical_engine_agreement()
        .check(input, None)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the engines disagree on the host: whatwg reads \"good.com\", rfc1808 reads \"evil.com\""
    );
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

    /// For any input the historical check accepts, every engine that parses it finds the same
    /// host.
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
        if let Ok(url) = Policy::new().require_historical_engine_agreement().check(&input, None) {
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

/// A naive oracle for what today's fetchers read as the host (RFC 3986 appendix B, as
/// `urllib.parse.urlsplit` reads it): blanks trimmed and tabs and newlines removed, the
/// scheme before the first `:`, an authority after `//` up to `/`, `?` or `#`, the host after
/// its last `@` and before a `:` (or a bracketed literal). `None`: no scheme (no base here).
fn naive_fetcher_host(input: &str) -> Option<Option<String>> {
    let text: String = input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let (scheme, rest) = text.split_once(':')?;
    let valid_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    if !valid_scheme {
        return None;
    }
    let Some(after) = rest.strip_prefix("//") else {
        return Some(None);
    };
    let authority = after.split(['/', '?', '#']).next().unwrap();
    let host_port = authority.rsplit('@').next().unwrap();
    if host_port.starts_with('[') {
        let end = host_port.find(']')?;
        return Some(Some(host_port[..=end].to_owned()));
    }
    Some(Some(host_port.split(':').next().unwrap().to_owned()))
}

/// Whether the naive fetcher reading (or its IDNA2003 reading of a non-ASCII host) names
/// another host than the URL Standard. `None` when the input does not parse.
fn fetchers_disagree(input: &str) -> Option<bool> {
    let url = Url::parse(input).ok()?;
    let whatwg = url.has_host().then(|| url.hostname().to_owned());
    let Some(fetched) = naive_fetcher_host(input) else {
        return Some(false);
    };
    Some(match (&whatwg, &fetched) {
        (None, None) => false,
        (Some(w), Some(f)) => {
            !naive_same(url.scheme(), w, f)
                || !f.is_ascii()
                    && weburl::legacy::idna2003::domain_to_ascii(f)
                        .is_ok_and(|ascii| !naive_same(url.scheme(), w, &ascii))
        }
        _ => true,
    })
}

/// Whether the historical engines (the default rule before today's fetchers) read another
/// host than the URL Standard.
fn historical_engines_disagree(input: &str) -> Option<bool> {
    let url = Url::parse(input).ok()?;
    let whatwg = url.has_host().then(|| url.hostname().to_owned());
    Some(
        Engine::ALL[1..]
            .iter()
            .any(|&e| match (&whatwg, reading(e, input)) {
                (_, None) | (None, Some(None)) => false,
                (Some(w), Some(Some(o))) => !naive_same(url.scheme(), w, &o),
                _ => true,
            }),
    )
}

/// The corpus cases that the historical engines refused and today's fetchers do not, each
/// with why no fetcher reads another host there.
const NO_LONGER_REFUSED: [(&str, &str); 6] = [
    (
        "http://good.com?@evil.com/",
        "the authority ends at `?` (RFC 3986 section 3.2): curl, Go, urllib3, urlsplit and \
         Java's URI read good.com, as the URL Standard does; only RFC 1808 reads on to the `@`",
    ),
    (
        "http://evil.com?.good.com/",
        "the same: every fetcher reads evil.com, the host before the `?`",
    ),
    (
        " http://good.com/",
        "a leading space: Python's urlsplit strips it as the URL Standard does, Go's net/url \
         and Java's URI refuse the URL; none reads another host",
    ),
    (
        "http://ev\til.com/",
        "a tab: urlsplit removes it as the URL Standard does (evil.com), Go and Java refuse \
         the URL",
    ),
    (
        "http://good.com\r\n.evil.com/",
        "CR LF: urlsplit removes them as the URL Standard does (good.com.evil.com), Go and \
         Java refuse the URL",
    ),
    (
        "\u{1}http://good.com/",
        "a leading C0 control: urlsplit strips it as the URL Standard does, Go and Java \
         refuse the URL",
    ),
];

#[test]
fn default_agreement_is_todays_fetchers_on_the_confusion_corpus() {
    let mut no_longer = Vec::new();
    let (mut refused, mut historical) = (0, 0);
    for case in corpus() {
        let input = case["input"].as_str().unwrap();
        let Some(disagree) = fetchers_disagree(input) else {
            continue;
        };
        let result = Policy::new().require_engine_agreement().check(input, None);
        assert_eq!(result.is_err(), disagree, "{input:?}: {result:?}");
        if let Err(e) = &result {
            assert_eq!(e.rules().collect::<Vec<_>>(), ["engines-disagree"]);
            refused += 1;
        }
        // The historical opt-in refuses what either rule refuses.
        let old = historical_engines_disagree(input).unwrap();
        let opt_in = Policy::new()
            .require_historical_engine_agreement()
            .check(input, None);
        assert_eq!(opt_in.is_err(), old || disagree, "{input:?}");
        historical += usize::from(old);
        if old && !disagree {
            no_longer.push(input.to_owned());
        }
    }
    let expected: Vec<&str> = NO_LONGER_REFUSED.iter().map(|(input, _)| *input).collect();
    assert_eq!(no_longer, expected);
    println!(
        "confusion corpus: {historical} refused by the historical engines, {refused} by today's \
         fetchers' reading; no longer refused: {}",
        no_longer.len()
    );
}

/// The URL lists of the benchmarks (and userbait.txt when ../shared/bench-data has it).
fn bench_lines() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines = Vec::new();
    for name in ["isaacs_files", "node_files", "kasztp", "web_links"] {
        let path = root.join(format!("../weburl-bench/data/{name}.txt"));
        let bytes = std::fs::read(&path).unwrap();
        lines.extend(String::from_utf8_lossy(&bytes).lines().map(str::to_owned));
    }
    if let Ok(bytes) = std::fs::read(root.join("../../../shared/bench-data/userbait.txt")) {
        lines.extend(String::from_utf8_lossy(&bytes).lines().map(str::to_owned));
    }
    lines
}

/// With the default rule, a URL of the benchmark lists is refused for disagreement only when
/// the naive fetcher reading's host really differs; prints how many the historical engines
/// refused.
#[test]
fn default_agreement_on_the_bench_lists() {
    let lines = bench_lines();
    assert!(lines.len() > 100_000);
    let policy = Policy::new().require_engine_agreement();
    let (mut refused, mut historical) = (Vec::new(), Vec::new());
    for line in &lines {
        let Some(disagree) = fetchers_disagree(line) else {
            continue;
        };
        let result = policy.check(line, None);
        assert_eq!(result.is_err(), disagree, "{line:?}: {result:?}");
        if disagree {
            refused.push(line.as_str());
        }
        if historical_engines_disagree(line).unwrap() {
            historical.push(line.as_str());
        }
    }
    let distinct = |v: &[&str]| v.iter().collect::<std::collections::BTreeSet<_>>().len();
    println!(
        "{} lines: refused for disagreement by the historical engines {} ({} distinct), by \
         today's fetchers' reading {} ({} distinct)",
        lines.len(),
        historical.len(),
        distinct(&historical),
        refused.len(),
        distinct(&refused),
    );
    for line in &refused {
        println!("refused: {line}");
    }
}
