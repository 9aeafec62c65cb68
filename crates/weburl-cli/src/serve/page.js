// weburl serve: the live URL viewer's page. Reads the form (or the fragment), asks
// /api/inspect, renders the answer. Every value is written with textContent (never as HTML).
// The data-* attributes are the page's contract for scripts (docs/SERVE.md).
"use strict";

const $ = (id) => document.getElementById(id);
const fields = ["url", "base", "encoding", "pattern"];
const DEBOUNCE_MS = 150;
// The server refuses longer request targets (413); say so before asking.
const MAX_TARGET = 256 * 1024;
let timer = 0;
let controller = null;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "title" || k === "scope" || k === "role") node.setAttribute(k, v === true ? "" : String(v));
    else node[k] = v;
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

// The state a link gave, kept while the inputs show it: a one-line input drops newlines,
// which a link may carry (and the parser removes, which the diagram shows).
let linked = null;

function state() {
  const s = { url: $("url").value, base: $("base").value, encoding: $("encoding").value, pattern: $("pattern").value };
  const oneLine = (v) => v.replace(/[\r\n]/g, "");
  if (linked && oneLine(linked.url) === s.url && oneLine(linked.base) === s.base) {
    return { url: linked.url, base: linked.base, encoding: s.encoding, pattern: s.pattern };
  }
  return s;
}

function encodeState(s) {
  const parts = [];
  for (const k of fields) {
    if (s[k] !== "" || k === "url") parts.push(k + "=" + encodeURIComponent(s[k]));
  }
  return parts.join("&");
}

function readFragment() {
  const s = { url: "", base: "", encoding: "", pattern: "" };
  const hash = location.hash.slice(1);
  if (!hash) return null;
  for (const part of hash.split("&")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq);
    let value = part.slice(eq + 1);
    try { value = decodeURIComponent(value); } catch (e) { /* keep as written */ }
    if (key in s) s[key] = value;
  }
  return s;
}

function applyState(s) {
  linked = s;
  $("url").value = s.url;
  $("base").value = s.base;
  $("pattern").value = s.pattern;
  const select = $("encoding");
  if (s.encoding && ![...select.options].some((o) => o.value === s.encoding)) {
    select.append(el("option", { value: s.encoding }, s.encoding));
  }
  select.value = s.encoding;
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, DEBOUNCE_MS);
}

async function update() {
  const s = state();
  const fragment = "#" + encodeState(s);
  if (location.hash !== fragment) history.replaceState(null, "", fragment);
  const query = "url=" + encodeURIComponent(s.url) + "&base=" + encodeURIComponent(s.base) + "&encoding=" + encodeURIComponent(s.encoding) +
    (s.pattern ? "&pattern=" + encodeURIComponent(s.pattern) : "");
  const body = document.body;
  body.dataset.state = "loading";
  if (query.length + 20 > MAX_TARGET) {
    showStatus("This URL is too long to inspect here (the limit is 256 KiB).", true);
    body.dataset.state = "refused";
    return;
  }
  if (controller) controller.abort();
  controller = new AbortController();
  let answer;
  try {
    const response = await fetch("/api/inspect?" + query, { signal: controller.signal });
    answer = await response.json();
    if (!response.ok) {
      showStatus(answer.error || ("error " + response.status), true);
      body.dataset.state = "error";
      return;
    }
  } catch (e) {
    if (e.name === "AbortError") return;
    showStatus("The server did not answer: " + e.message, true);
    body.dataset.state = "error";
    return;
  }
  render(answer);
  body.dataset.renderedUrl = s.url;
  body.dataset.renderedBase = s.base;
  body.dataset.renderedEncoding = s.encoding;
  body.dataset.renderedPattern = s.pattern;
  body.dataset.state = "ready";
}

function showStatus(text, bad) {
  const status = $("status");
  status.textContent = text;
  status.classList.toggle("bad", !!bad);
}

function visible(text) {
  return text.replace(/ /g, "␣").replace(/\t/g, "⇥").replace(/\n/g, "↵").replace(/\r/g, "␍").replace(/[\x00-\x1f]/g, (c) => String.fromCharCode(0x2400 + c.charCodeAt(0)));
}

