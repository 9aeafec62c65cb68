// Records what headless Chromium resolves for every URL-bearing attribute of each HTML fixture
// in ../fixtures.json, and writes ../expected/NAME.json. See README.md in this directory.
//
//   npm ci && node record.mjs [NAME ...]
//
// Each fixture is served by Playwright's request interception (page.route) at its `url`, with
// its `content_type`, so the document URL and the HTTP charset are exactly the manifest's; no
// network is used (every other request is aborted). What is recorded, per link, in tree order:
//
//   - the reflecting IDL attribute where HTML has one (a.href, img.src, form.action,
//     button.formAction, blockquote.cite, object.data, video.poster, base.href, ...), which is
//     the browser's own "encoding-parse-and-serialize a URL" with the document's encoding;
//   - for what has no reflecting URL attribute (each srcset candidate, each ping URL, the URL of
//     a meta refresh): the URL text is cut out by this script (HTML's srcset parser, ASCII
//     whitespace splitting, the shared declarative refresh steps, all written below) and
//     resolved by the browser, by setting it as the href of a detached <a> of the document
//     (same base URL, same encoding) and reading a.href;
//   - whether the URL parser failed: a.protocol of such an <a> is ":" exactly when its URL is
//     null (HTMLHyperlinkElementUtils), so failure is the browser's verdict too (base.href, which
//     parses against the fallback base URL, is checked with new URL(raw, fallback));
//   - a meta refresh's URL a second way: the navigation Chromium starts when a refresh fires,
//     caught (and aborted) by request interception, must be one of the recorded refresh URLs.
//
// "via" in each record says which of these gave the URL.

import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'fixtures.json'), 'utf8'));
const only = new Set(process.argv.slice(2));
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const playwrightVersion = JSON.parse(
  fs.readFileSync(path.join(here, 'node_modules', 'playwright-core', 'package.json'), 'utf8'),
).version;

