//! `weburl.polars`: the `url` expression namespace of Polars, as an expression plugin that
//! Polars calls from its own engine (lazy, streaming, on its thread pool), without Python.
//!
//! Polars loads a plugin by `dlopen`ing a shared library and calling C functions found by
//! name: this extension module is that library, so the plugin ships in the `weburl` wheel and
//! links no Polars crate (a Polars crate linked into a PyO3 module is what has crashed other
//! packages on import; and `pyo3-polars` pins its own PyO3). The interface, version 0.1 of
//! Polars' plugin ABI (`polars-ffi`'s `version_0`, spoken by Polars 0.20.6 and later):
//!
//! - `_polars_plugin_get_version() -> u32`: major << 16 | minor, here 0.1;
//! - `_polars_plugin_<name>(inputs, n, kwargs, kwargs_len, out, context)`: computes: `inputs`
//!   are `n` [`SeriesExport`]s, owned by the callee (it must release them); `kwargs` the
//!   keyword arguments pickled by Python; `out` receives the result, left empty on error;
//! - `_polars_plugin_field_<name>(fields, n, out, kwargs, kwargs_len)`: the output field for
//!   `n` input fields (Arrow C schemas, borrowed), written to `out`, left empty on error;
//! - `_polars_plugin_get_last_error_message() -> *const c_char`: the calling thread's last
//!   error, read when a function left its output empty.
//!
//! A series crosses as an Arrow C schema and Arrow C arrays, which `arrow-array`'s `ffi`
//! module reads and writes; Polars' strings arrive as `Utf8View`. Every entry point catches
//! panics, so that none unwinds into Polars. The kernels are `weburl-arrow`'s; this module
//! holds only the ABI, the keyword arguments and broadcasting, and [`kernel`], the same
//! computation called from Python without Polars (for `bench/data_tools.py`).

use std::cell::RefCell;
use std::ffi::{CString, c_char, c_void};
use std::mem::ManuallyDrop;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use weburl::Component;
use weburl::psl::Sections;
use weburl_arrow::arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use weburl_arrow::arrow_array::{Array, ArrayRef, NullArray, make_array};
use weburl_arrow::arrow_schema::{DataType, Field, Fields};
use weburl_arrow::{Base, Output, Strings};

use crate::arrow_result::PyArrowArray;

/// The plugin ABI version: `polars-ffi` 0.1 (major 0, minor 1: the field function takes the
/// keyword arguments too).
const VERSION: u32 = 1;

/// A Polars series across the C boundary (`polars_ffi::version_0::SeriesExport`): its field,
/// its chunks as Arrow C arrays, and a release callback that frees the struct's own memory
/// (not the arrays, which the reader moves out).
#[repr(C)]
pub struct SeriesExport {
    field: *mut FFI_ArrowSchema,
    arrays: *mut *mut FFI_ArrowArray,
    len: usize,
    release: Option<unsafe extern "C" fn(*mut SeriesExport)>,
    private_data: *mut c_void,
}

/// What a [`SeriesExport`] we make owns.
struct Owned {
    schema: Box<FFI_ArrowSchema>,
    arrays: Box<[*mut FFI_ArrowArray]>,
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records `message` as the calling thread's last error.
fn set_error(message: &str) {
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
}

/// The plugin ABI version this library speaks.
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_version() -> u32 {
    VERSION
}

/// The calling thread's last error message; valid until its next call into this plugin.
#[unsafe(no_mangle)]
pub extern "C" fn _polars_plugin_get_last_error_message() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().as_ptr())
}

