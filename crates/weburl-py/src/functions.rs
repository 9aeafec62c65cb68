//! The module's functions for the common jobs.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use weburl::document::{LinkOptions, collect_links};
use weburl::legacy::Engine;
use weburl::normalize::{self as norm, Profile};
use weburl::{Url, is_valid_url_string};

use crate::URLError;
use crate::text::usv;
use crate::url::{message, parse_or_raise, url_arg, with_base};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(join, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(surt, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(links, m)?)?;
    Ok(())
}

/// The profile named `name`, or a ValueError.
pub fn profile(name: &str) -> PyResult<Profile> {
    weburl_arrow::profile(name).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Normalization options.
pub use weburl_arrow::options;

/// ``join(base, ref)``: ``ref`` resolved against ``base`` (a str or a URL), as a browser
/// resolves a link: the href of ``URL(ref, base)``. Raises URLError when either does not
/// parse.
///
/// >>> import weburl
/// >>> weburl.join("https://example.com/a/b?q#f", "../c")
/// 'https://example.com/c'
/// >>> weburl.join("https://example.com/a/", "//other.example/x")
/// 'https://other.example/x'
#[pyfunction]
#[pyo3(name = "join", signature = (base, r#ref))]
fn join(base: &Bound<'_, PyAny>, r#ref: &Bound<'_, PyString>) -> PyResult<String> {
    let reference = usv(r#ref)?;
    let url = with_base(Some(base), |base| parse_or_raise(&reference, base))??;
    Ok(url.into_string())
}

/// ``normalize(url, profile="spec", *, drop_index=False, strip_tracking=False,
/// keep_fragment=False)``: the URL (a str or a URL) in a profile's canonical form, as
/// ``weburl normalize`` prints it: ``"spec"`` is the URL Standard's serialization (the
/// href); ``"dedup"`` also makes percent-encodings uppercase, decodes percent-encoded
/// unreserved characters, sorts the query's parameters, drops an empty query and drops the
/// fragment (a fragment never reaches the server; ``keep_fragment=True`` keeps it, with
/// ``"dedup"`` only) and, with ``drop_index``, a last path segment such as index.html;
/// ``"w3lib"`` is the answer of w3lib's
/// ``canonicalize_url`` (Scrapy's request fingerprints); ``"surt"`` the SURT key of the
/// ``surt`` package (:func:`surt`). ``strip_tracking`` drops ``utm_*``, ``fbclid``,
/// ``gclid`` and the other tracking parameters first. The rules are in docs/NORMALIZE.md.
///
/// >>> import weburl
/// >>> weburl.normalize("HTTP://Example.COM:80/a/../b?")
/// 'http://example.com/b?'
/// >>> weburl.normalize("http://example.com/%7euser/a%2fb?b=2&a=1&#top", "dedup")
/// 'http://example.com/~user/a%2Fb?a=1&b=2'
/// >>> weburl.normalize("http://example.com/p?b&a#%7etop", "dedup", keep_fragment=True)
/// 'http://example.com/p?a&b#~top'
/// >>> weburl.normalize("https://example.com/docs/index.html", "dedup", drop_index=True)
/// 'https://example.com/docs/'
/// >>> weburl.normalize("http://www.example.com/do?c=3&b=5&b=2&a=50&d#top", "w3lib")
/// 'http://www.example.com/do?a=50&b=2&b=5&c=3&d='
/// >>> weburl.normalize("https://www.Example.com/Path?b=2&a=1", "surt")
/// 'com,example)/path?a=1&b=2'
/// >>> weburl.normalize("https://example.com/?utm_source=x&id=7&fbclid=y", "w3lib", strip_tracking=True)
/// 'https://example.com/?id=7'
#[pyfunction]
#[pyo3(signature = (url, profile="spec", *, drop_index=false, strip_tracking=false, keep_fragment=false))]
fn normalize(
    url: &Bound<'_, PyAny>,
    profile: &str,
    drop_index: bool,
    strip_tracking: bool,
    keep_fragment: bool,
) -> PyResult<String> {
    let profile = self::profile(profile)?;
    let url = url_arg(url, None)?;
    if profile == Profile::Spec && !strip_tracking {
        return Ok(url.into_string());
    }
    let options = options(drop_index, strip_tracking, keep_fragment);
    norm::canonicalize(&url, profile, &options)
        .map_err(|e| URLError::new_err(message(e, url.href())))
}

/// ``surt(url, *, drop_index=False, strip_tracking=False)``: the SURT key of the URL (a str or
/// a URL), the key web archives (Heritrix, the Wayback Machine, CDX indexes) sort URLs by, as
/// the ``surt`` package's ``surt()`` makes it: ``normalize(url, "surt")``.
///
/// >>> import weburl
/// >>> weburl.surt("https://www.Example.com/Path?b=2&a=1")
/// 'com,example)/path?a=1&b=2'
/// >>> weburl.surt("http://user:pw@www2.archive.org:8080/Goo/?B=1&a=2#frag")
/// 'org,archive:8080)/goo?a=2&b=1'
#[pyfunction]
#[pyo3(signature = (url, *, drop_index=false, strip_tracking=false))]
fn surt(url: &Bound<'_, PyAny>, drop_index: bool, strip_tracking: bool) -> PyResult<String> {
    let url = url_arg(url, None)?;
    Ok(norm::surt(
        &url,
        &options(drop_index, strip_tracking, false),
    ))
}

/// The name given to an input without validation errors that is still not a valid URL string.
const NOT_VALID_NAME: &str = "not-a-valid-URL-string";

/// One problem :func:`validate` found: the URL Standard's name of the validation error, its
/// offset (in code points of the input), and what it means.
///
/// >>> import weburl
/// >>> issue = weburl.validate("https://user@example.com/")[0]
/// >>> issue.name, issue.offset
/// ('invalid-credentials', 12)
/// >>> issue
/// ValidationIssue(name='invalid-credentials', offset=12, message='the URL contains credentials')
#[pyclass(module = "weburl", frozen, eq, get_all)]
#[derive(PartialEq, Eq)]
pub struct ValidationIssue {
    /// The URL Standard's name of the error, such as ``'invalid-credentials'``.
    name: String,
    /// Where in the input (in code points, from 0).
    offset: usize,
    /// What it means.
    message: String,
}

#[pymethods]
impl ValidationIssue {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name = PyString::new(py, &self.name).repr()?;
        let message = PyString::new(py, &self.message).repr()?;
        Ok(format!(
            "ValidationIssue(name={name}, offset={}, message={message})",
            self.offset
        ))
    }

    fn __str__(&self) -> String {
        format!("{}: {}: {}", self.offset, self.name, self.message)
    }
}

/// ``validate(url, base=None)``: every validation error the URL parser meets in ``url``
/// (resolved against ``base``, when given), in order, as :class:`ValidationIssue` objects;
/// a failure's own error is among them. An input without validation errors that is still
/// not a valid URL string (the URL Standard's stricter writing rules) gets one issue named
/// ``'not-a-valid-URL-string'``. An empty list means the input is clean.
///
/// >>> import weburl
/// >>> [(i.offset, i.name) for i in weburl.validate("https://u@example.org/a b")]
/// [(9, 'invalid-credentials'), (23, 'invalid-URL-unit')]
/// >>> weburl.validate("https://example.org/ok")
/// []
#[pyfunction]
#[pyo3(signature = (url, base=None))]
fn validate(
    url: &Bound<'_, PyString>,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<ValidationIssue>> {
    let input = usv(url)?;
    with_base(base, |base| {
        let mut errors = Vec::new();
        let _ = Url::options()
            .base(base)
            .on_validation_error(&mut |e| errors.push(e))
            .parse(&input);
        let offsets = code_point_offsets(&input, errors.iter().map(|e| e.offset));
        let mut issues: Vec<ValidationIssue> = errors
            .iter()
            .zip(offsets)
            .map(|(e, offset)| ValidationIssue {
                name: e.kind.spec_name().to_owned(),
                offset,
                message: e.kind.message().to_owned(),
            })
            .collect();
        if issues.is_empty() && !is_valid_url_string(&input, base) {
            issues.push(ValidationIssue {
                name: NOT_VALID_NAME.to_owned(),
                offset: 0,
                message: "no validation error, but the stricter \"valid URL string\" grammar \
                          does not allow this input"
                    .to_owned(),
            });
        }
        issues
    })
}

/// For each byte offset of `offsets` (in any order), the number of code points of `text`
/// before it: one pass over `text` after sorting, so that an input with millions of errors
/// takes O(n log n), not O(n²).
fn code_point_offsets(text: &str, offsets: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut order: Vec<(usize, usize)> = offsets.enumerate().map(|(i, o)| (o, i)).collect();
    order.sort_unstable();
    let mut out = vec![0; order.len()];
    let mut chars = text.char_indices().peekable();
    let mut count = 0;
    for (offset, index) in order {
        while chars.next_if(|&(at, _)| at < offset).is_some() {
            count += 1;
        }
        out[index] = count;
    }
    out
}

/// ``compare(url, base=None)``: how each engine reads ``url`` (against ``base``, a str,
/// when given): the URL Standard (``whatwg``) and the algorithms it grew from
/// (``html5-2011``, ``web-addresses-2009``, ``rfc3986``, ``rfc1808``), as
/// ``weburl compare`` shows. One dict per engine, whatwg first, with the keys ``engine``,
/// ``href`` and ``host`` (None when the engine failed; ``host`` also when there is no
/// authority) and ``error`` (None unless it failed).
///
/// >>> import weburl
/// >>> for row in weburl.compare("http://evil.example\\\\@good.example/")[:2]:
/// ...     print(row["engine"], row["host"])
/// whatwg evil.example
/// html5-2011 good.example
#[pyfunction]
#[pyo3(signature = (url, base=None))]
fn compare<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyString>,
    base: Option<&Bound<'py, PyString>>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let input = usv(url)?;
    let base = base.map(usv).transpose()?;
    if let Some(base) = &base
        && let Err(e) = Url::parse(base)
    {
        return Err(URLError::new_err(format!(
            "invalid base URL: {}",
            message(e, base)
        )));
    }
    let mut rows = Vec::with_capacity(Engine::ALL.len());
    for engine in Engine::ALL {
        let row = PyDict::new(py);
        row.set_item("engine", engine.name())?;
        match engine.resolve(&input, base.as_deref(), None) {
            Ok(resolved) => {
                row.set_item("href", resolved.href())?;
                row.set_item("host", resolved.host())?;
                row.set_item("error", py.None())?;
            }
            Err(e) => {
                row.set_item("href", py.None())?;
                row.set_item("host", py.None())?;
                row.set_item("error", e.to_string())?;
            }
        }
        rows.push(row);
    }
    Ok(rows)
}

