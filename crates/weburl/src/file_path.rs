//! `file` URLs from and to file system paths: [`Url::from_file_path`],
//! [`Url::from_directory_path`] and [`Url::to_file_path`], with the `url` crate's names,
//! signatures and platform rules (Unix paths on Unix, drive letters and UNC shares on Windows).
//!
//! The URL Standard defines no mapping between paths and URLs; these functions build a URL
//! string from the path and run the basic URL parser on it, so the result is always a URL the
//! parser would give (the `url` crate writes its fields directly). That makes three things
//! differ from the `url` crate, all by the Standard's rules:
//!
//! - a `..` component is resolved by the parser (`/a/../b` gives `file:///b`);
//! - on Unix, a first component that looks like a
//!   [Windows drive letter](https://url.spec.whatwg.org/#windows-drive-letter) with `|`
//!   (`/c|/x`) has its `|` percent-encoded, because the parser would turn `c|` into `c:`; the
//!   path then comes back unchanged from [`Url::to_file_path`];
//! - on Windows, `..` cannot remove the drive letter (the parser keeps a normalized Windows
//!   drive letter as the first segment of a `file` URL).

use std::path::{Path, PathBuf};

use crate::percent::{EncodeSet, percent_decode, push_percent_encoded};
use crate::url::Url;

/// Appends `bytes` to `out`, percent-encoding the path percent-encode set, `/`, `%`, and `\`
/// when `backslash` (the `url` crate's special-path-segment set on Unix and path-segment set
/// on Windows). Non-UTF-8 bytes are percent-encoded too (they are above 0x7F).
fn push_segment(out: &mut String, bytes: &[u8], backslash: bool) {
    for &b in bytes {
        if EncodeSet::PATH.contains(b) || b == b'/' || b == b'%' || (backslash && b == b'\\') {
            push_percent_encoded(out, b);
        } else {
            out.push(b as char);
        }
    }
}

/// Whether `s` is a Windows drive letter: an ASCII alpha then ':' or '|'.
fn is_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && matches!(s[1], b':' | b'|')
}

/// The URL string for an absolute Unix path given as its components' bytes (after the root).
#[cfg_attr(not(unix), allow(dead_code))]
fn unix_path_to_url_string<'a>(components: impl Iterator<Item = &'a [u8]>) -> String {
    let mut s = String::from("file://");
    let mut empty = true;
    for (i, component) in components.enumerate() {
        empty = false;
        s.push('/');
        if i == 0 && is_windows_drive_letter(component) && component[1] == b'|' {
            // The parser would normalize "c|" to "c:"; "c%7C" is not a drive letter.
            s.push(component[0] as char);
            push_percent_encoded(&mut s, b'|');
            continue;
        }
        push_segment(&mut s, component, true);
    }
    if empty {
        s.push('/');
    }
    s
}

/// The URL string for an absolute Windows path (`C:\a`, `\\server\share\a`, `\\?\C:\a`,
/// `\\?\UNC\server\share\a`), or `None` when it is not one of those.
#[cfg_attr(not(windows), allow(dead_code))]
fn windows_path_to_url_string(path: &str) -> Option<String> {
    let is_sep = |c: char| c == '\\' || c == '/';
    let (verbatim, rest) = match path.strip_prefix(r"\\?\") {
        Some(rest) => (true, rest),
        None => (false, path),
    };
    let mut s = String::from("file://");
    let bytes = rest.as_bytes();
    let components = if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        // A disk: the path must be absolute, so the drive letter is followed by a separator
        // (or is all there is, for a verbatim path).
        let after = &rest[2..];
        if !(after.starts_with(is_sep) || (verbatim && after.is_empty())) {
            return None;
        }
        s.push('/');
        s.push(bytes[0] as char);
        s.push(':');
        after
    } else {
        // UNC: \\server\share (not verbatim) or \\?\UNC\server\share.
        let unc = if verbatim {
            rest.strip_prefix(r"UNC\")?
        } else {
            path.strip_prefix(r"\\")
                .or_else(|| path.strip_prefix("//"))?
        };
        let mut parts = unc.splitn(3, |c: char| is_sep(c) && (!verbatim || c == '\\'));
        // `\\.\` and `\\?\` (device namespaces) are not shares.
        let server = parts
            .next()
            .filter(|p| !p.is_empty() && *p != "." && *p != "?")?;
        let share = parts.next().filter(|p| !p.is_empty())?;
        let host = crate::Host::parse(server).ok()?;
        s.push_str(&host.to_string());
        s.push('/');
        push_segment(&mut s, share.as_bytes(), false);
        parts.next().unwrap_or("")
    };
    let mut only_prefix = true;
    let separators: &[char] = if verbatim { &['\\'] } else { &['\\', '/'] };
    for component in components.split(separators) {
        if component.is_empty() || (component == "." && !verbatim) {
            continue;
        }
        only_prefix = false;
        s.push('/');
        push_segment(&mut s, component.as_bytes(), false);
    }
    if only_prefix && s.ends_with(':') {
        // A drive letter alone is the drive's root.
        s.push('/');
    }
    Some(s)
}

