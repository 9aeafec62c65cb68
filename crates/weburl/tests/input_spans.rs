//! `ParseOptions::on_input_span` against the parse itself, over every input of WPT's
//! `urltestdata.json` (with its base) and generated input: the spans are byte ranges of the
//! input on character boundaries, components do not overlap and come in the URL's order, and
//! what a span holds is what the URL's component was made from.

use proptest::prelude::*;
use weburl::{InputPart, InputSpan, Url};

/// The spans of `input` against `base`, and the parse's result.
fn spans(input: &str, base: Option<&Url>) -> (Vec<InputSpan>, Option<Url>) {
    let mut spans = Vec::new();
    let url = Url::options()
        .base(base)
        .on_input_span(&mut |s| spans.push(s))
        .parse(input)
        .ok();
    (spans, url)
}

/// The order of the components in a URL.
fn rank(part: InputPart) -> Option<usize> {
    [
        InputPart::Protocol,
        InputPart::Username,
        InputPart::Password,
        InputPart::Hostname,
        InputPart::Port,
        InputPart::Pathname,
        InputPart::Search,
        InputPart::Hash,
    ]
    .iter()
    .position(|&p| p == part)
}

/// Checks the spans of one input; returns the number of assertions made.
fn check(input: &str, base: Option<&Url>) -> usize {
    let (spans, url) = spans(input, base);
    let mut checked = 0;
    let mut last_end = 0;
    let mut last_rank = 0;
    for span in &spans {
        assert!(
            span.range.start < span.range.end && span.range.end <= input.len(),
            "{input:?}: {span:?}"
        );
        assert!(
            input.is_char_boundary(span.range.start) && input.is_char_boundary(span.range.end),
            "{input:?}: {span:?}"
        );
        if span.part.removed().is_some() {
            continue;
        }
        // Components and delimiters: in order, without overlap (a dot segment is reported
        // before the path around it, so only those two are left out of the order).
        assert!(span.range.start >= last_end, "{input:?}: {spans:?}");
        last_end = span.range.end;
        if let Some(r) = rank(span.part) {
            assert!(r >= last_rank, "{input:?}: {spans:?}");
            last_rank = r;
        }
        checked += 1;
    }
    // Every byte a component holds is the input's, whatever it became.
    let Some(url) = url else {
        return checked;
    };
    let text = |part: InputPart| {
        spans
            .iter()
            .find(|s| s.part == part)
            .map(|s| &input[s.range.clone()])
    };
    if let Some(protocol) = text(InputPart::Protocol) {
        // Tabs and newlines inside are removed; the scheme is lowercased.
        let clean: String = protocol
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        assert_eq!(clean.to_ascii_lowercase(), url.protocol(), "{input:?}");
        checked += 1;
    } else {
        // No scheme read: the URL has its base's.
        assert_eq!(Some(url.protocol()), base.map(Url::protocol), "{input:?}");
        checked += 1;
    }
    if let Some(port) = text(InputPart::Port) {
        let digits: String = port.chars().filter(char::is_ascii_digit).collect();
        let value: Option<u32> = digits.trim_start_matches('0').parse().ok();
        let default = weburl::default_port(url.scheme()).map(u32::from);
        let expected = url.port().parse::<u32>().ok().or(default);
        assert_eq!(value.or(Some(0)), expected.or(Some(0)), "{input:?}");
        checked += 1;
    }
    if url.username().is_empty() {
        // A username span of its own is only there for a username.
        assert_eq!(text(InputPart::Username), None, "{input:?}");
    }
    if text(InputPart::Search).is_some() {
        assert!(url.href().contains('?'), "{input:?}");
    }
    if text(InputPart::Hash).is_some() {
        assert!(url.href().contains('#'), "{input:?}");
    }
    checked
}

#[test]
fn every_wpt_input() {
    let data = weburl_testkit::wpt::load_json("urltestdata.json");
    let mut cases = 0;
    let mut checked = 0;
    for entry in data.as_array().unwrap() {
        let Some(input) = entry.get("input").and_then(|i| i.as_str()) else {
            continue;
        };
        let base = entry
            .get("base")
            .and_then(|b| b.as_str())
            .and_then(|b| Url::parse(b).ok());
        checked += check(input, base.as_ref());
        cases += 1;
    }
    assert_eq!(cases, 891, "urltestdata.json's cases");
    assert!(checked > 2000, "{checked} assertions");
}

#[test]
fn what_each_part_is() {
    let parts = |input: &str, base: Option<&str>| -> Vec<(InputPart, String)> {
        let base = base.map(|b| Url::parse(b).unwrap());
        spans(input, base.as_ref())
            .0
            .into_iter()
            .map(|s| (s.part, input[s.range].to_owned()))
            .collect()
    };
    use InputPart::*;
    let owned = |v: &[(InputPart, &str)]| -> Vec<(InputPart, String)> {
        v.iter().map(|&(p, t)| (p, t.to_owned())).collect()
    };
    assert_eq!(
        parts("\tHTTP:\\\\u:p@h\n:080/a/%2e/b?q#f ", None),
        owned(&[
            (Trimmed, "\t"),
            (TabOrNewline, "\n"),
            (Trimmed, " "),
            (Protocol, "HTTP:"),
            (Delimiter, "\\\\"),
            (Username, "u"),
            (Delimiter, ":"),
            (Password, "p"),
            (Delimiter, "@"),
            (Hostname, "h"),
            // The newline before the ':' is removed, and in no component.
            (Delimiter, ":"),
            (Port, "080"),
            (DotSegment, "%2e"),
            (Pathname, "/a/%2e/b"),
            (Search, "?q"),
            (Hash, "#f"),
        ])
    );
    // Relative input: the scheme and host come from the base.
    assert_eq!(
        parts("../x?y", Some("https://h/a/b")),
        owned(&[(DotSegment, ".."), (Pathname, "../x"), (Search, "?y")])
    );
    assert_eq!(
        parts("//h2/p", Some("https://h/a/b")),
        owned(&[(Delimiter, "//"), (Hostname, "h2"), (Pathname, "/p")])
    );
    // An opaque path, a file host, and a failure: nothing after the host that fails.
    assert_eq!(
        parts("mailto:a@b", None),
        owned(&[(Protocol, "mailto:"), (Pathname, "a@b")])
    );
    assert_eq!(
        parts("file://srv/share", None),
        owned(&[
            (Protocol, "file:"),
            (Delimiter, "//"),
            (Hostname, "srv"),
            (Pathname, "/share")
        ])
    );
    assert_eq!(
        parts("http://[::1/x", None),
        owned(&[(Protocol, "http:"), (Delimiter, "//"), (Hostname, "[::1")])
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Generated input made of URL-ish pieces, against a base or none.
    #[test]
    fn generated_input(
        input in "[ \t\n]?([a-zA-Z][a-zA-Z+.-]{0,5}:)?(//|/|\\\\\\\\)?([a-z@:.%0-9\\[\\]\t]{0,12})(/[a-z.%2e\t]{0,4}){0,4}(\\?[a-z=&#]{0,6})?(#[a-z]{0,3})?[ ]?",
        with_base in any::<bool>(),
    ) {
        let base = Url::parse("https://user@example.com:8080/a/b?q#f").unwrap();
        check(&input, with_base.then_some(&base));
    }
}
