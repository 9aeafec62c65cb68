//! What every command does with its input before and after parsing it: a byte-order mark at
//! the start of a stream or file is skipped, and error lines quote an input short and with its
//! control characters escaped (the `--json` forms keep the whole input).

mod common;

use common::{TempFile, weburl};

const BOM: &[u8] = b"\xEF\xBB\xBF";

fn with_bom(text: &str) -> Vec<u8> {
    [BOM, text.as_bytes()].concat()
}

#[test]
fn a_byte_order_mark_starts_no_url() {
    // Standard input.
    let run = weburl(
        &["parse"],
        &with_bom("https://a.example/\nhttps://b.example/\n"),
    );
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.code),
        ("https://a.example/\nhttps://b.example/\n", "", 0)
    );
    // A file, read after an argument, by a command that reads lines through the same reader.
    let file = TempFile::new("bom", &with_bom("HTTP://C.example/\n"));
    let run = weburl(
        &["normalize", "https://x.example/", "--url-file", file.path()],
        b"",
    );
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("https://x.example/\nhttp://c.example/\n", 0)
    );
    // `check`, `validate` and `batch`.
    let run = weburl(&["check", "-v"], &with_bom("https://example.com/\n"));
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("allowed: https://example.com/\n", 0)
    );
    let run = weburl(&["validate"], &with_bom("https://example.com/\n"));
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let run = weburl(
        &["batch"],
        &with_bom("{\"op\":\"toascii\",\"input\":\"a.example\"}\n"),
    );
    assert_eq!(run.stdout, "{\"output\":\"a.example\"}\n");
    // Only at the start: a mark inside the input is part of its line.
    let run = weburl(&["parse"], &[b"https://a.example/\n", BOM, b"x\n"].concat());
    assert_eq!(run.stdout, "https://a.example/\n");
    assert_eq!(run.code, 1);
    // The policy file too.
    let policy = TempFile::new("bom-policy", &with_bom("preset = \"none\"\n"));
    let run = weburl(
        &["check", "--policy", policy.path(), "http://127.0.0.1/"],
        b"",
    );
    assert_eq!((run.stdout.as_str(), run.code), ("", 0), "{}", run.stderr);
}

#[test]
fn error_lines_quote_a_long_input_short() {
    let long = format!("http://[{}\n", "a".repeat(100_000));
    let run = weburl(&["parse"], long.as_bytes());
    assert_eq!(run.code, 1);
    assert!(run.stderr.len() < 1000, "{} bytes", run.stderr.len());
    let quoted = format!(
        "error: line 1: http://[{}... (100008 bytes): ",
        "a".repeat(248)
    );
    assert!(run.stderr.starts_with(&quoted), "{}", run.stderr);
    // --json keeps the whole input.
    let run = weburl(&["parse", "--json"], long.as_bytes());
    assert!(run.stdout.contains(&long[..long.len() - 1]));
    assert_eq!(run.stderr, "");
}

#[test]
fn error_lines_escape_control_characters() {
    let run = weburl(&["parse", "http://[\u{1b}[2J\u{7}\u{202e}x"], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .starts_with("error: http://[\\u{1b}[2J\\u{7}\\u{202e}x: "),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains('\u{1b}') && !run.stderr.contains('\u{7}'));
    // A NUL byte in a line of input.
    let run = weburl(&["normalize"], b"http://a\0b/\n");
    assert!(
        run.stderr.starts_with("error: line 1: http://a\\u{0}b/: "),
        "{}",
        run.stderr
    );
    // `check`'s report and `unfurl -v` quote the same way; --json has the input as it is.
    let run = weburl(&["check", "http://a/\u{1b}]0;x\u{7}", "ftp://\u{1b}/"], b"");
    assert_eq!(
        run.stdout,
        "refused: ftp://\\u{1b}/: unparsable: not a URL: invalid host: the domain contains \
         the forbidden code point '\\u{1b}'\n"
    );
    let run = weburl(&["check", "--json", "ftp://\u{1b}/"], b"");
    assert!(
        run.stdout.starts_with("{\"input\":\"ftp://\\u001b/\""),
        "{}",
        run.stdout
    );
    let run = weburl(&["unfurl", "-v", "domains"], b"http://[\x1b\n");
    assert!(
        run.stderr.starts_with("error: line 1: http://[\\u{1b}: "),
        "{}",
        run.stderr
    );
}
