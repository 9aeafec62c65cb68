//! End-to-end tests of the `weburl` binary: `parse` basics and `batch`.

mod common;

use common::{NO_BASE, weburl};

/// Runs `weburl batch` on `lines` (each followed by a newline) and checks it succeeded quietly.
fn batch(lines: &[&str]) -> String {
    let mut input = String::new();
    for line in lines {
        input.push_str(line);
        input.push('\n');
    }
    let run = weburl(&["batch"], input.as_bytes());
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
    run.stdout
}

#[test]
fn parse_argument() {
    let run = weburl(&["parse", "HTTPS://EXAMPLE.com:443/a/./b/../c?q#f"], b"");
    assert_eq!(run.stdout, "https://example.com/a/c?q#f\n");
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
}

#[test]
fn parse_several_arguments_with_a_failure() {
    let run = weburl(
        &["parse", "http://a/", "nope", "http://b:99999/", "http://c/"],
        b"",
    );
    assert_eq!(run.stdout, "http://a/\nhttp://c/\n");
    assert_eq!(
        run.stderr,
        format!("error: nope: {NO_BASE}\nerror: http://b:99999/: the port is greater than 65535\n")
    );
    assert_eq!(run.code, 1);
}

#[test]
fn parse_stdin_lines() {
    let run = weburl(
        &["parse"],
        b"HTTP://Example.COM/x\r\nnot a url\nhttp://a/b/../c\n\nhttp://last",
    );
    assert_eq!(
        run.stdout,
        "http://example.com/x\nhttp://a/c\nhttp://last/\n"
    );
    assert_eq!(
        run.stderr,
        // The blank line 4 is not an input.
        format!("error: line 2: not a url: {NO_BASE}\n")
    );
    assert_eq!(run.code, 1);
}

#[test]
fn parse_stdin_all_good_exits_0() {
    let run = weburl(&["parse", "-"], b"http://a/\nhttp://b/\n");
    assert_eq!(run.stdout, "http://a/\nhttp://b/\n");
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
}

#[test]
fn parse_dash_reads_stdin_in_place() {
    let run = weburl(
        &["parse", "http://first/", "-", "http://last/"],
        b"http://middle/\n",
    );
    assert_eq!(run.stdout, "http://first/\nhttp://middle/\nhttp://last/\n");
    assert_eq!(run.code, 0);
}

#[test]
fn parse_json() {
    let run = weburl(
        &["parse", "--json", "HTTPS://EXAMPLE.com:443/a/./b/../c?q#f"],
        b"",
    );
    assert_eq!(
        run.stdout,
        concat!(
            r##"{"input":"HTTPS://EXAMPLE.com:443/a/./b/../c?q#f","##,
            r##""href":"https://example.com/a/c?q#f","origin":"https://example.com","##,
            r##""protocol":"https:","username":"","password":"","host":"example.com","##,
            r##""hostname":"example.com","port":"","pathname":"/a/c","search":"?q","hash":"#f","##,
            r##""public_suffix":"com","registrable_domain":"example.com","subdomain":"","##,
            r##""site":"https://example.com","params":[["q",""]]}"##,
            "\n"
        )
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
}

#[test]
fn parse_json_one_object_per_input_failures_included() {
    let run = weburl(
        &["parse", "--json"],
        b"http://u:p@h:81/?#\nhttp://[1::\ndata:,x\n",
    );
    assert_eq!(
        run.stdout,
        concat!(
            r##"{"input":"http://u:p@h:81/?#","##,
            r##""href":"http://u:p@h:81/?#","origin":"http://h:81","protocol":"http:","##,
            r##""username":"u","password":"p","host":"h:81","hostname":"h","port":"81","##,
            r##""pathname":"/","search":"","hash":"","public_suffix":"h","##,
            r##""registrable_domain":null,"subdomain":null,"site":"http://h","params":[]}"##,
            "\n",
            r##"{"input":"http://[1::","error":"invalid host: the IPv6 address has no "##,
            r##"closing ']'","error_name":"IPv6-unclosed"}"##,
            "\n",
            r##"{"input":"data:,x","href":"data:,x","origin":"null","protocol":"data:","username":"","##,
            r##""password":"","host":"","hostname":"","port":"","pathname":",x","search":"","##,
            r##""hash":"","public_suffix":null,"registrable_domain":null,"subdomain":null,"##,
            r##""site":"null","params":[]}"##,
            "\n"
        )
    );
    // The failure is told on standard output: nothing on standard error, and still exit 1.
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 1);
}

#[test]
fn parse_with_base() {
    let run = weburl(
        &[
            "parse",
            "--base",
            "http://EXAMPLE.com/a/b",
            "../c?x#y",
            "d",
            "//other/",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "http://example.com/c?x#y\nhttp://example.com/a/d\nhttp://other/\n"
    );
    assert_eq!(run.code, 0);
}

#[test]
fn parse_with_base_from_stdin() {
    let run = weburl(&["parse", "--base=https://h/dir/"], b"a\n?q\n");
    assert_eq!(run.stdout, "https://h/dir/a\nhttps://h/dir/?q\n");
    assert_eq!(run.code, 0);
}

#[test]
fn parse_invalid_base_is_a_usage_error() {
    let run = weburl(&["parse", "--base", "not a base", "x"], b"");
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("error: invalid value 'not a base' for '--base <URL>': "),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains(NO_BASE));
    assert_eq!(run.code, 2);
}

#[test]
fn unknown_option_is_a_usage_error() {
    let run = weburl(&["parse", "--nope"], b"");
    assert_eq!(run.stdout, "");
    assert_eq!(run.code, 2);
    let run = weburl(&[], b"");
    assert_eq!(run.code, 2);
}

