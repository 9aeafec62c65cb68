//! The part-list matcher's bound, counted: on patterns whose naive backtracking is polynomial
//! or exponential in the input (several wildcards and segment groups before a literal that
//! never comes), the (instruction, position) pairs it tries stay within `instructions ×
//! (length + 1)`, and doubling the input at most doubles them (plus a constant): linear, as
//! counted, not timed. The answers are checked against a plain reading of each shape. And
//! the custom regexp shapes that ran without a bound before (Unicode property escapes,
//! modifiers, `\q{...}`): on the linear engine, or stopped by the bounded matcher's budget.
#![cfg(all(feature = "pattern", feature = "_test-hooks"))]

use weburl::pattern::{UrlPattern, UrlPatternComponent};

/// (pattern, pathname maker of length about `n`, whether the pathname matches).
type Shape = (&'static str, fn(usize) -> String, bool);

const SHAPES: &[Shape] = &[
    // Wildcards separated by '-', then an 'x' that is not there: O(n^4) for a naive
    // backtracker.
    (
        "https://h/*-*-*-*x",
        |n| format!("/{}", "-".repeat(n)),
        false,
    ),
    // The same with the 'x' there: matches.
    (
        "https://h/*-*-*-*x",
        |n| format!("/{}x", "-".repeat(n)),
        true,
    ),
    // Named groups split at '.', with a suffix that fails at the end.
    (
        "https://h/:a.:b.:c.:d.json",
        |n| format!("/{}.html", "a.".repeat(n / 2)),
        false,
    ),
    // Optional and repeated groups (`*`, `+` modifiers) around literals.
    (
        "https://h/x{/:a}*{/:b}+/end",
        |n| format!("/x{}", "/seg".repeat(n / 4)),
        false,
    ),
    (
        "https://h/x{/:a}*{/:b}+/end",
        |n| format!("/x{}/end", "/seg".repeat(n / 4)),
        true,
    ),
    // A wildcard in every segment, then a literal segment that is missing.
    ("https://h/*/*/*/*/*/last", |n| "/a".repeat(n / 2), false),
];

#[test]
fn matcher_steps_are_linear_in_the_input() {
    for &(pattern, make, matches) in SHAPES {
        let p: UrlPattern = pattern.parse().unwrap();
        let mut last: Option<(usize, usize)> = None;
        for n in [1_000, 2_000, 4_000] {
            let value = make(n);
            let (matched, steps, bound) = p
                .part_matcher_steps(UrlPatternComponent::Pathname, &value)
                .unwrap_or_else(|| panic!("{pattern}: not a part-list matcher"));
            assert_eq!(matched, matches, "{pattern} on {} bytes", value.len());
            // The exec path (whatever shortcut it takes) gives the same answer.
            assert_eq!(
                p.test(&format!("https://h{value}"), None),
                matches,
                "{pattern}"
            );
            assert!(steps > 0 && steps <= bound, "{pattern}: {steps} > {bound}");
            if let Some((len, before)) = last {
                // Twice the input: at most twice the pairs, and a constant.
                assert!(
                    steps <= 2 * before * value.len() / len + 64,
                    "{pattern}: {before} pairs for {len} bytes, {steps} for {}",
                    value.len()
                );
            }
            last = Some((value.len(), steps));
        }
    }
}

#[test]
fn a_regexp_component_has_no_part_matcher() {
    let p: UrlPattern = "https://h/:id(\\d+)".parse().unwrap();
    assert_eq!(
        p.part_matcher_steps(UrlPatternComponent::Pathname, "/12"),
        None
    );
}

/// Shapes with Unicode property escapes, modifiers and `\q{...}` strings, which ran on
/// `regress` without a time bound before. In URL patterns (no capturing group inside a
/// regexp group) they run on the linear engine, and answer on a 20,000-byte input; with
/// capturing groups (through the test hooks) on the bounded matcher, whose steps stop one
/// past the budget. Counted, not timed.
#[test]
fn property_and_modifier_shapes_are_bounded() {
    use weburl::pattern::regexp_hooks::{Engines, engine};
    use weburl::pattern::{DEFAULT_MAX_REGEXP_STEPS, UrlPatternOptions};

    let long = "a".repeat(20_000);
    for shape in [
        "(?:\\p{L}*)*x",
        "(?:\\p{Ll}|\\p{L})*x",
        "(?i:(?:a|a)*)b",
        "(?i:(?:A|a)+)+b",
        "(?:[\\p{L}--\\p{Lu}]+)+x",
        "(?i:[\\q{aa|a}]*)*b",
        "(?-i:(?:\\P{N}*)*)x",
    ] {
        for ignore_case in [false, true] {
            let p = UrlPattern::parse(
                &format!("https://e.com/:x({shape})"),
                None,
                UrlPatternOptions { ignore_case },
            )
            .unwrap();
            assert_eq!(
                p.regexp_engines(),
                vec![(UrlPatternComponent::Pathname, "linear")],
                "{shape}"
            );
            assert!(!p.test(&format!("https://e.com/{long}"), None), "{shape}");
        }
    }
    for (source, hit) in [
        ("^(?:\\/((\\p{L}*)*x))$", "/aax"),
        ("^(?:\\/((?i:(a|a)*)b))$", "/Aab"),
        ("^(?:\\/((?i:(\\p{Lu}|a)+)+b))$", "/aAb"),
        ("^(?:\\/((?m:(\\p{Ll}+)*$)x))$", "/ab"),
    ] {
        assert_ne!(engine(source, false), Ok("linear"), "{source}");
        let engines = Engines::new(source, false).unwrap();
        let path = format!("/{long}");
        let steps = engines.bounded_steps(&path, DEFAULT_MAX_REGEXP_STEPS);
        match engines.bounded(&path, DEFAULT_MAX_REGEXP_STEPS) {
            Ok(None) => assert!(steps <= DEFAULT_MAX_REGEXP_STEPS, "{source}: {steps}"),
            Err(_) => assert_eq!(steps, DEFAULT_MAX_REGEXP_STEPS + 1, "{source}"),
            other => panic!("{source}: {other:?}"),
        }
        // A smaller budget stops sooner, at one step past it.
        assert_eq!(engines.bounded_steps(&path, 5_000), 5_001, "{source}");
        // A short input answers in few steps.
        let few = engines.bounded_steps(hit, DEFAULT_MAX_REGEXP_STEPS);
        assert!(few < 1_000, "{source}: {few} steps on {hit}");
        let answer = engines.bounded(hit, DEFAULT_MAX_REGEXP_STEPS).unwrap();
        // The `m` shape cannot match (`x` after the end); the others match.
        assert_eq!(
            answer.is_some(),
            !source.contains("(?m:"),
            "{source} on {hit}"
        );
    }
}
