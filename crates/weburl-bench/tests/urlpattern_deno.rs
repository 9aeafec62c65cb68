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

mod support;

use serde::Deserialize;
use serde_json::{Map, Value, json};
use support::{Outcome, arguments, check_known_failures, constructor_threw, difference, expected};
use urlpattern::quirks::{self, StringOrInit};
use weburl_testkit::urlpattern::{Case, cases};

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

/// One case through Deno's crate.
fn deno(case: &Case) -> Outcome {
    let Some(args) = arguments(case) else {
        return constructor_threw();
    };
    let input = match args.input {
        None => StringOrInit::Init(Default::default()),
        Some(Value::String(s)) => StringOrInit::String(s.clone().into()),
        Some(arg @ Value::Object(_)) => match serde_json::from_value(arg.clone()) {
            Ok(init) => StringOrInit::Init(init),
            // Not an init the crate can read: the constructor throws.
            Err(_) => return constructor_threw(),
        },
        Some(arg) => panic!("{}: unexpected argument {arg}", case.describe()),
    };
    let options = urlpattern::UrlPatternOptions {
        ignore_case: args.ignore_case,
        ..Default::default()
    };
    let pattern = quirks::process_construct_pattern_input(input, args.base.as_deref())
        .and_then(|init| <urlpattern::UrlPattern>::parse(init, options));
    let Ok(pattern) = pattern else {
        return constructor_threw();
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

#[test]
fn deno_urlpattern_against_wpt() {
    check_known_failures("Deno's urlpattern", &cases(), DENO_WRONG, deno);
}

/// One case through weburl, in the same shapes.
fn weburl(case: &Case) -> Outcome {
    use weburl::pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
    let init_of = |v: &Value| UrlPatternInit::deserialize(v).unwrap();
    let Some(args) = arguments(case) else {
        return constructor_threw();
    };
    let (base, options) = (
        args.base,
        UrlPatternOptions {
            ignore_case: args.ignore_case,
        },
    );
    let pattern = match args.input {
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
