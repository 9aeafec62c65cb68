//! The measuring loop.

use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

use crate::data::{self, Dataset, Source};
use crate::libs::{self, AllocStats, Bases, Bench, Lib, Parsed};
use crate::report::{self, AllocRow, Report, Row};
use crate::stats;
use crate::{OneOptions, Options};

/// One measurement covers at least this many input bytes (one pass for the big files).
const MIN_BYTES: usize = 1 << 20;
const MIN_BYTES_QUICK: usize = 1 << 18;
/// Inputs per dataset with `--quick`.
const QUICK_LINES: usize = 2000;
const QUICK_MAX_HOSTILE: usize = 100_000;
/// A hostile input whose warm-up pass takes longer than this (in ns) is taken as super-linear:
/// the larger sizes of its kind are skipped for that library.
const HOSTILE_LIMIT_NS: f64 = 0.25e9;

/// A (benchmark, dataset) pair.
struct Cell {
    bench: Bench,
    ds: usize,
    passes: usize,
    /// Per library, per measured round: ns per pass (`None`: not measured).
    ns: [Vec<Option<f64>>; 3],
    /// `setters` only: ns per clone-only pass.
    clone_ns: [Vec<Option<f64>>; 3],
    ok: [Option<usize>; 3],
    skipped: [bool; 3],
}

fn selected(filter: Option<&str>, key: &str) -> bool {
    filter.is_none_or(|f| key.contains(f))
}

fn time_passes(passes: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let start = Instant::now();
    let mut ok = 0;
    for _ in 0..passes {
        ok = f();
    }
    (start.elapsed().as_nanos() as f64 / passes as f64, ok)
}

pub fn machine() -> (String, usize) {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned());
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    (model, cpus)
}

