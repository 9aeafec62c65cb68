//! Where the inputs come from (arguments, `--url-file`s, standard input), read in blocks of
//! lines; and what happens to an input before a subcommand sees it (`--guess-scheme`,
//! `--iterate`).

use std::fs::File;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use weburl::encoding_rs::Encoding;
use weburl::lex;
use weburl::{ParseError, Url};

use crate::failure::Failure;
use crate::lines::{IoFailure, LineBlocks};
use crate::report;
use crate::setter::{self, Setter};

/// Most inputs in one block.
pub const BLOCK_LINES: usize = 4096;

/// A block is cut once its text passes this many bytes (a few huge lines).
const BLOCK_BYTES: usize = 1 << 20;

/// A block's text buffer that grew past this is shrunk back once processed.
const MAX_KEPT_CAPACITY: usize = 4 << 20;

/// Where inputs come from besides the arguments: `--url-file` (taken by every subcommand that
/// reads URLs, `validate` too).
#[derive(Args, Debug)]
#[command(next_help_heading = "Input")]
pub struct SourceArgs {
    /// A URL to read, after the URL arguments (trurl's option: the same as giving it as an
    /// argument); repeatable
    #[arg(long = "url", value_name = "URL")]
    pub url: Vec<String>,

    /// Read URLs from FILE, one per line (`-`: standard input), after the URL arguments;
    /// repeatable
    #[arg(short = 'f', long, value_name = "FILE")]
    pub url_file: Vec<PathBuf>,

    /// Skip lines whose first non-blank character is '#' (not done by default: `#x` is a
    /// valid reference when a base is given). Blank lines are always skipped
    #[arg(long)]
    pub skip_comments: bool,

    /// Read a line that is not UTF-8 as a browser reads bytes: each invalid sequence becomes
    /// U+FFFD (without it, such a line fails)
    #[arg(long)]
    pub lossy: bool,
}

/// The input options every URL-printing subcommand takes.
#[derive(Args, Debug)]
#[command(next_help_heading = "Input")]
pub struct InputArgs {
    #[command(flatten)]
    pub source: SourceArgs,

    /// Expand each URL into one per VALUE (space-separated) of COMPONENT, set through the
    /// URL API's setter, e.g. "host=a.example b.example"; several --iterate give every
    /// combination (the first varies slowest)
    #[arg(long, value_name = "COMPONENT=VALUES", value_parser = Iterate::parse)]
    pub iterate: Vec<Iterate>,

    /// Read an input without a scheme as an http URL, as an address bar does:
    /// example.com/x is http://example.com/x, localhost:8080 is http://localhost:8080/
    /// (inputs and base URLs parsed on their own; not references resolved against a base)
    #[arg(long)]
    pub guess_scheme: bool,
}

/// One `--iterate COMPONENT=VALUES`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iterate {
    /// The setter the values go through.
    pub setter: Setter,
    /// COMPONENT as given (for messages).
    pub name: String,
    /// The values, in order.
    pub values: Vec<String>,
}

impl Iterate {
    /// Parses `COMPONENT=VALUE VALUE...`.
    fn parse(arg: &str) -> Result<Iterate, String> {
        let assignment = setter::parse_assignment(arg)?;
        let values: Vec<String> = assignment
            .value
            .split_ascii_whitespace()
            .map(str::to_owned)
            .collect();
        if values.is_empty() {
            return Err("no values to iterate over".to_owned());
        }
        Ok(Iterate {
            setter: assignment.setter,
            name: assignment.name,
            values,
        })
    }

    /// Sets the component to `value` in `url`; `Err` says `--iterate COMPONENT=VALUE: <why
    /// it was ignored>`.
    pub fn apply(&self, url: &mut Url, value: &str) -> Result<(), Failure> {
        setter::apply(self.setter, url, value)
            .map_err(|e| e.context(format_args!("--iterate {}={value}", self.name)))
    }
}

/// Checks that no component is iterated twice; `Err` is the usage error.
pub fn check_iterate(iterate: &[Iterate]) -> Result<(), String> {
    for (i, it) in iterate.iter().enumerate() {
        if iterate[..i]
            .iter()
            .any(|earlier| earlier.setter == it.setter)
        {
            return Err(format!(
                "--iterate sets {} more than once",
                it.setter.name()
            ));
        }
    }
    Ok(())
}

