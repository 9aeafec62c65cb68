//! End-to-end tests of `weburl validate`: the linter-style lines, columns, `--json`,
//! `--verbose`, inputs from standard input and files, the terminal's caret lines, exit codes.

mod common;

use common::{MORE_INFO, NO_BASE, TempFile, ok, on_a_terminal, weburl, weburl_env};

/// The messages of the validation errors these tests meet.
const UNIT: &str =
    "a code point that is not allowed in URLs, or a '%' not followed by two hex digits";
const CREDENTIALS: &str = "the URL contains credentials";
const SOLIDUS: &str = "the special scheme is not followed by exactly \"//\"";
const REVERSE_SOLIDUS: &str = "a '\\' is used where '/' is expected";
const PORT: &str = "the port is greater than 65535";
const NO_SCHEME: &str = "no scheme, and no base URL to resolve against";

/// Runs `weburl validate args...` with `stdin`, and checks that nothing went to standard error.
fn validate(args: &[&str], stdin: &[u8]) -> (String, i32) {
    let mut all = vec!["validate"];
    all.extend(args);
    let run = weburl(&all, stdin);
    assert_eq!(run.stderr, "", "weburl {all:?}");
    (run.stdout, run.code)
}

#[test]
fn a_code_point_not_allowed_in_urls() {
    assert_eq!(
        validate(&["https://example.org/>"], b""),
        (
            format!("https://example.org/>:21: invalid-URL-unit: {UNIT}\n"),
            1
        )
    );
}

#[test]
fn credentials() {
    assert_eq!(
        validate(&["https://user:pass@example.org"], b""),
        (
            format!("https://user:pass@example.org:18: invalid-credentials: {CREDENTIALS}\n"),
            1
        )
    );
}

#[test]
fn backslashes() {
    assert_eq!(
        validate(&["https:\\\\example.org\\a"], b""),
        (
            format!(
                "https:\\\\example.org\\a:7: special-scheme-missing-following-solidus: {SOLIDUS}\n\
                 https:\\\\example.org\\a:7: special-scheme-missing-following-solidus: {SOLIDUS}\n\
                 https:\\\\example.org\\a:8: special-scheme-missing-following-solidus: {SOLIDUS}\n\
                 https:\\\\example.org\\a:20: invalid-reverse-solidus: {REVERSE_SOLIDUS}\n"
            ),
            1
        )
    );
}

#[test]
fn a_failure_reports_its_own_error() {
    assert_eq!(
        validate(&["https://example.org:70000"], b""),
        (
            format!("https://example.org:70000:21: port-out-of-range: {PORT}\n"),
            1
        )
    );
    // The errors met before the failure come first.
    assert_eq!(
        validate(&["https://u@0x7f.1:99999/"], b""),
        (
            format!(
                "https://u@0x7f.1:99999/:10: invalid-credentials: {CREDENTIALS}\n\
                 https://u@0x7f.1:99999/:11: IPv4-too-few-parts: the IPv4 address has fewer \
                 than 4 parts\n\
                 https://u@0x7f.1:99999/:11: IPv4-non-decimal-part: the IPv4 address has a \
                 hexadecimal or octal part\n\
                 https://u@0x7f.1:99999/:18: port-out-of-range: {PORT}\n"
            ),
            1
        )
    );
}

#[test]
fn a_clean_url_prints_nothing() {
    assert_eq!(
        validate(&["https://example.org/", "http://[::1]:8080/a?b#c"], b""),
        (String::new(), 0)
    );
}

#[test]
fn verbose_says_ok() {
    for flag in ["-v", "--verbose"] {
        assert_eq!(
            validate(
                &[flag, "https://example.org/", "https://example.org/>"],
                b""
            ),
            (
                format!(
                    "https://example.org/: ok\n\
                     https://example.org/>:21: invalid-URL-unit: {UNIT}\n"
                ),
                1
            )
        );
    }
}

#[test]
fn columns_count_characters_not_bytes() {
    // "é" is two bytes, one column.
    assert_eq!(
        validate(&["http://h/éé é"], b""),
        (format!("http://h/éé é:12: invalid-URL-unit: {UNIT}\n"), 1)
    );
    assert_eq!(
        validate(&["--json", "http://h/éé é"], b""),
        (
            format!(
                "{{\"input\":\"http://h/éé é\",\"valid\":false,\"href\":\"http://h/%C3%A9%C3%A9%20%C3%A9\",\
                 \"errors\":[{{\"name\":\"invalid-URL-unit\",\"offset\":13,\"column\":12,\"message\":\"{UNIT}\"}}]}}\n"
            ),
            1
        )
    );
}

