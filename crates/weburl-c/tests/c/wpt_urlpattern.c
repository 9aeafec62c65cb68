/*
 * The web-platform-tests URL Pattern data through weburl.h: every case of
 * urlpatterntestdata.json and urlpattern-hasregexpgroups.json, no skip list. The expectations
 * are read as WPT's urlpatterntests.js reads them, the rules weburl-testkit's `urlpattern`
 * module writes for the Rust suite (crates/weburl/tests/urlpattern.rs), which this mirrors:
 *
 * - the constructor's arguments: a string or an init object, then a base URL string and/or
 *   an options object ({ignoreCase}); `expected_obj: "error"` means construction fails, and
 *   then an error value (with a name and a message) must come back;
 * - otherwise the eight component strings: `expected_obj`'s, else "" for a component of
 *   `exactly_empty_components`, else the init's own non-empty value, else "*" when the init
 *   sets an earlier component, else the base URL's (not for username and password), else "*";
 * - `exec()`'s and `test()`'s arguments (`inputs`): a string with an optional base, or an init;
 *   `expected_match` null (no match), "error" (the call throws) or each component's `input`
 *   and `groups` (a component it leaves out: input "" and groups {"0": ""}, or {} when it is
 *   in `exactly_empty_components`); a group whose value is JSON null is unmatched
 *   (WEBURL_GROUP_UNMATCHED);
 * - for a string input without a base that parses as a URL: exec_url and test_url on that
 *   URL, and a route set holding the pattern (first_match, its groups, matches), agree with
 *   exec.
 *
 * Two argument forms have no C spelling: an init object with a separate base URL, in the
 * constructor or in exec(). JavaScript throws a TypeError for both (the URL Pattern Standard:
 * "if input is not a string and baseURL is given, throw"); the data expects an error there and
 * this harness checks that expectation itself, with a note in the output. `result.inputs`
 * (the echo of exec()'s arguments, `expected_match.inputs` or else `inputs`) is compared
 * through weburl_pattern_result_input_count / _input_string / _input_init.
 *
 * Usage: wpt_urlpattern [DATA_DIR]   (default crates/weburl/tests/data/wpt)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weburl.h"
#include "wpt_check.h"
#include "wpt_json.h"

#define URLPATTERN_CASES 369
#define HASREGEXPGROUPS_CASES 55

static const char *const COMPONENTS[8] = {"protocol", "username", "password", "hostname",
                                          "port",     "pathname", "search",   "hash"};

/* The arguments of the constructor, of exec() or of test(). */
typedef struct {
  bool is_init;              /* the input is an init object (else a string) */
  const cJSON *init;         /* that object (NULL for the empty init of no arguments) */
  const char *input;         /* the string input */
  size_t input_len;
  const char *base;          /* the base URL argument, NULL when none */
  size_t base_len;
  bool ignore_case;
  char base_buf[32];         /* a base URL that is not a JSON string */
} arguments;

/* WebIDL's reading of the argument list, as the Rust suite's `arguments` reads it. */
static void read_arguments(const cJSON *list, arguments *a) {
  memset(a, 0, sizeof *a);
  int n = cJSON_GetArraySize(list);
  const cJSON *first = cJSON_GetArrayItem(list, 0);
  if (n == 0 || cJSON_IsObject(first)) {
    a->is_init = true;
    a->init = first;
  } else if (cJSON_IsString(first)) {
    a->input = wpt_str(first, &a->input_len);
  } else {
    wpt_die("an argument that is neither a string nor an object", cJSON_PrintUnformatted(first));
  }
  const cJSON *second = cJSON_GetArrayItem(list, 1);
  const cJSON *third = cJSON_GetArrayItem(list, 2);
  if (n >= 3) {
    /* (input, baseURL, options): the second argument is the base URL whatever it is (an
     * object becomes "[object Object]"); a third that is no dictionary makes the constructor
     * throw, as a base URL that does not parse does. */
    if (cJSON_IsString(second)) {
      a->base = wpt_str(second, &a->base_len);
    } else {
      snprintf(a->base_buf, sizeof a->base_buf, "%s",
               cJSON_IsObject(second) ? "[object Object]" : "[not a string]");
      a->base = a->base_buf;
      a->base_len = strlen(a->base_buf);
    }
    if (cJSON_IsObject(third)) {
      a->ignore_case = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(third, "ignoreCase"));
    } else {
      snprintf(a->base_buf, sizeof a->base_buf, "[not a dictionary]");
      a->base = a->base_buf;
      a->base_len = strlen(a->base_buf);
    }
  } else if (n == 2) {
    if (cJSON_IsString(second)) {
      a->base = wpt_str(second, &a->base_len);
    } else if (cJSON_IsObject(second)) {
      a->ignore_case = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(second, "ignoreCase"));
    } else {
      wpt_die("an unexpected second argument", cJSON_PrintUnformatted(second));
    }
  }
}

