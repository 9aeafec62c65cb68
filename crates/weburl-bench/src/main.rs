//! `weburl-bench`: weburl against ada (the `ada-url` crate, ada's C++ compiled by `cc`) and the
//! `url` crate, measured interleaved in one process. See docs/PERFORMANCE.md.

mod ada_pattern;
mod alloc;
mod c_api;
mod cli;
mod data;
mod diff;
mod document_stream;
mod domain;
mod libs;
mod linearity;
mod pattern;
mod redos;
mod report;
mod run;
mod stats;

use std::path::PathBuf;
use std::process::ExitCode;

#[global_allocator]
static GLOBAL: alloc::Counting = alloc::Counting;

const USAGE: &str = "\
usage: weburl-bench [--rounds N] [--filter SUBSTRING] [--quick] [--json] [--data-dir DIR]
       weburl-bench one --lib weburl|ada|url|none --bench BENCH --dataset NAME [--passes N]
       weburl-bench list
       weburl-bench cli [--rounds N] [--min-mb MB] [--scaling-lines N] [--no-scaling]
                        [--no-pin] [--cachegrind] [--weburl PATH] [--data-dir DIR]
       weburl-bench diff [--count N] [--seed S] [--start I] [--out FILE] [--summary FILE]
                         [--threads T] [--examples K] [--known FILE]
       weburl-bench diff --input URL|--input-json JSON-STRING [--base BASE]
       weburl-bench diff --fill-known DRAFT
       weburl-bench domain [--rounds N] [--show-differences] [--only CONTENDER]
                           [--set LIST] [--data-dir DIR]
       weburl-bench pattern [--rounds N]
       weburl-bench redos [--rounds N] [--cap-ms MS]
       weburl-bench linearity [--sizes N,N,...] [--family SUBSTRING] [--shard K/N]
       weburl-bench c [--rounds N] [--lib PATH] [--only BENCH] [--data-dir DIR]
       weburl-bench document-stream [--mb N] [--policy auto|defer|reresolve] [--retain N]

The first form runs every benchmark (parse_href, parse_base, can_parse, setters, hostile) on
every dataset, interleaving the three libraries, and prints a table (or JSON with --json).
--filter keeps the cells whose \"BENCH/DATASET\" (or \"allocs/DATASET\") contains SUBSTRING.
--quick: 3 rounds, the first 2000 inputs of each dataset, hostile inputs up to 100 KB.

`one` runs exactly the given number of passes (default 1) of one library, for instruction
counting under valgrind (BENCH: parse_href, parse_base, can_parse, hostile; `--lib none`
only reads the dataset, as a baseline). `list` prints the dataset names.

`c` loads the C library (`libweburl.so` next to this executable, or --lib PATH; build it
with `cargo build --release -p weburl-c`) and times parse + href and can_parse through its
ada_* functions against ada's own C API, with weburl's Rust API beside them, on every
dataset, and weburl_pattern_exec against UrlPattern::exec on the GitHub routes; N rounds
(default 9) interleaved; --only keeps the benchmarks whose name contains BENCH.

`cli` runs `weburl parse --threads 1` (the CLI binary: `weburl` next to this executable, or
--weburl PATH; build it with `cargo build --release -p weburl-cli`), `weburl-normalize` (the
same loop on the bare library), `ada-normalize` and `url-normalize` (src/bin/) over each URL
list repeated to at least --min-mb MB (default 32), stdin from the file and stdout to
/dev/null, pinned to CPU 0 with taskset (unless --no-pin), N rounds (default 5) interleaved;
then `weburl parse --threads 1` against `--threads 2` on all lists concatenated to at least
--scaling-lines lines (default 1000000). Times are wall (spawn to exit) and the child's CPU
time; --cachegrind adds instructions per URL (valgrind) over one copy of each list.

`diff` compares weburl, ada and the url crate on N generated cases (default 100000) of seed S
(default 1), starting at case I (default 0), on T threads (default: all cores): href or
failure, every getter, and the origin. It prints the disagreements grouped by signature, with
K shrunk examples each (default 3), marking the signatures missing from the known list
(default data/known-disagreements.jsonl); --out writes every disagreement as a JSON line,
--summary the grouped summary as JSON. `diff --input` prints one input's disagreement record
and the same for its shrunk form, as JSON lines (or `agree`), and the known classes of its
signature on stderr; --input-json takes the input as a JSON string (for inputs with NUL);
BASE is one of the generator's bases, or its index. `diff --fill-known` completes a draft
list of known disagreements (class, wrong, input, base, verdict) with their signatures and
the libraries' current results. See docs/RELIABILITY.md.

