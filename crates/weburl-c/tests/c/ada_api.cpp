// Every function of ada_c.h, called from C++ against libweburl: a program written for ada's
// C API must build and behave the same when linked with -lweburl.
//
// Build and run (from the repository root, after `cargo build -p weburl-c`):
//   c++ -std=c++17 -Wall -Wextra -Werror -pthread -I crates/weburl-c/include
//     crates/weburl-c/tests/c/ada_api.cpp -L target/debug -lweburl
//     -Wl,-rpath,$PWD/target/debug -o /tmp/ada_api && /tmp/ada_api
// (one command line).
//
// One line per group of checks; the exit status is the number of failed checks (capped).

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

extern "C" {
#include "ada_c.h"
}

static int failures = 0;
static int checks = 0;

// Counted even when NDEBUG turns assert() off.
#define CHECK(condition)                                                   \
  do {                                                                     \
    ++checks;                                                              \
    if (!(condition)) {                                                    \
      ++failures;                                                          \
      std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__,       \
                   #condition);                                            \
    }                                                                      \
  } while (0)

static int group_failures = 0;
static void group(const char* name) {
  std::printf("%-44s %s\n", name, failures == group_failures ? "ok" : "FAILED");
  group_failures = failures;
}

static std::string str(ada_string s) {
  return s.data == nullptr ? std::string() : std::string(s.data, s.length);
}

// The text of an owned string, which is freed.
static std::string take(ada_owned_string s) {
  std::string out = s.data == nullptr ? std::string() : std::string(s.data, s.length);
  ada_free_owned_string(s);
  return out;
}

static ada_url parse(const std::string& input) {
  return ada_parse(input.data(), input.size());
}

static bool set(bool (*setter)(ada_url, const char*, size_t), ada_url url,
                const std::string& value) {
  return setter(url, value.data(), value.size());
}

static void test_parse_and_getters() {
  ada_url url = parse(
      "https://username:password@www.google.com:8080/pathname?query=true#hash-exists");
  CHECK(url != nullptr);
  CHECK(ada_is_valid(url));
  CHECK(str(ada_get_href(url)) ==
        "https://username:password@www.google.com:8080/pathname?query=true#hash-exists");
  CHECK(str(ada_get_protocol(url)) == "https:");
  CHECK(str(ada_get_username(url)) == "username");
  CHECK(str(ada_get_password(url)) == "password");
  CHECK(str(ada_get_host(url)) == "www.google.com:8080");
  CHECK(str(ada_get_hostname(url)) == "www.google.com");
  CHECK(str(ada_get_port(url)) == "8080");
  CHECK(str(ada_get_pathname(url)) == "/pathname");
  CHECK(str(ada_get_search(url)) == "?query=true");
  CHECK(str(ada_get_hash(url)) == "#hash-exists");
  CHECK(take(ada_get_origin(url)) == "https://www.google.com:8080");
  ada_free(url);

  // Normalization, and strings that are not NUL-terminated.
  const char buffer[] = "HTTP://EXAMPLE.com:80/a/./b/../c?x y#z trailing";
  url = ada_parse(buffer, std::strlen(buffer) - std::strlen(" trailing"));
  CHECK(str(ada_get_href(url)) == "http://example.com/a/c?x%20y#z");
  CHECK(str(ada_get_port(url)).empty());
  ada_free(url);

  url = parse("data:text/plain,hello");
  CHECK(take(ada_get_origin(url)) == "null");
  CHECK(str(ada_get_pathname(url)) == "text/plain,hello");
  ada_free(url);
  group("ada_parse, getters, ada_get_origin");
}

