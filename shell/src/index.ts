import { RUNTIME_CONFIG_REQUEST, RUNTIME_CONFIG_URL } from '@academy/contracts';

// This module is evaluated inside the function that wraps the whole of main.js (about 580 KB). A request or timer
// started here records its JavaScript stack in a performance trace (Lighthouse's, DevTools'), and to describe that
// stack V8 parses every function on it again for its source positions: the whole file, about 110 ms at a phone's
// speed, added to main.js's evaluation on every traced load. Started from a microtask, their stack is the small
// callback alone.
const runtimeConfigResponse = new Promise<Response>((resolve) => queueMicrotask(() => resolve(fetch(RUNTIME_CONFIG_URL, RUNTIME_CONFIG_REQUEST))));

// Ask for the runtime config now, while the shared modules load, instead of after them: bootstrap reads this
// answer, so the remotes are known one round trip sooner. (The rejection, if any, is handled in bootstrap.)
runtimeConfigResponse.catch(() => undefined);

// Async boundary: shared singletons (React, router, platform) are negotiated before any of them is used. The
// first page's singletons are bundled into this file (EAGER_IN_SHELL in tools/rspack), and so is bootstrap
// ("eager" mode: its own module, evaluated after the boundary, but no file of its own to wait for). It is evaluated in
// a task of its own (after a zero timeout): evaluating the shared modules and starting the federation runtime in one
// go made one task of about 450 ms at a phone's CPU speed; in two, the browser can paint and answer input between.
// (The timer is set from a microtask too: see above.)
new Promise((resolve) => queueMicrotask(() => setTimeout(resolve, 0)))
  .then(() => import(/* webpackMode: "eager" */ './bootstrap'))
  .then(({ startShell }) => startShell(() => runtimeConfigResponse));
