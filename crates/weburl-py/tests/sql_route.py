"""``url_route(url, routes [, pattern_base] [, best])`` in DuckDB SQL against a naive oracle
(each route's ``weburl.URLPattern.test`` in order; the most specific by
``weburl.URLPatternSet.best_match``): one check for every DuckDB surface
(``weburl.duckdb.register`` in test_duckdb.py, the native extension in
crates/weburl-duckdb/tests/test_extension.py), and the Polars method ``url.route`` in
test_polars.py, so that all are held to the same answers on the same rows."""

from __future__ import annotations

import json
from typing import Any

import weburl

BASE = "https://api.example.com"

#: GitHub-style routes, relative to BASE; "any" first so that first and best differ.
ROUTES: dict[str, str] = {
    "any": "/*",
    "repo": "/repos/:owner/:repo",
    "issues": "/repos/:owner/:repo/issues",
    "issue": "/repos/:owner/:repo/issues/:number",
    "pulls": "/repos/:owner/:repo/:kind(pulls)/:number",
    "user": "/users/:user",
    "me": "/users/me",
    "search": "/search/*",
}

URLS: list[str | None] = [
    "https://api.example.com/repos/a/b",
    "https://api.example.com/repos/a/b/issues",
    "https://api.example.com/repos/a/b/issues/7?x#y",
    "https://API.EXAMPLE.com:443/repos/a/b/pulls/12",
    "https://api.example.com/users/me",
    "https://api.example.com/users/ursula",
    "https://api.example.com/search/code",
    "https://api.example.com/",
    "https://example.com/repos/a/b",
    "http://api.example.com/repos/a/b",
    "nope",
    "",
    None,
]


def oracle(url: str | None, routes: dict[str, str], base: str | None, best: bool,
           folded: frozenset[str] = frozenset()) -> str | None:
    """The route of ``url``: the first whose pattern's test is true, or the best match; the
    routes named in ``folded`` with ``ignore_case``."""
    if url is None or weburl.URL.parse(url) is None:
        return None
    compiled = {name: weburl.URLPattern(p, base, ignore_case=name in folded) for name, p in routes.items()}
    if best:
        patterns = weburl.URLPatternSet()
        for name, pattern in compiled.items():
            patterns.add(pattern, name)
        found = patterns.best_match(url)
        return None if found is None else found[0]
    for name, pattern in compiled.items():
        if pattern.test(url):
            return name
    return None


def literal(value: str | bool | None) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return str(value).lower()
    return "'" + value.replace("'", "''") + "'"


def table(urls: list[str | None] = URLS) -> str:
    body = ", ".join(f"({i}, {literal(u)})" for i, u in enumerate(urls))
    return f"(VALUES {body}) t(i, u)"


def column(con: Any, sql: str) -> list[Any]:
    return [row[0] for row in con.execute(sql).fetchall()]


