//! Validation errors (with their offsets), the "valid URL string" grammar, and legacy
//! encodings in queries (`percent-encoding.json`).

mod common;

use common::{CaseCheck, Report, load_wpt_json, object_cases, opt_str, req_str};
use weburl::{Url, encoding_rs, is_valid_url_string};

/// Parses with a callback and returns (href or the failure's spec name, [(error, offset)]).
fn errors(
    input: &str,
    base: Option<&Url>,
) -> (Result<String, &'static str>, Vec<(&'static str, usize)>) {
    let mut found = Vec::new();
    let result = Url::options()
        .base(base)
        .on_validation_error(&mut |e| found.push((e.kind.spec_name(), e.offset)))
        .parse(input);
    (
        result
            .map(|u| u.href().to_owned())
            .map_err(|e| e.spec_name()),
        found,
    )
}

/// For every validation error of the spec's table: an input that triggers it, the result and
/// every error with its offset in the input. The offsets were worked out by hand from the
/// spec's steps.
#[test]
fn every_named_validation_error_with_its_offset() {
    let file_base = Url::parse("file:///C:/").unwrap();
    type Case<'a> = (
        &'a str,
        Option<&'a Url>,
        Result<&'a str, &'a str>,
        &'a [(&'a str, usize)],
    );
    let cases: &[Case<'_>] = &[
        (
            "https://xn--a.example/",
            None,
            Ok("https://xn--a.example/"),
            &[("domain-to-ASCII", 8)],
        ),
        (
            "https://exa%23mple.org",
            None,
            Err("domain-to-ASCII"),
            &[("domain-percent-encoded", 8), ("domain-to-ASCII", 8)],
        ),
        (
            "https://exam%70le.org",
            None,
            Ok("https://example.org/"),
            &[("domain-percent-encoded", 8)],
        ),
        (
            "foo://exa[mple.org",
            None,
            Err("host-invalid-code-point"),
            &[("host-invalid-code-point", 6)],
        ),
        (
            "https://127.0.0.1./",
            None,
            Ok("https://127.0.0.1/"),
            // The trailing dot's empty root label fails strict ToASCII (VerifyDnsLength) first.
            &[("domain-to-ASCII", 8), ("IPv4-empty-part", 8)],
        ),
        (
            "https://1.2.3/",
            None,
            Ok("https://1.2.0.3/"),
            &[("IPv4-too-few-parts", 8)],
        ),
        (
            "https://1.2.3.4.5/",
            None,
            Err("IPv4-too-many-parts"),
            &[("IPv4-too-many-parts", 8)],
        ),
        (
            "https://test.42",
            None,
            Err("IPv4-non-numeric-part"),
            &[("IPv4-too-few-parts", 8), ("IPv4-non-numeric-part", 8)],
        ),
        (
            "https://127.0.0x0.1",
            None,
            Ok("https://127.0.0.1/"),
            &[("IPv4-non-decimal-part", 8)],
        ),
        (
            "https://255.255.4000.1",
            None,
            Err("IPv4-out-of-range-part"),
            &[("IPv4-out-of-range-part", 8)],
        ),
        (
            "https://[::1",
            None,
            Err("IPv6-unclosed"),
            &[("IPv6-unclosed", 8)],
        ),
        (
            "https://[:1]",
            None,
            Err("IPv6-invalid-compression"),
            &[("IPv6-invalid-compression", 8)],
        ),
        (
            "https://[1:2:3:4:5:6:7:8:9]",
            None,
            Err("IPv6-too-many-pieces"),
            &[("IPv6-too-many-pieces", 8)],
        ),
        (
            "https://[1::1::1]",
            None,
            Err("IPv6-multiple-compression"),
            &[("IPv6-multiple-compression", 8)],
        ),
        (
            "https://[1:2:3!:4]",
            None,
            Err("IPv6-invalid-code-point"),
            &[("IPv6-invalid-code-point", 8)],
        ),
        (
            "https://[1:2:3:]",
            None,
            Err("IPv6-invalid-code-point"),
            &[("IPv6-invalid-code-point", 8)],
        ),
        (
            "https://[1:2:3]",
            None,
            Err("IPv6-too-few-pieces"),
            &[("IPv6-too-few-pieces", 8)],
        ),
        // The piece "01" starts at offset 11.
        (
            "https://[::01]",
            None,
            Ok("https://[::1]/"),
            &[("IPv6-piece-leading-zero", 11)],
        ),
        (
            "https://[1:1:1:1:1:1:1:127.0.0.1]",
            None,
            Err("IPv4-in-IPv6-too-many-pieces"),
            &[("IPv4-in-IPv6-too-many-pieces", 8)],
        ),
        (
            "https://[ffff::.0.0.1]",
            None,
            Err("IPv4-in-IPv6-invalid-code-point"),
            &[("IPv4-in-IPv6-invalid-code-point", 8)],
        ),
        (
            "https://[ffff::127.0.0.4000]",
            None,
            Err("IPv4-in-IPv6-out-of-range-part"),
            &[("IPv4-in-IPv6-out-of-range-part", 8)],
        ),
        (
            "https://[ffff::127.0.0]",
            None,
            Err("IPv4-in-IPv6-too-few-parts"),
            &[("IPv4-in-IPv6-too-few-parts", 8)],
        ),
        (
            "https://example.org/>",
            None,
            Ok("https://example.org/%3E"),
            &[("invalid-URL-unit", 20)],
        ),
        (
            "https://example.org/%zz",
            None,
            Ok("https://example.org/%zz"),
            &[("invalid-URL-unit", 20)],
        ),
        (
            "https:example.org",
            None,
            Ok("https://example.org/"),
            &[("special-scheme-missing-following-solidus", 6)],
        ),
        (
            "💩",
            None,
            Err("missing-scheme-non-relative-URL"),
            &[("missing-scheme-non-relative-URL", 0)],
        ),
        (
            "https://example.org\\path",
            None,
            Ok("https://example.org/path"),
            &[("invalid-reverse-solidus", 19)],
        ),
        (
            "https://user:pass@example.org",
            None,
            Ok("https://user:pass@example.org/"),
            &[("invalid-credentials", 17)],
        ),
        (
            "https://#fragment",
            None,
            Err("host-missing"),
            &[("host-missing", 8)],
        ),
        (
            "https://:443",
            None,
            Err("host-missing"),
            &[("host-missing", 8)],
        ),
        (
            "https://user@",
            None,
            Err("host-missing"),
            &[("invalid-credentials", 12), ("host-missing", 13)],
        ),
        (
            "https://example.org:70000",
            None,
            Err("port-out-of-range"),
            &[("port-out-of-range", 20)],
        ),
        (
            "https://example.org:7z",
            None,
            Err("port-invalid"),
            &[("port-invalid", 21)],
        ),
        (
            "C|",
            Some(&file_base),
            Ok("file:///C:"),
            &[
                ("file-invalid-Windows-drive-letter", 0),
                ("invalid-URL-unit", 1),
            ],
        ),
        (
            "file://c:",
            None,
            Ok("file:///c:"),
            &[("file-invalid-Windows-drive-letter-host", 7)],
        ),
        // Several in one input, in order; offsets count the removed tab and newline.
        (
            "\t https://a\nb/ \n",
            None,
            Ok("https://ab/"),
            &[("invalid-URL-unit", 0), ("invalid-URL-unit", 11)],
        ),
        (
            "sc:a b?c d#e f",
            None,
            Ok("sc:a b?c%20d#e%20f"),
            &[
                ("invalid-URL-unit", 4),
                ("invalid-URL-unit", 8),
                ("invalid-URL-unit", 12),
            ],
        ),
        (
            " https:\\\\x/\ty",
            None,
            Ok("https://x/y"),
            &[
                ("invalid-URL-unit", 0),
                ("invalid-URL-unit", 11),
                ("special-scheme-missing-following-solidus", 7),
                ("special-scheme-missing-following-solidus", 7),
                ("special-scheme-missing-following-solidus", 8),
            ],
        ),
        (
            "foo://ex%zzb",
            None,
            Ok("foo://ex%zzb"),
            &[("invalid-URL-unit", 8)],
        ),
    ];
    let mut report = Report::new("validation errors");
    for &(input, base, expected, expected_errors) in cases {
        let mut c = CaseCheck::new();
        let (result, found) = errors(input, base);
        c.check(result.as_deref().map_err(|e| *e) == expected, || {
            format!("result: expected {expected:?}, actual {result:?}")
        });
        c.check(found == expected_errors, || {
            format!("errors: expected {expected_errors:?}, actual {found:?}")
        });
        // The callback changes nothing: the same result without it.
        let plain = match base {
            Some(b) => Url::parse_with_base(input, b),
            None => Url::parse(input),
        };
        c.check(
            plain
                .map(|u| u.href().to_owned())
                .map_err(|e| e.spec_name())
                == result,
            || "the result differs without a callback".to_owned(),
        );
        report.record(|| format!("{input:?}"), c);
    }
    // Every kind in the table is covered above.
    let covered: std::collections::HashSet<&str> =
        cases.iter().flat_map(|c| c.3.iter().map(|e| e.0)).collect();
    assert_eq!(covered.len(), 30, "{covered:?}");
    report.finish();
}

