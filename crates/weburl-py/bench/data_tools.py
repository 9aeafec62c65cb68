"""weburl inside Polars and DuckDB against the tools people use there, interleaved in one
process: in each round every contender makes one pass over a column of a million URLs, in
rotating order; the report is the median over rounds of the time per URL.

    python crates/weburl-py/bench/data_tools.py [--threads 1 2] [--rounds N] [--rows N]

Build the extension in release first (``maturin develop --release``). Each thread count runs
in its own process (Polars reads its thread count once, at import): POLARS_MAX_THREADS,
RAYON_NUM_THREADS and DuckDB's ``SET threads``.

The column: the http(s) lists of crates/weburl-bench/data (web_links.txt, kasztp.txt) and,
when ../shared/bench-data is beside the clone, userbait.txt, repeated to ``--rows`` rows.

Benchmarks:
  registrable_domain  polars-tldextract's ``registrable_domain(include_private=True)`` (the
                      same sections as weburl's default) against weburl's Polars plugin
                      (eager, lazy with the streaming engine, and eager over the column
                      cut into the streaming engine's batches of 100,000 rows, one
                      ``select`` per batch); the plugin's own kernel
                      called directly on the Series' Arrow data (``_polars_kernel``: the
                      same ``compute`` the plugin calls, timed around the kernel alone, in
                      Rust); weburl.arrow's ``registrable_domain`` (the same kernel with
                      ``Utf8`` answers) on the Series, made a Series again, and the same
                      through ``map_batches``
  duckdb_hostname     DuckDB's ``regexp_extract`` host pattern against weburl.duckdb's
                      ``url_hostname`` (a vectorized Arrow function), each in
                      ``SELECT count(h) FROM (SELECT f(u) AS h FROM t)``
Targets: the plugin at least 2.5x faster than polars-tldextract and at most 1.1x the direct
kernel; url_hostname at least 5x faster than regexp_extract.

Besides the median time per URL, each line gives a ratio as the median over rounds of the
ratio within a round (a loaded machine slows every contender of a round alike, so this ratio
moves less than the ratio of medians): "x the kernel" is the plugin's time over the directly
called kernel's in the same round, "x eager" the streaming engine's (or the batches') over
the eager one's, in wall-clock time and in the process's CPU time (which leaves out the
time other processes hold the cores; at 2 threads it sums both threads' time).
Between brackets: the fastest and slowest round.
"""

from __future__ import annotations

import argparse
import gc
import os
import pathlib
import pickle
import statistics
import subprocess
import sys
import time
from typing import Any, Callable, NamedTuple

ROOT = pathlib.Path(__file__).resolve().parents[3]
LISTS = [
    ROOT / "crates" / "weburl-bench" / "data" / "web_links.txt",
    ROOT / "crates" / "weburl-bench" / "data" / "kasztp.txt",
    ROOT.parent / "shared" / "bench-data" / "userbait.txt",
]
#: A host pattern as people write it for DuckDB: scheme, optional credentials, the host.
HOST_REGEXP = r"^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]*)"


class Timed(NamedTuple):
    """What a contender that times itself returns: the nanoseconds of its work alone."""

    ns: int


