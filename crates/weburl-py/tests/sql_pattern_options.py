"""The URL pattern functions' options in DuckDB SQL, ``url_pattern_test(url, pattern
[, pattern_base] [, ignore_case] [, untrusted])`` and ``url_pattern_group(url, pattern, name
[, pattern_base] [, ignore_case] [, untrusted])`` (and ``url_route``'s ``untrusted``), against ``weburl.URLPattern(pattern, base, ignore_case=...)``: one check
for every DuckDB surface (``weburl.duckdb.register`` in test_duckdb.py, the native extension in
crates/weburl-duckdb/tests/test_extension.py), so that both are held to the same answers."""

from __future__ import annotations

import json
from typing import Any

import duckdb
import pytest

import weburl
from test_pattern import CASES

URLS = [
    "https://example.com/books/7",
    "https://EXAMPLE.com/BOOKS/7",
    "https://example.com/Books/a%20b?x#y",
    "http://example.com/books/7",
    "https://example.org/books/7",
    "https://example.com/films/7",
    "nope",
    None,
]

#: (pattern, base, ignore_case, the SQL arguments after the pattern (or the name)).
FORMS: list[tuple[str, str | None, bool, str]] = [
    ("/books/:id", "https://example.com", False, ", 'https://example.com'"),
    ("/books/:id", "https://example.com/x?q#h", True, ", 'https://example.com/x?q#h', true"),
    ("https://example.com/books/:id", None, True, ", true"),
    ("https://example.com/books/:id", None, False, ", false"),
    ("https://example.com/books/:id", "https://other.example", False, ", 'https://other.example', false"),
    ("/BOOKS/:id", "https://example.com", True, ", 'https://example.com', true"),
]


def literal(value: str | bool | None) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return str(value).lower()
    return "'" + value.replace("'", "''") + "'"


def values(rows: list[tuple[Any, ...]], names: str) -> str:
    """``rows`` as a SQL table with the columns ``i`` (the row's index) and ``names``."""
    body = ", ".join("(" + ", ".join([str(i), *(literal(v) for v in row)]) + ")" for i, row in enumerate(rows))
    return f"(VALUES {body}) t(i, {names})"


def column(con: Any, sql: str) -> list[Any]:
    return [row[0] for row in con.execute(sql).fetchall()]


def library(url: str | None, pattern: str | None, base: str | None, ignore_case: bool | None,
            group: str = "id") -> tuple[bool, str | None] | None:
    """What ``weburl.URLPattern`` says of ``url``: (test, the pathname's group ``group``), or
    None where an argument is None."""
    if url is None or pattern is None or ignore_case is None:
        return None
    p = weburl.URLPattern(pattern, base, ignore_case=ignore_case)
    result = p.exec(url)
    return (result is not None, None if result is None else result["pathname"]["groups"].get(group))


def check_literal_options(con: Any) -> None:
    """Each form of the options, as literals, on every URL."""
    table = values([(u,) for u in URLS], "u")
    for pattern, base, ignore_case, options in FORMS:
        want = [library(u, pattern, base, ignore_case) for u in URLS]
        assert any(w and w[0] for w in want), (pattern, options)
        got = column(con, f"SELECT url_pattern_test(u, {literal(pattern)}{options}) FROM {table} ORDER BY i")
        assert got == [w and w[0] for w in want], (pattern, options)
        got = column(con, f"SELECT url_pattern_group(u, {literal(pattern)}, 'id'{options}) FROM {table} ORDER BY i")
        assert got == [w and w[1] for w in want], (pattern, options)
    # The values themselves, for a reader.
    got = column(con, f"SELECT url_pattern_group(u, '/books/:id', 'id', 'https://example.com', true) FROM {table} ORDER BY i")
    assert got[:4] == ["7", "7", "a%20b", None]
    got = column(con, f"SELECT url_pattern_test(u, '/books/:id', 'https://example.com') FROM {table} ORDER BY i")
    assert got == [True, False, False, False, False, False, False, None]


