"""The ``url`` expression namespace of Polars: URLs as browsers read them, inside Polars' engine.

Importing this module registers the namespace::

    >>> import polars as pl
    >>> import weburl.polars
    >>> df = pl.DataFrame({"u": ["https://www.Example.co.uk:443/a?b#c", "nope", None]})
    >>> df.select(
    ...     host=pl.col("u").url.hostname(),
    ...     site=pl.col("u").url.registrable_domain(),
    ...     ok=pl.col("u").url.can_parse(),
    ... ).rows()
    [('www.example.co.uk', 'example.co.uk', True), (None, None, False), (None, None, None)]

Each method is a Polars expression plugin: Polars calls the compiled kernels of the weburl
extension module itself, batch by batch on its own threads (eager, lazy and streaming), with
no Python in between. A null or a string that does not parse gives null (``can_parse``:
false; ``error_name``: the reason). The URLs must be a String column (cast others with
``.cast(pl.String)``); a ``base`` is a str, a :class:`weburl.URL`, or an expression (a base
for each row).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import polars as pl
from polars.plugins import register_plugin_function

from . import URL, URLPatternError
from . import arrow as _arrow

__all__ = ["URLNamespace"]

#: The shared library Polars loads the plugin from: the extension module itself.
_LIBRARY = Path(str(importlib.import_module("weburl._weburl").__file__))

_PROFILES = ("spec", "dedup", "w3lib", "surt")


def _call(function: str, args: list[Any], kwargs: dict[str, Any] | None = None) -> pl.Expr:
    return register_plugin_function(
        plugin_path=_LIBRARY,
        function_name=f"url_{function}",
        args=args,
        kwargs=kwargs,
        is_elementwise=True,
    )


def _base(base: str | URL | pl.Expr | None) -> list[Any]:
    """The base argument as extra plugin inputs: none, a literal, or an expression."""
    if base is None:
        return []
    if isinstance(base, pl.Expr):
        return [base]
    if isinstance(base, URL):
        return [pl.lit(base.href, dtype=pl.String)]
    if isinstance(base, str):
        # A base that does not parse is the caller's mistake: say so now (URLError).
        return [pl.lit(URL(base).href, dtype=pl.String)]
    msg = f"base must be a str, a weburl.URL or a polars expression, not {type(base).__name__}"
    raise TypeError(msg)


@pl.api.register_expr_namespace("url")
class URLNamespace:
    """``expr.url``: the URL functions of an expression of strings.

    >>> import polars as pl
    >>> import weburl.polars
    >>> pl.select(pl.lit("HTTPS://A.example/x/../y").url.href()).item()
    'https://a.example/y'
    """

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _component(self, name: str, base: str | URL | pl.Expr | None) -> pl.Expr:
        return _call("component", [self._expr, *_base(base)], {"component": name})

    def parse(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """Each URL as a struct of its 11 components (``href``, ``origin``, ``protocol``,
        ``username``, ``password``, ``host``, ``hostname``, ``port``, ``pathname``, ``search``,
        ``hash``), as :class:`weburl.URL`'s properties read; null where it does not parse.

        >>> import polars as pl
        >>> import weburl.polars
        >>> row = pl.select(pl.lit("https://a.example:8080/p?q#f").url.parse()).item()
        >>> row["host"], row["pathname"], row["search"]
        ('a.example:8080', '/p', '?q')
        """
        return _call("parse", [self._expr, *_base(base)])

    def href(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.href`: the whole URL, serialized.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("../b").url.href(base="https://a.example/x/y")).item()
        'https://a.example/b'
        """
        return self._component("href", base)

    def origin(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.origin`: ``scheme://host[:port]``, or ``'null'`` for an opaque origin.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://a.example:8443/p").url.origin()).item()
        'https://a.example:8443'
        """
        return self._component("origin", base)

    def protocol(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.protocol`: the scheme and ``':'``.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("HTTPS://a.example/").url.protocol()).item()
        'https:'
        """
        return self._component("protocol", base)

    def username(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.username`.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://me:pw@a.example/").url.username()).item()
        'me'
        """
        return self._component("username", base)

    def password(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.password`.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://me:pw@a.example/").url.password()).item()
        'pw'
        """
        return self._component("password", base)

    def host(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.host`: the host and, if there is one, ``':'`` and the port.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://a.example:8443/").url.host()).item()
        'a.example:8443'
        """
        return self._component("host", base)

    def hostname(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.hostname`: the host alone (IDNA-encoded, IPv6 in brackets).

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://BÜCHER.example:8443/").url.hostname()).item()
        'xn--bcher-kva.example'
        """
        return self._component("hostname", base)

    def port(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.port`: the port in decimal, ``''`` when it is the scheme's default.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://a.example:443/").url.port()).item()
        ''
        """
        return self._component("port", base)

    def pathname(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.pathname`.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://a.example/a/./b/../c").url.pathname()).item()
        '/a/c'
        """
        return self._component("pathname", base)

    def search(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.search`: ``'?'`` and the query, or ``''``.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://a.example/?q=a b").url.search()).item()
        '?q=a%20b'
        """
        return self._component("search", base)

    def hash(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:attr:`weburl.URL.hash`: ``'#'`` and the fragment, or ``''``.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://a.example/#top").url.hash()).item()
        '#top'
        """
        return self._component("hash", base)

    def can_parse(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """:meth:`weburl.URL.can_parse`: whether each string parses, as a Boolean (null for null).

        >>> import polars as pl
        >>> import weburl.polars
        >>> df = pl.DataFrame({"u": ["https://a.example/", "/x", None]})
        >>> df.select(pl.col("u").url.can_parse())["u"].to_list()
        [True, False, None]
        """
        return _call("can_parse", [self._expr, *_base(base)])

    def error_name(self, base: str | URL | pl.Expr | None = None) -> pl.Expr:
        """Why each string does not parse: the URL Standard's name of the validation error, as
        :class:`weburl.URLError` messages begin; null where it parses.

        >>> import polars as pl
        >>> import weburl.polars
        >>> df = pl.DataFrame({"u": ["https://a.example:99999/", "/x", "https://a.example/"]})
        >>> df.select(pl.col("u").url.error_name())["u"].to_list()
        ['port-out-of-range', 'missing-scheme-non-relative-URL', None]
        """
        return _call("error_name", [self._expr, *_base(base)])

    def normalize(
        self,
        profile: str = "spec",
        *,
        drop_index: bool = False,
        strip_tracking: bool = False,
        keep_fragment: bool = False,
    ) -> pl.Expr:
        """Each URL in a profile's canonical form, as :func:`weburl.normalize` gives it
        (``'spec'``, ``'dedup'``, ``'w3lib'``, ``'surt'``); null where it does not parse.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("http://A.example/?b=1&a#f").url.normalize("w3lib")).item()
        'http://a.example/?a=&b=1'
        """
        if profile not in _PROFILES:
            msg = f"unknown profile {profile!r}: expected one of {', '.join(_PROFILES)}"
            raise ValueError(msg)
        kwargs = {
            "profile": profile,
            "drop_index": drop_index,
            "strip_tracking": strip_tracking,
            "keep_fragment": keep_fragment,
        }
        return _call("normalize", [self._expr], kwargs)

    def public_suffix(self, *, icann_only: bool = False) -> pl.Expr:
        """:attr:`weburl.URL.public_suffix` (by the ICANN section of the list only when
        ``icann_only``); null where the host is not a domain.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://x.github.io/").url.public_suffix(icann_only=True)).item()
        'io'
        """
        return _call("public_suffix", [self._expr], {"sections": "icann" if icann_only else "all"})

    def registrable_domain(self, *, icann_only: bool = False) -> pl.Expr:
        """:attr:`weburl.URL.registrable_domain` (by the ICANN section of the list only when
        ``icann_only``); null where the host is not a domain or is a public suffix.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://x.github.io/").url.registrable_domain()).item()
        'x.github.io'
        """
        return _call(
            "registrable_domain", [self._expr], {"sections": "icann" if icann_only else "all"}
        )

    def pattern_test(
        self,
        pattern: str | dict[str, str],
        *,
        base: str | URL | None = None,
        ignore_case: bool = False,
        untrusted: bool = False,
    ) -> pl.Expr:
        """Whether each URL matches the URL pattern ``pattern`` (:meth:`weburl.URLPattern.test`),
        a constructor string or an init dict (whose keys must be ``URLPatternInit``'s) compiled
        with ``base`` (the pattern's base URL) and ``ignore_case``, and where ``untrusted``
        within the limits for patterns from users (``URLPattern(..., untrusted=True)``: no
        custom regexp groups, at most 8 KiB); a Boolean, null for null, false where the URL does not parse,
        null where a custom regexp group exhausted its step budget on that URL (where
        :meth:`weburl.URLPattern.test` raises). A pattern that does not
        compile, or is over the limits, raises :class:`weburl.URLPatternError` here.

        >>> import polars as pl
        >>> import weburl.polars
        >>> df = pl.DataFrame({"u": ["https://api.example.com/books/7", "https://example.org/", None]})
        >>> df.select(pl.col("u").url.pattern_test("https://*.example.com/books/:id"))["u"].to_list()
        [True, False, None]
        """
        return _call("pattern_test", [self._expr], _pattern(pattern, base, ignore_case, untrusted))

    def pattern_exec(
        self,
        pattern: str | dict[str, str],
        *,
        base: str | URL | None = None,
        ignore_case: bool = False,
        untrusted: bool = False,
    ) -> pl.Expr:
        """What each URL matched in ``pattern`` (:meth:`weburl.URLPattern.exec`): a struct with
        one String field per group of the pattern, named after the group (``id`` for
        ``:id``), or ``component.name`` where two components have a group of that name
        (``hostname.0``); null where the URL does not match. The arguments are
        :meth:`pattern_test`'s.

        >>> import polars as pl
        >>> import weburl.polars
        >>> df = pl.DataFrame({"u": ["https://api.example.com/books/7", "https://example.org/"]})
        >>> m = pl.col("u").url.pattern_exec("https://*.example.com/books/:id")
        >>> df.select(id=m.struct.field("id"), sub=m.struct.field("hostname.0")).rows()
        [('7', 'api'), (None, None)]
        """
        return _call("pattern_exec", [self._expr], _pattern(pattern, base, ignore_case, untrusted))


    def pattern_group(
        self,
        pattern: str | dict[str, str],
        name: str,
        *,
        base: str | URL | None = None,
        ignore_case: bool = False,
        untrusted: bool = False,
    ) -> pl.Expr:
        """The value of one group that each URL matched in ``pattern``: ``name`` is a field name
        of :meth:`pattern_exec` (``'id'``, ``'pathname.0'``), or a group name that several
        components have, which means the first of them in the order of the components; a
        String, null where the URL does not match, has no such group, or the group did not
        participate. The other arguments are :meth:`pattern_test`'s.

        >>> import polars as pl
        >>> import weburl.polars
        >>> df = pl.DataFrame({"u": ["https://api.example.com/books/7", "https://example.org/"]})
        >>> df.select(pl.col("u").url.pattern_group("https://*.example.com/books/:id", "id"))["u"].to_list()
        ['7', None]
        """
        if not isinstance(name, str):
            msg = f"name must be a str (a group's name), not {type(name).__name__}"
            raise TypeError(msg)
        return _call("pattern_group", [self._expr], {**_pattern(pattern, base, ignore_case, untrusted), "group": name})

    def route(
        self,
        routes: Mapping[str, str | Mapping[str, Any]] | Sequence[str | Mapping[str, Any]] | str,
        *,
        best: bool = False,
        base: str | URL | None = None,
        untrusted: bool = False,
    ) -> pl.Expr:
        """The name of the route each URL matches: ``routes`` is a dict from name to URL pattern
        (a constructor string, relative to ``base``, the patterns' base URL, when given, or an
        init dict),
        tried in the dict's order, a list of patterns (each route named by its pattern), or
        the JSON text of either (as SQL's ``url_route`` takes it). The routes are compiled
        once into one set, which finds a URL's candidate routes by its pathname; the answer is
        the first route that matches, or with ``best`` the most specific
        (:meth:`weburl.URLPatternSet.best_match`'s order); a String, null where the URL is
        null, does not parse or matches no route. With ``untrusted`` the patterns are
        compiled within the limits for patterns from users (as :meth:`pattern_test`'s). A
        route whose pattern does not compile, or is over the limits, raises ValueError here,
        naming the route.

        >>> import polars as pl
        >>> import weburl.polars
        >>> df = pl.DataFrame({"u": ["https://example.com/books/7", "https://example.com/", "nope"]})
        >>> routes = {"any": "/*", "book": "/books/:id"}
        >>> df.select(pl.col("u").url.route(routes, base="https://example.com"))["u"].to_list()
        ['any', 'any', None]
        >>> df.select(pl.col("u").url.route(routes, best=True, base="https://example.com"))["u"].to_list()
        ['book', 'any', None]
        """
        href = base.href if isinstance(base, URL) else base
        if href is not None and not isinstance(href, str):
            msg = f"base must be a str or a weburl.URL, not {type(base).__name__}"
            raise TypeError(msg)
        # The routes as their JSON text (what the plugin takes), compiled now so that a
        # route that does not compile fails here (ValueError, naming the route).
        json_text = _routes_json(routes)
        _arrow.route([], json_text, best=best, base=href, untrusted=untrusted)
        kwargs = {"routes": json_text, "best": bool(best), "base": href, "untrusted": bool(untrusted)}
        return _call("route", [self._expr], kwargs)

    def pattern_generate(
        self,
        component: str,
        groups: dict[str, str] | str | pl.Expr,
        *,
        strict: bool = False,
        base: str | URL | None = None,
        untrusted: bool = False,
    ) -> pl.Expr:
        """The value of ``component`` (``"pathname"``, ``"hostname"``, ...) that each URL
        pattern of the expression (a constructor string, relative to ``base`` when given, or
        an init object's JSON text) builds from ``groups``
        (:meth:`weburl.URLPattern.generate`): a dict from group name to str, its JSON text,
        or an expression of JSON texts (groups for each row). With ``strict``, a value that
        would change the URL's structure (``../x`` in a pathname, ``a&b=c`` in a search) is
        refused. Null where generate refuses the values (a group without a value, a value its
        group could not match, a part generate cannot fill: ``*``, a regexp group). Each
        distinct pattern is compiled once (where ``untrusted``, within the limits for
        patterns from users). An unknown component, or groups (not an expression) whose values
        are not str, fail here (ValueError); a pattern that does not compile, or an
        expression's groups that are not a JSON object of strings, fail the query.

        >>> import polars as pl
        >>> import weburl.polars
        >>> df = pl.DataFrame({"p": ["https://example.com/files/:name", "app://x/files/:name"]})
        >>> df.select(pl.col("p").url.pattern_generate("pathname", {"name": "a b"}))["p"].to_list()
        ['/files/a%20b', '/files/a b']
        >>> df.select(pl.col("p").url.pattern_generate("pathname", {"name": "../x"}, strict=True))["p"].to_list()
        [None, None]
        """
        href = base.href if isinstance(base, URL) else base
        if href is not None and not isinstance(href, str):
            msg = f"base must be a str or a weburl.URL, not {type(base).__name__}"
            raise TypeError(msg)
        # A dict as its JSON text. The component, and groups that are not an expression, are
        # checked now, on a pattern of no group (ValueError here, not when the query runs).
        if isinstance(groups, pl.Expr):
            texts, text = groups, "{}"
        elif isinstance(groups, (str, dict)):
            text = groups if isinstance(groups, str) else json.dumps(groups)
            texts = pl.lit(text, dtype=pl.String)
        else:
            msg = f"groups must be a dict from group name to str, its JSON text or a polars expression, not {type(groups).__name__}"
            raise TypeError(msg)
        _arrow.pattern_generate(["https://x/"], component, text)
        kwargs = {"component": component, "strict": bool(strict), "base": href, "untrusted": bool(untrusted)}
        return _call("pattern_generate", [self._expr, texts], kwargs)

    def search_param(self, name: str | pl.Expr) -> pl.Expr:
        """The first value of the query parameter ``name`` (a str, or an expression: a name for
        each row) in each URL, decoded (:meth:`weburl.URLSearchParams.get`); null where the
        URL does not parse or has no such parameter.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://a.example/?q=a+b&q=2").url.search_param("q")).item()
        'a b'
        """
        names = name if isinstance(name, pl.Expr) else pl.lit(name, dtype=pl.String)
        return _call("search_param", [self._expr, names])

    def search_params(self) -> pl.Expr:
        """Each URL's query as :class:`weburl.URLSearchParams` reads it: a list of
        ``{name, value}`` structs, decoded, in order; null where the URL does not parse.

        >>> import polars as pl
        >>> import weburl.polars
        >>> pl.select(pl.lit("https://a.example/?a=1&b=%41").url.search_params()).item().to_list()
        [{'name': 'a', 'value': '1'}, {'name': 'b', 'value': 'A'}]
        """
        return _call("search_params", [self._expr])

def _routes_json(routes: Mapping[str, str | Mapping[str, Any]] | Sequence[str | Mapping[str, Any]] | str) -> str:
    """The JSON text of a routes argument: a str as it is, a dict or a list as JSON, in order."""
    if isinstance(routes, str):
        return routes
    if isinstance(routes, (dict, list, tuple)):
        return json.dumps(routes if isinstance(routes, dict) else list(routes))
    msg = f"routes must be a dict from name to pattern, a list of patterns, or their JSON text, not {type(routes).__name__}"
    raise TypeError(msg)


def _pattern(
    pattern: str | dict[str, str], base: str | URL | None, ignore_case: bool, untrusted: bool
) -> dict[str, Any]:
    """The keyword arguments of a pattern function, checked now (URLPatternError). An init
    dict is checked as :func:`weburl.arrow.pattern_test` checks it (a key that is not
    ``URLPatternInit``'s is an error) and given to the plugin as its JSON text, which the SQL
    functions take too."""
    href = base.href if isinstance(base, URL) else base
    if isinstance(pattern, dict):
        # A dict of str (the stubs' URLPatternInit is a TypedDict, which a dict[str, str] is not).
        init: Any = pattern
        _arrow.pattern_test([], init, base=href, ignore_case=ignore_case, untrusted=bool(untrusted))
        text = json.dumps(pattern)
        return {"pattern": text, "base": href, "ignore_case": ignore_case, "untrusted": bool(untrusted)}
    if not isinstance(pattern, str):
        msg = f"pattern must be a str (a constructor string) or an init dict, not {type(pattern).__name__}"
        raise TypeError(msg)
    try:
        # As the plugin reads it (weburl_arrow's pattern_input): an init object's JSON text,
        # or a constructor string.
        _arrow.pattern_test([], pattern, base=href, ignore_case=ignore_case, untrusted=bool(untrusted))
    except URLPatternError as e:
        if not getattr(e, "needs_base", False):
            raise
        # Here the base URL is the keyword argument base=.
        refused = URLPatternError(f"{pattern!r}: {str(e).partition(':')[0]}: give base=")
        refused.component, refused.offset, refused.needs_base = None, None, True
        raise refused from None
    return {"pattern": pattern, "base": href, "ignore_case": ignore_case, "untrusted": bool(untrusted)}
