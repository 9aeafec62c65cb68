//! The DataFusion functions against the library's scalar API: every string layout, array and
//! scalar arguments, nulls, failures, hostile input, and SQL as users write it.

mod common;

use std::sync::Arc;

use common::column;
use weburl::Url;
use weburl_datafusion::datafusion;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, BooleanArray, LargeStringArray, RecordBatch, StringArray,
    StringViewArray,
};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::prelude::SessionContext;

/// Inputs: clean, unclean, relative, failing, hostile, null.
fn inputs() -> Vec<Option<String>> {
    let mut v: Vec<Option<String>> = [
        "https://example.com/a/b?x=1&y=2#top",
        "HTTPS://EXAMPLE.com:443/a/./b/../c?q#f",
        "http://user:pass@[::1]:8080/p?a=%20b&a=c",
        "../relative?x",
        "http://[::1",
        "http://a:99999/",
        "mailto:someone@example.com",
        "file:///C:/dir/file.txt",
        "sc://opaque.host/path",
        "https://faß.example/straße?q=ä",
        "",
        "http://0x7f.1/",
        "https://a.very.long.host.name.example.org/with/a/long/path/that/is/clean?and=a&query=string",
    ]
    .iter()
    .map(|s| Some((*s).to_owned()))
    .collect();
    v.push(None);
    v.push(Some(format!("http://example.com/{}", "a/".repeat(100_000))));
    v.push(Some(format!("http://{}/", "[".repeat(10_000))));
    v
}

async fn ctx_with(array: ArrayRef) -> SessionContext {
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    let schema = Arc::new(Schema::new(vec![Field::new(
        "u",
        array.data_type().clone(),
        true,
    )]));
    let batch = RecordBatch::try_new(schema, vec![array]).unwrap();
    ctx.register_batch("urls", batch).unwrap();
    ctx
}

fn strings(array: &ArrayRef) -> Vec<Option<String>> {
    let array = datafusion::arrow::compute::cast(array, &DataType::Utf8).unwrap();
    array
        .as_string::<i32>()
        .iter()
        .map(|s| s.map(str::to_owned))
        .collect()
}

fn getter(url: &Url, name: &str) -> String {
    match name {
        "href" => url.href().to_owned(),
        "origin" => url.origin().to_string(),
        "protocol" => url.protocol().to_owned(),
        "username" => url.username().to_owned(),
        "password" => url.password().to_owned(),
        "host" => url.host().to_owned(),
        "hostname" => url.hostname().to_owned(),
        "port" => url.port().to_owned(),
        "pathname" => url.pathname().to_owned(),
        "search" => url.search().to_owned(),
        "hash" => url.hash().to_owned(),
        _ => unreachable!(),
    }
}

const GETTERS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

fn layouts() -> Vec<ArrayRef> {
    let v = inputs();
    vec![
        Arc::new(StringArray::from(v.clone())),
        Arc::new(LargeStringArray::from(v.clone())),
        Arc::new(StringViewArray::from(v)),
    ]
}

#[tokio::test]
async fn components_match_the_library_in_every_layout() {
    let base = "https://example.org/dir/page";
    for array in layouts() {
        let layout = array.data_type().clone();
        let ctx = ctx_with(array).await;
        for name in GETTERS {
            for with_base in [false, true] {
                let sql = if with_base {
                    format!("SELECT url_{name}(u, '{base}') FROM urls")
                } else {
                    format!("SELECT url_{name}(u) FROM urls")
                };
                let actual = strings(&column(&ctx, &sql).await);
                let base_url = Url::parse(base).unwrap();
                let expected: Vec<Option<String>> = inputs()
                    .iter()
                    .map(|i| {
                        let i = i.as_deref()?;
                        let url = if with_base {
                            Url::parse_with_base(i, &base_url).ok()?
                        } else {
                            Url::parse(i).ok()?
                        };
                        Some(getter(&url, name))
                    })
                    .collect();
                assert_eq!(actual, expected, "{layout} {sql}");
            }
        }
    }
}

#[tokio::test]
async fn url_parse_struct_and_can_parse() {
    for array in layouts() {
        let ctx = ctx_with(array).await;
        let parsed = column(&ctx, "SELECT url_parse(u) FROM urls").await;
        let parsed = parsed.as_struct();
        let ok = column(&ctx, "SELECT url_can_parse(u) FROM urls").await;
        let ok = ok.as_any().downcast_ref::<BooleanArray>().unwrap();
        for (row, input) in inputs().iter().enumerate() {
            let url = input.as_deref().and_then(|i| Url::parse(i).ok());
            assert_eq!(parsed.is_valid(row), url.is_some(), "{input:?}");
            assert_eq!(
                ok.is_valid(row).then(|| ok.value(row)),
                input.as_deref().map(|i| Url::can_parse(i, None)),
                "{input:?}"
            );
            if let Some(url) = url {
                for name in GETTERS {
                    let field = parsed.column_by_name(name).unwrap().as_string::<i32>();
                    assert_eq!(field.value(row), getter(&url, name), "{input:?} {name}");
                }
            }
        }
    }
}