def check_nulls_and_columns(con: Any) -> None:
    """A null argument gives null; the pattern and its options as columns, each row its own."""
    for options in [", NULL", ", NULL, true", ", 'https://example.com', NULL", ", NULL::BOOLEAN"]:
        for sql in [f"SELECT url_pattern_test('https://example.com/books/7', '/books/*'{options})",
                    f"SELECT url_pattern_group('https://example.com/books/7', '/books/*', '0'{options})"]:
            assert column(con, sql) == [None], sql
    rows: list[tuple[str | None, str | None, str | None, bool | None]] = [
        ("https://example.com/Books/7", "/books/:id", "https://example.com", True),
        ("https://example.com/Books/7", "/books/:id", "https://example.com", False),
        ("https://example.com/books/7", "https://*.com/books/:id", "https://x.example", False),
        ("https://example.com/books/8", "/books/:id", "https://example.com", True),
        ("https://example.org/books/7", "/books/:id", "https://example.com", True),
        ("https://example.com/books/7", None, "https://example.com", True),
        ("https://example.com/books/7", "/books/:id", None, True),
        ("https://example.com/books/7", "/books/:id", "https://example.com", None),
        (None, "/books/:id", "https://example.com", True),
    ]
    table = values(rows, "u, p, b, f")
    got = con.execute(
        "SELECT url_pattern_test(u, p, b, f), url_pattern_group(u, p, 'id', b, f), url_pattern_test(u, p, b), "
        f"url_pattern_test(u, '/books/:id', 'https://example.com', f) FROM {table} ORDER BY i"
    ).fetchall()
    for (u, p, b, f), row in zip(rows, got, strict=True):
        # A null base URL gives null (not "no base URL"), as any null argument.
        want = library(u, p, b, f) if b is not None else None
        assert row[0] == (want and want[0]), (u, p, b, f)
        assert row[1] == (want and want[1]), (u, p, b, f)
        want = library(u, p, b, False) if b is not None else None
        assert row[2] == (want and want[0]), (u, p, b, f)
        want = library(u, "/books/:id", "https://example.com", f)
        assert row[3] == (want and want[0]), (u, p, b, f)
    assert [r[0] for r in got] == [True, False, True, True, False, None, None, None, None]
    # A column of ignore_case alone, with no base URL.
    table = values([("https://example.com/BOOKS/1", True), ("https://example.com/BOOKS/1", False)], "u, f")
    assert column(con, f"SELECT url_pattern_test(u, 'https://example.com/books/*', f) FROM {table} ORDER BY i") == [
        True, False]


def check_errors(con: Any) -> None:
    """A base URL that does not parse, as a literal or in a column, fails the query."""
    with pytest.raises(duckdb.Error, match='the base URL "nope" does not parse'):
        con.execute("SELECT url_pattern_group('https://a/books/1', '/books/:id', 'id', 'nope')").fetchall()
    table = values([("https://a/", "https://a"), ("https://a/", "nope")], "u, b")
    with pytest.raises(duckdb.Error, match='the base URL "nope" does not parse'):
        con.execute(f"SELECT url_pattern_test(u, '/books/:id', b) FROM {table}").fetchall()
    with pytest.raises(duckdb.Error, match="needs a base URL"):
        con.execute("SELECT url_pattern_test('https://x.org/books/7', '/books/:id', true)").fetchall()
    # The connection goes on.
    assert column(con, "SELECT url_pattern_test('https://x.org/books/7', '/books/:id', 'https://x.org')") == [True]


