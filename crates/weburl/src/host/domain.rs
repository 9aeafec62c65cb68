//! Domains: percent-decoding, the domain parser (UTS 46 ToASCII through the `idna` crate) and
//! the forbidden domain code points.
//!
//! <https://url.spec.whatwg.org/#idna>

use std::borrow::Cow;

use super::{HostError, is_forbidden_domain_code_point};
use crate::lex;
use crate::percent::with_percent_decoded;
use crate::validation_error::{Reporter, ValidationErrorKind};

/// Host parser steps 4–7 for a non-opaque host: percent-decode `input`, run the
/// [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii) with `beStrict` false,
/// and append the ASCII domain to `out`.
pub(crate) fn domain_to_ascii_into(
    out: &mut String,
    input: &str,
    report: &mut Reporter<'_>,
    offset: usize,
) -> Result<(), HostError> {
    // Fast path, one pass over the bytes: ASCII without '%' and without a forbidden domain
    // code point is only lowercased (steps 4-5 and the domain parser's step 5 leave it as it
    // is, and steps 7-8 cannot fail on it).
    let classes = lex::classes_of(input.as_bytes());
    if !report.enabled() && classes & lex::DOMAIN_NOT_SIMPLE == 0 && !input.is_empty() {
        let start = out.len();
        out.push_str(input);
        if classes & lex::UPPER != 0 {
            out[start..].make_ascii_lowercase();
        }
        return Ok(());
    }
    // 3. A percent-encoded byte is a validation error.
    if report.enabled()
        && (0..input.len()).any(|i| crate::percent::is_percent_encoded_byte_at(input.as_bytes(), i))
    {
        report.report(ValidationErrorKind::DomainPercentEncoded, offset);
    }
    // 4.-5. Let domain be the UTF-8 decode without BOM of the percent-decoding of input
    // (decoded on the stack: no allocation). Without a '%' that is the input itself.
    if !input.as_bytes().contains(&b'%') {
        return domain_parser_reporting(out, input, report, offset);
    }
    with_percent_decoded(input.as_bytes(), |decoded| {
        match std::str::from_utf8(decoded) {
            Ok(domain) => domain_parser_reporting(out, domain, report, offset),
            // Invalid UTF-8 decodes to U+FFFD, which UTS 46 disallows: ToASCII fails, strict or not
            // (reported once, as for any other domain).
            Err(_) => {
                report.report(ValidationErrorKind::DomainToAscii, offset);
                Err(HostError::DomainToAscii)
            }
        }
    })
}

/// Whether the host parser's domain (the UTF-8 decoding of the percent-decoding of `input`) is
/// not an ASCII string: `input` has a non-ASCII code point, or a percent-encoded byte above 0x7F.
pub(crate) fn decodes_to_non_ascii(input: &str) -> bool {
    let bytes = input.as_bytes();
    !input.is_ascii()
        || (0..bytes.len())
            .any(|i| crate::percent::is_percent_encoded_byte_at(bytes, i) && bytes[i + 1] >= b'8')
}

/// The domain parser's steps 1-2 (strict ToASCII failing is a validation error), then the
/// domain parser with `beStrict` false.
fn domain_parser_reporting(
    out: &mut String,
    domain: &str,
    report: &mut Reporter<'_>,
    offset: usize,
) -> Result<(), HostError> {
    if report.enabled() && domain_to_ascii_strict(domain).is_none() {
        report.report(ValidationErrorKind::DomainToAscii, offset);
    }
    domain_parser_into(out, domain)
}

/// [Domain parser ToASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii) with `beStrict`
/// true: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength on. VerifyDnsLength rejects an
/// empty label anywhere, the root label of a trailing dot included (`foo.`), a label over 63
/// bytes and a name over 253, as the reference implementation (whatwg-url with tr46) does.
pub(crate) fn domain_to_ascii_strict(domain: &str) -> Option<String> {
    idna::uts46::Uts46::new()
        .to_ascii(
            domain.as_bytes(),
            idna::uts46::AsciiDenyList::STD3,
            idna::uts46::Hyphens::Check,
            idna::uts46::DnsLength::Verify,
        )
        .ok()
        .map(|c| c.into_owned())
        .filter(|s| !s.is_empty())
}

/// The domain parser with `beStrict` false: <https://url.spec.whatwg.org/#concept-domain-to-ascii>.
pub(crate) fn domain_parser_into(out: &mut String, domain: &str) -> Result<(), HostError> {
    let start = out.len();
    if domain.is_ascii() {
        // 5. An ASCII domain is only lowercased, whatever Unicode ToASCII would say.
        out.push_str(domain);
        out[start..].make_ascii_lowercase();
    } else if !to_ascii_into(out, domain) {
        // 6. Otherwise run domain parser ToASCII with beStrict false.
        out.truncate(start);
        return Err(HostError::DomainToAscii);
    }
    // 7. An empty result is failure.
    if out.len() == start {
        return Err(HostError::EmptyHost);
    }
    // 8. A forbidden domain code point is failure.
    if let Some(&b) = out.as_bytes()[start..]
        .iter()
        .find(|&&b| is_forbidden_domain_code_point(b))
    {
        out.truncate(start);
        return Err(HostError::ForbiddenDomainCodePoint(b as char));
    }
    Ok(())
}

