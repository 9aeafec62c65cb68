//! Hosts: domains, IPv4 and IPv6 addresses, opaque hosts and the empty host.
//!
//! <https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)>
//!
//! The host parser is split as the spec splits it: [`domain`] (percent-decoding, IDNA and the
//! forbidden domain code points), [`ipv4`] (the IPv4 parser, number parser and the "ends in a
//! number" checker), [`ipv6`] (the IPv6 parser and its compressing serializer) and [`opaque`]
//! (the opaque-host parser of non-special URLs).

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use crate::validation_error::{Reporter, ValidationErrorKind};

pub mod domain;
pub mod ipv4;
pub mod ipv6;
pub mod opaque;

/// A parsed host: <https://url.spec.whatwg.org/#concept-host>.
///
/// `Display` is the [host serializer](https://url.spec.whatwg.org/#concept-host-serializer).
///
/// ```
/// use weburl::Host;
/// assert_eq!(Host::parse("EXAMPLE.com").unwrap(), Host::Domain("example.com".into()));
/// assert_eq!(Host::parse("0x7f.1").unwrap().to_string(), "127.0.0.1");
/// assert_eq!(Host::parse("[0:0::1]").unwrap().to_string(), "[::1]");
/// assert_eq!(Host::parse("faß.example").unwrap().to_string(), "xn--fa-hia.example");
/// assert_eq!(Host::parse_opaque("EXAMPLE%2Ecom").unwrap().to_string(), "EXAMPLE%2Ecom");
/// assert!(Host::parse("example^example").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// A domain: a non-empty ASCII string (after IDNA processing).
    Domain(String),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host (the host of a non-special URL), already percent-encoded.
    Opaque(String),
    /// The empty host (`file:///x`, `sc://`).
    Empty,
}

/// The kind of host a [`Url`](crate::Url) holds, kept next to its offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum HostKind {
    /// The host is null (no authority).
    None,
    Empty,
    Domain,
    Ipv4,
    Ipv6,
    Opaque,
}

/// Why the host parser returned failure. Each variant names the spec's validation error.
///
/// ```
/// use weburl::{Host, HostError};
/// assert_eq!(Host::parse("[::1"), Err(HostError::Ipv6Unclosed));
/// assert_eq!(HostError::Ipv6Unclosed.spec_name(), "IPv6-unclosed");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostError {
    /// The host is empty where one is required.
    EmptyHost,
    /// `[` without a closing `]`.
    Ipv6Unclosed,
    /// An IPv6 address starts with a single `:`.
    Ipv6InvalidCompression,
    /// An IPv6 address has more than eight pieces.
    Ipv6TooManyPieces,
    /// An IPv6 address has more than one `::`.
    Ipv6MultipleCompression,
    /// An IPv6 address holds a code point that is not a hex digit, `:` or `.`, or ends in `:`.
    Ipv6InvalidCodePoint,
    /// An IPv6 address without `::` has fewer than eight pieces.
    Ipv6TooFewPieces,
    /// An IPv6 address with an embedded IPv4 address has more than six pieces before it.
    Ipv4InIpv6TooManyPieces,
    /// The embedded IPv4 address holds something other than digits and dots, or a leading zero.
    Ipv4InIpv6InvalidCodePoint,
    /// A part of the embedded IPv4 address is greater than 255.
    Ipv4InIpv6OutOfRangePart,
    /// The embedded IPv4 address has fewer than four parts.
    Ipv4InIpv6TooFewParts,
    /// An opaque host holds a forbidden host code point.
    ForbiddenHostCodePoint(char),
    /// UTS 46 ToASCII failed on the domain.
    DomainToAscii,
    /// The domain holds a forbidden domain code point after ToASCII.
    ForbiddenDomainCodePoint(char),
    /// An IPv4 address has more than four parts.
    Ipv4TooManyParts,
    /// A part of an IPv4 address is not a number.
    Ipv4NonNumericPart,
    /// A part of an IPv4 address is too large.
    Ipv4OutOfRangePart,
}

impl HostError {
    /// The validation error in the URL Standard's table that this failure is.
    pub(crate) fn kind(self) -> ValidationErrorKind {
        use ValidationErrorKind as K;
        match self {
            HostError::EmptyHost => K::HostMissing,
            HostError::Ipv6Unclosed => K::Ipv6Unclosed,
            HostError::Ipv6InvalidCompression => K::Ipv6InvalidCompression,
            HostError::Ipv6TooManyPieces => K::Ipv6TooManyPieces,
            HostError::Ipv6MultipleCompression => K::Ipv6MultipleCompression,
            HostError::Ipv6InvalidCodePoint => K::Ipv6InvalidCodePoint,
            HostError::Ipv6TooFewPieces => K::Ipv6TooFewPieces,
            HostError::Ipv4InIpv6TooManyPieces => K::Ipv4InIpv6TooManyPieces,
            HostError::Ipv4InIpv6InvalidCodePoint => K::Ipv4InIpv6InvalidCodePoint,
            HostError::Ipv4InIpv6OutOfRangePart => K::Ipv4InIpv6OutOfRangePart,
            HostError::Ipv4InIpv6TooFewParts => K::Ipv4InIpv6TooFewParts,
            HostError::ForbiddenHostCodePoint(_) => K::HostInvalidCodePoint,
            HostError::DomainToAscii => K::DomainToAscii,
            // The current spec reports this failure as domain-to-ASCII (strict ToASCII fails first).
            HostError::ForbiddenDomainCodePoint(_) => K::DomainToAscii,
            HostError::Ipv4TooManyParts => K::Ipv4TooManyParts,
            HostError::Ipv4NonNumericPart => K::Ipv4NonNumericPart,
            HostError::Ipv4OutOfRangePart => K::Ipv4OutOfRangePart,
        }
    }

