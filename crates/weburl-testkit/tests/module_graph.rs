//! The module graph of every crate of the workspace: which top-level module uses which, read
//! from the source (`crate::m`, `super::m` that leads to the crate root, and names the crate
//! root re-exports from a module). A circle between top-level modules fails the test, except
//! the one the URL Standard itself has: the URL record's methods (`url`) run the basic URL
//! parser (`parser`), which writes into a URL record.
//!
//! A module's own children (`pattern/compare.rs` using `super::UrlPattern`) are one node with
//! it: the graph is of the modules a crate's root declares.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The circles that are allowed, each as its sorted list of modules, by crate directory.
const ALLOWED: &[(&str, &[&str])] = &[("crates/weburl", &["parser", "url"])];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every crate of the repository with a `src/` folder: `crates/*` and `fuzz`.
fn crate_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    dirs.push(root().join("fuzz"));
    dirs.sort();
    dirs
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source without comments and string literals (so that a path in a doc comment or a
/// message is not a use).
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let ident_before = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |e| i + 2 + e + 2);
            }
            // A raw string: r"...", r#"..."#, br#"..."#.
            b'r' if !ident_before
                || (i > 0
                    && bytes[i - 1] == b'b'
                    && (i < 2 || !bytes[i - 2].is_ascii_alphanumeric())) =>
            {
                let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
                if bytes.get(i + 1 + hashes) == Some(&b'"') {
                    let close = format!("\"{}", "#".repeat(hashes));
                    let body = i + 2 + hashes;
                    i = text[body..]
                        .find(&close)
                        .map_or(bytes.len(), |e| body + e + close.len());
                    out.push_str("\"\"");
                } else {
                    out.push('r');
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("\"\"");
            }
            // A char or byte literal ('a', '\n', '\'', '\u{7f}'); a lifetime is left alone.
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => {
                i += 3;
                while i < bytes.len() && bytes[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            }
            b'\'' if text[i + 1..].chars().nth(1) == Some('\'') => {
                i += 1 + text[i + 1..].chars().next().map_or(0, char::len_utf8) + 1;
            }
            _ => {
                let c = text[i..].chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// The paths a source names: every `a::b::c` run of identifiers, with `use` lists expanded
/// (`use crate::{a, b::c}` names `crate::a` and `crate::b::c`).
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = (chars[i].is_alphabetic() || chars[i] == '_')
            && (i == 0
                || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_' || chars[i - 1] == ':'));
        if !starts {
            i += 1;
            continue;
        }
        let (path, next) = read_path(&chars, i, Vec::new(), &mut out);
        if path.len() > 1 {
            out.push(path);
        }
        i = next.max(i + 1);
    }
    out
}

/// Reads `ident(::ident)*` from `i`, with a `::{...}` list expanded into `out`; returns the
/// path and the position after it.
fn read_path(
    chars: &[char],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> (Vec<String>, usize) {
    loop {
        let start = i;
        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i == start {
            return (prefix, i);
        }
        prefix.push(chars[start..i].iter().collect());
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
            while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                i += 1;
            }
            if chars.get(i) == Some(&'{') {
                i += 1;
                loop {
                    while chars.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                        i += 1;
                    }
                    if i >= chars.len() || chars[i] == '}' {
                        return (Vec::new(), i + 1);
                    }
                    let (inner, next) = read_path(chars, i, prefix.clone(), out);
                    if inner.len() > prefix.len() {
                        out.push(inner);
                    }
                    // `a as b`, `*`, or anything else up to the next comma or brace.
                    i = next.max(i + 1);
                    while i < chars.len() && chars[i] != ',' && chars[i] != '}' {
                        i += 1;
                    }
                }
            }
            continue;
        }
        return (prefix, i);
    }
}

