//! `weburl.URL`: the URL Standard's `URL` class.

use std::hash::{DefaultHasher, Hash, Hasher};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};
use weburl::psl::Sections;
use weburl::{ParseError, Url};

use crate::URLError;
use crate::text::{quote, usv};
use params::{Backing, PyParams};

/// `weburl.URLSearchParams`, which a URL's `search_params` is: one module with the URL it
/// reads and writes.
pub(crate) mod params;

/// A URL, parsed by the WHATWG URL Standard's basic URL parser, with the JavaScript URL API.
///
/// ``URL(url, base=None)`` parses ``url``, against ``base`` (a str or a URL) when given, and
/// raises :class:`URLError` (a ValueError) when it does not parse. The properties are
/// those of JavaScript's URL (``href``, ``origin``, ``protocol``, ``username``,
/// ``password``, ``host``, ``hostname``, ``port``, ``pathname``, ``search``, ``hash``);
/// all but ``origin`` can be set, with the JavaScript setter rules (a value the standard
/// ignores is ignored; the ``href`` setter raises URLError). ``str()`` is the href,
/// ``repr()`` hides the password, ``==`` and ``hash()`` follow the href, and URLs pickle.
///
/// >>> from weburl import URL
/// >>> url = URL("../api?q=a b#Top", "https://EXAMPLE.com/docs/guide/")
/// >>> url.href
/// 'https://example.com/docs/api?q=a%20b#Top'
/// >>> url.hostname, url.pathname, url.search
/// ('example.com', '/docs/api', '?q=a%20b')
/// >>> url.port = "8443"
/// >>> str(url)
/// 'https://example.com:8443/docs/api?q=a%20b#Top'
/// >>> URL("https://user:secret@example.com/")
/// URL('https://user:****@example.com/')
#[pyclass(name = "URL", module = "weburl")]
pub struct PyUrl {
    pub url: Url,
}

/// Runs `f` with the base URL `base` (None, a `URL`, or a str, parsed), or returns the
/// error for a base that is not a URL.
pub fn with_base<R>(
    base: Option<&Bound<'_, PyAny>>,
    f: impl FnOnce(Option<&Url>) -> R,
) -> PyResult<R> {
    let Some(base) = base.filter(|b| !b.is_none()) else {
        return Ok(f(None));
    };
    if let Ok(url) = base.cast::<PyUrl>() {
        let url = url.try_borrow()?;
        return Ok(f(Some(&url.url)));
    }
    let Ok(text) = base.cast::<PyString>() else {
        return Err(PyTypeError::new_err(format!(
            "base must be str or URL, not {}",
            base.get_type().name()?
        )));
    };
    let text = usv(text)?;
    match Url::parse(&text) {
        Ok(url) => Ok(f(Some(&url))),
        Err(e) => Err(URLError::new_err(format!(
            "invalid base URL: {}",
            message(e, &text)
        ))),
    }
}

/// The message of a URLError for `input`, which failed with `e`.
pub fn message(e: ParseError, input: &str) -> String {
    format!("{}: {e} (input: {})", e.spec_name(), quote(input))
}

/// `input` parsed against `base`, or a URLError.
pub fn parse_or_raise(input: &str, base: Option<&Url>) -> PyResult<Url> {
    let result = match base {
        Some(base) => Url::parse_with_base(input, base),
        None => Url::parse(input),
    };
    result.map_err(|e| URLError::new_err(message(e, input)))
}

/// A URL from a `URL` or a str (parsed), for the module's functions.
pub fn url_arg(value: &Bound<'_, PyAny>, base: Option<&Bound<'_, PyAny>>) -> PyResult<Url> {
    if base.is_none_or(|b| b.is_none())
        && let Ok(url) = value.cast::<PyUrl>()
    {
        return Ok(url.try_borrow()?.url.clone());
    }
    let text = crate::text::usv_any(value, "url")?;
    with_base(base, |base| parse_or_raise(&text, base))?
}

#[pymethods]
impl PyUrl {
    #[new]
    #[pyo3(signature = (url, base=None))]
    fn new(url: &Bound<'_, PyString>, base: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let input = usv(url)?;
        let url = with_base(base, |base| parse_or_raise(&input, base))??;
        Ok(PyUrl { url })
    }

