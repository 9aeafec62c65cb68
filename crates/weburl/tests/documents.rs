//! `weburl::document` against what a real browser resolves.
//!
//! `tests/data/documents/fixtures.json` lists HTML fixture documents; for each,
//! `tests/data/documents/expected/NAME.json` is what headless Chromium resolved every
//! URL-bearing attribute to, recorded by `tests/data/documents/record/record.mjs` (rerun it to
//! refresh them; this test never needs a browser). Each fixture is extracted under each
//! late-base policy, and the links (element, attribute, URL text, URL or failure), the
//! document's encoding and its base URL must equal the record, except where Chromium departs
//! from the URL Standard or HTML: those few cases are listed in `CHROMIUM_DIVERGENCES`, with the
//! standard's answer (which weburl must give) and the reason.
//!
//! The XML fixtures (`tests/data/documents/xml/`) have hand-written expectations in
//! `expected-xml/`: browsers no longer implement `xml:base`, so they come from the XML Base
//! specification's own examples and RFC 3986 reasoning, as each file says.

#![cfg(feature = "document")]

use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

use serde_json::Value;
use weburl::Url;
use weburl::document::{DocumentKind, LateBase, Link, LinkOptions, collect_links};

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/documents")
}

fn load(path: &str) -> Value {
    let text = fs::read_to_string(data_dir().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The `charset` parameter of a Content-Type value.
fn charset(content_type: &str) -> Option<&str> {
    content_type.split(';').skip(1).find_map(|p| {
        let (name, value) = p.split_once('=')?;
        name.trim()
            .eq_ignore_ascii_case("charset")
            .then(|| value.trim().trim_matches('"'))
    })
}

fn str_field<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("missing string {key:?} in {v}"))
}

/// Where Chromium departs from the URL Standard or HTML, which weburl follows: `(fixture, URL
/// text, what the standards give)`. The browser's record keeps Chromium's answer; for these
/// links the test checks that weburl gives the standard's answer and that the record still
/// differs from it (so that an entry goes once Chromium changes and the records are refreshed).
const CHROMIUM_DIVERGENCES: &[(&str, &str, Option<&str>)] = &[
    // A space is a forbidden domain code point: the host parser fails (URL Standard, host
    // parsing step 7; web-platform-tests urltestdata "http://a b/",
    // "http://example example.com", "https://x x:12"). Chromium percent-encodes it.
    ("chromium-divergences", "http://exa mple.com/", None),
    ("chromium-divergences", "http://example example.com/", None),
    ("chromium-divergences", "https://x x:12/", None),
    // The query of a ws: or wss: URL is always UTF-8 (URL Standard, query state: "if encoding
    // is not UTF-8 and url is not special or its scheme is ws or wss, set encoding to UTF-8").
    // Chromium percent-encodes it in the document's encoding.
    (
        "chromium-divergences",
        "wss://socket.example/chat?nom=é",
        Some("wss://socket.example/chat?nom=%C3%A9"),
    ),
    (
        "chromium-divergences",
        "ws://socket.example/chat?nom=é",
        Some("ws://socket.example/chat?nom=%C3%A9"),
    ),
    // A first <base href> that does not parse gives the fallback base URL (HTML, "set the frozen
    // base URL", step 3). Chromium keeps the unparsable URL as the document base URL, so every
    // relative link fails and document.baseURI is "about:blank".
    (
        "invalid-base",
        "page",
        Some("https://fixtures.weburl.test/site/dir/page"),
    ),
    (
        "invalid-base",
        "/root",
        Some("https://fixtures.weburl.test/root"),
    ),
    (
        "invalid-base",
        "img.png",
        Some("https://fixtures.weburl.test/site/dir/img.png"),
    ),
];

/// Documents whose base URL Chromium gets wrong (see `CHROMIUM_DIVERGENCES`): `(fixture, HTML's
/// document base URL)`.
const CHROMIUM_BASE_DIVERGENCES: &[(&str, &str)] = &[(
    "invalid-base",
    "https://fixtures.weburl.test/site/dir/invalid-base.html",
)];

