//! `weburl.Policy` and `weburl.Refused`: the library's `weburl::policy`, for checking URLs
//! that users hand a server before fetching them.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use weburl::net::AddressSpace;
use weburl::policy::{Policy, Refusal};

use crate::text::usv;
use crate::url::{PyUrl, with_base};

pyo3::create_exception!(
    weburl,
    Refused,
    crate::URLError,
    "A URL that a :class:`Policy` refuses (a subclass of :class:`URLError`, so of ValueError).\n\n\
     ``rule`` names the rule that refused: ``'unparsable'``, ``'scheme'``, ``'credentials'``,\n\
     ``'port'``, ``'host-missing'``, ``'host-denied'``, ``'site-denied'``, ``'address-space'``,\n\
     ``'host-not-allowed'``, ``'site-not-allowed'`` or ``'engines-disagree'`` (the first that\n\
     failed); ``rules`` is a tuple of every rule that failed; the message says why, rule by\n\
     rule (joined by ``'; '``).\n\n\
     >>> import weburl\n\
     >>> try:\n\
     ...     weburl.Policy().check('ftp://user@0x7f.1/')\n\
     ... except weburl.Refused as e:\n\
     ...     print(e.rule, e.rules)\n\
     scheme ('scheme', 'credentials', 'address-space')\n"
);

/// The exception for `refusal`, with its `rule` and `rules` attributes set.
fn refused(py: Python<'_>, refusal: &Refusal) -> PyErr {
    let err = Refused::new_err(refusal.to_string());
    let value = err.value(py);
    let rules = refusal.rules().collect::<Vec<_>>();
    let set = value.setattr("rule", refusal.rule()).and_then(|()| {
        let rules = pyo3::types::PyTuple::new(py, rules)?;
        value.setattr("rules", rules)
    });
    if let Err(e) = set {
        return e;
    }
    err
}

/// A policy for URLs that users give a server (webhooks, link previews, importers): which
/// schemes, ports, hosts, sites (registrable domains) and address spaces are allowed.
///
/// ``Policy(preset="public-web", *, schemes=None, ports=None, deny=None, allow_hosts=(),
/// deny_hosts=(), allow_sites=(), deny_sites=(), credentials=None, engines_agree=None)``.
/// The preset gives the defaults of the arguments left at None: ``"public-web"`` is
/// ``schemes=("http", "https")``, ``deny=("loopback", "local")``, ``credentials=False``,
/// ``engines_agree=True``; ``"none"`` refuses nothing but input that does not parse.
/// ``ports`` (any by default) lists the allowed ports (a URL without a port has its
/// scheme's default). ``deny`` lists address spaces (``"loopback"``, ``"local"``,
/// ``"public"``; a domain is ``loopback`` when it is ``localhost`` or under it).
/// Host patterns are hosts, ``*.example.com`` for a domain and its subdomains; sites are
/// registrable domains. ``credentials=False`` refuses a username or password;
/// ``engines_agree=True`` refuses input that another parser (RFC 3986, Python's urllib,
/// curl...) reads with another host. A pattern that is not a host raises ValueError.
///
/// >>> import weburl
/// >>> policy = weburl.Policy(ports=[443], allow_sites=["example.com"])
/// >>> policy.check("https://api.EXAMPLE.com/v1").href
/// 'https://api.example.com/v1'
/// >>> policy.check("https://example.org/")
/// Traceback (most recent call last):
///   ...
/// weburl.Refused: the site of the host example.org is not allowed
/// >>> weburl.Policy(preset="none").check("http://127.0.0.1:8080/").port
/// '8080'
#[pyclass(name = "Policy", module = "weburl", frozen)]
pub struct PyPolicy {
    policy: Policy,
}

fn space(name: &str) -> PyResult<AddressSpace> {
    name.parse::<AddressSpace>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

#[pymethods]
impl PyPolicy {
    #[new]
    #[pyo3(signature = (
        preset = "public-web",
        *,
        schemes = None,
        ports = None,
        deny = None,
        allow_hosts = Vec::new(),
        deny_hosts = Vec::new(),
        allow_sites = Vec::new(),
        deny_sites = Vec::new(),
        credentials = None,
        engines_agree = None,
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        preset: &str,
        schemes: Option<Vec<String>>,
        ports: Option<Vec<u16>>,
        deny: Option<Vec<String>>,
        allow_hosts: Vec<String>,
        deny_hosts: Vec<String>,
        allow_sites: Vec<String>,
        deny_sites: Vec<String>,
        credentials: Option<bool>,
        engines_agree: Option<bool>,
    ) -> PyResult<Self> {
        let public = match preset {
            "public-web" => true,
            "none" => false,
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown preset {other:?}: expected \"public-web\" or \"none\""
                )));
            }
        };
        let bad = |e: weburl::policy::PolicyError| PyValueError::new_err(e.to_string());
        let mut policy = Policy::new();
        let schemes = schemes.or_else(|| public.then(|| vec!["http".into(), "https".into()]));
        if let Some(schemes) = schemes {
            policy = policy.allow_schemes(schemes);
        }
        if let Some(ports) = ports {
            policy = policy.allow_ports(ports);
        }
        let spaces = match deny {
            Some(names) => names
                .iter()
                .map(|n| space(n))
                .collect::<PyResult<Vec<_>>>()?,
            None if public => vec![AddressSpace::Loopback, AddressSpace::Local],
            None => Vec::new(),
        };
        policy = policy.deny_spaces(spaces);
        for pattern in &allow_hosts {
            policy = policy.allow_host(pattern).map_err(bad)?;
        }
        for pattern in &deny_hosts {
            policy = policy.deny_host(pattern).map_err(bad)?;
        }
        for domain in &allow_sites {
            policy = policy.allow_registrable_domain(domain).map_err(bad)?;
        }
        for domain in &deny_sites {
            policy = policy.deny_registrable_domain(domain).map_err(bad)?;
        }
        if !credentials.unwrap_or(!public) {
            policy = policy.deny_credentials();
        }
        if engines_agree.unwrap_or(public) {
            policy = policy.require_engine_agreement();
        }
        Ok(PyPolicy { policy })
    }

    /// ``check(url, base=None)``: the URL (``url`` parsed against ``base``, a str or a URL,
    /// when given) if the policy allows it; else raises :class:`Refused`.
    ///
    /// >>> import weburl
    /// >>> policy = weburl.Policy()
    /// >>> policy.check("/hook", "https://example.com/").href
    /// 'https://example.com/hook'
    /// >>> for url in ["http://[::ffff:127.0.0.1]/", "https://user:pw@example.com/", "ftp://example.com/"]:
    /// ...     try:
    /// ...         policy.check(url)
    /// ...     except weburl.Refused as e:
    /// ...         print(e.rule)
    /// address-space
    /// credentials
    /// scheme
    #[pyo3(signature = (url, base=None))]
    fn check(
        &self,
        py: Python<'_>,
        url: &Bound<'_, PyString>,
        base: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyUrl> {
        let input = usv(url)?;
        let result = with_base(base, |base| self.policy.check(&input, base))?;
        match result {
            Ok(url) => Ok(PyUrl { url }),
            Err(refusal) => Err(refused(py, &refusal)),
        }
    }

    fn __repr__(&self) -> String {
        format!("<weburl.Policy {:?}>", self.policy)
    }
}
