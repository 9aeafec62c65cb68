"""weburl's URL functions in DuckDB SQL: :func:`register` adds them to a connection.

    >>> import duckdb
    >>> import weburl.duckdb
    >>> con = duckdb.connect()
    >>> weburl.duckdb.register(con)
    >>> con.sql(
    ...     "SELECT url_hostname(u) AS host, url_registrable_domain(u) AS site, url_can_parse(u) AS ok "
    ...     "FROM (VALUES ('https://www.Example.co.uk/a'), ('nope'), (NULL)) t(u)"
    ... ).fetchall()
    [('www.example.co.uk', 'example.co.uk', True), (None, None, False), (None, None, None)]

Each function is a vectorized DuckDB function over Arrow (DuckDB hands it a chunk of up to
2,048 rows at a time and the kernels of :mod:`weburl.arrow` answer the chunk at once); the
names are those of weburl's DataFusion functions. DuckDB's Python API registers one
signature per name, so the functions take one argument (the URL) except ``url_normalize``
(the URL and a profile), ``url_pattern_test(url, pattern)`` and
``url_pattern_group(url, pattern, name)`` (:func:`weburl.arrow.pattern_group`'s names):
there is no base URL argument and no ``'icann'`` variant of the
Public Suffix List functions here (use :mod:`weburl.arrow` or the Polars namespace for
those). pyarrow is needed (DuckDB passes Arrow arrays to Python through it).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from . import arrow as _arrow

__all__ = ["FUNCTIONS", "NETQUACK_ALIASES", "register"]

_COMPONENTS = (
    "href",
    "origin",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
)

#: The SQL names :func:`register` adds, with their types (arguments, result).
FUNCTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "url_parse": (
        ("VARCHAR",),
        "STRUCT(" + ", ".join(f"{c} VARCHAR" for c in _COMPONENTS) + ")",
    ),
    **{f"url_{c}": (("VARCHAR",), "VARCHAR") for c in _COMPONENTS},
    "url_can_parse": (("VARCHAR",), "BOOLEAN"),
    "url_error_name": (("VARCHAR",), "VARCHAR"),
    "url_public_suffix": (("VARCHAR",), "VARCHAR"),
    "url_registrable_domain": (("VARCHAR",), "VARCHAR"),
    "url_normalize": (("VARCHAR", "VARCHAR"), "VARCHAR"),
    "url_surt": (("VARCHAR",), "VARCHAR"),
    "url_pattern_test": (("VARCHAR", "VARCHAR"), "BOOLEAN"),
    "url_pattern_group": (("VARCHAR", "VARCHAR", "VARCHAR"), "VARCHAR"),
}

#: Names of the community extension netquack that mean what a weburl function means (for
#: absolute URLs; netquack also reads text without a scheme, which the URL Standard does not
#: parse, so those rows are null here). Its other functions answer in another form
#: (``extract_schema`` and ``extract_query_string`` drop the ``:`` and ``?`` that
#: ``url_protocol`` and ``url_search`` keep, ``extract_fragment`` the ``#``, ``extract_port``
#: keeps a scheme's default port that the URL Standard drops) or have no counterpart here
#: (``extract_extension``, ``extract_subdomain``, the Tranco and IP functions), and are not
#: aliased.
NETQUACK_ALIASES: dict[str, str] = {
    "extract_domain": "url_registrable_domain",
    "extract_host": "url_hostname",
    "extract_path": "url_pathname",
    "extract_tld": "url_public_suffix",
}


def _pyarrow() -> Any:
    return importlib.import_module("pyarrow")


def _kernel(name: str) -> Callable[..., Any]:
    """The Arrow function of SQL function ``name``: pyarrow arrays in, a pyarrow array out."""
    pa = _pyarrow()
    if name == "url_parse":
        return lambda urls: pa.array(_arrow.parse(urls))
    if name == "url_can_parse":
        return lambda urls: pa.array(_arrow.can_parse(urls))
    if name == "url_error_name":
        return lambda urls: pa.array(_arrow.error_name(urls))
    if name == "url_public_suffix":
        return lambda urls: pa.array(_arrow.public_suffix(urls))
    if name == "url_registrable_domain":
        return lambda urls: pa.array(_arrow.registrable_domain(urls))
    if name == "url_surt":
        return lambda urls: pa.array(_arrow.normalize(urls, "surt"))
    if name == "url_normalize":
        return _normalize
    if name == "url_pattern_test":
        return _pattern_test
    if name == "url_pattern_group":
        return _pattern_group
    component = name.removeprefix("url_")
    return lambda urls: pa.array(_arrow.component(urls, component))  # type: ignore[arg-type]


def _normalize(urls: Any, profiles: Any) -> Any:
    """``url_normalize(url, profile)``: one kernel call per profile in the chunk (a constant
    profile, the usual case, is one call); a null profile gives null."""
    pa = _pyarrow()
    pc = importlib.import_module("pyarrow.compute")

    names = [p for p in pc.unique(profiles).to_pylist() if p is not None]
    out = pa.nulls(len(urls), pa.string())
    for name in names:
        answer = pa.array(_arrow.normalize(urls, name)).cast(pa.string())
        if len(names) == 1 and profiles.null_count == 0:
            return answer
        out = pc.if_else(pc.equal(profiles, name), answer, out)
    return out


def _per_value(urls: Any, arguments: list[Any], result: Any, kernel: Callable[..., Any]) -> Any:
    """``kernel(urls, *values)`` for each distinct combination of the other arguments in the
    chunk (constant ones, the usual case, make one call: a pattern is compiled once per
    chunk); null where one of them is null."""
    pa = _pyarrow()
    pc = importlib.import_module("pyarrow.compute")

    if all(a.null_count == 0 and len(pc.unique(a)) == 1 for a in arguments):
        return pa.array(kernel(urls, *(a[0].as_py() for a in arguments))).cast(result)
    rows = list(zip(*(a.to_pylist() for a in arguments)))
    out = pa.nulls(len(urls), result)
    for values in {r for r in rows if None not in r}:
        answer = pa.array(kernel(urls, *values)).cast(result)
        out = pc.if_else(pa.array([r == values for r in rows], pa.bool_()), answer, out)
    return out


def _pattern_test(urls: Any, patterns: Any) -> Any:
    """``url_pattern_test(url, pattern)``: :func:`weburl.arrow.pattern_test`."""
    return _per_value(urls, [patterns], _pyarrow().bool_(), _arrow.pattern_test)


def _pattern_group(urls: Any, patterns: Any, names: Any) -> Any:
    """``url_pattern_group(url, pattern, name)``: :func:`weburl.arrow.pattern_group`."""
    return _per_value(urls, [patterns, names], _pyarrow().string(), _arrow.pattern_group)


def register(con: Any, *, netquack_aliases: bool = True) -> None:
    """Adds weburl's URL functions to the DuckDB connection ``con`` (see :data:`FUNCTIONS`),
    and netquack's names of four of them (:data:`NETQUACK_ALIASES`) unless
    ``netquack_aliases`` is false. A null gives null; a string that does not parse gives
    null (``url_can_parse``: false; ``url_error_name``: the reason).

    >>> import duckdb
    >>> import weburl.duckdb
    >>> con = duckdb.connect()
    >>> weburl.duckdb.register(con)
    >>> con.sql("SELECT url_normalize('HTTP://A.example/%7e?b=1&a=2', 'dedup')").fetchall()
    [('http://a.example/~?a=2&b=1',)]
    >>> con.sql("SELECT extract_domain('https://x.github.io/'), url_error_name('http://[::1')").fetchall()
    [('x.github.io', 'IPv6-unclosed')]
    """
    import duckdb

    # DuckDB's create_function imports numpy, even for Arrow functions, and fails on the
    # first function without it: say so once, with the fix.
    try:
        importlib.import_module("numpy")
    except ImportError as e:
        raise ImportError(
            "weburl.duckdb.register needs numpy (DuckDB's Python functions import it): "
            "pip install 'weburl[duckdb]' or pip install numpy"
        ) from e
    for name, (arguments, result) in FUNCTIONS.items():
        _create(con, duckdb, name, _kernel(name), arguments, result)
    if netquack_aliases:
        for alias, name in NETQUACK_ALIASES.items():
            arguments, result = FUNCTIONS[name]
            _create(con, duckdb, alias, _kernel(name), arguments, result)


def _create(
    con: Any,
    duckdb: Any,
    name: str,
    function: Callable[..., Any],
    arguments: tuple[str, ...],
    result: str,
) -> None:
    con.create_function(
        name,
        function,
        list(arguments),
        result,
        type="arrow",
        null_handling="special",
        side_effects=False,
    )
