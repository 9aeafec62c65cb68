//! The array kernels: each is one pass over the input through [`crate::rows`], written once
//! for every input layout and output type.

use std::borrow::Cow;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, GenericStringBuilder};
use arrow_array::{ArrayRef, BooleanArray, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{Field, Fields};
use weburl::normalize::{Options, Profile};
use weburl::psl::Sections;
use weburl::{Component, Url};

use crate::base::{Bases, RowBase};
use crate::rows::{self, Slice, Spare};
use crate::sink::{Sink, ViewBuilder};
use crate::views::ViewTable;
use crate::{Base, Output, Strings};

/// Writes `f` of each row to `sink`: null where it gives `None`. `f` parses in the spare
/// URL it is given, and a URL its answer holds is kept there for the next row.
fn drive<'a, S: Sink>(
    input: &Strings<'a>,
    mut sink: S,
    mut f: impl FnMut(Option<&'a str>, &mut Spare) -> Option<Slice<'a>>,
) -> ArrayRef {
    let mut spare = Spare::default();
    input.for_each_located(|text, at| match f(text, &mut spare) {
        None => sink.null(),
        Some(Slice::Input(text, range)) => place(&mut sink, &text[range], text, at),
        Some(answer) => {
            sink.text(answer.as_str());
            spare.keep_answer(answer);
        }
    });
    sink.finish()
}

/// Writes `answer` to `sink`: as found in the input where it is a part of `row`, the row's
/// text, which is at `at` in the input's buffers (found by address), else as text.
#[inline(always)]
fn place<S: Sink>(sink: &mut S, answer: &str, row: &str, at: Option<(u32, u32)>) {
    let start = (answer.as_ptr() as usize).wrapping_sub(row.as_ptr() as usize);
    match at {
        Some((block, offset)) if start <= row.len() && answer.len() <= row.len() - start => {
            match u32::try_from(offset as usize + start) {
                Ok(start) => sink.located(answer, (block, start)),
                Err(_) => sink.text(answer),
            }
        }
        _ => sink.text(answer),
    }
}

/// A string array of `f` of each row, as `output` (`f` as in [`drive`]).
fn strings<'a>(
    input: &Strings<'a>,
    output: Output,
    f: impl FnMut(Option<&'a str>, &mut Spare) -> Option<Slice<'a>>,
) -> ArrayRef {
    let rows = input.len();
    let bytes = input.bytes();
    match output {
        Output::Utf8View => drive(input, ViewBuilder::new(rows, input.blocks()), f),
        Output::Utf8 => drive(
            input,
            GenericStringBuilder::<i32>::with_capacity(rows, bytes),
            f,
        ),
        Output::LargeUtf8 => drive(
            input,
            GenericStringBuilder::<i64>::with_capacity(rows, bytes),
            f,
        ),
    }
}

/// The getter `component` of each URL (parsed against `base`), as `Utf8View`: views into
/// the input where the input is already the URL's href, else into one block of copies; null
/// where the input (or its base) is null or does not parse.
///
/// ```
/// use std::sync::Arc;
/// use weburl::Component;
/// use weburl_arrow::arrow_array::{Array, StringArray, StringViewArray};
/// use weburl_arrow::{Strings, component};
/// let urls = StringArray::from(vec![Some("https://a.example/x?y"), Some("/rel"), None]);
/// let paths = component(&Strings::try_new(&urls).unwrap(), None, Component::Pathname);
/// let paths = paths.as_any().downcast_ref::<StringViewArray>().unwrap();
/// assert_eq!(paths.iter().collect::<Vec<_>>(), [Some("/x"), None, None]);
/// ```
#[must_use]
pub fn component<'a>(
    input: &Strings<'a>,
    base: impl Into<Base<'a>>,
    component: Component,
) -> ArrayRef {
    component_as(input, base, component, Output::Utf8View)
}

