//! The ranking of a [`UrlPatternSet`](super::UrlPatternSet)'s patterns for a best match
//! ([`BEST_MATCH_ORDER`]), and the tree's ranks that a best match's walk prunes by.

use std::cmp::Ordering;

use super::tree::{NONE, Prune, Tree, is_certain};
use crate::pattern::{UrlPattern, UrlPatternComponent};

/// The best match: the keys are the patterns' ranks ([`Ranking`]), read from the ranks of
/// the tree walked.
#[derive(Clone, Copy)]
pub(super) struct Best<'r>(pub(super) &'r TreeRanks);

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

/// The order of [`UrlPatternSet::best_match`](super::UrlPatternSet::best_match): the components it compares two patterns on
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

/// The patterns of a set in the order of [`UrlPatternSet::best_match`](super::UrlPatternSet::best_match), made when a best
/// match first needs it after the set changed ([`UrlPatternSet::ranking`](super::UrlPatternSet::ranking)).
#[derive(Debug, Clone)]
pub(super) struct Ranking {
    /// Each pattern's rank, by index: 0 for the most specific ([`compare_specificity`]),
    /// the earlier inserted first among equally specific ones. Distinct: a total order.
    pub(super) rank: Vec<u32>,
    /// The ranks in [`UrlPatternSet::tree`](super::UrlPatternSet::tree).
    pub(super) tree: TreeRanks,
    /// The ranks in [`UrlPatternSet::folded`](super::UrlPatternSet::folded).
    pub(super) folded: TreeRanks,
}

/// A tree's [`Node::min`](super::tree::Node::min) and [`Ends::certain`](super::tree::Ends::certain) by rank instead of index.
#[derive(Debug, Clone)]
pub(super) struct TreeRanks {
    /// By node: the lowest rank of a pattern whose key ends at the node or below it, or
    /// [`NONE`].
    pub(super) below: Vec<u32>,
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
    pub(super) fn of<V>(entries: &[(UrlPattern, V)], tree: &Tree, folded: &Tree) -> Ranking {
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
