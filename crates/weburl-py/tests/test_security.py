"""Public suffixes, registrable domains, address spaces and the URL policy."""

import pathlib
from typing import Any

import pyarrow as pa
import pytest

import weburl
import weburl.arrow as wa
from weburl import URL, Policy, Refused

DATA = pathlib.Path(__file__).resolve().parents[2] / "weburl-bench" / "data"

#: The URL Standard's example table of public suffixes and registrable domains
#: (https://url.spec.whatwg.org/#example-host-psl; the URL Standard is CC BY 4.0, WHATWG).
#: Host input, public suffix, registrable domain (None: null).
SPEC_TABLE: list[tuple[str, str | None, str | None]] = [
    ("com", "com", None),
    ("example.com", "com", "example.com"),
    ("www.example.com", "com", "example.com"),
    ("sub.www.example.com", "com", "example.com"),
    ("EXAMPLE.COM", "com", "example.com"),
    ("example.com.", "com.", "example.com."),
    ("github.io", "github.io", None),
    ("whatwg.github.io", "github.io", "whatwg.github.io"),
    ("إختبار", "xn--kgbechtv", None),
    ("example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"),
    ("sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"),
    ("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None),
]


@pytest.mark.parametrize("host,suffix,domain", SPEC_TABLE)
def test_the_spec_table(host: str, suffix: str | None, domain: str | None) -> None:
    url = URL(f"https://{host}/")
    assert (url.public_suffix, url.registrable_domain) == (suffix, domain)
    assert wa.public_suffix([url.href]).to_pylist() == [suffix]
    assert wa.registrable_domain([url.href]).to_pylist() == [domain]


def test_icann_only() -> None:
    url = URL("https://whatwg.github.io/")
    assert (url.public_suffix_in(), url.registrable_domain_in()) == ("io", "github.io")
    assert url.public_suffix_in(icann_only=False) == url.public_suffix == "github.io"
    assert url.registrable_domain_in(False) == url.registrable_domain == "whatwg.github.io"


def test_no_domain() -> None:
    for text in ["http://127.0.0.1/", "http://[::1]/", "foo://opaque/", "file:///x", "data:,x"]:
        url = URL(text)
        assert url.public_suffix is None and url.registrable_domain is None
        assert url.public_suffix_in() is None and url.registrable_domain_in() is None


@pytest.fixture(scope="module")
def inputs(urltestdata: list[dict[str, Any]]) -> list[str | None]:
    texts: list[str | None] = [c["input"] for c in urltestdata]
    for name in ["web_links.txt", "kasztp.txt", "isaacs_files.txt"]:
        texts += (DATA / name).read_text(encoding="utf-8").splitlines()[:3000]
    texts += [None, "", "https://co.uk/", "https://a.b.example.com./"]
    return texts


def scalar(text: str | None, name: str, icann_only: bool) -> str | None:
    url = None if text is None else URL.parse(text)
    if url is None:
        return None
    if name == "public_suffix":
        return url.public_suffix_in(icann_only)
    return url.registrable_domain_in(icann_only)


@pytest.mark.parametrize("icann_only", [False, True])
@pytest.mark.parametrize("name", ["public_suffix", "registrable_domain"])
def test_arrow_matches_the_scalar_api(inputs: list[str | None], name: str, icann_only: bool) -> None:
    function = getattr(wa, name)
    expected = [scalar(t, name, icann_only) for t in inputs]
    assert sum(e is not None for e in expected) > 1000
    assert function(inputs, icann_only=icann_only).to_pylist() == expected
    for kind in [pa.string(), pa.large_string(), pa.string_view()]:
        result = pa.array(function(pa.array(inputs, kind), icann_only=icann_only))
        assert result.type == pa.string()
        assert result.to_pylist() == expected
    chunked = pa.chunked_array([inputs[:100], inputs[100:]], pa.string())
    assert function(chunked, icann_only=icann_only).to_pylist() == expected


@pytest.mark.parametrize(
    "text,space,host_type",
    [
        ("http://0x7f.1/", "loopback", "ipv4"),
        ("http://[::1]/", "loopback", "ipv6"),
        ("http://[::ffff:127.0.0.1]/", "loopback", "ipv6"),
        ("http://localhost/", "loopback", "domain"),
        ("http://10.1.2.3/", "local", "ipv4"),
        ("http://192.168.0.1/", "local", "ipv4"),
        ("http://[fd00::1]/", "local", "ipv6"),
        ("http://8.8.8.8/", "public", "ipv4"),
        ("https://example.com/", None, "domain"),
        ("foo://h/", None, "opaque"),
        ("file:///etc/passwd", None, "empty"),
        ("mailto:a@b", None, None),
    ],
)
def test_address_space_and_host_type(text: str, space: str | None, host_type: str | None) -> None:
    url = URL(text)
    assert (url.address_space, url.host_type) == (space, host_type)


REFUSED = [
    # (policy keyword arguments, input, rule)
    ({}, "http://0x7f.1/", "address-space"),
    ({}, "http://[::ffff:127.0.0.1]/", "address-space"),
    ({}, "http://localhost:8080/", "address-space"),
    ({}, "http://10.0.0.1/", "address-space"),
    ({}, "http://evil.com\\@good.com/", "engines-disagree"),
    ({}, "https://user:pw@example.com/", "credentials"),
    ({}, "https://user@example.com/", "credentials"),
    ({}, "ftp://example.com/", "scheme"),
    ({}, "not a url", "unparsable"),
    ({"ports": [443]}, "https://example.com:8443/", "port"),
    ({"ports": [443]}, "http://example.com/", "port"),
    ({"allow_sites": ["example.com"]}, "https://example.org/", "site-not-allowed"),
    ({"allow_sites": ["example.com"]}, "https://8.8.8.8/", "site-not-allowed"),
    ({"deny_sites": ["example.com"]}, "https://a.b.EXAMPLE.com/", "site-denied"),
    ({"allow_hosts": ["*.example.com"]}, "https://example.org/", "host-not-allowed"),
    ({"deny_hosts": ["*.example.com"]}, "https://api.example.com/", "host-denied"),
    ({"preset": "none", "deny": ["public"]}, "http://8.8.8.8/", "address-space"),
    ({"preset": "none", "schemes": ["https"]}, "http://example.com/", "scheme"),
    ({"preset": "none", "credentials": False}, "http://a:b@example.com/", "credentials"),
]


@pytest.mark.parametrize("kwargs,text,rule", REFUSED)
def test_refusals(kwargs: dict[str, Any], text: str, rule: str) -> None:
    policy = Policy(**kwargs)
    with pytest.raises(Refused) as info:
        policy.check(text)
    assert info.value.rule == rule
    assert isinstance(info.value, weburl.URLError) and isinstance(info.value, ValueError)
    assert str(info.value)


ALLOWED = [
    ({}, "https://example.com/a", "https://example.com/a"),
    ({}, "HTTP://EXAMPLE.com:8080/", "http://example.com:8080/"),
    ({"ports": [443]}, "https://example.com/", "https://example.com/"),
    ({"allow_sites": ["example.com"]}, "https://a.b.example.com/", "https://a.b.example.com/"),
    ({"allow_hosts": ["*.example.com"]}, "https://x.example.com/", "https://x.example.com/"),
    ({"preset": "none"}, "http://user:pw@127.0.0.1/", "http://user:pw@127.0.0.1/"),
    ({"credentials": True}, "https://u@example.com/", "https://u@example.com/"),
    ({"deny": []}, "http://127.0.0.1/", "http://127.0.0.1/"),
    ({"engines_agree": False}, "http://evil.com\\@good.com/", "http://evil.com/@good.com/"),
]


@pytest.mark.parametrize("kwargs,text,href", ALLOWED)
def test_allowed(kwargs: dict[str, Any], text: str, href: str) -> None:
    url = Policy(**kwargs).check(text)
    assert isinstance(url, URL) and url.href == href


def test_check_with_a_base() -> None:
    policy = Policy()
    assert policy.check("/x", "https://example.com/a").href == "https://example.com/x"
    assert policy.check("/x", URL("https://example.com/a")).href == "https://example.com/x"
    with pytest.raises(Refused) as info:
        policy.check("//127.0.0.1/", "https://example.com/")
    assert info.value.rule == "address-space"
    with pytest.raises(weburl.URLError):
        policy.check("/x", "not a base")


def test_the_message_is_the_refusals() -> None:
    with pytest.raises(Refused) as info:
        Policy(ports=[443]).check("https://example.com:8443/")
    assert str(info.value) == "the port 8443 is not allowed"
    assert info.value.rules == ("port",)


def test_every_rule_that_failed_is_listed() -> None:
    with pytest.raises(Refused) as info:
        Policy(ports=[443]).check("ftp://u:p@127.0.0.1:21/")
    assert info.value.rule == "scheme"
    assert info.value.rules == ("scheme", "credentials", "port", "address-space")
    assert str(info.value).count("; ") == 3


def test_default_agreement_is_todays_fetchers() -> None:
    # RFC 1808 reads the host "hooks.example.com?token=abc"; no fetcher in use today does.
    assert Policy().check("https://hooks.example.com?token=abc").href == "https://hooks.example.com/?token=abc"
    with pytest.raises(Refused) as info:
        Policy().check("http://evil.com\\@good.com/")
    assert info.value.rules == ("engines-disagree",)
    assert "fetcher reads" in str(info.value)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"allow_hosts": ["exa mple.com"]},
        {"deny_hosts": ["http://x/"]},
        {"allow_sites": [""]},
        {"deny": ["private"]},
        {"preset": "strict"},
    ],
)
def test_bad_arguments(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Policy(**kwargs)


def test_bad_port() -> None:
    with pytest.raises((ValueError, OverflowError, TypeError)):
        Policy(ports=[70000])


#: Addresses with their space and special block name (None: an ordinary address). The
#: blocks are those of the IANA IPv4 and IPv6 Special-Purpose Address Registries.
ADDRESSES: list[tuple[str, str, str | None]] = [
    ("127.0.0.1", "loopback", "Loopback"),
    ("127.255.1.2", "loopback", "Loopback"),
    ("::1", "loopback", "Loopback Address"),
    ("::ffff:127.0.0.1", "loopback", "IPv4-mapped Address"),
    ("64:ff9b::7f00:1", "loopback", "IPv4-IPv6 Translat."),
    ("10.1.2.3", "local", "Private-Use"),
    ("169.254.169.254", "local", "Link Local"),
    ("100.64.0.1", "local", "Shared Address Space"),
    ("0.0.0.0", "local", "This host on this network"),
    ("fd00::1", "local", "Unique-Local"),
    ("fe80::1", "local", "Link-Local Unicast"),
    ("fe80::1%eth0", "local", "Link-Local Unicast"),
    ("::ffff:192.168.1.1", "local", "IPv4-mapped Address"),
    ("64:ff9b::a9fe:a9fe", "local", "IPv4-IPv6 Translat."),
    ("224.0.0.1", "local", "Multicast"),
    ("8.8.8.8", "public", None),
    ("93.184.215.14", "public", None),
    ("2606:4700::1111", "public", None),
    ("64:ff9b::808:808", "public", "IPv4-IPv6 Translat."),
]


@pytest.mark.parametrize("text,space,block", ADDRESSES)
def test_ip_address_space_and_special_block(text: str, space: str, block: str | None) -> None:
    import ipaddress

    assert weburl.ip_address_space(text) == space
    found = weburl.special_block(text)
    assert (None if found is None else found.name) == block
    address = ipaddress.ip_address(text)
    assert weburl.ip_address_space(address) == space
    assert weburl.special_block(address) == found
    # The same answer as the URL's host.
    plain = text.split("%")[0]
    host = plain if address.version == 4 else f"[{plain}]"
    assert URL(f"http://{host}/").address_space == space
    if found is not None:
        assert found.space in ("loopback", "local", "public")
        assert str(found).startswith(found.prefix + " (" + found.name)
        assert hash(found) == hash(weburl.special_block(address))


def test_ip_arguments_are_checked() -> None:
    import ipaddress

    for bad in ["", "localhost", "1.2.3", "010.0.0.1", "[::1]", "::1%", "1.2.3.4%eth0", "127.0.0.1 "]:
        with pytest.raises(ValueError, match="does not appear to be an IPv4 or IPv6 address"):
            weburl.ip_address_space(bad)
    for wrong in [b"127.0.0.1", 2130706433, None, ipaddress.ip_network("10.0.0.0/8")]:
        with pytest.raises(TypeError, match="ip must be str"):
            weburl.ip_address_space(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            weburl.special_block(wrong)  # type: ignore[arg-type]
    # An interface is an address (a subclass).
    assert weburl.ip_address_space(ipaddress.ip_interface("10.0.0.1/8")) == "local"


def security_md_python() -> dict[str, Any]:
    """The Python block of docs/SECURITY.md, run: its names."""
    import re

    text = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "SECURITY.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", text, re.S)
    names: dict[str, Any] = {}
    exec(compile(block, "docs/SECURITY.md", "exec"), names)
    return names


def test_security_md_steps_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The docs' resolve-and-check code, with a stand-in resolver (no network)."""
    import socket

    names = security_md_python()
    webhook_target = names["webhook_target"]
    answers = {
        "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
        "rebind.example.com": ["93.184.215.14", "10.0.0.7"],
        "nat64.example.com": ["64:ff9b::7f00:1"],
        "linklocal.example.com": ["fe80::1%eth0"],
    }

    def getaddrinfo(host: str, port: int, *args: Any, **kwargs: Any) -> list[tuple[Any, ...]]:
        if host in answers:
            return [
                (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
                for a in answers[host]
            ]
        if host == "93.184.215.14":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (host, port))]
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    url, address = webhook_target("https://hooks.example.com/ping")
    assert (url.href, address) == ("https://hooks.example.com/ping", "93.184.215.14")
    assert webhook_target("https://93.184.215.14/")[1] == "93.184.215.14"
    with pytest.raises(PermissionError, match=r"10\.0\.0\.7, in the local address space \(10\.0\.0\.0/8"):
        webhook_target("https://rebind.example.com/")
    with pytest.raises(PermissionError, match="in the loopback address space"):
        webhook_target("https://nat64.example.com/")
    with pytest.raises(PermissionError, match="in the local address space"):
        webhook_target("https://linklocal.example.com/")
    with pytest.raises(Refused):
        webhook_target("https://hooks.example.com:8443/")
    with pytest.raises(OSError):
        webhook_target("https://unknown.example.com/")


def test_security_md_steps_resolve_localhost() -> None:
    """The same code with the real resolver, on a name that needs no network: the policy
    refuses localhost by its name, and an address that resolves to loopback is refused."""
    names = security_md_python()
    with pytest.raises(Refused):
        names["webhook_target"]("https://localhost/")
    names["POLICY"] = weburl.Policy(ports=[443], deny=[])
    with pytest.raises(PermissionError, match="loopback"):
        names["webhook_target"]("https://localhost/")
