//! The seed vectors of the historical URL algorithms (`tests/data/seeds/`, copies of the
//! project's shared vectors) against `weburl::legacy`.
//!
//! One report per file runs every case of every op with that file's engine: `resolve`,
//! `resolve-through-step-8`, `parse`, `get`, `set`, `classify`, `is-absolute`,
//! `fragment-escape`, `document-base-url`, `resolve-against-element`, `is-valid-url`,
//! `url-character-encoding`, `establish-base`, `parse-base-header`. A case marked `ambiguous`
//! must give its `expected` value (the reading this implementation chose); the tests named
//! `ambiguity_*` document each decision, and `every_ambiguous_case_has_a_named_decision` makes
//! sure none is left without one.
//!
//! Then the comparison values the files carry for other algorithms are run through those
//! engines too: RFC 3986 and RFC 1808 results in `rfc3986-5.4.json` and `fielding-1995.json`,
//! the HTML5 2011 results in `connolly-2009.json`, and the informative WHATWG results of every
//! `resolve` case (through `Engine::Whatwg`, that is `weburl::Url`).
#![cfg(feature = "legacy")]

mod common;

use std::collections::BTreeMap;

use common::{CaseCheck, Report, catch};
use encoding_rs::Encoding;
use serde_json::{Map, Value, json};
use weburl::legacy::html5_2011::{self, Attribute, Components, Html5Options};
use weburl::legacy::rfc1808::{self, BaseSources};
use weburl::legacy::{
    BaseElement, Document, EncodingSources, Engine, LegacyError, rfc3986, web_addresses_2009,
};

const FILES: [&str; 4] = [
    "fielding-1995.json",
    "rfc3986-5.4.json",
    "html5-2011.json",
    "connolly-2009.json",
];

fn seed_path(file: &str) -> String {
    format!("{}/tests/data/seeds/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn load(file: &str) -> Value {
    let path = seed_path(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {path}: {e}"))
}

fn cases(data: &Value) -> &Vec<Value> {
    data["cases"].as_array().expect("a cases array")
}

fn s<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

fn encoding(label: Option<&str>) -> Option<&'static Encoding> {
    label.map(|l| {
        Encoding::for_label(l.as_bytes()).unwrap_or_else(|| panic!("unknown encoding {l}"))
    })
}

fn url_value(r: Result<String, LegacyError>) -> Value {
    match r {
        Ok(s) => Value::String(s),
        Err(_) => json!("error"),
    }
}

fn opt(v: &Option<String>) -> Value {
    v.as_ref().map_or(Value::Null, |s| json!(s))
}

fn components_value(c: &Components) -> Value {
    json!({
        "scheme": opt(&c.scheme),
        "host": opt(&c.host),
        "port": opt(&c.port),
        "hostport": opt(&c.hostport()),
        "path": c.path,
        "query": opt(&c.query),
        "fragment": opt(&c.fragment),
        "host_specific": c.host_specific(),
    })
}

fn fielding_parse_value(input: &str) -> Value {
    let p = rfc1808::parse(input);
    json!({
        "scheme": opt(&p.scheme),
        "net_loc": opt(&p.net_loc),
        "path": p.path,
        "params": p.params,
        "query": p.query,
        "fragment": p.fragment,
    })
}

fn document(input: &Value) -> Document {
    let mut doc = Document::new(s(input, "address").expect("address"));
    doc.creator_base_url = s(input, "creator_document_base_url").map(str::to_owned);
    if input.get("is_iframe_srcdoc").and_then(Value::as_bool) == Some(true) {
        doc.srcdoc_container_base_url = s(input, "container_document_base_url").map(str::to_owned);
    }
    // `html_element_xml_base` is deliberately not mapped: neither text lets xml:base affect the
    // document base URL (it only affects elements, see `resolve_against_element`).
    for b in input
        .get("base_elements")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let mut element = BaseElement::new(s(b, "href"));
        element.parent = s(b, "parent").map(str::to_owned);
        doc.base_elements.push(element);
    }
    doc
}

fn encoding_sources(input: &Value) -> EncodingSources {
    let flag = |k: &str| input.get(k).and_then(Value::as_bool) == Some(true);
    EncodingSources {
        defined: encoding(s(input, "defined_encoding")),
        script: encoding(s(input, "script_encoding")).filter(|_| flag("came_from_script")),
        document: encoding(s(input, "document_encoding")).filter(|_| flag("came_from_dom_node")),
    }
}

