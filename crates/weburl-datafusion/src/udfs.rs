//! Every function of weburl-arrow's catalogue that DataFusion has (its SQL name and
//! parameters, from which the signature is made), with its kernel, and one `ScalarUDFImpl`
//! that runs any of them on weburl-arrow's kernels: this file only turns DataFusion's
//! arguments into [`Strings`] and the kernels' errors into DataFusion's.

use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, AsArray, BooleanArray, BooleanBuilder, new_null_array,
};
use datafusion::arrow::datatypes::{DataType, Field, FieldRef};
use datafusion::common::{Result, ScalarValue, exec_err, plan_err};
use datafusion::logical_expr::{
    ColumnarValue, ReturnFieldArgs, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature,
    TypeSignature, Volatility,
};
use weburl::Component;
use weburl::normalize::{Options, Profile};
use weburl::pattern::UrlPattern;
use weburl::psl::Sections;
use weburl_arrow::catalog::{self, Surface};
use weburl_arrow::rows::{self, Slice, Spare};
use weburl_arrow::{
    Base, KernelError, Output, PatternCache, PatternReader, RouteCache, Routes, Strings,
};

/// What a function computes (each is described in the crate's table of functions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kernel {
    Component(Component),
    Parse,
    CanParse,
    ErrorName,
    Join,
    SearchParam,
    SearchParams,
    PublicSuffix,
    RegistrableDomain,
    Normalize,
    Surt,
    SparkParseUrl,
    PatternTest,
    PatternExec,
    PatternGroup,
    Route,
    Generate,
}

/// One SQL function: a function of the catalogue and its kernel.
#[derive(Debug, PartialEq, Eq, Hash)]
struct UrlFunction {
    name: String,
    function: &'static catalog::Function,
    kernel: Kernel,
    signature: Signature,
    patterns: Patterns,
}

/// The URL patterns a function has compiled, by their text, base URL and `ignoreCase` (and
/// `url_route`'s routes, by their JSON text and base URL): a pattern is compiled once (when
/// the query is planned, if its arguments are literals there) and every batch of every query
/// that names it again reuses it; a column of patterns is compiled once per distinct value.
/// Not part of the function's identity: two functions equal but for their caches are equal.
#[derive(Debug, Default)]
struct Patterns(PatternCache, RouteCache);

impl PartialEq for Patterns {
    fn eq(&self, _: &Patterns) -> bool {
        true
    }
}

impl Eq for Patterns {}

impl std::hash::Hash for Patterns {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Every function of the crate: those of weburl-arrow's catalogue that DataFusion has, in its
/// order, with its names and parameters; the table here adds only the kernel of each.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    catalog::on(Surface::DataFusion)
        .filter_map(|function| {
            let kernel = Kernel::of(function.sql)?;
            Some(ScalarUDF::from(UrlFunction {
                name: function.sql.to_owned(),
                function,
                kernel,
                signature: signature(function),
                patterns: Patterns::default(),
            }))
        })
        .collect()
}

/// The signature of `function`: strings, as many as it takes; but for a function with a
/// boolean parameter (a pattern's `ignore_case`), checked and cast by
/// [`UrlFunction::coerce_types`].
fn signature(function: &catalog::Function) -> Signature {
    if function.params.iter().all(|p| p.kind.is_string()) {
        let one_of = function.arity().map(TypeSignature::String).collect();
        Signature::one_of(one_of, Volatility::Immutable)
    } else {
        user_defined()
    }
}

/// The signature of a pattern function, whose third or fourth argument is a string or a
/// boolean: its arguments are checked and cast by [`UrlFunction::coerce_types`].
fn user_defined() -> Signature {
    Signature::new(TypeSignature::UserDefined, Volatility::Immutable)
}