#[tokio::test]
async fn join_search_params_and_array_bases() {
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    let batch = RecordBatch::try_new(
        Arc::new(Schema::new(vec![
            Field::new("base", DataType::Utf8, true),
            Field::new("r", DataType::Utf8, true),
        ])),
        vec![
            Arc::new(StringArray::from(vec![
                Some("http://a/b/c/d;p?q"),
                Some("http://a/b/c/d;p?q"),
                Some("not a base"),
                None,
                Some("https://x.example/"),
            ])),
            Arc::new(StringArray::from(vec![
                Some("../g?x=1&x=2&y=%41+b"),
                Some("//other/"),
                Some("g"),
                Some("g"),
                None,
            ])),
        ],
    )
    .unwrap();
    ctx.register_batch("t", batch).unwrap();
    assert_eq!(
        strings(&column(&ctx, "SELECT url_join(base, r) FROM t").await),
        [
            Some("http://a/b/g?x=1&x=2&y=%41+b".to_owned()),
            Some("http://other/".to_owned()),
            None,
            None,
            None
        ]
    );
    // An array base, row by row, is the same as url_join with the arguments swapped.
    assert_eq!(
        strings(&column(&ctx, "SELECT url_href(r, base) FROM t").await),
        strings(&column(&ctx, "SELECT url_join(base, r) FROM t").await)
    );
    assert_eq!(
        strings(
            &column(
                &ctx,
                "SELECT url_search_param(url_join(base, r), 'y') FROM t"
            )
            .await
        ),
        [Some("A b".to_owned()), None, None, None, None]
    );
    let pairs = column(&ctx, "SELECT url_search_params(url_join(base, r)) FROM t").await;
    let list = pairs.as_list::<i32>();
    assert!(list.is_valid(0) && list.is_valid(1) && list.is_null(2) && list.is_null(4));
    let first = list.value(0);
    let first = first.as_struct();
    let names = first.column_by_name("name").unwrap().as_string::<i32>();
    let values = first.column_by_name("value").unwrap().as_string::<i32>();
    let got: Vec<(&str, &str)> = names
        .iter()
        .flatten()
        .zip(values.iter().flatten())
        .collect();
    assert_eq!(got, [("x", "1"), ("x", "2"), ("y", "A b")]);
    assert_eq!(list.value(1).len(), 0);
}

#[tokio::test]
async fn scalar_calls_give_scalars_and_nulls() {
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    let batches = ctx
        .sql(
            "SELECT url_hostname('HTTPS://EXAMPLE.com:443/a') AS h, \
                    url_port('http://a:8080/') AS p, \
                    url_href(NULL) AS n, \
                    url_href('x', NULL) AS nb, \
                    url_can_parse('x', 'http://a/') AS c, \
                    url_can_parse(NULL) AS cn, \
                    url_join('http://a/b', '../c') AS j, \
                    url_search_param('http://a/?k=v&k=w', 'k') AS s",
        )
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)
        .unwrap()
        .to_string();
    assert!(
        text.contains("| example.com | 8080 |   |    | true |    | http://a/c | v |"),
        "{text}"
    );
}

#[tokio::test]
async fn clean_inputs_are_viewed_not_copied() {
    // A pathname over 64 bytes: shorter values found in the input are copied, which costs
    // less than checking a view's bytes.
    let clean = "https://a.very.long.host.name.example.org/with/a/long/path/that/is/clean/and/is/longer/than/sixty-four/bytes?and=a";
    let input = StringArray::from(vec![Some(clean), Some("HTTP://NOT.CLEAN.example/x/../y")]);
    let values_ptr = input.values().as_ptr();
    let ctx = ctx_with(Arc::new(input)).await;
    let hrefs = column(&ctx, "SELECT url_pathname(u) FROM urls").await;
    let views = hrefs.as_any().downcast_ref::<StringViewArray>().unwrap();
    assert_eq!(
        views.value(0),
        "/with/a/long/path/that/is/clean/and/is/longer/than/sixty-four/bytes"
    );
    assert_eq!(views.value(1), "/y");
    // The first value is a view into the input's own buffer.
    assert!(
        views
            .data_buffers()
            .iter()
            .any(|b| b.as_ptr() == values_ptr),
        "the clean value was copied"
    );
}

