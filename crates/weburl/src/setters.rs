//! The URL API's setters: <https://url.spec.whatwg.org/#urlutils-members>.
//!
//! Each setter runs the part of the basic URL parser that the spec runs with a state override,
//! on the new value alone, and splices the result into the serialization: only the component's
//! bytes are rewritten and the offsets after it shift. Nothing is reparsed.
//!
//! Where the spec's setter "returns" without changing the URL, the Rust setter returns an
//! [`Err`] saying why. As in the spec, the `host` setter can change the host and then stop at a
//! bad port: the error then says so and the new host stays.

use crate::host::HostKind;
use crate::lex::remove_tab_and_newline;
pub use crate::parser::SetterError;
use crate::parser::{self, ParseError};
use crate::percent::{EncodeSet, encode_into};
use crate::url::{SchemeType, Url};

/// The offsets of a [`Url`] in the order the components appear, for [`Url::splice`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Offset {
    UsernameEnd,
    HostStart,
    HostEnd,
    PathStart,
    QueryStart,
    FragmentStart,
    /// Nothing after the replaced range moves.
    None,
}

/// Runs `f` with a cleared buffer that this thread reuses, so that a setter builds its new text
/// without allocating (once the buffer has grown).
fn with_scratch<R>(f: impl FnOnce(&mut String) -> R) -> R {
    crate::scratch::with(&crate::scratch::SETTER, f)
}

impl Url {
    /// Replaces `[start, end)` of the serialization with `text` and moves the offsets of the
    /// components from `first_moved` on by the change in length. The offsets of the component
    /// being replaced, and of those before it, are the caller's to set.
    pub(crate) fn splice(&mut self, start: u32, end: u32, text: &str, first_moved: Offset) {
        debug_assert!(
            start <= end && end as usize <= self.serialization.len(),
            "splice of {start}..{end} in {:?}",
            self.serialization
        );
        // Offsets that move are at or after the replaced range; those that stay are not after
        // it (the caller sets those inside it).
        debug_assert!(
            self.moving_offsets(first_moved).all(|o| o >= end)
                && self.staying_offsets(first_moved).all(|o| o <= end),
            "splice of {start}..{end} moving from {first_moved:?} in {self:?}"
        );
        self.serialization
            .replace_range(start as usize..end as usize, text);
        let delta = text.len() as i64 - i64::from(end - start);
        let moved = |offset: &mut u32| *offset = (i64::from(*offset) + delta) as u32;
        if first_moved <= Offset::UsernameEnd {
            moved(&mut self.offsets.username_end);
        }
        if first_moved <= Offset::HostStart {
            moved(&mut self.offsets.host_start);
        }
        if first_moved <= Offset::HostEnd {
            moved(&mut self.offsets.host_end);
        }
        if first_moved <= Offset::PathStart {
            moved(&mut self.offsets.path_start);
        }
        if first_moved <= Offset::QueryStart && self.offsets.query_start != 0 {
            moved(&mut self.offsets.query_start);
        }
        if first_moved <= Offset::FragmentStart && self.offsets.fragment_start != 0 {
            moved(&mut self.offsets.fragment_start);
        }
    }

    /// The offsets that [`Url::splice`] moves (from `first_moved` on, null ones left out).
    fn moving_offsets(&self, first_moved: Offset) -> impl Iterator<Item = u32> {
        self.offsets_in_order()
            .into_iter()
            .filter(move |&(which, value)| {
                which >= first_moved && !self.is_null_offset(which, value)
            })
            .map(|(_, value)| value)
    }

    /// The offsets that [`Url::splice`] leaves where they are.
    fn staying_offsets(&self, first_moved: Offset) -> impl Iterator<Item = u32> {
        self.offsets_in_order()
            .into_iter()
            .filter(move |&(which, value)| {
                which < first_moved && !self.is_null_offset(which, value)
            })
            .map(|(_, value)| value)
    }

    fn offsets_in_order(&self) -> [(Offset, u32); 6] {
        [
            (Offset::UsernameEnd, self.offsets.username_end),
            (Offset::HostStart, self.offsets.host_start),
            (Offset::HostEnd, self.offsets.host_end),
            (Offset::PathStart, self.offsets.path_start),
            (Offset::QueryStart, self.offsets.query_start),
            (Offset::FragmentStart, self.offsets.fragment_start),
        ]
    }

    /// A query or fragment start of 0 stands for null.
    fn is_null_offset(&self, which: Offset, value: u32) -> bool {
        matches!(which, Offset::QueryStart | Offset::FragmentStart) && value == 0
    }

