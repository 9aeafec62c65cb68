//! The owned result of a match: `URLPatternResult`, its `URLPatternComponentResult`s and
//! their [`Groups`], and its `inputs`.

use std::fmt;
use std::ops::Index;
use std::sync::Arc;

use super::component::GroupNames;
use super::matcher::Span;
use super::{CompactString, UrlPatternComponent, UrlPatternInput};

/// A result's `inputs`: the arguments `exec` was given (a URL string, a URL string and its
/// base URL, or an init object), a slice of [`UrlPatternInput`] through `Deref`. A single
/// input is kept in place (no list allocated).
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternInput};
/// let p: UrlPattern = "https://example.com/*".parse().unwrap();
/// let m = p.exec("/a", Some("https://example.com")).unwrap();
/// assert_eq!(m.inputs.len(), 2);
/// assert_eq!(m.inputs[1], UrlPatternInput::String("https://example.com".into()));
/// let m = p.exec("https://example.com/a", None).unwrap();
/// assert_eq!(m.inputs, [UrlPatternInput::String("https://example.com/a".into())]);
/// assert_eq!(m.inputs.to_vec(), vec![UrlPatternInput::from("https://example.com/a")]);
/// ```
#[derive(Clone)]
pub struct UrlPatternInputs(InputList);

#[derive(Clone)]
enum InputList {
    One(UrlPatternInput),
    Many(Vec<UrlPatternInput>),
}

impl std::ops::Deref for UrlPatternInputs {
    type Target = [UrlPatternInput];

    fn deref(&self) -> &[UrlPatternInput] {
        match &self.0 {
            InputList::One(input) => std::slice::from_ref(input),
            InputList::Many(inputs) => inputs,
        }
    }
}

impl From<UrlPatternInput> for UrlPatternInputs {
    fn from(input: UrlPatternInput) -> UrlPatternInputs {
        UrlPatternInputs(InputList::One(input))
    }
}

impl From<Vec<UrlPatternInput>> for UrlPatternInputs {
    fn from(inputs: Vec<UrlPatternInput>) -> UrlPatternInputs {
        UrlPatternInputs(InputList::Many(inputs))
    }
}

impl fmt::Debug for UrlPatternInputs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for UrlPatternInputs {
    fn eq(&self, other: &UrlPatternInputs) -> bool {
        **self == **other
    }
}

impl Eq for UrlPatternInputs {}

impl std::hash::Hash for UrlPatternInputs {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl PartialEq<[UrlPatternInput]> for UrlPatternInputs {
    fn eq(&self, other: &[UrlPatternInput]) -> bool {
        **self == *other
    }
}

impl<const N: usize> PartialEq<[UrlPatternInput; N]> for UrlPatternInputs {
    fn eq(&self, other: &[UrlPatternInput; N]) -> bool {
        **self == *other
    }
}

impl PartialEq<Vec<UrlPatternInput>> for UrlPatternInputs {
    fn eq(&self, other: &Vec<UrlPatternInput>) -> bool {
        **self == **other
    }
}

impl<'a> IntoIterator for &'a UrlPatternInputs {
    type Item = &'a UrlPatternInput;
    type IntoIter = std::slice::Iter<'a, UrlPatternInput>;

    fn into_iter(self) -> std::slice::Iter<'a, UrlPatternInput> {
        self.iter()
    }
}

/// The groups of one component's match, in the spec's order (named and numbered groups as
/// they appear in the pattern); a group that did not participate is `None` (JavaScript's
/// `undefined`).
///
/// ```
/// use weburl::pattern::UrlPattern;
/// let p: UrlPattern = "https://example.com/:a/:b?".parse().unwrap();
/// let m = p.exec("https://example.com/x", None).unwrap();
/// assert_eq!(m.pathname.groups["a"].as_deref(), Some("x"));
/// assert_eq!(m.pathname.groups["b"], None);
/// assert_eq!(m.pathname.groups.get("a"), Some("x"));
/// let names: Vec<&str> = m.pathname.groups.iter().map(|(n, _)| n).collect();
/// assert_eq!(names, ["a", "b"]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Groups {
    /// The component's group name list, shared with the pattern; `None` for the two lists
    /// that need no sharing: `["0"]` (a lone wildcard's or a lone regexp group's, when there
    /// is one value) and the empty list (when there is none). So a component's result takes
    /// 64 bytes: a result is built, moved and dropped whole on every match, and its size is
    /// much of that cost.
    names: Option<Arc<[String]>>,
    values: GroupValues,
}

