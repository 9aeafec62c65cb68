"""weburl.duckdb's SQL functions against the scalar API: every function, nulls, a Parquet
file, GROUP BY, and netquack's names."""

import doctest
import json
import pathlib
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import weburl
import weburl.duckdb
from weburl import URL

from test_arrow import COMPONENTS, TOOL_ERRORS, TOOL_HOSTS, TOOL_URLS, inputs, scalar_row  # noqa: F401


@pytest.fixture(scope="module")
def con(inputs: list[str | None]) -> Any:
    con = duckdb.connect()
    weburl.duckdb.register(con)
    urls = pa.table({"i": pa.array(range(len(inputs)), pa.int64()), "u": pa.array(inputs, pa.string())})
    con.register("urls", urls)
    return con


def column(con: Any, sql: str) -> list[Any]:
    return [row[0] for row in con.sql(sql).fetchall()]


def of_url(text: str | None, name: str) -> Any:
    url = None if text is None else URL.parse(text)
    return None if url is None else getattr(url, name)


def test_every_function_is_registered(con: Any) -> None:
    names = set(column(con, "SELECT DISTINCT function_name FROM duckdb_functions()"))
    assert set(weburl.duckdb.FUNCTIONS) | set(weburl.duckdb.NETQUACK_ALIASES) <= names
    assert {f"url_{c}" for c in COMPONENTS} <= names


@pytest.mark.parametrize("name", COMPONENTS)
def test_component(con: Any, inputs: list[str | None], name: str) -> None:
    assert column(con, f"SELECT url_{name}(u) FROM urls ORDER BY i") == [of_url(t, name) for t in inputs]


def test_parse(con: Any, inputs: list[str | None]) -> None:
    assert column(con, "SELECT url_parse(u) FROM urls ORDER BY i") == [scalar_row(t) for t in inputs]
    assert column(con, "SELECT url_parse(u).hostname FROM urls ORDER BY i") == [of_url(t, "hostname") for t in inputs]


def test_can_parse_and_error_name(con: Any, inputs: list[str | None]) -> None:
    assert column(con, "SELECT url_can_parse(u) FROM urls ORDER BY i") == [
        None if t is None else URL.can_parse(t) for t in inputs
    ]

    def name(text: str | None) -> str | None:
        if text is None:
            return None
        try:
            URL(text)
        except weburl.URLError as e:
            return str(e).split(":", 1)[0]
        return None

    assert column(con, "SELECT url_error_name(u) FROM urls ORDER BY i") == [name(t) for t in inputs]


def test_public_suffix_and_registrable_domain(con: Any, inputs: list[str | None]) -> None:
    domains = [of_url(t, "registrable_domain") for t in inputs]
    assert sum(d is not None for d in domains) > 1000
    assert column(con, "SELECT url_registrable_domain(u) FROM urls ORDER BY i") == domains
    assert column(con, "SELECT url_public_suffix(u) FROM urls ORDER BY i") == [of_url(t, "public_suffix") for t in inputs]


@pytest.mark.parametrize("profile", ["spec", "dedup", "w3lib", "surt"])
def test_normalize(con: Any, inputs: list[str | None], profile: str) -> None:
    def one(t: str | None) -> str | None:
        if t is None or not URL.can_parse(t):
            return None
        try:
            return weburl.normalize(t, profile)  # type: ignore[arg-type]
        except ValueError:
            return None

    expected = [one(t) for t in inputs]
    assert column(con, f"SELECT url_normalize(u, '{profile}') FROM urls ORDER BY i") == expected
    if profile == "surt":
        assert column(con, "SELECT url_surt(u) FROM urls ORDER BY i") == expected