fn base_sources(input: &Value) -> BaseSources {
    let own = input.get("part").unwrap_or(input);
    let mut retrieval: Vec<String> = s(own, "retrieval").map(str::to_owned).into_iter().collect();
    for url in own
        .get("retrieval_redirect_chain")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        retrieval.push(url.as_str().expect("a URL").to_owned());
    }
    BaseSources {
        embedded: s(own, "embedded").map(str::to_owned),
        header: s(own, "header").map(str::to_owned),
        retrieval,
        composite_base: s(input, "composite_base").map(str::to_owned),
    }
}

/// Which algorithm a case is run with.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Algo {
    Fielding,
    Rfc3986,
    Html5,
    Connolly,
}

impl Algo {
    fn engine(self) -> Engine {
        match self {
            Algo::Fielding => Engine::Rfc1808,
            Algo::Rfc3986 => Engine::Rfc3986,
            Algo::Html5 => Engine::Html5_2011,
            Algo::Connolly => Engine::WebAddresses2009,
        }
    }
}

/// Runs `case`'s op with `algo`, giving the value to compare with the expectation.
fn run(algo: Algo, case: &Value) -> Value {
    let op = s(case, "op").expect("op");
    let input = &case["input"];
    let text = || input.as_str().expect("a string input");
    match (op, algo) {
        ("resolve", _) => {
            let base = s(case, "base");
            let enc = encoding(s(case, "encoding"));
            url_value(
                algo.engine()
                    .resolve(text(), base, enc)
                    .map(|r| r.into_href()),
            )
        }
        ("resolve-through-step-8", Algo::Html5) => url_value(html5_2011::resolve_through_step_8(
            text(),
            encoding(s(case, "encoding")),
        )),
        ("parse", Algo::Html5) => match html5_2011::parse(text()) {
            Ok(c) => components_value(&c),
            Err(_) => json!("error"),
        },
        ("parse", Algo::Connolly) => json!({
            "pre_encoded": web_addresses_2009::pre_encode(text()),
            "components": match web_addresses_2009::parse(text()) {
                Ok(c) => components_value(&c),
                Err(_) => json!("error"),
            },
        }),
        ("parse", Algo::Fielding) => fielding_parse_value(text()),
        ("get", Algo::Html5) => match s(case, "attribute") {
            Some(name) => {
                let attr = Attribute::from_name(name).expect("an attribute");
                json!(html5_2011::get(text(), attr))
            }
            None => Value::Object(
                Attribute::ALL
                    .iter()
                    .map(|&a| (a.name().to_owned(), json!(html5_2011::get(text(), a))))
                    .collect::<Map<_, _>>(),
            ),
        },
        ("set", Algo::Html5) => {
            let attr = Attribute::from_name(s(case, "attribute").expect("attribute"))
                .expect("an attribute");
            json!(html5_2011::set(
                text(),
                attr,
                s(case, "value").expect("value")
            ))
        }
        ("classify", Algo::Html5) => {
            let k = html5_2011::classify(text());
            json!({"absolute": k.absolute, "hierarchical": k.hierarchical, "authority_based": k.authority_based})
        }
        ("is-absolute", Algo::Connolly) => json!(web_addresses_2009::is_absolute(text())),
        ("is-absolute", Algo::Html5) => json!(html5_2011::is_absolute(text())),
        ("fragment-escape", Algo::Html5) => json!(html5_2011::fragment_escape(text())),
        ("document-base-url", Algo::Html5) => {
            json!(html5_2011::document_base_url(&document(input)))
        }
        ("document-base-url", Algo::Connolly) => {
            json!(web_addresses_2009::document_base_url(&document(input)))
        }
        ("resolve-against-element", Algo::Html5) => {
            let bases: Vec<&str> = input["ancestor_xml_base_outermost_first"]
                .as_array()
                .expect("xml:base list")
                .iter()
                .map(|v| v.as_str().expect("a URL"))
                .collect();
            url_value(html5_2011::resolve_against_element(
                s(input, "document_base_url").expect("document_base_url"),
                &bases,
                s(input, "url").expect("url"),
                None,
            ))
        }
        ("is-valid-url", Algo::Html5) => {
            let enc = encoding(s(case, "document_encoding")).unwrap_or(encoding_rs::UTF_8);
            json!(html5_2011::is_valid_url(text(), enc))
        }
        ("url-character-encoding", Algo::Connolly) => {
            json!(web_addresses_2009::url_character_encoding(&encoding_sources(input)).name())
        }
        ("url-character-encoding", Algo::Html5) => {
            json!(html5_2011::url_character_encoding(&encoding_sources(input)).name())
        }
        ("establish-base", Algo::Fielding) => json!(rfc1808::establish_base(&base_sources(input))),
        ("parse-base-header", Algo::Fielding) => url_value(rfc1808::parse_base_header(text())),
        _ => panic!("op {op} has no mapping for {algo:?}"),
    }
}

