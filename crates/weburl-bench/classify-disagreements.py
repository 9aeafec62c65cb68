#!/usr/bin/env python3
"""Sorts the disagreements of a `weburl-bench diff --out FILE` run into root-cause classes.

usage: crates/weburl-bench/classify-disagreements.py FILE.jsonl

The signature that `weburl-bench diff` computes says who is the odd one out and which parts
differ; a signature can hold several causes (url's `path` differences are `^`, drive letters,
empty file segments...). This script looks at each record (input, base, the three results) and
names the causes it shows, with the class names of data/known-disagreements.jsonl and
docs/RELIABILITY.md. A record can show several classes; "UNEXPLAINED" marks a record that fits
none (a new cause to triage). Prints the counts per class, per combination, per (class,
signature), and the first unexplained records. Python 3 standard library only.
"""

import collections
import json
import re
import sys

# Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, ... and their presentation forms).
RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
SPECIAL_BASE = re.compile(r"(https?|wss?|ftp):")
HAS_SCHEME = re.compile(r"^[\x00-\x20]*[a-zA-Z][a-zA-Z0-9+.-]*:")


def strip_tab_newline(s):
    return re.sub("[\t\n\r]", "", s)


def decoded_rtl(host):
    """Whether an xn-- label of `host` decodes to right-to-left text."""
    for label in host.split("."):
        if label.lower().startswith("xn--"):
            try:
                if RTL.search(label[4:].encode().decode("punycode")):
                    return True
            except Exception:
                pass
    return False


def starts_with_new_mark(host):
    """Whether a label of `host` starts with a code point of U+1AB0..U+1AFF (combining marks;
    U+1AD3 is new in Unicode 17)."""
    for label in host.split("."):
        try:
            d = label[4:].encode().decode("punycode") if label.startswith("xn--") else label
        except Exception:
            continue
        if d and "\u1ab0" <= d[0] <= "\u1aff":
            return True
    return False


def failed(outcome):
    return "failure" in outcome


def classes(r):
    """The classes record `r` shows."""
    raw = r["input"]
    inp = strip_tab_newline(raw)
    low = inp.lower()
    base = r["base"]
    w, a, u = r["weburl"], r["ada"], r["url"]
    odd = r["signature"].split(" | ")[0]
    out = set()

    # weburl and url (both on the idna crate) accept a decoded label that begins with xn--.
    if re.search(r"xn--xn-", low) and not failed(w) and failed(a):
        out.add("idna-decoded-xn-prefix")
    if odd == "ada":
        if not failed(a) and failed(w):
            if RTL.search(inp) or decoded_rtl(a["hostname"]):
                out.add("ada-bidi")
            if "xn---" in low:
                out.add("ada-punycode-leading-hyphen")
            if starts_with_new_mark(a["hostname"]):
                out.add("ada-leading-combining-mark")
        if not failed(a) and not failed(w) and RTL.search(inp):
            out.add("ada-bidi")  # blob: origins of a Bidi-invalid inner URL
        return out or {"UNEXPLAINED"}
    if odd == "weburl":
        return out or {"UNEXPLAINED"}

    # url against weburl (which ada agrees with, or for "all", url's own part).
    ref = w
    special_base = bool(base and SPECIAL_BASE.match(base))
    nonspecial_base = bool(base and not special_base and not base.startswith("file:"))
    relative = not HAS_SCHEME.match(inp)
    if failed(u) and not failed(ref):
        if ref["hostname"].isascii() and any(
            label.startswith("xn--") for label in ref["hostname"].split(".")
        ):
            out.add("url-ascii-domain")
        if relative and special_base and re.match(r"^[\x00-\x20]*[/\\]{3}", inp):
            out.add("url-special-relative-slashes")
        if relative and nonspecial_base and "\\" in inp:
            out.add("url-nonspecial-backslash")
    elif not failed(u) and failed(ref):
        if re.search(r"^[^/]*//[^/?#]*:[0-9]*\\", inp) or (
            relative and nonspecial_base and re.search(r"^[\x00-\x20]*//[^/?#]*:[0-9]*\\", inp)
        ):
            out.add("url-nonspecial-port-backslash")
        if re.search(r"//[^/?#\\]*@[/?#]?$", inp) or (u["host"] == "" and "@" in inp):
            out.add("url-empty-host-credentials")
    elif not failed(u) and not failed(ref):
        wp, up = ref["pathname"], u["pathname"]
        if ref["origin"] != u["origin"] and ref["href"] == u["href"] and u["protocol"] == "blob:":
            out.add("url-blob-origin")
        if "^" in up and "%5E" in wp:
            out.add("url-path-caret")
        if wp.endswith("%20") and up.endswith(" "):
            out.add("url-opaque-path-space")
        if ref["protocol"] == "file:":
            if ref["host"] != "" and u["host"] == "":
                out.add("url-file-host-drive-letter")
            if wp.startswith("//") and not up.startswith("//"):
                out.add("url-file-empty-segment")
            if re.search(r"^/[a-zA-Z]\|", up) and re.search(r"^/[a-zA-Z]:", wp):
                out.add("url-file-drive-letter-pipe")
        if (
            re.search(r"(\.|%2e)(\.|%2e)", low)
            and re.search(r"/[a-zA-Z][:|][/\\]", up + "/")
            and len(up.replace("%5E", "^")) > len(wp.replace("%5E", "^"))
            and not (relative and nonspecial_base and "\\" in inp)
        ):
            out.add("url-drive-letter-shorten")
        if (
            wp != up
            and re.search(r"[a-zA-Z][\t\n\r]*[:|][\t\n\r]+[^/\\?#\t\n\r]", raw)
            and re.search(r"/[a-zA-Z][:|]/", up + "/")
        ):
            out.add("url-drive-letter-tab-newline")
        if relative and nonspecial_base and "\\" in inp:
            out.add("url-nonspecial-backslash")
    return out or {"UNEXPLAINED"}


def main(path):
    counts = collections.Counter()
    with_base = collections.Counter()
    combos = collections.Counter()
    by_class_sig = collections.Counter()
    unexplained = []
    n = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            n += 1
            c = classes(r)
            for k in c:
                counts[k] += 1
                by_class_sig[(k, r["signature"])] += 1
                if r["base"]:
                    with_base[k] += 1
            combos["+".join(sorted(c))] += 1
            if "UNEXPLAINED" in c and len(unexplained) < 40:
                unexplained.append(r)
    print(f"{n} disagreements")
    print("\nper class (a disagreement can show several):")
    for k, v in counts.most_common():
        print(f"{v:>9}  {k}  ({with_base[k]} with a base)")
    print("\nper combination:")
    for k, v in combos.most_common():
        print(f"{v:>9}  {k}")
    print("\nper class and signature:")
    for (k, s), v in sorted(by_class_sig.items()):
        print(f"{v:>9}  {k:<32} {s}")
    print(f"\nunexplained (first {len(unexplained)}):")
    for r in unexplained:
        print(json.dumps({k: r[k] for k in ("signature", "input", "base")}, ensure_ascii=False))
        for lib in ("weburl", "ada", "url"):
            print("   ", lib, r[lib].get("href", "failure"), r[lib].get("origin", ""))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
