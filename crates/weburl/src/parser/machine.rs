//! The basic URL parser's state machine: <https://url.spec.whatwg.org/#concept-basic-url-parser>.
//!
//! Each state of the spec is a method of [`Run`] named after it, with the spec's anchor above
//! it. The states write straight into the output buffer, which ends up as the URL's
//! serialization. The byte classes and scanners they use are in [`super::lex`].

use encoding_rs::{Encoding, UTF_8};

use super::fast_path;
use super::{ParseError, SetterError};
use crate::host::{self, HostKind};
use crate::lex::{
    AuthorityScan, find_authority_end, is_double_dot, is_normalized_windows_drive_letter,
    is_single_dot, is_windows_drive_letter, push_decimal, rfind_byte, scan_authority, scheme_len,
    starts_with_windows_drive_letter,
};
use crate::lex::{ascii_digits_len, host_end, port_value, scheme_run};
use crate::offsets::Offsets;
use crate::percent::{EncodeSet, Stop, encode_into, encode_until, percent_encode_after_encoding};
use crate::trace::InputPart;
use crate::url::{SchemeType, Url};
use crate::validation_error::{Reporter, ValidationErrorKind};

/// The states of the basic URL parser that are entered from more than one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    SchemeStart,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
    Done,
}

/// One run of the parser over one input: the input, the position in it (the spec's pointer),
/// and the URL being built (its serialization and offsets).
pub(super) struct Run<'a, 'b, 'r> {
    input: &'a str,
    bytes: &'a [u8],
    /// The spec's pointer.
    pos: usize,
    base: Option<&'b Url>,
    pub(super) out: String,
    /// Where each component is in `out`, so far.
    offsets: Offsets<usize>,
    port: Option<u16>,
    host_kind: HostKind,
    scheme_type: SchemeType,
    /// Whether a setter runs the parser with a state override (only the path states need to
    /// know: '?' and '#' do not end the path then).
    state_override: bool,
    /// The encoding for queries of special URLs.
    pub(super) encoding: &'static Encoding,
    /// Only find out whether the input parses (`URL.canParse()`).
    pub(super) validate_only: bool,
    /// Where validation errors go.
    report: Reporter<'r>,
    /// A setter's port state failed after its host state set the host.
    port_failure: Option<ParseError>,
    /// A setter's value held a port, now in `port` (and in the output after the host).
    port_given: bool,
    /// The end of a Windows drive letter that the file host state handed to the path state as
    /// its buffer: the path state does not read those code points again, so it reports no
    /// invalid-URL-unit for them.
    drive_letter_buffer_end: usize,
}

impl<'a, 'b, 'r> Run<'a, 'b, 'r> {
    pub(super) fn new(
        input: &'a str,
        base: Option<&'b Url>,
        out: String,
        report: Reporter<'r>,
    ) -> Self {
        Run {
            input,
            bytes: input.as_bytes(),
            pos: 0,
            base,
            out,
            offsets: Offsets::default(),
            port: None,
            port_failure: None,
            port_given: false,
            drive_letter_buffer_end: 0,
            host_kind: HostKind::None,
            scheme_type: SchemeType::NotSpecial,
            state_override: false,
            encoding: UTF_8,
            validate_only: false,
            report,
        }
    }

    /// Reports a validation error at `offset` (in the cleaned input) if anyone listens.
    #[inline(always)]
    fn error(&mut self, kind: ValidationErrorKind, offset: usize) {
        if self.report.enabled() {
            self.report.report(kind, offset);
        }
    }

    /// Reports the validation error of a failure and returns the failure.
    fn fail(&mut self, error: ParseError, offset: usize) -> ParseError {
        // The host parser reports its own errors.
        if !matches!(error, ParseError::InvalidHost(_))
            && let Some(kind) = error.kind()
        {
            self.error(kind, offset);
        }
        error
    }

    /// The host parser on `input[start..end]`, writing to the output, with its validation
    /// errors reported at `start`.
    fn parse_host(
        &mut self,
        start: usize,
        end: usize,
        is_opaque: bool,
    ) -> Result<HostKind, ParseError> {
        host::parse_host_reporting(
            &mut self.out,
            &self.input[start..end],
            is_opaque,
            &mut self.report,
            start,
        )
        .map_err(ParseError::InvalidHost)
    }

