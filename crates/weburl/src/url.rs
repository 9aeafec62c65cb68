//! The URL record, kept as its serialization plus component offsets, and the URL API getters.
//!
//! <https://url.spec.whatwg.org/#url-representation>
//!
//! A [`Url`] holds one `String`, the output of the
//! [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer), and the byte offsets
//! of each component in it (an [`Offsets`] record), so [`Url::href`] is a borrow and every
//! getter is a slice of it.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::host::{Host, HostKind};
use crate::offsets::Offsets;
use crate::parser::{self, ParseError};

/// The scheme of a URL, as far as the parser cares: the special schemes and everything else.
///
/// <https://url.spec.whatwg.org/#special-scheme>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SchemeType {
    Http,
    Https,
    Ws,
    Wss,
    Ftp,
    File,
    NotSpecial,
}

impl SchemeType {
    /// Classifies a lowercase scheme.
    #[inline]
    pub(crate) fn from_scheme(scheme: &str) -> SchemeType {
        match scheme {
            "http" => SchemeType::Http,
            "https" => SchemeType::Https,
            "ws" => SchemeType::Ws,
            "wss" => SchemeType::Wss,
            "ftp" => SchemeType::Ftp,
            "file" => SchemeType::File,
            _ => SchemeType::NotSpecial,
        }
    }

    #[inline]
    pub(crate) fn is_special(self) -> bool {
        self != SchemeType::NotSpecial
    }

    /// The scheme's [default port](https://url.spec.whatwg.org/#default-port).
    #[inline]
    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::Ftp => Some(21),
            SchemeType::File | SchemeType::NotSpecial => None,
        }
    }
}

/// The default port of a scheme, or `None` (for `file` and non-special schemes).
///
/// ```
/// assert_eq!(weburl::default_port("https"), Some(443));
/// assert_eq!(weburl::default_port("ftp"), Some(21));
/// assert_eq!(weburl::default_port("file"), None);
/// assert_eq!(weburl::default_port("git"), None);
/// ```
#[must_use]
pub fn default_port(scheme: &str) -> Option<u16> {
    SchemeType::from_scheme(scheme).default_port()
}

/// A parsed URL: <https://url.spec.whatwg.org/#concept-url>.
///
/// Build one with [`Url::parse`], [`Url::parse_with_base`], [`Url::join`] or `str::parse`.
/// The getters are named and behave as the URL API's getters do; each is a slice of
/// [`Url::href`].
///
/// ```
/// use weburl::Url;
/// let url = Url::parse("HTTPS://EXAMPLE.com:443/a/./b/../c?q#f").unwrap();
/// assert_eq!(url.href(), "https://example.com/a/c?q#f");
/// assert_eq!(url.protocol(), "https:");
/// assert_eq!(url.host(), "example.com");
/// assert_eq!(url.port(), "");
/// assert_eq!(url.pathname(), "/a/c");
/// assert_eq!(url.search(), "?q");
/// assert_eq!(url.hash(), "#f");
/// ```
#[derive(Clone)]
pub struct Url {
    pub(crate) serialization: String,
    /// Where each component is in `serialization`.
    pub(crate) offsets: Offsets,
    pub(crate) port: Option<u16>,
    pub(crate) host_kind: HostKind,
    pub(crate) scheme_type: SchemeType,
}

