//! The URL Standard's functions: parse, components, can_parse, error names, join, search
//! parameters.

use std::sync::Arc;

use datafusion::arrow::array::{
    Array, ArrayRef, BooleanBuilder, ListBuilder, StringBuilder, StringViewBuilder, StructArray,
    StructBuilder,
};
use datafusion::arrow::buffer::NullBuffer;
use datafusion::arrow::datatypes::{DataType, Field, Fields};
use datafusion::common::{Result, ScalarValue};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, TypeSignature, Volatility,
};
use std::borrow::Cow;

use weburl::{Component, ParseError, Url};

use crate::args::{Strings, all_scalar, rows};

/// `(url)` or `(url, base)`, strings of any layout.
fn url_signature() -> Signature {
    Signature::one_of(
        vec![TypeSignature::String(1), TypeSignature::String(2)],
        Volatility::Immutable,
    )
}

/// Parses row by row: `input` against `base` (when the call has one). A null input or base
/// gives `None`. A base that does not parse fails the row with the base's error, as
/// `new URL(input, base)` throws it. The base of a scalar argument is parsed once.
pub(crate) struct RowParser<'a> {
    pub(crate) inputs: Strings<'a>,
    bases: Option<Strings<'a>>,
    /// The parsed scalar base (`None`: null).
    scalar_base: Option<Result<Url, ParseError>>,
    /// The last array base parsed, by its text, to skip re-parsing runs of one base.
    last_base: Option<(&'a str, Result<Url, ParseError>)>,
}

impl<'a> RowParser<'a> {
    pub(crate) fn new(args: &'a [ColumnarValue], input_index: usize) -> Result<RowParser<'a>> {
        let inputs = Strings::new(&args[input_index], "url")?;
        let base_index = if input_index == 0 { 1 } else { 0 };
        let bases = match args.get(base_index) {
            Some(b) if args.len() == 2 => Some(Strings::new(b, "base")?),
            _ => None,
        };
        let scalar_base = match &bases {
            Some(b) if b.is_scalar() => b.get(0).map(Url::parse),
            _ => None,
        };
        Ok(RowParser {
            inputs,
            bases,
            scalar_base,
            last_base: None,
        })
    }

    /// Row `i`: the input text and its URL, `None` when either does not parse.
    pub(crate) fn row(&mut self, i: usize) -> Option<(&'a str, Url)> {
        let (input, url) = self.parse_row(i)?;
        Some((input, url.ok()?))
    }

    /// Row `i`: the input text and the result of parsing it.
    pub(crate) fn parse_row(&mut self, i: usize) -> Option<(&'a str, Result<Url, ParseError>)> {
        let input = self.inputs.get(i)?;
        let base = match &self.bases {
            None => return Some((input, Url::parse(input))),
            Some(bases) if bases.is_scalar() => self.scalar_base.as_ref()?,
            Some(bases) => {
                let text = bases.get(i)?;
                if self.last_base.as_ref().is_none_or(|(t, _)| *t != text) {
                    self.last_base = Some((text, Url::parse(text)));
                }
                &self.last_base.as_ref()?.1
            }
        };
        let url = match base {
            Ok(base) => Url::parse_with_base(input, base),
            Err(e) => Err(*e),
        };
        Some((input, url))
    }
}

/// Turns a result of `n` rows into the call's result: a scalar when every argument was one.
pub(crate) fn finish(args: &[ColumnarValue], array: ArrayRef) -> Result<ColumnarValue> {
    if all_scalar(args) {
        Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
            &array, 0,
        )?))
    } else {
        Ok(ColumnarValue::Array(array))
    }
}

/// `url_href`, `url_origin`, ... : one component, as `Utf8View`. When the input is a `Utf8`
/// array and already its own href (the common case of clean data), a component longer than
/// a view's 12 inline bytes is a view into the input's buffer: no copy.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct ComponentUdf {
    name: String,
    component: Component,
    signature: Signature,
}

impl ComponentUdf {
    pub(crate) fn new(component: Component) -> ComponentUdf {
        ComponentUdf {
            name: format!("url_{}", component.name()),
            component,
            signature: url_signature(),
        }
    }
}