/// [Domain parser ToASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii) with
/// `beStrict` false: CheckHyphens false, CheckBidi and CheckJoiners true, UseSTD3ASCIIRules
/// false, nontransitional, VerifyDnsLength false, IgnoreInvalidPunycode false. Appends the
/// result to `out` (the `idna` crate writes into it directly: no allocation) and returns
/// whether it succeeded; on failure `out` may hold part of a result.
///
/// UTS 46 validity criterion 4 ("if not CheckHyphens, the label must not begin with `xn--`")
/// is checked here on the labels that Punycode decodes, since the `idna` crate skips it when
/// hyphens are allowed: `xn--xn---epa` decodes to `xn--é`, so a domain holding it fails.
fn to_ascii_into(out: &mut String, domain: &str) -> bool {
    use idna::uts46::{AsciiDenyList, ErrorPolicy, Hyphens, ProcessingSuccess, Uts46};
    let start = out.len();
    match Uts46::new().process(
        domain.as_bytes(),
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        ErrorPolicy::FailFast,
        |_, _, _| false,
        out,
        None,
    ) {
        Ok(ProcessingSuccess::WroteToSink) => {}
        // The domain is ASCII and needs no change (the caller sends only non-ASCII here).
        Ok(ProcessingSuccess::Passthrough) => out.push_str(domain),
        Err(_) => return false,
    }
    // Inserted code points are non-ASCII, so a decoded label can start with "xn--" only if
    // its basic code points (the Punycode before the last '-') do: only then is the label
    // decoded (which allocates).
    let is_xn = |s: &str| s.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--"));
    let decodes_to_xn = |label: &str| {
        is_xn(label)
            && is_xn(&label[4..])
            && idna::punycode::decode_to_string(&label[4..])
                .is_some_and(|decoded| decoded.starts_with("xn--"))
    };
    !out[start..].split('.').any(decodes_to_xn)
}

/// Domain to Unicode: <https://url.spec.whatwg.org/#concept-domain-to-unicode>. Returns the
/// domain unchanged when UTS 46 ToUnicode records an error.
///
/// ```
/// assert_eq!(weburl::host::domain::domain_to_unicode("xn--fa-hia.example"), "faß.example");
/// assert_eq!(weburl::host::domain::domain_to_unicode("xn--8i7caa"), "xn--8i7caa");
/// ```
#[must_use]
pub fn domain_to_unicode(domain: &str) -> Cow<'_, str> {
    let (result, errors) = idna::uts46::Uts46::new().to_unicode(
        domain.as_bytes(),
        idna::uts46::AsciiDenyList::EMPTY,
        idna::uts46::Hyphens::Allow,
    );
    match errors {
        Ok(()) => result,
        Err(_) => Cow::Borrowed(domain),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> Result<String, HostError> {
        let mut out = String::new();
        domain_to_ascii_into(&mut out, input, &mut Reporter::disabled(), 0).map(|()| out)
    }

    #[test]
    fn ascii_domains_are_only_lowercased() {
        assert_eq!(run("xn--a").unwrap(), "xn--a");
        assert_eq!(run("XN--A.Example").unwrap(), "xn--a.example");
        assert_eq!(run("-x-.com").unwrap(), "-x-.com");
    }

    #[test]
    fn percent_decoding_then_idna() {
        assert_eq!(run("%E2%98%95.example").unwrap(), "xn--53h.example");
        assert_eq!(run("a%2Eb").unwrap(), "a.b");
        assert!(run("%FF").is_err());
        assert_eq!(run("a%25b"), Err(HostError::ForbiddenDomainCodePoint('%')));
    }

    #[test]
    fn a_punycode_label_that_decodes_to_xn_fails() {
        // UTS 46 validity criterion 4 (found by the differential harness; ada agrees).
        for input in [
            "xn--xn---epa.\u{fc}",
            "\u{fc}.xn--xn---epa",
            "xn--xn---epa\u{ff0e}com",
        ] {
            assert_eq!(run(input), Err(HostError::DomainToAscii), "{input}");
        }
        // All-ASCII input is only lowercased, as the spec says.
        assert_eq!(run("xn--xn---epa").unwrap(), "xn--xn---epa");
        // A label that decodes to something else is fine.
        assert_eq!(run("xn--tda.\u{fc}").unwrap(), "xn--tda.xn--tda");
    }

    #[test]
    fn non_ascii_failures() {
        assert_eq!(run("xn--a.ß"), Err(HostError::DomainToAscii));
        assert_eq!(run("\u{00AD}"), Err(HostError::EmptyHost));
    }
}
