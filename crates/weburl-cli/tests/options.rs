//! The options every URL-printing subcommand shares: input (`--url-file`, `-`, `--iterate`,
//! `--guess-scheme`), output (`--json`, `--diagram`), `--threads`, `--verify`, errors and
//! colour; and `completions`, `man` and the examples in `--help`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{
    MORE_INFO, NO_BASE, TempFile, bin, data, data_text, ok, on_a_terminal, weburl, weburl_env,
};

/// The subcommands that take the shared options.
const URL_COMMANDS: [&[&str]; 5] = [
    &["parse"],
    &["set"],
    &["resolve", "--base", "http://base.example/dir/"],
    &["join", "http://base.example/dir/"],
    &["normalize"],
];

#[test]
fn json_from_a_url_file() {
    let file = data("urls.txt");
    let run = weburl(
        &["parse", "--json", "--url-file", file.to_str().unwrap()],
        b"",
    );
    // One object per line, the failure's too (and then nothing on standard error).
    assert_eq!(run.stdout, data_text("urls.json"));
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 1);
}

#[test]
fn diagram_from_a_url_file() {
    let file = data("urls.txt");
    let run = weburl(
        &["parse", "--diagram", "--url-file", file.to_str().unwrap()],
        b"",
    );
    assert_eq!(run.stdout, data_text("urls.diagram"));
    assert_eq!(
        run.stderr,
        format!("error: {}, line 3: not a url: {NO_BASE}\n", file.display())
    );
    assert_eq!(run.code, 1);
}

#[test]
fn json_and_diagram_on_every_subcommand() {
    for command in URL_COMMANDS {
        let mut args = command.to_vec();
        args.extend(["--json", "http://h/p?a=b"]);
        assert_eq!(
            ok(&args),
            concat!(
                r#"{"input":"http://h/p?a=b","#,
                r#""href":"http://h/p?a=b","origin":"http://h","protocol":"http:","#,
                r#""username":"","password":"","host":"h","hostname":"h","port":"","#,
                r#""pathname":"/p","search":"?a=b","hash":"","public_suffix":"h","#,
                r#""registrable_domain":null,"subdomain":null,"site":"http://h","#,
                r#""params":[["a","b"]]}"#,
                "\n"
            ),
            "{command:?}"
        );
        let mut args = command.to_vec();
        args.extend(["--diagram", "http://h/p?a=b"]);
        assert_eq!(
            ok(&args),
            concat!(
                "http://h/p?a=b\n",
                "^^^^^           protocol 0..5\n",
                "       ^        hostname 7..8\n",
                "        ^^      pathname 8..10\n",
                "          ^^^^  search   10..14\n",
                "\n"
            ),
            "{command:?}"
        );
    }
}

#[test]
fn url_files_after_arguments_and_stdin_as_dash() {
    let file = data("two.txt");
    let file = file.to_str().unwrap();
    let run = weburl(
        &[
            "parse",
            "http://arg/",
            "--url-file",
            file,
            "--url-file",
            "-",
            "--url-file",
            file,
        ],
        b"http://stdin/\n",
    );
    assert_eq!(
        run.stdout,
        "http://arg/\nhttp://one/\nhttp://two/\nhttp://stdin/\nhttp://one/\nhttp://two/\n"
    );
    assert_eq!(run.code, 0);
    // With a --url-file and no URL argument, standard input is not read.
    let run = weburl(&["parse", "--url-file", file], b"http://stdin/\n");
    assert_eq!(run.stdout, "http://one/\nhttp://two/\n");
}

#[test]
fn missing_url_file() {
    let run = weburl(
        &["parse", "--url-file", "/nonexistent/urls.txt", "http://a/"],
        b"",
    );
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("error: cannot open --url-file /nonexistent/urls.txt: "),
        "{}",
        run.stderr
    );
    assert_eq!(run.code, 1);
}

#[test]
fn non_utf8_lines_name_their_file_and_line() {
    let file = data("latin1.txt");
    let run = weburl(&["parse", "--url-file", file.to_str().unwrap()], b"");
    assert_eq!(run.stdout, "http://ok/\nhttp://ok-again/\n");
    assert_eq!(
        run.stderr,
        format!(
            "error: {}, line 2: not valid UTF-8 (--lossy decodes it with U+FFFD)\n",
            file.display()
        )
    );
    assert_eq!(run.code, 1);
}

