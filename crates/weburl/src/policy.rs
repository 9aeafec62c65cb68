//! A policy check for URLs a server is asked to fetch: schemes, ports, credentials, hosts,
//! address spaces, and agreement between parsers.
//!
//! ```
//! use weburl::policy::{Policy, Refusal};
//! use weburl::net::AddressSpace;
//!
//! let policy = Policy::public_web(); // http(s) only, no credentials, no loopback or local
//!                                    // address, every engine reads the same host
//! assert!(policy.check("https://example.com/hook", None).is_ok());
//!
//! let refusal = policy.check("http://0x7f.1/admin", None).unwrap_err();
//! assert_eq!(refusal.rule(), "address-space");
//! assert_eq!(refusal.to_string(), "the host 127.0.0.1 is in the loopback address space (127.0.0.0/8, Loopback, RFC 1122)");
//!
//! // A filter that reads "good.com" here lets "evil.com" be fetched: engines disagree.
//! let refusal = policy.check("http://evil.com\\@good.com/", None).unwrap_err();
//! assert_eq!(refusal.rule(), "engines-disagree");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every rule must pass: an allow list restricts, it never exempts from another rule. A
//! domain other than `localhost` has no address space until it is resolved, so a check that
//! passes is not the end: `docs/SECURITY.md` says what a caller must still do (resolve the
//! name, check every address with [`ip_address_space`](crate::net::ip_address_space), connect
//! to the address that was checked, check each redirect again).

use std::fmt;

use crate::host::Host;
use crate::legacy::Engine;
use crate::net::{AddressSpace, SpecialBlock};
use crate::{ParseError, Url};

/// A host rule of a [`Policy`]: an exact host (`example.com`, `10.0.0.1`, `[::1]`), or
/// `*.example.com` for every subdomain of `example.com` (not `example.com` itself). Written
/// hosts go through the host parser, so `EXAMPLE.com`, `faß.example` and `0x7f.1` match
/// what a URL's host serializes to.
///
/// ```
/// use weburl::policy::HostPattern;
/// let p: HostPattern = "*.Example.COM".parse().unwrap();
/// assert!(p.matches("api.example.com") && !p.matches("example.com"));
/// assert!("0x7f.1".parse::<HostPattern>().unwrap().matches("127.0.0.1"));
/// assert_eq!(p.to_string(), "*.example.com");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HostPattern {
    host: String,
    subdomains: bool,
}

impl HostPattern {
    /// Whether a serialized host (a URL's `hostname`) matches.
    ///
    /// ```
    /// let p: weburl::policy::HostPattern = "[0::1]".parse().unwrap();
    /// assert!(p.matches("[::1]"));
    /// ```
    #[must_use]
    pub fn matches(&self, host: &str) -> bool {
        if self.subdomains {
            host.len() > self.host.len() + 1
                && host.ends_with(self.host.as_str())
                && host.as_bytes()[host.len() - self.host.len() - 1] == b'.'
        } else {
            host == self.host
        }
    }
}

impl fmt::Display for HostPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.subdomains {
            f.write_str("*.")?;
        }
        f.write_str(&self.host)
    }
}

impl std::str::FromStr for HostPattern {
    type Err = PolicyError;

    fn from_str(s: &str) -> Result<HostPattern, PolicyError> {
        let (rest, subdomains) = match s.strip_prefix("*.") {
            Some(rest) => (rest, true),
            None => (s, false),
        };
        let host = Host::parse(rest).map_err(|e| PolicyError::BadHost {
            pattern: s.to_owned(),
            reason: e.to_string(),
        })?;
        if subdomains && !matches!(host, Host::Domain(_)) {
            return Err(PolicyError::BadHost {
                pattern: s.to_owned(),
                reason: "only a domain has subdomains".to_owned(),
            });
        }
        Ok(HostPattern {
            host: host.to_string(),
            subdomains,
        })
    }
}

/// A [`Policy`] that could not be built: a host pattern that does not parse.
///
/// ```
/// let e = weburl::policy::Policy::new().deny_host("exa mple.com").unwrap_err();
/// assert_eq!(e.to_string(), "host rule \"exa mple.com\": the domain contains the forbidden code point ' '");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PolicyError {
    /// A host pattern is not a host.
    BadHost {
        /// The pattern as written.
        pattern: String,
        /// Why the host parser refused it.
        reason: String,
    },
}

