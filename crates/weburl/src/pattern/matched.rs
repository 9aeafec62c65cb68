//! The borrowed match ([`UrlPatternMatch`]): a match of a pattern on a parsed URL whose
//! groups are read on demand, and its [`MatchGroups`].

use std::fmt;

use super::component::GroupNames;
use super::matcher::Span;
use super::values::{Values, with_spans};
use super::{UrlPattern, UrlPatternComponent, UrlPatternResult, no_match_on_error};
use crate::Url;

/// A match of a pattern on a parsed URL, borrowed from both
/// ([`UrlPattern::match_url`], [`UrlPatternSet::first_match_ref`](super::UrlPatternSet::first_match_ref)). It keeps the pathname's
/// group spans as the match found them (in place, no allocation, for up to six groups), so
/// reading them matches nothing again; the other components' groups are read on demand, and
/// [`UrlPatternMatch::to_result`] builds the owned [`UrlPatternResult`].
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternComponent};
/// let p: UrlPattern = "https://*.example.com/:a/:b?".parse().unwrap();
/// let url = weburl::Url::parse("https://www.example.com/x").unwrap();
/// let m = p.match_url(&url).unwrap();
/// assert_eq!(m.group(UrlPatternComponent::Hostname, "0"), Some("www"));
/// assert_eq!(m.groups(UrlPatternComponent::Pathname), [("a", Some("x")), ("b", None)]);
/// assert_eq!(m.input(UrlPatternComponent::Pathname), "/x");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct UrlPatternMatch<'p, 'u> {
    pub(super) pattern: &'p UrlPattern,
    pub(super) url: &'u Url,
    /// The pathname's group spans, as the match found them.
    pub(super) pathname: KeptSpans,
}

/// How many group spans a [`UrlPatternMatch`] keeps in place: a pathname with more groups
/// is matched again when they are read.
pub(super) const KEPT: usize = 6;

/// A component's group spans kept in a [`UrlPatternMatch`] (no allocation): up to [`KEPT`]
/// of them, as 32-bit offsets, `(u32::MAX, 0)` for a group that did not participate.
#[derive(Debug, Clone, Copy)]
pub(super) struct KeptSpans {
    /// How many spans there are, or [`KeptSpans::NONE`] when they were not kept (too many
    /// groups, an input of 4 GiB or more).
    len: u8,
    spans: [(u32, u32); KEPT],
}

impl KeptSpans {
    const NONE: u8 = u8::MAX;
    const ABSENT: (u32, u32) = (u32::MAX, 0);

    /// Nothing kept: the groups are read by matching again.
    pub(super) const NOT_KEPT: KeptSpans = KeptSpans {
        len: KeptSpans::NONE,
        spans: [KeptSpans::ABSENT; KEPT],
    };

    /// `spans`, the groups of a match on an input of `len` bytes, kept if they fit.
    #[inline]
    pub(super) fn new(spans: &[Span], len: usize) -> KeptSpans {
        if spans.len() > KEPT || len >= u32::MAX as usize {
            return KeptSpans::NOT_KEPT;
        }
        let mut kept = KeptSpans {
            len: spans.len() as u8,
            spans: [KeptSpans::ABSENT; KEPT],
        };
        for (k, span) in kept.spans.iter_mut().zip(spans) {
            if let Some((s, e)) = *span {
                *k = (s as u32, e as u32);
            }
        }
        kept
    }

    /// The spans, if they were kept, as the offsets they were kept as.
    #[inline]
    fn get(&self) -> Option<&[(u32, u32)]> {
        self.spans.get(..self.len as usize)
    }

    /// The value of the kept span `span` in `input`: `None` for a group that did not
    /// participate.
    #[inline]
    fn value(input: &str, (s, e): (u32, u32)) -> Option<&str> {
        if s == u32::MAX {
            return None;
        }
        input.get(s as usize..e as usize)
    }
}

/// One group of a [`UrlPatternMatch`]: its name and its value, `None` if it did not
/// participate.
type MatchGroup<'p, 'u> = (&'p str, Option<&'u str>);

