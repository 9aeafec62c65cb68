//! The regular expression of a component with custom regexp groups: [RegExpCreate] with the
//! flags the URL Pattern Standard gives (`v`, or `vi` with `ignoreCase`), and
//! RegExpBuiltinExec of it (anchored, as the generated expression is `^...$`).
//!
//! The expression is read once, rule by rule from ECMA-262's
//! [pattern grammar](https://tc39.es/ecma262/#sec-patterns) (with the `v` flag's class sets,
//! and the [modifiers](https://tc39.es/ecma262/#prod-RegularExpressionModifiers) of ES2025),
//! into a [`Node`] tree, which one of two engines runs; no expression runs without a time
//! bound:
//!
//! - **Linear** (`regex-automata`'s meta regex): the tree translated into a `regex-syntax`
//!   [`Hir`] whose meaning is the same as ECMAScript's, written out explicitly where the two
//!   differ (`.`, `\d` `\s` `\w` `\b`, `^` `$`, case-insensitive matching as ECMAScript's
//!   simple case folding, per group with `(?i:...)`, class set operations and `\q{...}`
//!   strings). Its matching time is linear in the input (a lazy DFA or a Pike VM, never
//!   backtracking), and its groups are those of ECMAScript's leftmost-first backtracking.
//! - **Bounded backtracking** ([`super::backtrack`], ECMA-262's pattern semantics with a
//!   step budget), for what the translator does not take: lookaround, backreferences, named
//!   groups, `\b` with `i`, `^` and `$` under the `m` modifier, a quantified capturing group
//!   that repeats or can match the empty string, and expressions too large for the linear
//!   engine. A match that takes more steps than
//!   [`PatternLimits::max_regexp_steps`](super::PatternLimits::max_regexp_steps) stops with
//!   [`StepsExhausted`].
//!
//! Every expression is first compiled by `regress` (an ECMAScript engine), so that what is a
//! syntax error (and its message) does not depend on weburl's parser; `regress` never
//! matches. It compiles the expression with each `Script_Extensions` property name read as
//! `Script` (`\p{scx=Arabic}` as `\p{sc=Arabic}`): the two take the same values in
//! `regress`, and `regress` 0.10.5 fails a debug assertion of its own on the
//! `Script_Extensions` sets of eight scripts (Arabic, Bengali, Cyrillic, Devanagari,
//! Grantha, Gujarati, Gurmukhi, Tamil), which would make a debug build panic. What is
//! accepted is the same; what matches is always weburl's `Script_Extensions` table.
//!
//! What the parser reads beyond the basic grammar, and where its data comes from:
//!
//! - **Unicode property escapes** (`\p{...}`, `\P{...}`, in and out of classes): the names
//!   ECMA-262 allows ([table of non-binary properties](https://tc39.es/ecma262/#table-nonbinary-unicode-properties):
//!   `General_Category`/`gc`, `Script`/`sc`, `Script_Extensions`/`scx`, a lone
//!   General_Category value; and its
//!   [binary properties](https://tc39.es/ecma262/#table-binary-unicode-properties)) are
//!   looked up in `regex-syntax`'s Unicode tables (Unicode 16), one source for both engines;
//!   `Changes_When_NFKC_Casefolded`, which `regex-syntax` has no table for, comes from ICU4X's
//!   (`icu_properties`, Unicode 17). `regress`'s own tables are older (Unicode 15.1), so
//!   names that came later are syntax errors (as in an engine of that version), and the
//!   code points assigned or recategorised since match as Unicode 16 says. `gc=Surrogate`
//!   is empty: no Rust string holds a surrogate.
//! - **Properties of strings** (`\p{RGI_Emoji}`, `Basic_Emoji`, `Emoji_Keycap_Sequence`,
//!   `RGI_Emoji_Modifier_Sequence`, `RGI_Emoji_Flag_Sequence`, `RGI_Emoji_Tag_Sequence`,
//!   `RGI_Emoji_ZWJ_Sequence`) are refused when the pattern is built, before `regress`
//!   sees them ([`RegExpError::Unsupported`]): neither `regex-syntax` nor ICU4X has their
//!   lists of sequences (only `regress` does, privately, and its alternation of thousands of
//!   sequences can exhaust the stack), and a URL component is not where emoji sequences are
//!   matched.
//! - **`\q{...}` and class set operations** (`--`, `&&`, also with `i`): a class is a set of
//!   code points and strings ([CompileToCharSet](https://tc39.es/ecma262/#sec-compiletocharset)),
//!   each operand folded by [MaybeSimpleCaseFolding](https://tc39.es/ecma262/#sec-maybesimplecasefolding)
//!   with `i`; one with strings of other lengths than one is matched as an alternation,
//!   longest strings first, then the single code points, then the empty string
//!   ([CompileAtom](https://tc39.es/ecma262/#sec-compileatom)).
//! - **Modifiers** (`(?i:...)`, `(?-i:...)`, `(?ims-ims:...)`): `i` folds the sets and
//!   literals inside (and `\b`, backreferences), `s` makes `.` every code point, `m` makes
//!   `^` and `$` match at line terminators (on the bounded matcher).
//! - **Group names written with escapes** (`(?<\u0061b>...)`, `\k<\u{61}b>`): decoded.
//! - **Lone surrogates** (`\uD800`, in a class or a range end): a UTF-8 string never holds
//!   one, as a well-formed URL component (UTF-16 in JavaScript) does not; so they match
//!   nothing (an empty set), and a range is kept to its code points that are not surrogates.
//!
//! [RegExpCreate]: https://tc39.es/ecma262/#sec-regexpcreate

use std::borrow::Cow;
use std::collections::BTreeSet;

use regex_automata::util::primitives::NonMaxUsize;
use regex_automata::{Anchored, Input, MatchKind, meta};
use regex_syntax::hir::{
    Capture, Class, ClassUnicode, ClassUnicodeRange, Hir, HirKind, Look, Repetition,
};

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
}

/// The engine a regular expression runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EngineKind {
    /// [`RegExp::Linear`].
    Linear,
    /// [`RegExp::Bounded`], with why.
    Backtracking(NeedsBacktracking),
}

impl EngineKind {
    /// Whether the engine backtracks.
    pub(crate) fn backtracks(self) -> bool {
        !matches!(self, EngineKind::Linear)
    }

    /// `"linear"`, or why the expression needs backtracking.
    #[cfg_attr(not(feature = "_test-hooks"), allow(dead_code))]
    pub(crate) fn describe(self) -> &'static str {
        match self {
            EngineKind::Linear => "linear",
            EngineKind::Backtracking(why) => why.0,
        }
    }
}

