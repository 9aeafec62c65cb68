//! `weburl.URLPattern` and `weburl.URLPatternSet`: the URL Pattern Standard's `URLPattern`
//! (the library's `weburl::pattern`) with JavaScript's API, and a route set.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PyString, PyTuple};
use weburl::Url;
use weburl::pattern::{
    BEST_MATCH_ORDER, PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternComponentResult,
    UrlPatternError, UrlPatternInit, UrlPatternInput, UrlPatternMatchError, UrlPatternOptions,
    UrlPatternResult, UrlPatternSet,
};

use crate::text::{usv, usv_any};
use crate::url::PyUrl;

pyo3::create_exception!(
    weburl,
    URLPatternError,
    PyValueError,
    "A URL pattern that does not compile (JavaScript's URLPattern constructor throws a\n\
     TypeError for it). A subclass of ValueError; the message says what is wrong and where.\n\
     Its attributes: ``component``, the name of the component the error is in (or None),\n\
     ``offset``, where in the pattern as written (a str index: in a pattern string, from its\n\
     start; in an init dict, in that component's str), or None, and ``needs_base``, whether\n\
     a pattern string without a protocol was given without a base URL.\n\n\
     >>> import weburl\n\
     >>> try:\n\
     ...     weburl.URLPattern('https://example.com/:id(')\n\
     ... except weburl.URLPatternError as e:\n\
     ...     print(type(e).__mro__[1].__name__, e.component, e.offset)\n\
     ValueError pathname 23\n"
);

/// The first argument of the constructor, `test()` or `exec()`.
enum Input {
    /// A str or an init dict.
    Js(UrlPatternInput),
    /// A `weburl.URL`.
    Url(Url),
}

/// The exception for a library error: TypeError where JavaScript throws one for the
/// arguments themselves (an init dict with a base URL), else URLPatternError.
fn raise(e: &UrlPatternError) -> PyErr {
    raise_with(e, e.to_string(), None)
}

/// [`raise`] with the message `message`; `input` (the pattern as given, when known) turns
/// the error's byte offset into a str index.
fn raise_with(e: &UrlPatternError, message: String, input: Option<&UrlPatternInput>) -> PyErr {
    if let UrlPatternError::BaseUrlWithInit = e {
        return PyTypeError::new_err(message);
    }
    let (component, offset) = (e.component(), e.offset());
    // The text the offset counts in: the pattern string, or the init's member.
    let text = match (input, component) {
        (Some(UrlPatternInput::String(s)), _) => Some(s.as_str()),
        (Some(UrlPatternInput::Init(init)), Some(c)) => init.get(c),
        _ => None,
    };
    let offset = match (offset, text) {
        (Some(at), Some(text)) => text.get(..at).map_or(Some(at), |s| Some(s.chars().count())),
        (offset, _) => offset,
    };
    let err = URLPatternError::new_err(message);
    Python::attach(|py| {
        let value = err.value(py);
        let _ = value.setattr("component", component.map(UrlPatternComponent::name));
        let _ = value.setattr("offset", offset);
        let _ = value.setattr("needs_base", matches!(e, UrlPatternError::MissingBaseUrl));
    });
    err
}

/// Reads a str, an init dict (JavaScript's `URLPatternInit`: `protocol`, `username`,
/// `password`, `hostname`, `port`, `pathname`, `search`, `hash`, `baseURL`, all str), None
/// (an empty init), or, when `urls` is true, a `weburl.URL`. Other keys of a dict are
/// ignored, as JavaScript ignores them.
fn read_input(value: Option<&Bound<'_, PyAny>>, urls: bool) -> PyResult<Input> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(Input::Js(UrlPatternInput::from(UrlPatternInit::default())));
    };
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(Input::Js(UrlPatternInput::String(usv(s)?.into_owned())));
    }
    if urls && let Ok(url) = value.cast::<PyUrl>() {
        return Ok(Input::Url(url.try_borrow()?.url.clone()));
    }
    let Ok(dict) = value.cast::<PyDict>() else {
        let expected = if urls {
            "a str, a URL or an init dict"
        } else {
            "a str or an init dict"
        };
        return Err(PyTypeError::new_err(format!(
            "input must be {expected}, not {}",
            value.get_type().name()?
        )));
    };
    let mut init = UrlPatternInit::default();
    for (key, item) in dict.iter() {
        let key: String = key
            .extract()
            .map_err(|_| PyTypeError::new_err("the keys of an init dict must be str".to_owned()))?;
        // Other keys are ignored, as JavaScript's dictionary conversion ignores them.
        let Some(slot) = init.member_mut(&key) else {
            continue;
        };
        let Ok(text) = item.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "init[{key:?}] must be str, not {}",
                item.get_type().name()?
            )));
        };
        *slot = Some(usv(text)?.into_owned());
    }
    Ok(Input::Js(UrlPatternInput::from(init)))
}

