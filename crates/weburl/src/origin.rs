//! Origins: tuple origins and opaque origins, and their serialization.
//!
//! <https://url.spec.whatwg.org/#origin> and HTML's
//! [origin](https://html.spec.whatwg.org/multipage/browsers.html#origin) concept.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::host::Host;
use crate::url::{SchemeType, Url};

/// An origin: a (scheme, host, port, domain) tuple, or an opaque origin.
///
/// Every opaque origin made is distinct: it is same origin only with itself (and its clones).
///
/// ```
/// use weburl::Url;
/// let a = Url::parse("https://example.com:443/a").unwrap().origin();
/// let b = Url::parse("https://EXAMPLE.com/b?c").unwrap().origin();
/// assert!(a.same_origin(&b));
/// assert_eq!(a.ascii_serialization(), "https://example.com");
/// let data = Url::parse("data:text/plain,hi").unwrap().origin();
/// assert_eq!(data.ascii_serialization(), "null");
/// assert!(!data.same_origin(&Url::parse("data:text/plain,hi").unwrap().origin()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A tuple origin (scheme, host, port, domain). The domain is null for origins that come
    /// from URLs; it is kept for `document.domain`-style comparisons.
    Tuple {
        /// The scheme, lowercase, without ':'.
        scheme: String,
        /// The host.
        host: Host,
        /// The port, null when it is the scheme's default.
        port: Option<u16>,
        /// The domain, null unless set by the embedder.
        domain: Option<String>,
    },
    /// An opaque origin, identified by a process-unique number.
    Opaque(u64),
}

static NEXT_OPAQUE: AtomicU64 = AtomicU64::new(1);

// `Url::origin` lives here, with `Origin`: the origin is read from a URL, so this module sits
// above `url` and `url` does not import it.
impl Url {
    /// The URL's [origin](https://url.spec.whatwg.org/#concept-url-origin).
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("blob:https://whatwg.org/d0360e2f").unwrap();
    /// assert_eq!(url.origin().ascii_serialization(), "https://whatwg.org");
    /// assert!(Url::parse("data:,x").unwrap().origin().is_opaque());
    /// ```
    #[must_use]
    pub fn origin(&self) -> Origin {
        Origin::of(self)
    }

    /// Whether the origin is opaque by the scheme alone: a `file` URL's, and that of every
    /// scheme that is not special except `blob` (whose origin is its inner URL's).
    pub(crate) fn opaque_by_scheme(&self) -> bool {
        match self.scheme_type {
            // "Left as an exercise to the reader. When in doubt, return a new opaque origin."
            SchemeType::File => true,
            SchemeType::NotSpecial => self.scheme() != "blob",
            _ => false,
        }
    }
}

impl Origin {
    /// A new opaque origin, distinct from every other.
    ///
    /// ```
    /// let a = weburl::Origin::new_opaque();
    /// assert!(a.same_origin(&a.clone()));
    /// assert!(!a.same_origin(&weburl::Origin::new_opaque()));
    /// ```
    #[must_use]
    pub fn new_opaque() -> Origin {
        Origin::Opaque(NEXT_OPAQUE.fetch_add(1, Ordering::Relaxed))
    }

    /// The origin of `url`: <https://url.spec.whatwg.org/#concept-url-origin>.
    pub(crate) fn of(url: &Url) -> Origin {
        if url.opaque_by_scheme() {
            return Origin::new_opaque();
        }
        match url.scheme_type {
            SchemeType::Http
            | SchemeType::Https
            | SchemeType::Ws
            | SchemeType::Wss
            | SchemeType::Ftp => match Host::from_serialized(url.host_kind, url.hostname()) {
                Some(host) => Origin::Tuple {
                    scheme: url.scheme().to_owned(),
                    host,
                    port: url.port,
                    domain: None,
                },
                None => Origin::new_opaque(),
            },
            // A blob URL (the others are opaque by their scheme).
            SchemeType::File | SchemeType::NotSpecial => {
                // The blob URL entry is always null here: parse the path.
                match Url::parse(url.pathname()) {
                    Ok(inner)
                        if matches!(
                            inner.scheme_type,
                            SchemeType::Http | SchemeType::Https | SchemeType::File
                        ) =>
                    {
                        inner.origin()
                    }
                    _ => Origin::new_opaque(),
                }
            }
        }
    }

