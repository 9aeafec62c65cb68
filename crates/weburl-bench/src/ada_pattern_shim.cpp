// ada's URLPattern (`ada::url_pattern`) behind a small C API, for `weburl-bench pattern` and
// tests/urlpattern_ada.rs (the Rust side is src/ada_pattern.rs).
//
// ada (https://github.com/ada-url/ada, MIT OR Apache-2.0, by Yagiz Nizipli, Daniel Lemire
// and contributors) ships URLPattern in C++ only; the `ada-url` crate compiles its
// amalgamation with `ADA_INCLUDE_URL_PATTERN=0` and has no URL pattern functions in its C API.
// build.rs therefore compiles the same amalgamation (the `ada-url` crate's `deps/ada.cpp`, the
// version in Cargo.lock) a second time, with:
//   - URL patterns on, and the regular-expression provider ada ships
//     (`ada::url_pattern_regex::std_regex_provider`, C++'s `std::regex` in ECMAScript mode);
//   - the namespace `ada` renamed to `weburl_bench_ada` (the macro below), so that none of its
//     symbols collides with the `ada-url` crate's copy;
//   - without ada's own C API (`src/ada_c.cpp` in the amalgamation, the `ada_*` functions),
//     which the `ada-url` crate already links: build.rs cuts it off.
// This file is included after that copy (one translation unit, compiled with -O2 also in debug
// builds).
//
// Every function here catches every C++ exception (a failure, never an unwind into Rust).

#define ADA_INCLUDE_URL_PATTERN 1
#define ADA_USE_UNSAFE_STD_REGEX_PROVIDER 1
#define ada weburl_bench_ada
#include "ada_without_c_api.cpp"

#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace {

using provider = ada::url_pattern_regex::std_regex_provider;
using pattern = ada::url_pattern<provider>;

}  // namespace

extern "C" {

// A string; `data == nullptr` means absent (JavaScript's undefined).
struct weburl_bench_ada_str {
  const char* data;
  size_t len;
};

// A URLPattern input: a string, or a URLPatternInit whose members are, in this order,
// protocol, username, password, hostname, port, pathname, search, hash and baseURL.
struct weburl_bench_ada_input {
  int is_init;
  weburl_bench_ada_str string;
  weburl_bench_ada_str init[9];
};

}  // extern "C"

namespace {

std::optional<std::string> member(const weburl_bench_ada_str& s) {
  if (s.data == nullptr) {
    return std::nullopt;
  }
  return std::string(s.data, s.len);
}

std::string_view view(const weburl_bench_ada_str& s) {
  return std::string_view(s.data == nullptr ? "" : s.data, s.len);
}

ada::url_pattern_input input_of(const weburl_bench_ada_input& in) {
  if (!in.is_init) {
    return view(in.string);
  }
  ada::url_pattern_init init;
  init.protocol = member(in.init[0]);
  init.username = member(in.init[1]);
  init.password = member(in.init[2]);
  init.hostname = member(in.init[3]);
  init.port = member(in.init[4]);
  init.pathname = member(in.init[5]);
  init.search = member(in.init[6]);
  init.hash = member(in.init[7]);
  init.base_url = member(in.init[8]);
  return init;
}

weburl_bench_ada_str str_of(std::string_view s) { return {s.data(), s.size()}; }

const ada::url_pattern_component_result& component_of(
    const ada::url_pattern_result& r, int which) {
  switch (which) {
    case 0:
      return r.protocol;
    case 1:
      return r.username;
    case 2:
      return r.password;
    case 3:
      return r.hostname;
    case 4:
      return r.port;
    case 5:
      return r.pathname;
    case 6:
      return r.search;
    default:
      return r.hash;
  }
}

}  // namespace

