//! Matching a part list without a regular-expression engine.
//!
//! A component whose part list has no custom regexp group compiles to a small program (literal
//! text, one-byte classes, splits, capture saves), the same shape as the regular expression
//! "generate a regular expression and name list" writes, and runs it as a backtracking
//! matcher that remembers every (instruction, position) pair it has already tried. Those
//! pairs failed the first time (a later visit cannot succeed where an earlier, higher-priority
//! one failed: the program has no back-references), so each is tried once: the time is at most
//! `instructions × (input length + 1)` steps, and the captures are exactly those of the
//! ECMAScript regular expression (the first match in backtracking priority order).
//!
//! Inputs are ASCII: every string matched is a canonical URL component (percent-encoded,
//! punycode), and so is every literal of the part list, so the program works on bytes.

use std::collections::HashSet;

use super::parser::{Modifier, Options, Part, PartType};

/// One byte class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// ECMAScript `.` without the `s` flag: anything but a line terminator.
    Dot,
    /// `[^d]`: anything but the delimiter.
    NotDelimiter(u8),
    /// `[^]`: anything (a segment wildcard without a delimiter).
    Any,
}

impl Class {
    #[inline]
    fn matches(self, b: u8) -> bool {
        match self {
            Class::Dot => b != b'\n' && b != b'\r',
            Class::NotDelimiter(d) => b != d,
            Class::Any => true,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Inst {
    /// Literal text (ASCII case-insensitive under ignore case).
    Lit(Box<[u8]>),
    /// One byte of a class.
    Class(Class),
    /// Try the first target, then the second.
    Split(u32, u32),
    Jmp(u32),
    /// Record the position in capture slot n.
    Save(u32),
    /// Success if the input is consumed (`$`).
    Match,
}

/// One step of a [`Shape::Linear`] component.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    /// Literal text (ASCII case-insensitive under ignore case).
    Lit(Box<[u8]>),
    /// A segment wildcard `[^d]+?` (a group), followed by the end or by a literal that
    /// starts with the delimiter: it takes the whole run of bytes up to the next delimiter.
    Segment(Class),
    /// A full wildcard `.*` (a group), followed by the end or by a last literal: it takes
    /// everything up to that literal.
    Full,
}

/// The shapes most components have, matched in one pass without running the program.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shape {
    /// Literal text, segment wildcards and full wildcards without modifiers, each wildcard
    /// placed so that where it ends is forced (see [`Step`]): the regular expression then
    /// has a single way to match, and one left-to-right pass finds it. Covers `*`,
    /// `/books/:id`, `/repos/:owner/:repo/*`, `*.example.com` (fixed text alone is
    /// [`Shape::Exact`]).
    Linear(Box<[Step]>),
    /// Fixed text alone (or nothing: `""`), the usual protocol, hostname and port: the input
    /// must equal it (ASCII case-insensitively under ignore case), and there are no groups.
    Exact(Box<[u8]>),
    /// Anything else: run the program.
    General,
}

/// The [`Shape::Linear`] steps of `parts`, if they have that shape.
fn linear_steps(parts: &[Part], segment: Class) -> Option<Box<[Step]>> {
    let mut steps: Vec<Step> = Vec::new();
    let lit = |steps: &mut Vec<Step>, text: &str| {
        if text.is_empty() {
            return;
        }
        if let Some(Step::Lit(prev)) = steps.last_mut() {
            let mut joined = prev.to_vec();
            joined.extend_from_slice(text.as_bytes());
            *prev = joined.into();
        } else {
            steps.push(Step::Lit(text.as_bytes().into()));
        }
    };
    for part in parts {
        if part.modifier != Modifier::None {
            return None;
        }
        match part.kind {
            PartType::FixedText => lit(&mut steps, &part.value),
            PartType::SegmentWildcard | PartType::FullWildcard => {
                lit(&mut steps, &part.prefix);
                steps.push(if part.kind == PartType::SegmentWildcard {
                    Step::Segment(segment)
                } else {
                    Step::Full
                });
                lit(&mut steps, &part.suffix);
            }
            PartType::Regexp => return None,
        }
    }
    for (i, step) in steps.iter().enumerate() {
        let next = steps.get(i + 1);
        let forced = match step {
            Step::Lit(_) => true,
            Step::Segment(Class::NotDelimiter(d)) => match next {
                None => true,
                Some(Step::Lit(text)) => text.first() == Some(d),
                Some(_) => false,
            },
            Step::Segment(_) => next.is_none(),
            Step::Full => match next {
                None => true,
                Some(Step::Lit(_)) => i + 2 == steps.len(),
                Some(_) => false,
            },
        };
        if !forced {
            return None;
        }
    }
    Some(steps.into())
}

/// Whether `a` and `b` are the same bytes. Texts of up to 16 bytes (a URL pattern's usual
/// literals: `https`, `/repos/`, `api.github.com`) are compared as two overlapping words in
/// place, where `==` on slices calls `memcmp`.
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word8 =
        |s: &[u8], at: usize| u64::from_ne_bytes(s[at..at + 8].try_into().unwrap_or_default());
    let word4 =
        |s: &[u8], at: usize| u32::from_ne_bytes(s[at..at + 4].try_into().unwrap_or_default());
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        8..=16 => word8(a, 0) == word8(b, 0) && word8(a, n - 8) == word8(b, n - 8),
        _ => a == b,
    }
}

