//! `weburl set`.

mod common;

use common::{MORE_INFO, ok, weburl};

#[test]
fn set_every_component() {
    let url = "http://example.com/a?x=1#f";
    for (assignment, expected) in [
        ("href=https://other.example/", "https://other.example/"),
        ("protocol=https", "https://example.com/a?x=1#f"),
        ("scheme=ws:", "ws://example.com/a?x=1#f"),
        ("username=me@home", "http://me%40home@example.com/a?x=1#f"),
        ("password=a b", "http://:a%20b@example.com/a?x=1#f"),
        ("host=EXAMPLE.org:81", "http://example.org:81/a?x=1#f"),
        ("hostname=faß.example", "http://xn--fa-hia.example/a?x=1#f"),
        ("port=8080", "http://example.com:8080/a?x=1#f"),
        ("port=80", "http://example.com/a?x=1#f"),
        ("pathname=/b c/../d", "http://example.com/d?x=1#f"),
        ("path=e", "http://example.com/e?x=1#f"),
        ("search=?q=a b", "http://example.com/a?q=a%20b#f"),
        ("query=", "http://example.com/a#f"),
        ("hash=top", "http://example.com/a?x=1#top"),
        ("fragment=", "http://example.com/a?x=1"),
    ] {
        assert_eq!(
            ok(&["set", url, "--set", assignment]),
            format!("{expected}\n"),
            "--set {assignment}"
        );
    }
}

#[test]
fn sets_run_in_order() {
    assert_eq!(
        ok(&[
            "set",
            "http://example.com/a?x=1",
            "--set",
            "scheme=https",
            "--set",
            "port=8443",
            "--set",
            "hash=top",
            "--set",
            "port=443"
        ]),
        "https://example.com/a?x=1#top\n"
    );
}

#[test]
fn ignored_setter_values_fail_the_input() {
    let run = weburl(
        &[
            "set",
            "http://a/",
            "mailto:x",
            "http://b/",
            "--set",
            "port=99999",
        ],
        b"",
    );
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "error: http://a/: --set port=99999: the port is greater than 65535\n\
         error: mailto:x: --set port=99999: the URL cannot have a username, password or port \
         (no host, an empty host, or a file URL)\n\
         error: http://b/: --set port=99999: the port is greater than 65535\n"
    );
    assert_eq!(run.code, 1);
    let run = weburl(&["set", "http://a/", "--set", "scheme=mailto"], b"");
    assert_eq!(
        run.stderr,
        "error: http://a/: --set scheme=mailto: a special scheme cannot be changed to a \
         non-special one, or the other way round\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn bad_set_arguments_are_usage_errors() {
    let run = weburl(&["set", "http://a/", "--set", "nope=1"], b"");
    assert_eq!(
        run.stderr,
        format!(
            "error: invalid value 'nope=1' for '--set <COMPONENT=VALUE>': unknown component \
             'nope' (expected one of href, protocol, username, password, host, hostname, port, \
             pathname, search, hash, scheme, user, path, query, fragment, url){MORE_INFO}"
        )
    );
    assert_eq!(run.code, 2);
    let run = weburl(&["set", "http://a/", "--set", "port"], b"");
    assert_eq!(
        run.stderr,
        format!(
            "error: invalid value 'port' for '--set <COMPONENT=VALUE>': expected \
             COMPONENT=VALUE{MORE_INFO}"
        )
    );
    assert_eq!(run.code, 2);
}

#[test]
fn append_path_segments() {
    assert_eq!(
        ok(&[
            "set",
            "https://example.com/docs",
            "--append",
            "path=a b/c?d%"
        ]),
        "https://example.com/docs/a%20b%2Fc%3Fd%25\n"
    );
    // An empty last segment (a trailing slash) is replaced.
    assert_eq!(
        ok(&[
            "set",
            "https://example.com/docs/?q#f",
            "--append",
            "path=x",
            "--append",
            "path=y"
        ]),
        "https://example.com/docs/x/y?q#f\n"
    );
    assert_eq!(
        ok(&["set", "https://example.com", "--append", "path=ü"]),
        "https://example.com/%C3%BC\n"
    );
}

#[test]
fn append_path_failures() {
    let run = weburl(&["set", "mailto:x@y", "--append", "path=z"], b"");
    assert_eq!(
        run.stderr,
        "error: mailto:x@y: --append path=z: the URL has an opaque path (no segments)\n"
    );
    assert_eq!(run.code, 1);
    let run = weburl(&["set", "http://a/", "--append", "path=.."], b"");
    assert_eq!(
        run.stderr,
        format!(
            "error: invalid value 'path=..' for '--append <path=SEGMENT|query=NAME=VALUE>': \
             '..' is a dot segment, not a name (use --redirect to move up){MORE_INFO}"
        )
    );
    assert_eq!(run.code, 2);
    let run = weburl(&["set", "http://a/", "--append", "hash=x"], b"");
    assert_eq!(run.code, 2);
}