impl Kernel {
    /// The kernel of the catalogue's function named `sql`.
    fn of(sql: &str) -> Option<Kernel> {
        Some(match sql {
            "url_parse" => Kernel::Parse,
            "url_can_parse" => Kernel::CanParse,
            "url_error_name" => Kernel::ErrorName,
            "url_join" => Kernel::Join,
            "url_search_param" => Kernel::SearchParam,
            "url_search_params" => Kernel::SearchParams,
            "parse_url" => Kernel::SparkParseUrl,
            "url_public_suffix" => Kernel::PublicSuffix,
            "url_registrable_domain" => Kernel::RegistrableDomain,
            "url_normalize" => Kernel::Normalize,
            "url_surt" => Kernel::Surt,
            "url_pattern_test" => Kernel::PatternTest,
            "url_pattern_exec" => Kernel::PatternExec,
            "url_pattern_group" => Kernel::PatternGroup,
            "url_route" => Kernel::Route,
            "url_pattern_generate" => Kernel::Generate,
            getter => Kernel::Component(getter.strip_prefix("url_")?.parse().ok()?),
        })
    }

    /// Whether it is a pattern function, run by [`Kernel::run_pattern`] (or `url_route`,
    /// by [`Kernel::run_route`], `url_pattern_generate` by [`Kernel::run_generate`]): its
    /// arguments after the required ones are a base URL and booleans, each optional.
    fn is_pattern(self) -> bool {
        matches!(
            self,
            Kernel::PatternTest
                | Kernel::PatternExec
                | Kernel::PatternGroup
                | Kernel::Route
                | Kernel::Generate
        )
    }

    /// The type of the answer; `None` for `url_pattern_exec`, whose struct has a field per
    /// group of its pattern ([`UrlFunction::exec_type`]).
    fn return_type(self) -> Option<DataType> {
        Some(match self {
            Kernel::PatternExec => return None,
            Kernel::Parse => DataType::Struct(weburl_arrow::parse_fields(Output::Utf8)),
            Kernel::CanParse | Kernel::PatternTest => DataType::Boolean,
            Kernel::SearchParams => weburl_arrow::search_params_type(),
            Kernel::Join
            | Kernel::SearchParam
            | Kernel::Normalize
            | Kernel::Surt
            | Kernel::PatternGroup
            | Kernel::Route
            | Kernel::Generate => DataType::Utf8,
            Kernel::Component(_)
            | Kernel::ErrorName
            | Kernel::PublicSuffix
            | Kernel::RegistrableDomain
            | Kernel::SparkParseUrl => DataType::Utf8View,
        })
    }