/// The base URL argument: None or a str (JavaScript's `baseURL` is a string).
fn read_base(base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    match base.filter(|b| !b.is_none()) {
        None => Ok(None),
        Some(b) => match b.cast::<PyString>() {
            Ok(s) => Ok(Some(usv(s)?.into_owned())),
            Err(_) => match b.cast::<PyUrl>() {
                Ok(url) => Ok(Some(url.try_borrow()?.url.href().to_owned())),
                Err(_) => Err(PyTypeError::new_err(format!(
                    "base must be str or URL, not {}",
                    b.get_type().name()?
                ))),
            },
        },
    }
}

/// The keyword arguments that limit patterns from untrusted users (`untrusted`,
/// `regexp_groups`, `backtracking_regexps`, `max_pattern_length`, `max_regexp_steps`), with
/// the keyword that set each limit so that a refusal names it.
#[derive(Clone, Debug)]
struct Limits {
    limits: PatternLimits,
    regexp_groups_by: String,
    backtracking_by: String,
    max_len_by: String,
}

/// The keyword arguments of the limits, as the constructors take them.
#[derive(Clone, Copy, Debug, Default)]
struct LimitArgs {
    untrusted: bool,
    regexp_groups: Option<bool>,
    backtracking_regexps: Option<bool>,
    max_pattern_length: Option<usize>,
    max_regexp_steps: Option<u64>,
}

impl Limits {
    /// `untrusted=True` is `PatternLimits::untrusted()`; the other keywords, when given,
    /// override it.
    fn new(args: LimitArgs) -> Limits {
        let LimitArgs {
            untrusted,
            regexp_groups,
            backtracking_regexps,
            max_pattern_length,
            max_regexp_steps,
        } = args;
        let mut out = Limits {
            limits: PatternLimits::new(),
            regexp_groups_by: String::new(),
            backtracking_by: String::new(),
            max_len_by: String::new(),
        };
        if untrusted {
            out.limits = PatternLimits::untrusted();
            out.regexp_groups_by = "untrusted=True".to_owned();
            out.max_len_by = "untrusted=True".to_owned();
        }
        if let Some(allow) = regexp_groups {
            out.limits = out.limits.regexp_groups(allow);
            out.regexp_groups_by =
                format!("regexp_groups={}", if allow { "True" } else { "False" });
        }
        if let Some(allow) = backtracking_regexps {
            out.limits = out.limits.backtracking_regexps(allow);
            out.backtracking_by = format!(
                "backtracking_regexps={}",
                if allow { "True" } else { "False" }
            );
        }
        if let Some(max) = max_pattern_length {
            out.limits = out.limits.max_len(max);
            out.max_len_by = format!("max_pattern_length={max}");
        }
        if let Some(max) = max_regexp_steps {
            out.limits = out.limits.max_regexp_steps(max);
        }
        out
    }

    /// The exception for a constructor error given `input`; a limit's refusal names its
    /// keyword, a missing base URL the base argument.
    fn raise(&self, e: &UrlPatternError, input: &UrlPatternInput) -> PyErr {
        let message = match e {
            UrlPatternError::RegExpGroupsRefused { .. } if self.limits.allow_regexp_groups => {
                format!(
                    "{e}: it needs backtracking (lookaround, a backreference...) ({})",
                    self.backtracking_by
                )
            }
            UrlPatternError::RegExpGroupsRefused { .. } => {
                format!("{e} ({})", self.regexp_groups_by)
            }
            UrlPatternError::TooLong { .. } => format!("{e} ({})", self.max_len_by),
            UrlPatternError::MissingBaseUrl => {
                format!("{e}: give the base argument, or use an init dict")
            }
            _ => e.to_string(),
        };
        raise_with(e, message, Some(input))
    }
}

/// Builds a pattern from the constructor's arguments, within `limits`.
fn build(
    input: Input,
    base: Option<String>,
    ignore_case: bool,
    limits: &Limits,
) -> PyResult<UrlPattern> {
    let Input::Js(input) = input else {
        unreachable!("the constructor does not read URLs");
    };
    let options = UrlPatternOptions { ignore_case };
    UrlPattern::new_with_limits(&input, base.as_deref(), options, &limits.limits)
        .map_err(|e| limits.raise(&e, &input))
}

