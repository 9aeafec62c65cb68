/*
 * The web-platform-tests URL data through ada's C API (ada_c.h), as libweburl implements it:
 * every case of urltestdata.json, setters_tests.json, url-setters-stripping.json and
 * toascii.json, no skip list. The checks are those of the Rust suites (crates/weburl/tests/
 * urltestdata.rs, setters.rs, toascii.rs) that the C API can express.
 *
 * Usage: wpt_url [DATA_DIR]   (default crates/weburl/tests/data/wpt, from the repository root)
 * Prints `FILE: N passed, M failed` per file and `N passed, M failed` for all of them last;
 * exits 1 on any failure, or when a file ran fewer or more cases than it holds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ada_c.h"
#include "wpt_check.h"
#include "wpt_json.h"

/* The case counts of the data files the repository carries (crates/weburl/tests/data/wpt/
 * README.md): a file that reads as fewer cases fails the suite. */
#define URLTESTDATA_CASES 891
#define SETTERS_CASES 278
#define STRIPPING_CASES 260
#define TOASCII_CASES 87

typedef ada_string (*getter_fn)(ada_url);

typedef struct {
  const char *name;
  getter_fn get;
} getter;

/* The getters of WPT's URL objects, except origin (an owned string: origin_of()). */
static const getter GETTERS[] = {
    {"href", ada_get_href},         {"protocol", ada_get_protocol}, {"username", ada_get_username},
    {"password", ada_get_password}, {"host", ada_get_host},         {"hostname", ada_get_hostname},
    {"port", ada_get_port},         {"pathname", ada_get_pathname}, {"search", ada_get_search},
    {"hash", ada_get_hash},
};
#define GETTER_COUNT (sizeof GETTERS / sizeof GETTERS[0])

static const getter *getter_named(const char *name) {
  for (size_t i = 0; i < GETTER_COUNT; i++)
    if (strcmp(GETTERS[i].name, name) == 0) return &GETTERS[i];
  return NULL;
}

/* A URL's state as the API shows it: every getter, the origin, the host and scheme types and
 * the has_* answers, as one string (to compare a URL before and after a refused change). */
static char *url_state(ada_url url) {
  size_t cap = 256, len = 0;
  for (size_t i = 0; i < GETTER_COUNT; i++) cap += GETTERS[i].get(url).length + 1;
  ada_owned_string origin = ada_get_origin(url);
  cap += origin.length;
  char *out = wpt_xmalloc(cap);
  for (size_t i = 0; i < GETTER_COUNT; i++) {
    ada_string s = GETTERS[i].get(url);
    if (s.length) memcpy(out + len, s.data, s.length);
    len += s.length;
    out[len++] = '\x01';
  }
  if (origin.length) memcpy(out + len, origin.data, origin.length);
  len += origin.length;
  ada_free_owned_string(origin);
  len += (size_t)snprintf(out + len, cap - len, "|%d%d|%d%d%d%d%d%d%d%d%d%d",
                          ada_get_host_type(url), ada_get_scheme_type(url), ada_is_valid(url),
                          ada_has_credentials(url), ada_has_empty_hostname(url),
                          ada_has_hostname(url), ada_has_non_empty_username(url),
                          ada_has_non_empty_password(url), ada_has_port(url),
                          ada_has_password(url), ada_has_hash(url), ada_has_search(url));
  (void)len;
  return out;
}

/* Compares the getters present in `expected` (a JSON object) with the URL's. `origin` only
 * when the object has it. */
static void check_getters(wpt_report *r, const cJSON *expected, ada_url url, const char *prefix) {
  char what[128];
  for (size_t i = 0; i < GETTER_COUNT; i++) {
    size_t elen;
    const char *e = wpt_member(expected, GETTERS[i].name, &elen);
    if (!e) continue;
    ada_string got = GETTERS[i].get(url);
    snprintf(what, sizeof what, "%s%s", prefix, GETTERS[i].name);
    wpt_field(r, what, e, elen, got.data, got.length);
  }
  size_t olen;
  const char *origin = wpt_member(expected, "origin", &olen);
  if (origin) {
    ada_owned_string got = ada_get_origin(url);
    snprintf(what, sizeof what, "%sorigin", prefix);
    wpt_field(r, what, origin, olen, got.data, got.length);
    ada_free_owned_string(got);
  }
}