/* An init object as weburl_pattern_init: a member absent from the object is absent (data
 * NULL); cJSON's empty string is "" (not NULL), so an empty member stays present. */
static weburl_pattern_init init_of(const cJSON *object) {
  weburl_pattern_init init;
  memset(&init, 0, sizeof init);
  ada_string *fields[9] = {&init.protocol, &init.username, &init.password,
                           &init.hostname, &init.port,     &init.pathname,
                           &init.search,   &init.hash,     &init.base_url};
  const char *names[9] = {"protocol", "username", "password", "hostname", "port",
                          "pathname", "search",   "hash",     "baseURL"};
  for (int i = 0; i < 9; i++) {
    size_t len = 0;
    const char *s = object ? wpt_member(object, names[i], &len) : NULL;
    fields[i]->data = s;
    fields[i]->length = len;
  }
  if (object) {
    const cJSON *member;
    cJSON_ArrayForEach(member, object) {
      /* A member URLPatternInit does not have (case 344's {"ignoreCase": true}) is ignored,
       * as WebIDL ignores it; a member it has must be a string. */
      bool known = false;
      for (int i = 0; i < 9; i++) known |= strcmp(member->string, names[i]) == 0;
      if (known && !cJSON_IsString(member)) wpt_die("an init member that is not a string", member->string);
    }
  }
  return init;
}

/* Cases of the two forms C cannot spell (see the top comment). */
static size_t init_with_base_constructors = 0;
static size_t init_with_base_execs = 0;

/* The pattern the arguments make, or NULL with *error set. */
static weburl_pattern *construct(const arguments *a, const weburl_pattern_limits *limits,
                                 weburl_error **error) {
  if (a->is_init) {
    weburl_pattern_init init = init_of(a->init);
    return weburl_pattern_new_init(&init, a->ignore_case, limits, error);
  }
  return weburl_pattern_new(a->input, a->input_len, a->base, a->base_len, a->ignore_case, limits,
                            error);
}

static bool str_eq(ada_string s, const char *expected, size_t len) {
  return s.length == len && (len == 0 || memcmp(s.data, expected, len) == 0);
}

/* A base URL's value for a component, as WPT's harness takes it. */
static void base_value(ada_url base, int i, const char **out, size_t *len) {
  ada_string v;
  switch (i) {
    case 0: v = ada_get_protocol(base); break;
    case 3: v = ada_get_hostname(base); break;
    case 4: v = ada_get_port(base); break;
    case 5: v = ada_get_pathname(base); break;
    case 6: v = ada_get_search(base); break;
    default: v = ada_get_hash(base); break;
  }
  const char *s = v.data;
  size_t n = v.length;
  if (i == 0 && n && s[n - 1] == ':') n--;
  if ((i == 6 || i == 7) && n && (s[0] == '?' || s[0] == '#')) {
    s++;
    n--;
  }
  *out = s;
  *len = n;
}

/* Whether the init sets a component before the i-th, by WPT's rule (username and password
 * count for none, and none counts for them). */
