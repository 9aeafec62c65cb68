//! `--get TEMPLATE`.

mod common;

use common::{MORE_INFO, ok, weburl};

const URL: &str = "https://u:p%40ss@EXAMPLE.com:8443/a%20b/c?x=1&y=%C3%A9+z&x=2#fr%61g";

#[test]
fn every_component() {
    let template = "{href}|{origin}|{protocol}|{scheme}|{username}|{password}|{host}|{hostname}|\
                    {port}|{pathname}|{search}|{query}|{hash}|{fragment}";
    assert_eq!(
        ok(&["parse", "--get", template, URL]),
        "https://u:p%40ss@example.com:8443/a%20b/c?x=1&y=%C3%A9+z&x=2#fr%61g|\
         https://example.com:8443|https:|https|u|p%40ss|example.com:8443|example.com|8443|\
         /a%20b/c|?x=1&y=%C3%A9+z&x=2|x=1&y=%C3%A9+z&x=2|#fr%61g|fr%61g\n"
    );
}

#[test]
fn empty_components_are_empty() {
    assert_eq!(
        ok(&[
            "parse",
            "--get",
            "[{username}][{port}][{search}][{query}][{hash}][{fragment}]",
            "http://h/?#"
        ]),
        "[][][][][][]\n"
    );
    assert_eq!(
        ok(&[
            "parse",
            "--get",
            "{origin} {host} {pathname}",
            "data:text/plain,hi"
        ]),
        "null  text/plain,hi\n"
    );
}

#[test]
fn percent_decoded_components() {
    assert_eq!(
        ok(&[
            "parse",
            "--get",
            "{:password} {:pathname} {:query} {:fragment}",
            URL
        ]),
        "p@ss /a b/c x=1&y=é+z&x=2 frag\n"
    );
    // Invalid UTF-8 becomes U+FFFD.
    assert_eq!(
        ok(&["parse", "--get", "{:pathname}", "http://h/%FF%41"]),
        "/\u{FFFD}A\n"
    );
}

#[test]
fn query_parameters() {
    assert_eq!(
        ok(&[
            "parse",
            "--get",
            "{query:x}|{query:y}|{query-all:x}|{query:none}|{query-all:none}",
            URL
        ]),
        // Every value of x, one per line.
        "1|é z|1\n2||\n"
    );
    assert_eq!(
        ok(&["parse", "--get", "{query:a b}", "http://h/?a+b=%2B"]),
        "+\n"
    );
}

#[test]
fn default_port() {
    assert_eq!(
        ok(&[
            "parse",
            "--get",
            "{port}|{default:port}",
            "https://h/",
            "http://h:8080/",
            "ftp://h/",
            "file:///x",
            "git://h/"
        ]),
        "|443\n8080|8080\n|21\n|\n|\n"
    );
}

#[test]
fn ascii_and_unicode_hosts() {
    assert_eq!(
        ok(&[
            "parse",
            "--get",
            "{puny:host} {puny:hostname} {idn:host} {idn:hostname}",
            "http://Bücher.example:81/",
            "http://[::1]/",
            "http://127.0.0.1/"
        ]),
        "xn--bcher-kva.example:81 xn--bcher-kva.example bücher.example:81 bücher.example\n\
         [::1] [::1] [::1] [::1]\n\
         127.0.0.1 127.0.0.1 127.0.0.1 127.0.0.1\n"
    );
    // An opaque host is not a domain: it stays as it is.
    assert_eq!(
        ok(&["parse", "--get", "{idn:host}", "sc://xn--bcher-kva/"]),
        "xn--bcher-kva\n"
    );
}

#[test]
fn braces_are_escaped_by_doubling() {
    assert_eq!(
        ok(&["parse", "--get", "{{\"host\": \"{host}\"}}", "http://h/"]),
        "{\"host\": \"h\"}\n"
    );
}

#[test]
fn unknown_placeholder_is_a_usage_error() {
    let run = weburl(&["parse", "--get", "{host} {nope}", "http://h/"], b"");
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.starts_with(
            "error: invalid value '{host} {nope}' for '--get <TEMPLATE>': unknown placeholder \
             {nope} (known: {href} "
        ),
        "{}",
        run.stderr
    );
    assert!(run.stderr.ends_with(MORE_INFO));
    assert_eq!(run.code, 2);
    for (template, reason) in [
        (
            "{host",
            "unclosed placeholder '{host' (write '{{' for a literal brace)",
        ),
        ("a}", "unmatched '}' (write '}}' for a literal brace)"),
    ] {
        let run = weburl(&["parse", "--get", template, "http://h/"], b"");
        assert_eq!(
            run.stderr,
            format!(
                "error: invalid value '{template}' for '--get <TEMPLATE>': {reason}{MORE_INFO}"
            )
        );
        assert_eq!(run.code, 2);
    }
}

#[test]
fn get_on_every_subcommand() {
    assert_eq!(
        ok(&["set", "http://h/", "--set", "port=81", "--get", "{host}"]),
        "h:81\n"
    );
    assert_eq!(
        ok(&[
            "resolve",
            "--base",
            "http://h/a/",
            "b",
            "--get",
            "{pathname}"
        ]),
        "/a/b\n"
    );
    assert_eq!(
        ok(&["join", "http://h/a/", "b", "--get", "{pathname}"]),
        "/a/b\n"
    );
    assert_eq!(
        ok(&[
            "normalize",
            "--profile",
            "dedup",
            "http://h/?b&a",
            "--get",
            "{query}"
        ]),
        "a&b\n"
    );
}

#[test]
fn get_conflicts_with_json_and_diagram() {
    for other in ["--json", "--diagram"] {
        let run = weburl(&["parse", "--get", "{host}", other, "http://h/"], b"");
        assert_eq!(run.code, 2);
        assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
    }
}
