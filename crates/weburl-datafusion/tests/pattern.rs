//! `url_pattern_test` and `url_pattern_group` in SQL against the library's `UrlPattern`:
//! every string layout, nulls, URLs that do not parse, and the errors of a pattern or a
//! group name that is not a literal, or a pattern that does not compile.

use std::sync::Arc;

use weburl::pattern::{UrlPattern, UrlPatternComponent};
use weburl_datafusion::datafusion;

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

async fn column(ctx: &SessionContext, sql: &str) -> ArrayRef {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let arrays: Vec<ArrayRef> = batches.iter().map(|b| b.column(0).clone()).collect();
    let refs: Vec<&dyn Array> = arrays.iter().map(|a| a.as_ref()).collect();
    datafusion::arrow::compute::concat(&refs).unwrap()
}

async fn error(ctx: &SessionContext, sql: &str) -> String {
    match ctx.sql(sql).await {
        Err(e) => e.to_string(),
        Ok(frame) => match frame.collect().await {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{sql} should fail"),
        },
    }
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