    /// ``URL.parse(url, base=None)``: the URL, or None when it (or the base) does not parse.
    ///
    /// >>> from weburl import URL
    /// >>> URL.parse("b", "https://example.com/a/")
    /// URL('https://example.com/a/b')
    /// >>> URL.parse("https://exa mple.com/") is None
    /// True
    #[staticmethod]
    #[pyo3(signature = (url, base=None))]
    fn parse(url: &Bound<'_, PyString>, base: Option<&Bound<'_, PyAny>>) -> Option<Self> {
        let input = usv(url).ok()?;
        let parsed = with_base(base, |base| match base {
            Some(base) => Url::parse_with_base(&input, base).ok(),
            None => Url::parse(&input).ok(),
        });
        parsed.ok().flatten().map(|url| PyUrl { url })
    }

    /// ``URL.can_parse(url, base=None)``: whether ``URL(url, base)`` would succeed.
    ///
    /// >>> from weburl import URL
    /// >>> URL.can_parse("https://example.com/"), URL.can_parse("/path")
    /// (True, False)
    /// >>> URL.can_parse("/path", "https://example.com/")
    /// True
    #[staticmethod]
    #[pyo3(signature = (url, base=None))]
    fn can_parse(url: &Bound<'_, PyString>, base: Option<&Bound<'_, PyAny>>) -> bool {
        let Ok(input) = usv(url) else { return false };
        with_base(base, |base| match base {
            Some(base) => Url::parse_with_base(&input, base).is_ok(),
            None => Url::parse(&input).is_ok(),
        })
        .unwrap_or(false)
    }

    /// The whole URL, serialized. Setting it parses the new value (URLError if it fails).
    ///
    /// >>> from weburl import URL
    /// >>> url = URL("HTTP://Example.COM:80/a/../b")
    /// >>> url.href
    /// 'http://example.com/b'
    /// >>> url.href = "https://example.org/"
    /// >>> url.hostname
    /// 'example.org'
    #[getter]
    fn href(&self) -> &str {
        self.url.href()
    }

    #[setter]
    fn set_href(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        let value = usv(value)?;
        self.url
            .set_href(&value)
            .map_err(|e| URLError::new_err(message(e, &value)))
    }

    /// The origin, serialized: ``scheme://host[:port]``, or ``'null'`` for an opaque origin.
    ///
    /// >>> from weburl import URL
    /// >>> URL("https://example.com:8443/x").origin, URL("data:text/plain,hi").origin
    /// ('https://example.com:8443', 'null')
    #[getter]
    fn origin(&self) -> String {
        self.url.origin().ascii_serialization()
    }

    /// The scheme followed by ``':'``.
    ///
    /// >>> from weburl import URL
    /// >>> url = URL("http://example.com/")
    /// >>> url.protocol = "https"
    /// >>> url.protocol, url.href
    /// ('https:', 'https://example.com/')
    #[getter]
    fn protocol(&self) -> &str {
        self.url.protocol()
    }

    #[setter]
    fn set_protocol(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        let _ignored = self.url.set_protocol(&usv(value)?);
        Ok(())
    }

    /// The username, percent-encoded.
    ///
    /// >>> from weburl import URL
    /// >>> url = URL("https://example.com/")
    /// >>> url.username = "me@home"
    /// >>> url.href
    /// 'https://me%40home@example.com/'
    #[getter]
    fn username(&self) -> &str {
        self.url.username()
    }

    #[setter]
    fn set_username(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        let _ignored = self.url.set_username(&usv(value)?);
        Ok(())
    }

    /// The password, percent-encoded.
    ///
    /// >>> from weburl import URL
    /// >>> URL("https://user:pa%20ss@example.com/").password
    /// 'pa%20ss'
    #[getter]
    fn password(&self) -> &str {
        self.url.password()
    }

    #[setter]
    fn set_password(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        let _ignored = self.url.set_password(&usv(value)?);
        Ok(())
    }

    /// The host and, when there is one, ``':'`` and the port.
    ///
    /// >>> from weburl import URL
    /// >>> url = URL("https://example.com/")
    /// >>> url.host = "EXAMPLE.org:8080"
    /// >>> url.host, url.hostname, url.port
    /// ('example.org:8080', 'example.org', '8080')
    #[getter]
    fn host(&self) -> &str {
        self.url.host()
    }