/// The path bytes for a `file` URL's segments on Unix (each '/' and its decoded segment).
#[cfg_attr(not(unix), allow(dead_code))]
fn url_segments_to_unix_path(segments: std::str::Split<'_, char>) -> Vec<u8> {
    let mut bytes = Vec::new();
    for segment in segments {
        bytes.push(b'/');
        bytes.extend_from_slice(&percent_decode(segment.as_bytes()));
    }
    // A path that ends with a drive letter names the drive's root.
    if bytes.len() > 2
        && bytes[bytes.len() - 2].is_ascii_alphabetic()
        && matches!(bytes[bytes.len() - 1], b':' | b'|')
    {
        bytes.push(b'/');
    }
    bytes
}

/// The Windows path for a `file` URL's host (`None`: none or `localhost`) and segments.
#[cfg_attr(not(windows), allow(dead_code))]
fn url_segments_to_windows_path(
    host: Option<&str>,
    mut segments: std::str::Split<'_, char>,
) -> Option<String> {
    let mut s = String::new();
    match host {
        Some(host) => {
            s.push_str(r"\\");
            s.push_str(host);
        }
        None => {
            let first = segments.next()?.as_bytes();
            let letter = match first {
                [l, b':'] => *l,
                [l, b'%', b'3', b'a' | b'A'] => *l,
                _ => return None,
            };
            if !letter.is_ascii_alphabetic() {
                return None;
            }
            s.push(letter as char);
            s.push(':');
        }
    }
    for segment in segments {
        s.push('\\');
        s.push_str(std::str::from_utf8(&percent_decode(segment.as_bytes())).ok()?);
    }
    Some(s)
}

impl Url {
    /// The `file` URL of an absolute path (the `url` crate's `from_file_path`); `Err(())` for a
    /// relative path (and on Windows for a path that is neither on a drive nor a UNC share).
    ///
    /// On Unix each component's bytes are percent-encoded with the path percent-encode set
    /// plus `/`, `%` and `\`; on Windows, `C:\a` gives `file:///C:/a` and `\\server\share\a`
    /// gives `file://server/share/a`. The string is then parsed, so a `..` is resolved and the
    /// result is exactly what the basic URL parser gives (see the module notes above).
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use weburl::Url;
    /// let url = Url::from_file_path("/tmp/foo bar/100%.txt").unwrap();
    /// assert_eq!(url.href(), "file:///tmp/foo%20bar/100%25.txt");
    /// assert!(Url::from_file_path("relative/path").is_err());
    /// # }
    /// ```
    #[cfg(any(unix, windows))]
    #[allow(clippy::result_unit_err)]
    pub fn from_file_path<P: AsRef<Path>>(path: P) -> Result<Url, ()> {
        let path = path.as_ref();
        if !path.is_absolute() {
            return Err(());
        }
        #[cfg(unix)]
        let s = {
            use std::os::unix::ffi::OsStrExt;
            unix_path_to_url_string(path.components().skip(1).map(|c| c.as_os_str().as_bytes()))
        };
        #[cfg(windows)]
        let s = windows_path_to_url_string(path.to_str().ok_or(())?).ok_or(())?;
        Url::parse(&s).map_err(|_| ())
    }

    /// The `file` URL of an absolute directory path: [`Url::from_file_path`] with a trailing
    /// `/`, so that [`Url::join`] resolves names inside the directory.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use weburl::Url;
    /// let dir = Url::from_directory_path("/var/www").unwrap();
    /// assert_eq!(dir.href(), "file:///var/www/");
    /// assert_eq!(dir.join("index.html").unwrap().href(), "file:///var/www/index.html");
    /// # }
    /// ```
    #[cfg(any(unix, windows))]
    #[allow(clippy::result_unit_err)]
    pub fn from_directory_path<P: AsRef<Path>>(path: P) -> Result<Url, ()> {
        let mut url = Url::from_file_path(path)?;
        if !url.pathname().ends_with('/') {
            url.path_segments_mut()?.push("");
        }
        Ok(url)
    }

