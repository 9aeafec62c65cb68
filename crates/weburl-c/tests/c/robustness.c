/*
 * Bad input through libweburl's C API gives an error value, never a crash: NULL handles and
 * (NULL, 0) strings to every kind of function, text that is not UTF-8, 50 MB URLs and
 * patterns (parsed or refused, with the right answer), ada_set_max_input_length, patterns
 * that do not compile (the error's name, message, component and offset), the untrusted
 * pattern limits, and the free functions on NULL. Run under valgrind by
 * crates/weburl-c/ci.sh, where WEBURL_ROBUSTNESS_MB makes the large inputs smaller (default
 * 50).
 *
 * The large inputs' times are printed, never asserted (a busy machine would make such a
 * check flaky). That the work grows linearly is asserted by counting, on the Rust side, where
 * the C functions lead: the pattern matcher behind weburl_pattern_exec, _exec_url and _test
 * in crates/weburl/tests/urlpattern_steps.rs (its steps at most double when the input
 * doubles), custom regexp groups in urlpattern_regexp.rs (the linear engine); the parser
 * behind ada_parse, ada_can_parse and the setters, and weburl_pattern_new, are run on
 * megabyte hostile inputs by crates/weburl/tests/hostile.rs and urlpattern.rs, which check
 * the answers (and print the times).
 *
 * Prints one line per failed check and `N passed, M failed` last; exits 1 on any failure.
 */
#define _POSIX_C_SOURCE 199309L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "weburl.h"

static size_t passed = 0, failed = 0;
static const char *section = "";

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (cond) {                                                              \
      passed++;                                                              \
    } else {                                                                 \
      failed++;                                                              \
      fprintf(stderr, "FAIL [%s] line %d: %s\n", section, __LINE__, #cond); \
    }                                                                        \
  } while (0)

static bool is(ada_string s, const char *text) {
  size_t n = strlen(text);
  return s.length == n && (n == 0 || memcmp(s.data, text, n) == 0);
}

static bool empty(ada_string s) { return s.length == 0; }

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static char *repeat(const char *prefix, const char *unit, size_t total, const char *suffix,
                    size_t *len) {
  size_t p = strlen(prefix), u = strlen(unit), s = strlen(suffix);
  size_t count = total > p + s ? (total - p - s) / u : 0;
  size_t n = p + count * u + s;
  char *out = malloc(n + 1);
  if (!out) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  memcpy(out, prefix, p);
  for (size_t i = 0; i < count; i++) memcpy(out + p + i * u, unit, u);
  memcpy(out + p + count * u, suffix, s);
  out[n] = '\0';
  *len = n;
  return out;
}