// Runs in the page (and nowhere else): collects every URL-bearing attribute of every HTML
// element in tree order, with what the DOM resolves it to.
function recordDocument() {
  const XHTML = 'http://www.w3.org/1999/xhtml';
  const TABLE = {
    a: { href: 'url', ping: 'ping' },
    area: { href: 'url', ping: 'ping' },
    link: { href: 'url' },
    img: { src: 'url', srcset: 'srcset' },
    source: { src: 'url', srcset: 'srcset' },
    script: { src: 'url' },
    iframe: { src: 'url' },
    embed: { src: 'url' },
    audio: { src: 'url' },
    video: { src: 'url', poster: 'url' },
    track: { src: 'url' },
    input: { src: 'url', formaction: 'action' },
    object: { data: 'url' },
    form: { action: 'action' },
    button: { formaction: 'action' },
    blockquote: { cite: 'url' },
    q: { cite: 'url' },
    ins: { cite: 'url' },
    del: { cite: 'url' },
    meta: { content: 'refresh' },
    base: { href: 'base' },
  };
  const IDL = {
    href: 'href', src: 'src', poster: 'poster', data: 'data', action: 'action',
    formaction: 'formAction', cite: 'cite',
  };
  const isSpace = (c) => c === '\t' || c === '\n' || c === '\f' || c === '\r' || c === ' ';

  // The browser's resolution of `raw` against the document base URL in the document's
  // encoding, or null where the URL parser fails.
  const probe = document.createElement('a');
  const viaAnchor = (raw) => {
    probe.setAttribute('href', raw);
    return probe.protocol === ':' ? null : probe.href;
  };

  // HTML's "parse a srcset attribute": the candidates that survive, as [url, offset].
  function parseSrcset(input) {
    const out = [];
    let pos = 0;
    const validInt = (s) => /^[0-9]+$/.test(s);
    const validFloat = (s) => /^-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/.test(s);
    for (;;) {
      while (pos < input.length && (isSpace(input[pos]) || input[pos] === ',')) pos++;
      if (pos >= input.length) return out;
      const start = pos;
      while (pos < input.length && !isSpace(input[pos])) pos++;
      let url = input.slice(start, pos);
      const descriptors = [];
      if (url.endsWith(',')) {
        url = url.replace(/,+$/, '');
      } else {
        while (pos < input.length && isSpace(input[pos])) pos++;
        let current = '';
        let state = 'in';
        for (;;) {
          const c = pos < input.length ? input[pos] : null;
          if (state === 'in') {
            if (c !== null && isSpace(c)) {
              if (current) { descriptors.push(current); current = ''; state = 'after'; }
            } else if (c === ',') {
              pos++;
              if (current) descriptors.push(current);
              break;
            } else if (c === '(') {
              current += c; state = 'parens';
            } else if (c === null) {
              if (current) descriptors.push(current);
              break;
            } else {
              current += c;
            }
          } else if (state === 'parens') {
            if (c === ')') { current += c; state = 'in'; } else if (c === null) { descriptors.push(current); break; } else { current += c; }
          } else {
            if (c === null) break;
            if (!isSpace(c)) { state = 'in'; continue; }
          }
          pos++;
        }
      }
      let error = false;
      let width = null;
      let density = null;
      let height = null;
      for (const d of descriptors) {
        const last = d.slice(-1);
        const body = d.slice(0, -1);
        if (last === 'w' && validInt(body)) {
          if (width !== null || density !== null) error = true;
          const n = parseInt(body, 10);
          if (n === 0) error = true; else width = n;
        } else if (last === 'x' && validFloat(body)) {
          if (width !== null || density !== null || height !== null) error = true;
          const n = parseFloat(body);
          if (n < 0) error = true; else density = n;
        } else if (last === 'h' && validInt(body)) {
          if (height !== null || density !== null) error = true;
          const n = parseInt(body, 10);
          if (n === 0) error = true; else height = n;
        } else {
          error = true;
        }
      }
      if (height !== null && width === null) error = true;
      if (!error) out.push(url);
    }
  }

  // The URL text of a refresh declaration, per the shared declarative refresh steps; null
  // when there is no refresh or no URL.
  function refreshUrl(input) {
    if (input === '') return null;
    let pos = 0;
    const skip = () => { while (pos < input.length && isSpace(input[pos])) pos++; };
    skip();
    const digitsStart = pos;
    while (pos < input.length && /[0-9]/.test(input[pos])) pos++;
    if (pos === digitsStart && input[pos] !== '.') return null;
    while (pos < input.length && /[0-9.]/.test(input[pos])) pos++;
    if (pos < input.length) {
      const c = input[pos];
      if (!(isSpace(c) || c === ';' || c === ',')) return null;
      skip();
      if (input[pos] === ';' || input[pos] === ',') pos++;
      skip();
    }
    if (pos >= input.length) return null;
    const urlStart = pos;
    if (input[pos] === 'U' || input[pos] === 'u') {
      pos++;
      if (!(input[pos] === 'R' || input[pos] === 'r')) return input.slice(urlStart);
      pos++;
      if (!(input[pos] === 'L' || input[pos] === 'l')) return input.slice(urlStart);
      pos++;
      skip();
      if (input[pos] !== '=') return input.slice(urlStart);
      pos++;
      skip();
    }
    let quote = null;
    if (input[pos] === '"' || input[pos] === "'") { quote = input[pos]; pos++; }
    let url = input.slice(pos);
    if (quote !== null && url.includes(quote)) url = url.slice(0, url.indexOf(quote));
    return url;
  }

  const srcdoc = document.URL === 'about:srcdoc';
  const fallbackBase = srcdoc ? window.parent.document.baseURI : document.URL;
  const firstBase = [...document.querySelectorAll('base[href]')].find((b) => b.namespaceURI === XHTML) ?? null;
  const SVG = 'http://www.w3.org/2000/svg';
  const XLINK = 'http://www.w3.org/1999/xlink';
  const SVG_LINKS = new Set(['a', 'image', 'use']);
  const links = [];
  for (const el of document.querySelectorAll('*')) {
    // Inline SVG: the href (or, without one, xlink:href) of a, image and use, as SVG 2 reads
    // them; browsers resolve it against the document base URL, as an <a>'s href.
    if (el.namespaceURI === SVG && SVG_LINKS.has(el.localName) && !el.closest('template')) {
      const href = el.getAttributeNS(null, 'href');
      const xlink = el.getAttributeNS(XLINK, 'href');
      const [name, raw] = href !== null ? ['href', href] : ['xlink:href', xlink];
      if (raw !== null) {
        links.push({ element: el.localName, attribute: name, raw, url: viaAnchor(raw), via: `SVG ${el.localName} ${name}, <a>.href` });
      }
      continue;
    }
    if (el.namespaceURI !== XHTML) continue;
    const spec = TABLE[el.localName];
    if (!spec) continue;
    for (const attr of el.attributes) {
      const form = spec[attr.name];
      if (!form || attr.namespaceURI !== null) continue;
      const raw = attr.value;
      const push = (rawPart, url, via) => links.push({ element: el.localName, attribute: attr.name, raw: rawPart, url, via });
      if (form === 'url' || form === 'action') {
        const idl = el[IDL[attr.name]];
        const ok = viaAnchor(raw) !== null;
        push(raw, ok ? idl : null, `${el.localName}.${IDL[attr.name]}`);
      } else if (form === 'base') {
        let ok = true;
        try { new URL(raw, fallbackBase); } catch { ok = false; }
        push(raw, ok ? el.href : null, 'base.href');
      } else if (form === 'srcset') {
        for (const url of parseSrcset(raw)) push(url, viaAnchor(url), 'srcset candidate, <a>.href');
      } else if (form === 'ping') {
        for (const url of raw.split(/[\t\n\f\r ]+/).filter((t) => t !== '')) push(url, viaAnchor(url), 'ping URL, <a>.href');
      } else if (form === 'refresh') {
        const equiv = el.getAttribute('http-equiv');
        if (equiv === null || equiv.toLowerCase() !== 'refresh') continue;
        const url = refreshUrl(raw);
        if (url === null) continue;
        // The refresh steps run when the meta is inserted: a <base> after it does not apply.
        const baseAfter = firstBase !== null && (el.compareDocumentPosition(firstBase) & Node.DOCUMENT_POSITION_FOLLOWING);
        if (baseAfter) {
          let resolved = null;
          try { resolved = new URL(url, fallbackBase).href; } catch { /* failure */ }
          push(url, resolved, 'refresh URL, new URL(url, fallback base) (the base came later)');
        } else {
          push(url, viaAnchor(url), 'refresh URL, <a>.href');
        }
      }
    }
  }
  return {
    url: document.URL,
    character_set: document.characterSet,
    base_uri: document.baseURI,
    compat_mode: document.compatMode,
    links,
  };
}

