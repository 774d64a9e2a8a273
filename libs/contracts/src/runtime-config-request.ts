// Where every app reads `/runtime-config.json`, and how. Apart from its schema (runtime-config.ts) so the shell's
// entry can start the request without loading the schema's validator first.

export const RUNTIME_CONFIG_URL = '/runtime-config.json';
/** Always asked again: a redeploy changes the file under the same URL. */
export const RUNTIME_CONFIG_REQUEST = { cache: 'no-cache', headers: { Accept: 'application/json' } } as const;
