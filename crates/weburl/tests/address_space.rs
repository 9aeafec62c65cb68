//! Where a URL points (`weburl::net`) and the policy check (`weburl::policy`): every legacy
//! IPv4 spelling of every special-purpose block, IPv4-mapped, -compatible and NAT64 IPv6
//! forms, localhost names, trailing dots, and the confusion corpus
//! (`tests/data/confusion/corpus.json`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use serde_json::Value;
use weburl::Url;
use weburl::legacy::Engine;
use weburl::net::{
    AddressSpace, ip_address_space, ipv4_special_block, ipv4_special_blocks, ipv6_special_blocks,
};
use weburl::policy::Policy;

/// The ways browsers accept to write one IPv4 address (the URL Standard's IPv4 parser).
fn ipv4_spellings(a: Ipv4Addr) -> Vec<String> {
    let [b0, b1, b2, b3] = a.octets();
    let n = u32::from(a);
    let fullwidth = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                '0'..='9' => char::from_u32(0xFF10 + (c as u32 - '0' as u32)).unwrap(),
                '.' => '\u{FF0E}',
                c => c,
            })
            .collect()
    };
    let dotted = format!("{b0}.{b1}.{b2}.{b3}");
    vec![
        dotted.clone(),
        format!("{dotted}."),
        n.to_string(),
        format!("0x{n:x}"),
        format!("0X{n:X}"),
        format!("0{n:o}"),
        format!("0{b0:o}.0{b1:o}.0{b2:o}.0{b3:o}"),
        format!("0x{b0:x}.0x{b1:x}.0x{b2:x}.0x{b3:x}"),
        format!(
            "{b0}.{}",
            (u32::from(b1) << 16) | (u32::from(b2) << 8) | u32::from(b3)
        ),
        format!("{b0}.{b1}.{}", (u32::from(b2) << 8) | u32::from(b3)),
        format!(
            "0x{b0:x}.{}",
            (u32::from(b1) << 16) | (u32::from(b2) << 8) | u32::from(b3)
        ),
        fullwidth(&dotted),
        dotted.replace('.', "\u{3002}"),
        dotted.replace('.', "%2E"),
        format!("%{:02X}{}", dotted.as_bytes()[0], &dotted[1..]),
        format!("[::ffff:{dotted}]"),
        format!("[::ffff:{:x}:{:x}]", n >> 16, n & 0xffff),
        format!("[0:0:0:0:0:ffff:{dotted}]"),
        format!("[64:ff9b::{dotted}]"),
    ]
}

#[test]
fn every_ipv4_spelling_of_every_special_block_points_where_its_address_does() {
    let mut checked = 0;
    for block in ipv4_special_blocks() {
        let (first, len) = block.prefix.split_once('/').unwrap();
        let first: Ipv4Addr = first.parse().unwrap();
        let len: u32 = len.parse().unwrap();
        let last = Ipv4Addr::from(u32::from(first) | (u32::MAX.checked_shr(len).unwrap_or(0)));
        for address in [first, last] {
            let space = ip_address_space(IpAddr::V4(address));
            for spelling in ipv4_spellings(address) {
                let input = format!("http://{spelling}/");
                let url = Url::parse(&input).unwrap_or_else(|e| panic!("{input}: {e}"));
                assert_eq!(url.address_space(), Some(space), "{input} ({block})");
                if !spelling.starts_with('[') {
                    assert_eq!(url.hostname(), address.to_string(), "{input}");
                    assert_eq!(url.special_block(), ipv4_special_block(address), "{input}");
                }
                // The policy check sees through every spelling.
                let refused = Policy::new().deny_space(space).check(&input, None);
                assert_eq!(refused.unwrap_err().rule(), "address-space", "{input}");
                checked += 1;
            }
        }
    }
    println!("{checked} passed, 0 failed");
    assert!(checked > 900);
}

#[test]
fn ipv6_forms_and_blocks() {
    for block in ipv6_special_blocks() {
        let first: Ipv6Addr = block.prefix.split_once('/').unwrap().0.parse().unwrap();
        let url = Url::parse(&format!("http://[{first}]/")).unwrap();
        assert_eq!(
            url.address_space(),
            Some(ip_address_space(IpAddr::V6(first))),
            "{block}"
        );
        assert!(url.special_block().is_some(), "{block}");
    }
    let cases = [
        ("[::1]", AddressSpace::Loopback),
        ("[0:0:0:0:0:0:0:1]", AddressSpace::Loopback),
        ("[::]", AddressSpace::Local),
        ("[::ffff:127.0.0.1]", AddressSpace::Loopback),
        ("[::ffff:7f00:1]", AddressSpace::Loopback),
        ("[::127.0.0.1]", AddressSpace::Loopback),
        ("[::ffff:10.1.1.1]", AddressSpace::Local),
        ("[::ffff:a9fe:a9fe]", AddressSpace::Local),
        ("[64:ff9b::169.254.169.254]", AddressSpace::Local),
        ("[::ffff:8.8.8.8]", AddressSpace::Public),
        ("[fd00::1]", AddressSpace::Local),
        ("[fe80::1]", AddressSpace::Local),
        ("[FEBF::1]", AddressSpace::Local),
        ("[fec0::1]", AddressSpace::Public),
        ("[2001:db8::1]", AddressSpace::Local),
        ("[2606:4700:4700::1111]", AddressSpace::Public),
    ];
    for (host, space) in cases {
        let url = Url::parse(&format!("https://{host}:8443/x")).unwrap();
        assert_eq!(url.address_space(), Some(space), "{host}");
    }
}

#[test]
fn localhost_names_and_domains() {
    let loopback = [
        "localhost",
        "LOCALHOST",
        "localhost.",
        "app.localhost",
        "a.b.localhost.",
        "%6Cocalhost",
        "\u{FF4C}\u{FF4F}\u{FF43}\u{FF41}\u{FF4C}\u{FF48}\u{FF4F}\u{FF53}\u{FF54}",
    ];
    for host in loopback {
        let url = Url::parse(&format!("http://{host}/")).unwrap();
        assert_eq!(url.address_space(), Some(AddressSpace::Loopback), "{host}");
    }
    for host in [
        "localhost.example",
        "notlocalhost",
        "localhost-a",
        "example.com",
        "example.com.",
    ] {
        let url = Url::parse(&format!("http://{host}/")).unwrap();
        assert_eq!(url.address_space(), None, "{host}");
    }
    // Opaque hosts and hostless URLs have no address space.
    for input in [
        "sc://127.0.0.1/",
        "sc://localhost/",
        "mailto:a@127.0.0.1",
        "file:///x",
    ] {
        assert_eq!(Url::parse(input).unwrap().address_space(), None, "{input}");
    }
    // file://localhost/ has an empty host after parsing.
    assert_eq!(
        Url::parse("file://localhost/x").unwrap().address_space(),
        None
    );
}

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