/* ---- NULL handles: every function answers as for an invalid URL. ---- */
static void null_handles(void) {
  section = "NULL handles";
  ada_url none = NULL;
  CHECK(!ada_is_valid(none));
  CHECK(empty(ada_get_href(none)));
  CHECK(empty(ada_get_username(none)));
  CHECK(empty(ada_get_password(none)));
  CHECK(empty(ada_get_port(none)));
  CHECK(empty(ada_get_hash(none)));
  CHECK(empty(ada_get_host(none)));
  CHECK(empty(ada_get_hostname(none)));
  CHECK(empty(ada_get_pathname(none)));
  CHECK(empty(ada_get_search(none)));
  CHECK(empty(ada_get_protocol(none)));
  ada_owned_string origin = ada_get_origin(none);
  CHECK(origin.length == 0);
  ada_free_owned_string(origin);
  (void)ada_get_host_type(none);
  (void)ada_get_scheme_type(none);
  CHECK(!ada_set_href(none, "https://a/", 10));
  CHECK(!ada_set_host(none, "a", 1));
  CHECK(!ada_set_hostname(none, "a", 1));
  CHECK(!ada_set_protocol(none, "http", 4));
  CHECK(!ada_set_username(none, "u", 1));
  CHECK(!ada_set_password(none, "p", 1));
  CHECK(!ada_set_port(none, "1", 1));
  CHECK(!ada_set_pathname(none, "/", 1));
  ada_set_search(none, "q", 1);
  ada_set_hash(none, "h", 1);
  ada_clear_port(none);
  ada_clear_hash(none);
  ada_clear_search(none);
  CHECK(!ada_has_credentials(none));
  CHECK(!ada_has_empty_hostname(none));
  CHECK(!ada_has_hostname(none));
  CHECK(!ada_has_non_empty_username(none));
  CHECK(!ada_has_non_empty_password(none));
  CHECK(!ada_has_port(none));
  CHECK(!ada_has_password(none));
  CHECK(!ada_has_hash(none));
  CHECK(!ada_has_search(none));
  (void)ada_get_components(none); /* NULL or ada's components of nothing; not read */
  ada_url copy = ada_copy(none);
  CHECK(!ada_is_valid(copy));
  ada_free(copy);

  ada_url_search_params params = NULL;
  CHECK(ada_search_params_size(params) == 0);
  ada_search_params_sort(params);
  ada_owned_string text = ada_search_params_to_string(params);
  CHECK(text.length == 0);
  ada_free_owned_string(text);
  ada_search_params_append(params, "a", 1, "b", 1);
  ada_search_params_set(params, "a", 1, "b", 1);
  ada_search_params_remove(params, "a", 1);
  ada_search_params_remove_value(params, "a", 1, "b", 1);
  CHECK(!ada_search_params_has(params, "a", 1));
  CHECK(!ada_search_params_has_value(params, "a", 1, "b", 1));
  CHECK(empty(ada_search_params_get(params, "a", 1)));
  ada_strings all = ada_search_params_get_all(params, "a", 1);
  CHECK(ada_strings_size(all) == 0);
  CHECK(empty(ada_strings_get(all, 0)));
  ada_free_strings(all);
  ada_search_params_reset(params, "a=b", 3);
  ada_url_search_params_keys_iter keys = ada_search_params_get_keys(params);
  CHECK(!ada_search_params_keys_iter_has_next(keys));
  CHECK(empty(ada_search_params_keys_iter_next(keys)));
  ada_free_search_params_keys_iter(keys);
  ada_url_search_params_values_iter values = ada_search_params_get_values(params);
  CHECK(!ada_search_params_values_iter_has_next(values));
  CHECK(empty(ada_search_params_values_iter_next(values)));
  ada_free_search_params_values_iter(values);
  ada_url_search_params_entries_iter entries = ada_search_params_get_entries(params);
  CHECK(!ada_search_params_entries_iter_has_next(entries));
  ada_string_pair pair = ada_search_params_entries_iter_next(entries);
  CHECK(empty(pair.key) && empty(pair.value));
  ada_free_search_params_entries_iter(entries);
  CHECK(ada_strings_size(NULL) == 0);
  CHECK(empty(ada_strings_get(NULL, 3)));
  CHECK(!ada_search_params_keys_iter_has_next(NULL));
  CHECK(empty(ada_search_params_keys_iter_next(NULL)));
  CHECK(!ada_search_params_values_iter_has_next(NULL));
  CHECK(empty(ada_search_params_values_iter_next(NULL)));
  CHECK(!ada_search_params_entries_iter_has_next(NULL));

  /* weburl.h on NULL objects. */
  CHECK(empty(weburl_error_name(NULL)));
  CHECK(empty(weburl_error_message(NULL)));
  CHECK(weburl_error_component(NULL) == -1);
  CHECK(weburl_error_offset(NULL) == SIZE_MAX);
  CHECK(empty(weburl_pattern_get_component(NULL, 0)));
  CHECK(!weburl_pattern_has_regexp_groups(NULL));
  CHECK(!weburl_pattern_test(NULL, "https://a/", 10, NULL, 0));
  CHECK(!weburl_pattern_test_url(NULL, NULL));
  CHECK(!weburl_pattern_test_init(NULL, NULL));
  CHECK(weburl_pattern_exec(NULL, "https://a/", 10, NULL, 0) == NULL);
  CHECK(weburl_pattern_exec_url(NULL, NULL) == NULL);
  CHECK(weburl_pattern_exec_init(NULL, NULL) == NULL);
  CHECK(empty(weburl_pattern_result_input(NULL, 0)));
  CHECK(weburl_pattern_result_group_count(NULL, 0) == 0);
  CHECK(empty(weburl_pattern_result_group_name(NULL, 0, 0)));
  ada_string value = {"x", 1};
  CHECK(weburl_pattern_result_group(NULL, 0, 0, &value) == WEBURL_GROUP_NOT_FOUND);
  CHECK(value.data == NULL && value.length == 0);
  CHECK(weburl_pattern_result_group_by_name(NULL, 0, "a", 1, &value) == WEBURL_GROUP_NOT_FOUND);
  CHECK(weburl_pattern_result_group(NULL, 0, 0, NULL) == WEBURL_GROUP_NOT_FOUND);
  CHECK(weburl_pattern_set_size(NULL) == 0);
  CHECK(!weburl_pattern_set_insert(NULL, NULL, 1));
  CHECK(!weburl_pattern_set_first_match(NULL, NULL, NULL));
  CHECK(weburl_pattern_set_match_value(NULL) == 0);
  CHECK(weburl_pattern_set_match_group_count(NULL) == 0);
  uint32_t component = 0;
  ada_string name = {NULL, 0};
  CHECK(weburl_pattern_set_match_group(NULL, 0, &component, &name, &value) == WEBURL_GROUP_NOT_FOUND);
  CHECK(weburl_pattern_set_match_group_by_name(NULL, 0, "a", 1, &value) == WEBURL_GROUP_NOT_FOUND);
  size_t found[4];
  CHECK(weburl_pattern_set_matches(NULL, NULL, found, 4) == 0);
  CHECK(weburl_pattern_set_matches(NULL, NULL, NULL, 0) == 0);
  CHECK(empty(weburl_url_error_name(NULL)));

  /* A set and a match used with NULL partners. */
  weburl_pattern_set *set = weburl_pattern_set_new();
  weburl_pattern_set_match *match = weburl_pattern_set_match_new();
  CHECK(!weburl_pattern_set_insert(set, NULL, 1));
  CHECK(weburl_pattern_set_size(set) == 0);
  CHECK(!weburl_pattern_set_first_match(set, NULL, match));
  ada_url url = ada_parse("https://a/", 10);
  CHECK(!weburl_pattern_set_first_match(set, url, NULL));
  CHECK(!weburl_pattern_set_first_match(set, url, match));
  CHECK(weburl_pattern_set_matches(set, url, NULL, 0) == 0);
  weburl_pattern *p = weburl_pattern_new("https://a/:x", 12, NULL, 0, false, NULL, NULL);
  CHECK(p != NULL);
  CHECK(weburl_pattern_set_insert(set, p, 7));
  CHECK(!weburl_pattern_set_first_match(set, url, NULL));
  CHECK(weburl_pattern_set_matches(set, url, NULL, 0) == 0); /* "/" has no segment for :x */
  ada_url hit = ada_parse("https://a/b", 11);
  CHECK(weburl_pattern_set_matches(set, hit, NULL, 0) == 1); /* counted, none written */
  CHECK(weburl_pattern_set_first_match(set, hit, match));
  CHECK(weburl_pattern_set_match_value(match) == 7);
  CHECK(weburl_pattern_set_match_group(match, 0, NULL, NULL, NULL) == WEBURL_GROUP_MATCHED);
  CHECK(weburl_pattern_set_match_group_by_name(match, 5, NULL, 0, NULL) == WEBURL_GROUP_NOT_FOUND);
  CHECK(weburl_pattern_set_match_group_by_name(match, 99, "x", 1, &value) == WEBURL_GROUP_NOT_FOUND);
  CHECK(weburl_pattern_set_match_group_by_name(match, 5, "x", 1, &value) == WEBURL_GROUP_MATCHED && is(value, "b"));
  CHECK(!weburl_pattern_test_url(p, NULL));
  CHECK(weburl_pattern_exec_url(p, NULL) == NULL);
  weburl_pattern_result *r = weburl_pattern_exec_url(p, hit);
  CHECK(r != NULL);
  CHECK(empty(weburl_pattern_result_input(r, 8)));
  CHECK(weburl_pattern_result_group_count(r, 8) == 0);
  CHECK(empty(weburl_pattern_result_group_name(r, 5, 99)));
  CHECK(weburl_pattern_result_group(r, 5, 99, &value) == WEBURL_GROUP_NOT_FOUND);
  CHECK(weburl_pattern_result_group_by_name(r, 5, NULL, 0, &value) == WEBURL_GROUP_NOT_FOUND);
  CHECK(empty(weburl_pattern_get_component(p, 8)));
  CHECK(empty(weburl_pattern_get_component(p, UINT32_MAX)));
  weburl_pattern_result_free(r);
  ada_free(hit);
  ada_free(url);
  weburl_pattern_free(p);
  weburl_pattern_set_match_free(match);
  weburl_pattern_set_free(set);
}