/// Defines the plugin's functions from one list, `Variant => "name", call, field;`: the enum
/// [`Function`] of them, `Function::ALL`, `Function::name` (the name Python knows it by:
/// `weburl.polars` calls `url_<name>`), and each function's two entry points, `call`
/// (`_polars_plugin_url_<name>`) and `field` (`_polars_plugin_field_url_<name>`), whose
/// spelling is checked against the name at compile time.
///
/// The list cannot be made from the catalogue (`weburl_arrow::catalog`): Polars finds an
/// entry point by its exported symbol, which must be written as an identifier (or a literal)
/// in the source, and a macro cannot read the catalogue's strings, which are data. So the
/// list is written here once, and [`CATALOGUE_CHECK`] compares it with the catalogue when
/// this crate is compiled: a function the catalogue puts on Polars that the plugin lacks (or
/// the reverse) does not compile.
macro_rules! plugin_functions {
    ($($variant:ident => $name:literal, $call:ident, $field:ident;)*) => {
        /// The functions of the namespace, each one kernel of `weburl-arrow`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Function {
            $($variant,)*
        }

        impl Function {
            /// Every function.
            const ALL: &[Function] = &[$(Function::$variant,)*];

            /// The name Python knows it by (`weburl.polars` calls `url_<name>`).
            const fn name(self) -> &'static str {
                match self {
                    $(Function::$variant => $name,)*
                }
            }
        }

        $(
            const _: () = assert!(
                same(stringify!($call), concat!("_polars_plugin_url_", $name))
                    && same(stringify!($field), concat!("_polars_plugin_field_url_", $name)),
                concat!("the entry points of ", $name, " are misspelled"),
            );

            /// A Polars plugin entry point (see the module's documentation).
            ///
            /// # Safety
            /// Polars' plugin ABI, version 0.1.
            #[unsafe(no_mangle)]
            pub unsafe extern "C" fn $call(
                inputs: *mut SeriesExport,
                n: usize,
                kwargs: *const u8,
                kwargs_len: usize,
                out: *mut SeriesExport,
                _context: *const c_void,
            ) {
                // SAFETY: Polars keeps the ABI's promises (see `call`).
                unsafe { call(Function::$variant, inputs, n, kwargs, kwargs_len, out) }
            }

            /// A Polars plugin output-field entry point (see the module's documentation).
            ///
            /// # Safety
            /// Polars' plugin ABI, version 0.1.
            #[unsafe(no_mangle)]
            pub unsafe extern "C" fn $field(
                fields: *const FFI_ArrowSchema,
                n: usize,
                out: *mut FFI_ArrowSchema,
                kwargs: *const u8,
                kwargs_len: usize,
            ) {
                // SAFETY: Polars keeps the ABI's promises (see `field`).
                unsafe { field(Function::$variant, fields, n, out, kwargs, kwargs_len) }
            }
        )*
    };
}

plugin_functions! {
    Parse => "parse", _polars_plugin_url_parse, _polars_plugin_field_url_parse;
    Component => "component", _polars_plugin_url_component, _polars_plugin_field_url_component;
    CanParse => "can_parse", _polars_plugin_url_can_parse, _polars_plugin_field_url_can_parse;
    ErrorName => "error_name", _polars_plugin_url_error_name, _polars_plugin_field_url_error_name;
    Normalize => "normalize", _polars_plugin_url_normalize, _polars_plugin_field_url_normalize;
    PublicSuffix => "public_suffix", _polars_plugin_url_public_suffix, _polars_plugin_field_url_public_suffix;
    RegistrableDomain => "registrable_domain", _polars_plugin_url_registrable_domain, _polars_plugin_field_url_registrable_domain;
    PatternTest => "pattern_test", _polars_plugin_url_pattern_test, _polars_plugin_field_url_pattern_test;
    PatternExec => "pattern_exec", _polars_plugin_url_pattern_exec, _polars_plugin_field_url_pattern_exec;
    PatternGroup => "pattern_group", _polars_plugin_url_pattern_group, _polars_plugin_field_url_pattern_group;
    SearchParam => "search_param", _polars_plugin_url_search_param, _polars_plugin_field_url_search_param;
    SearchParams => "search_params", _polars_plugin_url_search_params, _polars_plugin_field_url_search_params;
    Route => "route", _polars_plugin_url_route, _polars_plugin_field_url_route;
    PatternGenerate => "pattern_generate", _polars_plugin_url_pattern_generate, _polars_plugin_field_url_pattern_generate;
}

/// Whether two strings are equal, in a constant.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The plugin function that computes the catalogue's Polars method `python`: `component`
/// for a getter (`hostname`, `href`, ...: one of `weburl::Component::ALL`, the component
/// being a keyword argument), else the method's own name.
const fn plugin_name(python: &str) -> &str {
    let mut i = 0;
    while i < Component::ALL.len() {
        if same(Component::ALL[i].name(), python) {
            return Function::Component.name();
        }
        i += 1;
    }
    python
}

/// Whether the catalogue puts `f` on Polars.
const fn on_polars(f: &weburl_arrow::catalog::Function) -> bool {
    let mut i = 0;
    while i < f.absent.len() {
        if matches!(f.absent[i].0, weburl_arrow::catalog::Surface::Polars) {
            return false;
        }
        i += 1;
    }
    true
}

