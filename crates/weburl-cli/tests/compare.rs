//! `weburl compare`: every engine's reading of an input, host disagreements first.

mod common;

use common::{MORE_INFO, TempFile, on_a_terminal, weburl};

/// The RFC 3986 examples' base URL.
const BASE: &str = "http://a/b/c/d;p?q";

/// The table for `http://evil.example\@good.example/`: the URL Standard reads the `\` as a
/// `/`, ending the authority, so its host is evil.example; the 2011 and 2009 texts turn it
/// into a `/` only after finding the userinfo, and RFC 1808 keeps it: good.example.
const EVIL_TABLE: &str = "http://evil.example\\@good.example/\n\
    \x20 ! html5-2011          good.example  http://evil.example/@good.example/\n\
    \x20 ! web-addresses-2009  good.example  http://evil.example/@good.example/\n\
    \x20 ! rfc1808             good.example  http://evil.example\\@good.example/\n\
    \x20 x rfc3986             -             error: the input does not match the grammar at byte 19\n\
    \x20   whatwg              evil.example  http://evil.example/@good.example/\n\
    \x20 hosts differ: html5-2011, web-addresses-2009, rfc1808; engine failed: rfc3986\n\n";

/// The table for the RFC 3986 example `g;x?y#s`, on which every engine agrees.
const AGREED_TABLE: &str = "g;x?y#s\n\
    \x20   whatwg              a  http://a/b/c/g;x?y#s\n\
    \x20   html5-2011          a  http://a/b/c/g;x?y#s\n\
    \x20   web-addresses-2009  a  http://a/b/c/g;x?y#s\n\
    \x20   rfc3986             a  http://a/b/c/g;x?y#s\n\
    \x20   rfc1808             a  http://a/b/c/g;x?y#s\n\
    \x20 all engines agree\n\n";

#[test]
fn a_backslash_in_the_authority_splits_the_hosts() {
    let run = weburl(&["compare", "http://evil.example\\@good.example/"], b"");
    assert_eq!(run.stdout, EVIL_TABLE);
    assert_eq!(run.stderr, "");
    // A disagreement is exit status 1.
    assert_eq!(run.code, 1);
}

