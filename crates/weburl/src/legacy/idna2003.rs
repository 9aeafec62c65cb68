//! IDNA2003: RFC 3490 ToASCII with the AllowUnassigned and UseSTD3ASCIIRules flags, and
//! RFC 3491 Nameprep (the RFC 3454 stringprep profile, Unicode 3.2 tables). The HTML5 2011
//! engine (and the 2009 draft) apply it to hosts. It is not UTS #46: all-ASCII labels are
//! left as they are (case included), `ß` maps to `ss`, `_` is an error.
//!
//! The mapping (tables B.1, B.2), prohibition (C.1.2–C.9) and unassigned (A.1) tables are
//! RFC 3454's own, from the `stringprep` crate. NFKC is the `unicode-normalization` crate's,
//! applied only to runs of code points assigned in Unicode 3.2 (a code point unassigned there is
//! a starter that neither decomposes nor composes, so it passes through as Unicode 3.2 NFKC
//! would pass it). This equals Unicode 3.2 NFKC except for the few decompositions that
//! Unicode's normalization corrigenda changed after 3.2. The bidi test (RFC 3454 §6) uses the
//! current bidi classes, again only for code points assigned in Unicode 3.2.
//!
//! ```
//! use weburl::legacy::idna2003::{domain_to_ascii, IdnaError};
//! assert_eq!(domain_to_ascii("straße.de").unwrap(), "strasse.de");
//! assert_eq!(domain_to_ascii("EXAMPLE.com").unwrap(), "EXAMPLE.com");
//! assert_eq!(domain_to_ascii("ÉXAMPLE.com").unwrap(), "xn--xample-9ua.com");
//! assert_eq!(domain_to_ascii("a。b").unwrap(), "a.b");
//! assert_eq!(domain_to_ascii("a_b.com"), Err(IdnaError::NotLdh('_')));
//! ```

use std::fmt;

use stringprep::tables;
use unicode_normalization::UnicodeNormalization;

/// Why IDNA2003 ToASCII failed.
///
/// ```
/// use weburl::legacy::idna2003::{to_ascii_label, IdnaError};
/// assert_eq!(to_ascii_label("-a"), Err(IdnaError::Hyphen));
/// assert_eq!(IdnaError::Hyphen.to_string(), "a label starts or ends with \"-\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdnaError {
    /// Nameprep's output contains a prohibited code point (RFC 3491 §5).
    Prohibited(char),
    /// Nameprep's bidi rule (RFC 3454 §6) fails.
    Bidi,
    /// UseSTD3ASCIIRules: an ASCII code point other than a letter, digit or hyphen.
    NotLdh(char),
    /// UseSTD3ASCIIRules: a label starts or ends with a hyphen.
    Hyphen,
    /// A non-ASCII label already starts with the ACE prefix `xn--`.
    AcePrefix,
    /// A label is empty or longer than 63 code points.
    LabelLength,
    /// Punycode cannot encode the label.
    Punycode,
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IdnaError::Prohibited(c) => {
                write!(f, "Nameprep prohibits U+{:04X}", u32::from(*c))
            }
            IdnaError::Bidi => f.write_str("a label breaks Nameprep's bidi rule"),
            IdnaError::NotLdh(c) => write!(
                f,
                "U+{:04X} is not a letter, digit or hyphen (UseSTD3ASCIIRules)",
                u32::from(*c)
            ),
            IdnaError::Hyphen => f.write_str("a label starts or ends with \"-\""),
            IdnaError::AcePrefix => f.write_str("a non-ASCII label starts with \"xn--\""),
            IdnaError::LabelLength => f.write_str("a label is empty or longer than 63"),
            IdnaError::Punycode => f.write_str("Punycode cannot encode a label"),
        }
    }
}

impl std::error::Error for IdnaError {}