/// Compares links with a record's `links`, appending every difference to `report`; returns the
/// number of differences and the number of known divergences met.
fn compare(
    name: &str,
    policy: &str,
    links: &[Link],
    expected: &[Value],
    report: &mut String,
) -> (usize, usize) {
    let mut failures = 0;
    let mut divergences = 0;
    let n = links.len().max(expected.len());
    for i in 0..n {
        let got = links.get(i).map(|l| {
            (
                l.element.as_str(),
                l.attribute.as_str(),
                l.raw.as_str(),
                l.url().map(|u| u.href().to_owned()),
            )
        });
        let mut want = expected.get(i).map(|e| {
            (
                str_field(e, "element"),
                str_field(e, "attribute"),
                str_field(e, "raw"),
                e["url"].as_str().map(str::to_owned),
            )
        });
        if let Some(w) = &mut want
            && let Some((_, _, standard)) = CHROMIUM_DIVERGENCES
                .iter()
                .find(|(f, raw, _)| *f == name && *raw == w.2)
        {
            divergences += 1;
            let standard = standard.map(str::to_owned);
            if w.3 == standard {
                failures += 1;
                let _ = writeln!(
                    report,
                    "{name} [{policy}] link {i}: Chromium now agrees with the standard; drop its CHROMIUM_DIVERGENCES entry"
                );
            }
            w.3 = standard;
        }
        if got != want {
            failures += 1;
            let _ = writeln!(
                report,
                "{name} [{policy}] link {i}:\n    weburl:  {got:?}\n    expected: {want:?}"
            );
            if let Some(l) = links.get(i)
                && let Err(e) = &l.result
            {
                let _ = writeln!(report, "    (weburl's error: {e})");
            }
        }
    }
    (failures, divergences)
}

#[test]
fn html_fixtures_match_the_browser_records() {
    let manifest = load("fixtures.json");
    let fixtures = manifest["fixtures"].as_array().expect("fixtures");
    assert!(fixtures.len() >= 15, "the manifest lost fixtures");
    let mut report = String::new();
    let (mut passed, mut failed, mut known) = (0, 0, 0);
    for fixture in fixtures {
        let name = str_field(fixture, "name");
        let record = load(&format!("expected/{name}.json"));
        let bytes = fs::read(data_dir().join(str_field(fixture, "file"))).expect("fixture file");
        let mut options = LinkOptions::new()
            .document_url(Url::parse(str_field(fixture, "url")).expect("fixture URL"))
            .kind(DocumentKind::Html);
        if let Some(label) = charset(str_field(fixture, "content_type")) {
            options = options.http_charset(label);
        }
        if let Some(about) = fixture["about_base_url"].as_str() {
            options = options.about_base_url(Url::parse(about).expect("about base URL"));
        }
        let expected = record["links"].as_array().expect("links");
        for policy in [LateBase::Auto, LateBase::Defer, LateBase::Reresolve] {
            let policy_name = format!("{policy:?}");
            let (links, summary) =
                collect_links(&bytes[..], &options.clone().late_base(policy)).expect("extraction");
            let (mut failures, divergences) =
                compare(name, &policy_name, &links, expected, &mut report);
            known += divergences;
            let charset = str_field(&record, "character_set");
            if summary.encoding.name() != charset {
                failures += 1;
                let _ = writeln!(
                    report,
                    "{name} [{policy_name}] encoding: weburl {} ({}), browser {charset}",
                    summary.encoding.name(),
                    summary.encoding_source.as_str()
                );
            }
            let base = summary.base_url().map(Url::href);
            let mut browser_base = str_field(&record, "base_uri");
            if let Some((_, standard)) = CHROMIUM_BASE_DIVERGENCES.iter().find(|(f, _)| *f == name)
            {
                assert_ne!(
                    browser_base, *standard,
                    "{name}: Chromium's base URL agrees now; drop the entry"
                );
                browser_base = standard;
                known += 1;
            }
            if base != Some(browser_base) {
                failures += 1;
                let _ = writeln!(
                    report,
                    "{name} [{policy_name}] base URL: weburl {base:?}, browser {:?}",
                    record["base_uri"]
                );
            }
            if failures == 0 {
                passed += 1;
            } else {
                failed += 1;
            }
        }
    }
    println!("{report}");
    println!(
        "{} known Chromium divergences from the standards, each checked under each policy (CHROMIUM_DIVERGENCES)",
        known / 3
    );
    println!("html fixtures (x3 late-base policies): {passed} passed, {failed} failed");
    assert_eq!(failed, 0, "see the report above");
}

