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
//! no match); the `try_` forms ([`UrlPatternSet::try_first_match_url`],
//! [`UrlPatternSet::try_best_match_url`], [`UrlPatternSet::try_matches_url`]) answer
//! [`UrlPatternMatchError`] instead when a candidate they tried could not answer.
//!
//! A best match ([`UrlPatternSet::best_match`]) ranks the patterns once after a change (a
//! stable sort in the order of [`BEST_MATCH_ORDER`]), with each node's lowest rank below it
//! and each end's lowest certain rank beside the tree; its walk prunes by rank where a first
//! match's prunes by index, and its candidates are matched lowest rank first, up to the first
//! that matches.

use std::cell::Cell;
use std::cmp::Ordering;
use std::sync::OnceLock;

use super::matcher::Span;
use super::parser::{Modifier, PartType};
use super::{
    URL_KNOWN, UrlPattern, UrlPatternComponent, UrlPatternInput, UrlPatternMatch,
    UrlPatternMatchError, UrlPatternResult, Values, fallible,
};
use crate::{Url, lex};

/// The byte of a key that stands for a whole-segment wildcard: a NUL cannot occur in a
/// canonical pathname (it is percent-encoded), and a pattern whose literal text holds one is
/// not indexed.
const WILD: u8 = 0;

/// "No node": [`Node::wild`] and [`Node::ends`] when there is none (the root is nobody's
/// child, and there are fewer than `u32::MAX` patterns).
const NONE: u32 = u32::MAX;

/// A node's run of literal bytes: in place up to [`Run::INLINE`] bytes (a route table's runs
/// are mostly short: `/repos/`, `/issues`), so that the walk reads it from the node's own
/// cache line; a longer one on the heap.
#[derive(Debug, Clone)]
enum Run {
    Inline(u8, [u8; Run::INLINE]),
    Heap(Box<[u8]>),
}

impl Run {
    const INLINE: usize = 22;

    fn new(bytes: &[u8]) -> Run {
        if bytes.len() <= Run::INLINE {
            let mut inline = [0; Run::INLINE];
            inline[..bytes.len()].copy_from_slice(bytes);
            Run::Inline(bytes.len() as u8, inline)
        } else {
            Run::Heap(bytes.into())
        }
    }

    #[inline]
    fn bytes(&self) -> &[u8] {
        match self {
            Run::Inline(len, bytes) => &bytes[..*len as usize],
            Run::Heap(bytes) => bytes,
        }
    }

    /// Where the run ends in `path` if `path` holds it at `pos`. An inline run is compared
    /// by words, with no branch on its length but for three classes (up to 8 bytes: one
    /// word, masked; up to 16: two words, overlapping; more: the slices), and its bytes
    /// past its length are zero, so the word of its first eight bytes is read whole.
    #[inline]
    fn matched_end(&self, path: &[u8], pos: usize) -> Option<usize> {
        let (n, bytes) = match self {
            Run::Inline(len, bytes) => (*len as usize, bytes),
            Run::Heap(bytes) => {
                let end = pos + bytes.len();
                return (path.get(pos..end) == Some(bytes)).then_some(end);
            }
        };
        let len = path.len();
        let end = pos + n;
        if end > len {
            return None;
        }
        if n <= 8 && len >= 8 {
            // The eight bytes from `pos`, or (near the end) the last eight shifted down so
            // that the path's bytes from `pos` come first; the run's `n` bytes are compared.
            // No branch: the shift is 0 where eight bytes follow `pos`, and up to 64 (at the
            // end, where `n` is 0), made as two shifts of at most 32.
            let start = pos.min(len - 8);
            let half = (4 * (pos - start)) as u32;
            let w = lex::word_at(path, start) >> half >> half;
            // The low `n` bytes (two shifts of at most 32: `n` is 8 at most).
            let mask = !(u64::MAX << (4 * n) << (4 * n));
            return ((w ^ lex::word_at(bytes, 0)) & mask == 0).then_some(end);
        }
        let equal = if (9..=16).contains(&n) {
            lex::word_at(path, pos) == lex::word_at(bytes, 0)
                && lex::word_at(path, end - 8) == lex::word_at(bytes, n - 8)
        } else {
            path[pos..end] == bytes[..n]
        };
        equal.then_some(end)
    }
}

/// How many literal children a node keeps in place; a node with more looks them up in a
/// table of the tree ([`Tree::tables`]; a node has at most 255 literal children: their first
/// bytes are distinct and never [`WILD`]).
const INLINE_CHILDREN: usize = 4;

/// One node of a [`Tree`]: what the walk reads at each step, in one cache line (its literal
/// run and up to [`INLINE_CHILDREN`] children in place; the patterns that end at the node,
/// read far less often, are in [`Tree::ends`]).
#[derive(Debug, Clone)]
#[repr(align(64))]
struct Node {
    /// The literal bytes of the node, after its parent's (empty for the root and for a
    /// wildcard's child).
    prefix: Run,
    /// The first bytes of the literal children in [`Node::kids`] (distinct).
    keys: [u8; INLINE_CHILDREN],
    /// The first literal children, [`NONE`] in the slots not taken.
    kids: [u32; INLINE_CHILDREN],
    /// With more than [`INLINE_CHILDREN`] children: the index in [`Tree::tables`] of the
    /// table of all of them by their first byte; else 0, the table of none.
    table: u32,
    /// The child reached by a whole-segment wildcard, or [`NONE`].
    wild: u32,
    /// The index in [`Tree::ends`] of the patterns whose key ends here, or [`NONE`].
    ends: u32,
    /// The lowest index of a pattern whose key ends at this node or below it, or [`NONE`]:
    /// a first match need not go where no pattern before its best candidate can be.
    min: u32,
}

