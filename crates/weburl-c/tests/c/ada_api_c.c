/* ada_c.h compiled as C99 with every warning an error, and a smoke test of it against
 * libweburl: the header is valid C, and a C program links and runs.
 *
 * Build and run (from the repository root, after `cargo build -p weburl-c`), one line:
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -I crates/weburl-c/include
 *     crates/weburl-c/tests/c/ada_api_c.c -L target/debug -lweburl
 *     -Wl,-rpath,$PWD/target/debug -o /tmp/ada_api_c && /tmp/ada_api_c
 */

#include <stdio.h>
#include <string.h>

#include "ada_c.h"

static int failures = 0;

/* Counted even when NDEBUG turns assert() off. */
#define CHECK(condition)                                                            \
  do {                                                                              \
    if (!(condition)) {                                                             \
      ++failures;                                                                   \
      fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #condition);       \
    }                                                                               \
  } while (0)

static int equals(ada_string s, const char* expected) {
  size_t length = strlen(expected);
  return s.length == length && (length == 0 || memcmp(s.data, expected, length) == 0);
}

static int owned_equals(ada_owned_string s, const char* expected) {
  size_t length = strlen(expected);
  int same = s.length == length && (length == 0 || memcmp(s.data, expected, length) == 0);
  ada_free_owned_string(s);
  return same;
}

int main(void) {
  const char* input = "https://user:pass@example.com:8080/a/../b?q=1#f";
  ada_url url = ada_parse(input, strlen(input));
  const ada_url_components* components;
  ada_url copy;
  ada_url_search_params params;
  ada_strings all;
  ada_url_search_params_entries_iter entries;
  ada_string_pair pair;
  ada_version_components version;
  ada_owned_string ascii;

  CHECK(ada_is_valid(url));
  CHECK(equals(ada_get_href(url), "https://user:pass@example.com:8080/b?q=1#f"));
  CHECK(equals(ada_get_protocol(url), "https:"));
  CHECK(equals(ada_get_username(url), "user"));
  CHECK(equals(ada_get_password(url), "pass"));
  CHECK(equals(ada_get_host(url), "example.com:8080"));
  CHECK(equals(ada_get_hostname(url), "example.com"));
  CHECK(equals(ada_get_port(url), "8080"));
  CHECK(equals(ada_get_pathname(url), "/b"));
  CHECK(equals(ada_get_search(url), "?q=1"));
  CHECK(equals(ada_get_hash(url), "#f"));
  CHECK(owned_equals(ada_get_origin(url), "https://example.com:8080"));
  CHECK(ada_get_host_type(url) == 0);
  CHECK(ada_get_scheme_type(url) == 2);
  CHECK(ada_has_credentials(url) && ada_has_port(url) && ada_has_search(url));

  components = ada_get_components(url);
  CHECK(components != NULL);
  if (components != NULL) {
    CHECK(components->protocol_end == 6);
    CHECK(components->host_start == 17);
    CHECK(components->port == 8080);
    CHECK(components->hash_start != ada_url_omitted);
  }

  copy = ada_copy(url);
  CHECK(ada_set_hostname(copy, "example.org", 11));
  CHECK(ada_set_port(copy, "", 0));
  ada_clear_search(copy);
  ada_clear_hash(copy);
  CHECK(equals(ada_get_href(copy), "https://user:pass@example.org/b"));
  CHECK(equals(ada_get_hostname(url), "example.com"));
  ada_free(copy);
  ada_free(url);

  url = ada_parse("not a url", 9);
  CHECK(url != NULL && !ada_is_valid(url));
  CHECK(ada_get_href(url).length == 0);
  CHECK(ada_get_components(url) == NULL);
  ada_free(url);
  ada_free(NULL);

  CHECK(ada_can_parse("https://a", 9));
  CHECK(!ada_can_parse_with_base("/x", 2, "nope", 4));

  ascii = ada_idna_to_ascii("EXAMPLE.com", 11);
  CHECK(owned_equals(ascii, "example.com"));

  params = ada_parse_search_params("?a=1&b=2&a=3", 12);
  CHECK(ada_search_params_size(params) == 3);
  CHECK(equals(ada_search_params_get(params, "a", 1), "1"));
  all = ada_search_params_get_all(params, "a", 1);
  CHECK(ada_strings_size(all) == 2 && equals(ada_strings_get(all, 1), "3"));
  ada_free_strings(all);
  entries = ada_search_params_get_entries(params);
  pair = ada_search_params_entries_iter_next(entries);
  CHECK(equals(pair.key, "a") && equals(pair.value, "1"));
  ada_free_search_params_entries_iter(entries);
  ada_search_params_sort(params);
  CHECK(owned_equals(ada_search_params_to_string(params), "a=1&a=3&b=2"));
  ada_free_search_params(params);

  CHECK(ada_get_max_input_length() == 0xffffffffu);
  version = ada_get_version_components();
  CHECK(version.major == 4 && strcmp(ada_get_version(), "4.0.0") == 0);

  printf("ada_c.h as C99: %s\n", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
