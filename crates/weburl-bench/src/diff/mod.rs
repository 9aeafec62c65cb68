//! `weburl-bench diff`: differential testing of weburl against ada (the `ada-url` crate) and
//! the `url` crate on generated inputs. See docs/RELIABILITY.md, "Differential testing".
//!
//! Every case (an input, with or without a base) goes through the three libraries; when their
//! hrefs (or failures), getters or origins differ, the case is a disagreement, described by a
//! [`Signature`]. The triaged classes, with a representative input each and
//! who is right by the spec, are in `data/known-disagreements.jsonl`.

pub mod compare;
pub mod generate;

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use serde_json::{Value, json};

use compare::{Bases, LIBS, Outcome, Signature, Triple};
use generate::{BASES, Case};

/// Options of `diff`.
#[derive(Debug, Clone, PartialEq)]
pub struct DiffOptions {
    pub count: u64,
    pub seed: u64,
    /// The first case index (a run can be split into index ranges).
    pub start: u64,
    /// Every disagreement as a JSON line.
    pub out: Option<PathBuf>,
    /// The summary (per signature: count, shrunk examples) as JSON.
    pub summary: Option<PathBuf>,
    pub threads: usize,
    /// Shrunk examples per signature in the summary.
    pub examples: usize,
    /// The known-disagreements file, to mark signatures known or new.
    pub known: PathBuf,
    /// Compare this one input (with `base`, one of [`BASES`]) instead of generated ones.
    pub input: Option<String>,
    pub base: Option<String>,
    /// Complete a draft known-disagreements file (see [`fill_known`]).
    pub fill_known: Option<PathBuf>,
}

/// `crates/weburl-bench/data/known-disagreements.jsonl`.
pub fn default_known_path() -> PathBuf {
    crate::data::default_data_dir().join("known-disagreements.jsonl")
}

const CHUNK: u64 = 4096;

/// One disagreement.
pub struct Record {
    pub index: u64,
    pub case: Case,
    pub signature: Signature,
    pub outcomes: Triple,
}

/// A JSON object with its fields in the given order (values already serialized).
fn ordered(fields: &[(&str, String)]) -> String {
    let parts: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}:{v}", Value::String((*k).to_owned())))
        .collect();
    format!("{{{}}}", parts.join(","))
}

fn json_str(s: &str) -> String {
    Value::String(s.to_owned()).to_string()
}

fn json_base(base: Option<usize>) -> String {
    base.map_or("null".to_owned(), |b| json_str(BASES[b]))
}

/// A disagreement as one JSON line: index, signature, input, base, then each library's result.
pub fn record_json(r: &Record) -> String {
    ordered(&[
        ("index", r.index.to_string()),
        ("signature", json_str(&r.signature.to_string())),
        ("input", json_str(&r.case.input)),
        ("base", json_base(r.case.base)),
        ("weburl", r.outcomes[0].to_json_string()),
        ("ada", r.outcomes[1].to_json_string()),
        ("url", r.outcomes[2].to_json_string()),
    ])
}

/// Counts of one run.
#[derive(Debug, Default, Clone)]
pub struct Totals {
    pub cases: u64,
    pub with_base: u64,
    pub disagreements: u64,
    pub disagreements_with_base: u64,
}

/// Runs cases `start..start + count` of `seed` on `threads` threads; `each` sees every
/// disagreement, in index order.
pub fn run_range(
    seed: u64,
    start: u64,
    count: u64,
    threads: usize,
    mut each: impl FnMut(Record),
) -> Totals {
    let chunks = count.div_ceil(CHUNK);
    let next = AtomicU64::new(0);
    let (tx, rx) = mpsc::channel::<(u64, Vec<Record>, u64)>();
    let mut totals = Totals::default();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let bases = Bases::new();
                loop {
                    let chunk = next.fetch_add(1, Ordering::Relaxed);
                    if chunk >= chunks {
                        return;
                    }
                    let from = start + chunk * CHUNK;
                    let to = (from + CHUNK).min(start + count);
                    let mut records = Vec::new();
                    let mut with_base = 0;
                    for index in from..to {
                        let case = generate::case(seed, index);
                        with_base += u64::from(case.base.is_some());
                        if let Some(t) = compare::run_case(&case, &bases) {
                            records.push(Record {
                                index,
                                signature: compare::signature(&case, &t),
                                case,
                                outcomes: t,
                            });
                        }
                    }
                    if tx.send((chunk, records, with_base)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut next_chunk = 0;
        for (chunk, records, with_base) in rx {
            pending.insert(chunk, (records, with_base));
            while let Some((records, with_base)) = pending.remove(&next_chunk) {
                let n = (count - next_chunk * CHUNK).min(CHUNK);
                totals.cases += n;
                totals.with_base += with_base;
                for r in records {
                    totals.disagreements += 1;
                    totals.disagreements_with_base += u64::from(r.case.base.is_some());
                    each(r);
                }
                next_chunk += 1;
            }
        }
    });
    totals
}

