"""The ``url`` namespace of Polars (weburl.polars) against the scalar API: eager, lazy and
streaming, nulls, broadcast literals, bases, and the errors of wrong input."""

import doctest
from typing import Any, Callable

import polars as pl
import pytest

import weburl
import weburl.polars
from weburl import URL

from test_arrow import COMPONENTS, TOOL_ERRORS, TOOL_HOSTS, TOOL_URLS, inputs, name_of_error, scalar_row  # noqa: F401

VERSION = tuple(int(p) for p in pl.__version__.split(".")[:2])


def frame(texts: list[str | None]) -> pl.DataFrame:
    return pl.DataFrame({"u": texts}, schema={"u": pl.String})


def column(df: pl.DataFrame, expr: pl.Expr) -> list[Any]:
    return df.select(expr).to_series().to_list()


def streaming(lf: pl.LazyFrame) -> pl.DataFrame:
    """The frame collected by the streaming engine (its spelling changed in Polars 1.23)."""
    if VERSION >= (1, 23):
        return lf.collect(engine="streaming")
    return lf.collect(streaming=True)


def normalized(text: str | None, profile: str, **flags: bool) -> str | None:
    if text is None or not URL.can_parse(text):
        return None
    try:
        return weburl.normalize(text, profile, **flags)  # type: ignore[arg-type]
    except ValueError:
        return None


def of_url(text: str | None, f: Callable[[URL], Any]) -> Any:
    url = None if text is None else URL.parse(text)
    return None if url is None else f(url)


@pytest.mark.parametrize("name", COMPONENTS)
def test_component(inputs: list[str | None], name: str) -> None:
    expected = [of_url(t, lambda u: getattr(u, name)) for t in inputs]
    df = frame(inputs)
    expr = getattr(pl.col("u").url, name)()
    got = df.select(expr)
    assert got.columns == ["u"] and got.dtypes == [pl.String]
    assert got.to_series().to_list() == expected


def test_parse(inputs: list[str | None]) -> None:
    expected = [scalar_row(t) for t in inputs]
    got = frame(inputs).select(pl.col("u").url.parse())
    assert got.schema["u"] == pl.Struct({c: pl.String for c in COMPONENTS})
    parsed = got.to_series()
    assert parsed.is_null().to_list() == [e is None for e in expected]
    for c in COMPONENTS:
        assert parsed.struct.field(c).to_list() == [None if e is None else e[c] for e in expected]
    assert got.unnest("u").columns == COMPONENTS


def test_can_parse_and_error_name(inputs: list[str | None]) -> None:
    df = frame(inputs)
    assert column(df, pl.col("u").url.can_parse()) == [None if t is None else URL.can_parse(t) for t in inputs]
    expected = [name_of_error(t) for t in inputs]
    assert len(set(expected)) > 10
    assert column(df, pl.col("u").url.error_name()) == expected
    assert column(frame(TOOL_URLS), pl.col("u").url.error_name()) == TOOL_ERRORS


@pytest.mark.parametrize("profile", ["spec", "dedup", "w3lib", "surt"])
def test_normalize(inputs: list[str | None], profile: str) -> None:
    df = frame(inputs)
    assert column(df, pl.col("u").url.normalize(profile)) == [normalized(t, profile) for t in inputs]
    flags = {"drop_index": True, "strip_tracking": True, "keep_fragment": True}
    if profile == "surt":
        del flags["keep_fragment"]
    assert column(df, pl.col("u").url.normalize(profile, **flags)) == [normalized(t, profile, **flags) for t in inputs]


def test_normalize_profile_is_checked() -> None:
    with pytest.raises(ValueError, match="unknown profile 'W3LIB'"):
        pl.col("u").url.normalize("W3LIB")


@pytest.mark.parametrize("icann_only", [False, True])
def test_public_suffix_and_registrable_domain(inputs: list[str | None], icann_only: bool) -> None:
    df = frame(inputs)
    suffixes = [of_url(t, lambda u: u.public_suffix_in(icann_only)) for t in inputs]
    domains = [of_url(t, lambda u: u.registrable_domain_in(icann_only)) for t in inputs]
    if not icann_only:
        assert suffixes == [of_url(t, lambda u: u.public_suffix) for t in inputs]
        assert domains == [of_url(t, lambda u: u.registrable_domain) for t in inputs]
    assert sum(d is not None for d in domains) > 1000
    assert column(df, pl.col("u").url.public_suffix(icann_only=icann_only)) == suffixes
    assert column(df, pl.col("u").url.registrable_domain(icann_only=icann_only)) == domains


