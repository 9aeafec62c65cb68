//! RFC 3986 (2005), *Uniform Resource Identifier (URI): Generic Syntax*: strict parsing against
//! the `URI-reference` grammar, reference resolution (§5.2, with `remove_dot_segments`),
//! normalization (§6.2.2 syntax-based, §6.2.3 scheme-based) and recomposition (§5.3).
//!
//! Parsing is strict: a string that does not match `URI-reference` is an error that carries
//! the byte position where matching failed. Nothing is percent-encoded or cleaned up: spaces,
//! non-ASCII characters, a lone `%` or a second `#` are errors.
//!
//! ```
//! use weburl::legacy::rfc3986;
//! let base = "http://a/b/c/d;p?q";
//! assert_eq!(rfc3986::resolve("../g", Some(base)).unwrap(), "http://a/b/g");
//! assert_eq!(rfc3986::resolve("http:g", Some(base)).unwrap(), "http:g");
//! assert_eq!(rfc3986::resolve_non_strict("http:g", Some(base)).unwrap(), "http://a/b/c/g");
//! assert_eq!(rfc3986::normalize("HTTP://Example.COM:80/%7efoo/./bar").unwrap(), "http://example.com/~foo/bar");
//! let err = rfc3986::parse("http://a b/").unwrap_err();
//! assert_eq!(err.position(), Some(8));
//! ```

use std::fmt;
use std::ops::Range;

use super::LegacyError;
use super::common::{
    Spans, default_port, find_any, is_ipv_future, is_ipv6_address, is_pchar, is_pct_encoded_at,
    is_sub_delim, is_unreserved, port_is_default, push_pct, scheme_len, split_authority,
};

/// A URI reference split into its five components (RFC 3986 §3). `None` means the component
/// is undefined, which differs from an empty string (`"http://a/?"` has an empty query,
/// `"http://a/"` has none).
///
/// ```
/// use weburl::legacy::rfc3986::UriReference;
/// let uri = UriReference::parse("foo://user@example.com:8042/over/there?name=ferret#nose").unwrap();
/// assert_eq!(uri.scheme.as_deref(), Some("foo"));
/// assert_eq!(uri.authority.as_deref(), Some("user@example.com:8042"));
/// assert_eq!(uri.host(), Some("example.com"));
/// assert_eq!(uri.port(), Some("8042"));
/// assert_eq!(uri.path, "/over/there");
/// assert_eq!(uri.query.as_deref(), Some("name=ferret"));
/// assert_eq!(uri.fragment.as_deref(), Some("nose"));
/// assert_eq!(uri.to_string(), "foo://user@example.com:8042/over/there?name=ferret#nose");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UriReference {
    /// The scheme, without its `:`.
    pub scheme: Option<String>,
    /// The authority (`[ userinfo "@" ] host [ ":" port ]`), without the leading `//`.
    pub authority: Option<String>,
    /// The path (always defined, possibly empty).
    pub path: String,
    /// The query, without its `?`.
    pub query: Option<String>,
    /// The fragment, without its `#`.
    pub fragment: Option<String>,
}

impl UriReference {
    /// Parses `input` strictly against RFC 3986 `URI-reference`.
    ///
    /// ```
    /// use weburl::legacy::rfc3986::UriReference;
    /// assert!(UriReference::parse("//g?y#s").is_ok());
    /// assert_eq!(UriReference::parse("1a:b").unwrap_err().position(), Some(2));
    /// ```
    pub fn parse(input: &str) -> Result<UriReference, LegacyError> {
        let spans =
            parse_spans(input, false).map_err(|position| LegacyError::Syntax { position })?;
        Ok(UriReference::from_spans(input, &spans))
    }

