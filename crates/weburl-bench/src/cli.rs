//! `weburl-bench cli`: `weburl parse` end to end (standard input to standard output) against
//! line normalizers built the same way on ada and on the `url` crate, and against the same loop
//! on the weburl library without the CLI (`src/bin/*-normalize.rs`); plus `--threads` scaling.
//! See docs/PERFORMANCE.md, "The CLI end to end".

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::data;
use crate::report;
use crate::stats;

/// Options of `cli`.
#[derive(Debug, Clone, PartialEq)]
pub struct CliOptions {
    /// Measured rounds (after one warm-up round).
    pub rounds: usize,
    /// Each dataset is repeated until its input file holds at least this many megabytes.
    pub min_mb: usize,
    /// Lines of the `--threads` scaling input (at least).
    pub scaling_lines: usize,
    /// The `weburl` CLI binary (default: `weburl` next to this executable).
    pub weburl: Option<PathBuf>,
    /// Pin the single-core runs to CPU 0 with `taskset` (when it is there).
    pub pin: bool,
    pub scaling: bool,
    /// Also count instructions with valgrind's cachegrind.
    pub cachegrind: bool,
    pub data_dir: PathBuf,
}

/// The programs compared, in report order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// `weburl parse --threads 1`.
    Cli,
    /// `weburl-normalize`: the same per-line loop on the library, no CLI.
    Bare,
    Ada,
    Url,
}

impl Tool {
    pub const ALL: [Tool; 4] = [Tool::Cli, Tool::Bare, Tool::Ada, Tool::Url];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Cli => "weburl parse",
            Tool::Bare => "weburl-normalize",
            Tool::Ada => "ada-normalize",
            Tool::Url => "url-normalize",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The measuring order in round `round`: [`Tool::ALL`] rotated left by `round`.
    pub fn order(round: usize) -> [Tool; 4] {
        let mut o = Tool::ALL;
        o.rotate_left(round % 4);
        o
    }
}

/// How to run a tool: program and arguments.
struct Programs {
    cli: PathBuf,
    bare: PathBuf,
    ada: PathBuf,
    url: PathBuf,
    taskset: bool,
}

impl Programs {
    fn command(&self, tool: Tool, pin: bool, extra: &[&str]) -> Command {
        let (program, args): (&Path, &[&str]) = match tool {
            Tool::Cli => (&self.cli, &["parse"]),
            Tool::Bare => (&self.bare, &[]),
            Tool::Ada => (&self.ada, &[]),
            Tool::Url => (&self.url, &[]),
        };
        let mut c;
        if pin && self.taskset {
            c = Command::new("taskset");
            c.arg("-c").arg("0").arg(program);
        } else {
            c = Command::new(program);
        }
        c.args(args).args(extra);
        c
    }
}

fn sibling(name: &str) -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
    Ok(exe.with_file_name(name))
}

