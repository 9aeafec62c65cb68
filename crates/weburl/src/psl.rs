//! Public suffixes, registrable domains and sites.
//!
//! The URL Standard's [public suffix](https://url.spec.whatwg.org/#host-public-suffix) and
//! [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) of a host, by the
//! [Public Suffix List](https://publicsuffix.org/) (PSL), and HTML's
//! [site](https://html.spec.whatwg.org/multipage/browsers.html#site) and same-site checks built
//! on them.
//!
//! ```
//! use weburl::Url;
//! use weburl::psl::Sections;
//!
//! let url = Url::parse("https://www.EXAMPLE.co.uk./a").unwrap();
//! assert_eq!(url.public_suffix(), Some("co.uk."));
//! assert_eq!(url.registrable_domain(), Some("example.co.uk."));
//!
//! let url = Url::parse("https://whatwg.github.io/").unwrap();
//! assert_eq!(url.registrable_domain(), Some("whatwg.github.io"));
//! assert_eq!(url.registrable_domain_in(Sections::Icann), Some("github.io"));
//! ```
//!
//! The list is embedded in the library when it is built (the text of the list of
//! [`LIST_VERSION`]), and made into a lookup table the first time it is used; nothing is read
//! from a file or the network. A newer list can be loaded at run time with [`List::parse`].
//!
//! How the URL Standard's algorithm relates to the PSL's own:
//!
//! - a URL's host is ASCII (IDNA labels are punycode, `xn--…`), while the list is written in
//!   Unicode: every rule is converted with the same host parser (UTS 46 ToASCII) when the list is
//!   read, so `食狮.公司.cn` and its host `xn--85x722f.xn--55qx5d.cn` get the same answer;
//! - the PSL's implicit `*` rule applies: a name under a TLD the list does not know is its own
//!   public suffix (`example.example` is a registrable domain);
//! - a trailing dot is set aside, the name looked up, and the dot put back (`example.com.` →
//!   `com.` and `example.com.`), as the spec's example table shows;
//! - the spec uses the whole list ([`Sections::All`]); [`Sections::Icann`] uses the ICANN section
//!   alone, without the private registries (`github.io`, `blogspot.com`, …);
//! - a name with an empty label (`.example.com`, `a..example.com`; a single trailing dot aside)
//!   is not a domain name the PSL algorithm is defined on: it has neither (null), as the PSL's
//!   own test vectors expect.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::sync::OnceLock;

use crate::host::{Host, HostKind};
use crate::origin::Origin;
use crate::url::Url;

/// The date of the Public Suffix List embedded in this build (`YYYY-MM-DD`).
///
/// ```
/// assert_eq!(weburl::psl::LIST_VERSION.len(), "2026-08-19".len());
/// ```
pub const LIST_VERSION: &str = include_str!("../data/public_suffix_list.version");

/// The text of the embedded list (MPL-2.0; see `data/README.md`).
const LIST_TEXT: &str = include_str!("../data/public_suffix_list.dat");

/// Which sections of the Public Suffix List to use.
///
/// ```
/// use weburl::psl::Sections;
/// assert_eq!(Sections::default(), Sections::All);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sections {
    /// The ICANN and the private sections: the URL Standard's answer.
    #[default]
    All,
    /// The ICANN section alone (names delegated by ICANN and the registries below it), without
    /// the private registries such as `github.io`.
    Icann,
}

impl Sections {
    /// The name of the sections, as [`FromStr`](std::str::FromStr) reads it: `"all"` or
    /// `"icann"`.
    ///
    /// ```
    /// use weburl::psl::Sections;
    /// assert_eq!(Sections::Icann.name(), "icann");
    /// assert_eq!(Sections::All.to_string(), "all");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Sections::All => "all",
            Sections::Icann => "icann",
        }
    }

    /// The rule bits of the sections.
    #[inline]
    fn mask(self) -> u8 {
        match self {
            Sections::All => ICANN_BITS | PRIVATE_BITS,
            Sections::Icann => ICANN_BITS,
        }
    }
}

impl fmt::Display for Sections {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads `"all"` or `"icann"` (exactly, as the CLI, the batch op, Python and DataFusion take
/// them).
///
/// ```
/// use weburl::psl::Sections;
/// assert_eq!("icann".parse::<Sections>(), Ok(Sections::Icann));
/// assert_eq!("all".parse::<Sections>(), Ok(Sections::All));
/// let err = "private".parse::<Sections>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown public suffix list sections \"private\" (expected \"all\" or \"icann\")");
/// ```
impl std::str::FromStr for Sections {
    type Err = UnknownSections;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "all" => Ok(Sections::All),
            "icann" => Ok(Sections::Icann),
            _ => Err(UnknownSections(s.into())),
        }
    }
}

/// The error of reading a [`Sections`] name other than `"all"` or `"icann"`; it holds the
/// name read.
///
/// ```
/// let err = "ICANN".parse::<weburl::psl::Sections>().unwrap_err();
/// assert_eq!(err.name(), "ICANN");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSections(Box<str>);

impl UnknownSections {
    /// The name that was read.
    ///
    /// ```
    /// let err = "x".parse::<weburl::psl::Sections>().unwrap_err();
    /// assert_eq!(err.name(), "x");
    /// ```
    #[must_use]
    pub fn name(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UnknownSections {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown public suffix list sections {:?} (expected \"all\" or \"icann\")",
            self.0
        )
    }
}

impl std::error::Error for UnknownSections {}

// A node's flags: which rules its name is, per section. An interior node of the rule tree, such
// as `jp` under `kawasaki.jp`, has none.
/// `key`: a normal rule (ICANN; private is << 3).
const RULE: u8 = 0x01;
/// `*.key`: a wildcard rule.
const WILD: u8 = 0x02;
/// `!key`: an exception rule.
const EXCEPTION: u8 = 0x04;
const ICANN_BITS: u8 = RULE | WILD | EXCEPTION;
const PRIVATE_BITS: u8 = ICANN_BITS << 3;
const ANY_RULE: u8 = RULE | RULE << 3;
const ANY_WILD: u8 = WILD | WILD << 3;
const ANY_EXCEPTION: u8 = EXCEPTION | EXCEPTION << 3;

/// Why [`List::parse`] rejected a list. Line numbers count from 1.
///
/// ```
/// use weburl::psl::{List, ListError};
/// assert_eq!(List::parse("// nothing\n").unwrap_err(), ListError::Empty);
/// assert_eq!(List::parse("com\na.*.com\n").unwrap_err(), ListError::UnsupportedWildcard(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ListError {
    /// The list has no rule.
    Empty,
    /// A rule that is not a domain (the host parser failed, or gave an IP address or a name
    /// with an empty label).
    InvalidRule(usize),
    /// A wildcard other than a whole leftmost label (`*.example`).
    UnsupportedWildcard(usize),
    /// An exception rule (`!name`) of a single label.
    ExceptionTooShort(usize),
    /// A rule longer than 255 bytes.
    RuleTooLong(usize),
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListError::Empty => f.write_str("the public suffix list has no rule"),
            ListError::InvalidRule(line) => write!(f, "line {line}: the rule is not a domain"),
            ListError::UnsupportedWildcard(line) => {
                write!(
                    f,
                    "line {line}: a wildcard must be the whole leftmost label"
                )
            }
            ListError::ExceptionTooShort(line) => {
                write!(f, "line {line}: an exception rule needs two labels or more")
            }
            ListError::RuleTooLong(line) => write!(f, "line {line}: the rule is over 255 bytes"),
        }
    }
}

