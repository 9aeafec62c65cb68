#!/usr/bin/env python3
"""How often a `weburl normalize` run gives the answer Python's w3lib (`canonicalize_url`) or
the `surt` package gives on the raw line, over the URLs both accept, from the answers recorded
in crates/weburl/tests/data/canon/ (see scripts/record-canon-reference.py).

    python3 scripts/canon-agreement.py WEBURL_BINARY w3lib -- --profile w3lib
    python3 scripts/canon-agreement.py WEBURL_BINARY w3lib -- --profile dedup   # before
    python3 scripts/canon-agreement.py WEBURL_BINARY surt -- --surt

The arguments after `--` are given to `weburl normalize`; the lines are given one per line on
standard input, only those the URL Standard accepts (a `weburl batch` parse decides).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "crates" / "weburl-bench" / "data"
CANON = ROOT / "crates" / "weburl" / "tests" / "data" / "canon"
LISTS = ["isaacs_files", "node_files", "kasztp", "web_links"]


def lines_of(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").split("\n"):
        line = line[:-1] if line.endswith("\r") else line
        if line:
            out.append(line)
    return out


def main() -> None:
    binary, package = sys.argv[1], sys.argv[2]
    flags = sys.argv[sys.argv.index("--") + 1 :]
    column = 0 if package == "w3lib" else 2
    total = agree = 0
    for name in LISTS:
        lines = lines_of(DATA / f"{name}.txt")
        rows = (CANON / f"{name}.tsv").read_text(encoding="utf-8").split("\n")[:-1]
        both = []
        for line, row in zip(lines, rows):
            fields = row.split("\t")
            if fields[1] == "-" or fields[column].startswith("!"):
                continue
            raw = line if fields[column] == "=" else fields[column]
            both.append((line, raw))
        stdin = "".join(line + "\n" for line, _ in both)
        done = subprocess.run(
            [binary, "normalize", *flags, "-"], input=stdin.encode(), capture_output=True, check=False
        )
        answers = done.stdout.decode().split("\n")[:-1]
        assert len(answers) == len(both), (name, len(answers), len(both), done.stderr[:300])
        hits = sum(1 for (_, raw), ours in zip(both, answers) if raw == ours)
        print(f"{name}: {hits} of {len(both)} ({100 * hits / len(both):.2f}%)")
        total += len(both)
        agree += hits
    print(f"all lists: {agree} of {total} ({100 * agree / total:.2f}%)")


if __name__ == "__main__":
    main()
