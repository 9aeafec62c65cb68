#!/usr/bin/env python3
"""Writes the HTML fixtures in html/ and the manifest fixtures.json.

The fixtures are committed; this script is their readable source, since several of them are in
legacy encodings (windows-1252, ISO-8859-2, Shift_JIS, EUC-KR, UTF-16LE). After changing it, run
it from this directory, then record the browser's expectations again (record/README.md).
"""
import json

FIXTURES = []


def fixture(name, text, url, content_type="text/html", encoding="utf-8", bom=b"", **extra):
    path = f"html/{name}.html"
    with open(path, "wb") as f:
        f.write(bom + text.encode(encoding, errors="strict"))
    FIXTURES.append(dict(name=name, file=path, url=url, content_type=content_type, **extra))


ORIGIN = "https://fixtures.weburl.test"

fixture("utf8", '''<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Every URL-bearing attribute</title>
<link rel="stylesheet" href="../css/site.css?v=1">
<link rel="icon" HREF="/favicon.ico">
<script src="js/app.js"></script>
<meta http-equiv="refresh" content="3600; url=/refreshed?from=utf8">
</head>
<body>
<h1>Links</h1>
<p>
<a href="page2.html">relative</a>
<a href="./?q=café&amp;x=1">query with é and an escaped ampersand</a>
<a href="/absolute/path">root-relative</a>
<a href="//cdn.example.net/x">scheme-relative</a>
<a href="https://例え.テスト/パス?クエリ=値#断片">IDN and non-ASCII everywhere</a>
<a href="">empty</a>
<a href="#frag">fragment only</a>
<a href="?">empty query</a>
<a href="  https://example.com/spaces  ">surrounding spaces</a>
<a href="http://exa<mple.com/">forbidden host code point</a>
<a href="http://ex%00ample.com/">percent-encoded NUL in the host</a>
<a href="https://[::1">unclosed IPv6</a>
<a href="http://example.com:99999/">port out of range</a>
<a href="http://0x7F.1/">hex IPv4</a>
<a href="http://1.2.3.4.5/">too many IPv4 parts</a>
<a href="javascript:void(0)">javascript</a>
<a href="mailto:someone@example.com?subject=Hé">mailto</a>
<a href="data:text/plain,hello%20world">data</a>
<a href="?a=1&b=2&notit;&copy=3&copy;&#x80;&#0;">legacy character references</a>
<a href="tab	and
newline">tab and newline in the value</a>
<a href=unquoted/path?x=y>unquoted</a>
<a href="first" href="second">duplicate attribute</a>
<A HREF="UPPER/Case">upper-case markup</A>
<a href="back\\slash\\path">backslashes</a>
<a href="../../../../up">above the root</a>
<a href="http:relative-special">http: without slashes</a>
<a href="sftp://user:pa ss@host/">space in userinfo</a>
<a href="%zz%41/%C3%A9">odd percent-encoding</a>
<a ping="/ping1 ping2  https://ping.example/p3" href="target">ping</a>
</p>
<map name="m"><area href="area.html" ping="/area-ping" alt="a" shape="rect" coords="0,0,1,1"></map>
<img src="img/photo.jpg" srcset="img/photo-2x.jpg 2x, img/photo-640.jpg 640w, img/comma,name.jpg 3x" alt="">
<picture><source srcset="img/a.webp 1x, img/b.webp 2x" type="image/webp"><img src="img/fallback.png" alt=""></picture>
<video src="media/v.mp4" poster="media/poster.png"><track src="media/subs.vtt" kind="subtitles"></video>
<audio src="media/a.ogg"></audio>
<audio><source src="media/b.mp3" type="audio/mpeg"></audio>
<iframe src="frame.html"></iframe>
<embed src="plugin.bin" type="application/x-test">
<object data="object.svg" type="image/svg+xml"></object>
<form action="submit?lang=ü"><button formaction="alt-submit">go</button><input type="image" src="btn.png" formaction="img-submit" alt="go"></form>
<form action=""><input type="submit" formaction=""></form>
<form><input name="no-action"></form>
<blockquote cite="https://quotes.example/q?1">quoted</blockquote>
<q cite="quote-source">short quote</q>
<ins cite="why-inserted">inserted</ins><del cite="why-deleted">deleted</del>
<template><a href="in-template">t</a><base href="/template-base/"></template>
<noscript><a href="in-noscript">n</a></noscript>
<svg width="1" height="1"><a href="svg-link"><text>s</text></a></svg>
<p>The end.</p>
</body>
</html>
''', f"{ORIGIN}/docs/sub/utf8.html?page=1#top")

