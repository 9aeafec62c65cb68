//! `weburl-bench domain`: the registrable domain of every domain host of the bench lists, by
//! weburl (on a parsed `Url`, and on the host string with `weburl::psl::List`), the `psl` crate
//! (the list compiled into a match tree) and the `publicsuffix` crate (the list read at run
//! time into a hash-map tree), interleaved in rounds as the main benchmark is.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use publicsuffix::Psl as _;
use weburl::psl::{List, Sections};

use crate::data;
use crate::stats;

/// Each measurement covers at least this many lookups.
const MIN_LOOKUPS: usize = 1 << 20;

#[derive(Debug, Clone, PartialEq)]
pub struct DomainOptions {
    pub rounds: usize,
    /// Print the hosts on which a crate's answer differs from weburl's.
    pub show_differences: bool,
    pub data_dir: PathBuf,
    /// Measure only this contender (its short name, e.g. for a run under callgrind).
    pub only: Option<String>,
    /// Measure only this set (a list's name, or `all`).
    pub set: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Contender {
    /// `Url::registrable_domain()` on parsed URLs.
    WeburlUrl,
    /// `List::registrable_domain(host)` on the hosts' strings.
    WeburlHost,
    /// `psl::domain(host)`.
    Psl,
    /// `publicsuffix::List::domain(host)`.
    Publicsuffix,
    /// No lookup: each URL's hostname read (its first and last byte), the memory floor.
    Baseline,
}

impl Contender {
    const ALL: [Contender; 5] = [
        Contender::WeburlUrl,
        Contender::WeburlHost,
        Contender::Psl,
        Contender::Publicsuffix,
        Contender::Baseline,
    ];

    /// The short name `--only` takes.
    fn short(self) -> &'static str {
        match self {
            Contender::WeburlUrl => "weburl",
            Contender::WeburlHost => "weburl-host",
            Contender::Psl => "psl",
            Contender::Publicsuffix => "publicsuffix",
            Contender::Baseline => "baseline",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Contender::WeburlUrl => "weburl Url::registrable_domain",
            Contender::WeburlHost => "weburl List::registrable_domain(&str)",
            Contender::Psl => "psl crate (psl::domain)",
            Contender::Publicsuffix => "publicsuffix crate (List::domain)",
            Contender::Baseline => "baseline: read each hostname, no lookup",
        }
    }
}

/// Mixes an answer into the checksum the loops return (so nothing is optimized away).
#[inline(always)]
fn fold(sum: usize, answer: Option<&[u8]>) -> usize {
    sum.wrapping_add(answer.map_or(1, |d| d.len() ^ (d.as_ptr() as usize)))
}

#[inline(never)]
fn run_weburl_url(urls: &[weburl::Url]) -> usize {
    urls.iter().fold(0, |s, u| {
        fold(s, black_box(u).registrable_domain().map(str::as_bytes))
    })
}

#[inline(never)]
fn run_weburl_host(list: &List, hosts: &[&str]) -> usize {
    hosts.iter().fold(0, |s, h| {
        fold(
            s,
            list.registrable_domain(black_box(h), Sections::All)
                .map(str::as_bytes),
        )
    })
}

#[inline(never)]
fn run_baseline(urls: &[weburl::Url]) -> usize {
    urls.iter().fold(0, |s, u| {
        let h = black_box(u).hostname().as_bytes();
        s.wrapping_add(usize::from(h[0]) ^ usize::from(h[h.len() - 1]))
    })
}

#[inline(never)]
fn run_psl(hosts: &[&str]) -> usize {
    hosts.iter().fold(0, |s, h| {
        fold(
            s,
            psl::domain(black_box(h).as_bytes()).map(|d| d.as_bytes()),
        )
    })
}

#[inline(never)]
fn run_publicsuffix(list: &publicsuffix::List, hosts: &[&str]) -> usize {
    hosts.iter().fold(0, |s, h| {
        fold(
            s,
            list.domain(black_box(h).as_bytes()).map(|d| d.as_bytes()),
        )
    })
}

struct Set {
    name: String,
    urls: Vec<weburl::Url>,
}

