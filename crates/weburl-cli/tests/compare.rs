//! `weburl compare`: every engine's reading of an input, host disagreements first.

mod common;

use common::weburl;

#[test]
fn a_backslash_authority_splits_the_engines() {
    let run = weburl(&["compare", "http://evil.example\\@good.example/"], b"");
    assert_eq!(
        run.stdout,
        "http://evil.example\\@good.example/\n\
         \x20 ! html5-2011          host good.example             http://evil.example/@good.example/\n\
         \x20 ! web-addresses-2009  host good.example             http://evil.example/@good.example/\n\
         \x20 ! rfc3986             host -                        error: the input does not match the grammar at byte 19\n\
         \x20 ! rfc1808             host good.example             http://evil.example\\@good.example/\n\
         \x20   whatwg              host evil.example             http://evil.example/@good.example/\n\
         \x20 hosts differ: html5-2011, web-addresses-2009, rfc3986, rfc1808\n"
    );
    // Disagreement is exit status 1.
    assert_eq!(run.code, 1);
}

#[test]
fn agreeing_engines_exit_zero() {
    let run = weburl(&["compare", "--base", "http://a/b/c/d;p?q", "g;x?y#s"], b"");
    assert!(
        run.stdout.ends_with("  all engines agree\n"),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 0);
}

#[test]
fn json_from_stdin() {
    let run = weburl(
        &["compare", "--base", "http://a/b/c/d;p?q", "--json"],
        b"g;x?y#s\n",
    );
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"g;x?y#s","base":"http://a/b/c/d;p?q","results":["#,
            r#"{"engine":"whatwg","href":"http://a/b/c/g;x?y#s","host":"a"},"#,
            r#"{"engine":"html5-2011","href":"http://a/b/c/g;x?y#s","host":"a"},"#,
            r#"{"engine":"web-addresses-2009","href":"http://a/b/c/g;x?y#s","host":"a"},"#,
            r#"{"engine":"rfc3986","href":"http://a/b/c/g;x?y#s","host":"a"},"#,
            r#"{"engine":"rfc1808","href":"http://a/b/c/g;x?y#s","host":"a"}],"#,
            r#""hosts_agree":true,"hrefs_agree":true}"#,
            "\n"
        )
    );
    assert_eq!(run.code, 0);
}

#[test]
fn href_differences_without_host_differences() {
    // RFC 1808 keeps the base's ;params where RFC 3986 drops them (";x" against d;p).
    let run = weburl(
        &["compare", "--base", "http://a/b/c/d;p?q", ";x", "--json"],
        b"",
    );
    assert!(
        run.stdout
            .contains(r#""hosts_agree":true,"hrefs_agree":false"#),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 1);
}

#[test]
fn usage_errors() {
    let run = weburl(&["compare", "--encoding", "nope", "x"], b"");
    assert_eq!(run.code, 2);
}
