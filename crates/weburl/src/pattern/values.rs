//! The values a match reads (a URL's eight component strings) and the thread's reused
//! buffers of a match.

use std::ops::Range;

use super::UrlPatternComponent;
use super::matcher::Span;
use crate::Url;

/// A URL's eight component strings, as match reads them.
pub(super) struct Values<'a>(pub(super) [&'a str; 8]);

impl<'a> Values<'a> {
    /// One component of a URL record, through the URL's getters (what [`Values::of_url`]
    /// reads for all eight at once).
    #[inline]
    pub(super) fn one(url: &'a Url, component: UrlPatternComponent) -> &'a str {
        match component {
            UrlPatternComponent::Protocol => url.scheme(),
            UrlPatternComponent::Username => url.username(),
            UrlPatternComponent::Password => url.password(),
            UrlPatternComponent::Hostname => url.hostname(),
            UrlPatternComponent::Port => url.port(),
            UrlPatternComponent::Pathname => url.pathname(),
            UrlPatternComponent::Search => url.query().unwrap_or(""),
            UrlPatternComponent::Hash => url.fragment().unwrap_or(""),
        }
    }

    /// The components of a URL record: scheme, username, password, host, port, path,
    /// query, fragment (null as ""): the URL API's getters' ranges in the href
    /// ([`Url::component_ranges`]), without the `:` after the scheme and the `?` and `#`
    /// before the query and fragment.
    #[inline]
    pub(super) fn of_url(url: &'a Url) -> Values<'a> {
        let s = url.href();
        let [
            _,
            _,
            protocol,
            username,
            password,
            _,
            hostname,
            port,
            pathname,
            search,
            hash,
        ] = url.component_ranges().map(Option::unwrap_or_default);
        let text = |range: Range<usize>| &s[range];
        // `?query` and `#fragment`, or empty.
        let after_delimiter =
            |range: Range<usize>| &s[range.start + usize::from(!range.is_empty())..range.end];
        Values([
            &s[protocol.start..protocol.end - 1],
            text(username),
            text(password),
            text(hostname),
            text(port),
            text(pathname),
            after_delimiter(search),
            after_delimiter(hash),
        ])
    }
}

/// A set of the eight components (bit `c as u8` for component `c`): a pattern's lone
/// wildcards, the components a match need not test because they are known to match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Components(u8);

impl Components {
    /// No component.
    pub(super) const NONE: Components = Components(0);

    /// The set of `component` alone.
    #[inline]
    pub(super) const fn only(component: UrlPatternComponent) -> Components {
        Components(1 << component as u8)
    }

    /// This set and `component`.
    #[inline]
    #[must_use]
    pub(super) const fn with(self, component: UrlPatternComponent) -> Components {
        Components(self.0 | Components::only(component).0)
    }

    /// Whether `component` is in the set.
    #[inline]
    pub(super) const fn contains(self, component: UrlPatternComponent) -> bool {
        self.0 & Components::only(component).0 != 0
    }

    /// Whether all eight components are in the set.
    #[inline]
    pub(super) const fn is_all(self) -> bool {
        self.0 == u8::MAX
    }
}

impl FromIterator<UrlPatternComponent> for Components {
    fn from_iter<I: IntoIterator<Item = UrlPatternComponent>>(components: I) -> Components {
        (components.into_iter()).fold(Components::NONE, Components::with)
    }
}

thread_local! {
    /// The group spans of the last match on this thread, reused.
    static SPANS: std::cell::Cell<Vec<Span>> = const { std::cell::Cell::new(Vec::new()) };
}

/// `f` on `value`, taken out of a thread-local slot, and `put_back(value)` when `f` has
/// returned (a nested call finds the slot empty, `T::default()`, and starts a value of its
/// own), so that `f`'s result is returned from here as it is, not through the thread-local's
/// closure or past the slot's update, each of which copied a whole [`UrlPatternResult`](super::UrlPatternResult). The
/// reused buffers of a match ([`with_spans`]) and of a route set's lookup go through it;
/// `put_back` names the slot in a closure of no size, so the guard holds the value alone.
#[inline(always)]
pub(super) fn with_taken<T: Default, R>(
    value: T,
    put_back: impl FnMut(T),
    f: impl FnOnce(&mut T) -> R,
) -> R {
    /// Puts the value back into its slot when dropped.
    struct PutBack<T: Default, P: FnMut(T)>(T, P);
    impl<T: Default, P: FnMut(T)> Drop for PutBack<T, P> {
        #[inline(always)]
        fn drop(&mut self) {
            (self.1)(std::mem::take(&mut self.0));
        }
    }
    let mut taken = PutBack(value, put_back);
    f(&mut taken.0)
}

/// `f` on this thread's reused span buffer, emptied ([`with_taken`]).
#[inline(always)]
pub(super) fn with_spans<R>(f: impl FnOnce(&mut Vec<Span>) -> R) -> R {
    with_taken(
        SPANS.take(),
        |v| SPANS.set(v),
        |spans| {
            spans.clear();
            f(spans)
        },
    )
}

/// Whether a lone wildcard `*` (`^(.*)$`) matches `value`: unless it has a line terminator.
pub(super) fn wildcard_matches(value: &str) -> bool {
    memchr::memchr2(b'\n', b'\r', value.as_bytes()).is_none()
}

/// `f` on the basic URL parser's result for `input` against `base` (itself parsed first),
/// `None` when either does not parse; the URL is read in place in the thread's reused URL
/// (no allocation for input that is already normal).
pub(super) fn with_input<R>(
    input: &str,
    base: Option<&str>,
    f: impl FnOnce(Option<&Url>) -> R,
) -> R {
    match base {
        None => crate::parser::with_parsed(input, None, |url| f(url.ok())),
        Some(base) => match Url::parse(base) {
            Ok(base) => crate::parser::with_parsed(input, Some(&base), |url| f(url.ok())),
            Err(_) => f(None),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set of components (made with `with` or from an iterator, with repeats or not)
    /// holds exactly the components of a list of eight flags, and is all of them only when
    /// each flag is set.
    #[test]
    fn components_equal_a_list_of_flags() {
        let all = UrlPatternComponent::ALL;
        for bits in 0..=u8::MAX {
            let flags: [bool; 8] = std::array::from_fn(|i| bits >> i & 1 == 1);
            let chosen = || (all.into_iter()).filter(|&c| flags[c as usize]);
            let built = chosen().fold(Components::NONE, Components::with);
            let collected: Components = chosen().collect();
            assert_eq!(built, collected);
            // Collected twice over, in reverse: the same set.
            let twice: Components = chosen().chain(chosen().rev()).collect();
            assert_eq!(twice, built, "{bits:08b}");
            for c in all {
                assert_eq!(built.contains(c), flags[c as usize], "{bits:08b} {c:?}");
                assert!(built.with(c).contains(c));
                assert!(Components::only(c).contains(c));
                assert_eq!(built.with(c) == built, flags[c as usize]);
            }
            assert_eq!(built.is_all(), flags.iter().all(|&f| f), "{bits:08b}");
        }
    }

    /// `Values::of_url` reads from the getters' ranges what the URL record's components are,
    /// for URLs with and without credentials, port, query, fragment and host, empty query
    /// and fragment included.
    #[test]
    fn values_of_url_equal_the_getters() {
        for input in [
            "https://example.com/a/b?q=1#top",
            "https://u:p@example.com:8080/a?#",
            "https://u@example.com/",
            "https://:p@example.com/",
            "http://example.com?x",
            "http://example.com#x",
            "file:///home/x.txt",
            "mailto:a@b?subject=x#f",
            "sc:/a/b?q",
            "sc://h:1",
            "data:,x",
            "http://[::1]:80/",
            "sc:?",
            "sc:#",
            "https://h/?#",
            "blob:https://a.example/x",
        ] {
            let url = Url::parse(input).unwrap();
            let expected = UrlPatternComponent::ALL.map(|c| Values::one(&url, c));
            assert_eq!(Values::of_url(&url).0, expected, "{input}");
        }
    }

    /// A nested call of `with_spans` gets an empty buffer of its own and leaves the outer
    /// one as it was; the buffer goes back into the slot, emptied on its next use.
    #[test]
    fn with_spans_nests_and_puts_the_buffer_back() {
        with_spans(|outer| {
            assert!(outer.is_empty());
            outer.extend([Some((1, 2)), None, Some((3, 4))]);
            with_spans(|inner| {
                assert!(inner.is_empty());
                inner.push(None);
            });
            assert_eq!(*outer, [Some((1, 2)), None, Some((3, 4))]);
        });
        let capacity = with_spans(|spans| {
            assert!(spans.is_empty());
            spans.capacity()
        });
        assert!(capacity >= 3, "the outer buffer was put back: {capacity}");
    }
}