const _: () = assert!(std::mem::size_of::<Node>() == 64);

impl Default for Node {
    fn default() -> Node {
        Node {
            prefix: Run::new(&[]),
            keys: [0; INLINE_CHILDREN],
            kids: [NONE; INLINE_CHILDREN],
            table: 0,
            wild: NONE,
            ends: NONE,
            min: NONE,
        }
    }
}

impl Node {
    /// The literal child that starts with `byte` (`tables`: the tree's): in the node's
    /// slots, or in its table if it has one.
    #[inline]
    fn child(&self, byte: u8, tables: &[u32]) -> Option<u32> {
        let child = if self.table == 0 {
            self.kids[self.keys.iter().position(|&k| k == byte)?]
        } else {
            tables[(self.table as usize) << 8 | byte as usize]
        };
        (child != NONE).then_some(child)
    }

    /// Whether the node is as created: nothing below it, nothing ends at it, no prefix.
    fn is_fresh(&self) -> bool {
        self.prefix.bytes().is_empty()
            && self.kids[0] == NONE
            && self.wild == NONE
            && self.ends == NONE
    }
}

/// The patterns whose key ends at a node.
#[derive(Debug, Clone)]
struct Ends {
    /// Patterns whose pathname may go on past the key (candidates for any URL that reaches
    /// the node).
    open: Vec<u32>,
    /// Patterns whose key is their whole pathname (candidates when the URL's pathname ends
    /// at the node too).
    exact: Vec<u32>,
    /// The first of [`Ends::exact`] whose every other component is a lone wildcard `*`: it
    /// matches any URL whose pathname ends here, so no pattern after it can be the first
    /// match. [`NONE`] if there is none.
    certain: u32,
}

impl Default for Ends {
    fn default() -> Ends {
        Ends {
            open: Vec::new(),
            exact: Vec::new(),
            certain: NONE,
        }
    }
}

/// A radix tree over keys; `nodes[0]` is the root. With `FOLD` (in [`Tree::walk`]) its keys
/// are ASCII-lowercased and compared ASCII case-insensitively.
#[derive(Debug, Clone)]
struct Tree {
    nodes: Vec<Node>,
    ends: Vec<Ends>,
    /// The children of the nodes with more than [`INLINE_CHILDREN`], 256 entries a node
    /// (table `t` at `t * 256`): for each byte, the child that starts with it, or [`NONE`]
    /// (one load instead of a scan); table 0 holds none, for the other nodes.
    tables: Vec<u32>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree {
            nodes: vec![Node::default()],
            ends: Vec::new(),
            tables: vec![NONE; 256],
        }
    }
}

/// Where the walk goes on: a node whose prefix is still to be compared at `pos`, or (with
/// `wild`) a wildcard child whose segment starts at `pos`; `trail` is the length of the
/// wildcards' spans up to its parent.
struct Frame {
    node: u32,
    pos: usize,
    trail: usize,
    wild: bool,
}

/// A candidate pattern: its index (with [`EXACT`] if the walk matched its whole pathname,
/// whose group spans are then `captured[start..end]`).
#[derive(Debug, Clone, Copy)]
struct Candidate {
    id: u32,
    start: usize,
    end: usize,
}

/// Buffers reused by the lookups of one thread.
struct Scratch {
    /// The branches of the walk not taken yet.
    stack: Vec<Frame>,
    /// The spans of the wildcards on the walk's current branch.
    trail: Vec<Span>,
    /// The pathname's group spans of the exact candidates.
    captured: Vec<Span>,
    candidates: Vec<Candidate>,
    /// The group spans of a match (all eight components).
    spans: Vec<Span>,
    /// For a first (or best) match: the lowest certain candidate so far
    /// ([`Prune::certain`]), by index (or rank), or [`NONE`]; the walk does not go where
    /// every pattern comes after it.
    bound: u32,
}

impl Scratch {
    const fn new() -> Scratch {
        Scratch {
            stack: Vec::new(),
            trail: Vec::new(),
            captured: Vec::new(),
            candidates: Vec::new(),
            spans: Vec::new(),
            bound: NONE,
        }
    }
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch::new()
    }
}

thread_local! {
    /// The buffers of the last lookup on this thread, reused (boxed, so that taking them out
    /// and putting them back moves a pointer).
    static SCRATCH: Cell<Option<Box<Scratch>>> = const { Cell::new(None) };
}

/// `f` on this thread's reused buffers, taken out of their slot and put back
/// ([`super::with_taken`]: a nested call starts buffers of its own, and `f`'s result is
/// returned as it is, not copied out of the thread-local's closure).
#[inline(always)]
fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    super::with_taken(
        SCRATCH.take(),
        |v| SCRATCH.set(v),
        |scratch| f(scratch.get_or_insert_default()),
    )
}

/// The end of the segment that starts at `pos`: the next `/` or the end of `path`
/// ([`lex::find_byte`]: eight bytes at a time in a word, `memchr` past 32 bytes).
#[inline(always)]
fn segment_end(path: &[u8], pos: usize) -> usize {
    lex::find_byte(&path[pos..], b'/').map_or(path.len(), |i| pos + i)
}