/// The groups of one component of a [`UrlPatternMatch`] ([`UrlPatternMatch::groups`]), in
/// the spec's order: a list that keeps up to six in place (no allocation for a typical
/// route; matchit's parameters, likewise, sit in place up to three) and more on the heap,
/// read as a slice of (name, value).
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternComponent};
/// let p: UrlPattern = "https://h/:a/:b?".parse().unwrap();
/// let url = weburl::Url::parse("https://h/x").unwrap();
/// let m = p.match_url(&url).unwrap();
/// let groups = m.groups(UrlPatternComponent::Pathname);
/// assert_eq!(groups.len(), 2);
/// assert_eq!(groups[0], ("a", Some("x")));
/// assert_eq!(groups, [("a", Some("x")), ("b", None)]);
/// assert_eq!(groups.to_vec(), vec![("a", Some("x")), ("b", None)]);
/// ```
#[derive(Clone)]
pub struct MatchGroups<'p, 'u>(GroupList<'p, 'u>);

#[derive(Clone)]
enum GroupList<'p, 'u> {
    Inline(u8, [MatchGroup<'p, 'u>; KEPT]),
    Heap(Vec<MatchGroup<'p, 'u>>),
}

impl<'p, 'u> MatchGroups<'p, 'u> {
    /// An empty list with room for `n` groups.
    #[inline]
    fn with_capacity(n: usize) -> MatchGroups<'p, 'u> {
        MatchGroups(if n <= KEPT {
            GroupList::Inline(0, [("", None); KEPT])
        } else {
            GroupList::Heap(Vec::with_capacity(n))
        })
    }

    #[inline]
    fn push(&mut self, group: MatchGroup<'p, 'u>) {
        match &mut self.0 {
            GroupList::Inline(len, groups) if (*len as usize) < KEPT => {
                groups[*len as usize] = group;
                *len += 1;
            }
            GroupList::Inline(_, groups) => {
                let mut heap = groups.to_vec();
                heap.push(group);
                self.0 = GroupList::Heap(heap);
            }
            GroupList::Heap(groups) => groups.push(group),
        }
    }
}

impl<'p, 'u> std::ops::Deref for MatchGroups<'p, 'u> {
    type Target = [MatchGroup<'p, 'u>];

    #[inline]
    fn deref(&self) -> &[MatchGroup<'p, 'u>] {
        match &self.0 {
            GroupList::Inline(len, groups) => &groups[..*len as usize],
            GroupList::Heap(groups) => groups,
        }
    }
}

impl fmt::Debug for MatchGroups<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl PartialEq for MatchGroups<'_, '_> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for MatchGroups<'_, '_> {}

impl<'p, 'u> PartialEq<[MatchGroup<'p, 'u>]> for MatchGroups<'p, 'u> {
    fn eq(&self, other: &[MatchGroup<'p, 'u>]) -> bool {
        **self == *other
    }
}

impl<'p, 'u, const N: usize> PartialEq<[MatchGroup<'p, 'u>; N]> for MatchGroups<'p, 'u> {
    fn eq(&self, other: &[MatchGroup<'p, 'u>; N]) -> bool {
        **self == *other
    }
}

impl<'p, 'u> PartialEq<Vec<MatchGroup<'p, 'u>>> for MatchGroups<'p, 'u> {
    fn eq(&self, other: &Vec<MatchGroup<'p, 'u>>) -> bool {
        **self == **other
    }
}

impl<'a, 'p, 'u> IntoIterator for &'a MatchGroups<'p, 'u> {
    type Item = &'a MatchGroup<'p, 'u>;
    type IntoIter = std::slice::Iter<'a, MatchGroup<'p, 'u>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A component's group names, its input and its kept group spans
/// ([`UrlPatternMatch::kept`]).
type KeptGroups<'p, 'u, 'm> = (&'p GroupNames, &'u str, &'m [(u32, u32)]);