/// A compiled part list (without regexp parts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Program {
    insts: Vec<Inst>,
    groups: usize,
    ignore_case: bool,
    shape: Shape,
}

thread_local! {
    /// The visited set and job stack of the last run on this thread, reused.
    static SCRATCH: std::cell::RefCell<(Vec<u64>, Vec<Job>)> = const {
        std::cell::RefCell::new((Vec::new(), Vec::new()))
    };
}

enum Job {
    Try(u32, usize),
    Restore(u32, Option<usize>),
}

/// What a group captured: its byte range, or `None` if it did not participate.
pub(crate) type Span = Option<(usize, usize)>;

impl Program {
    /// Compiles `parts` (none of type regexp).
    pub(crate) fn new(parts: &[Part], options: &Options) -> Program {
        let mut c = Compiler {
            insts: Vec::new(),
            groups: 0,
            segment: match options.delimiter {
                Some(d) => Class::NotDelimiter(d),
                None => Class::Any,
            },
        };
        for part in parts {
            c.part(part);
        }
        c.insts.push(Inst::Match);
        let shape = match linear_steps(parts, c.segment) {
            Some(steps) => match &*steps {
                [] => Shape::Exact(Box::default()),
                [Step::Lit(text)] => Shape::Exact(text.clone()),
                _ => Shape::Linear(steps),
            },
            None => Shape::General,
        };
        Program {
            insts: c.insts,
            groups: c.groups,
            ignore_case: options.ignore_case,
            shape,
        }
    }

    /// Whether the part list is a lone full wildcard `*` (the regular expression `^(.*)$`).
    pub(crate) fn is_lone_wildcard(&self) -> bool {
        matches!(&self.shape, Shape::Linear(steps) if **steps == [Step::Full])
    }

    /// Whether `input` matches (no captures kept).
    #[inline]
    pub(crate) fn is_match(&self, input: &str) -> bool {
        match &self.shape {
            Shape::Exact(text) => self.exact(text, input),
            Shape::Linear(steps) => self.linear(steps, input, None),
            Shape::General => self.run(input, None),
        }
    }

    /// Matches `input`: on success appends the span of each group (in name-list order) to
    /// `out` and returns true; on failure leaves `out` as it was. Inlined, so that a
    /// [`Shape::Exact`] component (the usual protocol, hostname and port) is a comparison in
    /// the caller's loop, not two calls.
    #[inline]
    pub(crate) fn exec_into(&self, input: &str, out: &mut Vec<Span>) -> bool {
        match &self.shape {
            Shape::Exact(text) => self.exact(text, input),
            Shape::Linear(steps) => self.linear(steps, input, Some(out)),
            Shape::General => self.run(input, Some(out)),
        }
    }

    /// The one string a [`Shape::Exact`] component matches, when it matches no other (it
    /// does not ignore case).
    pub(crate) fn exact_text(&self) -> Option<&[u8]> {
        match &self.shape {
            Shape::Exact(text) if !self.ignore_case => Some(text),
            _ => None,
        }
    }

