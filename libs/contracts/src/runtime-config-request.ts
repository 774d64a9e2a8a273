// Where every app reads `/runtime-config.json`, and how. Apart from its schema (runtime-config.ts), which the
// edge checks the file with, so that the browser's first page carries no validator.
import type { RuntimeConfig } from './runtime-config.js';

export type RemoteName = keyof RuntimeConfig['remotes'];
export const REMOTE_NAMES: readonly RemoteName[] = ['learner', 'educator', 'info'];

export const RUNTIME_CONFIG_URL = '/runtime-config.json';
/** Always asked again: a redeploy changes the file under the same URL. */
export const RUNTIME_CONFIG_REQUEST = { cache: 'no-cache', headers: { Accept: 'application/json' } } as const;
