"""weburl.arrow against the scalar API."""

import pathlib
from typing import Any

import pyarrow as pa
import pytest

import weburl
import weburl.arrow as wa
from weburl import URL

COMPONENTS = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
    "pathname", "search", "hash",
]
DATA = pathlib.Path(__file__).resolve().parents[2] / "weburl-bench" / "data"


def scalar_row(text: str | None, base: str | None = None) -> dict[str, str] | None:
    if text is None:
        return None
    url = URL.parse(text, base)
    return None if url is None else {c: getattr(url, c) for c in COMPONENTS}


@pytest.fixture(scope="module")
def inputs(urltestdata: list[dict[str, Any]]) -> list[str | None]:
    texts: list[str | None] = [c["input"] for c in urltestdata]
    for name in ["web_links.txt", "kasztp.txt", "isaacs_files.txt"]:
        texts += (DATA / name).read_text(encoding="utf-8").splitlines()[:3000]
    texts += [None, "", None]
    return texts


def test_parse_matches_the_scalar_api(inputs: list[str | None]) -> None:
    expected = [scalar_row(t) for t in inputs]
    assert wa.parse(inputs).to_pylist() == expected
    result = pa.array(wa.parse(pa.array(inputs, pa.string())))
    assert result.type == pa.struct([(c, pa.string_view()) for c in COMPONENTS])
    assert result.to_pylist() == expected
    assert result.null_count == sum(e is None for e in expected)
    assert pa.array(wa.parse(pa.array(inputs, pa.large_string()))).to_pylist() == expected
    assert pa.array(wa.parse(pa.array(inputs, pa.string_view()))).to_pylist() == expected


def test_parse_with_a_base(urltestdata: list[dict[str, Any]]) -> None:
    base = "http://example.org/foo/bar"
    texts = [c["input"] for c in urltestdata if c.get("base") == base]
    assert len(texts) > 50
    assert wa.parse(texts, base).to_pylist() == [scalar_row(t, base) for t in texts]
    assert wa.parse(texts, URL(base)).to_pylist() == [scalar_row(t, base) for t in texts]
    assert wa.can_parse(texts, base).to_pylist() == [URL.can_parse(t, base) for t in texts]
    with pytest.raises(weburl.URLError):
        wa.parse(texts, "not a base")


@pytest.mark.parametrize("name", COMPONENTS)
def test_component(inputs: list[str | None], name: str) -> None:
    expected = [None if r is None else r[name] for r in (scalar_row(t) for t in inputs)]
    assert wa.component(pa.array(inputs), name).to_pylist() == expected
    assert pa.array(wa.component(inputs, name)).type == pa.string()


def test_component_name_is_checked() -> None:
    with pytest.raises(ValueError, match="unknown component"):
        wa.component(["https://a/"], "scheme")


def test_can_parse(inputs: list[str | None]) -> None:
    expected = [None if t is None else URL.can_parse(t) for t in inputs]
    assert wa.can_parse(inputs).to_pylist() == expected
    assert pa.array(wa.can_parse(pa.array(inputs))).to_pylist() == expected


@pytest.mark.parametrize("profile", ["spec", "dedup", "w3lib", "surt"])
def test_normalize(inputs: list[str | None], profile: str) -> None:
    def one(t: str | None) -> str | None:
        return None if t is None or not URL.can_parse(t) else weburl.normalize(t, profile)

    assert wa.normalize(pa.array(inputs), profile).to_pylist() == [one(t) for t in inputs]
    with pytest.raises(ValueError):
        wa.normalize(inputs, "nope")


def test_chunked_arrays_and_slices(inputs: list[str | None]) -> None:
    chunked = pa.chunked_array([inputs[:100], inputs[100:150], [], inputs[150:400]])
    assert wa.component(chunked, "href").to_pylist() == wa.component(inputs[:400], "href").to_pylist()
    table = pa.table({"url": chunked})
    assert len(wa.parse(table["url"])) == 400
    sliced = pa.array(inputs[:400]).slice(37, 101)
    assert wa.component(sliced, "host").to_pylist() == wa.component(inputs[37:138], "host").to_pylist()


def test_empty_and_all_null() -> None:
    assert wa.parse([]).to_pylist() == []
    assert len(pa.array(wa.parse(pa.array([], pa.string())))) == 0
    assert wa.parse(pa.array([None, None], pa.string())).to_pylist() == [None, None]


def test_wrong_inputs() -> None:
    with pytest.raises(TypeError, match="array of strings"):
        wa.parse(pa.array([1, 2]))
    with pytest.raises(TypeError):
        wa.parse(42)
    with pytest.raises(TypeError):
        wa.parse(["https://a/", 3])
    with pytest.raises(TypeError):
        wa.parse("https://a/")  # a str is not a batch