/// The plugin's functions are the catalogue's Polars methods, checked when the crate is
/// compiled (see [`plugin_functions`] for why the list cannot come from the catalogue):
/// every method the catalogue puts on Polars has its plugin function ([`plugin_name`]), and
/// every plugin function computes one of them.
const CATALOGUE_CHECK: () = {
    let catalogue = weburl_arrow::catalog::FUNCTIONS;
    let mut i = 0;
    while i < catalogue.len() {
        let f = &catalogue[i];
        if on_polars(f) {
            let wanted = plugin_name(f.python);
            let mut found = false;
            let mut j = 0;
            while j < Function::ALL.len() {
                found |= same(Function::ALL[j].name(), wanted);
                j += 1;
            }
            if !found {
                // The compiler's message names the catalogue's Polars method that has no
                // plugin function: add one to `plugin_functions!`.
                panic!("{}", f.python);
            }
        }
        i += 1;
    }
    let mut j = 0;
    while j < Function::ALL.len() {
        let name = Function::ALL[j].name();
        let mut used = false;
        let mut i = 0;
        while i < catalogue.len() {
            let f = &catalogue[i];
            used |= on_polars(f) && same(plugin_name(f.python), name);
            i += 1;
        }
        if !used {
            // The compiler's message names the plugin function that computes no Polars
            // method of the catalogue: remove it, or put its method on Polars there.
            panic!("{}", name);
        }
        j += 1;
    }
};
const _: () = CATALOGUE_CHECK;

impl Function {
    /// What the second input, if any, is: a base URL, or the names of `search_param` (else
    /// the function takes one input).
    fn second_input(self) -> Option<&'static str> {
        match self {
            Function::Parse | Function::Component | Function::CanParse | Function::ErrorName => {
                Some("the base")
            }
            Function::SearchParam => Some("the names"),
            Function::PatternGenerate => Some("the groups"),
            _ => None,
        }
    }

    /// The output type.
    fn data_type(self, kwargs: &Kwargs) -> Result<DataType, String> {
        Ok(match self {
            Function::PatternExec => DataType::Struct(weburl_arrow::pattern_fields(
                &kwargs.pattern()?,
                weburl_arrow::Output::Utf8View,
            )),
            Function::Parse => DataType::Struct(
                Component::ALL
                    .iter()
                    .map(|c| Field::new(c.name(), DataType::Utf8View, true))
                    .collect::<Fields>(),
            ),
            Function::CanParse | Function::PatternTest => DataType::Boolean,
            Function::SearchParams => weburl_arrow::search_params_type(),
            _ => DataType::Utf8View,
        })
    }
}

/// The keyword arguments, as `weburl.polars` passes them.
#[derive(Debug, Default)]
struct Kwargs {
    component: Option<String>,
    profile: Option<String>,
    sections: Option<String>,
    drop_index: bool,
    strip_tracking: bool,
    keep_fragment: bool,
    pattern: Option<String>,
    base: Option<String>,
    ignore_case: bool,
    untrusted: bool,
    group: Option<String>,
    routes: Option<String>,
    best: bool,
    strict: bool,
}

impl Kwargs {
    /// Reads the pickled dict `bytes` (empty: no keyword arguments).
    fn read(bytes: &[u8]) -> Result<Kwargs, String> {
        let mut kwargs = Kwargs::default();
        if bytes.is_empty() {
            return Ok(kwargs);
        }
        for (key, value) in pickle::dict(bytes)? {
            match (key.as_str(), value) {
                ("component", pickle::Value::Str(s)) => kwargs.component = Some(s),
                ("profile", pickle::Value::Str(s)) => kwargs.profile = Some(s),
                ("sections", pickle::Value::Str(s)) => kwargs.sections = Some(s),
                ("drop_index", pickle::Value::Bool(b)) => kwargs.drop_index = b,
                ("strip_tracking", pickle::Value::Bool(b)) => kwargs.strip_tracking = b,
                ("keep_fragment", pickle::Value::Bool(b)) => kwargs.keep_fragment = b,
                ("pattern", pickle::Value::Str(s)) => kwargs.pattern = Some(s),
                ("base", pickle::Value::Str(s)) => kwargs.base = Some(s),
                ("base", pickle::Value::None) => kwargs.base = None,
                ("ignore_case", pickle::Value::Bool(b)) => kwargs.ignore_case = b,
                ("untrusted", pickle::Value::Bool(b)) => kwargs.untrusted = b,
                ("group", pickle::Value::Str(s)) => kwargs.group = Some(s),
                ("routes", pickle::Value::Str(s)) => kwargs.routes = Some(s),
                ("best", pickle::Value::Bool(b)) => kwargs.best = b,
                ("strict", pickle::Value::Bool(b)) => kwargs.strict = b,
                (key, value) => {
                    return Err(format!("unexpected keyword argument {key}={value:?}"));
                }
            }
        }
        Ok(kwargs)
    }