#[test]
fn stdin_on_every_subcommand() {
    for command in URL_COMMANDS {
        let mut args = command.to_vec();
        args.push("-");
        let run = weburl(&args, b"http://a/x\r\nhttp://b/y\n");
        assert_eq!(run.stdout, "http://a/x\nhttp://b/y\n", "{command:?}");
        assert_eq!(run.code, 0);
        let run = weburl(command, b"http://a/x");
        assert_eq!(run.stdout, "http://a/x\n", "{command:?}");
    }
}

#[test]
fn iterate_expands_each_url() {
    assert_eq!(
        ok(&[
            "parse",
            "--iterate",
            "host=a.example b.example",
            "http://x/p",
            "https://y/q"
        ]),
        "http://a.example/p\nhttp://b.example/p\nhttps://a.example/q\nhttps://b.example/q\n"
    );
    // Several --iterate: every combination, the first varying slowest.
    assert_eq!(
        ok(&[
            "parse",
            "--iterate",
            "scheme=http https",
            "--iterate",
            "port=80 8080",
            "ws://h/"
        ]),
        "http://h/\nhttp://h:8080/\nhttps://h:80/\nhttps://h:8080/\n"
    );
    // Iteration comes before the subcommand's own work.
    assert_eq!(
        ok(&[
            "set",
            "http://h/",
            "--iterate",
            "path=a b",
            "--append",
            "path=c"
        ]),
        "http://h/a/c\nhttp://h/b/c\n"
    );
    assert_eq!(
        ok(&[
            "normalize",
            "--surt",
            "--iterate",
            "query=b=1&a=2 c",
            "http://www.h.org/"
        ]),
        "org,h)/?a=2&b=1\norg,h)/?c\n"
    );
    assert_eq!(
        ok(&["join", "http://h/d/", "x", "--iterate", "hash=1 2"]),
        "http://h/d/x#1\nhttp://h/d/x#2\n"
    );
}

#[test]
fn iterate_failures() {
    let run = weburl(&["parse", "--iterate", "port=1 x 3", "http://a/"], b"");
    assert_eq!(run.stdout, "http://a:1/\nhttp://a:3/\n");
    assert_eq!(
        run.stderr,
        "error: http://a/: --iterate port=x: the port is not a number\n"
    );
    assert_eq!(run.code, 1);
    let run = weburl(
        &[
            "parse",
            "--iterate",
            "port=1",
            "--iterate",
            "port=2",
            "http://a/",
        ],
        b"",
    );
    assert_eq!(
        run.stderr,
        format!("error: --iterate sets port more than once{MORE_INFO}")
    );
    assert_eq!(run.code, 2);
    let run = weburl(&["parse", "--iterate", "port=", "http://a/"], b"");
    assert_eq!(
        run.stderr,
        format!(
            "error: invalid value 'port=' for '--iterate <COMPONENT=VALUES>': no values to \
             iterate over{MORE_INFO}"
        )
    );
    assert_eq!(run.code, 2);
}

#[test]
fn guess_scheme() {
    let inputs = [
        "example.com/x",
        "localhost:8080",
        "//cdn.example/a",
        " 127.0.0.1:81/p?q ",
        "https://kept.example/",
        "mailto:x@y",
    ];
    let mut args = vec!["parse", "--guess-scheme"];
    args.extend(inputs);
    assert_eq!(
        ok(&args),
        "http://example.com/x\nhttp://localhost:8080/\nhttp://cdn.example/a\n\
         http://127.0.0.1:81/p?q\nhttps://kept.example/\nmailto:x@y\n"
    );
    // Off by default: `localhost:8080` is a URL whose scheme is `localhost`.
    let run = weburl(&["parse", "example.com/x", "localhost:8080"], b"");
    assert_eq!(run.stdout, "localhost:8080\n");
    assert_eq!(run.stderr, format!("error: example.com/x: {NO_BASE}\n"));
    assert_eq!(run.code, 1);
    let run = weburl(
        &["set", "--guess-scheme", "--set", "port=81"],
        b"example.com\n",
    );
    assert_eq!(run.stdout, "http://example.com:81/\n");
    assert_eq!(
        ok(&["normalize", "--guess-scheme", "--surt", "www.example.com/A"]),
        "com,example)/a\n"
    );
}

