//! The `url` crate's own tests of the abilities weburl offers under the `url` crate's names
//! (path segments, query pairs, `form_urlencoded`, `parse_with_params`, `make_relative`, file
//! paths, socket addresses, domains, authority, origins, slicing), ported to weburl.
//!
//! Source of the test data (inputs and expected answers): `url/tests/unit.rs` of
//! servo/rust-url (the `url` crate 2.5.8, as published on crates.io), Copyright 2013-2014 The
//! rust-url developers, licensed under MIT or Apache-2.0 (at the user's option). The cases are
//! re-expressed as data tables here; each test names the `unit.rs` test it comes from.
//!
//! Where weburl answers differently because the URL Standard says so, the Standard's answer is
//! asserted and the comment says why. Every URL a test makes is also checked to be one the
//! basic URL parser gives back unchanged ([`check_invariants`]).

use std::borrow::Cow;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, ToSocketAddrs};
use std::path::{Path, PathBuf};

mod common;

use weburl::{Host, Origin, Position, Url, form_urlencoded};

/// Every position of [`Position`], in order.
const POSITIONS: [Position; 16] = [
    Position::BeforeScheme,
    Position::AfterScheme,
    Position::BeforeUsername,
    Position::AfterUsername,
    Position::BeforePassword,
    Position::AfterPassword,
    Position::BeforeHost,
    Position::AfterHost,
    Position::BeforePort,
    Position::AfterPort,
    Position::BeforePath,
    Position::AfterPath,
    Position::BeforeQuery,
    Position::AfterQuery,
    Position::BeforeFragment,
    Position::AfterFragment,
];

/// The `url` crate's `check_invariants`, by the Standard: parsing the href gives the same URL,
/// component by component, and the component boundaries are in order.
fn check_invariants(url: &Url) {
    let again = Url::parse(url.href()).unwrap_or_else(|e| panic!("{url}: reparse fails: {e}"));
    assert_eq!(again.href(), url.href());
    assert_eq!(again.protocol(), url.protocol(), "{url}");
    assert_eq!(again.username(), url.username(), "{url}");
    assert_eq!(again.password(), url.password(), "{url}");
    assert_eq!(again.host(), url.host(), "{url}");
    assert_eq!(again.host_parsed(), url.host_parsed(), "{url}");
    assert_eq!(again.port_number(), url.port_number(), "{url}");
    assert_eq!(again.pathname(), url.pathname(), "{url}");
    assert_eq!(again.query(), url.query(), "{url}");
    assert_eq!(again.fragment(), url.fragment(), "{url}");
    assert_eq!(again.has_opaque_path(), url.has_opaque_path(), "{url}");
    for &a in &POSITIONS {
        for &b in &POSITIONS {
            assert_eq!(&again[a..b], &url[a..b], "{url}: {a:?}..{b:?}");
        }
    }
    // Boundaries in order: every prefix is a prefix of the next.
    for pair in POSITIONS.windows(2) {
        assert!(
            url[..pair[1]].starts_with(&url[..pair[0]]),
            "{url}: {:?} after {:?}",
            pair[0],
            pair[1]
        );
    }
}

fn url(s: &str) -> Url {
    Url::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

// unit.rs: test_set_empty_query
#[test]
fn set_query_some_empty_and_none() {
    let mut u = url("moz://example.com/path?query");
    u.set_query(Some(""));
    assert_eq!(u.as_str(), "moz://example.com/path?");
    check_invariants(&u);
    u.set_query(None);
    assert_eq!(u.as_str(), "moz://example.com/path");
    check_invariants(&u);
}

// unit.rs: new_file_paths, new_directory_paths, new_path_bad_utf8, test_url_from_file_path,
// issue_197 (Unix rules; the Windows rules are unit tests in src/file_path.rs, run everywhere).
#[cfg(unix)]
#[test]
fn unix_file_paths() {
    for relative in ["relative", "../relative"] {
        assert_eq!(Url::from_file_path(Path::new(relative)), Err(()));
        assert_eq!(Url::from_directory_path(Path::new(relative)), Err(()));
    }
    // (path, URL path): the URL comes back to the same path.
    let cases = [
        ("/foo/bar", "/foo/bar"),
        ("/foo/ba\0r", "/foo/ba%00r"),
        ("/foo/ba%00r", "/foo/ba%2500r"),
        ("/foo/ba\\r", "/foo/ba%5Cr"),
        ("/", "/"),
    ];
    for (path, url_path) in cases {
        let u = Url::from_file_path(Path::new(path)).unwrap();
        assert_eq!(u.host_str(), None, "{path}");
        assert_eq!(u.path(), url_path, "{path}");
        assert_eq!(u.to_file_path(), Ok(PathBuf::from(path)), "{path}");
        check_invariants(&u);
    }
    let u = Url::from_directory_path(Path::new("/foo/bar")).unwrap();
    assert_eq!(u.host_str(), None);
    assert_eq!(u.path(), "/foo/bar/");
    check_invariants(&u);

    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"/foo/ba\x80r");
    let u = Url::from_file_path(Path::new(bad)).unwrap();
    assert_eq!(u.path(), "/foo/ba%80r");
    assert_eq!(u.to_file_path(), Ok(PathBuf::from(bad)));

    // A path that ends with a drive letter gets its trailing slash back.
    let u = Url::from_file_path(PathBuf::from("/c:/")).unwrap();
    assert_eq!(u.to_file_path().unwrap().to_str(), Some("/c:/"));

    // issue_197: "/" is file:///, whose path can be edited.
    let mut u = Url::from_file_path("/").unwrap();
    assert_eq!(u, url("file:///"));
    u.path_segments_mut().unwrap().pop_if_empty();
    check_invariants(&u);
}

