//! `weburl match --best`: the most specific route that matches, not the first.

mod common;

use common::{TempFile, weburl};
use serde_json::Value;

/// A routes table like a web app's, in an order where the first match is rarely the most
/// specific: a wildcard first, literal beside parameter, a regexp group, a fixed host (which
/// beats a wildcard host's more specific pathname).
const ROUTES: &str = "\
any      /*
books    /books/*
book     /books/:id
new      /books/new
lang     /:lang(en|fr)/books
section  /:section/books
admin    https://admin.example.com/*
sub      https://*.example.com/books/new
";

#[test]
fn best_picks_the_most_specific_route() {
    let routes = TempFile::new("best-routes", ROUTES.as_bytes());
    let args = [
        "match",
        "--best",
        "--routes",
        routes.path(),
        "--pattern-base",
        "https://example.com",
    ];
    let input = b"https://example.com/books/new\n\
        https://example.com/books/7\n\
        https://example.com/books/7/pages\n\
        https://example.com/fr/books\n\
        https://example.com/de/books\n\
        https://example.com/about\n\
        https://admin.example.com/books/new\n\
        https://www.example.com/books/new\n\
        https://example.org/books/new\n";
    let run = weburl(&args, input);
    assert_eq!(
        run.stdout,
        "new\n\
         book id=7\n\
         books pathname.0=7/pages\n\
         lang lang=fr\n\
         section section=de\n\
         any pathname.0=about\n\
         admin pathname.0=books/new\n\
         sub hostname.0=www\n"
    );
    assert_eq!(
        run.stderr,
        "error: line 9: https://example.org/books/new: no route matches\n"
    );
    assert_eq!(run.code, 1);
    // Without --best, the first route that matches wins: `any`, for every URL of the host.
    let first = weburl(
        &args[..1]
            .iter()
            .chain(&args[2..])
            .copied()
            .collect::<Vec<_>>(),
        input,
    );
    assert_eq!(
        first.stdout.lines().next(),
        Some("any pathname.0=books/new")
    );
    assert_eq!(first.stdout.matches("any ").count(), 6);
}

#[test]
fn best_ties_go_to_the_first_route_and_json_names_it() {
    let run = weburl(
        &[
            "match",
            "--best",
            "--json",
            "-e",
            r#"{"pathname": "/a/:x"}"#,
            "-e",
            r#"{"pathname": "/a/:y"}"#,
            "-e",
            r#"{"pathname": "/*"}"#,
        ],
        b"https://h/a/b\n",
    );
    let line: Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    assert_eq!(line["route"], r#"{"pathname": "/a/:x"}"#);
    assert_eq!(line["groups"], serde_json::json!({"x": "b"}));
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn best_conflicts_with_all_and_its_help_gives_the_order() {
    let run = weburl(&["match", "--best", "--all", "/*", "https://h/"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
    let help = weburl(&["match", "--help"], b"").stdout;
    let order: Vec<&str> = (weburl::pattern::BEST_MATCH_ORDER.iter())
        .map(|c| c.name())
        .collect();
    // The help wraps its lines: compare with blanks squeezed.
    let squeezed = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        squeezed.contains(&format!("({})", order.join(", "))),
        "{help}"
    );
}
