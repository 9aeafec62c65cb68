//! Origins (`weburl::Origin`): the URL Standard's
//! [origin of a URL](https://url.spec.whatwg.org/#concept-url-origin) and HTML's
//! [same origin](https://html.spec.whatwg.org/multipage/browsers.html#same-origin) and
//! [ASCII serialization](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin).
//!
//! The serialization of every `urltestdata.json` success case that lists an `origin` is checked
//! by `tests/urltestdata.rs`; this suite checks what that data cannot express:
//!
//! * `same_origin` of tuple origins: true for URLs that differ only in path, query, fragment,
//!   credentials, the spelling of the host (case, IPv4/IPv6 forms) or an explicit default port;
//!   false for a different scheme, host or port.
//! * Opaque origins (`data:`, `javascript:`, `file:`, ...): each computation of the origin
//!   gives a new opaque origin, so the origin of a second parse of the same URL (or a second
//!   `origin()` call) is not same origin with the first, while a clone of an origin is.
//! * `blob:` URLs (with no blob URL entry): the origin of the URL in the path when its scheme is
//!   `http`, `https` or `file`; otherwise (other schemes, a path that does not parse) a new
//!   opaque origin.
//! * The ASCII serialization (and `Display`) of tuple origins with IPv6 hosts and ports.
//!
//! Each check is one case of its test's report.

mod common;

use common::{CaseCheck, Report, catch};
use weburl::{Origin, Url};

fn url(input: &str) -> Url {
    Url::parse(input).unwrap_or_else(|e| panic!("{input:?} must parse: {e:?}"))
}

fn origin(input: &str) -> Origin {
    url(input).origin()
}

/// Runs `check` as one case of `report`, labelled `label`.
fn case(report: &mut Report, label: &str, check: impl FnOnce(&mut CaseCheck)) {
    let mut c = CaseCheck::new();
    if let Err(panic) = catch(|| check(&mut c)) {
        c.fail(panic);
    }
    report.record(|| label.to_owned(), c);
}

/// `same_origin` in both directions (it is symmetric) must be `expected`.
fn check_same_origin(c: &mut CaseCheck, a: &str, b: &str, expected: bool) {
    let (oa, ob) = (origin(a), origin(b));
    for (x, y, ox, oy) in [(a, b, &oa, &ob), (b, a, &ob, &oa)] {
        let actual = ox.same_origin(oy);
        c.check(actual == expected, || {
            format!(
                "origin({x:?}).same_origin(origin({y:?})): expected {expected}, actual {actual} \
                 ({} vs {})",
                ox.ascii_serialization(),
                oy.ascii_serialization()
            )
        });
    }
}

