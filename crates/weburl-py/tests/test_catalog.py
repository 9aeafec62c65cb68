"""weburl's catalogue of data functions (weburl-arrow's ``catalog``, exported as
``weburl._weburl._catalog()``) against what the Python surfaces register: the SQL functions of
``weburl.duckdb.register`` (names and numbers and names of parameters, read from the
connection's ``duckdb_functions()``) and the methods of the Polars namespace ``expr.url``."""

from __future__ import annotations

import inspect

import json
from typing import Any

import duckdb
import polars as pl
import pytest

import weburl.duckdb
import weburl.polars
from weburl._weburl import _catalog

CATALOG: dict[str, Any] = json.loads(_catalog())
SURFACES = {"datafusion", "duckdb", "duckdb_python", "polars"}


def on(surface: str) -> list[dict[str, Any]]:
    return [f for f in CATALOG["functions"] if surface not in f["absent"]]


def test_the_catalogue_is_well_formed() -> None:
    functions = CATALOG["functions"]
    assert len({f["sql"] for f in functions}) == len(functions) > 20
    for f in functions:
        assert set(f["absent"]) <= SURFACES, f["sql"]
        assert all(reason for reason in f["absent"].values()), f["sql"]
        optional = [p["optional"] for p in f["params"]]
        assert optional == sorted(optional), f["sql"]  # optional parameters last


@pytest.fixture(scope="module")
def con() -> Any:
    con = duckdb.connect()
    weburl.duckdb.register(con)
    return con


def forms(con: Any, name: str) -> list[list[str]]:
    """The parameter lists of the SQL function (or macro) ``name`` on ``con``."""
    rows = con.execute(
        "SELECT parameters FROM duckdb_functions() WHERE function_name = ? ORDER BY len(parameters)", [name]
    ).fetchall()
    return [list(row[0]) for row in rows]


def test_duckdb_register_is_the_catalogue(con: Any) -> None:
    expected = {f["sql"] for f in on("duckdb_python")}
    assert set(weburl.duckdb.FUNCTIONS) == expected
    assert weburl.duckdb.NETQUACK_ALIASES == CATALOG["netquack_aliases"]
    def names(connection: Any) -> set[str]:
        rows = connection.execute("SELECT DISTINCT function_name FROM duckdb_functions()").fetchall()
        return {row[0] for row in rows}

    # What register added, but the Arrow functions under the macros (`url_hostname__1`).
    added = names(con) - names(duckdb.connect())
    registered = {name for name in added if "__" not in name} - set(CATALOG["netquack_aliases"])
    assert registered == expected
    for f in on("duckdb_python"):
        names = [p["name"] for p in f["params"]]
        required = sum(not p["optional"] for p in f["params"])
        got = forms(con, f["sql"])
        # One form per number of arguments the catalogue allows; the shortest and the longest
        # with the catalogue's names (the pattern functions' three-argument form takes a base
        # URL or ignore_case, by type, as `option`).
        assert [len(form) for form in got] == list(range(required, len(names) + 1)), f["sql"]
        assert got[0] == names[:required] and got[-1] == names, (f["sql"], got)
    for alias, name in CATALOG["netquack_aliases"].items():
        assert forms(con, alias) == forms(con, name)[:1], alias


def test_polars_is_the_catalogue() -> None:
    methods = {name for name in vars(weburl.polars.URLNamespace) if not name.startswith("_")}
    assert methods == {f["python"] for f in on("polars")}
    df = pl.DataFrame({"u": ["https://a.example/b?c=d"]})
    # Each method runs, with the catalogue's required arguments.
    arguments = {
        "pattern_test": ["https://*.example/*"],
        "pattern_exec": ["https://*.example/*"],
        "pattern_group": ["https://*.example/*", "0"],
        "search_param": ["c"],
        "route": [{"any": "https://*.example/*"}],
        "pattern_generate": ["pathname", {}],
    }
    for f in on("polars"):
        method = getattr(pl.col("u").url, f["python"])
        assert df.select(method(*arguments.get(f["python"], []))).height == 1, f["python"]
        # A catalogue's option that Polars takes as a keyword (`untrusted`, last of every
        # function that compiles patterns) is one of the method's keywords, false by default.
        keywords = inspect.signature(method).parameters
        if any(p["name"] == "untrusted" for p in f["params"]):
            assert keywords["untrusted"].default is False, f["python"]
            assert keywords["untrusted"].kind is inspect.Parameter.KEYWORD_ONLY, f["python"]
