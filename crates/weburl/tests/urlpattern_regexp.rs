//! The engines of custom regexp groups: the linear engine (ECMAScript translated into
//! `regex-automata`) against `regress` (an ECMAScript backtracking engine) on expressions
//! generated from a grammar of the constructs the translator takes; which constructs stay
//! on the backtracking engine; and the classic ReDoS shapes inside URL patterns, which run
//! on the linear engine and answer on long inputs.
#![cfg(feature = "pattern")]

use proptest::prelude::*;
use weburl::pattern::regexp_hooks::{Engines, engine, on_regress};
use weburl::pattern::{
    DEFAULT_MAX_REGEXP_STEPS, PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternError,
    UrlPatternMatchError, UrlPatternOptions,
};

/// An ECMAScript expression (with the `v` flag) of the constructs the translator takes,
/// without capturing groups; `ci` is whether it is compiled with `i` (`\b` is left out then,
/// as it is one of the constructs that stay on the backtracking engine).
///
/// Only atoms that cannot match the empty string are quantified (nested quantifiers such as
/// `(?:a+|b)+` included): on a loop whose body can match empty inside another loop,
/// `regress` answers otherwise than V8 and the spec (`^((?:(?:x)?)*)` on `x` is `x` in
/// Node, the empty string in `regress`), so those shapes are checked against answers
/// recorded from Node in `es_specific_sets` instead.
fn es_regexp(ci: bool) -> impl Strategy<Value = String> {
    let mut leaves = vec![
        "a",
        "b",
        "k",
        "s",
        "A",
        "K",
        "S",
        "-",
        "é",
        "É",
        "\\.",
        "\\/",
        ".",
        "\\d",
        "\\D",
        "\\w",
        "\\W",
        "\\s",
        "\\S",
        "[ab]",
        "[^a-c]",
        "[a-zA-Z]",
        "[\\d\\s]",
        "[\\u{100}-\\u{17f}é]",
        "[^\\u{212A}]",
        "\\u{212A}",
        "\\u017F",
        "\\x41",
        "\\cJ",
        "\\u2028",
        "[\\u{feff}\\n]",
        "[\\-\\/.]",
        "[]",
        "[^]",
        "\\0",
        "\\t",
    ];
    if !ci {
        // Class set operations stay on the backtracking engine with `i`. (Intersections
        // are not here: `regress` answers `^(?:[[a-z]&&[^k]]){1,}` wrongly on `a`; they are
        // checked against V8's answers in `es_specific_sets`.)
        // `[^\\W]`: with `i`, the oracle's `\\W` is a nested class, which `regress` reads
        // wrongly inside a negated one.
        leaves.extend(["[\\w--b]", "[\\w--[a-c]--\\d]", "[^\\W]"]);
    }
    let leaf = prop::sample::select(leaves).prop_map(str::to_owned);
    // Expressions that match at least one character.
    let nonempty = leaf.prop_recursive(3, 16, 3, |inner| {
        let quantifier = prop::sample::select(vec!["+", "{2}", "{1,}", "+?", "{1,3}?"]);
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(|v| v.concat()),
            prop::collection::vec(inner.clone(), 1..3).prop_map(|v| format!("(?:{})", v.join("|"))),
            (inner, quantifier).prop_map(|(a, q)| format!("(?:{a}){q}")),
        ]
    });
    let quantifier = prop::sample::select(vec![
        "", "", "*", "+", "?", "{0,2}", "{2}", "{1,}", "*?", "+?", "??", "{0,2}?", "{1,}?",
    ]);
    let term = (nonempty, quantifier).prop_map(|(a, q)| format!("(?:{a}){q}"));
    prop::collection::vec(term, 1..4).prop_map(|v| v.concat())
}

/// A whole expression in the shapes the URL Pattern Standard generates: `^`, then
/// capturing groups (plain, or optional around a non-empty prefix) among fixed text, and
/// `$` (or not, to compare where a match anchored at the start ends).
fn generated_shape(ci: bool) -> impl Strategy<Value = String> {
    let group = prop_oneof![
        es_regexp(ci).prop_map(|r| format!("({r})")),
        es_regexp(ci).prop_map(|r| format!("(?:\\/({r}))?")),
        es_regexp(ci).prop_map(|r| format!("(?:x({r})y)?")),
        es_regexp(ci),
    ];
    (prop::collection::vec(group, 1..4), any::<bool>())
        .prop_map(|(groups, end)| format!("^({}){}", groups.concat(), if end { "$" } else { "" }))
}

