//! The HTML5 W3C draft's "2.6 URLs" as of April 2011 (after SVN r6007): parsing by the
//! RFC 3986 grammar with four browser exceptions, resolution (host IDNA2003, path and query
//! escaping, RFC 3986 §5.2), the URL kinds (absolute, hierarchical, authority-based),
//! fragment-escape, the URL decomposition attributes, the document base URL, XML Base and the
//! URL character encoding.
//!
//! ```
//! use weburl::legacy::html5_2011;
//! let base = Some("http://example.org/dir/file");
//! assert_eq!(html5_2011::resolve("http://a/b c?d é#e f", base, None).unwrap(), "http://a/b%20c?d%20%C3%A9#e f");
//! assert_eq!(html5_2011::resolve("http://straße.de/", base, None).unwrap(), "http://strasse.de/");
//! assert_eq!(html5_2011::resolve("HTTP://EXAMPLE.COM:80", base, None).unwrap(), "HTTP://EXAMPLE.COM:80");
//! assert!(html5_2011::resolve("http://a_b.com/", base, None).is_err());
//! let windows_1252 = Some(encoding_rs::WINDOWS_1252);
//! assert_eq!(html5_2011::resolve("?x☺é", base, windows_1252).unwrap(), "http://example.org/dir/file?x?%E9");
//! ```
//!
//! See the [module documentation](super) for the readings this implementation chose where the
//! text is ambiguous.

use std::fmt;
use std::ops::Range;

use encoding_rs::{EncoderResult, Encoding};

use super::common::{
    Spans, default_port, escape_utf8, find_any, is_ipv_future, is_ipv6_address, is_pct_encoded_at,
    is_sub_delim, is_unreserved, percent_decode_utf8, port_is_default, push_pct, scheme_len,
    strip_html_spaces,
};
use super::document::{Document, EncodingSources, utf16_to_utf8};
use super::rfc3986::{self, UriReference};
use super::{LegacyError, idna2003};

/// The components of a URL as the HTML5 2011 (and 2009) parsers give them: substrings of the
/// input (after leading and trailing space characters are stripped), each `None` when it was
/// not matched, which differs from empty. There is no separate authority: [`hostport`] and
/// [`host_specific`] are derived.
///
/// [`hostport`]: Components::hostport
/// [`host_specific`]: Components::host_specific
///
/// ```
/// use weburl::legacy::html5_2011;
/// let c = html5_2011::parse("http://user:pw@example.com:8080/a/b?c#d").unwrap();
/// assert_eq!(c.scheme.as_deref(), Some("http"));
/// assert_eq!(c.userinfo.as_deref(), Some("user:pw"));
/// assert_eq!(c.host.as_deref(), Some("example.com"));
/// assert_eq!(c.port.as_deref(), Some("8080"));
/// assert_eq!(c.hostport().as_deref(), Some("example.com:8080"));
/// assert_eq!(c.path, "/a/b");
/// assert_eq!(c.host_specific(), "/a/b?c#d");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Components {
    /// `<scheme>`, without its `:`.
    pub scheme: Option<String>,
    /// The userinfo of the authority, without its `@` (not a component of the seed text, but
    /// needed to rebuild the URL).
    pub userinfo: Option<String>,
    /// `<host>`: present exactly when there is an authority (possibly empty).
    pub host: Option<String>,
    /// `<port>`, without its `:` (possibly empty).
    pub port: Option<String>,
    /// `<path>`: whichever path production matched, possibly empty.
    pub path: String,
    /// `<query>`, without its `?`.
    pub query: Option<String>,
    /// `<fragment>`, without its `#`.
    pub fragment: Option<String>,
}

impl Components {
    pub(crate) fn from_spans(s: &str, spans: &Spans) -> Components {
        let get = |r: &Option<Range<usize>>| r.as_ref().map(|r| s[r.clone()].to_owned());
        Components {
            scheme: get(&spans.scheme),
            userinfo: get(&spans.userinfo),
            host: get(&spans.host),
            port: get(&spans.port),
            path: s[spans.path.clone()].to_owned(),
            query: get(&spans.query),
            fragment: get(&spans.fragment),
        }
    }

    /// Whether there is an authority (`//` after the scheme, or at the start).
    ///
    /// ```
    /// assert!(weburl::legacy::html5_2011::parse("//h").unwrap().has_authority());
    /// assert!(!weburl::legacy::html5_2011::parse("/p").unwrap().has_authority());
    /// ```
    #[must_use]
    pub fn has_authority(&self) -> bool {
        self.host.is_some()
    }

