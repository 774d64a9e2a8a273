import { RUNTIME_CONFIG_REQUEST, RUNTIME_CONFIG_URL } from '@academy/contracts';

// Ask for the runtime config now, while the shared modules load, instead of after them: bootstrap reads this
// answer, so the remotes are known one round trip sooner. (The rejection, if any, is handled in bootstrap.)
// Asked from a microtask, as is the timer below: this module is evaluated inside the function that wraps the whole
// of main.js (about 580 KB), and a request or timer started here records its JavaScript stack in a performance trace
// (Lighthouse's, DevTools'). To describe that stack V8 parses every function on it again for its source positions:
// the whole file, about 110 ms at a phone's speed, added to main.js's evaluation on every traced load. From a
// microtask, their stack is the small callback alone (page-weight.spec.ts checks it).
const runtimeConfigResponse = new Promise<Response>((resolve) => queueMicrotask(() => resolve(fetch(RUNTIME_CONFIG_URL, RUNTIME_CONFIG_REQUEST))));
runtimeConfigResponse.catch(() => undefined);

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Async boundary: shared singletons (React, router, platform) are negotiated before any of them is used. The
// first page's singletons are bundled into this file (EAGER_IN_SHELL in tools/rspack), and so is bootstrap
// ("eager" mode: its own module, evaluated after the boundary, but no file of its own to wait for). Evaluating them
// is split in tasks, so the browser can paint and answer input between: React's DOM renderer (the largest) in one,
// bootstrap and the rest in the next. In one go with the federation runtime's start it was one task of about 450 ms
// at a phone's CPU speed; bootstrap's alone was still 60–120 ms at 4× (docs/performance.md).
new Promise((resolve) => queueMicrotask(() => resolve(nextTask())))
  .then(() => import(/* webpackMode: "eager" */ 'react-dom/client'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ './bootstrap'))
  .then(({ startShell }) => startShell(() => runtimeConfigResponse));
