// The deploy-time settings every app reads from `/runtime-config.json` (its schema: @academy/contracts).
import { RUNTIME_CONFIG_REQUEST, RUNTIME_CONFIG_URL, type RuntimeConfig } from '@academy/contracts';

export type { RemoteName, RuntimeConfig } from '@academy/contracts';
export { REMOTE_NAMES, RUNTIME_CONFIG_URL } from '@academy/contracts';

export class RuntimeConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`runtime-config.json is invalid: ${problems.join('; ')}`);
    this.name = 'RuntimeConfigError';
  }
}

/**
 * The edge checks the file against the contracts' schema, naming every bad field, before anyone reads it: it writes
 * it from its environment and stops at start on a bad setting, and `npm run check:runtime-config` checks a
 * hand-written one (the Kubernetes ConfigMap) before it is applied. So the browser refuses only what is no settings
 * object at all, and its first page carries no validator (zod/mini was 5.3 KB of it).
 */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new RuntimeConfigError(['the file must contain a JSON object']);
  }
  return input as RuntimeConfig;
}

let pendingConfig: Promise<RuntimeConfig> | undefined;

/**
 * Before any page parses with zod: its compiled parsers would need `new Function`, which the Content Security Policy
 * forbids, and even its one probe for eval files a violation report. zod keeps its settings on
 * `globalThis.__zod_globalConfig`, one object for every copy of zod on the page (each remote bundles its own), and
 * reads `jitless` there at its first parse; set there, no zod code rides on the first page. no-eval.spec.ts fails if
 * a zod upgrade stops reading it.
 */
function forbidZodEval(): void {
  const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  shared.__zod_globalConfig ??= {};
  shared.__zod_globalConfig.jitless = true;
}

/** Fetches and validates the runtime config once per page; later calls share the same promise. */
export function loadRuntimeConfig(fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<RuntimeConfig> {
  forbidZodEval();
  pendingConfig ??= fetchRuntimeConfig(fetchImpl).catch((error: unknown) => {
    pendingConfig = undefined; // let a reload or retry try again
    throw error;
  });
  return pendingConfig;
}

async function fetchRuntimeConfig(fetchImpl: typeof fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, RUNTIME_CONFIG_REQUEST);
  } catch (error) {
    throw new Error(`Could not fetch ${RUNTIME_CONFIG_URL}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (!response.ok) throw new Error(`Could not fetch ${RUNTIME_CONFIG_URL}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new Error(`${RUNTIME_CONFIG_URL} is not valid JSON`, { cause: error });
  }
  return parseRuntimeConfig(body);
}

/** Test seam: forget the cached config. */
export function resetRuntimeConfigCache(): void {
  pendingConfig = undefined;
}