/// Why an expression stays on a backtracking engine: the construct (or limit) the
/// translator does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NeedsBacktracking(pub(crate) &'static str);

/// Why an expression that `regress` compiled is not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RegExpError {
    /// Not a valid expression: `regress`'s message, or an early error that `regress` lets
    /// through (a backreference to a group that does not exist).
    Syntax(String),
    /// Valid ECMAScript that weburl does not run (a property of strings), and why.
    Unsupported(String),
}

impl std::fmt::Display for RegExpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegExpError::Syntax(m) | RegExpError::Unsupported(m) => f.write_str(m),
        }
    }
}

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
/// does not take runs on the bounded backtracking matcher (`max_steps` steps per match).
pub(crate) fn regexp_create(
    source: &str,
    ignore_case: bool,
    max_steps: u64,
) -> Result<(RegExp, EngineKind), RegExpError> {
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
                    return Err(RegExpError::Syntax(format!(
                        "groups or classes nested more than {MAX_REGEXP_NESTING} deep"
                    )));
                }
            }
            b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    refuse_properties_of_strings(source)?;
    regress_syntax_check(source, ignore_case)?;
    let parsed = parse(source, ignore_case)?;
    match linear_from(&parsed) {
        Ok(linear) => Ok((RegExp::Linear(linear), EngineKind::Linear)),
        Err(why) => Ok((
            RegExp::Bounded {
                program: Box::new(Program::compile(&parsed)),
                max_steps,
            },
            EngineKind::Backtracking(why),
        )),
    }
}

/// The syntax check: `regress` compiles the expression ([`regress_syntax_source`]) with the
/// flags `uv` (`uvi`), and its message is the error.
fn regress_syntax_check(source: &str, ignore_case: bool) -> Result<(), RegExpError> {
    let flags = if ignore_case { "uvi" } else { "uv" };
    regress::Regex::with_flags(&regress_syntax_source(source), flags)
        .map(drop)
        .map_err(|e| RegExpError::Syntax(e.to_string()))
}

/// Where the contents of each `\p{...}` and `\P{...}` escape of `source` begin (the byte
/// after `{`). With the `u` and `v` flags a backslash always escapes the character after
/// it, so a backslash that is itself escaped (`\\p{`) starts no escape.
fn property_escapes(source: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = source.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            if bytes[i] != b'\\' {
                i += 1;
                continue;
            }
            // The escaped character is not an escape itself (the bytes after the first of a
            // multi-byte character are never a backslash).
            let escaped = i + 1;
            i += 2;
            if matches!(bytes.get(escaped), Some(b'p' | b'P'))
                && bytes.get(escaped + 1) == Some(&b'{')
            {
                return Some(escaped + 2);
            }
        }
        None
    })
}

/// Refuses a property of strings (`\p{RGI_Emoji}`...) before `regress` compiles the
/// expression: weburl does not run them, and `regress` builds an alternation of thousands of
/// sequences for each, on which it can exhaust the thread's stack.
fn refuse_properties_of_strings(source: &str) -> Result<(), RegExpError> {
    for at in property_escapes(source) {
        if let Some((name, _)) = source[at..].split_once('}')
            && STRING_PROPERTIES.contains(&name)
        {
            unicode_property(None, name)?;
        }
    }
    Ok(())
}

/// The text `regress` compiles as the syntax check: `source`, with the property name of each
/// `Script_Extensions` escape (`\p{scx=...}`, `\P{Script_Extensions=...}`) read as `Script`
/// (`sc`, `Script`).
///
/// `regress` 0.10.5 fails a debug assertion of its own on the `Script_Extensions` tables of
/// eight scripts (Arabic, Bengali, Cyrillic, Devanagari, Grantha, Gujarati, Gurmukhi, Tamil:
/// ranges that touch), so a debug build would panic on `\p{scx=Arabic}`. The check only needs
/// what `regress` accepts, not its sets, and for that the two names are one: `regress` looks
/// a value up in the same table of script names for both (every name and alias, in `\p` and
/// `\P`, in and out of classes, with and without `i`, is checked in the tests), and no later
/// rule reads which code points a property holds. Matching uses weburl's own tables.
fn regress_syntax_source(source: &str) -> Cow<'_, str> {
    let mut checked = String::new();
    let mut copied = 0;
    for at in property_escapes(source) {
        let rest = &source[at..];
        let (name, script) = if rest.starts_with("scx=") {
            ("scx", "sc")
        } else if rest.starts_with("Script_Extensions=") {
            ("Script_Extensions", "Script")
        } else {
            continue;
        };
        checked.push_str(&source[copied..at]);
        checked.push_str(script);
        copied = at + name.len();
    }
    if copied == 0 {
        return Cow::Borrowed(source);
    }
    checked.push_str(&source[copied..]);
    Cow::Owned(checked)
}

/// The linear engine's regex for a parsed expression, or why it needs backtracking.
fn linear_from(parsed: &Parsed) -> Result<meta::Regex, NeedsBacktracking> {
    let hir = to_hir(&parsed.node)?;
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
    /// [Assertion](https://tc39.es/ecma262/#prod-Assertion) `^`: the input's start, or with the `m` modifier (`multiline`) also just
    /// after a [LineTerminator](https://tc39.es/ecma262/#prod-LineTerminator).
    Start { multiline: bool },
    /// Assertion `$`: the input's end, or with `multiline` also just before a
    /// LineTerminator.
    End { multiline: bool },
    /// Assertion `\b` (`\B` when `negate`), with [IsWordChar](https://tc39.es/ecma262/#sec-runtime-semantics-iswordchar-abstract-operation)'s
    /// WordCharacters as `i` (`ignore_case`, the flag or a modifier) makes them.
    WordBoundary { negate: bool, ignore_case: bool },
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
    /// once the whole expression is read); code points compared by Canonicalize when
    /// `ignore_case`.
    Backref {
        groups: Vec<u32>,
        name: Option<String>,
        ignore_case: bool,
    },
}

/// A parsed expression: its tree and how many capturing groups it has.
#[derive(Debug, Clone)]
pub(crate) struct Parsed {
    pub(crate) node: Node,
    pub(crate) captures: u32,
}

