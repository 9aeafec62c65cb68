"""``url_pattern_generate(pattern, component, groups [, pattern_base] [, strict] [, untrusted])``
in DuckDB SQL against the web-platform-tests generate data: one check for every DuckDB
surface (``weburl.duckdb.register`` in test_duckdb.py, the native extension in
crates/weburl-duckdb/tests/test_extension.py), and the rows the Polars method
``url.pattern_generate`` is checked on in test_polars.py, so that all are held to the same
answers on the same rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "weburl" / "tests" / "data" / "wpt" / "urlpattern-generate-test-data.json"


def cases() -> list[tuple[str, str, str, str | None]]:
    """Every WPT generate case as (pattern, component, groups, expected): the pattern a
    constructor string or an init object's JSON text, the groups a JSON object's text; but the
    one whose component is no component's name (an error: :func:`check_generate`)."""
    out = []
    for case in json.loads(DATA.read_text(encoding="utf-8")):
        if case["component"] == "invalid":
            continue
        pattern = case["pattern"] if isinstance(case["pattern"], str) else json.dumps(case["pattern"])
        out.append((pattern, case["component"], json.dumps(case["groups"]), case["expected"]))
    return out


#: A pathname group whose value would add a dot segment: generate builds it, strict refuses.
STRICT: list[tuple[str, str, str, str | None, str | None]] = [
    ("app://example/files/:name", "pathname", '{"name": "../x"}', "/files/../x", None),
    ("app://example/files/:name", "pathname", '{"name": "a.txt"}', "/files/a.txt", "/files/a.txt"),
    ("https://example.com/search?q=:q", "search", '{"q": "a&admin=1"}', "q=a&admin=1", None),
]


def literal(value: str | bool | None) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return str(value).lower()
    return "'" + value.replace("'", "''") + "'"


def column(con: Any, sql: str) -> list[Any]:
    return [row[0] for row in con.execute(sql).fetchall()]


def check_generate(con: Any, errors: type[Exception]) -> None:
    """Every WPT case in every form, strict and not; strict refusing values that change the
    URL's structure; a base URL; strict as a column; nulls; and the errors (``errors``: the
    surface's exception type), which name the function."""
    rows = cases()
    want = [expected for *_, expected in rows]
    assert sum(w is not None for w in want) >= 8
    body = ", ".join(f"({i}, {literal(p)}, {literal(c)}, {literal(g)})" for i, (p, c, g, _) in enumerate(rows))
    t = f"(VALUES {body}) t(i, p, c, g)"
    for args in ["", ", false", ", true", ", i % 2 = 0, false"]:
        # None of the WPT values changes the URL's structure: strict answers the same.
        assert column(con, f"SELECT url_pattern_generate(p, c, g{args}) FROM {t} ORDER BY i") == want, args
    body = ", ".join(f"({i}, {literal(p)}, {literal(c)}, {literal(g)})" for i, (p, c, g, *_) in enumerate(STRICT))
    t = f"(VALUES {body}) t(i, p, c, g)"
    assert column(con, f"SELECT url_pattern_generate(p, c, g) FROM {t} ORDER BY i") == [s[3] for s in STRICT]
    assert column(con, f"SELECT url_pattern_generate(p, c, g, true) FROM {t} ORDER BY i") == [s[4] for s in STRICT]
    assert column(con, f"SELECT url_pattern_generate(p, c, g, i = 0) FROM {t} ORDER BY i") == [None, *[s[3] for s in STRICT[1:]]]
    base = "SELECT url_pattern_generate('/books/:id', 'pathname', '{\"id\": \"my book\"}', 'https://example.com'"
    assert column(con, base + ")") == ["/books/my%20book"]
    assert column(con, base + ", true, true)") == ["/books/my%20book"]
    # A null argument gives null.
    for args in ["NULL, c, g", "p, NULL, g", "p, c, NULL", "p, c, g, NULL", "p, c, g, NULL::VARCHAR", "p, c, g, false, NULL"]:
        assert column(con, f"SELECT url_pattern_generate({args}) FROM {t}") == [None] * len(STRICT), args
    # Errors name the function.
    for sql, message in [
        ("SELECT url_pattern_generate('https://a/:id', 'path', '{}')", 'url_pattern_generate: "path" is not a component'),
        (
            "SELECT url_pattern_generate('https://a/:id', 'pathname', '{\"id\": 7}')",
            "url_pattern_generate: the group \"id\"'s value must be a string",
        ),
        ("SELECT url_pattern_generate('https://a/:id', 'pathname', '[]')", "url_pattern_generate: the groups must be a JSON object"),
        ("SELECT url_pattern_generate('https://a/:id(', 'pathname', '{}')", "url_pattern_generate: invalid URL pattern"),
        ("SELECT url_pattern_generate('https://a/(x)', 'pathname', '{}', false, true)", "url_pattern_generate: invalid URL pattern"),
    ]:
        try:
            con.execute(sql).fetchall()
            raise AssertionError(sql)
        except errors as e:
            assert message in str(e), (sql, e)
