//! The regular expression of a component with custom regexp groups: [RegExpCreate] with the
//! flags the URL Pattern Standard gives (`v`, or `vi` with `ignoreCase`), and
//! RegExpBuiltinExec of it (anchored, as the generated expression is `^...$`).
//!
//! The expression is read once, rule by rule from ECMA-262's
//! [pattern grammar](https://tc39.es/ecma262/#sec-patterns) (with the `v` flag's class sets),
//! into a [`Node`] tree, which one of three engines runs:
//!
//! - **Linear** (`regex-automata`'s meta regex): the tree translated into a `regex-syntax`
//!   [`Hir`] whose meaning is the same as ECMAScript's, written out explicitly where the two
//!   differ (`.`, `\d` `\s` `\w` `\b`, `^` `$`, case-insensitive matching as ECMAScript's
//!   simple case folding, class set operations). Its matching time is linear in the input
//!   (a lazy DFA or a Pike VM, never backtracking), and its groups are those of
//!   ECMAScript's leftmost-first backtracking.
//! - **Bounded backtracking** ([`super::backtrack`], ECMA-262's pattern semantics with a
//!   step budget), for what the translator does not take: lookaround, backreferences, named
//!   groups, `\b` with `i`, a quantified capturing group that repeats or can match the
//!   empty string, and expressions too large for the linear engine. A match that takes more
//!   steps than [`PatternLimits::max_regexp_steps`](super::PatternLimits::max_regexp_steps)
//!   stops with [`StepsExhausted`].
//! - **Unbounded backtracking** (`regress`, an ECMAScript engine), for what the parser does
//!   not read: `\q{...}`, Unicode property escapes (`\p{...}`, whose tables are of another
//!   Unicode version in each crate), class set operations (`--`, `&&`) with `i`, lone
//!   surrogates, group names written with escapes, groups with modifiers. Its time has no
//!   bound; [`PatternLimits`](super::PatternLimits) can refuse the patterns that need
//!   backtracking.
//!
//! Every expression is first compiled by `regress`, so what is a syntax error (and its
//! message) does not depend on the engine chosen.
//!
//! [RegExpCreate]: https://tc39.es/ecma262/#sec-regexpcreate

use regex_automata::util::primitives::NonMaxUsize;
use regex_automata::{Anchored, Input, MatchKind, meta};
use regex_syntax::hir::{Capture, Class, ClassUnicode, ClassUnicodeRange, Hir, Look, Repetition};

use super::backtrack::Program;
pub(crate) use super::backtrack::StepsExhausted;
use super::matcher::Span;

/// How deep custom regular expressions may nest groups and classes.
pub(crate) const MAX_REGEXP_NESTING: usize = 256;

/// A compiled regular expression of a component, on the engine that can run it.
#[derive(Debug, Clone)]
pub(crate) enum RegExp {
    /// Linear time in the input.
    Linear(meta::Regex),
    /// ECMAScript backtracking with a step budget.
    Bounded {
        program: Box<Program>,
        max_steps: u64,
    },
    /// ECMAScript backtracking without a bound (`regress`), for what the parser does not
    /// read.
    Unbounded(regress::Regex),
}

/// The engine a regular expression runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EngineKind {
    /// [`RegExp::Linear`].
    Linear,
    /// [`RegExp::Bounded`], with why.
    Backtracking(NeedsBacktracking),
    /// [`RegExp::Unbounded`], with why.
    Unbounded(NeedsBacktracking),
}

impl EngineKind {
    /// Whether the engine backtracks (either of the two).
    pub(crate) fn backtracks(self) -> bool {
        !matches!(self, EngineKind::Linear)
    }

    /// `"linear"`, or why the expression needs backtracking.
    #[cfg_attr(not(feature = "_test-hooks"), allow(dead_code))]
    pub(crate) fn describe(self) -> &'static str {
        match self {
            EngineKind::Linear => "linear",
            EngineKind::Backtracking(why) | EngineKind::Unbounded(why) => why.0,
        }
    }
}

/// Why an expression stays on a backtracking engine: the construct (or limit) the
/// translator does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NeedsBacktracking(pub(crate) &'static str);