/// Checks `actual` against `expected`; for a `parse` in the Connolly file the 2011 comparison
/// value is the bare components object.
fn compare(c: &mut CaseCheck, what: &str, expected: &Value, actual: &Value) {
    c.check(actual == expected, || {
        format!("{what}: expected {expected}, actual {actual}")
    });
}

fn run_file(file: &str, algo: Algo) {
    let data = load(file);
    let mut report = Report::new(&format!("seeds/{file} ({})", algo.engine().name()));
    let mut per_op: BTreeMap<String, usize> = BTreeMap::new();
    for case in cases(&data) {
        let id = s(case, "id").expect("id");
        let mut c = CaseCheck::new();
        match catch(|| run(algo, case)) {
            Ok(actual) => compare(&mut c, "expected", &case["expected"], &actual),
            Err(panic) => c.fail(format!("panicked: {panic}")),
        }
        *per_op
            .entry(s(case, "op").expect("op").to_owned())
            .or_default() += 1;
        report.record(|| id.to_owned(), c);
    }
    report.note(format!("ops: {per_op:?}"));
    report.finish();
}

#[test]
fn fielding_1995() {
    run_file("fielding-1995.json", Algo::Fielding);
}

#[test]
fn rfc3986_5_4() {
    run_file("rfc3986-5.4.json", Algo::Rfc3986);
}

#[test]
fn html5_2011() {
    run_file("html5-2011.json", Algo::Html5);
}

#[test]
fn connolly_2009() {
    run_file("connolly-2009.json", Algo::Connolly);
}

/// The values the files give for other algorithms than their own, run through those engines.
#[test]
fn comparison_values() {
    let mut report = Report::new("seeds: comparison values (other engines)");
    let mut check = |label: String, algo: Algo, case: &Value, expected: &Value| {
        let mut c = CaseCheck::new();
        match catch(|| run(algo, case)) {
            Ok(actual) => compare(&mut c, algo.engine().name(), expected, &actual),
            Err(panic) => c.fail(format!("panicked: {panic}")),
        }
        report.record(|| label, c);
    };
    // rfc3986-5.4.json: results.{rfc3986, fielding_1995, html5_2011}.
    for case in cases(&load("rfc3986-5.4.json")) {
        let id = s(case, "id").expect("id");
        for (key, algo) in [
            ("rfc3986", Algo::Rfc3986),
            ("fielding_1995", Algo::Fielding),
            ("html5_2011", Algo::Html5),
        ] {
            check(format!("{id} [{key}]"), algo, case, &case["results"][key]);
        }
    }
    // fielding-1995.json: rfc3986 (the same base; its fragment does not matter to RFC 3986).
    for case in cases(&load("fielding-1995.json")) {
        if let Some(expected) = case.get("rfc3986") {
            let id = s(case, "id").expect("id");
            check(format!("{id} [rfc3986]"), Algo::Rfc3986, case, expected);
        }
    }
    // connolly-2009.json: html5_2011, for the ops the 2011 text has.
    for case in cases(&load("connolly-2009.json")) {
        let id = s(case, "id").expect("id");
        let expected = &case["html5_2011"];
        check(format!("{id} [html5_2011]"), Algo::Html5, case, expected);
    }
    report.finish();
}