/// Not in unit.rs: the drive-letter quirk and `..`, where weburl follows the parser.
#[cfg(unix)]
#[test]
fn unix_file_paths_and_the_standard() {
    // The parser turns a first segment "c|" into "c:" (path state); weburl encodes the '|'
    // so that the path comes back unchanged (the url crate writes "c|" and then its own
    // parser would read the URL back as "c:").
    let u = Url::from_file_path("/c|/x").unwrap();
    assert_eq!(u.href(), "file:///c%7C/x");
    assert_eq!(u.to_file_path(), Ok(PathBuf::from("/c|/x")));
    check_invariants(&u);
    // A ".." component is resolved by the parser (a URL cannot hold a ".." segment).
    assert_eq!(Url::from_file_path("/a/../b").unwrap().href(), "file:///b");
    // Hosts: only the empty host and localhost give a local path.
    assert!(url("file://server/x").to_file_path().is_err());
    assert_eq!(
        url("file://localhost/x").to_file_path(),
        Ok(PathBuf::from("/x"))
    );
    assert!(url("mailto:x").to_file_path().is_err());
}

// unit.rs: path_backslash_fun
#[test]
fn path_segment_backslash() {
    let cases = [
        (
            "http://foobar.com",
            "foo\\bar",
            "http://foobar.com/foo%5Cbar",
        ),
        // Not special: '\' is an ordinary code point in the path.
        (
            "thing://foobar.com",
            "foo\\bar",
            "thing://foobar.com/foo\\bar",
        ),
    ];
    for (input, segment, expected) in cases {
        let mut u = url(input);
        u.path_segments_mut().unwrap().push(segment);
        assert_eq!(u.as_str(), expected);
        check_invariants(&u);
    }
}

// unit.rs: parse_with_params
#[test]
fn parse_with_params() {
    let u = Url::parse_with_params(
        "http://testing.com/this?dont=clobberme",
        &[("lang", "rust")],
    )
    .unwrap();
    assert_eq!(
        u.as_str(),
        "http://testing.com/this?dont=clobberme&lang=rust"
    );
    check_invariants(&u);
    let none: [(&str, &str); 0] = [];
    assert_eq!(
        Url::parse_with_params("http://a/", none).unwrap().as_str(),
        "http://a/"
    );
    assert!(Url::parse_with_params("not a url", none).is_err());
}

// unit.rs: test_form_urlencoded, test_form_serialize
#[test]
fn form_urlencoded_round_trip() {
    let pairs: &[(Cow<'_, str>, Cow<'_, str>)] = &[
        ("foo".into(), "é&".into()),
        ("bar".into(), "".into()),
        ("foo".into(), "#".into()),
    ];
    let encoded = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish();
    assert_eq!(encoded, "foo=%C3%A9%26&bar=&foo=%23");
    assert_eq!(
        form_urlencoded::parse(encoded.as_bytes()).collect::<Vec<_>>(),
        pairs.to_vec()
    );
    let encoded = form_urlencoded::Serializer::new(String::new())
        .append_pair("foo", "é&")
        .append_pair("bar", "")
        .append_pair("foo", "#")
        .append_key_only("json")
        .finish();
    assert_eq!(encoded, "foo=%C3%A9%26&bar=&foo=%23&json");
    // The same answers as the eager serializer of search_params.
    let eager = weburl::search_params::serialize_urlencoded([("a b", "~!*'()"), ("💩", "+")]);
    let lazy = form_urlencoded::Serializer::new(String::new())
        .extend_pairs([("a b", "~!*'()"), ("💩", "+")])
        .finish();
    assert_eq!(lazy, eager);
}