/* ---- (NULL, 0) strings: the empty string. ---- */
static void null_strings(void) {
  section = "(NULL, 0) strings";
  ada_url u = ada_parse(NULL, 0);
  CHECK(!ada_is_valid(u)); /* "" is no URL */
  ada_free(u);
  CHECK(!ada_can_parse(NULL, 0));
  CHECK(!ada_can_parse(NULL, 5)); /* (NULL, n) reads as empty too */
  u = ada_parse_with_base(NULL, 0, "https://a/b?c#d", 15);
  CHECK(ada_is_valid(u) && is(ada_get_href(u), "https://a/b?c"));
  ada_free(u);
  CHECK(ada_can_parse_with_base(NULL, 0, "https://a/", 10));
  CHECK(!ada_can_parse_with_base("x", 1, NULL, 0)); /* an empty base does not parse */
  u = ada_parse_with_base("https://a/", 10, NULL, 0);
  CHECK(!ada_is_valid(u));
  ada_free(u);

  u = ada_parse("https://user:pw@a:8080/p?q#h", 28);
  CHECK(ada_is_valid(u));
  CHECK(!ada_set_href(u, NULL, 0));
  CHECK(is(ada_get_href(u), "https://user:pw@a:8080/p?q#h"));
  CHECK(ada_set_username(u, NULL, 0) && empty(ada_get_username(u)));
  CHECK(ada_set_password(u, NULL, 0) && empty(ada_get_password(u)));
  CHECK(ada_set_port(u, NULL, 0) && empty(ada_get_port(u)));
  CHECK(ada_set_pathname(u, NULL, 0) && is(ada_get_pathname(u), "/"));
  ada_set_search(u, NULL, 0);
  CHECK(empty(ada_get_search(u)));
  ada_set_hash(u, NULL, 0);
  CHECK(empty(ada_get_hash(u)));
  (void)ada_set_hostname(u, NULL, 0); /* a special URL keeps its host */
  (void)ada_set_protocol(u, NULL, 0);  /* no scheme: ignored */
  CHECK(is(ada_get_href(u), "https://a/"));
  ada_free(u);

  ada_owned_string s = ada_idna_to_ascii(NULL, 0);
  CHECK(s.length == 0);
  ada_free_owned_string(s);
  s = ada_idna_to_unicode(NULL, 0);
  CHECK(s.length == 0);
  ada_free_owned_string(s);

  ada_url_search_params params = ada_parse_search_params(NULL, 0);
  CHECK(ada_search_params_size(params) == 0);
  ada_search_params_append(params, NULL, 0, NULL, 0);
  CHECK(ada_search_params_size(params) == 1);
  CHECK(ada_search_params_has(params, NULL, 0));
  CHECK(ada_search_params_has_value(params, NULL, 0, NULL, 0));
  ada_owned_string text = ada_search_params_to_string(params);
  CHECK(text.length == 1 && text.data[0] == '=');
  ada_free_owned_string(text);
  ada_search_params_remove(params, NULL, 0);
  CHECK(ada_search_params_size(params) == 0);
  ada_search_params_reset(params, NULL, 0);
  CHECK(ada_search_params_size(params) == 0);
  ada_free_search_params(params);

  /* weburl.h */
  weburl_error *error = NULL;
  weburl_pattern *p = weburl_pattern_new(NULL, 0, NULL, 0, false, NULL, &error);
  CHECK((p == NULL) != (error == NULL)); /* a pattern or an error, never both or neither */
  weburl_pattern_free(p);
  weburl_error_free(error);
  error = NULL;
  p = weburl_pattern_new_init(NULL, false, NULL, &error); /* NULL init: {} */
  CHECK(p != NULL && error == NULL);
  CHECK(weburl_pattern_test(p, NULL, 0, NULL, 0) == false); /* "" is no URL: no match */
  CHECK(weburl_pattern_test_init(p, NULL)); /* {} matches the all-wildcard pattern */
  weburl_pattern_result *r = weburl_pattern_exec_init(p, NULL);
  CHECK(r != NULL);
  weburl_pattern_result_free(r);
  weburl_pattern_free(p);
  p = weburl_pattern_new("/a", 2, "https://example.com", 19, false, NULL, NULL); /* no error wanted */
  CHECK(p != NULL && is(weburl_pattern_get_component(p, 3), "example.com"));
  CHECK(weburl_pattern_test(p, "/a", 2, "https://example.com/x", 21));
  CHECK(!weburl_pattern_test(p, "/a", 2, "not a url", 9));
  CHECK(weburl_pattern_test(p, "https://example.com/a", 21, NULL, 99)); /* NULL base: none */
  weburl_pattern_free(p);
  CHECK(weburl_pattern_result_group_by_name(NULL, 0, NULL, 0, NULL) == WEBURL_GROUP_NOT_FOUND);
  CHECK(empty(weburl_url_error_name(NULL)));
}