impl<'p, 'u> UrlPatternMatch<'p, 'u> {
    /// The pattern that matched.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://h/:id".parse().unwrap();
    /// let url = weburl::Url::parse("https://h/7").unwrap();
    /// assert_eq!(p.match_url(&url).unwrap().pattern().pathname(), "/:id");
    /// ```
    #[must_use]
    pub fn pattern(&self) -> &'p UrlPattern {
        self.pattern
    }

    /// The URL that matched.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://h/:id".parse().unwrap();
    /// let url = weburl::Url::parse("https://h/7").unwrap();
    /// assert_eq!(p.match_url(&url).unwrap().url().href(), "https://h/7");
    /// ```
    #[must_use]
    pub fn url(&self) -> &'u Url {
        self.url
    }

    /// The value of one component that was matched (the result's `input` of it).
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://h/*".parse().unwrap();
    /// let url = weburl::Url::parse("https://h/a?q").unwrap();
    /// assert_eq!(p.match_url(&url).unwrap().input(UrlPatternComponent::Search), "q");
    /// ```
    #[must_use]
    pub fn input(&self, component: UrlPatternComponent) -> &'u str {
        Values::one(self.url, component)
    }

    /// The groups of one component, in the spec's order: (name, value), `None` for a group
    /// that did not participate; up to six in place, with no allocation
    /// ([`MatchGroups`]). [`UrlPatternMatch::for_each_group`] reads them without a list.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://h/:a/*".parse().unwrap();
    /// let url = weburl::Url::parse("https://h/x/y/z").unwrap();
    /// let m = p.match_url(&url).unwrap();
    /// assert_eq!(m.groups(UrlPatternComponent::Pathname), [("a", Some("x")), ("0", Some("y/z"))]);
    /// ```
    #[must_use]
    pub fn groups(&self, component: UrlPatternComponent) -> MatchGroups<'p, 'u> {
        let i = component as usize;
        let n = if self.pattern.wildcards.contains(component) {
            1
        } else {
            self.pattern.components[i].group_name_list.len()
        };
        let mut out = MatchGroups::with_capacity(n);
        self.for_each_group(component, |name, value| out.push((name, value)));
        out
    }

    /// Calls `f` with each group of one component, in the spec's order: (name, value), `None`
    /// for a group that did not participate. What [`UrlPatternMatch::groups`] gives, without
    /// a `Vec` per call (a table's rows, a server's requests).
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://h/:a/:b?/*".parse().unwrap();
    /// let url = weburl::Url::parse("https://h/x/y/z").unwrap();
    /// let mut seen = String::new();
    /// p.match_url(&url).unwrap().for_each_group(UrlPatternComponent::Pathname, |name, value| {
    ///     seen.push_str(&format!("{name}={} ", value.unwrap_or("-")));
    /// });
    /// assert_eq!(seen, "a=x b=y 0=z ");
    /// ```
    pub fn for_each_group(
        &self,
        component: UrlPatternComponent,
        mut f: impl FnMut(&'p str, Option<&'u str>),
    ) {
        if let Some((names, input, kept)) = self.kept(component) {
            for (k, &span) in kept.iter().enumerate() {
                f(names.get(k), KeptSpans::value(input, span));
            }
            return;
        }
        self.with_groups(component, |names, input, spans| {
            for (k, span) in spans.iter().enumerate() {
                f(names.get(k), span.map(|(s, e)| &input[s..e]));
            }
        });
    }

    /// The group names, input and kept group spans of `component`, if it is the pathname
    /// (not a lone wildcard) and the match kept its spans: read in place, with no list.
    #[inline]
    fn kept(&self, component: UrlPatternComponent) -> Option<KeptGroups<'p, 'u, '_>> {
        const PATHNAME: usize = UrlPatternComponent::Pathname as usize;
        if component != UrlPatternComponent::Pathname || self.pattern.wildcards.contains(component)
        {
            return None;
        }
        let kept = self.pathname.get()?;
        let names = &self.pattern.components[PATHNAME].group_name_list;
        Some((names, self.url.pathname(), kept))
    }

    /// Runs `f` on the group names of one component, its input and the spans of its groups
    /// (one per name), matched again on the URL (for a component whose spans the match did
    /// not keep: [`UrlPatternMatch::kept`] reads those).
    fn with_groups<R>(
        &self,
        component: UrlPatternComponent,
        f: impl FnOnce(&'p GroupNames, &'u str, &[Span]) -> R,
    ) -> R {
        let i = component as usize;
        let input = self.input(component);
        if self.pattern.wildcards.contains(component) {
            static ZERO: GroupNames = GroupNames::Zero;
            return f(&ZERO, input, &[Some((0, input.len()))]);
        }
        let c = &self.pattern.components[i];
        let run = |spans: &mut Vec<Span>| {
            // Not reached (the component matched when the match was made) but on the
            // bounded matcher, whose budget can run out this time: no groups then.
            if !no_match_on_error(c.exec_into(input, spans).map_err(|_| c.exhausted())) {
                spans.clear();
            }
            spans.truncate(c.group_name_list.len());
            f(&c.group_name_list, input, spans)
        };
        with_spans(run)
    }

    /// The value of the group `name` of one component: `None` if there is no such group or
    /// it did not participate.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://h/books/:id".parse().unwrap();
    /// let url = weburl::Url::parse("https://h/books/7").unwrap();
    /// let m = p.match_url(&url).unwrap();
    /// assert_eq!(m.group(UrlPatternComponent::Pathname, "id"), Some("7"));
    /// assert_eq!(m.group(UrlPatternComponent::Pathname, "x"), None);
    /// ```
    #[must_use]
    pub fn group(&self, component: UrlPatternComponent, name: &str) -> Option<&'u str> {
        if let Some((names, input, kept)) = self.kept(component) {
            return KeptSpans::value(input, *kept.get(names.position(name)?)?);
        }
        self.with_groups(component, |names, input, spans| {
            let (s, e) = (*spans.get(names.position(name)?)?)?;
            Some(&input[s..e])
        })
    }

    /// Whether the match kept its pathname's group spans (read without matching again), for
    /// the project's tests.
    #[cfg(feature = "_test-hooks")]
    #[doc(hidden)]
    #[must_use]
    pub fn kept_pathname_groups(&self) -> bool {
        self.pathname.get().is_some()
    }

    /// The owned result, as [`UrlPattern::exec_url`] gives it.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://h/:id".parse().unwrap();
    /// let url = weburl::Url::parse("https://h/7").unwrap();
    /// let r = p.match_url(&url).unwrap().to_result();
    /// assert_eq!(r.pathname.groups["id"].as_deref(), Some("7"));
    /// ```
    #[must_use]
    pub fn to_result(&self) -> UrlPatternResult {
        self.pattern
            .exec_url(self.url)
            .expect("a match made on this URL matches it again")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A borrowed match's groups, in place up to six and on the heap past them (a list that
    /// outgrows its room moves there), equal the owned result's, for pathnames of 0 to 9
    /// groups with some that do not participate.
    #[test]
    fn match_groups_in_place_and_on_the_heap() {
        for n in 0..10 {
            let pattern: String = (0..n)
                .map(|i| format!("/:g{i}{}", ["", "?"][i % 2]))
                .collect();
            let pattern: UrlPattern = format!("https://h{pattern}").parse().unwrap();
            let path: String = (0..n).step_by(2).map(|i| format!("/v{i}")).collect();
            let url = Url::parse(&format!("https://h{path}")).unwrap();
            let m = pattern.match_url(&url).unwrap();
            let groups = m.groups(UrlPatternComponent::Pathname);
            let owned = pattern.exec_url(&url).unwrap();
            let want: Vec<(&str, Option<&str>)> = owned.pathname.groups.iter().collect();
            assert_eq!(groups, want, "{n} groups");
            assert_eq!(matches!(groups.0, GroupList::Inline(..)), n <= KEPT);
            let mut spilled = MatchGroups::with_capacity(KEPT);
            for &group in &want {
                spilled.push(group);
            }
            assert_eq!(spilled, groups);
        }
    }
}
