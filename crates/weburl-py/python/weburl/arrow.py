"""Batch functions over Arrow string arrays, without the GIL.

Each function takes anything that exports Arrow string data through the Arrow PyCapsule
interface (``__arrow_c_array__`` or ``__arrow_c_stream__``: pyarrow arrays and chunked
arrays, polars series, duckdb results, arro3, nanoarrow), or a plain list of str/None, and
returns an :class:`Array`, which exports the interface too, so that pyarrow is not needed::

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

__all__ = ["Array", "can_parse", "component", "normalize", "parse", "public_suffix", "registrable_domain"]
