"""A small typed program that `mypy --strict` checks against the stubs (ci.sh)."""

import pickle

import weburl
import weburl.arrow
from weburl import URL, URLError, URLSearchParams, ValidationIssue


def hostnames(texts: list[str], base: str | None = None) -> list[str]:
    out: list[str] = []
    for text in texts:
        url = URL.parse(text, base)
        if url is not None:
            out.append(url.hostname)
    return out


def edit(text: str) -> str:
    try:
        url = URL(text)
    except URLError as e:
        return str(e)
    url.pathname = "/new"
    url.search_params.append("k", "v")
    params: URLSearchParams = url.search_params
    first: str | None = params.get("k")
    pairs: list[tuple[str, str]] = list(params)
    assert first is not None and pairs
    copy: URL = pickle.loads(pickle.dumps(url))
    return copy.href + url.origin


def checks(text: str) -> list[str]:
    issues: list[ValidationIssue] = weburl.validate(text)
    rows = weburl.compare(text)
    links = weburl.links(b"<a href=x>", "https://example.com/")
    hosts: list[str | None] = [row["host"] for row in rows]
    urls: list[str | None] = [link["url"] for link in links]
    names = [i.name for i in issues] + [str(h) for h in hosts] + [str(u) for u in urls]
    names.append(weburl.normalize(text, "dedup", drop_index=True))
    names.append(weburl.normalize(text, "dedup", keep_fragment=True))
    names.append(weburl.surt(URL(text)))
    names.append(weburl.normalize(text, "w3lib", strip_tracking=True))
    names.append(weburl.surt(text, strip_tracking=True))
    names.append(weburl.join("https://example.com/", text))
    return names


def batch(texts: list[str | None]) -> int:
    parsed = weburl.arrow.parse(texts)
    hosts = weburl.arrow.component(texts, "hostname")
    ok = weburl.arrow.can_parse(texts, base="https://example.com/")
    dedup = weburl.arrow.normalize(texts, "dedup")
    keys = weburl.arrow.normalize(texts, "surt", strip_tracking=True)
    assert len(keys) == len(dedup)
    schema, array = parsed.__arrow_c_array__()
    return len(parsed) + len(hosts.to_pylist()) + len(ok) + len(dedup) + len(parsed.type) + (schema is array)


if __name__ == "__main__":
    print(hostnames(["https://a.example/", "nope"]), edit("https://a.example/"), checks("https://a.example/"), batch(["https://a.example/", None]))


def sites_and_policy(texts: list[str]) -> list[str | None]:
    url = weburl.URL("https://www.example.co.uk/")
    suffix: str | None = url.public_suffix
    domain: str | None = url.registrable_domain_in(icann_only=True)
    space: str | None = url.address_space
    kind: str | None = url.host_type
    assert suffix and domain and space is None and kind
    policy = weburl.Policy(ports=[443], deny=["loopback", "local"], allow_sites=["example.co.uk"], credentials=False)
    try:
        checked: weburl.URL = policy.check(texts[0], base=url)
    except weburl.Refused as e:
        rule: str = e.rule
        rules: tuple[str, ...] = e.rules
        return [rule, *rules]
    domains: list[str | None] = weburl.arrow.registrable_domain(texts, icann_only=False).to_pylist()
    suffixes = weburl.arrow.public_suffix(texts)
    return [checked.href, *domains, *suffixes.to_pylist()]


def resolved_addresses(addresses: list[str]) -> list[str]:
    import ipaddress

    spaces: list[weburl.AddressSpace] = [weburl.ip_address_space(a) for a in addresses]
    spaces.append(weburl.ip_address_space(ipaddress.ip_address("::1")))
    block: weburl.SpecialBlock | None = weburl.special_block(ipaddress.IPv4Address("10.0.0.1"))
    if block is not None:
        reachable: bool | None = block.globally_reachable
        spaces.append(block.space)
        assert reachable is not True
        return [block.prefix, block.name, block.reference, *spaces]
    return list(spaces)


def error_names(texts: list[str | None]) -> list[str | None]:
    names: list[str | None] = weburl.arrow.error_name(texts, base="https://example.com/").to_pylist()
    return names + [weburl.arrow.error_name(texts).name]


