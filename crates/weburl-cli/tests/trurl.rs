//! trurl's options: `--accept-space`, `--punycode`, `--as-idn`, `--keep-port`, `--qtrim`,
//! `--replace`, `--replace-append`, `--query-separator`, `--urlencode`, `--quiet`, and the
//! `{must:…}` and `{strict:…}` qualifiers of `--get`.
//!
//! [`TRURL_CASES`] carries over, as data, every case of trurl's own test suite that exercises
//! one of these options: tests.json of https://github.com/curl/trurl (commit f748e9b, trurl
//! 0.16.1; curl licence, Copyright (c) 2023 - 2024 Daniel Stenberg and contributors). Each is
//! rewritten as the weburl command that asks the same (weburl's subcommands and component
//! names, `--guess-scheme` for a URL without a scheme), with trurl's expected output where
//! weburl gives the same, else the URL Standard's answer and, in `note`, why it differs. Cases
//! about trurl's own JSON format (`--json --urlencode`) have no weburl counterpart: weburl's
//! --json prints the URL API's components, always percent-encoded.

mod common;

use common::weburl;

/// One carried-over case: weburl's arguments, expected standard output and exit status, and
/// why the expected output is not trurl's (empty when it is trurl's).
struct Case {
    args: &'static [&'static str],
    stdout: &'static str,
    code: i32,
    note: &'static str,
}

