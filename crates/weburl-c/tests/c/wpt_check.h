/*
 * A small case-by-case report for the C suites: a case passes when none of its checks failed;
 * each file ends with `N passed, M failed` and the number of cases is compared with the number
 * the file holds, so that a case that did not run cannot go unnoticed. Header-only, C99.
 */
#ifndef WEBURL_WPT_CHECK_H
#define WEBURL_WPT_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "wpt_json.h"

/* At most this many failure lines are printed per run (the counts stay exact). */
#define WPT_MAX_FAILURE_LINES 200

typedef struct {
  const char *file;
  size_t passed;
  size_t failed;
  /* The current case: its label (printed before its first failure) and whether it failed. */
  char label[1024];
  bool case_failed;
} wpt_report;

static size_t wpt_failure_lines = 0;
static size_t wpt_total_passed = 0;
static size_t wpt_total_failed = 0;

static inline void wpt_report_start(wpt_report *r, const char *file) {
  memset(r, 0, sizeof *r);
  r->file = file;
}

static inline void wpt_case_start(wpt_report *r, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  vsnprintf(r->label, sizeof r->label, fmt, args);
  va_end(args);
  r->case_failed = false;
}

static inline void wpt_fail(wpt_report *r, const char *fmt, ...) {
  if (!r->case_failed && wpt_failure_lines < WPT_MAX_FAILURE_LINES) {
    fprintf(stderr, "FAIL %s: %s\n", r->file, r->label);
    wpt_failure_lines++;
  }
  r->case_failed = true;
  if (wpt_failure_lines < WPT_MAX_FAILURE_LINES) {
    va_list args;
    va_start(args, fmt);
    fputs("    ", stderr);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
    wpt_failure_lines++;
  }
}

static inline void wpt_check(wpt_report *r, bool ok, const char *what) {
  if (!ok) wpt_fail(r, "%s", what);
}

/* A string an API returned against the expected one (both may hold NULs). */
static inline void wpt_field(wpt_report *r, const char *what, const char *expected,
                             size_t expected_len, const char *actual, size_t actual_len) {
  if (expected_len == actual_len && (actual_len == 0 || memcmp(expected, actual, actual_len) == 0))
    return;
  if (!r->case_failed && wpt_failure_lines < WPT_MAX_FAILURE_LINES) {
    fprintf(stderr, "FAIL %s: %s\n", r->file, r->label);
    wpt_failure_lines++;
  }
  r->case_failed = true;
  if (wpt_failure_lines < WPT_MAX_FAILURE_LINES) {
    fprintf(stderr, "    %s: expected ", what);
    wpt_print_escaped(stderr, expected, expected_len);
    fputs(", actual ", stderr);
    wpt_print_escaped(stderr, actual, actual_len);
    fputc('\n', stderr);
    wpt_failure_lines++;
  }
}

static inline void wpt_case_end(wpt_report *r) {
  if (r->case_failed) r->failed++;
  else r->passed++;
}

/* Prints the file's line and checks the count; returns whether the file passed. */
static inline bool wpt_report_finish(wpt_report *r, size_t expected_cases) {
  printf("%s: %zu passed, %zu failed\n", r->file, r->passed, r->failed);
  wpt_total_passed += r->passed;
  wpt_total_failed += r->failed;
  if (r->passed + r->failed != expected_cases) {
    printf("%s: %zu cases ran, but the file holds %zu\n", r->file, r->passed + r->failed,
           expected_cases);
    wpt_total_failed++;
    return false;
  }
  return r->failed == 0;
}

#endif
