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
         http://h/p?a&a=A&z\n\
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
         https://example.com/\nhttps://example.com/\nhttps://example.com/index.html/x\n\
         https://example.com/myindex.html\n"
    );
}

#[test]
fn dedup_drops_the_fragment_unless_kept() {
    // A fragment never reaches the server: `#a` and `#b` are one resource.
    assert_eq!(
        ok(&[
            "normalize",
            "--profile",
            "dedup",
            "https://example.com/p#a",
            "https://example.com/p#b",
            "https://example.com/p"
        ]),
        "https://example.com/p\nhttps://example.com/p\nhttps://example.com/p\n"
    );
    assert_eq!(
        ok(&[
            "normalize",
            "--profile",
            "dedup",
            "--keep-fragment",
            "http://h/p?&&z&a=%41&a#%2d%2e",
            "https://example.com/p#",
            "https://example.com/p"
        ]),
        "http://h/p?a&a=A&z#-.\nhttps://example.com/p\nhttps://example.com/p\n"
    );
    let run = weburl(&["normalize", "--keep-fragment", "http://h/#x"], b"");
    assert_eq!(
        run.stderr,
        format!(
            "error: --keep-fragment needs --profile dedup (spec always keeps the fragment, \
             w3lib and surt always drop it){MORE_INFO}"
        )
    );
    assert_eq!(run.code, 2);
}

#[test]
fn drop_index_needs_dedup() {
    let run = weburl(&["normalize", "--drop-index", "http://h/index.html"], b"");
    assert_eq!(
        run.stderr,
        format!("error: --drop-index needs --profile dedup or surt (or --surt){MORE_INFO}")
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
         ::1:81)/x\n\
         com,example)/~a\n\
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
fn w3lib_profile() {
    assert_eq!(
        ok(&[
            "normalize",
            "--profile",
            "w3lib",
            "http://www.example.com/do?c=3&b=5&b=2&a=50&d#top",
            "http://User:p;w@Example.com/a%7e%2f%25/b;p=%7e?q=a+b%20c",
            "http://example.com/%%34%31",
            "http://example.com/?&&#"
        ]),
        "http://www.example.com/do?a=50&b=2&b=5&c=3&d=\n\
         http://User:p%3Bw@example.com/a~%2F%25/b;p=%7e?q=a+b+c\n\
         http://example.com/%2541\n\
         http://example.com/\n"
    );
    // With another output, the w3lib URL is parsed again (its href is the same text).
    assert_eq!(
        ok(&[
            "normalize",
            "--profile",
            "w3lib",
            "--get",
            "{host} {search}",
            "http://A.example:80/?b&a#f"
        ]),
        "a.example ?a=&b=\n"
    );
}

#[test]
fn surt_profile_is_surt() {
    let urls = [
        "https://www.Example.com/Path?b=2&a=1",
        "http://example.com/?type=a+b+%26+c&grape=wine",
    ];
    let expected = "com,example)/path?a=1&b=2\ncom,example)/?+c&grape=wine&type=a+b+\n";
    assert_eq!(
        ok(&[&["normalize", "--profile", "surt"], &urls[..]].concat()),
        expected
    );
    assert_eq!(
        ok(&[&["normalize", "--surt"], &urls[..]].concat()),
        expected
    );
    let run = weburl(
        &["normalize", "--profile", "surt", "--json", "http://h/"],
        b"",
    );
    assert_eq!(run.code, 2);
    let run = weburl(
        &[
            "normalize",
            "--profile",
            "w3lib",
            "--drop-index",
            "http://h/",
        ],
        b"",
    );
    assert_eq!(run.code, 2);
}

#[test]
fn strip_tracking_with_every_profile() {
    let url = "https://www.example.com/a?utm_source=x&b=2&FBCLID=y&utm_Medium=z&a=1#f";
    for (profile, expected) in [
        ("spec", "https://www.example.com/a?b=2&a=1#f"),
        ("dedup", "https://www.example.com/a?a=1&b=2"),
        ("w3lib", "https://www.example.com/a?a=1&b=2"),
        ("surt", "com,example)/a?a=1&b=2"),
    ] {
        assert_eq!(
            ok(&["normalize", "--profile", profile, "--strip-tracking", url]),
            format!("{expected}\n"),
            "{profile}"
        );
    }
}