/// Parses `input` on its own; with `guess_scheme`, an input without a scheme as an http URL.
pub fn parse_absolute(input: &str, guess_scheme: bool) -> Result<Url, ParseError> {
    if guess_scheme && let Some(guessed) = with_guessed_scheme(input) {
        return Url::parse(&guessed);
    }
    Url::parse(input)
}

/// Parses the base URL given as `value` to the argument `arg` (`--base <URL>`); one that does
/// not parse is a usage error.
pub fn parse_base(value: &str, arg: &str, guess_scheme: bool) -> Url {
    parse_absolute(value, guess_scheme).unwrap_or_else(|e| {
        report::usage_error(format_args!(
            "invalid value '{}' for '{arg}': {e}",
            report::Quoted(value)
        ))
    })
}

/// The encoding a `--encoding LABEL` names (a WHATWG encoding label: ASCII whitespace around
/// it is ignored, case does not matter), as a clap value parser.
pub fn encoding_label(label: &str) -> Result<&'static Encoding, String> {
    Encoding::for_label(label.as_bytes()).ok_or_else(|| "not a WHATWG encoding label".to_owned())
}

/// `input` with `http:` or `http://` in front when it has no scheme, as an address bar reads
/// it; `None` when it has one (or is empty).
///
/// An input has no scheme when it does not start with one (an ASCII letter, then letters,
/// digits, `+`, `-` or `.`, then `:`), or when what follows that `:` is a port: digits up to
/// the end or a `/`, `?` or `#` (`localhost:8080`, `example.com:81/x`). An input starting with
/// `//` gets `http:`. Leading and trailing C0 controls and spaces are ignored, as the parser
/// ignores them.
///
/// Should move to the library (with the other browser input heuristics, if it gets them).
pub fn with_guessed_scheme(input: &str) -> Option<String> {
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    if trimmed.is_empty() {
        return None;
    }
    if trimmed.starts_with("//") {
        return Some(format!("http:{trimmed}"));
    }
    let bytes = trimmed.as_bytes();
    let has_scheme = match lex::scheme_len(bytes) {
        Some(len) => {
            let rest = &bytes[len + 1..];
            let digits = lex::ascii_digits_len(rest);
            let is_port = digits > 0
                && rest
                    .get(digits)
                    .is_none_or(|b| matches!(b, b'/' | b'?' | b'#'));
            !is_port
        }
        _ => false,
    };
    (!has_scheme).then(|| format!("http://{trimmed}"))
}

/// A run of inputs, all from one source: a block is the unit of work of a thread.
#[derive(Debug, Default)]
pub struct Block {
    /// The inputs' bytes: lines as they were read (terminators too), arguments one after the
    /// other.
    data: Vec<u8>,
    /// Where each input starts and ends in `data`.
    spans: Vec<(usize, usize)>,
    /// The line number of the first input (lines of standard input or a file).
    first_line: u64,
    /// The file the lines come from, for messages; `None` for standard input and arguments.
    file: Option<Arc<str>>,
    /// Whether the inputs are lines (of standard input or a file), not arguments: blank lines
    /// and comments are skipped, and messages name the line.
    lines: bool,
    /// Whether the lines were cut where more input was already at hand (the last read came
    /// back full).
    more_ready: bool,
}

impl Block {
    /// Whether the block holds no input.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Whether the block was cut for its size, or with more input at hand (so that more input
    /// likely follows at once).
    pub fn is_full(&self) -> bool {
        self.more_ready || self.spans.len() >= BLOCK_LINES || self.data.len() >= BLOCK_BYTES
    }

    /// The inputs, as bytes.
    pub fn items(&self) -> impl Iterator<Item = &[u8]> {
        self.spans
            .iter()
            .map(|&(start, end)| &self.data[start..end])
    }

    /// The block's text when all of it is UTF-8: then each input is the text between its
    /// [`ranges`](Self::ranges) (one validation for the block rather than one per input).
    pub fn text(&self) -> Option<&str> {
        std::str::from_utf8(&self.data).ok()
    }