impl ScalarUDFImpl for ComponentUdf {
    fn name(&self) -> &str {
        &self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let n = rows(&args.args, args.number_rows);
        let mut parser = RowParser::new(&args.args, 0)?;
        let mut builder = StringViewBuilder::with_capacity(n);
        // Views may point into the input's value buffer (shared, not copied).
        let input_array = parser.inputs.utf8_array();
        let block = input_array.map(|a| builder.append_block(a.values().clone()));
        for i in 0..n {
            let Some((input, url)) = parser.row(i) else {
                builder.append_null();
                continue;
            };
            let value = url.get(self.component);
            match (value, input_array, block) {
                (Cow::Borrowed(s), Some(array), Some(block))
                    if s.len() > 12 && url.href() == input =>
                {
                    let in_href = s.as_ptr() as usize - url.href().as_ptr() as usize;
                    let start = array.value_offsets()[i] as usize + in_href;
                    match (u32::try_from(start), u32::try_from(s.len())) {
                        (Ok(start), Ok(len)) => builder.try_append_view(block, start, len)?,
                        _ => builder.append_value(s),
                    }
                }
                (value, _, _) => builder.append_value(value),
            }
        }
        finish(&args.args, Arc::new(builder.finish()))
    }
}

/// The struct type of `url_parse`: the eleven components, all `Utf8`.
pub(crate) fn components_type() -> DataType {
    DataType::Struct(Fields::from(
        Component::ALL
            .iter()
            .map(|component| Field::new(component.name(), DataType::Utf8, false))
            .collect::<Vec<_>>(),
    ))
}

/// `url_parse(url [, base])`: a struct of the eleven components, null when it does not parse.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct ParseUdf {
    signature: Signature,
}

impl ParseUdf {
    pub(crate) fn new() -> ParseUdf {
        ParseUdf {
            signature: url_signature(),
        }
    }
}

impl ScalarUDFImpl for ParseUdf {
    fn name(&self) -> &str {
        "url_parse"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(components_type())
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let n = rows(&args.args, args.number_rows);
        let mut parser = RowParser::new(&args.args, 0)?;
        let mut columns: Vec<StringBuilder> = (0..Component::ALL.len())
            .map(|_| StringBuilder::with_capacity(n, n * 8))
            .collect();
        let mut valid = Vec::with_capacity(n);
        for i in 0..n {
            match parser.row(i) {
                Some((_, url)) => {
                    for (builder, component) in columns.iter_mut().zip(Component::ALL) {
                        builder.append_value(url.get(component));
                    }
                    valid.push(true);
                }
                None => {
                    // A null struct row still has (empty) child values.
                    for builder in &mut columns {
                        builder.append_value("");
                    }
                    valid.push(false);
                }
            }
        }
        let DataType::Struct(fields) = components_type() else {
            unreachable!("components_type is a struct")
        };
        let arrays: Vec<ArrayRef> = columns
            .iter_mut()
            .map(|b| Arc::new(b.finish()) as ArrayRef)
            .collect();
        let array = StructArray::try_new(fields, arrays, Some(NullBuffer::from(valid)))?;
        finish(&args.args, Arc::new(array))
    }
}

/// `url_can_parse(url [, base])`: whether it parses (null for a null input).
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct CanParseUdf {
    signature: Signature,
}

impl CanParseUdf {
    pub(crate) fn new() -> CanParseUdf {
        CanParseUdf {
            signature: url_signature(),
        }
    }
}

impl ScalarUDFImpl for CanParseUdf {
    fn name(&self) -> &str {
        "url_can_parse"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Boolean)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let n = rows(&args.args, args.number_rows);
        let inputs = Strings::new(&args.args[0], "url")?;
        let bases = match args.args.get(1) {
            Some(b) => Some(Strings::new(b, "base")?),
            None => None,
        };
        let mut builder = BooleanBuilder::with_capacity(n);
        for i in 0..n {
            let input = inputs.get(i);
            let base = bases.as_ref().map(|b| b.get(i));
            match (input, base) {
                (None, _) | (_, Some(None)) => builder.append_null(),
                (Some(input), base) => {
                    builder.append_value(Url::can_parse(input, base.flatten()));
                }
            }
        }
        finish(&args.args, Arc::new(builder.finish()))
    }
}

