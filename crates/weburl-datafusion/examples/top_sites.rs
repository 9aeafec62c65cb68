//! SQL over a CSV file of URLs: the top sites (registrable domains), with the URL Standard's
//! reading of every URL.
//!
//! Run: `cargo run -p weburl-datafusion --example top_sites [-- FILE.csv]` (a CSV with a
//! header and a column `url`; by default the 3,000 links in `examples/data/urls.csv`).

use weburl_datafusion::datafusion;

use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::prelude::{CsvReadOptions, SessionContext};

#[tokio::main(flavor = "current_thread")]
async fn main() -> datafusion::error::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/urls.csv").to_owned()
    });
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    ctx.register_csv("urls", &path, CsvReadOptions::new())
        .await?;
    let sql = "SELECT url_registrable_domain(url) AS site, count(*) AS urls \
               FROM urls GROUP BY site ORDER BY urls DESC, site LIMIT 20";
    println!("{sql}");
    let batches = ctx.sql(sql).await?.collect().await?;
    println!("{}", pretty_format_batches(&batches)?);
    let sql = "SELECT count(*) AS urls, count(DISTINCT url_normalize(url, 'dedup')) AS distinct_normalized, \
               sum(CASE WHEN url_can_parse(url) THEN 0 ELSE 1 END) AS not_urls FROM urls";
    println!("{sql}");
    let batches = ctx.sql(sql).await?.collect().await?;
    println!("{}", pretty_format_batches(&batches)?);
    Ok(())
}
