//! The base URL argument of the parsing kernels: none, one parsed URL, or a column of base
//! strings (parsed once per run of equal values).

use weburl::{ParseError, Url};

use crate::Strings;
use crate::rows::{LastBase, Spare};

/// The base the inputs are parsed against: none, one URL for every row, or one string per
/// row. `From` makes `None`, `Some(&url)` and `&url` bases.
///
/// ```
/// use weburl::Url;
/// use weburl_arrow::{Base, Strings};
/// let url = Url::parse("https://a.example/").unwrap();
/// assert!(matches!(Base::from(None), Base::None));
/// assert!(matches!(Base::from(&url), Base::Url(_)));
/// assert!(matches!(Base::from(Strings::scalar(Some("https://b.example/"), 3)), Base::Strings(_)));
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub enum Base<'a> {
    /// No base: `new URL(input)`.
    #[default]
    None,
    /// One parsed base for every row.
    Url(&'a Url),
    /// The base of each row, as text: a null base makes the row null, a base that does not
    /// parse fails the row with the base's error (as `new URL(input, base)` throws it).
    Strings(Strings<'a>),
}

impl<'a> From<Option<&'a Url>> for Base<'a> {
    fn from(base: Option<&'a Url>) -> Self {
        base.map_or(Base::None, Base::Url)
    }
}

impl<'a> From<&'a Url> for Base<'a> {
    fn from(base: &'a Url) -> Self {
        Base::Url(base)
    }
}

impl<'a> From<Strings<'a>> for Base<'a> {
    fn from(bases: Strings<'a>) -> Self {
        Base::Strings(bases)
    }
}

/// The base of one row.
pub(crate) enum RowBase<'r> {
    /// Null: the row is null.
    Null,
    /// The base failed to parse with this error.
    Failed(ParseError),
    /// Parse against this base, if any.
    Parse(Option<&'r Url>),
}

/// Reads a [`Base`] row after row, parsing a base string once per run of equal values.
pub(crate) struct Bases<'a> {
    base: Base<'a>,
    row: usize,
    /// The base string last parsed and its result.
    last: LastBase<'a>,
}

impl<'a> Bases<'a> {
    pub(crate) fn new(base: Base<'a>) -> Self {
        Bases {
            base,
            row: 0,
            last: LastBase::default(),
        }
    }

    /// The base of the next row.
    #[inline(always)]
    pub(crate) fn next(&mut self) -> RowBase<'_> {
        let row = self.row;
        self.row += 1;
        match &self.base {
            Base::None => RowBase::Parse(None),
            Base::Url(url) => RowBase::Parse(Some(url)),
            Base::Strings(strings) => {
                let Some(text) = strings.get(if strings.is_scalar() { 0 } else { row }) else {
                    return RowBase::Null;
                };
                match self.last.get(text) {
                    Ok(url) => RowBase::Parse(Some(url)),
                    Err(e) => RowBase::Failed(*e),
                }
            }
        }
    }

    /// The next row's input parsed against its base (in `spare`'s buffer): `None` for a null
    /// input or base.
    #[inline]
    pub(crate) fn parse(
        &mut self,
        input: Option<&str>,
        spare: &mut Spare,
    ) -> Option<Result<Url, ParseError>> {
        match (self.next(), input) {
            (RowBase::Null, _) | (_, None) => None,
            (RowBase::Failed(e), Some(_)) => Some(Err(e)),
            (RowBase::Parse(base), Some(input)) => Some(spare.parse(input, base)),
        }
    }
}
