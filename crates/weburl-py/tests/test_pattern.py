"""URL patterns through Python: every web-platform-tests URLPattern case (no skip list),
read as WPT's urlpattern/resources/urlpatterntests.js reads them, and URLPatternSet."""

import threading
from typing import Any

import pytest

import weburl
from weburl import URL, URLPattern, URLPatternError, URLPatternSet

from conftest import wpt

COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]

#: For each component, the ones before it that make WPT expect "*" when an init sets them.
EARLIER = {
    "protocol": [],
    "username": [],
    "password": [],
    "hostname": ["protocol"],
    "port": ["protocol", "hostname"],
    "pathname": ["protocol", "hostname", "port"],
    "search": ["protocol", "hostname", "port", "pathname"],
    "hash": ["protocol", "hostname", "port", "pathname", "search"],
}

CASES = [c for c in wpt("urlpatterntestdata.json") if isinstance(c, dict)]
HAS_REGEXP_GROUPS = [c for c in wpt("urlpattern-hasregexpgroups.json") if isinstance(c, dict)]


def test_data_is_there() -> None:
    assert len(CASES) == 369
    assert len(HAS_REGEXP_GROUPS) > 50


def construct(args: list[Any]) -> URLPattern:
    """``new URLPattern(...args)``: [input], [input, base], [input, options], [input, base, options]."""
    if not args:
        return URLPattern()
    input, rest = args[0], args[1:]
    # JavaScript's overloads: (input, baseURL, options) or (input, options); with three
    # arguments the second is the base URL whatever it is (a dict there raises TypeError).
    base: Any = None
    options: dict[str, Any] = {}
    if len(rest) == 2:
        base, options = rest
    elif len(rest) == 1 and isinstance(rest[0], str):
        base = rest[0]
    elif len(rest) == 1:
        options = rest[0]
    if not isinstance(options, dict):
        # JavaScript's conversion of the options argument throws a TypeError.
        raise TypeError(f"the options argument must be a dict, not {type(options).__name__}")
    return URLPattern(input, base, ignore_case=bool(options.get("ignoreCase", False)))


def usv(s: str) -> str:
    """A JavaScript string as a USVString: lone surrogates become U+FFFD."""
    return s.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def expected_component(case: dict[str, Any], name: str) -> str:
    """WPT's rules for a component the case's expected_obj leaves out."""
    expected = case.get("expected_obj") or {}
    if name in expected:
        return str(expected[name])
    if name in case.get("exactly_empty_components", []):
        return ""
    init = case["pattern"][0] if case["pattern"] and isinstance(case["pattern"][0], dict) else None
    if init is not None and init.get(name):
        return str(init[name])
    if init is not None and any(e in init for e in EARLIER[name]):
        return "*"
    base = None
    if len(case["pattern"]) > 1 and isinstance(case["pattern"][1], str):
        base = case["pattern"][1]
    elif init is not None and "baseURL" in init:
        base = init["baseURL"]
    if base is not None and name not in ("username", "password"):
        value = str(getattr(URL(base), name))
        if name == "protocol":
            return value[:-1]
        if name in ("search", "hash"):
            return value[1:]
        return value
    return "*"


def component_result(case: dict[str, Any], name: str) -> dict[str, Any]:
    expected = case["expected_match"]
    if name in expected:
        return {"input": usv(expected[name]["input"]), "groups": expected[name]["groups"]}
    if name in case.get("exactly_empty_components", []):
        return {"input": "", "groups": {}}
    return {"input": "", "groups": {"0": ""}}


@pytest.mark.parametrize("case", CASES, ids=[f"{i}" for i in range(len(CASES))])
def test_urlpatterntestdata(case: dict[str, Any]) -> None:
    if case.get("expected_obj") == "error":
        with pytest.raises((URLPatternError, TypeError)):
            construct(case["pattern"])
        return
    pattern = construct(case["pattern"])
    for name in COMPONENTS:
        assert getattr(pattern, name) == usv(expected_component(case, name)), name
    assert isinstance(pattern.has_regexp_groups, bool)
    if "inputs" not in case:
        return
    inputs = case["inputs"]
    if case.get("expected_match") == "error":
        with pytest.raises(TypeError):
            pattern.exec(*inputs)
        with pytest.raises(TypeError):
            pattern.test(*inputs)
        return
    result = pattern.exec(*inputs)
    assert pattern.test(*inputs) == (case.get("expected_match") is not None)
    if case.get("expected_match") is None:
        assert result is None
        return
    assert result is not None
    for name in COMPONENTS:
        got = dict(result[name])  # type: ignore[literal-required]
        assert got == component_result(case, name), name
    # `inputs` echoes exec()'s arguments, as JavaScript's result does.
    expected_inputs = case["expected_match"].get("inputs", inputs)
    assert result["inputs"] == (expected_inputs if expected_inputs else [{}])