/// The four departures from the living standard found against its reference implementation
/// (whatwg-url 17.1), each with the offsets worked out by hand from the spec's steps.
#[test]
fn living_standard_error_classes_with_offsets() {
    let long_label = format!("http://{}.com/", "a".repeat(64));
    let long_name = format!("http://{}com/", "abcdefghi.".repeat(26));
    let file_base = Url::parse("file:///C:/").unwrap();
    type Case<'a> = (
        &'a str,
        Option<&'a Url>,
        Result<&'a str, &'a str>,
        Vec<(&'static str, usize)>,
    );
    let cases: Vec<Case<'_>> = vec![
        // 1. domain-to-ASCII when only the strict pass fails: an empty root label, a label
        // over 63 bytes, a name over 253, then the IPv4 parser's own errors.
        (
            "http://foo./",
            None,
            Ok("http://foo./"),
            vec![("domain-to-ASCII", 7)],
        ),
        (
            "https://example.com.:99999/",
            None,
            Err("port-out-of-range"),
            vec![("domain-to-ASCII", 8), ("port-out-of-range", 21)],
        ),
        (
            &long_label,
            None,
            Ok(&long_label),
            vec![("domain-to-ASCII", 7)],
        ),
        (
            &long_name,
            None,
            Ok(&long_name),
            vec![("domain-to-ASCII", 7)],
        ),
        (
            "http://1.2.3.4./",
            None,
            Ok("http://1.2.3.4/"),
            vec![("domain-to-ASCII", 7), ("IPv4-empty-part", 7)],
        ),
        (
            "http://\u{2603}%2E",
            None,
            Ok("http://xn--n3h./"),
            vec![("domain-percent-encoded", 7), ("domain-to-ASCII", 7)],
        ),
        // 2. invalid-URL-unit at most once per rule in an opaque host: the first code point
        // that is not a URL code point, then the first '%' without two hex digits.
        (
            "sc://\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}/",
            None,
            Ok("sc://%01%02%03%04%05%06%07%08/"),
            vec![("invalid-URL-unit", 5)],
        ),
        (
            "sc://a%zz%b\u{1}/",
            None,
            Ok("sc://a%zz%b%01/"),
            vec![("invalid-URL-unit", 11), ("invalid-URL-unit", 6)],
        ),
        // 3. A Windows drive letter "host" goes to the path state as its buffer: the '|' is
        // not read again, so no invalid-URL-unit for it.
        (
            "file://c|/x",
            None,
            Ok("file:///c:/x"),
            vec![("file-invalid-Windows-drive-letter-host", 7)],
        ),
        (
            "//C|/foo/bar",
            Some(&file_base),
            Ok("file:///C:/foo/bar"),
            vec![("file-invalid-Windows-drive-letter-host", 2)],
        ),
        (
            "file://c|/x|y",
            None,
            Ok("file:///c:/x|y"),
            vec![
                ("file-invalid-Windows-drive-letter-host", 7),
                ("invalid-URL-unit", 11),
            ],
        ),
        // 4. IPv4-non-ASCII-input before the IPv4 parser's own errors.
        (
            "https://\u{FF11}\u{FF12}\u{FF17}.\u{FF10}.\u{FF10}.\u{FF11}/",
            None,
            Ok("https://127.0.0.1/"),
            vec![("IPv4-non-ASCII-input", 8)],
        ),
        (
            "http://127\u{3002}0\u{3002}0\u{3002}1/",
            None,
            Ok("http://127.0.0.1/"),
            vec![("IPv4-non-ASCII-input", 7)],
        ),
        (
            "httPs://\u{B2}.2.3.4",
            None,
            Ok("https://2.2.3.4/"),
            vec![("IPv4-non-ASCII-input", 8)],
        ),
        (
            "http://%EF%BC%91.2.3.4/",
            None,
            Ok("http://1.2.3.4/"),
            vec![("domain-percent-encoded", 7), ("IPv4-non-ASCII-input", 7)],
        ),
        (
            "http://\u{FF10}x7f.1/",
            None,
            Ok("http://127.0.0.1/"),
            vec![
                ("IPv4-non-ASCII-input", 7),
                ("IPv4-too-few-parts", 7),
                ("IPv4-non-decimal-part", 7),
            ],
        ),
        // ASCII after percent-decoding is not non-ASCII input.
        (
            "http://%31.2.3.4/",
            None,
            Ok("http://1.2.3.4/"),
            vec![("domain-percent-encoded", 7)],
        ),
    ];
    for (input, base, expected, expected_errors) in cases {
        let (result, found) = errors(input, base);
        assert_eq!(result.as_deref().map_err(|e| *e), expected, "{input:?}");
        assert_eq!(found, expected_errors, "{input:?}");
    }
    assert_eq!(
        weburl::ValidationErrorKind::Ipv4NonAsciiInput.spec_name(),
        "IPv4-non-ASCII-input"
    );
}

