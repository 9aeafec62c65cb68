//! The one list of weburl's data functions: every SQL and dataframe function, with its SQL
//! name (`url_hostname`), its Python and Polars name (`hostname`), its parameters, what it
//! returns, its rules for null and for input that does not parse, and, for each data surface,
//! whether the surface has it (and if not, why not).
//!
//! The surfaces read their lists from here and their tests compare what they registered with
//! it: DataFusion's functions (`weburl-datafusion`), the native DuckDB extension
//! (`weburl-duckdb`), the Python package's `weburl.duckdb.register` (which reads this list
//! through `weburl._weburl._catalog()`), and the Polars namespace `expr.url`. A function is on
//! every surface unless [`Function::absent`] names the surface with the reason.
//!
//! ```
//! use weburl_arrow::catalog::{self, Returns, Surface};
//! let hostname = catalog::function("url_hostname").unwrap();
//! assert_eq!(hostname.python, "hostname");
//! assert_eq!(hostname.returns, Returns::String);
//! assert_eq!(hostname.param_names().collect::<Vec<_>>(), ["url", "base"]);
//! assert_eq!(hostname.arity(), 1..=2);
//! assert!(hostname.on(Surface::DataFusion).is_ok());
//! // The surfaces that lack a function say why.
//! let join = catalog::function("url_join").unwrap();
//! assert!(join.on(Surface::Polars).unwrap_err().contains("href"));
//! // Every SQL function of DuckDB's extension, in order.
//! let duckdb: Vec<&str> = catalog::on(Surface::DuckDb).map(|f| f.sql).collect();
//! assert!(duckdb.contains(&"url_registrable_domain"));
//! ```

use std::fmt::Write as _;
use std::ops::RangeInclusive;

/// A data surface of weburl: a host that registers the catalogue's functions.
///
/// ```
/// use weburl_arrow::catalog::Surface;
/// assert_eq!(Surface::DuckDbPython.name(), "duckdb_python");
/// assert_eq!(Surface::ALL.len(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Surface {
    /// The SQL functions of `weburl-datafusion`.
    DataFusion,
    /// The SQL functions of the native, loadable DuckDB extension (`weburl-duckdb`).
    DuckDb,
    /// The SQL functions that the Python package's `weburl.duckdb.register` adds to a DuckDB
    /// connection (Python functions over Arrow).
    DuckDbPython,
    /// The methods of the Polars expression namespace `expr.url` (`weburl.polars`).
    Polars,
}

impl Surface {
    /// Every surface.
    pub const ALL: [Surface; 4] = [
        Surface::DataFusion,
        Surface::DuckDb,
        Surface::DuckDbPython,
        Surface::Polars,
    ];

    /// Its name in the catalogue's JSON ([`to_json`]): `datafusion`, `duckdb`,
    /// `duckdb_python`, `polars`.
    ///
    /// ```
    /// assert_eq!(weburl_arrow::catalog::Surface::Polars.name(), "polars");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Surface::DataFusion => "datafusion",
            Surface::DuckDb => "duckdb",
            Surface::DuckDbPython => "duckdb_python",
            Surface::Polars => "polars",
        }
    }
}

/// What a parameter holds.
///
/// ```
/// use weburl_arrow::catalog::{self, Kind};
/// let p = &catalog::function("url_normalize").unwrap().params[1];
/// assert_eq!((p.name, p.kind), ("profile", Kind::Profile));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// A string parsed as a URL (a base URL too).
    Url,
    /// A string taken as it is (a query parameter's or a group's name).
    Text,
    /// Public Suffix List sections: `all` or `icann` ([`crate::sections`]).
    Sections,
    /// A normalization profile: `spec`, `dedup`, `w3lib`, `surt` ([`crate::profile`]).
    Profile,
    /// A URL pattern: a constructor string, or an init object's JSON text
    /// ([`crate::pattern_input`]).
    Pattern,
    /// Spark's `parse_url` part (`HOST`, `QUERY`, ...).
    SparkPart,
    /// A boolean (a pattern's `ignore_case`, a route's `best`, a pattern function's
    /// `untrusted`). A function's booleans come after its strings, in order, and each may be
    /// left out with those after it; the base URL before them may be left out alone (as
    /// JavaScript's `new URLPattern(input, options)`).
    Bool,
    /// Named URL patterns: a JSON object from name to pattern, or an array of patterns
    /// ([`crate::Routes::from_json`]).
    Routes,
}

