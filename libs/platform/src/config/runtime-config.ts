// The deploy-time settings every app reads from `/runtime-config.json` (its schema: @academy/contracts).
import { z } from 'zod/mini';
import { RUNTIME_CONFIG_REQUEST, RUNTIME_CONFIG_URL, runtimeConfigProblems, runtimeConfigSchema, type RuntimeConfig } from '@academy/contracts';

export type { RemoteName, RuntimeConfig } from '@academy/contracts';
export { REMOTE_NAMES, RUNTIME_CONFIG_URL } from '@academy/contracts';

export class RuntimeConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`runtime-config.json is invalid: ${problems.join('; ')}`);
    this.name = 'RuntimeConfigError';
  }
}

/**
 * Checks the parsed JSON against the contracts' schema (the edge writes it with the same one) and names every
 * missing or malformed field at once, so an operator fixes the file in one go instead of one error per reload.
 */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const problems = runtimeConfigProblems(input);
  if (problems.length > 0) throw new RuntimeConfigError(problems);
  return runtimeConfigSchema.parse(input);
}

let pendingConfig: Promise<RuntimeConfig> | undefined;

/** Fetches and validates the runtime config once per page; later calls share the same promise. */
export function loadRuntimeConfig(fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<RuntimeConfig> {
  // Before the first parse on the page: zod's compiled parsers would need `new Function`, which the Content Security
  // Policy forbids, and even its one probe for eval files a violation report. The setting is page-wide (every
  // remote's copy of zod reads it).
  z.config({ jitless: true });
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