function segmentNode(seg, label, classes, extra) {
  // Removed bytes, and a space or control where an error is, are shown with visible symbols.
  const shown = seg.removed || (seg.errors && seg.errors.length && /^[\x00-\x20]$/.test(seg.text)) ? visible(seg.text) : seg.text;
  const title = [label, ...(seg.errors || [])].filter(Boolean).join(" · ");
  return el("span", Object.assign({ class: "seg " + classes.join(" "), title: title || null }, extra),
    el("span", { class: "t" }, shown),
    label ? el("span", { class: "l" }, label) : el("span", { class: "l", "aria-hidden": "true" }, "\u00a0"));
}

function renderInputDiagram(segments) {
  const box = $("diagram-input");
  box.replaceChildren();
  let previous = null;
  for (const seg of segments) {
    const classes = [];
    let label = "";
    if (seg.component) { classes.push("c-" + seg.component); label = seg.component === previous ? "" : seg.component; }
    else if (seg.removed) { classes.push("removed"); label = seg.removed === "dot-segment" ? "dot segment" : seg.removed === "trimmed" ? "trimmed" : "tab/newline"; }
    else classes.push("delim");
    if (seg.errors.length) classes.push("err");
    if (seg.text === "") classes.push("empty");
    previous = seg.component || null;
    box.append(segmentNode(seg, label, classes, {
      "data-segment": seg.component || (seg.removed ? "removed" : "delimiter"),
      "data-removed": seg.removed || null,
      "data-error-at": seg.errors.length ? seg.offset : null,
      "data-errors": seg.errors.length ? seg.errors.join(" ") : null,
    }));
  }
}

function renderHrefDiagram(segments) {
  const box = $("diagram-href");
  box.replaceChildren();
  if (!segments) { box.append(el("span", { class: "muted" }, "(no URL)")); return; }
  let previous = null;
  for (const seg of segments) {
    const classes = [];
    let label = "";
    if (seg.component) { classes.push("c-" + seg.component); label = seg.component === previous ? "" : seg.component; }
    else classes.push("delim");
    if (seg.encoded) classes.push("encoded");
    previous = seg.component;
    box.append(segmentNode(seg, label, classes, { "data-segment": seg.component || "delimiter", "data-encoded": seg.encoded ? "true" : null }));
  }
}

function valueCell(value, attrs) {
  if (value === null || value === undefined) return el("td", attrs, el("span", { class: "empty-value" }, "null"));
  if (value === "") return el("td", Object.assign({ class: "is-empty", title: "empty" }, attrs));
  return el("td", attrs, value);
}

const COMPONENTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

function renderComponents(url) {
  const body = $("components");
  body.replaceChildren();
  const failure = $("failure");
  if (url.failure) {
    failure.hidden = false;
    failure.replaceChildren("Failure: ", el("span", { "data-failure": "" }, url.error));
  } else {
    failure.hidden = true;
  }
  for (const name of COMPONENTS) {
    const value = url.failure ? null : url[name];
    body.append(el("tr", {}, el("th", { scope: "row" }, name), valueCell(value, { "data-component": name })));
  }
}

function renderParams(sp) {
  const body = $("params");
  body.replaceChildren();
  const pairs = sp && sp.pairs ? sp.pairs : [];
  pairs.forEach(([name, value], i) => {
    body.append(el("tr", { "data-param": i }, valueCell(name, { "data-param-name": name }), valueCell(value, { "data-param-value": name })));
  });
  $("params-empty").hidden = pairs.length > 0;
}

function renderErrors(answer) {
  const v = answer.validation;
  const validity = $("validity");
  if (v.error) { validity.textContent = v.error; return; }
  validity.replaceChildren(el("span", { class: "badge " + (v.valid ? "good" : "bad"), "data-valid": v.valid ? "true" : "false" }, v.valid ? "valid URL string" : "not a valid URL string"),
    " ", v.errors.length ? `${v.errors.length} validation error${v.errors.length === 1 ? "" : "s"}` : "no validation errors");
  const list = $("errors");
  list.replaceChildren();
  const input = answer.input;
  const bytes = new TextEncoder().encode(input);
  for (const e of v.errors) {
    const at = new TextDecoder().decode(bytes.slice(e.offset)).slice(0, 1);
    list.append(el("li", { "data-error": e.name, "data-offset": e.offset },
      el("code", {}, e.name), " ", el("span", { class: "at" }, `at byte ${e.offset}` + (at ? ` (${JSON.stringify(at)})` : " (end of input)")),
      el("br"), answer.explanations[e.name] || ""));
  }
}