    /// Where each input is in the block's bytes (or [`text`](Self::text)); the same order as
    /// [`items`](Self::items).
    pub fn ranges(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        self.spans.iter().map(|&(start, end)| start..end)
    }

    /// Whether the inputs are lines of standard input or a file (rather than arguments).
    pub fn is_lines(&self) -> bool {
        self.lines
    }

    /// The 1-based line number of the first input (meaningless for arguments).
    pub fn first_line(&self) -> u64 {
        self.first_line
    }

    /// Where the `index`th input comes from, for a message about it: `None` for an argument,
    /// else the file (`None` for standard input) and the 1-based line number.
    pub fn location(&self, index: usize) -> Option<Location> {
        self.lines.then(|| Location {
            file: self.file.clone(),
            line: self.first_line + index as u64,
        })
    }

    /// Empties the block for reuse.
    fn clear(&mut self) {
        self.data.clear();
        if self.data.capacity() > MAX_KEPT_CAPACITY {
            self.data.shrink_to(BLOCK_BYTES);
        }
        self.spans.clear();
        self.first_line = 0;
        self.file = None;
        self.lines = false;
        self.more_ready = false;
    }

    /// Adds one input.
    fn push(&mut self, item: &[u8]) {
        let start = self.data.len();
        self.data.extend_from_slice(item);
        self.spans.push((start, self.data.len()));
    }
}

/// Where an input line comes from, for messages: `line N` or `FILE, line N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file; `None` for standard input.
    pub file: Option<Arc<str>>,
    /// The 1-based line number.
    pub line: u64,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.file {
            Some(file) => write!(f, "{file}, line {}", self.line),
            None => write!(f, "line {}", self.line),
        }
    }
}

/// Whether a line holds nothing but ASCII whitespace (such a line is not an input).
pub fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// Whether a line is a comment for `--skip-comments`: its first non-blank byte is `#`.
pub fn is_comment(line: &[u8]) -> bool {
    line.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'#')
}

/// Where inputs come from, in the order they are read.
#[derive(Debug)]
enum Source {
    /// A run of URL arguments.
    Args(std::vec::IntoIter<String>),
    /// The lines of standard input (once: a second `-` finds it at its end).
    Stdin,
    /// The lines of a file, and its name.
    File(LineBlocks<File>, Arc<str>),
}

/// Reads the inputs of a run, a block at a time.
#[derive(Debug)]
pub struct BlockReader {
    sources: std::vec::IntoIter<Source>,
    current: Option<Source>,
    /// Standard input, shared by every `-`.
    stdin: Option<LineBlocks<io::Stdin>>,
}

impl BlockReader {
    /// The inputs of a run: `urls` (where `-` is standard input), then the lines of each of
    /// `url_files` (`-`: standard input); standard input when there are neither. A file that
    /// cannot be opened is an `Err` naming it.
    pub fn new(urls: Vec<String>, url_files: &[PathBuf]) -> Result<BlockReader, String> {
        let mut sources = Vec::new();
        let mut args = Vec::new();
        let no_inputs = urls.is_empty() && url_files.is_empty();
        for url in urls {
            if url == "-" {
                if !args.is_empty() {
                    sources.push(Source::Args(std::mem::take(&mut args).into_iter()));
                }
                sources.push(Source::Stdin);
            } else {
                args.push(url);
            }
        }
        if !args.is_empty() {
            sources.push(Source::Args(args.into_iter()));
        }
        for path in url_files {
            if path.as_os_str() == "-" {
                sources.push(Source::Stdin);
                continue;
            }
            let name: Arc<str> = path.display().to_string().into();
            match File::open(path) {
                Ok(file) => sources.push(Source::File(LineBlocks::for_file(file), name)),
                Err(e) => return Err(format!("cannot open --url-file {name}: {e}")),
            }
        }
        if no_inputs {
            if io::stdin().is_terminal() {
                // Not waiting silently: whoever typed the command may have expected a URL
                // argument.
                report::notice(
                    "reading URLs from standard input, one per line (end with Ctrl-D; give \
                     URLs as arguments, with --url or with --url-file to read no input)",
                );
            }
            sources.push(Source::Stdin);
        }
        Ok(BlockReader {
            sources: sources.into_iter(),
            current: None,
            stdin: None,
        })
    }