/// `url_error_name(url [, base])`: the URL Standard's name of the validation error that made
/// the URL fail to parse (`port-out-of-range`, `host-missing`, a host's error...), null where
/// it parses and for a null. A base that does not parse gives the base's error.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct ErrorNameUdf {
    signature: Signature,
}

impl ErrorNameUdf {
    pub(crate) fn new() -> ErrorNameUdf {
        ErrorNameUdf {
            signature: url_signature(),
        }
    }
}

impl ScalarUDFImpl for ErrorNameUdf {
    fn name(&self) -> &str {
        "url_error_name"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let n = rows(&args.args, args.number_rows);
        let mut parser = RowParser::new(&args.args, 0)?;
        let mut builder = StringViewBuilder::with_capacity(n);
        for i in 0..n {
            let error = parser.parse_row(i).and_then(|(_, url)| url.err());
            builder.append_option(error.map(ParseError::spec_name));
        }
        finish(&args.args, Arc::new(builder.finish()))
    }
}

/// `url_join(base, ref)`: the href of `ref` resolved against `base`, null on failure.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct JoinUdf {
    signature: Signature,
}

impl JoinUdf {
    pub(crate) fn new() -> JoinUdf {
        JoinUdf {
            signature: Signature::string(2, Volatility::Immutable),
        }
    }
}

impl ScalarUDFImpl for JoinUdf {
    fn name(&self) -> &str {
        "url_join"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let n = rows(&args.args, args.number_rows);
        // The reference is the second argument, the base the first.
        let mut parser = RowParser::new(&args.args, 1)?;
        let mut builder = StringBuilder::with_capacity(n, n * 32);
        for i in 0..n {
            match parser.row(i) {
                Some((_, url)) => builder.append_value(url.href()),
                None => builder.append_null(),
            }
        }
        finish(&args.args, Arc::new(builder.finish()))
    }
}

/// `url_search_param(url, name)`: the first value of the query parameter `name`
/// (`URLSearchParams.get`), null when absent or when the URL does not parse.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct SearchParamUdf {
    signature: Signature,
}

impl SearchParamUdf {
    pub(crate) fn new() -> SearchParamUdf {
        SearchParamUdf {
            signature: Signature::string(2, Volatility::Immutable),
        }
    }
}

impl ScalarUDFImpl for SearchParamUdf {
    fn name(&self) -> &str {
        "url_search_param"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let n = rows(&args.args, args.number_rows);
        let inputs = Strings::new(&args.args[0], "url")?;
        let names = Strings::new(&args.args[1], "name")?;
        let mut builder = StringBuilder::with_capacity(n, n * 8);
        for i in 0..n {
            let value = match (inputs.get(i), names.get(i)) {
                (Some(input), Some(name)) => Url::parse(input)
                    .ok()
                    .and_then(|url| url.search_params().get(name).map(str::to_owned)),
                _ => None,
            };
            builder.append_option(value);
        }
        finish(&args.args, Arc::new(builder.finish()))
    }
}

/// The element type of `url_search_params`: `{name, value}`.
fn pair_fields() -> Fields {
    Fields::from(vec![
        Field::new("name", DataType::Utf8, false),
        Field::new("value", DataType::Utf8, false),
    ])
}

fn pairs_type() -> DataType {
    DataType::List(Arc::new(Field::new(
        "item",
        DataType::Struct(pair_fields()),
        true,
    )))
}

/// `url_search_params(url)`: the query's name-value pairs, decoded as `URLSearchParams`
/// does, as a list of `{name, value}`; null when the URL does not parse.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct SearchParamsUdf {
    signature: Signature,
}

impl SearchParamsUdf {
    pub(crate) fn new() -> SearchParamsUdf {
        SearchParamsUdf {
            signature: Signature::string(1, Volatility::Immutable),
        }
    }
}