impl Kind {
    /// Its name in the catalogue's JSON.
    #[must_use]
    fn name(self) -> &'static str {
        match self {
            Kind::Url => "url",
            Kind::Text => "text",
            Kind::Sections => "sections",
            Kind::Profile => "profile",
            Kind::Pattern => "pattern",
            Kind::SparkPart => "spark_part",
            Kind::Bool => "bool",
            Kind::Routes => "routes",
        }
    }

    /// Whether a SQL host takes it as a string (every kind but [`Kind::Bool`]).
    ///
    /// ```
    /// use weburl_arrow::catalog::Kind;
    /// assert!(Kind::Pattern.is_string() && !Kind::Bool.is_string());
    /// ```
    #[must_use]
    pub fn is_string(self) -> bool {
        self != Kind::Bool
    }
}

/// One parameter of a function.
///
/// ```
/// use weburl_arrow::catalog;
/// let exec = catalog::function("url_pattern_exec").unwrap();
/// // The groups' struct is typed by the pattern: it must be the same on every row.
/// assert!(!exec.params[1].column && exec.params[1].name == "pattern");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Param {
    /// Its name (as a SQL host's errors and docs name it).
    pub name: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// Whether it may be left out. Optional parameters come last, and are given in order,
    /// but for the [`Kind::Bool`] ones, which may directly follow the required ones (as
    /// JavaScript's `new URLPattern(input, options)`), in their order.
    pub optional: bool,
    /// Whether it may be a column (a value per row); else it must be a constant.
    pub column: bool,
}

/// What a function returns.
///
/// ```
/// use weburl_arrow::catalog::{self, Returns};
/// assert_eq!(catalog::function("url_parse").unwrap().returns, Returns::UrlStruct);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Returns {
    /// A string.
    String,
    /// A boolean.
    Bool,
    /// A struct of the eleven getters of the URL (`href`, `origin`, ..., `hash`), strings.
    UrlStruct,
    /// A struct of the pattern's groups (named as [`crate::pattern_fields`] names them),
    /// strings.
    GroupStruct,
    /// A list of structs `{name, value}`, strings: the query's pairs.
    PairList,
}

impl Returns {
    /// Its name in the catalogue's JSON.
    fn name(self) -> &'static str {
        match self {
            Returns::String => "string",
            Returns::Bool => "bool",
            Returns::UrlStruct => "url_struct",
            Returns::GroupStruct => "group_struct",
            Returns::PairList => "pair_list",
        }
    }
}

/// A function's answer for null and for input that does not parse. A null argument always
/// gives null; an argument that is not a valid sections name, profile, pattern or Spark key
/// fails the whole call (the query), with the function's name.
///
/// ```
/// use weburl_arrow::catalog::{self, Nulls};
/// assert_eq!(catalog::function("url_can_parse").unwrap().nulls, Nulls::FalseWhenUnparsable);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Nulls {
    /// Null where the URL (or its base) does not parse, or there is no answer.
    NullWhenUnparsable,
    /// False where the URL (or its base) does not parse.
    FalseWhenUnparsable,
    /// Null where the URL parses; the error's name where it does not.
    NullWhenParses,
}

impl Nulls {
    /// Its name in the catalogue's JSON.
    fn name(self) -> &'static str {
        match self {
            Nulls::NullWhenUnparsable => "null_when_unparsable",
            Nulls::FalseWhenUnparsable => "false_when_unparsable",
            Nulls::NullWhenParses => "null_when_parses",
        }
    }
}

