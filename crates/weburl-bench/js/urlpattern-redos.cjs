// The ReDoS shapes of `weburl-bench redos` on JavaScript's side. Runs the runtime's own
// `URLPattern` when it has one (Node 24: ada's URLPattern with V8's RegExp), else
// urlpattern-polyfill (V8's backtracking RegExp; `npm install urlpattern-polyfill`).
// Usage:
//   timeout 20 node urlpattern-redos.cjs '(?:a*)*b' 24
// prints {"engine", "shape", "n", "r": test result, "ms"} for `https://e.com/` and n `a`s.
const native = typeof globalThis.URLPattern === 'function';
const URLPattern = native ? globalThis.URLPattern : require('urlpattern-polyfill').URLPattern;
const engine = native ? `node ${process.version} URLPattern` : 'urlpattern-polyfill';
const shape = process.argv[2];
const n = Number(process.argv[3]);
const p = new URLPattern('https://e.com/:x(' + shape + ')');
const url = 'https://e.com/' + 'a'.repeat(n);
const t0 = process.hrtime.bigint();
const r = p.test(url);
const t1 = process.hrtime.bigint();
console.log(JSON.stringify({ engine, shape, n, r, ms: Number(t1 - t0) / 1e6 }));
