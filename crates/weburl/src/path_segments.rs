//! Editing a URL's path segment by segment: [`Url::path_segments_mut`] and [`PathSegmentsMut`],
//! with the `url` crate's names and behaviour.
//!
//! The URL Standard has no segment-wise editor; this one keeps every URL it makes one that the
//! basic URL parser gives back unchanged (`Url::parse(url.href())` is `url`): pushed segments
//! are percent-encoded with the [path percent-encode set](https://url.spec.whatwg.org/#path-percent-encode-set)
//! plus `/` and `%` (and `\` in special URLs), `.` and `..` are skipped, the first segment of a
//! `file` URL that is a [Windows drive letter](https://url.spec.whatwg.org/#windows-drive-letter)
//! is normalized (`C|` becomes `C:`, as the path state does), and a hostless path that comes to
//! start with an empty segment is serialized after `/.`.

use std::fmt;

use crate::percent::push_percent_encoded;
use crate::url::{SchemeType, Url};

/// Whether `byte` is encoded in a segment given to [`PathSegmentsMut::push`]: the path
/// percent-encode set, `/` and `%`, and `\` when the URL is special.
#[inline]
fn in_segment_set(byte: u8, special: bool) -> bool {
    crate::percent::EncodeSet::PATH.contains(byte)
        || byte == b'/'
        || byte == b'%'
        || (special && byte == b'\\')
}

/// A guard that edits a URL's path segment by segment, from [`Url::path_segments_mut`]. The
/// URL's query and fragment are put back when it is dropped. Every method returns `&mut Self`
/// so calls chain.
///
/// ```
/// let mut url = weburl::Url::parse("https://example.net/foo/index.html?x#y").unwrap();
/// url.path_segments_mut().unwrap().pop().push("img").push("2/100%.png");
/// assert_eq!(url.href(), "https://example.net/foo/img/2%2F100%25.png?x#y");
/// ```
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
    /// The query and fragment, taken off the serialization while the guard lives.
    after_path: String,
}

impl fmt::Debug for PathSegmentsMut<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PathSegmentsMut")
            .field("path", &self.path())
            .finish()
    }
}

impl Url {
    /// A guard that edits the path segment by segment (the `url` crate's `path_segments_mut`),
    /// or `Err(())` when the URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path)
    /// (`mailto:`, `data:`, …), which has no segments.
    ///
    /// ```
    /// use weburl::Url;
    /// let mut url = Url::parse("https://github.com/").unwrap();
    /// url.path_segments_mut().unwrap().extend(["servo", "rust-url", "issues", "188"]);
    /// assert_eq!(url.href(), "https://github.com/servo/rust-url/issues/188");
    /// assert!(Url::parse("mailto:me@example.com").unwrap().path_segments_mut().is_err());
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, ()> {
        if self.has_opaque_path() {
            return Err(());
        }
        let end = self.path_end() as usize;
        let after_path = self.serialization[end..].to_owned();
        self.serialization.truncate(end);
        Ok(PathSegmentsMut {
            url: self,
            after_path,
        })
    }
}

