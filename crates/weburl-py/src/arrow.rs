//! `weburl.arrow`: batch functions over Arrow string arrays. The work is weburl-arrow's
//! kernels; this module reads the arguments, imports and exports Arrow data through the C
//! interface (`ffi`) and releases the GIL while a kernel runs.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, StringArray, StructArray, make_array};
use arrow_buffer::NullBuffer;
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyFloat, PyString};
use weburl::pattern::UrlPattern;
use weburl::{Component, Url};
use weburl_arrow::{Output, Strings};

use crate::arrow_result::PyArrowArray;
use crate::ffi;
use crate::functions::options;
use crate::text::usv;
use crate::url::with_base;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyArrowArray>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(component, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(can_parse, m)?)?;
    m.add_function(wrap_pyfunction!(public_suffix, m)?)?;
    m.add_function(wrap_pyfunction!(registrable_domain, m)?)?;
    m.add_function(wrap_pyfunction!(error_name, m)?)?;
    m.add_function(wrap_pyfunction!(pattern_test, m)?)?;
    m.add_function(wrap_pyfunction!(pattern_exec, m)?)?;
    m.add_function(wrap_pyfunction!(pattern_group, m)?)?;
    m.add_function(wrap_pyfunction!(route, m)?)?;
    m.add_function(wrap_pyfunction!(pattern_generate, m)?)?;
    m.add_function(wrap_pyfunction!(parse_url, m)?)?;
    m.add_function(wrap_pyfunction!(search_param, m)?)?;
    m.add_function(wrap_pyfunction!(search_params, m)?)?;
    Ok(())
}

/// The input arrays: anything exporting Arrow string data, or an iterable of str/None.
/// Their total length and bytes.
struct Input {
    arrays: Vec<ArrayRef>,
    len: usize,
    bytes: usize,
}

/// The strings of `obj`: an object that exports Arrow data (an array, a stream, or a table of
/// one column: a DuckDB relation, a pyarrow table, a polars data frame), or any other
/// iterable of str and missing values (a list, a pandas Series of objects, a numpy array).
fn input(obj: &Bound<'_, PyAny>) -> PyResult<Input> {
    let arrays = if ffi::exports_arrow(obj)? {
        match ffi::import(obj) {
            Ok(arrays) => arrays
                .into_iter()
                .map(only_column)
                .collect::<PyResult<_>>()?,
            // A pandas Series of objects (pandas 3 exports every Series as Arrow) whose items
            // are not all strings fails in the exporter's conversion; reading the items one
            // by one names the item that is not a string.
            Err(e) if e.is_instance_of::<PyTypeError>(obj.py()) && obj.try_iter().is_ok() => {
                vec![items(obj)?]
            }
            Err(e) => return Err(e),
        }
    } else if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "expected a batch of URLs (Arrow strings or an iterable of str), not one string: \
             put it in a list",
        ));
    } else if obj.try_iter().is_ok() {
        vec![items(obj)?]
    } else {
        ffi::import(obj)?
    };
    let mut len = 0;
    let mut bytes = 0;
    for array in &arrays {
        match array.data_type() {
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {}
            other => {
                return Err(PyTypeError::new_err(format!(
                    "expected an array of strings (utf8, large_utf8 or utf8_view), not {other}"
                )));
            }
        }
        len += array.len();
        bytes += array.get_buffer_memory_size();
    }
    Ok(Input { arrays, len, bytes })
}

/// The items of the iterable `obj`, each a str or a missing value, as one string array.
fn items(obj: &Bound<'_, PyAny>) -> PyResult<ArrayRef> {
    let mut values: Vec<Option<String>> = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        if let Ok(s) = item.cast::<PyString>() {
            values.push(Some(usv(s)?.into_owned()));
        } else if is_missing(&item)? {
            values.push(None);
        } else {
            return Err(PyTypeError::new_err(format!(
                "expected str, or None, NaN or pandas.NA for a missing value, not {}",
                item.get_type().name()?
            )));
        }
    }
    Ok(Arc::new(StringArray::from(values)))
}

/// Whether `item` is a missing value as pandas writes them: None, a float NaN, `pandas.NA`
/// or `pandas.NaT`.
fn is_missing(item: &Bound<'_, PyAny>) -> PyResult<bool> {
    if item.is_none() {
        return Ok(true);
    }
    if let Ok(f) = item.cast::<PyFloat>() {
        return Ok(f.value().is_nan());
    }
    let name = item.get_type().name()?;
    Ok(name == "NAType" || name == "NaTType")
}