    /// Whether `input` is the text of a [`Shape::Exact`] component.
    #[inline]
    fn exact(&self, text: &[u8], input: &str) -> bool {
        if self.ignore_case {
            input.as_bytes().eq_ignore_ascii_case(text)
        } else {
            same_bytes(input.as_bytes(), text)
        }
    }

    /// The general path on a part list of [`Shape::Linear`] or [`Shape::Exact`] (for tests of
    /// the fast paths).
    #[cfg(test)]
    fn exec_general(&self, input: &str) -> Option<Vec<Span>> {
        let mut out = Vec::new();
        self.run(input, Some(&mut out)).then_some(out)
    }

    /// Matches the steps of a [`Shape::Linear`] component in one pass.
    fn linear(&self, steps: &[Step], input: &str, mut out: Option<&mut Vec<Span>>) -> bool {
        let bytes = input.as_bytes();
        let n = bytes.len();
        let mark = out.as_ref().map_or(0, |o| o.len());
        let mut pos = 0;
        let mut ok = true;
        for (i, step) in steps.iter().enumerate() {
            match step {
                Step::Lit(text) => {
                    let Some(slice) = bytes.get(pos..pos + text.len()) else {
                        ok = false;
                        break;
                    };
                    let equal = if self.ignore_case {
                        slice.eq_ignore_ascii_case(text)
                    } else {
                        same_bytes(slice, text)
                    };
                    if !equal {
                        ok = false;
                        break;
                    }
                    pos += text.len();
                }
                Step::Segment(class) => {
                    let rest = &bytes[pos..];
                    let len = match class {
                        Class::NotDelimiter(d) => {
                            crate::lex::find_byte(rest, *d).unwrap_or(rest.len())
                        }
                        _ => rest.len(),
                    };
                    if len == 0 {
                        ok = false;
                        break;
                    }
                    if let Some(out) = out.as_deref_mut() {
                        out.push(Some((pos, pos + len)));
                    }
                    pos += len;
                }
                Step::Full => {
                    // The end: the input's, or where the last literal must start.
                    let end = match steps.get(i + 1) {
                        Some(Step::Lit(text)) => match n.checked_sub(text.len()) {
                            Some(end) if end >= pos => end,
                            _ => {
                                ok = false;
                                break;
                            }
                        },
                        _ => n,
                    };
                    if bytes[pos..end].iter().any(|&b| !Class::Dot.matches(b)) {
                        ok = false;
                        break;
                    }
                    if let Some(out) = out.as_deref_mut() {
                        out.push(Some((pos, end)));
                    }
                    pos = end;
                }
            }
        }
        ok &= pos == n;
        if !ok && let Some(out) = out {
            out.truncate(mark);
        }
        ok
    }

    /// Runs the program on `input`; false if it does not match. Without `out`, the saves are
    /// skipped; with it, the spans of the groups are appended on success.
    #[inline(never)]
    fn run(&self, input: &str, out: Option<&mut Vec<Span>>) -> bool {
        SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
            Ok(mut scratch) => {
                let (bits, stack) = &mut *scratch;
                self.run_with(input, out, bits, stack)
            }
            Err(_) => self.run_with(input, out, &mut Vec::new(), &mut Vec::new()),
        })
    }

    fn run_with(
        &self,
        input: &str,
        out: Option<&mut Vec<Span>>,
        bits: &mut Vec<u64>,
        stack: &mut Vec<Job>,
    ) -> bool {
        let captures = out.is_some();
        let bytes = input.as_bytes();
        let n = bytes.len();
        let mut caps: Vec<Option<usize>> = if captures {
            vec![None; self.groups * 2]
        } else {
            Vec::new()
        };
        let mut visited = Visited::new(self.insts.len(), n + 1, bits);
        stack.clear();
        stack.push(Job::Try(0, 0));
        while let Some(job) = stack.pop() {
            let (mut pc, mut pos) = match job {
                Job::Restore(slot, old) => {
                    caps[slot as usize] = old;
                    continue;
                }
                Job::Try(pc, pos) => (pc, pos),
            };
            loop {
                if !visited.insert(pc as usize, pos) {
                    break;
                }
                match &self.insts[pc as usize] {
                    Inst::Lit(text) => {
                        let Some(slice) = bytes.get(pos..pos + text.len()) else {
                            break;
                        };
                        let equal = if self.ignore_case {
                            slice.eq_ignore_ascii_case(text)
                        } else {
                            *slice == **text
                        };
                        if !equal {
                            break;
                        }
                        pos += text.len();
                        pc += 1;
                    }
                    Inst::Class(class) => {
                        if pos < n && class.matches(bytes[pos]) {
                            pos += 1;
                            pc += 1;
                        } else {
                            break;
                        }
                    }
                    Inst::Split(x, y) => {
                        stack.push(Job::Try(*y, pos));
                        pc = *x;
                    }
                    Inst::Jmp(x) => pc = *x,
                    Inst::Save(slot) => {
                        if captures {
                            stack.push(Job::Restore(*slot, caps[*slot as usize]));
                            caps[*slot as usize] = Some(pos);
                        }
                        pc += 1;
                    }
                    Inst::Match => {
                        if pos == n {
                            stack.clear();
                            if let Some(out) = out {
                                out.extend(caps.chunks(2).map(|c| match (c[0], c[1]) {
                                    (Some(s), Some(e)) => Some((s, e)),
                                    _ => None,
                                }));
                            }
                            return true;
                        }
                        break;
                    }
                }
            }
        }
        false
    }
}

