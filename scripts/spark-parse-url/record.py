#!/usr/bin/env python3
"""Record Spark SQL's own answers for parse_url(url, part [, key]).

Runs a local Spark (local[1], no UI, no network) and writes
crates/weburl-datafusion/tests/data/spark-parse-url.json, the ground truth that
the Spark emulation in crates/weburl-spark/ (and every surface's parse_url) is
tested against. See README.md here.

Usage (from the repository root):
    taskset -c 1 /path/to/venv/bin/python scripts/spark-parse-url/record.py
"""

import json
import os
import random
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "crates", "weburl-datafusion", "tests", "data", "spark-parse-url.json")
WPT = os.path.join(ROOT, "crates", "weburl", "tests", "data", "wpt", "urltestdata.json")
BENCH = os.path.join(ROOT, "..", "shared", "bench-data")

PARTS = ["HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO"]
# Part names Spark does not know (it compares bytes, so 'host' is unknown too).
ODD_PARTS = ["host", "Query", "INVALID", ""]

# Hand-made inputs: the corners of java.net.URI's RFC 2396 parser.
EDGE_URLS = [
    # plain
    "http://example.com", "http://example.com/", "https://user:pw@example.com:8080/p/a/t/h?query=1&b=2#frag",
    "HTTP://EXAMPLE.COM/UPPER", "http://a/b/c/./../d", "ftp://ftp.example.org/pub/file.txt",
    # IPv4 and things that look like it
    "http://127.0.0.1/", "http://127.0.0.1:8080/x", "http://1.2.3.4.5/", "http://1.2.3/", "http://256.1.1.1/",
    "http://01.02.03.004/", "http://0x7f.0.0.1/", "http://123/", "http://1.2.3.4a/", "http://1.2.3.4./",
    "http://9999999999.1.1.1/", "http://1.2.3.0004/", "http://a.1/", "http://a.1b/", "http://1a.b/",
    "http://a.b1/", "http://a-.b/", "http://-a.b/", "http://a..b/", "http://a.b./", "http://a.b.:80/",
    "http://.a/", "http://a-b.c-d/", "http://a--b/", "http://x.-y/",
    # IPv6 (RFC 2732) and scope ids
    "http://[::1]/", "http://[::1]:8080/", "http://[2001:db8::7]/c=GB?objectClass?one",
    "http://[fe80::1%eth0]/", "http://[fe80::1%25eth0]:80/x", "http://[fe80::1%]/", "http://[fe80::1%e_t.h0]/",
    "http://[fe80::1%eth-0]/", "http://[%eth0]/", "http://[::ffff:1.2.3.4]/", "http://[::1.2.3.4]/",
    "http://[1:2:3:4:5:6:1.2.3.4]/", "http://[1:2:3:4:5:6:7:8]/", "http://[1:2:3:4:5:6:7]/",
    "http://[1:2:3:4:5:6:7:8:9]/", "http://[1::2::3]/", "http://[12345::1]/", "http://[::]/",
    "http://[::1]x/", "http://[::1/", "http://[]/", "http://[v1.fe80::a]/", "http://[::1]:/",
    "http://[::1.2.3]/", "http://[::99999999999.1.1.1]/", "http://[1:2:3:4:5:6:7::]/",
    "http://[::256.1.1.1]/", "http://[1:2:3:4:5:6:7:1.2.3.4]/", "http://u@[::1]:1/",
    "http://]a/", "http://a]/", "http://a[b/", "http://a%zz]/",
    # registry-based authorities
    "http://my_host/", "http://my_host.example.com:80/p", "http://a_b:xyz/", "http://host:port/",
    "http://host:-1/", "http://host:+80/", "http://:80/", "http://@host/", "http://u@/", "http://a@b@c/",
    "http://a:b:c/", "http://host:2147483647/", "http://host:2147483648/", "http://host:99999999999/",
    "http://host:0/", "http://host:/", "http://h%41st/", "http://h%zzst/", "http://h%4/",
    "http://us%20er@host/", "http://us%zzer@host/", "http://us er@host/", "http://user;x=1@host/",
    "http://例え.テスト/", "http://xn--r8jz45g.xn--zckzah/", "http://ex ample.com/", "http://exa\u00a0mple.com/",
    "http://a$b/", "http://a!b/", "http://a~b/", "http://a,b/", "http://a=b/", "http://a&b/", "http://a+b/",
    # empty authority and friends
    "http:///x", "http:///", "http://", "http:", "file:///etc/passwd", "file:/etc/passwd", "file://host/etc",
    "file:///C:/x", "//example.com/x", "///x", "//", "/", "", "x", "http:/x", "http:x",
    # percent escapes
    "http://h/a%20b", "http://h/a%2", "http://h/a%", "http://h/a%zz", "http://h/?q=%41%42", "http://h/?q=%4",
    "http://h/#%41", "http://h/#%g1", "http://h/%E4%BD%A0", "http://h/%e4%bd%a0",
    # spaces, controls, non-ASCII
    "http://h/a b", "http://h/a\tb", " http://h/", "http://h/ ", "http://h/\u00e9", "http://h/\u4f60\u597d?\u4f60=\u597d#\u00e9",
    "http://h/\u00a0", "http://h/\u2028", "http://h/\u3000", "http://h/\u0085", "http://h/\u0080", "http://h/\u009f",
    "http://h/\u00a1", "http://h/\U0001F600?x=\U0001F600#\U0001F600", "http://h/\u200b", "http://h/\ufeff", "\ufeffhttp://h/",
    "http://h/\u007f", "http://h/a\\b", "http://h/a|b", "http://h/a^b", "http://h/a`b", "http://h/a{b}",
    "http://h/a\"b", "http://h/a<b>", "http://h/[x]", "http://h/?[x]", "http://h/#[x]", "http://h/?a?b",
    # opaque URIs and schemes
    "mailto:a@example.com", "mailto:", "mailto:#x", "mailto:?subject=hi", "urn:isbn:096139210x",
    "news:comp.lang.java", "javascript:alert(1)", "data:text/html,<b>x</b>", "tel:+1-816-555-1212",
    "a:b", "1a:b", "a1+-.:b", "a_b:c", ":foo", "://x", "a b:c", "mailto:a b", "mailto:x#y#z",
    "about:blank", "sc://ñ.test/", "git+ssh://git@github.com/x/y.git",
    # query and fragment shapes
    "http://h?", "http://h#", "http://h?#", "http://h/?", "http://h/#", "?", "#", "?#", "?a=1", "#f",
    "http://h/p?a=1#f?g", "http://h/p#a#b", "http://h/p?a#b#c", "http://h/p?a=1&a=2&a=3",
    "http://h/p?&a=1", "http://h/p?a&a=1", "http://h/p?b=1&a=", "http://h/p?a=&a=2", "http://h/p?=x&a=1",
    "http://h/p?a.b=1&axb=2", "http://h/p?axb=2&a.b=1", "http://h/p?a+b=1&aab=2&a%2Bb=3",
    "http://h/p?x=1&ab=2&b=3", "http://h/p?ab=1&b=2", "http://h/p?key=v=w&k2", "http://h/p?key=a%26b&z=1",
    "http://h/p?k=\u00e9&\u00e9=k", "http://h/p?a[]=1&a[0]=2", "http://h/p?a*=1&aaa=2&=3",
    "http://h/p?A=1&a=2", "http://h/p?a=1;b=2", "http://h/p?a=1&&b=2", "http://h/p?a(b)=1&ab=2",
    "http://h/p?a|b=1&b=2", "http://h/p?$=1&^=2", "http://h/p?a\\b=1", "http://h/p?a{2}=1&aa=2",
    "http://h/p?x=1&a=b&a=c#a=d", "http://h/p?x=&y=", "http://h/p?%61=1&a=2",
]