/* Parsing the URL's own href gives the same href (the setters rewrite the serialization and
 * its offsets in place; parsing it again must agree), and ada_copy gives the same URL. */
static void check_reparse(wpt_report *r, ada_url url, const char *what) {
  ada_string href = ada_get_href(url);
  ada_url again = ada_parse(href.data, href.length);
  char label[160];
  if (!ada_is_valid(again)) {
    snprintf(label, sizeof label, "%s: re-parsing the href fails", what);
    wpt_fail(r, "%s", label);
  } else {
    char *a = url_state(url), *b = url_state(again);
    snprintf(label, sizeof label, "%s: the state of the URL parsed from its href", what);
    wpt_field(r, label, a, strlen(a), b, strlen(b));
    free(a);
    free(b);
  }
  ada_free(again);
  ada_url copy = ada_copy(url);
  char *a = url_state(url), *b = url_state(copy);
  snprintf(label, sizeof label, "%s: the state of ada_copy's URL", what);
  wpt_field(r, label, a, strlen(a), b, strlen(b));
  free(a);
  free(b);
  ada_free(copy);
}

/* ada_get_components against the getters, with ada's rules: the href up to protocol_end is the
 * protocol; from pathname_start up to search_start (or hash_start, or the end) the pathname;
 * from search_start the search ("?" alone is an empty search), from hash_start the hash;
 * port is the port's number or ada_url_omitted. */
static void check_components(wpt_report *r, ada_url url) {
  const ada_url_components *c = ada_get_components(url);
  if (!c) {
    wpt_fail(r, "ada_get_components: NULL for a valid URL");
    return;
  }
  ada_string href = ada_get_href(url);
  size_t n = href.length;
  uint32_t path_end = c->search_start != ada_url_omitted ? c->search_start
                      : c->hash_start != ada_url_omitted ? c->hash_start
                                                         : (uint32_t)n;
  uint32_t search_end = c->hash_start != ada_url_omitted ? c->hash_start : (uint32_t)n;
  if (c->protocol_end > n || c->pathname_start > path_end || path_end > n ||
      (c->search_start != ada_url_omitted && c->search_start > search_end) ||
      (c->hash_start != ada_url_omitted && c->hash_start > n)) {
    wpt_fail(r, "ada_get_components: offsets out of order or past the href (%u %u %u %u, length %zu)",
             c->protocol_end, c->pathname_start, c->search_start, c->hash_start, n);
    return;
  }
  ada_string protocol = ada_get_protocol(url), pathname = ada_get_pathname(url);
  wpt_field(r, "href[0, protocol_end)", protocol.data, protocol.length, href.data, c->protocol_end);
  wpt_field(r, "href[pathname_start, search or hash or end)", pathname.data, pathname.length,
            href.data + c->pathname_start, path_end - c->pathname_start);
  ada_string search = ada_get_search(url), hash = ada_get_hash(url);
  if (c->search_start != ada_url_omitted) {
    size_t len = search_end - c->search_start;
    wpt_field(r, "href[search_start, hash or end)", search.data, search.length,
              href.data + c->search_start, len == 1 ? 0 : len);
  } else {
    wpt_check(r, search.length == 0, "search_start omitted, but the search is not empty");
  }
  if (c->hash_start != ada_url_omitted) {
    size_t len = n - c->hash_start;
    wpt_field(r, "href[hash_start, end)", hash.data, hash.length, href.data + c->hash_start,
              len == 1 ? 0 : len);
  } else {
    wpt_check(r, hash.length == 0, "hash_start omitted, but the hash is not empty");
  }
  ada_string port = ada_get_port(url);
  if (c->port == ada_url_omitted) {
    wpt_check(r, port.length == 0, "components.port omitted, but the port is not empty");
  } else {
    char digits[16];
    int len = snprintf(digits, sizeof digits, "%u", c->port);
    wpt_field(r, "components.port", digits, (size_t)len, port.data, port.length);
  }
}

/* The search params of a URL's query, serialized (WPT's url.searchParams.toString()). The
 * URL's searchParams read the query as it is, while ada_parse_search_params (as
 * `new URLSearchParams(string)`) drops one leading "?" of its input: the query is given
 * after a "&", an empty pair that the application/x-www-form-urlencoded parser skips, so
 * that a query that itself starts with "?" keeps it. */