/// One data function.
///
/// ```
/// use weburl_arrow::catalog::{self, Surface};
/// let f = catalog::function("url_pattern_group").unwrap();
/// assert_eq!(f.required(), 3);
/// assert_eq!(f.arity(), 3..=6);
/// assert!(f.on(Surface::DuckDb).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Function {
    /// Its SQL name (DataFusion, DuckDB).
    pub sql: &'static str,
    /// Its Python name: the method of the Polars namespace `expr.url`.
    pub python: &'static str,
    /// Its parameters, in order.
    pub params: &'static [Param],
    /// What it returns.
    pub returns: Returns,
    /// Its answer for null and for input that does not parse.
    pub nulls: Nulls,
    /// What it answers, in a line.
    pub summary: &'static str,
    /// The surfaces that do not have it, each with why.
    pub absent: &'static [(Surface, &'static str)],
}

impl Function {
    /// Whether `surface` has the function: `Err` with the reason where it does not.
    ///
    /// ```
    /// use weburl_arrow::catalog::{self, Surface};
    /// assert!(catalog::function("url_surt").unwrap().on(Surface::Polars).is_err());
    /// ```
    pub fn on(&self, surface: Surface) -> Result<(), &'static str> {
        match self.absent.iter().find(|(s, _)| *s == surface) {
            Some((_, why)) => Err(why),
            None => Ok(()),
        }
    }

    /// The number of parameters that may not be left out.
    ///
    /// ```
    /// assert_eq!(weburl_arrow::catalog::function("parse_url").unwrap().required(), 2);
    /// ```
    #[must_use]
    pub fn required(&self) -> usize {
        self.params.iter().filter(|p| !p.optional).count()
    }

    /// The numbers of arguments it takes.
    ///
    /// ```
    /// assert_eq!(weburl_arrow::catalog::function("url_surt").unwrap().arity(), 1..=1);
    /// ```
    #[must_use]
    pub fn arity(&self) -> RangeInclusive<usize> {
        self.required()..=self.params.len()
    }

    /// The names of its parameters, in order.
    ///
    /// ```
    /// let f = weburl_arrow::catalog::function("url_join").unwrap();
    /// assert_eq!(f.param_names().collect::<Vec<_>>(), ["base", "ref"]);
    /// ```
    pub fn param_names(&self) -> impl Iterator<Item = &'static str> + use<> {
        self.params.iter().map(|p| p.name)
    }
}

/// A parameter that may be a column.
const fn column(name: &'static str, kind: Kind) -> Param {
    Param {
        name,
        kind,
        optional: false,
        column: true,
    }
}

/// An optional parameter that may be a column.
const fn optional(name: &'static str, kind: Kind) -> Param {
    Param {
        name,
        kind,
        optional: true,
        column: true,
    }
}

/// An optional parameter that must be a constant.
const fn optional_constant(name: &'static str, kind: Kind) -> Param {
    Param {
        name,
        kind,
        optional: true,
        column: false,
    }
}

/// A parameter that must be a constant.
const fn constant(name: &'static str, kind: Kind) -> Param {
    Param {
        name,
        kind,
        optional: false,
        column: false,
    }
}

const URL: Param = column("url", Kind::Url);
const URL_BASE: &[Param] = &[URL, optional("base", Kind::Url)];
const URL_ONLY: &[Param] = &[URL];
const URL_SECTIONS: &[Param] = &[URL, optional("sections", Kind::Sections)];
/// The last parameter of every function that compiles URL patterns: whether they are
/// compiled within `weburl::pattern::PatternLimits::untrusted()` (no custom regexp groups,
/// at most 8 KiB), for patterns from users; false when left out.
const UNTRUSTED: Param = optional("untrusted", Kind::Bool);

/// Why Polars has no `url_surt`.
const POLARS_SURT: &str = "url.normalize('surt') is the same";
/// Why a DuckDB surface has no `url_pattern_exec`.
const SQL_EXEC: &str = "its struct's fields are the pattern's groups, so its type depends on the \
     pattern's value, and a DuckDB function registered through the C API or the Python API has \
     one return type, fixed when it is registered: url_pattern_group reads one group";