static void test_invalid() {
  ada_url bad = parse("https://exa mple.com/");
  ada_url relative = parse("/only/a/path");
  const char not_utf8[] = "https://example.com/\xff";
  ada_url binary = ada_parse(not_utf8, sizeof not_utf8 - 1);
  ada_url empty = ada_parse(nullptr, 0);
  ada_url urls[] = {bad, relative, binary, empty, nullptr};
  for (ada_url url : urls) {
    CHECK(!ada_is_valid(url));
    CHECK(ada_get_href(url).length == 0);
    CHECK(ada_get_protocol(url).length == 0);
    CHECK(ada_get_username(url).length == 0);
    CHECK(ada_get_password(url).length == 0);
    CHECK(ada_get_host(url).length == 0);
    CHECK(ada_get_hostname(url).length == 0);
    CHECK(ada_get_port(url).length == 0);
    CHECK(ada_get_pathname(url).length == 0);
    CHECK(ada_get_search(url).length == 0);
    CHECK(ada_get_hash(url).length == 0);
    ada_owned_string origin = ada_get_origin(url);
    CHECK(origin.data == nullptr && origin.length == 0);
    ada_free_owned_string(origin);
    CHECK(ada_get_components(url) == nullptr);
    CHECK(ada_get_host_type(url) == 0);
    CHECK(ada_get_scheme_type(url) == 0);
    CHECK(!set(ada_set_href, url, "https://example.com/"));
    CHECK(!set(ada_set_host, url, "example.com"));
    CHECK(!set(ada_set_hostname, url, "example.com"));
    CHECK(!set(ada_set_protocol, url, "https"));
    CHECK(!set(ada_set_username, url, "u"));
    CHECK(!set(ada_set_password, url, "p"));
    CHECK(!set(ada_set_port, url, "1"));
    CHECK(!set(ada_set_pathname, url, "/p"));
    ada_set_search(url, "q", 1);
    ada_set_hash(url, "h", 1);
    ada_clear_port(url);
    ada_clear_hash(url);
    ada_clear_search(url);
    CHECK(!ada_is_valid(url));
    CHECK(!ada_has_credentials(url));
    CHECK(!ada_has_empty_hostname(url));
    CHECK(!ada_has_hostname(url));
    CHECK(!ada_has_non_empty_username(url));
    CHECK(!ada_has_non_empty_password(url));
    CHECK(!ada_has_port(url));
    CHECK(!ada_has_password(url));
    CHECK(!ada_has_hash(url));
    CHECK(!ada_has_search(url));
  }
  for (ada_url url : urls) {
    ada_free(url);
  }
  group("invalid URLs, NULL, input not UTF-8");
}

static void test_parse_with_base_and_can_parse() {
  std::string base = "https://example.org/a/b/?x#y";
  std::string input = "../c?d";
  ada_url url = ada_parse_with_base(input.data(), input.size(), base.data(), base.size());
  CHECK(ada_is_valid(url));
  CHECK(str(ada_get_href(url)) == "https://example.org/a/c?d");
  ada_free(url);
  std::string bad_base = "not a url";
  url = ada_parse_with_base(input.data(), input.size(), bad_base.data(), bad_base.size());
  CHECK(url != nullptr);
  CHECK(!ada_is_valid(url));
  ada_free(url);

  std::string absolute = "https://www.google.com";
  std::string path = "/hello-world";
  CHECK(ada_can_parse(absolute.data(), absolute.size()));
  CHECK(!ada_can_parse(path.data(), path.size()));
  CHECK(!ada_can_parse("https://[::1", 12));
  CHECK(!ada_can_parse(nullptr, 0));
  CHECK(ada_can_parse_with_base(path.data(), path.size(), absolute.data(), absolute.size()));
  CHECK(!ada_can_parse_with_base(path.data(), path.size(), path.data(), path.size()));
  CHECK(!ada_can_parse_with_base(path.data(), path.size(), "https://a/\xfe", 11));
  group("ada_parse_with_base, ada_can_parse(_with_base)");
}

static void test_copy() {
  ada_url first = parse("https://lemire.me");
  ada_url second = ada_copy(first);
  CHECK(second != nullptr && second != first);
  CHECK(set(ada_set_href, second, "https://yagiz.co"));
  CHECK(str(ada_get_href(first)) == "https://lemire.me/");
  CHECK(str(ada_get_href(second)) == "https://yagiz.co/");
  ada_free(first);
  CHECK(str(ada_get_href(second)) == "https://yagiz.co/");
  ada_free(second);
  ada_url invalid = parse("nope");
  ada_url invalid_copy = ada_copy(invalid);
  CHECK(invalid_copy != nullptr && !ada_is_valid(invalid_copy));
  ada_free(invalid);
  ada_free(invalid_copy);
  CHECK(ada_copy(nullptr) == nullptr);
  ada_free(nullptr);
  group("ada_copy, ada_free");
}