#[test]
fn relative_urls_against_a_base() {
    let base = "https://example.org/dir/";
    assert_eq!(
        validate(&["-v", "--base", base, "../a?b#c", "?q", "a b"], b""),
        (
            format!("../a?b#c: ok\n?q: ok\na b:2: invalid-URL-unit: {UNIT}\n"),
            1
        )
    );
    // Without a base, a relative URL fails.
    assert_eq!(
        validate(&["../a?b#c"], b""),
        (
            format!("../a?b#c:1: missing-scheme-non-relative-URL: {NO_SCHEME}\n"),
            1
        )
    );
}

#[test]
fn a_base_that_does_not_parse_is_a_usage_error() {
    let run = weburl(&["validate", "--base", "nope", "x"], b"");
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!("error: invalid value 'nope' for '--base <URL>': {NO_BASE}{MORE_INFO}")
    );
    assert_eq!(run.code, 2);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["validate", "--json", "-v", "x"][..],
        &["validate", "--get", "{href}", "x"],
        &["validate", "--iterate", "port=1 2", "x"],
    ] {
        let run = weburl(args, b"");
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(run.code, 2, "{args:?}");
    }
}

#[test]
fn json_one_object_per_input() {
    assert_eq!(
        validate(
            &[
                "--json",
                "https://example.org/",
                "https://user:pass@example.org",
                "https://example.org:70000",
            ],
            b""
        ),
        (
            format!(
                "{{\"input\":\"https://example.org/\",\"valid\":true,\"href\":\"https://example.org/\",\"errors\":[]}}\n\
                 {{\"input\":\"https://user:pass@example.org\",\"valid\":false,\"href\":\"https://user:pass@example.org/\",\
                 \"errors\":[{{\"name\":\"invalid-credentials\",\"offset\":17,\"column\":18,\"message\":\"{CREDENTIALS}\"}}]}}\n\
                 {{\"input\":\"https://example.org:70000\",\"valid\":false,\"href\":null,\
                 \"errors\":[{{\"name\":\"port-out-of-range\",\"offset\":20,\"column\":21,\"message\":\"{PORT}\"}}]}}\n"
            ),
            1
        )
    );
    assert_eq!(
        validate(&["--json", "--base", "http://a/b/", "c"], b""),
        (
            "{\"input\":\"c\",\"valid\":true,\"href\":\"http://a/b/c\",\"errors\":[]}\n".to_owned(),
            0
        )
    );
}

#[test]
fn json_escapes_the_input() {
    assert_eq!(
        validate(&["--json", "http://a/\"\\"], b""),
        (
            format!(
                "{{\"input\":\"http://a/\\\"\\\\\",\"valid\":false,\"href\":\"http://a/%22/\",\
                 \"errors\":[{{\"name\":\"invalid-URL-unit\",\"offset\":9,\"column\":10,\"message\":\"{UNIT}\"}},\
                 {{\"name\":\"invalid-reverse-solidus\",\"offset\":10,\"column\":11,\"message\":\"{}\"}}]}}\n",
                REVERSE_SOLIDUS.replace('\\', "\\\\")
            ),
            1
        )
    );
}

#[test]
fn lines_of_standard_input() {
    let stdin = b"https://example.org/\nhttps://example.org/>\r\n\nhttp://u@h/\n";
    assert_eq!(
        validate(&[], stdin),
        (
            format!(
                // The blank line is not an input.
                "https://example.org/>:21: invalid-URL-unit: {UNIT}\n\
                 http://u@h/:9: invalid-credentials: {CREDENTIALS}\n"
            ),
            1
        )
    );
    assert_eq!(
        validate(&["-"], b"https://example.org/\n"),
        (String::new(), 0)
    );
    assert_eq!(
        validate(&["--json"], b"https://example.org/\n"),
        (
            "{\"input\":\"https://example.org/\",\"valid\":true,\"href\":\"https://example.org/\",\"errors\":[]}\n"
                .to_owned(),
            0
        )
    );
}

#[test]
fn dash_reads_standard_input_in_place() {
    assert_eq!(
        validate(&["-v", "http://a/", "-", "http://c/"], b"http://b/\n"),
        (
            "http://a/: ok\nhttp://b/: ok\nhttp://c/: ok\n".to_owned(),
            0
        )
    );
}

#[test]
fn url_files() {
    let file = TempFile::new("validate", b"https://example.org/\nhttp://u@h/\n");
    assert_eq!(
        validate(&["-v", "x:", "--url-file", file.path()], b""),
        (
            format!(
                "x:: ok\nhttps://example.org/: ok\nhttp://u@h/:9: invalid-credentials: \
                 {CREDENTIALS}\n"
            ),
            1
        )
    );
    let run = weburl(&["validate", "--url-file", "/nonexistent/urls"], b"");
    assert!(
        run.stderr
            .starts_with("error: cannot open --url-file /nonexistent/urls: "),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 1);
}

