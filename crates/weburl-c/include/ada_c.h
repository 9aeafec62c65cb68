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
 * The value of an offset in `ada_url_components` for a component that is absent
 * (`uint32_t(-1)`).
 */
#define ada_url_omitted UINT32_MAX

/**
 * A parsed URL (ada's `ada_url`): made by `ada_parse`, `ada_parse_with_base` or
 * `ada_copy`, freed with `ada_free`. It may hold no URL (`ada_is_valid` is false) when the
 * input did not parse.
 */
typedef void *ada_url;

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

/**
 * A string owned by the library's object (ada's `ada_string`): valid until that object is
 * changed or freed. Not NUL-terminated.
 */
typedef struct {
  /**
   * The first byte. An empty string points at a static empty string; NULL data only
   * where a function says so: an absent answer (`ada_search_params_get` of a missing
   * name, an iterator at its end, `ada_strings_get` out of range), as in ada.
   */
  const char *data;
  /**
   * The number of bytes.
   */
  size_t length;
} ada_string;

/**
 * The components of a URL as byte offsets into its href (ada's `url_components`):
 *
 * ```text
 * https://user:pass@example.com:1234/foo/bar?baz#quux
 *       |     |    |          | ^^^^|       |   |
 *       |     |    |          | |   |       |   `----- hash_start
 *       |     |    |          | |   |       `--------- search_start
 *       |     |    |          | |   `----------------- pathname_start
 *       |     |    |          | `--------------------- port
 *       |     |    |          `----------------------- host_end
 *       |     |    `---------------------------------- host_start
 *       |     `--------------------------------------- username_end
 *       `--------------------------------------------- protocol_end
 * ```
 */
typedef struct {
  /**
   * The end of the protocol: just after its ':'.
   */
  uint32_t protocol_end;
  /**
   * The end of the username. With a host, the username runs from `protocol_end + 2`
   * (after "//") to here; without credentials this equals `host_start`. Without a host,
   * `protocol_end`.
   */
  uint32_t username_end;
  /**
   * The start of the host, or the '@' before it when the URL has credentials (the
   * password then runs from `username_end + 1` to here). Without a host, `protocol_end`.
   */
  uint32_t host_start;
  /**
   * The end of the host (an empty host: `host_start`). Without a host, `protocol_end`.
   */
  uint32_t host_end;
  /**
   * The port number, or `ada_url_omitted` when the port is null (or the scheme's default).
   */
  uint32_t port;
  /**
   * The start of the pathname (after a "/." that keeps a hostless path starting with "//"
   * from reading as a host).
   */
  uint32_t pathname_start;
  /**
   * The '?' of the query, or `ada_url_omitted` when the query is null.
   */
  uint32_t search_start;
  /**
   * The '#' of the fragment, or `ada_url_omitted` when the fragment is null.
   */
  uint32_t hash_start;
} ada_url_components;

/**
 * A version number of ada's C API (ada's `ada_version_components`).
 */
typedef struct {
  /**
   * The major version.
   */
  int major;
  /**
   * The minor version.
   */
  int minor;
  /**
   * The revision.
   */
  int revision;
} ada_version_components;

/**
 * A list of name-value pairs (ada's `ada_url_search_params`): made by
 * `ada_parse_search_params`, freed with `ada_free_search_params`.
 */
typedef void *ada_url_search_params;

/**
 * A list of strings (ada's `ada_strings`), made by `ada_search_params_get_all` and freed with
 * `ada_free_strings`.
 */
typedef void *ada_strings;

/**
 * An iterator over the names of a list of pairs, freed with
 * `ada_free_search_params_keys_iter`.
 */
typedef void *ada_url_search_params_keys_iter;

/**
 * An iterator over the values of a list of pairs, freed with
 * `ada_free_search_params_values_iter`.
 */
typedef void *ada_url_search_params_values_iter;

/**
 * An iterator over the pairs of a list, freed with `ada_free_search_params_entries_iter`.
 */
typedef void *ada_url_search_params_entries_iter;

/**
 * A name and its value, from `ada_search_params_entries_iter_next`.
 */
typedef struct {
  /**
   * The name.
   */
  ada_string key;
  /**
   * The value.
   */
  ada_string value;
} ada_string_pair;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * Parses `input` (`length` bytes, UTF-8, not necessarily NUL-terminated) as a URL with no
 * base. Returns a new handle, never NULL, to free with `ada_free`; `ada_is_valid` tells
 * whether it holds a URL. Input that is not UTF-8, or that is (or makes a URL) longer than
 * `ada_get_max_input_length()`, does not parse.
 */