#[test]
fn append_query_parameters() {
    assert_eq!(
        ok(&[
            "set",
            "https://example.com/?a=1",
            "--append",
            "query=q=x y&z",
            "--append",
            "query=flag",
            "--append",
            "query=e=a=b"
        ]),
        "https://example.com/?a=1&q=x+y%26z&flag=&e=a%3Db\n"
    );
    assert_eq!(
        ok(&["set", "https://example.com/#f", "--append", "query=k=v"]),
        "https://example.com/?k=v#f\n"
    );
}

#[test]
fn trim_query_parameters_by_glob() {
    assert_eq!(
        ok(&[
            "set",
            "https://example.com/?utm_source=x&id=7&utm_medium=y&fbclid=z&xutm_=1",
            "--trim",
            "query=utm_*",
            "--trim",
            "query=fbcl?d"
        ]),
        "https://example.com/?id=7&xutm_=1\n"
    );
    // Removing every parameter removes the query.
    assert_eq!(
        ok(&["set", "https://example.com/?utm_a=1#f", "--trim", "query=*"]),
        "https://example.com/#f\n"
    );
    // A query that loses nothing is left as it was written.
    assert_eq!(
        ok(&[
            "set",
            "https://example.com/?a=%20~",
            "--trim",
            "query=utm_*"
        ]),
        "https://example.com/?a=%20~\n"
    );
    let run = weburl(&["set", "http://a/", "--trim", "utm_*"], b"");
    assert_eq!(
        run.stderr,
        format!(
            "error: invalid value 'utm_*' for '--trim <query=PATTERN>': expected query=PATTERN{MORE_INFO}"
        )
    );
    assert_eq!(run.code, 2);
}

#[test]
fn sort_query() {
    assert_eq!(
        ok(&[
            "set",
            "https://example.com/?b=2&a=1&b=1&a b=0",
            "--sort-query"
        ]),
        "https://example.com/?a=1&a+b=0&b=2&b=1\n"
    );
    assert_eq!(
        ok(&["set", "https://example.com/", "--sort-query"]),
        "https://example.com/\n"
    );
}

#[test]
fn strip_parts() {
    let url = "https://u:p@example.com/a?q=1#f";
    assert_eq!(
        ok(&["set", url, "--strip", "fragment"]),
        "https://u:p@example.com/a?q=1\n"
    );
    assert_eq!(
        ok(&["set", url, "--strip", "query"]),
        "https://u:p@example.com/a#f\n"
    );
    assert_eq!(
        ok(&["set", url, "--strip", "credentials"]),
        "https://example.com/a?q=1#f\n"
    );
    assert_eq!(
        ok(&[
            "set",
            url,
            "--strip",
            "credentials",
            "--strip",
            "query",
            "--strip",
            "fragment"
        ]),
        "https://example.com/a\n"
    );
    // Nothing to strip is fine.
    assert_eq!(
        ok(&["set", "file:///x", "--strip", "credentials"]),
        "file:///x\n"
    );
    let run = weburl(&["set", url, "--strip", "port"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("[possible values: fragment, query, credentials]")
    );
}

#[test]
fn redirect() {
    assert_eq!(
        ok(&["set", "https://example.com/a/b?q#f", "--redirect", "../c?x"]),
        "https://example.com/c?x\n"
    );
    assert_eq!(
        ok(&[
            "set",
            "https://example.com/a/b",
            "--redirect",
            "/x/y",
            "--redirect",
            "z",
            "--redirect",
            "//other.example"
        ]),
        "https://other.example/\n"
    );
    let run = weburl(
        &["set", "https://example.com/", "--redirect", "http://[::1"],
        b"",
    );
    assert_eq!(
        run.stderr,
        "error: https://example.com/: --redirect http://[::1: invalid host: the IPv6 address \
         has no closing ']'\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn operations_run_in_a_fixed_order() {
    // --redirect, then --set, --append, --trim, --sort-query, --strip, whatever the order
    // on the command line.
    assert_eq!(
        ok(&[
            "set",
            "http://a.example/dir/page?utm_x=1&z=1#f",
            "--strip",
            "fragment",
            "--sort-query",
            "--trim",
            "query=utm_*",
            "--append",
            "query=b=2",
            "--append",
            "path=p",
            "--set",
            "hash=h",
            "--set",
            "pathname=/new/",
            "--redirect",
            "other?utm_y=2&c=3"
        ]),
        "http://a.example/new/p?b=2&c=3\n"
    );
}

#[test]
fn set_with_json_and_stdin() {
    let run = weburl(
        &["set", "--set", "port=81", "--json"],
        b"http://h/?a=1\nnope\n",
    );
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"http://h/?a=1","href":"http://h:81/?a=1","origin":"http://h:81","#,
            r#""protocol":"http:","username":"","password":"","host":"h:81","hostname":"h","#,
            r#""port":"81","pathname":"/","search":"?a=1","hash":"","public_suffix":"h","#,
            r#""registrable_domain":null,"subdomain":null,"site":"http://h","#,
            r#""params":[["a","1"]]}"#,
            "\n",
            r#"{"input":"nope","error":"relative URL without a base (no scheme, and no usable "#,
            r#"base URL)","error_name":"missing-scheme-non-relative-URL"}"#,
            "\n"
        )
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 1);
}
