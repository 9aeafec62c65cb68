//! RFC 1808 (1995), *Relative Uniform Resource Locators*, and its January 1995 draft
//! (draft-ietf-uri-relative-url-05): URLs of the form
//! `<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>`, parsed in the order fragment,
//! scheme, net_loc, query, params, path; resolution steps 1–7; and the base URL's precedence
//! (embedded in the document, a `Base:` header, the retrieval URL, none).
//!
//! An empty params, query or fragment counts as absent, so `g?` resolves to `http://a/b/c/g`.
//! Only a relative path (step 6) loses its `.` and `..` segments, and a `..` cancels only a
//! segment that is not itself `..` (RFC 1808's reading of step 6c), so a surplus `..` stays:
//!
//! ```
//! use weburl::legacy::rfc1808;
//! let base = Some("http://a/b/c/d;p?q#f");
//! assert_eq!(rfc1808::resolve(";x", base), "http://a/b/c/d;x");
//! assert_eq!(rfc1808::resolve("../../../g", base), "http://a/../g");
//! assert_eq!(rfc1808::resolve("/./g", base), "http://a/./g");
//! assert_eq!(rfc1808::resolve("", base), "http://a/b/c/d;p?q#f");
//! assert_eq!(rfc1808::resolve("g", None), "g");
//! ```

use std::ops::Range;

use super::LegacyError;
use super::common::split_authority;

/// A URL split as RFC 1808 §2.4 splits it. Empty `params`, `query` and `fragment` mean absent;
/// `net_loc` is `Some("")` after a `//` with nothing before the next `/`.
///
/// ```
/// use weburl::legacy::rfc1808::UrlParts;
/// let url = UrlParts::parse("a;b?c;d#e?f");
/// assert_eq!((url.path.as_str(), url.params.as_str(), url.query.as_str(), url.fragment.as_str()),
///            ("a", "b", "c;d", "e?f"));
/// assert_eq!(UrlParts::parse("//g?y/z").net_loc.as_deref(), Some("g?y"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UrlParts {
    /// The scheme, without its `:`.
    pub scheme: Option<String>,
    /// The network location, without the leading `//`.
    pub net_loc: Option<String>,
    /// The path, with its leading `/` if it has one.
    pub path: String,
    /// The parameters, without their `;` (empty: none).
    pub params: String,
    /// The query, without its `?` (empty: none).
    pub query: String,
    /// The fragment, without its `#` (empty: none).
    pub fragment: String,
}

impl UrlParts {
    /// Splits `input` in the order of RFC 1808 §2.4: the fragment after the first `#`; a
    /// scheme before a `:` when every character before it is a letter, digit, `+`, `.` or `-`
    /// (a leading digit is allowed); the net_loc after a leading `//` up to the next `/`
    /// (before the query is split off, so it may hold `?`); the query after the first `?`; the
    /// params after the first `;`; the rest is the path. Never fails.
    ///
    /// ```
    /// use weburl::legacy::rfc1808::UrlParts;
    /// assert_eq!(UrlParts::parse("this:that").scheme.as_deref(), Some("this"));
    /// assert_eq!(UrlParts::parse("./this:that").scheme, None);
    /// assert_eq!(UrlParts::parse("1a:b").scheme.as_deref(), Some("1a"));
    /// ```
    #[must_use]
    pub fn parse(input: &str) -> UrlParts {
        let mut parts = UrlParts::default();
        let mut s = input;
        if let Some((rest, fragment)) = s.split_once('#') {
            parts.fragment = fragment.to_owned();
            s = rest;
        }
        if let Some((scheme, rest)) = s.split_once(':')
            && !scheme.is_empty()
            && scheme.bytes().all(crate::lex::is_scheme_byte)
        {
            parts.scheme = Some(scheme.to_owned());
            s = rest;
        }
        if let Some(rest) = s.strip_prefix("//") {
            let end = rest.find('/').unwrap_or(rest.len());
            parts.net_loc = Some(rest[..end].to_owned());
            s = &rest[end..];
        }
        if let Some((rest, query)) = s.split_once('?') {
            parts.query = query.to_owned();
            s = rest;
        }
        if let Some((rest, params)) = s.split_once(';') {
            parts.params = params.to_owned();
            s = rest;
        }
        parts.path = s.to_owned();
        parts
    }

    /// Recombines the parts (step 7):
    /// `scheme ":" ["//" net_loc] path [";" params] ["?" query] ["#" fragment]`, leaving out
    /// the empty params, query and fragment.
    ///
    /// ```
    /// use weburl::legacy::rfc1808::UrlParts;
    /// assert_eq!(UrlParts::parse("http://a/g?#").recombine(), "http://a/g");
    /// ```
    #[must_use]
    pub fn recombine(&self) -> String {
        self.recombine_with_host().0
    }

