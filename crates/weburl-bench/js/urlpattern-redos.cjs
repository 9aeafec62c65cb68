// The ReDoS shapes of `weburl-bench redos` on JavaScript's side: urlpattern-polyfill (V8's
// backtracking RegExp). Usage, in a directory with `npm install urlpattern-polyfill`:
//   timeout 20 node urlpattern-redos.cjs '(?:a*)*b' 24
// prints {"shape", "n", "r": test result, "ms"} for `https://e.com/` and n `a`s.
const { URLPattern } = require('urlpattern-polyfill');
const shape = process.argv[2];
const n = Number(process.argv[3]);
const p = new URLPattern('https://e.com/:x(' + shape + ')');
const url = 'https://e.com/' + 'a'.repeat(n);
const t0 = process.hrtime.bigint();
const r = p.test(url);
const t1 = process.hrtime.bigint();
console.log(JSON.stringify({ shape, n, r, ms: Number(t1 - t0) / 1e6 }));