    /// `<hostport>`: `host ":" port` when there is a scheme and a port whose number differs
    /// from the scheme's default port, else `<host>`. Ports are compared as numbers (`0080` is
    /// 80), an empty port counts as the default, and a scheme without a known default port
    /// (anything but http, https, ftp, gopher, ws, wss) keeps every non-empty port.
    ///
    /// ```
    /// use weburl::legacy::html5_2011::parse;
    /// assert_eq!(parse("http://h:0080/").unwrap().hostport().as_deref(), Some("h"));
    /// assert_eq!(parse("https://h:80/").unwrap().hostport().as_deref(), Some("h:80"));
    /// assert_eq!(parse("foo://h:99/").unwrap().hostport().as_deref(), Some("h:99"));
    /// ```
    #[must_use]
    pub fn hostport(&self) -> Option<String> {
        let host = self.host.as_deref()?;
        Some(if self.hostport_has_port() {
            format!("{host}:{}", self.port.as_deref().unwrap_or_default())
        } else {
            host.to_owned()
        })
    }

    /// Whether `<hostport>` includes the port.
    fn hostport_has_port(&self) -> bool {
        match (&self.scheme, &self.port) {
            (Some(scheme), Some(port)) if !port.is_empty() => {
                default_port(scheme).is_none_or(|d| !port_is_default(port, d))
            }
            _ => false,
        }
    }

    /// `<host-specific>`: everything after the authority, or the whole (stripped) string,
    /// scheme included, when there is no authority.
    ///
    /// ```
    /// use weburl::legacy::html5_2011::parse;
    /// assert_eq!(parse("mailto:x@y").unwrap().host_specific(), "mailto:x@y");
    /// ```
    #[must_use]
    pub fn host_specific(&self) -> String {
        if self.has_authority() {
            let mut rest = self.clone();
            rest.scheme = None;
            rest.userinfo = None;
            rest.host = None;
            rest.port = None;
            rest.recompose()
        } else {
            self.recompose()
        }
    }

    /// The authority: `[ userinfo "@" ] host [ ":" port ]`.
    pub(crate) fn authority(&self) -> Option<String> {
        let host = self.host.as_deref()?;
        let mut a = String::new();
        if let Some(u) = &self.userinfo {
            a.push_str(u);
            a.push('@');
        }
        a.push_str(host);
        if let Some(p) = &self.port {
            a.push(':');
            a.push_str(p);
        }
        Some(a)
    }

    /// The components as an RFC 3986 reference.
    pub(crate) fn to_reference(&self) -> UriReference {
        UriReference {
            scheme: self.scheme.clone(),
            authority: self.authority(),
            path: self.path.clone(),
            query: self.query.clone(),
            fragment: self.fragment.clone(),
        }
    }

    /// Puts the components back together (the stripped input, for a parse result).
    ///
    /// ```
    /// let c = weburl::legacy::html5_2011::parse(" http://a/b?c ").unwrap();
    /// assert_eq!(c.recompose(), "http://a/b?c");
    /// ```
    #[must_use]
    pub fn recompose(&self) -> String {
        self.to_reference().recompose()
    }
}

/// Options for the readings of [`resolve_with_options`] that differ from the vectors'
/// `expected` (the default of each is the `expected` reading).
///
/// ```
/// use weburl::legacy::html5_2011::{resolve_with_options, Html5Options};
/// let mut options = Html5Options::default();
/// assert!(resolve_with_options("http://[::1]/a\\b", None, None, options).is_err());
/// options.ip_literal_hosts = true;
/// options.backslash_in_path_as_slash = true;
/// assert_eq!(resolve_with_options("http://[::1]/a\\b", None, None, options).unwrap(), "http://[::1]/a/b");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Html5Options {
    /// Apply IDNA only to host names, leaving an IP-literal host (`[::1]`, `[v1.x]`) as it is.
    /// The default, the literal reading of step 6, applies ToASCII to every `<host>`, which
    /// rejects every IP-literal.
    pub ip_literal_hosts: bool,
    /// Exempt `\` from the path escaping of step 7, so that step 12 turns it into `/` for the
    /// server-based schemes (the evident intent of the "legacy content" note). The default,
    /// the literal reading, escapes it as `%5C`.
    pub backslash_in_path_as_slash: bool,
}

