//! draft-connolly-href-00, *Web addresses in HTML 5* (Connolly & Sperberg-McQueen, May 2009):
//! where it differs from the 2011 text. A Web address is pre-encoded (every non-URI character
//! percent-encoded, `%` included; `[` and `]` kept only in an authority; every `#` after the
//! first encoded), parsed by the unmodified RFC 3986 grammar, and its components are the matched
//! substrings percent-decoded once, which gives back the original text. Resolution is the 2011
//! algorithm's steps 2–13 on those (original) components.
//!
//! ```
//! use weburl::legacy::web_addresses_2009 as connolly;
//! assert_eq!(connolly::pre_encode("http://h/p?q#f#g["), "http://h/p?q#f%23g%5B");
//! assert_eq!(connolly::parse("http://example.com/a%20b").unwrap().path, "/a%20b");
//! assert!(connolly::parse("http://u[1]@h/").is_err());
//! assert_eq!(connolly::resolve("http://x/a%20b", None, None).unwrap(), "http://x/a%20b");
//! assert!(!connolly::is_absolute("http://a/b/../c"));
//! ```

use std::ops::Range;

use encoding_rs::Encoding;

use super::LegacyError;
use super::common::{escape_utf8, find_any, scheme_len, strip_html_spaces};
use super::document::{Document, EncodingSources, utf16_to_utf8};
use super::html5_2011::{self, Components, Html5Options};
use super::rfc3986;

/// The draft's "non-URI characters": code points up to U+0020, from U+007F, and
/// `" % < > \ ^ ` { | }`.
fn is_non_uri_char(c: char) -> bool {
    c <= ' '
        || c >= '\u{7F}'
        || matches!(
            c,
            '"' | '%' | '<' | '>' | '\\' | '^' | '`' | '{' | '|' | '}'
        )
}

/// Parse steps 1–4: strip space characters; percent-encode every non-URI character (as UTF-8,
/// which the draft does not name; decoding restores the text either way); percent-encode `[`
/// and `]`, only after the first `/`, `?` or `#` that follows the `//` when the address starts
/// with `scheme://` or `//`, else all of them; percent-encode every `#` after the first.
///
/// ```
/// use weburl::legacy::web_addresses_2009::pre_encode;
/// assert_eq!(pre_encode(" http://example.com/a%20b "), "http://example.com/a%2520b");
/// assert_eq!(pre_encode("http://[::1]/x[y]"), "http://[::1]/x%5By%5D");
/// assert_eq!(pre_encode("foo:[x]"), "foo:%5Bx%5D");
/// assert_eq!(pre_encode("//a[b]"), "//a[b]");
/// ```
#[must_use]
pub fn pre_encode(input: &str) -> String {
    let (_, stripped) = strip_html_spaces(input);
    let w = escape_utf8(stripped, |c| !is_non_uri_char(c));
    let authority_start = if w.starts_with("//") {
        Some(2)
    } else {
        scheme_len(&w)
            .filter(|&len| w[len + 1..].starts_with("//"))
            .map(|len| len + 3)
    };
    let brackets_from = match authority_start {
        Some(start) => find_any(&w, start, b"/?#"),
        None => 0,
    };
    let mut out = String::with_capacity(w.len());
    let mut seen_hash = false;
    for (i, c) in w.char_indices() {
        match c {
            '[' if i >= brackets_from => out.push_str("%5B"),
            ']' if i >= brackets_from => out.push_str("%5D"),
            '#' if seen_hash => out.push_str("%23"),
            '#' => {
                seen_hash = true;
                out.push('#');
            }
            _ => out.push(c),
        }
    }
    out
}

/// Parses a Web address: [`pre_encode`], then the unmodified RFC 3986 grammar (an error
/// carries the position in the pre-encoded string), then each component percent-decoded once.
///
/// ```
/// use weburl::legacy::web_addresses_2009::parse;
/// let c = parse("http://a%zb/").unwrap();
/// assert_eq!(c.host.as_deref(), Some("a%zb"));
/// assert!(parse("http://[x/").is_err());
/// ```
pub fn parse(input: &str) -> Result<Components, LegacyError> {
    let w = pre_encode(input);
    let spans =
        rfc3986::parse_spans(&w, false).map_err(|position| LegacyError::Syntax { position })?;
    let mut c = Components::from_spans(&w, &spans);
    let decode = |s: &mut String| {
        *s = String::from_utf8_lossy(&crate::percent::percent_decode(s.as_bytes())).into_owned();
    };
    for part in [
        &mut c.scheme,
        &mut c.userinfo,
        &mut c.host,
        &mut c.port,
        &mut c.query,
        &mut c.fragment,
    ]
    .into_iter()
    .flatten()
    {
        decode(part);
    }
    decode(&mut c.path);
    Ok(c)
}