/// The values of [`Groups`], one per name: a single one (a wildcard's group `0`, the most
/// common case) in place, more in one list (a boxed slice, which leaves room for the
/// enum's tag in the `CompactString`'s last byte).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum GroupValues {
    One(Option<CompactString>),
    Many(Box<[Option<CompactString>]>),
}

impl Default for GroupValues {
    fn default() -> GroupValues {
        GroupValues::Many(Box::default())
    }
}

impl Groups {
    /// Sets the groups (default until now) to those of `names` with the values the spans of
    /// `input` give, each value written in its place ([`write_text`]).
    pub(super) fn fill(&mut self, names: &GroupNames, input: &str, spans: &[Span]) {
        self.names = match names {
            GroupNames::List(list) => Some(list.clone()),
            GroupNames::Empty | GroupNames::Zero => None,
        };
        let empty = |span: &Span| span.map(|_| CompactString::const_new(""));
        match spans {
            [] => {}
            [one] => self.values = GroupValues::One(empty(one)),
            _ => self.values = GroupValues::Many(spans.iter().map(empty).collect()),
        }
        let values = match &mut self.values {
            GroupValues::One(one) => std::slice::from_mut(one),
            GroupValues::Many(many) => many,
        };
        for (value, span) in values.iter_mut().zip(spans) {
            if let (Some(value), Some((s, e))) = (value, span) {
                write_text(value, &input[*s..*e]);
            }
        }
    }

    /// Sets the groups (default until now) to those of a lone wildcard `*`: group `0` is the
    /// whole input.
    pub(super) fn fill_wildcard(&mut self, input: &str) {
        self.values = GroupValues::One(Some(CompactString::const_new("")));
        if let GroupValues::One(Some(value)) = &mut self.values {
            write_text(value, input);
        }
    }

    /// The name of value `i`.
    fn name(&self, i: usize) -> &str {
        match &self.names {
            Some(names) => &names[i],
            None => "0",
        }
    }

    fn values(&self) -> &[Option<CompactString>] {
        match &self.values {
            GroupValues::One(v) => std::slice::from_ref(v),
            GroupValues::Many(v) => v,
        }
    }

    fn find(&self, name: &str) -> Option<&Option<CompactString>> {
        let i = (0..self.len()).find(|&i| self.name(i) == name)?;
        self.values().get(i)
    }

    /// The value of group `name`: `None` if there is no such group or it did not participate.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://h/:id".parse().unwrap();
    /// let m = p.exec("https://h/7", None).unwrap();
    /// assert_eq!(m.pathname.groups.get("id"), Some("7"));
    /// assert_eq!(m.pathname.groups.get("nope"), None);
    /// ```
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.find(name).and_then(Option::as_deref)
    }

    /// Whether there is a group `name` (participating or not).
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://h/a{/:id}?".parse().unwrap();
    /// let m = p.exec("https://h/a", None).unwrap();
    /// assert!(m.pathname.groups.contains("id"));
    /// assert!(!m.pathname.groups.contains("x"));
    /// ```
    #[must_use]
    pub fn contains(&self, name: &str) -> bool {
        self.find(name).is_some()
    }

    /// The groups in order: (name, value).
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://h/:a/*".parse().unwrap();
    /// let m = p.exec("https://h/x/y/z", None).unwrap();
    /// let all: Vec<_> = m.pathname.groups.iter().collect();
    /// assert_eq!(all, [("a", Some("x")), ("0", Some("y/z"))]);
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, Option<&str>)> {
        (self.values().iter())
            .enumerate()
            .map(|(i, v)| (self.name(i), v.as_deref()))
    }

    /// How many groups there are.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://h/:a/*".parse().unwrap();
    /// assert_eq!(p.exec("https://h/x/y", None).unwrap().pathname.groups.len(), 2);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.values().len()
    }

    /// Whether there are no groups.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://h/a".parse().unwrap();
    /// assert!(p.exec("https://h/a", None).unwrap().pathname.groups.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values().is_empty()
    }
}

impl Index<&str> for Groups {
    type Output = Option<CompactString>;

    /// The value of group `name` (`None` if it did not participate).
    ///
    /// # Panics
    ///
    /// If there is no group `name` (as `HashMap`'s `Index`).
    fn index(&self, name: &str) -> &Option<CompactString> {
        match self.find(name) {
            Some(v) => v,
            None => panic!("no group named {name:?}"),
        }
    }
}

/// The dictionary `URLPatternComponentResult`: what one component matched.
///
/// ```
/// let p: weburl::pattern::UrlPattern = "https://*.example.com/*".parse().unwrap();
/// let m = p.exec("https://a.example.com/x", None).unwrap();
/// assert_eq!(m.hostname.input, "a.example.com");
/// assert_eq!(m.hostname.groups["0"].as_deref(), Some("a"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct UrlPatternComponentResult {
    /// The component's value that was matched.
    pub input: CompactString,
    /// The groups.
    pub groups: Groups,
}