const TRURL_CASES: &[Case] = &[
    Case {
        // trurl: --keep-port https://curl.se:22/ -s port=443
        args: &[
            "set",
            "--keep-port",
            "https://curl.se:22/",
            "--set",
            "port=443",
        ],
        stdout: "https://curl.se/\n",
        code: 0,
        note: "the URL Standard's port setter makes the scheme's default port null; \
               --keep-port keeps only a default port the input spells out (trurl: :443)",
    },
    Case {
        // trurl: --keep-port https://curl.se:22/ -s port=443 --get {url}
        args: &[
            "set",
            "--keep-port",
            "https://curl.se:22/",
            "--set",
            "port=443",
            "--get",
            "{href}",
        ],
        stdout: "https://curl.se/\n",
        code: 0,
        note: "as above",
    },
    Case {
        // trurl: --accept-space --url "gopher://localhost/ with space"
        args: &["parse", "--accept-space", "gopher://localhost/ with space"],
        stdout: "gopher://localhost/%20with%20space\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: --accept-space --url "https://localhost/?with space"
        args: &["parse", "--accept-space", "https://localhost/?with space"],
        stdout: "https://localhost/?with+space\n",
        code: 0,
        note: "",
    },
    Case {
        args: &["parse", "--keep-port", "https://hello:443/foo"],
        stdout: "https://hello:443/foo\n",
        code: 0,
        note: "",
    },
    Case {
        args: &["parse", "--keep-port", "ftp://hello:21/foo"],
        stdout: "ftp://hello:21/foo\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: --keep-port ftp://hello:443/foo -s scheme=https
        args: &[
            "set",
            "--keep-port",
            "ftp://hello:443/foo",
            "--set",
            "scheme=https",
        ],
        stdout: "https://hello:443/foo\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: "https://example.com?utm=tra%20cker:address%20=home:here=now:thisthen"
        //        --sort-query --query-separator ":"
        args: &[
            "set",
            "https://example.com?utm=tra%20cker:address%20=home:here=now:thisthen",
            "--sort-query",
            "--query-separator",
            ":",
        ],
        stdout: "https://example.com/?address%20=home:here=now:thisthen:utm=tra%20cker\n",
        code: 0,
        note: "weburl leaves each pair as written (trurl re-encodes %20 as +)",
    },
    Case {
        // trurl: "foo?a=bCd=eCe=f" --query-separator C --trim query=d
        args: &[
            "set",
            "--guess-scheme",
            "foo?a=bCd=eCe=f",
            "--query-separator",
            "C",
            "--trim",
            "query=d",
        ],
        stdout: "http://foo/?a=bCe=f\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: --keep-port https://curl.se --iterate "port=80 81 443"
        args: &[
            "parse",
            "--keep-port",
            "https://curl.se",
            "--iterate",
            "port=80 81 443",
        ],
        stdout: "https://curl.se:80/\nhttps://curl.se:81/\nhttps://curl.se/\n",
        code: 0,
        note: "the port setter makes 443 null for https, and the input spells out no port",
    },
    Case {
        // trurl: --accept-space -s "query:=x=10&x=2 3" localhost
        args: &[
            "set",
            "--accept-space",
            "--guess-scheme",
            "localhost",
            "--set",
            "query=x=10&x=2 3",
        ],
        stdout: "http://localhost/?x=10&x=2%203\n",
        code: 0,
        note: "--accept-space concerns the input; the URL Standard's search setter \
               percent-encodes a space as %20",
    },
    Case {
        // trurl: -s "path=\\" -g "{path}\n{:path}" --urlencode localhost
        args: &[
            "set",
            "--guess-scheme",
            "localhost",
            "--set",
            "pathname=\\\\",
            "--urlencode",
            "--get",
            "{pathname} {:pathname}",
        ],
        stdout: "// //\n",
        code: 0,
        note: "in a special URL's path the URL Standard reads '\\' as '/' (trurl: /%5C%5C)",
    },
    Case {
        // trurl: --urlencode -g "{query:b}\t{query-all:a}" "https://example.org/foo?a=1&b=%23&a=%26#hello"
        args: &[
            "parse",
            "--urlencode",
            "--get",
            "{query:b}\t{query-all:a: }",
            "https://example.org/foo?a=1&b=%23&a=%26#hello",
        ],
        stdout: "%23\t1 %26\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: --url http://xn--rksmrgs-5wao1o/ --as-idn
        args: &["parse", "--as-idn", "http://xn--rksmrgs-5wao1o/"],
        stdout: "http://räksmörgås/\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: --url http://xn-----/ --as-idn --quiet
        args: &["parse", "--as-idn", "--quiet", "http://xn-----/"],
        stdout: "http://xn-----/\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: --url http://xn-----/ --as-idn (trurl adds a note on standard error)
        args: &["parse", "--as-idn", "http://xn-----/"],
        stdout: "http://xn-----/\n",
        code: 0,
        note: "a host that does not convert is left as it is without a note",
    },
    Case {
        args: &["set", "http://test.org/?key=val", "--replace", "key=foo"],
        stdout: "http://test.org/?key=foo\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "http://test.org/?that=thing&key=val",
            "--replace",
            "key=foo",
        ],
        stdout: "http://test.org/?that=thing&key=foo\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "http://test.org/?that=thing&key",
            "--replace",
            "key=foo",
        ],
        stdout: "http://test.org/?that=thing&key=foo\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "http://test.org/?that=thing&key=foo",
            "--replace",
            "key",
        ],
        stdout: "http://test.org/?that=thing&key\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?a=123&b=321&b=987",
            "--replace",
            "b=foo",
        ],
        stdout: "https://example.com/?a=123&b=foo\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: example.org/?quest=best --replace quest=%00 --json --urlencode
        args: &[
            "set",
            "--guess-scheme",
            "example.org/?quest=best",
            "--replace",
            "quest=%00",
            "--get",
            "{href} {query:quest}",
        ],
        stdout: "http://example.org/?quest=%2500 %00\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: example.com --replace (no data: trurl's exit status 12)
        args: &["set", "--guess-scheme", "example.com", "--replace"],
        stdout: "",
        code: 2,
        note: "a usage error is exit status 2 in weburl",
    },
    Case {
        args: &[
            "set",
            "http://test.org/?that=thing",
            "--force-replace",
            "key=foo",
        ],
        stdout: "http://test.org/?that=thing&key=foo\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "http://test.org/?that=thing",
            "--replace-append",
            "key=foo",
        ],
        stdout: "http://test.org/?that=thing&key=foo\n",
        code: 0,
        note: "",
    },
    Case {
        // trurl: exit status 10, and nothing more is done
        args: &[
            "parse",
            "https://curl.se?name=mr%00smith",
            "--get",
            "{strict:query}",
        ],
        stdout: "",
        code: 1,
        note: "the input fails (exit status 1), and the run goes on unless --verify",
    },
    Case {
        args: &["parse", "https://example.com/", "--get", "{must:query}"],
        stdout: "",
        code: 1,
        note: "as above",
    },
    Case {
        args: &["parse", "https://example.com/?", "--get", "{must:query}"],
        stdout: "\n",
        code: 0,
        note: "",
    },
    Case {
        args: &["parse", "https://example.com/", "--get", "{must:fragment}"],
        stdout: "",
        code: 1,
        note: "as above",
    },
    Case {
        // trurl: --url http://åäö/ --punycode -s port=21
        args: &["set", "--punycode", "http://åäö/", "--set", "port=21"],
        stdout: "http://xn--4cab6c:21/\n",
        code: 0,
        note: "",
    },
    Case {
        args: &["set", "http://url/", "--replace-append"],
        stdout: "",
        code: 2,
        note: "a usage error is exit status 2 in weburl",
    },
    Case {
        args: &["set", "http://url/", "--query-separator", ""],
        stdout: "",
        code: 2,
        note: "a usage error is exit status 2 in weburl (trurl: 4)",
    },
    Case {
        args: &["set", "http://url/", "--query-separator", "aa"],
        stdout: "",
        code: 2,
        note: "as above",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello&utm_source=tracker",
            "--trim",
            "query=utm_*",
        ],
        stdout: "https://example.com/?search=hello\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello&utm_source=tracker",
            "--qtrim",
            "utm_*",
        ],
        stdout: "https://example.com/?search=hello\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello&utm_source=tracker&more=data",
            "--trim",
            "query=utm_*",
        ],
        stdout: "https://example.com/?search=hello&more=data\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello&utm_source=tracker&more=data",
            "--qtrim",
            "utm_*",
        ],
        stdout: "https://example.com/?search=hello&more=data\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello&more=data",
            "--qtrim",
            "utm_*",
        ],
        stdout: "https://example.com/?search=hello&more=data\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?utm_source=tracker",
            "--trim",
            "query=utm_*",
        ],
        stdout: "https://example.com/\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello&utm_source=tracker&more=data",
            "--qtrim",
            "utm_source",
        ],
        stdout: "https://example.com/?search=hello&more=data\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello&utm_source=tracker&more=data",
            "--qtrim",
            "utm_source",
            "--qtrim",
            "more",
            "--qtrim",
            "search",
        ],
        stdout: "https://example.com/\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?moo&search=hello",
            "--qtrim",
            "search",
        ],
        stdout: "https://example.com/?moo\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello&moo",
            "--qtrim",
            "search",
        ],
        stdout: "https://example.com/?moo\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello",
            "--qtrim",
            "search",
            "--append",
            "query=moo",
        ],
        stdout: "https://example.com/?moo=\n",
        code: 0,
        note: "weburl's --append query=NAME appends NAME= (searchParams.append with an empty value); trurl appends NAME",
    },
    Case {
        args: &[
            "set",
            "https://example.com?a=b&c=d&",
            "--sort-query",
            "--trim",
            "query=a",
        ],
        stdout: "https://example.com/?c=d\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "--guess-scheme",
            "localhost?foo&bar=ar",
            "--trim",
            "query=f*",
            "--get",
            "{href} {query:bar}",
        ],
        stdout: "http://localhost/?bar=ar ar\n",
        code: 0,
        note: "trurl's case prints its --json object; the same facts through --get",
    },
    Case {
        args: &[
            "set",
            "https://example.com?search=hello&utm_source=tracker&utm_block&testing",
            "--trim",
            "query=utm_*",
        ],
        stdout: "https://example.com/?search=hello&testing\n",
        code: 0,
        note: "trurl's case prints its --json object; the href here",
    },
    Case {
        args: &[
            "set",
            "https://example.org/foo?a=hi&b=hello&x=y",
            "--qtrim",
            "a",
            "--append",
            "query=a=ciao",
            "--append",
            "query=b=salve",
        ],
        stdout: "https://example.org/foo?b=hello&x=y&a=ciao&b=salve\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://curl.se/we/are.html?*=moo&user=many#more",
            "--qtrim",
            "\\*",
        ],
        stdout: "https://curl.se/we/are.html?user=many#more\n",
        code: 0,
        note: "",
    },
    Case {
        args: &[
            "set",
            "https://example.com/?a=1&b=2&c=3",
            "--qtrim",
            "b",
            "--get",
            "{query}",
        ],
        stdout: "a=1&c=3\n",
        code: 0,
        note: "",
    },
];

