/*
 * Every function of weburl.h, called from C99 with checks; exits non-zero on the first
 * failure. Built and run against libweburl (and under valgrind, which must find no error
 * and no leak):
 *
 *   cargo build -p weburl-c
 *   cc -std=c99 -Wall -Wextra -Werror -I crates/weburl-c/include \
 *      crates/weburl-c/tests/c/weburl_api.c -L target/debug -lweburl -o target/weburl_api
 *   LD_LIBRARY_PATH=target/debug ./target/weburl_api
 *   LD_LIBRARY_PATH=target/debug valgrind --leak-check=full --error-exitcode=1 ./target/weburl_api
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weburl.h"

static int checks = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        checks++;                                                                \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            exit(1);                                                             \
        }                                                                        \
    } while (0)

/* A C string as (pointer, length). */
#define S(text) (text), strlen(text)

/* Whether a borrowed string holds exactly `text` (NULL `text`: the string is {NULL, 0}). */
static int eq(ada_string s, const char *text) {
    if (text == NULL) {
        return s.data == NULL && s.length == 0;
    }
    return s.data != NULL && s.length == strlen(text) && memcmp(s.data, text, s.length) == 0;
}

/* Whether an owned string holds `text`; frees it. */
static int owned_eq(ada_owned_string s, const char *text) {
    int same;
    if (text == NULL) {
        same = s.data == NULL;
    } else {
        same = s.data != NULL && s.length == strlen(text) && memcmp(s.data, text, s.length) == 0
               && s.data[s.length] == '\0';
    }
    ada_free_owned_string(s);
    return same;
}

/* The error's name is `name`; frees it. */
static int error_is(weburl_error *error, const char *name) {
    int same = error != NULL && eq(weburl_error_name(error), name);
    weburl_error_free(error);
    return same;
}

static weburl_pattern *pattern(const char *input) {
    weburl_error *error = NULL;
    weburl_pattern *p = weburl_pattern_new(S(input), NULL, 0, false, NULL, &error);
    CHECK(p != NULL && error == NULL);
    return p;
}