    /// Splits any string into the five components with the regular expression of RFC 3986
    /// Appendix B, which never fails (and does not check the grammar).
    ///
    /// ```
    /// use weburl::legacy::rfc3986::UriReference;
    /// let uri = UriReference::split("a b://h/p q?r#s#t");
    /// assert_eq!(uri.scheme.as_deref(), Some("a b"));
    /// assert_eq!(uri.fragment.as_deref(), Some("s#t"));
    /// ```
    #[must_use]
    pub fn split(input: &str) -> UriReference {
        let mut pos = 0;
        let first_delim = find_any(input, 0, b":/?#");
        let scheme = if first_delim > 0 && input.as_bytes().get(first_delim) == Some(&b':') {
            pos = first_delim + 1;
            Some(input[..first_delim].to_owned())
        } else {
            None
        };
        let authority = if input[pos..].starts_with("//") {
            let end = find_any(input, pos + 2, b"/?#");
            let a = input[pos + 2..end].to_owned();
            pos = end;
            Some(a)
        } else {
            None
        };
        let path_end = find_any(input, pos, b"?#");
        let path = input[pos..path_end].to_owned();
        pos = path_end;
        let query = if input[pos..].starts_with('?') {
            let end = find_any(input, pos, b"#");
            let q = input[pos + 1..end].to_owned();
            pos = end;
            Some(q)
        } else {
            None
        };
        let fragment = input[pos..].strip_prefix('#').map(str::to_owned);
        UriReference {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }

    pub(crate) fn from_spans(s: &str, spans: &Spans) -> UriReference {
        let get = |r: &Option<Range<usize>>| r.as_ref().map(|r| s[r.clone()].to_owned());
        UriReference {
            scheme: get(&spans.scheme),
            authority: get(&spans.authority),
            path: s[spans.path.clone()].to_owned(),
            query: get(&spans.query),
            fragment: get(&spans.fragment),
        }
    }

    /// The userinfo part of the authority (before the last `@`), if any.
    ///
    /// ```
    /// let uri = weburl::legacy::rfc3986::UriReference::parse("ftp://u:p@h/").unwrap();
    /// assert_eq!(uri.userinfo(), Some("u:p"));
    /// ```
    #[must_use]
    pub fn userinfo(&self) -> Option<&str> {
        self.authority.as_deref().and_then(|a| split_authority(a).0)
    }

    /// The host part of the authority (an IP-literal keeps its brackets), if there is an
    /// authority.
    ///
    /// ```
    /// let uri = weburl::legacy::rfc3986::UriReference::parse("http://[::1]:8/").unwrap();
    /// assert_eq!(uri.host(), Some("[::1]"));
    /// ```
    #[must_use]
    pub fn host(&self) -> Option<&str> {
        self.authority.as_deref().map(|a| split_authority(a).1)
    }

    /// The port part of the authority (after the host's `:`, possibly empty), if any.
    ///
    /// ```
    /// let uri = weburl::legacy::rfc3986::UriReference::parse("http://h:/").unwrap();
    /// assert_eq!(uri.port(), Some(""));
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<&str> {
        self.authority.as_deref().and_then(|a| split_authority(a).2)
    }

    /// Recomposes the components (RFC 3986 §5.3); the same as `to_string()`.
    ///
    /// ```
    /// use weburl::legacy::rfc3986::UriReference;
    /// let uri = UriReference { scheme: Some("g".into()), path: "h".into(), ..Default::default() };
    /// assert_eq!(uri.recompose(), "g:h");
    /// ```
    #[must_use]
    pub fn recompose(&self) -> String {
        self.recompose_with_host().0
    }

    /// The recomposition and the byte range of the host in it.
    pub(crate) fn recompose_with_host(&self) -> (String, Option<Range<usize>>) {
        let mut out = String::new();
        let mut host = None;
        if let Some(s) = &self.scheme {
            out.push_str(s);
            out.push(':');
        }
        if let Some(a) = &self.authority {
            out.push_str("//");
            let (userinfo, h, _) = split_authority(a);
            let start = out.len() + userinfo.map_or(0, |u| u.len() + 1);
            host = Some(start..start + h.len());
            out.push_str(a);
        }
        out.push_str(&self.path);
        if let Some(q) = &self.query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = &self.fragment {
            out.push('#');
            out.push_str(f);
        }
        (out, host)
    }

    /// Resolves this reference against `base` with the strict transform of RFC 3986 §5.2.2
    /// (`base` should have a scheme; its fragment is ignored).
    ///
    /// ```
    /// use weburl::legacy::rfc3986::UriReference;
    /// let base = UriReference::parse("http://a/b/c/d;p?q").unwrap();
    /// let r = UriReference::parse("../../g").unwrap();
    /// assert_eq!(r.resolve_against(&base).to_string(), "http://a/g");
    /// ```
    #[must_use]
    pub fn resolve_against(&self, base: &UriReference) -> UriReference {
        transform(self, base, true)
    }
}

impl fmt::Display for UriReference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.recompose())
    }
}

