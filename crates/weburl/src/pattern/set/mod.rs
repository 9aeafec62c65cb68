//! [`UrlPatternSet`]: many URL patterns, each with a value, matched at once.
//!
//! The set keeps a radix tree (a prefix tree with compressed edges, as `matchit` and
//! httprouter keep) over the pathnames of its patterns, read from each pattern's part list up
//! to the first part that is neither literal text nor a whole-segment wildcard (`/:id`
//! followed by `/` or the end): that *key* is a condition every URL the pattern matches
//! meets. A node holds a run of literal bytes, its literal children by their first byte (in a
//! table when there are more than four), and one wildcard child, which takes a whole
//! non-empty segment (the bytes up to the next `/` or the end) and then holds the literal run
//! that follows it. A URL walks the tree along its pathname's bytes once (both children
//! where a literal and a wildcard could take the same segment), which gives the few candidate
//! patterns; they are then matched in full, in insertion order, and the first that matches
//! wins, as a loop of `exec` would find it.
//!
//! A key that covers the whole pathname (literal text and whole-segment wildcards only) is
//! matched exactly by the walk: such a candidate's pathname is not matched again, and its
//! groups are the segments the walk's wildcards took. If its other components are all lone
//! wildcards, it is certain to match, and a first match's walk does not go into the branches
//! left whose patterns all come after it. `ignore_case` patterns have a tree of
//! their own, of ASCII-lowercased keys, walked ASCII case-insensitively. A pattern with
//! nothing to index (a pathname that starts with a wildcard, an optional group or a custom
//! regexp group; an opaque pathname) is a candidate for every URL.
//!
//! A pattern whose custom regexp groups exhaust their step budget
//! ([`PatternLimits::max_regexp_steps`](super::PatternLimits#structfield.max_regexp_steps))
//! on a URL does not match it in the lookups (the next candidate is tried, as `exec` answers
//! no match); the `try_` forms ([`UrlPatternSet::try_first_match`],
//! [`UrlPatternSet::try_best_match`], [`UrlPatternSet::try_matches`] on a string,
//! [`UrlPatternSet::try_first_match_url`], [`UrlPatternSet::try_best_match_url`],
//! [`UrlPatternSet::try_matches_url`] on a parsed URL, [`UrlPatternSet::try_first_match_ref`],
//! [`UrlPatternSet::try_best_match_ref`] borrowed) answer [`UrlPatternMatchError`] instead
//! when a candidate they tried could not answer.
//!
//! A best match ([`UrlPatternSet::best_match`]) ranks the patterns once after a change (a
//! stable sort in the order of [`BEST_MATCH_ORDER`]), with each node's lowest rank below it
//! and each end's lowest certain rank beside the tree; its walk prunes by rank where a first
//! match's prunes by index, and its candidates are matched lowest rank first, up to the first
//! that matches.

mod rank;
mod tree;

use std::sync::OnceLock;

use super::matcher::Span;
use super::values::Values;
use super::{
    Answer, UrlPattern, UrlPatternInput, UrlPatternMatch, UrlPatternMatchError, UrlPatternResult,
    no_match_on_error,
};
use crate::Url;
pub use rank::BEST_MATCH_ORDER;
use rank::{Best, Ranking};
use tree::{
    Candidate, EXACT, Every, First, NONE, Prune, Scratch, Tree, is_certain, pathname_key,
    with_scratch,
};

/// Many patterns, each with a value (a route name, a handler): the first (or every) pattern
/// that matches a URL, in insertion order, as a loop of `exec` would find them; or the most
/// specific one ([`UrlPatternSet::best_match`], in the order of [`BEST_MATCH_ORDER`]).
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
    /// The tree of the patterns that compare their pathname exactly.
    tree: Tree,
    /// The tree of the `ignore_case` patterns.
    folded: Tree,
    /// Patterns that every URL is a candidate for (nothing indexed).
    everywhere: Vec<u32>,
    /// The patterns' order of specificity, made by the first best match after a change.
    ranking: OnceLock<Ranking>,
}

impl<V> Default for UrlPatternSet<V> {
    fn default() -> Self {
        UrlPatternSet::new()
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
            tree: Tree::default(),
            folded: Tree::default(),
            everywhere: Vec::new(),
            ranking: OnceLock::new(),
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
        match pathname_key(&pattern) {
            None => self.everywhere.push(id),
            Some((key, complete, fold)) => {
                let tree = if fold {
                    &mut self.folded
                } else {
                    &mut self.tree
                };
                tree.add(&key, id, complete, is_certain(&pattern));
            }
        }
        self.entries.push((pattern, value));
        // Ranked again by the next best match.
        self.ranking.take();
    }