/// [RegExpCreate](https://tc39.es/ecma262/#sec-regexpcreate) with the flags the spec gives
/// (`v`, `vi`). `regress` applies the `v` flag's class-set syntax and string properties, but
/// reads the rules the `v` flag shares with `u` (no identity escapes of letters, back
/// references that must exist, code-point matching) only under `u`; so both are set, which
/// is what `v` means in JavaScript.
///
/// Groups and classes nested deeper than [`MAX_REGEXP_NESTING`] are refused: `regress` parses
/// them recursively (and so does the parser), and a pattern must not exhaust the
/// thread's stack.
///
/// The expression is then parsed and translated for the linear engine; what the translator
/// does not take runs on the bounded backtracking matcher (`max_steps` steps per match), and
/// what the parser does not read stays with `regress`.
pub(crate) fn regexp_create(
    source: &str,
    ignore_case: bool,
    max_steps: u64,
) -> Result<(RegExp, EngineKind), String> {
    let mut depth = 0usize;
    let mut bytes = source.bytes();
    while let Some(b) = bytes.next() {
        match b {
            b'\\' => {
                bytes.next();
            }
            b'(' | b'[' => {
                depth += 1;
                if depth > MAX_REGEXP_NESTING {
                    return Err(format!(
                        "groups or classes nested more than {MAX_REGEXP_NESTING} deep"
                    ));
                }
            }
            b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    let flags = if ignore_case { "uvi" } else { "uv" };
    let backtracking = regress::Regex::with_flags(source, flags).map_err(|e| e.to_string())?;
    let parsed = match parse(source, ignore_case) {
        Ok(parsed) => parsed,
        Err(why) => {
            return Ok((RegExp::Unbounded(backtracking), EngineKind::Unbounded(why)));
        }
    };
    match linear_from(&parsed, ignore_case) {
        Ok(linear) => Ok((RegExp::Linear(linear), EngineKind::Linear)),
        Err(why) => Ok((
            RegExp::Bounded {
                program: Box::new(Program::compile(&parsed, ignore_case)),
                max_steps,
            },
            EngineKind::Backtracking(why),
        )),
    }
}

/// The linear engine's regex for a parsed expression, or why it needs backtracking.
fn linear_from(parsed: &Parsed, ignore_case: bool) -> Result<meta::Regex, NeedsBacktracking> {
    let hir = to_hir(&parsed.node, ignore_case)?;
    meta::Builder::new()
        .configure(meta::Config::new().match_kind(MatchKind::LeftmostFirst))
        .build_from_hir(&hir)
        .map_err(|_| NeedsBacktracking("an expression too large for the linear engine"))
}

impl RegExp {
    /// RegExpBuiltinExec on `input`: on a match, appends the byte range of groups `1..=groups`
    /// to `out` and returns true; when it does not match, returns false and leaves `out` as
    /// it was. [`StepsExhausted`] when the bounded matcher runs out of steps (`out` as it
    /// was).
    #[inline]
    pub(crate) fn exec_into(
        &self,
        input: &str,
        groups: usize,
        out: &mut Vec<Span>,
    ) -> Result<bool, StepsExhausted> {
        match self {
            RegExp::Linear(regex) => {
                let anchored = Input::new(input).anchored(Anchored::Yes);
                let n = 2 * (groups + 1);
                let mut stack = [None::<NonMaxUsize>; 16];
                let mut heap;
                let slots: &mut [Option<NonMaxUsize>] = if n <= stack.len() {
                    &mut stack[..n]
                } else {
                    heap = vec![None; n];
                    &mut heap
                };
                if regex.search_slots(&anchored, slots).is_none() {
                    return Ok(false);
                }
                out.extend(
                    (1..=groups).map(|i| match (slots[2 * i], slots[2 * i + 1]) {
                        (Some(s), Some(e)) => Some((s.get(), e.get())),
                        _ => None,
                    }),
                );
                Ok(true)
            }
            RegExp::Bounded { program, max_steps } => {
                let Some(spans) = program.exec(input, *max_steps)? else {
                    return Ok(false);
                };
                out.extend((1..=groups).map(|i| spans.get(i).copied().flatten()));
                Ok(true)
            }
            RegExp::Unbounded(regex) => {
                let Some(m) = regex.find(input) else {
                    return Ok(false);
                };
                out.extend((1..=groups).map(|i| m.group(i).map(|r| (r.start, r.end))));
                Ok(true)
            }
        }
    }

    /// Whether `input` matches, without the groups.
    #[inline]
    pub(crate) fn is_match(&self, input: &str) -> Result<bool, StepsExhausted> {
        match self {
            RegExp::Linear(regex) => Ok(regex.is_match(Input::new(input).anchored(Anchored::Yes))),
            RegExp::Bounded { program, max_steps } => {
                Ok(program.exec(input, *max_steps)?.is_some())
            }
            RegExp::Unbounded(regex) => Ok(regex.find(input).is_some()),
        }
    }
}

/// An ECMAScript [Pattern](https://tc39.es/ecma262/#prod-Pattern) as the parser reads it:
/// one reading of the grammar, from which both engines are built (the linear engine's
/// [`Hir`] by [`to_hir`], the bounded backtracking matcher's program by
/// [`super::backtrack::Program::compile`]). Sets of code points are already what they
/// match: with `i`, closed under simple case folding.
#[derive(Debug, Clone)]
pub(crate) enum Node {
    /// A PatternCharacter or CharacterEscape (one code point, matched as itself or, with
    /// `i`, as its folded set when that set has more than one code point).
    Char(char),
    /// A set of code points: `.`, a CharacterClassEscape, a CharacterClass, or a character
    /// whose folded set has several code points.
    Set(ClassUnicode),
    /// [Alternative](https://tc39.es/ecma262/#prod-Alternative): terms in order.
    Concat(Vec<Node>),
    /// [Disjunction](https://tc39.es/ecma262/#prod-Disjunction): alternatives in order.
    Alt(Vec<Node>),
    /// [Assertion](https://tc39.es/ecma262/#prod-Assertion) `^` (no `m` flag: the input's
    /// start).
    Start,
    /// Assertion `$` (the input's end).
    End,
    /// Assertion `\b` (`\B` when `negate`).
    WordBoundary { negate: bool },
    /// Assertion `(?=` `(?!` `(?<=` `(?<!`.
    Look {
        behind: bool,
        negate: bool,
        sub: Box<Node>,
    },
    /// A capturing group `(...)` or `(?<name>...)`, numbered from 1 in the order of their
    /// left parentheses.
    Group {
        index: u32,
        named: bool,
        sub: Box<Node>,
    },
    /// Atom Quantifier (counts above `u32::MAX` are kept as read).
    Repeat {
        min: u64,
        max: Option<u64>,
        greedy: bool,
        sub: Box<Node>,
    },
    /// `\` DecimalEscape (one group) or `\k<name>` (the groups of that name, filled in
    /// once the whole expression is read).
    Backref {
        groups: Vec<u32>,
        name: Option<String>,
    },
}

/// A parsed expression: its tree and how many capturing groups it has.
#[derive(Debug, Clone)]
pub(crate) struct Parsed {
    pub(crate) node: Node,
    pub(crate) captures: u32,
}

/// Parses an ECMAScript [Pattern](https://tc39.es/ecma262/#prod-Pattern) (a valid one, with
/// the `v` flag, and `i` when `ignore_case`), or says which construct neither the linear
/// engine nor the bounded backtracking matcher reads (it stays with `regress`).
pub(crate) fn parse(source: &str, ignore_case: bool) -> Result<Parsed, NeedsBacktracking> {
    let mut p = Parser {
        chars: source.chars().collect(),
        pos: 0,
        ignore_case,
        captures: 0,
        depth: 0,
        names: Vec::new(),
    };
    let mut node = p.disjunction()?;
    if p.pos != p.chars.len() {
        return Err(UNREAD);
    }
    // GroupSpecifier names may be referred to before their group: resolved now.
    let names = std::mem::take(&mut p.names);
    resolve_backrefs(&mut node, &names, p.captures)?;
    Ok(Parsed {
        node,
        captures: p.captures,
    })
}

/// Gives each `\k<name>` the groups of that name (collected by the parser), as
/// [BackreferenceMatcher](https://tc39.es/ecma262/#sec-backreference-matcher) reads them;
/// a backreference to a group that does not exist (an early error, which `regress` lets
/// through for numbers) is left unread.
fn resolve_backrefs(
    node: &mut Node,
    names: &[(String, u32)],
    captures: u32,
) -> Result<(), NeedsBacktracking> {
    match node {
        Node::Backref { groups, name } => {
            if let Some(name) = name {
                groups.extend(names.iter().filter(|(n, _)| n == name).map(|&(_, i)| i));
            }
            if groups.is_empty() || groups.iter().any(|&g| g == 0 || g > captures) {
                return Err(UNREAD);
            }
            Ok(())
        }
        Node::Concat(v) | Node::Alt(v) => v
            .iter_mut()
            .try_for_each(|n| resolve_backrefs(n, names, captures)),
        Node::Look { sub, .. } | Node::Group { sub, .. } | Node::Repeat { sub, .. } => {
            resolve_backrefs(sub, names, captures)
        }
        _ => Ok(()),
    }
}

/// Translates a parsed expression into a `regex-syntax` expression of the same meaning, or
/// says which construct needs backtracking.
pub(crate) fn to_hir(node: &Node, ignore_case: bool) -> Result<Hir, NeedsBacktracking> {
    Ok(match node {
        Node::Char(c) => {
            let mut buf = [0; 4];
            Hir::literal(c.encode_utf8(&mut buf).as_bytes())
        }
        Node::Set(set) => Hir::class(Class::Unicode(set.clone())),
        Node::Concat(v) => Hir::concat(
            v.iter()
                .map(|n| to_hir(n, ignore_case))
                .collect::<Result<_, _>>()?,
        ),
        Node::Alt(v) => Hir::alternation(
            v.iter()
                .map(|n| to_hir(n, ignore_case))
                .collect::<Result<_, _>>()?,
        ),
        // Without the `m` flag, `^` and `$` are the start and end of the input.
        Node::Start => Hir::look(Look::Start),
        Node::End => Hir::look(Look::End),
        Node::WordBoundary { negate } => {
            if ignore_case {
                // With `i` and `v`, IsWordChar uses WordCharacters, which then holds U+017F
                // and U+212A: not `regex-syntax`'s ASCII word boundary.
                return Err(NeedsBacktracking("\\b or \\B with the i flag"));
            }
            Hir::look(if *negate {
                Look::WordAsciiNegate
            } else {
                Look::WordAscii
            })
        }
        Node::Look { .. } => return Err(NeedsBacktracking("lookahead or lookbehind")),
        Node::Group { named: true, .. } => return Err(NeedsBacktracking("a named group")),
        Node::Group { index, sub, .. } => Hir::capture(Capture {
            index: *index,
            name: None,
            sub: Box::new(to_hir(sub, ignore_case)?),
        }),
        Node::Backref { name: Some(_), .. } => {
            return Err(NeedsBacktracking("a named backreference"));
        }
        Node::Backref { .. } => return Err(NeedsBacktracking("a backreference")),
        Node::Repeat {
            min,
            max,
            greedy,
            sub,
        } => {
            const LARGE: NeedsBacktracking =
                NeedsBacktracking("a count too large for the linear engine");
            let atom = to_hir(sub, ignore_case)?;
            let min = u32::try_from(*min).map_err(|_| LARGE)?;
            let max = max
                .map(|m| u32::try_from(m).map_err(|_| LARGE))
                .transpose()?;
            let once = max == Some(0)
                || (max == Some(1) && (min == 1 || atom.properties().minimum_len() != Some(0)));
            if atom.properties().explicit_captures_len() > 0 && !once {
                // ECMAScript clears the groups inside a quantified atom at each iteration
                // (RepeatMatcher), and refuses an iteration that matches the empty string;
                // with groups inside, `regex-automata` would report other spans. The
                // generated expressions quantify groups only with `?`, around text that is
                // not empty.
                return Err(NeedsBacktracking(
                    "a quantified group that repeats or can match empty",
                ));
            }
            Hir::repetition(Repetition {
                min,
                max,
                greedy: *greedy,
                sub: Box::new(atom),
            })
        }
    })
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    ignore_case: bool,
    captures: u32,
    depth: usize,
    /// The GroupSpecifier names read so far, with their group's index.
    names: Vec<(String, u32)>,
}

const UNREAD: NeedsBacktracking = NeedsBacktracking("a syntax the translator does not read");

/// Ranges of a class, as pairs of code points.
fn class(ranges: &[(char, char)]) -> ClassUnicode {
    ClassUnicode::new(ranges.iter().map(|&(a, b)| ClassUnicodeRange::new(a, b)))
}

/// [DecimalDigits of `\d`](https://tc39.es/ecma262/#sec-compilecharacterclassescape): `0-9`.
fn digit_class() -> ClassUnicode {
    class(&[('0', '9')])
}

/// [WhiteSpace](https://tc39.es/ecma262/#prod-WhiteSpace) and
/// [LineTerminator](https://tc39.es/ecma262/#prod-LineTerminator), the set of `\s`: TAB, VT,
/// FF, ZWNBSP (U+FEFF), the `Zs` space separators, LF, CR, LS, PS (not U+0085, which
/// `regex-syntax`'s `\s` has).
fn space_class() -> ClassUnicode {
    class(&[
        ('\u{9}', '\u{d}'),
        (' ', ' '),
        ('\u{a0}', '\u{a0}'),
        ('\u{1680}', '\u{1680}'),
        ('\u{2000}', '\u{200a}'),
        ('\u{2028}', '\u{2029}'),
        ('\u{202f}', '\u{202f}'),
        ('\u{205f}', '\u{205f}'),
        ('\u{3000}', '\u{3000}'),
        ('\u{feff}', '\u{feff}'),
    ])
}

/// [WordCharacters](https://tc39.es/ecma262/#sec-wordcharacters) before case folding: the
/// ASCII `a-zA-Z0-9_` (with `i`, folding adds U+017F and U+212A, as ECMAScript does).
pub(crate) fn word_class() -> ClassUnicode {
    class(&[('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')])
}

/// `.` without the `s` flag: every code point but the
/// [LineTerminator](https://tc39.es/ecma262/#prod-LineTerminator)s LF, CR, LS and PS.
fn dot_class() -> ClassUnicode {
    let mut c = class(&[('\n', '\n'), ('\r', '\r'), ('\u{2028}', '\u{2029}')]);
    c.negate();
    c
}

/// The code points whose simple case folding came with Unicode 16 (Garay, and the pairs
/// U+019B/U+A7DC, U+0264/U+A7CB, U+1C89/U+1C8A, U+A7CC/U+A7CD, U+A7DA/U+A7DB), which
/// `regex-syntax`'s tables have and `regress`'s do not: the translator leaves them out of
/// what folding adds, so that both engines fold the same way (the tests check every code
/// point that folds).
const NEWER_FOLDS: &[(char, char)] = &[
    ('\u{1C89}', '\u{1C8A}'),
    ('\u{A7CB}', '\u{A7CB}'),
    ('\u{A7CC}', '\u{A7CD}'),
    ('\u{A7DA}', '\u{A7DC}'),
    ('\u{10D50}', '\u{10D65}'),
    ('\u{10D70}', '\u{10D85}'),
];

/// A set of code points closed under simple case folding when `ignore_case` (see
/// `Parser::fold`), the code points of [`NEWER_FOLDS`] left as they are.
pub(crate) fn maybe_simple_case_folding(mut c: ClassUnicode, ignore_case: bool) -> ClassUnicode {
    if ignore_case {
        let newer = class(NEWER_FOLDS);
        let mut folded = c.clone();
        folded.difference(&newer);
        folded.case_fold_simple();
        folded.difference(&newer);
        c.union(&folded);
    }
    c
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_str(&mut self, s: &str) -> bool {
        let n = s.chars().count();
        if self.chars.len() >= self.pos + n
            && s.chars()
                .eq(self.chars[self.pos..self.pos + n].iter().copied())
        {
            self.pos += n;
            true
        } else {
            false
        }
    }

    fn next(&mut self) -> Result<char, NeedsBacktracking> {
        let c = self.peek().ok_or(UNREAD)?;
        self.pos += 1;
        Ok(c)
    }

    /// A set of code points as it is matched: with `i`, closed under simple case folding
    /// ([MaybeSimpleCaseFolding](https://tc39.es/ecma262/#sec-maybesimplecasefolding) and
    /// [Canonicalize](https://tc39.es/ecma262/#sec-runtime-semantics-canonicalize-ch)): a
    /// code point matches when its folding is the folding of one in the set. Complements,
    /// intersections and differences of sets closed this way are closed too, and mean what
    /// ECMAScript's [CharacterComplement](https://tc39.es/ecma262/#sec-charactercomplement)
    /// and class set operations mean on the folded sets.
    fn fold(&self, c: ClassUnicode) -> ClassUnicode {
        maybe_simple_case_folding(c, self.ignore_case)
    }

    fn char_class(&self, ch: char) -> ClassUnicode {
        self.fold(class(&[(ch, ch)]))
    }

    /// [Disjunction](https://tc39.es/ecma262/#prod-Disjunction): Alternative (`|` Alternative)*.
    fn disjunction(&mut self) -> Result<Node, NeedsBacktracking> {
        self.depth += 1;
        if self.depth > MAX_REGEXP_NESTING {
            return Err(NeedsBacktracking("nesting too deep"));
        }
        let mut alternatives = vec![self.alternative()?];
        while self.eat('|') {
            alternatives.push(self.alternative()?);
        }
        self.depth -= 1;
        Ok(if alternatives.len() == 1 {
            alternatives.pop().unwrap_or(Node::Concat(Vec::new()))
        } else {
            Node::Alt(alternatives)
        })
    }

    /// [Alternative](https://tc39.es/ecma262/#prod-Alternative): Term*.
    fn alternative(&mut self) -> Result<Node, NeedsBacktracking> {
        let mut terms = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            terms.push(self.term()?);
        }
        Ok(if terms.len() == 1 {
            terms.pop().unwrap_or(Node::Concat(Vec::new()))
        } else {
            Node::Concat(terms)
        })
    }

    /// [Term](https://tc39.es/ecma262/#prod-Term): Assertion | Atom Quantifier?.
    fn term(&mut self) -> Result<Node, NeedsBacktracking> {
        // Assertions (https://tc39.es/ecma262/#prod-Assertion).
        if self.eat('^') {
            return Ok(Node::Start);
        }
        if self.eat('$') {
            return Ok(Node::End);
        }
        if self.peek() == Some('\\') && matches!(self.peek_at(1), Some('b' | 'B')) {
            let negate = self.peek_at(1) == Some('B');
            self.pos += 2;
            return Ok(Node::WordBoundary { negate });
        }
        for (open, behind, negate) in [
            ("(?=", false, false),
            ("(?!", false, true),
            ("(?<=", true, false),
            ("(?<!", true, true),
        ] {
            if self.eat_str(open) {
                let sub = self.disjunction()?;
                if !self.eat(')') {
                    return Err(UNREAD);
                }
                // With `u`/`v`, lookarounds take no quantifier (QuantifiableAssertion is
                // Annex B, without the flags).
                return Ok(Node::Look {
                    behind,
                    negate,
                    sub: Box::new(sub),
                });
            }
        }
        let atom = self.atom()?;
        self.quantifier(atom)
    }

    /// [Quantifier](https://tc39.es/ecma262/#prod-Quantifier): `*` `+` `?` `{n}` `{n,}`
    /// `{n,m}`, each greedy or (followed by `?`) lazy.
    fn quantifier(&mut self, atom: Node) -> Result<Node, NeedsBacktracking> {
        let (min, max) = match self.peek() {
            Some('*') => {
                self.pos += 1;
                (0, None)
            }
            Some('+') => {
                self.pos += 1;
                (1, None)
            }
            Some('?') => {
                self.pos += 1;
                (0, Some(1))
            }
            Some('{') => {
                self.pos += 1;
                let min = self.decimal()?;
                let max = if self.eat(',') {
                    if self.peek() == Some('}') {
                        None
                    } else {
                        Some(self.decimal()?)
                    }
                } else {
                    Some(min)
                };
                if !self.eat('}') {
                    return Err(UNREAD);
                }
                (min, max)
            }
            _ => return Ok(atom),
        };
        let greedy = !self.eat('?');
        Ok(Node::Repeat {
            min,
            max,
            greedy,
            sub: Box::new(atom),
        })
    }

    /// DecimalDigits, as a count of a quantifier (saturating: no input is that long).
    fn decimal(&mut self) -> Result<u64, NeedsBacktracking> {
        let start = self.pos;
        let mut n: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(u64::from(d));
            self.pos += 1;
        }
        if self.pos == start {
            return Err(UNREAD);
        }
        Ok(n)
    }

    /// [Atom](https://tc39.es/ecma262/#prod-Atom): PatternCharacter, `.`, `\` AtomEscape,
    /// CharacterClass, `(` GroupSpecifier? Disjunction `)`, `(?:` Disjunction `)`.
    fn atom(&mut self) -> Result<Node, NeedsBacktracking> {
        match self.next()? {
            '.' => Ok(Node::Set(dot_class())),
            '\\' => self.atom_escape(),
            '[' => Ok(Node::Set(self.class_contents_until_close()?)),
            '(' => {
                if self.eat_str("?:") {
                    let inner = self.disjunction()?;
                    if !self.eat(')') {
                        return Err(UNREAD);
                    }
                    return Ok(inner);
                }
                let mut name = None;
                if self.eat_str("?<") {
                    name = Some(self.group_name()?);
                } else if self.peek() == Some('?') {
                    return Err(NeedsBacktracking("a group with modifiers"));
                }
                self.captures += 1;
                let index = self.captures;
                if let Some(name) = &name {
                    self.names.push((name.clone(), index));
                }
                let inner = self.disjunction()?;
                if !self.eat(')') {
                    return Err(UNREAD);
                }
                Ok(Node::Group {
                    index,
                    named: name.is_some(),
                    sub: Box::new(inner),
                })
            }
            // SyntaxCharacters that cannot start an atom (`)` `]` `{` `}` `*` `+` `?` `|`
            // are syntax errors with `u`/`v`, which `regress` has refused already).
            ')' | ']' | '{' | '}' | '*' | '+' | '?' | '|' | '^' | '$' => Err(UNREAD),
            // PatternCharacter.
            c => Ok(self.literal(c)),
        }
    }

    /// [GroupName](https://tc39.es/ecma262/#prod-GroupName) after the `<`, through the `>`:
    /// its characters as written (a name written with `\u` escapes is left unread).
    fn group_name(&mut self) -> Result<String, NeedsBacktracking> {
        let mut name = String::new();
        loop {
            match self.next()? {
                '>' if !name.is_empty() => return Ok(name),
                '\\' | '>' => return Err(UNREAD),
                c => name.push(c),
            }
        }
    }

    fn literal(&self, c: char) -> Node {
        if self.ignore_case {
            let set = self.char_class(c);
            if set.ranges().len() > 1 || set.ranges()[0].start() != set.ranges()[0].end() {
                return Node::Set(set);
            }
        }
        Node::Char(c)
    }

    /// [AtomEscape](https://tc39.es/ecma262/#prod-AtomEscape) (after the `\`).
    fn atom_escape(&mut self) -> Result<Node, NeedsBacktracking> {
        match self.peek() {
            Some('1'..='9') => {
                // DecimalEscape: NonZeroDigit DecimalDigits (the group exists, or `regress`
                // would have refused the expression).
                let n = self.decimal()?;
                let index = u32::try_from(n).map_err(|_| UNREAD)?;
                Ok(Node::Backref {
                    groups: vec![index],
                    name: None,
                })
            }
            Some('k') => {
                self.pos += 1;
                if !self.eat('<') {
                    return Err(UNREAD);
                }
                let name = self.group_name()?;
                Ok(Node::Backref {
                    groups: Vec::new(),
                    name: Some(name),
                })
            }
            _ => {
                if let Some(set) = self.character_class_escape()? {
                    return Ok(Node::Set(set));
                }
                let c = self.character_escape(false)?;
                Ok(self.literal(c))
            }
        }
    }

    /// [CharacterClassEscape](https://tc39.es/ecma262/#prod-CharacterClassEscape) (`\d` `\D`
    /// `\s` `\S` `\w` `\W` `\p{...}` `\P{...}`, after the `\`) as a folded set, or `None`
    /// when the escape is another one (nothing is consumed then).
    fn character_class_escape(&mut self) -> Result<Option<ClassUnicode>, NeedsBacktracking> {
        let Some(c) = self.peek() else {
            return Err(UNREAD);
        };
        let (mut set, negate) = match c {
            'd' | 'D' => (digit_class(), c == 'D'),
            's' | 'S' => (space_class(), c == 'S'),
            'w' | 'W' => (word_class(), c == 'W'),
            // UnicodePropertyValueExpression: `regex-syntax`'s Unicode tables are of
            // another version than `regress`'s, so properties stay with `regress`.
            'p' | 'P' => return Err(NeedsBacktracking("a Unicode property escape")),
            _ => return Ok(None),
        };
        self.pos += 1;
        set = self.fold(set);
        if negate {
            set.negate();
        }
        Ok(Some(set))
    }

    /// [CharacterEscape](https://tc39.es/ecma262/#prod-CharacterEscape) (after the `\`), with
    /// the `u`/`v` [IdentityEscape](https://tc39.es/ecma262/#prod-IdentityEscape)s
    /// (SyntaxCharacter or `/`); in a class (`in_class`), also `\b` (backspace) and the
    /// [ClassSetReservedPunctuator](https://tc39.es/ecma262/#prod-ClassSetReservedPunctuator)s.
    fn character_escape(&mut self, in_class: bool) -> Result<char, NeedsBacktracking> {
        let c = self.next()?;
        Ok(match c {
            // ControlEscape.
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\u{b}',
            // `c` AsciiLetter: its code point modulo 32.
            'c' => {
                let l = self.next()?;
                if !l.is_ascii_alphabetic() {
                    return Err(UNREAD);
                }
                char::from(l as u8 % 32)
            }
            // `0` [lookahead ∉ DecimalDigit].
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => '\0',
            // HexEscapeSequence.
            'x' => {
                let v = self.hex_digits(2)?;
                char::from_u32(v).ok_or(UNREAD)?
            }
            'u' => self.unicode_escape()?,
            'b' if in_class => '\u{8}',
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => c,
            '&' | '-' | '!' | '#' | '%' | ',' | ':' | ';' | '<' | '=' | '>' | '@' | '`' | '~'
                if in_class =>
            {
                c
            }
            _ => return Err(UNREAD),
        })
    }

    fn hex_digits(&mut self, n: usize) -> Result<u32, NeedsBacktracking> {
        let mut v = 0;
        for _ in 0..n {
            v = v * 16 + self.next()?.to_digit(16).ok_or(UNREAD)?;
        }
        Ok(v)
    }

    /// [RegExpUnicodeEscapeSequence](https://tc39.es/ecma262/#prod-RegExpUnicodeEscapeSequence)
    /// with `u` (after `\u`): `XXXX`, a surrogate pair `XXXX\uXXXX`, or `{X...}`. A lone
    /// surrogate, which no Rust string holds, is left to the backtracking engine.
    fn unicode_escape(&mut self) -> Result<char, NeedsBacktracking> {
        const LONE: NeedsBacktracking = NeedsBacktracking("a lone surrogate");
        if self.eat('{') {
            let mut v: u32 = 0;
            let start = self.pos;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                v = v
                    .checked_mul(16)
                    .and_then(|v| v.checked_add(d))
                    .ok_or(UNREAD)?;
                self.pos += 1;
            }
            if self.pos == start || !self.eat('}') {
                return Err(UNREAD);
            }
            return char::from_u32(v).ok_or(LONE);
        }
        let lead = self.hex_digits(4)?;
        if (0xD800..0xDC00).contains(&lead) {
            let save = self.pos;
            if self.eat_str("\\u")
                && let Ok(trail) = self.hex_digits(4)
                && (0xDC00..0xE000).contains(&trail)
            {
                let v = 0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00);
                return char::from_u32(v).ok_or(UNREAD);
            }
            self.pos = save;
            return Err(LONE);
        }
        char::from_u32(lead).ok_or(LONE)
    }

    /// [CharacterClass](https://tc39.es/ecma262/#prod-CharacterClass) with `v` (after the
    /// `[`): `^`? [ClassSetExpression](https://tc39.es/ecma262/#prod-ClassSetExpression) `]`,
    /// as a folded set ([CompileToCharSet](https://tc39.es/ecma262/#sec-compiletocharset)).
    fn class_contents_until_close(&mut self) -> Result<ClassUnicode, NeedsBacktracking> {
        self.depth += 1;
        if self.depth > MAX_REGEXP_NESTING {
            return Err(NeedsBacktracking("nesting too deep"));
        }
        let negate = self.eat('^');
        let mut set = ClassUnicode::empty();
        if !self.eat(']') {
            let first = self.class_set_range_or_operand()?;
            let operator = self.peek_at(1) == self.peek() && matches!(self.peek(), Some('&' | '-'));
            if operator && self.ignore_case {
                // With `i`, V8 and `regress` answer `[\w--k]` otherwise than folding each
                // operand (MaybeSimpleCaseFolding) would: what JavaScript does is unsettled.
                return Err(NeedsBacktracking("a class set operation with the i flag"));
            }
            if self.eat_str("&&") {
                // ClassIntersection: operands joined by `&&`.
                set = first;
                loop {
                    let operand = self.class_set_operand()?;
                    set.intersect(&operand);
                    if !self.eat_str("&&") {
                        break;
                    }
                }
            } else if self.eat_str("--") {
                // ClassSubtraction: operands joined by `--`.
                set = first;
                loop {
                    let operand = self.class_set_operand()?;
                    set.difference(&operand);
                    if !self.eat_str("--") {
                        break;
                    }
                }
            } else {
                // ClassUnion: ranges and operands.
                set = first;
                while self.peek().is_some_and(|c| c != ']') {
                    let next = self.class_set_range_or_operand()?;
                    set.union(&next);
                }
            }
            if !self.eat(']') {
                return Err(UNREAD);
            }
        }
        if negate {
            // CharacterComplement, within the folded code points when `i` (see `fold`).
            set.negate();
        }
        self.depth -= 1;
        Ok(set)
    }

    /// [ClassSetRange](https://tc39.es/ecma262/#prod-ClassSetRange) or
    /// [ClassSetOperand](https://tc39.es/ecma262/#prod-ClassSetOperand).
    fn class_set_range_or_operand(&mut self) -> Result<ClassUnicode, NeedsBacktracking> {
        let save = self.pos;
        if let Some(lo) = self.class_set_character()? {
            if self.peek() == Some('-') && self.peek_at(1) != Some('-') {
                self.pos += 1;
                let hi = self.class_set_character()?.ok_or(UNREAD)?;
                if lo > hi {
                    return Err(UNREAD);
                }
                return Ok(self.fold(class(&[(lo, hi)])));
            }
            return Ok(self.char_class(lo));
        }
        self.pos = save;
        self.class_set_operand()
    }

    /// [ClassSetOperand](https://tc39.es/ecma262/#prod-ClassSetOperand): NestedClass,
    /// ClassStringDisjunction (left to the backtracking engine), or ClassSetCharacter.
    fn class_set_operand(&mut self) -> Result<ClassUnicode, NeedsBacktracking> {
        if self.eat('[') {
            return self.class_contents_until_close();
        }
        if self.peek() == Some('\\') {
            if self.peek_at(1) == Some('q') {
                return Err(NeedsBacktracking("a \\q{...} string disjunction"));
            }
            let save = self.pos;
            self.pos += 1;
            if let Some(set) = self.character_class_escape()? {
                return Ok(set);
            }
            self.pos = save;
        }
        let c = self.class_set_character()?.ok_or(UNREAD)?;
        Ok(self.char_class(c))
    }

    /// [ClassSetCharacter](https://tc39.es/ecma262/#prod-ClassSetCharacter), or `None` (and
    /// nothing consumed) when the next thing is not one.
    fn class_set_character(&mut self) -> Result<Option<char>, NeedsBacktracking> {
        match self.peek() {
            None => Err(UNREAD),
            Some('\\') => {
                if matches!(
                    self.peek_at(1),
                    Some('d' | 'D' | 's' | 'S' | 'w' | 'W' | 'p' | 'P' | 'q')
                ) {
                    return Ok(None);
                }
                self.pos += 1;
                self.character_escape(true).map(Some)
            }
            // ClassSetSyntaxCharacter.
            Some('(' | ')' | '[' | ']' | '{' | '}' | '/' | '-' | '|') => Ok(None),
            Some(c) => {
                self.pos += 1;
                Ok(Some(c))
            }
        }
    }
}