    /// The URL pattern of `url.pattern_test` and `url.pattern_exec`, compiled.
    fn pattern(&self) -> Result<weburl::pattern::UrlPattern, String> {
        let pattern = self.pattern.as_deref().ok_or("weburl: no pattern given")?;
        let base = self.base.as_deref();
        weburl_arrow::url_pattern_with(pattern, base, self.ignore_case, self.untrusted)
            .map_err(|e| e.to_string())
    }

    fn sections(&self) -> Result<Sections, String> {
        weburl_arrow::sections(self.sections.as_deref().unwrap_or("all")).map_err(|e| e.to_string())
    }
}

/// The method's name, for messages: `url.hostname`, `url.parse`, ...
fn method(function: Function, kwargs: &Kwargs) -> String {
    match (function, &kwargs.component) {
        (Function::Component, Some(name)) => format!("url.{name}"),
        _ => format!("url.{}", function.name()),
    }
}

/// A Polars user's name of an Arrow type that is not a string.
fn polars_type_name(t: &DataType) -> String {
    match t {
        DataType::Dictionary(..) => "Categorical".into(),
        DataType::Binary | DataType::LargeBinary | DataType::BinaryView => "Binary".into(),
        other => other.to_string(),
    }
}

/// Checks the input fields' types: strings (or nulls) for the URLs and the base.
fn check_types(function: Function, kwargs: &Kwargs, types: &[DataType]) -> Result<(), String> {
    let second = function.second_input();
    let most = if second.is_some() { 2 } else { 1 };
    let least = if matches!(function, Function::SearchParam | Function::PatternGenerate) {
        2
    } else {
        1
    };
    if types.len() < least || types.len() > most {
        return Err(format!(
            "{} takes {} input{}, not {}",
            method(function, kwargs),
            match (least, most) {
                (1, 1) => "one",
                (2, 2) => "two",
                _ => "one or two",
            },
            if most == 1 { "" } else { "s" },
            types.len()
        ));
    }
    for (i, t) in types.iter().enumerate() {
        if !matches!(
            t,
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View | DataType::Null
        ) {
            let what = if i == 0 && function == Function::PatternGenerate {
                "the patterns"
            } else if i == 0 {
                "the URLs"
            } else {
                second.unwrap_or("the base")
            };
            return Err(format!(
                "{} expects {what} as a String column, not {} (cast it with .cast(pl.String))",
                method(function, kwargs),
                polars_type_name(t)
            ));
        }
    }
    Ok(())
}

/// The output field for input fields `fields`.
fn output_field(function: Function, kwargs: &Kwargs, fields: &[Field]) -> Result<Field, String> {
    let types: Vec<DataType> = fields.iter().map(|f| f.data_type().clone()).collect();
    check_types(function, kwargs, &types)?;
    Ok(Field::new(
        fields[0].name(),
        function.data_type(kwargs)?,
        true,
    ))
}

