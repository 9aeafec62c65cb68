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
and of crates/weburl/tests/data/canon/edge_cases.txt (URLs written here to reach each rule
of both packages; blank lines skipped) the fixture holds one line of four tab-separated fields:

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

With W3LIB_TESTS and SURT_TESTS set to the paths of w3lib's tests/test_url.py and surt's
tests/test_surt.py (checkouts of https://github.com/scrapy/w3lib and
https://github.com/internetarchive/surt at the commits named in versions.json), it also
re-records w3lib-tests.json and surt-tests.json: every URL those test files pass to
`canonicalize_url` (in class TestCanonicalizeUrl, parametrized ones included) or to
`surt()` / `handyurl.parse()`, with the package's answer with default arguments on the URL
and on its href.
"""

from __future__ import annotations

import ast
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
    for name in LISTS + ["edge_cases"]:
        lines = lines_of((OUT if name == "edge_cases" else DATA) / f"{name}.txt")
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
    if "W3LIB_TESTS" in os.environ:
        inputs = test_inputs(
            Path(os.environ["W3LIB_TESTS"]), {"canonicalize_url"}, "TestCanonicalizeUrl"
        )
        record_tests(binary, "w3lib-tests", inputs, canonicalize_url, W3LIB_SOURCE)
    if "SURT_TESTS" in os.environ:
        inputs = test_inputs(
            Path(os.environ["SURT_TESTS"]), {"surt.surt", "surt", "handyurl.parse"}, None
        )
        record_tests(binary, "surt-tests", inputs, surt, SURT_SOURCE)


W3LIB_SOURCE = {
    "repository": "https://github.com/scrapy/w3lib",
    "commit": "ed01dc04608336967356417f472a691b82bcfbe4",
    "path": "tests/test_url.py (class TestCanonicalizeUrl)",
    "license": "BSD-3-Clause (Copyright (c) w3lib and Scrapy developers)",
    "note": "the URLs the tests canonicalize; answers recorded from w3lib (versions.json) with default arguments",
}
SURT_SOURCE = {
    "repository": "https://github.com/internetarchive/surt",
    "commit": "6934c321b3e2f66af9c001d882475949f00570c5",
    "path": "tests/test_surt.py",
    "license": "AGPL-3.0 (Copyright (c) 2012-2013 Internet Archive); only the test URLs are carried over, as data",
    "note": "the URLs the tests pass to surt() and handyurl.parse(); answers recorded from surt (versions.json) with default arguments",
}


def test_inputs(path: Path, functions: set[str], within: str | None) -> list[str]:
    """The string (or UTF-8 bytes) literals a test file passes as the first argument of one
    of `functions`, or lists in `pytest.mark.parametrize` (in class `within`, if given)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = [
        node
        for node in ast.walk(tree)
        if within is None or (isinstance(node, ast.ClassDef) and node.name == within)
    ]
    found: list[str] = []

    def literal(node: ast.AST) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Constant) and isinstance(node.value, bytes):
            try:
                return node.value.decode("utf-8")
            except UnicodeDecodeError:
                return None
        return None

    def name_of(func: ast.AST) -> str:
        if isinstance(func, ast.Attribute):
            return func.attr if not isinstance(func.value, ast.Name) else f"{func.value.id}.{func.attr}"
        return func.id if isinstance(func, ast.Name) else ""

    for root in roots if within else [tree]:
        for node in ast.walk(root):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = name_of(node.func)
            if name in functions:
                value = literal(node.args[0])
            elif name in ("pytest.param",) and within:
                value = literal(node.args[0])
            elif name.endswith("parametrize") and len(node.args) > 1 and isinstance(node.args[1], ast.List):
                for element in node.args[1].elts:
                    value = literal(element)
                    if value is not None and value not in found:
                        found.append(value)
                continue
            else:
                continue
            if value is not None and value not in found:
                found.append(value)
    return found


def record_tests(binary: str, name: str, inputs: list[str], function, source: dict) -> None:
    cases = []
    for url, href in zip(inputs, hrefs(binary, inputs)):
        cases.append(
            {
                "input": url,
                "answer": call_json(function, url),
                "href": href,
                "href_answer": None if href is None else call_json(function, href),
            }
        )
    document = {"source": source, "cases": cases}
    (OUT / f"{name}.json").write_text(
        json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"{name}: {len(cases)} cases", file=sys.stderr)


def call_json(function, url: str) -> dict:
    try:
        return {"ok": function(url)}
    except Exception as e:  # noqa: BLE001 - recorded as data
        return {"raised": type(e).__name__}


def version_of(package: str) -> str:
    from importlib.metadata import version

    return version(package)


if __name__ == "__main__":
    main()