impl Tree {
    /// The node of `key`, added (splitting an edge where the key leaves it) if missing, for
    /// the pattern `id` (the lowest of each node on the way, [`Node::min`]). Any node (the
    /// root, a literal child, a wildcard's child) holds a run of literal bytes, so that the
    /// literal text after a wildcard is compared in the wildcard's child itself.
    fn insert(&mut self, mut key: &[u8], id: u32) -> usize {
        let mut node = 0;
        loop {
            // The key's literal run against the node's prefix: a node as created takes all
            // of the run; otherwise the node is split where the run leaves its prefix.
            let literal = &key[..memchr::memchr(WILD, key).unwrap_or(key.len())];
            let n = &mut self.nodes[node];
            if n.is_fresh() {
                n.prefix = Run::new(literal);
                key = &key[literal.len()..];
            } else {
                let prefix = n.prefix.bytes();
                let common = (prefix.iter().zip(literal))
                    .take_while(|(a, b)| a == b)
                    .count();
                if common < prefix.len() {
                    // The node keeps the common part, and what it had moves to a new node
                    // below it.
                    let head = Run::new(&prefix[..common]);
                    let mut tail = std::mem::take(n);
                    tail.prefix = Run::new(&tail.prefix.bytes()[common..]);
                    let first = tail.prefix.bytes()[0];
                    let below = self.nodes.len() as u32;
                    self.nodes[node] = Node {
                        prefix: head,
                        min: tail.min,
                        ..Node::default()
                    };
                    self.nodes.push(tail);
                    self.add_child(node, first, below);
                }
                key = &key[common..];
            }
            let n = &mut self.nodes[node];
            n.min = n.min.min(id);
            let Some(&first) = key.first() else {
                return node;
            };
            if first == WILD {
                key = &key[1..];
                node = match self.nodes[node].wild {
                    NONE => {
                        let child = self.nodes.len();
                        self.nodes.push(Node::default());
                        self.nodes[node].wild = child as u32;
                        child
                    }
                    child => child as usize,
                };
                continue;
            }
            node = match self.nodes[node].child(first, &self.tables) {
                Some(child) => child as usize,
                None => {
                    let child = self.nodes.len();
                    self.nodes.push(Node::default());
                    self.add_child(node, first, child as u32);
                    child
                }
            };
        }
    }

    /// Adds to `node` the literal child `child`, which starts with `byte` (no child does
    /// yet): in a free slot of the node, else in its table (made from the slots when the
    /// node outgrows them).
    fn add_child(&mut self, node: usize, byte: u8, child: u32) {
        let n = &mut self.nodes[node];
        if n.table == 0 {
            if let Some(free) = n.kids.iter().position(|&k| k == NONE) {
                n.keys[free] = byte;
                n.kids[free] = child;
                return;
            }
            n.table = (self.tables.len() / 256) as u32;
            let table = self.tables.len();
            self.tables.resize(table + 256, NONE);
            for (&k, &kid) in n.keys.iter().zip(&n.kids) {
                self.tables[table + k as usize] = kid;
            }
        }
        self.tables[(n.table as usize) << 8 | byte as usize] = child;
    }

