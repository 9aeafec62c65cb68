//! Public suffixes, registrable domains, subdomains and sites: the `--get` placeholders, the
//! `--json` fields, `--icann-only`, `--version`, and the batch `domain` op.

mod common;

use common::{ok, weburl};

const TEMPLATE: &str = "{subdomain}|{registrable_domain}|{public_suffix}|{site}";

#[test]
fn placeholders() {
    let cases: &[(&str, &str)] = &[
        (
            "https://a.b.Example.co.uk./x",
            "a.b|example.co.uk.|co.uk.|https://example.co.uk.",
        ),
        (
            "https://example.com:8443/",
            "|example.com|com|https://example.com",
        ),
        (
            "https://a.b.whatwg.github.io/",
            "a.b|whatwg.github.io|github.io|https://whatwg.github.io",
        ),
        ("https://github.io/", "||github.io|https://github.io"),
        (
            "https://www.食狮.公司.cn/",
            "www|xn--85x722f.xn--55qx5d.cn|xn--55qx5d.cn|https://xn--85x722f.xn--55qx5d.cn",
        ),
        (
            "http://www.city.kawasaki.jp/",
            "www|city.kawasaki.jp|kawasaki.jp|http://city.kawasaki.jp",
        ),
        ("http://localhost:8080/", "||localhost|http://localhost"),
        ("http://0x7f.1/", "|||http://127.0.0.1"),
        ("http://[::1]/", "|||http://[::1]"),
        ("foo://www.example.com/", "|||null"),
        ("file:///etc/hosts", "|||null"),
        ("file://server.example.com/x", "server|example.com|com|null"),
    ];
    for &(url, expected) in cases {
        assert_eq!(
            ok(&["parse", "--get", TEMPLATE, url]),
            format!("{expected}\n"),
            "{url}"
        );
    }
}

#[test]
fn icann_only() {
    let run = |args: &[&str]| ok(&[&["parse", "--get", TEMPLATE][..], args].concat());
    let url = "https://a.b.whatwg.github.io/";
    assert_eq!(
        run(&["--icann-only", url]),
        "a.b.whatwg|github.io|io|https://github.io\n"
    );
    assert_eq!(
        run(&[url]),
        "a.b|whatwg.github.io|github.io|https://whatwg.github.io\n"
    );
    let url = "https://x.blogspot.com/";
    assert_eq!(
        run(&["--icann-only", url]),
        "x|blogspot.com|com|https://blogspot.com\n"
    );
    let json = ok(&[
        "parse",
        "--json",
        "--icann-only",
        "https://whatwg.github.io/",
    ]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["public_suffix"], "io");
    assert_eq!(value["registrable_domain"], "github.io");
    assert_eq!(value["subdomain"], "whatwg");
    assert_eq!(value["site"], "https://github.io");
}

#[test]
fn json_fields_are_null_where_null() {
    let json = ok(&[
        "parse",
        "--json",
        "https://www.example.com/?a=1",
        "http://1.2.3.4/",
        "https://com/",
    ]);
    let values: Vec<serde_json::Value> = json
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let fields = |v: &serde_json::Value| {
        ["public_suffix", "registrable_domain", "subdomain", "site"]
            .map(|k| v.get(k).cloned().unwrap_or_else(|| panic!("no {k} in {v}")))
    };
    use serde_json::json;
    assert_eq!(
        fields(&values[0]),
        [
            json!("com"),
            json!("example.com"),
            json!("www"),
            json!("https://example.com")
        ]
    );
    assert_eq!(
        fields(&values[1]),
        [
            json!(null),
            json!(null),
            json!(null),
            json!("http://1.2.3.4")
        ]
    );
    assert_eq!(
        fields(&values[2]),
        [json!("com"), json!(null), json!(null), json!("https://com")]
    );
    // After hash, before params.
    assert!(json.lines().next().unwrap().contains(
        r#""hash":"","public_suffix":"com","registrable_domain":"example.com","subdomain":"www","site":"https://example.com","params":[["a","1"]]}"#
    ));
}