    /// The answer for the call's arguments (each `Strings` of the call's length), but for
    /// the pattern functions ([`Kernel::run_pattern`]).
    fn run(self, name: &str, args: &[Strings<'_>]) -> Result<ArrayRef> {
        let url = &args[0];
        let base = || args.get(1).cloned().map_or(Base::None, Base::Strings);
        Ok(match self {
            Kernel::Component(c) => weburl_arrow::component(url, base(), c),
            Kernel::Parse => Arc::new(weburl_arrow::parse_as(url, base(), Output::Utf8)),
            Kernel::CanParse => Arc::new(weburl_arrow::can_parse(url, base())),
            Kernel::ErrorName => weburl_arrow::error_name(url, base()),
            // `url_join(base, ref)`: the reference is the second argument.
            Kernel::Join => {
                let bases = Base::Strings(args[0].clone());
                weburl_arrow::component_as(&args[1], bases, Component::Href, Output::Utf8)
            }
            Kernel::SearchParam => weburl_arrow::search_param(url, &args[1], Output::Utf8),
            Kernel::SearchParams => Arc::new(weburl_arrow::search_params(url)),
            Kernel::PublicSuffix => by_name(
                name,
                args,
                weburl_arrow::sections,
                Sections::All,
                |input, sections, _| rows::public_suffix(input, sections),
            )?,
            Kernel::RegistrableDomain => by_name(
                name,
                args,
                weburl_arrow::sections,
                Sections::All,
                |input, sections, _| rows::registrable_domain(input, sections),
            )?,
            Kernel::Normalize => by_name(
                name,
                args,
                weburl_arrow::profile,
                Profile::Spec,
                |input, profile, spare| {
                    rows::normalized(input, profile, &Options::default(), spare)
                },
            )?,
            Kernel::Surt => weburl_arrow::normalize(url, Profile::Surt, &Options::default()),
            Kernel::SparkParseUrl => {
                weburl_arrow::spark_parse_url(url, &args[1], args.get(2), Output::Utf8View)
                    .or_else(|e| exec_err!("{name}: {e}"))?
            }
            Kernel::PatternTest
            | Kernel::PatternExec
            | Kernel::PatternGroup
            | Kernel::Route
            | Kernel::Generate => {
                return exec_err!("{name}: a pattern function runs through `run_pattern`");
            }
        })
    }

    /// The answer of a pattern function: `args` are its string arguments (the URL, the
    /// pattern, for `url_pattern_group` the name, then the pattern's base URL if given) and
    /// `ignore_case` its boolean one. Where the pattern and its options are the same on
    /// every row, it is compiled (or found compiled) once and the URLs are matched by the
    /// column kernels; else each row's pattern is found in `patterns`, compiled once per
    /// distinct value. A null argument gives null.
    fn run_pattern(
        self,
        name: &str,
        args: &[Strings<'_>],
        ignore_case: &Flags<'_>,
        untrusted: &Flags<'_>,
        patterns: &PatternCache,
        return_type: &DataType,
    ) -> Result<ArrayRef> {
        let url = &args[0];
        let group = (self == Kernel::PatternGroup).then(|| &args[2]);
        let bases = args.get(if group.is_some() { 3 } else { 2 });
        let constant = args[1..].iter().all(Strings::is_scalar)
            && ignore_case.is_scalar()
            && untrusted.is_scalar();
        if constant {
            let (Some(text), Some(group), Some(base), Some(ignore_case), Some(untrusted)) = (
                args[1].get(0),
                group.map_or(Some(""), |g| g.get(0)),
                bases.map_or(Some(None), |b| b.get(0).map(Some)),
                ignore_case.get(0),
                untrusted.get(0),
            ) else {
                return Ok(new_null_array(return_type, url.len()));
            };
            // A null `ignore_case` of `url_pattern_exec` is left a null, so a string here.
            if args[1..].iter().any(|a| a.get(0).is_none()) {
                return Ok(new_null_array(return_type, url.len()));
            }
            let pattern = patterns
                .get_with(text, base, ignore_case, untrusted)
                .or_else(|e| exec_err!("{name}: {e}"))?;
            return Ok(match self {
                Kernel::PatternTest => {
                    Arc::new(weburl_arrow::pattern_test(url, &pattern, Base::None))
                }
                Kernel::PatternExec => Arc::new(weburl_arrow::pattern_exec_as(
                    url,
                    &pattern,
                    Base::None,
                    Output::Utf8,
                )),
                _ => weburl_arrow::pattern_group(url, &pattern, group, Base::None, Output::Utf8),
            });
        }
        if self == Kernel::PatternExec {
            return exec_err!(
                "{name}: the pattern, its pattern_base, ignore_case and untrusted must be the same on every row"
            );
        }
        let mut reader = patterns.reader();
        let mut error = None;
        let pattern_of = |i: usize| RowPattern {
            text: args[1].get(i),
            base: bases.map_or(Some(None), |b| b.get(i).map(Some)),
            ignore_case: ignore_case.get(i),
            untrusted: untrusted.get(i),
        };
        let array: ArrayRef = match group {
            None => {
                let mut out = BooleanBuilder::with_capacity(url.len());
                let mut spare = Spare::default();
                for i in 0..url.len() {
                    // The pattern is compiled (and its error raised) whatever the URL.
                    let pattern = pattern_of(i).compile(&mut reader, &mut error);
                    let answer = pattern.and_then(|pattern| {
                        rows::pattern_test_in(url.get(i)?, pattern, &mut spare)
                    });
                    out.append_option(answer);
                }
                Arc::new(out.finish())
            }
            Some(groups) => weburl_arrow::map_rows_in(url, Output::Utf8, |i, text, spare| {
                let pattern = pattern_of(i).compile(&mut reader, &mut error)?;
                let (name, text) = (groups.get(i)?, text?);
                rows::pattern_group_in(text, pattern, name, spare, |value| {
                    value.map(|v| Slice::Owned(v.to_owned()))
                })
            }),
        };
        match error {
            Some(e) => exec_err!("{name}: {e}"),
            None => Ok(array),
        }
    }
}

impl Kernel {
    /// `url_route(url, routes [, pattern_base] [, best] [, untrusted])`: `args` are the URLs, the routes'
    /// JSON texts and, if given, the patterns' base URLs; `best` the boolean. Where the
    /// routes and options are the same on every row, they are compiled (or found compiled)
    /// once and the column kernel answers; else each row's routes are found in `routes`,
    /// compiled once per distinct value. A null argument gives null.
    fn run_route(
        name: &str,
        args: &[Strings<'_>],
        best: &Flags<'_>,
        untrusted: &Flags<'_>,
        routes: &RouteCache,
    ) -> Result<ArrayRef> {
        let url = &args[0];
        let bases = args.get(2);
        let base_of = |i: usize| bases.map_or(Some(None), |b| b.get(i).map(Some));
        if args[1..].iter().all(Strings::is_scalar) && best.is_scalar() && untrusted.is_scalar() {
            let (Some(json), Some(base), Some(best), Some(untrusted)) =
                (args[1].get(0), base_of(0), best.get(0), untrusted.get(0))
            else {
                return Ok(new_null_array(&DataType::Utf8, url.len()));
            };
            let compiled: Arc<Routes> = routes
                .get_with(json, base, untrusted)
                .or_else(|e| exec_err!("{name}: {e}"))?;
            return Ok(weburl_arrow::route(
                url,
                &compiled,
                best,
                Base::None,
                Output::Utf8,
            ));
        }
        let mut reader = routes.reader();
        let mut error = None;
        let array = weburl_arrow::map_rows_in(url, Output::Utf8, |i, text, spare| {
            if error.is_some() {
                return None;
            }
            let (json, base) = (args[1].get(i)?, base_of(i)?);
            let (best, untrusted) = (best.get(i)?, untrusted.get(i)?);
            // The routes are compiled (and their error raised) whatever the URL.
            let compiled = (reader.get_with(json, base, untrusted))
                .map_err(|e| error = Some(e))
                .ok()?;
            let route = compiled.route_in(text?, best, spare)?;
            Some(Slice::Owned(route.to_owned()))
        });
        match error {
            Some(e) => exec_err!("{name}: {e}"),
            None => Ok(array),
        }
    }
}

impl Kernel {
    /// `url_pattern_generate(pattern, component, groups [, pattern_base] [, strict]
    /// [, untrusted])`: `args` are the patterns, the components' names, the groups' JSON
    /// texts and, if given, the patterns' base URLs. Where `strict` and `untrusted` are the
    /// same on every row, weburl-arrow's column kernel answers (each distinct pattern
    /// compiled once, in `patterns`); else each row's [`weburl_arrow::generate_row`]. A null
    /// argument gives null; so does a value generate refuses.
    fn run_generate(
        name: &str,
        args: &[Strings<'_>],
        strict: &Flags<'_>,
        untrusted: &Flags<'_>,
        patterns: &PatternCache,
    ) -> Result<ArrayRef> {
        let generate = weburl_arrow::GenerateArgs {
            components: &args[1],
            groups: &args[2],
            bases: args.get(3),
        };
        if strict.is_scalar() && untrusted.is_scalar() {
            let (Some(strict), Some(untrusted)) = (strict.get(0), untrusted.get(0)) else {
                return Ok(new_null_array(&DataType::Utf8, args[0].len()));
            };
            return weburl_arrow::pattern_generate(
                &args[0],
                generate,
                strict,
                untrusted,
                patterns,
                Output::Utf8,
            )
            .or_else(|e| exec_err!("{name}: {e}"));
        }
        let mut reader = patterns.reader();
        let mut error = None;
        let array = weburl_arrow::map_rows_in(&args[0], Output::Utf8, |i, text, _| {
            if error.is_some() {
                return None;
            }
            let base = match generate.bases {
                None => None,
                Some(bases) => Some(bases.get(i)?),
            };
            let (strict, untrusted) = (strict.get(i)?, untrusted.get(i)?);
            let row = (generate.components.get(i), generate.groups.get(i));
            let answer =
                weburl_arrow::generate_in(&mut reader, text?, base, row, strict, untrusted);
            answer.map_err(|e| error = Some(e)).ok()?.map(Slice::Owned)
        });
        match error {
            Some(e) => exec_err!("{name}: {e}"),
            None => Ok(array),
        }
    }
}

/// One row's pattern arguments, `None` where null.
struct RowPattern<'a> {
    text: Option<&'a str>,
    base: Option<Option<&'a str>>,
    ignore_case: Option<bool>,
    untrusted: Option<bool>,
}

impl RowPattern<'_> {
    /// The pattern compiled (found in `reader`): `None` where an argument is null, or where
    /// it does not compile (its error kept in `error`, which ends the call) or a row before
    /// did not.
    fn compile<'r>(
        self,
        reader: &'r mut PatternReader<'_>,
        error: &mut Option<KernelError>,
    ) -> Option<&'r UrlPattern> {
        if error.is_some() {
            return None;
        }
        let (text, base, ignore_case) = (self.text?, self.base?, self.ignore_case?);
        reader
            .get_with(text, base, ignore_case, self.untrusted?)
            .map_err(|e| *error = Some(e))
            .ok()
    }
}