impl std::error::Error for ListError {}

/// A Public Suffix List, ready for lookups.
///
/// [`List::embedded`] is the list built into the library; [`List::parse`] reads another (a
/// newer copy of `public_suffix_list.dat`, or a list of one's own in the same format).
///
/// The rules make a tree of labels (`uk` → `co` → …), each node with a small hash table of its
/// children keyed by the label in ASCII (a label of up to 8 bytes is its own key, so most
/// probes compare one word); a lookup walks it from the host's last label leftwards, one probe
/// per label of the answer plus one.
///
/// ```
/// use weburl::psl::{List, Sections};
/// let list = List::parse("// ===BEGIN ICANN DOMAINS===\nuk\nco.uk\n*.ck\n!www.ck\n").unwrap();
/// assert_eq!(list.registrable_domain("www.bbc.co.uk", Sections::All), Some("bbc.co.uk"));
/// assert_eq!(list.public_suffix("a.b.ck", Sections::All), Some("b.ck"));
/// assert_eq!(list.public_suffix("www.ck", Sections::All), Some("ck"));
/// ```
#[derive(Clone)]
pub struct List {
    /// The root of the rule tree (the empty name).
    root: Node,
    /// Every node's table of children, one after the other; slot 0 is an empty table of one
    /// slot that every leaf points to. A slot holds its child's [`Node`] itself, so a walk
    /// reads one slot a label and no other table.
    slots: Box<[Slot]>,
    /// For each slot of a label longer than 8 bytes, the offset of its bytes in `long_labels`.
    long_offsets: Box<[u32]>,
    /// The bytes of the labels longer than 8 bytes.
    long_labels: Box<[u8]>,
    /// The number of rules read.
    rules: usize,
    /// The `// VERSION:` line of the list text, if any.
    version: Option<Box<str>>,
}

/// A node of the rule tree in one word: the first slot of its table of children (bits 0-31),
/// the table's size as a power of two (32-37), the RULE / WILD / EXCEPTION bits per section
/// (38-43); in a slot also the length of the label that leads to it (44-51) and bit 63 set
/// (an empty slot is all zeros).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node(u64);

impl Node {
    const OCCUPIED: u64 = 1 << 63;

    fn new(start: u32, size_log2: u32, flags: u8, label_len: usize) -> Node {
        debug_assert!(size_log2 < 64 && flags < 64 && label_len < 256);
        Node(
            u64::from(start)
                | u64::from(size_log2) << 32
                | u64::from(flags) << 38
                | (label_len as u64) << 44
                | Node::OCCUPIED,
        )
    }

    /// The first slot of the node's table.
    #[inline(always)]
    fn start(self) -> usize {
        self.0 as u32 as usize
    }

    /// The table's size minus one.
    #[inline(always)]
    fn mask(self) -> usize {
        (1usize << ((self.0 >> 32) & 63)) - 1
    }

    #[inline(always)]
    fn flags(self) -> u8 {
        (self.0 >> 38) as u8 & 63
    }

