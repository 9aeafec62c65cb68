// Records what the URL Standard's reference implementation (whatwg-url, pinned in package.json)
// reports for a set of inputs: the validation error names in order, the "valid URL string"
// answer and the href. weburl's test `validation_reference.rs` checks the library against the
// recorded file, so the tests need no Node.js.
//
// Usage (from this directory): npm install && node record.mjs > ../../crates/weburl/tests/data/validation-reference.json
//
// Inputs: every input of the WPT urltestdata.json (with its base), the named cases below, and
// inputs generated from those by a seeded random mutator (deterministic: same file every run).
import { readFileSync } from "node:fs";
import { parseURL, parseURLWithValidationErrors, isValidURLString, serializeURL } from "whatwg-url";

const wpt = JSON.parse(readFileSync(new URL("../../crates/weburl/tests/data/wpt/urltestdata.json", import.meta.url), "utf8"))
  .filter(t => typeof t === "object");

// Hand-picked cases, one per class of departure from the spec that validation errors show.
const named = [
  ["http://foo./", null], ["https://example.com.:99999/", null], ["http://1.2.3.4./", null],
  ["http://\u2603%2E", null], ["http://" + "a".repeat(64) + ".com/", null],
  ["http://" + ("abcdefghi.").repeat(26) + "com/", null],
  ["sc://\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008/", null], ["sc://a%zz%b\u0001/", null],
  ["file://c|/x", null], ["file://C|", null], ["file://c|?q", null],
  ["https://\uFF11\uFF12\uFF17.\uFF10.\uFF10.\uFF11/", null], ["http://127\u30020\u30020\u30021/", null],
  ["httPs://\u00B2.2.3.4", null], ["http://%EF%BC%91.2.3.4/", null], ["http://a\u00E9.1/", null],
  ["http://exa mple.com/", null], ["http://a_b.example/", null], ["http://-a.example/", null],
  ["http://xn--a.example/", null], ["http://a..b/", null], ["http://.example/", null],
];

// A small deterministic PRNG (mulberry32).
let seed = 0x5eed1234;
function rand() {
  seed |= 0; seed = (seed + 0x6D2B79F5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = a => a[Math.floor(rand() * a.length)];

const tokens = [
  "%", "%2E", "%2e", "%zz", "%4", "%41", "%00", "%FF", ".", "..", "./", "../", "/", "//", "\\", "|", ":", "::",
  "@", "@@", "[", "]", "[::1]", "[1:2::3]", "[::ffff:1.2.3.4]", "#", "?", " ", "\t", "\n", "\u0001", "\u007F",
  "\u00E9", "\u00DF", "\uFF11", "\u3002", "\uFF0E", "\uFF10", "\u00B2", "\u2603", "\u200D", "\uFFFF", "\uFDD0",
  "xn--", "xn--a", "-", "_", "0x", "0X1", "09", "08", "1.2.3.4", "0x7f.1", "1.2.3", "999", "256", "4294967296",
  "65535", "65536", "0", "c:", "C|", "c|", "/c:", "file:", "http:", "https:", "sc:", "ws:", "localhost",
  "a".repeat(64), "b".repeat(63), "^", "<", ">", "'", "\"", "`", "{", "}",
];
const seeds = [
  ...wpt.map(t => [t.input, t.base ?? null]),
  ...named,
  ["http://example.com/a/b?c#d", null], ["https://user:pass@host:8080/p?q#f", null], ["file:///C:/x", null],
  ["sc://host/path", null], ["a/b", "http://example.com/x"], ["//h/p", "https://example.com/"],
  ["mailto:a@b", null], ["http://1.2.3.4/", null], ["http://[::1]/", null], ["file://host/share", null],
];

function mutate(s) {
  const chars = Array.from(s);
  const n = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(rand() * (chars.length + 1));
    const r = rand();
    if (r < 0.6) chars.splice(at, 0, ...Array.from(pick(tokens)));
    else if (r < 0.85 && chars.length > 0) chars.splice(Math.min(at, chars.length - 1), 1, ...Array.from(pick(tokens)));
    else if (chars.length > 0) chars.splice(Math.min(at, chars.length - 1), 1);
  }
  return chars.join("");
}

const cases = [];
const seen = new Set();
function add(input, base) {
  const key = JSON.stringify([input, base]);
  if (seen.has(key)) return;
  seen.add(key);
  cases.push([input, base]);
}
for (const [input, base] of seeds) add(input, base);
const generated = 6000;
for (let i = 0; i < generated; i++) {
  const [input, base] = pick(seeds);
  add(mutate(input), base);
}

const out = [];
for (let [input, base] of cases) {
  // weburl takes Rust strings, as a JavaScript URL API takes USVStrings: a lone surrogate
  // becomes U+FFFD first, as `new URL()` would do.
  input = input.toWellFormed();
  base = base === null ? null : base.toWellFormed();
  const baseURL = base === null ? undefined : parseURL(base);
  if (base !== null && baseURL === null) continue;
  const { url, validationErrors } = parseURLWithValidationErrors(input, { baseURL });
  const valid = isValidURLString(input, { baseURL: baseURL ?? null });
  out.push({ input, base, errors: validationErrors, valid, href: url === null ? null : serialize(url) });
}

function serialize(url) {
  return serializeURL(url);
}

const meta = {
  source: "whatwg-url 17.1.2 (the URL Standard's reference implementation, MIT licence): parseURLWithValidationErrors and isValidURLString",
  recorded_by: "scripts/validation-reference/record.mjs",
  inputs: "WPT urltestdata.json inputs, named cases, and seeded mutations of both",
};
process.stdout.write(JSON.stringify({ meta, cases: out }, null, 0).replace(/\},\{"input"/g, '},\n{"input"') + "\n");
