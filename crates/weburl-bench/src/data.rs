//! Datasets: the URL lists in `data/`, the optional `userbait` list from the shared folder,
//! the WPT `urltestdata.json` inputs, and generated hostile inputs.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use weburl_testkit::hostile::{self, Shape};

/// The URL-list files shipped in `data/` (name = file name without `.txt`).
pub const FILE_DATASETS: [&str; 4] = ["isaacs_files", "node_files", "kasztp", "web_links"];

/// Hostile input shapes, in report order.
pub const HOSTILE_KINDS: [HostileKind; 4] = [
    HostileKind::Dots,
    HostileKind::Idna,
    HostileKind::Ipv6,
    HostileKind::Percent,
];

/// Hostile input sizes in bytes, with their labels.
pub const HOSTILE_SIZES: [(usize, &str); 4] = [
    (1_000, "1K"),
    (10_000, "10K"),
    (100_000, "100K"),
    (1_000_000, "1M"),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostileKind {
    /// `http://h/` + `a/../` repeated: dot-segment removal.
    Dots,
    /// `http://` + `ü.` repeated + `com/`: every label goes through IDNA / Punycode.
    Idna,
    /// `http://[1:2:3:4:5:6:7:8]/` + `abc/` repeated: IPv6 host then a long path.
    Ipv6,
    /// `http://h/?` + `%41` repeated: a long query of percent-escapes.
    Percent,
}

impl HostileKind {
    pub fn name(self) -> &'static str {
        match self {
            HostileKind::Dots => "dots",
            HostileKind::Idna => "idna",
            HostileKind::Ipv6 => "ipv6",
            HostileKind::Percent => "percent",
        }
    }

    /// The shape (prefix, unit, suffix) in `weburl-testkit`'s catalogue.
    pub fn shape(self) -> Shape {
        match self {
            HostileKind::Dots => hostile::DOTS,
            HostileKind::Idna => hostile::IDNA,
            HostileKind::Ipv6 => hostile::IPV6_PATH,
            HostileKind::Percent => hostile::PERCENT_ESCAPES,
        }
    }
}

/// One hostile URL of `kind`, as long as possible without exceeding `size` bytes.
pub fn hostile_input(kind: HostileKind, size: usize) -> String {
    kind.shape().build(size)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A URL list (one per line).
    File,
    /// The WPT `urltestdata.json` inputs.
    Wpt,
    /// One generated hostile URL.
    Hostile(HostileKind, usize),
}

/// A named list of inputs. The strings are leaked: the process lives as long as they do.
pub struct Dataset {
    pub name: String,
    pub source: Source,
    pub lines: Vec<&'static str>,
    /// Sum of the input lengths in bytes (line terminators excluded).
    pub bytes: usize,
}

impl Dataset {
    pub fn new(name: impl Into<String>, source: Source, lines: Vec<&'static str>) -> Dataset {
        let bytes = lines.iter().map(|l| l.len()).sum();
        Dataset {
            name: name.into(),
            source,
            lines,
            bytes,
        }
    }

    /// Keeps only the first `n` inputs (for `--quick`).
    pub fn truncate(&mut self, n: usize) {
        self.lines.truncate(n);
        self.bytes = self.lines.iter().map(|l| l.len()).sum();
    }
}

/// Splits a URL list: on `\n`, dropping one trailing `\r` per line, and leaving out empty
/// lines. Nothing else is touched (a leading BOM stays part of the first line).
pub fn split_lines(text: &str) -> Vec<&str> {
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.is_empty())
        .collect()
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `crates/weburl-bench/data`.
pub fn default_data_dir() -> PathBuf {
    manifest_dir().join("data")
}

/// `../shared/bench-data/userbait.txt` relative to the workspace root.
pub fn userbait_path() -> PathBuf {
    manifest_dir().join("../../../shared/bench-data/userbait.txt")
}

/// `crates/weburl/tests/data/wpt/urltestdata.json`.
pub fn wpt_path() -> PathBuf {
    weburl_testkit::wpt::path("urltestdata.json")
}

fn read_utf8(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| format!("{}: not UTF-8: {e}", path.display()))
}

/// Loads one URL-list file.
pub fn load_file(name: &str, path: &Path) -> Result<Dataset, String> {
    let text = leak(read_utf8(path)?);
    Ok(Dataset::new(name, Source::File, split_lines(text)))
}

/// The `input` strings of the object entries of a `urltestdata.json` text (comments, which
/// are plain strings, are skipped; so are empty inputs, like empty lines in the URL lists).
pub use weburl_testkit::wpt::url_inputs as wpt_inputs;

/// Loads the WPT dataset.
pub fn load_wpt(path: &Path) -> Result<Dataset, String> {
    let text = read_utf8(path)?;
    let inputs = wpt_inputs(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Dataset::new(
        "wpt",
        Source::Wpt,
        inputs.into_iter().map(leak).collect(),
    ))
}

