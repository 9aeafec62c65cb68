//! Differential test of the abilities weburl offers under the `url` crate's names, against the
//! `url` crate itself, over the benchmark URL lists in `data/` (isaacs_files, node_files,
//! kasztp, web_links: see data/README.md for their source and licence), and over the inputs of
//! the WPT URL test data that the weburl crate's tests carry.
//!
//! Only URLs that both libraries parse to the same href take part: where the parsers disagree,
//! `weburl-bench diff` and `data/known-disagreements.jsonl` already say who is right. For each
//! such URL, each ability is run in both libraries and the answers compared. A difference is
//! allowed only when it falls in one of the classes below, each a place where the `url` crate
//! departs from the URL Standard or from its own round-trip promise, decided by a rule (never
//! by a list of inputs):
//!
//! - `path_segments`: the url crate gives `None` for the empty path of a non-special URL with a
//!   host (`sc://h`), which is not opaque; weburl gives its one empty segment.
//! - `make_relative`: the url crate's answer does not resolve back to the target under its own
//!   `join`; weburl's must (and does, by construction).
//! - the editors (`path_segments_mut`, `set_ip_host`, …): the url crate's result is not what its
//!   own parser gives back for its serialization (it keeps a `/.` that is no longer needed);
//!   weburl's result must be a parser fixpoint, and is asserted to be.
//! - `Position` slicing: the url crate panics on a debug assertion (a username without a
//!   password, an empty non-special host).
//! - `from_file_path`: a first component `c|`, which weburl percent-encodes so that the parser
//!   does not read it as the drive letter `c:`.
//! - origins: the url crate gives a tuple origin to a `blob:` URL whose inner URL is not http,
//!   https or file; the Standard gives an opaque one.
//!
//! The test prints, per ability, how many URLs were compared and how many differences fell in
//! each class, and fails on any other difference.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};

use url::Position as UP;
use weburl::Position as WP;

fn lines(name: &str) -> Vec<String> {
    let path = format!("{}/data/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The cases of the WPT URL test data (already in the repository, in the weburl crate's
/// tests), for inputs stranger than the lists'. Lone-surrogate escapes, which serde_json
/// rejects, become U+FFFD first (`weburl-testkit`'s loader).
fn wpt_cases() -> Vec<serde_json::Value> {
    let data = weburl_testkit::wpt::load_json("urltestdata.json");
    data.as_array().expect("an array").clone()
}

fn wpt_inputs() -> Vec<String> {
    wpt_cases()
        .iter()
        .filter_map(|case| case.get("input")?.as_str().map(str::to_owned))
        .collect()
}

/// The measurement behind docs/MIGRATING-FROM-URL.md's count of the url crate's departures
/// from the Standard on the WPT URL data: how many cases each crate gets wrong (an href other
/// than the expected one, or success where failure is expected, or the reverse). weburl must
/// get none wrong; the url crate's count is printed (`--nocapture`).
#[test]
fn wpt_url_cases_each_crate_gets_wrong() {
    let (mut cases, mut url_wrong, mut weburl_wrong) = (0, 0, 0);
    for case in wpt_cases() {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue;
        };
        cases += 1;
        let base = case.get("base").and_then(|v| v.as_str());
        let expected = if case.get("failure").and_then(|v| v.as_bool()) == Some(true) {
            None
        } else {
            case.get("href").and_then(|v| v.as_str())
        };
        let u = match base {
            Some(b) => url::Url::parse(b).and_then(|b| b.join(input)),
            None => url::Url::parse(input),
        };
        let w = match base {
            Some(b) => weburl::Url::parse(b).and_then(|b| b.join(input)),
            None => weburl::Url::parse(input),
        };
        url_wrong += usize::from(u.as_ref().ok().map(url::Url::as_str) != expected);
        weburl_wrong += usize::from(w.as_ref().ok().map(weburl::Url::href) != expected);
    }
    println!("{cases} WPT URL cases: the url crate gets {url_wrong} wrong, weburl {weburl_wrong}");
    assert!(cases > 800);
    assert_eq!(weburl_wrong, 0);
}

const POSITIONS: [(WP, UP); 16] = [
    (WP::BeforeScheme, UP::BeforeScheme),
    (WP::AfterScheme, UP::AfterScheme),
    (WP::BeforeUsername, UP::BeforeUsername),
    (WP::AfterUsername, UP::AfterUsername),
    (WP::BeforePassword, UP::BeforePassword),
    (WP::AfterPassword, UP::AfterPassword),
    (WP::BeforeHost, UP::BeforeHost),
    (WP::AfterHost, UP::AfterHost),
    (WP::BeforePort, UP::BeforePort),
    (WP::AfterPort, UP::AfterPort),
    (WP::BeforePath, UP::BeforePath),
    (WP::AfterPath, UP::AfterPath),
    (WP::BeforeQuery, UP::BeforeQuery),
    (WP::AfterQuery, UP::AfterQuery),
    (WP::BeforeFragment, UP::BeforeFragment),
    (WP::AfterFragment, UP::AfterFragment),
];

/// Per ability: URLs compared, and differences per allowed class.
#[derive(Default)]
struct Tally {
    compared: BTreeMap<&'static str, usize>,
    classified: BTreeMap<(&'static str, &'static str), usize>,
    unexplained: Vec<String>,
}

impl Tally {
    fn check<T: PartialEq + std::fmt::Debug>(
        &mut self,
        ability: &'static str,
        input: &str,
        weburl: T,
        url: T,
        class: impl FnOnce() -> Option<&'static str>,
    ) {
        *self.compared.entry(ability).or_default() += 1;
        if weburl == url {
            return;
        }
        match class() {
            Some(c) => *self.classified.entry((ability, c)).or_default() += 1,
            None => {
                if self.unexplained.len() < 40 {
                    self.unexplained.push(format!(
                        "{ability}: {input:?}: weburl {weburl:?} url {url:?}"
                    ));
                }
            }
        }
    }
}

const NOT_FIXPOINT: &str = "url's result is not what its own parser gives back for it";

/// Whether the url crate's parser reads `u`'s serialization back as something else (an edit
/// left a URL that is not a parser fixpoint). Asserts that weburl's result `w` is one.
fn url_not_fixpoint(w: &weburl::Url, u: &url::Url) -> Option<&'static str> {
    assert_eq!(
        weburl::Url::parse(w.href()).ok().as_ref(),
        Some(w),
        "weburl's edited URL {w} is not a parser fixpoint"
    );
    (url::Url::parse(u.as_str()).ok().as_ref() != Some(u)).then_some(NOT_FIXPOINT)
}

