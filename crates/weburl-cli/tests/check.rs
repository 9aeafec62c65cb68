//! `weburl check` (the library's `weburl::policy`) and the batch `host_info` op.

mod common;

use common::{TempFile, weburl};

#[test]
fn public_web_is_the_default_and_sees_through_spellings() {
    let inputs = [
        "http://0x7f.1/",
        "http://2130706433/",
        "http://[::ffff:127.0.0.1]/",
        "http://１２７.０.０.１/",
        "http://0300.0250.1.1/",
        "http://0xa9fea9fe/latest/meta-data/",
        "http://localhost:8080/",
        "https://example.com/ok",
    ];
    let run = weburl(&["check"], inputs.join("\n").as_bytes());
    assert_eq!(
        run.stdout,
        "refused: http://0x7f.1/: address-space: the host 127.0.0.1 is in the loopback address space (127.0.0.0/8, Loopback, RFC 1122)\n\
         refused: http://2130706433/: address-space: the host 127.0.0.1 is in the loopback address space (127.0.0.0/8, Loopback, RFC 1122)\n\
         refused: http://[::ffff:127.0.0.1]/: address-space: the host [::ffff:7f00:1] is in the loopback address space (::ffff:0:0/96, IPv4-mapped Address, RFC 4291)\n\
         refused: http://１２７.０.０.１/: address-space: the host 127.0.0.1 is in the loopback address space (127.0.0.0/8, Loopback, RFC 1122)\n\
         refused: http://0300.0250.1.1/: address-space: the host 192.168.1.1 is in the local address space (192.168.0.0/16, Private-Use, RFC 1918)\n\
         refused: http://0xa9fea9fe/latest/meta-data/: address-space: the host 169.254.169.254 is in the local address space (169.254.0.0/16, Link Local, RFC 3927)\n\
         refused: http://localhost:8080/: address-space: the host localhost is in the loopback address space\n"
    );
    assert_eq!(run.code, 1);
    let run = weburl(&["check", "https://example.com/ok"], b"");
    assert_eq!((run.stdout.as_str(), run.code), ("", 0));
}

