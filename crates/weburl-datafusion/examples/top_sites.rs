//! SQL over a file of URLs, by the URL Standard's reading of every URL: the top sites, how
//! many distinct URLs remain after normalization, and why the lines that are not URLs fail.
//!
//! Run (a release build; docs/DATAFUSION.md says how long the first build takes):
//!
//! ```sh
//! cargo run --profile df-bench -p weburl-datafusion --example top_sites -- [FILE]
//! ```
//!
//! `FILE` is read by its extension: `.csv` (a header and a column `url`), `.parquet` (a
//! column `url`), anything else plain text, one URL a line (a URL may hold commas and quotes;
//! a UTF-8 byte-order mark and blank lines are skipped, as the Spark job skips them). By
//! default, the 3,000 links of `examples/data/urls.csv`.
//!
//! A URL's site is its registrable domain, else its host (an IP address, or a host that is
//! itself a public suffix), else null (no host: `mailto:a@b`, `file:///x`), as the Spark job
//! (`examples/spark/url_job.py`) counts sites; `examples/data/sites.json` holds the cases
//! both are tested with.

use std::error::Error;
use std::fs::File;
use std::path::Path;
use std::sync::Arc;

use weburl_datafusion::datafusion;

use datafusion::arrow::array::{RecordBatch, StringArray};
use datafusion::arrow::datatypes::{DataType, Field, Schema, SchemaRef};
use datafusion::arrow::record_batch::RecordBatchReader;
use datafusion::arrow::util::pretty::pretty_format_batches;
use datafusion::datasource::MemTable;
use datafusion::prelude::{CsvReadOptions, SessionContext};
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

/// The site of the column `url`, as SQL.
const SITE: &str = "coalesce(url_registrable_domain(url), nullif(url_hostname(url), ''))";

/// Rows per in-memory batch of a text file or a Parquet file.
const BATCH_ROWS: usize = 8192;

/// The queries the example prints.
fn queries() -> [String; 3] {
    [
        format!(
            "SELECT {SITE} AS site, count(*) AS urls FROM urls \
             GROUP BY site ORDER BY urls DESC, site LIMIT 20"
        ),
        "SELECT count(*) AS urls, count(DISTINCT url_normalize(url, 'dedup')) AS distinct_normalized, \
         sum(CASE WHEN url_can_parse(url) THEN 0 ELSE 1 END) AS not_urls FROM urls"
            .to_owned(),
        "SELECT url_error_name(url) AS error, count(*) AS urls FROM urls \
         WHERE NOT url_can_parse(url) GROUP BY error ORDER BY urls DESC, error"
            .to_owned(),
    ]
}

/// Registers the file `path` as the table `urls`, with a string column `url`: CSV and
/// Parquet by their extension, anything else as text, one URL a line.
async fn register_urls(ctx: &SessionContext, path: &Path) -> Result<(), Box<dyn Error>> {
    let extension = path.extension().and_then(|e| e.to_str());
    let extension = extension.map(str::to_ascii_lowercase);
    if extension.as_deref() == Some("csv") {
        let path = path.to_str().ok_or("the path is not UTF-8")?;
        ctx.register_csv("urls", path, CsvReadOptions::new().file_extension(""))
            .await?;
        return Ok(());
    }
    let (schema, batches) = if extension.as_deref() == Some("parquet") {
        read_parquet(path)?
    } else {
        (Arc::new(url_schema()), read_lines(&std::fs::read(path)?))
    };
    let partitions = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut split = vec![Vec::new(); partitions];
    for (i, batch) in batches.into_iter().enumerate() {
        split[i % partitions].push(batch);
    }
    ctx.register_table("urls", Arc::new(MemTable::try_new(schema, split)?))?;
    Ok(())
}

/// The schema of the table `urls` read from text.
fn url_schema() -> Schema {
    Schema::new(vec![Field::new("url", DataType::Utf8, false)])
}

/// The lines of a text file as batches of `url`: a byte-order mark at the start, the `\r`
/// of `\r\n` and lines of nothing but spaces are dropped; bytes that are not UTF-8 become
/// U+FFFD.
fn read_lines(bytes: &[u8]) -> Vec<RecordBatch> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&*text);
    let lines: Vec<&str> = text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .filter(|line| !line.trim_matches(' ').is_empty())
        .collect();
    let schema = Arc::new(url_schema());
    lines
        .chunks(BATCH_ROWS)
        .map(|chunk| {
            let column = Arc::new(StringArray::from_iter_values(chunk));
            RecordBatch::try_new(Arc::clone(&schema), vec![column]).expect("one string column")
        })
        .collect()
}