/* ---- Text that is not UTF-8. ---- */
static void not_utf8(void) {
  section = "not UTF-8";
  static const char *bad[] = {"https://a/\xff", "https://\xc3\x28/", "https://a/\xed\xa0\x80",
                              "\xf8\x88\x80\x80\x80", "https://a/?\xc0\xaf"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    size_t n = strlen(bad[i]);
    ada_url u = ada_parse(bad[i], n);
    CHECK(!ada_is_valid(u));
    ada_free(u);
    CHECK(!ada_can_parse(bad[i], n));
    u = ada_parse_with_base("x", 1, bad[i], n);
    CHECK(!ada_is_valid(u));
    ada_free(u);
  }
  const char *before = "https://user:pw@example.com:8080/p?q#h";
  ada_url u = ada_parse(before, strlen(before));
  const char *v = "\xff\xfe";
  CHECK(!ada_set_href(u, v, 2));
  CHECK(!ada_set_protocol(u, v, 2));
  CHECK(!ada_set_username(u, v, 2));
  CHECK(!ada_set_password(u, v, 2));
  CHECK(!ada_set_host(u, v, 2));
  CHECK(!ada_set_hostname(u, v, 2));
  CHECK(!ada_set_port(u, v, 2));
  CHECK(!ada_set_pathname(u, v, 2));
  ada_set_search(u, v, 2);
  ada_set_hash(u, v, 2);
  CHECK(is(ada_get_href(u), before));
  CHECK(is(ada_get_search(u), "?q") && is(ada_get_hash(u), "#h"));
  ada_free(u);

  ada_owned_string s = ada_idna_to_ascii(v, 2);
  CHECK(s.length == 0);
  ada_free_owned_string(s);
  s = ada_idna_to_unicode(v, 2);
  ada_free_owned_string(s);

  weburl_error *error = NULL;
  weburl_pattern *p = weburl_pattern_new("https://a/\xff", 11, NULL, 0, false, NULL, &error);
  CHECK(p == NULL && error != NULL && is(weburl_error_name(error), "not-utf8"));
  weburl_error_free(error);
  p = weburl_pattern_new("/a", 2, "https://\xff/", 10, false, NULL, &error);
  CHECK(p == NULL && error != NULL && is(weburl_error_name(error), "not-utf8"));
  weburl_error_free(error);
  weburl_pattern_init init;
  memset(&init, 0, sizeof init);
  init.pathname.data = "/\xff";
  init.pathname.length = 2;
  p = weburl_pattern_new_init(&init, false, NULL, &error);
  CHECK(p == NULL && error != NULL && is(weburl_error_name(error), "not-utf8"));
  weburl_error_free(error);

  p = weburl_pattern_new("https://a/*", 11, NULL, 0, false, NULL, NULL);
  CHECK(!weburl_pattern_test(p, "https://a/\xff", 11, NULL, 0));
  CHECK(weburl_pattern_exec(p, "https://a/\xff", 11, NULL, 0) == NULL);
  CHECK(!weburl_pattern_test(p, "/x", 2, "https://a/\xff", 11));
  CHECK(!weburl_pattern_test_init(p, &init));
  CHECK(weburl_pattern_exec_init(p, &init) == NULL);
  weburl_pattern_result *r = weburl_pattern_exec(p, "https://a/b", 11, NULL, 0);
  ada_string value;
  CHECK(weburl_pattern_result_group_by_name(r, 5, "\xff", 1, &value) == WEBURL_GROUP_NOT_FOUND);
  weburl_pattern_result_free(r);
  weburl_pattern_free(p);

  ada_url_search_params params = ada_parse_search_params("a=\xff", 3);
  ada_owned_string text = ada_search_params_to_string(params);
  ada_free_owned_string(text);
  ada_search_params_append(params, "\xff", 1, "\xfe", 1);
  ada_free_search_params(params);
}