function row(label, value, attr) {
  return el("tr", {}, el("th", { scope: "row" }, label), valueCell(value, { "data-host": attr }));
}

function renderHost(answer) {
  const body = $("host");
  body.replaceChildren();
  const info = answer.host_info, domain = answer.domain, host = answer.host;
  if (info.failure || !host) { body.append(el("tr", {}, el("td", { class: "muted" }, "No URL, no host."))); return; }
  body.append(row("kind", info.kind, "kind"));
  if (info.kind === null) { body.append(row("host", "(none: this URL has no host)", "none")); return; }
  body.append(row("hostname", host.hostname, "hostname"));
  if (host.unicode !== null && host.unicode !== host.hostname) body.append(row("Unicode", host.unicode, "unicode"));
  if (host.ip) {
    if (host.ip.version === 4) {
      body.append(row("IPv4 dotted", host.ip.dotted, "ipv4-dotted"), row("as a number", host.ip.decimal, "ipv4-decimal"), row("hexadecimal", host.ip.hex, "ipv4-hex"));
    } else {
      body.append(row("IPv6 compressed", host.ip.compressed, "ipv6-compressed"), row("expanded", host.ip.expanded, "ipv6-expanded"));
      if (host.ip.embedded_ipv4) body.append(row("embedded IPv4", host.ip.embedded_ipv4, "embedded-ipv4"));
    }
  }
  body.append(row("address space", info.address_space === null ? "unknown until resolved" : info.address_space, "address-space"));
  if (host.block) body.append(row("IANA block", `${host.block.prefix} — ${host.block.name} (${host.block.reference})`, "block"));
  body.append(row("public suffix", domain.public_suffix, "public-suffix"), row("registrable domain", domain.registrable_domain, "registrable-domain"), row("site", host.site, "site"));
}

function hostText(host) {
  return host === null ? "(none)" : (host === "" ? "(empty)" : host);
}

function renderEngines(engines, spark, hasBase) {
  const body = $("engines");
  body.replaceChildren();
  const summary = $("engines-summary");
  if (!engines) { summary.textContent = "The base URL does not parse."; return; }
  for (const r of engines.results) {
    body.append(el("tr", { class: "diff-" + r.difference, "data-difference": r.difference, "data-engine-row": r.engine },
      el("th", { scope: "row", class: "name" }, r.engine),
      el("td", { class: "host-cell", "data-engine-host": r.engine }, r.error ? "—" : hostText(r.host)),
      el("td", { class: "href-cell", "data-engine": r.engine }, r.error ? "error: " + r.error : r.href)));
  }
  // Spark's parse_url: the parts java.net.URI reads, as slices of the input (no base).
  body.append(el("tr", { class: "diff-" + spark.difference, "data-difference": spark.difference, "data-engine-row": "spark" },
    el("th", { scope: "row", class: "name" }, "spark", el("span", { class: "sub" }, "parse_url")),
    el("td", { class: "host-cell", "data-engine-host": "spark" }, spark.valid ? (spark.parts.HOST === null ? "NULL" : spark.parts.HOST) : "—"),
    el("td", { class: "href-cell", "data-engine": "spark" }, spark.valid ? sparkParts(spark.parts) : "error: " + spark.error)));
  const differing = engines.results.concat([spark]).filter((r) => r.difference !== "same").map((r) => `${r.engine} (${r.difference === "host" ? "another host" : r.difference === "failed" ? "fails" : r.difference === "no-base" ? "read without the base" : "another href"})`);
  summary.replaceChildren(engines.host_differs || spark.difference === "host" ? el("strong", {}, "Parser confusion: the engines read different hosts. ") : "",
    differing.length ? "Differ from the URL Standard: " + differing.join(", ") + "." : "All engines agree.",
    hasBase ? " Spark's parse_url takes no base: it reads the input alone." : "");
}

function sparkParts(parts) {
  const list = el("span", { class: "parts" });
  for (const [name, value] of Object.entries(parts)) {
    if (name === "FILE" || name === "AUTHORITY") continue;
    list.append(el("span", { class: "part" }, el("span", { class: "pn" }, name), " ",
      value === null ? el("span", { class: "empty-value", "data-spark-part": name }, "NULL") : el("span", { "data-spark-part": name }, value === "" ? "\u00a0" : value)));
  }
  return list;
}

