//! A policy check for URLs a server is asked to fetch: schemes, ports, credentials, hosts,
//! address spaces, and agreement between parsers.
//!
//! ```
//! use weburl::policy::{Policy, Refusal};
//! use weburl::net::AddressSpace;
//!
//! let policy = Policy::public_web(); // http(s) only, no credentials, no loopback or local
//!                                    // address, today's fetchers read the same host
//! assert!(policy.check("https://example.com/hook", None).is_ok());
//! assert!(policy.check("https://hooks.example.com?token=abc", None).is_ok());
//!
//! let refusal = policy.check("http://0x7f.1/admin", None).unwrap_err();
//! assert_eq!(refusal.rule(), "address-space");
//! assert_eq!(refusal.to_string(), "the host 127.0.0.1 is in the loopback address space (127.0.0.0/8, Loopback, RFC 1122)");
//!
//! // A filter that reads "good.com" here lets "evil.com" be fetched: engines disagree.
//! let refusal = policy.check("http://evil.com\\@good.com/", None).unwrap_err();
//! assert_eq!(refusal.rule(), "engines-disagree");
//!
//! // Every rule that failed is listed.
//! let refusal = policy.check("ftp://user@127.0.0.1/", None).unwrap_err();
//! assert_eq!(refusal.rules().collect::<Vec<_>>(), ["scheme", "credentials", "address-space"]);
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
use crate::legacy::{Engine, idna2003};
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

/// A policy described as a preset and settings that override it: the form in which the
/// Python package (`weburl.Policy(preset, *, schemes=..., ...)`) and the C library
/// (`weburl_policy_new` and its setters) take a policy, turned into a [`Policy`] by
/// [`PolicySettings::build`]. A setting left `None` takes the preset's value.
///
/// ```
/// use weburl::policy::PolicySettings;
/// let mut settings = PolicySettings::preset("public-web").unwrap();
/// settings.schemes = Some(vec!["https".into()]);
/// settings.allow_hosts.push("*.example.com".into());
/// let policy = settings.build()?;
/// assert!(policy.check("https://api.example.com/", None).is_ok());
/// assert_eq!(policy.check("http://api.example.com/", None).unwrap_err().rule(), "scheme");
/// assert_eq!(policy.check("https://127.0.0.1/", None).unwrap_err().rules().collect::<Vec<_>>(), ["address-space", "host-not-allowed"]);
/// # Ok::<(), weburl::policy::PolicyError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PolicySettings {
    /// The preset `public-web` ([`Policy::public_web`]) when true, `none` ([`Policy::new`])
    /// when false: the values of the settings left `None`.
    pub public_web: bool,
    /// The schemes allowed (`public-web`: `http`, `https`; `none`: any).
    pub schemes: Option<Vec<String>>,
    /// The ports allowed (both presets: any).
    pub ports: Option<Vec<u16>>,
    /// The address spaces refused (`public-web`: loopback and local; `none`: none).
    pub deny: Option<Vec<AddressSpace>>,
    /// Host patterns allowed ([`Policy::allow_host`]); empty: any host.
    pub allow_hosts: Vec<String>,
    /// Host patterns refused ([`Policy::deny_host`]).
    pub deny_hosts: Vec<String>,
    /// Registrable domains allowed ([`Policy::allow_registrable_domain`]); empty: any.
    pub allow_sites: Vec<String>,
    /// Registrable domains refused ([`Policy::deny_registrable_domain`]).
    pub deny_sites: Vec<String>,
    /// Whether credentials are allowed (`public-web`: no; `none`: yes).
    pub credentials: Option<bool>,
    /// Whether today's fetchers must read the same host ([`Policy::require_engine_agreement`];
    /// `public-web`: yes; `none`: no).
    pub engines_agree: Option<bool>,
    /// Whether the historical engines must agree too
    /// ([`Policy::require_historical_engine_agreement`]; both presets: no).
    pub historical_engines: bool,
}

