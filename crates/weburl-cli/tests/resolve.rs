//! `weburl resolve` and `weburl join`.

mod common;

use common::{MORE_INFO, NO_BASE, ok, weburl};

#[test]
fn resolve_arguments() {
    assert_eq!(
        ok(&[
            "resolve",
            "--base",
            "https://example.com/docs/guide/",
            "../api?q=1",
            "/x",
            "//cdn.example/y",
            "?only-query",
            "#frag",
            "",
            "mailto:x@y"
        ]),
        "https://example.com/docs/api?q=1\nhttps://example.com/x\nhttps://cdn.example/y\n\
         https://example.com/docs/guide/?only-query\nhttps://example.com/docs/guide/#frag\n\
         https://example.com/docs/guide/\nmailto:x@y\n"
    );
}

#[test]
fn resolve_stdin() {
    let run = weburl(
        &["resolve", "--base", "https://example.com/s/page"],
        b"a.png\n../b.css\nhttp://[\n",
    );
    assert_eq!(
        run.stdout,
        "https://example.com/s/a.png\nhttps://example.com/b.css\n"
    );
    assert!(
        run.stderr
            .starts_with("error: line 3: http://[: invalid host"),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 1);
}

#[test]
fn resolve_needs_a_base() {
    let run = weburl(&["resolve", "a"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with(
            "error: the following required arguments were not provided:\n  --base <URL>"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn bad_bases_are_usage_errors() {
    let run = weburl(&["resolve", "--base", "nope", "a"], b"");
    assert_eq!(
        run.stderr,
        format!("error: invalid value 'nope' for '--base <URL>': {NO_BASE}{MORE_INFO}")
    );
    assert_eq!(run.code, 2);
    let run = weburl(&["join", "nope", "a"], b"");
    assert_eq!(
        run.stderr,
        format!("error: invalid value 'nope' for '<BASE>': {NO_BASE}{MORE_INFO}")
    );
    assert_eq!(run.code, 2);
}

#[test]
fn a_guessed_base() {
    assert_eq!(
        ok(&["join", "--guess-scheme", "example.com/a/b", "c"]),
        "http://example.com/a/c\n"
    );
    // References themselves are never guessed: `c.example` is a path here.
    assert_eq!(
        ok(&[
            "resolve",
            "--guess-scheme",
            "--base",
            "https://a/",
            "c.example"
        ]),
        "https://a/c.example\n"
    );
}

#[test]
fn join_arguments_and_stdin() {
    assert_eq!(
        ok(&["join", "https://example.com/a/b", "c", "../d?x#y"]),
        "https://example.com/a/c\nhttps://example.com/d?x#y\n"
    );
    let run = weburl(&["join", "https://example.com/a/b"], b"c\n/d\n");
    assert_eq!(
        run.stdout,
        "https://example.com/a/c\nhttps://example.com/d\n"
    );
    assert_eq!(run.code, 0);
    let run = weburl(&["join"], b"");
    assert_eq!(run.code, 2);
}

#[test]
fn join_with_json() {
    assert_eq!(
        ok(&["join", "http://h/a/", "b?x=1&x=2", "--json"]),
        concat!(
            r#"{"input":"b?x=1&x=2","href":"http://h/a/b?x=1&x=2","origin":"http://h","#,
            r#""protocol":"http:","#,
            r#""username":"","password":"","host":"h","hostname":"h","port":"","#,
            r#""pathname":"/a/b","search":"?x=1&x=2","hash":"","params":[["x","1"],["x","2"]]}"#,
            "\n"
        )
    );
}
