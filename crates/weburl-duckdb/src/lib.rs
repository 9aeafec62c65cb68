//! weburl as a loadable DuckDB extension: the URL Standard's functions in SQL, with the names
//! of weburl's DataFusion functions.
//!
//! ```sql
//! SET allow_unsigned_extensions = true;  -- or start duckdb with -unsigned
//! LOAD 'weburl.duckdb_extension';
//! SELECT url_registrable_domain(u) AS site, count(*) FROM 'urls.parquet' GROUP BY 1;
//! ```
//!
//! `crates/weburl-duckdb/build-extension.sh` builds the library and appends the metadata
//! footer DuckDB reads before it loads a file. The extension calls DuckDB only through the
//! C API's function table that DuckDB hands it at load time (duckdb-rs's
//! `loadable-extension`), so no part of DuckDB is compiled or linked, and one file loads in
//! every DuckDB whose C API is at least the one named in the footer.
//!
//! | SQL | answer |
//! | --- | --- |
//! | `url_href`, `url_origin`, `url_protocol`, `url_username`, `url_password`, `url_host`, `url_hostname`, `url_port`, `url_pathname`, `url_search`, `url_hash` `(url [, base])` | `VARCHAR`: that getter's value |
//! | `url_can_parse(url [, base])` | `BOOLEAN` |
//! | `url_error_name(url [, base])` | `VARCHAR`: the URL Standard's name of the error that made the URL fail, null where it parses |
//! | `url_public_suffix(url [, sections])`, `url_registrable_domain(url [, sections])` | `VARCHAR`, by the Public Suffix List built in (`sections`: `'all'`, the default, or `'icann'`); null when the host is not a domain |
//! | `url_normalize(url [, profile])` | `VARCHAR`: `'spec'` (the href, the default), `'dedup'`, `'w3lib'` or `'surt'` |
//! | `url_surt(url)` | `VARCHAR`: the SURT key |
//! | `url_join(base, ref)` | `VARCHAR`: `ref` resolved against `base` |
//! | `url_search_param(url, name)` | `VARCHAR`: the first value of `name` in the query |
//! | `url_parse(url [, base])` | `STRUCT` of the eleven getters, `VARCHAR` each |
//! | `url_search_params(url)` | `LIST(STRUCT(name VARCHAR, value VARCHAR))`: the query's pairs, decoded |
//! | `url_pattern_test(url, pattern [, pattern_base] [, ignore_case] [, untrusted])` | `BOOLEAN`: whether `url` matches the URL pattern `pattern` (`new URLPattern(pattern, pattern_base, {ignoreCase: ignore_case}).test(url)`; `ignore_case` is a `BOOLEAN`) |
//! | `url_pattern_group(url, pattern, name [, pattern_base] [, ignore_case] [, untrusted])` | `VARCHAR`: the value of the pattern's group `name` (`id` for `:id`, `pathname.0` for the pathname's `*`) |
//! | `url_route(url, routes [, pattern_base] [, best] [, untrusted])` | `VARCHAR`: the name of the route `url` matches, of `routes`, a JSON object from name to URL pattern (`'{"book": "/books/:id", "author": "/authors/:name"}'`, tried in order) or a JSON array of patterns (each named by its text; a pattern may be an init object, or `{"pattern": ..., "ignoreCase": true}`), compiled once into a set; the first that matches, or where `best` (a `BOOLEAN`) the most specific; null when none does |
//! | `url_pattern_generate(pattern, component, groups [, pattern_base] [, strict] [, untrusted])` | `VARCHAR`: `URLPattern.generate`: the value of the component `component` (`'pathname'`, ...) the pattern builds from `groups`, a JSON object from group name to string (`'{"id": "7"}'`); where `strict` (a `BOOLEAN`) a value that would change the URL's structure (`../x` in a pathname, `a&b=c` in a search) is refused; null where generate refuses the values; an unknown component, or groups that are not a JSON object of strings, fail the query |
//! | `parse_url(url, part [, key])` | `VARCHAR`: **Spark SQL's** `parse_url`, answer for answer (`java.net.URI`'s reading, not the URL Standard's), as weburl's DataFusion function |
//!
//! A null argument gives null; so does a URL that does not parse (except for
//! `url_can_parse` and `url_pattern_test`, false, and `url_error_name`, the error). An
//! unknown `sections` or `profile` name fails the query, and so does a pattern that does not
//! compile, or whose base URL does not parse (the error names the pattern and where it is
//! wrong; `url_route`'s error names the route too); each distinct pattern (with its base URL
//! and `ignore_case`), and each distinct routes argument, is compiled once, not once per row
//! or chunk. The names of the community extension netquack
//! that mean the same are aliases: `extract_domain` (`url_registrable_domain`), `extract_host`
//! (`url_hostname`), `extract_path` (`url_pathname`), `extract_tld` (`url_public_suffix`).