fn subject() -> impl Strategy<Value = String> {
    let c = prop::sample::select(vec![
        'a', 'b', 'k', 's', 'A', 'K', 'S', 'x', 'y', '\u{212A}', '\u{17F}', '0', '7', '_', ' ',
        '\n', '\r', '\t', '\u{2028}', '\u{feff}', '\u{85}', '\u{a0}', '-', '/', '.', 'é', 'É',
        '\0',
    ]);
    prop::collection::vec(c, 0..9).prop_map(|v| v.into_iter().collect())
}

/// `source` for `regress` as the spec reads it: with `i` (and `v`),
/// [WordCharacters](https://tc39.es/ecma262/#sec-wordcharacters) holds U+017F and U+212A
/// (they fold to `s` and `k`), which `regress`'s `\w` lacks; so `\w` and `\W` are written
/// out.
fn spec_word_characters(source: &str, ci: bool) -> String {
    if !ci {
        return source.to_owned();
    }
    source
        .replace("\\w", "[\\w\\u017F\\u212A]")
        .replace("\\W", "[^\\w\\u017F\\u212A]")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// The linear engine takes every expression of the grammar, and agrees with `regress`
    /// on whether it matches and on every group's span.
    #[test]
    fn linear_engine_agrees_with_regress(
        (ci, source, input) in any::<bool>().prop_flat_map(|ci| (Just(ci), generated_shape(ci), subject()))
    ) {
        let engines = Engines::new(&source, ci)
            .map_err(|e| TestCaseError::fail(format!("{source}: {e}")))?;
        prop_assert_eq!(engines.engine(), "linear", "{}", source);
        let oracle = Engines::new(&spec_word_characters(&source, ci), ci)
            .map_err(|e| TestCaseError::fail(format!("{source}: {e}")))?;
        let expected = oracle.backtracking(&input);
        let got = engines.linear(&input)
            .map_err(|e| TestCaseError::fail(format!("{source}: {e}")))?;
        prop_assert_eq!(&got, &expected, "{} (i: {}) on {:?}", source, ci, input);
        // The bounded backtracking matcher reads the same tree: the same answer.
        let bounded = engines.bounded(&input, DEFAULT_MAX_REGEXP_STEPS)
            .map_err(|e| TestCaseError::fail(format!("{source}: {e:?}")))?;
        prop_assert_eq!(bounded, expected, "bounded: {} (i: {}) on {:?}", source, ci, input);
    }

    /// The bounded backtracking matcher agrees with `regress` (and, where `regress` is
    /// wrong, with V8 through Node) on the constructs it is for:
    /// lookahead and lookbehind (positive and negative, with groups inside), backreferences
    /// (numbered and named, to groups that did or did not participate, forward and inside
    /// lookbehinds), named groups, quantified capturing groups, alternation, greedy and lazy
    /// counted quantifiers: the same match or no match, and the same span of every group.
    #[test]
    fn bounded_matcher_agrees_with_regress(
        (ci, source, input) in any::<bool>().prop_flat_map(|ci| (Just(ci), backtracking_shape(), backtracking_subject()))
    ) {
        // Expressions whose backreferences name no group are syntax errors: skipped.
        let Ok(engines) = Engines::new(&source, ci) else {
            return Ok(());
        };
        if dangling_backreference(&source) {
            // A syntax error that `regress` lets through: left to it.
            prop_assert!(engines_on_regress(&source, ci), "{}", source);
            return Ok(());
        }
        prop_assert!(!engines_on_regress(&source, ci), "{}", source);
        let got = engines.bounded(&input, DEFAULT_MAX_REGEXP_STEPS)
            .map_err(|e| TestCaseError::fail(format!("{source}: {e:?}")))?;
        // `regress` panics on some backreferences that come before their named group
        // (`^\\k<n>(?=(?<n>a))`): no oracle there (the bounded matcher has answered).
        let regress = std::panic::catch_unwind(|| engines.backtracking(&input)).ok();
        if regress.as_ref() != Some(&got) {
            // `regress` is wrong on some shapes (see `bounded_matcher_agrees_with_v8`): V8
            // decides.
            let v8 = v8_exec(&source, ci, &input);
            prop_assert_eq!(got, v8, "{} (i: {}) on {:?} (regress: {:?})", source, ci, input, regress);
        }
    }
}

