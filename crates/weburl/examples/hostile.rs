//! Hostile inputs of 1, 16 and 64 MB: parse time per input and per byte, to show that time
//! grows linearly with length (the per-byte cost stays flat) and that nothing overflows the
//! stack. Run it in release mode:
//!
//! ```sh
//! cargo run --release -p weburl --example hostile            # 1, 16 and 64 MB
//! cargo run --release -p weburl --example hostile -- 1 4      # chosen sizes in MB
//! ```

use std::time::Instant;

use weburl::Url;

/// A shape of hostile input: its name and a function that builds one of about `len` bytes.
type Shape = (&'static str, fn(usize) -> String);

/// The shapes.
fn shapes() -> Vec<Shape> {
    vec![
        ("path of /..", |len| {
            format!("http://h/{}", "a/../".repeat(len / 5))
        }),
        ("deep %2e%2e", |len| {
            format!("http://h/{}x", "%2e%2E/".repeat(len / 7))
        }),
        ("host of labels", |len| {
            format!("http://{}com/", "a.".repeat(len / 2))
        }),
        ("query of &", |len| format!("http://h/?{}", "&".repeat(len))),
        ("percent signs", |len| {
            format!("http://h/{}", "%".repeat(len))
        }),
        ("non-ASCII path", |len| {
            format!("http://h/{}", "\u{FFFF}".repeat(len / 3))
        }),
        ("IPv6 + plain path", |len| {
            format!("http://[1:2:3:4:5:6:7:8]/{}", "abc/".repeat(len / 4))
        }),
        ("file C| parts", |len| {
            format!("file:///{}", "C|/".repeat(len / 3))
        }),
        ("opaque path", |len| {
            format!("sc:{}", "x y ".repeat(len / 4))
        }),
        ("userinfo of @", |len| {
            format!("http://{}h/", "@".repeat(len))
        }),
    ]
}

fn main() {
    let sizes: Vec<usize> = match std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>())
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(v) if !v.is_empty() => v,
        _ => vec![1, 16, 64],
    };
    println!("| shape | size | result | ms | ns/byte |");
    println!("|---|---:|---|---:|---:|");
    for (name, make) in shapes() {
        for &mb in &sizes {
            let input = make(mb << 20);
            let start = Instant::now();
            let result = Url::parse(&input);
            let elapsed = start.elapsed();
            let outcome = match &result {
                Ok(url) => format!("ok, {} B href", url.href().len()),
                Err(e) => format!("error: {e}"),
            };
            println!(
                "| {name} | {:.1} MB | {outcome} | {:.1} | {:.2} |",
                input.len() as f64 / 1048576.0,
                elapsed.as_secs_f64() * 1e3,
                elapsed.as_nanos() as f64 / input.len() as f64
            );
        }
    }
}