/// A getter `url_<python>(url [, base])`.
const fn getter(sql: &'static str, python: &'static str, summary: &'static str) -> Function {
    Function {
        sql,
        python,
        params: URL_BASE,
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary,
        absent: &[],
    }
}

/// Every data function, in the order the surfaces register them.
pub static FUNCTIONS: &[Function] = &[
    getter("url_href", "href", "the href: the whole URL, serialized"),
    getter(
        "url_origin",
        "origin",
        "the origin: scheme://host[:port], or 'null'",
    ),
    getter(
        "url_protocol",
        "protocol",
        "the protocol: the scheme and ':'",
    ),
    getter("url_username", "username", "the username"),
    getter("url_password", "password", "the password"),
    getter(
        "url_host",
        "host",
        "the host, with ':' and the port if there is one",
    ),
    getter("url_hostname", "hostname", "the hostname"),
    getter("url_port", "port", "the port, '' for the scheme's default"),
    getter("url_pathname", "pathname", "the pathname"),
    getter(
        "url_search",
        "search",
        "the search: '?' and the query, or ''",
    ),
    getter("url_hash", "hash", "the hash: '#' and the fragment, or ''"),
    Function {
        sql: "url_parse",
        python: "parse",
        params: URL_BASE,
        returns: Returns::UrlStruct,
        nulls: Nulls::NullWhenUnparsable,
        summary: "a struct of the eleven getters",
        absent: &[],
    },
    Function {
        sql: "url_can_parse",
        python: "can_parse",
        params: URL_BASE,
        returns: Returns::Bool,
        nulls: Nulls::FalseWhenUnparsable,
        summary: "URL.canParse: whether the URL parses (against the base)",
        absent: &[],
    },
    Function {
        sql: "url_error_name",
        python: "error_name",
        params: URL_BASE,
        returns: Returns::String,
        nulls: Nulls::NullWhenParses,
        summary: "the URL Standard's name of the validation error that made parsing fail",
        absent: &[],
    },
    Function {
        sql: "url_public_suffix",
        python: "public_suffix",
        params: URL_SECTIONS,
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "the host's public suffix by the embedded Public Suffix List; null for a host that is not a domain",
        absent: &[],
    },
    Function {
        sql: "url_registrable_domain",
        python: "registrable_domain",
        params: URL_SECTIONS,
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "the host's registrable domain by the embedded Public Suffix List; null for a host that is not a domain or is a public suffix",
        absent: &[],
    },
    Function {
        sql: "url_normalize",
        python: "normalize",
        params: &[URL, optional("profile", Kind::Profile)],
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "the URL in a normalization profile's canonical form (spec, the default; dedup; w3lib; surt)",
        absent: &[],
    },
    Function {
        sql: "url_surt",
        python: "surt",
        params: URL_ONLY,
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "the SURT key web archives sort by",
        absent: &[(Surface::Polars, POLARS_SURT)],
    },
    Function {
        sql: "url_join",
        python: "join",
        params: &[column("base", Kind::Url), column("ref", Kind::Text)],
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "the href of ref resolved against base",
        absent: &[(
            Surface::Polars,
            "url.href(base=...) is the same: every getter takes a base",
        )],
    },
    Function {
        sql: "url_search_param",
        python: "search_param",
        params: &[URL, column("name", Kind::Text)],
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "URLSearchParams.get: the first value of the name in the query, null when absent",
        absent: &[],
    },
    Function {
        sql: "url_search_params",
        python: "search_params",
        params: URL_ONLY,
        returns: Returns::PairList,
        nulls: Nulls::NullWhenUnparsable,
        summary: "every pair of the query, decoded, in order",
        absent: &[],
    },
    Function {
        sql: "url_pattern_test",
        python: "pattern_test",
        params: &[
            URL,
            column("pattern", Kind::Pattern),
            optional("pattern_base", Kind::Url),
            optional("ignore_case", Kind::Bool),
            UNTRUSTED,
        ],
        returns: Returns::Bool,
        nulls: Nulls::FalseWhenUnparsable,
        summary: "URLPattern.test: whether the URL matches the pattern; null where a custom regexp group ran out of steps",
        absent: &[],
    },
    Function {
        sql: "url_pattern_exec",
        python: "pattern_exec",
        params: &[
            URL,
            constant("pattern", Kind::Pattern),
            optional_constant("pattern_base", Kind::Url),
            optional_constant("ignore_case", Kind::Bool),
            optional_constant("untrusted", Kind::Bool),
        ],
        returns: Returns::GroupStruct,
        nulls: Nulls::NullWhenUnparsable,
        summary: "URLPattern.exec: a struct of the groups the match captured; null without a match",
        absent: &[
            (Surface::DuckDb, SQL_EXEC),
            (Surface::DuckDbPython, SQL_EXEC),
        ],
    },
    Function {
        sql: "url_pattern_group",
        python: "pattern_group",
        params: &[
            URL,
            column("pattern", Kind::Pattern),
            column("name", Kind::Text),
            optional("pattern_base", Kind::Url),
            optional("ignore_case", Kind::Bool),
            UNTRUSTED,
        ],
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "the value of one group of the match ('id', 'pathname.0'); null without a match or such a group",
        absent: &[],
    },
    Function {
        sql: "url_route",
        python: "route",
        params: &[
            URL,
            column("routes", Kind::Routes),
            optional("pattern_base", Kind::Url),
            optional("best", Kind::Bool),
            UNTRUSTED,
        ],
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "the name of the route (a JSON object from name to URL pattern: a constructor string, an init object, or {\"pattern\": ..., \"ignoreCase\": true}; or an array of patterns) the URL matches: the first, or with best the most specific; null when none does",
        absent: &[],
    },
    Function {
        sql: "url_pattern_generate",
        python: "pattern_generate",
        params: &[
            column("pattern", Kind::Pattern),
            column("component", Kind::Text),
            column("groups", Kind::Text),
            optional("pattern_base", Kind::Url),
            optional("strict", Kind::Bool),
            UNTRUSTED,
        ],
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "URLPattern.generate: the value of a component ('pathname', ...) the pattern builds from the groups (a JSON object from group name to string), with strict refusing a value that would change the URL's structure; null where generate refuses the values; an unknown component or groups that are not a JSON object of strings fail the call",
        absent: &[],
    },
    Function {
        sql: "parse_url",
        python: "parse_url",
        params: &[
            column("url", Kind::Text),
            column("part", Kind::SparkPart),
            optional("key", Kind::Text),
        ],
        returns: Returns::String,
        nulls: Nulls::NullWhenUnparsable,
        summary: "Spark SQL's parse_url, answer for answer (java.net.URI's reading, not the URL Standard's)",
        absent: &[(
            Surface::Polars,
            "Spark SQL's function, for SQL engines that run Spark's queries; in Python it is weburl.arrow.parse_url",
        )],
    },
];