/// For tests of the matcher's bound: the general program's run on a component's value, and
/// how many (instruction, position) pairs it tried, read from the visited set afterwards (so
/// that the run itself counts nothing).
#[cfg(feature = "_test-hooks")]
impl super::UrlPattern {
    /// Runs the part-list program of `component` (its general backtracking program, whatever
    /// shortcut the component would take) on `value`: whether it matched, the (instruction,
    /// position) pairs it tried, and their bound, `instructions × (value's length + 1)`.
    /// `None` for a component matched by its regular expression.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://h/*-*-*x".parse().unwrap();
    /// let value = format!("/{}", "-".repeat(500));
    /// let (matched, steps, bound) = p.part_matcher_steps(UrlPatternComponent::Pathname, &value).unwrap();
    /// assert!(!matched && steps <= bound);
    /// ```
    #[doc(hidden)]
    #[must_use]
    pub fn part_matcher_steps(
        &self,
        component: super::UrlPatternComponent,
        value: &str,
    ) -> Option<(bool, usize, usize)> {
        let super::component::Matcher::Parts(program) = &self.component(component).matcher else {
            return None;
        };
        let bound = program.insts.len().checked_mul(value.len() + 1)?;
        // Up to 2^24 pairs the run marks them in a bit set, which is counted afterwards.
        if bound > 1 << 24 {
            return None;
        }
        let (mut bits, mut stack, mut out) = (Vec::new(), Vec::new(), Vec::new());
        let matched = program.run_with(value, Some(&mut out), &mut bits, &mut stack);
        let steps = bits.iter().map(|w| w.count_ones() as usize).sum();
        Some((matched, steps, bound))
    }
}

/// The (instruction, position) pairs already tried: one bit set, the thread's reused one up
/// to 2^24 pairs and beyond that in pages allocated when first touched (a long pattern on a
/// long input marks a few pages of each instruction's row, not the whole square).
enum Visited<'b> {
    Bits(&'b mut Vec<u64>, usize),
    Paged(Vec<Option<Box<[u64]>>>, usize),
    /// More pairs than a `usize` counts (not on a 64-bit machine).
    Set(HashSet<(usize, usize)>),
}

/// The words of one page of [`Visited::Paged`]: 32 KiB, 2^18 pairs.
const PAGE_WORDS: usize = 1 << 12;