/// For the project's tests: each engine on its own, on any expression.
#[cfg(feature = "_test-hooks")]
pub mod hooks {
    use super::{Anchored, Input, NonMaxUsize, Program, meta, parse};

    /// A match's group spans (groups `1..`), or `None` when there is no match.
    pub type Groups = Option<Vec<Option<(usize, usize)>>>;

    /// One expression compiled by each engine that takes it.
    pub struct Engines {
        linear: Result<(meta::Regex, usize), &'static str>,
        bounded: Result<Program, &'static str>,
        backtracking: regress::Regex,
    }

    /// The bounded matcher ran out of steps.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Exhausted;

    impl Engines {
        /// `source` with the flags `uv` (`uvi`); `Err` when the expression is not valid.
        pub fn new(source: &str, ignore_case: bool) -> Result<Engines, String> {
            let flags = if ignore_case { "uvi" } else { "uv" };
            let backtracking =
                regress::Regex::with_flags(source, flags).map_err(|e| e.to_string())?;
            let parsed = parse(source, ignore_case).map_err(|why| why.0);
            let linear = parsed.as_ref().map_err(|why| *why).and_then(|parsed| {
                let regex = super::linear_from(parsed, ignore_case).map_err(|why| why.0)?;
                let groups = super::to_hir(&parsed.node, ignore_case)
                    .map_err(|why| why.0)?
                    .properties()
                    .explicit_captures_len();
                Ok((regex, groups))
            });
            let bounded = parsed.map(|parsed| Program::compile(&parsed, ignore_case));
            Ok(Engines {
                linear,
                bounded,
                backtracking,
            })
        }

