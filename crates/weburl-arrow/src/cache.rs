//! Compiled values by what they are compiled from (the feature `pattern`): the one cache
//! behind [`PatternCache`](crate::PatternCache) (URL patterns) and
//! [`RouteCache`](crate::RouteCache) (route sets). A SQL host keeps one so that a pattern
//! argument is compiled once, not once per batch (DataFusion) or chunk (DuckDB) of a query,
//! nor once per row where each row has its own; its [`CacheReader`] remembers the previous
//! row's value, so a constant costs one look-up per call.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::KernelError;

/// What a value of a [`CompiledCache`] is compiled from: a text (a pattern, a routes JSON),
/// the base URL it is relative to, a flag (a pattern's `ignoreCase`; false for routes), and
/// whether it is compiled within [`weburl::pattern::PatternLimits::untrusted`].
///
/// ```
/// use weburl_arrow::CacheKey;
/// let key = CacheKey::new("/books/:id", Some("https://example.com"));
/// assert_eq!((key.text, key.base, key.ignore_case, key.untrusted), ("/books/:id", Some("https://example.com"), false, false));
/// assert!(key.with_untrusted(true).untrusted);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CacheKey<'k> {
    /// The text compiled.
    pub text: &'k str,
    /// The base URL the text is relative to, if any.
    pub base: Option<&'k str>,
    /// A pattern's `ignoreCase` (false for routes).
    pub ignore_case: bool,
    /// Whether compiled within [`weburl::pattern::PatternLimits::untrusted`].
    pub untrusted: bool,
}

impl<'k> CacheKey<'k> {
    /// The key of `text` relative to `base`, without `ignoreCase` or the untrusted limits.
    ///
    /// ```
    /// assert_eq!(weburl_arrow::CacheKey::new("https://h/*", None).base, None);
    /// ```
    #[must_use]
    pub fn new(text: &'k str, base: Option<&'k str>) -> CacheKey<'k> {
        CacheKey {
            text,
            base,
            ignore_case: false,
            untrusted: false,
        }
    }

    /// This key with `ignoreCase` set to `ignore_case`.
    ///
    /// ```
    /// assert!(weburl_arrow::CacheKey::new("https://h/*", None).with_ignore_case(true).ignore_case);
    /// ```
    #[must_use]
    pub fn with_ignore_case(self, ignore_case: bool) -> CacheKey<'k> {
        CacheKey {
            ignore_case,
            ..self
        }
    }

    /// This key with the untrusted limits where `untrusted`.
    ///
    /// ```
    /// assert!(!weburl_arrow::CacheKey::new("https://h/*", None).with_untrusted(false).untrusted);
    /// ```
    #[must_use]
    pub fn with_untrusted(self, untrusted: bool) -> CacheKey<'k> {
        CacheKey { untrusted, ..self }
    }

    /// The bytes of text and base URL a cache holds for this key.
    fn size(&self) -> usize {
        self.text.len() + self.base.map_or(0, str::len)
    }
}

/// A value a [`CompiledCache`] holds: how it is compiled from its key, and the cache's bounds
/// for it.
///
/// ```
/// use weburl_arrow::{CacheKey, Compile, Routes};
/// let routes = Routes::compile(&CacheKey::new(r#"["https://h/:id"]"#, None))?;
/// assert_eq!(routes.len(), 1);
/// assert_eq!(<Routes as Compile>::MAX_ENTRIES, 16);
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
pub trait Compile: Sized {
    /// The most values a cache holds at once.
    const MAX_ENTRIES: usize;
    /// The most bytes of text and base URLs a cache holds at once (a longer key is compiled
    /// each time and never kept).
    const MAX_BYTES: usize;