static void check_search_params(wpt_report *r, ada_url url, const char *expected, size_t elen) {
  ada_string search = ada_get_search(url);
  const char *q = search.data;
  size_t qlen = search.length;
  if (qlen && q[0] == '?') {
    q++;
    qlen--;
  }
  char *input = wpt_xmalloc(qlen + 1);
  input[0] = '&';
  if (qlen) memcpy(input + 1, q, qlen);
  ada_url_search_params params = ada_parse_search_params(input, qlen + 1);
  ada_owned_string got = ada_search_params_to_string(params);
  wpt_field(r, "searchParams", expected, elen, got.data, got.length);
  ada_free_owned_string(got);
  ada_free_search_params(params);
  free(input);
}

static const char HREF_SETTER_TARGET[] = "https://example.com/";

static bool run_urltestdata(const char *dir) {
  cJSON *data = wpt_load(dir, "urltestdata.json");
  wpt_report r;
  wpt_report_start(&r, "urltestdata.json");
  size_t expected = 0;
  const cJSON *entry;
  cJSON_ArrayForEach(entry, data) {
    if (cJSON_IsObject(entry) && cJSON_GetObjectItemCaseSensitive(entry, "input")) expected++;
  }
  if (expected != URLTESTDATA_CASES) {
    printf("urltestdata.json: %zu cases, expected %d\n", expected, URLTESTDATA_CASES);
    wpt_total_failed++;
  }
  cJSON_ArrayForEach(entry, data) {
    if (!cJSON_IsObject(entry)) continue; /* a comment */
    size_t ilen, blen;
    const char *input = wpt_member(entry, "input", &ilen);
    if (!input) continue;
    const char *base = wpt_member(entry, "base", &blen);
    bool failure = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(entry, "failure"));
    wpt_case_start(&r, "input %.300s, base %.200s%s", input, base ? base : "null",
                   failure ? " (expected failure)" : "");

    ada_url url = base ? ada_parse_with_base(input, ilen, base, blen) : ada_parse(input, ilen);
    bool can = base ? ada_can_parse_with_base(input, ilen, base, blen) : ada_can_parse(input, ilen);
    if (failure) {
      if (ada_is_valid(url)) {
        ada_string href = ada_get_href(url);
        wpt_fail(&r, "expected failure, actual success with href %.*s", (int)href.length, href.data);
      }
      wpt_check(&r, !can, "can_parse: expected false, actual true");
      if (!base) {
        /* failure.html: setting href to the input fails and leaves the URL as it was. */
        ada_url target = ada_parse(HREF_SETTER_TARGET, strlen(HREF_SETTER_TARGET));
        char *before = url_state(target);
        bool set = ada_set_href(target, input, ilen);
        char *after = url_state(target);
        wpt_check(&r, !set, "ada_set_href(input) on https://example.com/: expected false, actual true");
        wpt_field(&r, "the URL after the refused ada_set_href", before, strlen(before), after,
                  strlen(after));
        free(before);
        free(after);
        ada_free(target);
      }
      /* An invalid URL answers empty strings. */
      wpt_check(&r, ada_get_href(url).length == 0, "an invalid URL's href is not empty");
    } else if (!ada_is_valid(url)) {
      size_t hlen;
      const char *href = wpt_member(entry, "href", &hlen);
      wpt_fail(&r, "expected success with href %s, actual failure", href ? href : "?");
    } else {
      check_getters(&r, entry, url, "");
      size_t slen;
      const char *sp = wpt_member(entry, "searchParams", &slen);
      if (sp) check_search_params(&r, url, sp, slen);
      wpt_check(&r, can, "can_parse: expected true, actual false");
      check_reparse(&r, url, "parsed");
      check_components(&r, url);
    }
    ada_free(url);
    wpt_case_end(&r);
  }
  cJSON_Delete(data);
  return wpt_report_finish(&r, expected) && expected == URLTESTDATA_CASES;
}