    #[inline(always)]
    fn label_len(self) -> usize {
        (self.0 >> 44) as u8 as usize
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A child in a node's table: `key` is [`label_key`] of its label, `node` the child itself.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    node: Node,
}

impl fmt::Debug for List {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("List")
            .field("rules", &self.rules)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

/// A label's key. Up to 8 bytes, the key is the label's bytes themselves, little-endian (so
/// equal keys and lengths mean equal labels); a longer label's key is [`long_key`] of its
/// first and last 8 bytes, checked against its bytes.
#[inline(always)]
fn label_key(label: &[u8]) -> u64 {
    if label.len() <= 8 {
        let mut bytes = [0u8; 8];
        bytes[..label.len()].copy_from_slice(label);
        return u64::from_le_bytes(bytes);
    }
    long_key(word_before(label, 8), word_before(label, label.len()))
}

/// The key of a label longer than 8 bytes from its first and its last 8 bytes (two loads,
/// whatever its length; labels that share both have the same key, told apart by their bytes).
#[inline(always)]
fn long_key(first: u64, last: u64) -> u64 {
    (first.rotate_left(29) ^ last).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The dots of an 8-byte word: 0x80 in each byte that is `.`, 0 in the others (exact).
#[inline(always)]
fn dots(word: u64) -> u64 {
    let x = word ^ 0x2E2E_2E2E_2E2E_2E2E;
    !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7)
}

/// The 8 bytes of `name` that end at `end`, little-endian (zeros before the start).
#[inline(always)]
fn word_before(name: &[u8], end: usize) -> u64 {
    if let Some(Ok(bytes)) = end
        .checked_sub(8)
        .and_then(|start| name.get(start..end))
        .map(<[u8; 8]>::try_from)
    {
        return u64::from_le_bytes(bytes);
    }
    name[..end.min(name.len())]
        .iter()
        .fold(0, |word, &b| (word >> 8) | (u64::from(b) << 56))
}

/// The label of `name` that ends at `end` (`end <= name.len()`): its start and [`label_key`],
/// found a word at a time.
#[inline(always)]
fn label_before(name: &[u8], end: usize) -> (usize, u64) {
    let word = word_before(name, end);
    let found = dots(word);
    let len = if found != 0 {
        (found.leading_zeros() / 8) as usize
    } else if end <= 8 || name[end - 9] == b'.' {
        end.min(8)
    } else {
        // Longer than 8 bytes: on, a word at a time.
        let mut e = end - 8;
        let start = loop {
            let found = dots(word_before(name, e));
            if found != 0 {
                break e - (found.leading_zeros() / 8) as usize;
            }
            if e <= 8 {
                break 0;
            }
            e -= 8;
        };
        return (start, label_key(&name[start..end]));
    };
    let key = if len == 0 { 0 } else { word >> (64 - 8 * len) };
    (end - len, key)
}

/// The longest name [`List::split_short`] takes: one bit of a `u64` per byte.
const SHORT_NAME: usize = 64;

/// Bit `i` set when `buffer[offset + i]` is a dot, for `i < len <= 64`, a word at a time.
#[inline(always)]
fn dot_mask(buffer: &[u8], offset: usize, len: usize) -> u64 {
    debug_assert!(len <= SHORT_NAME);
    // One bit per byte from the 0x80 marks of `dots`: the multiply gathers bit 7 of byte k
    // into bit 56 + k.
    let gather = |found: u64| (found >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let mut mask = 0;
    let mut at = 0;
    while at + 8 <= len {
        mask |= gather(dots(word_before(buffer, offset + at + 8))) << at;
        at += 8;
    }
    if at < len {
        // The last bytes, moved down from the word that ends the name.
        let word = word_before(buffer, offset + len) >> (8 * (8 - (len - at)));
        mask |= gather(dots(word)) << at;
    }
    mask
}

/// Whether `name` starts with a dot or has two in a row, a word at a time.
fn has_empty_label(name: &[u8]) -> bool {
    if name.first() == Some(&b'.') {
        return true;
    }
    let mut chunks = name.chunks_exact(8);
    let mut previous_dot = false;
    for chunk in &mut chunks {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let found = dots(u64::from_le_bytes(bytes));
        if found & (found >> 8) != 0 || (previous_dot && found & 0x80 != 0) {
            return true;
        }
        previous_dot = found >> 63 != 0;
    }
    for &byte in chunks.remainder() {
        let dot = byte == b'.';
        if dot && previous_dot {
            return true;
        }
        previous_dot = dot;
    }
    false
}

/// The slot a key starts probing at, in a table of `mask + 1` slots.
#[inline(always)]
fn slot_index(key: u64, len: usize, mask: usize) -> usize {
    let h = (key ^ len as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 32) as usize & mask
}

/// A node of the tree while the list is read.
#[derive(Default)]
struct BuildNode {
    flags: u8,
    children: HashMap<String, usize>,
}

impl List {
    /// The list embedded in the library (of [`LIST_VERSION`]), read into a table on first use.
    ///
    /// ```
    /// let list = weburl::psl::List::embedded();
    /// assert!(list.len() > 5000);
    /// assert_eq!(list.version(), Some(weburl::psl::LIST_VERSION));
    /// ```
    #[must_use]
    pub fn embedded() -> &'static List {
        static LIST: OnceLock<List> = OnceLock::new();
        LIST.get_or_init(|| {
            let mut list = List::parse(LIST_TEXT).expect("the embedded list is valid");
            list.version = Some(LIST_VERSION.into());
            list
        })
    }

    /// Reads a list in the format of `public_suffix_list.dat`: one rule per line (read up to
    /// the first white space), `//` comments, and the `===BEGIN PRIVATE DOMAINS===` /
    /// `===END PRIVATE DOMAINS===` comment lines around the private section (every other rule
    /// is in the ICANN section). Unicode rules are converted to ASCII with the host parser.
    ///
    /// # Errors
    ///
    /// A [`ListError`] naming the first line it cannot read, or [`ListError::Empty`].
    ///
    /// ```
    /// use weburl::psl::{List, Sections};
    /// let text = "// VERSION: 2025-01-01\n公司.cn\ncn\n// ===BEGIN PRIVATE DOMAINS===\nblog.example\n// ===END PRIVATE DOMAINS===\n";
    /// let list = List::parse(text).unwrap();
    /// assert_eq!(list.version(), Some("2025-01-01"));
    /// assert_eq!(list.public_suffix("a.xn--55qx5d.cn", Sections::All), Some("xn--55qx5d.cn"));
    /// assert_eq!(list.public_suffix("a.blog.example", Sections::All), Some("blog.example"));
    /// assert_eq!(list.public_suffix("a.blog.example", Sections::Icann), Some("example"));
    /// ```
    pub fn parse(text: &str) -> Result<List, ListError> {
        let mut tree: Vec<BuildNode> = vec![BuildNode::default()];
        let mut private = false;
        let mut version = None;
        let mut rules = 0;
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let line = line.trim();
            if let Some(comment) = line.strip_prefix("//") {
                let comment = comment.trim();
                if comment.starts_with("===BEGIN PRIVATE DOMAINS===") {
                    private = true;
                } else if comment.starts_with("===END PRIVATE DOMAINS===") {
                    private = false;
                } else if let Some(v) = comment.strip_prefix("VERSION:") {
                    version = Some(v.trim().into());
                }
                continue;
            }
            let Some(rule) = line.split_whitespace().next() else {
                continue;
            };
            // The implicit rule: nothing to add.
            if rule == "*" {
                continue;
            }
            let (name, kind) = if let Some(name) = rule.strip_prefix('!') {
                (name, EXCEPTION)
            } else if let Some(name) = rule.strip_prefix("*.") {
                (name, WILD)
            } else {
                (rule, RULE)
            };
            if name.contains('*') || name.contains('!') {
                return Err(ListError::UnsupportedWildcard(number));
            }
            let key = rule_to_ascii(name).ok_or(ListError::InvalidRule(number))?;
            if key.len() > 255 {
                return Err(ListError::RuleTooLong(number));
            }
            if kind == EXCEPTION && !key.contains('.') {
                return Err(ListError::ExceptionTooShort(number));
            }
            let mut node = 0;
            for label in key.rsplit('.') {
                node = match tree[node].children.get(label) {
                    Some(&child) => child,
                    None => {
                        let child = tree.len();
                        tree.push(BuildNode::default());
                        tree[node].children.insert(label.to_owned(), child);
                        child
                    }
                };
            }
            tree[node].flags |= if private { kind << 3 } else { kind };
            rules += 1;
        }
        if rules == 0 {
            return Err(ListError::Empty);
        }
        // Lay the tables out: slot 0 is the shared empty table of the leaves; then each node's
        // table (a load factor at most 1/2, a power of two: a label that is not there, the most
        // frequent question, ends its probe soon), so that every node's place is
        // known before the slots that hold it are filled.
        let mut tables = vec![(0u32, 0u32); tree.len()];
        let mut total = 1usize;
        for (index, built) in tree.iter().enumerate() {
            if built.children.is_empty() {
                continue;
            }
            let size = (built.children.len() * 2).next_power_of_two();
            let start = u32::try_from(total).map_err(|_| ListError::RuleTooLong(0))?;
            tables[index] = (start, size.trailing_zeros());
            total += size;
        }
        let node = |index: usize, label_len: usize| {
            let (start, size_log2) = tables[index];
            Node::new(start, size_log2, tree[index].flags, label_len)
        };
        let mut slots = vec![Slot::default(); total];
        let mut long_offsets = vec![u32::MAX; total];
        let mut long_labels = Vec::new();
        for (index, built) in tree.iter().enumerate() {
            if built.children.is_empty() {
                continue;
            }
            let (start, size_log2) = tables[index];
            let (start, mask) = (start as usize, (1usize << size_log2) - 1);
            let mut children: Vec<(&String, &usize)> = built.children.iter().collect();
            // Deterministic layout (HashMap order is not).
            children.sort_unstable();
            for (label, &child) in children {
                let bytes = label.as_bytes();
                let key = label_key(bytes);
                let mut i = slot_index(key, bytes.len(), mask);
                while !slots[start + i].node.is_empty() {
                    i = (i + 1) & mask;
                }
                slots[start + i] = Slot {
                    key,
                    node: node(child, bytes.len()),
                };
                if bytes.len() > 8 {
                    long_offsets[start + i] =
                        u32::try_from(long_labels.len()).map_err(|_| ListError::RuleTooLong(0))?;
                    long_labels.extend_from_slice(bytes);
                }
            }
        }
        Ok(List {
            root: node(0, 0),
            slots: slots.into_boxed_slice(),
            long_offsets: long_offsets.into_boxed_slice(),
            long_labels: long_labels.into_boxed_slice(),
            rules,
            version,
        })
    }