def every_function() -> dict[str, pl.Expr]:
    u = pl.col("u").url
    exprs = {c: getattr(u, c)() for c in COMPONENTS}
    exprs |= {
        "parse": u.parse(),
        "can_parse": u.can_parse(),
        "error_name": u.error_name(),
        "w3lib": u.normalize("w3lib"),
        "suffix": u.public_suffix(),
        "domain": u.registrable_domain(icann_only=True),
        "joined": u.href(base="https://base.example/dir/"),
    }
    return {name: e.alias(name) for name, e in exprs.items()}


def test_lazy_and_streaming_equal_eager(inputs: list[str | None]) -> None:
    # Several chunks, so that the engines split the work into batches.
    df = pl.concat([frame(inputs[i : i + 997]) for i in range(0, len(inputs), 997)], rechunk=False)
    assert df["u"].n_chunks() > 5
    exprs = list(every_function().values())
    eager = df.select(exprs)
    assert eager.height == len(inputs)
    assert df.lazy().select(exprs).collect().equals(eager)
    assert streaming(df.lazy().select(exprs)).equals(eager)
    # Filters and new columns beside the input, lazily.
    lazy = df.lazy().with_columns(host=pl.col("u").url.hostname()).filter(pl.col("host").is_not_null())
    assert streaming(lazy).equals(lazy.collect())
    assert lazy.collect()["host"].to_list() == [h for h in eager["hostname"].to_list() if h is not None]


@pytest.mark.parametrize(
    "function,kwargs,expr",
    [
        ("registrable_domain", {"sections": "all"}, lambda u: u.registrable_domain()),
        ("public_suffix", {"sections": "icann"}, lambda u: u.public_suffix(icann_only=True)),
        ("component", {"component": "hostname"}, lambda u: u.hostname()),
        ("component", {"component": "href"}, lambda u: u.href()),
        (
            "normalize",
            {"profile": "w3lib", "drop_index": False, "strip_tracking": True, "keep_fragment": False},
            lambda u: u.normalize("w3lib", strip_tracking=True),
        ),
        ("can_parse", {}, lambda u: u.can_parse()),
    ],
)
def test_the_plugin_answers_as_its_kernel_called_directly(
    inputs: list[str | None], function: str, kwargs: dict[str, Any], expr: Callable[[Any], pl.Expr]
) -> None:
    """``_polars_kernel`` (what data_tools.py times the plugin against) runs the plugin's own
    computation: same answers, same type, for the arguments the namespace pickles."""
    import pickle

    from weburl._weburl import _polars_kernel

    df = frame(inputs)
    expected = df.select(expr(pl.col("u").url))["u"]
    answer, ns = _polars_kernel(df["u"], function, pickle.dumps(kwargs))
    assert ns > 0
    assert answer.to_pylist() == expected.to_list()
    assert answer.type in (["bool"] if function == "can_parse" else ["string_view", "utf8"])
    assert len(answer) == len(inputs)


def test_the_direct_kernel_refuses_what_the_plugin_refuses() -> None:
    import pickle

    from weburl._weburl import _polars_kernel

    with pytest.raises(ValueError, match='no plugin function "nope"'):
        _polars_kernel(["https://a.example/"], "nope", b"")
    with pytest.raises(ValueError, match="unreadable keyword arguments"):
        _polars_kernel(["https://a.example/"], "registrable_domain", b"\x80\x04junk")
    with pytest.raises(ValueError, match='unknown URL component "nope"'):
        _polars_kernel(["https://a.example/"], "component", pickle.dumps({"component": "nope"}))


def test_group_by() -> None:
    df = frame(["https://a.example/1", "https://b.a.example/2", "https://c.example/", None, "x"])
    counts = (
        df.group_by(site=pl.col("u").url.registrable_domain())
        .agg(pl.len(), hosts=pl.col("u").url.hostname().sort())
        .sort("site", nulls_last=True)
    )
    assert counts.rows() == [
        ("a.example", 2, ["a.example", "b.a.example"]),
        ("c.example", 1, ["c.example"]),
        (None, 2, [None, None]),
    ]