/// [`component`] as `output`.
///
/// ```
/// use weburl::Component;
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Strings, component_as};
/// let urls = StringArray::from(vec!["https://a.example/"]);
/// let hosts = component_as(&Strings::try_new(&urls).unwrap(), None, Component::Host, Output::Utf8);
/// assert_eq!(hosts.as_any().downcast_ref::<StringArray>().unwrap().value(0), "a.example");
/// ```
#[must_use]
pub fn component_as<'a>(
    input: &Strings<'a>,
    base: impl Into<Base<'a>>,
    component: Component,
    output: Output,
) -> ArrayRef {
    let mut bases = Bases::new(base.into());
    let rows = input.len();
    let bytes = input.bytes();
    match output {
        Output::Utf8View => components(
            input,
            &mut bases,
            component,
            ViewBuilder::new(rows, input.blocks()),
            true,
        ),
        Output::Utf8 => components(
            input,
            &mut bases,
            component,
            GenericStringBuilder::<i32>::with_capacity(rows, bytes),
            false,
        ),
        Output::LargeUtf8 => components(
            input,
            &mut bases,
            component,
            GenericStringBuilder::<i64>::with_capacity(rows, bytes),
            false,
        ),
    }
}

/// [`component_as`] into `sink`, each row parsed in one kept URL ([`rows::with_component`]);
/// `views`: the sink takes views into the input, so an answer is looked for in the row's
/// text first (an answer that is copied anyway is taken from the href without comparing it
/// with the input).
fn components<S: Sink>(
    input: &Strings<'_>,
    bases: &mut Bases<'_>,
    component: Component,
    mut sink: S,
    views: bool,
) -> ArrayRef {
    let mut spare = Spare::default();
    input.for_each_located(|text, at| match (bases.next(), text) {
        (RowBase::Parse(base), Some(text)) => {
            rows::with_component(
                text,
                base,
                component,
                views,
                &mut spare,
                |answer| match answer {
                    Some(answer) => place(&mut sink, answer, text, at),
                    None => sink.null(),
                },
            );
        }
        _ => sink.null(),
    });
    sink.finish()
}

/// The URL Standard's public suffix of each URL's host by `sections` of the embedded Public
/// Suffix List, as `Utf8View`; null where the input is null, does not parse, or its host is
/// not a domain.
///
/// ```
/// use weburl::psl::Sections;
/// use weburl_arrow::arrow_array::{Array, StringArray, StringViewArray};
/// use weburl_arrow::{Strings, public_suffix};
/// let urls = StringArray::from(vec!["https://www.example.co.uk/", "http://[::1]/"]);
/// let suffixes = public_suffix(&Strings::try_new(&urls).unwrap(), Sections::All);
/// let suffixes = suffixes.as_any().downcast_ref::<StringViewArray>().unwrap();
/// assert_eq!(suffixes.iter().collect::<Vec<_>>(), [Some("co.uk"), None]);
/// ```
#[must_use]
pub fn public_suffix(input: &Strings<'_>, sections: Sections) -> ArrayRef {
    public_suffix_as(input, sections, Output::Utf8View)
}

/// [`public_suffix`] as `output`.
///
/// ```
/// use weburl::psl::Sections;
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Strings, public_suffix_as};
/// let urls = StringArray::from(vec!["https://x.github.io/"]);
/// let suffixes = public_suffix_as(&Strings::try_new(&urls).unwrap(), Sections::Icann, Output::Utf8);
/// assert_eq!(suffixes.as_any().downcast_ref::<StringArray>().unwrap().value(0), "io");
/// ```
#[must_use]
pub fn public_suffix_as(input: &Strings<'_>, sections: Sections, output: Output) -> ArrayRef {
    strings(input, output, |text, _| {
        rows::public_suffix(text?, sections)
    })
}

/// The URL Standard's registrable domain of each URL's host by `sections` of the embedded
/// Public Suffix List, as `Utf8View`; null where the input is null, does not parse, or its
/// host is not a domain or is a public suffix. Inputs whose scheme and authority are already
/// normal are not parsed ([`weburl::normal_hostname`]).
///
/// ```
/// use weburl::psl::Sections;
/// use weburl_arrow::arrow_array::{Array, StringArray, StringViewArray};
/// use weburl_arrow::{Strings, registrable_domain};
/// let urls = StringArray::from(vec!["https://www.example.co.uk/", "https://co.uk/"]);
/// let domains = registrable_domain(&Strings::try_new(&urls).unwrap(), Sections::All);
/// let domains = domains.as_any().downcast_ref::<StringViewArray>().unwrap();
/// assert_eq!(domains.iter().collect::<Vec<_>>(), [Some("example.co.uk"), None]);
/// ```
#[must_use]
pub fn registrable_domain(input: &Strings<'_>, sections: Sections) -> ArrayRef {
    registrable_domain_as(input, sections, Output::Utf8View)
}

