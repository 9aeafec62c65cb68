//! The engines of custom regexp groups: the linear engine (ECMAScript translated into
//! `regex-automata`) against `regress` (an ECMAScript backtracking engine) on expressions
//! generated from a grammar of the constructs the translator takes; which constructs stay
//! on the backtracking engine; and the classic ReDoS shapes inside URL patterns, which run
//! on the linear engine and answer on long inputs.
#![cfg(feature = "pattern")]

use proptest::prelude::*;
use weburl::pattern::regexp_hooks::{Engines, engine};
use weburl::pattern::{
    PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternError, UrlPatternOptions,
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
        prop_assert_eq!(got, expected, "{} (i: {}) on {:?}", source, ci, input);
    }
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
    }
    // A loop whose body can match empty, inside a loop: V8's groups (`regress` gives
    // `(0, 0)`).
    let engines = Engines::new("^(((?:(?:x)?)*))", false).unwrap();
    assert_eq!(
        engines.linear("x"),
        Ok(Some(vec![Some((0, 1)), Some((0, 1))]))
    );
    let engines = Engines::new("^(((?:(?:[a-z])?)*))$", false).unwrap();
    assert_eq!(
        engines.linear("xy"),
        Ok(Some(vec![Some((0, 2)), Some((0, 2))]))
    );
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
