//! Running a subcommand over all its inputs: each input is parsed, expanded by `--iterate`,
//! transformed by the subcommand, and printed (a [`Job`]; `validate` brings its own
//! [`Process`]); failures are reported on standard error, in input order with the output;
//! `--verify` stops at the first; `--threads` spreads large inputs over threads.
//!
//! Inputs are processed in blocks (see [`BlockReader`]). A block's results are its output
//! bytes and its error messages, each with the output offset it comes at, so that a block can be
//! processed on any thread and written later, in order. Small inputs never start a thread:
//! threads start with the first full block, and then a reader thread reads blocks, workers
//! process them, and the main thread writes their results in input order. At most
//! [`IN_FLIGHT_PER_THREAD`] blocks per thread are read but not yet written, so memory stays
//! bounded however long the input.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;
use std::sync::{Mutex, mpsc};
use std::thread;

use clap::Args;
use serde::Serialize;
use weburl::Url;

use crate::failure::{Failure, NOT_UTF8_MESSAGE, NOT_UTF8_NAME};
use crate::input::{self, Block, BlockReader, InputArgs, Iterate, Location, SourceArgs};
use crate::lines::IoFailure;
use crate::output::{Output, OutputArgs};
use crate::{report, trurl};

/// Size of the standard output buffer.
const OUTPUT_BUFFER_SIZE: usize = 64 * 1024;

/// Blocks read but not yet written, per thread.
const IN_FLIGHT_PER_THREAD: usize = 4;

/// How a run goes: `--threads`, `--verify`.
#[derive(Args, Debug)]
#[command(next_help_heading = "Processing")]
pub struct RunArgs {
    /// Process a large input on N threads (default: all cores); the output keeps the input's
    /// order either way
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,

    /// Stop at the first input that fails, with exit status 1 (the output before it is
    /// written)
    #[arg(long)]
    pub verify: bool,

    /// Do not report failing inputs on standard error (trurl's --quiet); the exit status
    /// still says that some failed
    #[arg(long)]
    pub quiet: bool,
}

/// The options every URL-printing subcommand takes.
#[derive(Args, Debug)]
pub struct CommonArgs {
    #[command(flatten)]
    pub input: InputArgs,

    #[command(flatten)]
    pub output: OutputArgs,

    #[command(flatten)]
    pub run: RunArgs,
}

/// What a run does to each input.
pub trait Process: Sync {
    /// Processes one input: appends what is printed for it to [`Sink::out`], and records its
    /// failures.
    fn process(&self, input: &str, sink: &mut Sink);

    /// Handles a line that is not UTF-8 (without `--lossy`); `lossy` is the line decoded with
    /// U+FFFD, to show. By default the input fails with a message on standard error.
    fn not_utf8(&self, lossy: &str, sink: &mut Sink) {
        let _ = lossy;
        sink.fail(NOT_UTF8_MESSAGE.to_owned());
    }

    /// Handles a line that is not an input (blank, or a comment with `--skip-comments`): by
    /// default nothing.
    fn skipped(&self, sink: &mut Sink) {
        let _ = sink;
    }
}

/// What a subcommand does to each parsed URL before it is printed.
pub trait Transform: Sync {
    /// Changes `url`; `Err` is the reason it cannot be done (the input then fails).
    fn apply(&self, url: &mut Url) -> Result<(), Failure>;
}

/// Everything a run does to one input.
pub struct Job<'a> {
    /// Inputs are resolved against this URL, when there is one.
    pub base: Option<&'a Url>,
    /// `--guess-scheme` (for inputs parsed on their own).
    pub guess_scheme: bool,
    /// `--accept-space`: the spaces of an input's query are read as `+`.
    pub accept_space: bool,
    /// `--iterate`s.
    pub iterate: &'a [Iterate],
    /// The subcommand's change to each URL.
    pub transform: Option<&'a dyn Transform>,
    /// How each URL is printed.
    pub output: &'a Output,
    /// `--blank-failures`: an empty line on standard output for each failure (text output).
    pub blank_failures: bool,
}