    /// Replaces the contents of `block` with the next inputs; `false` at the end of all input.
    ///
    /// A block holds inputs of one source only, at most [`BLOCK_LINES`] of them. It is also
    /// cut when the lines read so far are all the input had ready, so that the next read may
    /// wait: the answers to those lines are then written before it waits, and a program that
    /// drives this one a line at a time through pipes gets them.
    pub fn next_block(&mut self, block: &mut Block) -> Result<bool, IoFailure> {
        block.clear();
        loop {
            let Some(source) = self.current.as_mut() else {
                match self.sources.next() {
                    Some(source) => self.current = Some(source),
                    None => return Ok(false),
                }
                continue;
            };
            let more = match source {
                Source::Args(args) => {
                    for arg in args.by_ref() {
                        block.push(arg.as_bytes());
                        if block.is_full() {
                            break;
                        }
                    }
                    !args.as_slice().is_empty()
                }
                Source::Stdin => {
                    let stdin = self
                        .stdin
                        .get_or_insert_with(|| LineBlocks::new(io::stdin()));
                    fill(stdin, block).map_err(IoFailure::Read)?
                }
                Source::File(reader, name) => {
                    block.file = Some(name.clone());
                    fill(reader, block).map_err(|e| IoFailure::ReadFile(name.to_string(), e))?
                }
            };
            if !more {
                self.current = None;
            }
            if !block.is_empty() {
                return Ok(true);
            }
        }
    }
}

/// Replaces the contents of `block` with the next lines of `reader` (see [`fill`]); `false`
/// when the input ended.
pub fn next_lines<R: io::Read>(reader: &mut LineBlocks<R>, block: &mut Block) -> io::Result<bool> {
    block.clear();
    fill(reader, block)
}

/// Fills the empty `block` with lines of `reader` until it is full, or what was read is used
/// up (see [`BlockReader::next_block`]), or the input ends; `false` when it ended.
fn fill<R: io::Read>(reader: &mut LineBlocks<R>, block: &mut Block) -> io::Result<bool> {
    block.first_line = reader.line_number() + 1;
    block.lines = true;
    let more = reader.fill(&mut block.data, &mut block.spans, BLOCK_LINES, BLOCK_BYTES)?;
    block.more_ready = reader.more_ready();
    Ok(more)
}

#[cfg(test)]
mod tests {
    use super::{Iterate, check_iterate, with_guessed_scheme};
    use crate::setter::Setter;

    #[test]
    fn guessing_the_scheme() {
        let guess = |s: &str| with_guessed_scheme(s);
        assert_eq!(
            guess("example.com/x").as_deref(),
            Some("http://example.com/x")
        );
        assert_eq!(
            guess("  example.com "),
            Some("http://example.com".to_owned())
        );
        assert_eq!(
            guess("localhost:8080").as_deref(),
            Some("http://localhost:8080")
        );
        assert_eq!(guess("a.b:81/x?y").as_deref(), Some("http://a.b:81/x?y"));
        assert_eq!(guess("//h/p").as_deref(), Some("http://h/p"));
        assert_eq!(guess("[::1]:80").as_deref(), Some("http://[::1]:80"));
        assert_eq!(guess("1.2.3.4").as_deref(), Some("http://1.2.3.4"));
        assert_eq!(guess("https://a/"), None);
        assert_eq!(guess("mailto:x@y"), None);
        assert_eq!(guess("a:8080x"), None);
        assert_eq!(guess("a:"), None);
        assert_eq!(guess(""), None);
        assert_eq!(guess(" \t"), None);
    }

    #[test]
    fn iterate_specs() {
        assert_eq!(
            Iterate::parse("host=a  b\tc"),
            Ok(Iterate {
                setter: Setter::Host,
                name: "host".into(),
                values: vec!["a".into(), "b".into(), "c".into()]
            })
        );
        assert_eq!(
            Iterate::parse("port= "),
            Err("no values to iterate over".to_owned())
        );
        let a = Iterate::parse("query=x").unwrap();
        let b = Iterate::parse("search=y").unwrap();
        assert_eq!(
            check_iterate(&[a, b]),
            Err("--iterate sets search more than once".to_owned())
        );
    }
}