pub fn main(opts: &DomainOptions) -> Result<(), String> {
    let datasets = data::load_all(&opts.data_dir)?;
    let mut sets = Vec::new();
    let mut all = Vec::new();
    for d in &datasets {
        let urls: Vec<weburl::Url> = d
            .lines
            .iter()
            .filter_map(|l| weburl::Url::parse(l).ok())
            .filter(|u| u.domain().is_some())
            .collect();
        if urls.is_empty() {
            eprintln!("note: {}: no URL with a domain host; skipped", d.name);
            continue;
        }
        all.extend(urls.iter().cloned());
        sets.push(Set {
            name: d.name.clone(),
            urls,
        });
    }
    sets.push(Set {
        name: "all".into(),
        urls: all,
    });
    if let Some(only) = &opts.only
        && !Contender::ALL.iter().any(|c| c.short() == only)
    {
        return Err(format!(
            "--only {only:?}: not one of weburl, weburl-host, psl, publicsuffix, baseline"
        ));
    }
    if let Some(name) = &opts.set {
        sets.retain(|s| &s.name == name);
        if sets.is_empty() {
            return Err(format!(
                "--set {name:?}: no such list (or no domain host in it)"
            ));
        }
    }

    // Built outside the timed region: weburl's table, publicsuffix's tree (from the same
    // list text weburl embeds; the psl crate carries its own copy of the list).
    let started = Instant::now();
    let list = List::embedded();
    let table_ms = started.elapsed().as_secs_f64() * 1e3;
    let started = Instant::now();
    let ps_list: publicsuffix::List = include_str!("../../weburl/data/public_suffix_list.dat")
        .parse()
        .map_err(|e| format!("publicsuffix: {e:?}"))?;
    let ps_ms = started.elapsed().as_secs_f64() * 1e3;

    let (cpu, cpus) = crate::run::machine();
    println!(
        "registrable domain lookups: {cpu} ({cpus} CPUs), {} rounds",
        opts.rounds
    );
    println!(
        "weburl's table built in {table_ms:.2} ms (first use); publicsuffix's in {ps_ms:.2} ms; \
         the list of {}",
        weburl::psl::LIST_VERSION
    );
    for set in &sets {
        let hosts: Vec<&str> = set.urls.iter().map(|u| u.hostname()).collect();
        // Agreement with weburl (the spec's answer) on these hosts.
        let (mut psl_differs, mut ps_differs) = (0, 0);
        for (u, h) in set.urls.iter().zip(&hosts) {
            let ours = u.registrable_domain().map(str::as_bytes);
            let theirs = psl::domain(h.as_bytes()).map(|d| d.as_bytes());
            if theirs != ours {
                psl_differs += 1;
                if opts.show_differences && set.name != "all" {
                    println!(
                        "  psl: {h}: {:?}, weburl {:?}",
                        theirs.map(String::from_utf8_lossy),
                        ours.map(String::from_utf8_lossy)
                    );
                }
            }
            let theirs = ps_list.domain(h.as_bytes()).map(|d| d.as_bytes());
            if theirs != ours {
                ps_differs += 1;
                if opts.show_differences && set.name != "all" {
                    println!(
                        "  publicsuffix: {h}: {:?}, weburl {:?}",
                        theirs.map(String::from_utf8_lossy),
                        ours.map(String::from_utf8_lossy)
                    );
                }
            }
        }
        let passes = if opts.rounds == 0 {
            0
        } else {
            MIN_LOOKUPS.div_ceil(hosts.len())
        };
        let mut ns: [Vec<f64>; 5] = Default::default();
        for round in 0..=opts.rounds {
            let mut order = Contender::ALL;
            order.rotate_left(round % Contender::ALL.len());
            for c in order {
                if opts.only.as_deref().is_some_and(|only| only != c.short()) {
                    continue;
                }
                let start = Instant::now();
                let mut sum = 0;
                for _ in 0..passes {
                    sum ^= match c {
                        Contender::WeburlUrl => run_weburl_url(&set.urls),
                        Contender::WeburlHost => run_weburl_host(list, &hosts),
                        Contender::Psl => run_psl(&hosts),
                        Contender::Publicsuffix => run_publicsuffix(&ps_list, &hosts),
                        Contender::Baseline => run_baseline(&set.urls),
                    };
                }
                black_box(sum);
                let per_lookup = start.elapsed().as_nanos() as f64 / (passes * hosts.len()) as f64;
                if round > 0 {
                    ns[Contender::ALL.iter().position(|&x| x == c).unwrap_or(0)].push(per_lookup);
                }
            }
        }
        println!(
            "\n{}: {} hosts ({} distinct), {passes} passes a measurement; differs from weburl: \
             psl {psl_differs}, publicsuffix {ps_differs}",
            set.name,
            hosts.len(),
            {
                let mut d = hosts.clone();
                d.sort_unstable();
                d.dedup();
                d.len()
            }
        );
        for (i, c) in Contender::ALL.iter().enumerate() {
            if ns[i].is_empty() {
                continue;
            }
            let median = stats::median(&ns[i]).unwrap_or(f64::NAN);
            let (lo, hi) = ns[i]
                .iter()
                .fold((f64::INFINITY, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
            println!(
                "  {:<40} {median:7.1} ns/lookup (min {lo:.1}, max {hi:.1})",
                c.name()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use publicsuffix::Psl as _;

    /// The three agree on a punycode host under an IDN rule (`公司.cn` is `xn--55qx5d.cn`):
    /// the crates know the rules' ASCII forms too.
    #[test]
    fn idn_rules_and_punycode_hosts() {
        let host = "shishi.xn--55qx5d.cn";
        let ours =
            weburl::psl::List::embedded().registrable_domain(host, weburl::psl::Sections::All);
        assert_eq!(ours, Some(host));
        let psl = psl::domain(host.as_bytes()).map(|d| d.as_bytes().to_vec());
        assert_eq!(psl.as_deref(), Some(host.as_bytes()));
        let list: publicsuffix::List = include_str!("../../weburl/data/public_suffix_list.dat")
            .parse()
            .unwrap();
        let ps = list.domain(host.as_bytes()).map(|d| d.as_bytes().to_vec());
        assert_eq!(ps.as_deref(), Some(host.as_bytes()));
    }
}