def test_nulls() -> None:
    assert column(frame([None, None]), pl.col("u").url.hostname()) == [None, None]
    assert column(frame([None]), pl.col("u").url.can_parse()) == [None]
    assert column(frame([]), pl.col("u").url.parse()) == []
    # A null literal has Polars' Null type.
    assert pl.select(pl.lit(None).url.hostname()).item() is None
    assert column(frame(["https://a.example/", None]), pl.col("u").url.href(base=pl.lit(None, pl.String))) == [None, None]


def test_literal_broadcast() -> None:
    df = frame(["a/b", "../c", None, "https://x.example/"])
    base = "https://h.example/dir/sub"
    expected = [None if t is None else URL(t, base).href for t in df["u"].to_list()]
    assert column(df, pl.col("u").url.href(base=base)) == expected
    assert column(df, pl.col("u").url.href(base=URL(base))) == expected
    assert column(df, pl.col("u").url.href(base=pl.lit(base))) == expected
    # A literal URL with a column of bases: the URL is broadcast.
    bases = pl.DataFrame({"b": ["https://a.example/x/", "https://b.example/", None]})
    assert column(bases, pl.lit("y?q").url.href(base=pl.col("b"))) == [
        "https://a.example/x/y?q",
        "https://b.example/y?q",
        None,
    ]
    # A literal alone stays one row, and Polars broadcasts it beside a column.
    assert pl.select(pl.lit("https://A.example:8080/").url.host()).to_series().to_list() == ["a.example:8080"]
    out = df.with_columns(h=pl.lit("https://A.example/").url.hostname())
    assert out["h"].to_list() == ["a.example"] * 4


def test_base_column(urltestdata: list[dict[str, Any]]) -> None:
    cases = [c for c in urltestdata if c.get("base")][:400]
    df = pl.DataFrame({"u": [c["input"] for c in cases], "b": [c["base"] for c in cases]})
    expected = [None if c.get("failure") else c["href"] for c in cases]
    assert sum(e is None for e in expected) > 20
    assert column(df, pl.col("u").url.href(base=pl.col("b"))) == expected
    assert column(df, pl.col("u").url.can_parse(base=pl.col("b"))) == [e is not None for e in expected]
    assert column(df, pl.col("u").url.error_name(base=pl.col("b"))) == [
        name_of_error(c["input"], c["base"]) for c in cases
    ]
    parsed = df.select(pl.col("u").url.parse(base=pl.col("b"))).to_series()
    assert parsed.struct.field("href").to_list() == expected


def test_bad_base_is_refused_when_the_expression_is_made() -> None:
    with pytest.raises(weburl.URLError):
        pl.col("u").url.hostname(base="not a base")
    with pytest.raises(TypeError, match="base must be"):
        pl.col("u").url.hostname(base=3)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "values,dtype",
    [([1, 2], pl.Int64), ([b"https://a/"], pl.Binary), (["https://a/"], pl.Categorical), ([True], pl.Boolean)],
)
def test_wrong_dtype_is_a_clear_error(values: list[Any], dtype: Any) -> None:
    df = pl.DataFrame({"u": pl.Series(values, dtype=dtype)})
    with pytest.raises(pl.exceptions.PolarsError, match="url.hostname expects the URLs as a String column"):
        df.select(pl.col("u").url.hostname())
    with pytest.raises(pl.exceptions.PolarsError, match="url.parse expects the URLs as a String column"):
        df.lazy().select(pl.col("u").url.parse()).collect()
    with pytest.raises(pl.exceptions.PolarsError, match="url.href expects the base as a String column"):
        frame(["https://a/"]).with_columns(b=pl.lit(1)).select(pl.col("u").url.href(base=pl.col("b")))


def test_tool_cases() -> None:
    df = frame(TOOL_URLS)
    assert column(df, pl.col("u").url.hostname()) == TOOL_HOSTS


def test_hostile_rows() -> None:
    texts = ["http://a/" + "../" * 200_000, "http://" + "a." * 300_000 + "/", "\ufffd" * 1000]
    assert column(frame(texts), pl.col("u").url.href()) == [of_url(t, lambda u: u.href) for t in texts]