/// Every editing ability, applied the same way to both.
fn edits(input: &str, w: &weburl::Url, u: &url::Url, t: &mut Tally) {
    type WEdit = fn(&mut weburl::PathSegmentsMut<'_>);
    type UEdit = fn(&mut url::PathSegmentsMut<'_>);
    let segment_edits: [(&str, WEdit, UEdit); 5] = [
        (
            "path_segments_mut push",
            |s| {
                s.push("a b/%").push("é?#\\");
            },
            |s| {
                s.push("a b/%").push("é?#\\");
            },
        ),
        (
            "path_segments_mut pop",
            |s| {
                s.pop();
            },
            |s| {
                s.pop();
            },
        ),
        (
            "path_segments_mut pop_if_empty",
            |s| {
                s.pop_if_empty().push("x");
            },
            |s| {
                s.pop_if_empty().push("x");
            },
        ),
        (
            "path_segments_mut clear",
            |s| {
                s.clear().extend(["a", "..", "b"]);
            },
            |s| {
                s.clear().extend(["a", "..", "b"]);
            },
        ),
        (
            "path_segments_mut extend",
            |s| {
                s.extend(["", "", "x"]);
            },
            |s| {
                s.extend(["", "", "x"]);
            },
        ),
    ];
    for (name, we, ue) in segment_edits {
        let (mut w2, mut u2) = (w.clone(), u.clone());
        let wr = w2.path_segments_mut().map(|mut s| we(&mut s)).is_ok();
        let ur = u2.path_segments_mut().map(|mut s| ue(&mut s)).is_ok();
        t.check(
            name,
            input,
            (wr, w2.href().to_owned()),
            (ur, u2.as_str().to_owned()),
            || url_not_fixpoint(&w2, &u2),
        );
    }

    let (mut w2, mut u2) = (w.clone(), u.clone());
    w2.query_pairs_mut()
        .append_pair("k", "v w&+é")
        .append_key_only("z");
    u2.query_pairs_mut()
        .append_pair("k", "v w&+é")
        .append_key_only("z");
    t.check("query_pairs_mut", input, w2.href(), u2.as_str(), || {
        url_not_fixpoint(&w2, &u2)
    });

    let (mut w2, mut u2) = (w.clone(), u.clone());
    w2.query_pairs_mut().clear();
    u2.query_pairs_mut().clear();
    t.check(
        "query_pairs_mut clear",
        input,
        w2.href(),
        u2.as_str(),
        || url_not_fixpoint(&w2, &u2),
    );

    for q in [None, Some(""), Some("a=1 2#?")] {
        let (mut w2, mut u2) = (w.clone(), u.clone());
        w2.set_query(q);
        u2.set_query(q);
        t.check("set_query", input, w2.href(), u2.as_str(), || {
            url_not_fixpoint(&w2, &u2)
        });
        let (mut w2, mut u2) = (w.clone(), u.clone());
        w2.set_fragment(q);
        u2.set_fragment(q);
        t.check("set_fragment", input, w2.href(), u2.as_str(), || {
            url_not_fixpoint(&w2, &u2)
        });
    }

    for ip in [
        IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)),
        "2001:db8::1".parse().unwrap(),
    ] {
        let (mut w2, mut u2) = (w.clone(), u.clone());
        let wr = w2.set_ip_host(ip).is_ok();
        let ur = u2.set_ip_host(ip).is_ok();
        t.check(
            "set_ip_host",
            input,
            (wr, w2.href().to_owned()),
            (ur, u2.as_str().to_owned()),
            || url_not_fixpoint(&w2, &u2),
        );
    }
}