    /// The children of `node`: its literal ones (in its slots or its table) and its wildcard
    /// child.
    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let n = &self.nodes[node as usize];
        let literal: &[u32] = if n.table == 0 {
            &n.kids
        } else {
            &self.tables[(n.table as usize) << 8..][..256]
        };
        (literal.iter().copied())
            .chain([n.wild])
            .filter(|&child| child != NONE)
    }

    /// Whether the tree has no key (its root is as created; a single key may be all in it).
    fn is_empty(&self) -> bool {
        self.nodes[0].is_fresh()
    }

    /// The patterns whose key ends at `node`, an empty list added if there is none.
    fn ends_mut(&mut self, node: usize) -> &mut Ends {
        let node = &mut self.nodes[node];
        if node.ends == NONE {
            node.ends = self.ends.len() as u32;
            self.ends.push(Ends::default());
        }
        &mut self.ends[node.ends as usize]
    }

    /// Adds the pattern `id` under `key`: `exact` if the key is its whole pathname, `certain`
    /// if it then matches every URL whose pathname the walk matches ([`Ends::certain`]).
    fn add(&mut self, key: &[u8], id: u32, exact: bool, certain: bool) {
        let node = self.insert(key, id);
        let ends = self.ends_mut(node);
        if !exact {
            ends.open.push(id);
            return;
        }
        ends.exact.push(id);
        if certain && ends.certain == NONE {
            ends.certain = id;
        }
    }

    /// Walks the tree along `path`, adding to `s.candidates` the patterns of the nodes it
    /// reaches (with their spans in `s.captured`). A node is reached at most once (the bytes
    /// before it are fixed by the tree but for the wildcards, and each takes a whole segment),
    /// so the walk is linear in the tree's size; it keeps its own stack (a pattern or URL of
    /// a million segments must not exhaust the thread's).
    ///
    /// With a `prune` that prunes (a first or best match, not every match), a certain
    /// candidate ([`Prune::certain`]) becomes `s.bound`, and the walk does not go on into a
    /// branch whose patterns all come after it ([`Prune::below`]): as `matchit` returns at
    /// its first match, but in insertion order (or in the order of specificity).
    fn walk<const FOLD: bool, P: Prune>(&self, path: &[u8], s: &mut Scratch, prune: P) {
        let Scratch {
            stack,
            trail,
            captured,
            candidates,
            bound,
            ..
        } = s;
        let nodes = &self.nodes;
        stack.clear();
        trail.clear();
        let mut next = Some(Frame {
            node: 0,
            pos: 0,
            trail: 0,
            wild: false,
        });
        'frames: while let Some(frame) = next.take().or_else(|| stack.pop()) {
            if P::PRUNES && prune.below(self, frame.node) >= *bound {
                continue;
            }
            trail.truncate(frame.trail);
            let mut node = frame.node;
            let mut pos = frame.pos;
            if frame.wild {
                let end = segment_end(path, pos);
                trail.push(Some((pos, end)));
                pos = end;
            }
            // How many of the node's first bytes are known equal (for the case-insensitive
            // comparison): a literal child is found by its first byte.
            let mut skip = 0;
            loop {
                let n = &nodes[node as usize];
                let end = if FOLD {
                    let prefix = n.prefix.bytes();
                    let end = pos + prefix.len();
                    match (path.get(pos + skip..end), prefix.get(skip..)) {
                        (Some(bytes), Some(prefix)) if bytes.eq_ignore_ascii_case(prefix) => {
                            Some(end)
                        }
                        _ => None,
                    }
                } else {
                    // The first byte, which found a literal child, is compared again: one
                    // word costs no more with it.
                    n.prefix.matched_end(path, pos)
                };
                let Some(end) = end else {
                    continue 'frames;
                };
                pos = end;
                let byte = path.get(pos);
                if n.ends != NONE {
                    let ends = &self.ends[n.ends as usize];
                    if !ends.open.is_empty() {
                        candidates.extend(ends.open.iter().map(|&id| Candidate {
                            id,
                            start: 0,
                            end: 0,
                        }));
                    }
                    if byte.is_none() && !ends.exact.is_empty() {
                        let start = captured.len();
                        captured.extend_from_slice(trail);
                        let end = captured.len();
                        candidates.extend(ends.exact.iter().map(|&id| Candidate {
                            id: id | EXACT,
                            start,
                            end,
                        }));
                        if P::PRUNES {
                            *bound = prune.certain(self, n.ends).min(*bound);
                        }
                    }
                }
                let Some(&byte) = byte else {
                    continue 'frames;
                };
                let first = if FOLD {
                    byte.to_ascii_lowercase()
                } else {
                    byte
                };
                let literal = n.child(first, &self.tables);
                let wild = if byte != b'/' { n.wild } else { NONE };
                match (literal, wild) {
                    (Some(child), NONE) => {
                        node = child;
                        skip = 1;
                    }
                    (None, NONE) => continue 'frames,
                    (None, child) => {
                        let end = segment_end(path, pos);
                        trail.push(Some((pos, end)));
                        pos = end;
                        node = child;
                        skip = 0;
                    }
                    (Some(child), other) => {
                        stack.push(Frame {
                            node: other,
                            pos,
                            trail: trail.len(),
                            wild: true,
                        });
                        node = child;
                        skip = 1;
                    }
                }
            }
        }
    }
}

/// Which patterns a walk looks for, and so which branches it may leave out: those whose
/// patterns all come after a certain candidate found so far, in the lookup's order (insertion
/// order for a first match, [`Ranking::rank`] for a best match).
trait Prune: Copy {
    /// Whether the walk leaves branches out (not when it looks for every match).
    const PRUNES: bool;
    /// Whether the candidates go to the lookup in insertion order (sorted by index after
    /// the walk; a best match picks them by rank instead).
    const SORTED: bool;
    /// The lowest key (index or rank) of a pattern whose key ends at `node` of `tree` or
    /// below it, or [`NONE`].
    fn below(self, tree: &Tree, node: u32) -> u32;
    /// The lowest key of a certain pattern among `tree.ends[ends]` (one that matches every
    /// URL whose pathname ends there), or [`NONE`].
    fn certain(self, tree: &Tree, ends: u32) -> u32;
}

/// Every match: nothing left out.
#[derive(Clone, Copy)]
struct Every;

impl Prune for Every {
    const PRUNES: bool = false;
    const SORTED: bool = true;
    fn below(self, _: &Tree, _: u32) -> u32 {
        0
    }
    fn certain(self, _: &Tree, _: u32) -> u32 {
        NONE
    }
}

/// The first match, in insertion order: the keys are the patterns' indexes ([`Node::min`],
/// [`Ends::certain`]).
#[derive(Clone, Copy)]
struct First;

impl Prune for First {
    const PRUNES: bool = true;
    const SORTED: bool = true;
    #[inline(always)]
    fn below(self, tree: &Tree, node: u32) -> u32 {
        tree.nodes[node as usize].min
    }
    #[inline(always)]
    fn certain(self, tree: &Tree, ends: u32) -> u32 {
        tree.ends[ends as usize].certain
    }
}

/// The best match: the keys are the patterns' ranks ([`Ranking`]), read from the ranks of
/// the tree walked.
#[derive(Clone, Copy)]
struct Best<'r>(&'r TreeRanks);

impl Prune for Best<'_> {
    const PRUNES: bool = true;
    const SORTED: bool = false;
    #[inline(always)]
    fn below(self, _: &Tree, node: u32) -> u32 {
        self.0.below[node as usize]
    }
    #[inline(always)]
    fn certain(self, _: &Tree, ends: u32) -> u32 {
        self.0.certain[ends as usize]
    }
}