        /// The engine the expression runs on: `"linear"`, or why it needs backtracking.
        pub fn engine(&self) -> &'static str {
            match &self.linear {
                Ok(_) => "linear",
                Err(why) => why,
            }
        }

        /// The linear engine, anchored at the start (like the generated expressions), or
        /// why it does not take the expression.
        pub fn linear(&self, input: &str) -> Result<Groups, &'static str> {
            let (regex, groups) = self.linear.as_ref().map_err(|why| *why)?;
            let mut slots = vec![None::<NonMaxUsize>; 2 * (groups + 1)];
            let anchored = Input::new(input).anchored(Anchored::Yes);
            if regex.search_slots(&anchored, &mut slots).is_none() {
                return Ok(None);
            }
            Ok(Some(
                (1..=*groups)
                    .map(|i| match (slots[2 * i], slots[2 * i + 1]) {
                        (Some(s), Some(e)) => Some((s.get(), e.get())),
                        _ => None,
                    })
                    .collect(),
            ))
        }

        /// The bounded backtracking matcher, anchored at the start, with `max_steps` steps:
        /// `Err(Ok(why))` when the parser does not read the expression, `Err(Err(Exhausted))`
        /// when the steps ran out.
        pub fn bounded(
            &self,
            input: &str,
            max_steps: u64,
        ) -> Result<Groups, Result<&'static str, Exhausted>> {
            let program = self.bounded.as_ref().map_err(|why| Ok(*why))?;
            let spans = program.exec(input, max_steps).map_err(|_| Err(Exhausted))?;
            Ok(spans.map(|s| s[1..].to_vec()))
        }

        /// The steps the bounded matcher takes on `input` with `max_steps` (more than
        /// `max_steps` when they run out), or why the parser does not read the expression.
        pub fn bounded_steps(&self, input: &str, max_steps: u64) -> Result<u64, &'static str> {
            let program = self.bounded.as_ref().map_err(|why| *why)?;
            Ok(program.exec_counting(input, max_steps).1)
        }

        /// `regress`, the match that starts at 0: what JavaScript's engine gives.
        pub fn backtracking(&self, input: &str) -> Groups {
            self.backtracking
                .find(input)
                .filter(|m| m.start() == 0)
                .map(|m| {
                    m.captures
                        .iter()
                        .map(|r| r.as_ref().map(|r| (r.start, r.end)))
                        .collect()
                })
        }
    }

    /// The engine `source` runs on in a URL pattern ([`Engines::engine`]).
    pub fn engine(source: &str, ignore_case: bool) -> Result<&'static str, String> {
        Ok(super::regexp_create(source, ignore_case, u64::MAX)?
            .1
            .describe())
    }

    /// Whether `source` runs on `regress` (the parser does not read it) in a URL pattern.
    pub fn on_regress(source: &str, ignore_case: bool) -> Result<bool, String> {
        Ok(matches!(
            super::regexp_create(source, ignore_case, u64::MAX)?.1,
            super::EngineKind::Unbounded(_)
        ))
    }
}