    #[setter]
    fn set_host(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        let _ignored = self.url.set_host(&usv(value)?);
        Ok(())
    }

    /// The host, serialized (a domain in ASCII, an IPv4 address, ``[IPv6]``, or opaque).
    ///
    /// >>> from weburl import URL
    /// >>> URL("http://0x7F.1/").hostname, URL("https://faß.ExAmple/").hostname
    /// ('127.0.0.1', 'xn--fa-hia.example')
    #[getter]
    fn hostname(&self) -> &str {
        self.url.hostname()
    }

    #[setter]
    fn set_hostname(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        let _ignored = self.url.set_hostname(&usv(value)?);
        Ok(())
    }

    /// The port, or ``''`` when there is none or it is the scheme's default port.
    ///
    /// >>> from weburl import URL
    /// >>> URL("https://example.com:443/").port, URL("https://example.com:8443/").port
    /// ('', '8443')
    #[getter]
    fn port(&self) -> &str {
        self.url.port()
    }

    #[setter]
    fn set_port(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        let _ignored = self.url.set_port(&usv(value)?);
        Ok(())
    }

    /// The path, serialized.
    ///
    /// >>> from weburl import URL
    /// >>> url = URL("https://example.com/a/b")
    /// >>> url.pathname = "/c d/../e"
    /// >>> url.pathname
    /// '/e'
    #[getter]
    fn pathname(&self) -> &str {
        self.url.pathname()
    }

    #[setter]
    fn set_pathname(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        let _ignored = self.url.set_pathname(&usv(value)?);
        Ok(())
    }

    /// The query with a leading ``'?'``, or ``''`` when it is empty or absent.
    ///
    /// >>> from weburl import URL
    /// >>> url = URL("https://example.com/?a=1")
    /// >>> url.search = "b=2 3"
    /// >>> url.search, url.href
    /// ('?b=2%203', 'https://example.com/?b=2%203')
    #[getter]
    fn search(&self) -> &str {
        self.url.search()
    }

    #[setter]
    fn set_search(&mut self, value: &Bound<'_, PyString>) -> PyResult<()> {
        self.url.set_search(&usv(value)?);
        Ok(())
    }

    /// The fragment with a leading ``'#'``, or ``''`` when it is empty or absent.
    ///
    /// >>> from weburl import URL
    /// >>> url = URL("https://example.com/#top")
    /// >>> url.hash = ""
    /// >>> url.hash, url.href
    /// ('', 'https://example.com/')
    #[getter]
    fn hash(&self) -> &str {
        self.url.hash()
    }

    #[setter]
    fn set_hash(&mut self, value: &Bound<'_, PyString>) {
        if let Ok(value) = usv(value) {
            self.url.set_hash(&value);
        }
    }

    /// The host's public suffix (by the Public Suffix List, ICANN and private sections,
    /// with the ``*`` rule as the spec's default), or None when the host is not a domain.
    /// :meth:`public_suffix_in` with ``icann_only=True`` uses the ICANN section only.
    ///
    /// >>> from weburl import URL
    /// >>> URL("https://www.example.co.uk/").public_suffix
    /// 'co.uk'
    /// >>> URL("https://x.github.io/").public_suffix, URL("http://127.0.0.1/").public_suffix
    /// ('github.io', None)
    #[getter]
    fn public_suffix(&self) -> Option<&str> {
        self.url.public_suffix()
    }

    /// The host's registrable domain (its public suffix and one more label), or None when
    /// the host is not a domain or is itself a public suffix.
    ///
    /// >>> from weburl import URL
    /// >>> URL("https://www.example.co.uk/").registrable_domain
    /// 'example.co.uk'
    /// >>> URL("https://co.uk/").registrable_domain is None
    /// True
    #[getter]
    fn registrable_domain(&self) -> Option<&str> {
        self.url.registrable_domain()
    }

    /// ``public_suffix_in(icann_only=True)``: :attr:`public_suffix`, by the list's ICANN
    /// section only when ``icann_only`` (so ``github.io`` is not a suffix, ``io`` is).
    ///
    /// >>> from weburl import URL
    /// >>> URL("https://x.github.io/").public_suffix_in(icann_only=True)
    /// 'io'
    #[pyo3(signature = (icann_only=true))]
    fn public_suffix_in(&self, icann_only: bool) -> Option<&str> {
        self.url.public_suffix_in(sections(icann_only))
    }