/// The pattern argument of the batch functions (`weburl.arrow`, `weburl.duckdb`): a
/// :class:`URLPattern` as it is, or a str or an init dict compiled with `base` and
/// `ignore_case` (which a compiled pattern already has: giving them with one is a TypeError).
pub(crate) fn pattern_argument(
    pattern: &Bound<'_, PyAny>,
    base: Option<&Bound<'_, PyAny>>,
    ignore_case: bool,
    untrusted: bool,
) -> PyResult<UrlPattern> {
    if let Ok(compiled) = pattern.cast::<PyUrlPattern>() {
        if base.is_some_and(|b| !b.is_none()) || ignore_case || untrusted {
            return Err(PyTypeError::new_err(
                "base, ignore_case and untrusted apply to a pattern given as a str or a dict, \
                 not to a URLPattern (which has its own)",
            ));
        }
        return Ok(compiled.get().pattern.clone());
    }
    if !pattern.is_instance_of::<PyString>() && !pattern.is_instance_of::<PyDict>() {
        return Err(PyTypeError::new_err(format!(
            "pattern must be a str, a dict or a URLPattern, not {}",
            pattern.get_type().name()?
        )));
    }
    // A data surface, not JavaScript's constructor: a key that is not a member of
    // URLPatternInit (a misspelt `path`) would be a constraint silently dropped.
    if let Ok(dict) = pattern.cast::<PyDict>() {
        for key in dict.keys() {
            let name: String = key.extract().unwrap_or_default();
            if UrlPatternInit::default().member_mut(&name).is_none() {
                return Err(URLPatternError::new_err(format!(
                    "the init dict has an unknown key {}: its keys are protocol, username, \
                     password, hostname, port, pathname, search, hash and baseURL",
                    key.repr()?
                )));
            }
        }
    }
    // A str is read as the SQL functions read it (`weburl.duckdb` passes SQL's text here):
    // an init object's JSON text (`{"pathname": ...}`), its members checked as a dict's, or
    // a constructor string.
    let input = match pattern.cast::<PyString>() {
        Ok(text) => Input::Js(
            weburl_arrow::pattern_input(text.to_str()?)
                .map_err(|e| URLPatternError::new_err(e.to_string()))?,
        ),
        Err(_) => read_input(Some(pattern), false)?,
    };
    build(
        input,
        read_base(base)?,
        ignore_case,
        &Limits::new(LimitArgs {
            untrusted,
            ..LimitArgs::default()
        }),
    )
}

/// One component result as `{"input": str, "groups": {name: str | None}}`.
fn component<'py>(py: Python<'py>, c: &UrlPatternComponentResult) -> PyResult<Bound<'py, PyDict>> {
    let groups = PyDict::new(py);
    for (name, value) in c.groups.iter() {
        groups.set_item(name, value)?;
    }
    let input: &str = &c.input;
    let out = PyDict::new(py);
    out.set_item("input", input)?;
    out.set_item("groups", groups)?;
    Ok(out)
}

/// A result as JavaScript's `URLPatternResult`: `inputs` and the eight components, in the
/// library's walk (`UrlPatternResult::components`, the order its `serde` form has).
fn result<'py>(
    py: Python<'py>,
    r: &UrlPatternResult,
    inputs: &Bound<'py, PyList>,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("inputs", inputs)?;
    for (name, c) in r.components() {
        out.set_item(name.name(), component(py, c)?)?;
    }
    Ok(out)
}

/// The arguments `exec()` was given, for `inputs`: `[input]` or `[input, base]`.
fn inputs_list<'py>(
    py: Python<'py>,
    input: Option<&Bound<'py, PyAny>>,
    base: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    match input.filter(|v| !v.is_none()) {
        Some(v) => list.append(v)?,
        None => list.append(PyDict::new(py))?,
    }
    if let Some(base) = base.filter(|b| !b.is_none()) {
        list.append(base)?;
    }
    Ok(list)
}

/// Runs the pattern on `exec()`'s arguments; `Err` is JavaScript's TypeError (an init dict
/// with a base URL).
fn run(
    pattern: &UrlPattern,
    input: Option<&Bound<'_, PyAny>>,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<UrlPatternResult>> {
    let input = read_input(input, true)?;
    let base = read_base(base)?;
    match input {
        Input::Js(input) => pattern
            .try_exec_input(&input, base.as_deref())
            .map_err(|e| raise(&e))?
            .map_err(|e| steps_exhausted(&e)),
        // A URL is absolute: a base would change nothing.
        Input::Url(url) => pattern.try_exec_url(&url).map_err(|e| steps_exhausted(&e)),
    }
}

/// The exception for a match that could not answer (the regexp step budget ran out):
/// :class:`URLPatternError`, with the component.
fn steps_exhausted(e: &UrlPatternMatchError) -> PyErr {
    let err = URLPatternError::new_err(e.to_string());
    let component = match e {
        UrlPatternMatchError::StepsExhausted { component, .. } => Some(component.name()),
        _ => None,
    };
    Python::attach(|py| {
        let value = err.value(py);
        let _ = value.setattr("component", component);
        let _ = value.setattr("offset", None::<usize>);
        let _ = value.setattr("needs_base", false);
    });
    err
}

