//! The aligned text table and the JSON output.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::alloc::Counts;
use crate::libs::AllocStats;

/// One (benchmark, dataset, library) result.
pub struct Row {
    pub bench: &'static str,
    pub dataset: String,
    /// Hostile inputs: (kind, size in bytes).
    pub hostile: Option<(&'static str, usize)>,
    pub lib: &'static str,
    /// Inputs per pass (for `setters`: the URLs all three libraries parse).
    pub units: usize,
    pub bytes: usize,
    pub passes: usize,
    /// Successes in one pass (from the warm-up round).
    pub ok: Option<usize>,
    /// Not run (hostile input past a size that was already too slow).
    pub skipped: bool,
    /// Median over rounds of ns per input (for `setters`: setters time minus clone time).
    pub ns_per_unit: Option<f64>,
    pub mb_per_s: Option<f64>,
    /// Median over rounds of (this library's time / ada's time in the same round).
    pub ratio_to_ada: Option<f64>,
    /// `setters` only: median ns per clone (the part subtracted).
    pub clone_ns_per_unit: Option<f64>,
    pub rounds_ns_per_unit: Vec<Option<f64>>,
}

pub struct AllocRow {
    pub dataset: String,
    pub lib: &'static str,
    pub stats: AllocStats,
}

pub struct Report {
    pub rounds: usize,
    pub quick: bool,
    pub min_bytes: usize,
    pub cpu: String,
    pub cpus: usize,
    /// (name, inputs, bytes).
    pub datasets: Vec<(String, usize, usize)>,
    pub rows: Vec<Row>,
    pub allocs: Vec<AllocRow>,
}

/// Formats rows of cells as aligned columns: the first `left` columns left-aligned, the
/// rest right-aligned, two spaces apart, with a dashed line under the header.
pub fn table(header: &[&str], rows: &[Vec<String>], left: usize) -> String {
    let n = header.len();
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate().take(n) {
            width[i] = width[i].max(c.chars().count());
        }
    }
    let mut out = String::new();
    let mut line = |cells: &mut dyn Iterator<Item = &str>| {
        let mut s = String::new();
        for (i, c) in cells.enumerate() {
            if i > 0 {
                s.push_str("  ");
            }
            let pad = width[i].saturating_sub(c.chars().count());
            if i < left {
                s.push_str(c);
                s.extend(std::iter::repeat_n(' ', pad));
            } else {
                s.extend(std::iter::repeat_n(' ', pad));
                s.push_str(c);
            }
        }
        out.push_str(s.trim_end());
        out.push('\n');
    };
    line(&mut header.iter().copied());
    let dashes: Vec<String> = width.iter().map(|w| "-".repeat(*w)).collect();
    line(&mut dashes.iter().map(String::as_str));
    for r in rows {
        line(&mut r.iter().map(String::as_str));
    }
    out
}

fn opt(v: Option<f64>, decimals: usize) -> String {
    match v {
        Some(v) if v.is_finite() => format!("{v:.decimals$}"),
        _ => "-".to_owned(),
    }
}

/// Per-round spread: (max - min) / median, in percent.
fn spread(rounds: &[Option<f64>]) -> Option<f64> {
    let v: Vec<f64> = rounds.iter().flatten().copied().collect();
    let med = crate::stats::median(&v)?;
    let max = v.iter().copied().fold(f64::MIN, f64::max);
    let min = v.iter().copied().fold(f64::MAX, f64::min);
    (med > 0.0).then(|| (max - min) / med * 100.0)
}

fn per(c: u64, n: usize) -> Option<f64> {
    (n > 0).then(|| c as f64 / n as f64)
}

fn size_label(size: usize) -> String {
    match size {
        s if s >= 1_000_000 => format!("{}M", s / 1_000_000),
        s if s >= 1_000 => format!("{}K", s / 1_000),
        s => s.to_string(),
    }
}