use std::error::Error;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use duckdb::core::{DataChunkHandle, LogicalTypeHandle, LogicalTypeId};
use duckdb::vscalar::{ScalarFunctionSignature, VScalar};
use duckdb::vtab::arrow::WritableVector;
use duckdb::{Connection, duckdb_entrypoint_c_api};
use weburl::{Component, Url};
use weburl_arrow::catalog::{self, Surface};
use weburl_arrow::{PatternCache, RouteCache};

mod parse_url;
mod pattern;
pub mod rows;
mod vector;

use rows::{Bases, TextKernel, TextState};
use vector::{OptionalStrings, Strings, Texts};

/// The argument lists a function takes: `(VARCHAR)`, `(VARCHAR, VARCHAR)` or either.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arity {
    One,
    Two,
    OneOrTwo,
}

impl Arity {
    fn signatures(self, returns: LogicalTypeId) -> Vec<ScalarFunctionSignature> {
        let varchar = || LogicalTypeHandle::from(LogicalTypeId::Varchar);
        let one =
            || ScalarFunctionSignature::exact(vec![varchar()], LogicalTypeHandle::from(returns));
        let two = || {
            ScalarFunctionSignature::exact(
                vec![varchar(), varchar()],
                LogicalTypeHandle::from(returns),
            )
        };
        match self {
            Arity::One => vec![one()],
            Arity::Two => vec![two()],
            Arity::OneOrTwo => vec![one(), two()],
        }
    }
}

/// Registers a function's [`VScalar`] type, with its state, on a connection under a name.
type Register = Box<dyn Fn(&Connection, &str) -> duckdb::Result<()>>;

/// One SQL function of the extension: its name and how it is registered.
struct Function {
    name: String,
    register: Register,
    /// Whether a function of that name may already exist and keep it (netquack's aliases).
    alias: bool,
}

/// The function `F` named `name`, with `state`.
fn function<F: VScalar>(name: impl Into<String>, state: F::State) -> Function
where
    F::State: Clone,
{
    Function {
        name: name.into(),
        register: Box::new(move |con: &Connection, name: &str| {
            con.register_scalar_function_with_state::<F>(name, &state)
        }),
        alias: false,
    }
}

/// The text function of `kernel` under its own name, taking `ARITY` arguments (see
/// [`TextFunction`]).
fn text<const ARITY: u8>(kernel: TextKernel) -> Function {
    function::<TextFunction<ARITY>>(kernel.sql_name(), kernel)
}

/// The `ARITY` of a [`TextFunction`] taking `(VARCHAR)`.
const ONE: u8 = 1;
/// The `ARITY` of a [`TextFunction`] taking `(VARCHAR, VARCHAR)`.
const TWO: u8 = 2;
/// The `ARITY` of a [`TextFunction`] taking either.
const ONE_OR_TWO: u8 = 3;

/// Every function the extension registers: those of weburl-arrow's catalogue that DuckDB has,
/// in its order, with its names and numbers of arguments, then netquack's four aliases (the
/// catalogue's too): the one table that registration and [`function_names`] read.
fn functions() -> Vec<Function> {
    let patterns = Arc::new(PatternCache::new());
    let mut table: Vec<Function> = catalog::on(Surface::DuckDb)
        .filter_map(|f| registration(f, &patterns))
        .collect();
    table.extend(
        catalog::NETQUACK_ALIASES
            .iter()
            .filter_map(|(alias, name)| {
                Some(Function {
                    alias: true,
                    ..function::<TextFunction<ONE>>(*alias, TextKernel::of(name)?)
                })
            }),
    );
    table
}

/// How the catalogue's function `f` is registered: its [`VScalar`], whose signatures take
/// the catalogue's numbers of arguments (`None` for a function this crate has no code for,
/// which the tests catch).
fn registration(f: &catalog::Function, patterns: &Arc<PatternCache>) -> Option<Function> {
    Some(match f.sql {
        "url_can_parse" => function::<CanParse>(f.sql, ()),
        "url_parse" => function::<Parse>(f.sql, ()),
        "url_search_params" => function::<SearchParams>(f.sql, ()),
        "url_pattern_test" => function::<pattern::PatternTest>(f.sql, Arc::clone(patterns)),
        "url_pattern_group" => function::<pattern::PatternGroup>(f.sql, Arc::clone(patterns)),
        "url_route" => function::<pattern::Route>(f.sql, Arc::new(RouteCache::new())),
        "url_pattern_generate" => function::<pattern::Generate>(f.sql, Arc::clone(patterns)),
        "parse_url" => function::<parse_url::ParseUrl>(f.sql, ()),
        name => {
            let kernel = TextKernel::of(name)?;
            match (f.required(), f.params.len()) {
                (1, 1) => text::<ONE>(kernel),
                (2, 2) => text::<TWO>(kernel),
                (1, 2) => text::<ONE_OR_TWO>(kernel),
                _ => return None,
            }
        }
    })
}

