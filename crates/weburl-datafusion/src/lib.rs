//! The WHATWG URL Standard in [Apache DataFusion](https://datafusion.apache.org): scalar
//! functions over Arrow string arrays (`Utf8`, `LargeUtf8`, `Utf8View`), array or scalar
//! arguments, null in and null out, and never a panic on bad data (a URL that does not parse
//! gives null).
//!
//! ```
//! use weburl_datafusion::datafusion::{self, prelude::SessionContext};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! weburl_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT url_hostname('HTTPS://EXAMPLE.com:443/a') AS h, \
//!                  url_href('../c?x', 'http://a/b/d') AS j, \
//!                  url_can_parse('http://[::1') AS ok")
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| example.com | http://a/c?x | false |"), "{text}");
//! # Ok(())
//! # }
//! ```
//!
//! # Functions
//!
//! | function | returns |
//! |---|---|
//! | `url_parse(url [, base])` | struct `{href, origin, protocol, username, password, host, hostname, port, pathname, search, hash}` (all `Utf8`), null when it does not parse |
//! | `url_href`, `url_origin`, `url_protocol`, `url_username`, `url_password`, `url_host`, `url_hostname`, `url_port`, `url_pathname`, `url_search`, `url_hash` `(url [, base])` | that getter's value as `Utf8View`, null when it does not parse |
//! | `url_can_parse(url [, base])` | `Boolean` |
//! | `url_join(base, ref)` | `Utf8`: `ref` resolved against `base` |
//! | `url_search_param(url, name)` | `Utf8`: the first value of `name` (`URLSearchParams.get`), null when absent |
//! | `url_search_params(url)` | `List<Struct{name, value}>`: every pair, decoded |
//!
//! A base that is a scalar (the usual case) is parsed once per batch. When the input column
//! is `Utf8` and a value is already its own href (clean data), the component functions
//! return views into the input's buffer instead of copying the bytes.
//!
//! The crate re-exports [`datafusion`] so that users and tests use the same version.

#![forbid(unsafe_code)]

mod args;
mod udfs;

pub use datafusion;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;

use udfs::{
    CanParseUdf, Component, ComponentUdf, JoinUdf, ParseUdf, SearchParamUdf, SearchParamsUdf,
};

/// Every function of this crate, ready to register with any `FunctionRegistry`.
///
/// ```
/// let names: Vec<String> = weburl_datafusion::functions().iter().map(|f| f.name().to_owned()).collect();
/// assert!(names.contains(&"url_parse".to_owned()) && names.contains(&"url_hostname".to_owned()));
/// ```
#[must_use]
pub fn functions() -> Vec<ScalarUDF> {
    let mut functions = vec![
        ScalarUDF::from(ParseUdf::new()),
        ScalarUDF::from(CanParseUdf::new()),
        ScalarUDF::from(JoinUdf::new()),
        ScalarUDF::from(SearchParamUdf::new()),
        ScalarUDF::from(SearchParamsUdf::new()),
    ];
    functions.extend(
        Component::ALL
            .into_iter()
            .map(|c| ScalarUDF::from(ComponentUdf::new(c))),
    );
    functions
}

/// Registers every function of this crate with `ctx`.
///
/// ```
/// use weburl_datafusion::datafusion::execution::FunctionRegistry;
/// let ctx = weburl_datafusion::datafusion::prelude::SessionContext::new();
/// weburl_datafusion::register(&ctx);
/// assert!(ctx.udf("url_join").is_ok());
/// ```
pub fn register(ctx: &SessionContext) {
    for function in functions() {
        ctx.register_udf(function);
    }
}