// unit.rs: form_urlencoded_encoding_override
#[test]
fn form_urlencoded_encoding_override() {
    let encoded = form_urlencoded::Serializer::new(String::new())
        .encoding_override(Some(&|s| s.as_bytes().to_ascii_uppercase().into()))
        .append_pair("foo", "bar")
        .append_key_only("xml")
        .finish();
    assert_eq!(encoded, "FOO=BAR&XML");
}

// unit.rs: issue_61 (the url crate's set_scheme is weburl's set_protocol).
#[test]
fn default_port_after_scheme_change() {
    let mut u = url("http://mozilla.org");
    u.set_protocol("https").unwrap();
    assert_eq!(u.port_number(), None);
    assert_eq!(u.port_or_known_default(), Some(443));
    check_invariants(&u);
}

// unit.rs: issue_241, test_no_base_url
#[test]
fn opaque_paths() {
    assert!(url("mailto:").cannot_be_a_base());
    let mut u = url("mailto:test@example.net");
    assert!(u.cannot_be_a_base());
    assert!(u.path_segments().is_none());
    assert!(u.path_segments_mut().is_err());
    assert!(u.set_hostname("foo").is_err());
    assert!(u.set_ip_host("127.0.0.1".parse().unwrap()).is_err());
    // The url crate's set_path writes an opaque path ("%2Ffoo"); the URL API's pathname
    // setter returns early on a URL with an opaque path, so weburl leaves it unchanged.
    assert!(u.set_pathname("/foo").is_err());
    assert_eq!(u.path(), "test@example.net");
}

// unit.rs: append_trailing_slash, extend_query_pairs_then_mutate,
// append_empty_segment_then_mutate, pop_if_empty_in_bounds
#[test]
fn path_segments_and_query_pairs_together() {
    let mut u = url("http://localhost:6767/foo/bar?a=b");
    u.path_segments_mut().unwrap().push("");
    assert_eq!(u.to_string(), "http://localhost:6767/foo/bar/?a=b");
    check_invariants(&u);

    let mut u = url("http://localhost:6767/foo/bar");
    u.query_pairs_mut().extend_pairs(vec![("auth", "my-token")]);
    check_invariants(&u);
    assert_eq!(u.to_string(), "http://localhost:6767/foo/bar?auth=my-token");
    u.path_segments_mut().unwrap().push("some_other_path");
    check_invariants(&u);
    assert_eq!(
        u.to_string(),
        "http://localhost:6767/foo/bar/some_other_path?auth=my-token"
    );

    let mut u = url("http://localhost:6767/foo/bar?a=b");
    u.path_segments_mut().unwrap().push("").pop();
    assert_eq!(u.to_string(), "http://localhost:6767/foo/bar?a=b");
    check_invariants(&u);

    let mut u = url("m://");
    {
        let mut segments = u.path_segments_mut().unwrap();
        segments.pop_if_empty();
        segments.pop();
    }
    assert_eq!(u.as_str(), "m://");
    check_invariants(&u);
}

