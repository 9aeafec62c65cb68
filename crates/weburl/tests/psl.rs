//! Public suffixes and registrable domains: the PSL project's own test vectors
//! (`tests/data/psl/test_psl.txt`), the URL Standard's example table, and the cases around them
//! (wildcards, exceptions, IDN, trailing dots, case, IP addresses, non-special schemes, the two
//! sections), plus HTML's sites.

use std::collections::HashMap;

use weburl::psl::{List, Sections};
use weburl::{Host, Url};

/// One `checkPublicSuffix(input, expected)` line: `None` for `null`.
fn parse_check(line: &str) -> Option<(Option<&str>, Option<&str>)> {
    let args = line
        .trim()
        .strip_prefix("checkPublicSuffix(")?
        .strip_suffix(");")?;
    let (a, b) = args.split_once(", ")?;
    Some((arg(a)?, arg(b)?))
}

fn arg(s: &str) -> Option<Option<&str>> {
    if s == "null" {
        Some(None)
    } else {
        Some(Some(s.strip_prefix('\'')?.strip_suffix('\'')?))
    }
}

#[test]
fn psl_project_test_vectors() {
    // Its hosts are Unicode and of any case; a URL's host is what the host parser makes of them
    // (ASCII, lowercase), and so is the expected registrable domain.
    let text = include_str!("data/psl/test_psl.txt");
    let (mut passed, mut failed) = (0, 0);
    let mut lines = 0;
    for line in text.lines() {
        if !line.starts_with("checkPublicSuffix(") {
            continue;
        }
        lines += 1;
        let (input, expected) = parse_check(line).unwrap_or_else(|| panic!("unread: {line}"));
        let expected = expected.map(|e| Host::parse(e).unwrap().to_string());
        let (by_host, by_url) = match input {
            // No host at all.
            None => {
                let url = Url::parse("about:blank").unwrap();
                (None, url.registrable_domain().map(str::to_owned))
            }
            Some(input) => {
                let host = Host::parse(input).unwrap();
                let url = Url::parse(&format!("https://{input}/")).unwrap();
                (
                    host.registrable_domain().map(str::to_owned),
                    url.registrable_domain().map(str::to_owned),
                )
            }
        };
        let by_host = if input.is_none() {
            by_url.clone()
        } else {
            by_host
        };
        if by_host == expected && by_url == expected {
            passed += 1;
        } else {
            failed += 1;
            eprintln!("FAIL {line}: host {by_host:?}, url {by_url:?}, expected {expected:?}");
        }
    }
    println!("test_psl.txt: {passed} passed, {failed} failed");
    assert_eq!(passed, lines);
    assert!(lines > 70, "the file was read: {lines} checks");
}