/// A URL pattern: the URL Pattern Standard's ``URLPattern``, with JavaScript's API.
///
/// ``URLPattern(input=None, base=None, *, ignore_case=False, untrusted=False,
/// regexp_groups=None, max_pattern_length=None, backtracking_regexps=None,
/// max_regexp_steps=None)``: ``input`` is a pattern string
/// (``"https://*.example.com/books/:id"``; a relative one needs ``base``) or an init dict
/// with any of ``protocol``, ``username``, ``password``, ``hostname``, ``port``,
/// ``pathname``, ``search``, ``hash`` and ``baseURL`` (a component left out matches
/// anything). ``:name`` matches a segment, ``*`` anything, ``{...}?`` is optional,
/// ``(\d+)`` a regular expression (ECMAScript syntax). A pattern that does not compile
/// raises :class:`URLPatternError` (a ValueError); an init dict with a ``base`` raises
/// TypeError, as in JavaScript.
///
/// For patterns from untrusted users, ``untrusted=True`` refuses custom regexp groups (their
/// matching time has no bound; without them matching takes at most the pattern's size times
/// the URL's length) and patterns over 8192 bytes (the input and base together, or all
/// strings of an init dict); ``regexp_groups=False`` and ``max_pattern_length=N`` set either
/// limit alone (and override ``untrusted``). A refused pattern raises
/// :class:`URLPatternError`, whose message names the component and the keyword.
///
/// Regexp groups that need backtracking (lookaround, backreferences, named groups...) run
/// on a matcher that takes at most ``max_regexp_steps`` steps per match (default
/// 10,000,000; 1,000,000 with ``untrusted=True``): a match that needs more raises
/// :class:`URLPatternError` from ``test``/``exec`` (its ``component`` says where);
/// ``backtracking_regexps=False`` refuses those patterns, so that every accepted pattern
/// matches in time linear in the URL.
///
/// >>> from weburl import URLPattern
/// >>> slow = URLPattern("https://e.com/:x((?=a)(?:a*)*b)", max_regexp_steps=1000)
/// >>> slow.test("https://e.com/aab")
/// True
/// >>> slow.test("https://e.com/" + "a" * 40)
/// Traceback (most recent call last):
///   ...
/// weburl.URLPatternError: the pathname's custom regexp groups exhausted their budget of 1000 steps (max_regexp_steps) without an answer
///
/// ``test(input, base=None)`` and ``exec(input, base=None)`` match a URL (a str, a
/// :class:`URL` or an init dict); ``exec`` returns a dict shaped as JavaScript's result
/// (``inputs`` and the eight components, each ``{"input": str, "groups": {...}}``; a group
/// that did not take part is None), or None.
///
/// >>> from weburl import URLPattern
/// >>> p = URLPattern("https://*.example.com/books/:id")
/// >>> p.test("https://shop.example.com/books/7")
/// True
/// >>> m = p.exec("https://shop.example.com/books/7")
/// >>> m["pathname"]
/// {'input': '/books/7', 'groups': {'id': '7'}}
/// >>> m["hostname"]["groups"]
/// {'0': 'shop'}
/// >>> URLPattern({"pathname": "/books/:id(\\d+)"}).exec("https://example.com/books/x") is None
/// True
/// >>> p
/// URLPattern(protocol='https', hostname='*.example.com', port='', pathname='/books/:id')
/// >>> URLPattern("https://example.com/:id(\\d+)", untrusted=True)
/// Traceback (most recent call last):
///   ...
/// weburl.URLPatternError: the pathname pattern has a custom regexp group, which the limits refuse (untrusted=True)
/// >>> URLPattern("https://example.com/books/:id", max_pattern_length=16)
/// Traceback (most recent call last):
///   ...
/// weburl.URLPatternError: the pattern is 29 bytes long; the limit is 16 (max_pattern_length=16)
#[pyclass(name = "URLPattern", module = "weburl", frozen)]
pub struct PyUrlPattern {
    pub pattern: UrlPattern,
}