#[test]
fn each_rule_from_flags() {
    let run = weburl(
        &[
            "check",
            "--preset",
            "none",
            "--allow-scheme",
            "https,wss",
            "--allow-port",
            "443",
            "--deny",
            "local",
            "--allow-host",
            "*.example.com,example.com",
            "--deny-host",
            "admin.example.com",
            "--no-credentials",
            "--engines-agree",
            "-v",
            "https://example.com/",
            "wss://a.example.com/",
            "http://example.com/",
            "https://example.com:8443/",
            "https://10.0.0.1/",
            "https://example.org/",
            "https://admin.example.com/",
            "https://u:p@example.com/",
            "https:/example.com/",
            "https://[::1",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "allowed: https://example.com/\n\
         allowed: wss://a.example.com/\n\
         refused: http://example.com/: scheme: the scheme \"http\" is not allowed; port: the port 80 is not allowed\n\
         refused: https://example.com:8443/: port: the port 8443 is not allowed\n\
         refused: https://10.0.0.1/: address-space: the host 10.0.0.1 is in the local address space (10.0.0.0/8, Private-Use, RFC 1918); host-not-allowed: the host 10.0.0.1 is not allowed\n\
         refused: https://example.org/: host-not-allowed: the host example.org is not allowed\n\
         refused: https://admin.example.com/: host-denied: the host admin.example.com is denied (rule admin.example.com)\n\
         refused: https://u:p@example.com/: credentials: the URL has credentials\n\
         refused: https:/example.com/: engines-disagree: the engines disagree on the host: whatwg reads \"example.com\", fetcher reads no host\n\
         refused: https://[::1: unparsable: not a URL: invalid host: the IPv6 address has no closing ']'\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn json_and_a_policy_file() {
    let policy = TempFile::new(
        "policy.toml",
        b"preset = \"none\"\nschemes = [\"https\"]\ndeny = [\"loopback\"]\n",
    );
    let run = weburl(
        &[
            "check",
            "--policy",
            policy.path(),
            "--json",
            "https://[::1]/",
            "https://example.com/",
            "sc://x/",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"https://[::1]/","allowed":false,"href":"https://[::1]/","host":"[::1]","address_space":"loopback","rule":"address-space","reason":"the host [::1] is in the loopback address space (::1/128, Loopback Address, RFC 4291)","refusals":[{"rule":"address-space","reason":"the host [::1] is in the loopback address space (::1/128, Loopback Address, RFC 4291)"}]}"#,
            "\n",
            r#"{"input":"https://example.com/","allowed":true,"href":"https://example.com/","host":"example.com","address_space":null,"rule":null,"reason":null,"refusals":[]}"#,
            "\n",
            r#"{"input":"sc://x/","allowed":false,"href":"sc://x/","host":"x","address_space":null,"rule":"scheme","reason":"the scheme \"sc\" is not allowed","refusals":[{"rule":"scheme","reason":"the scheme \"sc\" is not allowed"}]}"#,
            "\n"
        )
    );
    assert_eq!(run.code, 1);
    // The command line's --preset wins over the file's.
    let run = weburl(
        &[
            "check",
            "--policy",
            policy.path(),
            "--preset",
            "public-web",
            "http://10.1.2.3/",
        ],
        b"",
    );
    assert_eq!(run.code, 1);
    // public-web adds http to the file's schemes and refuses the local address.
    assert!(
        run.stdout
            .starts_with("refused: http://10.1.2.3/: address-space:"),
        "{}",
        run.stdout
    );
}

#[test]
fn usage_errors() {
    let bad = TempFile::new("bad.toml", b"schemes = \"https\"\n");
    let run = weburl(&["check", "--policy", bad.path(), "x"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--policy"), "{}", run.stderr);
    let run = weburl(&["check", "--allow-host", "exa mple.com", "x"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("host rule \"exa mple.com\""),
        "{}",
        run.stderr
    );
    let run = weburl(&["check", "--deny", "private", "x"], b"");
    assert_eq!(run.code, 2);
}

#[test]
fn batch_host_info() {
    let requests = [
        r#"{"op":"host_info","input":"http://0x7f.1/"}"#,
        r#"{"op":"host_info","input":"http://[::ffff:10.0.0.1]/"}"#,
        r#"{"op":"host_info","input":"https://example.com/"}"#,
        r#"{"op":"host_info","input":"http://app.localhost/"}"#,
        r#"{"op":"host_info","input":"sc://127.0.0.1/"}"#,
        r#"{"op":"host_info","input":"/x","base":"file:///a"}"#,
        r#"{"op":"host_info","input":"mailto:a@b"}"#,
        r#"{"op":"host_info","input":"https://8.8.8.8/","base":null}"#,
        r#"{"op":"host_info","input":"http://[::1"}"#,
        r#"{"op":"host_info"}"#,
    ];
    let run = weburl(&["batch"], format!("{}\n", requests.join("\n")).as_bytes());
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"kind":"ipv4","address_space":"loopback"}"#,
            "\n",
            r#"{"kind":"ipv6","address_space":"local"}"#,
            "\n",
            r#"{"kind":"domain","address_space":null}"#,
            "\n",
            r#"{"kind":"domain","address_space":"loopback"}"#,
            "\n",
            r#"{"kind":"opaque","address_space":null}"#,
            "\n",
            r#"{"kind":"empty","address_space":null}"#,
            "\n",
            r#"{"kind":null,"address_space":null}"#,
            "\n",
            r#"{"kind":"ipv4","address_space":"public"}"#,
            "\n",
            r#"{"failure":true,"error":"invalid host: the IPv6 address has no closing ']'"}"#,
            "\n",
            r#"{"error":"missing field: input"}"#,
            "\n"
        )
    );
    assert_eq!(run.code, 0);
}

#[test]
fn registrable_domain_rules() {
    let run = weburl(
        &[
            "check",
            "--preset",
            "none",
            "--allow-site",
            // github.io is a public suffix: user.github.io is its own site.
            "example.co.uk,user.github.io",
            "--deny-site",
            "evil.co.uk",
            "https://a.b.Example.co.uk/",
            "https://user.github.io/",
            "https://github.io/",
            "https://x.evil.co.uk/",
            "https://example.com/",
            "https://10.0.0.1/",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "refused: https://github.io/: site-not-allowed: the site of the host github.io is not allowed\n\
         refused: https://x.evil.co.uk/: site-denied: the host x.evil.co.uk is denied (registrable domain evil.co.uk); site-not-allowed: the site of the host x.evil.co.uk is not allowed\n\
         refused: https://example.com/: site-not-allowed: the site of the host example.com is not allowed\n\
         refused: https://10.0.0.1/: site-not-allowed: the site of the host 10.0.0.1 is not allowed\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn default_agreement_is_todays_fetchers() {
    // RFC 1808 reads the host `hooks.example.com?token=abc`; curl, Go, Python and Java end
    // the host at `?`, as the URL Standard does.
    let url = "https://hooks.example.com?token=abc";
    let run = weburl(&["check", url], b"");
    assert_eq!((run.stdout.as_str(), run.code), ("", 0));
    let rfc1808 = "refused: https://hooks.example.com?token=abc: engines-disagree: the engines \
        disagree on the host: whatwg reads \"hooks.example.com\", rfc1808 reads \
        \"hooks.example.com?token=abc\"\n";
    let run = weburl(&["check", "--historical-engines", url], b"");
    assert_eq!((run.stdout.as_str(), run.code), (rfc1808, 1));
    let policy = TempFile::new("historical.toml", b"historical_engines = true\n");
    let run = weburl(&["check", "--policy", policy.path(), url], b"");
    assert_eq!((run.stdout.as_str(), run.code), (rfc1808, 1));
    // What today's fetchers read otherwise is still refused.
    let run = weburl(
        &[
            "check",
            "http://evil.com\\@good.com/",
            "http://faß.example/",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "refused: http://evil.com\\@good.com/: engines-disagree: the engines disagree on the \
         host: whatwg reads \"evil.com\", fetcher reads \"good.com\"\n\
         refused: http://faß.example/: engines-disagree: the engines disagree on the host: \
         whatwg reads \"xn--fa-hia.example\", idna2003 reads \"fass.example\"\n"
    );
}

#[test]
fn every_failed_rule_is_listed() {
    let run = weburl(&["check", "ftp://user@[::1]/"], b"");
    assert_eq!(
        run.stdout,
        "refused: ftp://user@[::1]/: scheme: the scheme \"ftp\" is not allowed; credentials: \
         the URL has credentials; address-space: the host [::1] is in the loopback address \
         space (::1/128, Loopback Address, RFC 4291)\n"
    );
    let run = weburl(&["check", "--json", "ftp://user@[::1]/"], b"");
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["rule"], "scheme");
    assert_eq!(value["reason"], "the scheme \"ftp\" is not allowed");
    let rules: Vec<&str> = value["refusals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["scheme", "credentials", "address-space"]);
    assert_eq!(value["refusals"][1]["reason"], "the URL has credentials");
}
