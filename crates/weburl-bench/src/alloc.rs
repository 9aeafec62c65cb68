//! Heap-allocation counting.
//!
//! Two hooks feed one set of counters:
//!
//! * [`Counting`], the binary's `#[global_allocator]`, sees every allocation made from Rust
//!   (weburl, the `url` crate, and the `ada-url` crate's Rust side);
//! * replacements of the C++ `operator new` family (replaceable functions, [new.delete] in
//!   the C++ standard) see every allocation made by ada's C++ code, which does not go through
//!   Rust's allocator. They forward to `malloc`, which is what libstdc++'s own `operator new`
//!   does, so libstdc++'s `operator delete` (which calls `free`) still matches them.
//!
//! The counters are updated with a relaxed load and store (not a locked read-modify-write):
//! the benchmark runs on one thread, and the counting then costs the same couple of plain
//! instructions per allocation for every library, also inside timed regions.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static REALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

#[inline(always)]
fn bump(counter: &AtomicU64, by: u64) {
    counter.store(
        counter.load(Ordering::Relaxed).wrapping_add(by),
        Ordering::Relaxed,
    );
}

/// A snapshot of the counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// New blocks: `alloc`, `alloc_zeroed`, C++ `operator new`.
    pub allocs: u64,
    /// Rust `realloc` calls (C++ strings grow by new + delete, counted in `allocs`).
    pub reallocs: u64,
    /// Bytes requested by all of the above (a `realloc` counts its new size).
    pub bytes: u64,
}

impl Counts {
    /// Counts since `earlier`.
    pub fn since(self, earlier: Counts) -> Counts {
        Counts {
            allocs: self.allocs.wrapping_sub(earlier.allocs),
            reallocs: self.reallocs.wrapping_sub(earlier.reallocs),
            bytes: self.bytes.wrapping_sub(earlier.bytes),
        }
    }

    pub fn add(&mut self, other: Counts) {
        self.allocs += other.allocs;
        self.reallocs += other.reallocs;
        self.bytes += other.bytes;
    }

    /// `self - other`, saturating at zero per field.
    pub fn saturating_sub(self, other: Counts) -> Counts {
        Counts {
            allocs: self.allocs.saturating_sub(other.allocs),
            reallocs: self.reallocs.saturating_sub(other.reallocs),
            bytes: self.bytes.saturating_sub(other.bytes),
        }
    }
}

/// The current counter values.
#[inline]
pub fn snapshot() -> Counts {
    Counts {
        allocs: ALLOCS.load(Ordering::Relaxed),
        reallocs: REALLOCS.load(Ordering::Relaxed),
        bytes: BYTES.load(Ordering::Relaxed),
    }
}

/// Runs `f` and returns its result with the allocations it made.
#[inline]
pub fn counted<T>(f: impl FnOnce() -> T) -> (T, Counts) {
    let before = snapshot();
    let out = f();
    (out, snapshot().since(before))
}

/// The system allocator, counting.
pub struct Counting;

unsafe impl GlobalAlloc for Counting {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        bump(&ALLOCS, 1);
        bump(&BYTES, layout.size() as u64);
        // SAFETY: forwarded unchanged; the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        bump(&ALLOCS, 1);
        bump(&BYTES, layout.size() as u64);
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through this allocator with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        bump(&REALLOCS, 1);
        bump(&BYTES, new_size as u64);
        // SAFETY: as for `dealloc`; the caller upholds `realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

// ---- C++ operator new (Itanium C++ ABI names, as g++ and clang emit on Linux) ----

unsafe extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn abort() -> !;
}

#[inline(always)]
fn cxx_new(size: usize) -> *mut c_void {
    bump(&ALLOCS, 1);
    bump(&BYTES, size as u64);
    // SAFETY: plain libc malloc; `operator new(0)` must return a unique pointer, hence max(1).
    unsafe { malloc(size.max(1)) }
}

#[inline(always)]
fn cxx_new_or_abort(size: usize) -> *mut c_void {
    let ptr = cxx_new(size);
    if ptr.is_null() {
        // The throwing forms would raise std::bad_alloc; a benchmark may just stop.
        // SAFETY: libc abort.
        unsafe { abort() }
    }
    ptr
}

/// `operator new(std::size_t)`.
#[unsafe(no_mangle)]
#[allow(non_snake_case)]
pub extern "C" fn _Znwm(size: usize) -> *mut c_void {
    cxx_new_or_abort(size)
}

/// `operator new[](std::size_t)`.
#[unsafe(no_mangle)]
#[allow(non_snake_case)]
pub extern "C" fn _Znam(size: usize) -> *mut c_void {
    cxx_new_or_abort(size)
}

/// `operator new(std::size_t, const std::nothrow_t&)`.
#[unsafe(no_mangle)]
#[allow(non_snake_case)]
pub extern "C" fn _ZnwmRKSt9nothrow_t(size: usize, _tag: *const c_void) -> *mut c_void {
    cxx_new(size)
}

/// `operator new[](std::size_t, const std::nothrow_t&)`.
#[unsafe(no_mangle)]
#[allow(non_snake_case)]
pub extern "C" fn _ZnamRKSt9nothrow_t(size: usize, _tag: *const c_void) -> *mut c_void {
    cxx_new(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_arithmetic() {
        let a = Counts {
            allocs: 5,
            reallocs: 2,
            bytes: 100,
        };
        let b = Counts {
            allocs: 3,
            reallocs: 2,
            bytes: 40,
        };
        assert_eq!(
            a.since(b),
            Counts {
                allocs: 2,
                reallocs: 0,
                bytes: 60
            }
        );
        assert_eq!(b.saturating_sub(a).allocs, 0);
        let mut c = Counts::default();
        c.add(a);
        c.add(b);
        assert_eq!(c.allocs, 8);
    }
}
