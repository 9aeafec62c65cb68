//! What the URLPattern peer tests (urlpattern_deno.rs, urlpattern_ada.rs) share: a library's
//! outcome on one web-platform-tests case in the batch contract's shapes, what WPT expects in
//! the same shapes, where the two differ, and the check of a peer's list of known failures.

use std::collections::BTreeMap;

use serde_json::{Value, json};
use weburl_testkit::urlpattern::{COMPONENTS, Case, Constructed, Matched};

/// What a library did with one case, in the batch contract's shapes.
#[derive(Debug, PartialEq)]
pub struct Outcome {
    /// The eight component pattern strings, or `None` when the constructor threw.
    pub components: Option<Value>,
    /// `Some("error")` when exec threw, `Some(null)` for no match, the match object
    /// otherwise; `None` when the case has no inputs or the constructor threw.
    pub matched: Option<Value>,
}

pub fn constructor_threw() -> Outcome {
    Outcome {
        components: None,
        matched: None,
    }
}

/// The constructor's arguments as JavaScript's overloads read them: `(input, baseURL,
/// options)` or `(input, options)`. With three, the second is the base URL, converted to a
/// string whatever it is (an object is "[object Object]", which is not a URL).
pub struct Arguments<'a> {
    /// The input (`None`: no argument, an empty init).
    pub input: Option<&'a Value>,
    pub base: Option<String>,
    pub ignore_case: bool,
}

/// [`Arguments`] of a case; `None` when converting them throws (options that are not an
/// object).
pub fn arguments(case: &Case) -> Option<Arguments<'_>> {
    let args = &case.pattern;
    let mut read = Arguments {
        input: args.first(),
        base: None,
        ignore_case: false,
    };
    for (i, arg) in args.iter().enumerate().skip(1) {
        let is_base = i == 1 && (args.len() == 3 || arg.is_string());
        match arg {
            Value::String(s) if is_base => read.base = Some(s.clone()),
            Value::Object(_) if is_base => read.base = Some("[object Object]".to_owned()),
            Value::Object(o) => {
                read.ignore_case = o.get("ignoreCase").and_then(Value::as_bool) == Some(true)
            }
            _ if i == 2 => return None,
            _ => panic!("{}: unexpected argument {arg}", case.describe()),
        }
    }
    Some(read)
}

/// What WPT expects, in the same shape.
pub fn expected(case: &Case) -> Outcome {
    match &case.constructed {
        Constructed::Error => constructor_threw(),
        Constructed::Components(c) => Outcome {
            components: Some(Value::Object(c.clone())),
            matched: match &case.matched {
                Matched::NotChecked => None,
                Matched::Error => Some(json!("error")),
                Matched::NoMatch => Some(Value::Null),
                Matched::Match { components, .. } => Some(components.clone()),
            },
        },
    }
}

/// Where two outcomes differ, in a few words (`None`: they agree).
pub fn difference(got: &Outcome, want: &Outcome) -> Option<String> {
    match (&got.components, &want.components) {
        (None, None) => return None,
        (Some(_), None) => return Some("constructor succeeded, WPT says it throws".into()),
        (None, Some(_)) => return Some("constructor threw, WPT says it succeeds".into()),
        (Some(g), Some(w)) if g != w => {
            let which: Vec<&str> = COMPONENTS
                .iter()
                .copied()
                .filter(|c| g[c] != w[c])
                .collect();
            return Some(format!(
                "component strings differ ({}): got {g}, want {w}",
                which.join(", ")
            ));
        }
        _ => {}
    }
    (got.matched != want.matched).then(|| {
        format!(
            "exec differs: got {}, want {}",
            got.matched.clone().unwrap_or_default(),
            want.matched.clone().unwrap_or_default()
        )
    })
}

/// Runs `peer` on every WPT case and checks its known failures both ways: every case not in
/// `known` agrees with WPT, and every case in `known` (grouped by the rule its answer breaks)
/// still disagrees, so a peer that is fixed fails the test until its entry is removed.
pub fn check_known_failures(
    peer: &str,
    cases: &[Case],
    known: &[(&str, &[usize])],
    mut outcome: impl FnMut(&Case) -> Outcome,
) {
    let mut failures: BTreeMap<usize, String> = BTreeMap::new();
    for case in cases {
        if let Some(why) = difference(&outcome(case), &expected(case)) {
            failures.insert(case.index, format!("{}\n    {why}", case.describe()));
        }
    }
    let listed: BTreeMap<usize, &str> = known
        .iter()
        .flat_map(|(rule, indices)| indices.iter().map(move |&i| (i, *rule)))
        .collect();
    let unlisted: Vec<&String> = (failures.iter())
        .filter(|(i, _)| !listed.contains_key(i))
        .map(|(_, f)| f)
        .collect();
    let now_right: Vec<&usize> = listed
        .keys()
        .filter(|i| !failures.contains_key(i))
        .collect();
    println!(
        "{peer}: {} of {} WPT cases agree; {} listed as wrong",
        cases.len() - failures.len(),
        cases.len(),
        listed.len()
    );
    for (rule, indices) in known {
        println!("  {indices:?}: {rule}");
    }
    for (i, failure) in &failures {
        if listed.contains_key(i) {
            println!("{failure}");
        }
    }
    assert!(
        unlisted.is_empty() && now_right.is_empty(),
        "{peer}: unlisted failures:\n{}\nlisted but now right: {now_right:?}",
        unlisted
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