#[test]
fn xml_fixtures_match_their_expectations() {
    let mut names: Vec<_> = fs::read_dir(data_dir().join("expected-xml"))
        .expect("expected-xml")
        .map(|e| e.expect("entry").file_name().into_string().expect("name"))
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 4, "XML expectations missing");
    let mut report = String::new();
    let (mut passed, mut failed) = (0, 0);
    for file in names {
        let record = load(&format!("expected-xml/{file}"));
        let name = str_field(&record, "fixture");
        let bytes = fs::read(data_dir().join(name)).expect("fixture file");
        let mut options = LinkOptions::new().kind(DocumentKind::Xml);
        if let Some(url) = record["document_url"].as_str() {
            options = options.document_url(Url::parse(url).expect("document URL"));
        }
        if let Some(label) = record["http_charset"].as_str() {
            options = options.http_charset(label);
        }
        let expected = record["links"].as_array().expect("links");
        let (links, summary) = collect_links(&bytes[..], &options).expect("extraction");
        let (mut failures, _) = compare(name, "xml", &links, expected, &mut report);
        if let Some(charset) = record["character_set"].as_str()
            && summary.encoding.name() != charset
        {
            failures += 1;
            let _ = writeln!(
                report,
                "{name}: encoding {} instead of {charset}",
                summary.encoding.name()
            );
        }
        // Auto-detection reads those with an XML declaration as XML too.
        let (auto, _) =
            collect_links(&bytes[..], &options.clone().kind(DocumentKind::Auto)).expect("auto");
        if bytes.starts_with(b"<?xml") && auto != links {
            failures += 1;
            let _ = writeln!(report, "{name}: DocumentKind::Auto gave other links");
        }
        if failures == 0 {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    println!("{report}");
    println!("xml fixtures: {passed} passed, {failed} failed");
    assert_eq!(failed, 0, "see the report above");
}

/// The records must come from the browser and agree with their own cross-check: the
/// navigation a meta refresh started is one of the recorded refresh URLs.
#[test]
fn records_are_browser_records() {
    let manifest = load("fixtures.json");
    for fixture in manifest["fixtures"].as_array().expect("fixtures") {
        let name = str_field(fixture, "name");
        let record = load(&format!("expected/{name}.json"));
        assert!(
            str_field(&record, "recorded_with").contains("Chromium"),
            "{name}: not browser-recorded"
        );
        assert_eq!(
            record["document_url"], fixture["url"],
            "{name}: recorded at another URL"
        );
        if let Some(check) = record["refresh_check"].as_object() {
            assert!(
                check["matches_link"].is_u64(),
                "{name}: refresh navigation disagrees: {check:?}"
            );
        }
    }
}

/// The late-base fixture under each policy: the same final links, reached by holding
/// (`Defer`) or by re-emitting (`Auto`, `Reresolve`), as the summary says.
#[test]
fn late_base_policies_say_what_they_did() {
    let bytes = fs::read(data_dir().join("html/late-base.html")).expect("fixture");
    let options = LinkOptions::new()
        .document_url(Url::parse("https://fixtures.weburl.test/site/dir/late-base.html").unwrap());
    let mut emitted = Vec::new();
    let summary =
        weburl::document::extract_links(&bytes[..], &options, |l| emitted.push(l)).unwrap();
    let base = summary.base.as_ref().expect("base");
    assert!(base.late);
    assert_eq!((base.raw.as_str(), base.line), ("/late/base/", 16));
    // Auto held the head's links (the stylesheet and the refresh) until the body began, then
    // emitted the body's links at once and re-emitted those the <base> changed.
    assert_eq!(summary.max_held, 3);
    let re: Vec<&str> = emitted
        .iter()
        .filter(|l| l.re_resolved)
        .map(|l| l.raw.as_str())
        .collect();
    assert_eq!(
        re,
        [
            "style.css",
            "early.js",
            "before-base",
            "before.png",
            "before-2x.png",
            "p1",
            "form-before"
        ]
    );
    // ("/rooted" and "/p2" are the same against either base, so they are not re-emitted.)
    assert_eq!(summary.re_resolved, 7);
    // The refresh keeps the base of its time; the empty action is the document's URL anyway.
    let refresh = emitted.iter().find(|l| l.element == "meta").unwrap();
    assert_eq!(
        refresh.url().unwrap().href(),
        "https://fixtures.weburl.test/site/dir/refresh-target?x=1"
    );

    let mut emitted = Vec::new();
    let summary = weburl::document::extract_links(
        &bytes[..],
        &options.clone().late_base(LateBase::Defer),
        |l| emitted.push(l),
    )
    .unwrap();
    assert_eq!(summary.re_resolved, 0);
    assert!(emitted.iter().all(|l| !l.re_resolved));
    assert_eq!(summary.max_held, 12);
    let indices: Vec<u64> = emitted.iter().map(|l| l.index).collect();
    assert_eq!(indices, (0..emitted.len() as u64).collect::<Vec<_>>());
}
