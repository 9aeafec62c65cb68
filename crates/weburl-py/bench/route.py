"""Per-row time of Polars' ``url.route`` and DuckDB's ``url_route`` (``weburl.duckdb.register``,
and the native extension when given) and of the kernel they share (``weburl.arrow.route``), on
one thread, against ``weburl match --routes`` (docs/PERFORMANCE.md, "Route sets in tables"):

    python crates/weburl-py/bench/route.py ROUTES.txt URLS.txt [EXTENSION]

ROUTES.txt is a ``weburl match`` routes file (``NAME PATTERN`` per line); URLS.txt one URL a
line; EXTENSION the native DuckDB extension's file (``crates/weburl-duckdb/build-extension.sh
--release`` prints its path), loaded into a connection of its own. Prints the best of five
runs of each, in ns per row, and checks that all answer the same. ``python crates/weburl-py/bench/route.py --make DIR`` writes the data measured in
docs/PERFORMANCE.md: DIR/routes.txt, the first 40 distinct paths of the GitHub REST API routes
(crates/weburl-bench/data/github-routes.txt) as absolute patterns on https://api.github.com,
and DIR/urls.txt, 1,000,000 URLs: each tenth matches no route, the others are a random route's
path with its parameters filled in (every seventh with a query), seeded, so the same each
time."""

from __future__ import annotations

import json
import os
import sys
import time

os.environ.setdefault("POLARS_MAX_THREADS", "1")

import duckdb  # noqa: E402
import polars as pl  # noqa: E402
import pyarrow as pa  # noqa: E402

import weburl.arrow  # noqa: E402
import weburl.duckdb  # noqa: E402
import weburl.polars  # noqa: E402,F401


def best_of(runs: int, f: object) -> tuple[float, object]:
    best, answer = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        answer = f()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best, answer


def make(directory: str) -> None:
    """Writes routes.txt and urls.txt into ``directory`` (see the module's documentation)."""
    import pathlib
    import random
    import re

    root = pathlib.Path(__file__).resolve().parents[3]
    paths: list[str] = []
    for line in open(root / "crates/weburl-bench/data/github-routes.txt", encoding="utf-8"):
        parts = line.split()
        if len(parts) == 2 and parts[1] not in paths:
            paths.append(parts[1])
    paths = paths[:40]
    out = pathlib.Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "routes.txt", "w", encoding="utf-8") as f:
        for i, path in enumerate(paths):
            name = f"r{i:02d}_" + re.sub(r"[^a-z]+", "_", path.strip("/").split("/")[0])
            f.write(f"{name} https://api.github.com{path}\n")
    rnd = random.Random(7)
    words = ["weburl", "ada", "rust", "octo", "cat", "linux", "tokio", "serde", "42", "7", "main", "v1.2"]
    with open(out / "urls.txt", "w", encoding="utf-8") as f:
        for k in range(1_000_000):
            if k % 10 == 9:
                f.write(f"https://api.github.com/nope/{rnd.choice(words)}/{k}\n")
                continue
            path = re.sub(r":[a-z_]+", lambda _: rnd.choice(words), rnd.choice(paths))
            f.write("https://api.github.com" + path + ("?page=2" if k % 7 == 0 else "") + "\n")


def main() -> None:
    if sys.argv[1] == "--make":
        make(sys.argv[2])
        return
    routes_file, urls_file = sys.argv[1], sys.argv[2]
    routes: dict[str, str] = {}
    for line in open(routes_file, encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            name, pattern = line.split(None, 1)
            routes[name] = pattern.strip()
    urls = pa.array(open(urls_file, encoding="utf-8").read().splitlines(), pa.string())
    n = len(urls)
    df = pl.DataFrame({"u": urls})
    con = duckdb.connect()
    con.execute("SET threads = 1")
    weburl.duckdb.register(con)
    con.register("t", pa.table({"u": urls}))
    con.execute("CREATE TABLE urls AS SELECT u FROM t")
    text = json.dumps(routes).replace("'", "''")
    native = None
    if len(sys.argv) > 3:
        native = duckdb.connect(config={"allow_unsigned_extensions": "true"})
        native.execute("SET threads = 1")
        native.execute(f"LOAD '{sys.argv[3]}'")
        native.register("t", pa.table({"u": urls}))
        native.execute("CREATE TABLE urls AS SELECT u FROM t")

    def fetch(con: object, sql: str) -> object:
        relation = con.sql(sql)  # type: ignore[attr-defined]
        # DuckDB 1.4 and later name it to_arrow_table; before, fetch_arrow_table.
        return getattr(relation, "to_arrow_table", relation.fetch_arrow_table)()

    for best in (False, True):
        kernel, k = best_of(5, lambda: weburl.arrow.route(urls, routes, best=best))
        polars, p = best_of(5, lambda: df.select(pl.col("u").url.route(routes, best=best)))
        sql = f"SELECT url_route(u, '{text}', {str(best).lower()}) FROM urls"
        duck, d = best_of(5, lambda: fetch(con, sql))
        kernel_rows = pa.array(k).to_pylist()  # type: ignore[arg-type]
        assert p["u"].to_list() == kernel_rows  # type: ignore[index]
        duck_rows = d.column(0).to_pylist()  # type: ignore[union-attr]
        assert duck_rows == kernel_rows
        matched = sum(r is not None for r in kernel_rows)
        line = (
            f"best={best}: {n} URLs, {len(routes)} routes, {matched} matched; ns/row: "
            f"weburl.arrow.route {kernel / n * 1e9:.0f}, polars url.route {polars / n * 1e9:.0f}, "
            f"duckdb url_route {duck / n * 1e9:.0f}"
        )
        if native is not None:
            extension, e = best_of(5, lambda: fetch(native, sql))
            assert e.column(0).to_pylist() == kernel_rows  # type: ignore[union-attr]
            line += f", native extension url_route {extension / n * 1e9:.0f}"
        print(line)


if __name__ == "__main__":
    main()