/// The informative `whatwg` values of every `resolve` case, through `Engine::Whatwg`.
#[test]
fn whatwg_reference_values() {
    let mut report = Report::new("seeds: whatwg values of resolve cases (Engine::Whatwg)");
    for file in FILES {
        for case in cases(&load(file)) {
            if s(case, "op") != Some("resolve") {
                continue;
            }
            let expected = case
                .get("whatwg")
                .or_else(|| case.get("results").and_then(|r| r.get("whatwg")));
            let Some(expected) = expected.and_then(Value::as_str) else {
                continue;
            };
            let input = s(case, "input").expect("input");
            let base = s(case, "base");
            let mut c = CaseCheck::new();
            let actual = catch(|| {
                Engine::Whatwg
                    .resolve(input, base, encoding(s(case, "encoding")))
                    .map_or("failure".to_owned(), |r| r.into_href())
            });
            match actual {
                Ok(actual) => c.check(actual == expected, || {
                    format!("expected {expected:?}, actual {actual:?}")
                }),
                Err(panic) => c.fail(format!("panicked: {panic}")),
            }
            report.record(|| s(case, "id").unwrap_or_default().to_owned(), c);
        }
    }
    report.finish();
}

// ---- the decisions on ambiguous cases -------------------------------------------------------

/// Every ambiguous case of the vectors, by the named decision (test below) that covers it.
const DECISIONS: [(&str, &[&str]); 16] = [
    (
        "ambiguity_hostport_compares_port_numbers",
        &[
            "html5-2011/parse/027-unknown-scheme-port",
            "html5-2011/parse/028-empty-port",
            "html5-2011/parse/029-leading-zero-port",
            "html5-2011/getters/195-get",
        ],
    ),
    (
        "ambiguity_idna_rejects_ip_literals",
        &["html5-2011/host/110-ipv6-literal"],
    ),
    (
        "ambiguity_empty_host_and_trailing_dot_are_accepted",
        &[
            "html5-2011/host/109-trailing-dot",
            "html5-2011/host/111-empty-host-http",
            "html5-2011/host/112-empty-host-file",
        ],
    ),
    (
        "ambiguity_step_9_is_strict",
        &[
            "html5-2011/relative/129-same-scheme",
            "html5-2011/relative/130-scheme-only",
        ],
    ),
    (
        "ambiguity_step_10_has_only_the_data_rule",
        &["html5-2011/port/116-too-big"],
    ),
    (
        "ambiguity_backslash_is_escaped_in_paths",
        &[
            "html5-2011/backslash/118-in-path",
            "html5-2011/backslash/119-unc",
            "html5-2011/backslash/120-dotdot",
            "html5-2011/backslash/121-scheme-backslashes",
            "html5-2011/backslash/122-other-scheme",
        ],
    ),
    (
        "ambiguity_fragment_escape_follows_the_normative_list",
        &[
            "html5-2011/fragment-escape/177-unlisted",
            "html5-2011/fragment-escape/178-unlisted",
        ],
    ),
    (
        "ambiguity_pathname_of_an_empty_path_is_slash",
        &["html5-2011/getters/184-get"],
    ),
    (
        "ambiguity_host_setter_replaces_hostport_literally",
        &["html5-2011/setters/207-host"],
    ),
    (
        "ambiguity_setters_escape_by_rfc3986",
        &[
            "html5-2011/setters/244-hash",
            "html5-2011/setters/245-search",
        ],
    ),
    (
        "ambiguity_connolly_resolves_the_original_text",
        &[
            "connolly-2009/resolve/019-existing-escape",
            "connolly-2009/resolve/023-pct-host",
        ],
    ),
    (
        "ambiguity_connolly_encoding_list_is_a_priority",
        &["connolly-2009/encoding/034-precedence"],
    ),
    (
        "ambiguity_connolly_utf16_includes_be_and_le",
        &["connolly-2009/encoding/035-utf16"],
    ),
    (
        "ambiguity_fielding_hash_alone_is_not_empty",
        &["fielding-1995/derived/#"],
    ),
    (
        "ambiguity_fielding_dotdot_follows_rfc1808",
        &["fielding-1995/derived/../../../../g"],
    ),
    (
        "ambiguity_fielding_base_header_needs_url_form",
        &["fielding-1995/base-header/6"],
    ),
];

