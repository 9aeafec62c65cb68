"""The weburl DuckDB extension against DuckDB's own host extraction (`regexp_extract`) and
weburl.arrow registered as a DuckDB Arrow UDF, interleaved in one process: a table of a
million URLs in memory, and in each round every contender runs one query over it
(`SELECT count(f(u)) FROM urls`), in rotating order; the report is the median over rounds of
the time per row, for each `SET threads` value.

    crates/weburl-duckdb/build-extension.sh --release
    python crates/weburl-duckdb/bench/bench.py <target>/release/weburl.duckdb_extension \\
        [--rounds N] [--rows N] [--threads 1,2] [--data DIR] [--baseline OTHER.duckdb_extension]

--baseline loads another build of the extension (say, of the code before a change) into a
second database of the same process, with the same table, and adds its `url_hostname` and
`url_registrable_domain` to the rotation: a before/after measured interleaved. Where the
extension has `url_pattern_test`, one pattern over the same URLs is a contender too.

The URLs: the lists of ../shared/bench-data (see its README), repeated up to --rows.
Contenders that cannot run here are left out and named: the Arrow UDF needs the weburl
Python package and pyarrow; the community extension netquack needs network access to
DuckDB's extension repository (`INSTALL netquack FROM community`).
"""

from __future__ import annotations

import argparse
import itertools
import pathlib
import statistics
import sys
import time
from typing import Any

import duckdb

SHARED = pathlib.Path(__file__).resolve().parents[3].parent / "shared" / "bench-data"
LISTS = ["web_links.txt", "kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt"]
HOST_REGEX = r"^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/@]*@)?([^/:?#]*)"
# A route with a wildcard host, a named group and a regexp group: the pattern contender.
PATTERN = "https://{*.}?github.com/:owner/:repo/:kind(issues|pull)/*"


def urls(rows: int, data: pathlib.Path) -> list[str]:
    lines: list[str] = []
    for name in LISTS:
        path = data / name
        if path.exists():
            lines += path.read_text(encoding="utf-8").splitlines()
    if not lines:
        sys.exit(f"no URL lists in {data}")
    return list(itertools.islice(itertools.cycle(lines), rows))


def arrow_udfs(con: duckdb.DuckDBPyConnection) -> list[tuple[str, str]]:
    """weburl.arrow's functions as DuckDB Arrow UDFs, when weburl and pyarrow are here."""
    try:
        import pyarrow  # noqa: F401
        import weburl.arrow
    except ImportError as e:
        print(f"left out: the Arrow UDF ({e})")
        return []
    import pyarrow as pa

    con.create_function("py_hostname", lambda a: pa.array(weburl.arrow.component(a, "hostname")),
                        [duckdb.sqltype("VARCHAR")], duckdb.sqltype("VARCHAR"), type="arrow",
                        null_handling="special")
    con.create_function("py_registrable_domain",
                        lambda a: pa.array(weburl.arrow.registrable_domain(a)),
                        [duckdb.sqltype("VARCHAR")], duckdb.sqltype("VARCHAR"), type="arrow",
                        null_handling="special")
    return [("hostname: weburl.arrow Arrow UDF", "py_hostname(u)"),
            ("registrable_domain: weburl.arrow Arrow UDF", "py_registrable_domain(u)")]


def netquack(con: duckdb.DuckDBPyConnection) -> list[tuple[str, str]]:
    try:
        con.execute("INSTALL netquack FROM community")
        con.execute("LOAD netquack")
    except duckdb.Error as e:
        print(f"left out: netquack ({str(e).splitlines()[0][:120]})")
        return []
    return [("hostname: netquack extract_host", "extract_host(u)"),
            ("registrable_domain: netquack extract_domain", "extract_domain(u)")]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("extension")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--data", type=pathlib.Path, default=SHARED,
                    help="the folder of the URL lists (default: ../shared/bench-data beside the clone)")
    ap.add_argument("--baseline", help="another build of the extension, run interleaved")
    ap.add_argument("--only", help="run only the contenders whose name starts with one of these "
                                   "comma-separated prefixes (e.g. 'hostname:' or 'scan,hostname')")
    args = ap.parse_args()

    lines = urls(args.rows, args.data)

    def database(extension: str) -> duckdb.DuckDBPyConnection:
        c = duckdb.connect(config={"allow_unsigned_extensions": "true"})
        c.execute(f"LOAD '{extension}'")
        c.execute("CREATE TABLE urls AS SELECT unnest(?) AS u", [lines])
        return c

    con = database(args.extension)
    rows = con.execute("SELECT count(*) FROM urls").fetchall()[0][0]

    contenders: list[tuple[str, str]] = [
        ("scan: count(u)", "u"),
        ("hostname: weburl extension url_hostname", "url_hostname(u)"),
        ("hostname: DuckDB regexp_extract", f"regexp_extract(u, '{HOST_REGEX}', 1)"),
        ("registrable_domain: weburl extension", "url_registrable_domain(u)"),
    ]
    if con.execute("SELECT count(*) FROM duckdb_functions() "
                   "WHERE function_name = 'url_pattern_test'").fetchone()[0]:
        contenders.append(("pattern: url_pattern_test", f"url_pattern_test(u, '{PATTERN}')"))
    contenders += arrow_udfs(con)
    contenders += netquack(con)
    connections = {name: con for name, _ in contenders}
    if args.baseline:
        base = database(args.baseline)
        for name, expr in [("hostname: baseline url_hostname", "url_hostname(u)"),
                           ("registrable_domain: baseline", "url_registrable_domain(u)")]:
            contenders.append((name, expr))
            connections[name] = base

    if args.only:
        prefixes = tuple(args.only.split(","))
        contenders = [(n, e) for n, e in contenders if n.startswith(prefixes)]

    print(f"duckdb {duckdb.__version__}, {rows:,} rows, median of {args.rounds} rounds, ns/row")
    for threads in [int(t) for t in args.threads.split(",")]:
        for c in {id(c): c for c in connections.values()}.values():
            c.execute(f"SET threads = {threads}")
        times: dict[str, list[float]] = {name: [] for name, _ in contenders}
        for r in range(args.rounds):
            order = contenders[r % len(contenders):] + contenders[:r % len(contenders)]
            for name, expr in order:
                start = time.perf_counter()
                connections[name].execute(f"SELECT count({expr}) FROM urls").fetchall()
                times[name].append(time.perf_counter() - start)
        median: dict[str, Any] = {n: statistics.median(t) / rows * 1e9 for n, t in times.items()}
        print(f"\nthreads = {threads}")
        for name, ns in median.items():
            print(f"  {name:48} {ns:8.1f}")
        ours = median.get("hostname: weburl extension url_hostname")
        for other in ("hostname: DuckDB regexp_extract", "hostname: weburl.arrow Arrow UDF",
                      "hostname: netquack extract_host"):
            if other in median and ours:
                print(f"  url_hostname is {median[other] / ours:.1f}x faster than {other.split(': ')[1]}")
        for before, after in (("hostname: baseline url_hostname", "hostname: weburl extension url_hostname"),
                              ("registrable_domain: baseline", "registrable_domain: weburl extension")):
            if before in median and after in median:
                ratios = [a / b for a, b in zip(times[after], times[before])]
                print(f"  {after.split(': ')[0]}: this build / baseline = {median[after] / median[before]:.3f} "
                      f"(per round: median {statistics.median(ratios):.3f}, "
                      f"from {min(ratios):.3f} to {max(ratios):.3f})")


if __name__ == "__main__":
    main()
