//! `url_pattern_test(url, pattern [, pattern_base] [, ignore_case] [, untrusted])` and
//! `url_pattern_group(url, pattern, name [, pattern_base] [, ignore_case] [, untrusted])`: the URL Pattern
//! Standard's `test` and one group of `exec`, answered as weburl's DataFusion functions and
//! `weburl.arrow` answer them (through `weburl_arrow`'s pattern functions of one row). A
//! pattern is a constructor string (`https://*.example.com/:id`, or `/books/:id` with a
//! `pattern_base` such as `https://example.com`), with JavaScript's `ignoreCase` where
//! `ignore_case` (a `BOOLEAN`, which may follow the pattern, or the name, directly, as in
//! `new URLPattern(input, options)`); and where `untrusted` (a `BOOLEAN` after
//! `ignore_case`) within `PatternLimits::untrusted()` (no custom regexp groups, at most
//! 8 KiB), for patterns from users: one over the limits fails the query as a pattern that
//! does not compile does. It is compiled once per distinct pattern, base URL, `ignore_case`
//! and `untrusted`: the functions' state is a [`PatternCache`] that every chunk, thread
//! and query of the database shares, so a constant pattern, which DuckDB hands over as a
//! column repeating it, is compiled once, and a column of patterns once per distinct value.
//!
//! A null argument gives null; a URL that does not parse gives false (`url_pattern_test`) or
//! null; a URL on which a custom regexp group exhausts its step budget gives null (for
//! `url_pattern_test` too: unknown, not false), and the next row is answered. A pattern that does not compile, or whose base URL does not parse, fails the query
//! with the pattern and the offending token's offset in it:
//! `url_pattern_test: invalid URL pattern "https://example.com/:id(": invalid pattern at byte 23
//! (in the pathname): an unclosed regexp group`.

use std::error::Error;
use std::sync::Arc;

use duckdb::core::{DataChunkHandle, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use weburl::pattern::UrlPattern;
use weburl_arrow::{KernelError, PatternCache, PatternReader, RouteCache, rows};

use crate::vector::{self, Booleans, Strings, Texts};

/// The pattern arguments of one chunk: the patterns (or `url_route`'s routes), and the
/// options that follow the function's `required` arguments (a `VARCHAR` base URL, then the
/// `BOOLEAN`s `ignore_case`, `best` or `strict`, and `untrusted`, each optional).
struct Arguments<'a> {
    texts: Strings<'a>,
    bases: Option<Strings<'a>>,
    flags: Option<Booleans<'a>>,
    untrusted: Option<Booleans<'a>>,
}

impl<'a> Arguments<'a> {
    /// The arguments of `input`: the patterns in column `patterns`, the options after the
    /// `required` columns.
    fn new(input: &'a DataChunkHandle, patterns: usize, required: usize) -> Arguments<'a> {
        let columns = input.num_columns();
        let (mut bases, mut flags, mut untrusted) = (None, None, None);
        for column in required..columns {
            if !vector::is_boolean(input, column) {
                bases = Some(Strings::new(input, column));
            } else if flags.is_none() {
                flags = Some(Booleans::new(input, column));
            } else {
                untrusted = Some(Booleans::new(input, column));
            }
        }
        Arguments {
            texts: Strings::new(input, patterns),
            bases,
            flags,
            untrusted,
        }
    }

    /// Whether row `i`'s arguments are row `i - 1`'s by their values in the chunk alone
    /// ([`Strings::same`]: a constant, which DuckDB hands over as a column repeating it):
    /// then row `i` needs neither their bytes read nor a look-up.
    fn same_as_previous(&self, i: usize) -> bool {
        i > 0
            && self.texts.same(i, i - 1)
            && (self.bases.as_ref()).is_none_or(|b| b.same(i, i - 1))
            && (self.flags.as_ref()).is_none_or(|f| f.same(i, i - 1))
            && (self.untrusted.as_ref()).is_none_or(|u| u.same(i, i - 1))
    }

    /// Whether row `i`'s patterns are compiled within `PatternLimits::untrusted()` (false
    /// when left out): `None` where null.
    fn untrusted(&self, i: usize) -> Option<bool> {
        match &self.untrusted {
            None => Some(false),
            Some(flags) => flags.get(i),
        }
    }

    /// Row `i`'s pattern, base URL and flag (false when left out): `None` where one of them
    /// (or `untrusted`) is null.
    fn get(&self, i: usize) -> Option<(&'a str, Option<&'a str>, bool)> {
        self.untrusted(i)?;
        let text = self.texts.get(i)?;
        let base = match &self.bases {
            None => None,
            Some(bases) => Some(bases.get(i)?),
        };
        let ignore_case = match &self.flags {
            None => false,
            Some(flags) => flags.get(i)?,
        };
        Some((text, base, ignore_case))
    }
}

/// What the `BOOLEAN` option that follows a pattern (and its base URL) means.
#[derive(Clone, Copy)]
enum Flag {
    /// JavaScript's `ignoreCase`: the pattern is compiled with it.
    IgnoreCase,
    /// An option of the function's answer (`url_pattern_generate`'s `strict`): the pattern
    /// is compiled without `ignoreCase`.
    Answer,
}

/// The pattern arguments of one chunk ([`Arguments`]), compiled through the cache.
struct Patterns<'a> {
    arguments: Arguments<'a>,
    flag: Flag,
    reader: PatternReader<'a>,
    function: &'static str,
}

