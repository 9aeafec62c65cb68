//! `weburl match`'s reading of patterns: nothing it is given is dropped or widened in silence.
//! An init object with a member `URLPatternInit` does not have, text that starts with `{` but
//! is not JSON, a routes-file pattern holding whitespace (an inline comment), a `--get` group
//! no route has, a pathname whose dot segment would widen it: each a usage error that says
//! what and where. A relative pattern's message names `--pattern-base`. Error offsets count
//! from the start of the pattern as written. The batch op words the relative-pattern message
//! with its own arguments.

mod common;

use std::path::PathBuf;

use common::{batch, weburl};
use serde_json::json;

/// A routes file in a fresh temporary directory.
fn routes_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weburl-input-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("routes.txt");
    std::fs::write(&path, text).unwrap();
    path
}

/// Usage errors: (arguments after `match`, routes file text or "", the whole message).
/// `ROUTES` in the arguments and the message stands for the routes file's path.
const REFUSED: &[(&[&str], &str, &str)] = &[
    (
        &["-e", r#"{"path": "/x"}"#, "https://e.com/x"],
        "",
        r#"pattern {"path": "/x"}: the init object has an unknown member "path" (its members are protocol, username, password, hostname, port, pathname, search, hash and baseURL)"#,
    ),
    (
        &[
            "-e",
            r#"{"pathname": "/x", "ignoreCase": true}"#,
            "https://e.com/x",
        ],
        "",
        r#"pattern {"pathname": "/x", "ignoreCase": true}: the init object has an unknown member "ignoreCase" (its members are protocol, username, password, hostname, port, pathname, search, hash and baseURL)"#,
    ),
    (
        &["-e", r#"{pathname: "/x"}"#, "https://e.com/x"],
        "",
        r#"pattern {pathname: "/x"}: looks like an init object but is not valid JSON: key must be a string at line 1 column 2"#,
    ),
    (
        &["-e", "{https}://e.com/", "https://e.com/"],
        "",
        "pattern {https}://e.com/: looks like an init object but is not valid JSON: key must be a string at line 1 column 2",
    ),
    (
        &[
            "--routes",
            "ROUTES",
            "--pattern-base",
            "https://e.com",
            "https://e.com/books/1",
        ],
        "# books\nbook /books/:id  # one book\n",
        r#"--routes ROUTES, line 2: route book: the pattern "/books/:id  # one book" holds whitespace at byte 10 (a comment goes on a line of its own; write a space in a pattern as '\ ')"#,
    ),
    (
        &["--routes", "ROUTES", "https://e.com/books/1"],
        "book\thttps://e.com/books/:id\tx\n",
        r#"--routes ROUTES, line 1: route book: the pattern "https://e.com/books/:id\tx" holds whitespace at byte 23 (a comment goes on a line of its own; write a space in a pattern as '\ ')"#,
    ),
    (
        &["--routes", "ROUTES", "https://e.com/books/1"],
        "book {\"pathname\": \"/books/:id\"} # a comment\n",
        r#"--routes ROUTES, line 1: route book: looks like an init object but is not valid JSON: trailing characters at line 1 column 28"#,
    ),
    (
        &[
            "-e",
            "https://e.com/books/:id",
            "--get",
            "{:idd}",
            "https://e.com/books/1",
        ],
        "",
        "--get: unknown group {:idd}: no route has it (they have {:0}, {:id})",
    ),
    (
        &[
            "-e",
            "https://e.com/books/:id",
            "--get",
            "{hostname.id}",
            "https://e.com/books/1",
        ],
        "",
        "--get: unknown group {hostname.id}: no route has it (the routes have no hostname groups)",
    ),
    (
        &[
            "-e",
            "https://e.com/books/:id",
            "--get",
            "{search.id}",
            "https://e.com/books/1",
        ],
        "",
        "--get: unknown group {search.id}: no route has it (they have {search.0})",
    ),
    (
        &["-e", "/books/:id", "https://e.com/books/1"],
        "",
        "pattern /books/:id: a pattern string without a protocol needs a base URL: give --pattern-base URL, or use an init object",
    ),
    (
        &["-e", "https://example.com/(", "https://e.com/"],
        "",
        "pattern https://example.com/(: invalid pattern at byte 20 (in the pathname): an unclosed regexp group",
    ),
    (
        &["-e", "https://e.com/:a-b/../c", "https://e.com/x"],
        "",
        r#"pattern https://e.com/:a-b/../c: the dot segment ".." in the pathname text "-b/../c" would remove a path segment that lies outside its fixed text (one that a group, a wildcard or other text supplies); the canonical pattern would match URLs that the pattern as written does not"#,
    ),
    (
        &["-e", r#"{"pathname": "/*.html/.."}"#, "https://e.com/x"],
        "",
        r#"pattern {"pathname": "/*.html/.."}: the dot segment ".." in the pathname text ".html/.." would remove a path segment that lies outside its fixed text (one that a group, a wildcard or other text supplies); the canonical pattern would match URLs that the pattern as written does not"#,
    ),
];

#[test]
fn match_refuses_what_it_would_drop_or_widen() {
    for (i, &(args, routes, message)) in REFUSED.iter().enumerate() {
        let path = routes_file(&i.to_string(), routes);
        let path = path.to_str().unwrap();
        let mut argv = vec!["match"];
        argv.extend(args.iter().map(|&a| if a == "ROUTES" { path } else { a }));
        let run = weburl(&argv, b"");
        assert_eq!(run.code, 2, "{argv:?}: {}", run.stderr);
        let first = run.stderr.lines().next().unwrap_or("");
        assert_eq!(
            first,
            format!("error: {}", message.replace("ROUTES", path)),
            "{argv:?}"
        );
        assert_eq!(run.stdout, "");
    }
}

/// What the refusals leave alone: an escaped space in a routes file, JSON init objects with
/// blanks, a `--get` group that some route has, dot segments that resolve within fixed text.
#[test]
fn match_accepts_escaped_space_json_and_known_groups() {
    let routes = routes_file(
        "ok",
        "# comments on their own lines\nbook /books/:id\\ x\n  init  {\"pathname\": \"/j/:k\"}\n dots /a/../c/:n\n",
    );
    let run = weburl(
        &[
            "match",
            "--routes",
            routes.to_str().unwrap(),
            "--pattern-base",
            "https://e.com",
            "--get",
            "{route} {:id}{:k}{:n}",
        ],
        b"https://e.com/books/1%20x\nhttps://e.com/j/2\nhttps://e.com/c/3\n",
    );
    assert_eq!(run.stdout, "book 1\ninit 2\ndots 3\n", "{}", run.stderr);
    assert_eq!(run.code, 0);
}

/// The batch op: JavaScript's constructor, whose relative-pattern message names its own base
/// argument; offsets count from the start of the pattern string there too.
#[test]
fn batch_words_the_base_url_and_offsets() {
    let answers = batch(&[
        json!({"op": "pattern", "pattern": ["/a"]}),
        json!({"op": "pattern", "pattern": ["https://example.com/a?q=:x("]}),
        json!({"op": "pattern", "pattern": [{"search": "q=:x("}]}),
    ]);
    assert_eq!(
        answers[0],
        json!({"failure": true, "error": "a pattern string without a protocol needs a base URL: give the baseURL argument (the pattern's second), or use an init object"})
    );
    assert_eq!(
        answers[1],
        json!({"failure": true, "error": "invalid pattern at byte 26 (in the search): an unclosed regexp group"})
    );
    assert_eq!(
        answers[2],
        json!({"failure": true, "error": "invalid pattern at byte 4 (in the search): an unclosed regexp group"})
    );
}

/// `weburl match` reports a failing input as every command does: quoted short and inert
/// (its first 256 bytes, control characters escaped), and so is a pattern in a usage error.
#[test]
fn failing_inputs_and_patterns_are_quoted_bounded_and_escaped() {
    let long = format!("https://h/\u{1b}[31m{}", "a".repeat(2000));
    let run = common::weburl(
        &["match", "https://other.example/*"],
        format!("{long}\n").as_bytes(),
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("\\u{1b}[31m"), "{}", run.stderr);
    assert!(!run.stderr.contains('\u{1b}'), "{}", run.stderr);
    assert!(
        run.stderr.contains("... (2015 bytes): no route matches"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.len() < 400, "{}", run.stderr.len());
    let bad = format!("https://h/(\u{7}{}", "b".repeat(1000));
    let run = common::weburl(&["match", &bad, "https://h/"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("pattern https://h/(\\u{7}b"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains('\u{7}') && run.stderr.contains("bytes)"),
        "{}",
        run.stderr
    );
    // So is a base URL that does not parse, the patterns' or the inputs'.
    let bad_base = format!("\u{1b}[2J{}", "c".repeat(1000));
    for option in ["--pattern-base", "--base"] {
        let run = common::weburl(
            &["match", option, &bad_base, "https://h/*", "https://h/"],
            b"",
        );
        assert_eq!(run.code, 2, "{option}: {}", run.stderr);
        assert!(
            run.stderr
                .starts_with("error: invalid value '\\u{1b}[2Jccc")
                && run
                    .stderr
                    .contains(&format!("... (1004 bytes)' for '{option} <URL>': ")),
            "{option}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains('\u{1b}'), "{option}: {}", run.stderr);
        assert!(run.stderr.len() < 500, "{option}: {}", run.stderr.len());
    }
}