/// `function` of `inputs` (each a list of chunks), broadcasting length-1 inputs to the length
/// of the others.
fn compute(
    function: Function,
    inputs: &[Vec<ArrayRef>],
    kwargs: &Kwargs,
) -> Result<ArrayRef, String> {
    let types: Vec<DataType> = inputs
        .iter()
        .map(|chunks| {
            chunks
                .first()
                .map_or(DataType::Null, |a| a.data_type().clone())
        })
        .collect();
    check_types(function, kwargs, &types)?;
    let lens: Vec<usize> = inputs
        .iter()
        .map(|chunks| chunks.iter().map(|a| a.len()).sum())
        .collect();
    let rows = lens.iter().copied().filter(|&n| n != 1).max().unwrap_or(1);
    if let Some(n) = lens.iter().find(|&&n| n != 1 && n != rows) {
        return Err(format!(
            "{}: inputs of different lengths ({rows} and {n})",
            method(function, kwargs)
        ));
    }
    let urls = column(&inputs[0], rows)?;
    let second = inputs
        .get(1)
        .map(|chunks| column(chunks, rows))
        .transpose()?;
    let base = match (function, &second) {
        (Function::SearchParam | Function::PatternGenerate, _) | (_, None) => Base::None,
        (_, Some(bases)) => Base::Strings(bases.clone()),
    };
    Ok(match function {
        Function::Parse => Arc::new(weburl_arrow::parse(&urls, base)),
        Function::Component => {
            let name = kwargs.component.as_deref().unwrap_or("href");
            let component: Component = name
                .parse()
                .map_err(|_| format!("unknown URL component {name:?}"))?;
            weburl_arrow::component(&urls, base, component)
        }
        Function::CanParse => Arc::new(weburl_arrow::can_parse(&urls, base)),
        Function::ErrorName => weburl_arrow::error_name(&urls, base),
        Function::Normalize => {
            let profile = weburl_arrow::profile(kwargs.profile.as_deref().unwrap_or("spec"))
                .map_err(|e| e.to_string())?;
            let options = weburl_arrow::options(
                kwargs.drop_index,
                kwargs.strip_tracking,
                kwargs.keep_fragment,
            );
            weburl_arrow::normalize(&urls, profile, &options)
        }
        Function::PublicSuffix => weburl_arrow::public_suffix(&urls, kwargs.sections()?),
        Function::RegistrableDomain => weburl_arrow::registrable_domain(&urls, kwargs.sections()?),
        Function::PatternTest => {
            Arc::new(weburl_arrow::pattern_test(&urls, &kwargs.pattern()?, base))
        }
        Function::PatternExec => {
            Arc::new(weburl_arrow::pattern_exec(&urls, &kwargs.pattern()?, base))
        }
        Function::PatternGroup => {
            let group = kwargs
                .group
                .as_deref()
                .ok_or("weburl: no group name given")?;
            weburl_arrow::pattern_group(&urls, &kwargs.pattern()?, group, base, Output::Utf8View)
        }
        Function::SearchParam => match &second {
            Some(names) => weburl_arrow::search_param(&urls, names, Output::Utf8View),
            None => return Err("url.search_param takes the names".into()),
        },
        Function::SearchParams => Arc::new(weburl_arrow::search_params(&urls)),
        Function::Route => {
            let json = kwargs.routes.as_deref().ok_or("weburl: no routes given")?;
            // Compiled once per distinct routes and base in the process, not per batch.
            let routes = crate::arrow::ROUTES
                .get_with(json, kwargs.base.as_deref(), kwargs.untrusted)
                .map_err(|e| format!("url.route: {e}"))?;
            weburl_arrow::route(&urls, &routes, kwargs.best, Base::None, Output::Utf8View)
        }
        Function::PatternGenerate => {
            let groups = second
                .as_ref()
                .ok_or("url.pattern_generate takes the groups")?;
            let component = kwargs
                .component
                .as_deref()
                .ok_or("weburl: no component given")?;
            let components = Strings::scalar(Some(component), rows);
            let bases = kwargs
                .base
                .as_deref()
                .map(|b| Strings::scalar(Some(b), rows));
            let args = weburl_arrow::GenerateArgs {
                components: &components,
                groups,
                bases: bases.as_ref(),
            };
            // Each distinct pattern compiled once in the process, not per batch.
            weburl_arrow::pattern_generate(
                &urls,
                args,
                kwargs.strict,
                kwargs.untrusted,
                &crate::arrow::PATTERNS,
                Output::Utf8View,
            )
            .map_err(|e| format!("url.pattern_generate: {e}"))?
        }
    })
}

/// The strings of the chunks of one input, a single row broadcast to `rows`.
fn column(chunks: &[ArrayRef], rows: usize) -> Result<Strings<'_>, String> {
    let all = Strings::chunks(chunks).map_err(|e| e.to_string())?;
    if all.len() == 1 && rows != 1 {
        Ok(Strings::scalar(all.get(0), rows))
    } else {
        Ok(all)
    }
}