    fn recombine_with_host(&self) -> (String, Option<Range<usize>>) {
        let mut out = String::new();
        let mut host = None;
        if let Some(s) = &self.scheme {
            out.push_str(s);
            out.push(':');
        }
        if let Some(n) = &self.net_loc {
            out.push_str("//");
            let (userinfo, h, _) = split_authority(n);
            let start = out.len() + userinfo.map_or(0, |u| u.len() + 1);
            host = Some(start..start + h.len());
            out.push_str(n);
        }
        out.push_str(&self.path);
        for (delim, part) in [
            (';', &self.params),
            ('?', &self.query),
            ('#', &self.fragment),
        ] {
            if !part.is_empty() {
                out.push(delim);
                out.push_str(part);
            }
        }
        (out, host)
    }
}

/// Splits `input` as RFC 1808 §2.4 does (see [`UrlParts::parse`]).
///
/// ```
/// let parts = weburl::legacy::rfc1808::parse("/a/b;type=d");
/// assert_eq!((parts.path.as_str(), parts.params.as_str()), ("/a/b", "type=d"));
/// ```
#[must_use]
pub fn parse(input: &str) -> UrlParts {
    UrlParts::parse(input)
}

/// Resolves the embedded URL `embedded` against `base` (RFC 1808 §4 steps 1–7). A `base` of
/// `None` or `""` means no base is known: `embedded` is then taken as absolute, as it is.
/// Never fails.
///
/// ```
/// use weburl::legacy::rfc1808::resolve;
/// let base = Some("http://a/b/c/d;p?q#f");
/// assert_eq!(resolve("///g", base), "http://a/g");
/// assert_eq!(resolve("g;x=1/../y", base), "http://a/b/c/g;x=1/../y");
/// assert_eq!(resolve("http:g", base), "http:g");
/// ```
#[must_use]
pub fn resolve(embedded: &str, base: Option<&str>) -> String {
    resolve_full(embedded, base).0
}

/// [`resolve`], with the host's range in the result.
pub(crate) fn resolve_full(embedded: &str, base: Option<&str>) -> (String, Option<Range<usize>>) {
    let base = base.unwrap_or_default();
    // A URL returned as it is, with its host's range (the net_loc follows `scheme:` and
    // `//`; the fragment, split off first, comes after it).
    let as_is = |s: &str| {
        let parts = UrlParts::parse(s);
        let host = parts.net_loc.as_deref().map(|n| {
            let (userinfo, h, _) = split_authority(n);
            let start = parts.scheme.as_ref().map_or(0, |x| x.len() + 1)
                + 2
                + userinfo.map_or(0, |u| u.len() + 1);
            start..start + h.len()
        });
        (s.to_owned(), host)
    };
    // Step 1: no base.
    if base.is_empty() {
        return as_is(embedded);
    }
    let b = UrlParts::parse(base);
    // Step 2a: an empty embedded URL is the base, fragment included.
    if embedded.is_empty() {
        return as_is(base);
    }
    let mut e = UrlParts::parse(embedded);
    // Step 2b: a scheme makes it absolute.
    if e.scheme.is_some() {
        return as_is(embedded);
    }
    // Step 2c.
    e.scheme = b.scheme;
    // Step 3.
    if e.net_loc.as_deref().is_some_and(|n| !n.is_empty()) {
        return e.recombine_with_host();
    }
    e.net_loc = b.net_loc;
    // Step 4.
    if e.path.starts_with('/') {
        return e.recombine_with_host();
    }
    // Step 5.
    if e.path.is_empty() {
        e.path = b.path;
        if e.params.is_empty() {
            e.params = b.params;
            if e.query.is_empty() {
                e.query = b.query;
            }
        }
        return e.recombine_with_host();
    }
    // Step 6.
    let dir = b.path.rfind('/').map_or("", |i| &b.path[..=i]);
    e.path = remove_dot_segments(&format!("{dir}{}", e.path));
    e.recombine_with_host()
}

