//! Heap allocations: one per successful parse (the URL's own buffer, of exactly its size), none
//! for a failed parse or for `can_parse` (once the thread's reused buffers have grown), counted
//! with a counting global allocator.

use weburl::Url;

mod counting_alloc;

use counting_alloc::allocations;

const ASCII_INPUTS: &[&str] = &[
    // Already normal (the fast path).
    "https://example.com/a/b?c=d#e",
    "file:///home/user/file.txt",
    "http://example.com",
    // Not normal (the general parser).
    "HTTPS://EXAMPLE.COM:443/a/./b/../c?q=a b#f g",
    "http://user:pass@example.com:8080/x",
    "http://0x7f.1/",
    "http://[::1]/",
    "sc://host/path?query",
    "mailto:someone@example.com",
    "file:///C|/x/../y",
    "http://example.com/%7Efoo/bar%2Fbaz",
];

/// Inputs that need UTS 46 processing, percent-decoding or tab removal on the way.
const OTHER_INPUTS: &[&str] = &[
    "https://faß.ExAmPlE/",
    "http://你好你好/",
    "https://%e2%98%83/",
    "http://exa\tmple.com/p\na",
    "http://%30%78%63%30%2e%30%32%35%30.01/",
];

/// Parses everything once, so that the thread's reused buffers have grown.
fn warm_up() {
    for input in ASCII_INPUTS.iter().chain(OTHER_INPUTS) {
        let _ = Url::parse(input);
        let _ = Url::can_parse(input, None);
    }
}

#[test]
fn one_allocation_per_successful_parse() {
    warm_up();
    for input in ASCII_INPUTS.iter().chain(OTHER_INPUTS) {
        let (url, count) = allocations(|| Url::parse(input));
        let url = url.unwrap();
        assert_eq!(count, 1, "{input} -> {}", url.href());
    }
    let base = Url::parse("https://example.com/a/b/c?q#frag").unwrap();
    for input in [
        "../d?e",
        "/x",
        "?y",
        "#z",
        "//other.example/p",
        "g;x=1/../y",
    ] {
        let (url, count) = allocations(|| Url::parse_with_base(input, &base));
        let url = url.unwrap();
        assert_eq!(count, 1, "{input} -> {}", url.href());
    }
}

#[test]
fn a_failed_parse_does_not_allocate() {
    warm_up();
    for input in [
        "http://a:99999/",
        "relative",
        "http://[::1/",
        "https://exa mple.com/",
        "http://xn--a.\u{df}/",
        "sc://h:1a/",
    ] {
        let (result, count) = allocations(|| Url::parse(input));
        assert!(result.is_err(), "{input}");
        assert_eq!(count, 0, "{input}");
    }
}

#[test]
fn can_parse_does_not_allocate() {
    // The first calls may grow the thread's reused buffer.
    for input in ASCII_INPUTS {
        assert!(Url::can_parse(input, None));
    }
    warm_up();
    for input in ASCII_INPUTS.iter().chain(OTHER_INPUTS).chain(&[
        "http://a:99999/",
        "relative",
        "http://[::1/",
    ]) {
        let (ok, count) = allocations(|| Url::can_parse(input, None));
        assert_eq!(ok, Url::parse(input).is_ok(), "{input}");
        assert_eq!(count, 0, "{input}");
    }
}
