import { RUNTIME_CONFIG_REQUEST, RUNTIME_CONFIG_URL } from '@academy/contracts';

// Ask for the runtime config now, while the shared modules load, instead of after them: bootstrap reads this
// answer, so the remotes are known one round trip sooner. (The rejection, if any, is handled in bootstrap.)
const runtimeConfigResponse = fetch(RUNTIME_CONFIG_URL, RUNTIME_CONFIG_REQUEST);
runtimeConfigResponse.catch(() => undefined);

// Async boundary: shared singletons (React, router, platform) are negotiated before any of them is used.
import('./bootstrap').then(({ startShell }) => startShell(() => runtimeConfigResponse));