/// Whether `source` (of [`backtracking_shape`]) has `\\2` with fewer than two groups, or
/// `\\k<name>` without a group of that name.
fn dangling_backreference(source: &str) -> bool {
    let groups = source.matches('(').count()
        - source.matches("(?:").count()
        - source.matches("(?=").count()
        - source.matches("(?!").count()
        - source.matches("(?<=").count()
        - source.matches("(?<!").count();
    (source.contains("\\3") && groups < 3)
        || (source.contains("\\2") && groups < 2)
        || (source.contains("\\1") && groups < 1)
        || ["n", "m"]
            .iter()
            .any(|n| source.contains(&format!("\\k<{n}>")) && !source.contains(&format!("(?<{n}>")))
}

/// V8's answer (Node's `RegExp` with the flags `vd`, `vid`): the spans of groups `1..` on an
/// ASCII `input` (UTF-16 indices are then byte offsets). Node must be installed.
fn v8_exec(source: &str, ci: bool, input: &str) -> Option<Vec<Option<(usize, usize)>>> {
    let script = "const m = new RegExp(process.argv[1], process.argv[2]).exec(process.argv[3]);\
                  console.log(JSON.stringify(m && m.index === 0 ? m.indices.slice(1) : null));";
    let out = std::process::Command::new("node")
        .args(["-e", script, source, if ci { "vid" } else { "vd" }, input])
        .output()
        .expect("node (the oracle where regress is wrong) runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let json: Option<Vec<Option<(usize, usize)>>> = parse_indices(text.trim());
    json
}

/// `null` or `[[s,e],null,...]` as Node prints it.
fn parse_indices(text: &str) -> Option<Vec<Option<(usize, usize)>>> {
    if text == "null" {
        return None;
    }
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    let mut groups = Vec::new();
    let mut rest = inner;
    while !rest.is_empty() {
        rest = rest.trim_start_matches(',');
        if let Some(r) = rest.strip_prefix("null") {
            groups.push(None);
            rest = r;
        } else {
            let end = rest.find(']').unwrap();
            let (s, e) = rest[1..end].split_once(',').unwrap();
            groups.push(Some((s.parse().unwrap(), e.parse().unwrap())));
            rest = &rest[end + 1..];
        }
    }
    Some(groups)
}

fn engines_on_regress(source: &str, ci: bool) -> bool {
    on_regress(source, ci).unwrap_or(true)
}

/// Expressions of the constructs that need backtracking, among those the linear engine
/// takes. Inside an expression, only atoms that cannot match the empty string are
/// quantified (see [`es_regexp`] for why; `regress` also allocates without bound on some
/// nested loops that can match empty, 5 GB for
/// `^(?:(?:((?:\\w\\w)*)){1,2}){0,2}(?<!(?:[ab]|[ab]))` on `AabbA`), and backreferences and
/// lookarounds are not quantified.
fn backtracking_shape() -> impl Strategy<Value = String> {
    let leaf =
        prop::sample::select(vec!["a", "b", "[ab]", ".", "\\w", "A", "c"]).prop_map(str::to_owned);
    let nonempty = leaf.prop_recursive(3, 12, 3, |inner| {
        let quantifier = prop::sample::select(vec!["+", "{2}", "{1,}", "+?", "{1,3}?", "{1,2}"]);
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..3).prop_map(|v| v.concat()),
            prop::collection::vec(inner.clone(), 2..3).prop_map(|v| format!("(?:{})", v.join("|"))),
            (inner.clone(), quantifier).prop_map(|(a, q)| format!("(?:{a}){q}")),
            inner.prop_map(|a| format!("({a})")),
        ]
    });
    let term = prop_oneof![
        4 => (nonempty.clone(), prop::sample::select(vec!["", "", "*", "+", "?", "{0,2}", "*?", "+?", "??"]))
            .prop_map(|(a, q)| format!("(?:{a}){q}")),
        2 => (nonempty.clone(), prop::sample::select(vec!["(?=", "(?!", "(?<=", "(?<!"]))
            .prop_map(|(a, l)| format!("{l}{a})")),
        // Numbered only: `regress` answers some named ones wrongly (checked against V8's
        // answers in `bounded_matcher_agrees_with_v8`).
        2 => prop::sample::select(vec!["\\1", "\\2", "\\3"]).prop_map(str::to_owned),
        1 => prop::sample::select(vec!["\\b", "\\B", "$"]).prop_map(str::to_owned),
        // Quantified capturing groups (around text that is not empty).
        2 => (nonempty.clone(), prop::sample::select(vec!["*", "+", "{2}", "*?", "{0,3}"]))
            .prop_map(|(a, q)| format!("({a}){q}")),
        // Named groups, as terms: `regress` loses a named group's capture inside `(?:...)`
        // (`^(?:(?<n>.))(a)*?\\k<n>` matches `a` there, not in V8).
        2 => (nonempty, prop::sample::select(vec!["n", "m"]), prop::sample::select(vec!["", "", "+", "?", "*?"]))
            .prop_map(|(a, n, q)| format!("(?<{n}>{a}){q}")),
    ];
    prop::collection::vec(term, 1..5).prop_map(|v| format!("^{}", v.concat()))
}

