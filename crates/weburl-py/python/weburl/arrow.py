"""Batch functions over Arrow string arrays, without the GIL.

Each function takes anything that exports Arrow string data through the Arrow PyCapsule
interface (``__arrow_c_array__`` or ``__arrow_c_stream__``: pyarrow arrays, chunked arrays
and one-column tables, polars series and one-column data frames, DuckDB relations and
results of one column, arro3, nanoarrow), or any other iterable of str with None, NaN or
``pandas.NA`` for a missing value (a list, a pandas Series), and returns an :class:`Array`,
which exports the interface too (named after what it holds, so that polars names a Series of
it), so that pyarrow is not needed::

    >>> import weburl.arrow
    >>> weburl.arrow.component(["https://a.example/x", "nope"], "hostname").to_pylist()
    ['a.example', None]

With pyarrow: ``pyarrow.array(weburl.arrow.parse(table["url"]))``.
"""

from ._weburl import arrow as _arrow

Array = _arrow.Array
parse = _arrow.parse
component = _arrow.component
normalize = _arrow.normalize
can_parse = _arrow.can_parse
public_suffix = _arrow.public_suffix
registrable_domain = _arrow.registrable_domain
error_name = _arrow.error_name
pattern_test = _arrow.pattern_test
pattern_exec = _arrow.pattern_exec
pattern_group = _arrow.pattern_group
route = _arrow.route
pattern_generate = _arrow.pattern_generate
parse_url = _arrow.parse_url
search_param = _arrow.search_param
search_params = _arrow.search_params

__all__ = [
    "Array",
    "can_parse",
    "component",
    "error_name",
    "normalize",
    "parse",
    "parse_url",
    "pattern_exec",
    "pattern_generate",
    "pattern_group",
    "pattern_test",
    "public_suffix",
    "registrable_domain",
    "route",
    "search_param",
    "search_params",
]