/* ---- 50 MB URLs and the maximum input length. ---- */
static void large_urls(size_t mb) {
  section = "large URLs";
  size_t size = mb << 20, len;
  struct {
    const char *prefix, *unit, *suffix;
  } shapes[] = {
      {"https://example.com/", "a", ""},          /* a long path */
      {"https://example.com/", "a/../", "x"},     /* dot segments */
      {"https://", "a.", "com/"},                 /* a host of millions of labels */
      {"https://example.com/?", "%zz&", ""},      /* a query */
      {"https://example.com/", "%41", "#frag"},   /* percent-encoded bytes */
      {"file:///", "C|/", ""},                    /* file path quirks */
      {"https://[", "0:", "]/"},                   /* an IPv6 address that is not one */
      {"https://", "1", "/"},                     /* a number too large for IPv4 */
  };
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    char *input = repeat(shapes[i].prefix, shapes[i].unit, size, shapes[i].suffix, &len);
    double t0 = now_seconds();
    ada_url u = ada_parse(input, len);
    bool valid = ada_is_valid(u);
    bool can = ada_can_parse(input, len);
    double t = now_seconds() - t0;
    CHECK(valid == can);
    if (valid) CHECK(ada_get_href(u).length > 0);
    else CHECK(empty(ada_get_href(u)));
    printf("  %.1f MB URL %s%s...%s: %s in %.2f s\n", (double)len / (1 << 20), shapes[i].prefix, shapes[i].unit,
           shapes[i].suffix, valid ? "parsed" : "failed", t);
    ada_free(u);
    free(input);
  }

  /* The maximum input length: a lower one refuses the large URL, restored it parses again. */
  uint32_t max = ada_get_max_input_length();
  CHECK(max >= (uint32_t)size);
  char *input = repeat("https://example.com/", "a", size, "", &len);
  ada_set_max_input_length(1024);
  CHECK(ada_get_max_input_length() == 1024);
  ada_url u = ada_parse(input, len);
  CHECK(!ada_is_valid(u));
  ada_free(u);
  CHECK(!ada_can_parse(input, len));
  u = ada_parse_with_base(input + 19, len - 19, "https://example.com", 19); /* "/aaa..." */
  CHECK(!ada_is_valid(u));
  ada_free(u);
  u = ada_parse("https://example.com/short", 25);
  CHECK(ada_is_valid(u));
  ada_free(u);
  ada_set_max_input_length(max);
  CHECK(ada_get_max_input_length() == max);
  u = ada_parse(input, len);
  CHECK(ada_is_valid(u) && ada_get_href(u).length == len);
  /* A setter with a 50 MB value, and exec on the 50 MB URL. */
  ada_url small = ada_parse("https://example.com/", 20);
  CHECK(ada_set_pathname(small, input + 19, len - 19));
  CHECK(ada_get_href(small).length == len);
  ada_set_hash(small, input, len);
  CHECK(ada_get_hash(small).length == len + 1);
  ada_free(small);
  weburl_pattern *p = weburl_pattern_new("https://example.com/:id", 23, NULL, 0, false, NULL, NULL);
  double t0 = now_seconds();
  weburl_pattern_result *r = weburl_pattern_exec_url(p, u);
  ada_string id = {NULL, 0};
  CHECK(r != NULL && weburl_pattern_result_group_by_name(r, 5, "id", 2, &id) == WEBURL_GROUP_MATCHED);
  CHECK(id.length == len - 20);
  weburl_pattern_result_free(r);
  CHECK(weburl_pattern_test(p, input, len, NULL, 0));
  printf("  %.1f MB URL through weburl_pattern_exec_url and weburl_pattern_test: %.2f s\n",
         (double)len / (1 << 20), now_seconds() - t0);
  weburl_pattern_free(p);
  ada_free(u);
  free(input);
}

/* ---- 50 MB pattern strings. ---- */
static void large_patterns(size_t mb) {
  section = "large patterns";
  /* The hostile shapes (one part per byte or two: wildcards, escapes, unclosed groups) at a
   * 25th of the size: in the dev profile a pattern of millions of parts compiles at about
   * 1 to 3 s per MB, linearly, which at 50 MB would take minutes of CI time for no new
   * answer. The first shape, a literal, and the init below are at the full size. */
  size_t hostile = (mb << 20) / 25, len;
  struct {
    const char *prefix, *unit, *suffix;
    size_t size;
  } shapes[] = {
      {"https://example.com/", "a", "/:id", mb << 20},
      {"https://", "{", "", mb << 20},
      {"https://h/", "(", "", hostile},
      {"https://h/", ":", "", hostile},
      {"https://h/", "\\", "", hostile},
      {"https://h/", "*?", "", hostile},
      {"https://h/", "*", "", hostile},
      {"", "a+", "://h", hostile},
      {"", "[", "", hostile},
      {"https://h/", "(a(?:", "", hostile},
      {"https://h/", "/:g", "", hostile},
  };
  size_t size = mb << 20;
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    char *text = repeat(shapes[i].prefix, shapes[i].unit, shapes[i].size, shapes[i].suffix, &len);
    double t0 = now_seconds();
    weburl_error *error = NULL;
    weburl_pattern *p = weburl_pattern_new(text, len, NULL, 0, false, NULL, &error);
    CHECK((p == NULL) != (error == NULL));
    bool compiled = p != NULL;
    CHECK(!error || (weburl_error_name(error).length > 0 && weburl_error_message(error).length > 0));
    weburl_error_free(error);
    if (p) (void)weburl_pattern_test(p, "https://h/a", 11, NULL, 0);
    weburl_pattern_free(p);
    /* The untrusted limits refuse it before reading it. */
    weburl_pattern_limits limits = weburl_pattern_limits_untrusted();
    p = weburl_pattern_new(text, len, NULL, 0, false, &limits, &error);
    CHECK(p == NULL && is(weburl_error_name(error), "pattern-too-long"));
    weburl_error_free(error);
    double t = now_seconds() - t0;
    printf("  %.1f MB pattern %s%s...%s: %s in %.2f s\n", (double)len / (1 << 20), shapes[i].prefix, shapes[i].unit,
           shapes[i].suffix, compiled ? "compiled" : "refused", t);
    free(text);
  }
  /* A 50 MB literal pattern matched against URLs of the same size. */
  char *text = repeat("https://example.com/", "a", size, "/:id", &len);
  weburl_pattern *p = weburl_pattern_new(text, len, NULL, 0, false, NULL, NULL);
  CHECK(p != NULL);
  text[len - 3] = '7';
  text[len - 2] = '\0';
  ada_string id = {NULL, 0};
  weburl_pattern_result *r = weburl_pattern_exec(p, text, len - 2, NULL, 0);
  CHECK(r && weburl_pattern_result_group_by_name(r, 5, "id", 2, &id) == WEBURL_GROUP_MATCHED && is(id, "7"));
  weburl_pattern_result_free(r);
  text[25] = 'b';
  CHECK(!weburl_pattern_test(p, text, len - 2, NULL, 0));
  weburl_pattern_free(p);
  free(text);
  /* An init with a 50 MB pathname. */
  text = repeat("/", "x", size, "/:rest*", &len);
  weburl_pattern_init init;
  memset(&init, 0, sizeof init);
  init.pathname.data = text;
  init.pathname.length = len;
  weburl_error *error = NULL;
  p = weburl_pattern_new_init(&init, false, NULL, &error);
  CHECK(p != NULL && error == NULL);
  CHECK(weburl_pattern_get_component(p, 5).length == len);
  weburl_pattern_free(p);
  weburl_pattern_limits limits = weburl_pattern_limits_untrusted();
  p = weburl_pattern_new_init(&init, false, &limits, &error);
  CHECK(p == NULL && is(weburl_error_name(error), "pattern-too-long"));
  weburl_error_free(error);
  free(text);
}

