"""The weburl DuckDB extension, loaded into the DuckDB of this Python environment, against
the scalar API of the weburl Python package (URL.parse and its getters, normalize, surt,
join, URLPattern) and the WPT data: every function on the WPT URL test data and the bench
lists, the URL pattern functions on the WPT URLPattern data, nulls, errors, constant
arguments, threads and a GROUP BY over a Parquet file.

Run by crates/weburl-duckdb/ci.sh, which builds the extension and sets
WEBURL_DUCKDB_EXTENSION to its path.
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
import re
import sys
from typing import Any, Callable, Iterator

import duckdb
import pytest

import weburl
import weburl.arrow

ROOT = pathlib.Path(__file__).resolve().parents[3]
WPT = ROOT / "crates" / "weburl" / "tests" / "data" / "wpt"
DATA = ROOT / "crates" / "weburl-bench" / "data"
COMPONENTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port",
              "pathname", "search", "hash"]
PATTERN_COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search",
                      "hash"]

# The Python package's reading of the WPT URLPattern data (its cases, and each case's expected
# match by WPT's harness rules), so that the extension is held to the same expectations.
sys.path.insert(0, str(ROOT / "crates" / "weburl-py" / "tests"))
from test_pattern import CASES as PATTERN_CASES, component_result  # noqa: E402
import sql_pattern_options  # noqa: E402
import sql_route  # noqa: E402
import sql_generate  # noqa: E402


def usv(s: str) -> str:
    """A string as JavaScript's USVString conversion (and weburl's Python API) sees it: lone
    surrogates as U+FFFD. DuckDB's VARCHAR holds UTF-8 only, so WPT's few inputs with lone
    surrogates reach both sides in this form."""
    return s.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


@pytest.fixture(scope="module")
def con() -> Iterator[duckdb.DuckDBPyConnection]:
    path = os.environ.get("WEBURL_DUCKDB_EXTENSION")
    if not path:
        pytest.fail("WEBURL_DUCKDB_EXTENSION is not set: run crates/weburl-duckdb/ci.sh")
    c = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    c.execute(f"LOAD '{path}'")
    yield c
    c.close()


def bench_lines() -> list[str]:
    lines: list[str] = []
    for name, count in [("web_links.txt", 6000), ("kasztp.txt", 3000), ("node_files.txt", 1000),
                        ("isaacs_files.txt", 500)]:
        lines += (DATA / name).read_text(encoding="utf-8").splitlines()[:count]
    return lines


def wpt_cases() -> list[tuple[str, str | None]]:
    with open(WPT / "urltestdata.json", encoding="utf-8") as f:
        data = json.load(f)
    return [(usv(c["input"]), None if c.get("base") is None else usv(c["base"]))
            for c in data if isinstance(c, dict)]


def query(con: duckdb.DuckDBPyConnection, sql: str, rows: list[tuple[Any, ...]],
          columns: str = "u") -> list[tuple[Any, ...]]:
    """`sql` over a table `t(columns)` holding `rows`, in their order."""
    names = [c.strip() for c in columns.split(",")]
    con.execute("DROP TABLE IF EXISTS t")
    con.execute(f"CREATE TABLE t(i INTEGER, {', '.join(f'{n} VARCHAR' for n in names)})")
    con.executemany(f"INSERT INTO t VALUES (?{', ?' * len(names)})",
                    [(i, *r) for i, r in enumerate(rows)])
    return con.execute(f"{sql} ORDER BY i").fetchall()


def normalize_or_none(url: weburl.URL, profile: Any) -> str | None:
    try:
        return weburl.normalize(url, profile)
    except weburl.URLError:
        return None


def expected_row(u: str, base: str | None = None) -> tuple[Any, ...]:
    url = weburl.URL.parse(u, base)
    comps = [None if url is None else getattr(url, c) for c in COMPONENTS]
    return (*comps, weburl.URL.can_parse(u, base))


def test_every_function_is_registered(con: duckdb.DuckDBPyConnection) -> None:
    names = {r[0] for r in con.execute(
        "SELECT DISTINCT function_name FROM duckdb_functions() WHERE function_name LIKE 'url_%'"
    ).fetchall()}
    expected = {f"url_{c}" for c in COMPONENTS} | {
        "url_can_parse", "url_error_name", "url_public_suffix", "url_registrable_domain",
        "url_normalize", "url_surt", "url_join", "url_search_param", "url_parse",
        "url_search_params", "url_pattern_test", "url_pattern_group"}
    assert expected <= names, expected - names
    assert con.execute(
        "SELECT count(*) > 0 FROM duckdb_functions() WHERE function_name = 'parse_url'").fetchone() == (True,)
    aliases = {r[0] for r in con.execute(
        "SELECT DISTINCT function_name FROM duckdb_functions() WHERE function_name LIKE 'extract_%'"
    ).fetchall()}
    assert {"extract_domain", "extract_host", "extract_path", "extract_tld"} <= aliases


def test_the_functions_are_the_catalogue(con: duckdb.DuckDBPyConnection) -> None:
    """The extension registers exactly weburl's catalogue of data functions that DuckDB has
    (``weburl._weburl._catalog()``, the list the extension's own code reads), each with a form
    per number of arguments the catalogue allows, and netquack's aliases with one argument.
    DuckDB's C API gives parameters no names: they are listed as col0, col1, ..."""
    from weburl._weburl import _catalog

    catalog = json.loads(_catalog())
    on_duckdb = [f for f in catalog["functions"] if "duckdb" not in f["absent"]]
    fresh = duckdb.connect()
    builtin = {r[0] for r in fresh.execute("SELECT DISTINCT function_name FROM duckdb_functions()").fetchall()}
    added = {r[0] for r in con.execute("SELECT DISTINCT function_name FROM duckdb_functions()").fetchall()}
    assert added - builtin == {f["sql"] for f in on_duckdb} | set(catalog["netquack_aliases"])
    for f in on_duckdb:
        counts = collections.Counter(len(r[0]) for r in con.execute(
            "SELECT parameters FROM duckdb_functions() WHERE function_name = ?", [f["sql"]]).fetchall())
        required = sum(not p["optional"] for p in f["params"])
        assert set(counts) == set(range(required, len(f["params"]) + 1)), (f["sql"], counts)
    for alias in catalog["netquack_aliases"]:
        rows = con.execute("SELECT parameters FROM duckdb_functions() WHERE function_name = ?", [alias]).fetchall()
        assert [len(r[0]) for r in rows] == [1], alias
    # What the extension lacks, the catalogue says why.
    for f in catalog["functions"]:
        if "duckdb" in f["absent"]:
            assert f["sql"] not in added and f["absent"]["duckdb"], f["sql"]


def test_netquack_aliases(con: duckdb.DuckDBPyConnection) -> None:
    """netquack's names answer as the weburl functions they stand for; netquack's own README
    examples, for absolute URLs."""
    lines = bench_lines()
    got = query(con, "SELECT extract_domain(u) IS NOT DISTINCT FROM url_registrable_domain(u), "
                     "extract_host(u) IS NOT DISTINCT FROM url_hostname(u), "
                     "extract_path(u) IS NOT DISTINCT FROM url_pathname(u), "
                     "extract_tld(u) IS NOT DISTINCT FROM url_public_suffix(u) FROM t",
                [(u,) for u in lines])
    assert all(all(row) for row in got)
    row = con.execute(
        "SELECT extract_domain('https://b.a.example.com/path'), "
        "extract_tld('https://example.com.ac/path/path'), "
        "extract_host('https://b.a.example.com/path/path'), "
        "extract_path('https://b.a.example.com/path/path')").fetchall()
    assert row == [("example.com", "com.ac", "b.a.example.com", "/path/path")]


def test_wpt_components_and_can_parse(con: duckdb.DuckDBPyConnection) -> None:
    cases = wpt_cases()
    assert len(cases) > 800
    comps = ", ".join(f"CASE WHEN b IS NULL THEN url_{c}(u) ELSE url_{c}(u, b) END" for c in COMPONENTS)
    got = query(con, f"SELECT {comps}, "
                     "CASE WHEN b IS NULL THEN url_can_parse(u) ELSE url_can_parse(u, b) END FROM t",
                cases, "u, b")
    for (u, b), row in zip(cases, got, strict=True):
        assert row == expected_row(u, b), (u, b)
    # And against the WPT expectations themselves, where the input has no lone surrogate.
    with open(WPT / "urltestdata.json", encoding="utf-8") as f:
        data = [c for c in json.load(f) if isinstance(c, dict)]
    checked = 0
    for case, row in zip(data, got, strict=True):
        if usv(case["input"]) != case["input"]:
            continue
        if case.get("failure"):
            assert row[-1] is False and row[0] is None, case
        else:
            assert row[0] == case["href"] and row[6] == case["hostname"], case
        checked += 1
    assert checked > 800


def test_wpt_parse(con: duckdb.DuckDBPyConnection) -> None:
    """`url_parse` is a struct of the getters, in order, null where the URL does not parse."""
    cases = wpt_cases()
    got = query(con, "SELECT CASE WHEN b IS NULL THEN url_parse(u) ELSE url_parse(u, b) END, "
                     "url_parse(u, b).hostname FROM t", cases, "u, b")
    for (u, b), (struct, hostname) in zip(cases, got, strict=True):
        url = weburl.URL.parse(u, b)
        assert struct == (None if url is None else {c: getattr(url, c) for c in COMPONENTS}), (u, b)
        assert hostname == (None if url is None or b is None else url.hostname), (u, b)
    assert sum(s is None for s, _ in got) > 100
    (fields,) = con.execute("SELECT typeof(url_parse('http://a/'))").fetchone()
    # DuckDB quotes the names that are SQL keywords ("password", "search").
    assert fields.replace('"', "") == "STRUCT(" + ", ".join(f"{c} VARCHAR" for c in COMPONENTS) + ")"


def test_search_params(con: duckdb.DuckDBPyConnection) -> None:
    """`url_search_params` is the list of decoded (name, value) pairs, as the scalar
    `URL.search_params` reads them, over the bench lines and WPT's inputs."""
    lines = bench_lines() + [u for u, b in wpt_cases() if b is None]
    lines += ["http://a/?a=1&b=%41&a=+x+&&=&c", "http://a/?" + "k=v&" * 5000, "http://a/", None]
    got = query(con, "SELECT url_search_params(u) FROM t", [(u,) for u in lines])
    with_pairs = 0
    for u, (pairs,) in zip(lines, got, strict=True):
        url = None if u is None else weburl.URL.parse(u)
        if url is None:
            assert pairs is None, u
            continue
        assert pairs == [{"name": n, "value": v} for n, v in url.search_params], u
        with_pairs += bool(pairs)
    assert with_pairs > 100
    assert con.execute(
        "SELECT url_search_params('http://a/?a=1&b=%41&a=+x+'), "
        "[p FOR p IN url_search_params('http://a/?a=1&b=2&a=3') IF p.name = 'a']"
    ).fetchone() == (
        [{"name": "a", "value": "1"}, {"name": "b", "value": "A"}, {"name": "a", "value": " x "}],
        [{"name": "a", "value": "1"}, {"name": "a", "value": "3"}],
    )


def test_wpt_error_names(con: duckdb.DuckDBPyConnection) -> None:
    cases = [(u, b) for u, b in wpt_cases() if b is None]
    got = [r[0] for r in query(con, "SELECT url_error_name(u) FROM t", cases, "u, b")]
    assert got == weburl.arrow.error_name([u for u, _ in cases]).to_pylist()
    assert sum(g is not None for g in got) > 100


def test_bench_lines_every_function(con: duckdb.DuckDBPyConnection) -> None:
    lines = bench_lines()
    comps = ", ".join(f"url_{c}(u)" for c in COMPONENTS)
    got = query(con, f"SELECT {comps}, url_can_parse(u), url_public_suffix(u), "
                     "url_public_suffix(u, 'icann'), url_registrable_domain(u), "
                     "url_registrable_domain(u, 'icann'), url_registrable_domain(u, 'all'), "
                     "url_normalize(u), url_normalize(u, 'dedup'), url_normalize(u, 'w3lib'), "
                     "url_normalize(u, 'surt'), url_surt(u), url_error_name(u), "
                     "url_search_param(u, 'q') FROM t",
                [(u,) for u in lines])
    errors = weburl.arrow.error_name(lines).to_pylist()
    for u, row, error in zip(lines, got, errors, strict=True):
        url = weburl.URL.parse(u)
        expected: list[Any] = list(expected_row(u))
        if url is None:
            expected += [None] * 12
        else:
            expected += [url.public_suffix, url.public_suffix_in(icann_only=True),
                         url.registrable_domain, url.registrable_domain_in(icann_only=True),
                         url.registrable_domain]
            expected += [normalize_or_none(url, p) for p in ("spec", "dedup", "w3lib", "surt")]
            expected += [weburl.surt(url), None, None]
        expected[-2] = error
        expected[-1] = None if url is None else url.search_params.get("q")
        assert list(row) == expected, u


def test_join_and_base(con: duckdb.DuckDBPyConnection) -> None:
    rows = [("http://a/b/c/d;p?q", r) for r in ["g", "../g", "?y", "#s", "//g", "", "http:g"]]
    rows += [("not a base", "g"), ("http://x/", "http://[::1")]
    got = query(con, "SELECT url_join(b, r), url_href(r, b), url_error_name(r, b) FROM t", rows, "b, r")
    for (b, r), (join, href, error) in zip(rows, got, strict=True):
        url = weburl.URL.parse(r, b)
        assert join == href == (None if url is None else weburl.join(b, r)), (b, r)
        assert (error is None) == (url is not None)
    assert got[-2][2] == weburl.arrow.error_name(["not a base"]).to_pylist()[0]


def test_nulls(con: duckdb.DuckDBPyConnection) -> None:
    row = con.execute(
        "SELECT url_hostname(NULL), url_hostname(NULL, 'http://a/'), url_hostname('/x', NULL), "
        "url_can_parse(NULL), url_can_parse('/x', NULL), url_registrable_domain(NULL), "
        "url_registrable_domain('http://a.com/', NULL), url_normalize('http://a/', NULL), "
        "url_error_name(NULL), url_join(NULL, 'x'), url_search_param('http://a/?q=1', NULL), "
        "url_parse(NULL), url_parse('/x', NULL), url_parse('nope'), url_search_params(NULL), "
        "url_search_params('nope')"
    ).fetchone()
    assert row == (None,) * 16
    # Nulls inside a column, mixed with values.
    got = query(con, "SELECT url_hostname(u), url_can_parse(u), url_registrable_domain(u, s) FROM t",
                [("http://a.b.com/", "all"), (None, "all"), ("http://x.y.com/", None),
                 ("nope", "icann"), ("http://q.github.io/", "icann")], "u, s")
    assert got == [("a.b.com", True, "b.com"), (None, None, None), ("x.y.com", True, None),
                   (None, False, None), ("q.github.io", True, "github.io")]


def test_bad_arguments_fail_the_query(con: duckdb.DuckDBPyConnection) -> None:
    with pytest.raises(duckdb.Error, match="sections must be 'all' or 'icann'"):
        con.execute("SELECT url_registrable_domain('http://a.com/', 'private')").fetchall()
    with pytest.raises(duckdb.Error, match="unknown profile"):
        con.execute("SELECT url_normalize('http://a.com/', 'nope')").fetchall()
    # The connection goes on after the failed query.
    assert con.execute("SELECT url_hostname('http://ok/')").fetchone() == ("ok",)


def test_hostile_inputs(con: duckdb.DuckDBPyConnection) -> None:
    inputs = ["", " ", "\x00", "http://" + "a." * 200_000 + "com/", "http://[" + ":" * 100_000 + "]/",
              "http://x/" + "%" * 300_000, "\ufffd" * 1000, "http://%ZZ/", "a" * 1_000_000]
    got = query(con, "SELECT url_hostname(u), url_can_parse(u), url_registrable_domain(u), "
                     "url_normalize(u, 'w3lib'), url_error_name(u) FROM t", [(u,) for u in inputs])
    for u, row in zip(inputs, got, strict=True):
        url = weburl.URL.parse(u)
        assert row[0] == (None if url is None else url.hostname)
        assert row[1] == (url is not None)


def test_threads_give_the_same_answers(con: duckdb.DuckDBPyConnection) -> None:
    lines = (DATA / "web_links.txt").read_text(encoding="utf-8").splitlines()
    con.execute("DROP TABLE IF EXISTS big")
    con.execute("CREATE TABLE big AS SELECT * FROM (SELECT unnest(?) AS u)", [lines * 4])
    answers = []
    for threads in (1, 2):
        con.execute(f"SET threads = {threads}")
        answers.append(con.execute(
            "SELECT count(*), count(url_hostname(u)), sum(hash(url_registrable_domain(u))) FROM big"
        ).fetchone())
    con.execute("RESET threads")
    assert answers[0] == answers[1]
    parsed = sum(weburl.URL.parse(u) is not None for u in lines)
    assert answers[0][:2] == (len(lines) * 4, parsed * 4)


def test_repeated_long_answers(con: duckdb.DuckDBPyConnection) -> None:
    """Answers longer than DuckDB inlines, repeated in runs and scattered, and `file://` URLs
    with a host: every stored and grouped row is its own URL's."""
    hosts = [f"host-{k:03d}.example-{k % 40:02d}.co.uk" for k in range(300)]
    urls = [f"https://{hosts[k // 50 if k % 2 else (k * 7) % len(hosts)]}/p{k}"
            for k in range(12_000)]
    urls += [f"file://{h}/x" for h in hosts] + ["https://short.io/", "http://[::1]/"] * 50
    con.execute("DROP TABLE IF EXISTS r")
    con.execute("CREATE TABLE r AS SELECT u, url_hostname(u) AS h, url_registrable_domain(u) AS d "
                "FROM (SELECT unnest(?) AS u)", [urls])
    got = con.execute("SELECT u, h, d FROM r").fetchall()
    assert len(got) == len(urls)
    for u, h, d in got:
        url = weburl.URL.parse(u)
        assert url is not None
        assert (h, d) == (url.hostname, url.registrable_domain), u
    grouped = dict(con.execute("SELECT url_hostname(u), count(*) FROM r GROUP BY 1").fetchall())
    parsed = [weburl.URL.parse(u) for u in urls]
    assert grouped == dict(collections.Counter(url.hostname for url in parsed if url is not None))


def test_long_answers_mixed_sorted_and_compared(con: duckdb.DuckDBPyConnection) -> None:
    """Answers longer than DuckDB inlines are copied into the result's string heap together,
    once per chunk, each row pointing to its own bytes there: mixed in one chunk with short
    answers, nulls, failures and non-ASCII answers, every row is its own URL's, and DuckDB's
    comparisons (which read the four bytes kept beside the pointer first) sort and filter the
    answers as their text."""
    urls: list[str | None] = []
    for k in range(6000):
        kind = k % 6
        if kind == 0:
            urls.append(f"https://long-host-{k:05d}.example.org/a")
        elif kind == 1:
            urls.append(f"https://s{k % 97}.io/")
        elif kind == 2:
            urls.append(None)
        elif kind == 3:
            urls.append("http://[::1")
        elif kind == 4:
            urls.append(f"https://{'abcd'[k % 4]}{'x' * (k % 20)}.example.com/?q=\u00e9t\u00e9-{k}")
        else:
            urls.append(f"https://long-host-{k % 300:05d}.example.org/b")
    # The one long answer of a chunk last in it.
    urls += [f"https://s{k}.io/" for k in range(2047)] + ["https://last-of-a-chunk.example/"]
    got = query(con, "SELECT url_hostname(u), url_search_param(u, 'q'), url_href(u) FROM t",
                [(u,) for u in urls])
    hosts: list[str] = []
    for u, row in zip(urls, got, strict=True):
        url = None if u is None else weburl.URL.parse(u)
        if url is None:
            assert row == (None, None, None), u
            continue
        assert row == (url.hostname, url.search_params.get("q"), url.href), u
        hosts.append(url.hostname)
    con.execute("DROP TABLE IF EXISTS h")
    con.execute("CREATE TABLE h AS SELECT url_hostname(u) AS h FROM t")
    ordered = [r[0] for r in con.execute("SELECT h FROM h WHERE h IS NOT NULL ORDER BY h").fetchall()]
    assert ordered == sorted(hosts)
    for probe in ["long-host-00006.example.org", "long-host-00005.example.org", "last-of-a-chunk.example"]:
        equal = con.execute("SELECT count(*) FROM h WHERE h = ?", [probe]).fetchone()
        above = con.execute("SELECT count(*) FROM h WHERE h > ?", [probe]).fetchone()
        assert equal == (hosts.count(probe),), probe
        assert above == (sum(h > probe for h in hosts),), probe


def test_group_by_over_parquet(con: duckdb.DuckDBPyConnection, tmp_path: pathlib.Path) -> None:
    lines = bench_lines()
    path = tmp_path / "urls.parquet"
    con.execute("DROP TABLE IF EXISTS p")
    con.execute("CREATE TABLE p AS SELECT * FROM (SELECT unnest(?) AS u)", [lines])
    con.execute(f"COPY p TO '{path}' (FORMAT parquet)")
    got = dict(con.execute(
        f"SELECT url_registrable_domain(u) AS site, count(*) FROM '{path}' GROUP BY 1").fetchall())
    expected: collections.Counter[str | None] = collections.Counter()
    for u in lines:
        url = weburl.URL.parse(u)
        expected[None if url is None else url.registrable_domain] += 1
    assert got == dict(expected)
    assert len(got) > 100


def test_constant_arguments(con: duckdb.DuckDBPyConnection) -> None:
    cases: list[tuple[str, Callable[[], Any]]] = [
        ("SELECT url_hostname('HTTPS://EXAMPLE.com:443/a')", lambda: "example.com"),
        ("SELECT url_href('../c?x', 'http://a/b/d')", lambda: "http://a/c?x"),
        ("SELECT url_can_parse('http://[::1')", lambda: False),
        ("SELECT url_error_name('http://a:99999/')", lambda: "port-out-of-range"),
        ("SELECT url_registrable_domain('https://a.b.github.io/', 'icann')", lambda: "github.io"),
    ]
    for sql, answer in cases:
        assert con.execute(sql).fetchone() == (answer(),), sql
    # A constant base against a column of inputs.
    got = con.execute("SELECT url_href(r, 'http://a/b/') FROM (VALUES ('c'), ('../d'), (NULL)) v(r)").fetchall()
    assert got == [("http://a/b/c",), ("http://a/d",), (None,)]


def columns(con: duckdb.DuckDBPyConnection, sql: str, **lists: list[Any]) -> list[tuple[Any, ...]]:
    """`sql` over a table `t` whose columns are `lists` (one row per index, kept in the column
    `i`), in row order."""
    names = list(lists)
    n = len(next(iter(lists.values())))
    con.execute("DROP TABLE IF EXISTS t")
    con.execute("CREATE TABLE t AS SELECT unnest(?) AS i, " +
                ", ".join(f"unnest(?)::VARCHAR AS {c}" for c in names),
                [list(range(n)), *lists.values()])
    return con.execute(f"{sql} ORDER BY i").fetchall()


def string_pattern_cases() -> list[dict[str, Any]]:
    """The WPT cases whose pattern is a constructor string alone: the form SQL takes."""
    return [c for c in PATTERN_CASES if len(c["pattern"]) == 1 and isinstance(c["pattern"][0], str)]


def test_pattern_functions_on_wpt(con: duckdb.DuckDBPyConnection) -> None:
    """Each WPT pattern that is a constructor string alone, on the URL string of every WPT
    case: `url_pattern_test` and `url_pattern_group` (by every group's qualified name
    `component.name`) against `weburl.URLPattern`, and on the case's own input against the
    case's expected match. Patterns vary by row (each distinct one compiled once), with one
    thread and two."""
    cases = string_pattern_cases()
    urls = list(dict.fromkeys(usv(c["inputs"][0]) for c in PATTERN_CASES
                              if len(c.get("inputs", [])) == 1 and isinstance(c["inputs"][0], str)))
    assert len(urls) > 30
    patterns = list(dict.fromkeys(usv(c["pattern"][0]) for c in cases if c.get("expected_obj") != "error"))
    assert len(patterns) > 30
    compiled = {p: weburl.URLPattern(p) for p in patterns}
    results = {(p, u): compiled[p].exec(u) for p in patterns for u in urls}
    pairs = [(u, p) for p in patterns for u in urls]
    for threads in (1, 2):
        con.execute(f"SET threads = {threads}")
        got = columns(con, "SELECT url_pattern_test(u, p) FROM t",
                      u=[u for u, _ in pairs], p=[p for _, p in pairs])
        assert [r[0] for r in got] == [results[(p, u)] is not None for u, p in pairs]
    con.execute("RESET threads")
    # Every group of every pattern, by its qualified name, where the pattern matches (where it
    # does not, the test above says so and the group is null: see test_pattern_errors_and_nulls).
    rows = []
    for p in patterns:
        for u in urls:
            result = results[(p, u)]
            if result is not None:
                rows += [(u, p, c, name) for c in PATTERN_COMPONENTS for name in result[c]["groups"]]
    assert len(rows) > 200
    got = columns(con, "SELECT url_pattern_group(u, p, n) FROM t",
                  u=[r[0] for r in rows], p=[r[1] for r in rows], n=[f"{r[2]}.{r[3]}" for r in rows])
    for (u, p, c, name), (value,) in zip(rows, got, strict=True):
        assert value == results[(p, u)][c]["groups"][name], (u, p, c, name)
    # On each case's own input, WPT's expectation.
    checked = 0
    for case in cases:
        inputs = case.get("inputs", [])
        if case.get("expected_obj") == "error" or len(inputs) != 1 or not isinstance(inputs[0], str):
            continue
        p, u = usv(case["pattern"][0]), usv(case["inputs"][0])
        expected = case.get("expected_match")
        (matched,) = con.execute("SELECT url_pattern_test(?, ?)", [u, p]).fetchone()
        assert matched is (expected is not None), case
        for c in PATTERN_COMPONENTS if expected else []:
            for name, value in component_result(case, c)["groups"].items():
                (got_value,) = con.execute("SELECT url_pattern_group(?, ?, ?)", [u, p, f"{c}.{name}"]).fetchone()
                assert got_value == value, (case, c, name)
        checked += 1
    assert checked > 30


def test_pattern_errors_and_nulls(con: duckdb.DuckDBPyConnection) -> None:
    """A pattern the constructor refuses fails the query, naming the function, the pattern and
    where it is wrong (every WPT constructor string that throws); nulls give null; a URL that
    does not parse does not match; a bare group name is the first component's."""
    refused = [usv(c["pattern"][0]) for c in string_pattern_cases() if c.get("expected_obj") == "error"]
    assert len(refused) >= 10
    for p in refused:
        with pytest.raises(duckdb.Error, match="url_pattern_test: invalid URL pattern"):
            con.execute("SELECT url_pattern_test('https://example.com/', ?)", [p]).fetchall()
    message = ('url_pattern_group: invalid URL pattern "https://example.com/:id(": invalid pattern '
               "at byte 23 (in the pathname)")
    with pytest.raises(duckdb.Error, match=re.escape(message)):
        con.execute("SELECT url_pattern_group(u, 'https://example.com/:id(', 'id') "
                    "FROM (VALUES ('https://example.com/1')) v(u)").fetchall()
    # The connection goes on.
    row = con.execute(
        "SELECT url_pattern_test(NULL, 'https://a/*'), url_pattern_test('https://a/a', NULL), "
        "url_pattern_group(NULL, 'https://a/:x', 'x'), url_pattern_group('https://a/b', NULL, 'x'), "
        "url_pattern_group('https://a/b', 'https://a/:x', NULL), url_pattern_test('http://[::1', 'http://*'), "
        "url_pattern_group('http://[::1', 'http://*', 'hostname.0'), url_pattern_group('https://a/b', 'https://a/:x', 'y'), "
        "url_pattern_group('https://c/b', 'https://a/:x', 'x'), url_pattern_group('https://a/b', 'https://a/:x', 'x'), "
        "url_pattern_group('https://a/b', 'https://a/:x', '0'), "
        "url_pattern_group('https://a/b', 'https://a/:x', 'pathname.x')").fetchone()
    assert row == (None, None, None, None, None, False, None, None, None, "b", "", "b")
    # A relative pattern needs a base URL (the third argument), or a wildcard host.
    with pytest.raises(duckdb.Error, match="needs a base URL: give pattern_base$") as refused:
        con.execute("SELECT url_pattern_test('https://x.org/books/7', '/books/:id')").fetchall()
    assert "init object" not in str(refused.value)
    assert con.execute("SELECT url_pattern_group('https://x.org/books/7', 'https://*/books/:id', 'id')"
                       ).fetchone() == ("7",)
    # Patterns and names that vary by row, and nulls among them (as weburl.duckdb's glue).
    got = con.execute(
        "SELECT url_pattern_group(u, p, n) FROM (VALUES "
        "(1, 'https://a.example.com/x/y', 'https://*.example.com/:a/*', 'a'), "
        "(2, 'https://a.example.com/x/y', 'https://:h.example.com/*', 'h'), "
        "(3, 'https://a.example.com/x/y', NULL, 'h'), "
        "(4, 'https://a.example.com/x/y', 'https://*.example.com/:a/*', NULL)) t(i, u, p, n) ORDER BY i"
    ).fetchall()
    assert [r[0] for r in got] == ["x", "a", None, None]
    # The three pattern functions share one row loop: a row's pattern is compiled, and its
    # error raised, whatever the function's other arguments, null ones included.
    con.execute("CREATE OR REPLACE TEMP TABLE null_text AS SELECT NULL::VARCHAR AS v")
    for sql in [
        "url_pattern_test(v, 'https://a/:id(')",
        "url_pattern_group(v, 'https://a/:id(', 'id')",
        "url_pattern_group('https://a/b', 'https://a/:id(', v)",
        "url_pattern_generate('https://a/:id(', v, '{}')",
        "url_pattern_generate('https://a/:id(', 'pathname', v)",
    ]:
        function = sql.split("(")[0]
        with pytest.raises(duckdb.Error, match=re.escape(f'{function}: invalid URL pattern "https://a/:id("')):
            con.execute(f"SELECT {sql} FROM null_text").fetchall()
    # With a pattern that compiles, those rows are null.
    assert con.execute(
        "SELECT url_pattern_test(v, 'https://a/:id'), url_pattern_group('https://a/b', 'https://a/:id', v), "
        "url_pattern_generate('https://a/:id', 'pathname', v) FROM null_text").fetchone() == (None, None, None)
    con.execute("DROP TABLE null_text")


def test_pattern_options(con: duckdb.DuckDBPyConnection) -> None:
    """``pattern_base``, ``ignore_case`` and ``untrusted``, as weburl.duckdb's glue answers
    them (sql_pattern_options.py), and the extension's own error text and signatures."""
    sql_pattern_options.check_all(con)
    message = ('url_pattern_test: invalid URL pattern "/books/:id": the base URL "nope" does not parse')
    with pytest.raises(duckdb.Error, match=message):
        con.execute("SELECT url_pattern_test('https://a/books/1', '/books/:id', 'nope')").fetchall()
    forms = con.execute(
        "SELECT function_name, parameter_types FROM duckdb_functions() "
        "WHERE function_name IN ('url_pattern_test', 'url_pattern_group') "
        "ORDER BY function_name, len(parameter_types), parameter_types"
    ).fetchall()
    assert forms == [
        ("url_pattern_group", ["VARCHAR", "VARCHAR", "VARCHAR"]),
        ("url_pattern_group", ["VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN"]),
        ("url_pattern_group", ["VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR"]),
        ("url_pattern_group", ["VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN", "BOOLEAN"]),
        ("url_pattern_group", ["VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN"]),
        ("url_pattern_group", ["VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN", "BOOLEAN"]),
        ("url_pattern_test", ["VARCHAR", "VARCHAR"]),
        ("url_pattern_test", ["VARCHAR", "VARCHAR", "BOOLEAN"]),
        ("url_pattern_test", ["VARCHAR", "VARCHAR", "VARCHAR"]),
        ("url_pattern_test", ["VARCHAR", "VARCHAR", "BOOLEAN", "BOOLEAN"]),
        ("url_pattern_test", ["VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN"]),
        ("url_pattern_test", ["VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN", "BOOLEAN"]),
    ]
    # DuckDB itself has no function of these names for the extension's to clash with.
    plain = duckdb.connect()
    assert plain.execute(
        "SELECT count(*) FROM duckdb_functions() WHERE function_name LIKE 'url_pattern%'").fetchone() == (0,)
    plain.close()


def test_url_route(con: duckdb.DuckDBPyConnection) -> None:
    """``url_route`` as weburl.duckdb's glue answers it (sql_route.py), and its signatures."""
    sql_route.check_route(con, duckdb.Error)
    forms = con.execute(
        "SELECT parameter_types FROM duckdb_functions() WHERE function_name = 'url_route' "
        "ORDER BY len(parameter_types), parameter_types"
    ).fetchall()
    assert [f[0] for f in forms] == [
        ["VARCHAR", "VARCHAR"],
        ["VARCHAR", "VARCHAR", "BOOLEAN"],
        ["VARCHAR", "VARCHAR", "VARCHAR"],
        ["VARCHAR", "VARCHAR", "BOOLEAN", "BOOLEAN"],
        ["VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN"],
        ["VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN", "BOOLEAN"],
    ]


def test_url_pattern_generate(con: duckdb.DuckDBPyConnection) -> None:
    """``url_pattern_generate`` as weburl.duckdb's glue answers it (sql_generate.py: the WPT
    generate data, strict, nulls, errors), and its signatures."""
    sql_generate.check_generate(con, duckdb.Error)
    forms = con.execute(
        "SELECT parameter_types FROM duckdb_functions() WHERE function_name = 'url_pattern_generate' "
        "ORDER BY len(parameter_types), parameter_types"
    ).fetchall()
    assert [f[0] for f in forms] == [
        ["VARCHAR", "VARCHAR", "VARCHAR"],
        ["VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN"],
        ["VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR"],
        ["VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN", "BOOLEAN"],
        ["VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN"],
        ["VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "BOOLEAN", "BOOLEAN"],
    ]


def test_parse_url_agrees_with_spark(con: duckdb.DuckDBPyConnection) -> None:
    """Spark SQL's `parse_url`, against every answer recorded from Spark 4.3 on Java 17 (the
    cases weburl's DataFusion `parse_url` and `weburl.arrow.parse_url` are checked against),
    and against `weburl.arrow.parse_url`."""
    path = ROOT / "crates" / "weburl-datafusion" / "tests" / "data" / "spark-parse-url.json"
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    answered = [c for c in cases if not isinstance(c["result"], dict)]
    assert len(answered) > 15_000
    got = query(con, "SELECT CASE WHEN k IS NULL THEN parse_url(u, p) ELSE parse_url(u, p, k) END FROM t",
                [(c["url"], c["part"], c["key"]) for c in answered], "u, p, k")
    assert [r[0] for r in got] == [c["result"] for c in answered]
    urls = [c["url"] for c in answered]
    for part in ("HOST", "FILE", "AUTHORITY"):
        got = query(con, f"SELECT parse_url(u, '{part}') FROM t", [(u,) for u in urls])
        assert [r[0] for r in got] == weburl.arrow.parse_url(urls, part).to_pylist(), part
    # Where Spark failed the query: a key it refuses fails it here too; the URI on which
    # Java throws a NumberFormatException is null (the query goes on past it).
    for c in cases:
        if not isinstance(c["result"], dict):
            continue
        sql = "SELECT parse_url(?, ?)" if c["key"] is None else "SELECT parse_url(?, ?, ?)"
        arguments = [c["url"], c["part"]] + ([] if c["key"] is None else [c["key"]])
        try:
            assert con.execute(sql, arguments).fetchone() == (None,), c
        except duckdb.Error as e:
            assert c["key"] is not None and "invalid regular expression" in str(e), c


def test_parse_url_nulls_constants_and_no_builtin(con: duckdb.DuckDBPyConnection) -> None:
    assert con.execute(
        "SELECT parse_url('HTTP://u@Example.COM:8080/a/./b?x=1&y=2#f', 'HOST'), "
        "parse_url('http://h/p?a=1&b=2', 'QUERY', 'b'), parse_url('http://my_host/', 'HOST'), "
        "parse_url(NULL, 'HOST'), parse_url('http://h/', NULL), parse_url('http://h/?a=1', 'QUERY', NULL), "
        "parse_url('http://h/?a=1', 'host')"
    ).fetchone() == ("Example.COM", "2", None, None, None, None, None)
    with pytest.raises(duckdb.Error, match="not emulated"):
        con.execute("SELECT parse_url('http://h/?a=1', 'QUERY', '(?i)A')").fetchall()
    assert con.execute("SELECT parse_url('http://ok/', 'HOST')").fetchone() == ("ok",)
    # DuckDB itself has no function of that name for the extension's to clash with.
    plain = duckdb.connect()
    assert plain.execute(
        "SELECT count(*) FROM duckdb_functions() WHERE function_name = 'parse_url'").fetchone() == (0,)
    plain.close()