/// The only column of a table (an Arrow struct, as a DuckDB relation, a pyarrow table or
/// record batch and a polars data frame export themselves), with the table's null rows; any
/// other array as it is.
fn only_column(array: ArrayRef) -> PyResult<ArrayRef> {
    let Some(table) = array.as_any().downcast_ref::<StructArray>() else {
        return Ok(array);
    };
    let [column] = table.columns() else {
        return Err(PyTypeError::new_err(format!(
            "expected one column of strings, not a table of {} columns ({}): select the URL column",
            table.num_columns(),
            table.column_names().join(", ")
        )));
    };
    if table.null_count() == 0 {
        return Ok(Arc::clone(column));
    }
    let nulls = NullBuffer::union(table.nulls(), column.nulls());
    let data = column.to_data().into_builder().nulls(nulls).build();
    Ok(make_array(data.map_err(ffi::arrow_error)?))
}

/// The base URL argument, parsed (a URLError if it does not parse).
fn base_url(base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Url>> {
    with_base(base, |b| b.cloned())
}

/// The chunks of the strings `obj` (see [`input`]), for the plugin's direct call.
pub(crate) fn arrow_strings(obj: &Bound<'_, PyAny>) -> PyResult<Vec<ArrayRef>> {
    Ok(input(obj)?.arrays)
}

/// The strings of the input's chunks.
fn strings(input: &Input) -> PyResult<Strings<'_>> {
    Strings::chunks(&input.arrays).map_err(|e| PyTypeError::new_err(e.to_string()))
}

