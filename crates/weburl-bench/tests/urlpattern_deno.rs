//! Differential test of Deno's `urlpattern` crate (0.6, the URLPattern of Deno, Servo and
//! Firefox) against the web-platform-tests URLPattern data, read as WPT's harness reads it
//! (`weburl_testkit::urlpattern`), and against `weburl::pattern` on every WPT case and on the
//! GitHub REST API routes of the benchmark (`data/github-routes.txt`) with URLs built from them.
//!
//! The crate passes most of the data. Where it does not, the case is listed below under the
//! rule of the URL Pattern Standard (or of ECMAScript) that its answer breaks, and the test
//! checks both ways: every other case agrees with WPT, and every listed case still disagrees
//! (a listed case that starts agreeing fails the test, so the list stays true). weburl must
//! agree with WPT on every case, listed or not.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value, json};
use urlpattern::quirks::{self, StringOrInit};
use weburl_testkit::urlpattern::{COMPONENTS, Case, Constructed, Matched, cases};

/// The WPT cases (by index in `urlpatterntestdata.json`) where Deno's crate departs from the
/// standard, grouped by the rule it breaks.
const DENO_WRONG: &[(&str, &[usize])] = &[
    (
        "URL Pattern Standard, \"create a component match result\": a group that did not \
         participate in the match (ECMAScript's RegExp exec gives undefined) is undefined, not \
         the empty string (`*{}**?` on `foobar`: the optional group `1` is null)",
        &[329],
    ),
    (
        "URL Pattern Standard, \"generate a regular expression and name list\" then \
         ECMAScript RegExp with the `v` flag: `(?R)` is not ECMAScript syntax (`(?` must be \
         followed by `:`, `=`, `!` or `<`), so the constructor throws; the crate rewrites onto \
         the `regex` crate, which reads `(?R)` as a group with the flag R",
        &[364],
    ),
];

/// What a library did with one case, in the batch contract's shapes.
#[derive(Debug, PartialEq)]
struct Outcome {
    /// The eight component pattern strings, or `None` when the constructor threw.
    components: Option<Value>,
    /// `Some("error")` when exec threw, `Some(null)` for no match, the match object
    /// otherwise; `None` when the case has no inputs or the constructor threw.
    matched: Option<Value>,
}

/// One case through Deno's crate.
fn deno(case: &Case) -> Outcome {
    let mut input = StringOrInit::Init(Default::default());
    let mut base: Option<String> = None;
    let mut options = urlpattern::UrlPatternOptions::default();
    // The arguments as JavaScript's overloads read them: `(input, baseURL, options)` or
    // `(input, options)`; with three, the second is the base URL, converted to a string
    // whatever it is (an object is "[object Object]", which is not a URL).
    for (i, arg) in case.pattern.iter().enumerate() {
        let is_base = i == 1 && (case.pattern.len() == 3 || arg.is_string());
        match arg {
            Value::String(s) if i == 0 => input = StringOrInit::String(s.clone().into()),
            Value::Object(_) if i == 0 => match serde_json::from_value(arg.clone()) {
                Ok(init) => input = StringOrInit::Init(init),
                // Not an init the crate can read: the constructor throws.
                Err(_) => return constructor_threw(),
            },
            Value::String(s) if is_base => base = Some(s.clone()),
            Value::Object(_) if is_base => base = Some("[object Object]".to_owned()),
            Value::Object(o) => {
                options.ignore_case = o.get("ignoreCase").and_then(Value::as_bool) == Some(true)
            }
            // Options that are not an object: the conversion throws.
            _ if i == 2 => return constructor_threw(),
            _ => panic!("{}: unexpected argument {arg}", case.describe()),
        }
    }
    let pattern = quirks::process_construct_pattern_input(input, base.as_deref())
        .and_then(|init| <urlpattern::UrlPattern>::parse(init, options));
    let Ok(pattern) = pattern else {
        return Outcome {
            components: None,
            matched: None,
        };
    };
    let components = json!({
        "protocol": pattern.protocol(), "username": pattern.username(),
        "password": pattern.password(), "hostname": pattern.hostname(),
        "port": pattern.port(), "pathname": pattern.pathname(),
        "search": pattern.search(), "hash": pattern.hash(),
    });
    let matched = case.inputs.as_ref().map(|inputs| {
        let input = match inputs.first() {
            None => StringOrInit::Init(Default::default()),
            Some(Value::String(s)) => StringOrInit::String(s.clone().into()),
            Some(other) => match serde_json::from_value(other.clone()) {
                Ok(init) => StringOrInit::Init(init),
                Err(_) => return json!("error"),
            },
        };
        let base = inputs.get(1).and_then(Value::as_str);
        match quirks::process_match_input(input, base) {
            Err(_) => json!("error"),
            Ok(None) => Value::Null,
            Ok(Some((input, _))) => match pattern.exec(input) {
                Err(_) => json!("error"),
                Ok(None) => Value::Null,
                Ok(Some(result)) => deno_result(&result),
            },
        }
    });
    Outcome {
        components: Some(components),
        matched,
    }
}