/// One entry of the known-disagreements file.
#[derive(Debug, Clone)]
pub struct Known {
    pub class: String,
    pub signature: String,
    /// The libraries that are wrong (by the spec) on this input.
    pub wrong: Vec<String>,
    pub input: String,
    pub base: Option<usize>,
    /// The spec-correct outcome (weburl's).
    pub expected: Outcome,
    /// The recorded (wrong) outcome of each library in `wrong`.
    pub peers: Vec<(String, Outcome)>,
    pub verdict: String,
}

impl Known {
    pub fn case(&self) -> Case {
        Case {
            input: self.input.clone(),
            base: self.base,
        }
    }
}

/// Reads the known-disagreements file (JSON lines; empty lines and lines starting with `//`
/// are skipped).
pub fn load_known(path: &Path) -> Result<Vec<Known>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let err = |e: String| format!("{}:{}: {e}", path.display(), n + 1);
        let v: Value = serde_json::from_str(line).map_err(|e| err(e.to_string()))?;
        let s = |k: &str| -> Result<String, String> {
            v.get(k)
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or_else(|| err(format!("no {k:?}")))
        };
        let base = match v.get("base") {
            None | Some(Value::Null) => None,
            Some(Value::String(b)) => Some(
                BASES
                    .iter()
                    .position(|x| x == b)
                    .ok_or_else(|| err(format!("unknown base {b:?}")))?,
            ),
            Some(_) => return Err(err("base: not a string".into())),
        };
        let wrong: Vec<String> = v
            .get("wrong")
            .and_then(Value::as_array)
            .ok_or_else(|| err("no \"wrong\"".into()))?
            .iter()
            .filter_map(|x| x.as_str().map(str::to_owned))
            .collect();
        let peers_v = v
            .get("peers")
            .and_then(Value::as_object)
            .ok_or_else(|| err("no \"peers\"".into()))?;
        let mut peers = Vec::new();
        for lib in &wrong {
            let o = peers_v
                .get(lib)
                .ok_or_else(|| err(format!("no peers.{lib}")))?;
            peers.push((lib.clone(), Outcome::from_json(o).map_err(err)?));
        }
        out.push(Known {
            class: s("class")?,
            signature: s("signature")?,
            wrong,
            input: s("input")?,
            base,
            expected: Outcome::from_json(
                v.get("expected").ok_or_else(|| err("no expected".into()))?,
            )
            .map_err(err)?,
            peers,
            verdict: s("verdict")?,
        });
    }
    Ok(out)
}

/// The outcome of library `lib` in a triple.
pub fn outcome_of<'a>(t: &'a Triple, lib: &str) -> Option<&'a Outcome> {
    LIBS.iter().position(|l| *l == lib).map(|i| &t[i])
}