LATIN_BODY = '''<p>Café, crème brûlée, Ærø, Grüße.</p>
<a href="recherche?q=café">query é</a>
<a href="recherche?q=Grüße&amp;l=de">query ü ß</a>
<a href="prix?q=&euro;5">query € from a character reference</a>
<a href="coche?q=&#10003;">query with a check mark, not in windows-1252</a>
<a href="chemin/été?q=été#été">path, query and fragment é</a>
<a href="https://café.example/menu?plat=crêpe">IDN host</a>
<a href="urn:x?é">non-special query is always UTF-8</a>
<img src="images/fenêtre.png?taille=très" srcset="images/fenêtre-2x.png?taille=très 2x" alt="">
<form action="envoi?champ=é"><button formaction="envoi2?champ=ü">ok</button></form>
<q cite="source?auteur=Zoë">z</q>
</body></html>
'''

fixture("windows-1252", '''<!DOCTYPE html>
<html><head><title>No encoding declared anywhere</title></head>
<body>
''' + LATIN_BODY, f"{ORIGIN}/latin/windows-1252.html", encoding="cp1252")

fixture("windows-1252-http", '''<!DOCTYPE html>
<html><head>
<meta charset="utf-8">
<title>HTTP says ISO-8859-1, the page says UTF-8: HTTP wins</title>
</head>
<body>
''' + LATIN_BODY, f"{ORIGIN}/latin/windows-1252-http.html", "text/html; charset=iso-8859-1",
        encoding="cp1252")

fixture("iso-8859-2", '''<!DOCTYPE html>
<html><head>
<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-2">
<title>Árvíztűrő tükörfúrógép</title>
</head>
<body>
<a href="keres?q=árvíztűrő">Hungarian ő ű</a>
<a href="szukaj?q=zażółć gęślą">Polish, with a space</a>
<a href="x?q=é&#x20AC;">é, and the euro sign which ISO-8859-2 lacks</a>
<img src="kép.png?név=Łukasz" alt="">
</body></html>
''', f"{ORIGIN}/latin2/iso-8859-2.html", encoding="iso-8859-2")

# cp932 writes the bytes; the WHATWG Shift_JIS decoder reads them as browsers do.
fixture("shift_jis", '''<!DOCTYPE html>
<html><head>
<meta charset="Shift_JIS">
<title>シフトJISのページ</title>
</head>
<body>
<p>日本語のテキスト。</p>
<a href="search?q=日本語">query 日本語</a>
<a href="search?q=ﾊﾝｶｸ&amp;x=表">half-width katakana, and 表 whose second byte is a backslash</a>
<a href="search?q=&#xFF5E;〜">fullwidth tilde and wave dash</a>
<a href="search?q=&#xD55C;&#xAD6D;&#xC5B4;">Korean, not in Shift_JIS</a>
<a href="search?q=&#x1F600;">emoji from a character reference</a>
<a href="パス/ファイル.html?キー=値#断片">path, query and fragment</a>
<a href="https://日本.example/検索?q=東京">IDN host</a>
<img src="画像/写真.jpg?サイズ=大" srcset="画像/写真2.jpg?サイズ=特大 2x, 画像/写真3.jpg?サイズ=小 300w" alt="">
<a href="ping-target" ping="/計測?id=一 /計測?id=二">ping</a>
<form action="送信?名前=山田"><input type="submit"></form>
<blockquote cite="出典?著者=夏目漱石">引用</blockquote>
</body></html>
''', f"{ORIGIN}/ja/shift_jis.html", encoding="cp932")

fixture("euc-kr", '''<!DOCTYPE html>
<html><head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>EUC-KR from HTTP, UTF-8 in the page: HTTP wins</title>
</head>
<body>
<p>한국어 페이지</p>
<a href="search?q=한국어">query 한국어</a>
<a href="search?q=日本">Hanja (in KS X 1001)</a>
<a href="search?q=&#xFF76;&#xFF80;&#xFF76;&#xFF85;">half-width katakana, not in EUC-KR</a>
<a href="search?q=&#x1F600;">emoji</a>
<a href="경로/파일.html?키=값">path and query</a>
<img src="그림.png?크기=큰" srcset="그림2.png?크기=아주큰 2x" alt="">
<form action="보내기?이름=홍길동"><button formaction="다른곳?이름=김">go</button></form>
<meta http-equiv="refresh" content="86400; url=새로고침?q=한">
</body></html>
''', f"{ORIGIN}/ko/euc-kr.html", "text/html; charset=EUC-KR", encoding="euc_kr")

fixture("utf-16le-bom", '''<!DOCTYPE html>
<html><head>
<meta charset="windows-1252">
<title>UTF-16LE with a BOM: HTTP and the meta are ignored, and queries are UTF-8</title>
</head>
<body>
<a href="search?q=café">query é</a>
<a href="search?q=日本">query 日本</a>
<img src="img.png?x=ü" srcset="img2.png?x=ü 2x" alt="">
</body></html>
''', f"{ORIGIN}/bom/utf-16le-bom.html", "text/html; charset=iso-8859-1", encoding="utf-16-le",
        bom=b"\xff\xfe")

