"""A Spark job with weburl: per-site counts and normalized URLs of a URL list, as Parquet.

Each partition's URLs go through weburl's Arrow batch functions inside ``mapInArrow``: Spark
hands over Arrow record batches, weburl reads the string column in place (the Arrow
PyCapsule interface, no per-row Python objects) and returns Arrow arrays; no JVM code of
ours runs. Output:

* ``<out>/sites``: ``site`` (the URL Standard's registrable domain of the host, else the
  host itself, e.g. for IP addresses; a URL without a host, such as ``mailto:a@b``, has no
  site and is not counted), ``urls`` (how many input URLs), Parquet;
* ``<out>/normalized``: ``url`` (the input line), ``href`` (the URL Standard's
  serialization), ``normalized`` (the ``dedup`` profile), ``site``; null columns for a line
  that is not a URL, Parquet.

Run locally::

    spark-submit --master 'local[2]' examples/spark/url_job.py urls.txt out/

or with ``python examples/spark/url_job.py urls.txt out/ --master 'local[2]'``.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator

import pyarrow as pa
import pyarrow.compute as pc
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import weburl.arrow

#: The schema of the per-URL rows that ``mapInArrow`` returns.
ROW_SCHEMA = "url string, href string, normalized string, site string"


def site_column(urls: pa.Array) -> pa.Array:
    """The site of each URL: its registrable domain, else its host (IP addresses, names that
    are a public suffix), null when it has no host or does not parse (as the DataFusion
    example ``top_sites`` counts sites: crates/weburl-datafusion/examples/data/sites.json)."""
    hostname = pa.array(weburl.arrow.component(urls, "hostname")).cast(pa.string())
    domain = pa.array(weburl.arrow.registrable_domain(urls)).cast(pa.string())
    # A URL without a host (mailto:, file:///) has the empty hostname: no site, null.
    hostname = pc.if_else(pc.equal(hostname, ""), pa.scalar(None, pa.string()), hostname)
    return pc.coalesce(domain, hostname)


def annotate(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """The ``mapInArrow`` function: one output batch per input batch."""
    for batch in batches:
        urls = batch.column(0).cast(pa.string())
        href = pa.array(weburl.arrow.component(urls, "href")).cast(pa.string())
        normalized = pa.array(weburl.arrow.normalize(urls, "dedup")).cast(pa.string())
        yield pa.RecordBatch.from_arrays(
            [urls, href, normalized, site_column(urls)],
            names=["url", "href", "normalized", "site"],
        )


def run(spark: SparkSession, source: str, out: str) -> None:
    """Reads ``source`` (one URL a line; blank lines skipped), writes ``out/sites`` and
    ``out/normalized``."""
    # The workers unpickle `annotate` by reference to this module: ship it to them (a no-op
    # when spark-submit runs this file as the main program, which it ships already).
    if __name__ != "__main__":
        spark.sparkContext.addPyFile(os.path.abspath(__file__))
    lines = spark.read.text(source).withColumnRenamed("value", "url")
    lines = lines.where(F.trim(F.col("url")) != "")
    rows = lines.mapInArrow(annotate, ROW_SCHEMA)
    rows.cache()
    rows.write.mode("overwrite").parquet(f"{out}/normalized")
    (
        rows.where(F.col("site").isNotNull())
        .groupBy("site")
        .agg(F.count("*").alias("urls"))
        .orderBy(F.desc("urls"), "site")
        .write.mode("overwrite")
        .parquet(f"{out}/sites")
    )
    rows.unpersist()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="a text file (or directory, or glob) of URLs, one a line")
    parser.add_argument("out", help="the output directory")
    parser.add_argument("--master", default=None, help="e.g. local[2]; spark-submit sets it")
    args = parser.parse_args()
    builder = SparkSession.builder.appName("weburl-url-job")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    try:
        run(spark, args.source, args.out)
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