ada_url ada_parse(const char *input, size_t length);

/**
 * Parses `input` against the base URL `base` (both UTF-8, with lengths). Returns a new
 * handle, never NULL, to free with `ada_free`; it is invalid when `base` does not parse
 * (with the base's error) or when `input` does not parse against it.
 */
ada_url ada_parse_with_base(const char *input,
                            size_t input_length,
                            const char *base,
                            size_t base_length);

/**
 * Whether `input` (UTF-8, `length` bytes) parses as a URL with no base, as `ada_parse`
 * would; it allocates nothing (unless `ada_set_max_input_length` has set a limit other than
 * the default).
 */
bool ada_can_parse(const char *input, size_t length);

/**
 * Whether `input` parses against the base URL `base` (both UTF-8, with lengths), as
 * `ada_parse_with_base` would: false when `base` does not parse.
 */
bool ada_can_parse_with_base(const char *input,
                             size_t input_length,
                             const char *base,
                             size_t base_length);

/**
 * Frees a handle made by `ada_parse`, `ada_parse_with_base` or `ada_copy`, and with it every
 * `ada_string` and the `ada_url_components` pointer taken from it. NULL is accepted.
 */
void ada_free(ada_url result);

/**
 * Frees a string returned as an `ada_owned_string` (`ada_get_origin`,
 * `ada_search_params_to_string`, `ada_idna_to_ascii`, `ada_idna_to_unicode`). A string
 * whose data is NULL is accepted. weburl's owned strings are also NUL-terminated.
 */
void ada_free_owned_string(ada_owned_string owned);

/**
 * A new handle holding a copy of `input`'s URL (or of its failure), independent of it; free
 * it with `ada_free`. The copy of NULL is NULL.
 */
ada_url ada_copy(ada_url input);

/**
 * Whether the handle holds a URL (its input parsed). False for NULL.
 */
bool ada_is_valid(ada_url result);

/**
 * The URL's origin serialized (`"null"` for an opaque origin), a new string to free with
 * `ada_free_owned_string`. NULL data and length 0 for an invalid URL.
 */
ada_owned_string ada_get_origin(ada_url result);

/**
 * The href (the whole URL). Like every `ada_string` getter: a borrow of the handle, valid
 * until the URL is changed (a setter or clear function) or freed; not NUL-terminated; the
 * empty string for NULL and an invalid URL.
 */
ada_string ada_get_href(ada_url result);

/**
 * The username ("" when there is none), borrowed as `ada_get_href`'s answer.
 */
ada_string ada_get_username(ada_url result);

/**
 * The password ("" when there is none), borrowed as `ada_get_href`'s answer.
 */
ada_string ada_get_password(ada_url result);

/**
 * The port in decimal, "" when the port is null (absent or the scheme's default); borrowed
 * as `ada_get_href`'s answer.
 */
ada_string ada_get_port(ada_url result);

/**
 * '#' and the fragment, "" when the fragment is null or empty; borrowed as `ada_get_href`'s
 * answer.
 */
ada_string ada_get_hash(ada_url result);

/**
 * The host and, when there is a port, ':' and the port; "" when the host is null or empty.
 * Borrowed as `ada_get_href`'s answer.
 */
ada_string ada_get_host(ada_url result);

/**
 * The host alone ("" when null or empty), IPv6 addresses in brackets; borrowed as
 * `ada_get_href`'s answer.
 */
ada_string ada_get_hostname(ada_url result);

/**
 * The path serialized (an opaque path as it is); borrowed as `ada_get_href`'s answer.
 */
ada_string ada_get_pathname(ada_url result);

/**
 * '?' and the query, "" when the query is null or empty; borrowed as `ada_get_href`'s
 * answer.
 */
ada_string ada_get_search(ada_url result);

/**
 * The scheme and ':' (`"https:"`); borrowed as `ada_get_href`'s answer.
 */
ada_string ada_get_protocol(ada_url result);

/**
 * The kind of host, as ada's `url_host_type`: 0 a domain (also an opaque host, an empty
 * host, no host, NULL and an invalid URL), 1 an IPv4 address, 2 an IPv6 address.
 */
uint8_t ada_get_host_type(ada_url result);