    /// The validation error's name in the URL Standard's table.
    ///
    /// ```
    /// assert_eq!(weburl::HostError::DomainToAscii.spec_name(), "domain-to-ASCII");
    /// ```
    #[must_use]
    pub fn spec_name(self) -> &'static str {
        self.kind().spec_name()
    }
}

/// The message of the error's row in the table of validation errors, with the code point
/// where there is one.
impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The host parser's own wording: the host is empty, whatever the URL needs.
            HostError::EmptyHost => f.write_str("the host is empty"),
            HostError::ForbiddenHostCodePoint(c) => {
                write!(f, "the host contains the forbidden code point {c:?}")
            }
            HostError::ForbiddenDomainCodePoint(c) => {
                write!(f, "the domain contains the forbidden code point {c:?}")
            }
            _ => f.write_str(self.kind().failure_message()),
        }
    }
}

impl std::error::Error for HostError {}

pub(crate) use crate::lex::{is_forbidden_domain_code_point, is_forbidden_host_code_point};

/// The host parser, writing the serialized host to `out`.
///
/// <https://url.spec.whatwg.org/#concept-host-parser>
///
/// `input` must not be empty unless `is_opaque` (the URL parser checks that first).
pub(crate) fn parse_host_into(
    out: &mut String,
    input: &str,
    is_opaque: bool,
) -> Result<HostKind, HostError> {
    parse_host_reporting(out, input, is_opaque, &mut Reporter::disabled(), 0)
}

/// The host parser, reporting its validation errors at `offset` (where the host starts in the
/// parser's cleaned input; opaque hosts report each bad code point at its own place).
pub(crate) fn parse_host_reporting(
    out: &mut String,
    input: &str,
    is_opaque: bool,
    report: &mut Reporter<'_>,
    offset: usize,
) -> Result<HostKind, HostError> {
    let result = parse_host_steps(out, input, is_opaque, report, offset);
    if let Err(e) = result {
        // The domain parser and the IPv4 parser report these themselves.
        if !matches!(
            e,
            HostError::DomainToAscii
                | HostError::ForbiddenDomainCodePoint(_)
                | HostError::EmptyHost
                | HostError::Ipv4OutOfRangePart
        ) {
            report.report(e.kind(), offset);
        }
    }
    result
}

fn parse_host_steps(
    out: &mut String,
    input: &str,
    is_opaque: bool,
    report: &mut Reporter<'_>,
    offset: usize,
) -> Result<HostKind, HostError> {
    // 1. If input starts with "[": it must end with "]", and the inside is an IPv6 address.
    if let Some(rest) = input.strip_prefix('[') {
        let Some(inner) = rest.strip_suffix(']') else {
            return Err(HostError::Ipv6Unclosed);
        };
        let address = ipv6::parse_reporting(inner, report, offset + 1)?;
        out.push('[');
        ipv6::serialize_into(out, address);
        out.push(']');
        return Ok(HostKind::Ipv6);
    }
    // 2. Non-special URLs get an opaque host.
    if is_opaque {
        if input.is_empty() {
            return Ok(HostKind::Empty);
        }
        opaque::parse_into(out, input, report, offset)?;
        return Ok(HostKind::Opaque);
    }
    if input.is_empty() {
        return Err(HostError::EmptyHost);
    }
    // An IPv4 address already in its serialized form: steps 4-8 would give it back as it is.
    if ipv4::parse_serialized(input.as_bytes()).is_some() {
        out.push_str(input);
        return Ok(HostKind::Ipv4);
    }
    // 4.-8. Percent-decode, domain to ASCII, then IPv4 if it ends in a number.
    let start = out.len();
    domain::domain_to_ascii_into(out, input, report, offset)?;
    if ipv4::ends_in_a_number(&out[start..]) {
        // 7.1. An IPv4 address spelled with non-ASCII code points (full-width digits, an
        // ideographic full stop, a superscript digit) is a validation error of its own.
        if report.enabled() && domain::decodes_to_non_ascii(input) {
            report.report(ValidationErrorKind::Ipv4NonAsciiInput, offset);
        }
        let address = ipv4::parse_reporting(&out[start..], report, offset);
        out.truncate(start);
        let address = address?;
        ipv4::serialize_into(out, address);
        return Ok(HostKind::Ipv4);
    }
    Ok(HostKind::Domain)
}

