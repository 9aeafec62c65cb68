"""The Python API beyond the WPT data: objects, errors, pickling, threads, hostile input."""

import copy
import os
import pathlib
import pickle
import subprocess
import threading
from typing import Any

import pytest

import weburl
from weburl import URL, URLError, URLSearchParams

from conftest import WPT


def test_error_is_a_value_error_with_the_reason() -> None:
    with pytest.raises(URLError) as info:
        URL("https://example.com:99999/")
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert "port-out-of-range" in message and "https://example.com:99999/" in message
    with pytest.raises(URLError, match="relative URL without a base"):
        URL("/path")
    with pytest.raises(URLError, match="invalid base URL"):
        URL("a", "not a base")
    assert URL.parse("a", "not a base") is None
    assert URL.can_parse("a", "not a base") is False


def test_type_errors() -> None:
    with pytest.raises(TypeError):
        URL(b"https://example.com/")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        URL("a", 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        URLSearchParams([("a", "b", "c")])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        URLSearchParams(["ab"])  # type: ignore[list-item]
    with pytest.raises(AttributeError):
        del URL("https://a/").href  # type: ignore[misc]
    with pytest.raises(ValueError, match="unknown profile"):
        weburl.normalize("https://a/", "nope")


def test_messages_of_huge_inputs_are_short() -> None:
    with pytest.raises(URLError) as info:
        URL("x" * 5_000_000)
    assert len(str(info.value)) < 400


def test_str_repr_eq_hash() -> None:
    url = URL("https://user:secret@EXAMPLE.com/a?b#c")
    assert str(url) == url.href == "https://user:secret@example.com/a?b#c"
    assert repr(url) == "URL('https://user:****@example.com/a?b#c')"
    assert "secret" not in repr(url)
    same = URL("https://user:secret@example.com/a?b#c")
    assert url == same and hash(url) == hash(same)
    assert url != URL("https://user:secret@example.com/a?b")
    assert url != url.href  # a URL is not equal to a str
    assert len({url, same, URL("https://other.example/")}) == 2
    same.hash = ""
    assert url != same


def test_pickle_and_copy() -> None:
    url = URL("https://user:pw@example.com:8080/p?q=1#f")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(url, protocol))
        assert back == url and type(back) is URL
    for other in (copy.copy(url), copy.deepcopy(url)):
        assert other == url and other is not url
        other.pathname = "/changed"
        assert url.pathname == "/p"


def test_pickle_in_containers() -> None:
    data = {"a": [URL("https://a.example/"), URL("file:///tmp/x")]}
    assert pickle.loads(pickle.dumps(data)) == data


def test_origin_is_read_only() -> None:
    url = URL("https://example.com/")
    with pytest.raises(AttributeError):
        url.origin = "https://other.example"  # type: ignore[misc]


def test_search_params_are_live() -> None:
    url = URL("https://example.com/?a=1&b=2")
    params = url.search_params
    other_view = url.search_params
    params.set("a", "x y")
    assert url.search == "?a=x+y&b=2"
    assert other_view.get("a") == "x y"
    url.search = ""
    assert len(params) == 0 and list(params) == []
    params.append("k", "v")
    assert url.href == "https://example.com/?k=v"
    params.delete("k")
    assert url.href == "https://example.com/"
    assert "k" not in params
    url.href = "https://example.org/?z=9"
    assert params.get("z") == "9"


def test_search_params_init_forms() -> None:
    expected = [("a", "1"), ("b", "2")]
    assert list(URLSearchParams("?a=1&b=2")) == expected
    assert list(URLSearchParams({"a": "1", "b": "2"})) == expected
    assert list(URLSearchParams([("a", "1"), ["b", "2"]])) == expected
    assert list(URLSearchParams(URLSearchParams("a=1&b=2"))) == expected
    assert list(URLSearchParams((p for p in expected))) == expected
    assert list(URLSearchParams()) == []
    assert URLSearchParams("a=1") == URLSearchParams([("a", "1")])
    assert URLSearchParams("a=1") != URLSearchParams("a=2")
    assert repr(URLSearchParams("a=1&b=%20")) == "URLSearchParams('a=1&b=+')"
    with pytest.raises(TypeError):
        hash(URLSearchParams())


def test_lone_surrogates_become_replacement_characters() -> None:
    url = URL("https://example.com/\ud800x?\udfff#\ud83d")
    assert url.pathname == "/%EF%BF%BDx"
    assert url.search == "?%EF%BF%BD"
    assert url.hash == "#%EF%BF%BD"
    # A surrogate pair written as two code points is one code point, as in JavaScript.
    assert URL("https://example.com/\ud83d\ude00").pathname == "/%F0%9F%98%80"
    assert URL("https://example.com/😀").pathname == "/%F0%9F%98%80"
    params = URLSearchParams()
    params.append("\ud800", "\udc00")
    assert list(params) == [("\ufffd", "\ufffd")]
    assert URLSearchParams({"\ud800": "1", "\udc00": "2"}).get("\ufffd") == "2"
    url.hostname = "\ud800"  # a forbidden code point after conversion: ignored
    assert url.hostname == "example.com"
    assert weburl.arrow.component(["https://a/\ud800"], "pathname").to_pylist() == ["/%EF%BF%BD"]