    /// The file system path of a URL (the `url` crate's `to_file_path`), or `Err(())` when it
    /// has an opaque or empty path, or a host other than the empty host or `localhost` (on Windows a
    /// `file` URL's host gives a UNC path, `\\host\share\…`). The scheme is not checked.
    ///
    /// Segments are percent-decoded (on Unix to any bytes; on Windows they must decode to
    /// UTF-8). A path that ends with a drive letter gets a trailing separator.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use std::path::Path;
    /// use weburl::Url;
    /// let url = Url::parse("file:///tmp/foo%20bar").unwrap();
    /// assert_eq!(url.to_file_path(), Ok(Path::new("/tmp/foo bar").to_path_buf()));
    /// assert!(Url::parse("file://server/x").unwrap().to_file_path().is_err());
    /// assert!(Url::parse("data:,x").unwrap().to_file_path().is_err());
    /// # }
    /// ```
    #[cfg(any(unix, windows))]
    #[allow(clippy::result_unit_err)]
    pub fn to_file_path(&self) -> Result<PathBuf, ()> {
        // An empty path (`sc://h`) has no segments, so it names no file.
        if self.pathname().is_empty() {
            return Err(());
        }
        let segments = self.path_segments().ok_or(())?;
        let host = match self.host_str() {
            None | Some("localhost") => None,
            Some(host) if cfg!(windows) && self.scheme() == "file" => Some(host),
            Some(_) => return Err(()),
        };
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let _ = host;
            let bytes = url_segments_to_unix_path(segments);
            Ok(PathBuf::from(std::ffi::OsStr::from_bytes(&bytes)))
        }
        #[cfg(windows)]
        {
            url_segments_to_windows_path(host, segments)
                .map(PathBuf::from)
                .ok_or(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Windows rules, run on every platform (the `url` crate's Windows cases).
    #[test]
    fn windows_paths_to_urls() {
        let cases = [
            (r"C:\", "file:///C:/"),
            (r"C:\foo\bar", "file:///C:/foo/bar"),
            (r"C:\foo\ba%r", "file:///C:/foo/ba%25r"),
            (r"C:\foo\ba r", "file:///C:/foo/ba%20r"),
            ("C:\\foo\\\u{20AC}", "file:///C:/foo/%E2%82%AC"),
            (r"\\?\C:\", "file:///C:/"),
            (r"\\?\C:", "file:///C:/"),
            (r"\\?\C:\foo\bar", "file:///C:/foo/bar"),
            (r"\\server\share\a\b", "file://server/share/a/b"),
            (r"\\?\UNC\server\share\a", "file://server/share/a"),
            (r"\\server\share", "file://server/share"),
            (
                r"\\höst\share\path\file.txt",
                "file://xn--hst-sna/share/path/file.txt",
            ),
            (
                r"\\192.168.0.1\share\path\file.txt",
                "file://192.168.0.1/share/path/file.txt",
            ),
            ("C:\\foo\\ba\0r", "file:///C:/foo/ba%00r"),
        ];
        for (path, expected) in cases {
            let s = windows_path_to_url_string(path).unwrap_or_else(|| panic!("{path}"));
            assert_eq!(Url::parse(&s).unwrap().href(), expected, "{path}");
        }
        for bad in [
            r"relative\path",
            r"\no\drive",
            "C:relative",
            r"\\server",
            r"\\?\X",
            r"..\relative",
            r"\\ucn\",
            r"\\.\some\path\file.txt",
        ] {
            assert_eq!(windows_path_to_url_string(bad), None, "{bad}");
        }
    }

    #[test]
    fn windows_urls_to_paths() {
        let cases = [
            ("file:///C:/foo/bar", Some(r"C:\foo\bar")),
            ("file:///C:/foo/ba%25r", Some(r"C:\foo\ba%r")),
            ("file:///C%3A/foo", Some(r"C:\foo")),
            ("file:///C:", Some("C:")),
            ("file:///C:/", Some(r"C:\")),
            ("file:///foo/bar", None),
            ("file:///C:/%FF", None),
        ];
        for (url, expected) in cases {
            let url = Url::parse(url).unwrap();
            let got = url_segments_to_windows_path(None, url.path_segments().unwrap());
            assert_eq!(got.as_deref(), expected, "{url}");
        }
        let url = Url::parse("file://server/share/a%20b").unwrap();
        assert_eq!(
            url_segments_to_windows_path(url.host_str(), url.path_segments().unwrap()).as_deref(),
            Some(r"\\server\share\a b")
        );
    }
}