/// The dictionary `URLPatternResult`: the result of [`UrlPattern::exec`](super::UrlPattern::exec).
///
/// ```
/// let p: weburl::pattern::UrlPattern = "https://example.com/:id".parse().unwrap();
/// let m = p.exec("/7", Some("https://example.com")).unwrap();
/// assert_eq!(m.inputs.len(), 2);
/// assert_eq!(m.protocol.input, "https");
/// assert_eq!(m.pathname.groups["id"].as_deref(), Some("7"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UrlPatternResult {
    /// The arguments `exec` was given (a URL, a URL and its base, or an init object).
    pub inputs: UrlPatternInputs,
    /// `protocol`
    pub protocol: UrlPatternComponentResult,
    /// `username`
    pub username: UrlPatternComponentResult,
    /// `password`
    pub password: UrlPatternComponentResult,
    /// `hostname`
    pub hostname: UrlPatternComponentResult,
    /// `port`
    pub port: UrlPatternComponentResult,
    /// `pathname`
    pub pathname: UrlPatternComponentResult,
    /// `search`
    pub search: UrlPatternComponentResult,
    /// `hash`
    pub hash: UrlPatternComponentResult,
}

impl UrlPatternResult {
    /// The result of one component.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://example.com/:id".parse().unwrap();
    /// let m = p.exec("https://example.com/7", None).unwrap();
    /// assert_eq!(m.component(UrlPatternComponent::Pathname).input, "/7");
    /// ```
    #[must_use]
    pub fn component(&self, component: UrlPatternComponent) -> &UrlPatternComponentResult {
        match component {
            UrlPatternComponent::Protocol => &self.protocol,
            UrlPatternComponent::Username => &self.username,
            UrlPatternComponent::Password => &self.password,
            UrlPatternComponent::Hostname => &self.hostname,
            UrlPatternComponent::Port => &self.port,
            UrlPatternComponent::Pathname => &self.pathname,
            UrlPatternComponent::Search => &self.search,
            UrlPatternComponent::Hash => &self.hash,
        }
    }

    /// The eight component results in the spec's order, which is the order of JavaScript's
    /// `URLPatternResult` members after `inputs` (the walk that the `serde` form of a result
    /// and the Python binding's `exec()` dict both follow).
    ///
    /// ```
    /// use weburl::pattern::UrlPattern;
    /// let p: UrlPattern = "https://example.com/:id".parse().unwrap();
    /// let m = p.exec("https://example.com/7", None).unwrap();
    /// let names: Vec<&str> = m.components().map(|(c, _)| c.name()).collect();
    /// assert_eq!(names, ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]);
    /// let (_, pathname) = m.components().nth(5).unwrap();
    /// assert_eq!(pathname.groups.get("id"), Some("7"));
    /// ```
    pub fn components(
        &self,
    ) -> impl ExactSizeIterator<Item = (UrlPatternComponent, &UrlPatternComponentResult)> {
        UrlPatternComponent::ALL
            .into_iter()
            .map(|c| (c, self.component(c)))
    }
}

/// Writes `text` into `slot`, an empty string where it will stay (in a result being built).
/// A string is made this way rather than by `CompactString::new` and a move: `new` copies
/// short text into a temporary with `memcpy` and reads it back in words to move it, and a
/// load that spans the narrower stores of a copy just made cannot take their data from the
/// store buffer, so the processor waits for them to reach the cache (a stall that was most of
/// a result's cost). Here the bytes are written in place and only read back much later.
#[inline(always)]
pub(super) fn write_text(slot: &mut CompactString, text: &str) {
    if !text.is_empty() {
        slot.push_str(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A component's result takes 64 bytes on a 64-bit target: the group names shared only
    /// when a list needs it, the values' list a boxed slice beside the tag. A result is
    /// written, moved and dropped whole on every match, so its size is much of its cost.
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn a_component_result_is_64_bytes() {
        assert_eq!(size_of::<Groups>(), 40);
        assert_eq!(size_of::<UrlPatternComponentResult>(), 64);
    }

    /// An input is no bigger than a `String` (its init object boxed), and the result's
    /// `inputs`, which keeps one in place, an input and a tag.
    #[test]
    fn inputs_are_small() {
        assert_eq!(size_of::<UrlPatternInput>(), size_of::<String>());
        assert!(size_of::<UrlPatternInputs>() <= size_of::<String>() + size_of::<usize>());
    }
}