impl Url {
    /// Parses `input` with no base URL (the
    /// [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser)).
    ///
    /// ```
    /// use weburl::{Url, ParseError};
    /// assert_eq!(Url::parse("http://example.com/💩").unwrap().pathname(), "/%F0%9F%92%A9");
    /// assert_eq!(Url::parse("/relative").unwrap_err(), ParseError::MissingSchemeNonRelativeUrl);
    /// ```
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        parser::ParseOptions::default().parse(input)
    }

    /// Parses `input` against `base`.
    ///
    /// ```
    /// use weburl::Url;
    /// let base = Url::parse("https://example.org/a/b?x").unwrap();
    /// let url = Url::parse_with_base("../c#d", &base).unwrap();
    /// assert_eq!(url.href(), "https://example.org/c#d");
    /// ```
    pub fn parse_with_base(input: &str, base: &Url) -> Result<Url, ParseError> {
        parser::ParseOptions::default()
            .base(Some(base))
            .parse(input)
    }

    /// Options for the parser: base URL, document encoding, validation error callback.
    ///
    /// ```
    /// use weburl::Url;
    /// let mut count = 0;
    /// let url = Url::options().on_validation_error(&mut |_| count += 1).parse("HTTP://a\\b").unwrap();
    /// assert_eq!(url.href(), "http://a/b");
    /// assert_eq!(count, 1); // invalid-reverse-solidus
    /// ```
    #[must_use]
    pub fn options<'a>() -> parser::ParseOptions<'a> {
        parser::ParseOptions::default()
    }

    /// Resolves `input` against this URL: `Url::parse_with_base(input, self)`.
    ///
    /// ```
    /// use weburl::Url;
    /// let page = Url::parse("https://example.org/docs/index.html").unwrap();
    /// assert_eq!(page.join("img/a.png").unwrap().href(), "https://example.org/docs/img/a.png");
    /// assert_eq!(page.join("//cdn.example/x").unwrap().href(), "https://cdn.example/x");
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        Url::parse_with_base(input, self)
    }

    /// `URL.canParse(input, base)`: whether `input` parses, against `base` when given (a base
    /// that does not parse makes the answer false).
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::can_parse("aaa:b", None));
    /// assert!(Url::can_parse("a", Some("https://b/")));
    /// assert!(!Url::can_parse("undefined", Some("aaa:b")));
    /// assert!(!Url::can_parse("https://test:test", None));
    /// ```
    #[must_use]
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        match base {
            None => parser::can_parse(input, None),
            Some(base) => match Url::parse(base) {
                Ok(base) => parser::can_parse(input, Some(&base)),
                Err(_) => false,
            },
        }
    }

    /// `URL.canParse(input, base)` against a base that is already parsed: the parser with
    /// storing switched off, so a column of inputs against one base parses the base once.
    ///
    /// ```
    /// use weburl::Url;
    /// let base = Url::parse("https://example.org/docs/").unwrap();
    /// assert!(Url::can_parse_with_base("img/a.png", Some(&base)));
    /// assert!(!Url::can_parse_with_base("https://[::1", Some(&base)));
    /// assert!(!Url::can_parse_with_base("relative", None));
    /// ```
    #[must_use]
    pub fn can_parse_with_base(input: &str, base: Option<&Url>) -> bool {
        parser::can_parse(input, base)
    }

    /// The URL's serialization: the `href` getter.
    ///
    /// ```
    /// let url = weburl::Url::parse("HTTP://a/b/../c").unwrap();
    /// assert_eq!(url.href(), "http://a/c");
    /// ```
    #[inline]
    #[must_use]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The URL's serialization without its fragment (the serializer's *exclude fragment*).
    ///
    /// ```
    /// let url = weburl::Url::parse("http://a/b?c#d").unwrap();
    /// assert_eq!(url.href_without_fragment(), "http://a/b?c");
    /// ```
    #[must_use]
    pub fn href_without_fragment(&self) -> &str {
        match self.offsets.fragment_start {
            0 => &self.serialization,
            f => &self.serialization[..f as usize],
        }
    }

    /// Consumes the URL and returns its serialization.
    ///
    /// ```
    /// let s: String = weburl::Url::parse("http://a").unwrap().into_string();
    /// assert_eq!(s, "http://a/");
    /// ```
    #[must_use]
    pub fn into_string(self) -> String {
        self.serialization
    }

    #[inline]
    fn slice(&self, start: u32, end: u32) -> &str {
        &self.serialization[start as usize..end as usize]
    }

    /// The end of the path: the start of the query, else of the fragment, else the end.
    #[inline]
    pub(crate) fn path_end(&self) -> u32 {
        if self.offsets.query_start != 0 {
            self.offsets.query_start
        } else {
            self.query_end()
        }
    }

    /// The end of the query (start of the fragment or end of the serialization).
    #[inline]
    pub(crate) fn query_end(&self) -> u32 {
        if self.offsets.fragment_start != 0 {
            self.offsets.fragment_start
        } else {
            self.serialization.len() as u32
        }
    }

    /// The URL's scheme, without the ':'.
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("Web+Demo:x").unwrap().scheme(), "web+demo");
    /// ```
    #[inline]
    #[must_use]
    pub fn scheme(&self) -> &str {
        self.slice(0, self.offsets.scheme_end)
    }

    /// The `protocol` getter: the scheme followed by ':'.
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("https://a").unwrap().protocol(), "https:");
    /// ```
    #[inline]
    #[must_use]
    pub fn protocol(&self) -> &str {
        self.slice(0, self.offsets.scheme_end + 1)
    }

    /// Whether the scheme is a [special scheme](https://url.spec.whatwg.org/#special-scheme).
    ///
    /// ```
    /// assert!(weburl::Url::parse("ws://a").unwrap().is_special());
    /// assert!(!weburl::Url::parse("git://a").unwrap().is_special());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    /// Whether the URL has a host (its host is not null). An empty host counts as a host.
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::parse("file:///x").unwrap().has_host());
    /// assert!(!Url::parse("mailto:a@b").unwrap().has_host());
    /// ```
    #[inline]
    #[must_use]
    pub fn has_host(&self) -> bool {
        self.host_kind != HostKind::None
    }

    /// Whether the URL [includes credentials](https://url.spec.whatwg.org/#include-credentials).
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::parse("http://u@a").unwrap().includes_credentials());
    /// assert!(!Url::parse("http://@a").unwrap().includes_credentials());
    /// ```
    #[must_use]
    pub fn includes_credentials(&self) -> bool {
        self.has_host() && self.offsets.host_start > self.offsets.scheme_end + 3
    }

    /// The `username` getter.
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("http://us er:pw@a").unwrap().username(), "us%20er");
    /// ```
    #[inline]
    #[must_use]
    pub fn username(&self) -> &str {
        if self.has_host() && self.offsets.username_end > self.offsets.scheme_end + 3 {
            self.slice(self.offsets.scheme_end + 3, self.offsets.username_end)
        } else {
            ""
        }
    }

    /// The `password` getter.
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("http://u:p%40ss@a").unwrap().password(), "p%40ss");
    /// ```
    #[inline]
    #[must_use]
    pub fn password(&self) -> &str {
        if self.has_host() && self.offsets.username_end + 1 < self.offsets.host_start {
            // username_end is the ':' and host_start - 1 is the '@'.
            self.slice(self.offsets.username_end + 1, self.offsets.host_start - 1)
        } else {
            ""
        }
    }

    /// The `hostname` getter: the serialized host, or "" when the host is null.
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("http://[::1]:8/").unwrap().hostname(), "[::1]");
    /// ```
    #[inline]
    #[must_use]
    pub fn hostname(&self) -> &str {
        self.slice(self.offsets.host_start, self.offsets.host_end)
    }

    /// The `host` getter: the serialized host, with ":" and the port when there is one.
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("http://[::1]:8/").unwrap().host(), "[::1]:8");
    /// assert_eq!(weburl::Url::parse("http://a:80/").unwrap().host(), "a");
    /// ```
    #[inline]
    #[must_use]
    pub fn host(&self) -> &str {
        if self.port.is_some() {
            self.slice(self.offsets.host_start, self.offsets.path_start)
        } else {
            self.hostname()
        }
    }

    /// The host as a [`Host`] value, or `None` when the URL's host is null.
    ///
    /// ```
    /// use weburl::{Host, Url};
    /// use std::net::Ipv4Addr;
    /// let url = Url::parse("http://0x7f.1/").unwrap();
    /// assert_eq!(url.host_parsed(), Some(Host::Ipv4(Ipv4Addr::new(127, 0, 0, 1))));
    /// ```
    #[must_use]
    pub fn host_parsed(&self) -> Option<Host> {
        Host::from_serialized(self.host_kind, self.hostname())
    }

    /// The `port` getter: the port as a decimal string, or "" when it is null (including when it
    /// is the scheme's default port).
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("http://a:8080/").unwrap().port(), "8080");
    /// assert_eq!(weburl::Url::parse("http://a:80/").unwrap().port(), "");
    /// ```
    #[inline]
    #[must_use]
    pub fn port(&self) -> &str {
        if self.port.is_some() {
            self.slice(self.offsets.host_end + 1, self.offsets.path_start)
        } else {
            ""
        }
    }

    /// The port as a number, or `None` when the URL's port is null.
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("ws://a:81/").unwrap().port_number(), Some(81));
    /// assert_eq!(weburl::Url::parse("ws://a:80/").unwrap().port_number(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn port_number(&self) -> Option<u16> {
        self.port
    }

    /// The port, or the scheme's default port when the port is null.
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("https://a/").unwrap().port_or_default(), Some(443));
    /// assert_eq!(weburl::Url::parse("git://a/").unwrap().port_or_default(), None);
    /// ```
    #[must_use]
    pub fn port_or_default(&self) -> Option<u16> {
        self.port.or(self.scheme_type.default_port())
    }

    /// The `pathname` getter (the [URL path serializer](https://url.spec.whatwg.org/#url-path-serializer)).
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("web+demo:/.//not-a-host/").unwrap().pathname(), "//not-a-host/");
    /// assert_eq!(weburl::Url::parse("mailto:a@b").unwrap().pathname(), "a@b");
    /// ```
    #[inline]
    #[must_use]
    pub fn pathname(&self) -> &str {
        self.slice(self.offsets.path_start, self.path_end())
    }

    /// Whether the URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path).
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::parse("mailto:a@b").unwrap().has_opaque_path());
    /// assert!(!Url::parse("sc:/a").unwrap().has_opaque_path());
    /// ```
    #[inline]
    #[must_use]
    pub fn has_opaque_path(&self) -> bool {
        self.host_kind == HostKind::None
            && self
                .serialization
                .as_bytes()
                .get(self.offsets.path_start as usize)
                != Some(&b'/')
    }

    /// The path segments, or `None` when the path is opaque.
    ///
    /// ```
    /// let url = weburl::Url::parse("http://a/b/c%20d/").unwrap();
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["b", "c%20d", ""]);
    /// ```
    pub fn path_segments(&self) -> Option<std::str::Split<'_, char>> {
        if self.has_opaque_path() {
            return None;
        }
        let path = self.pathname();
        Some(path.get(1..).unwrap_or("").split('/'))
    }

    /// The URL's query (without '?'), or `None` when it is null.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("http://a/?").unwrap().query(), Some(""));
    /// assert_eq!(Url::parse("http://a/").unwrap().query(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn query(&self) -> Option<&str> {
        match self.offsets.query_start {
            0 => None,
            q => Some(self.slice(q + 1, self.query_end())),
        }
    }

    /// The `search` getter: "?" and the query, or "" when the query is null or empty.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("http://a/?x").unwrap().search(), "?x");
    /// assert_eq!(Url::parse("http://a/?").unwrap().search(), "");
    /// ```
    #[inline]
    #[must_use]
    pub fn search(&self) -> &str {
        match self.offsets.query_start {
            0 => "",
            q if q + 1 == self.query_end() => "",
            q => self.slice(q, self.query_end()),
        }
    }

    /// The URL's fragment (without '#'), or `None` when it is null.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("http://a/#").unwrap().fragment(), Some(""));
    /// assert_eq!(Url::parse("http://a/").unwrap().fragment(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn fragment(&self) -> Option<&str> {
        match self.offsets.fragment_start {
            0 => None,
            f => Some(&self.serialization[f as usize + 1..]),
        }
    }

    /// The `hash` getter: "#" and the fragment, or "" when the fragment is null or empty.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("http://a/#x y").unwrap().hash(), "#x%20y");
    /// assert_eq!(Url::parse("http://a/#").unwrap().hash(), "");
    /// ```
    #[inline]
    #[must_use]
    pub fn hash(&self) -> &str {
        match self.offsets.fragment_start {
            0 => "",
            f if f as usize + 1 == self.serialization.len() => "",
            f => &self.serialization[f as usize..],
        }
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.href())
            .field("protocol", &self.protocol())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("pathname", &self.pathname())
            .field("search", &self.search())
            .field("hash", &self.hash())
            .finish()
    }
}