impl fmt::Display for PolicyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolicyError::BadHost { pattern, reason } => {
                write!(f, "host rule {pattern:?}: {reason}")
            }
        }
    }
}

impl std::error::Error for PolicyError {}

/// The rules a URL must pass. Built from [`Policy::new`] (which refuses nothing) or
/// [`Policy::public_web`], then narrowed with the builder methods.
///
/// ```
/// use weburl::{Url, policy::Policy, net::AddressSpace};
/// let policy = Policy::new()
///     .allow_schemes(["https"])
///     .allow_ports([443, 8443])
///     .deny_spaces([AddressSpace::Loopback, AddressSpace::Local])
///     .allow_host("*.example.com")?;
/// assert!(Url::parse("https://api.example.com:8443/")?.check(&policy).is_ok());
/// assert_eq!(Url::parse("https://example.org/")?.check(&policy).unwrap_err().rule(), "host-not-allowed");
/// assert_eq!(Url::parse("https://api.example.com:444/")?.check(&policy).unwrap_err().rule(), "port");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Policy {
    schemes: Option<Vec<String>>,
    ports: Option<Vec<u16>>,
    denied_spaces: Vec<AddressSpace>,
    allowed_hosts: Vec<HostPattern>,
    denied_hosts: Vec<HostPattern>,
    no_credentials: bool,
    engines_agree: bool,
}

impl Policy {
    /// A policy that refuses nothing but input that does not parse.
    ///
    /// ```
    /// assert!(weburl::policy::Policy::new().check("http://127.0.0.1/", None).is_ok());
    /// ```
    #[must_use]
    pub fn new() -> Policy {
        Policy::default()
    }

    /// The usual policy for fetching URLs that users give a server (webhooks, link previews,
    /// importers): schemes `http` and `https`, no credentials, no loopback or local address,
    /// and every engine of [`weburl::legacy`](crate::legacy) that parses the input reads the
    /// same host. Any port.
    ///
    /// ```
    /// use weburl::policy::Policy;
    /// let p = Policy::public_web();
    /// assert_eq!(p.check("http://[::ffff:10.0.0.1]/", None).unwrap_err().rule(), "address-space");
    /// assert_eq!(p.check("ftp://example.com/", None).unwrap_err().rule(), "scheme");
    /// assert_eq!(p.check("https://user:pw@example.com/", None).unwrap_err().rule(), "credentials");
    /// ```
    #[must_use]
    pub fn public_web() -> Policy {
        Policy::new()
            .allow_schemes(["http", "https"])
            .deny_credentials()
            .deny_spaces([AddressSpace::Loopback, AddressSpace::Local])
            .require_engine_agreement()
    }