    /// The value of `key`.
    ///
    /// # Errors
    ///
    /// The compiler's: [`KernelError::Pattern`] for a pattern, [`KernelError::Routes`] or
    /// [`KernelError::Route`] for routes.
    fn compile(key: &CacheKey<'_>) -> Result<Self, KernelError>;
}

/// Compiled values ([`Compile`]) by their [`CacheKey`]. Shared by the threads of a query (a
/// `Mutex` held only to look up and insert, never while compiling). Bounded: when
/// [`Compile::MAX_ENTRIES`] values or [`Compile::MAX_BYTES`] bytes of text and base URLs are
/// held, the next new value empties it first, so a column of ever-new values costs one
/// compile per row and no more memory than the bound. A value that does not compile is not
/// kept: its error stops the query that met it.
///
/// ```
/// use std::sync::Arc;
/// use weburl_arrow::{CacheKey, CompiledCache, Routes};
/// let cache = CompiledCache::<Routes>::new();
/// let key = CacheKey::new(r#"{"book": "/books/:id"}"#, Some("https://example.com"));
/// let a = cache.get_key(&key)?;
/// assert!(Arc::ptr_eq(&a, &cache.get_key(&key)?));
/// assert_eq!((cache.len(), cache.compiles()), (1, 1));
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
pub struct CompiledCache<T> {
    entries: Mutex<Entries<T>>,
    compiles: AtomicUsize,
}

impl<T: std::fmt::Debug> std::fmt::Debug for CompiledCache<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompiledCache")
            .field("entries", &*self.lock())
            .field("compiles", &self.compiles())
            .finish()
    }
}

impl<T> Default for CompiledCache<T> {
    fn default() -> CompiledCache<T> {
        CompiledCache {
            entries: Mutex::new(Entries::default()),
            compiles: AtomicUsize::new(0),
        }
    }
}

/// The values of a [`CompiledCache`], by their text and then by the rest of their key (a
/// look-up allocates nothing), with the sum of the lengths of their texts and base URLs.
#[derive(Debug)]
struct Entries<T> {
    values: HashMap<String, Vec<Entry<T>>>,
    count: usize,
    bytes: usize,
}

impl<T> Default for Entries<T> {
    fn default() -> Entries<T> {
        Entries {
            values: HashMap::new(),
            count: 0,
            bytes: 0,
        }
    }
}

/// One compiled value of a text: the rest of its key, and the value.
#[derive(Debug)]
struct Entry<T> {
    base: Option<String>,
    ignore_case: bool,
    untrusted: bool,
    value: Arc<T>,
}

impl<T> Entry<T> {
    /// Whether this entry's key, but the text, is `key`'s.
    fn is(&self, key: &CacheKey<'_>) -> bool {
        self.ignore_case == key.ignore_case
            && self.untrusted == key.untrusted
            && self.base.as_deref() == key.base
    }
}

impl<T> Entries<T> {
    /// The value of `key`, if held.
    fn find(&self, key: &CacheKey<'_>) -> Option<&Arc<T>> {
        (self.values.get(key.text)?.iter())
            .find(|e| e.is(key))
            .map(|e| &e.value)
    }
}

impl<T: Compile> CompiledCache<T> {
    /// An empty cache.
    ///
    /// ```
    /// assert!(weburl_arrow::CompiledCache::<weburl_arrow::Routes>::new().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> CompiledCache<T> {
        CompiledCache::default()
    }

    /// The value of `key`: the one compiled before when the cache holds it, else compiled
    /// now ([`Compile::compile`]) and kept.
    ///
    /// # Errors
    ///
    /// [`Compile::compile`]'s.
    ///
    /// ```
    /// use weburl_arrow::{CacheKey, PatternCache};
    /// let cache = PatternCache::new();
    /// let key = CacheKey::new("https://h/:id", None).with_ignore_case(true);
    /// assert!(cache.get_key(&key)?.test("HTTPS://H/7", None));
    /// assert!(cache.get_key(&CacheKey::new("https://h/:id(", None)).is_err());
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    pub fn get_key(&self, key: &CacheKey<'_>) -> Result<Arc<T>, KernelError> {
        if let Some(value) = self.lock().find(key) {
            return Ok(Arc::clone(value));
        }
        self.compiles.fetch_add(1, Ordering::Relaxed);
        let value = Arc::new(T::compile(key)?);
        let size = key.size();
        if size <= T::MAX_BYTES {
            let mut entries = self.lock();
            if entries.find(key).is_none() {
                if entries.count >= T::MAX_ENTRIES || entries.bytes + size > T::MAX_BYTES {
                    *entries = Entries::default();
                }
                entries.count += 1;
                entries.bytes += size;
                let entry = Entry {
                    base: key.base.map(str::to_owned),
                    ignore_case: key.ignore_case,
                    untrusted: key.untrusted,
                    value: Arc::clone(&value),
                };
                (entries.values.entry(key.text.to_owned()).or_default()).push(entry);
            }
        }
        Ok(value)
    }

    /// A reader of the cache for the rows of one call, which remembers the previous row's
    /// value: a value that is the same on every row (a constant, which a host may hand over
    /// as a column repeating it) costs one look-up in the cache per call, and a column of
    /// values one per change of value.
    ///
    /// ```
    /// use weburl_arrow::{CacheKey, PatternCache};
    /// let cache = PatternCache::new();
    /// let mut reader = cache.reader();
    /// for _ in 0..3 {
    ///     assert!(reader.get_key(&CacheKey::new("https://h/:id", None))?.test("https://h/7", None));
    /// }
    /// assert_eq!(cache.compiles(), 1);
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    #[must_use]
    pub fn reader(&self) -> CacheReader<'_, T> {
        CacheReader {
            cache: self,
            last: None,
        }
    }
}

