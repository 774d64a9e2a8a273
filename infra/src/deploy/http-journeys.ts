import { createHash, randomBytes } from 'node:crypto';

/**
 * What a browser does against the portal, over plain HTTP: the OpenID code flow with PKCE that auth0-spa-js runs
 * against the sandbox's hosted login page, and the API calls the front end makes with the access token.
 */

/** Keeps cookies by name and follows redirects by hand, so the flow can stop at the portal's redirect URI. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  async request(url: string, init: { form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.form ? 'POST' : 'GET', headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const pair = setCookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1).trim();
      if (value) this.cookies.set(pair.slice(0, at).trim(), value);
      else this.cookies.delete(pair.slice(0, at).trim());
    }
    return response;
  }

  /** Follows redirects while they stay on `origin`; returns the last response and the first outside location. */
  async follow(first: Response, origin: string): Promise<{ response: Response; location?: string }> {
    let response = first;
    for (let hop = 0; hop < 20; hop += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response };
      const target = new URL(location, response.url || origin);
      if (target.origin !== new URL(origin).origin) return { response, location: target.href };
      await response.arrayBuffer();
      response = await this.request(target.href);
    }
    throw new Error('too many redirects');
  }
}

export interface SignInOptions {
  sandboxUrl: string;
  portalUrl: string;
  /** A demo account of the sandbox's login page, e.g. `sandbox|student-aarav`. */
  subject: string;
  clientId?: string;
  audience?: string;
}

/** authorize → hosted login page → "Sign in as" a demo account → redirect to the portal with a code → tokens. */
export async function signInWithCodeFlow(options: SignInOptions): Promise<string> {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const authorize = new URL('authorize', `${options.sandboxUrl}/`);
  const params: Record<string, string> = {
    client_id: options.clientId ?? 'academy-portal',
    scope: 'openid profile email offline_access',
    audience: options.audience ?? 'https://api.academy.local',
    redirect_uri: options.portalUrl,
    response_type: 'code',
    response_mode: 'query',
    state,
    nonce: randomBytes(12).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries(params)) authorize.searchParams.set(name, value);
  const { response: loginPage } = await jar.follow(await jar.request(authorize.href), options.sandboxUrl);
  const uid = /\/interaction\/([^/?#]+)$/.exec(new URL(loginPage.url).pathname)?.[1];
  if (loginPage.status !== 200 || !uid) throw new Error(`expected the login page, got ${loginPage.status} at ${loginPage.url}`);
  await loginPage.arrayBuffer();
  const submitted = await jar.request(new URL(`interaction/${uid}/demo`, `${options.sandboxUrl}/`).href, { form: { subject: options.subject } });
  const { response, location } = await jar.follow(submitted, options.sandboxUrl);
  if (!location) throw new Error(`expected a redirect to the portal, got ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const redirect = new URL(location);
  if (redirect.origin !== new URL(options.portalUrl).origin || redirect.searchParams.get('state') !== state) throw new Error(`bad redirect ${location}`);
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const token = await fetch(new URL('oauth/token', `${options.sandboxUrl}/`), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(options.portalUrl).origin },
    body: new URLSearchParams({ client_id: params.client_id!, grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: options.portalUrl }),
  });
  const body = (await token.json()) as { access_token?: string };
  if (token.status !== 200 || !body.access_token) throw new Error(`token endpoint answered ${token.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
  requestId: string | null;
}

/** The front end's API calls: JSON, bearer token, through the portal's entry. */
export function apiClient(portalUrl: string, token?: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const response = await fetch(`${portalUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text (an nginx error page says what went wrong)
    }
    return { status: response.status, body: parsed as T, requestId: response.headers.get('x-request-id') };
  };
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body?: unknown) => call<T>('POST', path, body),
  };
}
