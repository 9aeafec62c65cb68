/*
 * A program built against an installed libweburl with pkg-config (crates/weburl-c/ci.sh:
 * `cc smoke.c $(pkg-config --cflags --libs weburl)`, and statically with libweburl.a): both
 * headers found under the prefix, the library linked and loaded.
 */
#include <stdio.h>
#include <string.h>

#include <weburl.h>

static int passed = 0, failed = 0;

static void check(int ok, const char *what) {
  if (ok) {
    passed++;
  } else {
    failed++;
    fprintf(stderr, "FAIL: %s\n", what);
  }
}

int main(void) {
  const char *input = "HTTPS://EXAMPLE.com:443/a/./b/../c?q#f";
  ada_url url = ada_parse(input, strlen(input));
  ada_string href = ada_get_href(url);
  check(ada_is_valid(url), "the URL parses");
  check(href.length == 27 && memcmp(href.data, "https://example.com/a/c?q#f", 27) == 0,
        "its href");
  ada_free(url);

  weburl_pattern *p = weburl_pattern_new("https://example.com/books/:id", 29, NULL, 0, false,
                                         NULL, NULL);
  weburl_pattern_result *r = weburl_pattern_exec(p, "https://example.com/books/7", 27, NULL, 0);
  ada_string id = {NULL, 0};
  check(r != NULL && weburl_pattern_result_group_by_name(r, 5, "id", 2, &id) == WEBURL_GROUP_MATCHED &&
            id.length == 1 && id.data[0] == '7',
        "the pattern's group");
  weburl_pattern_result_free(r);
  weburl_pattern_free(p);
  check(strlen(weburl_get_version()) > 0, "weburl_get_version");
  printf("libweburl %s (ada API %s)\n", weburl_get_version(), ada_get_version());
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
