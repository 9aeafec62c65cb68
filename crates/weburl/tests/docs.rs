//! The documentation against the code: statements in README.md, CHANGELOG.md and docs/*.md
//! that can be checked mechanically, checked here so that a change that makes one false fails.
//! (The Rust examples of README.md, docs/MIGRATING-FROM-URL.md and docs/SECURITY.md run as doc
//! tests of the library; the command-line examples of README.md and docs/CLI.md run in
//! weburl-cli's tests, the Python examples of README.md and docs/ in the Python package's.)

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// README.md and every docs/*.md, by path from the workspace root.
fn docs() -> Vec<(String, String)> {
    let mut paths = vec!["README.md".to_owned()];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") {
            paths.push(format!("docs/{name}"));
        }
    }
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = read(&p);
            (p, text)
        })
        .collect()
}

/// The files of the project that hold prose a reader sees (docs, comments), skipping build
/// output, test data and fuzz inputs.
fn prose_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            let name = entry.file_name().into_string().unwrap_or_default();
            if entry.file_type().unwrap().is_dir() {
                let skip = name.starts_with('.') && name != ".ci"
                    || matches!(
                        name.as_str(),
                        "target"
                            | "data"
                            | "seeds"
                            | "regressions"
                            | "corpus"
                            | "artifacts"
                            | "coverage"
                            | "node_modules"
                            | "__pycache__"
                    );
                if !skip {
                    walk(&path, out);
                }
            } else if ["rs", "md", "py", "pyi", "sh", "toml", "mjs"]
                .iter()
                .any(|ext| name.ends_with(&format!(".{ext}")))
                || name == "run"
            {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root(), &mut files);
    files.sort();
    files
}

/// The features that `crate_dir`'s Cargo.toml turns on for its `weburl` dependency (not a
/// dev-dependency), or `None` when it has no such dependency.
fn weburl_features(crate_dir: &str) -> Option<BTreeSet<String>> {
    let manifest = read(&format!("{crate_dir}/Cargo.toml"));
    let deps = &manifest[manifest.find("[dependencies]")?..];
    let deps = &deps[..deps[1..].find("\n[").map_or(deps.len(), |i| i + 1)];
    let line = deps.lines().find(|l| l.starts_with("weburl = "))?;
    Some(match line.find("features = [") {
        None => BTreeSet::new(),
        Some(i) => {
            let list = &line[i + "features = [".len()..];
            list[..list.find(']').unwrap()]
                .split(',')
                .map(|f| f.trim().trim_matches('"').to_owned())
                .filter(|f| !f.is_empty())
                .collect()
        }
    })
}