/* Runs the setter `name`; returns 1 (true), 0 (false) or -1 (the setter returns nothing). */
static int run_setter(ada_url url, const char *name, const char *value, size_t len) {
  if (strcmp(name, "href") == 0) return ada_set_href(url, value, len);
  if (strcmp(name, "protocol") == 0) return ada_set_protocol(url, value, len);
  if (strcmp(name, "username") == 0) return ada_set_username(url, value, len);
  if (strcmp(name, "password") == 0) return ada_set_password(url, value, len);
  if (strcmp(name, "host") == 0) return ada_set_host(url, value, len);
  if (strcmp(name, "hostname") == 0) return ada_set_hostname(url, value, len);
  if (strcmp(name, "port") == 0) return ada_set_port(url, value, len);
  if (strcmp(name, "pathname") == 0) return ada_set_pathname(url, value, len);
  if (strcmp(name, "search") == 0) {
    ada_set_search(url, value, len);
    return -1;
  }
  if (strcmp(name, "hash") == 0) {
    ada_set_hash(url, value, len);
    return -1;
  }
  wpt_die("unknown setter", name);
  return 0;
}

static bool run_setters(const char *dir, const char *file, size_t known_cases) {
  cJSON *data = wpt_load(dir, file);
  wpt_report r;
  wpt_report_start(&r, file);
  size_t expected = 0;
  const cJSON *group;
  cJSON_ArrayForEach(group, data) {
    if (strcmp(group->string, "comment") == 0) continue;
    if (!cJSON_IsArray(group) || !getter_named(group->string))
      wpt_die("unknown setter key", group->string);
    expected += (size_t)cJSON_GetArraySize(group);
  }
  if (expected != known_cases) {
    printf("%s: %zu cases, expected %zu\n", file, expected, known_cases);
    wpt_total_failed++;
  }
  cJSON_ArrayForEach(group, data) {
    if (strcmp(group->string, "comment") == 0) continue;
    const char *setter = group->string;
    const cJSON *c;
    cJSON_ArrayForEach(c, group) {
      size_t hlen, vlen;
      const char *href = wpt_member(c, "href", &hlen);
      const char *value = wpt_member(c, "new_value", &vlen);
      const cJSON *want = cJSON_GetObjectItemCaseSensitive(c, "expected");
      if (!href || !value || !cJSON_IsObject(want)) wpt_die("a malformed setter case in", file);
      wpt_case_start(&r, "ada_set_%s(%.200s) on %.200s", setter, value, href);
      ada_url url = ada_parse(href, hlen);
      if (!ada_is_valid(url)) {
        wpt_fail(&r, "parsing href: expected success, actual failure");
      } else {
        char *before = url_state(url);
        int result = run_setter(url, setter, value, vlen);
        const cJSON *field;
        cJSON_ArrayForEach(field, want) {
          if (!getter_named(field->string)) wpt_fail(&r, "expected.%s: not a getter", field->string);
        }
        check_getters(&r, want, url, "");
        /* A refused value leaves the URL unchanged; the host setter may set the host and then
         * refuse the port, as the spec's host state does. */
        if (result == 0 && strcmp(setter, "host") != 0) {
          char *after = url_state(url);
          wpt_field(&r, "the URL after the setter returned false", before, strlen(before), after,
                    strlen(after));
          free(after);
        }
        free(before);
        check_reparse(&r, url, "after the setter");
        check_components(&r, url);
      }
      ada_free(url);
      wpt_case_end(&r);
    }
  }
  cJSON_Delete(data);
  return wpt_report_finish(&r, expected) && expected == known_cases;
}

/* Whether a host is an IPv4 address as the host parser writes one (four decimal numbers):
 * ada_idna_to_ascii is IDNA alone and does not parse numbers. */
static bool is_ipv4_serialization(const char *s) {
  int dots = 0;
  for (; *s; s++) {
    if (*s == '.') dots++;
    else if (*s < '0' || *s > '9') return false;
  }
  return dots == 3;
}

static const char SETTER_TARGET[] = "https://x/x";