#[test]
fn same_origin() {
    let mut report = Report::new("origin: same origin");
    let same = [
        ("path", "https://example.com/a", "https://example.com/b/c"),
        (
            "query",
            "https://example.com/?a=1",
            "https://example.com/?b=2",
        ),
        ("fragment", "https://example.com/#x", "https://example.com/"),
        (
            "path, query and fragment",
            "http://example.com/a?q#f",
            "http://example.com/",
        ),
        (
            "credentials",
            "https://user:pass@example.com/",
            "https://example.com/",
        ),
        (
            "case of the host",
            "https://EXAMPLE.com/",
            "https://example.COM/x",
        ),
        (
            "default port (https)",
            "https://example.com:443/",
            "https://example.com/",
        ),
        (
            "default port (http)",
            "http://example.com:80/",
            "http://example.com/",
        ),
        (
            "default port (ws)",
            "ws://example.com:80/",
            "ws://example.com/",
        ),
        (
            "default port (wss)",
            "wss://example.com:443/",
            "wss://example.com/",
        ),
        (
            "default port (ftp)",
            "ftp://example.com:21/",
            "ftp://example.com/",
        ),
        (
            "same non-default port",
            "https://example.com:8443/a",
            "https://example.com:8443/b",
        ),
        ("IPv4 spelling", "http://0x7f.1/", "http://127.0.0.1/"),
        (
            "IPv6 spelling",
            "http://[0:0:0:0:0:0:0:1]/",
            "http://[::1]:80/",
        ),
        (
            "IDN spelling",
            "https://münchen.example/",
            "https://xn--mnchen-3ya.example/",
        ),
    ];
    for (what, a, b) in same {
        case(
            &mut report,
            &format!("same origin ({what}): {a:?} and {b:?}"),
            |c| check_same_origin(c, a, b, true),
        );
    }
    let different = [
        ("scheme", "http://example.com/", "https://example.com/"),
        (
            "scheme (ws/http)",
            "ws://example.com/",
            "http://example.com/",
        ),
        (
            "scheme, port equal to the other's default",
            "http://example.com:443/",
            "https://example.com/",
        ),
        ("host", "https://example.com/", "https://www.example.com/"),
        (
            "host (IPv4 vs domain)",
            "http://127.0.0.1/",
            "http://localhost/",
        ),
        ("port", "https://example.com/", "https://example.com:8443/"),
        (
            "port (both explicit)",
            "http://example.com:8080/",
            "http://example.com:8081/",
        ),
    ];
    for (what, a, b) in different {
        case(
            &mut report,
            &format!("different origin ({what}): {a:?} and {b:?}"),
            |c| check_same_origin(c, a, b, false),
        );
    }
    report.finish();
}

#[test]
fn opaque_origins() {
    let mut report = Report::new("origin: opaque origins");
    let inputs = [
        "data:text/plain,hello",
        "javascript:alert(1)",
        "file:///tmp/a.txt",
        "file://host/share/a.txt",
        "about:blank",
        "mailto:someone@example.com",
        "sc://host/path",
        "blob:data:text/plain,hi",
    ];
    for input in inputs {
        case(&mut report, &format!("opaque origin of {input:?}"), |c| {
            let u = url(input);
            let o = u.origin();
            c.check(o.is_opaque(), || format!("expected opaque, actual {o:?}"));
            c.field("ascii_serialization", "null", &o.ascii_serialization());
            c.field("Display", "null", &o.to_string());

            let again = url(input).origin();
            c.check(!o.same_origin(&again), || {
                "same origin with the origin of a second parse of the same URL".to_owned()
            });
            c.check(!o.same_origin(&u.origin()), || {
                "same origin with a second origin() of the same Url".to_owned()
            });
            c.check(!o.same_origin_domain(&again), || {
                "same origin-domain with the origin of a second parse".to_owned()
            });

            let clone = o.clone();
            c.check(o.same_origin(&clone) && clone.same_origin(&o), || {
                "not same origin with its own clone".to_owned()
            });
            c.check(o.same_origin(&o), || {
                "not same origin with itself".to_owned()
            });
            c.check(o.same_origin_domain(&clone), || {
                "not same origin-domain with its own clone".to_owned()
            });

            let tuple = origin("https://example.com/");
            c.check(!o.same_origin(&tuple) && !tuple.same_origin(&o), || {
                "same origin with a tuple origin".to_owned()
            });
        });
    }
    case(&mut report, "Origin::new_opaque", |c| {
        let a = Origin::new_opaque();
        let b = Origin::new_opaque();
        c.check(a.is_opaque() && b.is_opaque(), || "not opaque".to_owned());
        c.check(!a.same_origin(&b), || {
            "two new opaque origins are same origin".to_owned()
        });
        c.check(a.same_origin(&a.clone()), || {
            "not same origin with its clone".to_owned()
        });
    });
    report.finish();
}