/// [`registrable_domain`] as `output`.
///
/// ```
/// use weburl::psl::Sections;
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Strings, registrable_domain_as};
/// let urls = StringArray::from(vec!["https://x.github.io/"]);
/// let domains = registrable_domain_as(&Strings::try_new(&urls).unwrap(), Sections::Icann, Output::Utf8);
/// assert_eq!(domains.as_any().downcast_ref::<StringArray>().unwrap().value(0), "github.io");
/// ```
#[must_use]
pub fn registrable_domain_as(input: &Strings<'_>, sections: Sections, output: Output) -> ArrayRef {
    strings(input, output, |text, _| {
        rows::registrable_domain(text?, sections)
    })
}

/// Why each input does not parse against `base`: the URL Standard's name of the validation
/// error ([`weburl::ParseError::spec_name`]; a base's own error where the base fails), as
/// `Utf8View`; null where it parses and for a null.
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray, StringViewArray};
/// use weburl_arrow::{Strings, error_name};
/// let urls = StringArray::from(vec!["https://a.example:99999/", "https://a.example/"]);
/// let names = error_name(&Strings::try_new(&urls).unwrap(), None);
/// let names = names.as_any().downcast_ref::<StringViewArray>().unwrap();
/// assert_eq!(names.iter().collect::<Vec<_>>(), [Some("port-out-of-range"), None]);
/// ```
#[must_use]
pub fn error_name<'a>(input: &Strings<'a>, base: impl Into<Base<'a>>) -> ArrayRef {
    error_name_as(input, base, Output::Utf8View)
}

/// [`error_name`] as `output`.
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Strings, error_name_as};
/// let urls = StringArray::from(vec!["/x"]);
/// let names = error_name_as(&Strings::try_new(&urls).unwrap(), None, Output::LargeUtf8);
/// assert_eq!(names.len(), 1);
/// ```
#[must_use]
pub fn error_name_as<'a>(
    input: &Strings<'a>,
    base: impl Into<Base<'a>>,
    output: Output,
) -> ArrayRef {
    let mut bases = Bases::new(base.into());
    strings(input, output, |text, _| match bases.next() {
        RowBase::Null => None,
        RowBase::Failed(e) => text.map(|_| Slice::Static(e.spec_name())),
        RowBase::Parse(base) => rows::error_name(text?, base).map(Slice::Static),
    })
}

/// Each URL in `profile`'s canonical form with `options` ([`rows::normalize`]), as `Utf8`;
/// null for a null, an input that does not parse, or a failure.
///
/// ```
/// use weburl::normalize::{Options, Profile};
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Strings, normalize};
/// let urls = StringArray::from(vec!["HTTP://A.example/%7e?b=1&a=2", "x"]);
/// let out = normalize(&Strings::try_new(&urls).unwrap(), Profile::Dedup, &Options::default());
/// let out = out.as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!(out.iter().collect::<Vec<_>>(), [Some("http://a.example/~?a=2&b=1"), None]);
/// ```
#[must_use]
pub fn normalize(input: &Strings<'_>, profile: Profile, options: &Options) -> ArrayRef {
    normalize_as(input, profile, options, Output::Utf8)
}

/// [`normalize`] as `output`.
///
/// ```
/// use weburl::normalize::{Options, Profile};
/// use weburl_arrow::arrow_array::{Array, StringViewArray};
/// use weburl_arrow::{Output, Strings, normalize_as};
/// let out = normalize_as(&Strings::scalar(Some("https://www.A.example/X?b=1"), 1), Profile::Surt, &Options::default(), Output::Utf8View);
/// assert_eq!(out.as_any().downcast_ref::<StringViewArray>().unwrap().value(0), "example,a)/x?b=1");
/// ```
#[must_use]
pub fn normalize_as(
    input: &Strings<'_>,
    profile: Profile,
    options: &Options,
    output: Output,
) -> ArrayRef {
    strings(input, output, |text, spare| {
        let url = spare.parse(text?, None).ok()?;
        let answer = match rows::normalize(&url, profile, options) {
            Some(Cow::Owned(text)) => Some(Slice::Owned(text)),
            Some(Cow::Borrowed(href)) => {
                let len = href.len();
                return Some(Slice::Href(url, 0..len));
            }
            None => None,
        };
        spare.keep(url);
        answer
    })
}