/// The IDNA2003 label separators: U+002E, U+3002, U+FF0E, U+FF61.
fn is_dot(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// RFC 3491 Nameprep with AllowUnassigned (code points unassigned in Unicode 3.2 pass).
///
/// ```
/// use weburl::legacy::idna2003::{nameprep, IdnaError};
/// assert_eq!(nameprep("Ｅｘａｍｐｌｅ").unwrap(), "example");
/// assert_eq!(nameprep("ex\u{AD}ample").unwrap(), "example");
/// assert_eq!(nameprep("😀").unwrap(), "😀");
/// assert_eq!(nameprep("a\u{200E}"), Err(IdnaError::Prohibited('\u{200E}')));
/// ```
pub fn nameprep(input: &str) -> Result<String, IdnaError> {
    // Mapping: B.1 to nothing, B.2 case folding.
    let mapped: String = input
        .chars()
        .filter(|&c| !tables::commonly_mapped_to_nothing(c))
        .flat_map(tables::case_fold_for_nfkc)
        .collect();
    // NFKC, on the runs of code points assigned in Unicode 3.2.
    let mut normalized = String::with_capacity(mapped.len());
    let mut run = String::new();
    for c in mapped.chars() {
        if tables::unassigned_code_point(c) {
            normalized.extend(run.nfkc());
            run.clear();
            normalized.push(c);
        } else {
            run.push(c);
        }
    }
    normalized.extend(run.nfkc());
    // Prohibited output: C.1.2, C.2.2, C.3, C.4, C.5, C.6, C.7, C.8, C.9.
    if let Some(c) = normalized.chars().find(|&c| {
        tables::non_ascii_space_character(c)
            || tables::non_ascii_control_character(c)
            || tables::private_use(c)
            || tables::non_character_code_point(c)
            || tables::surrogate_code(c)
            || tables::inappropriate_for_plain_text(c)
            || tables::inappropriate_for_canonical_representation(c)
            || tables::change_display_properties_or_deprecated(c)
            || tables::tagging_character(c)
    }) {
        return Err(IdnaError::Prohibited(c));
    }
    // Bidi (RFC 3454 §6), on code points assigned in Unicode 3.2.
    let assigned = |c: &char| !tables::unassigned_code_point(*c);
    let r_al = |c: char| assigned(&c) && tables::bidi_r_or_al(c);
    if normalized.chars().any(r_al) {
        let has_l = normalized
            .chars()
            .any(|c| assigned(&c) && tables::bidi_l(c));
        let first = normalized.chars().next().is_some_and(r_al);
        let last = normalized.chars().next_back().is_some_and(r_al);
        if has_l || !first || !last {
            return Err(IdnaError::Bidi);
        }
    }
    Ok(normalized)
}

/// RFC 3490 ToASCII of one label, with AllowUnassigned and UseSTD3ASCIIRules.
///
/// ```
/// use weburl::legacy::idna2003::{to_ascii_label, IdnaError};
/// assert_eq!(to_ascii_label("é").unwrap(), "xn--9ca");
/// assert_eq!(to_ascii_label("Bücher").unwrap(), "xn--bcher-kva");
/// assert_eq!(to_ascii_label("ABC").unwrap(), "ABC");
/// assert_eq!(to_ascii_label("xn--é"), Err(IdnaError::AcePrefix));
/// assert_eq!(to_ascii_label(""), Err(IdnaError::LabelLength));
/// ```
pub fn to_ascii_label(label: &str) -> Result<String, IdnaError> {
    // Steps 1-2: Nameprep only when the label has non-ASCII code points.
    let label = if label.is_ascii() {
        label.to_owned()
    } else {
        nameprep(label)?
    };
    // Step 3: UseSTD3ASCIIRules.
    if let Some(c) = label
        .chars()
        .find(|&c| c.is_ascii() && !c.is_ascii_alphanumeric() && c != '-')
    {
        return Err(IdnaError::NotLdh(c));
    }
    if label.starts_with('-') || label.ends_with('-') {
        return Err(IdnaError::Hyphen);
    }
    // Steps 4-7: Punycode with the ACE prefix.
    let label = if label.is_ascii() {
        label
    } else {
        if label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
        {
            return Err(IdnaError::AcePrefix);
        }
        let encoded = idna::punycode::encode_str(&label).ok_or(IdnaError::Punycode)?;
        format!("xn--{encoded}")
    };
    // Step 8: 1 to 63 code points.
    if label.is_empty() || label.len() > 63 {
        return Err(IdnaError::LabelLength);
    }
    Ok(label)
}

/// ToASCII of a whole host name: labels are split on the four IDNA2003 dots and joined with
/// `.`. An empty host gives `""`, and a trailing dot (the empty root label) is kept, not
/// converted; every other empty label is an error.
///
/// ```
/// use weburl::legacy::idna2003::{domain_to_ascii, IdnaError};
/// assert_eq!(domain_to_ascii("example.com.").unwrap(), "example.com.");
/// assert_eq!(domain_to_ascii("").unwrap(), "");
/// assert_eq!(domain_to_ascii("a..b"), Err(IdnaError::LabelLength));
/// assert_eq!(domain_to_ascii("😀.com").unwrap(), "xn--e28h.com");
/// ```
pub fn domain_to_ascii(domain: &str) -> Result<String, IdnaError> {
    if domain.is_empty() {
        return Ok(String::new());
    }
    let mut labels: Vec<&str> = domain.split(is_dot).collect();
    let trailing_dot = labels.len() > 1 && labels.last() == Some(&"");
    if trailing_dot {
        labels.pop();
    }
    let mut out = String::with_capacity(domain.len());
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        out.push_str(&to_ascii_label(label)?);
    }
    if trailing_dot {
        out.push('.');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3490_cases() {
        assert_eq!(
            domain_to_ascii("ｅｘａｍｐｌｅ.com").unwrap(),
            "example.com"
        );
        assert_eq!(domain_to_ascii("a\u{3000}b"), Err(IdnaError::NotLdh(' ')));
        assert_eq!(domain_to_ascii("ex\nample"), Err(IdnaError::NotLdh('\n')));
        assert_eq!(domain_to_ascii("[::1]"), Err(IdnaError::NotLdh('[')));
        assert_eq!(domain_to_ascii(".a"), Err(IdnaError::LabelLength));
        assert_eq!(
            domain_to_ascii(&"a".repeat(64)),
            Err(IdnaError::LabelLength)
        );
        assert!(domain_to_ascii(&"a".repeat(63)).is_ok());
        // Bidi: an R label must start and end with R/AL, and hold no L.
        assert!(domain_to_ascii("\u{05D0}\u{05D1}").is_ok());
        assert_eq!(domain_to_ascii("\u{05D0}a"), Err(IdnaError::Bidi));
        assert_eq!(domain_to_ascii("\u{05D0}1"), Err(IdnaError::Bidi));
        // A label that maps to nothing is empty.
        assert_eq!(domain_to_ascii("\u{AD}.com"), Err(IdnaError::LabelLength));
    }
}
