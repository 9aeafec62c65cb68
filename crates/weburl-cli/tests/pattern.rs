//! URL patterns from the command line: every web-platform-tests URLPattern case through the
//! batch op `pattern` (no skip list), and `weburl match`.

mod common;

use std::path::PathBuf;

use common::{batch, ok, weburl};
use serde_json::{Value, json};
use weburl_testkit::urlpattern::{Case, Constructed, Matched, cases, has_regexp_groups_cases};

/// The request for one case.
fn request(case: &Case) -> Value {
    let mut request = json!({"op": "pattern", "pattern": case.pattern});
    if let Some(inputs) = &case.inputs {
        request["inputs"] = Value::Array(inputs.clone());
    }
    request
}

/// What is wrong with the answer to one case (`None`: it is right).
fn check(case: &Case, answer: &Value) -> Option<String> {
    let components = match &case.constructed {
        Constructed::Error => {
            return (answer.get("failure") != Some(&json!(true)))
                .then(|| format!("the constructor should throw, got {answer}"));
        }
        Constructed::Components(c) => c,
    };
    if answer.get("failure").is_some() {
        return Some(format!("the constructor threw: {answer}"));
    }
    if answer["components"] != Value::Object(components.clone()) {
        return Some(format!(
            "components: got {}, want {}",
            answer["components"],
            Value::Object(components.clone())
        ));
    }
    if !answer["has_regexp_groups"].is_boolean() {
        return Some(format!("has_regexp_groups is not a boolean: {answer}"));
    }
    let want = match &case.matched {
        Matched::NotChecked => {
            return (answer.get("match").is_some() || answer.get("exec_error").is_some())
                .then(|| format!("no inputs, yet a match: {answer}"));
        }
        Matched::Error => {
            return (!answer["exec_error"].is_string() || answer.get("match").is_some())
                .then(|| format!("exec should throw, got {answer}"));
        }
        Matched::NoMatch => Value::Null,
        Matched::Match { components, .. } => components.clone(),
    };
    match answer.get("match") {
        Some(got) if *got == want => None,
        got => Some(format!("match: got {got:?}, want {want}")),
    }
}