    /// The patterns' order of specificity: made once after a change, when a best match
    /// first needs it (a sort of the patterns, `O(n log n)` comparisons; a lookup then
    /// compares no patterns).
    fn ranking(&self) -> &Ranking {
        (self.ranking).get_or_init(|| Ranking::of(&self.entries, &self.tree, &self.folded))
    }

    /// Calls `f` with the patterns that may match `url` (a superset of those that do; with
    /// [`First`] or [`Best`], of those that can be the first or the best match; in
    /// insertion order unless [`Best`]), the pathname spans the walk captured for them, and
    /// a buffer for the spans of a match (all three the thread's, reused). `prune` is for
    /// [`UrlPatternSet::tree`], then [`UrlPatternSet::folded`]. Inlined into its callers,
    /// so that their result is written where they return it.
    #[inline(always)]
    fn with_candidates<P: Prune, R>(
        &self,
        url: &Url,
        prune: [P; 2],
        f: impl FnOnce(&[Candidate], &[Span], &mut Vec<Span>) -> R,
    ) -> R {
        let call = |s: &mut Scratch| f(&s.candidates, &s.captured, &mut s.spans);
        let fill = |s: &mut Scratch| {
            s.candidates.clear();
            s.captured.clear();
            s.bound = NONE;
            (s.candidates).extend(self.everywhere.iter().map(|&id| Candidate {
                id,
                start: 0,
                end: 0,
            }));
            let path = url.pathname().as_bytes();
            self.tree.walk::<false, P>(path, s, prune[0]);
            if !self.folded.is_empty() {
                self.folded.walk::<true, P>(path, s, prune[1]);
            }
            if P::SORTED && !s.candidates.is_sorted_by_key(|c| c.id & !EXACT) {
                s.candidates.sort_unstable_by_key(|c| c.id & !EXACT);
            }
        };
        with_scratch(|scratch| {
            fill(scratch);
            call(scratch)
        })
    }

