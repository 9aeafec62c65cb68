//! Running the `weburl` binary in tests (shared by every test file; each uses part of it).
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a run of the binary produced.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// The path of the binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_weburl")
}

/// Runs `weburl args...` with `stdin` as its standard input.
pub fn weburl(args: &[&str], stdin: &[u8]) -> Run {
    weburl_env(args, stdin, &[])
}

/// Runs `weburl args...` with `stdin` as its standard input and the variables of `env` set in
/// its environment (`NO_COLOR` is removed unless `env` sets it).
pub fn weburl_env(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
    let mut command = Command::new(bin());
    command.env_remove("NO_COLOR");
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the weburl binary starts");
    let mut child_stdin = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // Written from another thread so that a large input cannot deadlock against the output.
    let writer = std::thread::spawn(move || {
        // The program may exit without reading everything (a usage error): ignore broken pipes.
        let _ = child_stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        code: output.status.code().expect("exited, not killed"),
    }
}

/// Runs `weburl args...` and checks that it succeeded without a message; returns its output.
pub fn ok(args: &[&str]) -> String {
    let run = weburl(args, b"");
    assert_eq!(run.stderr, "", "weburl {args:?}");
    assert_eq!(run.code, 0, "weburl {args:?}");
    run.stdout
}

/// Runs `weburl args...` on a terminal (through `script`), with `NO_COLOR` set to `no_color`
/// when given; `None` when `script` is not there.
pub fn on_a_terminal(args: &str, no_color: Option<&str>) -> Option<String> {
    let mut command = Command::new("script");
    command
        .args(["-qec", &format!("{} {args}", bin()), "/dev/null"])
        .stdin(Stdio::null())
        .env_remove("NO_COLOR");
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    let output = command.output().ok()?;
    Some(
        String::from_utf8(output.stdout)
            .unwrap()
            .replace("\r\n", "\n"),
    )
}

/// The path of a file in `tests/data/`.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The contents of a file in `tests/data/`.
pub fn data_text(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"))
}

/// The message clap-style usage errors end with.
pub const MORE_INFO: &str = "\n\nFor more information, try '--help'.\n";

/// The reason a relative reference without a base fails.
pub const NO_BASE: &str = "relative URL without a base (no scheme, and no usable base URL)";

/// A file holding `contents` in a fresh temporary directory, removed when dropped.
pub struct TempFile {
    dir: PathBuf,
    path: PathBuf,
}

impl TempFile {
    /// Writes `contents` to a new temporary file; `tag` tells files of one test process apart.
    pub fn new(tag: &str, contents: &[u8]) -> TempFile {
        let dir =
            std::env::temp_dir().join(format!("weburl-cli-test-{}-{tag}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("urls.txt");
        std::fs::write(&path, contents).unwrap();
        TempFile { dir, path }
    }

    /// The file's path, as a string.
    pub fn path(&self) -> &str {
        self.path.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Runs `weburl batch` on one request per element of `requests`; the answers, parsed.
pub fn batch(requests: &[serde_json::Value]) -> Vec<serde_json::Value> {
    let mut input = String::new();
    for request in requests {
        input.push_str(&request.to_string());
        input.push('\n');
    }
    let run = weburl(&["batch"], input.as_bytes());
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
    let answers: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("an answer is JSON"))
        .collect();
    assert_eq!(answers.len(), requests.len(), "one answer per request");
    answers
}
