//! The CLI for scripts: one answer per input, nothing rewritten that was not asked for. Each
//! test runs a command as a script would and checks its whole output.

mod common;

use common::{NO_BASE, TempFile, ok, weburl};

/// What `--help` of a command prints, as run.
fn help(command: &str) -> String {
    ok(&[command, "--help"])
}

// 1. Outputs can be matched to inputs.

#[test]
fn json_has_one_object_per_input_with_the_input() {
    let file = TempFile::new("json", b"HTTP://A.example/%7e\nnot a url\nhttp://[::1\n");
    let run = weburl(
        &[
            "normalize",
            "--profile",
            "dedup",
            "--json",
            "--url-file",
            file.path(),
        ],
        b"",
    );
    // The dedup profile decodes %7e to ~; the failures keep their place, with the spec's
    // error name.
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"HTTP://A.example/%7e","href":"http://a.example/~","origin":"http://a.example","#,
            r#""protocol":"http:","username":"","password":"","host":"a.example","#,
            r#""hostname":"a.example","port":"","pathname":"/~","search":"","hash":"","#,
            r#""public_suffix":"example","registrable_domain":"a.example","subdomain":"","#,
            r#""site":"http://a.example","params":[]}"#,
            "\n",
            r#"{"input":"not a url","error":"relative URL without a base (no scheme, and no "#,
            r#"usable base URL)","error_name":"missing-scheme-non-relative-URL"}"#,
            "\n",
            r#"{"input":"http://[::1","error":"invalid host: the IPv6 address has no closing ']'","#,
            r#""error_name":"IPv6-unclosed"}"#,
            "\n"
        )
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 1);
}