static void errors_and_patterns(void) {
    weburl_error *error = NULL;

    /* A constructor string, its components and its match. */
    weburl_pattern *p = pattern("https://{*.}?example.com/books/:id/:rest?");
    CHECK(eq(weburl_pattern_get_component(p, WEBURL_PATTERN_PROTOCOL), "https"));
    CHECK(eq(weburl_pattern_get_component(p, WEBURL_PATTERN_HOSTNAME), "{*.}?example.com"));
    CHECK(eq(weburl_pattern_get_component(p, WEBURL_PATTERN_PATHNAME), "/books/:id/:rest?"));
    CHECK(eq(weburl_pattern_get_component(p, WEBURL_PATTERN_PORT), ""));
    CHECK(eq(weburl_pattern_get_component(p, 8), ""));
    CHECK(!weburl_pattern_has_regexp_groups(p));
    CHECK(weburl_pattern_test(p, S("https://a.example.com/books/7"), NULL, 0));
    CHECK(!weburl_pattern_test(p, S("https://a.example.org/books/7"), NULL, 0));
    CHECK(weburl_pattern_test(p, S("/books/7"), S("https://example.com/")));

    weburl_pattern_result *r = weburl_pattern_exec(p, S("https://a.example.com/books/7"), NULL, 0);
    CHECK(r != NULL);
    CHECK(eq(weburl_pattern_result_input(r, WEBURL_PATTERN_PATHNAME), "/books/7"));
    CHECK(eq(weburl_pattern_result_input(r, WEBURL_PATTERN_HOSTNAME), "a.example.com"));
    CHECK(weburl_pattern_result_group_count(r, WEBURL_PATTERN_PATHNAME) == 2);
    CHECK(eq(weburl_pattern_result_group_name(r, WEBURL_PATTERN_PATHNAME, 0), "id"));
    CHECK(eq(weburl_pattern_result_group_name(r, WEBURL_PATTERN_PATHNAME, 1), "rest"));
    ada_string value;
    CHECK(weburl_pattern_result_group(r, WEBURL_PATTERN_PATHNAME, 0, &value) == WEBURL_GROUP_MATCHED);
    CHECK(eq(value, "7"));
    CHECK(weburl_pattern_result_group(r, WEBURL_PATTERN_PATHNAME, 1, &value) == WEBURL_GROUP_UNMATCHED);
    CHECK(eq(value, NULL));
    CHECK(weburl_pattern_result_group(r, WEBURL_PATTERN_PATHNAME, 2, &value) == WEBURL_GROUP_NOT_FOUND);
    CHECK(weburl_pattern_result_group_by_name(r, WEBURL_PATTERN_PATHNAME, S("id"), &value) == WEBURL_GROUP_MATCHED);
    CHECK(eq(value, "7"));
    CHECK(weburl_pattern_result_group_by_name(r, WEBURL_PATTERN_PATHNAME, S("rest"), NULL) == WEBURL_GROUP_UNMATCHED);
    CHECK(weburl_pattern_result_group_by_name(r, WEBURL_PATTERN_HOSTNAME, S("0"), &value) == WEBURL_GROUP_MATCHED);
    CHECK(eq(value, "a"));
    CHECK(weburl_pattern_result_group_by_name(r, WEBURL_PATTERN_HOSTNAME, S("x"), &value) == WEBURL_GROUP_NOT_FOUND);
    CHECK(weburl_pattern_result_input_count(r) == 1);
    CHECK(weburl_pattern_result_input_string(r, 0, &value) && eq(value, "https://a.example.com/books/7"));
    CHECK(!weburl_pattern_result_input_init(r, 0, NULL));
    weburl_pattern_result_free(r);

    /* An input and a base: two inputs. */
    r = weburl_pattern_exec(p, S("/books/8"), S("https://example.com/"));
    CHECK(r != NULL && weburl_pattern_result_input_count(r) == 2);
    CHECK(weburl_pattern_result_input_string(r, 1, &value) && eq(value, "https://example.com/"));
    weburl_pattern_result_free(r);
    CHECK(weburl_pattern_exec(p, S("https://example.org/books/8"), NULL, 0) == NULL);

    /* An init input, and a parsed URL. */
    weburl_pattern_init input;
    memset(&input, 0, sizeof input);
    input.protocol = (ada_string){"https", 5};
    input.hostname = (ada_string){"example.com", 11};
    input.pathname = (ada_string){"/books/9/more", 13};
    CHECK(weburl_pattern_test_init(p, &input));
    r = weburl_pattern_exec_init(p, &input);
    CHECK(r != NULL);
    CHECK(weburl_pattern_result_group_by_name(r, WEBURL_PATTERN_PATHNAME, S("rest"), &value) == WEBURL_GROUP_MATCHED);
    CHECK(eq(value, "more"));
    weburl_pattern_init echoed;
    CHECK(weburl_pattern_result_input_init(r, 0, &echoed));
    CHECK(eq(echoed.pathname, "/books/9/more") && eq(echoed.search, NULL));
    CHECK(!weburl_pattern_result_input_string(r, 0, &value) && eq(value, NULL));
    weburl_pattern_result_free(r);
    CHECK(!weburl_pattern_test_init(p, NULL));
    CHECK(weburl_pattern_exec_init(p, NULL) == NULL);

    ada_url url = ada_parse(S("https://www.example.com/books/10"));
    CHECK(weburl_pattern_test_url(p, url));
    r = weburl_pattern_exec_url(p, url);
    CHECK(r != NULL);
    CHECK(weburl_pattern_result_group(r, WEBURL_PATTERN_PATHNAME, 0, &value) == WEBURL_GROUP_MATCHED && eq(value, "10"));
    weburl_pattern_result_free(r);
    ada_free(url);
    url = ada_parse(S("not a url"));
    CHECK(!weburl_pattern_test_url(p, url));
    CHECK(weburl_pattern_exec_url(p, url) == NULL);
    ada_free(url);
    weburl_pattern_free(p);

    /* An init pattern with ignore_case and a regexp group; the empty init. */
    weburl_pattern_init init;
    memset(&init, 0, sizeof init);
    init.pathname = (ada_string){"/Books/:id(\\d+)", 15};
    p = weburl_pattern_new_init(&init, true, NULL, &error);
    CHECK(p != NULL && error == NULL);
    CHECK(weburl_pattern_has_regexp_groups(p));
    CHECK(eq(weburl_pattern_get_component(p, WEBURL_PATTERN_PROTOCOL), "*"));
    CHECK(weburl_pattern_test(p, S("ftp://x/books/12"), NULL, 0));
    CHECK(!weburl_pattern_test(p, S("ftp://x/books/x"), NULL, 0));
    weburl_pattern_free(p);
    p = weburl_pattern_new_init(NULL, false, NULL, NULL);
    CHECK(p != NULL && weburl_pattern_test_init(p, NULL));
    r = weburl_pattern_exec_init(p, NULL);
    CHECK(r != NULL && weburl_pattern_result_input_count(r) == 1);
    CHECK(weburl_pattern_result_input_init(r, 0, &echoed) && eq(echoed.protocol, NULL));
    weburl_pattern_result_free(r);
    weburl_pattern_free(p);

    /* Errors: name, message (NUL-terminated), component, offset. */
    init.pathname = (ada_string){"/books/:id(", 11};
    p = weburl_pattern_new_init(&init, false, NULL, &error);
    CHECK(p == NULL && error != NULL);
    CHECK(eq(weburl_error_name(error), "pattern-tokenize"));
    ada_string message = weburl_error_message(error);
    CHECK(message.length > 0 && message.data[message.length] == '\0' && strstr(message.data, "pathname") != NULL);
    CHECK(weburl_error_component(error) == WEBURL_PATTERN_PATHNAME);
    CHECK(weburl_error_offset(error) == 10);
    weburl_error_free(error);

    CHECK(weburl_pattern_new(S("/books"), NULL, 0, false, NULL, &error) == NULL);
    CHECK(weburl_error_offset(error) == SIZE_MAX && weburl_error_component(error) == -1);
    CHECK(error_is(error, "pattern-missing-base-url"));
    CHECK(weburl_pattern_new(S("/a"), S("nope"), false, NULL, &error) == NULL);
    CHECK(error_is(error, "pattern-invalid-base-url"));

    weburl_pattern_limits untrusted = weburl_pattern_limits_untrusted();
    CHECK(!untrusted.allow_regexp_groups && untrusted.max_length == 8192);
    weburl_pattern_limits none = weburl_pattern_limits_none();
    CHECK(none.allow_regexp_groups && none.max_length == SIZE_MAX);
    CHECK(weburl_pattern_new(S("https://h/:id(\\d+)"), NULL, 0, false, &untrusted, &error) == NULL);
    CHECK(weburl_error_component(error) == WEBURL_PATTERN_PATHNAME);
    CHECK(error_is(error, "pattern-regexp-groups-refused"));
    p = weburl_pattern_new(S("https://h/:id(\\d+)"), NULL, 0, false, &none, &error);
    CHECK(p != NULL && error == NULL);
    weburl_pattern_free(p);

    const char bad[] = {'h', (char)0xff};
    CHECK(weburl_pattern_new(bad, 2, NULL, 0, false, NULL, &error) == NULL);
    CHECK(error_is(error, "not-utf8"));
    CHECK(weburl_pattern_new(bad, 2, NULL, 0, false, NULL, NULL) == NULL);

    /* NULL everywhere: answers, no crash. */
    CHECK(!weburl_pattern_test(NULL, S("https://h/"), NULL, 0));
    CHECK(weburl_pattern_exec(NULL, S("https://h/"), NULL, 0) == NULL);
    CHECK(!weburl_pattern_test_url(NULL, NULL));
    CHECK(!weburl_pattern_has_regexp_groups(NULL));
    CHECK(eq(weburl_pattern_get_component(NULL, 0), ""));
    CHECK(weburl_pattern_result_group_count(NULL, 0) == 0);
    CHECK(eq(weburl_pattern_result_input(NULL, 0), ""));
    CHECK(weburl_pattern_result_input_count(NULL) == 0);
    CHECK(eq(weburl_error_name(NULL), "") && eq(weburl_error_message(NULL), ""));
    CHECK(weburl_error_component(NULL) == -1 && weburl_error_offset(NULL) == SIZE_MAX);
    weburl_error_free(NULL);
    weburl_pattern_free(NULL);
    weburl_pattern_result_free(NULL);
}

