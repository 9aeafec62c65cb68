//! The `parse_url` kernel (feature `spark`) against Spark's own recorded answers and the row
//! function, in every input layout, with the part and the key as columns and as scalars.

mod common;

use common::{layouts, texts};
use weburl_arrow::arrow_array::StringArray;
use weburl_arrow::spark::SparkError;
use weburl_arrow::{KernelError, Output, Strings, rows, spark_parse_url};

/// The cases recorded from Spark 4.3 on Java 17 by `scripts/spark-parse-url/record.py` (kept
/// with the DataFusion function's tests, which read them too): url, part, key (`None`: the
/// two-argument form) and the answer, or `Err(())` where Spark failed the query.
type Case = (String, String, Option<String>, Result<Option<String>, ()>);

fn cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../weburl-datafusion/tests/data/spark-parse-url.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let data: serde_json::Value = serde_json::from_str(&text).expect("the fixture is JSON");
    let text = |v: &serde_json::Value| v.as_str().map(str::to_owned);
    data["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| {
            let result = match &c["result"] {
                serde_json::Value::Object(_) => Err(()),
                other => Ok(text(other)),
            };
            (
                text(&c["url"]).expect("url"),
                text(&c["part"]).expect("part"),
                text(&c["key"]),
                result,
            )
        })
        .collect()
}

/// Every answered case, in one call per layout and output type: Spark's answer, and the row
/// function's.
#[test]
fn agrees_with_spark_in_every_layout() {
    let answered: Vec<Case> = cases().into_iter().filter(|c| c.3.is_ok()).collect();
    assert!(answered.len() > 15_000, "{} cases", answered.len());
    // Each form on its own: the two-argument form has no key column.
    for with_key in [false, true] {
        let rows: Vec<&Case> = answered
            .iter()
            .filter(|c| c.2.is_some() == with_key)
            .collect();
        let urls: Vec<Option<&str>> = rows.iter().map(|c| Some(c.0.as_str())).collect();
        let parts = StringArray::from(rows.iter().map(|c| Some(c.1.as_str())).collect::<Vec<_>>());
        let keys = StringArray::from(rows.iter().map(|c| c.2.as_deref()).collect::<Vec<_>>());
        let parts = Strings::try_new(&parts).unwrap();
        let keys = Strings::try_new(&keys).unwrap();
        let expected: Vec<Option<String>> = rows.iter().map(|c| c.3.clone().unwrap()).collect();
        for (row, case) in rows.iter().enumerate() {
            let got = rows::spark_parse_url(&case.0, &case.1, case.2.as_deref()).unwrap();
            assert_eq!(
                got.map(|s| s.as_str().to_owned()),
                expected[row],
                "{case:?}"
            );
        }
        for (layout, arrays) in layouts(&urls) {
            let input = Strings::chunks(&arrays).unwrap();
            for output in [Output::Utf8, Output::LargeUtf8, Output::Utf8View] {
                let keys = with_key.then_some(&keys);
                let array = spark_parse_url(&input, &parts, keys, output).unwrap();
                assert_eq!(array.data_type(), &output.data_type());
                assert_eq!(texts(array.as_ref()), expected, "{layout} {output:?}");
            }
        }
    }
}

/// Each case Spark failed the query on: a key Spark refuses is the call's error, naming the
/// key; the URI that makes Java throw a NumberFormatException is null (the query goes on).
#[test]
fn what_spark_refuses() {
    let refused: Vec<Case> = cases().into_iter().filter(|c| c.3.is_err()).collect();
    assert!(!refused.is_empty());
    for (url, part, key, _) in &refused {
        let urls = StringArray::from(vec![url.as_str()]);
        let input = Strings::try_new(&urls).unwrap();
        let key_column = key.as_deref().map(|k| Strings::scalar(Some(k), 1));
        let got = spark_parse_url(
            &input,
            &Strings::scalar(Some(part), 1),
            key_column.as_ref(),
            Output::Utf8View,
        );
        match got {
            Err(KernelError::SparkKey { key: named, error }) => {
                assert_eq!(Some(named.as_str()), key.as_deref());
                assert_eq!(error, SparkError::InvalidKeyPattern, "{url} {key:?}");
            }
            Ok(array) => {
                assert_eq!(texts(array.as_ref()), [None], "{url}");
                assert_eq!(
                    weburl_arrow::spark::parse_url(url, part, key.as_deref()),
                    Err(SparkError::UriNumberFormat)
                );
            }
            Err(other) => panic!("{url}: {other}"),
        }
    }
}

/// Nulls in any argument give null; scalars broadcast; an answer is a view into the input.
#[test]
fn nulls_scalars_and_views() {
    let urls = StringArray::from(vec![
        Some("http://u@h.example/a-long-path/x?a=1&b=2#f"),
        None,
        Some("http://h/p?a=1"),
        Some("http://h/p?a=1"),
    ]);
    let input = Strings::try_new(&urls).unwrap();
    let parts = StringArray::from(vec![Some("PATH"), Some("PATH"), None, Some("QUERY")]);
    let parts = Strings::try_new(&parts).unwrap();
    let got = spark_parse_url(&input, &parts, None, Output::Utf8View).unwrap();
    assert_eq!(
        texts(got.as_ref()),
        [
            Some("/a-long-path/x".to_owned()),
            None,
            None,
            Some("a=1".into())
        ]
    );
    let keys = StringArray::from(vec![Some("b"), Some("a"), Some("a"), None]);
    let keys = Strings::try_new(&keys).unwrap();
    let got = spark_parse_url(
        &input,
        &Strings::scalar(Some("QUERY"), 4),
        Some(&keys),
        Output::Utf8,
    )
    .unwrap();
    assert_eq!(
        texts(got.as_ref()),
        [Some("2".to_owned()), None, Some("1".into()), None]
    );
    // A long answer (past 64 bytes: shorter ones cost less to copy) points into the input's
    // buffer: the output holds no bytes of copies.
    let long = format!("http://h/{}?q", "p".repeat(80));
    let urls = StringArray::from(vec![long.as_str(); 4]);
    let input = Strings::try_new(&urls).unwrap();
    let got = spark_parse_url(
        &input,
        &Strings::scalar(Some("FILE"), 4),
        None,
        Output::Utf8View,
    )
    .unwrap();
    let views = got
        .as_any()
        .downcast_ref::<weburl_arrow::arrow_array::StringViewArray>()
        .unwrap();
    let (first, copies) = views.data_buffers().split_first().unwrap();
    assert_eq!(first.as_ptr(), urls.values().as_ptr());
    assert_eq!(copies.iter().map(|b| b.len()).sum::<usize>(), 0);
}

/// A key whose Java syntax is not emulated is an error that says so; a key that is never
/// compiled (no row has a query) is not.
#[test]
fn key_errors() {
    let urls = StringArray::from(vec!["http://h/p?a=1"]);
    let input = Strings::try_new(&urls).unwrap();
    let query = Strings::scalar(Some("QUERY"), 1);
    let error = spark_parse_url(
        &input,
        &query,
        Some(&Strings::scalar(Some("(?i)A"), 1)),
        Output::Utf8,
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"the key "(?i)A" uses Java regular-expression syntax that is not emulated (lookaround, back references, flags, \p{..}, ...)"#
    );
    let no_query = StringArray::from(vec!["http://h/p"]);
    let got = spark_parse_url(
        &Strings::try_new(&no_query).unwrap(),
        &query,
        Some(&Strings::scalar(Some("("), 1)),
        Output::Utf8,
    )
    .unwrap();
    assert_eq!(texts(got.as_ref()), [None]);
}
