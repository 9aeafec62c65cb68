//! A bounded ECMAScript backtracking matcher, for the custom regexp groups that the linear
//! engine does not take: lookahead and lookbehind, backreferences (numbered and named),
//! named groups, quantified capturing groups that repeat or can match the empty string,
//! `\b` and `\B` with `i`, `^` and `$` under the `m` modifier, and expressions too large
//! for the linear engine.
//!
//! It follows ECMA-262's [pattern semantics](https://tc39.es/ecma262/#sec-pattern-semantics)
//! (with the `v` flag, and `i` when the pattern ignores case): the expression is read by the
//! same parser as the linear engine's ([`super::regexp::parse`], one reading of the
//! grammar, whose character sets are already closed under simple case folding with `i`),
//! then compiled into a small program whose instructions are the spec's matchers:
//! [CharacterSetMatcher](https://tc39.es/ecma262/#sec-runtime-semantics-charactersetmatcher-abstract-operation),
//! [RepeatMatcher](https://tc39.es/ecma262/#sec-runtime-semantics-repeatmatcher-abstract-operation)
//! (the groups inside cleared at each iteration, an iteration past the minimum that matches
//! the empty string refused),
//! [BackreferenceMatcher](https://tc39.es/ecma262/#sec-backreference-matcher) (a group that
//! did not participate matches the empty string; with `i`, code points compared by
//! [Canonicalize](https://tc39.es/ecma262/#sec-runtime-semantics-canonicalize-ch), simple
//! case folding), the assertions (`^`, `$`, `\b`, `\B` with
//! [IsWordChar](https://tc39.es/ecma262/#sec-runtime-semantics-iswordchar-abstract-operation)),
//! and lookaround ([`(?=`, `(?!`, `(?<=`, `(?<!`](https://tc39.es/ecma262/#sec-compilesubpattern),
//! atomic: once a lookaround has matched, it is not backtracked into; a lookbehind's body
//! matches right to left, its terms in reverse order, and its groups are captured that way).
//! The continuations of the spec become an explicit backtrack stack: the matcher recurses
//! only into lookarounds (as deep as they nest, at most 256), never as deep as the input.
//!
//! Every instruction executed, every backtrack, and every code point compared by a
//! backreference is a step; a match that would take more steps than its budget
//! ([`super::PatternLimits::max_regexp_steps`]) stops with [`StepsExhausted`]. Memory grows
//! with the backtrack stack, at most one 16-byte entry per step.
//!
//! Everything the parser reads runs here when the linear engine does not take it, including
//! what the modifiers change per group: `\b` and backreferences with or without `i` as the
//! node says, `^` and `$` at line terminators under `m` (the assertions of
//! [CompileAssertion](https://tc39.es/ecma262/#sec-compileassertion) with
//! `rer.[[Multiline]]`). Unicode property escapes, `\q{...}` strings and class set
//! operations arrive as sets and alternations already.

use regex_syntax::hir::ClassUnicode;

use super::matcher::Span;
use super::regexp::{Node, Parsed, maybe_simple_case_folding, word_class};

/// A match ran out of steps: it took more than its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StepsExhausted;

/// A compiled expression: instructions, how many capture slots and loop registers they use.
#[derive(Debug, Clone)]
pub(crate) struct Program {
    insts: Vec<Inst>,
    /// Groups `0..=captures`.
    captures: usize,
    /// Loops (each has a count and the position its current iteration started at).
    loops: usize,
    /// [WordCharacters](https://tc39.es/ecma262/#sec-wordcharacters): `a-zA-Z0-9_`, and
    /// with `i` (`word[1]`) the code points that fold to one of them (U+017F, U+212A).
    word: [ClassUnicode; 2],
}