def route(urls: list[str]) -> list[tuple[str, str | None]]:
    """URL patterns, typed: URLPattern's result and URLPatternSet's values."""
    from weburl import URLPattern, URLPatternError, URLPatternInit, URLPatternResult, URLPatternSet

    init: URLPatternInit = {"pathname": "/books/:id", "baseURL": "https://example.com"}
    book = URLPattern(init)
    try:
        URLPattern("https://example.com/:id(", ignore_case=True)
    except URLPatternError as e:
        assert isinstance(e, ValueError)
    assert book.test("https://example.com/books/1") and not book.has_regexp_groups
    result: URLPatternResult | None = book.exec(URL("https://example.com/books/2"))
    if result is not None:
        id_: str | None = result["pathname"]["groups"]["id"]
        assert id_ == "2" and result["hostname"]["input"] == "example.com"
    order: int = URLPattern.compare_component("pathname", book, URLPattern({"pathname": "/*"}))
    assert order == 1
    groups: dict[str, str] = {"id": "7"}
    built: str = book.generate("pathname", groups) + book.generate("pathname", groups, strict=True)
    assert built == "/books/7/books/7"
    guarded = URLPattern("https://example.com/:id", untrusted=True, max_pattern_length=100)
    assert not URLPattern({"pathname": "/:id"}, regexp_groups=False).has_regexp_groups
    routes: URLPatternSet[str] = URLPatternSet(untrusted=True, regexp_groups=None)
    routes.add(guarded, "guarded")
    routes = URLPatternSet()
    routes.add(book, "book")
    routes.add("https://*.example.com/*", "any")
    out: list[tuple[str, str | None]] = []
    for url in urls:
        found = routes.first_match(url)
        if found is not None:
            name, m = found
            out.append((name, m["pathname"]["groups"].get("id")))
    best: tuple[str, URLPatternResult] | None = routes.best_match("https://a.example.com/books/3")
    assert best is not None and best[0] == "any" and URLPatternSet.best_match_order()[0] == "hostname"
    every: list[tuple[str, URLPatternResult]] = routes.matches("https://a.example.com/books/3")
    assert len(every) == 2 and len(routes) == 2
    return out


def polars_and_duckdb() -> list[tuple[str | None, int]]:
    # The `url` namespace is registered at run time, which a type checker cannot see on
    # pl.Expr; the namespace class is typed, and writing it out is the checked spelling.
    import duckdb
    import polars as pl

    import weburl.duckdb
    import weburl.polars

    u = weburl.polars.URLNamespace(pl.col("u"))
    exprs: list[pl.Expr] = [
        u.registrable_domain(icann_only=True),
        u.hostname(base="https://a.example/"),
        u.href(base=pl.col("b")),
        u.normalize("w3lib", strip_tracking=True),
        u.parse(),
        u.can_parse(URL("https://a.example/")),
        weburl.polars.URLNamespace(pl.col("p")).pattern_generate("pathname", {"id": "7"}, strict=True),
        weburl.polars.URLNamespace(pl.col("p")).pattern_generate("pathname", pl.col("g"), base=URL("https://a/")),
    ]
    assert len(exprs) == 8
    con = duckdb.connect()
    weburl.duckdb.register(con, netquack_aliases=False)
    names: list[str] = list(weburl.duckdb.FUNCTIONS) + list(weburl.duckdb.NETQUACK_ALIASES)
    assert "url_hostname" in names
    rows: list[tuple[str | None, int]] = con.sql("SELECT url_hostname('https://a/'), 1").fetchall()
    return rows


def pattern_columns(texts: list[str | None]) -> list[object]:
    """The URL pattern functions of weburl.arrow, typed."""
    from weburl import URLPattern

    matched = weburl.arrow.pattern_test(texts, "https://*.example.com/:id")
    groups = weburl.arrow.pattern_exec(texts, {"pathname": "/:id"}, ignore_case=True)
    ids = weburl.arrow.pattern_group(texts, URLPattern("https://example.com/:id"), "id")
    relative = weburl.arrow.pattern_test(texts, "/:id", base="https://example.com")
    routes = weburl.arrow.route(texts, {"book": "/books/:id"}, best=True, base="https://example.com")
    by_text = weburl.arrow.route(texts, ["https://example.com/*"])
    built = weburl.arrow.pattern_generate(texts, "pathname", {"id": "7"}, base="https://example.com", strict=True)
    return [matched.to_pylist(), groups.type, ids.name, len(relative), routes.to_pylist(), len(by_text), built.to_pylist()]


def spark_columns(texts: list[str | None]) -> list[str | None]:
    """Spark SQL's parse_url in weburl.arrow, typed."""
    hosts: list[str | None] = weburl.arrow.parse_url(texts, "HOST").to_pylist()
    return hosts + weburl.arrow.parse_url(texts, "QUERY", key="q").to_pylist()