@pytest.fixture(scope="module")
def with_bases(con: Any, urltestdata: list[dict[str, Any]]) -> list[tuple[str | None, str | None]]:
    """The WPT cases with their base (a base per row; some null, some that do not parse), as
    table ``cases``."""
    pairs: list[tuple[str | None, str | None]] = [(c["input"], c.get("base")) for c in urltestdata]
    pairs += [("/x", "not a base"), ("http://a/", "not a base"), (None, "http://a/"), ("x", None)]
    table = pa.table(
        {
            "i": pa.array(range(len(pairs)), pa.int64()),
            "u": pa.array([u for u, _ in pairs], pa.string()),
            "b": pa.array([b for _, b in pairs], pa.string()),
        }
    )
    con.register("cases", table)
    return pairs


def of_url_with_base(text: str | None, base: str | None, name: str) -> Any:
    if text is None or base is None:
        return None
    url = URL.parse(text, base)
    return None if url is None else getattr(url, name)


@pytest.mark.parametrize("name", COMPONENTS)
def test_component_with_a_base_per_row(con: Any, with_bases: list[tuple[str | None, str | None]], name: str) -> None:
    expected = [of_url_with_base(u, b, name) for u, b in with_bases]
    assert sum(e is not None for e in expected) > 200
    assert column(con, f"SELECT url_{name}(u, b) FROM cases ORDER BY i") == expected


def test_parse_can_parse_and_error_name_with_a_base_per_row(
    con: Any, with_bases: list[tuple[str | None, str | None]]
) -> None:
    def row(u: str | None, b: str | None) -> Any:
        return None if u is None or b is None else scalar_row(u, b)

    def name(u: str | None, b: str | None) -> str | None:
        if u is None or b is None:
            return None
        try:
            URL(u, b)
        except weburl.URLError as e:
            # A base that does not parse: the base's own error, as the native extension and
            # DataFusion answer (the scalar API names it after "invalid base URL: ").
            return str(e).removeprefix("invalid base URL: ").split(":", 1)[0]
        return None

    assert column(con, "SELECT url_parse(u, b) FROM cases ORDER BY i") == [row(u, b) for u, b in with_bases]
    assert column(con, "SELECT url_can_parse(u, b) FROM cases ORDER BY i") == [
        None if u is None or b is None else URL.can_parse(u, b) for u, b in with_bases
    ]
    assert column(con, "SELECT url_error_name(u, b) FROM cases ORDER BY i") == [name(u, b) for u, b in with_bases]


def test_a_constant_base(con: Any, inputs: list[str | None]) -> None:
    base = "https://user@example.org:8080/a/b?c#d"
    assert column(con, f"SELECT url_href(u, '{base}') FROM urls ORDER BY i") == [
        of_url_with_base(t, base, "href") for t in inputs
    ]
    assert column(con, "SELECT url_hostname(u, 'not a base') FROM urls ORDER BY i") == [None] * len(inputs)
    assert column(con, "SELECT url_can_parse(u, 'not a base') FROM urls ORDER BY i") == [
        None if t is None else False for t in inputs
    ]


@pytest.mark.parametrize("sections", ["all", "icann"])
def test_public_suffix_and_registrable_domain_sections(con: Any, inputs: list[str | None], sections: str) -> None:
    def of(text: str | None, name: str) -> str | None:
        url = None if text is None else URL.parse(text)
        if url is None:
            return None
        answer: str | None = getattr(url, f"{name}_in")(icann_only=sections == "icann")
        return answer

    assert column(con, f"SELECT url_registrable_domain(u, '{sections}') FROM urls ORDER BY i") == [
        of(t, "registrable_domain") for t in inputs
    ]
    assert column(con, f"SELECT url_public_suffix(u, '{sections}') FROM urls ORDER BY i") == [
        of(t, "public_suffix") for t in inputs
    ]
    assert con.sql(f"SELECT url_registrable_domain('https://a.b.github.io/', '{sections}')").fetchall() == [
        ("b.github.io" if sections == "all" else "github.io",)
    ]
    assert con.sql("SELECT url_public_suffix('https://a.b.github.io/', NULL)").fetchall() == [(None,)]
    with pytest.raises(duckdb.Error, match="sections must be 'all' or 'icann', not 'private'"):
        con.sql("SELECT url_public_suffix('https://a.example/', 'private')").fetchall()