    /// The number of rules in the list.
    ///
    /// ```
    /// assert_eq!(weburl::psl::List::parse("com\n*.ck\n!www.ck\n").unwrap().len(), 3);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.rules
    }

    /// Whether the list has no rule (never true for a list [`List::parse`] returned).
    ///
    /// ```
    /// assert!(!weburl::psl::List::embedded().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rules == 0
    }

    /// The list's version: [`LIST_VERSION`] for the embedded list, the `// VERSION:` comment of
    /// a parsed one (None when it has none).
    ///
    /// ```
    /// assert_eq!(weburl::psl::List::parse("com\n").unwrap().version(), None);
    /// ```
    #[must_use]
    pub fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    /// The child of `node` for `label` (whose key is `key`), if any.
    #[inline(always)]
    fn child(&self, node: Node, key: u64, label: &[u8]) -> Option<Node> {
        let len = label.len();
        let (start, mask) = (node.start(), node.mask());
        let mut i = slot_index(key, len, mask);
        loop {
            let slot = self.slots.get(start + i)?;
            if slot.node.is_empty() {
                return None;
            }
            if slot.key == key && slot.node.label_len() == len {
                if len <= 8 {
                    return Some(slot.node);
                }
                let offset = *self.long_offsets.get(start + i)? as usize;
                if self.long_labels.get(offset..offset + len) == Some(label) {
                    return Some(slot.node);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// The PSL algorithm on `name` (a domain without its trailing dot, not empty): the byte
    /// index where its public suffix starts, or None when a label it reads is empty; and the
    /// start of the label before the public suffix when the walk read it (else `usize::MAX`).
    #[inline]
    fn suffix_start(&self, name: &[u8], mask: u8) -> Option<(usize, usize)> {
        let mut node = self.root;
        // The end of the current label, and the start of the suffix matched so far.
        let mut end = name.len();
        // The implicit "*" rule takes the last label.
        let mut public_suffix = None;
        loop {
            let (start, key) = label_before(name, end);
            let label = name.get(start..end)?;
            if label.is_empty() {
                return None;
            }
            let flags = node.flags() & mask;
            // A wildcard rule of the parent matches this label (the implicit "*" at the top).
            if flags & ANY_WILD != 0 || public_suffix.is_none() {
                public_suffix = Some(start);
            }
            let Some(child) = self.child(node, key, label) else {
                // This label is the one before the public suffix when that starts after it.
                let public_suffix = public_suffix?;
                let before = if public_suffix == end + 1 {
                    start
                } else {
                    usize::MAX
                };
                return Some((public_suffix, before));
            };
            let flags = child.flags() & mask;
            // An exception rule prevails: its name without its leftmost label.
            if flags & ANY_EXCEPTION != 0 {
                return Some((end + 1, start));
            }
            if flags & ANY_RULE != 0 {
                public_suffix = Some(start);
            }
            if start == 0 {
                return Some((public_suffix?, usize::MAX));
            }
            node = child;
            end = start - 1;
        }
    }

    /// The public suffix and the registrable domain of `host` as byte indexes into it.
    #[inline]
    fn split(&self, host: &str, sections: Sections) -> Option<(usize, Option<usize>)> {
        self.split_in(host.as_bytes(), 0, host.len(), sections)
    }

    /// [`List::split`] on the host `buffer[offset..offset + len]`, indexes relative to its
    /// start. The bytes before the host (a URL's scheme and `//`) let the word reads that end
    /// near its start be plain loads.
    #[inline]
    fn split_in(
        &self,
        buffer: &[u8],
        offset: usize,
        len: usize,
        sections: Sections,
    ) -> Option<(usize, Option<usize>)> {
        let bytes = buffer.get(offset..offset.checked_add(len)?)?;
        // The spec's trailingDot: set aside, put back by slicing the host itself.
        let name = match bytes.split_last() {
            Some((b'.', rest)) => rest,
            _ => bytes,
        };
        if name.is_empty() {
            return None;
        }
        if name.len() <= SHORT_NAME {
            if offset < 7 {
                // Too little before the host for the word reads that end near its start to
                // be plain loads (a URL's `http://` is enough): a copy behind 8 zero bytes.
                let mut padded = [0u8; 8 + SHORT_NAME];
                let copy = padded.get_mut(8..8 + name.len())?;
                copy.copy_from_slice(name);
                return self.split_short(&padded, 8, name.len(), sections.mask());
            }
            return self.split_short(buffer, offset, name.len(), sections.mask());
        }
        self.split_general(name, sections.mask())
    }

    /// [`List::split`] on a name of any length: each label found a word at a time as the walk
    /// reaches it, the empty labels looked for where the walk does not read.
    fn split_general(&self, name: &[u8], mask: u8) -> Option<(usize, Option<usize>)> {
        let (public_suffix, before) = self.suffix_start(name, mask)?;
        if public_suffix == 0 {
            // The public suffix is the whole host: no registrable domain.
            return Some((0, None));
        }
        // The label before the public suffix (read already, most often).
        let dot = public_suffix - 1;
        let start = if before == usize::MAX {
            label_before(name, dot).0
        } else {
            before
        };
        if start == dot {
            return None;
        }
        // An empty label among the subdomains makes the name invalid too: one before the
        // registrable domain, a leading dot, or two dots in a row.
        if start > 0 && has_empty_label(&name[..start]) {
            return None;
        }
        Some((public_suffix, Some(start)))
    }

    /// [`List::split`] on a name of at most [`SHORT_NAME`] bytes (nearly every host): the
    /// positions of all its dots read first into one bit mask, a word at a time, so that the
    /// empty labels are one test and each label's bounds a `leading_zeros`. The same walk as
    /// [`List::suffix_start`] (the PSL algorithm, <https://url.spec.whatwg.org/#host-public-suffix>);
    /// `psl_short_path_agrees_with_the_general_path` checks the two against each other.
    #[inline]
    fn split_short(
        &self,
        buffer: &[u8],
        offset: usize,
        n: usize,
        mask: u8,
    ) -> Option<(usize, Option<usize>)> {
        let name = buffer.get(offset..offset + n)?;
        let dots = dot_mask(buffer, offset, n);
        // An empty label (a leading dot, two in a row, or a dot left at the end once the
        // trailing one was set aside) makes the name no domain the list can answer for.
        if dots & (1 | dots >> 1 | 1 << (n - 1)) != 0 {
            return None;
        }
        let mut node = self.root;
        let mut end = n;
        // The implicit "*" rule takes the last label: set on the first pass.
        let mut public_suffix = usize::MAX;
        loop {
            // The dots before `end` (1 <= end <= 64); the label starts after the last of them.
            let before = dots & (u64::MAX >> (64 - end));
            let start = 64 - before.leading_zeros() as usize;
            let label = name.get(start..end)?;
            let last = word_before(buffer, offset + end);
            let key = if label.len() <= 8 {
                last >> (64 - 8 * label.len())
            } else {
                long_key(word_before(buffer, offset + start + 8), last)
            };
            if node.flags() & mask & ANY_WILD != 0 || public_suffix == usize::MAX {
                public_suffix = start;
            }
            let Some(child) = self.child(node, key, label) else {
                break;
            };
            let flags = child.flags() & mask;
            // An exception rule prevails: its name without its leftmost label.
            if flags & ANY_EXCEPTION != 0 {
                public_suffix = end + 1;
                break;
            }
            if flags & ANY_RULE != 0 {
                public_suffix = start;
            }
            if start == 0 {
                break;
            }
            node = child;
            end = start - 1;
        }
        if public_suffix == 0 {
            // The public suffix is the whole name: no registrable domain.
            return Some((0, None));
        }
        // The label before the public suffix starts after the last dot before its own dot.
        let before = dots & (u64::MAX >> (65 - public_suffix));
        let start = 64 - before.leading_zeros() as usize;
        Some((public_suffix, Some(start)))
    }

    /// The [public suffix](https://url.spec.whatwg.org/#host-public-suffix) of `host`, a domain
    /// as the host parser serializes it (ASCII, lowercase; use [`Host::parse`] on other text).
    /// An IP address or an opaque host has none, but only [`Url`] and [`Host`] know a host's
    /// kind: use [`Url::public_suffix`] or [`Host::public_suffix`] for those.
    ///
    /// ```
    /// use weburl::psl::{List, Sections};
    /// let list = List::embedded();
    /// assert_eq!(list.public_suffix("www.example.com", Sections::All), Some("com"));
    /// assert_eq!(list.public_suffix("example.com.", Sections::All), Some("com."));
    /// assert_eq!(list.public_suffix("a.b.kawasaki.jp", Sections::All), Some("b.kawasaki.jp"));
    /// assert_eq!(list.public_suffix("a.city.kawasaki.jp", Sections::All), Some("kawasaki.jp"));
    /// assert_eq!(list.public_suffix("example.unknown-tld", Sections::All), Some("unknown-tld"));
    /// ```
    #[must_use]
    #[inline]
    pub fn public_suffix<'a>(&self, host: &'a str, sections: Sections) -> Option<&'a str> {
        let (public_suffix, _) = self.split(host, sections)?;
        host.get(public_suffix..)
    }

    /// The [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) of `host`
    /// (a serialized domain, as for [`List::public_suffix`]): its public suffix and the label
    /// before it, or None when the host is a public suffix itself.
    ///
    /// ```
    /// use weburl::psl::{List, Sections};
    /// let list = List::embedded();
    /// assert_eq!(list.registrable_domain("a.b.example.co.uk", Sections::All), Some("example.co.uk"));
    /// assert_eq!(list.registrable_domain("github.io", Sections::All), None);
    /// assert_eq!(list.registrable_domain("github.io", Sections::Icann), Some("github.io"));
    /// ```
    #[must_use]
    #[inline]
    pub fn registrable_domain<'a>(&self, host: &'a str, sections: Sections) -> Option<&'a str> {
        let (_, registrable_domain) = self.split(host, sections)?;
        host.get(registrable_domain?..)
    }

    /// [`List::public_suffix`] of the host `text[host]` (a serialized domain), read where it
    /// is: the range of the public suffix in `text`. The bytes before the host (a URL's
    /// `scheme://`) let the lookup read its words in place, where [`List::public_suffix`]
    /// copies a host that has nothing before it.
    ///
    /// ```
    /// use weburl::psl::{List, Sections};
    /// let url = "https://www.example.co.uk/a";
    /// let suffix = List::embedded().public_suffix_at(url, 8..25, Sections::All).unwrap();
    /// assert_eq!(&url[suffix], "co.uk");
    /// ```
    #[must_use]
    #[inline]
    pub fn public_suffix_at(
        &self,
        text: &str,
        host: Range<usize>,
        sections: Sections,
    ) -> Option<Range<usize>> {
        let (public_suffix, _) = self.split_at(text, &host, sections)?;
        Some(public_suffix..host.end)
    }

    /// [`List::registrable_domain`] of the host `text[host]`, read where it is, as
    /// [`List::public_suffix_at`]: the range of the registrable domain in `text`.
    ///
    /// ```
    /// use weburl::psl::{List, Sections};
    /// let url = "https://www.example.co.uk/a";
    /// let domain = List::embedded().registrable_domain_at(url, 8..25, Sections::All).unwrap();
    /// assert_eq!(&url[domain], "example.co.uk");
    /// assert_eq!(List::embedded().registrable_domain_at(url, 20..25, Sections::All), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn registrable_domain_at(
        &self,
        text: &str,
        host: Range<usize>,
        sections: Sections,
    ) -> Option<Range<usize>> {
        let (_, registrable_domain) = self.split_at(text, &host, sections)?;
        Some(registrable_domain?..host.end)
    }

    /// [`List::split`] of the host `text[host]`, read in place: indexes into `text`.
    #[inline]
    fn split_at(
        &self,
        text: &str,
        host: &Range<usize>,
        sections: Sections,
    ) -> Option<(usize, Option<usize>)> {
        let len = host.end.checked_sub(host.start)?;
        let (public_suffix, registrable_domain) =
            self.split_in(text.as_bytes(), host.start, len, sections)?;
        Some((
            host.start + public_suffix,
            registrable_domain.map(|start| host.start + start),
        ))
    }
}

