"""weburl.arrow's URL pattern functions against the scalar API (URLPattern.test and .exec) on
every web-platform-tests URLPattern case whose input is a URL string, in every input form,
and their arguments and errors."""

import threading
from typing import Any

import pyarrow as pa
import pytest

import weburl.arrow
from weburl import URLPattern, URLPatternError

from test_pattern import CASES, COMPONENTS, construct, usv


def url_cases() -> list[tuple[int, dict[str, Any]]]:
    """The cases with a pattern that compiles and one URL string to match (with or without a
    base URL string)."""
    out = []
    for i, case in enumerate(CASES):
        inputs = case.get("inputs")
        if case.get("expected_obj") == "error" or not inputs:
            continue
        if not all(isinstance(v, str) for v in inputs) or len(inputs) > 2:
            continue
        if case.get("expected_match") == "error":
            continue
        out.append((i, case))
    return out


URL_CASES = url_cases()


def test_there_are_cases() -> None:
    assert len(URL_CASES) >= 70


def field_names(p: URLPattern, result: dict[str, Any]) -> list[tuple[str, Any]]:
    """(field name, value) of each group of an exec result, as pattern_exec names them."""
    pairs = [(c, name, value) for c in COMPONENTS for name, value in result[c]["groups"].items()]
    shared = {n for _, n, _ in pairs if sum(1 for _, m, _ in pairs if m == n) > 1}
    return [(f"{c}.{n}" if n in shared else n, v) for c, n, v in pairs]


def forms(urls: list[str | None]) -> list[Any]:
    """The input forms: a list, and pyarrow arrays of the three string types, and a chunked array."""
    return [
        urls,
        pa.array(urls, pa.string()),
        pa.array(urls, pa.large_string()),
        pa.array(urls, pa.string_view()),
        pa.chunked_array([pa.array(urls[:1], pa.large_string()), pa.array(urls[1:], pa.large_string())]),
    ]


@pytest.mark.parametrize("case", [c for _, c in URL_CASES], ids=[str(i) for i, _ in URL_CASES])
def test_wpt_case_in_every_form(case: dict[str, Any]) -> None:
    p = construct(case["pattern"])
    url = usv(case["inputs"][0])
    if len(case["inputs"]) == 2:
        # A base URL for the input: pattern_test takes absolute URLs, so resolve it first
        # (a base that does not parse: no match, as exec says).
        base = case["inputs"][1]
        try:
            url = weburl.URL(url, base).href
        except weburl.URLError:
            assert p.exec(case["inputs"][0], base) is None
            return
    expected = p.exec(url)
    want_rows = None if expected is None else dict(field_names(p, expected))
    for urls in forms([url, None, url]):
        assert weburl.arrow.pattern_test(urls, p).to_pylist() == [expected is not None, None, expected is not None]
        rows = weburl.arrow.pattern_exec(urls, p).to_pylist()
        assert rows == [want_rows, None, want_rows]
        for name, value in (want_rows or {}).items():
            assert weburl.arrow.pattern_group(urls, p, name).to_pylist() == [value, None, value]


def test_pattern_arguments() -> None:
    urls = ["https://api.example.com/Books/7", "https://example.org/books/7"]
    assert weburl.arrow.pattern_test(urls, "/books/:id", base="https://api.example.com").to_pylist() == [False, False]
    assert weburl.arrow.pattern_test(
        urls, "/books/:id", base="https://api.example.com", ignore_case=True
    ).to_pylist() == [True, False]
    assert weburl.arrow.pattern_test(urls, {"pathname": "/books/:id"}).to_pylist() == [False, True]
    assert weburl.arrow.pattern_test(urls, URLPattern({"pathname": "/books/:id"}, ignore_case=True)).to_pylist() == [
        True,
        True,
    ]
    result = weburl.arrow.pattern_exec(urls, {"hostname": ":sub.example.com", "pathname": "/:kind/:id"})
    assert result.name == "pattern_exec"
    assert result.to_pylist()[0] == {
        "protocol.0": "https",
        "username.0": "",
        "password.0": "",
        "sub": "api",
        "port.0": "",
        "kind": "Books",
        "id": "7",
        "search.0": "",
        "hash.0": "",
    }
    assert result.to_pylist()[1] is None
    assert pa.array(result).type.field("sub").type == pa.string_view()
    assert weburl.arrow.pattern_group(urls, "https://*.example.com/*", "0").to_pylist() == ["", None]
    assert weburl.arrow.pattern_group(urls, "https://*.example.com/*", "pathname.0").to_pylist() == ["Books/7", None]
    assert weburl.arrow.pattern_group(urls, "https://*.example.com/*", "nope").to_pylist() == [None, None]


def test_pattern_errors() -> None:
    with pytest.raises(URLPatternError, match=r"at byte 23 \(in the pathname\)"):
        weburl.arrow.pattern_test(["https://a/"], "https://example.com/:id(")
    with pytest.raises(ValueError):
        weburl.arrow.pattern_exec(["https://a/"], "/books/:id")
    with pytest.raises(TypeError, match="not to a URLPattern"):
        weburl.arrow.pattern_test(["https://a/"], URLPattern("https://a/*"), ignore_case=True)
    with pytest.raises(TypeError, match="pattern must be"):
        weburl.arrow.pattern_test(["https://a/"], 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not one string"):
        weburl.arrow.pattern_test("https://a/", "https://a/*")  # type: ignore[arg-type]


def test_hostile_rows_and_threads() -> None:
    long = "https://example.com/" + "a/" * 100_000 + "end"
    urls = [long, "", "\x00", "http://[::1", None] * 50
    p = URLPattern("https://example.com/*/:last")
    want = weburl.arrow.pattern_test(urls, p).to_pylist()
    assert want[:5] == [True, False, False, False, None]
    results: list[Any] = []

    def work() -> None:
        results.append(weburl.arrow.pattern_test(urls, p).to_pylist())

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [want] * 4
    assert weburl.arrow.pattern_exec(urls, p).to_pylist()[0]["last"] == "end"


def test_the_docs_table_example_runs() -> None:
    import doctest
    import pathlib
    import re

    page = pathlib.Path(__file__).resolve().parents[3] / "docs" / "URLPATTERN.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    examples = "\n".join(b for b in blocks if "weburl.arrow.pattern" in b)
    assert examples, "docs/URLPATTERN.md has no example of the table functions"
    test = doctest.DocTestParser().get_doctest(examples, {}, "URLPATTERN.md", str(page), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
