//! Every function as one row of a table (SQL name, signature, kernel) and one
//! `ScalarUDFImpl` that runs any of them on weburl-arrow's kernels: this file only turns
//! DataFusion's arguments into [`Strings`] and the kernels' errors into DataFusion's.

use std::borrow::Cow;
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
use weburl::normalize::{Options, Profile};
use weburl::pattern::UrlPattern;
use weburl::psl::Sections;
use weburl::{Component, Url};
use weburl_arrow::rows::{self, Slice};
use weburl_arrow::{
    Base, KernelError, Output, PatternCache, PatternReader, Strings, group_reference,
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
    PatternGroup,
}

/// One SQL function: a row of the table.
#[derive(Debug, PartialEq, Eq, Hash)]
struct UrlFunction {
    name: String,
    kernel: Kernel,
    signature: Signature,
    patterns: Patterns,
}

/// The URL patterns a function has compiled, by their text, base URL and `ignoreCase`: a
/// pattern is compiled once (when the query is planned, if its arguments are literals there)
/// and every batch of every query that names it again reuses it; a column of patterns is
/// compiled once per distinct value. Not part of the function's identity: two functions equal but for their
/// caches are equal.
#[derive(Debug, Default)]
struct Patterns(PatternCache);

impl PartialEq for Patterns {
    fn eq(&self, _: &Patterns) -> bool {
        true
    }
}

impl Eq for Patterns {}

impl std::hash::Hash for Patterns {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Every function of the crate.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    let strings = |counts: &[usize]| {
        let one_of = counts.iter().map(|&n| TypeSignature::String(n)).collect();
        Signature::one_of(one_of, Volatility::Immutable)
    };
    let mut table = vec![
        ("url_parse", Kernel::Parse, strings(&[1, 2])),
        ("url_can_parse", Kernel::CanParse, strings(&[1, 2])),
        ("url_error_name", Kernel::ErrorName, strings(&[1, 2])),
        ("url_join", Kernel::Join, strings(&[2])),
        ("url_search_param", Kernel::SearchParam, strings(&[2])),
        ("url_search_params", Kernel::SearchParams, strings(&[1])),
        ("parse_url", Kernel::SparkParseUrl, strings(&[2, 3])),
        ("url_public_suffix", Kernel::PublicSuffix, strings(&[1, 2])),
        (
            "url_registrable_domain",
            Kernel::RegistrableDomain,
            strings(&[1, 2]),
        ),
        ("url_normalize", Kernel::Normalize, strings(&[1, 2])),
        ("url_surt", Kernel::Surt, strings(&[1])),
        ("url_pattern_test", Kernel::PatternTest, user_defined()),
        ("url_pattern_group", Kernel::PatternGroup, user_defined()),
    ];
    let names: Vec<String> = Component::ALL
        .iter()
        .map(|c| format!("url_{}", c.name()))
        .collect();
    let components = Component::ALL.into_iter().zip(&names);
    table.extend(
        components.map(|(c, name)| (name.as_str(), Kernel::Component(c), strings(&[1, 2]))),
    );
    table
        .into_iter()
        .map(|(name, kernel, signature)| {
            let name = name.to_owned();
            ScalarUDF::from(UrlFunction {
                name,
                kernel,
                signature,
                patterns: Patterns::default(),
            })
        })
        .collect()
}

/// The signature of a pattern function, whose third or fourth argument is a string or a
/// boolean: its arguments are checked and cast by [`UrlFunction::coerce_types`].
fn user_defined() -> Signature {
    Signature::new(TypeSignature::UserDefined, Volatility::Immutable)
}

impl Kernel {
    /// The type of the answer.
    fn return_type(self) -> DataType {
        match self {
            Kernel::Parse => DataType::Struct(weburl_arrow::parse_fields(Output::Utf8)),
            Kernel::CanParse | Kernel::PatternTest => DataType::Boolean,
            Kernel::SearchParams => weburl_arrow::search_params_type(),
            Kernel::Join
            | Kernel::SearchParam
            | Kernel::Normalize
            | Kernel::Surt
            | Kernel::PatternGroup => DataType::Utf8,
            Kernel::Component(_)
            | Kernel::ErrorName
            | Kernel::PublicSuffix
            | Kernel::RegistrableDomain
            | Kernel::SparkParseUrl => DataType::Utf8View,
        }
    }

    /// How many arguments a pattern function takes before its options (the pattern's base
    /// URL and `ignore_case`, both optional).
    fn required_arguments(self) -> usize {
        if self == Kernel::PatternGroup { 3 } else { 2 }
    }