def test_result_object() -> None:
    result = wa.parse(["https://a.example/"])
    assert len(result) == 1
    assert result.type.startswith("struct<href: string_view, origin: string_view")
    assert "struct" in repr(result)
    # The capsules can be consumed more than once (each call exports anew).
    assert pa.array(result).equals(pa.array(result))
    assert pa.schema([pa.field("u", pa.array(result).type)]).field("u").type.num_fields == 11


def test_hostile_batch() -> None:
    texts = ["http://a/" + "../" * 200_000, "http://" + "a." * 300_000 + "/", "\ud800" * 1000]
    got = wa.component(texts, "href").to_pylist()
    assert got == [None if URL.parse(t) is None else URL(t).href for t in texts]


#: Inputs with their hostname and error name (None: null), for the data tools' tests.
TOOL_CASES: list[tuple[str | None, str | None, str | None]] = [
    ("https://www.Example.com/a,b", "www.example.com", None),
    ("https://a.example:99999/", None, "port-out-of-range"),
    (None, None, None),
    ("http://[::1]:8080/", "[::1]", None),
    ("http://1.2.3.4.5/", None, "IPv4-too-many-parts"),
    ("/relative", None, "missing-scheme-non-relative-URL"),
]
TOOL_URLS = [u for u, _, _ in TOOL_CASES]
TOOL_HOSTS = [h for _, h, _ in TOOL_CASES]
TOOL_ERRORS = [e for _, _, e in TOOL_CASES]


def name_of_error(text: str | None, base: str | None = None) -> str | None:
    """The spec name of the error `URL(text, base)` raises, None where it parses."""
    if text is None:
        return None
    try:
        URL(text, base)
    except weburl.URLError as e:
        return str(e).split(":", 1)[0]
    return None


def test_error_name(inputs: list[str | None], urltestdata: list[dict[str, Any]]) -> None:
    expected = [name_of_error(t) for t in inputs]
    assert sum(e is not None for e in expected) > 100
    assert len(set(expected)) > 10
    for kind in [pa.string(), pa.large_string(), pa.string_view()]:
        result = pa.array(wa.error_name(pa.array(inputs, kind)))
        assert result.type == pa.string() and result.to_pylist() == expected
    assert wa.error_name(inputs).to_pylist() == expected
    # Null exactly where the string parses (or is null).
    assert [e is None for e in expected] == [t is None or ok for t, ok in zip(inputs, wa.can_parse(inputs).to_pylist())]
    base = "http://example.org/foo/bar"
    texts = [c["input"] for c in urltestdata if c.get("base") == base]
    assert wa.error_name(texts, base).to_pylist() == [name_of_error(t, base) for t in texts]
    assert wa.error_name(TOOL_URLS).to_pylist() == TOOL_ERRORS


def test_result_fields_are_named() -> None:
    field = pa.Field._import_from_c_capsule(wa.component(["https://a/"], "hostname").__arrow_c_schema__())
    assert (field.name, field.type) == ("hostname", pa.string())
    names = {
        "parse": wa.parse(["x"]),
        "pathname": wa.component(["x"], "pathname"),
        "normalize": wa.normalize(["x"]),
        "can_parse": wa.can_parse(["x"]),
        "public_suffix": wa.public_suffix(["x"]),
        "registrable_domain": wa.registrable_domain(["x"]),
        "error_name": wa.error_name(["x"]),
    }
    for name, result in names.items():
        assert result.name == name
        schema, _ = result.__arrow_c_array__()
        assert pa.Field._import_from_c_capsule(schema).name == name
        assert f"name={name}" in repr(result)


def test_pyarrow_tables_batches_and_readers() -> None:
    table = pa.table({"url": TOOL_URLS})
    for source in [table, table.to_batches()[0], pa.RecordBatchReader.from_batches(table.schema, table.to_batches())]:
        assert wa.component(source, "hostname").to_pylist() == TOOL_HOSTS
    # A table whose rows are null (a struct array with nulls) gives null rows.
    struct = pa.StructArray.from_arrays([pa.array(["https://a/", "https://b/"])], ["url"], mask=pa.array([False, True]))
    assert wa.component(struct, "host").to_pylist() == ["a", None]
    with pytest.raises(TypeError, match=r"table of 2 columns \(url, n\): select the URL column"):
        wa.parse(pa.table({"url": ["https://a/"], "n": [1]}))


