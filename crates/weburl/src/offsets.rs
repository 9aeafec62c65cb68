//! Where each component of a URL is in its serialization: the one offset record that
//! [`Url`](crate::Url), the parser's state machine and its fast path all keep.
//!
//! <https://url.spec.whatwg.org/#url-representation>
//!
//! ```text
//! https://user:pass@example.com:8080/a/b?q=1#frag
//!      |       |   |          |    |   |   |
//!      |       |   host_start |    |   |   fragment_start
//!      |       username_end   |    |   query_start
//!      scheme_end             |    path_start
//!                             host_end
//! ```
//!
//! A `Url` holds `Offsets<u32>` (so that it stays 64 bytes); the parser builds an
//! `Offsets<usize>` while its output may still grow past 4 GiB, and [`Offsets::to_u32`] turns
//! one into the other once the output's length is known to fit.

/// The byte offsets of a URL's components in its serialization
/// ([URL serializer](https://url.spec.whatwg.org/#concept-url-serializer) output).
///
/// The offsets never decrease in this order: `scheme_end`, `username_end`, `host_start`,
/// `host_end`, `path_start`, then `query_start` and `fragment_start` when they are not 0; all
/// are at most the serialization's length and at character boundaries. 0 can stand for a null
/// query or fragment because the scheme, at least one byte, comes first.
/// [`Url::check_invariants`](crate::Url::check_invariants) checks all of this, and the
/// separators the offsets imply.
///
/// The port number, the kind of host and the kind of scheme are kept beside the record, not in
/// it: they are not positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Offsets<T = u32> {
    /// The ':' that ends the [scheme](https://url.spec.whatwg.org/#concept-url-scheme).
    pub(crate) scheme_end: T,
    /// The end of the [username](https://url.spec.whatwg.org/#concept-url-username): the ':'
    /// before a non-empty password, else the '@' (`host_start - 1`) when there are
    /// credentials, else the start of the authority (after "//", equal to `host_start`). With
    /// a null host: `scheme_end + 1`.
    pub(crate) username_end: T,
    /// The start of the serialized [host](https://url.spec.whatwg.org/#concept-url-host), after
    /// "//" and any "@"; `scheme_end + 1` when the host is null.
    pub(crate) host_start: T,
    /// The end of the host: the ':' before the [port](https://url.spec.whatwg.org/#concept-url-port)
    /// when there is one, else `path_start`; `scheme_end + 1` when the host is null.
    pub(crate) host_end: T,
    /// The start of the [path](https://url.spec.whatwg.org/#concept-url-path), after a "/."
    /// that keeps a hostless path starting with "//" from reading as a host.
    pub(crate) path_start: T,
    /// The '?' that starts the [query](https://url.spec.whatwg.org/#concept-url-query), or 0
    /// when the query is null.
    pub(crate) query_start: T,
    /// The '#' that starts the [fragment](https://url.spec.whatwg.org/#concept-url-fragment),
    /// or 0 when the fragment is null.
    pub(crate) fragment_start: T,
}

impl Offsets<usize> {
    /// The same offsets as `u32`, for the [`Url`](crate::Url) record: the parser's output is
    /// done and its length (the largest offset's bound) is known to fit in a `u32`.
    #[inline(always)]
    pub(crate) fn to_u32(self) -> Offsets<u32> {
        Offsets {
            scheme_end: self.scheme_end as u32,
            username_end: self.username_end as u32,
            host_start: self.host_start as u32,
            host_end: self.host_end as u32,
            path_start: self.path_start as u32,
            query_start: self.query_start as u32,
            fragment_start: self.fragment_start as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_urls_record_is_seven_u32_and_narrowing_keeps_every_offset() {
        assert_eq!(std::mem::size_of::<Offsets>(), 7 * 4);
        let wide = Offsets {
            scheme_end: 5,
            username_end: 8,
            host_start: 8,
            host_end: 19,
            path_start: 19,
            query_start: 0,
            fragment_start: 27,
        };
        let narrow = wide.to_u32();
        assert_eq!(
            [
                narrow.scheme_end,
                narrow.username_end,
                narrow.host_start,
                narrow.host_end,
                narrow.path_start,
                narrow.query_start,
                narrow.fragment_start
            ],
            [5, 8, 8, 19, 19, 0, 27]
        );
    }
}