    /// The names of the arguments, for errors.
    fn argument_names(self) -> &'static [&'static str] {
        match self {
            Kernel::Join => &["base", "ref"],
            Kernel::SearchParam => &["url", "name"],
            Kernel::PublicSuffix | Kernel::RegistrableDomain => &["url", "sections"],
            Kernel::Normalize => &["url", "profile"],
            Kernel::SparkParseUrl => &["url", "part", "key"],
            Kernel::PatternTest => &["url", "pattern", "pattern_base", "ignore_case"],
            Kernel::PatternGroup => &["url", "pattern", "name", "pattern_base", "ignore_case"],
            _ => &["url", "base"],
        }
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
                rows::public_suffix,
            )?,
            Kernel::RegistrableDomain => by_name(
                name,
                args,
                weburl_arrow::sections,
                Sections::All,
                rows::registrable_domain,
            )?,
            Kernel::Normalize => {
                by_name(name, args, weburl_arrow::profile, Profile::Spec, normalized)?
            }
            Kernel::Surt => weburl_arrow::normalize(url, Profile::Surt, &Options::default()),
            Kernel::SparkParseUrl => {
                weburl_arrow::spark_parse_url(url, &args[1], args.get(2), Output::Utf8View)
                    .or_else(|e| exec_err!("{name}: {e}"))?
            }
            Kernel::PatternTest | Kernel::PatternGroup => {
                unreachable!("pattern functions run through `run_pattern`")
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
        patterns: &PatternCache,
    ) -> Result<ArrayRef> {
        let url = &args[0];
        let group = (self == Kernel::PatternGroup).then(|| &args[2]);
        let bases = args.get(if group.is_some() { 3 } else { 2 });
        let constant = args[1..].iter().all(Strings::is_scalar) && ignore_case.is_scalar();
        if constant {
            let (Some(text), Some(group), Some(base), Some(ignore_case)) = (
                args[1].get(0),
                group.map_or(Some(""), |g| g.get(0)),
                bases.map_or(Some(None), |b| b.get(0).map(Some)),
                ignore_case.get(0),
            ) else {
                return Ok(new_null_array(&self.return_type(), url.len()));
            };
            let pattern = patterns
                .get(text, base, ignore_case)
                .or_else(|e| exec_err!("{name}: {e}"))?;
            return Ok(match self {
                Kernel::PatternTest => {
                    Arc::new(weburl_arrow::pattern_test(url, &pattern, Base::None))
                }
                _ => weburl_arrow::pattern_group(url, &pattern, group, Base::None, Output::Utf8),
            });
        }
        let mut reader = patterns.reader();
        let mut error = None;
        let pattern_of = |i: usize| RowPattern {
            text: args[1].get(i),
            base: bases.map_or(Some(None), |b| b.get(i).map(Some)),
            ignore_case: ignore_case.get(i),
        };
        let array: ArrayRef = match group {
            None => {
                let mut out = BooleanBuilder::with_capacity(url.len());
                for i in 0..url.len() {
                    // The pattern is compiled (and its error raised) whatever the URL.
                    let pattern = pattern_of(i).compile(&mut reader, &mut error);
                    let answer = pattern.and_then(|pattern| {
                        let url = url.get(i)?;
                        Some(rows::parse(url, None).is_ok_and(|url| pattern.test_url(&url)))
                    });
                    out.append_option(answer);
                }
                Arc::new(out.finish())
            }
            Some(groups) => weburl_arrow::map_rows(url, Output::Utf8, |i, text| {
                let pattern = pattern_of(i).compile(&mut reader, &mut error)?;
                let (component, group) = group_reference(groups.get(i)?);
                let url = rows::parse(text?, None).ok()?;
                let value = rows::pattern_group(&url, pattern, component, group)?;
                Some(Slice::Owned(value.to_owned()))
            }),
        };
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
            .get(text, base, ignore_case)
            .map_err(|e| *error = Some(e))
            .ok()
    }
}

/// The `ignore_case` argument of a pattern function: a constant (false when left out) or
/// a column.
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