fn locate(opts: &CliOptions) -> Result<Programs, String> {
    let need = |p: PathBuf, hint: &str| {
        if p.is_file() {
            Ok(p)
        } else {
            Err(format!("{} not found; {hint}", p.display()))
        }
    };
    let bench_hint = "build it with `cargo build --release -p weburl-bench`";
    let taskset = Command::new("taskset")
        .args(["-c", "0", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    Ok(Programs {
        cli: need(
            match &opts.weburl {
                Some(p) => p.clone(),
                None => sibling("weburl")?,
            },
            "build it with `cargo build --release -p weburl-cli` (same CARGO_TARGET_DIR) or \
             pass --weburl PATH",
        )?,
        bare: need(sibling("weburl-normalize")?, bench_hint)?,
        ada: need(sibling("ada-normalize")?, bench_hint)?,
        url: need(sibling("url-normalize")?, bench_hint)?,
        taskset,
    })
}

/// A temporary directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<TempDir, String> {
        let dir = std::env::temp_dir().join(format!("weburl-bench-cli-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(TempDir(dir))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes `lines` (each with a `\n`) `copies` times to `path`; returns the line count.
fn write_repeated(path: &Path, lines: &[&[&str]], copies: usize) -> Result<usize, String> {
    let err = |e: std::io::Error| format!("{}: {e}", path.display());
    let mut w = BufWriter::new(File::create(path).map_err(err)?);
    let mut n = 0;
    for _ in 0..copies {
        for set in lines {
            for l in *set {
                w.write_all(l.as_bytes()).map_err(err)?;
                w.write_all(b"\n").map_err(err)?;
            }
            n += set.len();
        }
    }
    w.flush().map_err(err)?;
    Ok(n)
}

/// The CPU time (user + system, ns) of all waited-for children so far: `getrusage
/// (RUSAGE_CHILDREN)`. `None` where the struct layout is not known here.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn children_cpu_ns() -> Option<f64> {
    #[repr(C)]
    #[derive(Default)]
    struct Timeval {
        sec: i64,
        usec: i64,
    }
    #[repr(C)]
    #[derive(Default)]
    struct Rusage {
        utime: Timeval,
        stime: Timeval,
        rest: [i64; 14],
    }
    unsafe extern "C" {
        fn getrusage(who: i32, usage: *mut Rusage) -> i32;
    }
    const RUSAGE_CHILDREN: i32 = -1;
    let mut r = Rusage::default();
    // SAFETY: `r` is a valid, writable `struct rusage` (Linux, 64-bit: two timevals of two
    // longs, then 14 longs).
    let rc = unsafe { getrusage(RUSAGE_CHILDREN, &mut r) };
    (rc == 0).then(|| {
        let t = |tv: &Timeval| tv.sec as f64 * 1e9 + tv.usec as f64 * 1e3;
        t(&r.utime) + t(&r.stime)
    })
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn children_cpu_ns() -> Option<f64> {
    None
}

/// One run's times in ns: wall (spawn to exit) and CPU (user + system of the child).
#[derive(Clone, Copy, Debug)]
struct Times {
    wall: f64,
    cpu: Option<f64>,
}

/// Runs `cmd` with standard input from `input`, standard output and error to /dev/null.
fn time_run(mut cmd: Command, input: &Path) -> Result<Times, String> {
    let stdin = File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    cmd.stdin(stdin).stdout(Stdio::null()).stderr(Stdio::null());
    let cpu_before = children_cpu_ns();
    let start = Instant::now();
    let status = cmd.status().map_err(|e| format!("{cmd:?}: {e}"))?;
    let wall = start.elapsed().as_nanos() as f64;
    let cpu = match (cpu_before, children_cpu_ns()) {
        (Some(a), Some(b)) => Some(b - a),
        _ => None,
    };
    // Exit status 1 = some line failed (expected on some datasets); anything else is a crash.
    if !matches!(status.code(), Some(0 | 1)) {
        return Err(format!("{cmd:?} exited with {status}"));
    }
    Ok(Times { wall, cpu })
}

/// Runs `cmd` on `input` and returns (its standard output, lines on standard error).
fn capture(mut cmd: Command, input: &Path) -> Result<(Vec<u8>, usize), String> {
    let stdin = File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    cmd.stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().map_err(|e| format!("{cmd:?}: {e}"))?;
    let mut err = child.stderr.take().expect("piped");
    let err_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let mut out = Vec::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_end(&mut out)
        .map_err(|e| e.to_string())?;
    child.wait().map_err(|e| e.to_string())?;
    let err = err_thread.join().unwrap_or_default();
    Ok((out, err.iter().filter(|&&b| b == b'\n').count()))
}

struct Input {
    name: String,
    /// The repeated file, and its line count.
    path: PathBuf,
    lines: usize,
    copies: usize,
    /// One copy (for the output check and cachegrind).
    single: PathBuf,
    single_lines: usize,
    /// Per tool: (output lines, error lines) over one copy.
    ok: [(usize, usize); 4],
    /// Per tool, per round: wall and CPU ns.
    wall: [Vec<Option<f64>>; 4],
    cpu: [Vec<Option<f64>>; 4],
}

/// Millions of lines per second.
fn m_per_s(lines: usize, ns: f64) -> f64 {
    lines as f64 / ns * 1e9 / 1e6
}

fn median_of(rounds: &[Option<f64>]) -> Option<f64> {
    stats::median(&rounds.iter().flatten().copied().collect::<Vec<_>>())
}

fn fmt(v: Option<f64>, decimals: usize) -> String {
    v.map_or("-".into(), |v| format!("{v:.decimals$}"))
}

/// Instructions (cachegrind's "I refs") of one run of `cmd` on `input`.
fn cachegrind_ir(cmd: &Command, input: &Path) -> Result<u64, String> {
    let mut c = Command::new("valgrind");
    c.args([
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
    ]);
    c.arg(cmd.get_program()).args(cmd.get_args());
    let stdin = File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let out = c
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("valgrind: {e}"))?;
    let err = String::from_utf8_lossy(&out.stderr);
    // `==PID== I   refs:      1,234` (valgrind 3.19-3.20) or `==PID== I: 1,234` (3.21+).
    err.lines()
        .find_map(|l| {
            let rest = l.split_once("== I")?.1.trim_start();
            let rest = rest.strip_prefix("refs").unwrap_or(rest).trim_start();
            let n: String = rest
                .strip_prefix(':')?
                .trim()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == ',')
                .filter(char::is_ascii_digit)
                .collect();
            n.parse().ok()
        })
        .ok_or_else(|| format!("no instruction count in valgrind's output: {err}"))
}

pub fn main(opts: &CliOptions) -> Result<(), String> {
    let programs = locate(opts)?;
    let pin = opts.pin && programs.taskset;
    if opts.pin && !programs.taskset {
        eprintln!("note: taskset not available; single-core runs are not pinned");
    }
    let tmp = TempDir::new()?;

    // The datasets (lines as the in-process benchmark reads them), each repeated.
    let mut sets = Vec::new();
    for name in data::FILE_DATASETS {
        sets.push(data::load_file(
            name,
            &opts.data_dir.join(format!("{name}.txt")),
        )?);
    }
    if data::userbait_path().exists() {
        sets.push(data::load_file("userbait", &data::userbait_path())?);
    } else {
        eprintln!("note: userbait not found; skipped");
    }
    let min_bytes = opts.min_mb * 1_000_000;
    let mut inputs = Vec::new();
    for d in &sets {
        let bytes_per_copy = d.bytes + d.lines.len();
        let copies = min_bytes.div_ceil(bytes_per_copy.max(1)).max(1);
        let path = tmp.0.join(format!("{}.txt", d.name));
        let lines = write_repeated(&path, &[&d.lines], copies)?;
        let single = tmp.0.join(format!("{}-1.txt", d.name));
        let single_lines = write_repeated(&single, &[&d.lines], 1)?;
        inputs.push(Input {
            name: d.name.clone(),
            path,
            lines,
            copies,
            single,
            single_lines,
            ok: [(0, 0); 4],
            wall: Default::default(),
            cpu: Default::default(),
        });
    }

    // Check: the CLI and the bare loop write the same bytes; count successes per tool.
    let mut mismatches = Vec::new();
    for inp in &mut inputs {
        let mut cli_out = None;
        for tool in Tool::ALL {
            let (out, errs) = capture(programs.command(tool, false, &[]), &inp.single)?;
            let n = out.iter().filter(|&&b| b == b'\n').count();
            inp.ok[tool.index()] = (n, errs);
            match tool {
                Tool::Cli => cli_out = Some(out),
                Tool::Bare if cli_out.as_deref() != Some(&out[..]) => {
                    mismatches.push(inp.name.clone());
                }
                _ => {}
            }
        }
    }
    if !mismatches.is_empty() {
        return Err(format!(
            "`weburl parse` and weburl-normalize wrote different output on {mismatches:?}"
        ));
    }

    // Startup: each program on empty input.
    let empty = tmp.0.join("empty.txt");
    write_repeated(&empty, &[], 0)?;
    let mut startup = [None; 4];
    for tool in Tool::ALL {
        let mut v = Vec::new();
        for _ in 0..15 {
            v.push(time_run(programs.command(tool, pin, cli_threads(tool, 1)), &empty)?.wall);
        }
        startup[tool.index()] = stats::median(&v);
    }

    // Rounds: round 0 warms up (page cache, binaries), not recorded.
    let started = Instant::now();
    for round in 0..=opts.rounds {
        eprint!(
            "\r{} {round}/{} ({:.0} s)   ",
            if round == 0 { "warm-up" } else { "round" },
            opts.rounds,
            started.elapsed().as_secs_f64()
        );
        for inp in &mut inputs {
            for tool in Tool::order(round) {
                let t = time_run(programs.command(tool, pin, cli_threads(tool, 1)), &inp.path)?;
                if round > 0 {
                    inp.wall[tool.index()].push(Some(t.wall));
                    inp.cpu[tool.index()].push(t.cpu);
                }
            }
        }
    }
    eprintln!(
        "\rdone in {:.1} s          ",
        started.elapsed().as_secs_f64()
    );

    // Scaling: every dataset once, repeated to at least `scaling_lines` lines; not pinned.
    let configs: [(&str, Tool, u32); 3] = [
        ("weburl parse --threads 1", Tool::Cli, 1),
        ("weburl parse --threads 2", Tool::Cli, 2),
        ("weburl-normalize", Tool::Bare, 1),
    ];
    let mut scaling = None;
    if opts.scaling {
        let all: Vec<&[&str]> = sets.iter().map(|d| &d.lines[..]).collect();
        let per_copy: usize = sets.iter().map(|d| d.lines.len()).sum();
        let copies = opts.scaling_lines.div_ceil(per_copy.max(1)).max(1);
        let path = tmp.0.join("scaling.txt");
        let lines = write_repeated(&path, &all, copies)?;
        let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
        let mut wall: [Vec<Option<f64>>; 3] = Default::default();
        let mut cpu: [Vec<Option<f64>>; 3] = Default::default();
        for round in 0..=opts.rounds {
            eprint!("\rscaling {round}/{}   ", opts.rounds);
            for k in 0..3 {
                let i = (k + round) % 3;
                let (_, tool, threads) = configs[i];
                let t = time_run(
                    programs.command(tool, false, cli_threads(tool, threads)),
                    &path,
                )?;
                if round > 0 {
                    wall[i].push(Some(t.wall));
                    cpu[i].push(t.cpu);
                }
            }
        }
        eprintln!();
        scaling = Some((wall, cpu, lines, bytes));
    }

    // Instructions, deterministic (one copy of each dataset, minus the empty-input run).
    let mut instructions: Vec<[Option<f64>; 4]> = Vec::new();
    if opts.cachegrind {
        let mut base = [0u64; 4];
        for tool in Tool::ALL {
            base[tool.index()] =
                cachegrind_ir(&programs.command(tool, false, cli_threads(tool, 1)), &empty)?;
        }
        for inp in &inputs {
            eprint!("\rcachegrind {}          ", inp.name);
            let mut row = [None; 4];
            for tool in Tool::ALL {
                let ir = cachegrind_ir(
                    &programs.command(tool, false, cli_threads(tool, 1)),
                    &inp.single,
                )?;
                row[tool.index()] = Some(
                    ir.saturating_sub(base[tool.index()]) as f64 / inp.single_lines.max(1) as f64,
                );
            }
            instructions.push(row);
        }
        eprintln!();
    }

    // Report.
    let (cpu_model, cpus) = crate::run::machine();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "weburl-bench cli: {} rounds (medians); each run = one process, stdin from a file, \
         stdout and stderr to /dev/null{}; wall = spawn to exit, CPU = the child's user + \
         system time; cpu: {cpu_model} ({cpus} logical cpus)\n",
        opts.rounds,
        if pin {
            ", pinned with `taskset -c 0`"
        } else {
            ", not pinned"
        }
    );
    let mut rows = Vec::new();
    for inp in &inputs {
        for tool in Tool::ALL {
            let i = tool.index();
            let (ok, errs) = inp.ok[i];
            let wall = median_of(&inp.wall[i]);
            let cpu = median_of(&inp.cpu[i]);
            rows.push(vec![
                inp.name.clone(),
                tool.name().to_owned(),
                format!("{}x{}", inp.single_lines, inp.copies),
                format!("{ok}/{}", ok + errs),
                fmt(wall.map(|t| m_per_s(inp.lines, t)), 2),
                fmt(cpu.map(|t| m_per_s(inp.lines, t)), 2),
                fmt(cpu.map(|t| t / inp.lines as f64), 1),
                // This program's time / the CLI's time, per round: > 1 = the CLI is faster.
                fmt(stats::median_ratio(&inp.cpu[i], &inp.cpu[0]), 3),
                fmt(stats::median_ratio(&inp.wall[i], &inp.wall[0]), 3),
                spread(&inp.cpu[i]),
            ]);
        }
    }
    out.push_str(&report::table(
        &[
            "dataset",
            "program",
            "lines x copies",
            "ok",
            "wall MURL/s",
            "CPU MURL/s",
            "CPU ns/URL",
            "CLI speed x (CPU)",
            "(wall)",
            "CPU spread%",
        ],
        &rows,
        2,
    ));
    out.push_str(
        "(MURL/s = millions of input lines per second of the median run; ok = lines written / \
         lines, over one copy; CLI speed x = median over rounds of (this program's time / \
         `weburl parse`'s time in the same round): > 1 means the CLI is faster)\n\n",
    );

    let mut sum_rows = Vec::new();
    for (k, inp) in inputs.iter().enumerate() {
        let both =
            |a: &[Vec<Option<f64>>; 4], b: usize, c: usize| stats::median_ratio(&a[b], &a[c]);
        let pair = |b: usize, c: usize, pct: bool| {
            let show = |x: Option<f64>| match x {
                Some(x) if pct => format!("{:+.1}%", (x - 1.0) * 100.0),
                Some(x) => format!("{x:.2}"),
                None => "-".into(),
            };
            format!(
                "{} ({})",
                show(both(&inp.cpu, b, c)),
                show(both(&inp.wall, b, c))
            )
        };
        let mut row = vec![
            inp.name.clone(),
            pair(Tool::Ada.index(), 0, false),
            pair(Tool::Url.index(), 0, false),
            pair(0, Tool::Bare.index(), true),
        ];
        if let Some(ir) = instructions.get(k) {
            let r = |x: Option<f64>| fmt(x, 0);
            row.push(format!(
                "{} / {} / {} / {}",
                r(ir[0]),
                r(ir[1]),
                r(ir[2]),
                r(ir[3])
            ));
            row.push(match (ir[0], ir[1]) {
                (Some(c), Some(b)) if b > 0.0 => format!("{:+.1}%", (c / b - 1.0) * 100.0),
                _ => "-".into(),
            });
        }
        sum_rows.push(row);
    }
    let mut header = vec![
        "dataset",
        "CLI vs ada: speed x, CPU (wall)",
        "CLI vs url: speed x, CPU (wall)",
        "CLI overhead vs bare loop, CPU (wall)",
    ];
    if !instructions.is_empty() {
        header.push("Ir/URL: CLI / bare / ada / url");
        header.push("CLI overhead (Ir)");
    }
    out.push_str(&report::table(&header, &sum_rows, 1));
    let _ = writeln!(
        out,
        "\nstartup, median wall of 15 runs on empty input: {}",
        Tool::ALL
            .iter()
            .map(|t| format!(
                "{} {} ms",
                t.name(),
                fmt(startup[t.index()].map(|s| s / 1e6), 2)
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if !instructions.is_empty() {
        out.push_str(
            "Ir/URL: cachegrind instructions of one run over one copy of the dataset minus a \
             run on empty input, per line (deterministic)\n",
        );
    }

    if let Some((wall, cpu, lines, bytes)) = scaling {
        let _ = writeln!(
            out,
            "\n--threads scaling: every dataset concatenated, {lines} lines ({:.1} MB), not \
             pinned\n",
            bytes as f64 / 1e6
        );
        let mut rows = Vec::new();
        for (i, (name, _, _)) in configs.iter().enumerate() {
            let w = median_of(&wall[i]);
            let c = median_of(&cpu[i]);
            rows.push(vec![
                name.to_string(),
                fmt(w.map(|t| m_per_s(lines, t)), 2),
                fmt(w.map(|t| t / 1e9), 3),
                fmt(c.map(|t| t / 1e9), 3),
                fmt(stats::median_ratio(&wall[0], &wall[i]), 2),
                spread(&wall[i]),
            ]);
        }
        out.push_str(&report::table(
            &[
                "program",
                "wall MURL/s",
                "wall s",
                "CPU s",
                "speed-up vs --threads 1 (wall)",
                "wall spread%",
            ],
            &rows,
            1,
        ));
    }
    print!("{out}");
    Ok(())
}

/// The `--threads N` arguments of the CLI (none for the normalizers).
fn cli_threads(tool: Tool, n: u32) -> &'static [&'static str] {
    match (tool, n) {
        (Tool::Cli, 1) => &["--threads", "1"],
        (Tool::Cli, _) => &["--threads", "2"],
        _ => &[],
    }
}

fn spread(rounds: &[Option<f64>]) -> String {
    let v: Vec<f64> = rounds.iter().flatten().copied().collect();
    let (Some(med), Some(max), Some(min)) = (
        stats::median(&v),
        v.iter().copied().reduce(f64::max),
        v.iter().copied().reduce(f64::min),
    ) else {
        return "-".into();
    };
    format!("{:.1}", (max - min) / med * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_order_rotates() {
        assert_eq!(Tool::order(0), Tool::ALL);
        assert_eq!(
            Tool::order(1),
            [Tool::Bare, Tool::Ada, Tool::Url, Tool::Cli]
        );
        assert_eq!(Tool::order(4), Tool::ALL);
        for t in Tool::ALL {
            assert_eq!(Tool::ALL[t.index()], t);
        }
    }

    #[test]
    fn repeated_files() {
        let tmp = TempDir::new().unwrap();
        let p = tmp.0.join("t.txt");
        assert_eq!(write_repeated(&p, &[&["a", "b"], &["c"]], 2).unwrap(), 6);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "a\nb\nc\na\nb\nc\n");
        assert_eq!(cli_threads(Tool::Cli, 2), ["--threads", "2"]);
        assert!(cli_threads(Tool::Ada, 2).is_empty());
        assert_eq!(spread(&[Some(9.0), Some(10.0), Some(11.0)]), "20.0");
        assert_eq!(spread(&[None]), "-");
    }
}