/// A boolean argument of a pattern function (`ignore_case`, `best`, `untrusted`): a
/// constant (false when left out) or a column.
enum Flags<'a> {
    Scalar(Option<bool>),
    Column(&'a BooleanArray),
}

impl Flags<'_> {
    /// Row `i`'s value: `None` where null.
    fn get(&self, i: usize) -> Option<bool> {
        match self {
            Flags::Scalar(value) => *value,
            Flags::Column(column) => column.is_valid(i).then(|| column.value(i)),
        }
    }

    /// Whether it is the same on every row.
    fn is_scalar(&self) -> bool {
        matches!(self, Flags::Scalar(_))
    }
}

/// `row` of each URL with the value of the optional second argument, a name (sections, a
/// profile) read by `parse` (`default` without it): null where the name is null, the
/// function's error for a name `parse` refuses. The answer is `Utf8View`, but `Utf8` for
/// `url_normalize`.
fn by_name<'a, T: Copy>(
    function: &str,
    args: &[Strings<'a>],
    parse: fn(&str) -> Result<T, KernelError>,
    default: T,
    row: fn(&'a str, T, &mut Spare) -> Option<Slice<'a>>,
) -> Result<ArrayRef> {
    let names = args.get(1);
    let mut error = None;
    let mut named = rows::Named::new(parse);
    let output = if function == "url_normalize" {
        Output::Utf8
    } else {
        Output::Utf8View
    };
    let array = weburl_arrow::map_rows_in(&args[0], output, |i, text, spare| {
        let value = match names {
            None => default,
            Some(names) => match named.get(names.get(i)?) {
                Ok(value) => value,
                Err(e) => {
                    error.get_or_insert(e);
                    return None;
                }
            },
        };
        row(text?, value, spare)
    });
    match error {
        Some(e) => exec_err!("{function}: {e}"),
        None => Ok(array),
    }
}

/// The string argument `value` as `rows` rows (named `what` in errors).
fn strings<'a>(value: &'a ColumnarValue, rows: usize, what: &str) -> Result<Strings<'a>> {
    match value {
        ColumnarValue::Array(array) => match Strings::try_new(array.as_ref()) {
            Ok(strings) => Ok(strings),
            Err(_) => exec_err!("{what} must be a string, not {}", array.data_type()),
        },
        ColumnarValue::Scalar(
            ScalarValue::Utf8(s) | ScalarValue::LargeUtf8(s) | ScalarValue::Utf8View(s),
        ) => Ok(Strings::scalar(s.as_deref(), rows)),
        ColumnarValue::Scalar(ScalarValue::Null) => Ok(Strings::scalar(None, rows)),
        ColumnarValue::Scalar(other) => {
            exec_err!("{what} must be a string, not {}", other.data_type())
        }
    }
}