/// One instruction; `back` is the spec's direction (backward inside a lookbehind).
#[derive(Debug, Clone)]
enum Inst {
    /// CharacterSetMatcher of one code point.
    Char {
        c: char,
        back: bool,
    },
    /// CharacterSetMatcher of a set.
    Set {
        set: ClassUnicode,
        back: bool,
    },
    /// A choice point: go on at `first`; on backtracking, at `second`.
    Split {
        first: usize,
        second: usize,
    },
    Jump(usize),
    /// Records the position in a capture slot (`2 × group` is the start, `+1` the end).
    Save(usize),
    /// Assertion `^` (also after a LineTerminator when `multiline`).
    Start {
        multiline: bool,
    },
    /// Assertion `$` (also before a LineTerminator when `multiline`).
    End {
        multiline: bool,
    },
    /// Assertion `\b` (`\B` when `negate`), WordCharacters as `ignore_case` makes them.
    WordBoundary {
        negate: bool,
        ignore_case: bool,
    },
    /// Lookaround: its body starts at the next instruction and ends with [`Inst::Match`];
    /// `next` is after it.
    Look {
        negate: bool,
        next: usize,
    },
    /// BackreferenceMatcher (code points compared by Canonicalize when `ignore_case`).
    Backref {
        groups: Vec<u32>,
        back: bool,
        ignore_case: bool,
    },
    /// Before a quantified atom: its iteration count is 0.
    LoopInit {
        reg: usize,
    },
    /// RepeatMatcher at the loop's head: iterate (`iter`), or go on (`exit`), or both in the
    /// order `greedy` says.
    LoopHead {
        reg: usize,
        min: u64,
        max: Option<u64>,
        greedy: bool,
        iter: usize,
        exit: usize,
    },
    /// RepeatMatcher steps 3-5: the groups inside the atom (slots `caps`) cleared, the
    /// iteration's start recorded.
    LoopIter {
        reg: usize,
        caps: std::ops::Range<usize>,
    },
    /// The continuation `d` of RepeatMatcher: an iteration past the minimum that matched the
    /// empty string fails; otherwise one more iteration counted, back to the head.
    LoopTail {
        reg: usize,
        min: u64,
        head: usize,
    },
    /// The end of the expression, or of a lookaround's body.
    Match,
}

/// An undo record of the backtrack stack: a choice to resume, or a value to restore.
#[derive(Debug, Clone, Copy)]
enum Frame {
    Alt { pc: u32, pos: usize },
    Slot { slot: u32, old: usize },
    Count { reg: u32, old: usize },
    Start { reg: u32, old: usize },
}

/// A capture slot that holds nothing (the group did not participate).
const NONE: usize = usize::MAX;

impl Program {
    /// Compiles a parsed expression ([CompilePattern](https://tc39.es/ecma262/#sec-compilepattern)).
    pub(crate) fn compile(parsed: &Parsed) -> Program {
        let mut c = Compiler {
            insts: Vec::new(),
            loops: 0,
        };
        c.insts.push(Inst::Save(0));
        c.emit(&parsed.node, false);
        c.insts.push(Inst::Save(1));
        c.insts.push(Inst::Match);
        Program {
            insts: c.insts,
            captures: parsed.captures as usize,
            loops: c.loops,
            word: [word_class(), maybe_simple_case_folding(word_class(), true)],
        }
    }

    /// Matches at the start of `input` (the expressions of URL patterns begin with `^`): the
    /// spans of groups `0..=captures` (byte ranges), or `None` when there is no match;
    /// [`StepsExhausted`] after `max_steps` steps.
    pub(crate) fn exec(
        &self,
        input: &str,
        max_steps: u64,
    ) -> Result<Option<Vec<Span>>, StepsExhausted> {
        self.exec_counting(input, max_steps).0
    }

    /// [`Program::exec`], and the steps it took (more than `max_steps` when they ran out).
    pub(crate) fn exec_counting(
        &self,
        input: &str,
        max_steps: u64,
    ) -> (Result<Option<Vec<Span>>, StepsExhausted>, u64) {
        let mut m = Machine {
            program: self,
            input,
            slots: vec![NONE; 2 * (self.captures + 1)],
            counts: vec![0; self.loops],
            starts: vec![NONE; self.loops],
            steps: 0,
            max_steps,
        };
        let answer = m.run(0, 0).map(|matched| {
            matched.then(|| {
                m.slots
                    .chunks(2)
                    .map(|s| (s[0] != NONE && s[1] != NONE).then_some((s[0], s[1])))
                    .collect()
            })
        });
        (answer, m.steps)
    }
}

struct Compiler {
    insts: Vec<Inst>,
    loops: usize,
}

/// The groups inside `node`: the range of their indices (`parenIndex + 1 ..= parenIndex +
/// parenCount` in RepeatMatcher), empty when there are none.
fn groups_within(node: &Node) -> Option<(u32, u32)> {
    let join = |a: Option<(u32, u32)>, b: Option<(u32, u32)>| match (a, b) {
        (Some((a0, a1)), Some((b0, b1))) => Some((a0.min(b0), a1.max(b1))),
        (a, None) => a,
        (None, b) => b,
    };
    match node {
        Node::Group { index, sub, .. } => join(Some((*index, *index)), groups_within(sub)),
        Node::Concat(v) | Node::Alt(v) => v.iter().map(groups_within).fold(None, join),
        Node::Look { sub, .. } | Node::Repeat { sub, .. } => groups_within(sub),
        _ => None,
    }
}