/// The results of processing inputs: output bytes and failures.
#[derive(Debug, Default)]
pub struct Sink {
    out: Vec<u8>,
    /// Each failure's message (`None`: told on standard output already) and the length of
    /// `out` when it happened.
    errors: Vec<(usize, Option<String>)>,
    /// Whether processing stops at the first failure.
    verify: bool,
    /// Where the input being processed comes from (`None`: an argument), for messages; the
    /// file is set once per block, the line for each input.
    location: Option<Location>,
    /// The last input's URL, whose buffer the next input is parsed into (one allocation per
    /// thread rather than one per input); boxed, so that handing it around moves a pointer.
    scratch: Option<Box<Url>>,
}

impl Sink {
    fn new(verify: bool) -> Sink {
        Sink {
            verify,
            ..Sink::default()
        }
    }

    /// The output so far, to append to.
    pub fn out(&mut self) -> &mut Vec<u8> {
        &mut self.out
    }

    /// Records a failure, reported on standard error as `error: <message>`, or `error: line
    /// N: <message>` for a line of input.
    pub fn fail(&mut self, message: String) {
        let message = match &self.location {
            Some(location) => format!("{location}: {message}"),
            None => message,
        };
        self.errors.push((self.out.len(), Some(message)));
    }

    /// Records that `input` failed, the one way every command reports a failed input: with
    /// `json` an object on standard output with the whole input
    /// (`{"input", "error", "error_name"}`), otherwise `error: <input>: <message>` on standard
    /// error, the input quoted short and inert ([`report::Quoted`]), after an empty line on
    /// standard output with `blank_failures`.
    pub fn fail_input(&mut self, input: &str, failure: &Failure, json: bool, blank_failures: bool) {
        if json {
            let object = JsonFailure {
                input,
                error: &failure.message,
                error_name: failure.name,
            };
            // Strings only: serializing into a `Vec` cannot fail.
            let _ = serde_json::to_writer(&mut self.out, &object);
            self.out.push(b'\n');
            return self.fail_quietly();
        }
        if blank_failures {
            self.out.push(b'\n');
        }
        self.fail(format!("{}: {}", report::Quoted(input), failure.message));
    }

    /// Records a failure that the output appended so far already tells about: it counts for the
    /// exit status and `--verify`, without a message on standard error.
    pub fn fail_quietly(&mut self) {
        self.errors.push((self.out.len(), None));
    }

    /// Whether processing must stop (`--verify` and a failure).
    fn stopped(&self) -> bool {
        self.verify && !self.errors.is_empty()
    }

    fn clear(&mut self) {
        self.out.clear();
        self.errors.clear();
    }
}

/// How lines of input are read: `--skip-comments`, `--lossy`.
#[derive(Clone, Copy, Debug, Default)]
struct LineRules {
    skip_comments: bool,
    lossy: bool,
}

/// Processes every input of `block` (up to the first failure, with `--verify`). Blank lines,
/// and with `--skip-comments` comment lines, are not inputs.
fn process_block<P: Process + ?Sized>(
    process: &P,
    block: &Block,
    rules: LineRules,
    sink: &mut Sink,
) {
    let lines = block.is_lines();
    // Inputs end at line ends or between arguments, so when the whole block is UTF-8 each
    // input is too, and slicing the text at its range cannot split a character.
    let text = block.text();
    // The block's file is set once; each input changes only the line number.
    sink.location = block.location(0);
    for (index, (item, range)) in block.items().zip(block.ranges()).enumerate() {
        if lines && (input::is_blank(item) || (rules.skip_comments && input::is_comment(item))) {
            process.skipped(sink);
            continue;
        }
        if let Some(location) = &mut sink.location {
            location.line = block.first_line() + index as u64;
        }
        let valid = match text {
            Some(text) => text.get(range),
            None => std::str::from_utf8(item).ok(),
        };
        match valid {
            Some(input) => process.process(input, sink),
            None if rules.lossy => process.process(&String::from_utf8_lossy(item), sink),
            None => process.not_utf8(&String::from_utf8_lossy(item), sink),
        }
        if sink.stopped() {
            return;
        }
    }
    sink.location = None;
}