impl PolicySettings {
    /// The settings of a preset by name, `public-web` or `none`, with nothing overridden;
    /// `None` for another name.
    ///
    /// ```
    /// use weburl::policy::PolicySettings;
    /// assert!(PolicySettings::preset("public-web").unwrap().public_web);
    /// assert!(PolicySettings::preset("open").is_none());
    /// ```
    #[must_use]
    pub fn preset(name: &str) -> Option<PolicySettings> {
        let public_web = match name {
            "public-web" => true,
            "none" => false,
            _ => return None,
        };
        Some(PolicySettings {
            public_web,
            ..PolicySettings::default()
        })
    }

    /// The policy: the preset's rules with each setting that is not `None` in their place;
    /// an error for a host pattern or domain that is not a host.
    ///
    /// ```
    /// use weburl::policy::PolicySettings;
    /// let mut settings = PolicySettings::preset("none").unwrap();
    /// settings.credentials = Some(false);
    /// let policy = settings.build()?;
    /// assert_eq!(policy.check("ftp://user@127.0.0.1/", None).unwrap_err().rules().collect::<Vec<_>>(), ["credentials"]);
    /// settings.deny_hosts.push("exa mple.com".into());
    /// assert!(settings.build().is_err());
    /// # Ok::<(), weburl::policy::PolicyError>(())
    /// ```
    pub fn build(&self) -> Result<Policy, PolicyError> {
        let public = self.public_web;
        let mut policy = Policy::new();
        let default_schemes = || vec!["http".to_owned(), "https".to_owned()];
        if let Some(schemes) = self
            .schemes
            .clone()
            .or_else(|| public.then(default_schemes))
        {
            policy = policy.allow_schemes(schemes);
        }
        if let Some(ports) = &self.ports {
            policy = policy.allow_ports(ports.iter().copied());
        }
        policy = policy.deny_spaces(match &self.deny {
            Some(spaces) => spaces.clone(),
            None if public => vec![AddressSpace::Loopback, AddressSpace::Local],
            None => Vec::new(),
        });
        for pattern in &self.allow_hosts {
            policy = policy.allow_host(pattern)?;
        }
        for pattern in &self.deny_hosts {
            policy = policy.deny_host(pattern)?;
        }
        for domain in &self.allow_sites {
            policy = policy.allow_registrable_domain(domain)?;
        }
        for domain in &self.deny_sites {
            policy = policy.deny_registrable_domain(domain)?;
        }
        if !self.credentials.unwrap_or(!public) {
            policy = policy.deny_credentials();
        }
        if self.historical_engines {
            policy = policy.require_historical_engine_agreement();
        } else if self.engines_agree.unwrap_or(public) {
            policy = policy.require_engine_agreement();
        }
        Ok(policy)
    }
}

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
    allowed_sites: Vec<String>,
    denied_sites: Vec<String>,
    no_credentials: bool,
    engines_agree: bool,
    historical_engines: bool,
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
    /// and today's fetchers read the same host as the URL Standard
    /// ([`require_engine_agreement`](Policy::require_engine_agreement)). Any port.
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

    /// Only hosts whose [registrable domain](crate::Url::registrable_domain) is this one
    /// (`example.co.uk` allows `example.co.uk`, `www.example.co.uk`, `a.b.example.co.uk`);
    /// may be called more than once. A host without a registrable domain (an IP address, a
    /// public suffix itself) matches none.
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().allow_registrable_domain("Example.CO.uk")?;
    /// assert!(p.check("https://www.example.co.uk/", None).is_ok());
    /// assert_eq!(p.check("https://example.com/", None).unwrap_err().rule(), "site-not-allowed");
    /// assert_eq!(p.check("https://co.uk/", None).unwrap_err().rule(), "site-not-allowed");
    /// # Ok::<(), weburl::policy::PolicyError>(())
    /// ```
    pub fn allow_registrable_domain(mut self, domain: &str) -> Result<Policy, PolicyError> {
        self.allowed_sites.push(registrable_pattern(domain)?);
        Ok(self)
    }

    /// Refuse hosts whose registrable domain is this one (every subdomain of a site).
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().deny_registrable_domain("evil.example")?;
    /// let e = p.check("https://cdn.EVIL.example/x", None).unwrap_err();
    /// assert_eq!(e.to_string(), "the host cdn.evil.example is denied (registrable domain evil.example)");
    /// # Ok::<(), weburl::policy::PolicyError>(())
    /// ```
    pub fn deny_registrable_domain(mut self, domain: &str) -> Result<Policy, PolicyError> {
        self.denied_sites.push(registrable_pattern(domain)?);
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

    /// Refuse input that today's fetchers read with another host than the URL Standard: the
    /// "URL parser confusion" that lets a filter and a fetcher disagree on where a URL points.
    ///
    /// The fetchers a server uses (curl, Go's `net/url`, Python's `urllib3`/`requests` and
    /// `urllib.parse`, Java's `URI`) read a URL by RFC 3986's generic syntax, and they share
    /// one reading of where the host is (the split of RFC 3986 appendix B): the scheme ends
    /// at the first `:`; an authority follows only `//` and ends at the first `/`, `?` or
    /// `#` (a `\` is an ordinary character, not a slash); the host follows the last `@` of
    /// the authority and ends at a `:` (or is a bracketed IP literal). Leading and trailing
    /// C0 controls and spaces, and tabs and newlines anywhere, are removed first, as the URL
    /// Standard and Python's `urlsplit` do (curl and Go refuse such input, so none of them
    /// fetches another host because of them). A relative reference takes the base's host
    /// unless it starts with `//`. That reading ([`Reader::Fetcher`]) must give the same
    /// host as the URL Standard (or no host when it gives none). A non-ASCII host also has a
    /// second reading: IDNA2003 (RFC 3490 ToASCII), which Python's `idna` codec (the one
    /// `socket` and `http.client` use) and Java's `IDN` still implement; where it maps the
    /// host elsewhere than the Standard's UTS 46 (`faß.example` is `fass.example` there),
    /// [`Reader::Idna2003`] disagrees.
    ///
    /// Hosts are compared as hosts: without regard to ASCII case, and through the host
    /// parser (so `EXAMPLE.com`, `0x7f.1` and `evil%2ecom` agree with `example.com`,
    /// `127.0.0.1` and `evil.com`: a fetcher reads those the same way or not at all). A
    /// reading that fails (no scheme and no base) does not count.
    ///
    /// The historical engines of [`weburl::legacy`](crate::legacy) (HTML5 2011, the 2009
    /// draft, RFC 1808, strict RFC 3986), which no fetcher uses today, are an opt-in:
    /// [`require_historical_engine_agreement`](Policy::require_historical_engine_agreement).
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().require_engine_agreement();
    /// assert!(p.check("http://EXAMPLE.com/a?b#c", None).is_ok());
    /// assert!(p.check("https://hooks.example.com?token=abc", None).is_ok());
    /// let e = p.check("https:example.com/", None).unwrap_err();
    /// assert_eq!(e.to_string(), "the engines disagree on the host: whatwg reads \"example.com\", fetcher reads no host");
    /// let e = p.check("http://evil.com\\@good.com/", None).unwrap_err();
    /// assert_eq!(e.to_string(), "the engines disagree on the host: whatwg reads \"evil.com\", fetcher reads \"good.com\"");
    /// let e = p.check("http://faß.example/", None).unwrap_err();
    /// assert_eq!(e.to_string(), "the engines disagree on the host: whatwg reads \"xn--fa-hia.example\", idna2003 reads \"fass.example\"");
    /// ```
    #[must_use]
    pub fn require_engine_agreement(mut self) -> Policy {
        self.engines_agree = true;
        self
    }

    /// [`require_engine_agreement`](Policy::require_engine_agreement), and also every engine
    /// of [`weburl::legacy`](crate::legacy) that parses the input must read the URL
    /// Standard's host: HTML5 2011, the 2009 draft, strict RFC 3986 and RFC 1808. RFC 1808
    /// reads `http://hooks.example.com?token=abc` with the host `hooks.example.com?token=abc`,
    /// so this refuses URLs that no fetcher in use today reads otherwise; for auditing
    /// software that still parses URLs by those rules.
    ///
    /// ```
    /// use weburl::policy::Policy;
    /// let url = "https://hooks.example.com?token=abc";
    /// assert!(Policy::new().require_engine_agreement().check(url, None).is_ok());
    /// let e = Policy::new().require_historical_engine_agreement().check(url, None).unwrap_err();
    /// assert_eq!(e.to_string(), "the engines disagree on the host: whatwg reads \"hooks.example.com\", rfc1808 reads \"hooks.example.com?token=abc\"");
    /// ```
    #[must_use]
    pub fn require_historical_engine_agreement(mut self) -> Policy {
        self.engines_agree = true;
        self.historical_engines = true;
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
            .map_err(|e| Refusal::from(Reason::Unparsable(e)))?;
        let mut reasons = Vec::new();
        self.check_rules(&url, &mut reasons);
        if self.engines_agree {
            self.engines_agree(&url, input, base, &mut reasons);
        }
        Refusal::from_reasons(reasons)?;
        Ok(url)
    }

    /// Every rule but engine agreement; each one that fails adds its reason.
    fn check_rules(&self, url: &Url, reasons: &mut Vec<Reason>) {
        if let Some(schemes) = &self.schemes
            && !schemes.iter().any(|s| s == url.scheme())
        {
            reasons.push(Reason::Scheme {
                scheme: url.scheme().to_owned(),
            });
        }
        if self.no_credentials && url.includes_credentials() {
            reasons.push(Reason::Credentials);
        }
        if let Some(ports) = &self.ports {
            let port = url.port_or_default();
            if !port.is_some_and(|p| ports.contains(&p)) {
                reasons.push(Reason::Port { port });
            }
        }
        let needs_host = !self.denied_spaces.is_empty()
            || !self.allowed_hosts.is_empty()
            || !self.denied_hosts.is_empty()
            || !self.allowed_sites.is_empty()
            || !self.denied_sites.is_empty();
        let host = url.hostname();
        if needs_host && (!url.has_host() || host.is_empty()) {
            // The host rules have nothing to look at.
            reasons.push(Reason::NoHost);
            return;
        }
        if let Some(pattern) = self.denied_hosts.iter().find(|p| p.matches(host)) {
            reasons.push(Reason::HostDenied {
                host: host.to_owned(),
                pattern: pattern.to_string(),
            });
        }
        let site = url.registrable_domain();
        if let Some(site) = site
            && self.denied_sites.iter().any(|d| d == site)
        {
            reasons.push(Reason::SiteDenied {
                host: host.to_owned(),
                registrable_domain: site.to_owned(),
            });
        }
        if let Some(space) = url.address_space()
            && self.denied_spaces.contains(&space)
        {
            reasons.push(Reason::AddressSpace {
                host: host.to_owned(),
                space,
                block: url.special_block(),
            });
        }
        if !self.allowed_hosts.is_empty() && !self.allowed_hosts.iter().any(|p| p.matches(host)) {
            reasons.push(Reason::HostNotAllowed {
                host: host.to_owned(),
            });
        }
        if !self.allowed_sites.is_empty()
            && !site.is_some_and(|site| self.allowed_sites.iter().any(|d| d == site))
        {
            reasons.push(Reason::SiteNotAllowed {
                host: host.to_owned(),
            });
        }
    }

    /// The engine-agreement rule: the first reading that disagrees with the URL Standard's
    /// host, if any, adds its reason.
    fn engines_agree(&self, url: &Url, input: &str, base: Option<&Url>, reasons: &mut Vec<Reason>) {
        let whatwg = url.has_host().then(|| url.hostname());
        let disagree = |reader: Reader, other: Option<&str>| -> Option<Reason> {
            let agree = match (whatwg, other) {
                (None, None) => true,
                (Some(w), Some(o)) => same_host(url, w, o),
                _ => false,
            };
            (!agree).then(|| Reason::EnginesDisagree {
                whatwg_host: whatwg.map(str::to_owned),
                reader,
                reader_host: other.map(str::to_owned),
            })
        };
        let mut found = None;
        if let Some(fetched) = fetcher_host(input, base) {
            found = disagree(Reader::Fetcher, fetched.as_deref());
            if found.is_none()
                && let Some(host) = fetched.as_deref().filter(|h| !h.is_ascii())
                && let Ok(ascii) = idna2003::domain_to_ascii(host)
            {
                found = disagree(Reader::Idna2003, Some(&ascii));
            }
        }
        if found.is_none() && self.historical_engines {
            let base = base.map(Url::href);
            found = Engine::ALL[1..].iter().find_map(|&engine| {
                let resolved = engine.resolve(input, base, None).ok()?;
                disagree(Reader::Engine(engine), resolved.host())
            });
        }
        reasons.extend(found);
    }
}

