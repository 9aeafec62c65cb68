//! The `url` crate's accessors whose meaning weburl can give exactly, under the `url` crate's
//! names where weburl does not use the name for something else (see
//! `docs/MIGRATING-FROM-URL.md`): [`Url::as_str`], [`Url::authority`], [`Url::has_authority`],
//! [`Url::cannot_be_a_base`], [`Url::host_str`], [`Url::domain`], [`Url::password_opt`],
//! [`Url::path`], [`Url::port_or_known_default`], [`Url::socket_addrs`], [`Url::set_query`],
//! [`Url::set_fragment`], [`Url::set_port_number`], [`Url::set_ip_host`], [`Origin::is_tuple`],
//! [`Origin::unicode_serialization`],
//! [`Host::unicode_serialization`], and the public [`domain_to_ascii`] and
//! [`domain_to_unicode`](crate::domain_to_unicode).

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};

use crate::host::{Host, HostError, HostKind, domain};
use crate::origin::Origin;
use crate::url::Url;

impl Url {
    /// The serialization, as the `url` crate names it: the same as [`Url::href`].
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("HTTP://a/b").unwrap().as_str(), "http://a/b");
    /// ```
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// Whether the URL has an authority (its serialization has `//` after the scheme), which is
    /// whether its host is not null: [`Url::has_host`].
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::parse("file:///tmp").unwrap().has_authority());
    /// assert!(!Url::parse("unix:/run/foo.socket").unwrap().has_authority());
    /// ```
    #[inline]
    #[must_use]
    pub fn has_authority(&self) -> bool {
        self.has_host()
    }

    /// The authority: userinfo, host and port as serialized (`user:pass@host:port`), or "" when
    /// the host is null.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("ftp://rms:secret@ftp.example.com:2121/").unwrap().authority(),
    ///            "rms:secret@ftp.example.com:2121");
    /// assert_eq!(Url::parse("https://example.com:443/").unwrap().authority(), "example.com");
    /// assert_eq!(Url::parse("file:///tmp").unwrap().authority(), "");
    /// assert_eq!(Url::parse("mailto:a@b").unwrap().authority(), "");
    /// ```
    #[must_use]
    pub fn authority(&self) -> &str {
        if self.has_host() {
            &self.serialization
                [self.offsets.scheme_end as usize + 3..self.offsets.path_start as usize]
        } else {
            ""
        }
    }

    /// Whether the path is opaque, under the `url` crate's older name: the same as
    /// [`Url::has_opaque_path`].
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::parse("data:text/plain,Stuff").unwrap().cannot_be_a_base());
    /// assert!(!Url::parse("ftp://rms@example.com").unwrap().cannot_be_a_base());
    /// ```
    #[inline]
    #[must_use]
    pub fn cannot_be_a_base(&self) -> bool {
        self.has_opaque_path()
    }

    /// The serialized host, or `None` when the host is null or empty (the `url` crate's
    /// `host_str`; `file:///x` has the empty host, which the `url` crate reports as no host).
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("https://127.0.0.1:8/").unwrap().host_str(), Some("127.0.0.1"));
    /// assert_eq!(Url::parse("http://[::1]/").unwrap().host_str(), Some("[::1]"));
    /// assert_eq!(Url::parse("file:///x").unwrap().host_str(), None);
    /// assert_eq!(Url::parse("data:,x").unwrap().host_str(), None);
    /// ```
    #[must_use]
    pub fn host_str(&self) -> Option<&str> {
        match self.host_kind {
            HostKind::None | HostKind::Empty => None,
            _ => Some(self.hostname()),
        }
    }

    /// The host when it is a domain, or `None` for IP addresses, the empty host and the null
    /// host. An opaque host (the host of a non-special URL) counts as a domain, as in the `url`
    /// crate.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("https://EXAMPLE.com/").unwrap().domain(), Some("example.com"));
    /// assert_eq!(Url::parse("https://127.0.0.1/").unwrap().domain(), None);
    /// assert_eq!(Url::parse("git://github.com/x").unwrap().domain(), Some("github.com"));
    /// assert_eq!(Url::parse("file:///x").unwrap().domain(), None);
    /// ```
    #[must_use]
    pub fn domain(&self) -> Option<&str> {
        match self.host_kind {
            HostKind::Domain | HostKind::Opaque => Some(self.hostname()),
            _ => None,
        }
    }

    /// The password, or `None` when there is none (the `url` crate's `password`; weburl's
    /// [`Url::password`] is the URL API's getter, which gives "" then). The Standard does not
    /// keep an empty password, so `Some("")` never occurs.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("ftp://rms:secret@example.com").unwrap().password_opt(), Some("secret"));
    /// assert_eq!(Url::parse("ftp://rms@example.com").unwrap().password_opt(), None);
    /// assert_eq!(Url::parse("ftp://rms:@example.com").unwrap().password_opt(), None);
    /// ```
    #[must_use]
    pub fn password_opt(&self) -> Option<&str> {
        let password = self.password();
        (!password.is_empty()).then_some(password)
    }

    /// The path as serialized, under the `url` crate's name: the same as [`Url::pathname`].
    ///
    /// ```
    /// assert_eq!(weburl::Url::parse("https://a/b/c?d").unwrap().path(), "/b/c");
    /// ```
    #[inline]
    #[must_use]
    pub fn path(&self) -> &str {
        self.pathname()
    }

    /// The port, or the scheme's [default port](https://url.spec.whatwg.org/#default-port) when
    /// the port is null, under the `url` crate's name: the same as [`Url::port_or_default`].
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("https://example.com/").unwrap().port_or_known_default(), Some(443));
    /// assert_eq!(Url::parse("foo://example.com:1456").unwrap().port_or_known_default(), Some(1456));
    /// assert_eq!(Url::parse("foo://example.com").unwrap().port_or_known_default(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port_or_default()
    }

    /// Resolves the host and port to socket addresses, as the `url` crate's `socket_addrs`:
    /// the port is the URL's port, else the scheme's default port, else `default_port_number()`;
    /// an IP address host is used as it is and a domain (or opaque host) is looked up with
    /// [`ToSocketAddrs`]. Fails with [`io::ErrorKind::InvalidData`] when there is no host or no
    /// port.
    ///
    /// ```no_run
    /// let url = weburl::Url::parse("https://example.net/").unwrap();
    /// let stream = std::net::TcpStream::connect(&*url.socket_addrs(|| None).unwrap()).unwrap();
    /// ```
    ///
    /// ```
    /// let url = weburl::Url::parse("postgres://[::1]/db").unwrap();
    /// let addrs = url.socket_addrs(|| Some(5432)).unwrap();
    /// assert_eq!(addrs, ["[::1]:5432".parse().unwrap()]);
    /// ```
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> io::Result<Vec<SocketAddr>> {
        fn invalid(message: &str) -> io::Error {
            io::Error::new(io::ErrorKind::InvalidData, message)
        }
        let host = self
            .host_parsed()
            .filter(|h| *h != Host::Empty)
            .ok_or_else(|| invalid("No host name in the URL"))?;
        let port = self
            .port_or_known_default()
            .or_else(default_port_number)
            .ok_or_else(|| invalid("No port number in the URL"))?;
        Ok(match host {
            Host::Ipv4(ip) => vec![SocketAddr::new(ip.into(), port)],
            Host::Ipv6(ip) => vec![SocketAddr::new(ip.into(), port)],
            Host::Domain(name) | Host::Opaque(name) => {
                (name.as_str(), port).to_socket_addrs()?.collect()
            }
            Host::Empty => return Err(invalid("No host name in the URL")),
        })
    }

    /// Sets the query (the `url` crate's `set_query`): `None` makes it null; `Some(q)` makes it
    /// `q` percent-encoded with the (special-)query percent-encode set, `#` included. Unlike the
    /// URL API's [`Url::set_search`], a leading `?` is kept and `Some("")` leaves an empty query
    /// (`?`).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com/p#f").unwrap();
    /// url.set_query(Some("a=1 2#3"));
    /// assert_eq!(url.href(), "https://example.com/p?a=1%202%233#f");
    /// url.set_query(Some(""));
    /// assert_eq!(url.href(), "https://example.com/p?#f");
    /// url.set_query(None);
    /// assert_eq!(url.href(), "https://example.com/p#f");
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) {
        match query {
            None => self.set_search(""),
            // The search setter drops exactly one leading '?'.
            Some(q) => self.set_search(&format!("?{q}")),
        }
    }

    /// Sets the fragment (the `url` crate's `set_fragment`): `None` makes it null; `Some(f)`
    /// makes it `f` percent-encoded with the fragment percent-encode set. Unlike the URL API's
    /// [`Url::set_hash`], a leading `#` is kept and `Some("")` leaves an empty fragment (`#`).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com/p").unwrap();
    /// url.set_fragment(Some("top level"));
    /// assert_eq!(url.href(), "https://example.com/p#top%20level");
    /// url.set_fragment(Some(""));
    /// assert_eq!(url.href(), "https://example.com/p#");
    /// url.set_fragment(None);
    /// assert_eq!(url.href(), "https://example.com/p");
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        match fragment {
            None => self.set_hash(""),
            Some(f) => self.set_hash(&format!("#{f}")),
        }
    }

    /// Sets the port from a number (the `url` crate's `set_port`; weburl's [`Url::set_port`] is
    /// the URL API's setter, which takes a string): `None` removes the port, and the scheme's
    /// default port is removed too. Fails, leaving the URL unchanged, when the URL
    /// [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port).
    ///
    /// ```
    /// use weburl::{SetterError, Url};
    /// let mut url = Url::parse("ssh://example.net:2048/").unwrap();
    /// url.set_port_number(Some(4096)).unwrap();
    /// assert_eq!(url.href(), "ssh://example.net:4096/");
    /// url.set_port_number(None).unwrap();
    /// assert_eq!(url.href(), "ssh://example.net/");
    /// let mut url = Url::parse("https://example.org/").unwrap();
    /// url.set_port_number(Some(443)).unwrap();
    /// assert_eq!(url.port_number(), None);
    /// let mut file = Url::parse("file:///x").unwrap();
    /// assert_eq!(file.set_port_number(Some(1)), Err(SetterError::CannotHaveUsernamePasswordPort));
    /// ```
    pub fn set_port_number(&mut self, port: Option<u16>) -> Result<(), crate::SetterError> {
        match port {
            None => self.set_port(""),
            Some(p) => {
                let mut digits = String::with_capacity(5);
                let _ = write!(digits, "{p}");
                self.set_port(&digits)
            }
        }
    }

    /// Sets the host to an IP address (the `url` crate's `set_ip_host`), through the
    /// `hostname` setter. `Err(())` when the URL has an opaque path.
    ///
    /// In a non-special URL the Standard makes an IPv4 address an opaque host (same
    /// serialization; [`Url::host_parsed`] then gives [`Host::Opaque`]).
    ///
    /// ```
    /// use std::net::{IpAddr, Ipv6Addr};
    /// let mut url = weburl::Url::parse("http://example.com:8080/a").unwrap();
    /// url.set_ip_host(IpAddr::V6(Ipv6Addr::LOCALHOST)).unwrap();
    /// assert_eq!(url.href(), "http://[::1]:8080/a");
    /// url.set_ip_host("192.168.0.1".parse().unwrap()).unwrap();
    /// assert_eq!(url.href(), "http://192.168.0.1:8080/a");
    /// assert!(weburl::Url::parse("mailto:x").unwrap().set_ip_host("1.1.1.1".parse().unwrap()).is_err());
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), ()> {
        if self.has_opaque_path() {
            return Err(());
        }
        let mut text = String::with_capacity(41);
        let _ = match address {
            IpAddr::V4(a) => write!(text, "{a}"),
            IpAddr::V6(a) => write!(text, "[{a}]"),
        };
        self.set_hostname(&text).map_err(|_| ())
    }
}