    /// The spec's c: the byte at the pointer, or `None` for the EOF code point.
    #[inline]
    fn c(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The spec's remaining: the input after the pointer.
    #[inline]
    fn remaining(&self) -> &[u8] {
        self.bytes.get(self.pos + 1..).unwrap_or(&[])
    }

    #[inline]
    fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    pub(super) fn run(&mut self) -> Result<(), ParseError> {
        let mut state = State::SchemeStart;
        loop {
            // Nothing after the path start can fail: a validity check can stop there.
            if self.validate_only
                && matches!(
                    state,
                    State::PathStart
                        | State::Path
                        | State::OpaquePath
                        | State::Query
                        | State::Fragment
                )
            {
                return Ok(());
            }
            state = match state {
                State::SchemeStart => self.scheme_start_state(),
                State::NoScheme => self.no_scheme_state()?,
                State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state(),
                State::PathOrAuthority => self.path_or_authority_state(),
                State::Relative => self.relative_state(),
                State::RelativeSlash => self.relative_slash_state(),
                State::SpecialAuthoritySlashes => self.special_authority_slashes_state(),
                State::SpecialAuthorityIgnoreSlashes => {
                    self.special_authority_ignore_slashes_state()
                }
                State::Authority => self.authority_state()?,
                State::File => self.file_state(),
                State::FileSlash => self.file_slash_state(),
                State::FileHost => self.file_host_state()?,
                State::PathStart => self.path_start_state(),
                State::Path => self.path_state(),
                State::OpaquePath => self.opaque_path_state(),
                State::Query => self.query_state(),
                State::Fragment => self.fragment_state(),
                State::Done => return Ok(()),
            };
        }
    }

    // https://url.spec.whatwg.org/#scheme-start-state
    // https://url.spec.whatwg.org/#scheme-state
    fn scheme_start_state(&mut self) -> State {
        // Scheme start state: an ASCII alpha starts a scheme; anything else means no scheme.
        // Scheme state: ASCII alphanumerics, '+', '-' and '.', then ':'; without the ':',
        // start over from the first code point in the no scheme state.
        let Some(len) = scheme_len(self.bytes) else {
            return State::NoScheme;
        };
        let scheme = &self.input[..len];
        self.out.push_str(scheme);
        self.out.make_ascii_lowercase();
        self.offsets.scheme_end = len;
        self.scheme_type = SchemeType::from_scheme(&self.out);
        self.out.push(':');
        self.pos = len + 1;
        self.report.span(InputPart::Protocol, 0, self.pos);
        // The rest of the ':' branch of the scheme state.
        if self.scheme_type == SchemeType::File {
            if !self.bytes[self.pos..].starts_with(b"//") {
                self.error(
                    ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                    self.pos,
                );
            }
            return State::File;
        }
        if self.is_special() {
            if self
                .base
                .is_some_and(|base| base.scheme() == &self.out[..self.offsets.scheme_end])
            {
                return State::SpecialRelativeOrAuthority;
            }
            return State::SpecialAuthoritySlashes;
        }
        if self.c() == Some(b'/') {
            self.pos += 1;
            return State::PathOrAuthority;
        }
        State::OpaquePath
    }

    // https://url.spec.whatwg.org/#no-scheme-state
    fn no_scheme_state(&mut self) -> Result<State, ParseError> {
        let Some(base) = self.base else {
            return Err(self.fail(ParseError::MissingSchemeNonRelativeUrl, self.pos));
        };
        let c = self.c();
        if base.has_opaque_path() {
            if c != Some(b'#') {
                return Err(self.fail(ParseError::MissingSchemeNonRelativeUrl, self.pos));
            }
            // Scheme, path and query of the base; an empty fragment.
            self.copy_base_through_query(base);
            self.pos += 1;
            return Ok(self.start_fragment());
        }
        if base.scheme_type != SchemeType::File {
            return Ok(State::Relative);
        }
        Ok(State::File)
    }

    // https://url.spec.whatwg.org/#special-relative-or-authority-state
    fn special_relative_or_authority_state(&mut self) -> State {
        if self.c() == Some(b'/') && self.remaining().first() == Some(&b'/') {
            self.pos += 2;
            State::SpecialAuthorityIgnoreSlashes
        } else {
            self.error(
                ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                self.pos,
            );
            State::Relative
        }
    }

    // https://url.spec.whatwg.org/#path-or-authority-state
    fn path_or_authority_state(&mut self) -> State {
        if self.c() == Some(b'/') {
            self.pos += 1;
            State::Authority
        } else {
            self.offsets.path_start = self.out.len();
            State::Path
        }
    }

    /// Sets the URL's scheme to the base's scheme (the output holds at most a scheme so far).
    fn set_scheme_from_base(&mut self, base: &Url) {
        self.out.clear();
        self.out
            .push_str(&base.serialization[..base.offsets.scheme_end as usize + 1]);
        self.offsets.scheme_end = base.offsets.scheme_end as usize;
        self.scheme_type = base.scheme_type;
    }

    /// Sets the URL's username, password, host and port to the base's: copies the base's
    /// serialization up to the end of its authority (its scheme is already in the output).
    fn copy_base_authority(&mut self, base: &Url) {
        let authority_end = if base.has_host() {
            base.offsets.path_start as usize
        } else {
            base.offsets.scheme_end as usize + 1
        };
        self.out.truncate(base.offsets.scheme_end as usize + 1);
        self.out
            .push_str(&base.serialization[base.offsets.scheme_end as usize + 1..authority_end]);
        self.offsets.username_end = base.offsets.username_end as usize;
        self.offsets.host_start = base.offsets.host_start as usize;
        self.offsets.host_end = base.offsets.host_end as usize;
        self.port = base.port;
        self.host_kind = base.host_kind;
        self.offsets.path_start = self.out.len();
    }

    /// Copies the base's path (a clone of the list, or the opaque path).
    fn copy_base_path(&mut self, base: &Url) {
        self.out.push_str(
            &base.serialization[base.offsets.path_start as usize..base.path_end() as usize],
        );
    }

    /// Copies the base's query, if it is not null.
    fn copy_base_query(&mut self, base: &Url) {
        if base.offsets.query_start != 0 {
            self.offsets.query_start = self.out.len();
            self.out.push_str(
                &base.serialization[base.offsets.query_start as usize..base.query_end() as usize],
            );
        }
    }

    /// Scheme, username, password, host, port, path and query of the base.
    fn copy_base_through_query(&mut self, base: &Url) {
        self.set_scheme_from_base(base);
        self.copy_base_authority(base);
        self.copy_base_path(base);
        self.copy_base_query(base);
    }

    // https://url.spec.whatwg.org/#relative-state
    fn relative_state(&mut self) -> State {
        let base = self.base.expect("the relative state has a base");
        self.set_scheme_from_base(base);
        match self.c() {
            Some(b'/') => {
                self.pos += 1;
                State::RelativeSlash
            }
            Some(b'\\') if self.is_special() => {
                self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
                self.pos += 1;
                State::RelativeSlash
            }
            c => {
                self.copy_base_authority(base);
                self.copy_base_path(base);
                match c {
                    Some(b'?') => {
                        self.pos += 1;
                        self.start_query()
                    }
                    Some(b'#') => {
                        self.copy_base_query(base);
                        self.pos += 1;
                        self.start_fragment()
                    }
                    Some(_) => {
                        self.shorten_path();
                        State::Path
                    }
                    None => {
                        self.copy_base_query(base);
                        State::Done
                    }
                }
            }
        }
    }

    // https://url.spec.whatwg.org/#relative-slash-state
    fn relative_slash_state(&mut self) -> State {
        let c = self.c();
        if self.is_special() && matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
            }
            self.pos += 1;
            State::SpecialAuthorityIgnoreSlashes
        } else if c == Some(b'/') {
            self.pos += 1;
            State::Authority
        } else {
            let base = self.base.expect("the relative slash state has a base");
            self.copy_base_authority(base);
            State::Path
        }
    }

    // https://url.spec.whatwg.org/#special-authority-slashes-state
    fn special_authority_slashes_state(&mut self) -> State {
        if self.c() == Some(b'/') && self.remaining().first() == Some(&b'/') {
            self.pos += 2;
        } else {
            self.error(
                ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                self.pos,
            );
        }
        State::SpecialAuthorityIgnoreSlashes
    }

    // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
    fn special_authority_ignore_slashes_state(&mut self) -> State {
        while matches!(self.c(), Some(b'/' | b'\\')) {
            self.error(
                ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                self.pos,
            );
            self.pos += 1;
        }
        State::Authority
    }

    // https://url.spec.whatwg.org/#authority-state
    // https://url.spec.whatwg.org/#host-state
    // https://url.spec.whatwg.org/#port-state
    fn authority_state(&mut self) -> Result<State, ParseError> {
        let special = self.is_special();
        let AuthorityScan {
            end,
            last_at,
            colon,
        } = scan_authority(self.bytes, self.pos, special);
        if self.report.tracing() {
            self.trace_authority(end, last_at, colon);
        }
        self.out.truncate(self.offsets.scheme_end + 1);
        self.out.push_str("//");
        let userinfo_start = self.out.len();
        // Authority state: everything before the last '@' is userinfo; its first ':' splits the
        // username from the password. (Every earlier '@' is percent-encoded, as the spec's
        // "prepend %40 to buffer" does.)
        if let Some(at) = last_at {
            if self.report.enabled() {
                for i in memchr::memchr_iter(b'@', &self.bytes[self.pos..end]) {
                    self.error(ValidationErrorKind::InvalidCredentials, self.pos + i);
                }
            }
            let userinfo = &self.input[self.pos..at];
            // A userinfo cannot fail: a validity check need not write it.
            let (username, password) = if self.validate_only {
                ("", "")
            } else {
                match userinfo.find(':') {
                    Some(i) => (&userinfo[..i], &userinfo[i + 1..]),
                    None => (userinfo, ""),
                }
            };
            encode_into(&mut self.out, username, EncodeSet::USERINFO);
            self.offsets.username_end = self.out.len();
            if !password.is_empty() {
                self.out.push(':');
                encode_into(&mut self.out, password, EncodeSet::USERINFO);
            }
            if self.out.len() > userinfo_start {
                self.out.push('@');
            }
            self.pos = at + 1;
            // An '@' followed by an empty host.
            if self.pos == end {
                return Err(self.fail(ParseError::HostMissing, end));
            }
        } else {
            self.offsets.username_end = userinfo_start;
        }
        self.offsets.host_start = self.out.len();
        // Host state: the host ends at the first ':' outside brackets.
        let host_end = colon.unwrap_or(end);
        if host_end == self.pos && (colon.is_some() || special) {
            return Err(self.fail(ParseError::HostMissing, self.pos));
        }
        self.host_kind = self.parse_host(self.pos, host_end, !special)?;
        self.offsets.host_end = self.out.len();
        // Port state.
        if let Some(colon) = colon {
            self.port_state(colon + 1, end)?;
        }
        self.pos = end;
        self.offsets.path_start = self.out.len();
        Ok(State::PathStart)
    }

    /// Reports the authority's spans (before any of it is parsed, so that a host that fails
    /// is shown where it was read): the slashes before it, the userinfo split at its first
    /// `:`, the `@`, the host, and the `:` and port.
    #[cold]
    fn trace_authority(&mut self, end: usize, last_at: Option<usize>, colon: Option<usize>) {
        self.report.span_to(InputPart::Delimiter, self.pos);
        let mut host_start = self.pos;
        if let Some(at) = last_at {
            match memchr::memchr(b':', &self.bytes[self.pos..at]) {
                Some(i) => {
                    let colon = self.pos + i;
                    self.report.span(InputPart::Username, self.pos, colon);
                    self.report.span(InputPart::Delimiter, colon, colon + 1);
                    self.report.span(InputPart::Password, colon + 1, at);
                }
                None => self.report.span(InputPart::Username, self.pos, at),
            }
            self.report.span(InputPart::Delimiter, at, at + 1);
            host_start = at + 1;
        }
        let host_end = colon.unwrap_or(end);
        self.report.span(InputPart::Hostname, host_start, host_end);
        if let Some(colon) = colon {
            self.report.span(InputPart::Delimiter, colon, colon + 1);
            self.report.span(InputPart::Port, colon + 1, end);
        }
    }

    // https://url.spec.whatwg.org/#port-state
    /// The port state over the port text `input[start..end]`: ASCII digits only; the default
    /// port becomes null. With a state override the port ends at the first code point that is
    /// not an ASCII digit, and an empty port is failure.
    fn port_state(&mut self, start: usize, end: usize) -> Result<(), ParseError> {
        let text = &self.bytes[start..end];
        let digits = ascii_digits_len(text);
        if digits < text.len() && !self.state_override {
            return Err(self.fail(ParseError::InvalidPort, start + digits));
        }
        if digits == 0 {
            if self.state_override {
                return Err(self.fail(ParseError::InvalidPort, start));
            }
            return Ok(());
        }
        let port = port_value(&text[..digits]).map_err(|e| self.fail(e.into(), start))?;
        if Some(port) != self.scheme_type.default_port() {
            self.port = Some(port);
            self.out.push(':');
            push_decimal(&mut self.out, port);
        } else {
            self.port = None;
        }
        Ok(())
    }

    // https://url.spec.whatwg.org/#scheme-state (with a state override)
    /// The scheme start and scheme states with a state override, for the protocol setter on
    /// `url`: the scheme ends at ':' or at the end of the input (the ':' the setter appends).
    /// Writes the new scheme, lowercased, to the output.
    fn scheme_state_override(&mut self, url: &Url) -> Result<(), SetterError> {
        // Scheme start state: not an ASCII alpha is failure under a state override.
        let len = scheme_run(self.bytes).ok_or(SetterError::InvalidScheme)?;
        // Scheme state: another code point than ':' is failure under a state override.
        if len < self.bytes.len() && self.bytes[len] != b':' {
            return Err(SetterError::InvalidScheme);
        }
        self.out.push_str(&self.input[..len]);
        self.out.make_ascii_lowercase();
        let new_type = SchemeType::from_scheme(&self.out);
        // 1. The checks of a state override.
        if url.scheme_type.is_special() != new_type.is_special() {
            return Err(SetterError::SpecialnessChange);
        }
        if (url.includes_credentials() || url.port.is_some()) && new_type == SchemeType::File {
            return Err(SetterError::FileWithCredentialsOrPort);
        }
        if url.scheme_type == SchemeType::File && url.host_kind == HostKind::Empty {
            return Err(SetterError::FileWithEmptyHost);
        }
        // 2. Set url's scheme to buffer (the caller splices it in).
        self.offsets.scheme_end = len;
        self.scheme_type = new_type;
        // 3. A port that is the new scheme's default port becomes null.
        self.port = url.port.filter(|&p| Some(p) != new_type.default_port());
        Ok(())
    }

    // https://url.spec.whatwg.org/#host-state (with a state override)
    /// The host state (the hostname state if `hostname_only`) with a state override, for the
    /// host and hostname setters on `url`, then the port state if the host ends at a ':'.
    /// Writes the new host to the output, then ':' and the port if there is a new non-default
    /// port. A failure of the port state comes after the host is set, as in the spec: it is
    /// returned in `self.port_failure`.
    fn host_state_override(&mut self, url: &Url, hostname_only: bool) -> Result<(), SetterError> {
        if self.scheme_type == SchemeType::File {
            // "If state override is given and url's scheme is "file", then decrease pointer by
            // 1 and set state to file host state."
            self.host_kind = HostKind::Empty;
            self.file_host_state()?;
            return Ok(());
        }
        let special = self.is_special();
        // The host ends at the first ':' outside brackets, or where the authority ends.
        let (host_end, colon) = host_end(self.bytes, special);
        if let Some(colon) = colon {
            if host_end == 0 {
                return Err(self.fail(ParseError::HostMissing, 0).into());
            }
            if hostname_only {
                return Err(SetterError::HostnameWithPort);
            }
            self.host_kind = self.parse_host(0, host_end, !special)?;
            self.offsets.host_end = self.out.len();
            // Port state: the port is set, or the parser fails, after the host is set.
            self.port = url.port;
            self.port_failure = self.port_state(colon + 1, self.bytes.len()).err();
            self.port_given = self.port_failure.is_none();
            return Ok(());
        }
        if host_end == 0 {
            if special {
                return Err(self.fail(ParseError::HostMissing, 0).into());
            }
            if url.includes_credentials() || url.port.is_some() {
                return Err(SetterError::EmptyHostWithCredentialsOrPort);
            }
        }
        self.host_kind = self.parse_host(0, host_end, !special)?;
        self.offsets.host_end = self.out.len();
        Ok(())
    }

    /// Writes "file:" if the scheme is not yet there, and an empty host ("file://").
    fn set_file_scheme_and_empty_host(&mut self) {
        self.out.clear();
        self.out.push_str("file://");
        self.offsets.scheme_end = 4;
        self.scheme_type = SchemeType::File;
        self.offsets.username_end = 7;
        self.offsets.host_start = 7;
        self.offsets.host_end = 7;
        self.host_kind = HostKind::Empty;
        self.port = None;
        self.offsets.path_start = 7;
    }

    // https://url.spec.whatwg.org/#file-state
    fn file_state(&mut self) -> State {
        self.set_file_scheme_and_empty_host();
        let c = self.c();
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
            }
            self.pos += 1;
            return State::FileSlash;
        }
        match self.base {
            Some(base) if base.scheme_type == SchemeType::File => {
                // Host, path and query of the base.
                self.copy_base_authority(base);
                match c {
                    Some(b'?') => {
                        self.copy_base_path(base);
                        self.pos += 1;
                        self.start_query()
                    }
                    Some(b'#') => {
                        self.copy_base_path(base);
                        self.copy_base_query(base);
                        self.pos += 1;
                        self.start_fragment()
                    }
                    Some(_) => {
                        // The query becomes null; the path is shortened, or emptied when the
                        // rest starts with a Windows drive letter.
                        if !starts_with_windows_drive_letter(&self.bytes[self.pos..]) {
                            self.copy_base_path(base);
                            self.shorten_path();
                        } else {
                            self.error(
                                ValidationErrorKind::FileInvalidWindowsDriveLetter,
                                self.pos,
                            );
                        }
                        State::Path
                    }
                    None => {
                        self.copy_base_path(base);
                        self.copy_base_query(base);
                        State::Done
                    }
                }
            }
            _ => State::Path,
        }
    }

    // https://url.spec.whatwg.org/#file-slash-state
    fn file_slash_state(&mut self) -> State {
        if matches!(self.c(), Some(b'/' | b'\\')) {
            if self.c() == Some(b'\\') {
                self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
            }
            self.pos += 1;
            return State::FileHost;
        }
        if let Some(base) = self.base.filter(|b| b.scheme_type == SchemeType::File) {
            // The base's host.
            self.copy_base_authority(base);
            // The base's first path segment, if it is a normalized Windows drive letter and the
            // input does not start with one.
            if !starts_with_windows_drive_letter(&self.bytes[self.pos..]) {
                let base_path = &base.serialization.as_bytes()[base.offsets.path_start as usize..];
                if base_path.len() >= 3
                    && is_normalized_windows_drive_letter(&base_path[1..3])
                    && (base_path.len() == 3
                        || base_path[3] == b'/'
                        || base_path[3] == b'?'
                        || base_path[3] == b'#')
                {
                    self.out.push_str(
                        &base.serialization[base.offsets.path_start as usize
                            ..base.offsets.path_start as usize + 3],
                    );
                }
            }
        }
        State::Path
    }

    // https://url.spec.whatwg.org/#file-host-state
    /// (With a state override, only the host is parsed: a Windows drive letter is a host then,
    /// and fails as one.)
    fn file_host_state(&mut self) -> Result<State, ParseError> {
        let end = find_authority_end(self.bytes, self.pos, true);
        self.report.span_to(InputPart::Delimiter, self.pos);
        let buffer = &self.bytes[self.pos..end];
        if !self.state_override && is_windows_drive_letter(buffer) {
            // The buffer is the start of the path: "buffer is not reset here and instead used
            // in the path state", whose code points are not read (nor reported) again.
            self.error(
                ValidationErrorKind::FileInvalidWindowsDriveLetterHost,
                self.pos,
            );
            self.drive_letter_buffer_end = end;
            return Ok(State::Path);
        }
        if !buffer.is_empty() {
            self.report.span(InputPart::Hostname, self.pos, end);
            self.out.truncate(self.offsets.host_start);
            let kind = self.parse_host(self.pos, end, false)?;
            if &self.out[self.offsets.host_start..] == "localhost" {
                self.out.truncate(self.offsets.host_start);
                self.host_kind = HostKind::Empty;
            } else {
                self.host_kind = kind;
            }
            self.offsets.host_end = self.out.len();
        }
        self.pos = end;
        self.offsets.path_start = self.out.len();
        Ok(State::PathStart)
    }

    // https://url.spec.whatwg.org/#path-start-state
    fn path_start_state(&mut self) -> State {
        self.offsets.path_start = self.out.len();
        let c = self.c();
        if self.is_special() {
            if matches!(c, Some(b'/' | b'\\')) {
                if c == Some(b'\\') {
                    self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
                }
                self.pos += 1;
            }
            return State::Path;
        }
        match c {
            Some(b'?') if !self.state_override => {
                self.report.span_to(InputPart::Pathname, self.pos);
                self.pos += 1;
                self.start_query()
            }
            Some(b'#') if !self.state_override => {
                self.report.span_to(InputPart::Pathname, self.pos);
                self.pos += 1;
                self.start_fragment()
            }
            Some(c) => {
                if c == b'/' {
                    self.pos += 1;
                }
                State::Path
            }
            None => {
                // A setter on a hostless URL gets the path « "" ».
                if self.state_override && self.host_kind == HostKind::None {
                    self.out.push('/');
                }
                State::Done
            }
        }
    }

    /// [Shorten](https://url.spec.whatwg.org/#shorten-a-urls-path) the path written so far.
    fn shorten_path(&mut self) {
        let path = &self.out.as_bytes()[self.offsets.path_start..];
        if self.scheme_type == SchemeType::File
            && path.len() == 3
            && is_normalized_windows_drive_letter(&path[1..])
        {
            return;
        }
        if let Some(i) = rfind_byte(path, b'/') {
            self.out.truncate(self.offsets.path_start + i);
        }
    }

    // https://url.spec.whatwg.org/#path-state
    fn path_state(&mut self) -> State {
        let special = self.is_special();
        // A last, empty segment (the "/" of "http://h/" or of a missing path).
        if self.pos == self.bytes.len() {
            self.report.span_to(InputPart::Pathname, self.pos);
            self.out.push('/');
            return State::Done;
        }
        loop {
            // The segment runs to the next '/' (or '\\' for special URLs), '?', '#' or the end.
            let stop = match (special, self.state_override) {
                (true, false) => Stop::SPECIAL_PATH,
                (false, false) => Stop::PATH,
                (true, true) => Stop::SPECIAL_PATH_OVERRIDE,
                (false, true) => Stop::PATH_OVERRIDE,
            };
            // Segments that need nothing are copied in one piece (not the first segment of a
            // file URL's empty path, which may be a Windows drive letter).
            if !self.state_override
                && !self.report.enabled()
                && (self.scheme_type != SchemeType::File
                    || self.out.len() != self.offsets.path_start)
                && let Some(end) = fast_path::plain_segments_end(self.bytes, self.pos)
            {
                self.out.push('/');
                self.out.push_str(&self.input[self.pos..end]);
                self.pos = end + 1;
            }
            let slash = self.out.len();
            self.out.push('/');
            let seg_end = encode_until(&mut self.out, self.input, self.pos, EncodeSet::PATH, stop);
            if self.report.enabled() {
                let from = self.pos.max(self.drive_letter_buffer_end.min(seg_end));
                self.report
                    .check_url_units(&self.input[from..seg_end], from);
                if special && self.bytes.get(seg_end) == Some(&b'\\') {
                    self.error(ValidationErrorKind::InvalidReverseSolidus, seg_end);
                }
            }
            let terminator = self.bytes.get(seg_end).copied();
            let ends_with_slash =
                terminator == Some(b'/') || (special && terminator == Some(b'\\'));
            let segment = &self.out.as_bytes()[slash + 1..];
            if self.report.tracing() && (is_double_dot(segment) || is_single_dot(segment)) {
                let span_end = self.report.span_end();
                self.report.span(InputPart::DotSegment, self.pos, seg_end);
                self.report.set_span_end(span_end);
            }
            if is_double_dot(segment) {
                self.out.truncate(slash);
                self.shorten_path();
                if !ends_with_slash {
                    self.out.push('/');
                }
            } else if is_single_dot(segment) {
                self.out
                    .truncate(if ends_with_slash { slash } else { slash + 1 });
            } else if self.scheme_type == SchemeType::File
                && slash == self.offsets.path_start
                && is_windows_drive_letter(segment)
            {
                // A Windows drive letter quirk: "C|" becomes "C:".
                self.out.replace_range(slash + 2..slash + 3, ":");
            }
            self.pos = seg_end;
            // The path ends at the end of the input, or at a '?' or '#' (which only a path
            // separator could be otherwise).
            if !matches!(terminator, Some(b'/' | b'\\')) {
                self.report.span_to(InputPart::Pathname, seg_end);
            }
            match terminator {
                None => return State::Done,
                Some(b'?') if !self.state_override => {
                    self.pos += 1;
                    return self.start_query();
                }
                Some(b'#') if !self.state_override => {
                    self.pos += 1;
                    return self.start_fragment();
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    // https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
    fn opaque_path_state(&mut self) -> State {
        self.offsets.username_end = self.out.len();
        self.offsets.host_start = self.out.len();
        self.offsets.host_end = self.out.len();
        self.offsets.path_start = self.out.len();
        let end = encode_until(
            &mut self.out,
            self.input,
            self.pos,
            EncodeSet::C0_CONTROL,
            Stop::OPAQUE_PATH,
        );
        self.report
            .check_url_units(&self.input[self.pos..end], self.pos);
        self.report.span_to(InputPart::Pathname, end);
        self.pos = end;
        match self.c() {
            None => State::Done,
            Some(c) => {
                // A space right before '?' or '#' is written as "%20".
                if self.out.ends_with(' ') {
                    self.out.pop();
                    self.out.push_str("%20");
                }
                self.pos += 1;
                if c == b'?' {
                    self.start_query()
                } else {
                    self.start_fragment()
                }
            }
        }
    }

    /// Sets the query to the empty string and enters the query state.
    fn start_query(&mut self) -> State {
        self.offsets.query_start = self.out.len();
        self.out.push('?');
        State::Query
    }

    /// Sets the fragment to the empty string and enters the fragment state.
    fn start_fragment(&mut self) -> State {
        self.offsets.fragment_start = self.out.len();
        self.out.push('#');
        State::Fragment
    }

    // https://url.spec.whatwg.org/#query-state
    fn query_state(&mut self) -> State {
        let set = if self.is_special() {
            EncodeSet::SPECIAL_QUERY
        } else {
            EncodeSet::QUERY
        };
        let end = if self.encoding != UTF_8
            && self.is_special()
            && !matches!(self.scheme_type, SchemeType::Ws | SchemeType::Wss)
        {
            let end = self.pos
                + memchr::memchr(b'#', &self.bytes[self.pos..])
                    .unwrap_or(self.bytes.len() - self.pos);
            let query = &self.input[self.pos..end];
            percent_encode_after_encoding(&mut self.out, query, self.encoding, set, false);
            end
        } else {
            encode_until(&mut self.out, self.input, self.pos, set, Stop::QUERY)
        };
        self.report
            .check_url_units(&self.input[self.pos..end], self.pos);
        self.report
            .span(InputPart::Search, self.pos.saturating_sub(1), end);
        self.pos = end;
        if self.c() == Some(b'#') {
            self.pos += 1;
            return self.start_fragment();
        }
        State::Done
    }

    // https://url.spec.whatwg.org/#fragment-state
    fn fragment_state(&mut self) -> State {
        self.report.span(
            InputPart::Hash,
            self.pos.saturating_sub(1),
            self.bytes.len(),
        );
        encode_into(&mut self.out, &self.input[self.pos..], EncodeSet::FRAGMENT);
        self.report
            .check_url_units(&self.input[self.pos..], self.pos);
        self.pos = self.bytes.len();
        State::Done
    }

    /// Builds the URL record once the state machine is done: the URL serializer's "/." step for
    /// a hostless path that starts with an empty segment, then the offsets as `u32`. Its
    /// serialization is a copy of the output (one exact-size allocation) if `copy`, else the
    /// output buffer itself (which is left empty).
    pub(super) fn finish(&mut self, copy: bool) -> Result<Url, ParseError> {
        if self.host_kind == HostKind::None
            && self
                .out
                .as_bytes()
                .get(self.offsets.path_start..self.offsets.path_start + 2)
                == Some(b"//")
        {
            self.out.insert_str(self.offsets.path_start, "/.");
            self.offsets.path_start += 2;
            if self.offsets.query_start != 0 {
                self.offsets.query_start += 2;
            }
            if self.offsets.fragment_start != 0 {
                self.offsets.fragment_start += 2;
            }
        }
        if self.host_kind == HostKind::None {
            self.offsets.username_end = self.offsets.scheme_end + 1;
            self.offsets.host_start = self.offsets.scheme_end + 1;
            self.offsets.host_end = self.offsets.scheme_end + 1;
        }
        if self.out.len() > u32::MAX as usize {
            return Err(ParseError::TooLong);
        }
        Ok(Url {
            serialization: if copy {
                self.out.as_str().to_owned()
            } else {
                std::mem::take(&mut self.out)
            },
            offsets: self.offsets.to_u32(),
            port: self.port,
            host_kind: self.host_kind,
            scheme_type: self.scheme_type,
        })
    }
}

/// The pathname setter's parse: the path start state with a state override, on a URL whose path
/// was emptied. Writes the serialized path (without any "/." prefix) to `out`, which must be
/// empty.
///
/// <https://url.spec.whatwg.org/#dom-url-pathname>
pub(crate) fn parse_path_for_setter(
    out: &mut String,
    input: &str,
    scheme_type: SchemeType,
    has_host: bool,
) {
    let mut run = Run::new(input, None, std::mem::take(out), Reporter::disabled());
    run.scheme_type = scheme_type;
    run.host_kind = if has_host {
        HostKind::Empty
    } else {
        HostKind::None
    };
    run.state_override = true;
    let mut state = run.path_start_state();
    while state == State::Path {
        state = run.path_state();
    }
    *out = run.out;
}

/// A setter's run of the state machine on its value: tabs and newlines are already removed,
/// there is no base, no validation-error callback, and a state override.
fn setter_run<'a>(input: &'a str, url: &Url, out: &mut String) -> Run<'a, 'static, 'static> {
    let mut run = Run::new(input, None, std::mem::take(out), Reporter::disabled());
    run.scheme_type = url.scheme_type;
    run.state_override = true;
    run
}

/// The protocol setter's parse: the scheme start state with a state override, on `url`.
/// Writes the new scheme (lowercase) to `out`, which must be empty, and returns its type and
/// the port the URL keeps (null when it is the new scheme's default port).
///
/// <https://url.spec.whatwg.org/#dom-url-protocol>
pub(crate) fn parse_scheme_for_setter(
    out: &mut String,
    input: &str,
    url: &Url,
) -> Result<(SchemeType, Option<u16>), SetterError> {
    let mut run = setter_run(input, url, out);
    let result = run.scheme_state_override(url);
    *out = run.out;
    result.map(|()| (run.scheme_type, run.port))
}

/// What the host or hostname setter's parse produced.
pub(crate) struct HostForSetter {
    /// The new host's kind; the host is the start of the output, `host_len` bytes.
    pub(crate) kind: HostKind,
    pub(crate) host_len: usize,
    /// `Some(port)` when the value held a port: the new port (`None`: the scheme's default,
    /// removed), written after the host in the output as ':' and digits.
    pub(crate) port: Option<Option<u16>>,
    /// The port state's failure, after the host was set.
    pub(crate) port_failure: Option<ParseError>,
}

/// The host and hostname setters' parse: the host state (the hostname state if
/// `hostname_only`; the file host state for `file` URLs) with a state override, on `url`.
/// Writes the new host to `out`, which must be empty, then ':' and the port if the value held
/// a non-default port.
///
/// <https://url.spec.whatwg.org/#dom-url-host>
pub(crate) fn parse_host_for_setter(
    out: &mut String,
    input: &str,
    url: &Url,
    hostname_only: bool,
) -> Result<HostForSetter, SetterError> {
    let mut run = setter_run(input, url, out);
    let result = run.host_state_override(url, hostname_only);
    *out = run.out;
    result?;
    Ok(HostForSetter {
        kind: run.host_kind,
        host_len: run.offsets.host_end,
        port: run.port_given.then_some(run.port),
        port_failure: run.port_failure,
    })
}

/// The port setter's parse: the port state with a state override, on `url`. Writes ':' and
/// the port to `out`, which must be empty, unless it is the scheme's default port, and returns
/// the new port.
///
/// <https://url.spec.whatwg.org/#dom-url-port>
pub(crate) fn parse_port_for_setter(
    out: &mut String,
    input: &str,
    url: &Url,
) -> Result<Option<u16>, ParseError> {
    let mut run = setter_run(input, url, out);
    let result = run.port_state(0, input.len());
    *out = run.out;
    result.map(|()| run.port)
}
