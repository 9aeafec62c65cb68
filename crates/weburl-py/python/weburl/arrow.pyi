"""Type stubs of weburl.arrow."""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, Protocol, final

from . import URL, URLPattern, URLPatternInit

__all__ = [
    "Array",
    "can_parse",
    "component",
    "error_name",
    "normalize",
    "parse",
    "parse_url",
    "pattern_exec",
    "pattern_generate",
    "pattern_group",
    "pattern_test",
    "public_suffix",
    "registrable_domain",
    "route",
    "search_param",
    "search_params",
]

class ArrowArrayExportable(Protocol):
    def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[object, object]: ...

class ArrowStreamExportable(Protocol):
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object: ...

#: What the functions take: Arrow string data (utf8, large_utf8, utf8_view; an array, a
#: stream, or a table of one such column), or an iterable of str with None (or NaN,
#: pandas.NA) for a missing value, such as a list or a pandas Series.
ArrowStrings = ArrowArrayExportable | ArrowStreamExportable | Iterable[str | float | None]

Component = Literal[
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
    "pathname", "search", "hash",
]

@final
class Array:
    def __arrow_c_array__(self, requested_schema: object | None = None) -> tuple[object, object]: ...
    def __arrow_c_schema__(self) -> object: ...
    def __len__(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def name(self) -> str: ...
    def to_pylist(self) -> list[Any]: ...

def parse(array: ArrowStrings, base: str | URL | None = None) -> Array: ...
def component(array: ArrowStrings, name: Component, base: str | URL | None = None) -> Array: ...
def normalize(
    array: ArrowStrings,
    profile: Literal["spec", "dedup", "w3lib", "surt"] = "spec",
    *,
    drop_index: bool = False,
    strip_tracking: bool = False,
    keep_fragment: bool = False,
) -> Array: ...
def can_parse(array: ArrowStrings, base: str | URL | None = None) -> Array: ...
def public_suffix(array: ArrowStrings, *, icann_only: bool = False) -> Array: ...
def registrable_domain(array: ArrowStrings, *, icann_only: bool = False) -> Array: ...
def error_name(array: ArrowStrings, base: str | URL | None = None) -> Array: ...
def pattern_test(
    array: ArrowStrings,
    pattern: str | URLPatternInit | URLPattern,
    *,
    base: str | URL | None = None,
    ignore_case: bool = False,
    untrusted: bool = False,
) -> Array: ...
def pattern_exec(
    array: ArrowStrings,
    pattern: str | URLPatternInit | URLPattern,
    *,
    base: str | URL | None = None,
    ignore_case: bool = False,
    untrusted: bool = False,
) -> Array: ...
def pattern_group(
    array: ArrowStrings,
    pattern: str | URLPatternInit | URLPattern,
    name: str,
    *,
    base: str | URL | None = None,
    ignore_case: bool = False,
    untrusted: bool = False,
) -> Array: ...
def route(
    array: ArrowStrings,
    routes: Mapping[str, str | Mapping[str, Any]] | Sequence[str | Mapping[str, Any]] | str,
    *,
    best: bool = False,
    base: str | None = None,
    untrusted: bool = False,
) -> Array: ...
def pattern_generate(
    array: ArrowStrings,
    component: str,
    groups: dict[str, str] | str,
    *,
    base: str | None = None,
    strict: bool = False,
    untrusted: bool = False,
) -> Array: ...
def parse_url(array: ArrowStrings, part: str, key: str | None = None) -> Array: ...
def search_param(array: ArrowStrings, name: str) -> Array: ...
def search_params(array: ArrowStrings) -> Array: ...
