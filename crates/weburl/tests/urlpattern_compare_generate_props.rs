//! Property tests of `UrlPattern::compare_component` (a total order: antisymmetric,
//! transitive, reflexive) and of `UrlPattern::generate` / `generate_strict` (what generate
//! builds, `exec` takes apart into the same groups; the strict form refuses hostile values,
//! and whatever it accepts keeps the URL's structure).
#![cfg(feature = "pattern")]

use std::cmp::Ordering;

use proptest::prelude::*;
use weburl::Url;
use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternInit, UrlPatternOptions};

const PATHNAME: UrlPatternComponent = UrlPatternComponent::Pathname;
const SEARCH: UrlPatternComponent = UrlPatternComponent::Search;
const HOSTNAME: UrlPatternComponent = UrlPatternComponent::Hostname;

/// Pathname pattern text from pieces of every part shape.
fn pattern_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("/"),
        Just("a"),
        Just("b"),
        Just("ab"),
        Just(":x"),
        Just(":y"),
        Just("*"),
        Just("?"),
        Just("+"),
        Just("{"),
        Just("}"),
        Just("(a|b)"),
        Just("(\\d+)"),
        Just("([^/]+?)"),
    ];
    prop::collection::vec(piece, 0..8).prop_map(|v| v.concat())
}

fn pathname_pattern(text: &str) -> Option<UrlPattern> {
    let init = UrlPatternInit {
        pathname: Some(text.to_owned()),
        ..Default::default()
    };
    UrlPattern::from_init(&init, UrlPatternOptions::default()).ok()
}

fn compare(a: &UrlPattern, b: &UrlPattern) -> Ordering {
    UrlPattern::compare_component(PATHNAME, a, b)
}

/// Group values whose encoding in a path, a query and a hostname label is the value itself,
/// and that are no dot segment.
fn plain_value() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_~][A-Za-z0-9._~-]{0,6}"
}

/// A pathname pattern with one group at most per segment (so that `exec` splits a
/// generated path the one way), and its group names.
fn grouped_pathname() -> impl Strategy<Value = (String, usize)> {
    let segment = prop_oneof![Just("w"), Just("ab"), Just(":"), Just("p:"), Just(":-s")];
    prop::collection::vec(segment, 1..5).prop_map(|segments| {
        let mut text = String::new();
        let mut groups = 0;
        for s in segments {
            text.push('/');
            if let Some(i) = s.find(':') {
                text.push_str(&s[..=i]);
                text.push_str(&format!("g{groups}"));
                text.push_str(&s[i + 1..]);
                groups += 1;
            } else {
                text.push_str(s);
            }
        }
        (text, groups)
    })
}

/// Any value, hostile ones often.
fn any_value() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[a-zA-Z0-9]{1,3}",
        Just("/".to_owned()),
        Just("\\".to_owned()),
        Just(".".to_owned()),
        Just("..".to_owned()),
        Just("%2e".to_owned()),
        Just("%2F".to_owned()),
        Just("&".to_owned()),
        Just("=".to_owned()),
        Just("#".to_owned()),
        Just("?".to_owned()),
        Just("@".to_owned()),
        Just(":".to_owned()),
        Just(" ".to_owned()),
        Just("%".to_owned()),
        Just("é".to_owned()),
        Just("🍅".to_owned()),
    ];
    prop::collection::vec(piece, 1..5).prop_map(|v| v.concat())
}

