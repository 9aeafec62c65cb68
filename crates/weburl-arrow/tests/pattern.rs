//! The URL pattern kernels against the scalar library (`UrlPattern::test`, `UrlPattern::exec`)
//! on every web-platform-tests URLPattern case whose input is a URL string
//! (`urlpatterntestdata.json`, read by `weburl_testkit::urlpattern`), in every input layout
//! (`Utf8`, `LargeUtf8`, `Utf8View`, a scalar, chunks), with nulls, and with the case's base
//! URL as one value and as a column.

mod common;

use common::{layouts, texts};
use serde::Deserialize;
use serde_json::Value;
use weburl::pattern::{
    UrlPattern, UrlPatternComponent, UrlPatternInit, UrlPatternInput, UrlPatternOptions,
    UrlPatternResult,
};
use weburl_arrow::arrow_array::{Array, StringArray, StructArray};
use weburl_arrow::{Base, KernelError, Output, Strings, rows};
use weburl_testkit::urlpattern::{Constructed, Matched, cases};

/// The pattern of a case whose constructor succeeds (JavaScript's argument forms).
fn pattern_of(args: &[Value]) -> UrlPattern {
    let input = args.first().map_or(UrlPatternInit::default().into(), |v| {
        UrlPatternInput::deserialize(v).unwrap_or_else(|e| panic!("pattern input {v}: {e}"))
    });
    let options = |o: &Value| UrlPatternOptions {
        ignore_case: o.get("ignoreCase").and_then(Value::as_bool) == Some(true),
    };
    let (base, options) = match args {
        [_, Value::String(base)] => (Some(base.as_str()), UrlPatternOptions::default()),
        [_, o @ Value::Object(_)] => (None, options(o)),
        [_, Value::String(base), o] => (Some(base.as_str()), options(o)),
        _ => (None, UrlPatternOptions::default()),
    };
    UrlPattern::new(&input, base, options).expect("the case's constructor succeeds")
}