#[test]
fn three_hosts_for_one_reference() {
    // fielding-1995.json's "///g": the URL Standard skips the empty authority (host g), the
    // 2011 and 2009 texts and RFC 3986 keep it empty, RFC 1808 takes the base's (a).
    let run = weburl(&["compare", "--base", BASE, "///g"], b"");
    assert_eq!(
        run.stdout,
        "///g\n\
         \x20 ! html5-2011          (empty)  http:///g\n\
         \x20 ! web-addresses-2009  (empty)  http:///g\n\
         \x20 ! rfc3986             (empty)  http:///g\n\
         \x20 ! rfc1808             a        http://a/g\n\
         \x20   whatwg              g        http://g/\n\
         \x20 hosts differ: html5-2011, web-addresses-2009, rfc3986, rfc1808\n\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn host_rows_then_failures_then_href_rows_then_agreeing_rows() {
    // Host differences come first, then engines failing where whatwg does not, then href
    // differences, each in engine order, then the agreeing rows. No engine finds another
    // host: exit status 0.
    let run = weburl(&["compare", "--base", BASE, "..\\g"], b"");
    assert_eq!(
        run.stdout,
        "..\\g\n\
         \x20 x rfc3986             -  error: the input does not match the grammar at byte 2\n\
         \x20 ~ html5-2011          a  http://a/b/c/..%5Cg\n\
         \x20 ~ web-addresses-2009  a  http://a/b/c/..%5Cg\n\
         \x20 ~ rfc1808             a  http://a/b/c/..\\g\n\
         \x20   whatwg              a  http://a/b/g\n\
         \x20 engine failed: rfc3986; hrefs differ: html5-2011, web-addresses-2009, rfc1808\n\n"
    );
    assert_eq!(run.code, 0);
    assert_eq!(
        weburl(&["compare", "--strict", "--base", BASE, "..\\g"], b"").code,
        1
    );
}

#[test]
fn hosts_are_compared_as_the_engines_write_them() {
    // UTS #46 (whatwg) against IDNA2003 (2011, 2009) and no IDNA (the RFCs; RFC 3986 rejects
    // the non-ASCII host).
    let run = weburl(&["compare", "http://faß.de/"], b"");
    assert_eq!(
        run.stdout,
        "http://faß.de/\n\
         \x20 ! html5-2011          fass.de        http://fass.de/\n\
         \x20 ! web-addresses-2009  fass.de        http://fass.de/\n\
         \x20 ! rfc1808             faß.de         http://faß.de/\n\
         \x20 x rfc3986             -              error: the input does not match the grammar at byte 9\n\
         \x20   whatwg              xn--fa-hia.de  http://xn--fa-hia.de/\n\
         \x20 hosts differ: html5-2011, web-addresses-2009, rfc1808; engine failed: rfc3986\n\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn agreement_is_exit_status_0() {
    let run = weburl(&["compare", "--base", BASE, "g;x?y#s"], b"");
    assert_eq!(run.stdout, AGREED_TABLE);
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
}

#[test]
fn href_differences_alone_are_exit_status_0_unless_strict() {
    // RFC 1808 keeps the base's last segment for ";x", where RFC 3986 drops it.
    let run = weburl(&["compare", "--base", BASE, "g;x?y#s", ";x"], b"");
    assert_eq!(
        run.stdout,
        format!(
            "{AGREED_TABLE};x\n\
             \x20 ~ rfc1808             a  http://a/b/c/d;x\n\
             \x20   whatwg              a  http://a/b/c/;x\n\
             \x20   html5-2011          a  http://a/b/c/;x\n\
             \x20   web-addresses-2009  a  http://a/b/c/;x\n\
             \x20   rfc3986             a  http://a/b/c/;x\n\
             \x20 hrefs differ: rfc1808\n\n"
        )
    );
    assert_eq!(run.code, 0);
    let strict = weburl(
        &["compare", "--strict", "--base", BASE, "g;x?y#s", ";x"],
        b"",
    );
    assert_eq!((strict.stdout, strict.code), (run.stdout, 1));
}

#[test]
fn json() {
    let run = weburl(
        &[
            "compare",
            "--json",
            "--base",
            BASE,
            "g;x?y#s",
            "http://evil.example\\@good.example/",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"g;x?y#s","base":"http://a/b/c/d;p?q","results":["#,
            r#"{"engine":"whatwg","href":"http://a/b/c/g;x?y#s","host":"a","difference":"same"},"#,
            r#"{"engine":"html5-2011","href":"http://a/b/c/g;x?y#s","host":"a","difference":"same"},"#,
            r#"{"engine":"web-addresses-2009","href":"http://a/b/c/g;x?y#s","host":"a","difference":"same"},"#,
            r#"{"engine":"rfc3986","href":"http://a/b/c/g;x?y#s","host":"a","difference":"same"},"#,
            r#"{"engine":"rfc1808","href":"http://a/b/c/g;x?y#s","host":"a","difference":"same"}],"#,
            r#""hosts_agree":true,"hrefs_agree":true,"host_differs":false}"#,
            "\n",
            r#"{"input":"http://evil.example\\@good.example/","base":"http://a/b/c/d;p?q","results":["#,
            r#"{"engine":"whatwg","href":"http://evil.example/@good.example/","host":"evil.example","difference":"same"},"#,
            r#"{"engine":"html5-2011","href":"http://evil.example/@good.example/","host":"good.example","difference":"host"},"#,
            r#"{"engine":"web-addresses-2009","href":"http://evil.example/@good.example/","host":"good.example","difference":"host"},"#,
            r#"{"engine":"rfc3986","href":null,"host":null,"error":"the input does not match the grammar at byte 19","difference":"failed"},"#,
            r#"{"engine":"rfc1808","href":"http://evil.example\\@good.example/","host":"good.example","difference":"host"}],"#,
            r#""hosts_agree":false,"hrefs_agree":false,"host_differs":true}"#,
            "\n",
        )
    );
    assert_eq!(run.code, 1);
}

#[test]
fn json_without_a_base_and_hrefs_alone_differing() {
    // Without a base only RFC 1808 accepts a relative reference: no host, as whatwg (which
    // failed) has none, so only the hrefs differ.
    let run = weburl(&["compare", "--json", "g"], b"");
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"g","base":null,"results":["#,
            r#"{"engine":"whatwg","href":null,"host":null,"error":"relative URL without a base (no scheme, and no usable base URL)","difference":"same"},"#,
            r#"{"engine":"html5-2011","href":null,"host":null,"error":"relative reference without a base URL","difference":"same"},"#,
            r#"{"engine":"web-addresses-2009","href":null,"host":null,"error":"relative reference without a base URL","difference":"same"},"#,
            r#"{"engine":"rfc3986","href":null,"host":null,"error":"relative reference without a base URL","difference":"same"},"#,
            r#"{"engine":"rfc1808","href":"g","host":null,"difference":"href"}],"#,
            r#""hosts_agree":true,"hrefs_agree":false,"host_differs":false}"#,
            "\n",
        )
    );
    assert_eq!(run.code, 0);
}

#[test]
fn encoding_goes_to_the_engines_that_use_one() {
    let run = weburl(
        &[
            "compare",
            "--base",
            "http://a/",
            "--encoding",
            "windows-1252",
            "?é",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "?é\n\
         \x20 x rfc3986             -  error: the input does not match the grammar at byte 1\n\
         \x20 ~ rfc1808             a  http://a/?é\n\
         \x20   whatwg              a  http://a/?%E9\n\
         \x20   html5-2011          a  http://a/?%E9\n\
         \x20   web-addresses-2009  a  http://a/?%E9\n\
         \x20 engine failed: rfc3986; hrefs differ: rfc1808\n\n"
    );
    assert_eq!(run.code, 0);
}

#[test]
fn inputs_from_stdin_dash_and_url_files() {
    let file = TempFile::new("compare", b"http://evil.example\\@good.example/\n");
    // Arguments, then standard input in place of `-`, then the file.
    let run = weburl(
        &[
            "compare",
            "--base",
            BASE,
            "g;x?y#s",
            "-",
            "--url-file",
            file.path(),
        ],
        b"g;x?y#s\n",
    );
    assert_eq!(
        run.stdout,
        format!("{AGREED_TABLE}{AGREED_TABLE}{EVIL_TABLE}")
    );
    assert_eq!(run.code, 1);
    // Standard input when there are no inputs.
    let run = weburl(&["compare", "--base", BASE], b"g;x?y#s\r\ng;x?y#s");
    assert_eq!(run.stdout, format!("{AGREED_TABLE}{AGREED_TABLE}"));
    assert_eq!(run.code, 0);
}

#[test]
fn verify_stops_at_the_first_disagreement() {
    let run = weburl(
        &["compare", "--verify", "--base", BASE, "-"],
        b"g;x?y#s\nhttp://evil.example\\@good.example/\ng;x?y#s\n",
    );
    assert_eq!(run.stdout, format!("{AGREED_TABLE}{EVIL_TABLE}"));
    assert_eq!(run.code, 1);
}

#[test]
fn an_input_that_is_not_utf8_fails() {
    let run = weburl(&["compare", "--base", BASE], b"\xff\ng;x?y#s\n");
    assert_eq!(run.stdout, AGREED_TABLE);
    assert_eq!(
        run.stderr,
        "error: line 1: not valid UTF-8 (--lossy decodes it with U+FFFD)\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn usage_errors_are_exit_status_2() {
    let run = weburl(&["compare", "--encoding", "nope", "x"], b"");
    assert_eq!(
        run.stderr,
        format!(
            "error: invalid value 'nope' for '--encoding <LABEL>': not a WHATWG encoding label{MORE_INFO}"
        )
    );
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));

    let run = weburl(&["compare", "--base", "not a base", "x"], b"");
    assert_eq!(
        run.stderr,
        format!(
            "error: invalid value 'not a base' for '--base <URL>': relative URL without a base \
             (no scheme, and no usable base URL){MORE_INFO}"
        )
    );
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));

    let run = weburl(&["compare", "--nope", "x"], b"");
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));

    let run = weburl(&["compare", "--url-file", "/nonexistent/urls.txt"], b"");
    assert!(
        run.stderr
            .starts_with("error: cannot open --url-file /nonexistent/urls.txt: "),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 1);
}