def check_wpt(con: Any) -> None:
    """Every web-platform-tests case whose pattern is a constructor string with a base URL,
    with ``ignoreCase``, or both (the forms SQL takes): a pattern the constructor refuses fails
    the query; any other answers as ``weburl.URLPattern`` on the URL string of every case, and
    as the case expects on its own input where that is a URL string (with its base URL)."""

    def input_url(inputs: list[Any]) -> str | None:
        if len(inputs) == 1 and isinstance(inputs[0], str):
            return str(inputs[0])
        if len(inputs) == 2 and all(isinstance(x, str) for x in inputs):
            url = weburl.URL.parse(inputs[0], inputs[1])
            return None if url is None else url.href
        return None

    urls = list(dict.fromkeys(u for c in CASES if (u := input_url(c.get("inputs", []))) is not None))
    # The input that the cases with ignoreCase give as an init object.
    urls.append("https://example.com:8080/FOO?BAR#BAZ")
    table = values([(u,) for u in urls], "u")
    refused = checked = expected = 0
    for case in CASES:
        pattern = case["pattern"]
        if not pattern or not isinstance(pattern[0], str) or len(pattern) == 1:
            continue
        rest = pattern[1:]
        if len(rest) == 1 and isinstance(rest[0], str):
            base, options = rest[0], None
        elif len(rest) == 1 and isinstance(rest[0], dict):
            base, options = None, rest[0]
        elif len(rest) == 2 and isinstance(rest[0], str) and isinstance(rest[1], dict):
            base, options = rest
        else:
            # JavaScript's (input, options, base), a TypeError there, has no SQL form.
            continue
        ignore_case = bool(options and options.get("ignoreCase"))
        sql_options = ("" if base is None else f", {literal(base)}") + ("" if options is None else f", {literal(ignore_case)}")
        sql = f"SELECT url_pattern_test(u, {literal(pattern[0])}{sql_options}) FROM {table} ORDER BY i"
        if case.get("expected_obj") == "error":
            with pytest.raises(duckdb.Error, match="URL pattern|base URL"):
                con.execute(sql).fetchall()
            refused += 1
            continue
        p = weburl.URLPattern(pattern[0], base, ignore_case=ignore_case)
        got = column(con, sql)
        assert got == [p.test(u) for u in urls], case
        checked += 1
        own = input_url(case.get("inputs", []))
        if own is not None:
            assert got[urls.index(own)] is (case.get("expected_match") is not None), case
            expected += 1
    assert refused >= 1 and checked >= 8 and expected >= 5, (refused, checked, expected)
    got = con.execute(
        "SELECT url_pattern_test('https://example.com:8080/FOO?BAR#BAZ', '/foo?bar#baz', 'https://example.com:8080', true), "
        "url_pattern_test('https://example.com:8080/FOO?BAR#BAZ', 'https://example.com:8080/foo?bar#baz', true)"
    ).fetchall()
    assert got == [(True, True)]


def check_untrusted(con: Any) -> None:
    """``untrusted``, the last argument of every pattern function (and ``url_route``):
    ``/:id(\\d+)`` (a custom regexp group) is refused with the function's name, as a pattern
    that does not compile is, and accepted without it; with and without a base URL, as a
    literal and in a column; a pattern within the limits answers as without them."""
    url = "'https://example.com/books/7'"
    calls = [
        ("url_pattern_test", "url_pattern_test({u}, '/books/:id(\\d+)', 'https://example.com', false, {f})", True),
        ("url_pattern_test", "url_pattern_test({u}, 'https://example.com/books/:id(\\d+)', false, {f})", True),
        ("url_pattern_group", "url_pattern_group({u}, '/books/:id(\\d+)', 'id', 'https://example.com', false, {f})", "7"),
        ("url_pattern_group", "url_pattern_group({u}, 'https://example.com/books/:id(\\d+)', 'id', false, {f})", "7"),
        ("url_route", "url_route({u}, '{{\"book\": \"/books/:id(\\\\d+)\"}}', 'https://example.com', false, {f})", "book"),
        ("url_route", "url_route({u}, '[\"https://example.com/books/:id(\\\\d+)\"]', false, {f})",
         "https://example.com/books/:id(\\d+)"),
    ]
    for name, call, expected in calls:
        assert column(con, "SELECT " + call.format(u=url, f="false")) == [expected], call
        with pytest.raises(duckdb.Error, match=f"{name}: .*has a custom regexp group, which the limits refuse"):
            con.execute("SELECT " + call.format(u=url, f="true")).fetchall()
        # The same from a column of URLs and untrusted flags.
        table = values([("https://example.com/books/7", True)], "u, f")
        with pytest.raises(duckdb.Error, match=f"{name}: "):
            con.execute(f"SELECT {call.format(u='u', f='f')} FROM {table}").fetchall()
    # Within the limits, untrusted answers as without it; a null untrusted gives null.
    got = con.execute(
        f"SELECT url_pattern_group({url}, '/books/:id', 'id', 'https://example.com', false, true), "
        f"url_pattern_test({url}, 'https://example.com/books/:id', true, true), "
        f"url_route({url}, '[\"https://example.com/books/:id\"]', true, true), "
        f"url_pattern_test({url}, 'https://example.com/books/:id', false, NULL)"
    ).fetchall()
    assert got == [("7", True, "https://example.com/books/:id", None)]
    # A pattern over 8 KiB is refused too.
    long = "https://example.com/" + "x" * 9000
    with pytest.raises(duckdb.Error, match="url_pattern_test: .*the limit is 8192"):
        con.execute(f"SELECT url_pattern_test({url}, '{long}', false, true)").fetchall()
    # The connection goes on.
    assert column(con, f"SELECT url_pattern_test({url}, 'https://example.com/books/:id(\\d+)')") == [True]