impl Process for Job<'_> {
    fn process(&self, input: &str, sink: &mut Sink) {
        let spaced = if self.accept_space {
            trurl::accept_space(input)
        } else {
            std::borrow::Cow::Borrowed(input)
        };
        if self.base.is_none() && !self.guess_scheme {
            // Parsed into the last input's URL: its buffer is reused.
            let mut url = match sink.scratch.take() {
                Some(mut url) => match url.set_href(&spaced) {
                    Ok(()) => url,
                    Err(e) => {
                        sink.scratch = Some(url);
                        return self.fail(input, e.into(), sink);
                    }
                },
                None => match Url::parse(&spaced) {
                    Ok(url) => Box::new(url),
                    Err(e) => return self.fail(input, e.into(), sink),
                },
            };
            self.expand(input, &mut url, self.iterate, sink);
            sink.scratch = Some(url);
            return;
        }
        let parsed = match self.base {
            Some(base) => Url::parse_with_base(&spaced, base),
            None => input::parse_absolute(&spaced, self.guess_scheme),
        };
        match parsed {
            Ok(mut url) => self.expand(input, &mut url, self.iterate, sink),
            Err(e) => self.fail(input, e.into(), sink),
        }
    }

    /// With `--blank-failures`, a line that is not an input gets its empty line too: the
    /// output stays line for line with the input.
    fn skipped(&self, sink: &mut Sink) {
        if self.blank_failures {
            sink.out.push(b'\n');
        }
    }

    fn not_utf8(&self, lossy: &str, sink: &mut Sink) {
        let failure = Failure::new(NOT_UTF8_NAME, NOT_UTF8_MESSAGE);
        if matches!(self.output, Output::Json(..)) {
            return self.fail(lossy, failure, sink);
        }
        // The line itself is not shown: it would not print as it is.
        if self.blank_failures {
            sink.out.push(b'\n');
        }
        sink.fail(failure.message);
    }
}

/// `--json`'s object for an input that failed.
#[derive(Serialize)]
struct JsonFailure<'a> {
    input: &'a str,
    error: &'a str,
    error_name: &'a str,
}

impl Job<'_> {
    /// Runs the first of `iterate` with each of its values, then the rest, then finishes.
    #[inline]
    fn expand(&self, input: &str, url: &mut Url, iterate: &[Iterate], sink: &mut Sink) {
        let Some((first, rest)) = iterate.split_first() else {
            return self.finish(input, url, sink);
        };
        for value in &first.values {
            let mut expanded = url.clone();
            match first.apply(&mut expanded, value) {
                Ok(()) => self.expand(input, &mut expanded, rest, sink),
                Err(e) => self.fail(input, e, sink),
            }
            if sink.stopped() {
                return;
            }
        }
    }

    /// Transforms and prints one URL.
    #[inline(always)]
    fn finish(&self, input: &str, url: &mut Url, sink: &mut Sink) {
        // The common case first: nothing to change, a plain `--get` template.
        if self.transform.is_none()
            && let Output::Template(template) = self.output
            && template.render_plain(url, &mut sink.out)
        {
            return;
        }
        if let Some(transform) = self.transform
            && let Err(e) = transform.apply(url)
        {
            return self.fail(input, e, sink);
        }
        if let Err(e) = self.output.render(url, input, &mut sink.out) {
            self.fail(input, e, sink);
        }
    }

    /// Records that `input` failed ([`Sink::fail_input`]).
    fn fail(&self, input: &str, failure: Failure, sink: &mut Sink) {
        let json = matches!(self.output, Output::Json(..));
        sink.fail_input(input, &failure, json, self.blank_failures);
    }
}

/// Whether to go on after writing a block's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    /// `--verify` met a failure.
    Stop,
}

/// Writes results, in order, and keeps the run's status.
struct Writer<W: Write> {
    out: W,
    verify: bool,
    /// `--quiet`: failures are not reported on standard error.
    quiet: bool,
    /// Whether some input failed so far.
    failed: bool,
}