impl Origin {
    /// Whether this is a tuple origin (scheme, host, port), the `url` crate's name for
    /// `!is_opaque()`.
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::parse("https://example.com/").unwrap().origin().is_tuple());
    /// assert!(!Url::parse("data:,x").unwrap().origin().is_tuple());
    /// ```
    #[must_use]
    pub fn is_tuple(&self) -> bool {
        !self.is_opaque()
    }

    /// The Unicode serialization of an origin (HTML's former "Unicode serialization"): as
    /// [`Origin::ascii_serialization`] but with a domain's labels converted by
    /// [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode).
    ///
    /// ```
    /// use weburl::Url;
    /// let origin = Url::parse("https://xn--fa-hia.example:8443/x").unwrap().origin();
    /// assert_eq!(origin.ascii_serialization(), "https://xn--fa-hia.example:8443");
    /// assert_eq!(origin.unicode_serialization(), "https://faß.example:8443");
    /// assert_eq!(Url::parse("data:,").unwrap().origin().unicode_serialization(), "null");
    /// ```
    #[must_use]
    pub fn unicode_serialization(&self) -> String {
        match self {
            Origin::Tuple {
                scheme, host, port, ..
            } => {
                let mut s = String::with_capacity(scheme.len() + 3 + 32);
                s.push_str(scheme);
                s.push_str("://");
                s.push_str(&host.unicode_serialization());
                if let Some(port) = port {
                    let _ = write!(s, ":{port}");
                }
                s
            }
            Origin::Opaque(_) => "null".to_owned(),
        }
    }
}