pub fn main(opts: &Options) -> Result<(), String> {
    let filter = opts.filter.as_deref();
    let mut datasets = data::load_all(&opts.data_dir)?;
    let min_bytes = if opts.quick {
        MIN_BYTES_QUICK
    } else {
        MIN_BYTES
    };
    if opts.quick {
        for d in &mut datasets {
            d.truncate(QUICK_LINES);
        }
    }
    let n_plain = datasets.len();
    datasets.extend(data::hostile_datasets(if opts.quick {
        QUICK_MAX_HOSTILE
    } else {
        usize::MAX
    }));
    let bases = Bases::new();

    // Cells, in measuring order.
    let mut cells = Vec::new();
    let new_cell = |bench, ds, passes| Cell {
        bench,
        ds,
        passes,
        ns: Default::default(),
        clone_ns: Default::default(),
        ok: [None; 3],
        skipped: [false; 3],
    };
    for bench in [
        Bench::ParseHref,
        Bench::ParseBase,
        Bench::CanParse,
        Bench::Setters,
    ] {
        for (i, d) in datasets[..n_plain].iter().enumerate() {
            if selected(filter, &format!("{}/{}", bench.name(), d.name)) {
                cells.push(new_cell(bench, i, stats::passes_for(d.bytes, min_bytes)));
            }
        }
    }
    for (i, d) in datasets.iter().enumerate().skip(n_plain) {
        if selected(filter, &format!("hostile/{}", d.name)) {
            cells.push(new_cell(
                Bench::Hostile,
                i,
                stats::passes_for(d.bytes, min_bytes),
            ));
        }
    }
    let alloc_sets: Vec<usize> = (0..n_plain)
        .filter(|&i| selected(filter, &format!("allocs/{}", datasets[i].name)))
        .collect();
    if cells.is_empty() && alloc_sets.is_empty() {
        return Err(format!(
            "--filter {:?} selects nothing",
            filter.unwrap_or("")
        ));
    }

    // Pre-parsed URLs for `setters` and the allocation counts (outside any timed region).
    let mut parsed: HashMap<usize, Parsed> = HashMap::new();
    for ds in cells
        .iter()
        .filter(|c| c.bench == Bench::Setters)
        .map(|c| c.ds)
        .chain(alloc_sets.iter().copied())
    {
        parsed
            .entry(ds)
            .or_insert_with(|| Parsed::new(&datasets[ds].lines));
    }

    // Round 0 is a warm-up (not recorded); rounds 1..=N are measured.
    let started = Instant::now();
    for round in 0..=opts.rounds {
        eprint!(
            "\r{} {round}/{} ({:.0} s)   ",
            if round == 0 { "warm-up" } else { "round" },
            opts.rounds,
            started.elapsed().as_secs_f64()
        );
        for ci in 0..cells.len() {
            for lib in Lib::order(round) {
                let li = lib.index();
                let cell = &cells[ci];
                if cell.skipped[li] {
                    if round > 0 {
                        cells[ci].ns[li].push(None);
                    }
                    continue;
                }
                let d = &datasets[cell.ds];
                let (ns, clone_ns, ok) = if cell.bench == Bench::Setters {
                    let p = &parsed[&cell.ds];
                    let (c, _) = time_passes(cell.passes, || libs::run_setters(lib, p, true));
                    let (s, ok) = time_passes(cell.passes, || libs::run_setters(lib, p, false));
                    (s, Some(c), ok)
                } else {
                    let (s, ok) = time_passes(cell.passes, || {
                        libs::run_lines(lib, cell.bench, &d.lines, &bases)
                    });
                    (s, None, ok)
                };
                if round == 0 {
                    if let Source::Hostile(kind, size) = d.source
                        && ns > HOSTILE_LIMIT_NS
                    {
                        for later in &mut cells[ci + 1..] {
                            if matches!(datasets[later.ds].source,
                                Source::Hostile(k, s) if k == kind && s > size)
                            {
                                later.skipped[li] = true;
                            }
                        }
                    }
                    cells[ci].ok[li] = Some(ok);
                    continue;
                }
                let cell = &mut cells[ci];
                cell.ns[li].push(Some(ns));
                cell.clone_ns[li].push(clone_ns);
            }
        }
    }
    eprintln!(
        "\rdone in {:.1} s          ",
        started.elapsed().as_secs_f64()
    );

    // Allocation counts.
    let mut allocs = Vec::new();
    for &ds in &alloc_sets {
        for lib in Lib::ALL {
            let d = &datasets[ds];
            let s: AllocStats = libs::alloc_stats(lib, &d.lines, &bases, &parsed[&ds]);
            allocs.push(AllocRow {
                dataset: d.name.clone(),
                lib: lib.name(),
                stats: s,
            });
        }
    }

    // Rows.
    let mut rows = Vec::new();
    for cell in &cells {
        let d = &datasets[cell.ds];
        let (units, bytes) = if cell.bench == Bench::Setters {
            let p = &parsed[&cell.ds];
            (p.len(), p.bytes)
        } else {
            (d.lines.len(), d.bytes)
        };
        // Per-round ns per unit; for setters, the clone-only time is subtracted per round.
        let per_unit: Vec<Vec<Option<f64>>> = (0..3)
            .map(|li| {
                cell.ns[li]
                    .iter()
                    .enumerate()
                    .map(|(r, t)| {
                        let t = t.as_ref()?;
                        let c = cell.clone_ns[li].get(r).copied().flatten().unwrap_or(0.0);
                        Some((t - c) / units.max(1) as f64)
                    })
                    .collect()
            })
            .collect();
        let ada = &per_unit[Lib::Ada.index()];
        for lib in Lib::ALL {
            let li = lib.index();
            let measured: Vec<f64> = per_unit[li].iter().flatten().copied().collect();
            let ns = stats::median(&measured);
            let clone_ns = if cell.bench == Bench::Setters {
                let c: Vec<f64> = cell.clone_ns[li]
                    .iter()
                    .flatten()
                    .map(|c| c / units.max(1) as f64)
                    .collect();
                stats::median(&c)
            } else {
                None
            };
            rows.push(Row {
                bench: cell.bench.name(),
                dataset: d.name.clone(),
                hostile: match d.source {
                    Source::Hostile(k, s) => Some((k.name(), s)),
                    _ => None,
                },
                lib: lib.name(),
                units,
                bytes,
                passes: cell.passes,
                ok: cell.ok[li],
                skipped: cell.skipped[li],
                ns_per_unit: ns,
                mb_per_s: match (cell.bench, ns) {
                    (Bench::Setters, _) | (_, None) => None,
                    (_, Some(ns)) => Some(stats::mb_per_s(bytes, ns * units as f64)),
                },
                ratio_to_ada: stats::median_ratio(&per_unit[li], ada),
                clone_ns_per_unit: clone_ns,
                rounds_ns_per_unit: per_unit[li].clone(),
            });
        }
    }

    let (cpu, cpus) = machine();
    let report = Report {
        rounds: opts.rounds,
        quick: opts.quick,
        min_bytes,
        cpu,
        cpus,
        datasets: datasets
            .iter()
            .map(|d| (d.name.clone(), d.lines.len(), d.bytes))
            .collect(),
        rows,
        allocs,
    };
    if opts.json {
        println!("{}", report::json(&report));
    } else {
        print!("{}", report::text(&report));
    }
    Ok(())
}

pub fn one(opts: &OneOptions) -> Result<(), String> {
    let d: Dataset = data::load_named(&opts.dataset, &opts.data_dir)?;
    let bases = Bases::new();
    let mut ok = 0;
    for _ in 0..opts.passes {
        ok = match opts.lib {
            None => libs::none_pass(&d.lines),
            Some(lib) => libs::run_lines(lib, opts.bench, &d.lines, &bases),
        };
    }
    println!(
        "lib={} bench={} dataset={} inputs={} bytes={} passes={} ok={ok}",
        opts.lib.map_or("none", Lib::name),
        opts.bench.name(),
        d.name,
        d.lines.len(),
        d.bytes,
        opts.passes
    );
    Ok(())
}

pub fn list(data_dir: &Path) -> Result<(), String> {
    let mut all = data::load_all(data_dir)?;
    all.extend(data::hostile_datasets(usize::MAX));
    for d in all {
        println!(
            "{:<14} {:>7} inputs {:>9} bytes",
            d.name,
            d.lines.len(),
            d.bytes
        );
    }
    Ok(())
}
