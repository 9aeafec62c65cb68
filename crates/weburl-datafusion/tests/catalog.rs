//! DataFusion registers exactly the functions of weburl-arrow's catalogue that it has, in its
//! order, each taking the catalogue's numbers of arguments (read from DataFusion's own
//! signature and argument checks) and returning the catalogue's kind.

use weburl_arrow::catalog::{self, Kind, Returns, Surface};
use weburl_datafusion::datafusion;

use datafusion::arrow::datatypes::DataType;
use datafusion::logical_expr::{ScalarUDF, TypeSignature};

/// The numbers of arguments `udf` accepts, up to `most`, by its signature (strings of each
/// count), or for a user-defined signature by its `coerce_types` given the types of the
/// catalogue's parameters (one more than there are: a string).
fn arities(udf: &ScalarUDF, function: &catalog::Function, most: usize) -> Vec<usize> {
    match &udf.signature().type_signature {
        TypeSignature::OneOf(forms) => forms
            .iter()
            .map(|form| match form {
                TypeSignature::String(n) => *n,
                other => panic!("{}: unexpected signature {other:?}", udf.name()),
            })
            .collect(),
        TypeSignature::UserDefined => (0..=most)
            .filter(|&n| {
                let types: Vec<DataType> = (0..n)
                    .map(|k| match function.params.get(k) {
                        Some(p) if p.kind == Kind::Bool => DataType::Boolean,
                        _ => DataType::Utf8,
                    })
                    .collect();
                udf.inner().coerce_types(&types).is_ok()
            })
            .collect(),
        other => panic!("{}: unexpected signature {other:?}", udf.name()),
    }
}

#[test]
fn the_registry_is_the_catalogue() {
    let udfs = weburl_datafusion::functions();
    let registered: Vec<&str> = udfs.iter().map(ScalarUDF::name).collect();
    let expected: Vec<&str> = catalog::on(Surface::DataFusion).map(|f| f.sql).collect();
    assert_eq!(registered, expected);
    for (udf, function) in udfs.iter().zip(catalog::on(Surface::DataFusion)) {
        let most = function.params.len() + 1;
        assert_eq!(
            arities(udf, function, most),
            function.arity().collect::<Vec<_>>(),
            "{}",
            function.sql
        );
        let types: Vec<DataType> = vec![DataType::Utf8; function.required()];
        if function.returns == Returns::GroupStruct {
            // Typed by its pattern when planned (tests/pattern.rs), not by its argument types.
            assert!(udf.return_type(&types).is_err(), "{}", function.sql);
            continue;
        }
        let returned = udf.return_type(&types).expect("a return type");
        let kind = match returned {
            DataType::Utf8 | DataType::Utf8View => Returns::String,
            DataType::Boolean => Returns::Bool,
            DataType::Struct(fields) if fields.len() == 11 => Returns::UrlStruct,
            DataType::List(_) => Returns::PairList,
            other => panic!("{}: unexpected return type {other}", function.sql),
        };
        assert_eq!(kind, function.returns, "{}", function.sql);
    }
    // Every absence has its reason in the catalogue.
    for function in catalog::FUNCTIONS {
        if !expected.contains(&function.sql) {
            assert!(!function.on(Surface::DataFusion).unwrap_err().is_empty());
        }
    }
}

/// The catalogue's parameter names are those DataFusion's errors use.
#[tokio::test]
async fn errors_name_the_catalogues_parameters() {
    let ctx = datafusion::prelude::SessionContext::new();
    weburl_datafusion::register(&ctx);
    let error = ctx
        .sql("SELECT url_pattern_group('https://a/', 'https://a/', 1)")
        .await
        .expect_err("a number is not a name");
    let group = catalog::function("url_pattern_group").expect("in the catalogue");
    assert_eq!(group.params[2].name, "name");
    assert!(
        error
            .to_string()
            .contains("url_pattern_group: the name must be a string, not Int64"),
        "{error}"
    );
}
