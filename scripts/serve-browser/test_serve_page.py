"""The `weburl serve` page in a real headless Chromium, driven through WebDriver.

Run by scripts/test-serve-browser.sh, which installs Chromium, chromedriver, selenium and
pytest, builds the CLI and sets WEBURL_BIN. Each case types a URL (and a base and an
encoding) into the page as a user does and checks what the page rendered through its data
attributes (docs/SERVE.md): every component, canonical form, engine href, validation error
and the policy verdict against the JSON API's answer for the same input, plus hand-written
expectations that pin the answers themselves. Another test loads fragment links and checks
the same without typing. The screenshots go to SERVE_SCREENSHOT_DIR (default
target/serve-browser).
"""

import json
import os
import subprocess
import urllib.parse
import urllib.request

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHOTS = os.environ.get("SERVE_SCREENSHOT_DIR", os.path.join(ROOT, "target", "serve-browser"))

# (url, base, encoding, expectations). Expectations: "components" {name: value},
# "errors" [(spec name, byte offset)], "engines" {engine: href}, "differs" {engine:
# difference}, "forms" {profile: output}, "verdict", "rules" [rule], "host" {data-host:
# text}, "params" [(name, value)], "failure" (a substring), "removed" [text].
CASES = [
    # The diagram: what is removed, and every component.
    ("https://user:pw@EXAMPLE.com:8080/a/./b/../c?q=1&q=2#top", "", "", {
        "components": {"href": "https://user:pw@example.com:8080/a/c?q=1&q=2#top", "origin": "https://example.com:8080",
                       "username": "user", "password": "pw", "port": "8080", "pathname": "/a/c", "search": "?q=1&q=2", "hash": "#top"},
        "params": [("q", "1"), ("q", "2")],
        "removed": [".", ".."],
        "errors": [("invalid-credentials", 15)],
        "rules": ["credentials"],
        "spark": {"HOST": "EXAMPLE.com", "PATH": "/a/./b/../c", "difference": "same"},
        "verdict": "refused"}),
    # Parser confusion: the URL Standard reads evil.example, the older engines good.example.
    ("http://evil.example\\@good.example/", "", "", {
        "components": {"hostname": "evil.example", "pathname": "/@good.example/"},
        "engines": {"whatwg": "http://evil.example/@good.example/", "html5-2011": "http://evil.example/@good.example/"},
        "differs": {"html5-2011": "host", "rfc1808": "host", "rfc3986": "failed", "whatwg": "same"},
        "errors": [("invalid-reverse-solidus", 19)],
        "spark": {"difference": "failed"},
        "verdict": "refused", "rules": ["engines-disagree"]}),
    # A validation error with its offset, in the middle of the input.
    ("https://example.com/a b", "", "", {
        "components": {"pathname": "/a%20b"}, "errors": [("invalid-URL-unit", 21)], "verdict": "allowed"}),
    # Non-UTF-8 encodings: the query is encoded in the document's encoding.
    ("http://example.com/?é", "", "windows-1252", {
        "components": {"href": "http://example.com/?%E9", "search": "?%E9"}, "params": [("\ufffd", "")]}),
    ("http://example.com/?名", "", "Shift_JIS", {"components": {"search": "?%96%BC"}}),
    ("http://example.com/?ü#ü", "", "ISO-8859-2", {"components": {"search": "?%FC", "hash": "#%C3%BC"}}),
    ("http://example.com/?é", "", "UTF-16LE", {"components": {"search": "?%C3%A9"}}),
    # Hosts: every IPv4 spelling, IPv6, IDNA, address spaces and blocks.
    ("http://0x7f.1/", "", "", {
        "components": {"host": "127.0.0.1"}, "host": {"kind": "ipv4", "ipv4-hex": "0x7f000001", "address-space": "loopback",
                                                      "block": "127.0.0.0/8 — Loopback (RFC 1122)"},
        "errors": [("IPv4-non-decimal-part", 7), ("IPv4-too-few-parts", 7)], "verdict": "refused", "rules": ["address-space"],
        "spark": {"HOST": None, "AUTHORITY": "0x7f.1", "difference": "host"}}),
    ("http://2130706433/", "", "", {"components": {"hostname": "127.0.0.1"}, "host": {"ipv4-decimal": "2130706433"}}),
    ("http://[::ffff:10.0.0.1]/", "", "", {
        "components": {"hostname": "[::ffff:a00:1]"}, "host": {"kind": "ipv6", "embedded-ipv4": "10.0.0.1", "address-space": "local"},
        "verdict": "refused"}),
    ("https://[2001:db8::1]:8443/", "", "", {"host": {"ipv6-expanded": "2001:0db8:0000:0000:0000:0000:0000:0001", "address-space": "local"}}),
    ("http://169.254.169.254/latest/meta-data/", "", "", {"host": {"block": "169.254.0.0/16 — Link Local (RFC 3927)"}, "verdict": "refused"}),
    ("https://faß.ExAmple/", "", "", {"components": {"hostname": "xn--fa-hia.example"}, "host": {"unicode": "faß.example"},
                                      "differs": {"html5-2011": "host"}}),
    ("https://www.example.co.uk/", "", "", {"host": {"public-suffix": "co.uk", "registrable-domain": "example.co.uk", "site": "https://example.co.uk"},
                                            "verdict": "allowed"}),
    ("https://whatwg.github.io/x", "", "", {"host": {"public-suffix": "github.io", "registrable-domain": "whatwg.github.io"}}),
    ("http://localhost:3000/", "", "", {"host": {"address-space": "loopback"}, "rules": ["address-space"]}),
    ("sc://Opaque.Host/x", "", "", {"components": {"host": "Opaque.Host", "origin": "null"}, "host": {"kind": "opaque"}, "rules": ["scheme"]}),
    ("file:///C:/Windows/../x", "", "", {"components": {"pathname": "/C:/x"}, "host": {"kind": "empty"}}),
    ("mailto:someone@example.org?subject=hi", "", "", {"components": {"pathname": "someone@example.org", "host": ""},
                                                      "host": {"kind": "null"}, "params": [("subject", "hi")]}),
    ("data:text/plain,hello world", "", "", {"components": {"pathname": "text/plain,hello world", "origin": "null"}}),
    # Relative references against a base.
    ("../c?x#y", "http://EXAMPLE.com/a/b", "", {"components": {"href": "http://example.com/c?x#y"}, "removed": [".."]}),
    ("g;x?y#s", "http://a/b/c/d;p?q", "", {"components": {"href": "http://a/b/c/g;x?y#s"}}),
    (";x", "http://a/b/c/d;p?q", "", {"engines": {"whatwg": "http://a/b/c/;x", "rfc1808": "http://a/b/c/d;x"}, "differs": {"rfc1808": "href"}}),
    ("//other.example/p", "https://example.com/", "", {"components": {"href": "https://other.example/p"}}),
    ("?q=a+b&r=%41", "https://example.com/x", "", {"params": [("q", "a b"), ("r", "A")]}),
    # Failures.
    ("http://a:99999/", "", "", {"failure": "port", "errors": [("port-out-of-range", 9)], "rules": ["unparsable"], "verdict": "refused"}),
    ("not a url", "", "", {"failure": "relative URL without a base", "errors": [("missing-scheme-non-relative-URL", 0)]}),
    ("http://[::1/", "", "", {"failure": "IPv6", "errors": [("IPv6-unclosed", 7)]}),
    # Canonical forms.
    ("http://www.Example.com/do?b=2&a#f", "", "", {"forms": {"spec": "http://www.example.com/do?b=2&a#f", "w3lib": "http://www.example.com/do?a=&b=2",
                                                              "surt": "com,example)/do?a&b=2"}}),
    ("HTTPS://Example.com:443/%7Efoo/./index.html?utm_source=x", "", "", {"forms": {"spec": "https://example.com/%7Efoo/index.html?utm_source=x", "dedup": "https://example.com/~foo/index.html?utm_source=x"}}),
    # More validation errors at their offsets.
    ("https:example.com", "", "", {"errors": [("special-scheme-missing-following-solidus", 6)], "components": {"href": "https://example.com/"},
                                    "rules": ["engines-disagree"]}),
    ("http://example.com/%zz", "", "", {"errors": [("invalid-URL-unit", 19)]}),
    ("https://ex%41mple.com/", "", "", {"components": {"hostname": "example.com"}, "errors": [("domain-percent-encoded", 8)]}),
    ("http://1.2.3.4.5/", "", "", {"failure": "IPv4", "errors": [("IPv4-too-many-parts", 7)]}),
    ("wss://example.com/chat", "", "", {"rules": ["scheme"], "components": {"protocol": "wss:"}}),
    # The URLPattern tester: a match and its groups, a miss, a pattern against the base.
    ("https://shop.example.com/books/42?x=1", "", "", {"pattern": "https://*.example.com/books/:id",
                                                      "match": "true", "groups": {"0": "shop", "id": "42"}}),
    ("https://example.com/authors/7", "", "", {"pattern": "https://example.com/books/:id", "match": "false"}),
    ("/books/9", "https://example.com/", "", {"pattern": "/books/:id(\\d+)", "match": "true", "groups": {"id": "9"}}),
    # Several patterns, one per line: the most specific of those that match is marked, and a
    # pattern that does not compile is an error.
    ("https://shop.example.com/books/new", "", "", {"pattern": "https://*.example.com/*\nhttps://shop.example.com/books/:id\nhttps://shop.example.com/books/new\nhttps://example.com/(",
        "match": "true", "most_specific": "2"}),
    ("https://example.com/", "", "", {"pattern": "https://example.com/(", "match": "error"}),
]

COMPONENTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"]
ENGINES = ["whatwg", "html5-2011", "web-addresses-2009", "rfc3986", "rfc1808"]


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen([os.environ["WEBURL_BIN"], "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    address = proc.stdout.readline().strip()
    assert address.startswith("http://127.0.0.1:"), address
    yield address
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
                "--force-device-scale-factor=1", "--lang=en-US"]:
        options.add_argument(arg)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    d = webdriver.Chrome(options=options, service=service)
    yield d
    d.quit()


def api(server, url, base, encoding, pattern=""):
    query = urllib.parse.urlencode({"url": url, "base": base, "encoding": encoding, "pattern": pattern}, quote_via=urllib.parse.quote)
    with urllib.request.urlopen(server + "api/inspect?" + query) as response:
        return json.load(response)


def wait_rendered(driver, url, base, encoding, pattern=""):
    WebDriverWait(driver, 15).until(lambda d: d.execute_script(
        "const b = document.body.dataset; return b.state === 'ready' && b.renderedUrl === arguments[0]"
        " && b.renderedBase === arguments[1] && b.renderedEncoding === arguments[2]"
        " && b.renderedPattern === arguments[3];", url, base, encoding, pattern))


def attr_text(driver, attr, name):
    cells = driver.find_elements(By.CSS_SELECTOR, f'[{attr}="{name}"]')
    assert len(cells) == 1, f"{attr}={name}: {len(cells)} elements"
    return cells[0].get_attribute("textContent")


def type_into(driver, element_id, text):
    field = driver.find_element(By.ID, element_id)
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    if text:
        field.send_keys(text)


def check_rendered(driver, server, url, base, encoding, expect):
    """`check_page` once the page shows these inputs. A late `input` or `change` event can
    schedule one more update of the same values, whose render replaces the elements while
    they are read (a stale element): then wait for that render and read the page again."""
    for attempt in range(3):
        wait_rendered(driver, url, base, encoding, expect.get("pattern", ""))
        try:
            check_page(driver, server, url, base, encoding, expect)
            return
        except StaleElementReferenceException:
            if attempt == 2:
                raise


def check_page(driver, server, url, base, encoding, expect):
    """The page shows the API's answer, and the answer is what `expect` says."""
    answer = api(server, url, base, encoding, expect.get("pattern", ""))
    # Components: the API's values (empty cells hold ""), or no value on failure.
    if answer["url"].get("failure"):
        failure = driver.find_element(By.CSS_SELECTOR, "[data-failure]").get_attribute("textContent")
        assert failure == answer["url"]["error"]
        assert expect.get("failure", "") in failure, failure
    else:
        assert "failure" not in expect, answer["url"]
        for name in COMPONENTS:
            assert attr_text(driver, "data-component", name) == answer["url"][name], name
    for name, value in expect.get("components", {}).items():
        assert attr_text(driver, "data-component", name) == value, name
    # Validation errors, by spec name and offset, in order; each underlined in the diagram.
    shown = [(li.get_attribute("data-error"), int(li.get_attribute("data-offset")))
             for li in driver.find_elements(By.CSS_SELECTOR, "#errors [data-error]")]
    assert shown == [(e["name"], e["offset"]) for e in answer["validation"]["errors"]]
    for name, offset in expect.get("errors", []):
        assert (name, offset) in shown, (name, offset, shown)
        marks = driver.find_elements(By.CSS_SELECTOR, f'#diagram-input [data-error-at="{offset}"]')
        assert marks and name in marks[0].get_attribute("data-errors").split(), (name, offset)
    if not expect.get("errors") and "errors" in expect:
        assert shown == []
    # Removed bytes in the input diagram.
    removed = [s.get_attribute("textContent") for s in driver.find_elements(By.CSS_SELECTOR, '#diagram-input [data-segment="removed"] .t')]
    for text in expect.get("removed", []):
        assert text in removed, (text, removed)
    # URLSearchParams.
    pairs = [(r.find_element(By.CSS_SELECTOR, "[data-param-name]").get_attribute("textContent"),
              r.find_element(By.CSS_SELECTOR, "[data-param-value]").get_attribute("textContent"))
             for r in driver.find_elements(By.CSS_SELECTOR, "#params tr")]
    if "params" in expect:
        assert pairs == expect["params"]
    # Host details.
    for name, value in expect.get("host", {}).items():
        if name == "kind" and value == "null":
            assert attr_text(driver, "data-host", "kind") == "null"
        else:
            assert attr_text(driver, "data-host", name) == value, name
    # Engines: every href (or error) as the API says, highlighted by difference.
    for row in answer["engines"]["results"] if answer["engines"] else []:
        cell = attr_text(driver, "data-engine", row["engine"])
        assert cell == (("error: " + row["error"]) if row.get("error") else row["href"]), row["engine"]
        tr = driver.find_element(By.CSS_SELECTOR, f'[data-engine-row="{row["engine"]}"]')
        assert tr.get_attribute("data-difference") == row["difference"]
    for engine, href in expect.get("engines", {}).items():
        assert attr_text(driver, "data-engine", engine) == href, engine
    for engine, difference in expect.get("differs", {}).items():
        tr = driver.find_element(By.CSS_SELECTOR, f'[data-engine-row="{engine}"]')
        assert tr.get_attribute("data-difference") == difference, engine
        if difference != "same":
            assert "diff-" + difference in tr.get_attribute("class")
    # Spark's parse_url: its row, and each part it reads.
    spark = answer["spark"]
    tr = driver.find_element(By.CSS_SELECTOR, '[data-engine-row="spark"]')
    assert tr.get_attribute("data-difference") == spark["difference"]
    if spark["valid"]:
        for name in ["PROTOCOL", "USERINFO", "HOST", "PATH", "QUERY", "REF"]:
            cell = driver.find_element(By.CSS_SELECTOR, f'[data-spark-part="{name}"]').get_attribute("textContent")
            value = spark["parts"][name]
            assert cell == ("NULL" if value is None else (value or "\u00a0")), name
    else:
        assert attr_text(driver, "data-engine", "spark") == "error: " + spark["error"]
    for name, value in expect.get("spark", {}).items():
        if name == "difference":
            assert spark["difference"] == value
        else:
            assert spark["parts"][name] == value, name
    # Canonical forms.
    for profile in ["spec", "dedup", "w3lib", "surt"]:
        form = answer["forms"][profile]
        assert attr_text(driver, "data-form", profile) == form.get("output", form.get("error")), profile
    for profile, value in expect.get("forms", {}).items():
        assert attr_text(driver, "data-form", profile) == value, profile
    # The URLPattern tester: the match and every group.
    if answer["pattern"] is None:
        assert not driver.find_elements(By.CSS_SELECTOR, "[data-match]")
    else:
        # One badge per pattern: "error" for one that does not compile (not "no match").
        badges = [b.get_attribute("data-match") for b in driver.find_elements(By.CSS_SELECTOR, "[data-match]")]
        assert badges == ["error" if p["error"] else "true" if p["match"] else "false" for p in answer["patterns"]], badges
        marked = [e.get_attribute("data-pattern-index") for e in driver.find_elements(By.CSS_SELECTOR, '[data-most-specific="true"]')]
        assert marked == [str(i) for i, p in enumerate(answer["patterns"]) if p["most_specific"]], marked
        # The groups shown are the most specific match's (the only pattern's, with one).
        shown = next((p for p in answer["patterns"] if p["most_specific"]), answer["pattern"])
        for g in shown["groups"] if shown["match"] else []:
            cell = driver.find_element(By.CSS_SELECTOR, f'[data-group="{g["name"]}"][data-group-component="{g["component"]}"]')
            assert cell.get_attribute("textContent") == ("null" if g["value"] is None else g["value"]), g
    if "match" in expect:
        assert driver.find_element(By.CSS_SELECTOR, "[data-match]").get_attribute("data-match") == expect["match"]
    if "most_specific" in expect:
        assert driver.find_element(By.CSS_SELECTOR, '[data-most-specific="true"]').get_attribute("data-pattern-index") == expect["most_specific"]
    for name, value in expect.get("groups", {}).items():
        assert attr_text(driver, "data-group", name) == value, name
    # The policy's verdict and every failed rule.
    verdict = driver.find_element(By.CSS_SELECTOR, "[data-verdict]").get_attribute("data-verdict")
    assert verdict == answer["policy"]["verdict"]
    if "verdict" in expect:
        assert verdict == expect["verdict"]
    rules = [li.get_attribute("data-rule") for li in driver.find_elements(By.CSS_SELECTOR, "#rules [data-rule]")]
    assert rules == [f["rule"] for f in answer["policy"]["failed"]]
    for rule in expect.get("rules", []):
        assert rule in rules, (rule, rules)


def test_typing(server, driver):
    assert len(CASES) >= 30
    driver.get(server)
    wait_rendered(driver, "https://user@EXAMPLE.com:443/a/./b/../c?q=1&q=2#top", "", "")
    for url, base, encoding, expect in CASES:
        type_into(driver, "url", url)
        type_into(driver, "base", base)
        Select(driver.find_element(By.ID, "encoding")).select_by_value(encoding)
        type_into(driver, "pattern", expect.get("pattern", ""))
        check_rendered(driver, server, url, base, encoding, expect)
        # The fragment now holds the state.
        fragment = urllib.parse.parse_qs(driver.execute_script("return location.hash.slice(1)"), keep_blank_values=True)
        assert fragment["url"] == [url]


def fragment_link(server, url, base="", encoding="", pattern=""):
    parts = [("url", url)] + [(k, v) for k, v in (("base", base), ("encoding", encoding), ("pattern", pattern)) if v]
    return server + "#" + "&".join(f"{k}={urllib.parse.quote(v, safe='')}" for k, v in parts)


def test_fragment_links(server, driver):
    # Tabs and newlines cannot be typed into a one-line input; a link carries them.
    extra = [("\thttp://exa\nmple.com/a\r\n ", "", "", {"components": {"hostname": "example.com"}, "removed": ["⇥", "↵", "␍↵␣"]})]
    for url, base, encoding, expect in CASES[:12] + CASES[-3:] + extra:
        driver.get("about:blank")
        driver.get(fragment_link(server, url, base, encoding, expect.get("pattern", "")))
        wait_rendered(driver, url, base, encoding, expect.get("pattern", ""))
        # The input shows the link's URL (a one-line input cannot hold newlines).
        assert driver.find_element(By.ID, "url").get_attribute("value") == url.replace("\n", "").replace("\r", "")
        check_rendered(driver, server, url, base, encoding, expect)


def test_keyboard_phone_width_and_screenshots(server, driver):
    os.makedirs(SHOTS, exist_ok=True)
    url, pattern = "https://user@EXAMPLE.com:8080/a/./b/../c d?q=1&lang=en#top", "https://*.com:*/a/:rest*"
    driver.get(fragment_link(server, url, pattern=pattern))
    wait_rendered(driver, url, "", "", pattern)
    # Keyboard only: the skip link, then the three fields in order.
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    order = []
    for _ in range(4):
        order.append(driver.switch_to.active_element.get_attribute("id") or driver.switch_to.active_element.get_attribute("class"))
        driver.switch_to.active_element.send_keys(Keys.TAB)
    assert order[:4] == ["skip", "url", "base", "encoding"], order
    # Every field has a label.
    for field in ["url", "base", "encoding"]:
        assert driver.find_element(By.CSS_SELECTOR, f'label[for="{field}"]').text
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, height + 100)
    wait_rendered(driver, url, "", "", pattern)
    # The screenshots show the page at rest, no field focused.
    driver.execute_script("document.activeElement.blur()")
    driver.save_screenshot(os.path.join(SHOTS, "serve.png"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.save_screenshot(os.path.join(SHOTS, "serve-dark.png"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    # Phone width: nothing wider than the screen. A window cannot be made that narrow in
    # headless Chromium (its minimum is wider), so the phone's viewport is emulated: 390 CSS
    # pixels, as an iPhone 12-15 has.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    assert driver.execute_script("return window.innerWidth") == 390
    driver.save_screenshot(os.path.join(SHOTS, "serve-phone.png"))
    phone_urls = [
        url,
        # An ordinary 80-character URL, a long host, IPv6, and a long path segment.
        "https://www.example-shop.co.uk/catalogue/garden/chairs?colour=green&sort=price#r",
        "https://a-very-long-subdomain-name.another-long-label.example-company-name.co.uk/",
        "http://[2001:db8:85a3:8d3:1319:8a2e:370:7348]:8080/path?q=1",
        "https://example.com/" + "segment" * 20 + "?q=" + "x" * 60,
    ]
    for phone_url in phone_urls:
        driver.get(fragment_link(server, phone_url))
        wait_rendered(driver, phone_url, "", "", "")
        overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (phone_url, overflow)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.set_window_size(1280, 900)
    # Each segment of the diagrams is as wide as its text, not as its label: the "0" of
    # 0x7f.1, a segment of its own (an error is reported there), is one character wide.
    driver.get(fragment_link(server, "http://0x7f.1/"))
    wait_rendered(driver, "http://0x7f.1/", "", "", "")
    widths = driver.execute_script(
        "return [...document.querySelectorAll('.seg')].map((s) => [s.textContent, s.getBoundingClientRect().width, s.querySelector('.t').getBoundingClientRect().width])")
    assert widths, widths
    for text, seg_width, text_width in widths:
        assert seg_width <= text_width + 1, (text, seg_width, text_width)