/// ``_polars_kernel(array, function, kwargs)``: what the plugin's ``url_<function>`` computes
/// for the strings ``array`` (anything :mod:`weburl.arrow` reads) and the pickled keyword
/// arguments ``kwargs``, called directly: the same ``compute`` on the same Arrow data, but
/// without Polars' engine, the plugin ABI's import and export, or Polars' import of the
/// answer. Returns the answer and the nanoseconds the kernel took (the GIL released), for
/// ``bench/data_tools.py`` to set the plugin's cost beside the kernel's.
///
/// >>> import pickle
/// >>> from weburl._weburl import _polars_kernel
/// >>> answer, ns = _polars_kernel(["https://x.github.io/", None], "registrable_domain",
/// ...                             pickle.dumps({"sections": "all"}))
/// >>> answer.to_pylist(), answer.type, ns > 0
/// (['x.github.io', None], 'string_view', True)
#[pyfunction]
#[pyo3(name = "_polars_kernel")]
pub fn kernel(
    py: Python<'_>,
    array: &Bound<'_, PyAny>,
    function: &str,
    kwargs: &[u8],
) -> PyResult<(PyArrowArray, u64)> {
    let function = Function::ALL
        .iter()
        .copied()
        .find(|f| f.name() == function)
        .ok_or_else(|| PyValueError::new_err(format!("no plugin function {function:?}")))?;
    let chunks = crate::arrow::arrow_strings(array)?;
    let kwargs = Kwargs::read(kwargs).map_err(PyValueError::new_err)?;
    let inputs = [chunks];
    let (answer, ns) = py.detach(|| {
        let start = std::time::Instant::now();
        let answer = compute(function, &inputs, &kwargs);
        (answer, start.elapsed().as_nanos())
    });
    let array = answer.map_err(PyValueError::new_err)?;
    Ok((
        PyArrowArray {
            array,
            name: function.name(),
        },
        u64::try_from(ns).unwrap_or(u64::MAX),
    ))
}

/// Runs `f`, turning an error or a panic into the thread's last error (and `false`).
fn guarded(function: Function, f: impl FnOnce() -> Result<(), String>) -> bool {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => true,
        Ok(Err(message)) => {
            set_error(&message);
            false
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            set_error(&format!("weburl: url.{} failed: {what}", function.name()));
            false
        }
    }
}

/// The body of `_polars_plugin_<name>`.
///
/// # Safety
/// As the ABI says: `inputs` points to `n` valid [`SeriesExport`]s that this call owns,
/// `kwargs` to `kwargs_len` readable bytes, `out` to a writable [`SeriesExport`].
unsafe fn call(
    function: Function,
    inputs: *mut SeriesExport,
    n: usize,
    kwargs: *const u8,
    kwargs_len: usize,
    out: *mut SeriesExport,
) {
    // SAFETY: the caller passes `kwargs_len` readable bytes at `kwargs`.
    let kwargs = unsafe { abi::bytes(kwargs, kwargs_len) };
    guarded(function, || {
        // The inputs first, whatever happens next, so that each is released once.
        // SAFETY: the caller passes `n` valid exports that this call owns.
        let inputs = unsafe { abi::take_inputs(inputs, n) }?;
        let kwargs = Kwargs::read(kwargs)?;
        let result = compute(function, &inputs, &kwargs)?;
        // SAFETY: the caller passes a writable export for the result.
        unsafe { abi::export(result, out) }
    });
}

/// The body of `_polars_plugin_field_<name>`.
///
/// # Safety
/// As the ABI says: `fields` points to `n` valid Arrow C schemas (borrowed), `out` to a
/// writable one, `kwargs` to `kwargs_len` readable bytes.
unsafe fn field(
    function: Function,
    fields: *const FFI_ArrowSchema,
    n: usize,
    out: *mut FFI_ArrowSchema,
    kwargs: *const u8,
    kwargs_len: usize,
) {
    // SAFETY: the caller passes `kwargs_len` readable bytes at `kwargs`.
    let kwargs = unsafe { abi::bytes(kwargs, kwargs_len) };
    guarded(function, || {
        let kwargs = Kwargs::read(kwargs)?;
        // SAFETY: the caller passes `n` valid schemas at `fields`.
        let fields = unsafe { abi::fields(fields, n) }?;
        let field = output_field(function, &kwargs, &fields)?;
        let schema = FFI_ArrowSchema::try_from(&field).map_err(|e| e.to_string())?;
        // SAFETY: `out` is writable; what it holds (an empty schema) needs no release.
        unsafe { out.write(schema) };
        Ok(())
    });
}

/// The unsafe half: reading and writing the ABI's structs.
mod abi {
    use super::*;

    /// The `len` bytes at `ptr` (none when `len` is 0, whatever `ptr` is).
    ///
    /// # Safety
    /// `ptr` points to `len` readable bytes that outlive the call.
    pub unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
        if len == 0 || ptr.is_null() {
            return &[];
        }
        // SAFETY: the caller's promise.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    }