/// The boolean argument `value` (`ignore_case`, `url_route`'s `best`: `what`) of
/// `function` (a boolean, which `coerce_types` made it).
fn flags<'a>(value: &'a ColumnarValue, function: &str, what: &str) -> Result<Flags<'a>> {
    match value {
        ColumnarValue::Array(array) => match array.as_boolean_opt() {
            Some(column) => Ok(Flags::Column(column)),
            None => exec_err!(
                "{function}: the {what} must be a boolean, not {}",
                array.data_type()
            ),
        },
        ColumnarValue::Scalar(ScalarValue::Boolean(value)) => Ok(Flags::Scalar(*value)),
        ColumnarValue::Scalar(ScalarValue::Null) => Ok(Flags::Scalar(None)),
        ColumnarValue::Scalar(other) => exec_err!(
            "{function}: the {what} must be a boolean, not {}",
            other.data_type()
        ),
    }
}

impl UrlFunction {
    /// The names of the function's boolean parameters, in order (`ignore_case` or
    /// `url_route`'s `best`, then `untrusted`).
    fn flag_names(&self) -> Vec<&'static str> {
        (self.function.params.iter())
            .filter(|p| p.kind == catalog::Kind::Bool)
            .map(|p| p.name)
            .collect()
    }

    /// Whether the argument after the required ones is the base URL, of `arg_types`: it is
    /// unless it is a boolean, or every optional argument is given (then it is the base
    /// URL, whatever its type, and `coerce_types` says so).
    fn base_given(&self, arg_types: &[DataType]) -> bool {
        let required = self.function.required();
        match arg_types.get(required) {
            None => false,
            Some(t) => t != &DataType::Boolean || arg_types.len() == self.function.params.len(),
        }
    }

    /// The parameter argument `k` of `arg_types` gives: its name and whether it is a
    /// boolean (`None` past the parameters).
    fn param_of(&self, arg_types: &[DataType], k: usize) -> Option<(&'static str, bool)> {
        let required = self.function.required();
        if k < required {
            return Some((self.function.params[k].name, false));
        }
        let base = self.base_given(arg_types);
        if base && k == required {
            return Some((self.function.params[k].name, false));
        }
        let flag = k - required - usize::from(base);
        self.flag_names().get(flag).map(|name| (*name, true))
    }

    /// The type of `url_pattern_exec`'s answer: a struct of `Utf8` fields, one per group of
    /// the pattern (named as `weburl_arrow::pattern_fields` names them), which its arguments
    /// after the URL, literals, give (compiled here once); a struct of no fields where one of
    /// them is null (the answer is null).
    fn exec_type(&self, args: &ReturnFieldArgs) -> Result<DataType> {
        let (mut text, mut base, mut flags) = (None, None, [false, false]);
        let types: Vec<DataType> = (args.arg_fields.iter())
            .map(|f| f.data_type().clone())
            .collect();
        let arguments = args.arg_fields.iter().zip(args.scalar_arguments);
        for (k, (_, value)) in arguments.enumerate().skip(1) {
            let (what, flag) = self.param_of(&types, k).unwrap_or(("untrusted", true));
            let Some(value) = value else {
                return plan_err!(
                    "{}: the {what} must be a constant: the fields of the answer are the pattern's groups",
                    self.name
                );
            };
            if value.is_null() {
                return Ok(DataType::Struct(Default::default()));
            }
            if flag {
                flags[usize::from(what == "untrusted")] =
                    matches!(value, ScalarValue::Boolean(Some(true)));
            } else if k == 1 {
                text = value.try_as_str().flatten();
            } else {
                base = value.try_as_str().flatten();
            }
        }
        let Some(text) = text else {
            return plan_err!("{}: the pattern must be a string", self.name);
        };
        let pattern = self
            .patterns
            .0
            .get_with(text, base, flags[0], flags[1])
            .or_else(|e| plan_err!("{}: {e}", self.name))?;
        Ok(DataType::Struct(weburl_arrow::pattern_fields(
            &pattern,
            Output::Utf8,
        )))
    }
}

