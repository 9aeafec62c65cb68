"""``weburl.arrow.parse_url`` and ``parse_url`` of ``weburl.duckdb.register``: Spark SQL's
function, against every answer recorded from Spark 4.3 on Java 17
(crates/weburl-datafusion/tests/data/spark-parse-url.json, which weburl's DataFusion and
native DuckDB tests check too)."""

import json
import pathlib
from typing import Any

import duckdb
import pyarrow as pa
import pytest

import weburl.arrow as wa
import weburl.duckdb

FIXTURE = (pathlib.Path(__file__).resolve().parents[2] / "weburl-datafusion" / "tests" / "data"
           / "spark-parse-url.json")


@pytest.fixture(scope="module")
def cases() -> list[dict[str, Any]]:
    with open(FIXTURE, encoding="utf-8") as f:
        data: list[dict[str, Any]] = json.load(f)["cases"]
    return data


def answered(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cases Spark answered (the others failed the query in Spark)."""
    return [c for c in cases if not isinstance(c["result"], dict)]


def test_arrow_parse_url_agrees_with_spark(cases: list[dict[str, Any]]) -> None:
    rows = answered(cases)
    assert len(rows) > 15_000
    # One call per (part, key): the kernel takes them as constants.
    groups: dict[tuple[str, str | None], list[int]] = {}
    for i, c in enumerate(rows):
        groups.setdefault((c["part"], c["key"]), []).append(i)
    checked = 0
    for (part, key), indices in groups.items():
        urls = [rows[i]["url"] for i in indices]
        expected = [rows[i]["result"] for i in indices]
        assert wa.parse_url(urls, part, key).to_pylist() == expected, (part, key)
        assert pa.array(wa.parse_url(pa.array(urls, pa.large_string()), part, key)).to_pylist() == expected
        checked += len(indices)
    assert checked == len(rows)


def test_arrow_parse_url_errors_and_nulls(cases: list[dict[str, Any]]) -> None:
    assert wa.parse_url([None, "http://h/p"], "PATH").to_pylist() == [None, "/p"]
    assert wa.parse_url(["http://h/p"], "path").to_pylist() == [None]
    assert wa.parse_url(["http://h/?a=1"], "HOST", "a").to_pylist() == [None]
    with pytest.raises(ValueError, match='parse_url: the key "\\(" makes an invalid regular expression'):
        wa.parse_url(["http://h/?a=1"], "QUERY", "(")
    with pytest.raises(ValueError, match="not emulated"):
        wa.parse_url(["http://h/?a=1"], "QUERY", "(?i)A")
    # Where Spark failed the query: a bad key raises; the URI on which Java throws a
    # NumberFormatException is None (the batch goes on).
    for c in cases:
        if not isinstance(c["result"], dict):
            continue
        try:
            got = wa.parse_url([c["url"]], c["part"], c["key"]).to_pylist()
        except ValueError:
            assert c["key"] is not None
        else:
            assert got == [None], c
    assert wa.parse_url.__doc__ and "Spark" in wa.parse_url.__doc__


@pytest.fixture(scope="module")
def con() -> Any:
    con = duckdb.connect()
    weburl.duckdb.register(con)
    return con


def test_duckdb_parse_url_agrees_with_spark(con: Any, cases: list[dict[str, Any]]) -> None:
    rows = answered(cases)
    table = pa.table({
        "i": pa.array(range(len(rows)), pa.int64()),
        "u": pa.array([c["url"] for c in rows], pa.string()),
        "p": pa.array([c["part"] for c in rows], pa.string()),
        "k": pa.array([c["key"] for c in rows], pa.string()),
    })
    con.register("spark_cases", table)
    got = [r[0] for r in con.sql(
        "SELECT CASE WHEN k IS NULL THEN parse_url(u, p) ELSE parse_url(u, p, k) END "
        "FROM spark_cases ORDER BY i").fetchall()]
    assert got == [c["result"] for c in rows]


def test_duckdb_parse_url_constants_nulls_and_errors(con: Any) -> None:
    assert con.sql(
        "SELECT parse_url('HTTP://Example.COM/a?k=v', 'HOST'), parse_url('http://h/?k=v', 'QUERY', 'k'), "
        "parse_url(NULL, 'HOST'), parse_url('http://h/', NULL), parse_url('http://h/?k=v', 'QUERY', NULL)"
    ).fetchall() == [("Example.COM", "v", None, None, None)]
    with pytest.raises(duckdb.Error, match="invalid regular expression"):
        con.sql("SELECT parse_url('http://h/?a=1', 'QUERY', '(')").fetchall()
