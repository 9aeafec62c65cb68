//! The invariants of a [`Url`]'s serialization and offsets, checked by
//! [`Url::check_invariants`]. Debug builds check them after every parse and every setter.

use std::fmt;

use crate::host::HostKind;
use crate::lex;
use crate::parser;
use crate::url::{SchemeType, Url};

/// Which invariant of a [`Url`] does not hold ([`Url::check_invariants`]). A URL made by this
/// crate never fails a check; the error names the broken rule precisely for a bug report.
///
/// ```
/// use weburl::{InvariantError, Url};
/// let url = Url::parse("https://user@example.com:8080/a?q#f").unwrap();
/// assert_eq!(url.check_invariants(), Ok(()));
/// let e = InvariantError::Separator { expected: "@", offset: 12 };
/// assert_eq!(e.to_string(), "no \"@\" at offset 12, where the offsets put one");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InvariantError {
    /// An offset is before the offset that must precede it, or past the end of the
    /// serialization, or not at a character boundary.
    OffsetOrder {
        /// The offset that is out of place (`"host_start"`, `"query_start"`, …).
        offset: &'static str,
        /// Its value.
        value: u32,
    },
    /// A separator is not where the offsets say it is.
    Separator {
        /// The separator that is missing: `":"`, `"//"`, `"@"`, `"?"`, `"#"`, `"/."`, `"/"`.
        expected: &'static str,
        /// Where it should be, in the serialization.
        offset: u32,
    },
    /// The scheme is not a lowercase scheme, or the recorded kind of scheme is not its kind.
    Scheme,
    /// The recorded kind of host does not fit the host's text (an empty host that is not
    /// empty, an IPv6 address without brackets, a host without "//", …).
    HostKind,
    /// The port number does not match the port's text, or is the scheme's default port.
    Port,
    /// The serialization does not parse back to the same URL: `reparsed` is what it parses to
    /// (`None`: it does not parse).
    Reparse {
        /// The href that the serialization parses to.
        reparsed: Option<String>,
    },
}

impl fmt::Display for InvariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvariantError::OffsetOrder { offset, value } => {
                write!(f, "the offset {offset} ({value}) is out of order")
            }
            InvariantError::Separator { expected, offset } => write!(
                f,
                "no {expected:?} at offset {offset}, where the offsets put one"
            ),
            InvariantError::Scheme => f.write_str("the scheme or its kind is wrong"),
            InvariantError::HostKind => f.write_str("the host's kind does not fit its text"),
            InvariantError::Port => f.write_str("the port number does not match its text"),
            InvariantError::Reparse {
                reparsed: Some(href),
            } => {
                write!(f, "the serialization parses to another URL: {href}")
            }
            InvariantError::Reparse { reparsed: None } => {
                f.write_str("the serialization does not parse")
            }
        }
    }
}

impl std::error::Error for InvariantError {}

impl Url {
    /// Checks that this URL's serialization and offsets are consistent: the offsets are in
    /// order and at character boundaries, the separators are where the offsets say (':' after
    /// the scheme, "//" when there is a host, '@' after credentials, ':' before a port, '?'
    /// and '#'), the port number matches its text, the kinds of scheme and host fit their
    /// text, and the serialization parses back to the same URL.
    ///
    /// One exception to the last rule is the spec's own: the protocol setter can turn a URL
    /// into a `file:` URL whose host is "localhost" or whose first path segment is a Windows
    /// drive letter with '|', which the parser writes as the empty host and with ':'. Such a
    /// URL must parse to exactly those normalizations.
    ///
    /// Every URL this crate makes passes; debug builds check after every parse and setter.
    ///
    /// ```
    /// use weburl::Url;
    /// let mut url = Url::parse("http://example.com/").unwrap();
    /// url.set_host("[::1]:8080").unwrap();
    /// assert_eq!(url.check_invariants(), Ok(()));
    /// ```
    pub fn check_invariants(&self) -> Result<(), InvariantError> {
        self.check_layout()?;
        let reparsed = parser::with_reparsed(&self.serialization, |reparsed| match reparsed {
            Ok(url) if url.same_record(self) => Ok(()),
            Ok(url) => Err(Some(url.serialization.clone())),
            Err(_) => Err(None),
        });
        let href = match reparsed {
            Ok(()) => return Ok(()),
            Err(None) => return Err(InvariantError::Reparse { reparsed: None }),
            Err(Some(href)) => href,
        };
        // The protocol setter's file URLs: the parser normalizes them once.
        if self.scheme_type == SchemeType::File
            && href == self.file_normalized()
            && parser::parse_unchecked(&href).is_ok_and(|url| url.check_invariants().is_ok())
        {
            return Ok(());
        }
        Err(InvariantError::Reparse {
            reparsed: Some(href),
        })
    }

