"""URLPattern.compare_component and URLPattern.generate through Python: every case of
web-platform-tests' urlpattern-compare-test-data.json (the four assertions
urlpattern-compare.tentative.any.js makes of each) and urlpattern-generate-test-data.json
(urlpattern-generate.tentative.any.js), with no skip list."""

from collections import OrderedDict
from typing import Any

import pytest

from weburl import URLPattern, URLPatternError

from conftest import wpt

COMPARE = wpt("urlpattern-compare-test-data.json")
GENERATE = wpt("urlpattern-generate-test-data.json")


def test_every_compare_case() -> None:
    failures = []
    ran = 0
    for entry in COMPARE:
        left, right = URLPattern(entry["left"]), URLPattern(entry["right"])
        component, expected = entry["component"], entry["expected"]
        for lhs, rhs, want in [(left, right, expected), (right, left, -expected), (left, left, 0), (right, right, 0)]:
            got = URLPattern.compare_component(component, lhs, rhs)
            if got != want or type(got) is not int:
                failures.append(f"{entry}: compare({lhs!r}, {rhs!r}) = {got!r}, want {want}")
        ran += 1
    assert not failures, "\n".join(failures)
    assert ran == len(COMPARE) == 25


def test_every_generate_case() -> None:
    failures = []
    ran = 0
    for entry in GENERATE:
        pattern = URLPattern(entry["pattern"])
        expected = entry["expected"]
        try:
            got: str | None = pattern.generate(entry["component"], entry["groups"])
        except URLPatternError:
            got = None
        if got != expected:
            failures.append(f"{entry}: got {got!r}")
        ran += 1
    assert not failures, "\n".join(failures)
    assert ran == len(GENERATE) == 19


def test_errors_are_url_pattern_errors() -> None:
    p = URLPattern({"pathname": "/:foo"})
    with pytest.raises(URLPatternError, match='unknown URLPattern component "host"'):
        URLPattern.compare_component("host", p, p)
    with pytest.raises(ValueError, match='unknown URLPattern component "invalid"'):
        p.generate("invalid", {})
    with pytest.raises(URLPatternError, match='no value for the pathname group "foo"'):
        p.generate("pathname", {})
    with pytest.raises(URLPatternError, match="does not match the pathname group"):
        p.generate("pathname", {"foo": "bar/baz"})
    with pytest.raises(URLPatternError, match="full wildcard"):
        URLPattern({"pathname": "/*"}).generate("pathname", {})


def test_argument_types() -> None:
    p = URLPattern({"pathname": "/:foo"})
    with pytest.raises(TypeError):
        p.generate("pathname", [("foo", "x")])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match='the value of group "foo" must be str, not int'):
        p.generate("pathname", {"foo": 1})  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        p.generate(1, {"foo": "x"})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        URLPattern.compare_component("pathname", p, "/a")  # type: ignore[arg-type]
    # Any mapping; names the component has no group for are ignored; a lone surrogate is
    # U+FFFD, as in a JavaScript string.
    assert p.generate("pathname", OrderedDict(foo="x", other="y")) == "/x"
    assert p.generate("pathname", {"foo": "\ud800"}) == "/%EF%BF%BD"


def test_strict() -> None:
    files = URLPattern("app://example/files/:name")
    assert files.generate("pathname", {"name": "a/../b"}) == "/files/a/../b"
    for hostile in ["a/../b", "..", "%2e%2E", "a%2fb", "a\\b"]:
        with pytest.raises(URLPatternError, match="would change the URL's structure"):
            files.generate("pathname", {"name": hostile}, strict=True)
    search = URLPattern("https://example.com/find?q=:q")
    assert search.generate("search", {"q": "a&admin=1"}) == "q=a&admin=1"
    with pytest.raises(URLPatternError):
        search.generate("search", {"q": "a&admin=1"}, strict=True)
    assert search.generate("search", {"q": "rust url"}, strict=True) == "q=rust%20url"


def test_compare_sorts_routes() -> None:
    import functools

    routes = [URLPattern({"pathname": p}) for p in ["/*", "/books/:id", "/books/new", "/books/:id/*"]]
    def most_specific_first(a: URLPattern, b: URLPattern) -> int:
        return URLPattern.compare_component("pathname", b, a)

    key = functools.cmp_to_key(most_specific_first)
    assert [r.pathname for r in sorted(routes, key=key)] == ["/books/new", "/books/:id", "/books/:id/*", "/*"]


def test_wpt_entries_are_dicts() -> None:
    entries: list[Any] = [*COMPARE, *GENERATE]
    assert all(isinstance(e, dict) for e in entries)


def test_the_docs_examples_run() -> None:
    import doctest
    import pathlib
    import re

    page = pathlib.Path(__file__).resolve().parents[3] / "docs" / "URLPATTERN.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    examples = [b for b in blocks if "compare_component" in b or ".generate(" in b]
    assert len(examples) == 2, "docs/URLPATTERN.md's examples of compare_component and generate"
    test = doctest.DocTestParser().get_doctest("\n".join(examples), {}, "URLPATTERN.md", str(page), 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 0
