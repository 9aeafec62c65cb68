"""The weburl DuckDB extension, loaded into the DuckDB of this Python environment, against
the scalar API of the weburl Python package (URL.parse and its getters, normalize, surt,
join) and the WPT data: every function on the WPT URL test data and the bench lists, nulls,
errors, constant arguments, threads and a GROUP BY over a Parquet file.

Run by crates/weburl-duckdb/ci.sh, which builds the extension and sets
WEBURL_DUCKDB_EXTENSION to its path.
"""

from __future__ import annotations

import collections
import json
import os
import pathlib
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
        "url_search_params"}
    assert expected <= names, expected - names
    aliases = {r[0] for r in con.execute(
        "SELECT DISTINCT function_name FROM duckdb_functions() WHERE function_name LIKE 'extract_%'"
    ).fetchall()}
    assert {"extract_domain", "extract_host", "extract_path", "extract_tld"} <= aliases


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