    /// Whether every field is the same (`==` compares the hrefs only).
    fn same_record(&self, other: &Url) -> bool {
        self.serialization == other.serialization
            && self.offsets == other.offsets
            && self.port == other.port
            && self.host_kind == other.host_kind
            && self.scheme_type == other.scheme_type
    }

    /// The href of this `file:` URL as the file states write it: "localhost" as the empty
    /// host, and a first path segment that is a Windows drive letter with ':' rather than '|'.
    fn file_normalized(&self) -> String {
        let host = if self.hostname() == "localhost" {
            ""
        } else {
            self.host()
        };
        let mut path = self.pathname().to_owned();
        let b = path.as_bytes();
        if b.len() >= 3
            && b[0] == b'/'
            && lex::is_windows_drive_letter(&b[1..3])
            && (b.len() == 3 || b[3] == b'/')
        {
            path.replace_range(2..3, ":");
        }
        let rest = &self.serialization[self.path_end() as usize..];
        format!("file://{host}{path}{rest}")
    }

    /// Every invariant but the re-parse.
    fn check_layout(&self) -> Result<(), InvariantError> {
        let s = self.serialization.as_bytes();
        let len = s.len() as u32;
        let at = |i: u32, expected: &'static str| {
            if s.get(i as usize..i as usize + expected.len()) == Some(expected.as_bytes()) {
                Ok(())
            } else {
                Err(InvariantError::Separator {
                    expected,
                    offset: i,
                })
            }
        };
        let order = |offset: &'static str, value: u32, min: u32| {
            if value < min || value > len || !self.serialization.is_char_boundary(value as usize) {
                Err(InvariantError::OffsetOrder { offset, value })
            } else {
                Ok(())
            }
        };
        // The scheme and its ':'.
        order("scheme_end", self.offsets.scheme_end, 1)?;
        at(self.offsets.scheme_end, ":")?;
        let scheme = &s[..self.offsets.scheme_end as usize];
        if lex::scheme_run(scheme) != Some(scheme.len())
            || scheme.iter().any(u8::is_ascii_uppercase)
            || SchemeType::from_scheme(&self.serialization[..self.offsets.scheme_end as usize])
                != self.scheme_type
        {
            return Err(InvariantError::Scheme);
        }
        let after_scheme = self.offsets.scheme_end + 1;
        // The authority.
        if self.host_kind == HostKind::None {
            for (name, value) in [
                ("username_end", self.offsets.username_end),
                ("host_start", self.offsets.host_start),
                ("host_end", self.offsets.host_end),
            ] {
                if value != after_scheme {
                    return Err(InvariantError::OffsetOrder {
                        offset: name,
                        value,
                    });
                }
            }
            if self.port.is_some() {
                return Err(InvariantError::Port);
            }
            // The path follows the ':', or a "/." that keeps a path starting with "//" from
            // reading as a host.
            if self.offsets.path_start != after_scheme {
                order("path_start", self.offsets.path_start, after_scheme)?;
                at(after_scheme, "/.")?;
                if self.offsets.path_start != after_scheme + 2 {
                    return Err(InvariantError::OffsetOrder {
                        offset: "path_start",
                        value: self.offsets.path_start,
                    });
                }
                at(self.offsets.path_start, "//")?;
            } else if s.get(after_scheme as usize..after_scheme as usize + 2) == Some(b"//") {
                return Err(InvariantError::HostKind);
            }
        } else {
            at(after_scheme, "//")?;
            let authority = after_scheme + 2;
            order("username_end", self.offsets.username_end, authority)?;
            order(
                "host_start",
                self.offsets.host_start,
                self.offsets.username_end,
            )?;
            if self.offsets.host_start > authority {
                // Credentials: the username, then ':' and a non-empty password, then '@'.
                at(self.offsets.host_start - 1, "@")?;
                if self.offsets.username_end + 1 < self.offsets.host_start {
                    at(self.offsets.username_end, ":")?;
                } else if self.offsets.username_end + 1 != self.offsets.host_start {
                    return Err(InvariantError::OffsetOrder {
                        offset: "username_end",
                        value: self.offsets.username_end,
                    });
                }
            } else if self.offsets.username_end != authority {
                return Err(InvariantError::OffsetOrder {
                    offset: "username_end",
                    value: self.offsets.username_end,
                });
            }
            order("host_end", self.offsets.host_end, self.offsets.host_start)?;
            let host = &s[self.offsets.host_start as usize..self.offsets.host_end as usize];
            let kind_fits = match self.host_kind {
                HostKind::Empty => host.is_empty(),
                HostKind::Ipv6 => host.len() > 2 && host[0] == b'[' && host[host.len() - 1] == b']',
                HostKind::Ipv4 => {
                    !host.is_empty() && host.iter().all(|&b| b == b'.' || b.is_ascii_digit())
                }
                HostKind::Domain | HostKind::Opaque => !host.is_empty() && host[0] != b'[',
                HostKind::None => false,
            };
            if !kind_fits {
                return Err(InvariantError::HostKind);
            }
            order("path_start", self.offsets.path_start, self.offsets.host_end)?;
            match self.port {
                Some(port) => {
                    at(self.offsets.host_end, ":")?;
                    // The port in decimal, without leading zeros, and not the default port.
                    let written =
                        &s[self.offsets.host_end as usize + 1..self.offsets.path_start as usize];
                    if lex::whole_port(written) != Ok(Some(port))
                        || (written.len() > 1 && written[0] == b'0')
                        || Some(port) == self.scheme_type.default_port()
                    {
                        return Err(InvariantError::Port);
                    }
                }
                None if self.offsets.path_start != self.offsets.host_end => {
                    return Err(InvariantError::OffsetOrder {
                        offset: "path_start",
                        value: self.offsets.path_start,
                    });
                }
                None => {}
            }
        }
        // The path: a special URL's and one after a host start with '/'.
        let path_end = self.path_end();
        if (self.scheme_type.is_special() || self.host_kind != HostKind::None)
            && self.offsets.path_start != path_end
        {
            at(self.offsets.path_start, "/")?;
        }
        if self.scheme_type.is_special() && self.offsets.path_start == path_end {
            return Err(InvariantError::Separator {
                expected: "/",
                offset: self.offsets.path_start,
            });
        }
        // The query and the fragment.
        if self.offsets.query_start != 0 {
            order(
                "query_start",
                self.offsets.query_start,
                self.offsets.path_start,
            )?;
            at(self.offsets.query_start, "?")?;
        }
        if self.offsets.fragment_start != 0 {
            order(
                "fragment_start",
                self.offsets.fragment_start,
                self.offsets.path_start.max(self.offsets.query_start),
            )?;
            at(self.offsets.fragment_start, "#")?;
            if self.offsets.query_start == self.offsets.fragment_start {
                return Err(InvariantError::OffsetOrder {
                    offset: "fragment_start",
                    value: self.offsets.fragment_start,
                });
            }
        }
        Ok(())
    }

    /// In debug builds: panics, naming the broken invariant and the URL, unless
    /// [`Url::check_invariants`] passes. Nothing in release builds.
    #[inline]
    pub(crate) fn debug_check_invariants(&self) {
        #[cfg(debug_assertions)]
        if let Err(e) = self.check_invariants() {
            panic!("{e}: {:?} {self:?}", self.serialization);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Breaks one field of a valid URL and expects `check_invariants` to say which rule broke.
    #[test]
    fn each_broken_rule_is_named() {
        let url = Url::parse("https://u:p@example.com:8080/a?q#f").unwrap();
        assert_eq!(url.check_invariants(), Ok(()));
        let broken = |f: &dyn Fn(&mut Url)| {
            let mut u = url.clone();
            f(&mut u);
            u.check_invariants().unwrap_err()
        };
        assert_eq!(
            broken(&|u| u.offsets.scheme_end = 4),
            InvariantError::Separator {
                expected: ":",
                offset: 4
            }
        );
        assert_eq!(
            broken(&|u| u.scheme_type = SchemeType::Http),
            InvariantError::Scheme
        );
        assert_eq!(
            broken(&|u| u.offsets.host_start -= 1),
            InvariantError::Separator {
                expected: "@",
                offset: 10
            }
        );
        assert_eq!(broken(&|u| u.port = Some(8081)), InvariantError::Port);
        assert_eq!(
            broken(&|u| u.port = None),
            InvariantError::OffsetOrder {
                offset: "path_start",
                value: url.offsets.path_start
            }
        );
        assert_eq!(
            broken(&|u| u.host_kind = HostKind::Ipv6),
            InvariantError::HostKind
        );
        assert_eq!(
            broken(&|u| u.offsets.query_start += 1),
            InvariantError::Separator {
                expected: "?",
                offset: url.offsets.query_start + 1
            }
        );
        assert_eq!(
            broken(&|u| u.offsets.fragment_start = u.serialization.len() as u32 + 1),
            InvariantError::OffsetOrder {
                offset: "fragment_start",
                value: url.serialization.len() as u32 + 1
            }
        );
        // Consistent offsets over a serialization that parses differently.
        assert_eq!(
            broken(&|u| u.host_kind = HostKind::Opaque),
            InvariantError::Reparse {
                reparsed: Some(url.href().to_owned())
            }
        );
        let mut hostless = Url::parse("web+demo:/.//not-a-host/").unwrap();
        assert_eq!(hostless.check_invariants(), Ok(()));
        hostless.offsets.path_start -= 2;
        assert!(hostless.check_invariants().is_err());
    }

    #[test]
    fn the_protocol_setters_file_urls_pass() {
        let mut url = Url::parse("http://localhost/C|/x").unwrap();
        url.set_protocol("file").unwrap();
        assert_eq!(url.href(), "file://localhost/C|/x");
        assert_eq!(url.check_invariants(), Ok(()));
    }
}
