//! `weburl.arrow`: batch functions over Arrow string arrays.

use std::fmt::Write as _;
use std::sync::Arc;

use arrow_array::builder::{BooleanBufferBuilder, BooleanBuilder, GenericStringBuilder};
use arrow_array::{
    Array, ArrayRef, BooleanArray, LargeStringArray, OffsetSizeTrait, StringArray, StringViewArray,
    StructArray, make_array,
};
use arrow_buffer::{Buffer, NullBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule, PyDict, PyFloat, PyList, PyString};
use weburl::normalize::{self as norm, Options, Profile};
use weburl::{ParseError, Url};

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
    Ok(())
}

/// The components `parse` returns, in order: the URL API's getters.
pub const COMPONENTS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// Appends component `index` of [`COMPONENTS`] of `url` to `out`.
fn write_component(url: &Url, index: usize, out: &mut impl std::fmt::Write) {
    let text = match index {
        0 => url.href(),
        1 => {
            write_origin(url, out);
            return;
        }
        2 => url.protocol(),
        3 => url.username(),
        4 => url.password(),
        5 => url.host(),
        6 => url.hostname(),
        7 => url.port(),
        8 => url.pathname(),
        9 => url.search(),
        _ => url.hash(),
    };
    let _ = out.write_str(text);
}

/// The origin's serialization, without allocating for the common case: a special scheme
/// other than `file` has the tuple origin (scheme, host, port), serialized
/// `scheme://host[:port]`, which is the protocol, `//` and the URL's host getter.
fn write_origin(url: &Url, out: &mut impl std::fmt::Write) {
    if url.is_special() && url.scheme() != "file" {
        let _ = out.write_str(url.protocol());
        let _ = out.write_str("//");
        let _ = out.write_str(url.host());
    } else {
        let _ = out.write_str(&url.origin().ascii_serialization());
    }
}