static bool earlier_set(const cJSON *init, int i) {
  static const int counted[6] = {0, 3, 4, 5, 6, 7}; /* protocol, hostname, port, ... hash */
  if (i < 3) return false;
  for (int k = 0; k < 6 && counted[k] < i; k++)
    if (cJSON_GetObjectItemCaseSensitive(init, COMPONENTS[counted[k]])) return true;
  return false;
}

static bool in_list(const cJSON *list, const char *name) {
  const cJSON *item;
  cJSON_ArrayForEach(item, list) {
    if (cJSON_IsString(item) && strcmp(item->valuestring, name) == 0) return true;
  }
  return false;
}

static void check_pattern(wpt_report *r, const weburl_pattern *p, const cJSON *pattern_args,
                          const cJSON *expected_obj, const cJSON *empty) {
  const cJSON *first = cJSON_GetArrayItem(pattern_args, 0);
  const cJSON *init = cJSON_IsObject(first) ? first : NULL;
  const cJSON *second = cJSON_GetArrayItem(pattern_args, 1);
  size_t blen = 0;
  const char *base = cJSON_IsString(second) ? wpt_str(second, &blen)
                     : init                 ? wpt_member(init, "baseURL", &blen)
                                            : NULL;
  ada_url base_url = NULL;
  if (base) {
    base_url = ada_parse(base, blen);
    if (!ada_is_valid(base_url)) wpt_die("a base URL of the data does not parse", base);
  }
  for (int i = 0; i < 8; i++) {
    const char *want;
    size_t wlen;
    size_t own_len = 0;
    const char *own = init ? wpt_member(init, COMPONENTS[i], &own_len) : NULL;
    const char *given = expected_obj ? wpt_member(expected_obj, COMPONENTS[i], &wlen) : NULL;
    if (given) {
      want = given;
    } else if (in_list(empty, COMPONENTS[i])) {
      want = "";
      wlen = 0;
    } else if (own && own_len > 0) {
      want = own;
      wlen = own_len;
    } else if (init && earlier_set(init, i)) {
      want = "*";
      wlen = 1;
    } else if (base_url && (i == 0 || i > 2)) {
      base_value(base_url, i, &want, &wlen);
    } else {
      want = "*";
      wlen = 1;
    }
    ada_string got = weburl_pattern_get_component(p, (uint32_t)i);
    char what[64];
    snprintf(what, sizeof what, "pattern's %s", COMPONENTS[i]);
    wpt_field(r, what, want, wlen, got.data, got.length);
  }
  ada_free(base_url);
}

static const char *group_state(int32_t s) {
  return s == WEBURL_GROUP_MATCHED     ? "matched"
         : s == WEBURL_GROUP_UNMATCHED ? "unmatched"
         : s == WEBURL_GROUP_NOT_FOUND ? "not found"
                                       : "(not a WEBURL_GROUP_ value)";
}

