//! Building a component's value from a pattern and group values: Chromium's
//! `URLPattern.prototype.generate(component, groups)`, proposed for the URL Pattern Standard
//! in [whatwg/urlpattern#73](https://github.com/whatwg/urlpattern/issues/73) (not in the
//! standard's text yet; WPT tests it as `urlpattern-generate.tentative.any.js`), and a
//! strict form that also refuses values that would change the component's structure.
//!
//! Only what has exactly one way to be filled is supported, as in Chromium: fixed text
//! without a modifier, and named segment wildcards (`:name`) without a modifier. Full
//! wildcards (`*`), custom regexp groups, unnamed groups and modifiers (`?`, `*`, `+`) are
//! errors.

use super::error::{UrlPatternComponent, UrlPatternGenerateError};
use super::parser::{EncodingCallback, Modifier, Options, Part, PartType};

/// Which values [`generate_a_component`] accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Policy {
    /// Chromium's rules: a value must match its group once encoded.
    Lax,
    /// Also refuse values that would change the component's structure.
    Strict,
}

/// Generate a component's value from its part list: each fixed-text part as it is, each
/// named segment wildcard as its prefix, its group's value encoded with the component's
/// encoding callback, and its suffix. `lookup` gives a group's value by name.
pub(crate) fn generate_a_component<'g>(
    component: UrlPatternComponent,
    part_list: &[Part],
    options: &Options,
    encoding_callback: EncodingCallback<'_>,
    lookup: impl Fn(&str) -> Option<&'g str>,
    policy: Policy,
) -> Result<String, UrlPatternGenerateError> {
    let mut result = String::new();
    // Where each group's encoded value went in `result`, for the strict form's checks of
    // the whole result.
    let mut filled: Vec<(usize, usize, &str)> = Vec::new();
    for part in part_list {
        check_part_is_supported(component, part)?;
        if part.kind == PartType::FixedText {
            result.push_str(&part.value);
            continue;
        }
        let name = part.name.as_str();
        let value = lookup(name).ok_or_else(|| UrlPatternGenerateError::MissingGroup {
            component,
            name: name.to_owned(),
        })?;
        if policy == Policy::Strict {
            check_value_is_structure_free(component, name, value)?;
        }
        let encoded = encode_a_group_value(component, name, value, options, encoding_callback)?;
        result.push_str(&part.prefix);
        let start = result.len();
        result.push_str(&encoded);
        filled.push((start, result.len(), name));
        result.push_str(&part.suffix);
    }
    if policy == Policy::Strict && component == UrlPatternComponent::Pathname {
        check_no_dot_segment_from_a_value(&result, &filled)?;
    }
    Ok(result)
}

/// Whether generate can fill `part`: fixed text or a named segment wildcard, either
/// without a modifier.
fn check_part_is_supported(
    component: UrlPatternComponent,
    part: &Part,
) -> Result<(), UrlPatternGenerateError> {
    let unsupported = |what: &'static str| UrlPatternGenerateError::UnsupportedPart {
        component,
        name: part.name.clone(),
        what,
    };
    match part.modifier {
        Modifier::None => {}
        Modifier::Optional => return Err(unsupported("a group with the modifier `?`")),
        Modifier::ZeroOrMore => return Err(unsupported("a group with the modifier `*`")),
        Modifier::OneOrMore => return Err(unsupported("a group with the modifier `+`")),
    }
    match part.kind {
        PartType::FixedText => Ok(()),
        PartType::FullWildcard => Err(unsupported("a full wildcard `*`")),
        PartType::Regexp => Err(unsupported("a custom regexp group")),
        // `(...)` whose regexp is the segment wildcard's: a group without a name.
        PartType::SegmentWildcard if part.name.starts_with(|c: char| c.is_ascii_digit()) => {
            Err(unsupported("an unnamed group"))
        }
        PartType::SegmentWildcard => Ok(()),
    }
}