    /// ``registrable_domain_in(icann_only=True)``: :attr:`registrable_domain`, by the
    /// list's ICANN section only when ``icann_only``.
    ///
    /// >>> from weburl import URL
    /// >>> URL("https://x.github.io/").registrable_domain_in(icann_only=True)
    /// 'github.io'
    /// >>> URL("https://x.github.io/").registrable_domain
    /// 'x.github.io'
    #[pyo3(signature = (icann_only=true))]
    fn registrable_domain_in(&self, icann_only: bool) -> Option<&str> {
        self.url.registrable_domain_in(sections(icann_only))
    }

    /// The host's address space: ``'loopback'``, ``'local'`` or ``'public'`` for an IP
    /// address (an IPv4-mapped or embedded IPv6 address by its IPv4 address), ``'loopback'``
    /// for ``localhost`` and names under it; None for other domains and for no host.
    ///
    /// >>> from weburl import URL
    /// >>> URL("http://0x7f.1/").address_space, URL("http://[::ffff:10.0.0.1]/").address_space
    /// ('loopback', 'local')
    /// >>> URL("http://93.184.215.14/").address_space, URL("https://example.com/").address_space
    /// ('public', None)
    #[getter]
    fn address_space(&self) -> Option<&'static str> {
        self.url.address_space().map(|s| s.name())
    }

    /// The kind of host: ``'domain'``, ``'ipv4'``, ``'ipv6'``, ``'opaque'`` or ``'empty'``;
    /// None when the URL has no host.
    ///
    /// >>> from weburl import URL
    /// >>> [URL(u).host_type for u in ["https://a.example/", "http://1.2.3.4/", "http://[::1]/", "foo://h/", "file:///x", "data:,"]]
    /// ['domain', 'ipv4', 'ipv6', 'opaque', 'empty', None]
    #[getter]
    fn host_type(&self) -> Option<&'static str> {
        self.url.host_type().map(|t| t.name())
    }

    /// The query as a live :class:`URLSearchParams`: changing it changes the URL's query,
    /// and it reads the URL's current query each time.
    ///
    /// >>> from weburl import URL
    /// >>> url = URL("https://example.com/?utm_source=x&id=7")
    /// >>> params = url.search_params
    /// >>> params.delete("utm_source")
    /// >>> params.append("q", "a b")
    /// >>> url.href
    /// 'https://example.com/?id=7&q=a+b'
    /// >>> url.search = "?z=1"
    /// >>> list(params)
    /// [('z', '1')]
    #[getter]
    fn search_params(slf: &Bound<'_, Self>) -> PyParams {
        PyParams {
            backing: Backing::Url(slf.clone().unbind()),
        }
    }

    fn __str__(&self) -> &str {
        self.url.href()
    }

    fn __repr__(&self) -> String {
        let href = if self.url.password().is_empty() {
            quote_repr(self.url.href())
        } else {
            let mut hidden = self.url.clone();
            let _ = hidden.set_password("****");
            quote_repr(hidden.href())
        };
        format!("URL({href})")
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> Py<PyAny> {
        let py = other.py();
        match other.cast::<PyUrl>() {
            Ok(other) => {
                let equal = match other.try_borrow() {
                    Ok(other) => other.url.href() == self.url.href(),
                    // `url == url` while the other side is borrowed mutably cannot happen in
                    // safe code; treat it as the same object.
                    Err(_) => true,
                };
                equal
                    .into_pyobject(py)
                    .unwrap()
                    .to_owned()
                    .into_any()
                    .unbind()
            }
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.url.href().hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let href = slf.borrow().url.href().to_owned();
        Ok((py.get_type::<PyUrl>(), PyTuple::new(py, [href])?))
    }

    fn __copy__(&self) -> PyUrl {
        PyUrl {
            url: self.url.clone(),
        }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyUrl {
        self.__copy__()
    }
}

/// The list's sections to use: ICANN only, or all.
pub fn sections(icann_only: bool) -> Sections {
    if icann_only {
        Sections::Icann
    } else {
        Sections::All
    }
}

/// `text` in single quotes as Python's repr of a str writes it (enough for URLs, which have
/// no quotes or control characters after parsing).
fn quote_repr(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\'' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}
