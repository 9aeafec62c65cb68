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
fn set_href_reuses_the_buffer_for_normal_input() {
    warm_up();
    // A URL whose buffer is larger than every input below.
    let mut url = Url::parse(&format!("https://example.com/{}", "x".repeat(200))).unwrap();
    for input in [
        "https://example.com/a/b?c=d#e",
        "file:///home/user/file.txt",
        "http://example.com",
        "file://node.gypi",
        "wss://h:8443/p",
    ] {
        let (result, count) = allocations(|| url.set_href(input));
        result.unwrap();
        assert_eq!(count, 0, "{input}");
        // The same URL as a fresh parse gives.
        assert_eq!(url.href(), Url::parse(input).unwrap().href());
        assert_eq!(url.host(), Url::parse(input).unwrap().host());
        url.check_invariants().unwrap();
    }
    // Input the general parser must see builds a new buffer; a failure leaves the URL as it
    // was.
    let (result, count) = allocations(|| url.set_href("HTTP://EXAMPLE.com/./a"));
    result.unwrap();
    assert_eq!(count, 1);
    assert_eq!(url.href(), "http://example.com/a");
    assert!(url.set_href("http://a:99999/").is_err());
    assert_eq!(url.href(), "http://example.com/a");
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
