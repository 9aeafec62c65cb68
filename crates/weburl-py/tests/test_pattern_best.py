"""URLPatternSet.best_match: the most specific pattern that matches, against an oracle made of
matches() and URLPattern.compare_component over URLPatternSet.best_match_order()."""

import functools
import itertools

from weburl import URL, URLPattern, URLPatternSet

PATTERNS = [
    {"pathname": "/*"},
    {"pathname": "/books/*"},
    {"pathname": "/books/:id"},
    {"pathname": "/books/new"},
    {"pathname": "/:lang(en|fr)/books"},
    {"pathname": "/:section/books"},
    {"hostname": "admin.example.com"},
    {"hostname": "*.example.com", "pathname": "/books/new"},
    {"hostname": "{:sub.}?example.com", "pathname": "/books/:id"},
    {"pathname": "/a/:x"},
    {"pathname": "/a/:y"},
    {"search": "q=:q", "pathname": "/books/*"},
]

URLS = [
    "https://example.com/books/new",
    "https://example.com/books/7",
    "https://example.com/books/7/pages",
    "https://example.com/books/7?q=1",
    "https://example.com/fr/books",
    "https://example.com/de/books",
    "https://www.example.com/books/new",
    "https://admin.example.com/books/new",
    "https://example.org/books/7",
    "https://example.org/a/b",
    "not a url",
]


def specificity(left: URLPattern, right: URLPattern) -> int:
    """compare_component on each component of best_match_order() in turn (1: left is more
    specific)."""
    for component in URLPatternSet.best_match_order():
        order = URLPattern.compare_component(component, left, right)
        if order != 0:
            return order
    return 0


def test_best_match_equals_the_oracle_in_every_insertion_order() -> None:
    compiled = [URLPattern(p) for p in PATTERNS]  # type: ignore[arg-type]
    # The order is a total preorder over these patterns: antisymmetric and transitive.
    for a, b in itertools.product(compiled, repeat=2):
        assert specificity(a, b) == -specificity(b, a)
        for c in compiled:
            if specificity(a, b) >= 0 and specificity(b, c) >= 0:
                assert specificity(a, c) >= 0
    for turn in range(len(PATTERNS)):
        order = list(range(len(PATTERNS)))[turn:] + list(range(len(PATTERNS)))[:turn]
        routes: URLPatternSet[int] = URLPatternSet()
        for i in order:
            routes.add(PATTERNS[i], i)  # type: ignore[arg-type]
        for url in URLS:
            matched = [v for v, _ in routes.matches(url)]
            # Most specific first, then the earliest added (sorted() is stable).
            key = functools.cmp_to_key(lambda l, r: specificity(compiled[r], compiled[l]))
            want = sorted(matched, key=key)[0] if matched else None
            got = routes.best_match(url)
            if want is None:
                assert got is None, url
                continue
            assert got is not None and got[0] == want, (url, turn, got)
            assert got[1] == compiled[want].exec(url), url
            parsed = URL(url)
            again = routes.best_match(parsed)
            assert again is not None and again[0] == want
            scheme_host, path = url.split("/", 3)[2], url.split("/", 3)[3]
            relative = routes.best_match("/" + path, base="https://" + scheme_host)
            assert relative is not None and relative[0] == want


def test_best_match_examples() -> None:
    routes: URLPatternSet[str] = URLPatternSet()
    for name, p in [
        ("any", "https://example.com/*"),
        ("book", "https://example.com/books/:id"),
        ("new", "https://example.com/books/new"),
        ("lang", "https://example.com/:lang(en|fr)/books"),
    ]:
        routes.add(p, name)
    best = routes.best_match("https://example.com/books/new")
    assert best is not None and best[0] == "new"
    first = routes.first_match("https://example.com/books/new")
    assert first is not None and first[0] == "any"
    best = routes.best_match("https://example.com/en/books")
    assert best is not None and best[0] == "lang"
    assert best[1]["pathname"]["groups"] == {"lang": "en"}
    assert routes.best_match("https://example.org/") is None
