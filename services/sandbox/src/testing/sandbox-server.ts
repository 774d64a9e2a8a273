import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSandboxApp, type SandboxApp } from '../app.js';
import { DEFAULT_RAZORPAY_OPTIONS, type RazorpaySandboxOptions, type SandboxOptions } from '../config.js';
import { BrowserClient } from './browser-client.js';

export const TEST_PORTAL_ORIGIN = 'http://localhost:8080';
export const TEST_AUDIENCE = 'https://api.academy.local';
export const TEST_CLIENT_ID = 'academy-portal';

export interface RunningSandbox extends SandboxApp {
  baseUrl: string;
  options: SandboxOptions;
  close(): Promise<void>;
}

export async function makeTemporaryDataDir(): Promise<{ dataDir: string; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'academy-sandbox-'));
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Starts the real sandbox on a free port; the issuer is that port's URL, as SANDBOX_PUBLIC_URL would set it. */
export async function startSandbox(dataDir: string, razorpay: Partial<RazorpaySandboxOptions> = {}): Promise<RunningSandbox> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/`;
  const options: SandboxOptions = {
    publicUrl: baseUrl,
    dataDir,
    portalOrigins: [TEST_PORTAL_ORIGIN],
    clientId: TEST_CLIENT_ID,
    apiAudience: TEST_AUDIENCE,
    claimsNamespace: 'https://academy.example/',
    newsletterFormKey: 'sandbox-newsletter-key',
    contactFormId: 'sandbox-contact-form',
    // Short retry waits so a test sees the retries without waiting for them.
    razorpay: { ...DEFAULT_RAZORPAY_OPTIONS, webhookRetryDelaysMs: [50, 100], ...razorpay },
  };
  const sandbox = await createSandboxApp(options);
  server.on('request', sandbox.app);
  return {
    ...sandbox,
    baseUrl,
    options,
    close: () =>
      new Promise<void>((resolve, reject) => {
        sandbox.razorpay.webhooks.close();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface PkcePair {
  verifier: string;
  challenge: string;
}

export function makePkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The `/authorize` query auth0-spa-js sends for `loginWithRedirect` with useRefreshTokens. */
export function authorizeUrl(baseUrl: string, pkce: PkcePair, state: string, extra: Record<string, string> = {}): string {
  const url = new URL('authorize', baseUrl);
  const params = {
    client_id: TEST_CLIENT_ID,
    scope: 'openid profile email offline_access',
    audience: TEST_AUDIENCE,
    redirect_uri: TEST_PORTAL_ORIGIN,
    response_type: 'code',
    response_mode: 'query',
    state,
    nonce: randomBytes(12).toString('base64url'),
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    auth0Client: Buffer.from(JSON.stringify({ name: 'auth0-react', version: '2.27.0' })).toString('base64'),
    ...extra,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/** Opens `/authorize` and returns the interaction page it lands on. */
export async function openLoginPage(
  browser: BrowserClient,
  baseUrl: string,
  pkce: PkcePair,
  state: string,
): Promise<{ uid: string; html: string }> {
  const { response } = await browser.followRedirects(await browser.request(authorizeUrl(baseUrl, pkce, state)));
  const match = /\/interaction\/([^/?#]+)$/.exec(new URL(response.url).pathname);
  if (response.status !== 200 || !match) {
    throw new Error(`expected the login page, got ${response.status} at ${response.url}: ${await response.text()}`);
  }
  return { uid: match[1]!, html: await response.text() };
}

/** Submits one of the interaction forms and follows the redirects back to the portal; returns the code. */
export async function submitAndCollectCode(
  browser: BrowserClient,
  action: string,
  form: Record<string, string>,
  expectedState: string,
): Promise<string> {
  const { response, location } = await browser.followRedirects(await browser.request(action, { form }));
  if (!location) throw new Error(`expected a redirect to the portal, got ${response.status}: ${await response.text()}`);
  const redirect = new URL(location);
  if (redirect.origin !== TEST_PORTAL_ORIGIN) throw new Error(`redirected to ${location}`);
  if (redirect.searchParams.get('state') !== expectedState) throw new Error(`state mismatch in ${location}`);
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  scope?: string;
  expires_in: number;
  token_type: string;
}

/** Calls the token endpoint the way auth0-spa-js does: form-encoded, from the portal's origin. */
export async function callTokenEndpoint(
  baseUrl: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown>; allowOrigin: string | null }> {
  const response = await fetch(new URL('oauth/token', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PORTAL_ORIGIN },
    body: new URLSearchParams({ client_id: TEST_CLIENT_ID, ...form }).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    allowOrigin: response.headers.get('access-control-allow-origin'),
  };
}

export async function exchangeCode(baseUrl: string, code: string, pkce: PkcePair): Promise<TokenResponse> {
  const { status, body } = await callTokenEndpoint(baseUrl, {
    grant_type: 'authorization_code',
    code,
    code_verifier: pkce.verifier,
    redirect_uri: TEST_PORTAL_ORIGIN,
  });
  if (status !== 200) throw new Error(`token endpoint answered ${status}: ${JSON.stringify(body)}`);
  return body as unknown as TokenResponse;
}

/** The whole sign-in: authorize → login page → one form → consent (automatic) → code → tokens. */
export async function signIn(
  sandbox: RunningSandbox,
  formPath: 'demo' | 'login' | 'signup',
  form: Record<string, string>,
  browser = new BrowserClient(sandbox.baseUrl),
): Promise<TokenResponse> {
  const pkce = makePkcePair();
  const state = randomBytes(8).toString('hex');
  const { uid } = await openLoginPage(browser, sandbox.baseUrl, pkce, state);
  const code = await submitAndCollectCode(browser, `/interaction/${uid}/${formPath}`, form, state);
  return exchangeCode(sandbox.baseUrl, code, pkce);
}