/// `count` generated input lines, every `bad_every`th one failing.
fn generated(count: usize, bad_every: usize) -> (String, String, String) {
    let mut input = String::new();
    let mut stdout = String::new();
    let mut stderr = String::new();
    for i in 1..=count {
        if i % bad_every == 0 {
            input.push_str(&format!("http://bad{i}:99999/\n"));
            stderr.push_str(&format!(
                "error: line {i}: http://bad{i}:99999/: the port is greater than 65535\n"
            ));
        } else {
            input.push_str(&format!("HTTP://H{}.example/{i}/../x?{i}\n", i % 13));
            stdout.push_str(&format!("http://h{}.example/x?{i}\n", i % 13));
        }
    }
    (input, stdout, stderr)
}

#[test]
fn threads_keep_the_input_order() {
    let (input, stdout, stderr) = generated(30_000, 997);
    // Standard input (a pipe) and a file: a file is read in full blocks, so threads start.
    let file = TempFile::new("order", input.as_bytes());
    for threads in ["1", "2", "3"] {
        let run = weburl(&["parse", "--threads", threads], input.as_bytes());
        assert_eq!(run.stdout, stdout, "--threads {threads}");
        assert_eq!(run.stderr, stderr, "--threads {threads}");
        assert_eq!(run.code, 1);
        let run = weburl(
            &["parse", "--threads", threads, "--url-file", file.path()],
            b"",
        );
        assert_eq!(run.stdout, stdout, "--threads {threads} --url-file");
        assert_eq!(
            run.stderr,
            in_file(&stderr, file.path()),
            "--threads {threads} --url-file"
        );
        assert_eq!(run.code, 1);
    }
    // The default, all cores, too; and with --iterate multiplying the output.
    let run = weburl(
        &[
            "normalize",
            "--iterate",
            "hash=a b",
            "--url-file",
            file.path(),
        ],
        b"",
    );
    let expected: String = stdout
        .lines()
        .flat_map(|line| [format!("{line}#a\n"), format!("{line}#b\n")])
        .collect();
    assert_eq!(run.stdout, expected);
    assert_eq!(run.stderr, in_file(&stderr, file.path()));
}

/// Error lines about standard input's lines as they are about the same lines of the file
/// `path`.
fn in_file(stderr: &str, path: &str) -> String {
    stderr.replace("error: line ", &format!("error: {path}, line "))
}

#[test]
fn threads_over_several_sources() {
    let (input, stdout, _) = generated(10_000, usize::MAX);
    let file = TempFile::new("sources", input.as_bytes());
    let run = weburl(
        &[
            "parse",
            "--threads",
            "2",
            "http://first/",
            "--url-file",
            file.path(),
            "--url-file",
            "-",
            "--url-file",
            file.path(),
        ],
        input.as_bytes(),
    );
    assert_eq!(
        run.stdout,
        format!("http://first/\n{stdout}{stdout}{stdout}")
    );
    assert_eq!(run.code, 0);
}

#[test]
fn threads_must_be_positive() {
    let run = weburl(&["parse", "--threads", "0", "http://a/"], b"");
    assert_eq!(
        run.stderr,
        format!("error: invalid value '0' for '--threads <N>': 0 is not in 1..=1024{MORE_INFO}")
    );
    assert_eq!(run.code, 2);
}

#[test]
fn verify_stops_at_the_first_failure() {
    let run = weburl(
        &[
            "parse",
            "--verify",
            "http://a/",
            "nope",
            "http://b/",
            "also bad",
        ],
        b"",
    );
    assert_eq!(run.stdout, "http://a/\n");
    assert_eq!(run.stderr, format!("error: nope: {NO_BASE}\n"));
    assert_eq!(run.code, 1);
    let run = weburl(
        &[
            "set",
            "--verify",
            "--set",
            "port=x",
            "http://a/",
            "http://b/",
        ],
        b"",
    );
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "error: http://a/: --set port=x: the port is not a number\n"
    );
    assert_eq!(run.code, 1);
    // Nothing fails: exit status 0.
    let run = weburl(&["normalize", "--verify", "http://a/"], b"");
    assert_eq!(run.code, 0);
}