    /// Whether the URL [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port).
    ///
    /// ```
    /// use weburl::Url;
    /// assert!(Url::parse("file:///x").unwrap().cannot_have_username_password_port());
    /// assert!(Url::parse("sc:x").unwrap().cannot_have_username_password_port());
    /// assert!(!Url::parse("sc://h/").unwrap().cannot_have_username_password_port());
    /// ```
    #[must_use]
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host_kind, HostKind::None | HostKind::Empty)
            || self.scheme_type == SchemeType::File
    }

    /// The `href` setter: parses `value` and, when it parses, replaces this URL with it.
    ///
    /// An already normal `value` is written into this URL's buffer, so a loop that parses
    /// many URLs through one `Url` allocates only when a URL is longer than all before it.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://a/").unwrap();
    /// url.set_href("https://b/c").unwrap();
    /// assert_eq!(url.href(), "https://b/c");
    /// assert!(url.set_href("not a url").is_err());
    /// assert_eq!(url.href(), "https://b/c");
    ///
    /// // One buffer for a whole list:
    /// let mut hosts = Vec::new();
    /// for line in ["https://a.example/x", "HTTP://B.example", "https://c.example:8080/"] {
    ///     if url.set_href(line).is_ok() {
    ///         hosts.push(url.host().to_owned());
    ///     }
    /// }
    /// assert_eq!(hosts, ["a.example", "b.example", "c.example:8080"]);
    /// ```
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        // (Checks the new URL's invariants in debug builds.)
        Url::options().parse_into(value, self)
    }

    /// The `protocol` setter: the scheme start state with a state override, on `value` + ":".
    ///
    /// <https://url.spec.whatwg.org/#dom-url-protocol>
    ///
    /// ```
    /// use weburl::{SetterError, Url};
    /// let mut url = Url::parse("http://example.com:443/").unwrap();
    /// url.set_protocol("HTTPS").unwrap();
    /// assert_eq!(url.href(), "https://example.com/"); // 443 is now the default port
    /// assert_eq!(url.set_protocol("git"), Err(SetterError::SpecialnessChange));
    /// ```
    pub fn set_protocol(&mut self, value: &str) -> Result<(), SetterError> {
        let result = self.set_protocol_steps(value);
        self.debug_check_invariants();
        result
    }

    /// The steps of [`Url::set_protocol`].
    fn set_protocol_steps(&mut self, value: &str) -> Result<(), SetterError> {
        let input = remove_tab_and_newline(value);
        with_scratch(|scheme| {
            let (new_type, port) = parser::parse_scheme_for_setter(scheme, &input, self)?;
            self.splice(0, self.offsets.scheme_end, scheme, Offset::UsernameEnd);
            self.offsets.scheme_end = scheme.len() as u32;
            self.scheme_type = new_type;
            if port != self.port {
                // The port was the new scheme's default port.
                self.splice(
                    self.offsets.host_end,
                    self.offsets.path_start,
                    "",
                    Offset::PathStart,
                );
                self.port = None;
            }
            Ok(())
        })
    }

    /// Rewrites the userinfo: the new username or password (`value`, encoded here) with the
    /// current other one.
    fn write_userinfo(&mut self, value: &str, is_password: bool) {
        let start = self.offsets.scheme_end + 3;
        with_scratch(|userinfo| {
            let username_len = if is_password {
                userinfo.push_str(self.username());
                let len = userinfo.len();
                userinfo.push(':');
                encode_into(userinfo, value, EncodeSet::USERINFO);
                if userinfo.len() == len + 1 {
                    userinfo.pop();
                }
                len
            } else {
                encode_into(userinfo, value, EncodeSet::USERINFO);
                let len = userinfo.len();
                let password = self.password();
                if !password.is_empty() {
                    userinfo.push(':');
                    userinfo.push_str(password);
                }
                len
            };
            if !userinfo.is_empty() {
                userinfo.push('@');
            }
            self.splice(start, self.offsets.host_start, userinfo, Offset::HostEnd);
            self.offsets.username_end = start + username_len as u32;
            self.offsets.host_start = start + userinfo.len() as u32;
        });
    }

    /// The `username` setter.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-username>
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com/").unwrap();
    /// url.set_username("me@home").unwrap();
    /// assert_eq!(url.href(), "https://me%40home@example.com/");
    /// url.set_username("").unwrap();
    /// assert_eq!(url.href(), "https://example.com/");
    /// assert!(weburl::Url::parse("file:///x").unwrap().set_username("a").is_err());
    /// ```
    pub fn set_username(&mut self, value: &str) -> Result<(), SetterError> {
        let result = self.set_username_steps(value);
        self.debug_check_invariants();
        result
    }

    /// The steps of [`Url::set_username`].
    fn set_username_steps(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        self.write_userinfo(value, false);
        Ok(())
    }

    /// The `password` setter.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-password>
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://me@example.com/").unwrap();
    /// url.set_password("s3cr:t").unwrap();
    /// assert_eq!(url.href(), "https://me:s3cr%3At@example.com/");
    /// ```
    pub fn set_password(&mut self, value: &str) -> Result<(), SetterError> {
        let result = self.set_password_steps(value);
        self.debug_check_invariants();
        result
    }

    /// The steps of [`Url::set_password`].
    fn set_password_steps(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        self.write_userinfo(value, true);
        Ok(())
    }

    /// Replaces the host with `host` (serialized, of kind `kind`).
    fn splice_host(&mut self, host: &str, kind: HostKind) {
        if self.host_kind == HostKind::None {
            // Gaining a host: "//" goes in after the scheme, and a "/." before the path is no
            // longer needed.
            let after_scheme = self.offsets.scheme_end + 1;
            self.splice(
                after_scheme,
                self.offsets.path_start,
                "//",
                Offset::QueryStart,
            );
            self.offsets.username_end = after_scheme + 2;
            self.offsets.host_start = after_scheme + 2;
            self.offsets.host_end = after_scheme + 2;
            self.offsets.path_start = after_scheme + 2;
        }
        self.splice(
            self.offsets.host_start,
            self.offsets.host_end,
            host,
            Offset::PathStart,
        );
        self.offsets.host_end = self.offsets.host_start + host.len() as u32;
        self.host_kind = kind;
        debug_assert!(
            self.offsets.host_end <= self.offsets.path_start
                && self.offsets.host_start >= self.offsets.scheme_end + 3
        );
    }

    /// Replaces the port with `port` (already null if it is the default port), whose
    /// serialization (':' and digits, or nothing) is `text`.
    fn splice_port(&mut self, port: Option<u16>, text: &str) {
        self.splice(
            self.offsets.host_end,
            self.offsets.path_start,
            text,
            Offset::QueryStart,
        );
        self.offsets.path_start = self.offsets.host_end + text.len() as u32;
        self.port = port;
        debug_assert!(port.is_some() == (self.offsets.path_start > self.offsets.host_end));
    }

    /// The host and hostname setters: the basic URL parser on the value with the host (or
    /// hostname) state as state override, then the new host (and port) spliced in.
    fn set_host_internal(&mut self, value: &str, hostname_only: bool) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let input = remove_tab_and_newline(value);
        with_scratch(|out| {
            let parsed = parser::parse_host_for_setter(out, &input, self, hostname_only)?;
            let (host, port_text) = out.split_at(parsed.host_len);
            self.splice_host(host, parsed.kind);
            if let Some(port) = parsed.port {
                self.splice_port(port, port_text);
            }
            match parsed.port_failure {
                Some(e) => Err(e.into()),
                None => Ok(()),
            }
        })
    }

    /// The `host` setter: a host, optionally followed by ':' and a port.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-host>
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com:8080/a").unwrap();
    /// url.set_host("EXAMPLE.org:443").unwrap();
    /// assert_eq!(url.href(), "https://example.org/a");
    /// url.set_host("example.net").unwrap(); // no port given: the port is kept (here: none)
    /// assert_eq!(url.host(), "example.net");
    /// ```
    pub fn set_host(&mut self, value: &str) -> Result<(), SetterError> {
        let result = self.set_host_steps(value);
        self.debug_check_invariants();
        result
    }

    /// The steps of [`Url::set_host`].
    fn set_host_steps(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_internal(value, false)
    }

    /// The `hostname` setter: a host without a port.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hostname>
    ///
    /// ```
    /// use weburl::{SetterError, Url};
    /// let mut url = Url::parse("http://example.com:81/").unwrap();
    /// url.set_hostname("[::1]").unwrap();
    /// assert_eq!(url.href(), "http://[::1]:81/");
    /// assert_eq!(url.set_hostname("a:1"), Err(SetterError::HostnameWithPort));
    /// ```
    pub fn set_hostname(&mut self, value: &str) -> Result<(), SetterError> {
        let result = self.set_hostname_steps(value);
        self.debug_check_invariants();
        result
    }

    /// The steps of [`Url::set_hostname`].
    fn set_hostname_steps(&mut self, value: &str) -> Result<(), SetterError> {
        self.set_host_internal(value, true)
    }

    /// The `port` setter: "" removes the port; otherwise the leading digits are the port.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-port>
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://example.com/").unwrap();
    /// url.set_port("8080stuff").unwrap();
    /// assert_eq!(url.host(), "example.com:8080");
    /// url.set_port("80").unwrap();
    /// assert_eq!(url.href(), "http://example.com/");
    /// assert!(url.set_port("99999").is_err());
    /// ```
    pub fn set_port(&mut self, value: &str) -> Result<(), SetterError> {
        let result = self.set_port_steps(value);
        self.debug_check_invariants();
        result
    }

    /// The steps of [`Url::set_port`].
    fn set_port_steps(&mut self, value: &str) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHaveUsernamePasswordPort);
        }
        if value.is_empty() {
            self.splice_port(None, "");
            return Ok(());
        }
        let input = remove_tab_and_newline(value);
        with_scratch(|text| {
            let port = parser::parse_port_for_setter(text, &input, self)?;
            self.splice_port(port, text);
            Ok(())
        })
    }

    /// The `pathname` setter: the path start state with a state override.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-pathname>
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com/old?q").unwrap();
    /// url.set_pathname("/a b/../c?#").unwrap();
    /// assert_eq!(url.href(), "https://example.com/c%3F%23?q");
    /// ```
    pub fn set_pathname(&mut self, value: &str) -> Result<(), SetterError> {
        let result = self.set_pathname_steps(value);
        self.debug_check_invariants();
        result
    }

    /// The steps of [`Url::set_pathname`].
    fn set_pathname_steps(&mut self, value: &str) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let input = remove_tab_and_newline(value);
        // A hostless path that starts with an empty segment is serialized after "/.".
        let start = if self.has_host() {
            self.offsets.path_start
        } else {
            self.offsets.scheme_end + 1
        };
        let end = self.path_end();
        with_scratch(|path| {
            parser::parse_path_for_setter(path, &input, self.scheme_type, self.has_host());
            let prefix = if !self.has_host() && path.starts_with("//") {
                path.insert_str(0, "/.");
                2
            } else {
                0
            };
            self.splice(start, end, path, Offset::QueryStart);
            self.offsets.path_start = start + prefix;
        });
        Ok(())
    }

    /// The `search` setter: "" removes the query; otherwise one leading '?' is dropped and the
    /// rest is percent-encoded as a query (a '#' too).
    ///
    /// <https://url.spec.whatwg.org/#dom-url-search>
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com/p#f").unwrap();
    /// url.set_search("?a=1 2#3");
    /// assert_eq!(url.href(), "https://example.com/p?a=1%202%233#f");
    /// url.set_search("");
    /// assert_eq!(url.href(), "https://example.com/p#f");
    /// ```
    pub fn set_search(&mut self, value: &str) {
        self.set_search_steps(value);
        self.debug_check_invariants();
    }

    /// The steps of [`Url::set_search`].
    fn set_search_steps(&mut self, value: &str) {
        let start = self.path_end();
        let end = self.query_end();
        if value.is_empty() {
            self.splice(start, end, "", Offset::FragmentStart);
            self.offsets.query_start = 0;
            return;
        }
        let value = value.strip_prefix('?').unwrap_or(value);
        let input = remove_tab_and_newline(value);
        let set = if self.is_special() {
            EncodeSet::SPECIAL_QUERY
        } else {
            EncodeSet::QUERY
        };
        with_scratch(|query| {
            query.push('?');
            encode_into(query, &input, set);
            self.splice(start, end, query, Offset::FragmentStart);
        });
        self.offsets.query_start = start;
    }

    /// The `hash` setter: "" removes the fragment; otherwise one leading '#' is dropped and the
    /// rest is percent-encoded as a fragment.
    ///
    /// <https://url.spec.whatwg.org/#dom-url-hash>
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com/p").unwrap();
    /// url.set_hash("#top `x`");
    /// assert_eq!(url.href(), "https://example.com/p#top%20%60x%60");
    /// url.set_hash("");
    /// assert_eq!(url.href(), "https://example.com/p");
    /// ```
    pub fn set_hash(&mut self, value: &str) {
        self.set_hash_steps(value);
        self.debug_check_invariants();
    }

    /// The steps of [`Url::set_hash`].
    fn set_hash_steps(&mut self, value: &str) {
        let start = self.query_end();
        let end = self.serialization.len() as u32;
        if value.is_empty() {
            self.splice(start, end, "", Offset::None);
            self.offsets.fragment_start = 0;
            return;
        }
        let value = value.strip_prefix('#').unwrap_or(value);
        let input = remove_tab_and_newline(value);
        with_scratch(|fragment| {
            fragment.push('#');
            encode_into(fragment, &input, EncodeSet::FRAGMENT);
            self.splice(start, end, fragment, Offset::None);
        });
        self.offsets.fragment_start = start;
    }
}
