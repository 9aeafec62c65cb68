"""weburl.arrow against the scalar API."""

import pathlib
from typing import Any

import pyarrow as pa
import pytest

import weburl
import weburl.arrow as wa
from weburl import URL

COMPONENTS = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
    "pathname", "search", "hash",
]
DATA = pathlib.Path(__file__).resolve().parents[2] / "weburl-bench" / "data"


def scalar_row(text: str | None, base: str | None = None) -> dict[str, str] | None:
    if text is None:
        return None
    url = URL.parse(text, base)
    return None if url is None else {c: getattr(url, c) for c in COMPONENTS}


@pytest.fixture(scope="module")
def inputs(urltestdata: list[dict[str, Any]]) -> list[str | None]:
    texts: list[str | None] = [c["input"] for c in urltestdata]
    for name in ["web_links.txt", "kasztp.txt", "isaacs_files.txt"]:
        texts += (DATA / name).read_text(encoding="utf-8").splitlines()[:3000]
    texts += [None, "", None]
    return texts


def test_parse_matches_the_scalar_api(inputs: list[str | None]) -> None:
    expected = [scalar_row(t) for t in inputs]
    assert wa.parse(inputs).to_pylist() == expected
    result = pa.array(wa.parse(pa.array(inputs, pa.string())))
    assert result.type == pa.struct([(c, pa.string_view()) for c in COMPONENTS])
    assert result.to_pylist() == expected
    assert result.null_count == sum(e is None for e in expected)
    assert pa.array(wa.parse(pa.array(inputs, pa.large_string()))).to_pylist() == expected
    assert pa.array(wa.parse(pa.array(inputs, pa.string_view()))).to_pylist() == expected


def test_parse_with_a_base(urltestdata: list[dict[str, Any]]) -> None:
    base = "http://example.org/foo/bar"
    texts = [c["input"] for c in urltestdata if c.get("base") == base]
    assert len(texts) > 50
    assert wa.parse(texts, base).to_pylist() == [scalar_row(t, base) for t in texts]
    assert wa.parse(texts, URL(base)).to_pylist() == [scalar_row(t, base) for t in texts]
    assert wa.can_parse(texts, base).to_pylist() == [URL.can_parse(t, base) for t in texts]
    with pytest.raises(weburl.URLError):
        wa.parse(texts, "not a base")


@pytest.mark.parametrize("name", COMPONENTS)
def test_component(inputs: list[str | None], name: str) -> None:
    expected = [None if r is None else r[name] for r in (scalar_row(t) for t in inputs)]
    assert wa.component(pa.array(inputs), name).to_pylist() == expected
    assert pa.array(wa.component(inputs, name)).type == pa.string()


def test_component_name_is_checked() -> None:
    with pytest.raises(ValueError, match="unknown component"):
        wa.component(["https://a/"], "scheme")


def test_can_parse(inputs: list[str | None]) -> None:
    expected = [None if t is None else URL.can_parse(t) for t in inputs]
    assert wa.can_parse(inputs).to_pylist() == expected
    assert pa.array(wa.can_parse(pa.array(inputs))).to_pylist() == expected


@pytest.mark.parametrize("profile", ["spec", "dedup", "w3lib", "surt"])
def test_normalize(inputs: list[str | None], profile: str) -> None:
    def one(t: str | None) -> str | None:
        return None if t is None or not URL.can_parse(t) else weburl.normalize(t, profile)

    assert wa.normalize(pa.array(inputs), profile).to_pylist() == [one(t) for t in inputs]
    with pytest.raises(ValueError):
        wa.normalize(inputs, "nope")


def test_chunked_arrays_and_slices(inputs: list[str | None]) -> None:
    chunked = pa.chunked_array([inputs[:100], inputs[100:150], [], inputs[150:400]])
    assert wa.component(chunked, "href").to_pylist() == wa.component(inputs[:400], "href").to_pylist()
    table = pa.table({"url": chunked})
    assert len(wa.parse(table["url"])) == 400
    sliced = pa.array(inputs[:400]).slice(37, 101)
    assert wa.component(sliced, "host").to_pylist() == wa.component(inputs[37:138], "host").to_pylist()


def test_empty_and_all_null() -> None:
    assert wa.parse([]).to_pylist() == []
    assert len(pa.array(wa.parse(pa.array([], pa.string())))) == 0
    assert wa.parse(pa.array([None, None], pa.string())).to_pylist() == [None, None]


def test_wrong_inputs() -> None:
    with pytest.raises(TypeError, match="array of strings"):
        wa.parse(pa.array([1, 2]))
    with pytest.raises(TypeError):
        wa.parse(42)
    with pytest.raises(TypeError):
        wa.parse(["https://a/", 3])
    with pytest.raises(TypeError):
        wa.parse("https://a/")  # a str is not a batch


def test_result_object() -> None:
    result = wa.parse(["https://a.example/"])
    assert len(result) == 1
    assert result.type.startswith("struct<href: string_view, origin: string_view")
    assert "struct" in repr(result)
    # The capsules can be consumed more than once (each call exports anew).
    assert pa.array(result).equals(pa.array(result))
    assert pa.schema([pa.field("u", pa.array(result).type)]).field("u").type.num_fields == 11


def test_hostile_batch() -> None:
    texts = ["http://a/" + "../" * 200_000, "http://" + "a." * 300_000 + "/", "\ud800" * 1000]
    got = wa.component(texts, "href").to_pylist()
    assert got == [None if URL.parse(t) is None else URL(t).href for t in texts]