impl<T> CompiledCache<T> {
    /// How many compiled values the cache holds.
    ///
    /// ```
    /// let cache = weburl_arrow::PatternCache::new();
    /// cache.get("https://a.example/:x", None, false)?;
    /// cache.get("https://b.example/*", None, false)?;
    /// cache.get("https://a.example/:x", None, false)?;
    /// assert_eq!(cache.len(), 2);
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().count
    }

    /// Whether the cache holds no value.
    ///
    /// ```
    /// assert!(weburl_arrow::PatternCache::default().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many times the cache has compiled a value (a value that did not compile
    /// included): what shows that a host compiles a constant once, not once per row.
    ///
    /// ```
    /// let cache = weburl_arrow::RouteCache::new();
    /// for _ in 0..3 {
    ///     cache.get(r#"["https://h/*"]"#, None)?;
    /// }
    /// assert!(cache.get("nope", None).is_err());
    /// assert_eq!(cache.compiles(), 2);
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    #[must_use]
    pub fn compiles(&self) -> usize {
        self.compiles.load(Ordering::Relaxed)
    }

    /// The entries, also after a panic elsewhere while they were locked: every change to
    /// them is a single insert or reset, so they are whole whatever a panic interrupted.
    fn lock(&self) -> MutexGuard<'_, Entries<T>> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// [`CompiledCache::reader`]: the cache, and the previous row's key with its value.
pub struct CacheReader<'c, T> {
    cache: &'c CompiledCache<T>,
    last: Option<LastValue<T>>,
}

impl<T: std::fmt::Debug> std::fmt::Debug for CacheReader<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CacheReader")
            .field("last", &self.last)
            .finish_non_exhaustive()
    }
}

/// The previous row's key (owned) and value of a [`CacheReader`].
#[derive(Debug)]
struct LastValue<T> {
    text: String,
    base: Option<String>,
    ignore_case: bool,
    untrusted: bool,
    value: Arc<T>,
}

impl<T: Compile> CacheReader<'_, T> {
    /// [`CompiledCache::get_key`], answered without the cache when the previous call asked
    /// for the same key.
    ///
    /// # Errors
    ///
    /// [`CompiledCache::get_key`]'s.
    ///
    /// ```
    /// use weburl_arrow::{CacheKey, RouteCache};
    /// let cache = RouteCache::new();
    /// let mut reader = cache.reader();
    /// assert!(reader.get_key(&CacheKey::new(r#"{"a": "/a"}"#, Some("https://h")))?.len() == 1);
    /// assert!(reader.get_key(&CacheKey::new(r#"{"a": "/a"}"#, Some("nope"))).is_err());
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    pub fn get_key(&mut self, key: &CacheKey<'_>) -> Result<&T, KernelError> {
        let same = self.last.as_ref().is_some_and(|last| {
            last.text == key.text
                && last.base.as_deref() == key.base
                && last.ignore_case == key.ignore_case
                && last.untrusted == key.untrusted
        });
        if !same {
            let value = self.cache.get_key(key)?;
            self.last = Some(LastValue {
                text: key.text.to_owned(),
                base: key.base.map(str::to_owned),
                ignore_case: key.ignore_case,
                untrusted: key.untrusted,
                value,
            });
        }
        Ok(self.last().expect("just set"))
    }
}

impl<T> CacheReader<'_, T> {
    /// The value the last successful call answered, if any: for a host that knows a row's
    /// arguments are the previous row's (the same bytes at the same address) and skips
    /// reading them.
    ///
    /// ```
    /// let cache = weburl_arrow::RouteCache::new();
    /// let mut reader = cache.reader();
    /// assert!(reader.last().is_none());
    /// reader.get(r#"["https://h/*"]"#, None)?;
    /// assert_eq!(reader.last().map(|r| r.len()), Some(1));
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    #[must_use]
    pub fn last(&self) -> Option<&T> {
        self.last.as_ref().map(|last| &*last.value)
    }
}