fn getters(input: &str, w: &weburl::Url, u: &url::Url, t: &mut Tally) {
    t.check(
        "path_segments",
        input,
        w.path_segments().map(|s| s.collect::<Vec<_>>()),
        u.path_segments().map(|s| s.collect::<Vec<_>>()),
        || {
            (u.path_segments().is_none() && !w.has_opaque_path() && w.pathname().is_empty())
                .then_some("url: None for the empty path of a non-special URL with a host")
        },
    );
    t.check(
        "query_pairs",
        input,
        w.query_pairs().collect::<Vec<_>>(),
        u.query_pairs().collect::<Vec<_>>(),
        || None,
    );
    t.check("domain", input, w.domain(), u.domain(), || None);
    t.check("host_str", input, w.host_str(), u.host_str(), || None);
    t.check("authority", input, w.authority(), u.authority(), || None);
    t.check(
        "has_authority",
        input,
        w.has_authority(),
        u.has_authority(),
        || None,
    );
    t.check(
        "cannot_be_a_base",
        input,
        w.cannot_be_a_base(),
        u.cannot_be_a_base(),
        || None,
    );
    t.check(
        "password_opt",
        input,
        w.password_opt(),
        u.password(),
        || None,
    );
    t.check("port_number", input, w.port_number(), u.port(), || None);
    t.check(
        "port_or_known_default",
        input,
        w.port_or_known_default(),
        u.port_or_known_default(),
        || None,
    );
    t.check(
        "host_parsed",
        input,
        w.host_parsed()
            .filter(|h| *h != weburl::Host::Empty)
            .map(|h| h.to_string()),
        u.host().map(|h| h.to_string()),
        || None,
    );
    t.check(
        "origin unicode_serialization",
        input,
        w.origin().unicode_serialization(),
        u.origin().unicode_serialization(),
        || {
            (w.scheme() == "blob" && w.origin().is_opaque() && u.origin().is_tuple()).then_some(
                "url gives a blob: URL a tuple origin where the Standard's is opaque (an inner URL that is not http(s), or a blob: in a blob:)",
            )
        },
    );
    for (wp, up) in POSITIONS {
        // The url crate's slicing has debug assertions that fail on some URLs (a username
        // without a password: BeforePassword/AfterPassword); caught here.
        let u_to = std::panic::catch_unwind(|| u[..up].to_owned()).ok();
        let u_from = std::panic::catch_unwind(|| u[up..].to_owned()).ok();
        let panicked =
            "url panics (a debug assertion: a username without a password, or an empty host)";
        t.check(
            "Position slicing ..p",
            input,
            Some(w[..wp].to_owned()),
            u_to.clone(),
            || u_to.is_none().then_some(panicked),
        );
        t.check(
            "Position slicing p..",
            input,
            Some(w[wp..].to_owned()),
            u_from.clone(),
            || u_from.is_none().then_some(panicked),
        );
    }
    // A domain of a special URL (ASCII already). The url crate's quirks function runs the
    // whole host parser (percent-decoding, ToASCII) first, so an opaque host is no input here.
    if let (true, Some(host)) = (w.is_special(), u.domain()) {
        t.check(
            "domain_to_unicode",
            input,
            weburl::domain_to_unicode(host).into_owned(),
            url::quirks::domain_to_unicode(host),
            || None,
        );
    }
    // IP hosts only: a domain would need DNS.
    if matches!(u.host(), Some(url::Host::Ipv4(_) | url::Host::Ipv6(_))) {
        t.check(
            "socket_addrs",
            input,
            w.socket_addrs(|| Some(1)).ok(),
            u.socket_addrs(|| Some(1)).ok(),
            || None,
        );
    }
    #[cfg(unix)]
    {
        let wp = w.to_file_path();
        let up = u.to_file_path();
        t.check("to_file_path", input, &wp, &up, || None);
        if let (Ok(wp), Ok(_)) = (&wp, &up) {
            // weburl percent-encodes the '|' of a first component "c|", which the parser
            // (both parsers) would otherwise read as "c:".
            let pipe_drive = || {
                let b = wp.as_os_str().as_encoded_bytes();
                (b.len() >= 3
                    && b[1].is_ascii_alphabetic()
                    && b[2] == b'|'
                    && b.get(3).is_none_or(|&c| c == b'/'))
                .then_some("url writes a first segment \"c|\" that its parser reads as \"c:\"")
            };
            t.check(
                "from_file_path",
                input,
                weburl::Url::from_file_path(wp).map(|x| x.href().to_owned()),
                url::Url::from_file_path(wp).map(|x| x.as_str().to_owned()),
                pipe_drive,
            );
            t.check(
                "from_directory_path",
                input,
                weburl::Url::from_directory_path(wp).map(|x| x.href().to_owned()),
                url::Url::from_directory_path(wp).map(|x| x.as_str().to_owned()),
                pipe_drive,
            );
        }
    }
}