/// Checks the known entries against the libraries as built: weburl gives the recorded
/// spec-correct outcome, each named peer still gives its recorded wrong one, and the signature
/// is the recorded one. Returns the problems found (empty: all hold).
pub fn check_known(known: &[Known], bases: &Bases) -> Vec<String> {
    let mut problems = Vec::new();
    for k in known {
        let case = k.case();
        let Some(t) = compare::run_case(&case, bases) else {
            problems.push(format!(
                "{}: the three libraries now agree on {:?} (base {:?}): remove or update it",
                k.class,
                k.input,
                k.base.map(|b| BASES[b])
            ));
            continue;
        };
        if t[0] != k.expected {
            problems.push(format!(
                "{}: weburl gives {} on {:?}, the recorded spec-correct result is {}",
                k.class,
                t[0].short(),
                k.input,
                k.expected.short()
            ));
        }
        for (lib, wrong) in &k.peers {
            match outcome_of(&t, lib) {
                Some(o) if o == wrong => {}
                Some(o) => problems.push(format!(
                    "{}: {lib} no longer gives its recorded result on {:?}: now {} (was {}); \
                     fixed upstream? update the list",
                    k.class,
                    k.input,
                    o.short(),
                    wrong.short()
                )),
                None => problems.push(format!("{}: unknown library {lib}", k.class)),
            }
        }
        let sig = compare::signature(&case, &t).to_string();
        if sig != k.signature {
            problems.push(format!(
                "{}: signature is now {sig:?}, recorded {:?}",
                k.class, k.signature
            ));
        }
    }
    problems
}

struct SigStats {
    count: u64,
    with_base: u64,
    /// The first few cases, in index order.
    examples: Vec<(u64, Case)>,
}

/// The index of `base` in [`BASES`] (or `base` as an index).
fn base_index(base: Option<&str>) -> Result<Option<usize>, String> {
    match base {
        None => Ok(None),
        Some(b) => BASES
            .iter()
            .position(|x| *x == b)
            .or_else(|| b.parse::<usize>().ok().filter(|&i| i < BASES.len()))
            .map(Some)
            .ok_or_else(|| format!("the base must be one of (or an index into) {BASES:?}")),
    }
}

/// `diff --input`: one case, as a disagreement record (JSON line, `"agree"` when the three
/// agree), then the same for its shrunk input.
fn one(input: &str, base: Option<&str>) -> Result<(), String> {
    let case = Case {
        input: input.to_owned(),
        base: base_index(base)?,
    };
    let bases = Bases::new();
    let Some(t) = compare::run_case(&case, &bases) else {
        println!("agree");
        return Ok(());
    };
    let signature = compare::signature(&case, &t);
    // The known classes with this signature, on stderr (stdout is the JSON lines).
    let path = default_known_path();
    if let Ok(known) = load_known(&path) {
        for k in known
            .iter()
            .filter(|k| k.signature == signature.to_string())
        {
            eprintln!("known class {} ({}): {}", k.class, k.input, k.verdict);
        }
    }
    let shrunk = Case {
        input: compare::shrink(&case, &signature, &bases),
        base: case.base,
    };
    let small = compare::run_case(&shrunk, &bases).expect("a shrunk input keeps its signature");
    for (c, t) in [(case, t), (shrunk, small)] {
        let r = Record {
            index: 0,
            signature: compare::signature(&c, &t),
            case: c,
            outcomes: t,
        };
        println!("{}", record_json(&r));
    }
    Ok(())
}

/// `diff --fill-known DRAFT`: completes draft entries (`class`, `wrong`, `input`, `base`,
/// `verdict`) with their `signature`, weburl's outcome as `expected` and each wrong library's
/// outcome in `peers`, as the libraries give them now; prints the entries as JSON lines.
fn fill_known(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bases = Bases::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let err = |e: String| format!("{}:{}: {e}", path.display(), n + 1);
        let v: Value = serde_json::from_str(line).map_err(|e| err(e.to_string()))?;
        let get = |k: &str| v.get(k).cloned().unwrap_or(Value::Null);
        let input = get("input")
            .as_str()
            .ok_or_else(|| err("no input".into()))?
            .to_owned();
        let case = Case {
            input,
            base: base_index(get("base").as_str()).map_err(err)?,
        };
        let t = compare::run_case(&case, &bases)
            .ok_or_else(|| err(format!("the libraries agree on {:?}", case.input)))?;
        let wrong: Vec<String> = get("wrong")
            .as_array()
            .ok_or_else(|| err("no wrong".into()))?
            .iter()
            .filter_map(|x| x.as_str().map(str::to_owned))
            .collect();
        let mut peers = Vec::new();
        for lib in &wrong {
            let o = outcome_of(&t, lib).ok_or_else(|| err(format!("unknown library {lib}")))?;
            peers.push((lib.as_str(), o.to_json_string()));
        }
        let entry = ordered(&[
            ("class", get("class").to_string()),
            (
                "signature",
                json_str(&compare::signature(&case, &t).to_string()),
            ),
            ("wrong", json!(wrong).to_string()),
            ("input", json_str(&case.input)),
            ("base", json_base(case.base)),
            ("expected", t[0].to_json_string()),
            ("peers", ordered(&peers)),
            ("verdict", get("verdict").to_string()),
        ]);
        println!("{entry}");
    }
    Ok(())
}