/// What today's fetchers read as the host of `input` (see
/// [`Policy::require_engine_agreement`]): `Some(Some(host))`, `Some(None)` when they read no
/// host, `None` when there is no reading (a relative reference without a base, a bracket
/// that is not closed).
fn fetcher_host(input: &str, base: Option<&Url>) -> Option<Option<String>> {
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let cleaned;
    let text = if trimmed.contains(['\t', '\n', '\r']) {
        cleaned = trimmed.replace(['\t', '\n', '\r'], "");
        cleaned.as_str()
    } else {
        trimmed
    };
    // RFC 3986 appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?`, with a scheme as section 3.1
    // writes it (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), which the fetchers check.
    let rest = match text.find([':', '/', '?', '#']) {
        Some(colon)
            if text.as_bytes()[colon] == b':'
                && text.as_bytes()[0].is_ascii_alphabetic()
                && text[..colon]
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')) =>
        {
            Some(&text[colon + 1..])
        }
        _ => None,
    };
    let after_scheme = rest.unwrap_or(text);
    let Some(authority) = after_scheme.strip_prefix("//") else {
        return match rest {
            Some(_) => Some(None),
            None => base.map(|base| base.has_host().then(|| base.hostname().to_owned())),
        };
    };
    let authority = &authority[..authority.find(['/', '?', '#']).unwrap_or(authority.len())];
    let host_port = authority
        .rfind('@')
        .map_or(authority, |at| &authority[at + 1..]);
    let host = if host_port.starts_with('[') {
        &host_port[..=host_port.find(']')?]
    } else {
        &host_port[..host_port.find(':').unwrap_or(host_port.len())]
    };
    Some(Some(host.to_owned()))
}