impl ScalarUDFImpl for SearchParamsUdf {
    fn name(&self) -> &str {
        "url_search_params"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(pairs_type())
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let n = rows(&args.args, args.number_rows);
        let inputs = Strings::new(&args.args[0], "url")?;
        let values = StructBuilder::new(
            pair_fields(),
            vec![
                Box::new(StringBuilder::new()) as Box<dyn datafusion::arrow::array::ArrayBuilder>,
                Box::new(StringBuilder::new()),
            ],
        );
        let mut builder = ListBuilder::new(values).with_field(Arc::new(Field::new(
            "item",
            DataType::Struct(pair_fields()),
            true,
        )));
        for i in 0..n {
            let Some(url) = inputs.get(i).and_then(|input| Url::parse(input).ok()) else {
                builder.append_null();
                continue;
            };
            let params = url.search_params();
            let pairs = builder.values();
            for (name, value) in params.iter() {
                pairs
                    .field_builder::<StringBuilder>(0)
                    .expect("name builder")
                    .append_value(name);
                pairs
                    .field_builder::<StringBuilder>(1)
                    .expect("value builder")
                    .append_value(value);
                pairs.append(true);
            }
            builder.append(true);
        }
        let array: ArrayRef = Arc::new(builder.finish());
        debug_assert_eq!(array.len(), n);
        finish(&args.args, array)
    }
}

/// `parse_url(url, part [, key])` with Spark SQL's semantics (see [`crate::spark`]), as
/// `Utf8View`: every answer is a slice of the input, so for a `Utf8` input column each value
/// over 12 bytes is a view into the input's buffer.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct SparkParseUrlUdf {
    signature: Signature,
}

impl SparkParseUrlUdf {
    pub(crate) fn new() -> SparkParseUrlUdf {
        SparkParseUrlUdf {
            signature: Signature::one_of(
                vec![TypeSignature::String(2), TypeSignature::String(3)],
                Volatility::Immutable,
            ),
        }
    }
}

impl ScalarUDFImpl for SparkParseUrlUdf {
    fn name(&self) -> &str {
        "parse_url"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        use crate::spark::{SparkError, parse_url_checked};
        use datafusion::common::exec_err;

        let n = rows(&args.args, args.number_rows);
        let urls = Strings::new(&args.args[0], "url")?;
        let parts = Strings::new(&args.args[1], "part")?;
        let keys = match args.args.get(2) {
            Some(k) => Some(Strings::new(k, "key")?),
            None => None,
        };
        let mut builder = StringViewBuilder::with_capacity(n);
        let input_array = urls.utf8_array();
        let block = input_array.map(|a| builder.append_block(a.values().clone()));
        for i in 0..n {
            let (Some(url), Some(part)) = (urls.get(i), parts.get(i)) else {
                builder.append_null();
                continue;
            };
            let key = match &keys {
                Some(keys) => match keys.get(i) {
                    Some(key) => Some(key),
                    None => {
                        builder.append_null();
                        continue;
                    }
                },
                None => None,
            };
            let answer = match parse_url_checked(url, part, key) {
                Ok(answer) => answer,
                // Java throws NumberFormatException, which Spark does not catch: a query
                // here goes on past the row instead.
                Err(SparkError::UriNumberFormat) => None,
                Err(SparkError::InvalidKeyPattern) => {
                    return exec_err!(
                        "parse_url: the key {:?} makes an invalid regular expression, as Spark \
                         would report",
                        key.unwrap_or_default()
                    );
                }
                Err(SparkError::UnsupportedKeyPattern) => {
                    return exec_err!(
                        "parse_url: the key {:?} uses Java regular-expression syntax that is not \
                         emulated (lookaround, back references, flags, \\p{{..}}, ...)",
                        key.unwrap_or_default()
                    );
                }
            };
            match (answer, input_array, block) {
                (None, _, _) => builder.append_null(),
                (Some(s), Some(array), Some(block)) if s.len() > 12 => {
                    let start = array.value_offsets()[i] as usize
                        + (s.as_ptr() as usize - url.as_ptr() as usize);
                    match (u32::try_from(start), u32::try_from(s.len())) {
                        (Ok(start), Ok(len)) => builder.try_append_view(block, start, len)?,
                        _ => builder.append_value(&*s),
                    }
                }
                (Some(s), _, _) => builder.append_value(&*s),
            }
        }
        finish(&args.args, Arc::new(builder.finish()))
    }
}

/// What a [`DomainUdf`] answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum DomainPart {
    PublicSuffix,
    RegistrableDomain,
}