/// Whether each input parses against `base` (`URL.canParse`); null for a null input or a
/// null base in a column of bases, false where the base does not parse.
///
/// ```
/// use weburl::Url;
/// use weburl_arrow::arrow_array::StringArray;
/// use weburl_arrow::{Strings, can_parse};
/// let urls = StringArray::from(vec![Some("https://a.example/"), Some("/x"), None]);
/// let urls = Strings::try_new(&urls).unwrap();
/// assert_eq!(can_parse(&urls, None).iter().collect::<Vec<_>>(), [Some(true), Some(false), None]);
/// let base = Url::parse("https://b.example/").unwrap();
/// assert_eq!(can_parse(&urls, &base).iter().collect::<Vec<_>>(), [Some(true), Some(true), None]);
/// ```
#[must_use]
pub fn can_parse<'a>(input: &Strings<'a>, base: impl Into<Base<'a>>) -> BooleanArray {
    let mut bases = Bases::new(base.into());
    let mut out = BooleanBuilder::with_capacity(input.len());
    for text in input.iter() {
        let answer = match (bases.next(), text) {
            (_, None) | (RowBase::Null, _) => None,
            (RowBase::Failed(_), Some(_)) => Some(false),
            (RowBase::Parse(base), Some(text)) => Some(Url::can_parse_with_base(text, base)),
        };
        out.append_option(answer);
    }
    out.finish()
}

/// Each input parsed against `base` into a struct of the URL API's eleven getters
/// ([`Component::ALL`]: `href`, `origin`, `protocol`, …, `hash`) as `Utf8View` columns: views
/// into the input where it is already the URL's href, else into one copy of the href. A null
/// row where the input (or its base) is null or does not parse.
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray, StringViewArray};
/// use weburl_arrow::{Strings, parse};
/// let urls = StringArray::from(vec![Some("https://EXAMPLE.com:8080/a?b#c"), Some("nope")]);
/// let parsed = parse(&Strings::try_new(&urls).unwrap(), None);
/// let hosts = parsed.column_by_name("hostname").unwrap();
/// assert_eq!(hosts.as_any().downcast_ref::<StringViewArray>().unwrap().value(0), "example.com");
/// assert!(parsed.is_null(1));
/// ```
#[must_use]
pub fn parse<'a>(input: &Strings<'a>, base: impl Into<Base<'a>>) -> StructArray {
    parse_as(input, base, Output::Utf8View)
}

/// [`parse`] with columns of type `output`. `Utf8View` columns are declared nullable;
/// `Utf8` and `LargeUtf8` columns are not (a null row holds empty strings).
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Strings, parse_as};
/// let parsed = parse_as(&Strings::scalar(Some("https://a.example/p"), 2), None, Output::Utf8);
/// let paths = parsed.column_by_name("pathname").unwrap();
/// assert_eq!(paths.as_any().downcast_ref::<StringArray>().unwrap().value(1), "/p");
/// ```
#[must_use]
pub fn parse_as<'a>(input: &Strings<'a>, base: impl Into<Base<'a>>, output: Output) -> StructArray {
    let mut bases = Bases::new(base.into());
    let mut spare = Spare::default();
    let fields = parse_fields(output);
    let rows = input.len();
    let mut valid = Vec::with_capacity(rows);
    let columns: Vec<ArrayRef> = match output {
        Output::Utf8View => {
            let mut table =
                ViewTable::new(input.blocks(), input.bytes(), Component::ALL.len(), rows);
            let mut row = 0;
            input.for_each_located(|text, at| {
                let this = row;
                row += 1;
                let Some(url) = bases.parse(text, &mut spare).and_then(Result::ok) else {
                    valid.push(false);
                    return;
                };
                valid.push(true);
                let href = url.href();
                let found = match (text, at) {
                    (Some(text), Some(at)) if text == href => table.found(text, at),
                    _ => None,
                };
                let placed = found.unwrap_or_else(|| table.copy(href));
                let ranges = url.component_ranges();
                let mut unset = table.set_parts(this, placed, &ranges);
                // What is not a part of the href (an origin that is built): its text.
                while unset != 0 {
                    let i = unset.trailing_zeros() as usize;
                    unset &= unset - 1;
                    match &ranges[i] {
                        Some(range) if table.set_part(i, this, placed, range.clone()) => {}
                        _ => table.set(i, this, &url.get(Component::ALL[i])),
                    }
                }
                spare.keep(url);
            });
            table
                .finish()
                .into_iter()
                .map(|column| Arc::new(column) as ArrayRef)
                .collect()
        }
        Output::Utf8 => parse_strings::<i32>(input, &mut bases, &mut spare, &mut valid),
        Output::LargeUtf8 => parse_strings::<i64>(input, &mut bases, &mut spare, &mut valid),
    };
    let nulls = NullBuffer::from(valid);
    let nulls = (nulls.null_count() > 0).then_some(nulls);
    StructArray::try_new(fields, columns, nulls).expect("eleven columns of one length")
}