fn backtracking_subject() -> impl Strategy<Value = String> {
    let c = prop::sample::select(vec!['a', 'b', 'A', 'B', 'c', '-']);
    prop::collection::vec(c, 0..9).prop_map(|v| v.into_iter().collect())
}

/// Case-insensitive matching is ECMAScript's simple case folding as `regress` has it: for
/// every code point that folds (by `regex-syntax`'s tables, which are newer) and every one
/// it folds with, `^c$` with `i` matches the same way on both engines.
#[test]
fn case_folding_agrees_with_regress() {
    use regex_syntax::hir::{ClassUnicode, ClassUnicodeRange};
    let mut folding = 0;
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let mut class = ClassUnicode::new([ClassUnicodeRange::new(c, c)]);
        class.case_fold_simple();
        if class.iter().map(|r| r.len()).sum::<usize>() == 1 {
            continue;
        }
        folding += 1;
        for source in [
            format!("^\\u{{{:x}}}$", c as u32),
            format!("^[^\\u{{{:x}}}]$", c as u32),
        ] {
            let engines = Engines::new(&source, true).unwrap();
            for p in class.iter().flat_map(|r| r.start()..=r.end()) {
                let s = p.to_string();
                assert_eq!(
                    engines.linear(&s).unwrap().is_some(),
                    engines.backtracking(&s).is_some(),
                    "{source} on U+{:04X}",
                    p as u32
                );
            }
        }
    }
    assert!(folding > 2800, "{folding} code points fold");
}

/// ECMAScript's own sets, where they differ from `regex-syntax`'s (`.`, `\s`, `\w` with
/// `i`, `\b`, `^` and `$`), and the shapes where `regress` is wrong: each answer is the one
/// Node 20 (V8) gives, e.g. `/^\w$/vi.test("\u017f")`.
#[test]
fn es_specific_sets() {
    let cases: &[(&str, bool, &str, bool)] = &[
        ("^.$", false, "\n", false),
        ("^.$", false, "\r", false),
        ("^.$", false, "\u{2028}", false),
        ("^.$", false, "\u{2029}", false),
        ("^.$", false, "\u{85}", true),
        ("^\\s$", false, "\u{feff}", true),
        ("^\\s$", false, "\u{85}", false),
        ("^\\s$", false, "\u{1680}", true),
        ("^\\d$", false, "\u{663}", false),
        ("^\\w$", false, "\u{17F}", false),
        // `regress` answers false to these two.
        ("^\\w$", true, "\u{17F}", true),
        ("^\\w$", true, "\u{212A}", true),
        ("^\\W$", true, "\u{212A}", false),
        ("^\\w$", false, "é", false),
        ("^a\\b$", false, "a", true),
        ("^é\\b$", false, "é", false),
        ("^a\\B$", false, "a", false),
        // `regress` answers false to these two.
        ("^a \\B", false, "a ", true),
        ("^(?:a\\W){1,}\\B", false, "a ", true),
        ("^[^k]$", true, "K", false),
        ("^[^k]$", true, "\u{212A}", false),
        ("^[\\w--k]$", false, "K", true),
        ("^[\\w--k]$", false, "k", false),
        ("^[[a-z]&&[^aeiou]]$", false, "b", true),
        ("^[[a-z]&&[^aeiou]]$", false, "e", false),
        // `regress` answers false.
        ("^(?:(?:[[a-z]&&[^k]]){1,})", false, "a", true),
        ("^ß$", true, "ẞ", true),
        ("^a$", false, "a\n", false),
        ("^\\cj$", false, "\n", true),
        ("^\\0$", false, "\0", true),
        ("^\\u{1F600}$", false, "😀", true),
        ("^\\uD83D\\uDE00$", false, "😀", true),
    ];
    for &(source, ci, input, expected) in cases {
        let engines = Engines::new(source, ci).unwrap();
        let got = engines
            .linear(input)
            .unwrap_or_else(|why| panic!("{source}: {why}"));
        assert_eq!(got.is_some(), expected, "{source} (i: {ci}) on {input:?}");
        let bounded = engines.bounded(input, DEFAULT_MAX_REGEXP_STEPS).unwrap();
        assert_eq!(bounded, got, "bounded: {source} (i: {ci}) on {input:?}");
    }
    // A loop whose body can match empty, inside a loop: V8's groups (`regress` gives
    // `(0, 0)`).
    let engines = Engines::new("^(((?:(?:x)?)*))", false).unwrap();
    assert_eq!(
        engines.linear("x"),
        Ok(Some(vec![Some((0, 1)), Some((0, 1))]))
    );
    assert_eq!(
        engines.bounded("x", DEFAULT_MAX_REGEXP_STEPS),
        Ok(Some(vec![Some((0, 1)), Some((0, 1))]))
    );
    let engines = Engines::new("^(((?:(?:[a-z])?)*))$", false).unwrap();
    assert_eq!(
        engines.linear("xy"),
        Ok(Some(vec![Some((0, 2)), Some((0, 2))]))
    );
    assert_eq!(
        engines.bounded("xy", DEFAULT_MAX_REGEXP_STEPS),
        Ok(Some(vec![Some((0, 2)), Some((0, 2))]))
    );
}