#[test]
fn trurl_test_suite_cases() {
    for case in TRURL_CASES {
        let run = weburl(case.args, b"");
        assert_eq!(
            (run.stdout.as_str(), run.code),
            (case.stdout, case.code),
            "weburl {:?} ({})",
            case.args,
            case.note
        );
        if case.code == 0 {
            assert_eq!(run.stderr, "", "weburl {:?}", case.args);
        }
    }
}

/// trurl's test file testfiles/test0000.txt: a URL whose host is 4,096 bytes long, then a short
/// one. trurl skips a line over 4,094 bytes; weburl has no line limit, and the URL Standard
/// (domain to ASCII without the DNS length check) accepts the long host.
#[test]
fn long_lines_and_quiet() {
    let long = format!("https://{}/", "a".repeat(4096));
    let input = format!("{long}\nhttp://example.org\n");
    let run = weburl(&["parse", "--verify", "--quiet"], input.as_bytes());
    assert_eq!(run.stdout, format!("{long}\nhttp://example.org/\n"));
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
}

/// Runs weburl and returns (stdout, stderr, exit status).
fn run(args: &[&str]) -> (String, String, i32) {
    let run = weburl(args, b"");
    (run.stdout, run.stderr, run.code)
}

#[test]
fn quiet_hides_failures_but_not_the_status() {
    let (out, err, code) = run(&["parse", "http://[::1", "http://ok/"]);
    assert_eq!((out.as_str(), code), ("http://ok/\n", 1));
    assert!(err.starts_with("error: http://[::1: "), "{err}");
    assert_eq!(
        run(&["parse", "--quiet", "http://[::1", "http://ok/"]),
        ("http://ok/\n".to_owned(), String::new(), 1)
    );
    // The same for a {must:…} failure, and with --blank-failures the line stays.
    assert_eq!(
        run(&[
            "parse",
            "--quiet",
            "--blank-failures",
            "--get",
            "{must:port}",
            "http://h/",
            "http://h:81/"
        ]),
        ("\n81\n".to_owned(), String::new(), 1)
    );
}