impl ScalarUDFImpl for UrlFunction {
    fn name(&self) -> &str {
        &self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        match self.kernel.return_type() {
            Some(data_type) => Ok(data_type),
            None => plan_err!(
                "{}: the type is the pattern's groups (return_field_from_args)",
                self.name
            ),
        }
    }

    /// The return type, after compiling a pattern whose arguments (the pattern, its base URL
    /// and `ignore_case`) are literals at planning time, so that a query with a pattern that
    /// does not compile fails before it runs (and the batches find it compiled). An argument
    /// that is not a literal here may still be a constant, such as a literal cast to the
    /// column's string type: it is compiled when the function first runs.
    fn return_field_from_args(&self, args: ReturnFieldArgs) -> Result<FieldRef> {
        if self.kernel == Kernel::PatternExec {
            let data_type = self.exec_type(&args)?;
            return Ok(Arc::new(Field::new(self.name(), data_type, true)));
        }
        if matches!(
            self.kernel,
            Kernel::PatternTest | Kernel::PatternGroup | Kernel::Route
        ) && let Some(Some(pattern)) = args.scalar_arguments.get(1)
            && let Some(Some(text)) = pattern.try_as_str()
        {
            // The options, if all are literals (`None` where one is not, or is null: a null
            // argument gives null, and compiles nothing).
            let required = self.function.required();
            let types: Vec<DataType> = (args.arg_fields.iter())
                .map(|f| f.data_type().clone())
                .collect();
            let mut options = Some((None, [false, false]));
            for (k, value) in args.scalar_arguments.iter().enumerate().skip(required) {
                let (what, flag) = self.param_of(&types, k).unwrap_or(("untrusted", true));
                options = options.zip(*value).and_then(|((base, mut flags), value)| {
                    if flag {
                        let ScalarValue::Boolean(Some(on)) = value else {
                            return None;
                        };
                        flags[usize::from(what == "untrusted")] = *on;
                        Some((base, flags))
                    } else {
                        Some((Some(value.try_as_str()??), flags))
                    }
                });
            }
            if let Some((base, [ignore_case, untrusted])) = options {
                if self.kernel == Kernel::Route {
                    self.patterns
                        .1
                        .get_with(text, base, untrusted)
                        .or_else(|e| plan_err!("{}: {e}", self.name))?;
                } else {
                    self.patterns
                        .0
                        .get_with(text, base, ignore_case, untrusted)
                        .or_else(|e| plan_err!("{}: {e}", self.name))?;
                }
            }
        }
        Ok(Arc::new(Field::new(
            self.name(),
            self.return_type(&[])?,
            true,
        )))
    }

