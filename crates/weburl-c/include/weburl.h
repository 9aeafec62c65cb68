/**
 * @file weburl.h
 * @brief weburl's own C API, beside ada_c.h (which it includes): URL patterns
 * and route sets, validation errors, parsing with a query encoding, the public suffix
 * list, address spaces, the fetch policy and normalization. docs/C.md is the guide.
 */

#ifndef WEBURL_H
#define WEBURL_H

/* Generated from crates/weburl-c/src by cbindgen (tests/headers.rs); do not edit. */

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "ada_c.h"

/**
 * A group of a match took part, and `*value` is its text (possibly empty, never NULL data).
 */
#define WEBURL_GROUP_MATCHED 1

/**
 * The group exists but did not take part in the match (JavaScript's `undefined`):
 * `*value` is `{NULL, 0}`.
 */
#define WEBURL_GROUP_UNMATCHED 0

/**
 * There is no such group (or component): `*value` is `{NULL, 0}`.
 */
#define WEBURL_GROUP_NOT_FOUND -1

/**
 * A fallible match (`weburl_pattern_try_test`, `weburl_pattern_set_try_first_match`, ...)
 * found a match.
 */
#define WEBURL_MATCH_FOUND 1

/**
 * A fallible match found that nothing matches.
 */
#define WEBURL_MATCH_NONE 0

/**
 * A fallible match could not answer: `*error` says why (`pattern-steps-exhausted` when a
 * component's custom regexp groups took their whole step budget).
 */
#define WEBURL_MATCH_ERROR -1

/**
 * The machine itself.
 */
#define WEBURL_ADDRESS_SPACE_LOOPBACK 0

/**
 * A network whose addresses mean something only from where you stand (private, link-local,
 * shared, documentation, ... blocks).
 */
#define WEBURL_ADDRESS_SPACE_LOCAL 1

/**
 * The public Internet.
 */
#define WEBURL_ADDRESS_SPACE_PUBLIC 2

/**
 * `weburl_normalize` and `weburl_surt` flag: drop the query parameters known as tracking
 * parameters (`utm_*`, `fbclid`, `gclid`, ...) first, with every profile. Its value is 1,
 * so that `true` passed as the flags means it.
 */
#define WEBURL_NORMALIZE_STRIP_TRACKING 1

/**
 * `weburl_normalize` and `weburl_surt` flag: with `dedup` and `surt`, drop a last path
 * segment such as `index.html`.
 */
#define WEBURL_NORMALIZE_DROP_INDEX 2

/**
 * `weburl_normalize` flag: with `dedup`, keep the fragment (dropped by default).
 */
#define WEBURL_NORMALIZE_KEEP_FRAGMENT 4

/**
 * The answer of a policy check, freed with `weburl_check_free`: allowed (with the parsed
 * URL, `weburl_check_take_url`) or refused (with every rule that failed and why).
 */
typedef struct weburl_check weburl_check;

/**
 * An error of a weburl.h function: its name (`weburl_error_name`), message
 * (`weburl_error_message`), pattern component (`weburl_error_component`) and byte offset
 * (`weburl_error_offset`). Freed with `weburl_error_free`.
 *
 * Every fallible function takes a last parameter `weburl_error **error`, which may be NULL
 * (no error wanted). Otherwise, on failure `*error` is set to a new error for the caller
 * to free, and on success `*error` is set to NULL, so `if (error)` after a call is always
 * right (an error still in `*error` from an earlier call must be freed first, or it leaks).
 */
typedef struct weburl_error weburl_error;

/**
 * A compiled URL pattern (JavaScript's `URLPattern`), freed with `weburl_pattern_free`.
 * Immutable: any number of threads may use one at once.
 */
typedef struct weburl_pattern weburl_pattern;

/**
 * The answer of `exec()` (JavaScript's `URLPatternResult`): each component's input and
 * groups, and the inputs `exec` was given. Freed with `weburl_pattern_result_free`; its
 * strings are valid until then.
 */
typedef struct weburl_pattern_result weburl_pattern_result;

/**
 * A set of URL patterns with a value each, freed with `weburl_pattern_set_free`. Reading it
 * (lookups) from many threads at once is safe; inserting is not, while anyone reads.
 */
typedef struct weburl_pattern_set weburl_pattern_set;

/**
 * The answer of `weburl_pattern_set_first_match` or `weburl_pattern_set_best_match`,
 * reused from lookup to lookup; freed with `weburl_pattern_set_match_free`. Its strings
 * borrow from the URL's href and the set's patterns: valid until the URL is changed or
 * freed, the set is changed or freed, or the next lookup into this match object.
 */
typedef struct weburl_pattern_set_match weburl_pattern_set_match;

/**
 * A policy for URLs that users give a server (webhooks, link previews, importers): which
 * schemes, ports, hosts, sites and address spaces are allowed. Built by `weburl_policy_new`
 * from a preset and changed by the setters (not while another thread checks with it);
 * checking (`weburl_policy_check`) may run on many threads at once. Freed with
 * `weburl_policy_free`.
 */
typedef struct weburl_policy weburl_policy;

/**
 * Every validation error the URL parser met in an input (`weburl_validate`), freed with
 * `weburl_validation_free`.
 */
typedef struct weburl_validation weburl_validation;

/**
 * Limits for patterns from untrusted sources: whether custom regexp groups (`:id(\\d+)`,
 * `(a|b)`) are accepted, whether those that need the backtracking matcher are, and the
 * longest pattern in bytes (the input string and base URL together, or every string of an
 * init), checked before a pattern is compiled; and the step budget of one match on the
 * backtracking matcher, which the compiled pattern keeps. `weburl_pattern_limits_none()`
 * limits nothing (but the default budget); `weburl_pattern_limits_untrusted()` refuses
 * regexp groups and patterns over 8 KiB. Start from one of them and change members: a
 * zero-filled struct refuses every regexp group and every pattern longer than 0 bytes.
 */