/// The `code` spans of a piece of Markdown.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// Every `cargo run|build|test ... --example NAME` in the docs, in the library's source
/// comments and in the examples names each feature the example requires
/// (`required-features` in its package's Cargo.toml): without them cargo refuses to build it.
#[test]
fn example_commands_name_the_required_features() {
    let mut texts = docs();
    for path in prose_files() {
        if path.extension().is_some_and(|e| e == "rs" || e == "sh")
            && !path.ends_with("tests/docs.rs")
        {
            let text = std::fs::read_to_string(&path).unwrap();
            texts.push((path.display().to_string(), text));
        }
    }
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (path, text) in &texts {
        for line in text.lines() {
            let Some(start) = line.find("cargo ") else {
                continue;
            };
            let command: Vec<&str> = line[start..]
                .split(['`', '\'', '"', ')', ';', '#'])
                .next()
                .unwrap()
                .split_whitespace()
                .collect();
            let arg = |flag: &str| {
                command
                    .iter()
                    .position(|w| *w == flag)
                    .and_then(|i| command.get(i + 1).copied())
            };
            let Some(example) = arg("--example") else {
                continue;
            };
            if command.contains(&"--all-features") || example.starts_with(['<', '$']) {
                continue;
            }
            let package = arg("-p").unwrap_or("weburl");
            let dir = package
                .strip_prefix("weburl")
                .map(|rest| format!("crates/weburl{rest}"));
            let Some(dir) = dir.filter(|d| root().join(d).join("Cargo.toml").exists()) else {
                wrong.push(format!(
                    "{path}: `{}`: no package {package}",
                    command.join(" ")
                ));
                continue;
            };
            let manifest = read(&format!("{dir}/Cargo.toml"));
            let mut required = Vec::new();
            for block in manifest.split("[[example]]").skip(1) {
                let block = &block[..block.find("\n[").unwrap_or(block.len())];
                if !block.contains(&format!("name = \"{example}\"")) {
                    continue;
                }
                if let Some(i) = block.find("required-features = [") {
                    let list = &block[i + "required-features = [".len()..];
                    required.extend(
                        list[..list.find(']').unwrap()]
                            .split(',')
                            .map(|f| f.trim().trim_matches('"').to_owned())
                            .filter(|f| !f.is_empty()),
                    );
                }
            }
            if !root()
                .join(&dir)
                .join(format!("examples/{example}.rs"))
                .exists()
                && !manifest.contains(&format!("name = \"{example}\""))
            {
                wrong.push(format!(
                    "{path}: `{}`: no example {example}",
                    command.join(" ")
                ));
                continue;
            }
            let features: BTreeSet<&str> = arg("--features")
                .or(arg("-F"))
                .map(|f| f.split(',').collect())
                .unwrap_or_default();
            for feature in &required {
                if !features.contains(feature.as_str()) {
                    wrong.push(format!(
                        "{path}: `{}`: the example needs `--features {}`",
                        command.join(" "),
                        required.join(",")
                    ));
                    break;
                }
            }
            checked += 1;
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(checked >= 3, "only {checked} example commands found");
}

/// docs/ARCHITECTURE.md's table of crates says with which features each uses the library
/// (`—` before any parenthesis: no `weburl` dependency); README.md says the same in a
/// sentence. Both must be what the manifests say.
#[test]
fn the_features_each_crate_turns_on_are_the_documented_ones() {
    let architecture = read("docs/ARCHITECTURE.md");
    let mut rows = 0;
    for line in architecture.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | crate | what | for crates.io | uses weburl with |
        if cells.len() != 6 || !cells[1].starts_with('`') || cells[1] == "`crates/weburl`" {
            continue;
        }
        let dir = cells[1].trim_matches('`').trim_end_matches('/').to_owned();
        if !root().join(&dir).join("Cargo.toml").exists() {
            continue;
        }
        // The features are the code spans before any parenthesis.
        let named = cells[4].split('(').next().unwrap();
        let documented: BTreeSet<String> =
            code_spans(named).into_iter().map(str::to_owned).collect();
        let documented = (named.trim() != "—").then_some(documented);
        assert_eq!(
            documented,
            weburl_features(&dir),
            "docs/ARCHITECTURE.md, the row of {dir}: {line}"
        );
        rows += 1;
    }
    assert!(
        rows >= 5,
        "{rows} rows of docs/ARCHITECTURE.md's crate table"
    );

    // "The CLI turns on all four; the Python package `document`, ...; the DataFusion
    // functions `legacy`".
    let readme = read("README.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let start = readme
        .find("The CLI turns on")
        .expect("README.md says which features the CLI turns on");
    let sentence = &readme[start..start + readme[start..].find(" (").unwrap()];
    let all_four: BTreeSet<String> = ["serde", "document", "legacy", "policy"]
        .map(String::from)
        .into();
    let mut said = 0;
    for part in sentence.split(';') {
        let dir = if part.contains("CLI") {
            "crates/weburl-cli"
        } else if part.contains("Python") {
            "crates/weburl-py"
        } else if part.contains("DataFusion") {
            "crates/weburl-datafusion"
        } else {
            panic!("README.md: which crate is \"{part}\"?")
        };
        let documented: BTreeSet<String> = if part.contains("all four") {
            all_four.clone()
        } else {
            code_spans(part).into_iter().map(str::to_owned).collect()
        };
        assert_eq!(
            Some(documented),
            weburl_features(dir),
            "README.md: \"{part}\""
        );
        said += 1;
    }
    assert_eq!(said, 3, "README.md: {sentence}");
}

/// Every page of docs/ named anywhere in the project, and every path of the repository that
/// the docs name in a code span, exists.
#[test]
fn named_paths_exist() {
    let mut missing = Vec::new();
    for path in prose_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("docs/") {
            let name: String = rest[i..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_' | '.'))
                .collect();
            let name = name.trim_end_matches('.');
            let preceded = rest[..i].chars().next_back();
            if name.ends_with(".md")
                && !preceded.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                && !root().join(name).exists()
                && !name.contains("/design/")
            {
                missing.push(format!("{}: {name}", path.display()));
            }
            rest = &rest[i + 5..];
        }
    }
    // Paths in code spans of the docs. Paths under git-ignored directories, and ones with a
    // placeholder (`<target>`, `*`), are not checked.
    for (doc, text) in docs() {
        for span in code_spans(&text) {
            let is_path = ["crates/", "scripts/", "fuzz/", "examples/", "docs/", ".ci/"]
                .iter()
                .any(|p| span.starts_with(p));
            if !is_path || span.contains([' ', '<', '*', '{']) {
                continue;
            }
            if ["fuzz/corpus/", "fuzz/artifacts/", "fuzz/coverage/"]
                .iter()
                .any(|p| span.starts_with(p))
            {
                continue;
            }
            let path = span.split(['#', ':']).next().unwrap();
            if !root().join(path).exists() {
                missing.push(format!("{doc}: `{span}`"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "named but missing:\n{}",
        missing.join("\n")
    );
}

/// No internal issue numbers ("issue 20", "issue-16") in the docs, the CHANGELOG or the
/// code's comments: a reader who was not there cannot look them up. (Other projects' issues
/// are named with their project and `#`: "surt issue #20".)
#[test]
fn no_internal_issue_numbers() {
    let mut found = Vec::new();
    for path in prose_files() {
        if path.ends_with("tests/docs.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_ascii_lowercase();
            let mut rest = lower.as_str();
            while let Some(i) = rest.find("issue") {
                let after = rest[i + 5..].strip_prefix('s').unwrap_or(&rest[i + 5..]);
                let mut chars = after.chars();
                let numbered = matches!(chars.next(), Some(' ' | '-' | '_'))
                    && chars.next().is_some_and(|c| c.is_ascii_digit());
                let before = &rest[..i];
                let the_issue = before.ends_with("the ") || before.ends_with("this ");
                // `issue_197` names a test of the `url` crate, ported with its name.
                if (numbered && !after.starts_with('_')) || the_issue {
                    found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                    break;
                }
                rest = &rest[i + 5..];
            }
        }
    }
    assert!(
        found.is_empty(),
        "internal issue references:\n{}",
        found.join("\n")
    );
}

/// CHANGELOG.md: for each version (`## Unreleased` first), at most one each of `### Added`,
/// `### Changed` and `### Fixed`, in that order, and no other heading.
#[test]
fn changelog_is_added_changed_fixed_per_version() {
    let changelog = read("CHANGELOG.md");
    let mut versions = Vec::new();
    let mut sections: Vec<&str> = Vec::new();
    for line in changelog.lines() {
        if let Some(version) = line.strip_prefix("## ") {
            versions.push(version);
            sections.clear();
        } else if let Some(section) = line.strip_prefix("### ") {
            let version = versions.last().expect("a section before the first version");
            let order = ["Added", "Changed", "Fixed"];
            let Some(rank) = order.iter().position(|s| *s == section) else {
                panic!("CHANGELOG.md, {version}: section \"{section}\" (Added, Changed, Fixed)");
            };
            assert!(
                sections
                    .last()
                    .is_none_or(|last| order.iter().position(|s| s == last).unwrap() < rank),
                "CHANGELOG.md, {version}: \"{section}\" after {sections:?}"
            );
            sections.push(section);
        } else if line.starts_with('#') && !line.starts_with("# ") {
            panic!("CHANGELOG.md: heading {line}");
        }
    }
    assert_eq!(versions.first(), Some(&"Unreleased"), "CHANGELOG.md");
}

/// docs/MIGRATING-FROM-URL.md's rows that give "none" for an item of the `url` crate: weburl
/// has no public function of that name.
#[test]
fn migrating_guide_nones_are_absent() {
    let guide = read("docs/MIGRATING-FROM-URL.md");
    let mut sources = String::new();
    for path in prose_files() {
        let s = path.to_string_lossy();
        if s.contains("crates/weburl/src/") && s.ends_with(".rs") {
            sources.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let mut checked = 0;
    for line in guide.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 4 || !cells[2].starts_with("none") {
            continue;
        }
        for span in code_spans(cells[1]) {
            let name = span.trim_start_matches("url.");
            let name = name.split(['(', ' ', ':']).next().unwrap();
            if name.chars().next().is_some_and(|c| c.is_ascii_lowercase()) {
                assert!(
                    !sources.contains(&format!("pub fn {name}(")),
                    "docs/MIGRATING-FROM-URL.md says weburl has no `{name}`, but it does: {line}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 3, "{checked} names checked");
}

/// The README's speed ratios against ada are the ranges of docs/PERFORMANCE.md's current
/// in-process table (`| benchmark | weburl / ada, by dataset (...) | range |`), and each range
/// is the lowest and highest ratio of its row, to two decimals.
#[test]
fn readme_ratios_are_performance_table_ranges() {
    let performance = read("docs/PERFORMANCE.md");
    let history = performance
        .find("\n## History")
        .unwrap_or(performance.len());
    let mut ranges = std::collections::BTreeMap::new();
    for line in performance[..history].lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() != 5 || !cells[1].starts_with('`') {
            continue;
        }
        let ratios: Vec<f64> = cells[2]
            .split(", ")
            .map(|r| r.parse::<f64>())
            .collect::<Result<_, _>>()
            .unwrap_or_default();
        if ratios.len() < 5 {
            continue;
        }
        let min = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let max = ratios.iter().copied().fold(0.0, f64::max);
        let range = format!("{min:.2}-{max:.2}");
        assert_eq!(cells[3], range, "docs/PERFORMANCE.md: {line}");
        let bench = cells[1].split('`').nth(1).unwrap().to_owned();
        assert!(
            ranges.insert(bench.clone(), range).is_none(),
            "docs/PERFORMANCE.md: two current rows for {bench}"
        );
    }
    let readme = read("README.md")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for (bench, said) in [
        ("parse_href", "parse + href takes {} of ada's time"),
        ("can_parse", "`can_parse` {}"),
    ] {
        let range = ranges
            .get(bench)
            .unwrap_or_else(|| panic!("docs/PERFORMANCE.md has no current {bench} row"));
        let said = said.replace("{}", range);
        assert!(readme.contains(&said), "README.md should say \"{said}\"");
    }
}

/// The heading anchors of a Markdown page, as GitHub makes them: the heading's text in
/// lowercase, with spaces turned into `-` and every other character that is not a letter, a
/// digit, `-` or `_` left out (a second heading with the same anchor gets `-1`, and so on).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        if fenced {
            continue;
        }
        let heading = heading.trim_start_matches('#').trim();
        let slug: String = heading
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_lowercase().next()?),
                _ => None,
            })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *n == 0 {
            slug.clone()
        } else {
            format!("{slug}-{n}")
        });
        *n += 1;
    }
    out
}

/// The targets of a Markdown page's inline links and images (`[text](target)`), outside
/// code blocks and code spans.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans are not links.
        let prose: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = prose.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].trim().to_owned());
            rest = &after[end..];
        }
    }
    targets
}