/// Every case marked ambiguous has a decision above (and gives `expected`, which the per-file
/// reports check), and every listed case exists and is marked ambiguous.
#[test]
fn every_ambiguous_case_has_a_named_decision() {
    let listed: BTreeMap<&str, &str> = DECISIONS
        .iter()
        .flat_map(|(name, ids)| ids.iter().map(move |id| (*id, *name)))
        .collect();
    let mut ambiguous = Vec::new();
    for file in FILES {
        for case in cases(&load(file)) {
            if case.get("ambiguous").and_then(Value::as_bool) == Some(true) {
                let id = s(case, "id").expect("id").to_owned();
                assert!(
                    case["alternatives"]
                        .as_array()
                        .is_some_and(|a| !a.contains(&case["expected"])),
                    "{id}: alternatives"
                );
                ambiguous.push(id);
            }
        }
    }
    for id in &ambiguous {
        assert!(
            listed.contains_key(id.as_str()),
            "{id} has no named decision"
        );
    }
    assert_eq!(
        ambiguous.len(),
        listed.len(),
        "a listed case is not ambiguous"
    );
    println!(
        "{} ambiguous cases, {} decisions",
        ambiguous.len(),
        DECISIONS.len()
    );
}

/// The vector case `id`, with its expected value equal to `actual` (our reading).
fn assert_expected(id: &str, actual: &Value) {
    for file in FILES {
        for case in cases(&load(file)) {
            if s(case, "id") == Some(id) {
                assert_eq!(&case["expected"], actual, "{id}");
                return;
            }
        }
    }
    panic!("no case {id}");
}

fn resolve_2011(input: &str, base: &str) -> Value {
    url_value(html5_2011::resolve(input, Some(base), None))
}

/// `<hostport>`: ports are compared as numbers, an empty port is the default port, and a
/// scheme without a default port keeps its port.
#[test]
fn ambiguity_hostport_compares_port_numbers() {
    let hostport = |s: &str| html5_2011::parse(s).unwrap().hostport().unwrap();
    assert_eq!(hostport("foo://h:99/"), "h:99");
    assert_eq!(hostport("http://example.com:/"), "example.com");
    assert_eq!(hostport("http://example.com:0080/"), "example.com");
    assert_eq!(
        html5_2011::get("http://example.com:/x", Attribute::Host),
        "example.com"
    );
    assert_eq!(
        html5_2011::get("http://example.com:/x", Attribute::Port),
        ""
    );
    assert_expected(
        "html5-2011/parse/029-leading-zero-port",
        &components_value(&html5_2011::parse("http://example.com:0080/").unwrap()),
    );
}

/// Step 6 applies ToASCII to every `<host>`, so IP-literals fail; `ip_literal_hosts` gives the
/// other reading.
#[test]
fn ambiguity_idna_rejects_ip_literals() {
    let base = "http://example.org/dir/file";
    assert_eq!(resolve_2011("http://[::1]/", base), json!("error"));
    assert_expected(
        "html5-2011/host/110-ipv6-literal",
        &resolve_2011("http://[::1]/", base),
    );
    let mut options = Html5Options::default();
    options.ip_literal_hosts = true;
    assert_eq!(
        html5_2011::resolve_with_options("http://[::1]/", Some(base), None, options).unwrap(),
        "http://[::1]/"
    );
    // A bracketed reg-name is still an IDNA error with the option.
    assert!(html5_2011::resolve_with_options("http://[foo]/", None, None, options).is_err());
}

/// An empty host has no label to convert; the trailing (root) label is not converted.
#[test]
fn ambiguity_empty_host_and_trailing_dot_are_accepted() {
    let base = "http://example.org/dir/file";
    assert_eq!(resolve_2011("http:///a", base), json!("http:///a"));
    assert_eq!(
        resolve_2011("file:///etc/passwd", base),
        json!("file:///etc/passwd")
    );
    assert_eq!(
        resolve_2011("http://example.com./", base),
        json!("http://example.com./")
    );
    // Only the last label may be empty.
    assert_eq!(resolve_2011("http://example..com/", base), json!("error"));
    assert_expected(
        "html5-2011/host/109-trailing-dot",
        &resolve_2011("http://example.com./", base),
    );
}