/// The column `url` of a Parquet file (with the parquet crate's Arrow reader, the one
/// DataFusion's own Parquet support uses): its schema (nullable or not, as written) and
/// batches.
fn read_parquet(path: &Path) -> Result<(SchemaRef, Vec<RecordBatch>), Box<dyn Error>> {
    let builder = ParquetRecordBatchReaderBuilder::try_new(File::open(path)?)?;
    let Ok(index) = builder.schema().index_of("url") else {
        return Err(format!("{}: no column `url`", path.display()).into());
    };
    let mask = ProjectionMask::roots(builder.parquet_schema(), [index]);
    let reader = builder
        .with_projection(mask)
        .with_batch_size(BATCH_ROWS)
        .build()?;
    let schema = reader.schema();
    Ok((schema, reader.collect::<Result<_, _>>()?))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/urls.csv").to_owned()
    });
    let ctx = SessionContext::new();
    weburl_datafusion::register(&ctx);
    register_urls(&ctx, Path::new(&path)).await?;
    for sql in queries() {
        println!("{sql}");
        let batches = ctx.sql(&sql).await?.collect().await?;
        println!("{}", pretty_format_batches(&batches)?);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    use datafusion::arrow::array::{Array, AsArray};
    use datafusion::arrow::compute::cast;

    /// The `(url, site)` rows of the table `urls`, in input order.
    async fn sites(ctx: &SessionContext) -> Vec<(String, Option<String>)> {
        let sql = format!("SELECT url, {SITE} AS site FROM urls");
        let batches = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
        let mut rows = Vec::new();
        for batch in batches {
            let urls = cast(batch.column(0), &DataType::Utf8).unwrap();
            let sites = cast(batch.column(1), &DataType::Utf8).unwrap();
            let (urls, sites) = (urls.as_string::<i32>(), sites.as_string::<i32>());
            for row in 0..batch.num_rows() {
                let site = sites.is_valid(row).then(|| sites.value(row).to_owned());
                rows.push((urls.value(row).to_owned(), site));
            }
        }
        rows
    }

    /// The cases of `examples/data/sites.json`, which the Spark job's test checks too.
    fn site_cases() -> Vec<(String, Option<String>)> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/sites.json");
        let cases: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        cases["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|case| {
                let url = case["url"].as_str().unwrap().to_owned();
                (url, case["site"].as_str().map(str::to_owned))
            })
            .collect()
    }

    fn temp_file(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("weburl-top-sites-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    /// The same URLs as text, CSV and Parquet give the same rows and the expected sites: a
    /// URL without a registrable domain has its host as its site, or null when it has no
    /// host (never '').
    #[tokio::test]
    async fn text_csv_and_parquet_read_the_same_urls() {
        let cases = site_cases();
        assert!(cases.iter().any(|(_, site)| site.is_none()));
        assert!(cases.iter().any(|(url, _)| url.contains(',')));
        let urls: Vec<&str> = cases.iter().map(|(url, _)| url.as_str()).collect();

        let text = temp_file("urls.txt");
        let mut body = String::from("\u{feff}");
        for url in &urls {
            body.push_str(url);
            body.push_str("\r\n\n  \n");
        }
        std::fs::write(&text, body).unwrap();

        let csv = temp_file("urls.csv");
        let mut body = String::from("url\n");
        for url in &urls {
            body.push_str(&format!("\"{}\"\n", url.replace('"', "\"\"")));
        }
        std::fs::write(&csv, body).unwrap();

        let parquet = temp_file("urls.parquet");
        // Nullable, as pyarrow, polars and DuckDB write a string column.
        let schema = Arc::new(Schema::new(vec![Field::new("url", DataType::Utf8, true)]));
        let batch = RecordBatch::try_new(
            Arc::clone(&schema),
            vec![Arc::new(StringArray::from_iter_values(&urls))],
        )
        .unwrap();
        let mut writer =
            parquet::arrow::ArrowWriter::try_new(File::create(&parquet).unwrap(), schema, None)
                .unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();

        for path in [&text, &csv, &parquet] {
            let ctx = SessionContext::new();
            weburl_datafusion::register(&ctx);
            register_urls(&ctx, path).await.unwrap();
            let mut got = sites(&ctx).await;
            let mut want = cases.clone();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{}", path.display());
            for sql in queries() {
                ctx.sql(&sql).await.unwrap().collect().await.unwrap();
            }
        }
        std::fs::remove_dir_all(text.parent().unwrap()).unwrap();
    }

    #[test]
    fn text_lines() {
        let batches = read_lines(b"\xef\xbb\xbfhttps://a/x,y\r\n\n \nhttp://b/\"q\"\nbad\xff");
        let rows: Vec<String> = batches
            .iter()
            .flat_map(|b| {
                let column = b.column(0).as_string::<i32>();
                column
                    .iter()
                    .map(|s| s.unwrap().to_owned())
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(rows, ["https://a/x,y", "http://b/\"q\"", "bad\u{fffd}"]);
        let many = "http://a/\n".repeat(BATCH_ROWS + 1);
        let batches = read_lines(many.as_bytes());
        assert_eq!(batches.len(), 2);
        assert_eq!(batches[1].num_rows(), 1);
    }
}
