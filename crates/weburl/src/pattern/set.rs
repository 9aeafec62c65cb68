//! [`UrlPatternSet`]: many URL patterns, each with a value, matched at once.
//!
//! The set keeps a tree over the pathname segments of its patterns (a literal segment, or a
//! whole segment matched by a segment wildcard such as `:id`), built from each pattern's
//! part list up to the first part that is neither: that prefix of segments is a condition
//! every URL the pattern matches meets. A URL walks the tree along its own pathname segments
//! (a literal child and the wildcard child at each level), which gives the few candidate
//! patterns; they are then matched in full, in insertion order. A pattern with nothing to
//! index (a pathname of `*`, `ignore_case`, an opaque pathname) is a candidate for every URL.

use std::cell::RefCell;
use std::cmp::Ordering;

use super::parser::{Modifier, Options, PartType};
use super::{
    URL_KNOWN, UrlPattern, UrlPatternComponent, UrlPatternInput, UrlPatternMatch, UrlPatternResult,
    Values,
};
use crate::Url;

/// One level of the tree.
#[derive(Debug, Clone, Default)]
struct Node {
    /// Children by literal segment, sorted by length and then bytes (see [`by_len`]): a
    /// binary search that mostly compares lengths, no hashing of the URL's segments and no
    /// collisions to provoke.
    literal: Vec<(Box<[u8]>, u32)>,
    /// The child of a segment wildcard (any non-empty segment).
    wildcard: Option<u32>,
    /// Patterns whose indexed prefix ends here and may go on (candidates for any URL that
    /// reaches this node).
    open: Vec<u32>,
    /// Patterns whose whole pathname ends here (candidates when the URL's segments do).
    exact: Vec<u32>,
}

/// The order of [`Node::literal`]: shorter first, then bytewise.
fn by_len(a: &[u8], b: &[u8]) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

impl Node {
    /// The child of the literal segment `segment`.
    #[inline]
    fn literal_child(&self, segment: &[u8]) -> Option<u32> {
        let i = (self.literal)
            .binary_search_by(|(key, _)| by_len(key, segment))
            .ok()?;
        Some(self.literal[i].1)
    }

    /// The child of the literal segment `segment`, added if missing (as `next`).
    fn literal_child_or(&mut self, segment: &str, next: u32) -> u32 {
        let key = segment.as_bytes();
        match (self.literal).binary_search_by(|(k, _)| by_len(k, key)) {
            Ok(i) => self.literal[i].1,
            Err(i) => {
                self.literal.insert(i, (key.into(), next));
                next
            }
        }
    }
}

/// A pathname segment of a pattern's indexed prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Literal(String),
    Wildcard,
}

/// The segments every pathname the pattern matches starts with, and whether they are the
/// whole pathname; `None` if nothing can be said.
fn pathname_segments(pattern: &UrlPattern) -> Option<(Vec<Segment>, bool)> {
    let component = pattern.component(UrlPatternComponent::Pathname);
    if component.options != Options::PATHNAME {
        // Opaque pathnames, and ignore_case (literal segments are not exact).
        return None;
    }
    const PARAM: char = '\0';
    // The pathname text with each indexed segment wildcard as PARAM (a NUL cannot occur in a
    // canonical pathname: it is percent-encoded).
    let mut text = String::new();
    let parts = &component.part_list;
    let mut complete = true;
    for (i, part) in parts.iter().enumerate() {
        match (part.kind, part.modifier) {
            (PartType::FixedText, Modifier::None) => text.push_str(&part.value),
            (PartType::SegmentWildcard, Modifier::None)
                if part.suffix.is_empty()
                    && (part.prefix == "/" || (part.prefix.is_empty() && text.ends_with('/'))) =>
            {
                // A whole segment only if the next part starts a new one (or there is none).
                let next_starts_segment = match parts.get(i + 1) {
                    None => true,
                    Some(next) if next.kind == PartType::FixedText => next.value.starts_with('/'),
                    Some(next) => next.prefix.starts_with('/'),
                };
                if !next_starts_segment {
                    complete = false;
                    break;
                }
                text.push_str(&part.prefix);
                text.push(PARAM);
            }
            _ => {
                complete = false;
                break;
            }
        }
    }
    let rest = text.strip_prefix('/')?;
    let mut segments: Vec<Segment> = rest
        .split('/')
        .map(|s| {
            if s == "\0" {
                Segment::Wildcard
            } else {
                Segment::Literal(s.to_owned())
            }
        })
        .collect();
    if !complete {
        // The last segment may go on in the parts not indexed.
        segments.pop();
    }
    if segments
        .iter()
        .any(|s| matches!(s, Segment::Literal(l) if l.contains(PARAM)))
    {
        return None;
    }
    Some((segments, complete))
}

