//! `weburl.URLSearchParams`: the URL Standard's `URLSearchParams` class.

use std::collections::HashMap;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use weburl::SearchParams;

use super::PyUrl;
use crate::text::{usv, usv_any};

/// Where the name-value list lives.
pub enum Backing {
    /// A list of its own (``URLSearchParams(...)``).
    Own(SearchParams),
    /// A URL's query (``url.search_params``): read from the URL at each call, written back
    /// after each change.
    Url(Py<PyUrl>),
}

/// A list of name-value pairs, read from and written as ``application/x-www-form-urlencoded``:
/// JavaScript's URLSearchParams.
///
/// ``URLSearchParams(init="")`` takes a query string (a leading ``'?'`` is skipped), a
/// mapping, or an iterable of ``(name, value)`` pairs. ``len()`` is the number of pairs,
/// iteration yields the pairs, ``str()`` is the serialization.
///
/// >>> from weburl import URLSearchParams
/// >>> params = URLSearchParams("?b=2&a=1&a=3")
/// >>> params.get("a"), params.get_all("a"), params.has("c")
/// ('1', ['1', '3'], False)
/// >>> params.sort()
/// >>> params.append("c", "x y&z")
/// >>> str(params), len(params)
/// ('a=1&a=3&b=2&c=x+y%26z', 4)
/// >>> list(URLSearchParams({"k": "v"}))
/// [('k', 'v')]
#[pyclass(name = "URLSearchParams", module = "weburl")]
pub struct PyParams {
    pub backing: Backing,
}

impl PyParams {
    /// Runs `f` on the current list.
    fn read<R>(&self, py: Python<'_>, f: impl FnOnce(&SearchParams) -> R) -> PyResult<R> {
        match &self.backing {
            Backing::Own(params) => Ok(f(params)),
            Backing::Url(url) => {
                let url = url.bind(py).try_borrow()?;
                Ok(f(&url.url.search_params()))
            }
        }
    }

    /// Runs `f` on the list and writes it back (the URL Standard's "update" steps).
    fn write<R>(&mut self, py: Python<'_>, f: impl FnOnce(&mut SearchParams) -> R) -> PyResult<R> {
        match &mut self.backing {
            Backing::Own(params) => Ok(f(params)),
            Backing::Url(url) => {
                let mut url = url.bind(py).try_borrow_mut()?;
                let mut params = url.url.search_params_mut();
                Ok(f(&mut params))
            }
        }
    }
}