/// A rule's name in ASCII, as a URL's host would hold it; None when it is not a domain.
fn rule_to_ascii(name: &str) -> Option<String> {
    let plain = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.');
    let ascii = if plain {
        name.to_owned()
    } else {
        match Host::parse(name).ok()? {
            Host::Domain(ascii) => ascii,
            _ => return None,
        }
    };
    if ascii.is_empty() || ascii.split('.').any(str::is_empty) {
        return None;
    }
    Some(ascii)
}

/// The public suffix and registrable domain of a URL's host.
impl Url {
    /// The [public suffix](https://url.spec.whatwg.org/#host-public-suffix) of the URL's host,
    /// by the whole embedded list (the spec's answer); None when the host is not a domain (an
    /// IP address, the opaque host of a non-special URL, the empty host, no host). A borrow of
    /// the href.
    ///
    /// ```
    /// use weburl::Url;
    /// assert_eq!(Url::parse("https://www.example.com/").unwrap().public_suffix(), Some("com"));
    /// assert_eq!(Url::parse("https://whatwg.github.io/").unwrap().public_suffix(), Some("github.io"));
    /// assert_eq!(Url::parse("http://[::1]/").unwrap().public_suffix(), None);
    /// assert_eq!(Url::parse("foo://example.com/").unwrap().public_suffix(), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn public_suffix(&self) -> Option<&str> {
        self.public_suffix_in(Sections::All)
    }

    /// The [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) of the
    /// URL's host, by the whole embedded list; None when the host is not a domain or is a public
    /// suffix itself. A borrow of the href.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://sub.www.Example.com./").unwrap();
    /// assert_eq!(url.registrable_domain(), Some("example.com."));
    /// assert_eq!(Url::parse("https://github.io/").unwrap().registrable_domain(), None);
    /// assert_eq!(Url::parse("http://1.2.3.4/").unwrap().registrable_domain(), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn registrable_domain(&self) -> Option<&str> {
        self.registrable_domain_in(Sections::All)
    }

    /// [`Url::public_suffix`] by the chosen sections of the embedded list.
    ///
    /// ```
    /// use weburl::{Url, psl::Sections};
    /// let url = Url::parse("https://whatwg.github.io/").unwrap();
    /// assert_eq!(url.public_suffix_in(Sections::Icann), Some("io"));
    /// ```
    #[must_use]
    #[inline]
    pub fn public_suffix_in(&self, sections: Sections) -> Option<&str> {
        let (public_suffix, _) = self.split_domain(sections)?;
        self.serialization
            .get(self.offsets.host_start as usize + public_suffix..self.offsets.host_end as usize)
    }

    /// [`Url::registrable_domain`] by the chosen sections of the embedded list.
    ///
    /// ```
    /// use weburl::{Url, psl::Sections};
    /// let url = Url::parse("https://whatwg.github.io/").unwrap();
    /// assert_eq!(url.registrable_domain_in(Sections::Icann), Some("github.io"));
    /// ```
    #[must_use]
    #[inline]
    pub fn registrable_domain_in(&self, sections: Sections) -> Option<&str> {
        let (_, registrable_domain) = self.split_domain(sections)?;
        self.serialization.get(
            self.offsets.host_start as usize + registrable_domain?..self.offsets.host_end as usize,
        )
    }

    /// Where the public suffix and the registrable domain of the URL's domain start in its
    /// hostname, read in place in the serialization.
    #[inline]
    fn split_domain(&self, sections: Sections) -> Option<(usize, Option<usize>)> {
        if self.host_kind != HostKind::Domain {
            return None;
        }
        let start = self.offsets.host_start as usize;
        let len = (self.offsets.host_end as usize).checked_sub(start)?;
        List::embedded().split_in(self.serialization.as_bytes(), start, len, sections)
    }
}