#[tokio::test]
async fn sql_top_sites_style_query() {
    let ctx = ctx_with(Arc::new(StringArray::from(vec![
        Some("https://a.example.com/1"),
        Some("https://A.EXAMPLE.com/2"),
        Some("https://b.example.org/"),
        Some("not a url"),
        None,
    ])))
    .await;
    let batches = ctx
        .sql(
            "SELECT url_hostname(u) AS host, count(*) AS n FROM urls \
             WHERE url_can_parse(u) GROUP BY host ORDER BY n DESC, host",
        )
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)
        .unwrap()
        .to_string();
    assert!(text.contains("| a.example.com | 2 |"), "{text}");
    assert!(text.contains("| b.example.org | 1 |"), "{text}");
    assert!(!text.contains("not a url"));
}

/// `parse_url` through SQL against every answer recorded from Spark 4.3
/// (`tests/data/spark-parse-url.json`; a result `{"error": true}` is a query Spark fails).
#[tokio::test]
async fn spark_parse_url_through_sql_matches_spark() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/spark-parse-url.json"
    );
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = data["cases"].as_array().unwrap();
    let answered: Vec<&serde_json::Value> =
        cases.iter().filter(|c| !c["result"].is_object()).collect();
    assert!(answered.len() > 15_000);
    let column = |key: &str| -> StringArray {
        answered
            .iter()
            .map(|c| c[key].as_str().map(str::to_owned))
            .collect()
    };
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    let batch = RecordBatch::try_new(
        Arc::new(Schema::new(vec![
            Field::new("u", DataType::Utf8, true),
            Field::new("p", DataType::Utf8, true),
            Field::new("k", DataType::Utf8, true),
        ])),
        vec![
            Arc::new(column("url")),
            Arc::new(column("part")),
            Arc::new(column("key")),
        ],
    )
    .unwrap();
    ctx.register_batch("t", batch).unwrap();
    // `column` is the local closure here: the shared helper by its path.
    let actual = strings(
        &common::column(
            &ctx,
            "SELECT CASE WHEN k IS NULL THEN parse_url(u, p) ELSE parse_url(u, p, k) END FROM t",
        )
        .await,
    );
    let mut failed = 0;
    for (case, actual) in answered.iter().zip(&actual) {
        let expected = case["result"].as_str();
        if actual.as_deref() != expected {
            failed += 1;
            if failed <= 10 {
                eprintln!("{case}: actual {actual:?}");
            }
        }
    }
    println!("{} passed, {failed} failed", answered.len() - failed);
    assert_eq!(failed, 0);
    // A null key is null; a bad pattern is an error, as in Spark.
    let batches = ctx
        .sql("SELECT parse_url('http://a/?x=1', 'QUERY', CAST(NULL AS VARCHAR)) AS n")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    assert!(batches[0].column(0).is_null(0));
    let error = ctx
        .sql("SELECT parse_url('http://a/?x=1', 'QUERY', '(') AS e")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err();
    assert!(
        error.to_string().contains("invalid regular expression"),
        "{error}"
    );
}

#[tokio::test]
async fn domains_normalize_and_surt_match_the_library() {
    use weburl::normalize::{Options, Profile, canonicalize, normalize, surt};
    use weburl::psl::Sections;
    let mut v = inputs();
    v.extend(
        [
            "https://www.Example.co.uk./a",
            "https://whatwg.github.io/",
            "http://192.168.0.1/",
            "https://example.com/%7euser/a?b=2&a=1#f",
            "http://www.archive.org:8080/Goo/?B=1&a=2",
        ]
        .map(|s| Some(s.to_owned())),
    );
    let ctx = ctx_with(Arc::new(StringArray::from(v.clone()))).await;
    let parsed: Vec<Option<Url>> = v
        .iter()
        .map(|i| i.as_deref().and_then(|i| Url::parse(i).ok()))
        .collect();
    let check = |sql: &'static str, f: &dyn Fn(&Url) -> Option<String>| {
        let expected: Vec<Option<String>> = parsed.iter().map(|u| u.as_ref().and_then(f)).collect();
        (sql, expected)
    };
    let cases = [
        check("SELECT url_public_suffix(u) FROM urls", &|u| {
            u.public_suffix().map(str::to_owned)
        }),
        check("SELECT url_registrable_domain(u) FROM urls", &|u| {
            u.registrable_domain().map(str::to_owned)
        }),
        check(
            "SELECT url_registrable_domain(u, 'icann') FROM urls",
            &|u| u.registrable_domain_in(Sections::Icann).map(str::to_owned),
        ),
        check("SELECT url_normalize(u) FROM urls", &|u| {
            Some(u.href().to_owned())
        }),
        check("SELECT url_normalize(u, 'dedup') FROM urls", &|u| {
            normalize(u, Profile::Dedup, &Options::default())
                .ok()
                .map(|u| u.href().to_owned())
        }),
        check("SELECT url_surt(u) FROM urls", &|u| {
            Some(surt(u, &Options::default()))
        }),
        check("SELECT url_normalize(u, 'w3lib') FROM urls", &|u| {
            canonicalize(u, Profile::W3lib, &Options::default()).ok()
        }),
        check("SELECT url_normalize(u, 'surt') FROM urls", &|u| {
            Some(surt(u, &Options::default()))
        }),
    ];
    for (sql, expected) in cases {
        assert_eq!(strings(&column(&ctx, sql).await), expected, "{sql}");
    }
    // The contract's example: a trailing dot is kept; github.io is a public suffix.
    let text = {
        let batches = ctx
            .sql(
                "SELECT url_public_suffix('https://www.Example.co.uk./a') AS ps, \
                        url_registrable_domain('https://www.Example.co.uk./a') AS rd, \
                        url_registrable_domain('https://whatwg.github.io/', 'icann') AS icann, \
                        url_registrable_domain('https://whatwg.github.io/') AS all_sections, \
                        url_surt('http://www.Example.com/Path?b=2&a=1') AS surt",
            )
            .await
            .unwrap()
            .collect()
            .await
            .unwrap();
        datafusion::arrow::util::pretty::pretty_format_batches(&batches)
            .unwrap()
            .to_string()
    };
    assert!(
        text.contains(
            "| co.uk. | example.co.uk. | github.io | whatwg.github.io | com,example)/path?a=1&b=2 |"
        ),
        "{text}"
    );
    let error = ctx
        .sql("SELECT url_normalize(u, 'W3LIB') FROM urls")
        .await
        .unwrap()
        .collect()
        .await
        .unwrap_err();
    assert!(error.to_string().contains("unknown profile"), "{error}");
}

