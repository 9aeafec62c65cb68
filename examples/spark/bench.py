"""Times the Spark job (url_job.py) on local[1] and local[2] over the bench lists repeated to
--rows URLs (default 1,000,000), and the same work done by weburl.arrow in one process
without Spark, for scale. Needs pyspark, pyarrow, pandas, Java 17 and weburl installed.

    python examples/spark/bench.py [--rows N]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import sys
import tempfile
import time

import pyarrow as pa

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

import url_job  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    args = parser.parse_args()
    data = ROOT / "crates" / "weburl-bench" / "data"
    lines: list[str] = []
    for name in ["web_links.txt", "kasztp.txt", "isaacs_files.txt", "node_files.txt"]:
        lines += (data / name).read_text(encoding="utf-8-sig").splitlines()
    lines = [line for line in lines if line.strip()]
    urls = (lines * (args.rows // len(lines) + 1))[: args.rows]
    work = pathlib.Path(tempfile.mkdtemp(prefix="weburl-spark-bench-"))
    source = work / "urls.txt"
    source.write_text("\n".join(urls) + "\n", encoding="utf-8")

    start = time.perf_counter()
    for batch in url_job.annotate(iter(pa.table({"url": urls}).to_batches(max_chunksize=10_000))):
        pass
    plain = time.perf_counter() - start
    print(f"{args.rows} URLs; weburl.arrow in one process, no Spark: {plain:.2f} s ({args.rows / plain:,.0f} URLs/s)")

    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    for master in ["local[1]", "local[2]"]:
        spark = (
            SparkSession.builder.master(master)
            .appName("weburl-bench")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate()
        )
        # Warm up (JVM, Python workers), then time one run.
        url_job.run(spark, str(source), str(work / "warm"))
        start = time.perf_counter()
        url_job.run(spark, str(source), str(work / "out"))
        elapsed = time.perf_counter() - start
        spark.stop()
        print(f"Spark {master}: {elapsed:.2f} s ({args.rows / elapsed:,.0f} URLs/s)")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
