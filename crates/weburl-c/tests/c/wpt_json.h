/*
 * The web-platform-tests data files as the C suites read them (wpt_url.c, wpt_urlpattern.c):
 * cJSON (Debian's libcjson-dev) over the file's text after two rewrites of its string escapes,
 * made on the raw text before cJSON sees it.
 *
 * 1. A lone surrogate escape (`\uD800` with no low surrogate after it, or a `\uDC00` with no
 *    high one before it) becomes `\uFFFD`, as JavaScript's USVString conversion turns a lone
 *    surrogate into U+FFFD before a URL or pattern parser sees it (the Rust suites do the same,
 *    weburl-testkit's `replace_lone_surrogates`). cJSON 1.7 rejects a lone surrogate, failing
 *    the whole file.
 * 2. `\u0000` becomes `\uDBFF\uDFFF` (U+10FFFF), and wpt_str() turns that code point back
 *    into a NUL byte and gives the string's length: cJSON's strings are NUL-terminated, so a
 *    NUL inside one would cut it short. The loader first checks that U+10FFFF (escaped or
 *    not) appears nowhere in the file, so the stand-in cannot be confused with real text.
 *
 * Header-only (static functions), included by each test program; C99.
 */
#ifndef WEBURL_WPT_JSON_H
#define WEBURL_WPT_JSON_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The UTF-8 bytes of U+10FFFF, the stand-in for a NUL inside a JSON string. */
static const char WPT_NUL_STAND_IN[] = "\xF4\x8F\xBF\xBF";

/* Strings wpt_str() decoded into their own buffers, freed by wpt_free_strings(). */
static char **wpt_decoded = NULL;
static size_t wpt_decoded_count = 0;

static inline void wpt_die(const char *what, const char *detail) {
  fprintf(stderr, "fatal: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  exit(2);
}

static inline void *wpt_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) wpt_die("out of memory", NULL);
  return p;
}

/* The whole file, NUL-terminated; its length in *len. */
static inline char *wpt_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) wpt_die("cannot open", path);
  size_t cap = 1 << 16, n = 0;
  char *buf = wpt_xmalloc(cap);
  for (;;) {
    if (n + 1 >= cap) {
      cap *= 2;
      char *grown = realloc(buf, cap);
      if (!grown) wpt_die("out of memory", NULL);
      buf = grown;
    }
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0) break;
  }
  if (ferror(f)) wpt_die("cannot read", path);
  fclose(f);
  buf[n] = '\0';
  *len = n;
  return buf;
}

static inline int wpt_hex4(const char *p, const char *end) {
  if (end - p < 4) return -1;
  int v = 0;
  for (int i = 0; i < 4; i++) {
    char c = p[i];
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return -1;
    v = v * 16 + d;
  }
  return v;
}

/* Whether the raw text holds U+10FFFF, as UTF-8 bytes or as the escape pair \uDBFF\uDFFF. */
static inline bool wpt_has_stand_in(const char *text, size_t len) {
  const char *end = text + len;
  for (const char *p = text; p < end; p++) {
    if ((size_t)(end - p) >= 4 && memcmp(p, WPT_NUL_STAND_IN, 4) == 0) return true;
    if (p[0] == '\\' && p + 1 < end && p[1] == 'u' && wpt_hex4(p + 2, end) == 0xDBFF &&
        end - p >= 12 && p[6] == '\\' && p[7] == 'u' && wpt_hex4(p + 8, end) == 0xDFFF)
      return true;
  }
  return false;
}

/* The two rewrites of the header comment, into a new NUL-terminated buffer. Counts what it
 * rewrote in *lone and *nuls. */