fixture("late-base", '''<!DOCTYPE html>
<html><head>
<meta charset="utf-8">
<title>A base element after links</title>
<link rel="stylesheet" href="style.css">
<meta http-equiv="refresh" content="0; url=refresh-target?x=1">
<script src="early.js"></script>
</head>
<body>
<a href="before-base">before the base</a>
<img src="before.png" srcset="before-2x.png 2x" alt="">
<a href="/rooted" ping="p1 /p2">rooted, with ping</a>
<form action="form-before"></form>
<form action=""></form>
<a href="https://absolute.example/unchanged">absolute</a>
<base href="/late/base/">
<a href="after-base">after the base</a>
<base href="/second/ignored/">
<a href="after-second-base">after the second base</a>
</body></html>
''', f"{ORIGIN}/site/dir/late-base.html")

fixture("base-in-head", '''<!DOCTYPE html>
<html><head>
<meta charset="utf-8">
<link rel="preload" href="font.woff2" as="font">
<base href="https://static.example/assets/">
<link rel="stylesheet" href="site.css">
<title>A base in the head, after a link</title>
</head>
<body>
<a href="page">page</a>
<img src="/logo.png" alt="">
<a href="?q=1">query only</a>
<a href="#top">fragment only</a>
<a href="">empty</a>
<form action=""><button formaction="">same document</button></form>
</body></html>
''', f"{ORIGIN}/site/base-in-head.html")

fixture("relative-base", '''<!DOCTYPE html>
<html><head>
<meta charset="utf-8">
<base href="../assets/v2/?from=base#frag">
<title>A relative base</title>
</head>
<body>
<a href="page.html">page</a>
<a href="../up.html">up</a>
<a href="">empty: the base without its fragment</a>
<a href="#x">fragment</a>
<a href="?q=é">query</a>
<img srcset="a.png 1x, ../b.png 2x" src="c.png" alt="">
<a href="t" ping="ping /ping">ping</a>
<form action=""><button formaction="">document URL</button></form>
<form action="."><button formaction="..">dot</button></form>
</body></html>
''', f"{ORIGIN}/site/dir/sub/relative-base.html?q=doc#frag")

fixture("invalid-base", '''<!DOCTYPE html>
<html><head>
<meta charset="utf-8">
<base target="_blank">
<base href="https://example.com:99999/">
<base href="/ignored/">
<title>The first base with an href does not parse</title>
</head>
<body>
<a href="page">page, against the document URL</a>
<a href="/root">root</a>
<img src="img.png" alt="">
</body></html>
''', f"{ORIGIN}/site/dir/invalid-base.html")

fixture("data-base", '''<!DOCTYPE html>
<html><head>
<meta charset="utf-8">
<base href="data:text/html,<p>hello">
<title>A data: base URL is not used</title>
</head>
<body>
<a href="page">page, against the document URL</a>
<a href="?q=1">query</a>
</body></html>
''', f"{ORIGIN}/site/dir/data-base.html")

fixture("javascript-base", '''<!DOCTYPE html>
<html><head>
<meta charset="utf-8">
<base href="javascript:alert(1)//">
<title>A javascript: base URL is not used</title>
</head>
<body>
<a href="page">page, against the document URL</a>
</body></html>
''', f"{ORIGIN}/site/dir/javascript-base.html")

fixture("srcset", '''<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>srcset parsing</title></head>
<body>
<img srcset="a.png" alt="">
<img srcset="a.png 1x,b.png 2x" alt="">
<img srcset="a.png 1x, b.png 2x, c.png 3x" alt="">
<img srcset="  , ,a.png 1x ,, , b.png 2x,,  " alt="">
<img srcset="a.png,b.png" alt="">
<img srcset="a.png,, b.png" alt="">
<img srcset="comma,in,url.png 1x, next.png 2x" alt="">
<img srcset="data:image/png;base64,iVBORw0KGgo= 1x, data:image/gif;base64,R0lGOD 2x" alt="">
<img srcset="w1.png 100w, w2.png 200w 300h, w3.png 0w, w4.png 1.5w" alt="">
<img srcset="d1.png 1.5x, d2.png .5x, d3.png 1e1x, d4.png -1x, d5.png 1.x, d6.png +2x" alt="">
<img srcset="dup.png 1x 2x, h.png 10h, wx.png 10w 1x, ok.png 10w 10h" alt="">
<img srcset="p.png (weird, descriptor) 1x, after.png 2x" alt="">
<img srcset="unclosed.png 1x (, never.png 2x" alt="">
<img srcset="t1.png	1x,
	t2.png 2x" alt="">
<img srcset="q.png?a=1&amp;b=é 2x" alt="">
<img srcset="http://exa mple.com/bad.png 1x, good.png 2x" alt="">
<img srcset="" alt="">
<img srcset="x.png 1X" alt="">
<picture><source srcset="s1.png 1x, s2.png 2x" media="(min-width: 1px)"><img src="fallback.png" srcset="f1.png 1x" alt=""></picture>
</body></html>
''', f"{ORIGIN}/img/srcset.html")