/// RFC 3986 §5.2 runs in strict mode: a reference with a scheme is absolute.
#[test]
fn ambiguity_step_9_is_strict() {
    assert_eq!(resolve_2011("http:g", "http://a/b/c/d"), json!("http:g"));
    assert_eq!(resolve_2011("http:", "http://a/b/c/d"), json!("http:"));
    // RFC 3986's own non-strict mode is available on its engine.
    assert_eq!(
        rfc3986::resolve_non_strict("http:g", Some("http://a/b/c/d")).unwrap(),
        "http://a/b/c/g"
    );
}

/// Step 10 rejects what the text names (a `data:` URL with an authority), nothing more.
#[test]
fn ambiguity_step_10_has_only_the_data_rule() {
    let base = "http://example.org/dir/file";
    assert_eq!(
        resolve_2011("http://a:65536/", base),
        json!("http://a:65536/")
    );
    assert_eq!(
        html5_2011::resolve("data://x/y", None, None),
        Err(LegacyError::SchemeConformance)
    );
    assert_eq!(resolve_2011("data:,x", base), json!("data:,x"));
}

/// Step 7 escapes `\` in the path before step 12 could replace it; only the userinfo and the
/// fragment get slashes. `backslash_in_path_as_slash` gives every listed alternative.
#[test]
fn ambiguity_backslash_is_escaped_in_paths() {
    let base = "http://example.org/dir/file";
    assert_eq!(resolve_2011("http://a/a\\b", base), json!("http://a/a%5Cb"));
    assert_eq!(
        resolve_2011("http://u\\v@a/#x\\y", base),
        json!("http://u/v@a/#x/y")
    );
    let mut options = Html5Options::default();
    options.backslash_in_path_as_slash = true;
    let ids = [
        "html5-2011/backslash/118-in-path",
        "html5-2011/backslash/119-unc",
        "html5-2011/backslash/120-dotdot",
        "html5-2011/backslash/121-scheme-backslashes",
        "html5-2011/backslash/122-other-scheme",
    ];
    for file in FILES {
        for case in cases(&load(file)) {
            let id = s(case, "id").unwrap();
            if !ids.contains(&id) {
                continue;
            }
            let input = s(case, "input").unwrap();
            let base = s(case, "base");
            assert_eq!(
                json!(html5_2011::resolve(input, base, None).unwrap()),
                case["expected"],
                "{id}"
            );
            let alternative = html5_2011::resolve_with_options(input, base, None, options).unwrap();
            assert_eq!(json!([alternative]), case["alternatives"], "{id}");
        }
    }
}

/// Fragment-escape follows its normative list: `` ` `` and DEL are copied.
#[test]
fn ambiguity_fragment_escape_follows_the_normative_list() {
    assert_eq!(html5_2011::fragment_escape("`\u{7F}"), "`\u{7F}");
    assert_expected(
        "html5-2011/fragment-escape/177-unlisted",
        &json!(html5_2011::fragment_escape("`")),
    );
}

/// An empty `<path>` reads as `/` in the `pathname` getter, as the seed's table prints.
#[test]
fn ambiguity_pathname_of_an_empty_path_is_slash() {
    assert_eq!(
        html5_2011::get("https://www.example.com:4443?", Attribute::Pathname),
        "/"
    );
    assert_eq!(
        html5_2011::get("http://example.com", Attribute::Pathname),
        "/"
    );
    // The component itself is empty.
    assert_eq!(
        html5_2011::parse("https://www.example.com:4443?")
            .unwrap()
            .path,
        ""
    );
}

/// The `host` setter replaces the `<hostport>` substring as it is, even when that leaves the
/// old default port behind.
#[test]
fn ambiguity_host_setter_replaces_hostport_literally() {
    assert_eq!(
        html5_2011::set(
            "http://example.com:80/p",
            Attribute::Host,
            "other.example:81"
        ),
        "http://other.example:81:80/p"
    );
    assert_eq!(
        html5_2011::set(
            "http://example.com:8080/p",
            Attribute::Host,
            "other.example"
        ),
        "http://other.example/p"
    );
}

/// "Not valid in the component" is read by RFC 3986: `#` and a lone `%` are escaped in `hash`
/// and `search`.
#[test]
fn ambiguity_setters_escape_by_rfc3986() {
    assert_eq!(
        html5_2011::set("http://example.com/a", Attribute::Hash, "##x"),
        "http://example.com/a#%23x"
    );
    assert_eq!(
        html5_2011::set("http://example.com/a", Attribute::Search, "100%"),
        "http://example.com/a?100%25"
    );
    assert_eq!(
        html5_2011::set("http://example.com/a", Attribute::Search, "%41"),
        "http://example.com/a?%41"
    );
}

