import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { runtimeConfigProblems, runtimeConfigSchema, type RuntimeConfig } from '@academy/contracts';

export type { RuntimeConfig };

export const defaultSandboxUrl = 'http://localhost:8090';

/**
 * Builds the runtime config from the environment. Every field has a variable; the defaults point at the local
 * sandbox (`sandboxUrl`, itself from SANDBOX_PUBLIC_URL), so a real deployment only sets what differs.
 */
export function runtimeConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  sandboxUrl: string = env.SANDBOX_PUBLIC_URL ?? defaultSandboxUrl,
): RuntimeConfig {
  const sandbox = sandboxUrl.replace(/\/$/, '');
  const read = (name: string, fallback: string): string => {
    const value = env[name];
    return value !== undefined && value !== '' ? value : fallback;
  };
  const timeout = Number(read('REMOTE_LOAD_TIMEOUT_MS', '10000'));
  const mediaOrigins = read('MEDIA_ORIGINS', '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  // TURN_URLS (comma-separated turn:/turns: URLs) with TURN_USERNAME and TURN_PASSWORD: the relays live classes use.
  const turnUrls = read('TURN_URLS', '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  const iceServers = turnUrls.length > 0 ? [{ urls: turnUrls, ...(env.TURN_USERNAME ? { username: env.TURN_USERNAME, credential: env.TURN_PASSWORD ?? '' } : {}) }] : [];
  // The schema the browser checks it with: a bad setting stops the edge at start, naming the field.
  return runtimeConfigSchema.parse({
    apiBaseUrl: read('API_BASE_URL', '/api'),
    auth0: {
      domain: read('AUTH0_DOMAIN', sandbox),
      clientId: read('AUTH0_CLIENT_ID', 'academy-portal'),
      audience: read('AUTH_AUDIENCE', 'https://api.academy.local'),
      claimsNamespace: read('AUTH_CLAIMS_NAMESPACE', 'https://academy.example/'),
    },
    remotes: {
      learner: read('REMOTE_LEARNER_URL', '/mfe/learner/mf-manifest.json'),
      educator: read('REMOTE_EDUCATOR_URL', '/mfe/educator/mf-manifest.json'),
      info: read('REMOTE_INFO_URL', '/mfe/info/mf-manifest.json'),
    },
    remoteLoadTimeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 10000,
    razorpay: {
      keyId: read('RAZORPAY_KEY_ID', 'rzp_test_sandbox'),
      checkoutScriptUrl: read('RAZORPAY_CHECKOUT_URL', `${sandbox}/razorpay/checkout.js`),
    },
    forms: {
      newsletterUrl: read('NEWSLETTER_URL', `${sandbox}/forms/newsletter`),
      newsletterKey: read('NEWSLETTER_KEY', 'sandbox-newsletter-key'),
      contactUrl: read('CONTACT_FORM_URL', `${sandbox}/forms/contact`),
      contactFormId: read('CONTACT_FORM_ID', 'sandbox-contact-form'),
    },
    whatsappNumber: read('WHATSAPP_NUMBER', '919800000000'),
    socialLinks: {
      instagram: read('SOCIAL_INSTAGRAM_URL', 'https://www.instagram.com/'),
      youtube: read('SOCIAL_YOUTUBE_URL', 'https://www.youtube.com/'),
    },
    ...(mediaOrigins.length > 0 ? { mediaOrigins } : {}),
    ...(iceServers.length > 0 ? { iceServers } : {}),
  });
}

/**
 * Every problem of a hand-written runtime config file (the Kubernetes ConfigMap's), each naming its field; the
 * browser does not check the file, so this runs before the file is applied (`npm run check:runtime-config`).
 */
export function runtimeConfigFileProblems(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return [`cannot be read: ${error instanceof Error ? error.message : String(error)}`];
  }
  try {
    return runtimeConfigProblems(JSON.parse(text));
  } catch (error) {
    return [`is not JSON: ${error instanceof Error ? error.message : String(error)}`];
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: npm run check:runtime-config -- <runtime-config.json>...');
    process.exit(2);
  }
  let failed = false;
  for (const file of files) {
    const problems = runtimeConfigFileProblems(file);
    failed ||= problems.length > 0;
    console.log(problems.length === 0 ? `${file}: valid` : `${file}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  process.exit(failed ? 1 : 0);
}