#[test]
fn counting_sites_from_standard_input() {
    // docs/CLI.md's pipeline for counting sites: one registrable domain per line.
    let run = weburl(
        &["parse", "--get", "{registrable_domain}"],
        b"https://a.example.com/\nhttps://b.example.com/x\nhttp://example.co.uk/\nhttp://[::1]/\n",
    );
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "example.com\nexample.com\nexample.co.uk\n\n");
}

#[test]
fn version_shows_the_list_date() {
    let version = ok(&["--version"]);
    assert_eq!(
        version,
        format!(
            "weburl {} (Public Suffix List {})\n",
            env!("CARGO_PKG_VERSION"),
            weburl::psl::LIST_VERSION
        )
    );
}

#[test]
fn unknown_placeholder_lists_the_new_ones() {
    let run = weburl(&["parse", "--get", "{tld}", "http://a/"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("{registrable_domain}"),
        "{}",
        run.stderr
    );
}

fn batch(lines: &[&str]) -> String {
    let input = lines.join("\n") + "\n";
    let run = weburl(&["batch"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
}

#[test]
fn batch_domain_op() {
    let cases: &[(&str, &str)] = &[
        // The contract's examples.
        (
            r#"{"op":"domain","input":"https://www.Example.co.uk./a"}"#,
            r#"{"public_suffix":"co.uk.","registrable_domain":"example.co.uk."}"#,
        ),
        (
            r#"{"op":"domain","input":"https://whatwg.github.io/","sections":"icann"}"#,
            r#"{"public_suffix":"io","registrable_domain":"github.io"}"#,
        ),
        (
            r#"{"op":"domain","input":"https://whatwg.github.io/","sections":"all"}"#,
            r#"{"public_suffix":"github.io","registrable_domain":"whatwg.github.io"}"#,
        ),
        (
            r#"{"op":"domain","input":"https://github.io/"}"#,
            r#"{"public_suffix":"github.io","registrable_domain":null}"#,
        ),
        (
            r#"{"op":"domain","input":"http://[::1]:8/"}"#,
            r#"{"public_suffix":null,"registrable_domain":null}"#,
        ),
        (
            r#"{"op":"domain","input":"sc://www.example.com/"}"#,
            r#"{"public_suffix":null,"registrable_domain":null}"#,
        ),
        (
            r#"{"op":"domain","input":"../x","base":"https://a.b.kawasaki.jp/"}"#,
            r#"{"public_suffix":"b.kawasaki.jp","registrable_domain":"a.b.kawasaki.jp"}"#,
        ),
        (
            r#"{"op":"domain","input":"https://a.xn--fiqs8s/","base":null}"#,
            r#"{"public_suffix":"xn--fiqs8s","registrable_domain":"a.xn--fiqs8s"}"#,
        ),
        // Failures: the URL or the base does not parse.
        (
            r#"{"op":"domain","input":"http://a:99999/"}"#,
            r#"{"failure":true,"error":"the port is greater than 65535"}"#,
        ),
        (
            r#"{"op":"domain","input":"x","base":"nope"}"#,
            r#"{"failure":true,"error":"invalid base URL: relative URL without a base (no scheme, and no usable base URL)"}"#,
        ),
        // Request errors.
        (r#"{"op":"domain"}"#, r#"{"error":"missing field: input"}"#),
        (
            r#"{"op":"domain","input":"http://a/","sections":"private"}"#,
            r#"{"error":"unknown sections: private (expected \"all\" or \"icann\")"}"#,
        ),
        (
            r#"{"op":"domain","input":"http://a/","sections":1}"#,
            r#"{"error":"field sections must be a string or null, not a number"}"#,
        ),
    ];
    let requests: Vec<&str> = cases.iter().map(|c| c.0).collect();
    let answers = batch(&requests);
    let answers: Vec<&str> = answers.lines().collect();
    assert_eq!(answers.len(), cases.len());
    for (&(request, expected), answer) in cases.iter().zip(answers) {
        assert_eq!(answer, expected, "{request}");
    }
}
