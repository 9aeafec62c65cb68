//! Heap allocations of the `url`-crate-named abilities, counted with a counting global
//! allocator: the readers borrow from the URL (`query_pairs` allocates only for a name or value
//! that needs decoding), and the editors allocate only for what they keep aside or write.

use std::borrow::Cow;

use weburl::{Position, Url};

mod counting_alloc;

use counting_alloc::allocations;

#[test]
fn query_pairs_borrow_unless_decoding() {
    let url = Url::parse("https://example.com/search?q=rust&page=2&&flag&lang=en").unwrap();
    let (count, n) = allocations(|| {
        url.query_pairs()
            .filter(|(k, v)| matches!(k, Cow::Borrowed(_)) && matches!(v, Cow::Borrowed(_)))
            .count()
    });
    assert_eq!(count, 4);
    assert_eq!(n, 0);
    // One value with '+' and one with a percent-encoded byte: one String each.
    let url = Url::parse("https://example.com/?a=x+y&b=%C3%A9&c=plain").unwrap();
    let (pairs, n) = allocations(|| {
        url.query_pairs()
            .map(|(k, v)| matches!(k, Cow::Borrowed(_)) && matches!(v, Cow::Borrowed(_)))
            .fold(0, |acc, borrowed| acc + usize::from(borrowed))
    });
    assert_eq!(pairs, 1);
    // "x+y": the '+'-free copy, which is the result; "%C3%A9": the decoded bytes.
    assert_eq!(n, 2);
}

#[test]
fn readers_do_not_allocate() {
    let url = Url::parse("https://user:pw@example.com:8443/a/b?q#f").unwrap();
    let (_, n) = allocations(|| {
        let mut total = 0;
        total += url.path_segments().map_or(0, Iterator::count);
        total += url.authority().len();
        total += url.domain().map_or(0, str::len);
        total += url.host_str().map_or(0, str::len);
        total += url.password_opt().map_or(0, str::len);
        total += url[Position::BeforeHost..Position::AfterPort].len();
        total += url[..Position::AfterQuery].len();
        total += usize::from(url.port_or_known_default().unwrap_or(0));
        total
    });
    assert_eq!(n, 0);
}

#[test]
fn editors_allocate_only_what_they_keep() {
    // No query or fragment to set aside, and the new path fits the old one's room: nothing.
    let mut url = Url::parse("https://example.com/a/bbbb").unwrap();
    let (_, n) = allocations(|| {
        url.path_segments_mut().unwrap().pop().push("c");
    });
    assert_eq!(url.href(), "https://example.com/a/c");
    assert_eq!(n, 0);
    // With a query and fragment: the one copy set aside while the path is edited.
    let mut url = Url::parse("https://example.com/a/bbbb?q#f").unwrap();
    let (_, n) = allocations(|| {
        url.path_segments_mut().unwrap().pop().push("c");
    });
    assert_eq!(url.href(), "https://example.com/a/c?q#f");
    assert_eq!(n, 1);
    // make_relative: the answer, and the URL parsed to check it (once the parser's reused
    // buffers have grown).
    let base = Url::parse("https://example.com/a/b").unwrap();
    let target = Url::parse("https://example.com/a/c?x").unwrap();
    let _ = base.make_relative(&target);
    let (relative, n) = allocations(|| base.make_relative(&target));
    assert_eq!(relative.as_deref(), Some("c?x"));
    assert_eq!(n, 2);
}