/// Calls `f` with each string of `arrays` (None for a null), in order.
fn each_str(arrays: &[ArrayRef], mut f: impl FnMut(Option<&str>)) {
    for array in arrays {
        let any = array.as_any();
        if let Some(a) = any.downcast_ref::<StringArray>() {
            a.iter().for_each(&mut f);
        } else if let Some(a) = any.downcast_ref::<LargeStringArray>() {
            a.iter().for_each(&mut f);
        } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
            a.iter().for_each(&mut f);
        }
    }
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
        ffi::import(obj)?
            .into_iter()
            .map(only_column)
            .collect::<PyResult<_>>()?
    } else if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "expected a batch of URLs (Arrow strings or an iterable of str), not one string: \
             put it in a list",
        ));
    } else if let Ok(items) = obj.try_iter() {
        let mut values: Vec<Option<String>> = Vec::new();
        for item in items {
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
        vec![Arc::new(StringArray::from(values)) as ArrayRef]
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

/// Whether output strings need 64-bit offsets: percent-encoding may triple the input's
/// bytes, and 11 components repeat them; past this many input bytes, use large strings.
fn needs_large(bytes: usize) -> bool {
    bytes > (i32::MAX as usize) / 8
}

/// The base URL argument, parsed (a URLError if it does not parse).
fn base_url(base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Url>> {
    with_base(base, |b| b.cloned())
}

/// `input` parsed against `base`.
fn parse_result(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    match base {
        Some(base) => Url::parse_with_base(input, base),
        None => Url::parse(input),
    }
}

/// `input` parsed against `base`, `None` when it does not parse.
fn parse_one(input: &str, base: Option<&Url>) -> Option<Url> {
    parse_result(input, base).ok()
}

/// The struct array of `parse`, with `string_view` children: each URL's href is copied
/// once into a data block, and the 11 components are views into it (a component is a
/// substring of the href; an origin that is not, such as a blob: URL's, is appended after
/// it). Short strings (up to 12 bytes) are inline in their views.
fn parse_views(input: &Input, base: Option<&Url>) -> Result<ArrayRef, ArrowError> {
    /// Blocks stay below this size, so that view offsets (u32) fit.
    const BLOCK: usize = 1 << 30;
    let rows = input.len;
    let mut blocks: Vec<Buffer> = Vec::new();
    let mut block: Vec<u8> = Vec::with_capacity(input.bytes.min(BLOCK));
    // All 11 columns' views in one allocation, column after column (one big block is
    // reused by the allocator from call to call, where 11 separate ones were returned to
    // the system and faulted in again each time).
    let mut views: Vec<u128> = vec![0; COMPONENTS.len() * rows];
    let mut valid = BooleanBufferBuilder::new(rows);
    let mut row = 0;
    each_str(&input.arrays, |text| {
        let this = row;
        row += 1;
        let Some(url) = text.and_then(|t| parse_one(t, base)) else {
            valid.append(false);
            return;
        };
        valid.append(true);
        let href = url.href();
        let origin = fast_origin(&url);
        let extra = if origin.is_none() { 64 } else { 0 };
        if block.len() + href.len() + extra > BLOCK && !block.is_empty() {
            let full = std::mem::replace(&mut block, Vec::with_capacity(BLOCK.min(input.bytes)));
            blocks.push(Buffer::from_vec(full));
        }
        let block_id = blocks.len() as u32;
        let start = block.len();
        block.extend_from_slice(href.as_bytes());
        for i in 0..COMPONENTS.len() {
            let part: &str = match i {
                0 => href,
                1 => match origin {
                    Some(len) => &href[..len],
                    // An opaque origin: every scheme but the special ones and blob: (whose
                    // origin is its inner URL's).
                    None if url.scheme() != "blob"
                        && (!url.is_special() || url.scheme() == "file") =>
                    {
                        "null"
                    }
                    None => {
                        let serialized = url.origin().ascii_serialization();
                        let at = block.len();
                        block.extend_from_slice(serialized.as_bytes());
                        views[i * rows + this] = view(serialized.as_bytes(), block_id, at);
                        continue;
                    }
                },
                2 => url.protocol(),
                3 => url.username(),
                4 => url.password(),
                5 => url.host(),
                6 => url.hostname(),
                7 => url.port(),
                8 => url.pathname(),
                9 => url.search(),
                _ => url.hash(),
            };
            let bytes = part.as_bytes();
            let v = if bytes.len() <= 12 {
                view(bytes, 0, 0)
            } else {
                // Every getter returns a slice of the href; find where (checked, not
                // assumed: a part that is not in the href is appended to the block).
                let offset = (part.as_ptr() as usize).wrapping_sub(href.as_ptr() as usize);
                if offset
                    .checked_add(bytes.len())
                    .is_some_and(|end| end <= href.len())
                {
                    view(bytes, block_id, start + offset)
                } else {
                    let at = block.len();
                    block.extend_from_slice(bytes);
                    view(bytes, block_id, at)
                }
            };
            views[i * rows + this] = v;
        }
    });
    blocks.push(Buffer::from_vec(block));
    let fields: Fields = COMPONENTS
        .iter()
        .map(|name| Field::new(*name, DataType::Utf8View, true))
        .collect();
    let blocks: Arc<[Buffer]> = blocks.into();
    let views = Buffer::from_vec(views);
    let children: Vec<ArrayRef> = (0..COMPONENTS.len())
        .map(|i| {
            let column = ScalarBuffer::<u128>::new(views.clone(), i * rows, rows);
            Arc::new(ffi::string_views(column, Arc::clone(&blocks))) as ArrayRef
        })
        .collect();
    let nulls = NullBuffer::new(valid.finish());
    let nulls = (nulls.null_count() > 0).then_some(nulls);
    Ok(Arc::new(StructArray::try_new(fields, children, nulls)?))
}

/// The Arrow view of `bytes`: inline when at most 12 bytes, else its length, first four
/// bytes, block and offset (the layout of Arrow's `BinaryView`).
#[inline]
fn view(bytes: &[u8], block: u32, offset: usize) -> u128 {
    let len = bytes.len();
    if len <= 12 {
        let mut inline = [0u8; 16];
        inline[..4].copy_from_slice(&(len as u32).to_le_bytes());
        inline[4..4 + len].copy_from_slice(bytes);
        u128::from_le_bytes(inline)
    } else {
        let prefix = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        (len as u32 as u128)
            | (prefix as u128) << 32
            | (block as u128) << 64
            | (offset as u32 as u128) << 96
    }
}

/// The length of the origin's serialization when it is a prefix of the href: a special
/// scheme other than `file`, without credentials (`scheme://host[:port]`).
fn fast_origin(url: &Url) -> Option<usize> {
    (url.is_special() && url.scheme() != "file" && !url.includes_credentials())
        .then(|| url.protocol().len() + 2 + url.host().len())
}

/// A string array of `f` applied to each parsed URL (null for a null or a failure).
fn map_all<O: OffsetSizeTrait>(
    input: &Input,
    base: Option<&Url>,
    mut f: impl FnMut(&Url, &mut GenericStringBuilder<O>) -> bool,
) -> ArrayRef {
    let mut builder = GenericStringBuilder::<O>::with_capacity(input.len, input.bytes);
    each_str(&input.arrays, |text| {
        match text.and_then(|t| parse_one(t, base)) {
            Some(url) => {
                if f(&url, &mut builder) {
                    builder.append_value("");
                } else {
                    builder.append_null();
                }
            }
            None => builder.append_null(),
        }
    });
    Arc::new(builder.finish())
}

/// Runs `f` with the right offset size, without the GIL; the result is named `name`.
fn run_strings(
    py: Python<'_>,
    input: &Input,
    name: &'static str,
    f: impl Fn(&Input) -> ArrayRef + Send + Sync,
    g: impl Fn(&Input) -> ArrayRef + Send + Sync,
) -> PyArrowArray {
    let large = needs_large(input.bytes);
    let array = py.detach(|| if large { g(input) } else { f(input) });
    PyArrowArray { array, name }
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
    let array = py
        .detach(|| parse_views(&input, base.as_ref()))
        .map_err(ffi::arrow_error)?;
    Ok(PyArrowArray {
        array,
        name: "parse",
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
    let index = COMPONENTS.iter().position(|c| *c == name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown component {name:?}: expected one of {}",
            COMPONENTS.join(", ")
        ))
    })?;
    let base = base_url(base)?;
    let input = input(array)?;
    Ok(run_strings(
        py,
        &input,
        COMPONENTS[index],
        |i| {
            map_all::<i32>(i, base.as_ref(), |url, out| {
                write_component(url, index, out);
                true
            })
        },
        |i| {
            map_all::<i64>(i, base.as_ref(), |url, out| {
                write_component(url, index, out);
                true
            })
        },
    ))
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
    Ok(run_strings(
        py,
        &input,
        "normalize",
        |i| {
            map_all::<i32>(i, None, |url, out| {
                write_normalized(url, profile, &options, out)
            })
        },
        |i| {
            map_all::<i64>(i, None, |url, out| {
                write_normalized(url, profile, &options, out)
            })
        },
    ))
}

/// Appends `url` normalized to `out`; false when normalization failed.
fn write_normalized(
    url: &Url,
    profile: Profile,
    options: &Options,
    out: &mut impl std::fmt::Write,
) -> bool {
    match profile {
        Profile::Spec if !options.strip_tracking => out.write_str(url.href()).is_ok(),
        Profile::Surt | Profile::W3lib => match norm::canonicalize(url, profile, options) {
            Ok(text) => out.write_str(&text).is_ok(),
            Err(_) => false,
        },
        _ => match norm::normalize(url, profile, options) {
            Ok(normalized) => out.write_str(normalized.href()).is_ok(),
            Err(_) => false,
        },
    }
}

/// A string array of `f` applied to each parsed URL: null for a null, a failure, or None
/// from `f`.
fn map_opt<O: OffsetSizeTrait>(
    input: &Input,
    f: impl for<'u> Fn(&'u Url) -> Option<&'u str>,
) -> ArrayRef {
    let mut builder = GenericStringBuilder::<O>::with_capacity(input.len, input.bytes / 2);
    each_str(&input.arrays, |text| {
        let url = text.and_then(|t| Url::parse(t).ok());
        builder.append_option(url.as_ref().and_then(&f));
    });
    Arc::new(builder.finish())
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
    Ok(run_strings(
        py,
        &input,
        "public_suffix",
        |i| map_opt::<i32>(i, |u| u.public_suffix_in(sections)),
        |i| map_opt::<i64>(i, |u| u.public_suffix_in(sections)),
    ))
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
    Ok(run_strings(
        py,
        &input,
        "registrable_domain",
        |i| map_opt::<i32>(i, |u| u.registrable_domain_in(sections)),
        |i| map_opt::<i64>(i, |u| u.registrable_domain_in(sections)),
    ))
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
    let array = py.detach(|| {
        let mut builder = BooleanBuilder::with_capacity(input.len);
        each_str(&input.arrays, |text| match text {
            Some(text) => builder.append_value(match &base {
                Some(base) => Url::parse_with_base(text, base).is_ok(),
                None => Url::parse(text).is_ok(),
            }),
            None => builder.append_null(),
        });
        Arc::new(builder.finish()) as ArrayRef
    });
    Ok(PyArrowArray {
        array,
        name: "can_parse",
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
    fn names<O: OffsetSizeTrait>(input: &Input, base: Option<&Url>) -> ArrayRef {
        let mut builder = GenericStringBuilder::<O>::with_capacity(input.len, 0);
        each_str(&input.arrays, |text| {
            let error = text.and_then(|t| parse_result(t, base).err());
            builder.append_option(error.map(ParseError::spec_name));
        });
        Arc::new(builder.finish())
    }
    /// The longest name is shorter than this: more rows than i32::MAX / this may need 64-bit
    /// offsets.
    const LONGEST: usize = 64;
    let base = base_url(base)?;
    let input = input(array)?;
    let large = input.len > i32::MAX as usize / LONGEST;
    let array = py.detach(|| {
        if large {
            names::<i64>(&input, base.as_ref())
        } else {
            names::<i32>(&input, base.as_ref())
        }
    });
    Ok(PyArrowArray {
        array,
        name: "error_name",
    })
}

/// An Arrow array returned by the functions of ``weburl.arrow``. It exports the Arrow
/// PyCapsule interface (``__arrow_c_array__``, ``__arrow_c_schema__``), so
/// ``pyarrow.array(result)``, ``polars.Series(result)`` and the like take it without a
/// copy; ``to_pylist()`` gives Python objects without any Arrow library. Its exported field
/// is named after what it holds (:attr:`name`), so that polars names a Series of it.
///
/// >>> import weburl.arrow
/// >>> result = weburl.arrow.can_parse(["https://a.example/"])
/// >>> len(result), result.type, result.name, result.to_pylist()
/// (1, 'bool', 'can_parse', [True])
#[pyclass(name = "Array", module = "weburl.arrow", frozen)]
pub struct PyArrowArray {
    array: ArrayRef,
    /// The field name it exports.
    name: &'static str,
}

#[pymethods]
impl PyArrowArray {
    /// The Arrow PyCapsule interface: the schema and array capsules (``requested_schema``
    /// is ignored, as the interface allows).
    ///
    /// >>> import weburl.arrow
    /// >>> schema, array = weburl.arrow.can_parse(["x"]).__arrow_c_array__()
    /// >>> type(schema).__name__
    /// 'PyCapsule'
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
        let _ = requested_schema;
        ffi::export(py, &self.array, self.name)
    }

    /// The Arrow PyCapsule interface: the schema capsule of the array's type.
    ///
    /// >>> import weburl.arrow
    /// >>> type(weburl.arrow.can_parse(["x"]).__arrow_c_schema__()).__name__
    /// 'PyCapsule'
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        ffi::export_schema(py, &self.array, self.name)
    }

    fn __len__(&self) -> usize {
        self.array.len()
    }

    /// The name of the exported field: the component's for :func:`component`, else the
    /// function's (``'parse'``, ``'normalize'``, ``'can_parse'``, ``'public_suffix'``,
    /// ``'registrable_domain'``, ``'error_name'``).
    ///
    /// >>> import weburl.arrow
    /// >>> weburl.arrow.component(["https://a.example/"], "hostname").name
    /// 'hostname'
    /// >>> weburl.arrow.registrable_domain(["https://a.example/"]).name
    /// 'registrable_domain'
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// The Arrow type, as text: ``'utf8'``, ``'bool'``, or ``'struct<href: string_view, ...>'``.
    ///
    /// >>> import weburl.arrow
    /// >>> weburl.arrow.component(["https://a.example/"], "host").type
    /// 'utf8'
    #[getter]
    fn r#type(&self) -> String {
        type_name(self.array.data_type())
    }

    /// The values as Python objects: str, bool, a dict for a struct row, None for a null.
    ///
    /// >>> import weburl.arrow
    /// >>> weburl.arrow.component(["https://a.example/", None], "host").to_pylist()
    /// ['a.example', None]
    fn to_pylist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        to_pylist(py, &self.array)
    }

    fn __repr__(&self) -> String {
        format!(
            "<weburl.arrow.Array name={} type={} len={}>",
            self.name,
            type_name(self.array.data_type()),
            self.array.len()
        )
    }
}

