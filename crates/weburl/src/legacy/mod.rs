//! # Historical URL engines
//!
//! Before the WHATWG URL Standard, links were resolved by other rules, several of which are
//! implemented here, each in a module of its own and all behind one interface, [`Engine`], so
//! that a program can run the same input through all of them and compare:
//!
//! ```
//! use weburl::legacy::Engine;
//! let base = Some("http://example.org/dir/file");
//! let results: Vec<String> = Engine::ALL
//!     .iter()
//!     .map(|e| match e.resolve("HTTP://EXAMPLE.COM:80/a/../b c", base, None) {
//!         Ok(r) => format!("{}: {}", e.name(), r.href()),
//!         Err(err) => format!("{}: error ({err})", e.name()),
//!     })
//!     .collect();
//! assert_eq!(results, [
//!     "whatwg: http://example.com/b%20c",
//!     "html5-2011: HTTP://EXAMPLE.COM:80/b%20c",
//!     "web-addresses-2009: HTTP://EXAMPLE.COM:80/b%20c",
//!     "rfc3986: error (the input does not match the grammar at byte 28)",
//!     "rfc1808: HTTP://EXAMPLE.COM:80/a/../b c",
//! ]);
//! ```
//!
//! ## Which engine to use
//!
//! | [`Engine`] | name | algorithm | use it for |
//! | --- | --- | --- | --- |
//! | [`Whatwg`](Engine::Whatwg) | `whatwg` | the WHATWG URL Standard ([`crate::Url`], module [`whatwg`]) | anything that must behave as browsers do today: links, `fetch`, `new URL()`. The default choice. |
//! | [`Html5_2011`](Engine::Html5_2011) | `html5-2011` | HTML5 W3C draft §2.6 "URLs", April 2011 ([`html5_2011`]) | reproducing how the 2011 HTML5 text read URLs: IDNA2003 hosts, escaping without normalization, a query in the document's encoding with `?` for what it cannot encode; the URL decomposition attributes and the document base URL of that text. |
//! | [`WebAddresses2009`](Engine::WebAddresses2009) | `web-addresses-2009` | draft-connolly-href-00, *Web addresses in HTML 5*, May 2009 ([`web_addresses_2009`]) | the 2009 proposal's stricter parse (pre-encoding, then the plain RFC 3986 grammar) and its own notion of an absolute address. |
//! | [`Rfc3986`](Engine::Rfc3986) | `rfc3986` | RFC 3986 ([`rfc3986`]) | strict URI syntax outside browsers (protocols, configuration, validation), §5.2 resolution, and §6 normalization for comparing URIs. Anything that does not match the grammar is an error with its position. |
//! | [`Rfc1808`](Engine::Rfc1808) | `rfc1808` | RFC 1808 and its January 1995 draft ([`rfc1808`]) | software of the 1990s: `;params`, no dot removal in absolute paths, a surplus `..` kept, and the base URL's precedence (document, `Base:` header, retrieval URL). |
//!
//! ## Choices this implementation makes
//!
//! **Server-based naming authority.** HTML5 2011 resolve step 12 turns every `\` into `/` for
//! schemes "with a server-based naming authority", without listing them. Here they are `ftp`,
//! `file`, `gopher`, `http`, `https`, `ws` and `wss`
//! ([`html5_2011::has_server_based_authority`]).
//!
//! **IDNA2003.** The 2011 text (and the 2009 draft) apply IDNA ToASCII to hosts with the
//! AllowUnassigned and UseSTD3ASCIIRules flags: that is IDNA2003 (RFC 3490, Nameprep with the
//! Unicode 3.2 tables), not UTS #46, so `ß` becomes `ss`, an all-ASCII label keeps its case and
//! `_` is an error. See [`idna2003`] for how its tables are obtained.
//!
//! **Where the seed texts are ambiguous**, the test vectors mark the case and list the
//! readings. This implementation follows each case's `expected` (most literal) reading; the
//! tests name every decision. Two of them have an option for the other reading,
//! [`html5_2011::Html5Options`], because a user could need it.
//!
//! HTML5 2011:
//! - *`<hostport>`*: ports are compared with the default port as numbers (`0080` is 80), an
//!   empty port counts as the default port, and a scheme with no known default port keeps every
//!   non-empty port ([`html5_2011::Components::hostport`]).
//! - *IDNA and IP-literals*: step 6 applies ToASCII to every `<host>`, so an IP-literal such as
//!   `[::1]` is an error (option: `ip_literal_hosts`).
//! - *Empty host, trailing dot*: an empty host has no label to convert and is accepted
//!   (`http:///a`, `file:///etc/passwd`); a trailing dot (the root label) is kept.
//! - *Step 9*: RFC 3986 §5.2 is applied in strict mode, so `http:g` resolves to `http:g`.
//! - *Step 10*: the only scheme rule applied is the one the text gives, a `data:` URL with an
//!   authority is an error; a port above 65535 is accepted.
//! - *Backslashes*: step 7 escapes `\` in the path (`%5C`) before step 12 could turn it into
//!   `/`, so only the userinfo and the fragment get slashes (option:
//!   `backslash_in_path_as_slash`).
//! - *Fragment-escape*: the normative list is followed; `` ` `` and DEL are copied.
//! - *`pathname` of an empty path*: reads as `/`, as the seed's own table prints for
//!   `https://www.example.com:4443?`.
//! - *`host` setter*: replaces the `<hostport>` substring literally, so setting
//!   `other.example:81` on `http://example.com:80/p` gives `http://other.example:81:80/p`.
//! - *Setter escaping*: "valid in the component" means valid by RFC 3986, so `hash` and
//!   `search` escape `#` (`##x` sets `#%23x`) and a lone `%` (`%25`).
//!
//! Web addresses 2009:
//! - Resolution works on the original (decoded) text, not the pre-encoded one: `%20` stays
//!   `%20`, and a host `ex%41mple.com` is decoded to `exAmple.com`.
//! - The URL character encoding list is a priority order: script, DOM node, defined.
//! - "UTF-16" includes UTF-16BE and UTF-16LE, which become UTF-8.
//!
//! RFC 1808 / 1995:
//! - `#` is not an "entirely empty" URL, so the base fragment is not inherited.
//! - Step 6c follows RFC 1808: a `..` cancels only a segment that is not itself `..`.
//! - A `Base:` header must have the `<URL:...>` form; a bare URL is an error.

