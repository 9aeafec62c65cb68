/**
 * @file ada_c.h
 * @brief ada's C API (ada_c.h of ada 3.x and 4.x), implemented by weburl's
 * libweburl: the same types, macros and functions, so that a program written for ada
 * compiles and links against -lweburl unchanged. docs/C.md lists every function and
 * each difference from ada.
 */

#ifndef ADA_C_H
#define ADA_C_H

/* Generated from crates/weburl-c/src by cbindgen (tests/headers.rs); do not edit. */

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/**
 * A URL handle (ada's `ada_url`): a parse result, valid or not; NULL is read as invalid.
 */
typedef void *ada_url;

/**
 * A string owned by the library's object (ada's `ada_string`): valid until that object is
 * changed or freed. Not NUL-terminated.
 */
typedef struct {
  /**
   * The first byte (never NULL: an empty string points at a static empty string).
   */
  const char *data;
  /**
   * The number of bytes.
   */
  size_t length;
} ada_string;

/**
 * A string the caller owns and frees with `ada_free_owned_string` (ada's
 * `ada_owned_string`). weburl's are NUL-terminated (`data[length] == 0`); ada's are not,
 * so portable code uses `length`.
 */
typedef struct {
  /**
   * The first byte, or NULL for the empty string of a failed call.
   */
  const char *data;
  /**
   * The number of bytes, without the NUL.
   */
  size_t length;
} ada_owned_string;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * Parses `input` (TEMPORARY stand-in).
 *
 * # Safety
 * `input` points at `length` readable bytes (or is NULL).
 */
ada_url ada_parse(const char *input, size_t length);

/**
 * Frees a handle (TEMPORARY stand-in); NULL is accepted.
 *
 * # Safety
 * `result` is NULL or a live handle, not used again.
 */
void ada_free(ada_url result);

/**
 * Whether the handle holds a valid URL (TEMPORARY stand-in).
 *
 * # Safety
 * `result` is NULL or a live handle.
 */
bool ada_is_valid(ada_url result);

/**
 * The href (TEMPORARY stand-in); empty for an invalid URL.
 *
 * # Safety
 * `result` is NULL or a live handle.
 */
ada_string ada_get_href(ada_url result);

/**
 * Frees an owned string (TEMPORARY stand-in); NULL data is accepted.
 *
 * # Safety
 * `owned` came from this library and is not used again.
 */
void ada_free_owned_string(ada_owned_string owned);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* ADA_C_H */