/* ---- Patterns that do not compile: name, message, component, offset. ---- */
static void pattern_errors(void) {
  section = "pattern errors";
  struct {
    const char *input, *base, *name;
    int32_t component;
    size_t offset;
  } cases[] = {
      {"https://example.com/a/:id(\\d+", NULL, "pattern-tokenize", 5, 25},
      {"https://example.com/:a/:a", NULL, "pattern-duplicate-name", 5, 23},
      {"https://example.com/{a", NULL, "pattern-unexpected-token", 5, 22},
      /* Offsets count from the start of the pattern as written, with a base URL too. */
      {"b/:a/:a", "https://example.com/x/", "pattern-duplicate-name", 5, 5},
      {"?q=:a(", "https://example.com/", "pattern-tokenize", 6, 5},
      {"https://exa mple.com/", NULL, "pattern-invalid-component", 3, SIZE_MAX},
      {"https://example.com/(\\m)", NULL, "pattern-invalid-regexp", 5, SIZE_MAX},
      {"/a", "not a url", "pattern-invalid-base-url", -1, SIZE_MAX},
      {"/a", NULL, "pattern-missing-base-url", -1, SIZE_MAX},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    weburl_error *error = (weburl_error *)&error; /* overwritten: NULL or a new error */
    const char *base = cases[i].base;
    weburl_pattern *p = weburl_pattern_new(cases[i].input, strlen(cases[i].input), base,
                                           base ? strlen(base) : 0, false, NULL, &error);
    CHECK(p == NULL);
    CHECK(error != NULL && error != (weburl_error *)&error);
    if (!error || error == (weburl_error *)&error) continue;
    ada_string name = weburl_error_name(error), message = weburl_error_message(error);
    if (!is(name, cases[i].name))
      fprintf(stderr, "    %s: name %.*s, expected %s\n", cases[i].input, (int)name.length, name.data,
              cases[i].name);
    CHECK(is(name, cases[i].name));
    CHECK(name.data[name.length] == '\0' && message.data[message.length] == '\0');
    CHECK(message.length > 0);
    CHECK(weburl_error_component(error) == cases[i].component);
    CHECK(weburl_error_offset(error) == cases[i].offset);
    weburl_error_free(error);
  }
  /* The message of the tokenizer's error names the place. */
  weburl_error *error = NULL;
  weburl_pattern_new("https://example.com/a/:id(\\d+", 29, NULL, 0, false, NULL, &error);
  CHECK(is(weburl_error_message(error),
           "invalid pattern at byte 25 (in the pathname): an unclosed regexp group"));
  weburl_error_free(error);
  /* Success sets *error to NULL. */
  error = (weburl_error *)&error;
  weburl_pattern *p = weburl_pattern_new("https://example.com/*", 21, NULL, 0, false, NULL, &error);
  CHECK(p != NULL && error == NULL);
  weburl_pattern_free(p);
  /* No error wanted: NULL. */
  CHECK(weburl_pattern_new("https://example.com/{a", 22, NULL, 0, false, NULL, NULL) == NULL);
}

/* ---- Untrusted limits. ---- */
static void limits(void) {
  section = "limits";
  weburl_pattern_limits none = weburl_pattern_limits_none();
  weburl_pattern_limits untrusted = weburl_pattern_limits_untrusted();
  CHECK(none.allow_regexp_groups && none.max_length == SIZE_MAX);
  CHECK(!untrusted.allow_regexp_groups && untrusted.max_length == 8192);
  static const char *refused[] = {"https://example.com/:id(\\d+)", "https://example.com/(a|b)",
                                  "https://(www|api).example.com/", "/:x([a-z]+)"};
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    weburl_error *error = NULL;
    const char *base = i == 3 ? "https://example.com" : NULL;
    weburl_pattern *p = weburl_pattern_new(refused[i], strlen(refused[i]), base,
                                           base ? strlen(base) : 0, false, &untrusted, &error);
    CHECK(p == NULL && is(weburl_error_name(error), "pattern-regexp-groups-refused"));
    CHECK(weburl_error_component(error) >= 0);
    weburl_error_free(error);
    p = weburl_pattern_new(refused[i], strlen(refused[i]), base, base ? strlen(base) : 0, false,
                           &none, &error);
    CHECK(p != NULL && error == NULL && weburl_pattern_has_regexp_groups(p));
    weburl_pattern_free(p);
  }
  static const char *accepted[] = {"https://example.com/:id", "https://*.example.com/*",
                                   "https://example.com/files/:name.:ext{/}?", "https://example.com/(.*)"};
  for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
    weburl_error *error = NULL;
    weburl_pattern *p = weburl_pattern_new(accepted[i], strlen(accepted[i]), NULL, 0, false, &untrusted, &error);
    CHECK(p != NULL && error == NULL && !weburl_pattern_has_regexp_groups(p));
    weburl_pattern_free(p);
  }
  weburl_pattern_init init;
  memset(&init, 0, sizeof init);
  init.hostname.data = "(a|b).com";
  init.hostname.length = 9;
  weburl_error *error = NULL;
  CHECK(weburl_pattern_new_init(&init, false, &untrusted, &error) == NULL);
  CHECK(is(weburl_error_name(error), "pattern-regexp-groups-refused") && weburl_error_component(error) == 3);
  weburl_error_free(error);
  /* A custom length limit counts the input and base together. */
  weburl_pattern_limits short_ones = weburl_pattern_limits_none();
  short_ones.max_length = 24;
  weburl_pattern *p = weburl_pattern_new("/a", 2, "https://example.com", 19, false, &short_ones, &error);
  CHECK(p != NULL);
  weburl_pattern_free(p);
  p = weburl_pattern_new("/abcdefgh", 9, "https://example.com", 19, false, &short_ones, &error);
  CHECK(p == NULL && is(weburl_error_name(error), "pattern-too-long"));
  weburl_error_free(error);
}

