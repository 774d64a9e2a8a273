import { createAppConfig } from '../tools/rspack/create-app-config.mjs';

// The host: no build-time remotes; it registers them at run time from /runtime-config.json.
export default createAppConfig({ appDir: import.meta.dirname, name: 'shell', title: 'Academy' });
