//! Every function as one row of a table (SQL name, signature, kernel) and one
//! `ScalarUDFImpl` that runs any of them on weburl-arrow's kernels: this file only turns
//! DataFusion's arguments into [`Strings`] and the kernels' errors into DataFusion's.

use std::borrow::Cow;
use std::sync::Arc;

use datafusion::arrow::array::{ArrayRef, new_null_array};
use datafusion::arrow::datatypes::{DataType, Field, FieldRef};
use datafusion::common::{Result, ScalarValue, exec_err, plan_err};
use datafusion::logical_expr::{
    ColumnarValue, ReturnFieldArgs, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature,
    TypeSignature, Volatility,
};
use weburl::normalize::{Options, Profile};
use weburl::psl::Sections;
use weburl::{Component, Url};
use weburl_arrow::rows::{self, Slice};
use weburl_arrow::{Base, KernelError, Output, PatternCache, Strings};

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

/// The URL patterns a function has compiled, by their text: a pattern is compiled once (when
/// the query is planned, if it is a literal there) and every batch of every query that names
/// it again reuses it. Not part of the function's identity: two functions equal but for their
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
        ("url_pattern_test", Kernel::PatternTest, strings(&[2])),
        ("url_pattern_group", Kernel::PatternGroup, strings(&[3])),
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

    /// The names of the arguments, for errors.
    fn argument_names(self) -> &'static [&'static str] {
        match self {
            Kernel::Join => &["base", "ref"],
            Kernel::SearchParam => &["url", "name"],
            Kernel::PublicSuffix | Kernel::RegistrableDomain => &["url", "sections"],
            Kernel::Normalize => &["url", "profile"],
            Kernel::SparkParseUrl => &["url", "part", "key"],
            Kernel::PatternTest => &["url", "pattern"],
            Kernel::PatternGroup => &["url", "pattern", "name"],
            _ => &["url", "base"],
        }
    }

    /// The answer for the call's arguments (each `Strings` of the call's length), with
    /// patterns compiled through `patterns`.
    fn run(self, name: &str, args: &[Strings<'_>], patterns: &PatternCache) -> Result<ArrayRef> {
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
            Kernel::PatternTest => match literal(name, "pattern", &args[1])? {
                Some(pattern) => Arc::new(weburl_arrow::pattern_test(
                    url,
                    &*compile(name, pattern, patterns)?,
                    Base::None,
                )),
                None => new_null_array(&DataType::Boolean, url.len()),
            },
            Kernel::PatternGroup => {
                let pattern = literal(name, "pattern", &args[1])?;
                let group = literal(name, "name", &args[2])?;
                match (pattern, group) {
                    (Some(pattern), Some(group)) => weburl_arrow::pattern_group(
                        url,
                        &*compile(name, pattern, patterns)?,
                        group,
                        Base::None,
                        Output::Utf8,
                    ),
                    _ => new_null_array(&DataType::Utf8, url.len()),
                }
            }
        })
    }

    /// The arguments that must be literals (constants), by position: a URL pattern is
    /// compiled once per call, not once per row.
    fn literal_arguments(self) -> &'static [usize] {
        match self {
            Kernel::PatternTest => &[1],
            Kernel::PatternGroup => &[1, 2],
            _ => &[],
        }
    }
}

/// The value of the argument `what` of `function`, which must be a literal: `None` for a
/// null.
fn literal<'a>(function: &str, what: &str, value: &Strings<'a>) -> Result<Option<&'a str>> {
    if !value.is_scalar() {
        return exec_err!("{function}: the {what} must be a literal string, not a column");
    }
    Ok(value.get(0))
}

/// `pattern` compiled, or found compiled in `patterns` (an error naming `function`, the
/// pattern and where it is wrong).
fn compile(
    function: &str,
    pattern: &str,
    patterns: &PatternCache,
) -> Result<Arc<weburl::pattern::UrlPattern>> {
    patterns
        .get(pattern)
        .or_else(|e| exec_err!("{function}: {e}"))
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

    /// The return type, after compiling a pattern that is a literal at planning time, so that
    /// a query with a pattern that does not compile fails before it runs (and the batches
    /// find it compiled). An argument that is not a literal here may still be a constant,
    /// such as a literal cast to the column's string type: it is compiled when the function
    /// first runs.
    fn return_field_from_args(&self, args: ReturnFieldArgs) -> Result<FieldRef> {
        let names = self.kernel.argument_names();
        for &i in self.kernel.literal_arguments() {
            if names.get(i) == Some(&"pattern")
                && let Some(Some(value)) = args.scalar_arguments.get(i)
                && let Some(Some(pattern)) = value.try_as_str()
            {
                self.patterns
                    .0
                    .get(pattern)
                    .or_else(|e| plan_err!("{}: {e}", self.name))?;
            }
        }
        Ok(Arc::new(Field::new(
            self.name(),
            self.kernel.return_type(),
            true,
        )))
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
        let inputs = args
            .args
            .iter()
            .zip(names)
            .map(|(value, what)| strings(value, rows, what))
            .collect::<Result<Vec<_>>>()?;
        let array = self.kernel.run(&self.name, &inputs, &self.patterns.0)?;
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