def test_normalize_with_a_profile_per_row(con: Any) -> None:
    rows = con.sql(
        "SELECT url_normalize(u, p) FROM (VALUES (1, 'http://A.example/?b=1&a#f', 'w3lib'), "
        "(2, 'http://A.example/?b=1&a#f', 'spec'), (3, 'http://A.example/', NULL)) t(i, u, p) ORDER BY i"
    ).fetchall()
    assert rows == [("http://a.example/?a=&b=1",), ("http://a.example/?b=1&a#f",), (None,)]
    assert con.sql("SELECT url_normalize('HTTP://A.example:80/./b')").fetchall() == [("http://a.example/b",)]
    with pytest.raises(duckdb.Error, match="unknown profile"):
        con.sql("SELECT url_normalize('http://a.example/', 'W3LIB')").fetchall()


def test_join_and_search_params(con: Any, inputs: list[str | None]) -> None:
    """url_join, url_search_param and url_search_params against the scalar API: a base per row
    and a constant one, a name per row and a constant one, nulls and failures."""
    bases = ["https://a.example/d/e", "not a base", None, "http://b.example/?q"]
    rows = [(i, b, r) for i, b in enumerate(bases) for r in ["../x?y#z", "//c.example/", "", None]]
    got = con.sql(
        "SELECT url_join(b, r) FROM (VALUES "
        + ", ".join(f"({i}, {sql_string(b)}, {sql_string(r)})" for i, b, r in rows)
        + ") t(i, b, r) ORDER BY i"
    ).fetchall()

    def joined(base: str | None, ref: str | None) -> str | None:
        if base is None or ref is None:
            return None
        parsed = URL.parse(ref, base)
        return None if parsed is None else parsed.href

    assert [g[0] for g in got] == [joined(b, r) for _, b, r in rows]
    assert con.sql("SELECT url_join('http://a/b/c', '../d')").fetchall() == [("http://a/d",)]
    assert column(con, "SELECT url_search_params(u) FROM urls ORDER BY i") == [
        None if (u := None if t is None else URL.parse(t)) is None
        else [{"name": n, "value": v} for n, v in u.search_params]
        for t in inputs
    ]
    for name in ["a", "x", "q"]:
        assert column(con, f"SELECT url_search_param(u, '{name}') FROM urls ORDER BY i") == [
            None if (u := None if t is None else URL.parse(t)) is None else u.search_params.get(name)
            for t in inputs
        ]
    per_row = con.sql(
        "SELECT url_search_param(u, n) FROM (VALUES (1, 'http://h/?a=1&b=2', 'b'), "
        "(2, 'http://h/?a=1&b=2', 'a'), (3, 'http://h/?a=1', NULL), (4, 'nope', 'a')) t(i, u, n) ORDER BY i"
    ).fetchall()
    assert per_row == [("2",), ("1",), (None,), (None,)]


def sql_string(value: str | None) -> str:
    return "NULL" if value is None else "'" + value.replace("'", "''") + "'"


def test_errors_name_the_sql_function(con: Any) -> None:
    for sql, name in [
        ("SELECT url_public_suffix('https://a.example/', 'private')", "url_public_suffix"),
        ("SELECT url_normalize('http://a.example/', 'W3LIB')", "url_normalize"),
        ("SELECT url_pattern_test('https://a/', 'https://a/:id(')", "url_pattern_test"),
        ("SELECT parse_url('http://h/?a=1', 'QUERY', '(')", "parse_url"),
    ]:
        with pytest.raises(duckdb.Error, match=f"{name}: "):
            con.sql(sql).fetchall()