#[test]
fn batch_normalize() {
    let run = weburl(
        &["batch"],
        br#"{"op":"normalize","input":"http://www.Example.com/do?b=2&a#f","profile":"w3lib"}
{"op":"normalize","input":"http://www.Example.com/do?b=2&a#f","profile":"surt"}
{"op":"normalize","input":"../b?z&y#","base":"http://a/c/d","profile":"dedup"}
{"op":"normalize","input":"HTTP://A/?z","base":null,"profile":"spec"}
{"op":"normalize","input":"x","profile":"dedup"}
{"op":"normalize","input":"x","base":"nope","profile":"dedup"}
{"op":"normalize","input":"http://a/","profile":"W3LIB"}
{"op":"normalize","input":"http://a/"}
"#,
    );
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], r#"{"output":"http://www.example.com/do?a=&b=2"}"#);
    assert_eq!(lines[1], r#"{"output":"com,example)/do?a&b=2"}"#);
    assert_eq!(lines[2], r#"{"output":"http://a/b?y&z"}"#);
    assert_eq!(lines[3], r#"{"output":"http://a/?z"}"#);
    assert!(
        lines[4].starts_with(r#"{"failure":true,"error":"#),
        "{}",
        lines[4]
    );
    assert!(
        lines[5].starts_with(r#"{"failure":true,"error":"invalid base URL"#),
        "{}",
        lines[5]
    );
    assert!(
        lines[6].starts_with(r#"{"error":"unknown profile: W3LIB"#),
        "{}",
        lines[6]
    );
    assert_eq!(lines[7], r#"{"error":"missing field: profile"}"#);
    assert_eq!(lines.len(), 8);
}

#[test]
fn batch_normalize_options() {
    let run = weburl(
        &["batch"],
        br#"{"op":"normalize","input":"https://www.example.com/index.html?utm_source=x&id=1&fbclid=y","profile":"surt","strip_tracking":true,"drop_index":true}
{"op":"normalize","input":"https://example.com/?utm_source=x&id=1","profile":"w3lib","strip_tracking":true}
{"op":"normalize","input":"https://example.com/?utm_source=x&id=1","profile":"w3lib","strip_tracking":null}
{"op":"normalize","input":"https://example.com/?utm_source=x","profile":"spec","strip_tracking":"yes"}
"#,
    );
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], r#"{"output":"com,example)/?id=1"}"#);
    assert_eq!(lines[1], r#"{"output":"https://example.com/?id=1"}"#);
    // Absent or null: the parameters stay.
    assert_eq!(
        lines[2],
        r#"{"output":"https://example.com/?id=1&utm_source=x"}"#
    );
    assert_eq!(
        lines[3],
        r#"{"error":"field strip_tracking must be a boolean or null, not a string"}"#
    );
    assert_eq!(lines.len(), 4);
}

#[test]
fn batch_normalize_keep_fragment() {
    let run = weburl(
        &["batch"],
        br#"{"op":"normalize","input":"https://example.com/p?b&a#%7ex","profile":"dedup"}
{"op":"normalize","input":"https://example.com/p?b&a#%7ex","profile":"dedup","keep_fragment":true}
{"op":"normalize","input":"https://example.com/p?b&a#%7ex","profile":"dedup","keep_fragment":null}
{"op":"normalize","input":"https://example.com/p#x","profile":"spec","keep_fragment":false}
{"op":"normalize","input":"https://example.com/p#x","profile":"w3lib","keep_fragment":true}
{"op":"normalize","input":"https://example.com/p#x","profile":"dedup","keep_fragment":1}
"#,
    );
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            r#"{"output":"https://example.com/p?a&b"}"#,
            r#"{"output":"https://example.com/p?a&b#~x"}"#,
            r#"{"output":"https://example.com/p?a&b"}"#,
            r#"{"output":"https://example.com/p#x"}"#,
            r#"{"output":"https://example.com/p"}"#,
            r#"{"error":"field keep_fragment must be a boolean or null, not a number"}"#,
        ]
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
            r#""pathname":"/~","search":"?a&b=A","hash":"","public_suffix":"h","#,
            r#""registrable_domain":null,"subdomain":null,"site":"http://h","#,
            r#""params":[["a",""],["b","A"]]}"#,
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