/// A short name of an Arrow type, in pyarrow's spelling.
fn type_name(data_type: &DataType) -> String {
    match data_type {
        DataType::Utf8 => "utf8".into(),
        DataType::LargeUtf8 => "large_utf8".into(),
        DataType::Utf8View => "string_view".into(),
        DataType::Boolean => "bool".into(),
        DataType::Struct(fields) => {
            let mut out = String::from("struct<");
            for (i, f) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{}: {}", f.name(), type_name(f.data_type()));
            }
            out.push('>');
            out
        }
        other => other.to_string(),
    }
}

/// The values of `array` as Python objects.
fn to_pylist<'py>(py: Python<'py>, array: &ArrayRef) -> PyResult<Bound<'py, PyList>> {
    let any = array.as_any();
    if let Some(a) = any.downcast_ref::<StringArray>() {
        return PyList::new(py, a.iter());
    }
    if let Some(a) = any.downcast_ref::<LargeStringArray>() {
        return PyList::new(py, a.iter());
    }
    if let Some(a) = any.downcast_ref::<StringViewArray>() {
        return PyList::new(py, a.iter());
    }
    if let Some(a) = any.downcast_ref::<BooleanArray>() {
        return PyList::new(py, a.iter());
    }
    if let Some(a) = any.downcast_ref::<StructArray>() {
        let columns: Vec<Bound<'py, PyList>> = a
            .columns()
            .iter()
            .map(|c| to_pylist(py, c))
            .collect::<PyResult<_>>()?;
        let names = a.column_names();
        let mut rows = Vec::with_capacity(a.len());
        for row in 0..a.len() {
            if a.is_null(row) {
                rows.push(py.None().into_bound(py));
                continue;
            }
            let dict = PyDict::new(py);
            for (name, column) in names.iter().zip(&columns) {
                dict.set_item(*name, column.get_item(row)?)?;
            }
            rows.push(dict.into_any());
        }
        return PyList::new(py, rows);
    }
    Err(PyTypeError::new_err(format!(
        "to_pylist: unsupported type {}",
        array.data_type()
    )))
}