function renderPattern(results) {
  const out = $("pattern-result");
  const body = $("groups");
  body.replaceChildren();
  $("groups-table").hidden = true;
  if (!results || !results.length) {
    out.className = "muted";
    out.replaceChildren("Type a pattern (such as ", el("code", {}, "https://*.example.com/books/:id"),
      ") to see whether the URL matches it and what each group captures; the base URL is the pattern's base too. ",
      "Several patterns, one per line: the most specific one that matches is marked.");
    return;
  }
  out.className = "";
  const badge = (r) => r.error
    ? el("span", { class: "badge bad", "data-match": "error" }, "error")
    : el("span", { class: "badge " + (r.match ? "good" : "bad"), "data-match": r.match ? "true" : "false" }, r.match ? "match" : "no match");
  const rows = results.map((r, i) => el("li", { "data-pattern-index": String(i), "data-most-specific": r.most_specific ? "true" : null },
    badge(r), " ", el("code", {}, r.pattern),
    r.most_specific && results.length > 1 ? el("span", { class: "badge good", "data-most-specific-badge": "" }, "most specific") : "",
    r.error ? el("span", {}, " The pattern does not parse: ", el("span", { "data-pattern-error": "" }, r.error)) : ""));
  const shown = results.find((r) => r.most_specific) || results[0];
  const summary = results.length === 1
    ? (shown.error ? "" : shown.match ? ` ${shown.groups.length} group${shown.groups.length === 1 ? "" : "s"} captured.` : " The URL does not match the pattern.")
    : (results.some((r) => r.most_specific) ? " The groups of the most specific match:" : " No pattern matches.");
  out.replaceChildren(el("ul", { class: "patterns" }, ...rows), summary);
  if (shown.match && shown.groups.length) {
    $("groups-table").hidden = false;
    for (const g of shown.groups) {
      body.append(el("tr", {}, el("td", { class: "name" }, g.component), el("td", { class: "mono" }, g.name),
        valueCell(g.value, { "data-group": g.name, "data-group-component": g.component })));
    }
  }
}

function renderForms(forms) {
  const body = $("forms");
  body.replaceChildren();
  for (const profile of ["spec", "dedup", "w3lib", "surt"]) {
    const answer = forms[profile];
    body.append(el("tr", {}, el("th", { scope: "row" }, profile), answer.failure
      ? el("td", { "data-form": profile, "data-failure": "" }, el("span", { class: "empty-value" }, answer.error))
      : valueCell(answer.output, { "data-form": profile })));
  }
}

function renderPolicy(policy) {
  const allowed = policy.verdict === "allowed";
  $("verdict").replaceChildren(el("span", { class: "badge " + (allowed ? "good" : "bad"), "data-verdict": policy.verdict }, policy.verdict),
    allowed ? " every rule passes (a domain still needs its addresses checked after resolution)." : ` ${policy.failed.length} rule${policy.failed.length === 1 ? "" : "s"} failed:`);
  const list = $("rules");
  list.replaceChildren();
  for (const f of policy.failed) list.append(el("li", { "data-rule": f.rule }, el("code", {}, f.rule), ": " + f.reason));
}

function render(answer) {
  renderInputDiagram(answer.diagram.input);
  renderHrefDiagram(answer.diagram.href);
  renderComponents(answer.url);
  renderParams(answer.search_params);
  renderErrors(answer);
  renderHost(answer);
  renderEngines(answer.engines, answer.spark, answer.base !== null);
  renderForms(answer.forms);
  renderPolicy(answer.policy);
  renderPattern(answer.patterns);
  const n = answer.validation.errors ? answer.validation.errors.length : 0;
  showStatus(answer.url.failure
    ? "Failure: " + answer.url.error
    : `href ${answer.url.href} — ${n} validation error${n === 1 ? "" : "s"}, policy: ${answer.policy.verdict}`, !!answer.url.failure);
}

function start() {
  const fromFragment = readFragment();
  if (fromFragment) applyState(fromFragment);
  else if (!$("url").value) $("url").value = "https://user@EXAMPLE.com:443/a/./b/../c?q=1&q=2#top";
  for (const id of fields) {
    $(id).addEventListener("input", schedule);
    $(id).addEventListener("change", schedule);
  }
  $("form").addEventListener("submit", (e) => { e.preventDefault(); update(); });
  window.addEventListener("hashchange", () => {
    const s = readFragment();
    if (s && encodeState(s) !== encodeState(state())) { applyState(s); update(); }
  });
  update();
}

start();