/// The bounded backtracking matcher against V8 (Node 20, `new RegExp(source, "vd")` or
/// `"vid"`, `exec(input).indices`): named backreferences (forward, to a group that did not
/// participate, with `i` and simple case folding), capture reset in quantified groups, the
/// empty check, lookahead captures, lookbehind (right to left: its groups and its
/// backreferences), `\\b` and `\\B` with `i`. `regress` answers the first two wrongly.
#[test]
fn bounded_matcher_agrees_with_v8() {
    type Groups = Option<Vec<Option<(usize, usize)>>>;
    let cases: &[(&str, bool, &str, Groups)] = &[
        ("^(?:(?<n>.))(a)*?\\k<n>", false, "a", None),
        (
            "^((?:a|a))*?(?<n>a)?(?:(b))\\k<n>",
            false,
            "b",
            Some(vec![None, None, Some((0, 1))]),
        ),
        ("^(?<n>a|b)\\k<n>$", false, "aa", Some(vec![Some((0, 1))])),
        ("^(?<n>a|b)\\k<n>$", false, "ab", None),
        ("^\\k<n>(?<n>a)$", false, "a", Some(vec![Some((0, 1))])),
        ("^(?:(?<n>a)|b)\\k<n>$", false, "b", Some(vec![None])),
        ("^(?<n>a)\\k<n>$", true, "aA", Some(vec![Some((0, 1))])),
        (
            "^(?<n>k)\\k<n>$",
            true,
            "k\u{212A}",
            Some(vec![Some((0, 1))]),
        ),
        (
            "^(?<n>s)\\k<n>$",
            true,
            "s\u{17F}",
            Some(vec![Some((0, 1))]),
        ),
        ("^(?:(a)|b)+$", false, "ab", Some(vec![None])),
        (
            "^(?:(a)|(b))+$",
            false,
            "ab",
            Some(vec![None, Some((1, 2))]),
        ),
        ("^(a*)*$", false, "aa", Some(vec![Some((0, 2))])),
        ("^(?:(a)|b)*\\1$", false, "aba", None),
        ("^(?:a(?=(b)))?\\w+", false, "ab", Some(vec![Some((1, 2))])),
        ("^(?=(a+))a*b\\1", false, "aaab", None),
        ("^(?!(a)b)\\w\\1", false, "ac", Some(vec![None])),
        (
            "^.*(?<=(a)(b))c",
            false,
            "abc",
            Some(vec![Some((0, 1)), Some((1, 2))]),
        ),
        ("^.*(?<=(\\w+))c", false, "abc", Some(vec![Some((0, 2))])),
        ("^.*(?<=(\\w+?))c", false, "abc", Some(vec![Some((1, 2))])),
        ("^.*(?<=\\1(a))b", false, "aab", Some(vec![Some((1, 2))])),
        ("^.*(?<=(a)\\1)b", false, "aab", Some(vec![Some((1, 2))])),
        ("^.*(?<!(a))b", false, "cb", Some(vec![None])),
        ("^\\w+\\b", true, "a\u{17F}", Some(vec![])),
        ("^a\\B\u{212A}", true, "a\u{212A}", Some(vec![])),
        ("^(?:(a)|b)(?:\\1c)$", false, "bc", Some(vec![None])),
        (
            "^(a)?(?:\\1)(b)$",
            false,
            "b",
            Some(vec![None, Some((0, 1))]),
        ),
        ("^(?:(?:x)?)*(y)", false, "y", Some(vec![Some((0, 1))])),
        ("^((?:x?)*)$", false, "xx", Some(vec![Some((0, 2))])),
        (
            "^(?<a>.)(?<b>.)\\k<b>\\k<a>$",
            false,
            "abba",
            Some(vec![Some((0, 1)), Some((1, 2))]),
        ),
    ];
    for (source, ci, input, expected) in cases {
        let engines = Engines::new(source, *ci).unwrap();
        assert_eq!(
            engines.bounded(input, DEFAULT_MAX_REGEXP_STEPS),
            Ok(expected.clone()),
            "{source} (i: {ci}) on {input:?}"
        );
    }
}