/* A result against expected_match: each component's input and groups. */
static void check_result(wpt_report *r, const weburl_pattern_result *m, const cJSON *expected,
                         const cJSON *empty) {
  char what[160];
  for (uint32_t c = 0; c < 8; c++) {
    const cJSON *want = cJSON_GetObjectItemCaseSensitive(expected, COMPONENTS[c]);
    const char *input = "";
    size_t ilen = 0;
    const cJSON *groups = NULL;
    if (want) {
      input = wpt_member(want, "input", &ilen);
      groups = cJSON_GetObjectItemCaseSensitive(want, "groups");
      if (!input || !cJSON_IsObject(groups)) wpt_die("a malformed expected_match component", COMPONENTS[c]);
    }
    ada_string got_input = weburl_pattern_result_input(m, c);
    snprintf(what, sizeof what, "%s input", COMPONENTS[c]);
    wpt_field(r, what, input, ilen, got_input.data, got_input.length);
    /* A component the case leaves out: groups {"0": ""} (its "*" matched the empty string),
     * or {} when the component is exactly empty. */
    size_t expected_count = groups ? (size_t)cJSON_GetArraySize(groups)
                            : in_list(empty, COMPONENTS[c]) ? 0
                                                            : 1;
    size_t count = weburl_pattern_result_group_count(m, c);
    if (count != expected_count)
      wpt_fail(r, "%s: %zu groups, expected %zu", COMPONENTS[c], count, expected_count);
    if (groups) {
      const cJSON *g;
      cJSON_ArrayForEach(g, groups) {
        ada_string value = {NULL, 0};
        int32_t state = weburl_pattern_result_group_by_name(m, c, g->string, strlen(g->string), &value);
        if (cJSON_IsNull(g)) {
          if (state != WEBURL_GROUP_UNMATCHED)
            wpt_fail(r, "%s group %s: expected unmatched (undefined), actual %s", COMPONENTS[c],
                     g->string, group_state(state));
        } else {
          size_t vlen;
          const char *v = wpt_str(g, &vlen);
          if (state != WEBURL_GROUP_MATCHED) {
            wpt_fail(r, "%s group %s: expected \"%s\", actual %s", COMPONENTS[c], g->string, v,
                     group_state(state));
          } else {
            snprintf(what, sizeof what, "%s group %s", COMPONENTS[c], g->string);
            wpt_field(r, what, v, vlen, value.data, value.length);
          }
        }
      }
    } else if (expected_count == 1) {
      ada_string value = {NULL, 0};
      int32_t state = weburl_pattern_result_group_by_name(m, c, "0", 1, &value);
      if (state != WEBURL_GROUP_MATCHED || value.length != 0)
        wpt_fail(r, "%s group 0: expected \"\", actual %s (length %zu)", COMPONENTS[c],
                 group_state(state), value.length);
    }
    /* The groups by index: each name is one of the expected, its value the one by name. */
    for (size_t i = 0; i < count; i++) {
      ada_string name = weburl_pattern_result_group_name(m, c, i);
      ada_string by_index = {NULL, 0}, by_name = {NULL, 0};
      int32_t s1 = weburl_pattern_result_group(m, c, i, &by_index);
      int32_t s2 = weburl_pattern_result_group_by_name(m, c, name.data, name.length, &by_name);
      if (s1 == WEBURL_GROUP_NOT_FOUND || s1 != s2 ||
          (s1 == WEBURL_GROUP_MATCHED && !str_eq(by_index, by_name.data, by_name.length)))
        wpt_fail(r, "%s group %zu (%.*s): by index %s, by name %s", COMPONENTS[c], i,
                 (int)name.length, name.data, group_state(s1), group_state(s2));
      if (groups) {
        bool listed = false;
        const cJSON *g;
        cJSON_ArrayForEach(g, groups) listed |= str_eq(name, g->string, strlen(g->string));
        if (!listed)
          wpt_fail(r, "%s group %zu: name %.*s is not an expected group", COMPONENTS[c], i,
                   (int)name.length, name.data);
      }
    }
    ada_string none = {NULL, 0};
    if (weburl_pattern_result_group(m, c, count, &none) != WEBURL_GROUP_NOT_FOUND)
      wpt_fail(r, "%s: group index %zu (the count) is not WEBURL_GROUP_NOT_FOUND", COMPONENTS[c], count);
    if (weburl_pattern_result_group_by_name(m, c, "no such group", 13, &none) != WEBURL_GROUP_NOT_FOUND)
      wpt_fail(r, "%s: a group that does not exist is not WEBURL_GROUP_NOT_FOUND", COMPONENTS[c]);
  }
}

/* Two results are the same: every component's input and groups, in order. */
static bool same_result(const weburl_pattern_result *a, const weburl_pattern_result *b) {
  if (!a || !b) return a == b;
  for (uint32_t c = 0; c < 8; c++) {
    ada_string ia = weburl_pattern_result_input(a, c), ib = weburl_pattern_result_input(b, c);
    if (!str_eq(ia, ib.data, ib.length)) return false;
    size_t n = weburl_pattern_result_group_count(a, c);
    if (n != weburl_pattern_result_group_count(b, c)) return false;
    for (size_t i = 0; i < n; i++) {
      ada_string na = weburl_pattern_result_group_name(a, c, i);
      ada_string nb = weburl_pattern_result_group_name(b, c, i);
      ada_string va = {NULL, 0}, vb = {NULL, 0};
      int32_t sa = weburl_pattern_result_group(a, c, i, &va);
      int32_t sb = weburl_pattern_result_group(b, c, i, &vb);
      if (!str_eq(na, nb.data, nb.length) || sa != sb) return false;
      if (sa == WEBURL_GROUP_MATCHED && !str_eq(va, vb.data, vb.length)) return false;
    }
  }
  return true;
}