`domain` measures the registrable domain of every URL with a domain host in the bench lists
(each list, then all together): weburl's `Url::registrable_domain()` on parsed URLs and
`psl::List::registrable_domain` on the host strings, beside the `psl` and `publicsuffix`
crates on the same host strings, N rounds (default 7) interleaved, with how many answers of
each crate differ from weburl's (--show-differences lists them). --only CONTENDER (weburl,
weburl-host, psl, publicsuffix, baseline) and --set LIST (a list's name, or all) narrow the run,
e.g. to count one contender's instructions under callgrind.

`pattern` measures URL patterns (weburl::pattern) on the GitHub REST API routes
(data/github-routes.txt) and URLs built from them, N rounds (default 7) interleaved: exec
against Deno's urlpattern crate, a UrlPatternSet of 1,000 path routes against matchit (its
first match and its most specific match), and 1,000 routes against 10. See
docs/PERFORMANCE.md.

`redos` times the classic exponential regular-expression shapes as custom regexp groups
(`https://e.com/:x((?:a*)*b)`, ...) on a 20,000-byte path that does not match: UrlPattern::test
(the linear engine) against regress on the same generated expression, whose input grows
from 8 bytes (by 2 up to 64, then doubling) while one run stays under --cap-ms (default 1000); then shapes
that need backtracking (a lookaround or a backreference around nested quantifiers): UrlPattern::try_test
(the bounded backtracking matcher, default step budget) against regress the same way; then ordinary regexp routes,
the component expression on each engine and the whole exec; N rounds (default 5)
interleaved. See docs/PERFORMANCE.md.

`linearity` runs the work of every hostile family (weburl-testkit's `hostile`: the URL
parser's families and shapes, each href parsed again, pattern constructor strings and init
objects, pattern exec, route sets, route sets of regexp routes, search params) on each case
at size 0 and at each size (default 4608,9216,18432 bytes of the repeated part: above the
4096 bytes up to which the parser writes into a reused buffer), each inside one never-inlined function, and prints one line per run (case index,
family, case, size, input bytes); --family keeps the families whose name contains
SUBSTRING, --shard K/N the cases whose index is K modulo N. scripts/linearity.sh counts the
instructions of each run under callgrind and fails on superlinear growth. See
docs/RELIABILITY.md (\"Linearity, counted\").

`document-stream` extracts the links of a generated HTML page of N MiB (default 50; written
once to the temporary directory) with weburl::document::extract_links, without and with a
<base href> in its head, under the late-base policy (default auto) and retain limit given:
links, seconds, MB/s and the most links held back at once. Peak memory: run it under
/usr/bin/time -v with --mb 5 and --mb 50.";

/// Options of the main (table) mode.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub rounds: usize,
    pub filter: Option<String>,
    pub quick: bool,
    pub json: bool,
    pub data_dir: PathBuf,
}

/// Options of `one`.
#[derive(Debug, Clone, PartialEq)]
pub struct OneOptions {
    /// `None` = the baseline that only reads the inputs.
    pub lib: Option<libs::Lib>,
    pub bench: libs::Bench,
    pub dataset: String,
    pub passes: usize,
    pub data_dir: PathBuf,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Run(Options),
    One(OneOptions),
    List(PathBuf),
    Cli(cli::CliOptions),
    Diff(diff::DiffOptions),
    Domain(domain::DomainOptions),
    Pattern(pattern::PatternOptions),
    Redos(redos::RedosOptions),
    Linearity(linearity::LinearityOptions),
    C(c_api::COptions),
    DocumentStream(document_stream::DocumentStreamOptions),
    Help,
}

fn value<'a>(args: &mut impl Iterator<Item = &'a str>, flag: &str) -> Result<&'a str, String> {
    args.next().ok_or_else(|| format!("{flag} needs a value"))
}

fn number(s: &str, flag: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{flag}: expected a positive integer, got {s:?}")),
    }
}