pub fn main(opts: &DiffOptions) -> Result<(), String> {
    // Panics inside the libraries are caught and recorded; keep their messages off stderr.
    compare::quiet_library_panics();
    if let Some(input) = &opts.input {
        return one(input, opts.base.as_deref());
    }
    if let Some(draft) = &opts.fill_known {
        return fill_known(draft);
    }
    let known = if opts.known.exists() {
        load_known(&opts.known)?
    } else {
        Vec::new()
    };
    let mut known_sigs: HashMap<&str, Vec<&Known>> = HashMap::new();
    for k in &known {
        known_sigs.entry(k.signature.as_str()).or_default().push(k);
    }
    for p in check_known(&known, &Bases::new()) {
        println!("known list: {p}");
    }
    let mut out = match &opts.out {
        Some(p) => Some(BufWriter::new(
            File::create(p).map_err(|e| format!("{}: {e}", p.display()))?,
        )),
        None => None,
    };
    let mut sigs: HashMap<Signature, SigStats> = HashMap::new();
    let mut write_err = None;
    let started = Instant::now();
    let totals = run_range(opts.seed, opts.start, opts.count, opts.threads, |r| {
        if let Some(w) = out.as_mut()
            && write_err.is_none()
            && let Err(e) = writeln!(w, "{}", record_json(&r))
        {
            write_err = Some(e.to_string());
        }
        let s = sigs.entry(r.signature).or_insert(SigStats {
            count: 0,
            with_base: 0,
            examples: Vec::new(),
        });
        s.count += 1;
        s.with_base += u64::from(r.case.base.is_some());
        if s.examples.len() < opts.examples.max(1) {
            s.examples.push((r.index, r.case));
        }
    });
    let elapsed = started.elapsed().as_secs_f64();
    if let Some(e) = write_err {
        return Err(format!("writing the disagreements: {e}"));
    }
    if let Some(mut w) = out {
        w.flush().map_err(|e| e.to_string())?;
    }

    // Summary, largest classes first; examples shrunk.
    let bases = Bases::new();
    let mut list: Vec<(Signature, SigStats)> = sigs.into_iter().collect();
    list.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(&b.0)));
    let mut by_odd: BTreeMap<&str, u64> = BTreeMap::new();
    for (sig, s) in &list {
        *by_odd.entry(sig.odd).or_default() += s.count;
    }
    println!(
        "weburl-bench diff: seed {} cases {}..{} ({} cases, {} with a base, {} without) in {:.1} \
         s on {} threads",
        opts.seed,
        opts.start,
        opts.start + opts.count,
        totals.cases,
        totals.with_base,
        totals.cases - totals.with_base,
        elapsed,
        opts.threads
    );
    println!(
        "disagreements: {} ({:.3}%; {} with a base), {} signatures; odd one out: {}",
        totals.disagreements,
        totals.disagreements as f64 * 100.0 / totals.cases.max(1) as f64,
        totals.disagreements_with_base,
        list.len(),
        by_odd
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut summary = Vec::new();
    let mut unknown = 0;
    for (sig, s) in &list {
        let text = sig.to_string();
        let classes: Vec<&str> = {
            let mut c: Vec<&str> = known_sigs
                .get(text.as_str())
                .map(|ks| ks.iter().map(|k| k.class.as_str()).collect())
                .unwrap_or_default();
            c.dedup();
            c
        };
        let wrong: Vec<&str> = {
            let mut w: Vec<&str> = known_sigs
                .get(text.as_str())
                .map(|ks| {
                    ks.iter()
                        .flat_map(|k| k.wrong.iter().map(String::as_str))
                        .collect()
                })
                .unwrap_or_default();
            w.sort_unstable();
            w.dedup();
            w
        };
        if classes.is_empty() {
            unknown += 1;
        }
        println!(
            "\n{:>9}  {text}  [{}]",
            s.count,
            if classes.is_empty() {
                "NEW: not in the known list".to_owned()
            } else {
                format!("known: {}; wrong: {}", classes.join(", "), wrong.join(", "))
            }
        );
        let mut examples = Vec::new();
        for (index, case) in &s.examples {
            let shrunk = compare::shrink(case, sig, &bases);
            let small = Case {
                input: shrunk.clone(),
                base: case.base,
            };
            let t = compare::run_case(&small, &bases);
            let base = case.base.map(|b| BASES[b]);
            println!(
                "           input {:?} base {:?} (case {index}, shrunk from {:?})",
                shrunk,
                base.unwrap_or("-"),
                case.input
            );
            if let Some(t) = &t {
                for (lib, o) in LIBS.iter().zip(t.iter()) {
                    println!("             {lib:<6} {}", o.short());
                }
            }
            examples.push(json!({
                "index": index,
                "input": case.input,
                "shrunk": shrunk,
                "base": base,
                "outcomes": t.as_ref().map(|t| json!({
                    "weburl": t[0].to_json(), "ada": t[1].to_json(), "url": t[2].to_json()
                })),
            }));
        }
        summary.push(json!({
            "signature": text,
            "count": s.count,
            "with_base": s.with_base,
            "classes": classes,
            "examples": examples,
        }));
    }
    println!("\n{unknown} signature(s) not in {}", opts.known.display());
    if let Some(p) = &opts.summary {
        let v = json!({
            "seed": opts.seed,
            "start": opts.start,
            "cases": totals.cases,
            "with_base": totals.with_base,
            "disagreements": totals.disagreements,
            "disagreements_with_base": totals.disagreements_with_base,
            "seconds": elapsed,
            "threads": opts.threads,
            "signatures": summary,
        });
        std::fs::write(p, serde_json::to_string_pretty(&v).expect("JSON") + "\n")
            .map_err(|e| format!("{}: {e}", p.display()))?;
    }
    Ok(())
}