@pytest.mark.parametrize("case", HAS_REGEXP_GROUPS, ids=lambda c: repr(c["pattern"])[:60])
def test_has_regexp_groups(case: dict[str, Any]) -> None:
    assert construct(case["pattern"]).has_regexp_groups is case["has_regexp_groups"]


def test_errors_are_value_errors() -> None:
    assert issubclass(URLPatternError, ValueError)
    with pytest.raises(ValueError):
        URLPattern("https://example.com/:id(")
    with pytest.raises(TypeError):
        URLPattern({"pathname": "/a"}, "https://example.com")
    # Other keys are ignored, as in JavaScript.
    assert URLPattern({"path": "/a"}).pathname == "*"  # type: ignore[typeddict-unknown-key]
    with pytest.raises(TypeError):
        URLPattern({"pathname": 1})  # type: ignore[typeddict-item]
    with pytest.raises(TypeError):
        URLPattern(42)


def test_urls_and_bases() -> None:
    p = URLPattern({"pathname": "/books/:id"})
    url = URL("https://example.com/books/7")
    m = p.exec(url)
    assert m is not None and m["pathname"]["groups"] == {"id": "7"}
    assert p.test("/books/8", "https://example.com")
    assert p.test("books/9", URL("https://example.com/"))
    assert not p.test("https://exa mple.com/books/1")
    assert not p.test("/books/1", "not a base")


def test_repr_hides_the_password() -> None:
    p = URLPattern({"username": "me", "password": "secret", "hostname": "example.com"})
    assert "secret" not in repr(p)
    assert repr(p).startswith("URLPattern(")


def test_set_matches_as_each_pattern_does() -> None:
    patterns = [
        {"pathname": "/books/:id"},
        {"pathname": "/books/new"},
        {"hostname": "{:sub.}?example.com", "pathname": "/*"},
        "https://*.example.org/:a/:b",
        {"pathname": "/:lang(en|fr)/*"},
    ]
    urls = [
        "https://example.com/books/7",
        "https://example.com/books/new",
        "https://api.example.com/x",
        "https://a.example.org/x/y",
        "https://example.net/fr/docs",
        "https://example.net/de/docs",
        "not a url",
    ]
    routes: URLPatternSet[int] = URLPatternSet()
    compiled = []
    for i, p in enumerate(patterns):
        routes.add(p, i)
        compiled.append(URLPattern(p))
    assert len(routes) == len(patterns)
    for url in urls:
        each = [(i, p.exec(url)) for i, p in enumerate(compiled)]
        want = [(i, m) for i, m in each if m is not None]
        got = routes.matches(url)
        assert [(v, m["pathname"]) for v, m in got] == [(i, m["pathname"]) for i, m in want], url
        first = routes.first_match(url)
        if want:
            assert first is not None and first[0] == want[0][0]
        else:
            assert first is None


def test_threads_share_a_pattern() -> None:
    p = URLPattern("https://*.example.com/items/:id")
    errors: list[str] = []

    def work(n: int) -> None:
        for i in range(500):
            m = p.exec(f"https://t{n}.example.com/items/{i}")
            if m is None or m["pathname"]["groups"]["id"] != str(i):
                errors.append(f"{n} {i}")

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_hostile_inputs_are_refused_or_answered() -> None:
    long_path = "/a" * 200_000
    p = URLPattern({"pathname": "/:x*"})
    assert p.test("https://example.com" + long_path)
    with pytest.raises(URLPatternError):
        URLPattern({"pathname": "(" * 10_000})


def test_hostile_sizes_in_patterns_and_sets() -> None:
    # Megabyte patterns and URLs, a set of many routes, an init dict of many unknown keys:
    # each finishes with the right answer (no timing asserted).
    mb = 1 << 20
    long = "a" * mb
    p = URLPattern(f"https://example.com/{long}/:id")
    found = p.exec(f"https://example.com/{long}/7")
    assert found is not None and found["pathname"]["groups"] == {"id": "7"}
    assert not p.test(f"https://example.com/{long}b/7")
    init: dict[str, str] = {f"x{i}": "1" for i in range(100_000)}
    init["pathname"] = "/a/:b"
    assert URLPattern(init).test("https://example.com/a/c")  # type: ignore[arg-type]
    routes: URLPatternSet[int] = URLPatternSet()
    for i in range(5_000):
        routes.add(f"https://example.com/api/v{i % 10}/r{i}/:id", i)
    routes.add(f"https://example.com/{long}/*", -1)
    routes.add("https://example.com/*", -2)
    hit = routes.first_match("https://example.com/api/v9/r4999/x")
    assert hit is not None and hit[0] == 4999
    url = f"https://example.com/{long}/" + "b/" * mb
    assert [v for v, _ in routes.matches(url)] == [-1, -2]


