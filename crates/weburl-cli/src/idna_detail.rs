//! What made strict IDNA fail for a domain: the detail `validate` adds to a `domain-to-ASCII`
//! validation error ("which code point", "which label is too long or empty").
//!
//! The parser reports the error, with its offset (the start of the host in the input), when
//! [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii) with `beStrict` true
//! (UTS 46 ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength) fails. UTS 46
//! says only that it failed; this module finds the first reason, checking in the order of
//! UTS 46's steps: the code points (mapping), then each label (validity, DNS length).
//!
//! Should move to the library, as a `HostError` detail, once its reporting settles.

use std::fmt::Write as _;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use weburl::lex;
use weburl::percent::percent_decode;

/// Most bytes of a DNS label (VerifyDnsLength).
const MAX_LABEL: usize = 63;

/// Most bytes of a domain, without its root dot (VerifyDnsLength).
const MAX_DOMAIN: usize = 253;

/// The host text at `offset` of `input`, as the parser's host state reads it (of a special
/// URL): with ASCII tabs and newlines removed, up to the first `/`, `\`, `?`, `#` or the `:`
/// of a port (outside brackets).
fn host_text(input: &str, offset: usize) -> Option<String> {
    let rest = lex::remove_tab_and_newline(input.get(offset..)?);
    let (end, _) = lex::host_end(rest.as_bytes(), true);
    Some(rest[..end].to_owned())
}