/// The public suffix and registrable domain of a host.
impl Host {
    /// The [public suffix](https://url.spec.whatwg.org/#host-public-suffix) of the host by the
    /// whole embedded list; None unless it is a domain.
    ///
    /// ```
    /// use weburl::Host;
    /// assert_eq!(Host::parse("EXAMPLE.إختبار").unwrap().public_suffix(), Some("xn--kgbechtv"));
    /// assert_eq!(Host::parse("0x7f.1").unwrap().public_suffix(), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn public_suffix(&self) -> Option<&str> {
        self.public_suffix_in(Sections::All)
    }

    /// The [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) of the
    /// host by the whole embedded list; None unless it is a domain below a public suffix.
    ///
    /// ```
    /// use weburl::Host;
    /// let host = Host::parse("sub.example.إختبار").unwrap();
    /// assert_eq!(host.registrable_domain(), Some("example.xn--kgbechtv"));
    /// assert_eq!(Host::parse_opaque("example.com").unwrap().registrable_domain(), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn registrable_domain(&self) -> Option<&str> {
        self.registrable_domain_in(Sections::All)
    }

    /// [`Host::public_suffix`] by the chosen sections of the embedded list.
    ///
    /// ```
    /// use weburl::{Host, psl::Sections};
    /// let host = Host::parse("x.blogspot.com").unwrap();
    /// assert_eq!(host.public_suffix_in(Sections::Icann), Some("com"));
    /// ```
    #[must_use]
    #[inline]
    pub fn public_suffix_in(&self, sections: Sections) -> Option<&str> {
        match self {
            Host::Domain(domain) => List::embedded().public_suffix(domain, sections),
            _ => None,
        }
    }

    /// [`Host::registrable_domain`] by the chosen sections of the embedded list.
    ///
    /// ```
    /// use weburl::{Host, psl::Sections};
    /// let host = Host::parse("x.blogspot.com").unwrap();
    /// assert_eq!(host.registrable_domain_in(Sections::Icann), Some("blogspot.com"));
    /// assert_eq!(host.registrable_domain_in(Sections::All), Some("x.blogspot.com"));
    /// ```
    #[must_use]
    #[inline]
    pub fn registrable_domain_in(&self, sections: Sections) -> Option<&str> {
        match self {
            Host::Domain(domain) => List::embedded().registrable_domain(domain, sections),
            _ => None,
        }
    }
}

/// A [site](https://html.spec.whatwg.org/multipage/browsers.html#site): an opaque origin or a
/// scheme-and-host.
///
/// `Display` is the [serialization of a site](https://html.spec.whatwg.org/multipage/browsers.html#serialization-of-a-site):
/// "null" for an opaque origin, else `scheme://host`.
///
/// ```
/// use weburl::Url;
/// let site = Url::parse("https://a.b.example.co.uk:8443/x").unwrap().origin().site();
/// assert_eq!(site.to_string(), "https://example.co.uk");
/// assert_eq!(Url::parse("http://[::1]:8080/").unwrap().origin().site().to_string(), "http://[::1]");
/// assert_eq!(Url::parse("data:,x").unwrap().origin().site().to_string(), "null");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Site {
    /// An opaque origin (its process-unique number, as in [`Origin::Opaque`]).
    Opaque(u64),
    /// A [scheme-and-host](https://html.spec.whatwg.org/multipage/browsers.html#scheme-and-host).
    SchemeAndHost {
        /// The scheme, lowercase, without ':'.
        scheme: String,
        /// The origin's host, or its registrable domain when it has one.
        host: Host,
    },
}