#[test]
fn a_line_that_is_not_utf8_fails() {
    let run = weburl(&["validate", "-v"], b"http://a/\n\xff\nhttp://b/\n");
    assert_eq!(run.stdout, "http://a/: ok\nhttp://b/: ok\n");
    assert_eq!(
        run.stderr,
        "error: line 2: not valid UTF-8 (--lossy decodes it with U+FFFD)\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn verify_stops_after_the_first_input_with_errors() {
    assert_eq!(
        validate(
            &["--verify", "-v", "http://a/", "http://u@h/", "http://c/"],
            b""
        ),
        (
            format!("http://a/: ok\nhttp://u@h/:9: invalid-credentials: {CREDENTIALS}\n"),
            1
        )
    );
}

#[test]
fn many_lines_on_threads_keep_their_order() {
    let mut stdin = String::new();
    let mut expected = String::new();
    for i in 0..20_000 {
        if i % 3 == 0 {
            stdin.push_str(&format!("http://h/{i} x\n"));
            let column = format!("http://h/{i} ").len();
            expected.push_str(&format!(
                "http://h/{i} x:{column}: invalid-URL-unit: {UNIT}\n"
            ));
        } else {
            stdin.push_str(&format!("http://h/{i}\n"));
            expected.push_str(&format!("http://h/{i}: ok\n"));
        }
    }
    assert_eq!(
        validate(&["-v", "--threads", "2"], stdin.as_bytes()),
        (expected, 1)
    );
}

#[test]
fn plain_output_when_not_on_a_terminal() {
    let run = weburl_env(&["validate", "http://u@h/"], b"", &[]);
    assert_eq!(
        run.stdout,
        format!("http://u@h/:9: invalid-credentials: {CREDENTIALS}\n")
    );
    assert!(!run.stdout.contains('\x1b'));
}

#[test]
fn carets_on_a_terminal() {
    let args = "validate -v 'https://user@example.org/a b' 'https://example.org/'";
    let Some(plain) = on_a_terminal(args, Some("1")) else {
        eprintln!("`script` is not available: skipped");
        return;
    };
    assert_eq!(
        plain,
        format!(
            "https://user@example.org/a b:13: invalid-credentials: {CREDENTIALS}\n\
             https://user@example.org/a b:27: invalid-URL-unit: {UNIT}\n  \
             https://user@example.org/a b\n  \
             {:12}^ invalid-credentials\n  \
             {:26}^ invalid-URL-unit\n\
             \n\
             https://example.org/: ok\n",
            "", ""
        )
    );
    let coloured = on_a_terminal(args, None).unwrap();
    assert_eq!(
        coloured,
        format!(
            "https://user@example.org/a b:13: \x1b[1;31minvalid-credentials\x1b[0m: {CREDENTIALS}\n\
             https://user@example.org/a b:27: \x1b[1;31minvalid-URL-unit\x1b[0m: {UNIT}\n  \
             https://user@example.org/a b\n  \
             {:12}\x1b[1;31m^ invalid-credentials\x1b[0m\n  \
             {:26}\x1b[1;31m^ invalid-URL-unit\x1b[0m\n\
             \n\
             https://example.org/: ok\n",
            "", ""
        )
    );
}

#[test]
fn json_has_no_carets_on_a_terminal() {
    let Some(out) = on_a_terminal("validate --json 'http://u@h/'", None) else {
        eprintln!("`script` is not available: skipped");
        return;
    };
    assert_eq!(
        out,
        format!(
            "{{\"input\":\"http://u@h/\",\"valid\":false,\"href\":\"http://u@h/\",\
             \"errors\":[{{\"name\":\"invalid-credentials\",\"offset\":8,\"column\":9,\"message\":\"{CREDENTIALS}\"}}]}}\n"
        )
    );
}

#[test]
fn help_explains_columns_and_valid_url_strings() {
    let help = ok(&["validate", "--help"]);
    for needle in [
        "<input>:<column>: <error-name>: <message>",
        "counts the characters (Unicode scalar values, not bytes)",
        "<input>:1: not-a-valid-URL-string: <message>",
        "is stricter than \"the parser reports no validation error\"",
        "--verbose",
        "--base <URL>",
        "--url-file <FILE>",
        "Examples:\n  $ weburl validate ",
        "Exit status: 0 when every input is clean, 1 when some input has an error",
    ] {
        assert!(help.contains(needle), "{needle:?} in:\n{help}");
    }
}