/// Parses `input` strictly against RFC 3986 `URI-reference`; an error carries the byte position
/// of the first character that cannot be matched.
///
/// ```
/// use weburl::legacy::{rfc3986, LegacyError};
/// assert_eq!(rfc3986::parse("http://a/b?c").unwrap().query.as_deref(), Some("c"));
/// assert_eq!(rfc3986::parse("http://a/#x#y"), Err(LegacyError::Syntax { position: 11 }));
/// ```
pub fn parse(input: &str) -> Result<UriReference, LegacyError> {
    UriReference::parse(input)
}

/// Resolves `reference` against `base` (RFC 3986 §5.2, strict): both are parsed strictly, the
/// base must have a scheme, and the result is recomposed (§5.3). Without a base, `reference`
/// must itself have a scheme (its dot segments are still removed).
///
/// ```
/// use weburl::legacy::{rfc3986, LegacyError};
/// assert_eq!(rfc3986::resolve("g;x=1/../y", Some("http://a/b/c/d;p?q")).unwrap(), "http://a/b/c/y");
/// assert_eq!(rfc3986::resolve("g", None), Err(LegacyError::NoBase));
/// ```
pub fn resolve(reference: &str, base: Option<&str>) -> Result<String, LegacyError> {
    resolve_full(reference, base, true).map(|(href, _)| href)
}

/// Like [`resolve`], with the non-strict transform that RFC 3986 §5.2.2 allows for backward
/// compatibility: a reference whose scheme equals the base's is treated as if it had none.
///
/// ```
/// use weburl::legacy::rfc3986;
/// assert_eq!(rfc3986::resolve_non_strict("http:g", Some("http://a/b/c/d;p?q")).unwrap(), "http://a/b/c/g");
/// ```
pub fn resolve_non_strict(reference: &str, base: Option<&str>) -> Result<String, LegacyError> {
    resolve_full(reference, base, false).map(|(href, _)| href)
}

/// [`resolve`] or [`resolve_non_strict`], with the host's range in the result.
pub(crate) fn resolve_full(
    reference: &str,
    base: Option<&str>,
    strict: bool,
) -> Result<(String, Option<Range<usize>>), LegacyError> {
    let r = UriReference::parse(reference)?;
    let base = match base {
        Some(b) => {
            let b = UriReference::parse(b).map_err(|_| LegacyError::InvalidBase)?;
            if b.scheme.is_none() {
                return Err(LegacyError::InvalidBase);
            }
            b
        }
        None if r.scheme.is_some() => UriReference::default(),
        None => return Err(LegacyError::NoBase),
    };
    Ok(transform(&r, &base, strict).recompose_with_host())
}