use std::fmt;
use std::str::FromStr;

use encoding_rs::Encoding;

use crate::ParseError;

mod common;
mod document;
pub mod html5_2011;
pub mod idna2003;
pub mod rfc1808;
pub mod rfc3986;
pub mod web_addresses_2009;
pub mod whatwg;

pub use document::{BaseElement, Document, EncodingSources};
pub use idna2003::IdnaError;

/// Why a historical engine failed.
///
/// ```
/// use weburl::legacy::{Engine, LegacyError};
/// let err = Engine::Rfc3986.resolve("http://a b/", None, None).unwrap_err();
/// assert_eq!(err, LegacyError::Syntax { position: 8 });
/// assert_eq!(err.position(), Some(8));
/// assert_eq!(err.to_string(), "the input does not match the grammar at byte 8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LegacyError {
    /// The input does not match the engine's grammar. `position` is the byte offset of the
    /// first character that cannot be matched, in the input as given (for the 2009 draft, in
    /// its pre-encoded form).
    Syntax {
        /// Byte offset of the first character that cannot be matched.
        position: usize,
    },
    /// The input is relative and there is no base URL.
    NoBase,
    /// The base URL cannot be parsed, or has no scheme.
    InvalidBase,
    /// The percent-decoded host is not valid UTF-8 (HTML5 2011 resolve step 6).
    HostNotUtf8,
    /// IDNA2003 ToASCII rejects the host (HTML5 2011 resolve step 6).
    Idna(IdnaError),
    /// The result breaks a scheme's rules (HTML5 2011 resolve step 10: a `data:` URL with an
    /// authority).
    SchemeConformance,
    /// The WHATWG URL parser failed.
    Whatwg(ParseError),
    /// A `Base:` header is not of the form `Base: <URL:absoluteURL>`.
    BaseHeader,
    /// No engine has this name.
    UnknownEngine,
}