/**
 * The kind of scheme, as ada's `scheme::type`: 0 http, 1 not special, 2 https, 3 ws, 4 ftp,
 * 5 wss, 6 file. 0 for NULL and an invalid URL.
 */
uint8_t ada_get_scheme_type(ada_url result);

/**
 * Replaces the whole URL with `input` parsed (with no base) and returns true, or returns
 * false and leaves the URL unchanged when `input` does not parse (or is not UTF-8, or is
 * too long), when `result` is NULL or invalid. An invalid handle stays invalid.
 */
bool ada_set_href(ada_url result, const char *input, size_t length);

/**
 * The URL API's `host` setter: a host, optionally ':' and a port. Returns false, with the
 * URL unchanged, when the URL has an opaque path or the host does not parse. A host
 * followed by a port that does not parse (`"example.com:99999"`) sets the host, keeps the
 * old port and returns true, as the URL Standard and ada do.
 */
bool ada_set_host(ada_url result, const char *input, size_t length);

/**
 * The URL API's `hostname` setter: a host without a port. Returns false, with the URL
 * unchanged, when the URL has an opaque path, the value has a port or the host does not
 * parse.
 */
bool ada_set_hostname(ada_url result, const char *input, size_t length);

/**
 * The URL API's `protocol` setter (a trailing ':' and what follows are ignored). Returns
 * false, with the URL unchanged, when the value is not a scheme or the URL Standard forbids
 * the change (special to non-special or back, to `file` with credentials or a port, from
 * a `file` URL with an empty host). A value of only tabs and newlines (or "") changes
 * nothing and returns true, as in ada.
 */
bool ada_set_protocol(ada_url result, const char *input, size_t length);

/**
 * The URL API's `username` setter (percent-encoded as userinfo). Returns false, with the URL
 * unchanged, when the URL cannot have a username (no host, an empty host, a `file` URL).
 */
bool ada_set_username(ada_url result, const char *input, size_t length);

/**
 * The URL API's `password` setter (percent-encoded as userinfo). Returns false, with the URL
 * unchanged, when the URL cannot have a password (no host, an empty host, a `file` URL).
 */
bool ada_set_password(ada_url result, const char *input, size_t length);

/**
 * The URL API's `port` setter: "" removes the port, otherwise the leading digits are the
 * port (the scheme's default port becomes null). Returns false, with the URL unchanged,
 * when the URL cannot have a port or the value has no leading digit or is above 65535. A
 * value of only tabs and newlines changes nothing and returns true, as in ada.
 */
bool ada_set_port(ada_url result, const char *input, size_t length);

/**
 * The URL API's `pathname` setter. Returns false, with the URL unchanged, when the URL has
 * an opaque path.
 */
bool ada_set_pathname(ada_url result, const char *input, size_t length);

/**
 * The URL API's `search` setter: one leading '?' is dropped and the rest percent-encoded as
 * a query; "" removes the query (as the URL Standard says, and `ada_clear_search` does). No
 * effect for NULL, an invalid URL, text that is not UTF-8, or a URL that would grow past
 * `ada_get_max_input_length()`.
 */
void ada_set_search(ada_url result, const char *input, size_t length);

/**
 * The URL API's `hash` setter: one leading '#' is dropped and the rest percent-encoded as a
 * fragment; "" removes the fragment (as the URL Standard says, and `ada_clear_hash` does).
 * No effect for NULL, an invalid URL, text that is not UTF-8, or a URL that would grow past
 * `ada_get_max_input_length()`.
 */
void ada_set_hash(ada_url result, const char *input, size_t length);

/**
 * Removes the port (it becomes null). No effect on a URL without one, NULL or an invalid URL.
 */
void ada_clear_port(ada_url result);

/**
 * Removes the fragment, even an empty one (`"https://a/#"` becomes `"https://a/"`).
 */
void ada_clear_hash(ada_url result);

/**
 * Removes the query, even an empty one (`"https://a/?#f"` becomes `"https://a/#f"`).
 */
void ada_clear_search(ada_url result);

/**
 * Whether the URL has a non-empty username or a non-empty password.
 */
bool ada_has_credentials(ada_url result);

/**
 * Whether the URL's host is the empty host (`file:///x`, `sc://`): not null and "".
 */
bool ada_has_empty_hostname(ada_url result);

/**
 * Whether the URL has a host (empty or not): it has "//" after its scheme.
 */
bool ada_has_hostname(ada_url result);