    /// The `n` fields at `fields`.
    ///
    /// # Safety
    /// `fields` points to `n` valid Arrow C schemas.
    pub unsafe fn fields(fields: *const FFI_ArrowSchema, n: usize) -> Result<Vec<Field>, String> {
        if n == 0 {
            return Ok(Vec::new());
        }
        // SAFETY: the caller's promise; the schemas are only borrowed.
        let schemas = unsafe { std::slice::from_raw_parts(fields, n) };
        schemas
            .iter()
            .map(|s| Field::try_from(s).map_err(|e| format!("weburl: unreadable input field: {e}")))
            .collect()
    }

    /// Takes ownership of the `n` exports at `inputs`: moves each chunk out into an Arrow
    /// array and releases the export. Every export is released, even after an error.
    ///
    /// # Safety
    /// `inputs` points to `n` valid exports owned by the caller, who gives them up.
    pub unsafe fn take_inputs(
        inputs: *mut SeriesExport,
        n: usize,
    ) -> Result<Vec<Vec<ArrayRef>>, String> {
        let mut out = Vec::with_capacity(n);
        let mut error = None;
        for i in 0..n {
            // SAFETY: export `i` is valid and ours.
            let export = unsafe { &mut *inputs.add(i) };
            let mut chunks = Vec::with_capacity(export.len);
            // SAFETY: `field` is a valid schema (borrowed).
            let null_type =
                unsafe { DataType::try_from(&*export.field) }.is_ok_and(|t| t == DataType::Null);
            for j in 0..export.len {
                if null_type {
                    // Polars gives its Null type a buffer that Arrow's layout does not have:
                    // only the length counts.
                    // SAFETY: as below; the array is moved out and released here.
                    let array = unsafe { FFI_ArrowArray::from_raw(*export.arrays.add(j)) };
                    chunks.push(Arc::new(NullArray::new(array.len())) as ArrayRef);
                    continue;
                }
                // SAFETY: `arrays` holds `len` pointers to valid C arrays, and `field` is the
                // valid schema of each. `from_raw` moves the array out (leaving a released
                // one, which the export's release callback frees without releasing again),
                // so the array's buffers live as long as the Arrow array made of them.
                // Polars' string columns are valid UTF-8 (its own invariant), so they are
                // not validated again here.
                let imported = unsafe {
                    let array = FFI_ArrowArray::from_raw(*export.arrays.add(j));
                    from_ffi(array, &*export.field)
                };
                match imported {
                    Ok(data) => chunks.push(make_array(data)),
                    Err(e) => {
                        error.get_or_insert_with(|| format!("weburl: unreadable input: {e}"));
                    }
                }
            }
            if let Some(release) = export.release {
                // SAFETY: the export's own callback, called once, on the export.
                unsafe { release(export) };
            }
            out.push(chunks);
        }
        match error {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }

    /// Frees what an export of ours owns: the schema (released), the boxes of the arrays
    /// (not released: their reader moved them out).
    unsafe extern "C" fn release(export: *mut SeriesExport) {
        if export.is_null() {
            return;
        }
        // SAFETY: Polars calls this once on an export that `export` made.
        let export = unsafe { &mut *export };
        if export.private_data.is_null() {
            return;
        }
        // SAFETY: `private_data` is the `Owned` box that `export` leaked.
        let owned = unsafe { Box::from_raw(export.private_data.cast::<Owned>()) };
        for &array in owned.arrays.iter() {
            // SAFETY: each is a box `export` leaked; its content was moved out by the
            // reader, so the box is freed without dropping (releasing) the content.
            drop(unsafe { Box::from_raw(array.cast::<ManuallyDrop<FFI_ArrowArray>>()) });
        }
        export.private_data = std::ptr::null_mut();
        export.release = None;
    }

    /// Writes `array` to `out` as a one-chunk series export.
    ///
    /// # Safety
    /// `out` is writable; what it holds (an empty export) needs no release.
    pub unsafe fn export(array: ArrayRef, out: *mut SeriesExport) -> Result<(), String> {
        let field = Field::new("", array.data_type().clone(), true);
        let schema = Box::new(FFI_ArrowSchema::try_from(&field).map_err(|e| e.to_string())?);
        let chunk = Box::into_raw(Box::new(FFI_ArrowArray::new(&array.to_data())));
        let mut owned = Box::new(Owned {
            schema,
            arrays: vec![chunk].into_boxed_slice(),
        });
        let export = SeriesExport {
            field: &mut *owned.schema,
            arrays: owned.arrays.as_mut_ptr(),
            len: 1,
            release: Some(release),
            private_data: Box::into_raw(owned).cast(),
        };
        // SAFETY: the caller's promise.
        unsafe { out.write(export) };
        Ok(())
    }
}

/// Just enough of Python's pickle format to read the keyword arguments Polars passes: a
/// dict of str to str, bool, int or None, as protocols 2 to 5 write it. Anything else is an
/// error, never a guess.
mod pickle {
    /// A value of the dict.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Value {
        Str(String),
        Bool(bool),
        Int(i64),
        None,
    }