static inline char *wpt_rewrite_escapes(const char *text, size_t len, size_t *lone,
                                        size_t *nuls) {
  /* Each rewrite turns 6 bytes into at most 12. */
  char *out = wpt_xmalloc(len * 2 + 1);
  size_t o = 0;
  const char *p = text, *end = text + len;
  bool in_string = false;
  *lone = 0;
  *nuls = 0;
  while (p < end) {
    char c = *p;
    if (!in_string) {
      if (c == '"') in_string = true;
      out[o++] = *p++;
      continue;
    }
    if (c == '"') {
      in_string = false;
      out[o++] = *p++;
      continue;
    }
    if (c != '\\' || p + 1 >= end) {
      out[o++] = *p++;
      continue;
    }
    if (p[1] != 'u') { /* a two-byte escape, \" and \\ among them */
      out[o++] = *p++;
      out[o++] = *p++;
      continue;
    }
    int unit = wpt_hex4(p + 2, end);
    if (unit >= 0xD800 && unit <= 0xDBFF) {
      int next = (end - p >= 12 && p[6] == '\\' && p[7] == 'u') ? wpt_hex4(p + 8, end) : -1;
      if (next >= 0xDC00 && next <= 0xDFFF) { /* a pair: kept */
        memcpy(out + o, p, 12);
        o += 12;
        p += 12;
        continue;
      }
      memcpy(out + o, "\\uFFFD", 6);
      o += 6;
      p += 6;
      (*lone)++;
      continue;
    }
    if (unit >= 0xDC00 && unit <= 0xDFFF) { /* a low surrogate after no high one */
      memcpy(out + o, "\\uFFFD", 6);
      o += 6;
      p += 6;
      (*lone)++;
      continue;
    }
    if (unit == 0) {
      memcpy(out + o, "\\uDBFF\\uDFFF", 12);
      o += 12;
      p += 6;
      (*nuls)++;
      continue;
    }
    out[o++] = *p++;
  }
  out[o] = '\0';
  return out;
}

/* Reads and parses `dir/file` with the rewrites above; exits on any problem. */
static inline cJSON *wpt_load(const char *dir, const char *file) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, file);
  size_t len;
  char *raw = wpt_read_file(path, &len);
  if (wpt_has_stand_in(raw, len)) wpt_die("U+10FFFF appears in the file; pick another stand-in for NUL", path);
  size_t lone, nuls;
  char *text = wpt_rewrite_escapes(raw, len, &lone, &nuls);
  free(raw);
  cJSON *json = cJSON_Parse(text);
  if (!json) {
    const char *at = cJSON_GetErrorPtr();
    fprintf(stderr, "near: %.60s\n", at ? at : "?");
    wpt_die("cJSON cannot parse", path);
  }
  free(text);
  return json;
}

/* A JSON string's bytes and length (a NUL stand-in decoded back into a NUL byte); NULL when
 * `item` is not a string. The bytes live until cJSON_Delete / wpt_free_strings(). */
static inline const char *wpt_str(const cJSON *item, size_t *len) {
  if (!cJSON_IsString(item) || item->valuestring == NULL) {
    *len = 0;
    return NULL;
  }
  const char *s = item->valuestring;
  size_t n = strlen(s);
  if (!strstr(s, WPT_NUL_STAND_IN)) {
    *len = n;
    return s;
  }
  char *out = wpt_xmalloc(n + 1);
  size_t o = 0;
  for (size_t i = 0; i < n;) {
    if (i + 4 <= n && memcmp(s + i, WPT_NUL_STAND_IN, 4) == 0) {
      out[o++] = '\0';
      i += 4;
    } else {
      out[o++] = s[i++];
    }
  }
  out[o] = '\0';
  char **grown = realloc(wpt_decoded, (wpt_decoded_count + 1) * sizeof *grown);
  if (!grown) wpt_die("out of memory", NULL);
  wpt_decoded = grown;
  wpt_decoded[wpt_decoded_count++] = out;
  *len = o;
  return out;
}

/* The string member `name` of an object: its bytes and length, or NULL when the member is
 * absent or not a string (JSON null). */
static inline const char *wpt_member(const cJSON *object, const char *name, size_t *len) {
  return wpt_str(cJSON_GetObjectItemCaseSensitive(object, name), len);
}

static inline void wpt_free_strings(void) {
  for (size_t i = 0; i < wpt_decoded_count; i++) free(wpt_decoded[i]);
  free(wpt_decoded);
  wpt_decoded = NULL;
  wpt_decoded_count = 0;
}

/* `s` (of `len` bytes, maybe with NULs) printed as a C string literal's body. */
static inline void wpt_print_escaped(FILE *out, const char *s, size_t len) {
  if (s == NULL) {
    fputs("(null)", out);
    return;
  }
  fputc('"', out);
  for (size_t i = 0; i < len && i < 300; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
    else if (c < 0x20 || c == 0x7f) fprintf(out, "\\x%02x", c);
    else fputc(c, out);
  }
  if (len > 300) fputs("...", out);
  fputc('"', out);
}

#endif