    /// The types a pattern function's arguments are cast to (the only functions whose
    /// signature is user-defined): the URL, the pattern, the name (`url_pattern_group`) and
    /// the pattern's base URL as the strings they are (a null as `Utf8`), and `ignore_case`
    /// a boolean, which is the last argument, and may follow the pattern (or the name) with
    /// no base URL between, as in JavaScript's `new URLPattern(input, options)`. Any other
    /// type, or number of arguments, fails the query with the function's synopsis.
    fn coerce_types(&self, arg_types: &[DataType]) -> Result<Vec<DataType>> {
        let names: Vec<&str> = self.function.param_names().collect();
        let required = self.function.required();
        let n = arg_types.len();
        let synopsis = || {
            let options: String = names[required..]
                .iter()
                .map(|name| format!("[, {name}]"))
                .collect();
            format!(
                "{}: takes ({}{options}), not {n} arguments",
                self.name,
                names[..required].join(", ")
            )
        };
        if n < required || n > names.len() {
            return plan_err!("{}", synopsis());
        }
        let strings = [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];
        arg_types
            .iter()
            .enumerate()
            .map(|(k, t)| {
                // After the required arguments: the base URL unless a boolean comes first,
                // then the booleans in order (`ignore_case` or `best`, `untrusted`).
                let Some((what, flag)) = self.param_of(arg_types, k) else {
                    return plan_err!("{}", synopsis());
                };
                match t {
                    // A null stays a null literal for `url_pattern_exec`, whose type its
                    // literals make (a cast would hide it from `return_field_from_args`).
                    DataType::Null if self.kernel == Kernel::PatternExec => Ok(DataType::Null),
                    DataType::Boolean | DataType::Null if flag => Ok(DataType::Boolean),
                    _ if flag => {
                        plan_err!("{}: the {what} must be a boolean, not {t}", self.name)
                    }
                    DataType::Null => Ok(DataType::Utf8),
                    DataType::Dictionary(_, value) if strings.contains(value) => {
                        Ok(value.as_ref().clone())
                    }
                    _ if strings.contains(t) => Ok(t.clone()),
                    _ => plan_err!("{}: the {what} must be a string, not {t}", self.name),
                }
            })
            .collect()
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        // The rows of a call: those of its first array argument, else `number_rows`.
        let rows = args
            .args
            .iter()
            .find_map(|a| match a {
                ColumnarValue::Array(a) => Some(a.len()),
                ColumnarValue::Scalar(_) => None,
            })
            .unwrap_or(args.number_rows);
        let names = self.function.param_names();
        let mut inputs = Vec::with_capacity(args.args.len());
        // A pattern function's booleans (`coerce_types`), in order: `ignore_case` (or
        // `best`), `untrusted`; false when left out.
        let mut booleans = Vec::with_capacity(2);
        let flag_names = self.flag_names();
        for (value, what) in args.args.iter().zip(names) {
            if value.data_type() == DataType::Boolean {
                let what = flag_names.get(booleans.len()).copied().unwrap_or(what);
                booleans.push(flags(value, &self.name, what)?);
            } else {
                inputs.push(strings(value, rows, what)?);
            }
        }
        let mut booleans = booleans.into_iter();
        let ignore_case = booleans.next().unwrap_or(Flags::Scalar(Some(false)));
        let untrusted = booleans.next().unwrap_or(Flags::Scalar(Some(false)));
        let patterns = &self.patterns.0;
        let array = match self.kernel {
            Kernel::Generate => {
                Kernel::run_generate(&self.name, &inputs, &ignore_case, &untrusted, patterns)?
            }
            Kernel::Route => Kernel::run_route(
                &self.name,
                &inputs,
                &ignore_case,
                &untrusted,
                &self.patterns.1,
            )?,
            kernel if kernel.is_pattern() => kernel.run_pattern(
                &self.name,
                &inputs,
                &ignore_case,
                &untrusted,
                patterns,
                args.return_field.data_type(),
            )?,
            _ => self.kernel.run(&self.name, &inputs)?,
        };
        // A call on scalars only answers a scalar.
        if args
            .args
            .iter()
            .all(|a| matches!(a, ColumnarValue::Scalar(_)))
        {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
                &array, 0,
            )?))
        } else {
            Ok(ColumnarValue::Array(array))
        }
    }
}