/// Step 6 a–d on a merged path: removes every `./` whose `.` is a complete segment, a final
/// complete `.`, then repeatedly the leftmost `<segment>/../`, then a final `<segment>/..`,
/// where `<segment>` is a complete, non-empty segment other than `..`.
///
/// ```
/// use weburl::legacy::rfc1808::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/b/c/./../g"), "/b/g");
/// assert_eq!(remove_dot_segments("/b/c/../../../../g"), "/../../g");
/// assert_eq!(remove_dot_segments("/b/c/.."), "/b/");
/// ```
#[must_use]
pub fn remove_dot_segments(path: &str) -> String {
    let b = path.as_bytes();
    // (a)
    let mut s = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if (i == 0 || b[i - 1] == b'/') && b[i..].starts_with(b"./") {
            i += 2;
        } else {
            s.push(b[i]);
            i += 1;
        }
    }
    let mut s = String::from_utf8(s).unwrap_or_default();
    // (b)
    if s == "." {
        s.clear();
    } else if s.ends_with("/.") {
        s.pop();
    }
    // (c)
    let cancels = |seg: &str| !seg.is_empty() && seg != "..";
    'outer: loop {
        let mut start = 0;
        while let Some(len) = s[start..].find('/') {
            let end = start + len;
            if cancels(&s[start..end]) && s[end..].starts_with("/../") {
                s.replace_range(start..end + 4, "");
                continue 'outer;
            }
            start = end + 1;
        }
        break;
    }
    // (d)
    if let Some(prefix) = s.strip_suffix("/..") {
        let seg_start = prefix.rfind('/').map_or(0, |i| i + 1);
        if cancels(&prefix[seg_start..]) {
            s.truncate(seg_start);
        }
    }
    s
}

/// What is known about a document's base URL, by RFC 1808 §3 (the draft's §3.1–3.4), highest
/// precedence first.
///
/// ```
/// use weburl::legacy::rfc1808::{establish_base, BaseSources};
/// let sources = BaseSources {
///     header: Some("http://h.example/y".into()),
///     retrieval: vec!["http://r.example/old".into(), "http://r.example/new".into()],
///     ..Default::default()
/// };
/// assert_eq!(establish_base(&sources), "http://h.example/y");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BaseSources {
    /// A base URL embedded in the content (HTML `<BASE href>`).
    pub embedded: Option<String>,
    /// The URL of a `Base:` message header (see [`parse_base_header`]).
    pub header: Option<String>,
    /// The URLs used to retrieve the document, in order (redirects included): the last one
    /// counts.
    pub retrieval: Vec<String>,
    /// For a body part of a MIME composite entity: the composite's own base URL (itself
    /// established by [`establish_base`]), the part's retrieval context.
    pub composite_base: Option<String>,
}

/// The base URL by precedence: the embedded one, else the `Base:` header's, else the last
/// retrieval URL, else the enclosing composite entity's base, else `""` (none: every embedded
/// URL is then taken as absolute).
///
/// ```
/// use weburl::legacy::rfc1808::{establish_base, BaseSources};
/// assert_eq!(establish_base(&BaseSources::default()), "");
/// let part = BaseSources { composite_base: Some("http://m.example/multi/".into()), ..Default::default() };
/// assert_eq!(establish_base(&part), "http://m.example/multi/");
/// ```
#[must_use]
pub fn establish_base(sources: &BaseSources) -> String {
    sources
        .embedded
        .as_ref()
        .or(sources.header.as_ref())
        .or(sources.retrieval.last())
        .or(sources.composite_base.as_ref())
        .cloned()
        .unwrap_or_default()
}

/// Reads a `Base:` header line, `"Base" ":" "<URL:" absoluteURL ">"`: the name and the
/// `URL:` label are case-insensitive, whitespace (line folding included) inside the angle
/// brackets is ignored, and the URL must have a scheme. Anything else, a bare URL included, is
/// [`LegacyError::BaseHeader`].
///
/// ```
/// use weburl::legacy::{rfc1808::parse_base_header, LegacyError};
/// assert_eq!(parse_base_header("Base: <URL:http://a.example/b\r\n\t/c>").unwrap(), "http://a.example/b/c");
/// assert_eq!(parse_base_header("Base: http://a.example/b"), Err(LegacyError::BaseHeader));
/// ```
pub fn parse_base_header(line: &str) -> Result<String, LegacyError> {
    let is_ws = |c: char| matches!(c, ' ' | '\t' | '\r' | '\n');
    let (name, value) = line.split_once(':').ok_or(LegacyError::BaseHeader)?;
    if !name.trim_end_matches(is_ws).eq_ignore_ascii_case("Base") {
        return Err(LegacyError::BaseHeader);
    }
    let value = value.trim_matches(is_ws);
    let inner = value
        .strip_prefix('<')
        .and_then(|v| v.strip_suffix('>'))
        .filter(|v| !v.contains(['<', '>']))
        .ok_or(LegacyError::BaseHeader)?;
    let inner: String = inner.chars().filter(|&c| !is_ws(c)).collect();
    let url = match inner.get(..4) {
        Some(label) if label.eq_ignore_ascii_case("URL:") => &inner[4..],
        _ => return Err(LegacyError::BaseHeader),
    };
    if UrlParts::parse(url).scheme.is_none() {
        return Err(LegacyError::BaseHeader);
    }
    Ok(url.to_owned())
}