/// A value with a hostile piece inside, for a component's strict rules.
fn with_inside(hostile: &'static [&'static str]) -> impl Strategy<Value = String> {
    (
        "[a-z0-9]{0,3}",
        prop::sample::select(hostile),
        "[a-z0-9]{0,3}",
    )
        .prop_map(|(a, h, b)| format!("{a}{h}{b}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn compare_is_antisymmetric_and_reflexive(a in pattern_text(), b in pattern_text()) {
        let (Some(a), Some(b)) = (pathname_pattern(&a), pathname_pattern(&b)) else {
            return Ok(());
        };
        prop_assert_eq!(compare(&a, &b), compare(&b, &a).reverse());
        prop_assert_eq!(compare(&a, &a), Ordering::Equal);
    }

    #[test]
    fn compare_is_transitive(a in pattern_text(), b in pattern_text(), c in pattern_text()) {
        let (Some(a), Some(b), Some(c)) = (pathname_pattern(&a), pathname_pattern(&b), pathname_pattern(&c)) else {
            return Ok(());
        };
        let mut v = [&a, &b, &c];
        v.sort_by(|x, y| compare(x, y));
        prop_assert_ne!(compare(v[0], v[1]), Ordering::Greater);
        prop_assert_ne!(compare(v[1], v[2]), Ordering::Greater);
        prop_assert_ne!(compare(v[0], v[2]), Ordering::Greater);
        if compare(v[0], v[1]) == Ordering::Less || compare(v[1], v[2]) == Ordering::Less {
            prop_assert_eq!(compare(v[0], v[2]), Ordering::Less);
        }
    }

    #[test]
    fn generated_pathname_execs_to_its_groups(
        (text, n) in grouped_pathname(),
        values in prop::collection::vec(plain_value(), 4),
        special in any::<bool>(),
    ) {
        let scheme = if special { "https" } else { "app" };
        let p = UrlPattern::parse(&format!("{scheme}://example{text}"), None, UrlPatternOptions::default()).unwrap();
        let groups: Vec<(String, &str)> = (0..n).map(|i| (format!("g{i}"), values[i].as_str())).collect();
        let path = p.generate(PATHNAME, groups.iter().map(|(k, v)| (k, v))).unwrap();
        prop_assert_eq!(p.generate_strict(PATHNAME, groups.iter().map(|(k, v)| (k, v))).unwrap(), path.clone());
        let url = format!("{scheme}://example{path}");
        let m = p.exec(&url, None).unwrap_or_else(|| panic!("{url} does not match {text}"));
        for (name, value) in &groups {
            prop_assert_eq!(m.pathname.groups.get(name), Some(*value));
        }
    }

    #[test]
    fn generated_search_and_hostname_exec_to_their_groups(
        q in plain_value(),
        r in plain_value(),
        label in "[a-z][a-z0-9]{0,7}", // (a number alone is an IPv4 address)
    ) {
        let p: UrlPattern = "https://{:sub}.example.com/?q=:q&r=:r".parse().unwrap();
        let search = p.generate_strict(SEARCH, [("q", &q), ("r", &r)]).unwrap();
        let host = p.generate_strict(HOSTNAME, [("sub", &label)]).unwrap();
        let m = p.exec(&format!("https://{host}/?{search}"), None).unwrap();
        prop_assert_eq!(m.search.groups.get("q"), Some(q.as_str()));
        prop_assert_eq!(m.search.groups.get("r"), Some(r.as_str()));
        prop_assert_eq!(m.hostname.groups.get("sub"), Some(label.as_str()));
    }

    #[test]
    fn strict_refuses_hostile_pathname_values(
        inside in with_inside(&["/", "\\", "%2f", "%2F", "%5C"]),
        dots in prop::sample::select(vec![".", "..", "%2e", "%2E", "%2E%2e", ".%2e", "%2e."]),
        special in any::<bool>(),
    ) {
        let scheme = if special { "https" } else { "app" };
        let p = UrlPattern::parse(&format!("{scheme}://example/files/:a"), None, UrlPatternOptions::default()).unwrap();
        prop_assert!(p.generate_strict(PATHNAME, [("a", &inside)]).is_err());
        prop_assert!(p.generate_strict(PATHNAME, [("a", dots)]).is_err());
        // Two values that make a dot segment together.
        let q = UrlPattern::parse(&format!("{scheme}://example/files/:a:b"), None, UrlPatternOptions::default()).unwrap();
        prop_assert!(q.generate(PATHNAME, [("a", "."), ("b", ".")]).is_ok());
        prop_assert!(q.generate_strict(PATHNAME, [("a", "."), ("b", ".")]).is_err());
        let r = UrlPattern::parse(&format!("{scheme}://example/files/:a\\::b"), None, UrlPatternOptions::default()).unwrap();
        prop_assert!(r.generate_strict(PATHNAME, [("a", "."), ("b", dots)]).is_ok()); // `.:..` is no dot segment
    }

    #[test]
    fn strict_refuses_hostile_search_and_hostname_values(
        search in with_inside(&["&", "=", "#", "a&b=c"]),
        host in with_inside(&["/", "\\", "?", "#", "@", ":", "[", "%", " ", "."]),
    ) {
        let p: UrlPattern = "https://{:sub}.example.com/?q=:q".parse().unwrap();
        prop_assert!(p.generate_strict(SEARCH, [("q", &search)]).is_err());
        prop_assert!(p.generate_strict(HOSTNAME, [("sub", &host)]).is_err());
    }

    #[test]
    fn strict_accepted_values_keep_the_structure(value in any_value(), special in any::<bool>()) {
        let scheme = if special { "https" } else { "app" };
        let p = UrlPattern::parse(&format!("{scheme}://{{:sub}}.example/files/:a/x"), None, UrlPatternOptions::default()).unwrap();
        let q = UrlPattern::parse(&format!("{scheme}://example/?q=:a&r=x"), None, UrlPatternOptions::default()).unwrap();
        if let Ok(path) = p.generate_strict(PATHNAME, [("a", &value)]) {
            let url = Url::parse(&format!("{scheme}://h.example{path}")).unwrap();
            // (The URL parser may percent-encode more than the pattern's encoding callback
            // does: a space in a non-special path.)
            let segments: Vec<&str> = url.pathname().split('/').collect();
            prop_assert_eq!(segments.len(), 4, "{}", path);
            prop_assert!(!matches!(segments[2].to_ascii_lowercase().as_str(), "." | ".." | "%2e" | "%2e%2e" | ".%2e" | "%2e."));
            let m = p.exec(url.href(), None).unwrap();
            let got = m.pathname.groups.get("a").unwrap().to_owned();
            // Generating again from what exec took apart gives the URL's path.
            prop_assert_eq!(p.generate_strict(PATHNAME, [("a", &got)]).unwrap(), url.pathname());
        }
        if let Ok(search) = q.generate_strict(SEARCH, [("a", &value)]) {
            let names: Vec<&str> = search.split('&').map(|kv| kv.split('=').next().unwrap()).collect();
            prop_assert_eq!(names, ["q", "r"]);
            let url = Url::parse(&format!("{scheme}://h.example/files/v/x?{search}")).unwrap();
            prop_assert_eq!(url.query(), Some(search.as_str()));
            prop_assert!(url.fragment().is_none());
        }
        if let Ok(host) = p.generate_strict(HOSTNAME, [("sub", &value)]) {
            let url = Url::parse(&format!("{scheme}://{host}/files/v/x")).unwrap();
            prop_assert_eq!(url.hostname(), host.as_str());
            prop_assert!(host.ends_with(".example") && host.matches('.').count() == 1, "{}", host);
            prop_assert!(url.username().is_empty() && url.port().is_empty());
        }
    }
}
