//! `url_pattern_test(url, pattern)` and `url_pattern_group(url, pattern, name)`: the URL
//! Pattern Standard's `test` and one group of `exec`, answered as weburl's DataFusion
//! functions and `weburl.arrow` answer them (through `weburl_arrow`'s pattern functions of one
//! row). A pattern is a constructor string with no base URL (`https://*.example.com/:id`,
//! `/books/:id`), compiled once per distinct text: the functions' state is a
//! [`PatternCache`] that every chunk, thread and query of the database shares, so a constant
//! pattern, which DuckDB hands over as a column repeating it, is compiled once, and a column
//! of patterns once per distinct value.
//!
//! A null argument gives null; a URL that does not parse gives false (`url_pattern_test`) or
//! null. A pattern that does not compile fails the query with the pattern and the offending
//! token's offset in its component:
//! `url_pattern_test: invalid URL pattern "https://example.com/:id(": invalid pattern at byte 4
//! in the pathname pattern: an unclosed regexp group`.

use std::error::Error;
use std::sync::Arc;

use duckdb::core::{DataChunkHandle, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use weburl::pattern::UrlPattern;
use weburl_arrow::{PatternCache, group_reference, rows};

use crate::vector::{self, Strings, Texts};

/// The compiled patterns of one chunk: the previous row's again when the text is the same
/// (a constant pattern is a column of one repeated text), else the cache's.
struct Patterns<'a> {
    cache: &'a PatternCache,
    function: &'static str,
    last: Option<(&'a str, Arc<UrlPattern>)>,
}

impl<'a> Patterns<'a> {
    fn new(cache: &'a PatternCache, function: &'static str) -> Patterns<'a> {
        Patterns {
            cache,
            function,
            last: None,
        }
    }

    /// The pattern `text` compiled, or the query's error naming the function, the pattern
    /// and where it is wrong.
    fn get(&mut self, text: &'a str) -> Result<&UrlPattern, String> {
        if self.last.as_ref().is_none_or(|(t, _)| *t != text) {
            let pattern = self
                .cache
                .get(text)
                .map_err(|e| format!("{}: {e}", self.function))?;
            self.last = Some((text, pattern));
        }
        Ok(&self.last.as_ref().expect("just set").1)
    }
}

/// The argument types: `n` `VARCHAR`s.
fn varchars(n: usize) -> Vec<LogicalTypeHandle> {
    (0..n)
        .map(|_| LogicalTypeHandle::from(LogicalTypeId::Varchar))
        .collect()
}

/// `url_pattern_test(url, pattern)`, returning `BOOLEAN`: JavaScript's
/// `new URLPattern(pattern).test(url)`.
pub struct PatternTest;

impl VScalar for PatternTest {
    type State = Arc<PatternCache>;

    fn invoke(
        cache: &Arc<PatternCache>,
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let urls = Strings::new(input, 0);
        let texts = Strings::new(input, 1);
        let n = urls.len();
        let mut patterns = Patterns::new(cache, "url_pattern_test");
        let mut out = output.flat_vector();
        let mut nulls = Vec::new();
        {
            let values = vector::booleans(&mut out, n);
            for (i, value) in values.iter_mut().enumerate() {
                // The pattern is compiled (and its error raised) whatever the URL, as
                // DataFusion compiles a pattern whatever its rows.
                let Some(pattern) = texts.get(i) else {
                    nulls.push(i);
                    continue;
                };
                let pattern = patterns.get(pattern)?;
                match urls.get(i) {
                    Some(url) => {
                        *value = rows::parse(url, None).is_ok_and(|url| pattern.test_url(&url));
                    }
                    None => nulls.push(i),
                }
            }
        }
        for i in nulls {
            out.set_null(i);
        }
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        vec![ScalarFunctionSignature::exact(
            varchars(2),
            LogicalTypeHandle::from(LogicalTypeId::Boolean),
        )]
    }
}

/// `url_pattern_group(url, pattern, name)`, returning `VARCHAR`: the value of the group
/// `name` (`id` for `:id`; `component.name` such as `pathname.0` where several components
/// have a group of that name, a bare name meaning the first of them in the spec's order)
/// that `url` matched; null where it does not match, the pattern has no such group, or the
/// group did not participate.
pub struct PatternGroup;

impl VScalar for PatternGroup {
    type State = Arc<PatternCache>;

    fn invoke(
        cache: &Arc<PatternCache>,
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let urls = Strings::new(input, 0);
        let texts = Strings::new(input, 1);
        let names = Strings::new(input, 2);
        let n = urls.len();
        let mut patterns = Patterns::new(cache, "url_pattern_group");
        let mut out = Texts::new(output.flat_vector(), n);
        for i in 0..n {
            let Some(pattern) = texts.get(i) else {
                out.set_null(i);
                continue;
            };
            let pattern = patterns.get(pattern)?;
            let (Some(url), Some(name)) = (urls.get(i), names.get(i)) else {
                out.set_null(i);
                continue;
            };
            let (component, group) = group_reference(name);
            let component = component.or_else(|| rows::pattern_group_component(pattern, group));
            let url = component.and_then(|_| rows::parse(url, None).ok());
            let value = url
                .as_ref()
                .and_then(|url| rows::pattern_group(url, pattern, component, group));
            match value {
                Some(value) => out.set(i, value),
                None => out.set_null(i),
            }
        }
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        vec![ScalarFunctionSignature::exact(
            varchars(3),
            LogicalTypeHandle::from(LogicalTypeId::Varchar),
        )]
    }
}