def test_nulls_and_tool_cases(con: Any) -> None:
    table = pa.table({"i": list(range(len(TOOL_URLS))), "u": pa.array(TOOL_URLS, pa.string())})
    con.register("tool", table)
    assert column(con, "SELECT url_hostname(u) FROM tool ORDER BY i") == TOOL_HOSTS
    assert column(con, "SELECT url_error_name(u) FROM tool ORDER BY i") == TOOL_ERRORS
    assert con.sql("SELECT url_hostname(NULL), url_can_parse(NULL), url_parse(NULL)").fetchall() == [(None, None, None)]


def test_parquet_group_by(tmp_path: pathlib.Path, inputs: list[str | None]) -> None:
    path = tmp_path / "urls.parquet"
    pq.write_table(pa.table({"u": pa.array(inputs, pa.string())}), path, row_group_size=1000)
    con = duckdb.connect()
    weburl.duckdb.register(con)
    got = con.sql(
        f"SELECT url_registrable_domain(u) AS site, count(*) AS n FROM '{path}' GROUP BY 1 ORDER BY 2 DESC, 1 NULLS LAST"
    ).fetchall()
    expected: dict[str | None, int] = {}
    for t in inputs:
        site = of_url(t, "registrable_domain")
        expected[site] = expected.get(site, 0) + 1
    assert dict(got) == expected
    assert sum(n for _, n in got) == len(inputs)


def test_netquack_aliases(con: Any, inputs: list[str | None]) -> None:
    for alias, name in weburl.duckdb.NETQUACK_ALIASES.items():
        assert column(con, f"SELECT {alias}(u) FROM urls ORDER BY i") == column(con, f"SELECT {name}(u) FROM urls ORDER BY i")
    # extract_domain is netquack's registrable domain (its README's example), extract_tld its
    # public suffix.
    assert con.sql(
        "SELECT extract_domain('https://b.a.example.com/path'), extract_tld('https://example.com.ac/path/path'), "
        "extract_host('https://b.a.example.com/path/path'), extract_path('https://b.a.example.com/path/path')"
    ).fetchall() == [("example.com", "com.ac", "b.a.example.com", "/path/path")]
    plain = duckdb.connect()
    weburl.duckdb.register(plain, netquack_aliases=False)
    assert "extract_domain" not in column(plain, "SELECT DISTINCT function_name FROM duckdb_functions()")


