"""The weburl DuckDB extension against DuckDB's own host extraction (`regexp_extract`) and
weburl.arrow registered as a DuckDB Arrow UDF, interleaved in one process: a table of a
million URLs in memory, and in each round every contender runs one query over it
(`SELECT count(f(u)) FROM urls`), in rotating order. For each `SET threads` value the report
gives, per contender, the minimum and the median over rounds of the time per row, then the
ratios of times that the targets are about (above 1: the weburl extension is faster), each
the median over rounds of that round's ratio (the two queries of a round ran seconds apart,
so a load that comes and goes on a shared machine moves both).

    crates/weburl-duckdb/build-extension.sh --release
    python crates/weburl-duckdb/bench/bench.py <target>/release/weburl.duckdb_extension \\
        [--compare OTHER.duckdb_extension] [--rounds N] [--rows N] [--threads 1,2] [--data DIR]
        [--only PREFIXES]

--compare loads a second build of the extension (another commit's, say, in a file also named
weburl.duckdb_extension: DuckDB finds the entry point by the file's name) into a second
database of the same process, holding the same table, and adds its `url_hostname` and
`url_registrable_domain` to the rounds, so that two builds are compared interleaved. Where
the extension has `url_pattern_test`, one pattern over the same URLs is a contender too.
--only keeps the contenders whose name starts with one of its comma-separated prefixes.

The URLs: the lists of ../shared/bench-data (see its README), repeated up to --rows.
Contenders that cannot run here are left out and named: the Arrow UDF needs the weburl
Python package and pyarrow; the community extension netquack needs network access to
DuckDB's extension repository (`INSTALL netquack FROM community`).
"""

from __future__ import annotations

import argparse
import itertools
import os
import pathlib
import statistics
import sys
import time

import duckdb

SHARED = pathlib.Path(__file__).resolve().parents[3].parent / "shared" / "bench-data"
LISTS = ["web_links.txt", "kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt"]
HOST_REGEX = r"^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/@]*@)?([^/:?#]*)"
# A route with a wildcard host, a named group and a regexp group: the pattern contender.
PATTERN = "https://{*.}?github.com/:owner/:repo/:kind(issues|pull)/*"

HOSTNAME = "hostname: weburl extension url_hostname"
REGISTRABLE = "registrable_domain: weburl extension"
REGEXP = "hostname: DuckDB regexp_extract"
UDF_HOSTNAME = "hostname: weburl.arrow Arrow UDF"
UDF_REGISTRABLE = "registrable_domain: weburl.arrow Arrow UDF"
NETQUACK_HOST = "hostname: netquack extract_host"
COMPARE_HOSTNAME = "hostname: --compare url_hostname"
COMPARE_REGISTRABLE = "registrable_domain: --compare extension"

# The ratios reported: the time of the second contender over that of the first (above 1:
# the first is faster), each with its label.
RATIOS = [
    ("regexp_extract / url_hostname", HOSTNAME, REGEXP),
    ("Arrow UDF hostname / url_hostname", HOSTNAME, UDF_HOSTNAME),
    ("Arrow UDF registrable domain / url_registrable_domain", REGISTRABLE, UDF_REGISTRABLE),
    ("netquack extract_host / url_hostname", HOSTNAME, NETQUACK_HOST),
    ("--compare url_hostname / url_hostname", HOSTNAME, COMPARE_HOSTNAME),
    ("--compare url_registrable_domain / url_registrable_domain", REGISTRABLE,
     COMPARE_REGISTRABLE),
]


def urls(rows: int, data: pathlib.Path) -> list[str]:
    lines: list[str] = []
    for name in LISTS:
        path = data / name
        if path.exists():
            lines += path.read_text(encoding="utf-8").splitlines()
    if not lines:
        sys.exit(f"no URL lists in {data}")
    return list(itertools.islice(itertools.cycle(lines), rows))