/* ---- weburl.h's other functions: NULL, (NULL, 0), text that is not UTF-8, bad names. ---- */
static bool error_named(weburl_error *e, const char *name) {
  bool ok = e != NULL && is(weburl_error_name(e), name) && weburl_error_message(e).length > 0;
  weburl_error_free(e);
  return ok;
}

static void extras(void) {
  section = "extras";
  weburl_error *e = NULL;
  ada_url bad = ada_parse("nope", 4);
  CHECK(is(weburl_url_error_name(bad), "missing-scheme-non-relative-URL"));
  ada_url good = ada_parse("https://user@www.example.co.uk:8080/", 36);
  CHECK(empty(weburl_url_error_name(good)));
  ada_url not_text = ada_parse("https://a/\xff", 11);
  (void)weburl_url_error_name(not_text); /* some name, read safely */

  /* Validation. */
  weburl_validation *v = weburl_validate(NULL, 0, NULL, 0, &e);
  CHECK(v != NULL && e == NULL && !weburl_validation_parsed(v) && weburl_validation_count(v) >= 1);
  weburl_validation_error ve;
  memset(&ve, 0, sizeof ve);
  CHECK(weburl_validation_get(v, 0, &ve) && ve.failure && ve.name.length > 0);
  CHECK(weburl_validation_get(v, 0, NULL));
  CHECK(!weburl_validation_get(v, SIZE_MAX, &ve));
  weburl_validation_free(v);
  CHECK(weburl_validate("https://a/\xff", 11, NULL, 0, &e) == NULL && error_named(e, "not-utf8"));
  CHECK(weburl_validate("/x", 2, "https://\xff/", 10, &e) == NULL && error_named(e, "not-utf8"));
  CHECK(weburl_validate("/x", 2, "not a base", 10, &e) == NULL && e != NULL);
  weburl_error_free(e);
  CHECK(weburl_validate("/x", 2, "not a base", 10, NULL) == NULL);
  CHECK(!weburl_validation_parsed(NULL) && !weburl_validation_valid(NULL));
  CHECK(weburl_validation_count(NULL) == 0 && !weburl_validation_get(NULL, 0, &ve));

  /* Parsing with an encoding. */
  ada_url u = weburl_parse_with_encoding(NULL, 0, NULL, 0, NULL, 0, &e);
  CHECK(!ada_is_valid(u) && e != NULL);
  weburl_error_free(e);
  ada_free(u);
  u = weburl_parse_with_encoding("https://a/?\xc3\xa9", 13, NULL, 0, "windows-1252", 12, &e);
  CHECK(ada_is_valid(u) && e == NULL && is(ada_get_search(u), "?%E9"));
  ada_free(u);
  u = weburl_parse_with_encoding("https://a/", 10, NULL, 0, "no-such-encoding", 16, &e);
  CHECK(u == NULL && error_named(e, "unknown-encoding"));
  u = weburl_parse_with_encoding("https://a/", 10, NULL, 0, "\xff", 1, &e);
  CHECK(u == NULL && e != NULL);
  weburl_error_free(e);
  u = weburl_parse_with_encoding("https://a/\xff", 11, NULL, 0, NULL, 0, &e);
  CHECK(!ada_is_valid(u) && error_named(e, "not-utf8"));
  ada_free(u);
  u = weburl_parse_with_encoding("/x", 2, "nope", 4, NULL, 0, NULL);
  CHECK(!ada_is_valid(u));
  ada_free(u);

  /* The public suffix list and sites. */
  ada_string none = weburl_public_suffix(NULL, false);
  CHECK(none.length == 0);
  CHECK(weburl_registrable_domain(NULL, true).length == 0);
  CHECK(weburl_public_suffix(bad, false).length == 0);
  CHECK(is(weburl_public_suffix(good, true), "co.uk"));
  CHECK(is(weburl_registrable_domain(good, false), "example.co.uk"));
  ada_owned_string site = weburl_site(NULL, false);
  CHECK(site.length == 0);
  ada_free_owned_string(site);
  site = weburl_site(good, false);
  CHECK(site.length == 21 && memcmp(site.data, "https://example.co.uk", 21) == 0);
  ada_free_owned_string(site);

  /* Address spaces. */
  CHECK(weburl_address_space(NULL) == -1 && weburl_address_space(bad) == -1);
  CHECK(weburl_ip_address_space(NULL, 0) == -1 && weburl_ip_address_space("\xff", 1) == -1);
  CHECK(weburl_ip_address_space("127.0.0.1", 9) == WEBURL_ADDRESS_SPACE_LOOPBACK);
  weburl_special_block block;
  memset(&block, 0, sizeof block);
  CHECK(!weburl_url_special_block(NULL, &block) && !weburl_ip_special_block(NULL, 0, &block));
  CHECK(!weburl_ip_special_block("\xff", 1, NULL));
  CHECK(weburl_ip_special_block("100.64.0.1", 10, NULL));

  /* The policy. */
  CHECK(weburl_policy_new("no-such-preset", 14, &e) == NULL && error_named(e, "unknown-preset"));
  CHECK(weburl_policy_new("\xff", 1, &e) == NULL && e != NULL);
  weburl_error_free(e);
  CHECK(!weburl_policy_allow_schemes(NULL, "https", 5, &e) && error_named(e, "invalid-argument"));
  CHECK(!weburl_policy_allow_ports(NULL, NULL, 0));
  CHECK(!weburl_policy_deny_address_spaces(NULL, "local", 5, NULL));
  CHECK(!weburl_policy_allow_host(NULL, "a", 1, NULL) && !weburl_policy_deny_host(NULL, "a", 1, NULL));
  CHECK(!weburl_policy_allow_site(NULL, "a", 1, NULL) && !weburl_policy_deny_site(NULL, "a", 1, NULL));
  CHECK(!weburl_policy_allow_credentials(NULL, true));
  CHECK(!weburl_policy_require_engine_agreement(NULL, true));
  CHECK(!weburl_policy_require_historical_engine_agreement(NULL, true));
  CHECK(weburl_policy_check(NULL, "https://a/", 10, NULL, 0) == NULL);
  CHECK(weburl_policy_check_url(NULL, good) == NULL);
  weburl_policy *policy = weburl_policy_new(NULL, 0, &e); /* public-web */
  CHECK(policy != NULL && e == NULL);
  CHECK(!weburl_policy_allow_schemes(policy, "\xff", 1, &e) && error_named(e, "not-utf8"));
  CHECK(!weburl_policy_deny_address_spaces(policy, "nowhere", 7, &e) && error_named(e, "unknown-address-space"));
  CHECK(!weburl_policy_allow_host(policy, "a b", 3, &e) && error_named(e, "policy-bad-host"));
  CHECK(weburl_policy_allow_ports(policy, NULL, 0));
  weburl_check *check = weburl_policy_check(policy, NULL, 0, NULL, 0);
  ada_string rule = {NULL, 0}, message = {NULL, 0};
  CHECK(check != NULL && !weburl_check_allowed(check) && weburl_check_reason_count(check) >= 1);
  CHECK(weburl_check_reason(check, 0, &rule, &message) && is(rule, "unparsable"));
  CHECK(weburl_check_reason(check, 0, NULL, NULL));
  CHECK(!weburl_check_reason(check, 99, &rule, &message));
  CHECK(weburl_check_take_url(check) == NULL);
  weburl_check_free(check);
  check = weburl_policy_check(policy, "https://a/\xff", 11, NULL, 0);
  CHECK(check != NULL && !weburl_check_allowed(check));
  weburl_check_free(check);
  check = weburl_policy_check_url(policy, NULL);
  CHECK(check != NULL && !weburl_check_allowed(check));
  weburl_check_free(check);
  check = weburl_policy_check_url(policy, good); /* credentials: refused */
  CHECK(check != NULL && !weburl_check_allowed(check));
  weburl_check_free(check);
  check = weburl_policy_check(policy, "https://example.com/", 20, NULL, 0);
  CHECK(check != NULL && weburl_check_allowed(check));
  ada_url taken = weburl_check_take_url(check);
  CHECK(ada_is_valid(taken) && weburl_check_take_url(check) == NULL);
  ada_free(taken);
  weburl_check_free(check);
  CHECK(!weburl_check_allowed(NULL) && weburl_check_take_url(NULL) == NULL);
  CHECK(weburl_check_reason_count(NULL) == 0 && !weburl_check_reason(NULL, 0, &rule, &message));
  weburl_policy_free(policy);

  /* Normalization. */
  ada_owned_string n = weburl_normalize(NULL, 0, NULL, 0, 0, &e);
  CHECK(n.data == NULL && n.length == 0 && e != NULL);
  weburl_error_free(e);
  n = weburl_normalize("https://a/", 10, "no-such-profile", 15, 0, &e);
  CHECK(n.data == NULL && error_named(e, "unknown-profile"));
  n = weburl_normalize("https://a/\xff", 11, NULL, 0, 0, &e);
  CHECK(n.data == NULL && error_named(e, "not-utf8"));
  n = weburl_normalize("HTTPS://A/?b=1&a=2#x", 20, "dedup", 5, UINT32_MAX, NULL);
  CHECK(n.data != NULL && n.data[n.length] == '\0');
  ada_free_owned_string(n);
  n = weburl_surt(NULL, 0, 0, &e);
  CHECK(n.data == NULL && e != NULL);
  weburl_error_free(e);
  n = weburl_surt("\xff", 1, 0, NULL);
  CHECK(n.data == NULL);
  CHECK(weburl_get_version() != NULL && strlen(weburl_get_version()) > 0);

  ada_free(not_text);
  ada_free(good);
  ada_free(bad);
}

