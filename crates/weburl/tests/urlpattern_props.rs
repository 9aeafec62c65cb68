//! Property tests of `weburl::pattern`: the part-list matcher against the ECMAScript regular
//! expression the spec generates (the general path), `UrlPatternSet` against a linear scan of
//! `exec` in insertion order, and its best match against every match sorted by
//! `compare_component`.
#![cfg(feature = "pattern")]

use proptest::prelude::*;
use std::cmp::Ordering;
use weburl::Url;
use weburl::pattern::{
    BEST_MATCH_ORDER, UrlPattern, UrlPatternComponent, UrlPatternInit, UrlPatternInput,
    UrlPatternOptions, UrlPatternSet,
};

/// Pattern text from pieces that exercise every part shape: literals, delimiters, named and
/// numbered groups, wildcards, modifiers, `{}` groups with prefixes and suffixes.
fn pattern_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("/"),
        Just("a"),
        Just("b"),
        Just("."),
        Just("-"),
        Just(":x"),
        Just(":y"),
        Just(":z"),
        Just("*"),
        Just("?"),
        Just("+"),
        Just("{"),
        Just("}"),
        Just("(.*)"),
        Just("([^/]+?)"),
        Just("\\."),
    ];
    prop::collection::vec(piece, 0..9).prop_map(|v| v.concat())
}

fn subject_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("/"),
            Just("a"),
            Just("b"),
            Just("."),
            Just("-"),
            Just("A")
        ],
        0..10,
    )
    .prop_map(|v| v.concat())
}

fn route() -> impl Strategy<Value = String> {
    let segment = prop_oneof![
        Just("/a"),
        Just("/b"),
        Just("/ab"),
        Just("/:id"),
        Just("/:id?"),
        Just("/*"),
        Just("/a.:ext"),
        Just("/"),
        Just("{/:opt}?"),
        Just("/:p+"),
    ];
    prop::collection::vec(segment, 0..4).prop_map(|v| v.concat())
}

fn path() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            Just("/a"),
            Just("/b"),
            Just("/ab"),
            Just("/x.y"),
            Just("/"),
            Just("/a.json")
        ],
        0..5,
    )
    .prop_map(|v| v.concat())
}

/// A route of a mixed table: a hostname pattern (or none: pathname only, every other
/// component a wildcard), a pathname from route pieces that include regexp groups, and
/// ignore case.
fn mixed_route() -> impl Strategy<Value = (Option<&'static str>, String, bool)> {
    let host = prop_oneof![
        Just(None),
        Just(Some("example.com")),
        Just(Some("*.example.com")),
        Just(Some("{:sub.}?example.com")),
        Just(Some("other.org")),
    ];
    let segment = prop_oneof![
        Just("/a"),
        Just("/A"),
        Just("/b"),
        Just("/ab"),
        Just("/a1"),
        Just("/:id"),
        Just("/:id(\\d+)"),
        Just("/(a|b)"),
        Just("/:id?"),
        Just("/*"),
        Just("/a.:ext"),
        Just("/"),
        Just("{/:opt}?"),
        Just("/:p+"),
        Just("/:p*"),
    ];
    let path = prop::collection::vec(segment, 0..5).prop_map(|v| v.concat());
    (host, path, any::<bool>())
}

fn mixed_url() -> impl Strategy<Value = String> {
    let host = prop_oneof![
        Just("example.com"),
        Just("www.example.com"),
        Just("a.b.example.com"),
        Just("other.org"),
    ];
    let segment = prop_oneof![
        Just("/a"),
        Just("/A"),
        Just("/b"),
        Just("/ab"),
        Just("/a1"),
        Just("/7"),
        Just("/x.y"),
        Just("/"),
        Just("/a.json"),
    ];
    let path = prop::collection::vec(segment, 0..6).prop_map(|v| v.concat());
    let query = prop_oneof![Just(""), Just("?q=1")];
    (host, path, query).prop_map(|(h, p, q)| format!("https://{h}{p}{q}"))
}

/// The pieces of a route for the set's radix tree: literal segments that share prefixes (so
/// that edges split), segment wildcards beside literals, literal text after a wildcard in a
/// segment, full wildcards, optional and repeated groups, regexp groups, trailing slashes.
const TREE_PIECES: [&str; 19] = [
    "/a", "/ab", "/abc", "/b", "/ba", "/Ab", "/:x", "/:y", "/", "b", "/*", "*", "/a*", "/:x.json",
    "{/:o}?", "{/a}?", "/:p+", "/(\\d+)", "/:x/",
];

