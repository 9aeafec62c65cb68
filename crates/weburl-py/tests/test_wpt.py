"""The web-platform-tests URL data, through the Python API."""

from typing import Any

import pytest

import weburl
from weburl import URL, URLError, URLSearchParams

from conftest import wpt

COMPONENTS = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
    "pathname", "search", "hash",
]


def cases(name: str) -> list[dict[str, Any]]:
    return [c for c in wpt(name) if isinstance(c, dict)]


URLTESTDATA = cases("urltestdata.json") + cases("urltestdata-javascript-only.json")


def test_data_is_there() -> None:
    assert len(URLTESTDATA) > 800


@pytest.mark.parametrize("case", URLTESTDATA, ids=lambda c: repr(c["input"])[:60])
def test_urltestdata(case: dict[str, Any]) -> None:
    base = case.get("base")
    if case.get("failure"):
        with pytest.raises(URLError):
            URL(case["input"], base)
        assert URL.parse(case["input"], base) is None
        assert not URL.can_parse(case["input"], base)
        return
    url = URL(case["input"], base)
    for name in COMPONENTS:
        if name in case:
            assert getattr(url, name) == case[name], name
    assert URL.can_parse(case["input"], base)
    parsed = URL.parse(case["input"], base)
    assert parsed is not None and parsed.href == case["href"]
    # The base as a URL object reads the same.
    if base is not None:
        assert URL(case["input"], URL(base)).href == case["href"]


def setter_cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for name in ["setters_tests.json", "url-setters-stripping.json"]:
        for setter, tests in wpt(name).items():
            if setter == "comment":
                continue
            out.extend((setter, t) for t in tests)
    return out


SETTERS = setter_cases()


def test_setter_data_is_there() -> None:
    assert len(SETTERS) > 500


@pytest.mark.parametrize(
    "setter,case", SETTERS, ids=lambda x: x if isinstance(x, str) else repr(x["new_value"])[:40]
)
def test_setters(setter: str, case: dict[str, Any]) -> None:
    url = URL(case["href"])
    setattr(url, setter, case["new_value"])
    for name, value in case["expected"].items():
        assert getattr(url, name) == value, name


def test_href_setter_raises() -> None:
    url = URL("https://example.com/")
    with pytest.raises(URLError):
        url.href = "not a url"
    assert url.href == "https://example.com/"


STATICS = wpt("url-statics.json")


@pytest.mark.parametrize("case", STATICS["canParse"], ids=lambda c: repr(c["url"]))
def test_can_parse(case: dict[str, Any]) -> None:
    assert URL.can_parse(case["url"], case["base"]) is case["expected"]


@pytest.mark.parametrize("case", STATICS["parse"], ids=lambda c: repr(c["url"]))
def test_parse(case: dict[str, Any]) -> None:
    parsed = URL.parse(case["url"], case["base"])
    if case["expected"]:
        assert parsed is not None
        assert parsed.href == URL(case["url"], case["base"]).href
    else:
        assert parsed is None


class Subject:
    """A URLSearchParams under test, and its URL when it is a URL's search_params."""

    def __init__(self, init: dict[str, Any]) -> None:
        self.url: URL | None = None
        if not init:
            self.params = URLSearchParams()
        elif "string" in init:
            self.params = URLSearchParams(init["string"])
        elif "pairs" in init:
            self.params = URLSearchParams([tuple(p) for p in init["pairs"]])
        elif "record" in init:
            # A JS object: a mapping (Python keeps lone-surrogate keys apart; the class
            # must merge them as JavaScript does).
            self.params = URLSearchParams({k: v for k, v in init["record"]})
        elif "url" in init:
            self.url = URL(init["url"])
            self.params = self.url.search_params
        else:
            raise AssertionError(f"unknown init {init}")


def run_step(s: Subject, step: dict[str, Any]) -> None:
    op, args, expect = step["op"], step.get("args", []), step.get("expect")
    p = s.params
    if op == "append":
        p.append(*args)
    elif op == "delete":
        p.delete(*args)
    elif op == "set":
        p.set(*args)
    elif op == "sort":
        p.sort()
    elif op == "set url.search":
        assert s.url is not None
        s.url.search = args[0]
    elif op == "set url.href":
        assert s.url is not None
        s.url.href = args[0]
    elif op == "toString":
        assert str(p) == expect
    elif op == "get":
        assert p.get(*args) == expect
    elif op == "getAll":
        assert p.get_all(*args) == expect
    elif op == "has":
        assert p.has(*args) is expect
    elif op == "size":
        assert len(p) == expect
    elif op == "entries":
        assert list(p) == [tuple(e) for e in expect]
    elif op == "url.href":
        assert s.url is not None and s.url.href == expect
    elif op == "url.search":
        assert s.url is not None and s.url.search == expect
    elif op == "url.search.reparsed":
        assert s.url is not None
        assert list(URLSearchParams(s.url.search)) == [tuple(e) for e in expect]
    else:
        raise AssertionError(f"unknown op {op}")


SEARCH_PARAMS = wpt("urlsearchparams.json")["tests"]


def test_search_params_data_is_there() -> None:
    assert len(SEARCH_PARAMS) > 100


@pytest.mark.parametrize("case", SEARCH_PARAMS, ids=lambda c: c["name"])
def test_urlsearchparams(case: dict[str, Any]) -> None:
    s = Subject(case["init"])
    for step in case["steps"]:
        run_step(s, step)


@pytest.mark.parametrize("case", wpt("urlencoded-parser-data.json"), ids=lambda c: repr(c["input"]))
def test_urlencoded_parser(case: dict[str, Any]) -> None:
    params = URLSearchParams(case["input"])
    assert list(params) == [tuple(p) for p in case["output"]]
    # Through a URL's query as well.
    url = URL("https://example.com/?" + case["input"])
    assert list(url.search_params) == [tuple(p) for p in case["output"]]


def test_join_matches_the_parser(urltestdata: list[dict[str, Any]]) -> None:
    checked = 0
    for case in urltestdata:
        base = case.get("base")
        if base is None or not URL.can_parse(base):
            continue
        if case.get("failure"):
            with pytest.raises(URLError):
                weburl.join(base, case["input"])
        else:
            assert weburl.join(base, case["input"]) == case["href"]
        checked += 1
    assert checked > 300