def test_docstring_examples() -> None:
    result = doctest.testmod(weburl.duckdb, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 5


def test_without_numpy_register_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    # DuckDB's create_function imports numpy even for Arrow functions; without it, register
    # names the missing package instead of failing inside DuckDB on the first function.
    import importlib

    real = importlib.import_module

    def no_numpy(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "numpy":
            raise ImportError("No module named 'numpy'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(importlib, "import_module", no_numpy)
    with pytest.raises(ImportError, match=r"needs numpy.*weburl\[duckdb\]"):
        weburl.duckdb.register(duckdb.connect())


def test_pattern_functions(con: Any, inputs: list[str | None]) -> None:
    from weburl import URLPattern

    source = "https://*.example.com/:first/*"
    p = URLPattern(source)
    got = column(con, f"SELECT url_pattern_test(u, '{source}') FROM urls ORDER BY i")
    assert got == [None if t is None else p.test(t) for t in inputs]

    def group(text: str | None, component: str, name: str) -> str | None:
        result = None if text is None else p.exec(text)
        return None if result is None else result[component]["groups"][name]

    for sql_name, component, name in [("first", "pathname", "first"), ("pathname.0", "pathname", "0"), ("0", "username", "0")]:
        got = column(con, f"SELECT url_pattern_group(u, '{source}', '{sql_name}') FROM urls ORDER BY i")
        assert got == [group(t, component, name) for t in inputs], sql_name
    # Patterns and names that vary by row, and nulls among them.
    rows = con.sql(
        "SELECT url_pattern_group(u, p, n) FROM (VALUES "
        "('https://a.example.com/x/y', 'https://*.example.com/:a/*', 'a'), "
        "('https://a.example.com/x/y', 'https://:h.example.com/*', 'h'), "
        "('https://a.example.com/x/y', NULL, 'h'), "
        "('https://a.example.com/x/y', 'https://*.example.com/:a/*', NULL)) t(u, p, n)"
    ).fetchall()
    assert [r[0] for r in rows] == ["x", "a", None, None]
    with pytest.raises(duckdb.Error, match=r"url_pattern_test: invalid pattern at byte 23 \(in the pathname\)"):
        con.sql("SELECT url_pattern_test('https://a/', 'https://example.com/:id(')").fetchall()


def test_pattern_options() -> None:
    """``pattern_base`` and ``ignore_case`` (sql_pattern_options.py, the native extension's
    check too), on a connection of its own."""
    import sql_pattern_options

    con = duckdb.connect()
    weburl.duckdb.register(con)
    sql_pattern_options.check_all(con)
    assert set(weburl.duckdb.PATTERN_OPTIONS) <= set(weburl.duckdb.FUNCTIONS)


def test_url_route() -> None:
    """``url_route`` (sql_route.py, the native extension's check too), on a connection of its
    own, with its error raised as DuckDB raises a Python function's."""
    import sql_route

    con = duckdb.connect()
    weburl.duckdb.register(con)
    sql_route.check_route(con, duckdb.Error)


def test_url_route_hands_constant_routes_over_once(monkeypatch: Any) -> None:
    """A constant routes argument reaches the route functions as a short token, which DuckDB
    computes once when it plans the query, not as its text repeated on every row; a column of
    routes gets one token per distinct value; past the bound of tokens the text itself is
    passed on and answered the same; text that reads as a token but is none fails as routes
    that are not JSON do."""
    import sql_route

    con = duckdb.connect()
    weburl.duckdb.register(con)
    routes = sql_route.literal(json.dumps(sql_route.ROUTES))
    plan = "\n".join(str(row[1]) for row in con.sql(
        f"EXPLAIN SELECT url_route(u, {routes}, '{sql_route.BASE}', true) FROM {sql_route.table()}"
    ).fetchall())
    token = weburl.duckdb._ROUTES.token(json.dumps(sql_route.ROUTES))
    assert token.startswith(weburl.duckdb._RouteTokens.PREFIX) and len(token) < 30
    # Older DuckDBs wrap a long expression over several lines of the plan's box.
    flat = "".join(ch for ch in plan if not ch.isspace() and ch != "\u2502")
    assert f"'{token}'".replace(" ", "") in flat and "/repos/" not in flat, plan
    assert weburl.duckdb._ROUTES.text(token) == json.dumps(sql_route.ROUTES)
    # A column of routes: a token per distinct value, null for null.
    tokens = weburl.duckdb._ROUTES.tokens(pa.chunked_array([["[]", "[]", None, '["https://h/"]']]))
    assert tokens.to_pylist()[2] is None and tokens[0] == tokens[1] != tokens[3]
    # Past the bound: the text itself, answered the same.
    t = sql_route.table()
    want = [sql_route.oracle(u, {"h": sql_route.BASE + "/*"}, None, False) for u in sql_route.URLS]
    monkeypatch.setattr(weburl.duckdb._ROUTES, "MAX_TEXTS", 0)
    passed = json.dumps({"h": sql_route.BASE + "/*"})
    assert weburl.duckdb._ROUTES.token(passed) == passed
    assert sql_route.column(con, f"SELECT url_route(u, {sql_route.literal(passed)}) FROM {t} ORDER BY i") == want
    with pytest.raises(duckdb.Error, match="url_route: the routes must be a JSON object"):
        con.execute(f"SELECT url_route(u, '{weburl.duckdb._RouteTokens.PREFIX}0') FROM {t}").fetchall()


def test_url_pattern_generate() -> None:
    """``url_pattern_generate`` (sql_generate.py, the native extension's check too), on a
    connection of its own."""
    import sql_generate

    con = duckdb.connect()
    weburl.duckdb.register(con)
    sql_generate.check_generate(con, duckdb.Error)