/// The signatures of the known entries.
#[cfg(test)]
pub fn known_signatures(known: &[Known]) -> std::collections::HashSet<String> {
    known.iter().map(|k| k.signature.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed and size of the test's fresh sample.
    const TEST_SEED: u64 = 20_240_601;
    const TEST_CASES: u64 = 20_000;

    fn known() -> Vec<Known> {
        load_known(&default_known_path()).expect("known-disagreements.jsonl loads")
    }

    #[test]
    fn known_disagreements_stay_true() {
        let known = known();
        assert!(!known.is_empty());
        for k in &known {
            assert!(
                !k.wrong.iter().any(|w| w == "weburl"),
                "{}: weburl is recorded wrong; that is a bug to fix, not a known class",
                k.class
            );
            assert!(!k.verdict.is_empty(), "{}: no verdict", k.class);
        }
        let problems = check_known(&known, &Bases::new());
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn fresh_disagreements_fall_in_known_classes() {
        let sigs = known_signatures(&known());
        let mut unknown: BTreeMap<String, (u64, String)> = BTreeMap::new();
        let totals = run_range(TEST_SEED, 0, TEST_CASES, 2, |r| {
            let s = r.signature.to_string();
            if !sigs.contains(&s) {
                unknown.entry(s).or_insert_with(|| (0, record_json(&r))).0 += 1;
            }
        });
        assert_eq!(totals.cases, TEST_CASES);
        assert!(
            unknown.is_empty(),
            "disagreements outside the known classes (run `weburl-bench diff` and triage):\n{}",
            unknown
                .iter()
                .map(|(s, (n, ex))| format!("{n} x {s}\n  e.g. {ex}"))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    #[test]
    fn run_range_counts_and_orders() {
        let mut indices = Vec::new();
        let t = run_range(7, 100, 9000, 3, |r| indices.push(r.index));
        assert_eq!(t.cases, 9000);
        assert!(t.with_base > 0 && t.with_base < 9000);
        assert!(indices.windows(2).all(|w| w[0] < w[1]));
        assert!(indices.iter().all(|i| (100..9100).contains(i)));
        assert_eq!(t.disagreements, indices.len() as u64);
    }
}