#[test]
fn every_wpt_urlpattern_case_through_batch() {
    let cases = cases();
    let answers = batch(&cases.iter().map(request).collect::<Vec<_>>());
    let failures: Vec<String> = cases
        .iter()
        .zip(&answers)
        .filter_map(|(case, answer)| {
            check(case, answer).map(|e| format!("{}\n  {e}", case.describe()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    println!(
        "{} of {} urlpatterntestdata.json cases pass",
        cases.len(),
        cases.len()
    );
}

#[test]
fn every_has_regexp_groups_case_through_batch() {
    let cases = has_regexp_groups_cases();
    let requests: Vec<Value> = (cases.iter())
        .map(|(pattern, _)| json!({"op": "pattern", "pattern": pattern}))
        .collect();
    let answers = batch(&requests);
    for ((pattern, expected), answer) in cases.iter().zip(&answers) {
        assert_eq!(
            answer["has_regexp_groups"],
            json!(expected),
            "pattern {pattern:?}: {answer}"
        );
    }
    println!(
        "{} of {} urlpattern-hasregexpgroups.json cases pass",
        cases.len(),
        cases.len()
    );
}

#[test]
fn the_contract_example() {
    let answers = batch(
        &[json!({"op":"pattern","pattern":[{"pathname":"/books/:id"}],
                                  "inputs":["https://example.com/books/123"]})],
    );
    let want = json!({"components":{"protocol":"*","username":"*","password":"*","hostname":"*",
        "port":"*","pathname":"/books/:id","search":"*","hash":"*"},"has_regexp_groups":false,
        "match":{"protocol":{"input":"https","groups":{"0":"https"}},
        "username":{"input":"","groups":{"0":""}},"password":{"input":"","groups":{"0":""}},
        "hostname":{"input":"example.com","groups":{"0":"example.com"}},
        "port":{"input":"","groups":{"0":""}},
        "pathname":{"input":"/books/123","groups":{"id":"123"}},
        "search":{"input":"","groups":{"0":""}},"hash":{"input":"","groups":{"0":""}}}});
    assert_eq!(answers[0], want);
}

/// A routes file in a fresh temporary directory.
fn routes_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weburl-match-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("routes.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn match_one_pattern_argument() {
    let run = weburl(
        &[
            "match",
            "https://*.example.com/books/:id",
            "https://www.example.com/books/7",
            "https://example.com/books/7",
        ],
        b"",
    );
    assert_eq!(
        run.stdout,
        "https://*.example.com/books/:id hostname.0=www id=7\n"
    );
    assert_eq!(
        run.stderr,
        "error: https://example.com/books/7: no route matches\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn match_routes_file_first_and_all() {
    let routes = routes_file(
        "all",
        "# comment\n\nbook  /books/:id\n  new /books/new\nany /*\n",
    );
    let routes = routes.to_str().unwrap();
    let base = "https://example.com";
    let args = ["match", "--routes", routes, "--pattern-base", base];
    let run = weburl(
        &args,
        b"https://example.com/books/new\nhttps://example.com/x\n",
    );
    assert_eq!(run.stdout, "book id=new\nany pathname.0=x\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut all = args.to_vec();
    all.push("--all");
    let run = weburl(&all, b"https://example.com/books/new\n");
    assert_eq!(run.stdout, "book id=new\tnew\tany pathname.0=books/new\n");
    // Another host: the routes are relative to the base, so none matches.
    let run = weburl(&args, b"https://example.org/books/1\n");
    assert_eq!(
        run.stderr,
        "error: line 1: https://example.org/books/1: no route matches\n"
    );
}

/// A component's group is `COMPONENT.NAME` everywhere: in the default output, in `--json`'s
/// groups, and as a `--get` placeholder (as SQL's and Polars' `pattern_group` name it).
#[test]
fn match_qualified_groups_are_component_dot_name() {
    let pattern = "https://*.example.com/*";
    let url = "https://www.example.com/books/7";
    assert_eq!(
        ok(&["match", pattern, url]),
        "https://*.example.com/* hostname.0=www pathname.0=books/7\n"
    );
    // A bare `{:0}` is the first component's that has it: the username's empty wildcard.
    assert_eq!(
        ok(&[
            "match",
            "--get",
            "{hostname.0}|{pathname.0}|{:0}",
            pattern,
            url
        ]),
        "www|books/7|\n"
    );
    let run = weburl(&["match", "--json", pattern, url], b"");
    let answer: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        answer["groups"],
        json!({"hostname.0": "www", "pathname.0": "books/7"})
    );
    // The colon form is not a placeholder.
    let run = weburl(&["match", "--get", "{pathname:0}", pattern, url], b"");
    assert!(
        run.stderr
            .contains("unknown placeholder '{pathname:0}' at byte 0 (known: "),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 2);
}

#[test]
fn match_templates_json_and_blank_failures() {
    let pattern = r#"{"pathname": "/books/:id(\\d+)"}"#;
    let input = b"https://a.example/books/7\n\nhttps://a.example/books/x\nnot a url\nhttps://b.example/books/8\n";
    let run = weburl(
        &[
            "match",
            "-e",
            pattern,
            "--get",
            "{:id} {hostname} {{}}",
            "--blank-failures",
        ],
        input,
    );
    assert_eq!(run.stdout, "7 a.example {}\n\n\n\n8 b.example {}\n");
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        errors[0],
        "error: line 3: https://a.example/books/x: no route matches"
    );
    assert!(
        errors[1].starts_with("error: line 4: not a url: "),
        "{}",
        run.stderr
    );
    assert_eq!(errors.len(), 2);
    assert_eq!(run.code, 1);
    let run = weburl(
        &["match", "--json", "-e", pattern],
        b"https://a.example/books/7\nx\n",
    );
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["input"], "https://a.example/books/7");
    assert_eq!(lines[0]["route"], pattern);
    assert_eq!(lines[0]["groups"], json!({"id": "7"}));
    assert_eq!(
        lines[0]["match"]["pathname"],
        json!({"input": "/books/7", "groups": {"id": "7"}})
    );
    assert_eq!(lines[1]["input"], "x");
    assert!(lines[1]["error"].is_string() && lines[1]["error_name"].is_string());
    assert_eq!(run.stderr, "");
}

#[test]
fn match_usage_errors_name_the_line() {
    let routes = routes_file("bad", "ok /a\nbroken /b/:id(\n");
    let run = weburl(
        &[
            "match",
            "--routes",
            routes.to_str().unwrap(),
            "--pattern-base",
            "https://e.x",
            "https://e.x/a",
        ],
        b"",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(", line 2: route broken: "),
        "{}",
        run.stderr
    );
    let routes = routes_file("nopattern", "lonely\n");
    let run = weburl(&["match", "--routes", routes.to_str().unwrap()], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("line 1: a route is NAME then PATTERN"),
        "{}",
        run.stderr
    );
    let run = weburl(&["match", "/books/:id", "https://e.x/books/1"], b"");
    assert_eq!(run.code, 2, "a relative pattern without --pattern-base");
    let run = weburl(&["match"], b"");
    assert_eq!(run.code, 2);
}

#[test]
fn match_ignore_case() {
    let run = weburl(
        &[
            "match",
            "-i",
            "-e",
            r#"{"pathname":"/Books/:id"}"#,
            "https://e.x/BOOKS/1",
        ],
        b"",
    );
    assert_eq!(run.stdout, "{\"pathname\":\"/Books/:id\"} id=1\n");
}

#[test]
fn match_untrusted_refuses_regexp_groups_and_long_patterns() {
    let regexp = r"https://e.x/:id(\d+)";
    // Without a limit, the custom regexp group is accepted.
    let run = weburl(&["match", regexp, "https://e.x/7"], b"");
    assert_eq!(run.stdout, format!("{regexp} id=7\n"));
    for (flag, named) in [
        ("--untrusted", "(--untrusted)"),
        ("--no-regexp-groups", "(--no-regexp-groups)"),
    ] {
        let run = weburl(&["match", flag, regexp, "https://e.x/7"], b"");
        assert_eq!(run.code, 2, "{flag}");
        assert_eq!(run.stdout, "");
        assert_eq!(
            run.stderr.lines().next().unwrap(),
            format!(
                "error: pattern {regexp}: the pathname pattern has a custom regexp group, \
                 which the limits refuse {named}"
            ),
            "{flag}"
        );
    }
    // A pattern without one is accepted under --untrusted.
    let run = weburl(
        &["match", "--untrusted", "https://e.x/:id", "https://e.x/7"],
        b"",
    );
    assert_eq!(run.stdout, "https://e.x/:id id=7\n");
    assert_eq!(run.code, 0);
    // The length limit, in a routes file: the file, the line, the route and the limit.
    let routes = routes_file("limits", "short /a\nlong /aaaaaaaaaaaaaaaaaaaa\n");
    let run = weburl(
        &[
            "match",
            "--max-pattern-length",
            "30",
            "--pattern-base",
            "https://e.x",
            "--routes",
            routes.to_str().unwrap(),
            "https://e.x/a",
        ],
        b"",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(
            ", line 2: route long: the pattern is 32 bytes long; the limit is 30 \
             (--max-pattern-length 30)"
        ),
        "{}",
        run.stderr
    );
    // --untrusted's 8192 bytes; an explicit --max-pattern-length overrides it.
    let long = format!("https://e.x/{}", "a".repeat(9000));
    let run = weburl(&["match", "--untrusted", &long, "https://e.x/a"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("the limit is 8192 (--untrusted)"),
        "{}",
        run.stderr
    );
    let url = format!("https://e.x/{}", "a".repeat(9000));
    let run = weburl(
        &[
            "match",
            "--untrusted",
            "--max-pattern-length",
            "10000",
            &long,
            &url,
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn batch_limits_refuse_wpt_regexp_cases() {
    // Every WPT case with a custom regexp group is refused under `untrusted`; every other one
    // gives the same answer with and without it (the limits change nothing else).
    let cases: Vec<(Vec<Value>, bool)> = has_regexp_groups_cases();
    let mut requests = Vec::new();
    for (pattern, _) in &cases {
        requests.push(json!({"op": "pattern", "pattern": pattern}));
        requests.push(json!({"op": "pattern", "pattern": pattern, "untrusted": true}));
    }
    let answers = batch(&requests);
    for ((pattern, has), pair) in cases.iter().zip(answers.chunks(2)) {
        if *has {
            assert_eq!(pair[1]["failure"], json!(true), "{pattern:?}: {}", pair[1]);
            let error = pair[1]["error"].as_str().unwrap();
            assert!(
                error.ends_with(
                    "has a custom regexp group, which the limits refuse (untrusted: true)"
                ),
                "{error}"
            );
        } else {
            assert_eq!(pair[0], pair[1], "{pattern:?}");
        }
    }
}

/// A regexp group that needs backtracking, on a URL that exhausts its step budget: that URL
/// fails with `regexp-steps-exhausted` (the budget named), the next one is matched; the
/// budget is --max-regexp-steps (or --untrusted's, once regexp groups are allowed again);
/// --no-backtracking-regexps refuses the pattern and names itself.
#[test]
fn match_regexp_step_budget() {
    let pattern = "https://e.x/:x((?=a)(?:a*)*b)";
    let hostile = format!("https://e.x/{}", "a".repeat(20_000));
    let stdin = format!("{hostile}\nhttps://e.x/aab\n");
    let run = weburl(
        &["match", "--max-regexp-steps", "100000", pattern],
        stdin.as_bytes(),
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{pattern} x=aab\n"));
    assert!(
        run.stderr.ends_with(
            ": the pathname's custom regexp groups exhausted their budget of 100000 steps \
             (max_regexp_steps) without an answer\n"
        ),
        "{}",
        run.stderr
    );
    // The default budget (10,000,000 steps) ends the same way.
    let run = weburl(&["match", "--json", pattern], stdin.as_bytes());
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines[0]["error_name"], "regexp-steps-exhausted",
        "{}",
        lines[0]
    );
    assert!(
        lines[0]["error"]
            .as_str()
            .unwrap()
            .contains("budget of 10000000 steps"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1]["groups"]["x"], "aab");
    // Refused outright.
    let run = weburl(
        &[
            "match",
            "--no-backtracking-regexps",
            pattern,
            "https://e.x/aab",
        ],
        b"",
    );
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.lines().next().unwrap(),
        format!(
            "error: pattern {pattern}: the pathname pattern has a custom regexp group, which the \
             limits refuse: it needs backtracking (lookaround, a backreference...) \
             (--no-backtracking-regexps)"
        )
    );
    // A linear one is accepted with --no-backtracking-regexps.
    let run = weburl(
        &[
            "match",
            "--no-backtracking-regexps",
            "https://e.x/:x(a+b)",
            "https://e.x/aab",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // --max-regexp-steps must be a number.
    let run = weburl(
        &[
            "match",
            "--max-regexp-steps",
            "many",
            pattern,
            "https://e.x/b",
        ],
        b"",
    );
    assert_eq!(run.code, 2);
}

/// The batch op `pattern` with `max_regexp_steps` and `backtracking_regexps`: an exhausted
/// budget is that request's failure; the next request is answered.
#[test]
fn batch_regexp_step_budget() {
    let pattern = json!(["https://e.x/:x((?=a)(?:a*)*b)"]);
    let hostile = format!("https://e.x/{}", "a".repeat(200));
    let answers = batch(&[
        json!({"op": "pattern", "pattern": pattern, "inputs": [hostile], "max_regexp_steps": 1000}),
        json!({"op": "pattern", "pattern": pattern, "inputs": ["https://e.x/ab"], "max_regexp_steps": 1000}),
        json!({"op": "pattern", "pattern": pattern, "backtracking_regexps": false}),
        json!({"op": "pattern", "pattern": pattern, "max_regexp_steps": "1000"}),
    ]);
    assert_eq!(answers[0]["failure"], json!(true), "{}", answers[0]);
    assert_eq!(
        answers[0]["error"],
        "the pathname's custom regexp groups exhausted their budget of 1000 steps \
         (max_regexp_steps) without an answer"
    );
    assert_eq!(
        answers[1]["match"]["pathname"]["groups"]["x"], "ab",
        "{}",
        answers[1]
    );
    assert!(
        answers[2]["error"].as_str().unwrap().ends_with(
            "it needs backtracking (lookaround, a backreference...) (backtracking_regexps: false)"
        ),
        "{}",
        answers[2]
    );
    assert!(
        answers[3]["error"]
            .as_str()
            .unwrap()
            .contains("field max_regexp_steps must be a non-negative integer or null"),
        "{}",
        answers[3]
    );
}

/// `weburl match` with hostile sizes: 5,000 routes, a megabyte literal route, and megabyte
/// URLs on stdin, each answered on its own line (no timing asserted).
#[test]
fn match_many_routes_and_megabyte_inputs() {
    let mb = 1 << 20;
    let long = "a".repeat(mb);
    let mut text: String = (0..5_000)
        .map(|i| format!("r{i} /api/v{}/r{i}/:id\n", i % 10))
        .collect();
    text.push_str(&format!("long /{long}/:x\nany /*\n"));
    let routes = routes_file("hostile", &text);
    let mut input: String = (0..1_000)
        .map(|i| format!("https://example.com/api/v{}/r{i}/{i}\n", i % 10))
        .collect();
    input.push_str(&format!("https://example.com/{long}/7\n"));
    input.push_str(&format!(
        "https://example.com/api/v1/{}\n",
        "r1/".repeat(mb)
    ));
    let run = weburl(
        &[
            "match",
            "--routes",
            routes.to_str().unwrap(),
            "--pattern-base",
            "https://example.com",
        ],
        input.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1_002);
    assert_eq!(lines[0], "r0 id=0");
    assert_eq!(lines[999], "r999 id=999");
    assert_eq!(lines[1_000], "long x=7");
    assert!(lines[1_001].starts_with("any pathname.0=api/v1/r1/r1/"));
    assert_eq!(lines[1_001].len(), "any pathname.0=api/v1/".len() + 3 * mb);
}