/* A pattern within `limits`. */
static weburl_pattern *limited(const char *input, const weburl_pattern_limits *limits) {
    weburl_error *error = NULL;
    weburl_pattern *p = weburl_pattern_new(S(input), NULL, 0, false, limits, &error);
    CHECK(p != NULL && error == NULL);
    return p;
}

/* `https://h/` and `count` times `a`, in `buffer`. */
static const char *as_url(char *buffer, size_t count) {
    strcpy(buffer, "https://h/");
    memset(buffer + 10, 'a', count);
    buffer[10 + count] = '\0';
    return buffer;
}

/* The error is `pattern-steps-exhausted` in the pathname; frees it. */
static int steps_exhausted(weburl_error *error) {
    int ok = error != NULL && weburl_error_component(error) == WEBURL_PATTERN_PATHNAME
             && weburl_error_offset(error) == SIZE_MAX;
    return error_is(error, "pattern-steps-exhausted") && ok;
}

/* A regexp group that needs the backtracking matcher (a lookahead) and takes it exponential
 * time on `aaa...` without the `b`: the try forms report the exhausted step budget, the
 * others answer no match, and the budget is the one the limits gave. */
static void regexp_step_budget(void) {
    weburl_error *error = NULL;
    char text[128];
    weburl_pattern_limits none = weburl_pattern_limits_none();
    CHECK(none.allow_backtracking_regexps && none.max_regexp_steps == 10000000);
    CHECK(weburl_pattern_limits_untrusted().max_regexp_steps == 1000000);
    weburl_pattern_limits small = none;
    small.max_regexp_steps = 1000;
    const char *hostile = "https://h/:x((?=a)(?:a*)*b)";
    weburl_pattern *p = limited(hostile, &small);

    const char *long_one = as_url(text, 40);
    CHECK(!weburl_pattern_test(p, S(long_one), NULL, 0));
    CHECK(weburl_pattern_exec(p, S(long_one), NULL, 0) == NULL);
    CHECK(weburl_pattern_try_test(p, S(long_one), NULL, 0, &error) == WEBURL_MATCH_ERROR);
    CHECK(strstr(weburl_error_message(error).data, "1000 steps") != NULL);
    CHECK(steps_exhausted(error));
    CHECK(weburl_pattern_try_exec(p, S(long_one), NULL, 0, &error) == NULL);
    CHECK(steps_exhausted(error));
    ada_url url = ada_parse(S(long_one));
    CHECK(!weburl_pattern_test_url(p, url));
    CHECK(weburl_pattern_try_test_url(p, url, &error) == WEBURL_MATCH_ERROR && steps_exhausted(error));
    CHECK(weburl_pattern_try_exec_url(p, url, &error) == NULL && steps_exhausted(error));
    weburl_pattern_init init;
    memset(&init, 0, sizeof init);
    init.protocol = (ada_string){"https", 5};
    init.hostname = (ada_string){"h", 1};
    init.pathname = (ada_string){long_one + 9, strlen(long_one) - 9};
    CHECK(!weburl_pattern_test_init(p, &init));
    CHECK(weburl_pattern_try_test_init(p, &init, &error) == WEBURL_MATCH_ERROR && steps_exhausted(error));
    CHECK(weburl_pattern_try_exec_init(p, &init, &error) == NULL && steps_exhausted(error));
    CHECK(weburl_pattern_try_test(p, S(long_one), NULL, 0, NULL) == WEBURL_MATCH_ERROR);

    /* The same pattern answers when it can: a match (with its group), no match. */
    CHECK(weburl_pattern_try_test(p, S("https://h/aab"), NULL, 0, &error) == WEBURL_MATCH_FOUND && error == NULL);
    CHECK(weburl_pattern_try_test(p, S("https://h/b"), NULL, 0, &error) == WEBURL_MATCH_NONE && error == NULL);
    CHECK(weburl_pattern_try_test(p, S("not a url"), NULL, 0, &error) == WEBURL_MATCH_NONE && error == NULL);
    weburl_pattern_result *r = weburl_pattern_try_exec(p, S("https://h/aab"), NULL, 0, &error);
    ada_string value;
    CHECK(r != NULL && error == NULL);
    CHECK(weburl_pattern_result_group_by_name(r, WEBURL_PATTERN_PATHNAME, S("x"), &value) == WEBURL_GROUP_MATCHED && eq(value, "aab"));
    weburl_pattern_result_free(r);

    /* The budget is the limits': 12 `a` take more than 1000 steps, fewer than the default
     * (0 means the default). */
    weburl_pattern_limits zero = none;
    zero.max_regexp_steps = 0;
    weburl_pattern *default_budget = limited(hostile, &zero);
    const char *shorter = as_url(text + 64, 12);
    CHECK(weburl_pattern_try_test(default_budget, S(shorter), NULL, 0, &error) == WEBURL_MATCH_NONE && error == NULL);
    CHECK(weburl_pattern_try_test(p, S(shorter), NULL, 0, &error) == WEBURL_MATCH_ERROR && steps_exhausted(error));
    weburl_pattern_free(default_budget);
    /* And the default budget runs out on a longer value (NULL limits). */
    weburl_pattern *alternation = pattern("https://h/((?:a|a)*b(?=c))");
    CHECK(weburl_pattern_try_test(alternation, S(as_url(text, 64)), NULL, 0, &error) == WEBURL_MATCH_ERROR);
    CHECK(steps_exhausted(error));
    CHECK(!weburl_pattern_test(alternation, S(text), NULL, 0));
    weburl_pattern_free(alternation);

    /* A set: the hostile route comes first (and is more specific than `*`), so the try
     * lookups cannot answer, where the others skip it. */
    weburl_pattern_set *set = weburl_pattern_set_new();
    weburl_pattern *any = pattern("https://h/*");
    CHECK(weburl_pattern_set_insert(set, p, 10) && weburl_pattern_set_insert(set, any, 11));
    weburl_pattern_set_match *m = weburl_pattern_set_match_new();
    CHECK(weburl_pattern_set_first_match(set, url, m) && weburl_pattern_set_match_value(m) == 11);
    CHECK(weburl_pattern_set_try_first_match(set, url, m, &error) == WEBURL_MATCH_ERROR && steps_exhausted(error));
    CHECK(weburl_pattern_set_match_index(m) == SIZE_MAX && weburl_pattern_set_match_group_count(m) == 0);
    CHECK(weburl_pattern_set_best_match(set, url, m) && weburl_pattern_set_match_value(m) == 11);
    CHECK(weburl_pattern_set_try_best_match(set, url, m, &error) == WEBURL_MATCH_ERROR && steps_exhausted(error));
    size_t values[2] = {0, 0};
    CHECK(weburl_pattern_set_matches(set, url, values, 2) == 1 && values[0] == 11);
    CHECK(weburl_pattern_set_try_matches(set, url, values, 2, &error) == SIZE_MAX && steps_exhausted(error));
    ada_free(url);
    url = ada_parse(S("https://h/aab"));
    CHECK(weburl_pattern_set_try_first_match(set, url, m, &error) == WEBURL_MATCH_FOUND && error == NULL);
    CHECK(weburl_pattern_set_match_index(m) == 0 && weburl_pattern_set_match_value(m) == 10);
    CHECK(weburl_pattern_set_match_group_by_name(m, WEBURL_PATTERN_PATHNAME, S("x"), &value) == WEBURL_GROUP_MATCHED);
    CHECK(eq(value, "aab") && value.data == ada_get_href(url).data + 10);
    CHECK(weburl_pattern_set_try_best_match(set, url, m, &error) == WEBURL_MATCH_FOUND && error == NULL);
    CHECK(weburl_pattern_set_match_value(m) == 10);
    CHECK(weburl_pattern_set_try_matches(set, url, values, 2, &error) == 2 && error == NULL);
    CHECK(values[0] == 10 && values[1] == 11);
    ada_free(url);
    url = ada_parse(S("not a url"));
    CHECK(weburl_pattern_set_try_first_match(set, url, m, &error) == WEBURL_MATCH_NONE && error == NULL);
    CHECK(weburl_pattern_set_try_first_match(NULL, url, m, &error) == WEBURL_MATCH_ERROR);
    CHECK(error_is(error, "invalid-argument"));
    CHECK(weburl_pattern_set_try_best_match(set, url, NULL, &error) == WEBURL_MATCH_ERROR);
    CHECK(error_is(error, "invalid-argument"));
    CHECK(weburl_pattern_set_try_matches(NULL, url, NULL, 0, &error) == SIZE_MAX);
    CHECK(error_is(error, "invalid-argument"));
    ada_free(url);
    weburl_pattern_set_match_free(m);
    weburl_pattern_set_free(set);
    weburl_pattern_free(any);
    weburl_pattern_free(p);

    /* NULL pattern, text that is not UTF-8. */
    CHECK(weburl_pattern_try_test(NULL, S("https://h/"), NULL, 0, &error) == WEBURL_MATCH_ERROR);
    CHECK(error_is(error, "invalid-argument"));
    const char bad[] = {'h', (char)0xff};
    p = pattern("https://h/*");
    CHECK(weburl_pattern_try_test(p, bad, 2, NULL, 0, &error) == WEBURL_MATCH_ERROR && error_is(error, "not-utf8"));
    CHECK(weburl_pattern_try_exec(p, S("https://h/"), bad, 2, &error) == NULL && error_is(error, "not-utf8"));
    weburl_pattern_free(p);

    /* Refusing the regexps that need backtracking, when the pattern is made. */
    weburl_pattern_limits linear_only = none;
    linear_only.allow_backtracking_regexps = false;
    CHECK(weburl_pattern_new(S(hostile), NULL, 0, false, &linear_only, &error) == NULL);
    CHECK(weburl_error_component(error) == WEBURL_PATTERN_PATHNAME);
    CHECK(error_is(error, "pattern-regexp-groups-refused"));
    p = limited("https://h/:x((?:a*)*b)", &linear_only);
    CHECK(weburl_pattern_try_test(p, S(as_url(text, 100)), NULL, 0, &error) == WEBURL_MATCH_NONE && error == NULL);
    weburl_pattern_free(p);
}