/// Not in unit.rs: the guard keeps hostless paths and file drive letters parseable.
#[test]
fn path_segments_mut_keeps_urls_parseable() {
    // (input, edit, expected href)
    type Edit = fn(&mut weburl::PathSegmentsMut<'_>);
    let cases: [(&str, Edit, &str); 7] = [
        (
            "sc:/a",
            |s| {
                s.clear().push("").push("x");
            },
            "sc:/x",
        ),
        (
            "sc:/a/",
            |s| {
                s.clear().extend(["", ""]);
            },
            "sc:/",
        ),
        (
            "sc:/.//x/y",
            |s| {
                s.pop();
            },
            "sc:/.//x",
        ),
        (
            "sc:/.//x",
            |s| {
                s.pop().pop_if_empty();
            },
            "sc:/",
        ),
        (
            "sc:/",
            |s| {
                s.push("a").pop_if_empty();
            },
            "sc:/a",
        ),
        (
            "file:///",
            |s| {
                s.push("C|").push("x");
            },
            "file:///C:/x",
        ),
        (
            "http://h/",
            |s| {
                s.extend(["%2e", "%2E%2e", "a?b#c"]);
            },
            "http://h/%252e/%252E%252e/a%3Fb%23c",
        ),
    ];
    for (input, edit, expected) in cases {
        let mut u = url(input);
        edit(&mut u.path_segments_mut().unwrap());
        assert_eq!(u.href(), expected, "{input}");
        check_invariants(&u);
    }
    let mut u = url("sc:/a/b?q#f");
    u.path_segments_mut().unwrap().pop().push("").push("c");
    assert_eq!(u.href(), "sc:/a//c?q#f");
    check_invariants(&u);
    let mut u = url("sc:/.//a?q#f");
    u.path_segments_mut().unwrap().push("b");
    assert_eq!(u.pathname(), "//a/b");
    assert_eq!(u.href(), "sc:/.//a/b?q#f");
    check_invariants(&u);
}

// unit.rs: test_leading_dots
#[test]
fn leading_dots() {
    assert_eq!(
        Host::parse(".org").unwrap(),
        Host::Domain(".org".to_owned())
    );
    assert_eq!(url("file://./foo").domain(), Some("."));
}

// unit.rs: test_origin_hash, test_origin_blob_equality, test_origin_opaque
#[test]
fn origins() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    fn hash<T: Hash>(value: &T) -> u64 {
        let mut hasher = DefaultHasher::new();
        value.hash(&mut hasher);
        hasher.finish()
    }
    let origin = url("http://example.net/").origin();
    // (URL, same origin as http://example.net/)
    let others = [
        ("http://example.net:80/", true),
        ("http://example.net:81/", false),
        ("http://example.net", true),
        ("http://example.net/hello", true),
        ("https://example.net", false),
        ("ftp://example.net", false),
        ("file://example.net", false),
        ("http://user@example.net/", true),
        ("http://user:pass@example.net/", true),
    ];
    for (other, same) in others {
        let other_origin = url(other).origin();
        assert_eq!(origin == other_origin, same, "{other}");
        assert_eq!(origin.same_origin(&other_origin), same, "{other}");
        assert_eq!(hash(&origin) == hash(&other_origin), same, "{other}");
    }
    // Every opaque origin is distinct.
    let a = url("file://example.net").origin();
    let b = url("file://example.net").origin();
    assert_ne!(a, b);
    assert_ne!(hash(&a), hash(&b));

    assert_eq!(url("blob:http://example.net/").origin(), origin);
    assert!(Origin::new_opaque().is_opaque());
    assert!(url("blob:malformed//").origin().is_opaque());
}

// unit.rs: test_origin_unicode_serialization
#[test]
fn origin_unicode_serialization() {
    let cases = [
        ("http://😅.com", "http://😅.com"),
        ("ftp://😅:🙂@🙂.com", "ftp://🙂.com"),
        ("https://user@😅.com", "https://😅.com"),
        ("http://😅.🙂:40", "http://😅.🙂:40"),
    ];
    for (input, expected) in cases {
        assert_eq!(url(input).origin().unicode_serialization(), expected);
    }
    let ascii = [
        "http://example.net/",
        "http://example.net:80/",
        "http://example.net:81/",
        "http://example.net",
        "http://example.net/hello",
        "https://example.net",
        "ftp://example.net",
        "file://example.net",
        "http://user@example.net/",
        "http://user:pass@example.net/",
        "http://127.0.0.1",
    ];
    for input in ascii {
        let origin = url(input).origin();
        assert_eq!(
            origin.ascii_serialization(),
            origin.unicode_serialization(),
            "{input}"
        );
    }
}

// unit.rs: test_socket_addrs
#[test]
fn socket_addrs() {
    let cases = [
        ("https://127.0.0.1/", "127.0.0.1", 443),
        ("https://127.0.0.1:9742/", "127.0.0.1", 9742),
        ("custom-protocol://127.0.0.1:9742/", "127.0.0.1", 9742),
        ("custom-protocol://127.0.0.1/", "127.0.0.1", 9743),
        ("https://[::1]/", "::1", 443),
        ("https://[::1]:9742/", "::1", 9742),
        ("custom-protocol://[::1]:9742/", "::1", 9742),
        ("custom-protocol://[::1]/", "::1", 9743),
        ("https://localhost/", "localhost", 443),
        ("https://localhost:9742/", "localhost", 9742),
        ("custom-protocol://localhost:9742/", "localhost", 9742),
        ("custom-protocol://localhost/", "localhost", 9743),
    ];
    for (input, host, port) in cases {
        let u = url(input);
        let addrs = u
            .socket_addrs(|| (u.scheme() == "custom-protocol").then_some(9743))
            .unwrap();
        assert_eq!(
            Some(addrs[0]),
            (host, port).to_socket_addrs().unwrap().next(),
            "{input}"
        );
    }
    // No host, or no port: InvalidData.
    for (input, kind) in [
        ("file:///x", "No host"),
        ("custom-protocol://h/", "No port"),
    ] {
        let e = url(input).socket_addrs(|| None).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
        assert!(e.to_string().starts_with(kind), "{input}: {e}");
    }
}

