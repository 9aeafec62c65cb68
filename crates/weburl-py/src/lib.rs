//! Python bindings of weburl: the extension module `weburl._weburl`, which the Python package
//! `weburl` (in `python/weburl`) re-exports. See the package's docstrings and
//! `python/weburl/__init__.pyi` for the Python API.

use pyo3::prelude::*;

mod arrow;
mod arrow_result;
mod ffi;
mod functions;
mod pattern;
mod polars;
mod security;
mod text;
mod url;

pyo3::create_exception!(
    weburl,
    URLError,
    pyo3::exceptions::PyValueError,
    "A URL that does not parse (or a base URL that does not, or an href setter given one).\n\n\
     A subclass of ValueError; the message says why.\n\n\
     >>> import weburl\n\
     >>> try:\n\
     ...     weburl.URL('https://example.com:99999/')\n\
     ... except weburl.URLError as e:\n\
     ...     print(e)\n\
     port-out-of-range: the port is greater than 65535 (input: 'https://example.com:99999/')\n"
);

/// ``_catalog()``: weburl-arrow's catalogue of the data functions as JSON (every SQL and
/// Polars function, its parameters, its return kind, and the surfaces that lack it, with why),
/// which ``weburl.duckdb.register`` reads its functions from.
///
/// >>> import json
/// >>> from weburl._weburl import _catalog
/// >>> [f["python"] for f in json.loads(_catalog())["functions"]][:3]
/// ['href', 'origin', 'protocol']
#[pyfunction]
#[pyo3(name = "_catalog")]
fn catalog() -> &'static str {
    static JSON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    JSON.get_or_init(weburl_arrow::catalog::to_json)
}

/// The extension module. `gil_used = false`: every class guards its state with PyO3's borrow
/// checking, so the module is safe on free-threaded CPython as well.
#[pymodule(gil_used = false)]
fn _weburl(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("URLError", py.get_type::<URLError>())?;
    m.add("Refused", py.get_type::<security::Refused>())?;
    m.add_class::<url::PyUrl>()?;
    m.add_class::<security::PyPolicy>()?;
    m.add_class::<url::params::PyParams>()?;
    m.add("URLPatternError", py.get_type::<pattern::URLPatternError>())?;
    m.add_class::<pattern::PyUrlPattern>()?;
    m.add_class::<pattern::PyUrlPatternSet>()?;
    m.add_class::<functions::ValidationIssue>()?;
    functions::register(m)?;
    security::register(m)?;
    m.add_function(wrap_pyfunction!(polars::kernel, m)?)?;
    m.add_function(wrap_pyfunction!(catalog, m)?)?;
    let arrow = PyModule::new(py, "arrow")?;
    arrow::register(&arrow)?;
    m.add_submodule(&arrow)?;
    Ok(())
}
