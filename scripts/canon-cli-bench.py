#!/usr/bin/env python3
"""`weburl normalize --profile w3lib` (and `--profile surt`) over a benchmark list against a
Python loop over w3lib's `canonicalize_url` (and the `surt` package's `surt()`) on the same
lines, time per URL (the fastest and the median of the rounds; the CLI's time includes
starting the process, reading the list and writing the answers; the loop's only the calls).

    taskset -c 1 target/canon-venv/bin/python scripts/canon-cli-bench.py WEBURL_BINARY [--rounds N]

(w3lib and surt installed in that Python; WEBURL_BINARY a release build of weburl-cli.)
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time
from pathlib import Path

from surt import surt
from w3lib.url import canonicalize_url

DATA = Path(__file__).resolve().parent.parent / "crates" / "weburl-bench" / "data"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--list", action="append", default=None)
    args = parser.parse_args()
    for name in args.list or ["web_links", "kasztp"]:
        path = DATA / f"{name}.txt"
        lines = [line for line in path.read_text(encoding="utf-8").split("\n") if line]
        for profile, function in [("w3lib", canonicalize_url), ("surt", surt)]:
            cli: list[float] = []
            loop: list[float] = []
            for _ in range(args.rounds):
                start = time.perf_counter()
                subprocess.run(
                    [args.binary, "normalize", "--profile", profile, "--threads", "1", "--url-file", str(path)],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    check=False,
                )
                cli.append((time.perf_counter() - start) / len(lines))
                start = time.perf_counter()
                for line in lines:
                    try:
                        function(line)
                    except Exception:  # noqa: BLE001 - a line the package rejects
                        pass
                loop.append((time.perf_counter() - start) / len(lines))
            for label, c, p in [
                ("fastest", min(cli), min(loop)),
                ("median", statistics.median(cli), statistics.median(loop)),
            ]:
                print(
                    f"{name} ({len(lines)} lines) {profile} ({label} of {args.rounds}): weburl normalize "
                    f"{c * 1e9:.0f} ns/URL, Python loop {p * 1e9:.0f} ns/URL: {p / c:.1f}x"
                )


if __name__ == "__main__":
    main()