/// The SQL names of every function the extension registers, netquack's four aliases last.
///
/// ```
/// let names = weburl_duckdb::function_names();
/// assert!(names.contains(&"url_hostname".to_owned()) && names.contains(&"url_can_parse".to_owned()));
/// assert!(names.contains(&"url_pattern_test".to_owned()) && names.contains(&"url_pattern_group".to_owned()));
/// ```
#[must_use]
pub fn function_names() -> Vec<String> {
    functions().into_iter().map(|f| f.name).collect()
}

/// A function returning `VARCHAR`, of `ARITY` ([`ONE`], [`TWO`] or [`ONE_OR_TWO`]
/// arguments); its state is the kernel.
struct TextFunction<const ARITY: u8>;

const fn arity(n: u8) -> Arity {
    match n {
        ONE => Arity::One,
        TWO => Arity::Two,
        _ => Arity::OneOrTwo,
    }
}

impl<const ARITY: u8> VScalar for TextFunction<ARITY> {
    type State = TextKernel;

    fn invoke(
        kernel: &TextKernel,
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let firsts = Strings::new(input, 0);
        let seconds = OptionalStrings::new(input, 1);
        let mut out = Texts::new(output.flat_vector(), firsts.len());
        if *kernel == TextKernel::Component(Component::Hostname) && seconds.is_absent() {
            // `url_hostname(url)`, the commonest call, with no per-row dispatch.
            for i in 0..firsts.len() {
                let answered = firsts
                    .get(i)
                    .is_some_and(|url| rows::hostname(url, |s| out.set(i, s)));
                if !answered {
                    out.set_null(i);
                }
            }
            return Ok(());
        }
        let mut state = TextState::default();
        for i in 0..firsts.len() {
            let Some(second) = seconds.get(i) else {
                out.set_null(i);
                continue;
            };
            let Some(first) = firsts.get(i) else {
                out.set_null(i);
                continue;
            };
            if !rows::text(*kernel, first, second, &mut state, |s| out.set(i, s))? {
                out.set_null(i);
            }
        }
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        arity(ARITY).signatures(LogicalTypeId::Varchar)
    }
}

/// `url_can_parse(url [, base])`, returning `BOOLEAN`.
struct CanParse;

impl VScalar for CanParse {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let inputs = Strings::new(input, 0);
        let bases_column = OptionalStrings::new(input, 1);
        let n = inputs.len();
        let mut out = output.flat_vector();
        let mut bases = Bases::default();
        let mut nulls = Vec::new();
        {
            let values = vector::booleans(&mut out, n);
            for (i, value) in values.iter_mut().enumerate() {
                let Some(base) = bases_column.get(i) else {
                    nulls.push(i);
                    continue;
                };
                match inputs.get(i) {
                    Some(url) => *value = rows::can_parse(url, base, &mut bases),
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
        Arity::OneOrTwo.signatures(LogicalTypeId::Boolean)
    }
}

/// `url_parse(url [, base])`: a `STRUCT` of the eleven components, in [`Component::ALL`]'s
/// order and with its names, each `VARCHAR`; null where the URL does not parse.
struct Parse;

/// The type `url_parse` returns.
fn parse_type() -> LogicalTypeHandle {
    let fields: Vec<(&str, LogicalTypeHandle)> = Component::ALL
        .iter()
        .map(|c| (c.name(), LogicalTypeHandle::from(LogicalTypeId::Varchar)))
        .collect();
    LogicalTypeHandle::struct_type(&fields)
}

impl VScalar for Parse {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let inputs = Strings::new(input, 0);
        let bases_column = OptionalStrings::new(input, 1);
        let n = inputs.len();
        let mut out = output.struct_vector();
        let mut columns: Vec<Texts<'_>> = (0..Component::ALL.len())
            .map(|k| Texts::new(out.child(k, n), n))
            .collect();
        let mut bases = Bases::default();
        for i in 0..n {
            let url = match (inputs.get(i), bases_column.get(i)) {
                (Some(text), Some(base)) => bases.parse(text, base).ok(),
                _ => None,
            };
            match url {
                Some(url) => {
                    for (column, component) in columns.iter_mut().zip(Component::ALL) {
                        column.set(i, &url.get(component));
                    }
                }
                None => {
                    // DuckDB keeps a null struct's fields null too.
                    out.set_null(i);
                    for column in &mut columns {
                        column.set_null(i);
                    }
                }
            }
        }
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        let varchar = || LogicalTypeHandle::from(LogicalTypeId::Varchar);
        vec![
            ScalarFunctionSignature::exact(vec![varchar()], parse_type()),
            ScalarFunctionSignature::exact(vec![varchar(), varchar()], parse_type()),
        ]
    }
}

/// `url_search_params(url)`: the query as `URLSearchParams` reads it, a
/// `LIST(STRUCT(name VARCHAR, value VARCHAR))` of the decoded pairs in order; null where the
/// URL does not parse.
struct SearchParams;

impl VScalar for SearchParams {
    type State = ();

