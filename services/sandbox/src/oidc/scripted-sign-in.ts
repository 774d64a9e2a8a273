// The sign-in a browser running auth0-spa-js performs (authorization code + PKCE through the hosted login page),
// scripted over HTTP: the sandbox's own tests use it, and the launcher signs the demo classmates in with it.
import { createHash, randomBytes } from 'node:crypto';
import { BrowserClient } from './browser-client.js';

/** The single-page app as registered at the provider. */
export interface SpaClient {
  clientId: string;
  audience: string;
  /** The portal's origin, where the provider redirects with the code. */
  redirectUri: string;
}

export interface PkcePair {
  verifier: string;
  challenge: string;
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  scope?: string;
  expires_in: number;
  token_type: string;
}

export function makePkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The `/authorize` query auth0-spa-js sends for `loginWithRedirect` with useRefreshTokens. */
export function authorizeUrl(baseUrl: string, client: SpaClient, pkce: PkcePair, state: string, extra: Record<string, string> = {}): string {
  const url = new URL('authorize', baseUrl);
  const params = {
    client_id: client.clientId,
    scope: 'openid profile email offline_access',
    audience: client.audience,
    redirect_uri: client.redirectUri,
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
  client: SpaClient,
  pkce: PkcePair,
  state: string,
): Promise<{ uid: string; html: string }> {
  const { response } = await browser.followRedirects(await browser.request(authorizeUrl(baseUrl, client, pkce, state)));
  const match = /\/interaction\/([^/?#]+)$/.exec(new URL(response.url).pathname);
  if (response.status !== 200 || !match) {
    throw new Error(`expected the login page, got ${response.status} at ${response.url}: ${await response.text()}`);
  }
  return { uid: match[1]!, html: await response.text() };
}

/** Submits one of the interaction forms and follows the redirects back to the portal; returns the code. */
export async function submitAndCollectCode(
  browser: BrowserClient,
  client: SpaClient,
  action: string,
  form: Record<string, string>,
  expectedState: string,
): Promise<string> {
  const { response, location } = await browser.followRedirects(await browser.request(action, { form }));
  if (!location) throw new Error(`expected a redirect to the portal, got ${response.status}: ${await response.text()}`);
  const redirect = new URL(location);
  if (redirect.origin !== new URL(client.redirectUri).origin) throw new Error(`redirected to ${location}`);
  if (redirect.searchParams.get('state') !== expectedState) throw new Error(`state mismatch in ${location}`);
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

/** Calls the token endpoint the way auth0-spa-js does: form-encoded, from the portal's origin. */
export async function callTokenEndpoint(
  baseUrl: string,
  client: SpaClient,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown>; allowOrigin: string | null }> {
  const response = await fetch(new URL('oauth/token', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(client.redirectUri).origin },
    body: new URLSearchParams({ client_id: client.clientId, ...form }).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    allowOrigin: response.headers.get('access-control-allow-origin'),
  };
}

export async function exchangeCode(baseUrl: string, client: SpaClient, code: string, pkce: PkcePair): Promise<TokenResponse> {
  const { status, body } = await callTokenEndpoint(baseUrl, client, {
    grant_type: 'authorization_code',
    code,
    code_verifier: pkce.verifier,
    redirect_uri: client.redirectUri,
  });
  if (status !== 200) throw new Error(`token endpoint answered ${status}: ${JSON.stringify(body)}`);
  return body as unknown as TokenResponse;
}

/** The whole sign-in: authorize → login page → one form → consent (automatic) → code → tokens. */
export async function signInOverHttp(
  baseUrl: string,
  client: SpaClient,
  formPath: 'demo' | 'login' | 'signup',
  form: Record<string, string>,
  browser = new BrowserClient(baseUrl),
): Promise<TokenResponse> {
  const pkce = makePkcePair();
  const state = randomBytes(8).toString('hex');
  const { uid } = await openLoginPage(browser, baseUrl, client, pkce, state);
  const code = await submitAndCollectCode(browser, client, `/interaction/${uid}/${formPath}`, form, state);
  return exchangeCode(baseUrl, client, code, pkce);
}