/* exec_url, test_url and a route set holding the pattern, on a URL the input parses to, agree
 * with exec's result. */
static void check_on_url(wpt_report *r, const weburl_pattern *p, ada_url url,
                         const weburl_pattern_result *by_string, size_t id) {
  weburl_pattern_result *by_url = weburl_pattern_exec_url(p, url);
  if ((by_url != NULL) != (by_string != NULL))
    wpt_fail(r, "exec_url %s, exec %s", by_url ? "matches" : "does not match",
             by_string ? "matches" : "does not");
  else if (!same_result(by_url, by_string))
    wpt_fail(r, "exec_url's result differs from exec's");
  if (weburl_pattern_test_url(p, url) != (by_url != NULL))
    wpt_fail(r, "test_url differs from exec_url");

  weburl_pattern_set *set = weburl_pattern_set_new();
  if (!weburl_pattern_set_insert(set, p, id)) wpt_fail(r, "weburl_pattern_set_insert failed");
  if (weburl_pattern_set_size(set) != 1) wpt_fail(r, "a set of one pattern has size %zu", weburl_pattern_set_size(set));
  weburl_pattern_set_match *match = weburl_pattern_set_match_new();
  bool found = weburl_pattern_set_first_match(set, url, match);
  if (found != (by_url != NULL)) {
    wpt_fail(r, "the set's first_match %s, exec_url %s", found ? "matches" : "does not match",
             by_url ? "matches" : "does not");
  } else if (found) {
    if (weburl_pattern_set_match_value(match) != id)
      wpt_fail(r, "the set's match value is %ju, expected %ju",
               (uintmax_t)weburl_pattern_set_match_value(match), (uintmax_t)id);
    size_t total = 0;
    for (uint32_t c = 0; c < 8; c++) total += weburl_pattern_result_group_count(by_url, c);
    size_t count = weburl_pattern_set_match_group_count(match);
    if (count != total) wpt_fail(r, "the set's match has %zu groups, exec_url's %zu", count, total);
    for (size_t i = 0; i < count; i++) {
      uint32_t component = 99;
      ada_string name = {NULL, 0}, value = {NULL, 0}, want = {NULL, 0}, again = {NULL, 0};
      int32_t s = weburl_pattern_set_match_group(match, i, &component, &name, &value);
      if (component >= 8) {
        wpt_fail(r, "the set's group %zu: component %u", i, component);
        continue;
      }
      int32_t w = weburl_pattern_result_group_by_name(by_url, component, name.data, name.length, &want);
      int32_t a = weburl_pattern_set_match_group_by_name(match, component, name.data, name.length, &again);
      if (s == WEBURL_GROUP_NOT_FOUND || s != w || s != a ||
          (s == WEBURL_GROUP_MATCHED &&
           (!str_eq(value, want.data, want.length) || !str_eq(again, want.data, want.length))))
        wpt_fail(r, "the set's group %zu (%s %.*s): %s, by name %s, exec_url's %s", i,
                 COMPONENTS[component], (int)name.length, name.data, group_state(s), group_state(a),
                 group_state(w));
    }
    ada_string none = {NULL, 0};
    uint32_t component = 0;
    if (weburl_pattern_set_match_group(match, count, &component, &none, &none) != WEBURL_GROUP_NOT_FOUND)
      wpt_fail(r, "the set's group index %zu (the count) is not WEBURL_GROUP_NOT_FOUND", count);
  }
  size_t values[2] = {0, 0};
  size_t n = weburl_pattern_set_matches(set, url, values, 2);
  if (n != (by_url ? 1u : 0u) || (n == 1 && values[0] != id))
    wpt_fail(r, "the set's matches: %zu (first %ju)", n, (uintmax_t)values[0]);
  weburl_pattern_set_match_free(match);
  weburl_pattern_set_free(set);
  weburl_pattern_result_free(by_url);
}

