//! [`Url::make_relative`]: the shortest-looking relative reference from one URL to another,
//! with the `url` crate's name and signature.
//!
//! The URL Standard has no such algorithm. This one builds the `url` crate's answer (common
//! directory prefix, `..` for the rest of the base's directories, then the target's remaining
//! segments, query and fragment) and then checks it with the basic URL parser: the answer is
//! returned only if [`Url::join`] on it gives the target back. Where it would not (the `url`
//! crate's answer is wrong for a segment with a `:` that would read as a scheme, a leading
//! empty segment that would read as a host, a Windows drive letter in a `file` URL, differing
//! credentials, or a target that drops the base's query), a path-absolute reference
//! (`/path?query#fragment`) or a scheme-relative one (`//host/path…`) is tried, with the same
//! check.

use crate::url::Url;

/// Splits a path into its directory part (up to the last '/') and its last segment.
fn split_last_segment(path: &str) -> (&str, &str) {
    match path.rfind('/') {
        Some(i) => (&path[..i], &path[i + 1..]),
        None => ("", path),
    }
}

/// Appends '?' and the query, '#' and the fragment, of `url`.
fn push_query_fragment(out: &mut String, url: &Url) {
    if let Some(query) = url.query() {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = url.fragment() {
        out.push('#');
        out.push_str(fragment);
    }
}

impl Url {
    /// A relative URL string that, resolved against `self` with [`Url::join`], gives `url`
    /// back; `None` when there is none to give: `self` has an opaque path, or the two differ in
    /// scheme, host or port.
    ///
    /// The answer is the `url` crate's where that answer resolves to `url`; where it would not,
    /// a path-absolute (`/a/b`) or scheme-relative (`//host/a`) reference is given instead (see
    /// `docs/MIGRATING-FROM-URL.md`).
    ///
    /// ```
    /// use weburl::Url;
    /// let base = Url::parse("https://example.net/a/b.html").unwrap();
    /// let url = Url::parse("https://example.net/a/c.png").unwrap();
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("c.png"));
    ///
    /// let base = Url::parse("https://example.net/a/b/").unwrap();
    /// let url = Url::parse("https://example.net/a/b/c.png").unwrap();
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("c.png"));
    ///
    /// let base = Url::parse("https://example.net/a/b/").unwrap();
    /// let url = Url::parse("https://example.net/a/d/c.png?q#f").unwrap();
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("../d/c.png?q#f"));
    ///
    /// // A segment with ':' would read as a scheme: "./" goes first.
    /// let url = Url::parse("https://example.net/a/b/c:d").unwrap();
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("./c:d"));
    ///
    /// let other = Url::parse("https://example.org/").unwrap();
    /// assert_eq!(base.make_relative(&other), None);
    /// ```
    #[must_use]
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        if self.has_opaque_path()
            || self.scheme() != url.scheme()
            || self.host_kind != url.host_kind
            || self.hostname() != url.hostname()
            || self.port != url.port
        {
            return None;
        }
        // Each candidate is made only if the one before it does not resolve back.
        let resolves = |candidate: &String| self.join(candidate).is_ok_and(|joined| joined == *url);
        self.path_relative_reference(url, true)
            .filter(resolves)
            .or_else(|| self.path_relative_reference(url, false).filter(resolves))
            .or_else(|| Some(self.path_absolute_reference(url)).filter(resolves))
            .or_else(|| {
                url.has_host()
                    .then(|| url.serialization[url.offsets.scheme_end as usize + 1..].to_owned())
                    .filter(resolves)
            })
    }

    /// The `url` crate's relative path (`as_url_crate`), or the same repaired: a leading empty
    /// segment kept, "./" for the base's directory, and "./" in front when the first segment
    /// holds a ':' (it could read as a scheme) or the path starts with '/' (it would read as
    /// path-absolute). `None` when the target has an opaque path.
    fn path_relative_reference(&self, url: &Url, as_url_crate: bool) -> Option<String> {
        if url.has_opaque_path() {
            return None;
        }
        let (base_dir, base_last) = split_last_segment(self.pathname());
        let (url_dir, url_last) = split_last_segment(url.pathname());
        let mut base_dirs = base_dir.split('/').peekable();
        let mut url_dirs = url_dir.split('/').peekable();
        while base_dirs.peek().is_some() && base_dirs.peek() == url_dirs.peek() {
            base_dirs.next();
            url_dirs.next();
        }
        // Room for the answer: every "../", the target's path, query and fragment.
        let ups = base_dirs.clone().take_while(|s| !s.is_empty()).count();
        let tail = url.serialization.len() - url.offsets.path_start as usize;
        let mut relative = String::with_capacity(3 * ups + tail + 2);
        let mut dir_count = 0;
        // An empty segment left over only comes from a trailing empty directory; the `url`
        // crate stops there.
        for segment in base_dirs
            .take_while(|s| !s.is_empty())
            .map(|_| "..")
            .chain(url_dirs)
        {
            if dir_count > 0 {
                relative.push('/');
            }
            relative.push_str(segment);
            dir_count += 1;
        }
        // The url crate looks at the string, which loses a lone empty segment.
        let has_dirs = if as_url_crate {
            !relative.is_empty()
        } else {
            dir_count > 0
        };
        if has_dirs
            || base_last != url_last
            || (!as_url_crate && self.query().is_some() && url.query().is_none())
        {
            if url_last.is_empty() {
                // The target is a directory: "./" alone names the base's directory (the url
                // crate writes "/", the root).
                relative.push_str(if has_dirs || as_url_crate { "/" } else { "./" });
            } else {
                if has_dirs {
                    relative.push('/');
                }
                relative.push_str(url_last);
            }
        }
        let first = relative.split('/').next().unwrap_or("");
        if !as_url_crate && (relative.starts_with('/') || first.contains(':')) {
            relative.insert_str(0, "./");
        }
        push_query_fragment(&mut relative, url);
        Some(relative)
    }

    /// The target's path (after a "/." when it starts with "//"), query and fragment.
    fn path_absolute_reference(&self, url: &Url) -> String {
        let path = url.pathname();
        let mut out = String::with_capacity(path.len() + 2);
        if path.starts_with("//") {
            out.push_str("/.");
        }
        out.push_str(path);
        push_query_fragment(&mut out, url);
        out
    }
}
