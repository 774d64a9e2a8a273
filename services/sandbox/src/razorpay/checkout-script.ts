import { readFileSync } from 'node:fs';

// `public/checkout.js` sits two folders above this module, in src/ and in dist/ alike.
const CHECKOUT_SCRIPT_FILE = new URL('../../public/checkout.js', import.meta.url);
const SANDBOX_URL_PLACEHOLDER = "'__SANDBOX_URL__'";

/** The sandbox Checkout (`public/checkout.js`) with this sandbox's public URL filled in. */
export function renderCheckoutScript(sandboxBaseUrl: string): string {
  const script = readFileSync(CHECKOUT_SCRIPT_FILE, 'utf8');
  if (!script.includes(SANDBOX_URL_PLACEHOLDER)) throw new Error(`${CHECKOUT_SCRIPT_FILE.pathname} has no ${SANDBOX_URL_PLACEHOLDER} to fill in`);
  return script.replace(SANDBOX_URL_PLACEHOLDER, JSON.stringify(sandboxBaseUrl));
}