/// What stays on the backtracking engine, and why; everything else of the list runs on the
/// linear engine.
#[test]
fn constructs_routed_to_the_backtracking_engine() {
    let cases: &[(&str, bool, &str)] = &[
        ("^(?=a)a$", false, "lookahead or lookbehind"),
        ("^(?!a)b$", false, "lookahead or lookbehind"),
        ("^(?<=a)b$", false, "lookahead or lookbehind"),
        ("^(?<!a)b$", false, "lookahead or lookbehind"),
        ("^(a)\\1$", false, "a backreference"),
        ("^(?<n>a)\\k<n>$", false, "a named group"),
        ("^(?<n>a)$", false, "a named group"),
        ("^[\\q{ab|c}]$", false, "a \\q{...} string disjunction"),
        ("^\\p{RGI_Emoji}$", false, "a Unicode property escape"),
        ("^\\p{Lu}$", false, "a Unicode property escape"),
        ("^[\\P{L}a]$", true, "a Unicode property escape"),
        ("^a\\b$", true, "\\b or \\B with the i flag"),
        ("^\\B$", true, "\\b or \\B with the i flag"),
        ("^[\\w--k]$", true, "a class set operation with the i flag"),
        (
            "^[\\w&&[^k]]$",
            true,
            "a class set operation with the i flag",
        ),
        ("^\\uD800$", false, "a lone surrogate"),
        (
            "^((?:a)*)?$",
            false,
            "a quantified group that repeats or can match empty",
        ),
        (
            "^(a)*$",
            false,
            "a quantified group that repeats or can match empty",
        ),
        (
            "^(a){2}$",
            false,
            "a quantified group that repeats or can match empty",
        ),
        (
            "^(?:a{1000}){1000}$",
            false,
            "an expression too large for the linear engine",
        ),
        // Linear.
        ("^(a)?$", false, "linear"),
        ("^(?:\\/(a*))?$", false, "linear"),
        ("^(a*)$", false, "linear"),
        ("^((?:a|a)*)b$", true, "linear"),
        ("^a\\b$", false, "linear"),
        ("^[\\w--[a-z]]$", false, "linear"),
        ("^(?:a{1,30}){1,30}b$", false, "linear"),
    ];
    for &(source, ci, expected) in cases {
        assert_eq!(engine(source, ci), Ok(expected), "{source} (i: {ci})");
        // What the parser does not read stays on `regress` (no step budget); the rest that
        // needs backtracking runs on the bounded matcher.
        let unread = [
            "a \\q{...} string disjunction",
            "a Unicode property escape",
            "a class set operation with the i flag",
            "a lone surrogate",
        ];
        assert_eq!(
            on_regress(source, ci),
            Ok(unread.contains(&expected)),
            "{source} (i: {ci})"
        );
    }
    // A capturing group inside a custom regexp group is refused before any engine.
    let o = UrlPatternOptions::default();
    assert!(UrlPattern::parse("https://e.com/:x((a)b)", None, o).is_err());
    // The limits can refuse what needs backtracking, and only that.
    let limits = PatternLimits::new().backtracking_regexps(false);
    let err = UrlPattern::parse_with_limits("https://e.com/:x((?!a)\\w+)", None, o, &limits);
    assert!(
        matches!(
            err,
            Err(UrlPatternError::RegExpGroupsRefused {
                component: UrlPatternComponent::Pathname
            })
        ),
        "{err:?}"
    );
    let p = UrlPattern::parse_with_limits("https://e.com/:x(\\d+)", None, o, &limits).unwrap();
    assert_eq!(
        p.regexp_engines(),
        vec![(UrlPatternComponent::Pathname, "linear")]
    );
}