// unit.rs: test_domain, host, host_serialization, test_idna
#[test]
fn domains_and_hosts() {
    for (input, domain) in [
        ("https://127.0.0.1/", None),
        ("mailto:test@example.net", None),
        ("https://example.com/", Some("example.com")),
        ("https://[::1]/", None),
    ] {
        assert_eq!(url(input).domain(), domain, "{input}");
    }
    // The url crate's `host()` is weburl's `host_parsed()`.
    let hosts = [
        (
            "http://www.mozilla.org",
            Host::Domain("www.mozilla.org".into()),
        ),
        (
            "http://1.35.33.49",
            Host::Ipv4(Ipv4Addr::new(1, 35, 33, 49)),
        ),
        (
            "http://[2001:0db8:85a3:08d3:1319:8a2e:0370:7344]",
            Host::Ipv6(Ipv6Addr::new(
                0x2001, 0x0db8, 0x85a3, 0x08d3, 0x1319, 0x8a2e, 0x0370, 0x7344,
            )),
        ),
        ("http://[::]", Host::Ipv6(Ipv6Addr::UNSPECIFIED)),
        ("http://[::1]", Host::Ipv6(Ipv6Addr::LOCALHOST)),
        (
            "http://0x1.0X23.0x21.061",
            Host::Ipv4(Ipv4Addr::new(1, 35, 33, 49)),
        ),
        ("http://0x1232131", Host::Ipv4(Ipv4Addr::new(1, 35, 33, 49))),
        ("http://111", Host::Ipv4(Ipv4Addr::new(0, 0, 0, 111))),
        ("http://☃.net/", Host::Domain("xn--n3h.net".into())),
    ];
    for (input, host) in hosts {
        assert_eq!(url(input).host_parsed(), Some(host), "{input}");
    }
    for bad in [
        "http://1.35.+33.49",
        "http://2..2.3",
        "http://42.0x1232131",
        "http://192.168.0.257",
    ] {
        assert!(Url::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(url("http://[0::2]").host_str(), Some("[::2]"));
    assert_eq!(url("http://[0::ffff:0:2]").host_str(), Some("[::ffff:0:2]"));
    assert!(Url::parse("http://goșu.ro").is_ok());
    assert!(Url::parse("https://r2---sn-huoa-cvhl.googlevideo.com/crossdomain.xml").is_ok());
}

// unit.rs: test_query
#[test]
fn query_pairs() {
    let u = url("https://example.com/products?page=2#fragment");
    assert_eq!(u.query(), Some("page=2"));
    let first = u.query_pairs().next();
    assert!(matches!(
        first,
        Some((Cow::Borrowed("page"), Cow::Borrowed("2")))
    ));

    let u = url("https://example.com/products");
    assert_eq!(u.query(), None);
    assert_eq!(u.query_pairs().count(), 0);

    // The url crate asserts Cow::Borrowed("español") here, which holds there only because
    // Cow's PartialEq compares contents: the value is percent-decoded, so it is owned.
    let u = url("https://example.com/?country=español");
    assert_eq!(u.query(), Some("country=espa%C3%B1ol"));
    assert_eq!(
        u.query_pairs().next(),
        Some((Cow::Borrowed("country"), Cow::Owned("español".to_owned())))
    );

    let u = url("https://example.com/products?page=2&sort=desc");
    assert_eq!(u.query(), Some("page=2&sort=desc"));
    let mut pairs = u.query_pairs();
    assert_eq!(pairs.count(), 2); // `Parse` is `Copy`: this counts a copy
    assert_eq!(pairs.next(), Some(("page".into(), "2".into())));
    assert_eq!(pairs.next(), Some(("sort".into(), "desc".into())));
    assert_eq!(pairs.next(), None);
}

// unit.rs: test_fragment, test_set_ip_host
#[test]
fn fragment_and_ip_host() {
    assert_eq!(
        url("https://example.com/#fragment").fragment(),
        Some("fragment")
    );
    assert_eq!(url("https://example.com/").fragment(), None);

    let mut u = url("http://example.com");
    u.set_ip_host(IpAddr::V4(Ipv4Addr::LOCALHOST)).unwrap();
    assert_eq!(u.host_str(), Some("127.0.0.1"));
    check_invariants(&u);
    u.set_ip_host("::1".parse().unwrap()).unwrap();
    assert_eq!(u.host_str(), Some("[::1]"));
    check_invariants(&u);
}

// unit.rs: test_domain_encoding_quirks (the url crate's quirks::domain_to_ascii/unicode give
// "" on failure; weburl's give a Result / the Standard's answer).
#[test]
fn domain_to_ascii_and_unicode() {
    let cases = [
        ("http://example.com", None, "http://example.com"),
        ("😅.🙂", Some("xn--j28h.xn--938h"), "😅.🙂"),
        ("example.com", Some("example.com"), "example.com"),
        ("mailto:test@example.net", None, "mailto:test@example.net"),
    ];
    for (input, ascii, unicode) in cases {
        assert_eq!(
            weburl::domain_to_ascii(input).ok().as_deref(),
            ascii,
            "{input}"
        );
        // The url crate gives "" for the two inputs its ToASCII rejects. The Standard's
        // domain to Unicode runs UTS 46 ToUnicode with UseSTD3ASCIIRules false, which
        // accepts ':' '/' '@' and returns the domain unchanged.
        assert_eq!(weburl::domain_to_unicode(input), unicode, "{input}");
    }
}

// unit.rs: test_null_host_with_leading_empty_path_segment, test_parse_url_with_single_byte_control_host
#[test]
fn reparse_gives_the_same_url() {
    for input in ["m:/.//\\", "l://\x01:"] {
        check_invariants(&url(input));
    }
}

// unit.rs: test_slicing
#[test]
fn slicing() {
    use Position::*;
    // (href, scheme, username, password, host, port, path, query, fragment)
    let cases = [
        (
            "https://user:pass@domain.com:9742/path/file.ext?key=val&key2=val2#fragment",
            [
                "https",
                "user",
                "pass",
                "domain.com",
                "9742",
                "/path/file.ext",
                "key=val&key2=val2",
                "fragment",
            ],
        ),
        (
            "https://domain.com:9742/path/file.ext#fragment",
            [
                "https",
                "",
                "",
                "domain.com",
                "9742",
                "/path/file.ext",
                "",
                "fragment",
            ],
        ),
        (
            "https://domain.com:9742/path/file.ext",
            [
                "https",
                "",
                "",
                "domain.com",
                "9742",
                "/path/file.ext",
                "",
                "",
            ],
        ),
        (
            "blob:blob-info",
            ["blob", "", "", "", "", "blob-info", "", ""],
        ),
    ];
    let ranges = [
        BeforeScheme..AfterScheme,
        BeforeUsername..AfterUsername,
        BeforePassword..AfterPassword,
        BeforeHost..AfterHost,
        BeforePort..AfterPort,
        BeforePath..AfterPath,
        BeforeQuery..AfterQuery,
        BeforeFragment..AfterFragment,
    ];
    for (href, parts) in cases {
        let u = url(href);
        assert_eq!(&u[..], href);
        assert_eq!(&u[..AfterFragment], href);
        for (range, part) in ranges.iter().zip(parts) {
            assert_eq!(&u[range.clone()], part, "{href} {range:?}");
        }
        check_invariants(&u);
    }
}

// unit.rs: test_make_relative
#[test]
fn make_relative() {
    let b = "http://127.0.0.1:8080";
    let cases = [
        ("/test", "/test", ""),
        ("/test", "/test/", "test/"),
        ("/test/", "/test", "../test"),
        ("/", "/?foo=bar#123", "?foo=bar#123"),
        ("/", "/test/video", "test/video"),
        ("/test", "/test/video", "test/video"),
        ("/test/", "/test/video", "video"),
        ("/test", "/test2/video", "test2/video"),
        ("/test/", "/test2/video", "../test2/video"),
        ("/test/bla", "/test2/video", "../test2/video"),
        ("/test/bla/", "/test2/video", "../../test2/video"),
        ("/test/?foo=bar#123", "/test/video", "video"),
        ("/test/", "/test/video?baz=meh#456", "video?baz=meh#456"),
        ("/test", "/test?baz=meh#456", "?baz=meh#456"),
        ("/test/", "/test?baz=meh#456", "../test?baz=meh#456"),
        ("/test/", "/test/?baz=meh#456", "?baz=meh#456"),
        (
            "/test/?foo=bar#123",
            "/test/video?baz=meh#456",
            "video?baz=meh#456",
        ),
        ("/file.txt", "/test/file.txt", "test/file.txt"),
        ("/not_equal.txt", "/test/file.txt", "test/file.txt"),
    ];
    for (base, target, relative) in cases {
        let base = url(&format!("{b}{base}"));
        let target = url(&format!("{b}{target}"));
        assert_eq!(
            base.make_relative(&target).as_deref(),
            Some(relative),
            "{base} -> {target}"
        );
        assert_eq!(base.join(relative).unwrap(), target, "{base} + {relative}");
    }
    let none = [
        ("http://127.0.0.1:8080/", "https://127.0.0.1:8080/test/"),
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8081/test/"),
        ("http://127.0.0.1:8080/", "http://127.0.0.2:8080/test/"),
        ("mailto:a@example.com", "mailto:b@example.com"),
    ];
    for (base, target) in none {
        assert_eq!(
            url(base).make_relative(&url(target)),
            None,
            "{base} -> {target}"
        );
    }
}

/// Not in unit.rs: cases where the url crate's answer does not resolve back to the target;
/// weburl's does (by construction, checked with the parser).
#[test]
fn make_relative_resolves_back() {
    // (base, target, weburl's answer)
    let cases = [
        // url: "" (which keeps the base's query).
        ("http://h/a?q", "http://h/a", "a"),
        // url: "/" (the root); the directory is "./".
        ("http://h/a/b", "http://h/a/", "./"),
        // url: "c:d", which parses as an absolute URL with scheme "c".
        ("http://h/a/", "http://h/a/c:d", "./c:d"),
        // url: "x" (the leading empty segment is lost).
        ("http://h/b", "http://h//x", ".//x"),
        // Credentials differ: a path reference would keep the base's.
        ("http://u@h/a", "http://h/b", "//h/b"),
        // A drive letter cannot be removed by "..": the path-absolute form is used.
        ("file:///C:/a/b", "file:///D:/x", "/D:/x"),
    ];
    for (base, target, expected) in cases {
        let (base, target) = (url(base), url(target));
        let relative = base.make_relative(&target).unwrap();
        assert_eq!(relative, expected, "{base} -> {target}");
        assert_eq!(base.join(&relative).unwrap(), target, "{base} + {relative}");
    }
}

// unit.rs: test_has_authority, test_authority
#[test]
fn authority() {
    for (input, has) in [
        ("mailto:joe@example.com", false),
        ("unix:/run/foo.socket", false),
        ("file:///tmp/foo", true),
        ("http://example.com/tmp/foo", true),
    ] {
        assert_eq!(url(input).has_authority(), has, "{input}");
    }
    let cases = [
        ("mailto:joe@example.com", ""),
        ("unix:/run/foo.socket", ""),
        ("file:///tmp/foo", ""),
        ("http://example.com/tmp/foo", "example.com"),
        ("ftp://127.0.0.1:21/", "127.0.0.1"),
        ("ftp://user@127.0.0.1:2121/", "user@127.0.0.1:2121"),
        ("https://:@example.com/", "example.com"),
        ("https://:password@[::1]:8080/", ":password@[::1]:8080"),
        (
            "gopher://user:@àlex.example.com:70",
            "user@%C3%A0lex.example.com:70",
        ),
        (
            "irc://àlex:àlex@àlex.рф.example.com:6667/foo",
            "%C3%A0lex:%C3%A0lex@%C3%A0lex.%D1%80%D1%84.example.com:6667",
        ),
        (
            "https://àlex:àlex@àlex.рф.example.com:443/foo",
            "%C3%A0lex:%C3%A0lex@xn--lex-8ka.xn--p1ai.example.com",
        ),
    ];
    for (input, authority) in cases {
        assert_eq!(url(input).authority(), authority, "{input}");
    }
}

// unit.rs: test_file_with_drive, test_file_with_drive_and_path
#[test]
fn file_drive_letters() {
    let base = url("fIlE:p:?../");
    assert_eq!(base.as_str(), "file:///p:?../");
    assert_eq!(base.path(), "/p:");
    for (input, expected) in [
        ("a", "file:///p:/a"),
        ("", "file:///p:?../"),
        ("?x", "file:///p:?x"),
        (".", "file:///p:/"),
        ("..", "file:///p:/"),
        ("../", "file:///p:/"),
    ] {
        assert_eq!(base.join(input).unwrap().as_str(), expected, "{input}");
    }
    let base = url("fIlE:p:/x|?../");
    assert_eq!(base.as_str(), "file:///p:/x|?../");
    assert_eq!(base.path(), "/p:/x|");
    assert_eq!(base.join("a").unwrap().as_str(), "file:///p:/a");
}

/// Not in unit.rs: every WPT URL with a non-opaque path survives each segment edit, and each
/// ability agrees with its definition on it.
#[test]
fn every_wpt_url_survives_the_editors() {
    let data = common::load_wpt_json("urltestdata.json");
    let mut seen = 0;
    for case in data.as_array().into_iter().flatten() {
        let Some(href) = case.get("href").and_then(|h| h.as_str()) else {
            continue;
        };
        let Ok(base) = Url::parse(href) else { continue };
        seen += 1;
        check_invariants(&base);
        assert_eq!(base.password_opt().unwrap_or(""), base.password());
        let mut authority = String::new();
        if base.includes_credentials() {
            authority.push_str(base.username());
            if let Some(password) = base.password_opt() {
                authority.push(':');
                authority.push_str(password);
            }
            authority.push('@');
        }
        if base.has_host() {
            authority.push_str(base.host());
        }
        assert_eq!(base.authority(), authority, "{base}");
        let pairs: Vec<(String, String)> = base.query_pairs().into_owned().collect();
        assert_eq!(pairs, base.search_params().as_slice());
        if let Some(relative) = base.make_relative(&base) {
            assert_eq!(base.join(&relative).unwrap(), base, "{base}");
        }
        if base.has_opaque_path() {
            assert!(base.clone().path_segments_mut().is_err());
            continue;
        }
        type Edit = fn(&mut weburl::PathSegmentsMut<'_>);
        let edits: [Edit; 6] = [
            |s| {
                s.push("a b/%");
            },
            |s| {
                s.pop();
            },
            |s| {
                s.pop_if_empty();
            },
            |s| {
                s.clear();
            },
            |s| {
                s.clear().push("").push("").push("x");
            },
            |s| {
                s.extend(["C|", "..", "."]);
            },
        ];
        for edit in edits {
            let mut u = base.clone();
            edit(&mut u.path_segments_mut().unwrap());
            check_invariants(&u);
            assert_eq!(u.query(), base.query(), "{base}");
            assert_eq!(u.fragment(), base.fragment(), "{base}");
        }
        let mut u = base.clone();
        u.query_pairs_mut()
            .append_pair("k", "v w")
            .append_key_only("z");
        check_invariants(&u);
        assert!(u.query().unwrap().ends_with("k=v+w&z"), "{u}");
        assert_eq!(u.fragment(), base.fragment());
    }
    assert!(seen > 300, "only {seen} WPT URLs");
}

mod properties {
    //! Not in unit.rs: generated URLs, for the two abilities with the most logic of their own.

    use super::check_invariants;
    use proptest::prelude::*;
    use weburl::Url;

    const PREFIXES: [&str; 7] = [
        "http://h",
        "http://u@h",
        "file://",
        "file://h",
        "sc://h",
        "sc:",
        "sc:/",
    ];
    const SEGMENTS: [&str; 10] = ["a", "b", "", "c:d", "..", ".", "C:", "c|", "%2e", "x y"];

    fn url_string() -> impl Strategy<Value = String> {
        (
            0..PREFIXES.len(),
            proptest::collection::vec(0..SEGMENTS.len(), 0..5),
            proptest::option::of("[a-z=&+%]{0,4}"),
            proptest::option::of("[a-z]{0,2}"),
        )
            .prop_map(|(p, segments, query, fragment)| {
                let mut s = PREFIXES[p].to_owned();
                for i in segments {
                    s.push('/');
                    s.push_str(SEGMENTS[i]);
                }
                if let Some(q) = query {
                    s.push('?');
                    s.push_str(&q);
                }
                if let Some(f) = fragment {
                    s.push('#');
                    s.push_str(&f);
                }
                s
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// make_relative's answer resolves back, and there is one whenever scheme, host and
        /// port agree and neither path is opaque.
        #[test]
        fn make_relative_resolves_back(base in url_string(), target in url_string()) {
            let (Ok(base), Ok(target)) = (Url::parse(&base), Url::parse(&target)) else {
                return Ok(());
            };
            let relative = base.make_relative(&target);
            if let Some(r) = &relative {
                prop_assert_eq!(base.join(r).ok(), Some(target.clone()), "{:?}", r);
            }
            let comparable = base.scheme() == target.scheme()
                && base.host_str() == target.host_str()
                && base.has_host() == target.has_host()
                && base.port_number() == target.port_number()
                && !base.has_opaque_path()
                && !target.has_opaque_path();
            prop_assert_eq!(relative.is_some(), comparable, "{} -> {}", base, target);
        }

        /// Any sequence of segment edits leaves a URL the parser gives back unchanged, with
        /// the query and fragment kept.
        #[test]
        fn segment_edits_keep_urls_parseable(
            input in url_string(),
            ops in proptest::collection::vec((0..4usize, 0..SEGMENTS.len()), 0..6),
        ) {
            let Ok(mut url) = Url::parse(&input) else { return Ok(()) };
            let (query, fragment) = (url.query().map(str::to_owned), url.fragment().map(str::to_owned));
            if let Ok(mut segments) = url.path_segments_mut() {
                for (op, segment) in ops {
                    match op {
                        0 => segments.push(SEGMENTS[segment]),
                        1 => segments.pop(),
                        2 => segments.pop_if_empty(),
                        _ => segments.clear(),
                    };
                }
            }
            check_invariants(&url);
            prop_assert_eq!(url.query(), query.as_deref());
            prop_assert_eq!(url.fragment(), fragment.as_deref());
        }
    }
}