#[test]
fn json_failures_of_set_and_iterate_are_objects_too() {
    let run = weburl(&["set", "--json", "--set", "port=x", "http://a/"], b"");
    assert_eq!(
        run.stdout,
        r#"{"input":"http://a/","error":"--set port=x: the port is not a number","error_name":"port-invalid"}"#
            .to_owned()
            + "\n"
    );
    assert_eq!((run.stderr.as_str(), run.code), ("", 1));
    let run = weburl(
        &[
            "parse",
            "--json",
            "--iterate",
            "scheme=https mailto",
            "http://a/",
        ],
        b"",
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with(r#"{"input":"http://a/","href":"https://a/","#));
    assert!(
        lines[1].starts_with(r#"{"input":"http://a/","error":"--iterate scheme=mailto: "#)
            && lines[1].ends_with(r#""error_name":"setter-ignored"}"#),
        "{}",
        lines[1]
    );
}

#[test]
fn blank_failures_keep_the_output_in_line_with_the_input() {
    // `paste urls.txt <(weburl normalize --profile dedup --url-file urls.txt)` stays in line.
    let input = b"http://a/%7e\nnope\nhttp://b/?b&a\n";
    let file = TempFile::new("blank", input);
    let run = weburl(
        &[
            "normalize",
            "--profile",
            "dedup",
            "--blank-failures",
            "--url-file",
            file.path(),
        ],
        b"",
    );
    assert_eq!(run.stdout, "http://a/~\n\nhttp://b/?a&b\n");
    assert_eq!(run.stdout.lines().count(), 3);
    assert_eq!(
        run.stderr,
        format!("error: {}, line 2: nope: {NO_BASE}\n", file.path())
    );
    assert_eq!(run.code, 1);
    // Blank and comment lines get their empty line too: `paste` stays in line.
    let run = weburl(
        &["parse", "--blank-failures", "--skip-comments"],
        b"http://a/\n\n# c\nnope\nhttp://b/\n",
    );
    assert_eq!(run.stdout, "http://a/\n\n\n\nhttp://b/\n");
    assert_eq!(run.stderr, format!("error: line 4: nope: {NO_BASE}\n"));
    // --get, and a line that is not UTF-8, too.
    let run = weburl(
        &["parse", "--blank-failures", "--get", "{host}"],
        b"http://a/\n\xff\nhttp://b:1/\n",
    );
    assert_eq!(run.stdout, "a\n\nb:1\n");
    // Not with --json (which has its own failure objects) or --diagram.
    assert_eq!(
        weburl(&["parse", "--blank-failures", "--json", "x"], b"").code,
        2
    );
}

#[test]
fn the_input_placeholder() {
    assert_eq!(
        ok(&[
            "resolve",
            "--base",
            "https://example.com/a/",
            "--get",
            "{input}\t{href}",
            "../b",
            "c?d"
        ]),
        "../b\thttps://example.com/b\nc?d\thttps://example.com/a/c?d\n"
    );
    // The input as given, before --iterate and the command's change.
    assert_eq!(
        ok(&[
            "set",
            "--set",
            "port=81",
            "--iterate",
            "hash=x y",
            "--get",
            "{input} {href}",
            "HTTP://H/"
        ]),
        "HTTP://H/ http://h:81/#x\nHTTP://H/ http://h:81/#y\n"
    );
}

#[test]
fn validate_json_gives_an_object_for_a_line_that_is_not_utf8() {
    let run = weburl(&["validate", "--json"], b"http://a/\n\xffx\n");
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"http://a/","valid":true,"href":"http://a/","errors":[]}"#,
            "\n",
            r#"{"input":"\ufffdx","valid":false,"href":null,"errors":[{"name":"not-UTF-8","#,
            r#""offset":0,"column":1,"message":"not valid UTF-8 (--lossy decodes it with U+FFFD)"}]}"#,
            "\n"
        )
        .replace("\\ufffd", "\u{FFFD}")
    );
    assert_eq!((run.stderr.as_str(), run.code), ("", 1));
}

// 2. Blank lines are not inputs; comments on request; error lines say the line.

#[test]
fn blank_lines_are_skipped() {
    // One trailing blank line (and blank lines in between, spaces only too) used to fail.
    let run = weburl(&["parse"], b"http://a/\n\n \t\nhttp://b/\n\n");
    assert_eq!(run.stdout, "http://a/\nhttp://b/\n");
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    let run = weburl(&["validate"], b"\nhttp://a/\n\n");
    assert_eq!((run.stdout.as_str(), run.code), ("", 0));
    // An argument is an input as given, even empty: '' resolves to the base.
    assert_eq!(
        ok(&["resolve", "--base", "http://h/p?q", ""]),
        "http://h/p?q\n"
    );
}

#[test]
fn comments_are_skipped_only_on_request() {
    let lines = b"# bench list\nhttp://a/\n  #x\n";
    let run = weburl(&["parse", "--skip-comments"], lines);
    assert_eq!((run.stdout.as_str(), run.code), ("http://a/\n", 0));
    // Without it, '#x' is a reference: valid against a base.
    let run = weburl(&["resolve", "--base", "http://h/p"], lines);
    assert_eq!(
        run.stdout,
        "http://h/p#%20bench%20list\nhttp://a/\nhttp://h/p#x\n"
    );
    assert_eq!(run.code, 0);
    let run = weburl(&["compare", "--skip-comments"], b"#c\n");
    assert_eq!((run.stdout.as_str(), run.code), ("", 0));
}

#[test]
fn error_lines_say_the_line() {
    let run = weburl(&["parse"], b"http://a/\n\nhttp://[::1\n");
    assert_eq!(run.stdout, "http://a/\n");
    assert_eq!(
        run.stderr,
        "error: line 3: http://[::1: invalid host: the IPv6 address has no closing ']'\n"
    );
    assert_eq!(run.code, 1);
    // Arguments are not lines: no line number.
    let run = weburl(&["parse", "http://[::1"], b"");
    assert_eq!(
        run.stderr,
        "error: http://[::1: invalid host: the IPv6 address has no closing ']'\n"
    );
}

// 3. set --trim / --append edit the query in place.

#[test]
fn trim_keeps_every_other_byte() {
    assert_eq!(
        ok(&[
            "set",
            "--trim",
            "query=utm_*",
            "https://shop.example/p?q=a~b&x=a%20b&utm_medium=x&lt;/a"
        ]),
        "https://shop.example/p?q=a~b&x=a%20b&lt;/a\n"
    );
    // Appending writes only the new pair (form-urlencoded).
    assert_eq!(
        ok(&[
            "set",
            "--append",
            "query=n=a b",
            "--trim",
            "query=utm_*",
            "https://shop.example/p?q=a~b&utm_source=x&x=a%20b"
        ]),
        "https://shop.example/p?q=a~b&x=a%20b&n=a+b\n"
    );
    // Only --sort-query re-serializes.
    assert_eq!(
        ok(&[
            "set",
            "--sort-query",
            "--trim",
            "query=utm_*",
            "https://shop.example/p?q=a~b&x=a%20b&utm_medium=x"
        ]),
        "https://shop.example/p?q=a%7Eb&x=a+b\n"
    );
}

// 7. --lossy.

#[test]
fn lossy_decodes_bad_lines_with_u_fffd() {
    let input = b"http://h/\xff\nhttp://h/ok\n";
    let run = weburl(&["parse", "--lossy"], input);
    // U+FFFD is EF BF BD in UTF-8, percent-encoded in the path.
    assert_eq!(run.stdout, "http://h/%EF%BF%BD\nhttp://h/ok\n");
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    let run = weburl(&["parse"], input);
    assert_eq!(run.stdout, "http://h/ok\n");
    assert_eq!(
        run.stderr,
        "error: line 1: not valid UTF-8 (--lossy decodes it with U+FFFD)\n"
    );
    assert_eq!(run.code, 1);
    // U+FFFD is a URL code point: the decoded line is clean.
    let run = weburl(&["validate", "--lossy", "--json"], b"http://h/\xff\n");
    assert_eq!(
        run.stdout,
        "{\"input\":\"http://h/\u{FFFD}\",\"valid\":true,\"href\":\"http://h/%EF%BF%BD\",\
         \"errors\":[]}\n"
    );
    assert_eq!(run.code, 0);
}

// 9. {query-all:x} and the resolve usage line.

#[test]
fn query_all_joins_with_a_newline_or_a_separator() {
    let url = "http://h/?x=a+b&x=c";
    assert_eq!(ok(&["parse", "--get", "{query-all:x}", url]), "a b\nc\n");
    assert_eq!(ok(&["parse", "--get", "{query-all:x:,}", url]), "a b,c\n");
    assert_eq!(
        ok(&["parse", "--get", "[{query-all:x: | }]", url]),
        "[a b | c]\n"
    );
    assert!(help("parse").contains("{query-all:NAME:SEP}"));
}

#[test]
fn resolve_usage_and_help_agree() {
    let usage = "weburl resolve [OPTIONS] --base <URL> [REF]...";
    assert!(help("resolve").contains(&format!("Usage: {usage}")));
    assert!(help("resolve").contains("\n  [REF]...\n"));
    let run = weburl(&["resolve"], b"");
    assert!(
        run.stderr
            .contains(&format!("Usage: {}", usage.replace("[OPTIONS] ", "")))
    );
    let cli_docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/CLI.md")).unwrap();
    assert!(cli_docs.contains("`weburl resolve --base URL [REF]...`"));
    assert!(help("join").contains("Usage: weburl join [OPTIONS] <BASE> [REF]..."));
}

// 5. compare: case-insensitive hosts, failures apart, exit 1 for a real host difference.

#[test]
fn compare_reads_host_case_as_the_specs_do() {
    // whatwg lowercases the domain of a special URL; the others keep EXAMPLE, and every one
    // of their specs calls hosts case-insensitive: only the hrefs differ, exit status 0.
    let run = weburl(&["compare", "http://EXAMPLE.com/"], b"");
    assert_eq!(
        run.stdout,
        "http://EXAMPLE.com/\n\
         \x20 ~ html5-2011          EXAMPLE.com  http://EXAMPLE.com/\n\
         \x20 ~ web-addresses-2009  EXAMPLE.com  http://EXAMPLE.com/\n\
         \x20 ~ rfc3986             EXAMPLE.com  http://EXAMPLE.com/\n\
         \x20 ~ rfc1808             EXAMPLE.com  http://EXAMPLE.com/\n\
         \x20   whatwg              example.com  http://example.com/\n\
         \x20 hrefs differ: html5-2011, web-addresses-2009, rfc3986, rfc1808\n\n"
    );
    assert_eq!(run.code, 0);
    // --strict keeps the old rule: any difference is exit status 1.
    assert_eq!(
        weburl(&["compare", "--strict", "http://EXAMPLE.com/"], b"").code,
        1
    );
    // A failing engine is reported apart, and is not a host difference.
    let run = weburl(&["compare", "http://a/?é"], b"");
    assert!(run.stdout.contains("\n  x rfc3986 "), "{}", run.stdout);
    assert!(
        run.stdout.contains("  engine failed: rfc3986"),
        "{}",
        run.stdout
    );
    assert_eq!(run.code, 0);
    // A real host difference is exit status 1.
    let run = weburl(&["compare", "http://evil.example\\@good.example/"], b"");
    assert!(run.stdout.contains(
        "  hosts differ: html5-2011, web-addresses-2009, rfc1808; engine failed: rfc3986\n"
    ));
    assert_eq!(run.code, 1);
}

// 6. validate says what made strict IDNA fail.

#[test]
fn validate_names_the_code_point_or_label() {
    const STRICT: &str =
        "domain-to-ASCII: the domain is not valid under strict IDNA (UTS 46 ToASCII)";
    let run = weburl(
        &["validate", "http://exa mple.com/", "http://a_b.example/"],
        b"",
    );
    assert_eq!(
        run.stdout,
        format!(
            "http://exa mple.com/:8: {STRICT}: the code point ' ' (U+0020) is not allowed in a \
             domain (UseSTD3ASCIIRules)\n\
             http://a_b.example/:8: {STRICT}: the code point '_' (U+005F) is not allowed in a \
             domain (UseSTD3ASCIIRules)\n"
        )
    );
    assert_eq!(run.code, 1);
    let long = "a".repeat(64);
    let run = weburl(
        &[
            "validate",
            &format!("http://{long}.example/"),
            "http://a..b/",
            "https://u@-x.example/",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        format!(
            "http://{long}.example/:8: {STRICT}: the label 'aaaaaaaaaaaaaaaaaaaa…' is 64 bytes \
             long in ASCII, more than 63\n\
             http://a..b/:8: {STRICT}: label 2 of 3 is empty\n\
             https://u@-x.example/:10: invalid-credentials: the URL contains credentials\n\
             https://u@-x.example/:11: {STRICT}: the label '-x' begins with '-' (CheckHyphens)\n"
        )
    );
    // The JSON message says the same; the error name stays the spec's.
    let run = weburl(&["validate", "--json", "http://a_b.example/"], b"");
    assert!(run.stdout.contains(
        r#""name":"domain-to-ASCII","offset":7,"column":8,"message":"the domain is not valid under strict IDNA (UTS 46 ToASCII): the code point '_' (U+005F) is not allowed in a domain (UseSTD3ASCIIRules)""#
    ), "{}", run.stdout);
}

// 4. links: inline SVG, --scripting off, an Atom feed without its namespace.

#[test]
fn links_in_inline_svg_and_noscript() {
    let page = b"<svg><a xlink:href=\"/a\">t</a><a href=/b xlink:href=/old /><image href=i.png />\
                 <use href=s.svg#x /></svg>\n<noscript><img src=/pixel.gif></noscript>";
    let run = weburl(&["links", "-", "--url", "https://example.com/d/"], page);
    // Columns count characters from 1: `<svg><a xlink:href="` is 20 characters; href wins
    // over xlink:href.
    assert_eq!(
        run.stdout,
        "1:21 a xlink:href https://example.com/a\n\
         1:38 a href https://example.com/b\n\
         1:71 image href https://example.com/d/i.png\n\
         1:89 use href https://example.com/d/s.svg#x\n"
    );
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    // With scripting off, <noscript> holds markup: its <img> is a link.
    let run = weburl(
        &[
            "links",
            "-",
            "--url",
            "https://example.com/d/",
            "--scripting",
            "off",
        ],
        page,
    );
    assert!(
        run.stdout
            .ends_with("1:89 use href https://example.com/d/s.svg#x\n2:20 img src https://example.com/pixel.gif\n"),
        "{}",
        run.stdout
    );
    assert_eq!(
        weburl(&["links", "-", "--scripting", "on"], page)
            .stdout
            .lines()
            .count(),
        4
    );
}

#[test]
fn an_atom_feed_without_its_namespace_is_warned_about() {
    let feed = b"<?xml version=\"1.0\"?><feed><link href=\"/x\"/></feed>";
    let run = weburl(&["links", "-", "--url", "https://example.com/"], feed);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "warning: -: the root element <feed> is not in the Atom namespace \
         (http://www.w3.org/2005/Atom): its elements are not read as Atom's, and give no links \
         (add xmlns=\"http://www.w3.org/2005/Atom\")\n"
    );
    assert_eq!(run.code, 0);
    // With the namespace: the link, and no warning.
    let feed = b"<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><link href=\"/x\"/></feed>";
    let run = weburl(&["links", "-", "--url", "https://example.com/"], feed);
    assert_eq!(run.stdout, "1:76 link href https://example.com/x\n");
    assert_eq!(run.stderr, "");
}

// 8. README and docs/CLI.md: install, features, and the batch flushing rule as it is.

#[test]
fn readme_says_how_to_install_and_which_features() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    assert!(readme.contains("cargo install --path crates/weburl-cli"));
    assert!(readme.contains("[dependencies]\nweburl = { path = "));
    assert!(readme.contains(r#"features = ["serde", "document"]"#));
    let cli_docs = std::fs::read_to_string(format!("{root}/docs/CLI.md")).unwrap();
    assert!(cli_docs.contains("Answers come back as requests arrive"));
    // The library's Cargo.toml has the features the README names.
    let manifest = std::fs::read_to_string(format!("{root}/crates/weburl/Cargo.toml")).unwrap();
    assert!(manifest.contains("\nserde = [") && manifest.contains("\ndocument = ["));
    let contract = std::fs::read_to_string(format!("{root}/docs/batch-contract.md")).unwrap();
    assert!(contract.contains("Answers come back as requests arrive."));
}

#[test]
fn batch_answers_come_back_as_requests_arrive() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;

    let mut child = Command::new(common::bin())
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for _ in 0..2 {
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    for (request, answer) in [
        (
            r#"{"op":"toascii","input":"BÜcher.example"}"#,
            "{\"output\":\"xn--bcher-kva.example\"}\n",
        ),
        (r#"{"op":"nope"}"#, "{\"error\":\"unsupported op: nope\"}\n"),
    ] {
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        // The answer arrives while standard input is still open.
        let got = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer before the next request");
        assert_eq!(got, answer);
    }
    drop(stdin);
    reader.join().unwrap();
    assert!(child.wait().unwrap().success());
}