/// The schemes "with a server-based naming authority", for which resolve step 12 turns every
/// `\` into `/`: `ftp`, `file`, `gopher`, `http`, `https`, `ws`, `wss` (compared
/// case-insensitively). The seed text does not list them.
///
/// ```
/// use weburl::legacy::html5_2011::has_server_based_authority;
/// assert!(has_server_based_authority("HTTP"));
/// assert!(has_server_based_authority("file"));
/// assert!(!has_server_based_authority("mailto"));
/// ```
#[must_use]
pub fn has_server_based_authority(scheme: &str) -> bool {
    const SCHEMES: [&str; 7] = ["ftp", "file", "gopher", "http", "https", "ws", "wss"];
    SCHEMES.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

/// The "unreserved" characters of the 2011 grammar: RFC 3986's, plus every code point up to
/// U+0020 or from U+007F, and `" < > [ \ ] ^ ` { | }`.
fn is_unreserved_2011(c: char) -> bool {
    c <= ' '
        || c >= '\u{7F}'
        || (c.is_ascii() && is_unreserved(c as u8))
        || matches!(
            c,
            '"' | '<' | '>' | '[' | '\\' | ']' | '^' | '`' | '{' | '|' | '}'
        )
}

/// Parses `input` (§2.6.2): strips space characters, then matches RFC 3986 `URI-reference`
/// with the four exceptions (more `unreserved` characters, a lone `%`, except in a
/// `reg-name`, and `#` in the fragment).
///
/// ```
/// use weburl::legacy::{html5_2011, LegacyError};
/// let c = html5_2011::parse("a#b#c").unwrap();
/// assert_eq!(c.fragment.as_deref(), Some("b#c"));
/// assert_eq!(html5_2011::parse("1a:b"), Err(LegacyError::Syntax { position: 2 }));
/// assert_eq!(html5_2011::parse("http://a%zb/"), Err(LegacyError::Syntax { position: 8 }));
/// ```
pub fn parse(input: &str) -> Result<Components, LegacyError> {
    let (spans, _) = parse_spans(input)?;
    Ok(Components::from_spans(input, &spans))
}

/// The component ranges (into `input`) and the end of the stripped input.
pub(crate) fn parse_spans(input: &str) -> Result<(Spans, usize), LegacyError> {
    let (offset, s) = strip_html_spaces(input);
    let spans = match_lenient(s).map_err(|p| LegacyError::Syntax {
        position: offset + p,
    })?;
    Ok((spans.shifted(offset), offset + s.len()))
}

/// The 2011 grammar's match of `s`, or the position of the first character it cannot match.
fn match_lenient(s: &str) -> Result<Spans, usize> {
    let b = s.as_bytes();
    let mut spans = Spans::default();
    let mut pos = 0;
    if let Some(len) = scheme_len(s) {
        spans.scheme = Some(0..len);
        pos = len + 1;
    } else {
        // A relative reference: the first segment of path-noscheme cannot contain ":".
        let seg_end = find_any(s, 0, b"/?#");
        if let Some(i) = s[..seg_end].find(':') {
            return Err(i);
        }
    }
    if s[pos..].starts_with("//") {
        let start = pos + 2;
        let end = find_any(s, start, b"/?#");
        spans.authority = Some(start..end);
        match_authority(s, start, end, &mut spans)?;
        pos = end;
    }
    let path_end = find_any(s, pos, b"?#");
    spans.path = pos..path_end;
    pos = path_end;
    if b.get(pos) == Some(&b'?') {
        let end = find_any(s, pos, b"#");
        spans.query = Some(pos + 1..end);
        pos = end;
    }
    if b.get(pos) == Some(&b'#') {
        spans.fragment = Some(pos + 1..s.len());
    }
    Ok(spans)
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` with the 2011 exceptions, alternatives in
/// RFC 3986 order (IP-literal first, then reg-name).
fn match_authority(s: &str, start: usize, end: usize, spans: &mut Spans) -> Result<(), usize> {
    let b = s.as_bytes();
    let mut host_start = start;
    if let Some(at) = s[start..end].find('@') {
        // Userinfo takes every character but "@" (and the delimiters that end the authority).
        spans.userinfo = Some(start..start + at);
        host_start = start + at + 1;
    }
    let hostport = &s[host_start..end];
    if let Some(at) = hostport.find('@') {
        return Err(host_start + at);
    }
    // IP-literal [ ":" port ]
    if hostport.starts_with('[')
        && let Some(close) = hostport.find(']')
    {
        let inner = &hostport[1..close];
        let after = &hostport[close + 1..];
        let port_ok = after.is_empty()
            || after
                .strip_prefix(':')
                .is_some_and(|p| p.bytes().all(|c| c.is_ascii_digit()));
        if (is_ipv6_address(inner) || is_ipv_future(inner, is_unreserved_2011)) && port_ok {
            let host_end = host_start + close + 1;
            spans.host = Some(host_start..host_end);
            if host_end < end {
                spans.port = Some(host_end + 1..end);
            }
            return Ok(());
        }
    }
    // reg-name [ ":" port ]: a "%" must start a percent-encoded octet.
    let host_end = find_any(&s[..end], host_start, b":");
    for i in host_start..host_end {
        if b[i] == b'%' && !is_pct_encoded_at(&b[..host_end], i) {
            return Err(i);
        }
    }
    spans.host = Some(host_start..host_end);
    if host_end < end {
        let port_start = host_end + 1;
        if let Some(i) = b[port_start..end].iter().position(|c| !c.is_ascii_digit()) {
            return Err(port_start + i);
        }
        spans.port = Some(port_start..end);
    }
    Ok(())
}

/// The characters of the original RFC 3986 `path` production, besides `%`:
/// `A-Z a-z 0-9 - . _ ~ ! $ & ' ( ) * + , ; = : @ /`.
fn is_path_char(c: char) -> bool {
    c.is_ascii() && {
        let b = c as u8;
        is_unreserved(b) || is_sub_delim(b) || matches!(b, b':' | b'@' | b'/')
    }
}

/// Resolves `input` against `base` (§2.6.3), with the query encoded in `encoding` (`None`:
/// UTF-8; UTF-16BE/LE become UTF-8). With `base` `None`, a relative `input` is
/// [`LegacyError::NoBase`].
///
/// ```
/// use weburl::legacy::html5_2011::resolve;
/// assert_eq!(resolve("foo:a/../b", None, None).unwrap(), "foo:/b");
/// assert_eq!(resolve("http:g", Some("http://a/b/c/d"), None).unwrap(), "http:g");
/// assert_eq!(resolve("http://a/#x\\y", None, None).unwrap(), "http://a/#x/y");
/// assert!(resolve("data://x/y", None, None).is_err());
/// ```
pub fn resolve(
    input: &str,
    base: Option<&str>,
    encoding: Option<&'static Encoding>,
) -> Result<String, LegacyError> {
    resolve_with_options(input, base, encoding, Html5Options::default())
}

/// [`resolve`] with the alternative readings chosen in `options`.
///
/// ```
/// use weburl::legacy::html5_2011::{resolve_with_options, Html5Options};
/// let mut options = Html5Options::default();
/// options.backslash_in_path_as_slash = true;
/// assert_eq!(resolve_with_options("\\\\server\\share", Some("http://example.org/dir/file"), None, options).unwrap(),
///            "http://example.org/dir///server/share");
/// ```
pub fn resolve_with_options(
    input: &str,
    base: Option<&str>,
    encoding: Option<&'static Encoding>,
    options: Html5Options,
) -> Result<String, LegacyError> {
    resolve_full(input, base, encoding, options).map(|(href, _)| href)
}

/// [`resolve_with_options`], with the host's range in the result.
pub(crate) fn resolve_full(
    input: &str,
    base: Option<&str>,
    encoding: Option<&'static Encoding>,
    options: Html5Options,
) -> Result<(String, Option<Range<usize>>), LegacyError> {
    let components = parse(input)?;
    resolve_components(&components, base, encoding, options)
}

/// The URL string after resolve steps 5–8 (parse, host IDNA, path and query escaping), before
/// RFC 3986 §5.2.
///
/// ```
/// use weburl::legacy::html5_2011::resolve_through_step_8;
/// assert_eq!(resolve_through_step_8("//example.com/a^b☺c%FFd%z/?e", None).unwrap(),
///            "//example.com/a%5Eb%E2%98%BAc%FFd%z/?e");
/// ```
pub fn resolve_through_step_8(
    input: &str,
    encoding: Option<&'static Encoding>,
) -> Result<String, LegacyError> {
    let components = parse(input)?;
    Ok(escape(&components, encoding, Html5Options::default())?.recompose())
}

/// Steps 6–8 on parsed components: the host through IDNA2003, the path escaped in UTF-8, the
/// query in the URL character encoding.
fn escape(
    c: &Components,
    encoding: Option<&'static Encoding>,
    options: Html5Options,
) -> Result<UriReference, LegacyError> {
    let mut c = c.clone();
    if let Some(host) = &c.host {
        c.host = Some(convert_host(host, options)?);
    }
    let backslash = options.backslash_in_path_as_slash;
    c.path = escape_utf8(&c.path, |ch| {
        ch == '%' || is_path_char(ch) || (backslash && ch == '\\')
    });
    if let Some(query) = &c.query {
        let encoding = utf16_to_utf8(encoding.unwrap_or(encoding_rs::UTF_8));
        c.query = Some(escape_query(query, encoding));
    }
    Ok(c.to_reference())
}

/// Step 6: percent-decoding (as UTF-8), then IDNA2003 ToASCII.
fn convert_host(host: &str, options: Html5Options) -> Result<String, LegacyError> {
    if options.ip_literal_hosts
        && let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'))
        && (is_ipv6_address(inner) || is_ipv_future(inner, is_unreserved_2011))
    {
        return Ok(host.to_owned());
    }
    let decoded = percent_decode_utf8(host).ok_or(LegacyError::HostNotUtf8)?;
    idna2003::domain_to_ascii(&decoded).map_err(LegacyError::Idna)
}

/// Step 8: a character outside the `query` production (other than `%`) becomes the
/// percent-encoded bytes of its encoding in `encoding`, or `?` when the encoding cannot
/// represent it.
fn escape_query(query: &str, encoding: &'static Encoding) -> String {
    let mut out = String::with_capacity(query.len());
    let mut utf8 = [0u8; 4];
    let mut bytes = [0u8; 32];
    for c in query.chars() {
        if c == '%' || c == '?' || is_path_char(c) {
            out.push(c);
            continue;
        }
        let mut encoder = encoding.new_encoder();
        let (result, _, written) = encoder.encode_from_utf8_without_replacement(
            c.encode_utf8(&mut utf8),
            &mut bytes,
            true,
        );
        match result {
            EncoderResult::InputEmpty => {
                for &b in &bytes[..written] {
                    push_pct(&mut out, b);
                }
            }
            EncoderResult::Unmappable(_) | EncoderResult::OutputFull => out.push('?'),
        }
    }
    out
}

/// Steps 4 and 6–13 on parsed components (shared with the 2009 draft).
pub(crate) fn resolve_components(
    c: &Components,
    base: Option<&str>,
    encoding: Option<&'static Encoding>,
    options: Html5Options,
) -> Result<(String, Option<Range<usize>>), LegacyError> {
    let r = escape(c, encoding, options)?;
    let base = if r.scheme.is_some() {
        UriReference::default()
    } else {
        let base = base.ok_or(LegacyError::NoBase)?;
        let base = parse(base).map_err(|_| LegacyError::InvalidBase)?;
        if base.scheme.is_none() {
            return Err(LegacyError::InvalidBase);
        }
        base.to_reference()
    };
    // Step 9: RFC 3986 §5.2, strict.
    let t = rfc3986::transform(&r, &base, true);
    // Step 10: scheme conformance; the only rule given is that data: has no authority.
    let scheme = t.scheme.as_deref().unwrap_or_default();
    if scheme.eq_ignore_ascii_case("data") && t.authority.is_some() {
        return Err(LegacyError::SchemeConformance);
    }
    let (mut href, host) = t.recompose_with_host();
    // Step 12: backslashes become slashes for server-based schemes.
    if has_server_based_authority(scheme) {
        href = href.replace('\\', "/");
    }
    Ok((href, host))
}

/// The kinds of URL of §2.6.1, from [`classify`].
///
/// ```
/// let kind = weburl::legacy::html5_2011::classify("foo:/a");
/// assert!(kind.absolute && kind.hierarchical && !kind.authority_based);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Classification {
    /// Resolving it gives the same result for every base, and does not fail.
    pub absolute: bool,
    /// It is absolute and its resolved form has `/` right after `scheme:`.
    pub hierarchical: bool,
    /// It is absolute and its resolved form has `//` right after `scheme:`.
    pub authority_based: bool,
}

/// Classifies `input` as absolute, hierarchical and authority-based. "Immediately after the
/// `<scheme>` component" is read as after `scheme:` (the character right after the scheme
/// is always `:`).
///
/// ```
/// use weburl::legacy::html5_2011::classify;
/// assert!(classify("http://a/b/../c").authority_based);
/// assert!(!classify("mailto:x@y").hierarchical);
/// assert!(!classify("/a").absolute);
/// assert!(!classify("http://a_b/").absolute);
/// ```
#[must_use]
pub fn classify(input: &str) -> Classification {
    let Ok(c) = parse(input) else {
        return Classification::default();
    };
    let Some(scheme) = &c.scheme else {
        return Classification::default();
    };
    let Ok(resolved) = resolve(input, None, None) else {
        return Classification::default();
    };
    let after = &resolved[scheme.len() + 1..];
    Classification {
        absolute: true,
        hierarchical: after.starts_with('/'),
        authority_based: after.starts_with("//"),
    }
}

/// Whether `input` is an absolute URL: it has a scheme and resolves (so it resolves the same
/// way against every base).
///
/// ```
/// assert!(weburl::legacy::html5_2011::is_absolute("http://a/b c"));
/// assert!(!weburl::legacy::html5_2011::is_absolute("g"));
/// ```
#[must_use]
pub fn is_absolute(input: &str) -> bool {
    classify(input).absolute
}

/// Fragment-escape (§2.6.4): percent-encodes U+0000–U+0020 and
/// `" # % < > [ \ ] ^ { | }`, and copies everything else, `` ` ``, DEL and non-ASCII
/// characters included (the normative list, not the note that claims more).
///
/// ```
/// use weburl::legacy::html5_2011::fragment_escape;
/// assert_eq!(fragment_escape("a b#c%d"), "a%20b%23c%25d");
/// assert_eq!(fragment_escape("é`\u{7F}"), "é`\u{7F}");
/// ```
#[must_use]
pub fn fragment_escape(input: &str) -> String {
    escape_utf8(input, |c| {
        c > ' '
            && !matches!(
                c,
                '"' | '#' | '%' | '<' | '>' | '[' | '\\' | ']' | '^' | '{' | '|' | '}'
            )
    })
}

/// The URL decomposition attributes of §2.6.6.
///
/// ```
/// use weburl::legacy::html5_2011::Attribute;
/// assert_eq!(Attribute::from_name("hostname"), Some(Attribute::Hostname));
/// assert_eq!(Attribute::Search.name(), "search");
/// assert_eq!(Attribute::ALL.len(), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// `protocol`: the `<scheme>`, with a `:` suffix.
    Protocol,
    /// `host`: the `<hostport>`.
    Host,
    /// `hostname`: the `<host>`.
    Hostname,
    /// `port`: the `<port>`.
    Port,
    /// `pathname`: the `<path>`.
    Pathname,
    /// `search`: the `<query>`, with a `?` prefix.
    Search,
    /// `hash`: the `<fragment>`, with a `#` prefix.
    Hash,
}