static void route_set(void) {
    static const char *routes[] = {
        "https://api.github.com/repos/:owner/:repo",
        "https://api.github.com/repos/:owner/:repo/issues/:number",
        "https://api.github.com/repos/:owner/:repo/pulls{/:number}?/comments",
        "https://api.github.com/*",
    };
    weburl_pattern_set *set = weburl_pattern_set_new();
    for (size_t i = 0; i < 4; i++) {
        weburl_pattern *p = pattern(routes[i]);
        CHECK(weburl_pattern_set_insert(set, p, 100 + i));
        weburl_pattern_free(p); /* the set holds a copy */
    }
    CHECK(!weburl_pattern_set_insert(set, NULL, 1));
    CHECK(weburl_pattern_set_size(set) == 4);

    weburl_pattern_set_match *m = weburl_pattern_set_match_new();
    ada_url url = ada_parse(S("https://api.github.com/repos/rust-lang/rust/issues/42"));
    CHECK(weburl_pattern_set_first_match(set, url, m));
    CHECK(weburl_pattern_set_match_value(m) == 101);
    CHECK(weburl_pattern_set_match_index(m) == 1);
    ada_string value;
    CHECK(weburl_pattern_set_match_group_by_name(m, WEBURL_PATTERN_PATHNAME, S("number"), &value) == WEBURL_GROUP_MATCHED);
    CHECK(eq(value, "42"));
    /* A span of the URL's href: no copy. */
    ada_string href = ada_get_href(url);
    CHECK(value.data >= href.data && value.data + value.length <= href.data + href.length);
    CHECK(weburl_pattern_set_match_group_by_name(m, WEBURL_PATTERN_HOSTNAME, S("owner"), &value) == WEBURL_GROUP_NOT_FOUND);
    size_t found_pathname = 0;
    for (size_t i = 0; i < weburl_pattern_set_match_group_count(m); i++) {
        weburl_pattern_component component;
        ada_string name;
        CHECK(weburl_pattern_set_match_group(m, i, &component, &name, &value) == WEBURL_GROUP_MATCHED);
        if (component == WEBURL_PATTERN_PATHNAME) {
            found_pathname++;
            CHECK(eq(name, "owner") || eq(name, "repo") || eq(name, "number"));
        }
    }
    CHECK(found_pathname == 3);
    CHECK(weburl_pattern_set_match_group(m, 99, NULL, NULL, &value) == WEBURL_GROUP_NOT_FOUND && eq(value, NULL));
    ada_free(url);

    /* An optional group that did not take part; every match. */
    url = ada_parse(S("https://api.github.com/repos/a/b/pulls/comments"));
    CHECK(weburl_pattern_set_first_match(set, url, m));
    CHECK(weburl_pattern_set_match_value(m) == 102);
    CHECK(weburl_pattern_set_match_group_by_name(m, WEBURL_PATTERN_PATHNAME, S("number"), &value) == WEBURL_GROUP_UNMATCHED);
    CHECK(eq(value, NULL));
    size_t values[4] = {0, 0, 0, 0};
    CHECK(weburl_pattern_set_matches(set, url, values, 4) == 2);
    CHECK(values[0] == 102 && values[1] == 103);
    CHECK(weburl_pattern_set_matches(set, url, NULL, 0) == 2);
    ada_free(url);

    /* No match; an invalid URL; NULLs. */
    url = ada_parse(S("https://example.com/"));
    CHECK(!weburl_pattern_set_first_match(set, url, m));
    CHECK(weburl_pattern_set_match_index(m) == SIZE_MAX && weburl_pattern_set_match_value(m) == 0);
    CHECK(weburl_pattern_set_match_group_count(m) == 0);
    ada_free(url);
    url = ada_parse(S("http://[::1"));
    CHECK(!weburl_pattern_set_first_match(set, url, m));
    CHECK(weburl_pattern_set_matches(set, url, values, 4) == 0);
    ada_free(url);
    CHECK(!weburl_pattern_set_first_match(NULL, NULL, NULL));
    CHECK(weburl_pattern_set_size(NULL) == 0);
    CHECK(weburl_pattern_set_match_group_count(NULL) == 0);
    weburl_pattern_set_match_free(m);
    weburl_pattern_set_free(set);
    weburl_pattern_set_match_free(NULL);
    weburl_pattern_set_free(NULL);
}

