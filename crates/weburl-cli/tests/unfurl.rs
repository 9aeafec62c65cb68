//! `weburl unfurl`: the examples of unfurl's README verbatim, then each mode and directive.
//!
//! The README examples (input file, commands and expected output) are copied from
//! https://github.com/tomnomnom/unfurl, README.mkd (commit of 2023, MIT License, Copyright (c)
//! 2018 Tom Hudson).

mod common;

use common::weburl;

/// The `urls.txt` of unfurl's README.
const README_URLS: &str = "\
https://sub.example.com/users?id=123&name=Sam
https://sub.example.com/orgs?org=ExCo#about
http://example.net/about#contact
";

/// Each README example: the arguments after `unfurl`, standard input, expected output.
const README_EXAMPLES: &[(&[&str], &str, &str)] = &[
    (
        &["domains"],
        README_URLS,
        "sub.example.com\nsub.example.com\nexample.net\n",
    ),
    (
        &["--unique", "domains"],
        README_URLS,
        "sub.example.com\nexample.net\n",
    ),
    (&["-u", "apexes"], README_URLS, "example.com\nexample.net\n"),
    (&["paths"], README_URLS, "/users\n/orgs\n/about\n"),
    (&["keys"], README_URLS, "id\nname\norg\n"),
    (&["values"], README_URLS, "123\nSam\nExCo\n"),
    (&["keypairs"], README_URLS, "id=123\nname=Sam\norg=ExCo\n"),
    (
        &["json"],
        README_URLS,
        concat!(
            r#"{"scheme":"https","opaque":"","user":"","host":"sub.example.com","path":"/users","raw_path":"","raw_query":"id=123\u0026name=Sam","fragment":"","parameters":[{"key":"id","value":"123"},{"key":"name","value":"Sam"}],"url":"https://sub.example.com/users?id=123\u0026name=Sam","domain":"sub.example.com","subdomain":"sub","root":"example","tld":"com","apex":"example.com","port":"","extension":""}"#,
            "\n",
            r#"{"scheme":"https","opaque":"","user":"","host":"sub.example.com","path":"/orgs","raw_path":"","raw_query":"org=ExCo","fragment":"about","parameters":[{"key":"org","value":"ExCo"}],"url":"https://sub.example.com/orgs?org=ExCo#about","domain":"sub.example.com","subdomain":"sub","root":"example","tld":"com","apex":"example.com","port":"","extension":""}"#,
            "\n",
            r#"{"scheme":"http","opaque":"","user":"","host":"example.net","path":"/about","raw_path":"","raw_query":"","fragment":"contact","parameters":null,"url":"http://example.net/about#contact","domain":"example.net","subdomain":"","root":"example","tld":"net","apex":"example.net","port":"","extension":""}"#,
            "\n",
        ),
    ),
    (
        &["format", "%d%p"],
        README_URLS,
        "sub.example.com/users\nsub.example.com/orgs\nexample.net/about\n",
    ),
    (
        &["-u", "format", "%d (%s)"],
        README_URLS,
        "sub.example.com (https)\nexample.net (http)\n",
    ),
    (&["format", "%P"], "http://example.com\n", ""),
    (&["format", "%P"], "http://example.com:8080\n", "8080\n"),
];

/// Runs `weburl unfurl args...` on `stdin`, checks that it succeeded quietly, returns stdout.
fn unfurl(args: &[&str], stdin: &str) -> String {
    let mut all = vec!["unfurl"];
    all.extend_from_slice(args);
    let run = weburl(&all, stdin.as_bytes());
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "unfurl {args:?}");
    run.stdout
}

#[test]
fn readme_examples() {
    for (args, stdin, expected) in README_EXAMPLES {
        assert_eq!(unfurl(args, stdin), *expected, "unfurl {args:?}");
    }
}

#[test]
fn every_directive() {
    let url = "https://user:pa%20ss@www.Sub.Example.co.uk:8080/a/b.tar.gz?x=1&y=a+b#sec%20two\n";
    // Each directive alone, then the conditional ones on a URL without the part.
    let cases = [
        ("%s", "https"),
        ("%u", "user:pa%20ss"),
        ("%d", "www.sub.example.co.uk"),
        ("%S", "www.sub"),
        ("%r", "example"),
        ("%t", "co.uk"),
        ("%P", "8080"),
        ("%p", "/a/b.tar.gz"),
        ("%e", "gz"),
        ("%q", "x=1&y=a+b"),
        ("%f", "sec two"),
        ("%@", "@"),
        ("%:", ":"),
        ("%?", "?"),
        ("%#", "#"),
        ("%a", "user:pa%20ss@www.sub.example.co.uk:8080"),
        ("%%", "%"),
        ("100%% %s", "100% https"),
        ("%x%", "%x"),
        (
            "%s://%a%p%?%q%#%f",
            "https://user:pa%20ss@www.sub.example.co.uk:8080/a/b.tar.gz?x=1&y=a+b#sec two",
        ),
    ];
    for (format, expected) in cases {
        assert_eq!(
            unfurl(&["format", format], url),
            format!("{expected}\n"),
            "format {format}"
        );
    }
    let bare = "http://example.com/dir.d/file\n";
    for format in ["%u", "%@", "%P", "%:", "%q", "%?", "%f", "%#", "%e", "%S"] {
        assert_eq!(unfurl(&["format", format], bare), "", "format {format}");
    }
    assert_eq!(unfurl(&["format", "%a"], bare), "example.com\n");
    // A username without a password: no ':'; the default port is no port.
    assert_eq!(
        unfurl(&["format", "%u%@%d%:%P"], "https://user@example.com:443/\n"),
        "user@example.com\n"
    );
}

