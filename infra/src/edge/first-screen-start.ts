// A rendered page's scripts start after its first paint. The HTML already shows the page, so the browser's first
// bytes should go to what that paint needs (the HTML, its styles, the largest image): on a phone's slow link,
// `main.js` and the page's preloaded code and data, fetched beside them, delayed the paint by the time to download
// them. The edge holds them in an inert `<template>` (nothing in one is fetched or run) and a small inline script
// puts them in the document once the browser reports its first contentful paint.
import { createHash } from 'node:crypto';

const AFTER_FIRST_PAINT_TEMPLATE_ID = 'first-screen-after-paint';

/**
 * The inline starter. Its exact text is allowed by its hash in the CSP (FIRST_SCREEN_START_SCRIPT_HASH), so it may
 * not change without the hash, which is computed from it. It starts at once in a hidden tab (no paint comes there)
 * or a browser without paint timing, and after 1 s if no paint was reported by then. It adds the held elements one
 * per task, `main.js` first: each starts a request, about 1.7 ms each on this machine's cold cache, 25 ms for the
 * fifteen of the course list in one task, which a phone's slower core would make a long one. What `main.js` asks for
 * first (the runtime config, the manifests, the page's data: the `fetch` preloads) is added in its task: a returning
 * visitor's cache has `main.js` at hand, and it ran and asked for them before a later task added their preloads,
 * which then fetched each a second time.
 */
export const FIRST_SCREEN_START_SCRIPT = `(function () {
  var held = document.getElementById('${AFTER_FIRST_PAINT_TEMPLATE_ID}');
  if (!held) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var nodes = Array.prototype.slice.call(held.content.childNodes);
    var withMain = nodes.filter(function (node) { return node.tagName === 'SCRIPT' || node.getAttribute('as') === 'fetch'; });
    withMain.forEach(function (node) { document.head.appendChild(document.importNode(node, true)); });
    nodes = nodes.filter(function (node) { return withMain.indexOf(node) < 0; });
    (function next() {
      var node = nodes.shift();
      if (!node) return;
      document.head.appendChild(document.importNode(node, true));
      setTimeout(next, 0);
    })();
  }
  var observer = window.PerformanceObserver;
  if (document.visibilityState === 'hidden' || !observer || (observer.supportedEntryTypes || []).indexOf('paint') < 0) return start();
  new observer(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length > 0) start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 1000);
})();`;

/** The CSP source that allows FIRST_SCREEN_START_SCRIPT and no other inline script. */
export const FIRST_SCREEN_START_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_SCREEN_START_SCRIPT).digest('base64')}'`;

const HEAD_SCRIPT = /<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g;
const CODE_OR_DATA_PRELOAD = /<link\b[^>]*\brel="preload"[^>]*\bas="(?:script|fetch)"[^>]*>/g;

/**
 * The page with its head's scripts and its preloads of code and data held until the first paint. Its styles, fonts
 * and image preloads stay where they are: the paint needs them.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < 0) return html;
  const held: string[] = [];
  const head = html.slice(0, headEnd).replace(HEAD_SCRIPT, (tag) => (held.push(tag), '')).replace(CODE_OR_DATA_PRELOAD, (tag) => (held.push(tag), ''));
  if (held.length === 0) return html;
  const template = `<template id="${AFTER_FIRST_PAINT_TEMPLATE_ID}">${held.join('')}</template>`;
  const body = html.slice(headEnd, bodyEnd);
  return `${head}${template}${body}<script>${FIRST_SCREEN_START_SCRIPT}</script>${html.slice(bodyEnd)}`;
}