typedef struct {
  /**
   * Whether custom regexp groups are accepted (else the error
   * `pattern-regexp-groups-refused`).
   */
  bool allow_regexp_groups;
  /**
   * The longest pattern accepted, in bytes (else the error `pattern-too-long`);
   * `SIZE_MAX` for any.
   */
  size_t max_length;
  /**
   * Whether custom regexp groups that need the backtracking matcher (lookahead,
   * lookbehind, backreferences, named groups, ...) are accepted (else the error
   * `pattern-regexp-groups-refused`); when false, every accepted pattern matches in time
   * linear in its input. Moot when `allow_regexp_groups` is false.
   */
  bool allow_backtracking_regexps;
  /**
   * The most steps one match of a component's regular expression may take on the
   * bounded backtracking matcher (an instruction executed, a backtrack, or a code point
   * compared by a backreference; about 30 ms per 10,000,000 steps on the project's test
   * machine). A match that needs more stops: the `try` forms (`weburl_pattern_try_test`,
   * `weburl_pattern_set_try_first_match`, ...) answer `WEBURL_MATCH_ERROR` with the
   * error `pattern-steps-exhausted`, the others no match. 0 means the default,
   * 10,000,000.
   */
  uint64_t max_regexp_steps;
} weburl_pattern_limits;

/**
 * The dictionary `URLPatternInit`: one string per component and a base URL, each an
 * `ada_string` whose `data` is NULL when the member is absent (`{NULL, 0}`), and any other
 * pointer (with `length` bytes of UTF-8) when it is present, even empty. As a pattern,
 * absent components are wildcards (or come from `base_url`); as an input, they are empty
 * (or come from `base_url`).
 */
typedef struct {
  /**
   * `protocol`
   */
  ada_string protocol;
  /**
   * `username`
   */
  ada_string username;
  /**
   * `password`
   */
  ada_string password;
  /**
   * `hostname`
   */
  ada_string hostname;
  /**
   * `port`
   */
  ada_string port;
  /**
   * `pathname`
   */
  ada_string pathname;
  /**
   * `search`
   */
  ada_string search;
  /**
   * `hash`
   */
  ada_string hash;
  /**
   * `baseURL`
   */
  ada_string base_url;
} weburl_pattern_init;

/**
 * A URL pattern component, as functions take it: one of `WEBURL_PATTERN_PROTOCOL` (0) ...
 * `WEBURL_PATTERN_HASH` (7), in the URL Pattern Standard's order. A number above 7 is no
 * component: functions answer the empty string, 0 or `WEBURL_GROUP_NOT_FOUND`.
 */
typedef uint32_t weburl_pattern_component;

/**
 * One validation error: the URL Standard's name (`invalid-credentials`,
 * `invalid-URL-unit`, ...), its message, its byte offset in the input as given, and
 * whether it is one that makes the parser fail. The strings are static (valid for the
 * program's life).
 */
typedef struct {
  /**
   * The URL Standard's name of the validation error.
   */
  ada_string name;
  /**
   * What it means, in English.
   */
  ada_string message;
  /**
   * The byte offset in the input (before the parser trims it and removes tabs and
   * newlines).
   */
  size_t offset;
  /**
   * Whether this error made the parser return failure.
   */
  bool failure;
} weburl_validation_error;

/**
 * A block of the IANA special-purpose address registries (or a multicast range). Its
 * strings are static (valid for the program's life, not NUL-terminated).
 */
typedef struct {
  /**
   * The block in CIDR notation (`100.64.0.0/10`).
   */
  ada_string prefix;
  /**
   * The registry's name for it (`Shared Address Space`).
   */
  ada_string name;
  /**
   * The document that defines it (`RFC 6598`).
   */
  ada_string reference;
  /**
   * The registry's "Globally Reachable" column: 1 true, 0 false, -1 where it says N/A
   * (and for multicast).
   */
  int32_t globally_reachable;
  /**
   * The address space of its addresses (`WEBURL_ADDRESS_SPACE_*`).
   */
  int32_t address_space;
} weburl_special_block;

/**
 * The protocol component.
 */
#define WEBURL_PATTERN_PROTOCOL 0

/**
 * The username component.
 */
#define WEBURL_PATTERN_USERNAME 1

/**
 * The password component.
 */
#define WEBURL_PATTERN_PASSWORD 2

/**
 * The hostname component.
 */
#define WEBURL_PATTERN_HOSTNAME 3

/**
 * The port component.
 */
#define WEBURL_PATTERN_PORT 4

/**
 * The pathname component.
 */
#define WEBURL_PATTERN_PATHNAME 5

/**
 * The search component.
 */
#define WEBURL_PATTERN_SEARCH 6

/**
 * The hash component.
 */