HOSTILE = [
    "http://a/" + "../" * 1_000_000,
    "http://a/" + "%2e%2E/" * 500_000,
    "http://" + "a." * 1_500_000 + "com/",
    "http://" + "@" * 3_000_000 + "a/",
    "http://a/?" + "&a=%zz" * 500_000,
    "http://[" + "1:" * 1_000_000 + "]/",
    "file:" + "/" * 3_000_000 + "C|",
    "x:" + "\t\n" * 1_000_000 + "y",
    "http://a/" + "\u00e9" * 1_000_000,
    "\ud800" * 1_000_000,
    "http://" + "xn--" * 500_000 + "/",
    "http://0x" + "f" * 3_000_000 + "/",
]


@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: repr(t[:12]) + f"...{len(t)}")
def test_hostile_inputs_of_megabytes(text: str) -> None:
    # Linear time (a quadratic parser would take hours here); either result is fine, but it
    # must be a result or a URLError, and the scalar and batch APIs must agree.
    try:
        href = URL(text).href
    except URLError:
        href = None
    assert URL.can_parse(text) is (href is not None)
    assert weburl.arrow.component([text], "href").to_pylist() == [href]
    if href is not None:
        assert URL(href).href == href
    weburl.validate(text)


def test_threads_share_urls_safely() -> None:
    shared = URL("https://example.com/?n=0")
    params = shared.search_params
    lines = (pathlib.Path(__file__).resolve().parents[2] / "weburl-bench" / "data" / "web_links.txt").read_text().splitlines()[:2000]
    expected = [URL.parse(line) for line in lines]
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            for i in range(200):
                params.append(f"t{k}", str(i))
                _ = shared.href
                assert shared.search_params.has(f"t{k}")
            for line, url in zip(lines, expected):
                again = URL.parse(line)
                assert again == url
            weburl.arrow.parse(lines)
        except BaseException as e:  # noqa: BLE001 - collected for the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(params) == 1 + 8 * 200
    for k in range(8):
        assert params.get_all(f"t{k}") == [str(i) for i in range(200)]


def test_join() -> None:
    assert weburl.join("https://example.com/a/b", "../c") == "https://example.com/c"
    assert weburl.join(URL("https://example.com/a/b"), "?x") == "https://example.com/a/b?x"
    with pytest.raises(URLError):
        weburl.join("https://example.com/", "https://exa mple.com/")


def test_validate() -> None:
    issues = weburl.validate("https://u@é.example/a b")
    assert [i.name for i in issues] == ["invalid-credentials", "invalid-URL-unit"]
    # Offsets count code points of the Python str.
    text = "https://é.example/a b"
    (issue,) = weburl.validate(text)
    assert text[issue.offset] == " "
    assert str(issue).startswith(f"{issue.offset}: invalid-URL-unit: ")
    assert weburl.validate("https://example.com/") == []
    assert [i.name for i in weburl.validate("https://exa mple.com/")] == ["domain-to-ASCII"]
    assert [i.name for i in weburl.validate("a", "https://example.com/")] == []
    assert weburl.validate("https://example.com/%") != []


def test_compare_rows() -> None:
    rows = weburl.compare("g;x?y#s", "http://a/b/c/d;p?q")
    assert [r["engine"] for r in rows] == ["whatwg", "html5-2011", "web-addresses-2009", "rfc3986", "rfc1808"]
    assert all(r["href"] == "http://a/b/c/g;x?y#s" and r["host"] == "a" and r["error"] is None for r in rows)
    rows = weburl.compare("http://exa mple.com/")
    assert rows[0]["href"] is None and rows[0]["error"]
    with pytest.raises(URLError):
        weburl.compare("a", "not a base")


def test_links() -> None:
    html = '<meta charset="windows-1252"><a href="search?q=café">x</a><a href="http://exa mple/">'.encode("cp1252")
    links = weburl.links(html, "https://example.com/shop/")
    assert links[0]["url"] == "https://example.com/shop/search?q=caf%E9"
    assert (links[0]["element"], links[0]["attribute"], links[0]["line"]) == ("a", "href", 1)
    assert links[1]["url"] is None and links[1]["error"]
    utf8 = weburl.links("<a href='?q=é'>".encode(), URL("https://example.com/"), encoding="utf-8")
    assert utf8[0]["url"] == "https://example.com/?q=%C3%A9"
    assert weburl.links(b"<a href='x'>")[0]["url"] is None  # no document URL
    with pytest.raises(ValueError):
        weburl.links(b"", encoding="no-such-encoding")


