//! Rows per second per core of weburl's DataFusion functions against datafusion-spark's
//! `try_parse_url(u, 'HOST')` (Spark's parse_url on the url crate), over the bench lists
//! repeated to `--rows` rows (default 1,000,000), one partition (one core), queries
//! interleaved round by round; the median of `--rounds` rounds (default 5).
//!
//! Run: `cargo run --profile df-bench -p weburl-datafusion --example bench [-- --rows N --rounds R]`
//! (pin it with `taskset -c 0` for steady numbers).

use std::sync::Arc;
use std::time::Instant;

use weburl_datafusion::datafusion;

use datafusion::arrow::array::{RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::prelude::{SessionConfig, SessionContext};

const LISTS: [&str; 4] = [
    "web_links.txt",
    "kasztp.txt",
    "isaacs_files.txt",
    "node_files.txt",
];

fn load(rows: usize) -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../weburl-bench/data");
    let mut all = Vec::new();
    for list in LISTS {
        let text = std::fs::read_to_string(format!("{dir}/{list}")).expect("bench list");
        all.extend(text.lines().map(str::to_owned));
    }
    all.iter().cycle().take(rows).cloned().collect()
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> datafusion::error::Result<()> {
    let mut rows = 1_000_000;
    let mut rounds = 5;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        match (pair[0].as_str(), pair.get(1).and_then(|v| v.parse().ok())) {
            ("--rows", Some(v)) => rows = v,
            ("--rounds", Some(v)) => rounds = v,
            _ => panic!("usage: bench [--rows N] [--rounds R]"),
        }
    }
    let urls = load(rows);
    let schema = Arc::new(Schema::new(vec![Field::new("u", DataType::Utf8, true)]));
    let batches: Vec<RecordBatch> = urls
        .chunks(8192)
        .map(|chunk| {
            RecordBatch::try_new(
                schema.clone(),
                vec![Arc::new(StringArray::from_iter_values(chunk))],
            )
        })
        .collect::<Result<_, _>>()?;
    let ctx = SessionContext::new_with_config(SessionConfig::new().with_target_partitions(1));
    ctx.register_table("urls", Arc::new(MemTable::try_new(schema, vec![batches])?))?;
    weburl_datafusion::register(&ctx);
    ctx.register_udf(
        datafusion_spark::function::url::try_parse_url()
            .as_ref()
            .clone(),
    );
    let queries = [
        (
            "weburl url_hostname",
            "SELECT count(url_hostname(u)) FROM urls",
        ),
        ("weburl url_parse", "SELECT count(url_parse(u)) FROM urls"),
        ("weburl url_href", "SELECT count(url_href(u)) FROM urls"),
        (
            "weburl url_pathname (views into Utf8)",
            "SELECT count(url_pathname(u)) FROM urls",
        ),
        (
            "weburl url_pathname (Utf8View in: copies)",
            "SELECT count(url_pathname(arrow_cast(u, 'Utf8View'))) FROM urls",
        ),
        (
            "cast to Utf8View alone",
            "SELECT count(arrow_cast(u, 'Utf8View')) FROM urls",
        ),
        (
            "weburl parse_url HOST (Spark's rules)",
            "SELECT count(parse_url(u, 'HOST')) FROM urls",
        ),
        (
            "datafusion-spark try_parse_url HOST",
            "SELECT count(try_parse_url(u, 'HOST')) FROM urls",
        ),
        ("baseline count(u)", "SELECT count(u) FROM urls"),
    ];
    let mut times = vec![Vec::new(); queries.len()];
    let mut counts = vec![0i64; queries.len()];
    for _ in 0..rounds {
        for (i, (_, sql)) in queries.iter().enumerate() {
            let start = Instant::now();
            let result = ctx.sql(sql).await?.collect().await?;
            times[i].push(start.elapsed().as_secs_f64());
            let column = result[0].column(0);
            counts[i] = datafusion::arrow::array::cast::as_primitive_array::<
                datafusion::arrow::datatypes::Int64Type,
            >(column)
            .value(0);
        }
    }
    println!("{rows} rows, {rounds} rounds, one partition; median time, rows/s, non-null results");
    let spark = median(&mut times[7].clone());
    for (i, (name, _)) in queries.iter().enumerate() {
        let t = median(&mut times[i]);
        println!(
            "{name:38} {:8.1} ms {:12.0} rows/s {:9} non-null  {:5.2}x spark's time",
            t * 1e3,
            rows as f64 / t,
            counts[i],
            t / spark
        );
    }
    Ok(())
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