#[test]
fn colour_only_on_a_terminal_and_never_with_no_color() {
    let args = "compare --base http://a/ 'g;x' '..\\g'";
    let Some(coloured) = on_a_terminal(args, None) else {
        eprintln!("`script` is not available: skipped");
        return;
    };
    assert_eq!(
        coloured,
        "g;x\n\
         \x20   whatwg              a  http://a/g;x\n\
         \x20   html5-2011          a  http://a/g;x\n\
         \x20   web-addresses-2009  a  http://a/g;x\n\
         \x20   rfc3986             a  http://a/g;x\n\
         \x20   rfc1808             a  http://a/g;x\n\
         \x20 all engines agree\n\n\
         ..\\g\n\
         \x20 \x1b[33mx rfc3986           \x1b[0m  -  \x1b[33merror: the input \
         does not match the grammar at byte 2\x1b[0m\n\
         \x20 \x1b[33m~ html5-2011        \x1b[0m  a  \x1b[33mhttp://a/..%5Cg\x1b[0m\n\
         \x20 \x1b[33m~ web-addresses-2009\x1b[0m  a  \x1b[33mhttp://a/..%5Cg\x1b[0m\n\
         \x20 \x1b[33m~ rfc1808           \x1b[0m  a  \x1b[33mhttp://a/..\\g\x1b[0m\n\
         \x20   whatwg              a  http://a/g\n\
         \x20 \x1b[33mengine failed\x1b[0m: rfc3986; \x1b[33mhrefs differ\x1b[0m: html5-2011, \
         web-addresses-2009, rfc1808\n\n"
    );
    let plain = on_a_terminal(args, Some("1")).unwrap();
    assert!(!plain.contains('\x1b'), "{plain}");
    assert!(
        plain.contains("  x rfc3986             -  error:"),
        "{plain}"
    );
}