/// The order of [`UrlPatternSet::best_match`]: the components it compares two patterns on
/// with [`UrlPattern::compare_component`], in turn, the first that differs deciding.
///
/// The hostname comes first: a route of a fixed host (`api.example.com`) is more specific
/// than one of a wildcard host (`*.example.com`, or none given), whatever their paths. Then
/// the pathname: within a host, the most specific path wins (`/books/new` over `/books/:id`
/// over `/books/*`). Then the rest in the standard's order (protocol, username, password,
/// port, search, hash), which tell apart routes of the same host and path (`?page=:n` over
/// no search pattern). The pathname comes before the protocol and the port because a
/// pattern written as a string leaves them empty or fixed (`https://h/*` has protocol
/// `https` and port `""`) where one written as a dictionary makes them wildcards: a
/// dictionary's `/books/:id` still beats a string's `/*`.
///
/// ```
/// use weburl::pattern::{BEST_MATCH_ORDER, UrlPatternComponent};
/// assert_eq!(BEST_MATCH_ORDER[..2], [UrlPatternComponent::Hostname, UrlPatternComponent::Pathname]);
/// let names: Vec<&str> = BEST_MATCH_ORDER.iter().map(|c| c.name()).collect();
/// assert_eq!(names.join(", "), "hostname, pathname, protocol, username, password, port, search, hash");
/// ```
pub const BEST_MATCH_ORDER: [UrlPatternComponent; 8] = [
    UrlPatternComponent::Hostname,
    UrlPatternComponent::Pathname,
    UrlPatternComponent::Protocol,
    UrlPatternComponent::Username,
    UrlPatternComponent::Password,
    UrlPatternComponent::Port,
    UrlPatternComponent::Search,
    UrlPatternComponent::Hash,
];