    /// Whether this is an opaque origin.
    ///
    /// ```
    /// assert!(weburl::Url::parse("about:blank").unwrap().origin().is_opaque());
    /// ```
    #[must_use]
    pub fn is_opaque(&self) -> bool {
        matches!(self, Origin::Opaque(_))
    }

    /// The [ASCII serialization of an origin](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin):
    /// "null" for an opaque origin, else `scheme://host[:port]`.
    ///
    /// ```
    /// let o = weburl::Url::parse("http://[::1]:8080/").unwrap().origin();
    /// assert_eq!(o.ascii_serialization(), "http://[::1]:8080");
    /// ```
    #[must_use]
    pub fn ascii_serialization(&self) -> String {
        self.to_string()
    }

    /// [Same origin](https://html.spec.whatwg.org/multipage/browsers.html#same-origin): equal
    /// opaque origins, or tuple origins with equal scheme, host and port.
    ///
    /// ```
    /// use weburl::Url;
    /// let a = Url::parse("http://a.example/").unwrap().origin();
    /// let b = Url::parse("http://a.example:81/").unwrap().origin();
    /// assert!(!a.same_origin(&b));
    /// ```
    #[must_use]
    pub fn same_origin(&self, other: &Origin) -> bool {
        match (self, other) {
            (Origin::Opaque(a), Origin::Opaque(b)) => a == b,
            (
                Origin::Tuple {
                    scheme: s1,
                    host: h1,
                    port: p1,
                    ..
                },
                Origin::Tuple {
                    scheme: s2,
                    host: h2,
                    port: p2,
                    ..
                },
            ) => s1 == s2 && h1 == h2 && p1 == p2,
            _ => false,
        }
    }

    /// [Same origin-domain](https://html.spec.whatwg.org/multipage/browsers.html#same-origin-domain):
    /// like same origin, but two tuple origins whose domains are both set compare by scheme and
    /// domain alone.
    ///
    /// ```
    /// use weburl::{Host, Origin};
    /// let tuple = |host: &str, port, domain: Option<&str>| Origin::Tuple {
    ///     scheme: "https".into(),
    ///     host: Host::Domain(host.into()),
    ///     port,
    ///     domain: domain.map(String::from),
    /// };
    /// let a = tuple("a.example.com", None, Some("example.com"));
    /// let b = tuple("b.example.com", Some(8443), Some("example.com"));
    /// assert!(a.same_origin_domain(&b));
    /// assert!(!a.same_origin(&b));
    /// assert!(!tuple("a.example.com", None, None).same_origin_domain(&b));
    /// ```
    #[must_use]
    pub fn same_origin_domain(&self, other: &Origin) -> bool {
        match (self, other) {
            (Origin::Opaque(a), Origin::Opaque(b)) => a == b,
            (
                Origin::Tuple {
                    scheme: s1,
                    domain: d1,
                    ..
                },
                Origin::Tuple {
                    scheme: s2,
                    domain: d2,
                    ..
                },
            ) => match (d1, d2) {
                (Some(d1), Some(d2)) => s1 == s2 && d1 == d2,
                (None, None) => self.same_origin(other),
                _ => false,
            },
            _ => false,
        }
    }
}

impl fmt::Display for Origin {
    /// The ASCII serialization of the origin.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque(_) => f.write_str("null"),
            Origin::Tuple {
                scheme, host, port, ..
            } => {
                write!(f, "{scheme}://{host}")?;
                if let Some(port) = port {
                    write!(f, ":{port}")?;
                }
                Ok(())
            }
        }
    }
}
