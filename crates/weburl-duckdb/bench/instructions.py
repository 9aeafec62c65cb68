"""One query of the weburl DuckDB extension, for counting its instructions under valgrind:
a number that the load of the machine does not move, where bench.py's times do.

    valgrind --tool=cachegrind --cache-sim=no \\
        python crates/weburl-duckdb/bench/instructions.py EXTENSION ROWS QUERIES EXPR

loads EXTENSION, builds an in-memory table `urls(u)` of ROWS URLs (the lists of
../shared/bench-data repeated, as bench.py does), and runs `SELECT count(EXPR) FROM urls`
QUERIES times with `SET threads = 1`. The instructions per row of EXPR are
(I refs with QUERIES = n - I refs with QUERIES = 0) / (n * ROWS); they include DuckDB's own
scan and count (a few per row). Two builds of the extension compare by that difference.
--arrow-udf also registers bench.py's Arrow UDFs (`py_hostname(u)`,
`py_registrable_domain(u)`: weburl.arrow's functions, from the weburl Python package), so that
EXPR may be one of them.
"""

from __future__ import annotations

import argparse
import itertools
import pathlib
import sys

import duckdb

SHARED = pathlib.Path(__file__).resolve().parents[3].parent / "shared" / "bench-data"
LISTS = ["web_links.txt", "kasztp.txt", "userbait.txt", "node_files.txt", "isaacs_files.txt"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("extension")
    ap.add_argument("rows", type=int)
    ap.add_argument("queries", type=int)
    ap.add_argument("expr", help="what to count, e.g. 'url_hostname(u)'")
    ap.add_argument("--data", type=pathlib.Path, default=SHARED,
                    help="the folder of the URL lists (default: ../shared/bench-data beside the clone)")
    ap.add_argument("--arrow-udf", action="store_true",
                    help="register bench.py's Arrow UDFs py_hostname and py_registrable_domain")
    args = ap.parse_args()

    lines: list[str] = []
    for name in LISTS:
        path = args.data / name
        if path.exists():
            lines += path.read_text(encoding="utf-8").splitlines()
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{args.extension}'")
    con.execute("SET threads = 1")
    if args.arrow_udf:
        sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
        from bench import arrow_udfs

        arrow_udfs(con)
    con.execute("CREATE TABLE urls AS SELECT unnest(?) AS u",
                [list(itertools.islice(itertools.cycle(lines), args.rows))])
    for _ in range(args.queries):
        con.execute(f"SELECT count({args.expr}) FROM urls").fetchall()


if __name__ == "__main__":
    main()