static void test_setters() {
  ada_url url = parse(
      "https://username:password@www.google.com:8080/pathname?query=true#hash-exists");
  CHECK(set(ada_set_href, url, "https://www.yagiz.co"));
  CHECK(str(ada_get_href(url)) == "https://www.yagiz.co/");
  CHECK(!set(ada_set_href, url, "not a url"));
  CHECK(str(ada_get_href(url)) == "https://www.yagiz.co/");

  CHECK(set(ada_set_username, url, "new-username"));
  CHECK(str(ada_get_username(url)) == "new-username");
  CHECK(set(ada_set_password, url, "new password"));
  CHECK(str(ada_get_password(url)) == "new%20password");

  CHECK(set(ada_set_port, url, "4242"));
  CHECK(str(ada_get_port(url)) == "4242");
  CHECK(!set(ada_set_port, url, "99999"));
  CHECK(!set(ada_set_port, url, "abc"));
  CHECK(str(ada_get_port(url)) == "4242");
  ada_clear_port(url);
  CHECK(str(ada_get_port(url)).empty());
  CHECK(!ada_has_port(url));

  ada_set_hash(url, "new-hash", 8);
  CHECK(str(ada_get_hash(url)) == "#new-hash");
  ada_clear_hash(url);
  CHECK(!ada_has_hash(url));

  CHECK(set(ada_set_hostname, url, "new-host"));
  CHECK(str(ada_get_hostname(url)) == "new-host");
  CHECK(!set(ada_set_hostname, url, "a:1"));
  CHECK(set(ada_set_host, url, "changed-host:9090"));
  CHECK(str(ada_get_host(url)) == "changed-host:9090");
  CHECK(!set(ada_set_host, url, "bad host"));
  CHECK(str(ada_get_host(url)) == "changed-host:9090");

  CHECK(set(ada_set_pathname, url, "new-pathname"));
  CHECK(str(ada_get_pathname(url)) == "/new-pathname");

  ada_set_search(url, "new-search", 10);
  CHECK(str(ada_get_search(url)) == "?new-search");
  ada_set_search(url, "", 0);
  CHECK(!ada_has_search(url));
  ada_set_search(url, "?again", 6);
  ada_clear_search(url);
  CHECK(str(ada_get_search(url)).empty());
  CHECK(!ada_has_search(url));

  CHECK(set(ada_set_protocol, url, "wss"));
  CHECK(str(ada_get_protocol(url)) == "wss:");
  CHECK(!set(ada_set_protocol, url, "git"));
  CHECK(str(ada_get_protocol(url)) == "wss:");
  CHECK(str(ada_get_href(url)) ==
        "wss://new-username:new%20password@changed-host:9090/new-pathname");

  const char not_utf8[] = "\xff\xfe";
  CHECK(!ada_set_pathname(url, not_utf8, 2));
  CHECK(!ada_set_href(url, not_utf8, 2));
  ada_set_hash(url, not_utf8, 2);
  CHECK(!ada_has_hash(url));
  ada_free(url);

  url = parse("mailto:someone@example.com");
  CHECK(!set(ada_set_host, url, "example.org"));
  CHECK(!set(ada_set_pathname, url, "/x"));
  CHECK(!set(ada_set_username, url, "u"));
  CHECK(str(ada_get_href(url)) == "mailto:someone@example.com");
  ada_free(url);
  group("setters and clear functions");
}

static void test_clear_empty_components() {
  ada_url url = parse("https://www.google.com/hello-world?query=1#");
  CHECK(ada_has_hash(url));
  CHECK(str(ada_get_hash(url)).empty());
  ada_clear_hash(url);
  CHECK(!ada_has_hash(url));
  CHECK(str(ada_get_href(url)) == "https://www.google.com/hello-world?query=1");
  ada_free(url);
  url = parse("https://www.google.com/hello-world?#hash");
  CHECK(ada_has_search(url));
  ada_clear_search(url);
  CHECK(!ada_has_search(url));
  CHECK(str(ada_get_href(url)) == "https://www.google.com/hello-world#hash");
  ada_free(url);
  group("ada_clear_hash, ada_clear_search on \"#\", \"?\"");
}