/// Resolves a Web address: [`parse`] (a parse error is an error), then the 2011 algorithm's
/// steps on the decoded, that is original, components (the draft's own example keeps `%FF`),
/// with the query encoded in `encoding` (`None`: UTF-8; UTF-16 becomes UTF-8).
///
/// ```
/// use weburl::legacy::web_addresses_2009::resolve;
/// assert_eq!(resolve("http://ex%41mple.com/", None, None).unwrap(), "http://exAmple.com/");
/// assert!(resolve("http://a%zb/", None, None).is_err());
/// assert_eq!(resolve("a#b#c", Some("http://example.org/d/e"), None).unwrap(), "http://example.org/d/a#b#c");
/// ```
pub fn resolve(
    input: &str,
    base: Option<&str>,
    encoding: Option<&'static Encoding>,
) -> Result<String, LegacyError> {
    resolve_full(input, base, encoding).map(|(href, _)| href)
}

/// [`resolve`], with the host's range in the result.
pub(crate) fn resolve_full(
    input: &str,
    base: Option<&str>,
    encoding: Option<&'static Encoding>,
) -> Result<(String, Option<Range<usize>>), LegacyError> {
    let c = parse(input)?;
    let encoding = encoding.map(utf16_to_utf8);
    html5_2011::resolve_components(&c, base, encoding, Html5Options::default())
}

/// The draft's definition: a Web address is absolute only if resolving it returns the
/// identical string.
///
/// ```
/// use weburl::legacy::web_addresses_2009::is_absolute;
/// assert!(is_absolute("HTTP://a/"));
/// assert!(!is_absolute("http://a/b c"));
/// assert!(!is_absolute("g"));
/// ```
#[must_use]
pub fn is_absolute(input: &str) -> bool {
    resolve(input, None, None).is_ok_and(|r| r == input)
}

/// The document base URL of the draft: the first `base` element that is a child of `head` and
/// has an `href`, resolved against the fallback (the address, or the creator's base URL for
/// `about:blank`; there is no `srcdoc` rule).
///
/// ```
/// use weburl::legacy::{web_addresses_2009, BaseElement, Document};
/// let mut doc = Document::new("http://example.com/a/b.html");
/// doc.base_elements = vec![
///     BaseElement::new(Some("x/")).in_parent("body"),
///     BaseElement::new(Some("y/")).in_parent("head"),
/// ];
/// assert_eq!(web_addresses_2009::document_base_url(&doc), "http://example.com/a/y/");
/// ```
#[must_use]
pub fn document_base_url(doc: &Document) -> String {
    let fallback = html5_2011::fallback_base_url(doc, false);
    let href = doc
        .base_elements
        .iter()
        .filter(|b| b.parent.as_deref() == Some("head"))
        .find_map(|b| b.href.as_deref());
    match href {
        Some(href) => resolve(href, Some(&fallback), doc.encoding).unwrap_or(fallback),
        None => fallback,
    }
}

/// The URL character encoding of the draft, whose list is taken as a priority order: the
/// script's when the address came from a script, else the document's when it came from a DOM
/// node, else the one defined when it was created (UTF-8 when none is known); UTF-16 (BE or LE)
/// becomes UTF-8.
///
/// ```
/// use weburl::legacy::{web_addresses_2009, EncodingSources};
/// let sources = EncodingSources { script: Some(encoding_rs::SHIFT_JIS), defined: Some(encoding_rs::WINDOWS_1252), ..Default::default() };
/// assert_eq!(web_addresses_2009::url_character_encoding(&sources), encoding_rs::SHIFT_JIS);
/// ```
#[must_use]
pub fn url_character_encoding(sources: &EncodingSources) -> &'static Encoding {
    utf16_to_utf8(
        sources
            .script
            .or(sources.document)
            .or(sources.defined)
            .unwrap_or(encoding_rs::UTF_8),
    )
}
