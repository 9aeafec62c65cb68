"""Runs the Spark job (url_job.py) on a local Spark and checks its Parquet output against
weburl's scalar Python API. Needs pyspark, pyarrow, pandas and Java 17 (examples/spark/ci.sh
installs the Python packages)."""

from __future__ import annotations

import collections
import json
import os
import pathlib
import sys

import pyarrow.parquet as pq
import pytest

import weburl
import weburl.arrow

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import url_job  # noqa: E402


def sample_urls() -> list[str]:
    """Real links, file URLs, and lines that are not URLs."""
    data = ROOT / "crates" / "weburl-bench" / "data"
    urls = (data / "web_links.txt").read_text(encoding="utf-8").splitlines()[:3000]
    urls += (data / "kasztp.txt").read_text(encoding="utf-8-sig").splitlines()[:1000]
    urls += [
        "not a url",
        "http://[::1",
        "HTTP://WWW.Example.COM:80/a/./b/../c?b=2&a=1#frag",
        "http://0x7f.1/",
        "https://user:pw@sub.example.co.uk/x",
        "",
        "   ",
    ]
    urls += [url for url, _ in SITE_CASES]
    return urls


def site(url: weburl.URL) -> str | None:
    domain = url.registrable_domain
    return domain if domain is not None else (url.hostname or None)


#: The cases the DataFusion example's test checks too: both count sites alike.
SITE_CASES = [
    (case["url"], case["site"])
    for case in json.loads(
        (ROOT / "crates" / "weburl-datafusion" / "examples" / "data" / "sites.json").read_text(encoding="utf-8")
    )["cases"]
]


def test_site_column_agrees_with_the_datafusion_example() -> None:
    import pyarrow as pa

    urls = pa.array([url for url, _ in SITE_CASES], pa.string())
    assert url_job.site_column(urls).to_pylist() == [s for _, s in SITE_CASES]
    assert any(s is None for _, s in SITE_CASES)


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[1]")
        .appName("weburl-test")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    yield session
    session.stop()


def test_job_output_matches_the_library(spark, tmp_path):
    urls = sample_urls()
    source = tmp_path / "urls.txt"
    source.write_text("\n".join(urls) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    url_job.run(spark, str(source), str(out))

    rows = pq.read_table(out / "normalized").to_pylist()
    inputs = [u for u in urls if u.strip()]
    assert sorted(r["url"] for r in rows) == sorted(inputs)
    expected_sites: collections.Counter[str] = collections.Counter()
    for row in rows:
        parsed = weburl.URL.parse(row["url"])
        if parsed is None:
            assert row["href"] is None and row["normalized"] is None and row["site"] is None
            continue
        assert row["href"] == parsed.href
        assert row["normalized"] == weburl.normalize(row["url"], "dedup")
        assert row["site"] == site(parsed)
        if row["site"] is not None:
            expected_sites[row["site"]] += 1
    assert any(r["href"] is None for r in rows)

    sites = pq.read_table(out / "sites").to_pylist()
    assert {s["site"]: s["urls"] for s in sites} == dict(expected_sites)
    counts = [s["urls"] for s in sites]
    assert counts == sorted(counts, reverse=True)


def test_parse_url_is_sparks(spark):
    """weburl's `parse_url` (`weburl.arrow.parse_url`, the kernel DataFusion's and DuckDB's
    `parse_url` run too) against the running Spark's own `parse_url`, in non-ANSI mode (where
    a string java.net.URI refuses is NULL), on the sample's URLs and the inputs of the cases
    recorded from Spark: each part, an unknown part, and keys with and without regular
    expression metacharacters."""
    import pyarrow as pa

    recorded = json.loads(
        (ROOT / "crates" / "weburl-datafusion" / "tests" / "data" / "spark-parse-url.json").read_text(encoding="utf-8")
    )["cases"]
    urls = list(dict.fromkeys(sample_urls() + [c["url"] for c in recorded if not isinstance(c["result"], dict)]))
    calls = [(part, None) for part in ("HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO", "host")]
    calls += [("QUERY", key) for key in ("a", "q", "id", "a.b", "a+", "[ab]")]
    ansi = spark.conf.get("spark.sql.ansi.enabled")
    spark.conf.set("spark.sql.ansi.enabled", "false")
    try:
        frame = spark.createDataFrame([(i, u) for i, u in enumerate(urls)], "i INT, u STRING")
        columns = [
            f"parse_url(u, '{part}')" if key is None else f"parse_url(u, '{part}', '{key}')"
            for part, key in calls
        ]
        rows = frame.selectExpr("i", *[f"{c} AS c{n}" for n, c in enumerate(columns)]).orderBy("i").collect()
    finally:
        spark.conf.set("spark.sql.ansi.enabled", ansi)
    assert len(rows) == len(urls) > 5_000
    for n, (part, key) in enumerate(calls):
        ours = weburl.arrow.parse_url(pa.array(urls, pa.string()), part, key).to_pylist()
        theirs = [row[f"c{n}"] for row in rows]
        differ = [(u, a, b) for u, a, b in zip(urls, ours, theirs) if a != b]
        assert not differ, (part, key, differ[:5])