/* The most specific route against the first: routes in an order where the first match is
   the catch-all; a fixed hostname beats a wildcard one whatever the pathnames. */
static void route_set_best_match(void) {
    static const char *routes[] = {
        "https://example.com/*",
        "https://example.com/books/:id",
        "https://example.com/books/new",
        "https://*.example.com/books/new",
        "https://admin.example.com/*",
    };
    static const struct {
        const char *url;
        size_t first, best;
    } cases[] = {
        {"https://example.com/books/new", 0, 2},
        {"https://example.com/books/7", 0, 1},
        {"https://example.com/about", 0, 0},
        {"https://www.example.com/books/new", 3, 3},
        {"https://admin.example.com/books/new", 3, 4},
    };
    weburl_pattern_set *set = weburl_pattern_set_new();
    for (size_t i = 0; i < 5; i++) {
        weburl_pattern *p = pattern(routes[i]);
        CHECK(weburl_pattern_set_insert(set, p, 100 + i));
        weburl_pattern_free(p);
    }
    weburl_pattern_set_match *m = weburl_pattern_set_match_new();
    for (size_t i = 0; i < 5; i++) {
        ada_url url = ada_parse(cases[i].url, strlen(cases[i].url));
        CHECK(weburl_pattern_set_first_match(set, url, m));
        CHECK(weburl_pattern_set_match_index(m) == cases[i].first);
        CHECK(weburl_pattern_set_best_match(set, url, m));
        CHECK(weburl_pattern_set_match_index(m) == cases[i].best);
        CHECK(weburl_pattern_set_match_value(m) == 100 + cases[i].best);
        ada_free(url);
    }
    ada_string value;
    ada_url url = ada_parse(S("https://example.com/books/7"));
    CHECK(weburl_pattern_set_best_match(set, url, m));
    CHECK(weburl_pattern_set_match_group_by_name(m, WEBURL_PATTERN_PATHNAME, S("id"), &value) == WEBURL_GROUP_MATCHED);
    CHECK(eq(value, "7"));
    ada_free(url);
    url = ada_parse(S("https://example.org/"));
    CHECK(!weburl_pattern_set_best_match(set, url, m));
    CHECK(weburl_pattern_set_match_index(m) == SIZE_MAX && weburl_pattern_set_match_group_count(m) == 0);
    ada_free(url);
    CHECK(!weburl_pattern_set_best_match(NULL, NULL, NULL));
    weburl_pattern_set_match_free(m);
    weburl_pattern_set_free(set);
}