impl PathSegmentsMut<'_> {
    /// The path as it stands (the serialization ends with it while the guard lives).
    fn path(&self) -> &str {
        &self.url.serialization[self.url.offsets.path_start as usize..]
    }

    /// The index just after the path's first '/' (past the end when the path is empty, as the
    /// path of a non-special URL with a host can be).
    fn after_first_slash(&self) -> usize {
        self.url.offsets.path_start as usize + 1
    }

    /// Removes every segment, leaving the path `/` (an empty path stays empty).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://github.com/servo/rust-url/").unwrap();
    /// url.path_segments_mut().unwrap().clear().push("logout");
    /// assert_eq!(url.href(), "https://github.com/logout");
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        let start = self.after_first_slash();
        if start <= self.url.serialization.len() {
            self.url.serialization.truncate(start);
        }
        self
    }

    /// Removes the last segment if it is empty (the path ends with `/`), unless it is the only
    /// one.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://github.com/servo/rust-url/").unwrap();
    /// url.path_segments_mut().unwrap().push("pulls");
    /// assert_eq!(url.href(), "https://github.com/servo/rust-url//pulls");
    ///
    /// let mut url = weburl::Url::parse("https://github.com/servo/rust-url/").unwrap();
    /// url.path_segments_mut().unwrap().pop_if_empty().push("pulls");
    /// assert_eq!(url.href(), "https://github.com/servo/rust-url/pulls");
    /// ```
    pub fn pop_if_empty(&mut self) -> &mut Self {
        if self.after_first_slash() < self.url.serialization.len()
            && self.url.serialization.ends_with('/')
        {
            self.url.serialization.pop();
        }
        self
    }

    /// Removes the last segment, if there is one other than the first empty one.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com/a/b/c").unwrap();
    /// url.path_segments_mut().unwrap().pop().pop();
    /// assert_eq!(url.href(), "https://example.com/a");
    /// url.path_segments_mut().unwrap().pop().pop();
    /// assert_eq!(url.href(), "https://example.com/");
    /// ```
    pub fn pop(&mut self) -> &mut Self {
        let start = self.after_first_slash();
        if start < self.url.serialization.len() {
            let last_slash = self.url.serialization[start..].rfind('/').unwrap_or(0);
            self.url.serialization.truncate(start + last_slash);
        }
        self
    }

    /// Appends one segment: `extend([segment])`.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://example.com/a").unwrap();
    /// url.path_segments_mut().unwrap().push("b c").push("100%");
    /// assert_eq!(url.href(), "http://example.com/a/b%20c/100%25");
    /// ```
    pub fn push(&mut self, segment: &str) -> &mut Self {
        self.extend(Some(segment))
    }

    /// Appends each segment, percent-encoded with the path percent-encode set plus `/` and `%`
    /// (and `\` in special URLs), so that each stays one segment. A `.` or `..` segment is
    /// skipped. A `/` goes between the existing path and the new segments unless the path is
    /// `/`, so after a trailing slash the new segment follows an empty one: call
    /// [`pop_if_empty`](Self::pop_if_empty) first to avoid that.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://github.com/servo").unwrap();
    /// url.path_segments_mut().unwrap().extend(["..", "rust-url", ".", "pulls"]);
    /// assert_eq!(url.href(), "https://github.com/servo/rust-url/pulls");
    /// ```
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let special = self.url.is_special();
        let is_file = self.url.scheme_type == SchemeType::File;
        let path_start = self.url.offsets.path_start as usize;
        for segment in segments {
            let segment = segment.as_ref();
            if segment == "." || segment == ".." {
                continue;
            }
            let len = self.url.serialization.len();
            // The path "/" is one empty segment, which the new one replaces.
            if len > path_start + 1 || len == path_start {
                self.url.serialization.push('/');
            }
            let bytes = segment.as_bytes();
            // <https://url.spec.whatwg.org/#path-state>: the first segment of a file URL that is
            // a Windows drive letter gets ':' as its second code point.
            if is_file
                && self.url.serialization.len() == path_start + 1
                && bytes.len() == 2
                && bytes[0].is_ascii_alphabetic()
                && matches!(bytes[1], b':' | b'|')
            {
                self.url.serialization.push(bytes[0] as char);
                self.url.serialization.push(':');
                continue;
            }
            let out = &mut self.url.serialization;
            let mut run = 0;
            for (i, &b) in bytes.iter().enumerate() {
                if in_segment_set(b, special) {
                    // Bytes outside the set are ASCII, so a non-empty run of them starts and
                    // ends on character boundaries.
                    if run < i {
                        out.push_str(&segment[run..i]);
                    }
                    push_percent_encoded(out, b);
                    run = i + 1;
                }
            }
            if run < bytes.len() {
                out.push_str(&segment[run..]);
            }
        }
        self
    }
}

impl Drop for PathSegmentsMut<'_> {
    /// Puts the query and fragment back, and adds or removes the `/.` that keeps a hostless
    /// path starting with an empty segment from reading as a host.
    fn drop(&mut self) {
        let url = &mut *self.url;
        if !url.has_host() {
            let marker = url.offsets.scheme_end as usize + 1;
            let has_marker = url.offsets.path_start as usize == marker + 2;
            let needs_marker =
                url.serialization[url.offsets.path_start as usize..].starts_with("//");
            if needs_marker && !has_marker {
                url.serialization.insert_str(marker, "/.");
                url.offsets.path_start += 2;
            } else if has_marker && !needs_marker {
                url.serialization.replace_range(marker..marker + 2, "");
                url.offsets.path_start -= 2;
            }
        }
        let end = url.serialization.len() as u32;
        url.serialization.push_str(&self.after_path);
        match self.after_path.as_bytes().first() {
            Some(b'?') => {
                let fragment = self.after_path.find('#');
                url.offsets.query_start = end;
                url.offsets.fragment_start = fragment.map_or(0, |f| end + f as u32);
            }
            Some(_) => {
                url.offsets.query_start = 0;
                url.offsets.fragment_start = end;
            }
            None => {
                url.offsets.query_start = 0;
                url.offsets.fragment_start = 0;
            }
        }
        url.debug_check_invariants();
    }
}