/// The names of the community DuckDB extension netquack that mean what a weburl function
/// means (for an absolute URL), with that function's SQL name: both DuckDB surfaces register
/// them too, with one argument, as netquack takes them.
///
/// ```
/// let (alias, name) = weburl_arrow::catalog::NETQUACK_ALIASES[0];
/// assert_eq!((alias, name), ("extract_domain", "url_registrable_domain"));
/// ```
pub static NETQUACK_ALIASES: [(&str, &str); 4] = [
    ("extract_domain", "url_registrable_domain"),
    ("extract_host", "url_hostname"),
    ("extract_path", "url_pathname"),
    ("extract_tld", "url_public_suffix"),
];

/// The function whose SQL name is `sql`.
///
/// ```
/// assert!(weburl_arrow::catalog::function("url_port").is_some());
/// assert!(weburl_arrow::catalog::function("port").is_none());
/// ```
#[must_use]
pub fn function(sql: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.sql == sql)
}

/// The functions `surface` has, in order.
///
/// ```
/// use weburl_arrow::catalog::{self, Surface};
/// assert!(catalog::on(Surface::Polars).any(|f| f.python == "pattern_exec"));
/// ```
pub fn on(surface: Surface) -> impl Iterator<Item = &'static Function> {
    FUNCTIONS.iter().filter(move |f| f.on(surface).is_ok())
}

