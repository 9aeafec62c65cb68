//! `url_pattern_test`, `url_pattern_exec` and `url_pattern_group` in SQL against the library's `UrlPattern` and
//! the web-platform-tests URLPattern data (`weburl_testkit::urlpattern`, the expectations
//! every surface is checked against): every string layout, nulls, URLs that do not parse,
//! queries over many batches and partitions, and the errors of a pattern or a group name that
//! is not a literal, or a pattern that does not compile.

mod common;

use std::sync::Arc;

use common::{column, error};
use serde_json::Value;
use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternOptions};
use weburl_datafusion::datafusion;
use weburl_testkit::urlpattern::{Constructed, Matched, cases};

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, LargeStringArray, RecordBatch, StringArray, StringViewArray,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::prelude::SessionContext;

const URLS: [Option<&str>; 9] = [
    Some("https://api.example.com/repos/weburl/issues/7"),
    Some("https://API.EXAMPLE.com:443/repos/a%20b/pulls/12?x#y"),
    Some("https://example.com/repos/weburl/issues/7"),
    Some("http://api.example.com/repos/weburl/issues/7"),
    Some("https://api.example.com/users/me"),
    Some("/repos/a/issues/1"),
    Some("http://[::1"),
    None,
    Some(""),
];

const PATTERN: &str = "https://*.example.com/repos/:owner/:kind(issues|pulls)/:n";

fn layouts() -> Vec<ArrayRef> {
    vec![
        Arc::new(StringArray::from(URLS.to_vec())),
        Arc::new(LargeStringArray::from(URLS.to_vec())),
        Arc::new(StringViewArray::from(URLS.to_vec())),
    ]
}

async fn ctx_with(array: ArrayRef) -> SessionContext {
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    let schema = Arc::new(Schema::new(vec![
        Field::new("i", DataType::Int64, false),
        Field::new("u", array.data_type().clone(), true),
    ]));
    let rows = array.len() as i64;
    let index = Arc::new(datafusion::arrow::array::Int64Array::from_iter_values(
        0..rows,
    ));
    let batch = RecordBatch::try_new(schema, vec![index, array]).unwrap();
    ctx.register_batch("urls", batch).unwrap();
    ctx
}

fn strings(array: &ArrayRef) -> Vec<Option<String>> {
    assert_eq!(array.data_type(), &DataType::Utf8);
    array
        .as_string::<i32>()
        .iter()
        .map(|s| s.map(str::to_owned))
        .collect()
}

/// What the library says of `url` for the group `name` of `component` (`None`: the first
/// component in the spec's order that has it).
fn library_group(
    p: &UrlPattern,
    url: Option<&str>,
    component: Option<UrlPatternComponent>,
    name: &str,
) -> Option<String> {
    let result = p.exec(url?, None)?;
    let component = component.or_else(|| {
        UrlPatternComponent::ALL
            .into_iter()
            .find(|&c| result.component(c).groups.contains(name))
    })?;
    result
        .component(component)
        .groups
        .get(name)
        .map(str::to_owned)
}

#[tokio::test]
async fn pattern_functions_match_the_library_in_every_layout() {
    let p: UrlPattern = PATTERN.parse().unwrap();
    let want_test: Vec<Option<bool>> = URLS.iter().map(|u| u.map(|u| p.test(u, None))).collect();
    assert!(want_test.contains(&Some(true)) && want_test.contains(&Some(false)));
    for array in layouts() {
        let ctx = ctx_with(array).await;
        let got = column(
            &ctx,
            &format!("SELECT url_pattern_test(u, '{PATTERN}') FROM urls ORDER BY i"),
        )
        .await;
        assert_eq!(got.as_boolean().iter().collect::<Vec<_>>(), want_test);
        for (name, component) in [
            ("owner", None),
            ("kind", None),
            ("n", None),
            ("hostname.0", Some(UrlPatternComponent::Hostname)),
            ("0", None),
            ("search.0", Some(UrlPatternComponent::Search)),
            ("nope", None),
        ] {
            let group = name.rsplit('.').next().unwrap();
            let want: Vec<Option<String>> = URLS
                .iter()
                .map(|u| library_group(&p, *u, component, group))
                .collect();
            let sql =
                format!("SELECT url_pattern_group(u, '{PATTERN}', '{name}') FROM urls ORDER BY i");
            assert_eq!(strings(&column(&ctx, &sql).await), want, "{name}");
        }
    }
    // The values themselves, for a reader.
    let ctx = ctx_with(layouts().remove(0)).await;
    let sql = format!(
        "SELECT url_pattern_group(u, '{PATTERN}', 'owner') || '/' || url_pattern_group(u, '{PATTERN}', 'n') FROM urls ORDER BY i"
    );
    let got = strings(&column(&ctx, &sql).await);
    assert_eq!(got[..2], [Some("weburl/7".into()), Some("a%20b/12".into())]);
    // A bare 0 is the username's wildcard (the first component in the spec's order).
    let sql = format!("SELECT url_pattern_group(u, '{PATTERN}', '0') FROM urls ORDER BY i");
    assert_eq!(strings(&column(&ctx, &sql).await)[0], Some(String::new()));
}

#[tokio::test]
async fn scalars_nulls_and_group_by() {
    let ctx = ctx_with(layouts().remove(0)).await;
    let one = column(
        &ctx,
        "SELECT url_pattern_test('https://a.example/x', 'https://*.example/:p'), \
                url_pattern_group('https://a.example/x', 'https://*.example/:p', 'p')",
    )
    .await;
    assert!(one.as_boolean().value(0));
    let sql = "SELECT url_pattern_test(u, NULL) FROM urls";
    assert_eq!(column(&ctx, sql).await.null_count(), URLS.len());
    let sql = "SELECT url_pattern_group(u, 'https://*.example.com/*', NULL) FROM urls";
    assert_eq!(column(&ctx, sql).await.null_count(), URLS.len());
    let sql = format!(
        "SELECT url_pattern_group(u, '{PATTERN}', 'kind') AS k, count(*) AS n FROM urls \
         WHERE url_pattern_test(u, '{PATTERN}') GROUP BY k ORDER BY k"
    );
    let batches = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
    let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)
        .unwrap()
        .to_string();
    assert!(text.contains("| issues | 1 |"), "{text}");
    assert!(text.contains("| pulls  | 1 |"), "{text}");
}