/// RFC 3986 §5.2.2, the transform of references.
pub(crate) fn transform(r: &UriReference, base: &UriReference, strict: bool) -> UriReference {
    let r_scheme = match &r.scheme {
        Some(s)
            if !strict
                && base
                    .scheme
                    .as_deref()
                    .is_some_and(|b| b.eq_ignore_ascii_case(s)) =>
        {
            None
        }
        other => other.clone(),
    };
    let mut t = UriReference {
        fragment: r.fragment.clone(),
        ..UriReference::default()
    };
    if r_scheme.is_some() {
        t.scheme = r_scheme;
        t.authority = r.authority.clone();
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
        return t;
    }
    if r.authority.is_some() {
        t.authority = r.authority.clone();
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
    } else {
        if r.path.is_empty() {
            t.path = base.path.clone();
            t.query = r.query.clone().or_else(|| base.query.clone());
        } else {
            if r.path.starts_with('/') {
                t.path = remove_dot_segments(&r.path);
            } else {
                t.path = remove_dot_segments(&merge(base, &r.path));
            }
            t.query = r.query.clone();
        }
        t.authority = base.authority.clone();
    }
    t.scheme = base.scheme.clone();
    t
}

/// RFC 3986 §5.2.3.
fn merge(base: &UriReference, path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{path}");
    }
    match base.path.rfind('/') {
        Some(i) => format!("{}{path}", &base.path[..=i]),
        None => path.to_owned(),
    }
}

