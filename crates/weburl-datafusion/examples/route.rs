//! Per-row time of DataFusion's `url_route` (the first matching route, and with `best` the
//! most specific), one partition (one core), on the data of `crates/weburl-py/bench/route.py`
//! (`python crates/weburl-py/bench/route.py --make DIR` writes it: 40 GitHub REST API routes,
//! 1,000,000 URLs), beside the loop it is checked against: `UrlPatternSet::first_match_url`
//! and `best_match_url` over the same routes on each parsed URL, in the same process.
//!
//! Run: `cargo run --profile df-bench -p weburl-datafusion --example route -- DIR/routes.txt
//! DIR/urls.txt [--rounds R]` (pin it with `taskset -c 0` for steady numbers). Prints the
//! median of R rounds (default 5) in ns per row, and checks that the query's answer for every
//! row is the set's.

use std::sync::Arc;
use std::time::Instant;

use weburl::Url;
use weburl::pattern::{UrlPattern, UrlPatternSet};
use weburl_datafusion::datafusion;

use datafusion::arrow::array::{Array, AsArray, RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema};
use datafusion::datasource::MemTable;
use datafusion::prelude::{SessionConfig, SessionContext};

fn usage() -> ! {
    eprintln!("usage: route ROUTES.txt URLS.txt [--rounds R]");
    std::process::exit(2)
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> datafusion::error::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(routes_file), Some(urls_file)) = (args.first(), args.get(1)) else {
        usage()
    };
    let rounds = match args.get(2..) {
        Some([flag, r]) if flag == "--rounds" => r.parse().unwrap_or_else(|_| usage()),
        Some([]) | None => 5,
        _ => usage(),
    };
    let read = |path: &str| {
        std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(1)
        })
    };
    // A `weburl match` routes file: NAME PATTERN per line.
    let routes: Vec<(String, String)> = read(routes_file)
        .lines()
        .filter_map(|line| line.split_once(' '))
        .map(|(name, pattern)| (name.to_owned(), pattern.trim().to_owned()))
        .collect();
    let urls: Vec<String> = read(urls_file).lines().map(str::to_owned).collect();
    let json = serde_json::to_string(&serde_json::Map::from_iter(
        (routes.iter()).map(|(n, p)| (n.clone(), serde_json::Value::String(p.clone()))),
    ))
    .expect("routes as JSON");

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

    let mut set = UrlPatternSet::new();
    for (name, pattern) in &routes {
        let pattern: UrlPattern = pattern.parse().expect("a route that compiles");
        set.insert(pattern, name.clone());
    }
    let parsed: Vec<Option<Url>> = urls.iter().map(|u| Url::parse(u).ok()).collect();

    let literal = json.replace('\'', "''");
    for best in [false, true] {
        let sql = format!("SELECT url_route(u, '{literal}', {best}) FROM urls");
        // The answers, row by row, against the set's.
        let answers = ctx.sql(&sql).await?.collect().await?;
        let mut row = 0;
        for batch in &answers {
            let column = batch.column(0).as_string::<i32>();
            for i in 0..column.len() {
                let got = column.is_valid(i).then(|| column.value(i));
                let want = parsed[row].as_ref().and_then(|url| {
                    let found = if best {
                        set.best_match_url(url)
                    } else {
                        set.first_match_url(url)
                    };
                    found.map(|(name, _)| name.as_str())
                });
                assert_eq!(got, want, "{}", urls[row]);
                row += 1;
            }
        }
        assert_eq!(row, urls.len());
        let count = format!("SELECT count(url_route(u, '{literal}', {best})) FROM urls");
        let (mut query, mut set_loop) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let start = Instant::now();
            ctx.sql(&count).await?.collect().await?;
            query.push(start.elapsed().as_nanos() as f64 / urls.len() as f64);
            let start = Instant::now();
            let mut matched = 0usize;
            for url in parsed.iter().flatten() {
                let found = if best {
                    set.best_match_url(url).is_some()
                } else {
                    set.first_match_url(url).is_some()
                };
                matched += usize::from(found);
            }
            std::hint::black_box(matched);
            set_loop.push(start.elapsed().as_nanos() as f64 / urls.len() as f64);
        }
        println!(
            "{:<5} url_route {:>6.0} ns/row   UrlPatternSet on parsed URLs {:>6.0} ns/row   ({} rows, {} routes, median of {rounds})",
            if best { "best" } else { "first" },
            median(query),
            median(set_loop),
            urls.len(),
            routes.len(),
        );
    }
    Ok(())
}