static void check_error_value(wpt_report *r, const weburl_error *e, const char *what) {
  if (!e) {
    wpt_fail(r, "%s: no error value", what);
    return;
  }
  ada_string name = weburl_error_name(e), message = weburl_error_message(e);
  if (name.length == 0 || message.length == 0)
    wpt_fail(r, "%s: an error with an empty name or message", what);
  int32_t component = weburl_error_component(e);
  if (component < -1 || component > 7) wpt_fail(r, "%s: error component %d", what, component);
}

/* result.inputs: the echo of exec()'s arguments, each a string or an init. */
static void check_inputs(wpt_report *r, const weburl_pattern_result *m, const cJSON *want) {
  size_t n = (size_t)cJSON_GetArraySize(want);
  size_t count = weburl_pattern_result_input_count(m);
  if (count != n) {
    wpt_fail(r, "result inputs: %zu, expected %zu", count, n);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    const cJSON *item = cJSON_GetArrayItem(want, (int)i);
    ada_string s = {NULL, 0};
    weburl_pattern_init got;
    memset(&got, 0, sizeof got);
    bool is_string = weburl_pattern_result_input_string(m, i, &s);
    bool is_init = weburl_pattern_result_input_init(m, i, &got);
    if (cJSON_IsString(item)) {
      size_t len;
      const char *v = wpt_str(item, &len);
      if (!is_string || is_init) wpt_fail(r, "result input %zu: not a string", i);
      else wpt_field(r, "result input string", v, len, s.data, s.length);
    } else if (cJSON_IsObject(item)) {
      if (!is_init || is_string) {
        wpt_fail(r, "result input %zu: not an init", i);
        continue;
      }
      weburl_pattern_init expected = init_of(item);
      const ada_string *a = &expected.protocol, *b = &got.protocol;
      for (int k = 0; k < 9; k++) {
        if ((a[k].data == NULL) != (b[k].data == NULL) ||
            (a[k].data && !str_eq(b[k], a[k].data, a[k].length)))
          wpt_fail(r, "result input %zu: init member %d is %.*s%s, expected %.*s%s", i, k,
                   (int)b[k].length, b[k].data ? b[k].data : "", b[k].data ? "" : "(absent)",
                   (int)a[k].length, a[k].data ? a[k].data : "", a[k].data ? "" : "(absent)");
      }
    } else {
      wpt_die("an unexpected exec() input", NULL);
    }
  }
}

