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
             '{nope}' at byte 7 (known: {href} "
        ),
        "{}",
        run.stderr
    );
    assert!(run.stderr.ends_with(MORE_INFO));
    assert_eq!(run.code, 2);
}

/// One tokenizer reads every `--get` template: the same mistake gets the same message (what,
/// and the byte offset in the template) from `weburl parse --get` and `weburl match --get`.
#[test]
fn template_mistakes_read_the_same_in_every_command() {
    // The message, or (for an unknown placeholder, whose known names differ) its start.
    for (template, reason) in [
        (
            "{host",
            "unclosed placeholder '{host' at byte 0 (write '{{' for a literal brace)",
        ),
        (
            "ab{host{port}",
            "unclosed placeholder '{host' at byte 2 (write '{{' for a literal brace)",
        ),
        (
            "{{{",
            "unclosed placeholder '{' at byte 2 (write '{{' for a literal brace)",
        ),
        (
            "a}",
            "unmatched '}' at byte 1 (write '}}' for a literal brace)",
        ),
        (
            "{href}}",
            "unmatched '}' at byte 6 (write '}}' for a literal brace)",
        ),
        (
            "x {} y",
            "empty placeholder '{}' at byte 2 (write '{{}}' for literal braces)",
        ),
        (
            "é {href} {nope}",
            "unknown placeholder '{nope}' at byte 10 (known: ",
        ),
        (
            "{route",
            "unclosed placeholder '{route' at byte 0 (write '{{' for a literal brace)",
        ),
    ] {
        let parse = weburl(&["parse", "--get", template, "http://h/"], b"");
        let matching = weburl(&["match", "--get", template, "/*", "http://h/"], b"");
        for (command, run) in [("parse", parse), ("match", matching)] {
            let prefix = format!("error: invalid value '{template}' for '--get <TEMPLATE>': ");
            let message = run
                .stderr
                .strip_prefix(&prefix)
                .unwrap_or_else(|| panic!("{command} --get {template:?}: {}", run.stderr));
            assert!(
                message.starts_with(reason) && message.ends_with(MORE_INFO),
                "{command} --get {template:?}: {message}"
            );
            if !reason.ends_with("(known: ") {
                assert_eq!(message, format!("{reason}{MORE_INFO}"), "{command}");
            }
            assert_eq!((run.stdout.as_str(), run.code), ("", 2), "{command}");
        }
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