/// The fields of [`parse_as`]'s struct with columns of type `output`: the eleven getters in
/// the order of [`Component::ALL`].
///
/// ```
/// use weburl_arrow::{Output, parse_fields};
/// let fields = parse_fields(Output::Utf8);
/// assert_eq!((fields.len(), fields[6].name().as_str(), fields[6].is_nullable()), (11, "hostname", false));
/// ```
#[must_use]
pub fn parse_fields(output: Output) -> Fields {
    Component::ALL
        .iter()
        .map(|c| Field::new(c.name(), output.data_type(), output == Output::Utf8View))
        .collect()
}

/// The columns of [`parse_as`] as string builders give them.
fn parse_strings<O: arrow_array::OffsetSizeTrait>(
    input: &Strings<'_>,
    bases: &mut Bases<'_>,
    spare: &mut Spare,
    valid: &mut Vec<bool>,
) -> Vec<ArrayRef> {
    let rows = input.len();
    let mut columns: Vec<GenericStringBuilder<O>> = Component::ALL
        .iter()
        .map(|_| GenericStringBuilder::with_capacity(rows, rows * 8))
        .collect();
    for text in input.iter() {
        let url = bases.parse(text, spare).and_then(Result::ok);
        valid.push(url.is_some());
        for (column, component) in columns.iter_mut().zip(Component::ALL) {
            column.append_value(url.as_ref().map_or(Cow::Borrowed(""), |u| u.get(component)));
        }
        if let Some(url) = url {
            spare.keep(url);
        }
    }
    columns
        .iter_mut()
        .map(|c| Arc::new(c.finish()) as ArrayRef)
        .collect()
}

/// A string array of `f` of each row (its index and text), as `output`: the kernels' own
/// loop, for a row function of the caller's (one that reads further arguments by row index,
/// as Spark's `parse_url` does). An answer that is a part of the row's text
/// ([`Slice::Input`]) becomes a view into the input's buffer.
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray, StringViewArray};
/// use weburl_arrow::rows::Slice;
/// use weburl_arrow::{Output, Strings, map_rows};
/// let urls = StringArray::from(vec!["https://a.example/a-rather-long-path", "x"]);
/// let tails = map_rows(&Strings::try_new(&urls).unwrap(), Output::Utf8View, |i, text| {
///     let text = text?;
///     (i == 0).then(|| Slice::Input(text, 17..text.len()))
/// });
/// let tails = tails.as_any().downcast_ref::<StringViewArray>().unwrap();
/// assert_eq!(tails.iter().collect::<Vec<_>>(), [Some("/a-rather-long-path"), None]);
/// ```
pub fn map_rows<'a>(
    input: &Strings<'a>,
    output: Output,
    mut f: impl FnMut(usize, Option<&'a str>) -> Option<Slice<'a>>,
) -> ArrayRef {
    map_rows_in(input, output, |i, text, _| f(i, text))
}