#[test]
fn as_idn_and_punycode() {
    let url = "https://u@xn--4cab6c.xn--fa-hia.example:8080/p?q#f";
    assert_eq!(
        run(&["parse", "--as-idn", url]).0,
        "https://u@åäö.faß.example:8080/p?q#f\n"
    );
    assert_eq!(
        run(&[
            "parse",
            "--as-idn",
            "--get",
            "{href}|{host}|{hostname}|{puny:host}",
            url
        ])
        .0,
        "https://u@åäö.faß.example:8080/p?q#f|åäö.faß.example:8080|åäö.faß.example|\
         xn--4cab6c.xn--fa-hia.example:8080\n"
    );
    // IP addresses, opaque hosts and URLs without a host are left as they are.
    for other in [
        "http://[::1]:81/",
        "http://10.0.0.1/",
        "sc://xn--4cab6c/",
        "mailto:x@y",
    ] {
        assert_eq!(run(&["parse", "--as-idn", other]).0, format!("{other}\n"));
    }
    // --punycode is what the URL Standard does anyway.
    assert_eq!(
        run(&["parse", "--punycode", "https://ÅÄÖ.example/"]).0,
        "https://xn--4cab6c.example/\n"
    );
    assert_eq!(run(&["parse", "--punycode", "--as-idn", "http://h/"]).2, 2);
}