/// Whether `c` shows nothing on a terminal (a control, a format character, a space other than
/// U+0020).
fn invisible(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c, '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// A code point for a message: `' ' (U+0020)`, or `U+200D` for one that does not show.
fn describe(c: char) -> String {
    if invisible(c) {
        format!("U+{:04X}", c as u32)
    } else {
        format!("'{c}' (U+{:04X})", c as u32)
    }
}

/// A label for a message, cut after 20 characters; a character that does not show is
/// written `\u{...}`.
fn show_label(label: &str) -> String {
    let mut shown = String::new();
    for (i, c) in label.chars().enumerate() {
        if i == 20 {
            shown.push('…');
            break;
        }
        if invisible(c) {
            let _ = write!(shown, "\\u{{{:x}}}", c as u32);
        } else {
            shown.push(c);
        }
    }
    format!("'{shown}'")
}

/// Whether UTS 46 ToASCII with the strict flags but without the length check accepts `s`.
fn strict_ok(s: &str) -> bool {
    Uts46::new()
        .to_ascii(
            s.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .is_ok()
}

/// Why strict domain to ASCII fails for the host that starts at `offset` of `input` (a
/// `domain-to-ASCII` validation error's offset), in words; `None` when no single reason is
/// found (a Bidi or CONTEXTJ rule across code points, say).
pub fn strict_failure(input: &str, offset: usize) -> Option<String> {
    let host = host_text(input, offset)?;
    let decoded = percent_decode(host.as_bytes());
    let Ok(domain) = std::str::from_utf8(&decoded) else {
        return Some("the percent-decoded domain is not UTF-8".to_owned());
    };
    domain_failure(domain)
}

/// Why strict domain to ASCII fails for `domain` (percent-decoded); see [`strict_failure`].
pub fn domain_failure(domain: &str) -> Option<String> {
    // Mapping: a code point disallowed on its own (after a letter, so that a combining mark is
    // not blamed for starting a label), ASCII ones by UseSTD3ASCIIRules.
    let mut buf = String::new();
    for c in domain.chars() {
        if c.is_ascii() {
            if !(c.is_ascii_alphanumeric() || c == '-' || c == '.') {
                return Some(format!(
                    "the code point {} is not allowed in a domain (UseSTD3ASCIIRules)",
                    describe(c)
                ));
            }
            continue;
        }
        // The joiners are allowed in some contexts: the labels' check below names them.
        if matches!(c, '\u{200C}' | '\u{200D}') {
            continue;
        }
        buf.clear();
        buf.push(c);
        if strict_ok(&buf) {
            continue;
        }
        buf.clear();
        let _ = write!(buf, "a{c}");
        if !strict_ok(&buf) {
            return Some(format!(
                "the code point {} is not allowed in a domain (UTS 46)",
                describe(c)
            ));
        }
    }
    // The labels in ASCII (what DNS sees; UTS 46 fails without one when a rule below the
    // code points breaks, so that these checks are then skipped), with their Unicode form
    // for the hyphen rules.
    // (An ASCII domain is only lowercased: UTS 46 would stop at a bad Punycode label.)
    let ascii = if domain.is_ascii() {
        Some(domain.to_ascii_lowercase())
    } else {
        Uts46::new()
            .to_ascii(
                domain.as_bytes(),
                AsciiDenyList::EMPTY,
                Hyphens::Allow,
                DnsLength::Ignore,
            )
            .ok()
            .map(|ascii| ascii.into_owned())
    };
    if let Some(ascii) = &ascii
        && let Some(reason) = ascii_label_failure(ascii)
    {
        return Some(reason);
    }
    // The labels as written (the dots UTS 46 maps to '.' included): a combining mark first,
    // the joiner and Bidi rules.
    for label in domain.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']) {
        if label.is_empty()
            || label
                .get(..4)
                .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
        {
            continue;
        }
        if let Some(first) = label.chars().next()
            && !first.is_ascii()
            && !strict_ok(first.encode_utf8(&mut [0; 4]))
            && strict_ok(&format!("a{first}"))
        {
            return Some(format!(
                "the label {} begins with the combining mark {}",
                show_label(label),
                describe(first)
            ));
        }
        if !strict_ok(label) {
            return Some(format!(
                "the label {} breaks the joiner rules (CONTEXTJ) or the Bidi rule (RFC 5893)",
                show_label(label)
            ));
        }
    }
    // Each label passes on its own: the Bidi rule, which a label with right-to-left text
    // extends to every label, is what is left.
    (!strict_ok(domain)).then(|| {
        "the domain breaks the Bidi rule (RFC 5893), which right-to-left text in one label \
         extends to every label"
            .to_owned()
    })
}

/// The first reason the ASCII form of a domain fails: an empty label, a Punycode label that
/// is not valid, a hyphen rule (CheckHyphens, on the Unicode form), a length (VerifyDnsLength).
fn ascii_label_failure(ascii: &str) -> Option<String> {
    let without_root = ascii.strip_suffix('.').unwrap_or(ascii);
    let labels: Vec<&str> = without_root.split('.').collect();
    for (i, label) in labels.iter().enumerate() {
        let number = i + 1;
        if label.is_empty() {
            return Some(if labels.len() == 1 {
                "the domain is empty".to_owned()
            } else {
                format!("label {number} of {} is empty", labels.len())
            });
        }
        let unicode = match label.strip_prefix("xn--") {
            Some(punycode) => match idna::punycode::decode_to_string(punycode) {
                // Punycode of ASCII text (or of nothing) is not a valid label either.
                Some(decoded) if decoded.is_ascii() || !strict_ok(&decoded) => {
                    return Some(format!(
                        "the label {} is the Punycode of {}, which is not valid (UTS 46)",
                        show_label(label),
                        show_label(&decoded)
                    ));
                }
                Some(decoded) => decoded,
                None => {
                    return Some(format!(
                        "the label {} is not valid Punycode",
                        show_label(label)
                    ));
                }
            },
            None => (*label).to_owned(),
        };
        if unicode.starts_with('-') {
            return Some(format!(
                "the label {} begins with '-' (CheckHyphens)",
                show_label(&unicode)
            ));
        }
        if unicode.ends_with('-') {
            return Some(format!(
                "the label {} ends with '-' (CheckHyphens)",
                show_label(&unicode)
            ));
        }
        if unicode.get(2..4) == Some("--") {
            return Some(format!(
                "the label {} has '--' in its third and fourth positions (CheckHyphens)",
                show_label(&unicode)
            ));
        }
        if label.len() > MAX_LABEL {
            return Some(format!(
                "the label {} is {} bytes long in ASCII, more than {MAX_LABEL}",
                show_label(label),
                label.len()
            ));
        }
    }
    if without_root.len() > MAX_DOMAIN {
        return Some(format!(
            "the domain is {} bytes long in ASCII, more than {MAX_DOMAIN}",
            without_root.len()
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{domain_failure, strict_failure};

    #[test]
    fn code_points() {
        assert_eq!(
            strict_failure("http://exa mple.com/", 7).as_deref(),
            Some("the code point ' ' (U+0020) is not allowed in a domain (UseSTD3ASCIIRules)")
        );
        assert_eq!(
            strict_failure("http://a_b.example/", 7).as_deref(),
            Some("the code point '_' (U+005F) is not allowed in a domain (UseSTD3ASCIIRules)")
        );
        // Percent-decoded first, as the host parser decodes it.
        assert_eq!(
            strict_failure("http://a%5Fb/", 7).as_deref(),
            Some("the code point '_' (U+005F) is not allowed in a domain (UseSTD3ASCIIRules)")
        );
        assert_eq!(
            strict_failure("http://a%FFb/", 7).as_deref(),
            Some("the percent-decoded domain is not UTF-8")
        );
        // U+FFFD is disallowed by UTS 46; a combining mark after a letter is fine.
        assert_eq!(
            domain_failure("a\u{FFFD}.example").as_deref(),
            Some("the code point '\u{FFFD}' (U+FFFD) is not allowed in a domain (UTS 46)")
        );
        assert_eq!(domain_failure("e\u{301}.example"), None);
        assert_eq!(
            domain_failure("\u{301}e.example").as_deref(),
            Some("the label '\u{301}e' begins with the combining mark '\u{301}' (U+0301)")
        );
        // A joiner outside its context, a label mixing left-to-right and right-to-left text,
        // and right-to-left text in one label with a digit-first label.
        assert_eq!(
            domain_failure("a\u{200D}b.com").as_deref(),
            Some(
                "the label 'a\\u{200d}b' breaks the joiner rules (CONTEXTJ) or the Bidi rule \
                 (RFC 5893)"
            )
        );
        assert_eq!(
            domain_failure("\u{5D0}a.com").as_deref(),
            Some(
                "the label '\u{5D0}a' breaks the joiner rules (CONTEXTJ) or the Bidi rule (RFC 5893)"
            )
        );
        assert_eq!(
            domain_failure("\u{5D0}.1a").as_deref(),
            Some(
                "the domain breaks the Bidi rule (RFC 5893), which right-to-left text in one \
                 label extends to every label"
            )
        );
        // A tab is removed by the parser before it reaches the host.
        assert_eq!(
            strict_failure("http://a\tb_c/", 7)
                .as_deref()
                .map(|s| &s[..20]),
            Some("the code point '_' (")
        );
    }

    #[test]
    fn labels() {
        assert_eq!(
            domain_failure("a..b").as_deref(),
            Some("label 2 of 3 is empty")
        );
        assert_eq!(
            domain_failure(".a").as_deref(),
            Some("label 1 of 2 is empty")
        );
        // The root label's dot is allowed.
        assert_eq!(domain_failure("a.b."), None);
        let long = "a".repeat(64);
        assert_eq!(
            domain_failure(&format!("{long}.com")).as_deref(),
            Some("the label 'aaaaaaaaaaaaaaaaaaaa…' is 64 bytes long in ASCII, more than 63")
        );
        let domain = ["a".repeat(63).as_str(); 4].join(".");
        assert_eq!(
            domain_failure(&domain).as_deref(),
            Some("the domain is 255 bytes long in ASCII, more than 253")
        );
        assert_eq!(
            domain_failure("-a.example").as_deref(),
            Some("the label '-a' begins with '-' (CheckHyphens)")
        );
        assert_eq!(
            domain_failure("a-.example").as_deref(),
            Some("the label 'a-' ends with '-' (CheckHyphens)")
        );
        assert_eq!(
            domain_failure("ab--c.example").as_deref(),
            Some("the label 'ab--c' has '--' in its third and fourth positions (CheckHyphens)")
        );
        assert_eq!(
            domain_failure("xn--a.com").as_deref(),
            Some("the label 'xn--a' is the Punycode of '\\u{80}', which is not valid (UTS 46)")
        );
        assert_eq!(
            domain_failure("xn--.com").as_deref(),
            Some("the label 'xn--' is the Punycode of '', which is not valid (UTS 46)")
        );
        assert_eq!(domain_failure("example.com"), None);
        assert_eq!(
            domain_failure("xn--abc-.com").as_deref(),
            Some("the label 'xn--abc-' is the Punycode of 'abc', which is not valid (UTS 46)")
        );
        assert_eq!(domain_failure("xn--fa-hia.example"), None);
    }
}
