//! A URL's observable state: every getter of the URL API and the record-level accessors that
//! depend on the stored offsets and kinds rather than on the text alone (null against empty
//! query and fragment, the port number, the host's kind, opaque paths, path segments). Two
//! URLs that must be the same URL (a setter's result and the parse of its href; the fast path
//! and the general parser) must have equal snapshots.

use weburl::{Component, Url};

/// `(name, Debug text)` for each getter and accessor, in a fixed order: `href`, `origin`,
/// `protocol`, `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search`,
/// `hash`, then `query()`, `fragment()`, `port_number()`, `host_parsed()`, `has_host()`,
/// `has_opaque_path()`, `is_special()`, `includes_credentials()`, `path_segments()`.
///
/// ```
/// use weburl::Url;
/// use weburl_testkit::snapshot::snapshot;
/// let a = Url::parse("http://h/p?").unwrap();
/// let b = Url::parse("http://h/p").unwrap();
/// assert_eq!(a.href().len(), b.href().len() + 1);
/// let diff: Vec<_> = snapshot(&a).into_iter().zip(snapshot(&b)).filter(|(x, y)| x != y).map(|(x, _)| x.0).collect();
/// assert_eq!(diff, ["href", "query()"]);
/// ```
#[must_use]
pub fn snapshot(url: &Url) -> Vec<(&'static str, String)> {
    // The URL API's getters, by `Component::ALL`, then the record-level accessors.
    let mut state: Vec<(&'static str, String)> = Component::ALL
        .iter()
        .map(|&c| (c.name(), format!("{:?}", url.get(c))))
        .collect();
    state.extend([
        ("query()", format!("{:?}", url.query())),
        ("fragment()", format!("{:?}", url.fragment())),
        ("port_number()", format!("{:?}", url.port_number())),
        ("host_parsed()", format!("{:?}", url.host_parsed())),
        ("has_host()", format!("{:?}", url.has_host())),
        ("has_opaque_path()", format!("{:?}", url.has_opaque_path())),
        ("is_special()", format!("{:?}", url.is_special())),
        (
            "includes_credentials()",
            format!("{:?}", url.includes_credentials()),
        ),
        (
            "path_segments()",
            format!("{:?}", url.path_segments().map(Iterator::collect::<Vec<_>>)),
        ),
    ]);
    state
}

/// The entries where two snapshots differ, as `(name, left, right)`; empty when they agree.
///
/// ```
/// use weburl::Url;
/// use weburl_testkit::snapshot::{differences, snapshot};
/// let a = snapshot(&Url::parse("http://h:80/").unwrap());
/// let b = snapshot(&Url::parse("http://h/").unwrap());
/// assert!(differences(&a, &b).is_empty());
/// ```
#[must_use]
pub fn differences<'a>(
    left: &'a [(&'static str, String)],
    right: &'a [(&'static str, String)],
) -> Vec<(&'static str, &'a str, &'a str)> {
    left.iter()
        .zip(right)
        .filter(|(l, r)| l.1 != r.1)
        .map(|(l, r)| (l.0, l.1.as_str(), r.1.as_str()))
        .collect()
}