impl<'b> Visited<'b> {
    fn new(insts: usize, positions: usize, bits: &'b mut Vec<u64>) -> Visited<'b> {
        match insts.checked_mul(positions) {
            Some(count) if count <= 1 << 24 => {
                bits.clear();
                bits.resize(count.div_ceil(64), 0);
                Visited::Bits(bits, positions)
            }
            Some(count) => {
                let pages = count.div_ceil(64 * PAGE_WORDS);
                Visited::Paged(
                    std::iter::repeat_with(|| None).take(pages).collect(),
                    positions,
                )
            }
            None => Visited::Set(HashSet::new()),
        }
    }

    /// Marks (pc, pos); false if it was marked already.
    #[inline]
    fn insert(&mut self, pc: usize, pos: usize) -> bool {
        let mark = |words: &mut [u64], i: usize| {
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            let seen = words[word] & bit != 0;
            words[word] |= bit;
            !seen
        };
        match self {
            Visited::Bits(bits, positions) => mark(bits, pc * *positions + pos),
            Visited::Paged(pages, positions) => {
                let i = pc * *positions + pos;
                let page = pages[i / (64 * PAGE_WORDS)]
                    .get_or_insert_with(|| vec![0; PAGE_WORDS].into_boxed_slice());
                mark(page, i % (64 * PAGE_WORDS))
            }
            Visited::Set(set) => set.insert((pc, pos)),
        }
    }
}

struct Compiler {
    insts: Vec<Inst>,
    groups: usize,
    segment: Class,
}

impl Compiler {
    fn pc(&self) -> u32 {
        self.insts.len() as u32
    }

    fn lit(&mut self, text: &str) {
        if !text.is_empty() {
            self.insts.push(Inst::Lit(text.as_bytes().into()));
        }
    }

    /// A split whose second target is patched later; returns its index.
    fn split_to_patch(&mut self) -> usize {
        let at = self.insts.len();
        self.insts.push(Inst::Split(self.pc() + 1, 0));
        at
    }

    fn patch_second(&mut self, at: usize) {
        let here = self.pc();
        if let Inst::Split(_, y) = &mut self.insts[at] {
            *y = here;
        }
    }

    /// `x*` (greedy) around the code `body` emits.
    fn star(&mut self, body: impl Fn(&mut Compiler)) {
        let top = self.split_to_patch();
        body(self);
        self.insts.push(Inst::Jmp(top as u32));
        self.patch_second(top);
    }

    /// `C+?`: one or more of a class, as few as possible.
    fn lazy_plus(&mut self, class: Class) {
        let top = self.pc();
        self.insts.push(Inst::Class(class));
        let next = self.pc() + 1;
        self.insts.push(Inst::Split(next, top));
    }

    /// The part's regexp value: `[^d]+?` (segment wildcard) or `.*` (full wildcard).
    fn value(&mut self, kind: PartType) {
        match kind {
            PartType::SegmentWildcard => self.lazy_plus(self.segment),
            _ => self.star(|c| c.insts.push(Inst::Class(Class::Dot))),
        }
    }