extern "C" {

// Compiles a pattern (`new URLPattern(input, base, {ignoreCase})`); null when the constructor
// throws. `base` may be null (no base URL).
void* weburl_bench_ada_pattern_new(const weburl_bench_ada_input* input,
                                   const weburl_bench_ada_str* base,
                                   int ignore_case) noexcept {
  try {
    ada::url_pattern_options options{};
    options.ignore_case = ignore_case != 0;
    std::string_view base_view;
    if (base != nullptr) {
      base_view = view(*base);
    }
    auto parsed = ada::parse_url_pattern<provider>(
        input_of(*input), base != nullptr ? &base_view : nullptr, &options);
    if (!parsed) {
      return nullptr;
    }
    return new pattern(std::move(*parsed));
  } catch (...) {
    return nullptr;
  }
}

void weburl_bench_ada_pattern_free(void* p) noexcept {
  delete static_cast<pattern*>(p);
}

// One of the eight component pattern strings (0 protocol ... 7 hash).
weburl_bench_ada_str weburl_bench_ada_pattern_component(const void* p,
                                                        int which) noexcept {
  const auto& pat = *static_cast<const pattern*>(p);
  switch (which) {
    case 0:
      return str_of(pat.get_protocol());
    case 1:
      return str_of(pat.get_username());
    case 2:
      return str_of(pat.get_password());
    case 3:
      return str_of(pat.get_hostname());
    case 4:
      return str_of(pat.get_port());
    case 5:
      return str_of(pat.get_pathname());
    case 6:
      return str_of(pat.get_search());
    default:
      return str_of(pat.get_hash());
  }
}

int weburl_bench_ada_pattern_has_regexp_groups(const void* p) noexcept {
  return static_cast<const pattern*>(p)->has_regexp_groups() ? 1 : 0;
}

// `test`: 1 match, 0 no match, -1 when it throws.
int weburl_bench_ada_pattern_test(void* p, const weburl_bench_ada_input* input,
                                  const weburl_bench_ada_str* base) noexcept {
  try {
    std::string_view base_view;
    if (base != nullptr) {
      base_view = view(*base);
    }
    auto r = static_cast<pattern*>(p)->test(input_of(*input),
                                            base != nullptr ? &base_view : nullptr);
    if (!r) {
      return -1;
    }
    return *r ? 1 : 0;
  } catch (...) {
    return -1;
  }
}

// `exec`: the result (free it with weburl_bench_ada_result_free) and *status 1; null with
// *status 0 for no match, or -1 when it throws.
void* weburl_bench_ada_pattern_exec(void* p, const weburl_bench_ada_input* input,
                                    const weburl_bench_ada_str* base,
                                    int* status) noexcept {
  try {
    std::string_view base_view;
    if (base != nullptr) {
      base_view = view(*base);
    }
    auto r = static_cast<pattern*>(p)->exec(input_of(*input),
                                            base != nullptr ? &base_view : nullptr);
    if (!r) {
      *status = -1;
      return nullptr;
    }
    if (!r->has_value()) {
      *status = 0;
      return nullptr;
    }
    *status = 1;
    return new ada::url_pattern_result(std::move(**r));
  } catch (...) {
    *status = -1;
    return nullptr;
  }
}

void weburl_bench_ada_result_free(void* r) noexcept {
  delete static_cast<ada::url_pattern_result*>(r);
}

// A component's input (0 protocol ... 7 hash).
weburl_bench_ada_str weburl_bench_ada_result_input(const void* r,
                                                   int which) noexcept {
  return str_of(
      component_of(*static_cast<const ada::url_pattern_result*>(r), which).input);
}

size_t weburl_bench_ada_result_group_count(const void* r, int which) noexcept {
  return component_of(*static_cast<const ada::url_pattern_result*>(r), which)
      .groups.size();
}

// The i-th group of a component (in the order of ada's hash map): its name, and its value
// with 1, or 0 when the group did not participate (undefined).
int weburl_bench_ada_result_group(const void* r, int which, size_t i,
                                  weburl_bench_ada_str* name,
                                  weburl_bench_ada_str* value) noexcept {
  const auto& groups =
      component_of(*static_cast<const ada::url_pattern_result*>(r), which).groups;
  auto it = std::next(groups.begin(), static_cast<std::ptrdiff_t>(i));
  *name = str_of(it->first);
  if (!it->second.has_value()) {
    *value = {nullptr, 0};
    return 0;
  }
  *value = str_of(*it->second);
  return 1;
}

}  // extern "C"