#[tokio::test]
async fn patterns_that_do_not_compile_fail_the_query() {
    let ctx = ctx_with(layouts().remove(0)).await;
    let e = error(
        &ctx,
        "SELECT url_pattern_test(u, 'https://example.com/:id(') FROM urls",
    )
    .await;
    assert!(
        e.contains(r#"invalid URL pattern "https://example.com/:id(""#)
            && e.contains("at byte 23 (in the pathname)"),
        "{e}"
    );
    let e = error(&ctx, "SELECT url_pattern_test(u, '/books/:id') FROM urls").await;
    assert!(
        e.contains(r#"url_pattern_test: invalid URL pattern "/books/:id": a pattern string without a protocol needs a base URL: give pattern_base"#)
            && !e.contains("init object"),
        "{e}"
    );
    // A base URL that does not parse, as a literal (at planning) and in a column (when the
    // row is met).
    let e = error(
        &ctx,
        "SELECT url_pattern_group(u, '/books/:id', 'id', 'nope') FROM urls",
    )
    .await;
    assert!(
        e.contains(
            r#"url_pattern_group: invalid URL pattern "/books/:id": the base URL "nope" does not parse"#
        ),
        "{e}"
    );
    let e = error(
        &ctx,
        "SELECT url_pattern_test(u, '/books/:id', b) FROM (VALUES ('https://a/', 'https://a'), ('https://a/', 'nope')) t(u, b)",
    )
    .await;
    assert!(
        e.contains(r#"url_pattern_test: invalid URL pattern "/books/:id": the base URL "nope" does not parse"#),
        "{e}"
    );
    // A pattern in a column that does not compile.
    let e = error(&ctx, "SELECT url_pattern_test(u, u) FROM urls").await;
    assert!(e.contains("url_pattern_test: invalid URL pattern"), "{e}");
    // Arguments of the wrong type or number.
    let e = error(
        &ctx,
        "SELECT url_pattern_test(u, 'https://a/*', 'https://b', 'yes') FROM urls",
    )
    .await;
    assert!(
        e.contains("url_pattern_test: the ignore_case must be a boolean, not Utf8"),
        "{e}"
    );
    let e = error(
        &ctx,
        "SELECT url_pattern_test(u, 'https://a/*', 1) FROM urls",
    )
    .await;
    assert!(
        e.contains("url_pattern_test: the pattern_base must be a string, not Int64"),
        "{e}"
    );
    let e = error(&ctx, "SELECT url_pattern_test(u) FROM urls").await;
    assert!(
        e.contains(
            "url_pattern_test: takes (url, pattern[, pattern_base][, ignore_case][, untrusted]), not 1 arguments"
        ),
        "{e}"
    );
    let e = error(
        &ctx,
        "SELECT url_pattern_group(u, 'https://a/*', '0', 'https://b', true, true, true) FROM urls",
    )
    .await;
    assert!(
        e.contains("url_pattern_group: takes (url, pattern, name[, pattern_base][, ignore_case][, untrusted]), not 7 arguments"),
        "{e}"
    );
}

/// The pattern's options (`pattern_base`, `ignore_case`), as literals, each form, against
/// `UrlPattern::parse(pattern, base, options)` on every URL.
#[tokio::test]
async fn pattern_base_and_ignore_case_match_the_library() {
    let urls = [
        Some("https://example.com/books/7"),
        Some("https://EXAMPLE.com/BOOKS/7"),
        Some("https://example.com/Books/a%20b?x#y"),
        Some("http://example.com/books/7"),
        Some("https://example.org/books/7"),
        Some("https://example.com/films/7"),
        Some("nope"),
        None,
    ];
    let ctx = ctx_with(Arc::new(StringArray::from(urls.to_vec()))).await;
    // (pattern, base, ignore_case, the SQL options)
    let forms: [(&str, Option<&str>, bool, &str); 6] = [
        (
            "/books/:id",
            Some("https://example.com"),
            false,
            ", 'https://example.com'",
        ),
        (
            "/books/:id",
            Some("https://example.com/x?q#h"),
            true,
            ", 'https://example.com/x?q#h', true",
        ),
        ("https://example.com/books/:id", None, true, ", true"),
        ("https://example.com/books/:id", None, false, ", false"),
        (
            "https://example.com/books/:id",
            Some("https://other.example"),
            false,
            ", 'https://other.example', false",
        ),
        (
            "/BOOKS/:id",
            Some("https://example.com"),
            true,
            ", 'https://example.com', true",
        ),
    ];
    for (pattern, base, ignore_case, options) in forms {
        let p = UrlPattern::parse(pattern, base, UrlPatternOptions { ignore_case }).unwrap();
        let want: Vec<Option<bool>> = urls.iter().map(|u| u.map(|u| p.test(u, None))).collect();
        assert!(want.contains(&Some(true)), "{pattern} {options}");
        let sql = format!("SELECT url_pattern_test(u, '{pattern}'{options}) FROM urls ORDER BY i");
        let got = column(&ctx, &sql).await;
        assert_eq!(got.as_boolean().iter().collect::<Vec<_>>(), want, "{sql}");
        let want: Vec<Option<String>> = urls
            .iter()
            .map(|u| library_group(&p, *u, None, "id"))
            .collect();
        let sql =
            format!("SELECT url_pattern_group(u, '{pattern}', 'id'{options}) FROM urls ORDER BY i");
        assert_eq!(strings(&column(&ctx, &sql).await), want, "{sql}");
    }
    // The values themselves, for a reader: ignoreCase matches the upper-case path, and the
    // group is the URL's own text.
    let sql = "SELECT url_pattern_group(u, '/books/:id', 'id', 'https://example.com', true) FROM urls ORDER BY i";
    assert_eq!(
        strings(&column(&ctx, sql).await)[..4],
        [
            Some("7".into()),
            Some("7".into()),
            Some("a%20b".into()),
            None
        ]
    );
    let sql =
        "SELECT url_pattern_test(u, '/books/:id', 'https://example.com') FROM urls ORDER BY i";
    let got = column(&ctx, sql).await;
    let got: Vec<Option<bool>> = got.as_boolean().iter().collect();
    assert_eq!(
        got,
        [
            Some(true),
            Some(false),
            Some(false),
            Some(false),
            Some(false),
            Some(false),
            Some(false),
            None
        ]
    );
}

/// A row of a table of pattern arguments: (url, pattern, base URL, ignore_case).
type Row<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<bool>,
);

/// A null argument gives null, whether a literal or a row of a column; the options given as
/// columns, each row with its own pattern, base URL and `ignore_case`.
#[tokio::test]
async fn nulls_and_columns_of_patterns_and_options() {
    let ctx = ctx_with(layouts().remove(0)).await;
    for options in [
        ", NULL",
        ", NULL, true",
        ", 'https://example.com', NULL",
        ", NULL::boolean",
    ] {
        for sql in [
            format!("SELECT url_pattern_test(u, '/repos/*'{options}) FROM urls"),
            format!("SELECT url_pattern_group(u, '/repos/*', '0'{options}) FROM urls"),
        ] {
            assert_eq!(column(&ctx, &sql).await.null_count(), URLS.len(), "{sql}");
        }
    }
    // (url, pattern, base, ignore_case), each row its own.
    let rows: [Row<'_>; 9] = [
        (
            Some("https://example.com/Books/7"),
            Some("/books/:id"),
            Some("https://example.com"),
            Some(true),
        ),
        (
            Some("https://example.com/Books/7"),
            Some("/books/:id"),
            Some("https://example.com"),
            Some(false),
        ),
        (
            Some("https://example.com/books/7"),
            Some("https://*.com/books/:id"),
            Some("https://x.example"),
            Some(false),
        ),
        (
            Some("https://example.com/books/8"),
            Some("/books/:id"),
            Some("https://example.com"),
            Some(true),
        ),
        (
            Some("https://example.org/books/7"),
            Some("/books/:id"),
            Some("https://example.com"),
            Some(true),
        ),
        (
            Some("https://example.com/books/7"),
            None,
            Some("https://example.com"),
            Some(true),
        ),
        (
            Some("https://example.com/books/7"),
            Some("/books/:id"),
            None,
            Some(true),
        ),
        (
            Some("https://example.com/books/7"),
            Some("/books/:id"),
            Some("https://example.com"),
            None,
        ),
        (
            None,
            Some("/books/:id"),
            Some("https://example.com"),
            Some(true),
        ),
    ];
    let quote = |s: Option<&str>| s.map_or("NULL".to_owned(), literal);
    let values: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, (u, p, b, f))| {
            let f = f.map_or("NULL::boolean".to_owned(), |f| f.to_string());
            format!("({i}, {}, {}, {}, {f})", quote(*u), quote(*p), quote(*b))
        })
        .collect();
    let table_sql = format!("(VALUES {}) t(i, u, p, b, f)", values.join(", "));
    let got = table(
        &ctx,
        &format!(
            "SELECT url_pattern_test(u, p, b, f), url_pattern_group(u, p, 'id', b, f),              url_pattern_test(u, p, b), url_pattern_test(u, '/books/:id', 'https://example.com', f)              FROM {table_sql} ORDER BY i"
        ),
    )
    .await;
    let library = |u: Option<&str>, p: Option<&str>, b: Option<&str>, f: Option<bool>| {
        let p = UrlPattern::parse(p?, Some(b?), UrlPatternOptions { ignore_case: f? }).unwrap();
        let u = u?;
        Some((p.test(u, None), library_group(&p, Some(u), None, "id")))
    };
    for (k, &(u, p, b, f)) in rows.iter().enumerate() {
        let want = library(u, p, b, f);
        assert_eq!(got[0][k], want.as_ref().map(|w| w.0.to_string()), "row {k}");
        assert_eq!(got[1][k], want.and_then(|w| w.1), "row {k}");
        let want = library(u, p, b, Some(false)).map(|w| w.0.to_string());
        assert_eq!(got[2][k], want, "row {k}");
        let want =
            library(u, Some("/books/:id"), Some("https://example.com"), f).map(|w| w.0.to_string());
        assert_eq!(got[3][k], want, "row {k}");
    }
    // The values themselves, for a reader.
    let first: Vec<Option<&str>> = got[0].iter().map(Option::as_deref).collect();
    assert_eq!(
        first,
        [
            Some("true"),
            Some("false"),
            Some("true"),
            Some("true"),
            Some("false"),
            None,
            None,
            None,
            None
        ]
    );
    // A column of `ignore_case` alone, with no base URL.
    let got = table(
        &ctx,
        "SELECT url_pattern_test(u, 'https://example.com/books/*', f) FROM          (VALUES (0, 'https://example.com/BOOKS/1', true), (1, 'https://example.com/BOOKS/1', false)) t(i, u, f) ORDER BY i",
    )
    .await;
    assert_eq!(got[0], [Some("true".into()), Some("false".into())]);
}