/// `url_error_name` is the library's `ParseError::spec_name`, null exactly where the URL
/// parses (or is null), in every layout, with a scalar base and with a column of bases.
#[tokio::test]
async fn error_names_match_the_library() {
    let base = "https://example.org/dir/page";
    let base_url = Url::parse(base).unwrap();
    for array in layouts() {
        let ctx = ctx_with(array).await;
        let names = strings(&column(&ctx, "SELECT url_error_name(u) FROM urls").await);
        let expected: Vec<Option<String>> = inputs()
            .iter()
            .map(|i| Some(Url::parse(i.as_deref()?).err()?.spec_name().to_owned()))
            .collect();
        assert_eq!(names, expected);
        assert!(expected.iter().flatten().any(|n| n == "port-out-of-range"));
        assert!(expected.iter().flatten().any(|n| n == "IPv6-unclosed"));
        let sql = format!("SELECT url_error_name(u, '{base}') FROM urls");
        let names = strings(&column(&ctx, &sql).await);
        let expected: Vec<Option<String>> = inputs()
            .iter()
            .map(|i| {
                let error = Url::parse_with_base(i.as_deref()?, &base_url).err()?;
                Some(error.spec_name().to_owned())
            })
            .collect();
        assert_eq!(names, expected);
        // Null where url_can_parse is true, a name where it is false.
        let ok = column(&ctx, "SELECT url_can_parse(u) FROM urls").await;
        let ok = ok.as_any().downcast_ref::<BooleanArray>().unwrap();
        let names = strings(&column(&ctx, "SELECT url_error_name(u) FROM urls").await);
        for (row, name) in names.iter().enumerate() {
            if ok.is_valid(row) {
                assert_eq!(name.is_none(), ok.value(row), "row {row}");
            } else {
                assert!(name.is_none());
            }
        }
    }
    // A column of bases: a base that does not parse fails the row with its own error.
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    let batches = ctx
        .sql(
            "SELECT url_error_name(r, b) AS e FROM (VALUES \
               ('g', 'http://a/b'), ('g', 'not a base'), ('https://a:70000/', 'http://a/'), \
               ('g', NULL), (NULL, 'http://a/'), ('http://[::1', 'http://a/')) AS t(r, b)",
        )
        .await
        .unwrap()
        .collect()
        .await
        .unwrap();
    let got: Vec<Option<String>> = batches.iter().flat_map(|b| strings(b.column(0))).collect();
    let expect = |s: &str| Some(s.to_owned());
    assert_eq!(
        got,
        [
            None,
            expect("missing-scheme-non-relative-URL"),
            expect("port-out-of-range"),
            None,
            None,
            expect("IPv6-unclosed"),
        ]
    );
    let text = datafusion::arrow::util::pretty::pretty_format_batches(
        &ctx.sql(
            "SELECT url_error_name('http://a:99999/') AS e, url_error_name('https://a/') AS ok, \
                    count(*) AS n FROM (VALUES (1))",
        )
        .await
        .unwrap()
        .collect()
        .await
        .unwrap(),
    )
    .unwrap()
    .to_string();
    assert!(text.contains("| port-out-of-range |    | 1 |"), "{text}");
}
