//! Buffers that a thread reuses, so that the parser and the setters need no heap allocation
//! for their temporary text once the buffers have grown.
//!
//! Each buffer is taken out of its slot for the time it is used and put back after, so a
//! nested use (a validation-error callback that parses another URL, say) finds the slot empty
//! and simply starts a new buffer: nothing can panic on re-entry. A buffer that grew past
//! [`KEEP_AT_MOST`] is dropped instead of kept, so one huge input does not pin its memory.

use std::cell::Cell;
use std::thread::LocalKey;

/// The largest capacity a buffer keeps between uses.
pub(crate) const KEEP_AT_MOST: usize = 64 * 1024;

thread_local! {
    /// The input with its tabs and newlines removed (the basic URL parser's step 3).
    pub(crate) static CLEANED: Cell<String> = const { Cell::new(String::new()) };
    /// The output the parser writes to before copying it into the new URL (and that
    /// `can_parse` writes its scheme and host to).
    pub(crate) static OUTPUT: Cell<String> = const { Cell::new(String::new()) };
    /// The new text of a component a setter builds.
    pub(crate) static SETTER: Cell<String> = const { Cell::new(String::new()) };
}

/// Runs `f` with the buffer of `slot`, cleared.
pub(crate) fn with<R>(
    slot: &'static LocalKey<Cell<String>>,
    f: impl FnOnce(&mut String) -> R,
) -> R {
    let mut buffer = slot.take();
    buffer.clear();
    let result = f(&mut buffer);
    if buffer.capacity() <= KEEP_AT_MOST {
        slot.set(buffer);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_are_reused_and_nesting_works() {
        with(&SETTER, |outer| {
            outer.push_str("outer");
            // A nested use gets its own (new) buffer and leaves the outer one alone.
            with(&SETTER, |inner| {
                assert!(inner.is_empty());
                inner.push_str("inner");
            });
            assert_eq!(outer, "outer");
        });
        // The buffer put back last is handed out again, cleared.
        with(&SETTER, |buffer| {
            assert!(buffer.is_empty());
            assert!(buffer.capacity() >= 5);
        });
    }

    #[test]
    fn huge_buffers_are_not_kept() {
        with(&CLEANED, |buffer| buffer.reserve(KEEP_AT_MOST + 1));
        with(&CLEANED, |buffer| {
            assert!(buffer.capacity() <= KEEP_AT_MOST)
        });
    }
}
