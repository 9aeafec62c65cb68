"""Type stubs of weburl (the extension module weburl._weburl, re-exported)."""

import ipaddress
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Generic, Literal, TypedDict, TypeVar, final

from . import arrow as arrow

__all__ = [
    "URL",
    "URLError",
    "URLPattern",
    "URLPatternError",
    "URLPatternSet",
    "Policy",
    "Refused",
    "SpecialBlock",
    "URLSearchParams",
    "ValidationIssue",
    "arrow",
    "compare",
    "ip_address_space",
    "join",
    "links",
    "normalize",
    "special_block",
    "surt",
    "validate",
]

class URLError(ValueError): ...

class URLPatternError(ValueError):
    component: str | None
    offset: int | None
    needs_base: bool

class URLPatternInit(TypedDict, total=False):
    protocol: str
    username: str
    password: str
    hostname: str
    port: str
    pathname: str
    search: str
    hash: str
    baseURL: str

class URLPatternComponentResult(TypedDict):
    input: str
    groups: dict[str, str | None]

URLPatternResult = TypedDict(
    "URLPatternResult",
    {
        "inputs": list[str | URL | URLPatternInit],
        "protocol": URLPatternComponentResult,
        "username": URLPatternComponentResult,
        "password": URLPatternComponentResult,
        "hostname": URLPatternComponentResult,
        "port": URLPatternComponentResult,
        "pathname": URLPatternComponentResult,
        "search": URLPatternComponentResult,
        "hash": URLPatternComponentResult,
    },
)

@final
class URLPattern:
    def __init__(
        self,
        input: str | URLPatternInit | None = None,
        base: str | URL | None = None,
        *,
        ignore_case: bool = False,
        untrusted: bool = False,
        regexp_groups: bool | None = None,
        max_pattern_length: int | None = None,
        backtracking_regexps: bool | None = None,
        max_regexp_steps: int | None = None,
    ) -> None: ...
    def test(self, input: str | URL | URLPatternInit | None = None, base: str | URL | None = None) -> bool: ...
    def exec(
        self, input: str | URL | URLPatternInit | None = None, base: str | URL | None = None
    ) -> URLPatternResult | None: ...
    @property
    def protocol(self) -> str: ...
    @property
    def username(self) -> str: ...
    @property
    def password(self) -> str: ...
    @property
    def hostname(self) -> str: ...
    @property
    def port(self) -> str: ...
    @property
    def pathname(self) -> str: ...
    @property
    def search(self) -> str: ...
    @property
    def hash(self) -> str: ...
    @property
    def has_regexp_groups(self) -> bool: ...
    @staticmethod
    def compare_component(component: str, left: URLPattern, right: URLPattern) -> int: ...
    def generate(self, component: str, groups: Mapping[str, str], *, strict: bool = False) -> str: ...

_V = TypeVar("_V")

@final
class URLPatternSet(Generic[_V]):
    def __init__(
        self,
        *,
        untrusted: bool = False,
        regexp_groups: bool | None = None,
        max_pattern_length: int | None = None,
        backtracking_regexps: bool | None = None,
        max_regexp_steps: int | None = None,
    ) -> None: ...
    def add(self, pattern: URLPattern | str | URLPatternInit, value: _V) -> None: ...
    def first_match(self, url: str | URL, base: str | URL | None = None) -> tuple[_V, URLPatternResult] | None: ...
    @staticmethod
    def best_match_order() -> tuple[str, ...]: ...
    def best_match(self, url: str | URL, base: str | URL | None = None) -> tuple[_V, URLPatternResult] | None: ...
    def matches(self, url: str | URL, base: str | URL | None = None) -> list[tuple[_V, URLPatternResult]]: ...
    def __len__(self) -> int: ...

class Refused(URLError):
    rule: str
    rules: tuple[str, ...]

AddressSpace = Literal["loopback", "local", "public"]
HostType = Literal["domain", "ipv4", "ipv6", "opaque", "empty"]

