"""weburl (Python) against can_ada, ada-url, urllib, yarl and tldextract, interleaved in one
process: in each round every contender makes one pass over the list, in rotating order, and
the report is the median over rounds of the time per URL. Contenders that are not installed
are left out.

    taskset -c 1 python crates/weburl-py/bench/bench.py [--rounds N] [--list NAME ...]

Benchmarks, per list (crates/weburl-bench/data, see its README):
  parse              the parse call alone (objects built, nothing read)
  parse+3            parse, then read hostname, pathname and search
  all11              parse and read all 11 components (href ... hash); weburl.arrow.parse
                     over a pyarrow array of the whole list, against per-URL loops
  component          weburl.arrow.component over the same array, for href, hostname and
                     pathname (one column each; no peer has a batch call to compare with)
  registrable_domain weburl.arrow.registrable_domain against tldextract (offline, its
                     bundled snapshot), when weburl has it
Targets: weburl URL.parse <= 0.8x can_ada; parse+3 <= 0.8x can_ada; arrow.parse
>= 5x faster per URL than can_ada's all11 loop; arrow.registrable_domain >= 20x faster than
tldextract.
"""

from __future__ import annotations

import argparse
import gc
import pathlib
import statistics
import sys
import time
import urllib.parse
from typing import Any, Callable

import weburl
import weburl.arrow

DATA = pathlib.Path(__file__).resolve().parents[2] / "weburl-bench" / "data"
COMPONENTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port",
              "pathname", "search", "hash"]


def optional(name: str) -> Any:
    try:
        return __import__(name)
    except ImportError:
        return None


can_ada = optional("can_ada")
ada_url = optional("ada_url")
yarl = optional("yarl")
tldextract = optional("tldextract")
pyarrow = optional("pyarrow")


def contenders(urls: list[str]) -> dict[str, dict[str, Callable[[], object]]]:
    """bench name -> contender name -> a function making one pass over `urls`."""
    URL = weburl.URL
    parse = URL.parse
    b: dict[str, dict[str, Callable[[], object]]] = {"parse": {}, "parse+3": {}, "all11": {}}

    def w_parse() -> None:
        for s in urls:
            parse(s)

    def w_parse3() -> None:
        for s in urls:
            u = parse(s)
            if u is not None:
                u.hostname; u.pathname; u.search

    def w_all() -> None:
        for s in urls:
            u = parse(s)
            if u is not None:
                (u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname,
                 u.port, u.pathname, u.search, u.hash)

    b["parse"]["weburl"] = w_parse
    b["parse+3"]["weburl"] = w_parse3
    b["all11"]["weburl (loop)"] = w_all
    if pyarrow is not None:
        array = pyarrow.array(urls, pyarrow.string())
        b["all11"]["weburl.arrow.parse"] = lambda: weburl.arrow.parse(array)
        b["all11"]["weburl.arrow.parse+pyarrow"] = lambda: pyarrow.array(weburl.arrow.parse(array))
        b["component"] = {
            f"weburl.arrow.component {name}": (lambda name=name: weburl.arrow.component(array, name))
            for name in ("href", "hostname", "pathname")
        }
    if can_ada is not None:
        cparse = can_ada.parse

        def c_parse() -> None:
            for s in urls:
                try:
                    cparse(s)
                except ValueError:
                    pass

        def c_parse3() -> None:
            for s in urls:
                try:
                    u = cparse(s)
                except ValueError:
                    continue
                u.hostname; u.pathname; u.search

        def c_all() -> None:
            for s in urls:
                try:
                    u = cparse(s)
                except ValueError:
                    continue
                (u.href, u.origin, u.protocol, u.username, u.password, u.host, u.hostname,
                 u.port, u.pathname, u.search, u.hash)

        b["parse"]["can_ada"] = c_parse
        b["parse+3"]["can_ada"] = c_parse3
        b["all11"]["can_ada (loop)"] = c_all
    if ada_url is not None:
        AURL = ada_url.URL

        def a_parse() -> None:
            for s in urls:
                try:
                    AURL(s)
                except ValueError:
                    pass

        def a_parse3() -> None:
            for s in urls:
                try:
                    u = AURL(s)
                except ValueError:
                    continue
                u.hostname; u.pathname; u.search

        b["parse"]["ada-url"] = a_parse
        b["parse+3"]["ada-url"] = a_parse3
    split = urllib.parse.urlsplit

    def u_parse() -> None:
        for s in urls:
            try:
                split(s)
            except ValueError:
                pass

    def u_parse3() -> None:
        for s in urls:
            try:
                u = split(s)
            except ValueError:
                continue
            u.hostname; u.path; u.query

    b["parse"]["urllib.urlsplit"] = u_parse
    b["parse+3"]["urllib.urlsplit"] = u_parse3
    if yarl is not None:
        YURL = yarl.URL

        def y_parse() -> None:
            for s in urls:
                try:
                    YURL(s)
                except ValueError:
                    pass

        def y_parse3() -> None:
            for s in urls:
                try:
                    u = YURL(s)
                except ValueError:
                    continue
                u.host; u.path; u.query_string

        b["parse"]["yarl"] = y_parse
        b["parse+3"]["yarl"] = y_parse3
    if hasattr(weburl.arrow, "registrable_domain") and tldextract is not None and pyarrow is not None:
        array = pyarrow.array(urls, pyarrow.string())
        extract = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)
        extract("https://warm.up.example.co.uk/")

        def t_all() -> None:
            for s in urls:
                extract(s).top_domain_under_public_suffix

        b["registrable_domain"] = {
            "weburl.arrow.registrable_domain": lambda: weburl.arrow.registrable_domain(array),
            "tldextract (loop)": t_all,
        }
    return b


def run(name: str, urls: list[str], rounds: int) -> list[tuple[str, str, float]]:
    benches = contenders(urls)
    rows = []
    for bench, funcs in benches.items():
        times: dict[str, list[float]] = {k: [] for k in funcs}
        names = list(funcs)
        for r in range(rounds):
            order = names[r % len(names):] + names[: r % len(names)]
            for k in order:
                gc.collect()
                t0 = time.perf_counter_ns()
                funcs[k]()
                times[k].append((time.perf_counter_ns() - t0) / len(urls))
        for k in names:
            rows.append((bench, k, statistics.median(times[k])))
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--list", nargs="*", default=["web_links.txt", "kasztp.txt", "node_files.txt"])
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}; weburl, " + ", ".join(
        f"{m.__name__} {getattr(m, '__version__', '')}".strip() for m in (can_ada, ada_url, yarl, tldextract, pyarrow) if m is not None))
    for list_name in args.list:
        urls = (DATA / list_name).read_text(encoding="utf-8").splitlines()
        rows = run(list_name, urls, args.rounds)
        print(f"\n{list_name}: {len(urls):,} URLs, {args.rounds} rounds, median ns per URL")
        reference = {bench: ns for bench, k, ns in rows if k.startswith("can_ada")}
        for bench, k, ns in rows:
            ratio = ""
            ref = reference.get(bench)
            if bench == "registrable_domain":
                tld = next(v for b2, k2, v in rows if b2 == bench and k2.startswith("tldextract"))
                ratio = f"  {tld / ns:6.1f}x faster than tldextract" if not k.startswith("tldextract") else ""
            elif bench == "all11" and k.startswith("weburl.arrow") and ref is not None:
                ratio = f"  {ref / ns:5.2f}x faster than can_ada's loop"
            elif ref is not None:
                ratio = f"  {ns / ref:5.2f}x can_ada's time" if not k.startswith("can_ada") else ""
            print(f"  {bench:20} {k:30} {ns:9.1f}{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