/**
 * Whether the username is not empty.
 */
bool ada_has_non_empty_username(ada_url result);

/**
 * Whether the password is not empty.
 */
bool ada_has_non_empty_password(ada_url result);

/**
 * Whether the URL has a port (not null: a scheme's default port is null).
 */
bool ada_has_port(ada_url result);

/**
 * Whether the URL has a password: a serialized URL never keeps an empty one, so this is
 * `ada_has_non_empty_password`.
 */
bool ada_has_password(ada_url result);

/**
 * Whether the fragment is not null (an empty fragment, `"https://a/#"`, counts).
 */
bool ada_has_hash(ada_url result);

/**
 * Whether the query is not null (an empty query, `"https://a/?"`, counts).
 */
bool ada_has_search(ada_url result);

/**
 * The URL's component offsets (see `ada_url_components`), or NULL for NULL and an invalid
 * URL. The pointer is into the handle: valid until `ada_free`, and its values follow every
 * later change of the URL (read it again after a setter). Safe to call from several threads
 * at once on one handle, as every getter is (while no thread changes the URL).
 */
const ada_url_components *ada_get_components(ada_url result);

/**
 * The URL Standard's domain to Unicode (UTS 46 ToUnicode) of `input`: a new string to free
 * with `ada_free_owned_string`. When ToUnicode reports an error the domain comes back
 * unchanged. NULL data (length 0) when `input` is not UTF-8.
 */
ada_owned_string ada_idna_to_unicode(const char *input, size_t length);

/**
 * The URL Standard's domain to ASCII of `input` (UTS 46 ToASCII, then the forbidden domain
 * code points refused): a new string to free with `ada_free_owned_string`. NULL data
 * (length 0) when the domain is refused, is empty or is not UTF-8.
 */
ada_owned_string ada_idna_to_ascii(const char *input, size_t length);

/**
 * Sets the longest URL accepted, in bytes, for the whole process: from then on parsing
 * (and `ada_can_parse`) fails when the input or the URL it makes is longer, and a setter
 * that would make the URL longer fails and leaves it unchanged. The default is 4294967295.
 */
void ada_set_max_input_length(uint32_t length);

/**
 * The longest URL accepted, in bytes (`ada_set_max_input_length`; 4294967295 by default).
 */
uint32_t ada_get_max_input_length(void);

/**
 * The version of ada's C API this library implements, `"4.0.0"`: a static NUL-terminated
 * string (not freed).
 */
const char *ada_get_version(void);

/**
 * The version of ada's C API this library implements, as numbers (4, 0, 0).
 */
ada_version_components ada_get_version_components(void);

/**
 * `new URLSearchParams(input)`: one leading '?' dropped, the rest parsed as
 * `application/x-www-form-urlencoded` (`length` bytes; percent-decoded bytes that are not
 * UTF-8 become U+FFFD). Returns a new handle, never NULL, to free with
 * `ada_free_search_params`.
 */
ada_url_search_params ada_parse_search_params(const char *input, size_t length);

/**
 * Frees params made by `ada_parse_search_params`, and the strings `ada_search_params_get`
 * returned from them. NULL is accepted. Iterators and lists made from them stay valid.
 */
void ada_free_search_params(ada_url_search_params result);

/**
 * The number of pairs (0 for NULL).
 */
size_t ada_search_params_size(ada_url_search_params result);

/**
 * Sorts the pairs by name (by UTF-16 code units, as JavaScript; stable, so pairs of one name
 * keep their order).
 */
void ada_search_params_sort(ada_url_search_params result);

/**
 * The pairs serialized as `application/x-www-form-urlencoded` (`"a=1&b=x+y"`): a new string
 * to free with `ada_free_owned_string`. NULL data for NULL params.
 */
ada_owned_string ada_search_params_to_string(ada_url_search_params result);

/**
 * Appends the pair `(key, value)`.
 */
void ada_search_params_append(ada_url_search_params result,
                              const char *key,
                              size_t key_length,
                              const char *value,
                              size_t value_length);

/**
 * Sets the first pair named `key` to `value` and removes the other pairs of that name, or
 * appends the pair when there is none.
 */
void ada_search_params_set(ada_url_search_params result,
                           const char *key,
                           size_t key_length,
                           const char *value,
                           size_t value_length);

/**
 * Removes every pair named `key`.
 */
void ada_search_params_remove(ada_url_search_params result, const char *key, size_t key_length);