def check_route(con: Any, errors: type[Exception]) -> None:
    """Every form of ``url_route`` on every URL, against the oracle; nulls; a column of
    routes; and the errors (``errors``: the surface's exception type), which name the
    function and the route."""
    routes = literal(json.dumps(ROUTES))
    first = [oracle(u, ROUTES, BASE, False) for u in URLS]
    best = [oracle(u, ROUTES, BASE, True) for u in URLS]
    assert first[:3] == ["any"] * 3 and best[:5] == ["repo", "issues", "issue", "pulls", "me"]
    t = table()
    assert column(con, f"SELECT url_route(u, {routes}, '{BASE}') FROM {t} ORDER BY i") == first
    assert column(con, f"SELECT url_route(u, {routes}, '{BASE}', false) FROM {t} ORDER BY i") == first
    assert column(con, f"SELECT url_route(u, {routes}, '{BASE}', true) FROM {t} ORDER BY i") == best
    # Absolute patterns: no base; a boolean may follow the routes; an array names each route
    # by its pattern.
    absolute = [BASE + p for p in ROUTES.values()]
    want = [oracle(u, {p: p for p in absolute}, None, True) for u in URLS]
    got = column(con, f"SELECT url_route(u, {literal(json.dumps(absolute))}, true) FROM {t} ORDER BY i")
    assert got == want and got[4] == BASE + "/users/me"
    # Init objects as routes: each compiled as new URLPattern(init) (with its own baseURL); in
    # an array named by its JSON text (members sorted, no spaces).
    inits = {name: {"baseURL": BASE, "pathname": p} for name, p in ROUTES.items()}
    got = column(con, f"SELECT url_route(u, {literal(json.dumps(inits))}, true) FROM {t} ORDER BY i")
    assert got == best
    init = {"pathname": "/users/:user", "hostname": "*.example.com"}
    named = json.dumps(init, sort_keys=True, separators=(",", ":"))
    want = [named if oracle(u, {"u": "https://*.example.com/users/:user"}, None, False) else None for u in URLS]
    got = column(con, f"SELECT url_route(u, {literal(json.dumps([init]))}) FROM {t} ORDER BY i")
    assert got == want and named in got
    # A route with its options: ignoreCase for that route alone ("any" keeps the default).
    upper = [None if u is None else u.replace("/repos/", "/REPOS/").replace("/users/", "/USERS/") for u in URLS]
    folded = {name: {"pattern": p, "ignoreCase": name != "any"} for name, p in ROUTES.items()}
    names = frozenset(ROUTES) - {"any"}
    for flag in (False, True):
        got = column(con, f"SELECT url_route(u, {literal(json.dumps(folded))}, '{BASE}', {literal(flag)}) FROM {table(upper)} ORDER BY i")
        assert got == [oracle(u, ROUTES, BASE, flag, names) for u in upper]
        plain = column(con, f"SELECT url_route(u, {routes}, '{BASE}', {literal(flag)}) FROM {table(upper)} ORDER BY i")
        assert plain == [oracle(u, ROUTES, BASE, flag) for u in upper]
        if flag:
            assert got[:5] == best[:5] and plain[:5] == ["any"] * 5
    # Routes and best as columns, a value per row (compiled once per distinct value).
    other = {"user": "/users/:user", "repo": "/repos/:owner/:repo"}
    sql = (
        f"SELECT url_route(u, CASE WHEN i % 2 = 0 THEN {routes} ELSE {literal(json.dumps(other))} END, "
        f"'{BASE}', i % 3 = 0) FROM {t} ORDER BY i"
    )
    want = [oracle(u, ROUTES if i % 2 == 0 else other, BASE, i % 3 == 0) for i, u in enumerate(URLS)]
    assert column(con, sql) == want
    # A null argument gives null.
    for args in ["NULL", f"{routes}, NULL", f"{routes}, '{BASE}', NULL"]:
        assert column(con, f"SELECT url_route(u, {args}) FROM {t}") == [None] * len(URLS), args
    # Errors name the function and the route.
    bad = literal(json.dumps({"ok": "/x", "bad": "/:id("}))
    try:
        con.execute(f"SELECT url_route(u, {bad}, '{BASE}') FROM {t}").fetchall()
        raise AssertionError("a route that does not compile")
    except errors as e:
        assert 'url_route: route "bad": invalid URL pattern "/:id(": invalid pattern at byte' in str(e), e
    try:
        not_string = literal(json.dumps({"a": 1}))
        con.execute(f"SELECT url_route(u, {not_string}) FROM {t}").fetchall()
        raise AssertionError("a pattern that is not a string")
    except errors as e:
        assert "url_route: the routes must be a JSON object" in str(e), e
        assert "the route \"a\"'s pattern must be a string" in str(e), e
    try:
        con.execute(f"SELECT url_route(u, {literal(json.dumps({'rel': '/x'}))}) FROM {t}").fetchall()
        raise AssertionError("a relative pattern without a base")
    except errors as e:
        assert 'url_route: route "rel": invalid URL pattern "/x": ' in str(e) and "give pattern_base" in str(e), e
