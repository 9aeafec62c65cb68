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

/// The shapes most components have, matched without running the program.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shape {
    /// The empty pattern: only the empty string.
    Empty,
    /// `*` alone: anything without a line terminator, as group 0.
    Everything,
    /// Fixed text only.
    Literal(Box<[u8]>),
    /// Anything else: run the program.
    General,
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

/// What a match captured: for each group (in name-list order) its byte range, or `None` if
/// it did not participate.
pub(crate) type Captures = Vec<Option<(usize, usize)>>;

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
        let shape = match parts {
            [] => Shape::Empty,
            [only]
                if only.kind == PartType::FullWildcard
                    && only.modifier == Modifier::None
                    && only.prefix.is_empty()
                    && only.suffix.is_empty() =>
            {
                Shape::Everything
            }
            _ if parts
                .iter()
                .all(|p| p.kind == PartType::FixedText && p.modifier == Modifier::None) =>
            {
                Shape::Literal(parts.iter().flat_map(|p| p.value.bytes()).collect())
            }
            _ => Shape::General,
        };
        Program {
            insts: c.insts,
            groups: c.groups,
            ignore_case: options.ignore_case,
            shape,
        }
    }

    /// Whether `input` matches (no captures kept).
    pub(crate) fn is_match(&self, input: &str) -> bool {
        match self.quick(input) {
            Some(answer) => answer.is_some(),
            None => self.run(input, false).is_some(),
        }
    }

    /// The answer of the shapes that need no program; `None` for the general shape.
    fn quick(&self, input: &str) -> Option<Option<Captures>> {
        let bytes = input.as_bytes();
        match &self.shape {
            Shape::Empty => Some(bytes.is_empty().then(Vec::new)),
            Shape::Everything => Some(
                (!bytes.iter().any(|&b| b == b'\n' || b == b'\r'))
                    .then(|| vec![Some((0, bytes.len()))]),
            ),
            Shape::Literal(text) => {
                let equal = if self.ignore_case {
                    bytes.eq_ignore_ascii_case(text)
                } else {
                    bytes == &**text
                };
                Some(equal.then(Vec::new))
            }
            Shape::General => None,
        }
    }

    /// Matches `input`; `None` if it does not match.
    pub(crate) fn exec(&self, input: &str) -> Option<Captures> {
        match self.quick(input) {
            Some(answer) => answer,
            None => self.run(input, true),
        }
    }

    /// Runs the program on `input`; `None` if it does not match. Without `captures`, the
    /// saves are skipped and the result is empty.
    fn run(&self, input: &str, captures: bool) -> Option<Captures> {
        SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
            Ok(mut scratch) => {
                let (bits, stack) = &mut *scratch;
                self.run_with(input, captures, bits, stack)
            }
            Err(_) => self.run_with(input, captures, &mut Vec::new(), &mut Vec::new()),
        })
    }

    fn run_with(
        &self,
        input: &str,
        captures: bool,
        bits: &mut Vec<u64>,
        stack: &mut Vec<Job>,
    ) -> Option<Captures> {
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
                            return Some(
                                caps.chunks(2)
                                    .map(|c| match (c[0], c[1]) {
                                        (Some(s), Some(e)) => Some((s, e)),
                                        _ => None,
                                    })
                                    .collect(),
                            );
                        }
                        break;
                    }
                }
            }
        }
        None
    }
}

/// The (instruction, position) pairs already tried: a bit set while it is small, a hash set
/// beyond (a long pattern on a long input).
enum Visited<'b> {
    Bits(&'b mut Vec<u64>, usize),
    Set(HashSet<(usize, usize)>),
}

impl<'b> Visited<'b> {
    fn new(insts: usize, positions: usize, bits: &'b mut Vec<u64>) -> Visited<'b> {
        match insts.checked_mul(positions) {
            Some(count) if count <= 1 << 24 => {
                bits.clear();
                bits.resize(count.div_ceil(64), 0);
                Visited::Bits(bits, positions)
            }
            _ => Visited::Set(HashSet::new()),
        }
    }

    /// Marks (pc, pos); false if it was marked already.
    #[inline]
    fn insert(&mut self, pc: usize, pos: usize) -> bool {
        match self {
            Visited::Bits(bits, positions) => {
                let i = pc * *positions + pos;
                let (word, bit) = (i / 64, 1u64 << (i % 64));
                let seen = bits[word] & bit != 0;
                bits[word] |= bit;
                !seen
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