def test_docstring_examples() -> None:
    result = doctest.testmod(weburl.polars, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 20


def test_pattern_test_and_exec_match_the_scalar_api() -> None:
    from weburl import URLPattern

    urls = [
        "https://api.example.com/books/7",
        "https://API.example.com:443/books/a%20b?x#y",
        "https://example.org/books/7",
        "/books/7",
        None,
    ]
    source = "https://*.example.com/books/:id"
    p = URLPattern(source)
    df = pl.DataFrame({"u": urls})
    exprs = [
        pl.col("u").url.pattern_test(source).alias("ok"),
        pl.col("u").url.pattern_exec(source).alias("m"),
    ]
    eager = df.select(exprs)
    assert eager["ok"].to_list() == [None if u is None else p.test(u) for u in urls]
    for u, row in zip(urls, eager["m"].to_list()):
        result = None if u is None else p.exec(u)
        if result is None:
            # A null struct row (older Polars, such as 1.0, read it as a row of null fields).
            assert row is None or all(v is None for v in row.values())
        else:
            assert row["id"] == result["pathname"]["groups"]["id"]
            assert row["hostname.0"] == result["hostname"]["groups"]["0"]
    assert df.lazy().select(exprs).collect().equals(eager)
    assert streaming(df.lazy().select(exprs)).equals(eager)
    ids = df.lazy().select(pl.col("u").url.pattern_exec(source).struct.field("id")).filter(pl.col("id").is_not_null())
    assert streaming(ids).equals(ids.collect())
    assert ids.collect()["id"].to_list() == ["7", "a%20b"]
    relative = df.select(pl.col("u").url.pattern_test("/BOOKS/:id", base="https://api.example.com", ignore_case=True))
    assert relative["u"].to_list() == [True, True, False, False, None]


def test_an_exhausted_step_budget_is_null_and_the_next_row_is_answered() -> None:
    # A lookahead runs on the bounded backtracking matcher: where it exhausts its step budget,
    # URLPattern.test raises, and the column functions answer null (unknown, not false) for
    # that row alone, as weburl.arrow does.
    import weburl.arrow

    slow = "https://e.com/:x((?=a)(?:a*)*b)"
    urls = ["https://e.com/" + "a" * 20_000, "https://e.com/aab", "https://e.com/c", None]
    df = pl.DataFrame({"u": urls})
    got = df.select(
        pl.col("u").url.pattern_test(slow).alias("test"),
        pl.col("u").url.pattern_group(slow, "x").alias("x"),
    )
    assert got["test"].to_list() == [None, True, False, None]
    assert got["x"].to_list() == [None, "aab", None, None]
    assert weburl.arrow.pattern_test(urls, slow).to_pylist() == [None, True, False, None]
    # A route set: unknown where a route tried before the answer ran out.
    routes = {"slow": slow, "any": "https://e.com/*"}
    for best in (False, True):
        got = df.select(pl.col("u").url.route(routes, best=best))["u"].to_list()
        assert got == [None, "slow", "any", None]
        assert weburl.arrow.route(urls, routes, best=best).to_pylist() == got
    with pytest.raises(weburl.URLPatternError, match="exhausted their budget"):
        weburl.URLPattern(slow).test(urls[0])


def test_pattern_errors_are_raised_when_the_expression_is_made() -> None:
    from weburl import URLPatternError

    with pytest.raises(URLPatternError):
        pl.col("u").url.pattern_test("https://example.com/:id(")
    # A relative pattern: the message names base=, and no init dict (pattern_test takes none).
    with pytest.raises(URLPatternError) as refused:
        pl.col("u").url.pattern_test("/books/:id")
    assert str(refused.value) == "'/books/:id': a pattern string without a protocol needs a base URL: give base="
    assert refused.value.needs_base
    with pytest.raises(TypeError):
        pl.col("u").url.pattern_exec(7)  # type: ignore[arg-type]


def test_untrusted_refuses_regexp_groups() -> None:
    """``untrusted=True`` (on every method that compiles patterns, and on weburl.arrow's
    functions) compiles within ``URLPattern(..., untrusted=True)``'s limits: ``/:id(\\d+)``
    is refused when the expression is made, as a pattern that does not compile is, and
    accepted without it; a pattern within the limits answers as without them."""
    from weburl import URLPatternError

    df = pl.DataFrame({"u": ["https://example.com/books/7", "https://example.com/books/x", None]})
    base = "https://example.com"
    regexp = r"/books/:id(\d+)"
    made = {
        "pattern_test": lambda u: pl.col("u").url.pattern_test(regexp, base=base, untrusted=u),
        "pattern_exec": lambda u: pl.col("u").url.pattern_exec(regexp, base=base, untrusted=u),
        "pattern_group": lambda u: pl.col("u").url.pattern_group(regexp, "id", base=base, untrusted=u),
    }
    expected = {"pattern_test": [True, False, None], "pattern_exec": [{"username.0": "", "password.0": "", "id": "7", "search.0": "", "hash.0": ""}, None, None],
                "pattern_group": ["7", None, None]}
    for name, make in made.items():
        # A null struct row (older Polars, such as 1.0, read it as a row of null fields).
        got = [None if isinstance(row, dict) and all(v is None for v in row.values()) else row
               for row in df.select(make(False))["u"].to_list()]
        assert got == expected[name], name
        with pytest.raises(URLPatternError, match="has a custom regexp group, which the limits refuse"):
            make(True)
    routes = {"book": regexp}
    assert df.select(pl.col("u").url.route(routes, base=base))["u"].to_list() == ["book", None, None]
    with pytest.raises(ValueError, match=r'route "book": .*has a custom regexp group, which the limits refuse'):
        pl.col("u").url.route(routes, base=base, untrusted=True)
    # Within the limits: the same answers.
    plain = pl.col("u").url.pattern_group("/books/:id", "id", base=base, untrusted=True)
    assert df.select(plain)["u"].to_list() == ["7", "x", None]
    assert df.select(pl.col("u").url.route({"b": "/books/:id"}, base=base, untrusted=True))["u"].to_list() == ["b", "b", None]
    # weburl.arrow takes it too.
    urls = df["u"].to_list()
    assert weburl.arrow.pattern_test(urls, regexp, base=base).to_pylist() == [True, False, None]
    with pytest.raises(URLPatternError, match="custom regexp group"):
        weburl.arrow.pattern_test(urls, regexp, base=base, untrusted=True)
    with pytest.raises(URLPatternError, match="the limit is 8192"):
        weburl.arrow.pattern_group(urls, "https://example.com/" + "x" * 9000, "0", untrusted=True)
    with pytest.raises(ValueError, match=r'route "book": .*custom regexp group'):
        weburl.arrow.route(urls, routes, base=base, untrusted=True)


def test_init_dicts_and_their_unknown_keys() -> None:
    """An init dict is compiled as ``URLPattern(init)`` (the plugin takes its JSON text, as
    SQL does); a key that is not ``URLPatternInit``'s is refused when the expression is made,
    naming the key."""
    from weburl import URLPatternError

    df = pl.DataFrame({"u": ["https://example.com/books/7", "https://a.example.com/books/x", "https://example.org/books/1", None]})
    init = {"hostname": "{:sub.}?example.com", "pathname": "/books/:id"}
    p = weburl.URLPattern(init)
    want = [None if u is None or (m := p.exec(u)) is None else m["pathname"]["groups"]["id"] for u in df["u"]]
    assert df.select(pl.col("u").url.pattern_group(init, "id"))["u"].to_list() == want == ["7", "x", None, None]
    assert df.select(pl.col("u").url.pattern_test(init))["u"].to_list() == [True, True, False, None]
    assert df.select(pl.col("u").url.pattern_exec(init).struct.field("sub"))["sub"].to_list() == [None, "a", None, None]
    for make in (
        lambda: pl.col("u").url.pattern_test({"path": "/x"}),
        lambda: pl.col("u").url.pattern_exec({"path": "/x"}),
        lambda: pl.col("u").url.pattern_group({"path": "/x"}, "x"),
    ):
        with pytest.raises(URLPatternError, match="unknown key 'path'"):
            make()
    # A str that is an init object's JSON text: the same rule (the SQL functions' text).
    with pytest.raises(URLPatternError, match='unknown member "path"'):
        pl.col("u").url.pattern_test('{"path": "/x"}')
    assert df.select(pl.col("u").url.pattern_test('{"pathname": "/books/:id"}'))["u"].to_list() == [True, True, True, None]


def test_pattern_group_matches_weburl_arrow(inputs: list[str | None]) -> None:
    """``url.pattern_group`` answers as :func:`weburl.arrow.pattern_group` for every input and
    group name (bare, qualified, absent), eager and lazy, with the pattern's options."""
    import weburl.arrow

    source = "https://*.example.com/:first/*"
    df = pl.DataFrame({"u": inputs})
    for name in ["first", "hostname.0", "pathname.0", "0", "nope"]:
        want = weburl.arrow.pattern_group(inputs, source, name).to_pylist()
        got = df.select(pl.col("u").url.pattern_group(source, name))["u"].to_list()
        assert got == want, name
        lazy = df.lazy().select(pl.col("u").url.pattern_group(source, name)).collect()["u"].to_list()
        assert lazy == want, name
    got = pl.select(
        pl.lit("https://a.example.com/BOOKS/7").url.pattern_group("/books/:id", "id", base="https://a.example.com", ignore_case=True)
    ).item()
    assert got == "7"
    with pytest.raises(TypeError):
        pl.col("u").url.pattern_group(source, 0)  # type: ignore[arg-type]


def test_search_param_and_search_params_match_the_scalar_api(inputs: list[str | None]) -> None:
    df = pl.DataFrame({"u": inputs})

    def params(text: str | None) -> Any:
        url = None if text is None else URL.parse(text)
        return None if url is None else url.search_params

    for name in ["a", "q", "x"]:
        got = df.select(pl.col("u").url.search_param(name))["u"].to_list()
        assert got == [None if (p := params(t)) is None else p.get(name) for t in inputs], name
    pairs = df.select(pl.col("u").url.search_params())["u"].to_list()
    for text, row in zip(inputs, pairs):
        p = params(text)
        if p is None:
            assert row is None, text
        else:
            assert [(d["name"], d["value"]) for d in row] == list(p), text
    # A name per row.
    per_row = pl.DataFrame({"u": ["http://h/?a=1&b=2", "http://h/?a=1&b=2", "http://h/?a=1", "nope"],
                            "n": ["b", "a", None, "a"]})
    assert per_row.select(pl.col("u").url.search_param(pl.col("n")))["u"].to_list() == ["2", "1", None, None]


def test_route() -> None:
    """``url.route`` against the oracle of the SQL ``url_route`` (sql_route.py), on the same
    rows: a dict, a list, the JSON text, ``best``, a ``weburl.URL`` base, lazy and streaming,
    and the errors that name the route."""
    import json

    import sql_route

    df = pl.DataFrame({"u": sql_route.URLS}, schema={"u": pl.String})
    routes, base = sql_route.ROUTES, sql_route.BASE
    for best in (False, True):
        want = [sql_route.oracle(u, routes, base, best) for u in sql_route.URLS]
        assert df.select(pl.col("u").url.route(routes, best=best, base=base))["u"].to_list() == want
        assert df.select(pl.col("u").url.route(json.dumps(routes), best=best, base=URL(base)))["u"].to_list() == want
        lazy = df.lazy().select(pl.col("u").url.route(routes, best=best, base=base))
        assert streaming(lazy)["u"].to_list() == want
        assert weburl.arrow.route(sql_route.URLS, routes, best=best, base=base).to_pylist() == want
    absolute = [base + p for p in routes.values()]
    want = [sql_route.oracle(u, {p: p for p in absolute}, None, True) for u in sql_route.URLS]
    assert df.select(pl.col("u").url.route(absolute, best=True))["u"].to_list() == want
    with pytest.raises(ValueError, match=r'route "bad": invalid URL pattern "/:id\(": invalid pattern at byte'):
        pl.col("u").url.route({"ok": "/x", "bad": "/:id("}, base=base)
    with pytest.raises(ValueError, match=r'route "rel": invalid URL pattern "/x": .*give pattern_base'):
        pl.col("u").url.route({"rel": "/x"})
    with pytest.raises(TypeError, match="routes must be a dict"):
        pl.col("u").url.route(7)  # type: ignore[arg-type]
    # Init dicts as routes, in a dict and in a list (named by the JSON text weburl.arrow gives).
    inits: dict[str, str | dict[str, str]] = {n: {"baseURL": base, "pathname": p} for n, p in routes.items()}
    want = [sql_route.oracle(u, routes, base, True) for u in sql_route.URLS]
    assert df.select(pl.col("u").url.route(inits, best=True))["u"].to_list() == want
    assert weburl.arrow.route(sql_route.URLS, inits, best=True).to_pylist() == want
    listed = [{"pathname": "/users/:user", "hostname": "*.example.com"}]
    got = weburl.arrow.route(sql_route.URLS, listed).to_pylist()
    assert '{"hostname":"*.example.com","pathname":"/users/:user"}' in got
    assert df.select(pl.col("u").url.route(listed))["u"].to_list() == got
    # A route with its options.
    upper = [None if u is None else u.replace("/repos/", "/REPOS/") for u in sql_route.URLS]
    options: dict[str, dict[str, Any]] = {n: {"pattern": p, "ignoreCase": True} for n, p in routes.items()}
    want = [sql_route.oracle(u, routes, base, True, frozenset(routes)) for u in upper]
    got = pl.DataFrame({"u": upper}, schema={"u": pl.String}).select(pl.col("u").url.route(options, best=True, base=base))
    assert got["u"].to_list() == want and "issue" in want
    assert weburl.arrow.route(upper, options, best=True, base=base).to_pylist() == want
    with pytest.raises(TypeError, match=r'the pattern of the route "a" must be a str .* or a dict'):
        weburl.arrow.route([], {"a": 1})  # type: ignore[dict-item]


def test_pattern_generate() -> None:
    """``url.pattern_generate`` on the rows the SQL ``url_pattern_generate`` is checked on
    (sql_generate.py: the WPT generate data, strict), with the groups a dict, their JSON text
    or an expression; a base URL; lazy and streaming; ``weburl.arrow.pattern_generate``; and
    the errors."""
    import json

    import sql_generate

    rows = sql_generate.cases()
    want = [expected for *_, expected in rows]
    df = pl.DataFrame(
        {"p": [r[0] for r in rows], "c": [r[1] for r in rows], "g": [r[2] for r in rows]},
        schema={"p": pl.String, "c": pl.String, "g": pl.String},
    )
    # A method's component is one name: each component's rows, by its name.
    got: list[str | None] = [None] * len(rows)
    for component in sorted({r[1] for r in rows}):
        index = [i for i, r in enumerate(rows) if r[1] == component]
        part = df[index]
        for strict in (False, True):
            answers = part.select(pl.col("p").url.pattern_generate(component, pl.col("g"), strict=strict))["p"]
            lazy = part.lazy().select(pl.col("p").url.pattern_generate(component, pl.col("g"), strict=strict))
            assert streaming(lazy)["p"].to_list() == answers.to_list()
            for i, answer in zip(index, answers.to_list()):
                got[i] = answer
            arrow = weburl.arrow.pattern_generate(part["p"], component, rows[index[0]][2], strict=strict)
            assert arrow.to_pylist()[0] == answers[0]
    assert got == want
    for pattern, component, groups, loose, strict_answer in sql_generate.STRICT:
        one = pl.DataFrame({"p": [pattern]})
        for g in (json.loads(groups), groups):
            assert one.select(pl.col("p").url.pattern_generate(component, g)).item() == loose
            assert one.select(pl.col("p").url.pattern_generate(component, g, strict=True)).item() == strict_answer
    books = pl.DataFrame({"p": ["/books/:id", None]})
    for base in ("https://example.com", URL("https://example.com")):
        got_books = books.select(pl.col("p").url.pattern_generate("pathname", {"id": "my book"}, base=base, untrusted=True))
        assert got_books["p"].to_list() == ["/books/my%20book", None]
    with pytest.raises(ValueError, match='"path" is not a component'):
        pl.col("p").url.pattern_generate("path", {})
    with pytest.raises(ValueError, match="the group \"id\"'s value must be a string"):
        pl.col("p").url.pattern_generate("pathname", {"id": 7})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="groups must be a dict"):
        pl.col("p").url.pattern_generate("pathname", 7)  # type: ignore[arg-type]
    with pytest.raises(pl.exceptions.ComputeError, match="url.pattern_generate: invalid URL pattern"):
        pl.DataFrame({"p": ["https://a/:id("]}).select(pl.col("p").url.pattern_generate("pathname", {}))
    with pytest.raises(ValueError, match="the groups must be a JSON object"):
        weburl.arrow.pattern_generate(["https://a/"], "pathname", "[]")