fn make_relative(pairs: &[(weburl::Url, url::Url)], t: &mut Tally) {
    for window in pairs.windows(2) {
        let [(wb, ub), (wt, ut)] = window else {
            continue;
        };
        for ((wb, ub), (wt, ut)) in [((wb, ub), (wt, ut)), ((wb, ub), (wb, ub))] {
            let w = wb.make_relative(wt);
            let u = ub.make_relative(ut);
            if let Some(r) = &w {
                assert_eq!(
                    wb.join(r).ok().as_ref(),
                    Some(wt),
                    "weburl's make_relative({wb}, {wt}) = {r:?} does not resolve back"
                );
            }
            let input = format!("{wb} -> {wt}");
            t.check("make_relative", &input, &w, &u, || {
                let url_round_trips = u.as_deref().map(|r| ub.join(r).ok().as_ref() == Some(ut));
                (url_round_trips == Some(false))
                    .then_some("url's answer does not resolve back to the target")
            });
        }
    }
}

#[test]
fn url_crate_abilities_agree_on_the_bench_lists() {
    let mut t = Tally::default();
    let mut parse_disagreements = 0usize;
    let mut total = 0usize;
    // Silence the url crate's caught panics (see `getters`); restored before asserting.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for name in ["isaacs_files", "node_files", "kasztp", "web_links", "wpt"] {
        let mut pairs = Vec::new();
        let list = if name == "wpt" {
            wpt_inputs()
        } else {
            lines(name)
        };
        for line in list {
            total += 1;
            let (Ok(w), Ok(u)) = (weburl::Url::parse(&line), url::Url::parse(&line)) else {
                continue;
            };
            if w.href() != u.as_str() {
                parse_disagreements += 1;
                continue;
            }
            getters(&line, &w, &u, &mut t);
            edits(&line, &w, &u, &mut t);
            pairs.push((w, u));
        }
        // Consecutive URLs of a list share scheme and host often enough to exercise paths.
        pairs.sort_by(|a, b| a.0.href().cmp(b.0.href()));
        make_relative(&pairs, &mut t);
    }
    std::panic::set_hook(hook);
    println!("{total} lines; {parse_disagreements} parsed differently (left out)");
    for (ability, n) in &t.compared {
        println!("{ability}: {n} compared");
    }
    for ((ability, class), n) in &t.classified {
        println!("{ability}: {n} differ, classified: {class}");
    }
    assert!(
        t.unexplained.is_empty(),
        "unexplained differences:\n{}",
        t.unexplained.join("\n")
    );
    assert!(t.compared.values().all(|&n| n > 0));
}