static void validation_and_encodings(void) {
    weburl_error *error = NULL;
    ada_url bad = ada_parse(S("http://a:99999"));
    CHECK(eq(weburl_url_error_name(bad), "port-out-of-range"));
    ada_free(bad);
    ada_url good = ada_parse(S("https://example.com/"));
    CHECK(eq(weburl_url_error_name(good), ""));
    ada_free(good);
    CHECK(eq(weburl_url_error_name(NULL), ""));

    weburl_validation *v = weburl_validate(S("https://u@example.org/a b"), NULL, 0, &error);
    CHECK(v != NULL && error == NULL);
    CHECK(weburl_validation_parsed(v) && !weburl_validation_valid(v));
    CHECK(weburl_validation_count(v) == 2);
    weburl_validation_error e;
    CHECK(weburl_validation_get(v, 0, &e));
    CHECK(eq(e.name, "invalid-credentials") && e.offset == 9 && !e.failure);
    CHECK(eq(e.message, "the URL contains credentials"));
    CHECK(weburl_validation_get(v, 1, &e) && eq(e.name, "invalid-URL-unit") && e.offset == 23);
    CHECK(!weburl_validation_get(v, 2, &e));
    weburl_validation_free(v);
    v = weburl_validate(S("/a"), S("https://example.com/"), &error);
    CHECK(weburl_validation_parsed(v) && weburl_validation_valid(v) && weburl_validation_count(v) == 0);
    weburl_validation_free(v);
    v = weburl_validate(S("http://[::1"), NULL, 0, NULL);
    CHECK(!weburl_validation_parsed(v) && weburl_validation_get(v, 0, &e));
    weburl_validation_free(v);
    CHECK(weburl_validate(S("/a"), S("nope"), &error) == NULL);
    CHECK(error_is(error, "missing-scheme-non-relative-URL"));
    CHECK(weburl_validation_count(NULL) == 0 && !weburl_validation_parsed(NULL) && !weburl_validation_valid(NULL));
    weburl_validation_free(NULL);

    ada_url url = weburl_parse_with_encoding(S("http://h/?\xc3\xa9"), NULL, 0, S("windows-1252"), &error);
    CHECK(error == NULL && ada_is_valid(url) && eq(ada_get_href(url), "http://h/?%E9"));
    ada_free(url);
    url = weburl_parse_with_encoding(S("?\xe6\x97\xa5"), S("http://h/p"), S("shift_jis"), &error);
    CHECK(eq(ada_get_href(url), "http://h/p?%93%FA"));
    ada_free(url);
    url = weburl_parse_with_encoding(S("http://h:99999/"), NULL, 0, NULL, 0, &error);
    CHECK(url != NULL && !ada_is_valid(url));
    CHECK(eq(weburl_url_error_name(url), "port-out-of-range"));
    CHECK(error_is(error, "port-out-of-range"));
    ada_free(url);
    url = weburl_parse_with_encoding(S("http://h/"), NULL, 0, S("klingon"), &error);
    CHECK(url == NULL && error_is(error, "unknown-encoding"));
}