/// The classic exponential shapes inside URL patterns run on the linear engine and answer
/// on a 20,000-byte input that does not match (and on one that does).
#[test]
fn redos_shapes_run_on_the_linear_engine() {
    let shapes = [
        "(?:a*)*b",
        "(?:a|a)*b",
        "(?:a+)+b",
        "(?:a|aa)+b",
        "(?:a*)+(?:a*)+b",
        "(?:a{1,30}){1,30}b",
        "(?:\\w*)*b",
        "[a\\w]*[a\\w]*[a\\w]*b",
    ];
    let long = "a".repeat(20_000);
    for ignore_case in [false, true] {
        let o = UrlPatternOptions { ignore_case };
        for shape in shapes {
            let p = UrlPattern::parse(&format!("https://e.com/:x({shape})"), None, o).unwrap();
            assert_eq!(
                p.regexp_engines(),
                vec![(UrlPatternComponent::Pathname, "linear")],
                "{shape}"
            );
            assert!(!p.test(&format!("https://e.com/{long}"), None), "{shape}");
            assert!(
                p.exec(&format!("https://e.com/{long}"), None).is_none(),
                "{shape}"
            );
            // 900 a's then b is within every shape (`{1,30}{1,30}` allows up to 900).
            let hit = format!("{}b", &long[..900]);
            let m = p
                .exec(&format!("https://e.com/{hit}"), None)
                .unwrap_or_else(|| panic!("{shape} does not match {hit}"));
            assert_eq!(
                m.pathname.groups["x"].as_deref(),
                Some(hit.as_str()),
                "{shape}"
            );
        }
    }
}

/// Hostile shapes that need backtracking (a lookahead, a backreference, a lookbehind with
/// nested quantifiers) on a 20,000-byte input that does not match: with the default budget,
/// each ends, with the budget's error or the right answer (no match); the infallible form
/// answers no match. Every expression runs on the bounded matcher, none on `regress`.
#[test]
fn hostile_shapes_on_the_bounded_matcher_end() {
    let shapes = [
        "(?=a)(?:a*)*b",
        "(?<n>a*)*\\k<n>b",
        "(?:(?<n>a)|a)*\\k<n>b",
        "a*(?<=(?:a+)+)b",
        "(?!b)(?:a|a)*b",
        "(?:a+)+(?<!a)",
    ];
    let long = format!("https://e.com/{}", "a".repeat(20_000));
    for shape in shapes {
        let source = format!("^(?:\\/({shape}))$");
        assert!(!on_regress(&source, false).unwrap(), "{shape}");
        let p = UrlPattern::parse(
            &format!("https://e.com/:x({shape})"),
            None,
            UrlPatternOptions::default(),
        )
        .unwrap();
        match p.try_exec(&long, None) {
            Err(e) => assert_eq!(
                e,
                UrlPatternMatchError::StepsExhausted {
                    component: UrlPatternComponent::Pathname,
                    max_steps: DEFAULT_MAX_REGEXP_STEPS,
                },
                "{shape}"
            ),
            Ok(m) => assert!(m.is_none(), "{shape}"),
        }
        assert!(!p.test(&long, None), "{shape}");
        // The same through the hooks: the step count is what bounds it. A budget exhausted
        // stops one step past it; on a short input that matches, few steps.
        let engines = Engines::new(&source, false).unwrap();
        let path = &long["https://e.com".len()..];
        let answer = engines.bounded(path, DEFAULT_MAX_REGEXP_STEPS);
        let steps = engines
            .bounded_steps(path, DEFAULT_MAX_REGEXP_STEPS)
            .unwrap();
        match answer {
            Ok(None) => assert!(steps <= DEFAULT_MAX_REGEXP_STEPS, "{shape}: {steps}"),
            Err(Err(_)) => assert_eq!(steps, DEFAULT_MAX_REGEXP_STEPS + 1, "{shape}"),
            other => panic!("{shape}: {other:?}"),
        }
        let hit = engines
            .bounded_steps("/aab", DEFAULT_MAX_REGEXP_STEPS)
            .unwrap();
        assert!(hit < 1_000, "{shape}: {hit} steps on /aab");
    }
    // A smaller budget is exhausted sooner, and named in the error.
    let limits = PatternLimits::new().max_regexp_steps(5_000);
    let p = UrlPattern::parse_with_limits(
        "https://e.com/:x((?=a)(?:a*)*b)",
        None,
        UrlPatternOptions::default(),
        &limits,
    )
    .unwrap();
    let err = p.try_test(&long, None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the pathname's custom regexp groups exhausted their budget of 5000 steps (max_regexp_steps) without an answer"
    );
    assert_eq!(p.try_test("https://e.com/aab", None), Ok(true));
    assert!(
        p.try_match_url(&weburl::Url::parse(&long).unwrap())
            .is_err()
    );
    // The error of one match does not leak into the next.
    assert_eq!(p.try_test("https://e.com/ab", None), Ok(true));
}