fixture("ping", '''<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>ping</title></head>
<body>
<a href="t1" ping="/a">one</a>
<a href="t2" ping="/a /b	/c
/d&#x0C;/e">whitespace of every kind</a>
<a href="t3" ping="  leading-and-trailing  ">trimmed</a>
<a href="t4" ping="https://ping.example/x http://bad host/ /ok">an invalid one</a>
<a href="t5" ping="/é?q=é">non-ASCII</a>
<a href="t6" ping="">empty</a>
<map name="m"><area href="t7" ping="/area1 /area2" alt="a" shape="rect" coords="0,0,1,1"></map>
</body></html>
''', f"{ORIGIN}/ping/ping.html")

fixture("refresh", '''<!DOCTYPE html>
<html><head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="0; URL='first-target?x=1'">
<meta http-equiv="refresh" content="5;url=a">
<meta http-equiv="Refresh" content="5, b">
<meta http-equiv="REFRESH" content="5 c">
<meta http-equiv="refresh" content="5;'quoted' then junk">
<meta http-equiv="refresh" content="5; url = &quot;spaced out&quot;">
<meta http-equiv="refresh" content=".5; url=d">
<meta http-equiv="refresh" content="5.9.9; url=e">
<meta http-equiv="refresh" content="5; urlx">
<meta http-equiv="refresh" content="5; u">
<meta http-equiv="refresh" content="5;url=">
<meta http-equiv="refresh" content="5">
<meta http-equiv="refresh" content="5;">
<meta http-equiv="refresh" content="x; url=never">
<meta http-equiv="refresh" content="5x; url=never">
<meta http-equiv="refresh" content="5; url=http://[bad/">
<meta http-equiv="refresh" content="5; url=/q?é">
<meta http-equiv="refresh ">
<meta http-equiv="refresh " content="5; url=not-refresh">
<meta name="refresh" content="5; url=not-http-equiv">
<meta http-equiv="refresh" content="  7  ;  url  =  'padded'  ">
<title>Refresh</title>
</head>
<body><p>Refresh URLs.</p></body></html>
''', f"{ORIGIN}/refresh/refresh.html")

# Where Chromium's URL parser departs from the URL Standard, which weburl follows (and the
# web-platform-tests check). tests/documents.rs lists each case and why.
fixture("chromium-divergences", '''<!DOCTYPE html>
<html><head><title>Chromium and the URL Standard disagree</title></head>
<body>
<p>Crème brûlée.</p>
<a href="http://exa mple.com/">a space in the host</a>
<a href="http://example example.com/">a space in the host (WPT urltestdata)</a>
<img src="https://x x:12/" alt="">
<a href="wss://socket.example/chat?nom=é">wss: the query is UTF-8 in every document</a>
<a href="ws://socket.example/chat?nom=é">ws: the same</a>
<a href="https://example.com/ok?q=é">an ordinary query, for contrast</a>
</body></html>
''', f"{ORIGIN}/divergences/chromium-divergences.html", encoding="cp1252")

fixture("srcdoc", '''<!DOCTYPE html>
<html><head><title>An iframe srcdoc document</title></head>
<body>
<a href="child">against the container's base URL</a>
<a href="/rooted">rooted</a>
<a href="">empty</a>
<img src="img.png" alt="">
<form action=""><button formaction="">about:srcdoc</button></form>
</body></html>
''', "about:srcdoc", "text/html; charset=utf-8",
        about_base_url=f"{ORIGIN}/container/base/dir/",
        container_url=f"{ORIGIN}/container/page.html")

with open("fixtures.json", "w", encoding="utf-8") as f:
    json.dump({
        "comment": "HTML fixtures. record/record.mjs serves each to headless Chromium at `url` with "
                   "`content_type` and writes what the DOM resolves to expected/NAME.json; "
                   "tests/documents.rs compares weburl::document with those records. The srcdoc "
                   "fixture is the srcdoc of an iframe in a page at container_url whose <base href> "
                   "is about_base_url. make_fixtures.py writes the fixtures and this file.",
        "fixtures": FIXTURES,
    }, f, indent=1, ensure_ascii=False)
    f.write("\n")