    /// Only these schemes (compared without regard to ASCII case).
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().allow_schemes(["HTTPS"]);
    /// assert!(p.check("https://a/", None).is_ok() && p.check("http://a/", None).is_err());
    /// ```
    #[must_use]
    pub fn allow_schemes<I, S>(mut self, schemes: I) -> Policy
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.schemes
            .get_or_insert_with(Vec::new)
            .extend(schemes.into_iter().map(|s| s.as_ref().to_ascii_lowercase()));
        self
    }

    /// Only these ports, compared with the URL's port or its scheme's default port; a URL
    /// with neither (a non-special scheme without a port) is refused.
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().allow_ports([443]);
    /// assert!(p.check("https://a/", None).is_ok());
    /// assert_eq!(p.check("https://a:444/", None).unwrap_err().to_string(), "the port 444 is not allowed");
    /// ```
    #[must_use]
    pub fn allow_ports<I: IntoIterator<Item = u16>>(mut self, ports: I) -> Policy {
        self.ports.get_or_insert_with(Vec::new).extend(ports);
        self
    }

    /// Refuse hosts in this address space.
    ///
    /// ```
    /// use weburl::{policy::Policy, net::AddressSpace};
    /// let p = Policy::new().deny_space(AddressSpace::Loopback);
    /// assert!(p.check("http://2130706433/", None).is_err());
    /// assert!(p.check("http://10.0.0.1/", None).is_ok());
    /// ```
    #[must_use]
    pub fn deny_space(mut self, space: AddressSpace) -> Policy {
        if !self.denied_spaces.contains(&space) {
            self.denied_spaces.push(space);
        }
        self
    }

    /// Refuse hosts in any of these address spaces.
    ///
    /// ```
    /// use weburl::{policy::Policy, net::AddressSpace};
    /// let p = Policy::new().deny_spaces([AddressSpace::Local]);
    /// assert!(p.check("http://169.254.169.254/", None).is_err());
    /// ```
    #[must_use]
    pub fn deny_spaces<I: IntoIterator<Item = AddressSpace>>(self, spaces: I) -> Policy {
        spaces.into_iter().fold(self, Policy::deny_space)
    }

    /// Only hosts that match one of the allowed patterns (see [`HostPattern`]); may be called
    /// more than once.
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().allow_host("example.com")?.allow_host("*.example.com")?;
    /// assert!(p.check("https://example.com/", None).is_ok());
    /// assert!(p.check("https://a.b.example.com/", None).is_ok());
    /// assert!(p.check("https://example.com.evil.net/", None).is_err());
    /// # Ok::<(), weburl::policy::PolicyError>(())
    /// ```
    pub fn allow_host(mut self, pattern: &str) -> Result<Policy, PolicyError> {
        self.allowed_hosts.push(pattern.parse()?);
        Ok(self)
    }

    /// Refuse hosts that match this pattern (see [`HostPattern`]).
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().deny_host("*.internal.example")?;
    /// assert_eq!(p.check("http://db.INTERNAL.example/", None).unwrap_err().rule(), "host-denied");
    /// # Ok::<(), weburl::policy::PolicyError>(())
    /// ```
    pub fn deny_host(mut self, pattern: &str) -> Result<Policy, PolicyError> {
        self.denied_hosts.push(pattern.parse()?);
        Ok(self)
    }

    /// Refuse URLs with a username or password.
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().deny_credentials();
    /// assert!(p.check("http://u@example.com/", None).is_err());
    /// ```
    #[must_use]
    pub fn deny_credentials(mut self) -> Policy {
        self.no_credentials = true;
        self
    }

    /// Refuse input that the engines of [`weburl::legacy`](crate::legacy) read with different
    /// hosts: the "URL parser confusion" that lets a filter and a fetcher disagree on where a
    /// URL points. An engine that fails to parse the input does not count; one that reads no
    /// host where the URL Standard reads one does. Hosts are compared as hosts: without
    /// regard to ASCII case, and through the host parser (so `EXAMPLE.com`, `faß.example` and
    /// `0x7f.1` agree with `example.com`, `xn--fa-hia.example` and `127.0.0.1`).
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().require_engine_agreement();
    /// assert!(p.check("http://EXAMPLE.com/a?b#c", None).is_ok());
    /// let e = p.check("https:example.com/", None).unwrap_err();
    /// assert_eq!(e.to_string(), "the engines disagree on the host: whatwg reads \"example.com\", html5-2011 reads no host");
    /// ```
    #[must_use]
    pub fn require_engine_agreement(mut self) -> Policy {
        self.engines_agree = true;
        self
    }

    /// Parses `input` (against `base`) and checks it: the same rules as [`Url::check`], with
    /// the engines run on the input as given, which is where parser confusion lives.
    ///
    /// ```
    /// use weburl::{Url, policy::Policy};
    /// let base = Url::parse("https://example.com/")?;
    /// let url = Policy::public_web().check("/hooks/1", Some(&base))?;
    /// assert_eq!(url.href(), "https://example.com/hooks/1");
    /// assert_eq!(Policy::public_web().check("http://[::1", None).unwrap_err().rule(), "unparsable");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, input: &str, base: Option<&Url>) -> Result<Url, Refusal> {
        let url = Url::options()
            .base(base)
            .parse(input)
            .map_err(Refusal::Unparsable)?;
        self.check_rules(&url)?;
        if self.engines_agree {
            engines_agree(&url, input, base.map(Url::href))?;
        }
        Ok(url)
    }

    fn check_rules(&self, url: &Url) -> Result<(), Refusal> {
        if let Some(schemes) = &self.schemes
            && !schemes.iter().any(|s| s == url.scheme())
        {
            return Err(Refusal::Scheme {
                scheme: url.scheme().to_owned(),
            });
        }
        if self.no_credentials && url.includes_credentials() {
            return Err(Refusal::Credentials);
        }
        if let Some(ports) = &self.ports {
            let port = url.port_or_default();
            if !port.is_some_and(|p| ports.contains(&p)) {
                return Err(Refusal::Port { port });
            }
        }
        let needs_host = !self.denied_spaces.is_empty()
            || !self.allowed_hosts.is_empty()
            || !self.denied_hosts.is_empty();
        let host = url.hostname();
        if needs_host && (!url.has_host() || host.is_empty()) {
            return Err(Refusal::NoHost);
        }
        if let Some(pattern) = self.denied_hosts.iter().find(|p| p.matches(host)) {
            return Err(Refusal::HostDenied {
                host: host.to_owned(),
                pattern: pattern.to_string(),
            });
        }
        if let Some(space) = url.address_space()
            && self.denied_spaces.contains(&space)
        {
            return Err(Refusal::AddressSpace {
                host: host.to_owned(),
                space,
                block: url.special_block(),
            });
        }
        if !self.allowed_hosts.is_empty() && !self.allowed_hosts.iter().any(|p| p.matches(host)) {
            return Err(Refusal::HostNotAllowed {
                host: host.to_owned(),
            });
        }
        Ok(())
    }
}

