//! `weburl.Policy` and `weburl.Refused`: the library's `weburl::policy`, for checking URLs
//! that users hand a server before fetching them; `weburl.ip_address_space` and
//! `weburl.special_block`: its `weburl::net`, for checking the addresses a name resolves to.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyString};
use weburl::net::{self, AddressSpace};
use weburl::policy::{Policy, PolicySettings, Refusal};

use crate::text::{quote, usv};
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
        let Some(mut settings) = PolicySettings::preset(preset) else {
            return Err(PyValueError::new_err(format!(
                "unknown preset {preset:?}: expected \"public-web\" or \"none\""
            )));
        };
        settings.schemes = schemes;
        settings.ports = ports;
        settings.deny = deny
            .map(|names| names.iter().map(|n| space(n)).collect::<PyResult<Vec<_>>>())
            .transpose()?;
        settings.allow_hosts = allow_hosts;
        settings.deny_hosts = deny_hosts;
        settings.allow_sites = allow_sites;
        settings.deny_sites = deny_sites;
        settings.credentials = credentials;
        settings.engines_agree = engines_agree;
        let policy = settings
            .build()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySpecialBlock>()?;
    m.add_function(wrap_pyfunction!(ip_address_space, m)?)?;
    m.add_function(wrap_pyfunction!(special_block, m)?)?;
    Ok(())
}

/// The classes `ipaddress.IPv4Address` and `ipaddress.IPv6Address`.
fn ipaddress_classes(py: Python<'_>) -> PyResult<&(Py<PyAny>, Py<PyAny>)> {
    static CLASSES: PyOnceLock<(Py<PyAny>, Py<PyAny>)> = PyOnceLock::new();
    CLASSES.get_or_try_init(py, || {
        let module = py.import("ipaddress")?;
        Ok((
            module.getattr("IPv4Address")?.unbind(),
            module.getattr("IPv6Address")?.unbind(),
        ))
    })
}

/// The address `ip` holds: a str (IPv4 dotted decimal or IPv6 text, as `socket.getaddrinfo`
/// gives them; an IPv6 zone such as ``%eth0`` is ignored, since the address decides the
/// space) or an `ipaddress.IPv4Address`/`IPv6Address`.
fn ip_arg(ip: &Bound<'_, PyAny>) -> PyResult<IpAddr> {
    if let Ok(text) = ip.cast::<PyString>() {
        let text = usv(text)?;
        let address = match text.split_once('%') {
            Some((address, zone)) if address.contains(':') && !zone.is_empty() => address,
            _ => &*text,
        };
        return address.parse::<IpAddr>().map_err(|_| {
            PyValueError::new_err(format!(
                "{} does not appear to be an IPv4 or IPv6 address",
                quote(&text)
            ))
        });
    }
    let (v4, v6) = ipaddress_classes(ip.py())?;
    if ip.is_instance(v4.bind(ip.py()))? || ip.is_instance(v6.bind(ip.py()))? {
        let packed = ip.getattr("packed")?;
        let bytes = packed.cast::<PyBytes>()?.as_bytes();
        if let Ok(octets) = <[u8; 4]>::try_from(bytes) {
            return Ok(IpAddr::V4(Ipv4Addr::from(octets)));
        }
        if let Ok(octets) = <[u8; 16]>::try_from(bytes) {
            return Ok(IpAddr::V6(Ipv6Addr::from(octets)));
        }
    }
    Err(PyTypeError::new_err(format!(
        "ip must be str, ipaddress.IPv4Address or ipaddress.IPv6Address, not {}",
        ip.get_type().name()?
    )))
}

/// ``ip_address_space(ip)``: the address space of an IP address, ``'loopback'``,
/// ``'local'`` or ``'public'``, by browsers' local-network rules over the IANA
/// special-purpose registries, as :attr:`URL.address_space` reads a URL's host. ``ip`` is a
/// str (as ``socket.getaddrinfo`` gives it; an IPv6 zone such as ``%eth0`` is ignored) or
/// an ``ipaddress.IPv4Address``/``IPv6Address``; anything else raises TypeError, a str that
/// is not an address ValueError. An IPv6 address that carries an IPv4 address (IPv4-mapped
/// ``::ffff:a.b.c.d``, IPv4-compatible ``::a.b.c.d``, NAT64 ``64:ff9b::a.b.c.d``) is in the
/// space of that IPv4 address, where Python's ``ipaddress`` calls ``64:ff9b::7f00:1``
/// global. Use it on every address a name resolves to before connecting (docs/SECURITY.md).
///
/// >>> import ipaddress, weburl
/// >>> weburl.ip_address_space("127.0.0.1"), weburl.ip_address_space("64:ff9b::7f00:1")
/// ('loopback', 'loopback')
/// >>> weburl.ip_address_space(ipaddress.ip_address("169.254.169.254"))
/// 'local'
/// >>> weburl.ip_address_space("fe80::1%eth0"), weburl.ip_address_space("2606:4700::1111")
/// ('local', 'public')
#[pyfunction]
fn ip_address_space(ip: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    Ok(net::ip_address_space(ip_arg(ip)?).name())
}