impl Site {
    /// [Same site](https://html.spec.whatwg.org/multipage/browsers.html#concept-site-same-site)
    /// for two sites: the same opaque origin, or scheme-and-hosts with identical schemes and
    /// equal hosts (which is `==`).
    ///
    /// ```
    /// use weburl::Url;
    /// let a = Url::parse("https://a.example.com/").unwrap().origin().site();
    /// let b = Url::parse("https://b.example.com:444/").unwrap().origin().site();
    /// assert!(a.is_same_site(&b));
    /// ```
    #[must_use]
    pub fn is_same_site(&self, other: &Site) -> bool {
        self == other
    }
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Site::Opaque(_) => f.write_str("null"),
            Site::SchemeAndHost { scheme, host } => write!(f, "{scheme}://{host}"),
        }
    }
}

/// Sites and same-site checks (HTML), by the embedded list.
impl Origin {
    /// [Obtain a site](https://html.spec.whatwg.org/multipage/browsers.html#obtain-a-site): an
    /// opaque origin is its own site; a tuple origin's site is its scheme and its host's
    /// registrable domain, or its host when that is null (the whole embedded list).
    ///
    /// ```
    /// use weburl::Url;
    /// let origin = Url::parse("https://www.example.com/").unwrap().origin();
    /// assert_eq!(origin.site().to_string(), "https://example.com");
    /// let origin = Url::parse("https://github.io/").unwrap().origin();
    /// assert_eq!(origin.site().to_string(), "https://github.io");
    /// ```
    #[must_use]
    pub fn site(&self) -> Site {
        self.site_in(Sections::All)
    }

    /// [`Origin::site`] by the chosen sections of the embedded list.
    ///
    /// ```
    /// use weburl::{Url, psl::Sections};
    /// let origin = Url::parse("https://whatwg.github.io/").unwrap().origin();
    /// assert_eq!(origin.site_in(Sections::Icann).to_string(), "https://github.io");
    /// assert_eq!(origin.site().to_string(), "https://whatwg.github.io");
    /// ```
    #[must_use]
    pub fn site_in(&self, sections: Sections) -> Site {
        match self {
            // 1. If origin is an opaque origin, then return origin.
            Origin::Opaque(id) => Site::Opaque(*id),
            Origin::Tuple { scheme, host, .. } => {
                let host = match host.registrable_domain_in(sections) {
                    // 3. Return (origin's scheme, origin's host's registrable domain).
                    Some(domain) => Host::Domain(domain.to_owned()),
                    // 2. If origin's host's registrable domain is null, then return
                    //    (origin's scheme, origin's host).
                    None => host.clone(),
                };
                Site::SchemeAndHost {
                    scheme: scheme.clone(),
                    host,
                }
            }
        }
    }

    /// [Schemelessly same site](https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site):
    /// the same opaque origin, or tuple origins whose hosts are equal and have no registrable
    /// domain, or whose hosts' registrable domains are equal and non-null. Scheme and port do
    /// not matter.
    ///
    /// ```
    /// use weburl::Url;
    /// let origin = |s| Url::parse(s).unwrap().origin();
    /// assert!(origin("http://a.example.com/").is_schemelessly_same_site(&origin("https://b.example.com:8443/")));
    /// assert!(origin("http://127.0.0.1/").is_schemelessly_same_site(&origin("https://127.0.0.1/")));
    /// assert!(!origin("https://a.github.io/").is_schemelessly_same_site(&origin("https://b.github.io/")));
    /// ```
    #[must_use]
    pub fn is_schemelessly_same_site(&self, other: &Origin) -> bool {
        match (self, other) {
            // 1. If A and B are the same opaque origin, then return true.
            (Origin::Opaque(a), Origin::Opaque(b)) => a == b,
            // 2. If A and B are both tuple origins, then:
            (Origin::Tuple { host: a, .. }, Origin::Tuple { host: b, .. }) => {
                match (a.registrable_domain(), b.registrable_domain()) {
                    // 2.3. hostA's registrable domain equals hostB's and is non-null.
                    (Some(a), Some(b)) => a == b,
                    // 2.2. hostA equals hostB and hostA's registrable domain is null.
                    (None, _) => a == b,
                    (Some(_), None) => false,
                }
            }
            // 3. Return false.
            _ => false,
        }
    }