#[pymethods]
impl PyParams {
    #[new]
    #[pyo3(signature = (init=None))]
    fn new(init: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let params = match init {
            None => SearchParams::new(),
            Some(init) => {
                if let Ok(text) = init.cast::<PyString>() {
                    SearchParams::parse(&usv(text)?)
                } else if let Ok(other) = init.cast::<PyParams>() {
                    let other = other.try_borrow()?;
                    other.read(init.py(), SearchParams::clone)?
                } else {
                    let is_mapping = init.hasattr("items")?;
                    let pairs = if is_mapping {
                        init.call_method0("items")?
                    } else {
                        init.clone()
                    };
                    let mut list: Vec<(String, String)> = Vec::new();
                    let mut positions: HashMap<String, usize> = HashMap::new();
                    for pair in pairs.try_iter()? {
                        let pair = pair?;
                        let items: Vec<Bound<'_, PyAny>> = if pair.cast::<PyString>().is_ok() {
                            Vec::new()
                        } else {
                            pair.try_iter()?.collect::<PyResult<_>>()?
                        };
                        let [name, value] = items.as_slice() else {
                            return Err(PyTypeError::new_err(
                                "URLSearchParams() takes a str, a mapping or pairs of str; \
                                 an item is not a pair",
                            ));
                        };
                        let name = usv_any(name, "a name")?.into_owned();
                        let value = usv_any(value, "a value")?.into_owned();
                        // A mapping is a Web IDL record: keys that become equal as
                        // USVStrings (lone surrogates) keep the first position, last value.
                        if !is_mapping {
                            list.push((name, value));
                        } else if let Some(&at) = positions.get(&name) {
                            list[at].1 = value;
                        } else {
                            positions.insert(name.clone(), list.len());
                            list.push((name, value));
                        }
                    }
                    SearchParams::from_pairs(list)
                }
            }
        };
        Ok(PyParams {
            backing: Backing::Own(params),
        })
    }

    /// Appends a pair.
    ///
    /// >>> from weburl import URLSearchParams
    /// >>> params = URLSearchParams("a=1")
    /// >>> params.append("a", "2")
    /// >>> str(params)
    /// 'a=1&a=2'
    fn append(
        &mut self,
        py: Python<'_>,
        name: &Bound<'_, PyString>,
        value: &Bound<'_, PyString>,
    ) -> PyResult<()> {
        let (name, value) = (usv(name)?, usv(value)?);
        self.write(py, |p| p.append(&name, &value))
    }

    /// Removes every pair with this name (and this value, when given).
    ///
    /// >>> from weburl import URLSearchParams
    /// >>> params = URLSearchParams("a=1&a=2&b=3")
    /// >>> params.delete("a", "2")
    /// >>> str(params)
    /// 'a=1&b=3'
    /// >>> params.delete("a")
    /// >>> str(params)
    /// 'b=3'
    #[pyo3(signature = (name, value=None))]
    fn delete(
        &mut self,
        py: Python<'_>,
        name: &Bound<'_, PyString>,
        value: Option<&Bound<'_, PyString>>,
    ) -> PyResult<()> {
        let name = usv(name)?;
        match value {
            None => self.write(py, |p| p.delete(&name)),
            Some(value) => {
                let value = usv(value)?;
                self.write(py, |p| p.delete_value(&name, &value))
            }
        }
    }

    /// The value of the first pair with this name, or None.
    ///
    /// >>> from weburl import URLSearchParams
    /// >>> URLSearchParams("a=1&a=2").get("a"), URLSearchParams("a=1").get("b")
    /// ('1', None)
    fn get(&self, py: Python<'_>, name: &Bound<'_, PyString>) -> PyResult<Option<String>> {
        let name = usv(name)?;
        self.read(py, |p| p.get(&name).map(str::to_owned))
    }

    /// The values of every pair with this name, in order.
    ///
    /// >>> from weburl import URLSearchParams
    /// >>> URLSearchParams("a=1&b=0&a=2").get_all("a")
    /// ['1', '2']
    fn get_all(&self, py: Python<'_>, name: &Bound<'_, PyString>) -> PyResult<Vec<String>> {
        let name = usv(name)?;
        self.read(py, |p| p.get_all(&name).map(str::to_owned).collect())
    }

    /// Whether there is a pair with this name (and this value, when given).
    ///
    /// >>> from weburl import URLSearchParams
    /// >>> params = URLSearchParams("a=1")
    /// >>> params.has("a"), params.has("a", "2"), params.has("b")
    /// (True, False, False)
    #[pyo3(signature = (name, value=None))]
    fn has(
        &self,
        py: Python<'_>,
        name: &Bound<'_, PyString>,
        value: Option<&Bound<'_, PyString>>,
    ) -> PyResult<bool> {
        let name = usv(name)?;
        match value {
            None => self.read(py, |p| p.has(&name)),
            Some(value) => {
                let value = usv(value)?;
                self.read(py, |p| p.has_value(&name, &value))
            }
        }
    }

    /// Sets the value of the first pair with this name and removes the others (or appends
    /// the pair when there is none).
    ///
    /// >>> from weburl import URLSearchParams
    /// >>> params = URLSearchParams("a=1&b=2&a=3")
    /// >>> params.set("a", "x")
    /// >>> str(params)
    /// 'a=x&b=2'
    fn set(
        &mut self,
        py: Python<'_>,
        name: &Bound<'_, PyString>,
        value: &Bound<'_, PyString>,
    ) -> PyResult<()> {
        let (name, value) = (usv(name)?, usv(value)?);
        self.write(py, |p| p.set(&name, &value))
    }

    /// Sorts the pairs by name (by UTF-16 code units, stable), as JavaScript does.
    ///
    /// >>> from weburl import URLSearchParams
    /// >>> params = URLSearchParams("z=1&a=2&z=0")
    /// >>> params.sort()
    /// >>> str(params)
    /// 'a=2&z=1&z=0'
    fn sort(&mut self, py: Python<'_>) -> PyResult<()> {
        self.write(py, SearchParams::sort)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.read(py, SearchParams::len)
    }

    fn __contains__(&self, py: Python<'_>, name: &Bound<'_, PyString>) -> PyResult<bool> {
        let name = usv(name)?;
        self.read(py, |p| p.has(&name))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = self.read(py, |p| {
            p.iter()
                .map(|(n, v)| (n.to_owned(), v.to_owned()))
                .collect::<Vec<_>>()
        })?;
        let list = PyList::new(
            py,
            list.into_iter()
                .map(|(n, v)| PyTuple::new(py, [n, v]))
                .collect::<PyResult<Vec<_>>>()?,
        )?;
        list.try_iter().map(Bound::into_any)
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        self.read(py, SearchParams::to_string)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = self.read(py, SearchParams::to_string)?;
        Ok(format!("URLSearchParams('{text}')"))
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Ok(other) = other.cast::<PyParams>() else {
            return Ok(py.NotImplemented());
        };
        let mine = self.read(py, SearchParams::clone)?;
        let equal = match other.try_borrow() {
            Ok(other) => other.read(py, |p| p.as_slice() == mine.as_slice())?,
            Err(_) => true,
        };
        Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind())
    }
}