/// A registrable-domain rule: the domain through the host parser (case, IDNA).
fn registrable_pattern(domain: &str) -> Result<String, PolicyError> {
    match Host::parse(domain) {
        Ok(Host::Domain(d)) => Ok(d),
        Ok(_) => Err(PolicyError::BadHost {
            pattern: domain.to_owned(),
            reason: "a registrable domain is a domain, not an IP address".to_owned(),
        }),
        Err(e) => Err(PolicyError::BadHost {
            pattern: domain.to_owned(),
            reason: e.to_string(),
        }),
    }
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

/// Why a [`Policy`] refused a URL: every rule that failed, in the order the rules are
/// checked (scheme, credentials, port, host rules, address space, allow lists, engine
/// agreement), never none. An input that does not parse has one reason,
/// [`Reason::Unparsable`]; a URL without a host checked against a host rule gets
/// [`Reason::NoHost`] instead of each host rule. `Display` writes the reasons joined by `; `.
///
/// ```
/// use weburl::policy::{Policy, Reason};
/// let e = Policy::public_web().check("http://169.254.169.254/", None).unwrap_err();
/// assert!(matches!(e.reasons(), [Reason::AddressSpace { .. }]));
/// assert_eq!(e.rule(), "address-space");
///
/// let e = Policy::public_web().check("ftp://u:p@[::1]/", None).unwrap_err();
/// assert_eq!(e.rules().collect::<Vec<_>>(), ["scheme", "credentials", "address-space"]);
/// assert_eq!(e.to_string(), "the scheme \"ftp\" is not allowed; the URL has credentials; \
///     the host [::1] is in the loopback address space (::1/128, Loopback Address, RFC 4291)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Never empty.
    reasons: Vec<Reason>,
}

