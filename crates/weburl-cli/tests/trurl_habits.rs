//! trurl's option names and habits that weburl takes: `--url`, `-f` (`--url-file`), `-g`
//! (`--get`), the `{url}`, `{path}` and `{user}` placeholders, `--set user=` and `url=`, a URL
//! built from its parts when none is given, and a notice when standard input is a terminal.

mod common;

use common::{TempFile, on_a_terminal, weburl};

#[test]
fn trurl_option_names() {
    let run = weburl(
        &[
            "parse",
            "--url",
            "https://u@a.example/p%20q?x#f",
            "-g",
            "{url} {path} {user} {:path}",
        ],
        b"",
    );
    assert_eq!(
        (run.stdout.as_str(), run.code),
        ("https://u@a.example/p%20q?x#f /p%20q u /p q\n", 0)
    );
    // --url comes after the arguments; -f reads a file after both.
    let file = TempFile::new("trurl-f", b"https://c.example/\n");
    let run = weburl(
        &[
            "normalize",
            "--url",
            "https://b.example",
            "https://a.example",
            "-f",
            file.path(),
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "https://a.example/\nhttps://b.example/\nhttps://c.example/\n"
    );
    // --set user= and url=.
    let run = weburl(
        &[
            "set",
            "--set",
            "user=bob",
            "--url",
            "https://a.example/",
            "-g",
            "{url}",
        ],
        b"",
    );
    assert_eq!(run.stdout, "https://bob@a.example/\n");
    let run = weburl(
        &[
            "set",
            "--set",
            "url=https://b.example/x",
            "https://a.example/",
        ],
        b"",
    );
    assert_eq!(run.stdout, "https://b.example/x\n");
    // `check`, `validate`, `compare` and `unfurl` read --url and -f as well.
    let run = weburl(&["check", "-v", "--url", "https://example.com/"], b"");
    assert_eq!(run.stdout, "allowed: https://example.com/\n");
    let run = weburl(&["unfurl", "domains", "-f", file.path()], b"");
    assert_eq!(run.stdout, "c.example\n");
}

#[test]
fn a_url_from_its_parts_on_a_terminal() {
    let Some(out) = on_a_terminal("set --set host=example.com --set scheme=https", None) else {
        return;
    };
    assert_eq!(out, "https://example.com/\n");
    let Some(out) = on_a_terminal(
        "set --set host=example.com --set path=/a --set user=u",
        None,
    ) else {
        return;
    };
    assert_eq!(out, "http://u@example.com/a\n");
    // A pipe is read as always, also an empty one.
    let run = weburl(
        &["set", "--set", "host=b.example"],
        b"https://a.example/x\n",
    );
    assert_eq!(run.stdout, "https://b.example/x\n");
    let run = weburl(&["set", "--set", "host=b.example"], b"");
    assert_eq!((run.stdout.as_str(), run.code), ("", 0));
}

#[test]
fn reading_a_terminal_is_announced() {
    // Standard input is the terminal, which `script` ends at once.
    let Some(out) = on_a_terminal("parse", None) else {
        return;
    };
    assert_eq!(
        out,
        "weburl: reading URLs from standard input, one per line (end with Ctrl-D; give URLs \
         as arguments, with --url or with --url-file to read no input)\n"
    );
    // Not when a URL is given, nor for a pipe.
    let Some(out) = on_a_terminal("parse https://a.example/", None) else {
        return;
    };
    assert_eq!(out, "https://a.example/\n");
    let run = weburl(&["parse"], b"https://a.example/\n");
    assert_eq!(run.stderr, "");
}