@final
class Policy:
    def __init__(
        self,
        preset: Literal["public-web", "none"] = "public-web",
        *,
        schemes: Sequence[str] | None = None,
        ports: Sequence[int] | None = None,
        deny: Sequence[AddressSpace] | None = None,
        allow_hosts: Sequence[str] = (),
        deny_hosts: Sequence[str] = (),
        allow_sites: Sequence[str] = (),
        deny_sites: Sequence[str] = (),
        credentials: bool | None = None,
        engines_agree: bool | None = None,
    ) -> None: ...
    def check(self, url: str, base: str | URL | None = None) -> URL: ...

@final
class SpecialBlock:
    @property
    def prefix(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def reference(self) -> str: ...
    @property
    def globally_reachable(self) -> bool | None: ...
    @property
    def space(self) -> AddressSpace: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class URL:
    def __init__(self, url: str, base: str | URL | None = None) -> None: ...
    @staticmethod
    def parse(url: str, base: str | URL | None = None) -> URL | None: ...
    @staticmethod
    def can_parse(url: str, base: str | URL | None = None) -> bool: ...
    href: str
    @property
    def origin(self) -> str: ...
    protocol: str
    username: str
    password: str
    host: str
    hostname: str
    port: str
    pathname: str
    search: str
    hash: str
    @property
    def search_params(self) -> URLSearchParams: ...
    @property
    def public_suffix(self) -> str | None: ...
    @property
    def registrable_domain(self) -> str | None: ...
    def public_suffix_in(self, icann_only: bool = True) -> str | None: ...
    def registrable_domain_in(self, icann_only: bool = True) -> str | None: ...
    @property
    def address_space(self) -> AddressSpace | None: ...
    @property
    def host_type(self) -> HostType | None: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __copy__(self) -> URL: ...
    def __deepcopy__(self, memo: object) -> URL: ...
    def __reduce__(self) -> tuple[type[URL], tuple[str]]: ...

@final
class URLSearchParams:
    def __init__(
        self,
        init: str | URLSearchParams | Mapping[str, str] | Iterable[tuple[str, str] | list[str]] | None = "",
    ) -> None: ...
    def append(self, name: str, value: str) -> None: ...
    def delete(self, name: str, value: str | None = None) -> None: ...
    def get(self, name: str) -> str | None: ...
    def get_all(self, name: str) -> list[str]: ...
    def has(self, name: str, value: str | None = None) -> bool: ...
    def set(self, name: str, value: str) -> None: ...
    def sort(self) -> None: ...
    def __len__(self) -> int: ...
    def __contains__(self, name: object) -> bool: ...
    def __iter__(self) -> Iterator[tuple[str, str]]: ...
    def __eq__(self, other: object) -> bool: ...
    __hash__: None  # type: ignore[assignment]

@final
class ValidationIssue:
    @property
    def name(self) -> str: ...
    @property
    def offset(self) -> int: ...
    @property
    def message(self) -> str: ...

class CompareRow(TypedDict):
    engine: str
    href: str | None
    host: str | None
    error: str | None

class Link(TypedDict):
    element: str
    attribute: str
    raw: str
    url: str | None
    error: str | None
    line: int
    column: int

Profile = Literal["spec", "dedup", "w3lib", "surt"]

def join(base: str | URL, ref: str) -> str: ...
def normalize(
    url: str | URL,
    profile: Profile = "spec",
    *,
    drop_index: bool = False,
    strip_tracking: bool = False,
    keep_fragment: bool = False,
) -> str: ...
def surt(url: str | URL, *, drop_index: bool = False, strip_tracking: bool = False) -> str: ...
def validate(url: str, base: str | URL | None = None) -> list[ValidationIssue]: ...
def compare(url: str, base: str | None = None) -> list[CompareRow]: ...
def links(document: bytes, url: str | URL | None = None, encoding: str | None = None) -> list[Link]: ...
def ip_address_space(ip: str | ipaddress.IPv4Address | ipaddress.IPv6Address) -> AddressSpace: ...
def special_block(ip: str | ipaddress.IPv4Address | ipaddress.IPv6Address) -> SpecialBlock | None: ...