def test_polars_series_and_frames() -> None:
    import polars as pl

    df = pl.DataFrame({"url": TOOL_URLS})
    assert wa.component(df["url"], "hostname").to_pylist() == TOOL_HOSTS
    assert wa.component(df.select("url"), "hostname").to_pylist() == TOOL_HOSTS
    assert wa.component(df.lazy().collect()["url"].slice(1, 3), "hostname").to_pylist() == TOOL_HOSTS[1:4]
    # Results are named, so that several go into one with_columns.
    out = df.with_columns(
        pl.Series(wa.component(df["url"], "hostname")),
        pl.Series(wa.component(df["url"], "port")),
        pl.Series(wa.error_name(df["url"])),
        pl.Series(wa.can_parse(df["url"])),
    )
    assert out.columns == ["url", "hostname", "port", "error_name", "can_parse"]
    assert out["hostname"].to_list() == TOOL_HOSTS
    assert out["port"].to_list() == [None if h is None else ("8080" if h == "[::1]" else "") for h in TOOL_HOSTS]
    assert out["error_name"].to_list() == TOOL_ERRORS
    assert out["can_parse"].to_list() == [None if u is None else e is None for u, e in zip(TOOL_URLS, TOOL_ERRORS)]
    parsed = pl.Series(wa.parse(df["url"]))
    assert parsed.name == "parse"
    assert parsed.struct.field("hostname").to_list() == TOOL_HOSTS
    counts = out.group_by("error_name").len().sort("error_name", nulls_last=True)
    assert counts.row(0) == ("IPv4-too-many-parts", 1)


def test_duckdb_relations_and_results() -> None:
    import duckdb

    con = duckdb.connect()
    con.execute("CREATE TABLE t (i INTEGER, url VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?)", list(enumerate(TOOL_URLS)))
    relation = con.sql("SELECT url FROM t ORDER BY i")
    assert wa.component(relation, "hostname").to_pylist() == TOOL_HOSTS
    assert wa.component(relation.arrow(), "hostname").to_pylist() == TOOL_HOSTS
    assert wa.component(relation.to_arrow_table(), "hostname").to_pylist() == TOOL_HOSTS
    assert wa.component(relation.to_arrow_table()["url"], "hostname").to_pylist() == TOOL_HOSTS
    assert wa.component(relation.to_arrow_reader(), "hostname").to_pylist() == TOOL_HOSTS
    assert wa.error_name(con.sql("SELECT url FROM t ORDER BY i")).to_pylist() == TOOL_ERRORS
    with pytest.raises(TypeError, match="select the URL column"):
        wa.parse(con.sql("SELECT i, url FROM t"))
    # And back into DuckDB, by a pyarrow table's variable name.
    hosts = pa.table({"host": pa.array(wa.component(relation, "hostname"))})
    assert con.sql("SELECT count(host) FROM hosts").fetchall() == [(sum(h is not None for h in TOOL_HOSTS),)]


def test_pandas_series_with_missing_values() -> None:
    import numpy as np
    import pandas as pd

    values = [np.nan if u is None else u for u in TOOL_URLS]
    series = pd.Series(values + [None, pd.NA], dtype=object)
    hosts = TOOL_HOSTS + [None, None]
    assert wa.component(series, "hostname").to_pylist() == hosts
    assert wa.error_name(series).to_pylist() == TOOL_ERRORS + [None, None]
    assert wa.component(series.astype("string"), "hostname").to_pylist() == hosts
    assert wa.component(pd.DataFrame({"url": series}), "hostname").to_pylist() == hosts
    assert wa.component(np.array(["https://a.example/", "x"]), "hostname").to_pylist() == ["a.example", None]
    assert wa.component((u for u in ["https://b.example/"]), "host").to_pylist() == ["b.example"]
    # Back into pandas: a null is the missing value of the column pyarrow makes, None in
    # pandas 2's object column, nan in pandas 3's `str` column.
    back = pa.array(wa.component(series, "hostname")).to_pandas()
    assert back.isna().tolist() == [h is None for h in hosts]
    assert back.dropna().tolist() == [h for h in hosts if h is not None]
    # pandas 3's default string column (missing values are nan) as input.
    assert wa.component(pd.Series(values + [None]), "hostname").to_pylist() == TOOL_HOSTS + [None]
    with pytest.raises(TypeError, match="not float"):
        wa.parse(pd.Series(["https://a/", 1.5]))
    # pandas 2 hands the items (Python ints), pandas 3 an Arrow int64 array.
    with pytest.raises(TypeError, match="not [iI]nt"):
        wa.parse(pd.Series([1, 2]))