static void test_has() {
  struct Case {
    const char* input;
    bool credentials, empty_hostname, hostname, username, password_non_empty, port,
        password, hash, search;
  };
  const Case cases[] = {
      {"https://u:p@h:1/?q#f", true, false, true, true, true, true, true, true, true},
      {"https://u@h/", true, false, true, true, false, false, false, false, false},
      {"https://:p@h/?", true, false, true, false, true, false, true, false, true},
      {"file:///x", false, true, true, false, false, false, false, false, false},
      {"sc://", false, true, true, false, false, false, false, false, false},
      {"mailto:x#y", false, false, false, false, false, false, false, true, false},
      {"http://h:80/", false, false, true, false, false, false, false, false, false},
  };
  for (const Case& c : cases) {
    ada_url url = parse(c.input);
    CHECK(ada_has_credentials(url) == c.credentials);
    CHECK(ada_has_empty_hostname(url) == c.empty_hostname);
    CHECK(ada_has_hostname(url) == c.hostname);
    CHECK(ada_has_non_empty_username(url) == c.username);
    CHECK(ada_has_non_empty_password(url) == c.password_non_empty);
    CHECK(ada_has_port(url) == c.port);
    CHECK(ada_has_password(url) == c.password);
    CHECK(ada_has_hash(url) == c.hash);
    CHECK(ada_has_search(url) == c.search);
    ada_free(url);
  }
  group("ada_has_*");
}

static void test_types() {
  struct Case {
    const char* input;
    uint8_t host_type, scheme_type;
  };
  const Case cases[] = {
      {"http://www.google.com", 0, 0},  {"notspecial://www.google.com", 0, 1},
      {"https://127.0.0.1", 1, 2},      {"ws://0x7f.1/ws", 1, 3},
      {"ftp://[::1]/file.txt", 2, 4},   {"wss://www.google.com/wss", 0, 5},
      {"file:///foo/bar", 0, 6},        {"sc://[::1]/", 2, 1},
  };
  for (const Case& c : cases) {
    ada_url url = parse(c.input);
    CHECK(ada_get_host_type(url) == c.host_type);
    CHECK(ada_get_scheme_type(url) == c.scheme_type);
    ada_free(url);
  }
  group("ada_get_host_type, ada_get_scheme_type");
}

static void test_components() {
  const uint32_t omitted = ada_url_omitted;
  CHECK(omitted == 0xffffffffu);
  struct Case {
    const char* input;
    uint32_t offsets[8];
  };
  const Case cases[] = {
      {"https://user:pass@example.com:1234/foo/bar?baz#quux",
       {6, 12, 17, 29, 1234, 34, 42, 46}},
      {"https://www.google.com", {6, 8, 8, 22, omitted, 22, omitted, omitted}},
      {"mailto:x", {7, 7, 7, 7, omitted, 7, omitted, omitted}},
      {"file:///x", {5, 7, 7, 7, omitted, 7, omitted, omitted}},
      {"web+x:/.//p", {6, 6, 6, 6, omitted, 8, omitted, omitted}},
      {"https://a/?#", {6, 8, 8, 9, omitted, 9, 10, 11}},
      {"https://:pw@h/", {6, 8, 11, 13, omitted, 13, omitted, omitted}},
      {"sc://h:8080", {3, 5, 5, 6, 8080, 11, omitted, omitted}},
  };
  for (const Case& c : cases) {
    ada_url url = parse(c.input);
    const ada_url_components* got = ada_get_components(url);
    CHECK(got != nullptr);
    if (got != nullptr) {
      const uint32_t values[8] = {got->protocol_end,   got->username_end, got->host_start,
                                  got->host_end,       got->port,         got->pathname_start,
                                  got->search_start,   got->hash_start};
      for (int i = 0; i < 8; i++) {
        if (values[i] != c.offsets[i]) {
          std::fprintf(stderr, "  %s: offset %d is %u, expected %u\n", c.input, i,
                       values[i], c.offsets[i]);
        }
        CHECK(values[i] == c.offsets[i]);
      }
    }
    ada_free(url);
  }

  // The pointer stays valid and follows changes; readers on several threads agree.
  ada_url url = parse("https://example.com/a");
  const ada_url_components* pointer = ada_get_components(url);
  CHECK(set(ada_set_port, url, "8080"));
  ada_set_search(url, "q", 1);
  CHECK(ada_get_components(url) == pointer);
  CHECK(pointer->port == 8080);
  CHECK(pointer->search_start == 26);
  std::vector<std::thread> readers;
  std::vector<const ada_url_components*> answers(4);
  for (int i = 0; i < 4; i++) {
    readers.emplace_back([&answers, url, i] { answers[i] = ada_get_components(url); });
  }
  for (std::thread& reader : readers) {
    reader.join();
  }
  for (const ada_url_components* answer : answers) {
    CHECK(answer == pointer);
  }
  ada_free(url);
  group("ada_get_components");
}