def database(extension: str, rows: list[str]) -> duckdb.DuckDBPyConnection:
    """A new in-memory database with `extension` loaded and the table `urls`."""
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{extension}'")
    con.execute("CREATE TABLE urls AS SELECT unnest(?) AS u", [rows])
    return con


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
    return [(UDF_HOSTNAME, "py_hostname(u)"), (UDF_REGISTRABLE, "py_registrable_domain(u)")]


def netquack(con: duckdb.DuckDBPyConnection) -> list[tuple[str, str]]:
    try:
        con.execute("INSTALL netquack FROM community")
        con.execute("LOAD netquack")
    except duckdb.Error as e:
        print(f"left out: netquack ({str(e).splitlines()[0][:120]})")
        return []
    return [(NETQUACK_HOST, "extract_host(u)"),
            ("registrable_domain: netquack extract_domain", "extract_domain(u)")]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("extension")
    ap.add_argument("--compare", help="a second build of the extension, measured beside the first")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--data", type=pathlib.Path, default=SHARED,
                    help="the folder of the URL lists (default: ../shared/bench-data beside the clone)")
    ap.add_argument("--only", help="run only the contenders whose name starts with one of these "
                                   "comma-separated prefixes (e.g. 'hostname:' or 'scan,hostname')")
    args = ap.parse_args()

    lines = urls(args.rows, args.data)
    con = database(args.extension, lines)
    rows = con.execute("SELECT count(*) FROM urls").fetchall()[0][0]
    other = database(args.compare, lines) if args.compare else None

    # (name, connection, expression)
    contenders = [
        ("scan: count(u)", con, "u"),
        (HOSTNAME, con, "url_hostname(u)"),
        (REGEXP, con, f"regexp_extract(u, '{HOST_REGEX}', 1)"),
        (REGISTRABLE, con, "url_registrable_domain(u)"),
    ]
    if con.execute("SELECT count(*) FROM duckdb_functions() "
                   "WHERE function_name = 'url_pattern_test'").fetchall()[0][0]:
        contenders.append(("pattern: url_pattern_test", con, f"url_pattern_test(u, '{PATTERN}')"))
    contenders += [(name, con, expr) for name, expr in arrow_udfs(con) + netquack(con)]
    if other is not None:
        contenders += [(COMPARE_HOSTNAME, other, "url_hostname(u)"),
                       (COMPARE_REGISTRABLE, other, "url_registrable_domain(u)")]
    if args.only:
        prefixes = tuple(args.only.split(","))
        contenders = [c for c in contenders if c[0].startswith(prefixes)]

    print(f"duckdb {duckdb.__version__}, {rows:,} rows, {args.rounds} rounds, ns/row; "
          f"load average at start {os.getloadavg()[0]:.2f}")
    for threads in [int(t) for t in args.threads.split(",")]:
        for c in {id(c): c for _, c, _ in contenders}.values():
            c.execute(f"SET threads = {threads}")
        times: dict[str, list[float]] = {name: [] for name, _, _ in contenders}
        for r in range(args.rounds):
            shift = r % len(contenders)
            for name, c, expr in contenders[shift:] + contenders[:shift]:
                start = time.perf_counter()
                c.execute(f"SELECT count({expr}) FROM urls").fetchall()
                times[name].append((time.perf_counter() - start) / rows * 1e9)
        print(f"\nthreads = {threads} (load average {os.getloadavg()[0]:.2f})")
        print(f"  {'':48} {'min':>8} {'median':>8}")
        for name, ns in times.items():
            print(f"  {name:48} {min(ns):8.1f} {statistics.median(ns):8.1f}")
        print("  time ratios, the median of the rounds' (the lowest and highest round's):")
        for what, ours, theirs in RATIOS:
            if ours in times and theirs in times:
                per_round = [t / o for o, t in zip(times[ours], times[theirs])]
                print(f"  {what:58} {statistics.median(per_round):5.2f}x "
                      f"({min(per_round):.2f}x to {max(per_round):.2f}x)")


if __name__ == "__main__":
    main()