impl Host {
    /// The host serialized with a domain converted by
    /// [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode) (`Display`
    /// gives the ASCII form). Other hosts serialize as `Display` does.
    ///
    /// ```
    /// use weburl::Host;
    /// assert_eq!(Host::parse("xn--ls8h.la").unwrap().unicode_serialization(), "💩.la");
    /// assert_eq!(Host::parse("[::1]").unwrap().unicode_serialization(), "[::1]");
    /// ```
    #[must_use]
    pub fn unicode_serialization(&self) -> Cow<'_, str> {
        match self {
            Host::Domain(d) => domain::domain_to_unicode(d),
            Host::Opaque(s) => Cow::Borrowed(s),
            Host::Empty => Cow::Borrowed(""),
            other => Cow::Owned(other.to_string()),
        }
    }
}

/// [Domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii) with `beStrict`
/// false, as the host parser runs it: an ASCII domain is lowercased, any other goes through
/// UTS 46 ToASCII; the result must be non-empty and free of forbidden domain code points. No
/// percent-decoding (the host parser does that before; see [`Host::parse`]) and no IPv4
/// parsing.
///
/// The `url` crate's `quirks::domain_to_ascii` returns "" on failure; this returns why.
///
/// ```
/// use weburl::{domain_to_ascii, HostError};
/// assert_eq!(domain_to_ascii("Faß.EXAMPLE").unwrap(), "xn--fa-hia.example");
/// assert_eq!(domain_to_ascii("EXAMPLE.com").unwrap(), "example.com");
/// assert_eq!(domain_to_ascii("a b"), Err(HostError::ForbiddenDomainCodePoint(' ')));
/// assert!(domain_to_ascii("").is_err());
/// ```
pub fn domain_to_ascii(domain: &str) -> Result<String, HostError> {
    let mut out = String::with_capacity(domain.len());
    domain::domain_parser_into(&mut out, domain)?;
    Ok(out)
}