#[test]
fn verify_with_threads_on_a_large_input() {
    let (input, stdout, _) = generated(40_000, 25_000);
    let expected: String = stdout
        .lines()
        .take(24_999)
        .map(|l| format!("{l}\n"))
        .collect();
    let file = TempFile::new("verify", input.as_bytes());
    for threads in ["1", "2"] {
        let run = weburl(
            &[
                "parse",
                "--verify",
                "--threads",
                threads,
                "--url-file",
                file.path(),
            ],
            b"",
        );
        assert_eq!(run.stdout, expected, "--threads {threads}");
        assert_eq!(
            run.stderr,
            format!(
                "error: {}, line 25000: http://bad25000:99999/: the port is greater than 65535\n",
                file.path()
            )
        );
        assert_eq!(run.code, 1);
        let run = weburl(
            &["parse", "--verify", "--threads", threads],
            input.as_bytes(),
        );
        assert_eq!(run.stdout, expected, "--threads {threads}, standard input");
        assert_eq!(run.code, 1);
    }
}

#[test]
fn answers_come_a_line_at_a_time() {
    // A program driving weburl through pipes gets each answer before it writes the next line.
    let mut child = Command::new(bin())
        .args(["parse", "--get", "{host}"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for _ in 0..3 {
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    for host in ["a", "b", "c"] {
        writeln!(stdin, "http://{host}:81/").unwrap();
        stdin.flush().unwrap();
        let answer = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer before the next line");
        assert_eq!(answer, format!("{host}:81\n"));
    }
    drop(stdin);
    reader.join().unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn errors_name_the_input_and_the_reason() {
    let run = weburl(
        &["parse", "http://[::1", "http://a:b/", "", "https://a b/"],
        b"",
    );
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        format!(
            "error: http://[::1: invalid host: the IPv6 address has no closing ']'\n\
             error: http://a:b/: the port is not a number\n\
             error: : {NO_BASE}\n\
             error: https://a b/: invalid host: the domain contains the forbidden code point \
             ' '\n"
        )
    );
    assert_eq!(run.code, 1);
}

#[test]
fn output_is_plain_without_a_terminal() {
    let run = weburl_env(&["parse", "--diagram", "nope", "a:b"], b"", &[]);
    assert!(!run.stdout.contains('\x1b') && !run.stderr.contains('\x1b'));
    assert_eq!(run.stderr, format!("error: nope: {NO_BASE}\n"));
}

#[test]
fn colour_only_on_a_terminal_and_never_with_no_color() {
    let args = "parse --diagram nope a:b";
    let Some(coloured) = on_a_terminal(args, None) else {
        eprintln!("`script` is not available: skipped");
        return;
    };
    assert_eq!(
        coloured,
        format!(
            "\x1b[1;31merror:\x1b[0m nope: {NO_BASE}\n\
             a:b\n^^   \x1b[36mprotocol\x1b[0m 0..2\n  ^  \x1b[36mpathname\x1b[0m 2..3\n\n"
        )
    );
    let plain = on_a_terminal(args, Some("1")).unwrap();
    assert_eq!(
        plain,
        format!("error: nope: {NO_BASE}\na:b\n^^   protocol 0..2\n  ^  pathname 2..3\n\n")
    );
    // An empty NO_COLOR does not count (no-color.org).
    assert_eq!(on_a_terminal(args, Some("")).unwrap(), coloured);
}

#[test]
fn completions_for_every_shell() {
    for (shell, marker) in [
        ("bash", "_weburl() {"),
        ("zsh", "#compdef weburl"),
        ("fish", "complete -c weburl"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[weburl]"),
    ] {
        let script = ok(&["completions", shell]);
        assert!(script.contains(marker), "{shell}");
        // Generated from the clap definition: subcommands and their options are there.
        assert!(
            script.contains("normalize") && script.contains("url-file"),
            "{shell}"
        );
    }
    let run = weburl(&["completions", "tcsh"], b"");
    assert_eq!(run.code, 2);
}

#[test]
fn man_pages() {
    let page = ok(&["man"]);
    assert!(page.contains(".TH weburl 1"), "{page}");
    assert!(page.contains("weburl\\-normalize(1)"));
    assert!(page.contains("Exit status:"));
    let page = ok(&["man", "set"]);
    assert!(page.contains(".TH weburl-set 1"), "{page}");
    assert!(page.contains("\\-\\-sort\\-query"));
    let run = weburl(&["man", "nope"], b"");
    // `serve` is there when the build has it (the `serve` feature, on by default).
    let serve = if cfg!(feature = "serve") {
        " serve,"
    } else {
        ""
    };
    assert_eq!(
        run.stderr,
        format!(
            "error: no command 'nope' (commands: parse, set, resolve, join, normalize, \
             validate, compare, links, check, unfurl, match, generate, batch,{serve} completions, man){MORE_INFO}"
        )
    );
    assert_eq!(run.code, 2);
}

#[test]
fn exit_codes_are_in_the_help() {
    let help = ok(&["--help"]);
    assert!(help.contains("Exit status:\n  0  every input succeeded\n  1  some input failed"));
    assert!(help.contains("  2  usage error"));
    for command in [
        "parse",
        "set",
        "resolve",
        "join",
        "normalize",
        "validate",
        "compare",
    ] {
        let help = ok(&[command, "--help"]);
        assert!(help.contains("Exit status: 0 "), "{command}");
        assert!(help.contains("Examples:\n  $ weburl "), "{command}");
    }
}

/// The `$ weburl ...` examples of a help text (`indent` before each line) or of a README code
/// block, each with the output it shows; examples whose output is abridged (`...`) are left
/// out.
fn examples(text: &str, indent: &str) -> Vec<(String, String)> {
    let prompt = format!("{indent}$ ");
    let mut examples = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix(&prompt) else {
            continue;
        };
        let mut output = String::new();
        while let Some(next) = lines.peek() {
            let is_output = if indent.is_empty() {
                !next.starts_with("```")
            } else {
                next.starts_with(indent) || next.is_empty()
            };
            if next.starts_with(&prompt) || !is_output {
                break;
            }
            output.push_str(next.strip_prefix(indent).unwrap_or(next));
            output.push('\n');
            lines.next();
        }
        let output = output.trim_end_matches('\n').to_owned();
        if !output.contains("...") {
            examples.push((command.to_owned(), output));
        }
    }
    examples
}

/// Runs each example with the binary under test first on `PATH` and checks its output
/// (standard output and error together); returns how many there were.
fn check_examples(examples: Vec<(String, String)>, source: &str) -> usize {
    let bin_dir = std::path::Path::new(bin()).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let count = examples.len();
    for (example, expected) in examples {
        let output = Command::new("sh")
            .args(["-c", &format!("{example} 2>&1")])
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            .output()
            .unwrap();
        let actual = String::from_utf8(output.stdout).unwrap();
        assert_eq!(
            actual.trim_end_matches('\n'),
            expected,
            "example in {source}: {example}"
        );
    }
    count
}

#[test]
fn help_examples_are_right() {
    let mut checked = 0;
    for command in [
        &["--help"][..],
        &["parse", "--help"],
        &["set", "--help"],
        &["resolve", "--help"],
        &["join", "--help"],
        &["normalize", "--help"],
        &["validate", "--help"],
        &["compare", "--help"],
        &["check", "--help"],
        &["batch", "--help"],
        &["unfurl", "--help"],
        &["match", "--help"],
        &["generate", "--help"],
    ] {
        let source = format!("`weburl {}`", command.join(" "));
        checked += check_examples(examples(&ok(command), "  "), &source);
    }
    assert!(checked >= 25, "{checked} examples");
}

#[test]
fn readme_examples_are_right() {
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"),
    )
    .unwrap();
    let start = readme.find("## The command line").unwrap();
    let section = &readme[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |i| i + 3);
    let checked = check_examples(examples(&section[..end], ""), "README.md");
    assert!(checked >= 6, "{checked} examples");
}

/// Every `$ weburl ...` example of docs/CLI.md gives the output shown.
#[test]
fn cli_docs_examples_are_right() {
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/CLI.md"),
    )
    .unwrap();
    let checked = check_examples(examples(&docs, ""), "docs/CLI.md");
    assert!(checked >= 15, "{checked} examples");
}