/* ---- The free functions on NULL (and (NULL, 0) owned strings). ---- */
static void free_null(void) {
  section = "free NULL";
  ada_free(NULL);
  ada_owned_string nothing = {NULL, 0};
  ada_free_owned_string(nothing);
  ada_free_search_params(NULL);
  ada_free_strings(NULL);
  ada_free_search_params_keys_iter(NULL);
  ada_free_search_params_values_iter(NULL);
  ada_free_search_params_entries_iter(NULL);
  weburl_error_free(NULL);
  weburl_pattern_free(NULL);
  weburl_pattern_result_free(NULL);
  weburl_pattern_set_free(NULL);
  weburl_pattern_set_match_free(NULL);
  weburl_validation_free(NULL);
  weburl_policy_free(NULL);
  weburl_check_free(NULL);
  /* An invalid URL's handle is freed as any other. */
  ada_url u = ada_parse("nope", 4);
  ada_free(u);
  CHECK(true);
}

int main(void) {
  const char *env = getenv("WEBURL_ROBUSTNESS_MB");
  size_t mb = env && *env ? (size_t)strtoul(env, NULL, 10) : 50;
  if (mb == 0) mb = 1;
  null_handles();
  null_strings();
  not_utf8();
  pattern_errors();
  limits();
  extras();
  free_null();
  large_urls(mb);
  large_patterns(mb);
  printf("robustness (%zu MB inputs): %zu passed, %zu failed\n", mb, passed, failed);
  printf("%zu passed, %zu failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
