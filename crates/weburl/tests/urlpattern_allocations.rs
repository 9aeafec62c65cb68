//! Heap allocations of `UrlPattern::test` and `exec` (feature `pattern`), counted with a
//! counting global allocator: `test` allocates nothing for a URL that is already normal (it is
//! parsed into the thread's reused URL), and `exec` allocates only for its result: the
//! strings of `inputs` (and its list when there are two), the components' strings over 24 bytes (what `CompactString`
//! keeps inline) and a component's list of more than [`INLINE_GROUPS`] groups.
#![cfg(feature = "pattern")]

use weburl::pattern::{UrlPattern, UrlPatternResult};

mod counting_alloc;

use counting_alloc::allocations;

/// (pattern, URL that matches it), URLs already normal.
const CASES: &[(&str, &str)] = &[
    (
        "https://api.github.com/repos/:owner/:repo/issues/:number",
        "https://api.github.com/repos/rust-lang/rust/issues/1000007",
    ),
    ("https://api.github.com/user", "https://api.github.com/user"),
    (
        "https://api.github.com/repos/:owner/:repo/commits/:sha",
        "https://api.github.com/repos/a/b/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e",
    ),
    (
        "https://api.github.com/:a/:b/:c/:d/*",
        "https://api.github.com/1/2/3/4/5?per_page=100&page=2&sort=created",
    ),
    ("https://*.example.com/*", "https://www.example.com/x#top"),
];

/// How many group values of a component a result keeps in place.
const INLINE_GROUPS: usize = 1;

/// The allocations a result's strings and lists need: the strings of `inputs` (a list only for
/// two), each
/// string over 24 bytes of a component (its input, a group's value) and each list of more
/// than [`INLINE_GROUPS`] groups.
fn expected(m: &UrlPatternResult) -> usize {
    let long = |s: &str| usize::from(s.len() > 24);
    // A single input is kept in place; two (a URL and its base) are a list.
    let mut n = usize::from(m.inputs.len() > 1);
    for input in &m.inputs {
        if let weburl::pattern::UrlPatternInput::String(s) = input {
            // A `String`: any non-empty one is on the heap.
            n += usize::from(!s.is_empty());
        }
    }
    for (_, c) in m.components() {
        n += long(&c.input) + usize::from(c.groups.len() > INLINE_GROUPS);
        n += c
            .groups
            .iter()
            .filter_map(|(_, v)| v)
            .map(long)
            .sum::<usize>();
    }
    n
}

fn patterns() -> Vec<UrlPattern> {
    CASES.iter().map(|(p, _)| p.parse().unwrap()).collect()
}

#[test]
fn test_allocates_nothing_for_normal_urls() {
    let patterns = patterns();
    // Once, so that the thread's reused URL and buffers have grown.
    for (p, (_, url)) in patterns.iter().zip(CASES) {
        assert!(p.test(url, None));
    }
    for (p, (_, url)) in patterns.iter().zip(CASES) {
        let (matched, count) = allocations(|| p.test(url, None));
        assert!(matched, "{url}");
        assert_eq!(count, 0, "{url}");
        // Not matching, and not parsing, allocates nothing either.
        let (matched, count) = allocations(|| p.test("https://other.example/", None));
        assert!(!matched);
        assert_eq!(count, 0);
        let (matched, count) = allocations(|| p.test("not a url", None));
        assert!(!matched);
        assert_eq!(count, 0);
    }
    // Input that is not normal goes through the state machine, which builds a new URL.
    let p: UrlPattern = "https://example.com/:id".parse().unwrap();
    let (matched, count) = allocations(|| p.test("HTTPS://EXAMPLE.COM/./7", None));
    assert!(matched);
    assert_eq!(count, 1);
}

#[test]
fn exec_allocates_only_for_long_strings_and_lists() {
    let patterns = patterns();
    for (p, (_, url)) in patterns.iter().zip(CASES) {
        assert!(p.exec(url, None).is_some());
    }
    let mut total = 0;
    for (p, (_, url)) in patterns.iter().zip(CASES) {
        let (m, count) = allocations(|| p.exec(url, None));
        let m = m.unwrap();
        assert_eq!(count, expected(&m), "{url}: {m:?}");
        total += count;
    }
    // The cases do allocate: the long URL strings, the long pathnames, the sha, the long
    // query (the input of `search` and its group `0`), the list of five groups.
    assert!(total >= 10, "{total}");
    // With a base URL: the base is parsed (one URL), and the relative input goes through the
    // state machine (one more).
    let p: UrlPattern = "https://example.com/:id".parse().unwrap();
    let (m, count) = allocations(|| p.exec("/7", Some("https://example.com")));
    let m = m.unwrap();
    assert_eq!(m.inputs.len(), 2);
    assert_eq!(count, 2 + expected(&m));
}

/// The sizes docs/ARCHITECTURE.md gives for a result ("a component's result takes 64 bytes
/// and a result 544"), on a 64-bit target.
#[cfg(target_pointer_width = "64")]
#[test]
fn result_sizes_are_the_documented_ones() {
    use weburl::pattern::UrlPatternComponentResult;
    assert_eq!(size_of::<UrlPatternComponentResult>(), 64);
    assert_eq!(size_of::<UrlPatternResult>(), 544);
}