impl LegacyError {
    /// The byte position of a [`Syntax`](LegacyError::Syntax) error.
    ///
    /// ```
    /// assert_eq!(weburl::legacy::rfc3986::parse("a b").unwrap_err().position(), Some(1));
    /// ```
    #[must_use]
    pub fn position(&self) -> Option<usize> {
        match self {
            LegacyError::Syntax { position } => Some(*position),
            _ => None,
        }
    }
}

impl fmt::Display for LegacyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LegacyError::Syntax { position } => {
                write!(f, "the input does not match the grammar at byte {position}")
            }
            LegacyError::NoBase => f.write_str("relative reference without a base URL"),
            LegacyError::InvalidBase => f.write_str("the base URL is not an absolute URL"),
            LegacyError::HostNotUtf8 => f.write_str("the percent-decoded host is not UTF-8"),
            LegacyError::Idna(e) => write!(f, "IDNA2003 ToASCII failed: {e}"),
            LegacyError::SchemeConformance => {
                f.write_str("the result breaks its scheme's rules (data: with an authority)")
            }
            LegacyError::Whatwg(e) => write!(f, "{e}"),
            LegacyError::BaseHeader => f.write_str("not a \"Base: <URL:...>\" header"),
            LegacyError::UnknownEngine => f.write_str("unknown engine name"),
        }
    }
}

impl std::error::Error for LegacyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LegacyError::Idna(e) => Some(e),
            LegacyError::Whatwg(e) => Some(e),
            _ => None,
        }
    }
}

/// A URL algorithm: the WHATWG URL Standard or one of the historical ones.
///
/// ```
/// use weburl::legacy::Engine;
/// let engine = Engine::from_name("rfc1808").unwrap();
/// let r = engine.resolve("../../../g", Some("http://a/b/c/d;p?q"), None).unwrap();
/// assert_eq!(r.href(), "http://a/../g");
/// assert_eq!(r.host(), Some("a"));
/// assert_eq!("html5-2011".parse::<Engine>(), Ok(Engine::Html5_2011));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Engine {
    /// The WHATWG URL Standard ([`crate::Url`]).
    Whatwg,
    /// HTML5 W3C draft §2.6, April 2011 ([`html5_2011`]).
    Html5_2011,
    /// draft-connolly-href-00, *Web addresses in HTML 5*, 2009 ([`web_addresses_2009`]).
    WebAddresses2009,
    /// RFC 3986, strict ([`rfc3986`]).
    Rfc3986,
    /// RFC 1808 and its 1995 draft ([`rfc1808`]).
    Rfc1808,
}

impl Engine {
    /// Every engine, newest algorithm first.
    ///
    /// ```
    /// let names: Vec<&str> = weburl::legacy::Engine::ALL.iter().map(|e| e.name()).collect();
    /// assert_eq!(names, ["whatwg", "html5-2011", "web-addresses-2009", "rfc3986", "rfc1808"]);
    /// ```
    pub const ALL: [Engine; 5] = [
        Engine::Whatwg,
        Engine::Html5_2011,
        Engine::WebAddresses2009,
        Engine::Rfc3986,
        Engine::Rfc1808,
    ];