    /// [Same site](https://html.spec.whatwg.org/multipage/browsers.html#same-site): schemelessly
    /// same site, and either both opaque or both tuple origins with the same scheme.
    ///
    /// ```
    /// use weburl::Url;
    /// let origin = |s| Url::parse(s).unwrap().origin();
    /// assert!(origin("https://a.example.com/").is_same_site(&origin("https://b.example.com:8443/")));
    /// assert!(!origin("http://a.example.com/").is_same_site(&origin("https://a.example.com/")));
    /// let opaque = origin("data:,x");
    /// assert!(opaque.is_same_site(&opaque.clone()));
    /// assert!(!opaque.is_same_site(&origin("data:,x")));
    /// ```
    #[must_use]
    pub fn is_same_site(&self, other: &Origin) -> bool {
        if !self.is_schemelessly_same_site(other) {
            return false;
        }
        match (self, other) {
            (Origin::Tuple { scheme: a, .. }, Origin::Tuple { scheme: b, .. }) => a == b,
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_of_the_embedded_list_is_found() {
        // Each rule of the list, read again line by line, looked up as a host: a rule is its
        // own public suffix in its section, a wildcard's child too, an exception's parent.
        let list = List::embedded();
        let mut private = false;
        let mut checked = 0;
        for line in LIST_TEXT.lines() {
            if line.contains("===BEGIN PRIVATE DOMAINS===") {
                private = true;
            }
            if line.starts_with("//") || line.trim().is_empty() {
                continue;
            }
            let sections = if private {
                Sections::All
            } else {
                Sections::Icann
            };
            let (host, expected) = if let Some(name) = line.strip_prefix('!') {
                let name = rule_to_ascii(name).unwrap();
                let parent = name.split_once('.').unwrap().1.to_owned();
                (name, parent)
            } else if let Some(name) = line.strip_prefix("*.") {
                let name = format!("x1.{}", rule_to_ascii(name).unwrap());
                (name.clone(), name)
            } else {
                let name = rule_to_ascii(line).unwrap();
                (name.clone(), name)
            };
            assert_eq!(
                list.public_suffix(&host, sections),
                Some(expected.as_str()),
                "{line}"
            );
            checked += 1;
        }
        assert_eq!(checked, list.len());
    }

    #[test]
    fn list_errors() {
        assert_eq!(List::parse("").unwrap_err(), ListError::Empty);
        assert_eq!(
            List::parse("a\n!b\n").unwrap_err(),
            ListError::ExceptionTooShort(2)
        );
        assert_eq!(
            List::parse("a..b\n").unwrap_err(),
            ListError::InvalidRule(1)
        );
        assert_eq!(List::parse("a^b\n").unwrap_err(), ListError::InvalidRule(1));
        assert_eq!(
            List::parse("*x.b\n").unwrap_err(),
            ListError::UnsupportedWildcard(1)
        );
        let long = "a".repeat(40) + "." + &"b".repeat(40);
        let long = [long.as_str(); 4].join(".");
        assert_eq!(List::parse(&long).unwrap_err(), ListError::RuleTooLong(1));
        assert!(ListError::Empty.to_string().contains("no rule"));
    }

    /// The lookups of a host read in place in a longer text answer what those of the host's own
    /// string answer, whatever precedes it (nothing, too little for a word, a URL's scheme,
    /// dots) and follows it.
    #[test]
    fn lookups_in_place_agree_with_lookups_of_the_host() {
        let list = List::embedded();
        let hosts = [
            "a",
            "com",
            "example.com",
            "example.com.",
            "www.example.co.uk",
            "a.b.kawasaki.jp",
            "a.city.kawasaki.jp",
            "x.github.io",
            "github.io",
            "a..example.com",
            ".example.com",
            "example..",
            "s3.us-east-1.amazonaws.com",
            "xn--55qx5d.cn",
            "abcdefghijklmnopqrstuvwxyz.abcdefghijklmnopqrstuvwxyz.example.org",
        ];
        for host in hosts {
            for before in ["", "a", "ws://", "https://", "h://.a.@", "x.y.z.w.v.u."] {
                for after in ["", "/", ".b/c"] {
                    let text = format!("{before}{host}{after}");
                    let range = before.len()..before.len() + host.len();
                    for sections in [Sections::All, Sections::Icann] {
                        let at = list.public_suffix_at(&text, range.clone(), sections);
                        let want = list.public_suffix(host, sections);
                        assert_eq!(at.map(|r| &text[r]), want, "{text:?} {sections:?}");
                        let at = list.registrable_domain_at(&text, range.clone(), sections);
                        let want = list.registrable_domain(host, sections);
                        assert_eq!(at.map(|r| &text[r]), want, "{text:?} {sections:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn psl_short_path_agrees_with_the_general_path() {
        // Names built from labels that hit the list's rules (plain, wildcard, exception,
        // private, long, IDN) and empty labels, up to five labels, each split both ways; and
        // every rule of the list under two more labels.
        let labels = [
            "",
            "com",
            "co",
            "uk",
            "ck",
            "www",
            "kawasaki",
            "city",
            "jp",
            "github",
            "io",
            "blogspot",
            "example",
            "a",
            "abcdefghijk",
            "xn--55qx5d",
            "cn",
            "s3",
            "amazonaws",
            "us-east-1",
            "appspot",
            "x1234567",
            "x12345678",
        ];
        let list = List::embedded();
        let mut names: Vec<String> = vec![String::new()];
        let mut last = names.clone();
        for _ in 0..4 {
            let mut next = Vec::new();
            for name in &last {
                for label in labels {
                    next.push(if name.is_empty() {
                        label.to_owned()
                    } else {
                        format!("{label}.{name}")
                    });
                }
            }
            names.extend(next.iter().cloned());
            last = next;
        }
        for line in LIST_TEXT.lines() {
            if !line.starts_with("//") && !line.trim().is_empty() {
                let rule = line.trim_start_matches(['!', '*', '.']);
                if let Some(rule) = rule_to_ascii(rule) {
                    names.push(format!("a.b.{rule}"));
                    names.push(format!("{rule}.x"));
                }
            }
        }
        names.push(format!("{}.example.com", "a".repeat(50)));
        names.push(format!("{}.example.com", "a.".repeat(29)));
        let mut short = 0;
        for name in &names {
            let bytes = name.as_bytes();
            if bytes.is_empty() || bytes.len() > SHORT_NAME {
                continue;
            }
            short += 1;
            for sections in [Sections::All, Sections::Icann] {
                let general = list.split_general(bytes, sections.mask());
                assert_eq!(
                    list.split_short(bytes, 0, bytes.len(), sections.mask()),
                    general,
                    "{name:?} {sections:?}"
                );
                // Inside a URL's serialization, as Url's getters call it.
                // Inside a URL's serialization whose userinfo has dots (never read as the
                // name's), as Url's getters call it.
                let href = format!("h://.a.@{name}/");
                assert_eq!(
                    list.split_short(href.as_bytes(), 8, bytes.len(), sections.mask()),
                    general,
                    "{href:?} {sections:?}"
                );
                assert_eq!(
                    list.split_in(href.as_bytes(), 8, bytes.len(), sections),
                    list.split(name, sections)
                );
            }
        }
        assert!(short > 100_000, "{short}");
    }

    #[test]
    fn dot_mask_agrees_with_bytes() {
        for len in 0..=SHORT_NAME {
            for dot in 0..len.max(1) {
                let mut name = vec![b'a'; len];
                if let Some(b) = name.get_mut(dot) {
                    *b = b'.';
                }
                if len > 3 {
                    name[len - 1] = b'.';
                }
                let expected = name
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (i, &b)| m | (u64::from(b == b'.') << i));
                assert_eq!(dot_mask(&name, 0, len), expected, "{len} {dot}");
                let padded = [b"xy.z".as_slice(), &name, b"/."].concat();
                assert_eq!(dot_mask(&padded, 4, len), expected, "{len} {dot}");
            }
        }
    }

    #[test]
    fn word_helpers_agree_with_bytes() {
        // label_before and has_empty_label against plain byte loops, on every name of
        // up to 10 bytes made of "a", "." and "b", and longer labels.
        let mut names: Vec<Vec<u8>> = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..10 {
            let mut next = Vec::new();
            for name in &last {
                for byte in [b'a', b'.', b'b'] {
                    let mut n = name.clone();
                    n.push(byte);
                    next.push(n);
                }
            }
            names.extend(next.iter().cloned());
            last = next;
        }
        names.push(b"abcdefghijklmnopqrstuvwxyz.abcdefghi".to_vec());
        names.push(b"x.abcdefgh".to_vec());
        for name in &names {
            for end in 0..=name.len() {
                let start = name[..end]
                    .iter()
                    .rposition(|&b| b == b'.')
                    .map_or(0, |d| d + 1);
                assert_eq!(
                    label_before(name, end),
                    (start, label_key(&name[start..end]))
                );
            }
            let expected = name.first() == Some(&b'.') || name.windows(2).any(|w| w == b"..");
            assert_eq!(
                has_empty_label(name),
                expected,
                "{:?}",
                String::from_utf8_lossy(name)
            );
        }
    }
}