def cli() -> str:
    """The weburl command-line tool of this workspace (ci.sh builds it)."""
    path = os.environ.get("WEBURL_CLI")
    if path:
        return path
    root = pathlib.Path(__file__).resolve().parents[3] / "target"
    for profile in ["debug", "release"]:
        if (root / profile / "weburl").exists():
            return str(root / profile / "weburl")
    raise AssertionError("build the CLI first (cargo build -p weburl-cli) or set WEBURL_CLI")


def test_normalize_and_surt_match_the_cli(urltestdata: list[dict[str, Any]]) -> None:
    inputs = sorted({c["href"] for c in urltestdata if "href" in c and "\n" not in c["href"]})
    inputs += (pathlib.Path(__file__).resolve().parents[2] / "weburl-bench" / "data" / "web_links.txt").read_text().splitlines()[:3000]
    inputs = [i for i in inputs if URL.can_parse(i) and i.strip() == i and "\r" not in i]
    stdin = "\n".join(inputs) + "\n"
    for args, python in [
        (["--profile", "spec"], lambda u: weburl.normalize(u)),
        (["--profile", "spec", "--strip-tracking"], lambda u: weburl.normalize(u, strip_tracking=True)),
        (["--profile", "dedup"], lambda u: weburl.normalize(u, "dedup")),
        (["--profile", "dedup", "--drop-index"], lambda u: weburl.normalize(u, "dedup", drop_index=True)),
        (["--profile", "dedup", "--keep-fragment"], lambda u: weburl.normalize(u, "dedup", keep_fragment=True)),
        (["--profile", "w3lib"], lambda u: weburl.normalize(u, "w3lib")),
        (["--profile", "w3lib", "--strip-tracking"], lambda u: weburl.normalize(u, "w3lib", strip_tracking=True)),
        (["--profile", "surt"], lambda u: weburl.normalize(u, "surt")),
        (["--surt"], lambda u: weburl.surt(u)),
        (["--surt", "--drop-index"], lambda u: weburl.surt(u, drop_index=True)),
        (["--surt", "--strip-tracking"], lambda u: weburl.surt(u, strip_tracking=True)),
    ]:
        out = subprocess.run([cli(), "normalize", *args, "-"], input=stdin, capture_output=True, text=True)
        lines = out.stdout.splitlines()
        assert len(lines) == len(inputs), (args, out.stderr[:500])
        for text, expected in zip(inputs, lines):
            assert python(text) == expected, (args, text)
            assert python(URL(text)) == expected
        profile = "surt" if "--surt" in args else args[1]
        arrow = weburl.arrow.normalize(
            inputs,
            profile,
            drop_index="--drop-index" in args,
            strip_tracking="--strip-tracking" in args,
            keep_fragment="--keep-fragment" in args,
        )
        assert arrow.to_pylist() == lines, args


def test_dedup_drops_the_fragment_unless_kept() -> None:
    assert weburl.normalize("https://a.example/p#a", "dedup") == "https://a.example/p"
    assert weburl.normalize("https://a.example/p#b", "dedup") == "https://a.example/p"
    kept = weburl.normalize("https://a.example/p?b&a#%7eb", "dedup", keep_fragment=True)
    assert kept == "https://a.example/p?a&b#~b"
    assert weburl.arrow.normalize(["https://a.example/p#a"], "dedup").to_pylist() == ["https://a.example/p"]
    # spec keeps the fragment, w3lib and surt drop it, whatever keep_fragment says.
    for profile, expected in [("spec", "https://a.example/p#a"), ("w3lib", "https://a.example/p")]:
        for keep in [False, True]:
            assert weburl.normalize("https://a.example/p#a", profile, keep_fragment=keep) == expected


def test_profiles_are_idempotent(urltestdata: list[dict[str, Any]]) -> None:
    inputs = [c["href"] for c in urltestdata if "href" in c]
    inputs += ["http://example.com/%%34%31", "http://a/?type=a+b+%26+c&x", "http://[::1]:81/X/"]
    for profile in ["spec", "dedup", "w3lib"]:
        for text in inputs:
            once = weburl.normalize(text, profile, strip_tracking=True)
            assert weburl.normalize(once, profile, strip_tracking=True) == once, (profile, text)


def test_w3lib_and_surt_examples() -> None:
    # Examples from w3lib's canonicalize_url docstring and the surt package's README.
    w3lib = [
        ("http://www.example.com/do?c=3&b=5&b=2&a=50", "http://www.example.com/do?a=50&b=2&b=5&c=3"),
        ("http://www.example.com/r\u00e9sum\u00e9", "http://www.example.com/r%C3%A9sum%C3%A9"),
        ("http://[::0:1]/a/../b", "http://[::1]/b"),
    ]
    for url, expected in w3lib:
        assert weburl.normalize(url, "w3lib") == expected
    assert weburl.surt("http://archive.org/goo/?a=2&b&a=1") == "org,archive)/goo?a=1&a=2&b"
    assert weburl.surt("http://www.archive.org/") == "org,archive)/"
    with pytest.raises(ValueError, match="unknown profile"):
        weburl.normalize("http://a/", "W3LIB")