/// Many patterns, each with a value (a route name, a handler): the first (or every) pattern
/// that matches a URL, in insertion order, as a loop of `exec` would find them.
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternSet};
/// let mut set = UrlPatternSet::new();
/// set.insert("https://*.example.com/books/:id".parse::<UrlPattern>().unwrap(), "book");
/// set.insert("https://*.example.com/*".parse::<UrlPattern>().unwrap(), "any");
/// let (name, m) = set.first_match("https://a.example.com/books/7").unwrap();
/// assert_eq!(*name, "book");
/// assert_eq!(m.pathname.groups["id"].as_deref(), Some("7"));
/// assert_eq!(set.matches("https://a.example.com/books/7").len(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct UrlPatternSet<V> {
    entries: Vec<(UrlPattern, V)>,
    /// The tree; `nodes[0]` is the root.
    nodes: Vec<Node>,
    /// Patterns that every URL is a candidate for (nothing indexed).
    everywhere: Vec<u32>,
}

impl<V> Default for UrlPatternSet<V> {
    fn default() -> Self {
        UrlPatternSet::new()
    }
}

/// The flag of a candidate whose whole pathname the tree has matched: its pathname needs no
/// second test (a complete indexed pathname is literal segments and segment wildcards
/// `[^/]+?` that take whole segments, exactly what the walk compares).
const EXACT: u32 = 1 << 31;

/// The components a candidate is known to match, for `test_values` on a URL record.
fn known(candidate: u32) -> u16 {
    if candidate & EXACT != 0 {
        URL_KNOWN | 1 << UrlPatternComponent::Pathname as u16
    } else {
        URL_KNOWN
    }
}

/// Buffers reused by the lookups of one thread: the URL's segments (byte ranges of its
/// pathname), the walk's stack and the candidates.
#[derive(Default)]
struct Scratch {
    segments: Vec<(usize, usize)>,
    stack: Vec<(u32, usize)>,
    candidates: Vec<u32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// Candidate patterns, collected while walking the tree along the `segments` of `path`
/// (with a stack of its own: a pattern or URL of a million segments must not exhaust the
/// thread's stack).
fn walk(
    nodes: &[Node],
    path: &str,
    segments: &[(usize, usize)],
    stack: &mut Vec<(u32, usize)>,
    out: &mut Vec<u32>,
) {
    stack.clear();
    stack.push((0, 0));
    while let Some((node, depth)) = stack.pop() {
        let n = &nodes[node as usize];
        if !n.open.is_empty() {
            out.extend_from_slice(&n.open);
        }
        let Some(&(start, end)) = segments.get(depth) else {
            out.extend(n.exact.iter().map(|id| id | EXACT));
            continue;
        };
        let segment = &path.as_bytes()[start..end];
        if let Some(child) = n.literal_child(segment) {
            stack.push((child, depth + 1));
        }
        if let Some(child) = n.wildcard
            && !segment.is_empty()
        {
            stack.push((child, depth + 1));
        }
    }
}

impl<V> UrlPatternSet<V> {
    /// An empty set.
    ///
    /// ```
    /// let set: weburl::pattern::UrlPatternSet<u32> = weburl::pattern::UrlPatternSet::new();
    /// assert!(set.is_empty());
    /// ```
    #[must_use]
    pub fn new() -> UrlPatternSet<V> {
        UrlPatternSet {
            entries: Vec::new(),
            nodes: vec![Node::default()],
            everywhere: Vec::new(),
        }
    }