/// Every engine that parses `input` must read the same host as the URL Standard.
fn engines_agree(url: &Url, input: &str, base: Option<&str>) -> Result<(), Refusal> {
    let whatwg = url.has_host().then(|| url.hostname());
    for engine in Engine::ALL {
        if engine == Engine::Whatwg {
            continue;
        }
        let Ok(resolved) = engine.resolve(input, base, None) else {
            continue;
        };
        let other = resolved.host();
        let agree = match (whatwg, other) {
            (None, None) => true,
            (Some(w), Some(o)) => same_host(url, w, o),
            _ => false,
        };
        if !agree {
            return Err(Refusal::EnginesDisagree {
                whatwg_host: whatwg.map(str::to_owned),
                engine,
                engine_host: other.map(str::to_owned),
            });
        }
    }
    Ok(())
}

/// Whether another engine's host names the same host as the URL Standard's serialized `host`.
fn same_host(url: &Url, host: &str, other: &str) -> bool {
    if host.eq_ignore_ascii_case(other) {
        return true;
    }
    let parsed = if url.is_special() {
        Host::parse(other)
    } else {
        Host::parse_opaque(other)
    };
    parsed.is_ok_and(|h| h.to_string().eq_ignore_ascii_case(host))
}

/// Why a [`Policy`] refused a URL. [`Refusal::rule`] names the rule; `Display` says what
/// was found.
///
/// ```
/// use weburl::policy::{Policy, Refusal};
/// let e = Policy::public_web().check("http://169.254.169.254/", None).unwrap_err();
/// assert!(matches!(e, Refusal::AddressSpace { .. }));
/// assert_eq!(e.rule(), "address-space");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refusal {
    /// The input is not a URL.
    Unparsable(ParseError),
    /// The scheme is not allowed.
    Scheme {
        /// The URL's scheme.
        scheme: String,
    },
    /// The URL has a username or password.
    Credentials,
    /// The port (or the scheme's default port) is not allowed; `None` when there is neither.
    Port {
        /// The URL's port, or its scheme's default.
        port: Option<u16>,
    },
    /// A host rule or address-space rule applies, and the URL has no host (or an empty one).
    NoHost,
    /// The host matches a denied pattern.
    HostDenied {
        /// The URL's host.
        host: String,
        /// The pattern it matched.
        pattern: String,
    },
    /// The host is in a denied address space.
    AddressSpace {
        /// The URL's host.
        host: String,
        /// Its address space.
        space: AddressSpace,
        /// Its IANA special-purpose block, for an IP address.
        block: Option<&'static SpecialBlock>,
    },
    /// Allowed hosts are listed, and the host matches none of them.
    HostNotAllowed {
        /// The URL's host.
        host: String,
    },
    /// Another engine reads a different host (or none) from the same input.
    EnginesDisagree {
        /// The URL Standard's host (`None`: no host).
        whatwg_host: Option<String>,
        /// The first engine that disagrees.
        engine: Engine,
        /// That engine's host (`None`: no host).
        engine_host: Option<String>,
    },
}