pub fn text(r: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "weburl-bench: {} rounds{}, median per (benchmark, dataset, library); ratio = median of \
         per-round time / ada's time; cpu: {} ({} logical cpus)\n",
        r.rounds,
        if r.quick { " (--quick)" } else { "" },
        r.cpu,
        r.cpus
    );

    let main: Vec<Vec<String>> = r
        .rows
        .iter()
        .filter(|row| row.hostile.is_none())
        .map(|row| {
            vec![
                row.bench.to_owned(),
                row.dataset.clone(),
                row.lib.to_owned(),
                row.units.to_string(),
                row.ok.map_or("-".to_owned(), |o| o.to_string()),
                opt(row.ns_per_unit, 1),
                opt(row.mb_per_s, 1),
                opt(row.ratio_to_ada, 3),
                opt(spread(&row.rounds_ns_per_unit), 1),
                opt(row.clone_ns_per_unit, 1),
            ]
        })
        .collect();
    if !main.is_empty() {
        out.push_str(&table(
            &[
                "bench", "dataset", "lib", "inputs", "ok", "ns/input", "MB/s", "vs ada", "spread%",
                "clone ns",
            ],
            &main,
            3,
        ));
        out.push_str(
            "(setters: ns/input = (clone + 3 setters + href) - (clone + href), per URL that all \
             three libraries parse; `clone ns` is the subtracted part)\n\n",
        );
    }

    // Hostile: ns per byte by size, one line per (kind, library).
    let mut sizes: Vec<usize> = r
        .rows
        .iter()
        .filter_map(|x| x.hostile.map(|h| h.1))
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut kinds: Vec<(&str, &str)> = Vec::new();
    for row in &r.rows {
        if let Some((k, _)) = row.hostile
            && !kinds.contains(&(k, row.lib))
        {
            kinds.push((k, row.lib));
        }
    }
    if !kinds.is_empty() {
        let mut header: Vec<String> = vec!["hostile".into(), "lib".into()];
        header.extend(sizes.iter().map(|s| format!("{} ns/B", size_label(*s))));
        header.push("ok".into());
        header.push("vs ada (size)".into());
        let rows: Vec<Vec<String>> = kinds
            .iter()
            .map(|(kind, lib)| {
                let mine: Vec<&Row> = r
                    .rows
                    .iter()
                    .filter(|x| x.hostile.is_some_and(|h| h.0 == *kind) && x.lib == *lib)
                    .collect();
                let mut cells = vec![kind.to_string(), lib.to_string()];
                for s in &sizes {
                    let row = mine.iter().find(|x| x.hostile.is_some_and(|h| h.1 == *s));
                    cells.push(match row {
                        Some(x) if x.skipped => "skipped".into(),
                        Some(x) => opt(x.ns_per_unit.map(|ns| ns / x.bytes as f64), 3),
                        None => "-".into(),
                    });
                }
                let oks: Vec<String> = mine
                    .iter()
                    .map(|x| match x.ok {
                        Some(1) => "y".into(),
                        Some(_) => "n".into(),
                        None => "-".into(),
                    })
                    .collect();
                cells.push(oks.concat());
                // The largest size that both this library and ada parsed.
                let ada_ok = |x: &Row| {
                    r.rows
                        .iter()
                        .any(|a| a.lib == "ada" && a.dataset == x.dataset && a.ok == Some(1))
                };
                let largest = mine
                    .iter()
                    .rev()
                    .find(|x| x.ok == Some(1) && x.ratio_to_ada.is_some() && ada_ok(x));
                cells.push(match largest {
                    Some(x) => format!(
                        "{} ({})",
                        opt(x.ratio_to_ada, 3),
                        size_label(x.hostile.map_or(0, |h| h.1))
                    ),
                    None => "-".into(),
                });
                cells
            })
            .collect();
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        out.push_str(&table(&header, &rows, 2));
        out.push_str(
            "(hostile: one generated URL per input, parsed without a base; ns per input byte; a \
             flat row means linear time; ok: y/n per size = parsed or rejected; vs ada: time \
             ratio at the largest size both parsed)\n\n",
        );
    }

    if !r.allocs.is_empty() {
        let rows: Vec<Vec<String>> = r
            .allocs
            .iter()
            .map(|a| {
                let s = &a.stats;
                vec![
                    a.dataset.clone(),
                    a.lib.to_owned(),
                    format!("{}/{}", s.parse_ok, s.inputs),
                    opt(per(s.parse_ok_counts.allocs, s.parse_ok), 3),
                    opt(per(s.parse_ok_counts.reallocs, s.parse_ok), 3),
                    opt(per(s.parse_ok_counts.bytes, s.parse_ok), 0),
                    opt(
                        per(
                            s.parse_err_counts.allocs + s.parse_err_counts.reallocs,
                            s.parse_err,
                        ),
                        3,
                    ),
                    opt(
                        per(
                            s.base_ok_counts.allocs + s.base_ok_counts.reallocs,
                            s.base_ok,
                        ),
                        3,
                    ),
                    opt(
                        per(
                            s.can_parse_counts.allocs + s.can_parse_counts.reallocs,
                            s.inputs,
                        ),
                        3,
                    ),
                    opt(
                        per(
                            s.setters_counts.allocs + s.setters_counts.reallocs,
                            s.setters_urls,
                        ),
                        3,
                    ),
                    opt(
                        per(
                            s.clone_counts.allocs + s.clone_counts.reallocs,
                            s.setters_urls,
                        ),
                        3,
                    ),
                ]
            })
            .collect();
        out.push_str(&table(
            &[
                "allocs",
                "lib",
                "ok/inputs",
                "allocs/ok",
                "reallocs/ok",
                "bytes/ok",
                "(a+r)/err",
                "base (a+r)/ok",
                "can_parse (a+r)",
                "setters (a+r)",
                "clone (a+r)",
            ],
            &rows,
            2,
        ));
        out.push_str(
            "(heap calls per parse without a base, including the href read and the drop; a = new \
             blocks (Rust alloc or C++ operator new), r = Rust reallocs; base: against the \
             parse_base base; can_parse: per call; setters: the three setters alone, per URL)\n",
        );
    }
    out
}