/// Every relative link of README.md, CHANGELOG.md and docs/*.md leads to a file of this
/// repository (not outside it, as a link to the specs' checkout beside it would), and a link
/// with a `#fragment` to a Markdown page leads to one of its headings.
#[test]
fn relative_links_resolve_inside_the_repository() {
    let root = root().canonicalize().unwrap();
    let mut pages = docs();
    pages.push(("CHANGELOG.md".to_owned(), read("CHANGELOG.md")));
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (page, text) in &pages {
        for target in link_targets(text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                root.join(page)
            } else {
                root.join(page).parent().unwrap().join(path)
            };
            let Ok(file) = file.canonicalize() else {
                wrong.push(format!("{page}: ({target}): no such file"));
                continue;
            };
            if !file.starts_with(&root) {
                wrong.push(format!("{page}: ({target}): outside the repository"));
                continue;
            }
            if !fragment.is_empty() && file.extension().is_some_and(|e| e == "md") {
                let target_text = std::fs::read_to_string(&file).unwrap();
                if !anchors(&target_text).contains(fragment) {
                    wrong.push(format!("{page}: ({target}): no heading #{fragment}"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "links that lead nowhere:\n{}",
        wrong.join("\n")
    );
    assert!(checked >= 30, "only {checked} relative links found");
}

#[test]
fn anchors_are_githubs() {
    let page = "# URL patterns\n## Regular expression groups, and what they cost\n```sh\n# not a heading\n```\n## `weburl match`: routes\n## Hosts\n## Hosts\n";
    let found = anchors(page);
    let expected: BTreeSet<String> = [
        "url-patterns",
        "regular-expression-groups-and-what-they-cost",
        "weburl-match-routes",
        "hosts",
        "hosts-1",
    ]
    .map(String::from)
    .into();
    assert_eq!(found, expected);
    assert_eq!(
        link_targets("see [a](x.md#b), `[not](a link)`, ![img](p.png)\n```\n[no](code)\n```"),
        ["x.md#b", "p.png"]
    );
}

/// docs/URLPATTERN.md's "Ordering: the most specific match" names the components in the order
/// of `BEST_MATCH_ORDER` (the first time the section names each), and says which comes first.
#[cfg(feature = "pattern")]
#[test]
fn urlpattern_best_match_section_lists_the_order() {
    let page = read("docs/URLPATTERN.md");
    let start = page
        .find("## Ordering: the most specific match")
        .expect("the section");
    let section = &page[start + 3..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    let names: Vec<&str> = (weburl::pattern::BEST_MATCH_ORDER.iter())
        .map(|c| c.name())
        .collect();
    let mut named: Vec<&str> = Vec::new();
    for quoted in section.split('`').skip(1).step_by(2) {
        if names.contains(&quoted) && !named.contains(&quoted) {
            named.push(quoted);
        }
    }
    assert_eq!(named, names);
    assert!(section.contains(&format!("1. `{}`", names[0])));
    assert!(section.contains(&format!("2. `{}`", names[1])));
}