    /// Adds a pattern with its value (after those already there).
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://h/a".parse().unwrap(), 1);
    /// assert_eq!(set.len(), 1);
    /// ```
    pub fn insert(&mut self, pattern: UrlPattern, value: V) {
        let id = self.entries.len() as u32;
        match pathname_segments(&pattern) {
            None => self.everywhere.push(id),
            Some((segments, complete)) => {
                let mut node = 0;
                for segment in segments {
                    let next = self.nodes.len() as u32;
                    let child = match segment {
                        Segment::Literal(s) => self.nodes[node].literal_child_or(&s, next),
                        Segment::Wildcard => *self.nodes[node].wildcard.get_or_insert(next),
                    };
                    if child == next {
                        self.nodes.push(Node::default());
                    }
                    node = child as usize;
                }
                if complete {
                    self.nodes[node].exact.push(id);
                } else {
                    self.nodes[node].open.push(id);
                }
            }
        }
        self.entries.push((pattern, value));
    }

    /// Calls `f` with the patterns that may match `url`, in insertion order: a superset of
    /// those that do (each with [`EXACT`] if the walk matched its whole pathname).
    fn with_candidates<R>(&self, url: &Url, f: impl FnOnce(&[u32]) -> R) -> R {
        let fill = |scratch: &mut Scratch| {
            let Scratch {
                segments,
                stack,
                candidates,
            } = scratch;
            candidates.clear();
            candidates.extend_from_slice(&self.everywhere);
            let path = url.pathname();
            if path.starts_with('/') {
                segments.clear();
                let mut start = 1;
                for end in memchr::memchr_iter(b'/', &path.as_bytes()[1..]) {
                    segments.push((start, end + 1));
                    start = end + 2;
                }
                segments.push((start, path.len()));
                walk(&self.nodes, path, segments, stack, candidates);
            }
            if !candidates.is_sorted_by_key(|id| id & !EXACT) {
                candidates.sort_unstable_by_key(|id| id & !EXACT);
            }
        };
        SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
            Ok(mut scratch) => {
                fill(&mut scratch);
                f(&scratch.candidates)
            }
            Err(_) => {
                let mut own = Scratch::default();
                fill(&mut own);
                f(&own.candidates)
            }
        })
    }

    /// How many patterns there are.
    ///
    /// ```
    /// let set: weburl::pattern::UrlPatternSet<()> = Default::default();
    /// assert_eq!(set.len(), 0);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// let set: weburl::pattern::UrlPatternSet<()> = Default::default();
    /// assert!(set.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The patterns and values, in insertion order.
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://h/a".parse().unwrap(), "a");
    /// assert_eq!(set.iter().next().unwrap().0.pathname(), "/a");
    /// ```
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&UrlPattern, &V)> {
        self.entries.iter().map(|(p, v)| (p, v))
    }

    /// The first pattern (in insertion order) that matches `url`, with its value and result;
    /// `None` if none does or `url` does not parse.
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://h/a/:x".parse().unwrap(), 1);
    /// assert_eq!(*set.first_match("https://h/a/b").unwrap().0, 1);
    /// assert!(set.first_match("https://h/b").is_none());
    /// ```
    #[must_use]
    pub fn first_match(&self, url: &str) -> Option<(&V, UrlPatternResult)> {
        let url = Url::parse(url).ok()?;
        self.first_match_url(&url)
    }

    /// [`UrlPatternSet::first_match`] on an already-parsed URL.
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://h/a/:x".parse().unwrap(), 1);
    /// let url = weburl::Url::parse("https://h/a/b").unwrap();
    /// assert_eq!(set.first_match_url(&url).unwrap().1.pathname.groups["x"].as_deref(), Some("b"));
    /// ```
    #[must_use]
    pub fn first_match_url(&self, url: &Url) -> Option<(&V, UrlPatternResult)> {
        // Each candidate is only tested; the result is built for the one that matches.
        let values = Values::of_url(url);
        let (p, v) = &self.entries[self.first_id(url, &values)?];
        let inputs = || vec![UrlPatternInput::String(url.href().to_owned())];
        Some((v, p.exec_values(&values, URL_KNOWN, inputs)?))
    }

    /// [`UrlPatternSet::first_match_url`] without building the owned result: the value and a
    /// match borrowed from the pattern and the URL, whose groups are read on demand (what a
    /// server's router needs per request).
    ///
    /// ```
    /// use weburl::pattern::{UrlPatternComponent, UrlPatternSet};
    /// let mut set = UrlPatternSet::new();
    /// set.insert("https://h/a/:x".parse().unwrap(), 1);
    /// let url = weburl::Url::parse("https://h/a/b").unwrap();
    /// let (value, m) = set.first_match_ref(&url).unwrap();
    /// assert_eq!((*value, m.group(UrlPatternComponent::Pathname, "x")), (1, Some("b")));
    /// assert_eq!(m.to_result(), set.first_match_url(&url).unwrap().1);
    /// ```
    #[must_use]
    pub fn first_match_ref<'u>(&self, url: &'u Url) -> Option<(&V, UrlPatternMatch<'_, 'u>)> {
        let id = self.first_id(url, &Values::of_url(url))?;
        let (pattern, v) = &self.entries[id];
        Some((v, UrlPatternMatch { pattern, url }))
    }

    /// The index of the first pattern that matches `url`.
    fn first_id(&self, url: &Url, values: &Values<'_>) -> Option<usize> {
        self.with_candidates(url, |candidates| {
            candidates.iter().find_map(|&id| {
                let i = (id & !EXACT) as usize;
                self.entries[i]
                    .0
                    .test_values(values, known(id))
                    .then_some(i)
            })
        })
    }

    /// Every pattern that matches `url`, in insertion order.
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://h/*".parse().unwrap(), 1);
    /// set.insert("https://h/a".parse().unwrap(), 2);
    /// let all: Vec<i32> = set.matches("https://h/a").into_iter().map(|(v, _)| *v).collect();
    /// assert_eq!(all, [1, 2]);
    /// ```
    #[must_use]
    pub fn matches(&self, url: &str) -> Vec<(&V, UrlPatternResult)> {
        match Url::parse(url) {
            Ok(url) => self.matches_url(&url),
            Err(_) => Vec::new(),
        }
    }

    /// [`UrlPatternSet::matches`] on an already-parsed URL.
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://h/*".parse().unwrap(), 1);
    /// let url = weburl::Url::parse("https://h/a").unwrap();
    /// assert_eq!(set.matches_url(&url).len(), 1);
    /// ```
    #[must_use]
    pub fn matches_url(&self, url: &Url) -> Vec<(&V, UrlPatternResult)> {
        let values = Values::of_url(url);
        let ids: Vec<u32> = self.with_candidates(url, |candidates| {
            (candidates.iter().copied())
                .filter(|&id| {
                    self.entries[(id & !EXACT) as usize]
                        .0
                        .test_values(&values, known(id))
                })
                .map(|id| id & !EXACT)
                .collect()
        });
        (ids.into_iter())
            .filter_map(|id| {
                let (p, v) = &self.entries[id as usize];
                let inputs = || vec![UrlPatternInput::String(url.href().to_owned())];
                p.exec_values(&values, URL_KNOWN, inputs).map(|m| (v, m))
            })
            .collect()
    }
}