/**
 * Removes every pair named `key` whose value is `value`.
 */
void ada_search_params_remove_value(ada_url_search_params result,
                                    const char *key,
                                    size_t key_length,
                                    const char *value,
                                    size_t value_length);

/**
 * Whether a pair is named `key` (false for NULL).
 */
bool ada_search_params_has(ada_url_search_params result, const char *key, size_t key_length);

/**
 * Whether a pair is `(key, value)` (false for NULL).
 */
bool ada_search_params_has_value(ada_url_search_params result,
                                 const char *key,
                                 size_t key_length,
                                 const char *value,
                                 size_t value_length);

/**
 * The value of the first pair named `key`, borrowed from the params: valid until they are
 * changed or freed. NULL data (length 0) when no pair has that name, or for NULL params; an
 * empty value that is there has non-NULL data.
 */
ada_string ada_search_params_get(ada_url_search_params result, const char *key, size_t key_length);

/**
 * The values of every pair named `key`, in order: a new list (empty for NULL params) to
 * read with `ada_strings_size` and `ada_strings_get` and free with `ada_free_strings`.
 */
ada_strings ada_search_params_get_all(ada_url_search_params result,
                                      const char *key,
                                      size_t key_length);

/**
 * Replaces every pair with those of `input`, parsed as `ada_parse_search_params` does.
 */
void ada_search_params_reset(ada_url_search_params result, const char *input, size_t length);

/**
 * A new iterator over the names of the pairs, in order; it walks the params, which must outlive
 * it. Free it with `ada_free_search_params_keys_iter`.
 */
ada_url_search_params_keys_iter ada_search_params_get_keys(ada_url_search_params result);

/**
 * A new iterator over the values of the pairs, in order; it walks the params, which must outlive
 * it. Free it with `ada_free_search_params_values_iter`.
 */
ada_url_search_params_values_iter ada_search_params_get_values(ada_url_search_params result);

/**
 * A new iterator over the pairs, in order; it walks the params, which must outlive
 * it. Free it with `ada_free_search_params_entries_iter`.
 */
ada_url_search_params_entries_iter ada_search_params_get_entries(ada_url_search_params result);

/**
 * Frees a list made by `ada_search_params_get_all`, and the strings taken from it. NULL is
 * accepted.
 */
void ada_free_strings(ada_strings result);

/**
 * The number of strings in the list (0 for NULL).
 */
size_t ada_strings_size(ada_strings result);

/**
 * The string at `index`, borrowed from the list: valid until `ada_free_strings`. NULL data
 * (length 0) when `index` is not below `ada_strings_size` or the list is NULL.
 */
ada_string ada_strings_get(ada_strings result, size_t index);

/**
 * Frees a keys iterator and the strings it returned. NULL is accepted.
 */
void ada_free_search_params_keys_iter(ada_url_search_params_keys_iter result);

/**
 * The next name, borrowed from the params (valid until they change or are freed); NULL data (length 0)
 * at the end and for NULL.
 */
ada_string ada_search_params_keys_iter_next(ada_url_search_params_keys_iter result);

/**
 * Whether the keys iterator has another name (false for NULL).
 */
bool ada_search_params_keys_iter_has_next(ada_url_search_params_keys_iter result);

/**
 * Frees a values iterator and the strings it returned. NULL is accepted.
 */
void ada_free_search_params_values_iter(ada_url_search_params_values_iter result);

/**
 * The next value, borrowed from the params (valid until they change or are freed); NULL data (length 0)
 * at the end and for NULL.
 */
ada_string ada_search_params_values_iter_next(ada_url_search_params_values_iter result);

/**
 * Whether the values iterator has another value (false for NULL).
 */
bool ada_search_params_values_iter_has_next(ada_url_search_params_values_iter result);

/**
 * Frees an entries iterator and the strings it returned. NULL is accepted.
 */
void ada_free_search_params_entries_iter(ada_url_search_params_entries_iter result);

/**
 * The next pair, both strings borrowed from the params (valid until they change or are freed); both
 * with NULL data (length 0) at the end and for NULL.
 */
ada_string_pair ada_search_params_entries_iter_next(ada_url_search_params_entries_iter result);

/**
 * Whether the entries iterator has another pair (false for NULL).
 */
bool ada_search_params_entries_iter_has_next(ada_url_search_params_entries_iter result);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* ADA_C_H */