static void run_case(wpt_report *r, const cJSON *entry, size_t index) {
  const cJSON *pattern_args = cJSON_GetObjectItemCaseSensitive(entry, "pattern");
  const cJSON *inputs = cJSON_GetObjectItemCaseSensitive(entry, "inputs");
  const cJSON *expected_obj = cJSON_GetObjectItemCaseSensitive(entry, "expected_obj");
  const cJSON *expected_match = cJSON_GetObjectItemCaseSensitive(entry, "expected_match");
  const cJSON *empty = cJSON_GetObjectItemCaseSensitive(entry, "exactly_empty_components");
  if (!cJSON_IsArray(pattern_args) || (inputs && !cJSON_IsArray(inputs)))
    wpt_die("a malformed case", NULL);
  char *pattern_text = cJSON_PrintUnformatted(pattern_args);
  char *inputs_text = inputs ? cJSON_PrintUnformatted(inputs) : NULL;
  wpt_case_start(r, "case %zu: pattern %.400s inputs %.300s", index, pattern_text,
                 inputs_text ? inputs_text : "(none)");
  free(pattern_text);
  free(inputs_text);

  bool want_error = cJSON_IsString(expected_obj) && strcmp(expected_obj->valuestring, "error") == 0;
  arguments a;
  read_arguments(pattern_args, &a);
  weburl_pattern *p = NULL;
  if (a.is_init && a.base) {
    /* new URLPattern(init, baseURL): a TypeError (see the top comment). */
    init_with_base_constructors++;
    if (!want_error) wpt_fail(r, "(init, baseURL) throws, but the data expects a pattern");
    return;
  }
  weburl_error *error = NULL;
  p = construct(&a, NULL, &error);
  if (want_error) {
    if (p) {
      wpt_fail(r, "expected a constructor error, got a pattern (pathname %.*s)",
               (int)weburl_pattern_get_component(p, 5).length, weburl_pattern_get_component(p, 5).data);
    } else {
      check_error_value(r, error, "the constructor's error");
    }
    weburl_pattern_free(p);
    weburl_error_free(error);
    return;
  }
  if (!p) {
    ada_string message = weburl_error_message(error);
    wpt_fail(r, "constructor failed: %.*s", (int)message.length, message.data);
    weburl_error_free(error);
    return;
  }
  if (error) wpt_fail(r, "a pattern was made, and an error value too");
  weburl_error_free(error);
  check_pattern(r, p, pattern_args, cJSON_IsObject(expected_obj) ? expected_obj : NULL, empty);

  if (!inputs) {
    if (expected_match) wpt_fail(r, "an expected match without inputs");
    weburl_pattern_free(p);
    return;
  }
  arguments in;
  read_arguments(inputs, &in);
  bool match_error = cJSON_IsString(expected_match) && strcmp(expected_match->valuestring, "error") == 0;
  if (in.is_init && in.base) {
    /* exec(init, baseURL): a TypeError (see the top comment). */
    init_with_base_execs++;
    if (!match_error) wpt_fail(r, "exec(init, baseURL) throws, but the data expects no error");
    weburl_pattern_free(p);
    return;
  }
  if (match_error) {
    wpt_fail(r, "the data expects exec to throw for arguments C can pass");
    weburl_pattern_free(p);
    return;
  }
  weburl_pattern_result *m;
  bool tested;
  if (in.is_init) {
    weburl_pattern_init init = init_of(in.init);
    m = weburl_pattern_exec_init(p, &init);
    tested = weburl_pattern_test_init(p, &init);
  } else {
    m = weburl_pattern_exec(p, in.input, in.input_len, in.base, in.base_len);
    tested = weburl_pattern_test(p, in.input, in.input_len, in.base, in.base_len);
  }
  if (cJSON_IsObject(expected_match)) {
    if (!m) wpt_fail(r, "expected a match, got none");
    else {
      check_result(r, m, expected_match, empty);
      const cJSON *echo = cJSON_GetObjectItemCaseSensitive(expected_match, "inputs");
      check_inputs(r, m, echo ? echo : inputs);
    }
    if (!tested) wpt_fail(r, "test() is false");
  } else {
    if (m) {
      ada_string path = weburl_pattern_result_input(m, 5);
      wpt_fail(r, "expected no match, got one (pathname input %.*s)", (int)path.length, path.data);
    }
    if (tested) wpt_fail(r, "test() is true");
  }
  if (!in.is_init && !in.base) {
    ada_url url = ada_parse(in.input, in.input_len);
    if (ada_is_valid(url)) check_on_url(r, p, url, m, (size_t)index + 1);
    ada_free(url);
  }
  weburl_pattern_result_free(m);
  weburl_pattern_free(p);
}