/// The groups of a result as the kernels' columns hold them, in field order.
fn groups_of(pattern: &UrlPattern, result: &UrlPatternResult) -> Vec<Option<String>> {
    UrlPatternComponent::ALL
        .into_iter()
        .flat_map(|c| {
            let groups = &result.component(c).groups;
            assert_eq!(groups.len(), pattern.group_names(c).len());
            groups
                .iter()
                .map(|(_, v)| v.map(str::to_owned))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Row `row` of a struct of groups, field by field (`None`: a null row).
fn struct_row(table: &StructArray, row: usize) -> Option<Vec<Option<String>>> {
    if table.is_null(row) {
        return None;
    }
    Some(
        table
            .columns()
            .iter()
            .map(|c| texts(c.as_ref())[row].clone())
            .collect(),
    )
}

#[test]
fn every_wpt_url_string_case_in_every_layout() {
    let mut checked = 0;
    let mut matched = 0;
    for case in cases() {
        let (Constructed::Components(_), Some(inputs)) = (&case.constructed, &case.inputs) else {
            continue;
        };
        // A URL string, with or without a base URL string.
        let (url, base) = match inputs.as_slice() {
            [Value::String(url)] => (url.as_str(), None),
            [Value::String(url), Value::String(base)] => (url.as_str(), Some(base.as_str())),
            _ => continue,
        };
        let what = case.describe();
        let pattern = pattern_of(&case.pattern);
        let expected = pattern.exec(url, base);
        // The library agrees with WPT (its own suite checks the groups).
        match &case.matched {
            Matched::NoMatch => assert!(expected.is_none(), "{what}"),
            Matched::Match { .. } => assert!(expected.is_some(), "{what}"),
            other => panic!("{what}: {other:?}"),
        }
        matched += usize::from(expected.is_some());
        let groups = expected.as_ref().map(|r| groups_of(&pattern, r));
        let want_rows = [groups.clone(), None, groups.clone()];
        let want_test = [Some(expected.is_some()), None, Some(expected.is_some())];
        let parsed_base = base.map(weburl::Url::parse);
        let base_column = StringArray::from(vec![base; 3]);
        for (layout, arrays) in layouts(&[Some(url), None, Some(url)]) {
            let urls = Strings::chunks(&arrays).unwrap();
            // The base: the case's, as one parsed URL (when it parses) and as a column.
            let mut bases = vec![(
                "column",
                Base::Strings(Strings::try_new(&base_column).unwrap()),
            )];
            match &parsed_base {
                None => bases.push(("none", Base::None)),
                Some(Ok(b)) => bases.push(("one", Base::Url(b))),
                Some(Err(_)) => {}
            }
            if base.is_none() {
                // A column of null bases makes every row null.
                bases.remove(0);
            }
            for (kind, b) in bases {
                let at = format!("{what} ({layout}, base {kind})");
                let test = weburl_arrow::pattern_test(&urls, &pattern, b.clone());
                assert_eq!(test.iter().collect::<Vec<_>>(), want_test, "{at}");
                for output in [Output::Utf8View, Output::Utf8, Output::LargeUtf8] {
                    let table = weburl_arrow::pattern_exec_as(&urls, &pattern, b.clone(), output);
                    assert_eq!(table.len(), 3);
                    let fields = weburl_arrow::pattern_fields(&pattern, output);
                    assert_eq!(table.fields(), &fields, "{at}");
                    for (row, want) in want_rows.iter().enumerate() {
                        assert_eq!(&struct_row(&table, row), want, "{at} row {row} {output:?}");
                    }
                    // Each field through pattern_group, by its name.
                    for (i, field) in fields.iter().enumerate() {
                        let column = weburl_arrow::pattern_group(
                            &urls,
                            &pattern,
                            field.name(),
                            b.clone(),
                            output,
                        );
                        let want: Vec<Option<String>> = want_rows
                            .iter()
                            .map(|r| r.as_ref().and_then(|g| g[i].clone()))
                            .collect();
                        assert_eq!(texts(column.as_ref()), want, "{at} {}", field.name());
                    }
                }
            }
            // A scalar URL.
            let scalar = Strings::scalar(Some(url), 2);
            let b = base.map_or(Base::None, |b| Base::Strings(Strings::scalar(Some(b), 2)));
            let test = weburl_arrow::pattern_test(&scalar, &pattern, b.clone());
            assert_eq!(
                test.iter().collect::<Vec<_>>(),
                [want_test[0]; 2],
                "{what} scalar"
            );
            let table = weburl_arrow::pattern_exec(&scalar, &pattern, b);
            assert_eq!(struct_row(&table, 1), groups, "{what} scalar");
        }
        checked += 1;
    }
    // 72 cases and 49 matches in the copy of the data the project carries.
    assert!(checked >= 70, "{checked} cases checked");
    assert!(matched >= 40, "{matched} cases matched");
}

#[test]
fn field_names_qualify_only_shared_names() {
    let p = weburl_arrow::url_pattern("https://*.example.com/:a/*", None, false).unwrap();
    let names: Vec<String> = weburl_arrow::pattern_fields(&p, Output::Utf8View)
        .iter()
        .map(|f| f.name().clone())
        .collect();
    assert_eq!(
        names,
        [
            "username.0",
            "password.0",
            "hostname.0",
            "a",
            "pathname.0",
            "search.0",
            "hash.0"
        ]
    );
    let init = UrlPatternInit {
        pathname: Some("/:a/:b".into()),
        hostname: Some("example.com".into()),
        protocol: Some("https".into()),
        port: Some("".into()),
        username: Some("".into()),
        password: Some("".into()),
        search: Some("".into()),
        hash: Some("".into()),
        ..Default::default()
    };
    let p = UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap();
    let names: Vec<String> = weburl_arrow::pattern_fields(&p, Output::Utf8View)
        .iter()
        .map(|f| f.name().clone())
        .collect();
    assert_eq!(names, ["a", "b"]);
    // No group at all: a struct without fields, null where the URL does not match.
    let init = UrlPatternInit {
        pathname: Some("/x".into()),
        ..init
    };
    let p = UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap();
    let urls = StringArray::from(vec!["https://example.com/x", "https://example.com/y"]);
    let table = weburl_arrow::pattern_exec(&Strings::try_new(&urls).unwrap(), &p, None);
    assert_eq!((table.num_columns(), table.len()), (0, 2));
    assert!(table.is_valid(0) && table.is_null(1));
}

#[test]
fn bare_names_take_the_first_component_in_the_spec_order() {
    // Two components may have groups of one name (one component may not).
    let init = UrlPatternInit {
        hostname: Some(":x.example.com".into()),
        pathname: Some("/:x".into()),
        ..Default::default()
    };
    let p = UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap();
    let url = weburl::Url::parse("https://h.example.com/p").unwrap();
    assert_eq!(rows::pattern_group(&url, &p, None, "x"), Some("h"));
    assert_eq!(
        rows::pattern_group(&url, &p, Some(UrlPatternComponent::Pathname), "x"),
        Some("p")
    );
    let urls = StringArray::from(vec!["https://h.example.com/p"]);
    let urls = Strings::try_new(&urls).unwrap();
    let column = weburl_arrow::pattern_group(&urls, &p, "pathname.x", None, Output::Utf8);
    assert_eq!(texts(column.as_ref()), [Some("p".to_owned())]);
    let column = weburl_arrow::pattern_group(&urls, &p, "nope", None, Output::Utf8);
    assert_eq!(texts(column.as_ref()), [None]);
    // Not a component: the whole text is the name, which no group has.
    let column = weburl_arrow::pattern_group(&urls, &p, "path.x", None, Output::Utf8);
    assert_eq!(texts(column.as_ref()), [None]);
}

#[test]
fn pattern_errors_say_what_and_where() {
    let e = weburl_arrow::url_pattern("/books/:id", None, false).unwrap_err();
    assert!(e.to_string().contains("\"/books/:id\""), "{e}");
    // The SQL functions' base URL argument is pattern_base; they take no init objects.
    assert!(
        e.to_string()
            .ends_with("needs a base URL: give pattern_base"),
        "{e}"
    );
    let e = weburl_arrow::url_pattern("https://example.com/:id(\\d+", None, false).unwrap_err();
    let KernelError::Pattern { pattern, error } = &e else {
        panic!("{e}")
    };
    assert_eq!(pattern, "https://example.com/:id(\\d+");
    assert!(
        matches!(
            error,
            weburl::pattern::UrlPatternError::Tokenize { index: 23, .. }
        ),
        "{error:?}"
    );
    assert!(
        e.to_string().contains("at byte 23 (in the pathname)"),
        "{e}"
    );
}

#[test]
fn hostile_rows_do_not_panic() {
    let long = format!("https://example.com/{}end", "a/".repeat(100_000));
    let urls = StringArray::from(vec![
        Some(long.as_str()),
        Some(""),
        Some("\u{0}"),
        Some("http://[::1"),
        None,
    ]);
    let urls = Strings::try_new(&urls).unwrap();
    let p = weburl_arrow::url_pattern("https://example.com/*/:last", None, false).unwrap();
    let test = weburl_arrow::pattern_test(&urls, &p, None);
    assert_eq!(
        test.iter().collect::<Vec<_>>(),
        [Some(true), Some(false), Some(false), Some(false), None]
    );
    let table = weburl_arrow::pattern_exec(&urls, &p, None);
    assert_eq!(table.len(), 5);
    assert!(table.is_valid(0));
}

/// `pattern_generate` on every case of web-platform-tests' generate data (the repository's
/// copy): each pattern as the data functions take it (a constructor string, or an init
/// object's JSON text), in every layout, a row per case; `generate` where the case expects a
/// value, null where it expects JavaScript to throw, and an error naming the component where
/// the case's component is no component's name. With `strict`, each row is the library's
/// `generate_strict`.
#[test]
fn generate_answers_the_wpt_generate_data() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../weburl/tests/data/wpt/urlpattern-generate-test-data.json"
    );
    let data: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the WPT copy")).expect("JSON");
    let cases: Vec<&Value> = data
        .as_array()
        .expect("an array")
        .iter()
        .filter(|c| c.is_object())
        .collect();
    assert_eq!(cases.len(), 19, "the file holds 19 cases");
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let (mut patterns, mut components, mut groups, mut expected) = (vec![], vec![], vec![], vec![]);
    let mut refused_names = 0;
    for case in &cases {
        let component = case["component"].as_str().expect("a name");
        let pattern = text(&case["pattern"]);
        let group_text = case["groups"].to_string();
        if UrlPatternComponent::from_name(component).is_none() {
            // JavaScript's TypeError; here an error that names the argument.
            let compiled = weburl_arrow::url_pattern(&pattern, None, false).expect("compiles");
            let e =
                weburl_arrow::generate_row(&compiled, component, &group_text, false).unwrap_err();
            assert!(
                matches!(e, KernelError::Generate(_)) && e.to_string().contains(component),
                "{e}"
            );
            refused_names += 1;
            continue;
        }
        patterns.push(Some(pattern));
        components.push(Some(component.to_owned()));
        groups.push(Some(group_text));
        expected.push(case["expected"].as_str().map(str::to_owned));
    }
    assert_eq!(refused_names, 1);
    assert!(
        expected.iter().flatten().count() >= 8
            && expected.iter().filter(|e| e.is_none()).count() >= 8
    );
    let cache = weburl_arrow::PatternCache::new();
    for (layout, chunks) in layouts(&as_refs(&patterns)) {
        let patterns_in = Strings::chunks(&chunks).unwrap();
        let components_in = StringArray::from(as_refs(&components));
        let groups_in = StringArray::from(as_refs(&groups));
        let (components_in, groups_in) = (
            Strings::try_new(&components_in).unwrap(),
            Strings::try_new(&groups_in).unwrap(),
        );
        let args = weburl_arrow::GenerateArgs {
            components: &components_in,
            groups: &groups_in,
            bases: None,
        };
        for strict in [false, true] {
            let got = weburl_arrow::pattern_generate(
                &patterns_in,
                args,
                strict,
                false,
                &cache,
                Output::Utf8,
            )
            .unwrap();
            let got = texts(got.as_ref());
            let want: Vec<Option<String>> = if strict {
                (patterns.iter().zip(&components).zip(&groups))
                    .map(|((p, c), g)| {
                        let p = weburl_arrow::url_pattern(p.as_deref()?, None, false).ok()?;
                        let c = UrlPatternComponent::from_name(c.as_deref()?)?;
                        let g: std::collections::BTreeMap<String, String> =
                            serde_json::from_str(g.as_deref()?).ok()?;
                        p.generate_strict(c, &g).ok()
                    })
                    .collect()
            } else {
                expected.clone()
            };
            assert_eq!(got, want, "{layout}, strict {strict}");
        }
    }
}

/// The rows of `values` as `Option<&str>`.
fn as_refs(values: &[Option<String>]) -> Vec<Option<&str>> {
    values.iter().map(Option::as_deref).collect()
}

/// `pattern_generate`'s nulls, base URLs, untrusted limits and argument errors.
#[test]
fn generate_nulls_bases_and_errors() {
    let cache = weburl_arrow::PatternCache::new();
    let patterns = StringArray::from(vec![
        Some("/books/:id"),
        None,
        Some("/books/:id"),
        Some(r"/n/:n(\d+)"),
    ]);
    let bases = StringArray::from(vec![
        Some("https://example.com"),
        Some("https://example.com"),
        None,
        Some("https://example.com"),
    ]);
    let groups = StringArray::from(vec![
        r#"{"id": "7"}"#,
        r#"{"id": "7"}"#,
        r#"{"id": "7"}"#,
        r#"{"n": "12"}"#,
    ]);
    let (patterns, bases, groups) = (
        Strings::try_new(&patterns).unwrap(),
        Strings::try_new(&bases).unwrap(),
        Strings::try_new(&groups).unwrap(),
    );
    let components = Strings::scalar(Some("pathname"), 4);
    let args = weburl_arrow::GenerateArgs {
        components: &components,
        groups: &groups,
        bases: Some(&bases),
    };
    let got =
        weburl_arrow::pattern_generate(&patterns, args, false, false, &cache, Output::Utf8View)
            .unwrap();
    assert_eq!(
        texts(got.as_ref()),
        [Some("/books/7".to_owned()), None, None, None]
    );
    // A null pattern or base gives null; so does a regexp group, which generate cannot fill.
    // untrusted: the regexp group is refused, as a pattern that does not compile is.
    let e = weburl_arrow::pattern_generate(&patterns, args, false, true, &cache, Output::Utf8)
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("has a custom regexp group, which the limits refuse"),
        "{e}"
    );
    // A component that is none, and groups that are not an object of strings.
    let bad = Strings::scalar(Some("path"), 4);
    let e = weburl_arrow::pattern_generate(
        &patterns,
        weburl_arrow::GenerateArgs {
            components: &bad,
            ..args
        },
        false,
        false,
        &cache,
        Output::Utf8,
    )
    .unwrap_err();
    assert!(
        e.to_string().starts_with(r#""path" is not a component"#),
        "{e}"
    );
    let bad = Strings::scalar(Some("[1]"), 4);
    let e = weburl_arrow::pattern_generate(
        &patterns,
        weburl_arrow::GenerateArgs {
            groups: &bad,
            ..args
        },
        false,
        false,
        &cache,
        Output::Utf8,
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("the groups must be a JSON object"),
        "{e}"
    );
}