impl Attribute {
    /// All seven, in the order of the seed's table.
    ///
    /// ```
    /// use weburl::legacy::html5_2011::{get, Attribute};
    /// let values: Vec<String> = Attribute::ALL.iter().map(|&a| get("foo:/a?b#c", a)).collect();
    /// assert_eq!(values, ["foo:", "", "", "", "/a", "?b", "#c"]);
    /// ```
    pub const ALL: [Attribute; 7] = [
        Attribute::Protocol,
        Attribute::Host,
        Attribute::Hostname,
        Attribute::Port,
        Attribute::Pathname,
        Attribute::Search,
        Attribute::Hash,
    ];

    /// The attribute's IDL name.
    ///
    /// ```
    /// assert_eq!(weburl::legacy::html5_2011::Attribute::Protocol.name(), "protocol");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Attribute::Protocol => "protocol",
            Attribute::Host => "host",
            Attribute::Hostname => "hostname",
            Attribute::Port => "port",
            Attribute::Pathname => "pathname",
            Attribute::Search => "search",
            Attribute::Hash => "hash",
        }
    }

    /// The attribute with this IDL name.
    ///
    /// ```
    /// assert_eq!(weburl::legacy::html5_2011::Attribute::from_name("href"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Attribute> {
        Attribute::ALL.into_iter().find(|a| a.name() == name)
    }
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The getter of a URL decomposition attribute: `""` unless `input` is an absolute URL that
/// meets the attribute's condition, else the component as written in `input` (not
/// re-serialized), with its prefix or suffix. An empty `<path>` reads as `/` (the seed's own
/// table prints `/` for `https://www.example.com:4443?`).
///
/// ```
/// use weburl::legacy::html5_2011::{get, Attribute};
/// assert_eq!(get("http://example.com:80/", Attribute::Port), "80");
/// assert_eq!(get("http://example.com:80/", Attribute::Host), "example.com");
/// assert_eq!(get("http://example.com/?", Attribute::Search), "?");
/// assert_eq!(get("http://example.com/#", Attribute::Hash), "");
/// assert_eq!(get("mailto:x@y?subject=hi", Attribute::Pathname), "");
/// assert_eq!(get("https://www.example.com:4443?", Attribute::Pathname), "/");
/// ```
#[must_use]
pub fn get(input: &str, attribute: Attribute) -> String {
    let kind = classify(input);
    let Ok(c) = parse(input) else {
        return String::new();
    };
    if !kind.absolute {
        return String::new();
    }
    let value = match attribute {
        Attribute::Protocol => c.scheme.map(|s| format!("{s}:")),
        Attribute::Host if kind.authority_based => c.hostport(),
        Attribute::Hostname if kind.authority_based => c.host,
        Attribute::Port if kind.authority_based => c.port,
        Attribute::Pathname if kind.hierarchical => Some(if c.path.is_empty() {
            "/".to_owned()
        } else {
            c.path
        }),
        Attribute::Search if kind.hierarchical => c.query.map(|q| format!("?{q}")),
        Attribute::Hash => c
            .fragment
            .filter(|f| !f.is_empty())
            .map(|f| format!("#{f}")),
        _ => None,
    };
    value.unwrap_or_default()
}