/// Every web-platform-tests case whose pattern is a constructor string with a base URL, or
/// with `ignoreCase`, or both (the forms the SQL functions take): a pattern the
/// constructor refuses fails the query; any other answers as the library on the URL string
/// of every case (and the ones the cases' inputs make), and as the case expects on its own
/// input where that is a URL string (with its base URL).
#[tokio::test]
async fn wpt_patterns_with_a_base_url_or_ignore_case() {
    let cases = cases();
    let mut urls: Vec<String> = Vec::new();
    let mut add = |url: String| {
        if !urls.contains(&url) {
            urls.push(url);
        }
    };
    // A case's input as one URL string: `[url]` or `[url, base]`.
    let input_url = |inputs: &[Value]| -> Option<String> {
        match inputs {
            [Value::String(url)] => Some(url.clone()),
            [Value::String(url), Value::String(base)] => {
                let base = weburl::Url::parse(base).ok()?;
                Some(
                    weburl::Url::parse_with_base(url, &base)
                        .ok()?
                        .href()
                        .to_owned(),
                )
            }
            _ => None,
        }
    };
    for case in &cases {
        if let Some(url) = case.inputs.as_deref().and_then(&input_url) {
            add(url);
        }
    }
    // The input that the cases with `ignoreCase` give as an init object.
    add("https://example.com:8080/FOO?BAR#BAZ".to_owned());
    let array: ArrayRef = Arc::new(StringArray::from(urls.clone()));
    let ctx = ctx_with(array).await;
    let (mut refused, mut checked, mut expected) = (0, 0, 0);
    for case in &cases {
        // (pattern, base, ignore_case) of the SQL forms; the JavaScript-only order
        // `(input, options, base)`, a TypeError there, has no SQL form.
        let (source, base, ignore_case) = match case.pattern.as_slice() {
            [Value::String(p), Value::String(b)] => (p, Some(b.as_str()), false),
            [Value::String(p), Value::Object(o)] => {
                (p, None, o.get("ignoreCase") == Some(&true.into()))
            }
            [Value::String(p), Value::String(b), Value::Object(o)] => (
                p,
                Some(b.as_str()),
                o.get("ignoreCase") == Some(&true.into()),
            ),
            _ => continue,
        };
        let what = case.describe();
        let mut options = base.map_or(String::new(), |b| format!(", {}", literal(b)));
        if case.pattern.len() > 1 && matches!(case.pattern.last(), Some(Value::Object(_))) {
            options += &format!(", {ignore_case}");
        }
        let sql = format!(
            "SELECT url_pattern_test(u, {}{options}) FROM urls ORDER BY i",
            literal(source)
        );
        if case.constructed == Constructed::Error {
            let e = error(&ctx, &sql).await;
            assert!(
                e.contains("url_pattern_test: invalid URL pattern"),
                "{what}: {e}"
            );
            refused += 1;
            continue;
        }
        let p = UrlPattern::parse(source, base, UrlPatternOptions { ignore_case }).unwrap();
        let got = column(&ctx, &sql).await;
        let got: Vec<Option<bool>> = got.as_boolean().iter().collect();
        let want: Vec<Option<bool>> = urls.iter().map(|u| Some(p.test(u, None))).collect();
        assert_eq!(got, want, "{what}");
        checked += 1;
        if let Some(input) = case.inputs.as_deref().and_then(&input_url) {
            let row = urls.iter().position(|u| *u == input).unwrap();
            let matched = matches!(case.matched, Matched::Match { .. });
            assert_eq!(got[row], Some(matched), "{what}");
            expected += 1;
        }
    }
    assert!(
        refused >= 1 && checked >= 8 && expected >= 5,
        "{refused} {checked} {expected}"
    );
    // The ignoreCase cases' own input, an init object in the data, as the URL it makes.
    let sql = "SELECT url_pattern_test('https://example.com:8080/FOO?BAR#BAZ', '/foo?bar#baz', 'https://example.com:8080', true),                url_pattern_test('https://example.com:8080/FOO?BAR#BAZ', 'https://example.com:8080/foo?bar#baz', true)";
    let got = table(&ctx, sql).await;
    assert_eq!(got, [[Some("true".to_owned())], [Some("true".to_owned())]]);
}