/// Runs `kernel` on the input's strings without the GIL, with string answers of `output`;
/// the result is named `name`.
fn run(
    py: Python<'_>,
    input: &Input,
    output: Output,
    name: &'static str,
    kernel: impl Fn(&Strings<'_>, Output) -> ArrayRef + Send + Sync,
) -> PyResult<PyArrowArray> {
    let strings = strings(input)?;
    let array = py.detach(|| kernel(&strings, output));
    Ok(PyArrowArray { array, name })
}

/// The string type of answers that may be as long as the input (percent-encoding may
/// triple its bytes; 11 components repeat them): past this many input bytes, 64-bit offsets.
fn sized(input: &Input) -> Output {
    if input.bytes > (i32::MAX as usize) / 8 {
        Output::LargeUtf8
    } else {
        Output::Utf8
    }
}

/// ``parse(array, base=None)``: each string parsed (against ``base``, a str or a URL, when
/// given) into a struct array of the 11 components ``href``, ``origin``, ``protocol``,
/// ``username``, ``password``, ``host``, ``hostname``, ``port``, ``pathname``, ``search``,
/// ``hash``, as the URL's properties read (``string_view`` columns: views into one copy of
/// each href); a null row for a null or a string that does not parse. ``array`` is anything that exports Arrow string data
/// (``__arrow_c_array__`` or ``__arrow_c_stream__``: pyarrow, polars, duckdb, arro3...) or
/// a list of str/None; the result exports Arrow data too (``pyarrow.array(result)``). The
/// GIL is released while the URLs are parsed.
///
/// >>> import weburl.arrow
/// >>> rows = weburl.arrow.parse(["https://EXAMPLE.com:8080/a?b#c", "nope", None]).to_pylist()
/// >>> rows[0]["hostname"], rows[0]["port"], rows[0]["origin"]
/// ('example.com', '8080', 'https://example.com:8080')
/// >>> rows[1:]
/// [None, None]
#[pyfunction]
#[pyo3(signature = (array, base=None))]
fn parse(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArrowArray> {
    let base = base_url(base)?;
    let input = input(array)?;
    run(py, &input, Output::Utf8View, "parse", |s, _| {
        Arc::new(weburl_arrow::parse(s, base.as_ref()))
    })
}

/// ``component(array, name, base=None)``: one component of each URL (``name`` is one of
/// the 11 of :func:`parse`), as a string array; null for a null or a failure.
///
/// >>> import weburl.arrow
/// >>> weburl.arrow.component(["https://a.example/x?y", "/rel"], "pathname").to_pylist()
/// ['/x', None]
#[pyfunction]
#[pyo3(signature = (array, name, base=None))]
fn component(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    name: &str,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArrowArray> {
    let component: Component = name.parse().map_err(|_| {
        let names: Vec<&str> = Component::ALL.iter().map(|c| c.name()).collect();
        PyValueError::new_err(format!(
            "unknown component {name:?}: expected one of {}",
            names.join(", ")
        ))
    })?;
    let base = base_url(base)?;
    let input = input(array)?;
    run(py, &input, sized(&input), component.name(), |s, out| {
        weburl_arrow::component_as(s, base.as_ref(), component, out)
    })
}

/// ``normalize(array, profile="spec", *, drop_index=False, strip_tracking=False,
/// keep_fragment=False)``: each URL
/// in a profile's canonical form, as :func:`weburl.normalize` gives it; null for a null or a
/// failure.
///
/// >>> import weburl.arrow
/// >>> weburl.arrow.normalize(["HTTP://A.example/%7e?b=1&a=2", "x"], "dedup").to_pylist()
/// ['http://a.example/~?a=2&b=1', None]
/// >>> weburl.arrow.normalize(["http://a.example/p#top"], "dedup", keep_fragment=True).to_pylist()
/// ['http://a.example/p#top']
/// >>> weburl.arrow.normalize(["http://A.example/?b=1&a#f"], "w3lib").to_pylist()
/// ['http://a.example/?a=&b=1']
/// >>> weburl.arrow.normalize(["https://www.A.example/X?b=1&utm_id=2"], "surt", strip_tracking=True).to_pylist()
/// ['example,a)/x?b=1']
#[pyfunction]
#[pyo3(signature = (array, profile="spec", *, drop_index=false, strip_tracking=false, keep_fragment=false))]
fn normalize(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    profile: &str,
    drop_index: bool,
    strip_tracking: bool,
    keep_fragment: bool,
) -> PyResult<PyArrowArray> {
    let profile = crate::functions::profile(profile)?;
    let options = options(drop_index, strip_tracking, keep_fragment);
    let input = input(array)?;
    run(py, &input, sized(&input), "normalize", |s, out| {
        weburl_arrow::normalize_as(s, profile, &options, out)
    })
}

/// ``public_suffix(array, *, icann_only=False)``: each URL's :attr:`weburl.URL.public_suffix`
/// (by the ICANN section of the list only when ``icann_only``), as a string array; null for
/// a null, a string that does not parse, or a host that is not a domain. The GIL is
/// released while the URLs are parsed.
///
/// >>> import weburl.arrow
/// >>> urls = ["https://www.example.co.uk/", "https://x.github.io/", "http://[::1]/", "nope"]
/// >>> weburl.arrow.public_suffix(urls).to_pylist()
/// ['co.uk', 'github.io', None, None]
/// >>> weburl.arrow.public_suffix(urls, icann_only=True).to_pylist()
/// ['co.uk', 'io', None, None]
#[pyfunction]
#[pyo3(signature = (array, *, icann_only=false))]
fn public_suffix(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    icann_only: bool,
) -> PyResult<PyArrowArray> {
    let sections = crate::url::sections(icann_only);
    let input = input(array)?;
    run(py, &input, sized(&input), "public_suffix", |s, out| {
        weburl_arrow::public_suffix_as(s, sections, out)
    })
}

/// ``registrable_domain(array, *, icann_only=False)``: each URL's
/// :attr:`weburl.URL.registrable_domain` (by the ICANN section of the list only when
/// ``icann_only``), as a string array; null for a null, a string that does not parse, a
/// host that is not a domain, or a host that is a public suffix. The GIL is released while
/// the URLs are parsed.
///
/// >>> import weburl.arrow
/// >>> urls = ["https://www.example.co.uk/", "https://x.github.io/", "https://co.uk/", None]
/// >>> weburl.arrow.registrable_domain(urls).to_pylist()
/// ['example.co.uk', 'x.github.io', None, None]
/// >>> weburl.arrow.registrable_domain(urls, icann_only=True).to_pylist()
/// ['example.co.uk', 'github.io', None, None]
#[pyfunction]
#[pyo3(signature = (array, *, icann_only=false))]
fn registrable_domain(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    icann_only: bool,
) -> PyResult<PyArrowArray> {
    let sections = crate::url::sections(icann_only);
    let input = input(array)?;
    run(py, &input, sized(&input), "registrable_domain", |s, out| {
        weburl_arrow::registrable_domain_as(s, sections, out)
    })
}

/// ``can_parse(array, base=None)``: whether each string parses (against ``base``, when
/// given), as a boolean array; null for a null.
///
/// >>> import weburl.arrow
/// >>> weburl.arrow.can_parse(["https://a.example/", "/x", None]).to_pylist()
/// [True, False, None]
#[pyfunction]
#[pyo3(signature = (array, base=None))]
fn can_parse(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArrowArray> {
    let base = base_url(base)?;
    let input = input(array)?;
    run(py, &input, Output::Utf8, "can_parse", |s, _| {
        Arc::new(weburl_arrow::can_parse(s, base.as_ref()))
    })
}

/// ``error_name(array, base=None)``: why each string does not parse (against ``base``, a
/// str or a URL, when given): the URL Standard's name of the validation error that made
/// parsing fail, as :class:`weburl.URLError` messages begin (``'port-out-of-range'``,
/// ``'host-missing'``, ``'missing-scheme-non-relative-URL'``, a host's error such as
/// ``'domain-to-ASCII'`` or ``'IPv4-too-many-parts'``...), as a string array; null
/// where the string parses, and for a null. The GIL is released while the URLs are parsed.
///
/// >>> import weburl.arrow
/// >>> urls = ["https://a.example:99999/", "http://1.2.3.4.5/", "/relative", "https://a.example/", None]
/// >>> weburl.arrow.error_name(urls).to_pylist()
/// ['port-out-of-range', 'IPv4-too-many-parts', 'missing-scheme-non-relative-URL', None, None]
/// >>> weburl.arrow.error_name(["/relative", "http://[::1"], "https://a.example/").to_pylist()
/// [None, 'IPv6-unclosed']
#[pyfunction]
#[pyo3(signature = (array, base=None))]
fn error_name(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArrowArray> {
    /// The longest name is shorter than this: more rows than i32::MAX / this may need
    /// 64-bit offsets.
    const LONGEST: usize = 64;
    let base = base_url(base)?;
    let input = input(array)?;
    let output = if input.len > i32::MAX as usize / LONGEST {
        Output::LargeUtf8
    } else {
        Output::Utf8
    };
    run(py, &input, output, "error_name", |s, out| {
        weburl_arrow::error_name_as(s, base.as_ref(), out)
    })
}

/// ``search_param(array, name)``: the first value of the query parameter ``name`` in each
/// URL (:meth:`weburl.URLSearchParams.get`), decoded, as a string array; None for a null, a
/// string that does not parse, or a URL without such a parameter. The GIL is released while
/// the URLs are parsed.
///
/// >>> import weburl.arrow
/// >>> weburl.arrow.search_param(["https://a.example/?q=a+b&q=2", "https://a.example/", None], "q").to_pylist()
/// ['a b', None, None]
#[pyfunction]
fn search_param(py: Python<'_>, array: &Bound<'_, PyAny>, name: &str) -> PyResult<PyArrowArray> {
    let input = input(array)?;
    let names = Strings::scalar(Some(name), input.len);
    run(py, &input, sized(&input), "search_param", |s, out| {
        weburl_arrow::search_param(s, &names, out)
    })
}

/// ``search_params(array)``: each URL's query as :class:`weburl.URLSearchParams` reads it,
/// as a list array of ``{name, value}`` structs, decoded, in order; None for a null or a
/// string that does not parse. The GIL is released while the URLs are parsed.
///
/// >>> import weburl.arrow
/// >>> weburl.arrow.search_params(["https://a.example/?a=1&b=%41", "nope"]).to_pylist()
/// [[{'name': 'a', 'value': '1'}, {'name': 'b', 'value': 'A'}], None]
#[pyfunction]
fn search_params(py: Python<'_>, array: &Bound<'_, PyAny>) -> PyResult<PyArrowArray> {
    let input = input(array)?;
    run(py, &input, Output::Utf8, "search_params", |s, _| {
        Arc::new(weburl_arrow::search_params(s))
    })
}

/// What the pattern functions share: the URLs and the pattern argument (a constructor
/// string or an init dict compiled once with `base`, `ignore_case` and `untrusted`, or a
/// :class:`weburl.URLPattern`), read before any kernel runs.
struct PatternCall {
    input: Input,
    pattern: UrlPattern,
}

impl PatternCall {
    fn new(
        array: &Bound<'_, PyAny>,
        pattern: &Bound<'_, PyAny>,
        base: Option<&Bound<'_, PyAny>>,
        ignore_case: bool,
        untrusted: bool,
    ) -> PyResult<PatternCall> {
        let pattern = crate::pattern::pattern_argument(pattern, base, ignore_case, untrusted)?;
        Ok(PatternCall {
            input: input(array)?,
            pattern,
        })
    }

    /// Runs `kernel` with the pattern over the URLs without the GIL, with string answers of
    /// the type `output` picks for the input; the result is named `name`.
    fn run(
        &self,
        py: Python<'_>,
        output: fn(&Input) -> Output,
        name: &'static str,
        kernel: impl Fn(&Strings<'_>, &UrlPattern, Output) -> ArrayRef + Send + Sync,
    ) -> PyResult<PyArrowArray> {
        run(py, &self.input, output(&self.input), name, |s, out| {
            kernel(s, &self.pattern, out)
        })
    }
}

/// ``pattern_test(array, pattern, *, base=None, ignore_case=False, untrusted=False)``: whether each URL
/// matches ``pattern`` (:meth:`weburl.URLPattern.test`), as a boolean array; null for a null,
/// false for a string that does not parse, null where a custom regexp group exhausted its
/// step budget on that URL (where ``URLPattern.test`` raises). ``pattern`` is a constructor string or an init
/// dict, compiled once with ``base`` (the pattern's base URL) and ``ignore_case``, and where
/// ``untrusted`` within the limits for patterns from users (``URLPattern(...,
/// untrusted=True)``: no custom regexp groups, at most 8 KiB), or a
/// :class:`weburl.URLPattern`; one that does not compile, or is over the limits, raises
/// :class:`weburl.URLPatternError`. The GIL is released while the URLs are matched.
///
/// >>> import weburl.arrow
/// >>> urls = ["https://api.example.com/books/7", "https://example.org/books/7", "nope", None]
/// >>> weburl.arrow.pattern_test(urls, "https://*.example.com/books/:id").to_pylist()
/// [True, False, False, None]
/// >>> weburl.arrow.pattern_test(urls, "/BOOKS/:id", base="https://api.example.com", ignore_case=True).to_pylist()
/// [True, False, False, None]
#[pyfunction]
#[pyo3(signature = (array, pattern, *, base=None, ignore_case=false, untrusted=false))]
fn pattern_test(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    pattern: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
    ignore_case: bool,
    untrusted: bool,
) -> PyResult<PyArrowArray> {
    let call = PatternCall::new(array, pattern, base, ignore_case, untrusted)?;
    call.run(
        py,
        |_| Output::Utf8,
        "pattern_test",
        |s, p, _| Arc::new(weburl_arrow::pattern_test(s, p, None)),
    )
}

/// ``pattern_exec(array, pattern, *, base=None, ignore_case=False, untrusted=False)``: what each URL matched
/// in ``pattern`` (:meth:`weburl.URLPattern.exec`), as a struct array with one string field
/// per group of the pattern, in the order of the components and of their groups; a field is
/// named after its group (``id`` for ``:id``), or ``component.name`` where two components
/// have a group of that name (``hostname.0``, ``pathname.0``: the ``0`` of each wildcard).
/// A group that did not participate is None; a row is None for a null, a string that does
/// not parse, or no match. The arguments are :func:`pattern_test`'s.
///
/// >>> import weburl.arrow
/// >>> urls = ["https://api.example.com/books/7", "https://example.org/"]
/// >>> rows = weburl.arrow.pattern_exec(urls, "https://*.example.com/books/:id").to_pylist()
/// >>> rows[0]["id"], rows[0]["hostname.0"], rows[1]
/// ('7', 'api', None)
/// >>> weburl.arrow.pattern_exec(urls, {"pathname": "/:kind/:id?"}).to_pylist()[0]["kind"]
/// 'books'
#[pyfunction]
#[pyo3(signature = (array, pattern, *, base=None, ignore_case=false, untrusted=false))]
fn pattern_exec(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    pattern: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
    ignore_case: bool,
    untrusted: bool,
) -> PyResult<PyArrowArray> {
    let call = PatternCall::new(array, pattern, base, ignore_case, untrusted)?;
    call.run(
        py,
        |_| Output::Utf8View,
        "pattern_exec",
        |s, p, _| Arc::new(weburl_arrow::pattern_exec(s, p, None)),
    )
}

/// ``pattern_group(array, pattern, name, *, base=None, ignore_case=False, untrusted=False)``: the value of one
/// group that each URL matched in ``pattern``, as a string array: ``name`` is a field name of
/// :func:`pattern_exec` (``'id'``, ``'pathname.0'``), or a group name that several
/// components have, which means the first of them in the order of the components
/// (protocol, username, password, hostname, port, pathname, search, hash). None for a null,
/// a string that does not parse, no match, no such group, or a group that did not
/// participate. The other arguments are :func:`pattern_test`'s.
///
/// >>> import weburl.arrow
/// >>> urls = ["https://api.example.com/books/7", "https://example.org/"]
/// >>> weburl.arrow.pattern_group(urls, "https://*.example.com/books/:id", "id").to_pylist()
/// ['7', None]
/// >>> weburl.arrow.pattern_group(urls, "https://*.example.com/books/:id", "hostname.0").to_pylist()
/// ['api', None]
#[pyfunction]
#[pyo3(signature = (array, pattern, name, *, base=None, ignore_case=false, untrusted=false))]
fn pattern_group(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    pattern: &Bound<'_, PyAny>,
    name: &str,
    base: Option<&Bound<'_, PyAny>>,
    ignore_case: bool,
    untrusted: bool,
) -> PyResult<PyArrowArray> {
    let call = PatternCall::new(array, pattern, base, ignore_case, untrusted)?;
    call.run(py, sized, "pattern_group", |s, p, out| {
        weburl_arrow::pattern_group(s, p, name, None, out)
    })
}

/// The routes compiled by :func:`route` and the Polars method ``url.route``, by their JSON
/// text and base URL: a routes argument is compiled once per distinct value in the process,
/// not once per call (DuckDB's ``url_route`` calls :func:`route` once per chunk).
pub(crate) static ROUTES: std::sync::LazyLock<weburl_arrow::RouteCache> =
    std::sync::LazyLock::new(weburl_arrow::RouteCache::new);

/// The JSON text of a routes argument: a str as it is; a dict from name to pattern, or a list
/// of patterns (each named by its text), as the JSON object or array of them, in order. A
/// pattern is a str (a constructor string) or a dict (an init object).
fn routes_json(routes: &Bound<'_, PyAny>) -> PyResult<String> {
    use pyo3::types::{PyDict, PyList, PyTuple};
    let check = |v: &Bound<'_, PyAny>, what: &dyn Fn() -> String| -> PyResult<()> {
        if v.is_instance_of::<PyString>() || v.is_instance_of::<PyDict>() {
            return Ok(());
        }
        Err(PyTypeError::new_err(format!(
            "{} must be a str (a URL pattern's constructor string) or a dict (an init \
             object), not {}",
            what(),
            v.get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        )))
    };
    if let Ok(json) = routes.cast::<PyString>() {
        return Ok(json.to_str()?.to_owned());
    }
    if let Ok(dict) = routes.cast::<PyDict>() {
        for (name, pattern) in dict.iter() {
            let Ok(name) = name.extract::<String>() else {
                return Err(PyTypeError::new_err(format!(
                    "a route's name must be a str, not {}",
                    name.get_type().name()?
                )));
            };
            check(&pattern, &|| format!("the pattern of the route {name:?}"))?;
        }
    } else if routes.is_instance_of::<PyList>() || routes.is_instance_of::<PyTuple>() {
        // A list of patterns: each route named by its pattern.
        for pattern in routes.try_iter()? {
            check(&pattern?, &|| "a route's pattern".to_owned())?;
        }
    } else {
        return Err(PyTypeError::new_err(format!(
            "routes must be a dict from name to pattern, a list of patterns, or their JSON text, not {}",
            routes.get_type().name()?
        )));
    }
    // The routes as JSON, in order (a dict's keys as given, an init object as its members).
    let options = PyDict::new(routes.py());
    options.set_item("ensure_ascii", false)?;
    (routes.py().import("json")?)
        .call_method("dumps", (routes,), Some(&options))?
        .extract()
}

/// ``route(array, routes, *, best=False, base=None, untrusted=False)``: the name of the route each URL
/// matches, as a string array: ``routes`` is a dict from name to URL pattern (a constructor
/// string, relative to ``base`` when given, or an init dict such as ``{"pathname":
/// "/books/:id"}``, or either with its options, ``{"pattern": "/books/:id", "ignoreCase":
/// True}``), tried in the dict's order, a list of patterns (each named by its text,
/// an init dict by its JSON text), or the JSON text of either (as the SQL function ``url_route``
/// takes it). The routes are compiled once into one set (``weburl::pattern::UrlPatternSet``),
/// which finds a URL's candidate routes by its pathname; the answer is the first route that
/// matches, or with ``best`` the most specific (:meth:`weburl.URLPatternSet.best_match`'s
/// order); None for a null, a string that does not parse, or no match. With ``untrusted``
/// the patterns are compiled within the limits for patterns from users (as
/// :func:`pattern_test`'s). A route whose pattern does not compile, or is over the limits,
/// raises ValueError naming the route. The GIL is released while the URLs
/// are matched.
///
/// >>> import weburl.arrow
/// >>> routes = {"any": "/*", "book": "/books/:id", "author": "/authors/:name"}
/// >>> urls = ["https://example.com/books/7", "https://example.com/", "https://example.org/books/7", "nope"]
/// >>> weburl.arrow.route(urls, routes, base="https://example.com").to_pylist()
/// ['any', 'any', None, None]
/// >>> weburl.arrow.route(urls, routes, best=True, base="https://example.com").to_pylist()
/// ['book', 'any', None, None]
/// >>> weburl.arrow.route(urls, {"book": {"hostname": "example.com", "pathname": "/books/:id"}}).to_pylist()
/// ['book', None, None, None]
#[pyfunction]
#[pyo3(signature = (array, routes, *, best=false, base=None, untrusted=false))]
fn route(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    routes: &Bound<'_, PyAny>,
    best: bool,
    base: Option<&str>,
    untrusted: bool,
) -> PyResult<PyArrowArray> {
    let json = routes_json(routes)?;
    let compiled = ROUTES
        .get_with(&json, base, untrusted)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let input = input(array)?;
    run(py, &input, sized(&input), "route", |s, out| {
        weburl_arrow::route(s, &compiled, best, None, out)
    })
}

/// The URL patterns compiled by :func:`pattern_generate` and the Polars method
/// ``url.pattern_generate``, by their text, base URL and ``untrusted``: a pattern is compiled
/// once per distinct value in the process, not once per call or row (DuckDB's
/// ``url_pattern_generate`` calls :func:`pattern_generate` once per chunk).
pub(crate) static PATTERNS: std::sync::LazyLock<weburl_arrow::PatternCache> =
    std::sync::LazyLock::new(weburl_arrow::PatternCache::new);

/// The JSON text of a groups argument: a str as it is; a dict from group name to value as
/// the JSON object of it (``json.dumps``).
pub(crate) fn groups_json(groups: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(json) = groups.cast::<PyString>() {
        return Ok(json.to_str()?.to_owned());
    }
    if groups.is_instance_of::<pyo3::types::PyDict>() {
        let json = groups
            .py()
            .import("json")?
            .call_method1("dumps", (groups,))?;
        return json.extract();
    }
    Err(PyTypeError::new_err(format!(
        "groups must be a dict from group name to str, or its JSON text, not {}",
        groups.get_type().name()?
    )))
}

/// ``pattern_generate(array, component, groups, *, base=None, strict=False, untrusted=False)``:
/// for each URL pattern of ``array`` (a constructor string, relative to ``base`` when given,
/// or an init object's JSON text), the value of ``component`` (``"pathname"``, ...) that
/// :meth:`weburl.URLPattern.generate` builds from ``groups``, a dict from group name to str
/// (or its JSON text, as the SQL function ``url_pattern_generate`` takes it); with
/// ``strict``, :meth:`weburl.URLPattern.generate` ``(..., strict=True)``, which refuses a
/// value that would change the URL's structure (``../x`` in a pathname, ``a&b=c`` in a
/// search). None for a null pattern or where generate refuses the values (a group without a
/// value, a value its group could not match, a part generate cannot fill). Each distinct
/// pattern is compiled once in the process (where ``untrusted``, within the limits for
/// patterns from users). An unknown component, groups that are not str values, or a pattern
/// that does not compile raise ValueError. The GIL is released while the values are built.
///
/// >>> import weburl.arrow
/// >>> patterns = ["https://example.com/files/:name", "app://x/files/:name", "https://*.example.com/*", None]
/// >>> weburl.arrow.pattern_generate(patterns, "pathname", {"name": "../a b"}).to_pylist()
/// [None, '/files/../a b', None, None]
/// >>> weburl.arrow.pattern_generate(patterns, "pathname", {"name": "a b"}, strict=True).to_pylist()
/// ['/files/a%20b', '/files/a b', None, None]
#[pyfunction]
#[pyo3(signature = (array, component, groups, *, base=None, strict=false, untrusted=false))]
fn pattern_generate(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    component: &str,
    groups: &Bound<'_, PyAny>,
    base: Option<&str>,
    strict: bool,
    untrusted: bool,
) -> PyResult<PyArrowArray> {
    let groups = groups_json(groups)?;
    let input = input(array)?;
    let patterns = strings(&input)?;
    let n = input.len;
    let (components, groups) = (
        Strings::scalar(Some(component), n),
        Strings::scalar(Some(groups.as_str()), n),
    );
    let bases = base.map(|base| Strings::scalar(Some(base), n));
    let args = weburl_arrow::GenerateArgs {
        components: &components,
        groups: &groups,
        bases: bases.as_ref(),
    };
    let output = sized(&input);
    let array = py
        .detach(|| {
            weburl_arrow::pattern_generate(&patterns, args, strict, untrusted, &PATTERNS, output)
        })
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(PyArrowArray {
        array,
        name: "pattern_generate",
    })
}

/// ``parse_url(array, part, key=None)``: **Spark SQL's** ``parse_url(url, part [, key])`` of
/// each string, answer for answer (``java.net.URI``'s RFC 2396 reading, not the URL
/// Standard's: nothing is lower-cased, decoded or resolved), as a string array, as weburl's
/// DataFusion and DuckDB ``parse_url`` answer. ``part`` is one of ``HOST``, ``PATH``,
/// ``QUERY``, ``REF``, ``PROTOCOL``, ``FILE``, ``AUTHORITY``, ``USERINFO`` (case-sensitive:
/// any other gives None for every row, as in Spark); with ``key``, the value Spark's unquoted
/// regular expression ``(&|^)KEY=([^&]*)`` finds in the raw query (``part`` must be
/// ``QUERY``). None for a null and wherever Spark answers NULL (a string ``java.net.URI``
/// refuses, a part the URL lacks). A key that is not a valid Java regular expression, or uses
/// syntax that is not emulated (lookaround, back references, embedded flags), raises
/// ValueError. The GIL is released while the URLs are read.
///
/// >>> import weburl.arrow
/// >>> urls = ["HTTP://u@Example.COM/a/./b?x=1&y=2#f", "http://my_host/p", "http://h/a b", None]
/// >>> weburl.arrow.parse_url(urls, "HOST").to_pylist()
/// ['Example.COM', None, None, None]
/// >>> weburl.arrow.parse_url(urls, "PATH").to_pylist()
/// ['/a/./b', '/p', None, None]
/// >>> weburl.arrow.parse_url(urls, "QUERY", "y").to_pylist()
/// ['2', None, None, None]
#[pyfunction]
#[pyo3(signature = (array, part, key=None))]
fn parse_url(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    part: &str,
    key: Option<&str>,
) -> PyResult<PyArrowArray> {
    let input = input(array)?;
    let strings = strings(&input)?;
    let parts = Strings::scalar(Some(part), input.len);
    let keys = key.map(|key| Strings::scalar(Some(key), input.len));
    let output = sized(&input);
    let array = py
        .detach(|| weburl_arrow::spark_parse_url(&strings, &parts, keys.as_ref(), output))
        .map_err(|e| PyValueError::new_err(format!("parse_url: {e}")))?;
    Ok(PyArrowArray {
        array,
        name: "parse_url",
    })
}