#[test]
fn inputs_that_meet_no_validation_error() {
    let base = Url::parse("https://example.com/a/b").unwrap();
    for (input, base) in [
        ("https://example.com/", None),
        ("https://example.com:8080/a/b?c=d&e#f", None),
        ("http://[2001:db8::1]/", None),
        ("http://192.168.0.1/", None),
        ("file:///C:/Windows", None),
        ("mailto:someone@example.com", None),
        ("urn:isbn:9780307476463", None),
        ("../c?d#e", Some(&base)),
        ("//other.example/", Some(&base)),
        ("https://例え.テスト/パス", None),
        ("https://example.com/%41", None),
    ] {
        let (result, found) = errors(input, base);
        assert!(result.is_ok(), "{input}");
        assert_eq!(found, [], "{input}");
    }
}

/// The grammar on the WPT inputs: a valid URL string parses, with no validation error (the
/// spec: "a valid URL string defines what input would not trigger a validation error or
/// failure"). (On these inputs the two sets happen to coincide; the test only relies on the
/// direction the spec states.)
#[test]
fn valid_url_strings_on_the_wpt_inputs() {
    let data = load_wpt_json("urltestdata.json");
    let mut report = Report::new("valid URL string (urltestdata inputs)");
    let (mut valid, mut error_free) = (0, 0);
    for case in object_cases(&data) {
        let input = req_str(case, "input");
        let base = opt_str(case, "base").map(Url::parse);
        let base = match base {
            Some(Ok(b)) => Some(b),
            Some(Err(_)) => continue,
            None => None,
        };
        let mut c = CaseCheck::new();
        let is_valid = is_valid_url_string(input, base.as_ref());
        let (result, found) = errors(input, base.as_ref());
        if result.is_ok() && found.is_empty() {
            error_free += 1;
        }
        if is_valid {
            valid += 1;
            c.check(result.is_ok() && found.is_empty(), || {
                format!("valid URL string, but the parser gave {result:?} with {found:?}")
            });
        }
        report.record(|| format!("{input:?} base {:?}", opt_str(case, "base")), c);
    }
    report.note(format!(
        "{valid} valid URL strings, {error_free} inputs without validation errors"
    ));
    assert!(
        valid > 100 && valid <= error_free,
        "{valid} valid, {error_free} error-free"
    );
    report.finish();
}