static void test_idna() {
  std::string unicode = "stra\xc3\x9f" "e.de";
  std::string ascii = "xn--strae-oqa.de";
  CHECK(take(ada_idna_to_ascii(unicode.data(), unicode.size())) == ascii);
  CHECK(take(ada_idna_to_unicode(ascii.data(), ascii.size())) == unicode);
  ada_owned_string refused = ada_idna_to_ascii("a b", 3);
  CHECK(refused.length == 0);
  ada_free_owned_string(refused);
  CHECK(take(ada_idna_to_unicode("EXAMPLE.com", 11)) == "example.com");
  group("ada_idna_to_ascii, ada_idna_to_unicode");
}

static void test_max_input_length() {
  uint32_t original = ada_get_max_input_length();
  CHECK(original == UINT32_MAX);
  ada_set_max_input_length(512);
  CHECK(ada_get_max_input_length() == 512u);
  std::string long_url = "https://example.com/" + std::string(512, 'a');
  ada_url result = parse(long_url);
  CHECK(!ada_is_valid(result));
  ada_free(result);
  CHECK(!ada_can_parse(long_url.data(), long_url.size()));
  result = parse("https://example.com/ok");
  CHECK(ada_is_valid(result));
  std::string long_path(512, 'x');
  CHECK(!set(ada_set_pathname, result, long_path));
  CHECK(str(ada_get_href(result)) == "https://example.com/ok");
  ada_free(result);
  ada_set_max_input_length(original);
  CHECK(ada_get_max_input_length() == original);
  result = parse(long_url);
  CHECK(ada_is_valid(result));
  ada_free(result);
  group("ada_set/get_max_input_length");
}