    /// The engine's name: `whatwg`, `html5-2011`, `web-addresses-2009`, `rfc3986`, `rfc1808`.
    ///
    /// ```
    /// assert_eq!(weburl::legacy::Engine::WebAddresses2009.name(), "web-addresses-2009");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Engine::Whatwg => "whatwg",
            Engine::Html5_2011 => "html5-2011",
            Engine::WebAddresses2009 => "web-addresses-2009",
            Engine::Rfc3986 => "rfc3986",
            Engine::Rfc1808 => "rfc1808",
        }
    }

    /// The engine with this [`name`](Engine::name).
    ///
    /// ```
    /// use weburl::legacy::Engine;
    /// assert_eq!(Engine::from_name("whatwg"), Some(Engine::Whatwg));
    /// assert_eq!(Engine::from_name("rfc2396"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == name)
    }

    /// Resolves `input` against `base` by this engine's algorithm, with the query encoded in
    /// `encoding` where the algorithm uses one (WHATWG, HTML5 2011, 2009; `None`: UTF-8).
    ///
    /// `base` `None` means there is none: a relative `input` is then an error, except for
    /// RFC 1808, which returns it as it is (as with an empty base).
    ///
    /// ```
    /// use weburl::legacy::Engine;
    /// let base = Some("http://a/b/c/d;p?q");
    /// assert_eq!(Engine::Rfc3986.resolve(";x", base, None).unwrap().href(), "http://a/b/c/;x");
    /// assert_eq!(Engine::Rfc1808.resolve(";x", base, None).unwrap().href(), "http://a/b/c/d;x");
    /// let r = Engine::Html5_2011.resolve("//ÉXAMPLE.com", base, None).unwrap();
    /// assert_eq!(r.href(), "http://xn--xample-9ua.com");
    /// assert_eq!(r.host(), Some("xn--xample-9ua.com"));
    /// ```
    pub fn resolve(
        self,
        input: &str,
        base: Option<&str>,
        encoding: Option<&'static Encoding>,
    ) -> Result<Resolved, LegacyError> {
        let (href, host) = match self {
            Engine::Whatwg => {
                let url = whatwg::resolve(input, base, encoding)?;
                let host = url.has_host().then(|| url.hostname().to_owned());
                return Ok(Resolved {
                    engine: self,
                    href: url.into_string(),
                    host,
                });
            }
            Engine::Html5_2011 => html5_2011::resolve_full(
                input,
                base,
                encoding,
                html5_2011::Html5Options::default(),
            )?,
            Engine::WebAddresses2009 => web_addresses_2009::resolve_full(input, base, encoding)?,
            Engine::Rfc3986 => rfc3986::resolve_full(input, base, true)?,
            Engine::Rfc1808 => rfc1808::resolve_full(input, base),
        };
        let host = host.map(|r| href[r].to_owned());
        Ok(Resolved {
            engine: self,
            href,
            host,
        })
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Engine {
    type Err = LegacyError;

    fn from_str(s: &str) -> Result<Engine, LegacyError> {
        Engine::from_name(s).ok_or(LegacyError::UnknownEngine)
    }
}

/// The result of [`Engine::resolve`]: the resolved URL and its host.
///
/// ```
/// use weburl::legacy::Engine;
/// let r = Engine::Html5_2011.resolve("http://u@EXAMPLE.com:8080/x", None, None).unwrap();
/// assert_eq!(r.href(), "http://u@EXAMPLE.com:8080/x");
/// assert_eq!(r.host(), Some("EXAMPLE.com"));
/// assert_eq!(r.engine(), Engine::Html5_2011);
/// assert_eq!(r.to_string(), r.href());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Resolved {
    engine: Engine,
    href: String,
    host: Option<String>,
}

impl Resolved {
    /// The resolved URL.
    ///
    /// ```
    /// let r = weburl::legacy::Engine::Rfc3986.resolve("g", Some("http://a/b"), None).unwrap();
    /// assert_eq!(r.href(), "http://a/g");
    /// ```
    #[must_use]
    pub fn href(&self) -> &str {
        &self.href
    }

    /// The host of the resolved URL, without userinfo or port (an IP-literal keeps its
    /// brackets), or `None` when it has no authority. For the WHATWG engine this is the
    /// `hostname`.
    ///
    /// ```
    /// use weburl::legacy::Engine;
    /// assert_eq!(Engine::Rfc3986.resolve("mailto:x@y", None, None).unwrap().host(), None);
    /// assert_eq!(Engine::Whatwg.resolve("http://[::1]:8/", None, None).unwrap().host(), Some("[::1]"));
    /// ```
    #[must_use]
    pub fn host(&self) -> Option<&str> {
        self.host.as_deref()
    }

    /// The engine that produced this result.
    ///
    /// ```
    /// let r = weburl::legacy::Engine::Rfc1808.resolve("g", None, None).unwrap();
    /// assert_eq!(r.engine().name(), "rfc1808");
    /// ```
    #[must_use]
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The resolved URL, as an owned string.
    ///
    /// ```
    /// let r = weburl::legacy::Engine::Rfc1808.resolve("g", None, None).unwrap();
    /// assert_eq!(r.into_href(), "g");
    /// ```
    #[must_use]
    pub fn into_href(self) -> String {
        self.href
    }
}

impl fmt::Display for Resolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.href)
    }
}