/// Parses the command line (without the program name).
pub fn parse_args(args: &[String]) -> Result<Command, String> {
    let mut it = args.iter().map(String::as_str).peekable();
    let mut data_dir = data::default_data_dir();
    match it.peek().copied() {
        Some("one") => {
            it.next();
            let (mut lib, mut bench, mut dataset, mut passes) = (None, None, None, 1);
            while let Some(arg) = it.next() {
                match arg {
                    "--lib" => {
                        let v = value(&mut it, arg)?;
                        lib = Some(if v == "none" {
                            None
                        } else {
                            Some(libs::Lib::from_name(v).ok_or(format!("unknown --lib {v:?}"))?)
                        });
                    }
                    "--bench" => {
                        let v = value(&mut it, arg)?;
                        let b =
                            libs::Bench::from_name(v).ok_or(format!("unknown --bench {v:?}"))?;
                        if b == libs::Bench::Setters {
                            return Err(
                                "`one` does not run setters (it needs pre-parsed URLs)".into()
                            );
                        }
                        bench = Some(b);
                    }
                    "--dataset" => dataset = Some(value(&mut it, arg)?.to_owned()),
                    "--passes" => passes = number(value(&mut it, arg)?, arg)?,
                    "--data-dir" => data_dir = PathBuf::from(value(&mut it, arg)?),
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::One(OneOptions {
                lib: lib.ok_or("one: --lib is required")?,
                bench: bench.unwrap_or(libs::Bench::ParseHref),
                dataset: dataset.ok_or("one: --dataset is required")?,
                passes,
                data_dir,
            }))
        }
        Some("cli") => {
            it.next();
            let mut o = cli::CliOptions {
                rounds: 5,
                min_mb: 32,
                scaling_lines: 1_000_000,
                weburl: None,
                pin: true,
                scaling: true,
                cachegrind: false,
                data_dir,
            };
            while let Some(arg) = it.next() {
                match arg {
                    "--rounds" => o.rounds = number(value(&mut it, arg)?, arg)?,
                    "--min-mb" => o.min_mb = number(value(&mut it, arg)?, arg)?,
                    "--scaling-lines" => o.scaling_lines = number(value(&mut it, arg)?, arg)?,
                    "--weburl" => o.weburl = Some(PathBuf::from(value(&mut it, arg)?)),
                    "--no-pin" => o.pin = false,
                    "--no-scaling" => o.scaling = false,
                    "--cachegrind" => o.cachegrind = true,
                    "--data-dir" => o.data_dir = PathBuf::from(value(&mut it, arg)?),
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::Cli(o))
        }
        Some("diff") => {
            it.next();
            let mut o = diff::DiffOptions {
                count: 100_000,
                seed: 1,
                start: 0,
                out: None,
                summary: None,
                threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
                examples: 3,
                known: diff::default_known_path(),
                input: None,
                base: None,
                fill_known: None,
            };
            let u64_of = |s: &str, flag: &str| {
                s.parse::<u64>()
                    .map_err(|_| format!("{flag}: expected an integer, got {s:?}"))
            };
            while let Some(arg) = it.next() {
                match arg {
                    "--count" => o.count = number(value(&mut it, arg)?, arg)? as u64,
                    "--seed" => o.seed = u64_of(value(&mut it, arg)?, arg)?,
                    "--start" => o.start = u64_of(value(&mut it, arg)?, arg)?,
                    "--out" => o.out = Some(PathBuf::from(value(&mut it, arg)?)),
                    "--summary" => o.summary = Some(PathBuf::from(value(&mut it, arg)?)),
                    "--threads" => o.threads = number(value(&mut it, arg)?, arg)?,
                    "--examples" => o.examples = number(value(&mut it, arg)?, arg)?,
                    "--known" => o.known = PathBuf::from(value(&mut it, arg)?),
                    "--input" => o.input = Some(value(&mut it, arg)?.to_owned()),
                    "--input-json" => {
                        let v = value(&mut it, arg)?;
                        o.input = Some(
                            serde_json::from_str::<String>(v)
                                .map_err(|e| format!("--input-json: not a JSON string: {e}"))?,
                        );
                    }
                    "--base" => o.base = Some(value(&mut it, arg)?.to_owned()),
                    "--fill-known" => o.fill_known = Some(PathBuf::from(value(&mut it, arg)?)),
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::Diff(o))
        }
        Some("domain") => {
            it.next();
            let mut o = domain::DomainOptions {
                rounds: 7,
                show_differences: false,
                data_dir,
                only: None,
                set: None,
            };
            while let Some(arg) = it.next() {
                match arg {
                    "--rounds" => o.rounds = number(value(&mut it, arg)?, arg)?,
                    "--show-differences" => o.show_differences = true,
                    "--only" => o.only = Some(value(&mut it, arg)?.to_owned()),
                    "--set" => o.set = Some(value(&mut it, arg)?.to_owned()),
                    "--data-dir" => o.data_dir = PathBuf::from(value(&mut it, arg)?),
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::Domain(o))
        }
        Some("pattern") => {
            it.next();
            let mut o = pattern::PatternOptions { rounds: 7 };
            while let Some(arg) = it.next() {
                match arg {
                    "--rounds" => o.rounds = number(value(&mut it, arg)?, arg)?,
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::Pattern(o))
        }
        Some("redos") => {
            it.next();
            let mut o = redos::RedosOptions {
                rounds: 5,
                cap: std::time::Duration::from_millis(1000),
            };
            while let Some(arg) = it.next() {
                match arg {
                    "--rounds" => o.rounds = number(value(&mut it, arg)?, arg)?,
                    "--cap-ms" => {
                        o.cap = std::time::Duration::from_millis(
                            number(value(&mut it, arg)?, arg)? as u64
                        )
                    }
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::Redos(o))
        }
        Some("linearity") => {
            it.next();
            let mut o = linearity::LinearityOptions {
                sizes: linearity::DEFAULT_SIZES.to_vec(),
                family: None,
                shard: (0, 1),
            };
            while let Some(arg) = it.next() {
                match arg {
                    "--sizes" => {
                        o.sizes = value(&mut it, arg)?
                            .split(',')
                            .map(|s| number(s, arg))
                            .collect::<Result<_, _>>()?
                    }
                    "--family" => o.family = Some(value(&mut it, arg)?.to_owned()),
                    "--shard" => {
                        let v = value(&mut it, arg)?;
                        let parsed = v.split_once('/').and_then(|(k, n)| {
                            Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?))
                        });
                        o.shard = match parsed {
                            Some((k, n)) if k < n => (k, n),
                            _ => {
                                return Err(format!("--shard: expected K/N with K < N, got {v:?}"));
                            }
                        };
                    }
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::Linearity(o))
        }
        Some("c") => {
            it.next();
            let mut o = c_api::COptions {
                rounds: 9,
                lib: None,
                data_dir,
                only: None,
            };
            while let Some(arg) = it.next() {
                match arg {
                    "--rounds" => o.rounds = number(value(&mut it, arg)?, arg)?,
                    "--lib" => o.lib = Some(PathBuf::from(value(&mut it, arg)?)),
                    "--only" => o.only = Some(value(&mut it, arg)?.to_owned()),
                    "--data-dir" => o.data_dir = PathBuf::from(value(&mut it, arg)?),
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::C(o))
        }
        Some("document-stream") => {
            it.next();
            let mut o = document_stream::DocumentStreamOptions::default();
            while let Some(arg) = it.next() {
                match arg {
                    "--mb" => o.megabytes = number(value(&mut it, arg)?, arg)? as u64,
                    "--policy" => o.policy = document_stream::policy(value(&mut it, arg)?)?,
                    "--retain" => {
                        o.retain = value(&mut it, arg)?
                            .parse()
                            .map_err(|_| format!("{arg}: expected a number"))?
                    }
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::DocumentStream(o))
        }
        Some("list") => {
            it.next();
            if let Some(arg) = it.next() {
                if arg != "--data-dir" {
                    return Err(format!("unknown argument {arg:?}"));
                }
                data_dir = PathBuf::from(value(&mut it, arg)?);
            }
            Ok(Command::List(data_dir))
        }
        _ => {
            let (mut rounds, mut filter, mut quick, mut json) = (None, None, false, false);
            while let Some(arg) = it.next() {
                match arg {
                    "--rounds" => rounds = Some(number(value(&mut it, arg)?, arg)?),
                    "--filter" => filter = Some(value(&mut it, arg)?.to_owned()),
                    "--quick" => quick = true,
                    "--json" => json = true,
                    "--data-dir" => data_dir = PathBuf::from(value(&mut it, arg)?),
                    "-h" | "--help" | "help" => return Ok(Command::Help),
                    _ => return Err(format!("unknown argument {arg:?}")),
                }
            }
            Ok(Command::Run(Options {
                rounds: rounds.unwrap_or(if quick { 3 } else { 7 }),
                filter,
                quick,
                json,
                data_dir,
            }))
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match parse_args(&args) {
        Ok(Command::Help) => {
            println!("{USAGE}");
            Ok(())
        }
        Ok(Command::Run(opts)) => run::main(&opts),
        Ok(Command::One(opts)) => run::one(&opts),
        Ok(Command::List(dir)) => run::list(&dir),
        Ok(Command::Cli(opts)) => cli::main(&opts),
        Ok(Command::Diff(opts)) => diff::main(&opts),
        Ok(Command::Domain(opts)) => domain::main(&opts),
        Ok(Command::Pattern(opts)) => pattern::main(&opts),
        Ok(Command::Redos(opts)) => redos::main(&opts),
        Ok(Command::Linearity(opts)) => linearity::main(&opts),
        Ok(Command::C(opts)) => c_api::main(&opts),
        Ok(Command::DocumentStream(opts)) => document_stream::main(&opts),
        Err(e) => Err(format!("{e}\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("weburl-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use libs::{Bench, Lib};

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn parses_document_stream_options() {
        let Command::DocumentStream(o) = parse_args(&args("document-stream")).unwrap() else {
            panic!()
        };
        assert_eq!(o, document_stream::DocumentStreamOptions::default());
        assert_eq!(o.megabytes, 50);
        let Command::DocumentStream(o) =
            parse_args(&args("document-stream --mb 5 --policy defer --retain 0")).unwrap()
        else {
            panic!()
        };
        assert_eq!(
            (o.megabytes, o.policy, o.retain),
            (5, weburl::document::LateBase::Defer, 0)
        );
        assert!(parse_args(&args("document-stream --policy later")).is_err());
        assert!(parse_args(&args("document-stream --mb 0")).is_err());
    }

    #[test]
    fn parses_run_options() {
        let Command::Run(o) = parse_args(&args("")).unwrap() else {
            panic!()
        };
        assert_eq!(
            (o.rounds, o.quick, o.json, o.filter),
            (7, false, false, None)
        );
        let Command::Run(o) = parse_args(&args("--quick --json --filter node")).unwrap() else {
            panic!()
        };
        assert_eq!((o.rounds, o.quick, o.json), (3, true, true));
        assert_eq!(o.filter.as_deref(), Some("node"));
        let Command::Run(o) = parse_args(&args("--quick --rounds 5")).unwrap() else {
            panic!()
        };
        assert_eq!(o.rounds, 5);
        assert!(parse_args(&args("--rounds 0")).is_err());
        assert!(parse_args(&args("--rounds")).is_err());
        assert!(parse_args(&args("--bogus")).is_err());
        assert_eq!(parse_args(&args("--help")).unwrap(), Command::Help);
    }

    #[test]
    fn parses_one() {
        let Command::One(o) = parse_args(&args(
            "one --lib ada --bench can_parse --dataset wpt --passes 3",
        ))
        .unwrap() else {
            panic!()
        };
        assert_eq!(o.lib, Some(Lib::Ada));
        assert_eq!(
            (o.bench, o.dataset.as_str(), o.passes),
            (Bench::CanParse, "wpt", 3)
        );
        let Command::One(o) = parse_args(&args("one --lib none --dataset kasztp")).unwrap() else {
            panic!()
        };
        assert_eq!((o.lib, o.bench), (None, Bench::ParseHref));
        assert!(parse_args(&args("one --lib rust --dataset kasztp")).is_err());
        assert!(parse_args(&args("one --lib url")).is_err());
        assert!(parse_args(&args("one --lib url --dataset x --bench setters")).is_err());
    }

    #[test]
    fn parses_domain() {
        let Command::Domain(o) = parse_args(&args("domain --rounds 3 --show-differences")).unwrap()
        else {
            panic!()
        };
        assert_eq!((o.rounds, o.show_differences), (3, true));
        let Command::Domain(o) = parse_args(&args("domain")).unwrap() else {
            panic!()
        };
        assert_eq!((o.rounds, o.show_differences), (7, false));
        assert_eq!((o.only, o.set), (None, None));
        let Command::Domain(o) = parse_args(&args("domain --only psl --set all")).unwrap() else {
            panic!()
        };
        assert_eq!(
            (o.only.as_deref(), o.set.as_deref()),
            (Some("psl"), Some("all"))
        );
        assert!(parse_args(&args("domain --only")).is_err());
        assert!(parse_args(&args("domain --rounds 0")).is_err());
        assert!(parse_args(&args("domain --nope")).is_err());
    }

    #[test]
    fn parses_cli() {
        let Command::Cli(o) = parse_args(&args("cli")).unwrap() else {
            panic!()
        };
        assert_eq!((o.rounds, o.min_mb, o.pin, o.scaling), (5, 32, true, true));
        let Command::Cli(o) = parse_args(&args(
            "cli --rounds 3 --min-mb 4 --no-pin --no-scaling --weburl /x/weburl",
        ))
        .unwrap() else {
            panic!()
        };
        assert_eq!((o.rounds, o.min_mb, o.pin, o.scaling), (3, 4, false, false));
        assert_eq!(o.weburl, Some(PathBuf::from("/x/weburl")));
        assert!(parse_args(&args("cli --bogus")).is_err());
        assert!(parse_args(&args("cli --rounds 0")).is_err());
    }

    #[test]
    fn parses_diff() {
        let Command::Diff(o) = parse_args(&args("diff")).unwrap() else {
            panic!()
        };
        assert_eq!((o.count, o.seed, o.start, o.examples), (100_000, 1, 0, 3));
        assert_eq!((o.out, o.summary), (None, None));
        let Command::Diff(o) = parse_args(&args(
            "diff --count 5 --seed 0 --start 10 --out o.jsonl --summary s.json --threads 3",
        ))
        .unwrap() else {
            panic!()
        };
        assert_eq!((o.count, o.seed, o.start, o.threads), (5, 0, 10, 3));
        assert_eq!(o.out, Some(PathBuf::from("o.jsonl")));
        assert!(parse_args(&args("diff --count 0")).is_err());
        assert!(parse_args(&args("diff --seed x")).is_err());
    }

    #[test]
    fn lib_order_rotates() {
        assert_eq!(Lib::order(0), [Lib::Weburl, Lib::Ada, Lib::Url]);
        assert_eq!(Lib::order(1), [Lib::Ada, Lib::Url, Lib::Weburl]);
        assert_eq!(Lib::order(2), [Lib::Url, Lib::Weburl, Lib::Ada]);
        assert_eq!(Lib::order(3), Lib::order(0));
        for l in Lib::ALL {
            assert_eq!(Lib::from_name(l.name()), Some(l));
            assert_eq!(Lib::ALL[l.index()], l);
        }
        for b in Bench::ALL {
            assert_eq!(Bench::from_name(b.name()), Some(b));
        }
    }

    #[test]
    fn libraries_agree_on_a_few_inputs() {
        // A smoke test of the loops (tiny inputs; no timing).
        let lines = [
            "https://example.com/x",
            "http://[::1]/",
            "not a url",
            "file:///a/b",
        ];
        let bases = libs::Bases::new();
        for lib in Lib::ALL {
            assert_eq!(
                libs::run_lines(lib, Bench::ParseHref, &lines, &bases),
                3,
                "{lib:?}"
            );
            assert_eq!(
                libs::run_lines(lib, Bench::CanParse, &lines, &bases),
                3,
                "{lib:?}"
            );
            assert_eq!(
                libs::run_lines(lib, Bench::ParseBase, &lines, &bases),
                4,
                "{lib:?}"
            );
        }
        let parsed = libs::Parsed::new(&lines);
        assert_eq!(parsed.len(), 3);
        // file:///a/b takes a host too.
        for lib in Lib::ALL {
            assert_eq!(libs::run_setters(lib, &parsed, false), 3, "{lib:?}");
            assert_eq!(libs::run_setters(lib, &parsed, true), 3, "{lib:?}");
        }
    }

    #[test]
    fn linearity_arguments() {
        let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(
            parse_args(&args(
                "linearity --sizes 10,20,40 --family pattern --shard 1/2"
            )),
            Ok(Command::Linearity(linearity::LinearityOptions {
                sizes: vec![10, 20, 40],
                family: Some("pattern".into()),
                shard: (1, 2),
            }))
        );
        assert!(parse_args(&args("linearity --shard 2/2")).is_err());
        assert!(parse_args(&args("linearity --sizes 10,0")).is_err());
    }
}