    fn part(&mut self, part: &Part) {
        if part.kind == PartType::FixedText {
            match part.modifier {
                Modifier::None => self.lit(&part.value),
                Modifier::Optional => {
                    let s = self.split_to_patch();
                    self.lit(&part.value);
                    self.patch_second(s);
                }
                Modifier::ZeroOrMore => self.star(|c| c.lit(&part.value)),
                Modifier::OneOrMore => {
                    self.lit(&part.value);
                    self.star(|c| c.lit(&part.value));
                }
            }
            return;
        }
        let open = (self.groups * 2) as u32;
        self.groups += 1;
        let save = |c: &mut Compiler, slot: u32| c.insts.push(Inst::Save(slot));
        if part.prefix.is_empty() && part.suffix.is_empty() {
            match part.modifier {
                Modifier::None => {
                    save(self, open);
                    self.value(part.kind);
                    save(self, open + 1);
                }
                Modifier::Optional => {
                    // `(R)?`: an iteration that matches nothing fails ECMAScript's empty
                    // check, so `(.*)?` is `(.+)?`.
                    let s = self.split_to_patch();
                    save(self, open);
                    match part.kind {
                        PartType::SegmentWildcard => self.lazy_plus(self.segment),
                        _ => {
                            self.insts.push(Inst::Class(Class::Dot));
                            self.star(|c| c.insts.push(Inst::Class(Class::Dot)));
                        }
                    }
                    save(self, open + 1);
                    self.patch_second(s);
                }
                Modifier::ZeroOrMore | Modifier::OneOrMore => {
                    // `((?:R)*)` and `((?:R)+)`: the loop tries the ends longest first, as
                    // the greedy `C*` (`C+`) does; the capture is the whole span.
                    save(self, open);
                    let class = match part.kind {
                        PartType::SegmentWildcard => self.segment,
                        _ => Class::Dot,
                    };
                    if part.modifier == Modifier::OneOrMore
                        && part.kind == PartType::SegmentWildcard
                    {
                        self.insts.push(Inst::Class(class));
                    }
                    self.star(|c| c.insts.push(Inst::Class(class)));
                    save(self, open + 1);
                }
            }
            return;
        }
        let optional = matches!(part.modifier, Modifier::Optional | Modifier::ZeroOrMore);
        let skip = optional.then(|| self.split_to_patch());
        self.lit(&part.prefix);
        save(self, open);
        self.value(part.kind);
        if matches!(part.modifier, Modifier::ZeroOrMore | Modifier::OneOrMore) {
            // `(?:S P (?:R))*` inside the capture.
            self.star(|c| {
                c.lit(&part.suffix);
                c.lit(&part.prefix);
                c.value(part.kind);
            });
        }
        save(self, open + 1);
        self.lit(&part.suffix);
        if let Some(s) = skip {
            self.patch_second(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::parse_a_pattern_string;
    use super::*;

    /// `same_bytes` is `==` on byte slices: every length up to 40, equal texts and texts that
    /// differ in one byte at each position, and texts of different lengths.
    #[test]
    fn same_bytes_is_slice_equality() {
        let base: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for n in 0..=base.len() {
            let a = &base[..n];
            assert!(same_bytes(a, a), "{n}");
            for at in 0..n {
                let mut b = a.to_vec();
                b[at] ^= 0x20;
                assert!(!same_bytes(a, &b), "{n} {at}");
                assert!(!same_bytes(&b, a), "{n} {at}");
            }
            if n > 0 {
                assert!(!same_bytes(a, &base[..n - 1]), "{n}");
                assert!(!same_bytes(&base[1..n], &base[..n - 1]) || n == 1, "{n}");
            }
        }
    }

    /// Every combination of these patterns and inputs, on the pathname, hostname and default
    /// options, with and without ignore case: the one-pass matcher of [`Shape::Linear`] and
    /// the comparison of [`Shape::Exact`] give the answer and the groups of the general
    /// program.
    #[test]
    fn linear_shape_equals_program() {
        let patterns = [
            "",
            "*",
            "/",
            "/books",
            "/books/:id",
            "/repos/:owner/:repo",
            "/repos/:owner/:repo/*",
            "/a/:b/c/:d",
            "/:a/:b",
            "*.example.com",
            ":sub.example.com",
            "example.com",
            "/files/*.json",
            "/a*",
            ":x.json",
            "{/:x}",
            "/a/:x.:y",
            "/*/x",
            "*/x",
            ":x",
            "/:x",
        ];
        let inputs = [
            "",
            "/",
            "//",
            "/books",
            "/BOOKS/7",
            "/books/7",
            "/books/7/",
            "/repos/a/b",
            "/repos/a/b/c/d",
            "/repos//b",
            "/a/1/c/2",
            "a.example.com",
            "a.b.example.com",
            ".example.com",
            "example.com",
            "/files/x.json",
            "/files/.json",
            "/a.json",
            "x.json",
            "/a/x.y",
            "/a\nb",
            "a\nb.example.com",
            "/x/x",
            "x",
            "/x",
        ];
        let mut linear = 0;
        for base in [Options::PATHNAME, Options::HOSTNAME, Options::DEFAULT] {
            for ignore_case in [false, true] {
                let options = Options {
                    ignore_case,
                    ..base
                };
                for pattern in patterns {
                    let parts =
                        parse_a_pattern_string(pattern, &options, &|s: &str| Ok(s.to_owned()))
                            .unwrap();
                    let program = Program::new(&parts, &options);
                    if matches!(program.shape, Shape::Linear(_) | Shape::Exact(_)) {
                        linear += 1;
                    }
                    for input in inputs {
                        let mut fast = Vec::new();
                        let matched = program.exec_into(input, &mut fast);
                        let general = program.exec_general(input);
                        assert_eq!(
                            matched.then_some(fast),
                            general,
                            "{pattern:?} on {input:?} with {options:?}"
                        );
                        assert_eq!(program.is_match(input), general.is_some());
                    }
                }
            }
        }
        // Most of the patterns take the one-pass path.
        assert!(linear > 80, "{linear}");
    }
}