impl Refusal {
    /// The refusal of these reasons; `Ok` when there is none.
    fn from_reasons(reasons: Vec<Reason>) -> Result<(), Refusal> {
        if reasons.is_empty() {
            Ok(())
        } else {
            Err(Refusal { reasons })
        }
    }

    /// Every rule that failed, each with what was found, in the order they are checked.
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().deny_credentials().allow_ports([443]);
    /// let e = p.check("http://a:b@c/", None).unwrap_err();
    /// assert_eq!(e.reasons().len(), 2);
    /// assert_eq!(e.reasons()[1].to_string(), "the port 80 is not allowed");
    /// ```
    #[must_use]
    pub fn reasons(&self) -> &[Reason] {
        &self.reasons
    }

    /// The names of the rules that failed ([`Reason::rule`]), in order.
    ///
    /// ```
    /// let p = weburl::policy::Policy::new().deny_credentials().allow_ports([443]);
    /// let e = p.check("http://a:b@c/", None).unwrap_err();
    /// assert_eq!(e.rules().collect::<Vec<_>>(), ["credentials", "port"]);
    /// ```
    pub fn rules(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.reasons.iter().map(Reason::rule)
    }

    /// The name of the first rule that failed (see [`Reason::rule`]).
    ///
    /// ```
    /// let e = weburl::policy::Policy::new().deny_credentials().check("http://a:b@c/", None).unwrap_err();
    /// assert_eq!(e.rule(), "credentials");
    /// ```
    #[must_use]
    pub fn rule(&self) -> &'static str {
        self.reasons[0].rule()
    }
}