static bool run_toascii(const char *dir) {
  cJSON *data = wpt_load(dir, "toascii.json");
  wpt_report r;
  wpt_report_start(&r, "toascii.json");
  size_t expected = 0;
  const cJSON *entry;
  cJSON_ArrayForEach(entry, data) {
    size_t len;
    if (cJSON_IsObject(entry) && wpt_member(entry, "input", &len) && len > 0) expected++;
  }
  if (expected != TOASCII_CASES) {
    printf("toascii.json: %zu cases, expected %d\n", expected, TOASCII_CASES);
    wpt_total_failed++;
  }
  cJSON_ArrayForEach(entry, data) {
    if (!cJSON_IsObject(entry)) continue;
    size_t ilen, olen;
    const char *input = wpt_member(entry, "input", &ilen);
    /* As in WPT: an empty input cannot be written as https:///x, so it is not a case. */
    if (!input || ilen == 0) continue;
    const char *output = wpt_member(entry, "output", &olen);
    wpt_case_start(&r, "input %s, output %s", input, output ? output : "null");

    /* 1. Through the URL parser: https://{input}/x. */
    size_t ulen = ilen + 10;
    char *u = wpt_xmalloc(ulen + 1);
    snprintf(u, ulen + 1, "https://%s/x", input);
    ada_url url = ada_parse(u, ulen);
    if (!output) {
      wpt_check(&r, !ada_is_valid(url), "URL form: expected failure, actual success");
    } else if (!ada_is_valid(url)) {
      wpt_fail(&r, "URL form %s: expected host %s, actual failure", u, output);
    } else {
      ada_string host = ada_get_host(url), hostname = ada_get_hostname(url);
      ada_string pathname = ada_get_pathname(url), href = ada_get_href(url);
      wpt_field(&r, "URL form host", output, olen, host.data, host.length);
      wpt_field(&r, "URL form hostname", output, olen, hostname.data, hostname.length);
      wpt_field(&r, "URL form pathname", "/x", 2, pathname.data, pathname.length);
      char *want = wpt_xmalloc(olen + 11);
      int wlen = snprintf(want, olen + 11, "https://%s/x", output);
      wpt_field(&r, "URL form href", want, (size_t)wlen, href.data, href.length);
      free(want);
    }
    ada_free(url);
    free(u);

    /* 2. ada_idna_to_ascii, IDNA's domain to ASCII: for every case whose output is a domain
     * (not an IPv4 address, which the host parser makes of numbers after IDNA). */
    if (output && !is_ipv4_serialization(output)) {
      ada_owned_string ascii = ada_idna_to_ascii(input, ilen);
      wpt_field(&r, "ada_idna_to_ascii", output, olen, ascii.data, ascii.length);
      ada_free_owned_string(ascii);
    }

    /* 3. The host and hostname setters on https://x/x. */
    for (int which = 0; which < 2; which++) {
      const char *name = which == 0 ? "ada_set_host" : "ada_set_hostname";
      ada_url target = ada_parse(SETTER_TARGET, strlen(SETTER_TARGET));
      char *before = url_state(target);
      bool ok = which == 0 ? ada_set_host(target, input, ilen) : ada_set_hostname(target, input, ilen);
      char what[64];
      if (output) {
        if (!ok) wpt_fail(&r, "%s: expected true, actual false", name);
        ada_string host = ada_get_host(target), hostname = ada_get_hostname(target);
        ada_string href = ada_get_href(target);
        snprintf(what, sizeof what, "%s: host", name);
        wpt_field(&r, what, output, olen, host.data, host.length);
        snprintf(what, sizeof what, "%s: hostname", name);
        wpt_field(&r, what, output, olen, hostname.data, hostname.length);
        char *want = wpt_xmalloc(olen + 11);
        int wlen = snprintf(want, olen + 11, "https://%s/x", output);
        snprintf(what, sizeof what, "%s: href", name);
        wpt_field(&r, what, want, (size_t)wlen, href.data, href.length);
        free(want);
        check_reparse(&r, target, name);
      } else {
        if (ok) wpt_fail(&r, "%s: expected false, actual true", name);
        char *after = url_state(target);
        snprintf(what, sizeof what, "%s: the URL after a refused host", name);
        wpt_field(&r, what, before, strlen(before), after, strlen(after));
        free(after);
      }
      free(before);
      ada_free(target);
    }
    wpt_case_end(&r);
  }
  cJSON_Delete(data);
  return wpt_report_finish(&r, expected) && expected == TOASCII_CASES;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "crates/weburl/tests/data/wpt";
  bool ok = true;
  ok &= run_urltestdata(dir);
  ok &= run_setters(dir, "setters_tests.json", SETTERS_CASES);
  ok &= run_setters(dir, "url-setters-stripping.json", STRIPPING_CASES);
  ok &= run_toascii(dir);
  wpt_free_strings();
  printf("%zu passed, %zu failed\n", wpt_total_passed, wpt_total_failed);
  return ok && wpt_total_failed == 0 ? 0 : 1;
}