#[test]
fn keep_port() {
    let cases = [
        ("https://h:443/a", "https://h:443/a"),
        ("https://u:p@h:0443/", "https://u:p@h:443/"),
        ("HTTP://H:80", "http://h:80/"),
        ("ws://[::1]:80/x?y#z", "ws://[::1]:80/x?y#z"),
        ("https://h:8443/", "https://h:8443/"),
        ("https://h/", "https://h/"),
        ("file://h/x", "file://h/x"),
        ("sc://h:80/", "sc://h:80/"),
    ];
    for (input, expected) in cases {
        let (out, _, code) = run(&["parse", "--keep-port", input]);
        assert_eq!((out, code), (format!("{expected}\n"), 0), "{input}");
    }
    assert_eq!(
        run(&[
            "parse",
            "--keep-port",
            "--get",
            "{host} {port} {href}",
            "https://h:443/"
        ])
        .0,
        "h:443 443 https://h:443/\n"
    );
    // Without --keep-port the URL Standard drops it.
    assert_eq!(run(&["parse", "https://h:443/"]).0, "https://h/\n");
    // {must:port} sees the kept port.
    assert_eq!(
        run(&[
            "parse",
            "--keep-port",
            "--get",
            "{must:port}",
            "https://h:443/"
        ])
        .0,
        "443\n"
    );
}