    /// `f` on the first pattern that matches `url` (whose components are `values`): its
    /// index and the group spans of its eight components (the candidates are matched with
    /// their groups, so that the result needs no second match). A candidate that cannot
    /// answer stops the lookup or is skipped as `A` says ([`Report::TRY`](super::Report::TRY)). Inlined as
    /// [`UrlPatternSet::with_candidates`] is.
    #[inline(always)]
    fn first<R, A: Answer<R>>(
        &self,
        url: &Url,
        values: &Values<'_>,
        f: impl FnOnce(usize, &[Span]) -> R,
    ) -> A {
        self.with_candidates(url, [First; 2], |candidates, captured, spans| {
            spans.clear();
            for c in candidates {
                let i = (c.id & !EXACT) as usize;
                let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
                let pattern = &self.entries[i].0;
                match pattern.match_routed(values, pathname, spans) {
                    Ok(true) => return A::found(f(i, spans)),
                    Ok(false) => {}
                    Err(e) if A::TRY => return A::error(pattern.error(e)),
                    Err(_) => {}
                }
            }
            A::no_match()
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
    /// // As `exec`, the result's `inputs` is the string as given, not the parsed URL's href.
    /// let p: weburl::pattern::UrlPattern = "https://h/a/:x".parse().unwrap();
    /// let (_, m) = set.first_match("HTTPS://h/a/b").unwrap();
    /// assert_eq!(m, p.exec("HTTPS://h/a/b", None).unwrap());
    /// ```
    #[must_use]
    pub fn first_match(&self, url: &str) -> Option<(&V, UrlPatternResult)> {
        let parsed = Url::parse(url).ok()?;
        self.first_result(&parsed, url)
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
        self.first_result(url, url.href())
    }

    /// The first match on `url` with its owned result, whose `inputs` is `input`: the string
    /// `first_match` was given (as `exec` reports it), or a parsed URL's href; the answer is
    /// `A`'s ([`Answer`]).
    fn first_result<'s, A: Answer<(&'s V, UrlPatternResult)>>(
        &'s self,
        url: &Url,
        input: &str,
    ) -> A {
        let values = Values::of_url(url);
        self.first(url, &values, |i, spans| {
            let (p, v) = &self.entries[i];
            let inputs = UrlPatternInput::String(input.to_owned());
            (v, p.result(&values, spans, inputs))
        })
    }

    /// [`UrlPatternSet::first_match_url`] without building the owned result: the value and a
    /// match borrowed from the pattern and the URL (what a server's router needs per
    /// request). The match keeps the pathname's groups as the tree's walk found them (or the
    /// pattern's match, where the walk did not match the whole pathname), so reading them
    /// matches nothing again.
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
        self.first_kept(url)
    }

    /// The first match on `url`, borrowed (as [`UrlPatternSet::first_match_ref`] gives it);
    /// the answer is `A`'s ([`Answer`]).
    #[inline(always)]
    fn first_kept<'s, 'u, A: Answer<(&'s V, UrlPatternMatch<'s, 'u>)>>(
        &'s self,
        url: &'u Url,
    ) -> A {
        self.with_candidates(url, [First; 2], |candidates, captured, spans| {
            for c in candidates {
                let (pattern, v) = &self.entries[(c.id & !EXACT) as usize];
                let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
                match pattern.match_kept::<A>(url, pathname, spans) {
                    Ok(Some(m)) => return A::found((v, m)),
                    Ok(None) => {}
                    Err(e) if A::TRY => return A::error(pattern.error(e)),
                    Err(_) => {}
                }
            }
            A::no_match()
        })
    }

    /// The most specific pattern that matches `url`, with its value and result; `None` if
    /// none does or `url` does not parse.
    ///
    /// Patterns are ordered by [`UrlPattern::compare_component`] on the components of
    /// [`BEST_MATCH_ORDER`] in turn (hostname, then pathname, then the rest in the
    /// standard's order), the first that differs deciding; of equally specific patterns, the
    /// earliest inserted wins. The order is made once after the set changes, when a best
    /// match first needs it (`O(n log n)` comparisons of patterns); a lookup compares no
    /// patterns: it walks the tree as a first match does, leaving out the branches whose
    /// patterns are all less specific than one certain to match, and matches the candidates
    /// most specific first, up to the first that matches.
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://*.example.com/*".parse().unwrap(), "any page");
    /// set.insert("https://*.example.com/books/:id".parse().unwrap(), "a book");
    /// set.insert("https://*.example.com/books/new".parse().unwrap(), "new book");
    /// set.insert("https://shop.example.com/*".parse().unwrap(), "the shop");
    /// let best = |url| *set.best_match(url).unwrap().0;
    /// assert_eq!(best("https://a.example.com/books/new"), "new book");
    /// assert_eq!(best("https://a.example.com/books/7"), "a book");
    /// assert_eq!(best("https://a.example.com/about"), "any page");
    /// // A fixed hostname beats a wildcard one, whatever the pathnames.
    /// assert_eq!(best("https://shop.example.com/books/7"), "the shop");
    /// // The first match is the first inserted that matches.
    /// assert_eq!(*set.first_match("https://a.example.com/books/new").unwrap().0, "any page");
    /// ```
    #[must_use]
    pub fn best_match(&self, url: &str) -> Option<(&V, UrlPatternResult)> {
        let parsed = Url::parse(url).ok()?;
        self.best_result(&parsed, url)
    }

    /// [`UrlPatternSet::best_match`] on an already-parsed URL.
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://h/books/*".parse().unwrap(), 1);
    /// set.insert("https://h/books/:id".parse().unwrap(), 2);
    /// let url = weburl::Url::parse("https://h/books/7").unwrap();
    /// let (value, m) = set.best_match_url(&url).unwrap();
    /// assert_eq!((*value, m.pathname.groups["id"].as_deref()), (2, Some("7")));
    /// ```
    #[must_use]
    pub fn best_match_url(&self, url: &Url) -> Option<(&V, UrlPatternResult)> {
        self.best_result(url, url.href())
    }

    /// [`UrlPatternSet::best_match_url`] without building the owned result: the value and
    /// a match borrowed from the pattern and the URL, as [`UrlPatternSet::first_match_ref`]
    /// gives them.
    ///
    /// ```
    /// use weburl::pattern::{UrlPatternComponent, UrlPatternSet};
    /// let mut set = UrlPatternSet::new();
    /// set.insert("https://h/:lang(en|fr)/*".parse().unwrap(), 1);
    /// set.insert("https://h/:lang(en|fr)/books".parse().unwrap(), 2);
    /// let url = weburl::Url::parse("https://h/fr/books").unwrap();
    /// let (value, m) = set.best_match_ref(&url).unwrap();
    /// assert_eq!((*value, m.group(UrlPatternComponent::Pathname, "lang")), (2, Some("fr")));
    /// assert_eq!(m.to_result(), set.best_match_url(&url).unwrap().1);
    /// ```
    #[must_use]
    pub fn best_match_ref<'u>(&self, url: &'u Url) -> Option<(&V, UrlPatternMatch<'_, 'u>)> {
        self.best_kept(url)
    }

