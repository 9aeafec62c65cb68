//! `weburl normalize`.

mod common;

use common::{MORE_INFO, ok, weburl};

#[test]
fn spec_profile_is_the_href() {
    assert_eq!(
        ok(&[
            "normalize",
            "HTTP://Example.COM:80/a/../b?",
            "http://h/%7e?%7E#%7e"
        ]),
        "http://example.com/b?\nhttp://h/%7e?%7E#%7e\n"
    );
    assert_eq!(
        ok(&[
            "normalize",
            "--profile",
            "spec",
            "HTTP://Example.COM:80/a/../b?"
        ]),
        "http://example.com/b?\n"
    );
}

#[test]
fn dedup_profile() {
    assert_eq!(
        ok(&[
            "normalize",
            "--profile",
            "dedup",
            "http://example.com/%7euser/a%2fb?b=2&a=1&#",
            "http://U%61:P%3a@h/?#",
            "http://h/p?&&z&a=%41&a#%2d%2e",
            "https://example.com/index.html",
            "mailto:%7EA@b?%3f"
        ]),
        "http://example.com/~user/a%2Fb?a=1&b=2\n\
         http://Ua:P%3A@h/\n\
         http://h/p?a&a=A&z#-.\n\
         https://example.com/index.html\n\
         mailto:~A@b?%3F\n"
    );
}

#[test]
fn drop_index() {
    assert_eq!(
        ok(&[
            "normalize",
            "--profile",
            "dedup",
            "--drop-index",
            "https://example.com/docs/index.html?b&a",
            "https://example.com/INDEX.HTM",
            "https://example.com/a/index.php",
            "https://example.com/default.asp",
            "https://example.com/Default.aspx#x",
            "https://example.com/index.html/x",
            "https://example.com/myindex.html"
        ]),
        "https://example.com/docs/?a&b\nhttps://example.com/\nhttps://example.com/a/\n\
         https://example.com/\nhttps://example.com/#x\nhttps://example.com/index.html/x\n\
         https://example.com/myindex.html\n"
    );
}

#[test]
fn drop_index_needs_dedup() {
    let run = weburl(&["normalize", "--drop-index", "http://h/index.html"], b"");
    assert_eq!(
        run.stderr,
        format!("error: --drop-index needs --profile dedup or --surt{MORE_INFO}")
    );
    assert_eq!(run.stdout, "");
    assert_eq!(run.code, 2);
}

#[test]
fn surt() {
    assert_eq!(
        ok(&[
            "normalize",
            "--surt",
            "https://www.Example.com/Path?b=2&a=1",
            "http://user:pw@www2.archive.org:8080/Goo/?B=1&a=2#frag",
            "http://archive.org/goo/?a=2&b&a=1",
            "http://123.45.167.89/",
            "http://[::1]:81/x",
            "http://example.com/%7Ea%2f/?",
            "mailto:Someone@Example.COM#x"
        ]),
        "com,example)/path?a=1&b=2\n\
         org,archive:8080)/goo?a=2&b=1\n\
         org,archive)/goo?a=1&a=2&b\n\
         89,167,45,123)/\n\
         [::1]:81)/x\n\
         com,example)/~a%2f\n\
         mailto:someone@example.com\n"
    );
    assert_eq!(
        ok(&[
            "normalize",
            "--surt",
            "--drop-index",
            "https://www.example.com/a/index.html"
        ]),
        "com,example)/a\n"
    );
}

#[test]
fn surt_conflicts_with_other_outputs() {
    for other in ["--json", "--diagram"] {
        let run = weburl(&["normalize", "--surt", other, "http://h/"], b"");
        assert_eq!(run.code, 2);
        assert!(
            run.stderr.starts_with(&format!(
                "error: the argument '--surt' cannot be used with '{other}'"
            )),
            "{}",
            run.stderr
        );
    }
    let run = weburl(
        &["normalize", "--surt", "--get", "{host}", "http://h/"],
        b"",
    );
    assert_eq!(run.code, 2);
}

#[test]
fn normalize_with_json() {
    assert_eq!(
        ok(&[
            "normalize",
            "--profile",
            "dedup",
            "--json",
            "http://h/%7e?b=%41&a"
        ]),
        concat!(
            r#"{"input":"http://h/%7e?b=%41&a","#,
            r#""href":"http://h/~?a&b=A","origin":"http://h","protocol":"http:","#,
            r#""username":"","password":"","host":"h","hostname":"h","port":"","#,
            r#""pathname":"/~","search":"?a&b=A","hash":"","params":[["a",""],["b","A"]]}"#,
            "\n"
        )
    );
}

#[test]
fn normalize_stdin_and_failures() {
    let run = weburl(
        &["normalize", "--profile", "dedup"],
        b"http://h/?b&a\nnope\nhttp://H/%7e\n",
    );
    assert_eq!(run.stdout, "http://h/?a&b\nhttp://h/~\n");
    assert_eq!(
        run.stderr,
        "error: line 2: nope: relative URL without a base (no scheme, and no usable base URL)\n"
    );
    assert_eq!(run.code, 1);
}