    /// The error of unreadable keyword arguments.
    fn bad(what: &str) -> String {
        format!("weburl: unreadable keyword arguments ({what})")
    }

    /// A cursor over the pickle.
    struct Reader<'a> {
        bytes: &'a [u8],
        at: usize,
    }

    impl<'a> Reader<'a> {
        /// The next `n` bytes.
        fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
            let end = self
                .at
                .checked_add(n)
                .filter(|&end| end <= self.bytes.len())
                .ok_or_else(|| bad("truncated"))?;
            let taken = &self.bytes[self.at..end];
            self.at = end;
            Ok(taken)
        }

        /// The next `n` bytes as a little-endian unsigned integer.
        fn int(&mut self, n: usize) -> Result<u64, String> {
            Ok(self
                .take(n)?
                .iter()
                .rev()
                .fold(0, |v, &b| (v << 8) | u64::from(b)))
        }
    }

    /// The pairs of the pickled dict `bytes`, in order.
    pub fn dict(bytes: &[u8]) -> Result<Vec<(String, Value)>, String> {
        let mut input = Reader { bytes, at: 0 };
        let mut stack: Vec<Value> = Vec::new();
        let mut marks: Vec<usize> = Vec::new();
        let mut pairs = Vec::new();
        let mut dict = false;
        loop {
            let op = input.take(1)?[0];
            match op {
                // PROTO n, FRAME length, MEMOIZE, BINPUT i, LONG_BINPUT i: nothing to keep.
                0x80 => {
                    input.take(1)?;
                }
                0x95 => {
                    input.take(8)?;
                }
                0x94 => {}
                b'q' => {
                    input.take(1)?;
                }
                b'r' => {
                    input.take(4)?;
                }
                // EMPTY_DICT: the dict, first and only.
                b'}' if !dict && stack.is_empty() => dict = true,
                b'(' => marks.push(stack.len()),
                // SHORT_BINUNICODE, BINUNICODE, BINUNICODE8: a length and UTF-8.
                0x8c | b'X' | 0x8d => {
                    let width = match op {
                        0x8c => 1,
                        b'X' => 4,
                        _ => 8,
                    };
                    let n = usize::try_from(input.int(width)?).map_err(|_| bad("length"))?;
                    let text = std::str::from_utf8(input.take(n)?).map_err(|_| bad("UTF-8"))?;
                    stack.push(Value::Str(text.to_owned()));
                }
                0x88 => stack.push(Value::Bool(true)),
                0x89 => stack.push(Value::Bool(false)),
                b'N' => stack.push(Value::None),
                // BININT1, BININT2 (unsigned), BININT (signed 32 bits).
                b'K' => stack.push(Value::Int(input.int(1)? as i64)),
                b'M' => stack.push(Value::Int(input.int(2)? as i64)),
                b'J' => stack.push(Value::Int(i64::from(input.int(4)? as u32 as i32))),
                // SETITEM (one pair), SETITEMS (the pairs since the last mark).
                b's' | b'u' => {
                    let from = if op == b's' {
                        stack.len().checked_sub(2)
                    } else {
                        marks.pop()
                    }
                    .ok_or_else(|| bad("stack"))?;
                    if !dict || !(stack.len() - from).is_multiple_of(2) {
                        return Err(bad("not a dict"));
                    }
                    let items: Vec<Value> = stack.drain(from..).collect();
                    for pair in items.chunks(2) {
                        let Value::Str(key) = &pair[0] else {
                            return Err(bad("a key that is not a str"));
                        };
                        pairs.push((key.clone(), pair[1].clone()));
                    }
                }
                // STOP, with the dict alone on the stack.
                b'.' if dict && stack.is_empty() && marks.is_empty() => return Ok(pairs),
                other => return Err(bad(&format!("opcode 0x{other:02x}"))),
            }
        }
    }
}