    /// The best match on `url`, borrowed (as [`UrlPatternSet::best_match_ref`] gives it);
    /// the answer is `A`'s ([`Answer`]).
    fn best_kept<'s, 'u, A: Answer<(&'s V, UrlPatternMatch<'s, 'u>)>>(&'s self, url: &'u Url) -> A {
        self.best(url, |c, captured, spans| {
            let (pattern, v) = &self.entries[(c.id & !EXACT) as usize];
            let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
            spans.clear();
            match pattern.match_kept::<A>(url, pathname, spans) {
                Ok(Some(m)) => Ok(Some((v, m))),
                Ok(None) => Ok(None),
                Err(e) => Err(pattern.error(e)),
            }
        })
    }

    /// The best match on `url` with its owned result, whose `inputs` is `input` (as in
    /// [`UrlPatternSet::first_result`]); the answer is `A`'s ([`Answer`]).
    fn best_result<'s, A: Answer<(&'s V, UrlPatternResult)>>(
        &'s self,
        url: &Url,
        input: &str,
    ) -> A {
        let values = Values::of_url(url);
        self.best(url, |c, captured, spans| {
            let (p, v) = &self.entries[(c.id & !EXACT) as usize];
            let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
            spans.clear();
            if !p
                .match_routed(&values, pathname, spans)
                .map_err(|e| p.error(e))?
            {
                return Ok(None);
            }
            let inputs = UrlPatternInput::String(input.to_owned());
            Ok(Some((v, p.result(&values, spans, inputs))))
        })
    }

    /// `attempt` on the candidates of `url` for a best match, lowest rank first, up to the
    /// first that gives an answer (that matches); a candidate that cannot answer stops the
    /// lookup or is skipped as `A` says ([`Report::TRY`](super::Report::TRY)). No sort: each round picks the
    /// lowest rank above the last one tried (a best match's candidates are few, and the first
    /// picked almost always matches). Inlined as [`UrlPatternSet::with_candidates`] is.
    #[inline(always)]
    fn best<T, A: Answer<T>>(
        &self,
        url: &Url,
        mut attempt: impl FnMut(
            &Candidate,
            &[Span],
            &mut Vec<Span>,
        ) -> Result<Option<T>, UrlPatternMatchError>,
    ) -> A {
        let ranking = self.ranking();
        let prune = [Best(&ranking.tree), Best(&ranking.folded)];
        self.with_candidates(url, prune, |candidates, captured, spans| {
            let rank = &ranking.rank;
            let mut floor = 0;
            loop {
                let mut next: Option<(u32, &Candidate)> = None;
                for c in candidates {
                    let r = rank[(c.id & !EXACT) as usize];
                    if r >= floor && next.is_none_or(|(lowest, _)| r < lowest) {
                        next = Some((r, c));
                    }
                }
                let Some((r, c)) = next else {
                    return A::no_match();
                };
                match attempt(c, captured, spans) {
                    Ok(Some(answer)) => return A::found(answer),
                    Ok(None) => {}
                    Err(e) if A::TRY => return A::error(e),
                    Err(_) => {}
                }
                floor = r + 1;
            }
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
            Ok(parsed) => no_match_on_error(self.all_results::<false>(&parsed, url)),
            Err(_) => Vec::new(),
        }
    }

    /// [`UrlPatternSet::first_match_url`] that says when it cannot answer: `Err` when a
    /// candidate tried before the first match (or instead of one) ran out of its regexp step
    /// budget, so that the first match is not known.
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternOptions, UrlPatternSet};
    /// let limits = PatternLimits::new().max_regexp_steps(1000);
    /// let slow = UrlPattern::parse_with_limits("https://h/:x((?=a)(?:a*)*b)", None, UrlPatternOptions::default(), &limits)?;
    /// let mut set = UrlPatternSet::new();
    /// set.insert(slow, 1);
    /// set.insert("https://h/*".parse()?, 2);
    /// let url = weburl::Url::parse(&format!("https://h/{}", "a".repeat(40)))?;
    /// assert!(set.try_first_match_url(&url).is_err());
    /// assert_eq!(*set.first_match_url(&url).unwrap().0, 2); // the slow route: no match
    /// let url = weburl::Url::parse("https://h/ab")?;
    /// assert_eq!(*set.try_first_match_url(&url).unwrap().unwrap().0, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_first_match_url(
        &self,
        url: &Url,
    ) -> Result<Option<(&V, UrlPatternResult)>, UrlPatternMatchError> {
        self.first_result(url, url.href())
    }

    /// [`UrlPatternSet::best_match_url`] that says when it cannot answer (a candidate tried
    /// ran out of its regexp step budget; see [`UrlPatternSet::try_first_match_url`]).
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://h/:x((?=a)\\w+)".parse().unwrap(), 1);
    /// let url = weburl::Url::parse("https://h/ab").unwrap();
    /// assert_eq!(*set.try_best_match_url(&url).unwrap().unwrap().0, 1);
    /// ```
    pub fn try_best_match_url(
        &self,
        url: &Url,
    ) -> Result<Option<(&V, UrlPatternResult)>, UrlPatternMatchError> {
        self.best_result(url, url.href())
    }

    /// [`UrlPatternSet::matches_url`] that says when it cannot answer (a candidate ran out
    /// of its regexp step budget; see [`UrlPatternSet::try_first_match_url`]).
    ///
    /// ```
    /// let mut set = weburl::pattern::UrlPatternSet::new();
    /// set.insert("https://h/:x((?=a)\\w+)".parse().unwrap(), 1);
    /// let url = weburl::Url::parse("https://h/ab").unwrap();
    /// assert_eq!(set.try_matches_url(&url).unwrap().len(), 1);
    /// ```
    pub fn try_matches_url(
        &self,
        url: &Url,
    ) -> Result<Vec<(&V, UrlPatternResult)>, UrlPatternMatchError> {
        self.all_results::<true>(url, url.href())
    }

    /// [`UrlPatternSet::first_match`] that says when it cannot answer (a candidate tried
    /// before the first match ran out of its regexp step budget; see
    /// [`UrlPatternSet::try_first_match_url`]). A string that does not parse as a URL is
    /// `Ok(None)`, as `first_match` gives `None`.
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternOptions, UrlPatternSet};
    /// let limits = PatternLimits::new().max_regexp_steps(1000);
    /// let slow = UrlPattern::parse_with_limits("https://h/:x((?=a)(?:a*)*b)", None, UrlPatternOptions::default(), &limits)?;
    /// let mut set = UrlPatternSet::new();
    /// set.insert(slow, 1);
    /// set.insert("https://h/*".parse()?, 2);
    /// let url = format!("https://h/{}", "a".repeat(40));
    /// assert!(set.try_first_match(&url).is_err());
    /// assert_eq!(*set.try_first_match("https://h/ab")?.unwrap().0, 1);
    /// assert!(set.try_first_match("not a URL")?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_first_match(
        &self,
        url: &str,
    ) -> Result<Option<(&V, UrlPatternResult)>, UrlPatternMatchError> {
        match Url::parse(url) {
            Ok(parsed) => self.first_result(&parsed, url),
            Err(_) => Ok(None),
        }
    }

    /// [`UrlPatternSet::best_match`] that says when it cannot answer (a candidate tried
    /// ran out of its regexp step budget; see [`UrlPatternSet::try_first_match_url`]).
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternOptions, UrlPatternSet};
    /// let limits = PatternLimits::new().max_regexp_steps(1000);
    /// let slow = UrlPattern::parse_with_limits("https://h/:x((?=a)(?:a*)*b)", None, UrlPatternOptions::default(), &limits)?;
    /// let mut set = UrlPatternSet::new();
    /// set.insert(slow, 1);
    /// let url = format!("https://h/{}", "a".repeat(40));
    /// assert!(set.try_best_match(&url).is_err());
    /// assert!(set.best_match(&url).is_none()); // the slow route: no match
    /// assert_eq!(*set.try_best_match("https://h/ab")?.unwrap().0, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_best_match(
        &self,
        url: &str,
    ) -> Result<Option<(&V, UrlPatternResult)>, UrlPatternMatchError> {
        match Url::parse(url) {
            Ok(parsed) => self.best_result(&parsed, url),
            Err(_) => Ok(None),
        }
    }

    /// [`UrlPatternSet::matches`] that says when it cannot answer (a candidate ran out of
    /// its regexp step budget; see [`UrlPatternSet::try_first_match_url`]).
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternOptions, UrlPatternSet};
    /// let limits = PatternLimits::new().max_regexp_steps(1000);
    /// let slow = UrlPattern::parse_with_limits("https://h/:x((?=a)(?:a*)*b)", None, UrlPatternOptions::default(), &limits)?;
    /// let mut set = UrlPatternSet::new();
    /// set.insert("https://h/*".parse()?, 1);
    /// set.insert(slow, 2);
    /// let url = format!("https://h/{}", "a".repeat(40));
    /// assert!(set.try_matches(&url).is_err());
    /// assert_eq!(set.matches(&url).len(), 1); // the slow route: no match
    /// assert_eq!(set.try_matches("https://h/ab")?.len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_matches(
        &self,
        url: &str,
    ) -> Result<Vec<(&V, UrlPatternResult)>, UrlPatternMatchError> {
        match Url::parse(url) {
            Ok(parsed) => self.all_results::<true>(&parsed, url),
            Err(_) => Ok(Vec::new()),
        }
    }

    /// [`UrlPatternSet::first_match_ref`] that says when it cannot answer (a candidate tried
    /// before the first match ran out of its regexp step budget; see
    /// [`UrlPatternSet::try_first_match_url`]).
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternOptions, UrlPatternSet};
    /// let limits = PatternLimits::new().max_regexp_steps(1000);
    /// let slow = UrlPattern::parse_with_limits("https://h/:x((?=a)(?:a*)*b)", None, UrlPatternOptions::default(), &limits)?;
    /// let mut set = UrlPatternSet::new();
    /// set.insert(slow, 1);
    /// set.insert("https://h/*".parse()?, 2);
    /// let url = weburl::Url::parse(&format!("https://h/{}", "a".repeat(40)))?;
    /// assert!(set.try_first_match_ref(&url).is_err());
    /// let url = weburl::Url::parse("https://h/ab")?;
    /// let (value, m) = set.try_first_match_ref(&url)?.unwrap();
    /// assert_eq!((*value, m.group(UrlPatternComponent::Pathname, "x")), (1, Some("ab")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_first_match_ref<'u>(
        &self,
        url: &'u Url,
    ) -> Result<Option<(&V, UrlPatternMatch<'_, 'u>)>, UrlPatternMatchError> {
        self.first_kept(url)
    }

    /// [`UrlPatternSet::best_match_ref`] that says when it cannot answer (a candidate tried
    /// ran out of its regexp step budget; see [`UrlPatternSet::try_first_match_url`]).
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternOptions, UrlPatternSet};
    /// let limits = PatternLimits::new().max_regexp_steps(1000);
    /// let slow = UrlPattern::parse_with_limits("https://h/:x((?=a)(?:a*)*b)", None, UrlPatternOptions::default(), &limits)?;
    /// let mut set = UrlPatternSet::new();
    /// set.insert(slow, 1);
    /// let url = weburl::Url::parse(&format!("https://h/{}", "a".repeat(40)))?;
    /// assert!(set.try_best_match_ref(&url).is_err());
    /// let url = weburl::Url::parse("https://h/ab")?;
    /// let (value, m) = set.try_best_match_ref(&url)?.unwrap();
    /// assert_eq!((*value, m.group(UrlPatternComponent::Pathname, "x")), (1, Some("ab")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_best_match_ref<'u>(
        &self,
        url: &'u Url,
    ) -> Result<Option<(&V, UrlPatternMatch<'_, 'u>)>, UrlPatternMatchError> {
        self.best_kept(url)
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
        no_match_on_error(self.all_results::<false>(url, url.href()))
    }

    /// Every match on `url` with its owned result, whose `inputs` is `input` (as in
    /// [`UrlPatternSet::first_result`]); a candidate that cannot answer stops a `try_*`
    /// lookup (`TRY`) with its error, and is skipped by the others ([`Report::TRY`](super::Report::TRY)).
    fn all_results<const TRY: bool>(
        &self,
        url: &Url,
        input: &str,
    ) -> Result<Vec<(&V, UrlPatternResult)>, UrlPatternMatchError> {
        let values = Values::of_url(url);
        self.with_candidates(url, [Every; 2], |candidates, captured, spans| {
            let mut all = Vec::new();
            for c in candidates {
                let (p, v) = &self.entries[(c.id & !EXACT) as usize];
                let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
                spans.clear();
                match p.match_routed(&values, pathname, spans) {
                    Ok(true) => {
                        let inputs = UrlPatternInput::String(input.to_owned());
                        all.push((v, p.result(&values, spans, inputs)));
                    }
                    Ok(false) => {}
                    Err(e) if TRY => return Err(p.error(e)),
                    Err(_) => {}
                }
            }
            Ok(all)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A nested call of `with_scratch` gets empty buffers of its own and leaves the outer
    /// ones as they were; a lookup made inside one answers as outside; the outer buffers go
    /// back into the slot.
    #[test]
    fn with_scratch_nests_and_puts_the_buffers_back() {
        let mut set = UrlPatternSet::new();
        set.insert("https://h/a/:x".parse().unwrap(), 1);
        let url = Url::parse("https://h/a/b").unwrap();
        let alone = set.first_match_url(&url).unwrap().1;
        with_scratch(|outer| {
            outer.spans.clear();
            outer.spans.extend([Some((1, 2)), None]);
            let inner = with_scratch(|inner| {
                assert!(inner.spans.is_empty() && inner.candidates.is_empty());
                set.first_match_url(&url).unwrap().1
            });
            assert_eq!(inner, alone);
            assert_eq!(outer.spans, [Some((1, 2)), None]);
        });
        let kept = with_scratch(|s| s.spans.clone());
        assert_eq!(
            kept,
            [Some((1, 2)), None],
            "the outer buffers were put back"
        );
        assert_eq!(set.first_match_url(&url).unwrap().1, alone);
    }

    /// A first match's walk leaves out the branches whose patterns all come after a certain
    /// candidate, and keeps those with an earlier pattern.
    #[test]
    fn first_match_walk_stops_after_a_certain_candidate() {
        fn candidates(routes: &[&'static str], path: &str) -> (Vec<u32>, usize, &'static str) {
            let mut set = UrlPatternSet::new();
            for r in routes {
                let init = crate::pattern::UrlPatternInit {
                    pathname: Some((*r).into()),
                    ..Default::default()
                };
                set.insert(
                    UrlPattern::from_init(&init, Default::default()).unwrap(),
                    *r,
                );
            }
            let url = Url::parse(&format!("https://h{path}")).unwrap();
            let ids = set.with_candidates(&url, [First; 2], |c, _, _| {
                c.iter().map(|c| c.id & !EXACT).collect::<Vec<_>>()
            });
            let all = set.with_candidates(&url, [Every; 2], |c, _, _| c.len());
            (ids, all, *set.first_match_url(&url).unwrap().0)
        }
        // The literal branch gives route 0, certain: the wildcard's branch (route 1) is not
        // walked.
        assert_eq!(
            candidates(&["/users/x", "/:a/x"], "/users/x"),
            (vec![0], 2, "/users/x")
        );
        // An earlier route in the wildcard's branch is still found, and wins.
        assert_eq!(
            candidates(&["/:a/x", "/users/x"], "/users/x"),
            (vec![0, 1], 2, "/:a/x")
        );
        // A pattern with another component to check is not certain.
        let mut set = UrlPatternSet::new();
        set.insert("https://h/users/x".parse().unwrap(), 0);
        set.insert("https://g/:a/x".parse().unwrap(), 1);
        set.insert("https://g/users/*".parse().unwrap(), 2);
        let url = Url::parse("https://g/users/x").unwrap();
        assert_eq!(*set.first_match_url(&url).unwrap().0, 1);
        assert_eq!(set.with_candidates(&url, [First; 2], |c, _, _| c.len()), 3);
    }

    /// A set of routes, each `(hostname or none, pathname)`, valued by their pathnames (with
    /// the hostname before them, if any).
    fn routes(routes: &[(Option<&str>, &str)]) -> UrlPatternSet<String> {
        let mut set = UrlPatternSet::new();
        for &(hostname, pathname) in routes {
            let init = crate::pattern::UrlPatternInit {
                hostname: hostname.map(str::to_owned),
                pathname: Some(pathname.into()),
                ..Default::default()
            };
            let pattern = UrlPattern::from_init(&init, Default::default()).unwrap();
            set.insert(pattern, format!("{}{pathname}", hostname.unwrap_or("")));
        }
        set
    }

    /// The best match of routes like a web app's (literal beside parameter beside wildcard,
    /// a regexp group, hostnames), whatever the order they were inserted in: every rotation
    /// of the table gives the same answers, and all three lookups agree.
    #[test]
    fn best_match_examples() {
        let table = [
            (None, "/books/*"),
            (None, "/books/:id"),
            (None, "/books/new"),
            (None, "/:lang(en|fr)/books"),
            (None, "/:a/books"),
            (None, "/*"),
            (Some("admin.example.com"), "/*"),
            (Some("*.example.com"), "/books/:id"),
            (Some("{:sub.}?example.com"), "/books/new"),
        ];
        let cases = [
            ("https://h/books/new", Some("/books/new")),
            ("https://h/books/7", Some("/books/:id")),
            ("https://h/books/7/pages", Some("/books/*")),
            ("https://h/books", Some("/*")),
            ("https://h/fr/books", Some("/:lang(en|fr)/books")),
            ("https://h/de/books", Some("/:a/books")),
            ("https://h/", Some("/*")),
            // A fixed hostname beats a wildcard one, whatever the pathnames.
            (
                "https://admin.example.com/books/new",
                Some("admin.example.com/*"),
            ),
            // `{:sub.}?example.com` (a segment wildcard first) is more specific than
            // `*.example.com` (a full wildcard first), which beats no hostname (`*`).
            (
                "https://www.example.com/books/new",
                Some("{:sub.}?example.com/books/new"),
            ),
            (
                "https://example.com/books/new",
                Some("{:sub.}?example.com/books/new"),
            ),
            (
                "https://www.example.com/books/7",
                Some("*.example.com/books/:id"),
            ),
            ("https://example.com/books/7", Some("/books/:id")),
            ("not a URL", None),
        ];
        for turn in 0..table.len() {
            let mut rotated = table;
            rotated.rotate_left(turn);
            let set = routes(&rotated);
            for (url, want) in cases {
                let best = set.best_match(url).map(|(v, _)| v.as_str());
                assert_eq!(best, want, "{url}, table rotated by {turn}");
                let Ok(parsed) = Url::parse(url) else {
                    continue;
                };
                let (v, m) = set.best_match_url(&parsed).unwrap();
                assert_eq!(Some(v.as_str()), want);
                let (r, borrowed) = set.best_match_ref(&parsed).unwrap();
                assert_eq!((r, borrowed.to_result()), (v, m));
            }
        }
    }

    /// Equally specific patterns: the earliest inserted wins (group names do not count).
    #[test]
    fn best_match_ties_go_to_the_earliest() {
        let set = routes(&[(None, "/a/:x"), (None, "/a/:y"), (None, "/:z/b")]);
        assert_eq!(set.best_match("https://h/a/b").unwrap().0, "/a/:x");
        let set = routes(&[(None, "/a/:y"), (None, "/a/:x")]);
        assert_eq!(set.best_match("https://h/a/b").unwrap().0, "/a/:y");
    }

    /// An insert after a best match ranks the set again: the new pattern is found.
    #[test]
    fn best_match_after_insert() {
        let mut set = routes(&[(None, "/*")]);
        assert_eq!(set.best_match("https://h/a").unwrap().0, "/*");
        let init = crate::pattern::UrlPatternInit {
            pathname: Some("/a".into()),
            ..Default::default()
        };
        set.insert(
            UrlPattern::from_init(&init, Default::default()).unwrap(),
            "/a".into(),
        );
        assert_eq!(set.best_match("https://h/a").unwrap().0, "/a");
        assert_eq!(set.clone().best_match("https://h/a").unwrap().0, "/a");
    }

    /// The ranks of a tree: each node's lowest rank below it and each end's lowest certain
    /// rank; a best match's walk leaves out a branch whose patterns are all less specific
    /// than a certain candidate, and keeps one with a more specific pattern.
    #[test]
    fn best_match_walk_prunes_by_rank() {
        let set = routes(&[(None, "/:a/x"), (None, "/users/x")]);
        let ranking = set.ranking();
        assert_eq!(ranking.rank, [1, 0]);
        let tree = &ranking.tree;
        assert_eq!(tree.below[0], 0);
        let url = Url::parse("https://h/users/x").unwrap();
        let prune = [Best(&ranking.tree), Best(&ranking.folded)];
        let ids = |prune| {
            set.with_candidates(&url, prune, |c, _, _| {
                let mut ids: Vec<u32> = c.iter().map(|c| c.id & !EXACT).collect();
                ids.sort_unstable();
                ids
            })
        };
        // The literal branch gives route 1 (rank 0, certain): route 0's branch is not walked.
        assert_eq!(ids(prune), [1]);
        assert_eq!(set.with_candidates(&url, [Every; 2], |c, _, _| c.len()), 2);
        // A first match walks both: route 0 comes first.
        assert_eq!(set.with_candidates(&url, [First; 2], |c, _, _| c.len()), 2);
        // A more specific pattern (of a fixed hostname) in the wildcard's branch is found.
        let set = routes(&[(None, "/users/x"), (Some("h"), "/:a/x")]);
        let ranking = set.ranking();
        assert_eq!(ranking.rank, [1, 0]);
        let got = set.with_candidates(
            &url,
            [Best(&ranking.tree), Best(&ranking.folded)],
            |c, _, _| c.len(),
        );
        assert_eq!(got, 2);
        assert_eq!(set.best_match_url(&url).unwrap().0, "h/:a/x");
    }
}