#[test]
fn extensions() {
    let cases = [
        ("https://example.com/foo.jpg?a=b", "jpg\n"),
        ("https://example.com/foo.tar.gz", "gz\n"),
        ("https://example.com/foo", ""),
        ("https://example.com/foo.html/test", ""),
        ("https://example.com/dir/", ""),
        ("https://example.com/.htaccess", "htaccess\n"),
    ];
    for (url, expected) in cases {
        assert_eq!(unfurl(&["format", "%e"], url), expected, "{url}");
    }
}

#[test]
fn query_modes_keep_query_order_and_decode() {
    let input = "http://h/?b=2&a=1&b=3&c&=v&d=x+y%21\n";
    assert_eq!(unfurl(&["keys"], input), "b\na\nc\nd\n");
    assert_eq!(unfurl(&["values"], input), "2\n1\n3\nv\nx y!\n");
    assert_eq!(
        unfurl(&["keypairs"], input),
        "b=2\na=1\nb=3\nc=\n=v\nd=x y!\n"
    );
    // Keys are once per URL, but --unique makes them once in all.
    let two = "http://h/?a=1&a=2\nhttp://h/?a=3\n";
    assert_eq!(unfurl(&["keys"], two), "a\na\n");
    assert_eq!(unfurl(&["-u", "keys"], two), "a\n");
    assert_eq!(unfurl(&["-u", "values"], "http://h/?a=1&b=1\n"), "1\n");
}

#[test]
fn hosts_paths_and_apexes() {
    let input = "HTTP://WWW.EXAMPLE.COM:80/x\nhttps://a.b.github.io/\nhttp://[::1]:81/\nhttp://127.0.0.1/\nhttps://faß.example/\n";
    assert_eq!(
        unfurl(&["domains"], input),
        "www.example.com\na.b.github.io\n[::1]\n127.0.0.1\nxn--fa-hia.example\n"
    );
    // The aliases unfurl accepts.
    assert_eq!(unfurl(&["domain"], input), unfurl(&["domains"], input));
    assert_eq!(unfurl(&["path"], input), unfurl(&["paths"], input));
    assert_eq!(unfurl(&["apex"], input), unfurl(&["apexes"], input));
    assert_eq!(
        unfurl(&["apexes"], input),
        "example.com\nb.github.io\nxn--fa-hia.example\n"
    );
    assert_eq!(
        unfurl(&["--icann-only", "apexes"], "https://a.b.github.io/\n"),
        "github.io\n"
    );
    assert_eq!(unfurl(&["paths"], "https://h\nmailto:a@b\n"), "/\na@b\n");
}

#[test]
fn inputs_without_a_scheme_are_http() {
    assert_eq!(
        unfurl(&["format", "%s %d %p"], "example.com/a?b\n//x.example/y\n"),
        "http example.com /a\nhttp x.example /y\n"
    );
    // `localhost:8080` has the scheme `localhost`, in unfurl (Go) as in the URL Standard.
    assert_eq!(
        unfurl(&["format", "%s|%d|%p"], "localhost:8080\n"),
        "localhost||8080\n"
    );
}

#[test]
fn json_of_other_urls() {
    let out = unfurl(
        &["json"],
        "https://u:p@h.example:8443/a%2Fb/c.txt?q=%3Cx%3E&r=1#f%20g\nmailto:x@y\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        concat!(
            r#"{"scheme":"https","opaque":"","user":"u:p","host":"h.example:8443","#,
            r#""path":"/a/b/c.txt","raw_path":"/a%2Fb/c.txt","raw_query":"q=%3Cx%3E\u0026r=1","#,
            r#""fragment":"f g","parameters":[{"key":"q","value":"\u003cx\u003e"},{"key":"r","value":"1"}],"#,
            r#""url":"https://u:p@h.example:8443/a%2Fb/c.txt?q=%3Cx%3E\u0026r=1#f%20g","domain":"h.example","#,
            r#""subdomain":"","root":"h","tld":"example","apex":"h.example","port":"8443","extension":"txt"}"#
        )
    );
    assert!(
        lines[1].starts_with(r#"{"scheme":"mailto","opaque":"x@y","user":"","host":"","path":"","#),
        "{}",
        lines[1]
    );
    for line in lines {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(value.is_object());
    }
}

#[test]
fn failures_are_skipped_and_verbose_reports_them() {
    let input = "http://[::1\nhttp://ok.example/\n";
    assert_eq!(unfurl(&["domains"], input), "ok.example\n");
    let run = weburl(&["unfurl", "-v", "domains"], input.as_bytes());
    assert_eq!(run.stdout, "ok.example\n");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("line 1: http://[::1: "),
        "{}",
        run.stderr
    );
}

#[test]
fn usage_errors() {
    for args in [
        &["unfurl", "format"][..],
        &["unfurl", "domains", "%d"],
        &["unfurl", "nope"],
    ] {
        let run = weburl(args, b"http://h/\n");
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{args:?}");
    }
}