#[pymethods]
impl PyUrlPattern {
    #[new]
    #[pyo3(signature = (
        input=None,
        base=None,
        *,
        ignore_case=false,
        untrusted=false,
        regexp_groups=None,
        max_pattern_length=None,
        backtracking_regexps=None,
        max_regexp_steps=None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        input: Option<&Bound<'_, PyAny>>,
        base: Option<&Bound<'_, PyAny>>,
        ignore_case: bool,
        untrusted: bool,
        regexp_groups: Option<bool>,
        max_pattern_length: Option<usize>,
        backtracking_regexps: Option<bool>,
        max_regexp_steps: Option<u64>,
    ) -> PyResult<Self> {
        let input = read_input(input, false)?;
        let base = read_base(base)?;
        let limits = Limits::new(LimitArgs {
            untrusted,
            regexp_groups,
            backtracking_regexps,
            max_pattern_length,
            max_regexp_steps,
        });
        Ok(PyUrlPattern {
            pattern: build(input, base, ignore_case, &limits)?,
        })
    }

    /// Whether the URL matches (``exec(...) is not None``, without building the result).
    ///
    /// >>> from weburl import URLPattern
    /// >>> p = URLPattern({"pathname": "/api/*"})
    /// >>> p.test("https://example.com/api/v1/users"), p.test("https://example.com/web/")
    /// (True, False)
    /// >>> p.test({"pathname": "/api/x"}), p.test("/api/x", "https://example.com")
    /// (True, True)
    #[pyo3(signature = (input=None, base=None))]
    fn test(
        &self,
        input: Option<&Bound<'_, PyAny>>,
        base: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        Ok(run(&self.pattern, input, base)?.is_some())
    }

    /// The match, as JavaScript's ``exec()`` gives it, or None.
    ///
    /// >>> from weburl import URLPattern
    /// >>> m = URLPattern({"hostname": "{:sub.}?example.com"}).exec("https://api.example.com/")
    /// >>> m["hostname"], m["inputs"]
    /// ({'input': 'api.example.com', 'groups': {'sub': 'api'}}, ['https://api.example.com/'])
    /// >>> URLPattern({"hostname": "example.com"}).exec("https://example.org/") is None
    /// True
    #[pyo3(signature = (input=None, base=None))]
    fn exec<'py>(
        &self,
        py: Python<'py>,
        input: Option<&Bound<'py, PyAny>>,
        base: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        match run(&self.pattern, input, base)? {
            None => Ok(None),
            Some(r) => Ok(Some(result(py, &r, &inputs_list(py, input, base)?)?)),
        }
    }

    /// The protocol pattern (the scheme, without ``':'``).
    ///
    /// >>> from weburl import URLPattern
    /// >>> URLPattern("http{s}?://example.com/").protocol
    /// 'http{s}?'
    #[getter]
    fn protocol(&self) -> &str {
        self.pattern.protocol()
    }

    /// The username pattern.
    ///
    /// >>> from weburl import URLPattern
    /// >>> URLPattern({"username": "admin"}).username
    /// 'admin'
    #[getter]
    fn username(&self) -> &str {
        self.pattern.username()
    }

    /// The password pattern.
    ///
    /// >>> from weburl import URLPattern
    /// >>> URLPattern({"pathname": "/"}).password
    /// '*'
    #[getter]
    fn password(&self) -> &str {
        self.pattern.password()
    }

    /// The hostname pattern (canonicalized: ``EXAMPLE.com`` is ``example.com``).
    ///
    /// >>> from weburl import URLPattern
    /// >>> URLPattern({"hostname": "{:sub.}?EXAMPLE.com"}).hostname
    /// '{:sub.}?example.com'
    #[getter]
    fn hostname(&self) -> &str {
        self.pattern.hostname()
    }

    /// The port pattern (empty for the scheme's default port).
    ///
    /// >>> from weburl import URLPattern
    /// >>> URLPattern("https://example.com:443/").port, URLPattern("https://example.com:8443/").port
    /// ('', '8443')
    #[getter]
    fn port(&self) -> &str {
        self.pattern.port()
    }

    /// The pathname pattern.
    ///
    /// >>> from weburl import URLPattern
    /// >>> URLPattern({"pathname": "/books/:id"}).pathname
    /// '/books/:id'
    #[getter]
    fn pathname(&self) -> &str {
        self.pattern.pathname()
    }

    /// The search pattern (without ``'?'``).
    ///
    /// >>> from weburl import URLPattern
    /// >>> URLPattern({"search": "?q=:term"}).search
    /// 'q=:term'
    #[getter]
    fn search(&self) -> &str {
        self.pattern.search()
    }

    /// The hash pattern (without ``'#'``).
    ///
    /// >>> from weburl import URLPattern
    /// >>> URLPattern({"hash": "#top"}).hash
    /// 'top'
    #[getter]
    fn hash(&self) -> &str {
        self.pattern.hash()
    }

    /// Whether some component has a custom regular expression group (such as ``(\d+)``):
    /// such a pattern runs a regular-expression engine, the others match without one.
    ///
    /// >>> from weburl import URLPattern
    /// >>> URLPattern({"pathname": "/:id(\\d+)"}).has_regexp_groups
    /// True
    /// >>> URLPattern({"pathname": "/:id"}).has_regexp_groups
    /// False
    #[getter]
    fn has_regexp_groups(&self) -> bool {
        self.pattern.has_regexp_groups()
    }

    /// ``URLPattern.compareComponent(component, left, right)`` as Chromium implements it
    /// (proposed in whatwg/urlpattern#61): -1, 0 or 1 as ``left``'s ``component`` is less,
    /// as or more specific than ``right``'s. Fixed text is more specific than a regexp group,
    /// than ``:name``, than ``*``; then no modifier than ``+``, than ``?``, than ``*``; then
    /// the texts compare byte by byte; group names do not count. An unknown component name
    /// raises :class:`URLPatternError` (a ValueError). Sorting with it (most specific first)
    /// puts literal routes before parameters before wildcards.
    ///
    /// >>> import functools
    /// >>> from weburl import URLPattern
    /// >>> a, b = URLPattern({"pathname": "/foo/:bar"}), URLPattern({"pathname": "/foo/*"})
    /// >>> URLPattern.compare_component("pathname", a, b), URLPattern.compare_component("pathname", b, a)
    /// (1, -1)
    /// >>> URLPattern.compare_component("pathname", a, URLPattern({"pathname": "/foo/:x"}))
    /// 0
    /// >>> routes = [b, a, URLPattern({"pathname": "/foo/new"})]
    /// >>> most_specific_first = functools.cmp_to_key(lambda l, r: URLPattern.compare_component("pathname", r, l))
    /// >>> [p.pathname for p in sorted(routes, key=most_specific_first)]
    /// ['/foo/new', '/foo/:bar', '/foo/*']
    /// >>> URLPattern.compare_component("host", a, b)
    /// Traceback (most recent call last):
    ///   ...
    /// weburl.URLPatternError: unknown URLPattern component "host"
    #[staticmethod]
    fn compare_component(
        component: &Bound<'_, PyAny>,
        left: PyRef<'_, PyUrlPattern>,
        right: PyRef<'_, PyUrlPattern>,
    ) -> PyResult<i32> {
        let component = component_named(component)?;
        Ok(
            match UrlPattern::compare_component(component, &left.pattern, &right.pattern) {
                std::cmp::Ordering::Less => -1,
                std::cmp::Ordering::Equal => 0,
                std::cmp::Ordering::Greater => 1,
            },
        )
    }

    /// ``generate(component, groups)`` as Chromium implements it (proposed in
    /// whatwg/urlpattern#73): the value of ``component`` the pattern gives with these group
    /// values (a mapping of group name to str), each value encoded as the component's text
    /// is (percent-encoding in a special scheme's path, IDNA in a hostname). Raises
    /// :class:`URLPatternError` (a ValueError) for an unknown component, a group without a
    /// value, a value its group would not match (``bar/baz`` for ``:foo`` in a special
    /// scheme's pathname), and a component with parts that have no one way to be filled
    /// (``*``, regexp groups, unnamed groups, the modifiers ``?``, ``*``, ``+``).
    ///
    /// That does not guard the URL's structure: with a scheme that is not special a value
    /// ``../x`` becomes more path segments, and in a search ``a&b=c`` adds a parameter.
    /// ``strict=True`` (``UrlPattern::generate_strict``) also refuses every value that would
    /// change the component's structure: ``/``, ``\``, ``%2F``, ``%5C`` and dot segments in
    /// a pathname, ``&``, ``=``, ``#`` in a search, host delimiters in a hostname, non-digits
    /// in a port, anything but a scheme's characters in a protocol. Use it for values from
    /// outside.
    ///
    /// >>> from weburl import URLPattern
    /// >>> p = URLPattern("https://{:sub}.example.com/books/:id")
    /// >>> p.generate("pathname", {"id": "my book"})
    /// '/books/my%20book'
    /// >>> p.generate("hostname", {"sub": "🍅"})
    /// 'xn--fi8h.example.com'
    /// >>> p.generate("pathname", {"id": "a/b"})
    /// Traceback (most recent call last):
    ///   ...
    /// weburl.URLPatternError: "a/b" does not match the pathname group "id" (empty, or holding the delimiter)
    /// >>> files = URLPattern("app://example/files/:name")
    /// >>> files.generate("pathname", {"name": "../etc/passwd"})
    /// '/files/../etc/passwd'
    /// >>> files.generate("pathname", {"name": "../etc/passwd"}, strict=True)
    /// Traceback (most recent call last):
    ///   ...
    /// weburl.URLPatternError: "../etc/passwd" (the pathname group "name") would change the URL's structure: a `/` or `\` would add path segments
    /// >>> files.generate("pathname", {"name": "report.pdf"}, strict=True)
    /// '/files/report.pdf'
    #[pyo3(signature = (component, groups, *, strict=false))]
    fn generate(
        &self,
        component: &Bound<'_, PyAny>,
        groups: &Bound<'_, PyAny>,
        strict: bool,
    ) -> PyResult<String> {
        let component = component_named(component)?;
        let groups = read_groups(groups)?;
        let generated = if strict {
            self.pattern.generate_strict(component, groups)
        } else {
            self.pattern.generate(component, groups)
        };
        generated.map_err(|e| URLPatternError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        let mut parts = Vec::new();
        for component in UrlPatternComponent::ALL {
            let (name, value) = (component.name(), self.pattern.get(component));
            if value == "*" {
                continue;
            }
            // A password pattern may be a secret: shown as ****.
            let value = if component == UrlPatternComponent::Password && !value.is_empty() {
                "****"
            } else {
                value
            };
            parts.push(format!("{name}={}", py_quote(value)));
        }
        format!("URLPattern({})", parts.join(", "))
    }
}

