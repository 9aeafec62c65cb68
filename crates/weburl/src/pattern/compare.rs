//! Ordering two patterns' components by how specific they are: Chromium's
//! `URLPattern.compareComponent(component, left, right)`, proposed for the URL Pattern
//! Standard in [whatwg/urlpattern#61](https://github.com/whatwg/urlpattern/issues/61) (not in
//! the standard's text yet; WPT tests it as `urlpattern-compare.tentative.any.js`).
//!
//! The two part lists are compared part by part; the first part that differs decides. A
//! list that ends first is compared as if it went on with an empty fixed-text part, so
//! `/foo/` (which ends) is more specific than `/foo/*` (which goes on with a wildcard).

use std::cmp::Ordering;

use super::parser::{Modifier, Part, PartType};

/// The rank of a part's type: fixed text is the most specific, then a custom regexp group
/// (it usually constrains what a wildcard would take), then a segment wildcard, then a
/// full wildcard.
fn type_rank(kind: PartType) -> u8 {
    match kind {
        PartType::FullWildcard => 0,
        PartType::SegmentWildcard => 1,
        PartType::Regexp => 2,
        PartType::FixedText => 3,
    }
}

/// The rank of a part's modifier: a part that must occur exactly once is the most
/// specific, then one that must occur at least once, then an optional one, then one that
/// may repeat any number of times.
fn modifier_rank(modifier: Modifier) -> u8 {
    match modifier {
        Modifier::ZeroOrMore => 0,
        Modifier::Optional => 1,
        Modifier::OneOrMore => 2,
        Modifier::None => 3,
    }
}

/// Compare two parts: type, then modifier, then the prefix, value and suffix texts byte by
/// byte (they went through the component's encoding callback, so they are ASCII). Group
/// names are not compared: `:a` and `:b` are equally specific.
pub(crate) fn compare_parts(left: &Part, right: &Part) -> Ordering {
    let key = |p: &Part| (type_rank(p.kind), modifier_rank(p.modifier));
    key(left)
        .cmp(&key(right))
        .then_with(|| left.prefix.as_bytes().cmp(right.prefix.as_bytes()))
        .then_with(|| left.value.as_bytes().cmp(right.value.as_bytes()))
        .then_with(|| left.suffix.as_bytes().cmp(right.suffix.as_bytes()))
}

/// The part a list that has ended is compared as: empty fixed text.
fn empty_fixed_text() -> Part {
    Part {
        kind: PartType::FixedText,
        value: String::new(),
        modifier: Modifier::None,
        name: String::new(),
        prefix: String::new(),
        suffix: String::new(),
    }
}

/// Compare two part lists: the first pair of parts that differs decides; when one list is
/// a prefix of the other, the longer list's next part is compared with empty fixed text.
///
/// Chromium compares only that next part. Here the longer list's parts are compared with
/// empty fixed text in turn until one differs: the same answer unless a part is itself empty
/// fixed text (fixed text that the component's encoding empties, such as a lone tab, which
/// URL parsing removes), and the order is then transitive by construction (lists compared
/// as if padded with empty fixed text without end), so that sorting by it is well defined.
pub(crate) fn compare_part_lists(left: &[Part], right: &[Part]) -> Ordering {
    for (l, r) in left.iter().zip(right) {
        let order = compare_parts(l, r);
        if order != Ordering::Equal {
            return order;
        }
    }
    let common = left.len().min(right.len());
    let empty = empty_fixed_text();
    let left_tail = left[common..].iter().map(|l| compare_parts(l, &empty));
    let right_tail = right[common..].iter().map(|r| compare_parts(&empty, r));
    (left_tail.chain(right_tail))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

#[cfg(test)]
mod tests {
    use std::cmp::Ordering;

    use crate::pattern::{UrlPattern, UrlPatternComponent, UrlPatternInit};

    fn pathname(p: &str) -> UrlPattern {
        let init = UrlPatternInit {
            pathname: Some(p.into()),
            ..Default::default()
        };
        UrlPattern::from_init(&init, Default::default()).unwrap()
    }

    /// A part of empty fixed text (a tab, which the pathname's encoding removes) after the
    /// end of the other list does not end the comparison: the parts after it decide, so that
    /// the order stays transitive (Chromium would answer `Equal` for the first pair).
    #[test]
    fn an_empty_fixed_part_does_not_end_the_comparison() {
        let c = UrlPatternComponent::Pathname;
        let tab = pathname("{\t}:x");
        let parts = &tab.component(c).part_list;
        assert_eq!(parts[0].value, "", "{parts:?}");
        let none = pathname("");
        let fixed = pathname("{\t}a");
        // [""] then `:x` against []: `:x` is less specific than the end.
        assert_eq!(
            UrlPattern::compare_component(c, &tab, &none),
            Ordering::Less
        );
        assert_eq!(
            UrlPattern::compare_component(c, &none, &tab),
            Ordering::Greater
        );
        // Transitive: `{\t}a` > [] > `{\t}:x`, and so `{\t}a` > `{\t}:x`.
        assert_eq!(
            UrlPattern::compare_component(c, &fixed, &none),
            Ordering::Greater
        );
        assert_eq!(
            UrlPattern::compare_component(c, &fixed, &tab),
            Ordering::Greater
        );
    }
}