fn counts_json(c: Counts, n: usize) -> Value {
    json!({
        "allocs": c.allocs,
        "reallocs": c.reallocs,
        "bytes": c.bytes,
        "per_call": {
            "allocs": per(c.allocs, n),
            "reallocs": per(c.reallocs, n),
            "bytes": per(c.bytes, n),
        }
    })
}

pub fn json(r: &Report) -> String {
    let results: Vec<Value> = r
        .rows
        .iter()
        .map(|x| {
            json!({
                "bench": x.bench,
                "dataset": x.dataset,
                "lib": x.lib,
                "inputs": x.units,
                "bytes": x.bytes,
                "passes_per_measurement": x.passes,
                "ok": x.ok,
                "skipped": x.skipped,
                "ns_per_input": x.ns_per_unit,
                "ns_per_byte": x.ns_per_unit.map(|ns| ns * x.units as f64 / x.bytes.max(1) as f64),
                "mb_per_s": x.mb_per_s,
                "ratio_to_ada": x.ratio_to_ada,
                "clone_ns_per_input": x.clone_ns_per_unit,
                "rounds_ns_per_input": x.rounds_ns_per_unit,
            })
        })
        .collect();
    let allocs: Vec<Value> = r
        .allocs
        .iter()
        .map(|a| {
            let s = &a.stats;
            json!({
                "dataset": a.dataset,
                "lib": a.lib,
                "inputs": s.inputs,
                "parse_ok": s.parse_ok,
                "parse_ok_counts": counts_json(s.parse_ok_counts, s.parse_ok),
                "parse_err": s.parse_err,
                "parse_err_counts": counts_json(s.parse_err_counts, s.parse_err),
                "parse_base_ok": s.base_ok,
                "parse_base_ok_counts": counts_json(s.base_ok_counts, s.base_ok),
                "can_parse_counts": counts_json(s.can_parse_counts, s.inputs),
                "setters_urls": s.setters_urls,
                "setters_counts": counts_json(s.setters_counts, s.setters_urls),
                "clone_counts": counts_json(s.clone_counts, s.setters_urls),
            })
        })
        .collect();
    let datasets: Vec<Value> = r
        .datasets
        .iter()
        .map(|(n, i, b)| json!({"name": n, "inputs": i, "bytes": b}))
        .collect();
    let v = json!({
        "rounds": r.rounds,
        "quick": r.quick,
        "min_bytes_per_measurement": r.min_bytes,
        "cpu": r.cpu,
        "logical_cpus": r.cpus,
        "datasets": datasets,
        "results": results,
        "allocs": allocs,
    });
    serde_json::to_string_pretty(&v).expect("JSON")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_aligns() {
        let t = table(
            &["a", "num"],
            &[
                vec!["xyz".into(), "1".into()],
                vec!["q".into(), "1234".into()],
            ],
            1,
        );
        assert_eq!(t, "a     num\n---  ----\nxyz     1\nq    1234\n");
    }

    #[test]
    fn helpers() {
        assert_eq!(opt(Some(1.23456), 2), "1.23");
        assert_eq!(opt(None, 2), "-");
        assert_eq!(opt(Some(f64::NAN), 2), "-");
        assert_eq!(
            spread(&[Some(9.0), Some(10.0), None, Some(11.0)]),
            Some(20.0)
        );
        assert_eq!(per(3, 2), Some(1.5));
        assert_eq!(per(3, 0), None);
        assert_eq!(size_label(1_000), "1K");
        assert_eq!(size_label(100_000), "100K");
        assert_eq!(size_label(1_000_000), "1M");
    }
}
