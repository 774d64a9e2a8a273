// The deploy-time settings every app reads from `/runtime-config.json` (shape fixed in docs/DEVELOPING.md).
// Never bundled: the edge writes it from its environment, so one build runs against any tenant.

export type RemoteName = 'learner' | 'educator' | 'info';

export interface RuntimeConfig {
  apiBaseUrl: string;
  auth0: { domain: string; clientId: string; audience: string; claimsNamespace: string };
  remotes: Record<RemoteName, string>;
  remoteLoadTimeoutMs: number;
  razorpay: { keyId: string; checkoutScriptUrl: string };
  forms: { newsletterUrl: string; newsletterKey: string; contactUrl: string; contactFormId: string };
  whatsappNumber: string;
  socialLinks: { instagram: string; youtube: string };
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';
export const REMOTE_NAMES: readonly RemoteName[] = ['learner', 'educator', 'info'];

export class RuntimeConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`runtime-config.json is invalid: ${problems.join('; ')}`);
    this.name = 'RuntimeConfigError';
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the parsed JSON and names every missing or malformed field at once, so an operator fixes the file in
 * one go instead of one error per reload.
 */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const problems: string[] = [];
  const root = isObject(input) ? input : {};
  if (!isObject(input)) problems.push('the file must contain a JSON object');

  const section = (key: string): Json => {
    const value = root[key];
    if (isObject(value)) return value;
    if (isObject(input)) problems.push(`${key} must be an object`);
    return {};
  };
  const text = (owner: Json, path: string, key: string): void => {
    const value = owner[key];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${path}${key} must be a non-empty string`);
  };

  text(root, '', 'apiBaseUrl');
  const auth0 = section('auth0');
  for (const key of ['domain', 'clientId', 'audience', 'claimsNamespace']) text(auth0, 'auth0.', key);
  const remotes = section('remotes');
  for (const key of REMOTE_NAMES) text(remotes, 'remotes.', key);
  const timeout = root.remoteLoadTimeoutMs;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) {
    problems.push('remoteLoadTimeoutMs must be a positive number of milliseconds');
  }
  const razorpay = section('razorpay');
  for (const key of ['keyId', 'checkoutScriptUrl']) text(razorpay, 'razorpay.', key);
  const forms = section('forms');
  for (const key of ['newsletterUrl', 'newsletterKey', 'contactUrl', 'contactFormId']) text(forms, 'forms.', key);
  text(root, '', 'whatsappNumber');
  const socialLinks = section('socialLinks');
  for (const key of ['instagram', 'youtube']) text(socialLinks, 'socialLinks.', key);

  if (problems.length > 0) throw new RuntimeConfigError(problems);
  return input as unknown as RuntimeConfig;
}

let pendingConfig: Promise<RuntimeConfig> | undefined;

/** Fetches and validates the runtime config once per page; later calls share the same promise. */
export function loadRuntimeConfig(fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<RuntimeConfig> {
  pendingConfig ??= fetchRuntimeConfig(fetchImpl).catch((error: unknown) => {
    pendingConfig = undefined; // let a reload or retry try again
    throw error;
  });
  return pendingConfig;
}

async function fetchRuntimeConfig(fetchImpl: typeof fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
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
