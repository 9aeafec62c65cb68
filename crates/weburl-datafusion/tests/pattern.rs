//! `url_pattern_test` and `url_pattern_group` in SQL against the library's `UrlPattern` and
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
async fn patterns_and_names_must_be_literals_and_compile() {
    let ctx = ctx_with(layouts().remove(0)).await;
    let e = error(&ctx, "SELECT url_pattern_test(u, u) FROM urls").await;
    assert!(
        e.contains("url_pattern_test: the pattern must be a literal string"),
        "{e}"
    );
    let e = error(
        &ctx,
        "SELECT url_pattern_group(u, 'https://*.example.com/*', u) FROM urls",
    )
    .await;
    assert!(
        e.contains("url_pattern_group: the name must be a literal string"),
        "{e}"
    );
    let e = error(
        &ctx,
        "SELECT url_pattern_test(u, 'https://example.com/:id(') FROM urls",
    )
    .await;
    assert!(
        e.contains(r#"invalid URL pattern "https://example.com/:id(""#)
            && e.contains("at byte 4 in the pathname pattern"),
        "{e}"
    );
    let e = error(&ctx, "SELECT url_pattern_test(u, '/books/:id') FROM urls").await;
    assert!(e.contains("url_pattern_test: invalid URL pattern"), "{e}");
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
        sql += " FROM urls ORDER BY i";
        let got = table(&ctx, &sql).await;
        for (row, url) in urls.iter().enumerate() {
            let result = p.exec(url, None);
            let test = Some(result.is_some().to_string());
            assert_eq!(got[0][row], test, "{what} on {url}");
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