/// One crate's graph: each top-level module and the top-level modules it uses.
fn graph(crate_dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let src = crate_dir.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    // The top-level modules: files and folders right under src/ (bin/ targets are crate
    // roots of their own and are left out).
    let mut modules = BTreeSet::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if !matches!(name.as_str(), "lib" | "main" | "bin") {
            modules.insert(name);
        }
    }
    // Names the crate root re-exports from a module (`pub use url::Url;`).
    let mut reexports: BTreeMap<String, String> = BTreeMap::new();
    for root_file in ["lib.rs", "main.rs"] {
        let Ok(text) = std::fs::read_to_string(src.join(root_file)) else {
            continue;
        };
        for path in paths(&code_only(&text)) {
            if let [first, .., last] = path.as_slice()
                && modules.contains(first)
            {
                reexports
                    .entry(last.clone())
                    .or_insert_with(|| first.clone());
            }
        }
    }
    let mut edges: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_owned();
        if !modules.contains(&module) {
            continue;
        }
        // How many `super::` lead from this file to the crate root.
        let depth =
            rel.components().count() - usize::from(rel.file_name().is_some_and(|n| n == "mod.rs"));
        let code = code_only(&std::fs::read_to_string(&file).unwrap());
        for path in paths(&code) {
            let target = match path.first().map(String::as_str) {
                Some("crate") => path.get(1),
                Some("super") => {
                    let supers = path.iter().take_while(|s| *s == "super").count();
                    if supers == depth {
                        path.get(supers)
                    } else {
                        None
                    }
                }
                _ => None,
            };
            let Some(target) = target else { continue };
            let target = if modules.contains(target) {
                target.clone()
            } else if let Some(m) = reexports.get(target) {
                m.clone()
            } else {
                continue;
            };
            if target != module {
                edges.get_mut(&module).unwrap().insert(target);
            }
        }
    }
    edges
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in &s.edges[v] {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack.remove(w);
                component.push(w.to_owned());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

#[test]
fn no_crate_has_an_import_circle() {
    let mut found = Vec::new();
    let mut modules = 0;
    for dir in crate_dirs() {
        let name = dir
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let edges = graph(&dir);
        modules += edges.len();
        // `MODULE_GRAPH=1 cargo test -p weburl-testkit --test module_graph -- --nocapture`
        // prints every crate's graph.
        if std::env::var_os("MODULE_GRAPH").is_some() {
            println!("{name}");
            for (module, uses) in &edges {
                let uses: Vec<&str> = uses.iter().map(String::as_str).collect();
                println!("  {module} -> {}", uses.join(", "));
            }
        }
        for circle in circles(&edges) {
            let allowed = ALLOWED.iter().any(|(c, m)| {
                *c == name && circle.iter().map(String::as_str).eq(m.iter().copied())
            });
            if !allowed {
                let uses: Vec<String> = circle
                    .iter()
                    .map(|m| {
                        let inside: Vec<&str> = edges[m]
                            .iter()
                            .filter(|t| circle.contains(t))
                            .map(String::as_str)
                            .collect();
                        format!("{m} -> {}", inside.join(", "))
                    })
                    .collect();
                found.push(format!(
                    "{name}: {} ({})",
                    circle.join(" <-> "),
                    uses.join("; ")
                ));
            }
        }
    }
    assert!(modules > 50, "only {modules} modules found");
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_reader_finds_uses_and_circles() {
    let code = code_only(
        "use crate::{a::X, b::{c, d as e}};\n// crate::z\nlet s = \"crate::y\";\nsuper::f::g();\nlet c = '\"'; crate::h::i();\nlet q = '\\''; let r = r#\"a \"crate::y\" b\"#; fn f<'a>(x: &'a str) { crate::j::k(); }",
    );
    let found: Vec<String> = paths(&code).iter().map(|p| p.join("::")).collect();
    for want in [
        "crate::a::X",
        "crate::b::c",
        "crate::b::d",
        "super::f::g",
        "crate::h::i",
        "crate::j::k",
    ] {
        assert!(found.contains(&want.to_owned()), "{want} in {found:?}");
    }
    assert!(
        !found.iter().any(|p| p.contains('z') || p.contains('y')),
        "{found:?}"
    );

    let edges: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(circles(&edges), [vec!["a", "b", "c"]]);
}