/// The catalogue as JSON, for hosts outside Rust (the Python package's `_catalog()`): an
/// object with `functions`, an array of objects `{sql, python, params: [{name, kind,
/// optional, column}], returns, nulls, summary, absent: {surface: reason}}`, and
/// `netquack_aliases`, an object from alias to SQL name.
///
/// ```
/// let json = weburl_arrow::catalog::to_json();
/// assert!(json.starts_with(r#"{"functions":[{"sql":"url_href","python":"href","params":[{"name":"url""#));
/// assert!(json.contains(r#""netquack_aliases":{"extract_domain":"url_registrable_domain""#));
/// ```
#[must_use]
pub fn to_json() -> String {
    let mut out = String::from(r#"{"functions":["#);
    for (i, f) in FUNCTIONS.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            r#"{{"sql":{},"python":{},"params":["#,
            json_string(f.sql),
            json_string(f.python)
        );
        for (k, p) in f.params.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                r#"{{"name":{},"kind":{},"optional":{},"column":{}}}"#,
                json_string(p.name),
                json_string(p.kind.name()),
                p.optional,
                p.column
            );
        }
        let _ = write!(
            out,
            r#"],"returns":{},"nulls":{},"summary":{},"absent":{{"#,
            json_string(f.returns.name()),
            json_string(f.nulls.name()),
            json_string(f.summary)
        );
        for (k, (surface, why)) in f.absent.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = write!(out, "{}:{}", json_string(surface.name()), json_string(why));
        }
        out.push_str("}}");
    }
    out.push_str(r#"],"netquack_aliases":{"#);
    for (k, (alias, name)) in NETQUACK_ALIASES.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        let _ = write!(out, "{}:{}", json_string(alias), json_string(name));
    }
    out.push_str("}}");
    out
}

/// `text` as a JSON string.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalogue's own rules: unique names, optional parameters last, a reason for every
    /// absence, the getters those of `weburl::Component`, the aliases naming functions.
    #[test]
    fn the_catalogue_is_consistent() {
        for (i, f) in FUNCTIONS.iter().enumerate() {
            assert!(
                FUNCTIONS[..i]
                    .iter()
                    .all(|g| g.sql != f.sql && g.python != f.python),
                "{} twice",
                f.sql
            );
            let first_optional = f.params.iter().position(|p| p.optional);
            if let Some(k) = first_optional {
                assert!(f.params[k..].iter().all(|p| p.optional), "{}", f.sql);
            }
            assert!(!f.params.is_empty() && !f.summary.is_empty(), "{}", f.sql);
            for (surface, why) in f.absent {
                assert!(!why.is_empty(), "{} on {surface:?}", f.sql);
            }
        }
        for c in weburl::Component::ALL {
            let f = function(&format!("url_{}", c.name())).expect("a getter");
            assert_eq!(f.python, c.name());
        }
        for (alias, name) in NETQUACK_ALIASES {
            assert!(function(name).is_some() && function(alias).is_none());
        }
    }

    #[test]
    fn json_escapes() {
        assert_eq!(json_string("a\"b\\c\n"), r#""a\"b\\c\u000a""#);
        let json: serde_json::Value = serde_json::from_str(&to_json()).expect("JSON");
        assert_eq!(
            json["functions"].as_array().map(Vec::len),
            Some(FUNCTIONS.len())
        );
        assert_eq!(json["functions"][0]["params"][1]["optional"], true);
    }
}