static void test_search_params() {
  std::string input = "a=b&c=d&c=e&f=g";
  ada_url_search_params out = ada_parse_search_params(input.data(), input.size());
  CHECK(ada_search_params_size(out) == 4);

  std::string key = "key1", value = "value1", value2 = "value2";
  ada_search_params_append(out, key.data(), key.size(), value.data(), value.size());
  CHECK(ada_search_params_size(out) == 5);
  ada_search_params_set(out, key.data(), key.size(), value2.data(), value2.size());
  CHECK(ada_search_params_size(out) == 5);
  CHECK(ada_search_params_has(out, key.data(), key.size()));
  CHECK(!ada_search_params_has_value(out, key.data(), key.size(), value.data(),
                                     value.size()));
  CHECK(ada_search_params_has_value(out, key.data(), key.size(), value2.data(),
                                    value2.size()));
  CHECK(str(ada_search_params_get(out, key.data(), key.size())) == "value2");
  CHECK(ada_search_params_get(out, "missing", 7).data == nullptr);

  ada_strings all = ada_search_params_get_all(out, "c", 1);
  CHECK(ada_strings_size(all) == 2);
  CHECK(str(ada_strings_get(all, 0)) == "d");
  CHECK(str(ada_strings_get(all, 1)) == "e");
  ada_free_strings(all);

  ada_url_search_params_keys_iter keys = ada_search_params_get_keys(out);
  ada_url_search_params_values_iter values = ada_search_params_get_values(out);
  ada_url_search_params_entries_iter entries = ada_search_params_get_entries(out);
  CHECK(ada_search_params_keys_iter_has_next(keys));
  CHECK(ada_search_params_values_iter_has_next(values));
  CHECK(ada_search_params_entries_iter_has_next(entries));
  const char* expected_keys[] = {"a", "c", "c", "f", "key1"};
  const char* expected_values[] = {"b", "d", "e", "g", "value2"};
  for (int i = 0; i < 5; i++) {
    CHECK(str(ada_search_params_keys_iter_next(keys)) == expected_keys[i]);
    CHECK(str(ada_search_params_values_iter_next(values)) == expected_values[i]);
    ada_string_pair pair = ada_search_params_entries_iter_next(entries);
    CHECK(str(pair.key) == expected_keys[i]);
    CHECK(str(pair.value) == expected_values[i]);
  }
  CHECK(!ada_search_params_keys_iter_has_next(keys));
  CHECK(!ada_search_params_values_iter_has_next(values));
  CHECK(!ada_search_params_entries_iter_has_next(entries));
  CHECK(ada_search_params_keys_iter_next(keys).data == nullptr);
  ada_free_search_params_keys_iter(keys);
  ada_free_search_params_values_iter(values);
  ada_free_search_params_entries_iter(entries);

  ada_search_params_remove(out, key.data(), key.size());
  ada_search_params_remove_value(out, "c", 1, "e", 1);
  CHECK(take(ada_search_params_to_string(out)) == "a=b&c=d&f=g");
  ada_search_params_append(out, "b b", 3, "x+y", 3);
  ada_search_params_sort(out);
  CHECK(take(ada_search_params_to_string(out)) == "a=b&b+b=x%2By&c=d&f=g");
  ada_search_params_reset(out, "?z=1", 4);
  CHECK(ada_search_params_size(out) == 1);
  CHECK(take(ada_search_params_to_string(out)) == "z=1");
  ada_free_search_params(out);

  // NULL everywhere.
  CHECK(ada_search_params_size(nullptr) == 0);
  ada_search_params_sort(nullptr);
  ada_search_params_append(nullptr, "a", 1, "b", 1);
  ada_search_params_set(nullptr, "a", 1, "b", 1);
  ada_search_params_remove(nullptr, "a", 1);
  ada_search_params_remove_value(nullptr, "a", 1, "b", 1);
  ada_search_params_reset(nullptr, "a", 1);
  CHECK(!ada_search_params_has(nullptr, "a", 1));
  CHECK(!ada_search_params_has_value(nullptr, "a", 1, "b", 1));
  CHECK(ada_search_params_get(nullptr, "a", 1).data == nullptr);
  CHECK(ada_search_params_to_string(nullptr).data == nullptr);
  CHECK(ada_strings_size(nullptr) == 0);
  CHECK(ada_strings_get(nullptr, 0).data == nullptr);
  CHECK(!ada_search_params_keys_iter_has_next(nullptr));
  CHECK(!ada_search_params_values_iter_has_next(nullptr));
  CHECK(!ada_search_params_entries_iter_has_next(nullptr));
  CHECK(ada_search_params_values_iter_next(nullptr).data == nullptr);
  CHECK(ada_search_params_entries_iter_next(nullptr).key.data == nullptr);
  ada_free_search_params(nullptr);
  ada_free_strings(nullptr);
  ada_free_search_params_keys_iter(nullptr);
  ada_free_search_params_values_iter(nullptr);
  ada_free_search_params_entries_iter(nullptr);
  group("ada_url_search_params, ada_strings, iterators");
}

static void test_version() {
  std::string raw = ada_get_version();
  ada_version_components parsed = ada_get_version_components();
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%d.%d.%d", parsed.major, parsed.minor,
                parsed.revision);
  CHECK(raw == buffer);
  CHECK(raw == "4.0.0");
  group("ada_get_version(_components)");
}

int main() {
  test_parse_and_getters();
  test_invalid();
  test_parse_with_base_and_can_parse();
  test_copy();
  test_setters();
  test_clear_empty_components();
  test_has();
  test_types();
  test_components();
  test_idna();
  test_max_input_length();
  test_search_params();
  test_version();
  std::printf("%d checks, %d failed\n", checks, failures);
  return failures > 100 ? 100 : failures;
}