def test_module_exports() -> None:
    for name in ["URLPattern", "URLPatternSet", "URLPatternError"]:
        assert name in weburl.__all__


REGEXP = "https://example.com/:id(\\d+)"


def test_untrusted_refuses_regexp_groups() -> None:
    assert URLPattern(REGEXP).has_regexp_groups
    kwargs: dict[str, bool]
    for kwargs, named in [
        ({"untrusted": True}, "(untrusted=True)"),
        ({"regexp_groups": False}, "(regexp_groups=False)"),
    ]:
        with pytest.raises(URLPatternError) as info:
            URLPattern(REGEXP, **kwargs)
        assert str(info.value) == (
            "the pathname pattern has a custom regexp group, which the limits refuse " + named
        )
        with pytest.raises(URLPatternError, match="the search pattern"):
            URLPattern({"search": "q=(a|b)"}, **kwargs)
    # regexp_groups=True overrides what untrusted sets; patterns without one pass.
    assert URLPattern(REGEXP, untrusted=True, regexp_groups=True).test("https://example.com/7")
    assert URLPattern("https://example.com/:id", untrusted=True).test("https://example.com/7")


def test_untrusted_refuses_long_patterns() -> None:
    long = "https://example.com/" + "a" * 9000
    with pytest.raises(URLPatternError, match=r"the limit is 8192 \(untrusted=True\)$"):
        URLPattern(long, untrusted=True)
    assert URLPattern(long, untrusted=True, max_pattern_length=10_000).pathname == "/" + "a" * 9000
    # The base URL counts, and so does every string of an init dict.
    with pytest.raises(URLPatternError, match=r"is 25 bytes long; the limit is 20 \(max_pattern_length=20\)"):
        URLPattern("/books/:id", "https://e.x/abc", max_pattern_length=20)
    with pytest.raises(URLPatternError, match=r"the limit is 4 \(max_pattern_length=4\)$"):
        URLPattern({"pathname": "/a", "hostname": "e.x"}, max_pattern_length=4)
    assert URLPattern({"pathname": "/a", "hostname": "e.x"}, max_pattern_length=5).hostname == "e.x"
    with pytest.raises(OverflowError):
        URLPattern("https://e.x/", max_pattern_length=-1)


def test_regexp_step_budget() -> None:
    # A lookahead with nested quantifiers runs on the bounded backtracking matcher: a URL
    # that exhausts its step budget raises URLPatternError (a ValueError) from test and exec,
    # naming the component and the budget; the next URL is answered.
    slow = "https://e.com/:x((?=a)(?:a*)*b)"
    hostile = "https://e.com/" + "a" * 20_000
    message = (
        "the pathname's custom regexp groups exhausted their budget of {} steps "
        "(max_regexp_steps) without an answer"
    )
    p = URLPattern(slow, max_regexp_steps=100_000)
    for call in (p.test, p.exec):
        with pytest.raises(URLPatternError) as info:
            call(hostile)
        assert str(info.value) == message.format(100000)
        assert info.value.component == "pathname"
        assert isinstance(info.value, ValueError)
    with pytest.raises(URLPatternError, match="budget of 100000 steps"):
        p.test(URL(hostile))
    m = p.exec("https://e.com/aab")
    assert m is not None and m["pathname"]["groups"] == {"x": "aab"}
    # The default budget (10,000,000 steps) ends too.
    with pytest.raises(URLPatternError, match="budget of 10000000 steps"):
        URLPattern(slow).test(hostile)
    # untrusted=True's budget, once regexp groups are allowed again.
    with pytest.raises(URLPatternError, match="budget of 1000000 steps"):
        URLPattern(slow, untrusted=True, regexp_groups=True, max_pattern_length=None).test(hostile)
    # backtracking_regexps=False refuses the pattern, and names itself; a linear one passes.
    with pytest.raises(URLPatternError) as refused:
        URLPattern(slow, backtracking_regexps=False)
    assert str(refused.value) == (
        "the pathname pattern has a custom regexp group, which the limits refuse: it needs "
        "backtracking (lookaround, a backreference...) (backtracking_regexps=False)"
    )
    assert URLPattern("https://e.com/:x(a+b)", backtracking_regexps=False).test("https://e.com/ab")
    # The set's lookups raise the same way when a candidate could not answer.
    routes: URLPatternSet[str] = URLPatternSet(max_regexp_steps=1000)
    routes.add(slow, "slow")
    routes.add("https://e.com/*", "any")
    for lookup in (routes.first_match, routes.best_match, routes.matches):
        with pytest.raises(URLPatternError, match="budget of 1000 steps"):
            lookup("https://e.com/" + "a" * 40)
    found = routes.first_match("https://e.com/ab")
    assert found is not None and found[0] == "slow"
    with pytest.raises(OverflowError):
        URLPattern(slow, max_regexp_steps=-1)