/// RFC 3986 §5.2.4 `remove_dot_segments`: removes `.` and `..` segments from a path, as the
/// RFC's step-by-step buffer algorithm does (so `a/../b` becomes `/b`, and a `..` above the
/// root is dropped).
///
/// ```
/// use weburl::legacy::rfc3986::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("a/../b"), "/b");
/// ```
#[must_use]
pub fn remove_dot_segments(path: &str) -> String {
    fn pop_last(output: &mut String) {
        match output.rfind('/') {
            Some(i) => output.truncate(i),
            None => output.clear(),
        }
    }
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            input = rest;
        } else if input.starts_with("/./") {
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") {
            input = &input[3..];
            pop_last(&mut output);
        } else if input == "/.." {
            input = "/";
            pop_last(&mut output);
        } else if input == "." || input == ".." {
            input = "";
        } else {
            let skip = usize::from(input.starts_with('/'));
            let end = input[skip..].find('/').map_or(input.len(), |i| i + skip);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// Syntax-based normalization (RFC 3986 §6.2.2) of a strictly parsed reference: the scheme
/// and host in lower case, the hex digits of every percent-encoding in upper case, the
/// percent-encodings of unreserved characters decoded, and dot segments removed from the path
/// (only where that cannot change what the reference means: when it has a scheme or an
/// authority, or its path starts with `/`).
///
/// ```
/// use weburl::legacy::rfc3986::normalize_syntax;
/// assert_eq!(normalize_syntax("HTTP://www.EXAMPLE.com/%7Ea%2fb/../c").unwrap(), "http://www.example.com/c");
/// assert_eq!(normalize_syntax("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap(), "example://a/b/c/%7Bfoo%7D");
/// // Port normalization is scheme-based, so §6.2.2 keeps it:
/// assert_eq!(normalize_syntax("http://a:80").unwrap(), "http://a:80");
/// ```
pub fn normalize_syntax(input: &str) -> Result<String, LegacyError> {
    Ok(normalize_reference(UriReference::parse(input)?).recompose())
}

/// Syntax-based (§6.2.2, see [`normalize_syntax`]) and then scheme-based (§6.2.3)
/// normalization. The scheme-based part knows the default ports of `http` (80), `https` (443),
/// `ws` (80), `wss` (443), `ftp` (21) and `gopher` (70), and removes an empty port or one equal
/// to the default; for `http`, `https`, `ws` and `wss` an empty path with an authority becomes
/// `/`. Empty queries and fragments keep their delimiters (§6.2.3 allows removing them only when
/// a scheme says so).
///
/// ```
/// use weburl::legacy::rfc3986::normalize;
/// assert_eq!(normalize("http://example.com").unwrap(), "http://example.com/");
/// assert_eq!(normalize("HTTP://example.com:/?").unwrap(), "http://example.com/?");
/// assert_eq!(normalize("https://example.com:443/a").unwrap(), "https://example.com/a");
/// assert_eq!(normalize("foo://example.com:443").unwrap(), "foo://example.com:443");
/// ```
pub fn normalize(input: &str) -> Result<String, LegacyError> {
    let mut uri = normalize_reference(UriReference::parse(input)?);
    if let (Some(scheme), Some(authority)) = (uri.scheme.clone(), uri.authority.clone()) {
        let (userinfo, host, port) = split_authority(&authority);
        if let (Some(port), Some(default)) = (port, default_port(&scheme))
            && port_is_default(port, default)
        {
            let mut a = String::new();
            if let Some(u) = userinfo {
                a.push_str(u);
                a.push('@');
            }
            a.push_str(host);
            uri.authority = Some(a);
        }
        if uri.path.is_empty() && matches!(scheme.as_str(), "http" | "https" | "ws" | "wss") {
            uri.path.push('/');
        }
    }
    Ok(uri.recompose())
}

fn normalize_reference(mut uri: UriReference) -> UriReference {
    uri.scheme = uri.scheme.map(|s| s.to_ascii_lowercase());
    if let Some(a) = uri.authority.take() {
        let (userinfo, host, port) = split_authority(&a);
        let mut out = String::new();
        if let Some(u) = userinfo {
            out.push_str(&normalize_percent(u));
            out.push('@');
        }
        out.push_str(&normalize_percent(&host.to_ascii_lowercase()));
        if let Some(p) = port {
            out.push(':');
            out.push_str(p);
        }
        uri.authority = Some(out);
    }
    uri.path = normalize_percent(&uri.path);
    if uri.scheme.is_some() || uri.authority.is_some() || uri.path.starts_with('/') {
        uri.path = remove_dot_segments(&uri.path);
    }
    uri.query = uri.query.map(|q| normalize_percent(&q));
    uri.fragment = uri.fragment.map(|f| normalize_percent(&f));
    uri
}

/// Upper-cases the hex digits of every percent-encoding and decodes those of unreserved
/// characters.
fn normalize_percent(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if is_pct_encoded_at(b, i) {
            let byte = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap_or(0);
            if is_unreserved(byte) {
                out.push(byte as char);
            } else {
                push_pct(&mut out, byte);
            }
            i += 3;
        } else {
            let c = s[i..].chars().next().unwrap_or_default();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Which component's characters a scan checks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Comp {
    Userinfo,
    RegName,
    Path,
    Query,
    Fragment,
}

/// RFC 3987 `ucschar`.
fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || ((0x10000..0xE0000).contains(&c) && (c & 0xFFFF) <= 0xFFFD)
        || (0xE1000..=0xEFFFD).contains(&c)
}

/// RFC 3987 `iprivate`.
fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

fn allowed(c: char, comp: Comp, iri: bool) -> bool {
    if c.is_ascii() {
        let b = c as u8;
        return match comp {
            Comp::Userinfo => is_unreserved(b) || is_sub_delim(b) || b == b':',
            Comp::RegName => is_unreserved(b) || is_sub_delim(b),
            Comp::Path => is_pchar(b) || b == b'/',
            Comp::Query | Comp::Fragment => is_pchar(b) || b == b'/' || b == b'?',
        };
    }
    iri && (is_ucschar(c) || (comp == Comp::Query && is_iprivate(c)))
}

/// Checks that `s[range]` consists of `comp`'s characters and well-formed percent-encodings.
fn scan(s: &str, range: Range<usize>, comp: Comp, iri: bool) -> Result<(), usize> {
    let b = s.as_bytes();
    for (i, c) in s[range.clone()].char_indices() {
        let at = range.start + i;
        let ok = if c == '%' {
            is_pct_encoded_at(&b[..range.end], at)
        } else {
            allowed(c, comp, iri)
        };
        if !ok {
            return Err(at);
        }
    }
    Ok(())
}

/// Matches `s` against `URI-reference` (or RFC 3987 `IRI-reference` when `iri`), giving the
/// component ranges or the byte position of the first character that cannot be matched.
pub(crate) fn parse_spans(s: &str, iri: bool) -> Result<Spans, usize> {
    let b = s.as_bytes();
    let mut spans = Spans::default();
    let mut pos = 0;
    if let Some(len) = scheme_len(s) {
        spans.scheme = Some(0..len);
        pos = len + 1;
    }
    if s[pos..].starts_with("//") {
        let start = pos + 2;
        let end = find_any(s, start, b"/?#");
        spans.authority = Some(start..end);
        let mut host_start = start;
        if let Some(at) = s[start..end].find('@') {
            scan(s, start..start + at, Comp::Userinfo, iri)?;
            spans.userinfo = Some(start..start + at);
            host_start = start + at + 1;
        }
        let host_end;
        if b.get(host_start) == Some(&b'[') {
            let close = s[host_start..end]
                .find(']')
                .map(|i| host_start + i)
                .ok_or(end)?;
            let inner = &s[host_start + 1..close];
            let unreserved = |c: char| c.is_ascii() && is_unreserved(c as u8);
            if !is_ipv6_address(inner) && !is_ipv_future(inner, unreserved) {
                return Err(host_start + 1);
            }
            host_end = close + 1;
            if host_end < end && b[host_end] != b':' {
                return Err(host_end);
            }
        } else {
            host_end = find_any(&s[..end], host_start, b":");
            scan(s, host_start..host_end, Comp::RegName, iri)?;
        }
        spans.host = Some(host_start..host_end);
        if host_end < end {
            let port_start = host_end + 1;
            if let Some(i) = b[port_start..end].iter().position(|c| !c.is_ascii_digit()) {
                return Err(port_start + i);
            }
            spans.port = Some(port_start..end);
        }
        pos = end;
    }
    let path_end = find_any(s, pos, b"?#");
    scan(s, pos..path_end, Comp::Path, iri)?;
    if spans.scheme.is_none() && spans.authority.is_none() {
        // path-noscheme: the first segment of a relative path cannot contain ":".
        let seg_end = find_any(&s[..path_end], pos, b"/");
        if let Some(i) = s[pos..seg_end].find(':') {
            return Err(pos + i);
        }
    }
    spans.path = pos..path_end;
    pos = path_end;
    if b.get(pos) == Some(&b'?') {
        let end = find_any(s, pos, b"#");
        scan(s, pos + 1..end, Comp::Query, iri)?;
        spans.query = Some(pos + 1..end);
        pos = end;
    }
    if b.get(pos) == Some(&b'#') {
        scan(s, pos + 1..s.len(), Comp::Fragment, iri)?;
        spans.fragment = Some(pos + 1..s.len());
    }
    Ok(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_positions() {
        let pos = |s: &str| parse(s).unwrap_err().position().unwrap();
        assert_eq!(pos("http://a@b@c/"), 10);
        assert_eq!(pos("http://h:8x/"), 10);
        assert_eq!(pos("http://[::1/"), 11);
        assert_eq!(pos("http://[foo]/"), 8);
        assert_eq!(pos("a b"), 1);
        assert_eq!(pos(":foo"), 0);
        assert_eq!(pos("http://a/%zz"), 9);
        assert_eq!(pos("http://a/é"), 9);
    }

    #[test]
    fn iri_grammar() {
        assert!(parse_spans("http://é.example/é?é#é", true).is_ok());
        assert!(parse_spans("http://a/\u{E000}", true).is_err());
        assert!(parse_spans("http://a/?\u{E000}", true).is_ok());
        assert!(parse_spans("http://a/é", false).is_err());
    }

    #[test]
    fn dot_segments() {
        assert_eq!(remove_dot_segments(""), "");
        assert_eq!(remove_dot_segments("/.."), "/");
        assert_eq!(remove_dot_segments("../a"), "a");
        assert_eq!(remove_dot_segments("/a/.."), "/");
        assert_eq!(remove_dot_segments("/a/b/."), "/a/b/");
    }
}