/// `url_normalize`'s row: the URL in `profile`'s canonical form, with the default options.
fn normalized(input: &str, profile: Profile) -> Option<Slice<'_>> {
    let url = Url::parse(input).ok()?;
    match rows::normalize(&url, profile, &Options::default())? {
        Cow::Owned(text) => Some(Slice::Owned(text)),
        Cow::Borrowed(href) => {
            let len = href.len();
            Some(Slice::Href(url, 0..len))
        }
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
    row: fn(&'a str, T) -> Option<Slice<'a>>,
) -> Result<ArrayRef> {
    let names = args.get(1);
    let mut error = None;
    let mut last: Option<(&str, T)> = None;
    let output = if function == "url_normalize" {
        Output::Utf8
    } else {
        Output::Utf8View
    };
    let array = weburl_arrow::map_rows(&args[0], output, |i, text| {
        let value = match names {
            None => default,
            Some(names) => match (names.get(i)?, last) {
                (name, Some((seen, value))) if seen == name => value,
                (name, _) => match parse(name) {
                    Ok(value) => last.insert((name, value)).1,
                    Err(e) => {
                        error.get_or_insert(e);
                        return None;
                    }
                },
            },
        };
        row(text?, value)
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

/// The `ignore_case` argument `value` of `function` (a boolean, which `coerce_types` made it).
fn flags<'a>(value: &'a ColumnarValue, function: &str) -> Result<Flags<'a>> {
    match value {
        ColumnarValue::Array(array) => match array.as_boolean_opt() {
            Some(column) => Ok(Flags::Column(column)),
            None => exec_err!(
                "{function}: the ignore_case must be a boolean, not {}",
                array.data_type()
            ),
        },
        ColumnarValue::Scalar(ScalarValue::Boolean(value)) => Ok(Flags::Scalar(*value)),
        ColumnarValue::Scalar(ScalarValue::Null) => Ok(Flags::Scalar(None)),
        ColumnarValue::Scalar(other) => exec_err!(
            "{function}: the ignore_case must be a boolean, not {}",
            other.data_type()
        ),
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
        Ok(self.kernel.return_type())
    }

    /// The return type, after compiling a pattern whose arguments (the pattern, its base URL
    /// and `ignore_case`) are literals at planning time, so that a query with a pattern that
    /// does not compile fails before it runs (and the batches find it compiled). An argument
    /// that is not a literal here may still be a constant, such as a literal cast to the
    /// column's string type: it is compiled when the function first runs.
    fn return_field_from_args(&self, args: ReturnFieldArgs) -> Result<FieldRef> {
        if matches!(self.kernel, Kernel::PatternTest | Kernel::PatternGroup)
            && let Some(Some(pattern)) = args.scalar_arguments.get(1)
            && let Some(Some(text)) = pattern.try_as_str()
        {
            // The options, if all are literals (`None` where one is not, or is null: a null
            // argument gives null, and compiles nothing).
            let required = self.kernel.required_arguments();
            let mut options = Some((None, false));
            for (field, value) in args
                .arg_fields
                .iter()
                .zip(args.scalar_arguments)
                .skip(required)
            {
                options = options
                    .zip(*value)
                    .and_then(|((base, ignore_case), value)| {
                        if field.data_type() == &DataType::Boolean {
                            let ScalarValue::Boolean(Some(flag)) = value else {
                                return None;
                            };
                            Some((base, *flag))
                        } else {
                            Some((Some(value.try_as_str()??), ignore_case))
                        }
                    });
            }
            if let Some((base, ignore_case)) = options {
                self.patterns
                    .0
                    .get(text, base, ignore_case)
                    .or_else(|e| plan_err!("{}: {e}", self.name))?;
            }
        }
        Ok(Arc::new(Field::new(
            self.name(),
            self.kernel.return_type(),
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
        let names = self.kernel.argument_names();
        let required = self.kernel.required_arguments();
        let n = arg_types.len();
        if n < required || n > names.len() {
            return plan_err!(
                "{}: takes ({}[, {}][, {}]), not {n} arguments",
                self.name,
                names[..required].join(", "),
                names[required],
                names[required + 1]
            );
        }
        let strings = [DataType::Utf8, DataType::LargeUtf8, DataType::Utf8View];
        arg_types
            .iter()
            .enumerate()
            .map(|(k, t)| {
                // The option after the required arguments is `ignore_case` when it is the
                // last and a boolean; the one after that is always `ignore_case`.
                let flag =
                    k == required + 1 || (k == required && n == k + 1 && t == &DataType::Boolean);
                let what = if flag { "ignore_case" } else { names[k] };
                match t {
                    DataType::Boolean | DataType::Null if flag => Ok(DataType::Boolean),
                    _ if flag => {
                        plan_err!("{}: the ignore_case must be a boolean, not {t}", self.name)
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
        let names = self.kernel.argument_names().iter();
        let mut inputs = Vec::with_capacity(args.args.len());
        let mut ignore_case = Flags::Scalar(Some(false));
        for (value, what) in args.args.iter().zip(names) {
            // Only a pattern function takes a boolean (`coerce_types`): its `ignore_case`.
            if value.data_type() == DataType::Boolean {
                ignore_case = flags(value, &self.name)?;
            } else {
                inputs.push(strings(value, rows, what)?);
            }
        }
        let patterns = &self.patterns.0;
        let array = match self.kernel {
            Kernel::PatternTest | Kernel::PatternGroup => {
                self.kernel
                    .run_pattern(&self.name, &inputs, &ignore_case, patterns)?
            }
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