static void psl_and_network(void) {
    ada_url url = ada_parse(S("https://a.b.whatwg.github.io:8443/x"));
    CHECK(eq(weburl_public_suffix(url, false), "github.io"));
    CHECK(eq(weburl_public_suffix(url, true), "io"));
    CHECK(eq(weburl_registrable_domain(url, false), "whatwg.github.io"));
    CHECK(eq(weburl_registrable_domain(url, true), "github.io"));
    CHECK(owned_eq(weburl_site(url, false), "https://whatwg.github.io"));
    CHECK(owned_eq(weburl_site(url, true), "https://github.io"));
    CHECK(weburl_address_space(url) == -1);
    weburl_special_block block;
    CHECK(!weburl_url_special_block(url, &block));
    ada_free(url);

    url = ada_parse(S("http://0x7f.1/"));
    CHECK(eq(weburl_public_suffix(url, false), NULL));
    CHECK(eq(weburl_registrable_domain(url, false), NULL));
    CHECK(weburl_address_space(url) == WEBURL_ADDRESS_SPACE_LOOPBACK);
    CHECK(weburl_url_special_block(url, &block) && eq(block.prefix, "127.0.0.0/8"));
    ada_free(url);
    CHECK(eq(weburl_public_suffix(NULL, false), NULL));
    CHECK(owned_eq(weburl_site(NULL, false), NULL));
    CHECK(weburl_address_space(NULL) == -1);

    CHECK(weburl_ip_address_space(S("10.1.2.3")) == WEBURL_ADDRESS_SPACE_LOCAL);
    CHECK(weburl_ip_address_space(S("fe80::1%eth0")) == WEBURL_ADDRESS_SPACE_LOCAL);
    CHECK(weburl_ip_address_space(S("2606:4700::1111")) == WEBURL_ADDRESS_SPACE_PUBLIC);
    CHECK(weburl_ip_address_space(S("::1")) == WEBURL_ADDRESS_SPACE_LOOPBACK);
    CHECK(weburl_ip_address_space(S("example.com")) == -1);
    CHECK(weburl_ip_special_block(S("100.64.1.2"), &block));
    CHECK(eq(block.prefix, "100.64.0.0/10") && eq(block.name, "Shared Address Space") && eq(block.reference, "RFC 6598"));
    CHECK(block.globally_reachable == 0 && block.address_space == WEBURL_ADDRESS_SPACE_LOCAL);
    CHECK(!weburl_ip_special_block(S("8.8.8.8"), &block));
    CHECK(!weburl_ip_special_block(S("nope"), NULL));
}

/* The first rule of a check, or "" when allowed; frees the check (and a taken URL). */
static int check_rule(const weburl_policy *policy, const char *input, const char *rule) {
    weburl_check *c = weburl_policy_check(policy, S(input), NULL, 0);
    int ok;
    if (weburl_check_allowed(c)) {
        ada_url url = weburl_check_take_url(c);
        ok = rule == NULL && ada_is_valid(url) && weburl_check_take_url(c) == NULL
             && weburl_check_reason_count(c) == 0;
        ada_free(url);
    } else {
        ada_string name, message;
        ok = rule != NULL && weburl_check_reason_count(c) > 0
             && weburl_check_reason(c, 0, &name, &message) && eq(name, rule) && message.length > 0
             && weburl_check_take_url(c) == NULL;
    }
    weburl_check_free(c);
    return ok;
}