impl Refusal {
    /// The rule that refused: `unparsable`, `scheme`, `credentials`, `port`, `host-missing`,
    /// `host-denied`, `address-space`, `host-not-allowed` or `engines-disagree`.
    ///
    /// ```
    /// let e = weburl::policy::Policy::new().deny_credentials().check("http://a:b@c/", None).unwrap_err();
    /// assert_eq!(e.rule(), "credentials");
    /// ```
    #[must_use]
    pub fn rule(&self) -> &'static str {
        match self {
            Refusal::Unparsable(_) => "unparsable",
            Refusal::Scheme { .. } => "scheme",
            Refusal::Credentials => "credentials",
            Refusal::Port { .. } => "port",
            Refusal::NoHost => "host-missing",
            Refusal::HostDenied { .. } => "host-denied",
            Refusal::AddressSpace { .. } => "address-space",
            Refusal::HostNotAllowed { .. } => "host-not-allowed",
            Refusal::EnginesDisagree { .. } => "engines-disagree",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Unparsable(e) => write!(f, "not a URL: {e}"),
            Refusal::Scheme { scheme } => write!(f, "the scheme {scheme:?} is not allowed"),
            Refusal::Credentials => f.write_str("the URL has credentials"),
            Refusal::Port { port: Some(p) } => write!(f, "the port {p} is not allowed"),
            Refusal::Port { port: None } => f.write_str("the URL has no port and no default port"),
            Refusal::NoHost => f.write_str("the URL has no host"),
            Refusal::HostDenied { host, pattern } => {
                write!(f, "the host {host} is denied (rule {pattern})")
            }
            Refusal::AddressSpace { host, space, block } => {
                write!(f, "the host {host} is in the {space} address space")?;
                if let Some(block) = block {
                    write!(
                        f,
                        " ({}, {}, {})",
                        block.prefix, block.name, block.reference
                    )?;
                }
                Ok(())
            }
            Refusal::HostNotAllowed { host } => write!(f, "the host {host} is not allowed"),
            Refusal::EnginesDisagree {
                whatwg_host,
                engine,
                engine_host,
            } => {
                let show = |h: &Option<String>| match h {
                    Some(h) => format!("{h:?}"),
                    None => "no host".to_owned(),
                };
                let whatwg = match whatwg_host {
                    Some(h) => format!("reads {h:?}"),
                    None => "reads no host".to_owned(),
                };
                let other = match engine_host {
                    Some(_) => format!("reads {}", show(engine_host)),
                    None => "reads no host".to_owned(),
                };
                write!(
                    f,
                    "the engines disagree on the host: whatwg {whatwg}, {engine} {other}"
                )
            }
        }
    }
}

impl std::error::Error for Refusal {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Refusal::Unparsable(e) => Some(e),
            _ => None,
        }
    }
}

impl Url {
    /// Checks this URL against `policy` (see [`Policy`]). The engine-agreement rule runs the
    /// engines on the URL's href here; to catch parser confusion in what a user typed, check
    /// the input itself with [`Policy::check`].
    ///
    /// ```
    /// use weburl::{Url, policy::Policy};
    /// let url = Url::parse("http://0300.0250.1.1/")?;
    /// assert_eq!(url.check(&Policy::public_web()).unwrap_err().to_string(),
    ///            "the host 192.168.1.1 is in the local address space (192.168.0.0/16, Private-Use, RFC 1918)");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn check(&self, policy: &Policy) -> Result<(), Refusal> {
        policy.check_rules(self)?;
        if policy.engines_agree {
            engines_agree(self, self.href(), None)?;
        }
        Ok(())
    }
}