/// Percent-encodes the characters of `value` not valid in a component: ASCII bytes for which
/// `valid` is false, a `%` that does not start a percent-encoded octet, and every non-ASCII
/// character (UTF-8).
fn escape_setter_value(value: &str, valid: impl Fn(u8) -> bool) -> String {
    let b = value.as_bytes();
    let mut out = String::with_capacity(value.len());
    for (i, c) in value.char_indices() {
        let keep = if c == '%' {
            is_pct_encoded_at(b, i)
        } else {
            c.is_ascii() && valid(c as u8)
        };
        if keep {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for &byte in c.encode_utf8(&mut buf).as_bytes() {
                push_pct(&mut out, byte);
            }
        }
    }
    out
}

/// The setter of a URL decomposition attribute: the string handed to the interface's "common
/// setter action". The value is preprocessed, its characters that are not valid in the
/// component (by RFC 3986: so `#` and a lone `%` are escaped in `search` and `hash`) are
/// percent-encoded, and the component's substring of `input` is replaced (or inserted with its
/// delimiter) when `input` is an absolute URL and the setter's condition holds; otherwise the
/// result is `input`.
///
/// ```
/// use weburl::legacy::html5_2011::{set, Attribute};
/// assert_eq!(set("http://example.com:8080/p", Attribute::Host, "other.example"), "http://other.example/p");
/// assert_eq!(set("http://example.com/p", Attribute::Port, ""), "http://example.com:0/p");
/// assert_eq!(set("http://example.com/a#f", Attribute::Search, ""), "http://example.com/a?#f");
/// assert_eq!(set("http://example.com/a", Attribute::Hash, "##x"), "http://example.com/a#%23x");
/// assert_eq!(set("mailto:x@y", Attribute::Search, "z"), "mailto:x@y");
/// ```
#[must_use]
pub fn set(input: &str, attribute: Attribute, value: &str) -> String {
    let kind = classify(input);
    let Ok((spans, end)) = parse_spans(input) else {
        return input.to_owned();
    };
    if !kind.absolute {
        return input.to_owned();
    }
    let c = Components::from_spans(input, &spans);
    let query_char = |b: u8| is_unreserved(b) || is_sub_delim(b) || b":@/?".contains(&b);
    let host_char = |b: u8| is_unreserved(b) || is_sub_delim(b) || b":[]".contains(&b);
    // (range to replace, replacement)
    let edit: Option<(Range<usize>, String)> = match attribute {
        Attribute::Protocol => {
            let v = value.trim_end_matches(':');
            spans.scheme.clone().filter(|_| !v.is_empty()).map(|r| {
                let v = escape_setter_value(v, crate::lex::is_scheme_byte);
                (r, v)
            })
        }
        Attribute::Host if kind.authority_based && !value.is_empty() => {
            spans.host.clone().map(|h| {
                let end = match &spans.port {
                    Some(p) if c.hostport_has_port() => p.end,
                    _ => h.end,
                };
                (h.start..end, escape_setter_value(value, host_char))
            })
        }
        Attribute::Hostname if kind.authority_based => {
            let v = value.trim_start_matches('/');
            spans
                .host
                .clone()
                .filter(|_| !v.is_empty())
                .map(|h| (h, escape_setter_value(v, host_char)))
        }
        Attribute::Port if kind.authority_based => {
            let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
            let digits = digits.trim_start_matches('0');
            let v = if digits.is_empty() { "0" } else { digits };
            let in_range = v.len() <= 5 && v.parse::<u32>().is_ok_and(|n| n <= 65535);
            match (&spans.port, &spans.host) {
                _ if !in_range => None,
                (Some(p), _) => Some((p.clone(), v.to_owned())),
                (None, Some(h)) => Some((h.end..h.end, format!(":{v}"))),
                (None, None) => None,
            }
        }
        Attribute::Pathname if kind.hierarchical => {
            let v = if value.starts_with('/') {
                value.to_owned()
            } else {
                format!("/{value}")
            };
            let v = escape_setter_value(&v, |b| {
                is_unreserved(b) || is_sub_delim(b) || b":@/".contains(&b)
            });
            Some((spans.path.clone(), v))
        }
        Attribute::Search if kind.hierarchical => {
            let v = escape_setter_value(value.strip_prefix('?').unwrap_or(value), query_char);
            Some(match &spans.query {
                Some(q) => (q.clone(), v),
                None => (spans.path.end..spans.path.end, format!("?{v}")),
            })
        }
        Attribute::Hash => {
            let v = escape_setter_value(value.strip_prefix('#').unwrap_or(value), query_char);
            Some(match &spans.fragment {
                Some(f) => (f.clone(), v),
                None => (end..end, format!("#{v}")),
            })
        }
        _ => None,
    };
    match edit {
        Some((range, replacement)) => {
            let mut out = String::with_capacity(input.len() + replacement.len());
            out.push_str(&input[..range.start]);
            out.push_str(&replacement);
            out.push_str(&input[range.end..]);
            out
        }
        None => input.to_owned(),
    }
}

