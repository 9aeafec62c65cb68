//! The radix tree of a [`UrlPatternSet`](super::UrlPatternSet): the keys read from the
//! patterns' pathnames, the tree over them, and its walk along a URL's pathname, which gives
//! the candidate patterns (see the [set's documentation](super)).

use std::cell::Cell;

use crate::lex;
use crate::pattern::matcher::Span;
use crate::pattern::parser::{Modifier, PartType};
use crate::pattern::{UrlPattern, UrlPatternComponent};

/// The byte of a key that stands for a whole-segment wildcard: a NUL cannot occur in a
/// canonical pathname (it is percent-encoded), and a pattern whose literal text holds one is
/// not indexed.
pub(super) const WILD: u8 = 0;

/// "No node": [`Node::wild`] and [`Node::ends`] when there is none (the root is nobody's
/// child, and there are fewer than `u32::MAX` patterns).
pub(super) const NONE: u32 = u32::MAX;

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
pub(super) struct Node {
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
    pub(super) ends: u32,
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
pub(super) struct Ends {
    /// Patterns whose pathname may go on past the key (candidates for any URL that reaches
    /// the node).
    pub(super) open: Vec<u32>,
    /// Patterns whose key is their whole pathname (candidates when the URL's pathname ends
    /// at the node too).
    pub(super) exact: Vec<u32>,
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
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    pub(super) ends: Vec<Ends>,
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
pub(super) struct Candidate {
    pub(super) id: u32,
    pub(super) start: usize,
    pub(super) end: usize,
}

/// Buffers reused by the lookups of one thread.
pub(super) struct Scratch {
    /// The branches of the walk not taken yet.
    stack: Vec<Frame>,
    /// The spans of the wildcards on the walk's current branch.
    trail: Vec<Span>,
    /// The pathname's group spans of the exact candidates.
    pub(super) captured: Vec<Span>,
    pub(super) candidates: Vec<Candidate>,
    /// The group spans of a match (all eight components).
    pub(super) spans: Vec<Span>,
    /// For a first (or best) match: the lowest certain candidate so far
    /// ([`Prune::certain`]), by index (or rank), or [`NONE`]; the walk does not go where
    /// every pattern comes after it.
    pub(super) bound: u32,
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
/// ([`with_taken`](crate::pattern::values::with_taken): a nested call starts buffers of its own, and `f`'s result is
/// returned as it is, not copied out of the thread-local's closure).
#[inline(always)]
pub(super) fn with_scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    crate::pattern::values::with_taken(
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
    pub(super) fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
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
    pub(super) fn is_empty(&self) -> bool {
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
    pub(super) fn add(&mut self, key: &[u8], id: u32, exact: bool, certain: bool) {
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
    pub(super) fn walk<const FOLD: bool, P: Prune>(&self, path: &[u8], s: &mut Scratch, prune: P) {
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
/// order for a first match, [`Ranking::rank`](super::rank::Ranking::rank) for a best match).
pub(super) trait Prune: Copy {
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
pub(super) struct Every;

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
pub(super) struct First;

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

/// Whether `pattern` matches every URL whose pathname its key matches exactly: every other
/// component is a lone wildcard, which matches any URL record.
pub(super) fn is_certain(pattern: &UrlPattern) -> bool {
    pattern
        .wildcards
        .with(UrlPatternComponent::Pathname)
        .is_all()
}

/// The key of a pattern's pathname (its literal bytes, [`WILD`] for each whole-segment
/// wildcard, ASCII-lowercased under `ignore_case`), whether it is the whole pathname (else the
/// pathname goes on past it) and whether it is for the case-insensitive tree; `None` if
/// nothing can be indexed.
pub(super) fn pathname_key(pattern: &UrlPattern) -> Option<(Vec<u8>, bool, bool)> {
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

/// The flag of a candidate whose whole pathname the walk has matched: its pathname needs no
/// second match (a complete key is literal text and whole-segment wildcards `[^/]+?`,
/// exactly what the walk compares), and its groups are the wildcards' segments.
pub(super) const EXACT: u32 = 1 << 31;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::UrlPatternSet;

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
