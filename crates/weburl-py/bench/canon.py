"""weburl's `w3lib` and `surt` profiles against the Python packages themselves (w3lib's
`canonicalize_url`, the `surt` package's `surt()`), per URL, interleaved in one process: in
each round every contender makes one pass over the list, in rotating order; the report is the
median over rounds of the time per URL, and the speed-up over the package.

    pip install w3lib surt   # into the environment where weburl is installed (release build)
    taskset -c 1 python crates/weburl-py/bench/canon.py [--rounds N] [--list NAME ...]

Contenders, per list (crates/weburl-bench/data, see its README; only the URLs the URL
Standard and the package both accept):
  w3lib.url.canonicalize_url(u)          a Python loop
  weburl.normalize(u, "w3lib")           a Python loop
  weburl.arrow.normalize(list, "w3lib")  one call over the list (a Python list in, Arrow out)
  surt.surt(u), weburl.surt(u), weburl.arrow.normalize(list, "surt")
Target: the w3lib profile at least 20x faster per URL than w3lib.
"""

from __future__ import annotations

import argparse
import gc
import pathlib
import statistics
import time
from typing import Any, Callable

import surt as surt_pkg
import weburl
import weburl.arrow
from w3lib.url import canonicalize_url

DATA = pathlib.Path(__file__).resolve().parents[2] / "weburl-bench" / "data"


def accepted(urls: list[str], function: Callable[[str], Any]) -> list[str]:
    out = []
    for u in urls:
        if not weburl.URL.can_parse(u):
            continue
        try:
            function(u)
        except Exception:  # noqa: BLE001 - the package rejects it
            continue
        out.append(u)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--list", action="append", default=None)
    args = parser.parse_args()
    for name in args.list or ["web_links", "kasztp"]:
        text = (DATA / f"{name}.txt").read_text(encoding="utf-8")
        urls = [line for line in text.split("\n") if line]
        for package, package_call, profile in [
            ("w3lib", canonicalize_url, "w3lib"),
            ("surt", surt_pkg.surt, "surt"),
        ]:
            these = accepted(urls, package_call)
            contenders: dict[str, Callable[[], Any]] = {
                f"{package} (Python package)": lambda these=these, f=package_call: [f(u) for u in these],
                f'weburl.normalize(u, "{profile}")': lambda these=these, p=profile: [weburl.normalize(u, p) for u in these],
                f'weburl.arrow.normalize(list, "{profile}")': lambda these=these, p=profile: weburl.arrow.normalize(these, p),
            }
            times: dict[str, list[float]] = {k: [] for k in contenders}
            names = list(contenders)
            for r in range(args.rounds):
                for k in names[r % len(names):] + names[: r % len(names)]:
                    gc.collect()
                    start = time.perf_counter()
                    contenders[k]()
                    times[k].append((time.perf_counter() - start) / len(these))
            base = statistics.median(times[names[0]])
            print(f"{name}: {len(these)} URLs both accept ({package})")
            for k in names:
                t = statistics.median(times[k])
                print(f"  {k:45} {t * 1e9:9.0f} ns/URL  {base / t:6.1f}x")


if __name__ == "__main__":
    main()