#define WEBURL_PATTERN_HASH 7

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * The error's name: a stable kebab-case identifier to branch on. For a URL that did not
 * parse, the URL Standard's name of the validation error (`port-out-of-range`,
 * `missing-scheme-non-relative-URL`, `IPv4-too-many-parts`, ...; `too-long` beyond the
 * library's 4 GiB limit); for a URL pattern, one per kind of failure: `pattern-tokenize`,
 * `pattern-unexpected-token`, `pattern-duplicate-name`, `pattern-invalid-regexp`,
 * `pattern-invalid-component`, `pattern-dot-segment`, `pattern-unsupported-regexp`,
 * `pattern-invalid-base-url`,
 * `pattern-missing-base-url`,
 * `pattern-base-url-with-init`, `pattern-regexp-groups-refused`, `pattern-too-long`; for
 * a fallible match (`weburl_pattern_try_test`, `weburl_pattern_set_try_first_match`, ...)
 * that could not answer, `pattern-steps-exhausted` (a component's custom regexp groups
 * took the whole step budget of `weburl_pattern_limits.max_regexp_steps`; the component
 * is `weburl_error_component`'s); otherwise `not-utf8`, `unknown-encoding`, `unknown-profile`, `unknown-preset`,
 * `unknown-address-space`, `policy-bad-host`, `invalid-argument`, or `panic` (a bug of
 * the library, stopped at the boundary).
 *
 * The string is NUL-terminated (`data[length] == 0`) and valid until the error is freed;
 * NULL gives the empty string.
 *
 * # Safety
 * `error` is NULL or an error this library made, not freed.
 */
ada_string weburl_error_name(const weburl_error *error);

/**
 * The error's message, in English, for people (not stable: branch on the name). The string
 * is NUL-terminated and valid until the error is freed; NULL gives the empty string.
 *
 * # Safety
 * `error` is NULL or an error this library made, not freed.
 */
ada_string weburl_error_message(const weburl_error *error);

/**
 * The URL pattern component the error is about, as a `weburl_pattern_component` (0
 * protocol ... 7 hash): the component that failed to compile, or whose match ran out of
 * steps (`pattern-steps-exhausted`); or -1 when there is none (or `error` is NULL).
 *
 * # Safety
 * `error` is NULL or an error this library made, not freed.
 */
int32_t weburl_error_component(const weburl_error *error);

/**
 * The byte offset the error is at, or `SIZE_MAX` when there is none (or `error` is NULL).
 * For `pattern-tokenize`, `pattern-unexpected-token` and `pattern-duplicate-name`, an
 * offset into the pattern as written: from the start of the constructor string (whatever
 * component the error is in), or for an init, from the start of that component's string.
 *
 * # Safety
 * `error` is NULL or an error this library made, not freed.
 */
size_t weburl_error_offset(const weburl_error *error);

/**
 * Frees an error; NULL is accepted.
 *
 * # Safety
 * `error` is NULL or an error this library made, not freed before and not used after.
 */
void weburl_error_free(weburl_error *error);

/**
 * No limits: custom regexp groups accepted, those that need backtracking too, any length,
 * and the default step budget of a match on the backtracking matcher, 10,000,000 (what a
 * NULL `limits` means).
 */
weburl_pattern_limits weburl_pattern_limits_none(void);

/**
 * The limits for patterns from untrusted users: no custom regexp groups, at most 8192
 * bytes, and (should `allow_regexp_groups` be set again) 1,000,000 steps per match on the
 * backtracking matcher.
 */
weburl_pattern_limits weburl_pattern_limits_untrusted(void);

/**
 * `new URLPattern(input, baseURL, {ignoreCase})`: a pattern from a constructor string such
 * as `https://{*.}?example.com/books/:id`, relative to `base` (NULL: no base; a string without
 * a protocol then fails with `pattern-missing-base-url`), within `limits` (NULL: none).
 *
 * Returns the pattern, to free with `weburl_pattern_free`, or NULL with `*error` set
 * (`pattern-*` names, `not-utf8`).
 *
 * # Safety
 * `input` and `base` are NULL or point at their length of readable bytes; `limits` is NULL
 * or points at a `weburl_pattern_limits`; `error` is NULL or writable.
 */
weburl_pattern *weburl_pattern_new(const char *input,
                                   size_t input_length,
                                   const char *base,
                                   size_t base_length,
                                   bool ignore_case,
                                   const weburl_pattern_limits *limits,
                                   weburl_error **error);

/**
 * `new URLPattern(init, {ignoreCase})`: a pattern per component of `init` (absent members
 * are wildcards, or come from its `base_url`); NULL `init` is the empty init (every
 * component a wildcard). Within `limits` (NULL: none).
 *
 * Returns the pattern, to free with `weburl_pattern_free`, or NULL with `*error` set.
 *
 * # Safety
 * `init` is NULL or points at a `weburl_pattern_init` whose present members point at their
 * length of readable bytes; `limits` is NULL or points at limits; `error` is NULL or
 * writable.
 */
weburl_pattern *weburl_pattern_new_init(const weburl_pattern_init *init,
                                        bool ignore_case,
                                        const weburl_pattern_limits *limits,
                                        weburl_error **error);

/**
 * Frees a pattern; NULL is accepted. Route sets hold their own copies.
 *
 * # Safety
 * `pattern` is NULL or a live pattern, not used after.
 */
void weburl_pattern_free(weburl_pattern *pattern);

/**
 * The pattern string of one component, as JavaScript's getters give it (`protocol`,
 * `hostname`, ...): normalized, `*` for a wildcard. Valid until the pattern is freed; the
 * empty string for a NULL pattern or a component above 7.
 *
 * # Safety
 * `pattern` is NULL or a live pattern.
 */
ada_string weburl_pattern_get_component(const weburl_pattern *pattern,
                                        weburl_pattern_component component);

/**
 * `hasRegExpGroups`: whether a component has a custom regexp group (`:id(\\d+)`,
 * `(a|b)`). False for NULL.
 *
 * # Safety
 * `pattern` is NULL or a live pattern.
 */
bool weburl_pattern_has_regexp_groups(const weburl_pattern *pattern);

/**
 * `test(input, baseURL)`: whether the URL `input` (parsed against `base`; NULL: no base)
 * matches. A URL that does not parse, text that is not UTF-8 and a NULL pattern do not
 * match.
 *
 * # Safety
 * `pattern` is NULL or a live pattern; `input` and `base` are NULL or point at their
 * length of readable bytes.
 */
bool weburl_pattern_test(const weburl_pattern *pattern,
                         const char *input,
                         size_t length,
                         const char *base,
                         size_t base_length);

/**
 * `test()` on a parsed URL (no second parse). An invalid or NULL URL does not match.
 *
 * # Safety
 * `pattern` is NULL or a live pattern; `url` is NULL or a live URL handle.
 */
bool weburl_pattern_test_url(const weburl_pattern *pattern, ada_url url);

/**
 * `test(init)`: whether the URL made of `init`'s members (absent ones empty, or from its
 * `base_url`) matches; NULL `init` is the empty init (JavaScript's `test()` with no
 * argument). An init that is not UTF-8 or does not make a URL does not match.
 *
 * # Safety
 * `pattern` is NULL or a live pattern; `init` as for `weburl_pattern_new_init`.
 */
bool weburl_pattern_test_init(const weburl_pattern *pattern, const weburl_pattern_init *init);

/**
 * `exec(input, baseURL)`: the match of the URL `input` (parsed against `base`; NULL: no
 * base), or NULL when it does not match (as `weburl_pattern_test`). Free the result with
 * `weburl_pattern_result_free`.
 *
 * # Safety
 * As `weburl_pattern_test`.
 */
weburl_pattern_result *weburl_pattern_exec(const weburl_pattern *pattern,
                                           const char *input,
                                           size_t length,
                                           const char *base,
                                           size_t base_length);

/**
 * `exec()` on a parsed URL: the match, whose inputs are the URL's href, or NULL.
 *
 * # Safety
 * As `weburl_pattern_test_url`.
 */
weburl_pattern_result *weburl_pattern_exec_url(const weburl_pattern *pattern, ada_url url);

/**
 * `exec(init)`: the match of the URL made of `init`'s members, or NULL; NULL `init` is the
 * empty init (JavaScript's `exec()` with no argument).
 *
 * # Safety
 * As `weburl_pattern_test_init`.
 */
weburl_pattern_result *weburl_pattern_exec_init(const weburl_pattern *pattern,
                                                const weburl_pattern_init *init);

/**
 * `weburl_pattern_test` that says when it cannot answer: `WEBURL_MATCH_FOUND`,
 * `WEBURL_MATCH_NONE` (also for a URL that does not parse, as `test` answers), or
 * `WEBURL_MATCH_ERROR` with `*error` set: `pattern-steps-exhausted` when a component's
 * custom regexp groups took the whole step budget (`weburl_pattern_limits`'
 * `max_regexp_steps`) where `weburl_pattern_test` answers false, with
 * `weburl_error_component` the component; `not-utf8` for text that is not UTF-8;
 * `invalid-argument` for a NULL pattern. `*error` is NULL unless the answer is
 * `WEBURL_MATCH_ERROR`.
 *
 * # Safety
 * As `weburl_pattern_test`; `error` is NULL or writable.
 */
int32_t weburl_pattern_try_test(const weburl_pattern *pattern,
                                const char *input,
                                size_t length,
                                const char *base,
                                size_t base_length,
                                weburl_error **error);

/**
 * `weburl_pattern_test_url` that says when it cannot answer, as `weburl_pattern_try_test`
 * does (an invalid or NULL URL does not match).
 *
 * # Safety
 * As `weburl_pattern_test_url`; `error` is NULL or writable.
 */
int32_t weburl_pattern_try_test_url(const weburl_pattern *pattern,
                                    ada_url url,
                                    weburl_error **error);

/**
 * `weburl_pattern_test_init` that says when it cannot answer, as `weburl_pattern_try_test`
 * does (an init that does not make a URL does not match; one that is not UTF-8 is the error
 * `not-utf8`).
 *
 * # Safety
 * As `weburl_pattern_test_init`; `error` is NULL or writable.
 */
int32_t weburl_pattern_try_test_init(const weburl_pattern *pattern,
                                     const weburl_pattern_init *init,
                                     weburl_error **error);

/**
 * `weburl_pattern_exec` that says when it cannot answer: the result (free it with
 * `weburl_pattern_result_free`) with `*error` NULL; NULL with `*error` NULL when nothing
 * matches; NULL with `*error` set when the match could not answer (the errors of
 * `weburl_pattern_try_test`).
 *
 * # Safety
 * As `weburl_pattern_test`; `error` is NULL or writable.
 */
weburl_pattern_result *weburl_pattern_try_exec(const weburl_pattern *pattern,
                                               const char *input,
                                               size_t length,
                                               const char *base,
                                               size_t base_length,
                                               weburl_error **error);

/**
 * `weburl_pattern_exec_url` that says when it cannot answer, as `weburl_pattern_try_exec`
 * does.
 *
 * # Safety
 * As `weburl_pattern_test_url`; `error` is NULL or writable.
 */
weburl_pattern_result *weburl_pattern_try_exec_url(const weburl_pattern *pattern,
                                                   ada_url url,
                                                   weburl_error **error);

/**
 * `weburl_pattern_exec_init` that says when it cannot answer, as `weburl_pattern_try_exec`
 * does.
 *
 * # Safety
 * As `weburl_pattern_test_init`; `error` is NULL or writable.
 */
weburl_pattern_result *weburl_pattern_try_exec_init(const weburl_pattern *pattern,
                                                    const weburl_pattern_init *init,
                                                    weburl_error **error);

/**
 * Frees a result; NULL is accepted.
 *
 * # Safety
 * `result` is NULL or a live result, not used after.
 */
void weburl_pattern_result_free(weburl_pattern_result *result);

/**
 * The value one component was matched on (`result.pathname.input`, ...), valid until the
 * result is freed; empty for NULL or a component above 7.
 *
 * # Safety
 * `result` is NULL or a live result.
 */
ada_string weburl_pattern_result_input(const weburl_pattern_result *result,
                                       weburl_pattern_component component);

/**
 * How many groups one component has (named and numbered, in the pattern's order); 0 for
 * NULL or a component above 7.
 *
 * # Safety
 * `result` is NULL or a live result.
 */
size_t weburl_pattern_result_group_count(const weburl_pattern_result *result,
                                         weburl_pattern_component component);

/**
 * The name of group `index` of a component (`id`, or `0`, `1`, ... for unnamed groups),
 * valid until the result is freed; empty when there is no such group.
 *
 * # Safety
 * `result` is NULL or a live result.
 */
ada_string weburl_pattern_result_group_name(const weburl_pattern_result *result,
                                            weburl_pattern_component component,
                                            size_t index);

/**
 * The value of group `index` of a component: `WEBURL_GROUP_MATCHED` with `*value` its text
 * (valid until the result is freed), `WEBURL_GROUP_UNMATCHED` when the group did not take
 * part (JavaScript's `undefined`; `*value` is `{NULL, 0}`), `WEBURL_GROUP_NOT_FOUND` when
 * there is no such group (`*value` is `{NULL, 0}`). `value` may be NULL.
 *
 * # Safety
 * `result` is NULL or a live result; `value` is NULL or writable.
 */
int32_t weburl_pattern_result_group(const weburl_pattern_result *result,
                                    weburl_pattern_component component,
                                    size_t index,
                                    ada_string *value);

/**
 * The value of the group named `name` of a component, answered as by
 * `weburl_pattern_result_group`.
 *
 * # Safety
 * `result` is NULL or a live result; `name` is NULL or points at `name_length` readable
 * bytes; `value` is NULL or writable.
 */
int32_t weburl_pattern_result_group_by_name(const weburl_pattern_result *result,
                                            weburl_pattern_component component,
                                            const char *name,
                                            size_t name_length,
                                            ada_string *value);

/**
 * How many inputs `exec` was given (JavaScript's `result.inputs`): 1 for a string (or a
 * parsed URL, whose input is its href) or an init, 2 for a string and a base URL; 0 for
 * NULL.
 *
 * # Safety
 * `result` is NULL or a live result.
 */
size_t weburl_pattern_result_input_count(const weburl_pattern_result *result);

/**
 * Input `index` of `result.inputs` when it is a string: true with `*value` the string
 * (valid until the result is freed); false when it is an init or there is no such input
 * (`*value` is then `{NULL, 0}`). `value` may be NULL.
 *
 * # Safety
 * `result` is NULL or a live result; `value` is NULL or writable.
 */
bool weburl_pattern_result_input_string(const weburl_pattern_result *result,
                                        size_t index,
                                        ada_string *value);

/**
 * Input `index` of `result.inputs` when it is an init: true with `*init` its members
 * (absent ones `{NULL, 0}`, strings valid until the result is freed); false when it is a
 * string or there is no such input (`*init` is then left unchanged). `init` may be NULL.
 *
 * # Safety
 * `result` is NULL or a live result; `init` is NULL or writable.
 */
bool weburl_pattern_result_input_init(const weburl_pattern_result *result,
                                      size_t index,
                                      weburl_pattern_init *init);

/**
 * A new empty set, to free with `weburl_pattern_set_free`.
 */
weburl_pattern_set *weburl_pattern_set_new(void);

/**
 * Frees a set; NULL is accepted.
 *
 * # Safety
 * `set` is NULL or a live set, not used after.
 */
void weburl_pattern_set_free(weburl_pattern_set *set);

/**
 * Adds a copy of `pattern` with `value`, after the patterns already there (its index is the
 * set's size before the call). False (nothing added) when `set` or `pattern` is NULL.
 *
 * # Safety
 * `set` is NULL or a live set that no one else uses during the call; `pattern` is NULL or
 * a live pattern.
 */
bool weburl_pattern_set_insert(weburl_pattern_set *set,
                               const weburl_pattern *pattern,
                               size_t value);

/**
 * How many patterns the set holds; 0 for NULL.
 *
 * # Safety
 * `set` is NULL or a live set.
 */
size_t weburl_pattern_set_size(const weburl_pattern_set *set);

/**
 * A new match object for `weburl_pattern_set_first_match` (or `_best_match`), to reuse
 * across lookups and free with `weburl_pattern_set_match_free`.
 */
weburl_pattern_set_match *weburl_pattern_set_match_new(void);

/**
 * Frees a match object; NULL is accepted.
 *
 * # Safety
 * `m` is NULL or a live match object, not used after.
 */
void weburl_pattern_set_match_free(weburl_pattern_set_match *m);

/**
 * The first pattern of the set (in insertion order) that matches the parsed URL `url`:
 * true, with `m` filled (its value, the pattern's index, and every group of every
 * component as spans, no text copied); false when none matches, `url` is invalid or NULL
 * (`m` is then emptied). `m`'s strings are valid until the URL or the set changes or is
 * freed, or `m` is used for another lookup.
 *
 * # Safety
 * `set` is NULL or a live set; `url` is NULL or a live URL handle; `m` is NULL or a live
 * match object that no one else uses during the call.
 */
bool weburl_pattern_set_first_match(const weburl_pattern_set *set,
                                    ada_url url,
                                    weburl_pattern_set_match *m);

/**
 * The most specific pattern of the set that matches the parsed URL `url`, as
 * `weburl_pattern_set_first_match` gives the first: patterns are compared on their
 * hostname, then their pathname, then the other components (protocol, username, password,
 * port, search, hash), the first that differs deciding (fixed text before a regexp group
 * before a `:name` segment before a `*` wildcard); of equally specific patterns, the
 * earliest inserted wins. The set ranks its patterns once after a change, at the first
 * such lookup (which then sorts the patterns; lookups from many threads at once stay
 * safe); a lookup then compares no patterns.
 *
 * # Safety
 * As `weburl_pattern_set_first_match`.
 */
bool weburl_pattern_set_best_match(const weburl_pattern_set *set,
                                   ada_url url,
                                   weburl_pattern_set_match *m);

/**
 * `weburl_pattern_set_first_match` that says when it cannot answer: `WEBURL_MATCH_FOUND`
 * with `m` filled (as `weburl_pattern_set_first_match` fills it, the same lifetimes),
 * `WEBURL_MATCH_NONE` (also for an invalid or NULL URL), or `WEBURL_MATCH_ERROR` with
 * `*error` set and `m` emptied: `pattern-steps-exhausted` when a pattern tried before the
 * first match (or instead of one) ran out of its step budget (`weburl_pattern_limits`'
 * `max_regexp_steps`, given when the pattern was made), so that the first match is not
 * known (where `weburl_pattern_set_first_match` reads that pattern as no match), with
 * `weburl_error_component` the component; `invalid-argument` for a NULL set or match
 * object. `*error` is NULL unless the answer is `WEBURL_MATCH_ERROR`.
 *
 * # Safety
 * As `weburl_pattern_set_first_match`; `error` is NULL or writable.
 */
int32_t weburl_pattern_set_try_first_match(const weburl_pattern_set *set,
                                           ada_url url,
                                           weburl_pattern_set_match *m,
                                           weburl_error **error);

/**
 * `weburl_pattern_set_best_match` that says when it cannot answer, as
 * `weburl_pattern_set_try_first_match` does (`pattern-steps-exhausted` when a candidate
 * tried before the best match ran out of its step budget).
 *
 * # Safety
 * As `weburl_pattern_set_first_match`; `error` is NULL or writable.
 */
int32_t weburl_pattern_set_try_best_match(const weburl_pattern_set *set,
                                          ada_url url,
                                          weburl_pattern_set_match *m,
                                          weburl_error **error);

/**
 * The matched pattern's value; 0 when the last lookup found none (or `m` is NULL).
 *
 * # Safety
 * `m` is NULL or a live match object.
 */
size_t weburl_pattern_set_match_value(const weburl_pattern_set_match *m);

/**
 * The matched pattern's index in the set (insertion order, from 0); `SIZE_MAX` when the
 * last lookup found none (or `m` is NULL).
 *
 * # Safety
 * `m` is NULL or a live match object.
 */
size_t weburl_pattern_set_match_index(const weburl_pattern_set_match *m);

/**
 * How many groups the match has, every component's together (component by component, in
 * order; a component that is a lone `*` has one, `0`); 0 when there is no match.
 *
 * # Safety
 * `m` is NULL or a live match object.
 */
size_t weburl_pattern_set_match_group_count(const weburl_pattern_set_match *m);

/**
 * Group `index` of the match: its component (`*component`), name (`*name`) and value
 * (`*value`), answered as `weburl_pattern_result_group` answers (`WEBURL_GROUP_MATCHED`,
 * `WEBURL_GROUP_UNMATCHED` with `*value` `{NULL, 0}`, `WEBURL_GROUP_NOT_FOUND` past the
 * last group, with `*component` unchanged and `*name` and `*value` `{NULL, 0}`). Each out
 * pointer may be NULL.
 *
 * # Safety
 * `m` is NULL or a live match object; each out pointer is NULL or writable.
 */
int32_t weburl_pattern_set_match_group(const weburl_pattern_set_match *m,
                                       size_t index,
                                       weburl_pattern_component *component,
                                       ada_string *name,
                                       ada_string *value);

/**
 * The value of the group named `name` of one component of the match, answered as
 * `weburl_pattern_result_group_by_name` answers.
 *
 * # Safety
 * `m` is NULL or a live match object; `name` is NULL or points at `name_length` readable
 * bytes; `value` is NULL or writable.
 */
int32_t weburl_pattern_set_match_group_by_name(const weburl_pattern_set_match *m,
                                               weburl_pattern_component component,
                                               const char *name,
                                               size_t name_length,
                                               ada_string *value);

/**
 * Every pattern of the set that matches the parsed URL `url`, in insertion order: writes
 * the values of the first `capacity` of them to `values` and returns how many there are
 * (call again with a larger array when the answer exceeds `capacity`). 0 for an invalid or
 * NULL URL or a NULL set; `values` may be NULL when `capacity` is 0.
 *
 * # Safety
 * `set` is NULL or a live set; `url` is NULL or a live URL handle; `values` is NULL or
 * points at `capacity` writable `uintptr_t`.
 */
size_t weburl_pattern_set_matches(const weburl_pattern_set *set,
                                  ada_url url,
                                  size_t *values,
                                  size_t capacity);

/**
 * `weburl_pattern_set_matches` that says when it cannot answer: how many patterns match
 * (their values written as `weburl_pattern_set_matches` writes them), or `SIZE_MAX` with
 * `*error` set (`values` then unchanged): `pattern-steps-exhausted` when a pattern ran out
 * of its step budget (where `weburl_pattern_set_matches` leaves that pattern out), with
 * `weburl_error_component` the component; `invalid-argument` for a NULL set. An invalid
 * or NULL URL matches nothing (0). `*error` is NULL unless the answer is `SIZE_MAX`.
 *
 * # Safety
 * As `weburl_pattern_set_matches`; `error` is NULL or writable.
 */
size_t weburl_pattern_set_try_matches(const weburl_pattern_set *set,
                                      ada_url url,
                                      size_t *values,
                                      size_t capacity,
                                      weburl_error **error);

/**
 * The validation error name of an invalid URL (the URL Standard's name of the error that
 * made the parser fail: `port-out-of-range`, `missing-scheme-non-relative-URL`,
 * `IPv4-too-many-parts`, ...); the empty string for a valid URL or NULL. Static: valid for
 * the program's life.
 *
 * # Safety
 * `url` is NULL or a live URL handle.
 */
ada_string weburl_url_error_name(ada_url url);

/**
 * Parses `input` (against `base`; NULL: none) and records every validation error it meets,
 * in order; a failure's own error is among them. Returns the record, to free with
 * `weburl_validation_free`, or NULL with `*error` set when the input or base is not UTF-8
 * or the base does not parse (its parse error's name).
 *
 * # Safety
 * `input` and `base` are NULL or point at their length of readable bytes; `error` is NULL
 * or writable.
 */
weburl_validation *weburl_validate(const char *input,
                                   size_t length,
                                   const char *base,
                                   size_t base_length,
                                   weburl_error **error);

/**
 * Whether the input parsed (a URL, perhaps with validation errors). False for NULL.
 *
 * # Safety
 * `validation` is NULL or a live record.
 */
bool weburl_validation_parsed(const weburl_validation *validation);

/**
 * Whether the input is a valid URL string: it parsed without any validation error and the
 * URL Standard's stricter writing rules (the "valid URL string" grammar) allow it. False
 * for NULL.
 *
 * # Safety
 * `validation` is NULL or a live record.
 */
bool weburl_validation_valid(const weburl_validation *validation);

/**
 * How many validation errors there are; 0 for NULL.
 *
 * # Safety
 * `validation` is NULL or a live record.
 */
size_t weburl_validation_count(const weburl_validation *validation);

/**
 * Validation error `index` (in the order the parser met them) into `*out`: true, or false
 * (and `*out` unchanged) past the last one. `out` may be NULL.
 *
 * # Safety
 * `validation` is NULL or a live record; `out` is NULL or writable.
 */
bool weburl_validation_get(const weburl_validation *validation,
                           size_t index,
                           weburl_validation_error *out);

/**
 * Frees a validation record; NULL is accepted.
 *
 * # Safety
 * `validation` is NULL or a live record, not used after.
 */
void weburl_validation_free(weburl_validation *validation);

/**
 * Parses `input` against `base` (NULL: none) as a document in `encoding` would: the query
 * of a special URL is percent-encoded from that encoding (a character it cannot encode
 * becomes `%26%23N%3B`, `&#N;`). `encoding` is a label as the Encoding Standard reads it
 * (`windows-1252`, `latin1`, `shift_jis`, `utf-8`, ...; ASCII case and surrounding
 * whitespace ignored); NULL is UTF-8. UTF-16 labels and `replacement` mean UTF-8, as the URL
 * Standard says.
 *
 * Returns a URL handle that every `ada_*` function takes, to free with `ada_free`. When the
 * input (or the base) does not parse, the handle is invalid and `*error` says why (the
 * parse error's name); when an argument is not UTF-8 or the label names no encoding
 * (`unknown-encoding`), the answer is NULL (which every `ada_*` function reads as an
 * invalid URL) with `*error` set.
 *
 * # Safety
 * `input`, `base` and `encoding` are NULL or point at their length of readable bytes;
 * `error` is NULL or writable.
 */
ada_url weburl_parse_with_encoding(const char *input,
                                   size_t length,
                                   const char *base,
                                   size_t base_length,
                                   const char *encoding,
                                   size_t encoding_length,
                                   weburl_error **error);

/**
 * The public suffix of the URL's host by the embedded Public Suffix List (`icann_only`:
 * its ICANN section alone, without private registries such as `github.io`): borrowed from
 * the URL's href, valid until the URL changes or is freed; `{NULL, 0}` when the host is
 * not a domain, there is none, or the URL is invalid or NULL.
 *
 * # Safety
 * `url` is NULL or a live URL handle.
 */
ada_string weburl_public_suffix(ada_url url, bool icann_only);

/**
 * The registrable domain of the URL's host (the public suffix and one label before it),
 * as `weburl_public_suffix`; `{NULL, 0}` also when the host is a public suffix itself.
 *
 * # Safety
 * `url` is NULL or a live URL handle.
 */
ada_string weburl_registrable_domain(ada_url url, bool icann_only);

/**
 * HTML's serialization of the URL's origin's site: `scheme://registrable-domain` (or
 * `scheme://host` when the host has no registrable domain), `null` for an opaque origin.
 * An owned string (NUL-terminated) to free with `ada_free_owned_string`; `{NULL, 0}` for
 * an invalid or NULL URL.
 *
 * # Safety
 * `url` is NULL or a live URL handle.
 */
ada_owned_string weburl_site(ada_url url, bool icann_only);

/**
 * The address space of the URL's host, by browsers' local-network rules, whatever its
 * spelling (`0x7f.1`, `[::ffff:127.0.0.1]`): `WEBURL_ADDRESS_SPACE_LOOPBACK` (also for
 * `localhost` and names under it), `_LOCAL` or `_PUBLIC`; -1 for another domain (only
 * resolving it can tell: check each address with `weburl_ip_address_space`), an opaque or
 * empty host, no host, or an invalid or NULL URL.
 *
 * # Safety
 * `url` is NULL or a live URL handle.
 */
int32_t weburl_address_space(ada_url url);

/**
 * The address space of an IP address given as text, as `getaddrinfo` gives it (IPv4
 * dotted decimal or IPv6 without brackets; an IPv6 zone such as `%eth0` is ignored); an
 * IPv6 address that carries an IPv4 address (`::ffff:a.b.c.d`, `64:ff9b::a.b.c.d`) is in
 * that IPv4 address's space. -1 when the text is not an IP address.
 *
 * # Safety
 * `ip` is NULL or points at `length` readable bytes.
 */
int32_t weburl_ip_address_space(const char *ip, size_t length);

/**
 * The IANA special-purpose block of the URL's IP address host: true with `*out` filled, or
 * false (`*out` unchanged) for an ordinary address, a host that is not an IP address, or
 * an invalid or NULL URL. `out` may be NULL.
 *
 * # Safety
 * `url` is NULL or a live URL handle; `out` is NULL or writable.
 */
bool weburl_url_special_block(ada_url url, weburl_special_block *out);

/**
 * The IANA special-purpose block of an IP address given as text (as for
 * `weburl_ip_address_space`): true with `*out` filled, or false for an ordinary address or
 * text that is not an IP address. An IPv6 address that carries an IPv4 address is in its
 * IPv6 block (`IPv4-mapped Address`).
 *
 * # Safety
 * `ip` is NULL or points at `length` readable bytes; `out` is NULL or writable.
 */
bool weburl_ip_special_block(const char *ip, size_t length, weburl_special_block *out);

/**
 * A new policy from a preset, as Python's `weburl.Policy(preset=...)`: `public-web` (NULL
 * too) allows the schemes `http` and `https`, denies the loopback and local address
 * spaces, refuses credentials and requires the engines to agree on the host; `none`
 * refuses nothing but input that does not parse. Any port in both. The setters change
 * each setting (a setting never set keeps the preset's value).
 *
 * Returns the policy, to free with `weburl_policy_free`, or NULL with `*error` set
 * (`unknown-preset`).
 *
 * # Safety
 * `preset` is NULL or points at `length` readable bytes; `error` is NULL or writable.
 */
weburl_policy *weburl_policy_new(const char *preset, size_t length, weburl_error **error);

/**
 * Frees a policy; NULL is accepted.
 *
 * # Safety
 * `policy` is NULL or a live policy, not used after.
 */
void weburl_policy_free(weburl_policy *policy);

/**
 * Only these schemes (Python's `schemes=`): a comma-separated list such as `"https"` or
 * `"http, https"`, compared without regard to ASCII case; replaces the preset's or an
 * earlier call's list. An empty list allows no scheme. False with `*error` set when the
 * list is not UTF-8 or `policy` is NULL (`invalid-argument`).
 *
 * # Safety
 * `policy` is NULL or a live policy no one else uses during the call; `schemes` is NULL or
 * points at `length` readable bytes; `error` is NULL or writable.
 */
bool weburl_policy_allow_schemes(weburl_policy *policy,
                                 const char *schemes,
                                 size_t length,
                                 weburl_error **error);

/**
 * Only these ports (Python's `ports=`), compared with the URL's port or its scheme's
 * default (a URL with neither is refused): `count` ports at `ports`; NULL `ports` allows
 * any port again. Replaces an earlier call's list. False when `policy` is NULL.
 *
 * # Safety
 * `policy` is NULL or a live policy no one else uses during the call; `ports` is NULL or
 * points at `count` readable `uint16_t`.
 */
bool weburl_policy_allow_ports(weburl_policy *policy, const uint16_t *ports, size_t count);

/**
 * Refuse hosts in these address spaces (Python's `deny=`): a comma-separated list of
 * `loopback`, `local`, `public` (ASCII case-insensitive); a domain is `loopback` when it
 * is `localhost` or under it. Replaces the preset's or an earlier call's list; an empty
 * list denies none. False with `*error` set (`unknown-address-space`, `not-utf8`,
 * `invalid-argument`), the policy unchanged.
 *
 * # Safety
 * `policy` is NULL or a live policy no one else uses during the call; `spaces` is NULL or
 * points at `length` readable bytes; `error` is NULL or writable.
 */
bool weburl_policy_deny_address_spaces(weburl_policy *policy,
                                       const char *spaces,
                                       size_t length,
                                       weburl_error **error);

/**
 * Allow only hosts that match one of the allowed patterns (Python's `allow_hosts=`; each
 * call adds one): a host (`example.com`, `10.0.0.1`, `[::1]`), or `*.example.com` for a
 * domain and its subdomains. False with `*error` set (`policy-bad-host` when the pattern
 * is not a host), the policy unchanged.
 *
 * # Safety
 * `policy` is NULL or a live policy no one else uses during the call; `pattern` is NULL or
 * points at `length` readable bytes; `error` is NULL or writable.
 */
bool weburl_policy_allow_host(weburl_policy *policy,
                              const char *pattern,
                              size_t length,
                              weburl_error **error);

/**
 * Refuse hosts that match this pattern (Python's `deny_hosts=`; each call adds one), as
 * `weburl_policy_allow_host` reads patterns.
 *
 * # Safety
 * As `weburl_policy_allow_host`.
 */
bool weburl_policy_deny_host(weburl_policy *policy,
                             const char *pattern,
                             size_t length,
                             weburl_error **error);

/**
 * Allow only hosts whose registrable domain is one of the allowed sites (Python's
 * `allow_sites=`; each call adds one): `example.co.uk` allows `example.co.uk` and every
 * host under it. A host without a registrable domain matches none. False with `*error`
 * set (`policy-bad-host`), the policy unchanged.
 *
 * # Safety
 * As `weburl_policy_allow_host`.
 */
bool weburl_policy_allow_site(weburl_policy *policy,
                              const char *domain,
                              size_t length,
                              weburl_error **error);

/**
 * Refuse hosts whose registrable domain is this one (Python's `deny_sites=`; each call
 * adds one).
 *
 * # Safety
 * As `weburl_policy_allow_host`.
 */
bool weburl_policy_deny_site(weburl_policy *policy,
                             const char *domain,
                             size_t length,
                             weburl_error **error);

/**
 * Whether a URL may have a username or password (Python's `credentials=`; the preset
 * `public-web` refuses them). False when `policy` is NULL.
 *
 * # Safety
 * `policy` is NULL or a live policy no one else uses during the call.
 */
bool weburl_policy_allow_credentials(weburl_policy *policy, bool allow);

/**
 * Whether to refuse input that today's fetchers (curl, Go, Python, Java: RFC 3986, and
 * IDNA2003 for non-ASCII hosts) read with another host than the URL Standard (Python's
 * `engines_agree=`; the preset `public-web` requires it). False when `policy` is NULL.
 *
 * # Safety
 * `policy` is NULL or a live policy no one else uses during the call.
 */
bool weburl_policy_require_engine_agreement(weburl_policy *policy, bool require);

/**
 * Whether the historical engines (HTML5 2011, the 2009 draft, strict RFC 3986, RFC 1808),
 * which no fetcher uses today, must read the same host too (the library's
 * `require_historical_engine_agreement`; it implies the engine agreement). Off by default.
 * False when `policy` is NULL.
 *
 * # Safety
 * `policy` is NULL or a live policy no one else uses during the call.
 */
bool weburl_policy_require_historical_engine_agreement(weburl_policy *policy, bool require);

/**
 * Parses `url` (against `base`; NULL: none) and checks it against the policy, the input as
 * given (which is where parser confusion lives). Returns the answer, to free with
 * `weburl_check_free`; NULL only for a NULL policy. Input or a base that is not UTF-8, and
 * a base that does not parse, are refused by the rule `unparsable`.
 *
 * # Safety
 * `policy` is NULL or a live policy no one changes during the call; `url` and `base` are
 * NULL or point at their length of readable bytes.
 */
weburl_check *weburl_policy_check(const weburl_policy *policy,
                                  const char *url,
                                  size_t length,
                                  const char *base,
                                  size_t base_length);

/**
 * Checks a parsed URL against the policy (the engine-agreement rule then reads its href;
 * to catch parser confusion in what a user typed, check the input with
 * `weburl_policy_check`). An invalid URL is refused by the rule `unparsable`. NULL only
 * for a NULL policy.
 *
 * # Safety
 * `policy` is NULL or a live policy no one changes during the call; `url` is NULL or a
 * live URL handle.
 */
weburl_check *weburl_policy_check_url(const weburl_policy *policy, ada_url url);

/**
 * Whether the policy allows the URL. False for NULL.
 *
 * # Safety
 * `check` is NULL or a live check.
 */
bool weburl_check_allowed(const weburl_check *check);

/**
 * The parsed URL of an allowed check, as a new URL handle the caller frees with `ada_free`;
 * NULL when the check refused it, was taken already, or is NULL.
 *
 * # Safety
 * `check` is NULL or a live check no one else uses during the call.
 */
ada_url weburl_check_take_url(weburl_check *check);

/**
 * How many rules refused the URL (0 when allowed or NULL).
 *
 * # Safety
 * `check` is NULL or a live check.
 */
size_t weburl_check_reason_count(const weburl_check *check);

/**
 * Refusal reason `index`, in the order the rules are checked: `*rule` its rule
 * (`unparsable`, `scheme`, `credentials`, `port`, `host-missing`, `host-denied`,
 * `site-denied`, `address-space`, `host-not-allowed`, `site-not-allowed`,
 * `engines-disagree`) and `*message` what was found; both valid until the check is freed.
 * False (out pointers unchanged) past the last reason. Either out pointer may be NULL.
 *
 * # Safety
 * `check` is NULL or a live check; `rule` and `message` are NULL or writable.
 */
bool weburl_check_reason(const weburl_check *check,
                         size_t index,
                         ada_string *rule,
                         ada_string *message);

/**
 * Frees a check (and its URL, unless taken); NULL is accepted.
 *
 * # Safety
 * `check` is NULL or a live check, not used after.
 */
void weburl_check_free(weburl_check *check);

/**
 * The URL in a profile's canonical form, as Python's `weburl.normalize` and
 * `weburl normalize` give it: `spec` (NULL too) is the URL Standard's serialization (the
 * href); `dedup` also makes percent-encodings uppercase, decodes percent-encoded
 * unreserved characters, sorts the query's parameters, drops an empty query and the
 * fragment; `w3lib` is the answer of w3lib's `canonicalize_url`; `surt` the SURT key
 * (`weburl_surt`). `flags`: `WEBURL_NORMALIZE_STRIP_TRACKING` (1),
 * `WEBURL_NORMALIZE_DROP_INDEX` (2), `WEBURL_NORMALIZE_KEEP_FRAGMENT` (4); other bits are
 * ignored.
 *
 * Returns an owned string (NUL-terminated) to free with `ada_free_owned_string`, or
 * `{NULL, 0}` with `*error` set: the parse error's name when the URL does not parse,
 * `unknown-profile`, `not-utf8`.
 *
 * # Safety
 * `url` and `profile` are NULL or point at their length of readable bytes; `error` is NULL
 * or writable.
 */
ada_owned_string weburl_normalize(const char *url,
                                  size_t length,
                                  const char *profile,
                                  size_t profile_length,
                                  uint32_t flags,
                                  weburl_error **error);

/**
 * The SURT key of the URL (the key web archives sort URLs by), as the `surt` package's
 * `surt()` and Python's `weburl.surt` make it: `weburl_normalize` with the profile `surt`.
 * `flags`: `WEBURL_NORMALIZE_STRIP_TRACKING`, `WEBURL_NORMALIZE_DROP_INDEX`. An owned
 * string to free with `ada_free_owned_string`, or `{NULL, 0}` with `*error` set.
 *
 * # Safety
 * `url` is NULL or points at `length` readable bytes; `error` is NULL or writable.
 */
ada_owned_string weburl_surt(const char *url, size_t length, uint32_t flags, weburl_error **error);

/**
 * weburl's version (the crate's, such as `0.1.0`): a static NUL-terminated string.
 */
const char *weburl_get_version(void);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* WEBURL_H */
