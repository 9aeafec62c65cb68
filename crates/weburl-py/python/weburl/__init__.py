"""URLs exactly as web browsers read them: the WHATWG URL Standard, in Rust.

>>> import weburl
>>> url = weburl.URL("../api?q=a b#Top", "https://EXAMPLE.com/docs/guide/")
>>> url.href
'https://example.com/docs/api?q=a%20b#Top'
>>> weburl.join("https://example.com/a/b", "c?d")
'https://example.com/a/c?d'

The classes: :class:`URL`, :class:`URLSearchParams`, :class:`URLError` (a ValueError),
:class:`ValidationIssue`, :class:`Policy` and :class:`Refused` (a URLError) for
checking URLs before fetching them, :class:`SpecialBlock`, :class:`URLPattern`,
:class:`URLPatternSet` and :class:`URLPatternError` (a ValueError) for matching URLs against
URL patterns. The functions: :func:`join`, :func:`normalize`, :func:`surt`, :func:`validate`,
:func:`compare`, :func:`links`, and :func:`ip_address_space` and :func:`special_block` for
the addresses a name resolves to. Batches over Arrow arrays:
:mod:`weburl.arrow`; in Polars expressions: :mod:`weburl.polars` (the ``url`` namespace);
in DuckDB SQL: :mod:`weburl.duckdb`. Those two are imported on demand (they need Polars and
DuckDB).
"""

from ._weburl import (
    URL,
    URLError,
    URLPattern,
    URLPatternError,
    URLPatternSet,
    Policy,
    Refused,
    SpecialBlock,
    URLSearchParams,
    ValidationIssue,
    compare,
    ip_address_space,
    join,
    links,
    normalize,
    special_block,
    surt,
    validate,
)
from . import arrow

__all__ = [
    "URL",
    "URLError",
    "URLPattern",
    "URLPatternError",
    "URLPatternSet",
    "Policy",
    "Refused",
    "SpecialBlock",
    "URLSearchParams",
    "ValidationIssue",
    "arrow",
    "compare",
    "ip_address_space",
    "join",
    "links",
    "normalize",
    "special_block",
    "surt",
    "validate",
]