/// How specific `left` is against `right`: [`UrlPattern::compare_component`] on each
/// component of [`BEST_MATCH_ORDER`] in turn, the first that is not `Equal` deciding
/// (`Greater`: `left` is more specific).
fn compare_specificity(left: &UrlPattern, right: &UrlPattern) -> Ordering {
    (BEST_MATCH_ORDER.iter())
        .map(|&c| UrlPattern::compare_component(c, left, right))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// Whether `pattern` matches every URL whose pathname its key matches exactly: every other
/// component is a lone wildcard, which matches any URL record.
fn is_certain(pattern: &UrlPattern) -> bool {
    pattern.wildcards | 1 << UrlPatternComponent::Pathname as u8 == u8::MAX
}

/// The patterns of a set in the order of [`UrlPatternSet::best_match`], made when a best
/// match first needs it after the set changed ([`UrlPatternSet::ranking`]).
#[derive(Debug, Clone)]
struct Ranking {
    /// Each pattern's rank, by index: 0 for the most specific ([`compare_specificity`]),
    /// the earlier inserted first among equally specific ones. Distinct: a total order.
    rank: Vec<u32>,
    /// The ranks in [`UrlPatternSet::tree`].
    tree: TreeRanks,
    /// The ranks in [`UrlPatternSet::folded`].
    folded: TreeRanks,
}

/// A tree's [`Node::min`] and [`Ends::certain`] by rank instead of index.
#[derive(Debug, Clone)]
struct TreeRanks {
    /// By node: the lowest rank of a pattern whose key ends at the node or below it, or
    /// [`NONE`].
    below: Vec<u32>,
    /// By [`Tree::ends`]: the lowest rank of a certain pattern of its exact ones, or
    /// [`NONE`].
    certain: Vec<u32>,
}

impl TreeRanks {
    /// The ranks of `tree`, whose patterns' ranks are `rank` and of which `certain` tells
    /// the certain ones. The nodes are visited children first (the reverse of a preorder,
    /// with a stack of its own: a key may be a million segments deep).
    fn of(tree: &Tree, rank: &[u32], certain: impl Fn(u32) -> bool) -> TreeRanks {
        let lowest = |ids: &mut dyn Iterator<Item = &u32>| {
            ids.map(|&id| rank[id as usize]).min().unwrap_or(NONE)
        };
        let certain: Vec<u32> = (tree.ends.iter())
            .map(|e| lowest(&mut e.exact.iter().filter(|&&id| certain(id))))
            .collect();
        let mut below = vec![NONE; tree.nodes.len()];
        let mut preorder = Vec::with_capacity(tree.nodes.len());
        let mut stack = vec![0u32];
        while let Some(node) = stack.pop() {
            preorder.push(node);
            stack.extend(tree.children(node));
        }
        for &node in preorder.iter().rev() {
            let n = &tree.nodes[node as usize];
            let mut min = match n.ends {
                NONE => NONE,
                ends => {
                    let e = &tree.ends[ends as usize];
                    lowest(&mut e.open.iter().chain(&e.exact))
                }
            };
            for child in tree.children(node) {
                min = min.min(below[child as usize]);
            }
            below[node as usize] = min;
        }
        TreeRanks { below, certain }
    }
}

impl Ranking {
    /// The ranking of `entries` (a set's patterns, in insertion order) and its trees: a
    /// stable sort, most specific first, so that equally specific patterns keep their
    /// insertion order. [`compare_specificity`] is a total preorder (each component's
    /// [`UrlPattern::compare_component`] is), so the sort is well defined.
    fn of<V>(entries: &[(UrlPattern, V)], tree: &Tree, folded: &Tree) -> Ranking {
        let mut order: Vec<u32> = (0..entries.len() as u32).collect();
        order.sort_by(|&a, &b| compare_specificity(&entries[b as usize].0, &entries[a as usize].0));
        let mut rank = vec![0; entries.len()];
        for (r, &id) in order.iter().enumerate() {
            rank[id as usize] = r as u32;
        }
        let certain = |id: u32| is_certain(&entries[id as usize].0);
        Ranking {
            tree: TreeRanks::of(tree, &rank, certain),
            folded: TreeRanks::of(folded, &rank, certain),
            rank,
        }
    }
}

/// The key of a pattern's pathname (its literal bytes, [`WILD`] for each whole-segment
/// wildcard, ASCII-lowercased under `ignore_case`), whether it is the whole pathname (else the
/// pathname goes on past it) and whether it is for the case-insensitive tree; `None` if
/// nothing can be indexed.
fn pathname_key(pattern: &UrlPattern) -> Option<(Vec<u8>, bool, bool)> {
    let component = pattern.component(UrlPatternComponent::Pathname);
    let options = component.options;
    if options.delimiter != Some(b'/') || options.prefix != Some(b'/') {
        // An opaque pathname.
        return None;
    }
    let mut key = Vec::new();
    let parts = &component.part_list;
    let mut complete = true;
    for (i, part) in parts.iter().enumerate() {
        match (part.kind, part.modifier) {
            (PartType::FixedText, Modifier::None) => {
                if part.value.contains('\0') {
                    return None;
                }
                key.extend_from_slice(part.value.as_bytes());
            }
            (PartType::SegmentWildcard, Modifier::None)
                if part.suffix.is_empty()
                    && (part.prefix == "/" || (part.prefix.is_empty() && key.ends_with(b"/"))) =>
            {
                // `[^/]+?` starting a segment takes all of it only if the next part starts
                // a new one (or there is none). If that part is not indexed (an optional
                // one), the key ends here and the wildcard only has to be non-empty.
                let next_starts_segment = match parts.get(i + 1) {
                    None => true,
                    Some(next) if next.kind == PartType::FixedText => next.value.starts_with('/'),
                    Some(next) => next.prefix.starts_with('/'),
                };
                if !next_starts_segment {
                    complete = false;
                    break;
                }
                key.extend_from_slice(part.prefix.as_bytes());
                key.push(WILD);
            }
            _ => {
                complete = false;
                break;
            }
        }
    }
    if key.is_empty() && !complete {
        return None;
    }
    if options.ignore_case {
        key.make_ascii_lowercase();
    }
    Some((key, complete, options.ignore_case))
}

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

/// The flag of a candidate whose whole pathname the walk has matched: its pathname needs no
/// second match (a complete key is literal text and whole-segment wildcards `[^/]+?`,
/// exactly what the walk compares), and its groups are the wildcards' segments.
const EXACT: u32 = 1 << 31;

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
    /// their groups, so that the result needs no second match). Inlined as
    /// [`UrlPatternSet::with_candidates`] is.
    #[inline(always)]
    fn first<R>(
        &self,
        url: &Url,
        values: &Values<'_>,
        f: impl FnOnce(usize, &[Span]) -> R,
    ) -> Option<R> {
        self.with_candidates(url, [First; 2], |candidates, captured, spans| {
            spans.clear();
            let i = candidates.iter().find_map(|c| {
                let i = (c.id & !EXACT) as usize;
                let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
                (self.entries[i].0)
                    .match_routed(values, pathname, spans)
                    .then_some(i)
            })?;
            Some(f(i, spans))
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
    /// `first_match` was given (as `exec` reports it), or a parsed URL's href.
    fn first_result(&self, url: &Url, input: &str) -> Option<(&V, UrlPatternResult)> {
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
        self.with_candidates(url, [First; 2], |candidates, captured, spans| {
            candidates.iter().find_map(|c| {
                let (pattern, v) = &self.entries[(c.id & !EXACT) as usize];
                let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
                Some((v, pattern.match_kept(url, URL_KNOWN, pathname, spans)?))
            })
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
        self.best(url, |c, captured, spans| {
            let (pattern, v) = &self.entries[(c.id & !EXACT) as usize];
            let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
            spans.clear();
            Some((v, pattern.match_kept(url, URL_KNOWN, pathname, spans)?))
        })
    }

    /// The best match on `url` with its owned result, whose `inputs` is `input` (as in
    /// [`UrlPatternSet::first_result`]).
    fn best_result(&self, url: &Url, input: &str) -> Option<(&V, UrlPatternResult)> {
        let values = Values::of_url(url);
        self.best(url, |c, captured, spans| {
            let (p, v) = &self.entries[(c.id & !EXACT) as usize];
            let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
            spans.clear();
            if !p.match_routed(&values, pathname, spans) {
                return None;
            }
            let inputs = UrlPatternInput::String(input.to_owned());
            Some((v, p.result(&values, spans, inputs)))
        })
    }

    /// `attempt` on the candidates of `url` for a best match, lowest rank first, up to the
    /// first that gives an answer (that matches). No sort: each round picks the lowest rank
    /// above the last one tried (a best match's candidates are few, and the first picked
    /// almost always matches). Inlined as [`UrlPatternSet::with_candidates`] is.
    #[inline(always)]
    fn best<T>(
        &self,
        url: &Url,
        mut attempt: impl FnMut(&Candidate, &[Span], &mut Vec<Span>) -> Option<T>,
    ) -> Option<T> {
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
                let (r, c) = next?;
                if let Some(answer) = attempt(c, captured, spans) {
                    return Some(answer);
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
            Ok(parsed) => self.all_results(&parsed, url),
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
        fallible(|| self.first_match_url(url))
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
        fallible(|| self.best_match_url(url))
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
        fallible(|| self.matches_url(url))
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
        self.all_results(url, url.href())
    }

    /// Every match on `url` with its owned result, whose `inputs` is `input` (as in
    /// [`UrlPatternSet::first_result`]).
    fn all_results(&self, url: &Url, input: &str) -> Vec<(&V, UrlPatternResult)> {
        let values = Values::of_url(url);
        self.with_candidates(url, [Every; 2], |candidates, captured, spans| {
            (candidates.iter())
                .filter_map(|c| {
                    let (p, v) = &self.entries[(c.id & !EXACT) as usize];
                    let pathname = (c.id & EXACT != 0).then(|| &captured[c.start..c.end]);
                    spans.clear();
                    if !p.match_routed(&values, pathname, spans) {
                        return None;
                    }
                    let inputs = UrlPatternInput::String(input.to_owned());
                    Some((v, p.result(&values, spans, inputs)))
                })
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The candidates of `path` in `tree` (whose node of key `k` holds the pattern `k`, open
    /// for the keys ending in `*`): (pattern, exact, the wildcards' segments).
    fn walk(
        tree: &Tree,
        keys: &[&str],
        path: &str,
        fold: bool,
    ) -> Vec<(String, bool, Vec<String>)> {
        let mut s = Scratch::new();
        if fold {
            tree.walk::<true, _>(path.as_bytes(), &mut s, Every);
        } else {
            tree.walk::<false, _>(path.as_bytes(), &mut s, Every);
        }
        s.candidates.sort_unstable_by_key(|c| c.id & !EXACT);
        (s.candidates.iter())
            .map(|c| {
                let spans = s.captured[c.start..c.end].iter();
                let segments = spans.map(|span| {
                    let (a, b) = span.unwrap();
                    path[a..b].to_owned()
                });
                (
                    keys[(c.id & !EXACT) as usize].to_owned(),
                    c.id & EXACT != 0,
                    segments.collect(),
                )
            })
            .collect()
    }

    fn tree(keys: &[&str]) -> Tree {
        let mut tree = Tree::default();
        for (id, key) in keys.iter().enumerate() {
            let (key, open) = match key.strip_suffix('*') {
                Some(k) => (k, true),
                None => (*key, false),
            };
            let key: Vec<u8> = key
                .bytes()
                .map(|b| if b == b':' { WILD } else { b })
                .collect();
            tree.add(&key, id as u32, !open, false);
        }
        tree
    }

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

    /// Edges split where keys part (inside a literal run, at a wildcard), literal and
    /// wildcard children taking the same segment, open keys, the wildcards' segments.
    #[test]
    fn radix_tree_walk() {
        let keys = [
            "/repos/:/:",
            "/repos/:/:/events",
            "/repos/deno/:",
            "/rep*",
            "/user",
            "/users/:",
            "/users/:/events",
            "/use*",
            "/",
            "*",
            "/:/x",
        ];
        let t = tree(&keys);
        let exact = |k: &str, segments: &[&str]| {
            (
                k.to_owned(),
                true,
                segments.iter().map(|s| s.to_string()).collect(),
            )
        };
        let open = |k: &str| (k.to_owned(), false, Vec::new());
        assert_eq!(
            walk(&t, &keys, "/repos/deno/x", false),
            [
                exact("/repos/:/:", &["deno", "x"]),
                exact("/repos/deno/:", &["x"]),
                open("/rep*"),
                open("*"),
            ]
        );
        assert_eq!(
            walk(&t, &keys, "/repos/a/b/events", false),
            [
                exact("/repos/:/:/events", &["a", "b"]),
                open("/rep*"),
                open("*")
            ]
        );
        assert_eq!(
            walk(&t, &keys, "/users/u/events", false),
            [exact("/users/:/events", &["u"]), open("/use*"), open("*")]
        );
        assert_eq!(
            walk(&t, &keys, "/user", false),
            [exact("/user", &[]), open("/use*"), open("*")]
        );
        assert_eq!(walk(&t, &keys, "/", false), [exact("/", &[]), open("*")]);
        assert_eq!(
            walk(&t, &keys, "/users/x", false),
            [
                exact("/users/:", &["x"]),
                open("/use*"),
                open("*"),
                exact("/:/x", &["users"])
            ]
        );
        // A wildcard takes a non-empty segment, all of it.
        assert_eq!(
            walk(&t, &keys, "/users/", false),
            [open("/use*"), open("*")]
        );
        assert_eq!(
            walk(&t, &keys, "/users/x/y", false),
            [open("/use*"), open("*")]
        );
        assert_eq!(
            walk(&t, &keys, "/a/x", false),
            [open("*"), exact("/:/x", &["a"])]
        );
        assert_eq!(walk(&t, &keys, "", false), [open("*")]);
        assert_eq!(walk(&t, &keys, "/USER", false), [open("*")]);
        // The case-insensitive walk (of a tree of lowercase keys).
        assert_eq!(
            walk(&t, &keys, "/USER", true),
            [exact("/user", &[]), open("/use*"), open("*")]
        );
        assert_eq!(
            walk(&t, &keys, "/Repos/Deno/X", true),
            [
                exact("/repos/:/:", &["Deno", "X"]),
                exact("/repos/deno/:", &["X"]),
                open("/rep*"),
                open("*")
            ]
        );
    }

    /// A tree whose only key is all in its root (which takes the first key's literal run) is
    /// not empty: an `ignore_case` set of one pattern walks it.
    #[test]
    fn one_key_in_the_root() {
        let mut t = Tree::default();
        assert!(t.is_empty());
        let node = t.insert(b"/", 0);
        assert_eq!((node, t.nodes.len()), (0, 1));
        assert!(!t.is_empty());
        let options = crate::pattern::UrlPatternOptions { ignore_case: true };
        let init = crate::pattern::UrlPatternInit {
            pathname: Some("/".into()),
            ..Default::default()
        };
        let mut set = UrlPatternSet::new();
        set.insert(UrlPattern::from_init(&init, options).unwrap(), ());
        assert!(set.first_match("https://h/").is_some());
        assert!(set.first_match("https://h/a").is_none());
    }

    /// The word-at-a-time segment end equals a byte-by-byte search, from every position of
    /// paths of every length up to past the `memchr` hand-over, with `/` anywhere.
    #[test]
    fn segment_end_equals_a_byte_search() {
        let naive = |p: &[u8], pos: usize| {
            (p[pos..].iter().position(|&b| b == b'/')).map_or(p.len(), |i| pos + i)
        };
        for len in 0..48 {
            for slashes in [0u64, 1, 0b1001, 1 << 7, 1 << 8 | 1 << 15, u64::MAX / 3, !0] {
                let path: Vec<u8> = (0..len)
                    .map(|i| {
                        if slashes >> (i % 64) & 1 == 1 {
                            b'/'
                        } else {
                            // `.` is `/` ^ 1: a byte a carrying zero-byte test would take for
                            // a `/` after a real one.
                            [b'.', b'a', 0xaf, 0][i % 4]
                        }
                    })
                    .collect();
                for pos in 0..=len {
                    assert_eq!(
                        segment_end(&path, pos),
                        naive(&path, pos),
                        "{path:?} from {pos}"
                    );
                }
            }
        }
    }

    /// A run compared by words equals a byte comparison, for runs of every length (inline
    /// and on the heap) at every position of paths of every length, equal or differing in
    /// any one byte.
    #[test]
    fn run_matches_equals_a_byte_comparison() {
        for len in 0..40usize {
            let path: Vec<u8> = (0..len)
                .map(|i| b"/ab.c%2F"[i % 8] ^ (i / 8) as u8)
                .collect();
            for pos in 0..=len {
                for n in 0..=(len - pos + 1).min(30) {
                    let end = (pos + n).min(len);
                    let mut run = path[pos..end].to_vec();
                    run.resize(n, b'x');
                    for flip in std::iter::once(None).chain((0..n).map(Some)) {
                        let mut run = run.clone();
                        if let Some(i) = flip {
                            run[i] ^= 0x20;
                        }
                        let naive = (path.get(pos..pos + n) == Some(&run[..])).then_some(pos + n);
                        assert_eq!(
                            Run::new(&run).matched_end(&path, pos),
                            naive,
                            "{run:?} at {pos} of {path:?}"
                        );
                    }
                }
            }
        }
    }

    /// A node's literal children are found by their first byte, in its slots and (past
    /// four) in its table, and no other byte finds one.
    #[test]
    fn literal_children_in_slots_and_table() {
        for count in 0..12u8 {
            let mut t = Tree::default();
            let firsts: Vec<u8> = (0..count).map(|i| b"a/zZ.0~\xff%qRw"[i as usize]).collect();
            // The root takes the first key whole: `/`, then the children below it.
            t.insert(b"/", 0);
            for &b in &firsts {
                t.insert(&[b'/', b, b'!'], 0);
            }
            let root = &t.nodes[0];
            for byte in 0..=255u8 {
                let want = firsts.contains(&byte);
                let got = root.child(byte, &t.tables);
                assert_eq!(got.is_some(), want, "{byte} of {count} children");
                if let Some(child) = got {
                    assert_eq!(t.nodes[child as usize].prefix.bytes(), [byte, b'!']);
                }
            }
        }
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

    /// A key of a million wildcards and pathnames of a million segments: no recursion, and
    /// each node is reached once.
    #[test]
    fn deep_keys_and_paths() {
        let n = 1 << 20;
        let mut t = Tree::default();
        let key = b"/\0".repeat(n);
        t.add(&key, 0, true, false);
        t.add(&b"/a".repeat(n), 1, true, false);
        let path = "/a".repeat(n);
        let mut s = Scratch::new();
        t.walk::<false, _>(path.as_bytes(), &mut s, Every);
        let found: Vec<u32> = s.candidates.iter().map(|c| c.id & !EXACT).collect();
        assert_eq!(found.len(), 2);
        assert!(found.contains(&0) && found.contains(&1));
        let c = s.candidates.iter().find(|c| c.id & !EXACT == 0).unwrap();
        assert_eq!(c.end - c.start, n);
    }
}