/// The fallback base URL of a document: its address; the creator document's base URL for
/// `about:blank` with a creator; the `iframe`'s document's base URL for a `srcdoc` document
/// (when `srcdoc_rule`).
pub(crate) fn fallback_base_url(doc: &Document, srcdoc_rule: bool) -> String {
    let mut fallback = doc.address.clone();
    if doc.address == "about:blank"
        && let Some(creator) = &doc.creator_base_url
    {
        fallback.clone_from(creator);
    }
    if srcdoc_rule && let Some(container) = &doc.srcdoc_container_base_url {
        fallback.clone_from(container);
    }
    fallback
}

/// The document base URL (§2.6.3 "document base URL"): the first `base` element in tree order
/// that has an `href` attribute, wherever it is, resolved against the fallback base URL
/// (ignoring xml:base); the fallback when there is none or it fails to resolve.
///
/// ```
/// use weburl::legacy::{html5_2011, BaseElement, Document};
/// let mut doc = Document::new("http://example.com/a/b.html");
/// doc.base_elements = vec![BaseElement::new(None), BaseElement::new(Some("x/")).in_parent("body")];
/// assert_eq!(html5_2011::document_base_url(&doc), "http://example.com/a/x/");
/// ```
#[must_use]
pub fn document_base_url(doc: &Document) -> String {
    let fallback = fallback_base_url(doc, true);
    match doc.base_elements.iter().find_map(|b| b.href.as_deref()) {
        Some(href) => resolve(href, Some(&fallback), doc.encoding).unwrap_or(fallback),
        None => fallback,
    }
}