/// ``links(document, url=None, encoding=None)``: every link of an HTML (or XML) document
/// (bytes), resolved as a browser resolves it: against the document's URL ``url`` (a str or a
/// URL) and its ``<base href>``, with the query encoded in the document's encoding (the
/// ``encoding`` label given, as an HTTP charset would be, else sniffed). One dict per link
/// in document order, with the keys ``element``, ``attribute``, ``raw`` (the attribute's
/// text), ``url`` (the resolved href, or None), ``error`` (why not, or None), ``line`` and
/// ``column``. The GIL is released while the document is read.
///
/// >>> import weburl
/// >>> html = b'<base href="/docs/"><a href="guide?q=1">x</a><img srcset="a.png 1x, b.png 2x">'
/// >>> [(l["element"], l["url"]) for l in weburl.links(html, "https://example.com/")]
/// [('base', 'https://example.com/docs/'), ('a', 'https://example.com/docs/guide?q=1'), ('img', 'https://example.com/docs/a.png'), ('img', 'https://example.com/docs/b.png')]
#[pyfunction]
#[pyo3(signature = (document, url=None, encoding=None))]
fn links<'py>(
    py: Python<'py>,
    document: &[u8],
    url: Option<&Bound<'py, PyAny>>,
    encoding: Option<&str>,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let mut options = LinkOptions::new();
    if let Some(url) = url.filter(|u| !u.is_none()) {
        options = options.document_url(url_arg(url, None)?);
    }
    if let Some(label) = encoding {
        if weburl::encoding_rs::Encoding::for_label(label.as_bytes()).is_none() {
            return Err(PyValueError::new_err(format!(
                "unknown encoding label {label:?}"
            )));
        }
        options = options.http_charset(label);
    }
    let (found, _summary) = py
        .detach(|| collect_links(document, &options))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let mut out = Vec::with_capacity(found.len());
    for link in found {
        let row = PyDict::new(py);
        row.set_item("element", &link.element)?;
        row.set_item("attribute", &link.attribute)?;
        row.set_item("raw", &link.raw)?;
        match &link.result {
            Ok(url) => {
                row.set_item("url", url.href())?;
                row.set_item("error", py.None())?;
            }
            Err(e) => {
                row.set_item("url", py.None())?;
                row.set_item("error", e.to_string())?;
            }
        }
        row.set_item("line", link.line)?;
        row.set_item("column", link.column)?;
        out.push(row);
    }
    Ok(out)
}