/// The component a str names; an unknown name raises URLPatternError (JavaScript's TypeError).
fn component_named(name: &Bound<'_, PyAny>) -> PyResult<UrlPatternComponent> {
    let name = usv_any(name, "component")?;
    UrlPatternComponent::from_name(&name).ok_or_else(|| {
        URLPatternError::new_err(format!("unknown URLPattern component {:?}", &*name))
    })
}

/// `generate()`'s groups: a mapping of str to str, as (name, value) pairs.
fn read_groups(groups: &Bound<'_, PyAny>) -> PyResult<Vec<(String, String)>> {
    let mapping = groups.cast::<PyMapping>().map_err(|_| {
        PyTypeError::new_err(match groups.get_type().name() {
            Ok(name) => format!("groups must be a mapping of str to str, not {name}"),
            Err(_) => "groups must be a mapping of str to str".to_owned(),
        })
    })?;
    let mut pairs = Vec::new();
    for item in mapping.items()?.iter() {
        let (name, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
        let name = usv_any(&name, "a group name")?.into_owned();
        let value = usv_any(&value, &format!("the value of group {name:?}"))?.into_owned();
        pairs.push((name, value));
    }
    Ok(pairs)
}

/// `s` as a Python str literal, as `repr()` writes it.
fn py_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Many URL patterns, each with a value: which ones match a URL, found through a prefix tree
/// over their literal parts rather than by trying each (so a URL costs far less than trying
/// every pattern). Patterns are tried in the order they were added.
///
/// ``add(pattern, value)`` takes a :class:`URLPattern`, a pattern string or an init dict.
/// ``URLPatternSet(*, untrusted=False, regexp_groups=None, max_pattern_length=None,
/// backtracking_regexps=None, max_regexp_steps=None)`` limits the patterns ``add`` accepts
/// (and the step budget of their matches) as :class:`URLPattern` does (a :class:`URLPattern`
/// given to ``add`` was built, its length and backtracking checked and its step budget set,
/// by its own constructor; one with custom regexp groups is refused when they are). A
/// lookup in which a pattern exhausts its step budget raises :class:`URLPatternError`.
/// ``first_match(url, base=None)`` returns ``(value, result)`` for the first pattern that
/// matches (``result`` as :meth:`URLPattern.exec` gives it), or None; ``best_match(url,
/// base=None)`` the most specific that matches; ``matches(url, base=None)`` all of them, in
/// order. ``url`` is a str or a :class:`URL`.
///
/// >>> from weburl import URLPatternSet
/// >>> routes = URLPatternSet()
/// >>> routes.add({"pathname": "/books/:id"}, "book")
/// >>> routes.add({"pathname": "/books/new"}, "new-book")
/// >>> routes.add({"pathname": "/*"}, "fallback")
/// >>> value, m = routes.first_match("https://example.com/books/7")
/// >>> value, m["pathname"]["groups"]
/// ('book', {'id': '7'})
/// >>> [v for v, _ in routes.matches("https://example.com/books/new")]
/// ['book', 'new-book', 'fallback']
/// >>> len(routes)
/// 3
/// >>> strict = URLPatternSet(untrusted=True)
/// >>> strict.add({"pathname": "/:lang(en|fr)/*"}, "docs")
/// Traceback (most recent call last):
///   ...
/// weburl.URLPatternError: the pathname pattern has a custom regexp group, which the limits refuse (untrusted=True)
#[pyclass(name = "URLPatternSet", module = "weburl")]
pub struct PyUrlPatternSet {
    set: UrlPatternSet<usize>,
    values: Vec<Py<PyAny>>,
    limits: Limits,
}

impl PyUrlPatternSet {
    /// The URL of `url` (a str or a `URL`, with a str `base`), or None when it does not
    /// parse (no pattern matches it then).
    fn url(url: &Bound<'_, PyAny>, base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Url>> {
        if let Ok(u) = url.cast::<PyUrl>() {
            return Ok(Some(u.try_borrow()?.url.clone()));
        }
        let Ok(text) = url.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "url must be str or URL, not {}",
                url.get_type().name()?
            )));
        };
        let text = usv(text)?;
        let base = read_base(base)?;
        Ok(match base {
            None => Url::parse(&text).ok(),
            Some(base) => Url::parse(&base)
                .ok()
                .and_then(|b| Url::parse_with_base(&text, &b).ok()),
        })
    }

    fn pair<'py>(
        &self,
        py: Python<'py>,
        index: usize,
        r: &UrlPatternResult,
        url: &Bound<'py, PyAny>,
        base: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Py<PyAny>, Bound<'py, PyDict>)> {
        let inputs = inputs_list(py, Some(url), base)?;
        Ok((self.values[index].clone_ref(py), result(py, r, &inputs)?))
    }
}