    fn invoke(
        _: &(),
        input: &mut DataChunkHandle,
        output: &mut dyn WritableVector,
    ) -> Result<(), Box<dyn Error>> {
        let inputs = Strings::new(input, 0);
        let n = inputs.len();
        // The pairs of every row first: the list's child vector is sized once, for all.
        let mut pairs: Vec<(String, String)> = Vec::new();
        let mut entries: Vec<Option<(usize, usize)>> = Vec::with_capacity(n);
        for i in 0..n {
            let Some(url) = inputs.get(i).and_then(|t| Url::parse(t).ok()) else {
                entries.push(None);
                continue;
            };
            let start = pairs.len();
            let params = url.search_params();
            pairs.extend(params.iter().map(|(n, v)| (n.to_owned(), v.to_owned())));
            entries.push(Some((start, pairs.len() - start)));
        }
        let mut list = output.list_vector();
        let total = pairs.len();
        {
            let items = list.struct_child(total);
            let mut names = Texts::new(items.child(0, total), total);
            let mut values = Texts::new(items.child(1, total), total);
            for (k, (name, value)) in pairs.iter().enumerate() {
                names.set(k, name);
                values.set(k, value);
            }
        }
        for (i, entry) in entries.into_iter().enumerate() {
            match entry {
                Some((offset, len)) => list.set_entry(i, offset, len),
                None => list.set_null(i),
            }
        }
        list.set_len(total);
        Ok(())
    }

    fn signatures() -> Vec<ScalarFunctionSignature> {
        let varchar = || LogicalTypeHandle::from(LogicalTypeId::Varchar);
        let pair = LogicalTypeHandle::struct_type(&[("name", varchar()), ("value", varchar())]);
        vec![ScalarFunctionSignature::exact(
            vec![varchar()],
            LogicalTypeHandle::list(&pair),
        )]
    }
}

/// Registers every function on `con`.
fn register(con: &Connection) -> Result<(), Box<dyn Error>> {
    for f in functions() {
        match (f.register)(con, &f.name) {
            // Where netquack is already loaded its own function keeps the name.
            Err(_) if f.alias => {}
            result => result?,
        }
    }
    Ok(())
}

/// The extension's entry point, which DuckDB calls on `LOAD` (the macro exports it as
/// `weburl_init_c_api`). A panic is caught here, as duckdb-rs catches those of each
/// function call and turns them into query errors: none crosses the C boundary.
#[duckdb_entrypoint_c_api(ext_name = "weburl", min_duckdb_version = "v1.2.0")]
pub fn extension_entrypoint(con: Connection) -> Result<(), Box<dyn Error>> {
    catch_unwind(AssertUnwindSafe(|| register(&con)))
        .map_err(|_| "weburl: a panic while registering the functions")?
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The extension registers exactly the catalogue's DuckDB functions, in its order, then
    /// netquack's aliases; the numbers of arguments are checked in DuckDB itself
    /// (`tests/test_extension.py`, against `duckdb_functions()`).
    #[test]
    fn the_registry_is_the_catalogue() {
        let mut expected: Vec<&str> = catalog::on(Surface::DuckDb).map(|f| f.sql).collect();
        expected.extend(catalog::NETQUACK_ALIASES.map(|(alias, _)| alias));
        assert_eq!(function_names(), expected);
        for f in catalog::FUNCTIONS {
            if let Some(kernel) = TextKernel::of(f.sql) {
                assert_eq!(kernel.sql_name(), f.sql);
            }
        }
    }
}