# Keys tried with parse_url(url, 'QUERY', key): plain names, and names with regex
# metacharacters (Spark puts the key into a java.util.regex pattern unquoted).
KEYS = [
    "a", "b", "x", "k", "key", "query", "q", "A", "", "z", "ab", "a[]", "a[0]", "\u00e9", "k2", "y",
    "a.b", "a+b", "a*", "a|b", "$", "^", "a{2}", "a(b)", "(a)", "(?:a)", ".", ".*", "a?", "[ab]",
    "[^a]", "a\\b", "\\Qa.b\\E", "\\Q", "(", ")", "[", "]", "{", "}", "a{", "\\", "*a", "+", "?",
    "\\d", "\\w+", "a$", "^a", "\\x61", "\\u0061", "a{1,2}", "a\\.b", "a&b", "&a", "=",
    "ab|x", "(a)(b)", "a)(b", "[a-c]", "%61", "\\bab", "[]a]", "[a[b]]", "[^a]+", "a\\Eb",
]


def wpt_inputs():
    with open(WPT, encoding="utf-8") as f:
        data = json.load(f)
    seen, out = set(), []
    for case in data:
        if not isinstance(case, dict):
            continue
        s = case["input"]
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates cannot be a Spark string
            continue
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


def bench_sample(rng):
    # Only files that the bench-data README allows a repository to carry.
    out = []
    for name, n in [("web_links.txt", 150), ("kasztp.txt", 80), ("node_files.txt", 15), ("isaacs_files.txt", 15)]:
        path = os.path.join(BENCH, name)
        if not os.path.exists(path):
            print(f"skipping {path}: not present", file=sys.stderr)
            continue
        with open(path, encoding="utf-8") as f:
            lines = [l.rstrip("\r\n") for l in f if len(l) < 200]
        out += rng.sample(lines, min(n, len(lines)))
    return out