fn constructor_threw() -> Outcome {
    Outcome {
        components: None,
        matched: None,
    }
}

fn deno_result(r: &urlpattern::UrlPatternResult) -> Value {
    let one = |c: &urlpattern::UrlPatternComponentResult| {
        let groups: Map<String, Value> = (c.groups.iter())
            .map(|(k, v)| (k.clone(), v.clone().map_or(Value::Null, Value::String)))
            .collect();
        json!({"input": c.input, "groups": groups})
    };
    json!({
        "protocol": one(&r.protocol), "username": one(&r.username),
        "password": one(&r.password), "hostname": one(&r.hostname),
        "port": one(&r.port), "pathname": one(&r.pathname),
        "search": one(&r.search), "hash": one(&r.hash),
    })
}

/// What WPT expects, in the same shape.
fn expected(case: &Case) -> Outcome {
    match &case.constructed {
        Constructed::Error => Outcome {
            components: None,
            matched: None,
        },
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
fn difference(got: &Outcome, want: &Outcome) -> Option<String> {
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

#[test]
fn deno_urlpattern_against_wpt() {
    let cases = cases();
    let mut failures: BTreeMap<usize, String> = BTreeMap::new();
    for case in &cases {
        if let Some(why) = difference(&deno(case), &expected(case)) {
            failures.insert(case.index, format!("{}\n    {why}", case.describe()));
        }
    }
    let listed: BTreeMap<usize, &str> = DENO_WRONG
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
        "Deno's urlpattern: {} of {} WPT cases agree; {} listed as wrong",
        cases.len() - failures.len(),
        cases.len(),
        listed.len()
    );
    for (rule, indices) in DENO_WRONG {
        println!("  {indices:?}: {rule}");
    }
    assert!(
        unlisted.is_empty() && now_right.is_empty(),
        "unlisted failures:\n{}\nlisted but now right: {now_right:?}",
        unlisted
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// One case through weburl, in the same shapes.
fn weburl(case: &Case) -> Outcome {
    use weburl::pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
    let init_of = |v: &Value| UrlPatternInit::deserialize(v).unwrap();
    let args = &case.pattern;
    let mut base = None;
    let mut options = UrlPatternOptions::default();
    for (i, arg) in args.iter().enumerate().skip(1) {
        match arg {
            Value::String(s) if i == 1 => base = Some(s.clone()),
            Value::Object(_) if i == 1 && args.len() == 3 => base = Some("[object Object]".into()),
            Value::Object(o) => {
                options.ignore_case = o.get("ignoreCase").and_then(Value::as_bool) == Some(true)
            }
            _ if i == 2 => return constructor_threw(),
            _ => panic!("{}: unexpected argument {arg}", case.describe()),
        }
    }
    let pattern = match args.first() {
        None => UrlPattern::from_init(&UrlPatternInit::default(), options).ok(),
        Some(Value::String(s)) => UrlPattern::parse(s, base.as_deref(), options).ok(),
        Some(init) if base.is_none() => UrlPattern::from_init(&init_of(init), options).ok(),
        Some(_) => None,
    };
    let Some(pattern) = pattern else {
        return constructor_threw();
    };
    let components = json!({
        "protocol": pattern.protocol(), "username": pattern.username(),
        "password": pattern.password(), "hostname": pattern.hostname(),
        "port": pattern.port(), "pathname": pattern.pathname(),
        "search": pattern.search(), "hash": pattern.hash(),
    });
    let matched = case.inputs.as_ref().map(|inputs| {
        let result = match (inputs.first(), inputs.get(1)) {
            (None, _) => pattern.exec_init(&UrlPatternInit::default()),
            (Some(Value::String(s)), base) => pattern.exec(s, base.and_then(Value::as_str)),
            (Some(_), Some(_)) => return json!("error"),
            (Some(init), None) => pattern.exec_init(&init_of(init)),
        };
        result.map_or(Value::Null, |r| weburl_result(&r))
    });
    Outcome {
        components: Some(components),
        matched,
    }
}

fn weburl_result(r: &weburl::pattern::UrlPatternResult) -> Value {
    let one = |c: &weburl::pattern::UrlPatternComponentResult| {
        let groups: Map<String, Value> = (c.groups.iter())
            .map(|(k, v)| {
                (
                    k.to_owned(),
                    v.map_or(Value::Null, |v| Value::String(v.to_owned())),
                )
            })
            .collect();
        json!({"input": c.input.as_str(), "groups": groups})
    };
    json!({
        "protocol": one(&r.protocol), "username": one(&r.username),
        "password": one(&r.password), "hostname": one(&r.hostname),
        "port": one(&r.port), "pathname": one(&r.pathname),
        "search": one(&r.search), "hash": one(&r.hash),
    })
}

#[test]
fn weburl_agrees_with_wpt_where_deno_does_and_where_it_does_not() {
    let cases = cases();
    let wrong: Vec<String> = (cases.iter())
        .filter_map(|case| {
            difference(&weburl(case), &expected(case))
                .map(|why| format!("{}\n    {why}", case.describe()))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "weburl departs from WPT:\n{}",
        wrong.join("\n")
    );
}

/// The GitHub REST API routes of the benchmark as patterns, each on URLs built from every
/// route: weburl and Deno's crate must give the same answer (match or not, and the groups).
#[test]
fn weburl_and_deno_agree_on_the_github_routes() {
    let table = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/github-routes.txt"
    ))
    .unwrap();
    let mut paths: Vec<&str> = table
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(_, p)| p))
        .collect();
    paths.dedup();
    let urls: Vec<String> = paths
        .iter()
        .flat_map(|p| {
            let filled: String = p
                .split('/')
                .map(|s| if s.starts_with(':') { "x1" } else { s })
                .collect::<Vec<_>>()
                .join("/");
            [
                format!("https://api.github.com{filled}"),
                format!("https://api.github.com{filled}/?page=2#frag"),
                format!("http://API.GitHub.com:443{}", filled.to_uppercase()),
            ]
        })
        .collect();
    let mut compared = 0;
    for path in &paths {
        let string = format!("https://api.github.com{path}");
        let pathname = format!("{{/v:version}}?{path}");
        let ours = [
            weburl::pattern::UrlPattern::parse(&string, None, Default::default()).unwrap(),
            weburl::pattern::UrlPattern::from_init(
                &weburl::pattern::UrlPatternInit {
                    pathname: Some(pathname.clone()),
                    ..Default::default()
                },
                Default::default(),
            )
            .unwrap(),
        ];
        let theirs = [
            quirks::process_construct_pattern_input(
                StringOrInit::String(string.clone().into()),
                None,
            ),
            quirks::process_construct_pattern_input(
                StringOrInit::Init(quirks::UrlPatternInit {
                    pathname: Some(pathname.clone()),
                    ..Default::default()
                }),
                None,
            ),
        ]
        .map(|init| <urlpattern::UrlPattern>::parse(init.unwrap(), Default::default()).unwrap());
        for (ours, theirs) in ours.iter().zip(&theirs) {
            for url in &urls {
                let mine = ours
                    .exec(url, None)
                    .map_or(Value::Null, |r| weburl_result(&r));
                let input = quirks::process_match_input(StringOrInit::String(url.into()), None)
                    .unwrap()
                    .unwrap()
                    .0;
                let other = theirs
                    .exec(input)
                    .unwrap()
                    .map_or(Value::Null, |r| deno_result(&r));
                assert_eq!(mine, other, "pattern {} on {url}", ours.pathname());
                compared += 1;
            }
        }
    }
    println!("{compared} pattern-URL pairs agree");
    assert!(compared > 100_000);
}