#[test]
fn parse_non_utf8_stdin_line() {
    let run = weburl(&["parse"], b"http://a/\n\xff\xfeabc\nhttp://b/\n");
    assert_eq!(run.stdout, "http://a/\nhttp://b/\n");
    assert_eq!(
        run.stderr,
        "error: line 2: not valid UTF-8 (--lossy decodes it with U+FFFD)\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn parse_help_has_examples() {
    let run = weburl(&["parse", "--help"], b"");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Examples:"));
    assert!(run.stdout.contains("$ weburl parse --base"));
    let run = weburl(&["--help"], b"");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Examples:"));
}

#[test]
fn parse_many_lines_stream_in_order() {
    let input: String = (0..20_000).map(|i| format!("http://h/{i}\n")).collect();
    let run = weburl(&["parse"], input.as_bytes());
    assert_eq!(run.stdout, input);
    assert_eq!(run.code, 0);
}

#[test]
fn batch_contract_examples() {
    assert_eq!(
        batch(&[
            r##"{"op":"parse","input":"../c?x#y","base":"http://EXAMPLE.com/a/b"}"##,
            r##"{"op":"toascii","input":"BÜcher.example"}"##,
        ]),
        concat!(
            r##"{"href":"http://example.com/c?x#y","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/c","search":"?x","hash":"#y"}"##,
            "\n",
            r##"{"output":"xn--bcher-kva.example"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_parse_without_or_with_null_base() {
    let expected = concat!(
        r##"{"href":"https://example.com/a/c?q#f","origin":"https://example.com","##,
        r##""protocol":"https:","username":"","password":"","host":"example.com","##,
        r##""hostname":"example.com","port":"","pathname":"/a/c","search":"?q","hash":"#f"}"##,
        "\n"
    );
    assert_eq!(
        batch(&[r##"{"op":"parse","input":"HTTPS://EXAMPLE.com:443/a/./b/../c?q#f"}"##]),
        expected
    );
    assert_eq!(
        batch(&[
            r##"{"base":null,"input":"HTTPS://EXAMPLE.com:443/a/./b/../c?q#f","op":"parse"}"##
        ]),
        expected
    );
}

#[test]
fn batch_blank_lines() {
    assert_eq!(
        batch(&["", "  \t", "\r"]),
        concat!(
            r##"{"error":"empty request"}"##,
            "\n",
            r##"{"error":"empty request"}"##,
            "\n",
            r##"{"error":"empty request"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_bad_json() {
    assert_eq!(
        batch(&[
            "nope",
            r##"{"op":"parse","input":"x""##,
            r##"{"op":"toascii","input":"a"} x"##
        ]),
        concat!(
            r##"{"error":"invalid JSON: expected ident at line 1 column 2"}"##,
            "\n",
            r##"{"error":"invalid JSON: EOF while parsing an object at line 1 column 25"}"##,
            "\n",
            r##"{"error":"invalid JSON: trailing characters at line 1 column 30"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_not_an_object() {
    assert_eq!(
        batch(&[r##""parse""##, "[]", "null"]),
        concat!(
            r##"{"error":"the request is not a JSON object"}"##,
            "\n",
            r##"{"error":"the request is not a JSON object"}"##,
            "\n",
            r##"{"error":"the request is not a JSON object"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_missing_fields() {
    assert_eq!(
        batch(&[
            r##"{"input":"http://a/"}"##,
            r##"{"op":"parse"}"##,
            r##"{"op":"toascii","base":"x"}"##
        ]),
        concat!(
            r##"{"error":"missing field: op"}"##,
            "\n",
            r##"{"error":"missing field: input"}"##,
            "\n",
            r##"{"error":"missing field: input"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_wrong_types() {
    assert_eq!(
        batch(&[
            r##"{"op":7,"input":"http://a/"}"##,
            r##"{"op":"parse","input":["http://a/"]}"##,
            r##"{"op":"parse","input":"a","base":{}}"##,
            r##"{"op":"parse","input":"http://a/","encoding":true}"##,
            r##"{"op":"toascii","input":null}"##,
        ]),
        concat!(
            r##"{"error":"field op must be a string, not a number"}"##,
            "\n",
            r##"{"error":"field input must be a string, not an array"}"##,
            "\n",
            r##"{"error":"field base must be a string or null, not an object"}"##,
            "\n",
            r##"{"error":"field encoding must be a string or null, not a boolean"}"##,
            "\n",
            r##"{"error":"field input must be a string, not null"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_unsupported_ops() {
    assert_eq!(
        batch(&[
            r##"{"op":"RESOLVE","engine":"rfc1808","input":";x","base":"http://a/b/c/d;p?q#f"}"##,
            r##"{"op":"SET","href":"http://a/","setter":"host","value":"b"}"##,
            r##"{"op":"searchParams","query":"a=b"}"##,
            r##"{"op":"PARSE","input":"http://a/"}"##,
            r##"{"op":""}"##,
        ]),
        concat!(
            r##"{"error":"unsupported op: RESOLVE"}"##,
            "\n",
            r##"{"error":"unsupported op: SET"}"##,
            "\n",
            r##"{"error":"unsupported op: searchParams"}"##,
            "\n",
            r##"{"error":"unsupported op: PARSE"}"##,
            "\n",
            r##"{"error":"unsupported op: "}"##,
            "\n"
        )
    );
}

#[test]
fn batch_lone_surrogates_become_replacement_characters() {
    assert_eq!(
        batch(&[
            r##"{"op":"parse","input":"http://a/\ud800"}"##,
            r##"{"op":"parse","input":"http://a/\uDC00\ud83d\ude00"}"##,
            r##"{"op":"parse","input":"http://a/\\ud800"}"##,
        ]),
        concat!(
            r##"{"href":"http://a/%EF%BF%BD","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/%EF%BF%BD","search":"","hash":""}"##,
            "\n",
            r##"{"href":"http://a/%EF%BF%BD%F0%9F%98%80","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/%EF%BF%BD%F0%9F%98%80","search":"","hash":""}"##,
            "\n",
            // An escaped backslash then "ud800": the special URL's backslash is a slash.
            r##"{"href":"http://a//ud800","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"//ud800","search":"","hash":""}"##,
            "\n"
        )
    );
}

#[test]
fn batch_failures() {
    assert_eq!(
        batch(&[
            r##"{"op":"parse","input":"http://a:99999/"}"##,
            r##"{"op":"parse","input":"/relative"}"##,
            r##"{"op":"toascii","input":"a b"}"##,
        ]),
        concat!(
            r##"{"failure":true,"error":"the port is greater than 65535"}"##,
            "\n",
            r##"{"failure":true,"error":"relative URL without a base (no scheme, and no usable base URL)"}"##,
            "\n",
            r##"{"failure":true,"error":"the domain contains the forbidden code point ' '"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_base_that_fails_to_parse() {
    assert_eq!(
        batch(&[
            r##"{"op":"parse","input":"http://a/","base":"not a base"}"##,
            r##"{"op":"parse","input":"x","base":"http://h:65536/"}"##,
        ]),
        concat!(
            r##"{"failure":true,"error":"invalid base URL: relative URL without a base (no scheme, and no usable base URL)"}"##,
            "\n",
            r##"{"failure":true,"error":"invalid base URL: the port is greater than 65535"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_encoding_labels() {
    let ok = r##"{"href":"http://a/?%C3%A9","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/","search":"?%C3%A9","hash":""}"##;
    let mut expected = String::new();
    for _ in 0..7 {
        expected.push_str(ok);
        expected.push('\n');
    }
    expected.push_str(concat!(
        r##"{"href":"http://a/?%E9","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/","search":"?%E9","hash":""}"##,
        "\n",
        // UTF-16 means UTF-8 (the spec's "get an output encoding").
        r##"{"href":"http://a/?%C3%A9","origin":"http://a","protocol":"http:","username":"","password":"","host":"a","hostname":"a","port":"","pathname":"/","search":"?%C3%A9","hash":""}"##,
        "\n",
        r##"{"error":"unknown encoding label: "}"##,
        "\n",
        r##"{"error":"unknown encoding label: utf-8x"}"##,
        "\n"
    ));
    assert_eq!(
        batch(&[
            r##"{"op":"parse","input":"http://a/?é","encoding":"utf-8"}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":"UTF8"}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":" \t\nUnicode-1-1-UTF-8\f\r"}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":"unicode11utf8"}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":"unicode20utf8"}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":"X-UNICODE20UTF8"}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":null}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":"windows-1252"}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":"utf-16le"}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":""}"##,
            r##"{"op":"parse","input":"http://a/?é","encoding":"utf-8x"}"##,
        ]),
        expected
    );
}

#[test]
fn batch_parse_in_legacy_encodings() {
    assert_eq!(
        batch(&[
            r##"{"op":"parse","input":"http://example.com/?\u00e9","encoding":"windows-1252"}"##,
            r##"{"op":"parse","input":"http://example.com/?\u00e9","encoding":"shift_jis"}"##,
            r##"{"op":"parse","input":"http://example.com/?日本","encoding":" Shift_JIS\n"}"##,
            r##"{"op":"parse","input":"http://example.com/?\u00e9","encoding":"UTF-16LE"}"##,
            r##"{"op":"parse","input":"http://example.com/?\u00e9","encoding":"utf-16be"}"##,
            // A label of the replacement encoding: UTF-8 too.
            r##"{"op":"parse","input":"http://example.com/?\u00e9","encoding":"iso-2022-kr"}"##,
            r##"{"op":"parse","input":"http://example.com/?\u00e9","encoding":"no-such-encoding"}"##,
            r##"{"op":"parse","input":"http://example.com/?\u00e9","encoding":"Latin1"}"##,
        ]),
        concat!(
            r##"{"href":"http://example.com/?%E9","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/","search":"?%E9","hash":""}"##,
            "\n",
            // Shift_JIS has no é: it becomes "&#233;", percent-encoded.
            r##"{"href":"http://example.com/?%26%23233%3B","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/","search":"?%26%23233%3B","hash":""}"##,
            "\n",
            r##"{"href":"http://example.com/?%93%FA%96{","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/","search":"?%93%FA%96{","hash":""}"##,
            "\n",
            r##"{"href":"http://example.com/?%C3%A9","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/","search":"?%C3%A9","hash":""}"##,
            "\n",
            r##"{"href":"http://example.com/?%C3%A9","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/","search":"?%C3%A9","hash":""}"##,
            "\n",
            r##"{"href":"http://example.com/?%C3%A9","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/","search":"?%C3%A9","hash":""}"##,
            "\n",
            r##"{"error":"unknown encoding label: no-such-encoding"}"##,
            "\n",
            r##"{"href":"http://example.com/?%E9","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/","search":"?%E9","hash":""}"##,
            "\n",
        )
    );
}

#[test]
fn batch_parse_encoding_applies_to_the_query_of_special_urls_only() {
    assert_eq!(
        batch(&[
            r##"{"op":"parse","input":"?é#é","base":"http://example.com/é","encoding":"windows-1252"}"##,
            r##"{"op":"parse","input":"sc://h/?é","encoding":"windows-1252"}"##,
            r##"{"op":"parse","input":"wss://h/?é","encoding":"windows-1252"}"##,
            // The label is checked before the base is parsed.
            r##"{"op":"parse","input":"x","base":"nope","encoding":"nope"}"##,
        ]),
        concat!(
            r##"{"href":"http://example.com/%C3%A9?%E9#%C3%A9","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/%C3%A9","search":"?%E9","hash":"#%C3%A9"}"##,
            "\n",
            r##"{"href":"sc://h/?%C3%A9","origin":"null","protocol":"sc:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/","search":"?%C3%A9","hash":""}"##,
            "\n",
            r##"{"href":"wss://h/?%C3%A9","origin":"wss://h","protocol":"wss:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/","search":"?%C3%A9","hash":""}"##,
            "\n",
            r##"{"error":"unknown encoding label: nope"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_validate() {
    assert_eq!(
        batch(&[
            r##"{"op":"validate","input":"https://example.org/"}"##,
            r##"{"op":"validate","input":"https://example.org/>"}"##,
            r##"{"op":"validate","input":"https://user:pass@example.org"}"##,
            // One backslash each (JSON escapes).
            r##"{"op":"validate","input":"https:\\example.org\\a"}"##,
            r##"{"op":"validate","input":"https://example.org:70000"}"##,
            // Offsets are in bytes: "é" is 2.
            r##"{"op":"validate","input":"http://h/é é"}"##,
            // Leading and trailing spaces and controls are one error; a tab inside another.
            r##"{"op":"validate","input":"  http://h/a\tb "}"##,
        ]),
        concat!(
            r##"{"valid":true,"errors":[]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"invalid-URL-unit","offset":20}]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"invalid-credentials","offset":17}]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"special-scheme-missing-following-solidus","offset":6},{"name":"special-scheme-missing-following-solidus","offset":6},{"name":"invalid-reverse-solidus","offset":18}]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"port-out-of-range","offset":20}]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"invalid-URL-unit","offset":11}]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"invalid-URL-unit","offset":0},{"name":"invalid-URL-unit","offset":12}]}"##,
            "\n",
        )
    );
}

#[test]
fn batch_validate_with_a_base() {
    assert_eq!(
        batch(&[
            r##"{"op":"validate","input":"../a?b#c","base":"https://example.org/dir/"}"##,
            r##"{"op":"validate","input":"../a?b#c","base":null}"##,
            r##"{"op":"validate","input":"../a?b#c"}"##,
            r##"{"op":"validate","input":"#f","base":"sc:opaque"}"##,
            r##"{"op":"validate","input":"x","base":"sc:opaque"}"##,
            r##"{"op":"validate","input":"\\x","base":"https://example.org/"}"##,
        ]),
        concat!(
            r##"{"valid":true,"errors":[]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"missing-scheme-non-relative-URL","offset":0}]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"missing-scheme-non-relative-URL","offset":0}]}"##,
            "\n",
            r##"{"valid":true,"errors":[]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"missing-scheme-non-relative-URL","offset":0}]}"##,
            "\n",
            r##"{"valid":false,"errors":[{"name":"invalid-reverse-solidus","offset":0}]}"##,
            "\n",
        )
    );
}

#[test]
fn batch_validate_base_that_fails_to_parse() {
    assert_eq!(
        batch(&[
            r##"{"op":"validate","input":"http://a/","base":"not a base"}"##,
            r##"{"op":"validate","input":"x","base":"http://h:65536/"}"##,
        ]),
        concat!(
            r##"{"failure":true,"error":"invalid base URL: relative URL without a base (no scheme, and no usable base URL)"}"##,
            "\n",
            r##"{"failure":true,"error":"invalid base URL: the port is greater than 65535"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_validate_lone_surrogates() {
    assert_eq!(
        batch(&[
            // U+FFFD, 3 bytes in UTF-8, is a URL code point: the space after it is at byte 12.
            r##"{"op":"validate","input":"http://a/\ud800 x"}"##,
            r##"{"op":"validate","input":"http://a/\udc00"}"##,
        ]),
        concat!(
            r##"{"valid":false,"errors":[{"name":"invalid-URL-unit","offset":12}]}"##,
            "\n",
            r##"{"valid":true,"errors":[]}"##,
            "\n",
        )
    );
}

#[test]
fn batch_validate_request_errors() {
    assert_eq!(
        batch(&[
            r##"{"op":"validate"}"##,
            r##"{"op":"validate","input":1}"##,
            r##"{"op":"validate","input":"x","base":[]}"##,
        ]),
        concat!(
            r##"{"error":"missing field: input"}"##,
            "\n",
            r##"{"error":"field input must be a string, not a number"}"##,
            "\n",
            r##"{"error":"field base must be a string or null, not an array"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_non_utf8_line() {
    let run = weburl(
        &["batch"],
        b"{\"op\":\"toascii\",\"input\":\"\xff\"}\n{\"op\":\"toascii\",\"input\":\"a\"}\n",
    );
    assert_eq!(
        run.stdout,
        "{\"error\":\"line is not valid UTF-8\"}\n{\"output\":\"a\"}\n"
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
}

#[test]
fn batch_crlf_and_missing_final_newline() {
    let run = weburl(
        &["batch"],
        b"{\"op\":\"toascii\",\"input\":\"A\"}\r\n{\"op\":\"toascii\",\"input\":\"B\"}",
    );
    assert_eq!(run.stdout, "{\"output\":\"a\"}\n{\"output\":\"b\"}\n");
    assert_eq!(run.code, 0);
}

#[test]
fn batch_empty_input() {
    assert_eq!(batch(&[]), "");
}

#[test]
fn batch_keeps_order_over_many_lines() {
    let mut lines = Vec::new();
    let mut expected = String::new();
    for i in 0..5_000 {
        match i % 4 {
            0 => {
                lines.push(format!(r##"{{"op":"toascii","input":"H{i}.Example"}}"##));
                expected.push_str(&format!("{{\"output\":\"h{i}.example\"}}\n"));
            }
            1 => {
                lines.push(String::new());
                expected.push_str("{\"error\":\"empty request\"}\n");
            }
            2 => {
                lines.push(format!(
                    r##"{{"op":"parse","input":"?{i}","base":"http://b/p"}}"##
                ));
                expected.push_str(&format!(
                    concat!(
                        r##"{{"href":"http://b/p?{i}","origin":"http://b","protocol":"http:","##,
                        r##""username":"","password":"","host":"b","hostname":"b","port":"","##,
                        r##""pathname":"/p","search":"?{i}","hash":""}}"##,
                        "\n"
                    ),
                    i = i
                ));
            }
            _ => {
                lines.push(format!(r##"{{"op":"op{i}"}}"##));
                expected.push_str(&format!("{{\"error\":\"unsupported op: op{i}\"}}\n"));
            }
        }
    }
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_eq!(batch(&lines), expected);
}

/// The component object of a URL, from its getters in contract order, and a newline.
#[allow(clippy::too_many_arguments)]
fn components(
    href: &str,
    origin: &str,
    protocol: &str,
    username: &str,
    password: &str,
    host: &str,
    hostname: &str,
    port: &str,
    pathname: &str,
    search: &str,
    hash: &str,
) -> String {
    format!(
        concat!(
            r##"{{"href":"{}","origin":"{}","protocol":"{}","username":"{}","password":"{}","##,
            r##""host":"{}","hostname":"{}","port":"{}","pathname":"{}","search":"{}","hash":"{}"}}"##,
            "\n"
        ),
        href, origin, protocol, username, password, host, hostname, port, pathname, search, hash
    )
}

/// The component object of `https://h/`.
fn https_h() -> String {
    components(
        "https://h/",
        "https://h",
        "https:",
        "",
        "",
        "h",
        "h",
        "",
        "/",
        "",
        "",
    )
}

/// The component object of `mailto:x@y`.
fn mailto() -> String {
    components(
        "mailto:x@y",
        "null",
        "mailto:",
        "",
        "",
        "",
        "",
        "",
        "x@y",
        "",
        "",
    )
}

const SETTER_NAMES: &str = "(expected one of href, protocol, username, password, host, hostname, port, pathname, search, hash)";

#[test]
fn batch_set_every_setter() {
    let out = batch(&[
        r##"{"op":"set","href":"https://example.com/a","setter":"host","value":"example.org:8080"}"##,
        r##"{"op":"set","href":"https://example.com/a","setter":"protocol","value":"http"}"##,
        r##"{"op":"set","href":"https://example.com/a","setter":"pathname","value":"/x y"}"##,
        r##"{"op":"set","href":"https://example.com/a","setter":"search","value":"a=1"}"##,
        r##"{"op":"set","href":"https://example.com/a","setter":"hash","value":"frag"}"##,
        r##"{"op":"set","href":"https://h/","setter":"username","value":"me"}"##,
        r##"{"op":"set","href":"https://me@h/","setter":"password","value":"p@ss"}"##,
        r##"{"op":"set","href":"https://h:81/p","setter":"hostname","value":"EXAMPLE.net"}"##,
        r##"{"op":"set","href":"https://h/","setter":"port","value":"8443"}"##,
        r##"{"setter":"href","value":"HTTP://Other.example/x/../y","href":"https://h/","op":"set"}"##,
    ]);
    let expected = [
        components(
            "https://example.org:8080/a",
            "https://example.org:8080",
            "https:",
            "",
            "",
            "example.org:8080",
            "example.org",
            "8080",
            "/a",
            "",
            "",
        ),
        components(
            "http://example.com/a",
            "http://example.com",
            "http:",
            "",
            "",
            "example.com",
            "example.com",
            "",
            "/a",
            "",
            "",
        ),
        components(
            "https://example.com/x%20y",
            "https://example.com",
            "https:",
            "",
            "",
            "example.com",
            "example.com",
            "",
            "/x%20y",
            "",
            "",
        ),
        components(
            "https://example.com/a?a=1",
            "https://example.com",
            "https:",
            "",
            "",
            "example.com",
            "example.com",
            "",
            "/a",
            "?a=1",
            "",
        ),
        components(
            "https://example.com/a#frag",
            "https://example.com",
            "https:",
            "",
            "",
            "example.com",
            "example.com",
            "",
            "/a",
            "",
            "#frag",
        ),
        components(
            "https://me@h/",
            "https://h",
            "https:",
            "me",
            "",
            "h",
            "h",
            "",
            "/",
            "",
            "",
        ),
        components(
            "https://me:p%40ss@h/",
            "https://h",
            "https:",
            "me",
            "p%40ss",
            "h",
            "h",
            "",
            "/",
            "",
            "",
        ),
        components(
            "https://example.net:81/p",
            "https://example.net:81",
            "https:",
            "",
            "",
            "example.net:81",
            "example.net",
            "81",
            "/p",
            "",
            "",
        ),
        components(
            "https://h:8443/",
            "https://h:8443",
            "https:",
            "",
            "",
            "h:8443",
            "h",
            "8443",
            "/",
            "",
            "",
        ),
        components(
            "http://other.example/y",
            "http://other.example",
            "http:",
            "",
            "",
            "other.example",
            "other.example",
            "",
            "/y",
            "",
            "",
        ),
    ]
    .concat();
    assert_eq!(out, expected);
}

#[test]
fn batch_set_ignored_values_leave_the_url_unchanged() {
    assert_eq!(
        batch(&[
            r##"{"op":"set","href":"mailto:x@y","setter":"host","value":"example.com"}"##,
            r##"{"op":"set","href":"mailto:x@y","setter":"pathname","value":"/p"}"##,
            r##"{"op":"set","href":"mailto:x@y","setter":"username","value":"me"}"##,
            r##"{"op":"set","href":"https://h/","setter":"port","value":"99999"}"##,
            r##"{"op":"set","href":"https://h/","setter":"port","value":"x1"}"##,
            r##"{"op":"set","href":"https://h/","setter":"protocol","value":"git"}"##,
            r##"{"op":"set","href":"https://h/","setter":"protocol","value":"1http"}"##,
            r##"{"op":"set","href":"https://h/","setter":"hostname","value":"a:1"}"##,
            r##"{"op":"set","href":"https://h/","setter":"host","value":""}"##,
            r##"{"op":"set","href":"https://h/","setter":"host","value":"a b"}"##,
        ]),
        [
            mailto(),
            mailto(),
            mailto(),
            https_h(),
            https_h(),
            https_h(),
            https_h(),
            https_h(),
            https_h(),
            https_h(),
        ]
        .concat()
    );
}

#[test]
fn batch_set_host_with_a_bad_port_keeps_the_new_host() {
    // As in the spec (and WPT's setters_tests.json): the host is set, then the port is ignored.
    assert_eq!(
        batch(&[r##"{"op":"set","href":"https://h:1/","setter":"host","value":"a:99999"}"##]),
        components(
            "https://a:1/",
            "https://a:1",
            "https:",
            "",
            "",
            "a:1",
            "a",
            "1",
            "/",
            "",
            ""
        )
    );
}

#[test]
fn batch_set_empty_search_and_hash_remove_them() {
    assert_eq!(
        batch(&[
            r##"{"op":"set","href":"https://h/?q#f","setter":"search","value":""}"##,
            r##"{"op":"set","href":"https://h/?q#f","setter":"hash","value":""}"##,
        ]),
        [
            components(
                "https://h/#f",
                "https://h",
                "https:",
                "",
                "",
                "h",
                "h",
                "",
                "/",
                "",
                "#f",
            ),
            components(
                "https://h/?q",
                "https://h",
                "https:",
                "",
                "",
                "h",
                "h",
                "",
                "/",
                "?q",
                "",
            ),
        ]
        .concat()
    );
}

#[test]
fn batch_set_failures() {
    assert_eq!(
        batch(&[
            r##"{"op":"set","href":"not a url","setter":"hash","value":"x"}"##,
            r##"{"op":"set","href":"http://h:99999/","setter":"port","value":"1"}"##,
            r##"{"op":"set","href":"https://h/","setter":"href","value":"not a url"}"##,
            r##"{"op":"set","href":"https://h/","setter":"href","value":"http://h:65536/"}"##,
        ]),
        concat!(
            r##"{"failure":true,"error":"invalid href: relative URL without a base (no scheme, and no usable base URL)"}"##,
            "\n",
            r##"{"failure":true,"error":"invalid href: the port is greater than 65535"}"##,
            "\n",
            r##"{"failure":true,"error":"relative URL without a base (no scheme, and no usable base URL)"}"##,
            "\n",
            r##"{"failure":true,"error":"the port is greater than 65535"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_set_request_errors() {
    assert_eq!(
        batch(&[
            r##"{"op":"set","href":"https://h/","setter":"origin","value":"x"}"##,
            r##"{"op":"set","href":"https://h/","setter":"Host","value":"x"}"##,
            r##"{"op":"set","href":"not a url","setter":"searchParams","value":"x"}"##,
            r##"{"op":"set","setter":"host","value":"x"}"##,
            r##"{"op":"set","href":"https://h/","value":"x"}"##,
            r##"{"op":"set","href":"https://h/","setter":"host"}"##,
            r##"{"op":"set","href":1,"setter":"host","value":"x"}"##,
            r##"{"op":"set","href":"https://h/","setter":null,"value":"x"}"##,
            r##"{"op":"set","href":"https://h/","setter":"host","value":["x"]}"##,
            r##"{"op":"set","href":"https://h/","setter":"port","value":8443}"##,
        ]),
        format!(
            concat!(
                r##"{{"error":"unknown setter: origin {names}"}}"##,
                "\n",
                r##"{{"error":"unknown setter: Host {names}"}}"##,
                "\n",
                r##"{{"error":"unknown setter: searchParams {names}"}}"##,
                "\n",
                r##"{{"error":"missing field: href"}}"##,
                "\n",
                r##"{{"error":"missing field: setter"}}"##,
                "\n",
                r##"{{"error":"missing field: value"}}"##,
                "\n",
                r##"{{"error":"field href must be a string, not a number"}}"##,
                "\n",
                r##"{{"error":"field setter must be a string, not null"}}"##,
                "\n",
                r##"{{"error":"field value must be a string, not an array"}}"##,
                "\n",
                r##"{{"error":"field value must be a string, not a number"}}"##,
                "\n",
            ),
            names = SETTER_NAMES
        )
    );
}

#[test]
fn batch_set_lone_surrogates() {
    assert_eq!(
        batch(&[
            r##"{"op":"set","href":"https://h/","setter":"hash","value":"\ud800x"}"##,
            r##"{"op":"set","href":"https://h/\udfff","setter":"search","value":"q"}"##,
        ]),
        [
            components(
                "https://h/#%EF%BF%BDx",
                "https://h",
                "https:",
                "",
                "",
                "h",
                "h",
                "",
                "/",
                "",
                "#%EF%BF%BDx",
            ),
            components(
                "https://h/%EF%BF%BD?q",
                "https://h",
                "https:",
                "",
                "",
                "h",
                "h",
                "",
                "/%EF%BF%BD",
                "?q",
                "",
            ),
        ]
        .concat()
    );
}

#[test]
fn batch_search_params_contract_example() {
    assert_eq!(
        batch(&[
            r##"{"op":"search_params","query":"?b=2&a=1&b=3","actions":[["sort"],["append","c","x y"],["delete","b","3"]]}"##
        ]),
        concat!(
            r##"{"pairs":[["a","1"],["b","2"],["c","x y"]],"serialized":"a=1&b=2&c=x+y"}"##,
            "\n"
        )
    );
}

#[test]
fn batch_search_params() {
    assert_eq!(
        batch(&[
            r##"{"op":"search_params","query":"??a=%20+b&&c&=d"}"##,
            r##"{"op":"search_params","query":""}"##,
            r##"{"op":"search_params","query":"a=1","actions":[]}"##,
            r##"{"op":"search_params","query":"a=1","actions":null}"##,
            r##"{"op":"search_params","query":"a=1&b=2&a=3","actions":[["set","a","x"],["set","new","é&="]]}"##,
            r##"{"op":"search_params","query":"a=1&b=2&a=3","actions":[["delete","a"]]}"##,
            r##"{"op":"search_params","query":"a=1&b=2&a=3","actions":[["delete","a","3"],["delete","zz"]]}"##,
            r##"{"op":"search_params","query":"z=1&%F0%9F%8C%88=b&%EF%AC%83=a&a=2&z=0","actions":[["sort"]]}"##,
        ]),
        concat!(
            r##"{"pairs":[["?a","  b"],["c",""],["","d"]],"serialized":"%3Fa=++b&c=&=d"}"##,
            "\n",
            r##"{"pairs":[],"serialized":""}"##,
            "\n",
            r##"{"pairs":[["a","1"]],"serialized":"a=1"}"##,
            "\n",
            r##"{"pairs":[["a","1"]],"serialized":"a=1"}"##,
            "\n",
            r##"{"pairs":[["a","x"],["b","2"],["new","é&="]],"serialized":"a=x&b=2&new=%C3%A9%26%3D"}"##,
            "\n",
            r##"{"pairs":[["b","2"]],"serialized":"b=2"}"##,
            "\n",
            r##"{"pairs":[["a","1"],["b","2"]],"serialized":"a=1&b=2"}"##,
            "\n",
            // Sorted by UTF-16 code units: U+1F308 (a surrogate pair) before U+FB03.
            r##"{"pairs":[["a","2"],["z","1"],["z","0"],["🌈","b"],["ﬃ","a"]],"serialized":"a=2&z=1&z=0&%F0%9F%8C%88=b&%EF%AC%83=a"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_search_params_lone_surrogates() {
    assert_eq!(
        batch(&[
            r##"{"op":"search_params","query":"a=1","actions":[["append","\ud800k","v\udc00"]]}"##,
            r##"{"op":"search_params","query":"\uDBFF=x","actions":[["delete","\udbff"]]}"##,
            r##"{"op":"search_params","query":"\uDBFF=x"}"##,
        ]),
        concat!(
            "{\"pairs\":[[\"a\",\"1\"],[\"\u{FFFD}k\",\"v\u{FFFD}\"]],",
            "\"serialized\":\"a=1&%EF%BF%BDk=v%EF%BF%BD\"}\n",
            "{\"pairs\":[],\"serialized\":\"\"}\n",
            "{\"pairs\":[[\"\u{FFFD}\",\"x\"]],\"serialized\":\"%EF%BF%BD=x\"}\n",
        )
    );
}

#[test]
fn batch_search_params_malformed_actions() {
    assert_eq!(
        batch(&[
            r##"{"op":"search_params","query":"a=1","actions":[["pop"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["pop",1]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["sort"],["append","k"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["append","k","v","w"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["delete"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["delete","a","b","c"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["set","a"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["sort","a"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["append","k",1]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["sort"],["sort"],["set",null,"v"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["delete",["a"]]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[[]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[[1,"a"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":["sort"]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[{"op":"sort"}]}"##,
            r##"{"op":"search_params","query":"a=1","actions":[["sort"],["pop"],["nope"]]}"##,
        ]),
        concat!(
            r##"{"error":"actions[0]: unknown action: pop (expected one of append, delete, set, sort)"}"##,
            "\n",
            r##"{"error":"actions[0]: unknown action: pop (expected one of append, delete, set, sort)"}"##,
            "\n",
            r##"{"error":"actions[1]: append takes 2 arguments (name, value), not 1 argument"}"##,
            "\n",
            r##"{"error":"actions[0]: append takes 2 arguments (name, value), not 3 arguments"}"##,
            "\n",
            r##"{"error":"actions[0]: delete takes 1 or 2 arguments (name, optional value), not 0 arguments"}"##,
            "\n",
            r##"{"error":"actions[0]: delete takes 1 or 2 arguments (name, optional value), not 3 arguments"}"##,
            "\n",
            r##"{"error":"actions[0]: set takes 2 arguments (name, value), not 1 argument"}"##,
            "\n",
            r##"{"error":"actions[0]: sort takes no arguments, not 1 argument"}"##,
            "\n",
            r##"{"error":"actions[0]: argument 2 of append must be a string, not a number"}"##,
            "\n",
            r##"{"error":"actions[2]: argument 1 of set must be a string, not null"}"##,
            "\n",
            r##"{"error":"actions[0]: argument 1 of delete must be a string, not an array"}"##,
            "\n",
            r##"{"error":"actions[0]: an action must not be empty: it starts with its name"}"##,
            "\n",
            r##"{"error":"actions[0]: the action name must be a string, not a number"}"##,
            "\n",
            r##"{"error":"actions[0]: an action must be an array, not a string"}"##,
            "\n",
            r##"{"error":"actions[0]: an action must be an array, not an object"}"##,
            "\n",
            r##"{"error":"actions[1]: unknown action: pop (expected one of append, delete, set, sort)"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_search_params_request_errors() {
    assert_eq!(
        batch(&[
            r##"{"op":"search_params"}"##,
            r##"{"op":"search_params","actions":[["sort"]]}"##,
            r##"{"op":"search_params","query":null}"##,
            r##"{"op":"search_params","query":["a=1"],"actions":[["bogus"]]}"##,
            r##"{"op":"search_params","query":"a=1","actions":"sort"}"##,
            r##"{"op":"search_params","query":"a=1","actions":{}}"##,
            r##"{"op":"search_params","query":"a=1","actions":true}"##,
        ]),
        concat!(
            r##"{"error":"missing field: query"}"##,
            "\n",
            r##"{"error":"missing field: query"}"##,
            "\n",
            r##"{"error":"field query must be a string, not null"}"##,
            "\n",
            r##"{"error":"field query must be a string, not an array"}"##,
            "\n",
            r##"{"error":"field actions must be an array or null, not a string"}"##,
            "\n",
            r##"{"error":"field actions must be an array or null, not an object"}"##,
            "\n",
            r##"{"error":"field actions must be an array or null, not a boolean"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_help_lists_the_operations() {
    let run = weburl(&["batch", "--help"], b"");
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.contains(
            "Operations: parse, set, toascii, validate, search_params, resolve (engines: \
             whatwg, html5-2011,\nweb-addresses-2009, rfc3986, rfc1808), domain (sections: \
             all, icann), host_info, normalize\n(profiles: spec, dedup, w3lib, surt), pattern \
             (URLPattern: the constructor and exec()),\npattern_compare \
             (URLPattern.compareComponent()), pattern_generate (URLPattern's generate())."
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn batch_help_has_examples() {
    let run = weburl(&["batch", "--help"], b"");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Examples:"));
    assert!(run.stdout.contains("weburl batch"));
}

#[test]
fn batch_resolve_with_every_engine() {
    assert_eq!(
        batch(&[
            // The contract's example (RFC 1808 keeps the base's last segment for ";x").
            r##"{"op":"resolve","engine":"rfc1808","input":";x","base":"http://a/b/c/d;p?q#f"}"##,
            // fielding-1995.json: "///g" is a network-path to an empty authority, which the
            // 1995 draft does not see.
            r##"{"op":"resolve","engine":"rfc1808","input":"///g","base":"http://a/b/c/d;p?q#f"}"##,
            // RFC 3986 section 5.4.1 and 5.4.2.
            r##"{"op":"resolve","engine":"rfc3986","input":"g;x?y#s","base":"http://a/b/c/d;p?q"}"##,
            r##"{"op":"resolve","engine":"rfc3986","input":";x","base":"http://a/b/c/d;p?q"}"##,
            r##"{"op":"resolve","engine":"rfc3986","input":"../../../g","base":"http://a/b/c/d;p?q"}"##,
            r##"{"op":"resolve","engine":"rfc3986","input":"http:g","base":"http://a/b/c/d;p?q"}"##,
            // The URL Standard: backslashes are slashes in special URLs, "http:g" is relative.
            r##"{"op":"resolve","engine":"whatwg","input":"\\\\x\\y","base":"http://a/b"}"##,
            r##"{"op":"resolve","engine":"whatwg","input":"http:g","base":"http://a/b/c/d;p?q"}"##,
            // html5-2011.json: IDNA2003, a backslash in the userinfo becomes a slash, one in
            // the path is escaped.
            r##"{"op":"resolve","engine":"html5-2011","input":"//ÉXAMPLE.com","base":"http://a/b/c/d;p?q"}"##,
            r##"{"op":"resolve","engine":"html5-2011","input":"http://u\\v@a/","base":"http://example.org/dir/file"}"##,
            r##"{"op":"resolve","engine":"html5-2011","input":"..\\g","base":"http://a/b/c/d"}"##,
            // connolly-2009.json: pre-encoding, a percent-decoded host, brackets in userinfo.
            r##"{"op":"resolve","engine":"web-addresses-2009","input":"g h","base":"http://a/b/c/d;p?q"}"##,
            r##"{"op":"resolve","engine":"web-addresses-2009","input":"http://ex%41mple.com/","base":"http://example.org/"}"##,
            r##"{"op":"resolve","engine":"web-addresses-2009","input":"http://u[1]@h/","base":"http://example.org/"}"##,
        ]),
        concat!(
            r##"{"href":"http://a/b/c/d;x"}"##,
            "\n",
            r##"{"href":"http://a/g"}"##,
            "\n",
            r##"{"href":"http://a/b/c/g;x?y#s"}"##,
            "\n",
            r##"{"href":"http://a/b/c/;x"}"##,
            "\n",
            r##"{"href":"http://a/g"}"##,
            "\n",
            r##"{"href":"http:g"}"##,
            "\n",
            r##"{"href":"http://x/y"}"##,
            "\n",
            r##"{"href":"http://a/b/c/g"}"##,
            "\n",
            r##"{"href":"http://xn--xample-9ua.com"}"##,
            "\n",
            r##"{"href":"http://u/v@a/"}"##,
            "\n",
            r##"{"href":"http://a/b/c/..%5Cg"}"##,
            "\n",
            r##"{"href":"http://a/b/c/g%20h"}"##,
            "\n",
            r##"{"href":"http://exAmple.com/"}"##,
            "\n",
            r##"{"failure":true,"error":"the input does not match the grammar at byte 8"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_resolve_without_a_base() {
    assert_eq!(
        batch(&[
            r##"{"op":"resolve","engine":"rfc3986","input":"x","base":null}"##,
            r##"{"op":"resolve","engine":"whatwg","input":"x","base":null}"##,
            // RFC 1808 returns a relative reference as it is, as with an empty base.
            r##"{"op":"resolve","engine":"rfc1808","input":"x","base":null}"##,
            r##"{"op":"resolve","engine":"html5-2011","input":"HTTP://A/b","base":null}"##,
        ]),
        concat!(
            r##"{"failure":true,"error":"relative reference without a base URL"}"##,
            "\n",
            r##"{"failure":true,"error":"relative URL without a base (no scheme, and no usable base URL)"}"##,
            "\n",
            r##"{"href":"x"}"##,
            "\n",
            r##"{"href":"HTTP://A/b"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_resolve_base_that_fails() {
    assert_eq!(
        batch(&[
            r##"{"op":"resolve","engine":"whatwg","input":"g","base":"not a base"}"##,
            r##"{"op":"resolve","engine":"rfc3986","input":"g","base":"not a base"}"##,
            r##"{"op":"resolve","engine":"whatwg","input":"g","base":"http://h:99999/"}"##,
            // The 2011 text accepts any port.
            r##"{"op":"resolve","engine":"html5-2011","input":"g","base":"http://h:99999/"}"##,
        ]),
        concat!(
            r##"{"failure":true,"error":"the base URL is not an absolute URL"}"##,
            "\n",
            r##"{"failure":true,"error":"the base URL is not an absolute URL"}"##,
            "\n",
            r##"{"failure":true,"error":"the base URL is not an absolute URL"}"##,
            "\n",
            r##"{"href":"http://h:99999/g"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_resolve_encodings() {
    assert_eq!(
        batch(&[
            r##"{"op":"resolve","engine":"whatwg","input":"?é","base":"http://a/","encoding":"windows-1252"}"##,
            r##"{"op":"resolve","engine":"html5-2011","input":"?é","base":"http://a/","encoding":"windows-1252"}"##,
            // The 2011 text writes "?" for what the encoding cannot encode.
            r##"{"op":"resolve","engine":"html5-2011","input":"?€","base":"http://a/","encoding":"iso-8859-2"}"##,
            r##"{"op":"resolve","engine":"web-addresses-2009","input":"?é","base":"http://a/","encoding":" Latin1 "}"##,
            r##"{"op":"resolve","engine":"whatwg","input":"?é","base":"http://a/","encoding":null}"##,
            // The RFCs take no encoding: RFC 3986 rejects non-ASCII, RFC 1808 copies it.
            r##"{"op":"resolve","engine":"rfc3986","input":"?é","base":"http://a/","encoding":"latin1"}"##,
            r##"{"op":"resolve","engine":"rfc1808","input":"?é","base":"http://a/","encoding":"latin1"}"##,
        ]),
        concat!(
            r##"{"href":"http://a/?%E9"}"##,
            "\n",
            r##"{"href":"http://a/?%E9"}"##,
            "\n",
            r##"{"href":"http://a/??"}"##,
            "\n",
            r##"{"href":"http://a/?%E9"}"##,
            "\n",
            r##"{"href":"http://a/?%C3%A9"}"##,
            "\n",
            r##"{"failure":true,"error":"the input does not match the grammar at byte 1"}"##,
            "\n",
            r##"{"href":"http://a/?é"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_resolve_request_errors() {
    assert_eq!(
        batch(&[
            r##"{"op":"resolve","engine":"rfc2396","input":"x","base":null}"##,
            r##"{"op":"resolve","engine":"WHATWG","input":"x","base":null}"##,
            r##"{"op":"resolve","input":"x","base":null}"##,
            r##"{"op":"resolve","engine":"whatwg","base":null}"##,
            r##"{"op":"resolve","engine":"whatwg","input":"x"}"##,
            r##"{"op":"resolve","engine":null,"input":"x","base":null}"##,
            r##"{"op":"resolve","engine":"whatwg","input":1,"base":null}"##,
            r##"{"op":"resolve","engine":"whatwg","input":"x","base":2}"##,
            r##"{"op":"resolve","engine":"whatwg","input":"x","base":"http://a/","encoding":"nope"}"##,
            r##"{"op":"resolve","engine":"rfc3986","input":"x","base":"http://a/","encoding":[]}"##,
        ]),
        concat!(
            r##"{"error":"unknown engine: rfc2396"}"##,
            "\n",
            r##"{"error":"unknown engine: WHATWG"}"##,
            "\n",
            r##"{"error":"missing field: engine"}"##,
            "\n",
            r##"{"error":"missing field: input"}"##,
            "\n",
            r##"{"error":"missing field: base"}"##,
            "\n",
            r##"{"error":"field engine must be a string, not null"}"##,
            "\n",
            r##"{"error":"field input must be a string, not a number"}"##,
            "\n",
            r##"{"error":"field base must be a string or null, not a number"}"##,
            "\n",
            // An unknown label is a request error, as for parse, whatever the engine.
            r##"{"error":"unknown encoding label: nope"}"##,
            "\n",
            r##"{"error":"field encoding must be a string or null, not an array"}"##,
            "\n",
        )
    );
}

#[test]
fn batch_resolve_lone_surrogates() {
    assert_eq!(
        batch(&[
            r##"{"op":"resolve","engine":"html5-2011","input":"/\ud800","base":"http://a/"}"##
        ]),
        concat!(r##"{"href":"http://a/%EF%BF%BD"}"##, "\n")
    );
}
