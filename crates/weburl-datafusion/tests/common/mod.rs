//! Helpers shared by the SQL tests: running a query and reading what it answered.

use weburl_datafusion::datafusion;

use datafusion::arrow::array::{Array, ArrayRef};
use datafusion::prelude::SessionContext;

/// The first column of what `sql` answers on `ctx`, its batches concatenated.
pub async fn column(ctx: &SessionContext, sql: &str) -> ArrayRef {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    let arrays: Vec<ArrayRef> = batches.iter().map(|b| b.column(0).clone()).collect();
    let refs: Vec<&dyn Array> = arrays.iter().map(|a| a.as_ref()).collect();
    datafusion::arrow::compute::concat(&refs).unwrap()
}

/// The error of `sql`, which must fail, when it is planned or when it runs.
#[allow(dead_code)] // Not every test file uses it.
pub async fn error(ctx: &SessionContext, sql: &str) -> String {
    match ctx.sql(sql).await {
        Err(e) => e.to_string(),
        Ok(frame) => match frame.collect().await {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{sql} should fail"),
        },
    }
}