function chromiumVersion() {
  try {
    return execFileSync(executablePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return executablePath;
  }
}

function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

const withoutFragment = (url) => url.split('#')[0];

async function recordFixture(context, fixture) {
  const page = await context.newPage();
  const body = fs.readFileSync(path.join(root, fixture.file));
  const srcdoc = fixture.url === 'about:srcdoc';
  const topUrl = srcdoc ? fixture.container_url : fixture.url;
  const navigations = [];
  let served = false;
  await page.route('**/*', async (route, request) => {
    const mainFrameNavigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (mainFrameNavigation && !served && withoutFragment(request.url()) === withoutFragment(topUrl)) {
      served = true;
      if (srcdoc) {
        const container = `<!DOCTYPE html><html><head><meta charset="utf-8"><base href="${escapeAttribute(fixture.about_base_url)}"></head>`
          + `<body><iframe srcdoc="${escapeAttribute(body.toString('utf8'))}"></iframe></body></html>`;
        return route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: container });
      }
      return route.fulfill({ status: 200, headers: { 'content-type': fixture.content_type }, body });
    }
    if (mainFrameNavigation) navigations.push(request.url());
    return route.abort();
  });
  let record = null;
  await page.exposeFunction('__weburlRecord', (data) => { record ??= data; });
  await page.addInitScript(({ source, wantSrcdoc }) => {
    const isTarget = wantSrcdoc ? document.URL === 'about:srcdoc' : window === window.top;
    if (!isTarget) return;
    document.addEventListener('DOMContentLoaded', () => {
      // eslint-disable-next-line no-new-func
      const fn = new Function(`return (${source})();`);
      (wantSrcdoc ? window.top : window).__weburlRecord(fn());
    });
  }, { source: recordDocument.toString(), wantSrcdoc: srcdoc });
  await page.goto(topUrl, { waitUntil: 'load' });
  // A refresh with time 0 fires after the load event; give it a moment.
  await page.waitForTimeout(1500);
  await page.close();
  if (record === null) throw new Error(`${fixture.name}: nothing recorded`);

  // Cross-check the refresh URLs against the navigation Chromium started. (Chromium acts on
  // one refresh only: the spec says the first that parses; Chromium lets a later one with no
  // longer a delay replace it.)
  const refreshNavigation = navigations[0] ?? null;
  let refreshCheck = null;
  if (refreshNavigation !== null) {
    const index = record.links.findIndex((l) => l.element === 'meta' && l.url !== null
      && withoutFragment(l.url) === withoutFragment(refreshNavigation));
    refreshCheck = { navigation: refreshNavigation, matches_link: index >= 0 ? index : null };
    if (index < 0) console.warn(`${fixture.name}: the refresh navigation matches no refresh URL`, refreshCheck);
  }
  return {
    comment: 'Recorded from headless Chromium by record/record.mjs; do not edit. url is null where the URL parser failed.',
    fixture: fixture.file,
    document_url: fixture.url,
    content_type: fixture.content_type,
    ...(fixture.about_base_url ? { about_base_url: fixture.about_base_url } : {}),
    recorded_with: `${chromiumVersion()}, playwright-core ${playwrightVersion}`,
    dom_url: record.url,
    character_set: record.character_set,
    base_uri: record.base_uri,
    compat_mode: record.compat_mode,
    refresh_check: refreshCheck,
    links: record.links,
  };
}

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weburl-record-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});
try {
  for (const fixture of manifest.fixtures) {
    if (only.size > 0 && !only.has(fixture.name)) continue;
    const result = await recordFixture(context, fixture);
    const out = path.join(root, 'expected', `${fixture.name}.json`);
    fs.writeFileSync(out, `${JSON.stringify(result, null, 1)}\n`);
    console.log(`${fixture.name}: ${result.links.length} links, ${result.character_set}, base ${result.base_uri}`);
  }
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
