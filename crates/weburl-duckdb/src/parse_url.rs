//! `parse_url(url, part [, key])`: Spark SQL's function, through weburl-arrow's row function
//! (its `spark` feature), so that it answers as weburl's DataFusion and Python `parse_url`.
//! DuckDB has no function of that name of its own.

use std::error::Error;

use duckdb::core::{DataChunkHandle, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;

use crate::vector::{OptionalStrings, Strings, Texts};

/// `parse_url(url, part)` and `parse_url(url, part, key)`, returning `VARCHAR`: null where an
/// argument is null or Spark answers NULL; a key Spark would refuse (or whose Java syntax is
/// not emulated) fails the query.
pub struct ParseUrl;

impl VScalar for ParseUrl {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let urls = Strings::new(input, 0);
        let parts = Strings::new(input, 1);
        let keys = OptionalStrings::new(input, 2);
        let mut out = Texts::new(output.flat_vector(), urls.len());
        for i in 0..urls.len() {
            let Some(key) = keys.get(i) else {
                out.set_null(i);
                continue;
            };
            let (Some(url), Some(part)) = (urls.get(i), parts.get(i)) else {
                out.set_null(i);
                continue;
            };
            match weburl_arrow::rows::spark_parse_url(url, part, key)
                .map_err(|e| format!("parse_url: {e}"))?
            {
                Some(answer) => out.set(i, answer.as_str()),
                None => out.set_null(i),
            }
        }
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        let varchar = || LogicalTypeHandle::from(LogicalTypeId::Varchar);
        vec![
            ScalarFunctionSignature::exact(vec![varchar(), varchar()], varchar()),
            ScalarFunctionSignature::exact(vec![varchar(), varchar(), varchar()], varchar()),
        ]
    }
}