static bool run_urlpatterntestdata(const char *dir) {
  cJSON *data = wpt_load(dir, "urlpatterntestdata.json");
  wpt_report r;
  wpt_report_start(&r, "urlpatterntestdata.json");
  size_t expected = 0, index = 0;
  const cJSON *entry;
  cJSON_ArrayForEach(entry, data) expected += cJSON_IsObject(entry) ? 1 : 0;
  if (expected != URLPATTERN_CASES) {
    printf("urlpatterntestdata.json: %zu cases, expected %d\n", expected, URLPATTERN_CASES);
    wpt_total_failed++;
  }
  cJSON_ArrayForEach(entry, data) {
    if (cJSON_IsObject(entry)) {
      run_case(&r, entry, index);
      wpt_case_end(&r);
    }
    index++;
  }
  cJSON_Delete(data);
  printf("urlpatterntestdata.json: (init, baseURL) arguments, which C cannot pass and JavaScript "
         "rejects: %zu constructor and %zu exec case(s), checked to expect the error\n",
         init_with_base_constructors, init_with_base_execs);
  return wpt_report_finish(&r, expected) && expected == URLPATTERN_CASES;
}

/* urlpattern-hasregexpgroups.json: has_regexp_groups, and the untrusted limits (no custom
 * regexp groups) refuse exactly the patterns that have them. */
static bool run_hasregexpgroups(const char *dir) {
  cJSON *data = wpt_load(dir, "urlpattern-hasregexpgroups.json");
  wpt_report r;
  wpt_report_start(&r, "urlpattern-hasregexpgroups.json");
  size_t expected = 0;
  const cJSON *entry;
  cJSON_ArrayForEach(entry, data) expected += cJSON_IsObject(entry) ? 1 : 0;
  if (expected != HASREGEXPGROUPS_CASES) {
    printf("urlpattern-hasregexpgroups.json: %zu cases, expected %d\n", expected, HASREGEXPGROUPS_CASES);
    wpt_total_failed++;
  }
  weburl_pattern_limits untrusted = weburl_pattern_limits_untrusted();
  cJSON_ArrayForEach(entry, data) {
    if (!cJSON_IsObject(entry)) continue;
    const cJSON *pattern_args = cJSON_GetObjectItemCaseSensitive(entry, "pattern");
    const cJSON *want = cJSON_GetObjectItemCaseSensitive(entry, "has_regexp_groups");
    if (!cJSON_IsArray(pattern_args) || !cJSON_IsBool(want)) wpt_die("a malformed case", NULL);
    char *text = cJSON_PrintUnformatted(pattern_args);
    wpt_case_start(&r, "pattern %.400s, has_regexp_groups %s", text, cJSON_IsTrue(want) ? "true" : "false");
    free(text);
    arguments a;
    read_arguments(pattern_args, &a);
    if (a.is_init && a.base) wpt_die("an (init, baseURL) case in", "urlpattern-hasregexpgroups.json");
    weburl_error *error = NULL;
    weburl_pattern *p = construct(&a, NULL, &error);
    if (!p) {
      ada_string message = weburl_error_message(error);
      wpt_fail(&r, "constructor failed: %.*s", (int)message.length, message.data);
    } else if (weburl_pattern_has_regexp_groups(p) != cJSON_IsTrue(want)) {
      wpt_fail(&r, "has_regexp_groups: expected %s", cJSON_IsTrue(want) ? "true" : "false");
    }
    weburl_error_free(error);
    error = NULL;
    weburl_pattern *q = construct(&a, &untrusted, &error);
    if (cJSON_IsTrue(want)) {
      if (q) wpt_fail(&r, "the untrusted limits accept a pattern with regexp groups");
      else check_error_value(&r, error, "the untrusted limits' error");
    } else if (!q) {
      ada_string message = weburl_error_message(error);
      wpt_fail(&r, "the untrusted limits refuse a pattern without regexp groups: %.*s",
               (int)message.length, message.data);
    }
    weburl_error_free(error);
    weburl_pattern_free(q);
    weburl_pattern_free(p);
    wpt_case_end(&r);
  }
  cJSON_Delete(data);
  return wpt_report_finish(&r, expected) && expected == HASREGEXPGROUPS_CASES;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "crates/weburl/tests/data/wpt";
  bool ok = true;
  ok &= run_urlpatterntestdata(dir);
  ok &= run_hasregexpgroups(dir);
  wpt_free_strings();
  printf("%zu passed, %zu failed\n", wpt_total_passed, wpt_total_failed);
  return ok && wpt_total_failed == 0 ? 0 : 1;
}