#[test]
fn json_follows_as_idn_and_keep_port() {
    // As trurl's --json: the url and its host parts as the options print them.
    let (out, _, code) = run(&[
        "parse",
        "--json",
        "--as-idn",
        "--keep-port",
        "https://xn--rksmrgs-5wao1o.example:443/p?q",
    ]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(json["href"], "https://räksmörgås.example:443/p?q");
    assert_eq!(json["host"], "räksmörgås.example:443");
    assert_eq!(json["hostname"], "räksmörgås.example");
    assert_eq!(json["port"], "443");
    // The rest is what the URL has.
    assert_eq!(json["origin"], "https://xn--rksmrgs-5wao1o.example");
    assert_eq!(json["pathname"], "/p");
    // Without the options, the URL Standard's answer.
    let (out, _, _) = run(&["parse", "--json", "https://xn--rksmrgs-5wao1o.example:443/"]);
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(json["href"], "https://xn--rksmrgs-5wao1o.example/");
    assert_eq!(json["port"], "");
}

#[test]
fn accept_space() {
    let url = "  https://h/a b?c d&e=f g#h i  ";
    assert_eq!(
        run(&["parse", "--accept-space", url]).0,
        "https://h/a%20b?c+d&e=f+g#h%20i\n"
    );
    // Without it the URL Standard percent-encodes the query's space too.
    assert_eq!(
        run(&["parse", url]).0,
        "https://h/a%20b?c%20d&e=f%20g#h%20i\n"
    );
    assert_eq!(
        run(&[
            "parse",
            "--accept-space",
            "--get",
            "{query:c d}|{query:e}",
            url
        ])
        .0,
        "|f g\n"
    );
}

#[test]
fn qtrim() {
    let url = "https://h/?UTM_source=x&utm_medium=y&utm=z&id=1&a*=2&ab=3#f";
    let cases = [
        (
            &["--qtrim", "utm_*"][..],
            "https://h/?utm=z&id=1&a*=2&ab=3#f",
        ),
        (&["--qtrim", "utm*"], "https://h/?id=1&a*=2&ab=3#f"),
        (
            &["--qtrim", "ID", "--qtrim", "utm"],
            "https://h/?UTM_source=x&utm_medium=y&a*=2&ab=3#f",
        ),
        (
            &["--qtrim", "a\\*"],
            "https://h/?UTM_source=x&utm_medium=y&utm=z&id=1&ab=3#f",
        ),
        (
            &["--qtrim", "a*"],
            "https://h/?UTM_source=x&utm_medium=y&utm=z&id=1#f",
        ),
        (&["--qtrim", "*"], "https://h/#f"),
    ];
    for (args, expected) in cases {
        let mut all = vec!["set", url];
        all.extend_from_slice(args);
        assert_eq!(run(&all).0, format!("{expected}\n"), "{args:?}");
    }
    // Names are decoded; kept pairs keep their bytes.
    assert_eq!(
        run(&["set", "https://h/?a%20b=1&c=%7e+x", "--qtrim", "a b"]).0,
        "https://h/?c=%7e+x\n"
    );
    // With another separator.
    assert_eq!(
        run(&[
            "set",
            "https://h/?a=1;b=2;ab=3",
            "--query-separator",
            ";",
            "--qtrim",
            "a*"
        ])
        .0,
        "https://h/?b=2\n"
    );
}

#[test]
fn replace() {
    let url = "https://h/?a=1&b=2&a=3#f";
    assert_eq!(
        run(&["set", url, "--replace", "a=x y&z", "--replace", "c=4"]).0,
        "https://h/?a=x+y%26z&b=2#f\n"
    );
    assert_eq!(
        run(&["set", url, "--replace-append", "c=4", "--replace", "b"]).0,
        "https://h/?a=1&b&a=3&c=4#f\n"
    );
    // Names are compared decoded and exactly (trurl compares a prefix of the encoded pair).
    assert_eq!(
        run(&[
            "set",
            "https://h/?a%20b=1&ab=2",
            "--replace",
            "a b=3",
            "--replace",
            "a=9"
        ])
        .0,
        "https://h/?a+b=3&ab=2\n"
    );
    // A URL without a query gets one only from --replace-append.
    assert_eq!(
        run(&["set", "https://h/", "--replace", "a=1"]).0,
        "https://h/\n"
    );
    assert_eq!(
        run(&["set", "https://h/", "--replace-append", "a=1"]).0,
        "https://h/?a=1\n"
    );
    assert_eq!(
        run(&[
            "set",
            "https://h/?x;a=1;a=2",
            "--query-separator",
            ";",
            "--replace",
            "a=3"
        ])
        .0,
        "https://h/?x;a=3\n"
    );
}

#[test]
fn query_separator() {
    let url = "https://h/?b=1;a=x%20y;a=2&c";
    assert_eq!(
        run(&[
            "parse",
            "--query-separator",
            ";",
            "--get",
            "{query:a}|{query-all:a:,}|{query:b}",
            url
        ])
        .0,
        "x y|x y,2&c|1\n"
    );
    assert_eq!(
        run(&["parse", "--get", "{query:a}|{query:b}", url]).0,
        "|1;a=x y;a=2\n"
    );
    assert_eq!(
        run(&[
            "set",
            url,
            "--query-separator",
            ";",
            "--append",
            "query=d=e f",
            "--sort-query"
        ])
        .0,
        "https://h/?a=x%20y;a=2&c;b=1;d=e+f\n"
    );
    assert_eq!(
        run(&["set", url, "--query-separator", ";", "--trim", "query=a"]).0,
        "https://h/?b=1\n"
    );
}

#[test]
fn urlencode() {
    let url = "https://u:p%40ss@h/a%20b?x=%C3%A9+1&y=%41#f%20g";
    assert_eq!(
        run(&[
            "parse",
            "--get",
            "{:password} {:pathname} {query:x} {query-all:y} {:fragment}",
            url
        ])
        .0,
        "p@ss /a b é 1 A f g\n"
    );
    assert_eq!(
        run(&[
            "parse",
            "--urlencode",
            "--get",
            "{:password} {:pathname} {query:x} {query-all:y} {:fragment}",
            url
        ])
        .0,
        "p%40ss /a%20b %C3%A9+1 %41 f%20g\n"
    );
}

#[test]
fn must() {
    let cases = [
        ("{must:username}", "http://h/", false),
        ("{must:username}", "http://u@h/", true),
        ("{must:password}", "http://u@h/", false),
        ("{must:host}", "file:///x", false),
        ("{must:hostname}", "file://h/x", true),
        ("{must:port}", "http://h:80/", false),
        ("{must:pathname}", "sc://h", false),
        ("{must:search}", "http://h/?", true),
        ("{must:hash}", "http://h/#", true),
        ("{must:query:a}", "http://h/?a", true),
        ("{must:query:a}", "http://h/?b=a", false),
        ("{must:query-all:a}", "http://h/?a=1&a=2", true),
        ("{must:default:port}", "sc://h/", false),
        ("{must:default:port}", "wss://h/", true),
        ("{must:registrable_domain}", "http://localhost/", false),
        ("{must:subdomain}", "http://example.com/", false),
        ("{must:subdomain}", "http://www.example.com/", true),
        ("{must:idn:host}", "sc:x", false),
        ("{must:href}", "sc:x", true),
    ];
    for (template, url, present) in cases {
        let (out, err, code) = run(&["parse", "--get", template, url]);
        if present {
            assert_eq!((code, err.as_str()), (0, ""), "{template} {url}");
        } else {
            assert_eq!((out.as_str(), code), ("", 1), "{template} {url}");
            assert!(
                err.ends_with(&format!("{url}: {template}: missing from the URL\n")),
                "{err}"
            );
        }
    }
    // The other pieces of a failing template are not printed either; other inputs go on.
    assert_eq!(
        run(&[
            "parse",
            "--get",
            "x {must:query} y",
            "http://h/",
            "http://h/?q"
        ])
        .0,
        "x q y\n"
    );
}

#[test]
fn strict() {
    let bad = ["http://h/%00", "http://h/%FF", "http://h/%C3"];
    for url in bad {
        // Without strict: U+FFFD or the NUL itself, and success.
        assert_eq!(run(&["parse", "--get", "{:pathname}", url]).2, 0);
        let (out, err, code) = run(&["parse", "--get", "{strict:pathname}", url]);
        assert_eq!((out.as_str(), code), ("", 1), "{url}");
        assert!(
            err.contains("{strict:pathname}: percent-decoding gives a NUL"),
            "{err}"
        );
    }
    // {strict:NAME} decodes NAME; good text passes.
    assert_eq!(
        run(&[
            "parse",
            "--get",
            "{strict:pathname} {strict::pathname} {strict:query:a}",
            "http://h/%C3%A9?a=%41+b"
        ])
        .0,
        "/é /é A b\n"
    );
    assert_eq!(
        run(&["parse", "--get", "{strict:query:a}", "http://h/?a=%FF"]).2,
        1
    );
    // With --urlencode nothing is decoded, so nothing can fail.
    assert_eq!(
        run(&[
            "parse",
            "--urlencode",
            "--get",
            "{strict:pathname}",
            "http://h/%FF"
        ])
        .0,
        "/%FF\n"
    );
    // Both qualifiers, in either order.
    assert_eq!(
        run(&["parse", "--get", "{strict:must:query}", "http://h/"]).2,
        1
    );
    assert_eq!(
        run(&["parse", "--get", "{must:strict:query}", "http://h/?%FF"]).2,
        1
    );
    assert_eq!(
        run(&["parse", "--get", "{must:strict:query}", "http://h/?ok"]).0,
        "ok\n"
    );
    // An unknown placeholder after a qualifier is a usage error.
    assert_eq!(run(&["parse", "--get", "{must:nope}", "http://h/"]).2, 2);
}

#[test]
fn urls_from_standard_input_when_none_are_given() {
    let run = weburl(
        &["set", "--replace", "a=2", "--keep-port"],
        b"https://h:443/?a=1\nhttp://x/?b\n",
    );
    assert_eq!(run.stdout, "https://h:443/?a=2\nhttp://x/?b\n");
    assert_eq!(run.code, 0);
}

#[test]
fn json_params_follow_the_query_separator() {
    let url = "https://h/?a=1;b=x+y%21;c";
    let params = |args: &[&str]| {
        let mut all = vec!["parse", "--json"];
        all.extend_from_slice(args);
        all.push(url);
        let (out, _, code) = run(&all);
        assert_eq!(code, 0);
        let value: serde_json::Value = serde_json::from_str(&out).unwrap();
        value["params"].to_string()
    };
    assert_eq!(params(&[]), r#"[["a","1;b=x y!;c"]]"#);
    assert_eq!(
        params(&["--query-separator", ";"]),
        r#"[["a","1"],["b","x y!"],["c",""]]"#
    );
}