/// Pathname text that `piece` (of [`TREE_PIECES`]) matches, or nearly: choice `n` of a few.
fn tree_fill(piece: &str, n: usize) -> &'static str {
    let choices: &[&'static str] = match piece {
        "/:x" | "/:y" | "/:p+" => &["/7", "/ab", "/x.json", "/AB", "/"],
        "/*" => &["/a/b", "", "/7"],
        "*" => &["", "x", "/a"],
        "/a*" => &["/a", "/abc", "/a/b"],
        "/:x.json" => &["/7.json", "/a.json", "/.json"],
        "{/:o}?" => &["", "/7"],
        "{/a}?" => &["", "/a", "/A"],
        "/(\\d+)" => &["/7", "/77", "/a"],
        "/:x/" => &["/7/", "/ab/"],
        "/a" => &["/a", "/A"],
        "/ab" => &["/ab", "/aB", "/abc"],
        "/abc" => &["/abc", "/ABC"],
        "/b" => &["/b"],
        "/ba" => &["/ba", "/b"],
        "/Ab" => &["/Ab", "/ab"],
        "/" => &["/"],
        "b" => &["b"],
        _ => &[""],
    };
    choices[n % choices.len()]
}

/// A URL for routes of [`TREE_PIECES`]: three hostnames, with and without a search; the
/// pathname is `path` or (`from` is some) made from the route of that index by filling each
/// piece (so that most URLs match some route, and many match several).
fn tree_url(
    routes: &[Vec<&'static str>],
    host: usize,
    from: Option<prop::sample::Index>,
    path: &[&str],
    fills: &[usize],
    query: usize,
) -> String {
    let host = ["example.com", "www.example.com", "other.org"][host % 3];
    let query = ["", "?q=1", "?q=a"][query % 3];
    let path: String = match from {
        Some(index) if !routes.is_empty() => {
            let route = index.get(routes);
            (route.iter().enumerate())
                .map(|(i, piece)| tree_fill(piece, fills.get(i).copied().unwrap_or(0)))
                .collect()
        }
        _ => path.concat(),
    };
    format!("https://{host}{path}{query}")
}

/// A set of `patterns` (each with its index) on `url`: `matches_url` and `first_match_url`
/// equal a loop of `exec_url` in insertion order, `first_match_ref` picks the same
/// pattern, and the best match equals its oracle ([`best_equals_oracle`]).
fn set_equals_exec_loop(patterns: &[(UrlPattern, usize)], url: &str) -> Result<(), TestCaseError> {
    let mut set = UrlPatternSet::new();
    for (p, i) in patterns {
        set.insert(p.clone(), *i);
    }
    let url = Url::parse(url).unwrap();
    let linear: Vec<(usize, _)> = patterns
        .iter()
        .filter_map(|(p, i)| p.exec_url(&url).map(|m| (*i, m)))
        .collect();
    let all: Vec<(usize, _)> = set
        .matches_url(&url)
        .into_iter()
        .map(|(v, m)| (*v, m))
        .collect();
    prop_assert_eq!(&all, &linear);
    let first = set.first_match_url(&url).map(|(v, m)| (*v, m));
    let borrowed = set.first_match_ref(&url);
    prop_assert_eq!(
        borrowed.as_ref().map(|(v, _)| **v),
        first.as_ref().map(|(v, _)| *v)
    );
    // The borrowed match's groups (the pathname's as the tree's walk or the match kept
    // them) equal the owned result's, read every way.
    if let (Some((_, b)), Some((_, owned))) = (&borrowed, &first) {
        for c in UrlPatternComponent::ALL {
            let groups: Vec<(&str, Option<&str>)> = owned.component(c).groups.iter().collect();
            prop_assert_eq!(&b.groups(c), &groups, "{:?} of {}", c, b.pattern());
            let mut visited = Vec::new();
            b.for_each_group(c, |name, value| visited.push((name, value)));
            prop_assert_eq!(&visited, &groups);
            for (name, value) in &groups {
                prop_assert_eq!(b.group(c, name), *value);
            }
        }
        prop_assert_eq!(&b.to_result(), owned);
    }
    prop_assert_eq!(first, linear.into_iter().next());
    best_equals_oracle(patterns, &url)
}

/// The documented order of the best match, written out naively: `compare_component` on each
/// component of `BEST_MATCH_ORDER` in turn (`Greater`: `a` is more specific).
fn specificity(a: &UrlPattern, b: &UrlPattern) -> Ordering {
    let mut order = Ordering::Equal;
    for c in BEST_MATCH_ORDER {
        order = order.then(UrlPattern::compare_component(c, a, b));
    }
    order
}

/// A set of `patterns` (each with its index) on `url`: `best_match_url`, `best_match` and
/// `best_match_ref` give the pattern of the oracle (every match, as `matches_url` gives them,
/// then the most specific by [`specificity`], then the earliest inserted), with the result
/// `exec_url` gives for it.
fn best_equals_oracle(patterns: &[(UrlPattern, usize)], url: &Url) -> Result<(), TestCaseError> {
    let mut set = UrlPatternSet::new();
    for (at, (p, _)) in patterns.iter().enumerate() {
        set.insert(p.clone(), at);
    }
    let all: Vec<usize> = set.matches_url(url).into_iter().map(|(v, _)| *v).collect();
    let mut oracle: Option<usize> = None;
    for at in all {
        let better = oracle.is_none_or(|b| specificity(&patterns[at].0, &patterns[b].0).is_gt());
        if better {
            oracle = Some(at);
        }
    }
    let best = set.best_match_url(url).map(|(v, m)| (*v, m));
    prop_assert_eq!(best.as_ref().map(|(v, _)| *v), oracle, "{}", url);
    if let Some((at, m)) = &best {
        let exec = patterns[*at].0.exec_url(url);
        prop_assert_eq!(Some(m), exec.as_ref());
    }
    let from_str = set.best_match(url.href()).map(|(v, m)| (*v, m));
    prop_assert_eq!(&from_str, &best);
    let borrowed = set.best_match_ref(url);
    prop_assert_eq!(borrowed.as_ref().map(|(v, _)| **v), oracle);
    if let (Some((_, b)), Some((_, owned))) = (&borrowed, &best) {
        prop_assert_eq!(&b.to_result(), owned);
    }
    Ok(())
}

/// `specificity` over `patterns` is a total preorder: antisymmetric (`a` against `b` is the
/// reverse of `b` against `a`), transitive (`a >= b >= c` gives `a >= c`, and strictly if
/// either step is strict), and so the best match is well defined.
fn assert_total_preorder(patterns: &[UrlPattern]) -> Result<(), TestCaseError> {
    for a in patterns {
        prop_assert_eq!(specificity(a, a), Ordering::Equal);
        for b in patterns {
            let ab = specificity(a, b);
            prop_assert_eq!(ab, specificity(b, a).reverse(), "{} against {}", a, b);
            if ab.is_lt() {
                continue;
            }
            for c in patterns {
                let bc = specificity(b, c);
                if bc.is_lt() {
                    continue;
                }
                let ac = specificity(a, c);
                prop_assert!(ac.is_ge(), "{} >= {} >= {} but not {} >= {}", a, b, c, a, c);
                if ab.is_gt() || bc.is_gt() {
                    prop_assert!(
                        ac.is_gt(),
                        "{} > {} (or {} > {}), not {} > {}",
                        a,
                        b,
                        b,
                        c,
                        a,
                        c
                    );
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// The set's tree on mixed tables (hostnames, pathname-only patterns, regexp groups,
    /// ignore case, optional and repeated groups): `first_match_url` and `matches_url` equal
    /// a linear scan of `exec_url` in insertion order.
    #[test]
    fn mixed_set_equals_linear_scan(
        routes in prop::collection::vec(mixed_route(), 0..16),
        url in mixed_url(),
    ) {
        let mut patterns = Vec::new();
        for (i, (host, path, ignore_case)) in routes.into_iter().enumerate() {
            let init = UrlPatternInit {
                protocol: host.map(|_| "https".to_owned()),
                hostname: host.map(str::to_owned),
                pathname: Some(path),
                ..UrlPatternInit::default()
            };
            if let Ok(p) = UrlPattern::from_init(&init, UrlPatternOptions { ignore_case }) {
                patterns.push((p, i));
            }
        }
        set_equals_exec_loop(&patterns, &url)?;
    }

    /// The set's radix tree on tables of up to 40 routes that share prefixes, with and
    /// without ignore case, some with a hostname or search pattern, on URLs made from the
    /// routes: `first_match_url` (whose pathname groups come from the tree's walk when it
    /// matched the whole pathname), `matches_url` and `first_match_ref` equal a linear scan of
    /// `exec_url` in insertion order.
    #[test]
    fn radix_tree_set_equals_linear_scan(
        routes in prop::collection::vec(
            (
                prop::collection::vec(prop::sample::select(&TREE_PIECES[..]), 0..5),
                any::<bool>(),
                0..4usize,
            ),
            0..40,
        ),
        host in 0..3usize,
        from in prop::option::weighted(0.8, any::<prop::sample::Index>()),
        path in prop::collection::vec(prop::sample::select(&TREE_PIECES[..]), 0..5),
        fills in prop::collection::vec(0..5usize, 5),
        query in 0..3usize,
    ) {
        let pieces: Vec<Vec<&'static str>> = routes.iter().map(|(p, _, _)| p.clone()).collect();
        let concrete: Vec<&str> = (path.iter().enumerate())
            .map(|(i, piece)| tree_fill(piece, fills[i]))
            .collect();
        let url = tree_url(&pieces, host, from, &concrete, &fills, query);
        let mut patterns = Vec::new();
        for (i, (path, ignore_case, other)) in routes.into_iter().enumerate() {
            let mut init = UrlPatternInit { pathname: Some(path.concat()), ..UrlPatternInit::default() };
            match other {
                1 => init.hostname = Some("*.example.com".to_owned()),
                2 => init.search = Some("q=:q(\\d+)".to_owned()),
                3 => init.search = Some("q=:q".to_owned()),
                _ => {}
            }
            if let Ok(p) = UrlPattern::from_init(&init, UrlPatternOptions { ignore_case }) {
                patterns.push((p, i));
            }
        }
        set_equals_exec_loop(&patterns, &url)?;
    }

    /// The best match's order over mixed tables (hostnames, pathname-only patterns, regexp
    /// groups, optional and repeated groups, ignore case) is a total preorder.
    #[test]
    fn best_match_order_is_a_total_preorder(
        routes in prop::collection::vec(mixed_route(), 0..14),
        search in prop::collection::vec(prop_oneof![Just(None), Just(Some("q=:q")), Just(Some("*"))], 14),
    ) {
        let mut patterns = Vec::new();
        for (i, (host, path, ignore_case)) in routes.into_iter().enumerate() {
            let init = UrlPatternInit {
                protocol: host.map(|_| "https".to_owned()),
                hostname: host.map(str::to_owned),
                pathname: Some(path),
                search: search[i].map(str::to_owned),
                ..UrlPatternInit::default()
            };
            if let Ok(p) = UrlPattern::from_init(&init, UrlPatternOptions { ignore_case }) {
                patterns.push(p);
            }
        }
        assert_total_preorder(&patterns)?;
    }

    /// On the pathname (delimiter and prefix `/`), the hostname (delimiter `.`) and the
    /// search (no delimiter), with and without ignore case.
    #[test]
    fn part_list_matcher_equals_regexp(
        pattern in pattern_text(),
        subject in subject_text(),
        which in 0..3usize,
        ignore_case in any::<bool>(),
    ) {
        let mut init = UrlPatternInit::default();
        let mut input = UrlPatternInit::default();
        match which {
            0 => {
                init.pathname = Some(pattern);
                input.pathname = Some(subject);
            }
            1 => {
                init.hostname = Some(pattern.replace('/', ""));
                input.hostname = Some(subject.replace('/', "").to_ascii_lowercase());
            }
            _ => {
                init.search = Some(pattern);
                input.search = Some(subject);
            }
        }
        let Ok(p) = UrlPattern::from_init(&init, UrlPatternOptions { ignore_case }) else {
            return Ok(());
        };
        let input = UrlPatternInput::from(input);
        let fast = p.exec_input(&input, None).unwrap();
        let general = p.exec_input_with_regexp(&input, None);
        prop_assert_eq!(&fast, &general, "pattern {}", p);
        prop_assert_eq!(p.test_input(&input, None).unwrap(), fast.is_some());
    }

    /// `first_match` and `matches` equal a linear scan of `exec` in insertion order.
    #[test]
    fn set_equals_linear_scan(routes in prop::collection::vec(route(), 0..12), url_path in path()) {
        let mut set = UrlPatternSet::new();
        let mut patterns = Vec::new();
        for (i, r) in routes.iter().enumerate() {
            let text = format!("https://example.com{r}");
            if let Ok(p) = text.parse::<UrlPattern>() {
                set.insert(p.clone(), i);
                patterns.push((p, i));
            }
        }
        let url = Url::parse(&format!("https://example.com{url_path}")).unwrap();
        let linear: Vec<(usize, _)> = patterns
            .iter()
            .filter_map(|(p, i)| p.exec_url(&url).map(|m| (*i, m)))
            .collect();
        let all: Vec<(usize, _)> = set.matches_url(&url).into_iter().map(|(v, m)| (*v, m)).collect();
        prop_assert_eq!(&all, &linear);
        let first = set.first_match_url(&url).map(|(v, m)| (*v, m));
        // The borrowed match: the same pattern, and groups equal to the owned result's.
        let borrowed = set.first_match_ref(&url);
        prop_assert_eq!(borrowed.map(|(v, _)| *v), first.as_ref().map(|(v, _)| *v));
        if let (Some((_, b)), Some((_, owned))) = (borrowed, &first) {
            for c in UrlPatternComponent::ALL {
                let groups: Vec<(&str, Option<&str>)> = owned.component(c).groups.iter().collect();
                prop_assert_eq!(b.groups(c), groups);
                prop_assert_eq!(b.input(c), owned.component(c).input.as_str());
            }
            prop_assert_eq!(&b.to_result(), owned);
        }
        prop_assert_eq!(first, linear.into_iter().next());
        best_equals_oracle(&patterns, &url)?;
    }
}