/// Resolves `url` against an element's base URI (XML Base): each ancestor's `xml:base`
/// (outermost first) is resolved against its parent's base, starting from the document base
/// URL; an `xml:base` that fails to resolve is skipped.
///
/// ```
/// use weburl::legacy::html5_2011::resolve_against_element;
/// let doc_base = "http://example.com/a/b.html";
/// assert_eq!(resolve_against_element(doc_base, &["x/", "y/"], "z", None).unwrap(), "http://example.com/a/x/y/z");
/// ```
pub fn resolve_against_element(
    document_base_url: &str,
    xml_bases_outermost_first: &[&str],
    url: &str,
    encoding: Option<&'static Encoding>,
) -> Result<String, LegacyError> {
    let mut base = document_base_url.to_owned();
    for xml_base in xml_bases_outermost_first {
        if let Ok(b) = resolve(xml_base, Some(&base), encoding) {
            base = b;
        }
    }
    resolve(url, Some(&base), encoding)
}

/// The URL character encoding: the encoding defined when the URL was created, else the
/// script's URL character encoding when it came from a script, else the document's character
/// encoding (UTF-8 when none is known); a UTF-16 encoding becomes UTF-8.
///
/// ```
/// use weburl::legacy::{html5_2011, EncodingSources};
/// let from_node = EncodingSources { document: Some(encoding_rs::UTF_16BE), ..Default::default() };
/// assert_eq!(html5_2011::url_character_encoding(&from_node), encoding_rs::UTF_8);
/// ```
#[must_use]
pub fn url_character_encoding(sources: &EncodingSources) -> &'static Encoding {
    utf16_to_utf8(
        sources
            .defined
            .or(sources.script)
            .or(sources.document)
            .unwrap_or(encoding_rs::UTF_8),
    )
}

/// Whether `input` is a valid URL (the conditions of seed `000`): a valid URI reference, or a
/// valid IRI reference that has no query, or whose query has no non-ASCII character, or whose
/// document encoding is UTF-8 or UTF-16.
///
/// ```
/// use weburl::legacy::html5_2011::is_valid_url;
/// assert!(is_valid_url("http://example.com/é", encoding_rs::WINDOWS_1252));
/// assert!(!is_valid_url("http://example.com/?é", encoding_rs::WINDOWS_1252));
/// assert!(is_valid_url("http://example.com/?é", encoding_rs::UTF_8));
/// assert!(!is_valid_url("http://example.com/a b", encoding_rs::UTF_8));
/// ```
#[must_use]
pub fn is_valid_url(input: &str, document_encoding: &'static Encoding) -> bool {
    if rfc3986::parse_spans(input, false).is_ok() {
        return true;
    }
    let Ok(spans) = rfc3986::parse_spans(input, true) else {
        return false;
    };
    let unicode_document = document_encoding == encoding_rs::UTF_8
        || document_encoding == encoding_rs::UTF_16BE
        || document_encoding == encoding_rs::UTF_16LE;
    match spans.query {
        None => true,
        Some(q) => input[q].is_ascii() || unicode_document,
    }
}
