#!/usr/bin/env python3
"""Re-records crates/weburl/tests/data/canon/: the answers of Python's w3lib
(`w3lib.url.canonicalize_url` with its default arguments) and of the `surt` package (its
default `surt.surt()`) on the benchmark URL lists, which the Rust test
`crates/weburl/tests/canon_reference.rs` compares with weburl's `w3lib` and `surt` profiles.

Usage (from the repository root; builds the CLI first if WEBURL is not set):

    python3 -m venv target/canon-venv
    target/canon-venv/bin/pip install w3lib==2.5.0 surt==0.3.1
    target/canon-venv/bin/python scripts/record-canon-reference.py

For every line of crates/weburl-bench/data/{isaacs_files,node_files,kasztp,web_links}.txt
(blank lines skipped) the fixture holds one line of four tab-separated fields:

  1. w3lib's answer on the line as it is;
  2. w3lib's answer on the URL Standard's serialization (the href, from `weburl batch`) of the
     line, or `-` when the line is not a URL by the Standard;
  3. surt's answer on the line as it is;
  4. surt's answer on the href, or `-`.

To keep the files small, a field that equals the one it is compared with is written `=`
(field 1: the line itself; field 2: field 1; field 4: field 3), and a call that raised is
written `!` followed by the exception's class name. Answers never hold a tab, a newline, `=`
alone or a leading `!` (w3lib and surt percent-encode or keep what they are given, and no
list line starts with `!`), so the format is unambiguous; the script checks it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import surt as surt_pkg
import w3lib
from surt import surt
from w3lib.url import canonicalize_url

ROOT = Path(__file__).resolve().parent.parent
LISTS = ["isaacs_files", "node_files", "kasztp", "web_links"]
DATA = ROOT / "crates" / "weburl-bench" / "data"
OUT = ROOT / "crates" / "weburl" / "tests" / "data" / "canon"


def lines_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    out = []
    for line in text.split("\n"):
        if line.endswith("\r"):
            line = line[:-1]
        if line:
            out.append(line)
    return out


def weburl_binary() -> str:
    if "WEBURL" in os.environ:
        return os.environ["WEBURL"]
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    subprocess.run(
        ["cargo", "build", "--release", "-p", "weburl-cli"], cwd=ROOT, check=True
    )
    return str(Path(target) / "release" / "weburl")


def hrefs(binary: str, lines: list[str]) -> list[str | None]:
    requests = "".join(
        json.dumps({"op": "parse", "input": line}) + "\n" for line in lines
    )
    done = subprocess.run(
        [binary, "batch"], input=requests.encode(), capture_output=True, check=True
    )
    answers = done.stdout.decode().splitlines()
    assert len(answers) == len(lines)
    return [json.loads(a).get("href") for a in answers]


def call(function, url: str) -> str:
    try:
        answer = function(url)
    except Exception as e:  # noqa: BLE001 - recorded as data
        return "!" + type(e).__name__
    assert "\t" not in answer and "\n" not in answer, (url, answer)
    assert answer != "=" and not answer.startswith(("!", "-")) or answer == "-", answer
    return answer


def same_as(answer: str, other: str) -> str:
    return "=" if answer == other else answer


def main() -> None:
    binary = weburl_binary()
    OUT.mkdir(parents=True, exist_ok=True)
    for name in LISTS:
        lines = lines_of(DATA / f"{name}.txt")
        out = []
        for line, href in zip(lines, hrefs(binary, lines)):
            w_raw = call(canonicalize_url, line)
            s_raw = call(surt, line)
            if href is None:
                w_href = s_href = "-"
            else:
                w_href = same_as(call(canonicalize_url, href), w_raw)
                s_href = same_as(call(surt, href), s_raw)
            out.append("\t".join([same_as(w_raw, line), w_href, s_raw, s_href]))
        (OUT / f"{name}.tsv").write_text("\n".join(out) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} lines", file=sys.stderr)
    versions = {
        "w3lib": w3lib.__version__,
        "surt": getattr(surt_pkg, "__version__", None) or version_of("surt"),
        "python": sys.version.split()[0],
    }
    (OUT / "versions.json").write_text(json.dumps(versions, indent=2) + "\n")


def version_of(package: str) -> str:
    from importlib.metadata import version

    return version(package)


if __name__ == "__main__":
    main()