/// ``special_block(ip)``: the most specific block of the IANA special-purpose address
/// registries (and the multicast ranges) that the IP address is in, as a
/// :class:`SpecialBlock`; None for an ordinary address. ``ip`` as for
/// :func:`ip_address_space`. An IPv6 address that carries an IPv4 address is in its IPv6
/// block (``IPv4-mapped Address``), whose ``space`` is the block's, not the address's: ask
/// :func:`ip_address_space` for the address's space.
///
/// >>> import weburl
/// >>> block = weburl.special_block("100.64.1.2")
/// >>> block.prefix, block.name, block.reference, block.space
/// ('100.64.0.0/10', 'Shared Address Space', 'RFC 6598', 'local')
/// >>> weburl.special_block("::ffff:127.0.0.1").name, weburl.special_block("8.8.8.8")
/// ('IPv4-mapped Address', None)
#[pyfunction]
fn special_block(ip: &Bound<'_, PyAny>) -> PyResult<Option<PySpecialBlock>> {
    Ok(net::ip_special_block(ip_arg(ip)?).map(|block| PySpecialBlock { block }))
}

/// A block of the IANA special-purpose address registries, as :func:`special_block` gives
/// it: ``prefix`` (CIDR), ``name`` and ``reference`` (the registry's), ``globally_reachable``
/// (the registry's column; None where it says N/A, and for multicast) and ``space`` (the
/// address space of its addresses). ``str()`` is ``prefix (name, reference)``.
///
/// >>> import weburl
/// >>> block = weburl.special_block("192.0.2.7")
/// >>> block
/// SpecialBlock(prefix='192.0.2.0/24', name='Documentation (TEST-NET-1)', reference='RFC 5737', globally_reachable=False, space='local')
/// >>> str(block)
/// '192.0.2.0/24 (Documentation (TEST-NET-1), RFC 5737)'
/// >>> block == weburl.special_block("192.0.2.200"), block.globally_reachable
/// (True, False)
#[pyclass(name = "SpecialBlock", module = "weburl", frozen, eq, hash)]
#[derive(PartialEq, Eq, Hash)]
pub struct PySpecialBlock {
    block: &'static net::SpecialBlock,
}

#[pymethods]
impl PySpecialBlock {
    /// The block in CIDR notation.
    ///
    /// >>> import weburl
    /// >>> weburl.special_block("10.1.2.3").prefix
    /// '10.0.0.0/8'
    #[getter]
    fn prefix(&self) -> &'static str {
        self.block.prefix
    }

    /// The registry's name for the block.
    ///
    /// >>> import weburl
    /// >>> weburl.special_block("10.1.2.3").name
    /// 'Private-Use'
    #[getter]
    fn name(&self) -> &'static str {
        self.block.name
    }

    /// The document that defines the block.
    ///
    /// >>> import weburl
    /// >>> weburl.special_block("10.1.2.3").reference
    /// 'RFC 1918'
    #[getter]
    fn reference(&self) -> &'static str {
        self.block.reference
    }

    /// The registry's "Globally Reachable" column; None where it says N/A (and for
    /// multicast, which has a registry of its own).
    ///
    /// >>> import weburl
    /// >>> [weburl.special_block(a).globally_reachable for a in ["10.1.2.3", "192.31.196.1", "224.0.0.1"]]
    /// [False, True, None]
    #[getter]
    fn globally_reachable(&self) -> Option<bool> {
        self.block.globally_reachable
    }

    /// The address space of the block's addresses: ``'loopback'``, ``'local'`` or
    /// ``'public'``.
    ///
    /// >>> import weburl
    /// >>> weburl.special_block("127.0.0.1").space, weburl.special_block("fd00::1").space
    /// ('loopback', 'local')
    #[getter]
    fn space(&self) -> &'static str {
        self.block.space.name()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let repr = |s: &str| -> PyResult<String> { Ok(PyString::new(py, s).repr()?.to_string()) };
        let reachable = match self.block.globally_reachable {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        Ok(format!(
            "SpecialBlock(prefix={}, name={}, reference={}, globally_reachable={reachable}, space={})",
            repr(self.block.prefix)?,
            repr(self.block.name)?,
            repr(self.block.reference)?,
            repr(self.block.space.name())?,
        ))
    }

    fn __str__(&self) -> String {
        self.block.to_string()
    }
}