impl From<Reason> for Refusal {
    fn from(reason: Reason) -> Refusal {
        Refusal {
            reasons: vec![reason],
        }
    }
}

impl<'a> IntoIterator for &'a Refusal {
    type Item = &'a Reason;
    type IntoIter = std::slice::Iter<'a, Reason>;

    fn into_iter(self) -> Self::IntoIter {
        self.reasons.iter()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, reason) in self.reasons.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{reason}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Refusal {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.reasons[0] {
            Reason::Unparsable(e) => Some(e),
            _ => None,
        }
    }
}

/// Which reading of the input disagreed with the URL Standard's host, in
/// [`Reason::EnginesDisagree`].
///
/// ```
/// use weburl::policy::Reader;
/// assert_eq!(Reader::Fetcher.name(), "fetcher");
/// assert_eq!(Reader::Engine(weburl::legacy::Engine::Rfc1808).to_string(), "rfc1808");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reader {
    /// The generic split of RFC 3986 as today's fetchers (curl, Go, Python, Java) read a URL
    /// (see [`Policy::require_engine_agreement`]): not the strict RFC 3986 grammar, which is
    /// the historical engine [`Engine::Rfc3986`].
    Fetcher,
    /// IDNA2003 (RFC 3490) on a non-ASCII host, as Python's `idna` codec and Java's `IDN` map
    /// it.
    Idna2003,
    /// A historical engine of [`weburl::legacy`](crate::legacy)
    /// ([`Policy::require_historical_engine_agreement`]).
    Engine(Engine),
}

impl Reader {
    /// `fetcher`, `idna2003`, or the engine's [name](Engine::name).
    ///
    /// ```
    /// assert_eq!(weburl::policy::Reader::Idna2003.name(), "idna2003");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Reader::Fetcher => "fetcher",
            Reader::Idna2003 => "idna2003",
            Reader::Engine(engine) => engine.name(),
        }
    }
}

impl fmt::Display for Reader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One rule a URL failed, in a [`Refusal`]. [`Reason::rule`] names the rule; `Display` says
/// what was found.
///
/// ```
/// use weburl::policy::{Policy, Reason};
/// let e = Policy::new().allow_schemes(["https"]).check("http://a/", None).unwrap_err();
/// assert_eq!(e.reasons()[0], Reason::Scheme { scheme: "http".to_owned() });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
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
    /// The host's registrable domain is denied.
    SiteDenied {
        /// The URL's host.
        host: String,
        /// Its registrable domain.
        registrable_domain: String,
    },
    /// Allowed registrable domains are listed, and the host's is none of them (or it has
    /// none).
    SiteNotAllowed {
        /// The URL's host.
        host: String,
    },
    /// Another reading of the same input finds a different host (or none).
    EnginesDisagree {
        /// The URL Standard's host (`None`: no host).
        whatwg_host: Option<String>,
        /// The first reading that disagrees.
        reader: Reader,
        /// That reading's host (`None`: no host).
        reader_host: Option<String>,
    },
}

