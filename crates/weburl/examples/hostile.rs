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
use weburl_testkit::hostile::{self, Shape};

/// The shapes (`weburl-testkit`'s catalogue, shared with the hostile tests and the bench).
const SHAPES: [Shape; 10] = [
    hostile::DOTS,
    hostile::ENCODED_DOTS,
    hostile::LABELS,
    hostile::AMPERSANDS,
    hostile::PERCENT_SIGNS,
    hostile::NON_ASCII,
    hostile::IPV6_PATH,
    hostile::DRIVE_LETTERS,
    hostile::OPAQUE_PATH,
    hostile::AT_SIGNS,
];

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
    for shape in SHAPES {
        let name = shape.name;
        for &mb in &sizes {
            let input = shape.build(mb << 20);
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