impl Compiler {
    fn push(&mut self, inst: Inst) -> usize {
        self.insts.push(inst);
        self.insts.len() - 1
    }

    /// The instructions of `node` in the direction `back`
    /// ([CompileSubpattern](https://tc39.es/ecma262/#sec-compilesubpattern)).
    fn emit(&mut self, node: &Node, back: bool) {
        match node {
            Node::Char(c) => {
                self.push(Inst::Char { c: *c, back });
            }
            Node::Set(set) => {
                self.push(Inst::Set {
                    set: set.clone(),
                    back,
                });
            }
            // Alternative: left to right forward, right to left backward.
            Node::Concat(v) => {
                if back {
                    v.iter().rev().for_each(|n| self.emit(n, back));
                } else {
                    v.iter().for_each(|n| self.emit(n, back));
                }
            }
            // Disjunction: each alternative in order, the next one on backtracking.
            Node::Alt(v) => {
                let mut jumps = Vec::new();
                for (i, alt) in v.iter().enumerate() {
                    if i + 1 < v.len() {
                        let split = self.push(Inst::Split {
                            first: 0,
                            second: 0,
                        });
                        self.emit(alt, back);
                        jumps.push(self.push(Inst::Jump(0)));
                        let next = self.insts.len();
                        self.insts[split] = Inst::Split {
                            first: split + 1,
                            second: next,
                        };
                    } else {
                        self.emit(alt, back);
                    }
                }
                let end = self.insts.len();
                for j in jumps {
                    self.insts[j] = Inst::Jump(end);
                }
            }
            Node::Start { multiline } => {
                self.push(Inst::Start {
                    multiline: *multiline,
                });
            }
            Node::End { multiline } => {
                self.push(Inst::End {
                    multiline: *multiline,
                });
            }
            Node::WordBoundary {
                negate,
                ignore_case,
            } => {
                self.push(Inst::WordBoundary {
                    negate: *negate,
                    ignore_case: *ignore_case,
                });
            }
            Node::Look {
                behind,
                negate,
                sub,
            } => {
                let look = self.push(Inst::Look {
                    negate: *negate,
                    next: 0,
                });
                self.emit(sub, *behind);
                self.push(Inst::Match);
                let next = self.insts.len();
                self.insts[look] = Inst::Look {
                    negate: *negate,
                    next,
                };
            }
            // Atom :: ( GroupSpecifier? Disjunction ): the range from where the group
            // started to where it ended, whichever the direction.
            Node::Group { index, sub, .. } => {
                let (first, last) = (2 * *index as usize, 2 * *index as usize + 1);
                let (a, b) = if back { (last, first) } else { (first, last) };
                self.push(Inst::Save(a));
                self.emit(sub, back);
                self.push(Inst::Save(b));
            }
            Node::Backref {
                groups,
                ignore_case,
                ..
            } => {
                self.push(Inst::Backref {
                    groups: groups.clone(),
                    back,
                    ignore_case: *ignore_case,
                });
            }
            Node::Repeat {
                min,
                max,
                greedy,
                sub,
            } => {
                // RepeatMatcher step 1: with a maximum of zero, the atom is never tried.
                if *max == Some(0) {
                    return;
                }
                let caps = match groups_within(sub) {
                    Some((a, b)) => 2 * a as usize..2 * b as usize + 2,
                    None => 0..0,
                };
                let reg = self.loops;
                self.loops += 1;
                self.push(Inst::LoopInit { reg });
                let head = self.push(Inst::LoopHead {
                    reg,
                    min: 0,
                    max: None,
                    greedy: true,
                    iter: 0,
                    exit: 0,
                });
                let iter = self.push(Inst::LoopIter { reg, caps });
                self.emit(sub, back);
                self.push(Inst::LoopTail {
                    reg,
                    min: *min,
                    head,
                });
                let exit = self.insts.len();
                self.insts[head] = Inst::LoopHead {
                    reg,
                    min: *min,
                    max: *max,
                    greedy: *greedy,
                    iter,
                    exit,
                };
            }
        }
    }
}

/// A match in progress: the [MatchState](https://tc39.es/ecma262/#sec-pattern-match-state)'s
/// end index and captures, the loops' counts, and the steps taken.
struct Machine<'a> {
    program: &'a Program,
    input: &'a str,
    slots: Vec<usize>,
    counts: Vec<usize>,
    starts: Vec<usize>,
    steps: u64,
    max_steps: u64,
}