/// `url_public_suffix(url [, sections])` and `url_registrable_domain(url [, sections])`: the
/// URL Standard's public suffix and registrable domain of the URL's host, by the Public
/// Suffix List built into weburl (`sections` `'all'`, the default, or `'icann'`); null when
/// the URL does not parse or its host is not a domain.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct DomainUdf {
    part: DomainPart,
    signature: Signature,
}

impl DomainUdf {
    pub(crate) fn new(part: DomainPart) -> DomainUdf {
        DomainUdf {
            part,
            signature: url_signature(),
        }
    }
}

impl ScalarUDFImpl for DomainUdf {
    fn name(&self) -> &str {
        match self.part {
            DomainPart::PublicSuffix => "url_public_suffix",
            DomainPart::RegistrableDomain => "url_registrable_domain",
        }
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8View)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        use datafusion::common::exec_err;
        use weburl::psl::Sections;

        let n = rows(&args.args, args.number_rows);
        let inputs = Strings::new(&args.args[0], "url")?;
        let sections = match args.args.get(1) {
            Some(s) => Some(Strings::new(s, "sections")?),
            None => None,
        };
        let mut builder = StringViewBuilder::with_capacity(n);
        for i in 0..n {
            let section = match sections.as_ref().map(|s| s.get(i)) {
                None | Some(Some("all")) => Sections::All,
                Some(Some("icann")) => Sections::Icann,
                Some(None) => {
                    builder.append_null();
                    continue;
                }
                Some(Some(other)) => {
                    return exec_err!(
                        "{}: sections must be 'all' or 'icann', not {other:?}",
                        self.name()
                    );
                }
            };
            let url = inputs.get(i).and_then(|input| Url::parse(input).ok());
            let answer = url.as_ref().and_then(|url| match self.part {
                DomainPart::PublicSuffix => url.public_suffix_in(section),
                DomainPart::RegistrableDomain => url.registrable_domain_in(section),
            });
            builder.append_option(answer);
        }
        finish(&args.args, Arc::new(builder.finish()))
    }
}

/// `url_normalize(url [, profile])` (`'spec'`, the default: the href; `'dedup'`, `'w3lib'`,
/// `'surt'`: the profiles of `weburl normalize`, `weburl::normalize::canonicalize`) and
/// `url_surt(url)` (the SURT key); null when the URL does not parse.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct NormalizeUdf {
    surt: bool,
    signature: Signature,
}

impl NormalizeUdf {
    pub(crate) fn new(surt: bool) -> NormalizeUdf {
        NormalizeUdf {
            surt,
            signature: if surt {
                Signature::string(1, Volatility::Immutable)
            } else {
                url_signature()
            },
        }
    }
}

impl ScalarUDFImpl for NormalizeUdf {
    fn name(&self) -> &str {
        if self.surt {
            "url_surt"
        } else {
            "url_normalize"
        }
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(DataType::Utf8)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        use datafusion::common::exec_err;
        use weburl::normalize::{Options, Profile, canonicalize, surt};

        let n = rows(&args.args, args.number_rows);
        let inputs = Strings::new(&args.args[0], "url")?;
        let profiles = match args.args.get(1) {
            Some(p) => Some(Strings::new(p, "profile")?),
            None => None,
        };
        let options = Options::default();
        let mut builder = StringBuilder::with_capacity(n, n * 32);
        for i in 0..n {
            let profile = match profiles.as_ref().map(|p| p.get(i)) {
                None => Profile::Spec,
                Some(None) => {
                    builder.append_null();
                    continue;
                }
                Some(Some(name)) => match Profile::from_name(name) {
                    Some(profile) => profile,
                    None => {
                        return exec_err!(
                            "url_normalize: unknown profile {name:?} (expected 'spec', 'dedup', 'w3lib' or 'surt')"
                        );
                    }
                },
            };
            let Some(url) = inputs.get(i).and_then(|input| Url::parse(input).ok()) else {
                builder.append_null();
                continue;
            };
            if self.surt || profile == Profile::Surt {
                builder.append_value(surt(&url, &options));
            } else if profile == Profile::Spec {
                builder.append_value(url.href());
            } else {
                builder.append_option(canonicalize(&url, profile, &options).ok());
            }
        }
        finish(&args.args, Arc::new(builder.finish()))
    }
}