impl Host {
    /// Runs the host parser for a special URL (`isOpaque` false): IPv6 in brackets, else
    /// percent-decoding, UTS 46 ToASCII and the IPv4 parser.
    ///
    /// ```
    /// use weburl::Host;
    /// assert_eq!(Host::parse("0300.0250.0.1").unwrap().to_string(), "192.168.0.1");
    /// assert_eq!(Host::parse("%F0%9F%92%A9.la").unwrap().to_string(), "xn--ls8h.la");
    /// ```
    pub fn parse(input: &str) -> Result<Host, HostError> {
        Self::parse_with(input, false)
    }

    /// Runs the host parser for a non-special URL (`isOpaque` true).
    ///
    /// ```
    /// use weburl::Host;
    /// assert_eq!(Host::parse_opaque("faß").unwrap(), Host::Opaque("fa%C3%9F".into()));
    /// assert_eq!(Host::parse_opaque("").unwrap(), Host::Empty);
    /// ```
    pub fn parse_opaque(input: &str) -> Result<Host, HostError> {
        Self::parse_with(input, true)
    }

    fn parse_with(input: &str, is_opaque: bool) -> Result<Host, HostError> {
        let mut out = String::new();
        let kind = parse_host_into(&mut out, input, is_opaque)?;
        Ok(Host::from_serialized(kind, &out).expect("a host the parser serialized"))
    }

    /// Rebuilds a `Host` from its serialization and kind, as a [`Url`](crate::Url) keeps it.
    pub(crate) fn from_serialized(kind: HostKind, s: &str) -> Option<Host> {
        Some(match kind {
            HostKind::None => return None,
            HostKind::Empty => Host::Empty,
            HostKind::Domain => Host::Domain(s.to_owned()),
            HostKind::Opaque => Host::Opaque(s.to_owned()),
            HostKind::Ipv4 => Host::Ipv4(s.parse().ok()?),
            HostKind::Ipv6 => Host::Ipv6(s.strip_prefix('[')?.strip_suffix(']')?.parse().ok()?),
        })
    }
}

impl fmt::Display for Host {
    /// The host serializer: <https://url.spec.whatwg.org/#concept-host-serializer>.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(s) | Host::Opaque(s) => f.write_str(s),
            Host::Empty => Ok(()),
            Host::Ipv4(a) => {
                let mut s = String::with_capacity(15);
                ipv4::serialize_into(&mut s, u32::from(*a));
                f.write_str(&s)
            }
            Host::Ipv6(a) => {
                let mut s = String::with_capacity(41);
                s.push('[');
                ipv6::serialize_into(&mut s, a.segments());
                s.push(']');
                f.write_str(&s)
            }
        }
    }
}

impl std::str::FromStr for Host {
    type Err = HostError;

    /// Same as [`Host::parse`].
    ///
    /// ```
    /// let h: weburl::Host = "[::1]".parse().unwrap();
    /// assert_eq!(h.to_string(), "[::1]");
    /// ```
    fn from_str(s: &str) -> Result<Host, HostError> {
        Host::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_host_examples() {
        // The table in "Hosts (domains and IP addresses)".
        let cases: &[(&str, Option<&str>, Option<&str>)] = &[
            ("EXAMPLE.COM", Some("example.com"), Some("EXAMPLE.COM")),
            ("example%2Ecom", Some("example.com"), Some("example%2Ecom")),
            (
                "faß.example",
                Some("xn--fa-hia.example"),
                Some("fa%C3%9F.example"),
            ),
            ("0", Some("0.0.0.0"), Some("0")),
            ("%30", Some("0.0.0.0"), Some("%30")),
            ("0x", Some("0.0.0.0"), Some("0x")),
            ("0xffffffff", Some("255.255.255.255"), Some("0xffffffff")),
            ("[0:0::1]", Some("[::1]"), Some("[::1]")),
            ("[0:0::1%5D", None, None),
            ("[0:0::%31]", None, None),
            ("09", None, Some("09")),
            ("example.255", None, Some("example.255")),
            ("example^example", None, None),
        ];
        for &(input, special, opaque) in cases {
            assert_eq!(
                Host::parse(input).ok().map(|h| h.to_string()).as_deref(),
                special,
                "{input}"
            );
            assert_eq!(
                Host::parse_opaque(input)
                    .ok()
                    .map(|h| h.to_string())
                    .as_deref(),
                opaque,
                "{input}"
            );
        }
    }

    #[test]
    fn host_round_trips_through_from_serialized() {
        for input in ["example.com", "1.2.3.4", "[1::2]", "xn--ls8h.la"] {
            let h = Host::parse(input).unwrap();
            assert_eq!(Host::parse(&h.to_string()).unwrap(), h);
        }
    }
}