/// The hostile datasets: one input each, named `KIND-SIZE` (e.g. `dots-1M`), kinds in
/// [`HOSTILE_KINDS`] order and sizes ascending within a kind, up to `max_size` bytes.
pub fn hostile_datasets(max_size: usize) -> Vec<Dataset> {
    let mut out = Vec::new();
    for kind in HOSTILE_KINDS {
        for (size, label) in HOSTILE_SIZES {
            if size > max_size {
                continue;
            }
            let mut name = String::new();
            let _ = write!(name, "{}-{label}", kind.name());
            let input = leak(hostile_input(kind, size));
            out.push(Dataset::new(name, Source::Hostile(kind, size), vec![input]));
        }
    }
    out
}

/// All non-hostile datasets: the files in `data_dir`, userbait when present, and wpt.
/// Missing optional data is reported on stderr and skipped.
pub fn load_all(data_dir: &Path) -> Result<Vec<Dataset>, String> {
    let mut out = Vec::new();
    for name in FILE_DATASETS {
        out.push(load_file(name, &data_dir.join(format!("{name}.txt")))?);
    }
    let userbait = userbait_path();
    if userbait.exists() {
        out.push(load_file("userbait", &userbait)?);
    } else {
        eprintln!(
            "note: {} not found; skipping the userbait dataset",
            userbait.display()
        );
    }
    out.push(load_wpt(&wpt_path())?);
    Ok(out)
}

/// Loads one dataset by name (for the `one` subcommand).
pub fn load_named(name: &str, data_dir: &Path) -> Result<Dataset, String> {
    if FILE_DATASETS.contains(&name) {
        return load_file(name, &data_dir.join(format!("{name}.txt")));
    }
    match name {
        "userbait" => load_file(name, &userbait_path()),
        "wpt" => load_wpt(&wpt_path()),
        _ => {
            // `KIND-SIZE`: generate just that one.
            for kind in HOSTILE_KINDS {
                for (size, label) in HOSTILE_SIZES {
                    if name
                        .strip_prefix(kind.name())
                        .and_then(|r| r.strip_prefix('-'))
                        == Some(label)
                    {
                        let input = leak(hostile_input(kind, size));
                        return Ok(Dataset::new(name, Source::Hostile(kind, size), vec![input]));
                    }
                }
            }
            Err(format!(
                "unknown dataset {name:?} (see `weburl-bench list`)"
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_lines_rules() {
        assert_eq!(split_lines("a\nb\r\n\r\n\nc"), vec!["a", "b", "c"]);
        assert_eq!(split_lines("a\n"), vec!["a"]);
        assert_eq!(split_lines(""), Vec::<&str>::new());
        // Only one trailing CR is stripped; inner CRs and a BOM stay.
        assert_eq!(split_lines("x\r\r\ny\rz"), vec!["x\r", "y\rz"]);
        assert_eq!(
            split_lines("\u{feff}http://a/\n"),
            vec!["\u{feff}http://a/"]
        );
    }

    #[test]
    fn hostile_inputs_have_the_right_shape() {
        for kind in HOSTILE_KINDS {
            for (size, _) in HOSTILE_SIZES {
                let s = hostile_input(kind, size);
                assert!(s.len() <= size, "{kind:?} {size}");
                assert!(s.len() + 8 > size, "{kind:?} {size}: {}", s.len());
                assert!(s.starts_with("http"));
            }
        }
        assert_eq!(hostile_input(HostileKind::Dots, 19), "http://h/a/../a/../");
        assert_eq!(hostile_input(HostileKind::Idna, 17), "http://ü.ü.com/");
        assert_eq!(hostile_input(HostileKind::Percent, 16), "http://h/?%41%41");
        let names: Vec<String> = hostile_datasets(10_000)
            .into_iter()
            .map(|d| d.name)
            .collect();
        assert_eq!(
            names,
            [
                "dots-1K",
                "dots-10K",
                "idna-1K",
                "idna-10K",
                "ipv6-1K",
                "ipv6-10K",
                "percent-1K",
                "percent-10K"
            ]
        );
    }

    #[test]
    fn wpt_inputs_take_object_inputs() {
        let json = r#"["comment", {"input": "http://a/", "base": null},
            {"input": "", "base": "http://b/"}, {"input": "x\uD800", "failure": true},
            {"noinput": 1}]"#;
        assert_eq!(wpt_inputs(json).unwrap(), vec!["http://a/", "x\u{fffd}"]);
    }

    #[test]
    fn load_named_hostile() {
        let d = load_named("ipv6-10K", Path::new("/nonexistent")).unwrap();
        assert_eq!(d.source, Source::Hostile(HostileKind::Ipv6, 10_000));
        assert_eq!(
            d.lines,
            vec![hostile_input(HostileKind::Ipv6, 10_000).as_str()]
        );
        assert!(load_named("ipv6-2K", Path::new("/nonexistent")).is_err());
        assert!(load_named("nope", Path::new("/nonexistent")).is_err());
    }

    #[test]
    fn dataset_bytes() {
        let mut d = Dataset::new("t", Source::File, vec!["ab", "cde"]);
        assert_eq!(d.bytes, 5);
        d.truncate(1);
        assert_eq!((d.lines.len(), d.bytes), (1, 2));
    }
}