#[pymethods]
impl PyUrlPatternSet {
    #[new]
    #[pyo3(signature = (
        *,
        untrusted=false,
        regexp_groups=None,
        max_pattern_length=None,
        backtracking_regexps=None,
        max_regexp_steps=None
    ))]
    fn new(
        untrusted: bool,
        regexp_groups: Option<bool>,
        max_pattern_length: Option<usize>,
        backtracking_regexps: Option<bool>,
        max_regexp_steps: Option<u64>,
    ) -> Self {
        PyUrlPatternSet {
            set: UrlPatternSet::new(),
            values: Vec::new(),
            limits: Limits::new(LimitArgs {
                untrusted,
                regexp_groups,
                backtracking_regexps,
                max_pattern_length,
                max_regexp_steps,
            }),
        }
    }

    /// Adds a pattern (a :class:`URLPattern`, a pattern string or an init dict) with its
    /// value, after the patterns already there.
    ///
    /// >>> from weburl import URLPattern, URLPatternSet
    /// >>> s = URLPatternSet()
    /// >>> s.add(URLPattern("https://example.com/:page"), 1)
    /// >>> s.add("https://*.example.com/*", 2)
    /// >>> s.first_match("https://www.example.com/x")[0]
    /// 2
    #[pyo3(signature = (pattern, value))]
    fn add(&mut self, pattern: &Bound<'_, PyAny>, value: Py<PyAny>) -> PyResult<()> {
        let pattern = match pattern.cast::<PyUrlPattern>() {
            Ok(p) => {
                let p = &p.get().pattern;
                if p.has_regexp_groups() && !self.limits.limits.allow_regexp_groups {
                    return Err(URLPatternError::new_err(format!(
                        "the pattern has a custom regexp group, which the limits refuse ({})",
                        self.limits.regexp_groups_by
                    )));
                }
                p.clone()
            }
            Err(_) => build(read_input(Some(pattern), false)?, None, false, &self.limits)?,
        };
        self.set.insert(pattern, self.values.len());
        self.values.push(value);
        Ok(())
    }

    /// The value of the first pattern that matches, and the match; None when none does.
    ///
    /// >>> from weburl import URLPatternSet
    /// >>> s = URLPatternSet()
    /// >>> s.add({"hostname": "api.example.com", "pathname": "/v:version/*"}, "api")
    /// >>> s.first_match("https://api.example.com/v2/users")[1]["pathname"]["groups"]
    /// {'version': '2', '0': 'users'}
    /// >>> s.first_match("https://example.com/") is None
    /// True
    #[pyo3(signature = (url, base=None))]
    fn first_match<'py>(
        &self,
        py: Python<'py>,
        url: &Bound<'py, PyAny>,
        base: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<(Py<PyAny>, Bound<'py, PyDict>)>> {
        let Some(parsed) = Self::url(url, base)? else {
            return Ok(None);
        };
        match (self.set.try_first_match_url(&parsed)).map_err(|e| steps_exhausted(&e))? {
            None => Ok(None),
            Some((&index, r)) => Ok(Some(self.pair(py, index, &r, url, base)?)),
        }
    }

    /// The components :meth:`best_match` compares patterns on, in turn (the library's
    /// ``BEST_MATCH_ORDER``).
    ///
    /// >>> from weburl import URLPatternSet
    /// >>> URLPatternSet.best_match_order()
    /// ('hostname', 'pathname', 'protocol', 'username', 'password', 'port', 'search', 'hash')
    #[staticmethod]
    fn best_match_order(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
        PyTuple::new(py, BEST_MATCH_ORDER.iter().map(|c| c.name()))
    }

    /// The value of the most specific pattern that matches, and the match; None when none
    /// does. Patterns are compared with :meth:`URLPattern.compare_component` on each
    /// component of :meth:`best_match_order` in turn (the hostname first, then the
    /// pathname), the first that differs deciding; of equally specific patterns, the one
    /// added first wins.
    ///
    /// >>> from weburl import URLPatternSet
    /// >>> s = URLPatternSet()
    /// >>> s.add({"pathname": "/*"}, "fallback")
    /// >>> s.add({"pathname": "/books/:id"}, "book")
    /// >>> s.add({"pathname": "/books/new"}, "new-book")
    /// >>> s.add({"hostname": "admin.example.com"}, "admin")
    /// >>> s.best_match("https://example.com/books/new")[0]
    /// 'new-book'
    /// >>> value, m = s.best_match("https://example.com/books/7")
    /// >>> value, m["pathname"]["groups"]
    /// ('book', {'id': '7'})
    /// >>> s.best_match("https://admin.example.com/books/7")[0]  # a fixed hostname first
    /// 'admin'
    /// >>> s.first_match("https://example.com/books/new")[0]
    /// 'fallback'
    #[pyo3(signature = (url, base=None))]
    fn best_match<'py>(
        &self,
        py: Python<'py>,
        url: &Bound<'py, PyAny>,
        base: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<(Py<PyAny>, Bound<'py, PyDict>)>> {
        let Some(parsed) = Self::url(url, base)? else {
            return Ok(None);
        };
        match (self.set.try_best_match_url(&parsed)).map_err(|e| steps_exhausted(&e))? {
            None => Ok(None),
            Some((&index, r)) => Ok(Some(self.pair(py, index, &r, url, base)?)),
        }
    }

    /// Every pattern that matches, in the order they were added: ``[(value, match), ...]``.
    ///
    /// >>> from weburl import URLPatternSet
    /// >>> s = URLPatternSet()
    /// >>> s.add({"pathname": "/a/*"}, "a")
    /// >>> s.add({"pathname": "/a/:b"}, "b")
    /// >>> [v for v, _ in s.matches("https://example.com/a/x")]
    /// ['a', 'b']
    #[pyo3(signature = (url, base=None))]
    fn matches<'py>(
        &self,
        py: Python<'py>,
        url: &Bound<'py, PyAny>,
        base: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Vec<(Py<PyAny>, Bound<'py, PyDict>)>> {
        let Some(parsed) = Self::url(url, base)? else {
            return Ok(Vec::new());
        };
        self.set
            .try_matches_url(&parsed)
            .map_err(|e| steps_exhausted(&e))?
            .into_iter()
            .map(|(&index, r)| self.pair(py, index, &r, url, base))
            .collect()
    }

    fn __len__(&self) -> usize {
        self.values.len()
    }

    fn __traverse__(&self, visit: pyo3::PyVisit<'_>) -> Result<(), pyo3::PyTraverseError> {
        for value in &self.values {
            visit.call(value)?;
        }
        Ok(())
    }

    fn __clear__(&mut self) {
        self.values.clear();
        self.set = UrlPatternSet::new();
    }
}