def main():
    rng = random.Random(19)
    urls, seen = [], set()
    for u in EDGE_URLS + wpt_inputs() + bench_sample(rng):
        if u not in seen:
            seen.add(u)
            urls.append(u)

    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    spark = (
        SparkSession.builder.master("local[1]")
        .appName("weburl-spark-parse-url")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.ansi.enabled", "false")  # invalid URL -> NULL, not an error
        .config("spark.sql.shuffle.partitions", "1")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    jvm = spark.sparkContext._jvm
    java_version = jvm.System.getProperty("java.version") + " (" + jvm.System.getProperty("java.vendor") + ")"

    def run(rows, exprs):
        """rows: list of (id, url, key); exprs: name -> SQL. Returns {id: {name: value}}."""
        df = spark.createDataFrame(rows, "id INT, url STRING, key STRING")
        res = df.select("id", *[F.expr(e).alias(n) for n, e in exprs.items()]).collect()
        return {r["id"]: r.asDict() for r in res}

    def run_safe(rows, exprs, bisect=True):
        """Like run, but a row whose evaluation throws is recorded as an error.

        After a failure the rows are split in halves (bisect, for a rare error) or
        tried one by one (for a key that fails on every row with a query)."""
        try:
            return run(rows, exprs)
        except Exception as e:  # noqa: BLE001 - any JVM error counts
            if len(rows) == 1:
                if os.environ.get("RECORD_DEBUG"):
                    print(rows, str(e)[:300], file=sys.stderr)
                return {rows[0][0]: {n: {"error": True} for n in exprs}}
            if not bisect:
                out = {}
                for row in rows:
                    out.update(run_safe([row], exprs))
                return out
            mid = len(rows) // 2
            out = run_safe(rows[:mid], exprs)
            out.update(run_safe(rows[mid:], exprs))
            return out

    cases = []
    rows = [(i, u, None) for i, u in enumerate(urls)]
    exprs = {p: f"parse_url(url, '{p}')" for p in PARTS}
    res = run_safe(rows, exprs)
    for i, u in enumerate(urls):
        for p in PARTS:
            cases.append({"url": u, "part": p, "key": None, "result": res[i][p]})

    # Unknown part names, on a few URLs (and the one whose parse throws).
    few = [(i, u, None) for i, u in enumerate(urls[:40])]
    few.append((len(urls), "http://[::99999999999.1.1.1]/", None))
    exprs = {f"p{j}": "parse_url(url, '" + p.replace("'", "\\'") + "')" for j, p in enumerate(ODD_PARTS)}
    res = run_safe(few, exprs)
    for i, u, _ in few:
        for j, p in enumerate(ODD_PARTS):
            cases.append({"url": u, "part": p, "key": None, "result": res[i][f"p{j}"]})

    # Keys: every URL with a query among the hand-made ones, plus a sample of others.
    with_query = [u for u in EDGE_URLS if "?" in u]
    with_query += rng.sample([u for u in urls[len(EDGE_URLS):] if "?" in u], 40)
    for key in KEYS:
        krows = [(i, u, key) for i, u in enumerate(with_query)]
        res = run_safe(krows, {"r": "parse_url(url, 'QUERY', key)"}, bisect=False)
        for i, u, _ in krows:
            cases.append({"url": u, "part": "QUERY", "key": key, "result": res[i]["r"]})
    # A key with another part: Spark answers NULL without looking at the URL.
    krows = [(i, u, "a") for i, u in enumerate(with_query[:10])]
    for p in ["HOST", "PATH", "query"]:
        res = run_safe(krows, {"r": f"parse_url(url, '{p}', key)"})
        for i, u, _ in krows:
            cases.append({"url": u, "part": p, "key": "a", "result": res[i]["r"]})

    meta = {
        "spark_version": spark.version,
        "java_version": java_version,
        "recorded_with": "scripts/spark-parse-url/record.py: pyspark local[1], spark.sql.ansi.enabled=false; "
        "a result {\"error\": true} means Spark threw instead of answering",
        "inputs": f"{len(EDGE_URLS)} hand-made URLs, the distinct inputs of WPT urltestdata.json, "
        "a seeded sample of ../shared/bench-data (web_links, kasztp, node_files, isaacs_files)",
        "licence": "Results computed by Apache Spark (Apache-2.0); WPT inputs are BSD-3-Clause; "
        "bench-data URLs from ada-url/url-various-datasets (MIT OR Apache-2.0)",
    }
    spark.stop()
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "cases": cases}, f, ensure_ascii=False, indent=0, separators=(",", ":"))
        f.write("\n")
    errors = sum(1 for c in cases if isinstance(c["result"], dict))
    print(f"{len(cases)} cases ({len(urls)} URLs, {errors} errors) -> {OUT}")


if __name__ == "__main__":
    main()