impl Machine<'_> {
    fn step(&mut self, n: u64) -> Result<(), StepsExhausted> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.max_steps {
            return Err(StepsExhausted);
        }
        Ok(())
    }

    /// The code point read from `pos` in the direction `back`, and the position after it.
    fn read(&self, pos: usize, back: bool) -> Option<(char, usize)> {
        if back {
            let c = self.input[..pos].chars().next_back()?;
            Some((c, pos - c.len_utf8()))
        } else {
            let c = self.input[pos..].chars().next()?;
            Some((c, pos + c.len_utf8()))
        }
    }

    /// [IsWordChar](https://tc39.es/ecma262/#sec-runtime-semantics-iswordchar-abstract-operation)
    /// of the code point before (`back`) or at `pos`.
    fn is_word_char(&self, pos: usize, back: bool, ignore_case: bool) -> bool {
        self.read(pos, back)
            .is_some_and(|(c, _)| contains(&self.program.word[usize::from(ignore_case)], c))
    }

    /// Whether the code point before (`back`) or at `pos` is a
    /// [LineTerminator](https://tc39.es/ecma262/#prod-LineTerminator) (LF, CR, LS, PS).
    fn is_line_terminator(&self, pos: usize, back: bool) -> bool {
        self.read(pos, back)
            .is_some_and(|(c, _)| matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}'))
    }

    /// Runs the instructions from `pc` at `pos` until a [`Inst::Match`] (true, with the
    /// state it reached) or until every choice has failed (false, the state as it was).
    /// Lookarounds run their body by a nested call (as deep as lookarounds nest).
    fn run(&mut self, mut pc: usize, mut pos: usize) -> Result<bool, StepsExhausted> {
        let mut stack: Vec<Frame> = Vec::new();
        let program = self.program;
        let insts = &program.insts;
        loop {
            self.step(1)?;
            let ok = match &insts[pc] {
                Inst::Match => return Ok(true),
                Inst::Char { c, back } => match self.read(pos, *back) {
                    Some((d, next)) if d == *c => {
                        pos = next;
                        pc += 1;
                        true
                    }
                    _ => false,
                },
                Inst::Set { set, back } => match self.read(pos, *back) {
                    Some((d, next)) if contains(set, d) => {
                        pos = next;
                        pc += 1;
                        true
                    }
                    _ => false,
                },
                Inst::Split { first, second } => {
                    stack.push(Frame::Alt {
                        pc: *second as u32,
                        pos,
                    });
                    pc = *first;
                    true
                }
                Inst::Jump(to) => {
                    pc = *to;
                    true
                }
                Inst::Save(slot) => {
                    stack.push(Frame::Slot {
                        slot: *slot as u32,
                        old: self.slots[*slot],
                    });
                    self.slots[*slot] = pos;
                    pc += 1;
                    true
                }
                Inst::Start { multiline } => {
                    pc += 1;
                    pos == 0 || (*multiline && self.is_line_terminator(pos, true))
                }
                Inst::End { multiline } => {
                    pc += 1;
                    pos == self.input.len() || (*multiline && self.is_line_terminator(pos, false))
                }
                Inst::WordBoundary {
                    negate,
                    ignore_case,
                } => {
                    let a = self.is_word_char(pos, true, *ignore_case);
                    let b = self.is_word_char(pos, false, *ignore_case);
                    pc += 1;
                    (a != b) != *negate
                }
                Inst::Look { negate, next } => {
                    let before = self.slots.clone();
                    let matched = self.run(pc + 1, pos)?;
                    pc = *next;
                    if matched && !*negate {
                        // The captures of the body's match are kept (and restored on
                        // backtracking past the lookaround).
                        for (slot, &old) in before.iter().enumerate() {
                            if self.slots[slot] != old {
                                stack.push(Frame::Slot {
                                    slot: slot as u32,
                                    old,
                                });
                            }
                        }
                        true
                    } else {
                        self.slots = before;
                        !matched && *negate
                    }
                }
                Inst::Backref {
                    groups,
                    back,
                    ignore_case,
                } => match self.backreference(groups, pos, *back, *ignore_case)? {
                    Some(next) => {
                        pos = next;
                        pc += 1;
                        true
                    }
                    None => false,
                },
                Inst::LoopInit { reg } => {
                    stack.push(Frame::Count {
                        reg: *reg as u32,
                        old: self.counts[*reg],
                    });
                    self.counts[*reg] = 0;
                    pc += 1;
                    true
                }
                Inst::LoopHead {
                    reg,
                    min,
                    max,
                    greedy,
                    iter,
                    exit,
                } => {
                    let count = self.counts[*reg] as u64;
                    if count < *min {
                        // RepeatMatcher step 6: below the minimum, the atom must match.
                        pc = *iter;
                    } else if max.is_some_and(|max| count >= max) {
                        // Step 1: the maximum reached.
                        pc = *exit;
                    } else if *greedy {
                        // Steps 8-9: the atom first, then the continuation.
                        stack.push(Frame::Alt {
                            pc: *exit as u32,
                            pos,
                        });
                        pc = *iter;
                    } else {
                        // Step 7: the continuation first, then the atom.
                        stack.push(Frame::Alt {
                            pc: *iter as u32,
                            pos,
                        });
                        pc = *exit;
                    }
                    true
                }
                Inst::LoopIter { reg, caps } => {
                    for slot in caps.clone() {
                        if self.slots[slot] != NONE {
                            stack.push(Frame::Slot {
                                slot: slot as u32,
                                old: self.slots[slot],
                            });
                            self.slots[slot] = NONE;
                        }
                    }
                    stack.push(Frame::Start {
                        reg: *reg as u32,
                        old: self.starts[*reg],
                    });
                    self.starts[*reg] = pos;
                    pc += 1;
                    true
                }
                Inst::LoopTail { reg, min, head } => {
                    let count = self.counts[*reg];
                    if count as u64 >= *min && pos == self.starts[*reg] {
                        // The closure `d`: past the minimum, an empty iteration fails.
                        false
                    } else {
                        stack.push(Frame::Count {
                            reg: *reg as u32,
                            old: count,
                        });
                        self.counts[*reg] = count + 1;
                        pc = *head;
                        true
                    }
                }
            };
            if ok {
                continue;
            }
            // Backtrack: undo to the last choice point and take its other branch.
            loop {
                let Some(frame) = stack.pop() else {
                    return Ok(false);
                };
                match frame {
                    Frame::Alt { pc: to, pos: at } => {
                        self.step(1)?;
                        pc = to as usize;
                        pos = at;
                        break;
                    }
                    Frame::Slot { slot, old } => self.slots[slot as usize] = old,
                    Frame::Count { reg, old } => self.counts[reg as usize] = old,
                    Frame::Start { reg, old } => self.starts[reg as usize] = old,
                }
            }
        }
    }

    /// [BackreferenceMatcher](https://tc39.es/ecma262/#sec-backreference-matcher): the
    /// text of the group of `groups` that participated (none: the empty string), matched
    /// at `pos` in the direction `back` (code points compared by Canonicalize with `i`);
    /// the position after it, or `None`.
    fn backreference(
        &mut self,
        groups: &[u32],
        pos: usize,
        back: bool,
        ignore_case: bool,
    ) -> Result<Option<usize>, StepsExhausted> {
        let captured = groups.iter().find_map(|&g| {
            let s = *self.slots.get(2 * g as usize)?;
            let e = *self.slots.get(2 * g as usize + 1)?;
            (s != NONE && e != NONE).then_some((s, e))
        });
        let Some((s, e)) = captured else {
            return Ok(Some(pos));
        };
        let text = &self.input[s.min(e)..s.max(e)];
        self.step(text.len() as u64)?;
        let mut at = pos;
        let compare = |c: char, at: &mut usize| match self.read(*at, back) {
            Some((d, next)) if canonically_equal(c, d, ignore_case) => {
                *at = next;
                true
            }
            _ => false,
        };
        let all = if back {
            text.chars().rev().all(|c| compare(c, &mut at))
        } else {
            text.chars().all(|c| compare(c, &mut at))
        };
        Ok(all.then_some(at))
    }
}

/// Whether `set` holds `c`.
fn contains(set: &ClassUnicode, c: char) -> bool {
    set.ranges()
        .binary_search_by(|r| {
            if r.end() < c {
                std::cmp::Ordering::Less
            } else if r.start() > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether [Canonicalize](https://tc39.es/ecma262/#sec-runtime-semantics-canonicalize-ch)
/// gives `a` and `b` the same code point: with `i` (and `u`/`v`), simple case folding, as the
/// sets of the parser fold.
fn canonically_equal(a: char, b: char, ignore_case: bool) -> bool {
    if a == b {
        return true;
    }
    if !ignore_case {
        return false;
    }
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(&b);
    }
    let set = maybe_simple_case_folding(
        ClassUnicode::new([regex_syntax::hir::ClassUnicodeRange::new(a, a)]),
        true,
    );
    contains(&set, b)
}