/// [`map_rows`] with the loop's [`Spare`] given to `f`, to parse each row in: a URL that an
/// answer holds ([`Slice::Href`]) is kept there for the next row.
///
/// ```
/// use weburl::normalize::{Options, Profile};
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Strings, map_rows_in, rows};
/// let urls = StringArray::from(vec!["HTTP://A.example/?b&a", "nope"]);
/// let options = Options::default();
/// let answers = map_rows_in(&Strings::try_new(&urls).unwrap(), Output::Utf8, |_, text, spare| {
///     rows::normalized(text?, Profile::Dedup, &options, spare)
/// });
/// let answers = answers.as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!(answers.iter().collect::<Vec<_>>(), [Some("http://a.example/?a&b"), None]);
/// ```
pub fn map_rows_in<'a>(
    input: &Strings<'a>,
    output: Output,
    mut f: impl FnMut(usize, Option<&'a str>, &mut Spare) -> Option<Slice<'a>>,
) -> ArrayRef {
    let mut row = 0;
    strings(input, output, |text, spare| {
        row += 1;
        f(row - 1, text, spare)
    })
}

/// The first value of the query parameter named by `names` (one name per row, or a scalar)
/// in each URL (`URLSearchParams.get`), as `output`; null where either is null, the URL
/// does not parse or has no such parameter.
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Strings, search_param};
/// let urls = StringArray::from(vec!["https://a.example/?q=a+b&q=2", "https://a.example/"]);
/// let values = search_param(&Strings::try_new(&urls).unwrap(), &Strings::scalar(Some("q"), 2), Output::Utf8);
/// let values = values.as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!(values.iter().collect::<Vec<_>>(), [Some("a b"), None]);
/// ```
pub fn search_param<'a>(input: &Strings<'a>, names: &Strings<'_>, output: Output) -> ArrayRef {
    map_rows(input, output, |i, text| {
        let name = names.get(if names.is_scalar() { 0 } else { i })?;
        let url = Url::parse(text?).ok()?;
        let value = url.search_params().get(name)?.to_owned();
        Some(Slice::Owned(value))
    })
}

/// The `{name, value}` struct of [`search_params`]' list items.
fn pair_fields() -> Fields {
    Fields::from(vec![
        Field::new("name", arrow_schema::DataType::Utf8, false),
        Field::new("value", arrow_schema::DataType::Utf8, false),
    ])
}

/// The type of [`search_params`]: `List<Struct{name: Utf8, value: Utf8}>`.
///
/// ```
/// assert!(matches!(weburl_arrow::search_params_type(), weburl_arrow::arrow_schema::DataType::List(_)));
/// ```
#[must_use]
pub fn search_params_type() -> arrow_schema::DataType {
    arrow_schema::DataType::List(Arc::new(Field::new(
        "item",
        arrow_schema::DataType::Struct(pair_fields()),
        true,
    )))
}

/// Each URL's query as `URLSearchParams` reads it: a list of `{name, value}` pairs, decoded
/// ([`search_params_type`]); null where the input is null or does not parse.
///
/// ```
/// use weburl_arrow::arrow_array::Array;
/// use weburl_arrow::{Strings, search_params};
/// let lists = search_params(&Strings::scalar(Some("https://a.example/?a=1&b=%41"), 1));
/// assert_eq!(lists.value_length(0), 2);
/// ```
#[must_use]
pub fn search_params(input: &Strings<'_>) -> arrow_array::ListArray {
    use arrow_array::builder::{ArrayBuilder, ListBuilder, StringBuilder, StructBuilder};
    let pairs = StructBuilder::new(
        pair_fields(),
        vec![
            Box::new(StringBuilder::new()) as Box<dyn ArrayBuilder>,
            Box::new(StringBuilder::new()),
        ],
    );
    let item = Field::new("item", arrow_schema::DataType::Struct(pair_fields()), true);
    let mut out = ListBuilder::new(pairs).with_field(Arc::new(item));
    for text in input.iter() {
        let Some(url) = text.and_then(|t| Url::parse(t).ok()) else {
            out.append_null();
            continue;
        };
        let pairs = out.values();
        for (name, value) in url.search_params().iter() {
            for (i, text) in [name, value].into_iter().enumerate() {
                if let Some(column) = pairs.field_builder::<StringBuilder>(i) {
                    column.append_value(text);
                }
            }
            pairs.append(true);
        }
        out.append(true);
    }
    out.finish()
}