/// A result vector that a row of [`Patterns::for_each_row`] can make null.
trait Nulls {
    /// Row `i` is null.
    fn set_null(&mut self, i: usize);
}

impl Nulls for Texts<'_> {
    fn set_null(&mut self, i: usize) {
        Texts::set_null(self, i);
    }
}

/// A `BOOLEAN` result: the values, and the null rows, set on the vector after the loop
/// (the values borrow it).
struct Bools<'v> {
    values: &'v mut [bool],
    nulls: Vec<usize>,
}

impl Nulls for Bools<'_> {
    fn set_null(&mut self, i: usize) {
        self.nulls.push(i);
    }
}

impl<'a> Patterns<'a> {
    /// The patterns in column `column` of `input`, their options after the `required`
    /// columns; the `BOOLEAN` option is `flag`.
    fn new(
        cache: &'a PatternCache,
        input: &'a DataChunkHandle,
        column: usize,
        required: usize,
        flag: Flag,
        function: &'static str,
    ) -> Patterns<'a> {
        Patterns {
            arguments: Arguments::new(input, column, required),
            flag,
            reader: cache.reader(),
            function,
        }
    }

    /// The row loop of the pattern functions, written once. For each row of the chunk: its
    /// pattern compiled through the cache, where the pattern and its options are not null
    /// (the query's error, naming the function, where it does not compile, whatever the
    /// other arguments, as DataFusion compiles a pattern whatever its rows); then the row's
    /// `others` (the function's other `VARCHAR` arguments). The row is null where the
    /// pattern, an option or one of `others` is null; otherwise `answer(out, i, pattern,
    /// flag, others)` writes it (`flag` false when left out), and its error fails the query
    /// naming the function.
    fn for_each_row<const K: usize, O: Nulls>(
        &mut self,
        others: &[Strings<'a>; K],
        out: &mut O,
        mut answer: impl FnMut(
            &mut O,
            usize,
            &UrlPattern,
            bool,
            [&'a str; K],
        ) -> Result<(), KernelError>,
    ) -> Result<(), String> {
        let function = self.function;
        for i in 0..self.arguments.texts.len() {
            let (Some((text, base, flag)), Some(untrusted)) =
                (self.arguments.get(i), self.arguments.untrusted(i))
            else {
                out.set_null(i);
                continue;
            };
            let ignore_case = match self.flag {
                Flag::IgnoreCase => flag,
                Flag::Answer => false,
            };
            let pattern = self
                .reader
                .get_with(text, base, ignore_case, untrusted)
                .map_err(|e| format!("{function}: {e}"))?;
            let mut values = [""; K];
            let mut present = true;
            for (value, column) in values.iter_mut().zip(others) {
                match column.get(i) {
                    Some(text) => *value = text,
                    None => present = false,
                }
            }
            if !present {
                out.set_null(i);
                continue;
            }
            answer(out, i, pattern, flag, values).map_err(|e| format!("{function}: {e}"))?;
        }
        Ok(())
    }
}

/// The signatures of a function of `required` `VARCHAR` arguments and then the pattern's
/// options: a `VARCHAR` base URL or not, then no `BOOLEAN`, `ignore_case` (or `best`), or
/// `ignore_case` and `untrusted`.
fn signatures(required: usize, result: LogicalTypeId) -> Vec<ScalarFunctionSignature> {
    let varchars = |n: usize| -> Vec<LogicalTypeHandle> {
        (0..n)
            .map(|_| LogicalTypeHandle::from(LogicalTypeId::Varchar))
            .collect()
    };
    let with_flag = |mut types: Vec<LogicalTypeHandle>| {
        types.push(LogicalTypeHandle::from(LogicalTypeId::Boolean));
        types
    };
    [
        varchars(required),
        varchars(required + 1),
        with_flag(varchars(required)),
        with_flag(varchars(required + 1)),
        with_flag(with_flag(varchars(required))),
        with_flag(with_flag(varchars(required + 1))),
    ]
    .into_iter()
    .map(|types| ScalarFunctionSignature::exact(types, LogicalTypeHandle::from(result)))
    .collect()
}

/// `url_pattern_test(url, pattern [, pattern_base] [, ignore_case] [, untrusted])`, returning `BOOLEAN`:
/// JavaScript's `new URLPattern(pattern, pattern_base, {ignoreCase}).test(url)`.
pub struct PatternTest;

impl VScalar for PatternTest {
    type State = Arc<PatternCache>;

    fn invoke(
        cache: &Arc<PatternCache>,
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let urls = Strings::new(input, 0);
        let n = urls.len();
        let mut patterns = Patterns::new(cache, input, 1, 2, Flag::IgnoreCase, "url_pattern_test");
        let mut out = output.flat_vector();
        let mut spare = rows::Spare::default();
        let mut bools = Bools {
            values: vector::booleans(&mut out, n),
            nulls: Vec::new(),
        };
        patterns.for_each_row(&[urls], &mut bools, |out, i, pattern, _, [url]| {
            match rows::pattern_test_in(url, pattern, &mut spare) {
                Some(matched) => out.values[i] = matched,
                None => out.set_null(i),
            }
            Ok(())
        })?;
        for i in bools.nulls {
            out.set_null(i);
        }
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(2, LogicalTypeId::Boolean)
    }
}

/// `url_pattern_group(url, pattern, name [, pattern_base] [, ignore_case] [, untrusted])`, returning
/// `VARCHAR`: the value of the group `name` (`id` for `:id`; `component.name` such as
/// `pathname.0` where several components have a group of that name, a bare name meaning the
/// first of them in the spec's order) that `url` matched; null where it does not match, the
/// pattern has no such group, or the group did not participate.
pub struct PatternGroup;

impl VScalar for PatternGroup {
    type State = Arc<PatternCache>;

    fn invoke(
        cache: &Arc<PatternCache>,
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let others = [Strings::new(input, 0), Strings::new(input, 2)];
        let n = others[0].len();
        let mut patterns = Patterns::new(cache, input, 1, 3, Flag::IgnoreCase, "url_pattern_group");
        let mut out = Texts::new(output.flat_vector(), n);
        let mut spare = rows::Spare::default();
        patterns.for_each_row(&others, &mut out, |out, i, pattern, _, [url, name]| {
            rows::pattern_group_in(url, pattern, name, &mut spare, |value| match value {
                Some(value) => out.set(i, value),
                None => out.set_null(i),
            });
            Ok(())
        })?;
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(3, LogicalTypeId::Varchar)
    }
}

/// `url_route(url, routes [, pattern_base] [, best] [, untrusted])`, returning `VARCHAR`: the name of the
/// route `url` matches, of `routes`, a JSON object from name to pattern (or an array of
/// patterns, each named by its text; weburl-arrow's `Routes::from_json` reads them) compiled once per distinct value into one
/// `UrlPatternSet` (weburl-arrow's `Routes`): the first route that matches, or where `best`
/// the most specific; null where none does.
pub struct Route;

impl VScalar for Route {
    type State = Arc<RouteCache>;

    fn invoke(
        cache: &Arc<RouteCache>,
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let urls = Strings::new(input, 0);
        let n = urls.len();
        let arguments = Arguments::new(input, 1, 2);
        let mut reader = cache.reader();
        let mut out = Texts::new(output.flat_vector(), n);
        let mut spare = rows::Spare::default();
        // Row `i`'s `best` where its arguments are not null (then `reader.last()` is its
        // routes), the previous row's for a row whose arguments are the previous row's.
        let mut best = None;
        for i in 0..n {
            if !arguments.same_as_previous(i) {
                best = match (arguments.get(i), arguments.untrusted(i)) {
                    (Some((json, base, best)), Some(untrusted)) => {
                        // The routes are compiled (and their error raised) whatever the URL.
                        reader
                            .get_with(json, base, untrusted)
                            .map_err(|e| format!("url_route: {e}"))?;
                        Some(best)
                    }
                    _ => None,
                };
            }
            let (Some(best), Some(routes)) = (best, reader.last()) else {
                out.set_null(i);
                continue;
            };
            match urls
                .get(i)
                .and_then(|url| routes.route_in(url, best, &mut spare))
            {
                Some(name) => out.set(i, name),
                None => out.set_null(i),
            }
        }
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(2, LogicalTypeId::Varchar)
    }
}

/// `url_pattern_generate(pattern, component, groups [, pattern_base] [, strict] [, untrusted])`,
/// returning `VARCHAR`: the value of the component `component` (`pathname`, ...) that the
/// pattern builds from `groups`, a JSON object from group name to string
/// (weburl-arrow's `generate_row`: `UrlPattern::generate`, or where `strict` `generate_strict`,
/// which refuses a value that would change the URL's structure); null where generate refuses
/// the values. An unknown component, or groups that are not a JSON object of strings, fail the
/// query.
pub struct Generate;

impl VScalar for Generate {
    type State = Arc<PatternCache>;

    fn invoke(
        cache: &Arc<PatternCache>,
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let others = [Strings::new(input, 1), Strings::new(input, 2)];
        let n = others[0].len();
        let mut patterns = Patterns::new(cache, input, 0, 3, Flag::Answer, "url_pattern_generate");
        let mut out = Texts::new(output.flat_vector(), n);
        patterns.for_each_row(
            &others,
            &mut out,
            |out, i, pattern, strict, [component, groups]| {
                match weburl_arrow::generate_row(pattern, component, groups, strict)? {
                    Some(value) => out.set(i, &value),
                    None => out.set_null(i),
                }
                Ok(())
            },
        )?;
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        signatures(3, LogicalTypeId::Varchar)
    }
}