/// The 2009 draft resolves the original text (the decoded components), not the pre-encoded
/// string.
#[test]
fn ambiguity_connolly_resolves_the_original_text() {
    let base = Some("http://example.org/");
    assert_eq!(
        web_addresses_2009::resolve("http://x/a%20b", base, None).unwrap(),
        "http://x/a%20b"
    );
    assert_eq!(
        web_addresses_2009::resolve("http://ex%41mple.com/", base, None).unwrap(),
        "http://exAmple.com/"
    );
}

/// The 2009 list of encoding sources is a priority order: script, DOM node, defined.
#[test]
fn ambiguity_connolly_encoding_list_is_a_priority() {
    let sources = EncodingSources {
        defined: Some(encoding_rs::WINDOWS_1252),
        script: Some(encoding_rs::SHIFT_JIS),
        document: Some(encoding_rs::EUC_JP),
    };
    assert_eq!(
        web_addresses_2009::url_character_encoding(&sources),
        encoding_rs::SHIFT_JIS
    );
    assert_eq!(
        html5_2011::url_character_encoding(&sources),
        encoding_rs::WINDOWS_1252
    );
}

/// The 2009 draft's "UTF-16" includes UTF-16BE and UTF-16LE.
#[test]
fn ambiguity_connolly_utf16_includes_be_and_le() {
    for enc in [encoding_rs::UTF_16BE, encoding_rs::UTF_16LE] {
        let sources = EncodingSources {
            document: Some(enc),
            ..EncodingSources::default()
        };
        assert_eq!(
            web_addresses_2009::url_character_encoding(&sources),
            encoding_rs::UTF_8
        );
    }
    assert_eq!(
        web_addresses_2009::resolve("http://a/?é", None, Some(encoding_rs::UTF_16BE)).unwrap(),
        "http://a/?%C3%A9"
    );
}

/// `#` is not an "entirely empty" embedded URL: the base fragment is not inherited.
#[test]
fn ambiguity_fielding_hash_alone_is_not_empty() {
    let base = Some("http://a/b/c/d;p?q#f");
    assert_eq!(rfc1808::resolve("#", base), "http://a/b/c/d;p?q");
    assert_eq!(rfc1808::resolve("", base), "http://a/b/c/d;p?q#f");
}

/// Step 6c as RFC 1808 words it: a `..` only cancels a segment that is not `..`.
#[test]
fn ambiguity_fielding_dotdot_follows_rfc1808() {
    let base = Some("http://a/b/c/d;p?q#f");
    assert_eq!(rfc1808::resolve("../../../../g", base), "http://a/../../g");
    assert_eq!(rfc1808::resolve("../../../g", base), "http://a/../g");
}

/// A `Base:` header must have the `<URL:...>` form.
#[test]
fn ambiguity_fielding_base_header_needs_url_form() {
    assert_eq!(
        rfc1808::parse_base_header("Base: http://a.example/b"),
        Err(LegacyError::BaseHeader)
    );
    assert_eq!(
        rfc1808::parse_base_header("BASE: <url:http://a.example/b>").unwrap(),
        "http://a.example/b"
    );
    assert_eq!(
        rfc1808::parse_base_header("Base: <URL:relative/b>"),
        Err(LegacyError::BaseHeader)
    );
}

// ---- the copies are the shared files ---------------------------------------------------------

/// The copies match the SHA-256 sums in `tests/data/seeds/README.md`.
#[test]
fn seed_files_match_their_sha256() {
    let readme = std::fs::read_to_string(seed_path("README.md")).expect("README.md");
    for file in FILES {
        let bytes = std::fs::read(seed_path(file)).expect("seed file");
        let line = format!("{}  {file}", sha256_hex(&bytes));
        assert!(
            readme.contains(&line),
            "{file}: sha256 {line:?} not in README.md"
        );
    }
}

/// SHA-256 (FIPS 180-4), enough to check a few files.
fn sha256_hex(data: &[u8]) -> String {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
    for block in msg.chunks(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    h.iter().map(|x| format!("{x:08x}")).collect()
}