/// Every fallible lookup of a route set (on a string, a parsed URL, borrowed or owned) says
/// when a route it tried ran out of a small step budget, names that budget, answers as the
/// infallible form does when no budget ran out, and leaves no error behind for the next
/// lookup.
#[test]
fn set_lookups_say_when_a_budget_runs_out() {
    use weburl::Url;
    use weburl::pattern::UrlPatternSet;
    let limits = PatternLimits::new().max_regexp_steps(1_000);
    let slow = UrlPattern::parse_with_limits(
        "https://e.com/:x((?=a)(?:a*)*b)",
        None,
        UrlPatternOptions::default(),
        &limits,
    )
    .unwrap();
    let mut set = UrlPatternSet::new();
    set.insert(slow, 1);
    set.insert("https://e.com/*".parse().unwrap(), 2);
    let exhausted = UrlPatternMatchError::StepsExhausted {
        component: UrlPatternComponent::Pathname,
        max_steps: 1_000,
    };
    let long = format!("https://e.com/{}", "a".repeat(40));
    let long_url = Url::parse(&long).unwrap();
    let short = "https://e.com/ab";
    let short_url = Url::parse(short).unwrap();
    let value = |r: Option<(&i32, _)>| r.map(|(v, _)| *v);

    // The slow route is tried first (first match, every match) or is the most specific
    // (best match: a group beats a wildcard), and runs out on the long pathname.
    assert_eq!(set.try_first_match(&long).map(value), Err(exhausted));
    assert_eq!(set.try_best_match(&long).map(value), Err(exhausted));
    assert_eq!(set.try_matches(&long).map(|all| all.len()), Err(exhausted));
    assert_eq!(
        set.try_first_match_ref(&long_url)
            .map(|r| r.map(|(v, _)| *v)),
        Err(exhausted)
    );
    assert_eq!(
        set.try_best_match_ref(&long_url)
            .map(|r| r.map(|(v, _)| *v)),
        Err(exhausted)
    );
    // The infallible forms answer as if the slow route did not match.
    assert_eq!(value(set.first_match(&long)), Some(2));
    assert_eq!(value(set.best_match(&long)), Some(2));
    assert_eq!(set.matches(&long).len(), 1);

    // On a short pathname every budget suffices: the same answers as the infallible forms,
    // with the slow route's group.
    let (v, m) = set.try_first_match(short).unwrap().unwrap();
    assert_eq!((*v, m.pathname.groups["x"].as_deref()), (1, Some("ab")));
    assert_eq!(value(set.try_best_match(short).unwrap()), Some(1));
    let all: Vec<i32> = (set.try_matches(short).unwrap().into_iter())
        .map(|(v, _)| *v)
        .collect();
    assert_eq!(all, [1, 2]);
    let (v, m) = set.try_first_match_ref(&short_url).unwrap().unwrap();
    assert_eq!(
        (*v, m.group(UrlPatternComponent::Pathname, "x")),
        (1, Some("ab"))
    );
    let (v, m) = set.try_best_match_ref(&short_url).unwrap().unwrap();
    assert_eq!(
        (*v, m.group(UrlPatternComponent::Pathname, "x")),
        (1, Some("ab"))
    );
    // A string that is not a URL: no match, no error.
    assert_eq!(set.try_first_match("not a url").map(value), Ok(None));
    assert_eq!(set.try_best_match("not a url").map(value), Ok(None));
    assert_eq!(set.try_matches("not a url").map(|all| all.len()), Ok(0));
}
