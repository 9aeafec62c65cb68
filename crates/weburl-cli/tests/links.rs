//! `weburl links`: links of a document from a file and from stdin, plain and JSON, a late
//! `<base>`, the document's encoding, exit codes.

mod common;

use common::{TempFile, weburl};

#[test]
fn links_from_stdin_with_a_base_element() {
    let run = weburl(
        &["links", "-", "--url", "https://example.com/docs/"],
        br#"<base href="/v2/"><a href="page?q=1">x</a>"#,
    );
    assert_eq!(
        run.stdout,
        "1:13 base href https://example.com/v2/\n1:28 a href https://example.com/v2/page?q=1\n"
    );
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}

#[test]
fn a_late_base_re_resolves_earlier_links() {
    let page = b"<a href=page>1</a>\n<p>text</p>\n<base href=\"/v2/\">\n<a href=page>2</a>";
    let file = TempFile::new("late-base", page);
    let run = weburl(
        &["links", file.path(), "--url", "https://example.com/docs/"],
        b"",
    );
    assert_eq!(
        run.stdout,
        "1:9 a href https://example.com/docs/page\n\
         1:9 a href https://example.com/v2/page (re-resolved)\n\
         3:13 base href https://example.com/v2/\n\
         4:9 a href https://example.com/v2/page\n"
    );
    assert_eq!(run.code, 0);
}

#[test]
fn json_srcset_and_failures() {
    let run = weburl(
        &["links", "-", "--url", "https://example.com/", "--json"],
        br#"<a href="http://[x">y</a><img srcset="a.png 1x, b.png 2x">"#,
    );
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"element":"a","attribute":"href","raw":"http://[x","url":null,"error":"invalid host: the IPv6 address has no closing ']'","line":1,"column":10}"#,
            "\n",
            r#"{"element":"img","attribute":"srcset","raw":"a.png","url":"https://example.com/a.png","line":1,"column":39}"#,
            "\n",
            r#"{"element":"img","attribute":"srcset","raw":"b.png","url":"https://example.com/b.png","line":1,"column":49}"#,
            "\n"
        )
    );
    // A link that does not parse makes the exit status 1.
    assert_eq!(run.code, 1);
}

#[test]
fn the_document_encoding_applies_to_queries() {
    // 日本 in Shift_JIS, in a page labelled by an HTTP charset.
    let page = b"<a href=\"?q=\x93\xfa\x96\x7b\">x</a>";
    let run = weburl(
        &[
            "links",
            "-",
            "--url",
            "https://example.jp/",
            "--encoding",
            "shift_jis",
        ],
        page,
    );
    assert_eq!(run.stdout, "1:10 a href https://example.jp/?q=%93%FA%96{\n");
    // A <meta charset> is found when no HTTP charset is given.
    let page = b"<meta charset=euc-kr><a href=\"?q=\xc7\xd1\">x</a>";
    let run = weburl(&["links", "-", "--url", "https://example.kr/"], page);
    assert_eq!(run.stdout, "1:31 a href https://example.kr/?q=%C7%D1\n");
}

#[test]
fn xml_base_in_an_atom_feed() {
    let feed = br#"<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.org/blog/">
  <entry xml:base="2026/"><link href="post.html"/></entry>
</feed>"#;
    let run = weburl(
        &["links", "-", "--url", "https://example.org/feed.xml"],
        feed,
    );
    assert!(
        run.stdout
            .contains(" link href https://example.org/blog/2026/post.html\n"),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 0);
}

#[test]
fn usage_and_file_errors() {
    let run = weburl(&["links", "-", "--url", "not a url"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with("error: --url not a url: "),
        "{}",
        run.stderr
    );
    let run = weburl(&["links", "-", "--encoding", "no-such-charset"], b"");
    assert_eq!(run.code, 2);
    let run = weburl(&["links", "/nonexistent/page.html"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with("error: /nonexistent/page.html: "),
        "{}",
        run.stderr
    );
    let run = weburl(&["links"], b"");
    assert_eq!(run.code, 2);
}