/// `percent-encoding.json`: the query in the document's encoding, the fragment in UTF-8.
#[test]
fn percent_encoding_in_legacy_encodings() {
    let data = load_wpt_json("percent-encoding.json");
    let mut report = Report::new("percent-encoding.json");
    for case in object_cases(&data) {
        let input = req_str(case, "input");
        let outputs = case["output"].as_object().expect("output object");
        let utf8 = outputs["utf-8"].as_str().expect("utf-8 output");
        for (label, expected) in outputs {
            let mut c = CaseCheck::new();
            let expected = expected.as_str().expect("string");
            let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).expect("known label");
            let url = Url::options()
                .encoding(encoding)
                .parse(&format!("https://doesnotmatter.invalid/?{input}#{input}"))
                .expect("parses");
            c.field("query", expected, url.query().unwrap_or(""));
            c.field("fragment", utf8, url.fragment().unwrap_or(""));
            // Non-special URLs, ws and wss always use UTF-8.
            for scheme in ["sc", "wss"] {
                let url = Url::options()
                    .encoding(encoding)
                    .parse(&format!("{scheme}://doesnotmatter.invalid/?{input}"))
                    .expect("parses");
                let expected =
                    Url::parse(&format!("{scheme}://doesnotmatter.invalid/?{input}")).unwrap();
                c.field(scheme, expected.query().unwrap(), url.query().unwrap());
            }
            report.record(|| format!("{input:?} in {label}"), c);
        }
    }
    report.finish();
}