impl FromStr for Url {
    type Err = ParseError;

    /// Same as [`Url::parse`].
    ///
    /// ```
    /// let url: weburl::Url = "http://a/b".parse().unwrap();
    /// assert_eq!(url.pathname(), "/b");
    /// ```
    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl TryFrom<&str> for Url {
    type Error = ParseError;

    /// Same as [`Url::parse`].
    ///
    /// ```
    /// let url = weburl::Url::try_from("http://a/b").unwrap();
    /// assert_eq!(url.host(), "a");
    /// ```
    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s)
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.serialization
    }
}

/// URLs are equal when their serializations are ([URL equivalence](https://url.spec.whatwg.org/#concept-url-equals)).
impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for Url {}

impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.serialization.hash(state);
    }
}

/// URLs are ordered by their serializations.
impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url {
    fn cmp(&self, other: &Url) -> Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_is_small() {
        assert!(
            std::mem::size_of::<Url>() <= 64,
            "{}",
            std::mem::size_of::<Url>()
        );
    }

    #[test]
    fn traits_follow_href() {
        let a = Url::parse("http://A/b").unwrap();
        let b: Url = "http://a/b".parse().unwrap();
        assert_eq!(a, b);
        assert!(Url::parse("http://a/a").unwrap() < b);
        assert_eq!(a.to_string(), "http://a/b");
        assert_eq!(a.as_ref(), "http://a/b");
    }
}
