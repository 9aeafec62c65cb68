//! End-to-end tests of the `weburl` binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of the binary produced.
struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

/// Runs `weburl args...` with `stdin` as its standard input.
fn weburl(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the weburl binary starts");
    let mut child_stdin = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // Written from another thread so that a large input cannot deadlock against the output.
    let writer = std::thread::spawn(move || {
        // The program may exit without reading everything (a usage error): ignore broken pipes.
        let _ = child_stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        code: output.status.code().expect("exited, not killed"),
    }
}

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

const NO_BASE: &str = "relative URL without a base (no scheme, and no usable base URL)";

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
        format!("error: not a url: {NO_BASE}\nerror: : {NO_BASE}\n")
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
            r##"{"href":"https://example.com/a/c?q#f","origin":"https://example.com","##,
            r##""protocol":"https:","username":"","password":"","host":"example.com","##,
            r##""hostname":"example.com","port":"","pathname":"/a/c","search":"?q","hash":"#f"}"##,
            "\n"
        )
    );
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
}

#[test]
fn parse_json_one_line_per_input_and_errors_on_stderr() {
    let run = weburl(
        &["parse", "--json"],
        b"http://u:p@h:81/?#\nhttp://[1::\ndata:,x\n",
    );
    assert_eq!(
        run.stdout,
        concat!(
            r##"{"href":"http://u:p@h:81/?#","origin":"http://h:81","protocol":"http:","##,
            r##""username":"u","password":"p","host":"h:81","hostname":"h","port":"81","##,
            r##""pathname":"/","search":"","hash":""}"##,
            "\n",
            r##"{"href":"data:,x","origin":"null","protocol":"data:","username":"","##,
            r##""password":"","host":"","hostname":"","port":"","pathname":",x","search":"","##,
            r##""hash":""}"##,
            "\n"
        )
    );
    assert_eq!(run.stderr.lines().count(), 1);
    assert!(run.stderr.starts_with("error: http://[1::: "));
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
    assert_eq!(run.stderr, "error: line 2: not valid UTF-8\n");
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
            r##"{"op":"set","href":"http://a/","setter":"host","value":"b"}"##,
            r##"{"op":"validate","input":"http://a/"}"##,
            r##"{"op":"resolve","engine":"rfc1808","input":";x","base":"http://a/b/c/d;p?q#f"}"##,
            r##"{"op":"search_params","query":"a=b"}"##,
            r##"{"op":"PARSE","input":"http://a/"}"##,
            r##"{"op":""}"##,
        ]),
        concat!(
            r##"{"error":"unsupported op: set"}"##,
            "\n",
            r##"{"error":"unsupported op: validate"}"##,
            "\n",
            r##"{"error":"unsupported op: resolve"}"##,
            "\n",
            r##"{"error":"unsupported op: search_params"}"##,
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
        r##"{"error":"unsupported encoding: windows-1252"}"##,
        "\n",
        r##"{"error":"unsupported encoding: utf-16le"}"##,
        "\n",
        r##"{"error":"unsupported encoding: "}"##,
        "\n",
        r##"{"error":"unsupported encoding: utf-8x"}"##,
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

#[test]
fn batch_help_has_examples() {
    let run = weburl(&["batch", "--help"], b"");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Examples:"));
    assert!(run.stdout.contains("weburl batch"));
}