/// Every column of what `sql` answers, as strings (`true`/`false` for booleans).
async fn table(ctx: &SessionContext, sql: &str) -> Vec<Vec<Option<String>>> {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let columns = batches.first().map_or(0, |b| b.num_columns());
    (0..columns)
        .map(|k| {
            let arrays: Vec<&dyn Array> = batches.iter().map(|b| b.column(k).as_ref()).collect();
            let array = datafusion::arrow::compute::concat(&arrays).unwrap();
            let array = datafusion::arrow::compute::cast(&array, &DataType::Utf8).unwrap();
            array
                .as_string::<i32>()
                .iter()
                .map(|s| s.map(str::to_owned))
                .collect()
        })
        .collect()
}

/// A string as an SQL literal.
fn literal(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// Every web-platform-tests case whose pattern is a constructor string alone (the form the
/// SQL functions take): a pattern the constructor refuses fails the query; any other is
/// tried on the URL string of every case, its test and each of its groups (by the qualified
/// name `component.name`) against the library, and, on the case's own input, against the
/// case's expected match.
#[tokio::test]
async fn wpt_string_patterns_on_every_wpt_url() {
    let cases = cases();
    let mut urls: Vec<String> = Vec::new();
    for case in &cases {
        if let Some([Value::String(url)]) = case.inputs.as_deref()
            && !urls.contains(url)
        {
            urls.push(url.clone());
        }
    }
    assert!(urls.len() > 30, "{}", urls.len());
    let array: ArrayRef = Arc::new(StringArray::from(urls.clone()));
    let ctx = ctx_with(array).await;
    let (mut refused, mut matched) = (0, 0);
    for case in &cases {
        let [Value::String(source)] = case.pattern.as_slice() else {
            continue;
        };
        let what = case.describe();
        let pattern = literal(source);
        if case.constructed == Constructed::Error {
            let e = error(
                &ctx,
                &format!("SELECT url_pattern_test(u, {pattern}) FROM urls"),
            )
            .await;
            assert!(
                e.contains("url_pattern_test: invalid URL pattern"),
                "{what}: {e}"
            );
            refused += 1;
            continue;
        }
        let p = UrlPattern::parse(source, None, UrlPatternOptions::default()).unwrap();
        let groups: Vec<(UrlPatternComponent, String)> = UrlPatternComponent::ALL
            .into_iter()
            .flat_map(|c| p.group_names(c).map(move |n| (c, n.to_owned())))
            .collect();
        let mut sql = format!("SELECT url_pattern_test(u, {pattern})");
        for (c, name) in &groups {
            let name = literal(&format!("{}.{name}", c.name()));
            sql += &format!(", url_pattern_group(u, {pattern}, {name})");
        }
        // `url_pattern_exec`'s struct: null without a match, and a field per group, in the
        // groups' order, named by the group or, where two components have it, qualified.
        let fields = weburl_arrow::pattern_fields(&p, weburl_arrow::Output::Utf8);
        assert_eq!(fields.len(), groups.len(), "{what}");
        sql += &format!(", url_pattern_exec(u, {pattern}) IS NOT NULL");
        for (field, (c, name)) in fields.iter().zip(&groups) {
            let qualified = format!("{}.{name}", c.name());
            assert!(field.name() == name || field.name() == &qualified, "{what}");
            sql += &format!(
                ", url_pattern_exec(u, {pattern})[{}]",
                literal(field.name())
            );
        }
        sql += " FROM urls ORDER BY i";
        let got = table(&ctx, &sql).await;
        let exec = 1 + groups.len();
        for (row, url) in urls.iter().enumerate() {
            let result = p.exec(url, None);
            let test = Some(result.is_some().to_string());
            assert_eq!(got[0][row], test, "{what} on {url}");
            assert_eq!(got[exec][row], test, "{what} on {url}: exec");
            for k in 0..groups.len() {
                assert_eq!(got[exec + 1 + k][row], got[k + 1][row], "{what} on {url}");
            }
            for (k, (c, name)) in groups.iter().enumerate() {
                let want = result
                    .as_ref()
                    .and_then(|r| r.component(*c).groups.get(name))
                    .map(str::to_owned);
                assert_eq!(
                    got[k + 1][row],
                    want,
                    "{what} on {url}: {}.{name}",
                    c.name()
                );
            }
        }
        // The case's own input, against WPT's expectation.
        let Some([Value::String(input)]) = case.inputs.as_deref() else {
            continue;
        };
        let row = urls.iter().position(|u| u == input).unwrap();
        match &case.matched {
            Matched::NoMatch => assert_eq!(got[0][row].as_deref(), Some("false"), "{what}"),
            Matched::Match { components, .. } => {
                assert_eq!(got[0][row].as_deref(), Some("true"), "{what}");
                for (k, (c, name)) in groups.iter().enumerate() {
                    let want = &components[c.name()]["groups"][name.as_str()];
                    assert_eq!(got[k + 1][row].as_deref(), want.as_str(), "{what}: {name}");
                }
                matched += 1;
            }
            other => panic!("{what}: {other:?}"),
        }
    }
    assert!(refused >= 10 && matched >= 30, "{refused} {matched}");
}

/// A query whose batches come one by one, from two partitions at once, answers as the same
/// query over one batch: the pattern compiled once serves every batch and thread.
#[tokio::test]
async fn many_batches_answer_as_one() {
    use datafusion::datasource::MemTable;

    let urls: Vec<Option<&str>> = URLS.iter().copied().cycle().take(URLS.len() * 7).collect();
    let schema = Arc::new(Schema::new(vec![
        Field::new("i", DataType::Int64, false),
        Field::new("u", DataType::Utf8, true),
    ]));
    let batch = |from: usize, to: usize| {
        let index = datafusion::arrow::array::Int64Array::from_iter_values(from as i64..to as i64);
        let texts = StringArray::from(urls[from..to].to_vec());
        RecordBatch::try_new(schema.clone(), vec![Arc::new(index), Arc::new(texts)]).unwrap()
    };
    let whole = MemTable::try_new(schema.clone(), vec![vec![batch(0, urls.len())]]).unwrap();
    let mut partitions = vec![Vec::new(), Vec::new()];
    for (k, from) in (0..urls.len()).step_by(4).enumerate() {
        partitions[k % 2].push(batch(from, (from + 4).min(urls.len())));
    }
    assert!(partitions[0].len() > 5);
    let split = MemTable::try_new(schema, partitions).unwrap();
    let sql = format!(
        "SELECT url_pattern_test(u, '{PATTERN}'), url_pattern_group(u, '{PATTERN}', 'owner'), \
         url_pattern_group(u, '{PATTERN}', 'hostname.0') FROM urls ORDER BY i"
    );
    let mut answers = Vec::new();
    for table_of_urls in [whole, split] {
        let ctx = SessionContext::new();
        weburl_datafusion::register(&ctx);
        ctx.register_table("urls", Arc::new(table_of_urls)).unwrap();
        answers.push(table(&ctx, &sql).await);
    }
    assert_eq!(answers[0], answers[1]);
    let p: UrlPattern = PATTERN.parse().unwrap();
    let want: Vec<Option<String>> = urls
        .iter()
        .map(|u| u.map(|u| p.test(u, None).to_string()))
        .collect();
    assert_eq!(answers[1][0], want);
}

/// `url_pattern_exec`'s struct is typed by its pattern, so the pattern and its options must be
/// literals: a column of them, or a pattern that does not compile, fails the query when it is
/// planned; a null pattern gives null; a scalar call answers the struct of one row.
#[tokio::test]
async fn pattern_exec_takes_a_constant_pattern() {
    let ctx = ctx_with(layouts().remove(0)).await;
    let e = error(&ctx, "SELECT url_pattern_exec(u, u) FROM urls").await;
    assert!(
        e.contains("url_pattern_exec: the pattern must be a constant"),
        "{e}"
    );
    let e = error(
        &ctx,
        &format!("SELECT url_pattern_exec(u, '{PATTERN}', u) FROM urls"),
    )
    .await;
    assert!(
        e.contains("url_pattern_exec: the pattern_base must be a constant"),
        "{e}"
    );
    let e = error(
        &ctx,
        "SELECT url_pattern_exec(u, 'https://a/:id(') FROM urls",
    )
    .await;
    assert!(
        e.contains("url_pattern_exec: invalid URL pattern") && e.contains("pathname"),
        "{e}"
    );
    for sql in [
        "SELECT url_pattern_exec(u, NULL) FROM urls",
        "SELECT url_pattern_exec(u, 'https://*.example.com/*', NULL) FROM urls",
        "SELECT url_pattern_exec(u, 'https://*.example.com/*', 'https://a/', NULL) FROM urls",
    ] {
        let got = column(&ctx, sql).await;
        assert_eq!(got.null_count(), URLS.len(), "{sql}");
    }
    let sql = format!(
        "SELECT url_pattern_exec(u, '{PATTERN}')['owner'], url_pattern_exec(u, '/repos/:owner/*', 'https://API.example.com', true)['owner'] FROM urls ORDER BY i"
    );
    let got = table(&ctx, &sql).await;
    assert_eq!(
        got[0][..3],
        [Some("weburl".into()), Some("a%20b".into()), None]
    );
    // Relative to the base URL, whose host is api.example.com, with ignoreCase.
    assert_eq!([&got[1][0], &got[1][2]], [&Some("weburl".into()), &None]);
    let got = table(
        &ctx,
        "SELECT url_pattern_exec('https://a.example.com/b/7', 'https://*.example.com/b/:id')['id']",
    )
    .await;
    assert_eq!(got, [[Some("7".to_owned())]]);
}

/// `url_route(url, routes [, pattern_base] [, best])` against the routes compiled by
/// weburl-arrow (`Routes`, a `UrlPatternSet`): every layout, a constant and a column of
/// routes, base URLs and `best`, nulls, and the errors that name the route.
#[tokio::test]
async fn url_route_answers_as_the_route_set() {
    let routes_json = r#"{"any": "/*", "issue": "/repos/:owner/issues/:n", "pulls": "/repos/:owner/:kind(pulls)/:n", "me": "/users/me"}"#;
    let base = "https://api.example.com";
    let routes = weburl_arrow::Routes::from_json(routes_json, Some(base)).unwrap();
    let expected = |best: bool| -> Vec<Option<String>> {
        URLS.iter()
            .map(|u| {
                let url = weburl::Url::parse((*u)?).ok()?;
                routes.route(&url, best).map(str::to_owned)
            })
            .collect()
    };
    let (first, best) = (expected(false), expected(true));
    assert!(first.iter().flatten().all(|n| n == "any"));
    assert!(
        best.iter().flatten().any(|n| n == "issue") && best.iter().flatten().any(|n| n == "me")
    );
    for array in layouts() {
        let ctx = ctx_with(array).await;
        let routes = literal(routes_json);
        let sql = format!(
            "SELECT url_route(u, {routes}, '{base}'), url_route(u, {routes}, '{base}', true), \
             url_route(u, {routes}, '{base}', false) FROM urls ORDER BY i"
        );
        let got = table(&ctx, &sql).await;
        assert_eq!(got[0], first);
        assert_eq!(got[1], best);
        assert_eq!(got[2], first);
        // The routes, base and best as columns, one value per row: the same answers.
        let sql = format!(
            "SELECT url_route(u, r, b, f) FROM (SELECT i, u, {routes} AS r, '{base}' AS b, \
             i % 2 = 0 AS f FROM urls) ORDER BY i"
        );
        let mixed: Vec<Option<String>> = (0..URLS.len())
            .map(|i| {
                if i % 2 == 0 {
                    best[i].clone()
                } else {
                    first[i].clone()
                }
            })
            .collect();
        assert_eq!(table(&ctx, &sql).await[0], mixed);
        // A null routes, base or best gives null.
        let sql = format!(
            "SELECT url_route(u, NULL), url_route(u, {routes}, NULL), url_route(u, {routes}, '{base}', NULL) FROM urls"
        );
        for column in table(&ctx, &sql).await {
            assert!(column.iter().all(Option::is_none));
        }
    }
    // Absolute patterns need no base; an array names each route by its pattern; a boolean
    // may follow the routes directly.
    let ctx = ctx_with(layouts().remove(0)).await;
    let got = table(
        &ctx,
        r#"SELECT url_route(u, '["https://*.example.com/*", "https://api.example.com/users/:id"]', true) FROM urls ORDER BY i"#,
    )
    .await;
    assert_eq!(
        got[0][4].as_deref(),
        Some("https://api.example.com/users/:id")
    );
    assert_eq!(got[0][0].as_deref(), Some("https://*.example.com/*"));
    // Errors name the function and the route, at planning for literals and at run time for
    // a column.
    let e = error(
        &ctx,
        r#"SELECT url_route(u, '{"ok": "https://a/", "bad": "https://a/:id("}') FROM urls"#,
    )
    .await;
    assert!(
        e.contains(r#"url_route: route "bad": invalid URL pattern "https://a/:id(": invalid pattern at byte"#),
        "{e}"
    );
    let e = error(&ctx, r#"SELECT url_route(u, '{"rel": "/x"}') FROM urls"#).await;
    assert!(
        e.contains(r#"url_route: route "rel": invalid URL pattern "/x": "#)
            && e.ends_with("give pattern_base"),
        "{e}"
    );
    let e = error(
        &ctx,
        r#"SELECT url_route(u, r) FROM (VALUES ('https://a/', '{"a": "https://a/"}'), ('https://a/', '{"a": 1}')) t(u, r)"#,
    )
    .await;
    assert!(
        e.contains(r#"url_route: the routes must be a JSON object"#)
            && e.contains(r#"the route \"a\"'s pattern must be a string"#)
            || e.contains(r#"the route "a"'s pattern must be a string"#),
        "{e}"
    );
    let e = error(&ctx, "SELECT url_route(u, '[]', 'https://a', 1) FROM urls").await;
    assert!(
        e.contains("url_route: the best must be a boolean, not Int64"),
        "{e}"
    );
}

/// `untrusted` (the last argument of every pattern function) compiles the patterns within
/// `PatternLimits::untrusted()`: a custom regexp group is refused with the function's name,
/// as a pattern that does not compile is, and accepted without it; with or without a base
/// URL, as a literal or a column, and in `url_route`'s routes.
#[tokio::test]
async fn untrusted_refuses_regexp_groups() {
    let ctx = ctx_with(layouts().remove(0)).await;
    let regexp = r"https://api.example.com/repos/:owner/issues/:n(\d+)";
    let plain = "https://api.example.com/repos/:owner/issues/:n";
    let calls = [
        (
            "url_pattern_test",
            format!("url_pattern_test(u, '{regexp}', false, <u>)"),
        ),
        (
            "url_pattern_test",
            "url_pattern_test(u, '/:id(\\d+)', 'https://api.example.com', false, <u>)".to_owned(),
        ),
        (
            "url_pattern_group",
            format!("url_pattern_group(u, '{regexp}', 'n', false, <u>)"),
        ),
        (
            "url_pattern_exec",
            format!("url_pattern_exec(u, '{regexp}', false, <u>)['n']"),
        ),
        (
            "url_route",
            r#"url_route(u, '{"issue": "/repos/:o/issues/:n(\\d+)"}', 'https://api.example.com', false, <u>)"#
                .to_owned(),
        ),
        // A column of patterns, compiled row by row.
        (
            "url_pattern_test",
            "url_pattern_test(u, p, false, <u>)".to_owned(),
        ),
    ];
    let from = format!("FROM (SELECT i, u, '{regexp}' AS p FROM urls)");
    for (name, call) in calls {
        let trusted = call.replace("<u>", "false");
        let answers = column(&ctx, &format!("SELECT {trusted} {from} ORDER BY i")).await;
        assert_eq!(answers.len(), URLS.len(), "{trusted}");
        assert!(answers.null_count() < URLS.len(), "{trusted}");
        let untrusted = call.replace("<u>", "true");
        let e = error(&ctx, &format!("SELECT {untrusted} {from}")).await;
        assert!(e.contains(&format!("{name}: ")), "{e}");
        assert!(
            e.contains("has a custom regexp group, which the limits refuse"),
            "{untrusted}: {e}"
        );
    }
    // Within the limits, untrusted answers what trusted does.
    for flag in ["false", "true"] {
        let got = column(
            &ctx,
            &format!(
                "SELECT url_pattern_group(u, '{plain}', 'n', false, {flag}) FROM urls ORDER BY i"
            ),
        )
        .await;
        assert_eq!(got.as_string::<i32>().value(0), "7");
    }
    // A pattern over 8 KiB is refused too.
    let long = format!("https://a.example/{}", "x".repeat(9000));
    let e = error(
        &ctx,
        &format!("SELECT url_pattern_test(u, '{long}', false, true) FROM urls"),
    )
    .await;
    assert!(
        e.contains("url_pattern_test: ") && e.contains("the limit is 8192"),
        "{e}"
    );
    // A null untrusted gives null; a string is refused.
    let got = column(
        &ctx,
        &format!("SELECT url_pattern_test(u, '{plain}', false, NULL) FROM urls"),
    )
    .await;
    assert_eq!(got.null_count(), URLS.len());
    let e = error(
        &ctx,
        &format!("SELECT url_pattern_test(u, '{plain}', false, 'yes') FROM urls"),
    )
    .await;
    assert!(
        e.contains("url_pattern_test: the untrusted must be a boolean, not Utf8"),
        "{e}"
    );
}

/// A pattern that is an init object's JSON text (`{"pathname": ...}`) is compiled as
/// `new URLPattern(init)`; a member that is not `URLPatternInit`'s is an error naming the
/// function and the member, as a literal and in a column; a constructor string that starts
/// with `{` (a group) is still one.
#[tokio::test]
async fn init_objects_and_their_unknown_members() {
    let ctx = ctx_with(layouts().remove(0)).await;
    let init = r#"{"hostname": "{:sub.}?example.com", "pathname": "/repos/:owner/issues/:n"}"#;
    let p = UrlPattern::new(
        &weburl::pattern::UrlPatternInput::Init(Box::new(weburl::pattern::UrlPatternInit {
            hostname: Some("{:sub.}?example.com".into()),
            pathname: Some("/repos/:owner/issues/:n".into()),
            ..Default::default()
        })),
        None,
        UrlPatternOptions::default(),
    )
    .unwrap();
    let got = column(
        &ctx,
        &format!("SELECT url_pattern_group(u, '{init}', 'owner') FROM urls ORDER BY i"),
    )
    .await;
    let got: Vec<Option<&str>> = got.as_string::<i32>().iter().collect();
    let want: Vec<Option<String>> = URLS
        .iter()
        .map(|u| {
            let m = p.exec((*u)?, None)?;
            m.pathname.groups.get("owner").map(str::to_owned)
        })
        .collect();
    assert_eq!(got, want.iter().map(Option::as_deref).collect::<Vec<_>>());
    assert!(got.iter().flatten().count() >= 2, "{got:?}");
    // A group at the start of a constructor string: not JSON, so not an init.
    let got = column(
        &ctx,
        "SELECT url_pattern_test(u, '{https}://*.example.com/*') FROM urls ORDER BY i",
    )
    .await;
    assert!(got.as_boolean().value(0));
    for sql in [
        r#"SELECT url_pattern_test(u, '{"path": "/x"}') FROM urls"#,
        r#"SELECT url_pattern_exec(u, '{"path": "/x"}') FROM urls"#,
        r#"SELECT url_pattern_group(u, p, 'x') FROM (SELECT u, '{"path": "/x"}' AS p FROM urls)"#,
        r#"SELECT url_route(u, '{"r": "{\"path\": \"/x\"}"}') FROM urls"#,
    ] {
        let e = error(&ctx, sql).await;
        let name = sql.split('(').next().unwrap().trim_start_matches("SELECT ");
        assert!(e.contains(&format!("{name}: ")), "{sql}: {e}");
        assert!(
            e.contains(r#"the init object has an unknown member "path""#),
            "{sql}: {e}"
        );
    }
    let e = error(
        &ctx,
        r#"SELECT url_pattern_test(u, '{"port": 80}') FROM urls"#,
    )
    .await;
    assert!(
        e.contains(r#"the init object's member "port" must be a string"#),
        "{e}"
    );
}

/// `url_pattern_generate(pattern, component, groups [, pattern_base] [, strict]
/// [, untrusted])` on every web-platform-tests generate case (a pattern that is an init
/// object as its JSON text) but the one whose component is no component's name, which fails
/// the query, as groups that are not a JSON object of strings do; `strict` refusing a
/// dot segment that `generate` lets through; a base URL; nulls; `strict` as a column.
#[tokio::test]
async fn url_pattern_generate_answers_as_the_wpt_data() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../weburl/tests/data/wpt/urlpattern-generate-test-data.json"
    );
    let data: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut rows = Vec::new();
    let mut expected = Vec::new();
    for case in &data {
        let component = case["component"].as_str().unwrap();
        if component == "invalid" {
            continue;
        }
        let pattern = match &case["pattern"] {
            Value::String(s) => s.clone(),
            init => init.to_string(),
        };
        let groups = case["groups"].to_string();
        rows.push(format!(
            "({}, {}, {}, {})",
            rows.len(),
            literal(&pattern),
            literal(component),
            literal(&groups)
        ));
        expected.push(case["expected"].as_str().map(str::to_owned));
    }
    assert!(expected.iter().filter(|e| e.is_some()).count() >= 8);
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    let values = rows.join(", ");
    let sql = format!(
        "SELECT url_pattern_generate(p, c, g), url_pattern_generate(p, c, g, false), \
         url_pattern_generate(p, c, g, i % 2 = 0, false) \
         FROM (VALUES {values}) t(i, p, c, g) ORDER BY i"
    );
    let got = table(&ctx, &sql).await;
    assert_eq!(got[0], expected);
    assert_eq!(got[1], expected);
    // None of the WPT values changes the URL's structure: strict answers the same.
    assert_eq!(got[2], expected);
    // Strict refuses a dot segment in a pathname group; a base URL; nulls.
    let sql = "SELECT url_pattern_generate(p, 'pathname', g), \
               url_pattern_generate(p, 'pathname', g, true), \
               url_pattern_generate(p, 'pathname', g, s), \
               url_pattern_generate('/books/:id', 'pathname', '{\"id\": \"7\"}', 'https://example.com', true, true), \
               url_pattern_generate(NULL, 'pathname', g), url_pattern_generate(p, NULL, g), \
               url_pattern_generate(p, 'pathname', NULL), url_pattern_generate(p, 'pathname', g, NULL) \
               FROM (VALUES (0, 'app://example/files/:name', '{\"name\": \"../x\"}', true), \
               (1, 'app://example/files/:name', '{\"name\": \"a.txt\"}', false)) t(i, p, g, s) ORDER BY i";
    let got = table(&ctx, sql).await;
    let some = |s: &str| Some(s.to_owned());
    assert_eq!(got[0], [some("/files/../x"), some("/files/a.txt")]);
    assert_eq!(got[1], [None, some("/files/a.txt")]);
    assert_eq!(got[2], [None, some("/files/a.txt")]);
    assert_eq!(got[3], [some("/books/7"), some("/books/7")]);
    for column in &got[4..] {
        assert_eq!(column, &[None, None]);
    }
    // A row's pattern is compiled, and its error raised, whatever its component and groups
    // (as `url_pattern_test` compiles it whatever the URL), null ones included.
    for args in ["v, '{}'", "'pathname', v"] {
        let sql = format!(
            "SELECT url_pattern_generate('https://a/:id(', {args}) FROM (VALUES (CAST(NULL AS VARCHAR))) t(v)"
        );
        let error = ctx
            .sql(&sql)
            .await
            .unwrap()
            .collect()
            .await
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("url_pattern_generate: invalid URL pattern"),
            "{sql}: {error}"
        );
    }
    // An unknown component, groups that are not an object of strings, a pattern that does
    // not compile: errors that name the function.
    let e = error(
        &ctx,
        "SELECT url_pattern_generate('/:id', 'path', '{}', 'https://a')",
    )
    .await;
    assert!(
        e.contains(r#"url_pattern_generate: "path" is not a component"#),
        "{e}"
    );
    let e = error(
        &ctx,
        r#"SELECT url_pattern_generate('https://a/:id', 'pathname', '{"id": 7}')"#,
    )
    .await;
    assert!(
        e.contains(r#"url_pattern_generate: the group "id"'s value must be a string"#),
        "{e}"
    );
    let e = error(
        &ctx,
        "SELECT url_pattern_generate('https://a/:id(', 'pathname', '{}')",
    )
    .await;
    assert!(
        e.contains("url_pattern_generate: invalid URL pattern"),
        "{e}"
    );
    let e = error(
        &ctx,
        "SELECT url_pattern_generate('https://a/:id', 'pathname', '{}', 'https://a', 1)",
    )
    .await;
    assert!(
        e.contains("url_pattern_generate: the strict must be a boolean, not Int64"),
        "{e}"
    );
}

/// A row on which a custom regexp group exhausts its step budget (a lookahead runs on the
/// bounded backtracking matcher) is unknown: `url_pattern_test` answers null, not false, and
/// `url_pattern_group` null, with the same pattern as a constant (the Arrow kernel) and as
/// a column (the per-row loop); the next row is answered.
#[tokio::test]
async fn an_exhausted_step_budget_is_null_and_the_next_row_is_answered() {
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    let slow = "https://e.com/:x((?=a)(?:a*)*b)";
    let hostile = format!("https://e.com/{}", "a".repeat(20_000));
    let rows = format!(
        "(VALUES ({h}, {p}), ('https://e.com/aab', {p}), ('https://e.com/c', {p})) AS t(u, p)",
        h = literal(&hostile),
        p = literal(slow)
    );
    let expected_test = [None, Some("true".to_owned()), Some("false".to_owned())];
    let expected_group = [None, Some("aab".to_owned()), None];
    for pattern in [literal(slow), "p".to_owned()] {
        let sql = format!(
            "SELECT url_pattern_test(u, {pattern}), url_pattern_group(u, {pattern}, 'x') FROM {rows}"
        );
        let got = table(&ctx, &sql).await;
        assert_eq!(got[0], expected_test, "{pattern}");
        assert_eq!(got[1], expected_group, "{pattern}");
    }
    // url_route: unknown where a route tried before the answer ran out (first, or the most
    // specific), not the next route that matches; routes as a literal and as a column.
    let routes =
        literal(r#"{"slow": "https://e.com/:x((?=a)(?:a*)*b)", "any": "https://e.com/*"}"#);
    for best in ["false", "true"] {
        for r in [
            routes.clone(),
            format!("CASE WHEN u <> '' THEN {routes} END"),
        ] {
            let sql = format!("SELECT url_route(u, {r}, {best}) FROM {rows}");
            let want = [None, Some("slow".to_owned()), Some("any".to_owned())];
            assert_eq!(table(&ctx, &sql).await[0], want, "{sql}");
        }
    }
}