impl<W: Write> Writer<W> {
    /// Writes a block's output, and its failures on standard error where they happened.
    fn emit(&mut self, sink: &Sink) -> Result<Flow, IoFailure> {
        let mut written = 0;
        for (at, message) in &sink.errors {
            self.out
                .write_all(&sink.out[written..*at])
                .map_err(IoFailure::Write)?;
            written = *at;
            // Output written so far goes first, so that a terminal shows everything in order.
            self.flush()?;
            if let Some(message) = message
                && !self.quiet
            {
                report::error(message);
            }
            self.failed = true;
            if self.verify {
                return Ok(Flow::Stop);
            }
        }
        self.out
            .write_all(&sink.out[written..])
            .map_err(IoFailure::Write)?;
        Ok(Flow::Continue)
    }

    fn flush(&mut self) -> Result<(), IoFailure> {
        self.out.flush().map_err(IoFailure::Write)
    }

    /// The exit status after the run ended with `result`.
    fn exit_code(mut self, result: Result<(), IoFailure>) -> ExitCode {
        // Flushed here rather than on drop, where an error would go unnoticed.
        match result.and_then(|()| self.flush()) {
            Ok(()) => {}
            // The reader of the output went away (`weburl ... | head`): it has all it wanted.
            Err(e) if e.is_broken_pipe() => {}
            Err(e) => {
                e.report();
                return ExitCode::FAILURE;
            }
        }
        if self.failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// Runs `job` over `urls` and the other inputs the options name, and prints the results:
/// exit status 0 when every input succeeded, 1 when one failed or reading or writing did.
pub fn run(job: &Job<'_>, urls: Vec<String>, common: &CommonArgs) -> ExitCode {
    if let Err(e) = input::check_iterate(job.iterate) {
        report::usage_error(e);
    }
    run_process(job, urls, &common.input.source, &common.run)
}

/// Runs `process` over `urls`, then the lines of `source`'s `--url-file`s (standard input when
/// there are neither), and writes the results: exit status 0 when every input succeeded, 1 when
/// one failed or reading or writing did.
pub fn run_process<P: Process + ?Sized>(
    process: &P,
    urls: Vec<String>,
    source: &SourceArgs,
    run: &RunArgs,
) -> ExitCode {
    let rules = LineRules {
        skip_comments: source.skip_comments,
        lossy: source.lossy,
    };
    let mut urls = urls;
    urls.extend(source.url.iter().cloned());
    let reader = match BlockReader::new(urls, &source.url_file) {
        Ok(reader) => reader,
        Err(e) => {
            report::error(e);
            return ExitCode::FAILURE;
        }
    };
    let threads = match run.threads {
        Some(n) => n as usize,
        None => thread::available_parallelism().map_or(1, NonZeroUsize::get),
    };
    let mut writer = Writer {
        out: BufWriter::with_capacity(OUTPUT_BUFFER_SIZE, io::stdout().lock()),
        verify: run.verify,
        quiet: run.quiet,
        failed: false,
    };
    let result = run_blocks(process, reader, rules, &mut writer, threads);
    writer.exit_code(result)
}

/// Processes and writes every block, on this thread until a full block shows a large input.
fn run_blocks<P: Process + ?Sized, W: Write>(
    process: &P,
    mut reader: BlockReader,
    rules: LineRules,
    writer: &mut Writer<W>,
    threads: usize,
) -> Result<(), IoFailure> {
    let mut block = Block::default();
    let mut sink = Sink::new(writer.verify);
    while reader.next_block(&mut block)? {
        if threads > 1 && block.is_full() {
            return run_threaded(process, reader, block, rules, writer, threads);
        }
        sink.clear();
        process_block(process, &block, rules, &mut sink);
        if writer.emit(&sink)? == Flow::Stop {
            return Ok(());
        }
        // The next read may wait: whoever reads the output sees the results so far.
        writer.flush()?;
    }
    Ok(())
}

/// What the main thread hears about the block with a given sequence number.
enum Outcome {
    /// The block's results.
    Done(Sink),
    /// There is no such block: the input ended before it.
    End,
    /// Reading failed before that block.
    ReadFailed(IoFailure),
}

/// Processes `first` and every later block on `threads` worker threads, and writes the results
/// in input order.
fn run_threaded<P: Process + ?Sized, W: Write>(
    process: &P,
    mut reader: BlockReader,
    first: Block,
    rules: LineRules,
    writer: &mut Writer<W>,
    threads: usize,
) -> Result<(), IoFailure> {
    let verify = writer.verify;
    let (block_tx, block_rx) = mpsc::sync_channel::<(u64, Block)>(threads);
    let block_rx = Mutex::new(block_rx);
    let (result_tx, result_rx) = mpsc::channel::<(u64, Outcome)>();
    // A counting semaphore: the reader takes a permit for each block, the writer gives it back
    // once the block is written.
    let (permit_tx, permit_rx) = mpsc::sync_channel::<()>(threads * IN_FLIGHT_PER_THREAD);

    thread::scope(|scope| {
        let reader_results = result_tx.clone();
        scope.spawn(move || {
            let mut next = Some(first);
            for seq in 0.. {
                if permit_tx.send(()).is_err() {
                    return;
                }
                let block = match next.take() {
                    Some(block) => block,
                    None => {
                        let mut block = Block::default();
                        match reader.next_block(&mut block) {
                            Ok(true) => block,
                            Ok(false) => {
                                let _ = reader_results.send((seq, Outcome::End));
                                return;
                            }
                            Err(e) => {
                                let _ = reader_results.send((seq, Outcome::ReadFailed(e)));
                                return;
                            }
                        }
                    }
                };
                if block_tx.send((seq, block)).is_err() {
                    return;
                }
            }
        });
        for _ in 0..threads {
            let results = result_tx.clone();
            let block_rx = &block_rx;
            scope.spawn(move || {
                loop {
                    // The lock is held only while waiting for a block, not while processing it.
                    let received = block_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, block))) = received else {
                        return;
                    };
                    let mut sink = Sink::new(verify);
                    process_block(process, &block, rules, &mut sink);
                    if results.send((seq, Outcome::Done(sink))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(result_tx);

        let mut pending = BTreeMap::new();
        let mut next_seq = 0;
        loop {
            let (seq, outcome) = match result_rx.try_recv() {
                Ok(message) => message,
                Err(_) => {
                    // Nothing ready: let whoever reads the output see the results so far.
                    if let Err(e) = writer.flush() {
                        stop_early(writer, Err(e));
                    }
                    match result_rx.recv() {
                        Ok(message) => message,
                        // Every thread ended without an `End`: a worker panicked.
                        Err(_) => panic!("a worker thread ended early"),
                    }
                }
            };
            pending.insert(seq, outcome);
            while let Some(outcome) = pending.remove(&next_seq) {
                match outcome {
                    Outcome::Done(sink) => match writer.emit(&sink) {
                        Ok(Flow::Continue) => {}
                        Ok(Flow::Stop) => stop_early(writer, Ok(())),
                        Err(e) => stop_early(writer, Err(e)),
                    },
                    // Every thread ends now: the reader has, and the workers find no more
                    // blocks.
                    Outcome::End => return Ok(()),
                    Outcome::ReadFailed(e) => return Err(e),
                }
                // The block is written: the reader may read another.
                let _ = permit_rx.recv();
                next_seq += 1;
            }
        }
    })
}

/// Ends the process after `--verify` stopped the run or writing failed, without waiting for the
/// reader thread, which may be waiting for input that never comes.
fn stop_early<W: Write>(writer: &mut Writer<W>, result: Result<(), IoFailure>) -> ! {
    let failed = writer.failed;
    let code = match result.and_then(|()| writer.flush()) {
        Ok(()) => i32::from(failed),
        Err(e) if e.is_broken_pipe() => i32::from(failed),
        Err(e) => {
            e.report();
            1
        }
    };
    std::process::exit(code)
}
