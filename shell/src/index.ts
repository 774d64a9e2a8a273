import { RUNTIME_CONFIG_REQUEST, RUNTIME_CONFIG_URL } from '@academy/contracts';

// Ask for the runtime config now, while the shared modules load, instead of after them: bootstrap reads this
// answer, so the remotes are known one round trip sooner. (The rejection, if any, is handled in bootstrap.)
const runtimeConfigResponse = fetch(RUNTIME_CONFIG_URL, RUNTIME_CONFIG_REQUEST);
runtimeConfigResponse.catch(() => undefined);

// Async boundary: shared singletons (React, router, platform) are negotiated before any of them is used. The
// first page's singletons are bundled into this file (EAGER_IN_SHELL in tools/rspack), and so is bootstrap
// ("eager" mode: its own module, evaluated after the boundary, but no file of its own to wait for). It is evaluated in
// a task of its own (after a zero timeout): evaluating the shared modules and starting the federation runtime in one
// go made one task of about 450 ms at a phone's CPU speed; in two, the browser can paint and answer input between.
new Promise((resolve) => setTimeout(resolve, 0))
  .then(() => import(/* webpackMode: "eager" */ './bootstrap'))
  .then(({ startShell }) => startShell(() => runtimeConfigResponse));