#[test]
fn url_standard_example_table() {
    // url.bs, "public suffix" / "registrable domain", example-host-psl.
    let table: &[(&str, Option<&str>, Option<&str>)] = &[
        ("com", Some("com"), None),
        ("example.com", Some("com"), Some("example.com")),
        ("www.example.com", Some("com"), Some("example.com")),
        ("sub.www.example.com", Some("com"), Some("example.com")),
        ("EXAMPLE.COM", Some("com"), Some("example.com")),
        ("example.com.", Some("com."), Some("example.com.")),
        ("github.io", Some("github.io"), None),
        (
            "whatwg.github.io",
            Some("github.io"),
            Some("whatwg.github.io"),
        ),
        ("إختبار", Some("xn--kgbechtv"), None),
        (
            "example.إختبار",
            Some("xn--kgbechtv"),
            Some("example.xn--kgbechtv"),
        ),
        (
            "sub.example.إختبار",
            Some("xn--kgbechtv"),
            Some("example.xn--kgbechtv"),
        ),
        ("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None),
    ];
    for &(input, public_suffix, registrable_domain) in table {
        let host = Host::parse(input).unwrap();
        assert_eq!(host.public_suffix(), public_suffix, "{input}");
        assert_eq!(host.registrable_domain(), registrable_domain, "{input}");
        let url = Url::parse(&format!("http://{input}:8080/p?q#f")).unwrap();
        assert_eq!(url.public_suffix(), public_suffix, "{input}");
        assert_eq!(url.registrable_domain(), registrable_domain, "{input}");
    }
}

/// (host, sections, public suffix, registrable domain), through a URL.
fn check(cases: &[(&str, Sections, Option<&str>, Option<&str>)]) {
    for &(input, sections, public_suffix, registrable_domain) in cases {
        let url = Url::parse(input).unwrap();
        assert_eq!(url.public_suffix_in(sections), public_suffix, "{input}");
        assert_eq!(
            url.registrable_domain_in(sections),
            registrable_domain,
            "{input}"
        );
        let host = url.host_parsed();
        assert_eq!(
            host.as_ref().and_then(|h| h.public_suffix_in(sections)),
            public_suffix,
            "{input}"
        );
        if sections == Sections::All {
            assert_eq!(url.public_suffix(), public_suffix, "{input}");
            assert_eq!(url.registrable_domain(), registrable_domain, "{input}");
        }
    }
}

use Sections::{All, Icann};

#[test]
fn wildcards_and_exceptions() {
    check(&[
        ("http://ck/", All, Some("ck"), None),
        ("http://test.ck/", All, Some("test.ck"), None),
        ("http://b.test.ck/", All, Some("test.ck"), Some("b.test.ck")),
        ("http://www.ck/", All, Some("ck"), Some("www.ck")),
        ("http://www.www.ck/", All, Some("ck"), Some("www.ck")),
        ("http://www.ck./", All, Some("ck."), Some("www.ck.")),
        // kawasaki.jp itself is no rule: under jp.
        ("http://kawasaki.jp/", All, Some("jp"), Some("kawasaki.jp")),
        ("http://b.kawasaki.jp/", All, Some("b.kawasaki.jp"), None),
        (
            "http://a.b.kawasaki.jp/",
            All,
            Some("b.kawasaki.jp"),
            Some("a.b.kawasaki.jp"),
        ),
        (
            "http://city.kawasaki.jp/",
            All,
            Some("kawasaki.jp"),
            Some("city.kawasaki.jp"),
        ),
        (
            "http://www.city.kawasaki.jp/",
            Icann,
            Some("kawasaki.jp"),
            Some("city.kawasaki.jp"),
        ),
        // kawasaki.miyagi.jp is an ordinary rule beside them.
        (
            "http://a.kawasaki.miyagi.jp/",
            All,
            Some("kawasaki.miyagi.jp"),
            Some("a.kawasaki.miyagi.jp"),
        ),
    ]);
}

#[test]
fn idn_suffixes_case_and_trailing_dots() {
    check(&[
        // 公司.cn and 中国, written in Unicode in the list, as the URL's ASCII host.
        (
            "https://www.食狮.公司.cn/",
            All,
            Some("xn--55qx5d.cn"),
            Some("xn--85x722f.xn--55qx5d.cn"),
        ),
        (
            "https://www.xn--85x722f.xn--55qx5d.cn/",
            All,
            Some("xn--55qx5d.cn"),
            Some("xn--85x722f.xn--55qx5d.cn"),
        ),
        (
            "https://shishi.中国/",
            All,
            Some("xn--fiqs8s"),
            Some("shishi.xn--fiqs8s"),
        ),
        (
            "https://WWW.Example.CO.UK/",
            All,
            Some("co.uk"),
            Some("example.co.uk"),
        ),
        (
            "https://example.co.uk./",
            All,
            Some("co.uk."),
            Some("example.co.uk."),
        ),
        ("https://co.uk./", All, Some("co.uk."), None),
        ("https://com./", All, Some("com."), None),
        ("https://github.io./", All, Some("github.io."), None),
        // Unknown TLDs: the implicit "*" rule.
        ("https://localhost/", All, Some("localhost"), None),
        (
            "https://a.b.example.test/",
            All,
            Some("test"),
            Some("example.test"),
        ),
        (
            "https://a.b.example.test./",
            Icann,
            Some("test."),
            Some("example.test."),
        ),
        // Empty labels: not a name the PSL algorithm is defined on.
        ("https://./", All, None, None),
        ("https://.example.com/", All, None, None),
        ("https://a..example.com/", All, None, None),
        ("https://example..com/", All, None, None),
        ("https://example.com../", All, None, None),
    ]);
}

#[test]
fn hosts_that_are_not_domains() {
    check(&[
        ("http://1.2.3.4/", All, None, None),
        ("http://0x7f.1/", All, None, None),
        ("http://1.2.3.4./", All, None, None),
        ("http://[::1]/", All, None, None),
        ("http://[2001:db8::1]:8080/", Icann, None, None),
        // The host of a non-special URL is opaque.
        ("foo://www.example.com/", All, None, None),
        ("git+ssh://git@github.com/a/b", All, None, None),
        // The empty host, and no host.
        ("file:///etc/hosts", All, None, None),
        ("sc://", All, None, None),
        ("mailto:a@example.com", All, None, None),
        ("data:,x", All, None, None),
        // A file URL's host is a domain.
        (
            "file://server.example.com/share",
            All,
            Some("com"),
            Some("example.com"),
        ),
    ]);
}

#[test]
fn both_sections() {
    check(&[
        (
            "https://whatwg.github.io/",
            All,
            Some("github.io"),
            Some("whatwg.github.io"),
        ),
        (
            "https://whatwg.github.io/",
            Icann,
            Some("io"),
            Some("github.io"),
        ),
        ("https://github.io/", Icann, Some("io"), Some("github.io")),
        (
            "https://a.b.blogspot.com/",
            All,
            Some("blogspot.com"),
            Some("b.blogspot.com"),
        ),
        (
            "https://a.b.blogspot.com/",
            Icann,
            Some("com"),
            Some("blogspot.com"),
        ),
        (
            "https://www.example.co.uk/",
            Icann,
            Some("co.uk"),
            Some("example.co.uk"),
        ),
    ]);
}

#[test]
fn a_list_loaded_at_run_time() {
    let text = "// VERSION: 2030-01-01\n\
                // ===BEGIN ICANN DOMAINS===\n\
                example\n*.wild.example\n!keep.wild.example\n\
                // ===END ICANN DOMAINS===\n\
                // ===BEGIN PRIVATE DOMAINS===\n\
                pages.example  and a comment after white space\n\
                // ===END PRIVATE DOMAINS===\n";
    let list = List::parse(text).unwrap();
    assert_eq!(list.len(), 4);
    assert_eq!(list.version(), Some("2030-01-01"));
    let cases: &[(&str, Sections, Option<&str>, Option<&str>)] = &[
        ("a.b.example", All, Some("example"), Some("b.example")),
        (
            "a.x.wild.example",
            All,
            Some("x.wild.example"),
            Some("a.x.wild.example"),
        ),
        (
            "a.keep.wild.example",
            All,
            Some("wild.example"),
            Some("keep.wild.example"),
        ),
        (
            "me.pages.example",
            All,
            Some("pages.example"),
            Some("me.pages.example"),
        ),
        (
            "me.pages.example",
            Icann,
            Some("example"),
            Some("pages.example"),
        ),
        // The embedded list's rules are not in this one.
        ("www.example.com", All, Some("com"), Some("example.com")),
        ("www.example.co.uk", All, Some("uk"), Some("co.uk")),
    ];
    for &(host, sections, public_suffix, registrable_domain) in cases {
        assert_eq!(list.public_suffix(host, sections), public_suffix, "{host}");
        assert_eq!(
            list.registrable_domain(host, sections),
            registrable_domain,
            "{host}"
        );
    }
    // The same list text gives the same answers as the embedded table.
    let again = List::parse(include_str!("../data/public_suffix_list.dat")).unwrap();
    assert_eq!(again.len(), List::embedded().len());
    for host in [
        "a.b.c.kobe.jp",
        "x.s3.amazonaws.com",
        "www.city.kawasaki.jp",
    ] {
        for sections in [All, Icann] {
            assert_eq!(
                again.registrable_domain(host, sections),
                List::embedded().registrable_domain(host, sections)
            );
        }
    }
}

#[test]
fn sites_and_same_site() {
    let origin = |s: &str| Url::parse(s).unwrap().origin();
    let cases: &[(&str, &str)] = &[
        ("https://www.example.com:8443/a", "https://example.com"),
        ("http://sub.whatwg.github.io/", "http://whatwg.github.io"),
        ("https://github.io/", "https://github.io"),
        ("http://[::1]:8080/", "http://[::1]"),
        ("http://0x7f.1/", "http://127.0.0.1"),
        ("https://example.com./", "https://example.com."),
        ("file:///x", "null"),
        ("foo://example.com/", "null"),
    ];
    for &(url, site) in cases {
        assert_eq!(origin(url).site().to_string(), site, "{url}");
    }
    let same: &[(&str, &str, bool, bool)] = &[
        // (a, b, schemelessly same site, same site)
        (
            "https://a.example.com/",
            "https://b.example.com:444/",
            true,
            true,
        ),
        (
            "http://a.example.com/",
            "https://b.example.com/",
            true,
            false,
        ),
        ("https://a.github.io/", "https://b.github.io/", false, false),
        ("https://github.io/", "https://github.io/", true, true),
        ("https://127.0.0.1/", "https://127.0.0.1:8080/", true, true),
        ("https://127.0.0.1/", "https://127.0.0.2/", false, false),
        (
            "https://example.com/",
            "https://example.com./",
            false,
            false,
        ),
        ("https://com/", "https://example.com/", false, false),
        ("https://example.com/", "https://com/", false, false),
        ("data:,a", "data:,a", false, false),
    ];
    for &(a, b, schemeless, same_site) in same {
        let (a, b) = (origin(a), origin(b));
        assert_eq!(a.is_schemelessly_same_site(&b), schemeless, "{a} {b}");
        assert_eq!(b.is_schemelessly_same_site(&a), schemeless, "{b} {a}");
        assert_eq!(a.is_same_site(&b), same_site, "{a} {b}");
        assert_eq!(a.site().is_same_site(&b.site()), same_site, "{a} {b}");
    }
    let opaque = origin("data:,a");
    assert!(opaque.is_same_site(&opaque.clone()));
    assert!(opaque.site().is_same_site(&opaque.site()));
    // Sections: the ICANN section alone makes github.io subdomains one site.
    let (a, b) = (
        origin("https://a.github.io/"),
        origin("https://b.github.io/"),
    );
    assert_eq!(a.site_in(Icann), b.site_in(Icann));
    assert_ne!(a.site(), b.site());
}

/// A rule for [`reference_labels`]: its labels (`*` included), whether it is an exception,
/// whether it is in the private section.
type Rule = (Vec<String>, bool, bool);

/// The PSL's formal algorithm, written plainly over a set of rules (for cross-checking the
/// table): the public suffix's number of labels, or None for a name with an empty label.
/// `rules` are grouped by their last label (only those can match).
fn reference_labels(
    rules: &HashMap<String, Vec<Rule>>,
    name: &str,
    sections: Sections,
) -> Option<usize> {
    let labels: Vec<&str> = name.split('.').collect();
    if labels.iter().any(|l| l.is_empty()) {
        return None;
    }
    let rules = rules.get(*labels.last()?).map_or(&[][..], Vec::as_slice);
    let matches = |rule: &[String]| {
        rule.len() <= labels.len()
            && rule
                .iter()
                .rev()
                .zip(labels.iter().rev())
                .all(|(r, l)| r == "*" || r == l)
    };
    let mut best = 1;
    for (rule, exception, private) in rules {
        if *private && sections == Sections::Icann {
            continue;
        }
        if matches(rule) {
            if *exception {
                return Some(rule.len() - 1);
            }
            best = best.max(rule.len());
        }
    }
    Some(best)
}

#[test]
fn the_table_agrees_with_the_formal_algorithm() {
    // Every rule of the embedded list (in ASCII), with labels put before it and dropped from
    // it, through both sections, against the formal algorithm on the same rules.
    let text = include_str!("../data/public_suffix_list.dat");
    let mut rules = Vec::new();
    let mut private = false;
    for line in text.lines() {
        if line.contains("===BEGIN PRIVATE DOMAINS===") {
            private = true;
        }
        let Some(rule) = line.split_whitespace().next() else {
            continue;
        };
        if rule.starts_with("//") {
            continue;
        }
        let (prefix, name) = match rule.strip_prefix('!') {
            Some(n) => ("!", n),
            None => match rule.strip_prefix("*.") {
                Some(n) => ("*.", n),
                None => ("", rule),
            },
        };
        let ascii = Host::parse(name).unwrap().to_string();
        rules.push((format!("{prefix}{ascii}"), private));
    }
    let list = List::embedded();
    let mut by_tld: HashMap<String, Vec<Rule>> = HashMap::new();
    for (rule, private) in &rules {
        let (name, exception) = match rule.strip_prefix('!') {
            Some(name) => (name, true),
            None => (rule.as_str(), false),
        };
        let labels: Vec<String> = name.split('.').map(String::from).collect();
        by_tld
            .entry(labels.last().unwrap().clone())
            .or_default()
            .push((labels, exception, *private));
    }
    let mut hosts = Vec::new();
    for (rule, _) in &rules {
        let name = rule.trim_start_matches('!').trim_start_matches("*.");
        let parent = name.split_once('.').map_or("", |(_, p)| p);
        for prefix in ["", "x.", "www.", "a.www."] {
            hosts.push(format!("{prefix}{name}"));
            if !parent.is_empty() {
                hosts.push(format!("{prefix}{parent}"));
            }
        }
    }
    hosts.extend(["a..b.com", ".com", "com", "unknown", "a.unknown"].map(String::from));
    let mut checked = 0;
    for host in &hosts {
        for sections in [All, Icann] {
            let expected = reference_labels(&by_tld, host, sections).map(|n| {
                let labels: Vec<&str> = host.split('.').collect();
                labels[labels.len() - n..].join(".")
            });
            assert_eq!(
                list.public_suffix(host, sections).map(str::to_owned),
                expected,
                "{host} {sections:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 50_000, "{checked}");
}