#[test]
fn blob_origins() {
    let mut report = Report::new("origin: blob URLs");
    // The inner URL's origin, for http, https and file inner URLs.
    let inner = [
        (
            "blob:https://example.com/0b5e0b64",
            "https://example.com/",
            "https://example.com",
        ),
        (
            "blob:https://example.com:443/x",
            "https://example.com/",
            "https://example.com",
        ),
        (
            "blob:http://example.com:8080/x",
            "http://example.com:8080/",
            "http://example.com:8080",
        ),
        (
            "blob:https://EXAMPLE.com/x",
            "https://example.com/",
            "https://example.com",
        ),
        (
            "blob:http://[::1]:81/x",
            "http://[::1]:81/",
            "http://[::1]:81",
        ),
    ];
    for (blob, inner_url, serialization) in inner {
        case(
            &mut report,
            &format!("{blob:?} has the origin of {inner_url:?}"),
            |c| {
                let o = origin(blob);
                c.check(!o.is_opaque(), || {
                    format!("expected a tuple origin, actual {o:?}")
                });
                c.field(
                    "ascii_serialization",
                    serialization,
                    &o.ascii_serialization(),
                );
                let expected = origin(inner_url);
                c.check(o.same_origin(&expected) && expected.same_origin(&o), || {
                    format!("not same origin with {inner_url:?}")
                });
            },
        );
    }
    // A file inner URL: the blob URL takes the file URL's origin, which is opaque.
    case(
        &mut report,
        "\"blob:file:///tmp/x\" takes the file URL's (opaque) origin",
        |c| {
            let o = origin("blob:file:///tmp/x");
            c.check(o.is_opaque(), || format!("expected opaque, actual {o:?}"));
            c.field("ascii_serialization", "null", &o.ascii_serialization());
        },
    );
    // Any other inner scheme, or an inner URL that does not parse: a new opaque origin.
    let opaque = [
        "blob:data:text/plain,hi",
        "blob:ftp://example.com/x",
        "blob:ws://example.com/x",
        "blob:wss://example.com/x",
        "blob:javascript:alert(1)",
        "blob:about:blank",
        "blob:blob:https://example.com/x",
        "blob:sc://example.com/x",
        "blob:not a url",
        "blob:",
    ];
    for blob in opaque {
        case(
            &mut report,
            &format!("{blob:?} has an opaque origin"),
            |c| {
                let o = origin(blob);
                c.check(o.is_opaque(), || format!("expected opaque, actual {o:?}"));
                c.field("ascii_serialization", "null", &o.ascii_serialization());
                c.check(!o.same_origin(&origin(blob)), || {
                    "same origin with the origin of a second parse".to_owned()
                });
            },
        );
    }
    report.finish();
}

#[test]
fn ascii_serialization() {
    let mut report = Report::new("origin: ASCII serialization");
    let cases = [
        ("http://[::1]:8080/", "http://[::1]:8080"),
        ("http://[::1]/", "http://[::1]"),
        ("http://[::1]:80/", "http://[::1]"),
        ("https://[2001:db8::1]:443/a?b#c", "https://[2001:db8::1]"),
        (
            "https://[2001:DB8:0:0:0:0:0:1]:8443/x",
            "https://[2001:db8::1]:8443",
        ),
        ("ws://[::ffff:192.168.0.1]:81/", "ws://[::ffff:c0a8:1]:81"),
        ("wss://user:pw@[fe80::1]:1/", "wss://[fe80::1]:1"),
        (
            "ftp://[1:2:3:4:5:6:7:8]:2121/",
            "ftp://[1:2:3:4:5:6:7:8]:2121",
        ),
        ("https://example.com:65535/", "https://example.com:65535"),
        ("http://192.168.0.1:8080/", "http://192.168.0.1:8080"),
        (
            "https://münchen.example:444/",
            "https://xn--mnchen-3ya.example:444",
        ),
    ];
    for (input, expected) in cases {
        case(&mut report, &format!("origin of {input:?}"), |c| {
            let o = origin(input);
            c.field("ascii_serialization", expected, &o.ascii_serialization());
            c.field("Display", expected, &o.to_string());
            c.field(
                "Url::origin getter",
                expected,
                &common::getter(&url(input), "origin"),
            );
        });
    }
    report.finish();
}