static void policy(void) {
    weburl_error *error = NULL;
    weburl_policy *p = weburl_policy_new(S("public-web"), &error);
    CHECK(p != NULL && error == NULL);
    CHECK(check_rule(p, "https://example.com/", NULL));
    CHECK(check_rule(p, "ftp://example.com/", "scheme"));
    CHECK(check_rule(p, "http://[::ffff:127.0.0.1]/", "address-space"));
    CHECK(check_rule(p, "https://user:pw@example.com/", "credentials"));
    CHECK(check_rule(p, "http://[::1", "unparsable"));
    weburl_check *c = weburl_policy_check(p, S("ftp://u:p@[::1]/"), NULL, 0);
    CHECK(weburl_check_reason_count(c) == 3);
    ada_string rule;
    CHECK(weburl_check_reason(c, 2, &rule, NULL) && eq(rule, "address-space"));
    CHECK(!weburl_check_reason(c, 3, &rule, NULL));
    weburl_check_free(c);
    c = weburl_policy_check(p, S("/hook"), S("https://example.com/"));
    CHECK(weburl_check_allowed(c));
    ada_url url = weburl_check_take_url(c);
    CHECK(eq(ada_get_href(url), "https://example.com/hook"));
    ada_free(url);
    weburl_check_free(c);

    CHECK(weburl_policy_allow_schemes(p, S("https"), &error) && error == NULL);
    CHECK(check_rule(p, "http://example.com/", "scheme"));
    const uint16_t ports[] = {443, 8443};
    CHECK(weburl_policy_allow_ports(p, ports, 2));
    CHECK(check_rule(p, "https://example.com:444/", "port"));
    CHECK(weburl_policy_allow_ports(p, NULL, 0));
    CHECK(check_rule(p, "https://example.com:444/", NULL));
    CHECK(weburl_policy_deny_address_spaces(p, S("loopback"), &error));
    CHECK(check_rule(p, "https://10.0.0.1/", NULL));
    CHECK(!weburl_policy_deny_address_spaces(p, S("private"), &error));
    CHECK(error_is(error, "unknown-address-space"));
    CHECK(weburl_policy_allow_host(p, S("*.example.com"), &error));
    CHECK(check_rule(p, "https://example.org/", "host-not-allowed"));
    CHECK(weburl_policy_deny_host(p, S("db.example.com"), &error));
    CHECK(check_rule(p, "https://db.example.com/", "host-denied"));
    CHECK(!weburl_policy_deny_host(p, S("exa mple.com"), &error));
    CHECK(error_is(error, "policy-bad-host"));
    CHECK(weburl_policy_allow_credentials(p, true));
    CHECK(check_rule(p, "https://u@a.example.com/", NULL));
    CHECK(weburl_policy_require_engine_agreement(p, false));
    CHECK(check_rule(p, "https:a.example.com/", NULL));
    CHECK(weburl_policy_require_historical_engine_agreement(p, true));
    CHECK(check_rule(p, "https://a.example.com?x", "engines-disagree"));
    weburl_policy_free(p);

    p = weburl_policy_new(S("none"), &error);
    CHECK(check_rule(p, "ftp://u@127.0.0.1:21/", NULL));
    CHECK(weburl_policy_allow_site(p, S("example.co.uk"), &error));
    CHECK(check_rule(p, "https://co.uk/", "site-not-allowed"));
    url = ada_parse(S("https://www.example.co.uk/a"));
    c = weburl_policy_check_url(p, url);
    CHECK(weburl_check_allowed(c));
    weburl_check_free(c); /* frees the URL it did not hand out */
    CHECK(weburl_policy_deny_site(p, S("example.co.uk"), &error));
    c = weburl_policy_check_url(p, url);
    CHECK(!weburl_check_allowed(c) && weburl_check_reason(c, 0, &rule, NULL) && eq(rule, "site-denied"));
    weburl_check_free(c);
    ada_free(url);
    weburl_policy_free(p);

    CHECK(weburl_policy_new(S("strict"), &error) == NULL && error_is(error, "unknown-preset"));
    CHECK(weburl_policy_check(NULL, S("https://a/"), NULL, 0) == NULL);
    CHECK(weburl_policy_check_url(NULL, NULL) == NULL);
    CHECK(!weburl_check_allowed(NULL) && weburl_check_take_url(NULL) == NULL && weburl_check_reason_count(NULL) == 0);
    weburl_check_free(NULL);
    weburl_policy_free(NULL);
}

static void normalize(void) {
    weburl_error *error = NULL;
    CHECK(owned_eq(weburl_normalize(S("HTTP://Example.COM:80/a/../b?"), NULL, 0, 0, &error), "http://example.com/b?"));
    CHECK(error == NULL);
    CHECK(owned_eq(weburl_normalize(S("http://example.com/%7euser/a%2fb?b=2&a=1&#top"), S("dedup"), 0, &error),
                   "http://example.com/~user/a%2Fb?a=1&b=2"));
    CHECK(owned_eq(weburl_normalize(S("http://example.com/p?b&a#%7etop"), S("dedup"), WEBURL_NORMALIZE_KEEP_FRAGMENT, &error),
                   "http://example.com/p?a&b#~top"));
    CHECK(owned_eq(weburl_normalize(S("https://example.com/docs/index.html"), S("dedup"), WEBURL_NORMALIZE_DROP_INDEX, &error),
                   "https://example.com/docs/"));
    CHECK(owned_eq(weburl_normalize(S("http://www.example.com/do?c=3&b=5&b=2&a=50&d#top"), S("w3lib"), 0, &error),
                   "http://www.example.com/do?a=50&b=2&b=5&c=3&d="));
    CHECK(owned_eq(weburl_normalize(S("https://example.com/?utm_source=x&id=7&fbclid=y"), S("w3lib"), WEBURL_NORMALIZE_STRIP_TRACKING, &error),
                   "https://example.com/?id=7"));
    CHECK(owned_eq(weburl_normalize(S("https://www.Example.com/Path?b=2&a=1"), S("surt"), 0, &error),
                   "com,example)/path?a=1&b=2"));
    CHECK(owned_eq(weburl_normalize(S("nope"), S("spec"), 0, &error), NULL));
    CHECK(error_is(error, "missing-scheme-non-relative-URL"));
    CHECK(owned_eq(weburl_normalize(S("http://h/"), S("canonical"), 0, &error), NULL));
    CHECK(error_is(error, "unknown-profile"));
    CHECK(owned_eq(weburl_surt(S("http://user:pw@www2.archive.org:8080/Goo/?B=1&a=2#frag"), 0, &error),
                   "org,archive:8080)/goo?a=2&b=1"));
    CHECK(owned_eq(weburl_surt(S("::"), 0, &error), NULL));
    CHECK(error_is(error, "missing-scheme-non-relative-URL"));
}

int main(void) {
    const char *version = weburl_get_version();
    CHECK(version != NULL && strlen(version) > 0);
    errors_and_patterns();
    route_set();
    route_set_best_match();
    regexp_step_budget();
    validation_and_encodings();
    psl_and_network();
    policy();
    normalize();
    printf("weburl_api: %d checks passed (weburl %s)\n", checks, version);
    return 0;
}