/// Encode a group's value with the component's encoding callback, and check that the
/// result is what the group matches: not empty, without the component's delimiter (a `/`
/// in a pathname with the special schemes' options, a `.` in a hostname).
fn encode_a_group_value(
    component: UrlPatternComponent,
    name: &str,
    value: &str,
    options: &Options,
    encoding_callback: EncodingCallback<'_>,
) -> Result<String, UrlPatternGenerateError> {
    let encoded = encoding_callback(value).map_err(|_| UrlPatternGenerateError::InvalidValue {
        component,
        name: name.to_owned(),
        value: value.to_owned(),
    })?;
    let has_delimiter = options
        .delimiter
        .is_some_and(|d| encoded.as_bytes().contains(&d));
    if encoded.is_empty() || has_delimiter {
        return Err(UrlPatternGenerateError::ValueDoesNotMatch {
            component,
            name: name.to_owned(),
            value: value.to_owned(),
            encoded,
        });
    }
    Ok(encoded)
}

/// The strict form's rules for one value, before encoding (see
/// [`UrlPattern::generate_strict`](super::UrlPattern::generate_strict)).
fn check_value_is_structure_free(
    component: UrlPatternComponent,
    name: &str,
    value: &str,
) -> Result<(), UrlPatternGenerateError> {
    let refuse = |reason: &'static str| {
        Err(UrlPatternGenerateError::UnsafeValue {
            component,
            name: name.to_owned(),
            value: value.to_owned(),
            reason,
        })
    };
    let lower = value.to_ascii_lowercase();
    match component {
        UrlPatternComponent::Protocol => {
            if !value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            {
                return refuse("a scheme holds only ASCII letters, digits, `+`, `-` and `.`");
            }
        }
        UrlPatternComponent::Hostname => {
            let cut = |c: char| {
                c.is_ascii_control()
                    || matches!(
                        c,
                        ' ' | '/' | '\\' | '?' | '#' | '@' | ':' | '[' | ']' | '%'
                    )
            };
            if value.contains(cut) {
                return refuse(
                    "the host parser stops at or reads `/ \\ ? # @ : [ ] %`, spaces and controls",
                );
            }
            if value.contains('.') {
                return refuse("a `.` would add a label");
            }
        }
        UrlPatternComponent::Port => {
            if !value.bytes().all(|b| b.is_ascii_digit()) {
                return refuse("a port holds only ASCII digits");
            }
        }
        UrlPatternComponent::Pathname => {
            if value.contains(['/', '\\']) {
                return refuse("a `/` or `\\` would add path segments");
            }
            if lower.contains("%2f") || lower.contains("%5c") {
                return refuse(
                    "a percent-encoded `/` or `\\` is a segment separator to many servers",
                );
            }
        }
        UrlPatternComponent::Search => {
            if value.contains(['&', '=', '#']) {
                return refuse("a `&`, `=` or `#` would add or change a parameter");
            }
        }
        UrlPatternComponent::Username
        | UrlPatternComponent::Password
        | UrlPatternComponent::Hash => {}
    }
    Ok(())
}

/// Whether `segment` is a [single-dot or double-dot URL path
/// segment](https://url.spec.whatwg.org/#single-dot-path-segment) (`.`, `..`, and the same
/// with `%2e` in any case).
pub(crate) fn is_a_dot_segment(segment: &str) -> bool {
    let lower = segment.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "." | "%2e" | ".." | ".%2e" | "%2e." | "%2e%2e"
    )
}

/// The strict form's check of a generated pathname: no path segment that a group's value
/// is part of is a dot segment (`/:a:b` with `.` and `.` would make `..`).
fn check_no_dot_segment_from_a_value(
    pathname: &str,
    filled: &[(usize, usize, &str)],
) -> Result<(), UrlPatternGenerateError> {
    let mut start = 0;
    for segment in pathname.split(['/', '\\']) {
        let end = start + segment.len();
        let from_a_value = filled.iter().find(|&&(s, e, _)| s < end && start < e);
        if let (true, Some(&(s, e, name))) = (is_a_dot_segment(segment), from_a_value) {
            return Err(UrlPatternGenerateError::UnsafeValue {
                component: UrlPatternComponent::Pathname,
                name: name.to_owned(),
                value: pathname[s..e].to_owned(),
                reason: "a dot segment (`.`, `..`, `%2e`) would move up or stay in the path",
            });
        }
        start = end + 1;
    }
    Ok(())
}