/// Parses an ECMAScript [Pattern](https://tc39.es/ecma262/#prod-Pattern) (a valid one, with
/// the `v` flag, and `i` when `ignore_case`), or says why it is not run: a syntax error that
/// `regress` let through, or a construct weburl does not support (a property of strings).
pub(crate) fn parse(source: &str, ignore_case: bool) -> Result<Parsed, RegExpError> {
    let mut p = Parser {
        chars: source.chars().collect(),
        pos: 0,
        modifiers: Modifiers {
            ignore_case,
            multiline: false,
            dot_all: false,
        },
        captures: 0,
        depth: 0,
        names: Vec::new(),
    };
    let mut node = p.disjunction()?;
    if p.pos != p.chars.len() {
        return Err(unread(p.pos));
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
/// a backreference to a group that does not exist is a syntax error (an early error, which
/// `regress` lets through for numbers).
fn resolve_backrefs(
    node: &mut Node,
    names: &[(String, u32)],
    captures: u32,
) -> Result<(), RegExpError> {
    match node {
        Node::Backref { groups, name, .. } => {
            if let Some(name) = name {
                groups.extend(names.iter().filter(|(n, _)| n == name).map(|&(_, i)| i));
            }
            if groups.is_empty() || groups.iter().any(|&g| g == 0 || g > captures) {
                return Err(RegExpError::Syntax(match name {
                    Some(name) => format!("\\k<{name}> names no group"),
                    None => format!(
                        "\\{} refers to a group that does not exist ({captures} groups)",
                        groups.first().copied().unwrap_or(0)
                    ),
                }));
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
pub(crate) fn to_hir(node: &Node) -> Result<Hir, NeedsBacktracking> {
    Ok(match node {
        Node::Char(c) => {
            let mut buf = [0; 4];
            Hir::literal(c.encode_utf8(&mut buf).as_bytes())
        }
        Node::Set(set) => Hir::class(Class::Unicode(set.clone())),
        Node::Concat(v) => Hir::concat(v.iter().map(to_hir).collect::<Result<_, _>>()?),
        Node::Alt(v) => Hir::alternation(v.iter().map(to_hir).collect::<Result<_, _>>()?),
        // Without the `m` flag, `^` and `$` are the start and end of the input.
        Node::Start { multiline: false } => Hir::look(Look::Start),
        Node::End { multiline: false } => Hir::look(Look::End),
        // With it, they are also at a LineTerminator (LF, CR, LS, PS; between CR and LF
        // too), which no `regex-syntax` look-around says.
        Node::Start { multiline: true } | Node::End { multiline: true } => {
            return Err(NeedsBacktracking("^ or $ with the m modifier"));
        }
        Node::WordBoundary {
            negate,
            ignore_case,
        } => {
            if *ignore_case {
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
            sub: Box::new(to_hir(sub)?),
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
            let atom = to_hir(sub)?;
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

/// The flags that a group's [modifiers](https://tc39.es/ecma262/#prod-RegularExpressionModifiers)
/// can change, as they are at a point of the expression (`i` starts as the pattern's flag,
/// `m` and `s` off: the URL Pattern Standard sets neither).
#[derive(Debug, Clone, Copy)]
struct Modifiers {
    ignore_case: bool,
    multiline: bool,
    dot_all: bool,
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    modifiers: Modifiers,
    captures: u32,
    depth: usize,
    /// The GroupSpecifier names read so far, with their group's index.
    names: Vec<(String, u32)>,
}

/// What the parser meets where `regress` accepted the expression but the grammar does not
/// allow it (a disagreement between the two readings): refused, never run.
fn unread(pos: usize) -> RegExpError {
    RegExpError::Syntax(format!(
        "weburl's parser does not read the expression at character {pos}"
    ))
}

/// A [CharSet](https://tc39.es/ecma262/#sec-compiletocharset) of the `v` flag, as a class
/// compiles to: code points (closed under simple case folding with `i`, see
/// [`Parser::fold`]), and the strings of other lengths than one (with `i`, each code point
/// written as the smallest of its folding class, so that equal strings under
/// Canonicalize are one element).
#[derive(Debug, Clone)]
struct CharSet {
    chars: ClassUnicode,
    strings: BTreeSet<Vec<char>>,
}

impl CharSet {
    fn of(chars: ClassUnicode) -> CharSet {
        CharSet {
            chars,
            strings: BTreeSet::new(),
        }
    }

    /// [ClassUnion](https://tc39.es/ecma262/#prod-ClassUnion).
    fn union(&mut self, other: CharSet) {
        self.chars.union(&other.chars);
        self.strings.extend(other.strings);
    }

    /// [ClassIntersection](https://tc39.es/ecma262/#prod-ClassIntersection): the elements
    /// in both.
    fn intersect(&mut self, other: &CharSet) {
        self.chars.intersect(&other.chars);
        self.strings.retain(|s| other.strings.contains(s));
    }

    /// [ClassSubtraction](https://tc39.es/ecma262/#prod-ClassSubtraction): the elements of
    /// `self` not in `other`.
    fn difference(&mut self, other: &CharSet) {
        self.chars.difference(&other.chars);
        self.strings.retain(|s| !other.strings.contains(s));
    }
}

/// The code points from `lo` to `hi` (inclusive) that are not surrogates: a range whose end
/// is a lone surrogate keeps the code points a UTF-8 string can hold.
fn code_point_range(lo: u32, hi: u32) -> ClassUnicode {
    let mut set = ClassUnicode::empty();
    let mut add = |a: u32, b: u32| {
        if let (Some(a), Some(b)) = (char::from_u32(a), char::from_u32(b))
            && a <= b
        {
            set.push(ClassUnicodeRange::new(a, b));
        }
    };
    if lo < 0xD800 {
        add(lo, hi.min(0xD7FF));
    }
    if hi >= 0xE000 {
        add(lo.max(0xE000), hi);
    }
    set
}

/// The smallest code point of `c`'s simple case folding class (with the folds of
/// [`NEWER_FOLDS`] left out, as everywhere): one representative per class, for the strings of
/// a [`CharSet`] with `i`.
fn canonical_code_point(c: char) -> char {
    maybe_simple_case_folding(class(&[(c, c)]), true)
        .ranges()
        .first()
        .map_or(c, |r| r.start())
}

/// The [binary Unicode properties](https://tc39.es/ecma262/#table-binary-unicode-properties)
/// ECMA-262 allows, by name and alias, with the name `regex-syntax` knows them by.
const BINARY_PROPERTIES: &[(&str, &str)] = &[
    ("ASCII", "ASCII"),
    ("ASCII_Hex_Digit", "ASCII_Hex_Digit"),
    ("AHex", "ASCII_Hex_Digit"),
    ("Alphabetic", "Alphabetic"),
    ("Alpha", "Alphabetic"),
    ("Any", "Any"),
    ("Assigned", "Assigned"),
    ("Bidi_Control", "Bidi_Control"),
    ("Bidi_C", "Bidi_Control"),
    ("Bidi_Mirrored", "Bidi_Mirrored"),
    ("Bidi_M", "Bidi_Mirrored"),
    ("Case_Ignorable", "Case_Ignorable"),
    ("CI", "Case_Ignorable"),
    ("Cased", "Cased"),
    ("Changes_When_Casefolded", "Changes_When_Casefolded"),
    ("CWCF", "Changes_When_Casefolded"),
    ("Changes_When_Casemapped", "Changes_When_Casemapped"),
    ("CWCM", "Changes_When_Casemapped"),
    ("Changes_When_Lowercased", "Changes_When_Lowercased"),
    ("CWL", "Changes_When_Lowercased"),
    ("Changes_When_NFKC_Casefolded", CWKCF),
    ("CWKCF", CWKCF),
    ("Changes_When_Titlecased", "Changes_When_Titlecased"),
    ("CWT", "Changes_When_Titlecased"),
    ("Changes_When_Uppercased", "Changes_When_Uppercased"),
    ("CWU", "Changes_When_Uppercased"),
    ("Dash", "Dash"),
    (
        "Default_Ignorable_Code_Point",
        "Default_Ignorable_Code_Point",
    ),
    ("DI", "Default_Ignorable_Code_Point"),
    ("Deprecated", "Deprecated"),
    ("Dep", "Deprecated"),
    ("Diacritic", "Diacritic"),
    ("Dia", "Diacritic"),
    ("Emoji", "Emoji"),
    ("Emoji_Component", "Emoji_Component"),
    ("EComp", "Emoji_Component"),
    ("Emoji_Modifier", "Emoji_Modifier"),
    ("EMod", "Emoji_Modifier"),
    ("Emoji_Modifier_Base", "Emoji_Modifier_Base"),
    ("EBase", "Emoji_Modifier_Base"),
    ("Emoji_Presentation", "Emoji_Presentation"),
    ("EPres", "Emoji_Presentation"),
    ("Extended_Pictographic", "Extended_Pictographic"),
    ("ExtPict", "Extended_Pictographic"),
    ("Extender", "Extender"),
    ("Ext", "Extender"),
    ("Grapheme_Base", "Grapheme_Base"),
    ("Gr_Base", "Grapheme_Base"),
    ("Grapheme_Extend", "Grapheme_Extend"),
    ("Gr_Ext", "Grapheme_Extend"),
    ("Hex_Digit", "Hex_Digit"),
    ("Hex", "Hex_Digit"),
    ("IDS_Binary_Operator", "IDS_Binary_Operator"),
    ("IDSB", "IDS_Binary_Operator"),
    ("IDS_Trinary_Operator", "IDS_Trinary_Operator"),
    ("IDST", "IDS_Trinary_Operator"),
    ("ID_Continue", "ID_Continue"),
    ("IDC", "ID_Continue"),
    ("ID_Start", "ID_Start"),
    ("IDS", "ID_Start"),
    ("Ideographic", "Ideographic"),
    ("Ideo", "Ideographic"),
    ("Join_Control", "Join_Control"),
    ("Join_C", "Join_Control"),
    ("Logical_Order_Exception", "Logical_Order_Exception"),
    ("LOE", "Logical_Order_Exception"),
    ("Lowercase", "Lowercase"),
    ("Lower", "Lowercase"),
    ("Math", "Math"),
    ("Noncharacter_Code_Point", "Noncharacter_Code_Point"),
    ("NChar", "Noncharacter_Code_Point"),
    ("Pattern_Syntax", "Pattern_Syntax"),
    ("Pat_Syn", "Pattern_Syntax"),
    ("Pattern_White_Space", "Pattern_White_Space"),
    ("Pat_WS", "Pattern_White_Space"),
    ("Quotation_Mark", "Quotation_Mark"),
    ("QMark", "Quotation_Mark"),
    ("Radical", "Radical"),
    ("Regional_Indicator", "Regional_Indicator"),
    ("RI", "Regional_Indicator"),
    ("Sentence_Terminal", "Sentence_Terminal"),
    ("STerm", "Sentence_Terminal"),
    ("Soft_Dotted", "Soft_Dotted"),
    ("SD", "Soft_Dotted"),
    ("Terminal_Punctuation", "Terminal_Punctuation"),
    ("Term", "Terminal_Punctuation"),
    ("Unified_Ideograph", "Unified_Ideograph"),
    ("UIdeo", "Unified_Ideograph"),
    ("Uppercase", "Uppercase"),
    ("Upper", "Uppercase"),
    ("Variation_Selector", "Variation_Selector"),
    ("VS", "Variation_Selector"),
    ("White_Space", "White_Space"),
    ("space", "White_Space"),
    ("XID_Continue", "XID_Continue"),
    ("XIDC", "XID_Continue"),
    ("XID_Start", "XID_Start"),
    ("XIDS", "XID_Start"),
];

/// `Changes_When_NFKC_Casefolded`, which `regex-syntax` has no table for: read from ICU4X.
const CWKCF: &str = "Changes_When_NFKC_Casefolded";

/// The [binary properties of strings](https://tc39.es/ecma262/#table-binary-unicode-properties-of-strings),
/// which weburl refuses (see the module's documentation).
const STRING_PROPERTIES: &[&str] = &[
    "Basic_Emoji",
    "Emoji_Keycap_Sequence",
    "RGI_Emoji_Modifier_Sequence",
    "RGI_Emoji_Flag_Sequence",
    "RGI_Emoji_Tag_Sequence",
    "RGI_Emoji_ZWJ_Sequence",
    "RGI_Emoji",
];

/// The code points of a [UnicodePropertyValueExpression](https://tc39.es/ecma262/#prod-UnicodePropertyValueExpression)
/// (`name=value`, or a lone `value`) that `regress` accepted: `General_Category`, `Script`
/// and `Script_Extensions` values and the binary properties, from `regex-syntax`'s tables
/// (ICU4X's for `Changes_When_NFKC_Casefolded`); `gc=Surrogate` is empty (no Rust string
/// holds a surrogate). A property of strings is [`RegExpError::Unsupported`].
pub(crate) fn unicode_property(
    name: Option<&str>,
    value: &str,
) -> Result<ClassUnicode, RegExpError> {
    let general_category = |value: &str| {
        if matches!(value, "Cs" | "Surrogate") {
            Ok(ClassUnicode::empty())
        } else {
            property_table(&format!("gc={value}"))
        }
    };
    match name {
        Some("General_Category" | "gc") => general_category(value),
        Some("Script" | "sc") => property_table(&format!("sc={value}")),
        Some("Script_Extensions" | "scx") => property_table(&format!("scx={value}")),
        Some(name) => Err(RegExpError::Syntax(format!(
            "{name} is not a Unicode property with values"
        ))),
        None => {
            if let Some(&(_, table)) = BINARY_PROPERTIES.iter().find(|(n, _)| *n == value) {
                if table == CWKCF {
                    use icu_properties::{CodePointSetData, props::ChangesWhenNfkcCasefolded};
                    let set = CodePointSetData::new::<ChangesWhenNfkcCasefolded>();
                    return Ok(set
                        .iter_ranges()
                        .map(|r| code_point_range(*r.start(), *r.end()))
                        .fold(ClassUnicode::empty(), |mut all, part| {
                            all.union(&part);
                            all
                        }));
                }
                return property_table(table);
            }
            if STRING_PROPERTIES.contains(&value) {
                return Err(RegExpError::Unsupported(format!(
                    "\\p{{{value}}} is a property of strings (emoji sequences), whose lists \
                     weburl does not carry"
                )));
            }
            general_category(value)
        }
    }
}

/// The class `\p{query}` of `regex-syntax`'s Unicode tables.
fn property_table(query: &str) -> Result<ClassUnicode, RegExpError> {
    let missing = || {
        RegExpError::Unsupported(format!(
            "the Unicode property {query} has no table in weburl's Unicode data"
        ))
    };
    let hir = regex_syntax::ParserBuilder::new()
        .build()
        .parse(&format!("\\p{{{query}}}"))
        .map_err(|_| missing())?;
    match hir.kind() {
        HirKind::Class(Class::Unicode(set)) => Ok(set.clone()),
        // A class of one code point is written as its literal.
        HirKind::Literal(lit) => {
            let c = std::str::from_utf8(&lit.0)
                .ok()
                .and_then(|s| s.chars().next())
                .ok_or_else(missing)?;
            Ok(class(&[(c, c)]))
        }
        _ => Err(missing()),
    }
}

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

    fn next(&mut self) -> Result<char, RegExpError> {
        let c = self.peek().ok_or_else(|| unread(self.pos))?;
        self.pos += 1;
        Ok(c)
    }

    fn expect(&mut self, c: char) -> Result<(), RegExpError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(unread(self.pos))
        }
    }

    /// A set of code points as it is matched: with `i` (the flag, or a modifier around this
    /// point), closed under simple case folding
    /// ([MaybeSimpleCaseFolding](https://tc39.es/ecma262/#sec-maybesimplecasefolding) and
    /// [Canonicalize](https://tc39.es/ecma262/#sec-runtime-semantics-canonicalize-ch)): a
    /// code point matches when its folding is the folding of one in the set. Complements,
    /// intersections and differences of sets closed this way are closed too, and mean what
    /// ECMAScript's [CharacterComplement](https://tc39.es/ecma262/#sec-charactercomplement)
    /// and class set operations mean on the folded sets.
    fn fold(&self, c: ClassUnicode) -> ClassUnicode {
        maybe_simple_case_folding(c, self.modifiers.ignore_case)
    }

    /// One code point as a folded set (empty for a lone surrogate).
    fn char_class(&self, cp: u32) -> ClassUnicode {
        self.fold(code_point_range(cp, cp))
    }

    /// [Disjunction](https://tc39.es/ecma262/#prod-Disjunction): Alternative (`|` Alternative)*.
    fn disjunction(&mut self) -> Result<Node, RegExpError> {
        self.depth += 1;
        if self.depth > MAX_REGEXP_NESTING {
            return Err(RegExpError::Syntax(format!(
                "groups or classes nested more than {MAX_REGEXP_NESTING} deep"
            )));
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
    fn alternative(&mut self) -> Result<Node, RegExpError> {
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

    /// [Term](https://tc39.es/ecma262/#prod-Term): Assertion | Atom Quantifier?. With `u`
    /// and `v`, an Assertion takes no Quantifier (`\b*`, `(?=a)+` are syntax errors, which
    /// `regress` lets through for some).
    fn term(&mut self) -> Result<Node, RegExpError> {
        let at = self.pos;
        let node = self.term_or_assertion()?;
        let assertion = matches!(
            node,
            Node::Start { .. } | Node::End { .. } | Node::WordBoundary { .. } | Node::Look { .. }
        );
        let quantified = match self.peek() {
            Some('*' | '+' | '?') => true,
            Some('{') => self.peek_at(1).is_some_and(|c| c.is_ascii_digit()),
            _ => false,
        };
        if assertion && quantified {
            return Err(RegExpError::Syntax(format!(
                "nothing to repeat: a quantifier after the assertion at character {at}"
            )));
        }
        Ok(node)
    }

    /// Term without the check of a quantified assertion.
    fn term_or_assertion(&mut self) -> Result<Node, RegExpError> {
        // Assertions (https://tc39.es/ecma262/#prod-Assertion).
        let multiline = self.modifiers.multiline;
        if self.eat('^') {
            return Ok(Node::Start { multiline });
        }
        if self.eat('$') {
            return Ok(Node::End { multiline });
        }
        if self.peek() == Some('\\') && matches!(self.peek_at(1), Some('b' | 'B')) {
            let negate = self.peek_at(1) == Some('B');
            self.pos += 2;
            return Ok(Node::WordBoundary {
                negate,
                ignore_case: self.modifiers.ignore_case,
            });
        }
        for (open, behind, negate) in [
            ("(?=", false, false),
            ("(?!", false, true),
            ("(?<=", true, false),
            ("(?<!", true, true),
        ] {
            if self.eat_str(open) {
                let sub = self.disjunction()?;
                self.expect(')')?;
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
    fn quantifier(&mut self, atom: Node) -> Result<Node, RegExpError> {
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
                self.expect('}')?;
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
    fn decimal(&mut self) -> Result<u64, RegExpError> {
        let start = self.pos;
        let mut n: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(u64::from(d));
            self.pos += 1;
        }
        if self.pos == start {
            return Err(unread(self.pos));
        }
        Ok(n)
    }

    /// [Atom](https://tc39.es/ecma262/#prod-Atom): PatternCharacter, `.`, `\` AtomEscape,
    /// CharacterClass, `(` GroupSpecifier? Disjunction `)`, `(?` RegularExpressionModifiers
    /// (`-` RegularExpressionModifiers)? `:` Disjunction `)`.
    fn atom(&mut self) -> Result<Node, RegExpError> {
        let at = self.pos;
        match self.next()? {
            '.' => Ok(Node::Set(if self.modifiers.dot_all {
                class(&[('\0', char::MAX)])
            } else {
                dot_class()
            })),
            '\\' => self.atom_escape(),
            '[' => {
                let set = self.class_contents_until_close()?;
                Ok(self.class_node(set))
            }
            '(' => {
                if self.peek() == Some('?')
                    && matches!(self.peek_at(1), Some('i' | 'm' | 's' | '-' | ':'))
                {
                    self.pos += 1;
                    return self.modified_group();
                }
                let mut name = None;
                if self.eat_str("?<") {
                    name = Some(self.group_name()?);
                } else if self.peek() == Some('?') {
                    return Err(unread(self.pos));
                }
                self.captures += 1;
                let index = self.captures;
                if let Some(name) = &name {
                    self.names.push((name.clone(), index));
                }
                let inner = self.disjunction()?;
                self.expect(')')?;
                Ok(Node::Group {
                    index,
                    named: name.is_some(),
                    sub: Box::new(inner),
                })
            }
            // SyntaxCharacters that cannot start an atom (`)` `]` `{` `}` `*` `+` `?` `|`
            // are syntax errors with `u`/`v`, which `regress` has refused already).
            ')' | ']' | '{' | '}' | '*' | '+' | '?' | '|' | '^' | '$' => Err(unread(at)),
            // PatternCharacter.
            c => Ok(self.literal(u32::from(c))),
        }
    }

    /// A non-capturing group after `(?`: RegularExpressionModifiers, `-` and the ones
    /// removed, `:`, then its Disjunction with the flags so modified
    /// ([UpdateModifiers](https://tc39.es/ecma262/#sec-updatemodifiers)); `(?:` is the group
    /// with no modifiers.
    fn modified_group(&mut self) -> Result<Node, RegExpError> {
        let outer = self.modifiers;
        let mut add = true;
        loop {
            match self.next()? {
                'i' => self.modifiers.ignore_case = add,
                'm' => self.modifiers.multiline = add,
                's' => self.modifiers.dot_all = add,
                '-' if add => add = false,
                ':' => break,
                _ => return Err(unread(self.pos - 1)),
            }
        }
        let inner = self.disjunction()?;
        self.modifiers = outer;
        self.expect(')')?;
        Ok(inner)
    }

    /// [GroupName](https://tc39.es/ecma262/#prod-GroupName) after the `<`, through the `>`:
    /// its code points, `\u` escapes (RegExpUnicodeEscapeSequence) decoded, so that
    /// `(?<\u0061>...)` and `\k<a>` name the same group.
    fn group_name(&mut self) -> Result<String, RegExpError> {
        let mut name = String::new();
        loop {
            let at = self.pos;
            match self.next()? {
                '>' if !name.is_empty() => return Ok(name),
                '>' => return Err(unread(at)),
                '\\' => {
                    self.expect('u')?;
                    let cp = self.unicode_escape()?;
                    name.push(char::from_u32(cp).ok_or_else(|| {
                        RegExpError::Syntax(format!(
                            "a lone surrogate in a group name at character {at}"
                        ))
                    })?);
                }
                c => name.push(c),
            }
        }
    }

    /// A PatternCharacter or escaped code point: itself, or with `i` its folded set when
    /// that set has more than one code point; a lone surrogate matches nothing.
    fn literal(&self, cp: u32) -> Node {
        let Some(c) = char::from_u32(cp) else {
            return Node::Set(ClassUnicode::empty());
        };
        if self.modifiers.ignore_case {
            let set = self.char_class(cp);
            if set.ranges().len() > 1 || set.ranges()[0].start() != set.ranges()[0].end() {
                return Node::Set(set);
            }
        }
        Node::Char(c)
    }

    /// A class's [CharSet] as it is matched
    /// ([CompileAtom](https://tc39.es/ecma262/#sec-compileatom) of a CharacterClass with
    /// `v`): a set of code points, or, with strings, an alternation of the strings longest
    /// first (code point by code point, each folded with `i`), then the single code points,
    /// then the empty string.
    fn class_node(&self, set: CharSet) -> Node {
        if set.strings.is_empty() {
            return Node::Set(set.chars);
        }
        let mut strings: Vec<&Vec<char>> = set.strings.iter().filter(|s| s.len() > 1).collect();
        strings.sort_by_key(|s| std::cmp::Reverse(s.len()));
        let mut alternatives: Vec<Node> = strings
            .into_iter()
            .map(|s| Node::Concat(s.iter().map(|&c| self.literal(u32::from(c))).collect()))
            .collect();
        if !set.chars.ranges().is_empty() {
            alternatives.push(Node::Set(set.chars));
        }
        if set.strings.contains(&Vec::new()) {
            alternatives.push(Node::Concat(Vec::new()));
        }
        if alternatives.len() == 1 {
            alternatives.pop().unwrap_or(Node::Concat(Vec::new()))
        } else {
            Node::Alt(alternatives)
        }
    }

    /// [AtomEscape](https://tc39.es/ecma262/#prod-AtomEscape) (after the `\`).
    fn atom_escape(&mut self) -> Result<Node, RegExpError> {
        let ignore_case = self.modifiers.ignore_case;
        match self.peek() {
            Some('1'..='9') => {
                // DecimalEscape: NonZeroDigit DecimalDigits (checked against the groups once
                // the whole expression is read).
                let n = self.decimal()?;
                Ok(Node::Backref {
                    groups: vec![u32::try_from(n).unwrap_or(u32::MAX)],
                    name: None,
                    ignore_case,
                })
            }
            Some('k') => {
                self.pos += 1;
                self.expect('<')?;
                let name = self.group_name()?;
                Ok(Node::Backref {
                    groups: Vec::new(),
                    name: Some(name),
                    ignore_case,
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
    /// when the escape is another one (nothing is consumed then). The negated ones are the
    /// CharacterComplement of the folded set.
    fn character_class_escape(&mut self) -> Result<Option<ClassUnicode>, RegExpError> {
        let Some(c) = self.peek() else {
            return Err(unread(self.pos));
        };
        let (mut set, negate) = match c {
            'd' | 'D' => (digit_class(), c == 'D'),
            's' | 'S' => (space_class(), c == 'S'),
            'w' | 'W' => (word_class(), c == 'W'),
            'p' | 'P' => {
                self.pos += 1;
                self.expect('{')?;
                let start = self.pos;
                while self.peek().is_some_and(|c| c != '}') {
                    self.pos += 1;
                }
                let text: String = self.chars[start..self.pos].iter().collect();
                self.expect('}')?;
                let set = match text.split_once('=') {
                    Some((name, value)) => unicode_property(Some(name), value)?,
                    None => unicode_property(None, &text)?,
                };
                let mut set = self.fold(set);
                if c == 'P' {
                    set.negate();
                }
                return Ok(Some(set));
            }
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
    /// A code point, which may be a lone surrogate.
    fn character_escape(&mut self, in_class: bool) -> Result<u32, RegExpError> {
        let at = self.pos;
        let c = self.next()?;
        Ok(match c {
            // ControlEscape.
            'f' => 0xC,
            'n' => 0xA,
            'r' => 0xD,
            't' => 0x9,
            'v' => 0xB,
            // `c` AsciiLetter: its code point modulo 32.
            'c' => {
                let l = self.next()?;
                if !l.is_ascii_alphabetic() {
                    return Err(unread(at));
                }
                u32::from(l) % 32
            }
            // `0` [lookahead ∉ DecimalDigit].
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => 0,
            // HexEscapeSequence.
            'x' => self.hex_digits(2)?,
            'u' => self.unicode_escape()?,
            'b' if in_class => 0x8,
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => u32::from(c),
            '&' | '-' | '!' | '#' | '%' | ',' | ':' | ';' | '<' | '=' | '>' | '@' | '`' | '~'
                if in_class =>
            {
                u32::from(c)
            }
            _ => return Err(unread(at)),
        })
    }

    fn hex_digits(&mut self, n: usize) -> Result<u32, RegExpError> {
        let mut v = 0;
        for _ in 0..n {
            let at = self.pos;
            v = v * 16 + self.next()?.to_digit(16).ok_or_else(|| unread(at))?;
        }
        Ok(v)
    }

    /// [RegExpUnicodeEscapeSequence](https://tc39.es/ecma262/#prod-RegExpUnicodeEscapeSequence)
    /// with `u` (after `\u`): `XXXX`, a surrogate pair `XXXX\uXXXX`, or `{X...}`; the code
    /// point, or a lone surrogate (which matches nothing, see the module's documentation).
    fn unicode_escape(&mut self) -> Result<u32, RegExpError> {
        let at = self.pos;
        if self.eat('{') {
            let mut v: u32 = 0;
            let start = self.pos;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                v = v
                    .checked_mul(16)
                    .and_then(|v| v.checked_add(d))
                    .filter(|&v| v <= 0x10FFFF)
                    .ok_or_else(|| unread(at))?;
                self.pos += 1;
            }
            if self.pos == start {
                return Err(unread(at));
            }
            self.expect('}')?;
            return Ok(v);
        }
        let lead = self.hex_digits(4)?;
        if (0xD800..0xDC00).contains(&lead) {
            let save = self.pos;
            if self.eat_str("\\u")
                && let Ok(trail) = self.hex_digits(4)
                && (0xDC00..0xE000).contains(&trail)
            {
                return Ok(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
            }
            self.pos = save;
        }
        Ok(lead)
    }

    /// [CharacterClass](https://tc39.es/ecma262/#prod-CharacterClass) with `v` (after the
    /// `[`): `^`? [ClassSetExpression](https://tc39.es/ecma262/#prod-ClassSetExpression) `]`,
    /// as a folded [CharSet] ([CompileToCharSet](https://tc39.es/ecma262/#sec-compiletocharset)).
    fn class_contents_until_close(&mut self) -> Result<CharSet, RegExpError> {
        self.depth += 1;
        if self.depth > MAX_REGEXP_NESTING {
            return Err(RegExpError::Syntax(format!(
                "groups or classes nested more than {MAX_REGEXP_NESTING} deep"
            )));
        }
        let negate = self.eat('^');
        let mut set = CharSet::of(ClassUnicode::empty());
        if !self.eat(']') {
            // Each operand is folded (MaybeSimpleCaseFolding) as it is read, with `i` too.
            set = self.class_set_range_or_operand()?;
            if self.eat_str("&&") {
                // ClassIntersection: operands joined by `&&`.
                loop {
                    let operand = self.class_set_operand()?;
                    set.intersect(&operand);
                    if !self.eat_str("&&") {
                        break;
                    }
                }
            } else if self.eat_str("--") {
                // ClassSubtraction: operands joined by `--`.
                loop {
                    let operand = self.class_set_operand()?;
                    set.difference(&operand);
                    if !self.eat_str("--") {
                        break;
                    }
                }
            } else {
                // ClassUnion: ranges and operands.
                while self.peek().is_some_and(|c| c != ']') {
                    let next = self.class_set_range_or_operand()?;
                    set.union(next);
                }
            }
            self.expect(']')?;
        }
        if negate {
            // CharacterComplement, within the folded code points when `i` (see `fold`). A
            // negated class holds no strings (MayContainStrings is an early error there).
            if !set.strings.is_empty() {
                return Err(RegExpError::Syntax(
                    "a negated class that may contain strings".to_owned(),
                ));
            }
            set.chars.negate();
        }
        self.depth -= 1;
        Ok(set)
    }

    /// [ClassSetRange](https://tc39.es/ecma262/#prod-ClassSetRange) or
    /// [ClassSetOperand](https://tc39.es/ecma262/#prod-ClassSetOperand).
    fn class_set_range_or_operand(&mut self) -> Result<CharSet, RegExpError> {
        let save = self.pos;
        if let Some(lo) = self.class_set_character()? {
            if self.peek() == Some('-') && self.peek_at(1) != Some('-') {
                self.pos += 1;
                let at = self.pos;
                let hi = self.class_set_character()?.ok_or_else(|| unread(at))?;
                if lo > hi {
                    return Err(unread(at));
                }
                return Ok(CharSet::of(self.fold(code_point_range(lo, hi))));
            }
            return Ok(CharSet::of(self.char_class(lo)));
        }
        self.pos = save;
        self.class_set_operand()
    }

    /// [ClassSetOperand](https://tc39.es/ecma262/#prod-ClassSetOperand): NestedClass,
    /// ClassStringDisjunction, or ClassSetCharacter.
    fn class_set_operand(&mut self) -> Result<CharSet, RegExpError> {
        if self.eat('[') {
            return self.class_contents_until_close();
        }
        if self.peek() == Some('\\') {
            if self.peek_at(1) == Some('q') && self.peek_at(2) == Some('{') {
                self.pos += 3;
                return self.class_string_disjunction();
            }
            let save = self.pos;
            self.pos += 1;
            if let Some(set) = self.character_class_escape()? {
                return Ok(CharSet::of(set));
            }
            self.pos = save;
        }
        let at = self.pos;
        let c = self.class_set_character()?.ok_or_else(|| unread(at))?;
        Ok(CharSet::of(self.char_class(c)))
    }

    /// [ClassStringDisjunction](https://tc39.es/ecma262/#prod-ClassStringDisjunction) after
    /// `\q{`, through the `}`: its ClassStrings, each of one code point a member of the
    /// code points (folded), the others strings (canonicalized with `i`; one with a lone
    /// surrogate can never match, and is left out).
    fn class_string_disjunction(&mut self) -> Result<CharSet, RegExpError> {
        let mut set = CharSet::of(ClassUnicode::empty());
        loop {
            let mut string = Vec::new();
            let mut lone = false;
            while !matches!(self.peek(), Some('|' | '}')) {
                let at = self.pos;
                let cp = self.class_set_character()?.ok_or_else(|| unread(at))?;
                string.push(cp);
            }
            if let [cp] = string[..] {
                set.chars.union(&self.char_class(cp));
            } else {
                let chars: Vec<char> = string
                    .iter()
                    .filter_map(|&cp| {
                        let c = char::from_u32(cp);
                        lone |= c.is_none();
                        c
                    })
                    .map(|c| {
                        if self.modifiers.ignore_case {
                            canonical_code_point(c)
                        } else {
                            c
                        }
                    })
                    .collect();
                if !lone {
                    set.strings.insert(chars);
                }
            }
            if self.eat('}') {
                return Ok(set);
            }
            self.expect('|')?;
        }
    }

    /// [ClassSetCharacter](https://tc39.es/ecma262/#prod-ClassSetCharacter) (a code point,
    /// perhaps a lone surrogate), or `None` (and nothing consumed) when the next thing is
    /// not one.
    fn class_set_character(&mut self) -> Result<Option<u32>, RegExpError> {
        match self.peek() {
            None => Err(unread(self.pos)),
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
                Ok(Some(u32::from(c)))
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

    /// One expression compiled by each engine that takes it, and by `regress` (the oracle,
    /// compiled when first asked: see [`Engines::backtracking`]).
    pub struct Engines {
        source: String,
        flags: &'static str,
        linear: Result<(meta::Regex, usize), &'static str>,
        bounded: Program,
        backtracking: std::cell::OnceCell<regress::Regex>,
    }

    /// The bounded matcher ran out of steps.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Exhausted;

    impl Engines {
        /// `source` with the flags `uv` (`uvi`); `Err` when `regress` refuses the expression
        /// or weburl does not run it (its message).
        pub fn new(source: &str, ignore_case: bool) -> Result<Engines, String> {
            super::regress_syntax_check(source, ignore_case).map_err(|e| e.to_string())?;
            let parsed = parse(source, ignore_case).map_err(|e| e.to_string())?;
            let linear = super::linear_from(&parsed)
                .map_err(|why| why.0)
                .and_then(|regex| {
                    let groups = super::to_hir(&parsed.node)
                        .map_err(|why| why.0)?
                        .properties()
                        .explicit_captures_len();
                    Ok((regex, groups))
                });
            Ok(Engines {
                source: source.to_owned(),
                flags: if ignore_case { "uvi" } else { "uv" },
                linear,
                bounded: Program::compile(&parsed),
                backtracking: std::cell::OnceCell::new(),
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

        /// The bounded backtracking matcher, anchored at the start, with `max_steps` steps
        /// ([`Exhausted`] when they ran out).
        pub fn bounded(&self, input: &str, max_steps: u64) -> Result<Groups, Exhausted> {
            let spans = self.bounded.exec(input, max_steps).map_err(|_| Exhausted)?;
            Ok(spans.map(|s| s[1..].to_vec()))
        }

        /// The steps the bounded matcher takes on `input` with `max_steps` (more than
        /// `max_steps` when they run out).
        pub fn bounded_steps(&self, input: &str, max_steps: u64) -> u64 {
            self.bounded.exec_counting(input, max_steps).1
        }

        /// `regress`, the match that starts at 0: what JavaScript's engine gives. The
        /// expression is compiled as written (its own sets are the oracle), so a debug
        /// build panics here on the `Script_Extensions` escapes whose tables fail
        /// `regress`'s debug assertion (see [`super::regress_syntax_source`]).
        pub fn backtracking(&self, input: &str) -> Groups {
            self.backtracking
                .get_or_init(|| {
                    regress::Regex::with_flags(&self.source, self.flags)
                        .expect("regress compiled the expression's syntax check")
                })
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

    /// The engine `source` runs on in a URL pattern ([`Engines::engine`]), or why it is
    /// refused (the message).
    pub fn engine(source: &str, ignore_case: bool) -> Result<&'static str, String> {
        Ok(super::regexp_create(source, ignore_case, u64::MAX)
            .map_err(|e| e.to_string())?
            .1
            .describe())
    }

    /// Whether `regress` compiles `source` as written (with the flags `uv`, `uvi`), or its
    /// message: the text [`engine`] checks is `source` with `Script_Extensions` names read
    /// as `Script`, which the tests compare with this. A debug build panics on the
    /// `Script_Extensions` escapes whose tables fail `regress`'s debug assertion.
    pub fn regress_compiles(source: &str, ignore_case: bool) -> Result<(), String> {
        let flags = if ignore_case { "uvi" } else { "uv" };
        regress::Regex::with_flags(source, flags)
            .map(drop)
            .map_err(|e| e.to_string())
    }

    /// The code point ranges of a Unicode property escape's `name=value` (or lone `value`),
    /// as both engines match it without `i`.
    pub fn unicode_property(name: Option<&str>, value: &str) -> Result<Vec<(char, char)>, String> {
        Ok(super::unicode_property(name, value)
            .map_err(|e| e.to_string())?
            .ranges()
            .iter()
            .map(|r| (r.start(), r.end()))
            .collect())
    }
}
