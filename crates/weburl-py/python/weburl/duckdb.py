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
names, and the optional second arguments, are those of weburl's DataFusion functions and of
the native DuckDB extension: ``url_hostname(u, base)`` and the other getters,
``url_parse``, ``url_can_parse`` and ``url_error_name`` parse ``u`` against a base URL;
``url_public_suffix(u, sections)`` and ``url_registrable_domain(u, sections)`` read the
Public Suffix List's ``'all'`` (the default) or ``'icann'`` sections; ``url_normalize(u,
profile)`` takes ``'spec'`` (the default), ``'dedup'``, ``'w3lib'`` or ``'surt'``. DuckDB's
Python API registers one signature per name, and names its parameters ``col0``, ``col1``,
..., so each function is a macro, whose parameters have the names of weburl's catalogue of
data functions, with a form per number of arguments over an Arrow function each
(``url_hostname__1`` and ``url_hostname__2``: :data:`OPTIONAL_ARGUMENTS`). A base that does not parse gives null
(``url_can_parse``: false; ``url_error_name``: the base's error), as in the native extension;
an unknown sections or profile name fails the query. ``url_pattern_test(url, pattern
[, pattern_base] [, ignore_case] [, untrusted])`` and ``url_pattern_group(url, pattern, name
[, pattern_base] [, ignore_case] [, untrusted])`` match URL patterns (:func:`weburl.arrow.pattern_group`'s names): the pattern
relative to the base URL ``pattern_base`` (a ``VARCHAR``), with JavaScript's ``ignoreCase``
where ``ignore_case`` (a ``BOOLEAN``, which may come without a base, as in ``new
URLPattern(input, options)``); a null argument gives null, and a pattern that does not compile
or a base that does not parse fails the query (:data:`PATTERN_OPTIONS`). ``url_route(url,
routes [, pattern_base] [, best] [, untrusted])`` answers the name of the route ``url`` matches, of
``routes``, a JSON object from name to pattern (``'{"book": "/books/:id"}'``, tried in order)
or a JSON array of patterns (each named by its text), compiled once into one set
(:func:`weburl.arrow.route`): the first that matches, or where ``best`` (a ``BOOLEAN``) the
most specific; a route that does not compile fails the query, naming the route. Its macro
hands the routes to the Arrow functions by a short token that DuckDB computes once for a
constant when it plans the query (``url_route__routes``), not as their text repeated on every
row of each chunk.
``url_pattern_generate(pattern, component, groups [, pattern_base] [, strict] [, untrusted])``
answers the value of ``component`` (``'pathname'``, ...) each pattern builds from ``groups``,
a JSON object from group name to string (:func:`weburl.arrow.pattern_generate`); where
``strict`` (a ``BOOLEAN``) a value that would change the URL's structure is refused; null where
generate refuses the values; an unknown component or groups that are not a JSON object of
strings fail the query. Each of these five takes a last ``BOOLEAN`` ``untrusted`` (after ``ignore_case``, ``best`` or ``strict``): where
true, the patterns are compiled within the limits for patterns from users
(``URLPattern(..., untrusted=True)``: no custom regexp groups, at most 8 KiB), and one over
them fails the query as a pattern that does not compile does. ``parse_url(url, part [, key])`` is Spark SQL's function (:func:`weburl.arrow.parse_url`:
``java.net.URI``'s reading, not the URL Standard's), a macro over ``parse_url__2`` and
``parse_url__3``; a key Spark would refuse fails the query. ``url_join(base, ref)``,
``url_search_param(url, name)`` and ``url_search_params(url)`` (a list of ``{name, value}``
structs) answer as the native extension's. The functions, their parameters' names and which
are optional are weburl's catalogue of data functions (``weburl._weburl._catalog()``), the
list the native extension and the DataFusion functions read too; an error of a function begins
with its SQL name (after DuckDB's own words). pyarrow is needed (DuckDB passes Arrow
arrays to Python through it).
"""

from __future__ import annotations

import functools
import importlib
import json
import threading
from typing import Any, Callable

from . import URL
from . import arrow as _arrow

__all__ = ["FUNCTIONS", "NETQUACK_ALIASES", "OPTIONAL_ARGUMENTS", "PATTERN_OPTIONS", "register"]

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

#: weburl's catalogue of data functions (``weburl._weburl._catalog()``): the one list that
#: weburl's DataFusion functions, the native DuckDB extension, the Polars namespace and
#: :func:`register` read their functions, names and parameters from.
_CATALOG: dict[str, Any] = json.loads(importlib.import_module("weburl._weburl")._catalog())

#: The functions of the catalogue that :func:`register` has.
_ON_HERE: list[dict[str, Any]] = [f for f in _CATALOG["functions"] if "duckdb_python" not in f["absent"]]

_TYPES = {
    "string": "VARCHAR",
    "bool": "BOOLEAN",
    "url_struct": "STRUCT(" + ", ".join(f"{c} VARCHAR" for c in _COMPONENTS) + ")",
    "pair_list": "STRUCT(name VARCHAR, value VARCHAR)[]",
}

#: The SQL names :func:`register` adds, with their types (required arguments, result); those in
#: :data:`OPTIONAL_ARGUMENTS` take a second `VARCHAR` argument as well (read from the
#: catalogue).
FUNCTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    f["sql"]: (tuple("VARCHAR" for p in f["params"] if not p["optional"]), _TYPES[f["returns"]])
    for f in _ON_HERE
}

#: The functions of :data:`FUNCTIONS` that take one more, optional, argument, with what it is:
#: ``base`` (a base URL the first is parsed against), ``sections`` (``'all'``, the default, or
#: ``'icann'``), ``profile`` (``'spec'``, the default, ``'dedup'``, ``'w3lib'`` or ``'surt'``)
#: or ``key`` (``parse_url``'s query key).
OPTIONAL_ARGUMENTS: dict[str, str] = {
    f["sql"]: optional[0]
    for f in _ON_HERE
    if len(optional := [p["name"] for p in f["params"] if p["optional"]]) == 1
}

#: The functions of :data:`FUNCTIONS` that take a URL pattern (or ``url_route``'s routes), and
#: the pattern's options that may follow their arguments: a base URL (``VARCHAR``), then
#: ``ignore_case`` (``url_route``: ``best``) and ``untrusted`` (``BOOLEAN``), each optional,
#: in that order, a base URL left out alone. Each is a macro over an Arrow function per form
#: (``url_pattern_test__2``, ``__3`` with a base, ``__3i`` with ``ignore_case``, ``__4``,
#: ``__4ii`` with ``ignore_case`` and ``untrusted``, ``__5``); a form of one or two options
#: tells a base from ``ignore_case`` by its type.
PATTERN_OPTIONS: dict[str, tuple[str, str, str]] = {
    f["sql"]: (optional[0], optional[1], optional[2])
    for f in _ON_HERE
    if len(optional := [p["name"] for p in f["params"] if p["optional"]]) == 3
}

#: The names of each function's parameters, in order (the catalogue's).
_PARAMETERS: dict[str, tuple[str, ...]] = {f["sql"]: tuple(p["name"] for p in f["params"]) for f in _ON_HERE}

_SECTIONS = {"all": False, "icann": True}

#: Names of the community extension netquack that mean what a weburl function means (for
#: absolute URLs; netquack also reads text without a scheme, which the URL Standard does not
#: parse, so those rows are null here), from the catalogue. Its other functions answer in
#: another form (``extract_schema`` and ``extract_query_string`` drop the ``:`` and ``?`` that
#: ``url_protocol`` and ``url_search`` keep, ``extract_fragment`` the ``#``, ``extract_port``
#: keeps a scheme's default port that the URL Standard drops) or have no counterpart here
#: (``extract_extension``, ``extract_subdomain``, the Tranco and IP functions), and are not
#: aliased.
NETQUACK_ALIASES: dict[str, str] = dict(_CATALOG["netquack_aliases"])


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
        return lambda urls: pa.array(_arrow.normalize(urls, "spec"))
    if name == "parse_url":
        return _parse_url_2
    if name == "url_join":
        return _join
    if name == "url_search_param":
        return _search_param
    if name == "url_search_params":
        return lambda urls: pa.array(_arrow.search_params(urls))
    component = name.removeprefix("url_")
    return lambda urls: pa.array(_arrow.component(urls, component))  # type: ignore[arg-type]


def _normalize(urls: Any, profiles: Any) -> Any:
    """``url_normalize(url, profile)``: one kernel call per profile in the chunk (a constant
    profile, the usual case, is one call); a null profile gives null."""

    def one(rows: Any, profile: Any) -> Any:
        return _arrow.normalize(rows, profile)

    return _by_second(urls, profiles, _pyarrow().string(), one)


def _result_type(name: str) -> Any:
    """The pyarrow type of what SQL function ``name`` returns."""
    pa = _pyarrow()
    if name == "url_parse":
        return pa.struct([(c, pa.string()) for c in _COMPONENTS])
    if name == "url_can_parse":
        return pa.bool_()
    return pa.string()


def _kernel_2(name: str) -> Callable[..., Any]:
    """The Arrow function of the two-argument form of SQL function ``name``
    (:data:`OPTIONAL_ARGUMENTS`)."""
    if name == "url_normalize":
        return _normalize
    if name == "parse_url":
        return _parse_url_3
    result = _result_type(name)
    if OPTIONAL_ARGUMENTS[name] == "sections":
        answer = _arrow.public_suffix if name == "url_public_suffix" else _arrow.registrable_domain

        def by_sections(urls: Any, sections: Any) -> Any:
            def one(u: Any, section: str) -> Any:
                if section not in _SECTIONS:
                    raise ValueError(f"{name}: sections must be 'all' or 'icann', not {section!r}")
                return answer(u, icann_only=_SECTIONS[section])

            return _by_second(urls, sections, result, one)

        return by_sections

    def by_base(urls: Any, bases: Any) -> Any:
        return _by_second(urls, bases, result, lambda u, base: _with_base(name, u, base))

    return by_base


def _with_base(name: str, urls: Any, base: str) -> Any:
    """SQL function ``name`` of ``urls`` parsed against ``base``; a base that does not parse
    fails each row: null, ``url_can_parse`` false, ``url_error_name`` the base's error."""
    pa = _pyarrow()
    pc = importlib.import_module("pyarrow.compute")
    parsed = URL.parse(base)
    if parsed is None:
        if name == "url_can_parse":
            return pc.if_else(pc.is_null(urls), pa.scalar(None, pa.bool_()), False)
        if name == "url_error_name":
            error = pa.array(_arrow.error_name(pa.array([base], pa.string())))[0]
            return pc.if_else(pc.is_null(urls), pa.scalar(None, pa.string()), error.cast(pa.string()))
        return pa.nulls(len(urls), _result_type(name))
    if name == "url_parse":
        return _arrow.parse(urls, parsed)
    if name == "url_can_parse":
        return _arrow.can_parse(urls, parsed)
    if name == "url_error_name":
        return _arrow.error_name(urls, parsed)
    return _arrow.component(urls, name.removeprefix("url_"), parsed)  # type: ignore[arg-type]


def _by_second(urls: Any, seconds: Any, result: Any, one: Callable[[Any, str], Any]) -> Any:
    """``one(urls, value)`` for each value of the second argument in the chunk: one call for a
    constant second argument (the usual case), else one per distinct value over its rows only
    (the rows grouped by sorting, so the work stays proportional to the chunk); a null second
    argument gives null."""
    pa = _pyarrow()
    pc = importlib.import_module("pyarrow.compute")
    if len(urls) == 0:
        return pa.nulls(0, result)
    if seconds.null_count == 0 and pc.count_distinct(seconds).as_py() == 1:
        return pa.array(one(urls, seconds[0].as_py())).cast(result)
    order = pc.sort_indices(seconds)
    sorted_urls = urls.take(order)
    pieces = []
    start = 0
    for group in pc.value_counts(seconds.take(order)).to_pylist():
        value, count = group["values"], group["counts"]
        rows = sorted_urls.slice(start, count)
        if value is None:
            pieces.append(pa.nulls(count, result))
        else:
            pieces.append(pa.array(one(rows, value)).cast(result))
        start += count
    return pa.concat_arrays(pieces).take(pc.sort_indices(order))


def _per_value(urls: Any, arguments: list[Any], result: Any, kernel: Callable[..., Any]) -> Any:
    """``kernel(rows, *values)`` for each distinct combination of the other arguments in the
    chunk, over the rows that have it only (constant ones, the usual case, make one call over
    the chunk: a pattern is compiled once per chunk; ``parse_url`` compiles a key only for the
    rows that have it, as Spark does); null where one of them is null."""
    pa = _pyarrow()
    pc = importlib.import_module("pyarrow.compute")

    if all(a.null_count == 0 and len(pc.unique(a)) == 1 for a in arguments):
        return pa.array(kernel(urls, *(a[0].as_py() for a in arguments))).cast(result)
    rows = list(zip(*(a.to_pylist() for a in arguments)))
    groups: dict[tuple[Any, ...], list[int]] = {}
    for i, values in enumerate(rows):
        if None not in values:
            groups.setdefault(values, []).append(i)
    order = [i for i, values in enumerate(rows) if None in values]
    pieces = [pa.nulls(len(order), result)]
    for values, indices in groups.items():
        chosen = urls.take(pa.array(indices, pa.int64()))
        pieces.append(pa.array(kernel(chosen, *values)).cast(result))
        order += indices
    return pa.concat_arrays(pieces).take(pc.sort_indices(pa.array(order, pa.int64())))


def _pattern_kernel(name: str, base: bool, ignore_case: bool, untrusted: bool) -> Callable[..., Any]:
    """The Arrow function of a form of pattern function ``name``: the URLs, the pattern (and
    the group name), then a base URL if ``base``, ``ignore_case`` if ``ignore_case`` and
    ``untrusted`` if ``untrusted``; each
    is :func:`weburl.arrow.pattern_test` or :func:`weburl.arrow.pattern_group` once per
    distinct combination of the arguments after the URLs in the chunk."""
    pa = _pyarrow()
    group = name == "url_pattern_group"
    route = name == "url_route"
    # url_pattern_generate's rows are the patterns, its first argument after them the
    # component, the second the groups, and its flag strict.
    generate = name == "url_pattern_generate"
    result = pa.string() if group or route or generate else pa.bool_()

    def one(rows: Any, pattern: str, *rest: Any) -> Any:
        values = list(rest)
        group_name = values.pop(0) if group or generate else ""
        pattern_base = values.pop(0) if base else None
        flag = bool(values.pop(0)) if ignore_case else False
        limited = bool(values.pop(0)) if untrusted else False
        if generate:
            return _arrow.pattern_generate(
                rows, pattern, group_name, base=pattern_base, strict=flag, untrusted=limited
            )
        if route:
            # The routes (a JSON text, or its token: _RouteTokens) are compiled once per
            # distinct value in the process.
            return _arrow.route(rows, _ROUTES.text(pattern), best=flag, base=pattern_base, untrusted=limited)
        if group:
            return _arrow.pattern_group(
                rows, pattern, group_name, base=pattern_base, ignore_case=flag, untrusted=limited
            )
        return _arrow.pattern_test(rows, pattern, base=pattern_base, ignore_case=flag, untrusted=limited)

    # DuckDB reads the number of arguments off the function's signature: one per form.
    def kernel_2(urls: Any, a: Any) -> Any:
        return _per_value(urls, [a], result, one)

    def kernel_3(urls: Any, a: Any, b: Any) -> Any:
        return _per_value(urls, [a, b], result, one)

    def kernel_4(urls: Any, a: Any, b: Any, c: Any) -> Any:
        return _per_value(urls, [a, b, c], result, one)

    def kernel_5(urls: Any, a: Any, b: Any, c: Any, d: Any) -> Any:
        return _per_value(urls, [a, b, c, d], result, one)

    def kernel_6(urls: Any, a: Any, b: Any, c: Any, d: Any, e: Any) -> Any:
        return _per_value(urls, [a, b, c, d, e], result, one)

    kernels: list[Callable[..., Any]] = [kernel_2, kernel_3, kernel_4, kernel_5, kernel_6]
    return kernels[int(group or generate) + int(base) + int(ignore_case) + int(untrusted)]


class _RouteTokens:
    """``url_route``'s routes by a short token (``weburl routes #3``) that stands for their
    JSON text in the query. DuckDB hands an Arrow function each argument as a column, a
    constant repeated on every row of the chunk: routes of a few kilobytes made each chunk
    megabytes to copy and compare, several times the work of matching the URLs. So the macro
    ``url_route`` passes ``url_route__routes(routes)``, which DuckDB evaluates once when it
    plans the query for a constant (the function has no side effects, so it is folded into a
    constant) and once per chunk for a column; the route functions read the text back by the
    token. A token stays valid for the life of the process (a prepared query may hold it), so
    at most :attr:`MAX_TEXTS` texts, or :attr:`MAX_BYTES` bytes of them, get one: others are
    passed on as they are, which the route functions read as routes."""

    #: The most texts that get a token.
    MAX_TEXTS = 1024
    #: The most characters of text that get tokens, all together.
    MAX_BYTES = 16 << 20
    #: What every token begins with: no JSON text does, so a token is never read as routes.
    PREFIX = "weburl routes #"

    def __init__(self) -> None:
        self._tokens: dict[str, str] = {}
        self._texts: dict[str, str] = {}
        self._bytes = 0
        self._lock = threading.Lock()

    def token(self, text: str) -> str:
        """The token of the routes ``text``, or ``text`` itself when the tokens are full."""
        token = self._tokens.get(text)
        if token is not None:
            return token
        if text.startswith(self.PREFIX):
            # Text that reads as a token but is not one: not JSON, so the routes' own error.
            _arrow.route([], text)
        with self._lock:
            token = self._tokens.get(text)
            if token is None:
                if len(self._tokens) >= self.MAX_TEXTS or self._bytes + len(text) > self.MAX_BYTES:
                    return text
                token = f"{self.PREFIX}{len(self._tokens)}"
                self._texts[token] = text
                self._tokens[text] = token
                self._bytes += len(text)
            return token

    def text(self, value: str) -> str:
        """The routes that ``value`` (a token, or the routes themselves) stands for."""
        if value.startswith(self.PREFIX):
            return self._texts.get(value, value)
        return value

    def tokens(self, routes: Any) -> Any:
        """The Arrow function ``url_route__routes``: the token of each row's routes (null
        where null), one :meth:`token` per distinct value of the chunk."""
        pa = _pyarrow()
        pc = importlib.import_module("pyarrow.compute")
        encoded = pc.dictionary_encode(routes).combine_chunks()
        tokens = pa.array([self.token(t) for t in encoded.dictionary.to_pylist()], pa.string())
        return tokens.take(encoded.indices)


_ROUTES = _RouteTokens()


def _register_pattern_function(con: Any, duckdb: Any, name: str, arguments: tuple[str, ...], result: str) -> None:
    """Pattern function ``name`` as a macro over its six forms (:data:`PATTERN_OPTIONS`)."""
    base, flag, untrusted = PATTERN_OPTIONS[name]
    n = len(arguments)
    forms = [
        (f"{name}__{n}", False, 0),
        (f"{name}__{n + 1}", True, 0),
        (f"{name}__{n + 1}i", False, 1),
        (f"{name}__{n + 2}", True, 1),
        (f"{name}__{n + 2}ii", False, 2),
        (f"{name}__{n + 3}", True, 2),
    ]
    for function, with_base, flags in forms:
        types = (*arguments, *(["VARCHAR"] if with_base else []), *(["BOOLEAN"] * flags))
        kernel = _pattern_kernel(name, with_base, flags > 0, flags > 1)
        _create(con, duckdb, function, kernel, types, result)
    short = ", ".join(_PARAMETERS[name][:n])
    # What the macro hands the forms for its parameters: themselves, but url_route's routes
    # by their token (_RouteTokens).
    passed = short
    if name == "url_route":
        _create(con, duckdb, f"{name}__routes", _ROUTES.tokens, ("VARCHAR",), "VARCHAR")
        url, routes = _PARAMETERS[name][:2]
        passed = f"{url}, {name}__routes({routes})"
    con.execute(
        f"CREATE OR REPLACE TEMP MACRO {name}({short}) AS {name}__{n}({passed}), "
        # The forms of one and two options: the first is the base URL, or ignore_case if a
        # boolean (the type is known when the macro is bound, and only the branch taken runs).
        f"({short}, option) AS CASE WHEN typeof(option) = 'BOOLEAN' "
        f"THEN {name}__{n + 1}i({passed}, TRY_CAST(option AS BOOLEAN)) "
        f"ELSE {name}__{n + 1}({passed}, TRY_CAST(option AS VARCHAR)) END, "
        f"({short}, option, option2) AS CASE WHEN typeof(option) = 'BOOLEAN' "
        f"THEN {name}__{n + 2}ii({passed}, TRY_CAST(option AS BOOLEAN), option2) "
        f"ELSE {name}__{n + 2}({passed}, TRY_CAST(option AS VARCHAR), option2) END, "
        f"({short}, {base}, {flag}, {untrusted}) AS {name}__{n + 3}({passed}, {base}, {flag}, {untrusted})"
    )


def _join(bases: Any, refs: Any) -> Any:
    """``url_join(base, ref)``: the href of each reference parsed against its base, one kernel
    call per distinct base in the chunk; null where either is null or does not parse."""
    return _by_second(refs, bases, _pyarrow().string(), lambda rows, base: _with_base("url_href", rows, base))


def _search_param(urls: Any, names: Any) -> Any:
    """``url_search_param(url, name)``: :func:`weburl.arrow.search_param`, one kernel call per
    distinct name in the chunk."""
    return _per_value(urls, [names], _pyarrow().string(), _arrow.search_param)


def _named(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, whose errors begin with the SQL function's name ``name`` (DuckDB puts its
    own words before them, not the function's name)."""

    @functools.wraps(function)  # DuckDB reads the number of arguments off the signature
    def call(*args: Any) -> Any:
        try:
            return function(*args)
        except Exception as e:
            if str(e).startswith(f"{name}: "):
                raise
            try:
                named = type(e)(f"{name}: {e}")
            except Exception:
                named = ValueError(f"{name}: {e}")
            raise named from e

    return call


def _parse_url_2(urls: Any, parts: Any) -> Any:
    """``parse_url(url, part)``: :func:`weburl.arrow.parse_url`."""
    return _per_value(urls, [parts], _pyarrow().string(), _arrow.parse_url)


def _parse_url_3(urls: Any, parts: Any, keys: Any) -> Any:
    """``parse_url(url, part, key)``: :func:`weburl.arrow.parse_url` with a key."""
    return _per_value(urls, [parts, keys], _pyarrow().string(), _arrow.parse_url)


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
    >>> con.sql("SELECT parse_url('HTTP://Example.COM/a?k=v', 'HOST'), parse_url('http://h/?k=v', 'QUERY', 'k')").fetchall()
    [('Example.COM', 'v')]
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
        if name in PATTERN_OPTIONS:
            _register_pattern_function(con, duckdb, name, arguments, result)
            continue
        # A macro with a form per number of arguments over an Arrow function each, named by
        # its arity (a macro costs nothing at run time: DuckDB expands it when it binds the
        # query), so that the parameters have the catalogue's names.
        n = len(arguments)
        short = ", ".join(_PARAMETERS[name][:n])
        _create(con, duckdb, f"{name}__{n}", _kernel(name), arguments, result)
        forms = [f"({short}) AS {name}__{n}({short})"]
        if name in OPTIONAL_ARGUMENTS:
            _create(con, duckdb, f"{name}__{n + 1}", _kernel_2(name), (*arguments, "VARCHAR"), result)
            long = f"{short}, {OPTIONAL_ARGUMENTS[name]}"
            forms.append(f"({long}) AS {name}__{n + 1}({long})")
        con.execute(f"CREATE OR REPLACE TEMP MACRO {name}{', '.join(forms)}")
    if netquack_aliases:
        for alias, name in NETQUACK_ALIASES.items():
            short = ", ".join(_PARAMETERS[name][: len(FUNCTIONS[name][0])])
            con.execute(f"CREATE OR REPLACE TEMP MACRO {alias}({short}) AS {name}__1({short})")


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
        _named(name.split("__")[0], function),
        list(arguments),
        result,
        type="arrow",
        null_handling="special",
        side_effects=False,
    )