impl Reason {
    /// The rule that refused: `unparsable`, `scheme`, `credentials`, `port`, `host-missing`,
    /// `host-denied`, `site-denied`, `address-space`, `host-not-allowed`, `site-not-allowed`
    /// or `engines-disagree`.
    ///
    /// ```
    /// let e = weburl::policy::Policy::new().deny_credentials().check("http://a:b@c/", None).unwrap_err();
    /// assert_eq!(e.reasons()[0].rule(), "credentials");
    /// ```
    #[must_use]
    pub fn rule(&self) -> &'static str {
        match self {
            Reason::Unparsable(_) => "unparsable",
            Reason::Scheme { .. } => "scheme",
            Reason::Credentials => "credentials",
            Reason::Port { .. } => "port",
            Reason::NoHost => "host-missing",
            Reason::HostDenied { .. } => "host-denied",
            Reason::AddressSpace { .. } => "address-space",
            Reason::HostNotAllowed { .. } => "host-not-allowed",
            Reason::SiteDenied { .. } => "site-denied",
            Reason::SiteNotAllowed { .. } => "site-not-allowed",
            Reason::EnginesDisagree { .. } => "engines-disagree",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Unparsable(e) => write!(f, "not a URL: {e}"),
            Reason::Scheme { scheme } => write!(f, "the scheme {scheme:?} is not allowed"),
            Reason::Credentials => f.write_str("the URL has credentials"),
            Reason::Port { port: Some(p) } => write!(f, "the port {p} is not allowed"),
            Reason::Port { port: None } => f.write_str("the URL has no port and no default port"),
            Reason::NoHost => f.write_str("the URL has no host"),
            Reason::HostDenied { host, pattern } => {
                write!(f, "the host {host} is denied (rule {pattern})")
            }
            Reason::AddressSpace { host, space, block } => {
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
            Reason::HostNotAllowed { host } => write!(f, "the host {host} is not allowed"),
            Reason::SiteDenied {
                host,
                registrable_domain,
            } => write!(
                f,
                "the host {host} is denied (registrable domain {registrable_domain})"
            ),
            Reason::SiteNotAllowed { host } => {
                write!(f, "the site of the host {host} is not allowed")
            }
            Reason::EnginesDisagree {
                whatwg_host,
                reader,
                reader_host,
            } => {
                let show = |h: &Option<String>| match h {
                    Some(h) => format!("{h:?}"),
                    None => "no host".to_owned(),
                };
                let whatwg = match whatwg_host {
                    Some(h) => format!("reads {h:?}"),
                    None => "reads no host".to_owned(),
                };
                let other = match reader_host {
                    Some(_) => format!("reads {}", show(reader_host)),
                    None => "reads no host".to_owned(),
                };
                write!(
                    f,
                    "the engines disagree on the host: whatwg {whatwg}, {reader} {other}"
                )
            }
        }
    }
}

impl Url {
    /// Checks this URL against `policy` (see [`Policy`]). The engine-agreement rule reads the
    /// URL's href here; to catch parser confusion in what a user typed, check the input
    /// itself with [`Policy::check`].
    ///
    /// ```
    /// use weburl::{Url, policy::Policy};
    /// let url = Url::parse("http://0300.0250.1.1/")?;
    /// assert_eq!(url.check(&Policy::public_web()).unwrap_err().to_string(),
    ///            "the host 192.168.1.1 is in the local address space (192.168.0.0/16, Private-Use, RFC 1918)");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    pub fn check(&self, policy: &Policy) -> Result<(), Refusal> {
        let mut reasons = Vec::new();
        policy.check_rules(self, &mut reasons);
        if policy.engines_agree {
            policy.engines_agree(self, self.href(), None, &mut reasons);
        }
        Refusal::from_reasons(reasons)
    }
}