def check_init_objects(con: Any) -> None:
    """A pattern that is an init object's JSON text is ``new URLPattern(init)``; a member that
    is not ``URLPatternInit``'s fails the query naming the function and the member (a literal,
    a column, a route); a constructor string that starts with a group is still one."""
    init = {"hostname": "{:sub.}?example.com", "pathname": "/books/:id"}
    p = weburl.URLPattern(init)
    table = values([(u,) for u in URLS], "u")
    got = column(con, f"SELECT url_pattern_group(u, {literal(json.dumps(init))}, 'id') FROM {table} ORDER BY i")
    want = [None if u is None or (m := p.exec(u)) is None else m["pathname"]["groups"]["id"] for u in URLS]
    assert got == want and want.count("7") >= 2, (got, want)
    assert column(con, "SELECT url_pattern_test('https://example.com/', '{https}://example.com/')") == [True]
    unknown = literal(json.dumps({"path": "/x"}))
    for name, sql in [
        ("url_pattern_test", f"SELECT url_pattern_test('https://a/x', {unknown})"),
        ("url_pattern_group", f"SELECT url_pattern_group(u, p, 'x') FROM {values([('https://a/x', json.dumps({'path': '/x'}))], 'u, p')}"),
        ("url_route", f"SELECT url_route('https://a/x', {literal(json.dumps({'r': json.dumps({'path': '/x'})}))})"),
    ]:
        with pytest.raises(duckdb.Error, match=f'{name}: .*the init object has an unknown member "path"'):
            con.execute(sql).fetchall()
    with pytest.raises(duckdb.Error, match='url_pattern_test: .*the init object\'s member "port" must be a string'):
        con.execute("SELECT url_pattern_test('https://a/x', '{\"port\": 80}')").fetchall()


def check_step_budget(con: Any) -> None:
    """A row on which a custom regexp group exhausts its step budget (a lookahead runs on the
    bounded backtracking matcher) is unknown: ``url_pattern_test`` gives null, not false, and
    ``url_pattern_group`` null, as a literal pattern and as a column of patterns; the next rows
    are answered. ``weburl.URLPattern.test`` raises on the same URL."""
    slow = "https://e.com/:x((?=a)(?:a*)*b)"
    hostile = "https://e.com/" + "a" * 20_000
    with pytest.raises(weburl.URLPatternError, match="exhausted their budget"):
        weburl.URLPattern(slow).test(hostile)
    rows = [(hostile, slow), ("https://e.com/aab", slow), ("https://e.com/c", slow)]
    for pattern in [literal(slow), "p"]:
        got = con.execute(
            f"SELECT url_pattern_test(u, {pattern}), url_pattern_group(u, {pattern}, 'x') "
            f"FROM {values(rows, 'u, p')} ORDER BY i"
        ).fetchall()
        assert got == [(None, None), (True, "aab"), (False, None)], pattern
    # url_route: unknown where a route tried before the answer ran out (first, or the most
    # specific: the regexp group ranks above the wildcard), not the next route that matches.
    routes = literal(json.dumps({"slow": slow, "any": "https://e.com/*"}))
    for best in ("false", "true"):
        got = con.execute(f"SELECT url_route(u, {routes}, {best}) FROM {values(rows, 'u, p')} ORDER BY i").fetchall()
        assert got == [(None,), ("slow",), ("any",)], best


def check_all(con: Any) -> None:
    check_step_budget(con)
    check_literal_options(con)
    check_untrusted(con)
    check_init_objects(con)
    check_nulls_and_columns(con)
    check_errors(con)
    check_wpt(con)