def urls(rows: int, only: list[str] | None = None) -> list[str]:
    lines: list[str] = []
    for path in LISTS:
        if path.exists() and (not only or path.name in only):
            lines += path.read_text(encoding="utf-8").splitlines()
    return (lines * (rows // len(lines) + 1))[:rows]


def contenders(column: list[str], threads: int) -> dict[str, dict[str, Callable[[], Any]]]:
    import duckdb
    import polars as pl
    import pyarrow as pa

    import weburl.arrow
    import weburl.duckdb
    import weburl.polars  # noqa: F401  (the url namespace)
    from weburl._weburl import _polars_kernel

    df = pl.DataFrame({"u": column}, schema={"u": pl.String}).rechunk()
    series = df["u"]
    lazy = df.lazy()
    b: dict[str, dict[str, Callable[[], Any]]] = {"registrable_domain": {}, "duckdb_hostname": {}}
    rd = b["registrable_domain"]
    try:
        import polars_tldextract  # noqa: F401  (the tld namespace)

        tld = pl.col("u").tld.registrable_domain(include_private=True, parallel=threads > 1)
        rd["polars-tldextract"] = lambda: df.select(tld)
    except ImportError:
        pass
    plugin = pl.col("u").url.registrable_domain()
    rd["weburl plugin (eager)"] = lambda: df.select(plugin)
    rd["weburl plugin (streaming)"] = lambda: lazy.select(plugin).collect(engine="streaming")
    # The batches the streaming engine makes (100,000 rows, slices of the column), eagerly.
    batches = [df.slice(i, 100_000) for i in range(0, df.height, 100_000)]
    rd["weburl plugin (eager, batches)"] = lambda: [b.select(plugin) for b in batches]
    kwargs = pickle.dumps({"sections": "all"})
    rd["plugin kernel (direct)"] = lambda: Timed(_polars_kernel(series, "registrable_domain", kwargs)[1])
    rd["weburl.arrow (direct)"] = lambda: pl.Series(weburl.arrow.registrable_domain(series))
    mapped = pl.col("u").map_batches(
        lambda s: pl.Series(weburl.arrow.registrable_domain(s)), return_dtype=pl.String
    )
    rd["weburl.arrow (map_batches)"] = lambda: df.select(mapped)

    con = duckdb.connect()
    con.execute(f"SET threads = {threads}")
    weburl.duckdb.register(con, netquack_aliases=False)
    table = pa.table({"u": pa.array(column, pa.string())})
    con.register("t", table)
    con.execute("CREATE TABLE urls AS SELECT u FROM t")
    dh = b["duckdb_hostname"]
    regexp = f"SELECT count(h) FROM (SELECT regexp_extract(u, '{HOST_REGEXP}', 1) AS h FROM urls)"
    dh["duckdb regexp_extract"] = lambda: con.sql(regexp).fetchall()
    dh["weburl.duckdb url_hostname"] = lambda: con.sql(
        "SELECT count(h) FROM (SELECT url_hostname(u) AS h FROM urls)"
    ).fetchall()
    return b


def check(column: list[str]) -> None:
    """The contenders answer alike where they should (so that no one times a no-op)."""
    import duckdb
    import polars as pl

    import weburl.arrow
    import weburl.duckdb
    import weburl.polars  # noqa: F401

    sample = column[:5000]
    df = pl.DataFrame({"u": sample})
    from weburl._weburl import _polars_kernel

    plugin = df.select(pl.col("u").url.registrable_domain())["u"].to_list()
    assert plugin == weburl.arrow.registrable_domain(sample).to_pylist()
    kernel, _ = _polars_kernel(df["u"], "registrable_domain", pickle.dumps({"sections": "all"}))
    assert plugin == kernel.to_pylist()
    streamed = df.lazy().select(pl.col("u").url.registrable_domain()).collect(engine="streaming")
    assert plugin == streamed["u"].to_list()
    assert sum(d is not None for d in plugin) > len(sample) // 2
    con = duckdb.connect()
    weburl.duckdb.register(con)
    hosts = [r[0] for r in con.sql("SELECT url_hostname(u) FROM df").fetchall()]
    assert hosts == weburl.arrow.component(sample, "hostname").to_pylist()


def run(rows: int, rounds: int, threads: int, only: list[str] | None) -> None:
    import duckdb
    import polars as pl

    column = urls(rows, only)
    check(column)
    benches = contenders(column, threads)
    versions = [f"polars {pl.__version__}", f"duckdb {duckdb.__version__}"]
    try:
        import polars_tldextract  # noqa: F401
        from importlib.metadata import version

        versions.append(f"polars-tldextract {version('polars-tldextract')}")
    except ImportError:
        pass
    print(f"\n{rows:,} URLs, threads {threads}, {rounds} rounds, median ns per URL ({', '.join(versions)})")
    for bench, funcs in benches.items():
        times: dict[str, list[float]] = {k: [] for k in funcs}
        cpu: dict[str, list[float]] = {k: [] for k in funcs}
        names = list(funcs)
        for f in funcs.values():
            f()  # warm up
        for r in range(rounds):
            order = names[r % len(names) :] + names[: r % len(names)]
            for k in order:
                gc.collect()
                c0 = time.process_time_ns()
                t0 = time.perf_counter_ns()
                out = funcs[k]()
                elapsed = out.ns if isinstance(out, Timed) else time.perf_counter_ns() - t0
                times[k].append(elapsed / rows)
                cpu[k].append((time.process_time_ns() - c0) / rows)
        medians = {k: statistics.median(v) for k, v in times.items()}

        def ratio(a: str, b: str, of: dict[str, list[float]] = times) -> float:
            """The median over rounds of a's time over b's in the same round."""
            return statistics.median(x / y for x, y in zip(of[a], of[b]))

        for k, ns in medians.items():
            note = ""
            if bench == "registrable_domain":
                if "polars-tldextract" in medians and k != "polars-tldextract":
                    note += f"  {ratio('polars-tldextract', k):5.2f}x faster than polars-tldextract"
                if k.startswith("weburl plugin"):
                    note += f"  {ratio(k, 'plugin kernel (direct)'):5.2f}x the kernel"
                if k in ("weburl plugin (streaming)", "weburl plugin (eager, batches)"):
                    note += f"  {ratio(k, 'weburl plugin (eager)'):5.2f}x eager"
                    note += f" ({ratio(k, 'weburl plugin (eager)', cpu):5.2f}x in CPU time)"
            elif k.startswith("weburl"):
                note = f"  {ratio('duckdb regexp_extract', k):5.2f}x faster than regexp_extract"
            spread = f"[{min(times[k]):.1f}-{max(times[k]):.1f}]"
            print(f"  {bench:20} {k:30} {ns:8.1f} {spread:>15}{note}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--threads", type=int, nargs="*", default=[1, 2])
    ap.add_argument("--lists", nargs="*", help="only these of the lists (file names), e.g. "
                    "web_links.txt kasztp.txt as weburl-arrow's kernels example reads")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        run(args.rows, args.rounds, args.threads[0], args.lists)
        return 0
    for n in args.threads:
        env = dict(os.environ, POLARS_MAX_THREADS=str(n), RAYON_NUM_THREADS=str(n))
        command = [sys.executable, __file__, "--child", "--rows", str(args.rows), "--rounds", str(args.rounds), "--threads", str(n)]
        if args.lists:
            command += ["--lists", *args.lists]
        subprocess.run(command, env=env, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