def test_set_limits() -> None:
    routes: URLPatternSet[str] = URLPatternSet(untrusted=True)
    routes.add({"pathname": "/books/:id"}, "book")
    with pytest.raises(URLPatternError, match=r"refuse \(untrusted=True\)"):
        routes.add({"pathname": "/:lang(en|fr)/*"}, "docs")
    # A URLPattern built without limits is refused when it has a regexp group.
    with pytest.raises(URLPatternError, match=r"regexp group.*\(untrusted=True\)"):
        routes.add(URLPattern(REGEXP), "regexp")
    with pytest.raises(URLPatternError, match="max_pattern_length=10"):
        URLPatternSet(max_pattern_length=10).add("https://example.com/*", "x")
    assert len(routes) == 1
    found = routes.first_match("https://example.com/books/7")
    assert found is not None and found[1]["pathname"]["groups"] == {"id": "7"}


def test_every_wpt_regexp_case_is_refused_under_untrusted() -> None:
    refused = 0
    for case in HAS_REGEXP_GROUPS:
        (pattern,) = case["pattern"]
        if case["has_regexp_groups"]:
            with pytest.raises(URLPatternError, match="custom regexp group.*untrusted=True"):
                URLPattern(pattern, untrusted=True)
            refused += 1
        else:
            try:
                plain = URLPattern(pattern)
            except URLPatternError:
                continue
            assert URLPattern(pattern, untrusted=True).pathname == plain.pathname
    assert refused > 20


#: (pattern, component, offset): the offset is a str index into the pattern as written.
OFFSETS = [
    ("https://example.com/(", "pathname", 20),
    ("https://example.com/:a/:a", "pathname", 23),
    ("https://example.com/a?q=:x(", "search", 26),
    ("https://é.example/:a(", "pathname", 20),  # é is one str index, two bytes
    ({"search": "q=:x("}, "search", 4),  # an init dict: in the member's own str
    ({"pathname": "/é/:a("}, "pathname", 5),
]


@pytest.mark.parametrize("pattern,component,offset", OFFSETS)
def test_error_offsets_count_from_the_pattern_as_written(pattern: Any, component: str, offset: int) -> None:
    with pytest.raises(URLPatternError) as refused:
        URLPattern(pattern)
    e = refused.value
    assert (e.component, e.offset, e.needs_base) == (component, offset, False)
    text = pattern if isinstance(pattern, str) else pattern[component]
    assert text[offset] in "(:"


def test_a_relative_pattern_names_the_base_argument() -> None:
    with pytest.raises(URLPatternError) as refused:
        URLPattern("/books/:id")
    assert str(refused.value) == (
        "a pattern string without a protocol needs a base URL: give the base argument, or use an init dict"
    )
    assert refused.value.needs_base and refused.value.offset is None and refused.value.component is None
    assert URLPattern("/books/:id", "https://example.com").pathname == "/books/:id"


def test_a_dot_segment_never_widens_a_pathname() -> None:
    for pattern in ["https://e.com/:a-b/../c", "https://e.com/*.html/..", {"pathname": "/:a/../b"}]:
        with pytest.raises(URLPatternError, match="the canonical pattern would match URLs") as refused:
            URLPattern(pattern)  # type: ignore[arg-type]
        assert refused.value.component == "pathname"
    assert URLPattern("https://e.com/a/../b").pathname == "/b"


def test_data_functions_refuse_unknown_init_keys() -> None:
    import weburl.arrow

    with pytest.raises(URLPatternError, match="unknown key 'path'"):
        weburl.arrow.pattern_test(["https://e.com/x"], {"path": "/x"})  # type: ignore[typeddict-unknown-key]
    assert weburl.arrow.pattern_test(["https://e.com/x"], {"pathname": "/x"}).to_pylist() == [True]
