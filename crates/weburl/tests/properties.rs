//! Property tests: idempotence of the parser and of every setter, getters as slices of the
//! href, the fast path against the general parser, `can_parse` against `parse`, the
//! urlencoded round trip, and IPv4/IPv6 serialize-parse round trips.

use std::net::{Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;

use weburl::search_params::{parse_urlencoded, serialize_urlencoded};
use weburl::{Component, Host, Url};
// The properties the fuzz targets assert (getters rebuild the href, re-parse), shared.
use weburl_testkit::checks;

/// URL-like strings built from the pieces that make parsers disagree: special and non-special
/// schemes in any case, slashes and backslashes, credentials, every host form, ports, dot
/// segments in their encoded forms, Windows drive letters, tabs and newlines, non-ASCII.
fn url_like() -> impl Strategy<Value = String> {
    let scheme = prop_oneof![
        Just(""),
        Just("http:"),
        Just("HTTPS:"),
        Just("file:"),
        Just("ws:"),
        Just("ftp:"),
        Just("sc:"),
        Just("mailto:"),
        Just("web+demo:"),
    ];
    let slashes = prop_oneof![
        Just(""),
        Just("/"),
        Just("//"),
        Just("\\\\"),
        Just("///"),
        Just("/\\")
    ];
    let userinfo = prop_oneof![
        Just(""),
        Just("user@"),
        Just("u:p@"),
        Just(":@"),
        Just("a@b@"),
        Just("%40:x@")
    ];
    let host = prop_oneof![
        Just("example.com".to_owned()),
        Just("EXAMPLE.com".to_owned()),
        Just("xn--a.example".to_owned()),
        Just("faß.example".to_owned()),
        Just("0x7f.1".to_owned()),
        Just("1.2.3.4".to_owned()),
        Just("4294967295".to_owned()),
        Just("[::1]".to_owned()),
        Just("[1:0::]".to_owned()),
        Just("[::ffff:1.2.3.4]".to_owned()),
        Just("ex%41mple".to_owned()),
        Just("localhost".to_owned()),
        Just("C|".to_owned()),
        Just("".to_owned()),
        "[a-z0-9.%-]{0,12}",
    ];
    let port = prop_oneof![
        Just(""),
        Just(":80"),
        Just(":0081"),
        Just(":"),
        Just(":65536"),
        Just(":x")
    ];
    let segment = prop_oneof![
        Just(".".to_owned()),
        Just("..".to_owned()),
        Just("%2e".to_owned()),
        Just(".%2E".to_owned()),
        Just("C:".to_owned()),
        Just("c|".to_owned()),
        Just("".to_owned()),
        Just("a b".to_owned()),
        Just("é".to_owned()),
        Just("\t".to_owned()),
        "[a-z0-9%;=@:!$'()*+,~_-]{0,6}",
    ];
    let path = prop::collection::vec((segment, prop_oneof![Just("/"), Just("\\")]), 0..5).prop_map(
        |parts| {
            parts
                .into_iter()
                .map(|(s, sep)| format!("{s}{sep}"))
                .collect::<String>()
        },
    );
    let tail = prop_oneof![
        Just(""),
        Just("?"),
        Just("?a=b c&d"),
        Just("?'\"<>"),
        Just("#"),
        Just("#frag ment`"),
        Just("?q#f"),
        Just("?é#é"),
    ];
    (scheme, slashes, userinfo, host, port, path, tail).prop_map(
        |(scheme, slashes, userinfo, host, port, path, tail)| {
            format!("{scheme}{slashes}{userinfo}{host}{port}{path}{tail}")
        },
    )
}

/// Inputs close to normal URLs, where the fast path decides: most are already normal, some
/// differ by one detail (case, a default port, a dot segment, a byte to encode, IPv4 forms).
fn near_normal() -> impl Strategy<Value = String> {
    (
        "(https?|wss?|ftp|file|HTTP|Ws|sc)://",
        "[a-z0-9._-]{0,10}|[A-Za-z0-9]{1,6}|[0-9.]{1,10}|0x[0-9a-f]{1,4}|localhost",
        "|:[0-9]{1,6}|:",
        prop::collection::vec(
            "[a-zA-Z0-9._~!$&'()*+,;=:@%|^-]{0,5}|\\.|\\.\\.|%2[eE]|[A-Za-z][|:]",
            0..5,
        ),
        "|\\?[a-z0-9=&%'\" ]{0,8}",
        "|#[a-z0-9%` ]{0,6}",
    )
        .prop_map(|(scheme, host, port, segments, query, fragment)| {
            let path: String = segments.iter().map(|s| format!("/{s}")).collect();
            format!("{scheme}{host}{port}{path}{query}{fragment}")
        })
}

/// Arbitrary text mixed with URL-like text.
fn input() -> impl Strategy<Value = String> {
    prop_oneof![3 => url_like(), 1 => ".{0,40}", 1 => "[ -~]{0,40}"]
}

fn base() -> impl Strategy<Value = Option<Url>> {
    prop_oneof![
        Just(None),
        Just(Some(Url::parse("https://example.org/a/b/c?q#f").unwrap())),
        Just(Some(Url::parse("file:///C:/dir/file").unwrap())),
        Just(Some(Url::parse("sc://host/p/q").unwrap())),
        Just(Some(Url::parse("sc:/.//p/q").unwrap())),
        Just(Some(Url::parse("mailto:x@y").unwrap())),
    ]
}

fn parse(input: &str, base: Option<&Url>) -> Result<Url, weburl::ParseError> {
    match base {
        Some(b) => Url::parse_with_base(input, b),
        None => Url::parse(input),
    }
}

/// Every getter, and the record-level accessors, for comparing two URLs.
use weburl_testkit::snapshot::snapshot as state;

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    /// A parsed URL's href parses to the same URL; the getters rebuild the href.
    #[test]
    fn parse_is_idempotent(input in input(), base in base()) {
        if let Ok(url) = parse(&input, base.as_ref()) {
            prop_assert_eq!(url.check_invariants(), Ok(()));
            let again = Url::parse(url.href()).expect("an href parses");
            prop_assert_eq!(state(&again), state(&url));
            checks::check_url(&url, &input);
        }
    }

    /// The fast path and `can_parse` agree with the general parser.
    #[test]
    fn fast_path_and_can_parse_agree_with_the_general_parser(
        input in prop_oneof![input(), near_normal()],
        base in base(),
    ) {
        let general = weburl::parser::parse_general_for_tests(&input, base.as_ref());
        let normal = parse(&input, base.as_ref());
        if let Ok(url) = &general {
            prop_assert_eq!(url.check_invariants(), Ok(()));
        }
        prop_assert_eq!(general.as_ref().map(state).ok(), normal.as_ref().map(state).ok());
        prop_assert_eq!(general.as_ref().err(), normal.as_ref().err());
        let can = match &base {
            None => Url::can_parse(&input, None),
            Some(b) => Url::can_parse(&input, Some(b.href())),
        };
        prop_assert_eq!(can, normal.is_ok());
        // A validation error callback changes nothing.
        let mut count = 0usize;
        let with_callback = Url::options()
            .base(base.as_ref())
            .on_validation_error(&mut |_| count += 1)
            .parse(&input);
        prop_assert_eq!(with_callback.as_ref().map(state).ok(), normal.as_ref().map(state).ok());
    }

    /// Every setter leaves a URL that re-parses to itself, and setting the same value twice
    /// changes nothing the second time.
    #[test]
    fn setters_are_idempotent(input in url_like(), value in input(), which in 0usize..Component::SETTABLE.len()) {
        let Ok(mut url) = Url::parse(&input) else { return Ok(()) };
        let component = Component::SETTABLE[which];
        let set = |url: &mut Url| { let _ = url.set(component, &value); };
        set(&mut url);
        prop_assert_eq!(url.check_invariants(), Ok(()));
        // `check_url` re-parses the href (with the spec's one exception, `file://localhost`).
        checks::check_url(&url, &input);
        let once = url.href().to_owned();
        set(&mut url);
        prop_assert_eq!(url.href(), once);
    }

    /// `application/x-www-form-urlencoded`: parsing a serialization gives the pairs back.
    #[test]
    fn urlencoded_round_trip(pairs in prop::collection::vec((".{0,8}", ".{0,8}"), 0..6)) {
        let serialized = serialize_urlencoded(pairs.iter().map(|(n, v)| (n, v)));
        prop_assert_eq!(parse_urlencoded(serialized.as_bytes()), pairs);
    }

    /// IPv4: every address serializes and parses back, in any of its legacy forms.
    #[test]
    fn ipv4_round_trip(n in any::<u32>()) {
        let host = Host::Ipv4(Ipv4Addr::from(n));
        let text = host.to_string();
        prop_assert_eq!(Host::parse(&text).unwrap(), host.clone());
        prop_assert_eq!(Host::parse(&n.to_string()).unwrap(), host.clone());
        prop_assert_eq!(Host::parse(&format!("0x{n:x}")).unwrap(), host.clone());
        prop_assert_eq!(Host::parse(&format!("0{n:o}")).unwrap(), host.clone());
        let [a, b, c, d] = n.to_be_bytes();
        let two = format!("{a}.{}", u32::from_be_bytes([0, b, c, d]));
        prop_assert_eq!(Host::parse(&two).unwrap(), host);
    }

    /// IPv6: every address serializes and parses back, compressed or not.
    #[test]
    fn ipv6_round_trip(pieces in any::<[u16; 8]>()) {
        let address = Ipv6Addr::from(pieces);
        let host = Host::Ipv6(address);
        prop_assert_eq!(Host::parse(&host.to_string()).unwrap(), host.clone());
        let full = pieces.iter().map(|p| format!("{p:x}")).collect::<Vec<_>>().join(":");
        prop_assert_eq!(Host::parse(&format!("[{full}]")).unwrap(), host.clone());
        // The serialization is the one std's Display gives for non-IPv4-mapped addresses.
        if address.to_ipv4_mapped().is_none() && pieces[..6] != [0; 6] {
            prop_assert_eq!(host.to_string(), format!("[{address}]"));
        }
    }
}

/// The protocol setter keeps "localhost" as a file URL's host, as the spec says, although
/// parsing the result drops it (the exception in `setters_are_idempotent`).
#[test]
fn protocol_setter_keeps_localhost_for_file() {
    let mut url = Url::parse("http:localhost:").unwrap();
    assert_eq!(url.href(), "http://localhost/");
    url.set_protocol("file:example.com").unwrap();
    assert_eq!(url.href(), "file://localhost/");
    assert_eq!(Url::parse(url.href()).unwrap().href(), "file:///");
    assert_eq!(url.check_invariants(), Ok(()));
}

/// The protocol setter keeps a first path segment `c|` when it makes a `file:` URL, as the
/// spec says (only the path state writes `c:`); parsing the result writes `c:`.
#[test]
fn protocol_setter_keeps_a_pipe_drive_letter_for_file() {
    let mut url = Url::parse("http::@example.com/c|/").unwrap();
    assert_eq!(url.href(), "http://example.com/c|/");
    url.set_protocol("file").unwrap();
    assert_eq!(url.href(), "file://example.com/c|/");
    assert_eq!(
        Url::parse(url.href()).unwrap().href(),
        "file://example.com/c:/"
    );
}
